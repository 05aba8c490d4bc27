"""Local files that keep the bot's promises while the request log's database cannot.

Spool: what is waiting for the database (request rows, audit rows, leads), in a JSON-lines file that
survives a restart. The request log writes to it only when the database refused a write or the process
is stopping with rows left, so a healthy database costs nothing here. Each process has its own file and
holds an advisory lock (flock) on it while it lives; a file whose lock can be taken belongs to a process
that has gone, and the next process to start adopts it: its items go first in that process's queue.
Replaying an item is harmless (the request log writes each one at most once: see requestlog.py).

Claims: "first time?" answers shared by every process on the machine (gunicorn's workers) that do not
depend on the database: one empty file per key, created with O_EXCL (atomic), in a folder per time
bucket (split in 256 by the key's hash); buckets older than what must be remembered are removed whole. Used to answer a Slack retry of an
event, and a replayed signed request, once.

Files are created readable by this user only (0600, folders 0700): they hold what people typed.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import threading
import time
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)


def private_folder(path: Path) -> Path:
    """The folder, created 0700 if missing, and so are its missing parents (mkdir(parents=True) would
    give those the default permissions)."""
    missing = []
    folder = path
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=0o700)
    return path


# The fields of a spooled item that name a person: a request's or a lead's asker, a note's writer, an
# audit row's actor, a lead's owner.
PERSON_FIELDS = ("user_id", "by", "actor", "owner")


def waiting_about(directory: str | Path, user_id: str, prefix: str = "pending") -> int:
    """How many items in the spool folder's files name this person: rows a process could not write yet
    (the file locked, read-only or gone), which reach the log later. Forgetting someone cannot reach them
    there (a live process owns its file), so it says how many wait. Reads only; 0 for no folder."""
    count = 0
    try:
        paths = sorted(Path(directory).glob(f"{prefix}-*.jsonl"))
    except OSError:
        return 0
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:  # removed by its process meanwhile, or unreadable
            continue
        for line in data.splitlines():
            try:
                item = json.loads(line)
            except ValueError:  # a line torn by a crash mid-write
                continue
            if isinstance(item, dict) and any(item.get(f) == user_id for f in PERSON_FIELDS):
                count += 1
    return count


class Spool:
    def __init__(self, directory: str | Path, prefix: str = "pending") -> None:
        self.directory = Path(directory)
        self.prefix = prefix
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._path: Path | None = None
        self._size = 0  # bytes in our file
        self._warned = False

    @property
    def path(self) -> Path | None:
        return self._path

    def append(self, items: Iterable[dict[str, Any]]) -> bool:
        """Adds the items to this process's file and syncs it to disk; False when that failed (the
        folder unwritable, the disk full), with a warning once."""
        data = "".join(json.dumps(item, ensure_ascii=False, default=str) + "\n" for item in items)
        if not data:
            return True
        encoded = data.encode("utf-8", "replace")
        with self._lock:
            try:
                fd = self._open()
                view = memoryview(encoded)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                os.fsync(fd)
                self._size += len(encoded)
                self._warned = False
                return True
            except OSError as error:
                if self._fd is not None and self._size:
                    # A torn line at the end is skipped when read back; cut it now if we can.
                    with contextlib.suppress(OSError):
                        os.ftruncate(self._fd, self._size)
                if not self._warned:
                    self._warned = True
                    logger.warning("spool %s cannot be written (%s)", self.directory, error.strerror or error)
                return False

    def clear(self) -> None:
        """Everything in this process's file has reached the database."""
        with self._lock:
            if self._fd is not None and self._size:
                try:
                    os.ftruncate(self._fd, 0)
                    os.fsync(self._fd)
                    self._size = 0
                except OSError as error:
                    logger.warning("spool %s cannot be emptied (%s)", self.directory, error.strerror or error)

    @property
    def empty(self) -> bool:
        return self._size == 0

    def close(self) -> None:
        """Releases this process's file: removed when empty, left for the next process otherwise."""
        with self._lock:
            if self._fd is None:
                return
            if self._size == 0 and self._path is not None:
                with contextlib.suppress(OSError):
                    self._path.unlink()
            with contextlib.suppress(OSError):
                os.close(self._fd)  # releases the lock
            self._fd, self._path = None, None

    def adopt(self) -> list[dict[str, Any]]:
        """The items of files left by processes that have gone, oldest file first. They are copied into
        this process's file before theirs is removed, so a crash in between loses nothing (at worst an
        item is replayed, which is harmless)."""
        items: list[dict[str, Any]] = []
        try:
            candidates = sorted(self.directory.glob(f"{self.prefix}-*.jsonl"), key=_mtime)
        except OSError:
            return items
        for path in candidates:
            if path == self._path:
                continue
            taken = self._take(path)
            if taken is None:
                continue
            fd, found = taken
            try:
                if found and not self.append(found):
                    continue  # keep their file: nowhere safer to put its items
                items.extend(found)
                with contextlib.suppress(OSError):
                    path.unlink()
            finally:
                os.close(fd)
        if items:
            logger.warning(
                "spool %s: %d items left by a stopped process will be written", self.directory, len(items)
            )
        return items

    def _take(self, path: Path) -> tuple[int, list[dict[str, Any]]] | None:
        fd = _lock_if_let_go(path)
        if fd is None:
            return None
        try:
            # Another process may have adopted and removed it between our open and our lock.
            if os.fstat(fd).st_ino != os.stat(path).st_ino:
                raise FileNotFoundError(path)
            with os.fdopen(os.dup(fd), "rb") as file:
                data = file.read()
        except OSError:  # gone, or unreadable
            os.close(fd)
            return None
        found = []
        for line in data.splitlines():
            try:
                item = json.loads(line)
            except ValueError:  # a line torn by a crash mid-write
                continue
            if isinstance(item, dict):
                found.append(item)
        return fd, found

    def _open(self) -> int:
        if self._fd is None:
            private_folder(self.directory)
            path = self.directory / f"{self.prefix}-{os.getpid()}-{uuid.uuid4().hex[:8]}.jsonl"
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            sync_folder(self.directory)
            self._fd, self._path, self._size = fd, path, 0
        return self._fd


# What a held claim's file holds once its work is done; empty while it is being done.
DONE = b"done"


class Claims:
    """One-time claims of keys, shared by the processes using the same folder."""

    def __init__(self, directory: str | Path, bucket_seconds: int, keep_seconds: int) -> None:
        self.directory = Path(directory)
        self.bucket_seconds = bucket_seconds
        self.keep_seconds = keep_seconds
        self._pruned_bucket: int | None = None
        self._warned = False
        self._held: dict[str, int] = {}  # key -> the locked file descriptor of a claim held until done()
        self._held_lock = threading.Lock()

    def claim(self, key: str, at: float | None = None, *, hold: bool = False) -> bool | None:
        """True the first time `key` is claimed, False after; None when the folder cannot be used (the
        caller decides). `at` (a Unix time the key carries, such as a request's timestamp) picks the
        bucket, so a repeat of the key always lands in the same one.

        With `hold`, the claim is a promise to finish some work: the claiming process keeps the file
        locked (flock) until `done(key)`. A process that dies first (killed, out of memory) loses the lock
        with its file descriptors, and the next claim of the key takes the work over (True) instead of
        dropping it: Slack retries an event it got no acknowledgement for, and that retry must be
        answered when the first delivery died before answering."""
        moment = time.time() if at is None else at
        bucket = int(moment // self.bucket_seconds)
        folder, path = self._where(key, bucket)
        for attempt in range(2):
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                if hold:
                    self._hold(key, fd)
                else:
                    os.close(fd)
                break
            except FileExistsError:
                return hold and self._take_over(key, path)
            except FileNotFoundError:
                if attempt:
                    return self._failed(FileNotFoundError(folder))
                try:
                    private_folder(Path(folder))
                except OSError as error:
                    return self._failed(error)
            except OSError as error:
                return self._failed(error)
        self._warned = False
        if self._pruned_bucket != bucket:
            self._pruned_bucket = bucket
            self._prune(bucket)
        return True

    def claim_on_arrival(self, key: str, now: float | None = None) -> bool | None:
        """`claim` for a key whose repeats carry no time of their own that is both shared and recent (a
        button's two presses are stamped apart; the message they are under may be days old, and a claim
        filed under its time would be pruned at once). Filed under when it arrives, so it lives its full
        keep_seconds; a repeat arriving just past a bucket's end finds it in the bucket before."""
        moment = time.time() if now is None else now
        _, before = self._where(key, int(moment // self.bucket_seconds) - 1)
        if os.path.exists(before):
            return False
        return self.claim(key, moment)

    def _where(self, key: str, bucket: int) -> tuple[str, str]:
        """The folder and the file of `key`'s claim in `bucket`."""
        name = hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:40]
        # 256 folders a bucket: workers creating files at once rarely wait on the same folder's lock. (Paths
        # as strings: this runs on every request, and pathlib's joins cost more than the file itself.)
        folder = f"{self.directory}{os.sep}{bucket}{os.sep}{name[:2]}"
        return folder, f"{folder}{os.sep}{name}"

    def note(self, key: str, work: dict) -> None:
        """Writes into a held claim what its work needs to be done by another process, should this one
        die before `done(key)` (see `abandoned`). Never raises."""
        with self._held_lock:
            fd = self._held.get(key)
        if fd is None:
            return
        try:
            os.pwrite(fd, json.dumps({"key": key, "work": work}, ensure_ascii=False).encode("utf-8"), 0)
        except OSError as error:
            self._failed(error)
        except (TypeError, ValueError) as error:  # not JSON: the work cannot be handed over
            logger.warning("claims %s: a note cannot be written (%s)", self.directory, type(error).__name__)

    def done(self, key: str) -> None:
        """The work promised by a held claim is finished (answered, or given up for good): a later claim
        of the key is a repeat, and its note (what people typed) is erased. Never raises."""
        with self._held_lock:
            fd = self._held.pop(key, None)
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, DONE, 0)
        except OSError as error:
            self._failed(error)
        finally:
            os.close(fd)  # and the lock with it

    def abandoned(self) -> list[tuple[str, dict]]:
        """Held claims of the last two buckets whose holder died before finishing, with the work their
        note describes: each is held by this process now, to be done and marked `done`. A claim is noted
        only while its holder has it locked, so a note with no lock on its file was left by the dead."""
        now = time.time()
        current = int(now // self.bucket_seconds)
        found = []
        for bucket in (current - 1, current):
            for path in _files_under(f"{self.directory}{os.sep}{bucket}"):
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                if stat.st_size <= len(DONE):
                    continue  # done, or no note (being claimed, or claimed without one)
                fd = _lock_if_let_go(path)
                if fd is None:
                    continue  # its holder is at it
                try:
                    note = json.loads(os.pread(fd, stat.st_size + 1, 0))
                    key, work = note["key"], note["work"]
                except (OSError, ValueError, KeyError, TypeError):
                    os.close(fd)
                    continue
                with self._held_lock:
                    if key in self._held:
                        os.close(fd)
                        continue
                    self._held[key] = fd
                found.append((key, work))
        return found

    def _hold(self, key: str, fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            # A file system without flock: the claim still answers "first time" once, but is never noted nor
            # taken over (with no lock, a live holder would look dead).
            os.close(fd)
            return
        with self._held_lock:
            stale = self._held.pop(key, None)
            self._held[key] = fd
        if stale is not None:
            os.close(stale)

    def _take_over(self, key: str, path: str) -> bool:
        """A held claim of `key` exists: True (and held now by this process) when its holder died before
        marking it done; False while it is held, or once it is done."""
        fd = _lock_if_let_go(path)
        if fd is None:
            return False  # its holder lives, and is still at the work
        if os.pread(fd, len(DONE) + 1, 0) == DONE:
            os.close(fd)
            return False
        with self._held_lock:
            if key in self._held:  # held by this process (another thread): not a dead holder's
                os.close(fd)
                return False
            self._held[key] = fd
        logger.warning(
            "claims %s: work left unfinished by a process that stopped is taken over", self.directory
        )
        return True

    def _failed(self, error: OSError) -> None:
        if not self._warned:
            self._warned = True
            logger.warning("claims %s cannot be written (%s)", self.directory, error.strerror or error)
        return None

    def _prune(self, current: int) -> None:
        oldest = current - self.keep_seconds // self.bucket_seconds - 1
        try:
            folders = [p for p in self.directory.iterdir() if p.name.isdigit() and int(p.name) < oldest]
        except OSError:
            return
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def _lock_if_let_go(path: str | Path) -> int | None:
    """The file open and locked, when no process holds its lock (its owner has gone); None while one
    does, or when it cannot be opened."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _files_under(folder: str) -> list[str]:
    """The files one level below `folder`'s subfolders (a claims bucket); none when it is missing."""
    try:
        subfolders = os.listdir(folder)
    except OSError:
        return []
    files = []
    for sub in subfolders:
        with contextlib.suppress(OSError):
            files.extend(
                f"{folder}{os.sep}{sub}{os.sep}{name}" for name in os.listdir(f"{folder}{os.sep}{sub}")
            )
    return files


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def sync_folder(folder: Path) -> None:
    """A new file's name is on disk only once its folder is synced."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
