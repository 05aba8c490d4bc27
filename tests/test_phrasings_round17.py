"""Questions as people type them in Slack, seventeenth round (2026-12-07): how customers really ask. A precision
ruled out ("sem 4 bits", "no 4-bit please") sizes the lightest one left and says so; small vague counts ("a
handful of users") are the least they say; "is 70b overkill? would 8b do?" compares the two; agent traces a day
are requests; "size for our current 40 rps" sizes today's load beside a growth; a quarter ("by Q3 2027") is a
date, never a GGUF file. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a precision ruled out ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been 16-bit: the customer ruled out 4-bit, not 8-bit
        (
            "llama 70b sem 4 bits para 20 usuários",
            "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos",
            "Li “sem 4 bits” como essa precisão descartada: dimensiono em FP8 (8-bit)",
        ),
        # each had been sized in the very 4-bit ruled out
        (
            "llama 70b, não quero 4-bit, 20 usuários",
            "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos",
            "Li “não quero 4-bit” como essa precisão descartada",
        ),
        (
            "llama 70b for 20 users, no 4-bit please",
            "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users",
            "Read “no 4-bit” as that precision ruled out: sized at FP8 (8-bit), the lightest one left",
        ),
        (
            "llama 70b for 20 users, no 4-bit",
            "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users",
            "Read “no 4-bit” as that precision ruled out",
        ),
        (
            "qwen 32b, nada de gptq, 10 usuários",
            "Entendi: Qwen2.5 32B · FP8 (8-bit) · 10 usuários simultâneos",
            "Li “nada de gptq” como essa precisão descartada",
        ),
        (
            "llama 70b without awq, 20 users",
            "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users",
            "Read “without awq” as that precision ruled out",
        ),
        # 8-bit ruled out: the weights as released; 16-bit ruled out: 8-bit
        (
            "llama 70b sem fp8 para 20 usuários",
            "Entendi: Llama 3.1 70B · BF16/FP16 (16-bit) · 20 usuários simultâneos",
            "dimensiono em BF16/FP16 (16-bit), a mais leve que sobra",
        ),
        (
            "llama 70b for 20 users, avoid bf16",
            "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users",
            "Read “avoid bf16” as that precision ruled out",
        ),
    ],
)
def test_a_precision_ruled_out_sizes_the_lightest_one_left_and_says_so(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_a_gpu_that_runs_no_fp8_sizes_16_bit_and_says_why(capsys):
    question, read = "llama 8b on a T4, no 4-bit please", "Understood: Llama 3.1 8B · BF16/FP16 (16-bit)"
    _reads(capsys, question, read, "as the T4 16 GB runs no 8-bit FP8")


def test_the_precision_said_beside_one_ruled_out_is_the_one_sized(capsys):
    lines = _reads(capsys, "llama 70b sem 4 bits, em bf16, 20 usuários", "BF16/FP16 (16-bit) · 20 usuários")
    assert not any("descartada" in line for line in lines), lines


def test_no_in_portuguese_is_still_at_that_precision(capsys):
    _reads(capsys, "llama 70b no fp8 para 20 usuários", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários")


def test_a_precision_ruled_out_weighs_what_it_says(capsys):
    # 70.6B parameters at 8 bits, not 16 (141 GB) nor 4 (~40 GB)
    out = answer(capsys, "llama 70b for 20 users, no 4-bit please")
    weights = next(line for line in out.splitlines() if line.strip().startswith("Weights"))
    assert "× 8." in weights and "141" not in weights, weights


# -- small counts said vaguely ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "Not understood" and one user sized
        ("llama 8b for a handful of users", "3 concurrent users", "I read “a handful” as 3, the least"),
        ("llama 8b para um punhado de usuários", "3 usuários simultâneos", "Li “um punhado” como 3"),
        ("llama 8b for a few users", "3 concurrent users", "I read “a few” as 3"),
        ("llama 8b for several developers", "3 concurrent users", "I read “several” as 3"),
        ("llama 8b para poucos usuários", "3 usuários simultâneos", "Li “poucos” como 3"),
        ("llama 8b para alguns usuários", "3 usuários simultâneos", "Li “alguns” como 3"),
        (
            "llama 8b para uma mão-cheia de utilizadores",
            "3 utilizadores em simultâneo",
            "Li “uma mão-cheia” como 3",
        ),
    ],
)
def test_a_small_vague_count_is_the_least_it_says_and_said_so(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_half_a_dozen_people_is_six(capsys):
    _reads(capsys, "llama 8b para meia dúzia de pessoas", "Entendi: Llama 3.1 8B · 6 usuários simultâneos")


def test_a_vague_word_before_no_people_counts_nothing(capsys):
    lines = answer(capsys, "quero testar alguns modelos, llama 8b para 5 usuários").splitlines()
    assert "5 usuários simultâneos" in lines[0], lines


# -- a model said too big, a smaller one offered ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been refused as two models that contradict each other
        (
            "is llama 70b overkill for 20 users? would 8b do?",
            "Understood: Llama 3.1 70B or Llama 3.1 8B · 20 concurrent",
        ),
        ("70b é exagero? o 8b dá conta?", "Entendi: Llama 3.1 70B ou Llama 3.1 8B"),
        (
            "llama 70b é exagero pra 20 usuários? será que o llama 8b resolve?",
            "Entendi: Llama 3.1 70B ou Llama 3.1 8B · 20 usuários simultâneos",
        ),
        (
            "is qwen 72b overkill for our support bot, 30 agents? could qwen 32b handle it?",
            "Understood: Qwen2.5 72B or Qwen2.5 32B · 30 concurrent users",
        ),
    ],
)
def test_overkill_and_a_smaller_model_compares_the_two(capsys, question, read):
    _reads(capsys, question, read)


def test_the_comparison_answers_with_both_models_sized(capsys):
    out = answer(capsys, "is llama 70b overkill for 20 users? would 8b do?")
    assert "contradicts" not in out
    assert "Llama 3.1 70B" in out.split("Understood:", 1)[1].split("\n\n", 1)[1], out
    assert "Llama 3.1 8B" in out.split("Understood:", 1)[1].split("\n\n", 1)[1], out


# -- an agent's runs a day ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been 2,000 people and a term of one day
        ("llama 8b, 2k agent traces a day", "Understood: Llama 3.1 8B · 2,000 requests a day"),
        ("llama 8b, 2k traces/day", "Understood: Llama 3.1 8B · 2,000 requests a day"),
        ("llama 8b, 500 agent runs per hour", "Understood: Llama 3.1 8B · 500 requests/h"),
        ("llama 8b, 300 jobs por dia", "Entendi: Llama 3.1 8B · 300 requisições por dia"),
        ("llama 8b, mil execuções do agente por dia", "Entendi: Llama 3.1 8B · 1.000 requisições por dia"),
    ],
)
def test_runs_traces_and_jobs_a_day_are_requests_a_day(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "people" not in lines[0] and "pessoas" not in lines[0], lines


def test_traces_to_train_on_stay_training_examples(capsys):
    _reads(
        capsys, "fine-tune qwen 7b for tool use on 5k traces", "LoRA fine-tuning · 5,000 training examples"
    )


# -- today's load asked for beside a growth ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been sized for 80 rps, the grown load
        (
            "traffic will double next quarter, size for our current 40 rps, llama 8b",
            "Understood: Llama 3.1 8B · 40 requests/s",
            "Read “traffic will double next quarter” as growth, and sized for today's load, as asked",
        ),
        (
            "llama 8b, 40 rps today, traffic will double next quarter, size for current load",
            "Understood: Llama 3.1 8B · 40 requests/s",
            "the load after it (2× today's) is in the notes",
        ),
        (
            "llama 8b, 40 rps, o tráfego deve dobrar no próximo trimestre, dimensionar para o tráfego atual",
            "Entendi: Llama 3.1 8B · 40 requisições/s",
            "e dimensiono a carga de hoje, como pedido",
        ),
    ],
)
def test_size_for_current_sizes_todays_load_with_the_growth_in_the_notes(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_the_grown_load_is_said_in_a_note(capsys):
    out = answer(capsys, "llama 8b, 40 rps today, traffic will double next quarter, size for current load")
    assert "After the growth (2× today's load):" in out, out
    assert "40 requests/s at the peak" in out, out


def test_a_growth_alone_still_sizes_the_grown_load(capsys):
    _reads(
        capsys,
        "llama 8b, 40 rps, traffic will double next quarter",
        "Understood: Llama 3.1 8B · 80 requests/s",
    )


# -- a quarter is a date ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been a Q3_K_M file and a 2,027-token context
        ("llama 8b, 20 users in Q3 2027", "Understood: Llama 3.1 8B · 20 concurrent users"),
        # had been a Q3_K_M file
        ("llama 8b para 20 usuários até o Q3", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b para 20 usuários no Q3 de 2027", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b, 20 users by the Q3", "Understood: Llama 3.1 8B · 20 concurrent users"),
        ("In Q3 we expect 200 users, llama 8b", "Understood: Llama 3.1 8B · 200 concurrent users"),
        ("llama 8b. In Q3 we expect 200 users", "Understood: Llama 3.1 8B · 200 concurrent users"),
        # had been refused as a second model, "Q3/2027"
        (
            "vamos lançar em Q3/2027 com 200 usuários, llama 8b",
            "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
        ),
        ("llama 8b para 20 usuários no 3º trimestre", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
    ],
)
def test_a_quarter_in_any_place_is_a_date(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "GGUF" not in lines[0] and "context" not in lines[0] and "contexto" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("llama 8b q3_k_m para 20 usuários", "GGUF Q3_K_M · 20 usuários simultâneos"),
        ("llama 8b q3 for 10 users", "GGUF Q3_K_M · 10 concurrent users"),
        ("run llama 70b in q3 for 10 users", "GGUF Q3_K_M"),
        ("llama 8b in q4", "INT4"),
    ],
)
def test_a_quant_named_after_the_model_stays_a_file(capsys, question, read):
    _reads(capsys, question, read)


# -- schedules as Slack writes them -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # "9-5" had been "Not understood", "9 to 5" and "from 9 to 6" dropped without a word
        ("llama 8b for 20 users, 9 to 5", "20 concurrent users · 8 h a day"),
        ("llama 8b for 20 users 9-5", "20 concurrent users · 8 h a day"),
        ("llama 8b, 20 users from 9 to 6", "20 concurrent users · 9 h a day"),
        ("llama 8b, 20 users, mon-fri 9-5", "20 usuários simultâneos · 8 h por dia em dias úteis"),
        # had been "Not understood: during, workday"
        ("llama 8b, 20 users during the workday", "20 concurrent users · business hours"),
        # had been a rental term of 7 days and "Não entendi: semana"
        ("llama 8b, 20 usuários, 24h por dia, 7 dias por semana", "20 usuários simultâneos · 24/7"),
        ("llama 8b, 20 users, 24 hours a day, 7 days a week", "20 concurrent users · 24/7"),
        ("llama 8b, 20 usuários, 24 por 7", "20 usuários simultâneos · 24/7"),
        # had been "Not understood: only"
        ("llama 8b for 20 users, business hours only", "20 concurrent users · business hours"),
        ("llama 8b, 20 users, weekdays only", "20 concurrent users · 24 h a day on weekdays"),
        # had been "Not understood: round, clock" and "24x7x365"
        ("llama 8b for 20 users round the clock", "20 concurrent users · 24/7"),
        ("llama 8b, 20 usuários, 24x7x365", "20 usuários simultâneos · 24/7"),
    ],
)
def test_schedules_in_shorthand(capsys, question, read):
    _reads(capsys, question, read)


def test_nine_to_five_people_stay_people(capsys):
    lines = _reads(capsys, "llama 8b for 5-9 users", "9 concurrent users")
    assert "business hours" not in lines[0], lines


# -- counts, speeds and contexts in shorthand ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi" and no users, or no speed
        ("llama 8b, 20 cc users", "Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 70b, fp8, 32k ctx, 50 conc", "FP8 (8-bit) · 32k de contexto · 50 usuários simultâneos"),
        ("llama 8b, 50 tk/s", "Llama 3.1 8B · ≥ 50 tokens/s por usuário"),
        ("llama 8b, 20 users, 128k ctx window", "128k context · 20 concurrent users"),
        ("llama 8b for 10ish users", "Understood: Llama 3.1 8B · 10 concurrent users"),
        ("llama 8b for 20-ish users", "Understood: Llama 3.1 8B · 20 concurrent users"),
        ("llama 8b for at least 20 users", "Understood: Llama 3.1 8B · 20 concurrent users"),
        ("llama 8b, 20 users tops", "Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b, 20 users, thx", "Llama 3.1 8B · 20 usuários simultâneos"),
        # had been split into two questions, "uns 10" and "poucos usuários"
        ("llama 8b para uns 10 e poucos usuários", "Entendi: Llama 3.1 8B · 10 usuários simultâneos"),
        # had been 100 people at once and "Not understood: ten" ("once" after "1 in 10 active at")
        ("llama 70b, 100 users, one in ten at a time", "100 people · 10% active at once"),
        ("llama 70b, 100 users, 1 in 10 active at once", "100 people · 10% active at once"),
    ],
)
def test_shorthand_counts_speeds_and_contexts(capsys, question, read):
    _reads(capsys, question, read)


# -- a rate and its peak --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been a day's volume of the average (432,000 requests a day) and "Não entendi: 20"
        ("llama 8b, 5 req/s em média, pico de 20", "Entendi: Llama 3.1 8B · 20 requisições/s"),
        ("llama 8b, 5 rps avg, peak 20", "Understood: Llama 3.1 8B · 20 requests/s"),
        ("llama 8b, 5 rps on average, peaks of 20", "Understood: Llama 3.1 8B · 20 requests/s"),
        ("llama 8b, 100 req/min em média e picos de 300", "Entendi: Llama 3.1 8B · 300 requisições/min"),
        # had been refused as two rates that contradict each other
        ("llama 8b, 10 rps, bursts of 40 rps", "Understood: Llama 3.1 8B · 40 requests/s"),
        ("llama 8b, 10 rps, bursts of 40", "Understood: Llama 3.1 8B · 40 requests/s"),
    ],
)
def test_a_peak_after_a_rate_is_in_its_unit_and_sized(capsys, question, read):
    _reads(capsys, question, read)


def test_a_peak_as_a_multiple_stays_a_multiple(capsys):
    _reads(capsys, "llama 8b, 5 req/s, pico de 3x", "5,0 requisições/s · pico de 3× a média")


def test_a_clock_span_before_gpus_is_no_schedule(capsys):
    lines = _reads(capsys, "llama 70b em 8-4 gpus", "Entendi: Llama 3.1 70B · 4 GPUs")
    assert "por dia" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não entendi: manhã"
        ("llama 8b, 20 usuários, 24/7 com picos de manhã", "20 usuários simultâneos · 24/7"),
        # each had been "Not understood" (a customer, a ctx typo, a glued key, "gigs")
        (
            "cust wants llama 70b for ~200 seats, what do we quote?",
            "Understood: Llama 3.1 70B · 200 people · cost",
        ),
        ("llama 70b for 50 ppl, 16k ctxt", "Understood: Llama 3.1 70B · 16k context · 50 concurrent users"),
        ("llama70b 50users 16kctx", "Llama 3.1 70B · 16k de contexto · 50 usuários simultâneos"),
        ("does llama 70b fit in 80 gigs?", "Understood: Llama 3.1 70B · 1× A100 SXM 80 GB"),
        # "MVP", "staging": a trial before production
        ("llama 70b pra um MVP", "Entendi: Llama 3.1 70B · avaliação"),
        ("llama 70b em staging, 5 users", "5 usuários simultâneos · avaliação"),
    ],
)
def test_more_words_of_sales_and_engineering(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been the whole team at once and the count "not understood"
        (
            "llama 70b para a equipa de 30 pessoas, em simultâneo uns 10",
            "Percebi: Llama 3.1 70B · 10 utilizadores em simultâneo · 30 pessoas",
        ),
        ("llama 70b para 30 pessoas, ao mesmo tempo uns 10", "10 usuários simultâneos · 30 pessoas"),
        ("llama 70b for 30 people, concurrently maybe 10", "10 concurrent users · 30 people"),
        ("llama 70b for 30 people, at once about 10", "10 concurrent users · 30 people"),
    ],
)
def test_at_once_said_before_its_count_is_the_people_at_once(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Not understood: yr", "commit", "fidelidade", "air-gapped", "openai-compatible"
        # English since audit6 ("reserved" is an English marker)
        ("llama 8b, 20 users, reserved 1 yr", "reserved capacity · for 1 year"),
        ("llama 8b, 20 users, 12-month commit", "20 concurrent users · reserved capacity · for 12 months"),
        (
            "llama 8b, 20 usuários, fidelidade de 1 ano",
            "20 usuários simultâneos · capacidade reservada · por 1 ano",
        ),
        ("llama 8b, 20 users, air-gapped", "Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b, 20 users, openai-compatible endpoint", "Llama 3.1 8B · 20 usuários simultâneos"),
    ],
)
def test_contract_and_hosting_words(capsys, question, read):
    _reads(capsys, question, read)


# -- lengths, chunks and adapters as engineers write them ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been 8,000 people and prompts of 20 tokens (the "~" made "users, ~8k" a count after its noun)
        (
            "llama 8b, 20 users, ~8k in / 1k out",
            "20 concurrent users · prompts of 8,000 tokens · answers of 1,000 tokens",
        ),
        # had been a 1,500-token context and 300 users
        (
            "llama 8b, in: 1.5k, out: 300",
            "Understood: Llama 3.1 8B · prompts of 1,500 tokens · answers of 300",
        ),
        ("llama 8b, 20 users, in=2k out=500", "prompts de 2.000 tokens · respostas de 500 tokens"),
        # had been a 512-token context
        ("llama 8b, 20 users, RAG w/ 5 chunks of 512", "20 concurrent users · prompts of 2,560 tokens"),
        (
            "llama 8b, 20 usuários, rag com 5 chunks de 512",
            "20 usuários simultâneos · prompts de 2.560 tokens",
        ),
        # had been a LoRA fine-tune
        (
            "llama 8b, 20 users, with 3 LoRA adapters",
            "Understood: Llama 3.1 8B · 20 concurrent users · 3 LoRA adapters",
        ),
        # had been "Not understood: 10, turns, convo" and "multi-turn", "streaming"
        ("llama 8b, 20 users, 10 turns per convo", "20 concurrent users · 10 messages per conversation"),
        ("llama 8b, 20 users, convos of 10 msgs", "20 concurrent users · 10 messages per conversation"),
        ("llama 8b, 20 users, multi-turn", "Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b, 20 users, streaming", "Understood: Llama 3.1 8B · 20 concurrent users"),
    ],
)
def test_lengths_chunks_and_adapters_in_shorthand(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "context" not in lines[0] and "contexto" not in lines[0] and "fine-tuning" not in lines[0], lines


def test_adapters_trained_stay_a_training(capsys):
    _reads(capsys, "treinar 3 loras no llama 8b", "Entendi: Llama 3.1 8B · ajuste fino com LoRA")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 70b for 20 users, no 4-bit please", "Read “no 4-bit” as that precision ruled out"),
        (
            "traffic will double next quarter, size for our current 40 rps, llama 8b",
            "sized for today's load, as asked",
        ),
        ("llama 8b para um punhado de usuários", "Li “um punhado” como 3"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been INT4, a contradiction of two precisions, or a word not understood
        (
            "llama 70b, não quero quantização 4-bit, 20 usuários",
            "FP8 (8-bit) · 20 usuários simultâneos",
            "Li “não quero quantização 4-bit” como essa precisão descartada",
        ),
        (
            "llama 70b, no int4 and no fp8, 20 users",
            "BF16/FP16 (16-bit) · 20 concurrent users",
            "Read “no int4 and no fp8” as that precision ruled out",
        ),
        ("llama 70b sem awq nem gptq", "Entendi: Llama 3.1 70B · FP8 (8-bit)", "Li “sem awq nem gptq”"),
        (
            "llama 70b for 20 users, 4-bit is a no-go",
            "FP8 (8-bit) · 20 concurrent users",
            "Read “4-bit is a no-go” as that precision ruled out",
        ),
        ("llama 70b, 20 usuários, 4 bits não", "FP8 (8-bit) · 20 usuários simultâneos", "Li “4 bits não”"),
        ("llama 70b, fp8 não, 20 usuários", "BF16/FP16 (16-bit) · 20 usuários", "Li “fp8 não”"),
        (
            "llama 70b, 20 users, no quantization below 8 bits",
            "FP8 (8-bit) · 20 concurrent users",
            "Read “no quantization below 8 bits” as that precision ruled out",
        ),
    ],
)
def test_a_precision_ruled_out_in_more_ways(capsys, question, read, said):
    _reads(capsys, question, read, said)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a question whether it fits at a precision rules nothing out
        ("o llama 70b em 4 bits não cabe numa L40S?", "INT4 (AWQ/GPTQ g128) · 1× L40S 48 GB"),
        ("llama 70b não roda em fp8?", "Entendi: Llama 3.1 70B · FP8 (8-bit)"),
        # the precision said is sized, the other ruled out beside it
        ("llama 70b, 4 bits, não 8 bits", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
    ],
)
def test_a_negation_that_rules_out_no_precision(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("descartada" in line for line in lines), lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been refused as two models, or left a word not understood
        ("isn't llama 70b overkill? what about llama 8b?", "Understood: Llama 3.1 70B or Llama 3.1 8B"),
        ("is 70b too big for us? maybe 8b?", "Understood: Llama 3.1 70B or Llama 3.1 8B"),
        (
            "do we really need 70b or would 8b be enough for 20 users?",
            "Understood: Llama 3.1 70B or Llama 3.1 8B · 20 concurrent users",
        ),
        (
            "qwen 72b é demais pra 15 pessoas, será que o qwen 32b dá conta?",
            "Entendi: Qwen2.5 72B ou Qwen2.5 32B · 15 usuários simultâneos",
        ),
        ("é muito grande o 70b pro nosso caso, o 8b daria conta?", "Entendi: Llama 3.1 70B ou Llama 3.1 8B"),
    ],
)
def test_a_bigger_model_doubted_and_a_smaller_one_offered_are_compared(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been a 2,027-token context and "Not understood: launching, Q1"
        ("llama 8b, launching Q1 2027 with 50 users", "Understood: Llama 3.1 8B · 50 concurrent users"),
        # each had been a GGUF Q2_K or Q3_K_M file
        ("llama 8b, go-live in Q2, 50 users", "Understood: Llama 3.1 8B · 50 concurrent users"),
        ("llama 8b, 50 usuários a partir do Q2", "Entendi: Llama 3.1 8B · 50 usuários simultâneos"),
        ("llama 8b, 50 users starting Q3", "Llama 3.1 8B · 50 usuários simultâneos"),
        ("llama 8b, 50 users from Q3 onwards", "Llama 3.1 8B · 50 usuários simultâneos"),
        # had been refused as a second model, a 2-trillion one
        ("llama 8b, 50 usuários no 2T", "Entendi: Llama 3.1 8B · 50 usuários simultâneos"),
        ("llama 8b para 20 usuários até o 3T26", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
    ],
)
def test_a_quarter_that_starts_a_service_is_a_date(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "GGUF" not in lines[0] and "context" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("rodar o llama 70b em q3 pra 10 usuarios", "GGUF Q3_K_M"),
        ("llama 8b em q4 para 10 usuários", "INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos"),
        ("llama 8b, 2t tokens de treino", "2 tri tokens de treino"),
    ],
)
def test_a_file_or_a_trillion_after_the_model_stays_so(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been "Not understood: double, today's" (the quarter taken as a date, not the growth's horizon)
        (
            "we'll double by Q4, but size for today's 20 users, llama 8b",
            "Understood: Llama 3.1 8B · 20 concurrent users",
            "Read “double by Q4” as growth, and sized for today's load, as asked",
        ),
        (
            "llama 8b, 20 users, we'll double by Q4",
            "Understood: Llama 3.1 8B · 40 concurrent users",
            "Read “double by Q4” as growth: sized for the load after it",
        ),
        # had been "Não entendi: triplicar, ano, vem"
        (
            "llama 8b, 20 usuários hoje, vai triplicar no ano que vem, mas dimensiona pro de hoje",
            "Entendi: Llama 3.1 8B · 20 usuários simultâneos",
            "Li “triplicar no ano que vem” como crescimento, e dimensiono a carga de hoje, como pedido",
        ),
        (
            "llama 8b, 20 usuários, vai dobrar no ano que vem",
            "Entendi: Llama 3.1 8B · 40 usuários simultâneos",
            "Li “dobrar no ano que vem” como crescimento",
        ),
    ],
)
def test_growth_by_a_quarter_or_next_year(capsys, question, read, said):
    _reads(capsys, question, read, said)


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "Not understood: 3x, year" (or "anticipating, 50, growth") and today's load sized alone
        (
            "llama 3.1 8b for 50 users, expect 3x next year",
            "Understood: Llama 3.1 8B · 150 concurrent users",
            "Read “expect 3x next year” as growth: sized for the load after it, 3× today's",
        ),
        (
            "llama 3.1 8b para 50 usuários, esperamos 2x em 6 meses",
            "Entendi: Llama 3.1 8B · 100 usuários simultâneos",
            "Li “esperamos 2x em 6 meses” como crescimento",
        ),
        (
            "qwen3 32b, 100 users, anticipating 50% growth by Q4",
            "Understood: Qwen3 32B · 150 concurrent users",
            "Read “anticipating 50% growth by Q4” as growth",
        ),
        (
            "qwen3 32b for 100 users, 2x growth by Q4",
            "Understood: Qwen3 32B · 200 concurrent users",
            "Read “2x growth by Q4” as growth",
        ),
    ],
)
def test_a_growth_expected_by_its_multiple(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_a_share_expected_at_the_peak_is_no_growth(capsys):
    # "we expect 30% at peak" is the share of the people using it at once, not a 30% growth
    _reads(capsys, "llama 8b for 200 employees, we expect 30% at peak", "200 people · 30% active at once")


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been "Not understood: small, team" (or "pequeno, time") and one user sized
        ("qwen3 32b for a small team of analysts", "Understood: Qwen3 32B · 3 people", "I read “a small team” as 3"),
        ("qwen3 32b para um pequeno time de analistas", "Entendi: Qwen3 32B · 3 pessoas", "Li “um pequeno time” como 3"),
        ("qwen3 32b para uma pequena equipe de pessoas", "3 usuários simultâneos", "Li “uma pequena equipe” como 3"),
    ],
)  # fmt: skip
def test_a_small_team_of_people_is_a_handful(capsys, question, read, said):
    _reads(capsys, question, read, said)
