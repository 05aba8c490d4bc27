"""A fourth audit of model names as customers paste them, through gpu-size (its text and its --json): a
fine-tune named with its base is sized as that base, whatever word it starts with ("dolphin-2.9-qwen2-7b" had
been Mistral 7B v0.3, "Nous-Hermes-2-Yi-34B" Hermes 4 70B cut to 38 layers); Qwen2 is catalogued; and the KV
cache of a model whose layers slide over a window keeps the window only, one rule for every such model (Phi-3
4K, StarCoder2 and Solar Pro had been counted with no window, unlike Mistral 7B v0.1 and Gemma)."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import answer_json


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    # A repo id is read by its name, as with the Hub unreachable.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")


def _first_line(capsys, *args: str) -> str:
    gpu_size(list(args))
    out = capsys.readouterr()
    return (out.out or out.err).strip().splitlines()[0]


def _model(capsys, question: str) -> dict:
    return answer_json(capsys, question)["workload"]["model"]


@pytest.mark.parametrize(
    ("name", "model_id", "understood"),
    [
        ("qwen2 7b", "qwen2-7b", "Entendi: Qwen2 7B (arquitetura do Qwen2.5 7B)"),
        ("qwen2-72b-instruct", "qwen2-72b", "Entendi: Qwen2 72B (arquitetura do Qwen2.5 72B)"),
        ("qwen2 1.5b", "qwen2-1.5b", "Entendi: Qwen2 1.5B (arquitetura do Qwen2.5 1.5B)"),
        ("Qwen/Qwen2-0.5B-Instruct", "qwen2-0.5b", "Entendi: Qwen2 0.5B (arquitetura do Qwen2.5 0.5B)"),
        ("qwen2 57b-a14b", "qwen2-57b-a14b", "Entendi: Qwen2 57B-A14B"),
    ],
)
def test_qwen2_is_its_own_model_not_a_stand_in(capsys, name, model_id, understood):
    assert _first_line(capsys, name).startswith(understood)
    assert _model(capsys, name)["id"] == model_id


def test_qwen2_57b_a14b_is_a_mixture_of_experts_of_its_card_sizes(capsys):
    model = _model(capsys, "qwen2 57b a14b")
    # Qwen2 technical report and model card: 57B total, 14B activated
    assert abs(model["params"] / 57.4e9 - 1) < 0.01
    assert abs(model["active_params"] / 14.2e9 - 1) < 0.02
    # "qwen 57b" is that model, not a family member scaled to 57B
    assert _model(capsys, "qwen 57b")["id"] == "qwen2-57b-a14b"


@pytest.mark.parametrize(
    ("repo", "model_id", "precision"),
    [
        ("unsloth/Qwen2-7B-Instruct-bnb-4bit", "qwen2-7b", "nf4"),
        ("Qwen/Qwen2-72B-Instruct-GPTQ-Int4", "qwen2-72b", "int4"),
        ("Qwen/Qwen2-7B-Instruct-AWQ", "qwen2-7b", "int4"),
    ],
)
def test_a_qwen2_quantization_is_qwen2_at_the_width_its_name_says(capsys, repo, model_id, precision):
    answer = answer_json(capsys, repo)
    assert answer["workload"]["model"]["id"] == model_id
    assert answer["workload"]["precision"] == precision


@pytest.mark.parametrize(
    ("name", "model_id", "sized_as"),
    [
        # the base's name inside a fine-tune's, from any word: never a stand-in of its size from elsewhere
        ("dolphin-2.9-qwen2-7b", "qwen2-7b", "Qwen2 7B, arquitetura do Qwen2.5 7B"),
        ("nous-hermes-2-yi-34b", "yi-34b", "Yi 34B, arquitetura do Yi-1.5 34B"),
        ("dolphin-2.9.1-yi-1.5-34b", "yi-1.5-34b", "Yi-1.5 34B"),
        ("hermes-2-pro-llama-3-8b", "llama-3-8b", "Llama 3 8B"),
        ("superchat-gemma-2-9b", "gemma-2-9b", "Gemma 2 9B"),
    ],
)
def test_a_fine_tune_typed_with_its_base_is_that_base(capsys, name, model_id, sized_as):
    assert _first_line(capsys, name) == f"Entendi: {name} (dimensionado como {sized_as})"
    assert _model(capsys, name)["id"] == model_id


@pytest.mark.parametrize(
    ("repo", "model_id"),
    [
        # "hermes" is a family word too: the base the name ends with wins (it had been Hermes 4 70B, 38 layers)
        ("NousResearch/Nous-Hermes-2-Yi-34B", "yi-34b"),
        # it had been a generic 34B, Qwen3 32B with 67 layers
        ("cognitivecomputations/dolphin-2.9.1-yi-1.5-34b", "yi-1.5-34b"),
        ("cognitivecomputations/dolphin-2.9.2-qwen2-72b", "qwen2-72b"),
        # the base's name before the fine-tune's own words: Llama 3, not the newest 8B (Llama 3.1)
        ("Orenguteng/Llama-3-8B-Lexi-Uncensored", "llama-3-8b"),
    ],
)
def test_a_fine_tunes_repo_is_the_base_its_name_ends_with(capsys, repo, model_id):
    assert _model(capsys, repo)["id"] == model_id


def test_a_fine_tune_typed_after_its_bases_size_is_that_base(capsys):
    assert _model(capsys, "quero rodar o llama-3-8b-lexi-uncensored com 8k")["id"] == "llama-3-8b"


@pytest.mark.parametrize("name", ["Qwen/Qwen2-Math-7B-Instruct", "qwen2 math 72b"])
def test_qwen2_math_is_said_not_catalogued_not_sized_as_qwen2(capsys, name):
    # trained with a shorter window than Qwen2's: sized as Qwen2.5 7B it had been given 32,768 tokens
    said = _first_line(capsys, name)
    assert said.startswith("gpu-size: O Qwen2-Math ") and "ainda não está no catálogo" in said


@pytest.mark.parametrize("name", ["dolphin-qwen2.5-9b", "dolphin-qwen-9b"])
def test_a_size_its_family_lacks_stays_in_the_family_its_name_says(capsys, name):
    # No Qwen has 9B... in Qwen2.5: sized within the Qwen family, never Gemma 2 9B (it had been, silently
    # for "dolphin-qwen-9b")
    model = _model(capsys, name)
    assert model["id"].startswith("qwen")
    assert _first_line(capsys, name).startswith(f"Entendi: {name} (dimensionado como Qwen")


def test_gaia_alone_is_the_gaia_model(capsys):
    # GAIA comes in one size; the name alone had not been understood
    assert _first_line(capsys, "quanto de GPU pro GAIA?").startswith("Entendi: GAIA 4B")


def _kv(capsys, question: str) -> int:
    return answer_json(capsys, question)["kv_bytes_per_conversation"]


def test_a_sliding_window_model_keeps_the_window_where_an_unwindowed_one_keeps_the_context(capsys):
    # Mistral 7B v0.1 (sliding_window 4096 on every layer) and v0.2 (none) share one shape: at 8k tokens
    # v0.1 keeps the window's 4,096 tokens, v0.2 all 8,192
    windowed = _kv(capsys, "mistral 7b v0.1 com 8k de contexto")
    assert windowed == _kv(capsys, "mistral 7b v0.1 com 4k de contexto")
    assert _kv(capsys, "mistral 7b v0.2 com 8k de contexto") == 2 * windowed


@pytest.mark.parametrize(
    ("question", "per_token", "kept", "said"),
    [
        # config.json sliding_window 2047 on every layer: 32 layers x 32 KV heads x 96 x K and V x 2 bytes
        ("phi 3 mini com 4k de contexto", 32 * 32 * 96 * 2 * 2, 2047, "32 das 32 camadas"),
        # 64 layers x 10 KV heads x 128
        ("solar pro com 4k de contexto", 64 * 10 * 128 * 2 * 2, 2047, "64 das 64 camadas"),
        # sliding_window 4096 of its 16,384 tokens: 40 layers x 4 KV heads x 128
        ("starcoder2 15b com 16k de contexto", 40 * 4 * 128 * 2 * 2, 4096, "40 das 40 camadas"),
    ],
)
def test_every_layer_sliding_keeps_the_window_as_vllm_does(capsys, question, per_token, kept, said):
    # They had been counted over the whole context, unlike Mistral 7B v0.1 with the same layout
    assert _kv(capsys, question) == per_token * kept
    gpu_size([question])
    assert f"{said} usam atenção local de {kept:,} tokens".replace(",", ".") in capsys.readouterr().out


def test_a_context_past_the_card_says_whose_limit_it_is(capsys):
    gpu_size(["mistral 7b v0.1 com 32k de contexto"])
    said = capsys.readouterr().err.splitlines()
    assert said[0] == (
        "gpu-size: 32.768 tokens passam do limite do Mistral 7B v0.1, que é de 8.192 tokens. "
        "É o contexto que quem publicou o modelo declara para ele."
    )
    # v0.3, of its family and size, reads 32k
    assert said[1].startswith("Peça até 8.192 tokens, ou use o Mistral 7B v0.3")
    gpu_size(["mistral 7b v0.1 with a 32k context"])
    assert "That is the context its publisher states for it." in capsys.readouterr().err
