"""Requests shaped as Slack documents them, ninth round: a link to another bot's card (a CRM's, a
workflow's) told from a link to one of the app's own answers; a card's title beside the request its fields
hold; snippets whose text Slack sends in the event. Signed requests into the real app on loopback, FakeSlack
for the Web API, a real SQLite request log."""

from __future__ import annotations

import pytest

from . import slack_requests as sr
from .slack_harness import text_of
from .test_slack_formats_round3 import WAIT, _quiet, _said
from .test_slack_formats_round8 import CARDS, _card, _section

# -- A link to another bot's card --------------------------------------------------------------------------


def _served(slack, message: dict) -> str:
    """`message` as conversations.replies returns it in the public channel C0901; a permalink to it
    (https://docs.slack.dev/reference/methods/chat.getPermalink)."""
    ts = message["ts"]
    slack.fake.reply("conversations.replies", lambda p: {"messages": [message] if p.get("ts") == ts else []})
    slack.fake.reply(
        "conversations.info", {"channel": {"id": "C0901", "is_channel": True, "is_private": False}}
    )
    return f"https://nossanuvem.slack.com/archives/C0901/p{ts.replace('.', '')}"


def asked_with_link(slack, where: str, link: str, tag: str) -> str:
    """What the app answers to "quanto precisa pra isso? <link>" asked by /gpu ("command"), in a direct message
    ("dm") or in a mention ("mention"); `tag` keeps each test's channels, user and event ids its own."""
    text = f"quanto precisa pra isso? <{link}>"
    if where == "command":
        said = text_of(slack.answer(text)["blocks"])
    else:
        event = (
            sr.app_mention(f"<@UBOT> {text}", channel=f"C{tag}02")
            if where == "mention"
            else sr.message(text, channel=f"DU{tag}01", channel_type="im", user=f"U{tag}01")
        )
        assert slack.event(event, f"EvLink{tag}{where}") == 200
        [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
        said = _said(answer)
    _quiet(slack)
    return said


_CRM_CARD = {**CARDS["section_under_a_summary"], "ts": "1700200000.000100"}


@pytest.mark.parametrize("where", ["mention", "dm", "command"])
def test_a_link_to_another_bots_card_is_read_as_that_card(slack, where):
    # "quanto precisa pra isso? <link to the CRM's card>": every bot's post had been taken for one of the
    # app's own answers and left unread ("Não entendi o pedido").
    said = asked_with_link(slack, where, _served(slack, _CRM_CARD), "09")
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "llama 3.1 70b" in row["text"]


def test_a_link_to_the_apps_own_answer_posted_as_its_app_is_still_no_question(slack):
    # The app's answer as another installation's copy of Slack may return it: its bot user and app named,
    # no bot_id this test's app knows. It is no customer's question.
    answer = {"type": "message", "user": sr.BOT_USER_ID, "bot_profile": {"id": "B0ELSE", "app_id": sr.APP_ID},
              "text": "Llama 3.1 70B · 50 usuários", "ts": "1700200100.000100"}  # fmt: skip
    link = _served(slack, answer)
    assert slack.event(sr.app_mention(f"<@UBOT> e em 4 bits? <{link}>", channel="C0903"), "EvS9own") == 200
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 70B" not in _said(reply)


# -- A card's title beside its request ---------------------------------------------------------------------

TITLED = {
    "text_over_an_attachment": CARDS["attachment_under_its_text"],
    "pretext_and_title": _card(
        "",
        attachments=[
            {
                "id": 1,
                "pretext": "Novo ticket aberto",
                "title": "Cliente Acme Ltda",
                "text": "llama 3.1 70b para 50 usuários",
            }
        ],
    ),
    "owner_field": _card(
        "Novo pedido",
        [
            {
                "type": "section",
                "fields": [
                    {"type": "mrkdwn", "text": "*Modelo*\nllama 3.1 70b"},
                    {"type": "mrkdwn", "text": "*Usuários*\n50"},
                    {"type": "mrkdwn", "text": "*Responsável*\nAna Souza"},
                ],
            }
        ],
    ),
}


@pytest.mark.parametrize("card", list(TITLED.values()), ids=list(TITLED))
def test_a_cards_title_is_not_noted_as_not_understood(slack, card):
    # "Novo ticket de cliente" over the ticket's own words had been answered with the sizing and
    # "Não entendi: “Novo”, “ticket”".
    slack.send(sr.message_shortcut(card, user_id="U0910", response_url=slack.fake.response_url("titled")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "llama 3.1 70b" in row["text"]


def test_a_card_that_asks_nothing_still_says_what_was_not_understood(slack):
    card = _card(
        "Novo ticket de cliente", attachments=[{"id": 1, "title": "Ticket #42", "text": "Cliente Acme"}]
    )
    slack.send(sr.message_shortcut(card, user_id="U0911", response_url=slack.fake.response_url("nothing")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Não entendi" in said and "Novo" in said and "Acme" in said


# -- Snippets ----------------------------------------------------------------------------------------------


def _snippet(preview: str | None, **fields) -> dict:
    # A snippet as a file_share carries it (the file object, https://docs.slack.dev/reference/objects/file-object):
    # mode "snippet", its first lines in `preview`, the lines not shown counted in `lines_more`.
    file = {"id": "F0SNIP01", "name": "pedido.txt", "title": "pedido", "mimetype": "text/plain", "filetype": "text",
            "pretty_type": "Texto simples", "user": "U0920", "mode": "snippet", "editable": True,
            "is_external": False, "lines": 3, "lines_more": 0, "preview_is_truncated": False, **fields}  # fmt: skip
    if preview is not None:
        file["preview"] = preview
    return file


def _shared(text: str, file: dict, ts: str) -> dict:
    return {**sr.message(text, user="U0920", channel="DU0920", channel_type="im", ts=ts),
            "subtype": "file_share", "files": [file], "upload": False, "display_as_bot": False}  # fmt: skip


def test_a_snippet_sent_to_the_app_is_read_as_the_question(slack):
    asked = _shared(
        "", _snippet("Cliente: Acme\nModelo: qwen3 32b fp8\n20 usuários, contexto 16k"), "1700200200.000100"
    )
    assert slack.event(asked, "EvS9snip") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had been "Não leio arquivos nem imagens": the snippet's words were in the event all along.
    said = _said(answer)
    assert "Qwen3 32B" in said and "20 usuários" in said and "Não leio arquivos" not in said
    [row] = slack.rows()
    assert "qwen3 32b" in row["text"] and row["outcome"] == "answered"


def test_a_snippet_under_a_comment_is_read_with_it(slack):
    asked = _shared(
        "quanto precisa pra isso?", _snippet("llama 3.1 8b bf16\n10 usuários"), "1700200300.000100"
    )
    assert slack.event(asked, "EvS9comment") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 8B" in said and "10 usuários" in said


def test_the_shortcut_on_a_snippet_sizes_it(slack):
    message = {**_shared("", _snippet("mistral 7b 16bit pra 5 usuários"), "1700200400.000100")}
    slack.send(sr.message_shortcut(message, user_id="U0921", response_url=slack.fake.response_url("snip")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Mistral 7B" in said and "5 usuários" in said and "não tem texto" not in said


def test_a_snippet_slack_sent_without_its_text_is_said_to_be_unread(slack):
    # A file Slack sends with file_access "check_file_info" comes without its preview: the app, holding no
    # files:read scope, says it reads only the message's text, as for an image.
    file = {"id": "F0SNIP02", "mode": "snippet", "file_access": "check_file_info"}
    assert slack.event(_shared("", file, "1700200500.000100"), "EvS9hidden") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Não leio arquivos nem imagens" in _said(answer)


def test_a_code_snippet_with_its_launch_line_is_read(slack):
    # A snippet of a shell command (filetype "shell"): its preview is sent as well.
    file = _snippet("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 32768", filetype="shell")
    assert slack.event(_shared("isso cabe numa L40S?", file, "1700200600.000100"), "EvS9shell") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 8B" in said and "Não leio arquivos" not in said


def test_a_section_of_a_card_still_reads_after_its_fields(slack):
    card = _card(
        "Pedido",
        [
            _section("llama 3.1 70b"),
            {"type": "section", "fields": [{"type": "mrkdwn", "text": "*Usuários*\n50"}]},
        ],
    )
    slack.send(sr.message_shortcut(card, user_id="U0912", response_url=slack.fake.response_url("fields")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 70B" in _said(answer) and "50 usuários" in _said(answer)


def test_a_snippet_longer_than_slack_sends_is_answered_saying_the_rest_was_not_read(slack):
    # Slack sends a snippet's first lines in `preview` and counts the others in `lines_more`: the answer
    # sizes what came and says plainly that the rest did not.
    file = _snippet("llama 3.1 70b fp8\n40 usuários", lines=30, lines_more=28, preview_is_truncated=True)
    assert slack.event(_shared("", file, "1700200700.000100"), "EvS9cut") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert said.startswith("Li só as primeiras linhas do trecho anexado") and "Llama 3.1 70B" in said
    assert "40 usuários" in said


def test_the_shortcut_on_a_long_snippet_says_the_rest_was_not_read(slack):
    file = _snippet("mistral 7b 16bit pra 5 usuários", lines=12, lines_more=11)
    message = _shared("", file, "1700200800.000100")
    slack.send(sr.message_shortcut(message, user_id="U0922", response_url=slack.fake.response_url("cut")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert said.startswith("Li só as primeiras linhas") and "Mistral 7B" in said


# -- More of Slack's formats -------------------------------------------------------------------------------


def test_a_cards_request_in_legacy_attachment_fields_is_sized(slack):
    # A CRM's or a Zapier step's card: the request in the attachment's fields, title over value
    # (https://docs.slack.dev/legacy/legacy-messaging/legacy-secondary-message-attachments, "fields"), beside
    # its metadata. It had been "Não entendi o pedido: “Novo”".
    fields = [{"title": "Modelo", "value": "llama 3.1 70b", "short": True},
              {"title": "Usuários", "value": "50", "short": True},
              {"title": "Prioridade", "value": "Alta", "short": True}]  # fmt: skip
    card = _card(
        "Novo pedido",
        attachments=[{"id": 1, "fallback": "Novo pedido", "title": "Pedido #7", "fields": fields}],
    )
    slack.send(sr.message_shortcut(card, user_id="U0930", response_url=slack.fake.response_url("fields")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "Alta" not in row["text"]


@pytest.mark.parametrize(
    ("name", "filetype", "mimetype"),
    [("pedido.md", "markdown", "text/markdown"), ("pedido.csv", "csv", "text/csv")],
)
def test_a_text_file_whose_lines_slack_sends_is_read(slack, name, filetype, mimetype):
    # A markdown or CSV file uploaded: Slack shows its first lines, and sends them in `preview`, as a snippet's.
    file = {"id": "F0MD0001", "name": name, "filetype": filetype, "mimetype": mimetype, "mode": "hosted",
            "preview": "modelo,usuarios\nqwen3 32b fp8,20 usuários", "lines": 2, "lines_more": 0}  # fmt: skip
    assert slack.event(_shared("", file, "1700200900.000100"), f"EvS9{filetype}") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Qwen3 32B" in said and "20 usuários" in said and "Não leio arquivos" not in said


@pytest.mark.parametrize(
    "link",
    [
        "https://nossanuvem.slack.com/lists/T0001/F0LIST01?record_id=Rec0001",
        "https://nossanuvem.slack.com/lists/T0001/F0LIST01",
    ],
    ids=["row", "list"],
)
def test_a_question_left_to_a_linked_slack_list_says_the_app_cannot_read_it(slack, link):
    # A Slack List (a file, its rows records) cannot be read without files:read: it had been "Não entendi o
    # pedido." with no word about the link.
    said = text_of(slack.answer(f"quanto precisa pra isso? <{link}>")["blocks"])
    assert "Não leio arquivos nem canvas do Slack" in said and "Não entendi" not in said


def test_a_markdown_blocks_table_is_read_a_row_a_line(slack):
    # A markdown block (https://docs.slack.dev/reference/block-kit/blocks/markdown-block) holding a table:
    # its bars had stayed between the words, "50" not understood.
    table = "| Campo | Valor |\n|---|:---:|\n| Modelo | llama 3.1 70b |\n| Usuários | 50 |"
    card = _card("Novo pedido", [{"type": "markdown", "text": table}])
    slack.send(sr.message_shortcut(card, user_id="U0931", response_url=slack.fake.response_url("mdtable")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [row] = slack.rows()
    assert "|" not in row["text"] and "---" not in row["text"]


def test_a_mention_under_a_snippet_sizes_the_snippet(slack):
    # "@gpu-sizer" in the thread of a customer's snippet: the thread's first message (conversations.replies)
    # holds the question in its file's preview alone.
    from .test_slack_formats_round8 import _mentioned_under

    root = {**_shared("", _snippet("qwen3 32b fp8\n20 usuários"), "1700201000.000100"), "channel": "C0940",
            "thread_ts": "1700201000.000100"}  # fmt: skip
    said = _said(_mentioned_under(slack, root, "C0940", "EvS9under"))
    assert "Qwen3 32B" in said and "20 usuários" in said and "Não leio arquivos" not in said
