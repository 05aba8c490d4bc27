"""Which training method to use ("lora ou qlora?", "full finetune ou lora pro qwen 7b?", "qual a diferença de
memória entre lora e qlora?"): several methods in one question are a choice, not a contradiction (it had been
refused as one, or sized as QLoRA alone). The run is sized with each method, side by side, on the GPUs named
(else each on its recommendation), with its memory per GPU by part and its time, which fits, and what each
method gives up. Through the real engine, the templates, `gpu-size` and the Slack app."""

from __future__ import annotations

import json
import re

import pytest

from bot import blocks
from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing.query import parse
from sizing.workload import Stage

from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def answer(capsys, *argv: str) -> str:
    assert gpu_size(list(argv)) == 0
    return capsys.readouterr().out


def comparison_of(text: str) -> str:
    """The comparison block: the paragraph after the "understood" lines."""
    return text.split("\n\n")[1]


PHRASINGS = [
    ("full finetune ou lora pro qwen2.5 7b? qual a diferenca de gpu", "full", ["lora"]),
    ("qual a diferenca de memoria entre lora e qlora pro llama 70b?", "lora", ["qlora"]),
    ("fine-tuning do llama 3.1 8b com lora ou qlora?", "lora", ["qlora"]),
    ("full, lora ou qlora no mistral 7b numa l40s, 50 mil exemplos?", "full", ["lora", "qlora"]),
    ("LoRA or QLoRA for llama 3.1 70b on 2 H100, 20M tokens?", "lora", ["qlora"]),
    ("Devo usar LoRA ou QLoRA no Qwen2.5 32B? Temos uma A100 de 80 GB.", "lora", ["qlora"]),
    ("qlora vs full fine-tune do llama 3.1 8b", "qlora", ["full"]),
    ("compare lora and full fine-tuning for qwen2.5 14b", "lora", ["full"]),
    ("vale mais a pena fazer lora ou fazer um full fine-tune no gemma 2 9b?", "lora", ["full"]),
]


@pytest.mark.parametrize(("question", "first", "others"), PHRASINGS)
def test_several_methods_are_a_choice_not_a_contradiction(question, first, others):
    query = parse(question)
    assert query.unknown == []
    w = query.workload
    assert (w.stage.value, [s.value for s in w.compare_stages]) == (first, others)


@pytest.mark.parametrize(("question", "first", "others"), PHRASINGS)
def test_each_method_has_its_column(capsys, question, first, others):
    text = answer(capsys, question)
    assert "se contradiz" not in text and "contradicts" not in text
    block = comparison_of(text)
    assert block.startswith(("Comparação", "Comparison"))
    labels = re.findall(r"^  \S.* · (ajuste fino completo|full fine-tuning|LoRA|QLoRA) \(", block, re.M)
    named = {"ajuste fino completo": "full", "full fine-tuning": "full", "LoRA": "lora", "QLoRA": "qlora"}
    assert [named[label] for label in labels] == [first, *others]
    assert block.count("Em resumo: ") + block.count("In short: ") == 1


def test_a_method_alone_compares_nothing(capsys):
    for question in ("lora do llama 3.1 8b", "fine-tuning com lora do llama 3.1 8b", "qlora do llama 3.1 8b"):
        assert parse(question).workload.compare_stages is None
        assert "Comparação" not in answer(capsys, question)


def test_methods_said_apart_are_still_no_choice():
    # "e" between two methods with nothing compared is no choice: the words still contradict each other.
    with pytest.raises(Exception, match="contradiction"):
        parse("70b lora full")


def test_on_the_gpu_named_the_method_that_gives_up_least_among_those_that_fit(capsys):
    block = comparison_of(answer(capsys, "full, lora ou qlora no mistral 7b numa l40s, 50 mil exemplos?"))
    assert block.count("1× L40S 48 GB: não cabe") == 1 and block.count("1× L40S 48 GB: cabe") == 2
    # Each column has its memory on the GPU named by part: the full fine-tune's optimizer, the QLoRA's 4-bit base.
    assert "Por GPU em 1× L40S 48 GB: pesos 14,5 GB · gradientes 14,5 GB · otimizador 87,0 GB" in block
    assert "Por GPU em 1× L40S 48 GB: pesos 4,7 GB · adaptadores 0,67 GB" in block
    assert "Tempo estimado: " in block
    assert (
        "Em resumo: em 1× L40S 48 GB cabem LoRA e QLoRA; o LoRA é o que menos abre mão de qualidade entre eles; "
        "o ajuste completo pede 4× L40S 48 GB." in block
    )


def test_only_the_method_that_fits(capsys):
    block = comparison_of(answer(capsys, "LoRA or QLoRA for llama 3.1 70b on 2 H100, 20M tokens?"))
    assert "In short: on 2× H100 SXM 80 GB, only QLoRA fits; LoRA needs 4× H100 SXM 80 GB." in block


def test_with_no_gpu_named_each_method_has_its_recommendation(capsys):
    block = comparison_of(answer(capsys, "qual a diferenca de memoria entre lora e qlora pro llama 70b?"))
    assert block.count("Recomendação: ") == 2
    assert "Em resumo: o LoRA pede 2× H200 SXM 141 GB; o QLoRA pede 1× A100 SXM 80 GB." in block


def test_a_lighter_method_that_saves_no_gpu_is_said_so(capsys):
    block = comparison_of(answer(capsys, "lora ou qlora no llama 3.1 8b, 10 mil exemplos?"))
    assert "o QLoRA não economiza GPU aqui (1× L40S 48 GB, como o LoRA): use o LoRA" in block


def test_what_each_method_gives_up_is_said_with_its_source(capsys):
    block = comparison_of(answer(capsys, "full finetune ou lora pro qwen2.5 7b?"))
    assert "LoRA: costuma chegar perto do ajuste completo" in block and "(Biderman et al., 2024)" in block
    assert "QLoRA:" not in block  # no QLoRA was weighed
    block = comparison_of(answer(capsys, "lora ou qlora pro qwen2.5 7b?"))
    assert "cada passo dequantiza a base" in block and "(Dettmers et al., 2023)" in block


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt-BR", ["Entendi: Qwen2.5 7B · ajuste fino com LoRA ou ajuste fino com QLoRA",
                   "faça a mesma pergunta só com o método que quiser"]),
        ("pt-PT", ["Percebi: Qwen2.5 7B · ajuste fino com LoRA ou ajuste fino com QLoRA",
                   "cada passo desquantiza a base", "faça a mesma pergunta apenas com o método que quiser"]),
        ("en", ["Understood: Qwen2.5 7B · LoRA fine-tuning or QLoRA fine-tuning", "QLoRA (frozen 4-bit NF4 base)",
                "ask the same question with just the method you want"]),
    ],
)  # fmt: skip
def test_every_language_says_it(capsys, lang, said):
    text = answer(capsys, "--lang", lang, "lora ou qlora pro qwen2.5 7b numa l40s?")
    for part in said:
        assert part in text


def test_the_json_answer_carries_the_comparison(capsys):
    data = json.loads(answer(capsys, "--json", "lora or qlora for llama 3.1 70b?"))
    sides = data["comparison"]["models"]
    assert [s["precision_name"] for s in sides] == [
        "LoRA (frozen 16-bit base)",
        "QLoRA (frozen 4-bit NF4 base)",
    ]


def test_a_method_said_in_a_follow_up_leaves_the_choice_behind():
    first = parse("lora ou qlora no llama 3.1 70b, 20M tokens")
    follow = parse("e com qlora?", base=first.workload)
    assert (follow.workload.stage, follow.workload.compare_stages) == (Stage.qlora, None)
    again = parse("e em 4 h100?", base=first.workload)
    assert (again.workload.stage, again.workload.compare_stages) == (Stage.lora, [Stage.qlora])
    served = parse("e pra inferência?", base=first.workload)
    assert served.workload.compare_stages is None


@pytest.mark.parametrize("shared", [False, True])
def test_method_comparisons_are_valid_block_kit(tmp_path, shared):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    for question, _, _ in PHRASINGS:
        reply = pipeline.ask(question, Where("slash_command", channel_id="C1", channel_shared=shared))
        assert reply.outcome == "answered", question
        blocks.validate(reply.message.blocks)
        _valid(reply.message.blocks)
        assert reply.comparison is not None and reply.comparison.sized, question
        assert "LoRA" in _text(reply.message.blocks)
    pipeline.log.close()
