"""The local console: the Slack pipeline (parse -> size -> render -> log) at a terminal prompt, so the
assistant runs with no Slack workspace at all."""

from __future__ import annotations

import sys
from typing import TextIO

from sizing import i18n
from sizing.catalog import load_catalog

from . import leaddesk
from .migrations import utc_now
from .pipeline import Pipeline, Where
from .rendering import render_help

BANNER = {
    "pt-BR": (
        "gpu-sizer — console local (sem Slack). Pergunte como no Slack, por exemplo:\n"
        "  70b 4bit 32k 10usuarios\n"
        "  Cabe um Llama 70B numa L40S em 4 bits?\n"
        "Digite 'ajuda' para mais exemplos e 'sair' para terminar. As perguntas ficam registradas em {db}.\n"
        "Para conectar um workspace do Slack, defina SLACK_BOT_TOKEN e SLACK_APP_TOKEN (veja o README)."
    ),
    "en": (
        "gpu-sizer — local console (no Slack). Ask as you would in Slack, for example:\n"
        "  70b 4bit 32k 10users\n"
        "  Does a Llama 70B fit on an L40S at 4-bit?\n"
        "Type 'help' for more examples and 'quit' to leave. Questions are logged in {db}.\n"
        "To connect a Slack workspace, set SLACK_BOT_TOKEN and SLACK_APP_TOKEN (see the README)."
    ),
}
QUIT = {"sair", "quit", "exit", "q", ":q"}


def run(
    pipeline: Pipeline,
    db_path: str,
    lang: str = "pt-BR",
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> int:
    lang = i18n.lang_of(lang)
    interactive = stdin.isatty()
    print(BANNER[lang].format(db=db_path), file=stdout)
    where = Where(surface="console", user_id="console")
    while True:
        if interactive:
            print("\n/gpu ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            break  # end of input: a piped script or Ctrl-D
        text = line.strip()
        if text.lower() in QUIT:
            break
        if not text:
            continue
        if not interactive:
            print(f"\n/gpu {text}", file=stdout)
        reply = pipeline.ask(text, where)
        if reply.query is not None and reply.query.help:
            print(render_help(reply.lang), file=stdout)
        else:
            print(reply.text_answer.rstrip(), file=stdout)
            preview = lead_preview(reply, where, lang)
            if preview:
                print("\n" + preview, file=stdout)
    pipeline.log.close()
    return 0


def lead_preview(reply, where: Where, lang: str) -> str | None:
    """What Slack would do with this answer that the console cannot: open a lead in the sales channel. The
    reasons (in the answer's language), and the card as sales would get it. Nothing is recorded: there is
    no sales channel here to work the lead, and an open lead is kept until it closes."""
    reasons = leaddesk.call_reasons(reply)
    if not reasons:
        return None
    rules = load_catalog().offering.leads
    count = reply.result.recommendation.count if reply.result.recommendation else 0
    said = [i18n.t(reply.lang, f"console.reason_{r}", count=count, min=rules.min_gpus) for r in reasons]
    fields = leaddesk.lead_fields(reply, where, "auto")
    lead = {**fields, "id": None, "status": "new", "created_at": utc_now()}
    # The card in the sales channel's language (GPU_SIZER_LANG), as Slack would post it.
    card = leaddesk.card_text(leaddesk.card(lead, lang))
    return i18n.t(reply.lang, "console.lead", reasons=i18n.join(said, reply.lang)) + "\n" + _indent(card)


def _indent(text: str) -> str:
    return "\n".join("  │ " + line for line in text.splitlines())
