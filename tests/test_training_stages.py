"""A plan in two training stages ("continued pretraining do qwen2.5 7b com 2B tokens e depois SFT com lora em 10
mil exemplos"): it had been refused as a contradiction between two methods. The heavier stage is sized in
full (memory, setup, time from its own data) and the other in a note, with its own data, setup and time.
Through the real parser, engine and `gpu-size`."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from sizing.query import parse
from sizing.workload import Stage


def answer(capsys, *argv: str) -> str:
    assert gpu_size(list(argv)) == 0
    return capsys.readouterr().out


CASES = [
    (
        "continued pretraining do qwen2.5 7b com 2B tokens e depois SFT com lora em 10 mil exemplos",
        "pt-BR",
        "Entendi: Qwen2.5 7B · treino do zero / pré-treino contínuo · 2 bi tokens de treino · depois ajuste fino"
        " com LoRA (10.000 exemplos de treino)",
        "para 2 bi tokens",
        "Treino em duas etapas: a resposta acima é a da mais pesada, treino do zero / pré-treino contínuo. A etapa"
        " seguinte, ajuste fino com LoRA (10.000 exemplos de treino), dimensionada à parte: 1× L40S 48 GB,"
        " ~1 hora de treino.",
    ),
    (
        "pré-treino continuado do qwen2.5 7b com 2 mil milhões de tokens e a seguir um fine-tune com LoRA em 10 mil"
        " exemplos",
        "pt-PT",
        "Percebi: Qwen2.5 7B · treino do zero / pré-treino contínuo · 2 mil milhões de tokens de treino · depois"
        " ajuste fino com LoRA (10\u00a0000 exemplos de treino)",
        "para 2 mil milhões de tokens",
        "A etapa seguinte, ajuste fino com LoRA (10\u00a0000 exemplos de treino), dimensionada à parte: 1× L40S 48 GB,"
        " ~1 hora de treino.",
    ),
    (
        "continued pre-training of llama 3.1 8b on 5B tokens, then LoRA SFT on 20k examples",
        "en",
        "Understood: Llama 3.1 8B · training from scratch / continued pre-training · 5B training tokens · then"
        " LoRA fine-tuning (20,000 training examples)",
        "for 5B tokens",
        "Two-stage training: the answer above is for the heavier stage, training from scratch / continued"
        " pre-training. The stage after it, LoRA fine-tuning (20,000 training examples), sized on its own:"
        " 1× L40S 48 GB, ~3 hours of training.",
    ),
]


@pytest.mark.parametrize(("question", "lang", "understood", "estimate", "note"), CASES)
def test_two_stages_size_the_heavier_and_note_the_other(capsys, question, lang, understood, estimate, note):
    out = answer(capsys, question, "--lang", lang)
    assert out.splitlines()[0] == understood
    # the full answer is the continued pre-training's, timed from its own tokens
    assert "2× H200 SXM 141 GB" in out.split("\n\n")[3]
    assert estimate in out
    assert note in out


def test_the_heavier_stage_may_come_second(capsys):
    """ "primeiro um LoRA, depois um pré-treino": the answer is still the heavier's, and the note the stage
    before it."""
    out = answer(capsys, "primeiro um fine-tune com lora do qwen2.5 7b em 10 mil exemplos, depois um pré-treino"
                 " continuado com 2B tokens")  # fmt: skip
    assert "para 2 bi tokens" in out
    assert (
        "A etapa anterior, ajuste fino com LoRA (10.000 exemplos de treino), dimensionada à parte: 1× L40S"
        in out
    )


@pytest.mark.parametrize(
    ("question", "then", "tokens", "examples"),
    [
        ("pré-treino continuado e depois fine-tune do llama 3.1 8b", Stage.full, None, None),
        (
            "primeiro pré-treino continuado do qwen2.5 7b com 1B tokens, depois LoRA em 5 mil exemplos",
            Stage.lora,
            1_000_000_000,
            None,
        ),
    ],
)
def test_each_stage_keeps_its_own_data(question, then, tokens, examples):
    w = parse(question).workload
    assert (w.stage, w.then_stage, w.tokens, w.examples) == (Stage.pretrain, then, tokens, examples)


def test_training_then_serving_is_no_second_stage():
    w = parse("fine-tune do llama 3.1 8b com lora e depois servir pra 50 usuários").workload
    assert (w.stage, w.then_stage) == (Stage.lora, None)
