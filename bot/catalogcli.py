"""gpu-size catalog add REPO: a model read from the Hugging Face Hub becomes a reviewed catalogue entry in the
operator's data folder (GPU_SIZER_DATA), so it is answered offline and without waiting from then on.

    gpu-size catalog add Qwen/Qwen3-Next-80B-A3B-Instruct          # shows the entry, asks before writing
    gpu-size catalog add Qwen/Qwen3-Next-80B-A3B-Instruct --yes    # writes it without asking

The folder starts as a copy of the packaged data files when it has none. The entry is checked by loading the
whole catalogue with it; when that fails, models.toml is left as it was.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from pathlib import Path

import msgspec

from sizing.architecture import updated
from sizing.catalog import DATA_DIR, CatalogError, ModelEntry, load_catalog, normalize
from sizing.i18n import params as params_text

EXIT_OK, EXIT_CONFIG, EXIT_USAGE = 0, 1, 2
DATA_FILES = ("models.toml", "gpus.toml", "precisions.toml", "offering.toml")
# Keys written for an entry, in the order models.toml documents them; defaults are left out.
ORDER = ("id", "name", "aliases", "hf_repos", "params_official_billions", "params_official_text",
         "params_official_scope", "size_reference", "native_precision", "hidden_size", "num_layers", "num_heads",
         "num_kv_heads", "head_dim", "intermediate_size", "vocab_size", "tie_embeddings", "max_context",
         "extended_context", "extended_context_method", "extended_context_kind", "extended_context_prefill",
         "extended_context_minimum_gb", "extended_context_config", "mlp", "norm", "norms_per_layer", "qkv_bias", "o_bias",
         "mlp_bias", "qk_norm", "attention_sinks", "attention_output_gate", "layer_pattern", "layer_blocks", "window",
         "global_kv_heads", "global_head_dim", "global_k_eq_v", "extra_params", "moe", "mla", "linear_attention", "mamba", "source", "notes")  # fmt: skip


def main(argv: list[str], hub=None, out=sys.stdout, err=sys.stderr, stdin=sys.stdin) -> int:
    p = argparse.ArgumentParser(prog="gpu-size catalog add", description=__doc__.split("\n\n")[0])
    p.add_argument("repo", help="a Hugging Face repo: owner/name")
    p.add_argument("--yes", "-y", action="store_true", help="write without asking")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return EXIT_USAGE if e.code else EXIT_OK
    folder = os.environ.get("GPU_SIZER_DATA")
    if not folder:
        print("gpu-size: GPU_SIZER_DATA is not set: point it at your data folder (it starts as a copy of "
              "sizing/data), then run this again.", file=err)  # fmt: skip
        return EXIT_CONFIG
    if hub is None:
        from hub.service import Hub

        hub = Hub()
    outcome = hub.read_now(args.repo)
    if outcome.model is None:
        why = {"gated": "it is gated: set HF_TOKEN to a token of an account that accepted its license",
               "not_found": "the Hub has no such repo (or it is private)",
               "offline": "the Hub could not be reached", "timeout": "the Hub did not answer in time",
               "unsupported": f"its files are not a model this reader knows ({outcome.detail})"}  # fmt: skip
        print(
            f"gpu-size: cannot read {args.repo}: {why.get(outcome.problem or '', outcome.problem)}.", file=err
        )
        return EXIT_CONFIG
    entry = catalogue_entry(outcome.model)
    block = to_toml(entry)
    print(block, file=out)
    print(review(outcome.model, entry), file=out)
    if not args.yes:
        print("Write this entry to models.toml? [y/N] ", end="", file=out, flush=True)
        if stdin.readline().strip().lower() not in ("y", "yes", "s", "sim"):
            print("Nothing written.", file=out)
            return EXIT_OK
    return write(Path(folder), block, entry.id, out, err)


def catalogue_entry(model: ModelEntry) -> ModelEntry:
    """The Hub's description as a catalogue model: a stable id, the repo as its name and release."""
    repo = model.release.repo if model.release else model.hf_repos[0]
    own = repo.rsplit("/", 1)[-1]
    slug = re.sub(r"[^a-z0-9.]+", "-", own.lower()).strip("-")
    return updated(
        model, id=slug, name=own.replace("-", " "), aliases=[own.lower().replace("-", " ")], release=None
    )


def review(model: ModelEntry, entry: ModelEntry) -> str:
    counted = entry.params
    published = round(model.params_official_billions * 1e9)
    gap = (counted - published) / published
    lines = [
        "Review:",
        f"  parameters in the safetensors headers: {published:,}",
        f"  parameters from the architecture above: {counted:,} ({gap:+.2%})",
    ]
    if model.release:
        lines.append(
            f"  weights as published: {model.release.weight_bytes:,} bytes ({model.release.precision})"
        )
    if abs(gap) > 0.01:
        lines.append("  The two counts differ by more than 1%: check the architecture keys before writing.")
    lines.append(f"  size as answers show it: {params_text(counted, 'en')} parameters")
    return "\n".join(lines)


def to_toml(entry: ModelEntry) -> str:
    data = _non_defaults(entry)
    data.pop("release", None)
    if "layer_blocks" in data:
        # The blocks give both (sizing.architecture.Architecture._take_blocks): written once, where one edits.
        data.pop("layer_pattern", None)
        data.pop("intermediate_size", None)
    data.setdefault("params_official_billions", entry.params_official_billions)
    out = ["", "[[model]]"]
    for key in ORDER:
        if key not in data:
            continue
        value = data[key]
        if isinstance(value, dict):
            out.extend(f"{key}.{k} = {_value(v)}" for k, v in value.items())
        else:
            out.append(f"{key} = {_value(value)}")
    for release in data.get("releases", []):
        out.append("")
        out.append("[[model.releases]]")
        out.extend(f"{k} = {_value(v)}" for k, v in release.items())
    return "\n".join(out) + "\n"


def _non_defaults(item: msgspec.Struct) -> dict:
    """The fields that differ from their defaults, nested records and lists of them as dicts alike."""
    out = {}
    for f in msgspec.structs.fields(item):
        value = getattr(item, f.name)
        if f.default is not msgspec.NODEFAULT and value == f.default:
            continue
        if f.default_factory is not msgspec.NODEFAULT and value == f.default_factory():
            continue
        if isinstance(value, msgspec.Struct):
            value = _non_defaults(value)
        elif isinstance(value, list):
            value = [_non_defaults(v) if isinstance(v, msgspec.Struct) else v for v in value]
        out[f.name] = value
    return out


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    text = str(v).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def write(folder: Path, block: str, entry_id: str, out, err) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    for name in DATA_FILES:
        if not (folder / name).exists():
            shutil.copyfile(DATA_DIR / name, folder / name)
    models = folder / "models.toml"
    before = models.read_text(encoding="utf-8")
    if f'id = "{entry_id}"' in before or normalize(entry_id) in {normalize(m.id) for m in _models(folder)}:
        print(f"gpu-size: {models} already has {entry_id!r}; nothing written.", file=err)
        return EXIT_CONFIG
    models.write_text(before.rstrip("\n") + "\n" + block, encoding="utf-8")
    load_catalog.cache_clear()
    try:
        load_catalog(folder)
    except CatalogError as e:
        models.write_text(before, encoding="utf-8")
        load_catalog.cache_clear()
        print(f"gpu-size: the entry does not fit the catalogue ({e}); models.toml is unchanged.", file=err)
        return EXIT_CONFIG
    print(f"Written to {models}. Answers use it from the next start (or at once in new processes).", file=out)
    return EXIT_OK


def _models(folder: Path):
    try:
        return load_catalog(folder).models
    except CatalogError:
        return []
