"""The gpu-size command as installed (pyproject's console script): bot.cli.run, in a process whose cycle
collector waits longer before its first pass.

A run lasts a fraction of a second and its imports create tens of thousands of objects, none of them
garbage: with Python's default thresholds the collector walks them again and again, about 9 ms of a 140 ms
run here. The collector stays on, so a long run (a model read from the Hub) still frees its cycles.
`python -m bot.cli` and callers of bot.cli.main keep the default thresholds."""

import gc

gc.set_threshold(100_000, 50, 100)  # the default is (700, 10, 10)


# The engine's package first: it puts the patterns kept by an earlier run in re's cache (sizing/regexes.py)
# before bot.cli's imports compile them (json's).
import sizing  # noqa: E402 - after the thresholds: the imports are what the collector would walk

# Modules a run imports for what only some answers do, run at their first use (sizing.import_later): json
# for an answer or an error as JSON, difflib for the reader's corrections of a word it does not know.
for _name in ("json", "difflib"):
    sizing.import_later(_name)

from bot.cli import run  # noqa: E402

__all__ = ["run"]
