"""A choice of precisions ("4 ou 8 bits", "fp8 or int4") weighs the model at both, side by side, with the
first answered in full; a choice of three is sized for the first, and the answer says the others were not:
never one picked silently, never refused as a contradiction."""

import json

import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import QueryError, parse


@pytest.mark.parametrize(
    ("text", "precision", "other"),
    [
        ("llama 70b em 4 ou 8 bits", "int4", "8 bits"),  # had been FP8, unsaid
        ("llama 70b 4/8 bits", "int4", "8 bits"),  # "4/8" had been left unread
        ("llama 70b fp8 ou int4", "fp8", "int4"),  # had been refused as a contradiction
        ("qwen 32b em 4bit ou 8bit", "int4", "8bit"),
        ("qual a diferença entre rodar o qwen 72b em awq e em fp8?", "int4", "fp8"),
        # The model said again after the "ou", or the precision alone after it, had been a contradiction.
        ("qwen 72b em int4 ou qwen 72b em fp8?", "int4", "fp8"),
        ("llama 70b fp8 com 10 usuários ou llama 70b em int4?", "fp8", "int4"),
        ("qwen 72b int4, 20 users, or maybe fp8", "int4", "fp8"),
    ],
)
def test_two_precisions_are_the_model_weighed_at_both(text, precision, other, catalog):
    query = parse(text)
    assert catalog.precision(query.workload.precision).id == precision
    assert query.precision_choices == []
    [typed] = query.model_choices
    assert parse(typed).workload.model == query.workload.model
    assert typed.endswith(other)


def test_the_answer_puts_both_precisions_side_by_side(capsys):
    assert main(["qwen 72b em awq ou fp8?"]) == 0
    out = capsys.readouterr().out
    comparison = out.split("Comparação (a mesma carga para os dois)\n")[1].split("\n\n")[0]
    assert "Qwen2.5 72B · INT4 (AWQ/GPTQ g128)\n    Recomendação: 1× A100 SXM 80 GB" in comparison
    assert "Qwen2.5 72B · FP8 (8-bit)\n    Recomendação: 1× H200 SXM 141 GB" in comparison
    assert "para o em FP8 (8-bit), faça a mesma pergunta só com essa precisão" in comparison
    assert "escolha de precisão" not in out


@pytest.mark.parametrize(
    ("text", "other"),
    [
        # Two 4-bit formats offered as a choice: the AWQ side had been dropped, NVFP4 alone answered.
        ("qwen3 30b a3b nvfp4 vs awq on l40s", "awq"),
        ("qwen3 30b a3b gptq ou nvfp4?", "nvfp4"),
    ],
)
def test_two_formats_of_one_width_offered_as_a_choice_are_both_weighed(text, other):
    query = parse(text)
    [typed] = query.model_choices
    assert typed.endswith(other) and parse(typed).workload.model == query.workload.model


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        # Each side on its own GPU: both had been judged on the first side's GPU, the other GPU lost.
        ("llama 3.3 70b nvfp4 on b200 vs fp8 on h200",
         ("nvfp4", "b200", "Llama 3.3 70B · NVFP4\n    1× B200 180 GB: "),
         ("fp8", "h200-sxm", "Llama 3.3 70B · FP8 (8-bit)\n    1× H200 SXM 141 GB: ")),
        ("llama 3.3 70b nvfp4 na b200 ou fp8 na h200?",
         ("nvfp4", "b200", "Llama 3.3 70B · NVFP4\n    1× B200 180 GB: "),
         ("fp8", "h200-sxm", "Llama 3.3 70B · FP8 (8-bit)\n    1× H200 SXM 141 GB: ")),
        ("llama 70b fp8 na h100 vs awq na l40s",
         ("fp8", "h100-sxm", "Llama 3.1 70B · FP8 (8-bit)\n    1× H100 SXM 80 GB: "),
         ("int4", "l40s", "Llama 3.1 70B · INT4 (AWQ/GPTQ g128)\n    1× L40S 48 GB: ")),
        ("llama 3.1 70b in awq on an l40s versus fp8 on an h100",
         ("int4", "l40s", "Llama 3.1 70B · INT4 (AWQ/GPTQ g128)\n    1× L40S 48 GB: "),
         ("fp8", "h100-sxm", "Llama 3.1 70B · FP8 (8-bit)\n    1× H100 SXM 80 GB: ")),
    ],
)  # fmt: skip
def test_each_side_of_a_choice_keeps_its_own_precision_and_gpu(text, first, second, capsys):
    query = parse(text)
    assert (query.workload.precision, query.workload.gpu, query.workload.compare_gpus) == (*first[:2], None)
    [typed] = query.model_choices
    assert (parse(typed).workload.precision, parse(typed).workload.gpu) == second[:2]
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert first[2] in out and second[2] in out


def test_three_precisions_are_each_weighed_the_first_in_full(catalog, capsys):
    query = parse("70b em 4, 8 ou 16 bits")  # had been 16-bit, unsaid; then only the 4 bits sized
    assert catalog.precision(query.workload.precision).id == "int4"
    assert query.precision_choices == []
    assert [catalog.precision(parse(c).workload.precision).id for c in query.model_choices] == ["fp8", "bf16"]
    assert main(["70b em 4, 8 ou 16 bits"]) == 0
    out = capsys.readouterr().out
    assert "escolha de precisão" not in out
    assert "Comparação (a mesma carga para os três)" in out


def test_more_precisions_than_a_comparison_holds_size_the_first_and_say_the_others_were_not(catalog):
    query = parse("70b em 2, 3, 4, 8 ou 16 bits")
    assert catalog.precision(query.workload.precision).nominal_bits == 2
    assert query.precision_choices[0][0] == "2, 3, 4, 8 ou 16 bits"
    understood = render_text(size(query.workload), query).split("\n\n")[0]
    assert "“2, 3, 4, 8 ou 16 bits” é uma escolha de precisão" in understood


def test_the_choice_is_weighed_in_english_and_in_the_json(capsys):
    assert main(["--json", "llama 70b 4-bit or 8-bit"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["precision"] == "int4"
    assert data["query"]["model_choices"] == ["llama-3.1-70b 8-bit"]
    assert [side["precision"] for side in data["comparison"]["models"]] == ["int4", "fp8"]
    assert main(["llama 70b 4-bit or 8-bit"]) == 0
    assert "for FP8 (8-bit), ask the same question with that precision alone" in capsys.readouterr().out


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


@pytest.mark.parametrize("text", ["gemma 3 27b qat na l4", "gemma 3 12b qat 10 usuarios"])
def test_qat_alone_is_googles_4_bit_release(text):
    # "qat" had been a word ignored, and the model sized at 16 bits.
    r = size(parse(text).workload)
    assert r.workload.precision == "q4_0"
    assert any(a.startswith("“qat”: a versão de 4 bits") for a in r.assumptions)
    # a format said with it still wins
    assert size(parse(text.replace("qat", "qat int4")).workload).workload.precision == "int4"
