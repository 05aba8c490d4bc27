"""Running part of the app bound by file modes when the tests run as root, whom modes do not bind (a file of
mode 0400 is written anyway): a read-only log is then tested for real."""

from __future__ import annotations

import contextlib
import ctypes
import os
import pwd
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

# Linux capabilities that let root past a file's mode (capabilities(7)): dropped from the bounding set of a
# child still running as root, its exec leaves it without them, and file modes bind it as any user.
ROOTS_OVERRIDES = {"CAP_DAC_OVERRIDE": 1, "CAP_DAC_READ_SEARCH": 2, "CAP_FOWNER": 3, "CAP_LINUX_IMMUTABLE": 9}
PR_CAPBSET_DROP = 24  # prctl(2)


def without_roots_overrides() -> None:
    """Popen's preexec_fn: the child drops ROOTS_OVERRIDES from its bounding set before its exec."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in ROOTS_OVERRIDES.values():
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


# Run as such a child, writes to a file of mode 0400: "bound" when the system refuses.
_PROBE = """
import sys
try:
    open(sys.argv[1], "a").close()
except PermissionError:
    print("bound")
"""


def bound_by_file_modes(as_nobody: bool = False) -> tuple[dict, str]:
    """How to run a process of the app so that file modes bind it, as Popen arguments, and who it runs as:
    the tests' own user when it is not root; with `as_nobody` (the files it uses made `nobody`'s, in a folder
    `nobody` can reach), `nobody` when that user can run this checkout's Python; else root without the
    capabilities that override modes. Skips, saying why, where none can be."""
    if os.geteuid() != 0:
        return {}, "self"
    ways = []
    with contextlib.suppress(KeyError):
        if as_nobody:
            nobody = pwd.getpwnam("nobody")
            ways.append(({"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}, "nobody"))
    ways.append(({"preexec_fn": without_roots_overrides}, "root without CAP_DAC_OVERRIDE"))
    tried = []
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "read-only"
        target.touch(mode=0o400)
        if ways[0][1] == "nobody":
            os.chown(folder, nobody.pw_uid, nobody.pw_gid)
            os.chown(target, nobody.pw_uid, nobody.pw_gid)
        for run_as, who in ways:
            try:
                probe = subprocess.run([sys.executable, "-c", _PROBE, str(target)], capture_output=True,
                                       text=True, timeout=120, **run_as)  # fmt: skip
            except (OSError, subprocess.SubprocessError) as error:  # nobody cannot reach the interpreter
                tried.append(f"{who}: {getattr(error, 'strerror', None) or error}")
                continue
            if probe.stdout.strip() == "bound":
                return run_as, who
            tried.append(f"{who}: {(probe.stderr.strip().splitlines() or ['the file was written'])[-1]}")
    pytest.skip("the tests run as root, whom file modes do not bind, and no way to run the app bound by them "
                "works here (" + "; ".join(tried) + ")")  # fmt: skip


def bound_child(script: str, *args: str) -> subprocess.Popen:
    """`script` run by this checkout's Python in a process that file modes bind (see bound_by_file_modes;
    as the tests' user or root without its overrides, so it reaches what the tests made), talking on its
    stdin and stdout; `args` are its sys.argv[1:]."""
    run_as, _ = bound_by_file_modes()
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, **run_as,
    )  # fmt: skip


def said(child: subprocess.Popen) -> list[str]:
    """The next line the child printed, as words; the child's errors in the assertion if it printed none."""
    line = child.stdout.readline()
    if not line:
        child.kill()
        raise AssertionError(f"the child stopped: {child.stderr.read()}")
    return line.split()
