"""What a user asks the engine to size, as they asked it: names are still text, omitted values are None."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ContractMode = Literal["on_demand", "project_package", "dedicated", "reserved"]


class Stage(StrEnum):
    inference = "inference"
    full = "full"  # full fine-tuning
    lora = "lora"
    qlora = "qlora"
    pretrain = "pretrain"  # training from scratch or continued pre-training

    @property
    def is_training(self) -> bool:
        return self is not Stage.inference


class Task(StrEnum):
    rag = "rag"
    extraction = "extraction"
    classification = "classification"
    summarization = "summarization"
    reasoning = "reasoning"
    code = "code"
    chat = "chat"


class Intent(StrEnum):
    evaluation = "evaluation"
    production = "production"


class Method(StrEnum):
    """How the weights are fitted: supervised (next-token loss) or a preference method on answer pairs."""

    sft = "sft"
    dpo = "dpo"  # Rafailov et al. 2023, arXiv:2305.18290
    ipo = "ipo"
    kto = "kto"
    orpo = "orpo"
    simpo = "simpo"


class Optimizer(StrEnum):
    adamw = "adamw"
    adamw8bit = "adamw8bit"
    sgd = "sgd"
    lion = "lion"
    adafactor = "adafactor"


LANGS = ("pt-BR", "pt-PT", "en")


class Workload(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str = Field(
        description="catalogue name or alias, a Hugging Face repo, or a bare size: 70b, 8x7b, 30b-a3b"
    )
    precision: str | None = None
    kv_precision: str | None = None
    context: int | None = Field(default=None, description="tokens each conversation may hold")
    users: int | None = Field(default=None, description="conversations open at the same time")
    stage: Stage = Stage.inference
    gpu: str | None = None
    gpus: int | None = None
    compare_gpus: list[str] | None = Field(
        default=None, description="other GPUs the question weighs against gpu ('H100 ou H200?')"
    )
    compare_counts: list[int] | None = Field(
        default=None, description="how many of each compared GPU, when the question says ('2 L40S ou 1 H100')"
    )
    seq_len: int | None = None
    batch: int | None = Field(default=None, description="micro-batch per GPU, in sequences")
    zero: int | None = None
    tokens: int | None = Field(default=None, description="training tokens")
    task: Task | None = None
    intent: Intent | None = None
    lang: str = "pt-BR"
    optimizer: Optimizer | None = None
    lora_rank: int | None = None
    checkpointing: bool | None = None
    cpu_offload: bool = False
    offload_params: bool = Field(
        default=False, description="training: the weights in CPU RAM too (ZeRO-3/FSDP)"
    )
    tp: int | None = Field(default=None, description="tensor-parallel degree for training")
    pp: int | None = Field(default=None, description="pipeline stages for training")
    method: Method | None = Field(
        default=None, description="sft (default) or a preference method: dpo, orpo..."
    )
    days: int | None = Field(default=None, description="days a training run may take (the deadline)")
    examples: int | None = Field(default=None, description="training examples in the dataset")
    epochs: int | None = Field(default=None, description="passes over the training data")
    stack: str | None = Field(default=None, description="training software: unsloth, torchtune, liger...")
    # Serving in traffic terms: what each request holds, how many arrive, who sends them, how fast it must feel.
    prompt_tokens: int | None = Field(default=None, description="tokens of each request's prompt")
    prompt_pages: int | None = Field(
        default=None, description="pages of text in each prompt (tokens per page from traffic.toml)"
    )
    output_tokens: int | None = Field(default=None, description="tokens of each answer")
    rate_per_s: float | None = Field(default=None, description="requests per second at the peak")
    requests_per_day: int | None = Field(
        default=None, description="requests in a day (peak from traffic.toml)"
    )
    requests_per_month: int | None = Field(
        default=None, description="requests in a month (days of use and peak from traffic.toml)"
    )
    population: int | None = Field(default=None, description="people who use the service (a head-count)")
    active_share: float | None = Field(
        default=None, description="share of the people active at the peak hour"
    )
    requests_per_active_hour: float | None = Field(
        default=None, description="requests per active person per hour"
    )
    ttft_s: float | None = Field(default=None, description="target seconds to the first token")
    latency_percentile: float | None = Field(
        default=None, description="the percentile the latency targets were given at (p95: 95)"
    )
    tokens_per_s: float | None = Field(default=None, description="target tokens per second for each user")
    cost: bool = Field(default=False, description="the question asks what it costs")
    users_at_once: bool = Field(
        default=False, description="the users were said to be at once: never read as a head-count"
    )
    contract: ContractMode | None = Field(
        default=None, description="the contract mode the customer asked for"
    )
    term_days: int | None = Field(default=None, description="serving: the days the GPUs are rented for")
