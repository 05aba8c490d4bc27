"""The engine's regular expressions, compiled once per machine instead of once per process.

Why: the reader's ~260 patterns (many built from the word lists) cost a `gpu-size` run about 70 ms to
compile, because Python's regex parser and compiler are pure Python; only the last step, turning the
compiled program into a pattern object (`_sre.compile`), is C. So the program (a list of integers, the
groups and the flags: what CPython's re/_compiler.py `compile()` hands to `_sre.compile`) is kept in a
file beside the parsed data files (sizing/tomlfiles.py's folder, GPU_SIZER_DATA_CACHE; `off`: none), and
the next process rebuilds each pattern from it with `_sre.compile` alone. The file is keyed by the
interpreter (cache tag, exact version, the regex engine's magic number and code size), so another Python
never reads it. That is CPython's private API, so it is guarded: when it is missing or behaves otherwise
(another version, another interpreter), or the file is damaged or cannot be written, patterns come from
`re.compile` as before, silently; the cache only ever saves time.
"""

from __future__ import annotations

import array
import atexit
import contextlib
import marshal
import os
import re
import sys
import threading
from functools import cache
from pathlib import Path

from . import tomlfiles

try:  # CPython's regex internals (re/_parser.py, re/_compiler.py, the _sre module)
    import _sre
    from re import _compiler, _parser
except ImportError:  # another interpreter
    _sre = _compiler = _parser = None  # type: ignore[assignment]

# The flags a program is kept for; anything else (re.DEBUG prints, re.TEMPLATE is deprecated) goes to re.
_PLAIN_FLAGS = int(re.IGNORECASE | re.LOCALE | re.MULTILINE | re.DOTALL | re.UNICODE | re.VERBOSE | re.ASCII)
# At most this many programs are kept; past it, only what the last process used (stale word lists go).
MAX_PATTERNS = 1000

# A program as kept: (flags, code as machine words, groups, groupindex, indexgroup); the words are read back
# into the list _sre.compile takes (marshal reads the reader's half a megabyte of words in half the time
# it takes to read them as a list of integers).
Program = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


def interpreter_key() -> tuple | None:
    """What a kept program is valid for, or None when this interpreter lacks the internals used."""
    try:
        _parser.parse, _compiler._code, _sre.compile  # noqa: B018 - only whether they exist
        return (sys.implementation.cache_tag, sys.hexversion, _sre.MAGIC, _sre.CODESIZE, sys.byteorder)
    except AttributeError:
        return None


class PatternCache:
    """Compiled programs of patterns, read from `path` at the first compile and written back by save()."""

    def __init__(self, path: Path | None):
        self.path = path
        self._key = interpreter_key() if path is not None else None
        self._programs: dict[tuple[str, int], Program] | None = None  # None: not read yet
        self._patterns: dict[tuple[str, int], re.Pattern] = {}  # what this process built, as re keeps its own
        self._used: set[tuple[str, int]] = set()
        self._new = False
        self._checked = False  # the first program built here is checked against re.compile's
        self._lock = threading.Lock()

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern:
        """re.compile(pattern, flags), from the kept program when there is one."""
        flags = int(flags)
        if self._key is None or not isinstance(pattern, str) or flags & ~_PLAIN_FLAGS:
            return re.compile(pattern, flags)
        key = (pattern, flags)
        compiled = self._patterns.get(key)
        if compiled is not None:
            return compiled
        programs = self._read()
        program = programs.get(key)
        if program is not None:
            try:
                compiled = self._patterns[key] = _rebuild(pattern, program)
                self._used.add(key)
                return compiled
            except Exception:  # a program this interpreter does not take: built anew below
                programs.pop(key, None)
        try:
            program = self._build(pattern, flags)
            compiled = _rebuild(pattern, program)
        except Exception:  # a pattern that is wrong raises from re.compile as it always did
            return re.compile(pattern, flags)
        if not self._checked:
            self._checked = True
            if compiled != re.compile(pattern, flags):  # the internals differ from what this file knows
                self._key = None
                return re.compile(pattern, flags)
        programs[key] = program
        self._patterns[key] = compiled
        self._used.add(key)
        self._new = True
        return compiled

    @staticmethod
    def _build(pattern: str, flags: int) -> Program:
        """What re._compiler.compile() computes before its last call, _sre.compile (CPython 3.11's
        Lib/re/_compiler.py; the first program a process builds is checked against re.compile's)."""
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        words = array.array(_word_type(), code).tobytes()
        return (flags | parsed.state.flags, words, parsed.state.groups - 1, groupindex, tuple(indexgroup))

    def _read(self) -> dict[tuple[str, int], Program]:
        if self._programs is None:
            with self._lock:
                if self._programs is None:
                    self._programs = self._load()
        return self._programs

    def _load(self) -> dict[tuple[str, int], Program]:
        try:
            key, programs = marshal.loads(self.path.read_bytes())  # type: ignore[union-attr]
        except (OSError, EOFError, ValueError, TypeError):
            return {}  # not written yet, or unreadable: compiled anew, written again
        return programs if key == self._key and isinstance(programs, dict) else {}

    def save(self) -> None:
        """Writes the programs compiled since the file was read, with those another process wrote meanwhile;
        whole or not at all. Does nothing when nothing new was compiled."""
        if not self._new or self._key is None or self.path is None:
            return
        with self._lock:
            mine = dict(self._programs or {})
            self._new = False
        kept = self._load()
        kept.update(mine)
        if len(kept) > MAX_PATTERNS:
            kept = {key: program for key, program in mine.items() if key in self._used}
        # A folder that cannot be written leaves the patterns to be compiled again next time, nothing else.
        with contextlib.suppress(OSError, ValueError):
            blob = marshal.dumps((self._key, kept))
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            partial.write_bytes(blob)
            os.replace(partial, self.path)  # a reader never sees half a file


@cache
def _word_type() -> str:
    """The array type code of the regex engine's code words (_sre.CODESIZE bytes each)."""
    return next(code for code in "IL" if array.array(code).itemsize == _sre.CODESIZE)


def _rebuild(pattern: str, program: Program) -> re.Pattern:
    """re._compiler.compile()'s last step, on a kept program."""
    flags, words, groups, groupindex, indexgroup = program
    return _sre.compile(
        pattern, flags, array.array(_word_type(), words).tolist(), groups, groupindex, indexgroup
    )


def cache_path() -> Path | None:
    """The file of this interpreter's programs in the data cache's folder, or None when it is off."""
    folder = tomlfiles.cache_dir()
    key = interpreter_key()
    if folder is None or key is None:
        return None
    tag, version, magic, codesize, byteorder = key
    return folder / f"regexes-{tag}-{version:x}-{magic}-{codesize}{byteorder[0]}.marshal"


_cache: PatternCache | None = None
_cache_lock = threading.Lock()


def compile(pattern: str, flags: int = 0) -> re.Pattern:  # re.compile's name, on purpose
    """re.compile(pattern, flags) for the engine's own patterns, kept for the next process (above)."""
    global _cache
    if _cache is None:
        with _cache_lock:
            if _cache is None:
                _cache = PatternCache(cache_path())
                atexit.register(_cache.save)
    return _cache.compile(pattern, flags)
