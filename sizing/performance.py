"""How fast a serving setup answers: time per output token, time to first token and throughput of one
replica (tp x pp GPUs running one copy of the model in vLLM), at a given load.

The model, with its sources:
- A decode step reads, from each GPU's memory, its share of the weights one step touches and the KV
  cache of every sequence in the batch; it takes bytes / (bandwidth x BANDWIDTH_EFFICIENCY) plus the
  step's FLOPs / (peak x DECODE_MFU) (the roofline's two bounds, added because a step's kernels run one
  after the other: Williams, Waterman and Patterson, "Roofline", CACM 2009), plus tensor-parallel
  all-reduces and the CPU's per-step and per-sequence costs.
  The weights a step touches: every dense weight except the input embedding table (a lookup reads only
  the batch's rows; a tied table is read as the output matrix), and of a mixture-of-experts layer the
  experts the batch routes to (uniform routing: E x (1 - (1 - k/E)^batch)).
- Pipeline stages run one after the other for a given sequence: they add capacity, never speed per user.
  A batch is split in `pp` micro-batches that keep every stage busy (vLLM's virtual engines).
- A prompt costs 2 FLOPs per active parameter per token (Kaplan et al. 2020, arXiv:2001.08361, section
  2.1), less the output layer on all but its last token (vLLM computes logits only where it samples), plus
  causal attention (sliding-window layers see at most their window), at PREFILL_MFU of peak.
  A conversation's earlier turns (`history`) are not read again: vLLM's automatic prefix caching (on by
  default since its V1 engine) keeps their KV cache, so a turn prefills only its new tokens, which still
  attend to the whole history.
  Prompts are prefilled in chunks inside the decode steps (vLLM chunked prefill), so under load the
  prefill work lengthens every step. The mean first token under a rate stretches a prompt's read by the
  share of GPU time the other prompts take, S / (1 - rho) (processor sharing: Kleinrock, "Queueing Systems"
  vol. 2, section 4.4), no lower than the first-come-first-served queue's mean. A request that arrives
  while a long prompt is being read waits for the rest of it: queued_first_token() gives how many do and
  how long they wait (an M/D/1 queue).
- Under load, Little's law (concurrency = arrival rate x time in the system; Little, Operations Research
  9(3), 1961) ties the conversations in flight to the request rate.
- A step carries at most max_num_batched_tokens, the running answers first: when the prompts waiting would
  need more, they wait for their first token and the answers' steps stay at the full budget's length
  (_Workload._budget).

The efficiency factors are fitted on measured runs of stock vLLM (tests/fixtures/throughput.json, from
../shared/reference/throughput.json); each constant below names the rows it was fitted on, and
tests/test_performance.py holds every row to its band.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import msgspec

from . import kv_cache, serving
from .architecture import Architecture
from .catalog import GPU, Catalog, ModelEntry, Precision
from .weights import weight_bytes

# -- efficiency factors -----------------------------------------------------------------------------
# Fitted together on the stock vLLM rows of tests/fixtures/throughput.json (R1-R8, R17, R18 in
# tests/test_performance.py); the vendor-tuned rows (TensorRT-LLM, MLPerf) only check that the model stays
# below them. The fit minimised the worst error over the stock rows' measured figures.

# A server CPU's memory bandwidth: 8 channels of DDR5-4800 at 4,800 MT/s x 8 bytes = 38.4 GB/s each (JEDEC
# JESD79-5), 307.2 GB/s in all (a one-socket Xeon Sapphire Rapids; an EPYC Genoa has 12 channels).
CPU_BANDWIDTH = 8 * 4800e6 * 8


def cpu_tokens_per_s(active_params: int, bits_per_weight: float) -> float:
    """The most tokens per second one conversation could get on such a CPU: every token reads the active
    weights from RAM, at the whole bandwidth (the roofline's memory bound: a ceiling, never an estimate)."""
    return CPU_BANDWIDTH / (active_params * bits_per_weight / 8)


# Share of peak memory bandwidth a decode step streams at. Fitted on the Qwen3 8B runs on one H100 at 1 and
# 8 users (R1, R2: TPOT 7.22 and 7.67 ms, purely weight-bound) and the Llama 3.1 70B TP4 run at 4 req/s (R8).
BANDWIDTH_EFFICIENCY = 0.75
# Share of peak tensor throughput of a decode step's matmuls; memory and compute phases of a step are
# added, not overlapped (kernels of a step run one after the other). Fitted on the large-batch runs: the
# 1,000-request bursts of gpt-oss-20b, gpt-oss-120b (TP2) and Qwen3 235B (TP8) (R3-R5) and the 5,000-request
# Llama 3.1 8B / 70B runs (R6, R7).
DECODE_MFU = 0.50
# Share of peak tensor throughput while reading prompts (large GEMMs). Fitted on the prompt-heavy runs: Llama
# 3.1 8B FP8 on CNN/DailyMail (R17, R18) and the 5,000-request runs (R6, R7), for the least worst error over the
# stock rows (22.0%: R17 -22%, R18 +21% pull apart), once the output layer was counted for a prompt's last token
# only (0.55 had fitted the layer counted on every token). Attention reads at the same share, and the long
# prompts agree no better with another: Qwen3-14B's bursts of 4,000- and 32,000-token prompts on an H100
# (tests/fixtures/throughput_heldout.json) come out 14% and 20% fast though attention is 6% and 33% of their
# FLOPs (the gap is the bursts', not attention's), and Qwen2.5's 63,488-token prompts on A100s already fall
# behind the same model's 1-token figure (tests/fixtures/published_round3.toml: 7B +9% -> +6%, 14B +7% -> -7%).
PREFILL_MFU = 0.52
# Fixed cost of one engine step on the CPU (scheduling, launches, sampling), seconds. Fitted on R1
# (7.22 ms measured against 5.8 ms of weight streaming).
STEP_OVERHEAD_S = 1.5e-3
# Cost per sequence per step on the CPU (output processing, detokenizing, streaming), seconds. Fitted on
# the 1,000-request bursts (R3-R5), where ~1,000 sequences share every step.
SEQUENCE_OVERHEAD_S = 10e-6
# Time to first token beyond the prompt's compute (HTTP, tokenization, queueing for the next step),
# seconds. Fitted on R1 and R2 (TTFT 60 ms for a 233-token prompt that computes in ~6 ms).
REQUEST_OVERHEAD_S = 0.045
# Latency of one step of a ring all-reduce, seconds: a ring takes 2(tp - 1) steps (Patarasuk and Yuan,
# "Bandwidth optimal all-reduce algorithms", JPDC 2009). Fitted on R8 (70B TP4) and R5 (235B TP8); PCIe
# cards go through the host bridge (no fitted row: three times NVLink, an assumption).
ALLREDUCE_STEP_S = {"nvlink": 4e-6, "pcie": 12e-6}
# A burst of requests of varied lengths (ShareGPT) ends with a few long answers decoding at a small batch:
# the benchmark's throughput (tokens / makespan) over the wave the engine admits at once is this share of
# the steady state. Fitted on R3 and R4 (1,000 requests, all admitted); R5 (KV-bound) and R6, R7 (5,000
# requests, 256 slots) check the queue-fed part. Refitted at 0.362 (had been 0.35) once gpt-oss's steps carried
# their MXFP4 MoE kernels' time (Precision.moe_layer_s), 2.5-3.7% slower: the stock rows' worst error 22.0% ->
# 21.8%, their median 7.5% as before. The product never quotes a burst (tests/test_performance.py only).
BURST_EFFICIENCY = 0.362

ACTIVATION_BYTES = 2  # activations (and the all-reduced hidden states) are BF16


class Replica(msgspec.Struct, frozen=True, dict=True):  # dict: room for the derived constants
    """One copy of the model on tp x pp GPUs of one kind, as vLLM would run it."""

    arch: Architecture
    gpu: GPU
    weight_bytes: int  # all weights, at the serving precision
    embedding_bytes: int  # the input embedding table (not read by a decode step unless tied)
    expert_bytes: int  # all routed experts
    kv_bytes_per_value: float
    compute: str  # tensor-core path of the matmuls: bf16, fp8
    tp: int = 1
    pp: int = 1
    max_seqs: int = 1024  # vLLM max_num_seqs
    chunk_tokens: int = 2048  # vLLM max_num_batched_tokens (chunked prefill)
    kv_budget_bytes: int | None = None  # KV cache room per GPU; None: unlimited
    scheduler_steps: int = 1  # vLLM --num-scheduler-steps (multi-step scheduling, vLLM 0.6)
    # vLLM chunked prefill (always on in V1; in vLLM 0.6 off by default up to 32k tokens of context): off, a
    # step reads whole prompts alone and the answers wait for it (_Workload._budget)
    chunked_prefill: bool = True
    # FLOPs of the vision encoder over the images each request brings (2 per encoder parameter per token
    # it runs over, as for the language model: Kaplan et al. 2020); read at the prompt's rate.
    image_flops: float = 0.0
    # tokens every sequence starts with (a system prompt): their KV cache is held once (prefix caching)
    shared_prefix: int = 0
    # Share of the streaming rate a decode step reads the weights at through the format's dequantizing
    # kernels (Precision.decode_read_share); the KV cache is read at the full rate.
    weight_read_share: float = 1.0
    # Seconds a decode step spends in each MoE layer beyond its bytes and FLOPs, in the format's MoE kernels
    # (Precision.moe_layer_s)
    moe_layer_s: float = 0.0
    # Share of PREFILL_MFU a prompt's routed-expert matmuls run at in the format's MoE kernels
    # (Precision.moe_prefill_share)
    moe_prefill_share: float = 1.0

    @property
    def gpus(self) -> int:
        return self.tp * self.pp

    def __post_init__(self) -> None:
        # Constants of every step and prompt, worked out once (a search times thousands of steps).
        parts = self.arch.parts
        unread = 0 if self.arch.tie_embeddings else self.embedding_bytes
        if parts.per_layer_embeddings and self.arch.tie_embeddings:
            # Gemma 3n's per-layer table is a lookup too: a decode step reads one row of it per token.
            unread += self.embedding_bytes * parts.per_layer_embeddings // parts.embeddings
        # A vision encoder (extra_params, 16-bit) reads images, not the tokens a decode step makes.
        unread += self.arch.extra_params * 2
        peak = self.gpu.tflops(self.compute) * 1e12
        derived = {
            # Bytes of weights every decode step reads, whatever the batch (all GPUs of the replica).
            "_dense_decode_bytes": self.weight_bytes - unread - self.expert_bytes,
            "_peak_flops": peak,
            "_compute_params": compute_params(self.arch),
            # KV bytes per token and layer on one GPU of the tensor-parallel group.
            "_kv_layer_bytes": kv_cache.bytes_per_token_per_layer(
                self.arch, self.kv_bytes_per_value, self.tp
            ),
            # ... and in all the layers that keep the whole context, together.
            "_kv_global_bytes": kv_cache.global_bytes_per_token(self.arch, self.kv_bytes_per_value, self.tp),
            # Bytes per second a decode step streams at, per GPU.
            "_bandwidth": self.gpu.bandwidth_gb_s * 1e9 * BANDWIDTH_EFFICIENCY,
            # FLOPs per second of a decode step's matmuls, the tensor-parallel group together.
            "_decode_flops": self.tp * peak * DECODE_MFU,
            # The format's MoE kernels' fixed time per layer, every layer of a step (one micro-batch crosses all).
            "_moe_kernels": self.moe_layer_s * self.arch.moe_layers if self.arch.moe else 0.0,
            # FLOPs a prompt token's routed experts cost beyond a dense layer's rate: 2 per weight (Kaplan et al.
            # 2020), counted again as the share of the dense rate they lose in the MoE kernels.
            "_expert_prefill_extra": 2 * self.arch.parts.active_experts * (1 / self.moe_prefill_share - 1),
        }
        self.__dict__.update(derived, _workloads={}, _kv_limits={})
        # A decode step's weight bytes per GPU when they do not depend on the batch (no routed experts): a
        # search times thousands of steps.
        self.__dict__["_dense_step_bytes"] = (
            None if self.arch.moe else self.decode_bytes(1.0) / self.gpus * self.pp
        )

    def workload(self, prompt: int, output: int, history: int = 0) -> _Workload:
        """The per-request constants of a prompt/answer shape on this replica, worked out once: a replica's
        load, saturation and sustainable rate all start from them."""
        key = (prompt, output, history)
        found = self._workloads.get(key)
        if found is None:
            if len(self._workloads) >= KEPT_PER_REPLICA:
                self._workloads.clear()  # a copy kept across questions (sizing/traffic.py): bounded
            found = self._workloads[key] = _Workload(self, prompt, output, history)
        return found

    def kv_bytes_per_gpu(self, tokens: float) -> float:
        """One sequence's KV cache on one GPU, all layers (local layers capped at their window)."""
        a = self.arch
        local = min(tokens, a.window) if a.window else tokens
        return self._kv_global_bytes * tokens + self._kv_layer_bytes * a.kv_local_layers * local

    def decode_bytes(self, batch: float) -> float:
        """Weight bytes one decode step of `batch` sequences reads, all GPUs together."""
        return self._dense_decode_bytes + self.expert_bytes * experts_touched(self.arch, batch)

    def step_time(self, batch: float, kv_tokens: float) -> float:
        """Seconds of one decode step of `batch` sequences of `kv_tokens` cached tokens each, through every
        layer (one micro-batch through all pipeline stages)."""
        return self._step_time(max(batch, 1.0), *self.per_sequence(kv_tokens))

    def per_sequence(self, kv_tokens: float) -> tuple[float, float]:
        """What each sequence of `kv_tokens` cached tokens adds to a decode step: the KV cache bytes one GPU
        reads, and the FLOPs of its token through every layer."""
        return self.kv_bytes_per_gpu(kv_tokens), 2 * self._compute_params + attention_flops_per_token(
            self.arch, kv_tokens
        )

    def _step_time(self, batch: float, kv_bytes: float, flops_per_sequence: float) -> float:
        """step_time for a batch of at least one sequence, given per_sequence()."""
        per_gpu_bytes = self._dense_step_bytes  # a dense model reads the same weights whatever the batch
        if per_gpu_bytes is None:
            per_gpu_bytes = self.decode_bytes(batch) / self.gpus * self.pp
        # Weights read through dequantizing kernels count as more bytes at the same rate (the KV cache as it is).
        memory = (per_gpu_bytes / self.weight_read_share + batch * kv_bytes) / self._bandwidth
        flops = batch * flops_per_sequence
        compute = flops / self._decode_flops
        # Multi-step scheduling (vLLM 0.6 --num-scheduler-steps) pays the CPU's share once per block of steps.
        cpu = (STEP_OVERHEAD_S + SEQUENCE_OVERHEAD_S * batch) / self.scheduler_steps
        return (
            memory + compute + (self._communication(batch) if self.tp > 1 else 0.0) + cpu + self._moe_kernels
        )

    def stepper(self, kv_bytes: float, flops_per_sequence: float) -> Callable[[float], float]:
        """_step_time for one per_sequence() as a function of the batch alone (of at least one sequence), its
        constants bound once: a search's bisections time thousands of steps of one shape. A dense model's
        step is written out with the same operations in the same order, so it gives the same floats.
        The constants are the functions' defaults (never passed: the callers give the batch alone), not closure
        cells: a copy lives across questions (sizing/traffic.py) with the steppers of its prompt shapes, and
        every cell (and a closure's tuple of them) is one more object the garbage collector walks at each pass,
        ~8 a function, where a tuple of numbers is untracked; defaults are read as fast as cells, keyword-only
        ones were not (a dict lookup each per call)."""
        dense = self._dense_step_bytes
        if dense is None:

            def any_step(
                batch: float, step_time=self._step_time, kv=kv_bytes, flops=flops_per_sequence
            ) -> float:
                return step_time(batch, kv, flops)

            return any_step
        dense = dense / self.weight_read_share  # as _step_time reads weights through dequantizing kernels
        if self.tp == 1:

            def step(
                batch: float,
                dense=dense,
                kv_bytes=kv_bytes,
                bandwidth=self._bandwidth,
                steps=self.scheduler_steps,
                flops_per_sequence=flops_per_sequence,
                decode_flops=self._decode_flops,
            ) -> float:
                memory = (dense + batch * kv_bytes) / bandwidth
                cpu = (STEP_OVERHEAD_S + SEQUENCE_OVERHEAD_S * batch) / steps
                return memory + batch * flops_per_sequence / decode_flops + cpu

            return step

        # _communication's terms that do not depend on the batch
        def parallel_step(
            batch: float,
            dense=dense,
            kv_bytes=kv_bytes,
            bandwidth=self._bandwidth,
            steps=self.scheduler_steps,
            reduces=self.arch.tp_all_reduces,
            latency=2 * (self.tp - 1) * ALLREDUCE_STEP_S[self.gpu.interconnect],
            share=2 * (self.tp - 1) / self.tp,
            hidden=self.arch.hidden_size,
            link=self.gpu.interconnect_gb_s / 2 * 1e9,
            flops_per_sequence=flops_per_sequence,
            decode_flops=self._decode_flops,
        ) -> float:
            memory = (dense + batch * kv_bytes) / bandwidth
            cpu = (STEP_OVERHEAD_S + SEQUENCE_OVERHEAD_S * batch) / steps
            communication = reduces * (latency + share * (batch * hidden * ACTIVATION_BYTES) / link)
            return memory + batch * flops_per_sequence / decode_flops + communication + cpu

        return parallel_step

    def _communication(self, batch: float) -> float:
        """Two all-reduces per layer under tensor parallelism (attention and MLP outputs; a NAS-built layer only
        for the blocks it has: Architecture.tp_all_reduces. Megatron-LM:
        Shoeybi et al. 2019, arXiv:1909.08053), each a latency plus a ring's 2(tp-1)/tp of the message."""
        if self.tp == 1:
            return 0.0
        message = batch * self.arch.hidden_size * ACTIVATION_BYTES
        ring = 2 * (self.tp - 1) / self.tp * message / (self.gpu.interconnect_gb_s / 2 * 1e9)
        latency = 2 * (self.tp - 1) * ALLREDUCE_STEP_S[self.gpu.interconnect]
        return self.arch.tp_all_reduces * (latency + ring)

    def prefill_work(self, prompt: int, history: int = 0) -> float:
        """Seconds of GPU compute a prompt adds to the steps it shares with other sequences (the weights are
        streamed for the whole batch anyway), through every layer."""
        flops = prefill_flops(self.arch, prompt, self._compute_params, history) + self.image_flops
        flops += self._expert_prefill_extra * prompt
        return flops / (self.tp * self._peak_flops * PREFILL_MFU)

    def prefill_time(self, prompt: int, history: int = 0) -> float:
        """Seconds to read a prompt alone: its compute, or streaming the weights once per chunk when that is
        longer (short prompts on big models)."""
        return self._prefill_time(prompt, self.prefill_work(prompt, history))

    def _prefill_time(self, prompt: int, work: float) -> float:
        """prefill_time, given the prompt's prefill_work."""
        chunks = math.ceil(prompt / self.chunk_tokens)
        stream = self.decode_bytes(min(prompt, self.chunk_tokens)) / self.tp
        weights = chunks * stream / self.weight_read_share / self._bandwidth
        return max(work, weights)

    def kv_limit(self, context: int) -> int:
        """Sequences of `context` tokens whose KV cache fits (vLLM's max_num_seqs caps it too)."""
        found = self._kv_limits.get(context)
        if found is None:
            if len(self._kv_limits) >= KEPT_PER_REPLICA:
                self._kv_limits.clear()
            found = self._kv_limits[context] = self._kv_limit(context)
        return found

    def _kv_limit(self, context: int) -> int:
        if self.kv_budget_bytes is None:
            return self.max_seqs
        per_seq = kv_cache.sequence_bytes(self.arch, context, self.kv_bytes_per_value, self.tp, self.pp)
        budget = self.kv_budget_bytes
        if self.shared_prefix:
            # The shared prefix's blocks once, then each sequence's own part.
            shared = kv_cache.shared_prefix_bytes(
                self.arch, self.shared_prefix, context, self.kv_bytes_per_value, self.tp, self.pp
            )
            budget, per_seq = budget - shared, per_seq - shared
        return min(self.max_seqs, int(max(budget, 0) // max(per_seq, 1)))


def replica(
    arch: ModelEntry,
    precision: Precision,
    gpu: GPU,
    catalog: Catalog,
    *,
    tp: int = 1,
    pp: int = 1,
    kv_bytes_per_value: float = 2,
    max_seqs: int = 1024,
    chunk_tokens: int = 2048,
    memory_utilization: float = 0.9,
    scheduler_steps: int = 1,
    chunked_prefill: bool = True,
    profiled_seqs: int | None = None,
    reserved_bytes: int = 0,
    image_flops: float = 0.0,
    shared_prefix: int = 0,
) -> Replica:
    """A replica as vLLM would start it: the KV cache gets what its start-up accounting leaves
    (sizing/serving.py), the sampler's workspace profiled for `profiled_seqs` (default max_seqs), and
    `reserved_bytes` more per GPU held before it (vLLM's reserve for encoding images: sizing/images.py)."""
    w = weight_bytes(arch, precision, catalog)
    if precision.gguf:  # llama.cpp's per-tensor mixture: its average is close enough here
        embedding_bits = expert_bits = w.bits_per_weight
    else:
        kept = "embeddings" in w.kept_parts
        embedding_bits = precision.unquantized_bits if kept else precision.bits_per_weight
        expert_bits = precision.bits_per_weight
    fixed = (
        math.ceil(w.bytes * arch.weight_stage(pp)[0] / (tp * arch.weight_stage(pp)[1]))
        + serving.activation_peak(arch, chunk_tokens, profiled_seqs or max_seqs, tp)
        + serving.overhead(tp * pp)
        + reserved_bytes
    )
    # FP8's MoE costs were measured on FP8 tensor cores (vLLM's W8A8 path: precisions.toml); a GPU without them
    # runs FP8 weights through vLLM's weight-only Marlin kernels into BF16 matmuls, so BF16's MoE costs stand.
    weight_only = precision.compute == "fp8" and not gpu.fp8_dense_tflops
    moe_kernels = catalog.precision("bf16") if weight_only else precision
    return Replica(
        arch=arch,
        gpu=gpu,
        weight_bytes=w.bytes,
        embedding_bytes=int(arch.parts.embeddings * embedding_bits / 8),
        expert_bytes=int(arch.parts.experts * expert_bits / 8),
        kv_bytes_per_value=kv_bytes_per_value,
        compute=precision.compute,
        tp=tp,
        pp=pp,
        max_seqs=max_seqs,
        chunk_tokens=chunk_tokens,
        kv_budget_bytes=int(gpu.memory_bytes * memory_utilization) - fixed,
        scheduler_steps=scheduler_steps,
        chunked_prefill=chunked_prefill,
        image_flops=image_flops,
        shared_prefix=shared_prefix,
        weight_read_share=precision.decode_read_share,
        moe_layer_s=moe_kernels.moe_layer_s,
        moe_prefill_share=moe_kernels.moe_prefill_share,
    )


def compute_params(a: Architecture) -> int:
    """Parameters a token multiplies by: the active ones, less the input embedding, a lookup (a tied table
    is the output matrix too, and counts once; Gemma 3n's per-layer table is a lookup whatever the tying),
    and less a vision encoder, which reads images, not text."""
    p = a.parts
    lookup = p.embeddings if not a.tie_embeddings else p.per_layer_embeddings
    return a.active_params - lookup - a.extra_params


def experts_touched(a: Architecture, batch: float) -> float:
    """Expected share of routed experts a decode batch touches, with uniform routing: 1 - (1 - k/E)^batch."""
    if not a.moe:
        return 1.0
    k, e = a.moe.experts_per_token, a.moe.experts
    return 1 - (1 - k / e) ** max(batch, 1.0)


def _head_dims(a: Architecture) -> tuple[int, int]:
    """Query-key and value widths of one attention head. MLA (DeepSeek) attends with 128 + 64 wide keys and
    128 wide values (DeepSeek-V2 paper, arXiv:2405.04434, section 2.1), not hidden / heads."""
    if a.mla:
        return a.mla.qk_nope_head_dim + a.mla.qk_rope_head_dim, a.mla.v_head_dim
    # DeepSeek-V4 attends with its 512-wide latent as both key and value: head_dim each.
    return a.dim_per_head, a.dim_per_head


def _compressed_keys(a: Architecture, context: float) -> float:
    """DeepSeek-V4: keys one new token's query reads over `context` cached tokens, all layers together, in
    units of a key of the attention heads. Every layer reads its window; a C layer also the index_topk
    compressed entries its indexer picks, after the indexer scored every entry with its own heads (their
    FLOPs counted as keys of the same cost); an H layer every one of its entries (vLLM
    deepseek_v4_attention.py)."""
    c = a.compressed
    assert c is not None
    d_qk, d_v = _head_dims(a)
    window = min(context, a.window)
    indexer = c.index_n_heads * c.index_head_dim / (a.num_heads * (d_qk + d_v))
    csa = min(context / c.csa_ratio, c.index_topk) + context / c.csa_ratio * indexer
    return a.num_layers * window + a.csa_layers * csa + a.hca_layers * context / c.hca_ratio


def _full_width(a: Architecture) -> float:
    """How much wider a full-attention layer's heads are than the others' (Gemma 4: 512 against 256), which
    scales its attention FLOPs per key."""
    return a.full_head_dim / a.dim_per_head if a.uneven_heads and not a.mla else 1.0


def attention_flops_per_token(a: Architecture, context: float) -> float:
    """FLOPs of attention for one new token over `context` cached tokens: QK^T and AV, 2 FLOPs per
    multiply-add, local layers capped at their window."""
    d_qk, d_v = _head_dims(a)
    local = min(context, a.window) if a.window else context
    keys = a.global_layers * context * _full_width(a) + a.local_layers * local
    if a.compressed:
        keys = _compressed_keys(a, context)
    return 2 * a.num_heads * (d_qk + d_v) * keys


def output_head_params(a: Architecture) -> int:
    """Weights of the output layer (vocabulary x hidden; a tied one is the embedding table itself)."""
    return a.vocab_size * a.hidden_size


def prefill_flops(a: Architecture, prompt: int, params: int | None = None, history: int = 0) -> float:
    """FLOPs to read a prompt after `history` cached tokens: 2 per parameter per new token, plus causal
    attention. New token i attends to history + i keys in a global layer and to min(history + i, window) in
    a local one. The output layer runs for the prompt's last token only: vLLM computes logits only where it
    samples (vllm/v1/worker/gpu_model_runner.py, logits_indices: one per request; V0's logits processor,
    _prune_hidden_states, the same), so a prompt's other tokens skip its vocabulary x hidden multiply-adds
    (2-8% of a 7-70B model's compute, 10-15% of Qwen2.5 3B/1.5B's with their 151,936-token vocabulary, 28-30%
    of Qwen2.5 0.5B's and Gemma 3 1B's)."""
    params = compute_params(a) if params is None else params
    head = min(output_head_params(a), params)
    d_qk, d_v = _head_dims(a)
    p, h = prompt, history
    global_keys = p * h + p * (p + 1) / 2
    if a.window and h + p > a.window:
        w = a.window
        below = max(min(w - h, p), 0)  # new tokens that still see fewer than `window` keys
        local_keys = below * h + below * (below + 1) / 2 + (p - below) * w
    else:
        local_keys = global_keys
    keys = a.global_layers * global_keys * _full_width(a) + a.local_layers * local_keys
    if a.compressed:
        # The keys read grow with the context, capped in parts: the new tokens read about what the middle
        # one does (midpoint rule).
        keys = p * _compressed_keys(a, h + (p + 1) / 2)
    return 2 * (params - head) * p + 2 * head + 2 * a.num_heads * (d_qk + d_v) * keys


class Load(msgspec.Struct, frozen=True):
    """A replica's steady state at some load."""

    concurrency: float  # sequences in flight (prefill or decode)
    rate: float  # requests per second completed
    ttft_s: float
    tpot_s: float
    output: int  # tokens per answer
    sustainable: bool = True

    @property
    def output_tokens_per_s(self) -> float:
        return self.rate * self.output


# The most prompt shapes a replica keeps, and steady states and sustainable rates a shape keeps: a replica
# lives across questions (sizing/traffic.py), and every question may ask it at rates of its own. At most
# 64 x 128 small Loads per copy (about a megabyte), for each of traffic.py's 2,048 copies kept at most.
KEPT_PER_REPLICA = 64


class _Workload:
    """The per-request constants of one replica serving one prompt/answer shape."""

    __slots__ = ("_at_rate", "_max_rate", "_per_sequence", "_rate", "_step", "alone", "budget_rate", "budget_step",
                 "chunks", "history", "output", "prompt", "r", "work")  # fmt: skip

    def __init__(self, r: Replica, prompt: int, output: int, history: int = 0) -> None:
        self.r = r
        self.prompt = prompt  # new tokens the request brings
        self.output = output
        self.history = history  # tokens of the conversation already in the KV cache (prefix caching)
        # Prefill seconds per request, per pipeline stage (the stages share a prompt's work).
        work = r.prefill_work(prompt, history)
        self.work = work / r.pp
        self.alone = r._prefill_time(prompt, work)
        self.chunks = math.ceil(prompt / r.chunk_tokens)
        # On average a sequence is halfway through its answer.
        self._per_sequence = r.per_sequence(history + prompt + output / 2)
        self._step = r.stepper(*self._per_sequence)
        self.budget_rate = math.inf  # rate_at unbounded while _budget asks it
        self.budget_rate, self.budget_step = self._budget()
        self._rate = self._rates()
        # at_rate's steady states by (rate, KV limit): a sizing asks the same copy at the same rate from the
        # planner, the launch figures and the first-token checks (about half of its searches were repeats)
        self._at_rate: dict[tuple[float, int], Load] = {}
        # max_rate's edges by (KV limit, targets): each search, capacity and figure of a setup asks again
        self._max_rate: dict[tuple, float] = {}

    def step(self, concurrency: float) -> float:
        return self._step(max(concurrency / self.r.pp, 1.0))

    def _budget(self) -> tuple[float, float]:
        """(the most requests a second the replica completes when prompts wait for room in its steps, the mean
        step then). vLLM fills a step up to max_num_batched_tokens (chunk_tokens, C): the running sequences'
        tokens first, then chunks of waiting prompts in what the budget leaves (vLLM 0.6 vllm/core/scheduler.py
        _schedule_chunked_prefill: "schedule as many decoding requests as possible", then chunked prefills, then
        new prefills, each chunk cut to remaining_token_budget(); V1 vllm/v1/core/sched/scheduler.py schedule():
        the RUNNING requests first, then the WAITING ones, num_new_tokens capped at token_budget), so a step never
        carries more prompt than the budget leaves, and prompts beyond it wait for their first token instead of
        stretching the answers' steps. With the budget full, B sequences decode and C - B prompt tokens are read
        a step; prompts start as fast as answers end (B / output = (C - B) / prompt), so B = C x output /
        (prompt + output), the step is step(B) plus the compute of C - B prompt tokens, and B / (output x step)
        requests end a second. Below that rate the budget is never full, and the steady state is
        Load.latencies' (at that rate both give the same step).
        Where the engine holds fewer than B sequences (the KV cache or max_num_seqs: `slots`), an answer that
        ends frees one slot for one prompt, read in chunks of what the other slots' answers leave of the
        budget, C - (slots - 1) tokens, each chunk step as long as step(slots - 1) plus that chunk's compute, the
        steps between reads decoding all the slots: per completion, c = prompt / (C - slots + 1) chunk steps
        and d = (output - c (slots - 1)) / slots decode steps (d >= 0 as slots <= B), so one request ends every
        c x chunk step + d x step(slots) per slot, and an answer's tokens wait, on average, (c (slots - 1) x chunk
        step + d slots x step(slots)) / output; a slot holds each request for REQUEST_OVERHEAD_S, its chunk
        steps and its answer (Little's law gives the rate). A prompt read alongside few answers is what slows
        them there, not the whole load's prompts shared over every step; where Load.latencies' sharing
        completes fewer requests, it stays the bound.
        Pipeline stages: every micro-batch (vLLM V0: a scheduler per virtual engine; V1: a scheduled batch per
        stage in flight) has a budget of its own, so each carries its share of the sequences, a step is one
        micro-batch through every stage (with a prompt's whole compute), and pp of them run at once.
        (inf, 0) with chunked prefill off (vLLM 0.6's _schedule_default: a step with prompts schedules no
        decodes, "Don't schedule decodes if prefills are scheduled"), the answers waiting for every prompt:
        Load.latencies' sharing of the GPU is that schedule already."""
        r, prompt, output = self.r, self.prompt, self.output
        if not r.chunked_prefill or prompt <= 0 or output <= 0:
            return math.inf, 0.0
        pp, budget = r.pp, r.chunk_tokens
        per_token = self.work * pp / prompt  # a prompt token's compute through every stage
        decoding = budget * output / (prompt + output)  # in one micro-batch
        slots = max(r.kv_limit(self.history + prompt + output) / pp, 1.0)
        if decoding <= slots:
            step = self._step(max(decoding, 1.0)) + (budget - decoding) * per_token
            # With every slot busy the budget is full: never more requests a second than the slots' own loop
            # completes (its requests' fixed overhead included), so a saturated copy answers at this step.
            return min(pp * decoding / (output * step), self.rate_at(slots * pp, closed=True)), step
        others = slots - 1
        chunk = budget - others
        reads = prompt / chunk
        decodes = (output - reads * others) / slots
        read_step = self._step(max(others, 1.0)) + chunk * per_token
        full_step = self._step(slots)
        tpot = (reads * others * read_step + decodes * slots * full_step) / output
        # Each slot holds a request for its fixed overhead, its prompt's chunk steps and its answer (Little's law).
        return pp * slots / (REQUEST_OVERHEAD_S + reads * read_step + output * tpot), tpot

    def others(self, concurrency: float, closed: bool) -> float:
        """The prefill work per request, in seconds, that stretches a request's steps: the other requests'.
        Under Poisson arrivals the others still arrive at the whole rate (PASTA: Wolff, Operations Research
        30(2), 1982); in a closed loop of N users only N - 1 are others, and a user's own prompt is read
        before its answer, never during it (one user alone decodes at the step's pace: Qwen2.5 Speed
        Benchmark, batch 1, tests/fixtures/published_round3.toml)."""
        if not closed:
            return self.work
        return self.work * max(concurrency - 1, 0.0) / concurrency if concurrency > 0 else 0.0

    def latencies(
        self, concurrency: float, rate: float, step: float | None = None, closed: bool = False
    ) -> tuple[float, float]:
        """TTFT and TPOT with `concurrency` in flight and `rate` arrivals (`step`: step(concurrency), when
        known; `closed`: a closed loop of `concurrency` users). Prefill chunks ride in the decode steps (vLLM
        chunked prefill): the other prompts' share of GPU time stretches every step; with multi-step
        scheduling a request joins the batch only between blocks of steps."""
        if rate >= self.budget_rate:
            if rate > self.budget_rate * (1 + 1e-9):
                return math.inf, math.inf  # more than the full steps complete: the queue grows without bound
            # Every step full (_budget): the answers decode at its step, the prompts that do not fit wait for a
            # first token, as long as Little's law says the requests in flight beyond them take.
            tpot = self.budget_step
            return max(concurrency / rate - self.output * tpot, REQUEST_OVERHEAD_S + self.alone), tpot
        free = 1 - rate * self.others(concurrency, closed)
        if free <= 0:
            return math.inf, math.inf
        step = self.step(concurrency) if step is None else step
        wait = (self.r.scheduler_steps - 1) / 2 * step
        ttft = REQUEST_OVERHEAD_S + wait + (self.alone + self.chunks * step) / free
        return ttft, step / free

    def rate_at(self, concurrency: float, step: float | None = None, closed: bool = False) -> float:
        """Requests per second completed with `concurrency` always in flight (`step`: step(concurrency), when
        known; `closed`: a closed loop of `concurrency` users, whose own prompts do not stretch their steps)."""
        if not closed:
            return self._rate(concurrency, step)
        step = self.step(concurrency) if step is None else step
        a = REQUEST_OVERHEAD_S + (self.r.scheduler_steps - 1) / 2 * step
        w, n = self.others(concurrency, closed), concurrency
        b = a + (self.alone + (self.chunks + self.output) * step) + n * w
        if a * w <= 0:
            return min(n / b, self.budget_rate)
        return min((b - math.sqrt(max(b * b - 4 * a * w * n, 0.0))) / (2 * a * w), self.budget_rate)

    def _rates(self) -> Callable[[float, float | None], float]:
        """rate_at with the workload's constants bound once: the bisections call it thousands of times. Little's
        law, N = rate x (TTFT + output x TPOT), with the prefill share 1 - rate x w in both latencies (w:
        others(), the whole work under arrivals at a rate), is a quadratic in the rate:
        A w rate^2 - (A + K + N w) rate + N = 0, A the fixed part of TTFT, K the stretched part plus the answer;
        its smaller root keeps the share below 1."""

        # (the constants as stepper's: defaults, never passed, and no cells for the collector to walk)
        def rate_at(
            n: float,
            step: float | None = None,
            step_of=self._step,
            pp=self.r.pp,
            waits=(self.r.scheduler_steps - 1) / 2,
            alone=self.alone,
            steps_each=self.chunks + self.output,
            w=self.work,
            most=self.budget_rate,  # prompts beyond the step's token budget wait: _budget
        ) -> float:
            if step is None:
                step = step_of(max(n / pp, 1.0))
            a = REQUEST_OVERHEAD_S + waits * step
            b = a + (alone + steps_each * step) + n * w
            if a * w <= 0:
                return min(n / b, most)
            return min((b - math.sqrt(max(b * b - 4 * a * w * n, 0.0))) / (2 * a * w), most)

        return rate_at

    def load(self, concurrency: float, rate: float, sustainable: bool = True, closed: bool = False) -> Load:
        ttft, tpot = self.latencies(concurrency, rate, closed=closed)
        return Load(concurrency, rate, ttft, tpot, self.output, sustainable and math.isfinite(tpot))


def at_concurrency(r: Replica, prompt: int, output: int, concurrency: float, history: int = 0) -> Load:
    """A closed loop: `concurrency` requests always in flight (a benchmark's --max-concurrency)."""
    w = r.workload(prompt, output, history)
    return w.load(concurrency, w.rate_at(concurrency, closed=True), closed=True)


def at_rate(
    r: Replica,
    prompt: int,
    output: int,
    rate: float,
    context: int | None = None,
    history: int = 0,
    held: float = 0.0,
    held_rate: float = 0.0,
) -> Load:
    """An open loop: requests arrive at `rate` per second; the conversations in flight follow (Little's
    law), found where the closed loop's completion rate equals the arrival rate (it grows with the
    concurrency). `held`: conversations always open beside it (users at once, whose back-to-back requests
    are `held_rate` of the rate): never fewer in flight than they plus what the rest of the rate keeps, for
    the setup runs faster than the latency their rate was worked out at, and Little's law alone had then
    left some of them without a slot."""
    w = r.workload(prompt, output, history)
    limit = max(r.kv_limit(context or history + prompt + output), 1)
    found = _kept_at_rate(w, rate, limit)
    if held > 0:
        floor = held + _kept_at_rate(w, max(rate - held_rate, 0.0), limit).concurrency
        if floor > found.concurrency:
            found = w.load(floor, rate, sustainable=found.sustainable and floor <= limit)
    return found


def _kept_at_rate(w: _Workload, rate: float, limit: int) -> Load:
    """_at_rate, once per workload, rate and KV cache."""
    found = w._at_rate.get((rate, limit))
    if found is None:
        if len(w._at_rate) >= KEPT_PER_REPLICA:
            w._at_rate.clear()
        found = w._at_rate[(rate, limit)] = _at_rate(w, rate, limit)
    return found


def _at_rate(w: _Workload, rate: float, limit: int) -> Load:
    """at_rate on a workload, for a KV cache of `limit` sequences."""
    if rate <= 0:
        return w.load(0.0, 0.0)
    if rate * w.work >= 1 or w.rate_at(limit) < rate:
        return w.load(limit, rate, sustainable=False)  # more than the replica completes: the queue grows
    lo, hi = 0.0, float(limit)
    rate_at = w._rate
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if rate_at(mid) < rate else (lo, mid)
        if hi - lo <= 1e-4 * hi:
            break
    return w.load(hi, rate)


def queued_first_token(
    r: Replica, prompt: int, output: int, rate: float, history: int = 0
) -> tuple[float, float]:
    """(the share of requests that arrive while another's prompt is being read, their mean first token) at
    `rate` arrivals a second. vLLM reads prompts first come, first served within its token budget: a request
    partway through its prompt is scheduled before the waiting ones (chunked prefill, vLLM docs "Optimization
    and Tuning"; V1 scheduler, running requests first), so a request that arrives during a long prompt's
    read waits for the rest of it. That read, S = the prompt's compute plus one engine step per chunk, is
    the same for every request: the prefill lane is an M/D/1 queue. With Poisson arrivals a share rho =
    rate x S of them find it busy (PASTA: Wolff, Operations Research 30(2), 1982), and the mean wait over all
    is rho S / (2 (1 - rho)) (Pollaczek-Khinchine, deterministic service), so those that wait, wait
    S / (2 (1 - rho)) on average: half a read when reads are rare, more as they crowd. (1.0, inf) when reads
    alone fill the lane. A prompt of one chunk or less waits for none: the engine packs several such prompts
    into one step's budget, and the mean first token (Load) already counts them sharing it: (0.0, its read)."""
    w = r.workload(prompt, output, history)
    load = at_rate(r, prompt, output, rate, history=history)
    read = w.alone + w.chunks * w.step(load.concurrency)
    if w.chunks <= 1:
        return 0.0, REQUEST_OVERHEAD_S + read
    busy = rate * read
    if busy >= 1:
        return 1.0, math.inf
    return busy, REQUEST_OVERHEAD_S + read + read / (2 * (1 - busy))


def saturated(r: Replica, prompt: int, output: int, context: int | None = None, history: int = 0) -> Load:
    """Every slot busy: as many sequences as vLLM admits (max_num_seqs, or the KV cache when smaller)."""
    slots = max(r.kv_limit(context or history + prompt + output), 1)
    return at_concurrency(r, prompt, output, slots, history)


def end_to_end(ttft: float, tpot: float, output: int) -> float:
    """Seconds for a whole answer: the first token, then the others one TPOT apart (vLLM's benchmark defines
    TPOT as (latency - TTFT) / (output tokens - 1))."""
    return ttft + max(output - 1, 0) * tpot


def max_rate(
    r: Replica,
    prompt: int,
    output: int,
    ttft_target: float | None,
    tpot_target: float | None,
    context: int | None = None,
    history: int = 0,
    e2e_target: float | None = None,
) -> float:
    """Highest arrival rate the replica sustains within the latency targets (0 when even a lone request
    misses them). Latencies grow with the conversations in flight, so the edge is found on those."""
    w = r.workload(prompt, output, history)
    limit = max(r.kv_limit(context or history + prompt + output), 1)
    key = (limit, ttft_target, tpot_target, e2e_target)
    found = w._max_rate.get(key)
    if found is None:
        if len(w._max_rate) >= KEPT_PER_REPLICA:
            w._max_rate.clear()
        found = w._max_rate[key] = _max_rate(w, output, limit, ttft_target, tpot_target, e2e_target)
    return found


def _max_rate(
    w: _Workload,
    output: int,
    limit: int,
    ttft_target: float | None,
    tpot_target: float | None,
    e2e_target: float | None,
) -> float:
    """max_rate on a workload, for a KV cache of `limit` sequences."""

    step_of, pp, rate_at = w._step, w.r.pp, w._rate

    def ok(concurrency: float) -> bool:
        step = step_of(max(concurrency / pp, 1.0))
        ttft, tpot = w.latencies(concurrency, rate_at(concurrency, step), step)
        return (
            (ttft_target is None or ttft <= ttft_target)
            and (tpot_target is None or tpot <= tpot_target)
            and (e2e_target is None or end_to_end(ttft, tpot, output) <= e2e_target)
        )

    lo = 1e-3
    if not ok(lo):
        return 0.0
    hi = float(limit)
    if ok(hi):
        return w.rate_at(hi)
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
        if hi - lo <= 2e-3 * hi:
            break
    return w.rate_at(lo)


def generation_round(r: Replica, prompt: int, completion: int, seqs: int) -> float:
    """Seconds for the replica to generate `seqs` completions started together, as an RL trainer asks for
    its rollouts (TRL's GRPOTrainer hands vLLM the whole generation batch, then trains): the prompts'
    prefill, then `completion` decode steps at a batch of `seqs`. The round lasts as long as its longest
    completion, so this is its time when any reaches `completion` tokens (sequences that stop early leave
    the steps, which are mostly the weights' read, about as long)."""
    prefill = r._prefill_time(seqs * prompt, seqs * r.prefill_work(prompt))
    return REQUEST_OVERHEAD_S + prefill + completion * r.step_time(seqs, prompt + completion / 2)


def burst(r: Replica, prompt: int, output: int, requests: int, context: int | None = None) -> Load:
    """`requests` sent at once (a benchmark's burst). The engine admits as many as it has slots for; the
    rest wait. Its throughput is the steady state's while the queue feeds it, and BURST_EFFICIENCY of it
    for the last wave, which drains as answers of varied lengths finish."""
    slots = max(r.kv_limit(context or prompt + output), 1)
    running = min(requests, slots)
    steady = at_concurrency(r, prompt, output, running)
    waves = max(requests - running, 0) + running / BURST_EFFICIENCY
    return Load(running, steady.rate * requests / waves, steady.ttft_s, steady.tpot_s, output)


# -- several models on the same GPUs ------------------------------------------------------------------
# Models served together on one GPU run as separate vLLM servers, each its own process and CUDA context: with
# no MPS the GPU runs one context's kernels at a time (NVIDIA, "Multi-Process Service", section 1.1: without
# MPS, kernels of different processes are time-sliced, never concurrent). A decode step of one server then
# waits for the step another is running: each server's step is stretched by the others' steps, as long as they
# have sequences in flight; the prompts of all of them share the GPU's compute as one server's prompts do
# (Load.latencies above).


class Tenant(msgspec.Struct, frozen=True):
    """One copy of one model on GPUs it may share with copies of other models: its replica, the shape of its
    requests, the GPUs it runs on (numbers of the machine's), and its load: requests arriving at `rate` per
    second, or `concurrency` always in flight (users generating together) when rate is None."""

    replica: Replica
    prompt: int
    output: int
    gpus: frozenset[int]
    history: int = 0
    rate: float | None = None
    concurrency: float = 0.0


# Rounds of the fixed point below before a load that keeps growing is called unsustainable.
SHARED_ROUNDS = 200


def time_shared(tenants: list[Tenant]) -> list[Load]:
    """Each tenant's steady state with the others on the GPUs it shares with them. One tenant's decode step
    waits, each time, for the steps of the tenants sharing a GPU with it that are busy: a closed loop's always
    (its users are generating), an open loop's with probability 1 - e^-N, N its requests in flight (with
    Poisson arrivals and no queue the number in flight is Poisson: the M/G/inf queue, Kleinrock, "Queueing
    Systems" vol. 1, section 4.8). The prompts of all of them take their share of the GPU's time. Under a rate,
    the requests in flight follow by Little's law (as at_rate), found by iterating from each tenant alone
    (every round can only lengthen the steps, so it climbs to the least fixed point, or past any bound: a load
    the GPUs cannot carry, returned unsustainable). A tenant that shares nothing gets what it gets alone."""
    works = [t.replica.workload(t.prompt, t.output, t.history) for t in tenants]
    closed = [t.rate is None for t in tenants]
    rates = [
        w.rate_at(t.concurrency, closed=t.rate is None) if t.rate is None else t.rate
        for t, w in zip(tenants, works, strict=True)
    ]
    neighbours = [
        [j for j, other in enumerate(tenants) if j != i and other.gpus & t.gpus]
        for i, t in enumerate(tenants)
    ]
    # A tenant's own prompts stretch its steps as they do alone (_Workload.others: of N users at once, N - 1
    # are others); every prompt of a tenant beside it is another's.
    own = [w.others(t.concurrency, t.rate is None) for t, w in zip(tenants, works, strict=True)]
    free = [1 - rates[i] * own[i] - sum(rates[j] * works[j].work for j in near)
            for i, near in enumerate(neighbours)]  # fmt: skip
    concurrency = [
        t.concurrency if t.rate is None else at_rate(t.replica, t.prompt, t.output, t.rate, history=t.history).concurrency
        for t in tenants
    ]  # fmt: skip

    def budgeted(i: int, steps: list[float]) -> tuple[float, float]:
        """(the tenant's step with its own token budget full, the most requests a second it then completes).
        Each server has its own max_num_batched_tokens (_Workload._budget): full, its steps carry its decoding
        answers and the prompt chunks the budget leaves, and wait, as any step of it, for the neighbours' steps;
        the neighbours' prompts still take their share of the GPU. Its rate scales with that longer step."""
        w = works[i]
        busy = [1.0 if closed[j] else 1 - math.exp(-concurrency[j]) for j in range(len(tenants))]
        round_ = w.budget_step + sum(busy[j] * steps[j] for j in neighbours[i])
        step = round_ / (free[i] + rates[i] * own[i])
        return step, w.budget_rate * w.budget_step / step if step > 0 else math.inf

    def latencies(i: int, steps: list[float]) -> tuple[float, float]:
        busy = [1.0 if closed[j] else 1 - math.exp(-concurrency[j]) for j in range(len(tenants))]
        round_ = steps[i] + sum(busy[j] * steps[j] for j in neighbours[i])
        w = works[i]
        if not closed[i] and math.isfinite(w.budget_rate):
            step, most = budgeted(i, steps)
            if rates[i] >= most:
                # As alone (_Workload.latencies): the answers decode at the budget's step, the prompts that do
                # not fit wait, as long as Little's law says the requests in flight beyond them take.
                ttft = max(concurrency[i] / rates[i] - w.output * step, REQUEST_OVERHEAD_S + w.alone)
                return ttft, step
        ttft = REQUEST_OVERHEAD_S + (w.alone + w.chunks * round_) / free[i]
        return ttft, round_ / free[i]

    def within_budget(i: int, steps: list[float]) -> bool:
        return (
            closed[i]
            or not math.isfinite(works[i].budget_rate)
            or rates[i] <= budgeted(i, steps)[1] * (1 + 1e-9)
        )

    if any(f <= 0 for f in free):
        return [works[i].load(concurrency[i], rates[i], sustainable=False) for i in range(len(tenants))]
    limits = [max(t.replica.kv_limit(t.history + t.prompt + t.output), 1) for t in tenants]
    for _ in range(SHARED_ROUNDS):
        steps = [w.step(c) for w, c in zip(works, concurrency, strict=True)]
        timed = [latencies(i, steps) for i in range(len(tenants))]
        grown = [
            concurrency[i] if closed[i] else rates[i] * (ttft + works[i].output * tpot)
            for i, (ttft, tpot) in enumerate(timed)
        ]
        settled = all(abs(g - c) <= 1e-4 * max(c, 1e-3) for g, c in zip(grown, concurrency, strict=True))
        concurrency = grown
        if any(c > limit for c, limit in zip(concurrency, limits, strict=True)):
            break
        if settled:
            # A closed loop completes its users' requests at the pace sharing leaves them (Little's law); its
            # prompts' share above was counted at its pace alone, the most it can be.
            done = [
                concurrency[i] / (ttft + works[i].output * tpot) if closed[i] else rates[i]
                for i, (ttft, tpot) in enumerate(timed)
            ]
            # A rate past what a tenant's token budget completes among the others leaves a queue that grows.
            return [
                Load(concurrency[i], done[i], ttft, tpot, works[i].output, within_budget(i, steps))
                for i, (ttft, tpot) in enumerate(timed)
            ]
    steps = [w.step(c) for w, c in zip(works, concurrency, strict=True)]
    return [
        Load(concurrency[i], rates[i], *latencies(i, steps), works[i].output, sustainable=False)
        for i in range(len(tenants))
    ]
