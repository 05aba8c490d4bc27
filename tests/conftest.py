import json
from pathlib import Path

import pytest

from sizing.catalog import load_catalog

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"
GIB = 2**30


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


def _load(name):
    path = REFERENCE / name
    if not path.exists():
        pytest.skip(f"../shared/reference/{name} is not present in this checkout")
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def reference_models():
    return {m["name"]: m for m in _load("models.json")}


@pytest.fixture(scope="session")
def published():
    return _load("published.json")
