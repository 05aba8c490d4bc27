"""gpu-sizer's engine: memory arithmetic for serving, fine-tuning and training LLMs, and GPU advice.

Pure functions over the data files in sizing/data: no Slack, no network, no database.
"""

import sys as _sys

from . import regexes as _regexes

# Startup time: the patterns other modules compile with `re` (platform's, imported by msgspec; Jinja's; json's)
# come from the programs an earlier process kept, put in re's cache before those modules are imported
# (sizing/regexes.py: Python's regex compiler is pure Python).
_regexes.seed()


# Startup time: msgspec (the engine's structs) imports typing_extensions when it is installed (pydantic
# installs it) and falls back to the standard typing module, which on Python 3.11 has everything msgspec
# takes from it (get_type_hints with extras, Required, NotRequired). typing_extensions is a sixth of a
# gpu-size run (~40 ms); it stays importable for whoever else needs it.
def import_without(module: str, optional: str) -> None:
    """Imports `module` as if `optional` (a module it can do without) were not installed; `optional` stays
    importable for whoever else needs it. Nothing when either is imported already."""
    if module in _sys.modules or optional in _sys.modules:
        return
    _sys.modules[optional] = None  # type: ignore[assignment]  # "import optional" raises ImportError
    try:
        __import__(module)
    finally:
        if _sys.modules.get(optional, 0) is None:
            del _sys.modules[optional]


import_without("msgspec", "typing_extensions")
