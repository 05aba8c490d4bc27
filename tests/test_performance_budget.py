"""vLLM's per-step token budget (max_num_batched_tokens) wherever its scheduler applies it (sizing/performance.py
_Workload._budget): a KV cache that holds fewer answers than the budget would decode, pipeline stages, vLLM 0.6's
multi-step scheduling and chunked prefill off, and models taking turns on one GPU (time_shared)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import msgspec
import pytest

from sizing import performance as perf
from sizing.catalog import load_catalog
from sizing.names import resolve_model

from .test_performance import predict

HELDOUT = json.loads((Path(__file__).parent / "fixtures" / "throughput_heldout.json").read_text())["rows"]
HELDOUT2 = json.loads((Path(__file__).parent / "fixtures" / "throughput_heldout2.json").read_text())["rows"]


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _replica(cat, model: str, gpu: str = "h100-sxm", **engine) -> perf.Replica:
    engine = {"max_seqs": 1024, "chunk_tokens": 2048, **engine}
    return perf.replica(resolve_model(model, cat).model, cat.precision("bf16"), cat.gpu(gpu), cat, **engine)


# -- a KV cache that holds fewer answers than the budget would decode --------------------------------------


def test_with_every_slot_busy_a_long_prompt_is_read_beside_the_other_answers(cat):
    """Qwen3-8B, 32,000-token prompts, 100-token answers, 8,192 tokens a step: the budget would decode
    8,192 x 100 / 32,100 = 25.5 answers, the KV cache holds fewer. Each answer that ends frees one slot; its
    successor's prompt is read in chunks of 8,192 - (slots - 1) tokens, every chunk step carrying the other
    answers' tokens, and the steps between decode every slot."""
    r = _replica(cat, "qwen3 8b", chunk_tokens=8192)
    prompt, output, budget = 32_000, 100, 8192
    slots = r.kv_limit(prompt + output)
    assert 2 <= slots < budget * output / (prompt + output)
    w = r.workload(prompt, output)
    per_token = r.prefill_work(prompt) / prompt
    reads = prompt / (budget - (slots - 1))
    decodes = (output - reads * (slots - 1)) / slots
    read_step = w.step(slots - 1) + (budget - (slots - 1)) * per_token
    full_step = w.step(slots)
    tpot = (reads * (slots - 1) * read_step + decodes * slots * full_step) / output
    saturated = perf.saturated(r, prompt, output)
    assert saturated.tpot_s == pytest.approx(tpot, rel=1e-9)
    assert saturated.rate <= 1 / (reads * read_step + decodes * full_step) * (1 + 1e-9)
    # Spread over every step, the same prompts had made the answers' tokens ~40% faster than this.
    assert saturated.tpot_s > 1.5 * full_step


@pytest.mark.parametrize(
    ("rows", "model", "gpu", "was"),
    [
        # gpustack, Qwen3-14B on an H100 (vLLM 0.9.2): mean TPOT 277.44 ms; the model had 105.4 (-62%)
        (HELDOUT, "Qwen3-14B", "H100", 105.4),
        # gpustack, gpt-oss-120b on an H100 (vLLM 0.10.2): 23.99 ms; the model had 8.5 (-65%)
        (HELDOUT2, "gpt-oss-120b", "H100", 8.5),
    ],
)
def test_a_kv_bound_burst_of_long_prompts_answers_at_the_schedules_pace(rows, model, gpu, was, cat):
    row = next(
        r
        for r in rows
        if model in r["model"] and gpu in r["gpu"] and r["isl"] == 32000 and r["tp"] in (1, None)
    )
    predicted = predict(row, cat)["tpot_ms"]
    assert predicted > 1.5 * was
    assert predicted < row["tpot_ms"]  # the chunk step's own speed is what is left (the xfails' reasons)


# -- pipeline stages ------------------------------------------------------------------------------------------


def test_each_pipeline_micro_batch_fills_a_budget_of_its_own(cat):
    """Llama 3.1 8B on 2 H100s as 2 stages: vLLM runs a scheduler per virtual engine (V0) or a scheduled
    batch per stage in flight (V1), each with the whole budget: under a saturating load of 2,000-token
    prompts each micro-batch decodes B = 2,048 x 200 / 2,200 answers beside 2,048 - B prompt tokens, one
    micro-batch's step crosses both stages, and two run at once."""
    r = _replica(cat, "llama 3.1 8b", pp=2)
    prompt, output, budget = 2000, 200, 2048
    decoding = budget * output / (prompt + output)
    assert 2 * decoding <= r.kv_limit(prompt + output)
    w = r.workload(prompt, output)
    step = r.step_time(decoding, prompt + output / 2) + (budget - decoding) * r.prefill_work(prompt) / prompt
    assert w.budget_step == pytest.approx(step, rel=1e-9)
    assert w.budget_rate == pytest.approx(2 * decoding / (output * step), rel=1e-9)
    # A load past it answers at the budget's step, its prompts waiting, where every waiting prompt had been
    # spread over the answers' steps.
    saturated = perf.saturated(r, prompt, output)
    assert saturated.rate == pytest.approx(w.budget_rate, rel=1e-6)
    assert saturated.tpot_s == pytest.approx(step, rel=1e-9)


def test_pipeline_stages_keep_a_kv_bound_schedule_per_micro_batch(cat):
    """The same on 2 stages of one H100: 70B's weights leave room for few 8,000-token sequences, fewer per
    micro-batch than the budget would decode: the slots' schedule holds per micro-batch."""
    r = _replica(cat, "llama 3.1 70b", tp=2, pp=2)
    prompt, output = 8000, 200
    w = r.workload(prompt, output)
    slots = r.kv_limit(prompt + output) / 2
    assert slots < 2048 * output / (prompt + output)
    assert math.isfinite(w.budget_rate)
    saturated = perf.saturated(r, prompt, output)
    assert saturated.tpot_s == pytest.approx(w.budget_step, rel=1e-9)
    assert saturated.tpot_s > w.step(2 * slots)


# -- vLLM 0.6: multi-step scheduling, chunked prefill on or off ---------------------------------------------


def test_multi_step_scheduling_with_chunked_prefill_keeps_the_budget(cat):
    """--num-scheduler-steps 10 with chunked prefill: the scheduler still puts the running answers first and
    cuts prompts to what the budget leaves; only the CPU's part of a step is shared by the 10."""
    one = _replica(cat, "llama 3.1 8b", max_seqs=256)
    ten = _replica(cat, "llama 3.1 8b", max_seqs=256, scheduler_steps=10)
    a, b = one.workload(4000, 200), ten.workload(4000, 200)
    assert math.isfinite(b.budget_rate)
    assert b.budget_step < a.budget_step and b.budget_rate > a.budget_rate


def test_with_chunked_prefill_off_the_answers_wait_for_the_prompts(cat):
    """vLLM 0.6's default scheduler up to 32k tokens of context (_schedule_default: "Don't schedule decodes if
    prefills are scheduled"): a step with prompts carries no answers, so a load of long prompts stretches the
    answers' steps and never makes the prompts wait for room in them."""
    on = _replica(cat, "llama 3.1 8b", max_seqs=256, scheduler_steps=10)
    off = _replica(cat, "llama 3.1 8b", max_seqs=256, scheduler_steps=10, chunked_prefill=False)
    assert off.workload(2000, 100).budget_rate == math.inf
    # 2,000-token prompts, 100-token answers, every slot busy: with chunked prefill the answers' tokens come
    # ~75 ms apart and the prompts wait ~8.8 s; off, ~150 ms apart and ~0.6 s.
    saturated_on, saturated_off = perf.saturated(on, 2000, 100), perf.saturated(off, 2000, 100)
    assert saturated_off.tpot_s > 1.5 * saturated_on.tpot_s
    assert saturated_off.ttft_s < saturated_on.ttft_s / 5


# -- models taking turns on one GPU -------------------------------------------------------------------------


def test_a_tenant_alone_at_its_budget_full_rate_gets_what_it_gets_alone(cat):
    """Llama 3.1 8B with 8,000-token prompts at the rate that fills its budget: served together but alone on its
    GPU it answers as alone (first token 0.29 s, 93 ms a token), where spreading every prompt over the steps
    had said 1.19 s and 98 ms."""
    r = _replica(cat, "llama 3.1 8b")
    w = r.workload(8000, 200)
    alone = perf.at_rate(r, 8000, 200, w.budget_rate)
    (shared,) = perf.time_shared([perf.Tenant(r, 8000, 200, frozenset({0}), rate=w.budget_rate)])
    assert shared.tpot_s == pytest.approx(alone.tpot_s, rel=1e-6)
    assert shared.ttft_s == pytest.approx(alone.ttft_s, rel=1e-6)


def test_beside_another_model_a_full_budget_keeps_its_steps_and_its_queue(cat):
    """The same 8B beside another 8B's short chats (4 requests/s) on one H100: at 90% of its rate alone its
    budget fills, so its answers decode at its budget-full step plus the neighbour's step, over the share of
    the GPU the neighbour's prompts leave; a rate past what that step completes is a queue that grows."""
    r = _replica(cat, "llama 3.1 8b")
    long_, chat = r.workload(8000, 200), r.workload(200, 200)
    rate = 0.9 * long_.budget_rate
    loads = perf.time_shared(
        [
            perf.Tenant(r, 8000, 200, frozenset({0}), rate=rate),
            perf.Tenant(r, 200, 200, frozenset({0}), rate=4.0),
        ]
    )
    busy = 1 - math.exp(-loads[1].concurrency)
    step = (long_.budget_step + busy * chat.step(loads[1].concurrency)) / (1 - 4.0 * chat.work)
    assert loads[0].tpot_s == pytest.approx(step, rel=1e-3)
    assert not loads[0].sustainable
    assert rate > long_.budget_rate * long_.budget_step / step


# -- MXFP4 MoE layers at small batches ----------------------------------------------------------------------


def test_mxfp4_moe_layers_cost_their_kernels_time_beside_the_experts_bytes(cat):
    """4 users of gpt-oss-120b on an H100 decode at 8.31 ms a token (gpustack, vLLM 0.10.2) where the bytes the
    step reads (the 15 of 128 experts 4 tokens route to, E (1 - (1 - k/E)^4), the attention and the output
    layer) give 5.9: vLLM's MXFP4 MoE kernels take ~50 us a layer beyond them, at any batch. A BF16 MoE's kernels
    (Mixtral, Qwen3-235B) are another path, with no such time measured."""
    model = resolve_model("gpt-oss-120b", cat).model
    h100 = cat.gpu("h100-sxm")
    mxfp4 = perf.replica(model, cat.precision("mxfp4"), h100, cat)
    bare = msgspec.structs.replace(mxfp4, moe_layer_s=0.0)
    step, without = mxfp4.step_time(4, 229 + 217 / 2), bare.step_time(4, 229 + 217 / 2)
    assert step - without == pytest.approx(36 * 50e-6, rel=1e-9)
    assert 0.9 * 8.31e-3 < step < 8.31e-3  # measured 8.31 ms; the bytes alone had said 5.9
    bf16 = perf.replica(resolve_model("mixtral 8x7b", cat).model, cat.precision("bf16"), h100, cat, tp=2)
    assert bf16.moe_layer_s == 0.0
