"""Questions as people type them in Slack, sixteenth round (2026-12-07): how customers really ask. English as
Slack Connect channels write it (the TCO, "a couple hundred users", "two dozen"), vague counts read as the
least they say and said so ("a few hundred": 200), training words in three languages ("instruction-tune", "our legal
corpus", "ajuste por instruções"), and short English questions answered in English. Each answer is what the
user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import reads as _reads


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- counts said in words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: couple" and no users
        ("llama 8b for a couple of users", "Understood: Llama 3.1 8B · 2 concurrent users"),
        # had been 100 users: the hundred alone
        ("llama 8b for a couple hundred users", "200 concurrent users"),
        # had been 2 users: the dozen dropped
        ("llama 8b for two dozen users", "24 concurrent users"),
        ("llama 8b para duas dúzias de usuários", "24 usuários simultâneos"),
        ("llama 8b for two hundred and fifty users", "250 concurrent users"),
        ("llama 8b for half a dozen users", "6 concurrent users"),
    ],
)
def test_counts_said_in_words_are_their_number(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been read as 100 (or 1,000, 2,000, 12) people: a number the customer never said
        (
            "llama 70b for a few hundred users",
            "200 concurrent users",
            "I read “a few hundred” as 200, the least",
        ),
        ("llama 8b for several dozen users", "24 concurrent users", "I read “several dozen” as 24"),
        ("llama 8b for tens of thousands of users", "20,000 people", "I read “tens of thousands” as 20,000"),
        (
            "llama 8b para dezenas de milhares de usuários",
            "20.000 pessoas",
            "Li “dezenas de milhares” como 20.000",
        ),
        (
            "llama 8b para algumas dúzias de usuários",
            "24 usuários simultâneos",
            "Li “algumas dúzias” como 24",
        ),
    ],
)
def test_a_vague_count_is_the_least_it_says_and_said_so(capsys, question, read, said):
    lines = _reads(capsys, question, read)
    assert any(said in line for line in lines), lines


# -- money in a buyer's words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: TCO"
        ("what's the TCO per month for llama 70b for 200 users", "200 concurrent users · cost"),
        ("total cost of ownership of llama 8b for 50 users", "50 concurrent users · cost"),
        # had been "Not understood: minimised"
        ("llama 8b for 200 users, minimised cost", "200 concurrent users · cost"),
    ],
)
def test_the_total_cost_of_ownership_asks_the_cost(capsys, question, read):
    _reads(capsys, question, read)


# -- training words ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been no training at all, and "instruction-tune" not understood
        ("instruction-tune llama 8b on 20k examples", "Understood: Llama 3.1 8B · LoRA fine-tuning · 20,000"),
        ("instruction tuning llama 8b, 20k examples", "Understood: Llama 3.1 8B · LoRA fine-tuning · 20,000"),
        ("ajuste por instruções do llama 8b com 20 mil exemplos", "ajuste fino com LoRA · 20.000 exemplos"),
        ("afinação por instruções do llama 8b com 20 mil exemplos", "Percebi: Llama 3.1 8B · ajuste fino"),
    ],
)
def test_instruction_tuning_is_a_fine_tune(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: corpus"
        (
            "continue pretraining llama 8b on our legal corpus of 2B tokens",
            "continued pre-training · 2B training",
        ),
        (
            "continuar o pré-treinamento do llama 8b com 2 bilhões de tokens do nosso corpus",
            "pré-treino contínuo · 2 bi tokens de treino",
        ),
    ],
)
def test_a_corpus_is_the_training_text(capsys, question, read):
    _reads(capsys, question, read)


# -- English words only English writes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been answered in Portuguese
        ("llama 70b fp8 weights, fp8 kv cache", "Understood: Llama 3.1 70B · FP8 (8-bit) · KV cache in FP8"),
    ],
)
def test_english_only_words_get_an_english_answer(capsys, question, read):
    _reads(capsys, question, read)


# -- speed, latency and load as engineers write them -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # "tok/s/" had been taken for folders of a path, and the 30 for 30 users (50 with the 20 said)
        ("llama 70b, 30 tokens/s/user, 20 users", "20 concurrent users · ≥ 30 tokens/s per user"),
        ("llama 70b, 30 tok/s/user", "≥ 30 tokens/s"),
        ("llama 70b, 50 tps/user", "≥ 50 tokens/s"),
    ],
)
def test_a_speed_per_user_after_a_slash_is_each_users_speed(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "30 concurrent" not in lines[0] and "30 usuários" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: 2s" and no target
        ("llama 70b, latency SLA of 2s", "Understood: Llama 3.1 70B · first token ≤ 2.0 s"),
        ("llama 70b, latency SLA 2 s", "first token ≤ 2.0 s"),
        ("llama 70b, p95 latency SLO of 800 ms, 20 users", "p95 · first token ≤ 0.8 s"),
        ("llama 70b com SLA de latência de 1 s para 30 usuários", "primeiro token ≤ 1,0 s"),
    ],
)
def test_a_latency_sla_is_a_latency_target(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been refused, in Portuguese, as a contradiction of the two rates
        ("llama 8b, 20 rps sustained, 60 rps burst", "Understood: Llama 3.1 8B · 60 requests/s"),
        ("llama 8b, sustained 20 rps, bursts of 60 rps", "Understood: Llama 3.1 8B · 60 requests/s"),
        ("llama 8b, 10 req/s sustentado e 40 req/s no pico", "Entendi: Llama 3.1 8B · 40 requisições/s"),
    ],
)
def test_a_sustained_rate_beside_its_burst_sizes_the_burst(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: utilisation, 60"
        ("llama 70b, utilisation target 60%", "cost at 60% utilization"),
        ("llama 70b para 100 usuários, utilização alvo de 70%", "custo a 70% de utilização"),
        # had been "Not understood: optimised"
        ("llama 70b optimised for latency, 20 users", "20 concurrent users · fast answers"),
        ("llama 70b optimized for latency", "Understood: Llama 3.1 70B · fast answers"),
        ("llama 70b optimised for throughput", "Understood: Llama 3.1 70B"),
        (
            "llama 8b, we need to finetune on our organisation's data, 10k examples",
            "10,000 training examples",
        ),
    ],
)
def test_uk_and_us_spellings_are_read_alike(capsys, question, read):
    _reads(capsys, question, read)


# -- now and later: a quarter is a date, never a file ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been a GGUF Q3_K_M file and prompts of 200 tokens
        (
            "llama 8b, 20 users now and 200 in Q3",
            "Understood: Llama 3.1 8B · 200 concurrent users · production",
        ),
        ("llama 8b, 20 users now, 200 in the third quarter", "200 concurrent users · production"),
        ("llama 8b, 20 users now and 200 by Q3", "200 concurrent users · production"),
        # had been "Não entendi: 200"
        ("llama 8b, 20 usuários agora e 200 no terceiro trimestre", "200 usuários simultâneos · produção"),
        (
            "llama 8b, 20 utilizadores agora e 200 no 3º trimestre",
            "200 utilizadores em simultâneo · produção",
        ),
    ],
)
def test_a_count_for_a_later_quarter_is_the_phase_to_size(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "GGUF" not in lines[0] and "prompts of 200" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("llama 8b in q4", "INT4"),  # a 4-bit file where no count is before it
        ("llama 8b em q4 para 10 usuários", "INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos"),
    ],
)
def test_a_q_with_no_count_before_it_stays_a_4_bit_file(capsys, question, read):
    _reads(capsys, question, read)


# -- European Portuguese ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não percebi: 300, dos quais 30 em"
        (
            "o modelo vai ser usado por uns 300 colaboradores, dos quais 30 em simultâneo, llama 8b",
            "Percebi: Llama 3.1 8B · 30 utilizadores em simultâneo · 300 pessoas",
        ),
        ("2000 employees, of whom 300 concurrently, llama 8b", "300 concurrent users · 2,000 people"),
        # had been "Não percebi: toda"
        ("llama 8b para a equipa toda, somos 40", "Percebi: Llama 3.1 8B · 40 utilizadores em simultâneo"),
    ],
)
def test_people_at_once_among_a_head_count_in_portugal(capsys, question, read):
    _reads(capsys, question, read)


def test_a_subgroup_named_by_its_trade_stays_a_part_of_the_people(capsys):
    lines = _reads(capsys, "llama 8b, 8 mil funcionários, dos quais 2 mil caixas", "8.000 pessoas")
    assert any("como uma parte das 8.000 pessoas" in line for line in lines), lines


# -- a buyer's and an engineer's words --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: rate"
        ("we're evaluating qwen 2.5 72b for ~300 seats, what's the monthly run rate?", "300 people · cost"),
        # had been "Not understood: spin, hackathon"
        ("spin up llama 8b for a hackathon, 50 devs, 2 days", "inference · 50 concurrent users · for 2 days"),
        # had been "Not understood: hitting, concurrently"
        ("we'll have ~150 agents hitting it concurrently, qwen 32b", "Qwen2.5 32B · 150 concurrent users"),
        # had been "Not understood: aggregate"
        ("llama 8b, throughput of 5k tok/s aggregate", "Understood: Llama 3.1 8B · 10 requests/s"),
        # had been answered in Portuguese
        (
            "llama 8b, prompts avg 2k tokens, outputs avg 300 tokens, 10 rps",
            "Understood: Llama 3.1 8B · prompts of 2,000 tokens · answers of 300 tokens · 10 requests/s",
        ),
    ],
)
def test_a_buyers_and_an_engineers_words(capsys, question, read):
    _reads(capsys, question, read)


# -- training words, as ML engineers write them -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been refused: "distil" (one l) read as part of a model's name, "5B" as a second model
        (
            "distil llama 70b into llama 8b",
            "Understood: Llama 3.1 8B · full fine-tuning · distilled from Llama 3.1 70B",
        ),
        (
            "we want to distil qwen 72b into qwen 7b on 50k examples",
            "distilled from Qwen2.5 72B · 50,000 training",
        ),
        (
            "continue pre-training qwen 7b on our 5B-token corpus",
            "continued pre-training · 5B training tokens",
        ),
        (
            "continue pretraining qwen 7b on a 500M-token corpus",
            "continued pre-training · 500M training tokens",
        ),
    ],
)
def test_a_british_distil_and_a_hyphenated_token_count_are_read(capsys, question, read):
    _reads(capsys, question, read)


def test_a_deepseek_distil_model_keeps_its_name(capsys):
    _reads(capsys, "deepseek r1 distil qwen 32b for 10 users", "DeepSeek R1 Distill Qwen 32B · 10 concurrent")


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: double, paged, optimizers"
        (
            "QLoRA with double quantization and paged optimizers, llama 70b",
            "NF4 (bitsandbytes) · QLoRA fine-tuning",
        ),
        # had been "Not understood: only", "targeting", "domain-adaptive", "5k, traces"
        ("LoRA on q_proj and v_proj only, llama 8b", "Understood: Llama 3.1 8B · LoRA fine-tuning"),
        ("LoRA targeting all linear layers with rank 64, llama 70b", "LoRA fine-tuning · LoRA rank 64"),
        (
            "domain-adaptive pretraining of mistral 7b on 1B tokens",
            "continued pre-training · 1B training tokens",
        ),
        ("fine-tune qwen 7b for tool use on 5k traces", "LoRA fine-tuning · 5,000 training examples"),
    ],
)
def test_training_settings_as_engineers_name_them(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    "question",
    [
        # had been refused as two request rates that contradict each other
        "llama 8b, 12M tokens/day in, 2M tokens/day out",
        "llama 8b, 12M input tokens/day, 2M output tokens/day",
    ],
)
def test_tokens_in_and_out_a_day_make_the_prompts_and_the_rate(capsys, question):
    _reads(capsys, question, "Understood: Llama 3.1 8B · prompts of 3,000 tokens · 4,000 requests a day")


def test_tokens_a_day_in_production_stay_the_whole_volume(capsys):
    _reads(capsys, "llama 8b, 2M tokens per day in production", "1,333 requests a day · production")


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Not understood: growth, 2x" (or "growing"): "in a year" was taken as when, alone
        ("llama 70b, 50 users, growth of 2x in a year", "Understood: Llama 3.1 70B · 100 concurrent users"),
        ("llama 70b, 50 users, growing 2x in a year", "100 concurrent users"),
        ("llama 70b, 50 users, 2x growth in a year", "100 concurrent users"),
        ("llama 70b, 50 usuários, crescendo 50% em um ano", "75 usuários simultâneos"),
    ],
)
def test_growth_with_its_horizon_sizes_the_grown_load_and_says_todays(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert any(
        line.startswith(("Read “", "Li “")) and ("growth" in line or "crescimento" in line) for line in lines
    ), lines


def test_a_count_next_year_stays_the_count_to_size(capsys):
    _reads(
        capsys,
        "if we grow to 500 users next year, llama 8b",
        "Understood: Llama 3.1 8B · 500 concurrent users",
    )


# -- more counts in words -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "1× A100 SXM 80 GB": "a hundred" became "a 100"
        ("llama 8b for a hundred or so users", "Understood: Llama 3.1 8B · 100 concurrent users"),
        ("llama 8b for 100 or so users", "Understood: Llama 3.1 8B · 100 concurrent users"),
        ("llama 8b for 100-odd users", "100 concurrent users"),
        ("llama 8b for a hundred and fifty users", "150 concurrent users"),
        # had been 12 users: the digits before the dozen dropped
        ("llama 8b for 3 dozen users", "36 concurrent users"),
        # had been a 10,000-token context, and 2k context
        ("llama 8b for 10K+ users", "Understood: Llama 3.1 8B · 10,000 people"),
        ("llama 8b for 2k+ employees", "Understood: Llama 3.1 8B · 2,000 people"),
        # had been "Not understood: upwards", "north"
        ("llama 8b for upwards of 300 users", "300 concurrent users"),
        ("llama 8b for north of 1k users", "1,000 people"),
        # had been a million
        ("llama 8b, quarter of a million requests a month", "250,000 requests a month"),
    ],
)
def test_more_counts_as_english_says_them(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "A100" not in lines[0] and "context" not in lines[0], lines


def test_a_gpu_named_a100_stays_a_gpu(capsys):
    _reads(capsys, "llama 8b on an a100 for 10 users", "10 concurrent users · 1× A100 SXM 80 GB")


# -- an engineer's shorthand ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been 215 users: "req/hr/" taken for a path's folders, the 15 for users
        ("llama 8b, 200 users, 15 req/hr/user", "200 people · 15 requests per person per hour"),
        # had been "Not understood: 150"
        ("rough sizing for llama 70b, 2k DAU, peak concurrency ~150", "150 concurrent users · 2,000 people"),
        ("llama 8b, concorrência de uns 40", "Entendi: Llama 3.1 8B · 40 usuários simultâneos"),
        # had been "Not understood: TPOT", "goodput, SLO", "HIPAA-compliant", "napkin", "back-of-the-envelope"
        ("what's the TPOT for llama 70b on 4x L40S?", "Understood: Llama 3.1 70B · 4× L40S 48 GB"),
        ("llama 70b, goodput at 2s TTFT SLO", "Understood: Llama 3.1 70B · first token ≤ 2.0 s"),
        ("we need HIPAA-compliant hosting for llama 70b", "Understood: Llama 3.1 70B"),
        ("napkin math for serving llama 70b to 5k users?", "inference · 5,000 people"),
        ("back-of-the-envelope for llama 8b at 100 QPS", "Understood: Llama 3.1 8B · 100 requests/s"),
    ],
)
def test_an_engineers_shorthand(capsys, question, read):
    _reads(capsys, question, read)


def test_tpot_asked_alone_is_still_explained(capsys):
    assert gpu_size(["what is TPOT?"]) == 0
    assert "time per output token" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: headcount, 3,500", a 3,500-token context, and "1,200-strong, workforce"
        ("we have a headcount of 3,500, llama 70b", "Understood: Llama 3.1 70B · 3,500 people"),
        ("llama 70b, 3.5k headcount, 10% at peak", "3,500 people · 10% active at once"),
        ("llama 8b for a 1,200-strong workforce", "Understood: Llama 3.1 8B · 1,200 people"),
    ],
)
def test_hrs_words_for_the_people_are_a_head_count(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "context" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: mixed", "GPU-hours", "throughput-oriented", "preferências", "mista"
        (
            "fine-tune llama 8b with flash attention 2 and bf16 mixed precision",
            "BF16/FP16 (16-bit) · full fine-tuning",
        ),
        (
            "treino do llama 8b em precisão mista bf16, 10 mil exemplos",
            "BF16/FP16 (16-bit) · ajuste fino com LoRA",
        ),
        ("continued pretraining: llama 8b, 20B tokens, how many GPU-hours?", "20B training tokens"),
        (
            "llama 70b, throughput-oriented batch job, 1M docs overnight",
            "a batch of 1,000,000 requests in 8 hours",
        ),
        (
            "fazer SFT e depois DPO no qwen 7b com 10 mil pares de preferências",
            "10.000 pares de preferência · DPO",
        ),
    ],
)
def test_training_and_batch_words_the_answer_already_states(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("serve llama 3.3 70b on at least 8 gpus for 20 users", "20 concurrent users · 8 GPUs"),
        ("serve llama 3.3 70b for at least 20 users", "20 concurrent users"),
        ("llama 3.3 70b with at least 2 replicas for 20 users", "20 concurrent users · 2 replicas"),
    ],
)
def test_at_least_before_a_count_reads_the_count(capsys, question, read):
    # "least" had been "Not understood" ("pelo menos" and "no mínimo" were read)
    _reads(capsys, question, read)
