"""Tokens of conversations are a fine-tune's data: "quero treinar o qwen3 8b com 1 bilhão de tokens de conversas de
atendimento" had been sized as a continued pre-training (2x H200, ZeRO-3, 98 GB of optimizer states) with
"conversas" not understood. Conversations teach a model to answer (supervised fine-tuning, SFT) whatever their
volume; the method follows the data-size rule (LoRA up to 2 billion tokens, sizing/plan.py adapter_for_data), and
the answer says how it read them."""

from __future__ import annotations

import pytest

from .gpu_size_run import answer, answer_json


@pytest.mark.parametrize(
    ("question", "model", "data"),
    [
        (
            "quero treinar o qwen3 8b com 1 bilhão de tokens de conversas de atendimento",
            "Qwen3 8B",
            "1 bi tokens",
        ),
        (
            "quero treinar o llama 3.1 8b com 300 milhões de tokens de diálogos de suporte",
            "Llama 3.1 8B",
            "300 mi",
        ),
        ("treinar o qwen3 8b com 500M tokens de chats dos clientes", "Qwen3 8B", "500 mi tokens"),
    ],
)
def test_tokens_of_conversations_are_a_lora_fine_tune_said_so(capsys, question, model, data):
    text = answer(capsys, question)
    first = text.splitlines()[0]
    assert "ajuste fino com LoRA" in first and "pré-treino" not in first, text
    assert "Não entendi" not in text, text
    assert (
        f"Li {data}" in text
        and f"de conversas como dados de ajuste fino supervisionado (SFT) do {model}" in text
    )
    assert "dimensionei LoRA" in text
    assert answer_json(capsys, question)["workload"]["stage"] == "lora"


def test_in_english_too(capsys):
    text = answer(capsys, "train qwen3 8b on 1B tokens of customer support chats")
    assert "LoRA fine-tuning" in text.splitlines()[0], text
    assert "I read 1B tokens of conversations as supervised fine-tuning (SFT) data for Qwen3 8B" in text


def test_billions_of_conversation_tokens_are_a_full_fine_tune_not_a_pretraining(capsys):
    text = answer(capsys, "quero treinar o qwen3 8b com 5 bilhões de tokens de conversas de atendimento")
    assert "ajuste fino completo" in text.splitlines()[0], text
    assert "Com mais de 2 bi tokens, dimensionei um ajuste fino completo" in text
    assert "sem um volume em tokens" not in text  # the plain "treinar" note had said no tokens were given


@pytest.mark.parametrize(
    "question",
    [
        "quero treinar o qwen3 8b com 1 bilhão de tokens de textos jurídicos",
        "pré-treino contínuo do qwen3 8b com 1 bilhão de tokens de conversas",
    ],
)
def test_other_tokens_and_a_pretraining_said_stay_a_pretraining(capsys, question):
    text = answer(capsys, question)
    assert "pré-treino contínuo" in text.splitlines()[0], text
    assert "dados de ajuste fino supervisionado" not in text


def test_portugals_bare_billion_is_read(capsys):
    # "mil milhões" with no number before it is one billion, as "2 mil milhões" was two (it had been unread)
    text = answer(capsys, "estou a pensar treinar o qwen3 8b com mil milhões de tokens de conversas")
    assert "Percebi: Qwen3 8B · ajuste fino com LoRA · 1 mil milhões de tokens de treino" in text, text
    assert "Não percebi" not in text
    text = answer(capsys, "pré-treino contínuo do qwen3 8b com mil milhões de tokens")
    assert "1 mil milhões de tokens de treino" in text.splitlines()[0]


def test_documents_counted_are_the_examples_of_a_reading_fine_tune(capsys):
    # "20 mil notas" had been "Não entendi: “20”, “mil”, “notas”" and a full fine-tune on 2x H200
    text = answer(capsys, "quero ensinar o qwen2.5-vl 7b a ler notas fiscais, tenho 20 mil notas")
    assert "ajuste fino com LoRA · 20.000 exemplos de treino" in text.splitlines()[0], text
    assert "Não entendi" not in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("fine-tune llama 3.1 8b, in english", "No method or data said: I sized a full fine-tune"),
        ("ajuste fino do qwen2.5 7b", "Sem método nem dados informados: dimensionei um ajuste fino completo"),
        (
            "afinar o qwen2.5 7b, em pt-pt",
            "Sem método nem dados indicados: dimensionei um ajuste fino completo",
        ),
    ],
)
def test_a_fine_tune_with_neither_method_nor_data_says_it_is_sized_full_and_lora_would_do(
    capsys, question, said
):
    # With 10k examples the same words size LoRA, said so; with nothing said the full fine-tune had been silent.
    text = answer(capsys, question)
    assert said in text and ("LoRA" in text.split(said)[1].split("\n")[0])
    assert answer_json(capsys, question)["workload"]["stage"] == "full"


@pytest.mark.parametrize(
    "question",
    [
        "full fine-tune llama 3.1 8b",  # the method said
        "fine-tune llama 3.1 8b on 10k examples",  # LoRA for its data, said in its own line
        "fine-tune llama 3.1 8b with zero-3 on 8 h100",  # a full fine-tune's recipe
        "treinar o llama 3.1 8b",  # its own line says it is a full fine-tune with the customer's data
    ],
)
def test_a_method_its_data_or_its_recipe_said_leave_no_such_line(capsys, question):
    text = answer(capsys, question)
    assert "No method or data said" not in text and "Sem método nem dados" not in text
