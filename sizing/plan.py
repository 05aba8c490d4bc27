"""A workload with every name resolved, every default chosen and every value checked.

Each default the engine picks is written down as an assumption in the user's language, because the
answer must say what it assumed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import i18n, training
from .catalog import GPU, Catalog, KVPrecision, ModelEntry, Precision, Stack
from .errors import SizingError
from .i18n import t
from .names import (
    ModelSource,
    ResolvedModel,
    resolve_gpu,
    resolve_kv_precision,
    resolve_model,
    resolve_precision,
    resolve_stack,
)
from .workload import Intent, Optimizer, Stage, Task, Workload

DEFAULT_CONTEXT = 4096
FINETUNE_SEQ_LEN = 2048
PRETRAIN_SEQ_LEN = 4096
MAX_USERS = 100_000
MAX_GPUS = 4096
MAX_TOKENS = 10**15
MAX_DAYS = 3650
CHINCHILLA_TOKENS_PER_PARAM = 20  # Hoffmann et al. 2022, arXiv:2203.15556


@dataclass(frozen=True)
class Plan:
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
    # training
    seq_len: int = FINETUNE_SEQ_LEN
    batch: int = 1
    zero: int | None = None
    tokens: int | None = None
    optimizer: Optimizer = Optimizer.adamw
    lora_rank: int = 16
    checkpointing: bool = True
    cpu_offload: bool = False
    tp: int = 1
    days: int | None = None  # the deadline of a training run
    stack: Stack | None = None  # the training software (None: inference)
    assumptions: tuple[str, ...] = field(default=())

    @property
    def model(self) -> ModelEntry:
        return self.resolved.model

    def but(self, **changes) -> Plan:
        return replace(self, **changes)


def _positive(value: int | None, what: str, limit: int, lang: str) -> None:
    if value is None:
        return
    if value < 1:
        raise SizingError(f"not_positive_{what}", f"{what}_examples", value=value)
    if value > limit:
        raise SizingError(f"too_large_{what}", f"{what}_examples", value=i18n.number(value, lang))


def make_plan(w: Workload, catalog: Catalog, source: ModelSource | None = None) -> Plan:
    lang = i18n.lang_of(w.lang)
    said: list[str] = []
    stage = w.stage
    _positive(w.users, "users", MAX_USERS, lang)
    _positive(w.context, "context", 10**9, lang)
    _positive(w.gpus, "gpus", MAX_GPUS, lang)
    _positive(w.batch, "batch", 4096, lang)
    _positive(w.seq_len, "seq_len", 10**9, lang)
    _positive(w.tokens, "tokens", MAX_TOKENS, lang)
    _positive(w.lora_rank, "lora_rank", 4096, lang)
    _positive(w.tp, "tp", 64, lang)
    _positive(w.days, "days", MAX_DAYS, lang)
    _positive(w.examples, "examples", MAX_TOKENS, lang)
    _positive(w.epochs, "epochs", 1000, lang)
    if w.zero is not None and not 0 <= w.zero <= 3:
        raise SizingError("bad_zero", "zero_examples", value=w.zero)

    resolved = resolve_model(w.model, catalog, source)
    model = resolved.model
    for key, params in resolved.notes:
        said.append(t(lang, f"assume.model.{key}", **_note_params(params, lang)))
    if resolved.typed_size:
        key = "assume.scaled_model" if model.scaled_from else "assume.bare_size"
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
    precision = _precision(w, stage, model, catalog, lang, said, stack)
    if model.release and model.release.precision == precision.id:
        from .weights import weight_bytes

        said.append(t(lang, "assume.model.release", repo=model.release.repo, precision=precision.name,
                      weights=i18n.gb(weight_bytes(model, precision, catalog).bytes, lang)))  # fmt: skip
    elif model.release and w.precision:
        said.append(t(lang, "assume.model.release_other_precision", repo=model.release.repo,
                      published=resolve_precision(model.release.precision, catalog).name,
                      precision=precision.name))  # fmt: skip
    kv = resolve_kv_precision(w.kv_precision, catalog) if w.kv_precision else catalog.kv_precision("bf16")
    if not w.kv_precision and not stage.is_training:
        said.append(t(lang, "assume.kv_precision"))

    asked_context = max(w.context or 0, w.seq_len or 0 if stage.is_training else 0)
    if model.extended_context and model.max_context < asked_context <= model.extended_context:
        # Beyond the native window, as the model card documents it (YaRN): accepted, and said how.
        said.append(t(lang, "assume.model.extended_context", context=i18n.tokens(asked_context, lang), model=model.name,
                      native=i18n.tokens(model.max_context, lang), limit=i18n.tokens(model.extended_context, lang),
                      method=model.extended_context_method))  # fmt: skip
        model = model.model_copy(update={"max_context": model.extended_context})
        resolved = ResolvedModel(model, resolved.typed_size, resolved.notes, resolved.source)
    if w.context is not None and w.context > model.max_context:
        raise SizingError(
            "context_beyond_model",
            "context_limit",
            context=i18n.tokens(w.context, lang),
            model=model.name,
            limit=i18n.tokens(model.context_limit, lang),
        )
    context = w.context or min(DEFAULT_CONTEXT, model.max_context)
    if w.context is None and not stage.is_training:
        said.append(t(lang, "assume.context", tokens=i18n.tokens(context, lang)))
    users = w.users or 1
    if w.users is None and not stage.is_training:
        said.append(t(lang, "assume.users"))

    gpu = resolve_gpu(w.gpu, catalog) if w.gpu else None
    plan = Plan(
        lang=lang,
        stage=stage,
        resolved=resolved,
        precision=precision,
        kv=kv,
        context=context,
        users=users,
        gpu=gpu,
        gpus=w.gpus,
        task=w.task,
        intent=w.intent,
        cpu_offload=w.cpu_offload,
        stack=stack,
    )
    if stage.is_training:
        plan = _training_defaults(plan, w, catalog, lang, said)
    elif w.days:
        # A serving workload needs the same memory whatever the dates: say so rather than ignore it.
        said.append(t(lang, "assume.days_inference", days=w.days))
    return plan.but(assumptions=tuple(said))


def _note_params(params: dict, lang: str) -> dict:
    """Numbers in notes read in the answer's language (parameter counts as 13,2B / 13.2B)."""
    return {k: i18n.params(v, lang) if k == "params" else v for k, v in params.items()}


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
    if stage is Stage.qlora:
        nf4 = catalog.precision("nf4")
        if asked and asked.nominal_bits != 4:
            raise SizingError("qlora_precision", "qlora_examples", precision=asked.name)
        if asked is None or asked.id != "nf4":
            assert stack is not None
            said.append(
                t(lang, "assume.qlora_base", adapters=t(lang, f"adapter_dtype.{stack.adapter_dtype}"))
            )
        return nf4
    if stage in (Stage.full, Stage.pretrain):
        if asked and asked.is_quantized:
            raise SizingError("quantized_full_training", "training_examples", precision=asked.name)
        assert stack is not None
        said.append(t(lang, "assume.mixed_precision" if stack.master_weights else "assume.pure_bf16"))
        return catalog.precision("bf16")
    if stage is Stage.lora and asked and asked.nominal_bits <= 4:
        raise SizingError("lora_4bit", "qlora_examples", precision=asked.name)
    if asked:
        return asked
    native = model.native_precision
    if native and not stage.is_training:
        found = resolve_precision(native, catalog)
        said.append(t(lang, "assume.native_precision", precision=found.name))
        return found
    said.append(t(lang, "assume.precision" if not stage.is_training else "assume.lora_base"))
    return catalog.precision("bf16")


def _training_defaults(plan: Plan, w: Workload, catalog: Catalog, lang: str, said: list[str]) -> Plan:
    model = plan.model
    default_seq = PRETRAIN_SEQ_LEN if plan.stage is Stage.pretrain else FINETUNE_SEQ_LEN
    seq_len = w.seq_len or w.context or min(default_seq, model.max_context)
    if seq_len > model.max_context:
        raise SizingError(
            "context_beyond_model",
            "context_limit",
            context=i18n.tokens(seq_len, lang),
            model=model.name,
            limit=i18n.tokens(model.max_context, lang),
        )
    if not (w.seq_len or w.context):
        said.append(t(lang, "assume.seq_len", tokens=i18n.tokens(seq_len, lang)))
    batch = w.batch or 1
    if not w.batch:
        said.append(t(lang, "assume.batch"))
    checkpointing = True if w.checkpointing is None else w.checkpointing
    if w.checkpointing is None:
        said.append(t(lang, "assume.checkpointing"))
    stack = plan.stack or catalog.default_stack
    optimizer = w.optimizer or Optimizer.adamw
    lora = plan.stage in (Stage.lora, Stage.qlora)
    if not w.optimizer:
        if plan.stage is Stage.qlora:
            said.append(t(lang, "assume.optimizer_qlora"))
        else:
            per_param = 4 + training.optimizer_bytes("adamw", stack)  # weights 2 + gradients 2 + states
            said.append(t(lang, "assume.optimizer" if not lora else "assume.optimizer_lora", bytes=per_param))
    rank = w.lora_rank or 16
    if lora:
        said.append(_lora_targets(model, rank, w.lora_rank is None, stack, lang))
    tokens = w.tokens
    if not tokens and w.examples:
        # Examples are at most seq_len tokens each (longer ones are cut): an upper bound, and said so.
        tokens = w.examples * seq_len
        said.append(t(lang, "assume.examples_tokens", examples=i18n.number(w.examples, lang),
                      seq=i18n.tokens(seq_len, lang), tokens=i18n.count(tokens, lang)))  # fmt: skip
    if tokens and w.epochs and w.epochs > 1:
        tokens *= w.epochs
        said.append(t(lang, "assume.epochs", epochs=w.epochs, tokens=i18n.count(tokens, lang)))
    if plan.stage is Stage.pretrain and not tokens:
        tokens = CHINCHILLA_TOKENS_PER_PARAM * model.params
        said.append(t(lang, "assume.pretrain_tokens", billions=i18n.number(tokens / 1e9, lang)))
    tp = w.tp or 1
    if tp > 1 and (model.num_heads % tp or (model.num_kv_heads % tp and tp % model.num_kv_heads)):
        raise SizingError("bad_tp", "tp_examples", tp=tp, heads=model.num_heads, kv_heads=model.num_kv_heads)
    if stack.data_parallel_only and ((w.zero or 0) > 0 or tp > 1):
        what = f"ZeRO-{w.zero}" if (w.zero or 0) > 0 else f"TP {tp}"
        raise SizingError("stack_data_parallel", "stack_parallel_examples", stack=stack.name, what=what)
    said.append(_stack_assumption(plan.stage, model, stack, seq_len * batch, w.stack is None, lang))
    return plan.but(
        seq_len=seq_len,
        batch=batch,
        zero=w.zero,
        tokens=tokens,
        optimizer=optimizer,
        lora_rank=rank,
        checkpointing=checkpointing,
        tp=tp,
        days=w.days,
    )


def _stack_assumption(
    stage: Stage, model: ModelEntry, stack: Stack, tokens: int, default: bool, lang: str
) -> str:
    """Which software the training figures assume, and what it changes (the logits of the loss above all)."""
    logits = i18n.gb(training.logit_bytes(model, tokens, stack), lang)
    text = t(
        lang, "assume.stack", stack=stack.name, effect=t(lang, f"stack_effect.{stack.id}", logits=logits)
    )
    if stage is Stage.qlora and stack.kbit_fp32_upcast:
        text += " " + t(lang, "stack_effect.kbit_upcast")
    if default:
        text += " " + t(lang, "assume.stack_others")
    return text


def _lora_targets(model: ModelEntry, rank: int, default: bool, stack: Stack, lang: str) -> str:
    """The modules LoRA adapts, named (PEFT target_modules="all-linear"), and what that adds up to."""
    matrices = t(lang, "lora.matrices_gated" if model.mlp == "gated" else "lora.matrices_plain")
    parts = [t(lang, "lora.attention_mla" if model.mla else "lora.attention")]
    has_dense = model.dense_layers > 0 or (model.moe is not None and model.moe.shared_experts > 0)
    if has_dense:
        parts.append(t(lang, "lora.mlp", matrices=matrices))
    if model.moe:
        parts.append(t(lang, "lora.experts", experts=model.moe.experts, matrices=matrices))
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
