"""A choice of precisions ("4 ou 8 bits", "fp8 or int4") is sized for the first, and the answer says the
others were not: never one picked silently, never refused as a contradiction."""

import json

import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import QueryError, parse


@pytest.mark.parametrize(
    ("text", "precision", "typed", "other"),
    [
        ("llama 70b em 4 ou 8 bits", "int4", "4 ou 8 bits", "8 bits"),  # had been FP8, unsaid
        ("llama 70b 4/8 bits", "int4", "4/8 bits", "8 bits"),  # "4/8" had been left unread
        ("70b em 4, 8 ou 16 bits", "int4", "4, 8 ou 16 bits", "8 bits"),  # had been 16-bit, unsaid
        ("llama 70b fp8 ou int4", "fp8", "fp8 ou int4", "int4"),  # had been refused as a contradiction
        ("qwen 32b em 4bit ou 8bit", "int4", "4bit ou 8bit", "8bit"),
    ],
)
def test_the_first_precision_is_sized_and_the_other_is_said_not_sized(text, precision, typed, other, catalog):
    query = parse(text)
    assert catalog.precision(query.workload.precision).id == precision
    assert query.precision_choices == [(typed, query.precision_choices[0][1], other)]
    understood = render_text(size(query.workload), query).split("\n\n")[0]
    assert f"“{typed}” é uma escolha de precisão" in understood
    assert f"“e em {other}?”" in understood


def test_the_choice_is_said_in_english_and_in_the_json(capsys):
    assert main(["--json", "llama 70b 4-bit or 8-bit"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["precision"] == "int4"
    assert data["query"]["precision_choices"] == [
        {"typed": "4-bit or 8-bit", "sized": "4-bit", "not_sized": "8-bit"}
    ]
    assert main(["llama 70b 4-bit or 8-bit"]) == 0
    assert (
        "“4-bit or 8-bit” is a choice of precision: this answer sizes 4-bit only" in capsys.readouterr().out
    )


def test_two_precisions_apart_are_still_a_contradiction():
    with pytest.raises(QueryError) as e:
        parse("70b fp8 e 10 usuarios 4bit")
    assert e.value.key == "query.contradiction"


@pytest.mark.parametrize(
    "text",
    [
        "qual seria a infra pra rodar um Llama 3.1 70B quantizado pra uns 30 usuários internos?",
        "a quantized 70b for 10 users",
    ],
)
def test_quantized_with_no_format_is_four_bit_and_said(text):
    # "quantizado" had been a filler word: the answer sized 16 bits for a customer who asked for less.
    from sizing.engine import size
    from sizing.query import parse

    query = parse(text)
    r = size(query.workload)
    assert r.workload.precision == "int4" and not query.unknown
    assert any("AWQ/GPTQ" in a and "`fp8`" in a for a in r.assumptions)
    # A format said wins, and a model released quantized keeps its own.
    assert parse("llama 70b quantizado em fp8").workload.precision == "fp8"
    assert size(parse("gpt-oss-120b quantizado").workload).workload.precision == "mxfp4"
