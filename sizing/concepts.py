"""The words of the answers, explained: "o que é quantização?", "what does TTFT mean?", "qual a diferença entre
LoRA e QLoRA?", "pra que serve a folga?". Each concept is named by the words under [concepts] in
sizing/data/vocabulary/*.toml and explained by concept.<key> of sizing/data/messages, with a worked number
the engine computes for a catalogue model (never a figure typed into the sentence), then how to ask for a
sizing (concept.<key>_ask). Asked with no model, the explanation is the answer; beside a model, a note
beside its sizing.

Also how long a model takes to load ("quanto tempo leva para carregar o llama 70b?", "cold start"): its
weights over the storage, network and PCIe rates that offering.toml [loading] assumes."""

from __future__ import annotations

import re
from functools import cache

from . import i18n, prefilter, regexes
from .catalog import Catalog, load_catalog
from .errors import SizingError
from .vocabulary import load_vocabulary

_VOCAB = load_vocabulary()

# The concepts, in the order they win where two start at the same word ("tokens por segundo" before "tokens").
CONCEPTS = (
    "kv_cache",
    "quantization",
    "qlora",
    "lora",
    "fine_tuning",
    "moe",
    "gqa",
    "context",
    "tokens_per_second",
    "ttft",
    "tokens",
    "parallelism",
    "zero",
    "offload",
    "batch",
    "headroom",
    "vllm",
)
_MISSING = set(_VOCAB.keys("concepts")) - {*CONCEPTS, "load_time"}
assert not _MISSING, f"vocabulary [concepts] without an explanation: {_MISSING}"


def _named(section: str, keys, before: str = "") -> re.Pattern:
    """One named group per key, from the words of `section`.<key> in the vocabulary, whole words only, after
    the optional words `before`."""
    groups = "|".join(f"(?P<{key}>{_VOCAB.pattern(f'{section}.{key}')})" for key in keys)
    return regexes.compile(rf"(?<![\w/-])(?:{before})?(?:{groups})(?![\w/-])")


_CONCEPT = _named("concepts", CONCEPTS)
# The contract modes by the words that choose one ([contracts] of the vocabulary): "o que é modo dedicado?",
# "what is reserved capacity?" ask what the mode is (answered from offering.toml, bot/fits_reply.py).
CONTRACT_MODES = ("on_demand", "project_package", "reserved", "dedicated")
# "a modalidade a pedido", "o plano reservado", "the on-demand plan" name the mode as its bare word does
_MODE = _named("contracts", CONTRACT_MODES, r"(?:modo|modalidade|plano|contrato|mode|plan)\s+(?:de\s+)?")

# A question word before the concept: "o que é", "oq é", "o que significa", "what is", "what does", "explica",
# "pra que serve", "como funciona", "define". Accent-free, lower case.
_ASK = (
    r"(?:o\s+)?(?:que|q|oq|oque)\s+(?:e|eh|sao|seria|significa|significam|quer\s+dizer|vem\s+a\s+ser)"
    r"|o\s+que\s+(?:e|eh)\s+que|oq|oque|what\s+(?:is|are|does|do)|what'?s|whats"
    r"|(?:me\s+)?expli(?:ca|que|cam|car|quem)\w*|explain\w*|(?:pra|para)\s+que\s+serve\w*|what\s+is\s+\w+\s+for"
    r"|como\s+(?:funciona\w*|calcula|se\s+calcula)|how\s+(?:does|do|is|to)|define|definicao(?:\s+de)?"
    r"|significado\s+de|meaning(?:\s+of)?"
    r"|conceito\s+de|entender\s+(?:o|a)\s+que\s+(?:e|eh)"
    # "quantas palavras é um token?", "how many words is a token?"
    r"|quant[ao]s\s+(?:palavras|caracteres|letras)\s+(?:e|eh|sao|tem|da|dao|vale|valem|cabem\s+em|formam)"
    r"|how\s+many\s+(?:words|characters|letters)\s+(?:is|are|make|in|per|does)"
)
# Words a question puts between its question word and the concept: articles, "esse tal de", "exatamente".
_BETWEEN = (
    r"(?:\s+(?:o|a|os|as|um|uma|the|an?|esse|essa|esses|essas|este|esta|isso|isto|tal|de|do|da|this|that|"
    r"exatamente|exactly|afinal|basicamente|basically|um\s+pouco))*"
)
_WHAT = regexes.compile(rf"\b(?:{_ASK}){_BETWEEN}\s+$")
# A question word anywhere: "como funciona o cache kv" asks what the KV cache is (sizing/query.py _kv_asked).
ASKS = regexes.compile(rf"\b(?:{_ASK})\b")
# The concept, then what asks its meaning: "TTFT significa o quê?", "lora quer dizer", "what TTFT stands for".
_MEANS = regexes.compile(
    r"^\W*(?:\s*(?:significa|significam|quer\s+dizer|means?|stands\s+for|e\s+o\s+que|e\s+oq|e\s+o\s+q))\b"
)
# Two concepts weighed: "qual a diferença entre LoRA e QLoRA", "fine-tuning vs treino do zero".
_DIFFERENCE = regexes.compile(r"\b(?:diferenca|diferencas|difference|differences|differ|distingue)\b")
# Where no model is named, "lora vs qlora", "lora ou qlora?", "tp e pp?" weigh them too (beside a model they
# say what to size: "llama 8b lora ou qlora" is a comparison, "com tp e pp" a layout).
_VERSUS_ALONE = regexes.compile(r"^\s*(?:vs\.?|versus|x|ou|or|e|and|contra)\s*$")
# A message of nothing but the concept and a question mark: "quantização?", "TTFT?".
_ALONE = regexes.compile(r"^\W*(?:e\s+(?:o|a|os|as)\s+|and\s+)?$")
_QUESTION_MARK = regexes.compile(r"^[\s?!.]*\?[\s?!.]*$")
# "quantos tokens tem um texto de 1000 palavras?", "how many tokens are in a 5-page report?": how long a text is
# in tokens, which the token's explanation answers (a count of words or pages had read as a question with no
# model). Only before a verb of measuring: "quantos tokens por segundo" asks a speed.
_HOW_MANY_BEFORE = regexes.compile(r"\b(?:quant[ao]s|how\s+many)\s+$")
_HOW_MANY_AFTER = regexes.compile(
    r"^\s+(?:tem|teria|sao|seriam|da|dao|daria|ocupa\w*|gasta\w*|vira\w*|equivale\w*|corresponde\w*"
    r"|is|are|in|does|do|would|make|makes)\b"
)


# What follows a concept when a model's value is asked, not the word's meaning: "what is the latency of llama
# 70b", "o que é o contexto máximo do qwen3?" (the sizing answers it).
_OF_A_MODEL = regexes.compile(
    r"\s+(?:\w+\s+)?(?:do|da|dos|das|de|of|for|para|pra|pro|no|na|in|on|with|com|desse|dessa|this)\b"
)


# Concepts that are no choice of a sizing: asked of a model ("o que é MoE no qwen3 235b?", "o que é GQA no llama
# 70b?") they ask their meaning, explained with that model's figures. The others asked of a model ask its value or
# a sizing ("what is the latency of llama 70b", "diferença de memória entre lora e qlora pro llama 70b"), which
# the sizing answers.
_MEANING_OF_A_MODEL = frozenset({"moe", "gqa"})


def asked(
    plain: str,
    weigh_alike: bool = False,
    beside: bool = False,
    words: re.Pattern = _CONCEPT,
    told: tuple[set[str], int, int] | None = None,
) -> list[tuple[str, int, int]]:
    """The concepts a question asks the meaning of (accent-free, lower case), each with where its words and
    its question word stand, in the text's order: a question word before or a "significa" after a concept,
    two concepts weighed ("diferença entre X e Y", "X vs Y"), or a concept alone with its question mark. A
    concept's words with nothing asking their meaning ("llama 70b tp 2", "batch de 32") are not asked.
    `weigh_alike`: where no model is named, two words joined by "vs", "ou" or "e" weigh them ("fine-tuning vs
    treino do zero", "awq ou gptq?"); beside a model a word of difference must come before them, as "lora vs
    qlora", "tp e pp" or "int4 ou fp8" there say what to size. `beside`: a model is named, and a concept asked
    of it ("what is the latency of llama 70b?") asks its value, which the sizing gives, not its meaning.
    `words`: the named groups read as concepts (the contract modes for modes_asked). `told`: what the reader
    gathered of the text (sizing/prefilter.py may_search): most questions hold no concept's word, and the
    search for one took ~12 µs to say so."""
    if told is not None and not prefilter.may_search(words, plain, told):
        return []
    found = [(m.lastgroup, m.start(), m.end()) for m in words.finditer(plain)]
    if not found:
        return []
    out: dict[str, tuple[int, int]] = {}
    difference = _DIFFERENCE.search(plain)
    for i, (key, start, end) in enumerate(found):
        what = _WHAT.search(plain, 0, start)
        after = _MEANS.match(plain[end:])
        # two of them weighed: joined by "e", "vs", "ou", after a word of difference unless weigh_alike
        weighed = False
        for j in (i - 1, i + 1):
            if not 0 <= j < len(found):
                continue
            first, second = sorted((found[i], found[j]), key=lambda f: f[1])
            after_difference = difference is not None and difference.start() < first[1]
            joined = _VERSUS_ALONE.match(plain[first[2] : second[1]]) is not None
            weighed = weighed or (joined and (weigh_alike or after_difference))
        alone = (
            len(found) == 1 and _ALONE.match(plain[:start]) and _QUESTION_MARK.match(plain[end:]) is not None
        )
        if beside and not after and key not in _MEANING_OF_A_MODEL and _OF_A_MODEL.match(plain, end):
            continue
        how_long = (
            key == "tokens"
            and _HOW_MANY_BEFORE.search(plain, 0, start)
            and _HOW_MANY_AFTER.match(plain[end:])
        )
        if how_long:
            what = how_long
        if what or after or weighed or alone:
            begin = what.start() if what else start
            out.setdefault(key, (begin, end + (after.end() if after else 0)))  # type: ignore[misc]
    return [(key, *span) for key, span in out.items()]


def modes_asked(plain: str) -> list[str]:
    """The contract modes a question with no model asks the meaning of: "o que é modo dedicado?", "modo
    dedicado vs sob demanda", "qual a diferença entre reservado e dedicado?", in the text's order."""
    return [key for key, _, _ in asked(plain, weigh_alike=True, words=_MODE)]


# A GPU's name after a question word: "o que é uma H100?", "what is an L40S?", "o que é a placa A100?".
_WHAT_GPU = regexes.compile(
    rf"\b(?:{_ASK}){_BETWEEN}\s+(?:(?:placa|gpu|nvidia)\s+)*[a-z]{{1,4}}\s?\d{{2,4}}[a-z]?\b"
)


def asks_what_gpu(plain: str) -> bool:
    """Whether the question asks what a GPU is ("o que é uma H100?"): its facts are said first (its memory,
    bandwidth and TFLOPS, gpus.toml), then what fits on it."""
    return _WHAT_GPU.search(plain) is not None


# How long a model takes to load: the vocabulary's phrases ("cold start", "tempo de carregamento"), or "quanto
# tempo" / "how long" before a verb of loading whose object is no machine ("subir uma máquina" asks when it is
# delivered: sizing/topics.py provisioning).
_LOAD_WORDS = regexes.compile(rf"(?<!\w)(?:{_VOCAB.pattern('concepts.load_time')})(?!\w)")
_LOAD_ASKED = regexes.compile(
    r"\b(?:quanto\s+tempo|qnto\s+tempo|quanto\s+demora|demora\s+quanto|how\s+long|how\s+fast|how\s+quickly)"
    r"(?:\s+[\w.-]+){0,6}?\s+(?:carrega\w*|subi\w*|sobe|baixa\w*|download\w*|load\w*|inicializa\w*|arranca\w*|"
    r"boot\w*|spin\s+up)\b"
    r"(?!\s+(?:uma|um|a|as|o|os|an?|the|de|da|do)?\s*(?:\d+\s*)?(?:maquina|servidor|instancia|gpu|placa|machine|server|"
    r"instance|node|cluster)s?\b)"
)


def load_time_asked(plain: str, told: tuple[set[str], int, int] | None = None) -> re.Match | None:
    """ "quanto tempo leva para carregar o llama 70b?", "tempo de cold start", "how long to download the
    weights?": the time the weights take to reach the GPUs, not a machine's delivery. `told`: what the reader
    gathered of the text (prefilter.may_search): nearly no question asks it, and the two patterns took ~2 us."""
    return prefilter.search(_LOAD_WORDS, plain, told) or prefilter.search(_LOAD_ASKED, plain, told)


def explain(keys: list[str] | tuple[str, ...], lang: str, ask: bool = True, model: str | None = None) -> str:
    """The concepts explained in `lang`, one paragraph each, with the example that asks for a sizing after
    the last one when `ask` (the answer to a question with no model); without it, a note beside a sizing.
    `model`: the model the question names (as a workload names it), whose own figures the concepts of
    _OWN_FIGURES show; with none, they show their example model's, said to be an example."""
    paragraphs = [_explained(key, lang, model) for key in keys]
    if ask and keys and keys[-1] != "kv_cache":  # the KV cache's sentence ends with how to ask already
        paragraphs[-1] += " " + i18n.t(lang, f"concept.{keys[-1]}_ask")
    return "\n\n".join(paragraphs)


def _explained(key: str, lang: str, model: str | None = None) -> str:
    if key == "kv_cache":  # the sentence "o que é kv cache?" had before these concepts, its example included
        figures = kv_example()
        per_token = figures.pop("per_token_bytes")
        figures["per_token"] = i18n.kib(per_token, lang)
        figures["per_conversation"] = i18n.gb(figures.pop("per_conversation_bytes"), lang)
        figures["context"] = i18n.context(figures["context"], lang)
        return i18n.t(lang, "error.query.topic_kv_cache", **figures)
    if key not in _OWN_FIGURES:
        return i18n.t(lang, f"concept.{key}", **_FIGURES[key](lang))
    lead = ""
    if model is not None:
        try:
            return i18n.t(lang, f"concept.{key}", **_OWN_FIGURES[key](lang, model))
        except SizingError:
            pass  # a model the engine cannot size this way ("fine-tune do gpt-4o"): the example's figures
        except _NotOfThisModel as missing:
            # "o que é MoE no llama 70b?": the model asked about has none, said before the example's
            lead = i18n.t(lang, missing.key, **missing.params) + " "
    figures = _OWN_FIGURES[key](lang, _EXAMPLE_MODEL[key])
    return lead + i18n.t(
        lang, f"concept.{key}", **{**figures, "model": i18n.t(lang, "concept.example_model", **figures)}
    )


KV_EXAMPLE_MODEL = "llama-3.1-8b"  # a model most customers know, with grouped-query attention (8 KV heads)
KV_EXAMPLE_CONTEXT = 8192


def kv_example(catalog: Catalog | None = None) -> dict:
    """The KV cache's formula in one catalogue model's figures at 16 bits (sizing/kv_cache.py), unformatted."""
    from .kv_cache import bytes_per_token

    a = entry = (catalog or load_catalog()).model(KV_EXAMPLE_MODEL)  # a ModelEntry is its Architecture
    per_token = bytes_per_token(a, 2)
    return {
        "model": entry.name,
        "layers": a.num_layers,
        "kv_heads": a.num_kv_heads,
        "head_dim": a.dim_per_head,
        "per_token_bytes": per_token,
        "context": KV_EXAMPLE_CONTEXT,
        "per_conversation_bytes": per_token * KV_EXAMPLE_CONTEXT,
        "example": f"{entry.name.lower()} {KV_EXAMPLE_CONTEXT // 1024}k",
    }


@cache
def _sized(model: str, **fields):
    """The engine's answer to a workload of ours, for a worked number: the figures a user gets by asking it
    (each caller's example says the same workload in words)."""
    from .engine import size
    from .workload import Workload

    return size(Workload.given({"model": model, **fields}))


def _gpus(result, lang: str) -> str:
    rec = result.recommendation
    if rec is None:  # a model asked about may need more than we rent ("full fine-tune do deepseek v3")
        return i18n.t(lang, "concept.no_setup")
    return f"{rec.count}× {rec.gpu_name}"


def _quantization(lang: str, model: str) -> dict:
    widths = {bits: _sized(model, precision=bits) for bits in ("bf16", "fp8", "int4")}
    return {
        "model": widths["bf16"].workload.model.name,
        **{f"w_{b}": i18n.gb(r.memory.weights, lang) for b, r in widths.items()},
        **{f"gpus_{b}": _gpus(r, lang) for b, r in widths.items()},
    }


def _trained(lang: str, model: str) -> dict:
    runs = {kind: _sized(model, stage=kind) for kind in ("full", "lora", "qlora")}
    full, lora, qlora = runs.values()
    return {
        "model": full.workload.model.name,
        "seq": i18n.number(full.workload.seq_len or 0, lang),
        "full": i18n.gb(full.memory.total, lang),
        "lora": i18n.gb(lora.memory.total, lang),
        "qlora": i18n.gb(qlora.memory.total, lang),
        "full_gpus": _gpus(full, lang),
        "lora_gpus": _gpus(lora, lang),
        "qlora_gpus": _gpus(qlora, lang),
        "lora_weights": i18n.gb(lora.memory.weights, lang),
        "qlora_weights": i18n.gb(qlora.memory.weights, lang),
    }


# Llama 3's pre-training set: "over 15T tokens" (Llama 3 Herd of Models, arXiv:2407.21783, section 3.1).
PRETRAIN_TOKENS = 15e12
PRETRAIN_GPU = "h100-sxm"


def _fine_tuning(lang: str, model: str) -> dict:
    catalog = load_catalog()
    trained = _trained(lang, model)
    entry = _sized(model, stage="full").workload.model
    gpu = catalog.gpu(PRETRAIN_GPU)
    # Training FLOPs ≈ 6 · parameters · tokens (Kaplan et al. 2020, arXiv:2001.08361), the parameters a token
    # touches for a MoE (DeepSeek-V3's report, arXiv:2412.19437, counts its 37B active), at the MFU
    # offering.toml gives the GPU's architecture
    flops = 6 * entry.active_params * PRETRAIN_TOKENS
    mfu = catalog.offering.training.mfu_by_architecture.get(gpu.architecture, catalog.offering.training.mfu)
    hours = flops / (gpu.bf16_dense_tflops * 1e12 * mfu) / 3600
    return {
        **trained,
        "tokens": i18n.count(PRETRAIN_TOKENS, lang),
        "gpu": gpu.name,
        "mfu": i18n.percent(mfu, lang),
        "pretrain_hours": i18n.number(round(hours, -3), lang),
    }


class _NotOfThisModel(Exception):
    """The model asked about has no such feature (a dense model's MoE, a model with no GQA): the answer says so
    in the message `key` and explains with the example model."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key, self.params = key, params


def _architecture(model: str):
    """The catalogue's (or a release's) architecture for the model as a workload names it."""
    from .names import resolve_model

    return resolve_model(model, load_catalog()).model


def _moe(lang: str, model: str) -> dict:
    a = _architecture(model)
    if a.moe is None:
        raise _NotOfThisModel("concept.moe_dense", model=a.name, total=i18n.params(a.params, lang))
    sized = _sized(model)
    weights = sized.memory.weights
    return {
        "model": sized.workload.model.name,
        "total": i18n.params(a.params, lang),
        "active": i18n.params(a.active_params, lang),
        "experts": a.moe.experts,
        "top_k": a.moe.experts_per_token,
        "weights": i18n.gb(weights, lang),
        # a token reads its experts' weights only: the active share of the bytes
        "active_weights": i18n.gb(weights * a.active_params / a.params, lang),
        "gpus": _gpus(sized, lang),
    }


# MLA's example beside GQA: the model that introduced it at scale (DeepSeek-V2's attention, in V3 too).
_MLA_EXAMPLE = "deepseek-v3"


def _gqa(lang: str, model: str) -> dict:
    from .kv_cache import bytes_per_token

    a = _architecture(model)
    latent = load_catalog().model(_MLA_EXAMPLE)
    if a.mla is not None:
        raise _NotOfThisModel(
            "concept.gqa_mla", model=a.name, per_token=i18n.kib(bytes_per_token(a, 2), lang)
        )
    if a.num_kv_heads >= a.num_heads:
        raise _NotOfThisModel("concept.gqa_mha", model=a.name, heads=a.num_heads,
                              per_token=i18n.kib(bytes_per_token(a, 2), lang))  # fmt: skip
    per_token = bytes_per_token(a, 2)
    return {
        "model": a.name,
        "heads": a.num_heads,
        "kv_heads": a.num_kv_heads,
        "per_token": i18n.kib(per_token, lang),
        # with a key and a value head for every query head, as multi-head attention keeps them
        "mha_per_token": i18n.kib(per_token * a.num_heads / a.num_kv_heads, lang),
        "ratio": a.num_heads // a.num_kv_heads,
        "mla_model": latent.name,
        "mla_per_token": i18n.kib(bytes_per_token(latent, 2), lang),
    }


def _context(lang: str) -> dict:
    from .kv_cache import bytes_per_token

    model = load_catalog().model("llama-3.1-8b")
    plain = _sized("llama-3.1-8b")
    per_token = bytes_per_token(model, 2)
    return {
        "model": model.name,
        "max": i18n.context(model.max_context, lang),
        "per_token": i18n.kib(per_token, lang),
        "full": i18n.gb(per_token * model.max_context, lang),
        "weights": i18n.gb(plain.memory.weights, lang),
        "default": i18n.number(plain.workload.context_tokens, lang),
    }


def _tokens(lang: str) -> dict:
    lengths = load_catalog().traffic.lengths
    return {
        "per_word": i18n.number(lengths.tokens_per_word, lang, 1),
        "thousand": i18n.number(1000 * lengths.tokens_per_word, lang),
        "page": i18n.number(lengths.tokens_per_page, lang),
    }


def _speed(lang: str) -> dict:
    r = _sized("llama-3.1-8b", users=10)
    gpu = load_catalog().gpu(r.recommendation.gpu)  # the GPU the estimates are of
    per_user = r.estimates.decode_tokens_per_s_per_user
    return {
        "model": r.workload.model.name,
        "gpu": gpu.name,
        "bandwidth": f"{i18n.number(gpu.bandwidth_gb_s, lang)} GB/s",
        "weights": i18n.gb(r.memory.weights, lang),
        # each new token reads every weight once: the memory bandwidth over the weights' bytes bounds one
        # conversation's speed (the roofline of decoding, as vLLM's and NVIDIA's guides put it)
        "ceiling": i18n.number(gpu.bandwidth_gb_s * 1e9 / r.memory.weights, lang),
        "users": r.workload.users,
        "per_user": i18n.number(per_user, lang),
        "total": i18n.number(r.estimates.decode_tokens_per_s_total, lang),
        "ttft": i18n.number(r.estimates.time_to_first_token_s, lang, 2),
        "prompt": i18n.number(r.workload.load.prompt_tokens, lang),
        "tpot": i18n.number(1000 / per_user, lang),
    }


def _parallelism(lang: str) -> dict:
    r = _sized("llama-3.1-70b")
    rec = r.recommendation
    return {
        "model": r.workload.model.name,
        "weights": i18n.gb(r.memory.weights, lang),
        "gpus": _gpus(r, lang),
        "tp": rec.tensor_parallel,
        "per_gpu": i18n.gb(rec.per_gpu.weights, lang),
    }


# What mixed-precision training with Adam keeps a parameter: 2 bytes of FP16/BF16 weights, 2 of gradients and
# 12 of FP32 master weights, momentum and variance (Rajbhandari et al. 2019, "ZeRO", arXiv:1910.02054, 3.1).
STATE_BYTES_PER_PARAM = 16
ZERO_GPUS = 8


def _zero(lang: str, name: str) -> dict:
    model = _sized(name, stage="full").workload.model
    state = model.params * STATE_BYTES_PER_PARAM
    return {
        "model": model.name,
        "params": i18n.params(model.params, lang),
        "state": i18n.gb(state, lang),
        "n": ZERO_GPUS,
        "per_gpu": i18n.gb(state / ZERO_GPUS, lang),
    }


def _offload(lang: str) -> dict:
    catalog = load_catalog()
    gpu = catalog.gpu("h100-sxm")
    pcie = catalog.offering.loading.host_to_device_gb_per_s
    return {
        "gpu": gpu.name,
        "hbm": f"{i18n.number(gpu.bandwidth_gb_s, lang)} GB/s",
        "pcie": f"{i18n.number(pcie, lang, 1)} GB/s",
        "ratio": i18n.number(gpu.bandwidth_gb_s / pcie, lang),
    }


def _batch(lang: str) -> dict:
    one = _sized("llama-3.1-8b", context=8192, users=1, gpu="l40s", gpus=1)
    many = _sized("llama-3.1-8b", context=8192, users=20, gpu="l40s", gpus=1)
    return {
        "model": many.workload.model.name,
        "context": i18n.context(many.workload.context_tokens, lang),
        "gpu": many.recommendation.gpu_name,
        "per_conversation": i18n.gb(many.kv_bytes_per_conversation, lang),
        "users": many.workload.users,
        "kv_total": i18n.gb(many.memory.kv_cache, lang),
        "weights": i18n.gb(many.memory.weights, lang),
        "one": i18n.number(one.estimates.decode_tokens_per_s_per_user, lang),
        "many": i18n.number(many.estimates.decode_tokens_per_s_per_user, lang),
        "total": i18n.number(many.estimates.decode_tokens_per_s_total, lang),
    }


def _headroom(lang: str) -> dict:
    catalog = load_catalog()
    gpu = catalog.gpu("h100-sxm")
    share = catalog.offering.serving.memory_utilization
    visible = gpu.memory_visible_mib * 2**20  # what CUDA reports, which the engine's share applies to
    return {
        "share": i18n.percent(share, lang),
        "flag": f"{share:g}",
        "gpu": gpu.name,
        "visible": i18n.gb(visible, lang),
        "usable": i18n.gb(visible * share, lang),
        "free": i18n.gb(visible * (1 - share), lang),
    }


def _vllm(lang: str) -> dict:
    share = load_catalog().offering.serving.memory_utilization
    return {"flag": f"{share:g}"}


# The concepts whose worked figures are one model's, which may be the model asked about ("qual a diferença
# entre lora e full fine-tuning do mistral 7b?"), and the example they show where none is named: a model most
# customers know, 70B for quantization (where 4 bits change which GPUs hold it).
_OWN_FIGURES = {
    "quantization": _quantization,
    "lora": _trained,
    "qlora": _trained,
    "fine_tuning": _fine_tuning,
    "zero": _zero,
    "moe": _moe,
    "gqa": _gqa,
}
_EXAMPLE_MODEL = {key: "llama-3.1-8b" for key in _OWN_FIGURES} | {
    "quantization": "llama-3.1-70b",
    "moe": "mixtral-8x7b",
    "gqa": "llama-3.1-70b",
}
_FIGURES = {
    "context": _context,
    "tokens": _tokens,
    "tokens_per_second": _speed,
    "ttft": _speed,
    "parallelism": _parallelism,
    "offload": _offload,
    "batch": _batch,
    "headroom": _headroom,
    "vllm": _vllm,
}


def load_time(weights: float, gpus: int, lang: str) -> str:
    """How long `weights` bytes take to reach `gpus` GPUs, at offering.toml's [loading] rates, as a note."""
    loading = load_catalog().offering.loading
    download = weights / (loading.download_gbit_per_s * 1e9 / 8)
    disk = weights / (loading.disk_read_gb_per_s * 1e9)
    # each GPU takes its share over its own PCIe link, all at once
    pcie = weights / gpus / (loading.host_to_device_gb_per_s * 1e9)
    return i18n.t(
        lang,
        "concept.load_time",
        weights=i18n.gb(weights, lang),
        download=_duration(download, lang),
        net=i18n.number(loading.download_gbit_per_s, lang),
        disk=_duration(disk, lang),
        disk_rate=f"{i18n.number(loading.disk_read_gb_per_s, lang, 1)} GB/s",
        pcie=_duration(pcie, lang),
        pcie_rate=f"{i18n.number(loading.host_to_device_gb_per_s, lang, 1)} GB/s",
    )


def _duration(seconds: float, lang: str) -> str:
    """Seconds under a minute and a half, minutes to the tenth under ten, whole minutes above: "~40 s"."""
    if seconds < 90:
        return f"~{i18n.number(max(seconds, 1), lang)} s"
    minutes = seconds / 60
    return f"~{i18n.number(minutes, lang, 1 if minutes < 10 else 0)} min"


def load_time_ask(lang: str) -> str:
    """The load time asked with no model: the model asked for, with the rates the answer will assume."""
    loading = load_catalog().offering.loading
    return i18n.t(
        lang,
        "concept.load_time_model",
        net=i18n.number(loading.download_gbit_per_s, lang),
        disk_rate=f"{i18n.number(loading.disk_read_gb_per_s, lang, 1)} GB/s",
        pcie_rate=f"{i18n.number(loading.host_to_device_gb_per_s, lang, 1)} GB/s",
    )
