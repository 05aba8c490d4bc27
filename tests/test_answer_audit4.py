"""Answers read line by line as a careful customer would, round 4 (rounds 1 to 3: test_answer_audit.py,
test_answer_audit2.py, test_answer_audit3.py), through the console with prices configured: a whole answer's time
out of reach whose 16-bit closest is far dearer than FP8 nearly as fast, a training's budget or deadline weighing
more GPUs of the kind it chose."""

import re

import pytest

from tests.data_folders import priced_answers
from tests.test_answer_audit import PRICES, number
from tests.test_answer_audit2 import recommended_and_decided


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


def price_an_hour(out: str, lang: str) -> float:
    # "R$ 80,00 por hora", "BRL 80.00 per hour", "80,00 R$ por hora" (pt-PT puts the currency after)
    said = re.search(
        r"(?:Preço|Price) \([^)]*\): (?:R\$ |BRL )?([\d.,]+)(?:\u00a0R\$)? (?:por hora|per hour)", out
    )
    return number(said[1], lang)


CHEAPER_CLOSEST = (
    r"(?:a recomendação|the recommendation), (\d+)× .+?, (?:dimensionada|sized)[^(]+\(~([\d.,]+) s (?:sem fila|"
    r"with no queue)\), (?:custa|costs) (\d+)% (?:do preço por hora da mais próxima em|of the price an hour of "
    r"the closest in) BF16/FP16 \(16-bit\), (\d+)× (.+?), (?:que responde em|which answers in) ~([\d.,]+) s"
)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Llama 3.1 70B, 20 users, full answer within 1 s for 500-token answers", "en"),
        ("Llama 3.1 8B para 10 usuários, resposta completa em 0,5 s", "pt-BR"),
        ("qwen2.5 72b para 50 usuários, resposta completa em 2 s", "pt-BR"),
        ("Llama 3.1 70B para 10 utilizadores, resposta completa em 2 s", "pt-PT"),
    ],
)
def test_a_whole_answer_out_of_reach_is_not_bought_with_many_more_gpus_for_no_sooner_answer(
    ask, question, lang
):
    # "Recommendation: 12× H200 SXM 141 GB" (BRL 312 an hour, ~7.7 s unloaded) had stood above "At FP8: 4× H100"
    # (BRL 80 an hour), which answers as soon: the cheaper is recommended, and what the dearer buys is said
    out = ask(question)
    setup, decided = recommended_and_decided(out)
    said = re.search(CHEAPER_CLOSEST, decided)
    assert said, decided
    count, reached, share = int(said[1]), number(said[2], lang), int(said[3])
    dearer_count, dearer_reached = int(said[4]), number(said[6], lang)
    assert setup.startswith(f"{count}×") and dearer_count > count
    assert reached <= dearer_reached * 1.05 and share <= 50
    # the share said is the prices shown: this one's hour against the dearer's GPUs at their price
    per_gpu = {"H100": 20.0, "H200": 26.0, "A100": 12.0, "L40S": 9.0, "L40 ": 7.0}
    dearer_hour = dearer_count * next(p for g, p in per_gpu.items() if said[5].startswith(g))
    assert abs(price_an_hour(out, lang) / dearer_hour * 100 - share) <= 1
    # the answer is in FP8, and says why in the assumptions (never "I used 16-bit" beside FP8 weights)
    assert re.search(r"(?:usei|I used) FP8 \(8-bit\)", out) and "16 bits (BF16)." not in out
    assert "16-bit (BF16)." not in out
    assert re.search(r"× [\d.,]+ bits\)|FP8", out.split("\n\n")[1])


def test_a_whole_answer_in_reach_of_fp8_still_names_it_at_16_bits(ask):
    # FP8 gives the time asked: the 16-bit answer stays and names it (test_answer_audit3.py)
    decided = recommended_and_decided(ask("Llama 3.1 8B, 2 users, whole answer within 2 s"))[1]
    assert "In BF16/FP16 (16-bit), no setup we rent gives a whole answer" in decided
    assert "the closest in BF16/FP16" not in decided


def test_a_precision_asked_is_kept_for_a_whole_answer_out_of_reach(ask):
    out = ask("Llama 3.1 70B em bf16, 20 usuários, resposta completa em 1 s")
    decided = recommended_and_decided(out)[1]
    assert "Em BF16/FP16 (16-bit), nenhuma configuração" in decided and "mais próxima em" not in decided
