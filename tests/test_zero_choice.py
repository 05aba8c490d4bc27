"""Which sharding to train with ("zero-2 vs zero-3 ... qual usar?", "fsdp ou deepspeed zero 2", "zero-1, zero-2 ou
zero-3?"): several ZeRO stages in one question are a choice, not a contradiction. The training is sized under
each stage, side by side, on the GPUs named (else each on its recommendation), with its memory per GPU by
part, what it shards and what that costs in communication, and the least sharding that fits to use; none
fitting, what would. Through the real engine, the templates, `gpu-size` and the Slack app."""

from __future__ import annotations

import re

import pytest

from bot import blocks
from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing.query import parse

from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def answer(capsys, *argv: str) -> str:
    assert gpu_size(list(argv)) == 0
    return capsys.readouterr().out


def comparison_of(text: str) -> str:
    """The comparison block: the paragraph after the "understood" lines."""
    return text.split("\n\n")[1]


PHRASINGS = [
    ("zero-2 vs zero-3 para full fine-tune do llama 3.1 70b em 8 h100, qual usar?", 2, [3]),
    ("zero-2 or zero-3 for a full fine-tune of llama 3.1 70b on 8 h100s?", 2, [3]),
    ("fsdp ou deepspeed zero 2 para full fine-tune do llama 3.1 8b em 8 h100?", 3, [2]),
    ("zero-1, zero-2 ou zero-3 para o full fine-tune do llama 3.1 8b em 8 h100?", 1, [2, 3]),
    ("zero2 vs zero3 full finetune llama 3.1 8b 8xh100", 2, [3]),
    ("ZeRO-3 ou ZeRO-2 no ajuste fino completo do llama 3.1 8b em 8 h100, qual devo utilizar?", 3, [2]),
    ("deepspeed stage 2 or stage 3 for full fine-tuning llama 3.1 8b on 8 h100?", 2, [3]),
    ("zero stage 1, stage 2 or stage 3 for a full fine-tune of llama 3.1 8b on 8 h100s?", 1, [2, 3]),
    ("ddp ou fsdp para o full fine-tune do llama 3.1 8b em 8 h100", 0, [3]),
    ("zero 2 ou zero 3 para treinar o qwen2.5 32b completo?", 2, [3]),
]


@pytest.mark.parametrize(("question", "first", "others"), PHRASINGS)
def test_several_stages_are_a_choice_not_a_contradiction(question, first, others):
    query = parse(question)
    assert query.unknown == []
    assert (query.workload.zero, query.workload.compare_zero) == (first, others)


@pytest.mark.parametrize(("question", "first", "others"), PHRASINGS)
def test_each_stage_has_its_column(capsys, question, first, others):
    text = answer(capsys, question)
    block = comparison_of(text)
    assert block.startswith(("Comparação", "Comparison"))
    columns = re.findall(r"^  \S.* · (DDP \(ZeRO-0|ZeRO-(\d))", block, re.M)
    assert [0 if c[0].startswith("DDP") else int(c[1]) for c in columns] == [first, *others]
    assert block.count("Em resumo: ") + block.count("In short: ") == 1


def test_a_stage_alone_compares_nothing(capsys):
    text = answer(capsys, "full fine-tune do llama 3.1 8b em 8 h100 com zero-3")
    assert "Comparação" not in text and "ZeRO-3" in text


def test_the_least_sharding_that_fits_the_gpus_named_is_the_one_to_use(capsys):
    block = comparison_of(
        answer(capsys, "fsdp ou deepspeed zero 2 para full fine-tune do llama 3.1 8b em 8 h100?")
    )
    # FSDP is ZeRO-3's equivalent (FULL_SHARD), and ZeRO-2 is SHARD_GRAD_OP: each column says it.
    assert "\n  Llama 3.1 8B · ZeRO-3 (no FSDP, FULL_SHARD)\n" in block
    assert "\n  Llama 3.1 8B · ZeRO-2 (no FSDP, SHARD_GRAD_OP)\n" in block
    # Memory per GPU by part on the GPUs named: ZeRO-2 keeps the whole 16-bit weights on every GPU, ZeRO-3 an
    # eighth of them (and more communication buffers).
    assert "Por GPU em 8× H100 SXM 80 GB: pesos 16,1 GB · gradientes 2,0 GB · otimizador 12,0 GB · " in block
    assert "Por GPU em 8× H100 SXM 80 GB: pesos 2,0 GB · gradientes 2,0 GB · otimizador 12,0 GB · " in block
    assert "buffers de comunicação 5,5 GB" in block
    assert "ao custo de reuni-los (all-gather) a cada forward e a cada backward" in block
    assert "Em resumo: em 8× H100 SXM 80 GB cabem ZeRO-2 e ZeRO-3; use o ZeRO-2, o que menos fatia" in block
    assert "o ZeRO-3 deixa 48,8 GB livres por GPU (o ZeRO-2, 38,2 GB)" in block


def test_the_parts_add_up_to_the_total(capsys):
    block = comparison_of(
        answer(capsys, "zero-1, zero-2 ou zero-3 para o full fine-tune do llama 3.1 8b em 8 h100?")
    )
    lines = re.findall(r"Por GPU em [^:]+: (.*) = ([\d,]+) GB de", block)
    assert len(lines) == 3
    for parts, total in lines:
        summed = sum(float(v.replace(",", ".")) for v in re.findall(r" ([\d,]+) GB", " " + parts))
        assert abs(summed - float(total.replace(",", "."))) <= 0.1 * len(parts.split(" · "))
    assert "use o ZeRO-1" in block
    assert "Fatia só os estados do otimizador" in block and "o FSDP não tem equivalente" in block


def test_when_none_fits_the_answer_says_what_would(capsys):
    block = comparison_of(
        answer(capsys, "zero-2 vs zero-3 para full fine-tune do llama 3.1 70b em 8 h100, qual usar?")
    )
    assert block.count("8× H100 SXM 80 GB: não cabe") == 2
    assert (
        "Em resumo: nenhum cabe em 8× H100 SXM 80 GB: mesmo com o ZeRO-3, faltam 114,5 GB por GPU." in block
    )
    assert "Para caber com o ZeRO-3: Com LoRA" in block and "servidores × 8× H100 SXM 80 GB: cabe." in block


def test_with_no_gpu_named_each_stage_has_its_recommendation(capsys):
    block = comparison_of(answer(capsys, "zero 2 ou zero 3 para treinar o qwen2.5 32b completo?"))
    assert block.count("Recomendação: ") == 2
    assert (
        "Em resumo: em 8× H200 SXM 141 GB, só o ZeRO-3 cabe: use-o; o ZeRO-2 pede 2 servidores × 8× H200"
        in block
    )


def test_one_gpu_has_nothing_to_shard(capsys):
    block = comparison_of(answer(capsys, "zero-2 ou zero-3 lora llama 8b em 1 h100"))
    assert "cabem ZeRO-2 e ZeRO-3, e ocupam o mesmo: com uma GPU só não há entre o que fatiar" in block


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt-BR", ["Comparação (a mesma carga para os dois)", "use o ZeRO-2, o que menos fatia",
                   "faça a mesma pergunta só com o estágio que quiser"]),
        ("pt-PT", ["use o ZeRO-2, o que menos reparte", "margem para um micro-lote maior",
                   "faça a mesma pergunta apenas com a fase que quiser"]),
        ("en", ["Comparison (the same workload for both)", "ZeRO-2 (FSDP SHARD_GRAD_OP)", "ZeRO-3 (FSDP FULL_SHARD)",
                "use ZeRO-2, the least sharding that fits", "ask the same question with just the stage you want"]),
    ],
)  # fmt: skip
def test_every_language_says_it(capsys, lang, said):
    text = answer(capsys, "--lang", lang, "zero-2 ou zero-3, full fine-tune do llama 3.1 8b em 8 h100")
    for part in said:
        assert part in text


def test_the_json_answer_carries_the_comparison(capsys):
    import json

    data = json.loads(
        answer(capsys, "--json", "zero-2 or zero-3 for a full fine-tune of llama 3.1 8b on 8 h100s?")
    )
    sides = data["comparison"]["models"]
    assert [s["precision_name"] for s in sides] == ["ZeRO-2 (FSDP SHARD_GRAD_OP)", "ZeRO-3 (FSDP FULL_SHARD)"]


# -- Slack --------------------------------------------------------------------------------------------------

SLACK_QUESTIONS = [p[0] for p in PHRASINGS] + ["zero-2 or zero-3 for a full fine-tune of llama 3.1 8b?"]


@pytest.mark.parametrize("shared", [False, True])
def test_stage_comparisons_are_valid_block_kit(tmp_path, shared):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    for question in SLACK_QUESTIONS:
        reply = pipeline.ask(question, Where("slash_command", channel_id="C1", channel_shared=shared))
        assert reply.outcome == "answered", question
        blocks.validate(reply.message.blocks)
        _valid(reply.message.blocks)
        assert reply.comparison is not None and reply.comparison.sized, question
        assert "ZeRO-" in _text(reply.message.blocks)
    pipeline.log.close()


def test_slack_shows_the_stages_side_by_side(slack):
    reply = slack.command("fsdp ou deepspeed zero 2 para full fine-tune do llama 3.1 8b em 8 h100?")
    _valid(reply["blocks"])
    comparison = next(b for b in reply["blocks"] if "fields" in b and "Comparação" in b["text"]["text"])
    left, right = (f["text"] for f in comparison["fields"])
    assert left.startswith("*Llama 3.1 8B* · ZeRO-3 (no FSDP, FULL_SHARD)\nFatia também os pesos")
    assert right.startswith("*Llama 3.1 8B* · ZeRO-2 (no FSDP, SHARD_GRAD_OP)\nFatia gradientes")
    assert "use o ZeRO-2" in _text(reply["blocks"])


def test_a_stage_said_in_a_follow_up_leaves_the_choice_behind():
    first = parse("zero-2 ou zero-3, full fine-tune do llama 3.1 8b em 8 h100")
    follow = parse("e com zero-3?", base=first.workload)
    assert (follow.workload.zero, follow.workload.compare_zero) == (3, None)
    again = parse("e com 16 h100?", base=first.workload)
    assert (again.workload.zero, again.workload.compare_zero) == (2, [3])


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # FSDP reads as stage 3: the two named as a choice had been sized as ZeRO-3 with nothing said of FSDP.
        ("treinar llama 3.1 8b em 8 h100, zero-3 vs fsdp",
         "“zero-3”, “fsdp”: o FSDP (FULL_SHARD) e o ZeRO-3 fatiam as mesmas coisas entre as GPUs"),
        ("fine-tune llama 3.1 8b, fsdp ou zero 3?", "“fsdp”, “zero 3”: o FSDP (FULL_SHARD) e o ZeRO-3 fatiam"),
        ("full fine-tune llama 3.1 8b on 8 h100: deepspeed zero-3 or fsdp?",
         "“deepspeed zero-3”, “fsdp”: FSDP (FULL_SHARD) and ZeRO-3 shard the same things across the GPUs"),
        ("afinar o llama 3.1 8b em 8 h100 no nosso servidor: fsdp ou zero-3?",
         "o FSDP (FULL_SHARD) e o ZeRO-3 repartem as mesmas coisas"),
    ],
)  # fmt: skip
def test_fsdp_against_zero_3_is_said_to_take_the_same_memory(capsys, question, said):
    out = answer(capsys, question)
    assert said in out and "ZeRO-3 ou" not in out.splitlines()[0]


@pytest.mark.parametrize(
    "question", ["fine-tune llama 3.1 8b com fsdp", "fine-tune llama 3.1 8b zero-2 vs fsdp"]
)
def test_fsdp_alone_or_against_another_stage_says_nothing_of_sameness(capsys, question):
    assert "FULL_SHARD) e o ZeRO-3 fatiam" not in answer(capsys, question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # A training stage named in a serving question had been said as understood ("· ZeRO-3"), as if it applied.
        ("servir llama 3.1 8b para 20 usuarios com zero-3", "“zero-3”: ZeRO e FSDP fatiam um treino"),
        ("serve llama 3.1 8b with fsdp for 20 users", "“fsdp”: ZeRO and FSDP shard a training run"),
        ("queremos correr o llama 3.1 8b para 20 utilizadores com deepspeed zero 3", "não se aplicam aqui"),
    ],
)
def test_a_training_stage_in_a_serving_question_is_said_not_to_apply(capsys, question, said):
    out = answer(capsys, question)
    first = out.splitlines()[0]
    assert said in out and "ZeRO" not in first, first
