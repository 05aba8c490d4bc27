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
        (
            "granite 4 350m para 5 usuários",
            "granite-4.0-350m",
        ),  # "4 350" is the version and the size, no 4,350
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


@pytest.mark.parametrize(
    ("text", "derivative", "base"),
    [
        # each had been sized as another size's architecture under its own name ("hermes 4 405b" as Qwen3 4B
        # with 40 layers: "4 405" read as 4,405) or said to be unknown
        ("hermes 4 70b para 10 usuários", "hermes-4-70b", "llama-3.1-70b"),
        ("hermes 4 405b para 10 usuários", "hermes-4-405b", "llama-3.1-405b"),
        ("NousResearch/Hermes-4-70B-FP8", "hermes-4-70b", "llama-3.1-70b"),
        ("baichuan m2 32b em 1 h100", "baichuan-m2-32b", "qwen2.5-32b"),
        ("gaia 4b numa L4", "gaia-4b", "gemma-3-4b"),
        ("CEIA-UFG/Gemma-3-Gaia-PT-BR-4b-it", "gaia-4b", "gemma-3-4b"),
        ("amadeus verbo 7b", "amadeus-verbo-7b", "qwen2.5-7b"),
        ("amadeus verbo 72b em 4 bits", "amadeus-verbo-72b", "qwen2.5-72b"),
    ],
)
def test_a_fine_tune_is_named_as_asked_and_sized_as_its_base(capsys, text, derivative, base):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (derivative, [])
    catalog = load_catalog()
    assert size(query.workload).workload.model.params == catalog.model(base).params
    # no config.json of its own was read: the answer says the base's shape is assumed
    out = answer(capsys, text)
    assert f"(arquitetura do {catalog.model(base).name})" in out


@pytest.mark.parametrize(
    ("text", "sizes"), [("hermes 4", ["70B", "405B"]), ("amadeus verbo", ["0.5B", "72B"])]
)
def test_a_fine_tune_series_alone_asks_which_size(text, sizes):
    with pytest.raises(QueryError) as raised:
        parse(f"{text} para 10 usuários")
    assert all(s in raised.value.message("pt-BR") for s in sizes)


@pytest.mark.parametrize(
    ("text", "name", "repo"),
    [
        # each had been sized as a catalogue model of its size ("apertus 70b" as Llama 3.1 70B, "mimo 7b" as
        # Mistral 7B, "internvl3.5 8b" as Llama 3.1 8B, "lfm2 8b a1b" as gpt-oss-20b with 10 layers), not
        # understood ("phi-4-mini-flash-reasoning", "smolvlm2") or answered with what fits ("moondream 2")
        ("apertus 70b para 20 usuários", "Apertus 70B (70B)", "swiss-ai/Apertus-70B-Instruct-2509"),
        ("apertus 8b", "Apertus 8B (8B)", "swiss-ai/Apertus-8B-Instruct-2509"),
        # ("lfm2 8b a1b" offers no repo: the Hub reader refuses LFM2's files, tests/test_hub_hybrids3.py)
        ("mimo 7b", "MiMo 7B (7B)", "XiaomiMiMo/MiMo-7B-RL"),
        ("internvl3.5 8b com 10 imagens", "InternVL3.5", "OpenGVLab/InternVL3_5-8B"),
        ("smolvlm2 numa L4", "SmolVLM2", "HuggingFaceTB/SmolVLM2-2.2B-Instruct"),
        (
            "phi-4-mini-flash-reasoning 64k",
            "Phi-4-mini-flash-reasoning (3.8B)",
            "microsoft/Phi-4-mini-flash-reasoning",
        ),
        ("moondream 2 em 1 h100", "Moondream 2", "vikhyatk/moondream2"),
        ("cabra 3 8b para 10 usuários", "Cabra (botbot-ai)", "botbot-ai/CabraLlama3-8b"),
    ],
)
def test_a_model_whose_architecture_is_not_cited_is_said_to_be_missing_with_its_repo(text, name, repo):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.uncatalogued" and name in raised.value.message("pt-BR")
    # the repository to paste, whose config.json the Hub reader reads
    assert f"`/gpu {repo}" in raised.value.hint("pt-BR")


def test_cabrita_is_said_to_be_missing_with_the_portuguese_models_we_size():
    with pytest.raises(QueryError) as raised:
        parse("cabrita para 10 usuários")
    assert raised.value.key == "query.uncatalogued" and "Sabiá-7B" in raised.value.params["similar"]


@pytest.mark.parametrize(
    ("text", "model", "params"),
    [
        # embedding models: they had been refused as outside the encoders' table
        ("gte-qwen2-7b-instruct numa L40S", "GTE Qwen2 7B Instruct", "7,07B"),
        ("nv-embed-v2 em 1 l4", "NV-Embed-v2", "7,85B"),
    ],
)
def test_the_large_embedding_models_are_sized_as_encoders(capsys, text, model, params):
    out = answer(capsys, text)
    assert f"{model} (modelo de embeddings, {params} parâmetros" in out
    # 16-bit weights: about 2 bytes a parameter, well under one L40S
    assert "GB de pesos em 16 bits" in out


@pytest.mark.parametrize(
    ("text", "lang", "maker"),
    [
        ("sabiá 3 para 100 usuários", "pt-BR", "(Maritaca AI)"),
        ("sabiazinho-4 numa h100", "pt-BR", "(Maritaca AI)"),
        ("can gemini 2.5 pro run on an H100?", "en", "(Google)"),
        ("claude 3.5 sonnet para 100 usuários", "pt-BR", "(Anthropic)"),
    ],
)
def test_a_closed_model_names_whose_api_it_runs_on(text, lang, maker):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.closed_model" and maker in raised.value.message(lang)


def test_sabia_7b_stays_open_and_the_verb_sabia_is_no_model():
    assert parse("sabia 7b para 10 usuários").workload.model == "sabia-7b"
    assert parse("eu não sabia se cabe o llama 8b numa l4").workload.model == "llama-3.1-8b"
