"""Setups compared in one breath are each weighed, side by side: a question followed by a clause that asks it
again at another precision or on other GPUs ("roda o gemma 3 27b em 1 l40s? e em fp8?"), a GPU named once
after the last of its counts ("em 2 gpus ou 4 h100?"), and lists of three or more counts, precisions or GPUs
("1, 2 ou 4 gpus", "em 16 bits, 8 ou 4?", "numa l40s, a100 ou h100?"). Each had lost a setup (the 16-bit
side, the 1), or been refused as a contradiction. Through `gpu-size` and the Slack app, as a user reads them."""

from __future__ import annotations

import itertools
import re

import pytest

from .gpu_size_run import answer, answer_json
from .slack_harness import text_of, valid


def comparison(text: str) -> str:
    """The models' comparison block of an answer, down to the blank line after it."""
    title = next(line for line in text.splitlines() if line.startswith(("Comparação", "Comparison")))
    return text.split(title, 1)[1].split("\n\n", 1)[0]


def sides(text: str) -> str:
    """The GPUs' side-by-side block, with its summary line."""
    title = next(line for line in text.splitlines() if line.startswith(("Lado a lado", "Side by side")))
    return text.split(title, 1)[1].split("\n\n", 1)[0]


# -- a clause that asks again at another precision -------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "first", "second", "verdicts"),
    [
        # The 16-bit question had been lost: FP8 alone was answered.
        ("roda o gemma 3 27b em 1 l40s? e em fp8?", "BF16/FP16 (16-bit)", "FP8 (8-bit)", ("não cabe", "cabe")),
        ("roda o gemma 3 27b em 1 l40s? e se for em fp8?", "BF16/FP16 (16-bit)", "FP8 (8-bit)",
         ("não cabe", "cabe")),
        ("roda o gemma 3 27b em 1 l40s? e em 4 bits?", "BF16/FP16 (16-bit)", "INT4 (AWQ/GPTQ g128)",
         ("não cabe", "cabe")),
        ("does gemma 3 27b fit on 1 l40s? and at 8-bit?", "BF16/FP16 (16-bit)", "FP8 (8-bit)",
         ("does not fit", "fits")),
        # A bare width after widths said in bits is one too (the 8 had been dropped).
        ("llama 70b em 4 bits numa h100? e em 8?", "INT4 (AWQ/GPTQ g128)", "FP8 (8-bit)", ("cabe", "cabe")),
        # Both precisions said: it had been refused as a contradiction.
        ("llama 70b em fp8 numa h100? e em 4 bits?", "FP8 (8-bit)", "INT4 (AWQ/GPTQ g128)", ("cabe", "cabe")),
    ],
)  # fmt: skip
def test_a_clause_asking_again_at_another_precision_weighs_both(capsys, question, first, second, verdicts):
    text = answer(capsys, question)
    block = comparison(text)
    model = text.split("Entendi: " if "Entendi" in text else "Understood: ", 1)[1].split(" · ", 1)[0]
    for precision, verdict in zip((first, second), verdicts, strict=True):
        column = block.split(f"{model} · {precision}\n", 1)[1]
        gpu_line = next(line for line in column.splitlines() if "×" in line and ":" in line)
        assert gpu_line.strip().split(";")[0].endswith(f": {verdict}"), gpu_line
    # Each side's weights at its own precision: the wider takes well over half as much again.
    weights = [line.strip() for line in block.splitlines() if line.strip().startswith(("Pesos:", "Weights:"))]
    assert len(weights) == 2
    gb = [float(w.split(": ", 1)[1].split(" GB")[0].replace(".", "").replace(",", ".")) for w in weights]
    assert max(gb) > min(gb) * 1.5


def test_the_quality_trade_off_of_the_lower_precision_is_said_beside_the_16_bit_answer(capsys):
    text = answer(capsys, "roda o gemma 3 27b em 1 l40s? e em 4 bits?")
    assert "Quantização: 8 bits é praticamente sem perda; 4 bits costuma bastar" in comparison(text)
    # the 16-bit answer in full below, as the understood line says both
    assert text.startswith(
        "Entendi: Gemma 3 27B · BF16/FP16 (16-bit) ou INT4 (AWQ/GPTQ g128) · 1× L40S 48 GB"
    )


@pytest.mark.parametrize(
    ("question", "lines"),
    [
        ("roda o llama 70b em 2 h100? e em 4?", ["2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe"]),
        ("roda o llama 70b em 2 gpus? e em 4?", ["2× A100 SXM 80 GB: cabe", "4× A100 SXM 80 GB: cabe"]),
        ("llama 70b em 2 h100? e numa h200?", ["2× H100 SXM 80 GB: cabe", "1× H200 SXM 141 GB: não cabe"]),
    ],
)
def test_a_clause_asking_again_on_other_gpus_weighs_both(capsys, question, lines):
    block = sides(answer(capsys, question))
    for line in lines:
        assert f"  • {line}" in block, block


@pytest.mark.parametrize(
    "question", ["roda o llama 70b? e quanto custa?", "llama 3.1 8b numa l40s, e para 10 usuários?"]
)
def test_a_clause_that_changes_something_else_is_read_with_the_question(capsys, question):
    text = answer(capsys, question)
    assert "Comparação" not in text and "Lado a lado" not in text


# -- counts of one GPU ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "setups"),
    [
        # "O pedido se contradiz: “4” e “2 gpus”" before.
        ("llama 70b em 2 gpus ou 4 h100?", ["2× H100 SXM 80 GB", "4× H100 SXM 80 GB"]),
        ("llama 70b em 2 placas ou em 4 h100?", ["2× H100 SXM 80 GB", "4× H100 SXM 80 GB"]),
        ("llama 70b on 2 or 4 H100s?", ["2× H100 SXM 80 GB", "4× H100 SXM 80 GB"]),
        # The 1 had been dropped.
        ("llama 70b em 1, 2 ou 4 gpus", ["1× A100 SXM 80 GB", "2× A100 SXM 80 GB", "4× A100 SXM 80 GB"]),
        ("llama 70b em 1, 2, 4 ou 8 gpus",
         ["1× A100 SXM 80 GB", "2× A100 SXM 80 GB", "4× A100 SXM 80 GB", "8× A100 SXM 80 GB"]),
        ("llama 70b on one, two or four H100s", ["1× H100 SXM 80 GB", "2× H100 SXM 80 GB", "4× H100 SXM 80 GB"]),
        ("llama 70b em 2 placas, 4 ou 8 h100",
         ["2× H100 SXM 80 GB", "4× H100 SXM 80 GB", "8× H100 SXM 80 GB"]),
    ],
)  # fmt: skip
def test_every_count_of_a_list_is_weighed_with_its_verdict(capsys, question, setups):
    block = sides(answer(capsys, question))
    bullets = [line for line in block.splitlines() if line.startswith("  • ")]
    assert [b[4:].split(":", 1)[0] for b in bullets] == setups
    assert all(any(v in b for v in ("cabe", "fits", "does not fit")) for b in bullets)
    summary = next(line for line in block.splitlines() if line.startswith(("Em resumo", "In short")))
    # the summary speaks of every count: the short ones, the enough one, and the faster ones
    for setup in setups:
        assert setup in summary, summary


def test_the_understood_line_lists_every_count_with_the_or_before_the_last(capsys):
    text = answer(capsys, "llama 70b em 1, 2, 4 ou 8 gpus")
    assert text.startswith("Entendi: Llama 3.1 70B · 1 GPU, 2 GPUs, 4 GPUs ou 8 GPUs\n")
    assert "Sem GPU nomeada: comparei 1, 2, 4 e 8 GPUs" in text


def test_counts_said_together_are_still_a_contradiction(capsys):
    from bot.cli import main

    assert main(["llama 70b 2 gpus e 4 gpus juntas"]) != 0
    assert "O pedido se contradiz" in capsys.readouterr().err


# -- precisions and GPUs as lists -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "precisions"),
    [
        ("llama 70b em 16 bits, 8 ou 4?", ["BF16/FP16 (16-bit)", "FP8 (8-bit)", "INT4 (AWQ/GPTQ g128)"]),
        ("llama 70b fp16 vs fp8 vs int4", ["BF16/FP16 (16-bit)", "FP8 (8-bit)", "INT4 (AWQ/GPTQ g128)"]),
        ("qwen 32b at 16-bit, 8 or 4?", ["BF16/FP16 (16-bit)", "FP8 (8-bit)", "INT4 (AWQ/GPTQ g128)"]),
        ("llama 70b em 4, 8 ou 16 bits", ["INT4 (AWQ/GPTQ g128)", "FP8 (8-bit)", "BF16/FP16 (16-bit)"]),
    ],
)
def test_every_precision_of_a_list_is_weighed_with_its_weights_and_recommendation(
    capsys, question, precisions
):
    text = answer(capsys, question)
    assert "(a mesma carga para os três)" in text or "(the same workload for all three)" in text
    block = comparison(text)
    for precision in precisions:
        column = block.split(f" · {precision}\n", 1)[1].split("\n  ", 1)[0]
        assert column.strip().startswith(("Recomendação:", "Recommendation:")), column
    weights = [line for line in block.splitlines() if line.strip().startswith(("Pesos:", "Weights:"))]
    assert len(weights) == 3
    # "Entendi" lists them all, the "ou" before the last
    head = text.split("\n", 1)[0]
    assert head.endswith((f"{precisions[0]}, {precisions[1]} ou {precisions[2]}",
                          f"{precisions[0]}, {precisions[1]} or {precisions[2]}")), head  # fmt: skip


def test_a_list_of_precisions_is_compared_in_the_json(capsys):
    data = answer_json(capsys, "llama 70b fp16 vs fp8 vs int4")
    assert [side["precision"] for side in data["comparison"]["models"]] == ["bf16", "fp8", "int4"]
    assert all(side["recommendation"] for side in data["comparison"]["models"])


def test_every_gpu_of_a_list_is_weighed(capsys):
    block = sides(answer(capsys, "llama 8b numa l40s, a100 ou h100?"))
    for gpu in ("1× L40S 48 GB", "1× A100 SXM 80 GB", "1× H100 SXM 80 GB"):
        assert f"  • {gpu}: cabe" in block, block


# -- Slack ------------------------------------------------------------------------------------------------


def test_slack_shows_both_precisions_of_a_clause_asked_again(slack):
    reply = slack.command("roda o gemma 3 27b em 1 l40s? e em fp8?")
    valid(reply["blocks"])
    block = next(b for b in reply["blocks"] if "fields" in b and "Comparação" in b["text"]["text"])
    left, right = (f["text"] for f in block["fields"])
    assert left.startswith("*Gemma 3 27B* · BF16/FP16 (16-bit)\n1× L40S 48 GB: não cabe")
    assert right.startswith("*Gemma 3 27B* · FP8 (8-bit)\n1× L40S 48 GB: cabe")
    assert "Pesos: 54,9 GB" in left and "Pesos: 29,3 GB" in right


def test_slack_shows_every_count_of_a_list(slack):
    reply = slack.command("llama 70b em 1, 2 ou 4 h100")
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    for line in ("1× H100 SXM 80 GB: não cabe", "2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe"):
        assert line in text, text
    assert "Em resumo: 1× H100 SXM 80 GB não serve esta carga; 2× H100 SXM 80 GB já serve esta carga" in text


def test_slack_shows_every_precision_of_a_list(slack):
    reply = slack.command("llama 70b fp16 vs fp8 vs int4")
    valid(reply["blocks"])
    block = next(b for b in reply["blocks"] if "fields" in b and "Comparação" in b["text"]["text"])
    assert "para os três" in block["text"]["text"]
    heads = [f["text"].split("\n", 1)[0] for f in block["fields"]]
    assert heads == [
        "*Llama 3.1 70B* · BF16/FP16 (16-bit)",
        "*Llama 3.1 70B* · FP8 (8-bit)",
        "*Llama 3.1 70B* · INT4 (AWQ/GPTQ g128)",
    ]
    assert all("Recomendação: " in f["text"] and "Pesos: " in f["text"] for f in block["fields"])


# -- a choice of counts beside another GPU, both settings changed, in a thread ----------------------------


@pytest.mark.parametrize(
    ("question", "understood", "setups"),
    [
        # The 4× H100 had been dropped: 2× H100 against 2× H200 alone.
        ("llama 70b em 2 ou 4 h100 ou 2 h200",
         "2× H100 SXM 80 GB, 4× H100 SXM 80 GB ou 2× H200 SXM 141 GB",
         ["2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe", "2× H200 SXM 141 GB: cabe"]),
        ("llama 70b on 2 or 4 h100s or 2 h200s",
         "2× H100 SXM 80 GB, 4× H100 SXM 80 GB or 2× H200 SXM 141 GB",
         ["2× H100 SXM 80 GB: fits", "4× H100 SXM 80 GB: fits", "2× H200 SXM 141 GB: fits"]),
        # A GPU named again at another count is a setup of its own (the 4× H100 had been dropped).
        ("llama 70b em 2x h100, 4x h100 ou 2x h200",
         "2× H100 SXM 80 GB, 4× H100 SXM 80 GB ou 2× H200 SXM 141 GB",
         ["2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe", "2× H200 SXM 141 GB: cabe"]),
        ("llama 70b em 2 h200 ou 1, 2 ou 4 h100",
         "2× H200 SXM 141 GB, 1× H100 SXM 80 GB, 2× H100 SXM 80 GB ou 4× H100 SXM 80 GB",
         ["2× H200 SXM 141 GB: cabe", "1× H100 SXM 80 GB: não cabe", "2× H100 SXM 80 GB: cabe",
          "4× H100 SXM 80 GB: cabe"]),
        # A choice of counts typed before a list of GPUs is each GPU's: every pairing (the H200 had been weighed
        # at the 2 that serve, a count nobody asked for, after the 4× H100 had been dropped).
        ("llama 70b em 2 ou 4 h100 ou h200",
         "H100 SXM 80 GB ou H200 SXM 141 GB, 2 ou 4 de cada",
         ["2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe", "2× H200 SXM 141 GB: cabe", "4× H200 SXM 141 GB: cabe"]),
        ("llama 70b on 2 or 4 h100s or h200s",
         "H100 SXM 80 GB or H200 SXM 141 GB, 2 or 4 of each",
         ["2× H100 SXM 80 GB: fits", "4× H100 SXM 80 GB: fits", "2× H200 SXM 141 GB: fits", "4× H200 SXM 141 GB: fits"]),
        # English's article beside a count is one of it, as "ou uma h200" is
        ("llama 70b on 2 or 4 h100s or an h200",
         "2× H100 SXM 80 GB, 4× H100 SXM 80 GB or 1× H200 SXM 141 GB",
         ["2× H100 SXM 80 GB: fits", "4× H100 SXM 80 GB: fits", "1× H200 SXM 141 GB: does not fit"]),
        ("llama 70b em h200 ou 2 ou 4 h100",
         "2× H200 SXM 141 GB (a menor quantidade que serve), 2× H100 SXM 80 GB ou 4× H100 SXM 80 GB",
         ["2× H200 SXM 141 GB (a menor quantidade que serve): serve esta carga como pedida",
          "2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe"]),
    ],
)  # fmt: skip
def test_a_count_choice_beside_another_gpu_weighs_every_setup(capsys, question, understood, setups):
    text = answer(capsys, question)
    assert text.split("\n", 1)[0].endswith(f" · {understood}"), text.split("\n", 1)[0]
    bullets = [line[4:] for line in sides(text).splitlines() if line.startswith("  • ")]
    assert [b.split(";", 1)[0].split(",", 1)[0].split(".", 1)[0] for b in bullets] == setups


def test_cards_of_one_machine_are_still_weighed_apart_not_as_a_choice(capsys):
    text = answer(capsys, "llama 70b em 2 l40s + 1 a100")
    assert "o vLLM divide um modelo em partes iguais entre as GPUs" in text


@pytest.mark.parametrize(
    ("question", "understood", "verdicts"),
    [
        # It had been one setup, FP8 on the L40S and the H100 both: the 16-bit question was lost.
        ("roda o gemma 3 27b em 1 l40s? e em fp8 numa h100?",
         "Entendi: Gemma 3 27B · BF16/FP16 (16-bit) em 1× L40S 48 GB ou FP8 (8-bit) em 1× H100 SXM 80 GB\n",
         ["1× L40S 48 GB: não cabe", "1× H100 SXM 80 GB: cabe"]),
        ("does gemma 3 27b run on 1 l40s? and at fp8 on an h200?",
         "Understood: Gemma 3 27B · BF16/FP16 (16-bit) on 1× L40S 48 GB or FP8 (8-bit) on 1× H200 SXM 141 GB",
         ["1× L40S 48 GB: does not fit", "1× H200 SXM 141 GB: fits"]),
        ("llama 70b em 4 bits numa l40s? e em fp8 em 2 h100?",
         "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) em 1× L40S 48 GB ou FP8 (8-bit) em 2× H100 SXM 80 GB",
         ["1× L40S 48 GB: cabe", "2× H100 SXM 80 GB: cabe"]),
    ],
)  # fmt: skip
def test_a_clause_changing_precision_and_gpus_weighs_both_setups(capsys, question, understood, verdicts):
    text = answer(capsys, question)
    assert text.startswith(understood), text.split("\n", 1)[0]
    block = comparison(text)
    found = [verdict for _, verdict in _verdicts(block)]
    assert found == verdicts, block


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 70b em 16 bits, 8 ou 4?",
         "Em resumo: o Llama 3.1 70B INT4 (AWQ/GPTQ g128) precisa da menor configuração (1× L40S 48 GB, contra até "
         "2× A100 SXM 80 GB); o Llama 3.1 70B BF16/FP16 (16-bit) atende mais usuários"),
        # The GPU named: which of the three fit on it.
        ("llama 70b fp16 vs fp8 vs int4 numa h100",
         "Em resumo: só cabem em 1× H100 SXM 80 GB: Llama 3.1 70B FP8 (8-bit) e Llama 3.1 70B INT4 (AWQ/GPTQ g128);"),
        ("qwen 32b at 16-bit, 8 or 4?",
         "In short: Qwen2.5 32B FP8 (8-bit) and Qwen2.5 32B INT4 (AWQ/GPTQ g128) need the smallest setup "
         "(1× L40S 48 GB, against up to 1× A100 SXM 80 GB); Qwen2.5 32B INT4 (AWQ/GPTQ g128) serves more users"),
    ],
)  # fmt: skip
def test_three_precisions_get_a_summary_line(capsys, question, said):
    # Only two had had one: three or four ended on their columns with no word on which to pick.
    block = comparison(answer(capsys, question))
    assert said in block, block
    assert "responde mais rápido a cada usuário" in block or "answers each user faster" in block
    # the lower precision's quality trade-off, as for two
    assert "Quantização: 8 bits é praticamente sem perda" in block or "Quantization: 8-bit" in block


def test_the_serving_gpus_of_a_training_are_listed_with_the_or_before_the_last(capsys):
    text = answer(capsys, "fine-tuning lora do llama 8b em 1 h100 e depois servir em l40s, a100 ou h200")
    # it had read "servir em 1× L40S 48 GB ou 1× A100 SXM 80 GB, 1× H200 SXM 141 GB"
    assert text.split("\n", 1)[0].endswith(
        " · servir em 1× L40S 48 GB, 1× A100 SXM 80 GB ou 1× H200 SXM 141 GB"
    )


def test_slack_thread_weighs_a_choice_asked_in_a_reply(slack):
    # In a thread, "e em 4 bits? e em 8?" had answered INT4 alone; "em 2 ou 4 gpus?" weighs both counts.
    from . import slack_requests as sr

    thread = "1700000701.000100"
    assert slack.event(sr.app_mention("<@UBOT> roda o gemma 3 27b em 1 l40s?", ts=thread), "EvSbs1") == 200
    slack.fake.wait_for("chat.postMessage")
    follow = sr.message("e em 4 bits? e em 8?", thread_ts=thread, ts="1700000702.000100")
    assert slack.event(follow, "EvSbs2") == 200
    reply = slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"]
    valid(reply)
    block = next(b for b in reply if "fields" in b and "Comparação" in b["text"]["text"])
    heads = [f["text"].split("\n", 2)[:2] for f in block["fields"]]
    assert heads == [
        ["*Gemma 3 27B* · INT4 (AWQ/GPTQ g128)", "1× L40S 48 GB: cabe"],
        ["*Gemma 3 27B* · FP8 (8-bit)", "1× L40S 48 GB: cabe"],
    ]
    assert text_of(reply).startswith(
        "Entendi: Gemma 3 27B · INT4 (AWQ/GPTQ g128) ou FP8 (8-bit) · 1× L40S 48 GB"
    )


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        # The second model's GPUs had gone unsaid: "Llama 3.1 70B or Qwen2.5 72B · 2× H100 SXM 80 GB".
        ("llama 70b on 2 h100 vs qwen 72b on 1 h200",
         "Understood: Llama 3.1 70B on 2× H100 SXM 80 GB or Qwen2.5 72B on 1× H200 SXM 141 GB\n"),
        ("llama 3.3 70b nvfp4 on b200 vs fp8 on h200",
         "Understood: Llama 3.3 70B · NVFP4 on 1× B200 180 GB or FP8 (8-bit) on 1× H200 SXM 141 GB\n"),
        # One GPU named for both: said once, after them, at the one each is judged on (the count had gone unsaid).
        ("llama 70b ou qwen 72b numa h100", "Entendi: Llama 3.1 70B ou Qwen2.5 72B · 1× H100 SXM 80 GB\n"),
    ],
)  # fmt: skip
def test_the_understood_line_says_each_sides_own_gpus(capsys, question, understood):
    assert answer(capsys, question).startswith(understood)


# -- a GPU with no count beside a choice of counts, whole setups as a choice, lists before other words -----


@pytest.mark.parametrize(
    ("question", "understood", "verdicts"),
    [
        # Refused as a contradiction (fp8 against int4, 2 GPUs against 1) before.
        ("llama 70b: fp8 em 2 h100 ou int4 em 1 h100?",
         "Entendi: Llama 3.1 70B · FP8 (8-bit) em 2× H100 SXM 80 GB ou INT4 (AWQ/GPTQ g128) em 1× H100 SXM 80 GB\n",
         ["2× H100 SXM 80 GB: cabe", "1× H100 SXM 80 GB: cabe"]),
        ("llama 70b em fp8 on 2 H100 or int4 on 1 H100",
         "Understood: Llama 3.1 70B · FP8 (8-bit) on 2× H100 SXM 80 GB or INT4 (AWQ/GPTQ g128) on 1× H100 SXM 80 GB\n",
         ["2× H100 SXM 80 GB: fits", "1× H100 SXM 80 GB: fits"]),
        # the load said after both setups is each one's
        ("llama 70b fp8 em 2 h100 ou int4 numa l40s para 20 usuários",
         "Entendi: Llama 3.1 70B · FP8 (8-bit) em 2× H100 SXM 80 GB ou INT4 (AWQ/GPTQ g128) em 1× L40S 48 GB · "
         "20 usuários simultâneos\n",
         ["2× H100 SXM 80 GB: cabe", "1× L40S 48 GB: não cabe"]),
    ],
)  # fmt: skip
def test_two_whole_setups_offered_as_a_choice_are_weighed_side_by_side(
    capsys, question, understood, verdicts
):
    text = answer(capsys, question)
    assert text.startswith(understood), text.split("\n", 1)[0]
    block = comparison(text)
    found = [verdict for _, verdict in _verdicts(block)]
    assert found == verdicts, block
    assert "Em resumo:" in block or "In short:" in block


def test_a_list_of_widths_before_the_gpu_weighs_each_on_one_of_it(capsys):
    # "on one l40s" after the list: the 8 and the 4 had been dropped, the 16-bit answered alone
    text = answer(capsys, "qwen 32b at 16-bit, 8 or 4 on one l40s?")
    assert text.startswith(
        "Understood: Qwen2.5 32B · BF16/FP16 (16-bit), FP8 (8-bit) or INT4 (AWQ/GPTQ g128) · 1× L40S 48 GB\n"
    )
    found = [line.strip() for line in comparison(text).splitlines() if line.strip().startswith("1× L40S")]
    # the 16-bit side says by how much it is short, as the answer for that one setup does
    assert found[0].startswith("1× L40S 48 GB: does not fit; ") and found[0].endswith(" GB short per GPU")
    assert found[1:] == ["1× L40S 48 GB: fits", "1× L40S 48 GB: fits"]


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        ("at 16-bit, 8 or 4 on one l40s?", ["BF16/FP16 (16-bit)", "FP8 (8-bit)", "INT4 (AWQ/GPTQ g128)"]),
        ("em 8 ou 4 bits numa l40s?", ["FP8 (8-bit)", "INT4 (AWQ/GPTQ g128)"]),
    ],
)
def test_what_fits_at_each_width_offered_with_no_model(capsys, question, rows):
    # Only the first width's models had been listed.
    text = answer(capsys, question)
    assert text.startswith(("What fits on 1× L40S 48 GB\n", "O que cabe em 1× L40S 48 GB\n"))
    listed = [line[2:].split(":", 1)[0] for line in text.splitlines() if line.startswith("• ")]
    assert listed == rows


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        # The count a GPU said with none is judged at had gone unsaid ("· L40S 48 GB").
        ("qwen 32b INT4 em L40S ou fp8", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128) ou FP8 (8-bit) · 1× L40S 48 GB\n"),
        ("llama 70b fp16 vs fp8 em l40s", "Entendi: Llama 3.1 70B · BF16/FP16 (16-bit) ou FP8 (8-bit) · 1× L40S 48 GB\n"),
    ],
)  # fmt: skip
def test_a_gpu_with_no_count_in_a_comparison_is_said_at_one(capsys, question, understood):
    assert answer(capsys, question).startswith(understood)


@pytest.mark.parametrize(
    ("question", "understood", "verdicts"),
    [
        # The 16-bit question had been lost: FP8 alone on the H100 and the H200.
        ("roda o qwen 32b em 1 h100? e em fp8 numa h100 e h200?",
         "Entendi: Qwen2.5 32B · BF16/FP16 (16-bit) em 1× H100 SXM 80 GB, FP8 (8-bit) em 1× H100 SXM 80 GB ou "
         "FP8 (8-bit) em 1× H200 SXM 141 GB\n",
         ["1× H100 SXM 80 GB: cabe", "1× H100 SXM 80 GB: cabe", "1× H200 SXM 141 GB: cabe"]),
        # The counts after the precision had been dropped.
        ("roda o qwen 32b em 1 h100? e em fp8 em 2 ou 4?",
         "Entendi: Qwen2.5 32B · BF16/FP16 (16-bit) em 1× H100 SXM 80 GB, FP8 (8-bit) em 2× H100 SXM 80 GB ou "
         "FP8 (8-bit) em 4× H100 SXM 80 GB\n",
         ["1× H100 SXM 80 GB: cabe", "2× H100 SXM 80 GB: cabe", "4× H100 SXM 80 GB: cabe"]),
        ("llama 70b em 2 h100? e em fp8 em 1?",
         "Entendi: Llama 3.1 70B · BF16/FP16 (16-bit) em 2× H100 SXM 80 GB ou FP8 (8-bit) em 1× H100 SXM 80 GB\n",
         ["2× H100 SXM 80 GB: cabe", "1× H100 SXM 80 GB: cabe"]),
        # the same GPUs again: the precision alone changes
        ("roda o qwen 32b em 1 h100? e em fp8 em 1?",
         "Entendi: Qwen2.5 32B · BF16/FP16 (16-bit) ou FP8 (8-bit) · 1× H100 SXM 80 GB\n",
         ["1× H100 SXM 80 GB: cabe", "1× H100 SXM 80 GB: cabe"]),
    ],
)  # fmt: skip
def test_a_clause_changing_precision_and_counts_weighs_every_setup(capsys, question, understood, verdicts):
    text = answer(capsys, question)
    assert text.startswith(understood), text.split("\n", 1)[0]
    block = comparison(text)
    found = [line.strip() for line in block.splitlines() if "×" in line and line.strip().endswith("cabe")]
    assert found == verdicts, block
    if len(verdicts) == 3:
        # the two FP8 sides are told apart by their GPUs in the summary
        summary = next(line for line in block.splitlines() if "Em resumo" in line)
        assert re.search(r"Qwen2\.5 32B FP8 \(8-bit\) em \d× H[12]00 SXM", summary), summary


def test_a_clause_asking_a_choice_of_counts_again_weighs_each(capsys):
    block = sides(answer(capsys, "roda o llama 70b em 2 h100? e em 4 ou 8?"))
    bullets = [line[4:].split(":", 1)[0] for line in block.splitlines() if line.startswith("  • ")]
    assert bullets == ["2× H100 SXM 80 GB", "4× H100 SXM 80 GB", "8× H100 SXM 80 GB"]


def test_slack_thread_weighs_each_count_asked_after_a_precision_comparison(slack):
    # "e em 2 ou 4 gpus?" after BF16 against FP8: the 4 had been dropped, 2× L40S alone weighed; then FP8 had
    # been weighed on 2× alone, each count only for BF16. Every pairing is a side now.
    from . import slack_requests as sr

    thread = "1700000801.000100"
    first = sr.app_mention("<@UBOT> roda o gemma 3 27b em 1 l40s? e em fp8?", ts=thread)
    assert slack.event(first, "EvCh31") == 200
    slack.fake.wait_for("chat.postMessage")
    follow = sr.message("e em 2 ou 4 gpus?", thread_ts=thread, ts="1700000802.000100")
    assert slack.event(follow, "EvCh32") == 200
    reply = slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"]
    valid(reply)
    text = text_of(reply)
    # the thread's question kept: both precisions, each on both counts asked
    assert text.startswith(
        "Entendi: Gemma 3 27B · BF16/FP16 (16-bit) ou FP8 (8-bit), cada opção em 2× L40S 48 GB ou 4× L40S 48 GB\n"
    ), text.split("\n", 1)[0]
    block = next(b for b in reply if "fields" in b and "Comparação" in b["text"]["text"])
    heads = [f["text"].split("\n", 2)[:2] for f in block["fields"]]
    assert heads == [
        ["*Gemma 3 27B* · BF16/FP16 (16-bit)", "2× L40S 48 GB: cabe"],
        ["*Gemma 3 27B* · BF16/FP16 (16-bit)", "4× L40S 48 GB: cabe"],
        ["*Gemma 3 27B* · FP8 (8-bit)", "2× L40S 48 GB: cabe"],
        ["*Gemma 3 27B* · FP8 (8-bit)", "4× L40S 48 GB: cabe"],
    ]


# -- a choice of precisions or models beside a choice of GPUs: every pairing, or the ones left out said ---------


def _verdicts(block: str) -> list[tuple[str, str]]:
    """(the side's title, its verdict line) for each side of a comparison block."""
    # a side short of memory says by how much after ";"
    lines = [line.strip().split(";")[0] for line in block.splitlines()]
    return [
        (title, verdict)
        for title, verdict in itertools.pairwise(lines)
        if " · " in title and "×" in verdict and verdict.endswith(("cabe", "fit", "fits"))
    ]


@pytest.mark.parametrize(
    ("question", "understood", "found"),
    [
        # FP8 had been weighed on the H100 and the H200, INT4 on the H100 alone.
        ("llama 70b em fp8 e int4 numa h100 e numa h200",
         "Entendi: Llama 3.1 70B · FP8 (8-bit) ou INT4 (AWQ/GPTQ g128), cada opção em 1× H100 SXM 80 GB ou "
         "1× H200 SXM 141 GB\n",
         [("Llama 3.1 70B · FP8 (8-bit)", "1× H100 SXM 80 GB: cabe"),
          ("Llama 3.1 70B · FP8 (8-bit)", "1× H200 SXM 141 GB: cabe"),
          ("Llama 3.1 70B · INT4 (AWQ/GPTQ g128)", "1× H100 SXM 80 GB: cabe"),
          ("Llama 3.1 70B · INT4 (AWQ/GPTQ g128)", "1× H200 SXM 141 GB: cabe")]),
        ("qwen 32b in fp8 or bf16 on 1 or 2 l40s",
         "Understood: Qwen2.5 32B · FP8 (8-bit) or BF16/FP16 (16-bit), each on 1× L40S 48 GB or 2× L40S 48 GB\n",
         [("Qwen2.5 32B · FP8 (8-bit)", "1× L40S 48 GB: fits"),
          ("Qwen2.5 32B · FP8 (8-bit)", "2× L40S 48 GB: fits"),
          ("Qwen2.5 32B · BF16/FP16 (16-bit)", "1× L40S 48 GB: does not fit"),
          ("Qwen2.5 32B · BF16/FP16 (16-bit)", "2× L40S 48 GB: fits")]),
        # two models, each on each GPU (the Qwen had been judged on the H100 alone)
        ("llama 8b ou qwen 7b numa l4 ou numa l40s",
         "Entendi: Llama 3.1 8B ou Qwen2.5 7B, cada opção em 1× L4 24 GB ou 1× L40S 48 GB\n",
         [("Llama 3.1 8B · BF16/FP16 (16-bit)", "1× L4 24 GB: cabe"),
          ("Llama 3.1 8B · BF16/FP16 (16-bit)", "1× L40S 48 GB: cabe"),
          ("Qwen2.5 7B · BF16/FP16 (16-bit)", "1× L4 24 GB: cabe"),
          ("Qwen2.5 7B · BF16/FP16 (16-bit)", "1× L40S 48 GB: cabe")]),
    ],
)  # fmt: skip
def test_a_choice_beside_a_choice_of_gpus_weighs_every_pairing(capsys, question, understood, found):
    text = answer(capsys, question)
    assert text.startswith(understood), text.split("\n", 1)[0]
    assert _verdicts(comparison(text)) == found
    # the footer names no precision twice ("para o em FP8, INT4 e INT4")
    footer = next(
        line for line in comparison(text).splitlines() if line.strip().startswith(("Abaixo", "Below"))
    )
    assert "each of the others" in footer or "cada um dos outros" in footer, footer


@pytest.mark.parametrize(
    ("question", "left"),
    [
        ("qwen 32b em 16, 8 ou 4 bits numa h100 ou h200",
         "Não pesei FP8 (8-bit) em 1× H200 SXM 141 GB e INT4 (AWQ/GPTQ g128) em 1× H200 SXM 141 GB: a comparação "
         "mostra até 4 opções lado a lado"),
        ("qwen 32b at 16, 8 or 4 bits on an h100 or h200",
         "Not weighed: FP8 (8-bit) on 1× H200 SXM 141 GB and INT4 (AWQ/GPTQ g128) on 1× H200 SXM 141 GB. A "
         "comparison shows at most 4 setups side by side"),
    ],
)  # fmt: skip
def test_pairings_past_what_a_comparison_shows_are_said_left_out(capsys, question, left):
    # Six pairings: each precision on the H100, each GPU at 16 bits, and the two left out said by name (they had
    # gone unsaid, the question read as answered whole).
    text = answer(capsys, question)
    assert left in text
    assert [verdict for _, verdict in _verdicts(comparison(text))] == [
        "1× H100 SXM 80 GB: cabe" if "Não" in left else "1× H100 SXM 80 GB: fits"
    ] * 3
    bullets = [line[4:].split(":", 1)[0] for line in sides(text).splitlines() if line.startswith("  • ")]
    assert bullets == ["1× H100 SXM 80 GB", "1× H200 SXM 141 GB"]


@pytest.mark.parametrize(
    ("question", "understood", "verdict"),
    [
        # A GPU with no count, judged at one of it, is said at one as a comparison says it ("· L40S 48 GB" had
        # read as no count at all).
        ("llama 70b int4 em L40S", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 1× L40S 48 GB\n",
         "1× L40S 48 GB: cabe"),
        ("qwen 32b na h100", "Entendi: Qwen2.5 32B · 1× H100 SXM 80 GB\n", "1× H100 SXM 80 GB: cabe"),
        ("does llama 70b fit on an h100?", "Understood: Llama 3.1 70B · 1× H100 SXM 80 GB\n",
         "1× H100 SXM 80 GB: does not fit"),
        # Sized as many of it as the load takes: the name stays a family, no "1×" the answer contradicts.
        ("llama 70b int4 em l40s para 20 usuários",
         "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos · L40S 48 GB\n",
         "2× L40S 48 GB: cabe"),
    ],
)  # fmt: skip
def test_a_bare_gpu_is_understood_at_the_count_its_verdict_judges(capsys, question, understood, verdict):
    text = answer(capsys, question)
    assert text.startswith(understood), text.split("\n", 1)[0]
    assert f"\n{verdict}" in text


def _thread(slack, first: str, *follow_ups: str) -> list[str | None]:
    """The text of the app's reply to each follow-up typed in the thread of `first`'s answer (None: none)."""
    from . import slack_requests as sr

    root = f"17000009{len(slack.fake.calls('chat.postMessage')):02d}.000100"
    assert slack.event(sr.app_mention(f"<@UBOT> {first}", ts=root), f"Ev{root}") == 200
    slack.settle()
    out = []
    for i, text in enumerate(follow_ups, 1):
        before = len(slack.fake.calls("chat.postMessage"))
        ts = f"{root[:-7]}{i}.000100"
        assert slack.event(sr.message(text, thread_ts=root, ts=ts), f"Ev{ts}") == 200
        slack.settle()
        posted = [
            c for c in slack.fake.calls("chat.postMessage")[before:] if c.params.get("thread_ts") == root
        ]
        if posted:
            valid(posted[0].params["blocks"])
        out.append(text_of(posted[0].params["blocks"]) if posted else None)
    return out


def test_slack_thread_moves_every_side_of_a_crossed_choice_to_the_gpus_said_next(slack):
    # After each precision on each count, "e com 8 gpus?" had moved the first side alone (the others kept 2× and
    # 4×).
    crossed, moved = _thread(
        slack, "roda o qwen 32b numa l40s? e em fp8?", "e em 2 ou 4 gpus?", "e com 8 gpus?"
    )
    assert crossed.startswith(
        "Entendi: Qwen2.5 32B · BF16/FP16 (16-bit) ou FP8 (8-bit), cada opção em 2× L40S 48 GB ou 4× L40S 48 GB\n"
    ), crossed.split("\n", 1)[0]
    assert moved.startswith("Entendi: Qwen2.5 32B · BF16/FP16 (16-bit) ou FP8 (8-bit) · 8× L40S 48 GB\n"), (
        moved.split("\n", 1)[0]
    )


@pytest.mark.parametrize(
    ("first", "follow_up", "said"),
    [
        # GPUs counted: a choice of bare numbers is of GPU counts (it had not been understood)
        ("llama 70b em 2 h100?", "e com 4 ou 8?", "Entendi: Llama 3.1 70B · 4× H100 SXM 80 GB ou 8× H100 SXM 80 GB\n"),
        ("llama 70b em 2 h100?", "e 4 ou 8?", "Entendi: Llama 3.1 70B · 4× H100 SXM 80 GB ou 8× H100 SXM 80 GB\n"),
        # written in English, answered in it
        ("does llama 70b fit on 2 h100?", "and with 4 or 8?",
         "Understood: Llama 3.1 70B · 4× H100 SXM 80 GB or 8× H100 SXM 80 GB\n"),
        # people counted: one number, or a choice of them, is people still
        ("llama 70b para 10 usuários", "e com 20?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos\n"),
        ("llama 70b para 10 usuários", "e com 20 ou 40?", "Entendi: Llama 3.1 70B · 40 usuários simultâneos\n"),
        # both counted: asked back with the choice as typed
        ("llama 70b em 2 h100 para 10 usuários", "e com 4 ou 8?",
         "“4 ou 8” são GPUs ou usuários? Diga “e com 4 ou 8 GPUs?” ou “e com 4 ou 8 usuários?”."),
    ],
)  # fmt: skip
def test_slack_thread_reads_a_choice_of_bare_numbers_by_what_the_thread_counted(
    slack, first, follow_up, said
):
    [reply] = _thread(slack, first, follow_up)
    assert reply is not None and said in reply, reply
    if "H100" in said:  # each count weighed side by side
        assert "• 4× H100 SXM 80 GB: cabe" in reply or "• 4× H100 SXM 80 GB: fits" in reply, reply
        assert "• 8× H100 SXM 80 GB: cabe" in reply or "• 8× H100 SXM 80 GB: fits" in reply, reply


def test_counts_with_no_gpu_named_beside_a_choice_are_every_pairing_on_the_recommended_gpu(capsys):
    # Every precision at every count, on the GPU the recommendation picks for the first side's first count, as
    # counts alone are weighed (each precision had been weighed at 2× only, the 4 asked left out).
    text = answer(capsys, "qwen 32b em fp8 ou bf16 em 2 ou 4 gpus")
    assert text.startswith(
        "Entendi: Qwen2.5 32B · FP8 (8-bit) ou BF16/FP16 (16-bit), cada opção em 2× L40S 48 GB ou 4× L40S 48 GB\n"
        "Sem GPU nomeada: comparei 2 e 4 GPUs na L40S 48 GB, a GPU que a recomendação escolhe para 2 GPUs.\n"
    ), text.split("\n", 1)[0]
    assert len(_verdicts(comparison(text))) == 4


def test_pairings_left_out_are_in_the_json(capsys):
    data = answer_json(capsys, "qwen 32b em 16, 8 ou 4 bits numa h100 ou h200")
    assert data["query"]["setups_left"] == [
        {"side": "FP8 (8-bit)", "gpus": "1× H200 SXM 141 GB"},
        {"side": "INT4 (AWQ/GPTQ g128)", "gpus": "1× H200 SXM 141 GB"},
    ]


def test_a_number_with_a_thousands_comma_in_a_thread_stays_one_number(slack):
    # "6,000" is no choice of 6 and 000: the thread's people, six thousand
    [reply] = _thread(slack, "llama 3.1 8b for 2000 employees", "and for 6,000?")
    assert reply is not None and "6,000 people" in reply.split("\n", 1)[0], reply.split("\n", 1)[0]
