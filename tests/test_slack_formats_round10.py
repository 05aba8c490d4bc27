"""Requests shaped as Slack documents them, tenth round: an e-mail longer than what is read of it says so, a
CSV's header row is no word of the question, and more of the payload shapes of Slack's docs. Signed requests
into the real app on loopback, FakeSlack for the Web API, a real SQLite request log, Block Kit validated."""

from __future__ import annotations

import pytest

from . import slack_requests as sr
from .slack_harness import text_of
from .test_slack_formats_round3 import WAIT, _quiet, _said
from .test_slack_formats_round8 import _emailed
from .test_slack_formats_round9 import _shared, _snippet

# -- An e-mail read in part ------------------------------------------------------------------------------------

# A signature, a disclaimer and the thread quoted below the request: an e-mail's whole body comes in
# `plain_text` (the file object, https://docs.slack.dev/reference/objects/file-object), past the first 2,000
# characters read of it.
_FOOTER = "\n\n--\nMaria Silva\nDepartamento de Tecnologia\n" + "Esta mensagem é confidencial. " * 120


def _long_email(ts: str, body: str) -> dict:
    emailed = _emailed(ts)
    emailed["files"][0]["plain_text"] = body
    return emailed


def _shortcut(slack, message: dict, name: str) -> str:
    count = len(slack.fake.calls("response_url")) + 1
    slack.send(sr.message_shortcut(message, user_id="U1001", response_url=slack.fake.response_url(name)))
    answer = slack.fake.wait_for("response_url", count, timeout=WAIT)[-1]
    _quiet(slack)
    return _said(answer)


def test_a_long_emails_answer_says_only_its_beginning_was_read(slack):
    # It had been sized from its first 2,000 characters without a word of the rest, as if the e-mail ended
    # there: a request further down would have been dropped silently.
    body = "Bom dia,\n\nPrecisamos servir o llama 3.1 70b para 50 usuários.\n" + _FOOTER
    assert len(body) > 2000
    said = _shortcut(slack, _long_email("1700300000.000100", body), "long")
    assert said.startswith("Li só os primeiros 2.000 caracteres do e-mail")
    assert "Llama 3.1 70B" in said and "50 usuários" in said


def test_a_short_emails_answer_has_no_such_note(slack):
    said = _shortcut(slack, _emailed("1700300100.000100"), "short")
    assert "Llama 3.1 70B" in said and "primeiros" not in said and "caracteres" not in said


def test_an_english_long_email_is_told_in_english(slack):
    body = "Hi team,\n\nWe need to serve llama 3.1 70b for 50 users. What do you suggest?\n" + (
        "\n\n--\nThis e-mail is confidential and intended only for its recipient. " * 40
    )
    said = _shortcut(slack, _long_email("1700300200.000100", body), "english")
    assert said.startswith("I read only the first 2,000 characters of the e-mail")
    assert "Llama 3.1 70B" in said and "50 users" in said


def test_a_long_email_shared_in_a_direct_message_says_so_too(slack):
    # The e-mail's file shared with the app in a direct message (a file_share,
    # https://docs.slack.dev/reference/events/message/file_share).
    email = _long_email("1700300300.000100", "llama 3.1 8b bf16 para 10 usuários\n" + _FOOTER)["files"][0]
    assert slack.event(_shared("", email, "1700300300.000100"), "EvS10mail") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert said.startswith("Li só os primeiros 2.000 caracteres do e-mail")
    assert "Llama 3.1 8B" in said and "10 usuários" in said


def test_a_mention_under_a_long_email_says_only_its_beginning_was_read(slack):
    # An e-mail sent to a channel's address, "@gpu-sizer" in its thread: the thread's first message
    # (conversations.replies) holds the question, and its answer says what of it was read, as the shortcut's.
    from .test_slack_formats_round8 import _mentioned_under

    body = "Bom dia,\n\nPrecisamos servir o llama 3.1 70b para 50 usuários.\n" + _FOOTER
    root = {**_long_email("1700300800.000100", body), "channel": "C1010", "thread_ts": "1700300800.000100"}
    said = _said(_mentioned_under(slack, root, "C1010", "EvS10under"))
    assert said.startswith("Li só os primeiros 2.000 caracteres do e-mail")
    assert "Llama 3.1 70B" in said and "50 usuários" in said


def test_a_mention_under_a_long_snippet_says_the_rest_was_not_read(slack):
    from .test_slack_formats_round8 import _mentioned_under

    file = _snippet("qwen3 32b fp8\n20 usuários", lines=40, lines_more=38)
    root = {**_shared("", file, "1700300900.000100"), "channel": "C1011", "thread_ts": "1700300900.000100"}
    said = _said(_mentioned_under(slack, root, "C1011", "EvS10snip"))
    assert said.startswith("Li só as primeiras linhas do trecho anexado")
    assert "Qwen3 32B" in said and "20 usuários" in said


def test_a_mention_asking_its_own_question_under_a_long_email_has_no_note(slack):
    # The mention's own question is answered, not the e-mail: nothing of it was left unread.
    body = "Bom dia,\n\nPrecisamos servir o llama 3.1 70b para 50 usuários.\n" + _FOOTER
    root = {**_long_email("1700301000.000100", body), "channel": "C1012", "thread_ts": "1700301000.000100"}
    slack.fake.reply("conversations.replies", {"messages": [root]})
    asked = sr.app_mention("<@UBOT> mistral 7b 16bit pra 5 usuários", user="U1012", channel="C1012",
                           ts="1700301010.000100", thread_ts=root["ts"])  # fmt: skip
    assert slack.event(asked, "EvS10own") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Mistral 7B" in said and "e-mail" not in said


@pytest.mark.parametrize("where", ["command", "dm", "mention"])
def test_a_link_to_a_long_email_says_only_its_beginning_was_read(slack, where):
    # "quanto precisa pra isso? <link to the e-mail's message>": the linked message is read
    # (conversations.replies), its e-mail as far as it is read, and its answer says so wherever it is asked.
    from .test_slack_formats_round9 import _served, asked_with_link

    body = "Bom dia,\n\nPrecisamos servir o llama 3.1 70b para 50 usuários.\n" + _FOOTER
    said = asked_with_link(slack, where, _served(slack, _long_email("1700301100.000100", body)), "10")
    assert said.startswith("Li só os primeiros 2.000 caracteres do e-mail")
    assert "Llama 3.1 70B" in said and "50 usuários" in said


def test_a_link_to_a_short_email_has_no_note(slack):
    from .test_slack_formats_round9 import _served

    link = _served(slack, _emailed("1700301200.000100"))
    said = text_of(slack.answer(f"quanto precisa pra isso? <{link}>")["blocks"])
    assert "Llama 3.1 70B" in said and "caracteres do e-mail" not in said


# -- A CSV's header row -----------------------------------------------------------------------------------------


def _csv(preview: str, **fields) -> dict:
    # A CSV file uploaded (filetype "csv", its first lines in `preview`, as a snippet's), or a snippet typed as
    # CSV (mode "snippet").
    return {"id": "F0CSV001", "name": "pedido.csv", "title": "pedido", "filetype": "csv", "mimetype": "text/csv",
            "mode": "hosted", "preview": preview, "lines": preview.count("\n") + 1, "lines_more": 0, **fields}  # fmt: skip


def _dm_answer(slack, file: dict, ts: str, event_id: str) -> tuple[str, dict]:
    count = len(slack.fake.calls("chat.postMessage")) + 1
    assert slack.event(_shared("", file, ts), event_id) == 200
    answer = slack.fake.wait_for("chat.postMessage", count, timeout=WAIT)[-1]
    _quiet(slack)
    return _said(answer), slack.rows()[-1]


@pytest.mark.parametrize(
    ("header", "rows", "fields"),
    [
        ("modelo,usuarios,custo", "qwen3 32b fp8,20 usuários,sim", {}),
        ("Modelo;Usuários;Valor", "llama 3.1 70b;50 usuários;", {"filetype": "text", "name": "export.CSV"}),
        ("modelo\tusuarios", "mistral 7b 16bit\t5 usuários", {"filetype": "tsv", "name": "pedido.tsv"}),
        ("modelo,usuarios", "qwen3 32b fp8,20 usuários", {"mode": "snippet", "name": "pedido"}),
    ],
    ids=["csv", "semicolons", "tsv", "snippet"],
)
def test_a_csvs_header_row_is_no_word_of_the_question(slack, header, rows, fields):
    # The first row names the columns: "custo" or "Valor" in it had asked a cost nobody asked for, and its
    # names were noted as not understood ("Não entendi: “modelo,usuarios”").
    headed, row = _dm_answer(slack, _csv(f"{header}\n{rows}", **fields), "1700300400.000100", "EvS10h")
    bare, bare_row = _dm_answer(slack, _csv(rows, **fields), "1700300500.000100", "EvS10b")
    assert headed == bare and "Não entendi" not in headed
    assert row["text"] == bare_row["text"] and header.split(",")[0].split(";")[0] not in row["text"]


def test_a_headerless_key_value_csv_keeps_its_first_row(slack):
    # "modelo,llama 3.1 70b" names the model in its first row: it is a row, not a header.
    said, row = _dm_answer(slack, _csv("modelo,llama 3.1 70b\nusuários,50"), "1700300600.000100", "EvS10kv")
    assert "Llama 3.1 70B" in said and "50 usuários" in said
    assert "llama 3.1 70b" in row["text"]


def test_a_csv_with_a_single_row_is_read_whole(slack):
    said, _ = _dm_answer(slack, _csv("qwen3 32b fp8,20 usuários"), "1700300700.000100", "EvS10one")
    assert "Qwen3 32B" in said and "20 usuários" in said


# -- Lists as Slack writes them in `text` -----------------------------------------------------------------------

# Slack's `text` for a list typed in its editor (what a message's notification, a forwarded message's
# attachment and a text-only client carry; its blocks hold a rich_text_list, indent 0 to 2,
# https://docs.slack.dev/reference/block-kit/blocks/rich-text-block): a level every four spaces, bullets "•",
# "◦", then "▪" with U+FE0E, numbers, then letters, then roman numerals (as Slack-to-markdown converters'
# tests of real messages show: "1. with ordered\n    a. here\n        i. and now\n        ii. and this").
NESTED = {
    "bullets": "Segue o pedido:\n• llama 3.1 70b\n    ◦ 50 usuários\n        ▪\ufe0e contexto 8k\n        ▪\ufe0e fp8",
    "ordered": "Segue o pedido:\n1. llama 3.1 70b\n2. produção\n    a. 50 usuários\n        i. contexto 8k\n        ii. fp8",
}


@pytest.mark.parametrize("listed", list(NESTED.values()), ids=list(NESTED))
def test_a_forwarded_nested_list_reads_as_its_lines(slack, listed):
    # A customer's message forwarded into the app's DM, its words only in the attachment's `text`: "ii" had
    # been noted as not understood, and U+FE0E left in the question the log keeps.
    from .test_slack_formats import _forwarded

    def asked(text: str, ts: str, event_id: str) -> tuple[str, dict]:
        count = len(slack.fake.calls("chat.postMessage")) + 1
        event = {**sr.message("", user="U1020", channel="DU1020", channel_type="im", ts=ts),
                 "attachments": [_forwarded(text)]}  # fmt: skip
        assert slack.event(event, event_id) == 200
        answer = slack.fake.wait_for("chat.postMessage", count, timeout=WAIT)[-1]
        _quiet(slack)
        return _said(answer), slack.rows()[-1]

    said, row = asked(listed, "1700302000.000100", "EvS10list")
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "FP8" in said and "Não entendi" not in said
    assert "\ufe0e" not in row["text"] and "ii." not in row["text"]
