import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# The parsed data files and the compiled patterns (sizing/tomlfiles.py, sizing/regexes.py) are kept in a
# folder of the test run's, not the user's ~/.cache; processes the tests start inherit it. It is chosen
# before anything imports sizing (the patterns' cache is read at the first import that compiles one) and
# removed at exit, after the patterns are written (atexit runs in reverse order).
_DATA_CACHE = tempfile.mkdtemp(prefix="gpu-sizer-test-cache-")
os.environ["GPU_SIZER_DATA_CACHE"] = _DATA_CACHE
atexit.register(shutil.rmtree, _DATA_CACHE, ignore_errors=True)

from sizing.catalog import load_catalog  # noqa: E402 - after the cache folder is chosen

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
def slack(tmp_path):
    """The Slack app served on loopback with its defaults (tests/slack_harness.py); a test file that needs
    settings of its own (managers, timeouts) defines its own `slack`."""
    from tests.slack_harness import serve

    with serve(tmp_path) as harness:
        yield harness


@pytest.fixture
def priced(tmp_path, monkeypatch):
    """An offering with hourly prices, not public (shown to staff only)."""
    from tests.data_folders import with_prices

    yield from with_prices(tmp_path, monkeypatch, {None: "{ on_demand = 9.5 }"})


@pytest.fixture
def priced_two_modes(tmp_path, monkeypatch):
    """Every GPU priced on demand and reserved (R$ 10,00 and R$ 7,50 an hour), not public."""
    from tests.data_folders import with_prices

    yield from with_prices(tmp_path, monkeypatch, {None: "{ on_demand = 10.0, reserved = 7.5 }"})


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
