"""The performance model against a second round of measured runs it was NOT fitted on
(tests/fixtures/throughput_heldout2.json: the vLLM blog's FP8 KV cache runs, gpustack's A100 pages and its H100
page's other cases, NVIDIA NIM's Llama-3.3-70B table), with round 1's bands: every stock figure within 35%
(STOCK_BAND), a vendor-tuned engine's throughput a ceiling not passed by more than 10% (VENDOR_CEILING).

A figure the model still misses is xfail(strict=True) with the reason found, so the test turns red the day the
model reproduces it. A median inter-token latency or median TPOT is held to the model's TPOT, the decode step
of the steady state (a burst's mean TPOT also counts stalls: test_performance_heldout.PREEMPTION)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .test_performance import _vendor, predict
from .test_performance_heldout import figure_case, held_to_its_band, heldout_id

ROWS = json.loads((Path(__file__).parent / "fixtures" / "throughput_heldout2.json").read_text())["rows"]

# The model's figure each measured one is held to.
FIGURES = {
    "output_tok_s": "output_tok_s",
    "tpot_ms": "tpot_ms",
    "tpot_ms_median": "tpot_ms",
    "itl_ms_median": "tpot_ms",
    "ttft_ms_median": "ttft_ms_median",
}

# Why each missed figure is missed (measured against sizing/performance.py as it is).
MOE_FRONT_END = (
    "4 users of gpt-oss-120b get a first token in 47.5 ms (H100) and 61.6 ms (A100), while the 229-token prompt "
    "touches nearly every expert, and streaming those 61 GB takes 18 ms at the H100's peak bandwidth alone: the "
    "model's fixed 45 ms (REQUEST_OVERHEAD_S, vLLM 0.11's OpenAI server on Qwen3-8B, R1/R2) leaves this run no "
    "room (its small-batch steps are now in the band: the MXFP4 MoE kernels' 50 us a layer, moe_layer_s, took "
    "the H100's from 5.9 to 7.7 ms against 8.3). The fixed part depends on the server's version and the model's "
    "chat template, which a question does not say."
)
LONG_PREFILL_A100 = (
    "gpt-oss-20b reads 32,000-token prompts on the A100 at 7,280 tokens/s (3.2 M in 440.85 s), about half the "
    "rate the model's compute gives (attention of each 2,048-token chunk over up to 30,000 cached tokens; "
    "FlashAttention 2 on the A100): the budget-full step, 2,042 prompt tokens, takes 268 ms against the "
    "model's 127 (at the measured rate, 280). The throughput agrees only because BURST_EFFICIENCY takes 65% off."
)
KV_BOUND_LONG = (
    "gpt-oss-120b on one GPU keeps few of these sequences in its KV cache (the model: 7 of 32,000 tokens on the "
    "A100, 2 on the H100, vLLM loading 64.4 GiB of MXFP4 weights): a prompt starts only when another answer "
    "ends, and the engine alternates chunk steps with decode steps of a handful (A100: median ITL 24 ms against "
    "a mean TPOT of 225 ms). The model follows that schedule (_Workload._budget: each freed slot's prompt read in "
    "chunks beside the other answers) and the MXFP4 MoE kernels' time (moe_layer_s): the TPOTs are in the band "
    "(H100 8.5 -> 15.8 ms against 24.0; A100 78.8 -> 193 against 225), the throughput is not: the chunk steps "
    "themselves run slower than the model's prefill rate (H100_MXFP4_PREFILL, LONG_PREFILL_A100)."
)
H100_MXFP4_PREFILL = (
    "1,000 prompts of 128 tokens: gpt-oss-120b on the H100 (vLLM 0.10.2) reads 17,059 tokens/s, ~17% of the "
    "H100's BF16 peak at 5.1 B active parameters, where the same lab's A100 (vLLM 0.11.0) reaches ~31% of its "
    "own: this version's MXFP4 MoE kernels leave the H100's tensor cores idle in prefill. The model reads "
    "prompts at one PREFILL_MFU for every GPU and format."
)
FIXED_BURST = (
    "BURST_EFFICIENCY (0.362) is a ShareGPT burst's tail: answers of varied lengths drain at a small batch. "
    "These prompts and answers all have one length (random dataset), so the last wave ends together and the "
    "burst runs at about its steady rate (the model's steady state is within 10% here); the product never "
    "quotes a burst. (Its 128-token twin now lies at -34.9%, inside the band only because the burst share was "
    "refitted from 0.35 with gpt-oss's MoE kernels' time: no xfail can hold a figure the band holds.)"
)

_OSS20_A100 = "vLLM-gpt-oss-20b-1xA100 SXM 80GB-tp1-{}-rinf-MXFP4-{}"
_OSS120 = "vLLM-gpt-oss-120b-1x{}-tp1-{}-MXFP4-{}"
_A100, _H100 = "A100 SXM 80GB", "H100 80GB"
GAPS = {
    **{_OSS120.format(g, "229-217-c4", "ttft_ms_median"): MOE_FRONT_END for g in (_A100, _H100)},
    **{_OSS20_A100.format("32000-95", f): LONG_PREFILL_A100 for f in ("tpot_ms", "tpot_ms_median")},
    **{
        _OSS120.format(g, shape, f): KV_BOUND_LONG
        for g, shape, figures in (
            (_A100, "32000-100-rinf", ("output_tok_s",)),
            (_H100, "32000-99-rinf", ("output_tok_s",)),
        )
        for f in figures
    },
    _OSS120.format(_H100, "128-4-rinf", "output_tok_s"): H100_MXFP4_PREFILL,
    _OSS20_A100.format("1998-94", "output_tok_s"): FIXED_BURST,
}


def _cases():
    for row in ROWS:
        for figure in FIGURES:
            if row.get(figure) is None or (_vendor(row) and figure != "output_tok_s"):
                continue  # a tuned engine's throughput is a ceiling; its latencies are not ours to match
            yield figure_case(row, figure, GAPS)


@pytest.mark.parametrize(("row", "figure"), list(_cases()))
def test_held_out_run_is_reproduced(row, figure, catalog):
    held_to_its_band(row, figure, catalog, FIGURES[figure])


def test_held_out_ids_are_unique():
    ids = [heldout_id(row) for row in ROWS]
    assert len(set(ids)) == len(ids)


def test_every_gap_names_a_real_figure():
    assert set(GAPS) <= {p.id for p in _cases()}


def test_every_row_names_its_source_line():
    """Each row cites the repository file and commit (or the documentation page) and the line it was read from."""
    for row in ROWS:
        where = r"^(github \S+/\S+ \S+ @[0-9a-f]{40}|docs\.nvidia\.com/\S+ \(.+\)) -- .*'.+'"
        assert re.search(where, row["source"]), row["source"]


def test_a_full_token_budget_keeps_the_answers_steps_short(catalog):
    """vLLM fills a step up to max_num_batched_tokens, answers first: 500 prompts of 4,000 tokens sent at once
    to gpt-oss-20b on an A100 decode at ~123 ms a token (gpustack, vLLM 0.11.0), where spreading every waiting
    prompt over every step had made it 403 ms."""
    row = next(r for r in ROWS if r["isl"] == 3998 and "20b" in r["model"])
    assert predict(row, catalog)["tpot_ms"] < 1.35 * row["tpot_ms"]
