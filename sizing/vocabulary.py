"""The words people ask with, one file per language in sizing/data/vocabulary/.

The grammar (a number before "usuários", a key before its value) is code in sizing/query.py; the words
are data, so adding a word, a variety such as pt-PT or a whole language is an edit to a word list. Every
language's words are merged for reading (people mix languages in one message); a word's file only says
which language it shows the question is written in.

How an entry is written (see the comment at the top of each file):
- case and accents do not matter: "usuários" also matches "usuarios" and "USUÁRIOS";
- a space stands for one or more spaces, hyphens or underscores: "dentro de" matches "dentro  de";
- a hyphen is an optional space or hyphen: "fine-tune" matches "fine-tune", "fine tune" and "finetune";
- a final "*" takes any ending: "inferênc*" matches "inferência" and "inferencia".
"""

from __future__ import annotations

import atexit
import contextlib
import marshal
import os
import re
import threading
import unicodedata
from functools import cache, lru_cache
from itertools import repeat
from pathlib import Path

import msgspec

from . import tomlfiles
from .catalog import DATA_DIR, CatalogError

VOCABULARY_DIR = DATA_DIR / "vocabulary"
SHORTHAND = ("shorthand", "shorthand_after_number")  # sections of spelling = words, not word lists
COMMON = "all"  # the file of words that are the same in every language (jargon, product names)

# Each section and the keys it may hold: a misspelt key is an error naming the file, not a silent no-op.
SCHEMA: dict[str, tuple[str, ...] | None] = {
    "language": (
        "markers",
        "borrowed",
        "counted",
        "distinct",
        "names",
        "codes",
        "ask",
        "variant_of",
        "content",
        "content_before",
        "not_codes",
        "answer_in",
    ),
    "words": (
        "filler",
        "size_for",
        "load_today",
        "rule_out",
        "rule_out_after",
        "rule_out_below",
        "overkill",
        "would_do",
        "help",
        "log_help",
        "quit",
        "using",
        "introduce",
        "sign_off",
        "sent_from",
        "mail_headers",
        "mail_subject",
        "references",
        "mail_sent",
        "wrote",
        "self_described",
        "place_before",
        "model_variants",
        "europe",
        "follow_up",
        "which_model",
        "cpu_only",
        "quantize_run",
        "generate",
        "translate",
        "read_volume",
        "replace_closed",
        "offering",
        "offering_alone",
        "sizing_asked",
        "offering_ours",
        "availability",
        "share",
        "bare_count",
        "bare_count_after",
        "bare_count_only",
        "fits_alone",
        "claim_verbs",
        "fits_alone_before",
        "cheaper",
        "fastest",
        "fastest_gpu",
        "money_cues",
        "contract_question",
        "asker_before",
        "asker_group",
        "asker_team",
        "asker_here",
        "according_to",
        "points",
        "acknowledge",
        "can_handle",
        "several_questions",
        "joins_questions",
        "asks_again",
        "pipeline_roles",
        "pipeline_joints",
        "trials",
        "kind_recurrent_inside",
        "kind_recurrent",
        "kind_moe_ending",
    ),
    "numbers": None,  # word = value
    "stacks": (),  # stack id (sizing/data/stacks.toml) = the words that name it
    "closed_makers": (),  # a closed model's maker, as answers name it = how its models' names begin
    "chat": (
        "greeting",
        "about",
        "thanks",
        "workload_words",
    ),  # a message with only these asks for the help (thanks: a reply)
    "topics": (),  # subject (sizing/topics.py) = the words that announce it in a question with no model
    "concepts": (),  # a word of the answers (sizing/concepts.py) = the words that name it in "o que é ...?"
    "counting": (
        "one",
        "and",
        "half",
        "thousand",
        "before_thousand",
        "hundred",
        "dozen",
        "vague",
        "quarter",
        "few",
        "few_team",
        "many",
        "many_team",
        "whole_group",
    ),
    "multipliers": ("thousand", "million", "billion", "trillion"),
    "durations": (
        "hour",
        "day",
        "week",
        "month",
        "year",
        "deadline",
        "period",
        "yearly",
        "idioms",
        "when",
        "gpu_hours",
        "nights_weekends",
        "nights",
        "daytime",
        "weekends",
        "six_days",
    ),
    "dates": ("months", "paperwork"),
    "users": ("nouns", "callers", "adjectives", "keys", "one", "at_once", "capacity_question"),
    # Several counts of users in one question: parts that add up, or phases (sizing/query.py _users_said)
    "parts": ("phases", "use", "corrections"),
    "counts": (
        "gpus",
        "one_gpu",
        "one_gpu_article",
        "one_gpu_on",
        "pairs",
        "servers",
        "per_server",
        "examples",
        "image_examples",
        "epochs",
        "things",
        "params",
        "corpus",
        "no_load",
        "data_before",
        "data_after",
    ),
    "keys": (
        "context",
        "per_request",
        "seq_len",
        "batch",
        "tp",
        "pp",
        "pp_stages",
        "pp_bare",
        "vpp",  # virtual stages a GPU of an interleaved pipeline, before their number
        "vpp_stages",  # and after it
        "ep",
        "ep_ways",
        "cp",
        "cp_ways",
        "lora_rank",
        "optimizer",
        "no_memory",
        "assumed",
        "steps",
        "steps_span",
        "steps_key",
        "micro_batch",
        "per_device",
        "global_batch",
        "grad_accum",
        "micro_batch_short",
        "grad_accum_short",
    ),
    "training": (
        "adamw",
        "adamw8bit",
        "sgd",
        "lion",
        "adafactor",
        "param_offload",
        "cpu_offload",
        "checkpointing",
        "selective",
        "full_recompute",
        "context_split",
        "eager_attention",
        "dualpipe",  # DeepSeek-V3's DualPipe pipeline schedule
        "interleaved",  # the interleaved 1F1B pipeline schedule
        "zero_bubble",  # the zero-bubble V pipeline schedule
        "compiled",  # torch.compile, not modelled
        "pure_bf16",  # BF16 without autocast nor an FP32 master copy
        "async_tp",  # torchtitan's AsyncTP
        "cut_cross_entropy",  # Apple's Cut Cross-Entropy loss
        "nvme_offload_before",  # the words around ZeRO-Infinity's NVMe
        "nvme_offload_after",
        "lora_all_linear",
        "lora_qv",
        "with",
        "without",
        "off",
        "documents",
        "dialogue_data",
        "vision_trained",
        "learn",
        "teach",
        "teach_to",
        "imitating",
        "like",
        "ours",
        "taught",
        "style",
    ),
    "contracts": ("on_demand", "project_package", "reserved", "dedicated", "scale_to_zero"),
    "out_of_scope": ("embedding", "encoder", "speech", "image", "video", "closed"),
    "stages": ("qlora", "lora", "full", "fine_tune", "adjust", "adjusted", "pretrain", "train", "inference"),
    "methods": ("dpo", "ipo", "kto", "orpo", "simpo", "grpo", "ppo", "rl", "rloo", "reward"),
    "rl": (
        "server",
        "colocate",
        "generate",
        "reference",
        "no_reference",
        "reward_model",
        "reward_functions",
        "generations",
        "prompts",
    ),
    "tasks": ("rag", "extraction", "classification", "summarization", "reasoning", "agent", "code", "chat"),
    "intents": ("evaluation", "production"),
    "replicas": (
        "nouns",
        "copies",
        "replicated",
        "at_least",
        "question",
        "ha",
        "no_ha",
        "sla",
        "zones",
        "other_zone",
    ),
    "launch": (
        "launchers",
        "context",
        "users",
        "users_limit",
        "tp",
        "pp",
        "ep",
        "cp",
        "vpp",
        "recompute",
        "attention",
        "async_tp",
        "lora_dropout",
        "seq_len",
        "precision",
        "kv_cache",
        "model",
        "memory_utilization",
        "prefill_chunk",
        "prompt_limit",
        "lora_enable",
        "lora_count",
        "lora_rank",
        "gpu_layers",
        "four_bit",
        "eight_bit",
        "trainer",
        "fsdp",
        "gpus",
    ),
    "devices": ("laptop", "mac", "desktop", "gpu", "gpu_forms", "unified", "ram", "own", "phone"),
    "speculative": ("decoding", "draft", "as", "article", "eagle", "eagle3", "mtp", "ngram", "off"),
    # A chat spelling = the words it stands for ("s/" = "sem"): read as those words before anything else.
    "shorthand": (),
    # The same, glued to the number before it ("3kk" = "3 milhões").
    "shorthand_after_number": (),
    "images": (
        "nouns",
        "per",
        "not_input",
        "none",
        "generate",
        "resolution",
        "phone",
        "screenshot",
        "scan",
        "scanned",
        "full_hd",
        "hd",
        "uhd",
        "video",
    ),
}


def strip_accents(text: str) -> str:
    """Lower-case without accents, one character for one character (positions stay aligned)."""
    if text.isascii():  # most text: nothing to strip
        return text.lower()
    # A question's text is stripped by ~10 of its readers (a fresh question: ~17 calls, ~14 of them repeats),
    # and one with accents cost ~5 us each time: kept by the text (a pure function of it). Only texts a question
    # may be (sizing/query.py MAX_CHARS), and few of them: a worker keeps ~1 MB at most.
    plain = _STRIPPED.get(text)
    if plain is None:
        plain = text.lower().translate(_PLAIN_TABLE)
        if len(text) <= _STRIPPED_LONGEST:
            if len(_STRIPPED) >= _STRIPPED_AT_MOST:
                _STRIPPED.clear()
            _STRIPPED[text] = plain
    return plain


class _PlainTable(dict):
    """str.translate's table: each character's plain form (_plain), filled on first sight up to as many
    characters as _plain keeps (a text of every rare character fills no more)."""

    def __missing__(self, code: int) -> str:
        plain = _plain(chr(code))
        if len(self) < _PLAIN_CHARS_AT_MOST:
            self[code] = plain
        return plain


_PLAIN_TABLE = _PlainTable()
_PLAIN_CHARS_AT_MOST = 4096  # as _plain's lru_cache
_STRIPPED: dict[str, str] = {}
_STRIPPED_AT_MOST = 64
_STRIPPED_LONGEST = 4000


@lru_cache(maxsize=4096)
def _plain(ch: str) -> str:
    """One character without its accents (once per character: questions are made of few)."""
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base[:1] if base else " "


def _piece(entry: str) -> str:
    """One entry as a regular expression over accent-free lower-case text."""
    # Built for ~1,500 entries at every start (a gpu-size run included): plain ASCII words skip the accent
    # table and re.escape, which would return them unchanged.
    text = entry.strip().lower()
    if not text.isascii():
        text = strip_accents(text)
    star = text.endswith("*")
    words = [
        r"[\s_-]*".join(part if part.isalnum() else re.escape(part) for part in word.split("-"))
        for word in text.rstrip("*").split()
    ]
    return r"[\s_-]+".join(words) + (r"\w*" if star else "")


def alternation(entries) -> str:
    """Entries as one non-capturing group, longest first (so "ajuste fino completo" beats "ajuste fino")."""
    return kept_group("vocabulary", tuple(entries), _alternation)


def _alternation(entries: tuple[str, ...]) -> str:
    ordered = sorted(set(entries), key=lambda e: (-len(e), e))
    return "(?:" + "|".join(_piece(e) for e in ordered) + ")"


def kept_group(kind: str, entries: tuple[str, ...], build) -> str:
    """build(entries), a pattern text made of words, from what an earlier process built (_KeptAlternations);
    `kind` names the builder, so that two builders of the same words never share a result."""
    built = _ALTERNATIONS.get(kind, entries)
    if built is None:
        built = build(entries)
        _ALTERNATIONS.put(kind, entries, built)
    return built


class _KeptAlternations:
    """Pattern texts built from word lists (alternation()'s groups, sizing/traffic_query.py's alternatives),
    kept for the next process beside the parsed data files (as sizing/regexes.py keeps compiled patterns):
    the ~150 groups of the word lists cost a gpu-size run ~6 ms to build again, the traffic reader's ~100
    (escaping and sorting ~1,900 words) ~4 ms more. Keyed by the builder and the entries themselves, so an
    edited word list simply builds its group anew; a file that cannot be read or written only costs that time."""

    VERSION = 2  # 2: keyed (builder, entries)
    MAX = 2000  # groups kept; past it, only those the last process used

    def __init__(self) -> None:
        self._kept: dict[tuple[str, tuple[str, ...]], str] | None = None
        self._used: dict[tuple[str, tuple[str, ...]], str] = {}
        self.built = 0  # groups this process built itself (not found kept)
        self._new = False
        self._lock = threading.Lock()

    def _path(self) -> Path | None:
        folder = tomlfiles.cache_dir()
        if folder is None:
            return None
        # One file per copy of the package (tomlfiles.copy_name), as the compiled patterns have.
        return folder / f"alternations-{self.VERSION}-{tomlfiles.copy_name()}.marshal"

    def _read(self) -> dict[tuple[str, tuple[str, ...]], str]:
        if self._kept is None:
            with self._lock:
                if self._kept is None:
                    self._kept = self._load()
                    atexit.register(self.save)
        return self._kept

    def _load(self) -> dict[tuple[str, tuple[str, ...]], str]:
        path = self._path()
        try:
            kept = marshal.loads(path.read_bytes()) if path is not None else {}
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def get(self, kind: str, entries: tuple[str, ...]) -> str | None:
        built = self._read().get((kind, entries))
        if built is not None:
            self._used[kind, entries] = built
        return built

    def put(self, kind: str, entries: tuple[str, ...], built: str) -> None:
        self._read()[kind, entries] = self._used[kind, entries] = built
        self._new = True
        self.built += 1

    def save(self) -> None:
        path = self._path()
        if not self._new or path is None:
            return
        self._new = False
        kept = {**self._load(), **(self._kept or {})}
        if len(kept) > self.MAX:
            kept = dict(self._used)
        with contextlib.suppress(OSError, ValueError):
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            partial.write_bytes(marshal.dumps(kept))
            os.replace(partial, path)  # a reader never sees half a file


_ALTERNATIONS = _KeptAlternations()


class Language(msgspec.Struct, frozen=True):
    code: str
    variant_of: str | None
    markers: frozenset[str]  # words that show the question is in this language (or its family)
    distinct: frozenset[str]  # words only this variety uses: they pick it within its family
    names: tuple[str, ...]  # how people name the language when they ask for it ("em inglês")
    codes: tuple[str, ...]  # its short codes ("en", "pt-br"), matched only as a whole token
    ask: tuple[str, ...]  # verbs that ask for a language ("responda em inglês")
    # its words spelt as another language's code (Spanish "en"): a word, not a request, in a question in it
    not_codes: frozenset[str] = frozenset()
    # its words that other languages use as they are ("batch", "deploy", "users" in Brazilian Portuguese):
    # they say the language only of a question with no marker of any language, and only BORROWED_ENOUGH of them
    borrowed: frozenset[str] = frozenset()
    # a language we neither read nor answer in (German): the answer's language for a question plainly in it,
    # which says so and sizes what it could read (its model, its numbers)
    answer_in: str | None = None


# Borrowed words that together say a question's language when no marker does: two ("mixtral fp8 batch 16
# throughput?"), so that one word alone ("70b 4bit 32k 10 users") never picks the answer's language.
BORROWED_ENOUGH = 2
# Words of one language family that make a message plainly written in it ("and with 4 h100s?", "what about
# fp8?"): enough to answer it in that language over the Slack locale or a thread's. One word alone ("and 20
# users?", "ok") is too little to go against them; so are words of another family beside them, unless they are
# CLEAR_MARGIN times fewer ("how many GPUs do I need?": "do" is Portuguese too).
CLEAR_ENOUGH = 2
CLEAR_MARGIN = 3


# Per vocabulary (by id, kept with it so that the id is never another's): its languages by family, and each
# member's markers and distinct words as one set. detect() reads every question, and had made those unions
# (hundreds of words each) anew, language by language: ~4% of reading a fresh question (cProfile). Then each
# family's words as one set, which clearly() had also made anew for every question (~1% of a fresh answer).
_FAMILIES: dict[
    int,
    tuple[Vocabulary, dict[str, list[Language]], dict[str, list[frozenset[str]]], dict[str, frozenset[str]]],
] = {}


def _families(vocab: Vocabulary) -> tuple[dict[str, list[Language]], dict[str, list[frozenset[str]]]]:
    kept = _FAMILIES.get(id(vocab))
    if kept is None or kept[0] is not vocab:
        families: dict[str, list[Language]] = {}
        for lang in vocab.languages.values():
            families.setdefault(lang.variant_of or lang.code, []).append(lang)
        said = {base: [m.markers | m.distinct for m in members] for base, members in families.items()}
        whole = {base: frozenset().union(*sets) for base, sets in said.items()}
        kept = _FAMILIES[id(vocab)] = (vocab, families, said, whole)
    return kept[1], kept[2]


def _family_words(vocab: Vocabulary) -> dict[str, frozenset[str]]:
    """Every marker and distinct word of each family's languages, by the family's base language."""
    kept = _FAMILIES.get(id(vocab))
    if kept is None or kept[0] is not vocab:
        _families(vocab)
        kept = _FAMILIES[id(vocab)]
    return kept[3]


class Vocabulary(msgspec.Struct, frozen=True):
    languages: dict[str, Language]
    entries: dict[str, tuple[str, ...]]  # "stages.lora" -> entries of every file, as written
    numbers: dict[str, int]  # accent-free number word -> value
    # [shorthand] and [shorthand_after_number]: accent-free chat spelling -> the words it stands for
    shorthand: dict[str, dict[str, str]] = {}

    def words(self, key: str) -> tuple[str, ...]:
        return self.entries.get(key, ())

    def pattern(self, key: str) -> str:
        """The entries under `key` ("users.nouns") as one regular-expression group."""
        entries = self.words(key)
        if not entries:
            raise CatalogError(f"vocabulary: no words under {key!r} in any file")
        return alternation(entries)

    def keys(self, section: str) -> list[str]:
        """The keys a section has across the files, in file order ("stacks" -> ["hf", "liger", ...])."""
        prefix = section + "."
        return list(dict.fromkeys(k[len(prefix) :] for k in self.entries if k.startswith(prefix)))

    def plain(self, key: str) -> frozenset[str]:
        """The entries under `key` as accent-free words, for set look-ups (no spaces, no "*")."""
        return frozenset(strip_accents(e) for e in self.words(key))

    def detect(self, words: set[str], accented: bool = False) -> str | None:
        """The language the words are written in, or None when they do not say (shorthand such as
        `70b 4bit 32k 10users` is in no language). A family (pt-BR and its variant pt-PT) counts all its
        markers; within it, the variety with more of its own distinct words wins, the base on a tie. With no
        marker of any language, BORROWED_ENOUGH borrowed words say it ("mixtral fp8 batch 16 throughput?");
        beside any marker they count for nothing ("deploy do llama com batch 16" stays Portuguese), nor in
        `accented` text (letters with accents, which the borrowing language, English, does not write:
        "20 users simultâneos, context 32k")."""
        families, said = _families(self)
        scores = {base: sum(len(words & each) for each in said[base]) for base in families}
        if not any(scores.values()) and not accented:
            scores = {
                base: sum(len(words & m.borrowed) for m in members) for base, members in families.items()
            }
            scores = {base: score for base, score in scores.items() if score >= BORROWED_ENOUGH}
        best = max(scores.values(), default=0)
        winners = [base for base, score in scores.items() if score == best]
        if best == 0 or len(winners) > 1:
            return None
        members = families[winners[0]]
        if len(members) == 1:
            return members[0].code
        ranked = sorted(members, key=lambda m: (-len(words & m.distinct), m.variant_of is not None))
        return ranked[0].code

    def clearly(self, words: set[str]) -> bool:
        """Whether the words are plainly in one language family: CLEAR_ENOUGH of its markers, CLEAR_MARGIN times
        those of any other family (borrowed words never count)."""
        scores = sorted(
            (len(words.intersection(each)) for each in _family_words(self).values()), reverse=True
        )
        return scores[0] >= CLEAR_ENOUGH and scores[0] >= CLEAR_MARGIN * scores[1]


def _read(path: Path) -> dict:
    try:
        return tomlfiles.load(path)
    except (OSError, tomlfiles.ParseError) as e:
        raise CatalogError(f"vocabulary/{path.name}: {e}") from e


def _check(name: str, raw: dict) -> None:
    for section, body in raw.items():
        if section not in SCHEMA:
            raise CatalogError(f"vocabulary/{name}: unknown section [{section}]; use {', '.join(SCHEMA)}")
        if not isinstance(body, dict):
            raise CatalogError(f"vocabulary/{name}: [{section}] must be a table of word lists")
        for key, value in body.items():
            where = f"vocabulary/{name}: [{section}] {key}"
            if section == "numbers":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise CatalogError(f"{where} must be a whole number")
                continue
            if section in SHORTHAND:
                if not isinstance(value, str) or not value.strip():
                    raise CatalogError(f'{where} must be the words it stands for, in quotes: "c/" = "com"')
                continue
            if SCHEMA[section] and key not in SCHEMA[section]:  # type: ignore[operator]
                raise CatalogError(f"{where}: unknown key; use {', '.join(SCHEMA[section])}")  # type: ignore[arg-type]
            if key in ("variant_of", "answer_in"):
                if not isinstance(value, str):
                    raise CatalogError(f'{where} must be a language code such as "pt-BR"')
                continue
            # map() over C functions: the ~7,700 words of the lists are checked in every process that answers
            if not isinstance(value, list) or not (
                all(map(isinstance, value, repeat(str))) and all(map(str.strip, value))
            ):
                raise CatalogError(f"{where} must be a list of words in quotes")


@cache
def load_vocabulary(folder: Path = VOCABULARY_DIR) -> Vocabulary:
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise CatalogError(f"vocabulary: no word lists in {folder}")
    kept = _kept_path(files)
    if kept is not None:
        try:
            return _KEPT_DECODER.decode(kept.read_bytes())
        except (OSError, msgspec.DecodeError):
            pass  # not kept yet, or unreadable: built from the files below
    vocab = _build(files)
    if kept is not None:
        tomlfiles.keep(kept, msgspec.msgpack.encode(vocab))
    return vocab


_KEPT_DECODER = msgspec.msgpack.Decoder(Vocabulary)


def _kept_path(files: list[Path]) -> Path | None:
    """Where the vocabulary built from these word lists is kept, checked and merged, or None when the data
    cache is off or a file cannot be read (then it is built, and any error said, as without one).

    Why: building it (7 files read from their parsed copies, ~7,700 words checked, the languages' words
    without accents) was ~2 ms of every process that answers; the kept copy is decoded in a quarter of that.
    Keyed by the files (names and bytes), this module's source (the checks, the merging, the struct) and
    msgspec's version: an edited word list or builder is always built anew."""
    folder = tomlfiles.cache_dir()
    if folder is None:
        return None
    key = tomlfiles.files_key([Path(__file__), *files], msgspec.__version__)
    return folder / f"vocabulary-{key}-{tomlfiles.VERSION}.msgpack" if key is not None else None


def _build(files: list[Path]) -> Vocabulary:
    languages: dict[str, Language] = {}
    entries: dict[str, list[str]] = {}
    numbers: dict[str, int] = {}
    shorthand: dict[str, dict[str, str]] = {section: {} for section in SHORTHAND}
    for path in files:
        raw = _read(path)
        _check(path.name, raw)
        for section, body in raw.items():
            if section == "numbers":
                numbers.update({strip_accents(k): v for k, v in body.items()})
                continue
            if section in SHORTHAND:
                shorthand[section].update({strip_accents(k.strip()): v for k, v in body.items()})
                continue
            for key, value in body.items():
                if key not in ("variant_of", "answer_in"):
                    entries.setdefault(f"{section}.{key}", []).extend(value)
        if path.stem != COMMON:
            lang = raw.get("language", {})

            def plain(key: str, lang: dict = lang) -> frozenset[str]:
                return frozenset(strip_accents(w) for w in lang.get(key, []))

            languages[path.stem] = Language(
                code=path.stem,
                variant_of=lang.get("variant_of"),
                # "20-page": a counted noun after a number, read as "-page" (query.py COUNTED_NOUN)
                markers=plain("markers") | {f"-{noun}" for noun in plain("counted")},
                distinct=plain("distinct"),
                names=tuple(lang.get("names", [])),
                codes=tuple(lang.get("codes", [])),
                ask=tuple(lang.get("ask", [])),
                not_codes=plain("not_codes"),
                borrowed=plain("borrowed"),
                answer_in=lang.get("answer_in"),
            )
    for lang in languages.values():
        if lang.variant_of and lang.variant_of not in languages:
            raise CatalogError(f"vocabulary/{lang.code}.toml: variant_of names no file: {lang.variant_of!r}")
    return Vocabulary(languages, {k: tuple(v) for k, v in entries.items()}, numbers, shorthand)
