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

HELDOUT2 = json.loads((Path(__file__).parent / "fixtures" / "throughput_heldout2.json").read_text())["rows"]


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _replica(cat, model: str, gpu: str = "h100-sxm", **engine) -> perf.Replica:
    engine = {"max_seqs": 1024, "chunk_tokens": 2048, **engine}
    return perf.replica(resolve_model(model, cat).model, cat.precision("bf16"), cat.gpu(gpu), cat, **engine)


# -- a KV cache that holds fewer answers than the budget would decode --------------------------------------


def _schedule(w: perf._Workload, slots: float, budget: int) -> tuple[float, float]:
    """A slot-bound copy's schedule by hand, per micro-batch of `slots`: (requests a second for one micro-batch,
    mean step an answer's token waits). Each freed slot's prompt is read in chunks of budget - (slots - 1)
    tokens beside the other answers, the steps between decode every slot, and a slot holds each request for its
    fixed overhead, its prompt's chunk steps and its answer (Little's law)."""
    per_token = w.work * w.r.pp / w.prompt
    others = slots - 1
    reads = w.prompt / (budget - others)
    decodes = (w.output - reads * others) / slots
    read_step = w.r.step_time(max(others, 1.0), w.history + w.prompt + w.output / 2)
    read_step += (budget - others) * per_token
    full_step = w.r.step_time(slots, w.history + w.prompt + w.output / 2)
    tpot = (reads * others * read_step + decodes * slots * full_step) / w.output
    return slots / (perf.REQUEST_OVERHEAD_S + reads * read_step + w.output * tpot), tpot


def test_with_every_slot_busy_a_long_prompt_is_read_beside_the_other_answers(cat):
    """gpt-oss-120b on one H100, 32,000-token prompts, 99-token answers, 8,192 tokens a step: the budget would
    decode 8,192 x 99 / 32,099 = 25 answers, the KV cache holds 2. Each answer that ends frees a slot; its
    successor's prompt is read in chunks of 8,191 tokens beside the other answer: the answers' tokens wait for
    those chunk steps (gpustack, vLLM 0.10.2: mean TPOT 23.99 ms; the model had said 8.5, spreading every prompt
    over every step)."""
    model = resolve_model("gpt-oss-120b", cat).model
    r = perf.replica(model, cat.precision("mxfp4"), cat.gpu("h100-sxm"), cat, chunk_tokens=8192)
    prompt, output = 32_000, 99
    slots = r.kv_limit(prompt + output)
    assert slots == 2 < 8192 * output / (prompt + output)
    rate, tpot = _schedule(r.workload(prompt, output), slots, 8192)
    saturated = perf.saturated(r, prompt, output)
    assert saturated.tpot_s == pytest.approx(tpot, rel=1e-9)
    assert saturated.rate == pytest.approx(rate, rel=1e-9)
    assert 0.65 * 23.99e-3 < saturated.tpot_s < 23.99e-3


def test_a_kv_bound_burst_of_long_prompts_answers_at_the_schedules_pace(cat):
    """The same run through the benchmark harness: a burst of 100 such prompts, the TPOT in the band."""
    row = next(r for r in HELDOUT2 if "120b" in r["model"] and "H100" in r["gpu"] and r["isl"] == 32000)
    predicted = predict(row, cat)["tpot_ms"]
    assert predicted > 1.5 * 8.5 and abs(predicted / row["tpot_ms"] - 1) <= 0.35


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
    """Llama 3.1 70B in FP8 on 2 H100s as 2 stages, 32,000-token prompts: the KV cache holds 6 sequences, 3 a
    micro-batch, fewer than the 25 the budget would decode in each: each micro-batch runs the slots' schedule of
    its own, and the copy never completes more than the two of them."""
    model = resolve_model("llama 3.1 70b", cat).model
    r = perf.replica(model, cat.precision("fp8"), cat.gpu("h100-sxm"), cat, pp=2, chunk_tokens=8192)
    prompt, output = 32_000, 100
    assert r.kv_limit(prompt + output) == 6
    w = r.workload(prompt, output)
    rate, tpot = _schedule(w, 3, 8192)
    assert w.budget_rate == pytest.approx(2 * rate, rel=1e-9)
    assert w.budget_step == pytest.approx(tpot, rel=1e-9)
    assert perf.saturated(r, prompt, output).rate <= w.budget_rate * (1 + 1e-9)


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
