"""GPU setups: how a workload lands on N GPUs of one kind, and the smallest setup that serves it.

"Serves" means the per-GPU need (weights, KV cache of every conversation, activations, overhead; or the
training states) fits in the memory the engine may use: total x utilization. The rest is the margin.
"""

from __future__ import annotations

import math

import msgspec

from . import i18n, images, kv_cache, layouts, serving, speech, training
from .catalog import GPU, Budget, Catalog, ModelEntry, Offer, Precision
from .memo import current, shared
from .memo import one_sizing as one_sizing  # engine.size opens the memo through this module
from .plan import Plan, contract_mode
from .result import Memory, Setup
from .weights import engine_padding, engine_weight_bytes, weight_bytes
from .workload import Method

# More conversations than any setup holds: the most a search for them is asked to find.
MOST_USERS = 10**7


class Shape(msgspec.Struct, frozen=True):
    gpu: GPU
    count: int  # GPUs per server
    servers: int = 1
    in_offering: bool = True
    offer: Offer | None = None

    @property
    def total(self) -> int:
        return self.count * self.servers


# Splits by model, precision, GPU and shape: a split reads nothing else, and every search asks it of each shape it
# passes, for the models of earlier questions too. Bounded: it starts over when full. No lock: a race works one
# out twice.
_SPLITS: dict[tuple, tuple[tuple, tuple[int, int, str | None]]] = {}
_SPLITS_SIZE = 4096


def split(plan: Plan, shape: Shape) -> tuple[int, int, str | None]:
    """Tensor-parallel degree within a server and pipeline stages, as vLLM would run them, and what keeps
    vLLM from running the model there at all (None: nothing): the model's heads or layers, a precision
    whose kernels the GPU lacks (FP8 on a T4), or an architecture whose kernels it lacks (V3.2 on an A100)."""
    a, precision, gpu = plan.model, plan.precision, shape.gpu
    key = (id(a), id(precision), id(gpu), shape.count, shape.servers)
    found = _SPLITS.get(key)
    if found is None or found[0][0] is not a or found[0][1] is not precision or found[0][2] is not gpu:
        if len(_SPLITS) >= _SPLITS_SIZE:
            _SPLITS.clear()
        # The objects named by id are kept alive with the split, so no id is reused while it is kept.
        found = _SPLITS[key] = ((a, precision, gpu), _split(a, precision, shape))
    return found[1]


def _split(a: ModelEntry, precision: Precision, shape: Shape) -> tuple[int, int, str | None]:
    for tp in range(shape.count, 0, -1):
        if shape.count % tp == 0 and serving.tp_problem(a, tp) is None:
            pp = shape.servers * shape.count // tp
            if pp > a.num_layers:
                return tp, pp, "layers"
            if not shape.gpu.runs(precision):
                return tp, pp, "precision"
            need, has = a.min_compute_capability, shape.gpu.compute_capability
            if need is not None and has is not None and has < need:
                return tp, pp, "kernels"
            return tp, pp, None
    return 1, shape.total, "heads"


def gpu_label(gpu: GPU, lang: str) -> str:
    """A GPU's name in answers; a memory budget of the customer's own machine says what it is."""
    if isinstance(gpu, Budget):
        digits = 0 if gpu.stated_gb == int(gpu.stated_gb) else 1
        return i18n.t(lang, f"budget.{gpu.device}", gb=i18n.number(gpu.stated_gb, lang, digits))
    return gpu.name


# llama.cpp and ExLlamaV2 keep no share of the GPU back (vLLM's --gpu-memory-utilization): they allocate the
# weights, the KV cache of their context and their buffers, and no more. Planned with the margin each leaves
# free on a device: llama.cpp's own fitting --fit-target, 1024 MiB by default (ggml-org/llama.cpp
# common/arg.cpp, tools/fit-params); TabbyAPI's autosplit_reserve, 96 MB by default (theroyallab/tabbyAPI
# common/config_models.py).
ENGINE_MARGIN = {"llamacpp": 1024 * 2**20, "exllamav2": 96 * 2**20}


def usable(plan: Plan, gpu: GPU, catalog: Catalog) -> int:
    margin = ENGINE_MARGIN.get(plan.engine)
    if margin is not None:
        return max(0, gpu.memory_bytes - margin)
    share = catalog.offering.training if plan.stage.is_training else catalog.offering.serving
    return int(gpu.memory_bytes * share.memory_utilization)


def inference_memory(
    plan: Plan,
    catalog: Catalog,
    tp: int = 1,
    pp: int = 1,
    users: int | None = None,
    context: int | None = None,
) -> Memory:
    """Per-GPU memory of serving the plan's conversations (or `users` of `context` tokens) on tp x pp GPUs
    (sizing/serving.py)."""
    users = users or plan.users
    n = need(plan, catalog, tp, pp, context)
    kv = n.shared_prefix + n.kv(users)
    activations = n.activations(users)
    return Memory(
        weights=n.weights,
        kv_cache=kv,
        activations=activations,
        overhead=n.overhead,
        total=n.total(users),
        engine_padding=n.padding,
        draft_weights=n.draft_weights,
        served_adapters=n.adapter_weights,
        encoders=n.encoders,
        draft_kv_cache=users * n.draft_per_conversation,
        image_encoding=activations - n.text_activations(users),
    )


class Need:
    """One serving GPU's memory (serving.memory's terms) as a function of the conversations it holds, for one
    model, precision, KV cache type, context and split: its share of the weights as the engine loads them
    (and of the engine's padding), the forward pass's activation peak, the hidden states kept through the
    sampler's run (whose workspace grows with the conversations), the memory outside PyTorch, and one
    conversation's KV cache. A drafter served beside the model for speculative decoding (sizing/speculative.py)
    adds its weights and its KV cache of every conversation: both are counted in `weights` and
    `per_conversation`, and kept apart in `draft_weights` and `draft_per_conversation` for the answer. With
    images, vLLM's reserve for encoding them (sizing/images.py): the vision encoder's activations over the
    largest images, or the language model's own peak with the encoder's outputs kept beside it, whichever is
    larger."""

    __slots__ = ("_forward_users", "_most", "adapter_weights", "draft_per_conversation", "draft_weights",
                 "encoder_cache", "encoder_peak", "encoders", "forward", "hidden", "least_kv", "model", "overhead",
                 "padding", "per_conversation", "shared_prefix", "weights")  # fmt: skip

    def __init__(self, plan: Plan, catalog: Catalog, tp: int, pp: int, context: int) -> None:
        a, gpus = plan.model, tp * pp
        prefill = plan.prefill_chunk
        kv_bytes = plan.kv.bytes_per_value
        self.model = a
        spec = plan.spec
        self.draft_weights = spec.bytes_per_gpu(plan.precision, catalog, tp) if spec else 0
        self.draft_per_conversation = spec.sequence_bytes(context, kv_bytes, tp) if spec else 0
        # LoRA adapters served beside the model: each resident slot whole on every GPU (vLLM shards only half
        # of each adapter's matrices with tensor parallelism: an upper bound), in BF16 (sizing/plan.py).
        self.adapter_weights = (
            2 * plan.lora_adapters * training.lora_params(a, plan.lora_rank) if plan.lora_adapters else 0
        )
        # Embedding and reranking models on the same GPUs, in a server of their own: whole on each GPU, since
        # vLLM gives every GPU of a split the same share (--gpu-memory-utilization), so they take that room from
        # all of them.
        self.encoders = sum(speech.served_total(i) for i in plan.encoders)
        # The pipeline stage with the most weights sets the need (1 of pp, unless layers differ: layer_blocks).
        share, of = a.weight_stage(pp)
        self.weights = (
            math.ceil(engine_weight_bytes(a, plan.precision, catalog) * share / (tp * of))
            + self.draft_weights
            + self.adapter_weights
            + self.encoders
        )
        self.padding = math.ceil(engine_padding(a, plan.precision, catalog) * share / (tp * of))
        self.forward = serving.forward_peak(a, prefill, tp)
        self.hidden = serving.hidden_states(a, prefill)
        self._forward_users = serving.forward_edge(a, prefill, tp)  # the forward pass sets the peak up to it
        self.overhead = serving.overhead(gpus)
        main = kv_cache.sequence_bytes(a, context, kv_bytes, tp, pp)
        # A system prompt every conversation starts with is kept once (vLLM's prefix cache): each conversation
        # holds the rest of its context.
        self.shared_prefix = (
            kv_cache.shared_prefix_bytes(a, plan.shared_prefix, context, kv_bytes, tp, pp)
            if plan.shared_prefix
            else 0
        )
        self.per_conversation = main - self.shared_prefix + self.draft_per_conversation
        # A launch line's --max-model-len (plan.max_model_len): vLLM starts only when the KV cache holds one
        # sequence that long (vllm/v1/core/kv_cache_utils.py, check_enough_kv_cache_memory), however short the
        # typical ones it then serves are: the conversations' cache is at least that.
        # Sliding-window layers are checked at what they hold while a prefill chunk passes (admission_bytes), more
        # than the window one conversation keeps: the check binds a single long conversation. A shared system
        # prompt is in that sequence, and counted apart (shared_prefix).
        longest = max(plan.max_model_len or 0, context)
        least = kv_cache.admission_bytes(a, longest, kv_bytes, tp, pp, prefill) + (
            spec.sequence_bytes(longest, kv_bytes, tp) if spec else 0
        )
        checked = longest > context or least > main + self.draft_per_conversation
        self.least_kv = least - self.shared_prefix if checked else 0
        self.encoder_cache = self.encoder_peak = 0
        if plan.images is not None and plan.images.rule is not None and plan.images.counted:
            reserve = images.reserve(plan.images.rule, a, prefill, tp)
            self.encoder_cache, self.encoder_peak = reserve.cache, reserve.peak
        self._most: dict[int, int] = {}  # max_users by room, up to MOST_USERS

    def text_activations(self, users: int) -> int:
        """The language model's own activation peak (the forward pass, or the sampler's workspace)."""
        if users <= self._forward_users:
            return self.forward
        return max(self.forward, self.hidden + serving.sampler_peak(self.model, users))

    def activations(self, users: int) -> int:
        return max(self.text_activations(users) + self.encoder_cache, self.encoder_peak)

    def fixed(self, users: int) -> int:
        """Everything but the conversations' own KV cache."""
        return self.weights + self.shared_prefix + self.activations(users) + self.overhead

    def kv(self, users: int) -> int:
        """The conversations' own KV cache: `users` of them, and at least one launch-line sequence."""
        return max(users * self.per_conversation, self.least_kv)

    def total(self, users: int) -> int:
        # kv() and activations() written out: every search step and max_users' bisection asks this
        if users <= self._forward_users:
            text = self.forward
        else:
            text = max(self.forward, self.hidden + serving.sampler_peak(self.model, users))
        return (
            self.weights
            + self.shared_prefix
            + max(users * self.per_conversation, self.least_kv)
            + max(text + self.encoder_cache, self.encoder_peak)
            + self.overhead
        )

    def max_users(self, room: int, cap: int = MOST_USERS) -> int:
        """Most conversations that fit in `room` bytes, up to `cap` (0 when not even one does). The need
        grows with the users, so the most up to any cap is the most overall, capped: worked out once per
        room (each search and each capacity asks again with its own cap)."""
        if self.total(1) > room:
            return 0
        if cap > MOST_USERS:
            return self._search(room, cap)
        most = self._most.get(room)
        if most is None:
            most = self._most[room] = self._search(room, MOST_USERS)
        return min(most, max(cap, 1))

    def _search(self, room: int, cap: int) -> int:
        # The need is a line in the users under each of the activation term's two bounds (the forward pass,
        # or the sampler's workspace, which grows with them): the most users under both lines is the
        # estimate, and the exact edge is found around it.
        left = room - self.weights - self.overhead - self.encoder_cache - self.shared_prefix
        per = self.per_conversation
        by_forward = (left - self.forward) // per if per > 0 else cap
        by_sampler = (left - self.hidden) / (per + serving.SAMPLER_COPIES * self.model.vocab_size * 4)
        return _last_true(lambda users: self.total(users) <= room, int(min(by_forward, by_sampler, cap)), cap)


# The Needs sizings worked out, shared by the next ones: a fresh question asks about the models, precisions,
# contexts and splits of earlier ones, and a Need depends on nothing else (not on the users). Bounded: it
# starts over when full. No lock: a race computes a Need twice.
_NEEDS: dict[tuple, tuple[tuple, Need]] = {}
_NEEDS_SIZE = 4096


def memory_key(plan: Plan, catalog: Catalog, context: int) -> tuple:
    """Everything of the plan a GPU's serving memory (a Need) reads besides the split, for the caches kept
    across questions (here and sizing/traffic.py): two plans with the same key need the same memory. Objects
    are named by id: a cache keeps them alive with its value."""
    encodes = plan.images is not None and plan.images.counted  # vLLM's reserve for encoding images
    return (
        id(plan.model),
        id(plan.precision),
        plan.kv.bytes_per_value,
        id(catalog),
        context,
        id(plan.spec),
        encodes,
        plan.lora_adapters,
        plan.lora_rank if plan.lora_adapters else 0,
        plan.encoders,
        plan.prefill_chunk,
        plan.shared_prefix,
        plan.max_model_len,
    )


def need(plan: Plan, catalog: Catalog, tp: int = 1, pp: int = 1, context: int | None = None) -> Need:
    context = context or plan.context
    memo = current()
    if memo is None:  # outside a sizing nothing is kept (sizing/memo.py)
        return Need(plan, catalog, tp, pp, context)
    # Within a sizing, by the plan object first: a search asks the same plan's Need at every shape it passes, and
    # the key across questions (memory_key) is a dozen fields to read.
    mine = ("need", id(plan), id(catalog), context, tp, pp)
    kept = memo.get(mine)
    if kept is not None:
        return kept[1]
    model, precision, spec = plan.model, plan.precision, plan.spec
    key = (memory_key(plan, catalog, context), tp, pp)
    found = _NEEDS.get(key)
    if found is None or found[0][0] is not model or found[0][1] is not precision or found[0][3] is not spec:
        if len(_NEEDS) >= _NEEDS_SIZE:
            _NEEDS.clear()
        # The objects named by id are kept alive with the value, so no id is reused while it is kept.
        found = _NEEDS[key] = ((model, precision, catalog, spec), Need(plan, catalog, tp, pp, context))
    memo[mine] = ((plan, catalog), found[1])  # the objects named by id kept alive with it
    return found[1]


def zero_stage(plan: Plan, gpus: int) -> int:
    if plan.zero is not None:
        if gpus // (plan.tp * plan.pp) <= 1 and not (plan.cpu_offload or plan.offload_params):
            # One data-parallel copy has nothing to shard: the stage said changes no memory there, and the
            # setup is no "1× L40S · ZeRO-2" (offloading is a ZeRO feature, so with it the stage stays).
            return 0
        return plan.zero
    if plan.stack is not None and plan.stack.data_parallel_only:
        return 0  # DDP: every GPU holds the whole model
    if plan.offload_params or plan.nvme_offload:
        # only ZeRO-3 / FSDP move the weights to the host, on one GPU too; ZeRO-Infinity's NVMe offload is ZeRO-3's
        return 3
    if gpus // (plan.tp * plan.pp) <= 1:
        return 0
    # With pipeline stages or expert parallelism, the optimizer states are sharded across the data-parallel
    # copies (DeepSpeed's pipeline engine takes ZeRO-1 at most; Megatron-LM's distributed optimizer, which its
    # pipeline and expert-parallel runs use, is the same split).
    return 1 if plan.pp > 1 or plan.ep > 1 else 3


def training_memory(
    plan: Plan, catalog: Catalog, gpus: int = 1, zero: int | None = None
) -> tuple[Memory, training.TrainingMemory]:
    """Per-GPU memory of the plan's training run on `gpus` GPUs (the same for every GPU kind: once per
    sizing). Treat the result as read-only."""
    zero = zero_stage(plan, gpus) if zero is None else zero
    return shared(("training", id(plan), id(catalog), gpus, zero),
                  lambda: _kept_training_memory(plan, catalog, gpus, zero), keep=plan)  # fmt: skip


# The training memories sizings worked out, shared by the next ones: the plans of one answer (a fused-loss stack
# weighed for the lead and again among the alternatives, the same run on another micro-batch) and of a fresh
# question are new objects with the values of earlier ones. Keyed by everything _training_memory reads, objects
# by id (kept alive with the value). Bounded: it starts over when full. No lock: a race works one out twice.
_TRAINING: dict[tuple, tuple[tuple, tuple[Memory, training.TrainingMemory]]] = {}
_TRAINING_SIZE = 4096


def _kept_training_memory(
    plan: Plan, catalog: Catalog, gpus: int, zero: int
) -> tuple[Memory, training.TrainingMemory]:
    if current() is None:  # outside a sizing nothing is kept (sizing/memo.py)
        return _training_memory(plan, catalog, gpus, zero)
    objects = (plan.model, plan.precision, catalog, plan.stack, plan.rl_reward_arch, plan.teacher)
    rl = plan.method.is_rl
    key = (
        *map(id, objects),
        gpus,
        zero,
        plan.stage,
        plan.method,
        plan.seq_len,
        plan.batch,
        plan.checkpointing,
        plan.optimizer,
        plan.lora_rank,
        plan.lora_targets,
        plan.lora_dropout,
        plan.async_tp,
        plan.cpu_offload,
        plan.tp,
        plan.pp,
        plan.ep,
        plan.cp,
        plan.eager_attention,
        plan.dualpipe,
        plan.virtual_stages,
        plan.selective_recompute,
        plan.offload_params,
        plan.nvme_offload,
        plan.image_cross_tokens,
        plan.recipe_optimizer,
        plan.vision_encoder_bytes,
        # an RL run's own settings (read only for one)
        (plan.rl_prompt, plan.rl_completion, plan.rl_generations, plan.rl_reference, plan.rl_reward_model,
         plan.rl_reward_models, plan.rl_generation) if rl else None,
    )  # fmt: skip
    found = _TRAINING.get(key)
    if found is None or any(a is not b for a, b in zip(found[0], objects, strict=True)):
        if len(_TRAINING) >= _TRAINING_SIZE:
            _TRAINING.clear()
        found = _TRAINING[key] = (objects, _training_memory(plan, catalog, gpus, zero))
    return found[1]


def _training_memory(
    plan: Plan, catalog: Catalog, gpus: int, zero: int
) -> tuple[Memory, training.TrainingMemory]:
    options = dict(
        gpus=gpus,
        zero=zero,
        micro_batch=plan.batch,
        checkpointing=plan.checkpointing,
        optimizer=plan.optimizer.value,
        lora_rank=plan.lora_rank,
        lora_targets=plan.lora_targets,
        lora_dropout=plan.lora_dropout,
        async_tp=plan.async_tp,
        cpu_offload=plan.cpu_offload,
        tp=plan.tp,
        stack=plan.stack,
        pp=plan.pp,
        ep=plan.ep,
        cp=plan.cp,
        eager=plan.eager_attention,
        dualpipe=plan.dualpipe,
        virtual_stages=plan.virtual_stages,
        selective=plan.selective_recompute,
        offload_params=plan.offload_params,
        nvme=plan.nvme_offload,
        cross_tokens=plan.image_cross_tokens,
        recipe_optimizer=plan.recipe_optimizer,
        vision_bytes=plan.vision_encoder_bytes,
        fp8=catalog.offering.training.fp8,
    )
    base = weight_bytes(plan.model, plan.precision, catalog).bytes
    stage = plan.stage.value
    if plan.method.is_rl:
        m = training.rl_memory(
            plan.model,
            stage,  # type: ignore[arg-type]
            base,
            method=plan.method.value,
            prompt=plan.rl_prompt,
            completion=plan.rl_completion,
            generations=plan.rl_generations,
            reference=plan.rl_reference,
            reward_model=plan.rl_reward_model,
            reward_arch=plan.rl_reward_arch,
            reward_models=plan.rl_reward_models,
            generation=plan.rl_generation,
            kv_bytes_per_token=kv_cache.bytes_per_token(plan.model, 2),
            **options,  # type: ignore[arg-type]
        )
    elif plan.method is Method.reward:
        # A scalar head in place of the output layer: no vocabulary logits in the loss (one value per
        # sequence), and no output matrix to train (counted as if tied to the embeddings).
        m = training.memory(
            msgspec.structs.replace(plan.model, tie_embeddings=True),  # a new shape: its counts derived again
            stage,  # type: ignore[arg-type]
            base,
            seq_len=plan.seq_len,
            method=plan.method.value,
            logit_tokens=1,
            **options,  # type: ignore[arg-type]
        )
    else:
        m = training.memory(
            plan.model,
            stage,  # type: ignore[arg-type]
            base,
            seq_len=plan.seq_len,
            method=plan.method.value,
            **options,  # type: ignore[arg-type]
        )
    if plan.teacher is not None:
        teacher = weight_bytes(plan.teacher, catalog.precision("bf16"), catalog).bytes
        m.teacher = training.teacher_memory(plan.teacher, teacher, plan.seq_len, plan.batch, gpus, zero,
                                            plan.tp, plan.pp, plan.cp)  # fmt: skip
    other = m.activations_without_checkpointing if plan.checkpointing else m.activations_with_checkpointing
    memory = Memory(
        weights=m.weights,
        gradients=m.gradients,
        optimizer=m.optimizer,
        adapters=m.adapters,
        activations=m.activations,
        overhead=m.overhead,
        total=m.total,
        activations_other_choice=other,
        host_offload=m.cpu_offload_bytes,
        nvme_offload=m.nvme_bytes,
        paged_optimizer=m.paged_optimizer,
        logits=m.logits,
        comm_buffers=m.comm_buffers,
        optimizer_step=m.optimizer_step,
        generation=m.generation,
        teacher=m.teacher,
    )
    return memory, m


def _own_layout(plan: Plan, shape: Shape, catalog: Catalog) -> Plan:
    """The plan with the layout `shape` needs, where the sizing chose the plan's layout for other GPUs (a smaller
    GPU may need more tensor or pipeline parallelism, a larger one none): the search of
    sizing/training_layout.py run for these GPUs, once per sizing."""
    if not plan.layout_searched or (
        getattr(plan.gpu, "id", None) == shape.gpu.id and shape.total == plan.gpus
    ):
        return plan
    key = ("own_layout", id(plan), id(catalog), shape.gpu.id, shape.total, shape.count)
    return shared(key, lambda: for_shape(plan, shape, catalog), keep=plan)


def for_shape(plan: Plan, shape: Shape, catalog: Catalog) -> Plan:
    """The layout of a plan whose layout the search chose for its named GPUs, on other GPUs (`shape`): none
    where ZeRO-3 alone fits them, else the first that fits in the order `chosen` tries; where none does, the
    named GPUs' layout if it splits these, else none."""
    # the plan as asked of these GPUs: the layouts tried below are theirs, not searched again
    base = plan.but(tp=1, pp=1, ep=1, cp=1, layout_searched=False, gpu=shape.gpu, gpus=shape.total)
    if evaluate(base, shape, catalog, capacity=False).fits:
        return base
    found = first_fit(base, shape, catalog)
    if found is not None and found[1].fits:
        return found[0]
    kept = plan.but(gpu=shape.gpu, gpus=shape.total)
    return kept if evaluate(kept, shape, catalog, capacity=False).problem is None else base


def first_fit(plan: Plan, shape, catalog: Catalog) -> tuple[Plan, Setup] | None:
    """The first layout in the order tried that fits `shape` with its setup; where none does, the most split
    layout that needs the least per GPU with its (unfitting) setup; None where the GPUs split no way at all.
    Layouts that split each sequence (context parallelism) come after every one that keeps it whole, as
    Megatron-LM adds them for long sequences only; first where the question asked for the split itself."""
    groups = [
        layouts.layouts(plan, shape.total, shape.count),
        layouts.context_layouts(plan, shape.total, shape.count),
    ]
    if plan.context_split:
        groups.reverse()
    least: tuple[Plan, Setup] | None = None
    for group in groups:
        if not group:
            continue
        # The most split layouts hold the least per GPU: when the least of them does not fit, none of the group
        # does (a few evaluations where nothing fits, as for most beyond-the-offering questions).
        split = max(tp * pp * ep * cp for tp, pp, ep, cp in group)
        most, best = min(
            (
                (candidate, evaluate(candidate, shape, catalog, capacity=False))
                for tp, pp, ep, cp in group
                if tp * pp * ep * cp == split
                for candidate in [plan.but(tp=tp, pp=pp, ep=ep, cp=cp, layout_searched=True)]
            ),
            key=lambda found: found[1].per_gpu.total,
        )
        if best.fits:
            for tp, pp, ep, cp in group:
                candidate = plan.but(tp=tp, pp=pp, ep=ep, cp=cp, layout_searched=True)
                setup = evaluate(candidate, shape, catalog, capacity=False)
                if setup.fits:
                    return candidate, setup
        if least is None or best.per_gpu.total < least[1].per_gpu.total:
            least = (most, best)
    return least


def evaluate(plan: Plan, shape: Shape, catalog: Catalog, capacity: bool = True) -> Setup:
    plan = _own_layout(plan, shape, catalog)
    memo = current()
    if memo is None:
        setup = _evaluate(plan, shape, catalog)
    else:
        key = ("setup", id(plan), id(catalog), shape.gpu.id, shape.count, shape.servers, shape.in_offering,
               id(shape.offer))  # fmt: skip
        found = memo.get(key)
        if found is None:
            found = memo[key] = (plan, shape, _evaluate(plan, shape, catalog))
        setup = found[2]
    if capacity:
        add_capacity(plan, setup, catalog)  # idempotent: a setup asked for again keeps its figures
    return setup


def _evaluate(plan: Plan, shape: Shape, catalog: Catalog) -> Setup:
    room = usable(plan, shape.gpu, catalog)
    price = None
    if shape.offer and shape.offer.price_per_gpu_hour:
        mode = contract_mode(plan, shape.total)  # the price depends on the contract the workload calls for
        if mode in shape.offer.price_per_gpu_hour:
            price = shape.offer.price_per_gpu_hour[mode] * shape.total
    common = dict(
        gpu=shape.gpu.id,
        gpu_name=gpu_label(shape.gpu, plan.lang),
        count=shape.total,
        servers=shape.servers,
        usable_bytes_per_gpu=room,
        gpu_memory_bytes=shape.gpu.memory_bytes,
        in_offering=shape.in_offering,
        price_per_hour=price,
    )
    if plan.stage.is_training:
        if plan.tp > shape.count or shape.total % (plan.tp * plan.pp * plan.cp):
            need, _ = training_memory(plan, catalog, gpus=plan.tp * plan.pp * plan.cp)
            return Setup(
                **common, fits=False, per_gpu=need, free_bytes_per_gpu=room - need.total, problem="tp"
            )
        if (shape.total // (plan.tp * plan.pp)) % plan.ep:
            # the expert-parallel ranks are data-parallel ones: they must split them evenly
            need, _ = training_memory(plan, catalog, gpus=plan.tp * plan.pp * plan.ep)
            return Setup(
                **common, fits=False, per_gpu=need, free_bytes_per_gpu=room - need.total, problem="ep"
            )
        zero = zero_stage(plan, shape.total)
        need, _ = training_memory(plan, catalog, gpus=shape.total, zero=zero)
        fits = need.total <= room
        return Setup(
            **common,
            tensor_parallel=plan.tp,
            pipeline_parallel=plan.pp,
            expert_parallel=plan.ep if plan.ep > 1 else None,
            context_parallel=plan.cp if plan.cp > 1 else None,
            zero=zero,
            fits=fits,
            per_gpu=need,
            free_bytes_per_gpu=room - need.total,
        )
    tp, pp, problem = split(plan, shape)
    need = inference_memory(plan, catalog, tp, pp)
    fits = problem is None and need.total <= room
    return Setup(
        **common,
        tensor_parallel=tp,
        pipeline_parallel=pp,
        fits=fits,
        per_gpu=need,
        free_bytes_per_gpu=room - need.total,
        problem=problem,
    )


def add_capacity(plan: Plan, setup: Setup, catalog: Catalog) -> Setup:
    """Fills how many users (and how much context) an inference setup holds. Searches skip it: only the
    setups an answer shows need it."""
    if plan.stage.is_training or setup.problem is not None or setup.max_users is not None:
        return setup
    room, tp, pp = setup.usable_bytes_per_gpu, setup.tensor_parallel, setup.pipeline_parallel
    setup.max_users = max_users(plan, catalog, room, tp, pp)
    setup.max_context_tokens = max_context(plan, catalog, room, tp, pp)
    if plan.max_model_len:
        setup.max_full_sequences = full_sequences(plan, catalog, room, tp, pp)
    return setup


def kv_room(plan: Plan, catalog: Catalog, room: int, tp: int, pp: int) -> int:
    """What one GPU keeps for the conversations' KV cache once the weights, the activations of the plan's
    sequences and the rest are in (vLLM gives the KV cache all that is left: vllm/v1/worker/gpu_worker.py,
    determine_available_memory)."""
    return room - need(plan, catalog, tp, pp).fixed(plan.users)


def full_sequences(plan: Plan, catalog: Catalog, room: int, tp: int, pp: int) -> int:
    """Sequences of the launch line's whole --max-model-len the KV cache holds at once, up to its ceiling (the
    users): vLLM's own startup figure, "Maximum concurrency for N tokens per request" (vllm/v1/core/
    kv_cache_utils.py, get_max_concurrency_for_kv_cache_config); 0 when vLLM would not start."""
    longest = plan.max_model_len or plan.context
    per = need(plan, catalog, tp, pp, longest).per_conversation
    return min(max(kv_room(plan, catalog, room, tp, pp), 0) // per, plan.users) if per > 0 else plan.users


def max_users(plan: Plan, catalog: Catalog, room: int, tp: int, pp: int, cap: int = MOST_USERS) -> int:
    """Most conversations of plan.context tokens that fit (the sampler's workspace grows with them), up to
    `cap` when only that many matter."""
    return need(plan, catalog, tp, pp).max_users(room, cap)


def _last_true(fits, guess: int, top: int) -> int:
    """The largest n in [1, top] with fits(n), for a fits() that holds up to some n and not beyond, and
    holds for 1: stepping from `guess` by doubling steps to bracket the edge, then bisecting."""
    guess, step = max(1, min(top, guess)), 1
    if fits(guess):
        lo, hi = guess, guess + 1
        while hi <= top and fits(hi):
            lo, step = hi, step * 2
            hi = lo + step
        hi = min(hi, top + 1)
    else:
        lo, hi = guess - 1, guess
        while lo > 1 and not fits(lo):
            hi, step = lo, step * 2
            lo = max(1, hi - step)
    while lo < hi - 1:  # fits(lo), and hi is past the edge (or past top)
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def max_context(plan: Plan, catalog: Catalog, room: int, tp: int, pp: int) -> int:
    """Longest context each of plan.users conversations can hold."""
    n = need(plan, catalog, tp, pp)
    fixed = n.fixed(plan.users) - n.shared_prefix
    spec, kv_bytes = plan.spec, plan.kv.bytes_per_value
    drafter = (lambda tokens: spec.sequence_bytes(tokens, kv_bytes, tp)) if spec and spec.arch else None
    also = drafter
    if plan.shared_prefix:
        # The system prompt is kept once: of the users' copies of it, all but one are not there.
        users, prefix = plan.users, plan.shared_prefix

        def also(tokens: int) -> float:
            shared = kv_cache.shared_prefix_bytes(plan.model, prefix, tokens, kv_bytes, tp, pp)
            return (drafter(tokens) if drafter else 0) - shared * (users - 1) / users

    return kv_cache.max_tokens(plan.model, room - fixed, plan.users, kv_bytes, tp, pp, also=also)


_CANDIDATES: dict[int, tuple[Catalog, list[Shape]]] = {}


def candidates(catalog: Catalog) -> list[Shape]:
    """Every setup the offering rents, smallest first: fewest GPUs, then the smallest memory class, then
    the cheapest (or the offering's own order when it lists no prices). Worked out once per catalogue (a
    sizing walks them several times); callers must not change the list."""
    cached = _CANDIDATES.get(id(catalog))
    if cached is None or cached[0] is not catalog:
        if len(_CANDIDATES) > 16:
            _CANDIDATES.clear()
        cached = _CANDIDATES[id(catalog)] = (catalog, _candidates(catalog))
    return cached[1]


def _candidates(catalog: Catalog) -> list[Shape]:
    shapes = []
    for order, offer in enumerate(catalog.offering.offer):
        gpu = catalog.gpu(offer.gpu)
        # Unknown prices sort after known ones; with no prices at all, the offering's order decides.
        price = min(offer.price_per_gpu_hour.values(), default=float("inf"))
        for count in offer.counts:
            shapes.append((count, gpu.memory_marketing_gb, price, order, Shape(gpu, count, 1, True, offer)))
        biggest = max(offer.counts)
        for servers in range(2, offer.max_servers + 1):
            shape = Shape(gpu, biggest, servers, True, offer)
            shapes.append((biggest * servers, gpu.memory_marketing_gb, price, order, shape))
    shapes.sort(key=lambda s: s[:4])
    return [s[-1] for s in shapes]


def smaller_than(count: int, memory_bytes: int, gpu: str, b: Setup) -> bool:
    """A setup of `count` GPUs `gpu` of `memory_bytes` each uses fewer GPUs than `b`, or as many of a smaller
    memory class (advice.smaller, on a setup's values before it is built)."""
    return (count, memory_bytes) < (b.count, b.gpu_memory_bytes) and (gpu, count) != (b.gpu, b.count)


def by_load(plan: Plan) -> bool:
    """Serving sized by its load (a rate, latency targets, several conversations) or by copies required for
    availability: copies of the model are weighed against larger tensor-parallel setups (sizing/traffic.py)."""
    return not plan.stage.is_training and (
        plan.traffic or plan.targets_given or plan.users > 1 or plan.availability
    )


def holds(plan: Plan, shape: Shape, catalog: Catalog, users: int | None = None) -> bool:
    """evaluate(plan, shape, catalog).fits (with `users` conversations when given), without building the
    setup: the check a search makes of every shape it passes."""
    if plan.stage.is_training:  # as _evaluate: the conversations play no part
        if plan.layout_searched:  # (_own_layout returns any other plan as it is)
            plan = _own_layout(plan, shape, catalog)
        per_gpu = _training_per_gpu(plan, shape, catalog)
        return per_gpu is not None and per_gpu <= usable(plan, shape.gpu, catalog)
    tp, pp, problem = split(plan, shape)
    return problem is None and need(plan, catalog, tp, pp).total(users or plan.users) <= usable(
        plan, shape.gpu, catalog
    )


def _training_per_gpu(plan: Plan, shape: Shape, catalog: Catalog) -> int | None:
    """A training run's memory per GPU on `shape` (None where the plan's layout does not split these GPUs). Both
    read the GPU count and GPUs per server alone, never the GPU kind: a walk over the offering (~35 shapes, a
    training question walks it ~15 times) weighs each count once per sizing, and each shape then costs a look-up
    and its kind's room."""
    memo = current()
    key = ("training_per_gpu", id(plan), id(catalog), shape.total, shape.count)
    if memo is not None:
        found = memo.get(key)
        if found is not None:
            return found[1]
    per_copy = plan.tp * plan.pp
    if plan.tp > shape.count or shape.total % (per_copy * plan.cp) or (shape.total // per_copy) % plan.ep:
        per_gpu = None  # the layout does not split these GPUs (as _evaluate's problem "tp" or "ep")
    else:
        memory, _ = training_memory(plan, catalog, gpus=shape.total, zero=zero_stage(plan, shape.total))
        per_gpu = memory.total
    if memo is not None:
        memo[key] = (plan, per_gpu)  # the plan named by id kept alive with the value
    return per_gpu


def carries_some(plan: Plan, shape: Shape, catalog: Catalog) -> bool:
    """Whether an inference setup holds some of the workload: the weights and one conversation of some
    length, or some conversations of the plan's length (evaluate and add_capacity's figures, without
    building the setup)."""
    tp, pp, problem = split(plan, shape)
    if problem is not None:
        return False
    room = usable(plan, shape.gpu, catalog)
    if need(plan, catalog, tp, pp).fixed(plan.users) >= room:
        return False  # not even the weights fit
    return max_users(plan, catalog, room, tp, pp) > 0 or max_context(plan, catalog, room, tp, pp) > 0


def shape_for(plan: Plan, gpu: GPU, count: int, catalog: Catalog) -> Shape:
    offer = next((o for o in catalog.offering.offer if o.gpu == gpu.id), None)
    per_server = max(offer.counts) if offer else gpu.max_per_server
    if count <= per_server:
        return Shape(gpu, count, 1, offer is not None and count in offer.counts, offer)
    servers = math.ceil(count / per_server)
    return Shape(gpu, per_server, servers, offer is not None and servers <= offer.max_servers, offer)
