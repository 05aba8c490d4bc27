"""Open-weight models customers name that the catalogue had lacked: Yi-1.5 34B (and Yi 34B), Falcon3 10B, OLMo 2
32B, Seed-OSS 36B, ERNIE 4.5 21B-A3B and 300B-A47B, DBRX, Grok-1, Aya Expanse 32B and 8B and SmolLM3 3B (config
copies cited in models.toml). They had been sized as a stand-in of another family ("yi 34b" as Qwen3 32B with 67
layers, "ernie 4.5 300b" as a dense Llama 3.1 405B), refused ("dbrx") or called closed ("grok 1"). Grok 2,
whose config is not cited, is said to be missing rather than sized as another model (Gervásio 7B and
Snowflake Arctic, once said missing too, are sized now: tests/test_catalogue_sourced_again.py).

Then Granite 3.3 8B and 2B, InternLM3 8B, EXAONE 4.0 32B and Phi-3.5-MoE ("granite 3.3 2b" had been Qwen2.5 1.5B
with 38 layers, "exaone 4.0 32b" Qwen3 32B, "internlm3 8b" Llama 3.1 8B, "phi 3.5 moe" asked which Phi); EXAONE
4.0 1.2B is said to be missing (Codestral 22B and Solar Pro, once with it, are sized now, and so is Phi-3
Medium 128K: tests/test_verified_catalogue_models.py).

StarCoder2 15B is sized from its config.json (it had been said missing); StarCoder2 7B and 3B, whose tied or
untied embeddings are not cited, are said missing (they had been sized as Mistral 7B v0.3 and Qwen2.5 3B)."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import QueryError, parse


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("yi 34b 10 usuarios", "yi-34b"),  # had been Qwen3 32B with 67 layers, "yi" not understood
        ("01-ai/Yi-34B-Chat em fp8", "yi-34b"),
        ("yi 1.5 34b com 4k", "yi-1.5-34b"),
        ("olmo 2 32b", "olmo-2-32b"),  # had been "a family the catalogue lacks", sized as Qwen3 32B
        ("Yi-1.5-34B-Chat", "yi-1.5-34b"),
        ("falcon3 10b", "falcon3-10b"),  # had been Falcon 40B with 14 layers
        ("falcon 3 10b instruct para 5 usuários", "falcon3-10b"),
        ("tiiuae/Falcon3-10B-Instruct", "falcon3-10b"),
        ("allenai/OLMo-2-0325-32B-Instruct 8bit", "olmo-2-32b"),
        ("seed oss 36b com 128k", "seed-oss-36b"),
        ("seed-oss 36b para 10 usuarios", "seed-oss-36b"),  # "oss" is no gpt-oss family word here
        ("ByteDance-Seed/Seed-OSS-36B-Instruct", "seed-oss-36b"),
        ("ernie 4.5 300b a47b", "ernie-4.5-300b-a47b"),  # had been a dense Llama 3.1 405B with 93 layers
        ("ernie 4.5 300b 10 usuarios", "ernie-4.5-300b-a47b"),
        ("baidu/ERNIE-4.5-300B-A47B-PT fp8", "ernie-4.5-300b-a47b"),
        ("ernie 4.5 21b a3b", "ernie-4.5-21b-a3b"),
        ("ERNIE-4.5-21B-A3B-Thinking 32k", "ernie-4.5-21b-a3b"),
        ("dbrx", "dbrx"),  # had been "Não entendi"
        ("dbrx instruct para 20 usuarios", "dbrx"),
        ("databricks/dbrx-instruct", "dbrx"),
        ("grok 1", "grok-1"),  # had been refused as a closed model
        ("grok-1 fp8 com 8k", "grok-1"),
        ("xai-org/grok-1", "grok-1"),
        ("aya expanse 32b para 10 usuarios", "aya-expanse-32b"),
        ("CohereForAI/aya-expanse-8b", "aya-expanse-8b"),
        ("smollm3 3b", "smollm3-3b"),
        ("HuggingFaceTB/SmolLM3-3B", "smollm3-3b"),
        ("granite 3.3 8b 10 usuarios", "granite-3.3-8b"),  # had been Llama 3.1 8B under its name
        ("ibm-granite/granite-3.3-8b-instruct fp8", "granite-3.3-8b"),
        ("Granite-3.3-8B-Instruct com 32k", "granite-3.3-8b"),
        ("granite 3.3 de 8b", "granite-3.3-8b"),  # the series with a size
        ("granite 3.3 2b", "granite-3.3-2b"),  # had been Qwen2.5 1.5B with 38 layers
        ("granite3.3 2b instruct para 5 usuários", "granite-3.3-2b"),
        ("ibm-granite/granite-3.3-2b-base", "granite-3.3-2b"),
        ("internlm3 8b", "internlm3-8b"),  # had been Llama 3.1 8B
        ("InternLM3-8B-Instruct 4bit 20 usuarios", "internlm3-8b"),
        ("internlm/internlm3-8b-instruct", "internlm3-8b"),
        ("exaone 4.0 32b para 20 usuarios", "exaone-4.0-32b"),  # had been Qwen3 32B
        ("EXAONE-4.0-32B com 128k", "exaone-4.0-32b"),
        ("LGAI-EXAONE/EXAONE-4.0-32B fp8", "exaone-4.0-32b"),
        ("phi 3.5 moe", "phi-3.5-moe"),  # had been asked which Phi
        ("Phi-3.5-MoE-instruct 10 usuarios", "phi-3.5-moe"),
        ("microsoft/Phi-3.5-MoE-instruct em 4 bits", "phi-3.5-moe"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


# The parameter counts the checkpoints publish (Hugging Face's leaderboard requests for Aya Expanse; the tests
# of a KV planner for ERNIE 4.5 21B-A3B: "21.8B in all"; Granite 3.3 8B's safetensors as a parameter registry
# lists them; FuriosaAI's card for EXAONE 4.0 32B FP8), against the shapes' own counts.
@pytest.mark.parametrize(
    ("model_id", "billions", "tolerance"),
    [
        ("aya-expanse-32b", 32.296, 0.0001),
        ("aya-expanse-8b", 8.028, 0.0001),
        ("ernie-4.5-21b-a3b", 21.8, 0.002),
        ("yi-1.5-34b", 34.39, 0.001),
        ("seed-oss-36b", 36, 0.01),
        ("olmo-2-32b", 32, 0.01),
        ("ernie-4.5-300b-a47b", 300, 0.01),
        ("dbrx", 132, 0.01),
        ("grok-1", 314, 0.01),
        ("granite-3.3-8b", 8.170864640, 1e-9),
        ("exaone-4.0-32b", 32.003216384, 1e-9),
        ("phi-3.5-moe", 41.9, 0.002),
        ("granite-3.3-2b", 2.5, 0.02),
        ("internlm3-8b", 8, 0.11),  # the name's 8B; the shape holds 8.80B, as its scope says
    ],
)
def test_the_shapes_give_the_published_parameter_counts(model_id, billions, tolerance):
    model = load_catalog().model(model_id)
    assert abs(model.params / (billions * 1e9) - 1) < tolerance, model.params


@pytest.mark.parametrize(
    ("model_id", "active_billions"),
    [("ernie-4.5-300b-a47b", 47), ("ernie-4.5-21b-a3b", 3), ("dbrx", 36), ("phi-3.5-moe", 6.6)],
)
def test_the_moe_models_read_their_cards_active_parameters_per_token(model_id, active_billions):
    # ERNIE's card counts the embeddings in its A47B and A3B; Databricks' 36B and Phi-3.5-MoE's 6.6B active
    # likewise (within 12%).
    model = load_catalog().model(model_id)
    assert abs(model.active_params / (active_billions * 1e9) - 1) < 0.12, model.active_params


@pytest.mark.parametrize(
    ("text", "layers", "kv_heads", "head_dim"),
    [
        ("grok 1", 64, 8, 128),
        ("ernie 4.5 300b", 54, 8, 128),
        ("dbrx", 40, 8, 128),
        ("seed oss 36b", 64, 8, 128),
        ("yi 34b", 60, 8, 128),
        ("falcon3 10b", 40, 4, 256),
        ("aya expanse 32b", 40, 8, 128),
        ("granite 3.3 8b", 40, 8, 128),
        ("granite 3.3 2b", 40, 8, 64),
        ("internlm3 8b", 48, 2, 128),
        ("phi 3.5 moe", 32, 8, 128),
    ],
)
def test_the_kv_cache_is_the_models_own(text, layers, kv_heads, head_dim):
    # 2 (K and V) x layers x KV heads x head width x 2 bytes (BF16): a stand-in of another family gets this wrong
    result = size(parse(text).workload)
    assert result.kv_bytes_per_token == 2 * layers * kv_heads * head_dim * 2


def test_the_windows_are_the_configs():
    catalog = load_catalog()
    windows = {
        m: catalog.model(m).max_context
        for m in ("grok-1", "seed-oss-36b", "ernie-4.5-300b-a47b", "dbrx", "internlm3-8b", "exaone-4.0-32b")
    }
    assert windows == {
        "grok-1": 8192,
        "seed-oss-36b": 524_288,
        "ernie-4.5-300b-a47b": 131_072,
        "dbrx": 32_768,
        "internlm3-8b": 32_768,
        "exaone-4.0-32b": 131_072,
    }
    # Phi-3.5-MoE's 128K is its config's LongRoPE window, as Phi-3.5 Mini's.
    assert catalog.model("phi-3.5-moe").max_context == catalog.model("phi-3.5-mini").max_context == 131_072
    # Yi 34B is Yi-1.5 34B's shape: answers name it as asked and size the catalogue's model.
    assert size(parse("yi 34b").workload).workload.model.max_context == 4096


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("aya expanse 32b", "Licença: o Aya Expanse 32B é publicado sob CC-BY-NC 4.0"),
        ("aya expanse 32b pt-pt", "apenas para uso não comercial"),
        ("aya expanse 32b en", "Licence: Aya Expanse 32B is published under CC-BY-NC 4.0"),
        ("exaone 4.0 32b", "Licença: o EXAONE 4.0 32B é publicado sob a EXAONE AI Model License 1.2 - NC"),
        ("exaone 4.0 32b pt-pt", "EXAONE AI Model License 1.2 - NC: apenas para uso não comercial"),
        (
            "exaone 4.0 32b en",
            "Licence: EXAONE 4.0 32B is published under the EXAONE AI Model License 1.2 - NC",
        ),
    ],
)
def test_a_non_commercial_licence_is_said(text, said):
    result = size(parse(text).workload)
    assert any(said in a for a in result.assumptions)


@pytest.mark.parametrize("text", ["granite 3.3 8b", "internlm3 8b", "phi 3.5 moe"])
def test_an_open_licence_is_not_said(text):
    result = size(parse(text).workload)
    assert not any("Licença" in a for a in result.assumptions)


def test_exaone_keeps_every_token_in_one_layer_of_four_and_a_window_in_the_rest():
    # 16 full-attention layers keep every token, 48 sliding-window layers the last 4,096 at most
    # (transformers Exaone4Config: sliding_window 4096, pattern LLLG over 64 layers).
    per_layer_token = 2 * 8 * 128 * 2
    for tokens in (2048, 32_768, 131_072):
        result = size(parse(f"exaone 4.0 32b com {tokens} tokens").workload)
        expected = 16 * per_layer_token * tokens + 48 * per_layer_token * min(tokens, 4096)
        assert result.kv_bytes_per_conversation == pytest.approx(expected, rel=0.01), tokens


def test_granite_3_3_alone_asks_which_size():
    with pytest.raises(QueryError) as raised:
        parse("granite 3.3 para 10 usuarios")
    assert raised.value.key == "query.series_size"
    assert "2B, 8B" in raised.value.message("pt-BR")


@pytest.mark.parametrize("text", ["grok 1", "Grok-1 para 10 usuarios", "grok1 fp8"])
def test_grok_1_is_open_weights(text):
    assert parse(text).workload.model == "grok-1"


@pytest.mark.parametrize("text", ["grok 3", "grok-3 mini", "grok 4 heavy para 10 usuarios", "grok", "grok4"])
def test_grok_3_4_and_the_chatbot_stay_closed(text):
    with pytest.raises(SizingError) as e:
        parse(text)
    assert e.value.key == "query.closed_model"


@pytest.mark.parametrize(
    ("text", "name", "repo"),
    [
        ("grok 2", "Grok 2", "xai-org/grok-2"),  # had been refused as closed; xAI published its weights
        ("grok-2 para 10 usuarios", "Grok 2", "xai-org/grok-2 para 10 usuarios"),
        ("starcoder2 7b", "StarCoder2 7B", "bigcode/starcoder2-7b"),  # had been Mistral 7B v0.3
        ("starcoder 2 3b com 8k", "StarCoder2 3B", "bigcode/starcoder2-3b com 8k"),
        ("exaone 4.0 1.2b", "EXAONE 4.0 1.2B", "LGAI-EXAONE/EXAONE-4.0-1.2B"),
    ],
)
def test_models_whose_configs_are_not_cited_are_said_missing_not_sized_as_another(text, name, repo):
    with pytest.raises(QueryError) as raised:
        parse(text)
    error = raised.value
    assert error.key == "query.uncatalogued"
    assert f"O {name} (" in error.message("pt-BR")
    assert error.hint("pt-BR").split("`")[1] == f"/gpu {repo}"


def test_a_window_past_yi_1_5s_4k_is_refused_not_sized():
    # Yi-1.5 34B's config.json holds 4,096 positions (its 16K and 32K re-releases are other repos).
    with pytest.raises(SizingError) as e:
        size(parse("01-ai/Yi-1.5-34B-Chat-AWQ 8k").workload)
    assert e.value.key == "context_beyond_model"


@pytest.mark.parametrize(
    "text",
    [
        "starcoder2 15b",
        "StarCoder2-15B para 10 usuarios",
        "bigcode/starcoder2-15b em fp8",
        "starcoder 2 15b instruct",
    ],
)
def test_starcoder2_15b_is_sized_from_its_config(text):
    # It had been said missing ("ainda não está no catálogo"): GQA with 4 KV heads of 128, 40 layers, a
    # plain GELU MLP and LayerNorm with biases, 16,384 positions.
    r = size(parse(text).workload)
    assert r.workload.model.id == "starcoder2-15b"
    assert load_catalog().model("starcoder2-15b").context_limit == 16_384
    kv_per_token = 2 * 4 * 128 * 40 * 2  # K and V x KV heads x head width x layers x BF16 bytes
    assert r.memory.kv_cache == kv_per_token * r.workload.context_tokens * r.workload.users


def test_starcoder2_15b_is_refused_past_its_16k_window():
    with pytest.raises(SizingError) as e:
        size(parse("starcoder2 15b com 32k").workload)
    assert e.value.key == "context_beyond_model"


@pytest.mark.parametrize("text", ["phi 3 medium com 200k", "phi 3 medium com 1m de contexto"])
def test_past_the_128k_release_too_no_variant_is_offered(text):
    with pytest.raises(SizingError) as e:
        size(parse(text).workload)
    assert "128K" not in e.value.hint("pt-BR")


def test_the_newest_sibling_that_reads_the_window_comes_first():
    # 16k: Phi-4 14B, newer than the Phi-3 Medium 128K, reads it.
    with pytest.raises(SizingError) as e:
        size(parse("phi 3 medium com 16k").workload)
    assert "Phi-4 14B" in e.value.hint("pt-BR") and "128K" not in e.value.hint("pt-BR")
