"""Leftovers, ninth round (2026-12-06): a GPU-hours budget of another card counted on that card, the RTX 4070
family's own entries, and the Slack app's links to messages (its own answers, messages it cannot read).
Through `gpu-size` and the Slack pipeline, asserting what the user reads."""

from __future__ import annotations

import pytest

from . import slack_requests as sr
from .gpu_size_run import answer, answer_json
from .slack_harness import text_of

# -- a GPU-hours budget of another card than the recommended one ---------------------------------------------


def budget_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("Orçamento de", "Budget of")))


def test_a_budget_of_another_card_with_no_volume_says_the_tokens_it_pays_for_on_that_card(capsys):
    # It had said the hours were counted on the L40S recommended, not on the A100 of the budget.
    text = answer(capsys, "treinar llama 8b com lora, temos 500 horas de A100")
    line = budget_line(text)
    # 500 h x 3600 s x 312 TFLOPS (A100 BF16 dense, NVIDIA datasheet) x 40% MFU / (4 x 8.03B) = ~7.0B tokens
    assert (
        "na A100 SXM 80 GB do orçamento, elas pagam até ~7 bi tokens deste treino (4·N·D a 40% de MFU)"
        in line
    )
    assert "A recomendação abaixo é a L40S 48 GB" in line and "contadas na L40S" not in text
    assert "Recomendação: 1× L40S 48 GB" in text  # the recommendation stays


@pytest.mark.parametrize(
    ("question", "hours", "verdict"),
    [
        # 4·N·D = 4 x 8.03e9 x 2e9 = 6.42e19 FLOPs over 312 TFLOPS x 40%: ~143 A100-hours
        ("treinar llama 8b com lora e 2B tokens, temos 500 horas de A100", "~143 horas de GPU", "cabe nele"),
        # 6·N·D = 6 x 70.6e9 x 1e9 = 4.2e20 FLOPs: ~942 A100-hours, over a 500-hour budget
        (
            "treinar llama 70b full com 1B tokens, temos 500 horas de A100",
            "~942 horas de GPU",
            "não cabe nele",
        ),
    ],
)
def test_a_budget_of_another_card_with_a_volume_is_weighed_on_that_card(capsys, question, hours, verdict):
    line = budget_line(answer(capsys, question))
    assert (
        f"este treino leva {hours}" in line and "na A100 SXM 80 GB do orçamento" in line and verdict in line
    )
    flops = answer_json(capsys, question)["estimates"]["training_flops"]
    need = flops / (312e12 * 0.40) / 3600
    said = float(line.split("leva ~")[1].split(" horas")[0].replace(".", "").replace(",", "."))
    assert said == pytest.approx(need, rel=0.02)


def test_a_budget_of_another_card_in_english(capsys):
    line = budget_line(answer(capsys, "fine-tune llama 8b lora on 200M tokens, we have 50 H100 hours"))
    assert "this training takes ~4.5 GPU-hours on the budget's H100 SXM 80 GB (40% MFU), within it" in line


# -- the RTX 4070 family: each card its own entry -------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "card"),
    [
        # NVIDIA GeForce RTX 4070 Family specifications: SUPER 12 GB (192-bit), Ti 12 GB (192-bit),
        # Ti SUPER 16 GB (256-bit)
        ("llama 8b no rtx 4070 super", "RTX 4070 SUPER 12 GB"),
        ("llama 8b no 4070 ti", "RTX 4070 Ti 12 GB"),
        ("llama 8b na 4070 ti super", "RTX 4070 Ti SUPER 16 GB"),
        ("llama 8b na rtx 4070", "RTX 4070 12 GB"),
    ],
)
def test_each_rtx_4070_is_its_own_card_with_its_memory(capsys, question, card):
    assert answer(capsys, question).startswith(f"Entendi: Llama 3.1 8B · 1× {card}")


# -- the Slack app: a link to one of its answers, a link it cannot read ---------------------------------------

_ANSWER_TS = "1700000900.000100"  # the ts Slack gives the app's answer (chat.postMessage's reply)


def _answer_linked(slack, question: str) -> str:
    """The app answers `question` in a thread of C0001, Slack giving its answer _ANSWER_TS; a permalink to
    that answer, which conversations.replies serves as the app's post it is."""
    posted = {"ok": True, "channel": "C0001", "ts": _ANSWER_TS}
    slack.fake.reply("chat.postMessage", lambda p: {**posted, "channel": p.get("channel")})
    slack.event(sr.app_mention(f"<@UBOT> {question}", ts="1700000800.000100"), "EvL9q")
    slack.fake.wait_for("chat.postMessage", timeout=30)
    slack.settle()  # the answer is posted and remembered before anyone can copy its link
    slack.fake.clear()
    answer = {"type": "message", "user": "UBOT", "bot_id": "BBOT", "text": "Llama 3.1 70B",
              "ts": _ANSWER_TS, "thread_ts": "1700000800.000100"}  # fmt: skip
    # The answer is a reply in the question's thread: conversations.replies serves both as Slack does
    # (FakeSlack.thread), whether it is asked for by the thread's ts or the answer's.
    asked = {"type": "message", "user": "U0001", "text": f"<@UBOT> {question}", "ts": "1700000800.000100",
             "thread_ts": "1700000800.000100"}  # fmt: skip
    slack.fake.thread("C0001", asked, answer)
    slack.fake.reply(
        "conversations.info", {"channel": {"id": "C0001", "is_channel": True, "is_private": False}}
    )
    return f"https://nossanuvem.slack.com/archives/C0001/p{_ANSWER_TS.replace('.', '')}?thread_ts=1700000800.000100&cid=C0001"


@pytest.mark.parametrize("where", ["mention", "dm", "command"])
def test_a_link_to_one_of_the_apps_answers_follows_up_its_question(slack, where):
    # It had been read as a question of its own: "e com 4 h100?" alone has no model ("Faltou dizer o modelo").
    link = _answer_linked(slack, "llama 3.1 70b para 50 usuários")
    if where == "command":
        said = text_of(slack.answer(f"e com 4 h100? <{link}>")["blocks"])
    else:
        if where == "mention":
            event = sr.app_mention(f"<@UBOT> e com 4 h100? <{link}>", channel="C0002", ts="1700001000.000100")
        else:
            event = sr.message(f"e com 4 h100? <{link}>", channel="DU0051", channel_type="im", user="U0051")
        slack.event(event, f"EvL9{where}")
        [answer] = slack.fake.wait_for("chat.postMessage", timeout=30)
        said = text_of(answer.params["blocks"])
    assert "Llama 3.1 70B" in said and "4× H100 SXM 80 GB" in said and "50 usuários" in said, said
    assert "Faltou dizer o modelo" not in said and "Não entendi" not in said


def test_a_link_to_an_answer_not_in_the_log_is_still_no_question(slack):
    # An answer of the app's the log no longer holds: no question to follow, as before. (Another bot's post
    # is read as its card since tests/test_slack_formats_round9.py.)
    answer = {"type": "message", "user": "UBOT", "bot_id": "BBOT", "text": "Llama 3.1 70B · 50 usuários",
              "ts": "1700000700.000100"}  # fmt: skip
    slack.fake.reply("conversations.replies", {"messages": [answer]})
    link = "https://nossanuvem.slack.com/archives/C0001/p1700000700000100"
    slack.event(sr.app_mention(f"<@UBOT> e em 4 bits? <{link}>"), "EvL9other")
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=30)
    assert "Llama 3.1 70B" not in text_of(reply.params["blocks"])


_LINK = "https://nossanuvem.slack.com/archives/{channel}/p1700000700000100"


@pytest.mark.parametrize(
    ("question", "setup", "says"),
    [
        (
            "quanto precisa pra isso?",
            "private",
            "Não li a mensagem do link: ela está num canal privado (ou num que não consigo ver)",
        ),
        ("quanto precisa pra isso?", "not_found", "Não encontrei a mensagem do link: ela foi apagada"),
        (
            "quanto precisa pra isso?",
            "failed",
            "Não consegui ler a mensagem do link: o Slack recusou a leitura",
        ),
        ("how much do we need for this?", "not_found", "I could not find the linked message: it was deleted"),
    ],
)
def test_a_linked_message_that_cannot_be_read_says_why_and_what_to_do(slack, question, setup, says):
    # It had answered "Não entendi o pedido." with no reason.
    channel = "GPRIV01" if setup == "private" else "C0001"
    if setup == "private":
        info = {"id": channel, "is_channel": False, "is_group": True, "is_private": True}
        slack.fake.reply("conversations.info", {"channel": info})
    elif setup == "not_found":
        slack.fake.reply("conversations.replies", {"ok": False, "error": "thread_not_found"})
    else:
        slack.fake.fail("conversations.replies", status=200, body={"ok": False, "error": "access_denied"})
    slack.event(sr.app_mention(f"<@UBOT> {question} <{_LINK.format(channel=channel)}>"), f"EvL9{setup}")
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=30)
    said = text_of(reply.params["blocks"])
    assert says in said, said
    assert "Cole aqui o texto da pergunta" in said or "Paste the question's text here" in said
    assert "Não entendi" not in said and "did not understand" not in said


def test_a_question_of_its_own_beside_a_link_not_read_is_answered(slack):
    # The words ask something themselves: they are answered, the link not read or not
    slack.fake.reply("conversations.replies", {"ok": False, "error": "thread_not_found"})
    slack.event(
        sr.app_mention(f"<@UBOT> qwen3 32b para 20 usuários <{_LINK.format(channel='C0001')}>"), "EvL9own"
    )
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=30)
    said = text_of(reply.params["blocks"])
    assert "Qwen3 32B" in said and "Não encontrei a mensagem" not in said


# -- RLHF with several reward models, or one of another size ----------------------------------------------------


def weights_gb(data: dict) -> float:
    return data["memory"]["weights"] / 1e9


@pytest.mark.parametrize(
    "question",
    [
        "ppo no llama 8b com dois reward models",
        "ppo no llama 8b com 2 modelos de recompensa",
        "rlhf ppo on llama 3.1 8b with two reward models",
    ],
)
def test_a_second_reward_model_adds_its_frozen_weights(capsys, question):
    # It had been refused in part ("Não entendi: “reward”") and sized with one. Llama 2's RLHF trained two
    # reward models, helpfulness and safety (arXiv:2307.09288, section 3.2.2): each is frozen BF16 weights.
    text = answer(capsys, question)
    first = text.splitlines()[0]
    assert ("2 modelos de recompensa" in first or "2 reward models" in first) and "reward”" not in text
    one = answer_json(capsys, "ppo no llama 8b com reward model")
    two = answer_json(capsys, question)
    # 2 bytes x 8.03B parameters more: 16.1 GB
    assert weights_gb(two) - weights_gb(one) == pytest.approx(16.06, rel=0.02)
    assert "cada um com 16,1 GB" in text or "each 16.1 GB" in text


def test_reward_models_time_counts_each_forward(capsys):
    # Each reward model scores every completion: a 2·N·D forward each in the RL time estimate
    text = answer(capsys, "grpo no qwen 7b com 3 reward models, 1000 prompts, colocate")
    assert "3 modelos de recompensa" in text.splitlines()[0]
    # the policy's 6·N·D and three reward models' forwards, 3 x 2·N·D (against "6·N·D + 2·N·D" with one)
    assert "(6·N·D + 6·N·D = " in text, text
    assert "(6·N·D + 2·N·D = " in answer(capsys, "grpo no qwen 7b com reward model, 1000 prompts, colocate")


def test_a_reward_model_of_a_size_the_policys_release_has_is_that_model(capsys):
    # "reward model de 70b" beside Llama 3.1 8B: Llama 3.1 70B (the same tokenizer), not the 8B's layers
    # stretched to 317
    text = answer(capsys, "ppo no llama 8b com reward model de 70b")
    assert "o Llama 3.1 70B: 141,1 GB na precisão da base" in text and "317 camadas" not in text


# -- FP8 training -----------------------------------------------------------------------------------------------


def test_fp8_training_is_timed_faster_than_bf16_where_gpus_have_fp8(capsys):
    # It had been timed as BF16. MosaicML's LLM Foundry measured FP8 against BF16 on 8 H100s (MPT 1B and 3B):
    # 1.0-1.35x the tokens per second; the offering's 1.2x (offering.toml fp8_speedup).
    fp8 = answer_json(capsys, "treinar llama 8b com fp8 e 1B tokens na h100")
    bf16 = answer_json(capsys, "treinar llama 8b em bf16 e 1B tokens na h100")
    assert bf16["estimates"]["gpu_hours"] / fp8["estimates"]["gpu_hours"] == pytest.approx(1.2, rel=0.01)
    # the memory is BF16 mixed precision's either way
    assert fp8["memory"]["total"] == bf16["memory"]["total"]
    text = answer(capsys, "treinar llama 8b com fp8 e 1B tokens na h100")
    assert "O tempo conta o treino ~1,2× mais rápido que em BF16 nessas GPUs" in text
    assert "Em FP8, ~1,2× isso: 48% sobre o pico BF16." in text


@pytest.mark.parametrize(
    ("question", "says"),
    [
        (
            "treinar llama 8b com transformer engine na a100",
            "A A100 SXM 80 GB (Ampere) não tem tensor cores FP8",
        ),
        ("fp8 training of llama 8b on a100", "The A100 SXM 80 GB (Ampere) has no FP8 tensor cores"),
    ],
)
def test_fp8_training_on_a_gpu_without_fp8_tensor_cores_is_refused_with_why(capsys, question, says):
    from bot.cli import main as gpu_size

    assert gpu_size([question]) != 0
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert "treine em BF16" in err or "train in BF16" in err
