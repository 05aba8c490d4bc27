"""Training at cluster scale: pipeline (PP) and expert (EP) parallelism. A layout said ("pp=16 ep=64", Megatron-LM's
flags, "16-way pipeline") is sized as each GPU holds it: its stage's layers, its experts, the optimizer states
sharded over the copies; a run the GPUs asked for do not hold with ZeRO-3 alone gets the layout that fits, said
with why. Checked against published runs: DeepSeek-V3 (arXiv:2412.19437, section 3.2: PP 16 x EP 64 x ZeRO-1 on
2,048 H800s of 80 GB), Llama 3 405B (arXiv:2407.21783, section 3.3.2: TP 8 x PP 16 on H100s) and Mixtral 8x7B
(Megatron-LM's examples/mixtral/README.md: "the recommended model parallel config is TP1EP8PP4" for training).
Through `gpu-size`, as users read the answers."""

from __future__ import annotations

import re

import pytest

from bot.cli import main as gpu_size

from .gpu_size_run import answer, answer_json, understood_lines


def gb(text: str, label: str) -> float:
    """The GB figure after `label` in the answer ("Por GPU: 27,7 GB" -> 27.7)."""
    found = re.search(re.escape(label) + r"\s*([\d.,]+) GB", text)
    assert found, f"no {label!r} in:\n{text}"
    value = found.group(1)
    if "," in value:  # Portuguese: 1.234,5
        value = value.replace(".", "").replace(",", ".")
    else:
        value = value.replace(",", "")
    return float(value)


def refusal(capsys, text: str) -> str:
    assert gpu_size([text]) != 0
    return capsys.readouterr().err


def test_deepseek_v3_fits_in_80_gb_on_its_published_layout(capsys):
    # DeepSeek-V3: FP8 on 2,048 H800s, 16 pipeline stages, 64-way expert parallelism, ZeRO-1 (arXiv:2412.19437)
    text = answer(capsys, "pré-treino do deepseek v3 em fp8 em 2048 h800 pp=16 ep=64")
    assert "16 estágios de pipeline · paralelismo de especialistas 64" in text.splitlines()[0]
    verdict = text.split("\n\n")[2]
    assert ": cabe, com" in verdict
    assert gb(verdict, "Por GPU:") < 76.5  # the H800's usable 90%
    # the fullest of the 16 stages, with 4 of each MoE layer's 256 experts per GPU
    assert "no estágio mais cheio dos 16 do pipeline, com paralelismo de especialistas 64" in text
    assert gb(text, "Pesos ............") < 8  # 671B over 16 stages and 64 expert ranks, 2 bytes each
    assert "cada GPU guarda 4 dos 256 especialistas roteados" in text
    # 61 layers do not split into 16 stages: the fullest holds 4, as DeepSeek-V3's own run did
    assert (
        "As 61 camadas não se dividem por igual em 16 estágios de pipeline: o estágio mais cheio fica com 4"
        in text
    )
    # its FP8 note counts each GPU's own experts, no longer the whole layer
    assert "dos seus 4 especialistas de cada camada (paralelismo de especialistas 64)" in text
    assert "um arranjo que não dimensiono aqui" not in text


def test_expert_parallelism_is_what_holds_deepseek_v3(capsys):
    # the same run without the experts split: each GPU holds all 256 experts of its stage
    split = answer_json(capsys, "pré-treino do deepseek v3 em fp8 em 2048 h800 pp=16 ep=64")
    whole = answer_json(capsys, "pré-treino do deepseek v3 em fp8 em 2048 h800 pp=16")
    with_ep, without_ep = split["verdict"]["setup"]["per_gpu"], whole["verdict"]["setup"]["per_gpu"]
    assert with_ep["total"] < 80e9 < without_ep["total"]
    assert with_ep["weights"] * 8 < without_ep["weights"]
    assert split["verdict"]["setup"]["expert_parallel"] == 64
    assert "expert_parallel" not in whole["verdict"]["setup"]


def test_deepseek_v3_on_512_h100_gets_a_layout_that_fits_and_the_offering_limit(capsys):
    text = answer(capsys, "treinar deepseek v3 fp8 em 512 h100")
    verdict = text.split("\n\n")[2]
    # the offering's limit is said, and the 512 asked are judged as asked
    assert "Nossa oferta junta no máximo 4 servidores de 8× H100 SXM 80 GB (32 GPUs)" in verdict
    assert "64 servidores × 8× H100 SXM 80 GB: cabe" in verdict
    assert gb(verdict, "Por GPU:") < 76.5
    chosen = next(line for line in text.splitlines() if "Nas 512 GPUs pedidas" in line)
    assert re.search(r"escolhi (\d+ estágios de pipeline × )?especialistas em \d+ × ZeRO-1", chosen)
    assert "antes de qualquer paralelismo de tensor" in chosen
    # what the run needs beyond what we rent, in the layout those GPUs need (not the H100s'), and what we can
    # offer instead: asked on that many H200s, it fits, and on one server fewer it does not
    held = re.search(r"pelo menos ([\d.]+)× H200 SXM 141 GB \(ZeRO-\d[^)]*\)", text)
    assert held
    count = int(held.group(1).replace(".", ""))
    assert ": cabe" in answer(capsys, f"treinar deepseek v3 fp8 em {count} h200").split("\n\n")[2]
    assert "não cabe" in answer(capsys, f"treinar deepseek v3 fp8 em {count - 8} h200").split("\n\n")[2]
    assert "Com LoRA (base congelada em 16 bits):" in text


def test_a_zero_stage_said_is_kept_and_judged(capsys):
    # the question chose ZeRO-3: no other layout is put in its place
    text = answer(capsys, "treinar deepseek v3 fp8 em 512 h100 com zero-3")
    assert "não cabe; faltam" in text.split("\n\n")[2]
    assert "escolhi" not in text


def test_llama_3_405b_pretraining_layout_fits_and_is_never_claimed_on_fewer_gpus(capsys):
    # Llama 3 405B: TP 8 x PP 16 in BF16 on H100s, 8,192-token sequences (arXiv:2407.21783, 3.3.2)
    text = answer(capsys, "pretrain llama 3.1 405b on 16384 h100 tp 8 pp 16 seq 8192")
    verdict = text.split("\n\n")[2]
    assert "2048 servers × 8× H100 SXM 80 GB: fits" in verdict
    assert gb(verdict, "Per GPU:") < 76.5
    # one copy is 128 GPUs: 32 of them (our most in one job) cannot run it
    assert "Recommendation: no setup in our offering holds this workload." in text
    assert (
        "it takes at least 128× H200 SXM 141 GB (tensor parallel 8, 16 pipeline stages) just to fit" in text
    )


def test_mixtral_on_megatrons_recommended_layout_with_its_flags(capsys):
    question = (
        "full fine-tune mixtral 8x7b on 32 h100 --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4"
        " --expert-model-parallel-size 8"
    )
    text = answer(capsys, question)
    assert "4 pipeline stages · expert parallel 8" in text.splitlines()[0]
    verdict = text.split("\n\n")[2]
    assert "4 servers × 8× H100 SXM 80 GB: fits" in verdict
    assert "with expert parallelism 8" in text
    # the recommendation keeps the layout said
    assert re.search(r"Recommendation: .* · 4 pipeline stages · 8-way expert parallel · ZeRO-1", text)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("treinar deepseek v3 em 2048 h800 pp=16 ep=64", ["16 estágios de pipeline", "paralelismo de especialistas 64"]),
        ("treinar deepseek v3 em 2048 h800 PP16 EP64", ["16 estágios de pipeline", "paralelismo de especialistas 64"]),
        ("full fine-tune llama 3.1 70b on 32 h100 pipeline 8", ["8 pipeline stages"]),
        ("full fine-tune llama 3.1 70b on 32 h100 tp 8 pp 4", ["tensor parallel 8", "4 pipeline stages"]),
        ("full fine-tune llama 3.1 70b on 32 h100 --pipeline-model-parallel-size 4", ["4 pipeline stages"]),
        ("full fine-tune llama 3.1 70b on 32 h100 with a 16-way pipeline", ["16 pipeline stages"]),
        ("full fine-tune mixtral 8x7b on 32 h100 expert parallel 8", ["expert parallel 8"]),
        ("pretrain qwen3 235b-a22b on 256 h100 with 8-way pipeline and 32-way expert parallelism",
         ["8 pipeline stages", "expert parallel 32"]),
        ("treinar mixtral 8x7b em 32 h100 com paralelismo de especialistas 8", ["paralelismo de especialistas 8"]),
        ("treinar o qwen3 30b-a3b em 32 h100 com 4 estágios de pipeline e ep=16",
         ["4 estágios de pipeline", "paralelismo de especialistas 16"]),
    ],
)  # fmt: skip
def test_layouts_said_are_read(capsys, question, said):
    line = understood_lines(capsys, question)[0]
    for part in said:
        assert part in line
    assert not any(
        line.startswith(("Não entendi", "Not understood")) for line in understood_lines(capsys, question)
    )


def test_a_dense_run_asked_beyond_zero3_gets_tensor_parallelism(capsys):
    # 32k-token sequences: each GPU's activations of whole layers do not fit beside ZeRO-3's shard
    text = answer(capsys, "full fine-tune llama 3.1 70b on 32 h100 seq 32768")
    assert "4 servers × 8× H100 SXM 80 GB: fits" in text.split("\n\n")[2]
    chosen = next(line for line in text.splitlines() if "On the 32 GPUs asked for" in line)
    assert re.search(r"I chose tensor parallel \d × ZeRO-3", chosen)
    assert "Training memory per GPU, with tensor parallelism" in text


def test_nothing_fits_says_the_most_split_layout_and_its_figure(capsys):
    text = answer(capsys, "full fine-tune qwen3 235b-a22b on 32 h100")
    line = next(line for line in text.splitlines() if "not even the most split layout" in line)
    assert re.search(r"\(.+ expert parallel × ZeRO-1\) fits: [\d.,]+ GB per GPU of 76.5 GB usable", line)
    # on one server's GPUs, where layouts across servers are not at stake, the verdict stands alone
    assert "not even the most split layout" not in answer(capsys, "full fine-tune mixtral 8x7b on 4 h100")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("full fine-tune llama 3.1 70b on 32 h100 ep=8", "Llama 3.1 70B is dense, with no experts"),
        (
            "full fine-tune mixtral 8x7b on 32 h100 ep=3",
            "Expert parallelism 3 does not divide the 8 routed experts",
        ),
        ("treinar mixtral 8x7b em 32 h100 ep 16", "não divide os 8 especialistas roteados do Mixtral 8x7B"),
        ("lora mixtral 8x7b on 32 h100 ep 8", "sized for full training or pre-training"),
        ("treinar llama 3.1 8b em 64 h100 pp 40", "40 estágios de pipeline são mais que as 32 camadas"),
    ],
)
def test_impossible_layouts_are_refused_with_how_to_say_them(capsys, question, said):
    err = refusal(capsys, question)
    assert said in err
    assert "Traceback" not in err
    assert "`ep=8`" in err or "`pp=2`" in err  # the examples of a layout that works


def test_expert_ranks_that_do_not_split_the_copies_are_said(capsys):
    text = answer(capsys, "full fine-tune mixtral 8x7b on 4 h100 ep 8")
    assert "the requested expert parallelism 8 does not divide the 4 data-parallel copies" in text


def test_a_pipeline_of_served_models_is_no_training_layout(capsys):
    line = understood_lines(capsys, "servir llama 3.1 8b e llama guard 3 8b num pipeline de 2 modelos")[0]
    assert "estágios de pipeline" not in line


@pytest.mark.parametrize(
    "question",
    ["treinar deepseek v3 base em fp8 em 512 h100", "treinar o llama 3.1 8b base", "treinar o modelo base llama 3.1 8b em 8 h100",
     "train the llama 3.1 8b base on 8 h100"],
)  # fmt: skip
def test_training_a_base_release_continues_its_pre_training(capsys, question):
    text = answer(capsys, question)
    assert any(stage in text.splitlines()[0] for stage in ("pré-treino contínuo", "continued pre-training"))
    assert (
        "base sem mais nada: li como pré-treino contínuo" in text or "read as continued pre-training" in text
    )
    assert "ajuste fino completo" not in text.splitlines()[0]


@pytest.mark.parametrize(
    "question", ["treinar o llama 3.1 8b", "treinar o llama 3.1 8b com a base de conhecimento da empresa"]
)
def test_training_a_released_chat_model_stays_a_fine_tune(capsys, question):
    assert "ajuste fino completo" in answer(capsys, question).splitlines()[0]


def test_slack_answers_the_layouts_in_valid_block_kit(tmp_path):
    from bot import blocks
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    from .slack_harness import text_of, valid

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    for question, said in [
        ("treinar deepseek v3 fp8 em 512 h100", "escolhi"),
        ("pré-treino do deepseek v3 em fp8 em 2048 h800 pp=16 ep=64", "paralelismo de especialistas 64"),
    ]:
        reply = pipeline.ask(question, Where("slash_command", channel_id="C1"))
        assert reply.outcome == "answered", question
        blocks.validate(reply.message.blocks)
        valid(reply.message.blocks)
        assert said in text_of(reply.message.blocks)
    # the setup's own line names the experts' split beside the stages, as the text answer does (it had named
    # only the stages and ZeRO in Slack)
    assert "16 estágios de pipeline · especialistas em 64 · ZeRO-1" in text_of(reply.message.blocks)
    pipeline.log.close()
