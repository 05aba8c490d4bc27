"""One request, from any surface (slash command, form, button, mention, DM, thread, console):
parse -> size -> render -> log. Listeners stay thin; everything a user sees is decided here.

Nothing here raises to the caller: a failure becomes a friendly message and a `failed` row in the log,
and a log that cannot be written never costs the user the answer.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import time
import uuid
from dataclasses import dataclass, field

import msgspec

from sizing import i18n
from sizing.catalog import ModelEntry, load_catalog, normalize
from sizing.compare import (
    Comparison,
    other_workload,
    others_of,
    weigh,
    weigh_choices,
    weigh_methods,
    weigh_reasoning,
    weigh_stages,
    weigh_together,
)
from sizing.engine import size
from sizing.errors import SizingError
from sizing.fits import NO_MODEL_ANSWERS
from sizing.names import ModelSource, name_index, resolve_model
from sizing.plan import pasted_name
from sizing.query import (
    Query,
    QueryError,
    changes_thread_models,
    clearly_written,
    compares_with_thread,
    keeps_one_model,
    opens_as_follow_up,
    parse,
)
from sizing.result import SizingResult
from sizing.several import Several, split
from sizing.workload import Workload

from . import blocks, fits_reply
from .blocks import Message
from .log import retention_statement as statement
from .logsetup import where_failed
from .today import today as today_in_brazil

logger = logging.getLogger(__name__)
# The repo ids that stand for a config.json pasted into a question, or a named model its pasted keys change
# (hub/pasted.py, imported only when one is).
PASTED = ("pasted/config-", "pasted/keys-")


def _pasted_module():
    """hub/pasted.py, imported for the first question with something pasted that it may read."""
    from hub import pasted

    return pasted


# Query errors that mean "say more" rather than "I could not read that".
# Raised while reading as the answer itself: embedding and reranking models alone (sizing/encoder_query.py).
ANSWERED = {"query.encoders", "query.speech", "query.concepts", "query.latency"}
NEEDS_INPUT = {
    "query.no_model",
    "missing_model",
    "query.series_size",
    "query.family_model",
    "query.residency",
    "query.residency_eu",
    "query.commercial",
    "query.bare_count",  # "e com 4?" where it could be GPUs or users: asked back
    "query.batch_volume",  # "e pra batch?" after people at once: how many items, in how long
    "pasted_beside_model",  # a config pasted beside a model named: compared, or the config alone?
    # a Slack message linked that could not be read: the question asks to be pasted
    "slack_link_elsewhere",
    "slack_link_not_found",
    "slack_link_failed",
}

# What a question's words say when they leave it to the Slack message they link to ("quanto precisa pra
# isso? <link>"): with that message unread, why is the answer, not "Não entendi".
LEFT_TO_THE_LINK = ("query.nothing_understood", "query.no_model")

# Answers with no model a thread follows up ("e com 20 usuários?" after "o que roda numa 4090?"); the list of
# what we rent has nothing to change.
FOLLOWED_NO_MODEL = ("query.what_fits", "query.suggest_models", "query.gpus_compared")


@dataclass
class Where:
    """Who asked, from where: decides the language, what may be shown, and what is logged."""

    surface: str
    user_id: str = "console"
    team_id: str | None = None
    channel_id: str | None = None
    channel_shared: bool = False
    user_external: bool = False
    user_locale: str | None = None
    event_id: str | None = None
    thread_ts: str | None = None

    @property
    def audience_external(self) -> bool:
        return self.channel_shared or self.user_external


@dataclass
class Reply:
    message: Message
    outcome: str  # answered | needs_input | not_understood | failed
    lang: str
    workload: Workload | None = None
    result: SizingResult | None = None
    query: Query | None = None
    payload: str | None = None  # the workload as encode() writes it, for the log
    missing_model: str | None = None  # a model named that the catalogue lacks (a refusal says which)
    comparison: Comparison | None = None  # the other model of "X ou Y?", sized beside the first
    # An answer with no model (what fits on a GPU, the models suggested): the question's workload, model "",
    # for a thread's follow-ups to change ("e com 20 usuários?"); logged as before, with no workload.
    no_model: Workload | None = None
    request_key: str = field(default_factory=lambda: new_key())
    # The rows of the other questions a message held (sizing/several.py), logged with this reply's: a reply
    # Slack does not take fails them all.
    other_keys: tuple[str, ...] = ()
    _text: str = field(default="", repr=False)

    @property
    def request_keys(self) -> tuple[str, ...]:
        """Every request-log row this reply answers."""
        return (*self.other_keys, self.request_key)

    @property
    def follow_from(self) -> Workload | None:
        """What a thread's (a DM's, the console's) next message follows up: the workload answered, or the
        question with no model."""
        return self.workload if self.workload is not None else self.no_model

    @property
    def text_answer(self) -> str:
        """The reply as plain text (the console prints it). An answer's is rendered the first time it is
        read: Slack uses the blocks, and every other surface would render it for nothing."""
        if not self._text and self.result is not None:
            from .rendering import render_text

            self._text = render_text(self.result, self.query, self.comparison)
        return self._text

    @text_answer.setter
    def text_answer(self, text: str) -> None:
        self._text = text


class Pipeline:
    def __init__(
        self,
        log,
        default_lang: str = "pt-BR",
        retention_days: int = 180,
        on_answer=None,
        hub=None,
        today=None,
    ) -> None:
        self.log = log
        # The day a deadline said as a date counts from (bot/today.py; tests pass their own).
        self.today = today or today_in_brazil
        # Reads repos the catalogue lacks from the Hugging Face Hub within a small time budget (hub.service).
        self.hub = hub
        self.default_lang = i18n.lang_of(default_lang)
        self.retention_days = retention_days
        # Called with (reply, where) after each answer (the lead desk decides whether sales should call).
        self.on_answer = on_answer
        # The same questions come back all day ("70b 4bit"): their parse and their rendered answer are kept.
        # Both are pure functions of what keys them; messages are never changed after rendering.
        self._parsed = LRU(1024)
        self._rendered = LRU(512)
        # Whether a text holds several questions (sizing/several.py), by the parse's key: a question asked
        # again is not split again. A text that holds one keeps ONE, since the cache's miss is None.
        self._split = LRU(1024)
        # A parsed question's workload in the language it is answered in, with the JSON its buttons and
        # its log row carry: built once per (question, language), not copied and encoded per request.
        self._in_lang = LRU(1024)
        # Models read from a config.json pasted into a question, by the repo id that stands for them
        # (hub/pasted.py): buttons and threads come back to them after the question.
        self._pasted = LRU(256)

    def cache_stats(self) -> dict:
        """Lookups and hits of the answer caches: questions parsed, answers sized, messages rendered."""
        from sizing.engine import cache_stats

        caches = {"parse": self._parsed, "render": self._rendered}
        return {**{name: {"lookups": c.hits + c.misses, "hits": c.hits} for name, c in caches.items()},
                "size": cache_stats()}  # fmt: skip

    def _key(self, text: str, base: Workload | None) -> tuple:
        """What a reading of `text` depends on: the text, the workload it follows, and the day ("até o fim
        do mês" moves)."""
        return (text, msgspec.json.encode(base) if base is not None else None, self.today())

    def _parse(self, text: str, base: Workload | None) -> Query:
        key = self._key(text, base)
        day = key[2]
        query = self._parsed.get(key)
        if query is None:
            try:
                query = parse(text, base=base, today=day)
                query.text, query.base = key[:2]
            except QueryError as e:
                query = e  # a refusal is as repeatable as an answer
            self._parsed.put(key, query)
        if isinstance(query, QueryError):
            raise query
        return query

    def _read_pasted(self, text: str, base: Workload | None = None) -> Query:
        """The question read, with a model's config.json (or its keys) pasted in it replaced by the repo id
        that stands for it, the config read and kept (here, and in the Hub's cache on disk that every worker
        shares, for a button pressed on another). Keys beside a model the question names change that model."""
        if "{" not in text and "_" not in text and "architectures" not in text:
            return self._parse(text, base)
        pasted = _pasted_module()

        found = pasted.find(text)
        if found is None:
            return pasted.or_other_file(text, lambda: self._parse(text, base))
        if not found.whole:
            try:
                query = self._parse(found.rest, base)
            except QueryError:
                query = None
            if (query is None or query.workload is None) and base is not None:
                query = Query(
                    workload=base
                )  # keys alone in a thread ("num_key_value_heads: 32"): its model's
            if query is not None and query.workload is not None:
                named = self._entry(query.workload.model)
                repo, model = (
                    pasted.over(found, named) if named else pasted.unread(found, query.workload.model)
                )
                self._keep(repo, model)
                return msgspec.structs.replace(query, workload=query.workload.but(model=repo))
        if self._pasted.get(found.repo) is None:
            try:
                self._keep(found.repo, pasted.read(found))
            except pasted.UnreadableConfig as refused:
                self._pasted.put(found.repo, refused)  # raised when the question is answered
        return self._parse(pasted.question_text(found, lambda read: self._parse(read, base)), base)

    def _keep(self, repo: str, model) -> None:
        """A pasted model (or why it cannot be sized, raised when the question is answered), kept for its
        buttons: a model also in the Hub's cache, where another worker finds it."""
        self._pasted.put(repo, model)
        if self.hub is not None and not isinstance(model, SizingError):
            self.hub.remember(repo, model)

    def _entry(self, model: str):
        """The architecture the model a question names has for pasted keys to change: the catalogue's (or the
        shape a size stands for), a pasted one's, or the Hub's reading of a repo; None for a repo not read."""
        from hub.repoid import wants_repo

        catalog = load_catalog()
        try:
            if wants_repo(model, catalog):
                source = self._source(model, catalog)
                return source.model if source is not None else None
            return resolve_model(model, catalog).model
        except SizingError:
            return None

    def _source(self, model: str, catalog) -> ModelSource | None:
        """What the model's own files say: a pasted config's reading, or the Hub's for a repo we lack."""
        if model.startswith(PASTED):
            read = self._pasted.get(model)
            if read is None and self.hub is not None:
                read = self.hub.recall(model)
            if isinstance(read, SizingError):
                raise read
            if read is None:
                raise SizingError("pasted_gone", "model_examples")
            return ModelSource(model, read)
        return self.hub.source_for(model, catalog) if self.hub is not None else None

    def _pasted_name(self, repo: str, lang: str) -> str:
        """What the answers call a pasted model ("modelo de 12,6B do config.json colado"), for a refusal that
        names it by its id."""
        read = self._pasted.get(repo) or (self.hub.recall(repo) if self.hub is not None else None)
        if not isinstance(read, ModelEntry):
            return i18n.t(lang, "model.pasted_unread")
        return pasted_name(read, lang)

    def names_model(self, text: str) -> bool:
        """Whether the text names a model of its own: then it is a new question, not a follow-up to the
        last answer in a thread, a DM or the console."""
        try:
            workload = self._read_pasted(text).workload
        except SizingError:
            return False
        # keys pasted with no model (a thread's "num_key_value_heads: 32") change the thread's model
        return workload is not None and not (
            workload.model.startswith(PASTED) and isinstance(self._pasted.get(workload.model), SizingError)
        )

    def _names_two_models(self, text: str) -> bool:
        """Whether the text weighs two models of its own ("compare o llama 70b com o qwen 72b")."""
        try:
            workload = self._read_pasted(text).workload
        except SizingError:
            return False
        return workload is not None and bool(workload.model_choices)

    def is_new_question(self, text: str, base: Workload | None = None) -> bool:
        """A message after an answer (a thread, a DM, the console) that names a model is a new question,
        unless it opens as a follow-up ("e com o qwen3 32b?", "what about mistral small?"): then it changes
        the model and keeps the rest of the last answer's workload. After an answer with no model (`base`'s
        no_model), so is another question answered with no model ("quais GPUs vocês têm?", "qual modelo
        recomendam para RAG?" after "o que roda numa 4090?")."""
        if opens_as_follow_up(text) or (
            base is not None
            and (changes_thread_models(text) or (base.model_choices and keeps_one_model(text)))
        ):
            return False
        if (
            base is not None
            and base.model
            and not base.model_choices
            and compares_with_thread(text)
            and not self._names_two_models(text)
        ):
            return False  # "compare com o qwen 14b": weighed against the thread's model, its load kept
        if self.names_model(text) or self._several(text) is not None:
            return True  # a model of its own, or questions of their own ("1) llama 8b ... 2) qwen 7b ...")
        if base is None or not base.no_model:
            return False
        try:
            self._parse(text, None)
        except QueryError as e:
            # A question answered alone as another kind ("quanto custa?": the list we rent) that the thread
            # reads as its own kind is the thread's; one answered alone as the thread's kind ("o que roda numa
            # 4090?" under what fits) is a new question, its load its own.
            return e.key in NO_MODEL_ANSWERS and not (
                e.key != base.no_model and self._same_answer_in_thread(text, base)
            )
        except SizingError:
            return False
        return False

    def reads_the_same(self, before: str, after: str, base: Workload | None = None) -> bool:
        """Whether an edited question reads as it did (an accent fixed, a letter's case, words moved that
        say the same): answered again, the answer would be the same one, logged once more. Anything read
        differently, a word the reader had corrected now typed right included (the answer drops the
        correction), is a new reading."""
        if before == after:
            return True
        if self.holds_several(before, base) or self.holds_several(after, base):
            return False
        try:
            first, second = self._parse(before, base), self._parse(after, base)
        except SizingError:  # a refusal is answered again: the edit may be what makes it answerable
            return False

        def reading(query: Query) -> bytes:
            return msgspec.json.encode(msgspec.structs.replace(query, text=None, base=None))

        return reading(first) == reading(second)

    def _same_answer_in_thread(self, text: str, base: Workload) -> bool:
        """ "quanto custa?", "qual o preço?" under what fits on an L40S: alone they ask for the price list, but
        read in the thread they are the thread's own answer with its price (they had listed every GPU we rent)."""
        try:
            self._parse(text, base)
        except QueryError as e:
            return e.key == base.no_model
        except SizingError:
            return False
        return False

    # -- language --------------------------------------------------------------------------------

    def lang_for(
        self, where: Where, query: Query | None = None, base: Workload | None = None, text: str | None = None
    ) -> str:
        """Asked for in the text, else the language the text is plainly written in (a reply in English under
        a Portuguese thread: "and with 4 h100s?"), else the user's Slack locale (the language they read in),
        else the language the text is written in (in a thread: the thread's, so "and 20 users?", too short
        to say, does not switch a Portuguese conversation to English), else the default. A variety any of them
        names refines its family's language: a Brazilian Slack asking with Portugal's words ("utilizadores em
        simultâneo") gets pt-PT."""
        asked = query.lang if query is not None else None
        written = query.written_lang if query is not None else None
        return self._lang(asked, where, base, written, text)

    def _lang(
        self, asked: str | None, where: Where, base: Workload | None, written: str | None, text: str | None
    ) -> str:
        plainly = clearly_written(text) if text else None
        return i18n.answer_lang(
            asked, plainly, where.user_locale, base.lang if base is not None else written, self.default_lang
        )

    def show_prices(self, where: Where) -> bool:
        """Prices go to staff; to customers in shared channels only when the offering makes them public."""
        return not where.audience_external or load_catalog().offering.prices_public

    # -- entry points ----------------------------------------------------------------------------

    def ask(
        self, text: str, where: Where, base: Workload | None = None, unread_link: str | None = None
    ) -> Reply:
        """A question in words (or a follow-up to `base`); a message that holds several, each answered (in a
        thread, "e pra 400? e pra 800?": each a follow-up of its question). `unread_link`: why the Slack
        message the question links to could not be read (bot/slack_client.py read_links), said in place of
        "Não entendi" when the words beside the link ask nothing of their own."""
        several = self._several(text, base)
        if several is not None:
            return self._ask_several(several, where, base)
        return self._ask_one(text, where, base, unread_link)

    def holds_several(self, text: str, base: Workload | None = None) -> bool:
        """Whether the message holds several questions, each answered (after `base`, the thread's)."""
        return self._several(text, base) is not None

    def _several(self, text: str, base: Workload | None = None):
        """The questions of a message that holds several (sizing/several.py), or None."""
        if "{" in text or ("_" in text and _pasted_module().one_question(text)):
            return None  # a pasted config.json or its keys: one model's question
        key = self._key(text, base)
        found = self._split.get(key)
        if found is None:
            try:
                found = split(text, self._parse, base) or ONE
            except Exception as error:  # reading it as several must never cost the answer to it as one
                logger.error("splitting a message failed: %s", where_failed(error))
                return None
            self._split.put(key, found)
        return None if found is ONE else found

    def _ask_several(self, several: Several, where: Where, base: Workload | None = None) -> Reply:
        """Each question answered and logged as its own request (a part with no model follows the part
        before it, as a thread's follow-up does; the first, the thread's `base`); the reply holds them all, and
        what a thread follows up is the last one's."""
        replies = []
        for part in several.parts:
            reply = self._ask_one(part.text, where, base if part.follows else None)
            replies.append(reply)
            base = reply.follow_from or base
        last = replies[-1]
        lang = next((r.lang for r in replies if r.outcome == "answered"), last.lang)
        total = len(replies)
        note = None
        if several.asked > total:
            note = i18n.t(lang, "several.too_many", asked=several.asked, max=total)
        answers = [(part.text, reply.message) for part, reply in zip(several.parts, replies, strict=True)]
        message = blocks.several(answers, lang, note)
        said = [
            i18n.t(lang, "several.header", n=n, total=total, text=part.text)
            + "\n\n"
            + reply.text_answer.rstrip()
            for n, (part, reply) in enumerate(zip(several.parts, replies, strict=True), 1)
        ]
        combined = Reply(message, last.outcome, lang, last.workload, last.result, last.query, last.payload,
                         comparison=last.comparison, no_model=last.no_model, request_key=last.request_key,
                         other_keys=tuple(r.request_key for r in replies[:-1]))  # fmt: skip
        combined.text_answer = "\n\n".join(said + ([note] if note else []))
        return combined

    def _ask_one(
        self, text: str, where: Where, base: Workload | None = None, unread_link: str | None = None
    ) -> Reply:
        started = time.perf_counter()
        lang = self.lang_for(where)
        query = None
        try:
            # A pasted config.json is read here; the log keeps the question as it was asked.
            query = self._read_pasted(text, base)
            lang = self.lang_for(where, query, base, text)
            if query.help:
                return self._finish(
                    Reply(blocks.help_message(lang, log=query.help_log), "needs_input", lang, query=query),
                    where,
                    text,
                    started,
                )
            workload, payload = self._in_language(query, lang)
            return self._answer(workload, where, text, started, query, payload)
        except SizingError as e:
            if query is None and isinstance(e, QueryError):
                # Refused while reading: in the language the answer would have been in (lang_for).
                lang = self._lang(e.asked_lang, where, base, e.written_lang, text)
            if unread_link and e.key in LEFT_TO_THE_LINK:
                # the question was in the message linked: why it was not read, and what to do
                e = SizingError(f"slack_link_{unread_link}", "slack_link")
            if e.key in NO_MODEL_ANSWERS and isinstance(e, QueryError):
                return self._what_fits(e, where, text, started, lang)
            return self._refuse(e, where, text, started, lang, query)
        except Exception as e:  # an engine bug must not reach the user as a traceback
            return self._failed(e, where, text, started, lang)

    def _in_language(self, query: Query, lang: str) -> tuple[Workload, str]:
        """The question's workload answered in `lang`, and its JSON (encode), kept with the parsed question:
        both are pure functions of it, and the parse cache hands the same Query back for the same text. The
        entry holds its Query, so an id reused after the parse cache let go of one never matches."""
        key = (id(query), lang)
        kept = self._in_lang.get(key)
        if kept is None or kept[0] is not query:
            workload = query.workload.but(lang=lang)
            kept = (query, workload, encode(workload))
            self._in_lang.put(key, kept)
        return kept[1], kept[2]

    def _what_fits(self, e: QueryError, where: Where, text: str, started: float, lang: str) -> Reply:
        """ "qual o maior modelo que cabe numa H100?": the largest models the GPUs named hold; "qual modelo vocês
        recomendam?": the suggested models sized for the workload; "quais GPUs vocês têm?": the GPUs we rent
        (sizing/fits.py)."""
        answer = NO_MODEL_ANSWERS[e.key]
        try:
            fits = answer({**e.given, "lang": lang}, load_catalog())
            show_prices = self.show_prices(where)
            asked = e.availability_asked
            reply = Reply(fits_reply.message(fits, lang, show_prices, asked), "answered", lang)
            reply.text_answer = fits_reply.text(fits, lang, show_prices, asked)
            if e.key in FOLLOWED_NO_MODEL:
                kept = {k: v for k, v in e.given.items() if k in Workload.__struct_fields__}
                try:
                    reply.no_model = Workload.given({**kept, "model": "", "no_model": e.key, "lang": lang})
                except ValueError:  # a value no workload takes: the answer stands, with nothing to follow up
                    reply.no_model = None
        except SizingError as refused:
            return self._refuse(refused, where, text, started, lang, None)
        except Exception as bug:  # raised inside ask()'s handler: its own except would not catch it
            return self._failed(bug, where, text, started, lang)
        return self._finish(reply, where, text, started)

    def recompute(self, workload: Workload, where: Where, text: str = "") -> Reply:
        """A workload from a button or the form: no parsing, same everything else."""
        started = time.perf_counter()
        lang = i18n.lang_of(workload.lang)
        try:
            return self._answer(workload, where, text, started, None)
        except SizingError as e:
            return self._refuse(e, where, text, started, lang, None)
        except Exception as e:
            return self._failed(e, where, text, started, lang)

    # -- the three endings -----------------------------------------------------------------------

    def _answer(
        self,
        workload: Workload,
        where: Where,
        text: str,
        started: float,
        query: Query | None,
        payload: str | None = None,
    ) -> Reply:
        catalog = load_catalog()
        looked_up = time.perf_counter()
        source = self._source(workload.model, catalog)
        result = size(workload, catalog, source)
        lang = i18n.lang_of(workload.lang)
        show_prices = self.show_prices(where)
        if workload.compare_zero and result.workload.stage != "inference":  # "zero-2 ou zero-3?"
            comparison, other_source = weigh_stages(result, workload, catalog, show_prices, source), None
        elif workload.compare_stages and result.workload.stage != "inference":  # "lora ou qlora?"
            comparison, other_source = weigh_methods(result, workload, catalog, show_prices, source), None
        elif workload.compare_reasoning and result.workload.stage == "inference":  # "com e sem raciocínio?"
            comparison, other_source = weigh_reasoning(result, workload, catalog, show_prices, source), None
        else:
            comparison, other_source = self._compare(query, workload, result, catalog, show_prices, looked_up)
        disclosure = None
        # Told once per conversation wherever a customer reads it: a shared channel, and a direct message
        # (or any channel) where someone from another organisation, or a guest, asks.
        if where.audience_external and where.channel_id and self.log.first_disclosure(where.channel_id):
            disclosure = i18n.t(lang, "slack.disclosure", retention=statement(self.retention_days, lang))
        payload = payload or encode(workload)
        share = where.surface in ("slash_command", "form", "button", "shortcut")
        # The question's words (and the thread's last answer) decide the "Entendi:" lines, the workload the
        # rest: together they key the rendered message.
        asked = (query.text, query.base) if query is not None else None
        key = (payload, id(catalog), asked, disclosure, show_prices, share, source.key if source else None,
               other_source.key if other_source else None)  # fmt: skip
        message = self._rendered.get(key)
        if message is None:
            message = blocks.answer(
                result,
                query,
                disclosure=disclosure,
                show_prices=show_prices,
                payload=payload,
                share=share,
                comparison=comparison,
            )
            self._rendered.put(key, message)
        reply = Reply(
            message, "answered", lang, workload, result, query, payload=payload, comparison=comparison
        )
        reply = self._finish(reply, where, text, started)
        if self.on_answer is not None:
            try:
                self.on_answer(reply, where)
            except Exception as error:  # whatever follows an answer must not cost the answer
                logger.error("on_answer hook failed: %s", where_failed(error))
        return reply

    def _compare(self, query, workload, result, catalog, show_prices, looked_up):
        """The other model of "X ou Y?" (Query.model_choices), sized for the same workload beside the first,
        and what the Hub said of it when it is a repo; (None, None) when the question offers no other. Both
        the other's words and its sizing are kept (the parse and size caches), so a question asked again
        costs no more. The Hub gets what is left of the question's budget after the first model's read."""
        # A button's answer has no question: the choices its workload carries.
        choices = query.model_choices if query is not None else workload.model_choices or []
        together = query.together if query is not None else bool(workload.together)
        if not choices:
            return None, None
        if len(choices) > 1:
            return self._together(choices, workload, result, catalog, show_prices, looked_up, together), None
        typed = choices[0]
        try:
            named = self._parse(typed, None)
            other = other_workload(workload, named)
            source = self._other_source(other.model, catalog, looked_up)
        except SizingError as e:
            if typed.startswith(PASTED):
                raise  # the pasted model cannot be sized: said as for it alone, as gpu-size says it
            return weigh(result, typed, e, catalog, show_prices), None
        return (
            weigh(
                result,
                typed,
                other,
                catalog,
                show_prices,
                source,
                named.corrections,
                together=together,
                workload=workload,
            ),
            source,
        )

    def _other_source(self, model: str, catalog, looked_up: float) -> ModelSource | None:
        """What another model of the question's own files say: a pasted one's reading (kept here, or by the
        worker that read it), or the Hub's within what is left of the question's budget."""
        if model.startswith(PASTED):
            return self._source(model, catalog)
        if self.hub is None:
            return None
        left = max(0.0, self.hub.budget_s - (time.perf_counter() - looked_up))
        return self.hub.source_for(model, catalog, budget_s=left)

    def _together(self, choices, workload, result, catalog, show_prices, looked_up, together) -> Comparison:
        """Three or four models on one GPU ("llama 8b, qwen 7b e mistral 7b juntos"), or one model's setups to
        choose between ("em 16 bits, 8 ou 4?"): each other one sized for the same workload, as for two (the Hub
        read within what is left of the question's budget)."""

        def source_for(model: str):
            try:
                return self._other_source(model, catalog, looked_up)
            except SizingError:
                return None  # a pasted model no longer kept: that side says it cannot be sized

        others = others_of(choices, workload, lambda typed: self._parse(typed, None), source_for)
        if not together:
            return weigh_choices(result, others, catalog, show_prices)
        return weigh_together(result, others, catalog, show_prices, workload=workload)

    def _refuse(self, e: SizingError, where, text, started, lang, query) -> Reply:
        if self.hub is None or not self.hub.enabled:
            e.hub_off()  # no repo is read here: what is, its config.json pasted
        # A subject that asks for no sizing (sizing/topics.py) is answered, then asks for the model to size.
        topic = e.key.startswith("query.topic_")
        outcome = (
            "answered" if e.key in ANSWERED
            else "needs_input" if e.key in NEEDS_INPUT or topic
            else "not_understood"
        )  # fmt: skip
        for name, value in e.params.items():
            if isinstance(value, str) and value.startswith(PASTED):
                e.params[name] = self._pasted_name(
                    value, lang
                )  # an id no user knows, named as answers name it
        if "retention_days" in e.params:
            e.params["retention_days"] = self.retention_days  # what the request log says, as configured
        # Prices only where the answer has them and this person may see them (as a model's answer).
        priced = e.priced and self.show_prices(where)
        key = ("refusal", e.key, e.hint_key, repr(sorted(e.params.items())), lang, priced)
        message = self._rendered.get(key)
        if message is None:
            message = blocks.error(e, lang, show_prices=priced)
            self._rendered.put(key, message)
        reply = Reply(message, outcome, lang, query=query)
        said = e.priced_message(lang) if priced else e.message(lang)
        reply.text_answer = "\n".join(filter(None, [said, e.hint(lang)]))
        # A model the catalogue lacks is worth knowing about: gpu-log gaps counts them.
        named = e.key.startswith("unknown_model") or e.key == "query.closed_model"
        reply.missing_model = e.params.get("name") if named else None
        return self._finish(reply, where, text, started, error_key=e.key)

    def _failed(self, e: Exception, where, text, started, lang) -> Reply:
        logger.error("sizing failed (surface %s): %s", where.surface, where_failed(e))
        message = i18n.t(lang, "slack.failed")
        reply = Reply(blocks.notice(message), "failed", lang)
        reply.text_answer = message
        return self._finish(reply, where, text, started, error_key=type(e).__name__)

    def _finish(
        self, reply: Reply, where: Where, text: str, started: float, error_key: str | None = None
    ) -> Reply:
        r = reply.result
        rec = r.recommendation if r else None
        row = {
            "request_key": reply.request_key,
            "surface": where.surface,
            "team_id": where.team_id,
            "channel_id": where.channel_id,
            "channel_shared": int(where.channel_shared),
            "user_id": where.user_id,
            "user_external": int(where.user_external),
            "text": text,
            "workload": reply.payload or (encode(reply.workload) if reply.workload else None),
            "outcome": reply.outcome,
            "error_key": error_key,
            "model_id": r.workload.model.id if r else None,
            "stage": r.workload.stage if r else None,
            "precision": r.workload.precision if r else None,
            "total_bytes": r.memory.total if r else None,
            "recommendation": f"{rec.count}× {rec.gpu_name}" if rec else None,
            "recommendation_gpu": rec.gpu if rec else None,
            "recommendation_count": rec.count if rec else None,
            "contract_mode": r.contract.mode if r else None,
            "duration_ms": round((time.perf_counter() - started) * 1000, 2),
            "lang": reply.lang,
            "event_id": where.event_id,
            "unknown_words": (reply.query.unknown or None) if reply.query is not None else None,
            "missing_model": reply.missing_model or _stand_in(reply),
        }
        self.log.record(row)
        return reply


# Where an answer's architecture came from (sizing.result.ModelInfo.source) when the catalogue lacks the
# model asked for: read from the Hub, or a catalogue model chosen by the repo's name or family.
NOT_IN_CATALOG = ("hub", "name", "family")


def _stand_in(reply: Reply) -> str | None:
    """The model as asked when the catalogue lacks it: a repo read from the Hub or sized by its name or
    family ("deepseek-ai/DeepSeek-V4"), or a name read as the nearest catalogue model ("phi-5 14b" as
    Phi-4 14B)."""
    if reply.result is None:
        return None
    if reply.workload is not None and reply.workload.family_typed:
        return reply.workload.family_typed  # "granite 3.3 8b", sized by its size
    info = reply.result.workload.model
    if info.source in NOT_IN_CATALOG and reply.workload is not None:
        return reply.workload.model
    if reply.query is None:
        return None

    def names_it(name: str) -> bool:
        # A derivative is answered as "its name (arquitetura do ...)": a typo read as its name names it too.
        if name == info.name or not info.derived_from:
            return name == info.name
        found = name_index(load_catalog().models).get(normalize(name))
        return getattr(found, "id", None) == info.id

    return next((typed for typed, name in reply.query.corrections if names_it(name)), None)


def encode(workload: Workload) -> str:
    """The workload as the buttons carry it: compact JSON of what differs from the defaults."""
    return json.dumps(workload.non_defaults(), separators=(",", ":"))


def decode(payload: str) -> Workload:
    """The workload a button's value carries (encode() wrote it). ValueError for any other value: one nested
    deeper than the parser recurses (a forged or corrupted value; Slack allows 2,000 characters) had raised
    RecursionError, past every caller's `except ValueError`, and the button said nothing."""
    try:
        return Workload.given(json.loads(payload))
    except RecursionError:
        raise ValueError("the button's value nests too deep to be one of ours") from None


__all__ = ["Pipeline", "QueryError", "Reply", "Where", "decode", "encode"]


class LRU:
    """A bounded map for caches of values that never change once computed. No lock: under the GIL a
    dict's get and set are atomic, and the worst a race can do is compute a value twice. When full it
    starts over, which keeps it simple and the hot path free of contention (8 threads share it)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: dict = {}
        # How often a lookup found its value (make bench reports it). Plain counters: under the GIL a race
        # can lose an increment now and then, which a rate shown to one decimal does not notice.
        self.hits = self.misses = 0

    def get(self, key):
        found = self._items.get(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, key, value) -> None:
        if len(self._items) >= self.size:
            self._items = {}
        self._items[key] = value


# What the split cache keeps for a text that holds one question (its misses are None).
ONE = object()

_KEYS = itertools.count()
_PREFIX = f"{os.getpid():x}-{uuid.uuid4().hex[:8]}"


def new_key() -> str:
    """A unique request key without a system call per request (uuid4 reads the OS's random source)."""
    return f"{_PREFIX}-{time.time_ns():x}-{next(_KEYS):x}"
