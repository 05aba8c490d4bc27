"""The README's "Questions with no model" section shows a real answer: this test keeps that text equal to
what `gpu-size` prints for the question it names."""

from __future__ import annotations

import re
from pathlib import Path

from bot.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
QUESTION = "qual o maior modelo que cabe numa L40S com 10 usuários?"


def test_the_readme_shows_what_fits_as_gpu_size_prints_it(capsys):
    section = README.read_text(encoding="utf-8").split("## Questions with no model", 1)[1]
    assert " ".join(QUESTION.split()) in " ".join(section.split("```text", 1)[0].split())
    shown = re.search(r"```text\n(.*?)\n```", section, re.DOTALL).group(1)
    assert main([QUESTION]) == 0
    assert capsys.readouterr().out == shown + "\n"
