"""Turning the names people type into catalogue entries: models (or bare sizes), GPUs and precisions."""

from __future__ import annotations

import difflib
import heapq
import math
import re
from collections import Counter
from pathlib import Path

import msgspec

from . import regexes
from .architecture import updated
from .catalog import (
    EXL2_MAX_BPW,
    EXL2_MIN_BPW,
    GPU,
    Budget,
    Catalog,
    KVPrecision,
    ModelEntry,
    Precision,
    Release,
    Stack,
    derived_models,
    exl2_bpw_of_id,
    exl2_id,
    kept_index,
    normalize,
)
from .errors import SizingError

# Sizes beyond any model ever trained are typos or jokes, not workloads (the largest open models are ~1T).
MAX_PARAMS = 5e12
MIN_PARAMS = 1e7
# A bare size is served as it is by a reference model from 3% under it (official sizes are rounded names:
# gpt-oss-120b holds 116.8B) to 10% over it; otherwise a reference model gets as many layers as reach the
# size. A smaller model never stands in: that would undersize the hardware.
SAME_SIZE = 1.10
ROUNDED_NAME = 0.97

_SIZE = r"(\d+(?:[.,]\d+)?)\s*([bmt])"
DENSE_SIZE = regexes.compile(rf"^{_SIZE}$")
MOE_EXPERTS = regexes.compile(r"^(\d+)\s*x\s*(\d+(?:[.,]\d+)?)\s*b$")
MOE_ACTIVE = regexes.compile(rf"^{_SIZE}\s*-?\s*a\s*(\d+(?:[.,]\d+)?)\s*b$")
UNITS = {"m": 1e6, "b": 1e9, "t": 1e12}


class ResolvedModel(msgspec.Struct, frozen=True):
    model: ModelEntry
    # Set when the user gave a bare size ("70b", "8x7b"): what they typed, so the answer can say which
    # real architecture stands in for it.
    typed_size: str | None = None
    # What the answer must say about how the name became this model: (message key under "assume.", params).
    notes: tuple[tuple[str, dict], ...] = ()
    # Where the architecture came from: "catalog", "release", "hub", "name" (a repo read by its name only),
    # "family" (a family and a size), "size" (a bare size) or "pasted" (a config.json or its keys pasted in the
    # question).
    source: str = "catalog"


class ModelSource(msgspec.Struct, frozen=True):
    """What a reader of the model's own files (the Hub reader, outside the engine) found for a repo: the
    architecture and checkpoint, or why it could not read them. The engine only consumes it."""

    repo: str
    model: ModelEntry | None = None
    # Why the files could not be read: off (switched off), timeout, gated, not_found, offline, unsupported.
    problem: str | None = None
    detail: str = ""  # unsupported: why, a message hub_unsupported.<detail> worded in the answer's language
    detail_params: dict[str, str] = {}

    @property
    def key(self) -> str:
        """What distinguishes two sources for the answer cache."""
        body = msgspec.json.encode(self.model).decode() if self.model is not None else ""
        return f"{self.repo}|{self.problem}|{self.detail}|{sorted(self.detail_params.items())}|{body}"


HUB_PROBLEMS = ("off", "timeout", "gated", "not_found", "offline", "unsupported", "no_config")


_INDEXES: dict[int, tuple[object, dict]] = {}


def name_index(items) -> dict[str, object]:
    """Normalized names -> entries, built once per list of entries (the catalogue is loaded once)."""
    cached = _INDEXES.get(id(items))
    if cached and cached[0] is items:
        return cached[1]
    index = _build_index(items)
    _INDEXES[id(items)] = (items, index)
    return index


def _build_index(items) -> dict[str, object]:
    # A model's derivatives answer to their own names ("qwq", "deepseek-r1-distill-llama-8b").
    derived = derived_models(items).values() if items and isinstance(items[0], ModelEntry) else ()
    entries = (*items, *derived)
    # Kept as positions in `entries` (the entries themselves come from the kept catalogue): catalog.py.
    positions = kept_index(items, "names", lambda: _name_positions(entries), _SOURCES)
    return {name: entries[at] for name, at in positions.items()}


# The modules whose code works the indexes out, with sizing/catalog.py (part of the kept catalogue's key).
_SOURCES = tuple(Path(__file__).with_name(name) for name in ("names.py", "query.py", "vocabulary.py"))


def _name_positions(entries) -> dict[str, int]:
    positions = {}
    for at, item in enumerate(entries):
        for name in (item.id, item.name, *item.aliases, *getattr(item, "hf_repos", [])):
            positions[normalize(name)] = at
    return positions


_RELEASES: dict[int, tuple[object, dict]] = {}


def release_index(models) -> dict[str, tuple[ModelEntry, Release]]:
    """Normalized repo names of published checkpoints -> (model, release); also by the repo's own name."""
    cached = _RELEASES.get(id(models))
    if cached and cached[0] is models:
        return cached[1]
    index: dict[str, tuple[ModelEntry, Release]] = {}
    for m in models:
        for r in m.releases:
            index.setdefault(normalize(r.repo), (m, r))
            index.setdefault(normalize(r.repo.rsplit("/", 1)[-1]), (m, r))
    _RELEASES[id(models)] = (models, index)
    return index


def with_release(model: ModelEntry, release: Release) -> ModelEntry:
    """The model as that checkpoint ships it: its own precision by default, its exact weight bytes."""
    own = release.repo.rsplit("/", 1)[-1]
    # "DeepSeek V3 (DeepSeek-V3)" says nothing the name did not: the repo's name only when it differs
    name = (
        model.name
        if normalize(own) in {normalize(model.name), normalize(model.id)}
        else f"{model.name} ({own})"
    )
    return updated(model, release=release, native_precision=release.precision, name=name)


# Each list of names _suggest offers (the catalogue's models, GPUs, precisions...), by the list's id, with the
# list kept so that its id is not reused: the normalized names by their length, each with its characters
# counted, worked out once, not for each name not understood (~1,100 names of models normalized each time).
_SUGGESTABLE: dict[int, tuple[object, dict[str, str], dict[int, list[tuple[str, tuple]]]]] = {}
_SUGGEST_CUTOFF = 0.6
_SUGGESTED = 6  # the closest names looked at, of which the first three distinct entries are offered


def _suggestable(items) -> tuple[dict[str, str], dict[int, list[tuple[str, tuple]]]]:
    kept = _SUGGESTABLE.get(id(items))
    if kept is None or kept[0] is not items:
        keyed = {normalize(n): item.name for item in items for n in (item.id, item.name, *item.aliases)}
        by_length: dict[int, list[tuple[str, tuple]]] = {}
        for key in keyed:
            by_length.setdefault(len(key), []).append((key, tuple(Counter(key).items())))
        kept = _SUGGESTABLE[id(items)] = (items, keyed, by_length)
    return kept[1], kept[2]


def _close_names(word: str, by_length: dict[int, list[tuple[str, tuple]]]) -> list[str]:
    """What difflib.get_close_matches(word, names, n=6, cutoff=0.6) gives, in its order, in fewer steps.
    Its three tests of a name bound one another (SequenceMatcher: real_quick_ratio >= quick_ratio >= ratio, each
    2 * matches / (len(a) + len(b)) with fewer matches), so: the first, by the lengths alone, is made once per
    length; the second, the characters in common counted as a multiset, from each name's counts, kept; the
    third, the costly one, in the order of the second's bound, and no more once six names passed it that no
    name left can outrank (its bound below the sixth's score: at a tie the name would rank them). A name
    understood by none of the catalogue's names had cost ~2-5 ms of difflib's steps over all of them."""
    lb = len(word)
    wanted = Counter(word)
    bounded = []
    for la, names in by_length.items():
        total = la + lb
        if (2.0 * min(la, lb) / total if total else 1.0) < _SUGGEST_CUTOFF:
            continue
        for name, counted in names:
            matches = 0
            for char, count in counted:
                other = wanted.get(char)
                if other:
                    matches += count if count < other else other
            bound = 2.0 * matches / total if total else 1.0
            if bound >= _SUGGEST_CUTOFF:
                bounded.append((bound, name))
    bounded.sort(reverse=True)
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(word)
    found: list[tuple[float, str]] = []
    for bound, name in bounded:
        if len(found) >= _SUGGESTED and bound < heapq.nlargest(_SUGGESTED, found)[-1][0]:
            break
        matcher.set_seq1(name)
        score = matcher.ratio()
        if score >= _SUGGEST_CUTOFF:
            found.append((score, name))
    return [name for _, name in heapq.nlargest(_SUGGESTED, found)]


def _suggest(text: str, items, kind: str, hint: str):
    keyed, by_length = _suggestable(items)
    close = _close_names(normalize(text), by_length)
    suggestions = ", ".join(list(dict.fromkeys(keyed[c] for c in close))[:3])
    if suggestions:
        return SizingError(f"unknown_{kind}_suggest", hint, name=text, suggestions=suggestions)
    return SizingError(f"unknown_{kind}", hint, name=text)


def parse_size(text: str) -> float | None:
    m = DENSE_SIZE.match(text.strip().lower())
    if not m:
        return None
    return float(m.group(1).replace(",", ".")) * UNITS[m.group(2)]


def _check_size(params: float, text: str) -> None:
    if not MIN_PARAMS <= params <= MAX_PARAMS:
        raise SizingError("absurd_size", "model_examples", size=text)


def resolve_model(text: str, catalog: Catalog, source: ModelSource | None = None) -> ResolvedModel:
    """A model name, repo, family with a size ("qwen 235b") or bare size ("70b") -> an architecture.

    The catalogue answers for every name it knows (its models, their repos and official releases). A repo it
    does not know is read by its name: its quantization suffix sets the precision, and its base model or its
    family stands in, said so. Reading the repo's own files is the Hub reader's job (outside the engine)."""
    key = normalize(text)
    if not key:
        raise SizingError("missing_model", "model_examples")
    if source is not None and source.model is not None:
        if source.repo.startswith("pasted/config-"):  # a config.json pasted into the question (hub/pasted.py)
            note = ("pasted_config", {"name": source.model.name})
        elif source.repo.startswith("pasted/keys-"):  # a named model's keys changed in the question
            note = ("pasted_keys", {"name": source.model.name})
        else:
            note = ("hub_read" if source.model.release else "hub_read_config", {"repo": source.repo})
        notes = (note,)
        pasted = source.repo.startswith(("pasted/config-", "pasted/keys-"))
        if (
            source.model.assumed_keys
        ):  # what a pasted config or a repo's config.json lacked, and the value taken
            key = "pasted_assumed" if pasted else "hub_assumed"
            notes += ((key, {"keys": ", ".join(source.model.assumed_keys)}),)
        return ResolvedModel(source.model, notes=notes, source="pasted" if pasted else "hub")
    if source is not None and source.problem:
        # The Hub read the config.json and says why it cannot size it ("unsupported"): a stand-in said with
        # that reason. A name the catalogue knows it lacks is refused, read (with the reader's reason) or not.
        read = source.problem == "unsupported"
        try:
            resolved = _resolve_offline(text, key, catalog)
        except SizingError as e:
            if e.key == "query.uncatalogued" and read and source.detail:
                # A model the catalogue knows it lacks, whose own files the reader refused: why, never a stand-in
                # of its family ("moonshotai/Kimi-Linear-48B-A3B-Instruct" had been sized as Kimi K2.5).
                raise SizingError("query.uncatalogued_unreadable", e.hint_key, **e.params, hub_why=source.detail,
                                  hub_why_params=dict(source.detail_params)) from None  # fmt: skip
            if e.key in ("query.exl2_width", "query.uncatalogued"):
                raise  # the name's own EXL2 width is out of range, or a model the catalogue knows it lacks
            if source.problem == "unsupported" and source.detail:
                # Why the files could not be read, worded in the answer's language (errors.with_why).
                raise SizingError("repo.unreadable_unsupported_why", "model_examples", name=text,
                                  hub_why=source.detail, hub_why_params=dict(source.detail_params)) from None  # fmt: skip
            raise SizingError(f"repo.unreadable_{source.problem}", "model_examples", name=text) from None
        why = (
            f"hub_problem_{source.problem}",
            {"repo": source.repo, "detail": source.detail, "detail_params": source.detail_params},
        )
        return ResolvedModel(resolved.model, resolved.typed_size, (why, *resolved.notes), resolved.source)
    return _resolve_offline(text, key, catalog)


# The size a name ends with, as a word of its own ("gemma 3 1b", "llama-3.2-1b").
_SIZE_TAIL = regexes.compile(r"(?:^|[\s_-])(\d+(?:\.\d+)?b)$")


def same_size_word(item, key: str, typed: str) -> bool:
    """Whether a name typed with a size at its end ("gemma 31b") ends with the size of a name of the model it
    matched: names ignore spaces, so "gemma 31b" and "gemma 3 1b" are one key, and only one of them says 1B."""
    tail = _SIZE_TAIL.search(typed.strip().lower())
    if tail is None:
        return True
    names = [n for n in (item.name, *item.aliases, *getattr(item, "hf_repos", ())) if normalize(n) == key]
    ends = [m.group(1) for n in names if (m := _SIZE_TAIL.search(n.lower().split("/")[-1]))]
    return not ends or tail.group(1) in ends


def _resolve_offline(text: str, key: str, catalog: Catalog) -> ResolvedModel:
    found = release_index(catalog.models).get(key) if "/" in text else None
    if found:
        return ResolvedModel(with_release(*found), source="release")
    found = name_index(catalog.models).get(key)
    if found and same_size_word(found, key, text):
        return ResolvedModel(found)  # type: ignore[arg-type]
    found = release_index(catalog.models).get(key)
    if found:
        return ResolvedModel(with_release(*found), source="release")
    raw = text.strip().lower()
    if (size := parse_size(raw)) is not None:
        _check_size(size, text)
        return ResolvedModel(_stand_in(size, catalog), typed_size=raw, source="size")
    if m := MOE_EXPERTS.match(raw):
        experts, each = int(m.group(1)), float(m.group(2).replace(",", ".")) * 1e9
        if experts < 2:
            raise SizingError("absurd_size", "model_examples", size=text)
        # "8x7b" names experts of ~7B; the shared attention makes the real total smaller (Mixtral: 46.7B).
        _check_size(experts * each, text)
        return ResolvedModel(
            _moe_stand_in(experts * each, None, experts, catalog), typed_size=raw, source="size"
        )
    if m := MOE_ACTIVE.match(raw):
        total = float(m.group(1).replace(",", ".")) * UNITS[m.group(2)]
        active = float(m.group(3).replace(",", ".")) * 1e9
        _check_size(total, text)
        if active > total:
            raise SizingError("active_exceeds_total", "model_examples", size=text)
        return ResolvedModel(_moe_stand_in(total, active, None, catalog), typed_size=raw, source="size")
    if m := FAMILY_SIZE.match(raw):
        word, size = normalize(m.group(1)), m.group(2).replace(" ", "")
        if word in _families(catalog):
            return _family_model(word, size, text.strip(), catalog)
    if "/" in text or REPO_LIKE.match(raw):
        resolved = resolve_repo_name(text.strip(), catalog)
        if resolved is not None:
            return resolved
    # A name is asked again with its size; a file or a repo id is no name to append a size to.
    file_or_repo = "/" in text or re.search(r"\.(?:gguf|safetensors|bin)\b", text, re.IGNORECASE)
    raise _suggest(
        text, catalog.all_models, "model", "model_examples" if file_or_repo else "unknown_model_how"
    )


# -- repository names, read without the network ---------------------------------------------------------

# Quantization suffixes of repo names, checked at the end of the name (several may stack, as in
# "-Instruct-GPTQ-Int4"): the precision each one means. Names as Qwen, Meta, unsloth, TheBloke,
# neuralmagic / RedHatAI, mlx-community and bartowski publish them on the Hub.
QUANT_SUFFIXES: list[tuple[re.Pattern, str]] = [
    (regexes.compile(r"[-_.]gptq[-_.]?int8$|[-_.]gptq[-_.]8bit$"), "int8"),
    (regexes.compile(r"[-_.]gptq(?:[-_.]?int4|[-_.]4bit)?$"), "int4"),
    (regexes.compile(r"[-_.]awq(?:[-_.]?int4|[-_.]4bit)?$"), "int4"),
    (regexes.compile(r"[-_.](?:unsloth[-_.])?bnb[-_.]4bit$"), "nf4"),
    (regexes.compile(r"[-_.]bnb[-_.]8bit$"), "int8"),
    (regexes.compile(r"[-_.]w8a8[-_.]fp8$|[-_.]fp8(?:[-_.](?:dynamic|static|block|e4m3))?$"), "fp8"),
    (regexes.compile(r"[-_.]w4a16(?:[-_.]g128)?$|[-_.]int4$|[-_.]4bit$"), "int4"),
    (regexes.compile(r"[-_.]w8a8$|[-_.]w8a16$|[-_.]int8$|[-_.]8bit$"), "int8"),
    (regexes.compile(r"[-_.]mxfp4$"), "mxfp4"),
    (regexes.compile(r"[-_.]nvfp4$|[-_.]fp4$"), "nvfp4"),
    (regexes.compile(r"[-_.]gguf$"), "gguf"),
    # Google's quantization-aware releases (Gemma 3 QAT) are published for llama.cpp as Q4_0.
    (regexes.compile(r"[-_.]qat(?:[-_.]q4[-_.]?0)?$|[-_.]q4[-_.]0$"), "q4_0"),
]
# Tails that name a variant of the same weights' shape (chat tuning, the Hub's -hf conversion, dates).
VARIANT_TAILS = regexes.compile(
    r"(?:[-_.](?:instruct|chat|it|hf|base|pt|sft|dpo|thinking|reasoning|turbo|v\d+(?:\.\d+)*))+$"
)
# A repo's own name typed without its owner: words joined by at least two separators ("Magistral-Small-2509").
REPO_LIKE = regexes.compile(r"^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+){2,}$")
# "qwen 235b", "llama 13b", "qwen 80b-a3b", "mixtral 8x22b": a family word and a size.
FAMILY_SIZE = regexes.compile(
    r"^([a-z][a-z0-9]*?)\s+((?:\d+\s*x\s*)?\d+(?:[.,]\d+)?\s*[bmt](?:\s*-?\s*a\s*\d+(?:[.,]\d+)?\s*b)?)$"
)
_NAME_SIZE = regexes.compile(
    r"(?<![a-z0-9])(\d+x\d+(?:\.\d+)?b|\d+(?:\.\d+)?b(?:-a\d+(?:\.\d+)?b)?)(?![a-z0-9])"
)
GGUF_TYPE = regexes.compile(r":([a-z0-9_]+)$")
# An EXL2 repo's width in bits per weight, as quantizers name them on the Hub: "-exl2_6_5" (turboderp's),
# "-6.5bpw-exl2", "_4.65bpw_exl2", "-exl2-4.0bpw", "-4.65bpw-h6-exl2" (h6: the head's bits, not the width).
EXL2_REPO_WIDTH = regexes.compile(
    r"[-_.]exl2[-_.](\d)[_.](\d{1,3})$"
    r"|[-_.](\d(?:\.\d{1,3})?)[-_.]?bpw(?:[-_.]h\d)?[-_.]exl2$"
    r"|[-_.]exl2[-_.](\d(?:\.\d{1,3})?)[-_.]?bpw(?:[-_.]h\d)?$"
)


def repo_precision(name: str) -> tuple[str, str | None]:
    """A repo name without its quantization suffixes, and the precision they name (None: 16-bit or unsaid).
    "gguf" means a llama.cpp file whose type the name alone may not say."""
    base = name.strip().lower()
    width = EXL2_REPO_WIDTH.search(base)
    if width and width.start() > 0:
        whole, fraction, bpw = width.group(1), width.group(2), width.group(3) or width.group(4)
        bits = float(f"{whole}.{fraction}" if whole else bpw)
        if not EXL2_MIN_BPW <= bits <= EXL2_MAX_BPW:
            # Refused as a typed width is (sizing/query.py _exl2_width), never sized at 16 bits unsaid.
            raise SizingError("query.exl2_width", "query.examples", typed=name.strip()[width.start() + 1 :])
        return base[: width.start()], exl2_id(bits)
    gguf_type = GGUF_TYPE.search(base)
    if gguf_type:
        base = base[: gguf_type.start()]
    precision = None
    changed = True
    while changed:
        changed = False
        for pattern, meaning in QUANT_SUFFIXES:
            m = pattern.search(base)
            if m and m.start() > 0:
                base, changed = base[: m.start()], True
                precision = meaning if precision in (None, "gguf") else precision  # "-q4_0-gguf": Q4_0
                break
    if gguf_type:
        precision = gguf_type.group(1)
    return base, precision


def resolve_repo_name(repo: str, catalog: Catalog) -> ResolvedModel | None:
    """A repo the catalogue does not list, by its name alone: its base model when the catalogue knows it,
    else the closest model of its family; None when the name says neither. A model the catalogue knows it
    does not size ([[uncatalogued]]) is refused, never stood in for by its family."""
    base, precision = repo_precision(repo)
    if precision == "gguf":
        precision = "q4_k_m"  # the file most people take from a GGUF repo; a named type wins (":Q5_K_M")
        note = ("repo_gguf_default", {"repo": repo})
    else:
        note = None
    if (
        precision
        and precision not in {p.id for p in catalog.precisions}
        and exl2_bpw_of_id(precision) is None
    ):
        found_p = name_index(catalog.precisions).get(normalize(precision))
        precision = found_p.id if found_p else None  # type: ignore[union-attr]
    own = base.rsplit("/", 1)[-1]
    index = name_index(catalog.models)
    model, typed_size = None, None
    for candidate in (base, own, VARIANT_TAILS.sub("", own), VARIANT_TAILS.sub("", base)):
        model = index.get(normalize(candidate)) or _by_repo_name(normalize(candidate), catalog)
        if model is not None:
            break
    if model is None:
        _refuse_uncatalogued(base, own, catalog)
    notes: list[tuple[str, dict]] = []
    if model is not None:
        source = "name"
        notes.append(("repo_by_name", {"repo": repo, "model": model.name}))  # type: ignore[union-attr]
    else:
        resolved = _family_from_name(own, repo, catalog)
        if resolved is None:
            return None
        model, source = resolved.model, resolved.source if resolved.source == "size" else "family"
        notes.extend(resolved.notes)
        if resolved.typed_size:
            typed_size = resolved.typed_size
    if note:
        notes.append(note)
    update = {"release": None}
    if precision:
        update["native_precision"] = precision
    return ResolvedModel(
        updated(model, **update),  # type: ignore[arg-type]
        typed_size,
        notes=tuple(notes),
        source=source,
    )


# The words of a name, split where a hyphen, an underscore or a space joins them ("llama3.1" stays one word).
_NAME_WORDS = regexes.compile(r"[\s_-]+")
_LETTERS = regexes.compile(r"[a-z]+")


def base_in_name(name: str, catalog: Catalog) -> ModelEntry | None:
    """The catalogue model a fine-tune's name ends with, its name, version and size as the base's own names
    write them ("dolphin-2.9-llama3-8b" is Llama 3 8B, "Hermes-2-Pro-Llama-3-8B" too; a variant tail such as
    "-instruct" aside): the version said is kept, never the family's newest model of that size (both had been
    Llama 3.1 8B). The base need not be a family's word: "Nous-Hermes-2-Yi-34B" is Yi 34B, not a Hermes scaled
    to 34B, and "dolphin-2.9.1-yi-1.5-34b" Yi-1.5 34B, not a stand-in of that size. A name that puts its own
    words after the base's size ("Llama-3-8B-Lexi-Uncensored") is the base its words up to that size name (it
    had been Llama 3.1 8B), a version after that size included ("mistral-7b-instruct-v0.1-pt" is v0.1), and one
    that puts them between the version and the size ("Llama-3-SauerkrautLM-8b") keeps that version. A name
    with no version is the one its fine-tunes are built on (`fine_tune_names`: "dolphin-2.6-mistral-7b" is
    Mistral 7B v0.1). None when no such part of the name, from a word starting with a letter, is a catalogue
    name."""
    found = _base_span(name, catalog)
    return found[0] if found else None


def unversioned_base(name: str, catalog: Catalog) -> str | None:
    """The words of a fine-tune's name that gave its base by `fine_tune_names` (no version written: "mistral
    7b"), so that the answer says which version was taken; None when the name gave it otherwise."""
    found = _base_span(name, catalog)
    return found[1] if found and found[2] else None


def _fine_tune_index(catalog: Catalog) -> dict[str, ModelEntry]:
    return {normalize(n): m for m in catalog.models for n in m.fine_tune_names}


# A version or release written after a base's size ("v0.1", "2407"), part of the base's name.
_AFTER_SIZE = regexes.compile(r"v?\d+(?:\.\d+)*")


def _base_span(name: str, catalog: Catalog) -> tuple[ModelEntry, str, bool] | None:
    words = [w for w in _NAME_WORDS.split(VARIANT_TAILS.sub("", name.lower().rsplit("/", 1)[-1])) if w]
    while words and words[-1] in _VARIANT_WORDS:
        words.pop()
    index, unversioned = name_index(catalog.models), _fine_tune_index(catalog)
    # the whole name ("llama-3-8b" typed before a fine-tune's own words), its tails (the base named last), then
    # the words up to a size inside the name, with the version or variant words right after it first
    spans: list[list[str]] = [words] + [words[start:] for start in range(1, len(words) - 1)]
    sizes = [j for j in range(1, len(words) - 1) if _NAME_SIZE.fullmatch(words[j])]
    for j in sizes:
        after = j + 1
        while after < len(words) and (words[after] in _VARIANT_WORDS or _AFTER_SIZE.fullmatch(words[after])):
            after += 1
        spans += [words[start:end] for start in range(j) for end in range(after, j, -1)]
    # the fine-tune's own words between its base's family and version and the size ("Llama-3-SauerkrautLM-8b"):
    # words, never a number ("gemma 5 31b" is a version the catalogue lacks, no "gemma 31b")
    last = [len(words) - 1] if len(words) > 2 and _NAME_SIZE.fullmatch(words[-1]) else []
    spans += [
        [*words[start:k], words[j]]
        for j in sizes + last
        for start in range(j)
        for k in range(j - 1, start, -1)
        if all(_LETTERS.match(w) for w in words[k:j])
    ]
    for span in spans:
        if not span or not _LETTERS.match(span[0]):
            continue
        typed = " ".join(span)
        key = normalize(typed)
        if (model := unversioned.get(key)) is not None:
            return model, typed, True
        if (model := index.get(key)) is not None and same_size_word(model, key, typed):
            return model, typed, False  # type: ignore[return-value]
    return None


# Where a name's words part: a hyphen, an underscore or a space (a dot stays inside a version: "v0.1").
_NAME_CUT = regexes.compile(r"[-_ ]")


def versioned_prefix(name: str, index: dict) -> tuple[str, str] | None:
    """ "mistral-7b-instruct-v0.1-pt": the longest start of a name, cut between words, that is a catalogue name
    going past its size (a version or a variant after it: "mistral-7b-instruct-v0.1"), and the words left;
    None when no such start is one. Stripping every variant tail had dropped the version (Mistral 7B v0.3)."""
    size = _NAME_SIZE.search(name.lower())
    if size is None:
        return None
    for cut in reversed([m.start() for m in _NAME_CUT.finditer(name) if m.start() > size.end()]):
        if normalize(name[:cut]) in index:
            return name[:cut], name[cut + 1 :]
    return None


def family_in_name(name: str, catalog: Catalog) -> str | None:
    """The family word a fine-tune's name gives its base by: distills and fine-tunes name their base
    architecture last ("DeepSeek-R1-Distill-Llama-8B" is a Llama, "dolphin-qwen2.5-9b" a Qwen)."""
    families = _families(catalog)
    return next((w for w in reversed(re.findall(r"[a-z]+", name.lower())) if w in families), None)


def _refuse_uncatalogued(base: str, own: str, catalog: Catalog) -> None:
    """A repo the catalogue knows it does not size ([[uncatalogued]]: its repo, or its own name one of the
    entry's names) is refused as the name is, the Hub unread: never another model of its family in its place
    ("meta-llama/Llama-Guard-4-12B" had been sized as Llama 2 13B)."""
    keys = {normalize(own), normalize(VARIANT_TAILS.sub("", own))}
    for entry in catalog.uncatalogued:
        names = {normalize(n) for n in (entry.name, *entry.aliases)}
        if (entry.repo or "").lower() == base.lower() or keys & names:
            similar = [catalog.model(i).name for i in entry.similar]
            raise SizingError("query.uncatalogued", "query.uncatalogued", name=entry.name, size=entry.size,
                              similar=", ".join(similar), example=similar[0], typed=base,
                              why=entry.reason)  # fmt: skip


def _by_repo_name(key: str, catalog: Catalog) -> ModelEntry | None:
    """A catalogue model whose repo has this name under any organisation (mirrors, re-uploads)."""
    for m in catalog.all_models:
        for repo in m.hf_repos:
            own = repo.rsplit("/", 1)[-1].lower()
            if key in (normalize(own), normalize(VARIANT_TAILS.sub("", own))):
                return m
    return None


def _family_from_name(own: str, repo: str, catalog: Catalog) -> ResolvedModel | None:
    if (base := base_in_name(own, catalog)) is not None:
        notes = [("repo_family", {"repo": repo, "model": base.name})]
        if (named := unversioned_base(own, catalog)) is not None:
            notes.append(("fine_tune_version", {"named": named, "model": base.name}))
        return ResolvedModel(base, notes=tuple(notes))
    families = _families(catalog)
    words = re.findall(r"[a-z]+", own.lower())
    word = family_in_name(own, catalog)
    size = _NAME_SIZE.search(own.lower())
    if word is None:
        if size is None:
            return None
        # A family the catalogue lacks, with its size in the name ("granite-3.1-8b", "Yi-1.5-34B"): a real
        # architecture of that size stands in, as for a bare size, and the answer says so.
        by_size = _resolve_offline(size.group(1), normalize(size.group(1)), catalog)
        note = ("repo_size", {"repo": repo, "size": size.group(1).upper()})
        return ResolvedModel(by_size.model, by_size.typed_size, (note, *by_size.notes), "size")
    if size is None:
        # With no size, the name must say which model: every word of it (versions and variant tails aside)
        # is one of that member's names ("Phi-3.5-mini-instruct" is Phi-3 Mini). "command-r-plus" is not
        # Command R, "gpt-7-turbo" no model we know.
        named = {w for w in words if w not in _VARIANT_WORDS}
        fits = [m for i in families[word] if named <= _name_words(m := catalog.model(i))]
        # "Phi-3.5-mini": the Phi-3 Mini, not the Phi-4-mini (the number after the family word).
        after = rf"{re.escape(word)}[-_. ]?(\d+)"
        version = re.search(after, own.lower())
        if len(fits) > 1 and version:
            fits = [m for m in fits if version.group(1) in _name_words(m, after)]
        if len(fits) != 1:
            return None
        member = fits[0]
        return ResolvedModel(member, notes=(("repo_family", {"repo": repo, "model": member.name}),))
    resolved = _family_model(word, size.group(1), repo, catalog)
    return ResolvedModel(
        resolved.model,
        notes=(("repo_family", {"repo": repo, "model": resolved.model.name}), *resolved.notes[1:]),
    )


_VARIANT_WORDS = {"instruct", "chat", "it", "hf", "base", "pt", "sft", "dpo", "thinking", "reasoning", "v"}


def _name_words(model: ModelEntry, word: str = r"[a-z]+") -> set[str]:
    """The letter words of a model's name, aliases and repos' own names (or what `word` captures)."""
    names = [model.name, *model.aliases, *(r.rsplit("/", 1)[-1] for r in model.hf_repos)]
    return {w for n in names for w in re.findall(word, n.lower())}


# -- families ---------------------------------------------------------------------------------------------


# Per catalogue (by id, the catalogue kept with them so that its id is not reused): a question asks for them
# several times, and normalizing every family's word each time cost more than the rest of those look-ups.
_FAMILIES: dict[int, tuple[Catalog, dict[str, list[str]], frozenset[str]]] = {}


def _families(catalog: Catalog) -> dict[str, list[str]]:
    kept = _FAMILIES.get(id(catalog))
    if kept and kept[0] is catalog:
        return kept[1]
    families = {normalize(w): ids for w, ids in catalog.families.items()}
    _FAMILIES[id(catalog)] = (catalog, families, frozenset(families))
    return families


def family_words(catalog: Catalog) -> frozenset[str]:
    _families(catalog)
    return _FAMILIES[id(catalog)][2]


# A name whose version is followed by a size of three digits ("hermes 4 405b", "granite 4 350m"): the word and
# the version, which a spaced thousand ("4 405") must not swallow.
_VERSION_THEN_SIZE = regexes.compile(r"([a-z]+)[ -](\d{1,3})[ -]\d{3}(?!\d)")
_VERSIONED: dict[int, tuple[object, frozenset[tuple[str, str]]]] = {}


def versioned_words(catalog: Catalog) -> frozenset[tuple[str, str]]:
    """(word, version) of each catalogue name written "word version size" with a three-digit size."""
    kept = _VERSIONED.get(id(catalog))
    if kept and kept[0] is catalog:
        return kept[1]
    # Kept beside the kept catalogue (sizing/catalog.py kept_index): matching every name was ~1% of a gpu-size run.
    pairs = kept_index(catalog, "versioned", lambda: _versioned_pairs(catalog), _SOURCES)
    _VERSIONED[id(catalog)] = (catalog, pairs)
    return pairs


def _versioned_pairs(catalog: Catalog) -> frozenset[tuple[str, str]]:
    named = [
        *(n for m in catalog.models for d in (m, *m.derivatives) for n in (d.name, *d.aliases)),
        *(n for s in catalog.series for n in (s.name, *s.aliases)),
    ]
    return frozenset(hit.groups() for n in named if (hit := _VERSION_THEN_SIZE.match(n.lower())))


def family_members(catalog: Catalog) -> dict[str, list[str]]:
    """Each family word (normalized) and the catalogue ids it names."""
    return _families(catalog)


# A family model whose official size is within this ratio of the typed size is that model ("qwen 8b" is
# Qwen3 8B, 8.2B): official sizes are rounded names.
FAMILY_SAME_SIZE = 0.10


def _family_model(word: str, size_text: str, typed: str, catalog: Catalog) -> ResolvedModel:
    """A family and a size: the newest family model of that size, else the family's closest model with as
    many layers as reach the size (never fewer). Never a model of another family."""
    members = [catalog.model(i) for i in _families(catalog)[word]]
    total, active, experts = _typed_size(size_text)
    _check_size(total, typed)
    moe_asked = active is not None or experts is not None
    for m in members:
        if abs(m.params_official_billions * 1e9 / total - 1) <= FAMILY_SAME_SIZE and (
            m.is_moe or not moe_asked
        ):
            return ResolvedModel(
                m, notes=(("family_model", {"typed": typed, "model": m.name}),), source="family"
            )
    # A size its makers rounded in the name ("gemma 2b": Gemma 2 2B has 2.61B parameters) is that model.
    for m in members:
        if not moe_asked and _named_size(m.id) == total:
            return ResolvedModel(
                m, notes=(("family_model", {"typed": typed, "model": m.name}),), source="family"
            )
    bases = [m for m in members if m.scale_base] or members
    same_kind = [m for m in bases if m.is_moe == moe_asked] or bases
    nearest = min(same_kind, key=lambda m: (_log_distance(m.params, total), m.params))
    if experts and nearest.moe and nearest.moe.experts == experts:
        return ResolvedModel(nearest, notes=(("family_model", {"typed": typed, "model": nearest.name}),))
    scaled = scale_layers(nearest, total)
    note = ("family_scaled", {"typed": typed, "base": nearest.name, "layers": scaled.num_layers,
                              "params": scaled.params})  # fmt: skip
    return ResolvedModel(scaled, notes=(note,), source="family")


def _typed_size(text: str) -> tuple[float, float | None, int | None]:
    raw = text.strip().lower().replace(" ", "")
    if m := MOE_EXPERTS.match(raw):
        return int(m.group(1)) * float(m.group(2).replace(",", ".")) * 1e9, None, int(m.group(1))
    if m := MOE_ACTIVE.match(raw):
        total = float(m.group(1).replace(",", ".")) * UNITS[m.group(2)]
        return total, float(m.group(3).replace(",", ".")) * 1e9, None
    size = parse_size(raw)
    if size is None:
        raise SizingError("absurd_size", "model_examples", size=text)
    return size, None, None


def _log_distance(a: float, b: float) -> float:
    return abs(math.log(a / b))


# The stand-ins built by scale_layers, by their base and size: "13b" asked again is the same architecture, so
# what the sizing keeps by model (a copy on each GPU, the rates it sustains, sizing/setups.py and traffic.py) is
# found again, and its parameter counts are not worked out anew. The base is kept with its stand-in, so its id
# is not reused while kept. And the stand-in of each bare size asked, by catalogue: it depends on nothing else,
# and finding it walks every model twice. Bounded: each starts over when full.
_SCALED: dict[tuple[int, float, bool], tuple[ModelEntry, ModelEntry]] = {}
_STAND_INS: dict[tuple[int, float], tuple[Catalog, ModelEntry]] = {}
_SCALED_SIZE = 1024


def _stand_in(params: float, catalog: Catalog) -> ModelEntry:
    """A real modern dense architecture of about `params` parameters (GQA, never full multi-head)."""
    kept = _STAND_INS.get((id(catalog), params))
    if kept is not None and kept[0] is catalog:
        return kept[1]
    if len(_STAND_INS) >= _SCALED_SIZE:
        _STAND_INS.clear()
    found = _dense_stand_in(params, catalog)
    _STAND_INS[(id(catalog), params)] = (catalog, found)
    return found


def _dense_stand_in(params: float, catalog: Catalog) -> ModelEntry:
    refs = [m for m in catalog.models if m.size_reference and not m.is_moe]
    same = [m for m in refs if params * ROUNDED_NAME <= m.params <= params * SAME_SIZE]
    if not same:
        # A size its makers rounded down in the name ("1b": Llama 3.2 1B has 1.24B parameters) is that model,
        # not a layer-scaled stand-in.
        same = [m for m in refs if _named_size(m.id) == params]
    if same:
        return min(same, key=lambda m: m.params)
    nearest = min(refs, key=lambda m: (_log_distance(m.params, params), m.params))
    return scale_layers(nearest, params, generic=True)


def _named_size(model_id: str) -> float | None:
    m = _NAME_SIZE.search(model_id)
    return parse_size(m.group(1)) if m and "x" not in m.group(1) and "-a" not in m.group(1) else None


def _moe_stand_in(total: float, active: float | None, experts: int | None, catalog: Catalog) -> ModelEntry:
    refs = [m for m in catalog.models if m.size_reference and m.is_moe]

    def distance(m: ModelEntry) -> tuple[float, float]:
        d = _log_distance(m.params, total)
        if active:
            d += _log_distance(m.active_params, active)
        # Prefer the same number of experts ("8x7b" is Mixtral's naming).
        same_experts = 0 if experts is None or (m.moe and m.moe.experts == experts) else 1
        return (same_experts, d)

    nearest = min(refs, key=distance)
    if experts is not None and nearest.moe and nearest.moe.experts == experts:
        # "NxMb" counts experts x expert size, which overstates the total; match on the expert layout.
        return nearest
    if total * ROUNDED_NAME <= nearest.params <= total * SAME_SIZE:
        return nearest
    return scale_layers(nearest, total, generic=True)


def scale_layers(base: ModelEntry, params: float, generic: bool = False) -> ModelEntry:
    """`base` with as many layers as reach `params` (never fewer): width, heads, KV heads and vocabulary
    stay real. `generic`: the stand-in of a size whose family is unknown, so `base`'s own published precision
    and its always-on chain of thought are not the named model's ("granite 3.0 3b-a800m" had been sized in
    gpt-oss's MXFP4, answering at a reasoning model's length)."""
    key = (id(base), params, generic)
    kept = _SCALED.get(key)
    if kept is not None and kept[0] is base:
        return kept[1]
    if len(_SCALED) >= _SCALED_SIZE:
        _SCALED.clear()
    scaled = _scaled(base, params)
    if generic and (base.native_precision or base.reasoning == "always"):
        scaled = msgspec.structs.replace(
            scaled, native_precision=None, reasoning=None if base.reasoning == "always" else base.reasoning
        )
    _SCALED[key] = (base, scaled)
    return scaled


def _scaled(base: ModelEntry, params: float) -> ModelEntry:
    fixed = base.parts.embeddings + base.parts.lm_head + base.hidden_size + base.extra_params
    per_layer = (base.params - fixed) / base.num_layers
    pattern = len(base.layer_pattern)
    # A hair under a whole number of layer groups counts as that number (float noise), never one more.
    layers = max(pattern, math.ceil((params - fixed) / per_layer / pattern - 1e-9) * pattern)
    if base.moe and base.moe.first_dense_layers:
        layers = max(layers, base.moe.first_dense_layers + 1)
    # Built anew (not `updated`) so the derived parameter counts are computed for the new shape.
    return ModelEntry(
        **{
            **msgspec.structs.asdict(base),
            "id": f"{base.id}~{layers}L",
            "name": f"{base.name} ({layers} layers)",
            "num_layers": layers,
            "aliases": [],
            "hf_repos": [],
            "releases": [],
            "release": None,
            "derivatives": [],
            "derived_from": None,
            "gguf_files": [],
            "size_reference": False,
            "scaled_from": base.id,
            "params_official_billions": params / 1e9,
            "params_official_text": f"{params / 1e9:g}B",
        }
    )


def resolve_gpu(text: str, catalog: Catalog) -> GPU:
    found = name_index(catalog.gpus).get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    budget = Budget.from_id(text)  # "laptop-16gb": a machine of the customer's own, by its memory
    if budget is not None:
        return budget
    raise _suggest(text, catalog.gpus, "gpu", "gpu_examples")


def resolve_precision(text: str, catalog: Catalog) -> Precision:
    found = name_index(catalog.precisions).get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    if exl2_bpw_of_id(text) is not None:
        # An EXL2 width built from the number (sizing/catalog.py exl2_precision).
        return catalog.precision(text)
    raise _suggest(text, catalog.precisions, "precision", "precision_examples")


def resolve_kv_precision(text: str, catalog: Catalog, engine: str = "vllm") -> KVPrecision:
    """`engine`: the serving engine (Plan.engine). llama.cpp's caches are its -ctk types (f32, f16, bf16, q8_0,
    q4_0, q4_1, iq4_nl, q5_0, q5_1: common/arg.cpp kv_cache_types); vLLM's are 16 bits and FP8, so its 8-bit
    one stands for q8_0 and it has no 4-bit one."""
    typed = text.strip().lower().replace("-", "_")
    if "/" in typed:
        return _split_cache(text, catalog, engine)
    if engine == "llamacpp":
        found = _llama_cpp_cache(typed, catalog)
        if found:
            return found
    elif engine == "exllamav2" and (found := _exllamav2_cache(typed, catalog)):
        return found
    elif re.fullmatch(r"q8(?:_0)?", typed):
        return catalog.kv_precision("fp8")
    key = normalize(text).removeprefix("kv") or "16"
    index = name_index(catalog.kv_precisions)
    found = index.get(key) or index.get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    if engine == "vllm" and re.fullmatch(
        r"(?:int|q|iq|nf|fp)?[456](?:[\s_-]?bits?|_[01]|_nl|_k)?|f(?:p)?32", text.strip().lower()
    ):
        # A 4-, 5- or 6-bit cache is ExLlamaV2's (cache_mode Q4/Q6) or llama.cpp's (-ctk q4_0, q5_1), and so is
        # a 32-bit one (-ctk f32): vLLM's --kv-cache-dtype is auto or fp8 (fp8_e4m3, fp8_e5m2;
        # vllm/config/cache.py CacheDType).
        raise SizingError("kv_precision_not_vllm", "kv_precision_examples", name=text)
    if engine == "llamacpp":
        # llama.cpp refuses a -ctk/-ctv it does not list (common/arg.cpp kv_cache_type_from_str: "Unsupported
        # cache type"); a 6-bit cache is ExLlamaV2's (cache_mode Q6), said so.
        six = re.fullmatch(r"(?:int|q|iq|fp)?6(?:[\s_-]?bits?|_[01k])?", typed)
        key = "kv_precision_not_llamacpp_q6" if six else "kv_precision_not_llamacpp"
        raise SizingError(key, name=text)
    raise _suggest(text, catalog.kv_precisions, "kv_precision", "kv_precision_examples")


def _split_cache(text: str, catalog: Catalog, engine: str) -> KVPrecision:
    """ "q8_0/f16": llama.cpp's K cache (-ctk) and V cache (-ctv) each at its own type. A layer keeps as many
    K values as V values per token, so the cache takes the mean of the two per value; only llama.cpp sets
    them apart (vLLM's --kv-cache-dtype and TabbyAPI's cache_mode set both)."""
    k_typed, _, v_typed = text.partition("/")
    if engine != "llamacpp" and "*" in text:
        # one side typed (-ctk/-ctv), the other left at llama.cpp's default: another engine reads the side typed
        return resolve_kv_precision(v_typed if k_typed.startswith("*") else k_typed, catalog, engine)
    k_typed, v_typed = k_typed.lstrip("*"), v_typed.lstrip("*")
    if engine != "llamacpp":
        raise SizingError("kv_precision_split", "kv_precision_examples", k=k_typed, v=v_typed)
    k, v = (resolve_kv_precision(part, catalog, engine) for part in (k_typed, v_typed))
    if k.id == v.id:
        return k
    return KVPrecision(
        id=f"{k.id}/{v.id}",
        name=f"K {k.name.removesuffix(' (llama.cpp)')} · V {v.name.removesuffix(' (llama.cpp)')}",
        bytes_per_value=(k.bytes_per_value + v.bytes_per_value) / 2,
        source=f"K: {k.source}; V: {v.source}",
        k_bytes_per_value=k.bytes_per_value,
    )


def _exllamav2_cache(typed: str, catalog: Catalog) -> KVPrecision | None:
    """TabbyAPI's cache_mode for what was typed: Q4, Q6 or Q8 (an 8-bit cache is its Q8: ExLlamaV2 has no FP8
    one); FP16 is the 16-bit entry."""
    if re.fullmatch(r"fp8|int8|q8(?:_0)?|8|8[\s_]?bits?", typed):
        return catalog.kv_precision("exllamav2_q8")
    if re.fullmatch(r"q6|6[\s_]?bits?", typed):
        return catalog.kv_precision("exllamav2_q6")
    if re.fullmatch(r"(?:int|q|nf|fp)?4(?:_0)?(?:[\s_]?bits?)?", typed):
        return catalog.kv_precision("exllamav2_q4")
    return None


def llama_cpp_cache_type(kv_id: str) -> str:
    """llama.cpp's -ctk/-ctv cache type (common/arg.cpp kv_cache_types) of a KV precision: its own types are
    named "llamacpp_<type>" in precisions.toml; the 16-bit cache is F16."""
    return kv_id.removeprefix("llamacpp_") if kv_id.startswith("llamacpp_") else "f16"


def _llama_cpp_cache(typed: str, catalog: Catalog) -> KVPrecision | None:
    """llama.cpp's cache type for what was typed: its own names, an 8-bit cache its Q8_0 (it has no FP8
    one), a 16-bit one its F16 and a 4-bit one with no type its Q4_0, the plain 4-bit block."""
    if re.fullmatch(r"fp8|int8|q8|8|8[\s_]?bits?", typed):
        typed = "q8_0"
    elif re.fullmatch(r"16|fp16|16[\s_]?bits?", typed):
        typed = "f16"  # a 16-bit cache in other words is its default, F16
    elif re.fullmatch(r"(?:int|q|nf|fp)?4(?:[\s_]?bits?)?", typed):
        typed = "q4_0"
    return next((kv for kv in catalog.kv_precisions if kv.id == "llamacpp_" + typed), None)


def resolve_stack(text: str, catalog: Catalog) -> Stack:
    found = name_index(catalog.stacks).get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    raise _suggest(text, catalog.stacks, "stack", "stack_examples")
