"""A training run asked together with serving what it makes: "fine-tuning LoRA do llama 3.1 8b e depois servir
pra 50 usuários", "(1) inferência pra 30 usuários; (2) fine-tuning LoRA do mesmo modelo", "fine-tune mistral 7b
with lora then serve it to 100 users". The training answers in full; the serving is a workload of its own (the
same model, for the load the question gave) sized by one more size() call, shown after it.

The model served has the trained model's shape: a LoRA or QLoRA adapter merged into its base adds no weights
(PEFT's merge_and_unload writes W + B·A back into W), and a full fine-tune changes values, not shapes. A QLoRA
run's 4-bit base (or a LoRA's 8-bit one) is how it trained, not how it serves: the adapter is merged into the
16-bit base, which is served at the model's own default precision (said among the serving's assumptions).

Pure: no I/O; the engine calls serving_workload() on every training workload it sizes.
"""

from __future__ import annotations

from .workload import Stage, Workload

# What a question says of the load its model will serve. Any of them in a training question means the trained
# model is to be served; the users of a training run are nothing else (a run has no users).
LOAD_FIELDS = (
    "users",
    "rate_per_s",
    "requests_per_day",
    "requests_per_month",
    "population",
    "batch_items",
    "ttft_s",
    "e2e_s",
    "tokens_per_s",
)

# Carried from the training question to its serving: the load, its lengths and latency, how the service is
# run and paid for. Not carried: a GPU named before the serving's words (it was named for the training run; one
# named after them is serving_gpu, carried as the serving's), the training's own
# settings (sequence length, batch, optimizer, data, deadline).
SERVING_FIELDS = (
    *LOAD_FIELDS,
    "rate_period_s",  # the unit the rate was said in ("500 req/min" stays per minute)
    "kv_precision",
    "context",
    "context_max",
    "family_typed",
    "prompt_tokens",
    "shared_prefix_tokens",
    "prompt_pages",
    "output_tokens",
    "turns",
    "items_volume",
    "active_share",
    "peak_factor",
    "seasonal_peak",
    "requests_per_active_hour",
    "batch_seconds",
    "fast_latency",
    "waited_on",
    "code_completion",
    "lengths_from_volume",
    "rate_from_volume",
    "volume_period_s",
    "latency_percentile",
    "other_latency_targets",
    "users_at_once",
    "users_limit",
    "cost",
    "utilization",
    "hours_per_day",
    "weekdays_only",
    "business_hours",
    "off_hours",
    "always_on",
    "replicas",
    "high_availability",
    "spare_replicas",
    "zones",
    "residency",
    "images",
    "image_size",
    "with_images",
    "lora_adapters",
    "encoders",
    "task",
    "lang",
    "cheaper",  # "mais barato?": a training has no cheaper list (sizing/advice.py, cheaper); its serving does
)


def serving_workload(training: Workload) -> Workload | None:
    """The serving of what `training` makes, when the question gave a load to serve; None otherwise (a
    training question alone, or a serving one)."""
    if not training.stage.is_training:
        return None
    if not any(getattr(training, name) for name in LOAD_FIELDS) and not training.serving_gpu:
        return None  # a GPU named for the serving (query.py keeps one only beside the training's) asks for it
    fields = {name: getattr(training, name) for name in SERVING_FIELDS}
    fields = {name: value for name, value in fields.items() if value not in (None, False)}
    if training.serving_gpu:
        fields["gpu"] = training.serving_gpu  # "e depois servir em 2 h100": named for the serving (query.py)
        if training.serving_gpus:
            fields["gpus"] = training.serving_gpus
        if training.serving_compare_gpus:  # "e depois servir em h100 ou h200": each gets its verdict
            fields["compare_gpus"] = training.serving_compare_gpus
            if training.serving_compare_counts:
                fields["compare_counts"] = training.serving_compare_counts
    if training.stage in (Stage.full, Stage.pretrain) and training.precision is not None:
        fields["precision"] = training.precision  # trained at it, served at it
    if training.serving_precision:
        fields["precision"] = training.serving_precision  # "e em 8 bits?" asked of the thread (query.py)
    return Workload.given({"model": training.model, **fields})
