"""A transformer's shape, and the parameter counts that follow from it.

Every count here is derived from the shape alone, so a catalogue entry can be checked against the
model's official parameter count (tests/test_catalog_models.py does this for every model).
"""

import copy
import math
from functools import cached_property
from typing import Annotated, Literal, TypeVar

import msgspec

# Constraints a data file's values are checked against when it is loaded (msgspec.convert).
Positive = Annotated[int, msgspec.Meta(gt=0)]
NonNegative = Annotated[int, msgspec.Meta(ge=0)]


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Catalogue records reject unknown keys, so a typo in a data file is an error, not a silent default."""


T = TypeVar("T", bound=Strict)


def updated(item: T, **changes) -> T:
    """`item` with `changes`, taken as they are (not checked again; pydantic's model_copy did the same), and
    with what it has already derived from its shape (its cached properties): callers change a name, the
    precision, the release or the context, never the shape."""
    out = copy.copy(item)
    for name, value in changes.items():
        msgspec.structs.force_setattr(out, name, value)
    if hasattr(item, "__dict__"):
        out.__dict__.update(item.__dict__)
    return out


class MoE(Strict, kw_only=True):
    experts: Annotated[int, msgspec.Meta(gt=1)]
    experts_per_token: Positive
    shared_experts: NonNegative = 0
    expert_intermediate_size: Positive
    # Width of each shared expert; defaults to the routed experts' width.
    shared_intermediate_size: Positive | None = None
    # DeepSeek V3 keeps its first layers dense (first_k_dense_replace).
    first_dense_layers: NonNegative = 0
    # Llama 4 Maverick interleaves: every 2nd layer is MoE (interleave_moe_layer_step).
    every: Annotated[int, msgspec.Meta(ge=1)] = 1
    # Width of the dense MLP in the layers that are not MoE.
    dense_intermediate_size: Positive | None = None
    router_bias: bool = False
    expert_bias: bool = False
    shared_expert_gate: bool = False

    def __post_init__(self) -> None:
        if self.experts_per_token > self.experts:
            raise ValueError("experts_per_token cannot exceed experts")


class MLA(Strict, kw_only=True):
    """Multi-head latent attention (DeepSeek V2/V3): K and V are rebuilt from one compressed latent."""

    q_lora_rank: NonNegative = 0  # 0: queries are projected directly
    kv_lora_rank: Positive
    qk_nope_head_dim: Positive
    qk_rope_head_dim: Positive
    v_head_dim: Positive
    # DeepSeek Sparse Attention's lightning indexer (V3.2): its heads and head size (0: none). It scores the
    # context with a key of its own per token, kept beside the latent (sizing/kv_cache.py).
    index_n_heads: NonNegative = 0
    index_head_dim: NonNegative = 0
    index_topk: NonNegative = 0  # the tokens each query then attends to


class LinearAttention(Strict, kw_only=True):
    """Linear-attention (Gated DeltaNet) layers: a fixed-size state per conversation instead of a KV cache.

    Qwen3-Next (transformers models/qwen3_next, Qwen3NextGatedDeltaNet): the layer projects q, k (num_k_heads x
    head_k_dim each) and v (num_v_heads x head_v_dim), runs a short causal convolution over them and keeps one
    head_k_dim x head_v_dim matrix per value head. vLLM keeps both the convolution's last conv_kernel - 1
    inputs and that matrix for every running sequence (vllm/model_executor/layers/mamba/mamba_utils.py,
    gated_delta_net_state_shape)."""

    num_k_heads: Positive
    num_v_heads: Positive
    head_k_dim: Positive
    head_v_dim: Positive
    conv_kernel: Positive
    # Which linear-attention layer this is, for its weights and its state's dtypes:
    # - "gated_deltanet": Qwen3-Next's, as above.
    # - "lightning": MiniMax-01's lightning attention (MiniMax-Text-01, MiniMax-M1; vLLM minimax_text_01.py,
    #   MiniMaxText01LinearAttention): q, k and v from one qkv_proj (3 x heads x head_dim), a sigmoid output_gate
    #   as wide, an RMSNorm over heads x head_dim and out_proj; no convolution (conv_kernel 1) and one head_dim x
    #   head_dim state per head (MambaStateShapeCalculator.linear_attention_state_shape: num_heads / tp,
    #   head_dim, head_dim, in the model's dtype: linear_attention_state_dtype).
    # - "kda": Kimi Linear's Kimi Delta Attention (vLLM layers/kda.py, KimiDeltaAttention): q, k and v
    #   projections each heads x head_dim wide with a short convolution of their own, low-rank (head_dim) forget
    #   and output gates, a beta per head; the state (kda_state_shape) is the convolution's last conv_kernel - 1
    #   inputs of q, k and v in the model's dtype and a head_dim x head_dim matrix per head in FP32
    #   (MambaStateDtypeCalculator.kda_state_dtype: (model dtype, torch.float32)).
    # - "rg_lru": RecurrentGemma's recurrent block (Griffin's RG-LRU, arXiv:2404.07839; transformers
    #   modeling_recurrent_gemma.py, RecurrentGemmaRecurrentBlock): num_v_heads x head_v_dim is lru_width, split
    #   into num_v_heads blocks for its block-diagonal gates; its cache (_setup_cache) is the convolution's last
    #   conv1d_width - 1 inputs in the model's dtype and one FP32 value per channel (rg_lru.recurrent_states).
    variant: Literal["gated_deltanet", "lightning", "kda", "rg_lru"] = "gated_deltanet"

    def __post_init__(self) -> None:
        square = self.num_k_heads == self.num_v_heads and self.head_k_dim == self.head_v_dim
        if self.variant == "lightning" and (self.conv_kernel != 1 or not square):
            raise ValueError("lightning attention has no convolution (conv_kernel 1) and square heads")
        if self.variant in ("kda", "rg_lru") and not square:
            raise ValueError(f"{self.variant} layers have as many key as value heads, of one width")

    @property
    def lightning(self) -> bool:
        return self.variant == "lightning"

    @property
    def key_dim(self) -> int:
        return self.num_k_heads * self.head_k_dim

    @property
    def value_dim(self) -> int:
        return self.num_v_heads * self.head_v_dim

    @property
    def conv_dim(self) -> int:
        return 2 * self.key_dim + self.value_dim

    def state_bytes(self, tp: int, model_bytes: int) -> int:
        """Bytes one layer keeps per sequence, on one GPU of a tensor-parallel group (heads are split):
        gated_delta_net_state_shape and linear_attention_state_shape in the model's dtype, kda_state_shape's
        recurrent matrices in FP32, and RG-LRU's lru_width-wide FP32 state (see `variant`)."""
        if self.variant == "rg_lru":
            width = self.value_dim
            return math.ceil((self.conv_kernel - 1) * width / tp) * model_bytes + math.ceil(width / tp) * 4
        conv = (self.conv_kernel - 1) * self.conv_dim
        recurrent = self.num_v_heads * self.head_k_dim * self.head_v_dim
        if self.variant == "kda":
            return math.ceil(conv / tp) * model_bytes + math.ceil(recurrent / tp) * 4
        return math.ceil((conv + recurrent) / tp) * model_bytes


class Mamba2(Strict, kw_only=True):
    """Mamba-2 mixer layers (M in layer_pattern; Nemotron-H, Granite 4.0-H): a fixed-size state per
    conversation instead of a KV cache.

    The mixer (transformers NemotronHMamba2Mixer / BambaMixer; vLLM mamba_mixer2.py MambaMixer2) projects the
    hidden state to a gate and x (d_inner = num_heads x head_dim each), B and C (n_groups x state_size each)
    and one dt per head, runs a causal convolution of conv_kernel over x, B and C, and keeps one
    head_dim x state_size matrix per head. vLLM keeps the convolution's last conv_kernel - 1 inputs and those
    matrices for every running sequence (vllm/model_executor/layers/mamba/mamba_utils.py,
    mamba2_state_shape)."""

    num_heads: Positive
    head_dim: Positive
    state_size: Positive
    n_groups: Positive
    conv_kernel: Positive
    conv_bias: bool = True  # mamba_conv_bias / use_conv_bias
    proj_bias: bool = False  # mamba_proj_bias / use_bias: biases on in_proj and out_proj
    # The gated RMSNorm over d_inner before out_proj (mamba_ssm's rmsnorm=True; Falcon-H1 builds it only with
    # mamba_rms_norm, and gates with SiLU alone otherwise: transformers FalconH1Mixer).
    gated_norm: bool = True
    # Bytes per value of the SSM state as vLLM serves the model (mamba_ssm_cache_dtype): the model's BF16
    # unless the model's vLLM config says otherwise (Nemotron-H: FP32).
    ssm_state_bytes: Positive = 2

    @property
    def d_inner(self) -> int:
        return self.num_heads * self.head_dim

    def conv_dim(self, tp: int = 1) -> int:
        """Channels of the convolution: x, B and C. Under tensor parallelism vLLM gives every rank the groups
        its heads need, adding groups when tp does not divide them (MambaStateShapeCalculator.
        extra_groups_for_head_shards: n_groups 1 on 2 GPUs keeps 2)."""
        groups = self.n_groups + (0 if self.n_groups % tp == 0 else tp - self.n_groups)
        return self.d_inner + 2 * groups * self.state_size

    def state_bytes(self, tp: int, conv_bytes: int) -> int:
        """Bytes one layer keeps per sequence on one GPU of a tensor-parallel group: the convolution state,
        (conv_kernel - 1) x conv_dim / tp in the model's dtype, and the SSM state,
        num_heads / tp x head_dim x state_size in ssm_state_bytes (mamba_utils.py mamba2_state_shape)."""
        conv = (self.conv_kernel - 1) * math.ceil(self.conv_dim(tp) / tp)
        ssm = math.ceil(self.num_heads / tp) * self.head_dim * self.state_size
        return conv * conv_bytes + ssm * self.ssm_state_bytes

    def parts(self, hidden: int) -> tuple[int, int]:
        """Linear weights and small tensors of one mixer: in_proj (hidden -> 2 d_inner + 2 n_groups
        state_size + num_heads) and out_proj (d_inner -> hidden); the depthwise conv1d (conv_dim x
        conv_kernel, and its bias), dt_bias, A_log and D per head, the gated RMSNorm over d_inner (gated_norm)."""
        in_rows = 2 * self.d_inner + 2 * self.n_groups * self.state_size + self.num_heads
        linear = hidden * in_rows + self.d_inner * hidden
        conv = self.conv_dim()
        other = conv * self.conv_kernel + (conv if self.conv_bias else 0) + 3 * self.num_heads
        other += self.d_inner if self.gated_norm else 0
        if self.proj_bias:
            other += in_rows + hidden
        return linear, other


class Mamba1(Strict, kw_only=True):
    """Mamba-1 selective-scan mixer layers (S in layer_pattern; Mamba, Falcon Mamba): a fixed-size state per
    conversation instead of a KV cache.

    The mixer (transformers modeling_mamba.py MambaMixer; vLLM mamba_mixer.py MambaMixer) projects the hidden
    state to x and a gate (intermediate_size each), runs a depthwise causal convolution of conv_kernel over x,
    projects x to dt_rank + 2 x state_size (x_proj: the step's low-rank input, B and C), widens the step back
    (dt_proj, with a bias) and keeps one state_size-wide state per channel. vLLM keeps the convolution's last
    conv_kernel - 1 inputs and that state for every running sequence, channels split over tensor-parallel ranks
    (vllm/model_executor/layers/mamba/mamba_utils.py, MambaStateShapeCalculator.mamba1_state_shape)."""

    intermediate_size: Positive
    state_size: Positive
    conv_kernel: Positive
    dt_rank: Positive
    conv_bias: bool = True  # use_conv_bias
    proj_bias: bool = False  # use_bias: biases on in_proj and out_proj
    # Jamba normalizes the step's input, B and C (transformers JambaMambaMixer: dt_layernorm, b_layernorm,
    # c_layernorm, RMSNorms with weights); Falcon Mamba's norms there have none.
    inner_norms: bool = False

    def state_bytes(self, tp: int, state_bytes: int) -> int:
        """Bytes one layer keeps per sequence on one GPU of a tensor-parallel group: the convolution state,
        (conv_kernel - 1) x intermediate_size / tp, and the temporal state, intermediate_size / tp x
        state_size, both in the cache's dtype (mamba_utils.py mamba1_state_shape; MambaStateDtypeCalculator.
        mamba1_state_dtype: the model's dtype unless mamba_ssm_cache_dtype says otherwise)."""
        channels = math.ceil(self.intermediate_size / tp)
        return ((self.conv_kernel - 1) + self.state_size) * channels * state_bytes

    def parts(self, hidden: int) -> tuple[int, int]:
        """Linear weights and small tensors of one mixer (transformers MambaMixer): in_proj (hidden -> 2 x
        intermediate_size), x_proj (intermediate_size -> dt_rank + 2 x state_size), dt_proj (dt_rank ->
        intermediate_size) and out_proj; the depthwise conv1d (and its bias), dt_proj's bias, A_log
        (intermediate_size x state_size) and D."""
        d = self.intermediate_size
        linear = hidden * 2 * d + d * (self.dt_rank + 2 * self.state_size) + self.dt_rank * d + d * hidden
        other = d * self.conv_kernel + (d if self.conv_bias else 0) + d + d * self.state_size + d
        if self.proj_bias:
            other += 2 * d + hidden
        if self.inner_norms:
            other += self.dt_rank + 2 * self.state_size
        return linear, other


class SharedBlocks(Strict, kw_only=True):
    """Zamba2's shared transformer blocks (Z in layer_pattern; vLLM zamba2.py, Zamba2HybridLayer and
    Zamba2AttentionDecoderLayer): `blocks` attention-and-MLP blocks (num_mem_blocks) whose weights every Z layer
    reuses in turn, before its own Mamba-2 mixer. A block's attention reads the layer's input beside the
    token embeddings (attention_hidden_size = 2 x hidden, num_heads x head_dim wide, o_proj back to hidden),
    then a gated MLP of intermediate_size; each use adds a hidden x hidden `linear` projection of its own and
    rank `adapter_rank` LoRA adapters on the MLP's gate and up projections (Zamba2MLP.gate_up_proj_adapter_list,
    built for every use) and, with attention_adapters (use_shared_attention_adapter), on q, k and v. vLLM keeps a
    KV cache for every use, not every block: "Even though in Zamba2 weights are shared between attention layers,
    KV cache is unique for every attention layer" (Zamba2Attention.dpa_list)."""

    blocks: Positive
    adapter_rank: NonNegative = 0
    attention_adapters: bool = False


class CompressedAttention(Strict, kw_only=True):
    """DeepSeek-V4's attention: one 512-wide latent per stored entry serves as both key and value for every
    query head (num_kv_heads 1, head_dim), queries come through a low-rank projection and the output
    through o_groups grouped low-rank projections. Every layer attends to its last `window` tokens
    (Architecture.window); a compressed layer also keeps one entry per `ratio` tokens of the whole context:
    C layers (compressed sparse attention, csa_ratio 4) with a lightning indexer that picks index_topk
    entries per query, H layers (heavily compressed attention, hca_ratio 128) reading all of theirs.
    Sources: the V4-Flash/V4-Pro config.json (q_lora_rank, o_lora_rank, o_groups, compress_ratios,
    index_*, hc_mult) and vLLM's deepseek_v4.py, deepseek_v4_attention.py and deepseek_compressor.py."""

    q_lora_rank: Positive
    o_lora_rank: Positive
    o_groups: Positive
    qk_rope_head_dim: Positive
    csa_ratio: Positive = 4
    hca_ratio: Positive = 128
    index_n_heads: Positive
    index_head_dim: Positive
    index_topk: Positive
    # Manifold hyper-connections: the residual stream is hc_mult streams wide, mixed by small learned
    # matrices before and after each attention and MoE block (config.json hc_mult).
    hc_mult: Positive = 1

    def ratio(self, kind: str) -> int:
        """Tokens per stored entry of a layer kind (0: the window only)."""
        return {"C": self.csa_ratio, "H": self.hca_ratio}.get(kind, 0)

    @staticmethod
    def overlap(ratio: int, csa_ratio: int) -> int:
        """How many entries' worth of projections a compressor makes per step: the ratio-4 compressor
        builds overlapping windows (2), the ratio-128 one does not (1) (vLLM deepseek_compressor.py)."""
        return 2 if ratio == csa_ratio else 1


LAYER_KINDS = frozenset("GLRXCHMSPZFN")  # the letters of layer_pattern (see Architecture)
# The kinds a layer_blocks entry may name: attention and an MLP, an MLP alone, neither.
BLOCK_KINDS = frozenset("GFN")


def expand_blocks(blocks: tuple[str, ...]) -> tuple[str, tuple[int, ...]]:
    """layer_blocks ("COUNT KIND WIDTH" runs, in layer order) as one letter and one MLP width per layer.

    G: attention and an MLP of WIDTH; F: an MLP of WIDTH alone (the attention is a no-op); N: neither (both
    no-ops, WIDTH left out). This is DeciLM's block_configs (vLLM nemotron_nas.py DeciLMDecoderLayer), run by
    run: "5 G 28672" is five layers in a row with attention and a 28,672-wide MLP."""
    letters, widths = [], []
    for block in blocks:
        parts = block.split()
        if (
            len(parts) not in (2, 3)
            or not parts[0].isdigit()
            or int(parts[0]) < 1
            or parts[1] not in BLOCK_KINDS
        ):
            raise ValueError(f'layer_blocks entry {block!r} is not "COUNT KIND WIDTH" (KIND G, F or N)')
        count, kind = int(parts[0]), parts[1]
        width = parts[2] if len(parts) == 3 else ""
        if (kind == "N") != (not width) or (width and (not width.isdigit() or int(width) < 1)):
            raise ValueError(
                f"layer_blocks entry {block!r}: G and F layers name their MLP width, N layers none"
            )
        letters.append(kind * count)
        widths += [int(width) if width else 0] * count
    return "".join(letters), tuple(widths)


class Architecture(Strict, kw_only=True, dict=True):  # dict: room for the cached_property values
    hidden_size: Positive
    num_layers: Positive
    num_heads: Positive
    num_kv_heads: Positive
    head_dim: Positive | None = None
    # The MLP's width; with layer_blocks, the widest layer's (derived, so it may be left out).
    intermediate_size: Positive | None = None
    vocab_size: Positive
    # Rows of the input embedding when it has more than vocab_size (Llama 3.2 Vision's text model embeds
    # vocab_size + 8 tokens, its output head keeps vocab_size: transformers MllamaTextModel.embed_tokens).
    embedding_rows: Positive | None = None
    # Learned absolute positions: a second table of this many rows (GPT-2's and StarCoder's wpe); rotary and
    # ALiBi models learn none.
    position_embeddings: NonNegative = 0
    tie_embeddings: bool = False
    max_context: Positive

    mlp: Literal["gated", "plain"] = "gated"  # gated = SwiGLU/GeGLU (3 matrices); plain = up/down (2)
    norm: Literal["rms", "layer"] = "rms"  # layer = LayerNorm with a bias
    norms_per_layer: NonNegative = 2
    qkv_bias: bool = False
    # q, k and v stored as one matrix (Phi-3/Phi-4's qkv_proj, Falcon's query_key_value): the same bytes, but
    # llama.cpp keeps it as one attn_qkv tensor, to which its k-quant mixtures give a type of its own (gguf.py).
    fused_qkv: bool = False
    o_bias: bool = False
    mlp_bias: bool = False
    qk_norm: bool = False  # a learned per-head norm on q and k (Qwen3, Gemma 3)
    # With qk_norm: one norm over all the query heads and one over all the key heads at once, a weight per
    # element (OLMo 2 and 3: transformers Olmo2Attention's q_norm of num_heads x head_dim; MiniMax-M2's
    # qk_norm_type "per_layer"), where a per-head norm has head_dim weights.
    qk_norm_full: bool = False
    attention_sinks: bool = False  # one learned logit per head (gpt-oss)
    # Qwen3-Next gates the attention output with a second query-sized projection (attn_output_gate).
    attention_output_gate: bool = False

    # Attention layout, repeated over the layers: G = full (global) attention, L = local attention
    # that keeps only the last `window` tokens (sliding window, or Llama 4's chunked attention), R = linear
    # attention that keeps a fixed-size state per conversation (`linear_attention`; Qwen3-Next), X = gated
    # cross-attention to an image's tokens (Llama 3.2 Vision's cross_attention_layers): its weights are the
    # language model's, but it keeps none of the conversation's keys and values. C and H are DeepSeek-V4's
    # compressed layers (`compressed`): C keeps one entry per 4 tokens and an indexer, H one per 128; its
    # window-only layers are L. M = a Mamba-2 mixer that keeps a fixed-size state per conversation (`mamba`;
    # Nemotron-H, Granite 4.0-H, Bamba, Mamba-2); S = a Mamba-1 mixer, likewise (`mamba1`; Mamba, Falcon Mamba);
    # P = full attention and a Mamba-2 mixer side by side on the same input, their outputs summed (Falcon-H1:
    # transformers FalconH1DecoderLayer, vLLM falcon_h1.py FalconH1ParallelHybrid), so it keeps both a KV cache
    # and the mixer's state, and counts both blocks' weights. Z = a Mamba-2 layer that first runs one of the
    # shared attention-and-MLP blocks (`shared_blocks`; Zamba2's hybrid layers): a KV cache of its own use and the
    # mixer's state, the block's weights counted once per block. F = a layer
    # that is an MLP alone (Nemotron-H's "-"): a pattern with F layers is Nemotron-H's, where each layer is one
    # block, a mixer or an MLP (transformers NemotronHBlock,
    # vLLM nemotron_h.py ALL_DECODER_LAYER_TYPES), so only its F layers have an MLP.
    layer_pattern: Annotated[str, msgspec.Meta(min_length=1)] = (
        "G"  # of G, L, R, X, C, H, M, S, P, Z, F: checked below
    )
    window: NonNegative = 0
    # Whether the local layers attend within fixed chunks of `window` tokens (Llama 4's attention_chunk_size: a
    # token sees the tokens of its own chunk) rather than over the last `window` tokens. Both keep at most
    # `window` tokens once decoding; vLLM checks them differently at start-up (kv_cache.admission_bytes).
    chunked_attention: bool = False
    # Whether llama.cpp keeps only the window for the local layers (it does for the architectures it gives a
    # sliding window: Gemma 2 and 3, Cohere2, gpt-oss...; not for Mistral 7B v0.1, run as a LLaMA: plan.py).
    llama_cpp_window: bool = True
    # A stack whose layers differ one by one, as NVIDIA's neural architecture search (Puzzle, arXiv:2411.19146)
    # builds them: Llama 3.3 Nemotron Super 49B, Llama 3.1 Nemotron Ultra 253B (config.json "block_configs",
    # model_type "nemotron-nas"). Runs of "COUNT KIND WIDTH" in layer order (expand_blocks): G = attention and
    # an MLP WIDTH wide, F = an MLP alone, N = an empty layer. When given, it sets layer_pattern (one letter a
    # layer) and intermediate_size (the widest MLP). Only the G layers keep a KV cache (vLLM nemotron_nas.py
    # builds no attention, hence no cache, for a no-op one).
    layer_blocks: tuple[str, ...] = ()
    # Full-attention (G) layers shaped unlike the others (Gemma 4 31B: local layers keep 16 KV heads of 256,
    # full layers 4 KV heads of 512; transformers Gemma4TextAttention, num_global_key_value_heads and
    # global_head_dim). None: as num_kv_heads / head_dim.
    global_kv_heads: Positive | None = None
    global_head_dim: Positive | None = None
    # Full layers whose values are their keys (Gemma 4's attention_k_eq_v): the checkpoint has no v_proj
    # there. vLLM still keeps both a key and a value cache for them (it loads k_proj into the value slot).
    global_k_eq_v: bool = False
    # Gemma 3n (transformers Gemma3nTextConfig; vLLM gemma3n.py): the last kv_shared_layers layers
    # (num_kv_shared_layers) read the keys and values of the last earlier layer of their kind and keep no
    # cache of their own (vLLM's kv_sharing_target_layer_name).
    kv_shared_layers: NonNegative = 0
    # Per-layer embeddings (PLE): a second table of per_layer_vocab_size rows (vocab_size_per_layer_input),
    # num_layers x per_layer_input_size (hidden_size_per_layer_input) wide, each layer reading its slice.
    per_layer_input_size: NonNegative = 0
    per_layer_vocab_size: Positive | None = None
    # LAuReL (laurel_rank): a rank-r residual beside each layer's attention; AltUp (altup_num_inputs): the
    # hidden state carried as that many streams, mixed by small learned coefficients.
    laurel_rank: NonNegative = 0
    altup_inputs: NonNegative = 0

    moe: MoE | None = None
    mla: MLA | None = None
    linear_attention: LinearAttention | None = None
    mamba: Mamba2 | None = None
    # Mamba-1 mixers (S in layer_pattern): Mamba and Falcon Mamba, whose blocks are a norm and the mixer alone.
    mamba1: Mamba1 | None = None
    # Whether every layer is its token mixer alone, with no MLP (transformers MambaBlock: norm and mixer);
    # intermediate_size is then the mixer's width, read by no MLP (with shared_blocks, Zamba2's: the shared
    # blocks' MLP width, counted once a block).
    mixer_only: bool = False
    # Zamba2's shared attention-and-MLP blocks, run in the Z layers.
    shared_blocks: SharedBlocks | None = None
    compressed: CompressedAttention | None = None
    # Parameters outside the text transformer that a checkpoint carries and a server loads (a vision
    # encoder and its projector): kept at 16-bit by every format, and outside the KV cache.
    extra_params: NonNegative = 0
    # Set per question, never in a data file (sizing/plan.py): the image tokens each conversation keeps in
    # the cross-attention layers (X), whose keys and values sit in the KV cache beside the conversation's.
    cross_attention_tokens: NonNegative = 0

    def __post_init__(self) -> None:
        if self.layer_blocks:
            self._take_blocks()
        elif self.intermediate_size is None:
            raise ValueError("intermediate_size is required (or layer_blocks, which gives each layer's)")
        # A set test rather than a msgspec pattern: the engine's regular expressions all come from the
        # compiled cache (sizing/regexes.py), and this needs none.
        if not set(self.layer_pattern) <= LAYER_KINDS:
            raise ValueError(
                f"layer_pattern {self.layer_pattern!r} may hold only the letters G, L, R, X, C, H, M, S, P, Z and F"
            )
        for field in ("num_kv_heads", "global_kv_heads"):
            kv = getattr(self, field)
            if kv and self.num_heads % kv:
                raise ValueError(f"num_heads ({self.num_heads}) must be a multiple of {field} ({kv})")
        if self.kv_shared_layers >= self.num_layers:
            raise ValueError("kv_shared_layers must leave at least one layer that keeps its own cache")
        if "L" in self.layer_pattern and not self.window:
            raise ValueError("a layer_pattern with local layers (L) needs a window")
        if self.chunked_attention and "L" not in self.layer_pattern:
            raise ValueError("chunked_attention describes local layers (L): the layer_pattern has none")
        if ("R" in self.layer_pattern) != (self.linear_attention is not None):
            raise ValueError("linear-attention layers (R in layer_pattern) and linear_attention go together")
        if bool(set(self.layer_pattern) & set("MPZ")) != (self.mamba is not None):
            raise ValueError("Mamba-2 layers (M, P or Z in layer_pattern) and mamba go together")
        if ("Z" in self.layer_pattern) != (self.shared_blocks is not None):
            raise ValueError(
                "layers that run a shared block (Z in layer_pattern) and shared_blocks go together"
            )
        if ("S" in self.layer_pattern) != (self.mamba1 is not None):
            raise ValueError("Mamba-1 layers (S in layer_pattern) and mamba1 go together")
        if set(self.layer_pattern) & set("FN") and len(self.layer_pattern) != self.num_layers:
            raise ValueError(
                "a layer_pattern with MLP-only layers (F) lists every layer, as Nemotron-H's does"
            )
        if "N" in self.layer_pattern and not self.layer_blocks:
            raise ValueError("empty layers (N) come from layer_blocks")
        # compressed without C or H: DeepSeek-V4's window-only MTP layer alone (sizing/speculative.py).
        if set(self.layer_pattern) & set("CH") and self.compressed is None:
            raise ValueError("compressed layers (C, H in layer_pattern) need compressed")
        if self.compressed and ("G" in self.layer_pattern or not self.window or self.mla):
            raise ValueError("compressed attention needs a window, no G layers and no mla")
        if self.moe and self.moe.first_dense_layers > self.num_layers:
            raise ValueError("moe.first_dense_layers exceeds num_layers")

    def _take_blocks(self) -> None:
        """layer_blocks as the layer_pattern and intermediate_size the rest of the engine reads."""
        letters, widths = expand_blocks(self.layer_blocks)
        if len(letters) != self.num_layers:
            raise ValueError(
                f"layer_blocks describe {len(letters)} layers, num_layers says {self.num_layers}"
            )
        if self.layer_pattern not in ("G", letters):
            raise ValueError("layer_blocks set the layer_pattern: leave layer_pattern out")
        if self.moe or self.mla or self.linear_attention or self.mamba or self.compressed:
            raise ValueError("layer_blocks describe dense attention layers: no moe, mla, linear_attention, "
                             "mamba or compressed")  # fmt: skip
        if "G" not in letters:
            raise ValueError("layer_blocks need at least one layer with attention (G)")
        if self.intermediate_size not in (None, max(widths)):
            raise ValueError(
                f"with layer_blocks, intermediate_size is the widest MLP ({max(widths)}): leave it out"
            )
        msgspec.structs.force_setattr(self, "layer_pattern", letters)
        msgspec.structs.force_setattr(self, "intermediate_size", max(widths))

    # -- shape helpers ---------------------------------------------------------------------------

    @property
    def dim_per_head(self) -> int:
        # Gemma, Qwen3, Mistral Small and gpt-oss declare head_dim != hidden/heads; trust the config.
        return self.head_dim or self.hidden_size // self.num_heads

    @property
    def full_kv_heads(self) -> int:
        """KV heads of a full-attention (G) layer."""
        return self.global_kv_heads or self.num_kv_heads

    @property
    def full_head_dim(self) -> int:
        """Head width of a full-attention (G) layer."""
        return self.global_head_dim or self.dim_per_head

    @cached_property
    def uneven_heads(self) -> bool:
        """Whether full-attention layers have their own head shape (then `layer_heads` differs by layer)."""
        return (self.full_kv_heads, self.full_head_dim) != (self.num_kv_heads, self.dim_per_head)

    def layer_heads(self, layer: int) -> tuple[int, int]:
        """(KV heads, head width) of one layer."""
        if self.kind(layer) == "G":
            return self.full_kv_heads, self.full_head_dim
        return self.num_kv_heads, self.dim_per_head

    def is_local(self, layer: int) -> bool:
        return self.kind(layer) == "L"

    def is_linear(self, layer: int) -> bool:
        return self.kind(layer) == "R"

    def is_cross(self, layer: int) -> bool:
        return self.kind(layer) == "X"

    def is_mamba(self, layer: int) -> bool:
        """Whether a layer has a Mamba-2 mixer: alone (M), beside attention (P, Falcon-H1) or after a shared
        block (Z, Zamba2)."""
        return self.kind(layer) in "MPZ"

    def is_state_mixer(self, layer: int) -> bool:
        """Whether a layer's token mixer is a state-space one (Mamba-2, M, or Mamba-1, S): no attention."""
        return self.kind(layer) in "MS"

    def has_mlp(self, layer: int) -> bool:
        """Whether a layer has an MLP (or MoE): all do, but in a Nemotron-H pattern (one with F layers)
        only the F layers, and with layer_blocks those with a width."""
        if self.layer_blocks:
            return self.mlp_widths[layer] > 0
        if self.mixer_only:
            return False
        return "F" not in self.layer_pattern or self.kind(layer) == "F"

    def has_attention(self, layer: int) -> bool:
        """Whether a layer has a token mixer (attention, linear attention or Mamba-2): not an MLP alone (F)
        or an empty layer (N)."""
        return self.kind(layer) not in "FN"

    @cached_property
    def mlp_widths(self) -> tuple[int, ...]:
        """Each layer's dense MLP width (0: no MLP there)."""
        if self.layer_blocks:
            return expand_blocks(self.layer_blocks)[1]
        width = (self.moe.dense_intermediate_size if self.moe else None) or self.intermediate_size
        assert width is not None  # __post_init__ requires it
        return tuple(width if self.has_mlp(i) else 0 for i in range(self.num_layers))

    def mlp_width(self, layer: int) -> int:
        """The dense MLP width of a layer (the dense layers' width in a mixture of experts)."""
        return self.mlp_widths[layer]

    def pp_stages(self, pp: int) -> list[range]:
        """The layers of each pipeline stage as vLLM splits them (vllm/distributed/utils.py get_pp_indices):
        num_layers // pp each, and one more for as many stages as the remainder, counted back from the one
        before the last (the first and last hold the embeddings and the head)."""
        sizes = [self.num_layers // pp] * pp
        for i in range(2, self.num_layers % pp + 2):
            sizes[-i] += 1
        stages, start = [], 0
        for size in sizes:
            stages.append(range(start, start + size))
            start += size
        return stages

    def kv_stage(self, pp: int) -> tuple[int, int]:
        """(layers, of how many) of the KV cache the pipeline stage holding the most of it keeps: the stage
        with the most layers; with layer_blocks, the one with the most attention layers (Super's first 40
        layers hold 37 of its 49)."""
        if not self.layer_blocks or pp <= 1:
            return math.ceil(self.num_layers / pp), self.num_layers
        held = max(sum(self.kind(i) == "G" for i in stage) for stage in self.pp_stages(pp))
        return held, self.cached_layers

    def weight_stage(self, pp: int) -> tuple[int, int]:
        """(share, of what) of the weights the heaviest pipeline stage holds: 1 of pp, but with layer_blocks
        the parameters of the stage's layers over all the layers' (the stages' layers differ in size)."""
        if not self.layer_blocks or pp <= 1:
            return 1, pp
        attention = self.parts.attention // self.attention_layers
        matrices = 3 if self.mlp == "gated" else 2
        sizes = [
            (attention if self.has_attention(i) else 0) + matrices * self.hidden_size * self.mlp_width(i)
            for i in range(self.num_layers)
        ]
        return max(sum(sizes[i] for i in stage) for stage in self.pp_stages(pp)), sum(sizes)

    @cached_property
    def tp_all_reduces(self) -> int:
        """All-reduces a token's forward pass makes under tensor parallelism: one after each attention and each
        MLP block (Megatron-LM), so two a layer; with layer_blocks only the blocks that are there."""
        if self.layer_blocks:
            return self.attention_layers + sum(w > 0 for w in self.mlp_widths)
        return 2 * self.num_layers

    @cached_property
    def norm_count(self) -> int:
        """Norms in the decoder layers. DeciLM builds input_layernorm only with attention and
        post_attention_layernorm only with an MLP (vLLM nemotron_nas.py DeciLMDecoderLayer)."""
        if self.layer_blocks:
            return self.attention_layers + sum(w > 0 for w in self.mlp_widths)
        return self.norms_per_layer * self.num_layers

    def kind(self, layer: int) -> str:
        """The letter of layer_pattern a layer follows (the pattern repeats over the layers)."""
        return self.layer_pattern[layer % len(self.layer_pattern)]

    @cached_property
    def csa_layers(self) -> int:
        """DeepSeek-V4 layers compressed 4x, with an indexer (C)."""
        return sum(self.kind(i) == "C" for i in range(self.num_layers))

    @cached_property
    def hca_layers(self) -> int:
        """DeepSeek-V4 layers compressed 128x (H)."""
        return sum(self.kind(i) == "H" for i in range(self.num_layers))

    @cached_property
    def local_layers(self) -> int:
        return sum(self.is_local(i) for i in range(self.num_layers))

    @cached_property
    def linear_layers(self) -> int:
        return sum(self.is_linear(i) for i in range(self.num_layers))

    @cached_property
    def cross_layers(self) -> int:
        return sum(self.is_cross(i) for i in range(self.num_layers))

    @cached_property
    def mamba_layers(self) -> int:
        return sum(self.is_mamba(i) for i in range(self.num_layers))

    @cached_property
    def parallel_layers(self) -> int:
        """Layers that run attention and a Mamba-2 mixer side by side (P, Falcon-H1): counted in both."""
        return sum(self.kind(i) == "P" for i in range(self.num_layers))

    @cached_property
    def shared_uses(self) -> int:
        """Layers that run one of the shared blocks before their Mamba-2 mixer (Z, Zamba2): each keeps a KV cache
        of its own, the blocks' weights are counted once."""
        return sum(self.kind(i) == "Z" for i in range(self.num_layers))

    @cached_property
    def mamba1_layers(self) -> int:
        """Mamba-1 mixer layers (S)."""
        return sum(self.kind(i) == "S" for i in range(self.num_layers))

    @cached_property
    def mlp_only_layers(self) -> int:
        """Nemotron-H's layers that are an MLP alone (F)."""
        return sum(self.kind(i) == "F" for i in range(self.num_layers))

    @cached_property
    def empty_layers(self) -> int:
        """Layers that are neither attention nor MLP (N: both blocks no-ops, Llama 3.1 Nemotron Ultra)."""
        return sum(self.kind(i) == "N" for i in range(self.num_layers))

    @cached_property
    def state_layers(self) -> int:
        """Layers that keep a fixed-size state per conversation instead of keys and values (R, M and S)."""
        return self.linear_layers + self.mamba_layers + self.mamba1_layers

    @cached_property
    def attention_layers(self) -> int:
        """Layers with softmax attention weights (full, local or cross-attention, or beside a Mamba-2 mixer)."""
        return (
            self.num_layers
            - self.linear_layers
            - (self.mamba_layers - self.parallel_layers - self.shared_uses)
            - self.mamba1_layers
            - self.mlp_only_layers
            - self.empty_layers
        )

    @cached_property
    def cached_layers(self) -> int:
        """Layers that keep the conversation's keys and values per token (full or local attention)."""
        return self.attention_layers - self.cross_layers - self.kv_shared_layers

    @cached_property
    def kv_local_layers(self) -> int:
        """Local layers that keep a cache of their own (Gemma 3n's shared tail reads an earlier one's)."""
        return sum(self.is_local(i) for i in range(self.num_layers - self.kv_shared_layers))

    @cached_property
    def kv_global_layers(self) -> int:
        """Full-context layers that keep a cache of their own."""
        shared = range(self.num_layers - self.kv_shared_layers, self.num_layers)
        return self.global_layers - sum(self.kind(i) == "G" for i in shared)

    @cached_property
    def global_layers(self) -> int:
        """Layers that read the whole context: full attention, and DeepSeek-V4's compressed layers (C, H)."""
        return self.attention_layers - self.local_layers - self.cross_layers

    def is_moe_layer(self, layer: int) -> bool:
        if not self.moe or layer < self.moe.first_dense_layers or not self.has_mlp(layer):
            return False
        # HF's interleave_moe_layer_step: layer i is MoE when (i + 1) % step == 0.
        return (layer + 1) % self.moe.every == 0

    @cached_property
    def moe_layers(self) -> int:
        return sum(self.is_moe_layer(i) for i in range(self.num_layers))

    @cached_property
    def dense_layers(self) -> int:
        """Layers with a dense MLP."""
        return sum(self.has_mlp(i) for i in range(self.num_layers)) - self.moe_layers

    # -- parameter counts ------------------------------------------------------------------------

    @cached_property
    def parts(self) -> "ParamParts":
        return count_parts(self)

    @property
    def params(self) -> int:
        return self.parts.total

    @property
    def active_params(self) -> int:
        """Parameters that one token touches (MoE: the routed experts it picks, plus everything shared)."""
        return self.parts.active


class ParamParts(Strict, kw_only=True):
    """Parameters by the role they play; precisions treat the roles differently (embeddings stay 16-bit...)."""

    embeddings: int
    lm_head: int
    attention: int  # linear weights of the attention block (q, k, v, o, MLA down/up projections)
    mlp: int  # linear weights of dense MLPs and shared experts
    experts: int  # linear weights of all routed experts
    router: int
    other: int  # norms, biases, attention sinks: small tensors kept in 16/32-bit by every format
    expert_biases: int  # part of `other`: biases of all routed experts (gpt-oss)
    active_experts: int  # routed-expert weights and biases one token uses
    # Part of `embeddings`: Gemma 3n's per-layer embedding table, a lookup of one row per token that engines
    # built for it (Google AI Edge) keep off the accelerator; vLLM and transformers load it with the rest.
    per_layer_embeddings: int = 0

    @property
    def total(self) -> int:
        return (
            self.embeddings
            + self.lm_head
            + self.attention
            + self.mlp
            + self.experts
            + self.router
            + self.other
        )

    @property
    def active(self) -> int:
        return self.total - self.experts - self.expert_biases + self.active_experts

    @property
    def linear(self) -> int:
        """Weights in the transformer blocks' matrices: what weight quantization formats compress."""
        return self.attention + self.mlp + self.experts


def _attention_block(a: Architecture, kv_heads: int, hd: int, values: bool = True) -> tuple[int, int]:
    """Linear weights and small tensors (biases, q/k norms) of one standard attention block whose heads are
    `hd` wide; `values` False: no v_proj (Gemma 4's full layers reuse the keys)."""
    h = a.hidden_size
    q_dim, kv_dim = a.num_heads * hd, kv_heads * hd
    kv_mats = 2 if values else 1
    # attn_output_gate (Qwen3-Next): q_proj also produces a gate as wide as the queries.
    attn = h * (q_dim * (2 if a.attention_output_gate else 1) + kv_mats * kv_dim) + q_dim * h
    other = 0
    if a.qkv_bias:
        other += q_dim + kv_mats * kv_dim
    if a.o_bias:
        other += h
    if a.qk_norm:
        other += q_dim + kv_dim if a.qk_norm_full else 2 * hd
    if a.attention_sinks:
        other += a.num_heads
    return attn, other


def _shared_parts(a: Architecture, ffn) -> tuple[int, int, int]:
    """Attention weights, MLP weights and small tensors of Zamba2's shared blocks and their uses (vLLM zamba2.py,
    see SharedBlocks): in each block input_layernorm over 2 x hidden, q/k/v_proj from 2 x hidden, o_proj back to
    hidden, pre_ff_layernorm and the MLP (`ffn`); in each use the hidden x hidden `linear`, the MLP's gate_up
    adapter (hidden -> rank -> 2 x intermediate_size) and, with attention_adapters, q/k/v adapters (2 x hidden ->
    rank -> their width)."""
    sb = a.shared_blocks
    assert sb is not None and a.intermediate_size is not None
    h, hd, r = a.hidden_size, a.dim_per_head, sb.adapter_rank
    q_dim, kv_dim, wide = a.num_heads * hd, a.num_kv_heads * hd, 2 * a.hidden_size
    mlp_weights, mlp_biases = ffn(a.intermediate_size)
    attention = sb.blocks * (wide * (q_dim + 2 * kv_dim) + q_dim * h) + a.shared_uses * h * h
    mlp = sb.blocks * mlp_weights + a.shared_uses * (h * r + r * 2 * a.intermediate_size)
    if sb.attention_adapters:
        attention += a.shared_uses * (3 * wide * r + r * (q_dim + 2 * kv_dim))
    return attention, mlp, sb.blocks * (wide + h + mlp_biases)


def _linear_block(la: LinearAttention, h: int) -> tuple[int, int]:
    """Linear weights and small tensors of one lightning, KDA or RG-LRU layer's token mixer (see
    LinearAttention.variant for the sources)."""
    width, heads, hd = la.value_dim, la.num_v_heads, la.head_v_dim
    if la.variant == "lightning":
        # MiniMaxText01LinearAttention: qkv_proj, output_gate and out_proj; the RMSNorm over heads x head_dim.
        return h * 3 * la.key_dim + h * width + width * h, width
    if la.variant == "kda":
        # KimiDeltaAttention: q/k/v_proj, f_a_proj and g_a_proj (hidden -> head_dim), f_b_proj and g_b_proj
        # (head_dim -> heads x head_dim), b_proj (a beta per head), o_proj; q/k/v_conv1d, dt_bias (heads x
        # head_dim), A_log per head and o_norm (head_dim).
        linear = 3 * h * width + 2 * (h * hd + hd * width) + h * heads + width * h
        return linear, 3 * width * la.conv_kernel + width + heads + hd
    # RecurrentGemmaRecurrentBlock: linear_x, linear_y (hidden -> lru_width) and linear_out, with biases; the
    # depthwise conv_1d (and its bias); RG-LRU's block-diagonal input and recurrent gates (heads blocks of
    # lru_width / heads squared, with biases: parameters, not Linear layers, so kept at 16 bits like the norms)
    # and recurrent_param.
    gates = 2 * heads * hd * hd + 2 * width
    return 3 * h * width, 2 * width + h + width * la.conv_kernel + width + gates + width


def _compressed_block(a: Architecture, kind: str) -> tuple[int, int]:
    """Linear weights and small tensors of one DeepSeek-V4 attention block of a layer kind (L, C or H).

    Counted as vLLM's deepseek_v4.py and deepseek_compressor.py lay the block out; the sum over the layers
    reproduces the card's 284B for V4-Flash and the 1.6T tensor total for V4-Pro (MTP layer aside).
    wq_a (hidden -> q_lora_rank), wkv (hidden -> head_dim, the one latent), wq_b (q_lora_rank -> heads x
    head_dim), wo_a (o_groups grouped projections of heads x head_dim / o_groups -> o_lora_rank each), wo_b
    (o_groups x o_lora_rank -> hidden); q_norm, kv_norm and one attention sink per head."""
    c = a.compressed
    assert c is not None
    h, hd, heads = a.hidden_size, a.dim_per_head, a.num_heads
    ql, ol = c.q_lora_rank, c.o_lora_rank
    linear = h * (ql + hd) + ql * heads * hd + ol * heads * hd + c.o_groups * ol * h
    other = ql + hd + heads
    ratio = c.ratio(kind)
    if ratio:
        # The compressor: a key and a gate projection, `overlap` entries wide, a learned position bias
        # per slot of its window and a norm.
        over = c.overlap(ratio, c.csa_ratio)
        linear += h * 2 * over * hd
        other += ratio * over * hd + hd
    if kind == "C":
        # The lightning indexer: wq_b from the query latent to its heads, weights_proj to a weight per head,
        # 2 x index_head_dim norm values (as V3.2's k_norm, weight and bias), and a compressor of its own for
        # index_head_dim-wide keys.
        ih, ihd = c.index_n_heads, c.index_head_dim
        over = c.overlap(ratio, c.csa_ratio)
        linear += ql * ih * ihd + h * ih + h * 2 * over * ihd
        other += 2 * ihd + ratio * over * ihd + ihd
    return linear, other


def _hyper_connections(a: Architecture) -> int:
    """Manifold hyper-connection weights (DeepSeek-V4, hc_mult streams): before the attention and before the
    MoE of every layer, a projection of the hc_mult x hidden stream to (2 + hc_mult) x hc_mult mixing
    weights, their bias and 3 scales; before the head, one to hc_mult weights, its bias and a scale."""
    c = a.compressed
    if c is None or c.hc_mult == 1:
        return 0
    n, h = c.hc_mult, a.hidden_size
    mix = (2 + n) * n
    return a.num_layers * 2 * (mix * n * h + mix + 3) + (n * n * h + n + 1)


def count_parts(a: Architecture) -> ParamParts:
    h, hd = a.hidden_size, a.dim_per_head
    other = 0

    # Attention block, per layer.
    if a.mla:
        m = a.mla
        qk_head = m.qk_nope_head_dim + m.qk_rope_head_dim
        if m.q_lora_rank:
            attn = h * m.q_lora_rank + m.q_lora_rank * a.num_heads * qk_head
            other += m.q_lora_rank  # q_a_layernorm
        else:
            attn = h * a.num_heads * qk_head
        attn += h * (m.kv_lora_rank + m.qk_rope_head_dim)  # kv_a_proj_with_mqa
        attn += m.kv_lora_rank * a.num_heads * (m.qk_nope_head_dim + m.v_head_dim)  # kv_b_proj
        attn += a.num_heads * m.v_head_dim * h  # o_proj
        other += m.kv_lora_rank  # kv_a_layernorm
        if m.index_head_dim:
            # The indexer (DeepSeek-V3.2-Exp inference/model.py, Indexer): wq_b from the query latent to its
            # heads, wk from the hidden state to one key, weights_proj to a weight per head, and k_norm, a
            # LayerNorm (weight and bias) of the key.
            attn += m.q_lora_rank * m.index_n_heads * m.index_head_dim + h * m.index_head_dim
            attn += h * m.index_n_heads
            other += 2 * m.index_head_dim
        if a.qk_norm:
            other += 2 * hd
        if a.attention_sinks:
            other += a.num_heads
    else:
        attn, other = _attention_block(a, a.num_kv_heads, hd)
    # The shared blocks' uses (Z) are counted apart, once a block (_shared_parts).
    attention = attn * (a.attention_layers - a.shared_uses)
    other *= a.attention_layers - a.shared_uses
    if a.compressed:
        blocks = [_compressed_block(a, a.kind(i)) for i in range(a.num_layers)]
        attention = sum(linear for linear, _ in blocks)
        other = sum(small for _, small in blocks) + _hyper_connections(a)
    if a.uneven_heads or a.global_k_eq_v:
        # Full layers with their own shape replace what the uniform count gave them.
        full_attn, full_other = _attention_block(a, a.full_kv_heads, a.full_head_dim, not a.global_k_eq_v)
        attention += (full_attn - attn) * a.global_layers
        other += (full_other - _attention_block(a, a.num_kv_heads, hd)[1]) * a.global_layers
    norm_size = h * (2 if a.norm == "layer" else 1)
    # A cross-attention layer (transformers MllamaCrossAttentionDecoderLayer) adds a q_norm and a k_norm of
    # head_dim and two scalar tanh gates, one on the attention and one on the MLP.
    other += (2 * hd + 2) * a.cross_layers
    other += norm_size * a.norm_count
    if a.linear_attention and a.linear_attention.variant != "gated_deltanet":
        linear, small = _linear_block(a.linear_attention, h)
        attention += linear * a.linear_layers
        other += small * a.linear_layers
    elif a.linear_attention:
        la = a.linear_attention
        # Qwen3NextGatedDeltaNet: in_proj_qkvz (q, k, v, z), in_proj_ba (two scalars per value head),
        # out_proj; depthwise conv1d weights, dt_bias and A_log per value head, a gated RMSNorm of head_v_dim.
        linear = h * (2 * la.key_dim + 2 * la.value_dim) + h * 2 * la.num_v_heads + la.value_dim * h
        attention += linear * a.linear_layers
        other += (la.conv_dim * la.conv_kernel + 2 * la.num_v_heads + la.head_v_dim) * a.linear_layers
    if a.mamba:
        linear, small = a.mamba.parts(h)
        attention += linear * a.mamba_layers
        other += small * a.mamba_layers
    if a.mamba1:
        linear, small = a.mamba1.parts(h)
        attention += linear * a.mamba1_layers
        other += small * a.mamba1_layers

    # MLPs.
    matrices = 3 if a.mlp == "gated" else 2

    def ffn(width: int) -> tuple[int, int]:
        weights = matrices * h * width
        biases = ((matrices - 1) * width + h) if a.mlp_bias else 0
        return weights, biases

    mlp = experts = router = active_experts = expert_biases = 0
    if a.shared_blocks:
        shared_attention, shared_mlp, shared_other = _shared_parts(a, ffn)
        attention, mlp, other = attention + shared_attention, mlp + shared_mlp, other + shared_other
    for layer in range(a.num_layers):
        if not a.has_mlp(layer):
            continue
        if not a.is_moe_layer(layer):
            w, b = ffn(a.mlp_width(layer))
            mlp, other = mlp + w, other + b
            continue
        moe = a.moe
        assert moe is not None
        w = matrices * h * moe.expert_intermediate_size
        b = ((matrices - 1) * moe.expert_intermediate_size + h) if moe.expert_bias else 0
        experts += moe.experts * w
        expert_biases += moe.experts * b
        active_experts += moe.experts_per_token * (w + b)
        other += moe.experts * b
        router += h * moe.experts
        other += moe.experts if moe.router_bias else 0
        if moe.shared_experts:
            mlp += (
                moe.shared_experts
                * matrices
                * h
                * (moe.shared_intermediate_size or moe.expert_intermediate_size)
            )
            # Qwen2-MoE / Qwen3-Next scale the shared expert by a learned sigmoid gate (one row of hidden).
            router += h if moe.shared_expert_gate else 0

    embeddings = ((a.embedding_rows or a.vocab_size) + a.position_embeddings) * h
    lm_head = 0 if a.tie_embeddings else a.vocab_size * h
    other += norm_size  # final norm
    other += a.extra_params
    per_layer_embeddings, small = _gemma3n_parts(a)
    embeddings += per_layer_embeddings
    other += small
    return ParamParts(
        embeddings=embeddings,
        lm_head=lm_head,
        attention=attention,
        mlp=mlp,
        experts=experts,
        router=router,
        other=other,
        expert_biases=expert_biases,
        active_experts=active_experts,
        per_layer_embeddings=per_layer_embeddings,
    )


def _gemma3n_parts(a: Architecture) -> tuple[int, int]:
    """Gemma 3n's per-layer embedding table, and the small matrices and vectors its PLE, LAuReL and AltUp
    add (vLLM gemma3n.py, Gemma3nTextModel and Gemma3nDecoderLayer). The matrices (under 2% of the weights)
    are counted with the norms, at 16 bits in every format."""
    h, p, layers = a.hidden_size, a.per_layer_input_size, a.num_layers
    table = small = 0
    if p:
        table = (a.per_layer_vocab_size or a.vocab_size) * layers * p
        # per_layer_model_projection (hidden -> layers x p) and per_layer_projection_norm; in each layer
        # per_layer_input_gate (hidden -> p), per_layer_projection (p -> hidden), post_per_layer_input_norm.
        small = h * layers * p + p + layers * (2 * h * p + h)
    if a.laurel_rank:  # linear_left, linear_right and post_laurel_norm in each layer
        small += layers * (2 * h * a.laurel_rank + h)
    n = a.altup_inputs
    if n > 1:
        # altup_projections and altup_unembed_projections (n - 1 each, hidden x hidden); in each layer
        # correction_coefs (n x n), prediction_coefs (n x n^2), modality_router (hidden x n), router_norm
        # and correct_output_scale (hidden each).
        small += 2 * (n - 1) * h * h + layers * (n * n + n**3 + h * n + 2 * h)
    return table, small
