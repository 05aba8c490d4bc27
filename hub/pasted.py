"""A model's config.json pasted into a question ("quanto de memória pra esse modelo? {"hidden_size": …}"):
a customer's own fine-tune or a private repo, which the Hub cannot show us. The pasted object is read as the
Hub reader reads a repo's config.json (hub/describe.py) and stands in the question as a repo id of its own,
`pasted/config-<digest>`, so that everything after (the parser, buttons, threads, the log) treats it as one
model; the digest is the config's, so the same config pasted twice is the same model."""

from __future__ import annotations

import hashlib
import json
import os
import re

import msgspec

from sizing import i18n
from sizing.catalog import ModelEntry
from sizing.errors import SizingError

from .describe import Unsupported, architecture, quant_precision

PREFIX = "pasted/config-"
# Keys only a model's config.json has (transformers' PretrainedConfig and its families' names for depth).
DEPTH_KEYS = ("num_hidden_layers", "n_layer", "num_layers", "n_layers")
# Quotes a chat client or a document may have curled: JSON needs straight ones.
CURLY = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "″": '"'})
# How many "{" are tried as the start of the object: a question with braces of its own stays cheap.
MAX_STARTS = 20
_OPEN = re.compile(r"\{")


class Pasted(msgspec.Struct, frozen=True):
    text: str  # the question with the object replaced by its repo id
    repo: str
    config: dict


def find(text: str) -> Pasted | None:
    """The first JSON object in `text` that is a model's config.json, or None (most questions: no "{")."""
    if "{" not in text:
        return None
    straight = text.translate(CURLY)
    decoder = json.JSONDecoder()
    for tried, start in enumerate(m.start() for m in _OPEN.finditer(straight)):
        if tried >= MAX_STARTS:
            return None
        try:
            config, end = decoder.raw_decode(straight, start)
        except ValueError:
            continue
        if isinstance(config, dict) and _is_model_config(config):
            repo = PREFIX + _digest(config)
            return Pasted(f"{straight[:start]} {repo} {straight[end:]}".strip(), repo, config)
    return None


def _is_model_config(config: dict) -> bool:
    inner = config.get("text_config") if isinstance(config.get("text_config"), dict) else {}
    return any(key in config or key in inner for key in DEPTH_KEYS)


def _digest(config: dict) -> str:
    canonical = json.dumps(config, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:12]


class UnreadableConfig(SizingError):
    """A pasted config.json that does not describe a model we can size, said in the answer's language with
    the Hub reader's own reasons (hub_unsupported.<reason>)."""

    def __init__(self, reason: str, params: dict[str, str]) -> None:
        super().__init__("pasted_unreadable", "model_examples")
        self.reason, self.reason_params = reason, dict(params)

    def message(self, lang: str = "pt-BR") -> str:
        reason = i18n.t(lang, f"hub_unsupported.{self.reason}", **self.reason_params)
        return i18n.t(lang, "error.pasted_unreadable", reason=reason)


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
    arch = architecture(config)
    precision = quant_precision(config, config.get("quantization_config"))
    entry = {
        "id": f"hf:{pasted.repo}",
        "name": _name(config),
        "hf_repos": [pasted.repo],
        "params_official_billions": 1.0,  # replaced below by the architecture's own count
        "params_official_text": "",
        "native_precision": None if precision in ("bf16", "fp32") else precision,
        "source": "config.json pasted in the question (parameters counted from the architecture)",
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


def _name(config: dict) -> str:
    """What the answer calls it: the checkpoint's own name when the config kept it, else its architecture."""
    path = str(config.get("_name_or_path") or "").rstrip("/\\")
    own = os.path.basename(path.replace("\\", "/")) if path else ""
    kinds = config.get("architectures")
    kind = kinds[0] if isinstance(kinds, list) and kinds and isinstance(kinds[0], str) else ""
    label = own or kind or str(config.get("model_type") or "")
    return f"{label} (config.json)" if label else "config.json"
