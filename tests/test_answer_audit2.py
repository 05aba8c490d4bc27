"""Answers read line by line as a careful customer would, round 2 (round 1: test_answer_audit.py), through the
console with prices configured: a GPU chosen on a speed that does not bound the model, money and plurals
written against the reader's locale's conventions (CLDR)."""

import re

import pytest

from sizing import i18n
from tests.data_folders import priced_answers

PRICES = {
    "l40s": "{ on_demand = 9.0, reserved = 6.5 }",
    "l40": "{ on_demand = 7.0, reserved = 5.0 }",
    "a100-80gb-sxm": "{ on_demand = 12.0, reserved = 9.0 }",
    "h100-sxm": "{ on_demand = 20.0, reserved = 14.0 }",
    "h200-sxm": "{ on_demand = 26.0, reserved = 19.0 }",
}


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


@pytest.fixture
def ask_in(tmp_path, monkeypatch, capsys):
    """ask in a language, as the console's --lang (a Slack user's locale) sets it."""
    from bot.cli import main

    next(priced_answers(tmp_path, monkeypatch, capsys, PRICES))

    def answer(lang: str, text: str) -> str:
        main(["--lang", lang, text])
        return capsys.readouterr().out

    return answer


@pytest.fixture
def ask_cheaper_l40s(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, dict(PRICES, l40s="{ on_demand = 6.0 }"))


@pytest.mark.parametrize(
    "question",
    [
        "Whisper large-v3 para transcrever 500 horas de áudio por dia",
        "whisper large v3 turbo, 200 chamadas simultâneas em tempo real",
        "Whisper large-v3 to transcribe 2,000 hours of audio a month",
    ],
)
def test_speech_goes_on_the_cheaper_of_gpus_as_fast_for_it(ask, question):
    # Whisper's decoder is bandwidth-bound: an L40 (864 GB/s, like the L40S) transcribes as fast for less an
    # hour, and the L40S had been chosen for its TFLOPs.
    out = ask(question)
    assert re.search(r"(numa|on one) L40 48 GB: ~", out), out
    assert not re.search(r"(numa|on one) L40S 48 GB: ~", out)


def test_speech_goes_on_the_l40s_when_it_is_the_cheaper(ask_cheaper_l40s):
    # The tie-break is the price of the work, not the name: priced below the L40, the L40S is chosen.
    out = ask_cheaper_l40s("Whisper large-v3 para transcrever 800 horas de áudio por dia")
    assert "Velocidade estimada numa L40S 48 GB" in out


def test_an_encoder_still_goes_on_the_gpu_that_computes_its_pass_for_less(ask):
    # An embedding model's pass over its input is compute-bound: the L40S's twice the TFLOPs for 9/7 of the
    # price makes it the cheaper per text.
    out = ask("bge-m3 para indexar 2 milhões de documentos")
    assert "menor GPU que alugamos, 1× L40S 48 GB" in out and "Numa L40S 48 GB: ~" in out


@pytest.mark.parametrize(
    ("lang", "amount"),
    [
        ("pt-PT", "48,00\u00a0R$"),
        ("pt-BR", "R$ 48,00"),
        ("en", "BRL 48.00"),
    ],
)
def test_money_is_laid_out_as_the_readers_locale_writes_it(ask_in, lang, amount):
    # CLDR: pt-PT "#,##0.00 ¤" (the symbol after, behind a no-break space), pt "¤ #,##0.00", en "¤#,##0.00"
    # with the ISO code. pt-PT had read "R$ 48,00".
    out = ask_in(lang, "Llama 3.1 70B para 100 usuários, quanto custa por mês?")
    assert amount in out
    others = {"pt-PT": r"R\$ \d", "pt-BR": r"\d\u00a0R\$", "en": r"\d\u00a0BRL"}[lang]
    assert not re.search(others, out)


def test_a_budget_in_euros_is_written_after_its_amount_in_pt_pt(ask):
    out = ask("Llama 3.1 8B para a equipa de 20 utilizadores, orçamento de 3000 euros por mês")
    assert "3\u00a0000\u00a0€" in out.splitlines()[0] and "€ 3" not in out


@pytest.mark.parametrize(
    ("lang", "written", "singular"),
    [
        # CLDR "one": pt (Brazil) i = 0..1 — a whole part of 0 or 1, decimals or not; pt-PT and en i = 1 and v = 0
        ("pt-BR", "1,0", True),
        ("pt-BR", "1", True),
        ("pt-BR", "0,5", True),
        ("pt-BR", "1,5", True),
        ("pt-BR", "2,0", False),
        ("pt-BR", "11,0", False),
        ("pt-BR", "2.001", False),
        ("pt-PT", "1", True),
        ("pt-PT", "1,0", False),
        ("pt-PT", "0,5", False),
        ("en", "1", True),
        ("en", "1.0", False),
        ("en", "0.5", False),
    ],
)
def test_a_rate_takes_the_singular_as_cldr_says_for_the_locale(lang, written, singular):
    said = i18n.t(lang, "perf.rate_per_s", n=written)
    plural = {"pt-BR": "requisições/s", "pt-PT": "pedidos/s", "en": "requests/s"}[lang]
    one = {"pt-BR": "requisição/s", "pt-PT": "pedido/s", "en": "request/s"}[lang]
    assert said == f"{written} {one if singular else plural}"


def test_an_answer_never_writes_one_point_zero_requests_in_the_plural_in_brazil(ask):
    out = ask("Llama 3.1 8B, 60 requisições por minuto, prompts de 2000 tokens")
    assert not re.search(r"(?<![\d.,])1,\d+ requisições/", out)
    assert not re.search(r"(?<![\d.,])[01] requisições/", out)
