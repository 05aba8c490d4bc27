"""A fifth audit of model names as customers paste them, through gpu-size (its text and its --json): a fine-tune
named "…-Mistral-7B" with no version is built on Mistral 7B v0.1, as its card says (it had been v0.3), and the
answer says which version it took; a version written in a name is kept whatever follows it
("mistral-7b-instruct-v0.1-pt", "Llama-3-SauerkrautLM-8b"); the first Gemma (2B and 7B) is catalogued; and
llama.cpp, which runs Mistral 7B v0.1 with no sliding window, is sized with the whole context there."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import answer, answer_json


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    # A repo id is read by its name, as with the Hub unreachable.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")


def _said(capsys, *args: str) -> list[str]:
    gpu_size(list(args))
    out = capsys.readouterr()
    return (out.out or out.err).strip().splitlines()


def _model(capsys, question: str) -> dict:
    return answer_json(capsys, question)["workload"]["model"]


@pytest.mark.parametrize(
    "name",
    [
        "dolphin-2.6-mistral-7b",
        "Hermes-2-Pro-Mistral-7B",
        "NeuralHermes-2.5-Mistral-7B",
        "dolphin-2.2.1-mistral-7b",
    ],
)
def test_a_mistral_7b_fine_tune_with_no_version_is_built_on_v0_1(capsys, name):
    # their cards give mistralai/Mistral-7B-v0.1; v0.3 came out on 2024-05-22, after them
    said = _said(capsys, name)
    assert said[0] == f"Entendi: {name} (dimensionado como Mistral 7B v0.1)"
    assert any("O nome “mistral 7b” não diz a versão" in line and "Mistral 7B v0.1" in line for line in said)
    assert _model(capsys, name)["id"] == "mistral-7b-v0.1"


@pytest.mark.parametrize(
    "repo", ["mlabonne/NeuralHermes-2.5-Mistral-7B", "NousResearch/Hermes-2-Pro-Mistral-7B"]
)
def test_a_mistral_7b_fine_tunes_repo_with_no_version_is_v0_1_and_says_so(capsys, repo):
    text = answer(capsys, repo)
    assert text.startswith("Entendi: Mistral 7B v0.1")
    assert "ajustes finos que o chamam assim partem do Mistral 7B v0.1" in text
    # in English too, where the question is
    assert "fine-tunes that call it so are built on Mistral 7B v0.1" in answer(capsys, repo, "--lang", "en")


@pytest.mark.parametrize(
    ("name", "model_id"),
    [
        # plain "mistral 7b" is still the newest, v0.3: only a fine-tune's name is read as its base
        ("mistral 7b", "mistral-7b-v0.3"),
        # a version in a fine-tune's name is the version: never replaced by v0.1
        ("someone/Mistral-7B-Instruct-v0.3-abliterated", "mistral-7b-v0.3"),
        ("someone/Mistral-7B-Instruct-v0.2-ft", "mistral-7b-v0.2"),
    ],
)
def test_a_version_said_wins_over_the_fine_tunes_default(capsys, name, model_id):
    assert _model(capsys, name)["id"] == model_id


@pytest.mark.parametrize(
    "name",
    [
        "mistral-7b-instruct-v0.1-pt",
        "mistral-7b-instruct-v0.1-finetune",
        "mistral-7b-v0.1-foo",
        "someone/mistral-7b-instruct-v0.1-finetune",
    ],
)
def test_a_version_after_the_size_is_kept_whatever_follows(capsys, name):
    # the version had gone with the variant tail, or been left not understood, and v0.3 sized
    assert _said(capsys, name)[0].startswith("Entendi: Mistral 7B v0.1")
    assert _model(capsys, name)["id"] == "mistral-7b-v0.1"


@pytest.mark.parametrize(
    "name", ["VAGOsolutions/Llama-3-SauerkrautLM-8b-Instruct", "llama-3-sauerkrautlm-8b"]
)
def test_a_fine_tunes_word_between_version_and_size_keeps_the_version(capsys, name):
    # "Llama-3-<Name>-8b" is Llama 3 8B (8,192 tokens), not the newest 8B, Llama 3.1
    model = _model(capsys, name)
    assert model["id"] == "llama-3-8b"
    assert model["max_context"] == 8192


@pytest.mark.parametrize(
    ("name", "model_id"),
    [
        ("recogna-nlp/gemma-2b-it-pt-br", "gemma-2b"),
        ("gemma 7b", "gemma-7b"),
        ("gemma-1.1-2b-it", "gemma-2b"),
        ("google/gemma-7b-it", "gemma-7b"),
        ("gemma 2b", "gemma-2b"),
        # Gemma 2 stays Gemma 2
        ("gemma 2 2b", "gemma-2-2b"),
        ("gemma-2-2b", "gemma-2-2b"),
        ("gemma 9b", "gemma-2-9b"),
    ],
)
def test_the_first_gemma_is_its_own_model(capsys, name, model_id):
    assert _model(capsys, name)["id"] == model_id


def test_the_first_gemmas_kv_cache_follows_its_config(capsys):
    # google/gemma-2b config.json: 18 layers, 1 KV head of 256 (multi-query); gemma-7b: 28 layers, 16 KV heads
    # of 256; K and V in 2 bytes, every layer global (no window)
    two = answer_json(capsys, "gemma 2b com 8k de contexto")
    assert two["kv_bytes_per_conversation"] == 18 * 1 * 256 * 2 * 2 * 8192
    seven = answer_json(capsys, "gemma 7b com 8k de contexto")
    assert seven["kv_bytes_per_conversation"] == 28 * 16 * 256 * 2 * 2 * 8192
    # Gemma Team (arXiv:2403.08295): 2.51B and 8.54B with the embeddings
    assert abs(two["workload"]["model"]["params"] / 2.51e9 - 1) < 0.01
    assert abs(seven["workload"]["model"]["params"] / 8.54e9 - 1) < 0.01
    # and 8,192 tokens at most
    assert "8.192 tokens" in _said(capsys, "gemma 7b com 16k de contexto")[0]


def _kv(capsys, question: str) -> int:
    return answer_json(capsys, question)["kv_bytes_per_conversation"]


def test_llama_cpp_keeps_mistral_v0_1s_whole_context_and_says_so(capsys):
    # llama.cpp runs Mistral 7B v0.1 as a LLaMA, with no sliding window (issue #3377): at 8k tokens every
    # layer keeps all 8,192, where vLLM keeps the 4,096-token window
    vllm = _kv(capsys, "mistral 7b v0.1 awq com 8k de contexto")
    llama_cpp = _kv(capsys, "mistral 7b v0.1 gguf q4_k_m com 8k de contexto")
    assert vllm == 32 * 8 * 128 * 2 * 2 * 4096
    assert llama_cpp == 32 * 8 * 128 * 2 * 2 * 8192
    text = answer(capsys, "zephyr 7b gguf q4_k_m com 8k de contexto")
    assert "O llama.cpp roda o Zephyr 7B beta" in text and "sem a janela deslizante" in text


def test_llama_cpp_keeps_the_window_of_the_models_it_slides(capsys):
    # llama_kv_cache_iswa: the SWA layers keep their window unless --swa-full (common.h swa_full = false):
    # Gemma 2 9B's 21 local layers keep 4,096 tokens in llama.cpp as in vLLM
    assert _kv(capsys, "gemma 2 9b gguf q4_k_m com 8k de contexto") == _kv(
        capsys, "gemma 2 9b awq com 8k de contexto"
    )
    assert "sem a janela deslizante" not in answer(capsys, "gemma 2 9b gguf q4_k_m com 8k de contexto")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        (
            "Amazônia IA",
            "gpu-size: “Amazônia IA” é um modelo fechado: só roda na API de quem o publica (WideLabs)",
        ),
        ("Sabiazinho", "gpu-size: “Sabiazinho” é um modelo fechado"),
        ("MiniMax-M1", "gpu-size: O MiniMax-M1 (456B-A45.9B) ainda não está no catálogo"),
        ("starcoder2 7b", "gpu-size: O StarCoder2 7B (7B) ainda não está no catálogo"),
    ],
)
def test_a_model_we_do_not_size_is_said_plainly(capsys, name, said):
    lines = _said(capsys, name)
    assert lines[0].startswith(said)
    if "catálogo" in said:
        assert "/gpu " in lines[1]  # how to get it sized: its Hub repo


@pytest.mark.parametrize(
    ("name", "model_id"),
    [
        ("Tucano 2b4", "tucano-2b4"),
        ("Qwen2.5-Coder-32B-Instruct-AWQ", "qwen2.5-coder-32b"),
        ("codestral 22b", "codestral-22b"),
        ("gpt-oss 20b mxfp4", "gpt-oss-20b"),
        ("Kimi K2", "kimi-k2"),
        ("Llama 4 Scout 17B-16E", "llama-4-scout"),
        ("Gemma 3n E4B", "gemma-3n-e4b"),
        ("SmolLM3 3B", "smollm3-3b"),
        ("Falcon 3 10B", "falcon3-10b"),
        ("Hunyuan-A13B", "hunyuan-a13b"),
    ],
)
def test_names_customers_paste_resolve_to_their_architecture(capsys, name, model_id):
    assert _model(capsys, name)["id"] == model_id
