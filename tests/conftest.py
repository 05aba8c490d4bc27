import json
import os
import shutil
from pathlib import Path

import pytest

from sizing.catalog import load_catalog

# The project's reference data (architectures and published figures) lives in ../shared/reference; a copy of
# the figures the tests use stays in tests/fixtures so a checkout without ../shared still runs every test.
REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GIB = 2**30


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


def _load(name, fixture):
    path = REFERENCE / name
    return json.loads((path if path.exists() else FIXTURES / fixture).read_text())


@pytest.fixture(scope="session")
def reference_models():
    return {m["name"]: m for m in _load("models.json", "reference_models.json")}


@pytest.fixture(scope="session")
def published():
    return _load("published.json", "published.json")


@pytest.fixture
def priced(tmp_path, monkeypatch):
    """An offering with hourly prices, not public (shown to staff only)."""
    from sizing.catalog import DATA_DIR

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    offering = data / "offering.toml"
    offering.write_text(
        offering.read_text().replace(
            "counts = [1, 2, 4, 8]", "counts = [1, 2, 4, 8]\nprice_per_gpu_hour = { on_demand = 9.5 }"
        )
    )
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    yield
    load_catalog.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def _data_cache_of_its_own(tmp_path_factory):
    """The parsed data files' cache (sizing/tomlfiles.py) goes to a folder of the session's, not the
    user's ~/.cache; processes the tests start inherit it."""
    before = os.environ.get("GPU_SIZER_DATA_CACHE")
    os.environ["GPU_SIZER_DATA_CACHE"] = str(tmp_path_factory.mktemp("data-cache"))
    yield
    if before is None:
        os.environ.pop("GPU_SIZER_DATA_CACHE", None)
    else:
        os.environ["GPU_SIZER_DATA_CACHE"] = before


@pytest.fixture(scope="session", autouse=True)
def _no_signatures_left_in_memory():
    """The app remembers request signatures in /dev/shm (bot/log/requestlog.py): what the tests' apps left
    there goes when the session ends."""
    shm = Path("/dev/shm")
    before = set(shm.glob("gpu-sizer-*")) if shm.is_dir() else set()
    yield
    if shm.is_dir():
        for folder in set(shm.glob("gpu-sizer-*")) - before:
            shutil.rmtree(folder, ignore_errors=True)
