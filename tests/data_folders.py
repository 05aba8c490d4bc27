"""Copies of sizing/data for tests that need the catalogue changed the way an operator would change their
own copy (GPU_SIZER_DATA): prices added to the offering, an entry added to a file."""

from __future__ import annotations

import shutil
from pathlib import Path

from sizing.catalog import DATA_DIR

COUNTS = "counts = [1, 2, 4, 8]\n"


def data_copy(tmp_path: Path, source: Path = DATA_DIR) -> Path:
    target = tmp_path / "data"
    shutil.copytree(source, target)
    return target


def priced_copy(tmp_path: Path, prices: dict[str | None, str], source: Path = DATA_DIR) -> Path:
    """A copy (of `source`: another revision's data, for bench/answer_cpu.py) whose offering gives each GPU in
    `prices` (None: every GPU offered) the hourly prices of a TOML inline table ("{ on_demand = 10.0, reserved =
    7.5 }"), written after its `counts` line."""
    data = data_copy(tmp_path, source)
    offering = data / "offering.toml"
    blocks = offering.read_text().split("[[offer]]\n")
    for i, block in enumerate(blocks[1:], 1):
        gpu = block.split('gpu = "', 1)[1].split('"', 1)[0]
        table = prices.get(gpu, prices.get(None))
        if table is not None:
            assert COUNTS in block, f"offering.toml: {gpu} has no {COUNTS.strip()!r} line to put prices after"
            blocks[i] = block.replace(COUNTS, f"{COUNTS}price_per_gpu_hour = {table}\n", 1)
    offering.write_text("[[offer]]\n".join(blocks))
    return data


def with_prices(tmp_path: Path, monkeypatch, prices: dict[str | None, str]):
    """A fixture's body: the offering with `prices` (as priced_copy takes them) in force, the catalogue's cache
    cleared before and after."""
    from sizing.catalog import load_catalog

    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()
    yield
    load_catalog.cache_clear()


def priced_answers(tmp_path: Path, monkeypatch, capsys, prices: dict[str | None, str]):
    """A fixture's body: ask(text) gives the text gpu-size prints for a question with `prices` in force (the
    catalogue's cache cleared before and after)."""
    from bot.cli import main
    from sizing.catalog import load_catalog

    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()

    def ask(text: str) -> str:
        main([text])
        return capsys.readouterr().out

    yield ask
    load_catalog.cache_clear()


def priced_pipeline(tmp_path: Path, monkeypatch, prices: dict[str | None, str]):
    """A fixture's body: the real pipeline, its request log a SQLite file in tmp_path, with `prices` (as
    priced_copy takes them) in force and the catalogue's cache cleared before and after."""
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline
    from sizing.catalog import load_catalog

    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()
    pipe = Pipeline(RequestLog(tmp_path / "log.db"))
    yield pipe
    pipe.log.close()
    load_catalog.cache_clear()


def priced_slash(
    tmp_path: Path, monkeypatch, prices: dict[str | None, str], text: str
) -> tuple[str, list[dict]]:
    """`text` asked as /gpu through the real app (a signed request, Bolt's dispatch, the loopback Slack, the
    request log) with `prices` (as priced_copy takes them) in force: the reply's text, its blocks checked as valid
    Block Kit, and the request log's rows."""
    from sizing.catalog import load_catalog
    from tests.slack_harness import serve, text_of, valid

    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path / "prices", prices)))
    load_catalog.cache_clear()
    try:
        with serve(tmp_path) as slack:
            reply = slack.command(text)
            valid(reply["blocks"])
            return text_of(reply["blocks"]), slack.rows()
    finally:
        load_catalog.cache_clear()
