"""The README's "Two models compared" section shows the start of a real answer: this test keeps that text equal
to what `gpu-size` prints for the question it names."""

from __future__ import annotations

import re
from pathlib import Path

from bot.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
QUESTION = "qual a diferença entre rodar o qwen 72b em int4 e o qwen 32b em bf16 para 20 usuários?"


def test_the_readme_shows_the_comparison_as_gpu_size_prints_it(capsys):
    section = README.read_text(encoding="utf-8").split("## Two models compared", 1)[1]
    assert " ".join(QUESTION.split()) in " ".join(section.split("```text", 1)[0].split())
    shown = re.search(r"```text\n(.*?)\n```", section, re.DOTALL).group(1)
    assert main([QUESTION]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(shown + "\n\n")
