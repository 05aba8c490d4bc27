"""Published memory and speed figures the engine was not built on, asked in a customer's words
(tests/fixtures/published_round3.toml: each figure's source, its exact statement, the setting it was measured in,
the answer's figure when it was recorded and why any gap is what it is).

Each figure holds the answer between `low` and `high` times the published value: 10% for memory, 25% for speed
(the calibrated rows' band, tests/test_performance.py), wider only where the source is a rule of thumb or counts
something the answer states it counts otherwise, narrower for long prompts, held to the drift from the same table's
short ones (the figure's `note` says what)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from .gpu_size_run import answer, answer_json

FIGURES = tomllib.loads((Path(__file__).parent / "fixtures" / "published_round3.toml").read_text())["figure"]
UNITS = {"GB": 1e9, "GiB": 2**30, "tokens/s": 1, "GPU": 1}


def measured(answer: dict, measure: str) -> float:
    """The answer's figure that the published one measures, in bytes, tokens/s or GPUs."""
    setup = (answer.get("verdict") or {}).get("setup") or {}
    if measure in ("weights", "total"):
        return answer["memory"][measure]
    if measure == "weights_per_gpu":
        return setup["per_gpu"]["weights"]
    if measure == "fits":  # how many GPUs the answer runs it on, when it fits them
        return setup["count"] if setup["fits"] else 0
    return setup["performance"][measure]


@pytest.mark.parametrize("figure", FIGURES, ids=[f["id"] for f in FIGURES])
def test_the_answer_is_within_the_published_figures_tolerance(capsys, figure):
    ours = measured(answer_json(capsys, figure["question"]), figure["measure"]) / UNITS[figure["unit"]]
    ratio = ours / figure["published"]
    assert figure["low"] <= ratio <= figure["high"], (figure["id"], ours, figure["published"])


def test_4_bit_weights_speed_one_user_up_by_what_their_kernels_read_not_by_their_bytes(capsys):
    # Qwen2.5 14B on one A100, one user: AWQ 92.66 tokens/s against BF16's 46.30 (2.0x) in Qwen's table, for
    # a third of the bytes; the answer had said 130 (2.7x).
    def speed(words: str) -> float:
        return answer_json(capsys, words)["verdict"]["setup"]["performance"]["tokens_per_s_per_user"]

    awq = speed("qwen2.5 14b awq numa a100 80gb, 1 usuário")
    bf16 = speed("qwen2.5 14b numa a100 80gb, 1 usuário")
    assert 1.8 <= awq / bf16 <= 2.2


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "llama 3.1 405b fp8 em 8 h100",
            "o checkpoint publicado “meta-llama/Llama-3.1-405B-Instruct-FP8” mantém camadas em 16 bits e pesa"
            " 487,2 GB exatos",
        ),
        (
            "how many H100s for llama 3.1 405b in fp8?",
            "the published checkpoint “meta-llama/Llama-3.1-405B-Instruct-FP8” keeps layers at 16-bit and weighs"
            " exactly 487.2 GB",
        ),
    ],
)
def test_a_precision_whose_official_checkpoint_weighs_otherwise_names_it(capsys, question, said):
    # vLLM loads 57.75 GiB of Meta's FP8 405B on each of 8 H100s (vllm-project/vllm#6746): the uniform FP8
    # sized, 410.1 GB, is 16% under the checkpoint a customer downloads by that name.
    text = answer(capsys, question)
    assert said in text, text
    assert "410,1 GB" in text or "410.1 GB" in text


def test_a_checkpoint_within_5_percent_of_the_uniform_format_is_not_noted(capsys):
    # Qwen's own FP8 release of Qwen3 8B (Qwen/Qwen3-8B-FP8) weighs what the uniform FP8 sized, within 0.1%
    assert "checkpoint publicado" not in answer(capsys, "qwen3 8b fp8 numa l40s")


def test_one_users_long_prompt_slows_its_answer_by_the_kv_cache_read_not_by_its_own_prompt(capsys):
    # Qwen's table (vLLM 0.6.3, one A100, batch 1): 2,048 tokens take 44.23 s after a 1-token prompt and 55.08 s
    # after a 30,720-token one. That prompt is ~1.3e15 FLOPs (2 x 13.2B parameters x 30,720 tokens plus causal
    # attention), at least 4.1 s at the A100's 312 TFLOPS, so the tokens after it came at most 15% slower. The
    # answer says 17% (its KV cache read at the bandwidth share fitted on short runs); it had said 27%, the
    # prompt's share of GPU time stretching the decode of the one user who sent it.
    def per_user(prompt: int) -> float:
        words = f"qwen2.5 14b numa a100 80gb, 1 usuário, prompt de {prompt} tokens, resposta de 2048 tokens"
        return answer_json(capsys, words)["verdict"]["setup"]["performance"]["tokens_per_s_per_user"]

    assert per_user(30720) / per_user(1) >= 0.8
