"""What a user asks the engine to size, as they asked it: names are still text, omitted values are None."""

from collections.abc import Iterator, Mapping
from enum import StrEnum
from itertools import compress
from operator import ne
from typing import Any, Literal

import msgspec

ContractMode = Literal["on_demand", "project_package", "dedicated", "reserved"]


class Stage(StrEnum):
    # Whether the stage trains: a plain attribute of each member (set below), not a property, since every
    # search step reads it (about 300 reads per question).
    is_training: bool

    inference = "inference"
    full = "full"  # full fine-tuning
    lora = "lora"
    qlora = "qlora"
    pretrain = "pretrain"  # training from scratch or continued pre-training


for _stage in Stage:
    _stage.is_training = _stage is not Stage.inference


class Task(StrEnum):
    rag = "rag"
    extraction = "extraction"
    classification = "classification"
    summarization = "summarization"
    reasoning = "reasoning"
    # an agent calls tools in a loop: its model need not be a reasoning one (Llama 3.3 70B is not)
    agent = "agent"
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
    grpo = "grpo"  # Shao et al. 2024, arXiv:2402.03300 (DeepSeekMath), section 4
    ppo = "ppo"  # Schulman et al. 2017, arXiv:1707.06347; RLHF as Ouyang et al. 2022, arXiv:2203.02155
    # REINFORCE Leave-One-Out: Ahmadian et al. 2024, arXiv:2402.14740 (k samples per prompt, each scored against
    # the mean reward of the other k - 1: no value model)
    rloo = "rloo"
    # A reward model trained on answer pairs: the model with a scalar head in place of the output layer,
    # scoring the chosen above the rejected (Ouyang et al. 2022, arXiv:2203.02155, section 3.5; TRL's
    # RewardTrainer)
    reward = "reward"

    @property
    def is_rl(self) -> bool:
        return self in (Method.grpo, Method.ppo, Method.rloo)


class Optimizer(StrEnum):
    adamw = "adamw"
    adamw8bit = "adamw8bit"
    sgd = "sgd"
    lion = "lion"
    adafactor = "adafactor"


LANGS = ("pt-BR", "pt-PT", "en")


class Workload(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, dict=True):
    """Built from what a question or a command line gave with Workload.given(fields), which checks each
    value's type and remembers which fields were given (`dict`: room for that record)."""

    # catalogue name or alias, a Hugging Face repo, or a bare size: 70b, 8x7b, 30b-a3b
    model: str
    precision: str | None = None
    kv_precision: str | None = None
    # tokens each conversation may hold
    context: int | None = None
    # conversations open at the same time
    users: int | None = None
    stage: Stage = Stage.inference
    # "treinar o llama 3.1 8b com os dados da empresa": the plain word for training, a released model and no
    # tokens, read as a fine-tune (said in the answer)
    train_as_fine_tune: bool = False
    # "treinar o deepseek v3 base": a base release "trained" with no more said continues its pre-training
    train_base: bool = False
    # ... because the tokens said are conversations ("1 bilhão de tokens de conversas de atendimento"): SFT data
    dialogue_data: bool = False
    # a vision-language fine-tune that trains its vision encoder too ("treinando também o encoder de visão")
    vision_trained: bool = False
    # LoRA read from the training software (Unsloth) with no method said: QLoRA where LoRA does not fit the
    # GPU named (sizing/engine.py), and the answer says so
    adapter_from_stack: bool = False
    # LoRA read from a dataset of instruction-tuning size trained with no method said ("treinar o qwen3 8b com
    # 500 mil conversas"); the answer says why (sizing/query.py, _adapter_for_data)
    adapter_for_data: bool = False
    # a fine-tune said with neither a method nor its data: sized full, and the answer says so (sizing/plan.py)
    full_no_method: bool = False
    # a pre-training from scratch with tokens and no size: the compute-optimal size for them (sizing/query.py)
    size_from_tokens: bool = False
    # training data said by period ("500 mil tokens por semana"), as typed, and the periods summed in the
    # tokens or examples (1 when no span is said)
    data_period: str | None = None
    data_periods: int | None = None
    gpu: str | None = None
    gpus: int | None = None
    # whose machine the GPU named is: "hosted" (a notebook service that lends one GPU: "no colab", "kaggle"),
    # "own" (the customer's: "no meu pc", "notebook com 3060", "em casa"); None: unsaid (ours to rent)
    machine: str | None = None
    # other GPUs the question weighs against gpu ('H100 ou H200?')
    compare_gpus: list[str] | None = None
    avoid_gpus: list[str] | None = (
        None  # GPUs ruled out ("sem h200"): recommended from the rest of the offering
    )
    # how many of each compared GPU, when the question says ('2 L40S ou 1 H100'); None for one said with no
    # count beside a choice of counts ("2 ou 4 h100 ou h200"): the fewest of it that serve
    compare_counts: list[int | None] | None = None
    # a training's model served afterwards on GPUs named for it ("... e depois servir em 2 h100 pra 500
    # usuários"): sizing/serve_after.py gives them to the serving, which gets their verdict
    serving_gpu: str | None = None
    serving_gpus: int | None = None
    # other GPUs weighed for that serving ("e depois servir em h100 ou h200"), with their counts when said
    serving_compare_gpus: list[str] | None = None
    serving_compare_counts: list[int] | None = None
    # its precision, asked in a follow-up ("e em 8 bits?"): the serving's, not the training's base
    serving_precision: str | None = None
    seq_len: int | None = None
    # micro-batch per GPU, in sequences
    batch: int | None = None
    # sequences of one optimizer step across all GPUs (micro-batch x data-parallel GPUs x gradient accumulation)
    global_batch: int | None = None
    # a plain "batch size 8" said with several GPUs, read as the global batch (said in the answer)
    batch_as_global: bool = False
    # micro-batches accumulated before each optimizer step
    grad_accum: int | None = None
    # optimizer steps of the run: with the global batch and the sequence length, its training tokens
    steps: int | None = None
    zero: int | None = None
    # other ZeRO stages the question weighs against zero ("zero-2 ou zero-3?", "fsdp ou deepspeed zero 2"):
    # sizing/compare.py sizes the training under each
    compare_zero: list[int] | None = None
    # other training methods the question weighs against the stage ("lora ou qlora?", "full ou lora?"):
    # sizing/compare.py sizes the same run with each
    compare_stages: list[Stage] | None = None
    # "com e sem raciocínio": the model sized without its chain of thought (reasoning "off", the answer in full)
    # and with it, side by side (sizing/compare.py weigh_reasoning)
    compare_reasoning: bool | None = None
    # A second training stage said to follow the first ("continued pretraining com 2B tokens e depois SFT com
    # LoRA em 10 mil exemplos"), with its own data: sizing/engine.py sizes the heavier of the two in full and
    # the other in a note. The fields above (stage, tokens, examples, epochs) are the first stage's.
    then_stage: Stage | None = None
    then_tokens: int | None = None
    then_examples: int | None = None
    then_epochs: int | None = None
    # training tokens
    tokens: int | None = None
    task: Task | None = None
    # a reasoning model's thinking turned down: "off" ("sem raciocínio", "without thinking", "/no_think") or
    # "low" (gpt-oss's "reasoning effort low"): its answers are sized at the chat's lengths (sizing/plan.py)
    reasoning: Literal["off", "low"] | None = None
    intent: Intent | None = None
    # an evaluation said to come before production ("homologação antes de ir pra produção"): production is next
    production_next: bool | None = None
    lang: str = "pt-BR"
    optimizer: Optimizer | None = None
    lora_rank: int | None = None
    checkpointing: bool | None = None
    # attention without FlashAttention (eager): its a x s x s scores are stored for the backward
    eager_attention: bool = False
    dualpipe: bool = False  # DeepSeek-V3's DualPipe pipeline schedule said
    pipeline_schedule: str | None = (
        None  # "interleaved" (1F1B with virtual stages) or "zbv" (zero-bubble V) said
    )
    virtual_stages: int | None = None  # the interleaved schedule's stages a GPU said
    compiled: bool = False  # torch.compile said: not modelled, said so
    # Megatron-LM's --recompute-granularity selective: only the attention is recomputed (checkpointing False)
    selective_recompute: bool = False
    # The linear layers LoRA adapts: "all_linear" (PEFT target_modules="all-linear", the default), "qv" (q_proj and
    # v_proj alone) or others of sizing/training.py LORA_MODULES joined by "+" ("gate+up+down")
    lora_targets: str | None = None
    lora_dropout: bool | None = None  # a lora_dropout said: above 0 (True) or 0
    # BF16 training without autocast nor an FP32 master copy said ("use_amp false", "pure bf16")
    pure_bf16: bool = False
    async_tp: bool = False  # torchtitan's AsyncTP said (fused TP collectives through symmetric memory)
    cut_cross_entropy: bool = False  # Apple's Cut Cross-Entropy said (Axolotl's plugin): no logits in memory
    cpu_offload: bool = False
    # training: the weights in CPU RAM too (ZeRO-3/FSDP)
    offload_params: bool = False
    # training: what is offloaded goes to the NVMe drives (ZeRO-Infinity's offload device nvme)
    nvme_offload: bool = False
    # tensor-parallel degree for training
    tp: int | None = None
    # pipeline stages for training
    pp: int | None = None
    # expert-parallel ranks for training an MoE (Megatron-LM --expert-model-parallel-size)
    ep: int | None = None
    # context-parallel ranks for training (Megatron-LM --context-parallel-size): each holds 1/cp of a sequence
    cp: int | None = None
    # the sequence said split across the GPUs with no degree ("ring attention"): the layout search uses CP
    context_split: bool = False
    # sft (default) or a preference method: dpo, orpo...
    method: Method | None = None
    # RL: completions sampled per prompt (GRPO's num_generations)
    rl_generations: int | None = None
    # RL: where completions are generated: colocate, server or generate
    rl_generation: str | None = None
    # RL: a KL penalty against a reference model (True), or none said (False)
    rl_reference: bool | None = None
    # RL: rewards from a reward model (True) or from functions, a verifier (False); None: the method's default
    rl_reward_model: bool | None = None
    # RL: how many frozen reward models score each completion ("dois reward models"); None: one
    rl_reward_models: int | None = None
    # days a training run may take (the deadline)
    days: int | float | None = None  # whole days, or a fraction when said in hours ("em 6h")
    # training examples in the dataset
    examples: int | None = None
    # tokens of one training example ("20k exemplos de 2k tokens"): the data's length, not the sequence's
    example_tokens: int | None = None
    # that length said as the examples' average ("em média 800 tokens"), not their maximum ("até 2k tokens")
    example_average: bool | None = None
    # serving: LoRA adapters served beside the base model, resident on the GPUs (vLLM --max-loras)
    lora_adapters: int | None = None
    # serving: embedding and reranking models on the LLM's GPU, as asked: a table id (sizing/data/encoders.toml)
    # or a kind's word ("embedding", "reranker") when none was named
    encoders: list[str] | None = None
    # serving: the audio a speech model beside the LLM keeps up with (sizing/speech_query.py load): hours of
    # audio, in the period they come in or by a deadline (speech_deadline), and live calls at once
    speech_audio_hours: float | None = None
    speech_period_s: float | None = None
    speech_deadline: bool | None = None
    speech_streams: int | None = None
    # serving: read_tokens come again each period of this many seconds ("200 horas de áudio por dia"), a rate
    # rather than a one-off volume
    read_period_s: float | None = None
    # training data said by its size on disk ("2 GB de texto"), in bytes: tokens estimated from it
    data_bytes: int | None = None
    # passes over the training data
    epochs: int | None = None
    # training software: unsloth, torchtune, liger...
    stack: str | None = None
    # Serving in traffic terms: what each request holds, how many arrive, who sends them, how fast it must feel.
    # tokens of each request's prompt
    prompt_tokens: int | None = None
    # a prefix every request shares ("system prompt de 4k tokens"): vLLM's prefix cache keeps its KV cache
    # once for all the conversations (sizing/setups.py)
    shared_prefix_tokens: int | None = None
    # The shared prefix is a document every request reads ("documento de 100k compartilhado"), said as such
    shared_prefix_document: bool = False
    # "contexto máximo", "max context" with no figure: the model's own window (sizing/plan.py)
    context_max: bool = False
    # "quantas páginas cabem?": the capacity says its context in pages too (sizing/advice.py)
    pages_asked: bool = False
    # "quantos usuários cabem numa H100?": the answer leads with the named setup's capacity (sizing/engine.py)
    capacity_asked: bool = False
    # "2k tokens per request": the context is each request's prompt and answer together (sizing/plan.py)
    context_per_request: bool = False
    # "they're in Portugal", "utilizadores em Lisboa": the latency note gives the round trip to them
    users_in_europe: bool = False
    # "30 mil usuários por mês", "30k MAU": the population is a month's people, not a day's (sizing/plan.py)
    population_monthly: bool = False
    # "10k usuários por dia": the population is a day's people, whose peak a "pico de 3x a média" sets (sizing/plan.py)
    population_daily: bool = False
    # "quantizado", "quantized" with no format said: the usual serving quantization (sizing/plan.py)
    quantized: bool = False
    # "gemma 3 27b qat" with no format said: Google's quantization-aware 4-bit release (sizing/plan.py)
    qat: bool = False
    # "granite 3.3 8b": a family the catalogue lacks, named before the size it is sized by (sizing/plan.py)
    family_typed: str | None = None
    # "2 placas de 24gb": the GPU named by its memory alone, as typed; the plan says which card it sized
    gpu_memory_typed: str | None = None
    # vLLM's --gpu-memory-utilization, pasted: the share of each GPU's memory the server takes (sizing/engine.py)
    memory_utilization: float | None = None
    # "mfu 45%": the model FLOPs utilization a training's time is estimated at, in place of the offering's
    mfu: float | None = None
    # vLLM's --max-num-batched-tokens ("chunked prefill 8192"): the tokens of prompt read per step (sizing/plan.py)
    prefill_chunk: int | None = None
    # TGI's --max-input-tokens: the longest input a request may bring, its history included (sizing/plan.py)
    prompt_limit: int | None = None
    # pages of text in each prompt (tokens per page from traffic.toml)
    prompt_pages: int | None = None
    # tokens of each answer
    output_tokens: int | None = None
    # messages (requests) in each conversation: its context, when none is given, holds them all
    turns: int | None = None
    # the turns are an agent's calls in each of its tasks ("15 chamadas ao LLM por tarefa"): they multiply the
    # rate, and each call's prompt is all it reads (an agent sends what it needs; no chat history is assumed)
    turns_of_task: bool = False
    # the rate was said in conversations ("2 mil conversas por dia") with no messages in each: each counted as
    # one request, which the answer says (a chat's conversations hold more)
    rate_in_conversations: bool = False
    # requests per second at the peak
    rate_per_s: float | None = None
    # the seconds the rate was said over ("300 requisições por minuto": 60), for a thread's "e com 1000?"
    rate_period_s: float | None = None
    # requests in a day (peak from traffic.toml)
    requests_per_day: int | None = None
    # requests in a month (days of use and peak from traffic.toml)
    requests_per_month: int | None = None
    # requests in a week (days of use and peak from traffic.toml)
    requests_per_week: int | None = None
    # The daily or monthly volume counts documents or other items of work ("5 mil contratos por dia",
    # traffic_words.toml's `items`), not requests, messages or conversations: a pipeline no one waits on
    # answer by answer, whose latency defaults are a batch's (sizing/plan.py)
    items_volume: bool = False
    # people who use the service (a head-count)
    population: int | None = None
    # The organisation's head-count said beside the people who use the service ("5000 funcionários e 200
    # usuários ativos": 5000): said in the answer, not used for the load
    organisation_people: int | None = None
    # The people whose requests a day make the daily volume ("1000 usuários, cada um faz 30 perguntas por
    # dia"): not a head-count to size (the volume is), but the seats a cost per user divides by
    people_sending: int | None = None
    # a month's people whose day's share sends the daily volume ("50 mil usuários ativos por mês, 5 mensagens
    # por usuário por dia"): said in the answer
    people_monthly: int | None = None
    # share of the people active at the peak hour
    active_share: float | None = None
    # "pico de 3x a média": the peak rate as a multiple of a volume's average over its hours of use (else
    # traffic.toml's peak_hour_share)
    peak_factor: float | None = None
    # a season's multiple of the usual peak ("black friday 5x", "picos no natal de 3x"): the rate at the
    # usual busiest hour times this (sizing/plan.py)
    seasonal_peak: float | None = None
    # requests per active person per hour
    requests_per_active_hour: float | None = None
    # A batch with a deadline ("1 milhão de documentos em 2 dias"): its requests and the seconds they must
    # finish in; a steady rate with no peak (sizing/plan.py)
    batch_items: int | None = None
    # serving: tokens to generate with no deadline ("quanto tempo leva pra gerar 1 milhão de tokens?"): the
    # answer says how long they take on the setup (sizing/advice.py batch_time)
    generated_tokens: int | None = None
    # serving: tokens to read with a short answer and no deadline ("processar 10 milhões de palavras"): the answer
    # says how long they take on the setup, at the prefill-bound pace (sizing/advice.py batch_time)
    read_tokens: int | None = None
    # serving: a translation's volume ("traduzir 10 milhões de palavras"): each prompt is as long as its answer
    translation: bool = False
    batch_seconds: float | None = None
    # A volume a week or a month whose share of each day is the batch ("300 mil por semana, janela noturna de
    # 6h"): its period and count, said in the answer.
    batch_of_volume: tuple[str, int] | None = None
    # fast answers asked for with no figure ("respostas rápidas"): MLPerf's Interactive limits
    fast_latency: bool = False
    # someone waits on each answer with no figure ("analistas esperando"): a day's volume is no pipeline
    waited_on: bool = False
    # what each request reads, as the question names it (sizing/traffic_query.py documents_read): "long" documents
    # ("contratos", "relatórios"), "page" ones ("notas fiscais"), "short" items ("e-mails curtos", "tweets"); a
    # document task's prompt is a whole document, and a page one's, for a model with vision, its scanned image
    documents: str | None = None
    # a coding assistant's autocomplete ("autocompletar código", "FIM"), not its chat or agent: traffic.toml
    # [code]'s completion lengths, with fast answers
    code_completion: bool = False
    # the prompt and answer lengths come from a token volume over a request rate ("500 RPM and 200k TPM"),
    # split in the defaults' proportion
    lengths_from_volume: bool = False
    # the request rate (or day's, week's, month's requests) comes from a token volume ("throughput de 5000
    # tokens/s"), with the tokens said in its period: "output", answers' tokens over each answer's length;
    # "both", prompts' and answers' over the two
    # "input", the prompts' alone over each prompt's length
    rate_from_volume: tuple[str, float] | None = None
    # the volume's period: seconds, or sizing/traffic_query.py's DAY/WEEK/MONTH keys (VOLUME_KEYS); the plan
    # divides the volume again by the request's lengths as sized (a task's own: a summary's prompt, a reasoning
    # model's answer), so that the requests counted and the requests sized are one shape
    volume_period_s: float | None = None
    # target seconds to the first token
    ttft_s: float | None = None
    # target seconds for a whole answer, first token to last ("2 s end to end")
    e2e_s: float | None = None
    # the percentile the latency targets were given at (p95: 95)
    latency_percentile: float | None = None
    # targets at other percentiles, not sized ("p50 < 500 ms e p99 < 2 s": the p99's), as (percentile, seconds)
    other_latency_targets: list[tuple[float, float]] | None = None
    # target tokens per second for each user
    tokens_per_s: float | None = None
    # the question asks what it costs
    cost: bool = False
    # "mais barato?", "cheaper?": the setups that serve the workload for less than the recommendation
    # (sizing/advice.py, cheaper); a thread's next question drops it unless it asks again
    cheaper: bool = False
    # "o mais rápido possível", "the fastest": a training's or a batch's setup chosen for the least wall-clock time
    # (sizing/run_budget.py), within its budget when one is given
    fastest: bool = False
    # A budget the question gives: its amount, the currency it was typed in ("BRL", "USD", "EUR"; None: not
    # typed, the offering's), and whether it is a month's (True), the whole project's (False) or not said
    budget: float | None = None
    budget_currency: str | None = None
    budget_monthly: bool | None = None
    budget_yearly: float | None = None  # a year's budget as typed (budget is then its twelfth, a month's)
    budget_hourly: bool = False  # the budget is by the hour ("até R$ 5/hora"), not a month's
    # an hourly budget is each GPU's hour (True: "por GPU" said), the whole setup's (False: "no total" said) or
    # not said (None: read as the whole setup's, and the answer says so)
    budget_per_gpu: bool | None = None
    # "sai mais barato que a API a US$ 0,60 por milhão?": another provider's price per million generated
    # tokens, and the currency it was typed in (None: the offering's), set against ours
    api_price: float | None = None
    api_price_currency: str | None = None
    # the question asks how many requests a setup serves ("quantas requisições por segundo aguenta?")
    rate_asked: bool = False
    # "custo por milhão de tokens a 80% de utilização": the share of its sustainable rate a setup is priced at
    utilization: float | None = None
    # "8 horas por dia", "das 8h às 18h", "horário comercial": the hours a day the service is on (on demand
    # bills only those), and whether only on weekdays ("dias úteis", "segunda a sexta")
    hours_per_day: float | None = None
    weekdays_only: bool = False
    business_hours: bool = False  # "horário comercial": the offering's business hours, on weekdays
    # a schedule said in words: "nights_weekends" (outside the offering's business hours), "nights" (those hours
    # left out of every day), "daytime" (those hours every day) or "weekends" (Saturdays and Sundays whole);
    # hours_per_day holds the average a day it comes to, which the bill uses
    off_hours: str | None = None
    # "24/7", "o dia todo": on every hour of every day. A volume a day spreads over the 24 hours, with no peak hour
    # (traffic.toml's peak_hour_share is a working day's), and the month is whole (sizing/plan.py says both)
    always_on: bool = False
    # the users were said to be at once: never read as a head-count
    users_at_once: bool = False
    # "64 prompts in a batch", "batch size 32": the sequences at once are one batch's requests sent together, not
    # people (said as a batch at once, never "usuários simultâneos")
    users_batch: bool = False
    # "12 analistas e 30 atendentes": the users are a group at once beside the population's head-count, each
    # group its own request rate, summed (sizing/plan.py)
    users_beside_population: bool = False
    # The noun the users were counted with when it is not the plain word for users ("1.000 pessoas", "2 mil
    # funcionarios"), lower case as typed: the answer says the count back with it (sizing/plan.py)
    users_noun: str | None = None
    # The users came only from a serving engine's ceiling on sequences at once (vLLM --max-num-seqs, SGLang
    # --max-running-requests, TGI --max-concurrent-requests, "max_num_seqs=64"), not from words: vLLM starts
    # when one sequence of the context (--max-model-len) fits in its KV cache and then runs as many as the cache
    # holds, up to that ceiling; the answer says so instead of sizing every sequence at full length (sizing/plan.py)
    users_limit: bool = False
    # The serving engine whose launch line set that ceiling: None is vLLM, "sglang" (python -m
    # sglang.launch_server), "tgi" (text-generation-launcher); the verdict says its name and its flags
    launch_engine: str | None = None
    # Serving in phases ("piloto com 10 usuários e depois 100"): the users of the first, smaller phase; the
    # workload is the production's, and a note says what the pilot needs (sizing/engine.py)
    pilot_users: int | None = None
    # Growth said with its horizon ("dobrar em 6 meses", "crescer 50% em um ano"): the load above is the grown one,
    # this many times today's; a note says what today's needs (sizing/engine.py)
    growth: float | None = None
    # The same growth with today's load asked for ("traffic will double next quarter, size for our current 40
    # rps"): the load above is today's, and a note says what the grown one (this many times it) needs
    growth_later: float | None = None
    # the contract mode the customer asked for
    contract: ContractMode | None = None
    # several asked about side by side ("dedicado ou reservado?"): each one's price and what sets it apart
    contracts_compared: list[ContractMode] | None = None
    # "quanto custa por usuário?", "per seat": the monthly price divided by the users
    cost_per_user: bool | None = None
    # "custo por 1k requisições", "cost per request": the price of that many requests at the sized load
    cost_per_requests: int | None = None
    # serving: the days the GPUs are rented for
    term_days: int | None = None
    # Serving for availability: copies of the model required whatever the load needs ("3 réplicas", at least)
    replicas: int | None = None
    # availability asked in words ("alta disponibilidade", "HA": at least 2 copies); False: "sem redundância"
    high_availability: bool | None = None
    # copies beyond those the load needs ("N+1": 1)
    spare_replicas: int | None = None
    # zones or regions the copies are asked to span ("em duas zonas": 2); we have one region
    zones: int | None = None
    # Quantizing the model oneself before serving it ("quantizar o llama 70b para awq"): said in a note
    quantize_run: bool | None = None
    # Where the data must stay, as the question named it ("os dados têm de permanecer na UE", "GDPR"): ["eu"],
    # with "lgpd" when the LGPD is named too. Our GPUs are in Brazil: a note says what that means there.
    residency: list[str] | None = None
    # The other models a question offered beside this one, as typed ("qwen 72b em awq ou fp8?": "qwen2.5-72b
    # fp8"), and whether they are served together ("na mesma gpu"): sized beside it, in a thread's
    # follow-ups ("e com 20 usuários?") and a button's answer too (sizing/compare.py)
    model_choices: list[str] | None = None
    together: bool | None = None
    # Models served together with a rate said for each ("o 8b com 100 req/min e o 32b com 20 req/min"): each
    # model's requests per second and the seconds it was said over, in the order of the models (this one, then
    # model_choices); None for a model the question gave none (it gets the whole load)
    model_rates: list[float | None] | None = None
    model_rate_periods: list[float | None] | None = None
    # Served together as a router and the model it hands off to ("como roteador", "e manda pro", "routes to"):
    # the router sees every request, the other those handed to it (sizing/together.py says what is assumed)
    routed: bool | None = None
    # Serving: the GPU count came from a tensor/pipeline layout said ("tp=2 pp=2", --tensor-parallel-size 4),
    # kept as asked rather than sized down
    gpus_from_layout: bool | None = None
    # "quantas H100 preciso?", "how many H100s?": the count of the GPU named is what is asked; the answer leads
    # with the fewest of it that serve the workload (sizing/choice.py requested), not with one of it
    gpus_asked: bool | None = None
    # A training's GPU-hours asked of the GPU named ("how many A100 hours?", "quantas horas de H100?"): the answer
    # gives the run's GPU-hours on it, and the cluster of it that finishes in time (sizing/engine.py)
    gpu_hours_asked: bool | None = None
    # A GPU-hours budget said ("com 1,3M horas de H100"): the hours and the GPU they are of (None: any GPU). A
    # pre-training with no data volume trains on what it pays for (sizing/plan.py), not on Chinchilla's 20
    # tokens per parameter.
    gpu_hours_budget: tuple[float, str | None] | None = None
    # Speculative decoding (serving): the method asked for ("draft_model", "eagle", "eagle3", "mtp",
    # "ngram"), "auto" when only speculative decoding was said, "off" when a thread turns it off
    speculative: str | None = None
    # the draft model beside the served one (a catalogue name, a repo or a bare size)
    draft_model: str | None = None
    # Knowledge distillation (training): the teacher the trained model learns from, run at every step
    # without training (a catalogue name, a repo or a bare size)
    teacher_model: str | None = None
    # An RL run's reward model named as a model of its own ("reward model de 7b"): its name, resolved as a model
    rl_reward_arch: str | None = None
    # the teacher's outputs made beforehand (precomputed logits, synthetic data): no teacher in the training
    teacher_offline: bool | None = None
    # the draft model's precision (None: the served model's)
    draft_precision: str | None = None
    # Images in each conversation (vision-language models): how many, and their size as said: "1920x1080",
    # "12mp", or a named size of traffic.toml's [images] ("phone", "full_hd"); with_images: images said,
    # with no count ("com imagens").
    images: int | None = None
    image_size: str | None = None
    with_images: bool = False
    # A video in each conversation ("vídeos de 30 segundos", "a 2-minute clip at 1 fps"): its length in seconds,
    # and the frames sampled a second when said (None: the model's default)
    video_seconds: float | None = None
    video_fps: float | None = None
    # A thread that moved between serving and training: the settings of the side it left (users, context,
    # precision... or sequences, batch, epochs), which mean nothing on this side and come back when the thread
    # does ("e pra inferência?" after "e pra treinar com lora?" serves the 20 users at 16k again)
    set_aside: dict[str, Any] | None = None
    # A thread whose answer named no model (model ""): which of sizing/fits.py's answers it was
    # ("query.what_fits", "query.suggest_models", "query.gpus_compared"), which a follow-up naming no model
    # gives again with what it changed ("e com 20 usuários?" after "o que roda numa 4090?")
    no_model: str | None = None

    @classmethod
    def given(cls, fields: Mapping[str, Any]) -> "Workload":
        """The workload `fields` describe (a parsed question, command-line flags, a button's payload): each
        value is checked against its field's type, text becoming the enum it names ("lora": Stage.lora) and a
        whole number given where a float goes becoming that float; a wrong one raises msgspec.ValidationError
        (a ValueError). It remembers which fields were given (given_fields)."""
        workload = msgspec.convert(fields, cls, strict=False)
        workload._given = frozenset(fields)
        return workload

    def given_fields(self) -> dict[str, Any]:
        """The fields given when it was built, with their values: a follow-up keeps them and changes the ones
        it names. A workload constructed directly (not by `given`) counts those that differ from defaults."""
        names = self.__dict__.get("_given")
        if names is None:
            return self.non_defaults(builtins=False)
        return {f: getattr(self, f) for f in self.__struct_fields__ if f in names}

    def _given_names(self) -> frozenset[str]:
        """The names of given_fields() alone: a copy (but) keeps them without reading every field's value."""
        names = self.__dict__.get("_given")
        if names is None:
            return frozenset(name for name, _ in self._changed_fields())
        return names & _FIELD_NAMES

    def was_given(self, name: str) -> bool:
        """Whether one field was given (given_fields, without building the dict of every field's value)."""
        names = self.__dict__.get("_given")
        if names is None:
            return name in self.non_defaults(builtins=False)
        return name in names

    def but(self, **changes: Any) -> "Workload":
        """A copy with `changes`, taken as they are (not checked again); they count as given."""
        copy = msgspec.structs.replace(self, **changes)
        copy._given = self._given_names() | changes.keys()
        return copy

    def _changed_fields(self) -> Iterator[tuple[str, Any]]:
        """(name, value) of each field that differs from its default, in declaration order. The ~200 fields
        are compared in C (operator.ne over the values and the defaults, the same `!=`), and only the handful
        that differ come back to Python: every answer's buttons and every copy asked for them."""
        values = msgspec.structs.astuple(self)
        for i in compress(_INDEXES, map(ne, values, _DEFAULT_VALUES)):
            yield _NAMES[i], values[i]

    def non_defaults(self, builtins: bool = True) -> dict[str, Any]:
        """The fields that differ from their defaults, in declaration order: what a button or a thread keeps
        of a workload (JSON-ready when `builtins`: enums as their values, a float field as a float)."""
        out = {}
        for name, value in self._changed_fields():
            if builtins:
                value = float(value) if name in _FLOATS and type(value) is int else msgspec.to_builtins(value)
            out[name] = value
        return out


# Read once: msgspec.structs.fields evaluates the annotations of every field each call (~0.7 ms at import).
_FIELDS = msgspec.structs.fields(Workload)
_FLOATS = {f.name for f in _FIELDS if f.type in (float, float | None)}
_NO_DEFAULT = object()
_DEFAULTS = {f.name: f.default if f.default is not msgspec.NODEFAULT else _NO_DEFAULT for f in _FIELDS}
# The same, as sequences in declaration order (msgspec.structs.astuple's): Workload._changed_fields.
_NAMES = tuple(_DEFAULTS)
_DEFAULT_VALUES = tuple(_DEFAULTS.values())
_INDEXES = range(len(_NAMES))
_FIELD_NAMES = frozenset(_NAMES)
