"""Embedding and reranking models (sizing/data/encoders.toml): the GPU memory they take beside an LLM or alone,
and how long they take to encode a corpus.

An encoder keeps no KV cache: it reads a batch of texts in one forward pass and returns vectors (or scores).
Its memory is its weights at 16 bits, one batch's working buffer and its own process's memory outside PyTorch.
Its work is Kaplan et al. 2020's forward FLOPs (Scaling Laws for Neural Language Models, table 1): 2N per
token, plus 2 x layers x context x hidden per token for attention over the context.
"""

from __future__ import annotations

import functools
import math
import os
import re
from pathlib import Path
from typing import Literal

import msgspec

from . import serving, tomlfiles
from .catalog import DATA_DIR, GPU
from .performance import PREFILL_MFU
from .regexes import compile as rx
from .vocabulary import strip_accents

WEIGHT_BYTES = (
    2  # served at 16 bits (BF16/FP16), as Text Embeddings Inference and Sentence Transformers load them
)


class Encoder(msgspec.Struct, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["embedding", "reranker"]
    aliases: list[str] = []
    params: int
    # A mixture of experts' parameters that one token passes through (its routed experts): what its work
    # counts; None for a dense model, whose every parameter works on every token.
    active_params: int | None = None
    layers: int
    hidden_size: int
    intermediate_size: int
    max_tokens: int
    source: str


class Defaults(msgspec.Struct, kw_only=True, frozen=True):
    embedding: str
    reranker: str
    batch_sequences: int
    batch_tokens: int
    pages_per_document: int
    rerank_passages: int = 100


class Family(msgspec.Struct, kw_only=True, frozen=True):
    """Models of one family in several sizes: named with no size, its default, said so with the others."""

    name: str
    aliases: list[str]
    default: str
    members: list[str]
    source: str


class Table(msgspec.Struct, kw_only=True, frozen=True):
    defaults: Defaults
    encoder: list[Encoder]
    family: list[Family] = []


# A family's default as read, its id so marked: the reader passes an encoder's id on (sizing/query.py), and the
# plan says which size it took (plan._served_encoders), as "speech:" marks a Whisper named with no size.
FAMILY_MARK = "family:"


def table() -> Table:
    """The encoders' table: from the folder GPU_SIZER_DATA names, as the catalogues are (sizing/catalog.py),
    or the packaged one when that folder has none (an operator's copy made before this file existed)."""
    return _table(os.environ.get("GPU_SIZER_DATA") or "")


@functools.cache
def _table(folder: str) -> Table:
    return msgspec.convert(tomlfiles.load(data_path(folder, "encoders.toml")), Table)


def data_path(folder: str, name: str) -> Path:
    """A side table's file (encoders.toml, speech.toml) in the folder GPU_SIZER_DATA names, or the packaged one
    when that folder has none (an operator's copy made before the file existed)."""
    path = Path(folder) / name if folder else DATA_DIR / name
    return path if path.exists() else DATA_DIR / name


def name_key(text: str) -> str:
    """'BAAI/bge-m3', 'bge m3', 'BGE_M3' -> 'bge-m3': a name as its table's key."""
    plain = strip_accents(text.lower()).strip()
    return re.sub(r"[\s_-]+", "-", plain.rsplit("/", 1)[-1]).strip("-")


_key = name_key


def _by_key() -> dict[str, Encoder]:
    return _by_key_in(os.environ.get("GPU_SIZER_DATA") or "")


@functools.cache
def _by_key_in(folder: str) -> dict[str, Encoder]:
    found: dict[str, Encoder] = {}
    for e in _table(folder).encoder:
        for name in (e.id, e.name, *e.aliases):
            found[_key(name)] = e
    return found


# A kind's word with no model named ("embeddings", "reranker", "vetorização"): the table's default for it.
_GENERIC = {
    "embedding": rx(r"(?:text-)?(?:embed\w*|vetoriz\w*|vectori[sz]\w*)(?:-model)?"),
    "reranker": rx(r"re-?rank\w*|cross-encoder\w*"),
}


def resolve(typed: str) -> tuple[Encoder, bool] | None:
    """The encoder a name as typed stands for, and whether it was assumed (a kind's word, no model named);
    None when the table does not have it. A family named with no size ("multilingual e5") is its default, its
    id marked (FAMILY_MARK) for the answer to say so."""
    key = _key(typed)
    if (e := _by_key().get(key)) is not None:
        return e, False
    if (f := family_by_key(key)) is not None:
        return msgspec.structs.replace(by_id(f.default), id=FAMILY_MARK + f.default), False
    for kind, pattern in _GENERIC.items():
        if pattern.fullmatch(key):
            return by_id(getattr(table().defaults, kind)), True
    return None


def by_id(encoder_id: str) -> Encoder:
    encoder_id = encoder_id.removeprefix(FAMILY_MARK)
    return next(e for e in table().encoder if e.id == encoder_id)


def family_by_key(key: str) -> Family | None:
    return next((f for f in table().family if any(_key(a) == key for a in (f.name, *f.aliases))), None)


def family_said(encoder_id: str, lang: str) -> str | None:
    """ "Multilingual E5 sem tamanho: usei o ...": the size taken for a family named with none (an id marked
    FAMILY_MARK), with the family's other sizes and their parameters; None for a model named."""
    from . import i18n

    if not encoder_id.startswith(FAMILY_MARK):
        return None
    chosen = by_id(encoder_id)
    f = next(f for f in table().family if f.default == chosen.id)
    others = [by_id(m) for m in f.members if m != chosen.id]
    sizes = i18n.join([f"{e.name} ({i18n.params(e.params, lang)})" for e in others], lang)
    return i18n.t(lang, "encoders.assumed_family", family=f.name, name=chosen.name,
                  params=i18n.params(chosen.params, lang), others=sizes)  # fmt: skip


def batch_tokens(e: Encoder) -> int:
    d = table().defaults
    return d.batch_sequences * min(d.batch_tokens, e.max_tokens)


def weights(e: Encoder) -> int:
    return WEIGHT_BYTES * e.params


def buffer(e: Encoder) -> int:
    """One batch's working buffer: the live set of one layer's forward pass, as serving.forward_peak counts it
    for an LLM's prompt (residual stream and norm output, q/k/v, the MLP's widest three), over the batch's
    tokens in BF16; attention runs fused (FlashAttention/SDPA), keeping no context x context scores."""
    h = e.hidden_size
    return math.ceil(batch_tokens(e) * serving.ACTIVATION_BYTES * (4 * h + 3 * h + 3 * e.intermediate_size))


# An encoder runs in a server process of its own (TEI, Infinity, sentence-transformers) beside the LLM's, so it
# holds its own CUDA context besides cuBLAS's workspaces: nvidia-smi shows a PyTorch process at ~0.3-0.8 GB
# before it allocates a tensor (pytorch/pytorch#34323: 781 MB with eager module loading; CUDA 11.7+ loads
# kernels lazily, which cuts it to a few hundred MB). We count half a GiB.
PROCESS_OVERHEAD = int(0.5 * serving.GIB)


def overhead() -> int:
    """Its own server's memory outside PyTorch's tensors: a CUDA context and cuBLAS workspaces."""
    return PROCESS_OVERHEAD


def total(e: Encoder) -> int:
    return weights(e) + buffer(e) + overhead()


def flops_per_token(e: Encoder, context: int) -> float:
    # Kaplan et al. 2020, table 1: C_forward = 2N + 2 n_layer n_ctx d_attn per token, N being the parameters a
    # token passes through (a mixture of experts' active ones, as Fedus et al. 2021 count a Switch model's).
    n = e.active_params or e.params
    return 2 * n + 2 * e.layers * context * e.hidden_size


def seconds(e: Encoder, tokens: float, context: int, gpu: GPU) -> float:
    """Time to encode `tokens` in pieces of `context` tokens on one GPU, at PREFILL_MFU of its BF16 peak."""
    return tokens * flops_per_token(e, context) / (gpu.tflops("bf16") * 1e12 * PREFILL_MFU)


def named(typed: list[str]) -> tuple[list[tuple[Encoder, bool]], list[str]]:
    """The encoders names as typed stand for, each once, with whether it was assumed; and the names the table
    does not have. A kind's word ("embeddings") beside a model of that kind ("bge-large") is that model."""
    found: dict[str, tuple[Encoder, bool]] = {}
    unknown: list[str] = []
    kind_words = [name for name in typed if (hit := resolve(name)) is not None and hit[1]]
    for name in typed:
        hit = resolve(name)
        if hit is None:
            # "reranker bge", "bge ... reranker": a family read apart from its kind's word is the two together
            hit = next(
                (h for word in kind_words for both in (f"{word} {name}", f"{name} {word}")
                 if (h := resolve(both)) is not None),
                None,
            )  # fmt: skip
        # one model named twice, by its family and by its own name, is sized once, as named
        key = hit[0].id.removeprefix(FAMILY_MARK) if hit is not None else ""
        if hit is None:
            unknown.append(name)
        elif key not in found or (not hit[1] and found[key][0].id.startswith(FAMILY_MARK)) or found[key][1]:
            found[key] = hit
    # A kind's word beside a model the table lacks ("embeddings com o jina-embeddings-v3") is that model's, no
    # default's.
    kinds_named = {e.kind for e, assumed in found.values() if not assumed}
    picked = [
        (e, assumed) for e, assumed in found.values() if not (assumed and (unknown or e.kind in kinds_named))
    ]
    return picked, unknown
