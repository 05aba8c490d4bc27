"""Named-GPU verdicts get the same vLLM-defaults check as the recommendation, and weights count as the engine
loads them (issue #12, item 2), against vLLM's own logs on an H100 (../shared/reference/published.json)."""

import pytest

from sizing import kv_cache, serving
from sizing.engine import size
from sizing.weights import engine_weight_bytes, weight_bytes
from sizing.workload import Workload

from .conftest import GIB

H100_TOTAL = 79.18 * GIB  # vLLM's log on the H100 of these runs


def logged(published, model, what):
    return next(
        e["value"]
        for e in published
        if e["model"] == model and e["what"] == f"vLLM measured {what} (per GPU)"
    )


@pytest.mark.parametrize("model", ["gpt-oss-120b", "gpt-oss-20b"])
def test_gpt_oss_weights_count_what_vllm_loads_not_the_checkpoint(catalog, published, model):
    m, mxfp4 = catalog.model(model), catalog.precision("mxfp4")
    loaded = logged(published, model, "weights")  # 64.38 and 13.47 GiB
    assert engine_weight_bytes(m, mxfp4, catalog) / GIB == pytest.approx(loaded, rel=0.01)
    # The checkpoint alone is 3.6 GiB short for the 120b (60.8 GiB): the old figure.
    assert weight_bytes(m, mxfp4, catalog).bytes / GIB < loaded - 0.5


def test_the_gpt_oss_120b_run_is_reproduced(catalog, published):
    # The logged figures add up to 0.95 of the GPU, not 0.9: 64.38 + 7.38 + 0.13 + 3.33 = 75.22 GiB =
    # 0.95 x 79.18, so that run used --gpu-memory-utilization 0.95 with vLLM's other defaults
    # (max_num_seqs 1024, max_num_batched_tokens 8192) and max-model-len 16000.
    parts = ("weights", "peak activation", "non-torch memory", "available KV cache")
    assert sum(logged(published, "gpt-oss-120b", p) for p in parts) == pytest.approx(0.95 * 79.18, abs=0.02)
    m = catalog.model("gpt-oss-120b")
    weights = engine_weight_bytes(m, catalog.precision("mxfp4"), catalog)
    kv = 0.95 * H100_TOTAL - weights - serving.activation_peak(m, 8192, 1024, 1) - serving.NON_TORCH_SINGLE
    assert kv / GIB == pytest.approx(3.33, abs=0.75)
    # "Measured defaults allow about 6" conversations of 16,000 tokens; the old weights allowed 17 tuned.
    assert kv // kv_cache.sequence_bytes(m, 16000, 2) in (5, 6)


def test_a_named_gpu_says_when_vllms_defaults_would_not_start():
    # gpu-size -m "gpt-oss 120b" -c 131072 -g h100: it fits with vLLM configured for the workload, but with
    # vLLM's defaults (0.9 utilization, max_num_seqs 1024) the activation reserve leaves no room for one
    # conversation: vLLM refuses to start. The verdict said "fits, up to 2 users" and nothing else.
    r = size(Workload(model="gpt-oss 120b", context=131072, gpu="h100", lang="en"))
    verdict = r.alternatives[0]
    assert verdict.kind == "named_gpu" and verdict.setup.fits
    assert "vLLM would refuse to start" in verdict.text and "--max-num-seqs 1" in verdict.text
    assert verdict.setup.max_users == 1  # 64.4 GiB of weights leave room for one 128k conversation, not 2


def test_a_named_gpu_says_how_many_users_vllms_defaults_leave():
    # Qwen3 32B on an H100: vLLM's log shows 4.45 GiB of KV cache with its defaults (published.json), room
    # for 2 conversations of 8,192 tokens (2 GiB each); configured for 4 users it holds 4.
    r = size(Workload(model="qwen3 32b", context=8192, users=4, gpu="h100", lang="en"))
    verdict = r.alternatives[0].text
    assert "up to 4 users at up to 9,440 tokens" in verdict  # the 4 asked fit: said once, with the room left
    assert "leaving room for only up to 2 users at 8,192 tokens" in verdict and "--max-num-seqs 4" in verdict


@pytest.mark.parametrize(
    ("text", "users"),
    [
        # a reasoning model: conversations that hold a reasoning answer (traffic.toml [lengths])
        ("gpt-oss 120b mxfp4 na h100", 5),
        ("gpt-oss 120b mxfp4 na h100, reasoning effort low", 40),
        ("llama 70b em 2 h100", 6),
        ("llama 70b em 2 h100 com 4 usuarios", 6),
    ],
)
def test_the_max_num_seqs_advised_serves_the_capacity_quoted(catalog, text, users):
    # "Capacidade: até 40 usuários ... Configure --max-num-seqs 1": the advice cut the GPU to one user. The value
    # advised is the capacity quoted, with the prefill chunk the answer configures, and vLLM starts with it:
    # the sampler's reserve for that many sequences and their KV cache fit beside the weights.
    from sizing.query import parse

    r = size(parse(text).workload)
    verdict = r.alternatives[0]
    assert verdict.kind == "named_gpu" and verdict.setup.max_users == users
    assert f"Capacidade: até {users} usuários" in verdict.text
    assert f"Configure --max-num-seqs {users} (ou menos) e --max-num-batched-tokens 2048." in verdict.text
    setup, m = verdict.setup, r.workload
    arch, tp = catalog.model(m.model.id), setup.tensor_parallel
    reserve = serving.activation_peak(arch, 2048, users, tp)
    rest = setup.per_gpu.total - setup.per_gpu.kv_cache - setup.per_gpu.activations - serving.CUDA_GRAPHS
    one = kv_cache.sequence_bytes(arch, m.context_tokens, 2, tp, 1)
    assert setup.usable_bytes_per_gpu - rest - reserve >= users * one


def test_a_pasted_gpu_memory_utilization_is_the_share_sized(catalog, published):
    # "--gpu-memory-utilization 0.95" in a pasted launch line had been dropped with its value: the answer sized
    # vLLM's 0.9 and warned that the published run's own command could not start. Now the answer sizes the
    # share the command gives, and with vLLM's other defaults it leaves the ~6 conversations of 16,000 tokens
    # that run logged (published.json, 3.33 GiB of KV cache; 5 here by the model's error).
    from sizing.query import parse

    text = (
        "vllm serve openai/gpt-oss-120b --gpu-memory-utilization 0.95 --max-model-len 16000 "
        "--max-num-seqs 10 on 1 h100"
    )
    workload = parse(text).workload
    assert workload.memory_utilization == 0.95
    r = size(workload.but(lang="en"))
    verdict = r.alternatives[0]
    assert verdict.kind == "named_gpu" and verdict.setup.fits
    assert verdict.setup.usable_bytes_per_gpu == int(0.95 * catalog.gpu("h100-sxm").memory_bytes)
    # The line sets --max-num-seqs 10: vLLM's default of 1,024 (whose sampler reserve had cut it to 5) does not apply,
    # and the ceiling's 10 full-length sequences fit.
    assert "vLLM starts with --max-model-len 16,000" in verdict.text
    assert "10 sequences of 16,000 tokens at once" in verdict.text
    assert any("as the question's --gpu-memory-utilization 0.95 says" in a for a in r.assumptions)
    # vLLM's default share holds fewer: the same question without the flag.
    default = size(workload.but(lang="en", memory_utilization=None)).alternatives[0]
    assert default.setup.usable_bytes_per_gpu < verdict.setup.usable_bytes_per_gpu


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("llama 8b gpu_memory_utilization=0.92", 0.92),  # as a Python or YAML config has it
        ("llama 8b --port 8000 --gpu-memory-utilization=0.85", 0.85),
        ("vLLM com llama 3.1 8b, max-model-len 32768, gpu-memory-utilization 0.95, max-num-seqs 64", 0.95),
        ("llama 8b gpu memory utilization 95%", 0.95),
    ],
)
def test_the_share_is_read_however_it_is_pasted(text, share):
    from sizing.query import parse

    query = parse(text)
    assert query.workload.memory_utilization == share and query.unknown == []


def test_a_share_past_095_is_warned_and_one_out_of_range_refused():
    from sizing.errors import SizingError
    from sizing.query import parse

    r = size(parse("llama 8b 64 users 16k --gpu-memory-utilization 0.98").workload)
    assert any("deixa só 2% livres" in a and "pode ficar sem memória" in a for a in r.assumptions)
    with pytest.raises(SizingError) as e:
        size(parse("llama 8b gpu-memory-utilization 0.2").workload)
    assert e.value.message("pt-BR").startswith("--gpu-memory-utilization 0.2 não serve")
    # A training run plans with its own margin: the serving flag changes nothing there.
    trained = size(parse("lora llama 8b gpu-memory-utilization 0.5").workload)
    assert trained.memory.total == size(parse("lora llama 8b").workload).memory.total
    assert any(
        a.startswith("--gpu-memory-utilization 0.5 é do servidor de inferência") for a in trained.assumptions
    )
