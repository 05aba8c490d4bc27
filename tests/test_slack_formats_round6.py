"""Requests shaped as Slack documents them, sixth round: files sent to the app with no words, and interaction
payloads whose private_metadata or button value the app did not write. Signed requests into the real app on
loopback, FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import json

import pytest

from . import slack_requests as sr
from .test_slack_formats_round3 import WAIT, _quiet, _said

# -- Files with no words ----------------------------------------------------------------------------------


def _with_files(message: dict, text: str = "") -> dict:
    # A file uploaded with nothing typed (https://docs.slack.dev/reference/events/message/file_share): the
    # file_share subtype, `upload`, the files, an empty `text` and no rich_text to read.
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
