"""The performance model against a fifth round of measured runs (tests/fixtures/throughput_heldout5.json): two
architectures no earlier round has, on 8 H200s with vLLM 0.11.0 and tensor parallelism 8 (gpustack's performance
lab): DeepSeek-R1-0528 (multi-head latent attention, 256 routed experts, its own block-scaled FP8) and GLM-4.6 in
BF16, plus GLM-4.6-FP8 on 8 H100s, with round 1's bands: every stock figure within 35%.

FP8 mixtures of experts were modelled at FP8's full rate until this round; their prompt rate and per-layer time
(Precision fp8's moe_prefill_share and moe_layer_s) are fitted on the DeepSeek-R1 rows, so those rows check the fit,
and the GLM-4.6-FP8 row and round 1's Qwen3-235B-A22B-FP8 check it on runs it was not fitted on.

Each figure is a case; one the model still misses is a strict xfail whose reason says what was found, and
turns red the day the model gets it. Medians of the TPOT and inter-token latency are compared with the model's
TPOT (round 2's FIGURES)."""

from __future__ import annotations

import msgspec
import pytest

from sizing import performance
from sizing.names import resolve_gpu, resolve_model

from .test_performance import predict
from .test_performance_heldout import (
    check_round_bookkeeping,
    held_out_rows,
    held_to_its_band,
    round_cases,
)
from .test_performance_heldout2 import FIGURES

ROWS = held_out_rows("throughput_heldout5.json")

# Why each missed figure is missed (measured against sizing/performance.py as it is).
FIXED_LENGTH_BURST = (
    "the test harness's burst() takes BURST_EFFICIENCY (0.362, a ShareGPT burst's tail of long answers) of the "
    "steady state for the last wave the KV cache admits (302 of 500 requests of 2,000 tokens, 151 of 500 of "
    "4,000); these prompts and answers all have one length and end together. The model's steady state at those "
    "slots gives 784 and 686 output tokens/s against the measured 844 and 754 (-7%, -9%). The product never "
    "quotes a burst."
)
BURST_END = (
    "the model's steady state keeps the 8,192-token budget full for every answer token: its TPOT is that chunk step, "
    "374 ms, and the run's median inter-token latency (358 ms) says the chunk steps are that long. The burst's last "
    "requests decode once every prompt has been read, in steps with no chunk (the 4,000-token run's median "
    "inter-token latency is 58 ms), which a steady state has not: the mean and median TPOT (237, 277 ms) lie "
    "between the two kinds of step."
)
TWO_KINDS_OF_STEPS = (
    "a burst's steps are of two kinds: budget-full steps carrying 8,192 tokens of prompts (358-530 ms here) and "
    "steps with answers only (58-69 ms); the median inter-token latency is whichever kind most answer tokens "
    "see, which flips with the prompts' length and the KV cache's slots, where the model's TPOT is the steady "
    "state's one mean step (the same run's mean TPOT is within the band wherever the model's chunk step is right)."
)
STALLED_SHORT_ANSWERS = (
    "the mean TPOT of a 1,000-request ShareGPT burst averages (latency - TTFT) / (tokens - 1) over requests: "
    "the ~214,000 prompt tokens are read in ~27 budget-full steps while the first answers decode, and a short "
    "answer whose few tokens straddle those steps has the TPOT of a chunk step. The median request's TPOT is "
    "within the band (DeepSeek-R1 -27%, GLM-4.6 -33%); the model's TPOT is the steady state's mean step."
)
BF16_TP8_PREFILL = (
    "GLM-4.6 in BF16 on 8 H200s reads prompts at 15,100-17,200 tokens/s (the runs' total tokens/s) and its "
    "budget-full steps take ~390-400 ms for 8,192 prompt tokens (median inter-token latency of the 128- and "
    "2,000-token bursts), ~20,000 tokens/s, where its routed experts at moe_prefill_share 0.55 give the model "
    "42,800 (183-191 ms a chunk). The share cannot go lower for BF16: the calibrated Qwen3-235B BF16 TP8 row "
    "(tests/test_performance.py KV_BOUND_BURST) bounds it from below. These runs' throughputs agree only because "
    "the burst's tail share (FIXED_LENGTH_BURST) takes ~40% off a steady state 65-96% too fast; the 4-user run, "
    "whose prompts are short, is in the band (TPOT 17.5 ms against 18.1)."
)
LONE_SHORT_PROMPT = (
    "4 users of GLM-4.6 get a first token in 62.6 ms (median) where the model says 87: its fixed 45 ms "
    "(REQUEST_OVERHEAD_S), the 230-token chunk's read of every expert it routes to (nearly all 160 of each "
    "layer: 89 GB a GPU, 24.6 ms at the model's share of the bandwidth) and one decode step (17.5 ms). DeepSeek-R1's "
    "twin run is within the band (87.7 against 117.5). Not found: the fixed part may be smaller on this server, "
    "or the chunk's expert read overlap the step; no row yet separates the two."
)
FP8_MOE_H100 = (
    "GLM-4.6-FP8 on 8 H100s (vLLM 0.11.0, --gpu-memory-utilization 0.85) reads the burst's prompts at ~8,000 "
    "tokens/s (214,465 tokens by its median first token, 26.8 s), half the BF16 checkpoint's rate on 8 H200s in "
    "the same lab, and its median step is 150 ms against the BF16 run's 69: FP8 MoE layers are slower still than "
    "the share fitted on DeepSeek-R1 on H200s (0.1) and its 125 us a layer give (throughput +222% at FP8's full "
    "rate, +97% now). One row: the GPU and the checkpoint's scaling cannot be told apart."
)

_R1 = "vLLM-DeepSeek-R1-0528-8xH200 141GB-tp8-{}-rinf-FP8-{}"
_GLM = "vLLM-GLM-4.6-8xH200 141GB-tp8-{}-BF16-{}"
_GLM_FP8 = "vLLM-GLM-4.6-FP8-8xH100 80GB-tp8-214-200-rinf-FP8-{}"
GAPS = {
    **{_R1.format(s, "output_tok_s"): FIXED_LENGTH_BURST for s in ("1997-100", "3995-200")},
    **{_R1.format("1997-100", f): BURST_END for f in ("tpot_ms", "tpot_ms_median")},
    **{_R1.format(s, "itl_ms_median"): TWO_KINDS_OF_STEPS for s in ("219-201", "31999-100", "3995-200")},
    _R1.format("219-201", "tpot_ms"): STALLED_SHORT_ANSWERS,
    _GLM.format("214-200-rinf", "tpot_ms"): STALLED_SHORT_ANSWERS,
    **{_GLM.format(s, "itl_ms_median"): TWO_KINDS_OF_STEPS for s in ("214-200-rinf", "4000-200-rinf")},
    _GLM.format("4000-200-rinf", "tpot_ms_median"): BF16_TP8_PREFILL,
    _GLM.format("1999-100-rinf", "itl_ms_median"): BF16_TP8_PREFILL,
    **{_GLM.format("128-4-rinf", f): BF16_TP8_PREFILL for f in ("output_tok_s", "tpot_ms", "tpot_ms_median", "itl_ms_median")},
    _GLM.format("230-218-c4", "ttft_ms_median"): LONE_SHORT_PROMPT,
    **{_GLM_FP8.format(f): FP8_MOE_H100 for f in ("output_tok_s", "tpot_ms", "tpot_ms_median")},
}  # fmt: skip

CASES = list(round_cases(ROWS, FIGURES, GAPS))


@pytest.mark.parametrize(("row", "figure"), CASES)
def test_held_out_run_is_reproduced(row, figure, catalog):
    held_to_its_band(row, figure, catalog, FIGURES[figure])


def test_every_row_and_gap_is_one_figure_and_names_its_source_line():
    check_round_bookkeeping(ROWS, GAPS, CASES)


def test_the_rows_are_architectures_no_earlier_round_has():
    names = ("throughput.json", *(f"throughput_heldout{n}.json" for n in ("", 2, 3, 4)))
    earlier = {row["model"] for name in names for row in held_out_rows(name)}
    assert not {r["model"] for r in ROWS} & earlier
    assert {"deepseek-ai/DeepSeek-R1-0528", "zai-org/GLM-4.6"} <= {r["model"] for r in ROWS}


def _r1_four_users():
    return next(r for r in ROWS if "DeepSeek" in r["model"] and r["concurrency"] == 4)


def test_four_users_of_deepseek_r1_decode_at_the_measured_step(catalog):
    """4 users of DeepSeek-R1 on 8 H200s decode at 19.4 ms a token (vLLM 0.11.0); the bytes the step reads, its
    FLOPs and the all-reduces give 11.9: vLLM's FP8 MoE layers take ~125 us each beyond them (58 layers), as the
    MXFP4 ones take 50. Before this round the answer said 11.8 ms, 85 tokens/s a user where 52 were measured."""
    row = _r1_four_users()
    assert predict(row, catalog)["tpot_ms"] == pytest.approx(row["tpot_ms"], rel=0.05)
    fp8 = catalog.precision("fp8")
    model, h200 = resolve_model("deepseek r1 0528", catalog).model, resolve_gpu("h200", catalog)
    r = performance.replica(model, fp8, h200, catalog, tp=8)
    bare = performance.replica(model, msgspec.structs.replace(fp8, moe_layer_s=0.0), h200, catalog, tp=8)
    kv_tokens = 228 + 213 / 2
    assert r.step_time(4, kv_tokens) - bare.step_time(4, kv_tokens) == pytest.approx(58 * 125e-6, rel=1e-9)
    assert bare.step_time(4, kv_tokens) < 0.65 * row["tpot_ms"] / 1000  # the bytes and FLOPs alone: too fast


def test_an_fp8_mixture_of_experts_reads_prompts_no_faster_than_measured(catalog):
    """DeepSeek-R1 in FP8 on 8 H200s reads 2,000- to 32,000-token prompts at 15,500-17,700 tokens/s (the runs'
    total tokens/s, a floor for the prompt rate): the model had read them at 44,500-75,000, its routed experts at
    FP8's full rate. A dense FP8 model's prompts are untouched by the share."""
    model, h200 = resolve_model("deepseek r1 0528", catalog).model, resolve_gpu("h200", catalog)
    r = performance.replica(
        model, catalog.precision("fp8"), h200, catalog, tp=8, max_seqs=1024, chunk_tokens=8192
    )
    for prompt, measured in ((1997, 17_690.89), (3995, 15_808.55), (31_999, 15_514.57)):
        assert 0.95 * measured < prompt / r.prefill_work(prompt) < 1.25 * measured


def test_fp8_weights_without_fp8_tensor_cores_keep_bf16_moe_costs(catalog):
    """An A100 has no FP8 tensor cores: vLLM runs an FP8 checkpoint's weights through its weight-only kernels into
    BF16 matmuls (the answers say "FP8 roda só nos pesos"), not the W8A8 MoE path these runs measured, so its MoE
    layers keep BF16's costs; an H100's pay FP8's (48 MoE layers of Qwen3-30B-A3B: 6 ms more a step)."""
    model = resolve_model("qwen3 30b a3b", catalog).model
    fp8, bf16 = catalog.precision("fp8"), catalog.precision("bf16")
    a100 = performance.replica(model, fp8, resolve_gpu("a100", catalog), catalog)
    h100 = performance.replica(model, fp8, resolve_gpu("h100", catalog), catalog)
    assert (
        (a100.moe_prefill_share, a100.moe_layer_s)
        == (bf16.moe_prefill_share, bf16.moe_layer_s)
        == (0.55, 0.0)
    )
    assert (h100.moe_prefill_share, h100.moe_layer_s) == (0.1, 125e-6)
    assert h100._moe_kernels == pytest.approx(48 * 125e-6)
