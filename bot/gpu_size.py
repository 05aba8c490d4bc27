"""The gpu-size command as installed (pyproject's console script): bot.cli.run, in a process whose cycle
collector waits longer before its first pass, and whose hashlib does without OpenSSL.

A run lasts a fraction of a second and its imports create tens of thousands of objects, none of them
garbage: with Python's default thresholds the collector walks them again and again, about 9 ms of a 140 ms
run here. The collector stays on, so a long run (a model read from the Hub) still frees its cycles.
`python -m bot.cli` and callers of bot.cli.main keep the default thresholds and imports."""

import gc

gc.set_threshold(100_000, 50, 100)  # the default is (700, 10, 10)


# The engine's package first: it puts the patterns kept by an earlier run in re's cache (sizing/regexes.py)
# before bot.cli's imports compile them (json's).
import sizing  # noqa: E402 - after the thresholds: the imports are what the collector would walk

# Jinja's bytecode cache module takes sha1 from hashlib at its import, and importing hashlib loads OpenSSL
# (8 million instructions of a run, valgrind) when CPython's own implementations of every hash in
# hashlib.algorithms_guaranteed serve as well: hashlib is imported here without it (a Hub read's sha256 is
# the same either way).
sizing.import_without("hashlib", "_hashlib")

from bot.cli import run  # noqa: E402

__all__ = ["run"]
