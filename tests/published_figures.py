"""The published-measurement fixtures (tests/fixtures/published_training_round*.toml) as the tests ask them: their
rows, each row by its id, and a row's test parameter, xfailed strictly with the row's reason where it has one."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from .gpu_size_run import answer_json

GIB = 2**30
# (below, above) for `reserved_cut`: max_memory_reserved() of a run whose sequences are cut at the length the question
# says and are mostly shorter (PEFT's MetaMathQA: texts of at most 1,300 characters, cut at 768 tokens). The answer
# sizes every sequence full, so its activations (about 2/3 of its total there) are those of more tokens than the run's
# longest batch holds: up to 12% over, for a longest batch of 4 at about 2,600 of the 3,072 tokens; below as
# `reserved` (the allocator's slack, 18%).
CUT_SEQUENCES = (0.82, 1.12)


def figures(fixture: str) -> tuple[list[dict], dict[str, dict]]:
    """The fixture's [[figure]] rows, in order and by id."""
    rows = tomllib.loads((Path(__file__).parent / "fixtures" / fixture).read_text())["figure"]
    return rows, {row["id"]: row for row in rows}


def params(rows: list[dict]) -> list:
    """One test parameter a row, named by its id; a row with an `xfail` reason is expected to fail, strictly."""
    return [
        pytest.param(row["id"], marks=[pytest.mark.xfail(reason=row["xfail"], strict=True)] if "xfail" in row else [],
                     id=row["id"])
        for row in rows
    ]  # fmt: skip


def ours_gib(capsys, question: str, context: bool = False) -> float:
    """The per-GPU memory the answer gives for the question, in GiB: less its CUDA context unless `context` (what an
    allocator's count leaves out and a whole process's reading holds)."""
    per_gpu = answer_json(capsys, question)["verdict"]["setup"]["per_gpu"]
    return (per_gpu["total"] - (0 if context else per_gpu["overhead"])) / GIB
