"""Traffic in words: "200 requisições por minuto, prompts de 2 mil tokens e respostas de 500", "5,000
employees", "primeira resposta em menos de 2 s", "quanto custa por mês?".

The words live in sizing/data/traffic_words.toml (Brazilian and European Portuguese, English); this module
builds the patterns from them. sizing/query.py runs `take` before its own patterns, so "2 mil tokens" of a
prompt is not read as a context, nor "5000 funcionários" as conversations at once.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from . import prefilter, regexes, tomlfiles
from .catalog import DATA_DIR, CatalogError
from .quantities import parse_amount, parse_count
from .vocabulary import kept_group, strip_accents

# Work said to run whenever, in a batch ("em lote", "offline", "a qualquer hora"): no busiest hour, the
# period's average its pace (sizing/query.py for an LLM's volume, sizing/speech_query.py for audio).
OFFLINE = regexes.compile(
    r"\boffline\b|\bem\s+lotes?\b|\bbatch\s+(?:job|processing|offline)\b|\bprocessamento\s+em\s+lote\b"
    r"|\ba\s+qualquer\s+hora\b|\bat\s+any\s+time\b|\bao\s+longo\s+do\s+dia\b|\bthroughout\s+the\s+day\b"
)

# A number as people type it ("2 mil", "2k", "2.000", "1,5 mil", "20k", "1.2M"); its unit multiplies it.
# "2k+ employees": the plus of "at least" before a space
_NUM = r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(k|mil|mi|milhoes|milhao|millones|millon|millions?|m)?(?![\w])(?:\+(?=\s))?"
# "in" said as when, not as a prompt's side: "200 in 6 months", "in a year", "in the next quarter"
_IN_TIME = (
    r"\s+(?:(?:\d+(?:[.,]\d+)?|an?|one|two|three|six|the(?:\s+next)?|next)\s+)?"
    r"(?:days?|weeks?|months?|quarters?|years?|q[1-4])\b"
)
# The days of a week's peak ("às segundas", "on mondays", "nos fins de semana").
WEEKDAYS = (
    r"(?:(?:segunda|terca|terça|quarta|quinta|sexta)s?(?:-feiras?)?|s[aá]bados?|domingos?|fins?\s+de\s+semana"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?)\b"
)
_PLAIN = r"(?<![\w.,])(\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?)"  # "20,000" before "2,5"
_SECONDS = r"(ms|milissegundos?|milliseconds?|s|seg|segundos?|seconds?|secs?)(?![\w])"
_BLANKS = regexes.compile(r"\s+")  # "por  segundo" is the word list's "por segundo"
# A count right before a phrase ("2 mil " before "documentos de 30 páginas"), the text's end.
_COUNT_BEFORE = regexes.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)*\s*(?:k|m|mil|mi|milhoes|milhao|millones|millon|millions?|thousands?)?\s+(?:(?:de|of)\s+)?$"
)
_LETTERS = regexes.compile(r"[a-z]+")
# A monthly volume's unit: not seconds, only a key (the days it spreads over are in traffic.toml).
MONTH = -1
WEEK = -2  # a week's volume: its days of use are traffic.toml's (sizing/plan.py)
# The field a volume counted over a day, a week or a month is given in.
VOLUME_KEYS = {86400: "requests_per_day", WEEK: "requests_per_week", MONTH: "requests_per_month"}
# Money right before a count: a budget or a price, never a volume ("orçamento de 2 mil por mês", "R$ 2 mil").
_MONEY_BEFORE = regexes.compile(
    r"(?:r\$|us\$|\$|€|orcamento|budget|custo|cost|gastar|spend|pagar|pay|preco|price|reais)\W*(?:de\s+|of\s+|ate\s+|up\s+to\s+)?"
    r"(?:uns\s+|umas\s+|cerca\s+de\s+|about\s+|~)?$"
)
_COUNT_UNITS = {
    "k": "k",
    "mil": "mil",
    "mi": "mi",
    "milhoes": "mi",
    "milhao": "mi",
    "millones": "mi",  # Spanish
    "millon": "mi",
    "million": "mi",
    "millions": "mi",
    "m": "mi",
}


# What a phrase sets, (field, value) pairs, and the (start, end) spans of the working text it takes.
Taken = tuple[list[tuple[str, Any]], list[tuple[int, int]]]


# The most pieces (documents, chunks) a question can mean to put in one prompt: more are a volume of items.
MOST_PIECES_IN_A_PROMPT = 100


def _pieces_prompt(m: re.Match) -> int | None:
    """ "3 documentos de 10 mil tokens" in one prompt: their tokens together (None past a few pieces)."""
    at = 1 if m.group(1) else 5  # the chunks' sizes said with no unit are the second way's groups
    pieces, each = _count(m.group(at), m.group(at + 1)) or 0, _count(m.group(at + 2), m.group(at + 3)) or 0
    return (pieces * each or None) if pieces <= MOST_PIECES_IN_A_PROMPT else None


# A card as named in a price question: "h100", "l40s", "rtx 4090", "nvidia a100" (letters then digits).
_CARD_NAME = r"(?:nvidia\s+|rtx\s+)?[a-z]{1,3}\s?\d{2,4}[a-z]?\b"
CARD_NAME = (
    _CARD_NAME  # a card's name, as people type it ("h100", "rtx 4090"), for the readers of sizing/query.py
)


# A peak past this many times the average of a whole day is no multiple anyone measures: left unread.
MOST_PEAK_FACTOR = 24


def _alternatives(words) -> str:
    """Longest first, spaces as any run of blanks or a hyphen ("time-to-first-token", "ponta-a-ponta"); kept
    for the next process with the word lists' groups (sizing/vocabulary.py kept_group)."""
    return kept_group("traffic_query", tuple(words), _build_alternatives)


def _build_alternatives(words: tuple[str, ...]) -> str:
    return "|".join(
        re.escape(w).replace(r"\ ", r"(?:\s+|\s*-\s*)") for w in sorted(words, key=len, reverse=True)
    )


# "quanto" as people type it in chat: "qnto fica reservado?", "qto sai por mês?" ("fica" had been left not
# understood after "qnto", which only "qnto custa" had been listed with).
_QUANTO_TYPED = ("qto", "qnto", "qnt", "qt")


def _chat_spellings(words) -> list[str]:
    """The phrases, and each one that opens with "quanto" also with the chat spellings of it."""
    out = list(words)
    out += [
        f"{typed} {w[len('quanto ') :]}" for w in words if w.startswith("quanto ") for typed in _QUANTO_TYPED
    ]
    return list(dict.fromkeys(out))


# A RAG prompt's own question said by its length beside the retrieved chunks: "pergunta de 100 tokens",
# "question of 50 tokens", "query de 80 tokens", "100-token question".
_QUESTION_BESIDE = regexes.compile(
    rf"\b(?:perguntas?|questions?|query|queries|consultas?)\s+(?:do\s+usuario\s+|do\s+utilizador\s+|of\s+the\s+user\s+)?"
    rf"(?:de|of|with|com)\s+(?:ate\s+|~\s*|cerca\s+de\s+|about\s+)?{_NUM}\s*(?:tokens?|toks?)\b"
    rf"|{_NUM}[-\s]*(?:tokens?|toks?)\s+(?:questions?|query|perguntas?)\b"
)


def _count(number: str, unit: str | None) -> int | None:
    return parse_count(number + _COUNT_UNITS.get(unit or "", ""))


def _amount(number: str, unit: str | None) -> float | None:
    """A rate's count keeps its fraction: "1,5 requisições por segundo", "0.5 req/s"."""
    return parse_amount(number + _COUNT_UNITS.get(unit or "", ""))


def _float(text: str) -> float:
    """ "2,5" and "2.5" are 2.5; "20,000" and "20.000" (a thousands separator before three digits) 20,000."""
    amount = parse_amount(text)
    return amount if amount is not None else float(text.replace(",", "."))


# Thousands of requests with no period ("10 mil requisições") are a volume whose period was left out, not
# requests in flight: those are counted in tens or hundreds (vLLM's --max-num-seqs, the most it runs at once, defaults to 256).
MOST_AT_ONCE_UNTIMED = 1000
# "cada tarefa com 10 chamadas", "each task with 10 calls": the calls are of each task (an agent's calls per task,
# read elsewhere), not requests at once.
_EACH_BEFORE = re.compile(r"\b(?:cada|each|por|per)\s+[a-z]+\s*$")


@cache
def _words() -> dict:
    path = DATA_DIR / "traffic_words.toml"
    try:
        return tomlfiles.load(path)
    except (OSError, tomlfiles.ParseError) as e:
        raise CatalogError(f"traffic_words.toml: {e}") from e


@cache
def _period_words() -> tuple[re.Pattern, dict[str, float]]:
    w = _words()
    units = {1: w["per_second"], 60: w["per_minute"], 3600: w["per_hour"]}
    seconds = {word: float(s) for s, words in units.items() for word in words}
    seconds |= {word: float(s) for word, s in w["rate_abbreviations"].items()}
    unit = "|".join(sorted((re.escape(word) for word in seconds), key=len, reverse=True))
    return regexes.compile(rf"(?:/|\b(?:por|per|ao|an?|each|every|cada)\s+|\d\s*)({unit})\b"), seconds


def rate_period(typed: str) -> float | None:
    """The seconds a request rate was said over, from its typed text (traffic_words.toml's units): 60 for
    "300 requisições por minuto" or "300 rpm", 1 for "5 req/s"; None when no unit of a second, minute or hour
    is in it."""
    pattern, seconds = _period_words()
    found = pattern.findall(strip_accents(typed.lower()))
    return seconds[found[-1]] if found else None


@cache
def patterns() -> list[tuple[str, re.Pattern, object]]:
    """(kind, pattern, convert) in the order they are tried: the most specific first."""
    w = _words()
    units = {
        1: w["per_second"],
        60: w["per_minute"],
        3600: w["per_hour"],
        86400: w["per_day"],
        MONTH: w["per_month"],
        WEEK: w["per_week"],
    }
    unit_words = {word: seconds for seconds, words in units.items() for word in words}
    adjectives = (
        {word: 86400 for word in w["daily"]}
        | {word: MONTH for word in w["monthly"]}
        | {word: WEEK for word in w["weekly"]}
    )
    unit = _alternatives(unit_words)
    requests = _alternatives(w["requests"] + w["items"])
    at_once_words = _alternatives(w["in_flight"] + w["batch_together"])
    # A word for the kind of items beside their noun ("contratos pdf", "scanned invoices"): traffic_words.toml.
    kind_of = _alternatives(w["item_words"])
    # Any plural word right after the noun, as Portuguese puts an adjective ("petições iniciais", "contratos
    # antigos", "relatórios mensais"): it says which items, not how many (a length or "at once" is read as such).
    described = rf"(?!(?:{_alternatives(w['length_words'])}|{_alternatives(w['in_flight'])})\b)[a-z]{{3,}}s"
    # and any word right before it, as English puts one ("500 old contracts a day", "10k signed invoices")
    described_before = (
        rf"(?!(?:{_alternatives(w['length_words'])}|{_alternatives(w['in_flight'])}|de|of|por|per|a|an|the|each|"
        rf"every|cada|mil|k|mi|milhoes|million|millions)\b)[a-z]{{3,}}"
    )
    length_words = _alternatives(w["length_words"])
    item = _alternatives(w["item"])  # one of the items ("800 tokens cada doc")
    per = (
        r"(?:/|\bp/|\bpor\s+cada\b|\ba\s+cada\b|\bpor\b|\bper\b|\ba\b|\ban\b|\bcada\b|\beach\b|\bevery\b|"
        r"\bao\b)"
    )
    # "500 chamadas à API por hora", "200 requests to the bot per minute": where they go, between the two; and
    # whose or of what they are ("20 mil fotos dos produtos por dia", "5k photos of products a day", "imagens de
    # raio-x por hora").
    qualifier = (
        r"(?:\s+(?:a|ao|aos|na|no|do|da|dos|das|de|to|on|at|for|in|em|via|pra|para|of|from)"
        r"(?:\s+(?:the|o|a|os|as|nossa|nosso|our|your))?"
        r"\s+[a-z][a-z-]*){0,2}?"
    )
    abbreviations = w["rate_abbreviations"]

    def rate(m: re.Match):
        count = _amount(m.group(1), m.group(2))
        unit = m.group("unit")
        seconds = unit_words[_BLANKS.sub(" ", unit)] if unit else adjectives[m.group("adj")]
        every = _float(m.group("every")) if m.group("every") else 1  # "1 requisição a cada 2 segundos"
        if not count or not every:
            return None
        count /= every
        if seconds in VOLUME_KEYS:
            key = VOLUME_KEYS[seconds]
            return (key, round(count)) if round(count) else None
        return ("rate_per_s", count / seconds)

    bare_unit = _alternatives(word for word, seconds in unit_words.items() if seconds not in (MONTH, WEEK))
    long_unit = _alternatives(word for word, seconds in unit_words.items() if seconds in (MONTH, WEEK))
    items_only = _alternatives(w["items"])

    def items_spread(m: re.Match) -> Taken | None:
        count = _amount(m.group(1), m.group(2))
        seconds = unit_words[_BLANKS.sub(" ", m.group("unit"))]
        if not count or seconds not in VOLUME_KEYS or round(count) <= 0:
            return None
        taken = [(m.start(), m.end("noun")), m.span("per")]
        return [(VOLUME_KEYS[seconds], round(count)), ("items_volume", True)], taken

    def items_per_period(m: re.Match) -> Taken | None:
        """ "processos …, uns 2 mil por mês": the items' monthly or weekly volume; not after money ("orçamento de",
        "R$")."""
        before = m.string[max(0, m.start("at") - 30) : m.start("at")]
        if _MONEY_BEFORE.search(before):
            return None
        count = _amount(m.group(m.re.groupindex["at"] + 1), m.group(m.re.groupindex["at"] + 2))
        seconds = unit_words[_BLANKS.sub(" ", m.group("unit"))]
        if not count or round(count) <= 0:
            return None
        return [(VOLUME_KEYS[seconds], round(count)), ("items_volume", True)], [(m.start("at"), m.end())]

    def batch(m: re.Match) -> Taken | None:
        """A batch with a deadline: its items and seconds; what stands between them is left."""
        items = _count(m.group("count"), "mi" if m.group("scale") == "m" else m.group("scale"))
        span = _batch_seconds(m)
        if not items or span <= 0:
            return None
        return [("batch_items", items), ("batch_seconds", span)], [m.span("items"), m.span("deadline")]

    def batch_time_apart(m: re.Match) -> Taken | None:
        """A batch's time said away from its items (take() runs it only once items were read without one)."""
        span = _batch_seconds(m)
        return ([("batch_seconds", span)], [m.span("deadline")]) if span > 0 else None

    def batch_window(m: re.Match) -> Taken | None:
        """A thread's new window for its batch ("e se a janela for de 4 horas?", "e em 4 horas?"): its seconds."""
        span = _float(m.group("n")) * _unit_seconds(m.group("unit"))
        return ([("batch_window_seconds", span)], [m.span()]) if span > 0 else None

    # Phrases that set more than one field, or leave some of their words for other readers: each converter
    # gives the fields and the spans to blank (take() below).
    def percentile_latency(m: re.Match) -> Taken | None:
        alone = bool(m.groupdict().get("time_alone"))  # "2s p95": the time before its percentile, no more
        percentile = _float(m.group("pct_alone" if alone else "pct"))
        if not 50 <= percentile < 100:
            return None
        # "p95 de 2s pra resposta", "end-to-end p95 of 8 s", "8s p95 end to end": the answer's whole time at it
        # (it had been read as the first token's)
        whole = m.groupdict().get("whole") or m.groupdict().get("whole_before")
        at = m.re.groupindex[
            "time_alone" if alone else "time"
        ]  # the time's number and unit are the groups in it
        return [
            ("latency_percentile", percentile),
            ("e2e_s" if whole else "ttft_s", seconds(m, at + 1, at + 2)),
        ], [m.span()]

    def of_documents(rate) -> list[tuple[str, Any]]:
        """Documents or pages counted a day or a month are a pipeline's volume (take(): items_volume)."""
        return [("items_volume", True)] if rate[0] in VOLUME_KEYS.values() else []

    def pages_at_rate(m: re.Match) -> Taken | None:
        rate, pages = rate_of(m.group(1), m.group(2), m.group("unit")), _count(m.group(3), m.group(4))
        return ([rate, ("prompt_pages", pages), *of_documents(rate)], [m.span()]) if rate and pages else None

    def items_length_at_rate(m: re.Match) -> Taken | None:
        """ "200 mil documentos de 3k tokens por dia": that many requests a day, each prompt of that length (the
        "3k tokens por dia" had been a day's token volume, two requests). The words between the length and the
        period ("pra resumir") stay for their readers."""
        rate, tokens = rate_of(m.group(1), m.group(2), m.group("unit")), None
        at = m.re.groupindex["length"]  # the length's number and multiplier are the groups inside it
        tokens = _count(m.group(at + 1), m.group(at + 2))
        if not rate or not tokens:
            return None
        # Documents counted a day are a pipeline's volume, as "5 mil contratos por dia" (take(): items_volume);
        # requests ("requisições de 3k tokens por dia") are a service's.
        item = _BLANKS.sub(" ", m.group("noun")) in _items()
        # "5 mil posts de 300 tokens por dia": things written, each answer's length (sizing/query.py _length_side)
        length = "written_tokens" if _BLANKS.sub(" ", m.group("noun")) in _written() else "prompt_tokens"
        fields = [rate, (length, tokens), *(of_documents(rate) if item else [])]
        return fields, [(m.start(), m.end("length")), m.span("per")]

    def speech_items_at_rate(m: re.Match) -> Taken | None:
        """ "300 reuniões de 1 hora por dia", "5 mil ligações de 10 minutos por dia": that many transcripts a day
        to read, each of that duration (sizing/query.py turns minutes into a prompt); the count had been a
        context, or the duration dropped by the volume."""
        at = 1 if m.group("d") else m.re.groupindex["d2"] - 2  # the count's number and multiplier
        rate = rate_of(m.group(at), m.group(at + 1), m.group("unit") or m.group("unit2"))
        d, du = (m.group("d"), m.group("du")) if m.group("d") else (m.group("d2"), m.group("du2"))
        minutes = _float(d) * (60 if du[0] == "h" else 1)
        if not rate or minutes <= 0:
            return None
        return [rate, ("speech_minutes", minutes), *of_documents(rate)], [m.span()]

    def pages_each_at_rate(m: re.Match) -> Taken | None:
        rate = rate_of(m.group(1), m.group(2), m.group("unit"))
        return ([rate, ("prompt_pages", 1), *of_documents(rate)], [m.span()]) if rate else None

    def latency_budget(m: re.Match) -> Taken | None:
        """ "our p99 latency budget is 2s for 500 output tokens": the whole answer's time (a latency budget is
        no money), at the percentile and for the answer's length when said."""
        at = m.re.groupindex["time"]
        fields = [("e2e_s", seconds(m, at + 1, at + 2))]
        pct = m.group("pct") or m.group("pct_after")
        if pct is not None:
            if not 50 <= _float(pct) < 100:
                return None
            fields.append(("latency_percentile", _float(pct)))
        if m.group("length") is not None:
            at = m.re.groupindex["length"]
            tokens = _count(m.group(at + 1), m.group(at + 2))
            if not tokens:
                return None
            fields.append(("output_tokens", round(tokens)))
        return fields, [m.span()]

    def e2e_with_length(m: re.Match, time_at: int = 1, length_at: int = 3) -> Taken | None:
        tokens = _count(m.group(length_at), m.group(length_at + 1))
        if not tokens:
            return None
        return [("e2e_s", seconds(m, time_at, time_at + 1)), ("output_tokens", round(tokens))], [m.span()]

    def active_of(m: re.Match) -> Taken | None:
        """ "500 usuários ativos de 5000", "200 concurrent out of 3,000 users": those at once, and the people."""
        at_once, people = _count(m.group(1), m.group(2)), _count(m.group(3), m.group(4))
        if not at_once or not people or at_once >= people:
            return None
        return [("users_at_once", int(at_once)), ("population", int(people))], [m.span()]

    def daily_share_of(m: re.Match) -> Taken | None:
        """ "10% dos 20 mil clientes usam por dia", "10% of our 20k customers use it daily": the share of the
        people there on a day, and the people it is of (it had been read as 10% at once)."""
        share, people = _float(m.group(1)) / 100, _count(m.group(2), m.group(3))
        if not 0 < share < 1 or not people:
            return None
        return [("daily_share", share), ("population", int(people))], [m.span()]

    def people_share_of(m: re.Match) -> Taken | None:
        share, people = _float(m.group(1)) / 100, _count(m.group(2), m.group(3))
        if not 0 < share < 1 or not people:
            return None
        return [("people_share", share), ("population", int(people))], [m.span()]

    def share_of(m: re.Match) -> Taken | None:
        """ "25% dos 400 colaboradores em simultâneo", "10% of our 2k staff at once": the share at once, and
        the people it is of (the count had been swallowed by the share's phrase and the load sized for one).
        Said with a verb of using it alone ("70% dos 2 mil colaboradores usam o assistente"), the share are
        the people who use it at all (share_using)."""
        share, people = _share_said(m), _count(m.group(3), m.group(4))
        if not 0 < share <= 1 or not people:
            return None
        kind = "people_share" if share < 1 and _only_using(m) else "active_share"
        return [(kind, share), ("population", int(people))], [m.span()]

    def _share_said(m: re.Match) -> float:
        return _float(m.group(1)) / 100 if m.group(1) else share_words[_BLANKS.sub(" ", m.group(2))]

    def share_using(m: re.Match) -> Taken | None:
        """ "60% vão usar o copiloto", "half will use it": the share of the people who use it at all, with no
        word of at once near it (sizing/query.py cuts the head-count to it, or, with none, reads it at once)."""
        if not _only_using(m):
            return None
        value = share(m)
        return ([("share_using", value)], [m.span()]) if 0 < value < 1 else None

    def prompt_pages(m: re.Match) -> Taken | None:
        if m.group("one") is not None:
            return [("prompt_pages", 1)], [m.span()]  # "lê uma página A4 por pergunta"
        pages = length(m)
        if pages is None:
            return None
        # "2 mil documentos de 30 páginas": the documents counted are a RAG corpus (sizing/query.py reads it
        # after traffic), so their word stays for it, never leaving "2 mil" a context.
        start = m.start(1) if _COUNT_BEFORE.search(m.string, 0, m.start()) else m.start()
        return [("prompt_pages", pages)], [(start, m.end())]

    def document_length(m: re.Match) -> Taken | None:
        if m.group("before") is not None:
            tokens, span = _count(m.group(5), m.group(6)), m.span("before")
        else:
            if _COUNT_BEFORE.search(m.string, 0, m.start()):
                return (
                    None  # "3 documentos de 10 mil tokens", "300 mil documentos de 2 mil tokens": read above
                )
            tokens, span = _count(m.group(2), m.group(3)), m.span("length")
        # "document_tokens" tells a document's length from a prompt's: in a RAG question the documents are the
        # collection searched, not what each question reads (sizing/query.py _rag_documents)
        return ([("prompt_tokens", tokens), ("document_tokens", tokens)], [span]) if tokens else None

    def written_length(m: re.Match) -> Taken | None:
        if m.group("before") is not None:
            tokens, span = _count(m.group(5), m.group(6)), m.span("before")
        else:
            if _COUNT_BEFORE.search(m.string, 0, m.start()):
                return None  # "5 mil posts de 300 tokens": counted items, read above
            tokens, span = _count(m.group(2), m.group(3)), m.span("length")
        return ([("written_tokens", tokens)], [span]) if tokens else None

    def items_length_at_once(m: re.Match) -> Taken | None:
        items, at = _count(m.group(1), m.group(2)), m.re.groupindex["length"]
        tokens = _count(m.group(at + 1), m.group(at + 2))
        if not items or not tokens or items > MOST_AT_ONCE_UNTIMED:
            return None
        together = _BATCH_TOGETHER.search(m.group(0)) is not None
        fields = [("users_at_once", int(items)), ("prompt_tokens", tokens)]
        return fields + ([("batch_items", items), ("users_batch", items)] if together else []), [m.span()]

    def items_length(m: re.Match) -> Taken | None:
        tokens_each = _count(m.group(2), m.group(3))  # group 1 is the length phrase, _NUM's follow
        written = _WRITTEN_BEFORE.search(m.string, 0, m.start("length"))
        length = "written_tokens" if written else "prompt_tokens"
        return ([(length, tokens_each)], [m.span("length")]) if tokens_each else None

    def retrieved_chunks(m: re.Match) -> Taken | None:
        first = m.group("chunk") is not None
        k = int(m.group("k") or m.group("k2") or m.group("k3") or m.group("k4"))
        size = _count(m.group("size" if first else "size2"), m.group("mult" if first else "mult2"))
        if not k or not size:
            return None
        spans = [m.span("top"), m.span("chunk")] if first else [m.span("chunk2"), m.span("top2")]
        # The user's question beside them ("top-k 8 chunks de 512 tokens, pergunta de 100 tokens") is read in
        # the same prompt: its tokens add to the chunks' (the two lengths had been refused as a contradiction).
        question = _QUESTION_BESIDE.search(m.string)
        if question is not None:
            number, unit = (
                (question.group(1), question.group(2)) if question.group(1) else question.group(3, 4)
            )
            extra = _count(number, unit)
            if extra:
                return [("prompt_tokens", k * size + extra)], [*spans, question.span()]
        return [("prompt_tokens", k * size)], spans

    def rate_asked(m: re.Match) -> Taken:
        # The words between stay for their readers: "resumir" is the task.
        return [("rate_asked", True)], [m.span("head"), m.span("period")]

    def batch_count(m: re.Match) -> Taken | None:
        items = _count(m.group(2), m.group(3))
        # The verb stays for the task words ("resumir" is summarization).
        return ([("batch_items", items)], [m.span("items")]) if items else None

    def batch_at_once(m: re.Match) -> Taken | None:
        """A batch's prompts sent together: as many sequences at once, beside the batch's count; past what a
        server runs at once, the batch count alone (its volume)."""
        items = _count(m.group(2), m.group(3))
        if not items:
            return None
        if items > MOST_AT_ONCE_UNTIMED:
            return [("batch_items", items)], [m.span("items")]
        return [("batch_items", items), ("users_at_once", items), ("users_batch", items)], [m.span()]

    def rate_of(number: str, multiplier: str | None, unit: str):
        """("requests_per_day", 500) for "500 … por dia", ("rate_per_s", …) for shorter periods."""
        count = _amount(number, multiplier)
        seconds = unit_words[_BLANKS.sub(" ", unit)]
        if not count:
            return None
        if seconds in VOLUME_KEYS:
            return (VOLUME_KEYS[seconds], round(count))
        return ("rate_per_s", count / seconds)

    def bare_rate(m: re.Match):
        unit = m.group(3) or m.group(4)
        count = _amount(m.group(1), m.group(2))
        if not count:
            return None
        seconds = unit_words[_BLANKS.sub(" ", unit)]
        return ("requests_per_day", round(count)) if seconds == 86400 else ("rate_per_s", count / seconds)

    def abbreviated(m: re.Match):
        count = _amount(m.group(1), m.group(2))
        return ("rate_per_s", count / abbreviations[m.group(3)]) if count else None

    people = _alternatives(w["people"])
    speech = _alternatives(w["speech"])
    speech_units = r"horas?|hours?|hrs?|h|minutos?|minutes?|mins?"
    organisation = _alternatives(w["organisation"])
    persons = r"usuarios|utilizadores|users|pessoas|people"

    def population(m: re.Match):
        return _count(m.group(1), m.group(2))

    not_units = (
        set(w["not_rate_units"])
        | set(w["people"])
        | set(w["plain_people"])
        | set(w["requests"])
        | set(w["items"])
        | {word + "s" for word in w["person"]}
    )

    def rate_per_unit(m: re.Match) -> Taken | None:
        """ "300 lojas, 3 perguntas por loja por hora": each unit's rate times the units counted; the rate of
        one when no unit was counted. People's own rates are each_person's (below)."""
        many = m.group("many")
        if many in not_units or not (
            one_of(m.group("one_before"), many)
            or one_of(m.group("one"), many)
            or one_of(m.group("one_after"), many)
            or m.group("each")
        ):
            return None
        units, each = (
            _amount(m.group(1), m.group(2)),
            _amount(m.group(5), m.group(6)),
        )  # "many" and "one_before" are 3, 4
        if not units or not each:
            return None
        seconds = unit_words[_BLANKS.sub(" ", m.group("unit"))]
        total = units * each
        # said back as "300 × 3" (sizing/query.py), over the period said
        product = ("products", (units, each, f"requests/{seconds:g}"))
        if seconds in VOLUME_KEYS:
            return [(VOLUME_KEYS[seconds], round(total)), product], [m.span()]
        return [("rate_per_s", total / seconds), product], [m.span()]

    units_rate = regexes.compile(
        rf"{_NUM}\s+(?P<many>[a-z]{{3,}}s)\b[^.;!?\n\d]{{0,60}}?"
        rf"(?:\b(?:cada|each)\s+(?P<one_before>[a-z]{{3,}})\b[^.;!?\n\d]{{0,30}}?)?"
        rf"(?:[~≈]\s*)?{_NUM}\s*(?:de\s+)?(?:{requests})(?:\s*(?:{per})\s*(?!(?:{unit})\b)(?P<one>[a-z]{{3,}}))?"
        rf"\s*(?:{per})\s*(?P<unit>{unit})\b"
        rf"(?:\s*(?:{per})\s*(?P<one_after>[a-z]{{3,}})\b|\s+(?P<each>cada(?:\s+uma?)?|each(?:\s+one)?|apiece)\b)?"
    )
    # "1500 servidores da prefeitura", "assistente pra 1500 servidores": public servants, a head-count, with a
    # public body or a use named and no hardware beside the count (then they are servers).
    servants = _alternatives(w["servants"])
    public_body = _alternatives(w["public_sector"])
    public_sector = regexes.compile(rf"\b(?:{public_body})\b")
    servants_assistant = regexes.compile(rf"\b(?:{_alternatives(w['servants_assistant'])})\b")
    servants_for = regexes.compile(
        r"\b(?:pra|para|p/|aos|as|for)\s+(?:(?:atender|servir|apoiar|ajudar|serve|support|help)\s+)?"
        r"(?:(?:os|as|aos|nossos|nossas|seus|suas|our|the)\s+)?$"
    )
    servants_using = regexes.compile(
        rf"^\s+(?:(?:que|q|vao|irao|vão|podem|devem|precisam|for|forem|estao)\s+)?(?:{_alternatives(w['servants_using'])})\b"
    )
    servants_hardware = regexes.compile(
        rf"^[^.;!?\n]{{0,40}}?(?:\d\s*x?\s*)?\b(?:{_alternatives(w['servants_hardware'])})\b"
    )

    # "em 2 servidores", "across 4 servers": where a model runs
    servants_where = regexes.compile(r"\b(?:em|nos|across|on|entre|distribuido\s+em)\s+$")

    def servants_count(m: re.Match) -> int | None:
        if servants_where.search(m.string[max(0, m.start() - 30) : m.start()]):
            return None
        count = _count(m.group(1), m.group(2))
        # "llama 8b pra 1500 servidores", "quantas gpus pra atender 1500 servidores": more machines than any
        # one model is spread over (a rented cluster is up to 64 servers, sizing/query.py SERVERS_ALONE) are the
        # people it serves, whatever hardware the question asks about before them; the count had been a context
        # of 1,500 tokens. Hardware right after ("800 servidores com 8 gpus cada") still makes them servers.
        many_served = (count or 0) > 64 and servants_for.search(m.string[: m.start()])
        if servants_hardware.search(m.string[m.end() :]) or (
            not many_served and servants_hardware.search(m.string[max(0, m.start() - 40) : m.start()])
        ):
            return None
        if not (
            many_served
            or public_sector.search(m.string)
            or servants_using.search(m.string[m.end() :])
            or (servants_assistant.search(m.string) and servants_for.search(m.string[: m.start()]))
        ):
            return None
        return count

    # "utentes são cerca de 5000", "usuários: 300", "users ~ 250", "aos investigadores, cerca de 100": the count
    # after its noun, as before it; no unit or noun after the count ("usuários: 300 tokens" is something else).
    about = r"(?:cerca\s+de|uns|umas|about|around|approximately|aproximadamente|roughly|approx\.?|mais\s+ou\s+menos|~|≈)"
    count_after = (
        rf"\s*(?:[:=~≈]\s*{about}?|\s+(?:sao|serao|somam|totalizam|are|total|number|ficam)\s+{about}?|\s*,?\s*{about})"
        rf"\s*{_NUM}(?!\s*(?:[-/%×*]|x\b)|\s*(?!(?:e|and|com|with|no|na|em|ao|at|in|on|para|pra|for|usando|using|no\s+total|in\s+total)\b)[a-z])"
        # "20 users, ~8k in / 1k out": a prompt's length, engineer's shorthand (it had been 8,000 people)
        r"(?!\s*in\s*[/,;]\s*~?\s*\d)"
    )

    first_token = _alternatives(w["first_token"])
    within = (
        r"(?:\s*(?:<=?|≤|=|:|~)|\s+(?:em|in|within|de|of|under|below|abaixo\s+de|menos\s+de|ate|em\s+ate|"
        r"em\s+menos\s+de|no\s+maximo|at\s+most|less\s+than|maxima|maximo|max|maximum|alvo|target|desejada|aceitavel|"
        r"inferior\s+a|menor\s+que|menor\s+do\s+que|menor\s+a|lower\s+than|shorter\s+than|de\s+ate|"
        # "p95 TTFT target is 1.5 seconds", "o primeiro token deve ser de 1 s", "o TTFT precisa ficar abaixo de
        # 500ms", "TTFT has to stay under 1 s"
        r"is|around|about|cerca\s+de|fique|ficar|ficando|stays?|"
        # "responda rápido, tipo 1s", "respostas rápidas de uns 2 segundos", "answers fast, like 1 s"
        r"rapido|rapida|rapidas|rapidos|fast|quickly|tipo|uns|umas|like|"
        r"(?:should|must|needs?\s+to|has\s+to|have\s+to|deve|devem|precisa|precisam|tem\s+que|tem\s+de)"
        r"\s+(?:be|stay|remain|ser|ficar|estar)|"
        # "a resposta tem que começar em 300ms", "the answer must start within 1 s": when it starts is the first token
        r"(?:(?:should|must|needs?\s+to|has\s+to|deve|devem|precisa|precisam|tem\s+que|tem\s+de|"
        r"tiver\s+que|tiver\s+de|tivesse\s+que|tivesse\s+de)\s+)?"
        # "a primeira resposta chega em menos de meio segundo", "o primeiro token tem de chegar em 300 ms", "the
        # first response needs to arrive in under 1 s": when it arrives, as when it starts
        r"(?:comecar|comece|comeca|comecando|iniciar|inicie|start|starts|starting|begin|begins|chega|chegue|chegar|"
        r"chegam|aparece|apareca|aparecer|sair|saia|sai|arrives?|appears?|shows\s+up|comes\s+back)"
        # "first words on screen in under 1 s", "a primeira palavra na tela em 1 s": where it shows
        r"|on\s+(?:the\s+)?screen|na\s+tela|no\s+ecra))*"
    )

    def seconds(m: re.Match, number: int = 1, unit: int = 2):
        value = _float(m.group(number))
        return value / 1000 if m.group(unit).startswith(("ms", "mili")) else value

    tokens = _alternatives(w["token_words"])
    speed = _alternatives(w["speed_words"])
    per_token = _alternatives(w["time_per_token"])

    def per_second(m: re.Match):
        gap = seconds(m)
        return 1 / gap if gap > 0 else None

    active = _alternatives(w["active_words"])
    prompt_nouns, prompt_suffixes = _alternatives(w["prompt_nouns"]), _alternatives(w["prompt_suffixes"])
    # "prompts de 100 mil tokens respostas de 1000": a number said as the prompt's length is not the start of a
    # volume of answers' tokens ("100 mil tokens respostas" had been one, and the prompt became 1,000 tokens).
    prompt_length_before = regexes.compile(rf"\b(?:{prompt_nouns})\s+(?:de|of|com|with)\s*$")
    system = _alternatives(w["system_prompt"])
    shared, shared_docs = _alternatives(w["shared_words"]), _alternatives(w["shared_documents"])
    answer_nouns, answer_suffixes = _alternatives(w["answer_nouns"]), _alternatives(w["answer_suffixes"])
    answer_each = _alternatives([*w["answer_nouns"], *w["answer_each"]])
    of = (
        r"(?:\s+(?:de|com|of|with|around|about|up\s+to|ate|cerca\s+de|uns|umas|~|length|len|size|tamanho|comprimento|"
        r"media|medio|average|avg|maxima|maximo|max|maximum|tipica|tipico|typical)"
        r"|\s*[=:])*\s*"
    )
    not_time = rf"(?!\s*{_SECONDS})"

    # A verb of the model's between a noun and a number says whose the number is: "each summary reads ~6k
    # tokens" is the prompt's, not the summary's.
    verbs = rf"{_alternatives(w['prompt_verbs'])}|{_alternatives(w['answer_verbs'])}"
    nouns = rf"{prompt_nouns}|{answer_nouns}|{requests}|{verbs}|e|and|com|with|por|per|para"
    # never across a context's word: "respostas longas, contexto 8k" is a context of 8k (had been 8,000-token
    # answers)
    context_words = r"contexto|context|ctx|janela|window"
    loose = rf"(?:,?\s+(?!(?:{nouns}|{context_words})\b)[a-z]+){{1,3}}?,?"
    loose_unbatched = rf"(?:,?\s+(?!(?:{nouns}|{context_words}|lote|lotes|batch|batches|vez|once|time|together|juntos|juntas)\b)[a-z]+){{1,3}}?,?"
    tokens_said = r"(?(2)(?:\s*(?:tokens?|toks?)\b)?|\s*(?:tokens?|toks?)\b)"
    # "prompts de 2000 tokens por requisição", "answers of 300 tokens per request": each request's, said
    each_request = (
        r"(?:\s+(?:por|per|em\s+cada|a\s+cada|each|cada)\s+(?:requisic(?:ao|oes)|consultas?|perguntas?|"
        r"chamadas?|pedidos?|mensage(?:m|ns)|requests?|query|queries|calls?|messages?|turnos?|turns?))?"
    )

    approx = r"(?:(?:~|cerca\s+de|uns|umas|about|around|roughly|approximately|aproximadamente)\s*)?"
    not_a_volume = rf"(?!\s*(?:{per})\s*(?:{unit})s?\b)"

    def one_request(m: re.Match):
        """A length each request has: more than a million tokens is a volume with its period left out."""
        tokens_count = length(m)
        return tokens_count if tokens_count and tokens_count <= 1_000_000 else None

    person = _alternatives(w["person"])
    per_person = rf"(?:{per})\s*(?:{person})"
    hour = _alternatives(w["per_hour"])
    minute = _alternatives(w["per_minute"])
    day = _alternatives(w["per_day"])
    month = _alternatives(w["per_month"])
    peak = _alternatives(w["peak"])
    peak_before = _alternatives(w["peak_before"])
    share_words = w["shares"]
    shares = _alternatives(share_words)

    def share(m: re.Match):
        return _float(m.group(1)) / 100 if m.group(1) else share_words[_BLANKS.sub(" ", m.group(2))]

    def length(m: re.Match):
        return _count(m.group(1), m.group(2))

    aggregate = _alternatives(w["aggregate"])
    slow_unit = _alternatives(word for word, seconds in unit_words.items() if seconds != 1)
    big = r"k|mil|mi|milhoes|milhao|millones|millon|millions?|m|b|bi|bilhoes|bilhao|billions?"
    # Without the word "tokens" nor a period, a "b" after a number is a model's size ("8b respostas").
    big_count = r"(?:k|mil|mi|milhoes|milhao|millones|millon|millions?|m)\b"

    def volume(m: re.Match):
        """(tokens, seconds of the unit, or MONTH); patterns with alternatives repeat the number's groups."""
        if m.group(1) is None:
            groups = [g for g in m.groups() if g is not None]
            number, multiplier_word = groups[0], (groups[1] if len(groups) > 2 else None)
            unit = next(v for k, v in m.groupdict().items() if k.startswith("unit") and v)
            return _volume(number, multiplier_word, unit)
        return _volume(m.group(1), m.group(2), m.group("unit") or m.groupdict().get("unit2"))

    def _volume(number: str, multiplier_word: str | None, unit: str):
        multiplier = {"k": 1e3, "mil": 1e3, "m": 1e6, "mi": 1e6, "b": 1e9, "bi": 1e9}
        unit_word = (multiplier_word or "").rstrip("s")
        scale = (
            1e6
            if unit_word.startswith(("milh", "million", "millon"))
            else 1e9
            if unit_word.startswith(("bilh", "billion"))
            else multiplier.get(unit_word, 1)
        )
        tokens_count = _float(number) * scale
        return (tokens_count, unit_words[_BLANKS.sub(" ", unit)]) if tokens_count > 0 else None

    def _bare_volume(m: re.Match):
        """An answers' volume with no period: its tokens (at least 100k: fewer read as one answer's length)."""
        number, multiplier_word = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        counted = _volume(number, multiplier_word, next(iter(unit_words)))
        return counted[0] if counted and counted[0] >= 100_000 else None

    in_flight = _alternatives(w["in_flight"])
    using = _alternatives(w["using"])
    at_once_nouns = rf"{requests}|{people}|{persons}|{_alternatives(w['at_once_nouns'])}"
    # "answers 20 users": the number counts the noun after it, it is no length.
    not_counted = rf"(?!\s*(?:de\s+|of\s+)?(?:{at_once_nouns})\b)"
    concurrency = _alternatives(w["concurrency"])
    turns = _alternatives(w["turns"])
    one_conversation = (
        r"conversa|conversation|sessao|session|atendimento|chat|ligacao|chamado|ticket|tarefa|task"
    )
    # Where an agent's calls go, between their count and the task ("15 chamadas ao llm por tarefa", "25 LLM calls")
    to_model = r"(?:\s+(?:ao|a|para\s+o|pro|no|to\s+the|to)\s+(?:llm|modelo|model|api))?"
    model_word = r"(?:(?:llm|model|api)\s+)?"
    pages = _alternatives(w["pages"])
    documents = _alternatives(w["documents"])
    emails = "e-?mails?"
    written = _alternatives(w["written_items"])
    pieces = _alternatives(w["pieces"])

    scale_words = w["scale_words"]
    scale_names = _alternatives(scale_words)
    loads = rf"{_alternatives(w['load_nouns'])}|{requests}|{people}"
    peak_nouns = _alternatives(w["peak_nouns"])
    averages = _alternatives(w["average_words"])
    # "3x", "2,5 vezes" (never a count of GPUs: "pico de 3x h100"), or a noun ("o triplo"), which needs the
    # average named: "e se o pico dobrar?" scales a thread's load (load_scale below). An hour after it is the
    # peak's time, no GPU ("pico de 3x às 14h", "3x at 2pm": "às 14" had read as a GPU's name and the 3x was
    # left unread).
    times = r"\s*(?:x|vezes|times|fold)(?!\w)(?!\s*(?:nvidia\s+)?[a-z]{1,3}\s?\d{2,4}(?!\d|\s*h\b|h\d|:\d|\s*[ap]m\b))"
    multiple_word = rf"(?P<word>{_alternatives(w['peak_multiples'])})\b"
    multiple = rf"(?:{_PLAIN}{times}|{multiple_word})"
    peak_joins = (
        r"(?:\s+(?:de|do|of|e|eh|is|are|sao|at|around|em|chega\s+a|chegam\s+a|reaches|reach|ate|up\s+to|cerca\s+de"
        # a guess said before the multiple: "peak maybe 3x avg", "pico tipo 3x", "picos de talvez 2x"
        r"|maybe|probably|perhaps|roughly|approx|approximately|likely|like|talvez|tipo|provavelmente|aproximadamente"
        r"|about|o|a|the|uns|umas)\b|\s*~){0,4}\s*"
    )
    occasions = _alternatives(w["occasions"])
    on_occasion = r"(?:na|no|nas|nos|em|on|at|in|during|durante\s+(?:a|o|as|os))"
    than_average = rf"(?:\s+(?:maior|mais\s+alto|higher|above|acima))?(?:\s+(?:que|than|de|da|do|of|a|o|the|sobre|over))*\s+(?:{averages})\b"
    bigger = r"\s+(?:maior|mais\s+alto|higher|bigger)\b"  # "pico 3 vezes maior": than the average, unsaid

    def peak_factor(m: re.Match) -> float | None:
        """The multiple, above 1 (a "peak" at half the average is no peak)."""
        factor = _float(m.group(1)) if m.group(1) else scale_words[_BLANKS.sub(" ", m.group("word"))]
        return factor if 1 < factor <= MOST_PEAK_FACTOR else None

    growth = _alternatives(w["growth_words"])
    # The verbs alone ("crescer", "grow"): "mais" grows only a noun after it ("o tráfego mais 50%").
    growth_verbs = _alternatives([word for word in w["growth_words"] if word != "mais"])
    # the verbs among the multiples' words ("dobrar", "triplicar", "double"), not their nouns ("o dobro")
    scale_verbs = _alternatives(
        [word for word in scale_words if word.endswith(("ar", "e", "es", "ed", "a", "ing", "ndo"))]
    )
    growth_nouns = _alternatives(w["growth_nouns"])
    horizon = _alternatives(w["growth_horizon"])
    horizon_units = _alternatives(w["growth_horizon_units"])
    # "o tráfego deve dobrar em 6 meses", "usage is expected to double": the load and its verb's helper
    modal = _alternatives(w["growth_modal"])
    expected = _alternatives(w["growth_expected"])

    period_months = {
        k: float(v) for k, v in w["compound_period_months"].items()
    }  # "mes": 1, "semana": 12/52 (traffic_words.toml)
    compound_units = _alternatives(period_months)
    compound_adjectives = _alternatives(w["compound_adjectives"])
    compound_horizon = _alternatives(w["compound_horizon"])

    def _months(unit: str) -> float:
        unit = unit.rstrip("s") if unit not in period_months else unit
        return period_months.get(
            unit, period_months.get(unit + "s", period_months.get(unit.removesuffix("e"), 1.0))
        )

    def _compound(m: re.Match):
        """(the multiple, the share a period, the periods), or (None, the share, the period's months) with no
        horizon: a compound growth, (1 + share) ** periods (compound interest's formula)."""
        share = _float(m.group("pct")) / 100
        period = (
            m.group("unit")
            or w["compound_adjectives"][
                _BLANKS.sub(" ", m.group("adj") or m.group("adj0") or m.group("adj1") or m.group("adj2"))
            ]
        )
        if share <= 0:
            return None
        if not m.group("horizon"):
            return (None, share, _months(period))
        n = _float(m.group("n") or m.group("n2") or "1")
        periods = n * _months(m.group("over") or m.group("over2")) / _months(period)
        periods = round(periods, 2)  # 3 months of weeks: 13, not 13.000013
        if abs(periods - round(periods)) <= 0.005 * periods:
            # 2 weeks of days: 14, not 14.04 (a year's 52 weeks and 365 days, traffic_words.toml, put a week at
            # 7.02 days), 2 months of days 61; a horizon further from a whole number of periods (2 months of weeks,
            # 8.67) stays as it is
            periods = float(round(periods))
        # a horizon shorter than a period ("8% ao mês até o fim do ano" on 7 December: 24 days, 0.79 of a month)
        # compounds that share of it, as compound interest does (it had been no growth, and "crescimento" not
        # understood)
        return ((1 + share) ** periods, share, periods) if periods > 0 else None

    def _growth(m: re.Match):
        if m.group("verb"):
            factor = scale_words[_BLANKS.sub(" ", m.group("verb"))]
        elif m.group("x") or m.group("x2") or m.group("x3") or m.group("x4") or m.group("x5"):
            factor = _float(m.group("x") or m.group("x2") or m.group("x3") or m.group("x4") or m.group("x5"))
        else:
            factor = 1 + _float(m.group("pct") or m.group("pct2") or m.group("pct3")) / 100
        return factor if factor > 1 else None

    def amount(m: re.Match):
        return _amount(m.group(1), m.group(2))

    def per_minute_amount(m: re.Match):
        each = amount(m)
        return each * 60 if each else None

    each = r"(?:cada(?:\s+uma?)?|each|apiece)"

    def every(m: re.Match) -> float | None:
        """One request each `n` units: the requests of each person in an hour."""
        n, unit = _float(m.group("n")) if m.group("n") else 1.0, m.group("unit")
        seconds_each = n * (3600 if unit.startswith("h") else 60 if unit.startswith("m") else 1)
        return 3600 / seconds_each if seconds_each > 0 else None

    # people counted by the day ("2k daily active users", "500 usuários por dia", "DAU"): the day a count each
    # sends is said in, when it says none
    # ("1500 usuários/dia": the slash glued to the people had been no day's, and what each sends not understood)
    daily_people = regexes.compile(
        rf"\b(?:{_alternatives(w['daily'])}|dau|daily\s+active|(?:{persons})\s*(?:{per})\s*(?:{day}))\b"
    )

    sending = _alternatives(w["sending"])
    # a count's people noun right before the verb, plural or not ("20 usuarios mandando", "50 people sending")
    people_before = regexes.compile(
        rf"\b\d+\s+(?:{_alternatives([*w['person'], *(p + e for p in w['person'] for e in ('s', 'es')), 'people'])})"
        r"\s*,?\s*$"
    )

    # the people counted, then the verb of using and what they use, right before how often ("40 vendedores que vão
    # usar o llama 8b umas", "30 analysts, each using it about")
    uses_before = regexes.compile(
        rf"\b\d+\s+(?:{_alternatives([*w['person'], *(p + e for p in w['person'] for e in ('s', 'es')), 'people'])})"
        r"\s*,?\s*(?:(?:que|who|which|cada\s+uma?|each(?:\s+one)?)\s+)?"
        r"(?:(?:vao|vai|irao|iriam|will|would|costumam|going\s+to)\s+)?"
        rf"(?:{_alternatives(w['using_often'])})\b(?:\s+\S+){{0,4}}?\s*$"
    )

    def each_person(unit: str, kind: str, convert) -> list[tuple[str, re.Pattern, object]]:
        """A count each person sends per `unit`: said after "cada um" / "per user", with "por pessoa" / "per
        user" around the unit, or with "cada" / "each" after it."""
        return [
            (kind, regexes.compile(
                rf"\b(?:cada\s+uma?|each(?:\s+one)?|(?:cada|each|por|per)\s+(?:{person}))\b(?:\s+[a-z]+){{0,3}}?\s+"
                rf"(?:[~≈±]\s*)?{_NUM}\s*(?:de\s+)?(?:{requests})\s*{per}\s*(?:{unit})\b"
            ), convert),
            (kind, regexes.compile(
                rf"{_NUM}\s*(?:de\s+)?(?:{requests})\s*(?:{per}\s*(?:{unit})\s*(?:{per_person})|(?:{per_person})\s*{per}\s*(?:{unit}))\b"
            ), convert),
            (kind, regexes.compile(rf"{_NUM}\s*(?:de\s+)?(?:{requests})\s*{per}\s*(?:{unit})\s+{each}\b"), convert),
            # "40 summaries each per day", "20 perguntas por pessoa por hora" had been a batch of 40
            (kind, regexes.compile(
                rf"{_NUM}\s*(?:de\s+)?(?:{requests})\s+(?:{each}|{per_person})\s*{per}\s*(?:{unit})\b"
            ), convert),
            # "20 usuários mandando 1 pergunta por minuto": a verb of sending right after the people (left to be
            # read as their count) makes the rate each one's (it had been the whole group's: 1 a minute)
            (kind, regexes.compile(
                rf"\b(?:{sending})\s+(?:(?:uns|umas|about|around|~)\s*)?{_NUM}\s*(?:de\s+)?"
                rf"(?:{requests})\s*{per}\s*(?:{unit})\b(?!\s*(?:no\s+total|in\s+total|total))"
            ), lambda m: convert(m) if people_before.search(m.string, max(0, m.start() - 40), m.start()) else None),
            # "40 vendedores que vão usar o llama 8b umas 5 vezes por hora": how often each uses it (it had been
            # the whole group's 5 an hour); the model named between is the object
            (kind, regexes.compile(
                rf"(?:(?:uns|umas|about|around|~)\s*)?{_NUM}\s*(?:de\s+)?"
                rf"(?:{requests})\s*{per}\s*(?:{unit})\b(?!\s*(?:no\s+total|in\s+total|total))"
            ), lambda m: convert(m) if uses_before.search(m.string, max(0, m.start() - 80), m.start()) else None),
        ]  # fmt: skip

    end_to_end = _alternatives(w["end_to_end"])
    budget_words = _alternatives(w["latency_budget"])
    percentile = _alternatives(w["percentile_words"])

    def timed_answer(words: str, length_optional: str) -> re.Pattern:
        """A latency noun (`words`), an optional percentile, its time and the answer's length ("for 500 output
        tokens"), optional when `length_optional` is "?" (a budget is the whole answer's even without it)."""
        return regexes.compile(
            rf"(?:\b(?:{percentile})\s*(?P<pct>\d{{2}}(?:[.,]\d+)?)(?!\s*%)\s+)?\b(?:{words})"
            rf"(?:\s+(?:(?:no|at|em|de|of)\s+)?(?:{percentile})\s*(?P<pct_after>\d{{2}}(?:[.,]\d+)?)(?!\s*%))?"
            rf"(?:\s+(?:e|eh|sera|fica|will\s+be|was))?{within}\s*(?P<time>{_PLAIN}\s*{_SECONDS})"
            rf"(?:\s+(?:{end_to_end})\b)?"
            rf"(?:\s+(?:for|per|para|pra|por|em|in)\s+(?:the\s+|a\s+|an\s+|each\s+|cada\s+|uma\s+|um\s+)?"
            rf"(?:(?:resposta|answer|response|reply)s?\s+(?:de|of|with|com)\s+)?(?P<length>{_NUM})\s*"
            rf"(?:(?:output|generated|completion)\s+)?(?:tokens?|toks?)\b(?:\s+(?:de\s+saida|of\s+output|gerados))?)"
            + length_optional
        )

    side_share = r"(\d{1,2}(?:[.,]\d+)?)\s*%\s*(?:de\s+|of\s+)?"
    input_side = r"(?:input|entrada|prompts?|inputs)\b"
    output_side = r"(?:output|saida|respostas?|answers?|completions?|outputs)\b"
    joint = r"\s*(?:,|/|;|\be\b|\band\b|\+)?\s*"

    def split(m: re.Match):
        # the input's share and the output's, in the order typed
        given, taken = (
            (m.group(1), m.group(3)) if m.group("first_in") is not None else (m.group(5), m.group(4))
        )
        given_share, taken_share = _float(given), _float(taken)
        if abs(given_share + taken_share - 100) > 1:
            return None  # "80% input 50% output" splits nothing
        return given_share / 100

    waiting_verbs = _alternatives(w["waiting_verbs"])
    # what is waited on, after the verb: "pela resposta", "for the answer", "a análise de cada um"
    waited_object = (
        r"(?:\s+(?:for|on|por|pela|pelas|pelo|pelos))?(?:\s+(?:a|as|o|os|the|each|every|cada|their|its|sua|suas|seu"
        rf"|seus|da|do|de))*\s+(?:{_alternatives(w['waited'])})\b"
    )
    busy = r"(?:utiliza[cç][aã]o|utilization|utilisation|ocupa[cç][aã]o|occupancy)"

    def utilization(m: re.Match) -> float | None:
        share = _float(m.group(1) or m.group(2))
        return share / 100 if 0 < share <= 100 else None

    def people_total(m: re.Match):
        return next(_count(m.group(i), m.group(i + 1)) for i in (1, 3) if m.group(i) is not None)

    return [
        # "800 pessoas no total", "um total de 800 usuários", "a total of 800 users", "headcount of 800": the people
        # who use the service, a head-count, however few (sizing/query.py), not that many conversations at once;
        # read before the shares and the counts at once below.
        ("people_total", regexes.compile(
            rf"(?:\b(?:that's|thats|it's|its|there\s+are|we\s+are|we're|sao|somos)\s+)?"
            rf"{_NUM}\s*(?:de\s+)?(?:{persons}|{people})\s+(?:no\s+total|ao\s+todo|em\s+total|in\s+total|in\s+all)\b"
            rf"|\b(?:(?:um|o|a|the)\s+)?(?:total\s+(?:de|of)|head-?\s*count\s+(?:de|of)|head-?\s*count\s*(?:=|:)?)\s*"
            rf"{_NUM}(?:\s+(?:{persons}|{people}))?(?!\s*(?:{tokens}))"
        ), people_total),
        # "são 800 no total", "800 in total" in a thread: its people, the noun left out (a first question's "8k no
        # total" may be a context: sizing/traffic_query.py take reads this in a follow-up only).
        ("people_total_follow_up", regexes.compile(
            rf"{_NUM}\s+(?:no\s+total|ao\s+todo|em\s+total|in\s+total|in\s+all|total)\b(?!\s*(?:{tokens}))"
        ), lambda m: _count(m.group(1), m.group(2))),
        # The people said not to be at once ("não ao mesmo tempo", "nem todos usam ao mesmo tempo", "not all at
        # once", "that's total head-count", "é o total de pessoas"): the count is a head-count (sizing/query.py).
        # Read before the shares below, where "todos ao mesmo tempo" is all of them.
        ("users_total", regexes.compile(
            r"\b(?:nao|not|nem)\s+(?:(?:sao|estao|usam|vao\s+usar|usariam|ficam|are|will\s+be|all|all\s+of\s+them|"
            r"everyone|todos|todas|todo\s+mundo|everybody|using\s+it|online|conectad[oa]s)\s+)*"
            r"(?:ao\s+mesmo\s+tempo|simultane[oa]s|simultaneamente|em\s+simultaneo|at\s+once|at\s+the\s+same\s+time|"
            r"concurrent(?:ly)?|simultaneous(?:ly)?|concorrentes)\b"
            r"|\b(?:(?:that's|thats|that\s+is|it's|its|it\s+is|this\s+is|is|e|sao|eh)\s+)?(?:(?:o|the|our)\s+)?"
            r"total\s+(?:head-?\s*count|de\s+pessoas|de\s+usuarios|de\s+utilizadores|de\s+funcionarios|"
            r"number\s+of\s+(?:people|users|employees)|people|users)\b"
            r"|\b(?:(?:that's|thats|that\s+is|it's|its|it\s+is|e|sao|eh)\s+)(?:o|the)\s+total\b"
            r"|\b(?:that's|thats|that\s+is|it's|its|it\s+is|is|e\s+o|sao\s+o|the|our)\s+head-?\s*count\b"
        ), lambda m: True),
        # Growth by a share each period ("crescimento de 20% ao mês por 6 meses", "growing 20% a month over a
        # year"): compounded over the horizon; with none, only the rate (it had been "Não entendi: “crescimento”,
        # “20”" and "ao mês" a cost). Before the growth with its horizon, which would take "crescer 20% em 6 meses"
        # but not the period between, and before a share of people a day, which would take "3% ao dia" of
        # "crescimento de 3% ao dia" (it had been "Não entendi: “crescimento”, “3% ao dia”").
        ("load_growth_compound", regexes.compile(
            rf"(?:(?P<lead>\b(?:{growth_verbs})\s+(?:(?:de|em|by|uns|umas|about|around|cerca\s+de)\s+)*"
            # "crescimento anual de 40% por 3 anos": the period as the noun's adjective, before the share
            rf"|\b(?:{growth_nouns})\s+(?:(?P<adj1>{compound_adjectives})\s+)?(?:de\s+|of\s+)?"
            # "100 usuários, +10% ao mês por 6 meses": the sign says more (it had been "Não entendi: “10”")
            rf"|(?<![\w+])\+\s*)|\b)"
            # a share with no verb or noun before is a growth's only with its noun after ("20% de crescimento")
            # ("10% month over month growth": the period as an adjective before the noun), or with a period that
            # says growth by itself ("10% MoM for 12 months", "10% mês a mês")
            rf"(?P<pct>\d+(?:[.,]\d+)?)\s*%(?(lead)|(?:(?:\s+(?P<adj0>{compound_adjectives}))?\s+(?:de\s+|of\s+)?(?:{growth_nouns})"
            rf"|\s+(?P<adj2>{_alternatives(w['compound_growth_adjectives'])})\b\.?))"
            rf"(?(adj0)|(?(adj1)|(?(adj2)|\s+(?:(?:ao|a\s+cada|em\s+cada|a|an|por|per|each|every|cada)\s+(?P<unit>{compound_units})\b"
            # "10% a.m.": a month's rate as Brazilian finance writes it
            rf"|(?P<adj>{compound_adjectives})\b\.?))))"
            rf"(?P<horizon>\s*,?\s+(?:{compound_horizon})\s+(?:(?:o|a|os|as|um|uma|an?|the|(?P<n>\d+(?:[.,]\d+)?))\s+)?"
            rf"(?P<over>{compound_units}|meses|months|anos|years|semanas|weeks|trimestres|quarters|semestres|dias|days)\b"
            # "5% monthly growth, 12-month horizon": the horizon as an adjective before its noun
            rf"|\s*,?\s+(?:(?:a|an|over\s+a|with\s+a)\s+)?(?P<n2>\d+)[-\s](?P<over2>{compound_units})\s+horizon\b)?"
        ), _compound),
        # "20% de uso diário", "20% dos funcionários usam todo dia", "20% of them use it daily": the share of the
        # people there on a day (query.py), before the shares at once below read "usam".
        ("daily_share", regexes.compile(
            rf"{_PLAIN}\s*%\s*(?:{_alternatives(w['daily_use'])})\b"
            rf"|{_PLAIN}\s*%\s*(?:(?:dos|das|de|of)\s+(?:(?:our|the|them|os|as|nossos|nossas)\s+)?(?:[a-z]+\s+)?)?"
            rf"(?:(?:vao|will|would)\s+)?(?:usam|usem|usariam|usar|use|uses|utilizam|acessam|access)(?:\s+(?:it|o|a|isso))?"
            rf"\s+(?:{_alternatives(w['daily_words'])})\b"
            # "300 mil moradores, uns 1% por dia", "2% deles ao dia", "5% daily": the verb left out (the share
            # had been dropped and every resident sized as a user)
            rf"|{_PLAIN}\s*%\s*(?:(?:deles|delas|of\s+them|of\s+those)\s+)?(?:{_alternatives(w['daily_words'])})\b"
        ), lambda m: share if 0 < (share := _float(next(g for g in m.groups() if g)) / 100) < 1 else None),
        # "10% dos 20 mil clientes usam por dia": the same share with the people counted inside it; the verb
        # may be left out ("30% dos 500 alunos por dia")
        ("daily_share_of", regexes.compile(
            rf"{_PLAIN}\s*%\s*(?:dos|das|de|of)\s+(?:(?:our|the|their|os|as|nossos|nossas|seus|suas)\s+)?"
            rf"(\d+(?:[.,]\d+)*)\s*(k|mil)?\s+(?:{persons}|{people})\b(?:\s+[a-z]+){{0,2}}?\s+"
            rf"(?:(?:(?:vao|will|would)\s+)?(?:usam|usem|usariam|usar|use|uses|utilizam|acessam|access)"
            rf"(?:\s+(?:it|o|a|isso))?\s+)?(?:{_alternatives(w['daily_words'])})\b"
        ), daily_share_of),
        # "metade dos 400 médicos usa ao mesmo tempo": the share in words too; public servants with the verb
        # after them ("60% dos 5 mil servidores vão usar") are people, as servants_using reads them; so are the
        # trades at a conversation all day when a share of them is said ("30% dos 300 atendentes ao mesmo tempo"
        # had lost its 300, and one user was sized)
        # "metade da equipe de 40 usa junto", "30% of our team of 40 at once": a team's count, its noun left out
        # (the share had been "Não entendi: “metade”" and all 40 sized at once)
        ("share_of", regexes.compile(
            rf"(?:{_PLAIN}\s*%|\b({shares}))\s*(?:(?:dos|das|de|of)\s+(?:(?:our|the|their|os|as|nossos|nossas|seus|suas)\s+)?"
            rf"|(?:da|do|of\s+(?:the|our|my|a))\s+(?:{_alternatives(w['team'])})\s+(?:de|of)\s+)"
            rf"(\d+(?:[.,]\d+)*)\s*(k|mil)?(?:\s+(?:{persons}|{people}|{servants}|{_alternatives(w['at_once_trades'])})\b"
            rf"|(?<=[a-z]\s(?:de|of)\s\d)(?=\s+(?:{active})\b)|(?<=[a-z]\s(?:de|of)\s\d\d)(?=\s+(?:{active})\b)"
            rf"|(?<=[a-z]\s(?:de|of)\s\d\d\d)(?=\s+(?:{active})\b))"
            rf"(?:\s+[a-z]+){{0,2}}?\s+(?:{active})\b"
        ), share_of),
        ("active_of", regexes.compile(
            rf"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(k|mil)?\s+(?:(?:{persons})\s+)?"
            r"(?:ativos|ativas|active|simultaneos|simultaneas|concurrent|online|ao\s+mesmo\s+tempo|at\s+once)\s+"
            rf"(?:de|of|out\s+of|entre|dentre|em|num\s+total\s+de)\s+(?:um\s+total\s+de\s+|a\s+total\s+of\s+)?"
            rf"(\d+(?:[.,]\d+)*)\s*(k|mil)?(?:\s+(?:{persons}))?\b"
        ), active_of),
        # "chatbot pra 70% dos 2 mil colaboradores", "for 30% of our 5k staff": with no word of a day or of
        # those at once, the share are the people who use it (the share had been left unread, and all counted)
        ("people_share_of", regexes.compile(
            rf"{_PLAIN}\s*%\s*(?:dos|das|of)\s+(?:(?:our|the|their|os|as|nossos|nossas|seus|suas)\s+)?"
            rf"(\d+(?:[.,]\d+)*)\s*(k|mil)?\s+(?:{persons}|{people})\b"
        ), people_share_of),
        # "custo por milhão de tokens a 80% de utilização", "at 80% utilization", "utilization of 60%": the
        # share of its sustainable rate a setup is priced at.
        ("utilization", regexes.compile(
            rf"(?<![\w.,])(\d{{1,3}}(?:[.,]\d+)?)\s*%\s*(?:de\s+|of\s+)?{busy}\b"
            # "utilisation target 60%", "utilização alvo de 70%": the goal's noun between (it had been unread)
            rf"|(?<!memory[\s_-])(?<!memoria[\s_-])\b{busy}(?:\s+(?:target|goal|alvo|meta|maxima|maximum|max))?"
            rf"\s*(?:de|of|at|em|a|=|:)?\s*(\d{{1,3}}(?:[.,]\d+)?)\s*%"
        ), utilization),
        # "2M tokens per day, 80% input 20% output": how a token volume splits between prompts and answers
        # (query._build makes the two volumes).
        ("volume_split", regexes.compile(
            rf"(?<![\w.,]){side_share}(?P<first_in>{input_side}){joint}{side_share}{output_side}"
            rf"|(?<![\w.,]){side_share}{output_side}{joint}{side_share}{input_side}"
        ), split),
        # "our p99 latency budget is 2s for 500 output tokens", "orçamento de latência de 3 s por resposta": the
        # whole answer's time, before "budget" reads as money and "p99" as the first token's.
        ("latency_budget", timed_answer(budget_words, "?"), latency_budget),
        # "latency target 2s for 500 tokens", "meta de latência de 2 s para respostas de 500 tokens": a time
        # said for answers of a length is the whole answer's, whatever the noun; without the length, "latency
        # target 300 ms" stays the first token's (below).
        ("latency_budget", timed_answer(_alternatives(w["latency_with_length"]), ""), latency_budget),
        # "latência máxima de 5 s pra resposta completa de 300 tokens": the whole answer's time and its length
        # (the length had been left a 300-token context once "resposta completa" was read).
        ("e2e_with_length", regexes.compile(
            rf"(?:\b(?:{first_token}|time|tempo)(?:\s+(?:budget|orcamento|alvo|target|total|maxim[oa]|max))*{within}\s*)?"
            rf"{_PLAIN}\s*{_SECONDS}\s+(?:pra\s+(?:a\s+)?|para\s+(?:a\s+)?|for\s+(?:the\s+|a\s+)?)?(?:{end_to_end})"
            rf"\s+(?:de|of|com|with)\s+{_NUM}\s*(?:tokens?|toks?)\b"
        ), e2e_with_length),
        # The length first: "resposta completa de 300 tokens em 3s", "full answer of 300 tokens within 3 s" (the
        # time had been left unread); and any answer noun with its length, as latency_with_length reads a time
        # said for answers of a length: "answers of 2000 tokens in 20 s", "respostas de 800 tokens em até 10 s"
        # (the length had been read, its time "Não entendi")
        ("e2e_with_length", regexes.compile(
            rf"\b(?:{end_to_end}|respostas?|answers?|responses?|replies|reply)\s+(?:de|of|com|with)\s+{_NUM}\s*"
            rf"(?:tokens?|toks?)\b{within}\s*{_PLAIN}\s*{_SECONDS}"
        ), lambda m: e2e_with_length(m, time_at=3, length_at=1)),
        # "latência ponta a ponta de até 4 s", "resposta completa em até 5 s", "latency budget 2s end to end": the
        # whole answer's time, before any word of it is read as the first token's.
        ("e2e_s", regexes.compile(
            rf"\b(?:{end_to_end})(?:\s+(?:{first_token}|time|tempo))?{within}\s*{_PLAIN}\s*{_SECONDS}"
        ), seconds),
        ("e2e_s", regexes.compile(
            rf"(?:\b(?:{first_token}|time|tempo)(?:\s+(?:budget|orcamento|alvo|target|total|maxim[oa]|max))*{within}\s*)?"
            # "latência máxima de 5 segundos pra resposta completa"
            rf"{_PLAIN}\s*{_SECONDS}\s+(?:de\s+|pra\s+(?:a\s+)?|para\s+(?:a\s+)?|for\s+(?:the\s+|a\s+)?)?(?:{end_to_end})\b"
        ), seconds),
        # "tempo de resposta de 5 s para respostas de 400 tokens", "response time of 5s for 400-token answers":
        # a response time said for answers of a length is the whole answer's
        ("e2e_s", regexes.compile(
            rf"\b(?:tempo\s+de\s+resposta|response\s+times?){within}\s*{_PLAIN}\s*{_SECONDS}"
            rf"(?=\s+(?:para|for|por)\s+(?:as\s+|uma\s+|an?\s+|cada\s+|each\s+)?"
            rf"(?:respostas?|answers?|responses?|replies|\d[\d.,]*\s*k?[-\s]*tokens?))"
        ), seconds),
        # "p95 de 2s", "p99 < 500 ms", "ttft p99 < 2 s": a percentile with a time is a latency target at it.
        ("percentile_latency", regexes.compile(
            rf"(?P<whole_before>\b(?:{end_to_end})\s+(?:(?:latency|latencia|time|tempo)\s+)?(?:(?:no|at|em|in|de|of)\s+)?)?"
            rf"(?:\b(?:{first_token})\s+)?\b(?:{percentile})\s*(?P<pct>\d{{2}}(?:[.,]\d+)?)(?!\s*%)"
            rf"(?:\s+(?:{first_token})\b)?{within}\s*(?P<time>{_PLAIN}\s*{_SECONDS})"
            r"(?P<whole>\s+(?:pra|para|por|for|of|de|da|na|in|on)\s+(?:a\s+|the\s+|cada\s+|each\s+|uma\s+|an?\s+)?"
            r"(?:respostas?|answers?|responses?|replies|reply)\b(?!\s+(?:start|begin|comec|inici))"
            rf"|\s+(?:{end_to_end})\b)?"
            # "p95 of 2 s first token", "p99 de 1 s pro primeiro token": the target named after its time
            r"(?:\s+(?:(?:to|for|until|the|pro|para\s+o|ate\s+o|no|do)\s+)*(?:first\s+token|primeiro\s+token|ttft)\b)?"
        ), percentile_latency),
        # "8s p95 end to end", "10 s no p99 ponta a ponta": the time before the percentile, the whole answer's;
        # "2s p95", "500 ms p99" with no more and no words before the time ("resposta em até 3 s no p95" is read
        # with its answer): the first token's, as "p95 de 2s" is (the time had been "Not understood")
        ("percentile_latency", regexes.compile(
            rf"(?P<time>{_PLAIN}\s*{_SECONDS})\s+(?:(?:no|at|em|in|@)\s+)?(?:{percentile})\s*(?P<pct>\d{{2}}(?:[.,]\d+)?)"
            rf"(?!\s*%)\s+(?P<whole>{end_to_end})\b"
            rf"|(?:^|(?<=[,;:(]\s)|(?<=[,;:(]))(?P<time_alone>{_PLAIN}\s*{_SECONDS})\s+(?:{percentile})\s*(?P<pct_alone>\d{{2}}(?:[.,]\d+)?)(?![\w%]|[.,]\d)"
        ), percentile_latency),
        # "95th percentile under 2s", "percentil 95 abaixo de 2s" is read above: the ordinal before the word
        ("percentile_latency", regexes.compile(
            rf"(?<![\w.,])(?P<pct>\d{{2}})(?:th|o|º)?\s+(?:percentile|percentil)(?:\s+(?:latency|latencia|ttft))?"
            rf"{within}\s*(?P<time>{_PLAIN}\s*{_SECONDS})"
        ), percentile_latency),
        # "95% dos pedidos em até 2 s", "90% of requests under 3 seconds": the same, said as a share.
        ("percentile_latency", regexes.compile(
            rf"(?<![\w.,])(?P<pct>\d{{2}}(?:[.,]\d+)?)\s*%\s*(?:d[oa]s|of(?:\s+the|\s+all)?)\s+(?:{requests}|{first_token})\b"
            rf"(?:\s+(?:com|with|getting|recebendo)\s+(?:{first_token})\b|\s+(?:respondid[oa]s|answered|served|atendid[oa]s)\b)?"
            rf"{within}\s*(?P<time>{_PLAIN}\s*{_SECONDS})"
        ), percentile_latency),
        # "p95 de primeira resposta 1 s", "TTFT p99 < 2 s": the percentile first, so the target around it reads.
        ("latency_percentile", regexes.compile(
            rf"\b(?:{percentile})\s*(\d{{2}}(?:[.,]\d+)?)\b(?!\s*%)"
        ), lambda m: _float(m.group(1)) if 50 <= _float(m.group(1)) < 100 else None),
        ("latency_percentile", regexes.compile(r"\b(\d{2}(?:[.,]\d+)?)\s*(?:th|o|º)?\s*(?:percentile|percentil)\b"),
         lambda m: _float(m.group(1)) if 50 <= _float(m.group(1)) < 100 else None),
        # "sub-second first token", "primeira resposta em menos de um segundo" (said as a word): under 1 s.
        ("ttft_s", regexes.compile(rf"\bsub[-\s]?seconds?\s+(?:{first_token})\b|\b(?:{first_token})\s+(?:in\s+)?sub[-\s]?seconds?\b"),
         lambda m: 1.0),
        # Items counted with their own length, then a period ("200 mil documentos de 3k tokens por dia", "200k
        # documents of 3k tokens per day"): items at that rate, each prompt that long; before the token volumes
        # below, which read "3k tokens por dia" alone. A volume stands alone: "3 milhões de tokens por dia".
        ("items_length_at_rate", regexes.compile(
            rf"{_NUM}\s+(?:de\s+|of\s+)?(?:(?:{kind_of})\s+)?(?P<noun>{requests})(?:\s+(?:{kind_of}))?"
            rf"(?P<length>\s+(?:de|of|com|with)\s+(?:(?:~|cerca\s+de|uns|umas|about|around|ate|up\s+to)\s*)?"
            rf"{_NUM}[-\s]*(?:tokens?|toks?)\b(?:\s+(?:cada(?:\s+uma?)?|each))?)"
            rf"(?:,?\s+(?:pra|para|to|a)\s+[a-z]+)?,?\s*(?P<per>{per}\s*(?P<unit>{unit})s?)\b"
        ), items_length_at_rate),
        # Requests counted at once with their own length, the "at once" words before or after it ("64 prompts
        # at a time of 500 tokens", "64 prompts simultâneos de 500 tokens", "64 prompts de 500 tokens ao mesmo
        # tempo"): that many at once, each prompt that long. The length had been a context, "time of 500" a team
        # of 500 people, or the count left unread.
        ("items_length_at_once", regexes.compile(
            rf"{_NUM}\s+(?:de\s+|of\s+)?(?:{requests})(?P<once>\s+(?:{at_once_words}))?"
            rf"(?P<length>\s+(?:de|of|com|with)\s+(?:(?:~|cerca\s+de|uns|umas|about|around|ate|up\s+to)\s*)?"
            rf"{_NUM}[-\s]*(?:tokens?|toks?)\b(?:\s+(?:cada(?:\s+uma?)?|each))?)"
            rf"(?(once)|\s+(?:{at_once_words}))\b"
        ), items_length_at_once),
        # Recordings counted with their duration, then a period ("300 reuniões de 1 hora por dia", "5k calls of
        # 10 minutes a day"): transcripts at that rate, each that many minutes of speech.
        ("speech_items_at_rate", regexes.compile(
            rf"{_NUM}\s+(?:de\s+|of\s+)?(?:{speech})\s+(?:de|of|com|with|que\s+duram|lasting)\s+"
            rf"(?:(?:ate|up\s+to|cerca\s+de|about|~)\s*)?(?P<d>\d+(?:[.,]\d+)?)\s*(?P<du>{speech_units})(?![\w])"
            rf"(?:\s+(?:cada(?:\s+uma?)?|each))?,?\s*(?:{per}\s*(?P<unit>{unit})s?)\b"
            # "300 one-hour meetings a day", "5k 10-minute calls per day"
            rf"|{_NUM}\s+(?P<d2>\d+(?:[.,]\d+)?)[-\s]*(?P<du2>{speech_units})[-\s]+(?:long\s+)?(?:{speech})\b"
            rf",?\s*(?:{per}\s*(?P<unit2>{unit})s?)\b"
        ), speech_items_at_rate),
        # The whole service's output ("throughput de 5000 tokens/s", "1M de tokens gerados por dia"), before a
        # speed per user.
        ("output_volume", regexes.compile(
            rf"\b(?:{aggregate})(?:\s+(?:{aggregate}|de|of|alvo|target|desejad[oa]|minim[oa]|minimum|required|necessari[oa]))*"
            rf"\s*[:=]?\s*(?:~\s*)?{_PLAIN}\s*({big})?\s*"
            # "throughput of 5k tok/s aggregate": the word said again after the unit
            rf"(?:de\s+)?(?:{tokens})\s*(?:(?:{aggregate})\s*)?{per}\s*(?P<unit>{unit})s?\b(?:\s+(?:{aggregate})\b)?"
        ), volume),
        ("output_volume", regexes.compile(
            rf"{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:{tokens})\s*(?:(?:{aggregate})\s*{per}\s*(?P<unit>{unit})s?\b"
            rf"|{per}\s*(?P<unit2>{unit})s?\b\s*(?:{aggregate})\b)"
        ), volume),
        # "gerar 1 bilhão de tokens por mês", "we generate 30M tokens a day": the tokens a verb of writing
        # counts are answers (they had been prompts and answers together, a third of the answers asked).
        ("output_volume", regexes.compile(
            rf"\b(?:{_alternatives(w['answer_verbs'])})\s+{approx}{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:{tokens})"
            rf"\s*{per}\s*(?P<unit>{unit})s?\b"
        ), volume),
        # "1M output tokens per hour", "500k generated tokens a day": the word before the tokens.
        ("output_volume", regexes.compile(
            rf"{_PLAIN}\s*({big})?\s*(?:generated|output|gerados)\s+(?:{tokens})\s*{per}\s*(?P<unit>{unit})s?\b"
        ), volume),
        # "500 mil tokens de resposta por dia", "2M tokens of output a day": the word after the tokens, as the
        # prompts' side says it (input_volume); a day, week or month, never a second (a user's speed). It had
        # been an answer 500,000 tokens long, refused past the model's window.
        ("output_volume", regexes.compile(
            rf"{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:{tokens})\s+(?:de\s+|of\s+)?"
            rf"(?:saida|output|resposta|respostas|answers?|responses?)\s*{per}\s*(?P<unit>{slow_unit})s?\b"
        ), volume),
        ("output_volume", regexes.compile(
            rf"{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:{tokens})\s*{per}\s*(?P<unit>{slow_unit})s?\s+out\b"
        ), volume),
        # The prompts' side of a daily volume ("2M tokens per day of input", "2M input tokens a day", "2 milhões de
        # tokens de entrada por dia"): with the answers' side it makes the rate and the prompt's length.
        ("input_volume", regexes.compile(
            rf"{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:input\s+|prompt\s+)?(?:{tokens})\s*{per}\s*(?P<unit>{slow_unit})s?"
            # "12M tokens/day in, 2M tokens/day out": "in" and "out" as an engineer's shorthand
            rf"\s+(?:of\s+|de\s+)?(?:input|entrada|prompts?|in(?=\s*(?:[,;.)]|$|and\b|e\b)))\b"
            rf"|{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:input\s+|prompt\s+)(?:{tokens})\s*{per}\s*(?P<unit2>{slow_unit})s?\b"
            rf"|{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:{tokens})\s+(?:de\s+|of\s+)?(?:input|entrada|prompts?)\s*{per}\s*(?P<unit3>{slow_unit})s?\b"
        ), volume),
        # "500 mil de saída por dia": the answers' volume with no word for tokens (a multiplier needed).
        ("output_volume", regexes.compile(
            rf"(?<![\w.,]){_PLAIN}\s*({big_count})\s*(?:de\s+)?(?:saida|output)\s*{per}\s*(?P<unit>{slow_unit})s?\b"
        ), volume),
        # The prompts' side said before the answers' with no time of its own ("2M tokens de entrada e 500k de
        # saída por dia"): the period of the answers' (query._build joins them).
        ("input_volume_bare", regexes.compile(
            rf"(?<![\w.,]){_PLAIN}\s*({big_count})\s*(?:de\s+)?(?:(?:{tokens})\s*)?(?:de\s+|of\s+)?(?:input|entrada)\b"
            rf"(?!\s*{per})"
        ), lambda m: _bare_volume(m)),
        # The answers' side said after it with no time of its own ("... of input and 500k tokens output",
        # "... e 500 mil de saída"): the same period as the volume before it (query._build joins them).
        ("output_volume_bare", regexes.compile(
            rf"(?<![\w.,]){_PLAIN}\s*({big_count})\s*(?:de\s+)?(?:(?:{tokens})\s*)?(?:de\s+|of\s+)?(?:output|saida|resposta|respostas|answers?)\b"
            rf"(?!\s*{per})|(?<![\w.,]){_PLAIN}\s*({big_count})\s*(?:output|saida)\s+(?:{tokens})\b(?!\s*{per})"
        ), lambda m: None if prompt_length_before.search(m.string, 0, m.start()) else _bare_volume(m)),
        # Tokens a minute, an hour, a day or a month with no word for answers ("500k tokens por dia", "2
        # milhões de tokens por mês"): all the service reads and writes, prompts and answers together, as
        # providers count tokens; never a context nor training data. Tokens a second are a user's speed.
        ("token_volume", regexes.compile(
            rf"{_PLAIN}\s*({big})?\s*(?:de\s+)?(?:{tokens})\s*{per}\s*(?P<unit>{slow_unit})s?\b"
        ), volume),
        # The same as API rate limits write it: "200k TPM" (tokens per minute), "5M TPD" (per day).
        ("token_volume", regexes.compile(rf"(?<![\w.,]){_PLAIN}\s*({big})?\s*(?P<abbr>tpm|tpd)\b"),
         lambda m: _volume(m.group(1), m.group(2), "minuto" if m.group("abbr") == "tpm" else "dia")),
        ("tokens_per_s", regexes.compile(
            rf"(?:\b(?:{speed})(?:\s+(?:minima|minimum|min|media|average))?(?:\s+(?:de|of|a|at|em|in))?\s*)?"
            rf"(?:\b(?:pelo\s+menos|no\s+minimo|minimo\s+de|at\s+least|>=?)\s*)?{_PLAIN}\+?\s*(?:{tokens})\s*"
            # "20 tokens de resposta por segundo" is a speed too (it had been answers of 20 tokens)
            r"(?:(?:de|of)\s+(?:resposta|saida|output|geracao|generation)\s+)?"
            # "30 tokens a second" (it had been a context of 30 tokens)
            r"(?:/|\bpor\b|\bper\b|\ba(?=\s+sec))\s*(?:s|seg|segundo|second|sec)\b"
            r"(?:\s+(?:por|per|para\s+cada|for\s+each|each)\s+(?:usuario|user|pessoa|person|utilizador)|\s+(?:each|cada)"
            # "30 tokens/s/user": the user after a slash, as the unit goes on
            r"|\s*/\s*(?:usuario|user|utilizador|stream|session|sessao))?"
        ), lambda m: _float(m.group(1))),
        # "50 tps por usuário", "30 tok/s each": tokens a second glued as shorthand writes them, a user's speed
        # when said of each user ("tps" alone may be transactions, and stays not understood).
        ("tokens_per_s", regexes.compile(
            rf"(?:\b(?:{speed})(?:\s+(?:de|of|a|at|em|in))?\s*)?(?:\b(?:pelo\s+menos|no\s+minimo|at\s+least|>=?)\s*)?"
            # "30+ t/s": at least that, as ">= 30" is; "t/s" and "tok/s" alone are tokens a second already
            rf"{_PLAIN}\+?\s*(?:tps|(?P<plain>tok/s|t/s))(?:\s+(?:por|per|para\s+cada|for\s+each|each|cada|pra\s+cada)"
            # "30 tok/s/user": the user after a slash
            r"|\s*/(?=\s*(?:usuario|user|utilizador|stream|session|sessao)\b)|(?(plain)(?![\w/])|(?!)))"
            r"(?:\s*(?:usuario|user|pessoa|person|utilizador|um|sessao|session|conversa|conversation|stream))?\b"
        ), lambda m: _float(m.group(1))),
        # "tokens/s na velocidade de leitura", "at reading speed": the speed people read at, as the chat's default
        # is (it had been "leitura" or "speed" not understood)
        ("tokens_per_s", regexes.compile(
            rf"(?:\b(?:{tokens})\s*(?:/\s*s|por\s+segundo|per\s+second)\s+)?(?:\b(?:na|a|at|em|in|com|with)\s+)?"
            rf"(?:\b(?:{_alternatives(w['reading_speed'])})\b)"
        ), lambda m: reading_speed()),
        # The time between tokens is the speed each user sees: "tpot de 25 ms" is 40 tokens/s.
        ("tokens_per_s", regexes.compile(rf"\b(?:{per_token}){within}\s*{_PLAIN}\s*{_SECONDS}"), per_second),
        ("tokens_per_s", regexes.compile(rf"{_PLAIN}\s*{_SECONDS}\s*(?:/|\bpor\b|\bper\b|\bentre\b|\bbetween\b)\s*tokens?\b"),
         per_second),
        # "latência máxima de 1,5 segundos para o primeiro token": the number between two names of the target.
        ("ttft_s", regexes.compile(
            rf"(?:\b(?:{first_token}){within}\s*)?{_PLAIN}\s*{_SECONDS}\s+"
            rf"(?:(?:de|to|for\s+the|para\s+o|ate\s+o|ate\s+ao|para\s+a|no|na|pra|para|before|antes\s+de)\s+)?"
            rf"(?:{first_token})\b"
        ), seconds),
        ("ttft_s", regexes.compile(rf"\b(?:{first_token}){within}\s*{_PLAIN}\s*{_SECONDS}"), seconds),
        # "não pode demorar mais que 5 seg", "can't take longer than 3 s": how long it may take, a first-token
        # target as "resposta em até 5 s" is (a verb, kept out of the word lists: "o treino pode demorar 2 dias" is
        # a training's time, read elsewhere)
        ("ttft_s", regexes.compile(
            rf"\b(?:demorar|demore|demora|levar|leve)\s+mais\s+(?:que|q|de|do\s+que)\s*{_PLAIN}\s*{_SECONDS}"
        ), seconds),
        ("ttft_s", regexes.compile(rf"\btake\s+(?:longer|more)\s+than\s*{_PLAIN}\s*{_SECONDS}"), seconds),
        # What each person sends in a day ("cada um usa umas 10 vezes por dia"): the people's daily volume;
        # at the peak hour ("cada um manda 20 perguntas por hora", "5 requests per user per hour", "3 mensagens
        # por hora cada"), or in a minute (sixty times that in the hour), before the service's own rate.
        # "300 lojas, 3 perguntas por loja por hora", "50 clínicas com 20 consultas por dia cada": the units'
        # total rate (it had been "Não entendi" for the units and the rate of one).
        ("rate_per_unit", units_rate, rate_per_unit),
        *each_person(day, "requests_per_person_day", amount),
        # "2k daily active users, each sending ~10 messages": beside people counted by the day, what each sends
        # with no period is theirs a day (it had been left unread and the day's volume estimated).
        ("requests_per_person_day", regexes.compile(
            rf"\b(?:cada\s+uma?|each(?:\s+one)?|(?:cada|each|por|per)\s+(?:{person}))\b(?:\s+[a-z]+){{0,3}}?\s+"
            rf"(?:[~≈±]\s*)?{_NUM}\s*(?:de\s+)?(?:{requests})\b(?!\s*(?:{per}|de\b|of\b|[-/\d]))"
        ), lambda m: amount(m) if daily_people.search(m.string) else None),
        *each_person(hour, "requests_per_active_hour", amount),
        *each_person(minute, "requests_per_active_hour", per_minute_amount),
        # One request each so often ("cada um manda uma pergunta a cada 30 segundos", "each gets a suggestion
        # every 30 seconds", "uma mensagem a cada 5 minutos cada"): the hour's requests of each person at the peak
        # (the interval had been left unread, "every", "30", "seconds").
        ("requests_per_active_hour", regexes.compile(
            rf"(?:\b(?:cada\s+uma?|each(?:\s+one)?|(?:cada|each|por|per)\s+(?:{person}))\b(?:\s+[a-z]+){{0,4}}?"
            rf"|\b(?:uma?|one|an?)\s+(?:{requests}))\s+(?:a\s+cada|every)\s+(?:(?P<n>\d+(?:[.,]\d+)?)\s*)?"
            r"(?P<unit>segundos?|seconds?|secs?|s|minutos?|minutes?|mins?|horas?|hours?|h)\b"
            rf"(?:\s+{each}\b)?"
        ), every),
        # "5 mil contratos por dia", "50 mil contratos pdf por dia", "50k scanned invoices a day": the noun is
        # kept (group "noun"), as documents counted a day are a pipeline's volume (take(): items_volume).
        ("rate", regexes.compile(
            rf"{_NUM}\s*(?:de\s+)?(?:(?:{kind_of}|{described_before})\s+)?(?:(?P<length_before>{length_words})\s+)?"
            rf"(?P<noun>{requests})(?:\s+(?:{kind_of}|{described}))?(?:\s+(?P<length_after>{length_words}))?"
            rf"(?:\s+(?:{in_flight}))?{qualifier}\s*"
            rf"(?:{per}\s*(?:(?P<every>\d+(?:[.,]\d+)?)\s*)?(?P<unit>{unit})s?|(?P<adj>{_alternatives(adjectives)}))\b"
        ), rate),
        # "3 mil pdfs de 50 páginas pra resumir por dia": documents counted, what they are and what to do with
        # them, then the period; only the count, the noun and the period are taken (the length and the task
        # stay for their readers). It had been a RAG corpus, the day's volume lost.
        ("items_spread", regexes.compile(
            rf"{_NUM}\s*(?:de\s+)?(?P<noun>{items_only})\b(?P<middle>[^.;!?\n\d]{{0,20}}\d[^.;!?\n]{{0,50}}?)"
            rf"(?P<per>(?:{per})\s*(?P<unit>{unit}))\b"
        ), items_spread),
        # "200 rpm", and glued as shorthand writes it: "200rpm", "5rps", "2krpm"
        ("rate", regexes.compile(
            rf"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(k|mil|mi|milhoes|milhao|millones|millon|millions?|m)?\s*({'|'.join(abbreviations)})\b"
        ), abbreviated),
        # A count per unit of time with no noun ("10 per minute", "300/h", "10 mil por dia") is a rate too, but
        # not money ("R$ 30 por hora") nor a month (a budget, more often than not).
        ("rate", regexes.compile(
            rf"(?<!\$)(?<!\$\s){_NUM}\s*(?:/\s*({bare_unit})|(?:{per})\s*({bare_unit}))\b(?!\s*(?:de\s+)?(?:{tokens})\b)"
        ), bare_rate),
        # "resumir processos de 300 páginas, uns 2 mil por mês": a count a month or a week with no noun, after the
        # items named, is their volume (a bare month is otherwise no rate: a budget, more often than not). Only
        # the count and its period are taken; money said right before leaves it.
        ("items_per_period", regexes.compile(
            rf"\b(?:{items_only}|{item})\b[^.;!?\n]{{0,80}}?(?P<at>{_NUM})\s*(?:{per})\s*(?P<unit>{long_unit})\b"
            rf"(?!\s*(?:de\s+)?(?:{tokens})\b)"
        ), items_per_period),
        ("share_using", regexes.compile(
            rf"(?:{_PLAIN}\s*%|\b({shares}))\s*(?:(?:dos|das|de|of\s+the|of|them)\s+[a-z]+\s+)?(?:[a-z]+\s+){{0,2}}?"
            rf"(?:(?:{_alternatives(w['share_using_before'])})\s+)?(?:{_alternatives(w['share_using'])})\b"
        ), share_using),
        ("active_share", regexes.compile(
            rf"(?:{_PLAIN}\s*%|\b({shares}))\s*(?:(?:dos|das|de|of\s+the|of|them)\s+\w+\s+)?(?:[a-z]+\s+){{0,2}}?"
            rf"(?:{active})\b(?:\s+(?:it|o|a|isso)\b)?"
            r"(?:\s+(?:ao\s+mesmo\s+tempo|at\s+the\s+same\s+time|at\s+once|simultaneamente|simultaneos?|"
            r"simultaneas?|at\s+any\s+(?:given\s+|one\s+)?time|a\s+qualquer\s+momento))?"
            rf"(?:\s+(?:{peak}))?"
        ), share),
        ("active_share", regexes.compile(rf"{_PLAIN}\s*%\s*(?:{peak})\b"), share),
        # "peak is 10% of staff", "pico de 20% dos usuários": the share after the peak (the 10 had been
        # left unread and the head-count sized by the default share)
        ("active_share", regexes.compile(
            rf"\b(?:{peak_before})\b(?:,?\s+[a-z]+){{0,3}}?,?\s+{_PLAIN}\s*%"
            r"(?:\s+(?:dos|das|de|of\s+the|of)\s+[a-z]+)?"
        ), share),
        ("active_share", regexes.compile(
            # "1 in 10 active at once": the words for "at once" may follow one another ("once" had been unread)
            rf"\b(?:1|um|uma|one)\s+(?:em|in|a)\s+(?:cada\s+|every\s+)?(\d+)\b(?:\s+[a-z]+){{0,2}}?\s+(?:{active})\b"
            rf"(?:\s+(?:{active})\b)?"
        ), lambda m: 1 / int(m.group(1)) if int(m.group(1)) > 0 else None),
        # Conversations said to be at once ("1000 conversas simultâneas", "2000 concurrent users", "300
        # pessoas online ao mesmo tempo", "concurrency 64"): that many at once, however many (never a head-count).
        ("users_at_once", regexes.compile(
            rf"{_NUM}\s*(?:(?:{in_flight})\s+(?:{at_once_nouns})|(?:de\s+)?(?:{at_once_nouns})\s+(?:(?:{using})\s+)?(?:{in_flight}))\b"
        ), length),
        # "peak concurrency ~150", "concorrência de uns 40": about that many
        ("users_at_once", regexes.compile(
            rf"\b(?:{concurrency})\s*(?:de|of|=|:)?\s*(?:(?:~|≈|uns|umas|about|around|cerca\s+de)\s*)?{_NUM}"
            rf"(?!\s*(?:{tokens})\b)"
        ), length),
        # "llama 8b com 10 requisições", "with 20 requests": requests counted with no period are that many at
        # once (traffic_words.toml requests_no_period); a period, a length or an owner after them is another reading.
        ("users_at_once", regexes.compile(
            rf"\b(?:com|with|handling|atender|atendendo|aguentar|aguenta|suportar|suporta)\s+(?:~\s*)?{_NUM}\s*"
            rf"(?:{_alternatives(w['requests_no_period'])})\b"
            rf"(?!\s*(?:{per}|de\b|do\b|da\b|of\b|com\b|with\b|em\s+\d|in\s+\d|tokens?\b|[-/\d]))"
        ), lambda m: n if (n := length(m)) and n < MOST_AT_ONCE_UNTIMED and not _EACH_BEFORE.search(
            m.string, max(0, m.start() - 40), m.start()) else None),
        # "100 nurses using llama 8b at once", "80 pessoas usando o chat interno simultaneamente": what they use
        # sits between the verb and at once (had been 100 people and "Not understood: once"). The count and the
        # words of at once are taken, what they use is left for its readers; never past another count or clause.
        ("users_at_once_using", regexes.compile(
            rf"(?P<count>{_NUM}\s+(?:(?!(?:modelos|models|gpus|placas|cards|servidores|servers|tokens)\b)[a-z]{{4,}}s))"
            rf"\s+(?:{using})\s+(?:(?!(?:e|and|mas|but|only|so|sendo|porem|com|with)\s)(?![\d.,]+\s*(?:k|mil)?\s+(?:ao|at|em|simult|concurr))[\w.-]+\s+){{1,4}}?"
            r"(?P<when>ao\s+mesmo\s+tempo|simultaneamente|em\s+simultaneo|at\s+once|at\s+the\s+same\s+time|concurrently"
            r"|simultaneously)\b"
        ), lambda m: ([("users_at_once", n)], [m.span("count"), m.span("when")]) if (n := _count(m.group(2), m.group(3))) else None),
        # "2 mil usuários, mas só 100 ao mesmo tempo": the count at once with its noun left out.
        ("users_at_once", regexes.compile(
            # "5 pesquisadores ao mesmo tempo": whoever they are (not models, GPUs or servers)
            rf"{_NUM}\s+(?:(?!(?:modelos|models|gpus|placas|cards|servidores|servers|adaptadores|adapters|loras|nos|nodes|tokens)\b)[a-z]{{4,}}s\s+)?"
            rf"(?:(?:{using})\s+)?(?:ao\s+mesmo\s+tempo|simultaneamente|em\s+simultaneo|at\s+once|at\s+the\s+same\s+time|"
            r"concurrently|no\s+pico|na\s+hora\s+de\s+pico|at\s+(?:the\s+)?peak|"
            # "1000 usuários cadastrados, 50 simultâneos": the adjective alone (had been 50 users beside the
            # 1,000 people, and sized by the head-count's estimate)
            r"simultane[oa]s|concorrentes|simultaneous|concurrent)\b"
        ), length),
        ("population", regexes.compile(rf"\bbase\s+(?:de|of)\s+{_NUM}\s*(?:de\s+)?(?:{people}|{persons}|contas|accounts)\b"),
         population),
        # "a headcount of 3,500", "headcount: 3500", "a 1,200-strong workforce": HR's count of the people
        ("population", regexes.compile(
            rf"\b(?:headcount|head[\s-]count)\s*(?:de|of|is|=|:)?\s*(?:~\s*)?{_NUM}"
            rf"|{_NUM}-strong\s+(?:{people})\b"
        ), lambda m: _count(m.group(1) or m.group(3), m.group(2) or m.group(4))),
        # "2 mil clientes por dia", "300 users a day", "1000 users/day": the people of a day. A head-count, unless each one's
        # conversation is said ("cada conversa com 8 mensagens"): then a daily volume (sizing/query.py).
        ("people_per_day", regexes.compile(
            rf"{_NUM}\s*(?:de\s+)?(?:{people}|{persons})\s*(?:{per})\s*(?:{day})\b"
        ), population),
        # "30 000 users per month", "30 mil usuários por mês", "30k monthly users", "30k MAU": the people of a
        # month, far fewer of them on any one day (traffic.toml [population] daily_share_of_monthly).
        ("people_per_month", regexes.compile(
            rf"{_NUM}\s*(?:de\s+)?(?:(?:{people})|(?:{persons})(?:\s+(?:ativos|active))?)\s*(?:{per})\s*(?:{month})\b"
            rf"|{_NUM}\s+(?:monthly|mensais)\s+(?:active\s+|ativos\s+)?(?:{persons})\b"
            rf"|{_NUM}\s+(?:{persons})\s+(?:ativos\s+)?(?:mensais|monthly)\b"
            rf"|{_NUM}\s*(?:mau|monthly\s+active\s+users|usuarios\s+ativos\s+mensais|utilizadores\s+ativos\s+mensais)\b"
        ), lambda m: next(_count(m.group(i), m.group(i + 1)) for i in range(1, 9, 2) if m.group(i) is not None)),
        # "500 daily users", "2 mil usuários diários": the same, the day said as an adjective.
        ("people_per_day", regexes.compile(
            rf"{_NUM}\s+(?:{_alternatives(w['daily'])})\s+(?:{persons})\b|{_NUM}\s+(?:{persons})\s+(?:{_alternatives(w['daily'])})\b"
        ), lambda m: population(m) if m.group(1) is not None else _count(m.group(3), m.group(4))),
        ("population", regexes.compile(rf"{_NUM}\s*(?:de\s+)?(?:{people})\b(?!\s+simultane)"), population),
        ("population", regexes.compile(
            rf"{_NUM}\s+(?:{servants})\b(?!\s+simultane)(?:\s+(?:d[aoe]s?|n[ao]s?)\s+(?:{public_body})\b)?"
        ), servants_count),
        ("population", regexes.compile(rf"\b(?:{people})\b{count_after}"), population),
        # "usuários: 300", "users=200" are query.py's (USERS_KEY: "users=" is conversations at once, a flag's)
        ("users", regexes.compile(rf"\b(?:{persons})\b(?!\s*[:=]){count_after}"), length),

        # "3k users", "5 mil usuários": a count in thousands of users is users (a head-count, sizing/plan.py),
        # never a context of 3k.
        ("users", regexes.compile(
            rf"(?<![\w.,=:])(\d+(?:[.,]\d+)?)\s*(k|mil)\s*(?:de\s+)?(?:{persons})\b(?!\s*[=:]|\s*\d)"
        ), length),
        # A team of N ("time de 150 pessoas", "team of 40 agents"): N users, whatever its members are called
        # (any plural word, or none); a team as large as a company is its head-count (sizing/plan.py).
        ("users", regexes.compile(
            rf"\b(?:{_alternatives(w['team'])})\s+(?:de|of|com|with)\s+{_NUM}{not_time}"
            rf"(?:\s+(?!(?:{requests}|{tokens}|simultane\w*|concurrent\w*)\b)(?:{persons}|staff|[a-z]{{3,}}s)\b)?"
        ), length),
        # A team's size in parentheses ("pharma team (about 30 people)", "equipe jurídica (~30 pessoas)", "time de
        # vendas (uns 30)"): how many people it has, a head-count as "30 funcionários" is, not 30 at once (it had
        # been 30 concurrent users)
        ("population", regexes.compile(
            rf"\b(?:{_alternatives(w['team'])})\b(?:\s+[a-z]+){{0,3}}?\s*\(\s*"
            rf"(?:(?:cerca\s+de|uns|umas|aprox\.?|aproximadamente|about|around|approx\.?|roughly|~)\s*)?"
            rf"{_NUM}(?:\s+(?:{persons}|{people}|membros|members))?\s*\)"
        ), population),
        # An organisation's size ("somos uma empresa de 200 pessoas", "a startup with 30 people", "we're a
        # 30-person startup"): its head-count, a peak share of it at once, as "200 funcionários" is; a team's
        # people (above) stay users.
        ("population", regexes.compile(
            rf"\b(?:{organisation})\s+(?:de|com|of|with)\s+(?:(?:cerca\s+de|uns|umas|about|around|~)\s*)?"
            rf"{_NUM}\s+(?:{persons}|{people})\b"
        ), population),
        ("population", regexes.compile(
            rf"{_NUM}[-\s]*(?:pessoas|person|people|employee|staff)[-\s]+(?:{organisation})\b"
        ), population),
        ("population", regexes.compile(
            rf"{_NUM}\s*(?:{persons})\s+(?:da|de|na|do|of|in|at|from)\s+(?:nossa\s+|our\s+|the\s+|a\s+)?(?:{organisation})\b"
        ), population),
        # Documents of a length at a rate ("500 contratos de 40 páginas por dia"): the rate and the prompt.
        ("pages_at_rate", regexes.compile(
            rf"{_NUM}\s+(?:{documents})\s+(?:de|com|of|with)\s+(?:(?:ate|up\s+to|cerca\s+de|about|~)\s*)?"
            rf"{_NUM}[-\s]*(?:{pages})\b(?:\s+(?:each|cada(?:\s+um)?))?,?\s*{per}\s*(?P<unit>{unit})s?\b"
        ), pages_at_rate),
        # Pages at a rate, each its own request ("OCR de 1000 páginas por hora", "1000 pages/hour"): a page's
        # prompt at that rate (they had been one prompt of 1,000 pages).
        ("pages_at_rate", regexes.compile(
            rf"{_NUM}[-\s]*(?:{pages})\s*{per}\s*(?P<unit>{unit})s?\b"
        ), pages_each_at_rate),
        # A prefix every request shares ("system prompt de 4k tokens", "an 8k-token system prompt"), before
        # the prompts' own lengths read "prompt de 4k".
        ("shared_prefix_tokens", regexes.compile(
            # "prompt de sistema grande (4000 tokens)": an adjective, and the length in brackets
            rf"\b(?:{system})(?:\s+(?:compartilhado|partilhado|comum|shared|fixo|fixed|grande|longo|extenso|enorme|"
            rf"big|long|large|huge))?(?:{of}|\s*\(\s*){_NUM}{not_time}"
            rf"(?:\s*(?:tokens?|toks?))?(?:\s+(?:compartilhados?|partilhados?|shared|em\s+comum|in\s+common))?"
        ), length),
        # "an 8k shared system prompt", "8k-token common system prompt" ("shared" had been not understood)
        ("shared_prefix_tokens", regexes.compile(
            rf"{_NUM}[-\s]*(?:(?:tokens?|toks?)[-\s]+)?(?:de\s+|of\s+)?(?:(?:{shared})[-\s]+)?(?:{system})\b"
        ), length),
        # A document every request reads ("um documento de 100k compartilhado", "a shared document of 100k", "a
        # 100k shared manual"): a shared prefix, as a system prompt is (it had been a second context, "se
        # contradiz: 128k e 100k").
        ("shared_document_tokens", regexes.compile(
            rf"\b(?:(?:{shared})\s+(?:{shared_docs})|(?:{shared_docs})\s+(?:{shared}))\s+(?:de|of|com|with)\s+"
            rf"(?:(?:cerca\s+de|uns|about|~)\s*)?{_NUM}{not_time}(?:\s*(?:tokens?|toks?))?\b"
        ), length),
        ("shared_document_tokens", regexes.compile(
            rf"\b(?:{shared_docs})\s+(?:de|of|com|with)\s+(?:(?:cerca\s+de|uns|about|~)\s*)?{_NUM}{not_time}"
            rf"(?:\s*(?:tokens?|toks?))?\s+(?:{shared})\b"
        ), length),
        ("shared_document_tokens", regexes.compile(
            rf"\b(?:{shared})\s+{_NUM}[-\s]*(?:(?:tokens?|toks?)[-\s]+)?(?:{shared_docs})\b"
        ), length),
        ("shared_document_tokens", regexes.compile(
            rf"{_NUM}[-\s]*(?:(?:tokens?|toks?)[-\s]+)?(?:{shared})[-\s]+(?:{shared_docs})\b"
        ), length),
        # "cada avaliação tem uns 200 tokens", "each review is about 300 tokens": an item's length is its
        # request's prompt (a conversation's is its context, read elsewhere).
        ("prompt_tokens", regexes.compile(
            r"\b(?:cada|each)\s+(?!(?:conversa|conversation|sessao|session|chat|usuario|user|pessoa|person|um|uma|one)\b)"
            r"[a-z]+\s+(?:tem|possui|has|is|ocupa|takes)\s+(?:(?:uns|umas|cerca\s+de|em\s+media|about|around|~)\s*)?"
            rf"{_NUM}\s*(?:tokens?|toks?)\b"
        ), length),
        # "e sem system prompt?" in a thread: nothing shared any more.
        ("shared_prefix_tokens", regexes.compile(rf"\b(?:sem|without|no)\s+(?:(?:o|a|the)\s+)?(?:{system})\b"),
         lambda m: 0),
        # "o system prompt tem 3 mil tokens", "the system prompt is about 2k tokens"
        ("shared_prefix_tokens", regexes.compile(
            rf"\b(?:{system})\s+(?:tem|possui|ocupa|has|is|takes)(?:\s+(?:cerca\s+de|uns|umas|about|around|~))?"
            rf"\s*{_NUM}\s*(?:tokens?|toks?)\b"
        ), length),
        # A volume of speech by its hours ("resumir 500 horas de áudio por mês", "2k hours of calls"): minutes
        # of transcript to read in all (sizing/query.py), from ten hours up; less is one recording's length.
        ("speech_volume", regexes.compile(
            rf"{_PLAIN}\s*(?P<mult>mil|k)?\s*(?P<unit>{speech_units})\s+(?:de|of)\s+(?:{speech})\b"
        ), _speech_volume),
        # Transcripts of speech by its duration ("transcrições de 1 hora", "30-minute calls", "reuniões de 2
        # horas"): minutes, each traffic.toml's tokens_per_speech_minute (sizing/query.py).
        ("speech_minutes", regexes.compile(
            rf"\b(?:{speech})\s+(?:(?:de|of|com|with|que\s+duram|lasting)\s+)(?:(?:ate|up\s+to|cerca\s+de|about|~)\s*)?"
            rf"{_PLAIN}\s*(?P<unit>{speech_units})(?![\w])"
            rf"|{_PLAIN}[-\s]*(?P<unit2>{speech_units})[-\s]+(?:long\s+)?(?:{speech})\b"
        ), lambda m: _float(m.group(1) or m.group(3)) * (60 if (m.group("unit") or m.group("unit2"))[0] == "h" else 1)),
        # "atas de reunião, 200 por dia, de 1 hora cada": the duration apart from its noun (read when the
        # question names speech, sizing/query.py).
        ("speech_minutes_each", regexes.compile(
            rf"\b(?:de|of)\s+(?:(?:ate|up\s+to|cerca\s+de|about|~)\s*)?{_PLAIN}\s*(?P<unit>{speech_units})\s+(?:cada|each)\b"
        ), lambda m: _float(m.group(1)) * (60 if m.group("unit")[0] == "h" else 1)),
        # An answer in pages ("respostas de umas 2 páginas", "answers of 3 pages"): the answer's length, at a
        # page's tokens (sizing/query.py); it had been a document of 2 pages to read
        ("output_pages", regexes.compile(
            rf"\b(?:{answer_nouns})\s+(?:(?:de|com|of|with)\s+)?(?:(?:uns|umas|ate|up\s+to|cerca\s+de|about|around|~)\s*)?"
            rf"{_NUM}[-\s]*(?:{pages})\b"
        ), lambda m: length(m)),
        # A prompt in pages ("documentos de 20 páginas", "20-page reports"), or in pieces of a given size
        # ("5 trechos de 500 tokens": 2,500).
        ("prompt_pages", regexes.compile(
            rf"(?:\b(?:{documents})\s+(?:(?:de|com|of|with)\s+|(?=(?:ate|up\s+to)\b)))?(?:(?:\b(?:ate|up\s+to|cerca\s+de|about)|~)\s*)?"
            rf"{_NUM}[-\s]*(?:{pages})\b(?:\s+(?:{documents})\b)?(?:\s+(?:inteir[oa]s?|complet[oa]s?)\b)?"
            # one page said in words, its size beside it ("lê uma página A4 por pergunta", "a single page")
            rf"|(?P<one>\b(?:uma|one|a|a\s+single|uma\s+unica|uma\s+so)\s+(?:pagina|page|folha)\b)"
            rf"(?:\s+(?:a4|a-4|carta|letter|inteira|cheia|full))?"
        ), prompt_pages),
        # RAG as engineers write it: "chunks de 512 tokens, top 10", "top-5 chunks of 1k tokens", "k=8 chunks de
        # 500 tokens": the chunks retrieved, each of its size, are the prompt. Only the two phrases are taken.
        ("retrieved_chunks", regexes.compile(
            rf"(?P<top>\btop[\s_-]*k?\s*[=:]?\s*(?P<k>\d{{1,3}})\b|\bk\s*=\s*(?P<k2>\d{{1,3}})\b)[^.;!?]{{0,40}}?"
            rf"(?P<chunk>\b(?:{pieces})\s+(?:de|of|with|com)\s+(?P<size>\d+(?:[.,]\d+)*)\s*(?P<mult>k|mil)?\s*(?:tokens?|toks?)\b)"
            rf"|(?P<chunk2>\b(?:{pieces})\s+(?:de|of|with|com)\s+(?P<size2>\d+(?:[.,]\d+)*)\s*(?P<mult2>k|mil)?\s*(?:tokens?|toks?)\b)"
            rf"[^.;!?]{{0,40}}?(?P<top2>\btop[\s_-]*k?\s*[=:]?\s*(?P<k3>\d{{1,3}})\b|\bk\s*=\s*(?P<k4>\d{{1,3}})\b)"
        ), retrieved_chunks),
        # A few pieces in one prompt ("3 documentos de 10 mil tokens"); hundreds are a volume of items, each a
        # request or a training example ("300 mil documentos de 2 mil tokens" had been a 600M-token prompt).
        ("prompt_tokens", regexes.compile(
            rf"{_NUM}\s*(?:{pieces})\s+(?:de|of|with|com)\s+{_NUM}\s*(?:tokens?|toks?)\b"
            # "RAG com 5 chunks de 512": a chunk's size with no unit where the phrase ends is in tokens (it had
            # been a 512-token context)
            rf"|{_NUM}\s*(?:chunks|trechos|passagens|passages|snippets)\s+(?:de|of|with|com)\s+{_NUM}"
            r"(?=\s*(?:[,;.)]|$|(?:e|and|each|cada)\b))"
        ), _pieces_prompt),
        # A count of items of a length ("1 milhão de prompts de 500 tokens", "10k emails of 300 tokens"): the
        # length is each request's prompt, and the items stay for the batch readers below, which count them.
        # "8k prompts de 2 mil tokens" stays a context with its prompts' length (thousands glued to a prompt noun).
        ("items_length", regexes.compile(
            rf"(?<![\w.,])(?!\d+(?:[.,]\d+)?k\s+(?:{prompt_nouns})\b)"
            rf"\d+(?:[.,]\d+)*\s*(?:k|m|mil|mi|milhoes|milhao|millones|millon|millions?)?\s+(?:de\s+|of\s+)?(?:{requests})"
            rf"(?P<length>\s+(?:de|of|com|with)\s+(?:(?:~|cerca\s+de|uns|umas|about|around|ate|up\s+to)\s*)?"
            rf"{_NUM}[-\s]*(?:tokens?|toks?)\b(?:\s+(?:cada(?:\s+uma?)?|each))?)"
        ), items_length),
        # A document of a length, none counted before it ("resumir documentos de 3k tokens, 100 por hora",
        # "3k-token reports"): each request's prompt, where the tokens had been read as the context.
        # Their field may come between ("laudos de radiologia de 2 mil tokens", "e-mails de clientes de 400
        # tokens"), the length had then been the context. An e-mail with its length is one too ("emails de 400
        # tokens" had been a 400-token context, shorter than the 500-token answer); with none it keeps a chat's
        # prompt (short_documents' reading).
        ("document_length", regexes.compile(
            rf"\b(?:{documents}|{emails})(?:\s+(?:de|do|da|dos|das|of)\s+(?!(?:ate|cerca|uns|umas|about|around)\b)[a-z]{{3,}}){{0,2}}?(?P<length>\s+(?:de|of|com|with)\s+(?:(?:~|cerca\s+de|uns|umas|about|around|ate|up\s+to)\s*)?"
            rf"{_NUM}[-\s]*(?:tokens?|toks?)\b(?:\s+(?:cada(?:\s+uma?)?|each))?)"
            rf"|(?P<before>{_NUM}[-\s]*(?:tokens?|toks?)\s+(?:{documents})\b)"
        ), document_length),
        # Tokens said to be text ("cada sinistro tem fotos + 1500 tokens de texto", "2k tokens of text per claim"):
        # each request's text, its prompt (it had been a 1,500-token context, beside the photos' own tokens).
        ("prompt_tokens", regexes.compile(
            rf"(?<![\w.,]){_NUM}\s*(?:tokens?|toks?)\s+(?:de\s+|of\s+)?(?:texto|text|escrita)\b"
        ), length),
        # A thing a model writes of a length ("posts de 300 tokens para instagram", "300-token captions"): each
        # answer's, unless the question reads them (sizing/query.py _length_side); it had been a 300-token context.
        ("written_length", regexes.compile(
            rf"\b(?:{written})(?:\s+(?:de|do|da|dos|das|para|pra|pro|no|na|of|for)\s+(?!(?:ate|cerca|uns|umas|about|around)\b)[a-z]{{3,}}){{0,2}}?(?P<length>\s+(?:de|of|com|with)\s+(?:(?:~|cerca\s+de|uns|umas|about|around|ate|up\s+to)\s*)?"
            rf"{_NUM}[-\s]*(?:tokens?|toks?)\b(?:\s+(?:cada(?:\s+uma?)?|each))?)"
            rf"|(?P<before>{_NUM}[-\s]*(?:tokens?|toks?)\s+(?:{written})\b)"
        ), written_length),
        # Both lengths with the number first ("2k input 200 output", "1500 entrada, 300 saída"): read as a pair
        # before the noun-first patterns, which would give "input 200" the answer's number.
        ("lengths", regexes.compile(
            rf"{_NUM}\s*(?:(?:tokens?|toks?)\s+)?(?:de\s+)?(?:{prompt_suffixes})\b\s*[,;/]?\s*(?:(?:e|and|&)\s+)?"
            rf"{_NUM}\s*(?:(?:tokens?|toks?)\s+)?(?:de\s+)?(?:{answer_suffixes})\b"
        ), lambda m: (_count(m.group(1), m.group(2)), _count(m.group(3), m.group(4)))),
        # "in: 1.5k, out: 300", "in=2k out=500": the two as keys, a spec sheet's shorthand (it had been a 1,500-token
        # context and 300 users)
        ("lengths", regexes.compile(
            rf"\bin\s*[:=]\s*~?\s*{_NUM}\s*(?:(?:tokens?|toks?)\b)?\s*[,;/]?\s*(?:(?:e|and|&)\s+)?"
            rf"\bout\s*[:=]\s*~?\s*{_NUM}\s*(?:(?:tokens?|toks?)\b)?"
        ), lambda m: (_count(m.group(1), m.group(2)), _count(m.group(3), m.group(4)))),
        # The noun first with a length that says it is tokens ("input 1500 tokens output 250 tokens", "prompt
        # 2k resposta 300 tokens"): before the number-first patterns below, which would read "1500 tokens
        # output" as the answer's length and leave the prompt's noun without one.
        ("prompt_tokens", regexes.compile(rf"\b(?:{prompt_nouns}){of}{_NUM}{not_time}{not_counted}{tokens_said}{each_request}"), length),
        ("output_tokens", regexes.compile(rf"\b(?:{answer_nouns}){of}{_NUM}{not_time}{not_counted}{tokens_said}{each_request}"), length),
        # The number first, as benchmarks write it: "1500-token prompts", "300 token responses".
        ("prompt_tokens", regexes.compile(rf"{_NUM}[-\s]*(?:tokens?|toks?)\s+(?:long\s+)?(?:{prompt_nouns})\b"), length),
        ("output_tokens", regexes.compile(rf"{_NUM}[-\s]*(?:tokens?|toks?)\s+(?:long\s+)?(?:{answer_nouns})\b"), length),
        # "80 tokens per reply", "até 60 tokens por fala", "50 tokens each turn": each answer's length (an NPC's
        # line, a turn of a dialogue), which had been read as an 80-token context.
        ("output_tokens", regexes.compile(
            rf"{_NUM}[-\s]*(?:tokens?|toks?)\s+(?:por|per|a|each|cada|em\s+cada|in\s+each)\s+(?:{answer_each})\b"
        ), length),
        ("prompt_tokens", regexes.compile(rf"{_NUM}\s+(?:{prompt_nouns})\s+(?:tokens?|toks?)\b"), length),
        # "with 2k prompts and 500 token answers", "4k prompts and 1k answers": a length in thousands right
        # before the noun is tokens, as benchmark write-ups put it; with a period after it ("2k prompts per
        # day") it is a count, read as a rate; with a length of its own after it ("8k prompts de 2 mil tokens")
        # the thousands are the context.
        ("prompt_tokens", regexes.compile(rf"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(k)\s+(?:{prompt_nouns})\b(?!\s*{per})(?!{of}\d)"), length),
        ("output_tokens", regexes.compile(rf"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(k)\s+(?:{answer_nouns})\b(?!\s*{per})(?!{of}\d)"), length),
        ("output_tokens", regexes.compile(rf"{_NUM}\s+(?:{answer_nouns})\s+(?:tokens?|toks?)\b"), length),
        # "1k/1k", "2k/500 tokens": prompt and answer, a benchmark's shorthand (a "k" or "tokens" says so).
        ("lengths", regexes.compile(
            rf"(?<![\w.,/])(\d+(?:[.,]\d+)?)\s*(k)?\s*/\s*(\d+(?:[.,]\d+)?)\s*(k)?(?![\w/])"
            rf"(?(2)|(?(4)|\s*(?:{tokens})\b))(?:\s*(?:{tokens})\b)?"
        ), lambda m: (_count(m.group(1), m.group(2)), _count(m.group(3), m.group(4)))),
        ("prompt_tokens", regexes.compile(rf"\b(?:{prompt_nouns}){of}{_NUM}{not_time}{not_counted}(?:\s*(?:tokens?|toks?))?{each_request}"), length),
        # ... never a count and when it comes ("200 in 6 months": it had been a 200-token prompt and a 6-month term)
        ("prompt_tokens", regexes.compile(
            rf"{_NUM}\s*(?:(?:tokens?|toks?)\s+)?(?:de\s+)?(?:{prompt_suffixes})\b(?!{_IN_TIME})"
        ), length),
        ("output_tokens", regexes.compile(rf"\b(?:{answer_nouns}){of}{_NUM}{not_time}{not_counted}(?:\s*(?:tokens?|toks?))?{each_request}"), length),
        ("output_tokens", regexes.compile(rf"{_NUM}\s*(?:(?:tokens?|toks?)\s+)?(?:de\s+)?(?:{answer_suffixes})\b"), length),
        # A word or three between the noun and its length ("respostas longas de 2000 tokens", "se o prompt
        # tiver 6 mil tokens", "answers are 1k tokens"): the length must then say it is tokens, by the word
        # or by its "k" / "mil".
        # Counted prompts sent together ("64 prompts in a batch of 1024 tokens each", "64 perguntas de uma vez de
        # 1000 tokens cada") are a batch at once, read below (batch_count): the reach stops at the batch's words
        # and the length is each prompt's (tokens_each), as "64" had been left unread.
        ("prompt_tokens", regexes.compile(
            rf"(?:(?<!\d\s)\b(?:{prompt_nouns}){loose}|\b(?:{prompt_nouns}){loose_unbatched}){of}{_NUM}{not_time}"
            rf"{tokens_said}"
        ), length),
        # "prompts grandes (6k) e respostas curtas (200)": a length in brackets after its noun.
        ("prompt_tokens", regexes.compile(rf"\b(?:{prompt_nouns})(?:\s+[a-z]+){{0,2}}\s*\(\s*~?{_NUM}\s*(?:{tokens})?\s*\)"), length),
        ("output_tokens", regexes.compile(rf"\b(?:{answer_nouns})(?:\s+[a-z]+){{0,2}}\s*\(\s*~?{_NUM}\s*(?:{tokens})?\s*\)"), length),
        ("output_tokens", regexes.compile(rf"\b(?:{answer_nouns}){loose}{of}{_NUM}{not_time}{tokens_said}"), length),
        # The lengths said by the model's verbs ("cada consulta gera uns 800 tokens", "reads ~6k tokens of notes
        # and writes ~700"): the 800 had been a context, shorter than the prompt, and the question refused. A
        # volume ("gera 1 milhão de tokens por dia") is no one request's length.
        ("prompt_tokens", regexes.compile(
            rf"\b(?:{_alternatives(w['prompt_verbs'])})\s+{approx}{_NUM}\s*(?:tokens?|toks?)\b{not_a_volume}"
            # what the tokens are: "reads ~6k tokens of notes", "lê 20 mil tokens de contrato"
            rf"(?:\s+(?:de|of)\s+(?!(?:{unit})s?\b)[a-z]+)?"
        ), one_request),
        ("output_tokens", regexes.compile(
            rf"\b(?:{_alternatives(w['answer_verbs'])})\s+{approx}{_NUM}"
            rf"(?:\s*(?:tokens?|toks?)\b(?:\s+(?:de\s+saida|de\s+resposta|of\s+output|gerados|generated))?"
            rf"|(?=\s*(?:[.;!?)]|,\s|$))){not_a_volume}"
        ), one_request),
        # "50 mil mensagens por dia, cada uma de 500 tokens", "500 tokens each", "800 tokens cada doc", "800 tokens
        # per alert", "6 mil tokens por contrato": the size of each thing counted; a request's prompt when the
        # question gives a load, else what "500 tokens" alone is (sizing/query.py).
        ("tokens_each", regexes.compile(
            rf"\b(?:cada(?:\s+(?:uma?|qual|{item}))?|each(?:\s+(?:one|{item}))?)\s+(?:(?:de|com|of|with|has|tem|having|is)\s+)?"
            rf"(?:(?:~|cerca\s+de|uns|umas|about|around|ate|up\s+to)\s*)?{_NUM}\s*(?:tokens?|toks?)\b"
            rf"|{_NUM}\s*(?:tokens?|toks?)\s+(?:cada(?:\s+(?:uma?|{item}))?|each(?:\s+(?:{item}))?|apiece"
            rf"|(?:per|por|a|an)\s+(?:{item}))\b"
        ), lambda m: _count(m.group(1) or m.group(3), m.group(2) or m.group(4))),
        # "respostas curtas", "long answers": a length said in words (sizing/query.py makes it tokens); "só o
        # rótulo", "just the label": a classification's answer.
        ("answer_length_word", regexes.compile(
            rf"\b(?:(?P<short>{_alternatives(w['short_answers'])})|(?P<label>{_alternatives(w['label_answers'])})"
            rf"|{_alternatives(w['long_answers'])})\b"
        ), lambda m: "short" if m.group("short") else "classification" if m.group("label") else "long"),
        # "contexto longo", "long context": a context said long, with no number (sizing/query.py makes it tokens)
        ("context_length_word", regexes.compile(rf"\b(?:{_alternatives(w['long_context'])})\b"), lambda m: "long"),
        # "perguntas curtas", "long prompts": a prompt length said in words.
        ("prompt_length_word", regexes.compile(
            rf"\b(?:(?P<short>{_alternatives(w['short_prompts'])})|{_alternatives(w['long_prompts'])})\b"
        ), lambda m: "short" if m.group("short") else "long"),
        # A peak as a multiple of the average ("pico de 3x", "picos de 3 vezes a média", "peak of 3x the
        # average", "o pico é o triplo da média"): before the thread's load scaled, which "pico" also opens.
        # Never a count of GPUs ("pico de 3x h100").
        # A season's multiple ("picos na black friday de 5x", "black friday 5x", "5x mais acessos no natal",
        # "peaks on Black Friday of 5x"): of the usual peak, as a sales rep means it (sizing/plan.py); "5x a
        # média na black friday" names the average and is read below.
        ("seasonal_peak", regexes.compile(
            rf"\b(?:(?:{peak_nouns})\s+)?(?:{on_occasion}\s+)?(?:{occasions})\b(?:\s*[,:;])?"
            rf"(?:\s+(?:o|a|os|as|the|our|nosso|nossa))?(?:\s+(?:{loads}))?(?:\s+(?:{peak_nouns}))?(?:\s+(?:fica|ficam|vai|sobe|sobem|goes|grows|rises|jumps))?"
            rf"{peak_joins}(?:{_PLAIN}{times}|{multiple_word})(?!(?:\s+(?:maior|mais\s+alto|higher|above|acima))?(?:\s+(?:que|than|de|da|do|of|a|o|the|sobre|over))*\s+(?:{averages})\b(?!\s+(?:{peak_nouns})))"
            rf"(?:(?:\s+(?:o|a|the|do|da|of|of\s+the))?(?:\s+(?:normal|usual|habitual|comum))?\s+(?:{peak_nouns})(?:\s+(?:normal|usual|habitual|comum|de\s+sempre))?\b)?"
        ), peak_factor),
        ("seasonal_peak", regexes.compile(
            rf"(?:{_PLAIN}{times}|{multiple_word})(?:\s+(?:mais|more))?(?:\s+(?:de\s+|of\s+)?(?:{loads}))?\s+{on_occasion}\s+(?:{occasions})\b"
        ), peak_factor),
        # "black friday 5x a média": a season's multiple said of the average is of the average
        ("peak_factor", regexes.compile(
            rf"\b(?:{on_occasion}\s+)?(?:{occasions})\b(?:\s*[,:;])?{peak_joins}{multiple}{than_average}"
        ), peak_factor),
        ("peak_factor", regexes.compile(
            rf"\b(?:{peak_nouns})(?:\s+{on_occasion}\s+(?:{occasions}))?{peak_joins}(?:{_PLAIN}{times}(?:{than_average}|{bigger})?|{multiple_word}{than_average})"
        ), peak_factor),
        ("peak_factor", regexes.compile(
            rf"{multiple}(?:\s+(?:a|the|o))?\s+(?:{averages})\s+(?:(?:no|nos|at|at\s+the|in|de|em)\s+)?(?:{peak_nouns})\b"
        ), peak_factor),
        # "50 users, 3x at peak", "3x no pico": the multiple said of the peak with no average named
        # (it had been "Not understood: “3x”")
        ("peak_factor", regexes.compile(
            rf"{_PLAIN}{times}\s+(?:no|nos|na|at|at\s+the|in\s+the|during\s+the|during|em)\s+(?:{peak_nouns})\b"
        ), peak_factor),
        # "100 users, 2x peak on mondays": the multiple as the peak's adjective (it had scaled the load twice with
        # nothing said)
        ("peak_factor", regexes.compile(
            rf"{_PLAIN}{times}\s+(?:{peak_nouns})\b(?!\s+(?:de|of)\b)(?:\s+(?:as|aos|nas|nos|on)\s+{WEEKDAYS})?"
        ), peak_factor),
        # Growth with its horizon ("dobrar em 6 meses", "crescer 50% em um ano", "crescimento de 2x até o fim do
        # ano", "double in 6 months"): the load grown (sizing/query.py), today's said apart; the horizon is
        # taken with it (it had been a term of rental, "180 dias", and the verb left not understood). Before the
        # load scaled, which would take "o tráfego deve dobrar" and leave its horizon a deadline.
        ("load_growth", regexes.compile(
            rf"(?:\b(?:(?:o|a|os|as|the|our|nosso|nossa)\s+)?(?:{loads})\s+(?:(?:{modal})\s+)?(?:to\s+)?"
            # "40 usuários, podendo dobrar no fim do ano": the helper alone after the load's count ("podendo" had been
            # "Não entendi")
            rf"|\b(?:{_alternatives(w['growth_modal_alone'])})\s+)?"
            rf"\b(?:(?:{growth_verbs})\s+(?:(?:de|em|by|uns|umas|about|around|cerca\s+de)\s+)*(?P<pct>\d+(?:[.,]\d+)?)\s*%"
            rf"|(?:{growth_nouns})\s+(?:de\s+|of\s+)?(?:(?P<pct2>\d+(?:[.,]\d+)?)\s*%|(?P<x2>\d+(?:[.,]\d+)?)\s*(?:x|vezes|times))"
            rf"|(?P<verb>{scale_verbs})|(?:{growth_verbs})\s+(?P<x>\d+(?:[.,]\d+)?)\s*(?:x|vezes|times)"
            # "2x growth in a year", "crescimento" after its multiple
            rf"|(?P<x3>\d+(?:[.,]\d+)?)\s*(?:x|vezes|times)\s+(?:{growth_nouns})"
            # "40 usuários agora e 3x isso no ano que vem", "3x that by next year": the multiple of the load said
            # (it had been "Não entendi: “3x”, “ano”, “vem”")
            rf"|(?P<x5>\d+(?:[.,]\d+)?)\s*(?:x|vezes|times)\s+(?:isso|isto|esse\s+numero|that|this|that\s+number)"
            # "expect 3x next year", "esperamos 50% de crescimento em 6 meses": the multiple expected
            rf"|(?:{expected})\s+(?:(?:a|an|uns|umas|about|around|cerca\s+de|~)\s*)?(?:(?P<x4>\d+(?:[.,]\d+)?)\s*(?:x|vezes|times)"
            rf"(?:\s+(?:(?:de\s+|of\s+)?(?:{growth_nouns})|more|mais))?|(?P<pct3>\d+(?:[.,]\d+)?)\s*%\s+(?:de\s+|of\s+)?(?:{growth_nouns})))"
            rf"(?:\s+(?:o|a|os|as|the|nosso|nossa|our)?\s*(?:{loads}))?"
            # "by next year": two of the horizon's words, as growth_when() reads them
            rf"\s+(?P<horizon>(?:(?:{horizon})\s+){{1,2}}(?:(?:o|a|os|as|the|um|uma|an?|\d+(?:[.,]\d+)?)\s+)?(?:{horizon_units})\b"
            # "3x isso ano que vem": the year named with no word before it
            rf"|ano\s+que\s+vem\b)"
        ), _growth),
        # The thread's load scaled: "o dobro de tráfego", "o tráfego triplicar", "3x the traffic", "10 vezes
        # mais requisições", "a carga crescer 50%".
        ("load_scale", regexes.compile(
            rf"\b(?:(?:o|the|a)\s+)?({scale_names})\s+(?:(?:de|do|da|dos|das|of|the|o|a|os|as|on|in|our|my)\s+)*(?:{loads})\b"
        ), lambda m: scale_words[m.group(1)]),
        ("load_scale", regexes.compile(rf"\b(?:{loads})\s+(?:[a-z]+\s+)?({scale_names})\b"), lambda m: scale_words[m.group(1)]),
        ("load_scale", regexes.compile(
            rf"{_PLAIN}\s*(?:x|vezes|times)\s+(?:(?:mais|more|o|a|the|de|of|do|da)\s+)*(?:{loads})\b"
        ), lambda m: _float(m.group(1)) or None),
        ("load_scale", regexes.compile(
            rf"\b(?:{loads})\s+(?:[a-z]+\s+)?(?:{growth})\s+(?:de\s+|by\s+)?{_PLAIN}\s*%"
        ), lambda m: 1 + _float(m.group(1)) / 100),
        # "e com 50% a mais de usuários?", "50% more users"
        ("load_scale", regexes.compile(
            rf"{_PLAIN}\s*%\s*(?:(?:a\s+)?mais\s+(?:de\s+)?|more\s+)(?:{loads})\b"
        ), lambda m: 1 + _float(m.group(1)) / 100),
        # The growth before its load: "e se aumentar 50% os usuários?", "if we increase users by 30%" is above.
        ("load_scale", regexes.compile(
            rf"\b(?:{growth_verbs})\s+(?:(?:de|em|by)\s+)?{_PLAIN}\s*%\s+(?:(?:de|do|da|dos|das|o|a|os|as|the|in|of|our|my|no|na|nos|nas)\s+)*(?:{loads})\b"
        ), lambda m: 1 + _float(m.group(1)) / 100),
        # In a thread, the growth alone: "e se crescer 30%?", "what if it grows 50%?", "e se a gente aumentar
        # 20%?": the thread's load (what grows is what it served; a context does not "grow" in a sales thread).
        ("load_scale_follow_up", regexes.compile(
            rf"\b(?:{growth_verbs})\s+(?:(?:de|em|by|uns|umas|about|around|cerca\s+de)\s+)*{_PLAIN}\s*%"
        ), lambda m: 1 + _float(m.group(1)) / 100),
        # "e com o dobro do contexto?", "half the context": the thread's context times that (sizing/query.py)
        ("context_scale", regexes.compile(
            rf"\b(?:(?:o|the|a)\s+)?({scale_names})\s+(?:(?:de|do|da|of|the|o|a)\s+)*(?:contexto|context)\b"
        ), lambda m: scale_words[m.group(1)]),
        # "e com o dobro de exemplos?", "twice the examples", "metade dos dados": a training thread's examples (or
        # its tokens) times that (sizing/query.py)
        ("examples_scale", regexes.compile(
            rf"\b(?:(?:o|the|a)\s+)?({scale_names})\s+(?:(?:de|do|da|dos|das|of|the|o|a|os|as|our|nossos?)\s+)*"
            r"(?:exemplos|examples|amostras|samples|dados(?:\s+de\s+treino)?|data|dataset|training\s+data)\b"
        ), lambda m: scale_words[m.group(1)]),
        # With the messages' length after them ("cada conversa com 10 mensagens de 200 tokens"): the prompt's.
        ("per_conversation_length", regexes.compile(
            rf"\b(?:cada|each|por|per)\s+(?:(?:um|uma|one|{requests}|{person}|{one_conversation})\s+)?"
            rf"(?:(?:com|with|has|tem|de|of|having)\s+)?"
            rf"(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*(?:{turns})\b(?!\s*{per}\s*(?:{unit})\b)"
            rf"(?:\s+(?:de|of|com|with)\s+(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*(?:tokens?|toks?)\b)?"
        ), length),
        # "conversas de até 100 mensagens", "conversations of up to 40 turns": the messages of each one.
        ("per_conversation", regexes.compile(
            rf"\b(?:{one_conversation})s?\s+(?:longas\s+|long\s+)?(?:de|of|com|with)\s+"
            rf"(?:(?:ate|up\s+to|cerca\s+de|uns|umas|about|around|~)\s*)?{_NUM}\s*(?:{turns})\b"
        ), length),
        ("per_conversation", regexes.compile(
            rf"(?:\b(?:com|with|de|of)\s+)?(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*{model_word}(?:{turns}){to_model}\s+"
            rf"(?:cada|each|(?:por|per)\s+(?:{requests}|{one_conversation}))\b"
        ), length),
        # "agente que faz umas 15 chamadas ao llm por tarefa", "each user task triggers ~25 LLM calls": an
        # agent's calls in each of its tasks (they had been left unread, and the tasks with them).
        ("per_conversation", regexes.compile(
            rf"\b(?:cada|each|por|per)\s+(?:[a-z]+\s+)?(?:{one_conversation})s?\s+"
            r"(?:faz|fazem|dispara|disparam|gera|geram|chama|chamam|triggers|trigger|makes|make|does|fires|runs|issues)\s+"
            rf"(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*{model_word}(?:{turns})\b"
            rf"|\b(?:faz|fazem|dispara|disparam|makes|make|triggers|trigger|does|fires|issues)\s+"
            rf"(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*{model_word}(?:{turns}){to_model}\s+"
            rf"(?:(?:por|per|a|em\s+cada|in\s+each)\s+(?:{one_conversation}))\b"
        ), length),
        # "15k conversations per day, average 6 turns", "em média 8 mensagens": an average per conversation.
        ("per_conversation", regexes.compile(
            rf"\b(?:on\s+average|average\s+of|average|avg|em\s+media|uma\s+media\s+de|media\s+de)\s+{_NUM}\s*(?:{turns})\b"
            rf"(?!\s*{per}\s*(?:{unit})\b)"
        ), length),
        # "2,000 chats a day, 8 messages each", "6 perguntas cada".
        ("per_conversation", regexes.compile(
            rf"(?<![\w.,])(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*(?:{turns})\s+(?:cada|each|apiece)\b"
            rf"(?!\s+(?:{unit}|{person})\b)"
        ), length),
        # "mensagens de ~800 tokens", "messages of 1k tokens": each request's prompt, once the messages counted
        # per conversation above have been read ("10 mensagens de 200 tokens" is theirs).
        ("prompt_tokens", regexes.compile(
            rf"(?<!\d\s)(?<![\w.,])(?:mensagens|mensagem|messages|message)\s+(?:de|of|com|with)\s+"
            rf"(?:(?:~|cerca\s+de|uns|umas|about|around)\s*)?{_NUM}\s*(?:tokens?|toks?)\b"
        ), length),
        # "e se fossem 50?" in a thread; not a context's verb ("e se o contexto fosse 8 mil?" had been 8,000
        # people: the context key reads it)
        ("load_count", regexes.compile(
            r"(?<!contexto\s)(?<!context\s)(?<!ctx\s)(?<!janela\s)(?<!window\s)"
            rf"\b(?:{_alternatives(w['count_verbs'])})\s+(?:(?:uns|umas|about|around|cerca\s+de)\s+)?{_NUM}"
            r"\s*(?=[?.,!;]|$)"
        ), length),
        ("load_count_follow_up", regexes.compile(
            r"(?<!contexto\s)(?<!context\s)(?<!ctx\s)(?<!janela\s)(?<!window\s)"
            rf"\b(?:{_alternatives(w['count_for'])})(?:\s*,)?\s+{_count_then()}"
        ), length),
        # "e se forem 200 em 6 meses?": the verb's count with when it comes (had been a 180-day term and "Não
        # entendi: “200”")
        ("load_count_follow_up", regexes.compile(
            rf"(?:\b(?:{_alternatives(w['count_verbs'])})|^\s*(?:e|and)\b)\s+(?=\d[^?!;]*?\b(?:{_alternatives(w['growth_horizon'])})\s)"
            rf"{_count_then()}"
        ), length),
        # "price per 1M tokens", "R$ por milhão de tokens", "$/1M output tokens": money per token, not a
        # training run's tokens.
        # A price said before it ("0,60 dólar por milhão de tokens", another provider's) is part of it.
        ("cost", regexes.compile(
            r"(?:(?<![\w.,])\d+(?:[.,]\d+)?\s*(?:dolares|dolar|dollars?|reais|real|euros?|usd|brl|eur)\s+)?"
            r"(?:(?:\br|\bus)?\$\s*|€\s*|\b(?:brl|usd|eur)\s*)?(?:\bper|\bpor|\bcada|\ba|/)\s*(?:1\s*)?"
            r"(?:mtok\b|(?:m|mi|million|milhao|milhoes)\s*(?:de\s+)?"
            r"(?:(?:output|input|generated|saida|entrada|gerados|de\s+saida|de\s+entrada)\s+)?"
            r"(?:tokens?|toks?)\b(?:\s+(?:de\s+saida|gerados|generated|de\s+entrada))?"
            # "qual sai mais barato por milhão?", "price per million?": the tokens left unsaid at the clause's end
            r"|(?:um\s+|a\s+)?(?:million|milhao)(?=\s*(?:[?!;,]|\.(?!\d)|$)))"
        ), lambda m: True),
        # "qual o custo de 1M tokens?", "price of a million tokens", "quanto sai o milhão de tokens": the same
        # question (1M training tokens before).
        ("cost", regexes.compile(
            r"\b(?:custo|custa|custaria|preco|valor|price|cost|costs|sai|sairia|fica)\s+(?:de|do|of|for|per|por|o)\s+"
            r"(?:1\s*|um\s+|a\s+|one\s+)?"
            r"(?:mtok\b|(?:m|mi|million|milhao)\s*(?:de\s+)?(?:(?:output|input|generated|gerados)\s+)?(?:tokens?|toks?)\b"
            r"(?:\s+(?:de\s+saida|gerados|generated|de\s+entrada))?)"
        ), lambda m: True),
        ("cost_year", regexes.compile(rf"\b(?:{_alternatives(w['yearly'])})\b"), lambda m: 365),
        ("cost", regexes.compile(rf"\b(?:{_alternatives(_chat_spellings(w['cost']))})\b"), lambda m: True),
        # "$$?", "quanto $?", "ballpark $?", "e em R$?": a currency sign with no amount asks what it costs (it had
        # been dropped without a word, the answer priced nothing)
        ("cost", regexes.compile(r"(?<![\w$])(?:r|us)?\${1,3}(?=\s*(?:[?!;,)]|\.(?!\d)|$))"), lambda m: True),
        ("cost", regexes.compile(
            rf"\b(?:{_alternatives(w['estimate_before'])})\s+(?:(?:{_alternatives(w['estimate_adjectives'])})\s+)?"
            rf"(?:{_alternatives(w['estimate_paperwork'])})\b"
            rf"(?!\s+(?:of|on|for|de|da|do|das|dos|para|pra)\s+(?:(?:the|a|o|os|as|how\s+much|how\s+many)\s+)?"
            rf"(?:{_alternatives(w['estimate_of_sizing'])})\b)"
        ), lambda m: True),
        # "qto tá a hora da h100?", "quanto é o mês da h200?": the price by the hour or the month
        ("cost", regexes.compile(
            rf"\b(?:{_alternatives(w['how_much'])})\s+(?:{_alternatives(w['price_is'])})\s+"
            rf"(?:(?:o|a|um|uma)\s+)?(?:{_alternatives(w['priced_by'])})\b"
        ), lambda m: True),
        # "quanto tá a h100?", "qto ta uma h200 por mês": what the GPU named costs (an article after "tá" and a
        # card's name or word; "quanto tá a latência?" asks no price)
        ("cost", regexes.compile(
            rf"\b(?:{_alternatives(w['how_much'])})\s+(?:{_alternatives(w['price_is_thing'])})\s+"
            r"(?:o|a|os|as|um|uma|uns|umas)(?=\s+(?:\d+\s*x?\s*)?"
            rf"(?:{_CARD_NAME}|(?:gpu|placa|maquina|servidor)s?\b))"
        ), lambda m: True),
        # "quanto é a h100?", "quanto são as 4 h200?": only a card's own name after the article
        ("cost", regexes.compile(
            rf"\b(?:{_alternatives(w['how_much'])})\s+(?:{_alternatives(w['price_is_named'])})\s+"
            rf"(?:o|a|os|as|um|uma|uns|umas)(?=\s+(?:\d+\s*x?\s*)?{_CARD_NAME})"
        ), lambda m: True),
        # "e a hora da l40s, quanto é?", "o mês de 2 h100 quanto é": what the rent is paid by, then the question
        ("cost", regexes.compile(
            rf"\b(?:{_alternatives(w['priced_by'])})\s+d[aoe]s?(?=\s+(?:\d+\s*x?\s*)?{_CARD_NAME}\W{{0,3}}"
            rf"(?:{_alternatives(w['how_much'])})\s+(?:{_alternatives(w['price_is_named'])})\b(?!\s+\w))"
        ), lambda m: True),
        # "não precisa ser em tempo real", "não há usuários interativos", "sem pressa", "no rush": fast answers
        # said NOT to be needed (they had been read as asked for, and a batch refused for it). Read and dropped:
        # the volume's own defaults apply (a day's documents get a batch's latency, sizing/plan.py).
        ("no_fast", regexes.compile(
            r"\b(?:nao\s+(?:precisa(?:mos)?(?:\s+(?:ser|de))?|e|eh|requer|exige|tem\s+usuarios|ha(?:\s+usuarios)?)"
            r"|sem\s+(?:necessidade\s+de\s+|usuarios\s+)?|no\s+need\s+(?:for|to\s+be)|not|no"
            r"|(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+(?:need\s+to\s+be|have\s+to\s+be|need))\s+"
            rf"(?:(?:em|in|de|a|the)\s+)?(?:{_alternatives(w['fast'])}|interativos|interactive|pressa|rush|urgencia|urgente)\b"
            r"|\bno\s+rush\b|\bsem\s+pressa\b"
            # "latência não importa", "latency doesn't matter", "no latency requirements": the same, said of latency
            r"|\blatencia\s+(?:nao\s+(?:importa|e\s+(?:importante|critica|problema|prioridade|um\s+problema))|tanto\s+faz)\b"
            r"|\blatency\s+(?:(?:doesn'?t|does\s+not)\s+matter|(?:is\s+not|isn'?t)\s+(?:important|critical|an?\s+"
            r"(?:concern|priority|problem|issue)))\b"
            r"|\b(?:no|without)\s+latency\s+(?:requirements?|constraints?|targets?|sla)\b"
            r"|\bsem\s+(?:requisitos?|exigencias?|restric\w+|metas?|sla)\s+de\s+latencia\b"
        ), lambda m: True),
        ("fast_latency", regexes.compile(rf"\b(?:{_alternatives(w['fast'])})\b"), lambda m: True),
        # "ninguém espera a resposta", "no one is waiting for the answer": read and dropped, as "sem pressa" is
        # (no_fast above): the volume's own defaults apply.
        ("no_fast", regexes.compile(
            rf"\b(?:ninguem|nobody|no\s+one)(?:\s+(?:fica|esta|vai\s+estar|is|will\s+be))?\s+(?:{waiting_verbs})\b"
            rf"(?:{waited_object})?"
        ), lambda m: True),
        # "analistas esperando", "with analysts waiting for the answer", "o usuário aguarda a resposta": someone
        # waits on each answer.
        ("waited_on", regexes.compile(
            rf"\b(?:(?:{people}|{persons}|(?:{person})s?|alguem|someone|somebody)"
            rf"\s+(?:(?:ficam|fica|estao|esta|vao\s+estar|vai\s+estar|are|is|will\s+be|sit|stay|keep)\s+)?"
            rf"(?:{_alternatives(w['waiting'])})\b(?:{waited_object})?"
            rf"|(?:{waiting_verbs})\b{waited_object})"
        ), lambda m: True),
        ("code_completion", regexes.compile(rf"\b(?:{_alternatives(w['code_completion'])})\b"), lambda m: True),
        # A batch with a deadline ("processar 1 milhão de documentos em 2 dias", "2M product descriptions with
        # llama 8b within 24 hours"): its items over its time. Last, once rates ("por dia" is one), lengths and
        # pages are read; what sits between the items and the time is left for the other readers (a model).
        ("batch", regexes.compile(
            rf"(?P<items>(?<![\w.,])(?P<count>\d+(?:[.,]\d+)*)\s*(?P<scale>k|m|mil|mi|milhoes|milhao|millones|millon|millions?)?\s+"
            # a version's dot on the way is no sentence's end ("... com llama 3.1 8b em 8 horas")
            rf"(?:de\s+|of\s+)?(?:[a-z]+\s+)?(?:{requests})\b)(?:[^.;!?]|(?<=\d)\.(?=\d)){{0,60}}?"
            + _BATCH_TIME
        ), batch),
        # A thread's new window for its batch: "e se a janela for de 4 horas?", "e em 4 horas?" (a follow-up only).
        ("batch_window_follow_up", regexes.compile(
            r"\b(?:(?:janela|window)\s+(?:(?:for|fosse|seja|is|was|were|of|de|em|in)\s+){0,2}|(?:em|in|within)\s+)"
            rf"(?P<n>\d+(?:[.,]\d+)?)\s*(?P<unit>{_WINDOW_UNITS})\b"
        ), batch_window),
        # A rate asked with no number ("quantos documentos consigo resumir por hora?", "how many requests per
        # second can it take?"): the GPU named answers with what it serves.
        ("rate_asked", regexes.compile(
            rf"(?P<head>\b(?:quant[oa]s|how\s+many)\s+(?:{requests})\b)(?:\s+[a-z]+){{0,4}}?"
            r"(?P<period>\s+(?:por|per|/|a|an|each)\s*(?:segundo|second|sec|s|minuto|minute|min|hora|hour|h|dia|day)\b)"
        ), rate_asked),
        # Prompts sent together in one batch with no deadline ("we send 64 prompts in a batch", "a batch of 64
        # requests", "lote de 64 prompts"): that many sequences at once, with the batch's time (it had been one
        # conversation, or the words not understood). A deadline was read above ("batch"), and more than a server
        # runs at once (MOST_AT_ONCE_UNTIMED) is a volume, read below (batch_count).
        ("batch_count", regexes.compile(
            rf"(?P<items>{_NUM}\s+(?:de\s+|of\s+)?(?:{_alternatives(w['batch_prompts'])})\b)"
            rf"(?:\s+(?:[a-z]+\s+){{0,2}}?(?:{_alternatives(w['batch_together'])})\b)"
        ), batch_at_once),
        ("batch_count", regexes.compile(
            r"\b(?:lote|batch)\s+(?:de|of|com|with)\s+(?:~\s*)?"
            rf"(?P<items>{_NUM}\s+(?:{_alternatives(w['batch_prompts'])})\b)"
        ), batch_at_once),
        # The items of a batch with no deadline ("quanto tempo para processar 100 mil emails?"): the answer says
        # how long they take.
        # "processar um lote de 10 mil documentos", "batch job of 20k emails", "lote de 500 contratos": the same.
        ("batch_count", regexes.compile(
            rf"(?:\b(?:{_alternatives(w['batch_verbs'])})\s+(?:(?:um|uma|a|o|the)\s+(?:lote|batch)\s+(?:de|of)\s+)?"
            # "batch noturno de 200 mil documentos", "lote diário de", "nightly batch of": the batch's word between
            rf"|\b(?:lote|batch(?:\s+jobs?)?)(?:\s+(?:noturn[oa]|diari[oa]|semanal|mensal|nightly|daily|weekly))?\s+(?:de|of|com|with)\s+)"
            rf"(?:os\s+|as\s+|the\s+|uns\s+|umas\s+|cerca\s+de\s+|about\s+|~\s*)?"
            rf"(?P<items>{_NUM}\s+(?:de\s+|of\s+)?(?:[a-z]+\s+)?(?:{requests})\b)"
        ), batch_count),
        # "1 milhão de prompts com qwen 7b, quanto tempo numa h100?": items asked how long they take.
        ("batch_count", regexes.compile(
            rf"(?P<items>{_NUM}\s+(?:de\s+|of\s+)?(?:[a-z]+\s+)?(?:{requests})\b)"
            r"(?=[^.;!?]{0,60}?\b(?:quanto\s+tempo|em\s+quanto\s+tempo|how\s+long)\b)"
        ), batch_count),
        # The batch's time further from its items than "batch" reaches, or before them ("de madrugada: classificar
        # 2 milhões de tickets ...", "... 500 tokens de entrada e 20 de saída, terminar em 6h"): it had been left
        # unread ("6h", "madrugada") or taken for a service's term rounded up to a day.
        ("batch_time_apart", regexes.compile(_BATCH_TIME), batch_time_apart),
    ]  # fmt: skip


@cache
def _at_once_near() -> re.Pattern:
    """A word of at once, of the peak or of a day, in the rest of a share's clause: "10% usam o chat ao mesmo
    tempo" is at once, "5% usam por dia" a day's."""
    w = _words()
    said = [*w["in_flight"], *w["active_words"], *w["peak"], *w["daily_words"]]
    said = [word for word in said if word not in w["share_using"] and word not in ("using", "usando")]
    # not past another count: "40% usam e 10% ao mesmo tempo" are two shares; "metade usa junto": together right
    # after the verb is at once (traffic_words.toml active_words), never the models' "juntos" further on
    return regexes.compile(rf"\s+junt[oa]s?\b|[^.;!?\n\d]{{0,40}}?\b(?:{_alternatives(said)})\b")


def _only_using(m: re.Match) -> bool:
    """Whether a share's phrase ends on a verb of using it (traffic_words.toml share_using) with no word of at
    once, of the peak or of a day after it in its clause."""
    last = m.group(0).split()[-1] if m.group(0).split() else ""
    return last in _words()["share_using"] and not _at_once_near().match(m.string, m.end())


@cache
def typo_targets() -> frozenset[str]:
    """The single words of traffic_words.toml's lists a misspelling may be read as (five letters or more, as
    the vocabulary's own typo targets)."""
    w = _words()
    lists = [v for v in w.values() if isinstance(v, list)] + [list(w["shares"]), list(w["scale_words"])]
    words = {part for entries in lists for entry in entries for part in entry.split()}
    return frozenset(word for word in words if len(word) >= 5 and word.isalpha())


@cache
def filler() -> frozenset[str]:
    """Words of a traffic question that carry nothing to size: the filler list's, and the people's nouns said
    again without a count ("~600 doctors ... Doctors generate 40 summaries each per day": the count was read)."""
    w = _words()
    people = [word for key in ("people", "person") for word in w[key] if " " not in word]
    return frozenset(w.get("filler", []) + people + [word + "s" for word in w["person"] if " " not in word])


# Short words that alone anchor a traffic phrase ("8k in, 256 out", "5 rps", "300 ms", "p95", "quanto tá a h100?").
_SHORT_TRIGGERS = frozenset({"out", "req", "rps", "qps", "rpm", "rph", "ms", "seg", "sec", "min", "hr", "dia", "day",
                             "mes", "mo", "mau", "dau", "itl", "pct", "p", "pdf", "doc", "sai", "tpm", "tpd",
                             "ta", "tao",
                             # "max tokens 4096", an API's cap on the answer ("max" alone is too short to count)
                             "max"})  # fmt: skip


@cache
def _triggers() -> frozenset[str]:
    """Words one of which every traffic phrase has (a phrase's own noun, unit or keyword; the short
    function words and "tokens" they share with other questions left out): a question with none of them,
    and no "/", "%", "$" or "<", has no traffic phrase and is not scanned (most questions are about memory).
    Kept in the data cache, by the word list and this module's source: working them out was ~1% of a gpu-size
    run."""
    return tomlfiles.kept(
        "traffic-triggers", [DATA_DIR / "traffic_words.toml"], [Path(__file__)], _triggering
    )


def _triggering() -> frozenset[str]:
    w = _words()
    skip = {"filler", "organisation", "token_words"}
    lists = [v for k, v in w.items() if isinstance(v, list) and k not in skip]
    lists += [list(w["shares"]), list(w["scale_words"])]
    words = {part for entries in lists for entry in entries for part in _LETTERS.findall(entry)}
    words |= set(_LETTERS.findall(_SECONDS))
    return frozenset(word for word in words if len(word) >= 4 and word not in _COMMON) | _SHORT_TRIGGERS


# Words of multi-word entries that many other questions have ("how much does it cost" is found by "cost"):
# they do not open the scan on their own.
_COMMON = frozenset({"tokens", "token", "much", "does", "what", "quanto", "with", "have", "that"})


@cache
def _how_much_is() -> re.Pattern:
    """ "quanto é", "qto são": no word of their own opens the scan ("quanto" and "é" are in most questions),
    yet with a card's name they ask its price."""
    w = _words()
    return regexes.compile(
        rf"\b(?:{_alternatives(w['how_much'])})\s+(?:{_alternatives(w['price_is_named'])})\b"
    )


_SYMBOLS = regexes.compile(r"[/%$€<=≤~]")
# The units of a batch's window ("janela de 6h", "durante a madrugada (8 horas)").
_WINDOW_UNITS = r"h|hrs?|horas?|hours?|min|minutos?|minutes?"
# A batch's time: "em 2 dias", "within 24 hours", "numa janela de 6h", "no fim de semana", "de madrugada".
_BATCH_TOGETHER = regexes.compile(rf"\b(?:{_alternatives(_words()['batch_together'])})\b")
_BATCH_TIME = (
    rf"(?P<deadline>\b(?:em|in|within|dentro\s+de|em\s+ate|em\s+no\s+maximo|no\s+maximo\s+em|over|durante)\s+"
    rf"(?:(?:(?P<n>\d+(?:[.,]\d+)?)\s*|(?:um|uma|a|an|one)\s+)?"
    r"(?P<unit>h|hrs?|horas?|hours?|min|minutos?|minutes?|dias?|days?|semanas?|weeks?)\b"
    # a weekend: Saturday and Sunday
    r"|(?:the\s+|o\s+|um\s+|a\s+)?(?P<weekend>weekend|fim\s+de\s+semana)\b)"
    # a window: "janela de 6h", "em uma janela de 6 horas", "a window of 6 hours", "in a 6-hour window"
    r"|(?:\b(?:em|in|within|numa|durante|dentro\s+de|over)\s+)?(?:\b(?:uma|a|the|one)\s+)?\b(?:janela|window)\s+"
    rf"(?:de\s+|of\s+)?(?P<window_n>\d+(?:[.,]\d+)?)\s*(?P<window_unit>{_WINDOW_UNITS})\b"
    r"|(?:\b(?:em|in|within|numa|durante|over)\s+)?(?:\b(?:uma|a|the|one)\s+)?(?<![\w.,])"
    rf"(?P<window2_n>\d+(?:[.,]\d+)?)[\s-]*(?P<window2_unit>{_WINDOW_UNITS})\s+(?:window|janela)\b"
    r"|\b(?:no|num|neste|nesse|this)\s+(?P<weekend2>weekend|fim\s+de\s+semana)\b"
    # a night: "overnight", "durante a noite", "de madrugada", "por noite", "every night", "nightly" (a
    # night's hours: traffic.toml's [batch] night_hours, or those typed after it, "(8 horas)")
    r"|\b(?P<night>overnight|over\s+night|durante\s+a\s+noite|(?:de|durante\s+a|na)\s+madrugada|(?:em|numa|in)\s+(?:uma\s+|one\s+|a\s+)?noite"
    r"|in\s+(?:one|a)\s+night|por\s+noite|(?:a\s+)?cada\s+noite|todas\s+as\s+(?:noites|madrugadas)|toda\s+(?:a\s+)?(?:noite|madrugada)"
    r"|(?:every|each|per|a)\s+night|nightly|at\s+night|(?:a|de)\s+noite"
    # "job noturno de 8h", "processamento noturno", "até amanhã de manhã (12h)", "by tomorrow morning": a night too
    r"|noturn[oa]s?|ate\s+amanha(?:\s+(?:de|pela)\s+manha|\s+cedo)?|by\s+tomorrow(?:\s+morning)?)\b"
    rf"(?:\s*[(,]?\s*(?:\b(?:de|of|em|in|com|with|about|cerca\s+de)\s+)?(?P<night_n>\d+(?:[.,]\d+)?)\s*(?P<night_unit>{_WINDOW_UNITS})\b\s*\)?)?)"
)


def _batch_seconds(m: re.Match) -> float:
    """The seconds of a batch's time (_BATCH_TIME's groups)."""
    if m.group("weekend") or m.group("weekend2"):
        return 2 * 86400.0
    if m.group("night") and not m.group("night_n"):
        return night_seconds()
    # "em 2 dias"; "janela de 6h", "a 6-hour window"; "durante a madrugada (8 horas)": the hours typed
    n, unit = next((m.group(f"{g}n"), m.group(f"{g}unit")) for g in ("", "window_", "window2_", "night_")
                   if m.group(f"{g}unit"))  # fmt: skip
    return _float(n) * _unit_seconds(unit) if n else _unit_seconds(unit)


def _unit_seconds(unit: str) -> float:
    return (60.0 if unit.startswith("min") else 86400.0 if unit.startswith(("dia", "day"))
            else 604800.0 if unit.startswith(("semana", "week")) else 3600.0)  # fmt: skip


def _count_then(tail: str = "") -> str:
    """A thread's new count, and when it comes: "200 em 6 meses", "500 by the end of the year" (the horizon had
    been a term of rental, "180 dias", and the count not understood). Groups 1 and 2: the number and its unit."""
    w = _words()
    horizon, units = _alternatives(w["growth_horizon"]), _alternatives(w["growth_horizon_units"])
    return (
        r"(?:(?:uns|umas|about|around|cerca\s+de)\s+)?(\d+(?:[.,]\d+)*)\s*(mil|milhoes|milhao|millions?)?"
        # the people named ("e se escalar pra 500 usuários em 1 ano?" had been 500 people and a 365-day term)
        r"(?:\s+(?:usuarios|utilizadores|users|pessoas|people|clientes|customers))?"
        rf"(?P<when>\s+(?:(?:{horizon})\s+){{1,2}}(?:(?:o|a|os|as|the|um|uma|an?|\d+(?:[.,]\d+)?)\s+)?(?:{units})\b)?"
        rf"{tail}\s*(?=[?!;]|[.,](?!\d)|$)"
    )


@cache
def grown_count() -> re.Pattern:
    """A thread's growth to a count ("e se crescer pra 200 em 6 meses?", "and if we grow to 200 by next year?"):
    the count then. Read before query.py's GROW_TO takes the verb as filler, which leaves "to 200" no one's."""
    w = _words()
    return regexes.compile(
        rf"\b(?:(?:{_alternatives(w['count_grow'])})(?:\s+(?:{_alternatives(w['count_grow_to'])}))?"
        rf"|(?:{_alternatives(w['count_next'])}),?(?:\s+(?:{_alternatives(w['count_next_to'])}))?"
        # "e em 6 meses 200?", "e daqui 6 meses com 200?": when, then the count (it had been a 180-day term)
        rf"|{_when()}\s*,?(?:\s+(?:{_alternatives(w['count_after_when'])}))?)\s+"
        + _count_then(rf"(?:\s+(?:{_alternatives(w['count_next_after'])})\b)?")
    )


@cache
def _next_phase_at() -> re.Pattern:
    return regexes.compile(rf"(?:{_alternatives(_words()['count_next'])})\b|{_when()}")


def count_next(typed: str) -> bool:
    """Whether a thread's count, as typed, is the next phase's ("depois 300", "then 500", "em 6 meses 200"): said
    as phases."""
    return _next_phase_at().match(strip_accents(typed.lower())) is not None


def _when() -> str:
    w = _words()
    horizon, units = _alternatives(w["growth_horizon"]), _alternatives(w["growth_horizon_units"])
    return rf"\b(?:(?:{horizon})\s+){{1,2}}(?:(?:o|a|os|as|the|um|uma|an?|\d+(?:[.,]\d+)?)\s+)?(?:{units})\b"


@cache
def growth_when() -> re.Pattern:
    """When a growth comes ("até o fim do ano", "in 6 months", "by next year"), as the growths' patterns read it."""
    return regexes.compile(_when())


def grown_to(m: re.Match) -> int | None:
    """The count of a match of grown_count() or of a thread's count (load_count_follow_up)."""
    return _count(m.group(1), m.group(2))


@cache
def _count_then_at() -> re.Pattern:
    return regexes.compile(_count_then())


def count_when(typed: str) -> bool:
    """Whether a thread's count, as typed, says when it comes ("pra 200 em 6 meses"): a growth's, said as phases."""
    plain = strip_accents(typed.lower())
    # each count in turn: "forem 50 em 2 meses e 200 em 6 meses" says when at its last
    for digit in re.finditer(r"(?<![\d.,])\d", plain):
        m = _count_then_at().match(plain, digit.start())
        if m is not None and m.group("when") is not None:
            return True
    return False


@cache
def reading_speed() -> float:
    """Tokens a second each user sees "at reading speed": the chat's default speed, traffic.toml's [latency]
    tokens_per_s, which its source (MLPerf's Server scenario) sets faster than people read."""
    try:
        speed = tomlfiles.load(DATA_DIR / "traffic.toml").get("latency", {}).get("tokens_per_s", 10)
    except (OSError, tomlfiles.ParseError):
        speed = 10  # traffic.toml is optional (sizing/catalog.py)
    return float(speed)


@cache
def night_seconds() -> float:
    """A batch "overnight" with no hours typed: traffic.toml's [batch] night_hours (22:00 to 06:00 by default);
    the understood line says "em 8 horas", so it shows."""
    try:
        hours = tomlfiles.load(DATA_DIR / "traffic.toml").get("batch", {}).get("night_hours", 8)
    except (OSError, tomlfiles.ParseError):
        hours = 8  # traffic.toml is optional (sizing/catalog.py)
    return float(hours) * 3600.0


# The average word must end the rate's phrase: in "2000 requests per minute, average prompt 1500 tokens" it is
# the prompt's (the rate had been taken for an average, its peak 3.6 times higher). "20 rps sustained, 60 rps
# burst": the rate held all day is the average, the burst the peak (they had been refused as a contradiction).
_AVERAGE_AFTER = regexes.compile(
    r"\s*,?\s*(?:em\s+media|na\s+media|de\s+media|on\s+average|in\s+average|average|avg|medios?|medias?|"
    r"sustained|steady(?:\s+state)?|baseline|sustentad[oa]s?)\b"
    r"(?=\s*(?:$|[,.;:!?)]|(?:e|and|com|with|no|na|nos|nas|durante|during|over|ao|a|the|por|per|ate|until)\b))"
)
OFF_PEAK_AFTER = regexes.compile(
    r"\s*,?\s*(?:a\s+noite|de\s+noite|durante\s+a\s+noite|a\s+madrugada|de\s+madrugada|na\s+madrugada|"
    r"fora\s+do\s+(?:horario\s+(?:comercial|laboral|de\s+pico)|pico|expediente)|nos?\s+fins?\s+de\s+semana|"
    r"aos\s+(?:sabados|domingos|fins\s+de\s+semana)|at\s+night|overnight|off[\s-]peak|outside\s+(?:business|office)\s+hours|"
    r"(?:on|at)\s+(?:the\s+)?weekends?)\b"
)
_AVERAGE_BEFORE = regexes.compile(
    r"\b(?:uma\s+)?(?:media|average|avg|mean|sustained|steady(?:\s+state)?|baseline)\s*(?:de|of|:)?\s*(?:~\s*)?$"
)


# Kinds whose converter gives the fields a phrase sets and the spans it takes (patterns(): Taken).
_FIELDS_AND_SPANS = frozenset(
    {
        "rate_per_unit",
        "daily_share_of",
        "percentile_latency",
        "rate_asked",
        "batch_count",
        "batch",
        "batch_time_apart",
        "pages_at_rate",
        "prompt_pages",
        "active_of",
        "share_of",
        "share_using",
        "people_share_of",
        "items_length",
        "document_length",
        "written_length",
        "items_length_at_rate",
        "items_length_at_once",
        "speech_items_at_rate",
        "retrieved_chunks",
        "e2e_with_length",
        "latency_budget",
        "batch_window_follow_up",
        "items_per_period",
        "items_spread",
        "users_at_once_using",
    }
)
# Kinds read by their own loop in take() (scan.take checks the prefilter itself for the rest).
_OWN_LOOPS = _FIELDS_AND_SPANS | {"lengths", "rate", "per_conversation_length"}
# Kinds that take() treats otherwise than by scan.take alone: the ~160 others go straight to it, each
# without the dozen tests of the kinds below.
_SET_APART = _OWN_LOOPS | {"load_count_follow_up", "load_scale_follow_up", "people_total_follow_up",
                           "batch_window_follow_up", "batch", "batch_count", "batch_time_apart"}  # fmt: skip


# Below this many minutes, "2 horas de gravação" is one recording's length, not a volume to read.
SPEECH_VOLUME_LEAST_MINUTES = 600


def _speech_volume(m: re.Match) -> float | None:
    minutes = _float(m.group(1)) * (1000 if m.group("mult") else 1) * (60 if m.group("unit")[0] == "h" else 1)
    return minutes if minutes >= SPEECH_VOLUME_LEAST_MINUTES else None


def take(scan, follow_up: bool = False, training: bool = False, batch_thread: bool = False) -> None:
    """Reads every traffic phrase of the scan's working text, blanking what it takes (see query._Scan). A
    thread's follow-up is always read: "e pra 50?" has no word of its own that opens the scan."""
    if (
        not follow_up
        and _triggers().isdisjoint(_LETTERS.findall(scan.work))
        and not _SYMBOLS.search(scan.work)
        and not _how_much_is().search(scan.work)
    ):
        return
    for kind, pattern, convert in _tried(scan):
        if kind not in _SET_APART:
            scan.take(pattern, kind, convert)
            continue
        if kind == "load_count_follow_up":
            if follow_up:  # "e pra 50?" in a thread; a first question's "pra 4096" is no one's count
                scan.take(pattern, "load_count", convert)
            continue
        if kind == "load_scale_follow_up":
            if follow_up and not training:  # a first question's "crescer 30% ao ano" scales nothing said
                scan.take(pattern, "load_scale", convert)
            continue
        if kind == "people_total_follow_up":
            if follow_up:  # "são 800 no total" in a thread; a first question's "8k no total" may be a context
                scan.take(pattern, "people_total", convert)
            continue
        if kind == "batch_window_follow_up" and not (follow_up and batch_thread and not training):
            continue  # a window alone changes a batch thread's; a first question's is read with its items
        if kind in _OWN_LOOPS and not scan.may_match(pattern):
            continue  # as scan.take does: a pattern that cannot match is not run
        if kind == "lengths":
            for m in list(pattern.finditer(scan.work)):
                prompt, output = convert(m)
                if prompt and output:
                    typed = scan.original[m.start() : m.end()].strip()
                    scan.found.setdefault("prompt_tokens", []).append((prompt, typed))
                    scan.found.setdefault("output_tokens", []).append((output, typed))
                    scan.blank(m.start(), m.end())
            continue
        if kind == "rate":
            for m in list(pattern.finditer(scan.work)):
                value = convert(m)
                if value is None:
                    continue
                key, number = value
                start, end = m.start(), m.end()
                if key == "rate_per_s":
                    # "5 req/s no pico e 1 req/s em média": an average beside the peak is not what the
                    # hardware must hold (sizing/query.py sizes the peak, and the average only when alone).
                    after = _AVERAGE_AFTER.match(scan.work, end)
                    before = _AVERAGE_BEFORE.search(scan.work, 0, start)
                    if after or before:
                        key = "rate_average"
                        start, end = (before.start() if before else start), (after.end() if after else end)
                    elif off := OFF_PEAK_AFTER.match(scan.work, end):
                        # "100 req/min em horário comercial e 10 req/min à noite": the quieter hours' rate, not
                        # the one to size for (it had been refused as a contradiction of the two rates).
                        key, end = "rate_off_peak", off.end()
                typed = scan.original[m.start() : end].strip()
                scan.found.setdefault(key, []).append((number, typed))
                if key in VOLUME_KEYS.values():
                    # "5 mil contratos por dia": documents a day, a pipeline's volume (sizing/plan.py); "20 mil
                    # por dia" names nothing (a thread's documents, sizing/query.py).
                    named = m.groupdict().get("noun")
                    if named is None or _BLANKS.sub(" ", named) in _items():
                        kind = "items_volume" if named is not None else "volume_unnamed"
                        scan.found.setdefault(kind, []).append((True, typed))
                lengths = [
                    m.span(g) for g in ("length_before", "noun", "length_after") if m.groupdict().get(g)
                ]
                if len(lengths) > 1:
                    # "10 mil respostas curtas por dia": the noun and its length are left for the length readers
                    # (short_answers); the count and the period are the volume (it had been a 10,000-token context).
                    scan.blank(start, lengths[0][0])
                    scan.blank(lengths[-1][1], end)
                else:
                    scan.blank(start, end)
            continue
        if kind in ("batch", "batch_count", "batch_time_apart") and training:
            continue  # "fine-tune com 10 mil documentos em 3 dias": examples and a deadline, read elsewhere
        if kind == "batch_time_apart":
            if scan.found.get("batch_items") and not scan.found.get("batch_seconds"):
                _take_batch_time(scan, pattern, convert)
            elif any(scan.found.get(key) for key in VOLUME_KEYS.values()) and not scan.found.get(
                "batch_seconds"
            ):
                _take_daily_window(scan, pattern)
            continue  # a time with no batch read is a service's term or a training's deadline (sizing/query.py)
        if kind in _FIELDS_AND_SPANS:
            for m in list(pattern.finditer(scan.work)):
                taken = convert(m)
                if taken is None:
                    continue
                fields, spans = taken
                typed = scan.original[m.start() : m.end()].strip()
                for key, value in fields:
                    scan.found.setdefault(key, []).append((value, typed))
                for span in spans:
                    scan.blank(*span)
            continue
        if kind == "per_conversation_length":
            # The messages per conversation, and the prompt's length when the phrase gives it.
            for m in list(pattern.finditer(scan.work)):
                turns = convert(m)
                if turns is None:
                    continue
                typed = scan.original[m.start() : m.end()].strip()
                scan.found.setdefault("per_conversation", []).append((turns, typed))
                if m.group(3) and (prompt := _count(m.group(3), m.group(4))):
                    scan.found.setdefault("prompt_tokens", []).append((prompt, typed))
                scan.blank(m.start(), m.end())
            continue
        scan.take(pattern, kind, convert)


# patterns() by the pieces each needs (sizing/prefilter.py), once every one is worked out: (prefilter.NEEDED
# it was built from, the positions of the patterns that need each piece as bits, the pieces, the positions
# tried always, each position's ways as the bits of prefilter's tests (None: always tried), how many tests
# those number up to). A question passing the gate above had handed all ~170 patterns to scan.take, each
# tested in a call of its own; the question's pieces pick the ~70 whose first strings it has in a few set
# operations, and their ways the ~7 it passes every test of.
_PLAN: list[tuple[dict, dict[str, int], frozenset[str], int, list, int]] = []


def _tried(scan) -> list[tuple[str, re.Pattern, Any]]:
    """patterns(), in their order, less those whose tests (the pieces and whole strings they need) the scan's
    working text fails: scan.take would skip them untried. The working text is only blanked while they run,
    so what it lacks now it lacks then; the rest are still tested by scan.take as they come."""
    listed = patterns()
    if not _PLAN or _PLAN[0][0] is not prefilter.NEEDED:  # another NEEDED: a test's, with nothing worked out
        plan = _plan(listed)
        if plan is None:
            return listed
        _PLAN[:] = [plan]
    _, index, needed, bits, ways, known = _PLAN[0]
    for piece in needed.intersection(scan.pieces_now()):
        bits |= index[piece]
    present, gathered = scan.tests()
    tried = []
    while bits:
        lowest = bits & -bits
        bits ^= lowest
        position = lowest.bit_length() - 1
        if gathered >= known and (its := ways[position]) is not None:
            for way in its:  # prefilter.passes, without the call: ~70 a question
                if way & present == way:
                    break
            else:
                continue
        tried.append(listed[position])
    return tried


def _plan(listed: list) -> tuple[dict, dict[str, int], frozenset[str], int, list, int] | None:
    """_PLAN's entry; None while a pattern is not worked out yet (a process's first questions)."""
    index: dict[str, int] = {}
    always = 0
    ways: list = [None] * len(listed)
    known = 0
    for position, (kind, pattern, _) in enumerate(listed):
        worked_out = prefilter.NEEDED.get(id(pattern))
        if worked_out is None and kind in _SET_APART:
            # Read by a loop of its own, which may not have tried it yet (a follow-up's). Once worked out it is
            # left out like the others: each of those loops does nothing where its pattern finds nothing.
            always |= 1 << position
            continue
        if worked_out is None:
            return None
        if worked_out[1] is None:
            always |= 1 << position  # nothing known that it needs
            continue
        for piece in worked_out[1]:
            index[piece] = index.get(piece, 0) | 1 << position
        ways[position], known = worked_out[3], max(known, worked_out[4])
    return prefilter.NEEDED, index, frozenset(index), always, ways, known


def _take_daily_window(scan, pattern: re.Pattern) -> None:
    """A volume a day, week or month processed in a window of the day ("300 mil e-mails por semana, janela
    noturna de 6h", "5 mil contratos por dia, de madrugada"): each day's share is a batch of that window
    (sizing/query.py); only a night or a window said as one, up to a day, ("durante 2 semanas" is a term)."""
    for m in pattern.finditer(scan.work):
        night = m.group("night") or m.group("night_n")
        window = m.group("window_unit") or m.group("window2_unit")
        seconds = _batch_seconds(m)
        if (night or window) and 0 < seconds <= 86400:
            scan.found.setdefault("batch_seconds", []).append(
                (seconds, scan.original[m.start() : m.end()].strip())
            )
            scan.blank(*m.span("deadline"))
            return


def _take_batch_time(scan, pattern: re.Pattern, convert) -> None:
    """A batch's time said apart from its items. Hours typed beside a night or a weekend ("de madrugada ...
    terminar em 6h") are that night's: the words of the night are read and the hours kept."""
    matches = [m for m in pattern.finditer(scan.work) if convert(m) is not None]
    typed_hours = [m for m in matches if not (m.group("weekend") or m.group("weekend2") or
                                              (m.group("night") and not m.group("night_n")))]  # fmt: skip
    for m in matches:
        if m in typed_hours or not typed_hours:
            ((key, value),) = convert(m)[0]
            scan.found.setdefault(key, []).append((value, scan.original[m.start() : m.end()].strip()))
        scan.blank(*m.span("deadline"))


@cache
def _written() -> frozenset[str]:
    """The nouns of things a model writes (traffic_words.toml's `written_items`)."""
    return frozenset(_words()["written_items"])


@cache
def _items() -> frozenset[str]:
    """The nouns of documents and other items of work (traffic_words.toml's `items`)."""
    return frozenset(_words()["items"])


def names_speech(text: str) -> bool:
    """Whether the text names speech turned into text ("atas de reunião", "calls"): a duration "de 1 hora
    cada" is then each transcript's."""
    return _SPEECH.search(text) is not None


_SPEECH = regexes.compile(rf"\b(?:{_alternatives(_words()['speech'])}|atas?)\b")


def documents_read(text: str, told: tuple[set[str], int, int] | None = None) -> str | None:
    """What the (accent-free) text says is read, each request one of them (traffic_words.toml): "short" for
    items said to be short or short by nature ("e-mails curtos", "mensagens", "tweets"), "page" for one-page
    documents ("notas fiscais", "receipts"), "long" for documents ("contratos", "relatórios", "pdfs"); None
    when it names none. `told`: what the caller gathered of the text for prefilter.search (patterns that cannot
    match are not run)."""
    if prefilter.search(_SHORT_SAID, text, told):
        return "short"
    if prefilter.search(_PAGE_DOCUMENTS, text, told):
        return "page"
    if prefilter.search(_DOCUMENTS, text, told):
        return "long"  # "resumir contratos, 5 mil mensagens por dia": the messages are the requests
    return "short" if prefilter.search(_SHORT_ITEMS, text, told) else None


def reviews_documents(text: str, told: tuple[set[str], int, int] | None = None) -> bool:
    """Whether the (accent-free) text reads documents by a verb of analysis beside them ("analisar contratos",
    "revisar os relatórios", "review our contracts", "contratos para revisar"). `told`: as documents_read's."""
    return prefilter.search(_DOCUMENT_WORK, text, told) is not None


def _document_patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern, re.Pattern, re.Pattern]:
    w = _words()
    long_nouns, pages = _alternatives(w["documents"]), _alternatives(w["page_documents"])
    # in a fixed order: the same pattern in every process (sizing/regexes.py keeps it compiled)
    nouns = _alternatives(sorted({*w["documents"], *w["page_documents"], *w["items"], "e-mails", "emails"}))
    short = _alternatives(w["short_words"])
    verbs = _alternatives(w["document_verbs"])
    between = r"(?:\s+[\w.,-]+){0,3}?\s+"  # "analisar os 500 contratos", "review our legal contracts"
    return (
        regexes.compile(rf"\b(?:{nouns})\s+(?:{short})\b|\b(?:{short})\s+(?:{nouns})\b"),
        regexes.compile(rf"\b(?:{_alternatives(w['short_documents'])})\b"),
        regexes.compile(rf"\b(?:{pages})\b"),
        regexes.compile(rf"\b(?:{long_nouns})\b"),
        regexes.compile(
            rf"\b(?:{verbs}){between}(?:{long_nouns}|{pages})\b"
            rf"|\b(?:{long_nouns}|{pages})(?:\s+[\w-]+)?\s+(?:(?:para|pra|a|to|de|que)\s+)?(?:{verbs})\b"
        ),
    )


_SHORT_SAID, _SHORT_ITEMS, _PAGE_DOCUMENTS, _DOCUMENTS, _DOCUMENT_WORK = _document_patterns()
# What a document task reads ("resumir relatórios", "review our contracts", "resumir tweets") and how ("auditar"):
# understood as its object and its verb.
DOCUMENT_NOUNS = regexes.compile(
    rf"\b(?:{_alternatives(w for k in ('documents', 'page_documents', 'short_documents', 'document_verbs') for w in _words()[k])})\b"
)


def _described() -> re.Pattern:
    w = _words()
    nouns = _alternatives(sorted({*w["documents"], *w["page_documents"], *w["short_documents"], *w["items"]}))
    # both sides of each noun, found apart ("analisar contratos antigos": "analisar" before, "antigos" after)
    return regexes.compile(
        rf"\b(?:{nouns})\s(?P<after>[a-z]{{3,}})\b|\b(?P<before>[a-z]{{3,}})\s(?=(?:{nouns})\b)"
    )


# The word right beside a document a task reads: after it in Portuguese ("petições iniciais", "contratos
# antigos", "relatórios mensais"), before it in English ("old contracts", "signed invoices"). It says which
# documents, and a word read as anything else has been blanked before this looks.
DESCRIBED_DOCUMENTS = _described()


def names_at_once(text: str) -> bool:
    """Whether the (accent-free) text says people are at once ("ao mesmo tempo", "simultâneos", "concurrent"):
    traffic_words.toml's `in_flight`."""
    return _AT_ONCE.search(text) is not None


_AT_ONCE = regexes.compile(rf"\b(?:{_alternatives(_words()['in_flight'])})\b")


def at_once_words() -> str:
    """traffic_words.toml's words for people at once ("simultaneos", "ao mesmo tempo"), as one alternation."""
    return _alternatives(_words()["in_flight"])


def thing_words() -> str:
    """traffic_words.toml's words for what arrives or is written ("respostas", "tickets", "curtas"): never a word
    that qualifies the people before it ("20 usuários respostas curtas")."""
    w = _words()
    return _alternatives([*w["requests"], *w["items"], *w["length_words"]])


def servant_words() -> str:
    """traffic_words.toml's words for public servants ("servidores"), as one alternation."""
    return _alternatives(_words()["servants"])


def without_at_once(text: str) -> str:
    """The (accent-free) text with its words for people at once blanked."""
    return _AT_ONCE.sub(" ", text)


@cache
def share_words() -> str:
    """traffic_words.toml's shares said in words ("metade", "a third"), as one alternation."""
    return _alternatives(_words()["shares"])


@cache
def subgroup_words() -> str:
    """traffic_words.toml's words before a part of the people just counted ("sendo", "of whom"), as one
    alternation."""
    return _alternatives(_words()["subgroup"])


def shift_words() -> str:
    """traffic_words.toml's words for work shifts ("turnos", "shifts"), as one alternation."""
    return _alternatives(_words()["shifts"])


def scale_words() -> dict[str, float]:
    """traffic_words.toml's words that scale a load ("dobro": 2, "half": 0.5)."""
    return dict(_words()["scale_words"])


def one_of(one: str | None, many: str) -> bool:
    """Plurals of the Portuguese and English nouns a rate or a head-count is said of: "loja"/"lojas",
    "filial"/"filiais", "unidade"/"unidades", "branch"/"branches", "pharmacy"/"pharmacies"."""
    if not one:
        return False
    return many in (one, one + "s", one + "es", one[:-1] + "is", one[:-1] + "ns", one[:-1] + "ies")


def items_named_before(text: str, at: int) -> bool:
    """Whether items of work are named before `at` in the sentence ("resumir processos de 50 páginas, uns 2 mil
    por mês"): a bare count a month after them is their volume (the items_per_period reading)."""
    return _items_named().search(text, max(0, at - 120), at) is not None


@cache
def _items_named() -> re.Pattern:
    w = _words()
    return regexes.compile(
        rf"\b(?:{_alternatives(w['items'])}|{_alternatives(w['item'])})\b[^.;!?\n]{{0,80}}$"
    )


def people_words() -> str:
    """traffic_words.toml's head-count nouns ("funcionarios", "advogados"), as one alternation."""
    return _alternatives(_words()["people"])


@cache
def _trade_lists() -> tuple[tuple[str, ...], frozenset[str]]:
    w = _words()
    return tuple(w["trade_endings"]), frozenset(w["not_trades"])


def trade_by_ending(word: str) -> bool:
    """Whether a plural noun no list reads names people by its ending ("tradutores", "translators"):
    traffic_words.toml's trade_endings, less its not_trades (things that end so: "servidores", "containers")."""
    endings, things = _trade_lists()
    plain = word.lower()
    return plain.endswith(endings) and plain not in things


@cache
def _people_or_processes() -> tuple[re.Pattern, re.Pattern, re.Pattern, re.Pattern]:
    w = _words()
    return (
        regexes.compile(rf"\b(?:{_alternatives(w['people_or_processes_as_people'])})\b"),
        regexes.compile(rf"\b(?:{_alternatives(w['serving_software'])})\b"),
        regexes.compile(rf"\b(?:{_alternatives(w['people_or_things_as_people'])})\b"),
        regexes.compile(rf"\b(?:{_alternatives(w['people_or_things_as_things'])})\b"),
    )


def people_or_processes(word: str, text: str) -> bool:
    """Whether a counted word that names people or a server's processes ("workers") is people in this (accent-free,
    lower case) text: traffic_words.toml's people_or_processes, said of people and with no serving software; or
    one that names people or things ("monitores"), said in a school and of no screen."""
    as_people, serving, in_school, screens = _people_or_processes()
    w = _words()
    if word in w["people_or_things"]:
        return bool(in_school.search(text)) and not screens.search(text)
    return word in w["people_or_processes"] and bool(as_people.search(text)) and not serving.search(text)


def people_or_things(word: str) -> bool:
    """Whether a word names people in a school or things elsewhere ("monitores"): traffic_words.toml's
    people_or_things."""
    return strip_accents(word).lower() in _words()["people_or_things"]


def at_once_trade_words() -> str:
    """traffic_words.toml's trades that work conversations all day ("atendentes", "devs"), as one alternation."""
    return _alternatives(_words()["at_once_trades"])


def staff_words() -> str:
    """traffic_words.toml's words for an organisation's people ("funcionarios", "employees"), as one
    alternation."""
    return _alternatives(_words()["staff"])


@cache
def _growth_before() -> re.Pattern:
    w = _words()
    verbs = _alternatives(
        [*(v for v in w["growth_words"] if v != "mais"), *w["scale_words"], *w["growth_expected"]]
    )
    nouns = _alternatives(w["growth_nouns"])
    # a verb and its multiple ("triplicar ", "crescer 50% "), or a multiple and its noun ("50% growth "), or a
    # growth to a count
    return regexes.compile(
        rf"\b(?:(?:{verbs})(?:\s+(?:de\s+|em\s+|by\s+)?\d+(?:[.,]\d+)?\s*(?:%|x|vezes|times))?"
        rf"|\d+(?:[.,]\d+)?\s*(?:%|x|vezes|times)\s+(?:de\s+|of\s+)?(?:{nouns})"
        # "3x that by next year": a multiple of the load said
        rf"|\d+(?:[.,]\d+)?\s*(?:x|vezes|times)\s+(?:isso|isto|that|this)|{_count_growth()})\s*,?\s*$"
    )


def _count_growth() -> str:
    """A growth to a count ("crescer pra 500 usuários", "grow to 300"): the count then, read by the traffic."""
    w = _words()
    people = _alternatives([*w["person"], *(p + e for p in w["person"] for e in ("s", "es")), "people"])
    return (
        rf"(?:{_alternatives(w['count_grow'])})(?:\s+(?:{_alternatives(w['count_grow_to'])}))?\s+\d+(?:[.,]\d+)*\s*"
        rf"(?:mil\b|k\b)?(?:\s*(?:{people})\b)?"
    )


def growth_gap_words() -> str:
    """The words of a growth expected to a count ("esperamos chegar a", "we expect to reach"), as alternatives."""
    w = _words()
    return _alternatives([*w["growth_expected"], *w["count_grow"], *w["growth_words"]])


@cache
def _count_growth_before() -> re.Pattern:
    return regexes.compile(rf"\b{_count_growth()}\s*,?\s*$")


def count_growth_before(text: str, at: int) -> bool:
    """Whether a growth to a count ends right before `at`: a horizon after it is when that count comes."""
    return bool(_count_growth_before().search(strip_accents(text[max(0, at - 40) : at].lower())))


@cache
def compound_rate_before() -> re.Pattern:
    """A growth by a share each period that ends right before a date ("crescimento de 5% ao mês ", "5% monthly
    growth "): the date is its horizon (sizing/deadlines.py compound_until), not a deadline."""
    w = _words()
    periods = _alternatives([*w["compound_period_months"], *w["compound_adjectives"]])
    nouns = _alternatives(w["growth_nouns"])
    return regexes.compile(
        rf"\d+(?:[.,]\d+)?\s*%[^\d,;:!?]{{0,30}}?\b(?:{periods})\.?(?:\s+(?:de\s+|of\s+)?(?:{nouns}))?\s*,?\s*$"
    )


def growth_before(text: str, at: int) -> bool:
    """Whether a growth ends right before `at` ("triplicar ", "crescer 50% "): a horizon after it ("até o fim do
    ano") is when the load grows, not a deadline (sizing/deadlines.py)."""
    return bool(_growth_before().search(strip_accents(text[max(0, at - 40) : at].lower())))


@cache
def _phase_count_before() -> re.Pattern:
    people = rf"(?:{plain_people_words()}|concurrent|simultaneos|simultaneas|ao\s+mesmo\s+tempo|at\s+once)"
    return regexes.compile(
        rf"(?<![\w.,])\d+\s+{people}\b[^\d]{{0,25}}?(?<![\w.,])\d+(?:\s+{people})?\s*,?\s*$"
    )


def phase_count_before(text: str, at: int) -> bool:
    """Whether the second of two counts of people ends right before `at` ("40 concurrent now, 120 "): a horizon
    after it ("by EOY", "até o fim do ano") is when that phase comes (query.py _WHEN_NEXT), not a deadline."""
    return bool(_phase_count_before().search(strip_accents(text[max(0, at - 50) : at].lower())))


def plain_people_words() -> str:
    """traffic_words.toml's words for people of no trade ("usuarios", "people"), as one alternation."""
    return _alternatives(_words()["plain_people"])


def using_words() -> str:
    """traffic_words.toml's words for people at work ("usando", "active"), as one alternation."""
    return _alternatives(_words()["using"])


def team_words() -> str:
    """traffic_words.toml's words for a team ("equipe", "team"), as one regular-expression alternation."""
    return _alternatives(_words()["team"])


def _word_lengths() -> re.Pattern:
    w = _words()
    prompts, documents = _alternatives(w["prompt_nouns"]), _alternatives(w["documents"])
    answers, written = _alternatives(w["answer_nouns"]), _alternatives(w["written_items"])
    answer_verbs, prompt_verbs = _alternatives(w["answer_verbs"]), _alternatives(w["prompt_verbs"])
    # any other noun ("redação de 600 palavras", "e-mails de 200 palavras", "essays of 800 words") and its field
    # ("descrições de produto"): a text of that length, read or written (sizing/query.py _length_side)
    # (not a word that only joins: "traduzir 500 mil palavras com o qwen" is a volume, read elsewhere)
    # nor a window's ("contexto de 8 mil palavras" is no text of that length)
    joins = (
        r"(?!(?:com|with|para|pra|por|per|que|and|the|for|each|cada|uma|umas|uns|tem|has|have|sao|are|ate|"
        r"contexto|context|janela|window|limite|limit|vocabulario|vocabulary|volume|total)\b)"
    )
    other = rf"{joins}[a-z][a-z-]{{2,}}(?:\s+(?:de|do|da|dos|das|of|for)\s+[a-z]{{3,}})?"
    number = (
        r"(?:(?:ate|up\s+to|cerca\s+de|about|around|no\s+maximo|at\s+most|uns|umas|em\s+media|on\s+average|~)\s*)?"
        r"(?P<n>\d+(?:[.,]\d+)*)\s*(?P<k>mil|k)?\s*"
    )
    # the units of a text's length besides tokens and pages (traffic.toml [lengths] says each one's tokens)
    units = r"palavras?|words?|caracteres|characters?|chars|linhas|lines|paragrafos?|paragraphs?"
    return regexes.compile(
        rf"\b(?:(?P<prompt>{prompts})|(?P<document>{documents})|(?P<answer>{answers})|(?P<written>{written})|(?P<other>{other}))"
        # "cada redação tem umas 600 palavras", "each essay is about 800 words": the length said of one of them
        rf"\s+(?:de|of|com|with|tem|has|is|e|traz|contem|contains)\s+{number}(?P<unit>{units})\b"
        rf"|(?<![\w.,])(?P<n2>\d+(?:[.,]\d+)*)\s*(?P<k2>mil|k)?[-\s]*(?P<unit2>{units})[-\s]+"
        rf"(?:(?P<prompt2>{prompts})|(?P<document2>{documents})|(?P<answer2>{answers})|(?P<written2>{written})"
        rf"|(?P<other2>{joins}[a-z][a-z-]{{2,}}(?:\s+(?:{written}|{documents}))?))\b"
        # the length an answer is written in ("resuma em até 100 palavras", "answer in 3 paragraphs")
        # and by what the model does with it ("cada um manda umas 300 palavras", "escreve ~200 palavras")
        rf"|(?:(?P<answer3>\b(?:(?:{answers})\s+)?(?:em|in)|\b(?:{answer_verbs}))|(?P<prompt3>\b(?:{prompt_verbs})))"
        rf"\s+(?:ate\s+|up\s+to\s+|no\s+maximo\s+|at\s+most\s+|umas?\s+|uns\s+|cerca\s+de\s+|about\s+|~\s*)?"
        rf"(?P<n3>\d+(?:[.,]\d+)*)\s*(?P<k3>mil|k)?\s*(?P<unit3>{units})\b"
    )


# "documentos de 2000 palavras", "respostas de 300 palavras", "2,000-word reports", "posts de 300 palavras": a
# length in words, made tokens at traffic.toml's tokens_per_word (sizing/query.py).
WORD_LENGTHS = _word_lengths()


def length_unit(m: re.Match) -> str:
    """The unit of a length in WORD_LENGTHS: "word", "character", "line" or "paragraph"."""
    unit = m.group("unit") or m.group("unit2") or m.group("unit3")
    return next(u for k, u in (("pal", "word"), ("wor", "word"), ("car", "character"), ("cha", "character"),
                               ("lin", "line"), ("par", "paragraph")) if unit.startswith(k))  # fmt: skip


def counted_before(text: str, at: int) -> bool:
    """Whether a count ends right before `at`, a word of their kind between ("5 mil |posts", "20k product
    |descriptions")."""
    return _COUNTED_BEFORE.search(text, 0, at) is not None


_COUNTED_BEFORE = regexes.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)*\s*(?:k|m|mil|mi|milhoes|milhao|millions?|thousands?)?\s+(?:(?:de|of)\s+)?(?:[a-z]+\s+)?$"
)


def length_noun(m: re.Match) -> str:
    """Which noun a length in words was said of (WORD_LENGTHS): "prompt", "document", "answer", "written" (a
    thing a model writes) or "other"."""
    if m.group("n3") is not None:
        return "prompt" if m.group("prompt3") else "answer"
    return next(
        g for g in ("prompt", "document", "answer", "written", "other") if m.group(g) or m.group(g + "2")
    )


def writes(text: str) -> bool:
    """Whether the (accent-free) text says the model writes ("gerar", "escrever", "write"): traffic_words.toml's
    writing_verbs."""
    return _WRITING.search(text) is not None


_WRITING = regexes.compile(rf"\b(?:{_alternatives(_words()['writing_verbs'])})\b")


def written_here(text: str, at: int) -> bool:
    """Whether a verb of writing governs what is said at `at` in the (accent-free) text: "escrever relatórios de
    2000 palavras", "gerar 300 relatórios de 5 páginas", "write 500-word posts"; not "gerar respostas para
    e-mails de 200 palavras", whose e-mails are read (a word that says where from comes between)."""
    return _WRITTEN_HERE.search(text, 0, at) is not None


_WRITTEN_HERE = regexes.compile(
    rf"\b(?:{_alternatives(_words()['writing_verbs'])})"
    r"(?:\s+(?!(?:para|pra|pro|for|to|sobre|about|from|com|with|em|in|on|baseado|based|usando|using)\b)[\w.,-]+){0,4}\s*$"
)
# A thing written right before a length ("10 mil posts| de 300 tokens"): items_length gives it to the answer.
_WRITTEN_BEFORE = regexes.compile(rf"\b(?:{_alternatives(_words()['written_items'])})$")
# A length of what is written read (sizing/query.py), its words are understood: the verb, the things written and
# where they go ("escrever posts de 300 tokens para o instagram", "write 500-word blog posts").
WRITTEN_WORDS = regexes.compile(
    rf"\b(?:{_alternatives([*_words()['writing_verbs'], *_words()['written_items']])})\b"
    rf"|\b(?:para|pra|pro|no|na|nas|nos|for|on)\s+(?:(?:o|a|as|os|the|our|nosso|nossa)\s+)?(?:{_alternatives(_words()['written_for'])})\b"
)
