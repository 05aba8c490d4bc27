"""An audit of model names as customers type them, older and newer, through gpu-size: each is the model named
(the "Entendi" line), a question asking which size (a family named alone), or an honest "not in the catalogue"
with the repo to paste; never another family's model of the same size. Those that broke it had been sized as
another model: "qwen2-vl 7b" as Mistral 7B v0.3 (the vision word glued to the name dropped it), "codellama 34b"
as Qwen3 32B with 67 layers (Code Llama 34B has 48 layers and 8 KV heads: its config.json, models.toml),
"deepseek-coder 6.7b" as Mistral 7B, "baichuan 2 7b" as Qwen2.5 7B, "gemma 7b" as Gemma 2 9B cut to 32 layers."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse


def _said(capsys, name: str) -> str:
    """The first line gpu-size says for the name asked about with 10 users: the answer's, or its refusal's."""
    gpu_size([f"{name} para 10 usuários"])
    out = capsys.readouterr()
    return (out.out or out.err).strip().splitlines()[0]


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    # A repo id is read by its name, as with the Hub unreachable: the catalogue answers for the repos it lists.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")


@pytest.mark.parametrize(
    ("name", "understood"),
    [
        # Code Llama (Llama 2's generation, 16,384 positions): each size its own architecture.
        ("codellama 7b", "Code Llama 7B"),
        ("codellama 13b", "Code Llama 13B"),
        ("codellama 34b", "Code Llama 34B"),
        ("codellama 70b", "Code Llama 70B"),
        ("code llama 34b", "Code Llama 34B"),
        ("code-llama-13b-instruct", "Code Llama 13B"),
        ("CodeLlama-7b-Python-hf", "Code Llama 7B"),
        ("codellama/CodeLlama-34b-Instruct-hf", "Code Llama 34B"),
        ("codellama:70b", "Code Llama 70B · GGUF Q4_K_M"),  # an Ollama tag: its default file
        # Qwen2-VL, with its vision encoder
        ("qwen2-vl 7b", "Qwen2-VL 7B"),
        ("qwen2-vl 72b", "Qwen2-VL 72B"),
        ("qwen2 vl 7b instruct", "Qwen2-VL 7B"),
        ("Qwen/Qwen2-VL-72B-Instruct", "Qwen2-VL 72B"),
        # Vicuna v1.5 is Llama 2's shape, named as asked
        ("vicuna 13b", "Vicuna 13B v1.5 (arquitetura do Llama 2 13B)"),
        ("vicuna-7b-v1.5", "Vicuna 7B v1.5 (arquitetura do Llama 2 7B)"),
        # catalogue models, as customers type them
        ("qwen2.5 7b", "Qwen2.5 7B"),
        ("qwen2.5 coder 32b", "Qwen2.5-Coder 32B (arquitetura do Qwen2.5 32B)"),
        ("starcoder2 15b", "StarCoder2 15B"),
        ("deepseek-coder-v2-lite", "DeepSeek-Coder-V2-Lite"),
        ("deepseek coder v2 lite instruct", "DeepSeek-Coder-V2-Lite"),
        ("yi 34b", "Yi 34B (arquitetura do Yi-1.5 34B)"),
        ("yi-1.5 34b", "Yi-1.5 34B"),
        ("internlm3 8b", "InternLM3 8B"),
        ("falcon 40b", "Falcon 40B"),
        ("falcon 180b", "Falcon 180B"),
        ("falcon 3 10b", "Falcon3 10B"),
        ("dbrx instruct", "DBRX (132B-A36B)"),
        ("command r", "Command R 35B (v01)"),
        ("command r+", "Command R+ 104B (04-2024)"),
        ("command r plus", "Command R+ 104B (04-2024)"),
        ("aya expanse 8b", "Aya Expanse 8B"),
        ("phi-3 mini", "Phi-3 Mini 3.8B"),
        ("phi-3 medium", "Phi-3 Medium 14B"),
        ("phi-3.5 mini", "Phi-3.5 Mini 3.8B"),
        ("phi 4", "Phi-4 14B"),
        ("phi-4 mini", "Phi-4-mini 3.8B"),
        ("tinyllama", "TinyLlama 1.1B"),
        ("tinyllama 1.1b", "TinyLlama 1.1B"),
        ("olmo 2 13b", "OLMo 2 13B"),
        ("smollm3", "SmolLM3 3B"),
        ("mistral small 3", "Mistral Small 3 24B"),
        ("mistral small 24b", "Mistral Small 3 24B"),
        ("ministral 8b", "Ministral 3 8B"),
        ("codestral", "Codestral 22B"),
        ("codestral 22b", "Codestral 22B"),
        ("pixtral 12b", "Pixtral 12B"),
        ("pixtral large", "Pixtral Large (124B)"),
        ("gemma 2 9b", "Gemma 2 9B"),
        ("gemma 2 27b", "Gemma 2 27B"),
        ("gemma 3 27b", "Gemma 3 27B"),
        ("gemma 2b", "Gemma 2 2B"),
        ("llama 3.2 11b vision", "Llama 3.2 11B Vision"),
        ("llama 3.2 90b vision", "Llama 3.2 90B Vision"),
        ("llava 1.5 13b", "LLaVA 1.5 13B"),
        ("solar pro", "Solar Pro 22B"),
        ("exaone 4.0 32b", "EXAONE 4.0 32B"),
        ("sabia 7b", "Sabiá-7B"),
        ("sabiá 7b", "Sabiá-7B"),
        ("mistral 7b", "Mistral 7B v0.3"),
        ("mixtral 8x7b", "Mixtral 8x7B"),
        ("llama 2 13b", "Llama 2 13B"),
        ("llama 3 8b", "Llama 3 8B"),
        ("nemotron 70b", "Llama 3.1 Nemotron 70B (arquitetura do Llama 3.1 70B)"),
    ],
)
def test_a_catalogued_model_is_understood_as_itself(capsys, name, understood):
    assert _said(capsys, name) == f"Entendi: {understood} · 10 usuários simultâneos"


@pytest.mark.parametrize(
    ("name", "model"),
    [
        # The catalogue knows it lacks these: said so, with the repo to paste (the Hub reader sizes it).
        ("deepseek-coder 6.7b", "DeepSeek-Coder (1.3B-33B)"),
        ("deepseek coder 33b", "DeepSeek-Coder (1.3B-33B)"),
        ("deepseek-coder-1.3b-instruct", "DeepSeek-Coder (1.3B-33B)"),
        ("deepseek llm 67b", "DeepSeek LLM (7B-67B)"),
        ("deepseek 67b", "DeepSeek LLM (7B-67B)"),
        ("codestral mamba", "Codestral Mamba 7B (7.3B)"),
        ("mamba-codestral-7b-v0.1", "Codestral Mamba 7B (7.3B)"),
        ("llava-onevision 7b", "LLaVA-OneVision (0.5B-72B)"),
        ("llava next 7b", "LLaVA 1.6 (7B-34B)"),
        ("llava-next 34b", "LLaVA 1.6 (7B-34B)"),
        ("chatglm3 6b", "ChatGLM (6B)"),
        ("chatglm 6b", "ChatGLM (6B)"),
        ("glm-4 9b", "GLM-4 9B (9B)"),
        ("glm 4 9b chat", "GLM-4 9B (9B)"),
        ("glm-4-9b-chat", "GLM-4 9B (9B)"),
        ("baichuan2 13b", "Baichuan 2 (7B-13B)"),
        ("baichuan 2 7b", "Baichuan 2 (7B-13B)"),
        ("yi 6b", "Yi 6B / 9B (6B-9B)"),
        ("yi 9b", "Yi 6B / 9B (6B-9B)"),
        ("yi-1.5 9b", "Yi 6B / 9B (6B-9B)"),
        ("yi 1.5 6b", "Yi 6B / 9B (6B-9B)"),
        ("phi-2", "Phi-2 (2.7B)"),
        ("phi 2", "Phi-2 (2.7B)"),
        ("minicpm", "MiniCPM (1B-8B)"),
        ("minicpm-v 2.6", "MiniCPM (1B-8B)"),
        ("minicpm3 4b", "MiniCPM (1B-8B)"),
        ("codegemma 7b", "CodeGemma (2B-7B)"),
        ("code gemma 2b", "CodeGemma (2B-7B)"),
        ("paligemma", "PaliGemma (3B-28B)"),
        ("paligemma 2 10b", "PaliGemma (3B-28B)"),
        ("qwen2-audio 7b", "Qwen2-Audio 7B (8.2B)"),
        ("qwen2 audio", "Qwen2-Audio 7B (8.2B)"),
        ("qwen1.5 14b", "Qwen1.5 (0.5B-110B)"),
        ("qwen 1.5 72b", "Qwen1.5 (0.5B-110B)"),
        ("falcon 7b", "Falcon 7B (7B)"),
        ("falcon-7b-instruct", "Falcon 7B (7B)"),
        ("falcon3 7b", "Falcon3 1B / 3B / 7B (1B-7B)"),
        ("falcon3 1b", "Falcon3 1B / 3B / 7B (1B-7B)"),
        ("smollm2 1.7b", "SmolLM2 (135M-1.7B)"),
        ("smollm2 360m", "SmolLM2 (135M-1.7B)"),
        ("granite code 8b", "Granite Code (3B-34B)"),
        ("granite-code 34b", "Granite Code (3B-34B)"),
        ("granite-34b-code-instruct", "Granite Code (3B-34B)"),
        ("gemma 7b", "Gemma 7B (first Gemma) (8.5B)"),
        ("gemma-7b-it", "Gemma 7B (first Gemma) (8.5B)"),
        ("starcoder 15b", "StarCoder 15B (15.5B)"),
        ("starcoderbase 7b", "StarCoder 15B (15.5B)"),
        ("aya 23 35b", "Aya 23 (8B-35B)"),
        ("aya 101", "Aya 101 (13B)"),
        ("sea-lion 7b", "SEA-LION (3B-7B)"),  # it had been Mistral 7B trained with the Lion optimizer
        ("starcoder2 3b", "StarCoder2 3B (3B)"),
        ("starcoder2 7b", "StarCoder2 7B (7B)"),
    ],
)
def test_a_model_the_catalogue_lacks_is_said_so(capsys, name, model):
    said = _said(capsys, name)
    assert (
        said
        == f"gpu-size: O {model} ainda não está no catálogo, e não dimensiono outro modelo no lugar dele."
    )


@pytest.mark.parametrize(
    ("name", "sizes"),
    [
        ("codellama", "7B, 13B, 34B, 70B"),
        ("code llama", "7B, 13B, 34B, 70B"),
        ("qwen2-vl", "7B, 72B"),
    ],
)
def test_a_family_named_alone_asks_which_size(capsys, name, sizes):
    assert f"Ele vem em vários tamanhos: {sizes}." in _said(capsys, name)


@pytest.mark.parametrize(
    ("name", "named"),
    [
        # A family the catalogue lacks, with its size: sized by that size and named as asked, never silently.
        ("zephyr 7b", "zephyr 7b"),
        ("openchat 7b", "openchat 7b"),
        ("wizardlm 13b", "wizardlm 13b"),
        ("hermes 3 70b", "hermes 3 70b"),
        ("internlm2.5 20b", "internlm2.5 20b"),
        ("exaone 3.5 32b", "exaone 3.5 32b"),
        ("mpt 30b", "mpt 30b"),
        ("qwen2 72b", "qwen2 72b"),
        # a vision model's name glued to its word is its name, not dropped for the bare size
        ("minicpm-v2 8b", "minicpm-v2 8b"),
    ],
)
def test_a_family_the_catalogue_lacks_keeps_its_name(capsys, name, named):
    assert _said(capsys, name).startswith(f"Entendi: {named} (dimensionado como ")


def test_qwen2_vl_2b_is_said_missing_with_the_sizes_it_has(capsys):
    said = _said(capsys, "qwen2-vl 2b")
    assert said.startswith(
        "gpu-size: O Qwen2-VL 2B ainda não está no catálogo. Do Qwen2-VL eu dimensiono 7B, 72B"
    )


def test_code_llama_34b_is_its_own_grouped_query_shape():
    # codellama/CodeLlama-34b-hf config.json: 48 layers of 8192, 64 heads, 8 KV heads of 128, 16,384 positions.
    model = load_catalog().model("codellama-34b")
    assert (model.num_layers, model.hidden_size, model.num_kv_heads, model.max_context) == (
        48,
        8192,
        8,
        16_384,
    )
    assert abs(model.params / 33.74e9 - 1) < 0.005
    # 48 layers x K,V x 8 KV heads x 128 x 2 bytes per token: 196,608 bytes (a 67-layer Qwen3 32B kept 274,432).
    result = size(parse("codellama 34b 16k").workload)
    assert result.kv_bytes_per_conversation == 48 * 2 * 8 * 128 * 2 * 16_384


def test_code_llama_7b_keeps_full_multi_head_attention_and_its_16k_window(capsys):
    # 32 KV heads of 128 in each of 32 layers: 512 KiB a token, four times Llama 3.1 8B's.
    seven = size(parse("codellama 7b 16k").workload)
    assert seven.kv_bytes_per_conversation == 32 * 2 * 32 * 128 * 2 * 16_384
    assert _said(capsys, "codellama 13b com 20k de contexto") == (
        "gpu-size: 20.000 tokens passam do limite do Code Llama 13B, que é de 16.384 tokens."
    )


def test_qwen2_vl_counts_its_vision_encoder():
    catalog = load_catalog()
    # 675,759,616 (7B) and 699,356,672 (72B) from the module print: the Hub's 8.29B and 73.4B in all
    assert abs(catalog.model("qwen2-vl-7b").params / 8.29e9 - 1) < 0.002
    assert abs(catalog.model("qwen2-vl-72b").params / 73.4e9 - 1) < 0.002
    assert size(parse("qwen2-vl 7b").workload).workload.model.vision_params == 675_759_616


def test_another_release_after_a_listed_name_is_no_listed_model(capsys):
    # "deepseek coder v3" had been said to be the first DeepSeek-Coder (1.3B-33B), whose name it begins with.
    assert _said(capsys, "deepseek coder v3") == (
        "gpu-size: Não conheço o modelo “deepseek coder v3”. Você quis dizer: DeepSeek-Coder-V2 236B, "
        "DeepSeek-Coder-V2-Lite?"
    )
