"""Published KV-cache and capacity figures, round 6: vLLM's and Aphrodite's start-up lines for Pixtral 12B
(Mistral Nemo's language model beside a vision encoder) and the weights vLLM loaded for Qwen2.5-VL-72B under tensor
parallelism (tests/fixtures/published_round6.toml: each figure's issue or pull request, its exact log line and the
launch it came from). Each figure is held to its own log line's rounding by round 5's rules
(tests/test_published_round5.py: assert_within_its_rounding)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from .test_published_round5 import assert_within_its_rounding, marked

FIGURES = tomllib.loads((Path(__file__).parent / "fixtures" / "published_round6.toml").read_text())["figure"]


@pytest.mark.parametrize("figure", [marked(f) for f in FIGURES])
def test_the_answer_gives_the_published_figure_to_its_log_lines_rounding(capsys, catalog, figure):
    assert_within_its_rounding(capsys, catalog, figure)
