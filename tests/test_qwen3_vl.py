"""Qwen3-VL 8B, 30B-A3B and 235B-A22B: sized with their vision tower (models.toml cites the config.json facts
and counts the tower from transformers' modeling_qwen3_vl.py) and their image rule. Before, "qwen3-vl 8b" was
Qwen3 8B's text model with the encoder left out, and the MoE sizes the text models alone."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import QueryError, parse

from .gpu_size_run import answer


@pytest.mark.parametrize(
    ("text", "model", "billions"),
    [
        ("qwen3-vl 8b", "qwen3-vl-8b", 8.77),  # LM Studio's model page: 8.77B parameters
        ("Qwen/Qwen3-VL-8B-Instruct em fp8", "qwen3-vl-8b", 8.77),
        ("qwen3-vl 30b a3b para 20 usuários", "qwen3-vl-30b-a3b", 31.0),
        ("Qwen/Qwen3-VL-235B-A22B-Instruct em fp8", "qwen3-vl-235b-a22b", 235.6),
    ],
)
def test_each_is_sized_with_its_vision_tower(text, model, billions):
    result = size(parse(text).workload)
    assert result.workload.model.id == model
    assert result.workload.model.params / 1e9 == pytest.approx(billions, rel=0.01)


def test_the_8b_tower_is_the_difference_to_qwen3_8b():
    catalog = load_catalog()
    vl, text = catalog.model("qwen3-vl-8b"), catalog.model("qwen3-8b")
    # Same decoder; the vision tower (576,388,336 counted from its modules) is the rest, and 262,144 positions.
    assert vl.params - text.params == 576_388_336
    assert vl.max_context == 262_144


def test_images_take_32_pixel_blocks_and_the_answer_counts_them(capsys):
    out = answer(capsys, "qwen3-vl 8b para 10 usuários com 2 imagens por conversa")
    # A 1024x1024 image: 32 x 32 blocks of 32 pixels, plus its two markers.
    assert "Qwen3-VL 8B" in out and "2 imagens × 1.026 tokens" in out
    assert "codificador fica de fora" not in out


def test_the_family_alone_asks_which_and_uncatalogued_sizes_are_said_so():
    with pytest.raises(QueryError) as raised:
        parse("qwen3-vl para 10 usuários")
    assert "8B, 30B-A3B, 235B-A22B" in raised.value.message("pt-BR")
    for text, name in (("qwen3-vl 4b", "Qwen3-VL 4B"), ("qwen3 vl 32b", "Qwen3-VL 32B")):
        with pytest.raises(QueryError) as raised:
            parse(text)
        assert raised.value.key == "query.uncatalogued" and name in raised.value.message("pt-BR")
