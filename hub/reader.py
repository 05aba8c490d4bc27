"""Reading one repo from the Hugging Face Hub with huggingface_hub, and keeping what was read on disk.

The library takes the Hub's address from HF_ENDPOINT and the token from HF_TOKEN (gated repos such as Meta's
Llama need one from an account that accepted the license). What is kept per repo is the description the
engine needs (a catalogue-style entry, a few KB), not the files: it expires after GPU_SIZER_HUB_CACHE_DAYS.
Failures are kept for a few minutes so a repo that is gated or missing is not asked again at every question.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from sizing.catalog import ModelEntry

from .describe import Unsupported, describe

logger = logging.getLogger(__name__)

CACHE_FORMAT = 3  # bump when the description changes shape: older files are then ignored
FAILURE_TTL_S = 300  # how long a failure (gated, not found, unsupported) is remembered


@dataclass(frozen=True)
class Outcome:
    """One read of a repo: the entry, or why there is none (sizing.names.HUB_PROBLEMS)."""

    model: ModelEntry | None = None
    problem: str | None = None
    detail: str = ""  # unsupported: the reason, a message hub_unsupported.<detail> (sizing/data/messages)
    detail_params: dict = field(default_factory=dict)


def read_repo(repo: str, timeout: float, cache_dir: Path) -> Outcome:
    """Reads config.json, the quantization config and the safetensors headers of `repo` from the Hub."""
    from huggingface_hub import HfApi
    from huggingface_hub.errors import (
        GatedRepoError,
        HfHubHTTPError,
        NotASafetensorsRepoError,
        RemoteEntryNotFoundError,
        RepositoryNotFoundError,
        SafetensorsParsingError,
    )
    from huggingface_hub.utils import disable_progress_bars

    disable_progress_bars()  # a server's log is no terminal
    api = HfApi(endpoint=os.environ.get("HF_ENDPOINT") or None)
    try:
        info = api.model_info(repo, timeout=timeout)
        revision = info.sha or "main"
        files = {s.rfilename for s in info.siblings or []}
        config = _json(api, repo, "config.json", revision, cache_dir)
        quant = config.get("quantization_config") or (config.get("text_config") or {}).get(
            "quantization_config"
        )
        for name in ("quantize_config.json", "quant_config.json"):
            if not quant and name in files:
                quant = _json(api, repo, name, revision, cache_dir)
        try:
            meta = api.get_safetensors_metadata(repo, revision=revision, timeout=timeout)
        except NotASafetensorsRepoError:
            # Older repos ship PyTorch .bin files only: config.json still gives the architecture, and the
            # parameters are counted from it (the answer says the bytes are not the checkpoint's own).
            return Outcome(describe(repo, revision, config, quant, None))
        tensors = {
            name: (t.dtype, list(t.shape))
            for file in meta.files_metadata.values()
            for name, t in file.tensors.items()
        }
        return Outcome(describe(repo, revision, config, quant, tensors))
    except GatedRepoError:
        return Outcome(problem="gated")
    except RepositoryNotFoundError:
        return Outcome(problem="not_found")
    except RemoteEntryNotFoundError:
        # The repo exists but has no config.json: GGUF-only and other formats this reader does not open.
        return Outcome(problem="no_config")
    except (NotASafetensorsRepoError, SafetensorsParsingError) as e:
        logger.info("Hub read of %s: safetensors not readable: %s", repo, _short(e))
        return Outcome(problem="unsupported", detail="no_safetensors")
    except Unsupported as e:
        return Outcome(problem="unsupported", detail=e.reason, detail_params=e.params)
    except HfHubHTTPError as e:
        status = getattr(getattr(e, "response", None), "status_code", None)
        if status in (401, 403):
            return Outcome(problem="gated")
        if status == 404:
            return Outcome(problem="not_found")
        logger.warning("Hub read of %s failed: %s", repo, _short(e))
        return Outcome(problem="offline")
    except (OSError, ValueError, KeyError, TypeError) as e:  # network down, a timeout, a malformed file
        logger.warning("Hub read of %s failed: %s: %s", repo, type(e).__name__, _short(e))
        return Outcome(problem="offline")
    except Exception as e:  # httpx timeouts and other transport errors are not OSError
        logger.warning("Hub read of %s failed: %s: %s", repo, type(e).__name__, _short(e))
        return Outcome(problem="offline")


def _json(api, repo: str, filename: str, revision: str, cache_dir: Path) -> dict:
    path = api.hf_hub_download(repo, filename, revision=revision, cache_dir=cache_dir / "files")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise Unsupported("not_json", filename=filename)
    return data


def _short(e: Exception) -> str:
    return str(e).splitlines()[0][:160] if str(e) else ""


class DiskCache:
    """One JSON file per repo under `folder`: what was read, when, and until when it holds."""

    def __init__(self, folder: Path, ttl_s: float) -> None:
        self.folder = folder
        self.ttl_s = ttl_s

    def _path(self, repo: str) -> Path:
        digest = hashlib.sha256(repo.lower().encode()).hexdigest()[:24]
        return self.folder / f"{digest}.json"

    def get(self, repo: str, stale_ok: bool = False) -> Outcome | None:
        try:
            data = json.loads(self._path(repo).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if data.get("format") != CACHE_FORMAT or data.get("repo", "").lower() != repo.lower():
            return None
        if not stale_ok and time.time() > data.get("expires", 0):
            return None
        try:
            model = msgspec.convert(data["model"], ModelEntry) if data.get("model") else None
        except ValueError:
            return None
        return Outcome(model, data.get("problem"), data.get("detail", ""), data.get("detail_params") or {})

    def put(self, repo: str, outcome: Outcome) -> None:
        ttl = self.ttl_s if outcome.model is not None else FAILURE_TTL_S
        data = {
            "format": CACHE_FORMAT,
            "repo": repo,
            "read_at": time.time(),
            "expires": time.time() + ttl,
            "model": msgspec.to_builtins(outcome.model) if outcome.model is not None else None,
            "problem": outcome.problem,
            "detail": outcome.detail,
            "detail_params": outcome.detail_params,
        }
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # Written whole then renamed: a reader never sees half a file.
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, self._path(repo))
        except OSError as e:  # a full or read-only disk costs the cache, never the answer
            logger.warning("Hub cache not written (%s): %s", self.folder, e)
