"""Fine-tuning and training figures that depend on the software, the parallelism and the compute model,
checked against published measurements and hand calculations (issue #12)."""

import math

import pytest

from bot.cli import main
from sizing import training
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse
from sizing.weights import weight_bytes
from sizing.workload import Stage, Workload

from .conftest import GIB


def ask(**kw):
    return size(Workload.given(kw))


def longest_sequence(catalog, model_id, stack_id, budget, rank=32):
    """The longest QLoRA sequence (batch 1, checkpointing on) whose whole training memory fits `budget`."""
    model = catalog.model(model_id)
    base = weight_bytes(model, catalog.precision("nf4"), catalog).bytes
    stack = catalog.stack(stack_id)

    def fits(seq):
        kwargs = dict(gpus=1, zero=0, seq_len=seq, micro_batch=1, checkpointing=True, lora_rank=rank)
        return training.memory(model, "qlora", base, stack=stack, **kwargs).total <= budget

    if not fits(1):
        return 0
    lo, hi = 1, 2
    while fits(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


# -- 1. the software stack -------------------------------------------------------------------------------

# unslothai/unsloth README, "Llama 3.1 (8B) max. context length": QLoRA r32 on every linear layer, batch 1,
# sequences padded to the length; the longest that trains per GPU memory, with unsloth and with
# "Hugging Face + FA2". The memory column is the cards' nominal size, read as GiB (an "80GB A100" holds
# 80 GiB). Our figure must not promise a longer sequence than was measured (1% tolerance) nor fall far short.
UNSLOTH_8B = {12: (21_848, 932), 16: (40_724, 2_551), 24: (78_475, 5_789), 40: (153_977, 12_264),
              48: (191_728, 15_502), 80: (342_733, 28_454)}  # fmt: skip


@pytest.mark.parametrize("gib", sorted(UNSLOTH_8B))
def test_longest_qlora_sequence_matches_unsloths_table_for_both_stacks(catalog, gib):
    unsloth, hugging_face = UNSLOTH_8B[gib]
    ours_hf = longest_sequence(catalog, "llama-3.1-8b", "hf", gib * GIB)
    ours_unsloth = longest_sequence(catalog, "llama-3.1-8b", "unsloth", gib * GIB)
    assert 0.85 * hugging_face <= ours_hf <= 1.01 * hugging_face
    assert 0.85 * unsloth <= ours_unsloth <= 1.01 * unsloth


def test_llama_70b_qlora_matches_unsloths_a100_measurements(catalog):
    # Same README, "Llama 3.3 (70B) max. context length" on an 80GB A100: unsloth 89,389 tokens, Hugging Face
    # + FA2 6,916; on 48 GB Hugging Face runs out of memory.
    assert 0.85 * 6_916 <= longest_sequence(catalog, "llama-3.3-70b", "hf", 80 * GIB) <= 1.01 * 6_916
    assert 0.85 * 89_389 <= longest_sequence(catalog, "llama-3.3-70b", "unsloth", 80 * GIB) <= 1.01 * 89_389
    assert longest_sequence(catalog, "llama-3.3-70b", "hf", 48 * GIB) < 512  # "OOM"


def test_the_issues_4090_question_depends_on_the_stack_and_says_which():
    # gpu-size -m "llama 3.1 8b" -s qlora --lora-rank 32 --seq-len 16384 -g "rtx 4090": with Transformers +
    # FA2 that run is published to run out of memory above ~5.8k tokens on 24 GB; unsloth reaches 78k.
    common = dict(
        model="llama 3.1 8b", stage=Stage.qlora, lora_rank=32, seq_len=16384, gpu="rtx 4090", lang="en"
    )
    default = ask(**common)
    [verdict] = [a for a in default.alternatives if a.kind == "named_gpu"]
    assert not verdict.setup.fits and "does not fit" in verdict.text
    assert any(a.startswith("Software: Hugging Face Transformers + PEFT/TRL.") for a in default.assumptions)
    assert any(a.kind == "other_stack" and "unsloth" in a.text for a in default.alternatives)
    unsloth = ask(stack="unsloth", **common)
    [verdict] = [a for a in unsloth.alternatives if a.kind == "named_gpu"]
    assert verdict.setup.fits
    assert any(a.startswith("Software: unsloth.") for a in unsloth.assumptions)
    assert unsloth.workload.stack == "unsloth"


@pytest.mark.parametrize("stage", [Stage.full, Stage.lora, Stage.qlora, Stage.pretrain])
@pytest.mark.parametrize("stack", [None, "unsloth", "torchtune", "liger"])
def test_every_training_answer_names_its_software(catalog, stage, stack):
    r = ask(model="8b", stage=stage, stack=stack, lang="en", tokens=10**9)
    name = catalog.stack(stack or "hf").name
    assert any(a.startswith(f"Software: {name}.") for a in r.assumptions)
    assert r.workload.stack_name == name


def test_a_plain_loss_holds_the_whole_logits_in_fp32_and_a_fused_one_does_not(catalog):
    # Llama 3.1 8B, 4,096 tokens: Transformers' loss holds the BF16 logits, their FP32 copy, the FP32
    # log-softmax, its FP32 gradient and the BF16 gradient: (2 + 4 + 4 + 4 + 2) x 128,256 x 4,096 bytes.
    model = catalog.model("llama-3.1-8b")
    assert training.logit_bytes(model, 4096, catalog.stack("hf")) == 16 * 128_256 * 4096
    # torchtune: BF16 logits + FP32 upcast of one chunk in eight: 2.5 bytes per logit.
    assert training.logit_bytes(model, 4096, catalog.stack("torchtune")) == 2.5 * 128_256 * 4096
    # Liger's fused linear cross-entropy: a chunk as large as the hidden states, never the vocabulary.
    assert training.logit_bytes(model, 4096, catalog.stack("liger")) == 6 * 4096 * 4096


def test_the_stack_is_understood_in_words_and_by_flag(capsys):
    assert parse("llama 3.1 8b qlora com unsloth seq 16k").workload.stack == "unsloth"
    assert parse("8b lora with liger kernels").workload.stack == "liger"
    assert parse("ajuste fino do 8b no torchtune").workload.stack == "torchtune"
    assert main(["--model", "8b", "--stage", "lora", "--stack", "torchtune", "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["stack"] == "torchtune"
    assert main(["--model", "8b", "--stage", "lora", "--stack", "unslot"]) == 2
    assert "unsloth" in capsys.readouterr().err  # did you mean


def test_unsloth_runs_several_gpus_as_plain_data_parallel():
    r = ask(model="70b", stage=Stage.lora, stack="unsloth")
    assert r.recommendation is None or r.recommendation.zero == 0  # DDP: every GPU holds the whole model
    with pytest.raises(SizingError) as e:
        ask(model="70b", stage=Stage.lora, stack="unsloth", zero=3)
    assert e.value.key == "stack_data_parallel" and "DDP" in e.value.message("en")


# -- 3. communication buffers and the minimum margin -----------------------------------------------------


def test_fsdp_buffers_of_a_70b_full_fine_tune_are_counted():
    r = ask(model="llama 3.1 70b", stage=Stage.full)
    rec = r.recommendation
    assert rec.zero == 3 and rec.count > 1
    # Hand calculation, Llama 3.1 70B: embeddings = output head = 128,256 x 8,192 = 1,050,673,152 params;
    # a layer = 8,192 x (8,192 + 2 x 1,024) + 8,192 x 8,192 (attention) + 3 x 8,192 x 28,672 (MLP) =
    # 855,638,016 params. FSDP keeps the root unit (embeddings + head) whole for the step, all-gathers the
    # running layer and prefetches the next, and holds whole BF16 gradients before each reduce-scatter:
    # one layer's, and the root's through the backward.
    root, layer = 2 * 1_050_673_152, 855_638_016
    assert rec.per_gpu.comm_buffers == 2 * root + 2 * 2 * layer + 2 * layer + 2 * root  # 13.5 GB
    # With them counted, 16x A100 (today's old answer, 0.94 GB spare) no longer holds the run.
    assert (rec.gpu, rec.count) != ("a100-80gb-sxm", 16)


MARGIN_CASES = [
    dict(model="llama 3.1 70b", stage=Stage.full),
    dict(model="llama 3.1 70b", stage=Stage.full, cpu_offload=True),
    dict(model="llama 3.1 8b", stage=Stage.pretrain, tokens=15 * 10**12),
    dict(model="llama 3.1 8b", stage=Stage.full, gpus=8),
    dict(model="qwen3 30b a3b", stage=Stage.lora, seq_len=8192),
    dict(model="llama 3.1 70b", stage=Stage.qlora, zero=3, gpus=4),
    dict(model="mixtral 8x7b", stage=Stage.full, zero=2),
]


@pytest.mark.parametrize("kw", MARGIN_CASES)
def test_every_training_recommendation_keeps_the_stated_minimum_margin(catalog, kw):
    r = ask(lang="en", **kw)
    rec = r.recommendation
    share = 1 - catalog.offering.training.memory_utilization
    stated = next(a for a in r.assumptions if a.startswith("Safety margin"))
    assert f"at least {round(share * 100)}% stays free" in stated
    assert rec.gpu_memory_bytes - rec.per_gpu.total >= share * rec.gpu_memory_bytes
    if rec.count > 1:
        assert rec.per_gpu.comm_buffers > 0  # data-parallel training communicates through buffers


def test_cpu_offload_keeps_fp32_gradients_in_host_memory_too():
    # ZeRO-Offload (arXiv:2101.06840, Figure 2): the CPU Adam step reads FP32 gradients next to the FP32
    # master weights, momentum and variance: 4 + 12 = 16 bytes per parameter in the servers' RAM.
    r = ask(model="llama 3.1 70b", stage=Stage.full, cpu_offload=True, lang="en")
    assert r.memory.host_offload == 16 * r.workload.model.params
    assert any("FP32 gradients" in n for n in r.notes)


# -- 4. never silent when nothing we rent fits -----------------------------------------------------------


def test_a_run_bigger_than_the_offering_still_gets_its_figures(catalog):
    r = ask(model="llama 3.1 405b", stage=Stage.pretrain, tokens=15_600_000_000_000, lang="en")
    assert r.recommendation is None
    est = r.estimates
    params = r.workload.model.params
    # 6·N·D, with no teacher
    assert est.training_flops == pytest.approx(6 * params * 15_600_000_000_000, rel=1e-12)
    h200 = catalog.gpu("h200-sxm")  # our fastest and largest GPU
    assert est.gpu == "h200-sxm"
    assert est.gpu_hours == pytest.approx(est.training_flops / (989.4e12 * 0.40) / 3600)
    assert est.deadline_days == 30 and est.gpus_to_finish == math.ceil(est.gpu_hours / (30 * 24))
    # The cluster that holds the run: whole 8-GPU servers, and 8 fewer GPUs would not hold it.
    from sizing.plan import make_plan
    from sizing.setups import Shape, evaluate

    plan = make_plan(
        Workload(model="llama 3.1 405b", stage=Stage.pretrain, tokens=15_600_000_000_000), catalog
    )
    hold = est.gpus_to_hold
    assert hold % 8 == 0
    assert evaluate(plan, Shape(h200, 8, hold // 8, False), catalog).fits
    assert not evaluate(plan, Shape(h200, 8, hold // 8 - 1, False), catalog).fits
    text = " ".join(est.text)
    assert "custom project" in text and "Nothing we rent holds this run" in text


def test_a_huge_fine_tune_without_data_still_says_what_it_takes():
    r = ask(model="deepseek v3", stage=Stage.full)
    assert r.recommendation is None and r.estimates.gpus_to_hold
    assert "projeto sob medida" in r.estimates.text[0]


# -- 5. MFU in the standard 6·N·D definition -------------------------------------------------------------


def test_training_time_is_six_n_d_at_the_stated_mfu(catalog):
    r = ask(model="llama 3.1 8b", stage=Stage.pretrain, tokens=10**12, lang="en")
    rec = r.recommendation
    n = r.workload.model.params
    peak = catalog.gpu(rec.gpu).bf16_dense_tflops * 1e12
    # Hand calculation: 6 x N x D model FLOPs over (GPUs x peak x 40% MFU); recomputation is not added.
    assert r.estimates.wall_clock_days == pytest.approx(6 * n * 1e12 / (rec.count * peak * 0.40) / 86400)
    assert r.estimates.recompute_flops == 2 * n * 1e12
    recompute = next(line for line in r.estimates.text if "Gradient checkpointing runs" in line)
    assert "53%" in recompute  # 40% MFU x 8/6: what the GPUs really run at
    assert any("40% MFU" in a and "6·N·D" in a for a in r.assumptions)


def test_llama_3_405b_gpu_hours_against_metas_published_figure():
    # Meta's Llama 3.1 model card: 30.84M H100-80GB GPU-hours for the 405B; the Llama 3 paper
    # (arXiv:2407.21783, section 3.3 and Table 4): 15.6T tokens, 38-43% MFU. The published hours include
    # restarts and evaluation (the paper reports >90% effective training time), so ours must be somewhat
    # below and not far below. The old 8·N·D at 40% gave 35.5M, above the published figure.
    r = ask(model="llama 3.1 405b", stage=Stage.pretrain, tokens=15_600_000_000_000)
    assert 0.80 * 30.84e6 <= r.estimates.gpu_hours <= 30.84e6


def test_deepseek_v3_gpu_hours_against_its_technical_report():
    # DeepSeek-V3 Technical Report (arXiv:2412.19437, Table 1): pre-training on 14.8T tokens took 2,664K H800
    # GPU-hours. An H800 has an H100's BF16 peak (989 TFLOPS dense); the MoE counts its 37B active
    # parameters (6·N·D with N active). DeepSeek trained in FP8 and with a multi-token-prediction module,
    # and the hours include their own overheads: ours, at 40% MFU of BF16, lands 10-15% below.
    r = ask(model="deepseek v3", stage=Stage.pretrain, tokens=14_800_000_000_000, lang="en")
    assert 0.85 * 2.664e6 <= r.estimates.gpu_hours <= 2.664e6


@pytest.mark.parametrize(("model", "published"), [("llama 3.1 70b", 7.0e6), ("llama 3.1 8b", 1.46e6)])
def test_smaller_llama_runs_are_a_lower_bound(model, published):
    # The same model card: 7.0M (70B) and 1.46M (8B) H100-hours for ~15T tokens, i.e. ~25% and ~14% MFU:
    # small models spread over thousands of GPUs spend more time communicating than a cluster we rent
    # would. Our 40% gives fewer hours, never more, and the answer states the MFU it assumed.
    r = ask(model=model, stage=Stage.pretrain, tokens=15 * 10**12, lang="en")
    assert r.estimates.gpu_hours < published
    assert any("40% MFU" in a for a in r.assumptions)


# -- 7. LoRA targets, adapter types ----------------------------------------------------------------------


def test_lora_on_moe_adapts_the_routed_experts_as_peft_all_linear_does(catalog):
    model = catalog.model("qwen3-30b-a3b")  # 48 layers, all MoE: 128 experts of 768, hidden 2,048
    experts = 48 * 128 * 3 * 16 * (2048 + 768)  # rank 16 x (d_in + d_out) for gate, up and down
    router = 48 * 16 * (2048 + 128)
    attention = 48 * 16 * ((2048 + 4096) + 2 * (2048 + 512) + (4096 + 2048))
    assert training.lora_params(model, 16) == attention + experts + router
    r = ask(model="qwen3 30b a3b", stage=Stage.lora, lang="en")
    assert r.memory.adapters == (attention + experts + router) * 16  # FP32 weight + grad + AdamW states
    assert experts * 16 / 1e9 == pytest.approx(13.3, abs=0.05)  # the issue's "~+13 GB"
    targets = next(a for a in r.assumptions if a.startswith("LoRA rank 16"))
    assert 'target_modules="all-linear"' in targets and "128 routed experts" in targets


@pytest.mark.parametrize(("stack", "dtype", "per_param"), [(None, "FP32", 16), ("torchtune", "BF16", 8)])
def test_qlora_adapter_type_is_the_one_stated_and_the_one_charged(catalog, stack, dtype, per_param):
    r = ask(model="llama 3.1 8b", stage=Stage.qlora, stack=stack, lang="en")
    # torchtune's configs: rank 8, no key projection (the stack's lora_rank and lora_skip_k)
    software = catalog.stack(stack) if stack else None
    lora = training.lora_params(catalog.model("llama-3.1-8b"), 8 if stack else 16, software)
    # FP32 adapters (PEFT): weight 4 + gradient 4 + AdamW 8; BF16 (torchtune): 2 + 2 + 4.
    assert r.memory.adapters == lora * per_param
    qlora = next(a for a in r.assumptions if a.startswith("QLoRA: NF4 base"))
    assert f"adapters in {dtype}" in qlora and "16-bit adapters" not in qlora


def test_fp8_on_an_a100_is_said_to_run_weight_only():
    r = ask(model="70b", precision="fp8", lang="en")
    assert r.recommendation.gpu.startswith("a100")
    assert any("FP8 runs weight-only" in n for n in r.notes)
    named = ask(model="8b", precision="fp8", gpu="a100", lang="en")
    assert "FP8 runs weight-only" in named.alternatives[0].text
    lower = ask(model="70b", precision="16bit", lang="en")
    alt = next(a for a in lower.alternatives if a.kind == "lower_precision")
    assert alt.setup.gpu.startswith("a100") and "weight-only" in alt.text


def test_the_work_saved_without_checkpointing_follows_the_stage():
    # Full training does 6·N·D of model work and recomputation 2·N·D more: a quarter of 8·N·D. LoRA skips
    # the frozen weights' gradients (4·N·D), so the same 2·N·D is a third of 6·N·D, not a quarter of 8.
    full = ask(model="llama 3.2 1b", stage=Stage.full, lang="en")
    lora = ask(model="llama 3.1 8b", stage=Stage.lora, lang="en")
    [full_alt] = [a for a in full.alternatives if a.kind == "no_checkpointing"]
    [lora_alt] = [a for a in lora.alternatives if a.kind == "no_checkpointing"]
    assert "25% less work (2·N·D of 8·N·D)" in full_alt.text
    assert "33% less work (2·N·D of 6·N·D)" in lora_alt.text


@pytest.mark.parametrize(("gpus", "zero"), [(1, 0), (8, 2)])
def test_cpu_offload_leaves_only_the_weights_on_the_gpu(catalog, gpus, zero):
    # DeepSpeed's estimate_zero2_model_states_mem_needs (deepspeed/runtime/zero/stage_1_and_2.py): with
    # cpu_offload, gpu_mem = 2 * total_params at any GPU count: the BF16 weights. The gradients leave for the
    # host bucket by bucket (ZeRO-Offload, arXiv:2101.06840, Figure 2: g16 on the CPU), so the GPU holds
    # at most the bucket being reduced (5e8 elements, DeepSpeed's default reduce_bucket_size).
    model = catalog.model("llama-3.1-8b")
    kwargs = dict(gpus=gpus, zero=zero, seq_len=2048, micro_batch=1, checkpointing=True, cpu_offload=True)
    m = training.memory(model, "full", 0, **kwargs)
    assert m.weights == 2 * model.params and m.optimizer == 0
    assert m.gradients + m.comm_buffers <= 2 * 2 * training.ZERO12_BUCKET  # a bucket, not 16 GB
    assert m.cpu_offload_bytes == 16 * model.params


def test_lion_and_adafactor_keep_the_states_their_papers_define(catalog):
    # Lion (Chen et al. 2023, arXiv:2302.06675, Algorithm 2) keeps one momentum: FP32 master 4 + 4 bytes.
    # Adafactor (Shazeer & Stern 2018, arXiv:1804.04235) factors the second moment into a row and a column
    # and keeps no first moment by default: the FP32 master copy alone, 4 bytes per parameter.
    model = catalog.model("llama-3.1-8b")
    kwargs = dict(gpus=1, zero=0, seq_len=2048, micro_batch=1, checkpointing=True)
    assert training.memory(model, "full", 0, optimizer="lion", **kwargs).optimizer == 8 * model.params
    assert training.memory(model, "full", 0, optimizer="adafactor", **kwargs).optimizer == 4 * model.params
    r = ask(model="llama 3.1 8b", stage=Stage.full, optimizer="adafactor", lang="en")
    assert r.memory.optimizer == 4 * model.params


def test_a_named_gpu_over_the_margin_but_within_its_memory_is_said_to_be_tight_not_short():
    # unslothai/unsloth README, "Llama 3.3 (70B) max. context length": QLoRA with unsloth trains 12,106 tokens
    # on a 48 GB card. At 2,048 tokens our figure (44.8 GB) is inside an L40S's 47.8 GB and over the 90% a
    # training plan fills: the customer must hear "it may run, without the margin", never "does not fit".
    from bot import blocks

    query = parse("qlora llama 3.3 70b with unsloth on 48gb en")
    r = size(query.workload)
    v = r.verdict
    assert not v.setup.fits and v.tight
    assert v.setup.per_gpu.total <= v.setup.gpu_memory_bytes
    assert "fits only without the safety margin" in v.text and "does not fit" not in v.text
    message = blocks.answer(
        r, query, disclosure=None, show_prices=False, share=True, actions=True, payload="{}"
    )
    blocks.validate(message.blocks)
    headers = [b["text"]["text"] for b in message.blocks if b["type"] == "header"]
    assert headers[0] == "1× L40S 48 GB: fits only without the safety margin"
    assert "fits only without the safety margin" in blocks.summary(r, query)
    # Beyond the GPU's memory it is still short, and said so; so is a run that would leave less than half
    # the margin (an 8B LoRA at 2,048 tokens on an L4: 97% of its memory; fragmentation alone takes that).
    over = ask(model="llama 3.1 70b", stage=Stage.qlora, gpu="rtx 4090", lang="en").verdict
    assert not over.tight and "does not fit" in over.text
    edge = ask(model="llama 3.1 8b", stage=Stage.lora, seq_len=2048, gpu="l4", gpus=1, lang="en")
    assert edge.verdict.setup.per_gpu.total <= edge.verdict.setup.gpu_memory_bytes
    assert not edge.verdict.tight and "does not fit" in edge.verdict.text


def test_fp8_training_is_sized_as_the_mixed_precision_it_keeps():
    # FP8 training (Transformer Engine; DeepSeek-V3, arXiv:2412.19437, section 3.3) casts to FP8 for the
    # matrix products only: the weights, gradients and optimizer states are BF16 mixed precision's. Asking
    # for it is an answer with that said, not a refusal; an integer format still cannot train every weight.
    fp8 = ask(model="mistral 7b", stage=Stage.full, precision="fp8", gpu="h100", lang="en")
    bf16 = ask(model="mistral 7b", stage=Stage.full, gpu="h100", lang="en")
    assert fp8.memory.total == bf16.memory.total
    assert any(a.startswith("FP8 training") for a in fp8.assumptions)
    with pytest.raises(SizingError) as e:
        ask(model="mistral 7b", stage=Stage.pretrain, precision="int8", lang="en")
    assert e.value.key == "quantized_full_training"


def test_pipeline_stages_split_the_layers_and_keep_a_whole_micro_batch_of_activations(catalog):
    # Llama 3.1 70B, full fine-tune, TP 8 x PP 2 on 16 GPUs (one data-parallel copy). Each stage holds half
    # the decoder layers; the first the input embeddings, the last the output head (2,101M parameters
    # together, 1,050.7M each): the largest stage holds (P - 2,101M) / 2 + 1,050.7M parameters, split 8 ways.
    model = catalog.model("llama-3.1-70b")
    e, h = model.parts.embeddings, model.parts.lm_head
    stage = (model.params - e - h) / 2 + max(e, h)
    kwargs = dict(gpus=16, zero=0, seq_len=4096, micro_batch=1, checkpointing=True, tp=8)
    m = training.memory(model, "full", 0, pp=2, **kwargs)
    assert m.weights == math.ceil(2 * stage / 8) and m.optimizer == math.ceil(12 * stage / 8)
    # 1F1B (Narayanan et al. 2021, arXiv:2104.04473, 2.2.1; Korthikanti et al. 2022, 4.2.3): the first stage
    # has 2 micro-batches in flight through half the layers, as much as one micro-batch through all of them
    # (without the loss); the last has one micro-batch through its half, and the loss.
    whole = training.activations(model, 4096, 1, True, tp=8, stack=catalog.stack("hf"))
    logits = math.ceil(training.logit_bytes(model, 4096, catalog.stack("hf")) / 8)
    assert m.activations == max(whole - logits, math.ceil((whole - logits) / 2) + logits)
    # In an answer: the stages are shown, the optimizer states shard across data-parallel copies (ZeRO-1,
    # what DeepSpeed's pipeline engine allows) and more stages than layers is a clear error.
    r = ask(model="llama 3.1 70b", stage=Stage.full, tp=8, pp=2, gpu="h100", gpus=32, lang="en")
    assert r.verdict.setup.pipeline_parallel == 2 and r.verdict.setup.zero == 1
    assert r.workload.pp == 2
    with pytest.raises(SizingError) as e:
        ask(model="llama 3.2 1b", stage=Stage.full, pp=32, lang="en")
    assert e.value.key == "bad_pp" and "16 layers" in e.value.message("en")


def test_preference_tuning_counts_the_reference_model_and_the_answer_pairs(catalog):
    # DPO (Rafailov et al. 2023, arXiv:2305.18290, eq. 7) needs the frozen reference model's log-probabilities
    # of a chosen and a rejected answer; TRL's DPOTrainer keeps that model in 16 bits beside the policy and
    # runs each pair as one batch of two sequences (concatenated_forward). Llama 3.1 8B, 2,048 tokens, batch 1.
    model = catalog.model("llama-3.1-8b")
    kwargs = dict(gpus=1, zero=0, seq_len=2048, micro_batch=1, checkpointing=True)
    sft = training.memory(model, "full", 0, **kwargs)
    dpo = training.memory(model, "full", 0, method="dpo", **kwargs)
    assert dpo.weights == sft.weights + 2 * model.params
    assert dpo.activations == training.activations(model, 2048, 2, True, stack=catalog.stack("hf"))
    # ORPO (Hong et al. 2024, arXiv:2403.07691) has no reference model, only the pairs.
    orpo = training.memory(model, "full", 0, method="orpo", **kwargs)
    assert orpo.weights == sft.weights and orpo.activations == dpo.activations
    # With LoRA the reference is the base with the adapters off: no second copy.
    lora = training.memory(model, "lora", 2 * model.params, method="dpo", **kwargs)
    assert lora.weights == 2 * model.params
    # Asked in words, the answer is a fine-tune that says so (it was sized as inference).
    r = size(parse("DPO no llama 3 8b en").workload)
    assert r.workload.stage == "full" and r.workload.method == "dpo"
    assert r.memory.weights == dpo.weights
    assert any("frozen reference copy" in a for a in r.assumptions)


def test_offloading_the_weights_leaves_the_gpu_only_what_it_gathers(catalog):
    # ZeRO-3's offload_param (DeepSpeed estimate_zero3_model_states_mem_needs with offload_param=cpu: the GPU
    # keeps the largest layer) and FSDP's CPUOffload(offload_params=True): the weight shards, the gradients
    # and the optimizer live in the host's RAM; the GPU holds the layers being gathered, on one GPU too.
    model = catalog.model("llama-3.1-8b")
    kwargs = dict(seq_len=2048, micro_batch=1, checkpointing=True, cpu_offload=True, offload_params=True)
    for gpus in (1, 8):
        m = training.memory(model, "full", 0, gpus=gpus, zero=3, **kwargs)
        assert m.weights == m.gradients == m.optimizer == 0
        assert 0 < m.comm_buffers < 2 * 2 * training.layer_params(model) + 4 * 2 * 1_050_673_152
        assert m.cpu_offload_bytes == pytest.approx(18 * model.params, rel=1e-6)  # 16 (ZeRO-Offload) + 2
    # Answer.AI, "You can now train a 70b language model at home" (answer.ai/posts/2024-03-06-fsdp-qlora):
    # QLoRA of a 70B on two 24 GB gaming GPUs, with FSDP, gradient checkpointing and CPU offload. Without the
    # offload it is short; with it, it runs, if only inside the margin.
    query = parse("qlora llama 3.1 70b on 2 rtx 4090 with fsdp cpu offload en")
    assert query.workload.offload_params
    with_offload = size(query.workload).verdict
    assert with_offload.setup.fits or with_offload.tight
    without = ask(model="llama 3.1 70b", stage=Stage.qlora, gpu="rtx 4090", gpus=2, zero=3, lang="en").verdict
    assert not without.setup.fits and not without.tight
    # Where moving the weights out is what makes a run fit, it is offered as the change to make.
    big = ask(model="llama 3.1 405b", stage=Stage.full, gpu="h200", gpus=8, zero=3, lang="en").verdict
    assert "offload_params" in [c.kind for c in big.changes]


# Answer.AI's FSDP+QLoRA benchmarks (AnswerDotAI/fsdp_qlora, benchmarks_03_2024.md): Llama-2 70B QLoRA at
# 2,048 tokens with gradient checkpointing. Two 24 GB cards ran it only with the weights in CPU RAM (batch 2,
# 14.92 GiB peak reserved per GPU); without offload it took four 24 GB A5000s (batch 1), two 40 GB A100s
# (batch 1) or two 48 GB cards (batch 2).
@pytest.mark.parametrize(
    ("gpu", "gpus", "batch", "offload", "runs"),
    [
        ("rtx 3090", 2, 2, True, True),
        ("rtx 3090", 2, 1, False, False),
        ("rtx 3090", 4, 1, False, True),
        ("a100 40gb", 2, 1, False, True),
        ("rtx a6000", 2, 2, False, True),
    ],
)
def test_fsdp_qlora_of_a_70b_against_answer_ais_benchmarks(gpu, gpus, batch, offload, runs):
    verdict = ask(model="llama 2 70b", stage=Stage.qlora, gpu=gpu, gpus=gpus, zero=3, batch=batch,
                  cpu_offload=offload, offload_params=offload, lang="en").verdict  # fmt: skip
    assert verdict.setup.fits is runs
    if not runs:
        assert not verdict.tight


def test_fsdp_qlora_memory_against_answer_ais_measured_peak(catalog):
    # The 2x 3090 run above peaked at 14.92 GiB reserved. The allocator reserves more than is allocated,
    # so what we count (allocated, without the CUDA context) must not exceed it, and stays within 25% below.
    model = catalog.model("llama-2-70b")
    base = weight_bytes(model, catalog.precision("nf4"), catalog).bytes
    m = training.memory(model, "qlora", base, gpus=2, zero=3, seq_len=2048, micro_batch=2, checkpointing=True,
                        cpu_offload=True, offload_params=True)  # fmt: skip
    allocated = (m.total - m.overhead) / GIB
    assert 14.92 * 0.75 <= allocated <= 14.92


def test_when_only_the_activations_do_not_fit_tensor_parallelism_is_offered_not_a_custom_project():
    # Llama 3.1 8B LoRA, 32k tokens x batch 2 with Transformers: the activations and the FP32 logits
    # (16 x 128,256 x 65,536 bytes = 134.5 GB) are per GPU under data parallelism, however many GPUs share
    # the model's states; tensor parallelism with sequence parallelism splits them (Korthikanti et al. 2022,
    # arXiv:2205.05198, section 4.2.2). The answer once said more GPUs would not help and a custom project
    # was needed.
    r = ask(model="llama 3.1 8b", stage=Stage.lora, seq_len=32768, batch=2, stack="hf", lang="en")
    assert r.recommendation is None
    [tp] = [a for a in r.alternatives if a.kind == "tensor_parallel"]
    assert tp.setup.fits and tp.setup.tensor_parallel > 1
    text = " ".join(r.estimates.text)
    assert "as asked" in text and "would not help" not in text and "custom project" not in text
    # Where nothing changes that, the answer still says so.
    huge = ask(model="llama 3.1 405b", stage=Stage.full, seq_len=131072, batch=8, lang="en")
    assert "custom project" in " ".join(huge.estimates.text)


def test_the_optimizer_step_reads_fp32_gradients_after_the_activations_are_freed(catalog):
    # DeepSpeed's own estimators (deepspeed/runtime/zero/stage_1_and_2.py and stage3.py): "18 =
    # 2_grads_16bit + 4_grads_32bit + 4_params_32bit + 8_optimizer_states_32bit" bytes per sharded parameter,
    # 4 more than the ZeRO paper's 2 + 12 (PyTorch's foreach AdamW makes a temporary of the same size). The
    # step comes after the backward, when the activations are freed: the peak is the larger of the two.
    model = catalog.model("llama-3.1-8b")
    m = training.memory(model, "full", 0, gpus=1, zero=0, seq_len=2048, micro_batch=1, checkpointing=True)
    states = m.weights + m.gradients + m.optimizer
    assert states == 16 * model.params
    assert states + m.activations + m.optimizer_step == 16 * model.params + max(
        m.activations, 4 * model.params
    )
    # So an 8B full fine-tune no longer goes on one H200 (8.03B x 20 bytes = 161 GB > its 150 GB).
    r = ask(model="llama 3.1 8b", stage=Stage.full, lang="en")
    assert (r.recommendation.gpu, r.recommendation.count) != ("h200-sxm", 1)
    # Sharded over 16 GPUs (ZeRO-3), each reads 4 x 70.6B / 16 = 17.6 GB of FP32 gradients at the step.
    big = training.memory(catalog.model("llama-3.1-70b"), "full", 0, gpus=16, zero=3, seq_len=2048,
                          micro_batch=1, checkpointing=True)  # fmt: skip
    assert big.optimizer_step == math.ceil(4 * big.optimizer / 12) - big.activations
    # With the optimizer offloaded, the step runs on the CPU: nothing on the GPU.
    off = training.memory(model, "full", 0, gpus=1, zero=0, seq_len=2048, micro_batch=1, checkpointing=True,
                          cpu_offload=True)  # fmt: skip
    assert off.optimizer_step == 0


# hiyouga/LLaMA-Factory README, "Hardware Requirement" (estimates, not measurements): full 32-bit mixed
# precision 120 / 240 / 1200 GB for 7B / 14B / 70B, LoRA 16 / 32 / 160 GB, QLoRA 4-bit 6 / 12 / 48 GB.
LLAMA_FACTORY = {
    "full": {"mistral 7b": 120, "qwen2.5 14b": 240, "llama 3.1 70b": 1200},
    "lora": {"mistral 7b": 16, "qwen2.5 14b": 32, "llama 3.1 70b": 160},
    "qlora": {"mistral 7b": 6, "qwen2.5 14b": 12, "llama 3.1 70b": 48},
}
# The band ours keeps against it, and why: full fine-tuning counts the optimizer step's FP32 gradients (20
# bytes per parameter on one GPU, DeepSpeed's estimator) where the table counts 18, and the models are a
# little larger than their names (7.25B, 14.8B, 70.6B); QLoRA with Transformers + PEFT also holds the FP32
# logits and the FP32 copies of the embeddings and head, which the table leaves out (most for Qwen's
# 152k-entry vocabulary).
BANDS = {"full": (1.1, 1.3), "lora": (0.9, 1.3), "qlora": (1.1, 2.0)}


@pytest.mark.parametrize("stage", sorted(LLAMA_FACTORY))
def test_one_gpu_totals_against_llama_factorys_hardware_table(stage):
    low, high = BANDS[stage]
    for model, published in LLAMA_FACTORY[stage].items():
        r = ask(model=model, stage=Stage(stage), lang="en")
        assert low <= r.memory.total / (published * 1e9) <= high, (model, r.memory.total / 1e9)


def _changes(text):
    result = size(parse(text).workload)
    return {c.kind: c for c in result.verdict.changes}


@pytest.mark.parametrize("text", ["qlora 70b em 2 4090", "2x 3090, fsdp + qlora, llama 70b",
                                  "qlora do llama 3.1 70b numa rtx 4090", "qlora llama 3.3 70b on one 3090"])  # fmt: skip
def test_qlora_70b_on_24_gb_cards_is_offered_the_weights_in_ram_on_the_same_cards(text):
    # Sharded QLoRA stays BF16 (TRL skips PEFT's FP32 cast), so with the weights in RAM the cards asked about
    # hold it, as Answer.AI ran it on two 24 GB cards; without offload, one server of 8 (it had been 64 GPUs,
    # "8 servidores × 8× RTX 4090", and 4 with offload).
    query = parse(text)
    result = size(query.workload.but(lang=query.detected_lang))
    asked = query.workload.gpus or 1
    assert not result.verdict.setup.fits
    changes = {c.kind: c for c in result.verdict.changes}
    if asked == 1:
        # bitsandbytes' 4-bit weights leave the GPU only through FSDP sharding them: on one card the way is
        # two of it, FSDP-QLoRA with the weights in RAM (it had been the offload on the one card).
        assert next(iter(changes)) == "offload_params_more_gpus"
        offload = changes["offload_params_more_gpus"].setup
        assert offload.count == 2 and offload.fits
        assert "offload_params" not in changes
    else:
        assert next(iter(changes)) == "offload_params"
        assert changes["offload_params"].setup.count == asked and changes["offload_params"].setup.fits
    more = changes["more_gpus"].setup
    assert more.fits and more.servers == 1 and more.count <= 8


@pytest.mark.parametrize("text", ["qlora do llama 3.1 70b numa rtx 4090", "qlora 70b em 2x 3090",
                                  "qlora of llama 70b on a 24gb card", "lora llama 3.1 8b numa rtx 4090 seq 8192",
                                  "full fine-tune qwen2.5 7b on 2 a100 40gb", "lora llama 3.1 70b on a 32gb card"])  # fmt: skip
def test_a_card_too_small_is_offered_the_smallest_larger_card_we_rent(catalog, text):
    # The way out had been more of the same small card (8x RTX 4090) or the recommendation alone, never the
    # cheaper middle: the fewest GPUs, in one server, of the smallest memory class above the asked card's.
    from sizing.plan import make_plan
    from sizing.setups import candidates, holds

    query = parse(text)
    workload = query.workload.but(lang=query.detected_lang)
    result = size(workload)
    asked = result.verdict.setup
    assert not asked.fits
    [larger] = [c for c in result.verdict.changes if c.kind == "larger_gpu"]
    setup = larger.setup
    assert setup.fits and setup.servers == 1 and setup.in_offering
    memory = catalog.gpu(setup.gpu).memory_marketing_gb
    asked_memory = catalog.gpu(asked.gpu).memory_marketing_gb
    assert memory > asked_memory
    plan = make_plan(workload, catalog)
    smaller_classes = [s for s in candidates(catalog) if s.servers == 1
                       and asked_memory < s.gpu.memory_marketing_gb < memory]  # fmt: skip
    assert not any(holds(plan, s, catalog) for s in smaller_classes)
    fewer = [s for s in candidates(catalog) if s.servers == 1 and s.gpu.memory_marketing_gb == memory
             and s.count < setup.count]  # fmt: skip
    assert not any(holds(plan, s, catalog) for s in fewer)
    if "70b" in text and "qlora" in text:
        # A 70B's QLoRA: two 48 GB cards, not eight 24 GB ones nor an 80 GB one.
        assert memory == 48 and setup.count == 2, larger.text
    # A card we rent gets its own changes and the recommendation, not this.
    ours = size(parse("lora do llama 3.1 70b em 4 l40s").workload)
    assert not ours.verdict.setup.fits and "larger_gpu" not in [c.kind for c in ours.verdict.changes]


def test_shorter_sequences_are_offered_when_the_activations_overflow():
    changes = _changes("lora 8b numa 4090 seq 8192")
    fix = changes["shorter_sequences"]
    assert fix.setup.fits and "1.024 tokens (em vez de 8.192)" in fix.text
    longer = size(parse("lora 8b numa 4090 seq 2048").workload).verdict.setup
    assert not longer.fits  # the longest that fits is offered, not any shorter one


def test_when_nothing_else_is_enough_shorter_sequences_with_offload():
    changes = _changes("qlora 70b em 2 4090 seq 8192")
    # On the cards asked, only that; a larger card we rent holds the 8,192 tokens as asked.
    assert list(changes) == ["shorter_sequences_offload", "larger_gpu"]
    assert "2.048 tokens (em vez de 8.192)" in changes["shorter_sequences_offload"].text


def test_lora_that_does_not_fit_is_offered_qlora_as_lora_not_as_full_fine_tuning():
    changes = _changes("lora 70b em 2 h100")
    assert changes["qlora_from_lora"].setup.fits
    assert "em vez de LoRA" in changes["qlora_from_lora"].text


def test_a_smaller_micro_batch_comes_before_shorter_sequences():
    # Gradient accumulation keeps what the run learns; shorter sequences change it.
    changes = _changes("lora no 8b, micro-batch 8, seq=4k, zero2, 2x l40s")
    assert list(changes) == ["smaller_batch"]
    assert changes["smaller_batch"].setup.fits and "micro-lote de" in changes["smaller_batch"].text


@pytest.mark.parametrize(
    ("text", "stack"),
    [
        ("axolotl full fine tune mistral nemo", "axolotl"),  # "axolotl" had been a word not understood
        ("lora qwen2.5 7b com llama-factory", "llamafactory"),
        ("fine-tune llama 8b with axolotl qlora", "axolotl"),
    ],
)
def test_trainers_built_on_transformers_are_named_and_sized_as_it(text, stack):
    query = parse(text)
    assert not query.unknown and query.workload.stack == stack
    named, plain = size(query.workload), size(query.workload.but(stack="hf"))
    # Both run transformers' Trainer and PEFT with its loss: the same memory, said under their own name; but Axolotl's
    # QLoRA casts the norms, embeddings and head back to BF16 after PEFT's FP32 upcast (its loader's
    # _configure_embedding_dtypes), so its hidden states and those weights take half TRL's
    if stack == "axolotl" and query.workload.stage.value == "qlora":
        assert (
            named.memory.weights < plain.memory.weights
            and named.memory.activations < plain.memory.activations
        )
        assert not any("FP32, so the hidden states" in line for line in named.assumptions)
    elif stack == "axolotl" and query.workload.stage.value == "full":
        # and Axolotl loads the model in BF16 (bf16: auto), which the Trainer steps with no FP32 master copy: AdamW's
        # states in BF16, 4 bytes a parameter where TRL's mixed precision holds 12 (stacks.toml bf16_load)
        assert named.memory.weights == plain.memory.weights
        assert 3 * named.memory.optimizer == plain.memory.optimizer
        assert any("sem cópia mestra em FP32: o Axolotl" in line for line in named.assumptions)
    else:
        assert named.memory.total == plain.memory.total
    assert any("Trainer" in line and "liger" in line for line in named.notes + named.assumptions)
