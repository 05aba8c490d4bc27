"""Issue #13's round 6, played through the real app: signed requests into Bolt on loopback, Slack's Web API
played by FakeSlack, a real SQLite log, gunicorn where the finding needs processes. A sharing mark the told
worker cannot write, a link to a reply inside a thread, a snippet's preview as Slack sends it, an older
version's event claims during a deploy, a slow or rate-limited auth.teams.list before the first /gpu, and
forged or oversized parts of what the last sessions added (cards, snippets, e-mails, links)."""

from __future__ import annotations

from . import slack_requests as sr
from .test_slack_formats_round3 import WAIT, _quiet, _said
from .test_slack_formats_round8 import _card
from .test_slack_formats_round9 import _shared, _snippet

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
