"""A question about embedding or reranking models with no LLM (sizing/encoders.py): the corpus it counts, if
any, and the answer: their memory, the time the corpus takes and the GPUs a deadline needs."""

from __future__ import annotations

import functools
import math
import re

import msgspec

from . import i18n
from .catalog import GPU, Catalog
from .encoders import FAMILY_MARK, Encoder, buffer, family_said, overhead, seconds, table, total, weights
from .performance import PREFILL_MFU
from .regexes import compile as rx
from .vocabulary import strip_accents

_MULTIPLIERS = {
    "k": 10**3, "mil": 10**3, "thousand": 10**3,
    "m": 10**6, "mi": 10**6, "mm": 10**6, "milhao": 10**6, "milhoes": 10**6, "million": 10**6, "millions": 10**6,
    "b": 10**9, "bi": 10**9, "bilhao": 10**9, "bilhoes": 10**9, "billion": 10**9, "billions": 10**9,
    "milhao-de": 10**6,
}  # fmt: skip
_MULTIPLIER = "|".join(sorted((k for k in _MULTIPLIERS if "-" not in k), key=len, reverse=True))
_NUMBER = r"\d+(?:[.,]\d+)*"
_DOCS = (
    r"documentos?|docs?|documents?|pdfs?|arquivos?|files?|textos?|texts?|contratos?|contracts?|artigos?"
    r"|articles?|registros?|records?|processos?|laudos?|manuais|manuals?|chunks?|trechos?|passages?|paginas?"
    r"|pages?"
)
_CORPUS = rx(rf"(?<![\w.,])({_NUMBER})\s*({_MULTIPLIER})?\s*(?:de\s+|of\s+)?({_DOCS})\b")
_PAGES = rx(
    rf"(?:de|of|with|com|,)\s*({_NUMBER})\s*(?:paginas?|pages?|pags?)\b|({_NUMBER})[\s-]*(?:paginas?|pages?)\s+(?:cada|each)"
)
_TOKENS = rx(
    rf"(?:de|of|with|com|,)\s*({_NUMBER})\s*(k)?\s*tokens?\b|({_NUMBER})\s*(k)?\s*tokens?\s+(?:cada|each)"
)
_HOURS = rx(rf"({_NUMBER})\s*(?:h|hs|hrs?|horas?|hours?)\b")
_DAYS = rx(rf"({_NUMBER})\s*(?:dias?|days?|d)\b")
_NUMBERED_GPUS = rx(rf"({_NUMBER})\s*(?:x\s*)?(?:gpus?|placas?)\b")
# "50 req/s", "200 consultas por segundo", "3 mil buscas por minuto", "100 qps": requests to serve, each its own
_REQUESTS = (
    r"(?:req(?:uisic\w*|uests?)?s?|consultas?|queries|query|buscas?|searches|search(?:es)?|chamadas?|calls?"
    r"|pedidos?|requests?)\s*(?:/\s*|por\s+|per\s+|an?\s+|a\s+cada\s+|ao\s+|each\s+)"
)
_RATE = rx(
    rf"(?<![\w.,])({_NUMBER})\s*({_MULTIPLIER})?\s*(?:(?:de\s+|of\s+)?{_REQUESTS}"
    r"(s|seg\w*|sec\w*|min\w*|h|hrs?|horas?|hours?)\b|qps\b)"
)
_PER = {"s": 1, "m": 60, "h": 3600}
# "2 milhões de pedidos por dia", "50k queries a week": a volume over days of use, served at its busiest hour
_VOLUME = rx(
    rf"(?<![\w.,])({_NUMBER})\s*({_MULTIPLIER})?\s*(?:de\s+|of\s+)?{_REQUESTS}"
    r"(dias?|days?|d|semanas?|weeks?|mes(?:es)?|months?)\b"
)
_PERIODS = {"d": 86400, "s": 7 * 86400, "w": 7 * 86400, "m": 30 * 86400}


class Volume(msgspec.Struct, frozen=True):
    """Requests over a day, week or month ("2 milhões de pedidos por dia"): the count, the period's seconds, and
    the requests a second at the busiest hour (traffic.toml [daily], as an LLM's volume is read)."""

    requests: float
    period_s: int
    peak_rate: float


def volume(text: str, catalog: Catalog) -> Volume | None:
    """Requests a day, week or month the text asks an encoder to serve, at its peak hour; None where none is
    said. The busiest hour carries peak_hour_share of a day of use, a week or month spread over its days of use
    (sizing/speech_query.py audio_at_peak reads an audio volume the same way)."""
    m = _VOLUME.search(strip_accents(text.lower()))
    if m is None:
        return None
    n = _number(m.group(1)) * _MULTIPLIERS.get(m.group(2) or "", 1)
    if n <= 0:
        return None
    period = _PERIODS[m.group(3)[0]]
    daily = catalog.traffic.daily
    days = {86400: 1, 7 * 86400: daily.days_per_week, 30 * 86400: daily.days_per_month}[period]
    return Volume(n, period, n / days * daily.peak_hour_share / 3600)


# "10 buscas por segundo com 20 trechos cada", "20 passages per query": what each request asks a reranker to score,
# not a corpus (it had been a corpus of 20 passages, priced at R$ 0,00023, and each query 100 passages)
_PER_QUERY = rx(
    rf"(?<![\w.,])({_NUMBER})\s*(?:de\s+|of\s+)?(?:{_DOCS}|passagens?|candidatos?|candidates?)\s+"
    r"(?:cada|each|(?:por|per|a)\s+(?:consulta|busca|requisicao|pedido|pergunta|query|search|request))\b"
)


def _number(text: str) -> float:
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", text):
        return float(re.sub(r"[.,]", "", text))
    return float(text.replace(",", "."))


def rate(text: str) -> float | None:
    """The requests a second the text asks an encoder to serve ("50 req/s", "100 qps"), or None."""
    m = _RATE.search(strip_accents(text.lower()))
    if m is None:
        return None
    n = _number(m.group(1)) * _MULTIPLIERS.get(m.group(2) or "", 1)
    per = _PER.get((m.group(3) or "s")[0], 1)
    return n / per if n > 0 else None


class Job(msgspec.Struct, kw_only=True, frozen=True):
    """A corpus to encode, as the question counted it."""

    items: int
    item_word: str  # as typed ("pdfs", "documents")
    pages: int | None  # pages each, when said
    tokens_each: int  # tokens of one item (said, from its pages, or the default page)
    tokens_said: bool
    hours: float | None  # the deadline, when said


def job(text: str, catalog: Catalog) -> Job | None:
    plain = strip_accents(text.lower())
    m = _CORPUS.search(plain)
    if m is None:
        return None
    items = _number(m.group(1)) * _MULTIPLIERS.get(m.group(2) or "", 1)
    word = m.group(3)
    d, per_page = table().defaults, catalog.traffic.lengths.tokens_per_page
    pages = None
    if word.startswith(("pag", "page")):
        pages, tokens_each, said = 1, per_page, False  # a corpus counted in pages
    elif t := _TOKENS.search(plain, m.end()):
        value = _number(t.group(1) or t.group(3)) * (1000 if (t.group(2) or t.group(4)) else 1)
        tokens_each, said = round(value), True
    elif p := _PAGES.search(plain, m.end()):
        pages = round(_number(p.group(1) or p.group(2)))
        tokens_each, said = pages * per_page, False
    else:
        tokens_each, said = d.pages_per_document * per_page, False
    hours = None
    if h := _HOURS.search(plain):
        hours = _number(h.group(1))
    elif days := _DAYS.search(plain):
        hours = 24 * _number(days.group(1))
    if items < 1 or tokens_each < 1 or (hours is not None and hours <= 0):
        return None
    return Job(items=round(items), item_word=m.group(3), pages=pages, tokens_each=tokens_each,
               tokens_said=said, hours=hours)  # fmt: skip


def smallest_rented(catalog: Catalog, bandwidth_bound: bool = False) -> GPU:
    """The GPU we rent with the least memory: what an encoder or a speech model alone is put on. Among those
    alike, the one whose work costs least where prices are configured (hourly price over speed), else the
    faster; speed as what bounds the model: TFLOPs for an encoder's one pass over its input, memory bandwidth
    for a decoder reading its weights at every token (Whisper), where an L40S is no faster than an L40."""

    def speed(g: GPU) -> float:
        return g.bandwidth_gb_s if bandwidth_bound else g.bf16_dense_tflops

    def hourly(o) -> float:
        prices = o.price_per_gpu_hour
        return prices.get("on_demand") or min(
            prices.values(), default=math.inf
        )  # unpriced: never the cheaper

    offered = [(catalog.gpu(o.gpu), hourly(o)) for o in catalog.offering.offer]
    return min(offered, key=lambda go: (go[0].memory_marketing_gb, go[1] / speed(go[0]), -speed(go[0])))[0]


def memory_lines(found: list[tuple[Encoder, bool]], lang: str) -> list[str]:
    """Each model's memory, said after the one it was assumed for a kind's word."""
    t = functools.partial(i18n.t, lang)
    gb = functools.partial(i18n.gb, lang=lang)
    d = table().defaults
    lines = []
    for e, assumed in found:
        if assumed:
            lines.append(t(f"encoders.assumed_{e.kind}", name=e.name))
        elif (family := family_said(e.id, lang)) is not None:
            lines.append(family)
        lines.append(t("encoders.memory", name=e.name, kind=t(f"encoders.kind_{e.kind}"),
                       params=i18n.params(e.params, lang), layers=e.layers, hidden=i18n.number(e.hidden_size, lang),
                       max_tokens=i18n.number(e.max_tokens, lang), weights=gb(weights(e)), buffer=gb(buffer(e)),
                       seqs=d.batch_sequences, seq_tokens=i18n.number(min(d.batch_tokens, e.max_tokens), lang),
                       overhead=gb(overhead()), total=gb(total(e))))  # fmt: skip
    return lines


class Answer:
    """A question about embedding or reranking models with no LLM: their memory, and for a corpus the time it
    takes and the GPUs a deadline needs (the parser raises it as sizing.query.EncoderAnswer), in the reader's
    language."""

    def __init__(
        self, found: list[tuple[Encoder, bool]], text: str, gpu: GPU | None, catalog: Catalog
    ) -> None:
        self.found = found
        self.text = text
        self.names = " + ".join(e.id.removeprefix(FAMILY_MARK) for e, _ in found)
        self.rate = rate(text)
        self.volume = volume(text, catalog) if self.rate is None else None
        if self.volume is not None:
            self.rate = self.volume.peak_rate
        self.per_query = None
        plain = strip_accents(text.lower())
        reranks = self.rate is not None and any(e.kind == "reranker" for e, _ in found)
        if reranks and (m := _PER_QUERY.search(plain)) and (n := round(_number(m.group(1)))) >= 1:
            self.per_query = n
            plain = plain[: m.start()] + " " * (m.end() - m.start()) + plain[m.end() :]
        self.job = job(plain, catalog)
        self.tokens_per_page = catalog.traffic.lengths.tokens_per_page
        self.named_gpu = gpu
        self.gpu = gpu or smallest_rented(catalog)
        self.usable = int(self.gpu.memory_bytes * catalog.offering.serving.memory_utilization)
        self.smallest = smallest_rented(catalog)
        self.plan_share = catalog.traffic.capacity.plan_utilization
        offered = dict.fromkeys(o.gpu for o in catalog.offering.offer)
        self.others = [catalog.gpu(g) for g in offered if g != self.gpu.id]
        self.catalog = catalog

    def message(self, lang: str = "pt-BR", show_prices: bool = False) -> str:
        """The answer; `show_prices`: with what its GPUs cost where the offering prices them (staff only, as a
        model's answer)."""
        t = functools.partial(i18n.t, lang)
        gb = functools.partial(i18n.gb, lang=lang)
        lines = memory_lines(self.found, lang)
        need = sum(total(e) for e, _ in self.found)
        where = dict(gpu=self.gpu.name, need=gb(need), usable=gb(self.usable))
        if need > self.usable:
            lines.append(t("encoders.too_big", **where))
        elif self.named_gpu is not None and self.named_gpu.id != self.smallest.id:
            lines.append(t("encoders.fits_named", **where))
        else:
            lines.append(t("encoders.fits_smallest", **where))
        if self.rate is not None and need <= self.usable:
            lines.extend(self._rate_lines(lang))
        if self.job is not None:
            lines.extend(self._job_lines(lang))
        elif self.rate is None and any(e.kind == "embedding" for e, _ in self.found):
            lines.append(t("encoders.ask_corpus"))
        if show_prices and need <= self.usable:
            lines.extend(self._price_lines(lang))
        return "\n".join(lines)

    def _corpus(self) -> tuple[Encoder, int, int, float, int]:
        """The corpus's model, the tokens it reads, its piece, the seconds one GPU takes, and the GPUs its
        deadline needs (1 with none)."""
        j, d = self.job, table().defaults
        e = next((e for e, _ in self.found if e.kind == "embedding"), self.found[0][0])
        piece = min(d.batch_tokens, e.max_tokens, j.tokens_each)
        tokens = j.items * j.tokens_each
        secs = seconds(e, tokens, piece, self.gpu)
        count = max(1, math.ceil(secs / (j.hours * 3600))) if j.hours is not None else 1
        return e, tokens, piece, secs, count

    def _per_request(self) -> tuple[Encoder, int, int]:
        """The model a rate is served by, the tokens one request reads (a reranker: a query and the passages it
        scores) and its piece."""
        d = table().defaults
        e = next((e for e, _ in self.found if e.kind == "reranker"), self.found[0][0])
        piece = min(d.batch_tokens, e.max_tokens)
        return e, ((self.per_query or d.rerank_passages) * piece if e.kind == "reranker" else piece), piece

    def _rate_on(self, gpu: GPU) -> tuple[float, int]:
        """Requests a second one GPU encodes, and the GPUs the rate needs with the peak at the plan's share."""
        e, tokens, piece = self._per_request()
        per_gpu = 1 / seconds(e, tokens, piece, gpu)
        return per_gpu, max(1, math.ceil(self.rate / (per_gpu * self.plan_share) - 1e-9))

    def _price_lines(self, lang: str) -> list[str]:
        """What the GPUs the load needs cost in each mode, and a million tokens: for a rate, the GPUs rented the
        whole time over the tokens the rate reads in that time; for a corpus, the GPU-hours it takes (paid by the
        hour) over its tokens."""
        prices = gpu_prices(self.catalog, self.gpu)
        if not prices or (self.rate is None and self.job is None):
            return []
        t = functools.partial(i18n.t, lang)
        money = functools.partial(i18n.money, lang=lang)
        currency = i18n.currency(self.catalog.offering.currency, lang)
        counts = []
        lines = []
        if self.rate is not None:
            _, count = self._rate_on(self.gpu)
            counts.append(count)
            _, tokens, _ = self._per_request()
            mode = min(prices, key=prices.__getitem__)
            if self.volume is not None:
                # rented all the period (a month: the offering's hours) over the tokens its requests read, the
                # GPUs sized for the busiest hour and partly idle the rest of it
                v = self.volume
                hours = (
                    self.catalog.offering.hours_per_month if v.period_s >= 30 * 86400 else v.period_s / 3600
                )
                per_million = prices[mode] * count * hours / (v.requests * tokens / 1e6)
                lines.append(t("encoders.price_volume", currency=currency, value=_cents(per_million, lang),
                               mode=t(f"cost.modes.{mode}"), count=count, gpu=self.gpu.name,
                               hours=i18n.number(hours, lang), period=t(f"speech.period_{v.period_s}"),
                               requests=i18n.number(v.requests, lang)))  # fmt: skip
            else:
                # rented all the time: an hour of the GPUs over the tokens an hour of the rate reads
                per_million = prices[mode] * count / (self.rate * tokens * 3600 / 1e6)
                lines.append(t("encoders.price_rate", currency=currency, value=_cents(per_million, lang),
                               mode=t(f"cost.modes.{mode}"), count=count, gpu=self.gpu.name,
                               rate=i18n.number(self.rate, lang, 1 if self.rate < 10 else 0)))  # fmt: skip
        if self.job is not None:
            _, tokens, _, secs, count = self._corpus()
            counts.append(count)
            # paid by the hours the GPUs work: the same GPU-hours however many share the corpus
            mode = "on_demand" if "on_demand" in prices else min(prices, key=prices.__getitem__)
            total_cost = prices[mode] * secs / 3600
            lines.append(t("encoders.price_corpus", currency=currency, total=money(total_cost),
                           value=_cents(total_cost / (tokens / 1e6), lang), mode=t(f"cost.modes.{mode}"),
                           gpu_hours=i18n.gpu_hours(secs / 3600, lang)))  # fmt: skip
        return [price_line(self.catalog, self.gpu, max(counts), prices, lang), *lines]

    def _job_lines(self, lang: str) -> list[str]:
        t = functools.partial(i18n.t, lang)
        j = self.job
        e, tokens, piece, secs, count = self._corpus()
        if j.tokens_said:
            each = t("encoders.each_tokens", tokens=i18n.number(j.tokens_each, lang))
        elif j.pages is None:
            each = t("encoders.each_default", tokens=i18n.number(j.tokens_each, lang))
        elif j.item_word.startswith(("pag", "page")):
            each = t("encoders.each_page", tokens=i18n.number(j.tokens_each, lang))
        else:
            each = t("encoders.each_pages", pages=i18n.number(j.pages, lang),
                     per_page=i18n.number(self.tokens_per_page, lang), tokens=i18n.number(j.tokens_each, lang))  # fmt: skip
        params = t("encoders.params_dense", params=i18n.params(e.params, lang))
        if e.active_params:  # a mixture of experts' work counts the parameters a token passes through
            params = t("encoders.active_params", active=i18n.params(e.active_params, lang),
                       total=i18n.params(e.params, lang))  # fmt: skip
        lines = [
            t("encoders.corpus", items=i18n.number(j.items, lang), word=j.item_word, each=each,
              tokens=_big(tokens, lang), piece=i18n.number(piece, lang), name=e.name),
            t("encoders.time", gpu=self.gpu.name, time=i18n.duration(secs / 86400, lang), name=e.name,
              params=params, mfu=i18n.percent(PREFILL_MFU, lang),
              tflops=i18n.number(self.gpu.tflops("bf16"), lang)),
        ]  # fmt: skip
        if j.hours is not None:
            lines.append(t("encoders.deadline" if count > 1 else "encoders.deadline_one", hours=i18n.number(j.hours, lang), count=count, gpu=self.gpu.name,
                           time=i18n.duration(secs / count / 86400, lang)))  # fmt: skip
        lines.append(t("encoders.assumptions", mfu=i18n.percent(PREFILL_MFU, lang)))
        return lines

    def _volume_line(self, lang: str) -> str:
        """A volume over days read as its busiest hour's rate, said with the share it was read at."""
        v, daily = self.volume, self.catalog.traffic.daily
        days = {7 * 86400: daily.days_per_week, 30 * 86400: daily.days_per_month}.get(v.period_s)
        return i18n.t(lang, "encoders.volume", requests=i18n.number(v.requests, lang),
                      period=i18n.t(lang, f"speech.period_{v.period_s}"),
                      days=i18n.t(lang, "encoders.volume_days", n=i18n.number(days, lang)) if days else "",
                      share=i18n.percent(daily.peak_hour_share, lang),
                      rate=i18n.number(v.peak_rate, lang, 1 if v.peak_rate < 10 else 0))  # fmt: skip

    def _rate_lines(self, lang: str) -> list[str]:
        """Requests a second to serve: what one request reads (a text; for a reranker, a query and the passages it
        scores), how many of them one GPU encodes a second at the same pace as a corpus, and the GPUs the rate
        needs with the peak at the plan's share of that (traffic.toml), as an LLM's load is planned."""
        t = functools.partial(i18n.t, lang)
        d = table().defaults
        e, _, piece = self._per_request()
        if e.kind == "reranker":
            key = "encoders.rate_each_reranker_said" if self.per_query else "encoders.rate_each_reranker"
            each = t(key, passages=i18n.number(self.per_query or d.rerank_passages, lang),
                     tokens=i18n.number(piece, lang))  # fmt: skip
        else:
            each = t("encoders.rate_each_embedding", tokens=i18n.number(piece, lang))

        def on(
            gpu: GPU,
        ) -> tuple[float, int, str]:  # requests a second one GPU encodes, GPUs for the rate, said
            per_gpu, count = self._rate_on(gpu)
            return per_gpu, count, i18n.number(per_gpu, lang, 1 if per_gpu < 10 else 0)

        _, count, said = on(self.gpu)
        lines = [self._volume_line(lang)] if self.volume is not None else []
        lines += [t("encoders.rate", rate=i18n.number(self.rate, lang, 1 if self.rate < 10 else 0), name=e.name,
                   each=each, gpu=self.gpu.name, per_gpu=said, share=i18n.percent(self.plan_share, lang), count=count,
                   mfu=i18n.percent(PREFILL_MFU, lang))]  # fmt: skip
        if count > 1 and self.named_gpu is None and self.others:
            # more than one of the smallest: the faster GPUs we rent need fewer (their BF16 TFLOPS differ)
            setups = [t("encoders.rate_elsewhere_one", count=c, gpu=g.name, per_gpu=said_g)
                      for g in self.others for _, c, said_g in [on(g)]]  # fmt: skip
            lines.append(t("encoders.rate_elsewhere", setups=i18n.join(setups, lang)))
        return lines


def gpu_prices(catalog: Catalog, gpu: GPU) -> dict[str, float]:
    """A GPU's price an hour in each contract mode it is rented in and priced (empty: none)."""
    offer = next((o for o in catalog.offering.offer if o.gpu == gpu.id), None)
    if offer is None:
        return {}
    return {mode: p for mode, p in offer.price_per_gpu_hour.items() if mode in offer.contract_modes}


def price_line(catalog: Catalog, gpu: GPU, count: int, prices: dict[str, float], lang: str) -> str:
    """ "Preço de 2× L40S: sob demanda R$ 20,00 por hora, R$ 14.600 por mês; ...": the GPUs an encoder's or a
    speech model's load needs, each mode by the hour and by the offering's month."""
    t = functools.partial(i18n.t, lang)
    money = functools.partial(i18n.money, lang=lang)
    currency, hours = i18n.currency(catalog.offering.currency, lang), catalog.offering.hours_per_month
    modes = "; ".join(
        t("speech.price_mode", mode=t(f"cost.modes.{mode}"), currency=currency, per_hour=money(p * count),
          per_month=money(p * count * hours))
        for mode, p in prices.items()
    )  # fmt: skip
    return t("speech.price", count=count, gpu=gpu.name, modes=modes, hours=i18n.number(hours, lang))


def _cents(value: float, lang: str) -> str:
    """A million tokens' price, which an encoder's is in cents: two significant digits under a tenth ("0,017",
    where two decimals said "0,02", 17% more)."""
    if 0.005 <= value < 0.1:
        return i18n.number(value, lang, 1 - math.floor(math.log10(value)))
    return i18n.money(value, lang)


def _big(n: float, lang: str) -> str:
    """Tokens in millions or billions, as people say them."""
    if n >= 1e9:
        return i18n.t(lang, "encoders.billions", n=i18n.number(n / 1e9, lang, 1))
    if n >= 1e6:
        return i18n.t(lang, "encoders.millions", n=i18n.number(n / 1e6, lang, 1))
    return i18n.number(n, lang)
