"""The network round trip from a place to our GPUs in Brazil ("qual a latência a partir de Lisboa?", "latency
from Miami?", "vou atender usuários em Portugal, a latência fica ruim?"): the figure of the region named, from
sizing/data/latency.toml (a published inter-region table), or, for a place the table lacks, its nearest listed
region's; what it adds to the time to first token, and that users in Brazil do not pay it."""

from __future__ import annotations

import functools
import os
import re

import msgspec

from . import i18n, regexes, tomlfiles
from .encoders import data_path
from .vocabulary import strip_accents


class Region(msgspec.Struct, kw_only=True, frozen=True):
    name: str
    rtt_ms: float
    label: dict[str, str]
    words: list[str]


class Place(msgspec.Struct, kw_only=True, frozen=True):
    label: dict[str, str]
    words: list[str]
    nearest: str | None = None  # a listed region whose path to Brazil is a fair stand-in for the place's
    km: float | None = None  # great-circle distance to São Paulo, for a place no listed region stands in for


class Table(msgspec.Struct, kw_only=True, frozen=True):
    as_of: str
    region: list[Region]
    place: list[Place] = []
    note_us: str
    note_europe: list[str]


class Named(msgspec.Struct, kw_only=True, frozen=True):
    """A place a question names: the region whose figure answers it, and whether the table lists the place."""

    key: str  # the region's name, or the place's first word
    label: dict[str, str]
    region: Region | None  # None: no listed region stands in for it, only the distance (km)
    listed: bool
    km: float | None = None

    @property
    def rtt_ms(self) -> float:
        return self.region.rtt_ms if self.region is not None else fibre_floor_ms(self.km or 0)


# Light in optical fibre travels at about c / 1.47 (silica's refractive index), ~204,000 km/s: ~200,000 km/s
# as network engineers round it. A round trip can take no less than twice the distance at that speed; real
# routes are longer than the great circle and add switching, so this is a floor, said as one.
FIBRE_KM_PER_S = 200_000


def fibre_floor_ms(km: float) -> float:
    return 2 * km / FIBRE_KM_PER_S * 1000


def table() -> Table:
    """From the folder GPU_SIZER_DATA names, as the catalogues are, or the packaged one when it has none."""
    return _table(os.environ.get("GPU_SIZER_DATA") or "")


@functools.cache
def _table(folder: str) -> Table:
    data = msgspec.convert(tomlfiles.load(data_path(folder, "latency.toml")), Table)
    names = {r.name for r in data.region}
    unknown = [p.nearest for p in data.place if p.nearest is not None and p.nearest not in names]
    if unknown:
        raise ValueError(f"latency.toml: [[place]] nearest names no [[region]]: {unknown}")
    unnoted = [n for n in [data.note_us, *data.note_europe] if n not in names]
    if unnoted or not data.note_europe:
        raise ValueError(f"latency.toml: note_us and note_europe name regions of [[region]]: {unnoted}")
    neither = [p.words[0] for p in data.place if (p.nearest is None) == (p.km is None)]
    if neither:
        raise ValueError(
            f"latency.toml: each [[place]] needs a nearest region or its km, not both: {neither}"
        )
    return data


def note_figures() -> dict[str, str]:
    """The round trips the general latency note gives, from the table (its figures are P95s): to the US East
    coast, and Western Europe's lowest and highest."""
    data = table()
    by_name = {r.name: r.rtt_ms for r in data.region}
    europe = [by_name[n] for n in data.note_europe]
    return {
        "us_ms": f"{by_name[data.note_us]:.0f}",
        "europe_low": f"{min(europe):.0f}",
        "europe_high": f"{max(europe):.0f}",
    }


@functools.cache
def _places(folder: str) -> tuple[re.Pattern, list[Named]]:
    data = _table(folder)
    by_name = {r.name: r for r in data.region}
    named = [Named(key=r.name, label=r.label, region=r, listed=True) for r in data.region]
    named += [
        Named(
            key=p.words[0],
            label=p.label,
            region=by_name[p.nearest] if p.nearest is not None else None,
            listed=False,
            km=p.km,
        )
        for p in data.place
    ]
    words = [r.words for r in data.region] + [p.words for p in data.place]
    groups = "|".join(
        f"(?P<p{i}>{'|'.join(re.escape(strip_accents(w.lower())) for w in said)})"
        for i, said in enumerate(words)
    )
    # "a partir de Lisboa", "from Miami": the words that lead to the place go with it, read as part of the question
    lead = r"(?:(?:a\s+partir\s+d[eoa]s?|desde|from|de|do|da|em|no|na|in|para|pra|to)\s+)?"
    return regexes.compile(rf"(?<![\w-]){lead}(?P<place>{groups})(?![\w-])"), named


# What asks for the network's delay, accent-free: "latência", "latency", "ping", "ida e volta", "round trip",
# "atraso da rede". A latency target ("latência de 2 s") names no place, so it is never read as this.
_ASKED = regexes.compile(
    r"\b(?:latenc\w*|lag|ping|rtt|round[\s-]?trip\w*|ida\s+e\s+volta|atraso\w*|delay\w*)\b"
)


# A string each of _ASKED's words holds, in the case the pattern takes it ("round trip": "trip"; "ida e volta":
# "volta"): looked for first, as nearly no question speaks of the network's delay and the pattern, run two or
# three times a question, took ~2 us each time to say so.
_ASKED_CUES = ("latenc", "lag", "ping", "rtt", "trip", "volta", "atraso", "delay")


def place_words(plain: str) -> list[re.Match]:
    """Where a question that speaks of latency names places (accent-free, lower case); none where it does not."""
    for cue in _ASKED_CUES:  # a loop, not any() over a generator: a Python call less for each cue
        if cue in plain:
            break
    else:
        return []
    if not _ASKED.search(plain):
        return []
    return list(_places(os.environ.get("GPU_SIZER_DATA") or "")[0].finditer(plain))


def without_places(plain: str) -> str:
    """The text with the places a latency question names blanked: "Buenos Aires" says no Spanish is written."""
    for m in reversed(place_words(plain)):
        plain = (
            plain[: m.start("place")] + " " * (m.end("place") - m.start("place")) + plain[m.end("place") :]
        )
    return plain


def places_asked(plain: str) -> list[Named]:
    """The places whose round trip a question asks (accent-free, lower case), in the text's order, each once."""
    named = _places(os.environ.get("GPU_SIZER_DATA") or "")[1]
    # the one group p<i> that matched names the place (the outer "place" group closes last)
    found = [
        named[int(next(k for k, v in m.groupdict().items() if v is not None and k != "place")[1:])]
        for m in place_words(plain)
    ]
    return list({n.key: n for n in found}.values())


def by_keys(keys: list[str]) -> list[Named]:
    """The places of Named.key, as a query kept them."""
    named = {n.key: n for n in _places(os.environ.get("GPU_SIZER_DATA") or "")[1]}
    return [named[k] for k in keys if k in named]


def _label(named: Named | Region, lang: str) -> str:
    # a variety's own spelling first (Portugal writes "Madrid" where Brazil writes "Madri"), then its family's
    family = "en" if lang == "en" else "pt"
    return named.label.get(lang) or named.label.get(family) or next(iter(named.label.values()))


def lines(places: list[Named], lang: str, ttft_s: float | None = None, model: str = "") -> list[str]:
    """A line per place: its round trip and whence the figure; then what a round trip adds to the first token
    (to it, with a model's first-token figure), and that users in Brazil do not pay it."""
    data = table()
    out = []
    for named in places:
        region = named.region
        if region is None:
            out.append(
                i18n.t(
                    lang,
                    "latency.floor",
                    place=_label(named, lang),
                    km=i18n.number(round(named.km or 0, -1), lang),
                    ms=i18n.number(named.rtt_ms, lang),
                )
            )
            continue
        params = dict(
            place=_label(named, lang), region=_label(region, lang), ms=i18n.number(region.rtt_ms, lang)
        )
        out.append(i18n.t(lang, "latency.listed" if named.listed else "latency.nearest", **params))
    year, month, day = data.as_of.split("-")
    as_of = data.as_of if lang == "en" else f"{day}/{month}/{year}"
    out.append(i18n.t(lang, "latency.source", as_of=as_of))
    if ttft_s is None:
        out.append(i18n.t(lang, "latency.first_token"))
        return out
    # the request goes out and the first token comes back: one round trip over the first token computed here;
    # the tokens after it stream at the generation speed, unaffected
    worst = max(places, key=lambda n: n.rtt_ms)
    out.append(
        i18n.t(
            lang,
            "latency.first_token_model" if worst.region is not None else "latency.first_token_model_floor",
            model=model,
            ttft=i18n.number(ttft_s, lang, 2),
            ms=i18n.number(worst.rtt_ms, lang),
            total=i18n.number(ttft_s + worst.rtt_ms / 1000, lang, 2),
            place=_label(worst, lang),
        )
    )
    return out
