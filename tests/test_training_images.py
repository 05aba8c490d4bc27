"""A vision-language fine-tune counts its images: each example's sequence holds its images' tokens by the model's
own rule (the one serving uses, sizing/images.py), one image per example unless said, with the vision encoder
frozen as the recipes leave it. "qlora qwen2.5 vl 7b com 10 mil imagens" had said "As imagens não entram nesta conta
de treino" and sized sequences of 2,048 text tokens only."""

from __future__ import annotations

import pytest

from .gpu_size_run import answer, answer_json


def _header(text: str) -> str:
    return next(line for line in text.splitlines() if "sequências de" in line or "sequences of" in line)


def test_qwen_vl_images_lengthen_each_sequence(capsys):
    question = "qlora qwen2.5 vl 7b com 10 mil imagens"
    text = answer(capsys, question)
    assert "As imagens não entram nesta conta" not in text
    assert "sequências de 3.419 tokens" in _header(text), text
    assert "considerei 1 imagem por exemplo de treino" in text
    assert "uma imagem de 1024×1024 vira 1.371 tokens" in text
    assert "Cada exemplo: 2.048 tokens de texto mais 1.371 tokens de imagem (1 imagem × 1.371 tokens)" in text
    assert "O codificador de visão fica congelado" in text and "freeze_vision_tower" in text
    assert "diga quantas (“3 imagens por conversa”)" not in text  # the images are counted now
    with_images = answer_json(capsys, question)["memory"]["activations"]
    text_only = answer_json(capsys, "qlora qwen2.5 vl 7b com 10 mil exemplos")["memory"]["activations"]
    assert with_images > 1.5 * text_only


def test_images_per_example_and_a_length_said_hold_the_images(capsys):
    text = answer(capsys, "lora qwen2.5 vl 7b, 20 mil exemplos com 3 imagens por exemplo, seq 8192")
    assert "Não entendi" not in text, text
    assert "· 3 imagens por exemplo" in text.splitlines()[0]  # each example's, not a conversation's
    assert "sequências de 8.192 tokens" in _header(text)
    assert "A sequência de 8.192 tokens inclui 4.113 tokens de imagem (3 imagens × 1.371 tokens)" in text
    assert "sobram 4.079 para o texto" in text


def test_llama_vision_reads_its_images_through_cross_attention(capsys):
    text = answer(capsys, "lora llama 3.2 11b vision, 5 mil imagens de 1024x1024")
    assert "sequências de 2.049 tokens" in _header(text), text
    assert "vira 4 blocos de 560×560 pixels, 1.601 tokens cada (6.404 tokens)" in text
    assert "lidos pelas 8 camadas de atenção cruzada" in text
    assert "O codificador de visão fica congelado" in text


@pytest.mark.parametrize(
    ("question", "tokens"),
    [
        ("lora qwen2.5-vl 7b on 10k images, 2 images per example", "4,790"),
        ("full fine-tune gemma 3 27b on 5k images", "2,308"),
    ],
)
def test_in_english_and_other_models(capsys, question, tokens):
    text = answer(capsys, question)
    assert f"sequences of {tokens} tokens" in _header(text), text
    assert "The vision encoder is frozen" in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "lora qwen2.5 vl 7b com 10 mil imagens, treinando também o encoder de visão",
            "O codificador de visão é treinado também, como pedido: as 32 camadas dele",
        ),
        (
            "lora qwen2.5-vl 7b on 10k images, also training the vision encoder",
            "The vision encoder is trained too, as asked: its 32 layers",
        ),
    ],
)
def test_a_vision_encoder_said_trained_adds_its_activations(capsys, question, said):
    text = answer(capsys, question)
    assert said in text and "5" in text
    assert "congelado" not in text and "is frozen" not in text
    trained = answer_json(capsys, question)["memory"]["activations"]
    frozen = answer_json(capsys, "lora qwen2.5 vl 7b com 10 mil imagens")["memory"]["activations"]
    # 32 layers' inputs over a 1024×1024 image's 5,476 patches (1280 wide, BF16) and one layer rebuilt
    assert trained - frozen == 32 * 5476 * 1280 * 2 + 5476 * 2 * (4 * 1280 + 3 * 1280 + 3 * 3420)
