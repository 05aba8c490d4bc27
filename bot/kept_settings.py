"""The settings gpu-size reads for the Hub (bot/settings.py), kept in the data cache once validated.

Why: validating them means importing pydantic and pydantic-settings, ~700 million instructions (valgrind):
a `gpu-size` question that names a Hub repo ("acme-labs/fancy-model-13b 8k") cost about 2.5 times a
question about a catalogued model, most of it that import. The settings come from the environment alone
(no .env file), so the outcome of validating them (the Hub's five values, or the sentence saying what is
wrong) is kept, named by every variable the settings may read (SLACK_* and GPU_SIZER_*, any case, by a
hash of their names and values: no value is written) and by the code that validates them (bot/settings.py,
pydantic's and pydantic-settings' own): another environment or code validates anew. Secrets are never kept:
only the Hub's values and the sentence, which names a variable, never its value.
"""

from __future__ import annotations

import os
from importlib.machinery import PathFinder
from pathlib import Path
from types import SimpleNamespace

from sizing import tomlfiles

HUB_FIELDS = ("hub_enabled", "hub_budget_s", "hub_timeout_s", "hub_cache_dir", "hub_cache_days")
# What every variable the settings read begins with (bot/settings.py's validation aliases).
PREFIXES = ("SLACK_", "GPU_SIZER_")


def hub_settings() -> tuple[SimpleNamespace | None, str | None]:
    """(the Hub's settings, None), or (None, the sentence load_settings raised) for an environment it refuses."""
    folder = tomlfiles.cache_dir()
    key = _key() if folder is not None else None
    if key is None:
        fields, error = _validated()
    else:
        fields, error = tomlfiles.kept_value(
            folder / f"settings-{key}-{tomlfiles.VERSION}.marshal", _validated
        )
    if error is not None:
        return None, error
    values = dict(zip(HUB_FIELDS, fields, strict=True))
    if values["hub_cache_dir"] is not None:
        values["hub_cache_dir"] = Path(values["hub_cache_dir"])
    return SimpleNamespace(**values), None


def _validated() -> tuple[tuple | None, str | None]:
    from .settings import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as e:
        return None, str(e)
    values = [getattr(settings, field) for field in HUB_FIELDS]
    return tuple(str(v) if isinstance(v, Path) else v for v in values), None


def _key() -> str | None:
    """A key of the environment the settings read and of the code that validates it; None where that code
    cannot be found (then it is validated each time)."""
    read = sorted(
        f"{name.upper()}={value}" for name, value in os.environ.items() if name.upper().startswith(PREFIXES)
    )
    sources = [Path(__file__).with_name("settings.py")]
    for package in ("pydantic", "pydantic_settings", "pydantic_core"):
        spec = PathFinder.find_spec(package)
        if spec is None or spec.origin is None:
            return None
        sources.append(Path(spec.origin))  # each package's __init__, where its version is
    code = tomlfiles.code_key(sources)
    return tomlfiles.content_key("\0".join([code, *read]).encode()) if code is not None else None
