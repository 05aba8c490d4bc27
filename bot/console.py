"""The local console: the Slack pipeline (parse -> size -> render -> log) at a terminal prompt, so the
assistant runs with no Slack workspace at all. Like a Slack thread, it keeps the conversation: after an
answer, "e se for em 8 bits?" or "and 20 users?" changes only what it names; a question that names a model
starts over."""

from __future__ import annotations

import sys
from typing import TextIO

from sizing import i18n
from sizing.catalog import load_catalog
from sizing.vocabulary import load_vocabulary, strip_accents

from .desks import leaddesk
from .log import utc_now
from .pipeline import Pipeline, Where
from .rendering import render_help


def _quit_words() -> frozenset[str]:
    return load_vocabulary().plain("words.quit")


def run(
    pipeline: Pipeline,
    db_path: str,
    lang: str = "pt-BR",
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> int:
    lang = i18n.lang_of(lang)
    interactive = stdin.isatty()
    print(i18n.t(lang, "console.banner", db=db_path), file=stdout)
    where = Where(surface="console", user_id="console")
    base = None  # the workload of the last answer: what a follow-up changes
    quit_words = _quit_words()
    while True:
        if interactive:
            print("\n/gpu ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            break  # end of input: a piped script or Ctrl-D
        text = line.strip()
        if strip_accents(text) in quit_words:
            break
        if not text:
            continue
        if not interactive:
            print(f"\n/gpu {text}", file=stdout)
        reply = pipeline.ask(
            text, where, base=base if base is not None and not pipeline.is_new_question(text, base) else None
        )
        if reply.follow_from is not None:
            base = reply.follow_from
        if reply.query is not None and reply.query.help:
            print(render_help(reply.lang, log=reply.query.help_log), file=stdout)
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
    fields = leaddesk.lead_fields(reply, where, "auto", lang)
    lead = {**fields, "id": None, "status": "new", "created_at": utc_now()}
    # The card in the sales channel's language (GPU_SIZER_LANG), as Slack would post it.
    card = leaddesk.card_text(leaddesk.card(lead, lang))
    return i18n.t(reply.lang, "console.lead", reasons=i18n.join(said, reply.lang)) + "\n" + _indent(card)


def _indent(text: str) -> str:
    return "\n".join("  │ " + line for line in text.splitlines())
