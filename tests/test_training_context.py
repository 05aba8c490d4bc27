"""Long-context training and activation recomputation, as users read the answers.

Context parallelism (Megatron-LM's --context-parallel-size) gives each rank a slice of every sequence: checked
against Llama 3 405B's 128k stage (arXiv:2407.21783, Table 4: TP 8 x CP 16 x PP 16 on 16,384 H100s, 131,072
tokens a sequence), which did not fit without it. Recomputation is full (the default), selective (Megatron-LM's
--recompute-granularity selective, Korthikanti et al. 2022, arXiv:2205.05198) or none, and the answer says which.
A layout the search chose for the GPUs asked is chosen again for every other GPU the answer weighs."""

from __future__ import annotations

import re

import pytest

from bot.cli import main as gpu_size

from .gpu_size_run import answer, answer_json, understood_lines

LLAMA3_128K = "pretrain llama 3.1 405b on 16384 h100 tp 8 pp 16 cp 16 seq 131072"


def setup_of(capsys, question: str) -> dict:
    return answer_json(capsys, question)["verdict"]["setup"]


def test_llama_3_405b_long_context_stage_fits_on_its_published_layout_and_not_without_cp(capsys):
    text = answer(capsys, LLAMA3_128K)
    assert "2048 servers × 8× H100 SXM 80 GB: fits" in text.split("\n\n")[2]
    assert "with context parallelism 16" in text  # the breakdown's heading
    assert "each GPU of the group keeps the activations of 8,192 of each sequence's 131,072 tokens" in text
    with_cp = setup_of(capsys, LLAMA3_128K)
    without = setup_of(capsys, LLAMA3_128K.replace(" cp 16", ""))
    assert with_cp["context_parallel"] == 16 and "context_parallel" not in without
    assert with_cp["per_gpu"]["total"] < 76.5e9 < without["per_gpu"]["total"]
    # the weights stay whole on every context rank: what CP splits is the sequence
    assert with_cp["per_gpu"]["weights"] == without["per_gpu"]["weights"]


def test_context_parallelism_divides_the_activations_and_shards_states_over_dp_times_cp(capsys):
    split = setup_of(capsys, "full fine-tune llama 3.1 8b on 32 h100 seq 65536 cp 4")
    whole = setup_of(capsys, "full fine-tune llama 3.1 8b on 32 h100 seq 65536 zero 3")
    assert split["fits"] and not whole["fits"]
    assert split["per_gpu"]["activations"] * 4 == pytest.approx(whole["per_gpu"]["activations"], rel=0.01)
    # ZeRO-3 over the 8 data-parallel copies x 4 context ranks: the same shard as over 32 copies
    for part in ("weights", "gradients", "optimizer"):
        assert split["per_gpu"][part] == whole["per_gpu"][part]
    # plus the whole sequence's keys and values of the layer being run (Llama 3's all-gather)
    gathered = 65536 * 2 * 8 * 128 * 2
    assert split["per_gpu"]["comm_buffers"] - whole["per_gpu"]["comm_buffers"] == pytest.approx(
        gathered, rel=0.01
    )


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("full fine-tune llama 3.1 70b on 32 h100 seq 131072 cp=4", "context parallel 4"),
        ("full fine-tune llama 3.1 70b on 32 h100 seq 131072 cp 8", "context parallel 8"),
        ("full fine-tune llama 3.1 70b on 32 h100 seq 131072 --context-parallel-size 2", "context parallel 2"),
        ("full fine-tune llama 3.1 70b on 32 h100 with 131072-token sequences and 4-way context parallelism",
         "context parallel 4"),
        ("treinar llama 3.1 70b em 32 h100 com sequências de 128k e paralelismo de contexto 4",
         "paralelismo de contexto 4"),
        ("treinar llama 3.1 70b em 32 h100 com sequências de 128k, paralelismo de contexto de 8",
         "paralelismo de contexto 8"),
        ("torchrun pretrain_gpt.py --tensor-model-parallel-size 8 --context-parallel-size 2 llama 3.1 70b 32 h100",
         "paralelismo de contexto 2"),
    ],
)  # fmt: skip
def test_context_parallelism_said_is_read(capsys, question, said):
    lines = understood_lines(capsys, question)
    assert said in lines[0]
    assert not lines[0].startswith(("Não entendi", "Not understood"))


def test_context_ranks_that_do_not_split_the_gpus_are_said(capsys):
    text = answer(capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 65536 cp 3")
    assert "does not fit this many GPUs" in text
    assert "context parallelism" in text.split("\n\n")[2]
    assert gpu_size(["treinar llama 3.1 8b em 8 h100 cp 0"]) != 0
    assert "paralelismo de contexto precisa ser 1 ou mais" in capsys.readouterr().err


def test_a_long_sequence_no_layout_holds_whole_gets_context_parallelism(capsys):
    text = answer(capsys, "treinar llama 3.1 70b em 32 h100 com sequências de 128k")
    assert "4 servidores × 8× H100 SXM 80 GB: cabe" in text.split("\n\n")[2]
    chosen = next(line for line in text.splitlines() if "Nas 32 GPUs pedidas" in line)
    assert re.search(r"escolhi (paralelismo de tensor \d × )?contexto em \d+ × ZeRO-\d", chosen)
    assert "A sequência de 131.072 tokens não cabe inteira em cada GPU" in text
    # kept whole, the same tensor parallelism does not fit: the split is what holds it
    cp = int(re.search(r"contexto em (\d+)", chosen).group(1))
    tp = re.search(r"paralelismo de tensor (\d)", chosen)
    whole = f"treinar llama 3.1 70b em 32 h100 com sequências de 128k tp {tp.group(1) if tp else 1} zero 3"
    assert not setup_of(capsys, whole)["fits"]
    assert (
        setup_of(capsys, "treinar llama 3.1 70b em 32 h100 com sequências de 128k")["context_parallel"] == cp
    )


def test_a_sequence_that_fits_whole_is_not_split(capsys):
    # 32k tokens: tensor parallelism alone holds it, as before context parallelism was modelled
    text = answer(capsys, "full fine-tune llama 3.1 70b on 32 h100 seq 32768")
    assert "context parallel" not in text
    assert re.search(r"I chose tensor parallel \d × ZeRO-3", text)


def test_ring_attention_asked_without_a_degree(capsys):
    text = answer(capsys, "train llama 3.1 70b on 32 h100 with ring attention and 128k sequences")
    assert "sequence split across GPUs" in text.splitlines()[0]
    assert re.search(r"I chose .*\d+-way context parallel", text)
    short = answer(capsys, "train llama 3.1 8b on 8 h100 with ring attention")
    assert "no split was needed: the sequence fits whole on each GPU" in short


@pytest.mark.parametrize(
    "question",
    [
        "full fine-tune llama 3.1 8b on 8 h100 seq 4096 --recompute-granularity selective",
        "full fine-tune llama 3.1 8b on 8 h100 seq 4096 recompute_granularity: selective",
        "full fine-tune llama 3.1 8b on 8 h100 seq 4096 with selective activation checkpointing",
        "full fine-tune llama 3.1 8b on 8 h100 seq 4096 --recompute-activations",
        "ajuste fino completo do llama 3.1 8b em 8 h100 com sequências de 4k e recomputação seletiva",
    ],
)
def test_selective_recomputation_is_read_and_sized_as_flash_attention_stores(capsys, question):
    selective = answer_json(capsys, question)
    assert selective["workload"]["selective_recompute"] is True
    assert "selective" in " ".join(selective["assumptions"]).lower() or "seletiva" in " ".join(
        selective["assumptions"]
    )
    none = setup_of(capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 4096 without gradient checkpointing")
    full = setup_of(capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 4096")
    setup = selective["verdict"]["setup"]
    assert setup["tensor_parallel"] == none["tensor_parallel"] == full["tensor_parallel"]  # the same layout
    act = setup["per_gpu"]["activations"]
    # FlashAttention keeps no s x s scores, the part selective recomputation drops (5·a·s²·b in the paper)
    assert act == none["per_gpu"]["activations"]
    assert act > 2 * full["per_gpu"]["activations"]


def test_each_recomputation_is_said_with_its_cost(capsys):
    default = answer(capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 16384 2B tokens")
    assert "With full gradient checkpointing (every layer recomputed" in default
    assert "FLOPs more (2·N·D)" in default
    selective = answer(
        capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 16384 2B tokens --recompute-granularity selective"
    )
    assert "(selective recomputation; with full gradient checkpointing:" in selective
    # 4·s·h a token in each of the 32 layers (h = 4,096): 1.72 x 10^19 FLOPs for 2B tokens
    flops = answer_json(
        capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 16384 2B tokens --recompute-granularity selective"
    )
    assert flops["estimates"]["recompute_flops"] == pytest.approx(4 * 16384 * 4096 * 32 * 2e9, rel=1e-6)
    assert "selective recomputation redoes each layer's attention matrix products" in selective.lower()
    off = answer(
        capsys,
        "ajuste fino completo do llama 3.1 8b em 8 h100 com sequências de 16k sem gradient checkpointing",
    )
    assert "Sem gradient checkpointing: cada camada guarda suas ativações" in off
    full = answer(capsys, "full fine-tune llama 3.1 8b on 8 h100 seq 16384 --recompute-granularity full")
    assert "with gradient checkpointing" in full.splitlines()[0]


def test_every_gpu_of_an_answer_gets_its_own_layout(capsys):
    # TP 4 is what 16 A100s need; the H200s recommended need less, and say the layout they are asked with
    question = "treinar qwen3 32b em 16 a100 seq 32768"
    text = answer(capsys, question)
    assert "escolhi paralelismo de tensor 4 × ZeRO-3" in text
    rec = answer_json(capsys, question)["recommendation"]
    asked_alone = setup_of(capsys, f"treinar qwen3 32b em {rec['count']} {rec['gpu']} seq 32768")
    assert not rec["gpu"].startswith("a100")
    for part in ("tensor_parallel", "pipeline_parallel", "zero"):
        assert rec[part] == asked_alone[part], part
    assert rec["per_gpu"]["total"] == asked_alone["per_gpu"]["total"]


def test_slack_answers_context_parallelism_in_valid_block_kit(tmp_path):
    from bot import blocks
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    from .slack_harness import text_of, valid

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(
        "treinar llama 3.1 70b em 32 h100 com sequências de 128k", Where("slash_command", channel_id="C1")
    )
    assert reply.outcome == "answered"
    blocks.validate(reply.message.blocks)
    valid(reply.message.blocks)
    assert re.search(r"contexto em \d+ · ZeRO-3", text_of(reply.message.blocks))
    pipeline.log.close()


def test_a_pasted_megatron_command_is_read_whole(capsys):
    question = (
        "torchrun pretrain_gpt.py --tensor-model-parallel-size 8 --context-parallel-size 2 --recompute-activations"
        " --seq-length 65536 llama 3.1 70b 64 h100"
    )
    line = understood_lines(capsys, question)[0]
    for said in ("sequências de 65.536 tokens", "paralelismo de tensor 8", "paralelismo de contexto 2",
                 "recomputação seletiva"):  # fmt: skip
        assert said in line, said
    setup = setup_of(capsys, question)
    assert (setup["tensor_parallel"], setup["context_parallel"]) == (8, 2)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("treinar llama 3.1 8b em 8 h100 sem recomputação", "sem gradient checkpointing"),
        ("train llama 3.1 8b on 8 h100 with no recomputation", "without gradient checkpointing"),
        ("treinar llama 3.1 8b em 8 h100 com recomputação completa", "com gradient checkpointing"),
    ],
)
def test_recomputation_in_plain_words(capsys, question, said):
    assert said in understood_lines(capsys, question)[0]


def test_ring_attention_where_no_layout_is_searched_asks_for_the_degree(capsys):
    text = answer(capsys, "lora llama 3.1 70b em 8 h100 com sequências de 32k e ring attention")
    assert "sequência dividida entre as GPUs" in text.splitlines()[0]
    assert "diga o grau para dividi-la (ex.: `cp=4`" in text


def test_a_gpt3_shaped_layer_stores_korthikantis_figure_less_what_it_does_not_have():
    # Korthikanti et al. 2022, eq. 1: s·b·h·(34 + 5·a·s/h) bytes a layer without recomputation. Without dropout
    # (two s·b·h masks of 1 byte) and with FlashAttention (no a·s² scores, the part selective recomputation
    # drops), 32·s·b·h: what the engine holds for both "no recomputation" and "selective".
    import msgspec

    from sizing import training
    from sizing.catalog import load_catalog

    base = load_catalog().model("llama-3.1-8b")
    h = base.hidden_size
    gpt = msgspec.structs.replace(base, mlp="plain", num_kv_heads=base.num_heads, intermediate_size=4 * h)
    assert training.layer_activation_bytes_per_token(gpt, 0) == 32 * h
    s, layers = 4096, gpt.num_layers
    stored = training.activations(gpt, s, 1, checkpointing=False)
    recomputed = training.activations(gpt, s, 1, checkpointing=True)
    beside_layers = stored - layers * 32 * s * h  # the residual gradients and the loss, the same in both
    # full recomputation keeps each layer's input (2·s·b·h bytes) and rebuilds one layer at a time
    assert recomputed - beside_layers == layers * 2 * s * h + 32 * s * h


def test_a_context_group_shares_its_sequences_in_the_global_batch(capsys):
    # Llama 3 405B's 128k stage: 16,384 GPUs / (TP 8 x CP 16 x PP 16) = DP 8 (arXiv:2407.21783, Table 4)
    text = answer(capsys, LLAMA3_128K + " global batch 16")
    assert "× 8 data-parallel GPUs" in text


@pytest.mark.parametrize(
    "said",
    [
        "sem flash attention",
        "attn_implementation=eager",
        "without flash attention",
        'attn_implementation="eager"',
        "torchrun train.py --attn_implementation eager",
    ],
)
def test_attention_without_flash_attention_keeps_its_scores_unless_recomputed(capsys, said):
    # each layer's scores, 6·a·s²·b bytes (transformers' eager attention: the FP32 softmax output and its BF16 copy;
    # Korthikanti et al. 2022 count 5 with a 16-bit softmax and a dropout mask), are what selective recomputation drops
    base = f"treinar llama 3.1 8b em 8 h100 seq 8192 zero 3 {said}"
    line = understood_lines(capsys, base)[0]
    assert "sem FlashAttention" in line or "without FlashAttention" in line
    none = setup_of(capsys, base + " sem gradient checkpointing")["per_gpu"]["activations"]
    selective = setup_of(capsys, base + " --recompute-granularity selective")["per_gpu"]["activations"]
    full = setup_of(capsys, base)["per_gpu"]["activations"]
    flash = setup_of(capsys, "treinar llama 3.1 8b em 8 h100 seq 8192 zero 3 sem gradient checkpointing")
    scores = 6 * 32 * 8192 * 8192  # a = 32 heads, s = 8,192, b = 1
    assert none - selective == 32 * scores  # every one of the 32 layers
    assert selective == flash["per_gpu"]["activations"]
    assert full - scores < selective  # full recomputation: only the layer rebuilt holds them
    text = answer(capsys, base)
    assert "12,9 GB por camada" in text or "12.9 GB a layer" in text


def test_context_parallelism_without_flash_attention_is_refused_and_never_chosen(capsys):
    assert gpu_size(["treinar llama 3.1 8b em 8 h100 seq 32768 cp 4 sem flash attention"]) != 0
    err = capsys.readouterr().err
    assert "Paralelismo de contexto 4 pede FlashAttention" in err and "Traceback" not in err
    text = answer(capsys, "train llama 3.1 70b on 32 h100 seq 131072 without flash attention")
    assert "context parallel" not in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("destilar llama 3.1 70b em llama 3.1 8b com sequências de 128k em 16 h100 com paralelismo de contexto 4",
         "paralelismo de contexto 4"),
        ("distill llama 3.1 70b into llama 3.1 8b on 16 h100, tp 2, 8k sequences", "tensor parallel 2"),
    ],
)  # fmt: skip
def test_a_distillation_reads_its_layout_as_a_training(capsys, question, said):
    # The teacher alone makes it a training: its layout had been dropped (cp) or read as serving GPUs (tp).
    assert said in " ".join(understood_lines(capsys, question))


def test_a_distillation_teacher_reads_its_student_ranks_slice_under_context_parallelism(capsys):
    question = "distill llama 3.1 70b into llama 3.1 8b on 32 h100, 65536-token sequences, zero 3"
    whole = setup_of(capsys, question)["per_gpu"]
    split = setup_of(capsys, question.replace("zero 3", "cp 4"))["per_gpu"]
    # its logits are compared token by token with the student rank's: a quarter of each sequence's
    logits = (65536 - 65536 // 4) * 128256 * (2 + 4)
    assert whole["teacher"] - split["teacher"] >= logits
    # its BF16 weights shard over the 8 data-parallel copies x 4 context ranks, as over 32 ranks
    assert split["teacher"] < whole["teacher"]
