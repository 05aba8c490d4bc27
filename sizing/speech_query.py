"""A question about a speech-recognition model with no LLM (sizing/speech.py): its memory, its estimated speed on
a GPU, and for a volume of audio or a number of calls at once the GPUs that keep up."""

from __future__ import annotations

import functools
import math
import re

import msgspec

from . import encoder_query, encoders, i18n, traffic_query
from .catalog import GPU, Catalog
from .encoder_query import smallest_rented
from .encoders import Encoder
from .regexes import compile as rx
from .speech import (
    BENCHMARK_AUDIO_S,
    Served,
    activations,
    batch_words,
    int8_unavailable,
    kv_cache,
    overhead,
    realtime_factor,
    streams_per_gpu,
    table,
    total,
    weights,
)
from .vocabulary import strip_accents

_NUMBER = r"\d+(?:[.,]\d+)*"
_MULTIPLIER = {"mil": 1000, "k": 1000, "thousand": 1000}
_AUDIO = (
    r"audios?|gravac(?:ao|oes)|recordings?|ligac(?:ao|oes)|chamadas?|calls?|atendimentos?|reunioes?|meetings?"
    r"|podcasts?|videos?|fala|speech|conversas?|conversations?"
)
# "500 horas de áudio", "10 mil minutos de gravações", "200 hours of calls", "500h de audio"
_VOLUME = rx(
    rf"(?<![\w.,])({_NUMBER})\s*(mil|k|thousand)?\s*(horas?|hours?|hrs?|h|minutos?|minutes?|mins?)\s+"
    rf"(?:de\s+|of\s+)?(?:\w+\s+)?(?:{_AUDIO})\b"
)
# "1000 horas por mês" with the speech model named: hours of audio with no noun for it, only before a period
_VOLUME_BARE = rx(
    rf"(?<![\w.,])({_NUMBER})\s*(mil|k|thousand)?\s*(horas?|hours?|hrs?|h|minutos?|minutes?|mins?)"
    r"(?=\s+(?:por|a|an|per|each|every|ao)\s+(?:dia|day|mes|month|semana|week)\b|\s+(?:diari|daily|mensa|monthly))"
)
_PERIOD = rx(
    r"\b(?:por|por\s+cada|a|an|per|each|every|ao|a\s+cada)\s+(dia|day|mes|month|semana|week|hora|hour)\b"
    r"|\b(diari[oa]s?|daily|mensa(?:l|is)|monthly|semana(?:l|is)|weekly)\b"
)
_PERIOD_SECONDS = {
    "dia": 86400, "day": 86400, "diario": 86400, "diaria": 86400, "diarios": 86400, "diarias": 86400,
    "daily": 86400, "mes": 30 * 86400, "month": 30 * 86400, "mensal": 30 * 86400, "mensais": 30 * 86400,
    "monthly": 30 * 86400, "semana": 7 * 86400, "week": 7 * 86400, "semanal": 7 * 86400,
    "semanais": 7 * 86400, "weekly": 7 * 86400, "hora": 3600, "hour": 3600,
}  # fmt: skip
_DEADLINE = rx(rf"\b(?:em|in|within|dentro\s+de)\s+({_NUMBER})\s*(horas?|hours?|h|dias?|days?)\b")
_STREAMS = rx(
    rf"(?<![\w.,])({_NUMBER})\s*(?:{_AUDIO}|streams?|fluxos?|canais|channels?|usuarios?|utilizadores?|users?|atendentes?|operadores?"
    rf"|agentes?|agents?|pessoas|people)\s+(?:simultane\w*|concurrent\w*|simultaneous\w*|ao\s+mesmo\s+tempo"
    rf"|at\s+once|at\s+the\s+same\s+time|em\s+paralelo|in\s+parallel|ao\s+vivo|live|em\s+tempo\s+real|em\s+simultaneo"
    rf"|in\s+real[\s-]time)"
    rf"|\b(?:simultaneous|concurrent|live)\s+({_NUMBER})\b"
    rf"|(?<![\w.,])({_NUMBER})\s+(?:simultaneous|concurrent|live)\s+(?:{_AUDIO}|streams?|channels?|users?)"
)


def _number(text: str) -> float:
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", text):
        return float(re.sub(r"[.,]", "", text))
    return float(text.replace(",", "."))


class Load(msgspec.Struct, kw_only=True, frozen=True):
    """The audio the question asks to keep up with."""

    audio_hours: float | None = None  # a volume of audio, in hours
    period_s: float | None = None  # the period it comes in ("por dia"), or the deadline it must be done by
    deadline: bool = False  # the period is a deadline ("em 3 dias"), not a recurring period
    streams: int | None = None  # calls at once
    # "em lote", "offline", "a qualquer hora": processed whenever, the period's average its pace (audio_at_peak)
    batch: bool = False


# What a live stream of audio is called, apart from the people on it and their conversations: beside an LLM,
# "50 usuários simultâneos" or "50 conversas simultâneas" are the LLM's, not calls to transcribe.
_STREAM_NOUN = rx(
    r"\b(?:audios?|gravac(?:ao|oes)|recordings?|ligac(?:ao|oes)|chamadas?|calls?|atendimentos?|reunioes?"
    r"|meetings?|streams?|fluxos?|canais|channels?)\b"
)


def load(text: str, beside: bool = False) -> Load:
    """The audio a question asks to keep up with; `beside` an LLM, only calls or streams said as such are
    live audio."""
    plain = strip_accents(text.lower())
    hours = period = streams = None
    deadline = False
    if m := _VOLUME.search(plain) or _VOLUME_BARE.search(plain):
        value = _number(m.group(1)) * _MULTIPLIER.get(m.group(2) or "", 1)
        hours = value / 60 if m.group(3).startswith("min") else value
        if p := _PERIOD.search(plain, m.end()) or _PERIOD.search(plain):
            period = _PERIOD_SECONDS.get(p.group(1) or p.group(2))
        elif d := _DEADLINE.search(plain):
            period = _number(d.group(1)) * (3600 if d.group(2).startswith("h") else 86400)
            deadline = True
    if (s := _STREAMS.search(plain)) and not (beside and not _STREAM_NOUN.search(s.group(0))):
        streams = round(_number(s.group(1) or s.group(2) or s.group(3)))
    if hours is not None and hours <= 0:
        hours = None
    if period is not None and period <= 0:
        period = None
    batch = traffic_query.OFFLINE.search(plain) is not None
    return Load(audio_hours=hours, period_s=period, deadline=deadline, streams=streams or None, batch=batch)


def audio_at_peak(ld: Load, catalog: Catalog) -> tuple[float, float | None]:
    """(seconds of audio a second the GPUs keep up with, the day's share at its busiest hour or None). A volume a
    day, week or month arrives as the LLM's requests from a volume do (sizing/plan.py, traffic.toml [daily]): over
    the days of use, its busiest hour carrying peak_hour_share of the day; that hour's audio is what shares the
    GPUs with the LLM's peak (the day's average beside the LLM's peak had added an average to a peak). A volume
    an hour is that pace all hour. Alone or beside an LLM, the same rule (alone it had been the day's average).
    """
    period = ld.period_s or 3600
    if period < 86400 or ld.batch:
        # "em lote", "offline": processed at any hour, the period's average is the pace (no busiest hour)
        return (ld.audio_hours or 0) * 3600 / period, None
    daily = catalog.traffic.daily
    days = {86400: 1, 7 * 86400: daily.days_per_week, 30 * 86400: daily.days_per_month}.get(int(period))
    if days is None:
        days = period / 86400
    # hours of audio in the busiest hour: that many times real time
    return (ld.audio_hours or 0) / days * daily.peak_hour_share, daily.peak_hour_share


class Answer:
    """A speech-recognition model asked about with no LLM (raised as sizing.query.SpeechAnswer)."""

    def __init__(
        self,
        served: Served,
        assumed: bool,
        text: str,
        gpu: GPU | None,
        catalog: Catalog,
        beside: list[tuple[Encoder, bool]] | None = None,
    ) -> None:
        self.served = served
        # Embedding or reranking models named with it ("bge-m3 e whisper numa l40s"): each in its own process
        # on the same GPU, their memory added to its (it had answered for Whisper alone)
        self.beside = beside or []
        self.assumed = assumed
        self.text = text
        self.load = load(text)
        self.catalog = catalog
        self.named_gpu = gpu
        self.smallest = smallest_rented(
            catalog, bandwidth_bound=True
        )  # its decoder reads the weights per token
        self.gpu = gpu or self.smallest
        self.usable = int(self.gpu.memory_bytes * catalog.offering.serving.memory_utilization)
        # The other GPUs we rent, each once, for the count a load needs on each (fewest memory first)
        offered = {o.gpu: catalog.gpu(o.gpu) for o in catalog.offering.offer}
        self.others = [g for g in offered.values() if g.id != self.gpu.id]

    @property
    def names(self) -> str:
        return " + ".join([self.served.id, *(e.id for e, _ in self.beside)])

    def message(self, lang: str = "pt-BR", show_prices: bool = False) -> str:
        """The answer; `show_prices`: with what its GPUs cost where the offering prices them (staff only, as
        a model's answer)."""
        t = functools.partial(i18n.t, lang)
        gb = functools.partial(i18n.gb, lang=lang)
        s, m, d = self.served, self.served.model, table().defaults
        lines = []
        if self.assumed:
            # "whisper pra 50 ligações": the family said, its size not (had been "no model given")
            said = "whisper" in self.text.lower()
            lines.append(t("speech.assumed_size" if said else "speech.assumed", name=m.name))
        if example := int8_unavailable(self.text, s):
            lines.append(t("speech.int8_unavailable", runtime=s.runtime.name, example=example))
        lines.append(t("speech.memory", name=m.name, params=i18n.params(m.params, lang), enc=m.encoder_layers,
                       dec=m.decoder_layers, d_model=i18n.number(m.d_model, lang), runtime=s.runtime.name,
                       format=s.format.upper(), batch_words=batch_words(s.batch, lang), beam=s.runtime.beam, weights=gb(weights(s)),
                       kv=gb(kv_cache(s)), acts=gb(activations(s)), overhead=gb(overhead()),
                       total=gb(total(s))))  # fmt: skip
        need = total(s)
        if self.beside:
            lines.extend(encoder_query.memory_lines(self.beside, lang))
            need += sum(encoders.total(e) for e, _ in self.beside)
        where = dict(gpu=self.gpu.name, need=gb(need), usable=gb(self.usable))
        if self.beside:
            names = i18n.join([m.name, *(e.name for e, _ in self.beside)], lang)
            key = "speech.together_too_big" if need > self.usable else "speech.together_fits"
            lines.append(t(key, names=names, **where))
            if need > self.usable:
                return "\n".join(lines)
        elif need > self.usable:
            lines.append(t("speech.too_big", **where))
            return "\n".join(lines)
        key = (
            "fits_named"
            if self.named_gpu is not None and self.named_gpu.id != self.smallest.id
            else "fits_smallest"
        )
        if not self.beside:
            lines.append(t(f"speech.{key}", **where))
        rtf = realtime_factor(s, self.gpu)
        base = BENCHMARK_AUDIO_S / s.runtime.seconds[s.format]
        speed = t("speech.speed", gpu=self.gpu.name, rtf=i18n.number(rtf, lang), runtime=s.runtime.name,
                  format=s.format.upper(), batch=s.batch, beam=s.runtime.beam,
                  secs=i18n.number(s.runtime.seconds[s.format], lang), base=i18n.number(base, lang, 1),
                  bw=i18n.number(self.gpu.bandwidth_gb_s, lang), bench=d.benchmark_gpu,
                  bench_bw=i18n.number(d.benchmark_bandwidth_gb_s, lang),
                  hours=i18n.number(rtf, lang))  # fmt: skip
        if m.relative_speed != 1:
            speed += " " + t("speech.relative", name=m.name, rel=i18n.number(m.relative_speed, lang, 1))
        lines.append(speed)
        lines.extend(self._load_lines(rtf, lang))
        if show_prices:
            lines.extend(self._price_lines(rtf, lang))
        lines.append(t("speech.assumptions", bench=d.benchmark_gpu))
        if m.relative_speed != 1 and s.batch > 1:
            lines.append(t("speech.relative_batched"))
        return "\n".join(lines)

    def data(self) -> dict:
        """The answer's figures (bytes, seconds of audio a second), for --json."""
        s, ld = self.served, self.load
        rtf = realtime_factor(s, self.gpu)
        out: dict = {
            "model": s.model.id, "model_name": s.model.name, "assumed": self.assumed, "params": s.model.params,
            "runtime": s.runtime.id, "format": s.format, "batch_windows": s.batch, "beam": s.runtime.beam,
            "weights_bytes": weights(s), "kv_cache_bytes": kv_cache(s), "encoder_activation_bytes": activations(s),
            "overhead_bytes": overhead(), "total_bytes": total(s), "gpu": self.gpu.id,
            "usable_bytes_per_gpu": self.usable, "fits": total(s) <= self.usable, "realtime_factor": round(rtf, 1),
            "speed_source": "faster-whisper README benchmark, scaled by memory bandwidth and relative speed",
        }  # fmt: skip
        if self.beside:
            together = total(s) + sum(encoders.total(e) for e, _ in self.beside)
            out["beside"] = [
                {"model": e.id, "assumed": a, "total_bytes": encoders.total(e)} for e, a in self.beside
            ]
            out["together_bytes"], out["fits"] = together, together <= self.usable
        if ld.audio_hours is not None:
            out["audio_hours"] = ld.audio_hours
            if ld.period_s is not None:
                out["period_s"], out["deadline"] = ld.period_s, ld.deadline
                out["gpus_for_volume"] = self.gpus_needed(self.gpu)
        if prices := self.prices():
            out["gpus_priced"], out["price_per_gpu_hour"] = self.gpus_needed(self.gpu) or 1, prices
        if ld.streams is not None:
            per_gpu = streams_per_gpu(s, self.gpu)
            out["streams"], out["streams_per_gpu"] = ld.streams, per_gpu
            out["gpus_for_streams"] = math.ceil(ld.streams / per_gpu) if per_gpu else None
        return out

    def _load_lines(self, rtf: float, lang: str) -> list[str]:
        t = functools.partial(i18n.t, lang)
        ld, s, gpu = self.load, self.served, self.gpu
        out = []
        if ld.audio_hours is not None:
            hours = i18n.number(ld.audio_hours, lang, 0 if ld.audio_hours >= 10 else 1)
            gpu_seconds = ld.audio_hours * 3600 / rtf
            if ld.period_s is None:
                out.append(t("speech.volume_time", hours=hours, gpu=gpu.name,
                             time=i18n.duration(gpu_seconds / 86400, lang)))  # fmt: skip
            else:
                need = ld.audio_hours * 3600 / ld.period_s  # seconds of audio per second, on average
                peak = None
                if not ld.deadline:
                    # sized at the busiest hour, as the same audio beside an LLM is (audio_at_peak)
                    need, peak = audio_at_peak(ld, self.catalog)
                ceiling = volume_ceiling(ld, self.catalog)
                count = max(1, math.ceil(need / (rtf * ceiling) - 1e-9))
                key = "speech.volume_deadline" if ld.deadline else "speech.volume_rate"
                if peak:
                    key += "_peak"  # always within the plan's ceiling, which it says
                elif ceiling < 1:
                    key += "_plan"  # said with the plan's ceiling, as an LLM's peak is
                out.append(t(key, hours=hours, period=t(f"speech.period_{int(ld.period_s)}")
                             if not ld.deadline else i18n.duration(ld.period_s / 86400, lang),
                             need=i18n.number(need, lang, 1 if need < 10 else 0), count=count, gpu=gpu.name,
                             busy=i18n.percent(need / (count * rtf), lang), share=i18n.percent(peak or 0, lang),
                             plan=i18n.percent(ceiling, lang)))  # fmt: skip
                if peak:
                    out.append(t("speech.volume_batch_hint"))
                elif not ld.deadline and not ld.batch:
                    out.append(t("speech.volume_peak"))
        if ld.streams is not None:
            per_gpu = streams_per_gpu(s, gpu)
            if per_gpu < 1:
                out.append(t("speech.streams_none", gpu=gpu.name))
            else:
                count = math.ceil(ld.streams / per_gpu)
                out.append(t("speech.streams", n=i18n.number(ld.streams, lang), per_gpu=per_gpu, gpu=gpu.name,
                             count=count, util=i18n.percent(table().defaults.live_utilization, lang),
                             batch=s.batch))  # fmt: skip
            out.append(t("speech.streaming"))
        if ld.audio_hours is None and ld.streams is None:
            out.append(t("speech.ask_load"))
        elif self.named_gpu is None and (counts := self._elsewhere()):
            out.append(t("speech.elsewhere", setups=i18n.join(
                [t("speech.elsewhere_one", count=n, gpu=g.name, rtf=i18n.number(realtime_factor(s, g), lang))
                 for g, n in counts], lang)))  # fmt: skip
        return out

    def prices(self) -> dict[str, float]:
        """The recommended GPU's price an hour in each contract mode it is rented in and priced (empty: none)."""
        return encoder_query.gpu_prices(self.catalog, self.gpu)

    def _price_lines(self, rtf: float, lang: str) -> list[str]:
        """What the GPUs for the load cost a month in each mode, and an hour of audio: for a recurring volume at
        the share of the GPUs it keeps busy, for a one-off volume by the hours the GPUs work, else with the GPU
        always busy."""
        prices = self.prices()
        if not prices or rtf <= 0:
            return []
        t = functools.partial(i18n.t, lang)
        money = functools.partial(i18n.money, lang=lang)
        offering, ld = self.catalog.offering, self.load
        currency, hours = i18n.currency(offering.currency, lang), offering.hours_per_month
        count = self.gpus_needed(self.gpu) or 1
        lines = [encoder_query.price_line(self.catalog, self.gpu, count, prices, lang)]
        if ld.audio_hours is not None and ld.period_s is not None and not ld.deadline:
            # the GPUs are rented for the whole period, busy or not: their month over the audio of a month
            mode = min(prices, key=prices.__getitem__)
            # "por mês" is the offering's month, as the price per month above counts it
            period_h = hours if ld.period_s == _PERIOD_SECONDS["mes"] else ld.period_s / 3600
            per_audio_hour = prices[mode] * count * period_h / ld.audio_hours
            lines.append(t("speech.price_audio_volume", currency=currency, value=money(per_audio_hour),
                           mode=t(f"cost.modes.{mode}"), count=count, gpu=self.gpu.name))  # fmt: skip
        else:
            # billed by the hours the GPUs work: an hour of audio takes 1/rtf of a GPU-hour
            mode = "on_demand" if "on_demand" in prices else min(prices, key=prices.__getitem__)
            key = "speech.price_audio_once" if ld.audio_hours is not None else "speech.price_audio_busy"
            lines.append(t(key, currency=currency, value=money(prices[mode] / rtf), mode=t(f"cost.modes.{mode}"),
                           total=money(prices[mode] / rtf * (ld.audio_hours or 0)),
                           hours=i18n.number(ld.audio_hours or 0, lang), rtf=i18n.number(rtf, lang)))  # fmt: skip
        return lines

    def gpus_needed(self, gpu: GPU) -> int | None:
        return gpus_needed(self.served, self.load, gpu, self.catalog)

    def _elsewhere(self) -> list[tuple[GPU, int]]:
        """The count each other GPU we rent needs for the load (its speed differs by its bandwidth)."""
        return [(g, n) for g in self.others if (n := self.gpus_needed(g)) is not None]


def audio_pace(ld: Load, catalog: Catalog) -> float:
    """Seconds of audio a second the GPUs must keep up with for the volume: by a deadline its average over it,
    else at its busiest hour (audio_at_peak)."""
    if ld.deadline:
        return (ld.audio_hours or 0) * 3600 / (ld.period_s or 1)
    return audio_at_peak(ld, catalog)[0]


def volume_ceiling(ld: Load, catalog: Catalog) -> float:
    """The share of the GPUs' speed a volume may use: audio arriving through the day (at its busiest hour, or
    an hour's pace) is held to the plan's ceiling, as an LLM's peak is and as calls at once are (traffic.toml
    plan_utilization: the rest absorbs bursts within the hour); a batch ("em lote") or a deadline's volume,
    which waits its turn, may use it all. Alone it had been sized at 92% of the GPUs beside an LLM's 70%."""
    if ld.deadline or ld.batch:
        return 1.0
    return catalog.traffic.capacity.plan_utilization


def gpus_needed(s: Served, ld: Load, gpu: GPU, catalog: Catalog) -> int | None:
    """The GPUs of `gpu` a speech model alone needs for the volume and the calls at once (the larger of the
    two), None with no load to keep up with."""
    rtf = realtime_factor(s, gpu)
    needs = []
    if ld.audio_hours is not None and ld.period_s is not None:
        needs.append(max(1, math.ceil(audio_pace(ld, catalog) / (rtf * volume_ceiling(ld, catalog)) - 1e-9)))
    if ld.streams is not None and (per_gpu := streams_per_gpu(s, gpu)):
        needs.append(math.ceil(ld.streams / per_gpu))
    return max(needs) if needs else None


def is_load_words(typed: str) -> bool:
    """Whether a phrase as typed is a volume of audio ("200 horas de áudio") or its period ("per day", "day"
    left over), words `load` reads."""
    plain = strip_accents(typed.lower()).strip()
    return bool(_VOLUME.fullmatch(plain) or _PERIOD.fullmatch(plain)) or plain in _PERIOD_SECONDS
