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
if "msgspec" not in _sys.modules and "typing_extensions" not in _sys.modules:
    _sys.modules["typing_extensions"] = None  # type: ignore[assignment]  # "import" raises ImportError
    try:
        import msgspec  # noqa: F401
    finally:
        if _sys.modules.get("typing_extensions", 0) is None:
            del _sys.modules["typing_extensions"]
