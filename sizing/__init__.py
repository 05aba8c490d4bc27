"""gpu-sizer's engine: memory arithmetic for serving, fine-tuning and training LLMs, and GPU advice.

Pure functions over the data files in sizing/data: no Slack, no network, no database.
"""

import _imp
import sys as _sys
import threading as _threading
import types as _types
from importlib.machinery import PathFinder as _PathFinder


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


class _Later(_types.ModuleType):
    """A module imported but not run yet: the first name taken from it that it lacks (its functions and
    classes: it has only what the import system reads, __spec__, __path__, __file__) runs the module's own code
    in this very object, which from then on is that module, as if it had been imported in the usual way.
    A package's submodules import as usual meanwhile."""

    def __getattr__(self, name: str):
        _run(self)
        return _types.ModuleType.__getattribute__(self, name)


def _run(module: _types.ModuleType) -> None:
    with _LATER_LOCK:
        if type(module) is _Later:
            module.__class__ = _types.ModuleType  # a plain module from now on, while its code fills it
            module.__spec__.loader.exec_module(module)  # type: ignore[union-attr]


def run_set_aside() -> int:
    """Runs every module import_later set aside that nothing has used yet; how many. For a long-lived
    process (the Slack app) at start, so that no request pays for a first use."""
    waiting = [m for m in list(_sys.modules.values()) if type(m) is _Later]
    for module in waiting:
        _run(module)
    return len(waiting)


_LATER_LOCK = _threading.RLock()


def import_later(name: str) -> None:
    """Puts module `name` in sys.modules so that importing it costs nothing until something is taken from
    it (_Later). For modules that a library imports at its own import for a function or two that a short
    run may never call. A submodule's package need not be imported yet. Nothing when the module is imported
    already or cannot be found."""
    if name in _sys.modules or _imp.is_builtin(name) or _imp.is_frozen(name):
        return
    parent, _, _ = name.rpartition(".")
    where = None
    if parent:
        package = _PathFinder.find_spec(parent) if "." not in parent else None
        if package is None or not package.submodule_search_locations:
            return
        where = list(package.submodule_search_locations)
    spec = _PathFinder.find_spec(name, where)
    if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
        return
    module = _Later(name)
    module.__spec__, module.__loader__, module.__file__ = spec, spec.loader, spec.origin
    module.__package__ = name if spec.submodule_search_locations is not None else parent
    if spec.submodule_search_locations is not None:
        module.__path__ = list(spec.submodule_search_locations)
    if spec.cached:
        module.__cached__ = spec.cached
    _sys.modules.setdefault(name, module)


# Startup time: urllib.parse (imported by pathlib, which the engine reads its files with) imports ipaddress
# to check a URL's [IPv6] host, and ipaddress builds ~50 networks at its import; it is run when first used.
import_later("ipaddress")

from . import regexes as _regexes  # noqa: E402 - after ipaddress is set aside: it imports pathlib

# Startup time: the patterns other modules compile with `re` (platform's, imported by msgspec; Jinja's; json's)
# come from the programs an earlier process kept, put in re's cache before those modules are imported
# (sizing/regexes.py: Python's regex compiler is pure Python).
_regexes.seed()

# Startup time: msgspec's package imports msgspec.inspect (about forty Struct classes describing types, for
# msgspec.json.schema and the like, which the engine never asks for); it is run when first used.
import_later("msgspec.inspect")
import_without("msgspec", "typing_extensions")
