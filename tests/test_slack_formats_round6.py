"""Requests shaped as Slack documents them, sixth round: files sent to the app with no words, interaction
payloads whose private_metadata or button value the app did not write, and channels shared with another
organisation (or no longer) after the app last asked Slack about them. Signed requests into the real app on
loopback, FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import slack_requests as sr
from .slack_harness import database, ephemeral, payload, text_of
from .test_slack_formats_round3 import WAIT, _quiet, _said
from .test_slack_formats_round5 import _answered_in_thread, _pressed

# -- Files with no words ----------------------------------------------------------------------------------


def _with_files(message: dict, text: str = "") -> dict:
    # A file uploaded with nothing typed (https://docs.slack.dev/reference/events/message/file_share; the file
    # object as bolt-python's tests/scenario_tests/test_message_file_share.py has it): the file_share
    # subtype, `upload`, the files, an empty `text` and no rich_text to read.
    files = [{"id": "F0601", "name": "modelo.png", "title": "modelo.png", "mimetype": "image/png",
              "filetype": "png", "pretty_type": "PNG", "user": message["user"], "mode": "hosted"}]  # fmt: skip
    out = {**message, "text": text, "files": files, "upload": True, "display_as_bot": False}
    if message["type"] == "message":
        out["subtype"] = "file_share"
    if not text:
        out.pop("blocks", None)
    return out


@pytest.mark.parametrize(
    ("user", "said"),
    [("U0601", "Não leio arquivos nem imagens"), ("UEN0601", "I don't read files or images"),
     ("UPT0601", "Não leio ficheiros nem imagens")],
)  # fmt: skip
def test_a_file_sent_alone_in_a_direct_message_is_told_the_app_reads_text(slack, user, said):
    asked = sr.message("", user=user, channel=f"D{user}", channel_type="im", ts="1700090000.000100")
    slack.event(_with_files(asked), "EvV1")
    slack.event(_with_files(asked), "EvV1", retry=1)  # Slack's retry: one reply
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had been how to ask alone, as if nothing had been sent.
    assert _said(reply).startswith(said) and "/gpu 70b 4bit 32k 10" in _said(reply)
    assert said in reply.params["text"]
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert [(r["surface"], r["outcome"]) for r in slack.rows()] == [("dm", "needs_input")]


def test_a_mention_with_a_screenshot_and_no_words_is_told_the_app_reads_text(slack):
    root = "1700090100.000100"
    asked = _with_files(sr.app_mention("<@UBOT>", user="U0602", channel="C0602", ts=root), "<@UBOT>")
    slack.event(asked, "EvV2")
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert reply.params["thread_ts"] == root and _said(reply).startswith("Não leio arquivos nem imagens")
    assert [(r["surface"], r["outcome"]) for r in slack.rows()] == [("mention", "needs_input")]


def test_a_file_sent_alone_after_an_answer_in_a_direct_message_is_told_the_same(slack):
    slack.event(sr.message("llama 3.1 8b 16bit", user="U0603", channel="DU0603", channel_type="im",
                           ts="1700090200.000100"), "EvV3")  # fmt: skip
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    later = sr.message("", user="U0603", channel="DU0603", channel_type="im", ts="1700090210.000100")
    slack.event(_with_files(later), "EvV4")
    reply = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)[1]
    _quiet(slack)
    assert _said(reply).startswith("Não leio arquivos nem imagens")


def test_a_file_sent_with_a_question_is_answered_without_a_word_about_the_file(slack):
    asked = sr.message("", user="U0604", channel="DU0604", channel_type="im", ts="1700090300.000100")
    slack.event(_with_files(asked, "llama 3.1 8b 16bit pra 10 usuários"), "EvV5")
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(reply) and "Não leio" not in _said(reply)


# -- What the app did not write in its own payloads -------------------------------------------------------

# Slack keeps a view's private_metadata (at most 3,000 characters) and a button's value (2,000) as the app set
# them (https://docs.slack.dev/reference/views, https://docs.slack.dev/reference/block-kit/block-elements/button-element);
# one nested deeper than Python's JSON parser recurses reaches it only corrupted or forged, and had failed the
# listener: a form submitted and closed with no answer, a button that said nothing.
DEEP_METADATA = "[" * 2999
DEEP_VALUE = "[" * 1999


@pytest.mark.parametrize(
    "metadata",
    [DEEP_METADATA, json.dumps({"channel_id": ["C0605"], "response_url": {"url": "x"}, "manager": True})],
    ids=["nested_too_deep", "fields_of_other_types"],
)
def test_a_form_whose_private_metadata_the_app_did_not_write_answers_its_submitter_alone(
    priced, slack, metadata
):
    raw = sr.view_submission(
        "gpu_form", {"model": {"model": "llama 3.1 8b"}}, user_id="UEXT0605", private_metadata=metadata
    )
    assert slack.send(raw)[0] == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # As a direct message to whoever submitted it, and read for them: a customer is shown no prices.
    assert answer.params["channel"] == "UEXT0605" and "Llama 3.1 8B" in _said(answer)
    assert "Preço" not in _said(answer) and slack.fake.calls("response_url") == []
    assert [(r["surface"], r["outcome"], r["user_external"]) for r in slack.rows()] == [
        ("form", "answered", 1)
    ]


@pytest.mark.parametrize("button", ["gpu_detail", "gpu_precision_8", "gpu_proposal"])
def test_a_button_whose_value_nests_too_deep_gets_the_polite_line(slack, button, caplog):
    raw = sr.block_actions(button, DEEP_VALUE, user_id="U0606", channel_id="C0606",
                           response_url=slack.fake.response_url("deep"))  # fmt: skip
    assert slack.send(raw)[0] == 200
    [note] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    assert "botão" in _said(note) and note.params.get("replace_original") is False
    assert [(r["surface"], r["error_key"]) for r in slack.rows()] == [("button", "bad_button")]
    assert "listener failed" not in caplog.text


# -- A note under an answer in a conversation the app was removed from -----------------------------------


@pytest.mark.parametrize("error", ["not_in_channel", "channel_not_found"])
@pytest.mark.parametrize(
    ("stale", "said"), [(False, "Desempenho e custo"), (True, "botão")], ids=["detail", "stale"]
)
def test_a_note_under_an_answer_in_a_channel_the_app_left_comes_through_the_response_url(
    slack, error, stale, said, caplog
):
    # chat.postEphemeral needs the app in the conversation (https://docs.slack.dev/reference/methods/chat.postEphemeral):
    # removed from a channel (or a private one it can no longer see) after answering in a thread there, the
    # note a button under that answer shows had gone nowhere. The payload's response_url still reaches the presser.
    asked = sr.app_mention(
        "<@UBOT> llama 3.1 8b 16bit", user="U0720", channel="C0720", ts="1700092000.000100"
    )
    answer, message = _answered_in_thread(slack, asked, "1700092001.000100", "EvV20")
    slack.fake.fail("chat.postEphemeral", status=200, body={"ok": False, "error": error})
    value = '{"modelo": "formato antigo"}' if stale else payload(answer.params)
    _pressed(slack, "gpu_detail", value, message, "C0720", "U0720")
    [note] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    assert said in _said(note) and note.params.get("replace_original") is False
    assert note.params.get("response_type") == "ephemeral"
    assert (
        len(slack.fake.calls("chat.postEphemeral")) == 1
        and f"chat.postEphemeral failed: {error}" in caplog.text
    )


@pytest.mark.parametrize("error", ["channel_not_found", "cant_update_message"])
def test_a_precision_switched_where_the_answer_cannot_be_redrawn_comes_to_its_presser(slack, error, caplog):
    # chat.update refuses a conversation the app was removed from, or a message that is not the app's own
    # (https://docs.slack.dev/reference/methods/chat.update): the switched answer had gone nowhere.
    asked = sr.app_mention(
        "<@UBOT> llama 3.1 8b 16bit", user="U0721", channel="C0721", ts="1700092100.000100"
    )
    answer, message = _answered_in_thread(slack, asked, "1700092101.000100", "EvV21")
    slack.fake.fail("chat.update", status=200, body={"ok": False, "error": error})
    _pressed(slack, "gpu_precision_8", payload(answer.params), message, "C0721", "U0721")
    [switched] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    assert "FP8" in _said(switched) and "Llama 3.1 8B" in _said(switched)
    assert (
        switched.params.get("response_type") == "ephemeral"
        and switched.params.get("replace_original") is False
    )
    assert len(slack.fake.calls("chat.update")) == 1 and f"chat.update failed: {error}" in caplog.text


# -- The envelope of an event from another organisation in a Slack Connect channel ------------------------


def _from_elsewhere(event: dict, event_id: str, **envelope) -> str:
    """The envelope of an event another organisation's workspace (T9999, in E9999) sent: ours (T0001) only in
    its authorizations."""
    body = json.loads(sr.event(event, event_id))
    body.update(team_id="T9999", enterprise_id="E9999", context_team_id="T9999", **envelope)
    assert body["authorizations"][0]["team_id"] == "T0001"
    return json.dumps(body)


def test_a_customers_mention_in_a_slack_connect_channel_is_filed_under_the_installation(priced, slack):
    # In a shared channel the envelope's team_id and enterprise_id name the workspace the event came from
    # (the customer's), authorizations the installation (bolt-python's
    # tests/scenario_tests/test_events_shared_channels.py; https://docs.slack.dev/apis/events-api).
    asked = {**sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="UEXT0730", channel="CEXT0730",
                              ts="1700093000.000100"), "team": "T9999", "user_team": "T9999", "source_team": "T9999"}  # fmt: skip
    assert slack.send(_from_elsewhere(asked, "EvV30", is_ext_shared_channel=True))[0] == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert answer.params["thread_ts"] == "1700093000.000100" and "Preço" not in _said(answer)
    # It had been filed under the customer's own workspace.
    assert [(r["surface"], r["team_id"], r["user_external"]) for r in slack.rows()] == [
        ("mention", "T0001", 1)
    ]


def test_a_customer_in_a_slack_connect_channel_is_external_even_when_users_info_vouches(priced, slack):
    # users.info answered for someone of ours, the payload naming the author's workspace as the customer's:
    # a doubt, and a doubt is external (bot/directory.py). With the envelope's team_id (the customer's) read
    # as the workspace the event came for, the author's own had looked like it, and our prices were posted.
    slack.fake.reply(
        "users.info",
        lambda p: {"user": {"id": p["user"], "team_id": "T0001", "name": "ana", "locale": "pt-BR"}},
    )
    asked = {**sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="U0731", channel="C0731", ts="1700093100.000100"),
             "team": "T9999", "user_team": "T9999"}  # fmt: skip
    assert slack.send(_from_elsewhere(asked, "EvV31"))[0] == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(answer) and "Preço" not in _said(answer)
    assert [(r["team_id"], r["user_external"]) for r in slack.rows()] == [("T0001", 1)]


# -- A channel shared with another organisation since the app last asked ----------------------------------


def _sharing(fake, channel: str) -> dict:
    """conversations.info for `channel` says it is Slack Connect once the returned state says so
    (https://docs.slack.dev/reference/objects/conversation-object, is_ext_shared)."""
    state = {"shared": False}

    def info(p: dict) -> dict:
        shared = p["channel"] == channel and state["shared"]
        return {
            "channel": {"id": p["channel"], "is_channel": True, "is_shared": shared, "is_ext_shared": shared}
        }

    fake.reply("conversations.info", info)
    return state


def test_share_in_a_channel_turned_slack_connect_since_posts_no_prices(priced, slack):
    state = _sharing(slack.fake, "C0710")
    answer = slack.answer("llama 3.1 8b 16bit", user_id="U0710", channel_id="C0710")
    assert "Preço" in _said_of(answer)  # staff, in a channel of our own
    # The channel is shared with a customer; Slack's channel_shared went to another worker, or was missed.
    state["shared"] = True
    raw = sr.block_actions("gpu_share", payload(answer), user_id="U0710", channel_id="C0710",
                           response_url=slack.fake.response_url("share"), container=ephemeral("C0710"))  # fmt: skip
    assert slack.send(raw)[0] == 200
    [posted] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had trusted what Slack said up to an hour before: our prices, posted for the customer to read.
    assert posted.params["channel"] == "C0710" and "Llama 3.1 8B" in _said(posted)
    assert "Preço" not in _said(posted)


def test_a_precision_switched_under_an_answer_in_a_channel_turned_slack_connect_shows_no_prices(
    priced, slack
):
    state = _sharing(slack.fake, "C0711")
    asked = sr.app_mention(
        "<@UBOT> llama 3.1 8b 16bit", user="U0711", channel="C0711", ts="1700091100.000100"
    )
    answer, message = _answered_in_thread(slack, asked, "1700091101.000100", "EvV11")
    assert "Preço" in _said(answer)
    state["shared"] = True
    raw = sr.block_actions("gpu_precision_8", payload(answer.params), user_id="U0711", channel_id="C0711",
                           message=message, response_url=slack.fake.response_url("switch"))  # fmt: skip
    assert slack.send(raw)[0] == 200
    [updated] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    # Redrawn in place, for everyone in the channel: the other organisation's people among them.
    assert "FP8" in _said(updated) and "Preço" not in _said(updated)


def _lead(slack, question: str, user: str) -> None:
    answer = slack.answer(question, user_id=user, channel_id="C0712")
    told = len(slack.fake.calls("response_url"))
    raw = sr.block_actions("gpu_proposal", payload(answer), user_id=user, channel_id="C0712",
                           response_url=slack.fake.response_url(f"lead-{user}"), container=ephemeral("C0712"))  # fmt: skip
    assert slack.send(raw)[0] == 200
    slack.fake.wait_for("response_url", count=told + 1, timeout=WAIT)  # told it went to sales
    slack.settle(WAIT)
    slack.log.flush()  # the lead is written: its card is on its way now
    slack.services.desk.wait()


def _cards(slack) -> list:
    return [c for c in slack.fake.calls("chat.postMessage") if c.params["channel"] == "CSALES01"]


def test_a_sales_channel_slack_says_was_shared_gets_no_card_until_it_says_unshared(slack):
    state = _sharing(slack.fake, "CSALES01")
    _lead(slack, "70b 8bit 10 users", "U0712")
    assert len(_cards(slack)) == 1
    # https://docs.slack.dev/reference/events/channel_shared: another organisation joined the sales channel.
    state["shared"] = True
    shared = {"type": "channel_shared", "connected_team_id": "E163Q94DX", "channel": "CSALES01",
              "event_ts": "1700091200.000100"}  # fmt: skip
    assert slack.event(shared, "EvV12") == 200
    _lead(slack, "qwen3 32b fp8 20 usuários", "U0713")
    # A card names a customer and what they asked: it had gone to the other organisation's eyes.
    assert len(_cards(slack)) == 1
    waiting = database(slack).execute("select count(*) from leads where card_ts is null").fetchone()[0]
    assert waiting == 1
    # https://docs.slack.dev/reference/events/channel_unshared: the channel is ours again, the card goes.
    state["shared"] = False
    unshared = {"type": "channel_unshared", "previously_connected_team_id": "E163Q94DX", "channel": "CSALES01",
                "is_ext_shared": False, "event_ts": "1700091300.000100"}  # fmt: skip
    assert slack.event(unshared, "EvV13") == 200
    assert slack.services.desk.sweep() == 1
    assert len(_cards(slack)) == 2


def test_a_sales_channel_shared_since_the_last_card_is_asked_again_before_the_next(slack, monkeypatch):
    # No channel_shared reached this worker (another got it): a card asks Slack again once what it said is
    # CARD_SHARED_AGE_S old, which the test makes at once.
    import bot.app

    monkeypatch.setattr(bot.app, "CARD_SHARED_AGE_S", 0.0)
    state = _sharing(slack.fake, "CSALES01")
    _lead(slack, "70b 8bit 10 users", "U0714")
    assert len(_cards(slack)) == 1
    state["shared"] = True
    _lead(slack, "qwen3 32b fp8 20 usuários", "U0715")
    assert len(_cards(slack)) == 1


def test_the_manifests_subscribe_to_channels_shared_and_unshared():
    import yaml

    for name in ("manifest.yml", "manifest.http.yml"):
        manifest = yaml.safe_load((Path(__file__).parents[1] / "slack" / name).read_text())
        assert {"channel_shared", "channel_unshared"} <= set(
            manifest["settings"]["event_subscriptions"]["bot_events"]
        )
        # Both events need one of these (https://docs.slack.dev/reference/events/channel_shared).
        assert {"channels:read", "groups:read"} <= set(manifest["oauth_config"]["scopes"]["bot"])


def _said_of(reply: dict) -> str:
    return text_of(reply.get("blocks") or []) or reply.get("text", "")
