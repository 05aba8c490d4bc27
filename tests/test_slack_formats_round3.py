"""Requests shaped as Slack documents them, third round: Slack's assistant container (a thread opened, the
context changed, questions in its threads), questions edited or deleted after the app answered them, mentions
of other people beside the app's, and slash commands from every kind of conversation. Signed requests into the
real app on loopback, FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import json
import logging
import time
from urllib.parse import parse_qs, urlencode

import pytest

from . import slack_requests as sr
from .slack_harness import text_of

# How long an answer may take on a busy test machine (a follow-up's first reading builds what it reads with).
WAIT = 30.0


def _quiet(slack) -> None:
    """Waits for whatever the app would do after acknowledging, then a moment for a late post."""
    slack.settle(WAIT)
    time.sleep(0.2)


def _said(call) -> str:
    return text_of(call.params.get("blocks") or []) or call.params.get("text", "")


# -- Slack's assistant container -------------------------------------------------------------------------


def _thread_started(
    user: str = "U0060", channel: str = "DU0060", thread_ts: str = "1729999327.187299"
) -> dict:
    # The assistant_thread_started example (https://docs.slack.dev/reference/events/assistant_thread_started):
    # the container's thread in the app's DM with the person, and the channel they were looking at.
    return {
        "type": "assistant_thread_started",
        "assistant_thread": {
            "user_id": user, "context": {"channel_id": "C0123", "team_id": "T0001", "enterprise_id": None},
            "channel_id": channel, "thread_ts": thread_ts,
        },
        "event_ts": "1715873754.429808",
    }  # fmt: skip


def _in_thread(
    text: str, user: str = "U0060", channel: str = "DU0060", thread_ts: str = "1729999327.187299"
) -> dict:
    # A question typed in the container is a message.im reply in its thread
    # (https://docs.slack.dev/ai/developing-ai-apps, "message.im").
    return sr.message(text, user=user, channel=channel, channel_type="im", thread_ts=thread_ts)


def _calls(slack, method: str) -> list:
    return [c for c in slack.fake.calls() if c.method == method]


def _web_calls(slack) -> list:
    """What the app asked of Slack, less Bolt's check of its token (auth.test)."""
    return [c for c in slack.fake.calls() if c.method != "auth.test"]


@pytest.mark.parametrize(
    ("user", "hello", "asked"),
    [
        ("U0061", "Olá! Eu calculo", "Cabe um Llama 70B numa L40S em 4 bits?"),
        ("UPT0061", "Olá! Eu calculo", "qwen2.5 32b fp8 contexto 16k 20 utilizadores"),
        ("UEN0061", "Hi! I work out", "Does a Llama 70B fit on an L40S at 4-bit?"),
    ],
)
def test_an_assistant_thread_opens_with_a_hello_and_questions_the_app_answers(slack, user, hello, asked):
    channel = "D" + user
    assert slack.event(_thread_started(user, channel), "EvA1" + user) == 200
    slack.event(_thread_started(user, channel), "EvA1" + user, retry=1)  # Slack's retry: one hello
    _quiet(slack)
    [greeting] = slack.fake.calls("chat.postMessage")
    assert greeting.params["channel"] == channel and greeting.params["thread_ts"] == "1729999327.187299"
    assert _said(greeting).startswith(hello)
    [offered] = slack.fake.calls("assistant.threads.setSuggestedPrompts")
    assert offered.params["channel_id"] == channel and offered.params["thread_ts"] == "1729999327.187299"
    prompts = offered.params["prompts"]
    assert len(prompts) == 4 and all(p["title"] and p["message"] for p in prompts)
    assert asked in [p["message"] for p in prompts]
    # Every question offered is one the app answers, in the person's language: a prompt picked opens a
    # thread of its own.
    for n, prompt in enumerate(prompts):
        thread = f"1729999500.00000{n}"
        slack.event(_thread_started(user, channel, thread), f"EvA2{user}{n}")
        slack.event(_in_thread(prompt["message"], user, channel, thread), f"EvA3{user}{n}")
    posted = slack.fake.wait_for("chat.postMessage", count=9, timeout=WAIT)
    answers = [c for c in posted if not _said(c).startswith(hello)]
    assert len(answers) == 4
    for answer in answers:
        said = _said(answer)
        assert "Não entendi" not in said and "didn't understand" not in said and "Não percebi" not in said
        assert ("GB" in said) and ("usuário" not in said if user.startswith("UEN") else True)
    assert {r["outcome"] for r in slack.rows()} == {"answered"}


def test_with_the_assistant_container_on_a_person_is_greeted_once_not_also_in_the_messages_tab(slack):
    """A first-time user opening the app sees the container's thread hello; the Messages tab's welcome, meant for
    apps without the container, would be a second greeting."""
    slack.event(_thread_started("U0062", "DU0062"), "EvW1")
    slack.event(sr.app_home_opened("U0062", tab="messages"), "EvW2")
    slack.event(sr.app_home_opened("U0063", tab="messages"), "EvW3")  # another person, later
    _quiet(slack)
    [hello] = slack.fake.calls("chat.postMessage")
    assert hello.params["thread_ts"] == "1729999327.187299" and _said(hello).startswith("Olá! Eu calculo")


def test_without_the_assistant_container_the_messages_tab_still_welcomes(slack):
    slack.event(sr.app_home_opened("U0064", tab="messages"), "EvW4")
    [welcome] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    assert welcome.params["channel"] == "DU0064" and "thread_ts" not in welcome.params


def test_a_first_opening_of_the_messages_tab_and_the_containers_first_thread_at_once_greet_once(slack):
    """A workspace's first person opening the app: Slack sends the Messages tab's opening and the container's
    first thread together, the tab's first. The thread's hello is the welcome (it had posted beside it)."""
    slack.event(sr.app_home_opened("U0065", tab="messages"), "EvW5")
    time.sleep(0.3)  # the welcome is already waiting after the acknowledgement
    slack.event(_thread_started("U0065", "DU0065", "1729999327.200001"), "EvW6")
    _quiet(slack)
    [hello] = slack.fake.calls("chat.postMessage")
    assert hello.params["thread_ts"] == "1729999327.200001" and _said(hello).startswith("Olá! Eu calculo")


@pytest.mark.parametrize(("mode", "welcomes"), [("on", 0), ("off", 1)])
def test_the_assistant_setting_decides_the_messages_tab_welcome_from_the_start(tmp_path, mode, welcomes):
    """GPU_SIZER_ASSISTANT says what the manifest does: "on", the container's threads greet and the tab never
    does, even before any thread opened; "off", the tab welcomes at once, whatever threads open later."""
    from .slack_harness import serve

    with serve(tmp_path, assistant=mode) as slack:
        slack.event(sr.app_home_opened("U0066", tab="messages"), "EvW7")
        _quiet(slack)
        posted = slack.fake.calls("chat.postMessage")
        assert len(posted) == welcomes
        assert all(c.params["channel"] == "DU0066" and "thread_ts" not in c.params for c in posted)


def test_a_question_in_an_assistant_thread_shows_the_app_thinking_and_names_the_thread(slack):
    slack.event(_thread_started(), "EvA3")
    _quiet(slack)
    slack.event(_in_thread("qwen2.5 7b 16bit pra 10 usuários"), "EvA4")
    slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    methods = [c.method for c in slack.fake.calls() if c.method.startswith(("assistant.", "chat."))]
    # Thinking before the answer (Slack clears the status when it is posted), the thread named after.
    assert methods[-3:] == ["assistant.threads.setStatus", "chat.postMessage", "assistant.threads.setTitle"]
    [status] = _calls(slack, "assistant.threads.setStatus")
    assert status.params["status"] == "está pensando…" and status.params["thread_ts"] == "1729999327.187299"
    [title] = _calls(slack, "assistant.threads.setTitle")
    assert title.params["title"] == "qwen2.5 7b 16bit pra 10 usuários"
    answer = slack.fake.calls("chat.postMessage")[-1]
    assert answer.params["thread_ts"] == "1729999327.187299" and "Qwen2.5 7B" in _said(answer)
    # A follow-up in the thread keeps the conversation and its title.
    slack.event(_in_thread("e com 32k de contexto?"), "EvA5")
    follow = slack.fake.wait_for("chat.postMessage", count=3, timeout=WAIT)[2]
    _quiet(slack)
    assert "Qwen2.5 7B" in _said(follow) and "32k" in _said(follow)
    assert len(_calls(slack, "assistant.threads.setTitle")) == 1
    assert len(_calls(slack, "assistant.threads.setStatus")) == 2


def test_thanks_in_an_assistant_thread_clears_the_thinking_status(slack):
    slack.event(_thread_started(), "EvA6")
    slack.event(_in_thread("llama 3.1 8b 16bit"), "EvA7")
    slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    slack.event(_in_thread("valeu!"), "EvA8")
    _quiet(slack)
    assert len(slack.fake.calls("chat.postMessage")) == 2
    assert [c.params["status"] for c in _calls(slack, "assistant.threads.setStatus")][-2:] == [
        "está pensando…",
        "",
    ]


def test_each_assistant_thread_is_a_conversation_of_its_own(slack):
    # A new chat in the container is a new thread of the same DM: it does not follow up the last one's answer.
    slack.event(_thread_started(thread_ts="1729999327.000001"), "EvA9")
    slack.event(_in_thread("llama 3.1 70b 4bit", thread_ts="1729999327.000001"), "EvA10")
    slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    slack.event(_thread_started(thread_ts="1729999400.000001"), "EvA11")
    slack.event(_in_thread("e com 20 usuários?", thread_ts="1729999400.000001"), "EvA12")
    answer = slack.fake.wait_for("chat.postMessage", count=4, timeout=WAIT)[3]
    assert answer.params["thread_ts"] == "1729999400.000001"
    assert "Llama 3.1 70B" not in _said(answer)


def test_without_the_assistant_a_thread_of_a_direct_message_is_answered_as_before(slack):
    slack.event(
        sr.message("qwen2.5 7b 16bit", channel="DU0062", channel_type="im", ts="1700000800.000100"), "EvA13"
    )
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    slack.event(
        sr.message(
            "e com 32k de contexto?", channel="DU0062", channel_type="im", thread_ts="1700000800.000100"
        ),
        "EvA14",
    )
    follow = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)[1]
    _quiet(slack)
    assert "Qwen2.5 7B" in _said(follow) and "32k" in _said(follow)
    assert not [c for c in slack.fake.calls() if c.method.startswith("assistant.")]


def test_the_person_moving_to_another_channel_is_acknowledged_quietly(slack, caplog):
    # The assistant_thread_context_changed example
    # (https://docs.slack.dev/reference/events/assistant_thread_context_changed).
    changed = {**_thread_started(), "type": "assistant_thread_context_changed", "event_ts": "17298244.022142"}
    with caplog.at_level(logging.INFO):
        assert slack.event(changed, "EvA15") == 200
        _quiet(slack)
    assert _web_calls(slack) == [] and slack.rows() == []
    assert "no listener handles" not in caplog.text and not [
        r for r in caplog.records if r.levelno >= logging.WARNING
    ]


def test_the_containers_title_changing_is_not_a_question(slack):
    # The thread's root (subtype assistant_app_thread) edited by Slack when the title is set
    # (https://docs.slack.dev/reference/events/message/assistant_app_thread).
    slack.event(_thread_started(), "EvA16")
    _quiet(slack)
    root = {"type": "message", "subtype": "assistant_app_thread", "user": "U0060", "ts": "1729999327.187299",
            "thread_ts": "1729999327.187299", "text": "Chats from 2024-09-28", "team": "T0001"}  # fmt: skip
    changed = {
        "type": "message", "subtype": "message_changed", "hidden": True, "channel": "DU0060", "channel_type": "im",
        "ts": "1729999400.000100", "event_ts": "1729999400.000100",
        "message": {**root, "text": "llama 70b pra 20 usuários", "edited": {"user": "U0060", "ts": "1729999400.000000"}},
        "previous_message": root,
    }  # fmt: skip
    slack.event(changed, "EvA17")
    _quiet(slack)
    assert len(slack.fake.calls("chat.postMessage")) == 1 and slack.fake.calls("chat.update") == []


# -- Questions edited or deleted -------------------------------------------------------------------------


def _changed(message: dict, new_text: str, edited_at: str, **extra) -> dict:
    # The message_changed example (https://docs.slack.dev/reference/events/message/message_changed): the
    # message as it now reads, with `edited`, and the message before.
    now = {
        **message,
        "text": new_text,
        "blocks": sr._rich_text(new_text),
        "edited": {"user": message["user"], "ts": edited_at},
    }
    now.pop("channel", None), now.pop("channel_type", None)
    before = {k: v for k, v in message.items() if k not in ("channel", "channel_type")}
    return {
        "type": "message", "subtype": "message_changed", "hidden": True, "channel": message["channel"],
        "channel_type": message.get("channel_type", "channel"), "ts": edited_at, "event_ts": edited_at,
        "message": {**now, **extra}, "previous_message": before,
    }  # fmt: skip


def _deleted(message: dict, at: str) -> dict:
    # The message_deleted example (https://docs.slack.dev/reference/events/message/message_deleted).
    before = {k: v for k, v in message.items() if k not in ("channel", "channel_type")}
    return {
        "type": "message", "subtype": "message_deleted", "hidden": True, "channel": message["channel"],
        "channel_type": message.get("channel_type", "channel"), "ts": at, "deleted_ts": message["ts"],
        "event_ts": at, "previous_message": before,
    }  # fmt: skip


def _answers_at(slack, *stamps: str) -> None:
    """Slack gives the app's posts these timestamps, in order."""
    left = list(stamps)
    slack.fake.reply("chat.postMessage", lambda p: {"channel": p["channel"], "ts": left.pop(0)})


def _answered_in_dm(slack, text: str, n: str, ts: str, event_id: str) -> dict:
    """A question asked in user U<n>'s DM (channel DU<n>) at `ts` and answered: the message event, for the
    edits and deletions that follow it."""
    asked = sr.message(text, channel=f"DU{n}", channel_type="im", user=f"U{n}", ts=ts)
    slack.event(asked, event_id)
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    return asked


def test_an_edited_question_updates_its_answer_in_place(slack):
    _answers_at(slack, "1700000901.000100", "1700000902.000100")
    asked = _answered_in_dm(slack, "llama 3.1 8b 16bit", "0070", "1700000900.000100", "EvE1")
    edit = _changed(asked, "qwen2.5 7b 16bit pra 20 usuários", "1700000910.000000")
    slack.event(edit, "EvE2")
    slack.event(edit, "EvE2", retry=1)
    [update] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert (update.params["channel"], update.params["ts"]) == ("DU0070", "1700000901.000100")
    said = _said(update)
    assert "Qwen2.5 7B" in said and "20 usuários" in said and "Llama" not in said
    assert len(slack.fake.calls("chat.postMessage")) == 1 and len(slack.fake.calls("chat.update")) == 1
    # The log keeps what was asked first and adds the edit as a request of its own.
    assert [(r["surface"], r["model_id"] is not None) for r in slack.rows()] == [("dm", True), ("edit", True)]
    assert "qwen2.5 7b" in slack.rows()[1]["text"]
    # A follow-up after the edit follows the answer as it now reads.
    slack.event(
        sr.message("e com 32k de contexto?", channel="DU0070", channel_type="im", user="U0070"), "EvE3"
    )
    follow = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)[1]
    assert "Qwen2.5 7B" in _said(follow) and "32k" in _said(follow)


def test_the_answer_updated_is_the_one_posted_for_that_question(slack):
    _answers_at(slack, "1700001001.000100", "1700001002.000100")
    first = sr.message(
        "llama 3.1 8b 16bit", channel="DU0071", channel_type="im", user="U0071", ts="1700001000.000100"
    )
    second = sr.message(
        "mistral 7b 16bit", channel="DU0071", channel_type="im", user="U0071", ts="1700001000.000200"
    )
    slack.event(first, "EvE4")
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    slack.event(second, "EvE5")
    slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    slack.event(_changed(first, "gemma 2 9b 16bit", "1700001010.000000"), "EvE6")
    [update] = slack.fake.wait_for("chat.update", timeout=WAIT)
    assert update.params["ts"] == "1700001001.000100" and "Gemma 2 9B" in _said(update)


def test_an_edited_mention_in_a_channel_updates_its_answer_once(slack):
    # An edit of a message that mentions the app comes twice: as message_changed (message.channels) and
    # as app_mention with `edited` (https://docs.slack.dev/reference/events/app_mention).
    asked = sr.app_mention("<@UBOT> mixtral 8x7b 4bit", user="U0072", channel="C0072", ts="1700001100.000100")
    slack.event(asked, "EvE7")
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    new = "<@UBOT> mixtral 8x7b 4bit pra 30 usuários"
    as_message = {**asked, "type": "message", "channel_type": "channel"}
    slack.event(_changed(as_message, new, "1700001110.000000"), "EvE8")
    slack.event(
        {
            **asked,
            "text": new,
            "blocks": sr._rich_text(new),
            "edited": {"user": "U0072", "ts": "1700001110.000000"},
        },
        "EvE9",
    )
    [update] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert "Mixtral 8x7B" in _said(update) and "30 usuários" in _said(update)
    assert len(slack.fake.calls("chat.postMessage")) == 1 and len(slack.fake.calls("chat.update")) == 1
    assert answer.params["thread_ts"] == asked["ts"]


def test_an_edited_follow_up_in_a_thread_updates_its_own_answer(slack):
    _answers_at(slack, "1700001151.000100", "1700001152.000100")
    slack.event(
        sr.app_mention("<@UBOT> qwen2.5 7b 16bit", user="U0078", channel="C0078", ts="1700001150.000100"),
        "EvE13",
    )
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    follow = sr.message(
        "e com 20 usuários?",
        user="U0078",
        channel="C0078",
        ts="1700001150.000200",
        thread_ts="1700001150.000100",
    )
    slack.event(follow, "EvE14")
    slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    slack.event(_changed(follow, "e com 40 usuários?", "1700001160.000000"), "EvE15")
    [update] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert update.params["ts"] == "1700001152.000100"
    assert "Qwen2.5 7B" in _said(update) and "40 usuários" in _said(update)
    assert len(slack.fake.calls("chat.postMessage")) == 2


def test_an_edit_a_dead_worker_left_unanswered_is_updated_by_the_next(slack):
    # The edit's claims and work, as a worker notes them before it dies (bot/unfinished.py).
    from bot.unfinished import finish_abandoned

    from .test_retry_after_a_dead_worker import _claim_in_another_process

    _answers_at(slack, "1700001701.000100")
    asked = _answered_in_dm(slack, "llama 3.1 8b 16bit", "0079", "1700001700.000100", "EvW1")
    body = sr.event(_changed(asked, "qwen2.5 7b 16bit", "1700001710.000000"), event_id="EvW2")
    keys = [
        ("EvW2", json.loads(body)["event_time"]),
        (f"edit:DU0079:{asked['ts']}:1700001710.000000", float(asked["ts"])),
    ]
    work = {"kind": "edit", "claims": keys, "body": json.loads(body)}
    _claim_in_another_process(slack.services.settings.spool, keys, then="die", work=work).wait()
    assert finish_abandoned(slack.services) == 1
    [update] = slack.fake.wait_for("chat.update", timeout=WAIT)
    assert update.params["ts"] == "1700001701.000100" and "Qwen2.5 7B" in _said(update)
    slack.send(body, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
    _quiet(slack)
    assert len(slack.fake.calls("chat.update")) == 1 and len(slack.fake.calls("chat.postMessage")) == 1


def test_an_edit_of_a_message_the_app_did_not_answer_is_left_alone(slack):
    # People talking in a channel the app is in, and a mention added by an edit (app_mention answers that).
    talk = {**sr.message("bom dia, pessoal", user="U0073", channel="C0073", ts="1700001200.000100")}
    slack.event(_changed(talk, "bom dia, pessoal! llama 70b amanhã", "1700001210.000000"), "EvE10")
    _quiet(slack)
    assert (
        slack.fake.calls("chat.postMessage") == []
        and slack.fake.calls("chat.update") == []
        and slack.rows() == []
    )


@pytest.mark.parametrize(
    "same",
    [
        # Slack unfurling a link in the question: the same words, attachments added.
        lambda m: _changed(m, m["text"], "1700001310.000000", attachments=[{"title": "Qwen2.5 7B", "from_url": "https://huggingface.co/Qwen/Qwen2.5-7B"}]),
        # Spacing and formatting changed, no word.
        lambda m: _changed(m, "*qwen2.5 7b*   16bit", "1700001310.000000"),
    ],
)  # fmt: skip
def test_an_edit_that_changes_no_word_is_not_answered_again(slack, same):
    asked = _answered_in_dm(slack, "qwen2.5 7b 16bit", "0074", "1700001300.000100", "EvE11")
    slack.event(same(asked), "EvE12")
    _quiet(slack)
    assert slack.fake.calls("chat.update") == [] and len(slack.rows()) == 1


def test_an_edit_that_reads_the_same_leaves_the_answer_and_the_log_alone(slack):
    """An accent fixed, a "por favor" added: the answer would be the same one, posted again, and logged again."""
    asked = _answered_in_dm(slack, "llama 3.1 8b 16bit pra 10 usuarios", "0075", "1700001400.000100", "EvE13")
    slack.event(_changed(asked, "Llama 3.1 8B 16bit pra 10 usuários por favor", "1700001410.000000"), "EvE14")
    _quiet(slack)
    assert slack.fake.calls("chat.update") == [] and len(slack.rows()) == 1


def test_an_edit_fixing_a_word_the_reader_had_corrected_updates_the_answer(slack):
    """ "lama" had been read as Llama and said so; with the typo fixed the answer drops that line."""
    _answers_at(slack, "1700001501.000100", "1700001502.000100")
    asked = _answered_in_dm(slack, "lama 3.1 8b 16bit", "0076", "1700001500.000100", "EvE15")
    slack.event(_changed(asked, "llama 3.1 8b 16bit", "1700001510.000000"), "EvE16")
    [update] = slack.fake.wait_for("chat.update", timeout=WAIT)
    assert "Llama 3.1 8B" in _said(update) and "lama" not in _said(update).replace("Llama", "")
    assert [r["surface"] for r in slack.rows()] == ["dm", "edit"]


def test_a_deleted_question_takes_its_answer_along(slack):
    _answers_at(slack, "1700001401.000100")
    asked = _answered_in_dm(slack, "llama 3.1 8b 16bit", "0075", "1700001400.000100", "EvD1")
    answer_ts = "1700001401.000100"
    slack.event(_deleted(asked, "1700001410.000000"), "EvD2")
    slack.event(_deleted(asked, "1700001410.000000"), "EvD2", retry=1)
    [deleted] = slack.fake.wait_for("chat.delete", timeout=WAIT)
    _quiet(slack)
    assert (deleted.params["channel"], deleted.params["ts"]) == ("DU0075", answer_ts)
    assert len(slack.fake.calls("chat.delete")) == 1
    # Slack then says the answer is gone too; and an edit of the deleted question finds nothing to update.
    slack.event(
        _deleted({**asked, "ts": answer_ts, "user": "UBOT", "bot_id": "BBOT"}, "1700001411.000000"), "EvD3"
    )
    slack.event(_changed(asked, "mistral 7b", "1700001412.000000"), "EvD4")
    _quiet(slack)
    assert len(slack.fake.calls("chat.delete")) == 1 and slack.fake.calls("chat.update") == []
    assert len(slack.rows()) == 1  # the request stays in the log, for its retention period


def test_a_deleted_message_the_app_did_not_answer_or_an_answer_deleted_changes_nothing(slack):
    talk = sr.message("bom dia", user="U0076", channel="C0076", ts="1700001500.000100")
    slack.event(_deleted(talk, "1700001510.000000"), "EvD5")
    _quiet(slack)
    own = {
        **sr.message("Llama 3.1 8B", user="UBOT", channel="C0076", ts="1700001500.000200"),
        "bot_id": "BBOT",
    }
    slack.event(_deleted(own, "1700001511.000000"), "EvD5b")
    _quiet(slack)
    assert _web_calls(slack) == [] and slack.rows() == []


def test_an_answer_already_gone_is_not_an_error(slack, caplog):
    asked = _answered_in_dm(slack, "qwen2.5 7b 16bit", "0077", "1700001600.000100", "EvD6")
    slack.fake.reply("chat.delete", {"ok": False, "error": "message_not_found"})
    with caplog.at_level(logging.ERROR):
        assert slack.event(_deleted(asked, "1700001610.000000"), "EvD7") == 200
        _quiet(slack)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # Gone is gone: an edit after it finds no answer to update.
    slack.event(_changed(asked, "mistral 7b", "1700001612.000000"), "EvD8")
    _quiet(slack)
    assert slack.fake.calls("chat.update") == [] and len(slack.fake.calls("chat.delete")) == 1


# -- Mentions and commands as Slack sends them -----------------------------------------------------------


def test_a_mention_of_other_people_beside_the_app_reads_as_the_question(slack):
    # app_mention's text holds every mention typed (https://docs.slack.dev/reference/events/app_mention);
    # the rich_text block names them as user elements, and a client may send the blocks alone.
    text = "<@U0777> <@UBOT> <@U0888|bia> llama 3.1 8b pra 10 usuários, <@U0777> confirma?"
    event = sr.app_mention(text, user="U0080", channel="C0080")
    slack.event(event, "EvM1")
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    said = _said(answer)
    assert "Llama 3.1 8B" in said and "10 usuários" in said and "U0777" not in said and "bia" not in said
    blocks_only = {**sr.app_mention(text, user="U0081", channel="C0080"), "text": ""}
    slack.event(blocks_only, "EvM2")
    second = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)[1]
    assert "Llama 3.1 8B" in _said(second) and "U0777" not in _said(second)


def _command(slack, text: str, **fields) -> dict:
    body, _ = sr.slash_command(text, response_url=slack.fake.response_url("cmd"))
    data = {k: v[0] for k, v in parse_qs(body).items()}
    status, _, reply = slack.send(urlencode({**data, **fields}))
    assert status == 200, reply
    return json.loads(reply) if reply else slack.fake.wait_for("response_url", timeout=WAIT)[0].params


@pytest.mark.parametrize(
    "fields",
    [
        # From the person's DM with the app, and from a DM between people (the app is not in it).
        {"channel_id": "D0090", "channel_name": "directmessage"},
        {"channel_id": "D0091", "channel_name": "directmessage", "user_id": "U0091"},
        {"channel_id": "G0090", "channel_name": "privategroup"},
        # A Slack Connect channel of an organisation-wide install
        # (https://docs.slack.dev/interactivity/implementing-slash-commands, "app_command_handling").
        {"channel_id": "C0090", "enterprise_id": "E0001", "enterprise_name": "Nossa Nuvem", "is_enterprise_install": "true"},
        # The workspace renamed (team_domain is a name, not an identity) and another api_app_id.
        {"team_domain": "nossanuvem-renomeada"},
        {"api_app_id": "A0OTHER"},
    ],
)  # fmt: skip
def test_a_command_from_any_kind_of_conversation_is_answered_once(slack, fields):
    answer = _command(slack, "qwen2.5 7b 16bit pra 10 usuários", **fields)
    said = text_of(answer["blocks"])
    assert "Qwen2.5 7B" in said and "10 usuários" in said
    _quiet(slack)
    [row] = slack.rows()
    assert row["outcome"] == "answered" and row["channel_id"] == fields.get("channel_id", "C0001")


def test_an_event_for_another_app_id_is_answered_and_the_apps_own_post_is_not(slack):
    # The envelope's api_app_id names the app an event is for (https://docs.slack.dev/apis/events-api); a
    # request signed with this app's secret is this app's whatever it names, and its own posts stay its own.
    slack.event(
        sr.app_mention("<@UBOT> qwen2.5 7b 16bit", user="U0092", channel="C0092"),
        "EvM3",
        api_app_id="A0OTHER",
    )
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    own = {
        **sr.message("Qwen2.5 7B · 16 bits", user="UBOT", channel="C0092", thread_ts="1700000000.000001"),
        "bot_id": "BBOT",
    }
    slack.event(own, "EvM4", api_app_id="A0OTHER")
    _quiet(slack)
    assert len(slack.fake.calls("chat.postMessage")) == 1


def test_the_manifests_turn_on_the_assistant_container_the_app_answers_in():
    # What the container needs (https://docs.slack.dev/ai/developing-ai-apps): the assistant_view feature,
    # the assistant:write scope, and the thread events, beside the DM events its questions come as.
    from pathlib import Path

    import yaml

    for name in ("manifest.yml", "manifest.http.yml"):
        manifest = yaml.safe_load((Path(__file__).parents[1] / "slack" / name).read_text())
        assert manifest["features"]["assistant_view"]["assistant_description"]
        assert "assistant:write" in manifest["oauth_config"]["scopes"]["bot"]
        events = set(manifest["settings"]["event_subscriptions"]["bot_events"])
        assert {"assistant_thread_started", "assistant_thread_context_changed", "message.im"} <= events
