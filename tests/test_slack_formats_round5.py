"""Requests shaped as Slack sends them, fifth round: a question deleted once its thread holds the answer (a
tombstone, not message_deleted), a linked message unfurled after the answer, buttons pressed under an answer
in a thread, the assistant's status rate limited, a global shortcut, and the mention that led to the app's
invitation to a channel. Signed requests into the real app on loopback, FakeSlack for the Web API, a real
SQLite request log."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlencode

import pytest

from . import slack_requests as sr
from .slack_harness import payload
from .test_slack_formats_round2 import _CUSTOMER, _linking
from .test_slack_formats_round3 import WAIT, _answers_at, _quiet, _said, _thread_started

# -- A question deleted under its answer ------------------------------------------------------------------


def _tombstone(question: dict, at: str) -> dict:
    # A thread's root deleted while it has replies stays as a tombstone ("This message was deleted."): Slack
    # sends it as message_changed whose `message` has the subtype `tombstone`
    # (https://docs.slack.dev/reference/events/message/message_changed), never as message_deleted.
    before = {k: v for k, v in question.items() if k not in ("channel", "channel_type")}
    return {
        "type": "message", "subtype": "message_changed", "hidden": True, "channel": question["channel"],
        "channel_type": "channel", "ts": at, "event_ts": at,
        "message": {"type": "message", "subtype": "tombstone", "text": "This message was deleted.",
                    "user": "USLACKBOT", "hidden": True, "ts": question["ts"], "thread_ts": question["ts"],
                    "reply_count": 1, "reply_users_count": 1, "reply_users": ["UBOT"]},
        "previous_message": {**before, "thread_ts": question["ts"], "reply_count": 1},
    }  # fmt: skip


def test_a_mention_deleted_once_its_thread_holds_the_answer_takes_the_answer_along(slack):
    root = "1700020000.000100"
    _answers_at(slack, "1700020001.000100")
    asked = sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="U0201", channel="C0201", ts=root)
    slack.event(asked, "EvT1")
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    assert answer.params["thread_ts"] == root
    _quiet(slack)
    slack.event(_tombstone(asked, "1700020010.000000"), "EvT2")
    slack.event(_tombstone(asked, "1700020010.000000"), "EvT2", retry=1)  # Slack's retry: one deletion
    [deleted] = slack.fake.wait_for("chat.delete", timeout=WAIT)
    _quiet(slack)
    assert (deleted.params["channel"], deleted.params["ts"]) == ("C0201", "1700020001.000100")
    # Not read as an edit ("This message was deleted." is no question): nothing updated, nothing posted.
    assert slack.fake.calls("chat.update") == [] and len(slack.fake.calls("chat.postMessage")) == 1
    assert len(slack.fake.calls("chat.delete")) == 1 and len(slack.rows()) == 1


def test_a_tombstone_of_a_message_the_app_did_not_answer_changes_nothing(slack):
    talk = sr.message("alguém viu o deploy?", user="U0205", channel="C0205", ts="1700020300.000100")
    slack.event(_tombstone(talk, "1700020310.000000"), "EvT5")
    _quiet(slack)
    assert [c.method for c in slack.fake.calls() if c.method != "auth.test"] == [] and slack.rows() == []


# -- A link to a Slack message, unfurled after the question was answered ---------------------------------


@pytest.mark.parametrize("where", ["dm", "mention"])
def test_a_linked_message_unfurled_after_the_answer_is_not_an_edit(slack, where):
    link = _linking(slack, "C0456", _CUSTOMER, {"is_channel": True, "is_private": False})
    ts, answer_ts = "1700030000.000100", "1700030001.000100"
    _answers_at(slack, answer_ts)
    if where == "dm":
        asked = sr.message(
            f"quanto precisa pra isso? <{link}>", user="U0301", channel="DU0301", channel_type="im", ts=ts
        )
    else:
        asked = sr.app_mention(
            f"<@UBOT> quanto precisa pra isso? <{link}>", user="U0301", channel="C0301", ts=ts
        )
    slack.event(asked, "EvU1")
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    assert "Llama 3.1 70B" in _said(answer) and "50 usuários" in _said(answer)
    _quiet(slack)
    # Slack unfurls the link once the message is posted: a hidden message_changed whose message gains the
    # linked one as an is_msg_unfurl attachment, with no `edited` (nobody edited it).
    unfurl = {
        "is_msg_unfurl": True,
        "channel_id": "C0456",
        "ts": _CUSTOMER["ts"],
        "author_id": "UCLI0001",
        "text": _CUSTOMER["text"],
        "fallback": f"[14 de novembro] cliente: {_CUSTOMER['text']}",
        "from_url": link,
        "original_url": link,
        "footer": "Postado em #geral",
        "mrkdwn_in": ["text"],
        "id": 1,
    }
    before = {k: v for k, v in asked.items() if k not in ("channel", "channel_type")}
    changed = {"type": "message", "subtype": "message_changed", "hidden": True, "channel": asked["channel"],
               "channel_type": "im" if where == "dm" else "channel", "ts": "1700030002.000000",
               "event_ts": "1700030002.000000", "message": {**before, "type": "message", "attachments": [unfurl]},
               "previous_message": {**before, "type": "message"}}  # fmt: skip
    slack.event(changed, "EvU2")
    _quiet(slack)
    # It had been taken for an edit: the answer redrawn (saying the same) and the question logged twice.
    assert slack.fake.calls("chat.update") == [] and len(slack.fake.calls("chat.postMessage")) == 1
    assert len(slack.rows()) == 1


# -- Buttons pressed in a thread --------------------------------------------------------------------------


def _answered_in_thread(slack, asked: dict, answer_ts: str, event_id: str):
    """`asked` (a mention, or a message in an assistant thread) answered in its thread at `answer_ts`: the
    answer's post, and the message its buttons are pressed under, as a block_actions payload carries it."""
    _answers_at(slack, answer_ts)
    slack.event(asked, event_id)
    [answer] = slack.fake.wait_for("chat.postMessage", count=1, timeout=WAIT)
    _quiet(slack)
    slack.fake.clear()
    root = answer.params["thread_ts"]
    message = {"type": "message", "user": "UBOT", "bot_id": "BBOT", "app_id": sr.APP_ID, "ts": answer_ts,
               "thread_ts": root, "text": answer.params.get("text", ""), "blocks": answer.params["blocks"]}  # fmt: skip
    return answer, message


def _pressed(slack, button: str, value: str, message: dict, channel: str, user: str) -> None:
    # A reply's container names its thread (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload).
    container = {"type": "message", "message_ts": message["ts"], "channel_id": channel, "is_ephemeral": False,
                 "thread_ts": message["thread_ts"]}  # fmt: skip
    raw = sr.block_actions(button, value, user_id=user, channel_id=channel, message=message,
                           container=container, response_url=slack.fake.response_url("pressed"))  # fmt: skip
    assert slack.send(raw)[0] == 200


@pytest.mark.parametrize(
    ("button", "said"), [("gpu_detail", "Desempenho e custo"), ("gpu_proposal", "time comercial recebeu")]
)
def test_what_a_button_under_an_answer_in_a_thread_says_comes_in_that_thread(slack, button, said):
    root = "1700020100.000100"
    asked = sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="U0202", channel="C0202", ts=root)
    answer, message = _answered_in_thread(slack, asked, "1700020101.000100", "EvT3")
    _pressed(slack, button, payload(answer.params), message, "C0202", "U0202")
    [note] = slack.fake.wait_for("chat.postEphemeral", timeout=WAIT)
    _quiet(slack)
    # Without thread_ts it went under the channel's last message, out of the thread its presser reads.
    assert (note.params["channel"], note.params["user"], note.params.get("thread_ts")) == (
        "C0202",
        "U0202",
        root,
    )
    assert said in _said(note)


def test_the_detail_asked_in_an_assistant_thread_comes_in_that_thread(slack):
    thread = "1729999600.000100"
    slack.event(_thread_started("U0206", "DU0206", thread), "EvT6")
    _quiet(slack)
    slack.fake.clear()
    asked = sr.message(
        "qwen2.5 7b 16bit", user="U0206", channel="DU0206", channel_type="im", thread_ts=thread
    )
    answer, message = _answered_in_thread(slack, asked, "1729999601.000100", "EvT7")
    _pressed(slack, "gpu_detail", payload(answer.params), message, "DU0206", "U0206")
    [note] = slack.fake.wait_for("chat.postEphemeral", timeout=WAIT)
    assert note.params.get("thread_ts") == thread and "Desempenho e custo" in _said(note)


def test_the_assistants_status_rate_limited_does_not_hold_the_answer_up(slack, caplog):
    # assistant.threads.setStatus is rate limited like any method (https://docs.slack.dev/apis/web-api/rate-limits):
    # Slack's 429 asks to wait Retry-After seconds. The status only dresses the answer: it is let go.
    thread = "1729999700.000100"
    slack.event(_thread_started("U0209", "DU0209", thread), "EvT9")
    _quiet(slack)
    slack.fake.fail("assistant.threads.setStatus", status=429, headers={"Retry-After": "60"}, times=3)
    slack.fake.fail("assistant.threads.setTitle", status=429, headers={"Retry-After": "60"}, times=3)
    asked = sr.message("qwen2.5 7b 16bit pra 10 usuários", user="U0209", channel="DU0209", channel_type="im",
                       thread_ts=thread)  # fmt: skip
    slack.event(asked, "EvT10")
    # It had waited out the Retry-After twice (two minutes) before answering.
    answer = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)[1]
    _quiet(slack)
    assert answer.params["thread_ts"] == thread and "Qwen2.5 7B" in _said(answer)
    assert len(slack.fake.calls("assistant.threads.setStatus")) == 1
    assert len(slack.fake.calls("assistant.threads.setTitle")) == 1
    assert [r["outcome"] for r in slack.rows()] == ["answered"]
    assert "assistant.threads call failed: ratelimited" in caplog.text


def test_a_stale_button_in_a_thread_says_so_in_that_thread(slack):
    root = "1700020400.000100"
    asked = sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="U0207", channel="C0207", ts=root)
    _, message = _answered_in_thread(slack, asked, "1700020401.000100", "EvT8")
    _pressed(slack, "gpu_detail", '{"modelo": "formato antigo"}', message, "C0207", "U0207")
    [note] = slack.fake.wait_for("chat.postEphemeral", timeout=WAIT)
    _quiet(slack)
    # A response_url posts under the channel's last message, whatever thread the button was in.
    assert slack.fake.calls("response_url") == []
    assert note.params.get("thread_ts") == root and note.params["user"] == "U0207"
    assert [r["error_key"] for r in slack.rows()][-1] == "bad_button"


def test_a_note_for_a_button_under_a_threads_root_stays_in_the_channel(slack):
    # An answer shared in the channel whose thread people replied in: its own ts is its thread_ts, and it is
    # read in the channel, where the note goes.
    answer_ts = "1700020500.000100"
    value = json.dumps({"model": "llama-3.1-8b", "precision": "bf16"})
    message = {"type": "message", "user": "UBOT", "bot_id": "BBOT", "ts": answer_ts, "thread_ts": answer_ts,
               "reply_count": 2, "text": "", "blocks": []}  # fmt: skip
    _pressed(slack, "gpu_detail", value, message, "C0208", "U0208")
    [note] = slack.fake.wait_for("chat.postEphemeral", timeout=WAIT)
    assert "thread_ts" not in note.params and "Desempenho e custo" in _said(note)


# -- The message shortcut on a reply in a thread ----------------------------------------------------------


def _picked(slack, message: dict, user: str):
    """The message shortcut picked by `user` on `message`; the answer that came through its response_url."""
    body = sr.message_shortcut(
        message, user_id=user, channel_id=message["channel"], response_url=slack.fake.response_url("sc")
    )
    assert slack.send(body)[0] == 200
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    return answer


def test_the_shortcut_on_a_reply_where_the_app_is_not_a_member_answers_through_its_response_url(
    slack, caplog
):
    # chat.postEphemeral needs the app in the channel (https://docs.slack.dev/reference/methods/chat.postEphemeral,
    # "not_in_channel"); the response_url does not, though it posts in the channel rather than the thread.
    slack.fake.fail("chat.postEphemeral", status=200, body={"ok": False, "error": "not_in_channel"})
    reply = sr.message("e se forem 100 usuários com o qwen3 32b?", user="UEXT0701", channel="C0701",
                       ts="1700060000.000500", thread_ts="1700060000.000100")  # fmt: skip
    answer = _picked(slack, reply, "U0701")
    assert "Qwen3 32B" in _said(answer) and "100 usuários" in _said(answer)
    [tried] = slack.fake.calls("chat.postEphemeral")
    assert tried.params["thread_ts"] == "1700060000.000100" and tried.params["user"] == "U0701"
    assert [(r["surface"], r["outcome"]) for r in slack.rows()] == [("shortcut", "answered")]
    assert "ERROR" not in caplog.text


@pytest.mark.parametrize(("button", "said"), [("gpu_detail", "Desempenho e custo"), ("gpu_share", "botão")])
def test_a_note_under_the_shortcuts_answer_in_a_thread_comes_in_that_thread(slack, button, said):
    reply = sr.message("e se forem 100 usuários com o qwen3 32b?", user="UEXT0703", channel="C0703",
                       ts="1700060200.000500", thread_ts="1700060200.000100")  # fmt: skip
    slack.send(
        sr.message_shortcut(
            reply, user_id="U0703", channel_id="C0703", response_url=slack.fake.response_url()
        )
    )
    [answer] = slack.fake.wait_for("chat.postEphemeral", timeout=WAIT)
    _quiet(slack)
    # A button under an answer only its presser sees: no `message`, the container says so (and its thread).
    value = payload(answer.params) if button == "gpu_detail" else "not a workload"
    raw = sr.block_actions(button, value, user_id="U0703", channel_id="C0703", response_url=slack.fake.response_url("b"),
                           container={"type": "message", "message_ts": "1700060201.000100", "channel_id": "C0703",
                                      "is_ephemeral": True, "thread_ts": "1700060200.000100"})  # fmt: skip
    data = json.loads(parse_qs(raw)["payload"][0])
    del data["message"]
    assert slack.send(urlencode({"payload": json.dumps(data)}))[0] == 200
    note = slack.fake.wait_for("chat.postEphemeral", count=2, timeout=WAIT)[1]
    _quiet(slack)
    assert note.params["thread_ts"] == "1700060200.000100" and said in _said(note)
    assert slack.fake.calls("response_url") == []


def test_the_shortcut_on_a_threads_root_answers_through_its_response_url(slack):
    root = sr.message("llama 3.1 8b 16bit pra 20 usuários", user="UEXT0702", channel="C0702",
                      ts="1700060100.000100", thread_ts="1700060100.000100")  # fmt: skip
    answer = _picked(slack, root, "U0702")
    assert "Llama 3.1 8B" in _said(answer) and slack.fake.calls("chat.postEphemeral") == []


# -- A global shortcut ------------------------------------------------------------------------------------


def _global_shortcut(user: str, callback_id: str = "gpu_size_message") -> str:
    # The global shortcut payload (https://docs.slack.dev/reference/interaction-payloads/shortcuts-interactions-payload):
    # no message, no channel, no response_url; a trigger_id to open a view with.
    return urlencode({"payload": json.dumps({
        "type": "shortcut", "token": sr.VERIFICATION_TOKEN, "action_ts": "1700040000.000100",
        "team": {"id": "T0001", "domain": sr.TEAM_DOMAIN}, "user": {"id": user, "username": user.lower(), "team_id": "T0001"},
        "is_enterprise_install": False, "enterprise": None, "callback_id": callback_id,
        "trigger_id": "1700040000.000100.T0001.trigger",
    })})  # fmt: skip


@pytest.mark.parametrize("callback_id", ["gpu_size_message", "gpu_global"])
def test_a_global_shortcut_opens_the_form_and_its_answer_comes_as_a_direct_message(slack, callback_id):
    # The manifests declare only the message shortcut; a global one added in the app's settings (with its
    # callback or one of its own) had reached the message shortcut's listener: nothing shown, a failure logged.
    status, _, _ = slack.send(_global_shortcut("U0601", callback_id))
    assert status == 200
    [opened] = slack.fake.wait_for("views.open", timeout=WAIT)
    _quiet(slack)
    view = opened.params["view"]
    assert (
        opened.params["trigger_id"] == "1700040000.000100.T0001.trigger" and view["callback_id"] == "gpu_form"
    )
    assert slack.rows() == [] and slack.fake.calls("response_url") == []
    submitted = sr.view_submission("gpu_form", {"model": {"model": "llama 3.1 8b"}}, user_id="U0601",
                                   private_metadata=view.get("private_metadata", ""))  # fmt: skip
    assert slack.send(submitted)[0] == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert answer.params["channel"] == "U0601" and "Llama 3.1 8B" in _said(answer)
    assert [(r["surface"], r["outcome"]) for r in slack.rows()] == [("form", "answered")]


def test_a_global_shortcut_whose_form_slack_will_not_open_says_how_to_ask_in_a_direct_message(slack):
    slack.fake.fail("views.open", status=200, body={"ok": False, "error": "expired_trigger_id"})
    assert slack.send(_global_shortcut("U0602"))[0] == 200
    [told] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert told.params["channel"] == "U0602" and "O formulário não abriu" in _said(told)
    assert [(r["surface"], r["outcome"], r["error_key"]) for r in slack.rows()] == [
        ("shortcut", "failed", "slack:expired_trigger_id")
    ]


# -- A mention that led to the app's invitation -----------------------------------------------------------


def _joined(channel: str, inviter: str | None, at: str, user: str = "UBOT") -> dict:
    # member_joined_channel (https://docs.slack.dev/reference/events/member_joined_channel): Bolt hands the
    # app its own joining of this event (its other events of itself it drops).
    event = {"type": "member_joined_channel", "user": user, "channel": channel, "channel_type": "C",
             "team": "T0001", "event_ts": at}  # fmt: skip
    return {**event, "inviter": inviter} if inviter else event


def test_the_mention_that_led_to_the_apps_invitation_is_answered_once_it_joins(slack):
    # Mentioned where it is not a member, the app gets no event: Slack offers its author to invite it.
    asked = {**sr.message("<@UBOT> llama 3.1 8b 16bit pra 20 usuários", user="U0801", channel="C0801",
                          ts="1700050000.000100"), "type": "message"}  # fmt: skip
    other = sr.message("<@UBOT> mistral 7b", user="U0802", channel="C0801", ts="1700050001.000100")
    talk = sr.message("bom dia", user="U0801", channel="C0801", ts="1700050002.000100")
    history = [talk, other, asked]  # newest first, as conversations.history answers
    slack.fake.reply("conversations.history", {"messages": [
        {k: v for k, v in m.items() if k not in ("channel", "channel_type", "event_ts")} for m in history
    ]})  # fmt: skip
    joined = _joined("C0801", "U0801", "1700050010.000100")
    slack.event(joined, "EvJ1")
    slack.event(joined, "EvJ1", retry=1)  # Slack's retry: one answer
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    [read] = slack.fake.calls("conversations.history")
    assert read.params["channel"] == "C0801" and read.params["latest"] == "1700050010.000100"
    assert float(read.params["oldest"]) < 1700050000.0001
    # The inviter's question, in its thread; another person's earlier mention is not the invitation's.
    assert (answer.params["channel"], answer.params["thread_ts"]) == ("C0801", "1700050000.000100")
    assert "Llama 3.1 8B" in _said(answer) and "20 usuários" in _said(answer)
    assert [(r["surface"], r["user_id"], r["outcome"]) for r in slack.rows()] == [
        ("mention", "U0801", "answered")
    ]
    # Were Slack to deliver the mention after all, it is the same message: not answered twice.
    slack.event({**sr.app_mention(asked["text"], user="U0801", channel="C0801", ts=asked["ts"])}, "EvJ2")
    _quiet(slack)
    assert len(slack.fake.calls("chat.postMessage")) == 1


@pytest.mark.parametrize("who", ["U0803", "UBOT"], ids=["another_person_joined", "added_by_no_one"])
def test_a_join_that_no_mention_led_to_answers_nothing(slack, who):
    history = [sr.message("<@UBOT> llama 3.1 8b", user="U0804", channel="C0803", ts="1700050100.000100")]
    slack.fake.reply("conversations.history", {"messages": history})
    joined = _joined("C0803", None if who == "UBOT" else "U0804", "1700050110.000100", user=who)
    assert slack.event(joined, "EvJ3") == 200
    _quiet(slack)
    assert slack.fake.calls("chat.postMessage") == [] and slack.rows() == []


def test_the_manifests_subscribe_to_the_apps_joining():
    import yaml

    for name in ("manifest.yml", "manifest.http.yml"):
        manifest = yaml.safe_load((Path(__file__).parents[1] / "slack" / name).read_text())
        assert "member_joined_channel" in manifest["settings"]["event_subscriptions"]["bot_events"]
        # Its scopes, and the history the mention is read from (https://docs.slack.dev/reference/events/member_joined_channel).
        assert {"channels:read", "groups:read", "channels:history", "groups:history"} <= set(
            manifest["oauth_config"]["scopes"]["bot"]
        )
