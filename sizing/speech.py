"""Speech-recognition models (sizing/data/speech.toml): the GPU memory Whisper and its kin take beside an LLM or
alone, and how fast they transcribe.

Memory: the weights at the format asked (FP16, or CTranslate2's INT8), the decoder's KV cache, the encoder's
activations over a batch of 30-second windows, and the process's own CUDA context (it runs in a server of its
own beside the LLM's). Speed: the faster-whisper README's published benchmark, scaled to other GPUs by memory
bandwidth and to other models by their publishers' relative speeds; never a figure of our own.
"""

from __future__ import annotations

import functools
import os
import re

import msgspec

from . import encoders, i18n, tomlfiles
from .catalog import GPU
from .encoders import PROCESS_OVERHEAD
from .regexes import compile as rx
from .vocabulary import strip_accents

FORMAT_BYTES = {"fp16": 2, "int8": 1}
ACTIVATION_BYTES = (
    2  # activations and caches stay FP16 under CTranslate2's int8_float16 (weights only in INT8)
)
BENCHMARK_AUDIO_S = 13 * 60  # the faster-whisper README's benchmark: 13 minutes of audio


class Runtime(msgspec.Struct, kw_only=True, frozen=True):
    id: str
    name: str
    aliases: list[str] = []
    batch: int
    beam: int
    fused_attention: bool
    seconds: dict[str, float]
    batch1_seconds: dict[str, float] = {}
    measured_vram_mb: dict[str, float] = {}


class Model(msgspec.Struct, kw_only=True, frozen=True):
    id: str
    name: str
    aliases: list[str] = []
    params: int
    encoder_layers: int
    decoder_layers: int
    d_model: int
    heads: int
    ffn: int
    relative_speed: float
    source: str


class Defaults(msgspec.Struct, kw_only=True, frozen=True):
    model: str
    runtime: str
    source_frames: int
    target_tokens: int
    window_seconds: int
    benchmark_gpu: str
    benchmark_bandwidth_gb_s: float
    live_utilization: float


class Table(msgspec.Struct, kw_only=True, frozen=True):
    defaults: Defaults
    runtime: list[Runtime]
    model: list[Model]


class Served(msgspec.Struct, kw_only=True, frozen=True):
    """A speech model as it is served: the model, its server software, its weights' format and its batch."""

    model: Model
    runtime: Runtime
    format: str  # "fp16" or "int8"
    batch: int  # 30-second windows decoded together

    @property
    def id(self) -> str:
        """'openai/whisper-large-v3@faster-whisper:int8': how a plan names it (sizing/plan.py encoders)."""
        return f"{self.model.id}@{self.runtime.id}:{self.format}"

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def kind(self) -> str:
        return "speech"

    @property
    def params(self) -> int:
        return self.model.params


def table() -> Table:
    """From the folder GPU_SIZER_DATA names, as the catalogues are, or the packaged one when it has none."""
    return _table(os.environ.get("GPU_SIZER_DATA") or "")


@functools.cache
def _table(folder: str) -> Table:
    return msgspec.convert(tomlfiles.load(encoders.data_path(folder, "speech.toml")), Table)


_key = (
    encoders.name_key
)  # 'openai/whisper-large-v3', 'Whisper Large V3', 'whisper_large_v3' -> 'whisper-large-v3'


@functools.cache
def _models_by_key(folder: str) -> dict[str, Model]:
    found: dict[str, Model] = {}
    for m in _table(folder).model:
        for name in (m.id, m.name, *m.aliases):
            found[_key(name)] = m
    return found


def model_by_id(model_id: str) -> Model:
    return next(m for m in table().model if m.id == model_id)


def runtime_by_id(runtime_id: str) -> Runtime:
    return next(r for r in table().runtime if r.id == runtime_id)


def by_id(served_id: str) -> Served:
    """The Served a plan's id names ('openai/whisper-large-v3@faster-whisper:int8')."""
    model_id, _, rest = served_id.partition("@")
    runtime_id, _, fmt = rest.partition(":")
    runtime = runtime_by_id(runtime_id or table().defaults.runtime)
    return Served(model=model_by_id(model_id), runtime=runtime, format=fmt or "fp16", batch=runtime.batch)


def is_speech_id(encoder_id: str) -> bool:
    return "@" in encoder_id


# The words that pick the server software and the weights' format, wherever the question says them.
_FORMAT_WORDS = rx(r"[\s_-]+(?:em\s+|in\s+)?(?:int8(?:[_-]float16)?|fp16|float16)\b")
_INT8 = rx(r"\b(?:int8(?:[_-]float16)?|8[\s-]?bits?|q8)\b")
_FP16 = rx(r"\b(?:fp16|float16|16[\s-]?bits?|bf16)\b")


def _runtime_in(plain: str) -> Runtime | None:
    for r in table().runtime:
        for alias in r.aliases:
            if re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", plain):
                return r
    return None


def resolve(typed: str, text: str, alone: bool = True) -> tuple[Served, bool] | None:
    """The speech model a name as typed stands for, served as the question (`text`) says, and whether the model
    was assumed (a speech word, "faster-whisper" or a bare "whisper": the table's default); None for a speech
    model that does not transcribe (text-to-speech, voice cloning) or one the table lacks. Beside an LLM
    (`alone` False) only the name's own words give its format: "int8" elsewhere is the LLM's."""
    plain = strip_accents(text.lower())
    name = strip_accents(typed.lower())
    said = plain if alone else name
    fp16_named = _FP16.search(name) is not None  # "whisper large v3 fp16 + llama 70b int8": FP16 for Whisper
    # "faster-whisper large-v3 int8", "whisper large v3 em fp16": the format's words apart, and the software's
    # prefix before a size ("faster-whisper-large-v3" is Whisper large-v3 on faster-whisper)
    name = _FORMAT_WORDS.sub("", name).strip(" -_")
    key = re.sub(r"^faster-whisper-(?=large|medium|small|turbo|v\d)", "whisper-", _key(name))
    models = _models_by_key(os.environ.get("GPU_SIZER_DATA") or "")
    model = models.get(key) or models.get(_key(f"whisper-{key}"))
    assumed = False
    if model is None:
        if not _generic(name):
            return None
        model, assumed = model_by_id(table().defaults.model), True
    runtime = _runtime_in(plain)
    fmt = "int8" if _INT8.search(said) and not fp16_named else "fp16"
    if runtime is None:
        # CTranslate2 is the one that runs Whisper in INT8 here; without a word for it, the default software
        runtime = runtime_by_id(table().defaults.runtime)
    if fmt not in runtime.seconds:
        fmt = "fp16"
    return Served(model=model, runtime=runtime, format=fmt, batch=runtime.batch), assumed


def int8_unavailable(text: str, s: Served) -> str | None:
    """ "openai whisper int8": INT8 asked of server software with no INT8 figures here (resolve sizes it in
    FP16), the question with the software that has them (CTranslate2's faster-whisper) instead; None otherwise."""
    plain = strip_accents(text.lower())
    if s.format == "int8" or not _INT8.search(plain) or _FP16.search(plain):
        return None
    with_int8 = next((r for r in table().runtime if "int8" in r.seconds), None)
    if with_int8 is None:
        return None
    example = text.lower()  # as typed, accents kept: only the software's name changes
    for alias in sorted(s.runtime.aliases, key=len, reverse=True):
        example, found = re.subn(
            rf"(?<![\w-]){re.escape(alias)}(?![\w-])", with_int8.aliases[0], example, count=1
        )
        if found:
            break
    else:
        example = f"{example} {with_int8.aliases[0]}"
    return " ".join(example.split())


# A word for speech recognition with no model named: the default model.
_GENERIC_WORDS = rx(
    r"(?:faster[\s_-]?)?whisper|whisperx|stt|asr|speech[\s_-]?to[\s_-]?text|transcr\w*|reconhecimento de (?:fala|voz)"
    r"|fala para texto|speech recognition|speech"
)


def _generic(name: str) -> bool:
    return _GENERIC_WORDS.fullmatch(name.strip()) is not None


def weights(s: Served) -> int:
    return FORMAT_BYTES[s.format] * s.model.params


def cross_cache_per_window(m: Model) -> int:
    """The decoder's cross-attention keys and values over one window's encoder frames, computed once per window
    and kept while it is decoded: 2 (K, V) x decoder layers x d_model x 1500 frames, FP16."""
    return 2 * m.decoder_layers * m.d_model * table().defaults.source_frames * ACTIVATION_BYTES


def self_cache_per_sequence(m: Model) -> int:
    """One beam's self-attention cache at the decoder's longest output (448 tokens): 2 x layers x d_model x 448,
    FP16. An upper bound: a 30-second window's transcript is usually a hundred-odd tokens."""
    return 2 * m.decoder_layers * m.d_model * table().defaults.target_tokens * ACTIVATION_BYTES


def kv_cache(s: Served, batch: int | None = None) -> int:
    """The decoder's caches for a batch of windows, each decoded with `beam` beams."""
    b = s.batch if batch is None else batch
    return b * (cross_cache_per_window(s.model) + s.runtime.beam * self_cache_per_sequence(s.model))


def activations(s: Served, batch: int | None = None) -> int:
    """The encoder's live set over a batch of 30-second windows (1500 frames each): one layer's residual stream,
    norm output and q/k/v, and its MLP's input and two outputs (GELU, not gated), as serving.forward_peak counts
    an LLM's prompt; plus the attention scores (heads x 1500 x 1500) where the software does not fuse attention
    (CTranslate2)."""
    b = s.batch if batch is None else batch
    m, frames = s.model, table().defaults.source_frames
    per_window = frames * ACTIVATION_BYTES * (7 * m.d_model + 2 * m.ffn)
    if not s.runtime.fused_attention:
        per_window += m.heads * frames * frames * ACTIVATION_BYTES
    return b * per_window


def overhead() -> int:
    """Its own process's CUDA context and library workspaces, outside its tensors (sizing/encoders.py)."""
    return PROCESS_OVERHEAD


def total(s: Served, batch: int | None = None) -> int:
    return weights(s) + kv_cache(s, batch) + activations(s, batch) + overhead()


def realtime_factor(s: Served, gpu: GPU) -> float:
    """Seconds of audio one GPU transcribes per second, with the software's batch: the faster-whisper README's
    time for 13 minutes of Whisper large-v2 on an RTX 3070 Ti (780 s / its seconds), times the model's speed
    relative to large (its publisher's figure), times this GPU's memory bandwidth over the 3070 Ti's (the
    decoder reads its weights for every token: bandwidth-bound, as an LLM's generation is). An estimate."""
    d = table().defaults
    base = BENCHMARK_AUDIO_S / s.runtime.seconds[s.format]
    return base * s.model.relative_speed * gpu.bandwidth_gb_s / d.benchmark_bandwidth_gb_s


def streams_per_gpu(s: Served, gpu: GPU) -> int:
    """Calls at once one GPU keeps up with: its speed at the headroom a live service keeps, each call one second
    of audio a second. Memory does not grow with them: the chunks wait their turn for the software's batch of
    windows, whose memory `total` counts."""
    return max(0, int(realtime_factor(s, gpu) * table().defaults.live_utilization))


def batch_words(batch: int, lang: str) -> str:
    """ "lote de 8 janelas de 30 s", or "uma janela de 30 s por vez" for openai-whisper's one at a time."""
    return i18n.t(lang, "speech.batch_one") if batch == 1 else i18n.t(lang, "speech.batch_many", batch=batch)


def served_total(encoder_id: str) -> int:
    """What a model beside the LLM takes on each GPU: an embedding or reranking model's (sizing/encoders.py) or
    a speech model's, whose plan id carries its software and format ("openai/whisper-large-v3@faster-whisper:fp16")."""
    if is_speech_id(encoder_id):
        return total(by_id(encoder_id))
    return encoders.total(encoders.by_id(encoder_id))
