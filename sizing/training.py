"""GPU memory and compute of fine-tuning and training, per GPU.

Model states follow ZeRO (Rajbhandari et al. 2019, arXiv:1910.02054, section 3): mixed-precision Adam
keeps 2 bytes of weights, 2 of gradients and K=12 of optimizer state (fp32 master copy, momentum,
variance) per parameter: 16 bytes before activations. ZeRO stage 1 splits the optimizer states across the
data-parallel GPUs, stage 2 the gradients too, stage 3 (= FSDP full shard) the weights too.
Activations follow Korthikanti et al. 2022 (arXiv:2205.05198, section 4), re-derived for today's blocks:
FlashAttention (no s^2 attention matrix), no dropout, gated MLPs, grouped KV heads.
What the loss, the adapters and the saved checkpoints take depends on the training software: each
figure below takes the stack (sizing/data/stacks.toml) that says it.
"""

from __future__ import annotations

import math
from typing import Literal

import msgspec

from .architecture import Architecture
from .catalog import Stack

Optimizer = Literal["adamw", "adamw8bit", "sgd", "lion", "adafactor"]

# Optimizer state bytes per trained parameter, fp32 master weights included.
OPTIMIZER_BYTES = {
    "adamw": 12,  # fp32 master 4 + momentum 4 + variance 4 (ZeRO paper, K = 12)
    "adamw8bit": 6,  # fp32 master 4 + two 8-bit states (Dettmers et al. 2021, arXiv:2110.02861)
    "sgd": 8,  # fp32 master 4 + momentum 4
    "lion": 8,  # fp32 master 4 + one momentum 4 (Chen et al. 2023, arXiv:2302.06675, Algorithm 2)
    # fp32 master 4 + the second moment factored into a row and a column vector per matrix, and no first
    # moment (Shazeer & Stern 2018, arXiv:1804.04235, sections 3-4; transformers' Adafactor, beta1=None):
    # the factors are a few values per row and column, counted as nothing here.
    "adafactor": 4,
}
# Without a master copy (pure BF16 training, torchtune) the states take the weights' type.
OPTIMIZER_BYTES_BF16 = {"adamw": 4, "adamw8bit": 2, "sgd": 2, "lion": 2, "adafactor": 0}
ACT = 2  # BF16 activations
GRAD = 2  # BF16 gradients of the full model, as they are reduced
# Preference methods: (a frozen reference model beside the trained one, sequences per example).
# DPO (Rafailov et al. 2023, arXiv:2305.18290) and IPO (Azar et al. 2023, arXiv:2310.12036) compare the
# policy's log-probabilities of a chosen and a rejected answer with a reference model's; KTO (Ethayarajh et
# al. 2024, arXiv:2402.01306) scores single answers against a reference; ORPO (Hong et al. 2024,
# arXiv:2403.07691) and SimPO (Meng et al. 2024, arXiv:2405.14734) need no reference. TRL runs a pair as one
# batch of twice the sequences (DPOTrainer.concatenated_forward).
# A reward model (RewardTrainer) runs its pairs together too, with no reference.
PREFERENCE = {"sft": (False, 1), "dpo": (True, 2), "ipo": (True, 2), "kto": (True, 1), "orpo": (False, 2),
              "simpo": (False, 2), "reward": (False, 2)}  # fmt: skip
# DeepSpeed ZeRO-1/2 defaults: reduce_bucket_size and allgather_bucket_size of 5e8 elements each
# (deepspeed.readthedocs.io, ZeRO configuration).
ZERO12_BUCKET = 500_000_000
# ZeRO-Infinity's NVMe offload (Rajbhandari et al. 2021, arXiv:2104.07857; deepspeed/runtime/zero/offload_config.py
# and config.py at edaa722): the states live on the NVMe and each rank's RAM keeps pinned staging buffers, the
# optimizer's `buffer_count` (4) of its largest sub-group (at most `sub_group_size`, 1e9 elements) in FP32
# (swap_tensor/optimizer_utils.py SwapBufferManager), and offload_param's `buffer_count` (5) x `buffer_size` (1e8)
# elements in 16 bits.
NVME_OPTIMIZER_BUFFERS = 4
NVME_SUB_GROUP = 1_000_000_000
NVME_PARAM_BUFFER_BYTES = 5 * 100_000_000 * 2


def _stack(stack: Stack | None) -> Stack:
    if stack is not None:
        return stack
    from .catalog import load_catalog

    return load_catalog().default_stack


def optimizer_bytes(optimizer: str, stack: Stack) -> int:
    return (OPTIMIZER_BYTES if stack.master_weights else OPTIMIZER_BYTES_BF16)[optimizer]


def adapter_bytes_per_param(optimizer: str, stack: Stack, fp32: bool = False) -> int:
    """LoRA adapter weight + its gradient (both in the stack's adapter type) + the optimizer's states in
    that type: FP32 with AdamW 4 + 4 + 8 = 16 bytes (PEFT); BF16 2 + 2 + 4 = 8 (torchtune). `fp32`: as PEFT 0.12 or
    later makes them whatever the stack's type (get_peft_model's autocast_adapter_dtype)."""
    d = 4 if fp32 else stack.adapter_bytes
    states = {"adamw": 2 * d, "adamw8bit": 2, "sgd": d, "lion": d, "adafactor": 0}[optimizer]
    return 2 * d + states


class TrainingMemory(msgspec.Struct, kw_only=True):
    weights: int
    gradients: int
    optimizer: int
    adapters: int  # LoRA/QLoRA: adapter weights, their gradients and optimizer states
    activations: int
    activations_without_checkpointing: int
    activations_with_checkpointing: int
    overhead: int
    cpu_offload_bytes: int  # host memory for what moves off the GPU (CPU offload, offloaded checkpoints)
    logits: int = 0  # part of the activations: what the loss holds
    comm_buffers: int = 0  # data-parallel communication buffers (FSDP/ZeRO all-gather, reduce-scatter)
    optimizer_step: int = 0  # what the optimizer step adds beyond the activations it runs after
    generation: int = 0  # RL: the generation engine colocated on the training GPUs (weights copy + KV cache)
    teacher: int = 0  # distillation: the teacher's weights and forward pass, run online at every step
    # optimizer states in CUDA unified memory (bitsandbytes' paged optimizers): on the GPU while it has room
    # beyond `total`, paged to the server's RAM by the driver when it has not; in neither `total` nor
    # `cpu_offload_bytes`, since where they sit depends on the GPU
    paged_optimizer: int = 0
    # ZeRO-Infinity's NVMe offload: what the servers' NVMe drives hold in place of their RAM (in neither `total` nor
    # `cpu_offload_bytes`; the RAM keeps the staging buffers, nvme_host_bytes)
    nvme_bytes: int = 0

    @property
    def total(self) -> int:
        return (
            self.weights
            + self.gradients
            + self.optimizer
            + self.adapters
            + self.activations
            + self.overhead
            + self.comm_buffers
            + self.optimizer_step
            + self.generation
            + self.teacher
        )


# Sizing one training question asks for the same architecture's figures at every setup it tries: those that
# depend on the architecture alone are worked out once per architecture object (kept here with its figure,
# so its id cannot be reused while the entry lives).
_PER_ARCHITECTURE: dict[tuple[int, str], tuple[Architecture, object]] = {}


def _once(a: Architecture, name: str, compute):
    found = _PER_ARCHITECTURE.get((id(a), name))
    if found is None or found[0] is not a:
        if len(_PER_ARCHITECTURE) > 4096:
            _PER_ARCHITECTURE.clear()
        found = _PER_ARCHITECTURE[(id(a), name)] = (a, compute(a))
    return found[1]


def lora_params(a: Architecture, rank: int, stack: Stack | None = None, targets: str | None = None) -> int:
    """Adapter parameters with LoRA on every linear layer (QLoRA paper: adapting all linear layers matches
    full fine-tuning), as PEFT's target_modules="all-linear" picks them: every linear module but the
    output head, so in MoE layers the router and each routed expert's matrices too. Each adapted
    d_in x d_out matrix gains rank x (d_in + d_out). A stack whose recipes leave the key projection out
    (torchtune: lora_attn_modules q_proj, v_proj, output_proj) has those widths less. `targets` "qv": the query
    and value projections alone (target_modules=["q_proj", "v_proj"], PEFT's default for Llama-style models);
    "all_linear" said: every linear layer, whatever the stack's recipes adapt; other LORA_MODULES joined by "+"
    ("gate+up+down": the MLP's alone) those, in every layer that has them, a routed expert's each."""
    if targets == "qv":
        return _once(a, "lora_qv", _qv_widths) * rank
    modules = lora_modules(targets)
    if modules is not None:
        widths = _once(a, f"lora:{targets}", lambda a: sum(
            d_in + d_out for layer in range(a.num_layers) for name, d_in, d_out, _ in _linears(a, layer)
            if name in modules
        ))  # fmt: skip
        return widths * rank
    widths = _once(a, "lora", _lora_widths)
    if stack is not None and stack.lora_skip_k and targets is None:
        widths -= _once(a, "lora_k", _k_widths)
    return widths * rank


# PEFT's target_modules of a Llama-style block as a question may list them (q_proj ... down_proj), in the order
# answers name them; a `targets` of several joins them with "+" ("gate+up+down"), "qv" and "all_linear" as before.
LORA_MODULES = ("q", "k", "v", "o", "gate", "up", "down")


def lora_modules(targets: str | None) -> frozenset[str] | None:
    """The named modules a `targets` adapts; None for every linear layer ("all_linear", or the stack's recipes)."""
    if targets is None or targets == "all_linear":
        return None
    return frozenset(("q", "v") if targets == "qv" else targets.split("+"))


def _linears(a: Architecture, layer: int) -> list[tuple[str, int, int, float]]:
    """One layer's linear modules as PEFT's LoRA sees them: (name, d_in, d_out, inputs a token), the name one of
    LORA_MODULES or "" for those no Llama-style name matches (a router, a Mamba mixer's, MLA's low-rank ones);
    `inputs a token`: the values of its input each token brings, k of E for a routed expert (k x d_in over E)."""
    h, found = a.hidden_size, []
    if a.has_attention(layer) and not a.is_state_mixer(layer):
        kv_heads, hd = a.layer_heads(layer)
        q, kv = a.num_heads * hd, kv_heads * hd
        if a.mla:
            m = a.mla
            heads, qk = a.num_heads, m.qk_nope_head_dim + m.qk_rope_head_dim
            if m.q_lora_rank:
                found += [("", h, m.q_lora_rank, 1.0), ("", m.q_lora_rank, heads * qk, 1.0)]
            else:
                found.append(("q", h, heads * qk, 1.0))
            found += [("", h, m.kv_lora_rank + m.qk_rope_head_dim, 1.0),
                      ("", m.kv_lora_rank, heads * (m.qk_nope_head_dim + m.v_head_dim), 1.0),
                      ("o", heads * m.v_head_dim, h, 1.0)]  # fmt: skip
        elif not a.compressed:
            found += [("q", h, q, 1.0), ("k", h, kv, 1.0)]
            if not (a.kind(layer) == "G" and a.global_k_eq_v):
                found.append(("v", h, kv, 1.0))
            found.append(("o", q, h, 1.0))
    if not a.has_mlp(layer):
        return found
    ffn = (("gate", "up") if a.mlp == "gated" else ("up",)) + ("down",)
    widths: list[tuple[int, float, int]] = []  # (intermediate width, tokens' share, modules of it)
    if a.is_moe_layer(layer):
        assert a.moe
        moe = a.moe
        widths.append((moe.expert_intermediate_size, moe.experts_per_token / moe.experts, moe.experts))
        if moe.shared_experts:
            widths.append(
                (moe.shared_intermediate_size or moe.expert_intermediate_size, 1.0, moe.shared_experts)
            )
        found.append(("", h, moe.experts, 1.0))  # the router
    else:
        widths.append((a.mlp_width(layer), 1.0, 1))
    for width, share, count in widths:
        for name in ffn:
            d_in, d_out = (width, h) if name == "down" else (h, width)
            found += [(name, d_in, d_out, share)] * count
    return found


def lora_input_values(a: Architecture, targets: str | None = None) -> tuple[float, float]:
    """The input values a token brings to the modules LoRA adapts: over all layers, and in the layer with the most
    (what one recomputed layer holds). Every linear layer for all-linear; the Mamba mixers' and MLA's own are
    counted only there."""

    def count(a: Architecture) -> tuple[float, float]:
        modules = lora_modules(targets)
        per_layer = [
            sum(
                d_in * share
                for name, d_in, _, share in _linears(a, layer)
                if modules is None or name in modules
            )
            + (_mixer_inputs(a, layer) if modules is None else 0)
            for layer in range(a.num_layers)
        ]
        return float(sum(per_layer)), float(max(per_layer, default=0))

    return _once(a, f"lora_inputs:{targets}", count)


def _mixer_inputs(a: Architecture, layer: int) -> int:
    """A Mamba mixer's linear inputs a token (what PEFT's all-linear adapts of it; sizing _lora_widths)."""
    if a.is_mamba(layer):
        assert a.mamba
        return a.hidden_size + a.mamba.d_inner  # in_proj, out_proj
    if a.kind(layer) == "S":
        assert a.mamba1
        d = a.mamba1.intermediate_size
        return a.hidden_size + d + a.mamba1.dt_rank + d  # in_proj, x_proj, dt_proj, out_proj
    return 0


def lora_input_copy_bytes(stack: Stack, act: int, dropout: bool = False) -> int:
    """Bytes a value PEFT's LoRA keeps of each adapted layer's input beside what the base layer keeps
    (peft/tuners/lora/layer.py Linear.forward: x = self._cast_input_dtype(x, lora_A.weight.dtype), then
    lora_B(lora_A(dropout(x))); lora_A's weight being trained, its input is saved for the weight's gradient).
    FP32 adapters on a BF16 model make an FP32 copy of the input; under autocast (Trainer's bf16=True) lora_A casts
    it back to BF16 and keeps that copy instead: 2 bytes, or nothing where input and adapters are both BF16 already.
    Without autocast: the adapters' bytes wherever their type is not the input's. A lora_dropout above 0 keeps its
    own output for lora_A (a new tensor in any case) and a one-byte mask (torch's native_dropout). Stacks that run
    their own LoRA (unsloth's kernels, torchtune) keep nothing of the kind."""
    if not stack.peft_lora:
        return 0
    d = stack.adapter_bytes
    if stack.autocast:
        copy = 2 if dropout or d != 2 or act != 2 else 0
    else:
        copy = d if dropout or d != act else 0
    return copy + (1 if dropout else 0)


def _k_widths(a: Architecture) -> int:
    """Sum of d_in + d_out over the key projections of the attention layers (grouped-query heads), none for the
    attention forms that have no separate one (MLA, DeepSeek-V4's compressed attention, Mamba mixers)."""
    if a.mla or a.compressed:
        return 0
    total = 0
    for layer in range(a.num_layers):
        if a.is_state_mixer(layer) or not a.has_attention(layer):
            continue
        if a.kind(layer) == "G" and (a.uneven_heads or a.global_k_eq_v):
            total += a.hidden_size + a.full_kv_heads * a.full_head_dim
        else:
            total += a.hidden_size + a.num_kv_heads * a.dim_per_head
    return total


def _qv_widths(a: Architecture) -> int:
    """Sum of d_in + d_out over the query and value projections of the attention layers: hidden -> heads x
    head_dim, and hidden -> KV heads x head_dim (grouped-query attention shares the value heads)."""
    total = 0
    for layer in range(a.num_layers):
        if a.is_state_mixer(layer) or not a.has_attention(layer):
            continue
        if a.kind(layer) == "G" and a.uneven_heads:
            total += 2 * a.hidden_size + (a.num_heads + a.full_kv_heads) * a.full_head_dim
        else:
            total += 2 * a.hidden_size + (a.num_heads + a.num_kv_heads) * a.dim_per_head
    return total


def _lora_widths(a: Architecture) -> int:
    """Sum of d_in + d_out over the matrices LoRA adapts: lora_params at rank 1."""
    h, hd = a.hidden_size, a.dim_per_head
    q, kv = a.num_heads * hd, a.num_kv_heads * hd
    if a.mla:
        m = a.mla
        qk = m.qk_nope_head_dim + m.qk_rope_head_dim
        attn = (
            (h + m.q_lora_rank) + (m.q_lora_rank + a.num_heads * qk)
            if m.q_lora_rank
            else h + a.num_heads * qk
        )
        attn += (h + m.kv_lora_rank + m.qk_rope_head_dim) + (
            m.kv_lora_rank + a.num_heads * (m.qk_nope_head_dim + m.v_head_dim)
        )
        attn += a.num_heads * m.v_head_dim + h
    elif a.compressed:
        # DeepSeek-V4 (vLLM deepseek_v4.py): wq_a, wq_b, wkv, the o_groups grouped wo_a (heads x head_dim in,
        # o_groups x o_lora_rank out, together) and wo_b; the compressors and indexers are left out (small).
        c = a.compressed
        attn = (h + c.q_lora_rank) + (c.q_lora_rank + q) + (h + hd)
        attn += (q + c.o_groups * c.o_lora_rank) + (c.o_groups * c.o_lora_rank + h)
    else:
        attn = (h + q) + 2 * (h + kv) + (q + h)
    if a.uneven_heads or a.global_k_eq_v:
        # Full layers with their own head shape (Gemma 4), and no v_proj where the values are the keys.
        fq, fkv = a.num_heads * a.full_head_dim, a.full_kv_heads * a.full_head_dim
        full_attn = (h + fq) + (1 if a.global_k_eq_v else 2) * (h + fkv) + (fq + h)
    else:
        full_attn = attn
    matrices = 3 if a.mlp == "gated" else 2
    total = 0
    for layer in range(a.num_layers):
        if a.is_mamba(layer):
            # The Mamba-2 mixer's in_proj and out_proj (PEFT's all-linear takes both; the conv1d is no Linear).
            mb = a.mamba
            assert mb is not None
            total += (h + 2 * mb.d_inner + 2 * mb.n_groups * mb.state_size + mb.num_heads) + (mb.d_inner + h)
        elif a.kind(layer) == "S":
            # The Mamba-1 mixer's in_proj, x_proj, dt_proj and out_proj (all nn.Linear in MambaMixer).
            m1 = a.mamba1
            assert m1 is not None
            d, r = m1.intermediate_size, m1.dt_rank
            total += (h + 2 * d) + (d + r + 2 * m1.state_size) + (r + d) + (d + h)
        if a.has_attention(layer) and not a.is_state_mixer(layer):
            # Attention, also beside a Mamba-2 mixer (Falcon-H1's P layers: both blocks' projections).
            total += full_attn if a.kind(layer) == "G" else attn
        if not a.has_mlp(layer):
            continue
        if a.is_moe_layer(layer):
            assert a.moe
            total += a.moe.experts * matrices * (h + a.moe.expert_intermediate_size)  # routed experts
            total += h + a.moe.experts  # the router
            if a.moe.shared_experts:
                width = a.moe.shared_intermediate_size or a.moe.expert_intermediate_size
                total += a.moe.shared_experts * matrices * (h + width)
        else:
            total += matrices * (h + a.mlp_width(layer))
    return total


def layer_activation_bytes_per_token(a: Architecture, layer: int, act: int = ACT) -> float:
    """Bytes one token leaves stored in one layer for the backward pass (no recomputation): Korthikanti et
    al. 2022 ("Reducing Activation Recomputation in Large Transformer Models", arXiv:2205.05198, eq. 1:
    s·b·h·(34 + 5·a·s/h) bytes a layer), re-derived tensor by tensor for FlashAttention (no a·s² score
    matrices), grouped-query attention and gated MLPs, without dropout masks (LLMs fine-tune without)."""
    h = a.hidden_size
    kv_heads, hd = a.layer_heads(layer)
    q, kv = a.num_heads * hd, kv_heads * hd
    # Attention: norm input, q/k/v input, q, k, v, attention output (FlashAttention keeps only a
    # per-head log-sum-exp besides these).
    attention = 2 * h + 2 * q + 2 * kv
    if a.is_mamba(layer):
        # A Mamba-2 mixer (estimate): norm input, in_proj input and output, the convolution's output, the
        # scan's output and the gated norm's (transformers NemotronHMamba2Mixer.torch_forward).
        mb = a.mamba
        assert mb is not None
        in_rows = 2 * mb.d_inner + 2 * mb.n_groups * mb.state_size + mb.num_heads
        mixer = in_rows + mb.conv_dim() + 2 * mb.d_inner
        # Falcon-H1 (P) runs attention on the same normed input beside the mixer: both blocks' tensors.
        attention = (attention if a.kind(layer) == "P" else 2 * h) + mixer
    elif a.kind(layer) == "S":
        # A Mamba-1 mixer (estimate, as above): norm input, in_proj input and output, the convolution's
        # output, x_proj's (step, B, C), the widened step, the scan's output and the gated product
        # (transformers MambaMixer.slow_forward).
        m1 = a.mamba1
        assert m1 is not None
        d = m1.intermediate_size
        attention = 2 * h + 2 * d + d + (m1.dt_rank + 2 * m1.state_size) + d + 2 * d
    elif not a.has_attention(layer):
        attention = 0  # an MLP alone (Nemotron-H, DeciLM's no-op attention) or an empty layer
    if not a.has_mlp(layer):
        mlp = 0
    elif a.is_moe_layer(layer):
        assert a.moe
        k, width = a.moe.experts_per_token, a.moe.expert_intermediate_size
        # Each token goes through k experts: their input copy, gate, up, activation and product.
        mlp = 2 * h + k * (h + 4 * width)
        if a.moe.shared_experts:
            mlp += 4 * a.moe.shared_experts * (a.moe.shared_intermediate_size or width)
    else:
        width = a.mlp_width(layer)
        # Gated: norm input, MLP input, gate, up, act(gate), act(gate)*up. Plain: input, up, act(up).
        mlp = 2 * h + (4 * width if a.mlp == "gated" else 2 * width)
    return act * (attention + mlp)


def _op_sac_products(a: Architecture, layer: int) -> list[int] | None:
    """The output widths of one layer's matrix products in the order a Llama-style block runs them: q, k, v, the
    attention's output projection, then the MLP's gate, up and down (gated) or up and down; None for the layers an
    op-level policy is not counted for here (MoE, Mamba, MLA and compressed attention, attention or MLP alone)."""
    if (
        a.mla
        or a.compressed
        or a.is_state_mixer(layer)
        or a.is_mamba(layer)
        or a.is_moe_layer(layer)
        or not a.has_attention(layer)
        or not a.has_mlp(layer)
    ):
        return None
    h = a.hidden_size
    kv_heads, hd = a.layer_heads(layer)
    q, kv, width = a.num_heads * hd, kv_heads * hd, a.mlp_width(layer)
    return [q, kv, kv, h] + ([width, width, h] if a.mlp == "gated" else [width, h])


def op_sac_bytes_per_token(a: Architecture, layer: int, act: int = ACT) -> float:
    """Bytes one token leaves stored in one layer under torchtitan's op-level selective recomputation
    (torchtitan/parallelisms/parallelize_llama.py at 9dec370, _save_list and _custom_policy): the policy saves the
    output of every aten.mm but every second one (the 1st, 3rd, ... of the layer's products) and of the
    FlashAttention kernel, and the checkpoint keeps the layer's input; the rest is recomputed in the backward. A
    layer it is not counted for keeps what it keeps without recomputation (layer_activation_bytes_per_token), an
    upper bound."""
    products = _op_sac_products(a, layer)
    if products is None:
        return layer_activation_bytes_per_token(a, layer, act)
    _, hd = a.layer_heads(layer)
    return act * (a.hidden_size + sum(products[0::2]) + a.num_heads * hd)


def op_sac_recomputed_params(a: Architecture) -> int:
    """Parameters whose matrix products torchtitan's op-level selective recomputation runs again in the backward
    (every second one of each layer: k, the output projection and up in a Llama block), summed over the layers it
    is counted for; each costs 2 FLOPs per token (Kaplan et al. 2020, arXiv:2001.08361, section 2.1)."""
    h = a.hidden_size
    total = 0
    for count, index in _layer_kinds(a):
        products = _op_sac_products(a, index)
        if products is None:
            continue
        # each product's input width: the hidden size, but the output projection's (the heads) and down's (MLP)
        inputs = [h, h, h, products[0]] + ([h, h, products[4]] if a.mlp == "gated" else [h, products[4]])
        total += count * sum(i * o for i, o in zip(inputs[1::2], products[1::2], strict=True))
    return total


def fp8_saved_delta(a: Architecture, layer: int) -> int:
    """Bytes per token an FP8 training changes in what one layer stores for the backward: NVIDIA Transformer
    Engine's Linear saves its input cast to FP8 (1 byte a value, its transpose for the weight gradient) in
    place of the BF16 input (transformer_engine/pytorch/module/linear.py, _Linear.forward: saved_inputmat_t
    from fp8_cast_transpose_fused). That drops a byte a value of the inputs only a Linear keeps: q/k/v's, the
    MLP's and the down projection's; the output projection's input is the attention output FlashAttention
    keeps in BF16 anyway, so its FP8 copy adds a byte. An MoE layer's routed experts save the inputs of the
    tokens each gets, its copy of a token's hidden state and its down projection's input, k of the E experts
    per token (as layer_activation_bytes_per_token counts them; Megatron-LM's TEGroupedMLP quantizes each
    expert's slice of the tokens, and DeepSeek-V3 caches the MoE projections' inputs in FP8, arXiv:2412.19437,
    3.3.2); its shared experts read the router's BF16 input, of which they save an FP8 copy, and their down
    projection's input in FP8. A Mamba mixer is left as in BF16 (not modelled)."""
    if a.is_state_mixer(layer):
        return 0
    delta = 0
    if a.has_attention(layer):
        _, hd = a.layer_heads(layer)
        delta += a.num_heads * hd - a.hidden_size
    if not a.has_mlp(layer):
        return delta
    if a.is_moe_layer(layer):
        assert a.moe
        delta -= a.moe.experts_per_token * (a.hidden_size + a.moe.expert_intermediate_size)
        if a.moe.shared_experts:
            shared_width = a.moe.shared_intermediate_size or a.moe.expert_intermediate_size
            delta += a.hidden_size - a.moe.shared_experts * shared_width
    else:
        delta -= a.hidden_size + a.mlp_width(layer)
    return delta


def fp8_weight_transposes(a: Architecture, checkpointing: bool, ep: int = 1) -> int:
    """Bytes of the FP8 weight copies an FP8 training holds between a layer's forward and its backward: each
    Transformer Engine Linear casts its weight to FP8 with the transpose the input gradient needs and saves
    the transpose for the backward (module/linear.py: quantize_weight with columnwise usage, the weight saved
    in ctx), 1 byte per weight, fresh each micro-batch when no weight cache is asked (is_first_microbatch
    None, so no workspace is kept). Without checkpointing every layer's stays
    until its backward; with it, only the layer being recomputed has one. From the gathered weights, so
    ZeRO-3 does not shard them: an MoE layer's are all its experts' (with a micro-batch's thousands of tokens
    routed k of E each, every expert gets some), but with `ep`-way expert parallelism a GPU runs only its
    E/ep experts, so only theirs.
    The weight cache TE keeps across micro-batches, rowwise and transposed, 2 bytes a weight for the whole step
    (module/linear.py, Linear.forward: _fp8_workspaces["weight"] when is_first_microbatch is not None), is
    left out: only Megatron-LM's TE layers pass is_first_microbatch; the Transformers, Accelerate and torchtune
    models we size call their Linear layers without it."""
    p = a.parts
    if checkpointing:
        return layer_params(a) - math.ceil(layer_expert_params(a) * (1 - 1 / ep))
    return p.attention + p.mlp + math.ceil(p.experts / ep)


def layer_expert_params(a: Architecture) -> int:
    """Routed experts' parameters in one MoE layer (none in a dense model)."""
    return a.parts.experts // a.moe_layers if a.moe and a.moe_layers else 0


def logit_bytes(a: Architecture, tokens: int, stack: Stack) -> int:
    """What the loss holds at its peak: the whole logits tensor (and its FP32 copies) for a plain loss,
    one chunk the size of the hidden states for a fused linear + cross-entropy loss."""
    return math.ceil(tokens * (a.vocab_size * stack.logit_bytes + a.hidden_size * stack.fused_loss_bytes))


def activations(
    a: Architecture,
    seq_len: int,
    micro_batch: int,
    checkpointing: bool,
    tp: int = 1,
    stack: Stack | None = None,
    act: int = ACT,
    logit_tokens: int | None = None,
    cross_tokens: int = 0,
    fp8: bool = False,
    ep: int = 1,
    scores: bool = False,
    op_sac: bool = False,
    gathered_inputs: bool = False,
    lora_inputs: tuple[float, float] = (0.0, 0.0),
    async_tp: bool = False,
) -> int:
    """Activation memory per GPU; `act` is the bytes of one activation value (4 where the hidden states
    run in FP32: QLoRA after PEFT's FP32 upcast of the embeddings). `logit_tokens`: the tokens of each
    sequence the loss reads (RL: the completion only), all of them when None. `cross_tokens`: image states
    each sequence's cross-attention layers read (Llama 3.2 Vision): kept once for the backward, as the
    input of every such layer, and without recomputation each layer's keys and values over them too.
    `fp8`: an FP8 training (Transformer Engine), its Linear inputs and weight transposes saved in FP8.
    `scores`: attention without FlashAttention, each attention layer keeping its a x s x s scores (SCORE_BYTES
    a value) for the backward; with full recomputation only the layer rebuilt has them. `op_sac`: without full
    recomputation, torchtitan's op-level selective policy (op_sac_bytes_per_token), with the layer being rebuilt
    in the backward holding what it recomputes besides. `gathered_inputs`: under tensor parallelism the attention's
    and the MLP's inputs of each layer that keeps them, and the output head's, are all-gathered whole and kept so
    (stacks.toml tp_gathered_inputs): a recomputing layer gathers them again, so only the one rebuilt has them.
    `lora_inputs`: bytes a token PEFT's LoRA keeps of its adapted layers' inputs beside the base layers' (over all
    layers, and in the largest: lora_input_copy_bytes), only the rebuilt layer's under full recomputation.
    `async_tp`: with `gathered_inputs`, AsyncTP's fused matrix products and collectives (async_tp_workspace), which
    leave the backward's residual-stream gradients split."""
    stack = _stack(stack)
    tokens = seq_len * micro_batch
    # Every layer of a kind (dense or MoE; full or local where their heads differ) stores the same per
    # token: the sum over the layers and the largest layer follow from one layer of each kind.
    kinds = [
        (count, (layer_activation_bytes_per_token(a, index, act) + (fp8_saved_delta(a, index) if fp8 else 0))
         * tokens)
        for count, index in _layer_kinds(a)
    ]  # fmt: skip
    logits = logit_bytes(a, (logit_tokens or seq_len) * micro_batch, stack)
    # The backward pass carries the gradient of the residual stream from layer to layer: the one coming in
    # and the one going out of the layer being back-propagated.
    residual_grads = 2 * tokens * a.hidden_size * act
    if checkpointing:
        # Full recomputation keeps each layer's input and rebuilds one layer at a time in the backward.
        # With the inputs offloaded to the server's RAM (unsloth), the GPU holds the one being rebuilt
        # and the next one on its way back.
        kept = 2 if stack.offload_checkpoints else a.num_layers
        stored = kept * tokens * a.hidden_size * act + max(per_token for _, per_token in kinds)
        stored += lora_inputs[1] * tokens
    elif op_sac:
        saved = [(count, op_sac_bytes_per_token(a, index, act) * tokens) for count, index in _layer_kinds(a)]
        stored = sum(count * kept for count, kept in saved)
        stored += max(whole - kept for (_, whole), (_, kept) in zip(kinds, saved, strict=True))
    else:
        stored = sum(count * per_token for count, per_token in kinds)
    if not checkpointing:
        stored += lora_inputs[0] * tokens
    if fp8:
        stored += fp8_weight_transposes(a, checkpointing, ep)
    if scores:
        stored += attention_scores(a, seq_len, micro_batch) * (1 if checkpointing else _attention_layers(a))
    if cross_tokens:
        images = cross_tokens * micro_batch
        stored += images * a.hidden_size * act
        if not checkpointing:
            stored += a.cross_layers * 2 * a.num_kv_heads * a.dim_per_head * images * act
    # Tensor parallelism with sequence parallelism splits every activation across the group.
    split = (stored + residual_grads + logits) / tp
    if gathered_inputs and tp > 1:
        # two whole inputs a layer (the attention's, the MLP's), where split counted their 1/tp, and the head's
        layers = a.num_layers if not (checkpointing or op_sac) else 1
        split += (2 * layers + 1) * tokens * a.hidden_size * act * (1 - 1 / tp)
        # The backward's two gradients of the residual stream are whole too. The one entering the output
        # projection's (attention.wo, feed_forward.w2: RowwiseParallel(output_layouts=Shard(1))) is all-gathered, the
        # backward of the forward's reduce-scatter; the one leaving the layer's input is a whole partial sum until
        # PrepareModuleInput's backward redistributes it Partial -> Shard(1), a reduce-scatter of the whole local
        # tensor (torch/distributed/tensor/placement_types.py Shard._reduce_shard_tensor, funcol.reduce_scatter_tensor).
        # AsyncTP replaces that reduce-scatter and all-gather with fused_matmul_reduce_scatter and
        # fused_all_gather_matmul (torch._inductor's micro_pipeline_tp pass), whose all-to-all of partial products
        # is reduced inside the op: torchtitan's Table 4 reads 4.3 GiB less with AsyncTP than with plain TP, the two
        # whole gradients (3.5 GiB there) and more. Plain TP is torchtitan's default (enable_async_tensor_parallel
        # false).
        if not async_tp:
            split += residual_grads * (1 - 1 / tp)
    return math.ceil(split)


def _context_parallel_kv(a: Architecture, seq_len: int, micro_batch: int, tp: int) -> int:
    """What context parallelism adds beyond each rank's own tokens: the keys and values of the whole sequence for
    the layer being run, gathered from the other ranks before its attention (Llama 3's all-gather context
    parallelism, arXiv:2407.21783, section 3.3.2; Megatron-LM's ring passes the same chunks round and holds
    fewer at once), split by tensor parallelism as the heads are. A Mamba or MLP-only layer gathers none."""
    widths = [
        a.layer_heads(index)[0] * a.layer_heads(index)[1]
        for _, index in _layer_kinds(a)
        if a.has_attention(index) and not a.is_state_mixer(index)
    ]
    return math.ceil(seq_len * micro_batch * 2 * max(widths, default=0) * ACT / tp)


# Bytes per attention score a layer keeps without FlashAttention. transformers' eager attention
# (models/llama/modeling_llama.py eager_attention_forward, the code attn_implementation="eager" runs) takes the
# softmax in FP32, whose output its backward needs (4 bytes), and casts it back to the weights' type for the
# product with the values, which keeps that BF16 copy (2); its dropout is the identity at the LLMs'
# attention_dropout of 0.0 (no mask). Korthikanti et al. 2022 (arXiv:2205.05198, section 4.1) count 5·a·s²·b for
# Megatron's 16-bit softmax with dropout: its output (2), the mask (1) and the dropout's output (2).
SCORE_BYTES = 6


def attention_scores(a: Architecture, seq_len: int, micro_batch: int) -> int:
    """Bytes of one attention layer's stored scores without FlashAttention: SCORE_BYTES·a·s²·b."""
    return SCORE_BYTES * a.num_heads * seq_len * seq_len * micro_batch


def _attention_layers(a: Architecture) -> int:
    return sum(
        count for count, index in _layer_kinds(a) if a.has_attention(index) and not a.is_state_mixer(index)
    )


def async_tp_workspace(a: Architecture, seq_len: int, micro_batch: int, tp: int) -> int:
    """The symmetric-memory workspace of AsyncTP on a tp-way group: one buffer a group, grown to the largest request
    and kept (torch/distributed/_symmetric_memory/__init__.py get_symm_mem_workspace), the largest being the fused
    matmul + reduce-scatter's two chunks of the output, each one rank's share of the sequence's hidden states
    (_pipelined_produce_and_all2all: out_chunks[0] bytes x 2; the all-gather's is one shard). Allocated by
    _SymmetricMemory.empty_strided_p2p, outside PyTorch's caching allocator: GPU memory that max_memory_reserved()
    does not show."""
    return math.ceil(2 * seq_len * micro_batch * a.hidden_size * ACT / tp) if tp > 1 else 0


def offloaded_checkpoints(
    a: Architecture, seq_len: int, micro_batch: int, stack: Stack, act: int = ACT
) -> int:
    """Server RAM the layer inputs take when the stack offloads gradient checkpoints (per GPU)."""
    if not stack.offload_checkpoints:
        return 0
    return a.num_layers * seq_len * micro_batch * a.hidden_size * act


def layer_params(a: Architecture) -> int:
    """Parameters of the largest decoder layer (the unit FSDP all-gathers)."""
    return _once(a, "layer_params", _layer_params)


def _layer_params(a: Architecture) -> int:
    h = a.hidden_size
    if a.layer_blocks:
        # Layers differ one by one (DeciLM): the largest is its attention, where it has one, and its MLP.
        attention = a.parts.attention // a.attention_layers
        matrices = 3 if a.mlp == "gated" else 2
        return max(
            (attention if a.has_attention(i) else 0) + matrices * h * a.mlp_width(i)
            for i in range(a.num_layers)
        )
    attention = a.parts.attention // a.num_layers
    matrices = 3 if a.mlp == "gated" else 2
    sizes = []
    if a.mlp_only_layers:
        # Nemotron-H: a layer is its mixer or its MLP, never both (the mixers' average stands for each).
        sizes.append(a.parts.attention // (a.num_layers - a.mlp_only_layers))
        attention = 0
    if a.dense_layers:
        width = (a.moe.dense_intermediate_size if a.moe else None) or a.intermediate_size
        sizes.append(attention + matrices * h * width)
    if a.moe and a.moe_layers:
        m = a.moe
        moe = m.experts * matrices * h * m.expert_intermediate_size + h * m.experts
        if m.shared_experts:
            moe += (
                m.shared_experts * matrices * h * (m.shared_intermediate_size or m.expert_intermediate_size)
            )
        sizes.append(attention + moe)
    return max(sizes)


def comm_buffers(
    a: Architecture,
    zero: int,
    dp: int,
    tp: int,
    layer_weight_bytes: float,
    root_weight_bytes: float,
    trainable: float,
    trainable_per_layer: float,
    grad_bytes: int,
    root_trainable: bool,
    offloaded: bool = False,
) -> int:
    """Per-GPU memory of the data-parallel communication, beyond the sharded states.

    ZeRO-3 / FSDP full shard (torch.distributed.fsdp): each decoder layer is all-gathered before it runs
    and the next one is prefetched meanwhile (forward_prefetch / BACKWARD_PRE), so two whole layers are
    live; the root unit (input embeddings and output head) is not freed after the forward
    (_runtime_utils._post_forward_reshard skips the root), so it stays whole for the step; gradients
    exist whole before their reduce-scatter: one layer's, and the root's through the backward.
    ZeRO-1/2 (DeepSpeed): one reduce bucket and one all-gather bucket (5e8 elements each by default).
    Plain data parallel (PyTorch DDP): its buckets copy every gradient (gradient_as_bucket_view=False).
    """
    if dp <= 1 and not (offloaded and zero >= 3):
        return 0  # one GPU holds everything in place (with the weights offloaded, it still gathers them)
    if zero >= 3:
        layer = layer_params(a) / tp
        root = (a.parts.embeddings + a.parts.lm_head) / tp
        gathered = root * root_weight_bytes + 2 * layer * layer_weight_bytes
        grads = (trainable_per_layer / tp + (root if root_trainable else 0)) * grad_bytes
        return math.ceil(gathered + grads)
    if zero >= 1:
        return math.ceil(2 * min(ZERO12_BUCKET, trainable / tp) * grad_bytes)
    return math.ceil(trainable / tp * grad_bytes)


def _layer_kinds(a: Architecture) -> list[tuple[int, int]]:
    """(how many layers, the index of one of them) for each kind of layer there is: dense or MoE, with the
    full layers' own head shape where it differs (Gemma 4), Mamba-2 or MLP alone (Nemotron-H), and each
    MLP width of a DeciLM stack."""
    return _once(a, "layer_kinds", _find_layer_kinds)


def _find_layer_kinds(a: Architecture) -> list[tuple[int, int]]:
    kinds: dict[tuple, list[int]] = {}
    for i in range(a.num_layers):
        # Mamba-2, Mamba-1 and MLP-only (Nemotron-H) layers are kinds of their own.
        key = (
            a.is_moe_layer(i),
            a.layer_heads(i) if a.uneven_heads else None,
            a.kind(i) in "MSFN" and a.kind(i),
            a.mlp_width(i) if a.layer_blocks else None,  # DeciLM: each MLP width is a kind
        )
        found = kinds.setdefault(key, [0, i])
        found[0] += 1
    return [(count, index) for count, index in kinds.values()]


def memory(
    a: Architecture,
    stage: Literal["full", "lora", "qlora", "pretrain"],
    base_weight_bytes: int,
    gpus: int,
    zero: int,
    seq_len: int,
    micro_batch: int,
    checkpointing: bool,
    optimizer: Optimizer = "adamw",
    lora_rank: int = 16,
    lora_targets: str | None = None,
    cpu_offload: bool = False,
    tp: int = 1,
    stack: Stack | None = None,
    pp: int = 1,
    method: str = "sft",
    offload_params: bool = False,
    logit_tokens: int | None = None,
    cross_tokens: int = 0,
    recipe_optimizer: bool = False,
    vision_bytes: tuple[int, int] = (0, 0),
    fp8: bool = False,
    ep: int = 1,
    cp: int = 1,
    eager: bool = False,
    selective: bool = False,
    dualpipe: bool = False,
    virtual_stages: int = 1,
    lora_dropout: bool = False,
    async_tp: bool = False,
    nvme: bool = False,
) -> TrainingMemory:
    """Per-GPU memory of one training job on `gpus` GPUs (tp-way tensor parallel x pp pipeline stages x cp
    context-parallel ranks x data parallel, the data-parallel GPUs split `ep` ways for an MoE's routed
    experts), on the stage that needs the most.

    Context parallelism (Megatron-LM's --context-parallel-size, docs "context_parallel"; Llama 3 405B's 128k
    stage, arXiv:2407.21783, section 3.3.2) gives each of `cp` ranks 1/cp of every sequence's tokens: its
    activations, loss and pipeline messages are those of seq_len/cp tokens. The weights are whole on every
    context rank, as on a data-parallel copy, and ZeRO/FSDP shards the states over the dp x cp ranks (Megatron-LM's
    distributed optimizer shards over its data-parallel-with-context group; torchtitan's FSDP over dp_shard x cp).

    `eager`: attention without FlashAttention, whose scores each layer keeps unless `selective` recomputation
    reruns the attention in the backward (Korthikanti et al. 2022, section 5).

    `dualpipe`: DeepSeek-V3's bidirectional schedule (arXiv:2412.19437, section 3.2.1, Table 2; deepseek-ai/DualPipe
    README): each rank holds two of the `pp` stages (the i-th from each end), so 2x the parameters of 1F1B, and its
    first stage has pp + 1 micro-batches in flight where 1F1B has pp.

    `virtual_stages`: the interleaved 1F1B schedule (Narayanan et al. 2021, arXiv:2104.04473, section 2.2.2;
    Megatron-LM's virtual pipeline, torchtitan's "Interleaved1F1B"), each rank holding that many stages of the
    pp x virtual_stages, one in every pp (_pipeline_activations for what is in flight).

    `lora_dropout`: a lora_dropout above 0, whose mask and output PEFT's LoRA keeps (lora_input_copy_bytes).

    `async_tp`: torchtitan's AsyncTP on a stack whose TP gathers whole inputs (tp_gathered_inputs): the backward's
    residual-stream gradients stay split, and the symmetric-memory workspace is among the buffers.

    `nvme`: what `cpu_offload` and `offload_params` move off the GPUs goes to the servers' NVMe (ZeRO-Infinity), the
    RAM keeping only what nvme_host_bytes says."""
    stack = _stack(stack)
    dp = max(1, gpus // (tp * pp * cp))
    if cp > 1:
        # every context rank of a sequence's group is a copy of the weights: the ZeRO group is dp x cp
        ring = _context_parallel_kv(a, seq_len, micro_batch * PREFERENCE[method][1], tp)
        m = memory(a, stage, base_weight_bytes, gpus // cp * cp, zero, -(-seq_len // cp), micro_batch,
                   checkpointing, optimizer, lora_rank, lora_targets, cpu_offload, tp, stack, pp, method,
                   offload_params, -(-logit_tokens // cp) if logit_tokens else None, cross_tokens,
                   recipe_optimizer, vision_bytes, fp8, ep, eager=eager, selective=selective,
                   dualpipe=dualpipe, virtual_stages=virtual_stages, lora_dropout=lora_dropout,
                   async_tp=async_tp, nvme=nvme)  # fmt: skip
        m.comm_buffers += ring
        return m
    # Pipeline stages split the layers; the first also holds the input embeddings, the last the output head
    # (a tied head is a copy there): the largest stage has a share of the layers and the larger of the two.
    share = stage_share(a, pp)
    reference, pairs = PREFERENCE[method]
    micro_batch *= pairs  # a chosen and a rejected answer go through together
    upcast = kbit_upcast(stage, stack, zero)
    # PEFT's FP32 upcast for QLoRA reaches the input embeddings, so the hidden states leave them in FP32 and
    # stay FP32 through every layer (bitsandbytes returns its output in its input's type).
    act_bytes = 4 if upcast else ACT
    loss_tokens = logit_tokens or seq_len
    fp8 = fp8 and stage in ("full", "pretrain")  # FP8 training: the matrix products of a full training
    # torchao's float8 (torchtune) saves the BF16 input and weight for the backward: BF16's activations
    fp8 = fp8 and stack.fp8_backend == "te"
    gathered = stack.tp_gathered_inputs
    async_tp = async_tp and gathered and tp > 1
    lora_inputs = (0.0, 0.0)
    if stage in ("lora", "qlora") and (copy := lora_input_copy_bytes(stack, act_bytes, lora_dropout)):
        total, largest = lora_input_values(a, lora_targets)
        lora_inputs = (copy * total, copy * largest)
    with_ckpt = activations(
        a, seq_len, micro_batch, True, tp, stack, act_bytes, logit_tokens, cross_tokens, fp8, ep, eager,
        gathered_inputs=gathered, lora_inputs=lora_inputs, async_tp=async_tp,
    )  # fmt: skip
    without_ckpt = activations(
        a,
        seq_len,
        micro_batch,
        False,
        tp,
        stack,
        act_bytes,
        logit_tokens,
        cross_tokens,
        fp8,
        ep,
        eager and not selective,
        op_sac=selective and stack.selective_ops and not eager,
        gathered_inputs=gathered,
        lora_inputs=lora_inputs,
        async_tp=async_tp,
    )
    virtual_stages = virtual_stages if pp > 1 and not dualpipe else 1
    if pp > 1:
        in_flight = pp + 1 if dualpipe else 0  # 0: 1F1B
        with_ckpt, without_ckpt = (
            _pipeline_activations(
                a, whole, loss_tokens, micro_batch, tp, pp, stack, in_flight, virtual_stages
            )
            for whole in (with_ckpt, without_ckpt)
        )
    # A vision encoder trained with the model (sizing/images.py trained_encoder_bytes), per sequence: with and
    # without checkpointing; it runs before the first stage's layers.
    with_ckpt += vision_bytes[0] * micro_batch
    without_ckpt += vision_bytes[1] * micro_batch
    act = with_ckpt if checkpointing else without_ckpt
    # The CUDA context and NCCL/cuBLAS workspaces: about 1 GiB per GPU in PyTorch training.
    overhead = 2**30
    host = offloaded_checkpoints(a, seq_len, micro_batch, stack, act_bytes) * dp if checkpointing else 0
    checkpoint_host = host
    # Expert parallelism (Megatron-LM's --expert-model-parallel-size; Lepikhin et al. 2020, GShard,
    # arXiv:2006.16668): each of `ep` data-parallel ranks keeps E/ep of every MoE layer's routed experts, split by
    # TP as the rest is (Megatron-LM's expert tensor parallel size defaults to TP). Their states are sharded by
    # ZeRO over the dp/ep ranks that hold the same experts; everything else over all dp ranks.
    experts = 0.0
    edp = dp
    if ep > 1 and stage in ("full", "pretrain"):
        experts = a.parts.experts * layer_share(a, pp) / tp / ep
        edp = max(1, dp // ep)
    if stage in ("full", "pretrain"):
        params = a.params * share / tp - experts * (ep - 1)
        weights, grads = 2 * params, GRAD * params
        if reference:
            # The frozen reference copy: 16-bit weights, no gradients nor optimizer states. With adapters,
            # TRL uses the base with the adapters off instead (no copy), so only here.
            weights += 2 * params
        optim = optimizer_bytes(optimizer, stack) * params
        adapters = 0.0
        trainable, per_layer, grad_bytes, root_trainable = a.params, layer_params(a), GRAD, True
        layer_bytes = root_bytes = 2.0
    else:
        # The base is frozen (no gradients, no optimizer state); QLoRA's base is the NF4 weights.
        base = base_weight_bytes
        p = a.parts
        root_params = p.embeddings + p.lm_head
        root_bytes = 2.0  # every 4- and 8-bit format here keeps the embeddings and the head at 16 bits
        if upcast:
            # PEFT's prepare_model_for_kbit_training casts what is not 4-bit to FP32: +2 bytes each.
            base += 2 * (root_params + p.other)
            root_bytes = 4.0
        layer_bytes = (base - root_params * root_bytes) / max(1, a.params - root_params)
        weights, grads, optim = stage_weight_bytes(a, base, root_bytes, pp) / tp, 0.0, 0.0
        lora = lora_params(a, lora_rank, stack, lora_targets)
        adapters = lora * adapter_bytes_per_param(optimizer, stack) / tp / pp
        trainable, per_layer, grad_bytes, root_trainable = (
            lora,
            lora / a.num_layers,
            stack.adapter_bytes,
            False,
        )
    if zero >= 1:
        optim = _sharded(optim, experts, optimizer_bytes(optimizer, stack), dp, edp)
    if zero >= 2:
        grads = _sharded(grads, experts, GRAD, dp, edp)
    if zero >= 3:
        weights = _sharded(weights, experts, 2, dp, edp)
        adapters /= dp
    if cpu_offload and stage in ("full", "pretrain"):
        # ZeRO-Offload (Ren et al. 2021, arXiv:2101.06840, Figure 2): the servers' RAM keeps the optimizer
        # states and the gradients they are updated with, in FP32 like the master copy (4 bytes per
        # parameter): 16 bytes per parameter with AdamW, over the whole job.
        host_grads = 4 if stack.master_weights else GRAD
        host += (optimizer_bytes(optimizer, stack) + host_grads) * a.params
        optim = 0.0
        # The gradients go to the host bucket by bucket as the backward produces them: the GPU keeps its
        # BF16 weights and the bucket being reduced, no gradients of its own (Figure 2's g16 lives on the
        # CPU; DeepSpeed's estimate_zero2_model_states_mem_needs: with cpu_offload, 2 bytes per parameter
        # on the GPU). With several GPUs the buckets are among the communication buffers.
        grads = 0.0 if dp > 1 else min(ZERO12_BUCKET, a.params / tp) * GRAD
    # The optimizer step reads an FP32 copy of this GPU's share of the gradients (DeepSpeed's
    # estimate_zero2/3_model_states_mem_needs: "18 = 2_grads_16bit + 4_grads_32bit + 4_params_32bit +
    # 8_optimizer_states_32bit" bytes per sharded parameter; PyTorch's foreach AdamW makes a temporary of the
    # same size). It runs after the backward has freed the activations, so only what exceeds them counts.
    step = 0.0
    paged = 0
    # bitsandbytes' 8-bit optimizers step each parameter with its own kernel (bitsandbytes/optim/optimizer.py
    # Optimizer2State.update_step, F.optimizer_update_8bit_blockwise): no copy of all the gradients, where no ZeRO
    # partition keeps one in FP32
    per_parameter = optimizer == "adamw8bit" and zero == 0
    if stage in ("full", "pretrain") and not cpu_offload and not per_parameter:
        width = 4 if stack.master_weights else GRAD
        step = _sharded(width * params, experts, width, dp, edp) if zero >= 1 else width * params
    if (
        stage == "full"
        and stack.single_device_paged_8bit
        and recipe_optimizer
        and gpus == 1
        and not cpu_offload
    ):
        # torchtune's full_finetune_single_device configs (recipes/configs/llama3_1/8B_full_single_device.yaml):
        # bitsandbytes' PagedAdamW8bit with optimizer_in_bwd: True. Each parameter is stepped by a hook as soon
        # as its gradient is whole, and the gradient freed, so the GPU never holds the whole model's gradients,
        # only the largest parameter's (the embeddings or the output head) at once, and there is no separate
        # optimizer step. The two 8-bit states (2 bytes per parameter, BF16 parameters, no master copy) live in
        # CUDA unified memory (cudaMallocManaged; bitsandbytes' paged optimizers, GlobalPageManager), which
        # stays on the GPU while it has room and which the driver pages to the server's RAM only when the GPU
        # is full: counted apart, as what the GPU itself must hold is the rest.
        paged = math.ceil(optimizer_bytes("adamw8bit", stack) * a.params)
        optim = 0.0
        grads = float(GRAD * max(a.parts.embeddings, a.parts.lm_head))
        step = 0.0
    # torchtitan's pipeline stages under FSDP (stacks.toml pipeline_fsdp): FSDP does not reshard a stage's layers
    # after the forward (parallelize_llama.py apply_fsdp: reshard_after_forward=False with PP), and PyTorch's
    # pipeline stage runs every backward but the last without gradient sync or resharding
    # (torch/distributed/pipelining/stage.py, backward_maybe_with_nosync), so each stage keeps its BF16 weights
    # gathered and accumulates its gradients whole in the FP32 reduce type (FSDPParam.to_accumulated_grad_if_needed)
    # for the whole step, beside the FP32 shards of the weights, gradients and AdamW states FSDP keeps (16 bytes
    # a parameter over the dp ranks).
    gathered_stage = (
        pp > 1 and dp > 1 and stack.pipeline_fsdp and stage in ("full", "pretrain") and not cpu_offload
    )
    if gathered_stage:
        weights = (4 if reference else 2) * params  # a preference method's frozen reference gathered alike
        # Interleaved, a rank's stages run their backwards one after another when the step's micro-batches fit one
        # round (torchtitan runs pp of them; PyTorch's ScheduleInterleaved1F1B backs every micro-batch of a round
        # through one stage before the next), and the stage's last backward reduce-scatters its whole gradients
        # (stage.py backward_maybe_with_nosync, last_backward): one stage's whole FP32 gradients at a time.
        grads = 4 * params / virtual_stages + _sharded(4 * params, experts, 4, dp, edp)
        optim = _sharded(optimizer_bytes(optimizer, stack) * params, experts, optimizer_bytes(optimizer, stack), dp,
                         edp)  # fmt: skip
    if offload_params and zero >= 3:
        # ZeRO-3's offload_param / FSDP's CPUOffload(offload_params=True): each GPU's shard of the weights
        # lives in the servers' RAM and is copied in layer by layer; the GPU holds only what is gathered (the
        # communication buffers below). DeepSpeed's estimate_zero3_model_states_mem_needs with
        # offload_param=cpu: the GPU keeps the largest layer only.
        host += math.ceil(weights * dp * tp * pp)
        weights = 0.0
        grads = 0.0
    nvme_bytes = 0
    if nvme and host > checkpoint_host:
        # what was sent to the RAM above goes to the NVMe; the RAM keeps each rank's staging buffers
        nvme_bytes = math.ceil(host - checkpoint_host)
        full = stage in ("full", "pretrain") and cpu_offload
        host = checkpoint_host + dp * tp * pp * nvme_host_bytes(params / dp if full else 0, offload_params)
    if dualpipe and pp > 1:
        # DualPipe's two stages a rank: their weights and gradients twice; the optimizer states twice too unless
        # ZeRO shards them, where each stage's states split over its two holders as over two more data-parallel ranks
        weights, grads = 2 * weights, 2 * grads
        adapters *= 2
        if zero < 1:
            optim *= 2
        step *= 2 if zero < 1 else 1
    buffers = comm_buffers(
        a,
        zero,
        dp,
        tp,
        layer_bytes,
        root_bytes,
        trainable * share,
        per_layer,
        grad_bytes,
        root_trainable,
        offloaded=offload_params,
    )
    if gathered_stage:
        # the stage's layers stay gathered: nothing is all-gathered or reduce-scattered layer by layer
        buffers = 0
    if pp > 1:
        # Each stage sends its micro-batch's hidden states forward and their gradients back: a receive and a
        # send buffer each way (Megatron-LM's p2p communication). PyTorch's pipeline stage allocates its receive
        # buffers once for every micro-batch of the step and each of its stages (stage.py _prepare_forward_infra,
        # _prepare_backward_infra: one per chunk): pp micro-batches on torchtitan.
        receives = 2 * pp * virtual_stages if stack.pipeline_fsdp else 2
        buffers += math.ceil((2 + receives) * seq_len * micro_batch * a.hidden_size * ACT / tp)
    if async_tp:
        buffers += async_tp_workspace(a, seq_len, micro_batch, tp)
    if experts and a.moe:
        # The all-to-all that sends each token's hidden state to its k experts' ranks and brings their outputs
        # back: a send and a receive buffer of tokens x k hidden states (Megatron-LM's MoEAlltoAllTokenDispatcher).
        buffers += math.ceil(2 * seq_len * micro_batch * a.moe.experts_per_token * a.hidden_size * ACT / tp)
    return TrainingMemory(
        weights=math.ceil(weights),
        gradients=math.ceil(grads),
        optimizer=math.ceil(optim),
        adapters=math.ceil(adapters),
        activations=act,
        activations_without_checkpointing=without_ckpt,
        activations_with_checkpointing=with_ckpt,
        overhead=overhead,
        cpu_offload_bytes=host,
        logits=math.ceil(logit_bytes(a, loss_tokens * micro_batch, stack) / tp),
        comm_buffers=buffers,
        optimizer_step=max(0, math.ceil(step) - act),
        paged_optimizer=paged,
        nvme_bytes=nvme_bytes,
    )


def nvme_host_bytes(trained_shard: float, params: bool) -> int:
    """RAM one rank keeps under ZeRO-Infinity's NVMe offload: for the optimizer's states (`trained_shard`, the rank's
    partition of the trained parameters; 0 where the optimizer stays on the GPU), the BF16 gradient partition
    DeepSpeed accumulates in pinned RAM (stage3.py grad_partitions_flat_buffer, in the model's type unless
    grad_accum_dtype says another) and the swap buffers NVME_OPTIMIZER_BUFFERS x the largest sub-group in FP32;
    for the parameters (`params`), offload_param's buffer pool."""
    optimizer = GRAD * trained_shard + NVME_OPTIMIZER_BUFFERS * 4 * min(NVME_SUB_GROUP, trained_shard)
    return math.ceil(optimizer + (NVME_PARAM_BUFFER_BYTES if params else 0))


# What the distillation loss holds of the teacher's logits, per token and vocabulary entry: the BF16 logits
# and their FP32 log-softmax (TRL's GKDTrainer.generalized_jsd_loss takes F.log_softmax of both models'
# logits; the student's side is the loss's own, counted by the stack's logit bytes).
TEACHER_LOGIT_BYTES = 2 + 4


def teacher_memory(
    a: Architecture,
    weight_bytes: int,
    seq_len: int,
    micro_batch: int,
    gpus: int,
    zero: int,
    tp: int = 1,
    pp: int = 1,
    cp: int = 1,
) -> int:
    """Per-GPU memory of a distillation teacher run online (logit distillation): its frozen weights, sharded
    like the student's under ZeRO-3/FSDP (TRL prepares the teacher with the same DeepSpeed config) and whole on
    each data-parallel GPU otherwise, and its forward pass without gradients, which keeps no activations for a
    backward: one layer's working set at a time (layer_activation_bytes_per_token), the two layers ZeRO-3
    gathers, and the logits the loss compares the student's with. Under context parallelism the teacher reads
    the same 1/cp of each sequence as its student rank (its logits are compared token by token), and its weights
    shard over the dp x cp ranks like the student's (`gpus // (tp * pp)` counts both)."""
    dp = max(1, gpus // (tp * pp))
    weights = weight_bytes / tp / (dp if zero >= 3 else 1)
    tokens = -(-seq_len // cp) * micro_batch
    layer = max(layer_activation_bytes_per_token(a, index) for _, index in _layer_kinds(a)) * tokens
    gathered = 2 * layer_params(a) * ACT if zero >= 3 and dp > 1 else 0
    logits = tokens * a.vocab_size * TEACHER_LOGIT_BYTES
    return math.ceil(weights + (layer + gathered + logits) / tp)


def kbit_upcast(stage: str, stack: Stack, zero: int) -> bool:
    """Whether QLoRA's unquantized layers (and so the hidden states) run in FP32 on this stack. Sharded
    QLoRA (FSDP or ZeRO-3, whose 4-bit weights are stored in BF16 so they shard like any other) skips the
    cast: TRL's SFTTrainer calls prepare_model_for_kbit_training only when the 4-bit weights are not sharded
    ("one should never call peft_module_casting_to_bf16 or prepare_model_for_kbit_training when doing QLoRA +
    FSDP / DS-Zero3", trl/trainer/sft_trainer.py, is_sharded_qlora), so the embeddings, the head and the
    hidden states stay BF16 (Answer.AI's fsdp_qlora keeps them BF16 too)."""
    return stage == "qlora" and stack.kbit_fp32_upcast and zero < 3


def _sharded(whole: float, experts: float, per_param: int, dp: int, edp: int) -> float:
    """A GPU's ZeRO shard of `whole` bytes of states: the routed experts' part (`experts` parameters of
    `per_param` bytes) over the `edp` ranks holding the same experts, the rest over all `dp`."""
    held = experts * per_param
    return (whole - held) / dp + held / edp


def stage_layers(a: Architecture, pp: int) -> int:
    """Layers of the largest of `pp` pipeline stages: a whole share, one more where they do not divide evenly
    (Megatron-LM splits an uneven count with --decoder-first/last-pipeline-num-layers; DeepSeek-V3 ran 61
    layers in 16 stages, arXiv:2412.19437, section 3.2)."""
    return -(-a.num_layers // pp)


def layer_share(a: Architecture, pp: int) -> float:
    """The share of the layers the largest of `pp` pipeline stages holds."""
    return stage_layers(a, pp) / a.num_layers if pp > 1 else 1.0


def stage_share(a: Architecture, pp: int) -> float:
    """The share of the parameters the largest of `pp` pipeline stages holds (1 without pipelining)."""
    if pp <= 1:
        return 1.0
    p = a.parts
    root = p.embeddings + p.lm_head
    return ((a.params - root) * layer_share(a, pp) + max(p.embeddings, p.lm_head or p.embeddings)) / a.params


def stage_weight_bytes(a: Architecture, weight_bytes: float, root_bytes: float, pp: int) -> float:
    """The bytes of weights the largest of `pp` pipeline stages holds, when the layers and the embeddings or
    output head are stored at different widths (a 4-bit base keeps those two at `root_bytes`): a stage's share of
    the layers at their own width, and the larger of the embeddings and the head at theirs. A share of the
    parameters at the average width had put a 4-bit body's bytes on the stage that holds the 16-bit head."""
    if pp <= 1:
        return weight_bytes
    p = a.parts
    root = p.embeddings + p.lm_head
    body = weight_bytes - root * root_bytes
    return body * layer_share(a, pp) + max(p.embeddings, p.lm_head or p.embeddings) * root_bytes


def _pipeline_activations(
    a: Architecture,
    whole: int,
    seq_len: int,
    micro_batch: int,
    tp: int,
    pp: int,
    stack: Stack,
    in_flight: int = 0,
    virtual: int = 1,
) -> int:
    """Activations of the stage that needs the most under the 1F1B schedule (Narayanan et al. 2021,
    arXiv:2104.04473, section 2.2.1; Korthikanti et al. 2022, section 4.2.3): the first stage has `pp`
    micro-batches in flight through its 1/pp of the layers, as much as one micro-batch through every layer,
    without the loss (more where the layers do not split evenly: `pp` micro-batches through its larger share);
    the last stage has one micro-batch through its layers, and the loss. `in_flight`: the first stage's micro-batches
    where the schedule is not 1F1B (DualPipe: pp + 1, on the rank that also holds the last stage and its loss).

    `virtual` stages a rank (interleaved 1F1B, section 2.2.2): the first rank runs v·pp + pp - 1 chunks of
    1/(pp·v) of the layers before its first backward ends, (1 + (pp - 1)/(pp·v)) micro-batches through every layer
    (Korthikanti et al. 2022, section 4.2.3), and the last rank (v - 1)·pp + 1 chunks beside the loss; PyTorch's
    ScheduleInterleaved1F1B warms up as many (its warmup_ops), never more than the step's micro-batches times v.

    PyTorch's pipelining (stacks.toml pipeline_fsdp: torchtitan) runs pp micro-batches a step by default
    (pipeline_parallel_microbatches), which caps what is in flight, and its last stage keeps each micro-batch's
    BF16 output, the logits, for the step's merged output (stage.py forward_one_chunk, output_chunks)."""
    logits = math.ceil(logit_bytes(a, seq_len * micro_batch, stack) / tp)
    body = whole - logits
    kept = 0
    if stack.pipeline_fsdp:
        kept = math.ceil(pp * seq_len * micro_batch * a.vocab_size * ACT / tp)
    if in_flight:
        return math.ceil(body * in_flight * layer_share(a, pp)) + logits + kept
    if virtual > 1:
        chunk = -(-a.num_layers // (pp * virtual)) / a.num_layers
        first, last = virtual * pp + pp - 1, (virtual - 1) * pp + 1
        if stack.pipeline_fsdp:
            first, last = min(first, pp * virtual), min(last, pp * virtual)
        return max(math.ceil(body * first * chunk), math.ceil(body * last * chunk) + logits + kept)
    return max(
        math.ceil(body * pp * layer_share(a, pp)), math.ceil(body * layer_share(a, pp)) + logits + kept
    )


def flops_per_token(stage: str, method: str = "sft") -> int:
    """Model FLOPs per parameter and token: 6 for full training (Kaplan et al. 2020, arXiv:2001.08361): 2
    forward + 4 backward; LoRA skips the weight gradients of the frozen base: 2 forward + 2 backward. A
    preference method with a reference model (DPO, IPO, KTO) runs the reference's forward on every sequence too:
    2 more (TRL's DPOTrainer computes the reference log-probabilities at each step by default,
    precompute_ref_log_probs=False)."""
    per_token = 6 if stage in ("full", "pretrain") else 4
    return per_token + (2 if PREFERENCE.get(method, (False, 1))[0] else 0)


def training_flops(a: Architecture, stage: str, tokens: int, method: str = "sft") -> float:
    """Model FLOPs: flops_per_token x N x D; this is what model FLOPs utilization (MFU) counts (Chowdhery
    et al. 2022, PaLM, arXiv:2204.02311, appendix B). MoE models count their active parameters.
    Recomputation is not model work: see recompute_flops."""
    return flops_per_token(stage, method) * a.active_params * tokens


def teacher_flops(teacher: Architecture | None, tokens: float) -> float:
    """A distillation teacher run online: one forward pass over every training token, 2 FLOPs per parameter
    and token (Kaplan et al. 2020, arXiv:2001.08361, section 2.1), no backward. It is model work the GPUs do
    beside the student's, so it counts in the model FLOPs the MFU divides."""
    return 2 * teacher.active_params * tokens if teacher is not None else 0.0


def recompute_flops(
    a: Architecture,
    tokens: int,
    checkpointing: bool,
    selective: bool = False,
    seq_len: int = 0,
    ops: bool = False,
) -> float:
    """Full activation recomputation runs every layer's forward a second time: 2 x N x D more hardware
    FLOPs, which MFU does not count (it shows as hardware FLOPs utilization, HFU). Selective recomputation
    (Korthikanti et al. 2022, section 5) reruns the attention's two matrix products alone: 4·b·s²·h FLOPs per
    layer forward (Narayanan et al. 2021, arXiv:2104.04473, appendix: 24Bsh² + 4Bs²h a layer), 4·s·h per token,
    h the layer's query width, over the layers that have attention. `ops`: the stack's op-level selective policy
    (torchtitan's) reruns every second matrix product of each layer instead, 2 FLOPs per parameter of those and
    token (op_sac_recomputed_params); the attention's output is kept, so its products are not rerun."""
    if checkpointing:
        return 2 * a.active_params * tokens
    if not selective:
        return 0.0
    if ops:
        return 2.0 * op_sac_recomputed_params(a) * tokens
    width = sum(
        count * a.num_heads * a.layer_heads(index)[1]
        for count, index in _layer_kinds(a)
        if a.has_attention(index) and not a.is_state_mixer(index)
    )
    return 4.0 * seq_len * width * tokens


# Reinforcement-learning fine-tunes, as TRL runs them (huggingface/trl, v1.9.0, the latest release when this
# was written). GRPO (trl/trainer/grpo_config.py): num_generations = 8 completions per prompt,
# max_completion_length = 256 (512 on main after v1.9), beta = 0.0 since v0.19 (0.04 before): with beta = 0
# no reference model is loaded (grpo_trainer.py: "If beta is 0.0, the reference model is not needed"), and
# with PEFT the base with the adapters off is the reference. max_prompt_length was 512 until v0.25 and is
# gone since v0.26 (prompts are not cut): 512 is assumed. Generation: vLLM "colocate" (same GPUs,
# vllm_gpu_memory_utilization = 0.3, vllm_tensor_parallel_size = 1), "server" (`trl vllm-serve` on other
# GPUs), or plain model.generate (use_vllm = False, TRL's own default). PPO (trl/experimental/ppo/
# ppo_trainer.py): a policy and a value model trained together (PolicyAndValueWrapper runs both in one
# forward and backward), a frozen reward model and a frozen reference (none with PEFT), generating with the
# policy itself. RLOO (trl/trainer/rloo_config.py, rloo_trainer.py; Ahmadian et al. 2024, arXiv:2402.14740):
# GRPO's loop with num_generations = 2 completions per prompt, each one's baseline the mean reward of the
# others (no value model), beta = 0.05 (a frozen reference is loaded unless beta = 0 or PEFT disables the
# adapters instead), max_completion_length = 256, the same vLLM modes; its rewards come from `reward_funcs`,
# a reward model (a sequence-classification model, as in the paper's RLHF runs) or functions.
RL_GENERATIONS = 8
RLOO_GENERATIONS = 2
RL_PROMPT = 512
RL_COMPLETION = 256
RL_MICRO_BATCH = 8  # transformers' TrainingArguments per_device_train_batch_size (completions, for GRPO)


def rl_generation_seqs(micro_batch: int, generations: int, dp: int) -> int:
    """Completions one GPU generates at once: its micro-batch times the steps per generation that make the
    generation batch (micro_batch x GPUs x steps) a whole number of groups of `generations` (GRPOConfig:
    generation_batch_size must be divisible by num_generations)."""
    return micro_batch * max(1, math.ceil(generations / (micro_batch * dp)))


def rl_memory(
    a: Architecture,
    stage: Literal["full", "lora", "qlora", "pretrain"],
    base_weight_bytes: int,
    gpus: int,
    zero: int,
    *,
    method: str,
    prompt: int,
    completion: int,
    micro_batch: int,
    generations: int,
    reference: bool,
    generation: str,
    kv_bytes_per_token: float,
    reward_model: bool = False,
    reward_arch: Architecture | None = None,
    reward_models: int = 1,
    tp: int = 1,
    pp: int = 1,
    **options,
) -> TrainingMemory:
    """Per-GPU memory of a GRPO, RLOO or PPO run: the policy trained as in `memory` over prompt + completion
    tokens (the loss reads the completion's logits only: TRL's logits_to_keep), the frozen models beside
    it at the base's precision (the reference, a reward model), PPO's value model trained like the policy,
    and the generation engine when it shares the GPUs."""
    seq = prompt + completion
    common = dict(gpus=gpus, zero=zero, seq_len=seq, micro_batch=micro_batch, tp=tp, pp=pp, **options)
    m = memory(a, stage, base_weight_bytes, logit_tokens=completion, **common)
    dp = max(1, gpus // (tp * pp))
    shard = dp if zero >= 3 else 1
    full = stage in ("full", "pretrain")
    frozen = stage_weight_bytes(a, 2 * a.params if full else base_weight_bytes, 2.0, pp) / tp / shard
    extra_weights = 0.0
    if reference and full:
        extra_weights += frozen  # the frozen reference copy (with adapters: the base, adapters off)
    # The reward model: the policy's size unless one of its own is named (as TRL's examples make it); then at
    # the base's bytes per parameter, and PPO's value model starts from it (DeepSpeed-Chat's step 3 initializes
    # the critic from the reward model, as OpenRLHF's --critic_pretrain does by default).
    r = reward_arch or a
    r_base = base_weight_bytes if reward_arch is None else round(base_weight_bytes * r.params / a.params)
    if method == "ppo" or reward_model:
        # each reward model said is frozen weights of its own ("dois reward models"); the value model starts
        # from one of them
        each = stage_weight_bytes(r, 2 * r.params if full else r_base, 2.0, pp) / tp / shard
        extra_weights += reward_models * each
    if method == "ppo":
        # The value model: the reward model's architecture with a scalar head, trained the way the policy is
        # (with LoRA, an adapter of its own on its own frozen base, as OpenRLHF does for its critic).
        v = memory(r, stage, r_base, logit_tokens=1, **common)
        m.weights += v.weights
        m.gradients += v.gradients
        m.optimizer += v.optimizer
        m.adapters += v.adapters
        m.activations += v.activations - v.logits
        m.activations_with_checkpointing += v.activations_with_checkpointing - v.logits
        m.activations_without_checkpointing += v.activations_without_checkpointing - v.logits
        m.comm_buffers += v.comm_buffers
        m.optimizer_step += v.optimizer_step
        m.cpu_offload_bytes += v.cpu_offload_bytes
        m.nvme_bytes += v.nvme_bytes
        m.paged_optimizer += v.paged_optimizer
    m.weights += math.ceil(extra_weights)
    seqs = rl_generation_seqs(micro_batch, generations, dp)
    kv = math.ceil(seqs * seq * kv_bytes_per_token)
    if generation == "colocate":
        # vLLM in the training process: a 16-bit copy of the weights (TRL loads the merged adapters into it,
        # so a QLoRA run holds the 16-bit model there too), split over vllm_tensor_parallel_size GPUs, and
        # the KV cache of the completions this GPU generates (vLLM's own KV type: the weights' 16 bits).
        vllm_tp = tp
        copy = 0 if _stack(options.get("stack")).rl_shared_weights else 2 * a.params
        m.generation = math.ceil(copy / vllm_tp) + math.ceil(kv / vllm_tp)
    elif generation == "generate":
        # model.generate runs before the loss, with the activations not yet made: only a KV cache larger
        # than the activations that follow adds to the peak.
        m.generation = max(0, math.ceil(kv / tp) - m.activations)
    return m


def rl_server_bytes(
    a: Architecture, prompt: int, completion: int, seqs: int, kv_bytes_per_token: float
) -> int:
    """What a `trl vllm-serve` process needs for a whole generation batch: 16-bit weights and the KV cache of
    `seqs` completions of prompt + completion tokens."""
    return 2 * a.params + math.ceil(seqs * (prompt + completion) * kv_bytes_per_token)
