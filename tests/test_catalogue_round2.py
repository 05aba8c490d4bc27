"""Models customers name that had been refused or sized as another model, now in models.toml from published
config.json figures: Command R7B (its card's "7B" leaves out a 256k vocabulary's embedding table)."""

import pytest

from sizing.catalog import load_catalog
from sizing.query import QueryError, parse

from .gpu_size_run import answer, answer_json


@pytest.mark.parametrize(
    "text",
    [
        "command r7b 20 usuários",
        "CohereForAI/c4ai-command-r7b-12-2024 numa L4",
        "CohereLabs/c4ai-command-r7b-12-2024",
        "cohere command r 7b com 32k de contexto",
        "command-r7b-12-2024 em 4 bits",
        "c4ai command r7b for 10 users",
    ],
)
def test_command_r7b_is_sized_as_itself(text):
    # "command r7b" had asked which Command model, listing none of 7B
    assert parse(text).workload.model == "command-r7b"


def test_command_r7b_counts_its_shapes_and_says_what_its_cards_7b_leaves_out(capsys):
    m = load_catalog().model("command-r7b")
    # 8.03B in all, Hugging Face's count; the card's 7B is the count without the tied 256k x 4096 embeddings
    assert m.parts.embeddings == 256_000 * 4096
    assert 8.02e9 < m.params < 8.04e9 and abs(m.params - m.parts.embeddings - 7e9) / 7e9 < 0.01
    assert "embedding" in m.params_official_scope
    data = answer_json(capsys, "command r7b 10 usuários")
    model = data["workload"]["model"]
    assert (model["id"], model["name"], model["params"]) == ("command-r7b", "Command R7B (12-2024)", m.params)
    assert data["memory"]["weights"] == 2 * m.params  # 16 GB at BF16, not a 7B model's 14
    # Three of every four layers keep the last 4,096 tokens: the answer says so
    out = answer(capsys, "command r7b 64k 10 usuários")
    assert "24 das 32 camadas usam atenção local de 4.096 tokens" in out
    assert "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in out


def test_the_command_family_lists_r7b():
    with pytest.raises(QueryError) as raised:
        parse("qual command?")
    assert raised.value.key == "query.family_model"
    assert "Command R7B (12-2024)" in raised.value.params["models"]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("nemotron ultra", "pt-BR"),
        ("quanto de gpu pro nemotron ultra com 10 usuários?", "pt-BR"),
        ("which gpus for nvidia nemotron ultra?", "en"),
        ("nemotron-ultra em fp8", "pt-BR"),
    ],
)
def test_nemotron_ultra_alone_asks_which_of_the_two(text, lang):
    # It had been "Não entendi: nemotron, ultra": the name is Llama 3.1 Nemotron Ultra 253B's and Nemotron 3
    # Ultra's (550B-A55B, not catalogued), so the answer names both and asks which.
    with pytest.raises(QueryError) as raised:
        parse(text)
    said = raised.value.message(lang)
    assert raised.value.key == "query.shared_name"
    assert "Llama 3.1 Nemotron Ultra 253B" in said and "Nemotron 3 Ultra (550B-A55B)" in said
    assert "`/gpu " in said and "llama 3.1 nemotron ultra 253b" in said


@pytest.mark.parametrize(
    "text",
    ["nemotron ultra 253b", "llama 3.1 nemotron ultra", "llama nemotron ultra fp8", "nemotron ultra v1"],
)
def test_a_nemotron_ultra_named_whole_is_sized(text):
    assert parse(text).workload.model == "llama-3.1-nemotron-ultra-253b"


def test_nemotron_3_ultra_is_said_to_be_uncatalogued_with_the_253b_offered():
    with pytest.raises(QueryError) as raised:
        parse("nemotron 3 ultra para 20 usuários")
    said = raised.value.message("pt-BR")
    assert raised.value.key == "query.uncatalogued" and "Nemotron 3 Ultra (550B-A55B)" in said
    assert raised.value.params["similar"] == "Llama 3.1 Nemotron Ultra 253B"


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # each had been sized as another model's architecture ("olmo 3 7b" as Mistral 7B) with a note that the
        # family is not catalogued
        ("olmo 3 7b", "olmo-3-7b"),
        ("allenai/Olmo-3-7B-Instruct com 32k", "olmo-3-7b"),
        ("olmo 3 7b think para 10 usuários", "olmo-3-7b"),
        ("olmo 3 32b think 64k", "olmo-3-32b"),
        ("olmo 2 7b", "olmo-2-7b"),
        ("allenai/OLMo-2-1124-7B-Instruct em 4 bits", "olmo-2-7b"),
        ("olmo 2 13b 10 usuários", "olmo-2-13b"),
        ("the olmo 2 13b for 5 users", "olmo-2-13b"),
        ("olmo-2-1124-13b", "olmo-2-13b"),
        ("olmo 2 32b", "olmo-2-32b"),
    ],
)
def test_olmo_2_and_3_are_sized_as_themselves(text, model):
    workload = parse(text).workload
    assert workload.model == model and workload.family_typed is None


def test_olmo_shapes_count_their_published_sizes_and_olmo_3_keeps_a_window(capsys):
    catalog = load_catalog()
    # 7.30B, 13.7B and 7.30B: the names round (untied 100k-token vocabularies)
    for model, low, high in (
        ("olmo-2-7b", 7.29, 7.31),
        ("olmo-2-13b", 13.7, 13.8),
        ("olmo-3-7b", 7.29, 7.31),
    ):
        assert low * 1e9 < catalog.model(model).params < high * 1e9, model
    olmo3 = answer_json(capsys, "olmo 3 7b 64k 10 usuários")
    olmo2 = answer_json(capsys, "olmo 2 7b 4k 10 usuários")
    # 8 of Olmo 3's 32 layers attend to everything: at 64k its KV per token is far below OLMo 2's x 16
    assert (
        olmo3["workload"]["model"]["max_context"] == 65_536
        and olmo2["workload"]["model"]["max_context"] == 4096
    )
    assert olmo3["memory"]["kv_cache"] < 16 * olmo2["memory"]["kv_cache"] / 3
    out = answer(capsys, "olmo 3 7b 64k 10 usuários")
    assert "24 das 32 camadas usam atenção local de 4.096 tokens" in out
    assert "família que não está no catálogo" not in out


@pytest.mark.parametrize(("text", "series"), [("olmo 3 para 10 usuarios", "Olmo 3"), ("olmo 2", "OLMo 2")])
def test_an_olmo_release_without_a_size_asks_which(text, series):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.series_size" and raised.value.params["series"] == series


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # "gemma 3 270m" had been Gemma 3 27B: a 270M edge model sized as one a hundred times larger
        ("gemma 3 270m", "gemma-3-270m"),
        ("gemma3:270m para 50 usuários", "gemma-3-270m"),
        ("google/gemma-3-270m-it numa L4", "gemma-3-270m"),
        ("fine tuning lora do gemma 270m", "gemma-3-270m"),
        ("functiongemma", "functiongemma-270m"),
        ("google/functiongemma-270m-it", "functiongemma-270m"),
    ],
)
def test_gemma_3_270m_is_its_own_model_not_the_27b(text, model):
    assert parse(text).workload.model == model


def test_gemma_3_270m_weighs_its_270m_parameters(capsys):
    m = load_catalog().model("gemma-3-270m")
    # Google's 270M: 170M embedding (262,144 x 640, tied) and 100M in the blocks
    assert m.parts.embeddings == 262_144 * 640 and 267e6 < m.params < 270e6
    data = answer_json(capsys, "gemma 3 270m 32k 50 usuários")
    assert data["workload"]["model"]["name"] == "Gemma 3 270M"
    assert data["memory"]["weights"] == 2 * m.params  # 0.54 GB, not Gemma 3 27B's 54 GB


@pytest.mark.parametrize(
    "text",
    ["tinyllama", "TinyLlama/TinyLlama-1.1B-Chat-v1.0", "tiny llama para 10 usuários", "tinyllama 1.1b"],
)
def test_tinyllama_is_sized_from_its_config(text):
    # it had been "Não entendi: tinyllama"
    assert parse(text).workload.model == "tinyllama-1.1b"
    assert abs(load_catalog().model("tinyllama-1.1b").params - 1.1e9) < 0.01 * 1.1e9


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("falcon h1 7b", "Falcon-H1 7B"),
        ("falcon-h1 34b para 20 usuários", "Falcon-H1 34B"),
        ("falcon h1", "Falcon-H1"),
    ],
)
def test_falcon_h1_is_said_uncatalogued_not_sized_as_falcon_7b(text, name):
    # "falcon h1 7b" had been a 7B sized by its size with "h1" not understood: a parallel attention + Mamba-2
    # hybrid the catalogue does not describe. A size's own entry points to its repo, which the Hub reader sizes.
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.uncatalogued" and raised.value.params["name"] == name
    assert f"{name} (" in raised.value.message("pt-BR")
