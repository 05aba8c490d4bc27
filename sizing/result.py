"""What the engine answers. Bytes are exact integers; text is already in the workload's language."""

from __future__ import annotations

from typing import Any

import msgspec

from .workload import ContractMode


class Record(msgspec.Struct, kw_only=True):
    """A part of the answer, built by the engine and not checked again. A float field keeps a float when a
    figure comes out whole (an int: the conversations in flight, a FLOP count): `--json` writes it as 2.0,
    as it always has, and readers of the JSON may rely on the type."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        # The class's own annotations, as inspect.get_annotations(cls) reads them (Python 3.11's
        # Lib/inspect.py: the class __dict__'s, not a base's); inspect itself is ~10 ms of imports.
        own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - the import is what this avoids
        cls._floats = tuple(name for name, kind in own.items() if kind in ("float", "float | None"))

    def __post_init__(self) -> None:
        for name in self._floats:
            if type(value := getattr(self, name)) is int:
                setattr(self, name, float(value))


class Deferred(Record, kw_only=True, dict=True):
    """A record some of whose fields are worked out on their first reading. An answer's consumers read
    different parts of it: the first Slack message shows an alternative's speed per user and first token,
    while `--json` and the detail button also read what it sustains at most and what it costs. A field
    deferred with `defer` is unset until something reads it; that reading works it out with the values the
    sizing captured, so every consumer gets what it would have got had it been worked out at once.

    A cached answer is read by several threads: two first readings at once work the value out twice, alike.
    msgspec's own functions (structs.replace, to_builtins, json.encode) read the fields without this hook, and
    fail on one still unread ("Struct field ... is unset"): this module's `replace`, `to_builtins` and `encode`
    settle first (json_data reads them one by one, and needs nothing); copy.copy, copy.deepcopy and pickle
    settle by themselves. What is kept until then is a tuple
    over a module's function, which records deferred alike may share: no closure, few objects for the cyclic
    collector to walk in a cache of answers."""

    def defer(self, names: tuple[str, ...], later: tuple) -> None:
        """`names` unset until one is first read; `later` is (fill, *args): fill(self, name, *args) then gives
        (field, value) pairs for that name and any worked out with it."""
        kept = self.__dict__
        for name in names:
            delattr(self, name)
            kept[name] = later

    def __getattr__(self, name: str) -> Any:
        # Python calls this only where the ordinary lookup failed: a deferred field not yet read, or no field.
        kept = self.__dict__
        later = kept.get(name)
        if later is not None:
            for field, value in later[0](self, name, *later[1:]):
                setattr(self, field, float(value) if field in self._floats and type(value) is int else value)
                kept.pop(field, None)
        # set by now, by this reading or by another thread's: otherwise an AttributeError, as for any name
        return object.__getattribute__(self, name)

    def settle(self) -> None:
        """Every deferred field worked out."""
        for name in list(self.__dict__):
            getattr(self, name)

    def __repr__(self) -> str:
        self.settle()
        return super().__repr__()

    # copy.copy, copy.deepcopy and pickle read every field as msgspec does: worked out first, the copy (or what
    # is unpickled) holds the values, and no fill of this record's.
    def __copy__(self) -> Deferred:
        self.settle()
        return super().__copy__()

    def __reduce__(self) -> Any:
        self.settle()
        return super().__reduce__()

    def __eq__(self, other: object) -> bool:
        self.settle()
        if isinstance(other, Deferred):
            other.settle()
        return super().__eq__(other)


def waiting(record: Record, name: str) -> bool:
    """Whether the record's field `name` is deferred and not yet read (reading it here would work it out)."""
    try:
        object.__getattribute__(record, name)
    except AttributeError:
        return True
    return False


def settled(value: Any) -> Any:
    """`value` (an answer or any part of it), every deferred field in it worked out, in place: what msgspec's
    own functions may then read."""
    if isinstance(value, Record):
        for name in value.__struct_fields__:
            settled(getattr(value, name))
    elif isinstance(value, (list, tuple)):
        for v in value:
            settled(v)
    elif isinstance(value, dict):
        for v in value.values():
            settled(v)
    return value


def to_builtins(value: Any, **options: Any) -> Any:
    """msgspec.to_builtins of an answer (or any part of it) whose deferred fields may be unread."""
    return msgspec.to_builtins(settled(value), **options)


def encode(value: Any, **options: Any) -> bytes:
    """msgspec.json.encode of an answer (or any part of it) whose deferred fields may be unread."""
    return msgspec.json.encode(settled(value), **options)


def replace(record: Record, **changes: Any) -> Any:
    """msgspec.structs.replace of a record whose deferred fields may be unread: the copy gets them worked out
    on this record (a fill reads the record it was deferred on, not the changed copy), and the fields the
    changes give."""
    if isinstance(record, Deferred):
        record.settle()
    return msgspec.structs.replace(record, **changes)


def json_data(value: Any) -> Any:
    """An answer (or any part of it) as JSON data, the object `gpu-size --json` prints: records become
    objects with their fields in order, and a float field is written as a float even when the engine set
    it to a whole number after building the record (as pydantic's JSON mode did)."""
    if isinstance(value, Record):
        floats = value._floats
        omitted = getattr(value, "_omit_empty", ())
        out = {}
        for name in value.__struct_fields__:
            field = getattr(value, name)
            if name in omitted and not field:
                continue  # a field only some answers have (Comparison's together_load): absent elsewhere
            out[name] = float(field) if name in floats and type(field) is int else json_data(field)
        return out
    if isinstance(value, list):
        return [json_data(v) for v in value]
    if isinstance(value, dict):
        return {k: json_data(v) for k, v in value.items()}
    return value


class ModelInfo(Record, kw_only=True):
    id: str
    name: str
    params: int
    active_params: int
    scaled_from: str | None = None
    # A released model sized with a catalogue model's architecture and limits (a distill, a coder variant):
    # that model's id and name; `name` says both ("DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B)").
    derived_from: str | None = None
    derived_from_name: str | None = None
    typed_size: str | None = None
    # The published checkpoint the answer sized (an official release or a Hub repo), when it was one.
    repo: str | None = None
    # Where the architecture came from: catalog, release, hub, name, family or size.
    source: str = "catalog"
    weights_exact: bool = False  # the weights are the checkpoint's own bytes, not bits per weight
    max_context: int | None = None
    vision_params: int = (
        0  # a vision encoder's parameters the weights include (0: a text model, or none sized)
    )
    # Local layers that attend within chunks (Llama 4), not over a sliding window: the KV line names which of the
    # two vLLM reserves a prefill chunk beside when it starts.
    chunked_attention: bool = False


class BudgetInfo(Record, kw_only=True):
    """A budget the question gave: its amount, the currency it was typed in (None: not typed, the
    offering's) and whether it is a month's (true), a whole project's (false) or not said (null)."""

    amount: float
    currency: str | None = None
    monthly: bool | None = None
    yearly: float | None = None  # a year's budget as typed; `amount` is then its month (a twelfth)
    # typed in another currency and converted at the offering's configured rate (offering.toml exchange_rates):
    # the amount and currency as typed, and the rate (one of it in the offering's currency)
    typed_amount: float | None = None
    typed_currency: str | None = None
    rate: float | None = None
    hourly: bool = False  # a ceiling by the hour ("até R$ 5/hora"): set against a price by the hour
    # each GPU's hour ("por GPU": True), the whole setup's ("no total": False) or not said (None: the setup's)
    per_gpu: bool | None = None


class BudgetPick(Record, kw_only=True):
    """A service's budget weighed in choosing the setup (sizing/advice.py budget_pick): `chosen`, the
    recommendation is the smallest setup serving the load within it, and `setup` the one recommended without
    the budget; else none serving the load is within it, and `setup` is the cheapest that serves (`this`: the
    recommendation itself). `price`: that setup's hour as the budget is compared (each GPU's or the whole
    setup's), in its cheapest contract `mode`."""

    chosen: bool
    setup: str
    price: float
    mode: str
    this: bool = False
    monthly: bool = False  # a month's budget: `price` is the setup's month
    mode_named: bool = False  # `mode` is the contract mode the customer named, weighed alone


class BudgetWay(Record, kw_only=True):
    """One way to bring a job within its budget (sizing/run_budget.py): less work on the cheapest setup
    ("tokens", "examples", "epochs", "items": `amount` of them, `share` of the asked), or a training by
    another method ("lora", "qlora": `total` on `setup`, `fits` the budget or only comes closer), with the deadline left
    open ("longer"), or in another contract mode ("mode")."""

    kind: str
    amount: int
    share: float
    total: float | None = None
    setup: str | None = None
    fits: bool = True
    mode: str | None = (
        None  # the contract mode `total` is in ("mode": billed by the hour, for the month named)
    )
    hours: float | None = None  # how long the job takes on `setup`


class RunBudgetPick(Record, kw_only=True):
    """A training run's or a batch's setup as its budget, or "the fastest", chose it (sizing/run_budget.py pick):
    `chosen`, `setup` is the `rule`'s pick ("fastest", "cheapest") of those doing the job within the budget,
    weighed per `unit` ("job", "month", "gpu_hour", "setup_hour"; None: no budget, the least time asked); else
    none does, and `setup` is the cheapest, `over` the budget by that much, with `ways` to bring it under.
    `measure` is its price as the budget weighs it and `total` the whole job's (None with no time estimated), in
    `mode` (the customer's when `mode_named`, else its cheapest); `hours` how long it runs (None: not estimated,
    the training's tokens not said); `without` the setup recommended without the budget, when another, with its
    own."""

    job: str  # "training" or "batch"
    chosen: bool
    setup: str
    total: float | None
    hours: float | None
    mode: str | None
    unit: str | None = "job"
    rule: str = "fastest"
    fastest_asked: bool = False  # "o mais rápido possível" said
    measure: float | None = None
    mode_named: bool = False
    over: float = 0.0
    without: str | None = None
    without_total: float | None = None
    without_measure: float | None = None
    without_hours: float | None = None
    without_mode: str | None = None
    billed_hours: float | None = None  # a mode sold by the month: each GPU's hours billed, every month begun
    ways: list[BudgetWay] = []
    # a month's budget with no deadline said: the default deadline left open, the run may take months
    deadline_lifted: bool = False
    # more of the GPU chosen end the run sooner for no more per run (run_budget.more_of_kind): the fewest of it
    # that hold it, their time and cost, and whether the setup chosen ends it within a working day
    fewest: str | None = None
    fewest_hours: float | None = None
    fewest_total: float | None = None
    same_day: bool = False


class ApiPriceInfo(Record, kw_only=True):
    """What another provider's API charges for a million generated tokens, as the question said it ("a US$
    0,60 por milhão"), with the currency it was typed in (None: not typed, the offering's)."""

    amount: float
    currency: str | None = None


class LoadInfo(Record, kw_only=True):
    """The serving load the answer sized for, every default filled in."""

    prompt_tokens: int
    output_tokens: int
    history_tokens: int = (
        0  # the conversation before a request, kept in the prefix cache (0: independent requests)
    )
    turns: int | None = None  # messages per conversation, as given
    rate_per_s: float | None = None  # the peak rate sized for (given, or derived: see basis)
    basis: str | None = None  # "rate", "daily", "population" or "batch"; None: conversations given as users
    batch_seconds: float | None = None  # a batch with a deadline: the seconds it runs
    requests_per_day: int | None = None  # given, or from requests_per_month over traffic.toml's days of use
    requests_per_month: int | None = None
    requests_per_week: int | None = None
    population: int | None = None
    # users at once beside the head-count, each a conversation held open, and the head-count's own
    # conversations in flight at its rate on the recommended setup ("20 atendentes e 100 funcionários")
    held_users: int = 0
    people_in_flight: float | None = None
    _omit_empty = ("held_users", "people_in_flight")  # in the JSON only beside a head-count
    active_share: float | None = None
    requests_per_active_hour: float | None = None
    ttft_target_s: float | None = None  # None: the latency was not part of the sizing
    tokens_per_s_target: float | None = None
    plan_utilization: float | None = None


class ImageInfo(Record, kw_only=True):
    """The images each conversation holds (vision-language models), as sized."""

    count: int  # per conversation
    width: int
    height: int
    size: str | None = None  # as the question said it ("phone", "1920x1080"); None: the typical size assumed
    counted: bool  # False: not in the figures (see `reason`)
    reason: str | None = (
        None  # why not: "text_model" (the model reads no images), "unsourced" (no known rule)
    )
    rule: str | None = None  # how the model turns an image into tokens (models.toml, images.kind)
    tokens_per_image: int = 0  # in the conversation's context (markers included)
    cross_tokens_per_image: int = 0  # in the cross-attention layers (Llama 3.2 Vision)
    tokens_per_conversation: int = 0  # in the context, all the conversation's images
    cross_bytes_per_conversation: int = 0  # KV cache of the cross-attention layers, one GPU's worth at TP 1
    # vLLM's reserve for encoding: images of the largest size the model accepts encoded in one step, the
    # tokens of each, and the encoder's activation peak over them (one GPU, TP 1).
    encoder_images: int = 0
    encoder_tokens_per_image: int = 0
    encoder_activation_bytes: int = 0
    nearest_vision_model: str | None = None  # for a model that reads no images: the closest one that does


class RLInfo(Record, kw_only=True):
    """An RL fine-tune's settings as sized (GRPO, RLOO, PPO), every default filled in."""

    prompt_tokens: int
    completion_tokens: int
    generations: int  # completions per prompt (GRPO's and RLOO's num_generations)
    # a frozen reference is held (GRPO: beta > 0; RLOO: unless beta = 0; PPO: always), but none with LoRA
    reference_model: bool
    generation: str  # colocate (vLLM on the training GPUs), server (trl vllm-serve elsewhere) or generate
    reward_model: bool = False  # a frozen reward model scores the completions (PPO; RLOO unless functions)
    reward_models: int = 0  # how many frozen reward models score them (0: none)


class SpeculativeInfo(Record, kw_only=True):
    """Speculative decoding as sized: the drafter served beside the model (none when `refused` says why)."""

    asked: str  # the method asked for: draft_model, eagle, eagle3, mtp, ngram, or auto (only the words)
    method: str | None  # the one sized (None: sized without a drafter)
    refused: str | None = None  # why none: vocab, not_smaller, unknown, no_draft, no_mtp, training
    draft_asked: str | None = None  # the draft model as typed
    name: str | None = None  # the drafter as answers name it ("Llama 3.2 1B", "EAGLE-3", "MTP")
    draft_model: str | None = None  # draft_model: its catalogue id
    precision: str | None = None  # its weights' precision id
    precision_name: str | None = None
    params: int = 0  # parameters it adds (tables it shares with the served model excluded)
    weight_bytes: int = 0  # all of its weights
    kv_bytes_per_token: float = 0  # its KV cache per token
    kv_bytes_per_conversation: int = 0  # one conversation's, at the workload's context


class EncoderInfo(Record, kw_only=True):
    """An embedding or reranking model served on the LLM's GPUs (sizing/encoders.py), by part."""

    id: str
    name: str
    kind: str
    params: int
    weights: int
    buffer: int
    sequences: int  # the batch the buffer is sized for: sequences of sequence_tokens
    sequence_tokens: int
    overhead: int
    assumed: bool = False  # a kind's word with no model named: the table's default
    # A speech model's (kind "speech", sizing/speech.py): `buffer` is its encoder's activations over `sequences`
    # 30-second windows of `sequence_tokens` frames, and these its decoder's KV cache, beam, software and format.
    kv_cache: int = 0
    beam: int = 0
    runtime: str = ""
    format: str = ""

    @property
    def total(self) -> int:
        return self.weights + self.buffer + self.kv_cache + self.overhead


class ResolvedWorkload(Record, kw_only=True):
    _omit_empty = ("ep", "cp", "selective_recompute", "off_hours", "pipeline_schedule", "virtual_stages")
    stage: str
    model: ModelInfo
    precision: str
    precision_name: str
    bits_per_weight: float
    kv_precision: str
    context_tokens: int | None
    users: int | None
    gpu: str | None
    gpu_count: int | None
    users_batch: bool = False  # the users are one batch's requests sent together ("lote de 64 prompts")
    # a schedule said in words ("nights_weekends", "nights", "daytime", "weekends"; left out of the JSON unless said)
    off_hours: str | None = None
    task: str | None
    intent: str | None
    lang: str
    # a launch line's --max-model-len, when the users are its --max-num-seqs ceiling (sizing/plan.py): the
    # context is then a typical request's
    max_model_len: int | None = None
    launch_engine: str = "vllm"  # whose launch line: "vllm", "sglang" or "tgi" (its flags in the answer)
    seq_len: int | None = None
    batch: int | None = None
    zero: int | None = None
    tokens: int | None = None
    tokens_from_budget: bool = False  # what the question's GPU-hours budget pays for (no volume said)
    optimizer: str | None = None
    lora_rank: int | None = None
    lora_adapters: int | None = None  # serving: LoRA adapters resident beside the model
    checkpointing: bool | None = None
    cpu_offload: bool = False
    offload_params: bool = False
    tp: int | None = None
    pp: int | None = None  # pipeline stages (training)
    # expert-parallel ranks (training an MoE; left out of the JSON unless split)
    ep: int | None = None
    # context-parallel ranks (training; left out of the JSON unless split)
    cp: int | None = None
    # only the attention recomputed (Megatron-LM's selective granularity; left out of the JSON unless said)
    selective_recompute: bool | None = None
    # a pipeline schedule said other than 1F1B ("interleaved", "zbv") and its stages a GPU (left out unless said)
    pipeline_schedule: str | None = None
    virtual_stages: int | None = None
    method: str | None = None  # training method: sft, or a preference method (dpo, orpo...)
    days: int | float | None = None  # the training deadline (a fraction of a day when said in hours)
    stack: str | None = None  # training software (stacks.toml id)
    stack_name: str | None = None
    # Serving in traffic terms, as the question gave them (null when not given); `load` has what was used.
    prompt_tokens: int | None = None
    output_tokens: int | None = None
    # the answers were sized as a reasoning model's: its chain of thought and answer, a longer context to hold them
    reasoning: bool = False
    rate_per_s: float | None = None
    population: int | None = None
    ttft_target_s: float | None = None
    tokens_per_s_target: float | None = None
    load: LoadInfo | None = None
    engine: str = "vllm"  # the serving engine sized for: "llamacpp" for a GGUF file (Plan.llama_cpp)
    cost_asked: bool = False  # the question asked what it costs
    contracts_compared: list[str] = []  # "dedicado ou reservado?": the contract modes set side by side
    cost_per_user: bool = False  # "por usuário", "per seat": the month's price over the users
    cost_seats: int | None = None  # the people that price is divided by, when the load came from them
    cost_per_requests: int | None = None  # "custo por 1k requisições": the requests a price is asked for
    budget: BudgetInfo | None = None  # a budget the question gave (sizing/budget.py sets prices against it)
    api_price: ApiPriceInfo | None = None  # an API's price per million tokens, set against ours
    days_assumed: bool = False  # the deadline is the offering's default (no deadline was given)
    rl: RLInfo | None = None  # RL fine-tunes (method grpo or ppo): their settings
    images: ImageInfo | None = None  # images in the conversations, when the question has them
    contract: str | None = None  # the contract mode asked for
    term_days: int | None = None  # serving: the days the GPUs are rented for
    # Serving for availability, as the question gave it (null when not given): copies required, availability
    # asked in words (false: "sem redundância"), spares beyond the load ("N+1"), zones or regions asked for.
    replicas: int | None = None
    high_availability: bool | None = None
    spare_replicas: int | None = None
    zones: int | None = None
    speculative: SpeculativeInfo | None = None  # speculative decoding, when the question asked for it
    encoders: list[EncoderInfo] | None = None  # embedding and reranking models on the same GPUs


class Memory(Record, kw_only=True):
    """Bytes by part; `total` is their sum."""

    weights: int
    kv_cache: int = 0
    activations: int = 0
    overhead: int = 0
    gradients: int = 0
    optimizer: int = 0
    adapters: int = 0
    total: int
    # Training only: activations the other way (without checkpointing when it is on, and vice versa), and
    # host memory CPU offload needs. Neither is part of `total`.
    activations_other_choice: int | None = None
    host_offload: int = 0
    nvme_offload: int = (
        0  # ZeRO-Infinity: what the servers' NVMe drives hold in place of `host_offload`'s RAM
    )
    # Training: optimizer states in CUDA unified memory (a paged optimizer), not in `total`: on the GPU while
    # it has room, paged to the server's RAM when it has not.
    paged_optimizer: int = 0
    # Training: part of `activations`, what the loss holds (logits); and, part of `total`, the buffers
    # data-parallel training communicates through (FSDP/ZeRO-3 all-gather and reduce-scatter).
    logits: int = 0
    comm_buffers: int = 0
    # Training: part of `total`, what the optimizer step adds beyond the activations freed before it.
    optimizer_step: int = 0
    # Training (RL): part of `total`, the generation engine sharing the GPUs (vLLM colocated: its weights copy
    # and KV cache; plain generate: the KV cache beyond the activations).
    generation: int = 0
    # Training (distillation): part of `total`, the teacher run online (its weights and forward pass)
    teacher: int = 0
    # Serving: part of `weights`, what the engine adds to the checkpoint when it loads it (padding).
    engine_padding: int = 0
    # Serving with speculative decoding: part of `weights`, the drafter's (a draft model, an EAGLE head, MTP
    # layers); part of `kv_cache`, the drafter's KV cache of every conversation.
    draft_weights: int = 0
    # Serving with LoRA adapters: part of `weights`, the adapters' resident slots (vLLM --max-loras).
    served_adapters: int = 0
    # Serving with embedding or reranking models on the same GPUs: part of `weights`, theirs (weights, batch
    # buffer, their server's memory outside PyTorch; sizing/encoders.py).
    encoders: int = 0
    draft_kv_cache: int = 0
    # Serving: part of `activations`, what vLLM reserves for encoding images (sizing/images.py).
    image_encoding: int = 0


class Performance(Deferred, kw_only=True):
    """How fast a setup serves this workload (sizing/performance.py), all replicas together. What it sustains
    at most and its first token on a whole new prompt are worked out where something reads them
    (sizing/traffic.py, performance)."""

    replicas: int
    gpus_per_replica: int
    concurrency: float  # conversations in flight, all replicas
    tokens_per_s_per_user: float
    output_tokens_per_s: float  # all replicas, at that concurrency
    ttft_s: float
    tpot_ms: float
    max_output_tokens_per_s: float  # saturated, for this workload's prompt and answer lengths
    max_requests_per_s: float  # sustainable within the latency targets
    requests_per_s: float | None = None  # the load it was computed at (None: the conversations given)
    utilization: float | None = None  # that load over max_requests_per_s
    planned_utilization: float | None = None  # the most a plan may use (traffic.toml), with a rate
    meets_targets: bool | None = None  # None: no latency target applied
    cold_ttft_s: float | None = None  # a whole new prompt of the full context, unloaded (chat turns only)


class ModeCost(Record, kw_only=True):
    per_hour: float
    per_month: float
    per_million_output_tokens: float | None = None
    saving_vs_on_demand: float | None = None  # share saved against on-demand, when both are priced


class Cost(Record, kw_only=True):
    """Money, in the offering's currency, for the contract mode the answer recommends."""

    mode: str
    per_hour: float
    per_month: float
    per_million_output_tokens: float | None = None
    by_contract_mode: dict[str, ModeCost] = {}
    hours_per_month: float
    tokens_basis: str | None = (
        None  # "load": at the sized load; "capacity": kept as busy as the targets allow; "utilization"
    )
    tokens_share: float | None = None  # "utilization": the share of that capacity asked for
    hours_on: float | None = None  # a service on a schedule: the hours a month on demand bills
    schedule: tuple[float, bool] | None = None  # ... and its hours a day, and whether on weekdays only
    project_total: float | None = None  # training: the GPU-hours of the run at project_mode's price
    # the mode a training run's total is priced in: the project package's, else on demand's (billed by the hour)
    project_mode: str | None = None
    # a training asked in reserved or dedicated capacity that the table prices: the run's GPUs in that mode for
    # every month it runs into, billed whole (offering.toml: both are sold by the month), and those months
    contract_run_total: float | None = None
    contract_run_months: int | None = None
    term_total: float | None = None  # a service rented for a term ("por 12 meses"): per_month x its months
    # a batch with a deadline ("2 milhões de documentos em 3 dias"): per_hour x the hours it runs at the rate
    # the setup sustains (never past the deadline), on demand stopped when it is done
    batch_total: float | None = None
    batch_seconds: float | None = None
    # A volume said by the day (or week, month): the output tokens of a month of it, and what a million of
    # them costs when the month's bill is spread over them (the GPUs are billed idle hours too)
    month_output_tokens: float | None = None
    month_days: float | None = None
    per_million_month: float | None = None


class Setup(Deferred, kw_only=True):
    # an alternative's capacity in words and cost are worked out where something reads them (sizing/engine.py)
    gpu: str
    gpu_name: str
    count: int
    servers: int = 1
    tensor_parallel: int = 1
    pipeline_parallel: int = 1
    # training an MoE: the ranks its routed experts are split across (None: not split; left out of the JSON)
    expert_parallel: int | None = None
    # training: the context-parallel ranks each sequence is split across (None: not split; left out of the JSON)
    context_parallel: int | None = None
    zero: int | None = None
    fits: bool
    usable_bytes_per_gpu: int
    gpu_memory_bytes: int
    per_gpu: Memory
    free_bytes_per_gpu: int  # negative: short by that much
    max_users: int | None = None
    max_context_tokens: int | None = None
    # A launch line's ceiling (sizing/plan.py, max_model_len): sequences of the whole --max-model-len the KV
    # cache holds at once (vLLM's "Maximum concurrency for N tokens per request"), 0 when vLLM would not start
    max_full_sequences: int | None = None
    in_offering: bool = True
    price_per_hour: float | None = None
    problem: str | None = None  # why the setup cannot run this model at all (tensor-parallel split...)
    capacity: str | None = None  # inference: users at this context and context for these users, in words
    replicas: int = 1  # data-parallel copies of the model; tensor_parallel x pipeline_parallel GPUs each
    performance: Performance | None = None
    cost: Cost | None = None
    _omit_empty = ("expert_parallel", "context_parallel")


class Alternative(Record, kw_only=True):
    kind: str
    text: str
    setup: Setup | None = None
    # "head_count": users said alone, sized as conversations at once, read instead as the people who use the
    # service (sizing/engine.py, _head_count_reading): the load that reading sizes (its peak rate, the people,
    # the share active and what each sends). Left out of the JSON for every other alternative.
    load: LoadInfo | None = None
    _omit_empty = ("load",)


class GpuChoice(Record, kw_only=True):
    """One GPU of those a training question weighs ("h100 ou a100 pra lora ..."), beside the others: the
    fewest of it that hold the run, its time and what the run costs there (sizing/engine.py, _training_choice)."""

    gpu: str
    gpu_name: str
    bf16_tflops: float  # the catalogue's dense BF16 peak, what the time estimate divides by
    setup: Setup | None  # None: nothing we rent of this GPU holds the run
    count_named: int | None = None  # the count the question said for it ("2 h100 ou a100")
    # the count named, when it does not hold the run: `setup` is then the fewest of it that do
    short: Setup | None = None
    mfu: float = 0.40  # the share of that peak a training reaches on it (Catalog.training_mfu)
    days: float | None = None  # wall-clock on `setup`, with a data volume given
    gpu_hours: float | None = None
    price_per_gpu_hour: float | None = None  # in `price_mode`, the project package's where priced
    price_mode: str | None = None
    run_cost: float | None = None  # gpu_hours x price_per_gpu_hour


class GpuSide(Record, kw_only=True):
    """One GPU of those an inference question weighs ("h100 ou h200 pro llama 70b?"), beside the others: the
    fewest of it that serve the workload as asked (precision, users, context, traffic), or the count the
    question named, with that setup's capacity, performance and cost (sizing/engine.py, _gpu_sides)."""

    gpu: str
    gpu_name: str
    memory_bytes: int  # one GPU's, as the catalogue has it
    bandwidth_gb_s: float
    fp8: bool  # FP8 tensor cores: FP8 weights and activations (without them, FP8 runs on the weights only)
    count_named: int | None = None  # the count the question said for it ("2 h100 ou 1 h200")
    setup: Setup | None = None  # the count named, else the fewest that serve; None: none of it we rent serves
    fits: bool = False  # `setup` serves the workload as asked (under a rate, within the plan's share)
    # A count named that holds the model but whose peak passes the share of what it sustains a plan uses
    # (traffic.toml plan_utilization; its setup.performance.utilization says by how much): not serving
    over_plan: bool = False
    fewest: Setup | None = None  # a count named that does not serve: the fewest of it that do
    fewer: Setup | None = None  # a count named that serves: the fewest of it that serve too, when fewer
    problem: str | None = (
        None  # why it cannot run the model at all, as Setup.problem ("precision": the format)
    )
    # None of it we rent serves at the precision asked: the first precision down that does, and its setup
    lower_precision: str | None = None
    lower_precision_name: str | None = None
    lower: Setup | None = None

    @property
    def serving(self) -> Setup | None:
        """The setup of it that serves as asked: the one weighed, or the fewest when a count named falls short."""
        return self.setup if self.fits else self.fewest


class GpuComparison(Record, kw_only=True):
    """GPUs weighed against each other for one model's inference, side by side (GpuSide each), with which one
    serves with fewer GPUs, which is faster per user, which costs less a month, and the smallest setup that
    serves when it is another GPU."""

    sides: list[GpuSide]
    fewer_gpus: str | None = None  # the GPU that serves with fewer of it (None: as many, or not both serve)
    faster: str | None = None  # faster per user by more than the performance model's error margin
    speed_ratio: float | None = None  # its tokens/s per user over the other's
    cheaper: str | None = None  # costs less a month in `cheaper_mode` (prices configured)
    cheaper_mode: str | None = None
    cheaper_share: float | None = None  # the share it saves against the other
    cheaper_per_million: str | None = None  # costs less a million generated tokens, in `cheaper_mode`
    third: Setup | None = None  # the recommendation, when its GPU is none of those weighed


class Verdict(Record, kw_only=True):
    """The GPU a question named, answered first: whether the workload fits there as asked (by how much, at
    what capacity), and each single change that makes it fit on that GPU."""

    setup: Setup
    text: str
    changes: list[Alternative] = []
    is_recommendation: bool = False  # the named setup is also the smallest one that serves the workload
    tight: bool = False  # training that fits the GPU's memory only by eating into the margin a plan keeps
    # Under a rate, a setup that holds the model and its conversations but does not carry the peak (past what it
    # sustains, or its latency targets missed): `changes` then says how many of it do
    unserved: bool = False
    # Under a rate, a setup that carries the peak within the latency targets but above the share of what it
    # sustains a plan uses (traffic.toml plan_utilization): `changes` then says how many of it stay within it
    over_plan: bool = False
    _omit_empty = ("unserved", "over_plan")  # in the JSON only where it is so

    @property
    def title_key(self) -> str:
        """The message of the verdict in a few words: a Slack header, a notification's line."""
        if self.unserved:
            return "answer.unserved_title"
        if self.over_plan:
            return "answer.over_plan_title"
        return (
            "answer.fits_title"
            if self.setup.fits
            else "answer.tight_title"
            if self.tight
            else "answer.short_title"
        )

    @property
    def changes_key(self) -> str:
        """The message over `changes`: what makes it fit, or what makes it carry the load."""
        if self.over_plan:
            return "answer.to_plan"
        key = "answer.to_serve" if self.unserved else "answer.to_fit"
        # Beside "Com 2× H100: cabe", "Para caber em 1× H100:" named a count the change leaves: the GPU alone.
        return key + "_gpus" if any(c.kind == "more_gpus" for c in self.changes) else key


class Contract(Record, kw_only=True):
    mode: ContractMode
    reason: str
    asked: bool = False  # the customer named the contract mode


class Estimates(Deferred, kw_only=True):
    # a serving answer's lines are worked out where they are read (sizing/advice.py, _serving_estimates)
    text: list[str]
    decode_tokens_per_s_per_user: float | None = None
    decode_tokens_per_s_total: float | None = None
    time_to_first_token_s: float | None = None
    training_flops: float | None = None  # model FLOPs: 6·N·D (4·N·D for LoRA), what MFU counts
    gpu_hours: float | None = None
    wall_clock_days: float | None = None
    recompute_flops: float | None = None  # activation recomputation's extra forward pass (2·N·D)
    mfu: float | None = None  # model FLOPs utilization the estimate assumes
    # When nothing we rent holds the run: the GPU the figures are for, how many of them would finish it
    # in `deadline_days`, and how many it takes just to hold it.
    gpu: str | None = None
    gpus_to_finish: int | None = None
    deadline_days: int | float | None = None
    gpus_to_hold: int | None = None
    assumptions: list[str] = []


class Availability(Record, kw_only=True):
    """Copies of the model required for availability, against those the load alone needs, and what the copies
    left carry when one fails."""

    required_replicas: int  # copies required whatever the load ("3 réplicas"; availability alone: 2)
    spare_replicas: int = 0  # copies beyond those the load needs ("N+1": 1)
    load_replicas: int  # copies the load alone needs, each on the recommendation's GPUs per copy
    replicas: int  # copies planned: max(load + spare, required)
    zones: int | None = None  # zones or regions asked for (we have one region)
    # One copy down: the copies left, and the share of the load they still serve within the latency targets
    # (conversations held in memory without a rate; requests per second under one).
    replicas_left: int
    users: int | None = None
    users_held: int | None = None
    rate_per_s: float | None = None
    rate_held_per_s: float | None = None
    share_held: float
    text: list[str] = []


class RunChoice(Record, kw_only=True):
    """A training run with prices: the smallest setup that holds it (in time) and the one that costs least per run
    (the fewest of the GPU whose price buys the most BF16 FLOPs), each with the run's cost and time. The
    cheapest is recommended when it also finishes no later (sizing/engine.py, _run_choice)."""

    smallest: Setup
    smallest_total: float
    smallest_days: float
    cheapest: Setup
    cheapest_total: float
    cheapest_days: float
    # "cheapest" or "smallest"; "named": a training on a GPU named with no count, the run on the count of it chosen
    # (`cheapest`) beside the offering's smallest (sizing/engine.py, _named_kind_run)
    recommended: str


class SpeechApart(Record, kw_only=True):
    """The speech model on GPUs of its own, as the notes recommend beside an LLM over the plan's ceiling, priced
    on demand for those who may see prices: its GPUs, and the LLM's own setup without the speech's memory."""

    name: str
    count: int
    gpu_name: str
    per_hour: float
    llm_count: int
    llm_gpu_name: str
    llm_per_hour: float | None


class SizingResult(Record, kw_only=True):
    workload: ResolvedWorkload
    assumptions: list[str]
    memory: Memory
    # KV cache growth per token when every layer keeps the whole context, and one conversation's cache
    # at the workload's context (local-attention layers capped at their window).
    kv_bytes_per_token: float = 0
    kv_bytes_per_conversation: int = 0  # its own part: a shared system prompt's is kept once (below)
    shared_prefix_kv_bytes: int = 0  # a system prompt every conversation shares, kept once (prefix caching)
    shared_prefix_document: bool = False  # that prefix is a document every request reads, said as one
    recommendation: Setup | None
    requested: Setup | None = None  # the GPU the user named, evaluated as they named it
    verdict: Verdict | None = None  # the same, in words, with the changes that make it fit there
    alternatives: list[Alternative]
    contract: Contract
    notes: list[str]
    estimates: Estimates
    currency: str | None = None
    # Which constraint set the recommendation's size: "memory", "throughput", "latency" (even unloaded),
    # "latency_load" (with the conversations in flight) or "availability"
    # (copies required beyond those the load needs).
    decided_by: str | None = None
    decided: str | None = None  # the same, in words
    batch_time: str | None = None  # a batch counted with no deadline: how long it takes on the recommendation
    # "mais barato?": the line over the cheaper setups (the alternatives of kind "cheaper"), or that the
    # recommendation is already the cheapest and what would have to give (sizing/advice.py, cheaper)
    cheaper: str | None = None
    # GPUs weighed against each other for a training ("a100 vs h100 for full fine-tune"): each side by side
    gpu_choice: list[GpuChoice] = []
    # GPUs weighed against each other for inference ("h100 vs h200 para llama 70b"): each side by side
    gpu_comparison: GpuComparison | None = None
    # Left out of the JSON when empty: only answers that weigh GPUs have them.
    # The speech model's GPUs apart, as the notes recommend, with their price (staff only): sizing/advice.py
    speech_apart: SpeechApart | None = None
    _omit_empty = ("gpu_choice", "run_choice", "gpu_comparison", "run_budget_pick", "speech_apart")

    @property
    def weighed_gpus(self) -> list[str]:
        """The names of the GPUs weighed side by side, inference's or a training's: the answer leads with them,
        in place of the first one's verdict. Empty when the question weighed none."""
        if self.gpu_comparison is not None:
            # with the count the question named ("2 ou 4 h100 ou h200": the H100 and the H200 had each been
            # said twice, alike)
            return [
                f"{side.count_named}× {side.gpu_name}" if side.count_named else side.gpu_name
                for side in self.gpu_comparison.sides
            ]
        return [side.gpu_name for side in self.gpu_choice]

    # A training run with prices whose cheapest setup per run is not its smallest: both, and which is recommended
    run_choice: RunChoice | None = None
    availability: Availability | None = None  # copies required for availability ("3 réplicas", "HA", "N+1")
    budget_pick: BudgetPick | None = (
        None  # an hour's budget that chose the setup, or that none serving is within
    )
    # A training run asked together with serving what it makes ("fine-tuning LoRA ... e depois servir pra 50
    # usuários"): the serving, sized as its own workload (sizing/serve_after.py); or why it could not be, in words
    serving: SizingResult | None = None
    # a training run's or a batch's budget that chose the setup, or that none doing the job is within
    run_budget_pick: RunBudgetPick | None = None
    serving_refused: str | None = None
