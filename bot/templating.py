"""Jinja's compiled code of each template, kept with the data files' parsed copies, and run without the rest
of Jinja when it is kept.

Why: a `gpu-size` answer in words renders one template, already compiled by an earlier run, yet importing
Jinja (its package's __init__ brings the lexer, parser, compiler, filters, loaders and bytecode caches, and
through them inspect, ast, tempfile, shutil, pickle, random and hashlib) was a sixth of the run: ~100 million
instructions (valgrind). Jinja's generated code needs only jinja2.runtime and an environment object to
call: `KeptTemplate` runs it with `RuntimeEnvironment`, which gives that code what Jinja's Environment gives
it. Anything it does not know (a filter or test beyond `length`, a global beyond Jinja's defaults) fails at
once, and `bot.rendering.render` then renders with Jinja's own Environment, which either renders it or says
what is wrong: the stand-in never changes an answer, at worst it is skipped.

The compiled code is written by Jinja's Environment (`KeptTemplates`, its bytecode cache), named by the
template's source, this Jinja (its package's own __init__, which holds its version) and Python, and the
syntax options: an edited template or another Jinja is compiled anew.
"""

from __future__ import annotations

import marshal
import os
import posixpath
import sys
import types
from functools import cache
from importlib.machinery import PathFinder
from pathlib import Path

import sizing
from sizing import tomlfiles

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"

# How the templates are compiled: part of the kept compiled code's key.
SYNTAX = {"trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": False, "autoescape": False}


def jinja_runtime() -> types.ModuleType:
    """jinja2.runtime, with the package's __init__ left for a process that takes a name from it."""
    sizing.import_later("jinja2")
    # jinja2.nodes and jinja2.async_utils import inspect for two functions, one for the compiler's constant
    # folding and one for async rendering: a kept template's run calls neither (inspect was ~17 million
    # instructions of a gpu-size run, valgrind).
    sizing.import_later("inspect")
    __import__("jinja2.runtime")
    return sys.modules["jinja2.runtime"]


@cache
def jinja_key() -> str:
    """This Jinja, by its package's __init__ (where its version is): the kept code of another one is not
    used."""
    spec = PathFinder.find_spec("jinja2")
    if spec is None or spec.origin is None:
        raise ImportError("jinja2 is not installed")
    return tomlfiles.content_key(Path(spec.origin).read_bytes())


def template_filename(name: str) -> str:
    """The file name Jinja's FileSystemLoader gives the template (jinja2/loaders.py, 3.1): part of the key,
    so that both ways to the kept code agree on it."""
    return os.path.normpath(posixpath.join(str(TEMPLATES), *name.split("/")))


def cache_key(name: str, filename: str | None) -> str:
    salt = f"{jinja_key()}|{sys.implementation.cache_tag}|{sorted(SYNTAX.items())}"
    return tomlfiles.content_key(f"{name}|{filename}|{salt}".encode())


def source_key(source: str) -> str:
    return tomlfiles.content_key(source.encode())


def kept_file(folder: Path, key: str, checksum: str) -> Path:
    return folder / f"template-{key}-{checksum}-{tomlfiles.VERSION}.marshal"


@cache
def direct_call_context(runtime: types.ModuleType) -> type:
    """Jinja's Context, calling a plain Python function straight away.

    Why: the Block Kit answer calls its helpers (t, gb, num, tokens, setup, bar) ~30 times, and each call
    through Jinja's Context.call looks up `__call__` and `jinja_pass_arg` on the callable (a bound method
    made and dropped each time) before calling it: ~20 of the ~240 us of bot.blocks.answer over the fresh
    level's questions (bench/web.py). A function has no `__call__` of its own that Jinja would honour, so
    only its own `jinja_pass_arg` (pass_context and its kind, jinja2/utils.py) can change the call: with
    it, and for anything else (macros, classes, builtins), Jinja's own call runs."""
    base = runtime.Context
    function = types.FunctionType

    class DirectCallContext(base):
        def call(__self, __obj, *args, **kwargs):
            if type(__obj) is not function or hasattr(__obj, "jinja_pass_arg"):
                return base.call(__self, __obj, *args, **kwargs)
            if kwargs:  # the compiler passes a loop's and a block's variables for pass_context callables
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:  # as Jinja's call says it
                return __self.environment.undefined(
                    "value was undefined because a callable raised a StopIteration exception"
                )

    return DirectCallContext


@cache
def kept_templates_class() -> type:
    """KeptTemplates, made on first use: its base class is Jinja's (jinja2.bccache, which a kept template's
    run does without)."""
    from jinja2 import BytecodeCache

    class KeptTemplates(BytecodeCache):
        """Jinja's compiled code of each template, kept in the data cache's folder (GPU_SIZER_DATA_CACHE):
        see kept_path for its name.

        Why not Jinja's FileSystemBytecodeCache: it unpickles a header and hashes the name and the source
        with sha1 for every template, and finds its folder through tempfile; this reads the code alone,
        from the folder the engine keeps its own in, and GPU_SIZER_DATA_CACHE=off switches both off.
        Written whole or not at all (tomlfiles.keep); a file that cannot be read is compiled anew, as
        without a cache."""

        def __init__(self, folder: Path):
            self.folder = folder

        def get_cache_key(self, name: str, filename: str | None = None) -> str:
            return cache_key(name, filename)

        def get_source_checksum(self, source: str) -> str:
            return source_key(source)

        def _path(self, bucket) -> Path:
            return kept_file(self.folder, bucket.key, bucket.checksum)

        def load_bytecode(self, bucket) -> None:
            code = read_code(self._path(bucket))
            if code is not None:
                bucket.code = code

        def dump_bytecode(self, bucket) -> None:
            tomlfiles.keep(self._path(bucket), marshal.dumps(bucket.code))

    return KeptTemplates


def read_code(path: Path) -> types.CodeType | None:
    try:
        code = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None  # not kept yet, or unreadable: Jinja compiles it, then keeps it
    return code if isinstance(code, types.CodeType) else None


class RuntimeEnvironment:
    """What the code Jinja 3.1's compiler generates takes from its environment at render time (jinja2/
    compiler.py, runtime.py), for templates compiled with SYNTAX and StrictUndefined, as Jinja documents
    it (https://jinja.palletsprojects.com/en/3.1.x/templates/#variables: `foo.bar` is the attribute, else
    the item, else undefined; `foo['bar']` the item first)."""

    is_async = False
    autoescape = SYNTAX["autoescape"]
    finalize = None
    sandboxed = False

    def __init__(self, runtime: types.ModuleType):
        utils = sys.modules["jinja2.utils"]  # imported by jinja2.runtime
        self.undefined = runtime.StrictUndefined  # a missing value is a bug to see (bot/rendering.py)
        self.context_class = direct_call_context(runtime)
        self.concat = runtime.concat
        # Jinja's built-in filters and tests are not here beyond `length` (Python's len, as Jinja's): a
        # template with another fails to render here and is rendered by Jinja's Environment instead.
        self.filters = {"length": len}
        self.tests: dict = {}
        # Jinja's global functions (https://jinja.palletsprojects.com/en/3.1.x/templates/#list-of-global-functions)
        self.globals = {
            "range": range,
            "dict": dict,
            "lipsum": utils.generate_lorem_ipsum,
            "cycler": utils.Cycler,
            "joiner": utils.Joiner,
            "namespace": utils.Namespace,
        }

    def getattr(self, obj, attribute: str):
        try:
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj, argument):
        try:
            return obj[argument]
        except (TypeError, LookupError, AttributeError):
            if isinstance(argument, str):
                try:
                    return getattr(obj, argument)
                except AttributeError:
                    pass
            return self.undefined(obj=obj, name=argument)


class KeptTemplate:
    """A template from its kept compiled code, run with jinja2.runtime and RuntimeEnvironment."""

    def __init__(self, name: str, code: types.CodeType):
        runtime = jinja_runtime()
        self.environment = environment = RuntimeEnvironment(runtime)
        namespace = {"environment": environment, "__file__": code.co_filename}
        exec(code, namespace)  # Jinja's generated module: defines root, blocks and debug_info
        self.name, self._root, self._blocks = name, namespace["root"], namespace["blocks"]
        self._new_context = runtime.new_context

    def render(self, values: dict) -> str:
        env = self.environment
        context = self._new_context(env, self.name, self._blocks, values, False, env.globals, None)
        return env.concat(self._root(context))


def kept_template(name: str) -> KeptTemplate | None:
    """The template `name` from the code an earlier process kept, or None (not kept, the cache is off, or
    this Jinja is not the one that compiled it)."""
    folder = tomlfiles.cache_dir()
    if folder is None:
        return None
    try:
        source = (TEMPLATES / name).read_bytes().decode("utf-8")
        code = read_code(kept_file(folder, cache_key(name, template_filename(name)), source_key(source)))
        return KeptTemplate(name, code) if code is not None else None
    except (OSError, ImportError, UnicodeDecodeError):
        return None
