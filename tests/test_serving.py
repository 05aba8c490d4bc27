"""vLLM's start-up accounting, reproduced: KV memory = total x 0.9 - weights - activation peak - non-torch."""

import pytest

from sizing import serving
from sizing.weights import engine_weight_bytes

from .conftest import GIB

H100_TOTAL = 79.18 * GIB  # vLLM's own log on the H100 of these runs


# llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md: vLLM V1, H100, utilization 0.9,
# vllm serve defaults on an H100 (max_num_batched_tokens 8192, max_num_seqs 1024).
RUNS = [
    # model, precision, tp, peak activation GiB, available KV GiB
    ("llama-3.1-8b", "bf16", 1, 4.76, 51.38),
    ("llama-3.3-70b", "fp8", 2, 4.84, 32.0),
    ("llama-3.3-70b", "fp8", 1, 4.84, -1.44),  # the run that failed: no room for any KV cache
    ("qwen3-32b", "bf16", 1, 5.64, 4.45),
    ("qwen3-0.6b", "bf16", 1, 5.56, 64.45),
    ("gpt-oss-20b", "mxfp4", 1, 7.38, 50.28),
]


@pytest.mark.parametrize(("model", "precision", "tp", "peak", "kv"), RUNS)
def test_vllm_start_up_memory_is_reproduced(catalog, model, precision, tp, peak, kv):
    m = catalog.model(model)
    activation = serving.activation_peak(m, 8192, 1024, tp) / GIB
    assert activation == pytest.approx(peak, rel=0.03)
    weights = engine_weight_bytes(m, catalog.precision(precision), catalog) / tp / GIB  # as vLLM loads them
    non_torch = (serving.NON_TORCH_PARALLEL if tp > 1 else serving.NON_TORCH_SINGLE) / GIB
    predicted_kv = H100_TOTAL / GIB * 0.9 - weights - activation - non_torch
    assert predicted_kv == pytest.approx(kv, abs=0.75)


def test_a_workload_sized_server_needs_far_less_activation_memory(catalog):
    model = catalog.model("llama-3.1-70b")
    default = serving.activation_peak(model, 8192, 1024, 1)
    sized = serving.activation_peak(model, 2048, 10, 1)
    assert sized < default / 4


def test_tensor_parallel_degrees_vllm_accepts(catalog):
    llama = catalog.model("llama-3.1-70b")  # 64 heads, 8 KV heads
    assert serving.tp_problem(llama, 8) is None
    assert serving.tp_problem(llama, 16) is None  # KV heads replicated
    assert serving.tp_problem(llama, 3) == "heads"
    qwen = catalog.model("qwen2.5-7b")  # 28 heads, 4 KV heads
    assert serving.tp_problem(qwen, 4) is None
    assert serving.tp_problem(qwen, 8) == "heads"


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("sglang deepseek-v3 tp 8 h200", "sglang"),
        ("python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp-size 2", "sglang"),
        ("tgi com mistral 7b pra 30 pessoas", "tgi"),
        ("llama 70b no tensorrt-llm", "tensorrt-llm"),  # had been not understood
    ],
)
def test_another_serving_engine_named_is_told_the_speed_figures_are_vllms(text, typed):
    from bot.rendering import render_text
    from sizing.engine import size
    from sizing.query import parse

    query = parse(text)
    assert query.other_engines == [typed] and query.unknown == []
    answer = render_text(size(query.workload.but(lang=query.detected_lang)), query)
    assert f"“{typed}”: a memória é dimensionada como qualquer servidor com KV cache paginado" in answer


@pytest.mark.parametrize(
    ("model", "chunk", "tp"),
    [("llama-3.1-8b", 2048, 1), ("llama-3.3-70b", 2048, 4), ("qwen3-0.6b", 8192, 1), ("gpt-oss-20b", 512, 1)],
)
def test_a_setup_s_activations_for_more_conversations_follow_vllm_s_profile_past_the_forward_pass(
    catalog, model, chunk, tp
):
    # Up to some count of conversations the forward pass sets the activation peak; past it the sampler's
    # workspace, which grows with them. The setups' memory (what a search weighs at every step) is vLLM's
    # profile at every count, on both sides of that edge.
    from sizing.plan import make_plan
    from sizing.setups import inference_memory
    from sizing.workload import Workload

    m = catalog.model(model)
    plan = make_plan(Workload(model=model, prefill_chunk=chunk), catalog)
    forward = serving.forward_peak(m, chunk, tp)
    peaks = {users: serving.activation_peak(m, chunk, users, tp) for users in range(1, 400)}
    assert peaks[1] == forward < peaks[399]  # both sides of the edge are met
    for users, peak in peaks.items():
        memory = inference_memory(plan, catalog, tp=tp, users=users)
        assert memory.activations == peak, users
        assert memory.total == memory.weights + memory.kv_cache + peak + memory.overhead, users
