"""Published KV-cache and capacity figures, round 5: the lines vLLM and SGLang print when they size their KV cache,
as people pasted them in GitHub issues (tests/fixtures/published_round5.toml: each figure's issue, its exact log
line, the launch it came from and the answer's figure when it was recorded).

KV bytes per token are exact arithmetic, so each figure is held to the rounding its own log line applies and no
more: a GiB figure printed with two decimals is ±0.005 GiB, a token count is the memory that line gives divided by
the answer's bytes per token, less at most one 16-token block (vLLM counts whole blocks). "Model loading took"
counts the memory torch allocated while loading, a little more than the weights (±3%: the same checkpoint loaded
in 65.97 and 64.38 GiB under two vLLM versions, vllm-project/vllm#23278 and #33155)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from .gpu_size_run import answer, answer_json

FIGURES = tomllib.loads((Path(__file__).parent / "fixtures" / "published_round5.toml").read_text())["figure"]
GIB = 2**30
BLOCK = 16  # vLLM's KV cache block on CUDA: token counts are whole blocks
HALF_CENT = 0.005  # a figure printed with two decimals
LOADING = 0.03  # "Model loading took" against the answer's weights


def conversation_bytes(figure: dict, said: dict, catalog) -> float:
    """KV cache of one conversation of the question's context on one GPU of the setup the log ran: the answer's
    whole-model figure for one GPU (data parallel and MLA keep every layer's cache whole), or the per-GPU figure
    of the setup the question names (`tp`: its tensor parallel size; what vLLM checks before it starts), and
    under pipeline parallelism the share of the stage holding the most layers, as the engine splits them
    (vLLM's get_pp_indices gives the first stage the odd layer)."""
    if "tp" not in figure:  # the model's figure, whatever GPUs the answer picks
        total = said["kv_bytes_per_conversation"]
    else:  # the GPUs the question names, one conversation on them
        setup = said["verdict"]["setup"]
        assert setup["tensor_parallel"] == figure["tp"], (figure["id"], setup["tensor_parallel"])
        total = setup["per_gpu"]["kv_cache"]
    held, layers = catalog.model(said["workload"]["model"]["id"]).kv_stage(figure.get("pp", 1))
    return total * held / layers


def ours(figure: dict, said: dict, catalog) -> float:
    context = said["workload"]["context_tokens"]
    conversation = conversation_bytes(figure, said, catalog)
    per_token = conversation / context
    measure = figure["measure"]
    if measure == "needed_gib":  # "N GiB KV cache is needed" for one request of max_model_len
        return conversation / GIB
    if measure == "per_token_gib":  # the same line at a context the answer will not take: rate x tokens
        return per_token * figure["tokens"] / GIB
    if measure == "tokens":  # "GPU KV cache size", "# GPU blocks" x 16, "estimated maximum model length"
        return figure["available_gib"] * GIB / per_token
    if measure == "concurrency":  # "Maximum concurrency for N tokens per request"
        return figure["available_gib"] * GIB / conversation
    if measure == "sglang_gib":  # SGLang's "K size" (share 0.5) or "KV size" (share 1) for its #tokens
        return figure["tokens"] * per_token * figure["share"] / GIB
    if measure == "weights_gib":
        setup = said["verdict"]["setup"]
        return setup["per_gpu"]["weights"] / GIB
    raise AssertionError(measure)


def band(figure: dict, context: int) -> tuple[float, float]:
    """The values the published figure allows the answer's to have, by the rounding of its own log line."""
    measure = figure["measure"]
    if measure in ("needed_gib", "per_token_gib", "sglang_gib"):
        half = 10 ** -figure.get("decimals", 2) / 2
        return figure["published"] - half, figure["published"] + half
    if measure == "tokens":
        # The memory line is rounded to ±0.005 GiB; the count is whole blocks of what that memory holds.
        spread = HALF_CENT / figure["available_gib"]
        return figure["published"] * (1 - spread), (figure["published"] + BLOCK) * (1 + spread)
    if measure == "concurrency":
        spread = HALF_CENT / figure["available_gib"]
        # vLLM divides whole blocks of tokens by the request's length, then prints two decimals.
        high = figure["published"] + HALF_CENT + BLOCK / context
        return (figure["published"] - HALF_CENT) * (1 - spread), high * (1 + spread)
    if measure == "weights_gib":
        return figure["published"] * (1 - LOADING), figure["published"] * (1 + LOADING)
    raise AssertionError(measure)


def marked(figure: dict):
    reason = figure.get("xfail")
    return pytest.param(
        figure, id=figure["id"], marks=pytest.mark.xfail(reason=reason, strict=True) if reason else ()
    )


def assert_within_its_rounding(capsys, catalog, figure: dict) -> None:
    """The answer to the figure's question gives the published figure, to its log line's rounding."""
    said = answer_json(capsys, figure["question"])
    value = ours(figure, said, catalog)
    lo, hi = band(figure, said["workload"]["context_tokens"])
    assert lo <= value <= hi, (figure["id"], value, figure["published"])


@pytest.mark.parametrize("figure", [marked(f) for f in FIGURES])
def test_the_answer_gives_the_published_kv_figure_to_its_log_lines_rounding(capsys, catalog, figure):
    assert_within_its_rounding(capsys, catalog, figure)


def test_one_long_conversation_is_sized_as_vllm_checks_it_and_more_as_each_keeps_its_window(capsys):
    # Gemma 3 27B on one H200 at 131,072 tokens: vLLM refuses to start unless its 52 sliding layers find room for
    # 1,023 + 2,048 prefill tokens, 0.87 GB beyond the 1,024-token window each keeps once decoding. The answer had
    # sized 11.17 GB of KV cache for it; two conversations decoding keep their windows only.
    def kv(words: str) -> tuple[int, int]:
        said = answer_json(capsys, words)
        return said["verdict"]["setup"]["per_gpu"]["kv_cache"], said["kv_bytes_per_conversation"]

    one, each = kv("gemma 3 27b numa h200, contexto de 131072 tokens")
    two, _ = kv("gemma 3 27b numa h200, contexto de 131072 tokens, 2 usuários")
    assert one == each + 52 * (1023 + 2048 - 1024) * 16 * 128 * 2 * 2
    assert two == 2 * each


def test_the_kv_line_says_why_one_conversation_takes_more_than_its_own_cache(capsys):
    # "KV cache 12,1 GB (1 × 11,2 GB por conversa ...)" did not add up without the reason.
    pt = answer(capsys, "gemma 3 27b numa h200, contexto de 131072 tokens")
    en = answer(capsys, "gemma 3 27b on one h200, 131072 tokens of context")
    assert "o vLLM reserva uma delas com um bloco de prefill" in pt, pt
    assert "vLLM reserves one of them with a whole prefill chunk" in en, en
