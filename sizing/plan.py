"""A workload with every name resolved, every default chosen and every value checked.

Each default the engine picks is written down as an assumption in the user's language, because the
answer must say what it assumed.
"""

from __future__ import annotations

import math

import msgspec

from . import encoders, i18n, images, kv_cache, regexes, serving, speech, traffic_query, training
from .architecture import Architecture, updated
from .budget import converted
from .catalog import (
    GPU,
    Catalog,
    ImageRule,
    KVPrecision,
    ModelEntry,
    Precision,
    Release,
    Stack,
    Uncatalogued,
    is_budget,
)
from .errors import SizingError
from .i18n import t
from .names import (
    ModelSource,
    ResolvedModel,
    base_in_name,
    family_in_name,
    llama_cpp_cache_type,
    name_index,
    normalize,
    parse_size,
    resolve_gpu,
    resolve_kv_precision,
    resolve_model,
    resolve_precision,
    resolve_stack,
    scale_layers,
    unversioned_base,
)
from .result import ApiPriceInfo, BudgetInfo, Setup
from .serve_after import serving_workload
from .speculative import (
    NGRAM,
    Speculation,
    draft_model,
    eagle_head,
    mtp_layers,
    same_family,
    same_vocab_drafts,
    vocab_matches,
)
from .speech_query import Load
from .weights import weight_bytes
from .workload import Intent, Method, Optimizer, Stage, Task, Workload

# "gemma-4-31b": the size a name ends with
_TRAILING_SIZE = regexes.compile(r"(\d+(?:\.\d+)?b)\W*$")

DEFAULT_CONTEXT = 4096
FINETUNE_SEQ_LEN = 2048
PRETRAIN_SEQ_LEN = 4096
MAX_USERS = 100_000
# Llama 3 405B was pre-trained on up to 16,384 H100s (arXiv:2407.21783, section 3.3): a cluster asked about
# may be twice that before the count is taken for a typo.
MAX_GPUS = 32_768
MAX_TOKENS = 10**15
MAX_DAYS = 3650
MAX_REPLICAS = 1024
HA_REPLICAS = 2  # availability without a number: one copy can fail (or be updated) while another serves
MAX_IMAGES = 10_000  # images in one conversation: beyond any model's context
CHINCHILLA_TOKENS_PER_PARAM = 20  # Hoffmann et al. 2022, arXiv:2203.15556
# Text on disk per token: Llama 3's tokenizer compresses English to 3.94 characters per token ("The Llama 3
# Herd of Models", arXiv:2407.21783, section 3.1.1); UTF-8 text is about a byte a character.
BYTES_PER_TOKEN = 4


class ImagePlan(msgspec.Struct, frozen=True):
    """The images each conversation holds, and what the model makes of them."""

    count: int  # per conversation
    width: int
    height: int
    size: str | None  # the size as the question said it; None: traffic.toml's typical image, assumed
    count_assumed: bool  # images were said with no count: one per conversation
    rule: ImageRule | None  # the model's rule; None (a text model) or unsourced: the images are not counted
    each: images.ImageTokens | None = None  # what one image becomes (counted rules only)
    # no count said, and the images are the documents' scanned pages: one per document, said as such
    pages: bool = False
    # the size is a scanned page's because the documents are one-page ones, not because it was said
    page_size: bool = False
    # a video each conversation reads (Workload.video_seconds): its frames, and what one block of them becomes
    video: images.VideoTokens | None = None

    @property
    def counted(self) -> bool:
        return self.each is not None

    @property
    def context_tokens(self) -> int:
        """Tokens the images take in each conversation's own context."""
        return self.count * self.each.context if self.each else 0

    @property
    def cross_tokens(self) -> int:
        """Tokens the images keep in the cross-attention layers of each conversation (Llama 3.2 Vision)."""
        return self.count * self.each.cross if self.each else 0


class Plan(msgspec.Struct, frozen=True):
    lang: str
    stage: Stage
    resolved: ResolvedModel
    precision: Precision
    kv: KVPrecision
    context: int
    users: int
    gpu: GPU | None
    gpus: int | None
    task: Task | None
    intent: Intent | None
    # vLLM's --max-num-batched-tokens: the offering's, or the larger one a long-context mode needs
    prefill_chunk: int = 2048
    # The users are an engine's ceiling on sequences at once (Workload.users_limit): the --max-model-len vLLM
    # must start with, whose one sequence the KV cache of each copy must hold (vllm/v1/core/kv_cache_utils.py,
    # check_enough_kv_cache_memory), while `context` is then a typical request's length, at which the ceiling's
    # `users` sequences are sized (_serving_load). None: the users are the load, at `context` each.
    max_model_len: int | None = None
    # max_model_len is the model's own window, the line having no --max-model-len (the verdict says so)
    max_model_len_window: bool = False
    # the launch line's engine: "vllm", "sglang" or "tgi" (Workload.launch_engine), named with its flags
    launch_engine: str = "vllm"
    # serving: a batch's requests counted with no deadline ("processar 100 mil emails"): the answer says how
    # long they take on the setup (sizing/advice.py batch_time)
    batch_items: int | None = None
    # serving: the sequences at once one batch's requests sent together make ("lote de 64 prompts"), said as a
    # batch while they are still the users sized
    users_batch: int | None = None
    generated_tokens: int | None = None  # serving: tokens to generate, counted with no deadline
    read_tokens: int | None = None  # serving: tokens to read (short answers), counted with no deadline
    batch_seconds: float | None = (
        None  # a batch with a deadline: the seconds it runs (its cost against a budget)
    )
    # the publisher's minimum GPU memory (GB, all GPUs) for the extended context the question reaches into
    published_minimum_gb: float | None = None
    # "quantas páginas cabem?": the tokens of a page (traffic.toml), which the capacity converts to
    tokens_per_page: int | None = None
    # "quantos usuários cabem numa H100?": how many the named setup holds is the question (sizing/engine.py)
    capacity_asked: bool = False
    users_in_europe: bool = False  # a place in Europe said: the latency note is about them (sizing/advice.py)
    # training
    seq_len: int = FINETUNE_SEQ_LEN
    # tokens of image states each sequence keeps for cross-attention (Llama 3.2 Vision fine-tunes, _training_images)
    image_cross_tokens: int = 0
    # a vision fine-tune's images counted in its sequences (_training_images)
    images_in_sequences: bool = False
    # a vision encoder trained too: what it keeps for the backward per sequence, with and without checkpointing
    vision_encoder_bytes: tuple[int, int] = (0, 0)
    batch: int = 1
    # sequences an optimizer step reads, all GPUs and accumulation together, when said ("batch global de 64")
    global_batch: int | None = None
    zero: int | None = None
    tokens: int | None = None
    tokens_from_budget: bool = False  # a pre-training's tokens are what its GPU-hours budget pays for
    optimizer: Optimizer = Optimizer.adamw
    # a full fine-tune whose software's own one-GPU recipe may pick the optimizer (none said, SFT, no gradient
    # accumulation, which torchtune's optimizer_in_bwd refuses): see recipe_optimizer
    optimizer_open: bool = False

    @property
    def recipe_optimizer(self) -> bool:
        """Whether the stack's one-GPU full fine-tune recipe picks the optimizer (sizing/training.py memory)."""
        return self.optimizer_open and self.stack is not None and self.stack.single_device_paged_8bit

    lora_rank: int = 16
    # serving: LoRA adapters resident beside the model (vLLM --enable-lora --max-loras), at lora_rank
    lora_adapters: int = 0
    # serving: embedding and reranking models on the same GPUs (sizing/data/encoders.toml ids), and those of
    # them assumed for a kind's word with no model named
    encoders: tuple[str, ...] = ()
    encoders_assumed: tuple[str, ...] = ()
    # the audio a speech model among them keeps up with (sizing/advice.py sets its share of the GPU's time
    # against the LLM's)
    speech_load: Load | None = None
    checkpointing: bool = True
    selective_recompute: bool = False  # only the attention recomputed (checkpointing is then False)
    eager_attention: bool = False  # attention without FlashAttention: the a x s x s scores stored
    dualpipe: bool = (
        False  # DeepSeek-V3's DualPipe schedule: two stages' weights a rank, pp + 1 micro-batches
    )
    virtual_stages: int = 1  # the interleaved 1F1B schedule's stages a rank (1: 1F1B, or ZB-V sized as 1F1B)
    pipeline_schedule: str | None = None  # Workload.pipeline_schedule: "interleaved" or "zbv" said
    lora_targets: str | None = None  # Workload.lora_targets: "all_linear", "qv" or "+"-joined modules said
    lora_dropout: bool = False  # a lora_dropout above 0 said (PEFT's default is 0)
    async_tp: bool = False  # Workload.async_tp: AsyncTP said, sized where the stack's TP gathers whole inputs
    cpu_offload: bool = False
    offload_params: bool = (
        False  # the weights in the servers' RAM too (ZeRO-3 offload_param, FSDP CPU offload)
    )
    nvme_offload: bool = False  # what is offloaded goes to the NVMe (ZeRO-Infinity), not the RAM
    machine: str | None = None  # "hosted" (Colab, Kaggle) or "own" (the customer's): Workload.machine
    tp: int = 1
    pp: int = 1  # pipeline stages (training)
    ep: int = 1  # expert-parallel ranks (training an MoE)
    cp: int = 1  # context-parallel ranks (training): each holds 1/cp of every sequence's tokens
    context_split: bool = False  # the sequence said split across the GPUs, no degree: the search prefers CP
    layout_searched: bool = False  # tp/pp/ep/cp chosen by the sizing (sizing/training_layout.py), not said
    method: Method = Method.sft  # supervised, or a preference method (DPO...)
    # RL (GRPO, PPO): prompt and completion tokens, completions per prompt, the KL reference, and where the
    # completions are generated (colocate, server, generate)
    rl_prompt: int = training.RL_PROMPT
    rl_completion: int = training.RL_COMPLETION
    rl_generations: int = training.RL_GENERATIONS
    rl_reference: bool = False
    rl_reward_model: bool = False  # a frozen reward model scores the completions (PPO's; RLOO's by default)
    rl_reward_arch: ModelEntry | None = None  # a reward model of its own, named (None: the policy's size)
    rl_reward_models: int = 1  # how many frozen reward models score each completion
    rl_generation: str = "colocate"
    rl_prompts: int | None = (
        None  # prompts the run goes through (dataset x epochs): what its time scales with
    )
    # Distillation: the teacher run online beside the training (None: no teacher, or its outputs made offline)
    teacher: ModelEntry | None = None
    days: int | float | None = None  # the deadline of a training run (a fraction of a day when said in hours)
    # a service's deadline to be up by ("precisamos disso em 24h", "for tomorrow"): how to start, not its size
    up_by_days: float | None = None
    stack: Stack | None = None  # the training software (None: inference)
    # serving: each request's prompt and answer, the peak rate (requests/s) and where it came from
    # ("rate", "daily", "population"), and the latency targets (None: not sized for latency)
    prompt: int = DEFAULT_CONTEXT  # new tokens each request brings
    output: int = 0
    history: int = 0  # tokens of the conversation already cached (prefix caching) when a request arrives
    shared_prefix: int = (
        0  # tokens every conversation starts with (a system prompt): their KV cache is kept once
    )
    turns: int | None = None  # messages per conversation, as the question said them
    rate: float | None = None
    rate_basis: str | None = None
    # Users at once beside a head-count ("20 atendentes e 100 funcionários"): each holds a conversation open
    # beside the head-count's rate, their back-to-back requests `held_rate` of it (sizing/traffic.py in_flight)
    held_users: int = 0
    held_rate: float = 0.0
    held_people_in_flight: float | None = None  # the head-count's own conversations in flight, as sized
    population: int | None = None
    active_share: float | None = None
    compare: tuple[tuple[GPU, int | None], ...] = ()  # other GPUs weighed against the named one, and counts
    per_active_hour: float | None = None
    ttft_target: float | None = None
    tpot_target: float | None = None  # seconds per output token (1 / tokens per second per user)
    e2e_target: float | None = None  # seconds for a whole answer, first token to last
    targets_given: bool = False
    # Conversations at once with long prompts and no target typed: each copy must read one prompt within the
    # chat's default first token (sizing/engine.py, _read_in_time), not only hold the conversations
    reads_in_time: bool = False
    cost_asked: bool = False
    contracts_compared: tuple[str, ...] = ()  # "dedicado ou reservado?": the modes set side by side
    cost_per_user: bool = False  # "por usuário", "per seat": the month's price over the users
    # The people a cost per user divides by when the load came from people ("500 usuários ativos", "1000
    # usuários, 30 perguntas por dia cada"); None: the users sized at once
    cost_seats: int | None = None
    cost_per_requests: int | None = None  # "custo por 1k requisições": the price of that many requests
    budget: BudgetInfo | None = None  # a budget the question gave (sizing/budget.py)
    fastest: bool = (
        False  # "o mais rápido possível": a job's setup chosen for its wall-clock (sizing/run_budget.py)
    )
    api_price: ApiPriceInfo | None = None  # an API's price per million tokens, set against ours
    rate_asked: bool = False  # "quantas requisições por segundo aguenta?": the named GPU's answer says it
    utilization: float | None = None  # "a 80% de utilização": the share of its sustainable rate priced
    # "8 horas por dia em dias úteis": the hours a month the service is on (None: always on); on demand bills
    # only those (sizing/advice.py cost), reserved and dedicated capacity the whole month
    hours_on: float | None = None
    schedule: tuple[float, bool] | None = None  # (hours a day, weekdays only), as the answer says them
    off_hours: str | None = None  # ... said in words ("nights and weekends"): its hours a day an average
    requests_per_day: int | None = None  # given, or from a monthly volume
    requests_per_month: int | None = None
    requests_per_week: int | None = None
    # what the question itself said (None when not given), for the answer's "workload" section
    given_prompt: int | None = None
    given_output: int | None = None
    # the answers were sized as a reasoning model's (chain of thought and answer: sizing/plan.py reasons)
    reasoning: bool = False
    given_rate: float | None = None
    given_tokens_per_s: float | None = None
    given_ttft: float | None = None
    # the first token asked for that no setup we rent gives even unloaded: sized for the fastest there is instead
    missed_ttft: float | None = None
    # the tokens a second per user asked for that no setup we rent gives even unloaded, as missed_ttft
    missed_tokens_per_s: float | None = None
    # the whole answer's time asked for that no setup we rent gives even unloaded, as missed_ttft
    missed_e2e: float | None = None
    # the setup closest to that whole answer's time was far dearer than one nearly as fast: the setup, and its
    # whole answer in s (unloaded, where the precision assumed was 16 bits and the answer is at the one below;
    # else, same precision, the whole answer it was sized for), and whether the precision is the same
    dearer_closest: tuple[Setup, float, bool] | None = None
    # the 16-bit setup that meets the first token asked, far dearer than the recommendation at the precision below
    # that meets it nearly as soon: the setup and its first token unloaded, in s (sizing/engine.py)
    dearer_first_token: tuple[Setup, float] | None = None
    days_assumed: bool = False  # the deadline is the offering's default, not the customer's
    contract: str | None = None  # the contract mode the customer asked for
    production_next: bool = False  # an evaluation said to come before production (Workload.production_next)
    term_days: int | None = None  # serving: the days the GPUs are rented for
    # serving for availability: copies required whatever the load ("3 réplicas"; "alta disponibilidade": 2),
    # copies beyond those the load needs ("N+1": 1), and the zones or regions asked for (we have one)
    min_replicas: int = 1
    spare_replicas: int = 0
    zones: int | None = None
    # the customer quantizes the model before serving it (a note says what it takes)
    quantize_run: bool = False
    # where the question said the data must stay ("eu", with "lgpd" when the LGPD is named too)
    residency: tuple[str, ...] = ()
    count_asked: bool = (
        False  # "quantas H100?": the fewest of the named GPU that serve lead (sizing/choice.py)
    )
    # a training's GPU-hours asked of the named GPU: the run's total on it, on as many as finish in time
    gpu_hours_asked: bool = False
    layout_given: bool = False  # tensor or pipeline parallelism said ("tp=2 pp=2"): the GPU count is theirs
    given_replicas: int | None = None  # as the question said them (None when not given)
    given_high_availability: bool | None = None
    # Speculative decoding: the drafter served beside the model (None: plain decoding), the method the
    # question asked for ("auto": only speculative decoding was said), and why none is served when one was
    # asked for (the draft's vocabulary differs, the model has no MTP layers...).
    spec: Speculation | None = None
    spec_asked: str | None = None
    spec_refused: str | None = None
    spec_draft: str | None = None  # the draft model as the question named it
    # Images in each conversation (None: none said); image_prefill: whether each request brings them (its
    # prompt holds them) rather than the conversation's cached history.
    images: ImagePlan | None = None
    image_prefill: bool = False
    assumptions: tuple[str, ...] = ()

    @property
    def model(self) -> ModelEntry:
        return self.resolved.model

    @property
    def engine(self) -> str:
        """The serving engine: "llamacpp" for a GGUF file (llama.cpp's own format, which Ollama and LM Studio run
        and vLLM loads only experimentally: docs.vllm.ai, quantization/gguf), "exllamav2" for an EXL2 file
        (TabbyAPI; vLLM has no EXL2 loader), "vllm" otherwise. The first two keep no share of the GPU back and
        take their own flags (sizing/setups.py usable)."""
        return "vllm" if self.stage.is_training else self.precision.engine_name

    @property
    def llama_cpp(self) -> bool:
        return self.engine == "llamacpp"

    @property
    def timed(self) -> bool:
        """A training run whose time is estimated: its tokens, or an RL run's prompts with vLLM generating."""
        if self.method.is_rl:
            return bool(self.rl_prompts) and self.rl_generation != "generate"
        return bool(self.tokens)

    @property
    def availability(self) -> bool:
        """Copies of the model are required for availability, beyond what the load alone needs."""
        return self.min_replicas > 1 or self.spare_replicas > 0

    @property
    def traffic(self) -> bool:
        """Sized by a request rate (given, or from a daily volume or a head-count)."""
        return self.rate is not None

    def but(self, **changes) -> Plan:
        # A copy with some fields changed, made in C (sizing one question calls this hundreds of times);
        # a name that is not a field raises TypeError.
        return msgspec.structs.replace(self, **changes)


def _check_ep(model: Architecture, ep: int, stage: Stage, rl: bool) -> None:
    """Expert parallelism splits an MoE's routed experts evenly across ranks (Megatron-LM requires
    --num-experts divisible by --expert-model-parallel-size); it is sized for a training of every weight."""
    if model.moe is None or not model.moe_layers:
        raise SizingError("ep_dense", "ep_examples", ep=ep, model=model.name)
    if model.moe.experts % ep:
        raise SizingError("bad_ep", "ep_examples", ep=ep, experts=model.moe.experts, model=model.name)
    if stage not in (Stage.full, Stage.pretrain) or rl:
        raise SizingError("ep_full_only", "ep_examples", ep=ep)


def context_parallel_said(cp: int, seq_len: int, lang: str) -> str:
    """What a context-parallel split assumes: each rank's share of a sequence, the states' sharding."""
    return t(lang, "assume.context_parallel", cp=cp, tokens=i18n.number(-(-seq_len // cp), lang),
             seq=i18n.number(seq_len, lang))  # fmt: skip


def _positive(value: int | None, what: str, limit: int, lang: str) -> None:
    if value is None:
        return
    if value < 1:
        raise SizingError(f"not_positive_{what}", f"{what}_examples", value=value)
    if value > limit:
        raise SizingError(f"too_large_{what}", f"{what}_examples", value=i18n.number(value, lang))


# A model changed for one question (a stand-in "Mistral Nemo 12B (43 layers)" named in the reader's language, a
# derivative named with its base, an extended context, the images' cross-attention tokens), by the model and the
# changes: the same question asked again gets the same object, so what the sizing keeps by model (a copy on each
# GPU, the rates it sustains: sizing/setups.py, traffic.py) is found again, as it is for a model the catalogue
# holds; a new object each time had found nothing. The model is kept with its changed copy, so its id is not
# reused while kept. Bounded: it starts over when full.
_CHANGED: dict[tuple, tuple[ModelEntry, ModelEntry]] = {}
_CHANGED_SIZE = 1024


def pasted_name(model: ModelEntry, lang: str) -> str:
    """The model's name, but for a pasted config.json that kept none of its own (hub/pasted.py _name): named by
    its size in the reader's language, as "config.json" alone had read as a file, not a model."""
    if model.name != "config.json" or not model.id.startswith("pasted:"):
        return model.name
    return t(lang, "model.pasted_name", params=i18n.params(model.params, lang))


def _changed(model: ModelEntry, **changes) -> ModelEntry:
    key = (id(model), *changes.items())
    kept = _CHANGED.get(key)
    if kept is not None and kept[0] is model:
        return kept[1]
    if len(_CHANGED) >= _CHANGED_SIZE:
        _CHANGED.clear()
    out = updated(model, **changes)
    _CHANGED[key] = (model, out)
    return out


def make_plan(w: Workload, catalog: Catalog, source: ModelSource | None = None) -> Plan:
    lang = i18n.lang_of(w.lang)
    said: list[str] = []
    stage = w.stage
    # "1 milhão de usuários" with no rate is a head-count (sized by its traffic below, up to a population's
    # limit), not a million conversations at once.
    head_count = (
        w.users is not None
        and w.users >= catalog.traffic.population.users_as_population_from
        and not w.users_at_once
        and not w.users_limit  # "--max-num-seqs 1024": sequences at once, never people
    )
    as_population = (
        head_count
        and w.population is None
        and not (w.rate_per_s or w.requests_per_day or w.requests_per_week or w.requests_per_month)
    )
    if as_population and w.users > 10**9:
        value = i18n.number(w.users, lang)
        raise SizingError("traffic.bad_population", "traffic.population_examples", value=value)
    _positive(w.users, "users", 10**9 if as_population else MAX_USERS, lang)
    _positive(w.context, "context", 10**9, lang)
    _positive(w.gpus, "gpus", MAX_GPUS, lang)
    _positive(w.batch, "batch", 4096, lang)
    _positive(w.seq_len, "seq_len", 10**9, lang)
    _positive(w.tokens, "tokens", MAX_TOKENS, lang)
    _positive(w.lora_rank, "lora_rank", 4096, lang)
    _positive(w.lora_adapters, "lora_adapters", 10_000, lang)
    _positive(w.tp, "tp", 64, lang)
    _positive(w.pp, "pp", 64, lang)
    _positive(w.ep, "ep", 1024, lang)
    _positive(w.cp, "cp", 64, lang)
    # a deadline in hours is a fraction of a day ("em 2 horas"): positive is all it must be
    _positive(w.days if w.days is None or w.days <= 0 else max(w.days, 1), "days", MAX_DAYS, lang)
    _positive(w.term_days, "days", MAX_DAYS, lang)
    _positive(w.examples, "examples", MAX_TOKENS, lang)
    _positive(w.epochs, "epochs", 1000, lang)
    _positive(w.replicas, "replicas", MAX_REPLICAS, lang)
    if w.images is not None and not 0 < w.images <= MAX_IMAGES:
        raise SizingError("images.bad_count", "images.examples", value=i18n.number(w.images, lang))
    for value, what, limit in (
        (w.prompt_tokens, "prompt_tokens", 10**7),
        (w.prompt_pages, "prompt_pages", 10**4),
        (w.output_tokens, "output_tokens", 10**7),
        (w.requests_per_day, "requests_per_day", 10**10),
        (w.requests_per_month, "requests_per_month", 10**12),
        (w.requests_per_week, "requests_per_week", 10**11),
        (w.population, "population", 10**9),
        (w.rate_per_s, "rate", 10**6),
        (w.ttft_s, "ttft", 3600),
        (w.tokens_per_s, "tokens_per_s", 10**4),
        (w.requests_per_active_hour, "requests_per_active_hour", 3600),
        (w.active_share, "active_share", 1),
        (w.latency_percentile, "latency_percentile", 100),
    ):
        if value is not None and not 0 < value <= limit:
            shown = (
                i18n.percent(value, lang)
                if what == "active_share"
                else i18n.number(value, lang, 0 if value == int(value) else 2)
            )
            raise SizingError(f"traffic.bad_{what}", f"traffic.{what}_examples", value=shown)
    if w.zero is not None and not 0 <= w.zero <= 3:
        raise SizingError("bad_zero", "zero_examples", value=w.zero)

    resolved = resolve_model(w.model, catalog, source)
    if (
        w.context is not None
        and w.context > resolved.model.context_limit
        and (variant := _context_variant(resolved.model, w.context, catalog)) is not None
    ):
        # "phi 3 mini com 128k": the model's variant named by the context asked (Phi-3 Mini 128K), rather than
        # the 4k model refused; said.
        said.append(t(lang, "assume.model.context_variant", model=resolved.model.name, variant=variant.name,
                      context=i18n.tokens(w.context, lang), limit=i18n.tokens(resolved.model.context_limit,
                      lang), variant_limit=i18n.tokens(variant.context_limit, lang)))  # fmt: skip
        resolved = resolve_model(variant.id, catalog)
    model = resolved.model
    if (named := pasted_name(model, lang)) != model.name:
        model = _changed(model, name=named)
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    # (the derivative's own name, its base's) for a derivative a fine-tune's name gives as its base
    derived_names: tuple[str, str] | None = None
    if model.scaled_from:
        # The engine names a scaled architecture without a language; the answer names it in the reader's.
        base_name = catalog.model(model.scaled_from).name
        model = _changed(model, name=t(lang, "model.scaled_name", base=base_name, layers=model.num_layers))
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    elif model.derived_from:
        # A derivative is named as asked, with the catalogue model whose architecture and limits it has
        # ("DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B)"): the customer sees we read them right.
        base = catalog.model(model.derived_from)
        if not next(d.config_cited for d in base.derivatives if d.id == model.id):
            said.append(t(lang, "assume.model.derived_config_uncited", model=model.name, base=base.name))
        derived_names = (model.name, base.name)
        model = _changed(model, name=t(lang, "model.derived_name", name=model.name, base=base.name))
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    if w.family_typed:
        # "granite 3.3 8b": said as for a repo of a family the catalogue lacks, before how the size was sized,
        # and named as asked wherever the answer names its model ("granite 3.3 8b (sized as Llama 3.1 8B)")
        # a known family's word in the name ("gemma 4 31b", "dolphin-qwen2.5-9b"): a version of it the
        # catalogue lacks, sized within that family
        key = "version_size" if family_in_name(w.family_typed, catalog) else "repo_size"
        typed = _TRAILING_SIZE.search(w.family_typed.lower())
        size = (resolved.typed_size or (typed.group(1) if typed else w.family_typed)).upper()
        if (base := base_in_name(w.family_typed, catalog)) is not None and w.model == base.id:
            # "dolphin-2.9-llama3-8b": its base, named in it (sizing/query.py), not a stand-in of its size
            said.append(t(lang, "assume.model.repo_family", repo=w.family_typed, model=model.name))
            if (named := unversioned_base(w.family_typed, catalog)) is not None:
                said.append(t(lang, "assume.model.fine_tune_version", named=named, model=model.name))
        else:
            said.append(t(lang, f"assume.model.{key}", repo=w.family_typed, size=size))
        if derived_names:
            # "dolphin-2.9-qwen2-7b (dimensionado como Qwen2 7B, arquitetura do Qwen2.5 7B)": one parenthesis
            name = t(lang, "model.family_sized_derived", name=w.family_typed, derived=derived_names[0],
                     base=derived_names[1])  # fmt: skip
        else:
            name = t(lang, "model.family_sized", name=w.family_typed, base=model.name)
        model = _changed(model, name=name)
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    else:
        by_size = next((params for key, params in resolved.notes if key == "repo_size"), None)
        if by_size is not None:
            # "ibm-granite/granite-3.3-8b-instruct" with the Hub unread: named as asked wherever the answer
            # names its model, as a typed "granite 3.3 8b" is, not as the stand-in alone.
            own = by_size["repo"].rsplit("/", 1)[-1]
            model = _changed(model, name=t(lang, "model.family_sized", name=own, base=model.name))
            resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    if model.scaled_from and resolved.typed_size and not w.family_typed:
        # "um modelo de 13B": no model of the catalogue is that size, so a stand-in of that many parameters is
        # sized; named as what it is, a generic model of the size asked, not as a model the customer may look up.
        model = _changed(
            model, name=t(lang, "model.generic_name", size=resolved.typed_size.upper(), base=model.name)
        )
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    for key, params in resolved.notes:
        said.append(t(lang, f"assume.model.{key}", **_note_params(params, lang)))
    if model.licence:
        said.append(t(lang, f"licence.{model.licence}", model=model.name))
    if resolved.typed_size:
        key = "assume.scaled_model" if model.scaled_from else "assume.bare_size"
        if stage is Stage.pretrain and not model.scaled_from:
            # Trained from scratch, a bare size has no checkpoint to load: the reference model lends only its shape.
            key = "assume.bare_size_shape"
        base = catalog.model(model.scaled_from).name if model.scaled_from else model.name
        said.append(
            t(
                lang,
                key,
                size=resolved.typed_size,
                model=model.name,
                base=base,
                layers=model.num_layers,
                params=i18n.params(model.params, lang),
            )
        )

    # The training software decides what the loss, the adapters and the checkpoints keep in memory.
    stack = (
        (resolve_stack(w.stack, catalog) if w.stack else catalog.default_stack) if stage.is_training else None
    )
    if stack is not None and w.cut_cross_entropy and stack.logit_bytes:
        # Cut Cross-Entropy (Wijmans et al. 2024, arXiv:2411.09009, section 4) computes each logit block in the GPU's
        # shared memory and never stores the logits; its backward leaves the BF16 gradient of the hidden states
        stack = msgspec.structs.replace(stack, logit_bytes=0.0, fused_loss_bytes=float(training.ACT))
        said.append(t(lang, "assume.cut_cross_entropy", stack=stack.name))
    if stack is not None and w.pure_bf16 and (stack.master_weights or stack.autocast):
        # the stack's own software run in BF16 alone: no FP32 master copy, no autocast (sizing/training.py)
        stack = msgspec.structs.replace(stack, master_weights=False, autocast=False)
    elif stack is not None and stack.bf16_load and stack.master_weights and w.zero is None:
        # the model loaded in BF16 and stepped as it is (stacks.toml bf16_load), autocast kept; DeepSpeed's ZeRO,
        # said, keeps its FP32 partitions
        stack = msgspec.structs.replace(stack, master_weights=False)
    precision = _precision(w, stage, model, catalog, lang, said, stack)
    if not stage.is_training and w.gpu and w.gpu.startswith("mac-") and is_budget(w.gpu):
        precision = _mac_file(precision, catalog, lang, said)
    if model.release and model.release.precision == precision.id:
        from .weights import weight_bytes

        said.append(t(lang, "assume.model.release", repo=model.release.repo, precision=precision.name,
                      weights=i18n.gb(weight_bytes(model, precision, catalog).bytes, lang)))  # fmt: skip
    elif model.release and w.precision:
        said.append(t(lang, "assume.model.release_other_precision", repo=model.release.repo,
                      published=resolve_precision(model.release.precision, catalog).name,
                      precision=precision.name))  # fmt: skip
    elif differs := _published_release_differs(model, precision, catalog):
        said.append(t(lang, "assume.model.release_differs", precision=precision.name, repo=differs[0].repo,
                      weights=i18n.gb(differs[1], lang), published=i18n.gb(differs[0].weight_bytes, lang)))  # fmt: skip
    engine = "vllm" if stage.is_training else precision.engine_name
    if engine == "llamacpp" and model.window and not model.llama_cpp_window:
        # llama.cpp windows the cache of the sliding-window layers it knows (llama_kv_cache_iswa: the SWA
        # layers' cache is n_swa tokens per sequence plus a micro-batch unless --swa-full; common/common.h
        # swa_full = false, PR #13194), but its LLaMA graph, which runs Mistral 7B v0.1, has no sliding window
        # (issue #3377, closed unimplemented): every layer keeps the whole context there.
        model = msgspec.structs.replace(model, window=0, layer_pattern=model.layer_pattern.replace("L", "G"))
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
        said.append(t(lang, "assume.llama_cpp_full_window", model=model.name))
    kv = (
        resolve_kv_precision(w.kv_precision, catalog, engine)
        if w.kv_precision
        else catalog.kv_precision("bf16")
    )
    if model.compressed and not stage.is_training:
        # DeepSeek-V4: vLLM supports only an FP8 cache ("DeepseekV4 only supports fp8 kv-cache format",
        # deepseek_v4_attention.py); its bytes do not depend on the precision asked (sizing/kv_cache.py).
        kv = catalog.kv_precision("fp8")
        said.append(t(lang, "assume.kv_fp8_only", model=model.name))
    elif model.mla and kv.k_bytes_per_value is not None:
        # llama.cpp keeps an MLA model's latent (kv_lora_rank + rotary dims) in the K cache alone and makes no
        # V cache, V being a view of K (src/llama-kv-cache.cpp, llama_kv_cache: has_v = !is_mla): -ctk sets
        # every byte, -ctv none.
        kv = msgspec.structs.replace(kv, bytes_per_value=kv.k_bytes_per_value)
        k_type, _, v_type = kv.id.partition("/")
        said.append(t(lang, "assume.kv_mla_k_only", model=model.name, k=llama_cpp_cache_type(k_type),
                      v=llama_cpp_cache_type(v_type)))  # fmt: skip
    elif not w.kv_precision and not stage.is_training:
        # llama.cpp's cache is F16 unless -ctk/-ctv say otherwise (common/common.h: cache_type_k/v F16).
        # ExLlamaV2's too (TabbyAPI cache_mode FP16 by default: config_sample.yml). SGLang and TGI also keep the
        # cache in the model's dtype unless told otherwise (kv_cache_dtype "auto").
        own = {"llamacpp": "kv_precision_llamacpp", "exllamav2": "kv_precision_exllamav2"}
        if precision.engine_name in own:
            said.append(t(lang, "assume." + own[precision.engine_name]))
        else:
            said.append(
                t(
                    lang,
                    "assume.kv_precision",
                    engine=t(lang, f"launch_engine.{w.launch_engine or 'vllm'}.engine"),
                )
            )

    if w.turns and w.context is None and not stage.is_training and not w.turns_of_task:
        w = _conversation_context(w, model, catalog, lang, said)
    if w.context_max and w.context is None and not stage.is_training:
        # "contexto máximo": the window the model reads natively (past it, rope scaling must be asked for).
        said.append(
            t(lang, "assume.context_max", model=model.name, tokens=i18n.tokens(model.max_context, lang))
        )
        w = w.but(context=model.max_context)
    limit = model.context_limit
    if w.context is not None and limit < w.context <= limit * ROUND_CONTEXT_SLACK:
        # "1M de contexto" on a model whose "1M" is 1,010,000 tokens, "32k" on a 32,000-token window: a round
        # figure is the model's window as people name it, not a request for the 3–5% more that 2^20 or 2^15
        # would be. Sized at the limit, and said so; a figure further past it is still refused.
        said.append(t(lang, "assume.context_at_limit", context=i18n.tokens(w.context, lang), model=model.name,
                      limit=i18n.tokens(limit, lang)))  # fmt: skip
        w = w.but(context=limit)
    asked_context = max(w.context or 0, w.seq_len or 0 if stage.is_training else 0)
    if w.shared_prefix_tokens and not w.context and not stage.is_training:
        # A system prompt with no context said: the conversation holds it, a prompt and an answer
        # (_serving_load), which may reach past the native window into the one the card documents.
        lengths = catalog.traffic.lengths
        asked_context = (
            w.shared_prefix_tokens
            + (w.prompt_tokens or lengths.new_prompt_tokens)
            + (w.output_tokens or lengths.output_tokens)
        )
    elif (w.prompt_tokens or w.prompt_pages) and not w.context and not stage.is_training:
        # "pdfs de 50 páginas": a prompt said with no context sets it (_serving_load), which may reach past the
        # native window into the one the card documents, as a context asked for does.
        lengths = catalog.traffic.lengths
        prompt = w.prompt_tokens or (w.prompt_pages or 0) * lengths.tokens_per_page
        asked_context = max(asked_context, prompt + (w.output_tokens or lengths.output_tokens))
    # the chunk said ("chunked prefill 8192", "--max-num-batched-tokens 8192"), else the offering's
    prefill_chunk = w.prefill_chunk or catalog.offering.serving.prefill_chunk_tokens
    published_minimum = None  # GB the publisher asks for at the longest context (said beside the setup)
    if model.extended_context and model.max_context < asked_context <= model.extended_context:
        # Beyond the native window, as the model card documents it (YaRN, Dual Chunk Attention): accepted, and
        # said how.
        extended = dict(context=i18n.tokens(asked_context, lang), model=model.name,
                        native=i18n.tokens(model.max_context, lang), limit=i18n.tokens(model.extended_context, lang),
                        method=model.extended_context_method)  # fmt: skip
        if model.extended_context_kind == "dual_chunk":
            # The backend prefills in the large chunks the model's vLLM example sets: their activations count.
            prefill_chunk = max(prefill_chunk, model.extended_context_prefill or 0)
            said.append(t(lang, "assume.model.extended_context_dual_chunk", chunk=i18n.tokens(prefill_chunk, lang),
                          **extended))  # fmt: skip
            if model.extended_context_config:
                said.append(t(lang, "assume.model.extended_context_config", model=model.name,
                              config=model.extended_context_config))  # fmt: skip
        elif model.extended_context_kind == "config_limit":
            said.append(t(lang, "assume.model.extended_context_config_limit", **extended))
        else:
            said.append(t(lang, "assume.model.extended_context", **extended))
        published_minimum = model.extended_context_minimum_gb
        model = _changed(model, max_context=model.extended_context)
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    elif resolved.source == "family" and asked_context > model.max_context:
        # A family member stands in for a repo the catalogue lacks and the Hub did not describe: its window
        # is not the asked model's (Phi-3 Mini's 4k for Phi-3.5-mini's 128k). The context asked for is sized
        # with the stand-in's architecture, and the answer says the real limit was not read.
        said.append(t(lang, "assume.model.stand_in_context", context=i18n.tokens(asked_context, lang),
                      model=model.name, limit=i18n.tokens(model.max_context, lang)))  # fmt: skip
        model = _changed(model, max_context=asked_context)
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    if w.context is not None and w.context > model.max_context:
        raise _beyond_context(model, w.context, model.context_limit, catalog, lang)
    context = w.context or min(DEFAULT_CONTEXT, model.max_context)
    if w.context is None and not stage.is_training:
        said.append(t(lang, "assume.context", tokens=i18n.tokens(context, lang)))
    users = w.users or 1
    if w.users is None and not stage.is_training:
        said.append(t(lang, "assume.users"))

    spec_asked = w.speculative or ("draft_model" if w.draft_model else None)
    spec, refused = _speculation(w, spec_asked, stage, model, context, catalog, lang, said)
    image_plan = _image_plan(w, model, catalog, lang, serving=True) if not stage.is_training else None
    if image_plan is not None and image_plan.cross_tokens:
        # Llama 3.2 Vision: the images' keys and values sit in the cross-attention layers of each conversation.
        model = _changed(model, cross_attention_tokens=image_plan.cross_tokens)
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    if stage.is_training and (w.images or w.with_images or w.image_size) and not _image_rule_counted(model):
        said.append(t(lang, "assume.images.training"))  # a model with no image rule: its tokens are not known

    gpu = resolve_gpu(w.gpu, catalog) if w.gpu else None
    if gpu is not None and w.gpu_memory_typed:
        said.append(_gpu_by_memory(gpu, w.gpu_memory_typed, catalog, lang))
    if gpu is not None and precision.id == "bf16" and (gpu.compute_capability or 8.0) < 8.0:
        # BF16 arrived with Ampere (8.0): on a T4 the 16-bit weights run in FP16, which vLLM picks itself.
        said.append(t(lang, "assume.no_bf16", gpu=gpu.name))
    plan = Plan(
        lang=lang,
        stage=stage,
        resolved=resolved,
        precision=precision,
        kv=kv,
        context=context,
        prefill_chunk=prefill_chunk,
        published_minimum_gb=published_minimum,
        tokens_per_page=catalog.traffic.lengths.tokens_per_page if w.pages_asked else None,
        capacity_asked=w.capacity_asked and not stage.is_training,
        users_in_europe=w.users_in_europe,
        batch_items=w.batch_items
        if w.batch_items and not w.batch_seconds and not stage.is_training
        else None,
        users_batch=w.users if w.users_batch and not stage.is_training else None,
        generated_tokens=None if stage.is_training else w.generated_tokens,
        read_tokens=None if stage.is_training else w.read_tokens,
        budget=converted(
            BudgetInfo(
                amount=w.budget,
                currency=w.budget_currency,
                monthly=w.budget_monthly,
                yearly=w.budget_yearly,
                hourly=w.budget_hourly,
                per_gpu=w.budget_per_gpu,
            ),
            catalog.offering,
        )
        if w.budget
        else None,
        fastest=w.fastest,
        api_price=ApiPriceInfo(amount=w.api_price, currency=w.api_price_currency) if w.api_price else None,
        turns=w.turns,
        users=users,
        gpu=gpu,
        gpus=w.gpus,
        compare=_compared_gpus(w, gpu, catalog),
        task=w.task,
        intent=w.intent,
        production_next=bool(w.production_next),
        cpu_offload=w.cpu_offload or w.offload_params,
        offload_params=w.offload_params,
        nvme_offload=w.nvme_offload and stage.is_training,
        machine=w.machine,
        stack=stack,
        contract=w.contract,
        term_days=None if stage.is_training else w.term_days,
        up_by_days=None if stage.is_training or w.batch_seconds or w.batch_items else w.days,
        spec=spec,
        spec_asked=None if spec_asked == "off" else spec_asked,
        spec_refused=refused,
        spec_draft=w.draft_model if spec_asked == "draft_model" else None,
        images=image_plan,
        quantize_run=bool(w.quantize_run) and not stage.is_training,
        residency=tuple(w.residency or ()),
        layout_given=bool(w.tp or w.pp or w.ep or w.cp or w.gpus_from_layout),
        count_asked=bool(w.gpus_asked) and not w.gpus,
        gpu_hours_asked=bool(w.gpu_hours_asked) and not w.gpus and stage.is_training,
    )
    if stage.is_training:
        if w.lora_adapters:
            said.append(t(lang, "assume.served_adapters_training"))  # adapters are served, not trained, here
        if w.encoders:
            said.append(t(lang, "encoders.training"))  # served beside an LLM, not trained with it
        if w.memory_utilization is not None:  # a serving engine's flag: training plans with its own margin
            said.append(t(lang, "assume.memory_utilization_training", value=f"{w.memory_utilization:g}"))
        plan = _training_defaults(plan, w, catalog, lang, said)
        if w.replicas or w.high_availability or w.spare_replicas or w.zones:
            said.append(t(lang, "assume.replicas.training"))  # copies serve a model; a run trains one
    else:
        if w.lora_adapters:
            plan = _served_adapters(plan, w, lang, said)
        if w.encoders:
            plan = _served_encoders(plan, w, lang, said)
        plan = _serving_load(plan, w, catalog, lang, said)
        plan = _availability(plan, w, lang, said)
        if w.always_on and not (w.hours_per_day or w.business_hours or w.weekdays_only):
            # "e se for 24/7?": what it changes, said (the memory is the load's at any hour; the month whole)
            said.append(
                t(lang, "assume.always_on", hours=i18n.number(catalog.offering.hours_per_month, lang))
            )
        if w.days:
            # A serving workload needs the same memory whatever the dates: say so rather than ignore it.
            said.append(t(lang, "assume.days_inference", period=i18n.day_count(w.days, lang)))
    return plan.but(assumptions=tuple(said))


# How far past a model's window a context may be typed and still be read as that window (sizing/plan.py).
ROUND_CONTEXT_SLACK = 1.05


def _percentile(p: float, lang: str) -> str:
    """ "95", "99,9": a latency percentile's number as the answers write it."""
    return i18n.number(p, lang, 0 if p == int(p) else 1)


def batch_period(seconds: float, lang: str) -> str:
    """ "2 dias", "10 horas", "30 minutos": a batch's deadline as it was said."""
    for size, one, many in ((86400, "term_day_one", "term_days"), (3600, "exact_hour_one", "exact_hours"),
                            (60, "exact_minute_one", "exact_minutes")):  # fmt: skip
        if seconds >= size and seconds % size == 0:
            n = int(seconds // size)
            return t(lang, f"units.{one}" if n == 1 else f"units.{many}", n=i18n.number(n, lang))
    return i18n.seconds(seconds, lang)


def _conversation_context(
    w: Workload, model: ModelEntry, catalog: Catalog, lang: str, said: list[str]
) -> Workload:
    """ "cada conversa com 10 mensagens" and no context: a conversation keeps every message and answer before
    the last in its context (a chat template resends them; vLLM's prefix cache keeps them computed), so it
    needs turns x (prompt + answer) tokens, up to the model's window. The workload with that context."""
    lengths = catalog.traffic.lengths
    prompt = w.prompt_tokens or (w.prompt_pages or 0) * lengths.tokens_per_page or lengths.new_prompt_tokens
    output = w.output_tokens or lengths.output_tokens
    whole = w.turns * (prompt + output)
    params = dict(turns=i18n.number(w.turns, lang), prompt=i18n.tokens(prompt, lang),
                  output=i18n.tokens(output, lang), context=i18n.tokens(whole, lang))  # fmt: skip
    if whole > model.max_context:
        said.append(t(lang, "assume.traffic.turns_beyond", model=model.name,
                      limit=i18n.tokens(model.max_context, lang), **params))  # fmt: skip
        whole = model.max_context
    else:
        said.append(t(lang, "assume.traffic.turns", **params))
    return w.but(context=whole)


def _gpu_by_memory(gpu: GPU, typed: str, catalog: Catalog, lang: str) -> str:
    """ "2 placas de 24gb": the card a memory alone was read as (query.py: the first we rent with that much),
    and the others of the catalogue with the same memory, whose speed differs."""
    same = round(gpu.memory_marketing_gb)
    others = [g.name for g in catalog.gpus
              if g.id != gpu.id and not g.laptop and round(g.memory_marketing_gb) == same]  # fmt: skip
    if is_budget(gpu.id):
        # "24gb" with no card named: a GPU of that memory, no catalogue card ("usei a 24 GB GPU, a GPU do
        # catálogo" had been said); the cards with that memory are named for their speeds.
        key = "assume.gpu_by_memory_budget_others" if others else "assume.gpu_by_memory_budget"
        return t(lang, key, typed=typed, gb=same, others=i18n.join(others, lang))
    rented = any(o.gpu == gpu.id for o in catalog.offering.offer)
    key = "assume.gpu_by_memory_others" if others else "assume.gpu_by_memory"
    return t(lang, key, typed=typed, gpu=gpu.name, rented=t(lang, "assume.gpu_by_memory_rented" if rented
             else "assume.gpu_by_memory_catalogue"), others=i18n.join(others, lang))  # fmt: skip


def _beyond_context(model: ModelEntry, tokens: int, limit: int, catalog: Catalog, lang: str) -> SizingError:
    """The refusal of a context past the model's limit; its hint names a model of the same family and size
    that reads that much, when the catalogue has one (Llama 3 8B reads 8,192 tokens, Llama 3.1 8B 131,072)."""
    params = dict(context=i18n.tokens(tokens, lang), model=model.name, limit=i18n.tokens(limit, lang))
    assumed = any(k.startswith("max_position_embeddings") for k in model.assumed_keys)
    if model.id.startswith("pasted:"):  # a pasted config's (hub/pasted.py): its own keys set the limit
        return SizingError("context_beyond_pasted_assumed" if assumed else "context_beyond_pasted", "context_limit",
                           **params)  # fmt: skip
    if assumed:  # a repo whose config.json names no length: the limit is vLLM's default, not its publisher's
        return SizingError("context_beyond_unstated", "context_limit_unstated", **params)
    sibling = _longer_sibling(model, tokens, catalog)
    if sibling is None and (variant := _uncatalogued_variant(model, tokens, catalog)) is not None:
        # "phi 3 medium com 32k": its 128K release exists, though the catalogue does not size it yet.
        entry, window = variant
        return SizingError("context_beyond_model", "context_limit_uncatalogued", variant=entry.name,
                           window=window, repo=entry.repo, **params)  # fmt: skip
    if sibling is None:
        return SizingError("context_beyond_model", "context_limit", **params)
    return SizingError("context_beyond_model", "context_limit_sibling", sibling=sibling.name,
                       sibling_limit=i18n.tokens(sibling.context_limit, lang), **params)  # fmt: skip


# A family member within this share of the model's official size is "the same size" (as sizing.names reads
# "llama 8b": official sizes are rounded names).
SIBLING_SIZE = 0.10


def _context_shorthands(tokens: int) -> list[str]:
    """ "128k", "1m": how a window of `tokens` is written in a model's name (in 1,024s or in thousands)."""
    found = []
    for unit, binary, decimal in (("k", 1024, 1000), ("m", 1024**2, 1000**2)):
        found += [f"{tokens // size}{unit}" for size in (binary, decimal) if tokens % size == 0]
    return found


def _context_variant(model: ModelEntry, tokens: int, catalog: Catalog) -> ModelEntry | None:
    """The catalogue model named as `model` with the context `tokens` after it ("Phi-3 Mini" and 131,072:
    "phi 3 mini 128k", the Phi-3 Mini 128K; Qwen2.5 7B and 1,000,000: "qwen2.5 7b 1m", its Instruct 1M), when it
    reads that many tokens; None when no name is."""
    index = name_index(catalog.all_models)
    for name in (model.id, model.name, *model.aliases):
        for shorthand in _context_shorthands(tokens):
            other = index.get(normalize(f"{name} {shorthand}"))
            # A round figure just past the variant's window is that window (ROUND_CONTEXT_SLACK, below).
            if (
                isinstance(other, ModelEntry)
                and other.id != model.id
                and other.context_limit * ROUND_CONTEXT_SLACK >= tokens
            ):
                return other
    return None


# A context window written after a model's name ("128k" in "phi 3 medium 128k"), normalized.
_WINDOW_AFTER_NAME = regexes.compile(r"(\d+)([km])")


_RELEASED_NAMES: dict[int, tuple[Catalog, list[tuple[Uncatalogued, list[str]]]]] = {}


def _released_names(catalog: Catalog) -> list[tuple[Uncatalogued, list[str]]]:
    """The uncatalogued releases with a repo, each with its names normalized, in the catalogue's order: once per
    catalogue (a refused context read every name of every release again)."""
    kept = _RELEASED_NAMES.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        if len(_RELEASED_NAMES) > 16:
            _RELEASED_NAMES.clear()
        released = [(entry, [normalize(alias) for alias in (entry.name, *entry.aliases)])
                    for entry in catalog.uncatalogued if entry.released and entry.repo]  # fmt: skip
        kept = _RELEASED_NAMES[id(catalog)] = (catalog, released)
    return kept[1]


def _uncatalogued_variant(
    model: ModelEntry, tokens: int, catalog: Catalog
) -> tuple[Uncatalogued, str] | None:
    """A published release the catalogue does not size yet ([[uncatalogued]] with a repo), named as `model`
    with a context window after it that reads `tokens` ("Phi-3 Medium" and 32,768: "phi 3 medium 128k", the
    Phi-3 Medium 128K), and that window as its name writes it ("128K"); None when there is none."""
    names = {normalize(n) for n in (model.id, model.name, *model.aliases)}
    starts = tuple(names)
    for entry, keys in _released_names(catalog):
        for key in keys:
            if not key.startswith(starts):
                continue  # no name of the model begins it (one test for all of them)
            for name in names:
                window = _WINDOW_AFTER_NAME.fullmatch(key[len(name) :]) if key.startswith(name) else None
                # "128k" is 128 x 1,024 tokens in these names (Phi-3 Mini 128K: 131,072 in its config.json).
                if (
                    window
                    and int(window[1]) * (1024 if window[2] == "k" else 1024**2) * ROUND_CONTEXT_SLACK
                    >= tokens
                ):
                    return entry, window[0].upper()
    return None


def _longer_sibling(model: ModelEntry, tokens: int, catalog: Catalog) -> ModelEntry | None:
    """A model of a family the model is in, of its size and kind (dense or MoE), that reads `tokens` tokens
    (with the rope scaling its card documents): an update of the same shape first (Qwen3 4B's 2507 release,
    the smallest change), else the newest; None when the families have none."""
    if model.scaled_from:
        return None
    found = []
    for members in catalog.families.values():
        if model.id not in members:
            continue
        for member in members:
            other = catalog.model(member)
            same_size = (
                abs(other.params_official_billions / model.params_official_billions - 1) <= SIBLING_SIZE
            )
            if (
                other.id != model.id
                and same_size
                and other.is_moe == model.is_moe
                and other.context_limit >= tokens
            ):
                found.append(other)
    same_shape = [m for m in found if (m.hidden_size, m.num_layers) == (model.hidden_size, model.num_layers)]
    return (same_shape or found or [None])[0]


def _speculation(
    w: Workload,
    asked: str | None,
    stage: Stage,
    model: ModelEntry,
    context: int,
    catalog: Catalog,
    lang: str,
    said: list[str],
) -> tuple[Speculation | None, str | None]:
    """The drafter served beside the model for speculative decoding (sizing/speculative.py), each choice
    written down; and why none is, when one was asked for and cannot be used (the answer is then sized
    without it, and says so)."""
    if asked in (None, "off"):
        return None, None
    if stage.is_training:
        said.append(t(lang, "assume.spec.training"))
        return None, "training"
    if asked == "draft_model":
        return _draft(w, model, context, catalog, lang, said)
    if asked == "ngram":
        said.append(t(lang, "assume.spec.ngram"))
        return NGRAM, None
    if asked == "mtp" or (asked == "auto" and model.num_nextn_predict_layers):
        mtp = mtp_layers(model)
        if mtp is None:
            said.insert(0, t(lang, "assume.spec.no_mtp", model=model.name))
            return None, "no_mtp"
        key = "assume.spec.mtp_auto" if asked == "auto" else "assume.spec.mtp"
        n = model.num_nextn_predict_layers
        layers = t(lang, "spec.layers_one") if n == 1 else t(lang, "spec.layers_other", n=n)
        said.append(t(lang, key, model=model.name, layers=layers, params=i18n.params(mtp.params, lang)))
        return mtp, None
    method = "eagle3" if asked == "auto" else asked
    head = eagle_head(model, method)
    name = "EAGLE-3" if method == "eagle3" else "EAGLE"
    weights = i18n.gb(head.weight_bytes(catalog.precision("bf16"), catalog), lang)
    key = "assume.spec.auto" if asked == "auto" else f"assume.spec.{method}"
    said.append(
        t(lang, key, name=name, model=model.name, params=i18n.params(head.params, lang), weights=weights)
    )
    return head, None


def _draft(
    w: Workload, model: ModelEntry, context: int, catalog: Catalog, lang: str, said: list[str]
) -> tuple[Speculation | None, str | None]:
    """A draft model named beside the served one (or, named by no one, the smallest the catalogue has with the
    same vocabulary), when vLLM can run the pair."""
    others = same_vocab_drafts(model, catalog)
    suggestions = i18n.join([m.name for m in others], lang)
    if w.draft_model:
        try:
            draft = resolve_model(w.draft_model, catalog).model
        except SizingError:
            key = "assume.spec.draft_unknown_suggest" if others else "assume.spec.draft_unknown"
            said.insert(0, t(lang, key, draft=w.draft_model, model=model.name, drafts=suggestions))
            return None, "unknown"
    elif others:
        draft = others[0]
        said.append(t(lang, "assume.spec.draft_default", draft=draft.name, model=model.name))
    else:
        said.insert(0, t(lang, "assume.spec.draft_none", model=model.name))
        return None, "no_draft"
    if not vocab_matches(model, draft):
        key = "assume.spec.draft_vocab_suggest" if others else "assume.spec.draft_vocab"
        said.insert(0, t(lang, key, draft=draft.name, model=model.name, draft_vocab=i18n.number(draft.vocab_size, lang),
                      vocab=i18n.number(model.vocab_size, lang), drafts=suggestions))  # fmt: skip
        return None, "vocab"
    if draft.params * 2 > model.params:
        # A draft runs once per proposed token: one of half the served model's size or more costs about as
        # much as the steps it is meant to save (Leviathan et al. 2023, arXiv:2211.17192, section 3: the
        # walltime gain shrinks as the draft's cost per token relative to the model's, c, grows).
        key = "assume.spec.draft_not_smaller_suggest" if others else "assume.spec.draft_not_smaller"
        said.insert(0, t(lang, key, draft=draft.name, model=model.name, drafts=suggestions))
        return None, "not_smaller"
    if same_family(model, draft, catalog) is False:
        # The same vocabulary size from another family: vLLM loads the pair (it checks only the size), but
        # another tokenizer's proposals are rarely the served model's tokens.
        said.append(t(lang, "assume.spec.draft_other_family", draft=draft.name, model=model.name))
    precision = resolve_precision(w.draft_precision, catalog) if w.draft_precision else None
    spec = draft_model(draft, precision)
    per_token = spec.sequence_bytes(1, 2, 1)
    said.append(t(lang, "assume.spec.draft", draft=draft.name, model=model.name,
                  params=i18n.params(draft.params, lang),
                  precision=t(lang, "assume.spec.given_precision", precision=precision.name) if precision
                  else t(lang, "assume.spec.served_precision"),
                  layers=draft.cached_layers, kv_heads=draft.num_kv_heads, head_dim=draft.dim_per_head,
                  per_token=i18n.kib(per_token, lang)))  # fmt: skip
    if context > draft.context_limit:
        said.append(t(lang, "assume.spec.draft_context", draft=draft.name,
                      limit=i18n.tokens(draft.context_limit, lang), context=i18n.tokens(context, lang)))  # fmt: skip
    return spec, None


def _note_params(params: dict, lang: str) -> dict:
    """Numbers in notes read in the answer's language (parameter counts as 13,2B / 13.2B), and why the Hub
    reader refused a repo in its words (hub_unsupported.<detail>, with the files' identifiers)."""
    said = {k: i18n.params(v, lang) if k == "params" else v for k, v in params.items()}
    if "detail_params" in said:
        reason = said.pop("detail_params")
        if said.get("detail"):
            said["detail"] = i18n.t(lang, f"hub_unsupported.{said['detail']}", **reason)
    return said


def fp8_training_said(stack: Stack, catalog: Catalog, lang: str) -> str:
    """The assumption an FP8 training states: what its software keeps for the backward (Transformer Engine's
    FP8 copies, or torchao's BF16 tensors in torchtune's one FP8 recipe) and the speed it is timed at."""
    speedup = i18n.number(catalog.offering.training.fp8_speedup, lang, 1)
    if stack.fp8_backend == "torchao" and f"assume.fp8_training_{stack.id}" in i18n.messages(lang):
        # software whose FP8 is not torchtune's one recipe says its own way of turning it on (torchtitan's converter)
        return t(lang, f"assume.fp8_training_{stack.id}", stack=stack.name, speedup=speedup)
    if stack.fp8_backend == "torchao":
        return t(lang, "assume.fp8_training_torchao", stack=stack.name, speedup=speedup)
    return t(lang, "assume.fp8_training", speedup=speedup)


def _published_release_differs(
    model: ModelEntry, precision: Precision, catalog: Catalog
) -> tuple[Release, int] | None:
    """The publisher's own checkpoint in the precision asked, when its exact bytes are more than 5% off the
    uniform format sized (a size the GPU count can turn on), with the uniform bytes: Meta's Llama 3.1 405B FP8
    keeps attention and the first and last layers' MLPs in BF16 (Llama 3 paper, arXiv:2407.21783, section 6.2),
    487 GB against 410 GB, and vLLM loads 57.75 GiB of it on each of 8 H100s (vllm-project/vllm#6746)."""
    for release in model.releases:
        if release.precision == precision.id:
            uniform = weight_bytes(model, precision, catalog).bytes
            if abs(release.weight_bytes / uniform - 1) > 0.05:
                return release, uniform
    return None


def _precision(
    w: Workload,
    stage: Stage,
    model: ModelEntry,
    catalog: Catalog,
    lang: str,
    said: list[str],
    stack: Stack | None,
) -> Precision:
    asked = resolve_precision(w.precision, catalog) if w.precision else None
    native = model.native_precision
    if (
        stage in (Stage.full, Stage.lora)
        and native
        and resolve_precision(native, catalog).is_quantized
        and not (
            asked and asked.is_quantized
        )  # "lora do gpt-oss-120b em fp8": the base said is what is sized
    ):
        # "lora do gpt-oss-20b", "fine-tuning do deepseek v3": published in MXFP4 or FP8, trained on BF16 weights
        # (Transformers dequantizes MXFP4 on loading, Mxfp4Config(dequantize=True), as OpenAI's fine-tuning
        # cookbook does; DeepSeek publishes fp8_cast_bf16.py for its FP8 checkpoints). It had gone unsaid, and
        # the weights' line was twice what the published files weigh.
        key = "assume.train_from_mxfp4" if native == "mxfp4" else "assume.train_from_published"
        said.append(t(lang, key, model=model.name, published=resolve_precision(native, catalog).name))
    if stage is Stage.qlora:
        nf4 = catalog.precision("nf4")
        if asked and asked.nominal_bits == 8:
            # "qlora 8bit": LoRA on a base bitsandbytes loads in 8 bits (LLM.int8, load_in_8bit), what
            # LLaMA-Factory's quantization_bit 8 runs; PEFT's prepare_model_for_kbit_training treats it as
            # the 4-bit one. It had been refused as a precision QLoRA does not take.
            assert stack is not None
            said.append(
                t(lang, "assume.qlora_8bit", adapters=t(lang, f"adapter_dtype.{stack.adapter_dtype}"))
            )
            return catalog.precision("int8")
        if asked and asked.nominal_bits != 4:
            raise SizingError("qlora_precision", "qlora_examples", precision=asked.name)
        if asked is None or asked.id != "nf4":
            assert stack is not None
            said.append(
                t(lang, "assume.qlora_base", adapters=t(lang, f"adapter_dtype.{stack.adapter_dtype}"))
            )
        return nf4
    if stage in (Stage.full, Stage.pretrain):
        if asked and asked.is_quantized and asked.compute != "fp8":
            raise SizingError("quantized_full_training", "training_examples", precision=asked.name)
        assert stack is not None
        if asked and asked.compute == "fp8":
            # FP8 training (NVIDIA Transformer Engine, torchao float8; DeepSeek-V3, arXiv:2412.19437, 3.3)
            # casts to FP8 for the matrix products only: the weights, gradients and optimizer states stay
            # those of BF16 mixed precision, so they are counted as such.
            named = resolve_gpu(w.gpu, catalog) if w.gpu and not is_budget(w.gpu) else None
            if named is not None and not named.fp8_dense_tflops:
                # Transformer Engine's FP8 needs FP8 tensor cores (Hopper, Ada, Blackwell): none on Ampere
                raise SizingError("fp8_training_gpu", "fp8_training_examples", gpu=named.name,
                                  arch=named.architecture)  # fmt: skip
            said.append(fp8_training_said(stack, catalog, lang))
            if model.moe is not None and stack.fp8_backend == "te":
                # what the FP8 activations assume of the experts' parallelism (sizing/training.py
                # fp8_weight_transposes), beside DeepSeek-V3's own FP8 training (arXiv:2412.19437, 3.2 and 3.3)
                ep = w.ep or 1
                said.append(t(lang, "assume.fp8_training_moe_ep" if ep > 1 else "assume.fp8_training_moe",
                              top_k=model.moe.experts_per_token, experts=model.moe.experts, ep=ep,
                              held=model.moe.experts // ep))  # fmt: skip
        said.append(t(lang, "assume.mixed_precision" if stack.master_weights
                      else "assume.pure_bf16_said" if w.pure_bf16
                      else "assume.bf16_loaded" if stack.bf16_load else "assume.pure_bf16", stack=stack.name))  # fmt: skip
        return catalog.precision("bf16")
    if stage is Stage.lora and asked and asked.nominal_bits <= 4:
        raise SizingError("lora_4bit", "qlora_examples", precision=asked.name)
    if asked:
        return asked
    if w.qat and not stage.is_training:
        # Google publishes Gemma 3's quantization-aware releases as Q4_0 (google/gemma-3-27b-it-qat-q4_0-gguf),
        # which Ollama's "-qat" tags pull (_TAG_PARTS in sizing/query.py): "qat" had been a word ignored, and the
        # model sized at 16 bits.
        q4_0 = catalog.precision("q4_0")
        said.append(t(lang, "assume.qat", precision=q4_0.name))
        return q4_0
    if (
        w.quantized
        and not stage.is_training
        and not (native and resolve_precision(native, catalog).is_quantized)
    ):
        # "um Llama 3.1 70B quantizado": a format not said is vLLM's usual 4-bit weights (AWQ/GPTQ).
        int4 = catalog.precision("int4")
        said.append(t(lang, "assume.quantized_default", precision=int4.name))
        return int4
    if native and not stage.is_training:
        found = resolve_precision(native, catalog)
        said.append(t(lang, "assume.native_precision", precision=found.name))
        return found
    said.append(t(lang, "assume.precision" if not stage.is_training else "assume.lora_base"))
    return catalog.precision("bf16")


# The GGUF file a Mac runs for a width vLLM loads as FP8/INT8 or AWQ/GPTQ/NF4/MXFP4: Ollama's default tags
# (Q4_K_M; Q8_0 for the 8-bit ones).
MAC_GGUF_OF_BITS = {8: "q8_0", 4: "q4_k_m"}


def _mac_file(precision: Precision, catalog: Catalog, lang: str, said: list[str]) -> Precision:
    """ "qwen3 32b fp8 no mac de 64gb": a Mac runs llama.cpp's GGUF files (or MLX's), never vLLM's FP8 or AWQ
    checkpoints (README): the GGUF of that width is what it is judged on, and the answer says so. gpt-oss's
    published MXFP4 is Q4_K_M's GGUF, which keeps its experts in MXFP4 (sizing/weights.py)."""
    if not precision.is_quantized or precision.gguf:
        return precision  # 16 bits (llama.cpp's F16/BF16 files), or a GGUF file already
    gguf = catalog.precision(MAC_GGUF_OF_BITS[8 if precision.nominal_bits >= 8 else 4])
    said.append(t(lang, "assume.mac_gguf", asked=precision.name, gguf=gguf.name))
    return gguf


def _teacher(
    name: str, student: ModelEntry, offline: bool, catalog: Catalog, lang: str
) -> tuple[str, ModelEntry | None]:
    """A distillation's teacher and what the answer says of it. Online (logit distillation, the default) it
    runs a forward pass at every step and trains nothing: its BF16 weights and that forward are counted with
    the student's (sizing/training.py, teacher_memory). Offline (its logits or synthetic data made
    beforehand) the student's training holds none of it: a batch inference comes first. (None: offline, or a
    teacher not in the catalogue, whose weights are said per parameter.)"""
    try:
        teacher = resolve_model(name, catalog).model
    except SizingError:
        return t(lang, "assume.teacher_unknown", teacher=name, student=student.name), None
    bf16 = weight_bytes(teacher, catalog.precision("bf16"), catalog).bytes
    fp8 = weight_bytes(teacher, catalog.precision("fp8"), catalog).bytes
    # Logit distillation compares the two models' distributions over one vocabulary: with different tokenizers
    # (DeepSeek R1 into a Qwen, as R1's own distills were made: fine-tuned on R1's outputs) only the offline way,
    # the teacher's generated text, applies.
    other_vocab = teacher.vocab_size != student.vocab_size
    offline = offline or other_vocab
    key = "assume.teacher_offline" if offline else "assume.teacher"
    text = t(lang, key, teacher=teacher.name, student=student.name, bf16=i18n.gb(bf16, lang),
             fp8=i18n.gb(fp8, lang))  # fmt: skip
    if other_vocab:
        text += " " + t(lang, "assume.teacher_other_vocab", teacher=i18n.number(teacher.vocab_size, lang),
                        student=i18n.number(student.vocab_size, lang))  # fmt: skip
    return text, None if offline else teacher


# Steps and epochs said together agree when the steps' tokens are within this share of the data's times the
# epochs (a last partial batch, rounding in "20k steps").
STEPS_AGREE = 0.1


def adapter_for_data(w: Workload, lang: str) -> str:
    """Why a training said with no method is LoRA: the data said, of instruction-tuning size."""
    if w.tokens:
        data = f"{i18n.count(w.tokens, lang)} tokens"
    elif not w.examples and w.data_bytes:
        data = t(lang, "understood.data_bytes", size=i18n.data_size(w.data_bytes, lang))
    elif not w.examples and w.prompt_pages:
        data = t(lang, "understood.traffic.pages", n=i18n.number(w.prompt_pages, lang))
    else:
        data = f"{i18n.number(w.examples or 0, lang)} {t(lang, 'assume.examples_noun')}"
    return t(lang, "assume.adapter_for_data", data=data)


# A fine-tune's data up to these (examples, or tokens when said) is instruction-tuning sized: with no method said,
# LoRA. Biderman et al. 2024 ("LoRA Learns Less and Forgets Less", arXiv:2405.09673) find LoRA close to a full
# fine-tune on instruction data and far behind only in continued pre-training on billions of tokens; Tülu 3's SFT
# mix, ~939k examples (arXiv:2411.15124), is the size of the largest instruction sets.
ADAPTER_DATA_EXAMPLES = 1_000_000
ADAPTER_DATA_TOKENS = 2_000_000_000
ADAPTER_DATA_PAGES = 1_000_000  # ~750M tokens at traffic.toml's 750 a page


def _pipeline_schedule(model, w: Workload, pp: int, stack, stage, lang: str, said: list[str]) -> int:
    """The virtual stages a rank of the pipeline schedule said (1: 1F1B), and its assumption."""
    if not w.pipeline_schedule:
        return 1
    # the zero-bubble V holds two stages a rank; the interleaved schedule's default is torchtitan's two
    # (pipelining_utils.py generate_split_points: 2 stages a rank for a multi-stage schedule with no split given)
    virtual = 2 if w.pipeline_schedule == "zbv" else w.virtual_stages or 2
    if pp < 2 or virtual < 2 or pp * virtual > model.num_layers:
        raise SizingError(
            "interleaved_pp", "interleaved_examples", pp=pp, virtual=virtual, layers=model.num_layers
        )
    if w.pipeline_schedule == "zbv":
        said.append(t(lang, "assume.zero_bubble"))
        return 1  # ZB-V keeps 1F1B's peak activations (Qi et al. 2024): sized as 1F1B
    if stack.pipeline_fsdp and stage in (Stage.full, Stage.pretrain):
        said.append(
            t(lang, "assume.interleaved_fsdp", virtual=virtual, stages=pp * virtual, pp=pp, stack=stack.name)
        )
    else:
        # Korthikanti et al. 2022, section 4.2.3: the first stage holds (1 + (p - 1)/(p·v)) micro-batches' activations
        factor = i18n.number(1 + (pp - 1) / (pp * virtual), lang, 2)
        said.append(t(lang, "assume.interleaved", virtual=virtual, stages=pp * virtual, factor=factor))
    return virtual


def _training_defaults(plan: Plan, w: Workload, catalog: Catalog, lang: str, said: list[str]) -> Plan:
    model = plan.model
    if w.dialogue_data and w.tokens:
        # "1 bilhão de tokens de conversas de atendimento": a fine-tune however many (sizing/query.py)
        said.append(
            t(lang, "assume.dialogue_data", data=f"{i18n.count(w.tokens, lang)} tokens", model=model.name)
        )
        if plan.stage is Stage.full:
            limit = i18n.count(ADAPTER_DATA_TOKENS, lang)
            said.append(t(lang, "assume.dialogue_data_full", limit=limit))
    elif w.train_as_fine_tune and plan.stage is Stage.full:
        said.append(t(lang, "assume.train_as_fine_tune", model=model.name))
    elif w.train_base and plan.stage is Stage.pretrain:
        said.append(t(lang, "assume.train_base", model=model.name))
    if w.adapter_for_data and plan.stage is Stage.lora:
        said.append(adapter_for_data(w, lang))
    elif w.full_no_method and plan.stage is Stage.full and not w.train_as_fine_tune:
        # ("treinar o llama 8b" says it in its own line: a full fine-tune with the customer's data, LoRA less)
        examples = i18n.number(ADAPTER_DATA_EXAMPLES, lang)
        said.append(t(lang, "assume.full_no_method", examples=examples))
    teacher = None
    if w.teacher_model:
        note, teacher = _teacher(w.teacher_model, model, bool(w.teacher_offline), catalog, lang)
        said.append(note)
    default_seq = PRETRAIN_SEQ_LEN if plan.stage is Stage.pretrain else FINETUNE_SEQ_LEN
    context = w.context
    if context and not w.seq_len and context > default_seq and serving_workload(w) is not None:
        # "qlora llama 70b e depois servir pra 50 usuarios com 32k": a context said beside the serving of the
        # trained model is the serving's; the training keeps its default sequences (and says so)
        said.append(t(lang, "assume.seq_len_serving", tokens=i18n.tokens(default_seq, lang),
                      context=i18n.tokens(context, lang), raw=context))  # fmt: skip
        context = None
    # "20k exemplos de 2k tokens" with no sequence length: the examples' length is the sequence's.
    seq_len = w.seq_len or context or w.example_tokens or min(default_seq, model.max_context)
    average = bool(w.example_average and w.example_tokens and not (w.seq_len or context))
    if average:
        # "exemplos de em média 800 tokens": an average, not a maximum. The sequence must hold the longer
        # examples too (a micro-batch is padded to its longest, or packed into sequences of seq_len), and a
        # dataset's lengths are skewed to the right: our assumption is twice the average, rounded up to a power of
        # two as max_length is usually set, and never below the fine-tune default (2,048, what the answer
        # assumes with no length said). Said in the answer, with how to give the maximum instead.
        seq_len = max(default_seq, 1 << math.ceil(math.log2(2 * w.example_tokens)))
        seq_len = min(seq_len, model.max_context)
    rl = w.method is not None and w.method.is_rl
    if rl:
        seq_len = _rl_lengths(w, lang)
    cross_tokens, images_counted, vision_bytes = 0, False, (0, 0)
    if (w.images or w.with_images or w.image_size) and not rl and _image_rule_counted(model):
        seq_len, cross_tokens, vision_bytes = _training_images(plan, w, seq_len, catalog, lang, said)
        images_counted = True
    if seq_len > model.max_context:
        raise _beyond_context(model, seq_len, model.max_context, catalog, lang)
    if (
        not (w.seq_len or w.context or w.example_tokens)
        and not rl
        and not cross_tokens
        and seq_len == default_seq
    ):
        said.append(t(lang, "assume.seq_len", tokens=i18n.tokens(seq_len, lang)))
    # Data-parallel replicas: the GPUs said over the tensor-, pipeline- and context-parallel ones (the global batch
    # splits among them: a context group shares its sequences). Unknown when no count is said: the recommendation
    # picks it.
    dp = max(1, w.gpus // ((w.tp or 1) * (w.pp or 1) * (w.cp or 1))) if w.gpus else None
    accum = w.grad_accum or 1
    if w.batch:
        batch = w.batch
    elif w.global_batch and not rl and dp:
        # global batch = micro-batch x data-parallel GPUs x gradient accumulation (DeepSpeed's train_batch_size,
        # its configuration docs): the micro-batch each GPU holds, and so its activations.
        batch = max(1, math.ceil(w.global_batch / (dp * accum)))
    else:
        batch = training.RL_MICRO_BATCH if rl else 1
    if w.global_batch and not rl:
        if w.batch_as_global:
            key = "assume.batch_as_global" if w.gpus else "assume.batch_as_global_steps"
            said.append(t(lang, key, n=w.global_batch, gpus=w.gpus))
        # Both said: the micro-batch is sized, and the global one only times the steps.
        if not w.batch and dp:
            said.append(t(lang, "assume.global_batch", n=i18n.number(w.global_batch, lang), gpus=dp,
                          accum=accum, batch=batch))  # fmt: skip
        elif not w.batch:
            said.append(t(lang, "assume.global_batch_no_gpus", n=i18n.number(w.global_batch, lang)))
    elif not w.batch and not rl:
        said.append(t(lang, "assume.batch"))
    # Activation recomputation (Korthikanti et al. 2022, arXiv:2205.05198): full (every layer's forward again,
    # the default), selective (the attention alone: with FlashAttention, what no recomputation stores) or none.
    selective = w.selective_recompute
    checkpointing = not selective and (True if w.checkpointing is None else w.checkpointing)
    # without FlashAttention (eager) the attention's scores are what selective recomputation saves
    eager = "_eager" if w.eager_attention else ""
    if selective and not eager and (plan.stack or catalog.default_stack).selective_ops:
        # the stack's "selective" is an op-level policy (torchtitan's), not Megatron-LM's attention-only one
        said.append(
            t(lang, "assume.selective_recompute_ops", stack=(plan.stack or catalog.default_stack).name)
        )
    elif selective:
        said.append(t(lang, f"assume.selective_recompute{eager}"))
    elif w.checkpointing is None:
        said.append(t(lang, "assume.checkpointing"))
    elif not w.checkpointing:
        said.append(t(lang, f"assume.no_recompute{eager}"))
    stack = plan.stack or catalog.default_stack
    optimizer = w.optimizer or Optimizer.adamw
    lora = plan.stage in (Stage.lora, Stage.qlora)
    if not w.optimizer:
        if plan.stage is Stage.qlora:
            said.append(t(lang, "assume.optimizer_qlora"))
        else:
            per_param = 4 + training.optimizer_bytes("adamw", stack)  # weights 2 + gradients 2 + states
            said.append(t(lang, "assume.optimizer" if not lora else "assume.optimizer_lora", bytes=per_param))
    optimizer_open = (
        plan.stage is Stage.full
        and not w.optimizer
        and (w.method or Method.sft) is Method.sft
        and (w.grad_accum or 1) == 1
        # torchtune trains in FP8 only in full_finetune_distributed (enable_fp8_training), on one GPU too: its
        # one-GPU recipe, whose optimizer this leaves open, has no FP8
        and not (w.precision == "fp8" and stack.fp8_backend == "torchao")
    )
    if optimizer_open and stack.single_device_paged_8bit and said and not lora:
        # The AdamW bytes hold only for the multi-GPU recipe: next to the one-GPU recipe's paged 8-bit AdamW
        # they had read as what was sized on one GPU.
        said[-1] = t(lang, "assume.optimizer_distributed_recipe", bytes=per_param)
    if optimizer_open and stack.single_device_paged_8bit:
        # torchtune's full_finetune_single_device configs (sizing/training.py memory)
        said.append(t(lang, "assume.optimizer_single_device_recipe", stack=stack.name))
    rank = w.lora_rank or stack.lora_rank or 16
    if lora:
        said.append(_lora_targets(model, rank, w.lora_rank is None, stack, lang, w.lora_targets))
        act = 4 if plan.stage is Stage.qlora and stack.kbit_fp32_upcast else training.ACT
        if copy := training.lora_input_copy_bytes(stack, act, bool(w.lora_dropout)):
            every, largest = training.lora_input_values(model, w.lora_targets)
            size = copy * (largest if checkpointing else every) * seq_len * batch
            said.append(t(lang, "assume.lora_input_copy", bytes=copy, size=i18n.gb(size, lang),
                          dropout=t(lang, "assume.lora_input_copy_dropout") if w.lora_dropout else "",
                          recompute=t(lang, "assume.lora_input_copy_recompute") if checkpointing else ""))  # fmt: skip
    if lora and stack.adapters_before_peft_autocast:
        # sized as the stack's published runs had them (stacks.toml); a current PEFT's FP32 adapters said with their cost
        now, then = (training.adapter_bytes_per_param(optimizer.value, stack, fp32) for fp32 in (False, True))
        extra = (then - now) * training.lora_params(model, rank, stack, w.lora_targets)
        said.append(t(lang, "assume.adapters_peft_autocast", stack=stack.name, now=now, then=then,
                      extra=i18n.gb(extra, lang)))  # fmt: skip
    if w.data_period:
        key = "assume.data_period" if (w.data_periods or 1) == 1 else "assume.data_periods"
        said.append(t(lang, key, period=w.data_period, periods=w.data_periods))
    tokens = w.tokens
    if not tokens and w.examples and not rl:
        # Examples are at most seq_len tokens each (longer ones are cut): an upper bound, and said so. A
        # preference pair is two sequences (its chosen and its rejected answer, training.PREFERENCE).
        sequences = training.PREFERENCE.get((w.method or Method.sft).value, (False, 1))[1]
        length = w.example_tokens or seq_len
        tokens = w.examples * min(length, seq_len) * sequences
        if average:
            # the time counts the average's tokens; the memory, sequences that hold the longer examples
            said.append(t(lang, "assume.examples_average_tokens", examples=i18n.number(w.examples, lang),
                          length=i18n.tokens(length, lang), seq=i18n.tokens(seq_len, lang),
                          tokens=i18n.count(tokens, lang), default=i18n.tokens(default_seq, lang),
                          things=t(lang, "assume.pairs_noun" if sequences > 1 else "assume.examples_noun"),
                          pairs=t(lang, "assume.examples_pairs_sequences") if sequences > 1 else ""))  # fmt: skip
        elif length == seq_len:
            said.append(t(lang, "assume.examples_pairs_tokens" if sequences > 1 else "assume.examples_tokens",
                          examples=i18n.number(w.examples, lang), seq=i18n.tokens(seq_len, lang),
                          tokens=i18n.count(tokens, lang)))  # fmt: skip
        else:
            # Examples shorter than the sequence: the time counts their own tokens (packed into sequences of
            # seq_len, or padded only to each micro-batch's longest, transformers' DataCollatorWithPadding),
            # while the activations are sized at seq_len, what a packed or longest micro-batch holds. Longer
            # ones are cut to seq_len (the tokenizer's truncation).
            key = "assume.examples_length_tokens" if length < seq_len else "assume.examples_length_cut"
            said.append(t(lang, key, examples=i18n.number(w.examples, lang), length=i18n.tokens(length, lang),
                          seq=i18n.tokens(seq_len, lang), tokens=i18n.count(tokens, lang),
                          padded=i18n.count(w.examples * seq_len * sequences, lang),
                          things=t(lang, "assume.pairs_noun" if sequences > 1 else "assume.examples_noun"),
                          pairs=t(lang, "assume.examples_pairs_sequences") if sequences > 1 else ""))  # fmt: skip
    if not tokens and w.data_bytes and not rl:
        tokens = round(w.data_bytes / BYTES_PER_TOKEN)
        said.append(t(lang, "assume.data_tokens", size=i18n.data_size(w.data_bytes, lang),
                      tokens=i18n.count(tokens, lang), bytes=BYTES_PER_TOKEN))  # fmt: skip
    if not tokens and not w.examples and w.prompt_pages and not rl:
        # "tenho 2 mil páginas de manuais, quero treinar o llama 8b neles": the pages are the training data, at
        # traffic.toml's tokens a page (they had been left unused, the answer asking for the data's volume).
        per_page = catalog.traffic.lengths.tokens_per_page
        tokens = w.prompt_pages * per_page
        said.append(t(lang, "assume.data_pages", pages=i18n.number(w.prompt_pages, lang),
                      tokens=i18n.count(tokens, lang), per_page=i18n.number(per_page, lang)))  # fmt: skip
    if tokens and w.epochs and w.epochs > 1 and not rl:
        tokens *= w.epochs
        said.append(t(lang, "assume.epochs", epochs=w.epochs, tokens=i18n.count(tokens, lang)))
    if w.steps and not rl:
        # Each optimizer step reads the global batch's sequences, at most seq_len tokens each: an upper bound,
        # and said so. Without a global batch, the micro-batch on the GPUs said (or one) with its accumulation.
        per_step = w.global_batch or batch * (dp or 1) * accum
        step_tokens = w.steps * per_step * seq_len
        steps = i18n.number(w.steps, lang)
        step_note = t(lang, "assume.steps_tokens" if w.global_batch or w.batch else "assume.steps_no_batch",
                      steps=steps, sequences=i18n.number(per_step, lang), seq=i18n.tokens(seq_len, lang),
                      tokens=i18n.count(step_tokens, lang))  # fmt: skip
        epochs = w.epochs or 1
        counts = {"steps": steps, "step_tokens": i18n.count(step_tokens, lang), "epochs": epochs,
                  "epochs_said": t(lang, "understood.epochs_one" if epochs == 1 else "understood.epochs_other", n=epochs)}  # fmt: skip
        if not tokens:
            tokens = step_tokens
            said.append(step_note)
            if w.epochs and w.epochs > 1:
                # "2 epochs 20k steps" with no dataset size: the epochs cannot count tokens, so they were dropped
                # without a word; now said, with the epoch's share of the steps' tokens.
                said.append(t(lang, "assume.steps_epochs_no_data", **counts,
                              per_epoch=i18n.count(step_tokens // w.epochs, lang)))  # fmt: skip
        elif abs(step_tokens - tokens) <= STEPS_AGREE * tokens:
            said.append(t(lang, "assume.steps_agree", **counts, tokens=i18n.count(tokens, lang)))
        elif w.global_batch or (w.batch and dp):
            # Both set the run's length and they disagree: the steps win, as in the Hugging Face Trainer
            # (TrainingArguments.max_steps "overrides num_train_epochs").
            said.append(step_note)
            said.append(t(lang, "assume.steps_over_epochs", **counts, tokens=i18n.count(tokens, lang)))
            tokens = step_tokens
        else:
            # The steps' size is a guess (no global batch, or no GPU count for the micro-batch): the data counts.
            said.append(t(lang, "assume.epochs_over_steps", **counts, tokens=i18n.count(tokens, lang)))
    if w.size_from_tokens and plan.stage is Stage.pretrain and tokens:
        said.insert(0, t(lang, "assume.size_from_tokens", tokens=i18n.count(tokens, lang),
                      params=i18n.params(tokens / CHINCHILLA_TOKENS_PER_PARAM, lang)))  # fmt: skip
    tokens_from_budget = False
    if plan.stage is Stage.pretrain and not tokens:
        bought = _tokens_bought(w.gpu_hours_budget, plan, catalog)
        if bought is not None:
            tokens, gpu, mfu = bought
            tokens_from_budget = True
            hours = w.gpu_hours_budget[0] if w.gpu_hours_budget else 0.0
            said.append(t(lang, "assume.pretrain_tokens_budget", hours=i18n.gpu_hours(hours, lang), gpu=gpu.name,
                          tokens=i18n.count(tokens, lang), mfu=i18n.percent(mfu, lang),
                          per_token=training.flops_per_token(plan.stage.value, plan.method.value)))  # fmt: skip
        else:
            tokens = CHINCHILLA_TOKENS_PER_PARAM * model.params
            said.append(t(lang, "assume.pretrain_tokens", billions=i18n.number(tokens / 1e9, lang)))
    days = w.days or w.term_days
    rl_prompts = None
    if rl:
        # RL's time is estimated from its prompts (below, sizing/advice.py), on the setup its memory needs:
        # a token count alone does not say how many completions are generated, and no deadline is sized for.
        rl_prompts = w.examples * (w.epochs or 1) if w.examples else None
        tokens = None
    if tokens and not days:
        # No deadline: size the run to finish in the offering's default time, and say so, rather than
        # recommend the smallest setup for a run of years.
        days = catalog.offering.training.default_days
        said.append(t(lang, "assume.default_days", days=days))
    tp = w.tp or 1
    if tp > 1 and serving.tp_problem(model, tp):
        raise SizingError("bad_tp", "tp_examples", tp=tp, heads=model.num_heads, kv_heads=model.num_kv_heads)
    pp = w.pp or 1
    if pp > model.num_layers:
        raise SizingError("bad_pp", "pp_examples", pp=pp, layers=model.num_layers)
    if pp > 1 and model.num_layers % pp:
        said.append(t(lang, "assume.pp_uneven", pp=pp, layers=model.num_layers,
                      most=training.stage_layers(model, pp)))  # fmt: skip
    if w.dualpipe and (pp < 2 or pp % 2):
        # DualPipe feeds micro-batches from both ends of the pipeline: an even number of stages, each rank two
        raise SizingError("dualpipe_pp", "dualpipe_examples", pp=pp)
    if w.dualpipe:
        said.append(t(lang, "assume.dualpipe", pp=pp, more=pp + 1))
    virtual = _pipeline_schedule(model, w, pp, stack, plan.stage, lang, said)
    if w.compiled and not (stack and stack.says_compile):
        said.append(t(lang, "assume.compiled"))
    if w.async_tp and tp > 1 and stack.tp_gathered_inputs:
        # what the engine sizes of it (sizing/training.py async_tp_workspace), per micro-batch as it runs
        pairs = training.PREFERENCE.get((w.method or Method.sft).value, (False, 1))[1]
        workspace = training.async_tp_workspace(model, -(-seq_len // (w.cp or 1)), batch * pairs, tp)
        said.append(t(lang, "assume.async_tp", tp=tp, workspace=i18n.gb(workspace, lang)))
    elif w.async_tp:
        said.append(t(lang, "assume.async_tp_not_sized", stack=stack.name,
                      tp=t(lang, "assume.async_tp_no_tp") if tp <= 1 else ""))  # fmt: skip
    if pp > 1 and stack.pipeline_fsdp and plan.stage in (Stage.full, Stage.pretrain):
        said.append(t(lang, "assume.pipeline_fsdp", stack=stack.name))
    ep = w.ep or 1
    if ep > 1:
        _check_ep(model, ep, plan.stage, rl)
        said.append(t(lang, "assume.expert_parallel", ep=ep, held=model.moe.experts // ep,
                      experts=model.moe.experts, top_k=model.moe.experts_per_token))  # fmt: skip
    if w.eager_attention:
        # without FlashAttention each layer's scores are stored: what each recomputation does with them
        kept = "selective" if selective else "full" if checkpointing else "none"
        scores = training.attention_scores(
            model, seq_len, batch * training.PREFERENCE[(w.method or Method.sft).value][1]
        )
        said.append(t(lang, "assume.eager_attention", scores=i18n.gb(scores, lang),
                      kept=t(lang, f"assume.eager_scores_{kept}")))  # fmt: skip
    cp = w.cp or 1
    if cp > 1 and w.eager_attention:
        # Megatron-LM's and TE's context parallelism run FlashAttention or fused attention kernels, PyTorch's
        # ring attention SDPA's flash or efficient ones: none splits the eager attention's score matrix
        raise SizingError("cp_eager", "cp_examples", cp=cp)
    if cp > 1:
        said.append(context_parallel_said(cp, seq_len, lang))
    if stack.data_parallel_only and ((w.zero or 0) > 0 or tp > 1 or pp > 1 or cp > 1):
        what = (f"ZeRO-{w.zero}" if (w.zero or 0) > 0 else f"TP {tp}" if tp > 1 else f"PP {pp}" if pp > 1
                else f"CP {cp}")  # fmt: skip
        raise SizingError("stack_data_parallel", "stack_parallel_examples", stack=stack.name, what=what)
    method = w.method or Method.sft
    rl_plan: dict = {}
    if rl:
        rl_plan = _rl_defaults(plan, w, seq_len, batch, catalog, lang, said)
    elif method is not Method.sft:
        name = t(lang, f"understood.method_{method.value}")
        reference, pairs = training.PREFERENCE[method.value]
        if pairs > 1:
            said.append(t(lang, "assume.preference_pairs", method=name))
        if not reference:
            said.append(t(lang, "assume.preference_no_reference", method=name))
        elif plan.stage in (Stage.full, Stage.pretrain):
            said.append(t(lang, "assume.preference_reference", method=name,
                          reference=i18n.gb(2 * model.params, lang)))  # fmt: skip
        else:
            said.append(t(lang, "assume.preference_reference_lora", method=name))
        if reference:
            said.append(t(lang, "assume.preference_reference_time", trained=training.flops_per_token(plan.stage.value),
                          total=training.flops_per_token(plan.stage.value, method.value)))  # fmt: skip
    if method is Method.reward:
        said.append(t(lang, "assume.reward_model", model=model.name,
                      params=i18n.params(model.params - model.parts.lm_head, lang)))  # fmt: skip
    loss_tokens = (rl_plan["rl_completion"] if rl else 1 if method is Method.reward else seq_len) * batch
    # each context rank's loss reads its own slice of the sequence's tokens
    loss_tokens = -(-loss_tokens // cp)
    said.append(_stack_assumption(plan.stage, model, stack, loss_tokens, w.stack is None, w.zero, lang,
                                  w.cut_cross_entropy))  # fmt: skip
    return plan.but(
        **rl_plan,
        seq_len=seq_len,
        image_cross_tokens=cross_tokens,
        images_in_sequences=images_counted,
        vision_encoder_bytes=vision_bytes,
        batch=batch,
        global_batch=w.global_batch,
        zero=w.zero,
        tokens=tokens,
        tokens_from_budget=tokens_from_budget,
        optimizer=optimizer,
        optimizer_open=optimizer_open,
        lora_rank=rank,
        lora_targets=w.lora_targets,
        lora_dropout=bool(w.lora_dropout),
        async_tp=w.async_tp,
        checkpointing=checkpointing,
        tp=tp,
        pp=pp,
        ep=ep,
        cp=cp,
        context_split=w.context_split,
        selective_recompute=selective,
        eager_attention=w.eager_attention,
        dualpipe=w.dualpipe,
        virtual_stages=virtual,
        pipeline_schedule=w.pipeline_schedule,
        method=method,
        days=days,
        days_assumed=bool(days and not (w.days or w.term_days)),
        rl_prompts=rl_prompts,
        teacher=teacher,
    )


def _tokens_bought(budget: tuple[float, str | None] | None, plan: Plan, catalog: Catalog):
    """The tokens a pre-training's GPU-hours budget pays for ("treinar um 8b do zero com 1,3M horas de H100"), on
    the budget's GPU (else the one named): its model FLOPs (flops_per_token·N·D, training.training_flops) at the
    GPU's BF16 peak and the offering's MFU, as advice.estimates counts a run's GPU-hours the other way round;
    (tokens, GPU, MFU), or None with no budget, no GPU to count on, or no BF16 peak known for it."""
    if budget is None:
        return None
    hours, gpu_id = budget
    gpu = catalog.gpu(gpu_id) if gpu_id else plan.gpu
    if gpu is None or not gpu.bf16_dense_tflops or hours <= 0:
        return None
    mfu = catalog.training_mfu(gpu)
    per_token = training.training_flops(plan.model, plan.stage.value, 1, plan.method.value)
    return round(hours * 3600 * gpu.bf16_dense_tflops * 1e12 * mfu / per_token), gpu, mfu


def _rl_lengths(w: Workload, lang: str) -> int:
    """Prompt + completion tokens of an RL run: a context given is the two together."""
    prompt = w.prompt_tokens or training.RL_PROMPT
    completion = w.output_tokens or training.RL_COMPLETION
    if (w.seq_len or w.context) and not w.output_tokens:
        completion = (w.seq_len or w.context or 0) - prompt
        if completion < 1:
            raise SizingError("rl_context_short", "rl_examples", context=i18n.tokens(prompt + 1, lang))
    return prompt + completion


# The size in a catalogue model's name ("Llama 3.1 8B", "Qwen2.5 7B"), swapped for a reward model's size.
_SIZE_IN_NAME = regexes.compile(r"\b\d+(?:\.\d+)?B\b")


def _reward_sibling(model: ModelEntry, size: str, catalog: Catalog) -> ModelEntry | None:
    """The policy's own release at the size a reward model was given ("ppo no llama 3.1 8b com reward model de
    70b": Llama 3.1 70B, the same tokenizer), where the catalogue has one; None leaves the policy's
    architecture scaled to that size."""
    wanted = _SIZE_IN_NAME.sub(size.strip().upper().replace(" ", ""), model.name, count=1)
    if wanted == model.name:
        return None
    try:
        resolved = resolve_model(wanted, catalog)
    except SizingError:
        return None
    # the catalogue's own model of that name only: not a family read or a size scaled
    return resolved.model if resolved.source == "catalog" and resolved.model.name == wanted else None


def _reward_arch(w: Workload, plan: Plan, catalog: Catalog, lang: str, said: list[str]) -> ModelEntry | None:
    """An RL run's reward model of its own (Workload.rl_reward_arch), said with its frozen weights; a name the
    catalogue cannot size leaves the policy's size, said so. Its vocabulary must be the policy's for TRL,
    whose trainers score the policy's token ids with it (trl/trainer/utils.py get_reward)."""
    model, full = plan.model, plan.stage in (Stage.full, Stage.pretrain)
    size = parse_size((w.rl_reward_arch or "").strip().lower())
    try:
        # A size alone ("reward model de 7b") is the policy's own architecture at that size: a reward model made
        # from the policy's family shares its tokenizer, as TRL needs (a stand-in of another family would not).
        reward = _reward_sibling(model, w.rl_reward_arch or "", catalog) if size else None
        if reward is None:
            reward = (
                scale_layers(model, size) if size else resolve_model(w.rl_reward_arch or "", catalog).model
            )
        if reward.scaled_from:  # named in the reader's language, as the question's model is
            base = catalog.model(reward.scaled_from).name
            reward = _changed(reward, name=t(lang, "model.scaled_name", base=base, layers=reward.num_layers))
    except SizingError:
        said.append(t(lang, "assume.rl_reward_arch_unknown", reward=w.rl_reward_arch, policy=model.name))
        return None
    own = (
        2 * reward.params
        if full
        else weight_bytes(model, plan.precision, catalog).bytes * reward.params / model.params
    )
    said.append(t(lang, "assume.rl_reward_arch", reward=reward.name, bytes=i18n.gb(own, lang)))
    if reward.vocab_size != model.vocab_size:
        said.append(t(lang, "assume.rl_reward_vocab", reward=reward.name, policy=model.name,
                      rv=i18n.number(reward.vocab_size, lang), pv=i18n.number(model.vocab_size, lang)))  # fmt: skip
    return reward


def _rl_defaults(
    plan: Plan, w: Workload, seq_len: int, batch: int, catalog: Catalog, lang: str, said: list[str]
) -> dict:
    """GRPO's, RLOO's and PPO's settings (TRL's defaults where not given: sizing/training.py), each one said."""
    model, method = plan.model, w.method
    assert method is not None
    prompt = w.prompt_tokens or training.RL_PROMPT
    completion = seq_len - prompt
    default_generations = training.RLOO_GENERATIONS if method is Method.rloo else training.RL_GENERATIONS
    generations = w.rl_generations or default_generations
    full = plan.stage in (Stage.full, Stage.pretrain)
    frozen = i18n.gb(2 * model.params if full else weight_bytes(model, plan.precision, catalog).bytes, lang)
    name = t(lang, f"understood.method_{method.value}")
    reward_arch = _reward_arch(w, plan, catalog, lang, said) if w.rl_reward_arch else None
    if method in (Method.grpo, Method.rloo):
        said.append(t(lang, f"assume.rl_{method.value}"))
        said.append(t(lang, "assume.rl_lengths", prompt=i18n.tokens(prompt, lang),
                      completion=i18n.tokens(completion, lang), generations=generations, batch=batch))  # fmt: skip
        if method is Method.grpo:
            reference = bool(w.rl_reference)
            if not reference:
                said.append(t(lang, "assume.rl_no_reference", reference=i18n.gb(2 * model.params, lang)))
        else:
            # RLOOConfig's beta is 0.05: a reference unless the question turns the KL penalty off.
            reference = w.rl_reference is not False
            if not reference:
                said.append(t(lang, "assume.rl_rloo_no_reference"))
        if reference and full:
            said.append(t(lang, "assume.preference_reference", method=name, reference=frozen))
        elif reference:
            said.append(t(lang, "assume.preference_reference_lora", method=name))
        # GRPO's rewards come from functions unless a reward model is said; RLOO's from a reward model, as
        # in its paper's RLHF runs, unless functions (a verifier) are said.
        reward_model = w.rl_reward_model if w.rl_reward_model is not None else method is Method.rloo
        reward_model = reward_model or reward_arch is not None
        if reward_model:
            if reward_arch is None:  # one named by its size: _reward_arch said which, and its bytes
                key = "assume.rl_reward_model" if w.rl_reward_model else "assume.rl_reward_model_default"
                said.append(t(lang, key, method=name, models=frozen))
        elif method is Method.rloo:
            said.append(t(lang, "assume.rl_reward_functions", method=name))
        generation = w.rl_generation or "colocate"
        largest = max(g.memory_bytes for g in catalog.gpus)
        if not w.rl_generation and 2 * model.params > largest / 3:
            # A 16-bit copy beside the training on every GPU leaves too little of even our largest GPU:
            # TRL's own 70B recipe (docs/source/grpo_trainer.md, "GRPO at scale") generates on a node of
            # its own with `trl vllm-serve`.
            generation = "server"
            said.append(t(lang, "assume.rl_server_large", weights=i18n.gb(2 * model.params, lang)))
    elif reward_arch is not None:
        said.insert(-1, t(lang, "assume.rl_ppo_reward_arch", reward=reward_arch.name))
        said.append(t(lang, "assume.rl_ppo_lengths", prompt=i18n.tokens(prompt, lang),
                      completion=i18n.tokens(completion, lang), batch=batch))  # fmt: skip
        reference = True
        reward_model = True
        if full:
            said.append(t(lang, "assume.preference_reference", method="PPO", reference=frozen))
        else:
            said.append(t(lang, "assume.preference_reference_lora", method="PPO"))
        generation = w.rl_generation or "generate"
    else:
        said.append(t(lang, "assume.rl_ppo", models=frozen))
        said.append(t(lang, "assume.rl_ppo_lengths", prompt=i18n.tokens(prompt, lang),
                      completion=i18n.tokens(completion, lang), batch=batch))  # fmt: skip
        reference = True
        reward_model = True  # PPOTrainer takes a reward model (trl/experimental/ppo/ppo_trainer.py)
        if full:
            said.append(t(lang, "assume.preference_reference", method="PPO", reference=frozen))
        else:
            said.append(t(lang, "assume.preference_reference_lora", method="PPO"))
        generation = w.rl_generation or "generate"
    reward_models = w.rl_reward_models or 1 if reward_model else 1
    if reward_models > 1:
        each = (
            i18n.gb(2 * reward_arch.params if full else weight_bytes(model, plan.precision, catalog).bytes
                    * reward_arch.params / model.params, lang)
            if reward_arch is not None else frozen
        )  # fmt: skip
        said.append(t(lang, "assume.rl_reward_models", n=reward_models, each=each))
    stack = plan.stack or catalog.default_stack
    if generation == "colocate" and stack.rl_shared_weights:
        said.append(t(lang, "assume.rl_colocate_shared", stack=stack.name))
    elif generation == "colocate":
        said.append(t(lang, "assume.rl_colocate", weights=i18n.gb(2 * model.params, lang)))
    elif generation == "server":
        said.append(t(lang, "assume.rl_server"))
    else:
        said.append(t(lang, "assume.rl_generate"))
    return dict(
        rl_prompt=prompt,
        rl_completion=completion,
        rl_generations=generations,
        rl_reference=reference,
        rl_reward_model=reward_model,
        rl_reward_arch=reward_arch,
        rl_reward_models=reward_models,
        rl_generation=generation,
    )


def _stack_assumption(
    stage: Stage,
    model: ModelEntry,
    stack: Stack,
    tokens: int,
    default: bool,
    zero: int | None,
    lang: str,
    cut_cross_entropy: bool = False,
) -> str:
    """Which software the training figures assume, and what it changes (the logits of the loss above all); with
    `cut_cross_entropy` its loss is that one, said above, in place of the stack's own."""
    logits = i18n.gb(training.logit_bytes(model, tokens, stack), lang)
    effect = "stack_effect.cut_cross_entropy" if cut_cross_entropy else f"stack_effect.{stack.id}"
    text = t(lang, "assume.stack", stack=stack.name, effect=t(lang, effect, logits=logits))
    if training.kbit_upcast(stage.value, stack, zero or 0):
        # One GPU casts to FP32; sharded setups (FSDP/ZeRO-3, also what several GPUs are sized with) do not.
        text += " " + t(lang, "stack_effect.kbit_upcast") + " " + t(lang, "stack_effect.kbit_sharded_too")
    elif training.kbit_upcast(stage.value, stack, 0):
        text += " " + t(lang, "stack_effect.kbit_sharded")
    if default:
        text += " " + t(lang, "assume.stack_others")
    return text


def _served_adapters(plan: Plan, w: Workload, lang: str, said: list[str]) -> Plan:
    """LoRA adapters served with the model: vLLM keeps a slot per adapter of a batch (--max-loras) at the
    largest rank (--max-lora-rank, 16 by default) in the model's activation dtype, for every linear layer it
    can adapt (vllm/config/lora.py; vllm/lora/layers). Every adapter asked for is sized resident."""
    rank = w.lora_rank or 16
    each = 2 * training.lora_params(plan.model, rank)  # BF16 (lora_dtype "auto": the model's dtype)
    said.append(t(lang, "assume.served_adapters", n=i18n.number(w.lora_adapters, lang), rank=rank,
                  default=t(lang, "assume.default_marker") if w.lora_rank is None else "",
                  each=i18n.gb(each, lang), total=i18n.gb(each * w.lora_adapters, lang)))  # fmt: skip
    return plan.but(lora_adapters=w.lora_adapters, lora_rank=rank)


def _served_encoders(plan: Plan, w: Workload, lang: str, said: list[str]) -> Plan:
    """Embedding and reranking models on the LLM's GPUs (sizing/encoders.py): a kind's word stands for the
    table's default of that kind, said as assumed."""
    defaults = encoders.table().defaults
    ids, assumed = [], []
    for asked in w.encoders or ():
        chosen = (
            getattr(defaults, asked)
            if asked in ("embedding", "reranker")
            else asked.removeprefix("speech:").removeprefix(encoders.FAMILY_MARK)
        )
        if chosen in ids:
            continue
        ids.append(chosen)
        if asked.startswith("speech:"):
            # "whisper", "faster-whisper": a speech model with no size named, the speech table's default
            assumed.append(chosen)
            said.append(t(lang, "speech.assumed_size", name=speech.by_id(chosen).name))
        elif (family := encoders.family_said(asked, lang)) is not None:
            # "multilingual e5": the size taken for the family, said with the others; the understood line names
            # the model taken, not a kind's word (the family was named)
            said.append(family)
        elif chosen != asked:
            assumed.append(chosen)
            said.append(t(lang, f"encoders.assumed_{asked}", name=encoders.by_id(chosen).name))
    models = [encoders.by_id(i) for i in ids if not speech.is_speech_id(i)]
    if models:
        said.append(t(lang, "encoders.beside", names=i18n.join([e.name for e in models], lang),
                      seqs=defaults.batch_sequences, seq_tokens=i18n.number(defaults.batch_tokens, lang),
                      total=i18n.gb(sum(encoders.total(e) for e in models), lang)))  # fmt: skip
    for served in [speech.by_id(i) for i in ids if speech.is_speech_id(i)]:
        said.append(t(lang, "speech.beside", names=served.name, runtime=served.runtime.name,
                      format=served.format.upper(), batch_words=speech.batch_words(served.batch, lang), beam=served.runtime.beam,
                      total=i18n.gb(speech.total(served), lang)))  # fmt: skip
    heard = None
    if any(speech.is_speech_id(i) for i in ids) and (w.speech_audio_hours or w.speech_streams):
        heard = Load(audio_hours=w.speech_audio_hours, period_s=w.speech_period_s,
                     deadline=bool(w.speech_deadline), streams=w.speech_streams)  # fmt: skip
    return plan.but(encoders=tuple(ids), encoders_assumed=tuple(assumed), speech_load=heard)


def _lora_targets(
    model: ModelEntry, rank: int, default: bool, stack: Stack, lang: str, said: str | None = None
) -> str:
    """The modules LoRA adapts, named (PEFT target_modules="all-linear"), and what that adds up to; `said`: the
    targets the question gave ("qv": q_proj and v_proj alone)."""
    if said == "qv":
        return t(lang, "assume.lora_targets_qv", rank=rank,
                 default=t(lang, "assume.default_marker") if default else "",
                 params=i18n.params(training.lora_params(model, rank, stack, "qv"), lang),
                 all=i18n.params(training.lora_params(model, rank), lang),
                 dtype=t(lang, f"adapter_dtype.{stack.adapter_dtype}"))  # fmt: skip
    if (named := training.lora_modules(said)) is not None:
        return t(lang, "assume.lora_targets_named", rank=rank,
                 default=t(lang, "assume.default_marker") if default else "",
                 names=", ".join(f"{m}_proj" for m in training.LORA_MODULES if m in named),
                 params=i18n.params(training.lora_params(model, rank, stack, said), lang),
                 all=i18n.params(training.lora_params(model, rank), lang),
                 dtype=t(lang, f"adapter_dtype.{stack.adapter_dtype}"))  # fmt: skip
    matrices = t(lang, "lora.matrices_gated" if model.mlp == "gated" else "lora.matrices_plain")
    parts = [t(lang, "lora.attention_mla" if model.mla else "lora.attention")]
    has_dense = model.dense_layers > 0 or (model.moe is not None and model.moe.shared_experts > 0)
    if has_dense:
        parts.append(t(lang, "lora.mlp", matrices=matrices))
    if model.moe:
        parts.append(t(lang, "lora.experts", experts=model.moe.experts, matrices=matrices))
    if stack.lora_skip_k and said != "all_linear":
        # torchtune's recipes: q, v and the attention's output, and the MLP
        return t(lang, "assume.lora_targets_recipe", rank=rank, stack=stack.name,
                 default=t(lang, "assume.lora_recipe_rank") if default else "",
                 params=i18n.params(training.lora_params(model, rank, stack), lang),
                 dtype=t(lang, f"adapter_dtype.{stack.adapter_dtype}"))  # fmt: skip
    return t(
        lang,
        "assume.lora_targets",
        rank=rank,
        default=t(lang, "assume.default_marker") if default else "",
        modules=t(lang, "lora.join", first=", ".join(parts[:-1]), last=parts[-1])
        if len(parts) > 1
        else parts[0],
        params=i18n.params(training.lora_params(model, rank), lang),
        dtype=t(lang, f"adapter_dtype.{stack.adapter_dtype}"),
    )


def launch_words(engine: str, lang: str) -> dict[str, str]:
    """A launch line's engine as the answer names it, with its flags for the longest sequence and the
    sequences at once (launch_engine.* in sizing/data/messages)."""
    return {k: t(lang, f"launch_engine.{engine}.{k}") for k in ("engine", "len_flag", "seqs_flag")}


def launch_caps(engine: str, window: bool) -> bool:
    """Whether the engine starts even when one sequence of the line's length does not fit its KV cache, capping
    each request at what does fit, where vLLM stops at start-up (vllm/v1/core/kv_cache_utils.py,
    check_enough_kv_cache_memory). SGLang: max_req_len = min(context_len - 1, max_total_num_tokens - 1)
    (python/sglang/srt/managers/tp_worker.py, TpModelWorker). TGI stops too when --max-total-tokens is set
    (backends/v3/src/lib.rs: NotEnoughMemory "Not enough memory to handle `max_total_tokens`"), but without it
    takes min(max_allocatable, max_position_embeddings) (launcher/src/main.rs)."""
    return engine == "sglang" or (engine == "tgi" and window)


def reasons(plan: Plan, w: Workload, catalog: Catalog) -> str | None:
    """Why the served model's answers are a chain of thought and then the answer, or None: "model", a reasoning
    model (models.toml `reasoning = "always"`); "task", reasoning asked for ("com raciocínio", "qwen3 32b com
    thinking"); or the name of a reasoning model it is weighed against ("qwen3 32b ou qwq 32b?"), for both to
    be sized for the same load. None where the question turns it down ("sem raciocínio", "reasoning effort
    low")."""
    if w.reasoning is not None:
        return None
    if plan.model.reasoning == "always":
        return "model"
    if plan.task is Task.reasoning:
        return "task"
    for typed in [] if w.together else w.model_choices or []:
        try:
            other = resolve_model(typed, catalog).model
        except SizingError:
            continue  # a name the comparison says it could not size
        if other.reasoning == "always":
            return other.name
    return None


def _reasoning_lengths(
    plan: Plan, w: Workload, catalog: Catalog, context: int, output: int, lang: str
) -> list[str]:
    """What the answer assumed of a reasoning model's answers, and how to change it."""
    model = plan.model
    if w.reasoning is not None and (model.reasoning or plan.task is Task.reasoning):
        # turned down: the chat's lengths; a model that always thinks still writes its chain of thought
        key = "always" if model.reasoning == "always" and w.reasoning == "off" else w.reasoning
        return [
            t(lang, f"assume.traffic.reasoning_{key}", model=model.name, output=i18n.tokens(output, lang))
        ]
    why = reasons(plan, w, catalog)
    if why is None or w.output_tokens:
        return []  # the answers' length given wins
    lengths = catalog.traffic.lengths
    how = t(lang, "assume.traffic.reasoning_change_effort" if model.id.startswith("gpt-oss")
            else "assume.traffic.reasoning_change")  # fmt: skip
    room = lengths.reasoning_max_output_tokens
    if w.context is None and context >= lengths.new_prompt_tokens + room:
        key = "reasoning_lengths"
    elif w.context is None:
        key = "reasoning_lengths_window"  # the model's window is shorter than a prompt and the longest answer
    elif output >= lengths.reasoning_output_tokens:
        key = "reasoning_lengths_context"  # the context asked for holds what it holds
    else:
        key = "reasoning_lengths_half"  # the mean does not fit twice in the context asked for
    said = t(
        lang,
        f"assume.traffic.{key}",
        output=i18n.tokens(output, lang),
        context=i18n.tokens(context, lang),
        longest=i18n.tokens(room, lang),
        mean=i18n.tokens(lengths.reasoning_output_tokens, lang),
        how=how,
    )
    if why not in ("model", "task"):
        # weighed against a reasoning model: this one is sized for the same load
        said = t(lang, "assume.traffic.reasoning_compared", other=why, said=said)
    return [said]


# Tasks a daily volume of which is a pipeline with nobody waiting on each answer, whatever it counts
# ("classificar 1 milhão de tickets por dia", "resumir 2 mil chamadas por dia").
BATCH_TASKS = frozenset({Task.classification, Task.extraction, Task.summarization})


def _within_prompt_limit(
    limit: int, context: int, prompt: int, history: int, lang: str, said: list[str]
) -> int:
    """The cached history a request brings under TGI's --max-input-tokens: TGI rejects an input longer than it,
    the conversation's history included (it keeps no conversation: each request sends it whole), and refuses
    to start unless it is under --max-total-tokens (launcher/src/main.rs: "`max_input_tokens` must be <
    `max_total_tokens`"). The memory stays sized on --max-total-tokens, what each sequence may reach."""
    if limit >= context:
        raise SizingError("traffic.prompt_limit_total", "traffic.prompt_limit_examples",
                          limit=i18n.tokens(limit, lang), context=i18n.tokens(context, lang))  # fmt: skip
    if prompt > limit:
        raise SizingError("traffic.prompt_beyond_limit", "traffic.prompt_limit_examples",
                          prompt=i18n.tokens(prompt, lang), limit=i18n.tokens(limit, lang))  # fmt: skip
    said.append(t(lang, "assume.traffic.prompt_limit", limit=i18n.tokens(limit, lang),
                  output=i18n.tokens(context - limit, lang), context=i18n.tokens(context, lang)))  # fmt: skip
    return min(history, limit - prompt)


# Tasks that read a whole document when it is one ("classificar contratos", "análise de contratos"); a summary
# reads one whatever it names, unless its texts are said to be short.
DOCUMENT_TASKS = frozenset({Task.classification, Task.extraction, Task.summarization})


def _document_prompt(plan: Plan, w: Workload, catalog: Catalog) -> int:
    """A whole document's prompt (traffic.toml long_prompt_tokens) when the question reads documents and gives
    no length nor context; else 0. Page images read by a model with vision are the document instead (their
    text prompt stays the chat's), and a model whose window cannot hold it keeps the chat's lengths (GPT-2's
    1,024 tokens)."""
    lengths = catalog.traffic.lengths
    if plan.task not in DOCUMENT_TASKS or w.documents in ("short", "page"):
        return 0
    if plan.task is not Task.summarization and w.documents != "long":
        return 0
    if w.prompt_tokens or w.prompt_pages or plan.read_tokens or w.translation or plan.images:
        return 0
    if (
        w.context is not None
        or lengths.long_prompt_tokens * (1 + lengths.summary_output_share) >= plan.model.max_context
    ):
        return 0
    return lengths.long_prompt_tokens


def _code_lengths(plan: Plan, w: Workload, catalog: Catalog) -> tuple[int, int, int] | None:
    """A coding assistant's prompt, answer and conversation (0 for independent requests: autocomplete) when the
    question gives no prompt, none of the lengths said of other work, and no context too short for them; else
    None. A context said is the conversation's."""
    coding = plan.task is Task.code or (plan.task is Task.agent and not w.code_completion)
    if not coding or w.prompt_tokens or w.prompt_pages or plan.read_tokens or w.translation:
        return None
    if plan.images or w.users_limit or w.shared_prefix_tokens or w.turns:
        return None
    code = catalog.traffic.code
    if w.code_completion:
        prompt, output, context = code.completion_prompt_tokens, code.completion_output_tokens, 0
    else:
        prompt, output, context = code.prompt_tokens, code.output_tokens, code.context_tokens
    output = w.output_tokens or output
    window = w.context or plan.model.max_context
    if prompt + output > window:
        return None  # a window too short for the assistant's requests keeps a chat's lengths
    if w.context is not None:
        context = 0  # the conversation is the context said, sized as said
    return prompt, output, min(context, window)


def _serving_load(plan: Plan, w: Workload, catalog: Catalog, lang: str, said: list[str]) -> Plan:
    """Prompt and answer lengths, the peak request rate and the latency targets of a serving workload,
    each default written down."""
    model, traffic = plan.model, catalog.traffic
    context = plan.context
    default_output = traffic.lengths.output_tokens
    summary_prompt = 0  # a summary's text, when the question gives no length (below)
    summary_said = False  # the lengths said with the summary's
    code_context = 0  # a coding assistant's conversation, when the question gives no lengths (below)
    reasoning = reasons(plan, w, catalog) is not None
    room = 0  # the longest reasoning answer each conversation holds, when the question gives no length
    document = _document_prompt(plan, w, catalog)
    short_summary = (
        plan.task is Task.summarization
        and w.documents in ("short", "page")
        and not (w.prompt_tokens or w.prompt_pages or plan.read_tokens or w.output_tokens or w.translation)
    )
    if reasoning and not w.output_tokens:
        # A reasoning model writes its chain of thought before the answer, and both are output: it answers a
        # label or a summary after thinking too. The mean answer sizes throughput and cost, the longest one
        # the context every conversation must hold (traffic.toml [lengths], with their sources).
        default_output = traffic.lengths.reasoning_output_tokens
        room = traffic.lengths.reasoning_max_output_tokens
        if w.context is None:
            prompt = document or traffic.lengths.new_prompt_tokens
            context = max(context, min(prompt + room, model.max_context))
    elif plan.task is Task.classification and not w.output_tokens:
        # A label, not an essay: a classifier sized for chat answers would need several times the GPUs.
        default_output = traffic.lengths.classification_output_tokens
        said.append(t(lang, "assume.traffic.classification_output", output=i18n.tokens(default_output, lang)))
    elif plan.read_tokens and not w.output_tokens and plan.task is Task.summarization:
        # "resumir 10 milhões de palavras": each text read is answered by its summary, a share of it (traffic.toml).
        read = w.prompt_tokens or (w.prompt_pages or 0) * traffic.lengths.tokens_per_page
        read = read or traffic.lengths.new_prompt_tokens
        share = traffic.lengths.summary_output_share
        default_output = max(round(read * share), 1)
        said.append(t(lang, "assume.traffic.summary_output", prompt=i18n.tokens(read, lang),
                      output=i18n.tokens(default_output, lang), share=i18n.percent(share, lang)))  # fmt: skip
    elif (
        plan.task is Task.summarization
        and (w.prompt_tokens or w.prompt_pages)
        and not (w.output_tokens or w.translation)
    ):
        # "resumir 20 mil contratos de 20 páginas por dia": a given text is answered by a summary a share of it,
        # as a volume of words is above, not by a chat's 500-token answer. A 60k-token text would get a 6k-token
        # summary, longer than a long report: the share stops at traffic.toml's long answer (~1,500 words).
        read = w.prompt_tokens or (w.prompt_pages or 0) * traffic.lengths.tokens_per_page
        share = traffic.lengths.summary_output_share
        default_output = min(max(round(read * share), 1), traffic.lengths.long_output_tokens)
        capped = default_output < round(read * share)
        summary_said = True
        said.append(t(lang, "assume.traffic.summary_output_capped" if capped else "assume.traffic.summary_output",
                      prompt=i18n.tokens(read, lang), output=i18n.tokens(default_output, lang),
                      share=i18n.percent(share, lang)))  # fmt: skip
    elif short_summary:
        # "resumir e-mails curtos", "resumo de mensagens": short texts, the chat's prompt, and a summary a share
        # of it (traffic.toml) rather than a chat's answer half as long as what it summarises.
        share = traffic.lengths.summary_output_share
        default_output = max(round(traffic.lengths.new_prompt_tokens * share), 1)
        summary_prompt, summary_said = traffic.lengths.new_prompt_tokens, True
        said.append(t(lang, "assume.traffic.summary_short", prompt=i18n.tokens(summary_prompt, lang),
                      output=i18n.tokens(default_output, lang), share=i18n.percent(share, lang)))  # fmt: skip
    elif plan.task is Task.summarization and document:
        # "resumir contratos para 20 advogados": a summary reads a whole text and writes a tenth of it. NVIDIA's
        # NIM benchmarking guide (Parameters and Best Practices, Use Cases) puts summarization at inputs of
        # O(1000) tokens, much longer than outputs of O(100); the chat default's 1,000-token prompt and
        # 500-token answer would have it backwards. A long prompt (traffic.toml), said with its pages.
        summary_prompt = document
        summary_said = True
        share = traffic.lengths.summary_output_share
        if not w.output_tokens:
            default_output = max(round(summary_prompt * share), 1)
        key = (
            "assume.traffic.summary_document_given" if w.output_tokens else "assume.traffic.summary_document"
        )
        said.append(t(lang, key, prompt=i18n.tokens(summary_prompt, lang),
                      pages=i18n.number(round(summary_prompt / traffic.lengths.tokens_per_page), lang),
                      per_page=i18n.number(traffic.lengths.tokens_per_page, lang),
                      output=i18n.tokens(w.output_tokens or default_output, lang),
                      share=i18n.percent(share, lang)))  # fmt: skip
    elif code := _code_lengths(plan, w, catalog):
        # A coding assistant in the IDE sends its instructions, open files and tool results with each request,
        # not a chat's 1,000 tokens (traffic.toml [code], each figure with its source there).
        summary_prompt, code_context = code[0], code[2]
        summary_said = True
        if not w.output_tokens:
            default_output = code[1]
        key = "assume.traffic.code_completion" if w.code_completion else "assume.traffic.code_chat"
        # An AI agent's call carries its instructions, tools and their outputs so far, as a coding agent's does:
        # Cline's figure is the published one, and for other agents our assumption (the message says so).
        key = "assume.traffic.agent_calls" if plan.task is Task.agent else key
        said.append(t(lang, key, prompt=i18n.tokens(code[0], lang), output=i18n.tokens(w.output_tokens or code[1], lang),
                      context=i18n.tokens(code_context or code[0] + code[1], lang)))  # fmt: skip
    elif plan.read_tokens and not w.output_tokens:
        # Words read with a short answer each ("processar 10 milhões de palavras": classifying, extracting): the
        # classification's answer length (traffic.toml), so the time is the prompts' reading.
        default_output = traffic.lengths.classification_output_tokens
        said.append(t(lang, "assume.traffic.read_output", output=i18n.tokens(default_output, lang)))
    output = w.output_tokens or min(default_output, max(context // 2, 1))
    if document and not summary_prompt:
        # "análise de contratos", "classificar contratos", a reasoning model's summary: the document is read
        # whole whatever is written back, as a summary's is (above), not a chat's 1,000-token question. The
        # answer's length is said by its own line (a label's, a reasoning model's) or, else, here.
        summary_prompt, summary_said = document, True
        own_line = w.output_tokens or (reasoning and not w.output_tokens) or plan.task is Task.classification
        key = "assume.traffic.document_read_given" if own_line else "assume.traffic.document_read"
        said.append(t(lang, key, prompt=i18n.tokens(document, lang),
                      pages=i18n.number(round(document / traffic.lengths.tokens_per_page), lang),
                      per_page=i18n.number(traffic.lengths.tokens_per_page, lang),
                      output=i18n.tokens(output, lang)))  # fmt: skip
    given_prompt = w.prompt_tokens or summary_prompt
    if w.prompt_pages and not given_prompt:
        per_page = traffic.lengths.tokens_per_page
        given_prompt = w.prompt_pages * per_page
        key = "assume.traffic.pages_one" if w.prompt_pages == 1 else "assume.traffic.pages"
        said.append(t(lang, key, pages=i18n.number(w.prompt_pages, lang),
                      per_page=i18n.number(per_page, lang), prompt=i18n.tokens(given_prompt, lang)))  # fmt: skip
    # A translation writes about as many tokens as it reads (one text in, the same text in another language
    # out): its prompts are as long as its answers, whichever of the two the question gave.
    translation = bool(
        w.translation
        and (
            plan.generated_tokens
            or w.batch_items
            or w.requests_per_day
            or w.requests_per_week
            or w.requests_per_month
            or w.prompt_pages
            or w.prompt_tokens
        )
    )
    if translation and given_prompt and not w.output_tokens:
        output = given_prompt
    elif translation and not given_prompt:
        given_prompt = output
    if translation and not (w.prompt_tokens and w.output_tokens):
        said.append(t(lang, "assume.traffic.translation", prompt=i18n.tokens(given_prompt, lang),
                      output=i18n.tokens(output, lang)))  # fmt: skip
    # Images take tokens of the conversation's context (one <|image|> token each in Llama 3.2 Vision, whose
    # images sit in the cross-attention layers instead).
    image_tokens = plan.images.context_tokens if plan.images else 0
    if image_tokens and w.context is not None and image_tokens + (given_prompt or 1) + output > w.context:
        raise SizingError(
            "images.beyond_context",
            "images.context_examples",
            images=_images_times(plan.images, lang),
            context=i18n.tokens(w.context, lang),
            output=i18n.tokens(output, lang),
        )
    if given_prompt:
        # The prompt's length counts its text; its images come on top.
        prompt = given_prompt + image_tokens
        if w.context is None:
            # a reasoning answer may run to its longest, within the model's window
            context = max(prompt + output, min(prompt + room, model.max_context))
        # Independent requests of that prompt; with messages per conversation, each arrives on the earlier ones.
        history = max(context - output - prompt, 0) if w.turns and w.context is not None else 0
        if code_context:
            # A coding assistant's conversation grows to the tool's window: each request brings its files on the
            # turns before it, which the prefix cache holds; memory is sized for the whole window.
            context = max(context, code_context)
            history = max(context - output - prompt, 0)
    else:
        if w.context is None and w.output_tokens:
            # Long answers and no context asked for: the context grows to hold them after the default prompt
            # (a 4,000-token answer leaves no 96-token prompt).
            context = max(context, traffic.lengths.new_prompt_tokens + output)
        if w.context is None:
            # Independent requests, each bringing its images: the default context is the text's, less what
            # the model's window cannot hold beside the images (LLaVA 1.5's 4,096 tokens).
            if image_tokens and image_tokens + output >= model.max_context:
                raise SizingError(
                    "images.beyond_model_alone",
                    _smaller_hint(plan.images),
                    images=_images_times(plan.images, lang),
                    model=model.name,
                    limit=i18n.tokens(model.max_context, lang),
                )
            context = min(context + image_tokens, max(model.max_context, image_tokens + output + 1))
            text = context - image_tokens
            prompt = min(traffic.lengths.new_prompt_tokens, max(text - output, 1)) + image_tokens
        elif w.context_per_request and not w.turns:
            # "2k tokens per request": the request's own tokens, its prompt and its answer (the answer's length
            # kept, the rest prompt), not a conversation grown to that context on a cached history.
            prompt = max(context - output - image_tokens, 1) + image_tokens
        else:
            prompt = min(traffic.lengths.new_prompt_tokens, max(context - output - image_tokens, 1))
        # A context asked for is a conversation that grows to fill it: each turn's new text arrives on a
        # cached history (its images among it). With the default context, requests are independent calls.
        history = max(context - output - prompt, 0) if w.context is not None else 0
    shared = w.shared_prefix_tokens or 0
    if shared:
        # "system prompt de 8k tokens": every request starts with it, so the conversation holds it before its
        # own prompt and answer, and it arrives already computed (vLLM's prefix cache, on by default).
        if w.context is None:
            context = max(context, shared + prompt + output)
        elif shared + prompt + output > context and not given_prompt:
            prompt = max(context - output - shared, 1)
        if shared + prompt + output > context:
            raise SizingError("traffic.lengths_beyond_context", "traffic.lengths_examples",
                              prompt=i18n.tokens(shared + (given_prompt or traffic.lengths.new_prompt_tokens), lang),
                              output=i18n.tokens(output, lang),
                              context=i18n.tokens(context, lang))  # fmt: skip
        history = max(history, shared)
    # An engine's ceiling on sequences at once, with no rate, head-count or conversation of turns: vLLM starts
    # when one --max-model-len sequence fits in its KV cache (vllm/v1/core/kv_cache_utils.py,
    # check_enough_kv_cache_memory: "To serve at least one request with the models's max seq len ...") and its
    # scheduler then runs as many sequences as the cache holds, up to --max-num-seqs. Sized as a vLLM engineer
    # reads such a line: the ceiling's sequences at a typical request's length (the prompt and answer above,
    # traffic.toml's defaults unless said), on a setup where vLLM starts with the max-model-len.
    launch = (
        w.users_limit
        and w.users is not None
        and not (w.rate_per_s or w.requests_per_day or w.requests_per_month or w.population or w.batch_items)
        and not (w.turns or image_tokens)
    )
    max_model_len = None
    if launch:
        max_model_len = context
        if w.context is None:
            # No --max-model-len on the line: vLLM takes the model's own window, max_position_embeddings
            # (rope scaling only when the config declares it) unless the flag lowers it (vllm-project/vllm
            # vllm/config/model.py, _get_and_verify_max_len: derived_max_model_len), and checks at start-up that
            # one sequence that long fits. The catalogue's max_context is that window. SGLang without
            # --context-length takes it too (python/sglang/srt/server_args.py: context_length "Defaults to None
            # (will use the value from the model's config.json instead)"); TGI without --max-total-tokens takes
            # min(max_allocatable, max_position_embeddings) (launcher/src/main.rs, max_total_tokens).
            max_model_len = model.max_context
            engine = w.launch_engine or "vllm"
            said.append(t(lang, f"assume.traffic.launch_model_window_{engine}", model=model.name,
                          max_len=i18n.tokens(max_model_len, lang)))  # fmt: skip
        context = min(context, shared + prompt + output)
        history = shared
    if w.prompt_limit is not None:
        # A launch line's typical request (above) is under its --max-total-tokens (max_model_len), the total
        history = _within_prompt_limit(w.prompt_limit, max_model_len or context, prompt, history, lang, said)
    if image_tokens and context > model.max_context:
        raise SizingError(
            "images.beyond_model",
            _smaller_hint(plan.images),
            images=_images_times(plan.images, lang),
            text=i18n.tokens(context - image_tokens, lang),
            model=model.name,
            limit=i18n.tokens(model.max_context, lang),
        )
    if prompt + output > context:
        raise SizingError(
            "traffic.lengths_beyond_context",
            "traffic.lengths_examples",
            prompt=i18n.tokens(prompt, lang),
            output=i18n.tokens(output, lang),
            context=i18n.tokens(context, lang),
        )
    if context > model.max_context and given_prompt and (w.prompt_pages or w.documents or w.translation):
        # "resumir manuais de 300 páginas", "traduzir livros de 200 páginas": a document read whole that the
        # model's window cannot hold is read in parts, each one request (a summary of the parts' summaries).
        part = (
            model.max_context * given_prompt // (given_prompt + output)
        )  # a translation's answer is as long
        pages = part // traffic.lengths.tokens_per_page if w.prompt_pages else 0
        raise SizingError(
            "context_beyond_model",  # the key the suggestions (sizing/fits.py) and the request log know
            "traffic.document_split",
            prompt=i18n.tokens(given_prompt, lang),
            output=i18n.tokens(output, lang),
            context=i18n.tokens(given_prompt + output, lang),
            model=model.name,
            limit=i18n.tokens(model.max_context, lang),
            part=i18n.tokens(part, lang),
            pages=t(lang, "hint.traffic.document_split_pages", n=i18n.number(pages, lang)) if pages else "",
        )
    if context > model.max_context:
        raise SizingError(
            "context_beyond_model",
            "context_limit",
            context=i18n.tokens(context, lang),
            model=model.name,
            limit=i18n.tokens(model.max_context, lang),
        )
    if (given_prompt or (max_model_len or context) != plan.context) and w.context is None:
        # The assumption about the context was about the default: the lengths now set it.
        said[:] = [a for a in said if a != t(lang, "assume.context", tokens=i18n.tokens(plan.context, lang))]
    if image_tokens and w.context is None:
        # The context said is the text's and the images' together (assume.images.context_default).
        said[:] = [a for a in said if a != t(lang, "assume.context", tokens=i18n.tokens(plan.context, lang))]
    if plan.images is not None:
        said.extend(_image_assumptions(plan, w, context, prompt, catalog, lang))
    if shared:
        key = "assume.traffic.shared_document" if w.shared_prefix_document else "assume.traffic.shared_prefix"
        said.append(t(lang, key, tokens=i18n.tokens(shared, lang)))
    if code_context:
        pass  # said with the coding assistant's lengths above
    elif history > shared:
        said.append(
            t(
                lang,
                "assume.traffic.turn_history" if w.turns else "assume.traffic.chat_turn",
                prompt=i18n.tokens(prompt, lang),
                output=i18n.tokens(output, lang),
                history=i18n.tokens(history, lang),
            )
        )
    elif w.context_per_request and not given_prompt and not w.turns and w.context is not None:
        key = "assume.traffic.per_request_given" if w.output_tokens else "assume.traffic.per_request"
        said.append(t(lang, key, total=i18n.tokens(context, lang), prompt=i18n.tokens(prompt, lang),
                      output=i18n.tokens(output, lang)))  # fmt: skip
    elif not (given_prompt and w.output_tokens) and not translation and not summary_said:
        said.append(
            t(
                lang,
                "assume.traffic.lengths",
                prompt=i18n.tokens(prompt, lang),
                output=i18n.tokens(output, lang),
            )
        )
    if max_model_len is not None:
        engine = w.launch_engine or "vllm"
        key = (
            "assume.traffic.launch_limits_caps"
            if launch_caps(engine, w.context is None)
            else "assume.traffic.launch_limits"
        )
        said.append(t(lang, key, users=i18n.number(w.users, lang), max_len=i18n.tokens(max_model_len, lang),
                      typical=i18n.tokens(context, lang), **launch_words(engine, lang)))  # fmt: skip
    if w.rate_from_volume is not None:
        w = _volume_requests(w, prompt, output)
        said.append(_rate_from_volume(w, prompt, output, lang))
    if w.lengths_from_volume and w.prompt_tokens and w.output_tokens:
        said.append(t(lang, "assume.traffic.lengths_from_volume", each=i18n.tokens(w.prompt_tokens + w.output_tokens, lang),
                      prompt=i18n.tokens(w.prompt_tokens, lang), output=i18n.tokens(w.output_tokens, lang)))  # fmt: skip
    said.extend(_reasoning_lengths(plan, w, catalog, context, output, lang))

    generating = bool(
        w.users_at_once
        and w.active_share
        and (w.users or 0) > 1
        and w.population is None
        and not (w.rate_per_s or w.requests_per_day or w.requests_per_week or w.requests_per_month)
        and not w.batch_items
    )
    if generating:
        # "350 usuários simultâneos, mas só 10% gerando ao mesmo tempo": the share said of the users at once is
        # the conversations generating, the load (those reading or typing hold no GPU); it had been said unused
        # and all 350 sized.
        n = max(math.ceil((w.users or 0) * (w.active_share or 0) - 1e-9), 1)
        plan = plan.but(users=n)
        said.append(t(lang, "assume.traffic.at_once_generating", users=i18n.number(w.users or 0, lang),
                      share=i18n.percent(w.active_share or 0, lang), n=i18n.number(n, lang)))  # fmt: skip
    users, rate, basis, per_day = plan.users, None, None, w.requests_per_day
    given = (
        w.ttft_s is not None
        or w.tokens_per_s is not None
        or w.fast_latency
        or w.e2e_s is not None
        or (w.code_completion and plan.task is Task.code)  # autocomplete is waited on: fast answers
    )
    # A volume of work a day or a month, documents counted ("5 mil contratos por dia") or a pipeline's task
    # ("classificar 2 milhões de mensagens por dia"), with no latency typed: no one waits on each answer as it
    # is written, so it is sized as a batch is, for throughput (traffic.toml [latency_batch]), not for
    # chat's first token in 2 s. People, conversations at once and rates a second or a minute stay chat.
    pipeline = False
    population, share, per_hour = w.population, None, None
    if population and w.population_monthly:
        # "30 mil usuários por mês": a month's people, of whom a share is there on a day (traffic.toml); the
        # day's people are the head-count (it had been the month's, five times the load).
        daily_share = traffic.population.daily_share_of_monthly
        monthly, population = population, max(round(population * daily_share), 1)
        said.append(t(lang, "assume.traffic.monthly_people", month=i18n.number(monthly, lang),
                      share=i18n.percent(daily_share, lang), day=i18n.number(population, lang)))  # fmt: skip
    one_person = (population == 1 or (population is None and w.users == 1 and not w.users_at_once)) and not (
        w.requests_per_active_hour
    )
    if one_person:
        # One person is no head-count: a share of them ("1 usuário", then "e se 20% usarem ao mesmo tempo?")
        # is that person or no one. Sized as that one person at once, said so (it had been "1 pessoas: 20%
        # delas na hora de pico", a rate of 0.01 conversations in flight).
        population = None
        if w.active_share is not None:
            said.append(t(lang, "assume.traffic.share_of_one", share=i18n.percent(w.active_share, lang)))
    head_count = (
        w.users is not None
        and not w.users_at_once
        and not w.users_limit
        # "300 pessoas, 10% ao mesmo tempo": a share said makes the users people, however few (they had been
        # sized as 300 conversations at once); one person stays one user.
        and (
            w.users >= traffic.population.users_as_population_from
            or (w.active_share is not None and w.users > 1)
        )
    )
    if (
        w.population is None
        and head_count
        and not (w.rate_per_s or w.requests_per_day or w.requests_per_week or w.requests_per_month)
    ):
        # 5,000 conversations at once is a public service; "5,000 users" of a company is its head-count.
        population = w.users
        n = i18n.number(w.users, lang)
        # in the customer's noun where it was not "usuários" ("1.000 pessoas" had been said "1.000 usuários" here)
        said.append(t(lang, "assume.traffic.people_as_population", n=n, noun=w.users_noun) if w.users_noun
                    else t(lang, "assume.traffic.users_as_population", n=n))  # fmt: skip
    if (
        population
        and w.users_at_once
        and not w.users_beside_population  # "20 atendentes simultâneos e 100 funcionários": two groups
        and not (w.rate_per_s or w.requests_per_day or w.requests_per_week or w.requests_per_month)
    ):
        # "5000 funcionários, 300 conversas simultâneas": the conversations at once are the load itself; the
        # head-count's estimate of them (had been sized instead, with the 300 shown as understood) is not used.
        said.append(t(lang, "assume.traffic.at_once_over_population", users=i18n.number(w.users, lang),
                      n=i18n.number(population, lang)))  # fmt: skip
        population = None
    all_active = False
    held_users, held_rate = 0, 0.0  # users at once beside a head-count (_beside_population)
    peak_used = False  # a day's people whose peak multiple sets their busiest hour (below)
    if (
        population is None
        and w.users
        and w.requests_per_active_hour
        and not (
            w.rate_per_s or w.requests_per_day or w.requests_per_week or w.requests_per_month or w.batch_items
        )
    ):
        # "40 usuários, cada um manda 3 perguntas por minuto": the users said at once are the people, and each
        # sends that many; all of them are active (had been sized as 40 conversations, the rate unused).
        population, all_active = w.users, True
    if w.rate_per_s:
        rate, basis = w.rate_per_s, "rate"
    elif w.batch_items and w.batch_seconds:
        # A batch runs from start to end at one pace: its items over its deadline, with no peak hour (MLPerf
        # Inference's Offline scenario sends every sample at once and is judged on throughput alone).
        rate, basis = w.batch_items / w.batch_seconds, "batch"
        plan = plan.but(batch_seconds=w.batch_seconds)
        period, volume = w.batch_of_volume or ("", 0)
        days = traffic.daily.days_per_week if period == "week" else traffic.daily.days_per_month
        if volume and max(round(volume / days), 1) == w.batch_items:
            # "300 mil por semana, janela noturna de 6h": each day's share of it is the batch (a thread's new
            # count of items is no longer that share)
            said.append(t(lang, f"assume.traffic.batch_daily_{period}", volume=i18n.number(volume, lang),
                          days=i18n.number(days, lang), items=i18n.number(w.batch_items, lang),
                          period=batch_period(w.batch_seconds, lang)))  # fmt: skip
        said.append(t(lang, "assume.traffic.batch", items=i18n.number(w.batch_items, lang),
                      period=batch_period(w.batch_seconds, lang), rate=rate_text(rate, lang)))  # fmt: skip
    elif (plan.generated_tokens or plan.read_tokens) and w.batch_seconds:
        # "traduzir 20 milhões de palavras em 48h": tokens to write (or to read) by a deadline are a batch, its
        # requests the tokens over each request's answer (or prompt), at one pace to the end (it had been one
        # conversation, timed, with the deadline left unread or said not to matter).
        volume = plan.generated_tokens or plan.read_tokens or 0
        plan_volume_generated = plan.generated_tokens
        each = output if plan.generated_tokens else prompt
        items = max(round(volume / max(each, 1)), 1)
        rate, basis = items / w.batch_seconds, "batch"
        plan = plan.but(batch_seconds=w.batch_seconds, generated_tokens=None, read_tokens=None)
        verb = t(
            lang, "assume.traffic.batch_tokens_" + ("generate" if volume == plan_volume_generated else "read")
        )
        said.append(t(lang, "assume.traffic.batch_tokens", volume=i18n.count(volume, lang), verb=verb,
                      period=batch_period(w.batch_seconds, lang), each=i18n.tokens(each, lang),
                      items=i18n.number(items, lang), rate=rate_text(rate, lang)))  # fmt: skip
    elif plan.read_tokens and w.read_period_s and w.read_period_s < 86400:
        # "100 horas de áudio por hora": the transcripts' tokens each hour, read at that pace (each text the
        # prompt the summary's line says), a rate rather than a one-off volume
        items = plan.read_tokens / max(prompt, 1)
        rate, basis = items / w.read_period_s, "rate"
        said.append(t(lang, "assume.traffic.read_rate", volume=i18n.count(plan.read_tokens, lang),
                      period=t(lang, f"speech.period_{int(w.read_period_s)}"), each=i18n.tokens(prompt, lang),
                      rate=rate_text(rate, lang)))  # fmt: skip
        plan = plan.but(read_tokens=None)
    elif (
        w.requests_per_day
        or w.requests_per_week
        or w.requests_per_month
        or (plan.read_tokens and w.read_period_s)
    ):
        if plan.read_tokens and w.read_period_s:
            # "transcrever 200 horas de áudio por dia e resumir": the transcripts' tokens each day are texts of
            # the prompt the summary's line says, a daily volume of requests with its peak hour as "2.700 resumos
            # por dia" would be (it had been one batch read once, "por dia" dropped); a week's or a month's over
            # its days of use, as a weekly or monthly count of requests is below
            days = {7 * 86400: traffic.daily.days_per_week, 30 * 86400: traffic.daily.days_per_month}
            spread = days.get(int(w.read_period_s))
            per_day = plan.read_tokens / max(prompt, 1) / (spread or w.read_period_s / 86400)
            said.append(t(lang, "assume.traffic.read_spread" if spread else "assume.traffic.read_daily",
                          volume=i18n.count(plan.read_tokens, lang), period=t(lang, f"speech.period_{int(w.read_period_s)}"),
                          each=i18n.tokens(prompt, lang), day=i18n.number(round(per_day), lang),
                          days=i18n.number(spread or 1, lang)))  # fmt: skip
            plan = plan.but(read_tokens=None)
        peak = traffic.daily.peak_hour_share
        if w.people_monthly and w.people_sending:
            said.append(t(lang, "assume.traffic.monthly_people", month=i18n.number(w.people_monthly, lang),
                          share=i18n.percent(traffic.population.daily_share_of_monthly, lang),
                          day=i18n.number(w.people_sending, lang)))  # fmt: skip
        if not per_day and w.requests_per_week:
            days = traffic.daily.days_per_week
            per_day = w.requests_per_week / days
            said.append(t(lang, "assume.traffic.weekly", week=i18n.number(w.requests_per_week, lang),
                          days=i18n.number(days, lang), day=i18n.number(per_day, lang)))  # fmt: skip
        elif not per_day:
            days = traffic.daily.days_per_month
            per_day = w.requests_per_month / days
            said.append(t(lang, "assume.traffic.monthly", month=i18n.number(w.requests_per_month, lang),
                          days=i18n.number(days, lang), day=i18n.number(per_day, lang)))  # fmt: skip
        if w.peak_factor:
            # "pico de 3x a média": the peak is that multiple of the average rate over the hours the service
            # is used ("horário comercial": offering.toml's business hours; "8 horas por dia"; else the whole
            # day), instead of traffic.toml's share of the day in the busiest hour.
            hours = w.hours_per_day or (catalog.offering.business_hours_per_day if w.business_hours else 24.0)
            average = per_day / (hours * 3600)
            rate, basis = average * w.peak_factor, "daily"
            key = "assume.traffic.daily_peak_factor" + (
                "_business" if w.business_hours and not w.hours_per_day else ""
            )
            said.append(t(lang, key, day=i18n.number(per_day, lang), hours=i18n.number(hours, lang, 0 if hours == int(hours) else 1),
                          average=rate_text(average, lang), factor=factor_text(w.peak_factor, lang),
                          rate=rate_text(rate, lang)))  # fmt: skip
        elif w.always_on and not (w.hours_per_day or w.business_hours):
            # "24/7": the day's requests come at every hour, the rate their average over 24 hours (the peak
            # hour's share, traffic.toml's, is a working day's busiest hour)
            rate, basis = per_day / 86400, "daily"
            said.append(t(lang, "assume.traffic.daily_always_on", day=i18n.number(per_day, lang),
                          rate=rate_text(rate, lang)))  # fmt: skip
        else:
            rate, basis = per_day * peak / 3600, "daily"
            said.append(t(lang, "assume.traffic.daily_peak", day=i18n.number(per_day, lang),
                          share=i18n.percent(peak, lang), rate=rate_text(rate, lang)))  # fmt: skip
        # "200 contratos por dia, analistas esperando": someone waits on each answer, no pipeline
        pipeline = (w.items_volume or plan.task in BATCH_TASKS) and not (given or w.waited_on)
    elif population and w.peak_factor and (w.population_daily or w.population_monthly) and not w.active_share:
        # "10k usuários por dia, pico de 3x a média no horário comercial": the day's people spread over the
        # hours of use (as a daily volume's are, above), the busiest hour the multiple said of the average, so
        # that hour holds factor / hours of them (at most all); each sends traffic.toml's requests an active
        # hour. The multiple had been said unused, and the default 10% at the peak sized instead.
        hours = w.hours_per_day or (catalog.offering.business_hours_per_day if w.business_hours else 24.0)
        share = min(w.peak_factor / hours, 1.0)
        per_hour = w.requests_per_active_hour or traffic.population.requests_per_active_hour
        rate, basis = population * share * per_hour / 3600, "population"
        peak_used = True
        key = "assume.traffic.population_peak_factor" + (
            "_business" if w.business_hours and not w.hours_per_day else ""
        )
        said.append(t(lang, key, people=i18n.number(population, lang), hours=i18n.number(hours, lang, 0 if hours == int(hours) else 1),
                      average=i18n.number(population / hours, lang, 0), factor=factor_text(w.peak_factor, lang),
                      online=i18n.number(round(population * share), lang), share=i18n.percent(share, lang),
                      per_hour=i18n.number(per_hour, lang, 0 if per_hour == int(per_hour) else 1),
                      rate=rate_text(rate, lang)))  # fmt: skip
    elif population:
        share = w.active_share or (1.0 if all_active else traffic.population.peak_active_share)
        per_hour = w.requests_per_active_hour or traffic.population.requests_per_active_hour
        rate, basis = population * share * per_hour / 3600, "population"
        # "1500 usuários, 10% simultâneos": the share said is people online at once (150), not conversations
        # generating at once; the answer says how it turns one into the other (it had said "6 usuários
        # simultâneos" beside "10% ativos ao mesmo tempo" with nothing between). Fewer than two people online
        # leave nothing to explain ("0 online" had been said of 20% of one person).
        online = round(population * share)
        key = (
            "assume.traffic.population_online"
            if w.active_share and online >= 2
            else "assume.traffic.population"
        )
        said.append(t(lang, key, people=i18n.number(population, lang), online=i18n.number(online, lang),
                      share=i18n.percent(share, lang), per_hour=i18n.number(per_hour, lang, 0 if per_hour == int(per_hour) else 1),
                      rate=rate_text(rate, lang)))  # fmt: skip
        if w.users_beside_population and w.users:
            rate, held_rate = _beside_population(w, rate, prompt, output, catalog, said, lang)
            held_users = w.users
    if basis == "population" and w.organisation_people:
        said.append(t(lang, "assume.traffic.active_of_organisation", active=i18n.number(w.population, lang),
                      n=i18n.number(w.organisation_people, lang)))  # fmt: skip
    if basis in ("rate", "daily") and w.rate_in_conversations and not w.turns:
        said.append(t(lang, "assume.traffic.conversation_one_request"))
    if w.peak_factor and rate is None and basis is None and users > 1 and not plan.stage.is_training:
        # "50 usuários, 3x no pico", "50 concurrent users, peak of 3x": conversations at once (traffic.toml
        # [population]: "N users" is N conversations at once) said beside a peak multiple of the average are the
        # average, and the setup must hold the peak, that multiple of them at once (it had been said unused and
        # the 50 sized)
        usual, users = users, math.ceil(users * w.peak_factor - 1e-9)
        plan = plan.but(users=users)
        peak_used = True
        said.append(t(lang, "assume.traffic.peak_factor_users", factor=factor_text(w.peak_factor, lang),
                      usual=i18n.number(usual, lang), users=i18n.number(users, lang)))  # fmt: skip
    if w.peak_factor and basis != "daily" and not peak_used:
        # "200 req/s, pico de 3x": a multiple applies to a volume's average or to conversations at once (above); a
        # rate or a head-count set the load here.
        said.append(t(lang, "assume.traffic.peak_factor_unused", factor=factor_text(w.peak_factor, lang)))
    if w.seasonal_peak and rate is not None and basis in ("rate", "daily", "population"):
        # "black friday 5x": a sales rep means five times the usual peak (the rate just found: the busiest hour
        # of an ordinary day, or the rate said), not five times the day's average ("5x a média" says that, read
        # as peak_factor above); never more than every person sending at once.
        usual = rate
        rate = usual * w.seasonal_peak
        if basis == "population" and population:
            per_hour = w.requests_per_active_hour or traffic.population.requests_per_active_hour
            rate = min(rate, population * per_hour / 3600)
        key = "assume.traffic.seasonal_peak_rate" if basis == "rate" else "assume.traffic.seasonal_peak"
        said.append(t(lang, key, factor=factor_text(w.seasonal_peak, lang),
                      usual=rate_text(usual, lang), rate=rate_text(rate, lang)))  # fmt: skip
    elif w.seasonal_peak and rate is None and basis is None and users > 1 and not plan.stage.is_training:
        # "500 usuários simultâneos, black friday 5x": the conversations at once at that season's peak
        usual, users = users, math.ceil(users * w.seasonal_peak - 1e-9)
        plan = plan.but(users=users)
        said.append(t(lang, "assume.traffic.seasonal_peak_users", factor=factor_text(w.seasonal_peak, lang),
                      usual=i18n.number(usual, lang), users=i18n.number(users, lang)))  # fmt: skip
    if basis in ("rate", "daily") and w.population:
        said.append(t(lang, "assume.traffic.rate_over_population", n=i18n.number(w.population, lang)))
    elif (
        basis != "population"
        and (w.active_share or w.requests_per_active_hour)
        and not one_person
        and not generating
    ):
        # "e se 20% usarem ao mesmo tempo?" in a thread sized by a rate: a share of no head-count changes nothing.
        said.append(t(lang, "assume.traffic.share_unused"))
    if rate is not None:
        users = 1  # the conversations in flight follow from the rate, setup by setup (Little's law)
        if w.users and population is None:
            key = "assume.traffic.rate_over_users_one" if w.users == 1 else "assume.traffic.rate_over_users"
            said.append(t(lang, key, n=i18n.number(w.users, lang)))
        elif w.users is None:
            said[:] = [a for a in said if a != t(lang, "assume.users")]

    ttft = tpot = None
    if rate is not None or given:
        # "respostas rápidas": the Interactive scenario's limits where no figure is given, else the chat's.
        # A batch with a deadline, or a pipeline's daily volume: the loose limits of traffic.toml
        # [latency_batch] (no one waits on an answer).
        # Autocomplete is waited on at each keystroke's pause: fast answers, said or not.
        # A long prompt (pasted documents) someone waits on: MLPerf's long-context limits (traffic.toml
        # [latency_long]), not a chat's made for short ones, which only more tensor parallelism meets.
        fast = w.fast_latency or (w.code_completion and plan.task is Task.code)
        batch = (basis == "batch" or pipeline) and not fast
        long_prompt = traffic.long_prompt(prompt) and not batch
        defaults = traffic.latency_batch if batch else traffic.chat_latency(prompt, fast)
        ttft = w.ttft_s if w.ttft_s is not None else defaults.ttft_s
        tps = w.tokens_per_s if w.tokens_per_s is not None else defaults.tokens_per_s
        if w.e2e_s is not None:
            # A whole answer's time is the target: the first token and each answer token's share of it bound
            # the other two (TTFT + (output - 1) x TPOT, as vLLM's benchmark measures it), in place of the
            # chat's defaults; a target said beside it holds too.
            ttft = w.ttft_s if w.ttft_s is not None else w.e2e_s
            tps = w.tokens_per_s if w.tokens_per_s is not None else max(output - 1, 1) / w.e2e_s
        tpot = 1 / tps
        key = None
        if w.e2e_s is not None:
            said.append(t(lang, "assume.traffic.latency_e2e", e2e=i18n.seconds(w.e2e_s, lang),
                          output=i18n.tokens(output, lang)))  # fmt: skip
        elif long_prompt and (w.ttft_s is None or w.tokens_per_s is None):
            key = (
                "assume.traffic.latency_fast_long"
                if fast
                else "assume.traffic.latency_long_tps_default"
                if w.ttft_s is not None
                else "assume.traffic.latency_long"
            )
        elif w.code_completion and not w.fast_latency and (w.ttft_s is None or w.tokens_per_s is None):
            key = "assume.traffic.latency_code_completion"
        elif w.fast_latency and (w.ttft_s is None or w.tokens_per_s is None):
            key = "assume.traffic.latency_fast"
        elif pipeline:
            key = "assume.traffic.latency_pipeline"
        elif batch and (w.ttft_s is None or w.tokens_per_s is None):
            key = "assume.traffic.latency_batch"
        elif w.ttft_s is None and w.tokens_per_s is None:
            key = "assume.traffic.latency_targets"
        elif w.ttft_s is None:
            key = "assume.traffic.latency_ttft_default"
        elif w.tokens_per_s is None:
            key = "assume.traffic.latency_tps_default"
        if key:
            said.append(t(lang, key, ttft=i18n.seconds(ttft, lang), tps=i18n.speed(tps, lang),
                          chat=i18n.seconds(traffic.latency.ttft_s, lang), prompt=i18n.tokens(prompt, lang)))  # fmt: skip
        if pipeline and per_day:
            # Sized as arriving in working hours, it says how to ask for the day's volume spread evenly.
            said.append(t(lang, "assume.traffic.daily_batch", day=i18n.number(per_day, lang)))
        if w.other_latency_targets and w.latency_percentile:
            # An SLO at several percentiles: the lowest one is sized (the model gives typical figures).
            said.append(t(lang, "assume.traffic.other_percentiles", p=_percentile(w.latency_percentile, lang),
                          ttft=i18n.seconds(w.ttft_s or ttft, lang),
                          others=", ".join(t(lang, "assume.traffic.percentile_target", p=_percentile(p, lang),
                                             ttft=i18n.seconds(s, lang)) for p, s in w.other_latency_targets)))  # fmt: skip
        if w.latency_percentile and w.latency_percentile > 50:
            # The performance model gives typical (median) figures: it was fitted on measured medians.
            said.append(t(lang, "assume.traffic.percentile", p=_percentile(w.latency_percentile, lang)))
    return plan.but(
        context=context,
        max_model_len=max_model_len,
        max_model_len_window=launch and w.context is None,
        launch_engine=w.launch_engine or "vllm",
        users=users,
        prompt=prompt,
        output=output,
        history=history,
        shared_prefix=shared,
        rate=rate,
        rate_basis=basis,
        held_users=held_users if rate is not None else 0,
        held_rate=held_rate if rate is not None else 0.0,
        population=population,
        active_share=share,
        per_active_hour=per_hour,
        ttft_target=ttft,
        tpot_target=tpot,
        e2e_target=w.e2e_s if ttft is not None else None,
        targets_given=given,
        cost_asked=w.cost,
        contracts_compared=tuple(w.contracts_compared or ()),
        cost_per_user=bool(w.cost_per_user),
        # a seat is one of the people the service is for, not one of the conversations their peak holds
        cost_seats=w.people_sending or (w.population if basis == "population" else None),
        cost_per_requests=w.cost_per_requests,
        rate_asked=w.rate_asked,
        utilization=w.utilization,
        **_schedule(w, catalog),
        requests_per_day=round(per_day) if per_day else None,
        requests_per_month=w.requests_per_month,
        requests_per_week=w.requests_per_week,
        given_prompt=w.prompt_tokens,
        given_output=w.output_tokens,
        reasoning=reasoning,
        given_rate=w.rate_per_s,
        given_tokens_per_s=w.tokens_per_s,
        given_ttft=w.ttft_s,
        image_prefill=bool(image_tokens) and history == 0,
    )


def _availability(plan: Plan, w: Workload, lang: str, said: list[str]) -> Plan:
    """The copies of the model a serving workload requires whatever its load needs: as many as asked ("3
    réplicas", "pelo menos 2 cópias do modelo"), two for availability asked without a number, one per zone
    asked for; "N+1" adds copies beyond those the load needs. "sem redundância" requires none."""
    if w.high_availability is False:
        return plan.but(given_replicas=w.replicas, given_high_availability=False)
    required = max(w.replicas or 1, HA_REPLICAS if w.high_availability else 1, w.zones or 1)
    if w.high_availability and not w.replicas and not w.zones and not w.spare_replicas:
        said.append(t(lang, "assume.replicas.ha_default", n=HA_REPLICAS))
    if w.spare_replicas:
        said.append(t(lang, "assume.replicas.spare", n=w.spare_replicas))
    return plan.but(
        min_replicas=required,
        spare_replicas=w.spare_replicas or 0,
        zones=w.zones,
        given_replicas=w.replicas,
        given_high_availability=w.high_availability,
    )


def _image_size(said: str | None, catalog: Catalog, lang: str) -> tuple[int, int]:
    """Pixels of the images as the question gave them: "1920x1080", "12mp", a named size, or the typical
    image of traffic.toml when none was said."""
    settings = catalog.traffic.images
    if said is None:
        return settings.width, settings.height
    if said in settings.sizes:
        width, height = settings.sizes[said]
        return width, height
    if m := _PIXELS.match(said):
        width, height = int(m.group(1)), int(m.group(2))
    elif m := _MEGAPIXELS.match(said):
        mp = float(m.group(1))
        if not 0.01 <= mp <= 400:
            raise SizingError("images.bad_size", "images.size_examples", size=said)
        width, height = images.side_from_megapixels(mp)
    else:
        raise SizingError("images.bad_size", "images.size_examples", size=said)
    if not (min(width, height) >= 28 and max(width, height) <= 20_000 and images.aspect_ok(width, height)):
        raise SizingError("images.bad_size", "images.size_examples", size=said)
    return width, height


_PIXELS = regexes.compile(r"^(\d+)x(\d+)$")
_MEGAPIXELS = regexes.compile(r"^(\d+(?:\.\d+)?)mp$")


def _image_plan(
    w: Workload, model: ModelEntry, catalog: Catalog, lang: str, serving: bool = False
) -> ImagePlan | None:
    """The images of each conversation, as the question gave them (None when it said none). Served, a model
    that reads images given one-page documents ("qwen2.5 vl 7b para ler notas fiscais") reads each as its
    scanned page (traffic.toml [images] scan), as a scanned document's."""
    rule = model.images
    page_documents = (
        serving
        and w.documents == "page"
        and w.task in (None, *DOCUMENT_TASKS)
        and rule is not None
        and rule.counted
    )
    pages = page_documents and not (w.images or w.with_images or w.image_size)
    if w.video_seconds:
        return _video_plan(w, model, catalog, lang)
    if not (w.images or w.with_images or w.image_size or pages):
        return None
    # an invoice's images are its pages, whatever their count: a scanned page's size, not a photo's
    size = "scan" if page_documents and not w.image_size else w.image_size
    width, height = _image_size(size, catalog, lang)
    each = images.tokens(rule, width, height) if rule is not None and rule.counted else None
    return ImagePlan(
        count=w.images or 1,
        width=width,
        height=height,
        size=size,
        count_assumed=w.images is None,
        rule=rule,
        each=each,
        pages=pages or (w.images is None and w.image_size == "scan"),
        page_size=page_documents and not w.image_size,
    )


def _video_plan(w: Workload, model: ModelEntry, catalog: Catalog, lang: str) -> ImagePlan:
    """ "qwen2.5 vl 7b para vídeos de 30 segundos": the video each conversation reads, as its frames' tokens
    (sizing/images.py video), at a full-HD frame unless a size was said. Only models whose cards read video
    (the Qwen VL models, merged_patches); the others are refused, saying so."""
    rule = model.images
    if rule is None or rule.kind != "merged_patches":
        raise SizingError("images.no_video", "images.video_examples", model=model.name)
    seconds, fps = w.video_seconds or 0, w.video_fps
    if not 0 < seconds <= 3 * 3600 or (fps is not None and not 0 < fps <= 60):
        raise SizingError("images.bad_video", "images.video_examples", model=model.name)
    width, height = _image_size(w.image_size or "full_hd", catalog, lang)
    clip = images.video(rule, seconds, fps, width, height)
    return ImagePlan(count=1, width=width, height=height, size=w.image_size or "full_hd", count_assumed=False,
                     rule=rule, each=clip.whole(rule), video=clip)  # fmt: skip


def _smaller_hint(img: ImagePlan | None) -> str:
    """What makes images fit: fewer or smaller ones, and for Qwen2.5-VL's dynamic resolution, a cap on it."""
    dynamic = img is not None and img.rule is not None and img.rule.kind == "merged_patches"
    return "images.max_pixels_examples" if dynamic else "images.smaller_examples"


def _images_times(img: ImagePlan, lang: str) -> str:
    """ "3 imagens × 1.371 tokens"."""
    each = img.each.context if img.each and not img.each.cross else (img.each.cross if img.each else 0)
    key = "assume.images.times_one" if img.count == 1 else "assume.images.times_other"
    if img.video is not None:
        key = "assume.images.times_video"
    return t(lang, key, n=i18n.number(img.count, lang), each=i18n.number(each, lang))


def _image_rule_counted(model: ModelEntry) -> bool:
    return model.images is not None and model.images.counted


def _training_images(
    plan: Plan, w: Workload, seq_len: int, catalog: Catalog, lang: str, said: list[str]
) -> tuple[int, int, tuple[int, int]]:
    """A vision-language fine-tune's images ("qlora qwen2.5 vl 7b com 10 mil imagens"): each example's sequence
    holds its images' tokens by the model's own rule (sizing/images.py, as serving counts them), one image per
    example unless said, on top of the text's default length or inside a length said. Llama 3.2 Vision reads
    its images through cross-attention: one token each in the text, and the image's states (cross tokens)
    kept for the backward (training.activations). The vision encoder is frozen, as the recipes for these models
    leave it (run without gradients, its forward keeps nothing for the backward), unless said trained ("treinando
    também o encoder de visão"): then its activations count. Returns the sequence length, the cross tokens of
    one sequence and the trained encoder's bytes per sequence (with and without checkpointing)."""
    model = plan.model
    img = _image_plan(w, model, catalog, lang)
    if img is None or not img.counted:
        return seq_len, 0, (0, 0)
    each = img.each
    assert each is not None and img.rule is not None
    if img.count_assumed:
        said.append(t(lang, "assume.images.training_count_default"))
    if img.rule.kind == "cross_tiles":
        size = t(lang, "assume.images.pixels", width=img.width, height=img.height)
        if img.size is None:
            said.append(t(lang, "assume.images.size_default", size=size))
        state = img.cross_tokens * model.hidden_size * training.ACT
        said.append(t(lang, "assume.images.training_cross", model=model.name, size=size, tiles=each.tiles,
                      tile=img.rule.tile, per=i18n.number(img.rule.tokens, lang),
                      cross=i18n.number(each.cross, lang), layers=model.cross_layers,
                      special=img.rule.special_tokens, bytes=i18n.gb(state, lang)))  # fmt: skip
    else:
        said.extend(_image_rule_notes(img, model, plan.kv, lang))
    image_tokens = img.context_tokens
    times = _images_times(img, lang)
    if img.rule.kind == "cross_tiles":
        total = seq_len + image_tokens
        said.append(t(lang, "assume.images.training_sequence_cross", text=i18n.tokens(seq_len, lang),
                      image=i18n.number(image_tokens, lang), total=i18n.tokens(total, lang)))  # fmt: skip
    elif (w.seq_len or w.context) and image_tokens < seq_len:
        total = seq_len
        said.append(t(lang, "assume.images.training_given", total=i18n.tokens(total, lang),
                      image=i18n.number(image_tokens, lang), images=times,
                      text=i18n.tokens(total - image_tokens, lang)))  # fmt: skip
    else:
        total = seq_len + image_tokens
        said.append(t(lang, "assume.images.training_sequence", text=i18n.tokens(seq_len, lang),
                      image=i18n.number(image_tokens, lang), images=times, total=i18n.tokens(total, lang)))  # fmt: skip
    vision = (0, 0)
    encoder_tokens = img.count * each.encoder
    if not w.vision_trained:
        said.append(t(lang, "assume.images.training_frozen"))
    elif img.rule.encoder_layers:
        vision = (images.trained_encoder_bytes(img.rule, encoder_tokens, True),
                  images.trained_encoder_bytes(img.rule, encoder_tokens, False))  # fmt: skip
        checkpointing = w.checkpointing is None or w.checkpointing
        said.append(t(lang, "assume.images.training_encoder", layers=img.rule.encoder_layers,
                      tokens=i18n.number(encoder_tokens, lang), bytes=i18n.gb(vision[0 if checkpointing else 1], lang)))  # fmt: skip
    else:
        said.append(t(lang, "assume.images.training_encoder_unknown", model=model.name))
    return total, img.cross_tokens, vision


def _image_rule_notes(img: ImagePlan, model: ModelEntry, kv: KVPrecision, lang: str) -> list[str]:
    """The image size assumed, where none was said, and what the model's own rule makes of one image."""
    out = []
    size = t(lang, "assume.images.pixels", width=img.width, height=img.height)  # "4032×3024", as written
    rule, each = img.rule, img.each
    assert rule is not None and each is not None
    if (
        img.size is None and rule.kind != "fixed"
    ):  # LLaVA's and Gemma's images take the same tokens at any size
        out.append(t(lang, "assume.images.size_default", size=size))
    rows, cols = each.grid
    common = dict(model=model.name, size=size, tokens=i18n.number(each.context, lang),
                  rows=i18n.number(rows, lang), cols=i18n.number(cols, lang), special=rule.special_tokens)  # fmt: skip
    if rule.kind == "merged_patches":
        block = rule.patch * rule.merge
        out.append(t(lang, "assume.images.rule_merged_patches", **common, block=block, patch=rule.patch,
                     merge=rule.merge, max_mp=i18n.number(rule.max_pixels / 1e6, lang, 1)))  # fmt: skip
    elif rule.kind == "fixed":
        out.append(t(lang, "assume.images.rule_fixed", **common, per=i18n.number(rule.tokens, lang)))
    elif rule.kind == "patch_rows":
        out.append(t(lang, "assume.images.rule_patch_rows", **common, block=rule.patch * rule.merge,
                     max_side=i18n.number(rule.max_side, lang)))  # fmt: skip
    elif rule.kind == "tiles":
        key = "assume.images.rule_tiles_thumbnail" if each.tiles > rows * cols else "assume.images.rule_tiles"
        out.append(
            t(lang, key, **common, tile=rule.tile, tiles=each.tiles, per=i18n.number(rule.tokens, lang))
        )
    else:  # cross_tiles
        held = kv_cache.cross_bytes(updated(model, cross_attention_tokens=each.cross), kv.bytes_per_value)
        out.append(t(lang, "assume.images.rule_cross_tiles", **common, tile=rule.tile, tiles=each.tiles,
                     per=i18n.number(rule.tokens, lang), cross=i18n.number(each.cross, lang),
                     layers=model.cross_layers, bytes=i18n.gb(held, lang)))  # fmt: skip
    return out


def _image_assumptions(
    plan: Plan, w: Workload, context: int, prompt: int, catalog: Catalog, lang: str
) -> list[str]:
    """What the answer assumed about the images: their count and size, what the model makes of each, and
    where they sit in each conversation."""
    img = plan.images
    assert img is not None
    model = plan.model
    out = []
    if not img.counted:
        return out  # said among the notes (sizing/advice.py): the model reads no images, or no known rule
    pixels = t(lang, "assume.images.pixels", width=img.width, height=img.height)
    documents_alone = img.pages and img.page_size and not w.with_images  # "qwen2.5 vl para ler notas fiscais"
    if img.video is not None:
        out.append(_video_said(img, w, model, lang))
    elif documents_alone:
        out.append(t(lang, "assume.images.page_documents", size=pixels))
    elif img.pages:
        out.append(t(lang, "assume.images.page_default"))
    elif img.count_assumed:
        out.append(t(lang, "assume.images.count_default"))
    if img.page_size and not documents_alone:
        out.append(t(lang, "assume.images.page_size", size=pixels))
    if img.video is None:
        out += _image_rule_notes(img, model, plan.kv, lang)
    times = _images_times(img, lang)
    image_tokens = img.context_tokens
    if img.cross_tokens:
        out.append(t(lang, "assume.images.cross_kv", images=times,
                     bytes=i18n.gb(kv_cache.cross_bytes(model, plan.kv.bytes_per_value), lang)))  # fmt: skip
    elif w.prompt_tokens or w.prompt_pages:
        out.append(t(lang, "assume.images.prompt", text=i18n.tokens(prompt - image_tokens, lang),
                     image=i18n.number(image_tokens, lang), images=times, prompt=i18n.tokens(prompt, lang)))  # fmt: skip
    elif w.context is None:
        out.append(t(lang, "assume.images.context_default", text=i18n.tokens(context - image_tokens, lang),
                     image=i18n.number(image_tokens, lang), images=times, total=i18n.tokens(context, lang)))  # fmt: skip
    else:
        out.append(t(lang, "assume.images.context_given", context=i18n.tokens(context, lang),
                     image=i18n.number(image_tokens, lang), images=times,
                     text=i18n.tokens(context - image_tokens, lang)))  # fmt: skip
    return out


def _video_said(img: ImagePlan, w: Workload, model: ModelEntry, lang: str) -> str:
    """ "Vídeo de 30 s: 60 quadros a 2 por segundo ...": how the video became tokens, and where they sit."""
    clip = img.video
    assert clip is not None and img.each is not None
    frame_h, frame_w = (n * img.rule.patch * img.rule.merge for n in clip.frame.grid)  # type: ignore[union-attr]
    key = "assume.images.video_default_fps" if w.video_fps is None else "assume.images.video"
    return t(lang, key, model=model.name, seconds=factor_text(w.video_seconds, lang),  # type: ignore[arg-type]
             frames=i18n.number(clip.frames, lang), fps=factor_text(clip.fps, lang),
             blocks=i18n.number(clip.blocks, lang), each=i18n.number(clip.frame.embeds, lang),
             size=t(lang, "assume.images.pixels", width=frame_w, height=frame_h),
             source=t(lang, "assume.images.pixels", width=img.width, height=img.height),
             total=i18n.number(img.each.context, lang))  # fmt: skip


def factor_text(factor: float, lang: str) -> str:
    """A multiple as said ("3", "2,5"): whole when it is."""
    return i18n.number(factor, lang, 0 if factor == int(factor) else 1)


def _volume_each(w: Workload, prompt: int, output: int) -> int:
    """The tokens of one request a token volume is counted in: its answer's, its prompt's, or both."""
    kind = (w.rate_from_volume or ("output", 0.0))[0]
    return max(output if kind == "output" else prompt if kind == "input" else prompt + output, 1)


def _volume_requests(w: Workload, prompt: int, output: int) -> Workload:
    """The requests a token volume makes, divided by the request sized: a task's own lengths (a summary's long
    prompt and short answer, a reasoning model's long answer) replace the defaults sizing/query.py divided by
    (2M tokens a day had been 1,333 requests of 1,500 tokens, sized as 4,400-token summaries: 5.9M tokens)."""
    _, tokens = w.rate_from_volume or ("output", 0.0)
    requests = tokens / _volume_each(w, prompt, output)
    period = w.volume_period_s
    if period in traffic_query.VOLUME_KEYS:
        return msgspec.structs.replace(w, **{traffic_query.VOLUME_KEYS[period]: max(round(requests), 1)})
    if period and w.rate_per_s is not None:
        return msgspec.structs.replace(w, rate_per_s=requests / period)
    return w


def _rate_from_volume(w: Workload, prompt: int, output: int, lang: str) -> str:
    """How a token volume became the requests sized ("throughput de 5000 tokens/s": 5,000 generated tokens a
    second ÷ answers of 500 tokens = 10 requests/s), over the lengths each request is sized with."""
    kind, tokens = w.rate_from_volume or ("output", 0.0)
    each = _volume_each(w, prompt, output)
    for field, unit in (
        ("requests_per_day", "day"),
        ("requests_per_week", "week"),
        ("requests_per_month", "month"),
    ):
        if (count := getattr(w, field)) is not None:
            rate = t(lang, f"understood.traffic.{unit}", n=i18n.number(count, lang))
            break
    else:
        rate, unit = rate_text(w.rate_per_s or 0, lang), "s"
        tokens = (w.rate_per_s or 0) * each  # a second's, whatever period the volume was said in
    text = t(lang, f"assume.traffic.volume_{kind}_{unit}", each=i18n.tokens(each, lang), output=i18n.tokens(output, lang),
             tokens=i18n.count(tokens, lang) if unit != "s" else i18n.number(tokens, lang),
             prompt=i18n.tokens(prompt, lang), rate=rate)  # fmt: skip
    if kind == "output" and not w.output_tokens:
        text += " " + t(lang, "assume.traffic.volume_length_hint")
    return text


def _beside_population(
    w: Workload, people_rate: float, prompt: int, output: int, catalog: Catalog, said: list[str], lang: str
) -> tuple[float, float]:
    """The head-count's rate plus that of the users at once beside it ("12 analistas e 30 atendentes"). Each of
    those users is always in a conversation: a new request as soon as the last answer is written, so at the
    latency the load is sized for (the question's, else traffic.toml's chat limits) each sends one every
    first token plus output / tokens-per-second (Little's law: requests in flight = rate x time each takes).
    The sum, and the users' part of it."""
    users = w.users or 0
    defaults = catalog.traffic.chat_latency(prompt, w.fast_latency)
    ttft = w.ttft_s if w.ttft_s is not None else defaults.ttft_s
    tps = w.tokens_per_s if w.tokens_per_s is not None else defaults.tokens_per_s
    cycle = ttft + output / tps
    users_rate = users / cycle
    total = people_rate + users_rate
    said.append(t(lang, "assume.traffic.beside_population", users=i18n.number(users, lang),
                  cycle=i18n.seconds(cycle, lang), output=i18n.tokens(output, lang), ttft=i18n.seconds(ttft, lang),
                  tps=i18n.speed(tps, lang), users_rate=rate_text(users_rate, lang), rate=rate_text(total, lang),
                  people_share=i18n.percent(people_rate / total, lang),
                  users_share=i18n.percent(users_rate / total, lang)))  # fmt: skip
    return total, users_rate


def rate_text(rate: float, lang: str, period: float | None = None) -> str:
    """A request rate the way people say it: per second when it is several a second, per minute when it is
    one a minute or more, else per hour (a few a day are not "0,1 requisições/min"). With `period`, the
    seconds the question said it over (60: "1000 requisições por minuto"), in that unit."""
    if period == 60:
        return t(lang, "perf.rate_per_min", n=i18n.number(rate * 60, lang, 1 if rate * 60 < 10 else 0))
    if period == 3600:
        return t(lang, "perf.rate_per_hour", n=i18n.number(rate * 3600, lang, 1 if rate * 3600 < 10 else 0))
    if rate >= 1:
        return t(lang, "perf.rate_per_s", n=i18n.number(rate, lang, 1 if rate < 10 else 0))
    per_minute = rate * 60
    if per_minute >= 1:
        return t(lang, "perf.rate_per_min", n=i18n.number(per_minute, lang, 1 if per_minute < 10 else 0))
    per_hour = rate * 3600
    return t(lang, "perf.rate_per_hour", n=i18n.number(per_hour, lang, 1 if per_hour < 10 else 0))


# -- contract ----------------------------------------------------------------------------------------

WHOLE_SERVER = 8  # GPUs in a whole server: a continuous service that fills one rents it dedicated
MONTH_DAYS = 30  # a service rented for a month or more runs continuously: capacity must be there every day


def term_months(days: int) -> float:
    """The months a service rented for `days` is billed: a year is 12 months of the offering's hours, as a
    month is; other terms count 30-day months."""
    return days // 365 * 12 if days % 365 == 0 else days / MONTH_DAYS


def _compared_gpus(w: Workload, gpu: GPU | None, catalog: Catalog) -> tuple[tuple[GPU, int | None], ...]:
    """The other GPUs a question weighs against the named one, once each, with their counts when given; the
    named GPU itself at another count too ("2 ou 4 H100?")."""
    names = w.compare_gpus or []
    counts = (
        w.compare_counts if w.compare_counts and len(w.compare_counts) == len(names) else [None] * len(names)
    )
    out: list[tuple[GPU, int | None]] = []
    for name, count in zip(names, counts, strict=True):
        other = resolve_gpu(name, catalog)
        named = other.id == (gpu.id if gpu else None)
        if (not named or count not in (None, w.gpus)) and all((other.id, count) != (g.id, n) for g, n in out):
            _positive(count, "gpus", MAX_GPUS, w.lang)
            out.append((other, count))
    return tuple(out)


def _schedule(w: Workload, catalog: Catalog) -> dict:
    """The hours a month a service on a schedule is on: its hours a day over the offering's month (730 h is
    30.4 days), on 5 days of 7 when only weekdays."""
    hours = (
        catalog.offering.business_hours_per_day
        if w.business_hours and not w.hours_per_day
        else w.hours_per_day
    )
    weekdays = w.weekdays_only or w.business_hours
    if hours is None and not weekdays:
        return {}
    hours = hours or 24.0
    month_days = catalog.offering.hours_per_month / 24
    return dict(
        hours_on=hours * month_days * (5 / 7 if weekdays else 1),
        schedule=(hours, weekdays),
        off_hours=w.off_hours,
    )


def contract_mode(plan: Plan, gpus: int, replicas: int = 1) -> str:
    """The contract the workload calls for: the one the customer asked for, else by stage, intent and the
    term a service is rented for. Copies required for availability go on servers of their own: a whole
    server each only when one copy fills it."""
    if plan.contract:
        return plan.contract
    if plan.stage.is_training:
        return "project_package"
    # Copies required for availability are a production service's: an evaluation said as such stays on demand.
    production = plan.intent is Intent.production or (plan.intent is None and plan.availability)
    if production or (plan.term_days or 0) >= MONTH_DAYS:
        per_server = gpus // replicas if plan.availability else gpus
        return "dedicated" if per_server >= WHOLE_SERVER else "reserved"
    return "on_demand"
