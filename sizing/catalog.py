"""The data files under sizing/data, loaded and validated.

The files are meant to be edited by people who do not program, so a mistake in one must say which file,
which entry and which key is wrong, in one sentence, instead of surfacing later as a wrong number.
"""

import os
import re
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from . import gguf, regexes, tomlfiles
from .architecture import Architecture, NonNegative, Positive, Strict, updated
from .catalog_error import CatalogError

DATA_DIR = Path(__file__).parent / "data"

PART_NAMES = ("embeddings", "lm_head", "attention")
CONTRACT_MODES = ("on_demand", "project_package", "dedicated", "reserved")


_NOT_ALNUM = regexes.compile(r"[\W_]+")  # what str.isalnum() refuses: \w is alphanumerics and "_"


@lru_cache(maxsize=8192)
def normalize(name: str) -> str:
    """The key names are matched by: case, spaces, hyphens, underscores and dots do not matter. (A question
    is matched span by span against every name: the same spans come back question after question.)"""
    return _NOT_ALNUM.sub("", name.casefold())


class Release(Strict, kw_only=True):
    """A published checkpoint of a model (an official FP8 / AWQ / GPTQ / MXFP4 release, or a repo read from the
    Hub): its weights are known to the byte, so they are not estimated from bits per weight."""

    repo: str
    precision: str  # the precision id of its quantized tensors (int4, fp8, mxfp4, bf16...)
    # Bytes of every tensor a server loads (safetensors headers: elements x dtype size, scales and zero points
    # included, layers the format keeps at 16-bit included; draft/MTP layers a server skips excluded).
    weight_bytes: Positive
    source: str
    notes: str | None = None


class Derivative(Strict, kw_only=True):
    """Another released model with exactly its catalogue model's architecture and context limits (a distill,
    a coder or reasoning fine-tune, a dated re-release): answers name it as asked and size it with that
    shape. One whose config.json differs in a way an answer would show (its context, its vocabulary) is a
    [[model]] of its own instead."""

    id: str
    name: str
    aliases: list[str] = []
    hf_repos: list[str] = []
    source: str
    notes: str | None = None
    # False where no source read gives its own config.json, only its publisher's word that it derives from the
    # model (Nemotron Super v1.5, Gervásio): sized with the model's shape, and every answer says so.
    config_cited: bool = True
    # A reasoning model (ModelEntry.reasoning): a fine-tune may think where its base does not (Magistral).
    reasoning: Literal["always", "on_request"] | None = None


class GgufFile(Strict, kw_only=True):
    """A published GGUF file whose per-layer types are the publisher's own rather than llama.cpp's defaults
    (Unsloth's dynamic quants): what it weighs, and a speed measured with it where one is published."""

    repo: str
    file: str  # the file type as published: "UD-IQ1_S"
    precision: str  # the llama.cpp file type (a precision id) it is built on: "iq1_s"
    label: str  # what its publisher calls it: "1.58-bit"
    weight_bytes: Positive  # the file's size (all its parts)
    source: str
    # A speed its publisher measured with it: on what (as published), tokens/s one user sees, tokens/s in
    # all, and the engine.
    measured_on: str | None = None
    measured_tokens_per_s_user: Annotated[float, msgspec.Meta(gt=0)] | None = None
    measured_tokens_per_s_total: Annotated[float, msgspec.Meta(gt=0)] | None = None
    measured_engine: str | None = None
    measured_source: str | None = None


class ImageRule(Strict, kw_only=True):
    """How a vision-language model turns one image into tokens, as its own preprocessing does (the rules are
    in sizing/images.py; each entry in models.toml names its source). `kind`:
      merged_patches  Qwen2.5-VL: the image is resized to a multiple of patch x merge pixels a side, within
                      min_pixels..max_pixels, and each merge x merge group of patch-pixel patches is a token
      fixed           LLaVA 1.5, Gemma 3: `tokens` per image whatever its size (resized or cropped first)
      patch_rows      Pixtral: scaled down to max_side, a token per patch x merge block and one per row (the
                      row breaks)
      tiles           InternVL2.5: split into up to max_tiles tiles of `tile` pixels (closest aspect ratio),
                      plus a thumbnail of the whole image, `tokens` per tile
      cross_tiles     Llama 3.2 Vision: up to max_tiles tiles of `tile` pixels, `tokens` per tile, held in the
                      cross-attention layers (the conversation gets one token per image)
      unsourced       the model reads images, but no published rule for its tokens is in the catalogue
    The encoder_* fields describe the vision transformer's width, for the activation memory of encoding."""

    kind: Literal["merged_patches", "fixed", "patch_rows", "tiles", "cross_tiles", "unsourced"]
    patch: NonNegative = 0  # pixels a side of one patch
    merge: Positive = 1  # patches merged a side into one token
    min_pixels: NonNegative = 0
    max_pixels: NonNegative = 0
    max_side: NonNegative = 0  # longest side after resizing (patch_rows)
    tile: NonNegative = 0  # pixels a side of one tile
    max_tiles: NonNegative = 0
    thumbnail: bool = False  # tiles: a thumbnail of the whole image is added when there are several tiles
    tokens: NonNegative = 0  # fixed: tokens per image; tiles, cross_tiles: per tile
    special_tokens: NonNegative = 0  # marker tokens around each image in the prompt
    encoder_tokens: NonNegative = 0  # fixed: the encoder's sequence per image; tiles, cross_tiles: per tile
    encoder_hidden: NonNegative = 0
    encoder_layers: NonNegative = (
        0  # the vision transformer's depth (a trained encoder's activations); 0: not known
    )
    encoder_intermediate: NonNegative = 0
    encoder_mlp: Literal["gated", "plain"] = "plain"
    source: str = ""

    def __post_init__(self) -> None:
        needs = {
            "merged_patches": ("patch", "max_pixels"),
            "fixed": ("tokens", "encoder_tokens"),
            "patch_rows": ("patch", "max_side"),
            "tiles": ("tile", "max_tiles", "tokens", "encoder_tokens"),
            "cross_tiles": ("tile", "max_tiles", "tokens", "encoder_tokens"),
            "unsourced": (),
        }[self.kind]
        missing = [key for key in needs if not getattr(self, key)]
        if self.kind != "unsourced":
            missing += [k for k in ("encoder_hidden", "encoder_intermediate") if not getattr(self, k)]
            if not self.source:
                missing.append("source")
        if missing:
            raise ValueError(f"images.kind {self.kind!r} needs {', '.join('images.' + k for k in missing)}")

    @property
    def counted(self) -> bool:
        """Whether the catalogue knows how this model's images become tokens."""
        return self.kind != "unsourced"


class ModelEntry(Architecture, kw_only=True):
    id: str
    name: str
    aliases: list[str] = []
    hf_repos: list[str] = []
    params_official_billions: Annotated[float, msgspec.Meta(gt=0)]
    params_official_text: str
    params_official_scope: str | None = None
    # The official figure leaves out the embedding table (a large vocabulary's: Command R7B's "7B" is 6.98B of
    # its 8.03B): the size check compares it with the count without the embeddings.
    params_official_excludes_embeddings: bool = False
    size_reference: bool = False
    # A family's sizes the catalogue lacks are scaled from its closest member; a superseded architecture
    # (Llama 2: full multi-head attention, 4k context) answers for its own sizes only.
    scale_base: bool = True
    # How a fine-tune's name writes this model when it gives no version ("…-Mistral-7B" with no "v0.3"): the
    # version such fine-tunes are built on (their cards; for the rest, the version out when they were released).
    fine_tune_names: list[str] = []
    native_precision: str | None = None
    source: str
    notes: str | None = None
    # A licence that limits who may use the model commercially: an id under [licence] in the messages, said in
    # every answer about the model (a sales rep must not sell GPUs for a use the licence forbids).
    licence: str | None = None
    # Set on architectures the engine derived for a bare size ("1.5b"): the catalogue model it scaled.
    scaled_from: str | None = None
    # Context beyond max_context that the model card documents with rope scaling (YaRN) or Dual Chunk Attention,
    # and how. With "dual_chunk" the server runs vLLM's DUAL_CHUNK_FLASH_ATTN backend, prefilling in chunks of
    # extended_context_prefill tokens (the size the model's vLLM example uses: its activations are counted),
    # and the publisher's minimum memory for the longest context is said beside the answer's.
    extended_context: Positive | None = None
    extended_context_method: str | None = None
    extended_context_kind: Literal["yarn", "dual_chunk", "config_limit"] = "yarn"
    extended_context_prefill: Positive | None = None
    extended_context_minimum_gb: Annotated[float, msgspec.Meta(gt=0)] | None = None
    # the file that must replace config.json to reach extended_context (Qwen3 2507: "config_1m.json")
    extended_context_config: str | None = None
    # The CUDA compute capability the serving engine's kernels for this architecture need, whatever the
    # precision (DeepSeek V3.2's sparse attention runs on FlashMLA's Hopper and Blackwell kernels: 9.0).
    min_compute_capability: Annotated[float, msgspec.Meta(gt=0)] | None = None
    # Published checkpoints of this model with their exact weight bytes (official quantized releases).
    releases: list[Release] = []
    # Set on the entry a name resolved to when that name is one checkpoint (a release, or a Hub repo).
    release: Release | None = None
    # Other released models with this architecture and these limits ([[model.derivatives]]).
    derivatives: list[Derivative] = []
    # Set on a derivative as an entry of its own (derived_models): the id of the model whose shape it has.
    derived_from: str | None = None
    # Multi-token-prediction layers the checkpoint carries beside the model (config.json's
    # num_nextn_predict_layers: DeepSeek V3/R1, GLM-4.5). A server loads them only to draft tokens
    # (speculative decoding, vLLM's "mtp" method); sizing/speculative.py counts them then.
    num_nextn_predict_layers: NonNegative = 0
    # Published GGUF files of this model made with a recipe of their own (not llama.cpp's defaults).
    gguf_files: list[GgufFile] = []
    # A vision-language model: how its images become tokens (None: a text model, as catalogued).
    images: ImageRule | None = None
    # A reasoning model writes a chain of thought before each answer, and it is output: "always" (DeepSeek R1,
    # QwQ, gpt-oss, the Thinking checkpoints) or "on_request" (hybrids whose thinking mode a question turns on:
    # Qwen3, GLM-4.5). Its answers are then sized at a reasoning answer's length (traffic.toml [lengths]).
    reasoning: Literal["always", "on_request"] | None = None
    # Keys a config.json pasted into a question lacked, each with the value its sizing took (hub/pasted.py):
    # said beside the answer, so that the person can paste the real one.
    assumed_keys: list[str] = []

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.cross_attention_tokens:
            raise ValueError(
                "cross_attention_tokens is set per question (sizing/plan.py), not in models.toml"
            )
        if self.extended_context is not None:
            if self.extended_context <= self.max_context:
                raise ValueError("extended_context must exceed max_context")
            if not self.extended_context_method:
                raise ValueError("extended_context needs extended_context_method (how: YaRN factor...)")

    @property
    def context_limit(self) -> int:
        """The longest context the model can be run with (with rope scaling when the card documents it)."""
        return self.extended_context or self.max_context

    @property
    def is_moe(self) -> bool:
        return self.moe is not None

    def derived(self, d: Derivative) -> "ModelEntry":
        """The derivative as a model of its own: this shape and these limits, its own id, name and names.
        Never a stand-in for a bare size, and without this model's published checkpoints."""
        return updated(
            self, id=d.id, name=d.name, aliases=d.aliases, hf_repos=d.hf_repos, source=d.source, notes=d.notes,
            derivatives=[], derived_from=self.id, releases=[], release=None, size_reference=False,
            reasoning=d.reasoning,
        )  # fmt: skip


_DERIVED: dict[int, tuple[list, dict[str, ModelEntry]]] = {}
# The models with their derivatives, by the list of models (Catalog.all_models): one list per catalogue, so
# that what is kept by the list's id (name_index, derived_models) is worked out once, not once per call.
_ALL_MODELS: dict[int, tuple[list, list[ModelEntry]]] = {}


def derived_models(models: list[ModelEntry]) -> dict[str, ModelEntry]:
    """Every derivative of these models as an entry of its own, by id (built once per catalogue)."""
    cached = _DERIVED.get(id(models))
    if cached and cached[0] is models:
        return cached[1]
    found = {d.id: m.derived(d) for m in models for d in m.derivatives}
    _DERIVED[id(models)] = (models, found)
    return found


class GPU(Strict, kw_only=True):
    id: str
    name: str
    vendor_name: str
    aliases: list[str] = []
    architecture: str
    memory_marketing_gb: Annotated[float, msgspec.Meta(gt=0)]
    memory_visible_mib: Positive
    memory_source: str
    bandwidth_gb_s: Annotated[float, msgspec.Meta(gt=0)]
    bf16_dense_tflops: Annotated[float, msgspec.Meta(gt=0)]
    fp8_dense_tflops: Annotated[float, msgspec.Meta(ge=0)]
    compute_source: str
    interconnect: Literal["nvlink", "pcie"]
    interconnect_gb_s: Annotated[float, msgspec.Meta(gt=0)]
    max_per_server: Positive
    interconnect_source: str
    # A laptop's GPU ("RTX 4090 Laptop 16 GB"): never what a bare "16gb" names, and one to a machine.
    laptop: bool = False
    # False: a memory amount said alone ("placa de vídeo de 12gb") never names this card, many cards sharing that
    # memory; it is sized as a GPU of that memory (a Budget) instead (sizing/query.py, _memory_classes).
    memory_class: bool = True
    # CUDA compute capability (7.0 Volta, 7.5 Turing, 8.0/8.6 Ampere, 8.9 Ada, 9.0 Hopper, 10.0/12.0 Blackwell): which
    # quantized formats the serving engine's kernels run on it (Precision.min_compute_capability).
    compute_capability: Annotated[float, msgspec.Meta(gt=0)] | None = None
    # A hosted notebook service (the key, a word in the question) whose card of a plain name is this one:
    # { colab = ["a100"] } reads "no colab com a100" as this card, not the one "a100" names elsewhere.
    platform_aliases: dict[str, list[str]] = {}
    # Hosted notebook services whose card, when the question names no GPU, is this one (["colab"]: Colab's
    # free tier runs a T4); the answer says the card it read.
    platform_default: list[str] = []
    # GPU families (architectures) this card stands for when the question names a family and no card
    # ("nvfp4 on hopper": ["hopper"]); the answer says the card it read.
    family_default: list[str] = []
    # GPUs joined in one NVLink domain beyond a server (GB200/GB300 NVL72: 72, across 18 trays of 4); setups are
    # still sized in servers of max_per_server, which the answer says (sizing/advice.py, _nvlink_domain).
    nvlink_domain: Positive | None = None

    @property
    def memory_bytes(self) -> int:
        """Total memory as CUDA reports it: what a serving engine's utilization share applies to."""
        return self.memory_visible_mib * 2**20

    def runs(self, precision: "Precision") -> bool:
        """Whether the serving engine runs `precision` on this GPU (unknown on either side: assumed so)."""
        need, has = precision.min_compute_capability, self.compute_capability
        return need is None or has is None or has >= need

    def tflops(self, compute: str) -> float:
        if compute == "fp8" and self.fp8_dense_tflops:
            return self.fp8_dense_tflops
        if compute == "fp32":
            # Tensor-core TF32 is half the BF16 rate on Ampere, Ada and Hopper.
            return self.bf16_dense_tflops / 2
        return self.bf16_dense_tflops


# A memory budget stated for a machine of the customer's own, where the words name no GPU of the catalogue: "no
# notebook com 16gb" (laptop-16gb), "minha gpu tem 16 GB" (gpu-16gb), "Mac com 32 GB de memória unificada"
# (mac-32gb). It is judged like a named GPU, by memory alone: nothing says which card it is, so it has no speed.
BUDGET_ID = regexes.compile(r"^(gpu|laptop|mac)-(\d{1,4}(?:\.\d+)?)gb$")
BUDGET_DEVICES = ("gpu", "laptop", "mac")
# A card's "16 GB" are 16 GiB of memory chips, of which CUDA shows the software 98%: 32,123 of the RTX 5090's
# 32,768 MiB, 24,207 of the RTX 4090's 24,576 and 16,375 of the RTX 4090 Laptop's 16,384 (gpus.toml). The
# smallest share is taken.
CARD_VISIBLE_SHARE = 32123 / 32768
# macOS lets the GPU wire only part of a Mac's unified memory (Metal's recommendedMaxWorkingSetSize, what
# llama.cpp, MLX and Ollama load models into): 2/3 of it up to 36 GB, 3/4 above. llama.cpp's ggml_metal_init
# prints "recommendedMaxWorkingSetSize = 21845.34 MB" on a 32 GB M2 Pro (2/3 of 32,768 MiB);
# exo-explore/exo#1672 reads 10.67 GB on a 16 GB M4 Mac mini; gpustack/gpustack#1375 "75% of total RAM" on
# larger Macs (a 128 GB M5 Max measured 107.5 GiB, more than 3/4: antirez/ds4#893). `sudo sysctl
# iogpu.wired_limit_mb=<MiB>` raises the limit until the next reboot (Andyyyy64/whichllm#152).
MAC_SMALL_SHARE, MAC_LARGE_SHARE, MAC_SMALL_UP_TO_GB = 2 / 3, 3 / 4, 36
MAX_BUDGET_GB = 1024


def mac_gpu_share(unified_gb: float) -> float:
    """The share of a Mac's unified memory its GPU may use by default."""
    return MAC_SMALL_SHARE if unified_gb <= MAC_SMALL_UP_TO_GB else MAC_LARGE_SHARE


def budget_id(device: str, gb: float) -> str:
    return f"{device}-{gb:g}gb"


class Budget(GPU, kw_only=True):
    """The GPU memory of a machine the customer owns, stated in GB: `device` is "gpu" (a graphics card),
    "laptop" (a laptop's GPU) or "mac" (unified memory, of which the GPU gets mac_gpu_share); `stated_gb` is
    the amount said. Its speed figures are zero: an answer gives no performance for it (sizing/traffic.py)."""

    device: str
    stated_gb: float

    @classmethod
    def from_id(cls, text: str) -> "Budget | None":
        m = BUDGET_ID.match(text.strip().lower())
        if m is None:
            return None
        device, gb = m.group(1), float(m.group(2))
        if not 0 < gb <= MAX_BUDGET_GB:
            return None
        share = mac_gpu_share(gb) if device == "mac" else CARD_VISIBLE_SHARE
        return cls(
            id=budget_id(device, gb),
            name=f"{gb:g} GB "
            + {"gpu": "GPU", "laptop": "laptop GPU", "mac": "Mac (unified memory)"}[device],
            vendor_name="",
            architecture="",
            memory_marketing_gb=gb,
            memory_visible_mib=max(1, int(gb * 1024 * share)),
            memory_source="stated in the question",
            bandwidth_gb_s=0.0,
            bf16_dense_tflops=0.0,
            fp8_dense_tflops=0.0,
            compute_source="",
            interconnect="pcie",
            interconnect_gb_s=0.0,
            max_per_server=8 if device == "gpu" else 1,
            interconnect_source="",
            laptop=device == "laptop",
            device=device,
            stated_gb=gb,
        )


def is_budget(gpu_id: str) -> bool:
    return gpu_id.endswith("gb") and BUDGET_ID.match(gpu_id) is not None


class Precision(Strict, kw_only=True):
    id: str
    name: str
    aliases: list[str] = []
    nominal_bits: Annotated[int, msgspec.Meta(gt=0, le=32)]
    bits_per_weight: Annotated[float, msgspec.Meta(gt=0, le=32)]
    unquantized_bits: int = 16
    keeps: list[str] = []
    keeps_moe: list[str] | None = None
    # Bits of the quantized linear weights outside the routed experts, when the format stores them in another
    # format than the experts (DeepSeek-V4: experts MXFP4, attention and shared expert FP8). None: as the
    # experts, bits_per_weight.
    dense_bits: Annotated[float, msgspec.Meta(gt=0, le=32)] | None = None
    gguf: str | None = None
    # The engine that runs the format, when vLLM does not: "exllamav2" (EXL2 files); a GGUF file is llama.cpp's.
    engine: Literal["exllamav2"] | None = None
    compute: Literal["fp32", "bf16", "fp8"] = "bf16"
    # Serving: the engine pads the hidden dimension of MoE expert matrices to a multiple of this (0: no).
    engine_pad_experts: NonNegative = 0
    # Serving: the lowest CUDA compute capability the engine's kernels for this format need (None: any).
    min_compute_capability: Annotated[float, msgspec.Meta(gt=0)] | None = None
    # Serving speed: share of the memory bandwidth a decode step reads these weights at, against 16-bit
    # weights, for formats whose kernels dequantize them on the way (1: as fast as their bytes).
    decode_read_share: Annotated[float, msgspec.Meta(gt=0, le=1)] = 1.0
    # Serving speed: seconds a decode step spends in each MoE layer beyond its bytes and FLOPs, in the format's
    # MoE kernels (routing, token permutation, launches), whatever the batch (0: none measured).
    moe_layer_s: Annotated[float, msgspec.Meta(ge=0, le=0.01)] = 0.0
    # Serving speed: share of a dense matmul's prefill rate (PREFILL_MFU) the format's MoE kernels multiply a
    # prompt's routed experts at (1: as fast as a dense layer).
    moe_prefill_share: Annotated[float, msgspec.Meta(gt=0, le=1)] = 1.0
    source: str

    def __post_init__(self) -> None:
        for part in [*self.keeps, *(self.keeps_moe or [])]:
            if part not in PART_NAMES:
                raise ValueError(f"unknown part {part!r}; use {', '.join(PART_NAMES)}")

    @property
    def engine_name(self) -> str:
        """The serving engine that runs this format: "llamacpp" (GGUF), "exllamav2" (EXL2) or "vllm"."""
        return "llamacpp" if self.gguf else (self.engine or "vllm")

    @property
    def is_quantized(self) -> bool:
        return self.nominal_bits < 16


class KVPrecision(Strict, kw_only=True):
    id: str
    name: str
    aliases: list[str] = []
    bytes_per_value: Annotated[float, msgspec.Meta(gt=0)]
    source: str
    # llama.cpp's K and V caches set apart (sizing/names.py _split_cache): the K cache's own bytes per value,
    # all an MLA model's cache takes (sizing/plan.py)
    k_bytes_per_value: float | None = None

    @property
    def sixteen_bit(self) -> bool:
        """The unquantized cache, whatever its engine names it (vLLM's BF16 "auto", llama.cpp's F16): the one an
        8-bit cache halves."""
        return self.bytes_per_value == 2


class Stack(Strict, kw_only=True):
    """Fine-tuning / training software: what its loss, adapters and checkpointing keep in memory."""

    id: str
    name: str
    aliases: list[str] = []
    logit_bytes: Annotated[float, msgspec.Meta(ge=0, le=64)]
    fused_loss_bytes: Annotated[float, msgspec.Meta(ge=0, le=64)] = 0.0
    adapter_dtype: Literal["fp32", "bf16"]
    # its BF16 adapters are what PEFT made before 0.12 (the base layer's floating type); PEFT 0.12+ casts them to FP32
    # in get_peft_model (autocast_adapter_dtype=True), which the answer says with what that adds (sizing/plan.py)
    adapters_before_peft_autocast: bool = False
    master_weights: bool = True
    bf16_load: bool = (
        False  # a full training without ZeRO/FSDP said runs on the BF16-loaded model: no master copy
    )
    kbit_fp32_upcast: bool = False
    offload_checkpoints: bool = False
    data_parallel_only: bool = False
    rl_shared_weights: bool = False  # RL generation in vLLM reads the trained model's own weights (no copy)
    # a full fine-tune on one GPU, with no optimizer said, runs the stack's low-memory recipe: PagedAdamW8bit
    # stepped inside the backward (torchtune's full_finetune_single_device configs; sizing/training.py memory)
    single_device_paged_8bit: bool = False
    lora_rank: int = 0  # the rank the stack's recipes set when none is said (0: the answers' default, 16)
    lora_skip_k: bool = False  # its recipes adapt no key projection (torchtune: q_proj, v_proj, output_proj)
    # its LoRA is PEFT's layer, which casts each adapted layer's input to the adapters' type and keeps that copy for
    # the backward (sizing/training.py lora_input_copy_bytes); `autocast`: its trainer runs the forward under
    # torch.autocast (transformers' Trainer with bf16=True), which makes that copy BF16
    peft_lora: bool = False
    autocast: bool = True
    # what trains its FP8 full fine-tunes: "te" (Transformer Engine, its FP8 input copies and weight transposes
    # saved for the backward) or "torchao" (float8 Linear, which saves the BF16 input and weight and only in
    # the multi-GPU recipe; sizing/training.py memory, sizing/advice.py _other_stack)
    fp8_backend: Literal["te", "torchao"] = "te"
    # "selective" recomputation is an op-level policy that keeps every other matrix product's output and the
    # attention's (torchtitan's selective_ac_option "op"; sizing/training.py op_sac_values), not Megatron-LM's
    # attention-only recomputation
    selective_ops: bool = False
    # pipeline stages under FSDP keep their layers' weights gathered through the step and accumulate whole FP32
    # gradients over the micro-batches (torchtitan on PyTorch's pipelining; sizing/training.py memory)
    pipeline_fsdp: bool = False
    # under tensor parallelism with sequence parallelism, the attention's, the MLP's and the output head's inputs are
    # all-gathered whole and kept so for the backward (torchtitan's DTensor plan), where Megatron-LM keeps its shard
    # and gathers it again (Korthikanti et al. 2022, section 4.2.2)
    tp_gathered_inputs: bool = False
    # offered in place of the stack a question runs on (alternatives, the lead); false for software people name
    # for pre-training, which answers to a fine-tuning question never suggest
    suggested: bool = True
    # its note already says how torch.compile changes the memory, so a question naming torch.compile gets no second
    # note (sizing/plan.py)
    says_compile: bool = False
    source: str

    @property
    def adapter_bytes(self) -> int:
        return 4 if self.adapter_dtype == "fp32" else 2


class Offer(Strict, kw_only=True):
    gpu: str
    class_: str = msgspec.field(name="class")
    counts: Annotated[list[int], msgspec.Meta(min_length=1)]
    max_servers: Annotated[int, msgspec.Meta(ge=1)] = 1
    contract_modes: list[Literal["on_demand", "project_package", "dedicated", "reserved"]]
    price_per_gpu_hour: dict[Literal["on_demand", "project_package", "dedicated", "reserved"], float] = {}

    def __post_init__(self) -> None:
        if any(c < 1 for c in self.counts):
            raise ValueError("GPU counts must be 1 or more")
        msgspec.structs.force_setattr(self, "counts", sorted(set(self.counts)))


class ServingSettings(Strict, kw_only=True):
    memory_utilization: Annotated[float, msgspec.Meta(gt=0.3, le=1.0)] = 0.90
    prefill_chunk_tokens: Annotated[int, msgspec.Meta(ge=256)] = 2048


class LoadingSettings(Strict, kw_only=True):
    # Assumed rates (offering.toml [loading] says where each comes from): a model's load time is its weights
    # over them (sizing/concepts.py load_time).
    download_gbit_per_s: Annotated[float, msgspec.Meta(gt=0)] = 10
    disk_read_gb_per_s: Annotated[float, msgspec.Meta(gt=0)] = 3.5
    host_to_device_gb_per_s: Annotated[float, msgspec.Meta(gt=0)] = 31.5


class TrainingSettings(Strict, kw_only=True):
    memory_utilization: Annotated[float, msgspec.Meta(gt=0.3, le=1.0)] = 0.90
    mfu: Annotated[float, msgspec.Meta(gt=0.05, le=0.9)] = 0.40
    # The MFU of the GPUs of one architecture (gpus.toml `architecture`) where a published measurement says
    # it; the others train at `mfu` (offering.toml says the sources).
    mfu_by_architecture: dict[str, Annotated[float, msgspec.Meta(gt=0.05, le=0.9)]] = {}
    # A training run with no deadline is sized to finish within this many days (and the answer says so).
    default_days: Annotated[int, msgspec.Meta(ge=1, le=3650)] = 30
    # How much faster an FP8 training (Transformer Engine, torchao float8) runs than BF16 on a GPU with FP8
    # tensor cores (offering.toml says the source); `fp8` is set on the catalogue a question asking for one
    # is sized with (sizing/engine.py), never in the file.
    fp8_speedup: Annotated[float, msgspec.Meta(ge=1.0, le=2.0)] = 1.0
    fp8: bool = False


class PopulationSettings(Strict, kw_only=True):
    peak_active_share: Annotated[float, msgspec.Meta(gt=0, le=1)] = 0.10
    requests_per_active_hour: Annotated[float, msgspec.Meta(gt=0, le=3600)] = 10
    users_as_population_from: Annotated[int, msgspec.Meta(ge=2)] = 1000
    head_count_reading_at_most: Annotated[float, msgspec.Meta(gt=0, le=1)] = 0.5
    head_count_reading_from: Annotated[int, msgspec.Meta(ge=2)] = 50
    daily_share_of_monthly: Annotated[float, msgspec.Meta(gt=0, le=1)] = 0.20
    many_users: Annotated[int, msgspec.Meta(ge=2)] = 10


class DailySettings(Strict, kw_only=True):
    peak_hour_share: Annotated[float, msgspec.Meta(gt=1 / 24, le=1)] = 0.15
    days_per_month: Annotated[float, msgspec.Meta(ge=1, le=31)] = 22
    days_per_week: Annotated[float, msgspec.Meta(ge=1, le=7)] = 5


class LatencySettings(Strict, kw_only=True):
    ttft_s: Annotated[float, msgspec.Meta(gt=0)] = 2.0
    tokens_per_s: Annotated[float, msgspec.Meta(gt=0)] = 10


class LongLatencySettings(LatencySettings, kw_only=True):
    """traffic.toml [latency_long]: a chat's limits for prompts of at least `from_prompt_tokens`."""

    from_prompt_tokens: Annotated[int, msgspec.Meta(ge=1)] = 11000


class BatchSettings(Strict, kw_only=True):
    night_hours: Annotated[float, msgspec.Meta(gt=0, le=24)] = 8


class LengthSettings(Strict, kw_only=True):
    output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 500
    short_output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 200
    long_output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 2000
    short_prompt_tokens: Annotated[int, msgspec.Meta(ge=1)] = 200
    long_prompt_tokens: Annotated[int, msgspec.Meta(ge=1)] = 4000
    long_context_tokens: Annotated[int, msgspec.Meta(ge=1)] = 32768
    classification_output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 20
    summary_output_share: Annotated[float, msgspec.Meta(gt=0, le=1)] = 0.1
    new_prompt_tokens: Annotated[int, msgspec.Meta(ge=1)] = 1000
    tokens_per_page: Annotated[int, msgspec.Meta(ge=1)] = 750
    tokens_per_speech_minute: Annotated[int, msgspec.Meta(ge=1)] = 225
    tokens_per_word: Annotated[float, msgspec.Meta(gt=0)] = 1.5
    characters_per_token: Annotated[float, msgspec.Meta(gt=0)] = 4
    tokens_per_line: Annotated[float, msgspec.Meta(gt=0)] = 13
    words_per_paragraph: Annotated[int, msgspec.Meta(ge=1)] = 100
    rag_chunks: Annotated[int, msgspec.Meta(ge=1)] = 2
    rag_chunk_tokens: Annotated[int, msgspec.Meta(ge=1)] = 1024
    reasoning_output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 4043
    reasoning_max_output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 32768


Side = Annotated[int, msgspec.Meta(ge=28, le=20000)]  # pixels a side of an image


class ImageSettings(Strict, kw_only=True):
    """Images in conversations: the size assumed when none is said, and the sizes people name."""

    width: Side = 1024
    height: Side = 1024
    # Named sizes ("fotos de celular", "full HD"): id -> [width, height]; the words are in the vocabulary.
    sizes: dict[str, Annotated[list[Side], msgspec.Meta(min_length=2, max_length=2)]] = {}
    # A count of images with no "per conversation" from this many on is a total, not each conversation's.
    total_from: Annotated[int, msgspec.Meta(ge=2)] = 1000


class CodeSettings(Strict, kw_only=True):
    """traffic.toml [code]: a coding assistant's requests when the question gives no lengths."""

    prompt_tokens: Annotated[int, msgspec.Meta(ge=1)] = 16000
    context_tokens: Annotated[int, msgspec.Meta(ge=1)] = 32768
    output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 500
    completion_prompt_tokens: Annotated[int, msgspec.Meta(ge=1)] = 1536
    completion_output_tokens: Annotated[int, msgspec.Meta(ge=1)] = 64


class CapacitySettings(Strict, kw_only=True):
    plan_utilization: Annotated[float, msgspec.Meta(gt=0.1, le=1)] = 0.70


class Traffic(Strict, kw_only=True):
    """traffic.toml: how traffic becomes load, and the latency a chat service is sized for."""

    population: PopulationSettings = msgspec.field(default_factory=PopulationSettings)
    daily: DailySettings = msgspec.field(default_factory=DailySettings)
    latency: LatencySettings = msgspec.field(default_factory=LatencySettings)
    latency_interactive: LatencySettings = msgspec.field(
        default_factory=lambda: LatencySettings(ttft_s=0.5, tokens_per_s=33)
    )
    latency_batch: LatencySettings = msgspec.field(
        default_factory=lambda: LatencySettings(ttft_s=600, tokens_per_s=1)
    )
    latency_long: LongLatencySettings = msgspec.field(
        default_factory=lambda: LongLatencySettings(ttft_s=6.0, tokens_per_s=5.7)
    )
    latency_interactive_long: LatencySettings = msgspec.field(
        default_factory=lambda: LatencySettings(ttft_s=4.5, tokens_per_s=12.5)
    )
    batch: BatchSettings = msgspec.field(default_factory=BatchSettings)
    lengths: LengthSettings = msgspec.field(default_factory=LengthSettings)
    code: CodeSettings = msgspec.field(default_factory=CodeSettings)
    capacity: CapacitySettings = msgspec.field(default_factory=CapacitySettings)
    images: ImageSettings = msgspec.field(default_factory=ImageSettings)

    def long_prompt(self, prompt: int) -> bool:
        """Whether a prompt is long enough for MLPerf's long-context limits ([latency_long])."""
        return prompt >= self.latency_long.from_prompt_tokens

    def chat_latency(self, prompt: int, fast: bool = False) -> LatencySettings:
        """The limits a service someone waits on is sized for when the question gives no figure: the chat's
        (or, fast answers asked for, the Interactive ones), or MLPerf's long-context ones for a long prompt."""
        if self.long_prompt(prompt):
            return self.latency_interactive_long if fast else self.latency_long
        return self.latency_interactive if fast else self.latency


class LeadRules(Strict, kw_only=True):
    production: bool = True
    min_gpus: Annotated[int, msgspec.Meta(ge=1)] = 8
    training: bool = True


class Offering(Strict, kw_only=True):
    currency: str = "BRL"
    # what one unit of another currency is worth in `currency` (budgets typed in it are converted at it)
    exchange_rates: dict[str, Annotated[float, msgspec.Meta(gt=0)]] = {}
    prices_public: bool = False
    hours_per_month: Annotated[float, msgspec.Meta(gt=0, le=744)] = 730
    business_hours_per_day: Annotated[float, msgspec.Meta(gt=0, lt=24)] = 10
    serving: ServingSettings = msgspec.field(default_factory=ServingSettings)
    loading: LoadingSettings = msgspec.field(default_factory=LoadingSettings)
    training: TrainingSettings = msgspec.field(default_factory=TrainingSettings)
    leads: LeadRules = msgspec.field(default_factory=LeadRules)
    offer: Annotated[list[Offer], msgspec.Meta(min_length=1)]

    @property
    def has_prices(self) -> bool:
        return any(o.price_per_gpu_hour for o in self.offer)


class Series(Strict, kw_only=True):
    """A release of one family in several sizes ("Qwen3", "Llama 3.1"): named without a size, the answer asks
    which size rather than guess one (a 0.6B and a 235B need GPUs a thousand times apart)."""

    id: str
    name: str
    aliases: list[str] = []
    models: Annotated[list[str], msgspec.Meta(min_length=1)]  # catalogue ids, smallest first
    # Sizes the release has that the catalogue does not size, as they are written ("E2B" for Gemma's
    # on-device sizes): asked for, the answer says so instead of taking them for a GPU or a typo.
    uncatalogued_sizes: list[str] = []

    def __post_init__(self) -> None:
        # One size in all is a model, not a series; one catalogued among others ("starcoder2": 15B of 3B, 7B,
        # 15B) is still asked which.
        if len(self.models) + len(self.uncatalogued_sizes) < 2:
            raise ValueError(f"series {self.id!r} needs two sizes or more (models and uncatalogued_sizes)")


class Uncatalogued(Strict, kw_only=True):
    """A model people ask for by name that the catalogue does not size (no config.json to cite yet, or never
    released): the answer says so, instead of sizing another member of its family under its name ("pixtral
    large" had been Pixtral 12B)."""

    name: str
    size: str  # the official size, as its card words it ("124B")
    aliases: list[str]
    released: bool = True  # False: announced, its weights never published
    # Why it is not sized, said in the refusal (messages' uncatalogued_why): "no_config" (no config.json cited),
    # "state_space" (Mamba, RWKV or short-convolution layers keep a state, not only a KV cache),
    # "encoder_decoder", "layout" (another layer arrangement models.toml does not describe), "multimodal" (its
    # vision or audio encoder and the tokens an image takes are not cited).
    reason: Literal["no_config", "state_space", "encoder_decoder", "layout", "multimodal"] = "no_config"
    repo: str | None = None  # where its architecture can be read (pasted, the Hub reader sizes it)
    # The family's other repos, one per size or variant ("ai21labs/AI21-Jamba-Large-1.7" beside the Mini's
    # `repo`): a size or variant named picks the repo that names it ("jamba large 1.7" had been offered the Mini's).
    repos: list[str] = []
    # Why the Hub reader refuses its repos' files too (a message hub_unsupported.<key>: "ssm_zamba2"): the
    # refusal says so instead of offering a repo to paste that would be refused in turn.
    hub_refuses: str | None = None
    # Which of `repo` and `repos` were checked to exist, and where (public code and model lists that load them):
    # a repo id offered to paste must be a real one.
    repos_confirmed: str = ""
    similar: Annotated[list[str], msgspec.Meta(min_length=1)]  # catalogue ids to offer instead
    source: str
    # Names it shares with catalogue models ("nemotron ultra": Nemotron 3 Ultra's and Llama 3.1 Nemotron Ultra
    # 253B's), and those models: said alone, the answer asks which, naming each (sizing one would be a guess).
    shared_names: list[str] = []
    shared_with: list[str] = []


class Catalog(Strict, kw_only=True):
    models: list[ModelEntry]
    # Family words ("qwen", "llama") -> catalogue model ids, newest first: a family with a size picks one of
    # them, or scales the closest, and never jumps to another family.
    families: dict[str, list[str]] = {}
    series: list[Series] = []
    uncatalogued: list[Uncatalogued] = []
    # Releases no model of which is sized, and their sizes as published ("Granite 3.0": "1B-A400M", "2B", ...).
    release_sizes: dict[str, list[str]] = {}
    # Asked which model to use: the models each task's answer sizes (a task, or "default") -> ids.
    suggestions: dict[str, list[str]] = {}
    gpus: list[GPU]
    precisions: list[Precision]
    kv_precisions: list[KVPrecision]
    ggml_types: dict[str, float]
    offering: Offering
    stacks: Annotated[list[Stack], msgspec.Meta(min_length=1)]  # the first is the default
    traffic: Traffic = Traffic()

    def __post_init__(self) -> None:
        if _CROSS_CHECKED.get():  # decoded from the kept copy of a catalogue that passed them (_load_catalog)
            return
        kinds = (
            ("model", [*self.models, *derived_models(self.models).values()]),
            ("GPU", self.gpus),
            ("precision", self.precisions),
            ("stack", self.stacks),
        )
        for kind, items in kinds:
            seen: dict[str, str] = {}
            for item in items:
                releases = [r.repo for r in getattr(item, "releases", [])]
                for name in (item.id, item.name, *item.aliases, *getattr(item, "hf_repos", []), *releases):
                    key = normalize(name)
                    if key in seen and seen[key] != item.id:
                        raise ValueError(
                            f"{kind} name {name!r} is used by both {seen[key]!r} and {item.id!r}"
                        )
                    seen[key] = item.id
        gpu_ids = {g.id for g in self.gpus}
        for offer in self.offering.offer:
            if offer.gpu not in gpu_ids:
                raise ValueError(f"offering lists GPU {offer.gpu!r}, which gpus.toml does not define")
        precision_ids = {p.id for p in self.precisions}
        for m in self.models:
            for r in m.releases:
                if r.precision not in precision_ids:
                    raise ValueError(
                        f"model {m.id!r}: release {r.repo!r} has unknown precision {r.precision!r}"
                    )
            for f in m.gguf_files:
                found = next((p for p in self.precisions if p.id == f.precision), None)
                if found is None or not found.gguf:
                    raise ValueError(
                        f"model {m.id!r}: GGUF file {f.file!r} names {f.precision!r}, "
                        "which is no GGUF type in precisions.toml"
                    )
        model_ids = {m.id for m in self.models} | set(derived_models(self.models))
        for word, members in self.families.items():
            for member in members:
                if member not in model_ids:
                    raise ValueError(
                        f"family {word!r} lists model {member!r}, which models.toml does not define"
                    )
        for task, members in self.suggestions.items():
            for member in members:
                if member not in model_ids:
                    raise ValueError(
                        f"suggestions {task!r} lists model {member!r}, which models.toml does not define"
                    )
        model_names = {normalize(n): m.id for m in self.all_models for n in (m.id, m.name, *m.aliases)}
        for series in self.series:
            for member in series.models:
                if member not in model_ids:
                    raise ValueError(
                        f"series {series.id!r} lists model {member!r}, which models.toml does not define"
                    )
            for name in (series.id, series.name, *series.aliases):
                # A name is a model or a series, never both: which one a question means would be a guess.
                if normalize(name) in model_names:
                    raise ValueError(
                        f"series {series.id!r}: name {name!r} is also model {model_names[normalize(name)]!r}"
                    )
        for entry in self.uncatalogued:
            for member in entry.similar:
                if member not in model_ids:
                    raise ValueError(
                        f"uncatalogued {entry.name!r} lists model {member!r}, which models.toml does not define"
                    )
            for member in entry.shared_with:
                if member not in model_ids:
                    raise ValueError(
                        f"uncatalogued {entry.name!r} shares a name with {member!r}, which models.toml does not define"
                    )
            if entry.repos and not entry.repo:
                raise ValueError(
                    f"uncatalogued {entry.name!r}: repos needs a repo, the one offered by default"
                )
            if bool(entry.shared_names) != bool(entry.shared_with):
                raise ValueError(f"uncatalogued {entry.name!r}: shared_names and shared_with go together")
            for name in (entry.name, *entry.aliases, *entry.shared_names):
                if normalize(name) in model_names:
                    raise ValueError(
                        f"uncatalogued {entry.name!r}: name {name!r} is catalogue model "
                        f"{model_names[normalize(name)]!r}"
                    )
        for p in self.precisions:
            if p.gguf and p.gguf not in GGUF_BASE_TYPES:
                raise ValueError(f"precision {p.id!r}: unknown GGUF file type {p.gguf!r}")
        ftypes = {p.gguf for p in self.precisions if p.gguf}
        for t in {GGUF_BASE_TYPES[f] for f in ftypes} | gguf.rule_types(ftypes):
            if t not in self.ggml_types:
                raise ValueError(f"[ggml_types] lacks {t}, which the GGUF rules use")

    # -- look-ups by id (names typed by people are resolved in sizing.names) ---------------------

    def model(self, model_id: str) -> ModelEntry:
        """A catalogue model, or a derivative of one (derived_models), by id."""
        derived = derived_models(self.models).get(model_id)
        return derived if derived is not None else _by_id(self.models, model_id, "model")

    @property
    def all_models(self) -> list[ModelEntry]:
        """The models and their derivatives: every model a name may resolve to. One list per list of models
        (callers must not change it): a new list on each call made name_index and derived_models, which key
        by the list, index every model again and keep each copy for the life of the process."""
        models = self.models
        cached = _ALL_MODELS.get(id(models))
        if cached is None or cached[0] is not models:
            cached = _ALL_MODELS[id(models)] = (models, [*models, *derived_models(models).values()])
        return cached[1]

    def training_mfu(self, gpu: GPU) -> float:
        """The model FLOPs utilization a training on this GPU is timed at: its architecture's published one,
        else the offering's (a budget of memory with no card says no architecture)."""
        training = self.offering.training
        mfu = training.mfu_by_architecture.get(getattr(gpu, "architecture", ""), training.mfu)
        if training.fp8 and getattr(gpu, "fp8_dense_tflops", 0):
            # FP8's matrix products, against the BF16 peak the MFU is measured on
            return mfu * training.fp8_speedup
        return mfu

    def gpu(self, gpu_id: str) -> GPU:
        if gpu_id.endswith("gb") and (budget := Budget.from_id(gpu_id)) is not None:
            return budget
        return _by_id(self.gpus, gpu_id, "GPU")

    def precision(self, precision_id: str) -> Precision:
        if (bpw := exl2_bpw_of_id(precision_id)) is not None and not any(
            p.id == precision_id for p in self.precisions
        ):
            return exl2_precision(self, bpw)
        return _by_id(self.precisions, precision_id, "precision")

    def kv_precision(self, kv_id: str) -> KVPrecision:
        return _by_id(self.kv_precisions, kv_id, "KV precision")

    def stack(self, stack_id: str) -> Stack:
        return _by_id(self.stacks, stack_id, "stack")

    @property
    def default_stack(self) -> Stack:
        return self.stacks[0]


# llama.cpp file type -> the tensor type most tensors get (src/llama-quant.cpp, llama_ftype_get_default_type).
# IQ2_S's base is IQ2_XS and IQ2_M's IQ2_S; IQ3_XS and IQ3_M are IQ3_S files with other tensors changed.
GGUF_BASE_TYPES = {
    "F32": "F32", "F16": "F16", "BF16": "BF16", "Q8_0": "Q8_0", "Q6_K": "Q6_K",
    "Q5_K_M": "Q5_K", "Q5_K_S": "Q5_K", "Q5_1": "Q5_1", "Q5_0": "Q5_0",
    "Q4_K_M": "Q4_K", "Q4_K_S": "Q4_K", "Q4_1": "Q4_1", "Q4_0": "Q4_0",
    "IQ4_XS": "IQ4_XS", "IQ4_NL": "IQ4_NL",
    "Q3_K_L": "Q3_K", "Q3_K_M": "Q3_K", "Q3_K_S": "Q3_K", "Q2_K": "Q2_K",
    "IQ3_M": "IQ3_S", "IQ3_S": "IQ3_S", "IQ3_XS": "IQ3_S", "IQ3_XXS": "IQ3_XXS",
    "IQ2_M": "IQ2_S", "IQ2_S": "IQ2_XS", "IQ2_XS": "IQ2_XS", "IQ2_XXS": "IQ2_XXS",
    "IQ1_M": "IQ1_M", "IQ1_S": "IQ1_S",
    "MXFP4_MOE": "MXFP4",
}  # fmt: skip


# ExLlamaV2 makes an EXL2 file at any average bits per weight from 2 to 8 (exllamav2 conversion/convert_exl2.py:
# "-b", a float; outside 2..8 "target bitrate ... will likely not be attainable"): each width is built from the
# catalogue's default EXL2 entry (EXL2_TEMPLATE) at the number asked, not listed one by one.
EXL2_MIN_BPW, EXL2_MAX_BPW = 2.0, 8.0
EXL2_TEMPLATE = "exl2_4_0"
_EXL2_ID = regexes.compile(r"exl2_(\d)_(\d{1,3})")
_EXL2_BUILT: dict[tuple[int, str], tuple["Catalog", Precision]] = {}


def exl2_id(bpw: float) -> str:
    """ "exl2_4_65" for 4.65 bits per weight, "exl2_4_0" for 4."""
    whole, _, fraction = f"{bpw:.3f}".rstrip("0").partition(".")
    return f"exl2_{whole}_{fraction or '0'}"


def exl2_bpw_of_id(precision_id: str) -> float | None:
    m = _EXL2_ID.fullmatch(precision_id)
    if m is None:
        return None
    bpw = float(f"{m.group(1)}.{m.group(2)}")
    return bpw if EXL2_MIN_BPW <= bpw <= EXL2_MAX_BPW else None


def exl2_precision(catalog: "Catalog", bpw: float) -> Precision:
    """The EXL2 file at `bpw`: the template's engine and kept parts, at that average. Built once per catalogue
    and width, so a plan's precision is one object (caches key on it)."""
    key = (id(catalog), exl2_id(bpw))
    built = _EXL2_BUILT.get(key)
    if built is not None and built[0] is catalog:
        return built[1]
    template = _by_id(catalog.precisions, EXL2_TEMPLATE, "precision")
    precision = msgspec.structs.replace(
        template,
        id=key[1],
        name=f"EXL2 {bpw:g} bpw",
        aliases=[],
        nominal_bits=int(bpw),
        bits_per_weight=bpw,
        source=f"ExLlamaV2 convert.py: -b {bpw:g} bits per weight on average, scales included; embeddings at FP16",
    )
    _EXL2_BUILT[key] = (catalog, precision)
    return precision


# Each list's items by id (the first of an id, as the scan finds it), kept by the list: a sizing looks a GPU up by
# id two dozen times. A list changed since (an index that no longer holds the item there) is indexed again.
_INDEXES: dict[int, tuple[list, dict[str, int]]] = {}


def _by_id(items, item_id, kind):
    kept = _INDEXES.get(id(items))
    if kept is None or kept[0] is not items:
        if len(_INDEXES) > 256:
            _INDEXES.clear()
        index: dict[str, int] = {}
        for i, item in enumerate(items):
            index.setdefault(item.id, i)
        kept = _INDEXES[id(items)] = (items, index)
    i = kept[1].get(item_id)
    if i is not None and i < len(items) and items[i].id == item_id:
        return items[i]
    for item in items:
        if item.id == item_id:
            del _INDEXES[id(items)]  # the list changed: indexed again at the next look-up
            return item
    raise KeyError(f"no {kind} with id {item_id!r}")


def _read(path: Path) -> dict:
    try:
        return tomlfiles.load(path)
    except FileNotFoundError as e:
        raise CatalogError(f"{path.name}: file not found at {path}") from e
    except tomlfiles.ParseError as e:
        raise CatalogError(f"{path.name}: not valid TOML ({e})") from e


# msgspec.ValidationError says "<what is wrong> - at `$.offer[2].counts`": the rule, then where.
_AT = regexes.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_STEP = regexes.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_UNKNOWN = regexes.compile(r"^Object contains unknown field `(?P<key>[^`]+)`$")
_MISSING = regexes.compile(r"^Object missing required field `(?P<key>[^`]+)`$")


def _describe(error: msgspec.ValidationError, path: Path, raw: dict, prefix: tuple = ()) -> str:
    found = _AT.match(str(error))
    assert found is not None  # the pattern matches any text
    message = found["msg"]
    loc: list = [*prefix]
    for key, index in _STEP.findall(found["path"] or ""):
        loc.append(key or (int(index) if index.isdigit() else index))
    # Unknown and missing keys name the key in the message: said as the key, like any other.
    for pattern, said in ((_UNKNOWN, "unknown key (a typo?)"), (_MISSING, "missing")):
        if keyed := pattern.match(message):
            loc.append(keyed["key"])
            message = said
    where = []
    # Name the entry by its id, which is how an editor finds it in the file.
    if len(loc) >= 2 and isinstance(loc[1], int):
        table = raw.get(loc[0], [])
        entry = table[loc[1]] if loc[1] < len(table) else None
        entry_id = entry.get("id") if isinstance(entry, dict) else None
        where.append(f"[[{loc[0]}]] {entry_id!r}" if entry_id else f"[[{loc[0]}]] #{loc[1] + 1}")
        loc = loc[2:]
    if loc:
        where.append("key " + ".".join(str(p) for p in loc))
    return f"{path.name}: {', '.join(where) or 'file'}: {message.replace('`', '')}"


# An FP8 training's catalogue (sizing/engine.py: the offers whose GPUs run FP8, timed at FP8's speed), by id, with
# the one it was derived from: what an alternative that trains in BF16 beside it (LoRA, QLoRA) is placed and
# timed on.
_BF16_OF: dict[int, tuple[Catalog, Catalog]] = {}


def derived_for_fp8(derived: Catalog, base: Catalog) -> None:
    _BF16_OF[id(derived)] = (derived, base)


def bf16_catalog(catalog: Catalog) -> Catalog:
    """The catalogue an FP8 training's catalogue came from (every offer, BF16's speed); any other, itself."""
    kept = _BF16_OF.get(id(catalog))
    return kept[1] if kept is not None and kept[0] is catalog else catalog


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """Loads and cross-checks every data file; raises CatalogError naming the file, entry and key.

    The files come from sizing/data, or from the folder GPU_SIZER_DATA names (an operator's own copy of
    the catalogues and offering, edited without touching the installed package)."""
    if data_dir is None:
        # Called on every request: keyed by the variable's text, no Path built each time.
        return _load_from_env(os.environ.get("GPU_SIZER_DATA") or "")
    return _load_catalog(Path(data_dir))


def with_offering(catalog: Catalog, offering: Offering) -> Catalog:
    """The catalogue with another offering (a setting the question gave in place of ours, the offers of some
    GPUs only). Of the catalogue's cross-checks only the offering's GPUs, which must be ones it defines, read
    the offering; the rest passed when `catalog` was built and are not run again: they walk every name of
    every model (a few milliseconds, for each setting a question is the first to give)."""
    gpu_ids = {g.id for g in catalog.gpus}
    for offer in offering.offer:
        if offer.gpu not in gpu_ids:
            raise ValueError(f"offering lists GPU {offer.gpu!r}, which gpus.toml does not define")
    checked = _CROSS_CHECKED.set(True)
    try:
        return msgspec.structs.replace(catalog, offering=offering)
    finally:
        _CROSS_CHECKED.reset(checked)


@cache
def _load_from_env(folder: str) -> Catalog:
    return _load_catalog(Path(folder) if folder else DATA_DIR)


@cache
def _load_catalog(data_dir: Path) -> Catalog:
    kept = _kept_path(data_dir)
    if kept is not None:
        # Decoding checks every field's type and runs each entry's own checks; the catalogue's cross-checks
        # (names used twice, ids that are not defined) passed when the copy was kept, on the same files and code.
        checked = _CROSS_CHECKED.set(True)
        try:
            return _kept_as(_KEPT_DECODER.decode(kept.read_bytes()), kept)
        except (OSError, msgspec.DecodeError):
            pass  # not kept yet, or unreadable: built from the files below
        finally:
            _CROSS_CHECKED.reset(checked)
    catalog = _build_catalog(data_dir)
    if kept is not None:
        tomlfiles.keep(kept, msgspec.msgpack.encode(catalog))
        _kept_as(catalog, kept)
    return catalog


# A kept catalogue's file, by the catalogue and by each of its lists (names.name_index is given a list).
_KEPT_FILE: dict[int, tuple[object, Path, str]] = {}


def _kept_as(catalog: Catalog, kept: Path) -> Catalog:
    _KEPT_FILE[id(catalog)] = (catalog, kept, "catalog")
    for field in catalog.__struct_fields__:
        value = getattr(catalog, field)
        if isinstance(value, list):
            _KEPT_FILE[id(value)] = (value, kept, field)
    return catalog


def kept_index(of, name: str, build, sources: tuple[Path, ...]):
    """build(): what the engine works out from a catalogue, or one of its lists (`of`), alone: from a file
    beside the kept catalogue when an earlier process worked it out. It must be a value marshal writes.

    Why: the names indexes (sizing/names.py name_index, sizing/query.py _versions and _uncatalogued_names)
    normalize every name of the catalogue, ~5,000 of them, and were ~7% of a `gpu-size` run. The file is
    named by the kept catalogue's key (its data files and structs) and by the source of the modules that
    work the value out (`sources`): an edited data file or builder works it out anew. A catalogue that is
    not kept (the cache off) is worked out each time."""
    kept = _KEPT_FILE.get(id(of))
    code = _sources_key(sources) if kept is not None and kept[0] is of else None
    if code is None:
        return build()
    return tomlfiles.kept_value(kept[1].with_name(f"{kept[1].stem}-{kept[2]}-{name}-{code}.marshal"), build)


@cache
def _sources_key(sources: tuple[Path, ...]) -> str | None:
    return tomlfiles.code_key(sources)  # None: a copy without its sources, worked out each time


# The structs' own code is part of the kept catalogue's key: a field added or a check changed makes another one.
_SCHEMA_SOURCES = tuple(
    Path(__file__).with_name(name) for name in ("catalog.py", "architecture.py", "gguf.py")
)
_KEPT_DECODER = msgspec.msgpack.Decoder(Catalog)
# Set while the kept copy is decoded: Catalog.__post_init__ skips the cross-checks it passed when kept.
_CROSS_CHECKED: ContextVar[bool] = ContextVar("catalogue_cross_checked", default=False)


def _kept_path(data_dir: Path) -> Path | None:
    """Where the catalogue built from these data files is kept, converted and cross-checked, or None when
    the data cache is off or a file cannot be read (then it is built, and any error said, as without one).

    Why: building it (parsed files converted to the engine's structs, then cross-checked) is about 97
    million instructions (valgrind), 13% of a `gpu-size` run; decoding the kept copy is 12 million, and
    hashing the files for its key a few more (tomlfiles.content_key). (A run gains less, about 3%: the names
    the cross-checks normalized are normalized again by the name index, sizing/names.py, which found them
    cached before.)
    The key is every file the catalogue is built from (names and bytes), the structs' source, msgspec's
    and Python's versions: an edited file or struct is always built anew."""
    folder = tomlfiles.cache_dir()
    if folder is None:
        return None
    files = [data_dir / f"{name}.toml" for name in ("models", "gpus", "precisions", "offering")]
    files += [_stacks_file(data_dir), data_dir / "traffic.toml", *_SCHEMA_SOURCES]
    # traffic.toml is optional (below): the other files' bytes key a folder without it
    files = [path for path in files if path.name != "traffic.toml" or path.exists()]
    key = tomlfiles.files_key(files, msgspec.__version__)
    return folder / f"catalog-{key}-{tomlfiles.VERSION}.msgpack" if key is not None else None


def _stacks_file(data_dir: Path) -> Path:
    # An operator's own data folder made before stacks.toml existed still works: the packaged file is used.
    stacks_file = data_dir / "stacks.toml"
    return stacks_file if stacks_file.exists() else DATA_DIR / "stacks.toml"


_ABBREVIATED = re.compile(r"(?P<version>-?\d+(?:\.\d+)?)(?P<rest>-.+)")


def _abbreviate(parts: dict, abbreviations, path: Path, raw: dict) -> None:
    """Each family member's name with its family word cut to the letter people type ("l3.3 70b" for
    llama-3.3-70b, "q2.5 72b" for qwen2.5-72b): added to its aliases where the cut word and version ("q3",
    "l4") name no precision or GPU (Q3_K_M, the L4), and the whole no other model."""
    abbreviations = _convert(dict[str, str], abbreviations, path, raw, ("abbreviations",))
    if not abbreviations:
        return
    models = {m.id: m for m in parts["models"]}
    taken = {normalize(n) for m in parts["models"] for n in (m.id, m.name, *m.aliases, *m.hf_repos)}
    others = [
        normalize(n)
        for item in (*parts["precisions"], *parts["gpus"])
        for n in (item.id, item.name, *item.aliases)
    ]
    for short, family in abbreviations.items():
        for member in parts["families"].get(family, []):
            m = models.get(member)
            cut = _ABBREVIATED.fullmatch(member[len(family) :]) if m and member.startswith(family) else None
            if cut is None:
                continue
            head = normalize(short + cut.group("version"))
            alias = short + cut.group("version").lstrip("-") + " " + cut.group("rest").lstrip("-")
            if normalize(alias) in taken or any(o.startswith(head) for o in others):
                continue  # ambiguous: read as the other name, or not at all
            taken.add(normalize(alias))
            models[member] = msgspec.structs.replace(m, aliases=[*m.aliases, alias])
    parts["models"] = [models[m.id] for m in parts["models"]]


def _build_catalog(data_dir: Path) -> Catalog:
    files = {name: data_dir / f"{name}.toml" for name in ("models", "gpus", "precisions", "offering")}
    raw = {name: _read(path) for name, path in files.items()}
    parts = {}
    for name, key, schema in (
        ("models", "model", list[ModelEntry]),
        ("gpus", "gpu", list[GPU]),
    ):
        parts[name] = _validate(
            schema, raw[name].get(key, []), files[name], {key: raw[name].get(key, [])}, key
        )
    precisions = raw["precisions"]
    parts["precisions"] = _validate(
        list[Precision], precisions.get("precision", []), files["precisions"], precisions, "precision"
    )
    parts["kv_precisions"] = _validate(
        list[KVPrecision], precisions.get("kv_precision", []), files["precisions"], precisions, "kv_precision"
    )
    parts["ggml_types"] = _convert(
        dict[str, float], precisions.get("ggml_types", {}), files["precisions"], precisions, ("ggml_types",)
    )
    stacks_file = _stacks_file(data_dir)
    stacks = _read(stacks_file)
    parts["stacks"] = _validate(list[Stack], stacks.get("stack", []), stacks_file, stacks, "stack")
    parts["families"] = _convert(
        dict[str, list[str]], raw["models"].get("families", {}), files["models"], raw["models"], ("families",)
    )
    _abbreviate(parts, raw["models"].get("abbreviations", {}), files["models"], raw["models"])
    parts["suggestions"] = _convert(
        dict[str, list[str]],
        raw["models"].get("suggestions", {}),
        files["models"],
        raw["models"],
        ("suggestions",),
    )
    parts["series"] = _convert(
        list[Series], raw["models"].get("series", []), files["models"], raw["models"], ("series",)
    )
    parts["release_sizes"] = _convert(
        dict[str, list[str]],
        raw["models"].get("release_sizes", {}),
        files["models"],
        raw["models"],
        ("release_sizes",),
    )
    parts["uncatalogued"] = _convert(
        list[Uncatalogued],
        raw["models"].get("uncatalogued", []),
        files["models"],
        raw["models"],
        ("uncatalogued",),
    )
    parts["offering"] = _convert(Offering, raw["offering"], files["offering"], raw["offering"])
    # traffic.toml is optional: an operator's older copy of the data folder keeps working on the defaults.
    traffic_file = data_dir / "traffic.toml"
    if traffic_file.exists():
        raw_traffic = _read(traffic_file)
        parts["traffic"] = _convert(Traffic, raw_traffic, traffic_file, raw_traffic)
    try:
        return Catalog(**parts)  # every part validated above: the cross-checks are left
    except ValueError as e:
        raise CatalogError(f"catalogue: {e}") from None


def _validate(schema, items, path: Path, raw: dict, key: str):
    if not items:
        raise CatalogError(f"{path.name}: no [[{key}]] entries")
    return _convert(schema, items, path, raw, prefix=(key,))


def _convert(schema, data, path: Path, raw: dict, prefix: tuple = ()):
    try:
        return msgspec.convert(data, schema)
    except msgspec.ValidationError as e:
        raise CatalogError(_describe(e, path, raw, prefix)) from None


def _clear() -> None:
    _load_catalog.cache_clear()
    _load_from_env.cache_clear()


load_catalog.cache_clear = _clear  # type: ignore[attr-defined]
