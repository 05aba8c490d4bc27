"""Speculative decoding in words: "usando o llama 3.2 1b como draft", "with llama 3.2 1b as the draft model",
"draft model qwen2.5 0.5b", "speculative decoding com modelo rascunho X", "com EAGLE-3", "n-gram", and the
launch flags that say it (vLLM's --speculative-config, SGLang's --speculative-algorithm, llama.cpp's -md).

sizing/query.py runs `take` before it reads model names: a draft model named as such is no second model
(which would be a contradiction, or a choice between two models), and it is taken out of the text whole.

A draft model is read only where the words make it one: a model's name right before "como draft", "as the
draft model", "de rascunho", or right after "draft model", "modelo rascunho", "draft:". "Draft" alone names a
document as often as a model ("um draft da proposta", "draft a proposal for the llama 70b"): no model name
touches it there, and it is left alone. The words are in sizing/data/vocabulary/ ([speculative]).
"""

from __future__ import annotations

import json
import re

from . import regexes
from .catalog import Catalog, normalize
from .names import family_words, name_index, release_index, resolve_model
from .vocabulary import alternation, load_vocabulary

VOCAB = load_vocabulary()
_W = VOCAB.pattern
MOST_WORDS = 6  # words a model's name can take: "deepseek r1 distill qwen 1.5b"

_DRAFT = _W("speculative.draft")
_AS = _W("speculative.as")
_ARTICLE = _W("speculative.article")
_MODEL_WORD = r"(?:model|modelo)"
# "como draft", "as the draft model", "de rascunho", "como modelo de rascunho": the model said before it, or
# ("usando como draft o llama 1b") after it.
AS_DRAFT = regexes.compile(
    rf"\b{_AS}\s+(?:{_ARTICLE}\s+)?(?:{_MODEL_WORD}\s+)?{_DRAFT}(?:\s+{_MODEL_WORD})?\b"
)
# "draft model qwen2.5 0.5b", "modelo rascunho X", "draft: llama 1b", "draft=llama-3.2-1b"; and, the model
# before it, "a llama 3.2 1b draft model".
DRAFT_WORD = regexes.compile(rf"\b{_DRAFT}\b")
# "com um modelo draft", "with a draft model": a draft model said without its name (the catalogue's smallest
# with the same vocabulary is sized, and the answer says so). "Draft" alone is no model.
NAMED_DRAFT = regexes.compile(
    rf"\b(?:{_MODEL_WORD}\s+(?:de\s+)?{_DRAFT}|{_DRAFT}\s+{_MODEL_WORD}|drafter|speculator)\b"
)
# "speculative decoding com o llama 3.2 1b": the model right after is the draft.
DECODING = regexes.compile(rf"\b{_W('speculative.decoding')}\b")
DECODING_WITH = regexes.compile(rf"\s+(?:com|with|usando|using|via)\s+(?:{_ARTICLE}\s+)?")
# "e sem speculative decoding?", "without the draft": off, in a thread.
OFF = regexes.compile(
    rf"\b{_W('speculative.off')}\s+(?:{_ARTICLE}\s+)?(?:{_W('speculative.decoding')}|{_DRAFT})\b"
)
METHODS = [
    ("eagle3", regexes.compile(rf"\b{_W('speculative.eagle3')}\b")),
    # Not "eagle 7b" (RWKV's Eagle 7B is a model) nor "eagle 3" (EAGLE-3, above).
    ("eagle", regexes.compile(rf"\b{_W('speculative.eagle')}\b(?![\s-]*(?:3\b|\d+(?:\.\d+)?[bm]\b))")),
    ("mtp", regexes.compile(rf"\b{_W('speculative.mtp')}\b")),
    ("ngram", regexes.compile(rf"\b{_W('speculative.ngram')}\b")),
]
# Only questions with one of these pieces are read further (most have none).
# "spec decode", "spec-dec": the list's short forms too (they had been "Not understood: spec, decoding")
_TRIGGERS = regexes.compile(
    r"draft|rascunh|specul|especul|eagle|mtp|nextn|gram|lookup|multi.?token|multiplos|\bspec\b|spec-dec"
)

_WORD = regexes.compile(r"[a-z0-9]+(?:[._+/:-][a-z0-9]+)*")
_SPACES = regexes.compile(r"[ \t]*")
_SIZE = regexes.compile(r"\d+(?:[.,]\d+)?[bm]")
_SIZED = regexes.compile(r"(?<![a-z0-9])\d+(?:\.\d+)?[bm](?![a-z0-9])")
_VERSION = regexes.compile(r"v?\d+(?:\.\d+)*")
_REPO = regexes.compile(r"[a-z0-9][\w.-]*/[a-z0-9][\w.-]*")
# A precision said with the draft: "llama 3.2 1b em fp8 como draft", "draft model qwen 0.5b 4bit".
_PRECISION = r"(?:\d{1,2}[\s-]?bits?|fp\d{1,2}|bf16|fp16|int[48]|nf4|awq|gptq|mxfp4|q\d_k(?:_[sml])?|q\d_0)"
PRECISION_AFTER = regexes.compile(rf"(?:\s+(?:em|in|at|a|no|na)\s+|\s+)({_PRECISION})\b")
PRECISION_BEFORE = regexes.compile(rf"(?:\s+(?:em|in|at|a|no|na)\s+|\s+)({_PRECISION})\s*$")
_ARTICLE_AFTER = regexes.compile(rf"\s*(?:[:=]\s*)?(?:{_ARTICLE}\s+)?")
_BARE_AFTER = regexes.compile(
    r"\s*(?:[:=]\s*|(?:do|da|de|of)\s+(?:(?:o|a|the)\s+)?)?"
)  # "com draft do llama 3.2 1b"
# After a draft word with the model before it ("a llama 3.2 1b draft"), the sentence goes on or ends: not
# "llama 70b draft proposal". A dash starts the next clause as a comma does ("w/ 8b draft - how much extra
# mem?", Slack's way of adding a question).
_ADJECTIVE_END = regexes.compile(
    rf"\s*(?:$|[,.;:!?)]|\s[-–—]\s|\s(?:{_MODEL_WORD}|for|para|com|with|and|e|to)\b)"
)


def take(scan, catalog: Catalog) -> None:
    """Reads speculative decoding from the scan's working text (query._Scan), blanking what it takes:
    found["speculative"] (a method, "auto", "off"), found["draft_model"] with found["draft_precision"], and
    found["draft_alone"] when a draft model is named and no other model is (the question lacks the model it
    would speed up)."""
    if scan.search(_TRIGGERS) is None:  # tested by the scan's prefilter first: in nearly no question (~3 us)
        return
    scan.take(OFF, "speculative", lambda m: "off")
    _draft(scan, catalog)
    if "draft_model" not in scan.found:
        scan.take(NAMED_DRAFT, "spec_method", lambda m: "draft_model")
    for method, pattern in METHODS:
        scan.take(pattern, "spec_method", lambda m, method=method: method)
    scan.take(DECODING, "spec_words", lambda m: "auto")


def _draft(scan, catalog: Catalog) -> None:
    for m in list(AS_DRAFT.finditer(scan.work)):
        if _taken(scan, m.start(), m.end()):
            continue
        # "usando como draft o llama 1b": the model after; else the model before ("o llama 1b como draft").
        if _after(scan, catalog, m, _ARTICLE_AFTER, strong=True) or _before(scan, catalog, m, strong=True):
            return
    for m in list(DRAFT_WORD.finditer(scan.work)):
        if _taken(scan, m.start(), m.end()):
            continue
        strong = bool(re.search(_MODEL_WORD, m.group(0))) or m.group(0) in ("drafter", "speculator")
        if _after(scan, catalog, m, _BARE_AFTER, strong):
            return
        if _ADJECTIVE_END.match(scan.work, m.end()) and _before(scan, catalog, m, strong):
            return
    for m in list(DECODING.finditer(scan.work)):
        joint = DECODING_WITH.match(scan.work, m.end())
        if joint is not None and _after(scan, catalog, m, None, strong=False, start=joint.end()):
            # Only the joint and the model: the decoding words are read as such afterwards.
            return


def name_after(scan, catalog: Catalog, at: int) -> tuple[int, int, str] | None:
    """(start, end, name) of the model named right after `at`, or None (sizing/distillation_query.py)."""
    return _longest(scan, catalog, _words(scan, at, forward=True), forward=True)


def name_before(scan, catalog: Catalog, at: int) -> tuple[int, int, str] | None:
    """(start, end, name) of the model named right before `at`, or None."""
    return _longest(scan, catalog, _words(scan, at, forward=False), forward=False)


def _taken(scan, start: int, end: int) -> bool:
    return bool(scan.taken.intersection(range(start, end)))


def _after(scan, catalog: Catalog, cue: re.Match, joint, strong: bool, start: int | None = None) -> bool:
    """A model right after the cue: the draft."""
    if start is None:
        start = joint.match(scan.work, cue.end()).end()
    words = _words(scan, start, forward=True)
    found = _longest(scan, catalog, words, forward=True)
    if found is None:
        return False
    name_start, end, name = found
    precision = PRECISION_AFTER.match(scan.work, end)
    if precision is not None:
        end = precision.end()
    span_start = cue.start() if joint is not None else name_start
    return _record(scan, catalog, span_start, end, name, precision, strong, (name_start, found[1]))


def _before(scan, catalog: Catalog, cue: re.Match, strong: bool) -> bool:
    """A model right before the cue (a precision may sit between them): the draft."""
    head = scan.work[: cue.start()]
    precision = PRECISION_BEFORE.search(head)
    end = precision.start() if precision is not None else len(head.rstrip())
    words = _words(scan, end, forward=False)
    found = _longest(scan, catalog, words, forward=False)
    if found is None:
        return False
    start, _, name = found
    return _record(scan, catalog, start, cue.end(), name, precision, strong, (start, found[1]))


def _words(scan, at: int, forward: bool) -> list[re.Match]:
    """Up to MOST_WORDS words from `at` on (or ending at `at`, backwards), joined by spaces only and not
    yet read: a comma or a word read as something else ends a name."""
    if forward:
        out: list[re.Match] = []
        pos = at
        for _ in range(MOST_WORDS):
            m = _WORD.match(scan.work, _SPACES.match(scan.work, pos).end())
            if m is None or _taken(scan, pos, m.end()):
                break
            out.append(m)
            pos = m.end()
        return out
    matches = [m for m in _WORD.finditer(scan.work, 0, at) if m.end() <= at]
    out = []
    edge = at
    for m in reversed(matches):
        if scan.work[m.end() : edge].strip() or _taken(scan, m.start(), edge):
            break
        out.append(m)
        edge = m.start()
        if len(out) == MOST_WORDS:
            break
    return out


def _longest(scan, catalog: Catalog, words: list[re.Match], forward: bool):
    """(start, end, name) of the longest run of `words` (from the cue outwards) that names a model."""
    for n in range(len(words), 0, -1):
        run = words[:n]
        start, end = (run[0].start(), run[-1].end()) if forward else (run[-1].start(), run[0].end())
        name = model_name(scan.work[start:end], scan.original[start:end], catalog)
        if name is not None:
            return start, end, name
    return None


def model_name(plain: str, typed: str, catalog: Catalog) -> str | None:
    """What `plain` names, when it is a model's name: a catalogue name (its id), a published repo or any
    owner/name repo, a family or a name with a size ("qwen 0.5b", "llama-3.2-1b-instruct", "1b"), as typed;
    None for other words ("proposta", "the sizing")."""
    key = normalize(plain)
    if not key:
        return None
    entry = name_index(catalog.models).get(key)
    if entry is not None:
        return entry.id  # type: ignore[attr-defined]
    if key in release_index(catalog.models) or (_REPO.fullmatch(plain) and "/" in plain):
        return typed.strip()
    words = plain.split()
    if not _SIZED.search(plain):
        return None
    families = family_words(catalog)
    if len(words) > 1 and not all(
        _SIZE.fullmatch(w) or _VERSION.fullmatch(w) or w in families or normalize(w) in families
        for w in words
    ):
        return None
    try:
        resolve_model(typed.strip(), catalog)
    except Exception:  # a SizingError: not a name this reader can size
        return None
    return typed.strip()


def _record(scan, catalog, start: int, end: int, name: str, precision, strong: bool, name_span) -> bool:
    """Takes the draft, unless it is the only model in the question and only "draft" alone said so (a
    document's draft, not a model's)."""
    alone = not _other_model(scan, catalog, *name_span)
    if alone and not strong:
        return False
    typed = scan.original[name_span[0] : name_span[1]].strip()
    scan.found.setdefault("draft_model", []).append((name, typed))
    if precision is not None:
        scan.found.setdefault("draft_precision", []).append((precision.group(1), precision.group(1)))
    if alone:
        scan.found.setdefault("draft_alone", []).append((name, typed))
    scan.blank(start, end)
    return True


def _other_model(scan, catalog: Catalog, start: int, end: int) -> bool:
    """Whether the text names a model outside [start, end): a catalogue name, a repo, or a size."""
    rest = scan.work[:start] + " " * (end - start) + scan.work[end:]
    words = [m for m in _WORD.finditer(rest) if not _taken(scan, m.start(), m.end())]
    index = name_index(catalog.models)
    for i in range(len(words)):
        if _SIZED.search(words[i].group(0)) or "/" in words[i].group(0):
            return True
        for n in range(1, MOST_WORDS + 1):
            if i + n > len(words):
                break
            if normalize(rest[words[i].start() : words[i + n - 1].end()]) in index:
                return True
    return False


# -- launch lines -------------------------------------------------------------------------------------

# vLLM: --speculative-config '{"method": "eagle3", "model": "...", "num_speculative_tokens": 3}' (also
# --speculative_config, and -sc); the older --speculative-model NAME.
_SPEC_CONFIG = regexes.compile(r"(?<![\w-])(?:--speculative[-_]config|-sc)(?:=|\s+)(['\"]?)(\{.*?\})\1", re.I)
_SPEC_MODEL = regexes.compile(r"(?<![\w-])--speculative[-_]model(?:=|\s+)(\S+)", re.I)
# SGLang: --speculative-algorithm EAGLE3 --speculative-draft-model-path NAME (STANDALONE: a draft model).
_SGLANG_ALGORITHM = regexes.compile(r"(?<![\w-])--speculative[-_]algorithm(?:=|\s+)(\S+)", re.I)
_SGLANG_DRAFT = regexes.compile(r"(?<![\w-])--speculative[-_]draft[-_]model(?:[-_]path)?(?:=|\s+)(\S+)", re.I)
# llama.cpp's server: -md / --model-draft FILE.gguf.
_LLAMA_DRAFT = regexes.compile(r"(?<![\w-])(?:-md|--model-draft)(?:=|\s+)(\S+)", re.I)
_KEY = regexes.compile(r"[\"']?(method|model)[\"']?\s*:\s*[\"']([^\"']+)[\"']", re.I)
# A method's name as engines spell it, in the words `take` reads.
_METHOD_WORDS = {
    "eagle": "eagle",
    "eagle3": "eagle-3",
    "mtp": "mtp",
    "nextn": "mtp",
    "ngram": "n-gram",
    "draft_model": None,
    "standalone": None,
}


def launch_flags(text: str) -> str:
    """A serving engine's speculative-decoding flags, rewritten in the words `take` reads ("draft model X",
    "eagle-3", "mtp", "n-gram"), before the launch line's other flags are read (sizing/query.py launch_line):
    the JSON of --speculative-config holds spaces and quotes that line does not take apart."""
    if "spec" not in text.lower() and "-md" not in text and "model-draft" not in text.lower():
        return text

    def words(method: str | None, model: str | None) -> str:
        key = (method or "").lower().replace("-", "_")
        if key.endswith("_mtp") or key == "mtp":
            key = "mtp"
        spoken = _METHOD_WORDS.get(key, "speculative decoding") if key else None
        if spoken is not None and key not in ("draft_model", "standalone"):
            return f" {spoken} "  # an EAGLE head's repo is sized from the served model's shape
        return f" draft model {model} " if model else " speculative decoding "

    def config(m: re.Match) -> str:
        found = {k.lower(): v for k, v in _KEY.findall(m.group(2))}
        if not found:
            try:
                found = {k: v for k, v in json.loads(m.group(2)).items() if isinstance(v, str)}
            except (ValueError, AttributeError):
                found = {}
        return words(found.get("method"), found.get("model"))

    text = _SPEC_CONFIG.sub(config, text)
    text = _SPEC_MODEL.sub(lambda m: f" draft model {m.group(1)} ", text)
    algorithm = _SGLANG_ALGORITHM.search(text)
    method = algorithm.group(1) if algorithm else None
    if algorithm is not None:
        text = _SGLANG_ALGORITHM.sub(" ", text)
    draft = _SGLANG_DRAFT.search(text)
    if draft is not None:
        text = _SGLANG_DRAFT.sub(" ", text)
    if algorithm is not None or draft is not None:
        text += words(method, draft.group(1) if draft else None)
    return _LLAMA_DRAFT.sub(lambda m: f" draft model {m.group(1)} ", text)


__all__ = ["alternation", "launch_flags", "model_name", "take"]
