"""Speculative decoding: what a drafter beside the served model keeps in GPU memory.

A drafter proposes a few tokens that the served model then checks in one forward pass. vLLM runs these kinds
(docs/features/speculative_decoding/: EAGLE, MTP, draft models, n-gram):

- a draft model ("draft_model"): a small model of the same family, with its own weights and its own KV
  cache for every conversation, over the same tokens as the served model. vLLM requires both to have the
  same vocabulary (SpeculativeConfig's vocab-size check; vllm-project/vllm#5203 and #7252, where a Qwen2
  1.5B draft, 151,936 entries, is refused beside a Qwen2 72B, 152,064), and llama.cpp checks it too
  (ggml-org/llama.cpp#3812);
- an EAGLE head ("eagle", "eagle3"): one decoder layer of the served model's shape that reads its hidden
  states. vLLM shares the served model's embedding table with the head, and its output head too except for
  EAGLE-3, which has its own over a smaller draft vocabulary (vllm/v1/spec_decode/eagle.py load_model);
- the model's own multi-token-prediction layers ("mtp": DeepSeek V3/R1, GLM-4.5), which the checkpoint
  carries and a server loads only to draft;
- n-gram prompt lookup ("ngram"): proposals copied from the prompt itself; nothing is added to memory.

The drafter's KV cache lives in the same paged pool as the served model's, one block per token for every
layer of both (vLLM allocates the draft's layers beside the target's), so it grows with every conversation's
context like the served model's.
"""

from __future__ import annotations

import math

import msgspec

from . import kv_cache, serving
from .architecture import Architecture, MoE
from .catalog import Catalog, ModelEntry, Precision
from .names import family_members
from .weights import engine_weight_bytes

METHODS = ("draft_model", "eagle", "eagle3", "mtp", "ngram")
# EAGLE-3 heads predict over a reduced vocabulary: draft_vocab_size 32,000 in the published heads' config.json
# (yuhuili/EAGLE3-LLaMA3.1-Instruct-8B and the SpecForge / speculators training defaults).
EAGLE3_DRAFT_VOCAB = 32_000
HEAD_BITS = 16  # heads are published and loaded in BF16/FP16, whatever the served model's precision


class Speculation(msgspec.Struct, frozen=True):
    """The drafter a plan serves beside its model."""

    method: str  # one of METHODS
    params: int  # parameters the drafter adds to GPU memory (shared tables excluded)
    # Layers whose keys and values the drafter keeps per token (None: n-gram keeps none).
    arch: Architecture | None = None
    draft: ModelEntry | None = None  # draft_model: the model
    # The drafter's weight precision; None follows the served model's (a draft model not given one, MTP).
    precision: Precision | None = None
    # The most tokens the drafter's cache holds: a draft model's own context limit.
    kv_limit: int | None = None
    # MTP: the parameters in matrices, which the checkpoint's format quantizes (the rest: norms, router).
    linear: int = 0

    def weight_bytes(self, served: Precision, catalog: Catalog) -> int:
        """All of the drafter's weights as the engine holds them."""
        if self.method == "ngram":
            return 0
        if self.method == "draft_model":
            assert self.draft is not None
            return engine_weight_bytes(self.draft, self.precision or served, catalog)
        if self.method == "mtp":
            precision = self.precision or served
            # The matrices at the checkpoint's precision (DeepSeek V3's MTP layer is FP8 like the rest of
            # its checkpoint); router, norms and biases stay at the high precision, as weights.py counts them.
            high = self.params - self.linear
            return int((self.linear * precision.bits_per_weight + high * precision.unquantized_bits) // 8)
        return self.params * HEAD_BITS // 8

    def tensor_parallel(self, tp: int) -> int:
        """The drafter's own tensor-parallel degree: the served model's (vLLM's draft_tensor_parallel_size
        defaults to it), or 1 when the drafter's heads cannot be split that way (vLLM allows 1 or the
        target's degree): every GPU then holds the whole drafter."""
        if self.arch is None or tp == 1:
            return tp
        return tp if serving.tp_problem(self.arch, tp) is None else 1

    def bytes_per_gpu(self, served: Precision, catalog: Catalog, tp: int) -> int:
        """The drafter's weights on one GPU of a tensor-parallel group. Pipeline stages do not split it (a
        drafter runs whole beside the last stage's output): counted on every GPU, the conservative side."""
        return math.ceil(self.weight_bytes(served, catalog) / self.tensor_parallel(tp))

    def sequence_bytes(self, tokens: int, kv_bytes: float, tp: int) -> int:
        """One conversation's drafter KV cache on one GPU (the served model's KV cache type applies to it)."""
        if self.arch is None:
            return 0
        if self.kv_limit is not None:
            tokens = min(tokens, self.kv_limit)
        return kv_cache.sequence_bytes(self.arch, tokens, kv_bytes, self.tensor_parallel(tp), 1)


def vocab_matches(served: ModelEntry, draft: ModelEntry) -> bool:
    """Whether vLLM accepts the pair: the same vocabulary size (its check; a different tokenizer of the same
    size would load but never be accepted, and the catalogue's same-size vocabularies are one family's)."""
    return served.vocab_size == draft.vocab_size


def families(model: ModelEntry, catalog: Catalog) -> set[str]:
    """The catalogue's family words that name `model` (models.toml [families]; a scaled size, its base's)."""
    own = model.scaled_from or model.id
    return {word for word, ids in family_members(catalog).items() if own in ids}


def same_family(served: ModelEntry, draft: ModelEntry, catalog: Catalog) -> bool | None:
    """Whether two models share a family (and so, with the same vocabulary size, a tokenizer); None when the
    catalogue does not place one of them (a repo read from the Hub)."""
    a, b = families(served, catalog), families(draft, catalog)
    if not a or not b:
        return None
    return bool(a & b)


def same_vocab_drafts(served: ModelEntry, catalog: Catalog, most: int = 2) -> list[ModelEntry]:
    """Catalogue models that can draft for `served`: the same vocabulary and family (a vocabulary of the same
    size from another family is another tokenizer: Mistral's and Llama 2's 32,000), at most a fifth of its
    size (a draft near the served model's size saves little: Leviathan et al. 2023, arXiv:2211.17192,
    section 3, weigh its cost per proposed token), text-only, smallest first."""
    found = [
        m
        for m in catalog.models
        if m.vocab_size == served.vocab_size
        and m.id != served.id
        and not m.extra_params
        and m.params * 5 <= served.params
        and same_family(served, m, catalog) is not False
    ]
    # The same generation first (Qwen3 0.6B before Qwen2.5 0.5B for a Qwen3): its id before the size.
    series = served.id.rsplit("-", 1)[0]
    out: list[ModelEntry] = []
    for m in sorted(found, key=lambda m: (m.id.rsplit("-", 1)[0] != series, m.params)):
        # A twin of a shape already listed (Qwen2.5 7B Instruct 1M beside Qwen2.5 7B) drafts no differently.
        if all(m.params != o.params for o in out):
            out.append(m)
    return out[:most]


def _one_layer(a: Architecture, **changes) -> Architecture:
    """One decoder layer of `a`'s shape as an architecture (its attention and MLP, full attention), for the
    parameters and the KV cache of a head built from it."""
    fields = dict(
        hidden_size=a.hidden_size,
        num_layers=1,
        num_heads=a.num_heads,
        num_kv_heads=a.num_kv_heads,
        head_dim=a.dim_per_head,
        intermediate_size=a.intermediate_size,
        vocab_size=a.vocab_size,
        tie_embeddings=True,
        max_context=a.max_context,
        mlp=a.mlp,
        norm=a.norm,
        qkv_bias=a.qkv_bias,
        qk_norm=a.qk_norm,
    )
    fields.update(changes)
    return Architecture(**fields)  # type: ignore[arg-type]


def _layer_params(a: Architecture) -> int:
    """Parameters of a one-layer architecture's layer: all of it but the embedding table and final norm."""
    p = a.parts
    return p.total - p.embeddings - p.lm_head - a.hidden_size * (2 if a.norm == "layer" else 1)


def eagle_head(served: Architecture, method: str) -> Speculation:
    """An EAGLE head for `served`: one decoder layer of its shape with dense attention and MLP (MoE and MLA
    models get a plain Llama-style layer of their widths, as their published heads have).

    EAGLE-1/2 (Li et al. 2024, arXiv:2401.15077; vLLM llama_eagle.py): the layer, and `fc` joining the token
    embedding to the served model's last hidden state (2h -> h, with a bias). EAGLE-3 (arXiv:2503.01840;
    vLLM llama_eagle3.py): the layer's q, k and v read 2h (the embedding beside the fused hidden state),
    `fc` fuses three of the served model's layers (3h -> h, no bias), two more norms, and its own output head
    over draft_vocab_size tokens. Checked against published heads: Llama 3 8B's EAGLE-1 is 0.25B without the
    embedding table (yuhuili/EAGLE-LLaMA3-Instruct-8B: 1.55 GB in FP16 with its 0.53B copy of the table,
    which vLLM replaces with the served model's); Llama 3.3 70B's EAGLE-3 is 1.40B here, and NVIDIA's
    nvidia/Llama-3.3-70B-Instruct-Eagle3 publishes 3.2B with a copy of the embedding table and a
    full-vocabulary output head (1.05B each) in place of the 32,000-token one (0.26B)."""
    h = served.hidden_size
    layer = _one_layer(served, vocab_size=EAGLE3_DRAFT_VOCAB if method == "eagle3" else served.vocab_size)
    params = _layer_params(layer)
    if method == "eagle3":
        qkv = layer.num_heads * layer.dim_per_head + 2 * layer.num_kv_heads * layer.dim_per_head
        params += h * qkv  # q, k and v read twice the width
        params += 3 * h * h  # fc
        params += 2 * h  # hidden_norm and the final norm
        params += EAGLE3_DRAFT_VOCAB * h  # its own output head
    else:
        params += 2 * h * h + h  # fc, with its bias
    return Speculation(method=method, params=params, arch=layer)


def mtp_layers(served: ModelEntry) -> Speculation | None:
    """The model's own multi-token-prediction layers (DeepSeek-V3 technical report, arXiv:2412.19437,
    section 2.2): each one decoder layer of the model (a MoE layer for MoE models), a projection joining the
    embedding to the hidden state (2h -> h, `eh_proj`) and two norms before it, and a norm before the output
    head; the embedding table and the head are the model's own, shared. DeepSeek V3's layer 61 counts
    11.61B here, its README_WEIGHTS.md "11.5B unique parameters" (13.46B with the 0.93B embedding table and
    0.93B head copies in its checkpoint). None when the checkpoint has no such layers."""
    n = served.num_nextn_predict_layers
    if not n:
        return None
    moe = None
    if served.moe is not None:
        m = served.moe
        moe = MoE(
            experts=m.experts,
            experts_per_token=m.experts_per_token,
            shared_experts=m.shared_experts,
            expert_intermediate_size=m.expert_intermediate_size,
            shared_intermediate_size=m.shared_intermediate_size,
            router_bias=m.router_bias,
            expert_bias=m.expert_bias,
            shared_expert_gate=m.shared_expert_gate,
        )
    # DeepSeek-V4's MTP layer is a window-only layer (compress_ratios' last value, 0).
    v4 = (
        dict(compressed=served.compressed, layer_pattern="L", window=served.window)
        if served.compressed
        else {}
    )
    layers = _one_layer(
        served, num_layers=n, moe=moe, mla=served.mla, norms_per_layer=served.norms_per_layer, **v4
    )
    h = served.hidden_size
    params = _layer_params(layers) + n * (2 * h * h + 3 * h)  # eh_proj, enorm, hnorm, the head's norm
    return Speculation(method="mtp", params=params, arch=layers, linear=layers.parts.linear + n * 2 * h * h)


def draft_model(draft: ModelEntry, precision: Precision | None) -> Speculation:
    """A draft model: all of it, with its own KV cache (every layer) up to its own context limit."""
    return Speculation(
        method="draft_model",
        params=draft.params,
        arch=draft,
        draft=draft,
        precision=precision,
        kv_limit=draft.context_limit,
    )


NGRAM = Speculation(method="ngram", params=0)
