"""Our fine-tuning memory against published peak-memory measurements with their full configuration, round 3:
Hugging Face PEFT's own (tests/fixtures/published_training_round3.toml): Llama-2 70B LoRA and QLoRA through TRL and
Accelerate with FSDP or DeepSpeed ZeRO-3 (PEFT's docs, accelerate/fsdp.md and deepspeed.md), and its MetaMathQA
method benchmark on Llama 3.2 3B. Each is asked as a customer would, with the run's settings.

What is compared, and so the tolerance, by what the row measured:
- `process`: the docs' per-GPU memory read off the run's GPU chart, the whole process: our total, CUDA context
  included, may not be above it (what a chart shows is at least the tensors), and may be up to 25% under it. The
  answer counts the tensors at their peak; the chart adds the caching allocator's reserve and NCCL's buffers, which
  the two QLoRA rows of the same page (with and without offloading, tests below) show as 7-8 GB beyond our total.
- `reserved`: torch's max_memory_reserved(), compared as tests/test_published_training.py does (our total less its
  1 GiB CUDA context, not in the allocator's count; up to 3% above, 18% under).
- `reserved_cut`: the same of a run whose sequences are mostly shorter than the cut the question says: up to 12%
  above (tests/published_figures.py CUT_SEQUENCES).
Where the answer is off by more for a reason the product does not model, the row says so and is xfailed, strictly.
"""

from __future__ import annotations

import pytest

from sizing import i18n, training

from .gpu_size_run import answer, answer_json
from .published_figures import CUT_SEQUENCES, GIB, figures, params
from .published_figures import ours_gib as answer_gib

FIGURES, BY_ID = figures("published_training_round3.toml")
# (below, above) as a share of the published figure: for the whole process's memory, our tensors and context
# without the allocator's cache; for the allocator's reserve, as round 1 (its slack below, torch.compile's above,
# absent here)
TOLERANCE = {"process": (0.75, 1.0), "reserved": (0.82, 1.03), "reserved_cut": CUT_SEQUENCES}


def ours_gib(capsys, figure: dict) -> float:
    """The answer's per-GPU figure in the row's terms: its total for a whole-process reading, less its CUDA context
    for the allocator's."""
    return answer_gib(capsys, figure["question"], context=figure["measure"] == "process")


def test_the_benchmarks_runs_without_autocast_are_sized_so(capsys):
    # use_amp false (PEFT's MetaMathQA): the full fine-tune holds 8 bytes a parameter, all BF16, no master copy
    full = BY_ID["peft-metamathqa-3b-full"]
    per_gpu = answer_json(capsys, full["question"])["verdict"]["setup"]["per_gpu"]
    params = answer_json(capsys, full["question"])["workload"]["model"]["params"]
    assert per_gpu["weights"] + per_gpu["gradients"] + per_gpu["optimizer"] == pytest.approx(
        8 * params, rel=1e-3
    )
    mixed = answer_json(capsys, full["question"].replace(", use_amp false", ""))["verdict"]["setup"][
        "per_gpu"
    ]
    assert mixed["optimizer"] == 3 * per_gpu["optimizer"]  # FP32 master copy and states: 12 bytes, not BF16 4
    text = answer(capsys, full["question"])
    assert "BF16 training without autocast nor an FP32 master copy, as said" in text


@pytest.mark.parametrize("figure_id", params(FIGURES))
def test_each_published_peak_is_within_what_its_measure_adds_to_ours(capsys, figure_id):
    figure = BY_ID[figure_id]
    below, above = TOLERANCE[figure["measure"]]
    ours = ours_gib(capsys, figure)
    assert below * figure["published"] <= ours <= above * figure["published"], (figure_id, round(ours, 2))


def test_every_question_is_read_with_its_run(capsys):
    for figure in FIGURES:
        said = answer_json(capsys, figure["question"])
        setup, workload = said["verdict"]["setup"], said["workload"]
        assert workload["stage"] == figure["stage"], figure["id"]
        assert workload["stack"] == "hf", figure["id"]  # Transformers + PEFT/TRL, the first stack
        assert setup["zero"] == (3 if figure["framework"] in ("fsdp", "deepspeed") else 0), figure["id"]
        assert workload["offload_params"] is figure["cpu_offload"], figure["id"]
        assert (workload["batch"], workload["seq_len"], setup["count"]) == (
            figure["batch"],
            figure["seq"],
            figure["gpus"],
        ), figure["id"]
        assert workload["checkpointing"] is figure["checkpointing"], figure["id"]
        if figure["stage"] != "full":
            assert workload["lora_rank"] == figure["lora_rank"], figure["id"]
        text = answer(capsys, figure["question"])
        assert "Não entendi" not in text and "Not understood" not in text, figure["id"]
        if figure["stage"] != "full":
            targets = (
                "target_modules q_proj, v_proj" if figure["targets"] == "q_proj, v_proj" else '="all-linear"'
            )
            assert targets in text, figure["id"]


def test_offloading_the_weights_takes_their_shard_off_the_gpu(capsys):
    # the same page, the same run: 35.6 GB a GPU without offloading, 19.6 with (16.0 apart)
    kept = answer_json(capsys, BY_ID["peft-fsdp-70b-qlora-2gpu"]["question"])
    offloaded = answer_json(capsys, BY_ID["peft-fsdp-70b-qlora-offload-2x24"]["question"])
    on, off = (said["verdict"]["setup"]["per_gpu"] for said in (kept, offloaded))
    assert off["weights"] == 0 and off["gradients"] == 0
    assert off["host_offload"] - on["host_offload"] == pytest.approx(
        2 * on["weights"], abs=4
    )  # both GPUs' shards
    # the adapters stay counted on the GPU: Answer.AI's offloaded runs (round 2) read 3 GiB over the answer's 70B
    # figure without them
    assert off["adapters"] == on["adapters"] > 0
    # the difference published is the shard the answer moves (the allocator's reserve differs little between them)
    published = (
        BY_ID["peft-fsdp-70b-qlora-2gpu"]["published"]
        - BY_ID["peft-fsdp-70b-qlora-offload-2x24"]["published"]
    )
    ours = (on["total"] - off["total"]) / GIB
    assert ours == pytest.approx(published, rel=0.10), round(ours, 2)
    text = answer(capsys, BY_ID["peft-fsdp-70b-qlora-offload-2x24"]["question"])
    assert "weights and optimizer in CPU RAM (offload)" in text.splitlines()[0]


def test_fsdp_and_deepspeed_zero3_hold_the_same_qlora_tensors(capsys):
    # PEFT's two pages, the same QLoRA run over two GPUs: 35.6 GB with FSDP, 36.6 with ZeRO-3, 3% apart
    fsdp, zero3 = BY_ID["peft-fsdp-70b-qlora-2gpu"], BY_ID["peft-deepspeed-70b-qlora-2x40"]
    assert abs(fsdp["published"] - zero3["published"]) <= 0.03 * zero3["published"]
    assert ours_gib(capsys, fsdp) == pytest.approx(ours_gib(capsys, zero3), rel=1e-6)
    # sharded, TRL skips PEFT's FP32 cast for QLoRA: BF16 embeddings, head and hidden states
    text = answer(capsys, zero3["question"])
    assert "QLoRA dividido com FSDP ou ZeRO-3: o TRL pula a conversão do PEFT para FP32" in text


# -- which PEFT the adapters' type is ----------------------------------------------------------------------------
FSDP_QLORA = (
    "qlora llama 2 7b com o fsdp_qlora da answer.ai em 2 rtx 3090, fsdp, rank 64, micro-batch 4, seq 2048"
)


@pytest.mark.parametrize(
    ("lang", "said", "bytes_said"),
    [("pt-BR", "Adaptadores em BF16 como o PEFT anterior à 0.12 os fazia", "8 → 16 bytes por parâmetro de adaptador"),
     ("pt-PT", "Adaptadores em BF16 como o PEFT anterior à 0.12 os fazia", "8 → 16 bytes por parâmetro de adaptador"),
     ("en", "Adapters in BF16 as PEFT before 0.12 made them", "8 → 16 bytes an adapter parameter")],
)  # fmt: skip
def test_fsdp_qlora_says_its_bf16_adapters_are_older_peft_and_what_a_current_one_adds(
    capsys, catalog, lang, said, bytes_said
):
    # PEFT 0.12's get_peft_model(autocast_adapter_dtype=True) casts BF16 adapters to FP32; train.py leaves it on.
    # The sizing stays the published runs' (PEFT 0.10, March 2024): BF16, 8 bytes a parameter with AdamW.
    question = FSDP_QLORA + f", idioma {lang}"
    per_gpu = answer_json(capsys, question)["verdict"]["setup"]["per_gpu"]
    lora = training.lora_params(catalog.model("llama-2-7b"), 64, catalog.stack("fsdp_qlora"))
    assert per_gpu["adapters"] == pytest.approx(lora * 8 / 2, abs=1)
    text = answer(capsys, question)
    assert said in text and bytes_said in text
    assert i18n.gb(lora * 8, lang) in text  # what FP32 would add, over the whole job
    assert "autocast_adapter_dtype=True" in text


def test_peft_stacks_say_their_fp32_adapters_are_peft_012_and_later(capsys):
    text = answer(capsys, "lora llama 2 7b em 2 rtx 3090 com fsdp")
    assert "em FP32 (o padrão do PEFT desde a 0.12)" in text
    assert "PEFT anterior à 0.12" not in text  # the note is fsdp_qlora's, whose adapters are the older PEFT's
    english = answer(capsys, "lora of llama 3.1 8b on 1 h100 with axolotl")
    assert "in FP32 (PEFT's default since 0.12)" in english and "before 0.12" not in english
