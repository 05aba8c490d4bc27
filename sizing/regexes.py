"""The engine's regular expressions, compiled once per machine instead of once per process.

Why: the reader's ~260 patterns (many built from the word lists) cost a `gpu-size` run about 70 ms to
compile, because Python's regex parser and compiler are pure Python; only the last step, turning the
compiled program into a pattern object (`_sre.compile`), is C. So the program (a list of integers, the
groups and the flags: what CPython's re/_compiler.py `compile()` hands to `_sre.compile`) is kept in a
file beside the parsed data files (sizing/tomlfiles.py's folder, GPU_SIZER_DATA_CACHE; `off`: none), and
the next process rebuilds each pattern from it with `_sre.compile` alone, at the pattern's first use
(KeptPattern). The same goes for the patterns
other modules compile with `re` itself at their import or first use (the standard library's json and
platform, Jinja's lexer and filters: about forty in a `gpu-size` run): the process-wide cache also keeps the programs of what is in `re`'s own cache at exit,
and the next process puts them back in that cache (`seed`, before msgspec or Jinja are imported), where
`re.compile` finds them as it finds a pattern compiled earlier in the same process. The file is keyed by the
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
import mmap
import os
import re
import sys
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import MappingProxyType

from . import tomlfiles

try:  # CPython's regex internals (re/_parser.py, re/_compiler.py, the _sre module)
    import _sre
    from re import _compiler, _parser
except ImportError:  # another interpreter
    _sre = _compiler = _parser = None  # type: ignore[assignment]

# The flags a program is kept for; anything else (re.DEBUG prints, re.TEMPLATE is deprecated) goes to re.
_PLAIN_FLAGS = int(re.IGNORECASE | re.LOCALE | re.MULTILINE | re.DOTALL | re.UNICODE | re.VERBOSE | re.ASCII)
# The file's layout: the marshalled (interpreter key, where each program's code words are, which programs are
# other modules' patterns, the save that last asked for each, the version of what is noted of each pattern and
# those notes, the size of the code), then the code words of every program one after the other, then _END and
# the size of the code again (a file cut short lacks them).
FORMAT = "v5"
_END = b"\0end of the kept programs\0"
# At most this many programs are kept; past it, only what the last process used. The processes that share the
# file ask for ~1,200 together (gpu-size ~1,100, gpu-log ~170, the web app all of its own): a limit under that
# had each prune the others' (gpu-log's run cost the next gpu-size run ~970 patterns compiled again).
MAX_PATTERNS = 4000
# A program no process has asked for in this many saves goes (a save is a process that compiled something
# new): the patterns of word lists since edited, which every run would otherwise read back (a development
# copy's file had grown to 8.5 MB, half of it such programs, and a gpu-size run paid for reading them all).
KEEP_SAVES = 50

# A program as kept: (flags, code as machine words, groups, groupindex, indexgroup); the words are read back
# into the list _sre.compile takes (marshal reads the reader's half a megabyte of words in half the time
# it takes to read them as a list of integers). Read from the file, the words are a view of it, mapped in
# memory (_load).
Program = tuple[int, bytes | memoryview, int, dict[str, int], tuple[str | None, ...]]

# What one other module works out of a pattern from its text and flags alone, kept beside its program so that
# the next process has it without parsing the pattern (keep_notes): the prefilter's strings, sizing/prefilter.py.
# (its version: a note made by other code is never used; the function: (pattern, flags) -> a marshallable
# value, never None)
_noter: tuple[str, Callable[[str, int], object]] | None = None


def keep_notes(version: str, work_out: Callable[[str, int], object]) -> None:
    """Keeps work_out(pattern, flags) beside each program this process hands out, for kept_note() in the next
    process; `version` names the code that works it out (a hash of its source), so an edited one starts over."""
    global _noter
    _noter = (version, work_out)


def kept_note(pattern) -> object | None:
    """What keep_notes' function worked out of `pattern` in an earlier process, or None where nothing is known
    (a pattern compiled anew, a note by another version of that code, no function registered)."""
    if type(pattern) is not KeptPattern:
        return None
    asked, _, cache = pattern._source
    return cache.note(pattern.pattern, asked)


def interpreter_key() -> tuple | None:
    """What a kept program is valid for, or None when this interpreter lacks the internals used."""
    try:
        _parser.parse, _compiler._code, _sre.compile  # noqa: B018 - only whether they exist
        return (sys.implementation.cache_tag, sys.hexversion, _sre.MAGIC, _sre.CODESIZE, sys.byteorder)
    except AttributeError:
        return None


class PatternCache:
    """Compiled programs of patterns, read from `path` at the first compile and written back by save().
    With `keeps_re_cache` (the process-wide one), save() also keeps what is in `re`'s own cache, and
    seed() puts it back there."""

    def __init__(self, path: Path | None, keeps_re_cache: bool = False):
        self.path = path
        self._key = interpreter_key() if path is not None else None
        self._keeps_re_cache = keeps_re_cache and self._key is not None and _re_cache() is not None
        self._programs: dict[tuple[str, int], Program] | None = None  # None: not read yet
        # Which of the programs were compiled by `re` itself (another module's patterns): seed() puts them
        # in re's cache.
        self._foreign: set[tuple[str, int]] = set()
        self._patterns: dict[tuple[str, int], re.Pattern] = {}  # what this process built, as re keeps its own
        # keep_notes' notes of the kept programs, marshalled: where each is in the file (its start and length in
        # _region) or, worked out here, its bytes; and the version of the code that made them (None: none kept)
        self._notes: dict[tuple[str, int], tuple[int, int] | bytes] = {}
        self._notes_by: str | None = None
        self._region: tuple[memoryview, int] | None = None  # the file's code words, and where they begin
        self._used: set[tuple[str, int]] = set()
        self._new = False
        self._checked = False  # the first program built here is checked against re.compile's
        self._lock = threading.Lock()

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern:
        """re.compile(pattern, flags), from the kept program when there is one: then a KeptPattern, which
        is rebuilt from it at its first use (below)."""
        flags = int(flags)
        if self._key is None or not isinstance(pattern, str) or flags & ~_PLAIN_FLAGS:
            return re.compile(pattern, flags)
        key = (pattern, flags)
        compiled = self._patterns.get(key)
        if compiled is not None:
            return compiled
        program = self._read().get(key)
        self._used.add(key)  # handed out: kept past the file's limit whether this process runs it or not
        if program is not None:
            try:
                compiled = self._patterns[key] = KeptPattern(pattern, flags, program, self)
                return compiled
            except (TypeError, ValueError):  # not a program (a damaged file): compiled anew below
                self._read().pop(key, None)
        compiled = self._patterns[key] = self._compile_anew(pattern, flags)
        return compiled

    def _compile_anew(self, pattern: str, flags: int) -> re.Pattern:
        """The pattern compiled in pure Python, its program kept for the next process."""
        key = (pattern, flags)
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
        with self._lock:
            self._read()[key] = program
            self._new = True
        return compiled

    def _rebuilt(self, pattern: str, flags: int, program: Program) -> re.Pattern:
        """A KeptPattern's pattern at its first use, from its program; one this interpreter does not take
        is compiled anew (and its program replaced)."""
        try:
            return _rebuild(pattern, program)
        except Exception:
            with self._lock:
                self._read().pop((pattern, flags), None)
            return self._compile_anew(pattern, flags) if self._key is not None else re.compile(pattern, flags)

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
                    loaded = self._load()
                    self._programs, self._foreign, _, self._notes_by, self._notes, self._region = loaded
        return self._programs

    def note(self, pattern: str, flags: int) -> object | None:
        """The kept note of a pattern (keep_notes), where the registered code made it; None where there is
        none or it cannot be read.

        Why each is read only when asked for: a question asks for ~500 of the ~1,100 the file holds, and
        reading them all with the file's index was ~4% of a gpu-size run (valgrind)."""
        if _noter is None or self._notes_by != _noter[0]:
            return None
        blob = self._notes.get((pattern, flags))
        if blob is None:
            return None
        try:
            return marshal.loads(_blob(blob, self._region))
        except (EOFError, ValueError, TypeError):
            self._notes.pop((pattern, flags), None)  # worked out again at exit, and kept (save)
            return None

    def _load(
        self,
    ) -> tuple[dict, set[tuple[str, int]], dict[tuple[str, int], int], str | None, dict, tuple | None]:
        """The kept programs, the other modules' among them, the save that last asked for each, the notes of
        keep_notes' code with its version, and the file's code words (where the notes are).

        Why the file is mapped rather than read: it holds every program the processes sharing it asked for
        (~5.8 MB for ~1,100), and a `gpu-size` run rebuilds ~440 of them. Read and unmarshalled, all of it
        was copied twice into memory the process had to be given page by page (~3,000 page faults, a sixth
        of a run's system time); mapped, only the index and the code words of the programs rebuilt are
        touched. The file is replaced whole, never written in place (save), so a mapping stays valid."""
        try:
            with open(self.path, "rb") as file:  # type: ignore[arg-type]
                mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            key, index, foreign, stamps, notes_by, notes, size = marshal.loads(mapped)
            if key != self._key or not isinstance(index, dict) or not isinstance(stamps, dict):
                return {}, set(), {}, None, {}, None
            if type(size) is not int:  # another layout
                return {}, set(), {}, None, {}, None
            end = len(mapped) - len(_END) - 8
            if mapped[end:] != _END + size.to_bytes(8, "little") or end < size:
                return {}, set(), {}, None, {}, None  # cut short: the code would be read from the wrong place
            view, base = memoryview(mapped), end - size
            programs = {
                k: (flags, view[base + start : base + start + length], groups, groupindex, indexgroup)
                for k, (flags, start, length, groups, groupindex, indexgroup) in index.items()
            }
            if not isinstance(notes, dict):
                notes_by, notes = None, {}
            return programs, {k for k in foreign if k in programs}, stamps, notes_by, notes, (view, base)
        except (OSError, EOFError, ValueError, TypeError):
            return (
                {},
                set(),
                {},
                None,
                {},
                None,
            )  # not written yet, or unreadable: compiled anew, written again

    def seed(self) -> None:
        """Puts the kept programs of other modules' patterns in `re`'s own cache, as compiled patterns,
        where re.compile(pattern, flags) looks first. Room is left in that cache for what is new."""
        cache = _re_cache() if self._keeps_re_cache else None
        if cache is None:
            return
        programs = self._read()
        room = re._MAXCACHE // 2 - len(cache)  # type: ignore[attr-defined]
        for pattern, flags in list(self._foreign)[: max(0, room)]:
            if (str, pattern, flags) not in cache:
                try:
                    cache[str, pattern, flags] = _rebuild(pattern, programs[pattern, flags])
                except Exception:  # a program this interpreter does not take: re compiles it as before
                    self._foreign.discard((pattern, flags))

    def _take_re_cache(self) -> None:
        """Builds the programs of the patterns in `re`'s cache that are not kept yet (other modules' own)."""
        cache = _re_cache() if self._keeps_re_cache else None
        if cache is None:
            return
        programs = self._read()
        for kind, pattern, flags in list(cache):
            key = (pattern, flags)
            if kind is not str or type(flags) is not int or flags & ~_PLAIN_FLAGS:
                continue
            self._used.add(key)
            if key in programs and key in self._foreign:
                continue
            if key not in programs:
                try:
                    program = self._build(pattern, flags)
                    # kept only when it rebuilds the very pattern re compiled (flags, groups and code)
                    if _rebuild(pattern, program) != cache[kind, pattern, flags]:
                        continue
                except Exception:  # nothing to keep: re compiles it as before
                    continue
                programs[key] = program
            self._foreign.add(key)
            self._new = True

    def _note_handed_out(self) -> None:
        """keep_notes' note of each pattern handed out whose note is not kept yet, worked out now for the next
        process (a pattern the note's code cannot work out gets none: that process works it out as before)."""
        if _noter is None or self._programs is None:
            return
        version, work_out = _noter
        with self._lock:
            if self._notes_by != version:  # none kept, or made by other code: all are worked out anew
                self._notes_by, self._notes = version, {}
            missing = [key for key in self._patterns if key not in self._notes and key in self._programs]
        for key in missing:
            try:
                note = work_out(key[0], self._programs[key][0])  # the pattern and its flags, as compiled
            except Exception:
                continue
            with contextlib.suppress(ValueError):  # a value marshal cannot write: worked out each time
                self._notes[key] = marshal.dumps(note)
                self._new = True

    def save(self) -> None:
        """Writes the programs compiled since the file was read, with those another process wrote meanwhile;
        whole or not at all. Does nothing when nothing new was compiled."""
        if self._key is None or self.path is None:
            return
        self._take_re_cache()
        self._note_handed_out()
        if not self._new:
            return
        with self._lock:
            mine = dict(self._programs or {})
            foreign = set(self._foreign)
            notes_by, region = self._notes_by, self._region
            notes = {key: _blob(blob, region) for key, blob in self._notes.items()}
            self._new = False
        kept, kept_foreign, stamps, kept_notes_by, kept_notes, kept_region = self._load()
        kept.update(mine)
        foreign |= kept_foreign
        if kept_notes_by == notes_by:  # another process's notes by the same code
            notes = {**{key: _blob(blob, kept_region) for key, blob in kept_notes.items()}, **notes}
        # Each program carries the save that last saw it asked for (a file written before stamps: all now).
        save = max(stamps.values(), default=0) + 1
        stamps.update(dict.fromkeys(self._used, save))
        kept = {key: program for key, program in kept.items() if stamps.get(key, save) > save - KEEP_SAVES}
        if len(kept) > MAX_PATTERNS:
            kept = {key: program for key, program in mine.items() if key in self._used}
        stamps = {key: stamps.get(key, save) for key in kept}
        # A folder that cannot be written leaves the patterns to be compiled again next time, nothing else.
        with contextlib.suppress(OSError, ValueError):
            code, index = bytearray(), {}
            for key, (flags, words, groups, groupindex, indexgroup) in kept.items():
                index[key] = (flags, len(code), len(words), groups, groupindex, indexgroup)
                code += words
            kept_foreign = tuple(key for key in foreign if key in kept)
            # The notes after the code words; the index's own keys, so that marshal writes each pattern's text
            # once and the notes refer to it.
            where = {}
            for key in index:
                blob = notes.get(key)
                if blob is not None:
                    where[key] = (len(code), len(blob))
                    code += blob
            notes = where
            code += _END + len(code).to_bytes(8, "little")
            header = (self._key, index, kept_foreign, stamps, notes_by, notes, len(code) - len(_END) - 8)
            blob = marshal.dumps(header) + code
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            partial.write_bytes(blob)
            os.replace(partial, self.path)  # a reader never sees half a file


class KeptPattern:
    """A pattern of a kept program, rebuilt from it (_sre.compile) the first time it is run.

    Why: a `gpu-size` run hands out ~980 kept patterns at import, but the prefilter (sizing/prefilter.py)
    lets a question run only some of them; rebuilding a program (the list of its code words, and _sre's
    check of that code) was ~12% of a run (valgrind). What the prefilter and the patterns built from others
    read (pattern, flags, groups, groupindex) is the kept program's, with no rebuild. Its first method
    looked up rebuilds it and puts the compiled pattern's own methods on this object, so every later call
    is a plain attribute and a C call, as on the pattern itself. A process that must not pay at first use
    (the web app's workers) builds them all at start: build_all(). A match's `re` is the compiled pattern,
    not this object: which pattern matched is asked with ==, not `is`."""

    def __init__(self, pattern: str, asked: int, program: Program, cache: PatternCache):
        flags, _, groups, groupindex, _ = program
        self.pattern, self.flags, self.groups = pattern, flags, groups
        self.groupindex = MappingProxyType(groupindex)
        self._source = (asked, program, cache)

    def __getattr__(self, name: str):
        # Only for a name not on the object yet: the methods, before the first use.
        if name.startswith("__") or name not in _PATTERN_METHODS:
            raise AttributeError(name)
        return getattr(self.built(), name)

    def built(self) -> re.Pattern:
        """The compiled pattern (rebuilt the first time); its methods are then this object's."""
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            asked, program, cache = self._source
            compiled = cache._rebuilt(self.pattern, asked, program)
            for method in _PATTERN_METHODS:
                setattr(self, method, getattr(compiled, method))
            self._compiled = compiled
        return compiled

    def __repr__(self) -> str:
        return repr(self.built())

    def __eq__(self, other) -> bool:
        # As re.Pattern's (the same source and flags compile to the same code), without a rebuild: a match's
        # pattern (`m.re == X`) is told from X where X never ran.
        if not isinstance(other, re.Pattern | KeptPattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self) -> int:
        return hash(self.built())


# re.Pattern's methods, as CPython 3.11 documents them (https://docs.python.org/3.11/library/re.html).
_PATTERN_METHODS = ("search", "match", "fullmatch", "split", "findall", "finditer", "sub", "subn", "scanner")


def build_all() -> int:
    """Rebuilds every kept pattern this process has handed out and not run yet; how many it rebuilt. For a
    long-lived process (bot.web, Socket Mode) at start, so that no request pays for a first use."""
    cache = _cache
    if cache is None:
        return 0
    waiting = [
        p for p in list(cache._patterns.values()) if type(p) is KeptPattern and "_compiled" not in vars(p)
    ]
    for pattern in waiting:
        pattern.built()
    return len(waiting)


def _blob(note: tuple[int, int] | bytes, region: tuple[memoryview, int] | None) -> bytes | memoryview:
    """A note's marshalled bytes: its own, or where it is in a file's code words."""
    if type(note) is not tuple:
        return note  # type: ignore[return-value]
    if region is None:
        raise ValueError("no file to read the note from")
    view, base = region
    start, length = note
    return view[base + start : base + start + length]


@cache
def _word_type() -> str:
    """The array type code of the regex engine's code words (_sre.CODESIZE bytes each)."""
    return next(code for code in "IL" if array.array(code).itemsize == _sre.CODESIZE)


def _rebuild(pattern: str, program: Program) -> re.Pattern:
    """re._compiler.compile()'s last step, on a kept program."""
    flags, words, groups, groupindex, indexgroup = program
    code = array.array(_word_type())
    code.frombytes(words)  # bytes, or a view of the mapped file
    return _sre.compile(pattern, flags, code.tolist(), groups, groupindex, indexgroup)


def _re_cache() -> dict | None:
    """re's own cache of compiled patterns, keyed (type, pattern, flags) as CPython 3.11's re/__init__.py
    _compile() keys it, or None where re keeps it otherwise (another version, another interpreter)."""
    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict) or not isinstance(getattr(re, "_MAXCACHE", None), int):
        return None
    if any(not (isinstance(k, tuple) and len(k) == 3) for k in cache):
        return None
    return cache


def cache_path() -> Path | None:
    """The file of this interpreter's programs in the data cache's folder, or None when it is off."""
    folder = tomlfiles.cache_dir()
    key = interpreter_key()
    if folder is None or key is None:
        return None
    tag, version, magic, codesize, byteorder = key
    # FORMAT in the name: a version of the project that reads another layout has a file of its own; and
    # this copy of the package's name (tomlfiles.copy_name): each copy keeps its own patterns.
    name = f"regexes-{FORMAT}-{tomlfiles.copy_name()}-{tag}-{version:x}-{magic}-{codesize}{byteorder[0]}"
    return folder / f"{name}.marshal"


_cache: PatternCache | None = None
_cache_lock = threading.Lock()


def _process_cache() -> PatternCache:
    global _cache
    if _cache is None:
        with _cache_lock:
            if _cache is None:
                _cache = PatternCache(cache_path(), keeps_re_cache=True)
                atexit.register(_cache.save)
    return _cache


def compile(pattern: str, flags: int = 0) -> re.Pattern:  # re.compile's name, on purpose
    """re.compile(pattern, flags) for the engine's own patterns, kept for the next process (above)."""
    return _process_cache().compile(pattern, flags)


def seed() -> None:
    """Other modules' patterns kept by an earlier process, put back in `re`'s cache (above): called by
    sizing/__init__.py before the libraries that compile them are imported."""
    _process_cache().seed()
