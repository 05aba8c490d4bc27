"""Issue #13's round 6, played through the real app: signed requests into Bolt on loopback, Slack's Web API
played by FakeSlack, a real SQLite log, gunicorn where the finding needs processes. A sharing mark the told
worker cannot write, a link to a reply inside a thread, a snippet's preview as Slack sends it, an older
version's event claims during a deploy, a slow or rate-limited auth.teams.list before the first /gpu, and
forged or oversized parts of what the last sessions added (cards, snippets, e-mails, links)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from urllib.parse import parse_qsl, urlencode

import pytest

from . import slack_requests as sr
from .data_folders import priced_copy
from .slack_fake import FakeSlack
from .slack_harness import SECRET, acknowledged_or_posted, serve, text_of
from .test_faults import LOADED_S
from .test_hardening_round2 import _workers_up
from .test_hardening_round4 import _rows
from .test_hardening_round5 import _ask_many, _asked_of, _org_wide
from .test_slack_formats_round3 import WAIT, _quiet, _said
from .test_slack_formats_round6 import _sharing
from .test_slack_formats_round8 import _card
from .test_slack_formats_round9 import _shared, _snippet
from .web_server import web_process

# -- a table's header and a snippet's preview ---------------------------------------------------------------


def _shortcut_answer(slack, card: dict, name: str) -> str:
    count = len(slack.fake.calls("response_url")) + 1
    slack.send(sr.message_shortcut(card, user_id="U1601", response_url=slack.fake.response_url(name)))
    answer = slack.fake.wait_for("response_url", count, timeout=WAIT)[-1]
    _quiet(slack)
    return _said(answer)


def test_a_markdown_tables_header_is_no_word_of_the_question(slack):
    # "| Campo | Valor |" names the columns: "Valor" had been read as asking the cost, and the answer said
    # what it had understood with a cost in it that nobody asked for.
    rows = "| Modelo | llama 3.1 70b |\n| Usuários | 50 |"
    table = f"| Campo | Valor |\n|---|:---:|\n{rows}"
    headed = _shortcut_answer(slack, _card("Novo pedido", [{"type": "markdown", "text": table}]), "h")
    bare = _shortcut_answer(slack, _card("Novo pedido", [{"type": "markdown", "text": rows}]), "b")
    assert "Llama 3.1 70B" in headed and "50 usuários" in headed
    assert headed == bare
    first, second = slack.rows()
    assert "Campo" not in first["text"] and "Valor" not in first["text"]
    assert first["text"] == second["text"]


def test_a_snippets_table_header_and_control_characters_are_no_words(slack):
    # A snippet is sent as the text typed (`preview`; its HTML copy is `preview_highlight`): a table pasted
    # in it reads as a markdown block's, and a terminal's colour codes or a NUL pasted with it are dropped.
    preview = (
        "| Campo | Valor |\r\n|---|---|\r\n| Modelo | \x1b[1mqwen3 32b fp8\x1b[0m |\r\n| Usuários | 20\x00 |"
    )
    asked = _shared("", _snippet(preview), "1700216000.000100")
    assert slack.event(asked, "EvH6snip") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Qwen3 32B" in said and "20 usuários" in said and "Não entendi" not in said
    [row] = slack.rows()
    assert "Valor" not in row["text"] and "\x1b" not in row["text"] and "\x00" not in row["text"]
    assert row["outcome"] == "answered"


def test_a_snippets_angle_brackets_stay_text(slack):
    # The preview is plain text: "<!channel>" or "<@U…>" typed in a snippet is no mention of anyone in the
    # answer's echo of the question, nor markup that breaks it.
    asked = _shared("", _snippet("qwen3 32b fp8 <!channel> <@U0ADMIN> & 20 usuários"), "1700216100.000100")
    assert slack.event(asked, "EvH6angle") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    posted = str(answer.params.get("blocks")) + str(answer.params.get("text"))
    assert "<!channel>" not in posted and "<@U0ADMIN>" not in posted
    assert "Qwen3 32B" in _said(answer)


def test_a_forged_megabyte_preview_is_cut_and_said_so(slack):
    # Slack sends a few lines; a forged payload a megabyte of them. The answer reads the first 4,000
    # characters, as it reads what Slack cut, and says it read only the first lines.
    preview = "qwen3 32b fp8 com 20 usuários\n" + "x" * 1_000_000
    asked = _shared("", _snippet(preview), "1700216200.000100")
    assert slack.event(asked, "EvH6mega") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Li só as primeiras linhas" in said
    [row] = slack.rows()
    assert len(row["text"]) < 10_000


# -- a link to a reply inside a thread ----------------------------------------------------------------------

_PARENT = {"type": "message", "user": "UEXT1620", "text": "Oi! Tenho uma dúvida sobre GPUs.",
           "ts": "1700216200.000100", "thread_ts": "1700216200.000100", "reply_count": 2}  # fmt: skip
_REPLY = {"type": "message", "user": "UEXT1620", "text": "qwen3 32b fp8 para 20 usuários", "ts": "1700216260.000200",
          "thread_ts": "1700216200.000100", "parent_user_id": "UEXT1620"}  # fmt: skip
_LATER = {"type": "message", "user": "U1621", "text": "vou ver", "ts": "1700216300.000300",
          "thread_ts": "1700216200.000100", "parent_user_id": "UEXT1620"}  # fmt: skip


def _link(message: dict, thread: bool) -> str:
    # chat.getPermalink's address (https://docs.slack.dev/reference/methods/chat.getPermalink): a reply's names
    # its thread, as Slack escapes "&" in a message's text.
    link = f"https://nossanuvem.slack.com/archives/C1620/p{message['ts'].replace('.', '')}"
    return f"{link}?thread_ts={message['thread_ts']}&amp;cid=C1620" if thread else link


@pytest.mark.parametrize("thread", [True, False], ids=["with-thread_ts", "bare"])
def test_a_link_to_a_reply_in_a_thread_reads_that_reply(slack, thread):
    # Asked with limit=1, Slack answered with the thread's parent alone ("Oi! Tenho uma dúvida"): the reply
    # linked to was "not found", or the greeting was sized.
    slack.fake.thread("C1620", _PARENT, _REPLY, _LATER)
    said = text_of(slack.answer(f"quanto precisa pra isso? <{_link(_REPLY, thread)}>")["blocks"])
    assert "Qwen3 32B" in said and "20 usuários" in said
    assert "Não encontrei a mensagem do link" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "qwen3 32b" in row["text"]


def test_a_link_to_a_threads_parent_reads_the_parent(slack):
    parent = {**_PARENT, "text": "llama 3.1 8b para 10 usuários"}
    slack.fake.thread("C1620", parent, _REPLY, _LATER)
    said = text_of(slack.answer(f"quanto precisa pra isso? <{_link(parent, False)}>")["blocks"])
    assert "Llama 3.1 8B" in said and "10 usuários" in said and "Qwen3" not in said


def test_a_link_to_a_message_slack_does_not_hold_says_so(slack):
    slack.fake.thread("C1620", _PARENT, _REPLY)
    gone = {**_REPLY, "ts": "1700216999.000900"}
    said = text_of(slack.answer(f"quanto precisa pra isso? <{_link(gone, True)}>")["blocks"])
    assert "Não encontrei a mensagem do link" in said


# -- a sharing mark the told worker cannot write in the spool -----------------------------------------------


def test_through_gunicorn_a_channel_shared_reaches_every_worker_when_the_spool_refuses_the_mark(tmp_path):
    # The spool's mark cannot be written (here a folder stands where its file goes: the rename over it fails)
    # but can still be looked at, unchanged: the other worker had trusted what it knew of the channel for the
    # rest of the hour, prices and internal rows for a customer. The log's file tells it instead.
    env = {
        "WEB_CONCURRENCY": "2",
        "GPU_SIZER_TOKEN_CHECK_S": "0",  # the log's count read on every request (a second by default)
        "GPU_SIZER_DATA": str(priced_copy(tmp_path, {None: "{ on_demand = 9.5 }"})),
    }
    (tmp_path / "log.db.spool" / "sharing" / "changed.json").mkdir(parents=True)
    with FakeSlack() as fake, web_process(tmp_path, fake, env=env, start_timeout=LOADED_S) as web:
        _workers_up(web, 2, timeout=LOADED_S)
        state = _sharing(fake, "C1630")
        for attempt in range(6):
            assert all("Preço" in text for text in _ask_many(web, fake, "C1630", f"ours{attempt}-"))
            if _asked_of(fake, "C1630") >= 2:
                break
        assert _asked_of(fake, "C1630") >= 2, "both workers should have asked Slack of the channel"
        state["shared"] = True
        told = sr.event({"type": "channel_shared", "connected_team_id": "T9999", "channel": "C1630",
                         "event_ts": f"{time.time():.6f}"}, event_id="EvShared1630")  # fmt: skip
        assert sr.post(f"{web.base}/slack/events", told, sr.sign(told, SECRET))[0] == 200
        asked_before = _asked_of(fake, "C1630")
        for attempt in range(6):
            for text in _ask_many(web, fake, "C1630", f"shared{attempt}-"):
                assert "Qwen2.5 7B" in text and "Preço" not in text
            if _asked_of(fake, "C1630") - asked_before >= 2:
                break
        assert _asked_of(fake, "C1630") - asked_before >= 2
        assert "could not tell the other workers through the spool" in web.output()
    assert _rows(tmp_path / "log.db", "select n from sharing_changed") == [(1,)]


def test_a_sharing_change_neither_place_takes_is_an_error_in_the_log(priced, tmp_path, caplog):
    # Both places refusing: nothing can tell the other workers, and the operator is told so, loudly.
    from bot.log import SharingMarks

    (tmp_path / "spool" / "sharing" / "changed.json").mkdir(parents=True)
    marks = SharingMarks(tmp_path / "spool", tmp_path / "missing" / "log.db")
    assert marks.tell("C1631", "channel_shared") is False
    assert any(r.levelname == "ERROR" and "sharing changed" in r.getMessage() for r in caplog.records)


# -- an older version's event claims during a rolling deploy ------------------------------------------------


def test_a_retry_of_an_event_an_older_version_claimed_is_not_answered_again(slack):
    # During a rolling deploy, a worker of the version before (which claimed events in the log's seen_events)
    # got the mention and answered it; Slack's retry comes to this version at once. It had looked at
    # seen_events only if the table had rows when its writer last checked (after a commit, or idle), so the
    # retry right after the older worker's claim was answered a second time.
    with contextlib.closing(sqlite3.connect(slack.db)) as conn, conn:
        conn.execute(
            "insert into seen_events (event_id, seen_at) values ('EvOld1640', '2026-12-08T01:00:00')"
        )
    mention = sr.app_mention("<@UBOT> qwen2.5 7b 16bit", channel="C1640", ts="1700216400.000100")
    assert slack.event(mention, "EvOld1640", retry=1) == 200
    slack.settle()
    assert slack.fake.calls("chat.postMessage") == []
    # A new event is answered as ever.
    again = sr.app_mention("<@UBOT> qwen2.5 7b 8bit", channel="C1640", ts="1700216401.000100")
    assert slack.event(again, "EvNew1640") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    assert "Qwen2.5 7B" in _said(answer)


def test_while_an_older_version_claims_in_the_log_this_versions_claims_go_there_too(slack):
    # The other way round: this version answers, and Slack's retry goes to a worker of the version before,
    # which looks at seen_events alone. While that table has rows (an older version is running), this
    # version's claims are written there too.
    with contextlib.closing(sqlite3.connect(slack.db)) as conn, conn:
        conn.execute(
            "insert into seen_events (event_id, seen_at) values ('EvOld1641', '2026-12-08T01:00:00')"
        )
    slack.answer("qwen2.5 7b 16bit", user_id="U1641")
    assert (
        slack.log.flush(10) == 0
    )  # its row committed: the writer looks at the table again, as after any commit
    mention = sr.app_mention("<@UBOT> qwen2.5 7b 16bit", channel="C1641", ts="1700216410.000100")
    assert slack.event(mention, "EvNew1641") == 200
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    slack.settle()
    with contextlib.closing(sqlite3.connect(slack.db)) as conn:
        claimed = {row[0] for row in conn.execute("select event_id from seen_events")}
    assert "EvNew1641" in claimed


# -- an org-wide install's first /gpu while auth.teams.list is slow or rate limited -------------------------


def _first_gpu(slack, user: str) -> tuple[float, dict, str]:
    """The first /gpu of an org-wide install's person: how long Slack waited for the acknowledgement, the
    acknowledgement, and the answer's text whichever way it came."""
    body, _ = sr.slash_command("qwen2.5 7b 16bit", user_id=user, response_url=slack.fake.response_url(user))
    # As an org-wide install's command names it (https://api.slack.com/enterprise/apps/reference).
    body = urlencode({**dict(parse_qsl(body)), "enterprise_id": "E0001", "is_enterprise_install": "true"})
    started = time.monotonic()
    status, _, reply = slack.send(body)
    took = time.monotonic() - started
    assert status == 200
    acknowledged = json.loads(reply) if reply else {}
    shown = text_of(acknowledged_or_posted(slack.fake, acknowledged, user, WAIT, "first /gpu")["blocks"])
    return took, acknowledged, shown


@pytest.mark.parametrize("slack_says", ["slow", "rate_limited"])
def test_an_org_wide_installs_first_gpu_is_answered_at_once_whatever_auth_teams_list_does(
    priced, tmp_path, slack_says
):
    # auth.teams.list (asked once an org-level token is known) ran on the person's lookup: 4 s of it held the
    # first /gpu's answer past the acknowledgement's budget, and our own people got it late through the
    # response_url. It now runs beside the lookup, which it never decided.
    with serve(tmp_path) as slack:
        _org_wide(slack, ["T0001", "T0002"])
        if slack_says == "slow":
            slack.fake.delay("auth.teams.list", 4)
        else:
            slack.fake.fail("auth.teams.list", status=429, headers={"Retry-After": "30"}, times=50)
        took, acknowledged, shown = _first_gpu(slack, "W1650")
        assert took < 3, f"acknowledged after {took:.1f} s"
        assert acknowledged.get("blocks"), "the answer should come in the acknowledgement itself"
        assert "Qwen2.5 7B" in shown and "Preço" in shown  # one of ours: users.info says so
        slack.fake.reply("users.info", {"user": {"id": "UEXT1650", "team_id": "T9999", "is_stranger": True,
                                                 "locale": "pt-BR"}})  # fmt: skip
        took, _, shown = _first_gpu(slack, "UEXT1650")
        assert took < 3 and "Qwen2.5 7B" in shown and "Preço" not in shown  # another organisation's
        slack.settle()
        assert [r["user_external"] for r in slack.rows()] == [0, 1]


# -- forged and oversized parts of what the last sessions added ---------------------------------------------


def _rich_text(*elements: dict) -> list[dict]:
    return [{"type": "rich_text", "elements": [{"type": "rich_text_section", "elements": list(elements)}]}]


def test_forged_ids_in_a_messages_blocks_add_no_words_nor_links_to_the_question(slack):
    # A rich_text element's id is written into Slack's markup as it is: a forged "user_id" had closed the
    # mention and put a link and words of its own into the question ("Não entendi: “clique”, “palavra”").
    forged = [
        {"type": "text", "text": "qwen3 32b fp8 para 20 usuários "},
        {"type": "user", "user_id": "U1> <https://evil.example|clique"},
        {"type": "broadcast", "range": "channel> palavra"},
        {"type": "channel", "channel_id": "C1> outrapalavra"},
        {"type": "usergroup", "usergroup_id": "S1> <!everyone"},
        {"type": "date", "timestamp": "1> <!here", "format": "{date}", "fallback": ""},
    ]
    event = {**sr.message("This message contains interactive elements.", user="U1660", channel="DU1660",
                          channel_type="im", ts="1700216600.000100"), "blocks": _rich_text(*forged)}  # fmt: skip
    assert slack.event(event, "EvH6forged") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Qwen3 32B" in said and "20 usuários" in said and "Não entendi" not in said
    assert "evil.example" not in str(answer.params)
    [row] = slack.rows()
    assert "evil" not in row["text"] and "palavra" not in row["text"]


def test_real_ids_in_a_messages_blocks_still_read_as_mentions(slack):
    # What Slack sends (https://docs.slack.dev/reference/block-kit/blocks/rich-text-block): a mention of a
    # person or a channel is no word of the question, as before.
    blocks = _rich_text({"type": "user", "user_id": "U0ANA01"}, {"type": "text", "text": " qwen3 32b fp8 em "},
                        {"type": "channel", "channel_id": "C0GPU01"},
                        {"type": "text", "text": " 20 usuários"})  # fmt: skip
    event = {**sr.message("This message contains interactive elements.", user="U1661", channel="DU1661",
                          channel_type="im", ts="1700216610.000100"), "blocks": blocks}  # fmt: skip
    assert slack.event(event, "EvH6ids") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Qwen3 32B" in said and "20 usuários" in said and "Não entendi" not in said


def test_a_long_forwarded_email_is_sized_from_its_beginning_not_refused_as_too_long(slack):
    # Slack sends an e-mail's whole body in `plain_text`: a request followed by a signature, a disclaimer and
    # the thread quoted below it runs past the 4,000 characters a question may have, and had been answered
    # "A mensagem tem 7.078 caracteres; o limite é 4.000".
    from .test_slack_formats_round8 import _emailed

    emailed = _emailed("1700216700.000100")
    footer = "\n\n--\nMaria Silva\nDepartamento de Tecnologia\n" + "Esta mensagem é confidencial. " * 220
    emailed["files"][0]["plain_text"] = (
        "Bom dia,\n\nPrecisamos servir o llama 3.1 70b para 50 usuários.\n" + footer
    )
    slack.send(sr.message_shortcut(emailed, user_id="U1670", response_url=slack.fake.response_url("long")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    # (Its answer now says only the first 2,000 characters were read: the refusal is what must not come.)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "A mensagem tem" not in said


def test_a_reply_linked_twice_with_and_without_its_thread_is_read_once(slack):
    slack.fake.thread("C1620", _PARENT, _REPLY, _LATER)
    links = f"<{_link(_REPLY, False)}> <{_link(_REPLY, True)}>"
    said = text_of(slack.answer(f"quanto precisa pra isso? {links}")["blocks"])
    assert "Qwen3 32B" in said and "20 usuários" in said
    [asked] = slack.fake.calls("conversations.replies")
    assert asked.params["ts"] == _PARENT["ts"]
    [row] = slack.rows()
    assert row["text"].count("qwen3 32b") == 1


def test_an_emails_control_characters_reach_neither_the_answer_nor_the_log(slack):
    from .test_slack_formats_round8 import _emailed

    emailed = _emailed("1700216800.000100")
    emailed["files"][0]["subject"] = "Cotação\x00\x1b[31m urgente\x1b[0m"
    emailed["files"][0]["plain_text"] = (
        "Bom dia,\r\n\r\nPrecisamos servir o llama 3.1 70b\x07 para 50 usuários.\r\n"
    )
    slack.send(sr.message_shortcut(emailed, user_id="U1680", response_url=slack.fake.response_url("ctl")))
    [answer] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    said = _said(answer)
    assert "Llama 3.1 70B" in said and "50 usuários" in said
    [row] = slack.rows()
    assert not any(c in row["text"] for c in "\x00\x1b\x07\r")
