"""Requests shaped as Slack documents them, eighth round: messages whose words are in Block Kit blocks other
than rich_text (an integration's or a workflow's card: section, fields, context, table, markdown, an
attachment's blocks) picked with the message shortcut or mentioned under; an e-mail forwarded to a
channel; text whose accents come as marks of their own (NFD); an assistant thread known from its context
changing. Signed requests into the real app on loopback, FakeSlack for the Web API, a real SQLite request
log."""

from __future__ import annotations

import unicodedata

import pytest

from . import slack_requests as sr
from .slack_harness import text_of
from .test_slack_formats_round3 import WAIT, _quiet, _said

# -- A card posted by an integration or a workflow -------------------------------------------------------


def _section(text: str, kind: str = "mrkdwn") -> dict:
    return {"type": "section", "block_id": "s1", "text": {"type": kind, "text": text}}


def _card(text: str, blocks: list[dict] | None = None, attachments: list[dict] | None = None) -> dict:
    # A bot's post (https://docs.slack.dev/reference/events/message/bot_message): `text` is the notifications'
    # fallback, what people see is in its blocks (https://docs.slack.dev/reference/methods/chat.postMessage).
    card = {"type": "message", "subtype": "bot_message", "bot_id": "B0CRM01", "text": text,
            "ts": "1700100000.000100", "bot_profile": {"id": "B0CRM01", "app_id": "A0CRM01", "name": "CRM"}}  # fmt: skip
    if blocks is not None:
        card["blocks"] = blocks
    if attachments is not None:
        card["attachments"] = attachments
    return card


CARDS = {
    "section_under_a_summary": _card(
        "Novo pedido de cliente", [_section("*Modelo:* llama 3.1 70b\n*Usuários:* 50 simultâneos")]
    ),
    "header_over_fields": _card(
        "",
        [
            {"type": "header", "text": {"type": "plain_text", "text": "Pedido de GPU"}},
            {
                "type": "section",
                "fields": [
                    {"type": "mrkdwn", "text": "*Modelo*\nllama 3.1 70b"},
                    {"type": "plain_text", "text": "50 usuários"},
                ],
            },
            {
                "type": "actions",
                "elements": [
                    {
                        "type": "button",
                        "text": {"type": "plain_text", "text": "Abrir"},
                        "action_id": "open",
                        "value": "1",
                    }
                ],
            },
        ],
    ),
    "fallback_repeated_by_the_header": _card(
        "Novo pedido",
        [
            {"type": "header", "text": {"type": "plain_text", "text": "Novo pedido"}},
            _section("llama 3.1 70b pra 50 usuários"),
        ],
    ),
    "context_only": _card(
        "Formulário enviado",
        [
            {
                "type": "context",
                "elements": [
                    {"type": "image", "image_url": "https://example.com/i.png", "alt_text": "logo"},
                    {"type": "mrkdwn", "text": "llama 3.1 70b pra 50 usuários"},
                ],
            }
        ],
    ),
    "attachment_with_blocks": _card(
        "",
        attachments=[
            {
                "id": 1,
                "color": "36a64f",
                "fallback": "Novo ticket #42",
                "blocks": [_section("llama 3.1 70b pra 50 usuários")],
            }
        ],
    ),
    # A legacy attachment under the bot's own line (https://docs.slack.dev/legacy/legacy-messaging/legacy-secondary-message-attachments).
    "attachment_under_its_text": _card(
        "Novo ticket de cliente",
        attachments=[
            {
                "id": 1,
                "color": "36a64f",
                "fallback": "Ticket #42",
                "title": "Ticket #42",
                "text": "Precisamos rodar llama 3.1 70b para 50 usuários",
            }
        ],
    ),
    "table": _card(
        "Novo pedido",
        [
            {
                "type": "table",
                "rows": [
                    [{"type": "raw_text", "text": "Modelo"}, {"type": "raw_text", "text": "llama 3.1 70b"}],
                    [
                        {"type": "raw_text", "text": "Usuários"},
                        {
                            "type": "rich_text",
                            "elements": [
                                {"type": "rich_text_section", "elements": [{"type": "text", "text": "50"}]}
                            ],
                        },
                    ],
                ],
            }
        ],
    ),
    "markdown_block": _card(
        "Novo pedido", [{"type": "markdown", "text": "**llama 3.1 70b** pra 50 usuários"}]
    ),
}


@pytest.mark.parametrize("card", list(CARDS.values()), ids=list(CARDS))
def test_the_shortcut_on_an_integrations_card_sizes_what_the_card_shows(slack, card):
    # The card's words are in its blocks (https://docs.slack.dev/reference/block-kit/blocks): section text and
    # fields, a header, a context, a markdown block, or an attachment's blocks. It had been sized by its
    # fallback ("Não entendi o pedido: “Novo”") or told it held no text.
    slack.send(sr.message_shortcut(card, user_id="U0801", response_url=slack.fake.response_url("card")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 70B" in said and "50 usuários" in said
    assert "Não entendi o pedido" not in said and "não tem texto" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "llama 3.1 70b" in row["text"] and "Abrir" not in row["text"]


def test_a_cards_blocks_that_say_no_more_than_its_fallback_leave_the_fallback_read(slack):
    # A plain_text section escaped as `text` is: "<" typed in it is no markup.
    card = _card("qwen3 32b fp8 pra 20 usuários", [_section("qwen3 32b fp8 pra 20 usuários", "plain_text")])
    slack.send(sr.message_shortcut(card, user_id="U0802", response_url=slack.fake.response_url("same")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    assert "Qwen3 32B" in _said(answer) and "20 usuários" in _said(answer)
    assert [r["text"] for r in slack.rows()] == ["qwen3 32b fp8 pra 20 usuários"]


def _mentioned_under(slack, root: dict, channel: str, event_id: str):
    """ "@gpu-sizer" alone in the thread of `root`, which conversations.replies returns; the answer posted."""
    slack.fake.reply("conversations.replies", {"messages": [root]})
    at = f"{float(root['ts']) + 10:.6f}"
    asked = sr.app_mention("<@UBOT>", user="U0803", channel=channel, ts=at, thread_ts=root["ts"])
    assert slack.event(asked, event_id) == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert answer.params["thread_ts"] == root["ts"]
    return answer


def test_a_mention_under_a_workflows_card_sizes_the_card(slack):
    # "@gpu-sizer" in the thread of a form's submission a workflow posted: the thread's first message is read
    # (conversations.replies), and its words are in a section.
    root = {**CARDS["section_under_a_summary"], "ts": "1700100100.000100", "thread_ts": "1700100100.000100"}
    answer = _mentioned_under(slack, root, "C0803", "EvX01")
    assert "Llama 3.1 70B" in _said(answer) and "50 usuários" in _said(answer)


def test_a_mention_under_the_apps_own_lead_card_sizes_what_the_card_sums_up(slack):
    # The app's own card (bot/desks/leaddesk.py) as conversations.replies returns it: its blocks hold the
    # recommendation, status and owner, which would read as GPUs asked for; its `text` sums up the request.
    from bot.desks.leaddesk import card

    lead = {"id": 7, "user_id": "U0840", "channel_id": "C0456", "status": "new", "owner": None,
            "summary": "Llama 3.1 70B · BF16/FP16 (16-bit) · 50 usuários simultâneos",
            "recommendation": "2× H200 SXM 141 GB", "contract_mode": "reserved", "source": "auto",
            "created_at": "2026-12-07T20:00:00", "user_external": 1}  # fmt: skip
    posted = card(lead, "pt-BR").kwargs()
    root = {"type": "message", "user": sr.BOT_USER_ID, "bot_id": "BBOT", "text": posted["text"],
            "blocks": posted["blocks"], "ts": "1700104000.000100", "thread_ts": "1700104000.000100"}  # fmt: skip
    said = _said(_mentioned_under(slack, root, "CSALES01", "EvX40"))
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Responsável" not in said
    [row] = slack.rows()
    assert "Status" not in row["text"] and "H200" not in row["text"]


def test_a_named_workflows_card_that_mentions_the_app_in_a_shared_channel_is_sized_by_its_fields(tmp_path):
    # A workflow's form posted in a channel shared with a customer, mentioning the app, its answers in the
    # card's fields; the workflow's bot is one GPU_SIZER_ANSWER_BOTS names. Its fallback alone had been read.
    from .slack_harness import serve

    with serve(tmp_path, answer_bots="B0WF0001") as slack:
        said = "<@UBOT> novo pedido pelo formulário"
        card = {**sr.app_mention(said, user="U0WFBOT", channel="C0830", ts="1700103000.000100"),
                "subtype": "bot_message", "bot_id": "B0WF0001",
                "blocks": [_section(said), {"type": "section", "fields": [
                    {"type": "mrkdwn", "text": "*Modelo*\nllama 3.1 70b"}, {"type": "mrkdwn", "text": "*Usuários*\n50"}]}]}  # fmt: skip
        assert slack.event(card, "EvX30", is_ext_shared_channel=True) == 200
        [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
        _quiet(slack)
        assert answer.params["thread_ts"] == card["ts"]
        assert "Llama 3.1 70B" in _said(answer) and "50 usuários" in _said(answer)


# -- An e-mail forwarded to a channel ----------------------------------------------------------------------


def _emailed(ts: str) -> dict:
    # What Slack posts for an e-mail sent to a channel's address: a file_share with no text, by Slackbot
    # displayed as a bot, the e-mail a file of filetype "email" with its subject and body in the event (the
    # file object, https://docs.slack.dev/reference/objects/file-object; the shape of the one in
    # MercuryTechnologies/slack-web's tests/golden/SlackWebhookEvent/email_message.json).
    body = "Bom dia,\n\nPrecisamos servir o llama 3.1 70b para 50 usuários.\nQual configuração vocês indicam?\n\nAbraços,\nMaria"
    email = {"id": "F0EMAIL01", "name": "Cotação", "title": "Cotação", "mimetype": "text/html", "filetype": "email",
             "pretty_type": "Email", "user": "USLACKBOT", "mode": "email", "display_as_bot": True, "username": "Email",
             "subject": "Cotação de GPUs", "from": [{"address": "maria@cliente.com.br", "name": "Maria",
                                                    "original": "Maria <maria@cliente.com.br>"}],
             "to": [], "cc": [], "attachments": [], "original_attachment_count": 0,
             "plain_text": body, "preview": body[:60], "preview_plain_text": body[:60], "has_more": False,
             "sent_to_self": False, "bot_id": "B0EMAIL01", "file_access": "visible"}  # fmt: skip
    return {"type": "message", "subtype": "file_share", "text": "", "files": [email], "upload": True,
            "user": "USLACKBOT", "display_as_bot": True, "bot_id": "B0EMAIL01", "ts": ts}  # fmt: skip


def test_the_shortcut_on_an_emailed_request_sizes_the_email(slack):
    slack.send(sr.message_shortcut(_emailed("1700105000.000100"), user_id="U0850",
                                   response_url=slack.fake.response_url("email")))  # fmt: skip
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    # It had been "Essa mensagem não tem texto para dimensionar, só arquivos".
    said = _said(answer)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "não tem texto" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "maria@cliente.com.br" not in row["text"]


def test_a_mention_under_an_emailed_request_sizes_the_email(slack):
    root = {**_emailed("1700105100.000100"), "thread_ts": "1700105100.000100"}
    said = _said(_mentioned_under(slack, root, "C0851", "EvX50"))
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não leio" not in said


# -- Accents sent as marks of their own ------------------------------------------------------------------

# "usuários", "é" and "possível" with their accents as combining marks after the letter (Unicode's NFD): text
# pasted from a PDF or a macOS file name comes so, and Slack passes it on as it came.
NFD = unicodedata.normalize("NFD", "llama 3.1 8b 16bit pra 10 usuários com contexto de 32k, é possível?")


def test_a_message_whose_accents_come_as_marks_is_read_as_typed(slack):
    assert unicodedata.normalize("NFC", NFD) != NFD
    asked = sr.message(NFD, user="U0810", channel="DU0810", channel_type="im", ts="1700101000.000100")
    assert slack.event(asked, "EvX10") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had been "Não entendi: “usua”, “rios”", the users left out of the sizing.
    said = _said(answer)
    assert "10 usuários" in said and "32k" in said and "Não entendi" not in said
    # The log holds what was typed as one writes it: a search for "usuários" finds it.
    assert [r["text"] for r in slack.rows()] == [unicodedata.normalize("NFC", NFD)]


def test_a_command_whose_accents_come_as_marks_is_answered_as_typed(slack):
    said = text_of(slack.answer(NFD)["blocks"])
    assert "10 usuários" in said and "Não entendi" not in said
    assert [r["text"] for r in slack.rows()] == [unicodedata.normalize("NFC", NFD)]


# -- An assistant thread the app heard of only from its context changing -----------------------------------


def test_a_thread_named_by_its_context_changing_is_answered_as_the_containers(slack):
    # https://docs.slack.dev/reference/events/assistant_thread_context_changed: the person moved to another
    # channel with the container open; the event names its thread. Its assistant_thread_started had not
    # reached the app, and the question came without an `assistant_thread` mark of its own.
    thread = {"user_id": "U0820", "channel_id": "DU0820", "thread_ts": "1700102000.000100",
              "context": {"channel_id": "C0820", "team_id": "T0001", "enterprise_id": None}}  # fmt: skip
    moved = {
        "type": "assistant_thread_context_changed",
        "assistant_thread": thread,
        "event_ts": "1700102005.000100",
    }
    assert slack.event(moved, "EvX20") == 200
    _quiet(slack)
    assert [c.method for c in slack.fake.calls() if c.method != "auth.test"] == []
    asked = sr.message("qwen2.5 7b 16bit pra 10 usuários", user="U0820", channel="DU0820", channel_type="im",
                       ts="1700102010.000100", thread_ts=thread["thread_ts"])  # fmt: skip
    assert slack.event(asked, "EvX21") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had been answered as a plain DM thread: no "está pensando…", the thread left unnamed.
    assert [c.method for c in slack.fake.calls() if c.method.startswith(("assistant.", "chat."))] == [
        "assistant.threads.setStatus",
        "chat.postMessage",
        "assistant.threads.setTitle",
    ]
    assert answer.params["thread_ts"] == thread["thread_ts"] and "Qwen2.5 7B" in _said(answer)
