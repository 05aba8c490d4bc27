"""Turning the names people type into catalogue entries: models (or bare sizes), GPUs and precisions."""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

from .catalog import GPU, Catalog, KVPrecision, ModelEntry, Precision, Stack, normalize
from .errors import SizingError

# Sizes beyond any model ever trained are typos or jokes, not workloads (the largest open models are ~1T).
MAX_PARAMS = 5e12
MIN_PARAMS = 1e7
# A bare size within this ratio of a reference model is served by that model as it is.
SAME_SIZE = 1.10

_SIZE = r"(\d+(?:[.,]\d+)?)\s*([bmt])"
DENSE_SIZE = re.compile(rf"^{_SIZE}$")
MOE_EXPERTS = re.compile(r"^(\d+)\s*x\s*(\d+(?:[.,]\d+)?)\s*b$")
MOE_ACTIVE = re.compile(rf"^{_SIZE}\s*-?\s*a\s*(\d+(?:[.,]\d+)?)\s*b$")
UNITS = {"m": 1e6, "b": 1e9, "t": 1e12}


@dataclass(frozen=True)
class ResolvedModel:
    model: ModelEntry
    # Set when the user gave a bare size ("70b", "8x7b"): what they typed, so the answer can say which
    # real architecture stands in for it.
    typed_size: str | None = None


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
    index = {}
    for item in items:
        for name in (item.id, item.name, *item.aliases, *getattr(item, "hf_repos", [])):
            index[normalize(name)] = item
    return index


def _suggest(text: str, items, kind: str, hint: str):
    keyed = {normalize(n): item.name for item in items for n in (item.id, item.name, *item.aliases)}
    close = difflib.get_close_matches(normalize(text), list(keyed), n=6, cutoff=0.6)
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


def resolve_model(text: str, catalog: Catalog) -> ResolvedModel:
    key = normalize(text)
    if not key:
        raise SizingError("missing_model", "model_examples")
    found = name_index(catalog.models).get(key)
    if found:
        return ResolvedModel(found)  # type: ignore[arg-type]
    raw = text.strip().lower()
    if (size := parse_size(raw)) is not None:
        _check_size(size, text)
        return ResolvedModel(_stand_in(size, catalog), typed_size=raw)
    if m := MOE_EXPERTS.match(raw):
        experts, each = int(m.group(1)), float(m.group(2).replace(",", ".")) * 1e9
        if experts < 2:
            raise SizingError("absurd_size", "model_examples", size=text)
        # "8x7b" names experts of ~7B; the shared attention makes the real total smaller (Mixtral: 46.7B).
        _check_size(experts * each, text)
        return ResolvedModel(_moe_stand_in(experts * each, None, experts, catalog), typed_size=raw)
    if m := MOE_ACTIVE.match(raw):
        total = float(m.group(1).replace(",", ".")) * UNITS[m.group(2)]
        active = float(m.group(3).replace(",", ".")) * 1e9
        _check_size(total, text)
        if active > total:
            raise SizingError("active_exceeds_total", "model_examples", size=text)
        return ResolvedModel(_moe_stand_in(total, active, None, catalog), typed_size=raw)
    raise _suggest(text, catalog.models, "model", "model_examples")


def _log_distance(a: float, b: float) -> float:
    return abs(math.log(a / b))


def _stand_in(params: float, catalog: Catalog) -> ModelEntry:
    """A real modern dense architecture of about `params` parameters (GQA, never full multi-head)."""
    refs = [m for m in catalog.models if m.size_reference and not m.is_moe]
    nearest = min(refs, key=lambda m: (_log_distance(m.params, params), m.params))
    if _log_distance(nearest.params, params) <= math.log(SAME_SIZE):
        return nearest
    return scale_layers(nearest, params)


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
    if _log_distance(nearest.params, total) <= math.log(SAME_SIZE):
        return nearest
    return scale_layers(nearest, total)


def scale_layers(base: ModelEntry, params: float) -> ModelEntry:
    """`base` with as many layers as reach `params`: width, heads, KV heads and vocabulary stay real."""
    fixed = base.parts.embeddings + base.parts.lm_head + base.hidden_size  # + final norm
    per_layer = (base.params - fixed) / base.num_layers
    pattern = len(base.layer_pattern)
    layers = max(pattern, round((params - fixed) / per_layer / pattern) * pattern)
    if base.moe and base.moe.first_dense_layers:
        layers = max(layers, base.moe.first_dense_layers + 1)
    # Built anew (not model_copy) so the derived parameter counts are computed for the new shape.
    return ModelEntry(
        **{
            **base.model_dump(),
            "id": f"{base.id}~{layers}L",
            "name": f"{base.name} ({layers} layers)",
            "num_layers": layers,
            "aliases": [],
            "hf_repos": [],
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
    raise _suggest(text, catalog.gpus, "gpu", "gpu_examples")


def resolve_precision(text: str, catalog: Catalog) -> Precision:
    found = name_index(catalog.precisions).get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    raise _suggest(text, catalog.precisions, "precision", "precision_examples")


def resolve_kv_precision(text: str, catalog: Catalog) -> KVPrecision:
    key = normalize(text).removeprefix("kv") or "16"
    index = name_index(catalog.kv_precisions)
    found = index.get(key) or index.get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    raise _suggest(text, catalog.kv_precisions, "kv_precision", "kv_precision_examples")


def resolve_stack(text: str, catalog: Catalog) -> Stack:
    found = name_index(catalog.stacks).get(normalize(text))
    if found:
        return found  # type: ignore[return-value]
    raise _suggest(text, catalog.stacks, "stack", "stack_examples")
