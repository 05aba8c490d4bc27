"""Answers read line by line as a careful customer would, round 7 (rounds 1 to 6: test_answer_audit.py to
test_answer_audit6.py), through the console with prices configured: speech beside an LLM whose note advised
more GPUs than the recommendation priced, rates said two ways, an encoder's daily volume, a family named with no
size, and the currency that does not make a variety of Portuguese."""

import re

import pytest

from tests.data_folders import priced_answers
from tests.test_answer_audit import PRICES, number


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


def _line(out: str, *starts: str) -> str:
    return next(line for line in out.splitlines() if line.strip().startswith(starts))


def _recommended(out: str) -> tuple[int, str]:
    said = re.search(r"^(?:Recomendação|Recommendation): (\d+)× ([^·\n]+?)(?: ·|$)", out, re.M)
    assert said, out
    return int(said[1]), said[2].strip()


@pytest.mark.parametrize(
    "question",
    [
        "llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço por mês",
        "llama 3.1 8b + whisper large-v3 with 500 hours of audio a day, monthly price",
    ],
)
def test_speech_over_the_gpus_time_is_the_recommendation_priced_not_a_note_under_it(ask, question):
    # "Recomendação: 1× L40" priced alone, with "Recomendo 2× L40 48 GB no lugar dela" among the notes
    out = ask(question)
    count, gpu = _recommended(out)
    assert (count, gpu) == (2, "L40 48 GB"), out
    assert "Recomendo" not in out and "I recommend" not in out, out
    # what is recommended is what is priced: two L40s at R$ 7 an hour each (PRICES)
    price = _line(out, "Preço (sob demanda):", "Price (on demand):")
    assert re.search(r"(R\$|BRL) 14[,.]00 (por hora|per hour)", price), price
    # and the notes' arithmetic is now that setup's: both fit within the plan's ceiling on it
    fits = _line(out, "• Fala e LLM cabem juntos", "• Speech and LLM fit together")
    assert "2× L40 48 GB" in fits, fits
    # what decided it says why, with the alternative weighed (a separate GPU for the speech)
    decided = _line(out, "O que decidiu:", "What decided:")
    assert "1× L40 48 GB" in decided and "A100" in decided, decided


def test_an_alternative_the_speech_would_overrun_is_not_offered(ask):
    out = ask("llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço por mês")
    alternatives = out.split("\nAlternativas\n")[1].split("\n\n")[0] if "\nAlternativas\n" in out else ""
    # "Em FP8 (8-bit): 1× L40 48 GB" had been offered: one L40 cannot give the speech its time
    assert "1× L40 48 GB" not in alternatives, alternatives


def test_speech_within_the_gpus_time_leaves_the_recommendation_as_it_is(ask):
    out = ask("llama 3.1 8b + whisper large v3 com 50 horas de áudio por dia, preço por mês")
    assert _recommended(out) == (1, "L40 48 GB"), out
    assert "Fala e LLM cabem juntos em 1× L40 48 GB" in out, out
