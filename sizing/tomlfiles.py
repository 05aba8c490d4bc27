"""The data files as Python reads them: each TOML file is parsed once per content and the result kept,
marshalled, in a cache folder, because Python's TOML parser is pure Python and the data files are read by
every process that answers (a `gpu-size` run parsed them for about a tenth of its time).

The cache is keyed by the file's content (a hash of its bytes) and the Python version, so an edited data
file is always read anew; it is only a copy: when the folder cannot be written or read, the file is parsed
as before. GPU_SIZER_DATA_CACHE names the folder (`off`: no cache); the default is
$XDG_CACHE_HOME/gpu-sizer/data (~/.cache/gpu-sizer/data).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path

try:  # CPython's hash of a source file's bytes, which checks hash-based .pyc files against it (PEP 552)
    from _imp import source_hash as _source_hash
except ImportError:  # another interpreter: content_key falls back to blake2b
    _source_hash = None

# The key _source_hash is given (any fixed number: SipHash's key; CPython gives its .pyc magic number).
_HASH_KEY = int.from_bytes(b"gpusizer", "little")

# What a data file that cannot be read as TOML raises: tomllib.TOMLDecodeError and UnicodeDecodeError are
# both ValueErrors. Callers catch this name, so that tomllib (whose import compiles its own patterns) is
# imported only when a file is parsed.
ParseError = ValueError

VERSION = f"py{sys.version_info[0]}{sys.version_info[1]}-m{marshal.version}"


def cache_dir() -> Path | None:
    chosen = os.environ.get("GPU_SIZER_DATA_CACHE", "").strip()
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gpu-sizer" / "data"


def content_key(data: bytes) -> str:
    """16 hex digits that change with `data`: what a file kept in the cache is named by.

    Why this hash: the data files a run reads (1.2 MB: the catalogue's and the word lists') were hashed
    with blake2b for their kept copies' names, 16 million instructions of a `gpu-size` run (valgrind);
    SipHash-1-3, which Python itself trusts to tell a changed source file from its .pyc, is about a fifth of
    that, and 64 bits are plenty to tell an edited file from the one kept (no one is forging data files)."""
    if _source_hash is not None:
        return _source_hash(_HASH_KEY, data).hex()
    try:  # hashlib's blake2b is this one; importing hashlib also loads OpenSSL
        from _blake2 import blake2b
    except ImportError:  # a Python built without it
        from hashlib import blake2b
    return blake2b(data, digest_size=8).hexdigest()


def files_key(paths, *also: str) -> str | None:
    """content_key of several files (their names and bytes) and of the strings `also` (a library's version),
    for what is built from them and kept; None when one cannot be read (then it is built each time, and any
    error said as without a cache)."""
    parts = list(also)
    try:
        for path in paths:
            content = Path(path).read_bytes()
            parts.append(f"{Path(path).name}\0{len(content)}\0{content_key(content)}")
    except OSError:
        return None
    return content_key("\0".join(parts).encode())


def code_key(sources) -> str | None:
    """A key of the source files of the code that works a kept value out, by what Python itself checks a
    module's .pyc against (its size and modification time; and the time of its last change of any kind, which
    no copy keeps): an edited module changes it. None when one cannot be read.

    Why not their bytes: the reader's source is ~700 KB, and reading and hashing it was ~1 ms of every
    gpu-size run, for the names indexes kept beside the catalogue (sizing/catalog.py kept_index)."""
    parts = []
    try:
        for path in sources:
            seen = os.stat(path)
            parts.append(f"{Path(path).name}\0{seen.st_size}\0{seen.st_mtime_ns}\0{seen.st_ctime_ns}")
    except OSError:
        return None
    return content_key("\0".join(parts).encode())


def kept(name: str, paths, sources, build):
    """build(): a value worked out from data files alone (`paths`) by the code of the modules `sources`, from
    the data cache where an earlier process worked it out from the same files and code. It must be a value
    marshal writes; it is worked out each time with the cache off or a file unreadable."""
    folder = cache_dir()
    data = files_key(paths) if folder is not None else None
    code = code_key(sources) if data is not None else None
    if code is None:
        return build()
    key = content_key(f"{data}\0{code}".encode())
    return kept_value(folder / f"{name}-{key}-{VERSION}.marshal", build)


def kept_value(path: Path, build):
    """build(), from the file `path` of the data cache when it was kept there, else worked out and kept."""
    try:
        return marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        pass  # not kept yet, or unreadable: worked out below
    value = build()
    with contextlib.suppress(ValueError):  # a value marshal cannot write: worked out each time
        keep(path, marshal.dumps(value))
    return value


def copy_name() -> str:
    """A short name of this copy of the package (a hash of its folder), for the files kept per copy: the
    compiled patterns and the word-list groups (sizing/regexes.py, sizing/vocabulary.py). Copies with other
    word lists on one machine (a developer's checkouts side by side, the releases before and after a deploy)
    each keep their own, where sharing one file had each copy prune the others' patterns past the file's
    limit, and every run then compiled hundreds of them again."""
    return content_key(str(Path(__file__).resolve().parent).encode())[:8]


def load(path: Path) -> dict:
    """tomllib.load(path), from the cache when this content was parsed before. Raises OSError when the file
    cannot be read and ParseError when it is not TOML."""
    raw = Path(path).read_bytes()
    folder = cache_dir()
    if folder is None:
        return _parse(raw)
    kept = folder / f"{Path(path).stem}-{content_key(raw)}-{VERSION}.marshal"
    try:
        return marshal.loads(kept.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        pass  # not kept yet, or unreadable: parse it
    parsed = _parse(raw)
    with contextlib.suppress(ValueError):  # a value marshal cannot hold (a TOML date): parsed each time
        keep(kept, marshal.dumps(parsed))
    return parsed


def _parse(raw: bytes) -> dict:
    import tomllib

    return tomllib.loads(raw.decode())


def keep(kept: Path, blob: bytes) -> None:
    """Writes `blob` to the cache file `kept`, whole or not at all."""
    # A folder that cannot be written leaves it uncached: parsed or built again next time, nothing else.
    with contextlib.suppress(OSError):
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        partial.write_bytes(blob)
        os.replace(partial, kept)  # whole or absent: a reader never sees half a file
