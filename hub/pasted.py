"""A model's config.json pasted into a question ("quanto de memória pra esse modelo? {"hidden_size": …}"):
a customer's own fine-tune or a private repo, which the Hub cannot show us. The pasted object is read as the
Hub reader reads a repo's config.json (hub/describe.py) and stands in the question as a repo id of its own,
`pasted/config-<digest>`, so that everything after (the parser, buttons, threads, the log) treats it as one
model; the digest is the config's, so the same config pasted twice is the same model.

The same keys pasted without the object around them (a fragment cut from the file, YAML or `key: value` /
`key=value` lines, "num_hidden_layers 32" in prose) are read the same way; beside a model the question names
("llama 3.1 8b com max_position_embeddings: 32768") they change that model's architecture instead."""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import re
from collections.abc import Callable

import msgspec

from sizing import i18n, tomlfiles
from sizing.catalog import DATA_DIR, ModelEntry, load_catalog
from sizing.errors import SizingError
from sizing.names import resolve_model
from sizing.query import Query, QueryError
from sizing.vocabulary import alternation, strip_accents

from .describe import ALIASES, MPT_ALIASES, Unsupported, architecture, quant_precision, text_config

PREFIX = "pasted/config-"
# A catalogue model with pasted keys changing it stands in the question under an id of its own.
CHANGED = "pasted/keys-"
# The catalogue id of a pasted model: "pasted:config-<digest>", never "hf:…", as no Hub repo holds it (the log's
# model column and `gpu-size --json` show it).
ENTRY_PREFIX = "pasted:"

# Keys only a model's config.json has (transformers' PretrainedConfig and its families' names for depth).
DEPTH_KEYS = ("num_hidden_layers", "n_layer", "num_layers", "n_layers")
# Quotes a chat client or a document may have curled: JSON needs straight ones.
CURLY = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "″": '"'})
# How many "{" are tried as the start of the object: a question with braces of its own stays cheap.
MAX_STARTS = 20
_OPEN = re.compile(r"\{")
# The keys hub/describe.py architecture() reads a model's shape from: one of them pasted makes the keys around it
# a model's config (or changes to the model the question names).
ARCH_KEYS = frozenset({
    *DEPTH_KEYS, "hidden_size", "num_attention_heads", "num_key_value_heads", "num_kv_heads", "intermediate_size",
    "vocab_size", "tie_word_embeddings", "max_position_embeddings", "max_sequence_length", "head_dim",
    "sliding_window", "layer_types", "sliding_window_pattern", "num_experts", "n_routed_experts",
    "num_local_experts", "num_experts_per_tok", "moe_intermediate_size", "n_shared_experts",
    "shared_expert_intermediate_size", "first_k_dense_replace", "kv_lora_rank", "q_lora_rank", "qk_nope_head_dim",
    "qk_rope_head_dim", "v_head_dim", "rope_scaling", "rope_parameters", *ALIASES, *MPT_ALIASES,
    "expansion_ratio", "attn_config",
})  # fmt: skip
# Other keys of a config.json (transformers' PretrainedConfig and the Llama/Qwen/Mistral configs): read along
# with the architecture's, so that their numbers are not taken for users or a context, never on their own.
CONFIG_KEYS = ARCH_KEYS | {
    "_name_or_path", "architectures", "model_type", "torch_dtype", "hidden_act", "rms_norm_eps", "layer_norm_eps",
    "rope_theta", "bos_token_id", "eos_token_id", "pad_token_id", "initializer_range", "transformers_version",
    "use_cache", "pretraining_tp", "attention_dropout", "attention_bias", "mlp_bias", "max_window_layers",
    "use_sliding_window", "partial_rotary_factor", "quantization_config", "text_config",
    "multi_query", "new_decoder_architecture", "n_ctx", "activation_function", "parallel_attn",
}  # fmt: skip
# Keys written as words, not numbers ("model_type llama"): the only ones read with no ":" or "=" before a word.
WORD_KEYS = frozenset({"model_type", "torch_dtype", "hidden_act", "architectures", "_name_or_path"})
# The files beside config.json that people paste for it, by keys only they have (transformers'
# GenerationConfig and a tokenizer's saved settings): said to be the wrong file, not sized.
OTHER_FILES = {
    "generation_config.json": frozenset({"do_sample", "temperature", "top_p", "top_k", "max_new_tokens",
                                         "repetition_penalty", "num_beams", "min_p", "typical_p"}),
    "tokenizer_config.json": frozenset({"chat_template", "tokenizer_class", "model_max_length",
                                        "added_tokens_decoder", "add_bos_token", "add_eos_token", "bos_token",
                                        "eos_token", "pad_token", "clean_up_tokenization_spaces", "padding_side",
                                        "legacy", "unk_token"}),
}  # fmt: skip
# A key as pasted: bare, "quoted" or `in code`; a YAML/prose one needs no separator before a number.
_KEY = re.compile(
    r"""(?<![\w./-])(?P<q>["'`]?)(?P<key>_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|architectures)(?P=q)"""
    r"""(?P<sep>[ \t]*[:=][ \t]*\n?[ \t]*|[ \t]+|\.(?=(?:rope_type|type|factor)\b))"""
)
# A whole number in groups of three ("128,256", "1.048.576"), one separator throughout.
_GROUPED = re.compile(r"\d{1,3}([.,])\d{3}(?:\1\d{3})*(?![\d.,]?\d)")
_WORD = re.compile(r"[A-Za-z_][\w.\-/]*")
_NUMBER_END = re.compile(r"[kK](?![\w])|(?![\w])")
# What may stand between two keys of one paste: separators, braces, "..." where the person cut it, "e"/"and".
_GAP = re.compile(r"""(?:[\s,;{}\[\]|`"'>]|\.\.\.|…|\b(?:e|and|com|with)\b)*""")
# rope_scaling written as words or YAML ("rope_scaling factor 4", "rope_scaling: type: yarn factor: 4.0"):
# its parts, each a word and its value.
_ROPE_PART = re.compile(
    r"""[\s,{"'`]*(?P<part>rope_type|type|factor|original_max_position_embeddings)["'`]?[ \t]*[:=]?[ \t]*"""
    r"""["'`]?(?P<value>\d+(?:\.\d+)?|[A-Za-z_]\w*)["'`]?"""
)


class Pasted(msgspec.Struct, frozen=True):
    text: str  # the question with the object replaced by its repo id
    repo: str
    config: dict
    rest: str = ""  # the question without what was pasted (keys beside a model's name change that model)
    whole: bool = True  # every key architecture() must have is there: a model of its own


def entry_id(repo: str) -> str:
    return ENTRY_PREFIX + repo.removeprefix("pasted/")


def find(text: str) -> Pasted | None:
    """The first JSON object in `text` that is a model's config.json, or the config.json keys pasted without
    one, or None (most questions)."""
    if "_" not in text and "{" not in text and "architectures" not in text:
        return None
    straight = text.translate(CURLY)
    if "{" in straight and (found := _object(straight)) is not None:
        return found
    return _keys(straight)


def one_question(text: str) -> bool:
    """Whether a config.json or its keys are pasted in the text: one model's question, never split into
    several at its lines."""
    return "{" in text or (("_" in text or "architectures" in text) and find(text) is not None)


def _object(straight: str) -> Pasted | None:
    for start, end, config in _objects(straight):
        if _is_model_config(config):
            return _pasted(config, straight, [(start, end)])
    return None


def _objects(straight: str):
    """The JSON objects in the text, each with where it starts and ends (the first MAX_STARTS "{" tried)."""
    decoder = json.JSONDecoder()
    for tried, start in enumerate(m.start() for m in _OPEN.finditer(straight)):
        if tried >= MAX_STARTS:
            return
        try:
            found, end = decoder.raw_decode(straight, start)
        except ValueError:
            continue
        if isinstance(found, dict):
            yield start, end, found


def _pasted(config: dict, text: str, spans: list[tuple[int, int]]) -> Pasted:
    """The question with the first span replaced by the config's repo id and the others left out."""
    repo = PREFIX + _digest(config)
    parts, rest, at = [], [], 0
    for n, (start, end) in enumerate(spans):
        parts += [text[at:start], f" {repo} " if n == 0 else " "]
        rest += [text[at:start], " "]
        at = end
    parts.append(text[at:])
    rest.append(text[at:])
    inner = text_config(config)
    whole = all(k in inner for k in ("hidden_size", "num_attention_heads", "vocab_size")) and any(
        k in inner for k in DEPTH_KEYS
    )
    return Pasted("".join(parts).strip(), repo, config, "".join(rest).strip(), whole)


def _keys(text: str) -> Pasted | None:
    """config.json keys pasted without the object, read as one config: every run of keys (with only
    separators, "...", braces between them) that holds an architecture key; a key of a run without one is
    left to the question."""
    pairs = []  # (start, end, key, value)
    at = 0
    while (m := _KEY.search(text, at)) is not None:
        read = _pair(text, m)
        if read is None:
            at = m.end("key")
            continue
        pairs.append((m.start(), *read))
        at = read[0]
    runs: list[list[tuple]] = []
    for pair in pairs:
        if runs and _GAP.fullmatch(text, runs[-1][-1][1], pair[0]):
            runs[-1].append(pair)
        else:
            runs.append([pair])
    config: dict = {}
    spans = []
    for run in runs:
        if not any(key in ARCH_KEYS for _, _, key, _ in run):
            continue
        config.update({key: value for _, _, key, value in run})
        start, end = run[0][0], run[-1][1]
        while start > 0 and text[start - 1] in "{[":
            start -= 1
        spans.append((start, _GAP.match(text, end).end()))
    return _pasted(config, text, spans) if config else None


def _pair(text: str, m: re.Match) -> tuple[int, str, object] | None:
    """(where it ends, key, value) of a key and the value after it, or None where it is no config's key."""
    key, at, spaced = m.group("key"), m.end(), not m.group("sep").strip()
    quoted = bool(m.group("q"))
    if key not in CONFIG_KEYS and not (quoted and not spaced):
        return None  # a word with "_" in prose, or a setting of something else ("gpu_memory_utilization=0.9")
    if key == "rope_scaling" and not text.startswith("{", at):
        return _rope_words(text, at)
    code = text[at : at + 1] if text[at : at + 1] in "`'" else ""  # a value in `inline code` or 'quotes'
    if key in COUNTS and (grouped := _GROUPED.match(text, at + len(code))) is not None:
        # "vocab_size: 128,256", "128.256": a count written with thousands separators, not 128 and a list
        return grouped.end() + len(code), key, int(re.sub(r"\D", "", grouped.group()))
    try:
        value, end = _literal(text, at + len(code))
        if code and not text.startswith(code, end):
            return None
        end += len(code)
    except ValueError:
        word = _WORD.match(text, at)
        if word is None or (spaced and key not in WORD_KEYS and word.group().lower() not in _LITERALS):
            return None
        value, end = _LITERALS.get(word.group().lower(), word.group()), word.end()
    else:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            tail = _NUMBER_END.match(text, end)
            if tail is None:
                return None  # "8b", "4096x": not a value of a config
            if tail.group():
                value, end = int(value * 1024), tail.end()  # "max_position_embeddings: 32k"
        elif spaced and isinstance(value, str) and key not in WORD_KEYS:
            return None
    return end, key, value


def _literal(text: str, at: int) -> tuple[object, int]:
    """The JSON value at `at` and where it ends; an object or list written as Python's repr() writes it
    ({'type': 'yarn', 'factor': 4.0}) is read too. Raises ValueError where there is none."""
    try:
        return json.JSONDecoder().raw_decode(text, at)
    except ValueError:
        if not text.startswith(("{", "["), at):
            raise
    close = text.find("}" if text[at] == "{" else "]", at)
    try:
        value = ast.literal_eval(text[at : close + 1]) if close > 0 else None
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = None
    if not isinstance(value, (dict, list)):
        raise ValueError("no value")
    return value, close + 1


# Python's and YAML's words for JSON's true/false/null, as a pasted repr() or YAML writes them.
_LITERALS = {"true": True, "false": False, "none": None, "null": None}


def _rope_words(text: str, at: int) -> tuple[int, str, dict] | None:
    """rope_scaling's parts written without its object: {"rope_type": …, "factor": …, …}."""
    rope: dict = {}
    while (part := _ROPE_PART.match(text, at)) is not None:
        name, value = part.group("part"), part.group("value")
        name = "rope_type" if name == "type" else name
        if name in rope:
            break
        if name == "rope_type":
            rope[name] = value.lower()
        else:
            try:
                rope[name] = float(value) if name == "factor" else int(value)
            except ValueError:
                return None
        at = part.end()
    return (at, "rope_scaling", rope) if "factor" in rope else None


@functools.cache
def _words(section: str) -> str:
    """A word list of sizing/data/pasted.toml, every language's, as one group (longest first)."""
    lists = tomlfiles.load(DATA_DIR / "pasted.toml")[section].values()
    return alternation([w for words in lists for w in words])


@functools.cache
def _standing_words() -> re.Pattern:
    """The words that stand for the pasted model, as whole words."""
    return re.compile(rf"(?<![\w/.-]){_words('words')}(?![\w/-])")


@functools.cache
def _fine_tune_of() -> re.Pattern:
    """The words that make the pasted model a fine-tune of the model named right after them ("o", "the" between)."""
    return re.compile(rf"(?<![\w/.-]){_words('fine_tune_of')}\s*(?:(?:o|a|the)\s+)?$")


def in_its_place(pasted: Pasted) -> str | None:
    """The question with the pasted model where its words stand for it ("meu modelo ou o llama 3.1 8b? {…}" ->
    "pasted/config-… ou o llama 3.1 8b?"), so that a choice or comparison said in words weighs it like any
    model named there; None where no word stands for it."""
    m = _standing_words().search(strip_accents(pasted.rest))  # one letter for one: the places stay
    if m is None:
        return None
    return f"{pasted.rest[: m.start()]} {pasted.repo} {pasted.rest[m.start() :]}".strip()


def question_text(pasted: Pasted, parse: Callable[[str], Query]) -> str:
    """The text to read of a question with a whole model pasted in it: with the pasted model where its words
    stand (in_its_place) when that makes a question, else where it was pasted. A model the question names
    beside it with no word of comparing is asked about (beside_named). parse() reads a text (a surface's own,
    with its cache)."""
    placed = in_its_place(pasted)
    # where its words made no question of it ("o config" of another sentence), it is read where it was pasted
    if placed is not None and _refused(parse, placed) is None:
        return placed
    refused = _refused(parse, pasted.text)
    if refused is None:
        return pasted.text
    tuned = _without_base(pasted.text, refused, pasted.repo)
    if tuned is not None and _refused(parse, tuned) is None:
        return tuned
    raise beside_named(refused, pasted) from None


def _refused(parse: Callable[[str], Query], text: str) -> QueryError | None:
    """Why parse() refuses the text, or None where it reads it as a question."""
    try:
        parse(text)
    except QueryError as e:
        return e
    return None


def _without_base(text: str, e: QueryError, repo: str) -> str | None:
    """The text without the model the pasted one is said to be a fine-tune of ("um fine-tune do llama 3.1 8b"),
    when a contradiction between the two is what refused it; None otherwise."""
    typed = [str(e.params.get(k) or "") for k in ("first", "second")]
    if e.key != "query.contradiction" or repo not in typed:
        return None
    other = next(t for t in typed if t != repo)
    at = text.lower().find(other.lower())
    said = _fine_tune_of().search(strip_accents(text[:at])) if at > 0 else None
    return None if said is None else f"{text[: said.start()]} {text[at + len(other) :]}".strip()


def beside_named(e: QueryError, pasted: Pasted) -> QueryError:
    """A whole config pasted beside a model the question names with no word of comparing ("llama 3.1 8b para
    20 usuários {…}"): which is meant, asked with the named model's name; the pasted model's id, which no user
    knows, had been shown as a contradiction. Any other refusal as it was."""
    typed = [str(e.params.get(k) or "") for k in ("first", "second")]
    if e.key != "query.contradiction" or e.params.get("what") != "model" or pasted.repo not in typed:
        return e
    other = next(t for t in typed if t != pasted.repo)
    try:
        name = resolve_model(other, load_catalog()).model.name
    except SizingError:
        name = other
    asked = QueryError("pasted_beside_model", hint="pasted_beside_model", model=name)
    asked.asked_lang, asked.written_lang = e.asked_lang, e.written_lang
    return asked


def or_other_file(text: str, parse: Callable[[], Query]) -> Query:
    """parse() of a question with no config in it; refused, when what was pasted is a generation_config.json
    or tokenizer_config.json, by naming the file to paste instead."""
    try:
        return parse()
    except QueryError as refused:
        file = other_file(text)
        if file is None:
            raise
        error = QueryError("pasted_other_file", hint="model_examples", file=file)
        error.asked_lang, error.written_lang = refused.asked_lang, refused.written_lang
        raise error from None


def other_file(text: str) -> str | None:
    """The file pasted when it is a model's generation_config.json or tokenizer_config.json, which say nothing
    of the architecture: the answer names the file to paste instead."""
    straight = text.translate(CURLY)
    for _, _, found in _objects(straight):
        if name := _file_of(found.keys()):
            return name
    keys = {m.group("key") for m in _KEY.finditer(straight) if m.group("sep").strip()}
    return _file_of(keys)


def _file_of(keys) -> str | None:
    keys = set(keys)
    if keys & ARCH_KEYS:
        return None
    for name, own in OTHER_FILES.items():
        if len(keys & own) >= 2:
            return name
    return None


def _is_model_config(config: dict) -> bool:
    inner = config.get("text_config") if isinstance(config.get("text_config"), dict) else {}
    return any(key in config or key in inner for key in ARCH_KEYS)


def _digest(config: dict) -> str:
    canonical = json.dumps(config, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:12]


class UnreadableConfig(SizingError):
    """A pasted config.json that does not describe a model we can size, said in the answer's language with
    the Hub reader's own reasons (hub_unsupported.<reason>)."""

    def __init__(self, reason: str, params: dict[str, str], name: str | None = None) -> None:
        # The reason in the params too: refusals are rendered once per key and params (bot/pipeline.py), and
        # two configs refused for different reasons had been answered with the first one's.
        detail = f"{reason} {sorted(params.items())}"
        super().__init__("pasted_keys_unreadable" if name else "pasted_unreadable", "model_examples",
                         reason=detail, name=name or "")  # fmt: skip
        self.reason, self.reason_params, self.name = reason, dict(params), name

    def message(self, lang: str = "pt-BR") -> str:
        reason = i18n.t(lang, f"hub_unsupported.{self.reason}", **self.reason_params)
        return i18n.t(lang, f"error.{self.key}", reason=reason, name=self.name or "")


def read(pasted: Pasted) -> ModelEntry:
    """model_for(), refused as a SizingError the answer words in its language."""
    try:
        return model_for(pasted)
    except Unsupported as e:
        raise UnreadableConfig(e.reason, e.params) from None


def model_for(pasted: Pasted) -> ModelEntry:
    """The architecture the config describes, its parameters counted from it (there are no weight files to
    read), in the precision it declares. Raises Unsupported as the Hub reader does."""
    config = pasted.config
    missing = [
        k for k in ("hidden_size", "num_attention_heads", "vocab_size") if k not in text_config(config)
    ]
    if not any(k in text_config(config) for k in DEPTH_KEYS):
        missing.insert(0, "num_hidden_layers")
    if missing:  # every key it lacks at once, not one a paste
        raise Unsupported("config_lacks", key=", ".join(f"'{k}'" for k in missing))
    check(config)
    arch = architecture(config)
    arch.pop("assumed_keys", None)  # the pasted keys' own defaults below say what was assumed
    inner = text_config(config)
    assumed = [
        f"{keys[0]} = {arch[field]}{why}"
        for keys, field, why in _DEFAULTS
        if not any(k in inner for k in keys) and field in arch
    ]
    precision = quant_precision(config, config.get("quantization_config"))
    entry = {
        "id": entry_id(pasted.repo),
        "name": _name(config),
        "hf_repos": [pasted.repo],
        "params_official_billions": 1.0,  # replaced below by the architecture's own count
        "params_official_text": "",
        "native_precision": None if precision in ("bf16", "fp32") else precision,
        "source": "config.json pasted in the question (parameters counted from the architecture)",
        "assumed_keys": assumed,
        **arch,
    }
    try:
        params = msgspec.convert(entry, ModelEntry, strict=False).params
    except (ValueError, TypeError, KeyError, ZeroDivisionError) as e:
        raise Unsupported("bad_config") from e
    return msgspec.convert(
        {
            **entry,
            "params_official_billions": params / 1e9,
            "params_official_text": f"{params / 1e9:.2f}B (config.json)",
        },
        ModelEntry,
        strict=False,
    )


# The keys architecture() does without, the field it fills and how (hub/describe.py: no GQA as transformers'
# configs default num_key_value_heads to num_attention_heads, a 4x feed-forward, 4,096 positions).
_DEFAULTS = (
    (("num_key_value_heads", "num_kv_heads"), "num_kv_heads", " (num_attention_heads)"),
    (("intermediate_size",), "intermediate_size", " (4 × hidden_size)"),
    (("max_position_embeddings", "max_sequence_length"), "max_context", ""),
)


def _name(config: dict) -> str:
    """What the answer calls it: the checkpoint's own name when the config kept it, else its architecture."""
    path = str(config.get("_name_or_path") or "").rstrip("/\\")
    own = os.path.basename(path.replace("\\", "/")) if path else ""
    kinds = config.get("architectures")
    kind = kinds[0] if isinstance(kinds, list) and kinds and isinstance(kinds[0], str) else ""
    label = own or kind or str(config.get("model_type") or "")
    return f"{label} (config.json)" if label else "config.json"


# Counts a config.json holds (layers, widths, heads, tokens): whole numbers above zero, or the model has no shape.
COUNTS = (*DEPTH_KEYS, "hidden_size", "num_attention_heads", "num_key_value_heads", "num_kv_heads", "head_dim",
          "intermediate_size", "vocab_size", "max_position_embeddings", "max_sequence_length", "num_experts",
          "num_local_experts", "n_routed_experts", "num_experts_per_tok", "moe_intermediate_size")  # fmt: skip


def check(config: dict) -> None:
    """The values a model cannot have, each said by its key: a count that is not a whole number above zero,
    heads that do not split the width (transformers' attention splits hidden_size into num_attention_heads
    heads of head_dim unless head_dim is given) or KV heads that do not group the query heads (GQA)."""
    c = text_config(config)
    for key in COUNTS:
        value = c.get(key)
        if value is None or isinstance(value, list):
            continue  # absent, or one per layer (Gemma 3n's widths: architecture() reads them)
        whole = isinstance(value, (int, float)) and not isinstance(value, bool) and float(value).is_integer()
        if not whole or value <= 0:
            raise Unsupported("bad_value", key=f"'{key}'", value=json.dumps(value, ensure_ascii=False))
    h, heads = c.get("hidden_size"), c.get("num_attention_heads")
    # Multi-head latent attention sizes its heads by qk_nope_head_dim, qk_rope_head_dim and v_head_dim, never
    # hidden / heads (GLM-4.7-Flash: 20 heads over a 2,048 width; vLLM's ModelConfig.get_head_size takes
    # kv_lora_rank + qk_rope_head_dim for MLA).
    if h and heads and not c.get("head_dim") and not c.get("kv_lora_rank") and int(h) % int(heads):
        raise Unsupported("heads_split", hidden=str(int(h)), heads=str(int(heads)))
    kv = c.get("num_key_value_heads") or c.get("num_kv_heads")
    if heads and kv and int(heads) % int(kv):
        raise Unsupported("kv_split", heads=str(int(heads)), kv=str(int(kv)))
    rope = c.get("rope_scaling")
    if isinstance(rope, dict) and rope.get("factor") is not None:
        factor = rope["factor"]
        if isinstance(factor, bool) or not isinstance(factor, (int, float)) or factor <= 0:
            raise Unsupported("bad_value", key="'rope_scaling.factor'", value=json.dumps(factor))


def unread(pasted: Pasted, name: str) -> tuple[str, UnreadableConfig]:
    """Keys beside a model whose architecture was not read (a repo the Hub did not show, sized by its name
    alone): why they cannot change it, under the id the changed model would have had."""
    return CHANGED + _digest({"base": name, **pasted.config}), UnreadableConfig("unread_base", {}, name)


def over(pasted: Pasted, base: ModelEntry) -> tuple[str, ModelEntry | UnreadableConfig]:
    """The model the question names with the pasted keys changing its architecture ("llama 3.1 8b com
    max_position_embeddings: 32768"): its repo id and entry. Each key goes through architecture() as a
    config.json's would, over the config the catalogue's entry would have, and what the keys change replaces the
    entry's own (experts, latent attention, layer patterns the keys do not touch stay the catalogue's). A value
    no model has gets the UnreadableConfig that says which, in place of the entry."""
    keys = pasted.config
    repo = CHANGED + _digest({"base": base.id, **keys})
    try:
        return repo, _changed(base, keys, repo)
    except UnreadableConfig as refused:
        return repo, refused


def _changed(base: ModelEntry, keys: dict, repo: str) -> ModelEntry:
    before = _config_of(base)
    after = {**before, **keys}
    try:
        check(after)
        was, now = architecture(before), architecture(after)
    except Unsupported as e:
        raise UnreadableConfig(e.reason, e.params, base.name) from None
    # A pasted rope_scaling sets the context as vLLM derives it (describe.rope_context); Qwen2.5's cards:
    # factor 4 over 32,768 for 131,072 tokens.
    changed = {k: v for k, v in now.items() if was.get(k) != v}
    entry = msgspec.to_builtins(base)
    entry.update(changed)
    entry.update(
        id=entry_id(repo),
        name=f"{base.name} ({_said(keys)})",
        hf_repos=[repo],
        aliases=[],
        releases=[],
        release=None,
        derivatives=[],
        gguf_files=[],
        params_official_excludes_embeddings=False,
        params_official_scope=None,
        source=f"{base.source} ; keys pasted in the question: {_said(keys)}",
    )
    if "max_context" in changed:
        # The context the pasted keys give is the one a server runs: the card's own rope scaling (Qwen2.5's
        # YaRN to 131,072) was for the config they replace.
        for field in ("extended_context", "extended_context_method", "extended_context_prefill",
                      "extended_context_minimum_gb", "extended_context_config"):  # fmt: skip
            entry.pop(field, None)
    try:
        params = msgspec.convert(entry, ModelEntry, strict=False).params
        model = msgspec.convert(
            {**entry, "params_official_billions": params / 1e9,
             "params_official_text": f"{params / 1e9:.2f}B (config.json)"},
            ModelEntry,
            strict=False,
        )  # fmt: skip
    except (ValueError, TypeError, KeyError, ZeroDivisionError, msgspec.ValidationError):
        raise UnreadableConfig("bad_config", {}, base.name) from None
    return model


def _config_of(model: ModelEntry) -> dict:
    """The config.json keys of the catalogue entry's shape that architecture() reads back into it."""
    config = {
        "hidden_size": model.hidden_size,
        "num_hidden_layers": model.num_layers,
        "num_attention_heads": model.num_heads,
        "num_key_value_heads": model.num_kv_heads,
        "intermediate_size": model.intermediate_size or 4 * model.hidden_size,
        "vocab_size": model.vocab_size,
        "tie_word_embeddings": model.tie_embeddings,
        "max_position_embeddings": model.max_context,
    }
    if model.head_dim:
        config["head_dim"] = model.head_dim
    if model.id.startswith("gemma-3"):
        config["model_type"] = (
            "gemma3_text"  # its positions already are scaled: no pasted factor multiplies them
        )
    return config


def _said(keys: dict) -> str:
    """The keys that change the model, as the person pasted them: "max_position_embeddings 32768"."""
    said = []
    for key, value in keys.items():
        if key not in ARCH_KEYS:
            continue
        if isinstance(value, dict):
            value = " ".join(f"{k} {v:g}" if isinstance(v, float) else f"{k} {v}" for k, v in value.items())
        said.append(f"{key} {value}")
    return ", ".join(said)
