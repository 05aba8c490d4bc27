"""Images in words: "3 imagens por conversa", "1 foto por pedido", "4 images of 1024x1024 per conversation",
"fotos de celular", "imagens em full HD", "com imagens".

The words are in sizing/data/vocabulary/*.toml, [images]; the pixels of named sizes in traffic.toml,
[images]. sizing/query.py runs `take` before the traffic and context patterns, so "imagens 4k" is a size and
not a context, and "3 imagens por pedido" is no rate; "10 mil imagens por dia" is left to the traffic words
(a volume of requests, each with one image). "imagem docker", "container image" and "gerar imagens" are no
images in a conversation and are left alone.

What it finds, in the scan (sizing/query.py's _Scan):
    images        a count of images in each conversation
    image_size    "1920x1080", "12mp", or a named size ("phone", "full_hd")
    with_images   images said with no count ("com imagens")
    images_total  a count too large for one conversation with no "per conversation" ("analisar 5 mil imagens")
    no_images     none at all ("sem imagens", "0 imagens", "without images")
"""

from __future__ import annotations

import re

from . import regexes
from .quantities import parse_count
from .vocabulary import alternation, load_vocabulary, strip_accents

VOCAB = load_vocabulary()
_W = VOCAB.pattern
NAMED_SIZES = ("phone", "screenshot", "scan", "full_hd", "hd", "uhd")
# Size names that are images themselves ("fotos de celular", "screenshots"): counted like "imagens".
_NOUN_SIZES = ("phone", "screenshot", "scan")
_NOUN = alternation([w for key in ("nouns", *_NOUN_SIZES) for w in VOCAB.words(f"images.{key}")])
_NAMED = alternation([w for key in NAMED_SIZES for w in VOCAB.words(f"images.{key}")])
_PIXELS = r"\d{2,5}\s*[x×*]\s*\d{2,5}(?:\s*(?:px|pixels?|pixeis))?"
_MEGAPIXELS = r"\d+(?:[.,]\d+)?\s*(?:mp|mpx|megapixels?|megapixeis)"
_SIZE = rf"(?:{_PIXELS}|{_MEGAPIXELS}|{_NAMED})(?![\w.])"
_RESOLUTION = _W("images.resolution")
# A size after the images: "de 1024x1024", "em full HD", "(1920 x 1080)", "with a resolution of 1024x1024".
_SIZE_AFTER = (
    rf"\s*\(?\s*(?:(?:de|em|com|in|at|of|with|a|an|na|no)\s+)?(?:{_RESOLUTION}\s+)?(?P<size>{_SIZE})\s*\)?"
)
_PER = _W("images.per")
# Whom the count is for: "por conversa", "per request", "cada", "each", "a cada pedido".
_SCOPE = (
    rf"\s*,?\s*(?:(?:por|per|a\s+cada|em\s+cada|in\s+each|for\s+each|every|each)\s+(?:{_PER})\b"
    r"|(?:cada|each|apiece)(?:\s+uma?\b)?)"
)
_COUNT = (
    r"(?<![\w.,])(?:(?P<number>\d+(?:[.,]\d{3})*)\s*(?P<unit>mil|k|thousand)?|(?P<one>uma?|one|an?|single))"
)
COUNTED = regexes.compile(
    rf"{_COUNT}\s+(?:(?P<before>{_SIZE})\s+)?(?:de\s+|of\s+)?(?P<noun>{_NOUN})\b"
    rf"(?:{_SIZE_AFTER})?(?P<scope>{_SCOPE})?(?:{_SIZE_AFTER.replace('<size>', '<size2>')})?"
)
BARE = regexes.compile(
    rf"(?:(?<![\w.])(?P<before>{_SIZE})\s+)?\b(?P<noun>{_NOUN})\b(?:{_SIZE_AFTER})?(?P<scope>{_SCOPE})?"
)
# A size with no image word: pixels or megapixels ("resolução de 1920x1080", "12 MP"), or a name long enough
# to say it alone ("full HD", "1080p"); "4k" and "hd" need an image word beside them.
ALONE = regexes.compile(
    rf"(?:\b(?:{_RESOLUTION})\s+(?:de\s+|of\s+)?)?(?<![\w.])(?P<size>{_PIXELS}|{_MEGAPIXELS}|"
    rf"{alternation([w for k in NAMED_SIZES for w in VOCAB.words(f'images.{k}') if len(w) > 3])})(?![\w.])"
)
# "notas fiscais escaneadas", "scanned invoices": page images said by the participle alone, never a count of images
# ("50k scanned invoices a day" is the day's documents, read by the traffic words).
SCANNED = regexes.compile(rf"\b{_W('images.scanned')}\b")
# A count of images per unit of time is a volume of requests (sizing/traffic_query.py reads it).
_TIME_AFTER = regexes.compile(
    r"\s*(?:(?:por|per|/|a|an|ao|cada|every|each)\s*(?:dia|dias|day|days|hora|horas|hour|hours|h|hr|minuto|"
    r"minutos|minute|minutes|min|segundo|segundos|second|seconds|s|seg|sec|mes|meses|month|months|semana|"
    r"semanas|week|weeks)\b|\s*(?:diarias|diarios|mensais|daily|monthly)\b)"
)
# A short complement between the images and their period ("20 mil fotos de produtos por dia", "fotos dos
# clientes da loja por hora", "photos of products per day"): what the images show or whose they are, not a count.
_COMPLEMENT = regexes.compile(r"(?:\s+(?:de|do|da|dos|das|of|from|the)\s+(?![\d])[a-z][\w-]*){1,2}")
_NOT = rf"(?:{_W('images.not_input')}|{_W('images.generate')}|{_W('images.none')})"
# "imagem docker", "imagem do container", "image: vllm/...", "imagens geradas": no image in a conversation.
_NOT_AFTER = regexes.compile(
    rf"\s*(?::|(?:(?:do|da|de|dos|das|of|the|for|para|pro|pra|no|na|in|on|oficial|official)\s+){{0,2}}{_NOT}\b)"
)
# "docker image", "gerar 3 imagens", "generate images", "criar uma imagem", "sem imagens", "no images".
_NOT_BEFORE = regexes.compile(
    rf"\b{_NOT}\s+(?:(?:o|a|os|as|the|um|uma|umas|uns|de|do|da|of|an?|some|algumas|\d+)\s+){{0,2}}$"
)
# A container image named after the word ("image: vllm/vllm-openai", "imagem vllm/vllm-openai:v0.9.2"): no model
# to size and no picture, left out whole before repo ids are read.
CONTAINER = regexes.compile(
    r"\b(?:docker\s+|container\s+)?(?:image|imagem)\s*:?\s*[\w.-]+(?:/[\w.-]+)+(?::[\w.-]+)?(?![\w/])"
)
# "imagens, 3 por conversa", "fotos (2 por usuário)", "images: 3 per conversation": the count after the word.
COUNT_AFTER = regexes.compile(
    rf"\b(?P<noun>{_NOUN})\b(?:{_SIZE_AFTER})?\s*[,:(]?\s*(?P<number>\d+)(?P<scope>{_SCOPE})\s*\)?"
)
_NAMED_OF = {key: regexes.compile(rf"{alternation(VOCAB.words(f'images.{key}'))}") for key in NAMED_SIZES}
_PIXELS_OF = regexes.compile(r"(\d+)\s*[x×*]\s*(\d+)")
_MEGAPIXELS_OF = regexes.compile(r"(\d+(?:[.,]\d+)?)")


def is_image_noun(text: str) -> bool:
    """Whether `text` is an image word ("imagens"): not a model of the out-of-scope lists ("imagen")."""
    return re.fullmatch(_NOUN, strip_accents(text).strip()) is not None


def size_key(text: str) -> str | None:
    """A size as typed -> "1920x1080", "12mp" or a named size; None when it names none."""
    plain = strip_accents(text).strip()
    if m := _PIXELS_OF.match(plain):
        return f"{int(m.group(1))}x{int(m.group(2))}"
    if re.fullmatch(_MEGAPIXELS, plain):
        number = _MEGAPIXELS_OF.match(plain)
        assert number is not None
        value = float(number.group(1).replace(",", "."))
        return f"{value:g}mp"
    for key, pattern in _NAMED_OF.items():
        if pattern.fullmatch(plain):
            return key
    return None


def _noun_size(noun: str) -> str | None:
    """The size an image word itself names ("fotos de celular": phone), if any."""
    plain = strip_accents(noun).strip()
    return next((key for key in _NOUN_SIZES if _NAMED_OF[key].fullmatch(plain)), None)


def _excluded(work: str, start: int, noun_end: int) -> bool:
    return bool(_NOT_AFTER.match(work, noun_end) or _NOT_BEFORE.search(work, 0, start))


def container_images(scan) -> None:
    """Blanks container images named with the word "image" (sizing/query.py, before repo ids are read)."""
    if scan.may_match(CONTAINER):
        for m in list(CONTAINER.finditer(scan.work)):
            scan.blank(m.start(), m.end())


def take(scan, total_from: int) -> None:
    """Reads the images a question describes, blanking what it takes (see query._Scan)."""
    if not scan.may_match(BARE) and not scan.may_match(ALONE) and not scan.may_match(SCANNED):
        return
    found = scan.found
    for m in scan.finditer(COUNT_AFTER):
        if _excluded(scan.work, m.start(), m.end("noun")):
            continue
        typed = scan.original[m.start() : m.end()].strip()
        _sizes(found, m, typed)
        found.setdefault("images", []).append((int(m.group("number")), typed))
        scan.blank(m.start(), m.end())
    for m in scan.finditer(COUNTED):
        if _excluded(scan.work, m.start(), m.end("noun")):
            _leave_out(scan, m)
            continue
        typed = scan.original[m.start() : m.end()].strip()
        number = scan.work[m.start("number") : m.end("unit")] if m.group("unit") else None
        if number and not m.group("scope") and not m.group("before") and size_key(number) in NAMED_SIZES:
            # "4k images": a size, not four thousand of them.
            found.setdefault("image_size", []).append((size_key(number), typed))
            found.setdefault("with_images", []).append((True, typed))
            scan.blank(m.start(), m.end())
            continue
        if _per_period(scan.work, m.end("noun")) or _per_period(scan.work, m.end()):
            # "10 mil imagens por dia": requests, each with an image (the traffic words read the rate).
            found.setdefault("with_images", []).append((True, typed))
            continue
        if m.group("one"):
            count = 1
        else:
            unit = {"thousand": "k"}.get(m.group("unit") or "", m.group("unit") or "")
            count = parse_count(m.group("number") + unit)
        if not count:
            # "0 imagens": none at all (a thread's "e com 0 imagens?" takes them away).
            found.setdefault("no_images", []).append((True, typed))
            scan.blank(m.start(), m.end())
            continue
        _sizes(found, m, typed)
        if count >= total_from and not m.group("scope"):
            found.setdefault("images_total", []).append((count, typed))
        else:
            found.setdefault("images", []).append((count, typed))
        scan.blank(m.start(), m.end())
    for m in scan.finditer(BARE):
        if _excluded(scan.work, m.start(), m.end("noun")):
            _leave_out(scan, m)
            continue
        typed = scan.original[m.start() : m.end()].strip()
        _sizes(found, m, typed)
        found.setdefault("with_images", []).append((True, typed))
        if not _per_period(scan.work, m.end("noun")):
            scan.blank(m.start(), m.end())
    for m in scan.finditer(SCANNED):
        typed = scan.original[m.start() : m.end()].strip()
        found.setdefault("image_named", []).append(("scan", typed))
        found.setdefault("with_images", []).append((True, typed))
        scan.blank(m.start(), m.end())
    for m in scan.finditer(ALONE):
        key = size_key(scan.work[m.start("size") : m.end("size")])
        if key is None or ("x" in key and min(int(side) for side in key.split("x")) < 64):
            continue  # "2x4" is no picture
        found.setdefault("image_size", []).append((key, scan.original[m.start() : m.end()].strip()))
        scan.blank(m.start(), m.end())


def _per_period(work: str, at: int) -> bool:
    """Whether a period follows `at`, maybe after a short complement ("de produtos por dia")."""
    if _TIME_AFTER.match(work, at):
        return True
    complement = _COMPLEMENT.match(work, at)
    return complement is not None and _TIME_AFTER.match(work, complement.end()) is not None


def _leave_out(scan, m: re.Match) -> None:
    """An image word that is no picture ("imagem docker", "docker image", "a imagem da empresa"): blanked with
    the word that says so, as nothing to size (never "not understood")."""
    start, end = m.start("noun"), m.end("noun")
    after = _NOT_AFTER.match(scan.work, end)
    before = _NOT_BEFORE.search(scan.work, 0, m.start())
    if after and scan.work[after.start() : after.end()].strip() != ":":
        end = after.end()
    if before:
        start = min(start, before.start())
    words = scan.work[start:end].split()
    if any(word in _GENERATE for word in words):
        return  # "gerar imagens" is an image model's work: said as out of scope elsewhere, or not understood
    if any(word in _NONE for word in words):
        scan.found.setdefault("no_images", []).append((True, scan.original[start:end].strip()))
    scan.blank(start, end)


_GENERATE = frozenset(strip_accents(w) for w in VOCAB.words("images.generate"))
_NONE = frozenset(strip_accents(w) for w in VOCAB.words("images.none"))


def _sizes(found: dict, m: re.Match, typed: str) -> None:
    """The sizes a match names: its image word's own ("fotos de celular"), and one before or after it."""
    names = m.groupdict()
    for group in ("before", "size", "size2"):
        text = names.get(group)
        if text:
            key = size_key(text)
            if key is not None:
                found.setdefault("image_size", []).append((key, typed))
    noun = _noun_size(m.group("noun"))
    if noun is not None:
        found.setdefault("image_named", []).append((noun, typed))


__all__ = ["NAMED_SIZES", "is_image_noun", "size_key", "take"]
