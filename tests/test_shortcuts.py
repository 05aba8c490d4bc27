"""The message shortcut, end to end: a signed `message_action` into the real Bolt app, the answer posted to
the shortcut's response_url (FakeSlack), "share" into the sized message's thread, and the request log."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.listeners.shortcuts import CALLBACK_ID

from . import slack_requests as sr
from .slack_harness import buttons, text_of, valid

ROOT = Path(__file__).resolve().parent.parent
CUSTOMER_ASKS = "Oi pessoal! Queremos rodar o Llama 3.1 70B em 4 bits para uns 40 analistas, contexto de 16k."


def _shortcut(slack, message: dict, **kw) -> dict:
    """Picks the shortcut on `message`; the answer Slack got through the response_url."""
    body = sr.message_shortcut(message, response_url=slack.fake.response_url("shortcut"), **kw)
    status, _, text = slack.send(body)
    assert status == 200 and text == ""  # acknowledged at once, empty: the answer follows
    [answer] = slack.fake.wait_for("response_url")
    return answer.params


def _actions(blocks: list[dict]) -> dict:
    return next(b for b in blocks if b["type"] == "actions")


def test_a_customers_message_is_sized_for_whoever_picked_the_shortcut(slack):
    customer = sr.message(CUSTOMER_ASKS, user="UEXT01", channel="CEXT01", ts="1700000100.000200")
    answer = _shortcut(slack, customer, user_id="U0001", channel_id="CEXT01")
    assert answer["response_type"] == "ephemeral"  # only the support person sees it until shared
    valid(answer["blocks"])
    text = text_of(answer["blocks"])
    assert "Llama 3.1 70B" in text and "INT4" in text and "40 pessoas" in text and "16k de contexto" in text
    assert "gpu_share" in buttons(answer["blocks"])
    [row] = slack.rows()
    # The row is the support person's (sales follows up with them), with the message's words.
    assert (row["surface"], row["user_id"], row["channel_id"]) == ("shortcut", "U0001", "CEXT01")
    assert row["outcome"] == "answered" and "40 analistas" in row["text"]
    assert row["channel_shared"] == 1


def test_share_answers_in_the_thread_of_the_sized_message_and_follows_up_there(slack):
    customer = sr.message(CUSTOMER_ASKS, user="UEXT01", channel="C0001", ts="1700000100.000300")
    answer = _shortcut(slack, customer)
    actions = _actions(answer["blocks"])
    share = next(e for e in actions["elements"] if e["action_id"] == "gpu_share")
    press = sr.block_actions(
        "gpu_share", share["value"], block_id=actions["block_id"], response_url=slack.fake.response_url(),
        container={"type": "message", "message_ts": "1.5", "channel_id": "C0001", "is_ephemeral": True},
    )  # fmt: skip
    assert slack.send(press)[0] == 200
    [post] = slack.fake.wait_for("chat.postMessage")
    assert post.params["channel"] == "C0001" and post.params["thread_ts"] == "1700000100.000300"
    assert "Llama 3.1 70B" in text_of(post.params["blocks"])
    slack.settle()
    # The customer asks on in that thread: it follows the shared answer.
    slack.fake.clear()
    follow = sr.message("e em 8 bits?", user="UEXT01", channel="C0001", thread_ts="1700000100.000300")
    assert slack.event(follow, "Ev-follow") == 200
    slack.settle()
    [reply] = [c for c in slack.fake.calls("chat.postMessage") if c.params.get("thread_ts")]
    assert "FP8" in text_of(reply.params["blocks"]) and "Llama 3.1 70B" in text_of(reply.params["blocks"])


def test_a_message_already_in_a_thread_is_answered_in_that_thread(slack):
    reply_in_thread = sr.message(
        "e se forem 100 usuários com o qwen3 32b?", channel="C0001", ts="1700000200.000500",
        thread_ts="1700000200.000100",
    )  # fmt: skip
    body = sr.message_shortcut(reply_in_thread, response_url=slack.fake.response_url("shortcut"))
    assert slack.send(body)[0] == 200
    # In the thread, to its picker alone (a response_url would post it in the channel: round 5's tests).
    [answer] = slack.fake.wait_for("chat.postEphemeral")
    slack.settle()
    assert (answer.params["channel"], answer.params["user"], answer.params["thread_ts"]) == (
        "C0001", "U0001", "1700000200.000100",
    )  # fmt: skip
    assert _actions(answer.params["blocks"])["block_id"].endswith("@1700000200.000100")
    assert slack.fake.calls("response_url") == []


def test_changing_the_precision_keeps_the_answer_tied_to_its_message(slack):
    customer = sr.message(CUSTOMER_ASKS, channel="C0001", ts="1700000100.000400")
    actions = _actions(_shortcut(slack, customer)["blocks"])
    slack.fake.clear()
    press = sr.block_actions(
        "gpu_precision_8", actions["elements"][0]["value"], block_id=actions["block_id"],
        response_url=slack.fake.response_url(), container=sr_ephemeral(),
    )  # fmt: skip
    assert slack.send(press)[0] == 200
    [replaced] = slack.fake.wait_for("response_url")
    assert replaced.params["replace_original"] is True
    assert "FP8" in text_of(replaced.params["blocks"])
    assert _actions(replaced.params["blocks"])["block_id"] == actions["block_id"]


def sr_ephemeral() -> dict:
    return {"type": "message", "message_ts": "1.6", "channel_id": "C0001", "is_ephemeral": True}


def test_words_only_in_blocks_and_slack_markup_are_read(slack):
    # Some clients send the words in rich_text blocks only; links and mentions arrive in Slack's markup.
    message = sr.message(
        "<@U0002> dá pra rodar o <https://huggingface.co/Qwen/Qwen3-32B|qwen3 32b> numa h100?"
    )
    message["text"] = ""
    answer = _shortcut(slack, message)
    text = text_of(answer["blocks"])
    assert "Qwen3 32B" in text and "H100" in text


def test_a_message_with_nothing_to_size_gets_a_polite_answer_and_a_row(slack):
    answer = _shortcut(slack, sr.message("bom dia a todos, reunião às 15h"))
    valid(answer["blocks"])
    assert "Não entendi" in text_of(answer["blocks"]) or "não entendi" in text_of(answer["blocks"]).lower()
    [row] = slack.rows()
    assert row["surface"] == "shortcut" and row["outcome"] in ("not_understood", "needs_input")


def test_an_english_speaker_gets_english(slack):
    answer = _shortcut(slack, sr.message("can we run llama 3.1 8b for 20 users?"), user_id="UEN01")
    assert "Understood: Llama 3.1 8B" in text_of(answer["blocks"])


def test_an_answer_slack_would_not_take_is_recorded_as_failed(slack):
    slack.fake.fail("response_url", status=404, times=1)
    body = sr.message_shortcut(sr.message("70b 4bit"), response_url=slack.fake.response_url("gone"))
    assert slack.send(body)[0] == 200
    [row] = slack.rows()
    assert (
        row["surface"] == "shortcut" and row["outcome"] == "failed" and "response_url_404" in row["error_key"]
    )


def test_the_manifests_declare_the_shortcut_the_app_listens_for():
    for name in ("manifest.yml", "manifest.http.yml"):
        manifest = yaml.safe_load((ROOT / "slack" / name).read_text())
        [shortcut] = [s for s in manifest["features"]["shortcuts"] if s["callback_id"] == CALLBACK_ID]
        assert shortcut["type"] == "message"
        assert len(shortcut["name"]) <= 24 and len(shortcut["description"]) <= 80
        assert manifest["settings"]["interactivity"]["is_enabled"] is True
