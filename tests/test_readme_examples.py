"""The README shows real answers: each section below names the question and shows what `gpu-size` prints for
it (the whole answer, or its start). These tests keep that text equal to the command's output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"

EXAMPLES = [
    # (section title, question, whether the block is the whole answer or only its start)
    ("## Two models compared",
     "qual a diferença entre rodar o qwen 72b em int4 e o qwen 32b em bf16 para 20 usuários?", False),
    ("## Several questions in one message", "llama 70b pra 10 usuários; e se forem 400?", False),
    ("## Questions with no model", "qual o maior modelo que cabe numa L40S com 10 usuários?", True),
]  # fmt: skip


@pytest.mark.parametrize(("title", "question", "whole"), EXAMPLES, ids=[t for t, _, _ in EXAMPLES])
def test_the_readme_shows_the_answer_as_gpu_size_prints_it(title, question, whole, capsys):
    section = README.read_text(encoding="utf-8").split(title, 1)[1]
    assert " ".join(question.split()) in " ".join(section.split("```text", 1)[0].split())
    shown = re.search(r"```text\n(.*?)\n```", section, re.DOTALL).group(1)
    assert main([question]) == 0
    printed = capsys.readouterr().out
    assert printed == shown + "\n" if whole else printed.startswith(shown + "\n\n")
