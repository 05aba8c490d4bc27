"""Models customers name that had been sized as another model, read as a family's other member, or not
understood: Granite 4.0 Micro and Nano, Nemotron 3 Nano (models.toml cites each config.json or card table)."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import QueryError, parse

from .gpu_size_run import answer


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # "granite 4.0 micro" had been Granite 4.0 H Tiny with "micro" not understood
        ("granite 4.0 micro em 1 h100", "granite-4.0-micro"),
        ("ibm-granite/granite-4.0-micro", "granite-4.0-micro"),
        ("granite 4.0 h micro 10 usuários", "granite-4.0-h-micro"),
        # "granite 4.0 h 1b" had been a contradiction, "granite 4.0 350m" 350 million tokens of context
        ("granite 4.0 h 1b", "granite-4.0-h-1b"),
        ("granite-4.0-1b numa L4", "granite-4.0-1b"),
        ("granite 4.0 350m", "granite-4.0-350m"),
        ("ibm-granite/granite-4.0-h-350m", "granite-4.0-h-350m"),
        # "nemotron 3 nano" had been a what-fits answer for the GPU, the model not read at all
        ("nemotron 3 nano em 1 h100", "nemotron-3-nano-30b-a3b"),
        ("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 32k", "nemotron-3-nano-30b-a3b"),
        ("nemotron 3 nano 4b", "nemotron-3-nano-4b"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


def test_granite_4_micro_is_a_plain_transformer_unlike_h_micro():
    catalog = load_catalog()
    micro, h_micro = catalog.model("granite-4.0-micro"), catalog.model("granite-4.0-h-micro")
    assert 3.35e9 < micro.params < 3.45e9
    # 40 attention layers x 2 (K and V) x 8 KV heads x 64 x 2 bytes: every layer keeps a KV cache
    micro_kv = size(parse("granite 4.0 micro 32k").workload).kv_bytes_per_conversation
    assert micro_kv == 40 * 2 * 8 * 64 * 2 * 32_768
    # H Micro keeps a KV cache in 4 layers only (and a fixed Mamba-2 state in 36)
    h_kv = size(parse("granite 4.0 h micro 32k").workload).kv_bytes_per_conversation
    assert h_kv < micro_kv / 5 and h_micro.params < micro.params


@pytest.mark.parametrize(
    ("model_id", "official"),
    [
        ("granite-4.0-1b", 1.6e9),
        ("granite-4.0-h-1b", 1.5e9),
        ("granite-4.0-350m", 350e6),
        ("granite-4.0-h-350m", 340e6),
    ],
)
def test_granite_4_nano_counts_match_their_card(model_id, official):
    # the card's table gives each one's count: the shapes land within 3% of it
    assert abs(load_catalog().model(model_id).params / official - 1) < 0.03


def test_granite_4_alone_asks_which_size():
    with pytest.raises(QueryError) as raised:
        parse("granite 4.0 para 10 usuários")
    said = raised.value.message("pt-BR")
    assert "Micro" in said and "H Small" in said and "350M" in said


def test_nemotron_3_nano_keeps_a_kv_cache_in_6_of_52_layers(capsys):
    model = load_catalog().model("nemotron-3-nano-30b-a3b")
    # the card: 31.6B total, 3.2B active (3.6B counting the embeddings)
    assert abs(model.params / 31.6e9 - 1) < 0.01 and 3.4e9 < model.active_params < 3.7e9
    result = size(parse("nemotron 3 nano 10 usuários 32k").workload)
    attention = 6 * 2 * 2 * 128 * 2  # 6 layers x K,V x 2 KV heads x 128 x 2 bytes
    assert attention * 32_768 < result.kv_bytes_per_conversation < attention * 32_768 * 1.3
    out = answer(capsys, "nemotron 3 nano 10 usuários 32k")
    assert "Nemotron 3 Nano 30B-A3B" in out and "31,6B parâmetros" in out


@pytest.mark.parametrize(("text", "name"), [("nemotron 3 super", "Nemotron 3 Super (120B-A12B)")])
def test_nemotron_3_super_is_said_to_be_uncatalogued(text, name):
    # it had been a what-fits answer: "super" and "nemotron 3" read as nothing
    with pytest.raises(QueryError) as raised:
        parse(f"{text} para 20 usuários")
    assert raised.value.key == "query.uncatalogued" and name in raised.value.message("pt-BR")
