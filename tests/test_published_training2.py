"""Our fine-tuning memory against published peak-memory measurements with their full configuration, round 2:
Answer.AI's FSDP + QLoRA benchmarks (AnswerDotAI/fsdp_qlora, benchmarks_03_2024.md): Llama-2 7B, Yi 34B, Llama-2
70B and Mistral 7B v0.2, LoRA and QLoRA of rank 64 on two 24 GB cards, FSDP or its NO_SHARD ("ddp") mode, with and
without the weights in CPU RAM (tests/fixtures/published_training_round2.toml: each row's settings, train.py's
defaults read at the commit before the runs). Each is asked as a customer would, naming the software.

What is compared, and so the tolerance. The tables give torch.cuda.max_memory_reserved() (the note under the LoRA
table says so, and gives max_memory_allocated() for two rows, compared as such): the tensors plus what the
caching allocator kept; our figure is the tensors alone, compared less its 1 GiB CUDA context (not in either
count). Below, the answer may be up to 18% under, the allocator's reserve as torchtitan's own tables show it
(tests/test_published_training.py). Above, up to 10%: the answer adds every tensor at its peak (the loss's 16 bytes
a logit at the start of the backward beside every layer's checkpoint and the adapters' AdamW states), where the two
allocated rows show the run's own peak 3.5% and 8% under that sum. Where the answer is off by more for a reason the
product does not model, the row says so and is xfailed, strictly.
"""

from __future__ import annotations

import pytest

from sizing import training
from sizing.weights import weight_bytes

from .gpu_size_run import answer, answer_json
from .published_figures import figures, params
from .published_figures import ours_gib as answer_gib

FIGURES, BY_ID = figures("published_training_round2.toml")
ABOVE = (
    1.10  # every tensor at its peak at once, against a run whose allocated peak sits 3.5-8% under that sum
)
BELOW = 0.82  # the caching allocator's reserve beyond the tensors


def ours_gib(capsys, figure: dict) -> float:
    """The per-GPU memory the answer gives for the figure's run, less its CUDA context, in GiB."""
    return answer_gib(capsys, figure["question"])


@pytest.mark.parametrize("figure_id", params(FIGURES))
def test_each_published_peak_is_within_the_allocators_reach_of_ours(capsys, figure_id):
    figure = BY_ID[figure_id]
    ours = ours_gib(capsys, figure)
    assert BELOW * figure["published"] <= ours <= ABOVE * figure["published"], (figure_id, round(ours, 2))


def test_every_question_is_read_with_its_run_and_software(capsys):
    for figure in FIGURES:
        said = answer_json(capsys, figure["question"])
        setup, workload = said["verdict"]["setup"], said["workload"]
        assert workload["stack"] == "fsdp_qlora", figure["id"]
        assert workload["stage"] == figure["train_type"], figure["id"]
        assert setup["zero"] == (3 if figure["sharding"] == "full_shard" else 0), figure["id"]
        assert workload["offload_params"] is figure["cpu_offload"], figure["id"]
        assert (workload["batch"], workload["seq_len"], workload["lora_rank"]) == (
            figure["batch"],
            figure["seq"],
            64,
        ), figure["id"]
        assert (setup["count"], setup["gpu"]) == (
            figure["gpus"],
            figure["gpu"].split(" 24")[0].lower().replace(" ", "-"),
        ), figure["id"]


def test_the_same_tokens_in_one_sequence_or_twelve_take_the_same_memory(capsys):
    # Mistral 7B v0.2: 12 x 2,048 and 1 x 24,576 tokens a step, 22.54 GiB both (FlashAttention: no s x s scores)
    twelve, one = BY_ID["aai-mistral-qlora-offload-b12"], BY_ID["aai-mistral-qlora-offload-24k"]
    assert twelve["published"] == one["published"]
    assert ours_gib(capsys, twelve) == pytest.approx(ours_gib(capsys, one), rel=1e-4)


def test_fsdp_qlora_trains_its_adapters_in_bf16_and_keeps_qlora_hidden_states_bf16(capsys, catalog):
    # train.py's precision "bf16": adapters, their gradients and AdamW states in BF16, 8 bytes a parameter,
    # sharded over the two GPUs by FSDP
    figure = BY_ID["aai-7b-qlora-fsdp-b4"]
    per_gpu = answer_json(capsys, figure["question"])["verdict"]["setup"]["per_gpu"]
    model = catalog.model("llama-2-7b")
    stack = catalog.stack("fsdp_qlora")
    assert per_gpu["adapters"] == pytest.approx(training.lora_params(model, 64, stack) * 8 / 2, abs=1)
    # unsharded ("ddp"): no PEFT FP32 cast, as TRL does for QLoRA on one copy a GPU; with TRL the hidden states
    # between layers are FP32, twice the checkpoints
    ddp = BY_ID["aai-7b-qlora-ddp-b8"]["question"]
    ours = answer_json(capsys, ddp)["verdict"]["setup"]["per_gpu"]
    trl = answer_json(capsys, ddp.replace("com o fsdp_qlora da answer.ai", "com trl"))["verdict"]["setup"]
    assert trl["per_gpu"]["logits"] == ours["logits"]  # the loss's own FP32 upcast, the same in both
    body = [m["activations"] - m["logits"] for m in (trl["per_gpu"], ours)]
    # and PEFT's BF16 copy of the FP32 inputs of the rebuilt layer's adapted modules under TRL's autocast (none with
    # fsdp_qlora's BF16 adapters on BF16 hidden states)
    said = answer_json(capsys, ddp)["workload"]
    copy = 2 * training.lora_input_values(model)[1] * said["seq_len"] * said["batch"]
    assert body[0] - copy == pytest.approx(2 * body[1], rel=0.05)
    # the weights: the 4-bit layers with BF16 embeddings and head (the FP32 cast would add 2 bytes to each)
    base = weight_bytes(model, catalog.precision("nf4"), catalog).bytes
    assert ours["weights"] == pytest.approx(base, rel=0.001)
    text = answer(capsys, ddp)
    assert "Software: Answer.AI fsdp_qlora." in text and "Não entendi" not in text


def test_fsdp_qlora_is_never_offered_in_place_of_the_software_asked(capsys):
    for question in ("qlora llama 3.1 8b em 1 rtx 4090", "lora llama 2 7b em 2 rtx 3090 com fsdp"):
        assert "fsdp_qlora" not in answer(capsys, question), question
