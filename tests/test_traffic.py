"""Production sizing by traffic, latency and cost: a request rate (or a head-count, or a daily volume) and
latency targets in, copies of the model or a larger tensor-parallel setup out, with performance and cost
on every setup the answer shows."""

from __future__ import annotations

import json
import re
import shutil

import msgspec
import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing import performance
from sizing.catalog import DATA_DIR, load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import QueryError, parse
from sizing.traffic import replica
from sizing.workload import Intent, Stage, Workload
from tests.data_folders import priced_copy

from . import slack_requests as sr
from .slack_harness import serve
from .slack_harness import text_of as _text


def ask(**kw):
    return size(Workload.given(kw))


# -- Little's law and the choice of copies -------------------------------------------------------------


def test_conversations_in_flight_follow_littles_law():
    r = ask(model="8b", rate_per_s=5, prompt_tokens=1000, output_tokens=300)
    p = r.recommendation.performance
    # In flight = arrival rate x time each request holds a slot (first token, then the answer's tokens).
    holding = p.ttft_s + 300 * p.tpot_ms / 1000
    assert p.concurrency == pytest.approx(5 * holding, rel=0.02)
    assert p.output_tokens_per_s == pytest.approx(5 * 300, rel=1e-6)  # everything that arrives is answered
    assert r.workload.users == pytest.approx(p.concurrency, abs=1)  # the memory breakdown is for them


def test_ten_times_the_rate_takes_more_copies_not_more_tensor_parallelism():
    low = ask(model="8b", rate_per_s=5, prompt_tokens=1000, output_tokens=300).recommendation
    high = ask(model="8b", rate_per_s=50, prompt_tokens=1000, output_tokens=300)
    rec = high.recommendation
    assert low.tensor_parallel == rec.tensor_parallel == 1
    assert rec.replicas > low.replicas and rec.count == rec.replicas
    p = rec.performance
    assert p.meets_targets and p.utilization <= load_catalog().traffic.capacity.plan_utilization
    assert p.max_requests_per_s * 0.7 >= 50 > p.max_requests_per_s / rec.replicas * (rec.replicas - 1) * 0.7
    assert high.decided_by == "throughput" and "copies" not in high.decided  # pt-BR by default
    assert "cópias" in high.decided and "paralelismo de tensor" in high.decided


def test_many_users_of_a_small_model_get_copies_of_it():
    """'rodar llama 8b em producao pra 500 usuarios' once got tensor parallelism across 4 GPUs."""
    r = ask(model="8b", users=500, intent=Intent.production)
    rec = r.recommendation
    assert rec.tensor_parallel == 1 and rec.replicas == rec.count > 1
    assert rec.max_users >= 500 and r.decided_by == "memory"
    assert rec.performance.concurrency == pytest.approx(500, abs=rec.replicas)


def test_a_latency_target_the_smallest_setup_misses_takes_a_larger_tensor_parallel_one():
    r = ask(
        model="70b",
        precision="fp8",
        rate_per_s=0.5,
        prompt_tokens=8000,
        output_tokens=300,
        ttft_s=2,
        lang="en",
    )
    rec = r.recommendation
    assert rec.tensor_parallel > 1 and rec.replicas == 1
    assert r.decided_by == "latency" and r.decided.startswith("What decided: latency")
    assert rec.performance.ttft_s <= 2 and rec.performance.meets_targets


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b para 300 usuarios com 32k, primeiro token em até 1 s",
        "llama 3.1 8b para 300 usuários com 32k, primeira resposta em ate 1s",
        "llama 3.1 8b for 300 users with 32k context, time to first token under 1 s",
        "deepseek v3 para 200 usuarios com 16k, primeiro token em até 1,5 s",
        "llama 3.1 8b para 100 utilizadores com 8k, primeiro token em 0,2 s",
    ],
)
def test_a_first_token_target_met_unloaded_is_not_what_decided(text):
    # "llama 3.1 8b para 300 usuarios com 32k, primeiro token em até 1 s" had said "O que decidiu: latência.
    # 1× L40S 48 GB comporta o modelo, mas não cumpre as metas de latência nem sem carga", of an L40S that
    # reads the turn in ~0.15 s: the 300 conversations are more than the L40Ss we rent hold. The same
    # question without the target says memory, and gets the same GPUs.
    lang = parse(text).detected_lang
    with_target = size(parse(text).workload.but(lang=lang))
    without = size(parse(text.split(",")[0]).workload.but(lang=lang))
    assert with_target.decided_by == without.decided_by == "memory"
    assert with_target.decided.startswith(("O que decidiu: memória", "What decided: memory"))
    rec, plain = with_target.recommendation, without.recommendation
    assert (rec.gpu, rec.count, rec.replicas) == (plain.gpu, plain.count, plain.replicas)


def test_a_speed_missed_only_with_every_conversation_in_flight_is_latency_under_load():
    # 200 conversations of 4k fit one H200 (memory), but at 30 tokens/s each it takes two copies: this had
    # been "latência ... nem sem carga" of a smaller GPU that gives one conversation far more than 30 tokens/s.
    r = size(parse("llama 3.1 8b 200 usuarios 4k, 30 tokens/s por usuario").workload)
    rec = r.recommendation
    assert r.decided_by == "latency_load" and rec.replicas == 2 and rec.performance.meets_targets
    assert (
        r.decided.startswith("O que decidiu: latência sob carga. Uma configuração menor")
        and "nem sem carga" not in r.decided
    )
    en = size(parse("mistral 7b for 500 users, 4k context, 40 tokens/s each").workload.but(lang="en"))
    assert en.decided_by == "latency_load" and en.decided.startswith("What decided: latency under load.")
    # A target the smallest setup misses with one conversation is still latency, and the claim is true.
    slow = size(parse("llama 70b bf16 10 usuarios 8k primeiro token em 0,3 s").workload)
    assert slow.decided_by == "latency" and "2× A100 SXM 80 GB comporta o modelo" in slow.decided
    one = size(parse("llama 70b 1 usuario 8k em 2 a100").workload).requested.performance
    assert one.ttft_s > 0.3
    # A copy that just meets the first token unloaded (~1.9 s of 2 s) still serves a low rate: the rate decided.
    # (At 32k of context, 2× A100 now take ~2.0 s to read a turn's prompt over its history: past the edge.)
    rated = size(parse("235b 4bit 28k quanto custa por mês 3 req/s").workload)
    assert rated.decided_by == "throughput" and rated.decided.startswith("O que decidiu: vazão.")


@pytest.mark.parametrize(
    ("text", "ttft", "percentile"),
    [
        # the first token named after the percentile's time had been left "first" not understood
        ("qwen3 32b 100 rpm, p95 of 2 s first token", 2.0, 95),
        ("qwen3 32b 100 rpm, p95 of 2 s to the first token", 2.0, 95),
        ("qwen3 32b 100 rpm, p99 de 1 s pro primeiro token", 1.0, 99),
    ],
)
def test_a_percentiles_time_named_after_as_the_first_tokens(text, ttft, percentile):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and (w.ttft_s, w.e2e_s, w.latency_percentile) == (ttft, None, percentile)


@pytest.mark.parametrize(
    ("text", "e2e", "expected"),
    [
        # "latency budget 2s end to end" had been a budget of 2 (money) and "s", "end", "end" not understood.
        ("our peak is 50 rps with 1k input and 200 output tokens, latency budget 2s end to end, llama 3.1 8b", 2.0,
         {"rate_per_s": 50, "prompt_tokens": 1000, "output_tokens": 200}),
        ("llama 70b, latência ponta a ponta de até 4 s, respostas de 300 tokens", 4.0, {"output_tokens": 300}),
        ("qwen3 8b resposta completa em até 5 s", 5.0, {}),
        ("end-to-end latency under 3s for llama 8b, 20 users", 3.0, {"users": 20}),
        ("llama 8b e2e < 1500 ms", 1.5, {}),
        # a response time said for answers of a length had been a first-token target
        ("llama 3.1 8b, 20 usuários, tempo de resposta de 5 s para respostas de 400 tokens", 5.0,
         {"users": 20, "output_tokens": 400}),
        ("llama 3.1 8b, response time of 5s for 400-token answers, 20 users", 5.0, {"users": 20, "output_tokens": 400}),
        # a percentile's time said for the answer had been the first token's
        ("llama 8b 20 usuarios p95 de 2s pra resposta", 2.0, {"users": 20, "latency_percentile": 95}),
        ("llama 8b 20 utilizadores, p99 de 4 s para a resposta", 4.0, {"users": 20, "latency_percentile": 99}),
        ("llama 8b, 20 users, p95 of 3 s for the answer", 3.0, {"users": 20, "latency_percentile": 95}),
        # "end to end" before the percentile or after the time had been the first token's ("end-to-end p95 of 8
        # seconds") or not understood ("8s p95 end to end")
        ("llama 3.1 8b 20 users, end-to-end p95 of 8 seconds", 8.0, {"users": 20, "latency_percentile": 95}),
        ("llama 3.1 8b 20 users 8s p95 end to end", 8.0, {"users": 20, "latency_percentile": 95}),
        ("llama 3.1 8b 20 usuarios 10 s no p99 ponta a ponta", 10.0, {"users": 20, "latency_percentile": 99}),
        ("llama 3.1 8b 20 usuarios p95 de 8s ponta a ponta", 8.0, {"users": 20, "latency_percentile": 95}),
        ("llama 3.1 8b 20 usuarios, ponta a ponta no p95 de 9 s", 9.0, {"users": 20, "latency_percentile": 95}),
        ("llama 3.1 8b 20 utilizadores, resposta completa em até 10 s no p95", 10.0,
         {"users": 20, "latency_percentile": 95}),
        ("llama 3.1 8b 20 users p95 end-to-end latency 8s", 8.0, {"users": 20, "latency_percentile": 95}),
        # a latency budget is the whole answer's time, never money: "2s" had been left not understood, the
        # budget read as cost and the percentile as the first token's
        ("our p99 latency budget is 2s for 500 output tokens on llama 3.1 8b — doable on an A10?", 2.0,
         {"output_tokens": 500, "latency_percentile": 99, "cost": False}),
        ("latency budget of 1.5 s per answer of 300 tokens, qwen3 32b fp8 on H100", 1.5,
         {"output_tokens": 300, "cost": False}),
        ("p95 latency budget: 800 ms, llama 3.1 8b, 10 users", 0.8, {"users": 10, "latency_percentile": 95}),
        ("nosso orçamento de latência é de 3 s para respostas de 400 tokens com llama 3.1 8b numa L40S", 3.0,
         {"output_tokens": 400, "cost": False}),
        ("budget de latência p95 de 800 ms pra respostas de 200 tokens, llama 8b numa L4", 0.8,
         {"output_tokens": 200, "latency_percentile": 95}),
        ("o orçamento de tempo é de 4 s por resposta de 300 tokens, llama 3.1 8b, 20 utilizadores", 4.0,
         {"users": 20, "output_tokens": 300}),
        # a latency target said with the answer's length had been a first-token target and the length a context
        ("llama 3.1 8b, latency target 2s for 500 tokens", 2.0, {"output_tokens": 500, "context": None}),
        ("qwen3 32b fp8, 20 users, p99 latency target of 3 s for 400 output tokens", 3.0,
         {"users": 20, "output_tokens": 400, "latency_percentile": 99}),
        ("llama 3.1 8b, latency of 1.5 s per answer of 300 tokens", 1.5, {"output_tokens": 300}),
        ("llama 3.1 8b com meta de latência de 2 s para 500 tokens", 2.0, {"output_tokens": 500, "context": None}),
        ("llama 3.1 8b, meta de latência de 2 s para respostas de 500 tokens, 10 usuários", 2.0,
         {"users": 10, "output_tokens": 500}),
        ("llama 3.1 8b, latência alvo de 2 s pra respostas de 300 tokens", 2.0, {"output_tokens": 300}),
        ("llama 3.1 8b, objetivo de latência de 3 s por resposta de 400 tokens, 20 utilizadores", 3.0,
         {"users": 20, "output_tokens": 400}),
    ],
)  # fmt: skip
def test_a_whole_answers_time_is_read_as_such(text, e2e, expected):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and w.e2e_s == e2e and w.budget is None and w.ttft_s is None
    assert {k: getattr(w, k) for k in expected} == expected


@pytest.mark.parametrize(
    ("text", "missed"),
    [
        ("our p99 latency budget is 2s for 500 output tokens on llama 3.1 8b — doable on an A10?",
         "500 tokens in 2.0 s need ~250 tokens/s per user"),
        ("orçamento de latência de 2 s para respostas de 500 tokens, llama 3.1 8b numa A10",
         "500 tokens em 2,0 s pedem ~250 tokens/s por usuário"),
    ],
)  # fmt: skip
def test_a_named_gpu_that_misses_a_whole_answers_time_says_what_it_needs(text, missed):
    _, answer = _answer(text)
    verdict = next(line for line in answer.splitlines() if line.startswith("1× A10"))
    assert missed in verdict


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 8b 20 usuarios resposta em ate 3 segundos no p95",
         "Li “resposta em ate 3 segundos” como o tempo até o primeiro token (o começo da resposta); se for o tempo "
         "da resposta inteira, diga “resposta completa em até 3,0 s”."),
        ("llama 3.1 70b, 80 support agents, answers within 2 seconds",
         "Read “answers within 2 seconds” as the time to the first token (the answer starting); if it is the whole "
         "answer's time, say “full response within 2.0 s”."),
    ],
)  # fmt: skip
def test_an_answers_time_read_as_the_first_tokens_is_said(text, said, capsys):
    # It had been read as the first token's time silently.
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert said in out.split("\n\n")[0]
    assert main(["llama 8b 20 usuarios primeira resposta em 1s"]) == 0
    assert "como o tempo até o primeiro token" not in capsys.readouterr().out


def test_a_whole_answers_time_sizes_first_token_and_speed_together():
    # 50 requests/s of 200-token answers, each whole within 2 s: every setup shown meets TTFT + 199 x TPOT.
    loose = ask(model="8b", rate_per_s=50, prompt_tokens=1000, output_tokens=200, lang="en")
    r = ask(model="8b", rate_per_s=50, prompt_tokens=1000, output_tokens=200, e2e_s=2, lang="en")
    p = r.recommendation.performance
    whole = p.ttft_s + 199 * p.tpot_ms / 1000
    assert whole <= 2 and p.meets_targets
    # The chat's defaults (2 s to the first token, 10 tokens/s) would take less: 200 tokens at 10/s is 20 s.
    assert loose.recommendation.performance.ttft_s + 199 * loose.recommendation.performance.tpot_ms / 1000 > 2
    text = render_text(r)
    assert f"A whole answer of 200 tokens in ~{whole:.1f} s." in text
    assert "with whole answers of 200 tokens within 2.0 s" in text
    assert any(a.startswith("Latency sized for: a whole answer within 2.0 s") for a in r.assumptions)
    assert not any("chat defaults" in a for a in r.assumptions)
    # Out of reach, the answer says which target: the whole answer's, not a first token's; and it recommends
    # the setup that comes closest (test_answer_audit3.py), no longer nothing.
    far = ask(model="70b", users=20, output_tokens=2000, e2e_s=4, lang="en")
    assert far.recommendation is not None
    assert "no setup we rent gives a whole answer of 2,000 tokens within 4.0 s" in far.decided


def test_the_whole_answers_time_is_a_flag_too(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["-m", "8b", "--rate", "5/s", "--e2e", "3", "--lang", "en"]) == 0
    assert "Latency sized for: a whole answer within 3.0 s" in capsys.readouterr().out


def test_a_load_nothing_we_rent_serves_says_what_it_would_take():
    r = ask(model="70b", rate_per_s=2, prompt_tokens=30000, output_tokens=300, ttft_s=2, lang="en")
    assert r.recommendation is None
    # No setup, no conversations in flight to count (they follow from a setup's speed): none are made up.
    load = next(line for line in render_text(r).splitlines() if line.startswith("Load:"))
    assert load == "Load: 2.0 requests/s at the peak · prompts of 30,000 tokens · answers of 300 tokens"
    assert r.estimates.text[0].startswith("Nothing we rent serves this load: it takes ~")
    r = ask(model="70b", rate_per_s=2, prompt_tokens=30000, output_tokens=300, ttft_s=0.5, lang="en")
    assert "even unloaded" in r.estimates.text[0]
    # Thousands of single-GPU copies: counted with separators, each copy "1 GPU", not "1 GPUs".
    huge = ask(model="8b", rate_per_s=100_000, lang="en").estimates.text[0]
    assert re.search(
        r"takes ~\d{1,3}(,\d{3})+× \S+ .*\(\d{1,3}(,\d{3})+ copies of the model, 1 GPU each\)", huge
    )


# -- population, daily volume, the assumptions stated ---------------------------------------------------


def test_a_context_without_lengths_is_a_chat_turn_on_a_cached_history():
    """'32k, 10 users' sizes memory for ten full 32k conversations, but a turn of a chat brings only its
    new text: its first token is not the time to read 32k tokens again (which is said apart)."""
    r = ask(model="70b", precision="int4", context=32768, users=10)
    text = " ".join(r.assumptions)
    assert "1.000 tokens novos" in text and "cache de prefixo" in text and "31.268" in text
    p = r.recommendation.performance
    assert p.ttft_s < 2 and p.cold_ttft_s > 10 * p.ttft_s
    assert any("inteiramente novo de 32.268 tokens" in line for line in r.estimates.text)
    # Lengths given: the prompt is read whole, with no history assumed.
    given = ask(model="70b", precision="int4", users=10, prompt_tokens=8000, output_tokens=500)
    assert given.recommendation.performance.cold_ttft_s is None
    assert not any("cache de prefixo" in a for a in given.assumptions)
    # No context asked for: requests are independent calls of the default prompt, with no history.
    calls = ask(model="qwen3-32b", rate_per_s=3.3, output_tokens=500)
    assert calls.recommendation.performance.cold_ttft_s is None
    assert not any("cache de prefixo" in a for a in calls.assumptions)


@pytest.mark.parametrize(
    "text",
    [
        "cada usuário manda em média 3 perguntas por minuto, 40 usuários, qwen3 8b",
        "40 usuários mandando 3 mensagens por minuto cada, qwen3 8b",
        "qwen3 8b for 40 users, 3 requests per user per minute",
    ],
)
def test_a_rate_each_user_sends_a_minute_is_every_users_rate(text):
    # Had been read as 3 requests a minute for all 40 together (or a day's 4,320), 40 times too little.
    r = size(parse(text).workload)
    load = r.workload.load
    assert load.basis == "population" and load.rate_per_s == pytest.approx(40 * 3 / 60)
    assert any("100% delas" in a or "100% of them" in a for a in r.assumptions)


def test_a_rate_each_user_sends_an_hour_counts_every_user_said():
    r = size(parse("40 usuários, cada um manda em média 10 perguntas por hora, qwen3 8b").workload)
    assert r.workload.load.rate_per_s == pytest.approx(40 * 10 / 3600)
    # A head-count keeps the share of it active at the peak (traffic.toml), as before.
    big = size(parse("llama 8b para 3000 colaboradores, cada um faz 4 pedidos por hora").workload)
    assert big.workload.load.rate_per_s == pytest.approx(3000 * 0.10 * 4 / 3600)


@pytest.mark.parametrize(
    "text, total",
    [
        ("quanto tempo leva pra gerar 1 milhão de tokens com o qwen3 32b?", "1 mi tokens gerados levam"),
        ("how long to generate 50M tokens with llama 3.1 8b?", "50M generated tokens take"),
    ],
)
def test_tokens_to_generate_are_timed_at_the_setups_saturated_rate(text, total, capsys):
    # "gerar 1 milhão de tokens" had been read as training data ("1 mi tokens de treino") and left unanswered.
    query = parse(text)
    assert query.workload.generated_tokens and query.workload.tokens is None and not query.unknown
    p = size(query.workload).recommendation.performance
    assert main([text]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if total in x)
    rate = f"{p.max_output_tokens_per_s:,.0f}".replace(",", "." if "levam" in total else ",")
    assert f"~{rate} tokens/s" in line
    # Training stays training: tokens in a fine-tune are its data.
    assert parse("qwen3 8b lora com 1 milhão de tokens").workload.tokens == 1_000_000


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 8b com meio milhão de tokens", "“500.000 tokens”: sem treino na pergunta, não entram"),
        ("llama 3.1 8b with 2 million tokens", "“2M tokens”: with no training in the question"),
    ],
)
def test_training_tokens_in_a_serving_answer_are_said_unused_not_shown_as_training(text, said, capsys):
    # They had been shown as "500.000 tokens de treino" above a serving answer that used them nowhere.
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert "tokens de treino" not in out and "training tokens" not in out


@pytest.mark.parametrize(
    "text, expected",
    [
        # A long pasted request: "3 mil funcionários" and "300 usuários ativos no pico" had been refused as a
        # contradiction, "perguntas de ~1500 tokens" read as a 1,500-token context.
        (
            "uma seguradora com 3 mil funcionários quer RAG com o llama 3.3 70B, esperam uns 300 usuários ativos "
            "no pico, perguntas de ~1500 tokens com contexto recuperado e respostas curtas",
            {"population": 3000, "users": 300, "users_at_once": True, "prompt_tokens": 1500},
        ),
        (
            "llama 8b, 2000 users, 200 active at peak",
            {"population": 2000, "users": 200, "users_at_once": True},
        ),
        # "Cada avaliação tem uns 200 tokens" had been a 200-token context, and "avaliações" a trial.
        (
            "classificar 2 milhões de avaliações por dia com o qwen3 4b. Cada avaliação tem uns 200 tokens",
            {"requests_per_day": 2_000_000, "prompt_tokens": 200},
        ),
        ("llama 8b, each review is about 300 tokens, 5 req/s", {"prompt_tokens": 300, "rate_per_s": 5}),
        # "resumo de 300 tokens" is the answer's length (it had been the context).
        (
            "50 mil documentos por mês, cada um com 3 mil tokens, resumo de 300 tokens, llama 3.1 8b",
            {"requests_per_month": 50_000, "prompt_tokens": 3000, "output_tokens": 300},
        ),
        # "1.2M requests/month" had been read as a 1.2M-parameter model beside the 70B (a contradiction).
        (
            "customer: fintech, 1.2M requests/month, 1k in / 300 out, llama 3.1 70b awq, need p95 < 3s",
            {"requests_per_month": 1_200_000, "prompt_tokens": 1000, "output_tokens": 300, "ttft_s": 3.0},
        ),
        # Human agents counted in a contact center are people at once, and the task is support: "contact"
        # had been corrected to "contract" and "agents" read as AI agents reasoning.
        (
            "customer wants Llama 3.3 70B for ~150 concurrent agents in a contact center, avg prompt 2.5k, "
            "answers 200, TTFT under 800ms",
            {"users": 150, "task": "chat", "prompt_tokens": 2500, "output_tokens": 200, "ttft_s": 0.8},
        ),
    ],
)
def test_pasted_requests_read_their_people_items_and_lengths(text, expected):
    q = parse(text)
    assert not q.unknown, q.unknown
    w = q.workload
    for key, value in expected.items():
        assert getattr(w, key) == value, key
    assert w.intent is None and w.context is None


def test_a_head_count_becomes_a_peak_rate_with_its_assumptions_stated():
    r = ask(model="70b", precision="4bit", population=5000)
    load = r.workload.load
    assert load.basis == "population" and load.rate_per_s == pytest.approx(5000 * 0.10 * 10 / 3600)
    said = next(a for a in r.assumptions if a.startswith("5.000 pessoas"))
    assert "10% delas na hora de pico" in said and "10 requisições por hora" in said
    busier = ask(model="70b", precision="4bit", population=5000, active_share=0.2)
    assert busier.workload.load.rate_per_s == pytest.approx(2 * load.rate_per_s)
    assert any("20% delas" in a for a in busier.assumptions)
    # A share said is people online, not conversations generating: the answer says how one becomes the other.
    said = next(a for a in busier.assumptions if a.startswith("5.000 pessoas"))
    assert said.startswith("5.000 pessoas, 20% delas ativas (1.000 online), 10 requisições por hora cada uma")
    assert (
        "só as conversas gerando uma resposta ocupam a GPU" in said
        and "“1.000 conversas simultâneas”" in said
    )
    assert busier.recommendation.performance.requests_per_s == pytest.approx(2 * load.rate_per_s)


def test_users_by_the_thousand_are_read_as_people_and_said_so():
    r = ask(model="70b", precision="4bit", users=5000)
    assert r.workload.load.basis == "population"
    assert any(a.startswith("Li 5.000 usuários como as pessoas que usam o serviço") for a in r.assumptions)
    few = ask(model="70b", precision="4bit", users=10)
    assert few.workload.load.basis is None and few.workload.users == 10
    # Said to be at once, they are conversations at once however many: the answer's own advice works.
    for text in ("llama 8b 1000 conversas simultâneas", "llama 70b fp8 para 1000 pessoas simultâneas",
                 "llama 8b 2000 concurrent users"):  # fmt: skip
        at_once = size(parse(text).workload)
        assert at_once.workload.load is None or at_once.workload.load.basis is None
        assert at_once.workload.users >= 1000 and not any(a.startswith("Li ") for a in at_once.assumptions)
    # The first line says what the answer sized: people, not thousands of conversations at once.
    question = parse("llama 8b para 2000 usuarios")
    text = render_text(size(question.workload), question)
    assert text.startswith("Entendi: Llama 3.1 8B · 2.000 pessoas\n") and "2000 usuários" not in text


def test_a_rate_given_with_a_head_count_says_the_head_count_was_not_used():
    r = ask(model="8b", population=5000, rate_per_s=3)
    assert r.workload.load.basis == "rate" and r.workload.load.rate_per_s == 3
    assert any(
        a.startswith("A taxa de requisições informada define a carga; as 5.000 pessoas")
        for a in r.assumptions
    )


def test_a_few_requests_a_day_are_said_per_hour():
    text = render_text(ask(model="8b", requests_per_day=40))
    assert "Carga: 6,0 requisições/h no pico" in text and "0,0 conversas" not in text


def test_a_share_of_no_head_count_says_it_changed_nothing():
    r = ask(model="32b", rate_per_s=3, active_share=0.2)
    assert r.workload.load.rate_per_s == 3
    assert any(
        a.startswith("A proporção de pessoas ativas e as requisições por pessoa só valem")
        for a in r.assumptions
    )
    assert not any("só valem" in a for a in ask(model="32b", population=500, active_share=0.2).assumptions)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("qwen 7b 1 milhão de usuários", "1.000.000 pessoas"),
        ("how many GPUs do we need for llama 8b fp8 with 2 million users?", "2,000,000 people"),
    ],
)
def test_a_head_count_in_millions_is_sized_by_its_traffic_not_refused(text, people):
    query = parse(text)
    r = size(query.workload.but(lang=query.detected_lang))
    assert r.workload.load.basis == "population" and r.workload.population == query.workload.users
    assert people in render_text(r, query).splitlines()[0]


def test_a_daily_volume_peaks_at_its_busiest_hour():
    r = ask(model="8b", requests_per_day=10_000, lang="en")
    assert r.workload.load.rate_per_s == pytest.approx(10_000 * 0.15 / 3600)
    assert any(a.startswith("10,000 requests a day: the busiest hour carries 15%") for a in r.assumptions)


@pytest.mark.parametrize(
    ("text", "per_day", "hours", "factor", "said"),
    [
        # The peak as a multiple of the average had been "3x"/"vezes"/"triplo" not understood, and the day's
        # volume sized by the default busiest-hour share.
        ("llama 3.1 8b, 100 mil requisições por dia, pico de 3x no horário comercial", 100_000, 10, 3,
         "100.000 requisições por dia nas 10 horas do horário comercial: 2,8 requisições/s em média, e o pico 3× a média"),
        ("llama 3.1 8b, 2 milhões de requisições por mês, picos de 3 vezes a média", 2_000_000 / 22, 24, 3,
         "90.909 requisições por dia nas 24 horas de uso do dia"),
        ("llama 3.1 8b, 100k requests per day, peak of 3x the average", 100_000, 24, 3,
         "100,000 requests a day over the 24 hours of use a day: 1.2 requests/s on average, and the peak 3× the average"),
        ("queremos correr o llama 3.1 8b com 100 mil pedidos por dia; o pico é o triplo da média", 100_000, 24, 3,
         "100\u00a0000 pedidos por dia nas 24 horas de utilização do dia: 1,2 pedidos/s em média, e o pico 3× a média, como indicou"),
        ("llama 3.1 8b, 100k requests a day, 2.5x the average at peak", 100_000, 24, 2.5, "the peak 2.5× the average"),
        ("llama 3.1 8b, 100k requests a day during business hours, peaks around twice the average", 100_000, 10, 2,
         "over the 10 business hours"),
        ("llama 3.1 8b, 100 mil requisições por dia, 8 horas por dia, picos de 2 vezes a média", 100_000, 8, 2,
         "nas 8 horas de uso do dia"),
    ],
)  # fmt: skip
def test_a_peak_said_as_a_multiple_of_the_average_sets_the_peak_rate(text, per_day, hours, factor, said):
    query = parse(text)
    assert query.unknown == [] and query.workload.peak_factor == factor
    r = size(query.workload.but(lang=query.detected_lang))
    assert r.workload.load.rate_per_s == pytest.approx(per_day / (hours * 3600) * factor, rel=1e-3)
    assert any(said in a for a in r.assumptions), r.assumptions


@pytest.mark.parametrize(
    "text",
    ["llama 3.1 8b, 100 mil requisições por dia, pico de 3x h100", "llama 3.1 8b, 100 mil requisições por dia, pico de 1x"],
)  # fmt: skip
def test_a_multiple_that_is_no_peak_over_the_average_is_not_one(text):
    assert parse(text).workload.peak_factor is None


@pytest.mark.parametrize(
    ("text", "per_day"), [("e se o pico dobrar?", 200_000), ("e se o pico triplicar?", 300_000)]
)
def test_a_peak_that_grows_in_a_thread_still_scales_the_load(text, per_day):
    base = parse("llama 3.1 8b, 100 mil requisições por dia").workload
    query = parse(text, base=base)
    assert query.workload.requests_per_day == per_day and query.workload.peak_factor is None


def test_a_peak_multiple_beside_a_rate_is_said_unused():
    query = parse("llama 3.1 8b, 10 req/s, pico de 3x")
    r = size(query.workload.but(lang=query.detected_lang))
    assert r.workload.load.rate_per_s == pytest.approx(10)
    assert any(a.startswith("O pico de 3× a média vale para um volume") for a in r.assumptions)


def test_a_monthly_volume_is_spread_over_its_days_of_use_then_peaks(capsys):
    r = ask(model="8b", requests_per_month=2_000_000)
    load = r.workload.load
    assert load.requests_per_month == 2_000_000 and load.requests_per_day == round(2_000_000 / 22)
    assert load.rate_per_s == pytest.approx(2_000_000 / 22 * 0.15 / 3600)
    assert any(a.startswith("2.000.000 requisições por mês, em 22 dias de uso") for a in r.assumptions)
    # The flag says the same, and in the answer's language; a follow-up replaces it like any other load.
    assert main(["-m", "8b", "--rate", "2M/month", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workload"]["load"]["requests_per_month"] == 2_000_000
    assert main(["-m", "8b", "--rate", "1000/mês", "--json"]) == 0  # the month as Portuguese writes it
    assert json.loads(capsys.readouterr().out)["workload"]["load"]["requests_per_month"] == 1000
    q = parse("e com 3 milhões de requisições por mês?", base=parse("llama 8b 5 req/s").workload)
    assert q.changed == ["requests_per_month"] and q.workload.rate_per_s is None
    assert q.workload.requests_per_month == 3_000_000


@pytest.mark.parametrize(
    "text, week",
    [
        # "semana" had been not understood and the volume dropped: one user at a time was sized.
        ("qwen 7b 50 mil documentos por semana", 50_000),
        ("llama 8b 10k requests/week", 10_000),
        ("llama 8b 10k requests per week", 10_000),
        ("llama 8b 20 mil pedidos semanais", 20_000),
        ("resumir 2 mil contratos por semana com llama 8b", 2_000),
        ("llama 8b 5000 chamadas a cada semana", 5_000),
    ],
)
def test_a_weekly_volume_is_spread_over_the_weeks_days_of_use_then_peaks(text, week, capsys):
    query = parse(text)
    assert query.unknown == [] and query.workload.requests_per_week == week
    r = size(query.workload.but(lang=query.detected_lang))
    load = r.workload.load
    assert load.requests_per_week == week and load.requests_per_day == round(week / 5)
    assert load.rate_per_s == pytest.approx(week / 5 * 0.15 / 3600)
    said = " ".join(r.assumptions)
    assert "5 dias de uso (nosso padrão)" in said or "5 days of use (our default)" in said
    assert ("por semana" in render_text(r, query).splitlines()[0]) or "a week" in render_text(r, query)


def test_a_follow_up_in_weeks_replaces_the_threads_load():
    q = parse("e com 80 mil pedidos por semana?", base=parse("llama 8b 5 req/s").workload)
    assert q.workload.requests_per_week == 80_000 and q.workload.rate_per_s is None


def test_a_weekly_rate_flag_is_a_weekly_volume(capsys):
    assert main(["-m", "8b", "--rate", "50k/week", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workload"]["load"]["requests_per_week"] == 50_000


@pytest.mark.parametrize(
    "text, tokens",
    [
        # "palavras" had been not understood, and "10" and "milhões" with it: no time was given.
        ("traduzir 10 milhões de palavras com llama 3.1 70b", 15_000_000),
        ("translate 2 million words with qwen 72b", 3_000_000),
        ("quanto tempo pra traduzir 500 mil palavras com o qwen 7b?", 750_000),
        ("traduzir 20.000.000 palavras com llama 8b", 30_000_000),
        ("gerar 1 milhão de palavras de descrições com llama 8b", 1_500_000),
    ],
)
def test_words_to_translate_or_write_are_tokens_to_generate_at_the_stated_tokens_a_word(text, tokens):
    query = parse(text)
    assert query.unknown == [] and query.workload.generated_tokens == tokens
    assert query.word_lengths[0][1:] == (tokens, 1.5)
    r = size(query.workload.but(lang=query.detected_lang))
    text = render_text(r, query)
    assert "1,5 token por palavra" in text or "1.5 tokens a word" in text
    assert "tokens gerados levam" in text or "generated tokens take" in text


def test_a_volume_of_words_with_nothing_to_do_with_it_is_said_not_understood():
    query = parse("llama 70b 10 milhões de palavras")
    assert query.unknown == ["10 milhões de palavras"] and query.workload.generated_tokens is None
    # A translation counted in tokens is tokens written too (it had been taken for training data).
    assert parse("traduzir 1 milhão de tokens com llama 3.1 70b").workload.generated_tokens == 1_000_000


def _answer(text):
    query = parse(text)
    return query, render_text(size(query.workload.but(lang=query.detected_lang)), query)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 3.3 70b 2 mil conversas por dia", "Cada conversa contada como uma requisição"),
        ("llama 3.3 70b, 2 mil atendimentos por dia no chatbot", "Cada conversa contada como uma requisição"),
        (
            "Llama 3.3 70B for a support chatbot, ~2k conversations a day, 800 token prompts",
            "Each conversation counted as one request",
        ),
        ("llama 8b 500 chats per hour", "Each conversation counted as one request"),
        (
            "llama 3.3 70b 2 mil conversas por dia (pt-PT: a nossa equipa)",
            "Cada conversa contada como um pedido",
        ),
    ],
)
def test_a_load_in_conversations_says_each_was_counted_as_one_request(text, said):
    # "2k conversations a day" had been "2,000 requests a day" with nothing said: a chat's conversations hold
    # several messages each, and the answer now says how the conversations were counted and how to say more.
    query, answer = _answer(text)
    assert query.workload.rate_in_conversations
    assert said in answer


@pytest.mark.parametrize(
    "text",
    [
        "llama 8b 2,000 chats a day, each with 8 messages",
        "llama 3.3 70b, 2 mil atendimentos por dia, cada um com 6 mensagens",
        "llama 8b 2 mil requisições por dia",
        "llama 8b 300 usuários por dia",
    ],
)
def test_a_load_in_requests_or_with_its_messages_needs_no_such_line(text):
    _, answer = _answer(text)
    assert "contada como" not in answer and "counted as one request" not in answer


@pytest.mark.parametrize(
    ("text", "lengths", "said"),
    [
        # A translation had been timed with the default 1,000-token prompts and 500-token answers: it reads as
        # many tokens as it writes.
        ("traduzir 10 milhões de palavras com qwen3 32b em 1 h100", "com prompts de 500 e respostas de 500 tokens",
         "Uma tradução escreve mais ou menos tantos tokens quanto lê: prompts de 500 tokens e respostas de 500"),
        ("translate 10 million words with qwen3 32b", "with prompts of 500 and answers of 500 tokens",
         "A translation writes about as many tokens as it reads: prompts of 500 tokens and answers of 500"),
        # One length given: the other follows it.
        ("traduzir 10 milhões de palavras com qwen3 32b, prompts de 2000 tokens",
         "com prompts de 2.000 e respostas de 2.000 tokens", "prompts de 2.000 tokens e respostas de 2.000 tokens"),
        ("traduzir 10 milhões de palavras com qwen3 32b, respostas de 800 tokens",
         "com prompts de 800 e respostas de 800 tokens", "prompts de 800 tokens e respostas de 800 tokens"),
    ],
)  # fmt: skip
def test_a_translation_reads_as_many_tokens_as_it_writes(text, lengths, said):
    query, answer = _answer(text)
    assert query.unknown == [] and lengths in answer and said in answer
    assert "Prompts de 1.000 tokens" not in answer and "Prompts of 1,000 tokens" not in answer
    # Writing (not translating) keeps the defaults.
    assert (
        "com prompts de 1.000 e respostas de 500 tokens"
        in _answer("gerar 10 milhões de palavras com llama 8b")[1]
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Words read with a short answer each had been not understood, and no time was given.
        ("processar 10 milhões de palavras com llama 8b",
         "15 mi tokens lidos levam menos de 1 hora nesta configuração, com a GPU saturada (~10.657 tokens/s lidos, "
         "em prompts de 1.000 com respostas de 20 tokens)"),
        ("process 10 million words with llama 8b", "15M tokens read take under an hour on this setup"),
        ("classify 5 million words with llama 8b", "7.5M tokens read take"),
        ("extrair dados de 20 milhões de palavras com llama 70b", "30 mi tokens lidos levam"),
        # An answer length given is kept, and the time follows it.
        ("processar 10 milhões de palavras com llama 8b, respostas de 200 tokens",
         "em prompts de 1.000 com respostas de 200 tokens"),
    ],
)  # fmt: skip
def test_words_read_are_timed_at_the_pace_prompts_are_read(text, said):
    query, answer = _answer(text)
    assert query.workload.read_tokens and query.workload.generated_tokens is None
    assert said in answer
    assert "1,5 token por palavra" in answer or "1.5 tokens a word" in answer
    if "respostas de 200" not in text and "classify" not in text:
        assert (
            "20 tokens (nosso padrão)" in answer or "20 tokens (our default)" in answer
        )  # the short answer is said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # A volume of words to summarize had been "Não entendi: “10 milhões de palavras”", with no time.
        ("resumir 10 milhões de palavras com llama 70b",
         "15 mi tokens lidos levam ~3 horas nesta configuração, com a GPU saturada (~1.469 tokens/s lidos, "
         "em prompts de 1.000 com respostas de 100 tokens)"),
        ("summarize 10 million words with llama 3.1 70b", "in prompts of 1,000 with answers of 100 tokens"),
        ("sumarizar 2 milhões de palavras em documentos de 5 páginas com qwen3 32b",
         "em prompts de 3.750 com respostas de 375 tokens"),
        # A summary length given is kept.
        ("resumir 10 milhões de palavras com llama 70b, resumos de 300 tokens",
         "em prompts de 1.000 com respostas de 300 tokens"),
    ],
)  # fmt: skip
def test_words_summarized_are_read_with_a_summary_a_tenth_of_each(text, said):
    query, answer = _answer(text)
    assert query.unknown == [] and query.workload.read_tokens
    assert said in answer
    if "300" not in text:  # the summary's share is said as our default
        assert "10% do tamanho" in answer or "10% of its length" in answer


def test_a_prompt_in_pages_is_sized_at_the_stated_tokens_a_page():
    r = ask(model="8b", prompt_pages=20, rate_per_s=0.5)
    assert r.workload.load.prompt_tokens == 20 * 750 and r.workload.context_tokens == 15_000 + 500
    said = next(a for a in r.assumptions if a.startswith("Documentos de 20 páginas"))
    assert "prompts de ~15.000 tokens" in said and "750 tokens por página" in said
    # Tokens given beat pages.
    assert ask(model="8b", prompt_pages=20, prompt_tokens=9000).workload.load.prompt_tokens == 9000


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "páginas" had been a word not understood, and the answer spoke only of tokens.
        ("quantas páginas cabem no contexto do llama 3.1 8b?",
         "1 usuário com o contexto inteiro do modelo (131.072 tokens), ~174 páginas de texto (750 tokens por página)"),
        ("how many pages fit in qwen3 32b with 10 users on an l40s?",
         "or 10 users at up to 26,114 tokens, ~34 pages of text (750 tokens a page)"),
    ],
)  # fmt: skip
def test_a_question_in_pages_gets_the_capacity_in_pages(text, said):
    query = parse(text)
    assert query.unknown == [] and query.workload.pages_asked
    answer = render_text(size(query.workload.but(lang=query.detected_lang)), query)
    assert said in answer
    # Asked in tokens, the capacity stays in tokens.
    assert "páginas de texto" not in render_text(size(parse("llama 3.1 8b").workload), parse("llama 3.1 8b"))


def test_a_long_answer_without_a_context_keeps_the_default_prompt():
    r = ask(model="8b", population=300, output_tokens=4000)
    load = r.workload.load
    assert (load.prompt_tokens, load.output_tokens) == (1000, 4000) and r.workload.context_tokens == 5000
    assert not any(a.startswith("Contexto não informado: usei 4.096") for a in r.assumptions)


def test_latency_defaults_are_stated_and_a_given_target_replaces_them():
    r = ask(model="8b", rate_per_s=1, lang="en")
    assert any(
        a.startswith("Latency sized for: first token within 2.0 s and at least 10 tokens/s")
        for a in r.assumptions
    )
    assert r.workload.ttft_target_s is None and r.workload.load.ttft_target_s == 2.0
    strict = ask(model="8b", rate_per_s=1, ttft_s=0.5, tokens_per_s=40)
    assert strict.workload.ttft_target_s == 0.5 and strict.workload.tokens_per_s_target == 40
    p = strict.recommendation.performance
    assert p.ttft_s <= 0.5 and p.tokens_per_s_per_user >= 40


# -- phrasings, three languages -------------------------------------------------------------------------

PHRASINGS = [
    ("qwen3 32b, 200 requisições por minuto, respostas de 500 tokens",
     {"rate_per_s": pytest.approx(200 / 60), "output_tokens": 500}),
    ("llama 8b, prompts de 2 mil tokens e respostas de 500, 5 req/s",
     {"prompt_tokens": 2000, "output_tokens": 500, "rate_per_s": 5}),
    ("8b 2k in / 500 out, 30 rps", {"prompt_tokens": 2000, "output_tokens": 500, "rate_per_s": 30}),
    ("70b fp8 10 mil chamadas por dia", {"requests_per_day": 10_000, "precision": "fp8"}),
    ("llama 70b 4bit para 5000 usuarios da empresa", {"population": 5000, "precision": "int4"}),
    ("qwen 32b para a base de 20 mil clientes", {"population": 20_000}),
    # A team of N is N users whatever its members are called, and a head-count when they are named as one
    # ("funcionários"); attendants work conversations all day, as agents do.
    ("llama 3.3 70b para equipe de 300 atendentes", {"users": 300}),
    ("llama 3.3 70b para equipe de 300 funcionários", {"population": 300}),
    ("qwen3 32b para um time de 150 pessoas", {"users": 150}),
    ("llama 8b para um time de 40 agentes", {"users": 40}),
    # An organisation's size is its head-count, before or after its noun; people counted alone, or said to be
    # using it, are users at once.
    ("somos uma empresa de 200 pessoas, llama 3.1 8b", {"population": 200}),
    ("uma startup com 30 pessoas quer o qwen3 32b", {"population": 30}),
    ("we're a 30 person startup, llama 3.1 8b", {"population": 30}),
    ("a 50-person company wants qwen3 32b", {"population": 50}),
    ("llama 8b for an agency of 40 people", {"population": 40}),
    ("qwen3 32b, 20 devs usando no cursor", {"users": 20}),
    ("llama 3.1 8b, 10 usuários", {"users": 10}),
    ("8b, primeira resposta em menos de 2 s e pelo menos 20 tokens/s", {"ttft_s": 2, "tokens_per_s": 20}),
    ("8b 1800 requisições por hora, quanto custa por mês?", {"rate_per_s": 0.5, "cost": True}),
    ("llama 8b, 5 req/s, velocidade mínima de 40 tokens por segundo", {"rate_per_s": 5, "tokens_per_s": 40}),
    ("llama 8b 5 req/s, tpot de 50 ms", {"rate_per_s": 5, "tokens_per_s": 20}),
    ("qwen3 32b p95 de primeira resposta 1s", {"latency_percentile": 95, "ttft_s": 1}),
    ("qwen3 32b, latência máxima de 1,5 segundos para o primeiro token", {"ttft_s": 1.5}),
    # A rate keeps its fraction, and a count its every thousands separator.
    ("llama 8b, quanto sai?", {"cost": True}),
    ("qual a opção mais barata pra rodar llama 8b com 20 usuários?", {"users": 20, "cost": True}),
    ("what's the cheapest setup for qwen2.5-72b awq serving 30 users?", {"users": 30, "cost": True}),
    ("llama 8b com 1,5 requisições por segundo", {"rate_per_s": 1.5}),
    # Abbreviations, where the requests go, and "every N seconds".
    ("qwen3 32b 200 requisições p/ minuto", {"rate_per_s": pytest.approx(200 / 60)}),
    ("qwen3 32b 500 chamadas à API por hora", {"rate_per_s": pytest.approx(500 / 3600)}),
    ("qwen3 32b 1 requisição a cada 2 segundos", {"rate_per_s": 0.5}),
    ("qwen3 32b 15 mil acessos por dia", {"requests_per_day": 15_000}),
    # A count per unit of time needs no noun to be a rate.
    ("llama 8b, uns 300/h", {"rate_per_s": pytest.approx(300 / 3600)}),
    ("qwen3 32b 10 mil por dia", {"requests_per_day": 10_000}),
    # Prompts in pages, or in pieces of a given size.
    ("llama 70b resumir documentos de 20 páginas, 2 req/min", {"prompt_pages": 20, "rate_per_s": pytest.approx(2 / 60)}),
    ("qwen3 32b RAG com 5 trechos de 500 tokens, 3 req/s", {"prompt_tokens": 2500, "rate_per_s": 3}),
    ("mistral 7b 1.000.000 de pedidos por dia", {"requests_per_day": 1_000_000}),
    # A monthly volume, as billing thinks of it.
    ("llama 8b 2 milhões de requisições por mês", {"requests_per_month": 2_000_000}),
    ("llama 8b 500 mil chamadas mensais", {"requests_per_month": 500_000}),
    # And a weekly one.
    ("llama 8b 50 mil documentos por semana", {"requests_per_week": 50_000}),
    ("llama 8b 10k requests a week", {"requests_per_week": 10_000}),
    # Things handled a day are requests ("1 milhão de tickets" is no model size).
    ("llama 8b pra classificar 1 milhão de tickets por dia", {"requests_per_day": 1_000_000}),
    ("resumir 20 mil documentos por dia com llama 8b", {"requests_per_day": 20_000}),
    # Items of a batch job are requests too ("textos", "contratos" had been left unread, the volume dropped, and
    # "10 mil contratos" read as a 10,000-token context).
    ("llama 8b 1 milhão de textos por dia", {"requests_per_day": 1_000_000}),
    ("resumir 10 mil contratos por mês com qwen 14b", {"requests_per_month": 10_000}),
    ("llama 8b 300 mil avaliações por dia", {"requests_per_day": 300_000}),
    ("llama 8b 50k reviews a day", {"requests_per_day": 50_000}),
    ("llama 8b 5 mil pdfs por hora", {"rate_per_s": pytest.approx(5000 / 3600)}),
    # The size of each thing counted is each request's prompt when a load is given (it had been a 500-token
    # context, less than a request), and a context when none is.
    ("mixtral 8x7b pra 50 mil mensagens por dia, cada uma de 500 tokens",
     {"requests_per_day": 50_000, "prompt_tokens": 500}),
    ("llama 8b 2 req/s, 1500 tokens each", {"rate_per_s": 2, "prompt_tokens": 1500}),
    ("llama 8b 10 usuários, cada um com 8 mil tokens", {"users": 10, "context": 8000}),
    # "uns 800" after its noun is that length ("800" had been left unread, the answer length a default).
    ("o prompt tem uns 6k tokens e a resposta uns 800, 3 req/s, llama 70b awq",
     {"prompt_tokens": 6000, "output_tokens": 800, "rate_per_s": 3, "precision": "int4"}),
    # A thousand with no number before it is one thousand (it had been left unread, and the load dropped).
    ("llama 70b 4bit 32k mil usuários", {"users": 1000, "precision": "int4", "context": 32768}),
    ("llama 8b pra mil pessoas", {"users": 1000}),
    ("qwen3 32b mil req por dia", {"requests_per_day": 1000}),
    ("llama 8b uns mil usuários simultâneos", {"users": 1000}),
    ("llama 8b prompts de mil tokens, 2 req/s", {"prompt_tokens": 1000, "rate_per_s": 2}),
    ("llama 8b um milhão de requisições por dia", {"requests_per_day": 1_000_000}),
    ("llama 8b a thousand requests a day", {"requests_per_day": 1000}),
    ("llama 8b for 10 thousand employees", {"population": 10_000}),
    ("llama 8b mil e quinhentos usuários", {"users": 1500}),  # as before: one number
    # pt-PT
    ("gpt-oss-120b para 2000 trabalhadores, 200 pedidos por minuto, resposta em até 1,5 s",
     {"population": 2000, "rate_per_s": pytest.approx(200 / 60), "ttft_s": 1.5}),
    ("qwen3 32b para 300 utilizadores registados, quanto custa", {"population": 300, "cost": True}),
    ("llama 8b para 3000 colaboradores, cada um faz 4 pedidos por hora",
     {"population": 3000, "requests_per_active_hour": 4}),
    ("gemma 3 27b para uma equipa de 25 advogados", {"population": 25}),
    # Thousands grouped by a space, as pt-PT writes them (and as our pt-PT answers print them).
    ("mistral small para 1 200 trabalhadores", {"population": 1200}),
    ("llama 8b 64 requisições em paralelo", {"users": 64}),
    ("llama 8b 64 conexões simultâneas", {"users": 64}),  # dropped before
    ("llama 8b 20 streams in parallel", {"users": 20}),
    # A half before a unit ("half" had been read as the 16-bit precision, and the target dropped).
    ("llama 8b half a second first token", {"ttft_s": 0.5}),
    ("llama 8b 100 requisições a cada meia hora", {"rate_per_s": pytest.approx(100 / 1800)}),
    ("llama 8b throughput de 5000 tokens/s", {"rate_per_s": 10}),
    # A word for the target between them ("throughput alvo de 10 mil tokens por segundo") had made the figure
    # a 10,000-token context.
    ("deepseek v3, throughput alvo de 10 mil tokens por segundo", {"rate_per_s": 20}),
    # Rate abbreviations glued to the number, as shorthand writes them ("200rpm" had been not understood).
    ("8b fp8 200rpm 2k/500 tokens", {"rate_per_s": pytest.approx(200 / 60), "prompt_tokens": 2000, "output_tokens": 500}),
    ("llama 8b 5rps", {"rate_per_s": 5}),
    # "mensagens de ~800 tokens" had been an 800-token context (less than a message and its answer).
    ("llama 3.3 70b, mensagens de ~800 tokens e respostas de ~400", {"prompt_tokens": 800, "output_tokens": 400}),
    ("llama 70b, throughput mínimo de 5000 tokens/s", {"rate_per_s": 10}),
    # A volume's split between prompts and answers ("80% input 20% output") had been a 20-token prompt: the
    # answers' share makes the requests (500 tokens each), the prompts' share each one's length.
    ("the app does 2M tokens per day, 80% input 20% output, with qwen3 30b a3b",
     {"requests_per_day": 800, "prompt_tokens": 2000}),
    ("qwen3 8b 10 milhões de tokens por mês, 70% entrada e 30% saída",
     {"requests_per_month": 6000, "prompt_tokens": 1167}),
    ("qwen3 8b 2M tokens/day: 20% output, 80% input", {"requests_per_day": 800, "prompt_tokens": 2000}),
    ("llama 8b 1M de tokens gerados por dia, respostas de 250 tokens", {"requests_per_day": 4000, "output_tokens": 250}),
    # Tokens a day with no word for answers are prompts and answers together (a 512k context and 2 million
    # training tokens before).
    ("llama 8b 500k tokens por dia", {"requests_per_day": 333}),
    ("llama 8b 2 milhões de tokens por mês", {"requests_per_month": 1333}),
    ("llama 8b 3M tokens/dia, prompts de 2 mil tokens e respostas de 1000",
     {"requests_per_day": 1000, "prompt_tokens": 2000, "output_tokens": 1000}),
    ("qwen3 32b 90 mil tokens por minuto", {"rate_per_s": 1}),
    ("llama 8b 30M tokens per month", {"requests_per_month": 20_000}),
    # What each person does in a day is the people's daily volume.
    ("Preciso rodar o Qwen3 32B pra uns 800 usuários internos, cada um usa umas 10 vezes por dia",
     {"requests_per_day": 8000}),
    ("queremos o llama 70b em produção, pico de 15 req/s, prompts grandes (6k) e respostas curtas (200)",
     {"rate_per_s": 15, "prompt_tokens": 6000, "output_tokens": 200}),
    ("gpt-oss-20b p/ 40 req/s c/ ttft < 300ms", {"rate_per_s": 40, "ttft_s": 0.3}),
    # Conversations a day and the requests in each: their product is the load.
    ("phi-4 para o SAC: 1.500 atendimentos por dia, cada um com ~6 mensagens", {"requests_per_day": 9000}),
    ("llama 8b 200 conversas por hora com 5 perguntas cada", {"rate_per_s": pytest.approx(1000 / 3600)}),
    ("mistral 7b: entrada média de 700 tokens, saída média de 150, 40 rps",
     {"prompt_tokens": 700, "output_tokens": 150, "rate_per_s": 40}),
    ("llama 8b 2048/128 tokens, 5 req/s", {"prompt_tokens": 2048, "output_tokens": 128, "rate_per_s": 5}),
    ("llama 8b concorrência de 128", {"users": 128}),
    ("llama 8b 50 mil usuários ativos mensais", {"population": 50_000}),
    ("llama 8b, 10 000 pedidos por dia", {"requests_per_day": 10_000}),
    ("llama 3 8b 200 pedidos por minuto", {"rate_per_s": pytest.approx(200 / 60)}),  # a version, not thousands
    # English
    ("a 70B for our 5,000 employees, first token under 1 s, how much per month?",
     {"population": 5000, "ttft_s": 1, "cost": True}),
    ("llama 8b 300 requests per minute, prompts of 1500 tokens, answers of 200 tokens, at least 30 tok/s",
     {"rate_per_s": 5, "prompt_tokens": 1500, "output_tokens": 200, "tokens_per_s": 30}),
    ("8b with a ttft of 800 ms", {"ttft_s": 0.8}),
    ("our support team of 40 agents, llama 70b", {"users": 40}),
    ("llama 8b for 3,000 teachers", {"population": 3000}),
    ("qwen3 14b at 0.5 req/s", {"rate_per_s": 0.5}),
    ("qwen3 32b 100k requests a month", {"requests_per_month": 100_000}),
    ("qwen3 32b 200 requests to our bot per minute", {"rate_per_s": pytest.approx(200 / 60)}),
    # Requests in flight as benchmarks count them, and active users as products count them.
    ("llama 8b concurrency 64, 2k in 500 out, on 1 H100", {"users": 64, "prompt_tokens": 2000, "output_tokens": 500}),
    ("llama 8b 200 concurrent requests", {"users": 200}),
    ("llama 8b 50k MAU", {"population": 50_000}),
    ("qwen3 32b, latency target 300 ms", {"ttft_s": 0.3}),
    # Without the answer's length, a latency goal stays the first token's, in Portuguese too ("meta" had been
    # left not understood).
    ("qwen3 32b, meta de latência de 300 ms", {"ttft_s": 0.3}),
    ("qwen3 32b, objetivo de latência de 500 ms", {"ttft_s": 0.5}),
    # Lengths as benchmarks and capacity plans write them.
    ("We expect around 50k requests per day with an average prompt of 1,500 tokens and 300 token responses, "
     "llama 3.1 8b", {"requests_per_day": 50_000, "prompt_tokens": 1500, "output_tokens": 300}),
    ("llama 70b with 1500-token prompts and 300-token answers at 2 rps",
     {"prompt_tokens": 1500, "output_tokens": 300, "rate_per_s": 2}),
    # Thousands right before the noun are its length ("4k prompts and 1k answers" had been two contexts
    # that contradicted each other); with a period after them, a count of requests.
    ("qwen3 32b at 100 requests per minute with 2k prompts and 500 token answers",
     {"prompt_tokens": 2000, "output_tokens": 500, "rate_per_s": pytest.approx(100 / 60)}),
    ("qwen3 32b 100 req/min 4k prompts and 1k answers",
     {"prompt_tokens": 4000, "output_tokens": 1000, "rate_per_s": pytest.approx(100 / 60)}),
    ("qwen3 32b 2k prompts per day", {"requests_per_day": 2000}),
    # With a length of its own after the noun, the thousands before it are the context.
    ("qwen2.5 32b 4bit 8k prompts de 2 mil tokens e respostas de 500",
     {"prompt_tokens": 2000, "output_tokens": 500, "context": 8192}),
    ("qwen3 32b 2k prompts a day", {"requests_per_day": 2000}),
    # Each noun before its own length ("input 1500 tokens output 250 tokens"): "1500 tokens output" had
    # been read as the answer's length, swapping the two.
    ("qwen3 32b, 600 rpm, input 1500 tokens output 250 tokens",
     {"prompt_tokens": 1500, "output_tokens": 250, "rate_per_s": 10}),
    ("qwen3 32b, prompt 1500 tokens resposta 250 tokens", {"prompt_tokens": 1500, "output_tokens": 250}),
    ("qwen3 32b, entrada 1.5k saída 250 tokens", {"prompt_tokens": 1500, "output_tokens": 250}),
    ("70b q4_k_m 16 mil tokens prompts de 2 mil tokens e respostas de 500",
     {"context": 16_000, "prompt_tokens": 2000, "output_tokens": 500}),
    # A count of items of a length: the length is the prompt, and the count stays a batch ("1 milhão" had been
    # left not understood, its noun taken by the length).
    ("batch de 1 milhão de prompts de 500 tokens com qwen 7b", {"prompt_tokens": 500, "batch_items": 1_000_000}),
    ("processar 1 milhão de prompts de 500 tokens com qwen 7b em 24 horas",
     {"prompt_tokens": 500, "batch_items": 1_000_000, "batch_seconds": 86_400}),
    ("llama 8b 10k emails of 300 tokens in 2 hours",
     {"prompt_tokens": 300, "batch_items": 10_000, "batch_seconds": 7200}),
    # A night is a batch's deadline ("overnight" had been not understood, and the 200k with it): 8 hours.
    ("Can you size DeepSeek-R1-Distill-Llama-70B for batch summarization of 200k support tickets overnight?",
     {"batch_items": 200_000, "batch_seconds": 8 * 3600}),
    ("resumir 50 mil contratos durante a noite com llama 8b", {"batch_items": 50_000, "batch_seconds": 8 * 3600}),
    # Pages at a rate are requests of one page each ("1000 pages/hour" had been one 750,000-token prompt).
    ("deploy qwen2.5-vl-7b for document OCR, 1000 pages/hour",
     {"prompt_pages": 1, "rate_per_s": pytest.approx(1000 / 3600)}),
    ("OCR de 500 páginas por hora com qwen2.5 vl 7b", {"prompt_pages": 1, "rate_per_s": pytest.approx(500 / 3600)}),
    # Items asked how long they take, with no verb for processing them.
    ("1 milhão de prompts com qwen 7b, quanto tempo numa h100?", {"batch_items": 1_000_000}),
    # RAG as engineers write it: the chunks retrieved times their size; "top 10, 20 usuários" had been read as
    # the range 10-20, the chunks counted as 20 and the users lost.
    ("rag com llama 3.1 70b, chunks de 512 tokens, top 10, 20 usuários", {"prompt_tokens": 5120, "users": 20}),
    ("rag llama 70b top-5 chunks de 1000 tokens", {"prompt_tokens": 5000}),
    ("rag llama 8b, top_k=8, chunks of 512 tokens, 50 users", {"prompt_tokens": 4096, "users": 50}),
    # Messages per conversation said with the conversations first.
    ("chatbot com histórico longo, conversas de até 100 mensagens, llama 8b", {"turns": 100}),
    ("llama 8b, conversations of up to 40 turns, 20 users", {"turns": 40, "users": 20}),
    ("llama 8b, input length 4096, output length 512, 8 requests/s",
     {"prompt_tokens": 4096, "output_tokens": 512, "rate_per_s": 8}),
    ("qwen3 8b, ISL 1000 OSL 1000, concurrency 32, on an H100",
     {"prompt_tokens": 1000, "output_tokens": 1000, "users": 32}),
    ("llama 8b 1k/1k at 10 rps", {"prompt_tokens": 1000, "output_tokens": 1000, "rate_per_s": 10}),
    ("qwen3 32b, peak of 20 QPS", {"rate_per_s": 20}),
    ("what does it cost per month to serve Llama 3.3 70B to 3k users?", {"users": 3000, "cost": True}),
    ("llama 8b 2,000 chats a day, each with 8 messages", {"requests_per_day": 16_000}),
    ("llama 8b 2000 chats a day, 8 messages each", {"requests_per_day": 16_000}),
    # People in a day: a head-count, never users at once; with each one's conversation said, a daily volume.
    ("llama 3.3 70b, 2 mil clientes por dia, cada conversa com 8 mensagens", {"requests_per_day": 16_000}),
    ("llama 8b 300 usuários por dia", {"population": 300}),
    ("qual a menor gpu pra rodar phi-4 com 20 req/min?", {"rate_per_s": pytest.approx(20 / 60)}),
    # The peak is what the hardware must hold: an average beside it is set aside (it was a contradiction).
    ("llama 8b 5 req/s no pico e 1 req/s em média", {"rate_per_s": 5}),
    ("llama 8b average 4 rps, peak 12 rps", {"rate_per_s": 12}),
    ("llama 8b 3 req/s em média", {"requests_per_day": 259_200}),  # a day at that pace: its peak is sized
    ("llama 8b 500 customers a day, 6 questions each", {"requests_per_day": 3000}),
    # "users/day", slashed as dashboards write it: "day" had been not understood and 1,000 a head-count.
    ("serve qwen3 8b for 1000 users/day, 20 requests each", {"requests_per_day": 20_000}),
    ("llama 70b for 300 concurrent users at 20 tokens/s each", {"users": 300, "tokens_per_s": 20}),
    ("serve qwen3 32b to 10k employees with sub-second first token", {"population": 10_000, "ttft_s": 1}),
    ("mixtral 8x7b, 25 rps, 95th percentile TTFT under 1.5s", {"rate_per_s": 25, "latency_percentile": 95, "ttft_s": 1.5}),
    ("llama 3.1 405b fp8, 2 requests per second, 2k prompt, 300 completion tokens",
     {"rate_per_s": 2, "prompt_tokens": 2000, "output_tokens": 300, "precision": "fp8"}),
    ("gemma 3 12b, bursts of 100 requests per second", {"rate_per_s": 100}),
    ("llama 8b, 2000 employees, 15 requests per employee per day", {"requests_per_day": 30_000}),
    # The whole service's output is no speed per user: divided by the answer length, it is the rate.
    ("llama 8b aggregate throughput 20,000 tokens per second", {"rate_per_s": 40}),
    ("llama 8b to summarize 20-page reports, 10 requests per minute", {"prompt_pages": 20, "rate_per_s": pytest.approx(10 / 60)}),
    # Latency as engineers write it: symbols glued to the word, and the time between tokens.
    ("llama 8b, 5 req/s, TTFT<0.5s", {"rate_per_s": 5, "ttft_s": 0.5}),
    ("llama 8b 5 req/s ttft=400ms tpot=25ms", {"rate_per_s": 5, "ttft_s": 0.4, "tokens_per_s": 40}),
    ("llama 8b 5 req/s, ITL under 20ms", {"rate_per_s": 5, "tokens_per_s": 50}),
    ("llama 8b 5 req/s, TTFT p99 under 800 ms", {"rate_per_s": 5, "latency_percentile": 99, "ttft_s": 0.8}),
    # API rate limits: tokens per minute ("TPM") are a volume, as "tokens por minuto" is (1,000 + 500 a request).
    ("qwen3 32b 1M TPM", {"rate_per_s": pytest.approx(1_000_000 / 1500 / 60)}),
    ("llama 8b 5M TPD", {"requests_per_day": 3333}),
    # A batch with a deadline: its items over its time (tests below: no peak hour).
    ("llama 8b processar 1 milhão de documentos em 2 dias", {"batch_items": 1_000_000, "batch_seconds": 172_800}),
    ("batch job: 2M product descriptions with llama 8b within 24 hours",
     {"model": "llama-3.1-8b", "batch_items": 2_000_000, "batch_seconds": 86_400}),
    ("llama 3.1 8b: batch inference of 2 million product descriptions, 200 tokens in, 100 out, must finish in 24h",
     {"batch_items": 2_000_000, "batch_seconds": 86_400, "prompt_tokens": 200, "output_tokens": 100}),
    ("classificar 500 mil textos com o qwen3 8b em 10 horas", {"batch_items": 500_000, "batch_seconds": 36_000}),
    # A weekend is Saturday and Sunday.
    ("we need to summarize 3 million support tickets over the weekend with llama 8b",
     {"batch_items": 3_000_000, "batch_seconds": 172_800}),
    ("llama 8b resumir 50 mil textos no fim de semana", {"batch_items": 50_000, "batch_seconds": 172_800}),
    ("translate 200k product descriptions to portuguese in 8 hours, llama 3.3 70b",
     {"batch_items": 200_000, "batch_seconds": 28_800}),
    ("llama 8b 1000 contratos de 30 páginas em 2 dias", {"prompt_pages": 30, "batch_items": 1000, "batch_seconds": 172_800}),
    # Those at once out of the people ("500 usuários ativos de 5000" had left "5000" not understood).
    ("llama 3.3 70b, 500 usuários ativos de 5000", {"users": 500, "population": 5000}),
    ("llama 8b 200 concurrent out of 3,000 users", {"users": 200, "population": 3000}),
    # A batch said as one ("um lote de", "batch job of", "lote de"), with no deadline: its items, timed.
    ("llama 8b processar um lote de 10 mil documentos", {"batch_items": 10_000}),
    ("llama 8b batch job of 20k emails", {"batch_items": 20_000}),
    ("qwen 7b lote de 500 contratos de 10 páginas", {"batch_items": 500, "prompt_pages": 10}),
    # Documents of a length at a rate, and a RAG corpus counted before its documents' length (not a context).
    ("llama 8b, 500 contratos de 40 páginas por dia", {"requests_per_day": 500, "prompt_pages": 40}),
    ("llama 8b 200 documents of 10 pages each per hour", {"rate_per_s": pytest.approx(200 / 3600), "prompt_pages": 10}),
    # (in a RAG the documents are the collection searched: each question reads the passages retrieved, 2,248 tokens)
    ("rag jurídico: 2 mil documentos de 30 páginas, 50 usuários, llama 3.3 70b", {"users": 50, "prompt_tokens": 2248}),
    ("qwen2.5-vl 7b para OCR de notas fiscais, 5 mil notas por dia", {"requests_per_day": 5000}),
    # A word for the items' kind between them and their period, and "doc(s)": the rate had been lost ("pdf" left
    # the contracts a batch with no deadline, "docs" a RAG corpus, "cada doc" not understood).
    ("processar 50 mil contratos pdf por dia com qwen2.5 32b, cada um com 30k tokens",
     {"requests_per_day": 50_000, "prompt_tokens": 30_000}),
    ("classificar 1 milhão de docs por dia com phi-4, 800 tokens cada doc",
     {"requests_per_day": 1_000_000, "prompt_tokens": 800}),
    ("qwen 14b 2 mil documentos jurídicos por mês", {"requests_per_month": 2000}),
    ("llama 8b 50k scanned invoices a day", {"requests_per_day": 50_000}),
    ("llama 8b 50k legal contracts a day, 3k tokens each doc", {"requests_per_day": 50_000, "prompt_tokens": 3000}),
    ("Queremos servir o Qwen3 8B a 2000 colaboradores da empresa, com tempo de resposta inferior a 2 segundos.",
     {"population": 2000, "ttft_s": 2}),
    ("llama 8b, 10 req/s, latência menor que 1 segundo", {"rate_per_s": 10, "ttft_s": 1}),
    # A percentile and a time with no latency word between them, or the share of requests said outright.
    ("quero hospedar o llama 3.1 8b para 10 req/s com p95 de 2s", {"rate_per_s": 10, "latency_percentile": 95, "ttft_s": 2}),
    ("llama 8b 10 rps p99 < 500ms", {"rate_per_s": 10, "latency_percentile": 99, "ttft_s": 0.5}),
    ("llama 8b 10 req/s, 95% dos pedidos respondidos em até 2 segundos", {"rate_per_s": 10, "latency_percentile": 95, "ttft_s": 2}),
    ("llama 8b 20 rps, 99% of requests under 800 ms", {"rate_per_s": 20, "latency_percentile": 99, "ttft_s": 0.8}),
    ("llama 8b, 5 req/s, streaming at 25 t/s", {"rate_per_s": 5, "tokens_per_s": 25}),
    # Approximation marks and dashes are punctuation, not words left over.
    ("qwen3 32b ~40 rps", {"rate_per_s": 40}),
    ("llama 8b — 500 req/h", {"rate_per_s": pytest.approx(500 / 3600)}),
    ("qwen 2.5 72b 8 pedidos/s respostas longas de 2000 tokens", {"rate_per_s": 8, "output_tokens": 2000}),
    ("llama 8b, prompts are usually around 3k tokens and answers about 300 tokens, 4 rps",
     {"prompt_tokens": 3000, "output_tokens": 300, "rate_per_s": 4}),
    # Money per million tokens is a cost question, not a training run's tokens.
    ("llama 3.1 8b price per 1M tokens at 20 rps", {"rate_per_s": 20, "cost": True}),
    ("qwen3 32b 5 req/s, quanto sai por milhão de tokens gerados?", {"rate_per_s": 5, "cost": True}),
    ("llama 8b 10 req/s, R$/1M tokens", {"rate_per_s": 10, "cost": True}),
    ("qual o custo de 1M tokens no llama 8b", {"cost": True}),  # had been 1M training tokens
    ("llama 8b price of a million tokens at 5 rps", {"rate_per_s": 5, "cost": True}),
    ("the customer wants a quote for serving qwen 32b to 300 users", {"users": 300, "cost": True}),
    # A volume per period ending a sentence: the full stop after "tokens/month." had made it a model's repo id
    # ("tokens/month"), refused as a second model.
    ("300M tokens/month. would llama 3.3 70b be cheaper?", {"requests_per_month": 200_000, "cost": True}),
    ("llama 3.1 8b. 2 milhões de tokens/mês.", {"requests_per_month": 1333}),
    ("450 requests/day. qwen3 8b", {"requests_per_day": 450}),
    # A share of a head-count said together ("25% of our 400 employees at once"): the people had been
    # swallowed by the share's phrase (sized for one user, or 400 at once), and "5% concurrent" left unread.
    ("qwen2.5 72b awq, 25% dos 400 colaboradores em simultâneo", {"population": 400, "active_share": 0.25}),
    ("qwen2.5 72b awq, 25% of our 400 employees at once", {"population": 400, "active_share": 0.25}),
    ("llama 8b, 10% of the 2k staff online at the same time", {"population": 2000, "active_share": 0.1}),
    ("llama 8b, 20% das 500 pessoas a usar ao mesmo tempo", {"population": 500, "active_share": 0.2}),
    ("mixtral 8x7b, 1.5k users, 5% concurrent, fp8", {"users": 1500, "active_share": 0.05}),
    ("llama 8b, 3000 users, 10% simultaneous", {"users": 3000, "active_share": 0.1}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), PHRASINGS, ids=[t for t, _ in PHRASINGS])
def test_traffic_is_understood_in_three_languages(text, expected):
    q = parse(text)
    assert q.unknown == []
    got = q.workload.given_fields()
    for key, value in expected.items():
        assert got.get(key) == value, key
    # Nothing else about the load is made up, and no "2 mil tokens" turned into a context.
    traffic = {"prompt_tokens", "prompt_pages", "output_tokens", "rate_per_s", "requests_per_day", "requests_per_month", "requests_per_week", "population",
               "requests_per_active_hour", "ttft_s", "latency_percentile",
               "tokens_per_s", "cost", "users", "context", "tokens"}  # fmt: skip
    assert set(got) & traffic == set(expected) & traffic


@pytest.mark.parametrize(
    ("text", "understood", "peak"),
    [("somos uma empresa de 200 pessoas, llama 3.1 8b", "Entendi: Llama 3.1 8B · 200 pessoas",
      "  • 200 pessoas: 10% delas na hora de pico"),
     ("we're a 30 person startup, llama 3.1 8b", "Understood: Llama 3.1 8B · 30 people",
      "  • 30 people: 10% of them at the busiest hour")],
)  # fmt: skip
def test_an_organisations_size_is_said_as_its_head_count(capsys, text, understood, peak):
    # It had been "200 usuários simultâneos", "30 concurrent users": as many conversations as people
    assert main([text]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == understood
    assert any(line.startswith(peak) for line in lines)


def test_a_latency_target_is_shown_as_it_was_set():
    question = parse("llama 8b 5 req/s primeiro token em até 250 ms")
    text = render_text(size(question.workload), question)
    assert "primeiro token ≤ 0,25 s" in text and "com primeiro token em até 0,25 s" in text
    assert "0,2 s" not in text and "0,3 s" not in text
    # A speed from a time between tokens keeps its decimal (30 ms is 33,3 tokens/s, not "33").
    question = parse("llama 8b 5 req/s tpot 30ms")
    text = render_text(size(question.workload), question)
    assert "≥ 33,3 tokens/s por usuário" in text and "e 33,3 tokens/s por usuário" in text


def test_a_target_at_a_percentile_says_the_figures_are_typical_ones():
    r = ask(model="8b", rate_per_s=5, ttft_s=0.8, latency_percentile=99, lang="en")
    assert any(
        a.startswith("Targets at p99: the performance figures are typical (median)") for a in r.assumptions
    )
    assert not any("p99" in a for a in ask(model="8b", rate_per_s=5, ttft_s=0.8).assumptions)


@pytest.mark.parametrize(
    "text, kept, others",
    [
        ("llama 3.1 8b 5 req/s p50 1s p99 3s", (50, 1.0), [(99, 3.0)]),
        ("llama 3.1 8b, 5 rps, ttft p50 < 500ms and p99 < 2s", (50, 0.5), [(99, 2.0)]),
        ("llama 3.1 8b 5 req/s p99 3s, p95 2s", (95, 2.0), [(99, 3.0)]),
    ],
)
def test_an_slo_at_several_percentiles_sizes_the_lowest_and_says_the_others(text, kept, others):
    # "p50 1s p99 3s" had been refused as a contradiction: two first-token targets.
    q = parse(text)
    w = q.workload
    assert (w.latency_percentile, w.ttft_s) == kept and w.other_latency_targets == others and not q.unknown
    r = size(w)
    assert r.workload.load.ttft_target_s == kept[1]
    said = next(a for a in r.assumptions if "mais de um percentil" in a)
    assert f"p{others[0][0]} em até" in said and "teste de carga" in said


def test_two_targets_at_one_percentile_are_still_a_contradiction():
    with pytest.raises(SizingError):
        parse("llama 3.1 8b p95 1s p95 3s")


def test_a_context_next_to_a_users_key_stays_a_context():
    w = parse("llama-3.1-70b q4_k_m ctx=8k users=4").workload
    assert (w.context, w.users) == (8192, 4)


def test_money_per_hour_is_no_rate():
    assert parse("llama 8b numa H100 a R$ 30 por hora").workload.rate_per_s is None
    assert parse("llama 8b 40 tokens por segundo").workload.rate_per_s is None


def test_a_misspelt_traffic_word_is_read_and_said():
    q = parse("llama 8b 300 requisiçoes por segudo, primera resposta em 1s")
    assert q.workload.rate_per_s == 300 and q.workload.ttft_s == 1 and q.unknown == []
    assert ("segudo", "segundo") in q.corrections and ("primera", "primeira") in q.corrections


def test_the_traffic_scan_skips_only_questions_it_would_read_nothing_in(monkeypatch):
    from sizing import traffic_query
    from tests.query_corpus import PHRASINGS as CORPUS

    texts = [t for t, _ in PHRASINGS] + [t for t, _ in CORPUS]
    gated = [msgspec.to_builtins(parse(t).workload) for t in texts]
    monkeypatch.setattr(traffic_query, "_SYMBOLS", re.compile(r"."))  # every question scanned
    assert [msgspec.to_builtins(parse(t).workload) for t in texts] == gated


@pytest.mark.parametrize(
    ("text", "population", "share"),
    [
        # The share after the peak: its number had been left unread.
        ("our company (around 1500 staff) wants Llama 3.3 70B. Expected peak is 10% of staff.", 1500, 0.1),
        ("llama 70b, 1500 employees, peak is 25% of employees", 1500, 0.25),
        ("qwen3 32b, 2000 funcionários, no pico uns 20% deles", 2000, 0.2),
        ("llama 8b 500 usuários, pico de 15% dos usuários", 500, 0.15),
    ],
)
def test_a_share_said_after_the_peak_is_the_share_active(text, population, share):
    q = parse(text)
    # a count of "usuários" with a share stays the users given; the answer reads them as the head-count
    people = q.workload.population or q.workload.users
    assert (people, q.workload.active_share) == (population, share) and q.unknown == []


def test_small_concurrent_counts_stay_conversations():
    assert parse("8b 10 clientes simultâneos").workload.users == 10
    assert parse("8b 10 clientes simultâneos").workload.population is None


@pytest.mark.parametrize(
    ("follow", "changed", "value"),
    [
        ("e se 20% usarem ao mesmo tempo?", "active_share", 0.2),
        ("e com 500 req/min?", "rate_per_s", pytest.approx(500 / 60)),
        ("and with a 1 s first token?", "ttft_s", 1.0),
        ("e se forem 10 mil funcionários?", "population", 10_000),
        ("e se forem 8 mil?", "population", 8000),  # the thread's people, not an 8,000-token context
        ("what if there were 12,000?", "population", 12_000),
        ("e pra 8 mil?", "population", 8000),  # "pra"/"for" too (not understood before)
        ("and for 6,000?", "population", 6000),
        ("e com primeira resposta em menos de meio segundo?", "ttft_s", 0.5),  # a half before a unit
        # The population's assumptions, in the words people use for them.
        ("e se metade usar ao mesmo tempo?", "active_share", 0.5),
        ("and if 15% are active at once?", "active_share", 0.15),
        ("e se 1 em cada 4 usar ao mesmo tempo?", "active_share", 0.25),
        ("com 25% ativos na hora de pico", "active_share", 0.25),
        ("e se cada um mandar 20 perguntas por hora?", "requests_per_active_hour", 20),
        ("what if each person sends 5 requests an hour", "requests_per_active_hour", 5),
        # The whole load scaled, in the terms it was given.
        ("e com o dobro de tráfego?", "population", 10_000),
        ("and 3x the traffic?", "population", 15_000),
        # "half the users" had been "half the use" (a share of people at once) and "rs" not understood.
        ("and half the users?", "population", 2500),
        ("e se 1 em cada 10 usa?", "active_share", 0.1),  # "usa" had been left unread
        ("e se a carga crescer 50%?", "population", 7500),
        # Words between the noun and its length.
        ("e se a entrada for de 8k?", "prompt_tokens", 8000),
        ("and if answers are 1k tokens", "output_tokens", 1000),
        ("e com respostas mais curtas, de 200 tokens?", "output_tokens", 200),
    ],
)
def test_a_follow_up_changes_only_what_it_names(follow, changed, value):
    base = parse("llama 70b 4bit para 5000 usuarios da empresa").workload
    q = parse(follow, base=base)
    assert q.changed == [changed] and q.unknown == []
    got = q.workload.given_fields()
    assert got[changed] == value and got["precision"] == "int4" and got["model"] == "llama-3.1-70b"
    if changed == "rate_per_s":
        assert "population" not in got  # a rate replaces the head-count it was derived from
    elif changed != "population":
        assert got["population"] == 5000


def test_a_scaled_load_keeps_its_terms():
    rate = parse("qwen3 32b 200 requisições por minuto").workload
    q = parse("e se o tráfego dobrar?", base=rate)
    assert q.changed == ["rate_per_s"] and q.workload.rate_per_s == pytest.approx(400 / 60)
    users = parse("qwen3 32b 10 usuários").workload
    assert parse("and twice the users?", base=users).workload.users == 20
    assert parse("e se forem 50?", base=users).workload.users == 50
    assert parse("e pra 50?", base=users).workload.users == 50
    assert parse("e pra 64k?", base=users).workload.context == 65536  # a count in k after "pra" is a context
    # With no load in the thread there is nothing to scale, and the answer says it did not understand.
    with pytest.raises(QueryError) as e:
        parse("e o dobro de tráfego?", base=parse("qwen3 32b").workload)
    assert e.value.params["words"] == ": “o dobro de tráfego”"


def test_a_thread_follow_up_changes_the_share_of_people_at_once(tmp_path):
    with serve(tmp_path) as slack:
        slack.event(
            sr.app_mention("<@UBOT> llama 70b 4bit para 5000 usuarios da empresa", ts="1700000101.000100"),
            "Ev101",
        )
        [first] = slack.fake.wait_for("chat.postMessage")
        text = _text(first.params["blocks"])
        assert "5.000 pessoas" in text and "10% delas" in text and "1,4 requisição/s no pico" in text
        follow = sr.message(
            "e se 20% usarem ao mesmo tempo?", thread_ts="1700000101.000100", ts="1700000102.000100"
        )
        slack.event(follow, "Ev102")
        second = slack.fake.wait_for("chat.postMessage", count=2)[1]
        text = _text(second.params["blocks"])
        assert "20% delas" in text and "2,8 requisições/s no pico" in text and "Llama 3.1 70B" in text
        assert [r["surface"] for r in slack.rows()] == ["mention", "thread"]


@pytest.mark.parametrize(
    ("first", "follow_up", "said"),
    [
        ("llama 8b 1 usuário", "e se 20% usarem ao mesmo tempo?", "20% de 1 pessoa não faz sentido"),
        ("llama 8b para 1 pessoa", "e se metade usar ao mesmo tempo?", "50% de 1 pessoa não faz sentido"),
    ],
)
def test_a_share_of_one_person_is_said_to_make_no_sense_and_that_person_sized(
    tmp_path, first, follow_up, said
):
    # It had been "1 pessoas · 20% ativos", "Li 1 usuários como as pessoas..." and "1 pessoas: 20% delas na
    # hora de pico", sizing 0.01 conversations in flight.
    with serve(tmp_path) as slack:
        slack.event(sr.app_mention(f"<@UBOT> {first}", ts="1700000201.000100"), "Ev201")
        slack.fake.wait_for("chat.postMessage")
        slack.event(sr.message(follow_up, thread_ts="1700000201.000100", ts="1700000202.000100"), "Ev202")
        text = _text(slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"])
        assert said in text, text
        assert "1 pessoas" not in text and "1 usuários" not in text and "1 people" not in text
        assert "1 usuário simultâneo" in text or "1 concurrent user" in text


# -- performance on every setup shown ------------------------------------------------------------------


def test_every_setup_shown_carries_its_performance():
    r = ask(model="70b", precision="4bit", context=32768, users=10, gpu="l40s", gpus=2)
    assert r.recommendation.performance is not None and r.requested.performance is not None
    shown = [a.setup for a in r.alternatives if a.setup is not None]
    assert shown and all(s.performance is not None for s in shown if s.problem is None)
    named = r.alternatives[0]
    assert named.kind == "named_gpu" and "Com as 4 conversas que cabem nela: ~" in named.text


def test_a_named_gpu_too_small_for_a_rate_says_what_it_serves_and_how_many_serve_it():
    r = ask(model="8b", gpu="l40s", gpus=1, rate_per_s=10)
    named = r.verdict
    one = r.requested.performance
    assert not r.requested.fits and one.max_requests_per_s < 10
    assert "Uma cópia do modelo nela sustenta até 2,9 requisições/s" in named.text
    assert "o pico pede 10 requisições/s" in named.text
    # Fewer conversations is no change under a rate, nor one that makes room but cannot serve the rate
    # (an FP8 KV cache here); more of the same GPU is copies that do serve it, and say how.
    kinds = [c.kind for c in named.changes]
    assert kinds == ["more_gpus"]
    light = ask(model="8b", gpu="l4", gpus=1, rate_per_s=0.5).verdict.changes  # one L4 nearly serves it
    assert [c.kind for c in light] == ["fp8_kv_cache", "lower_precision", "more_gpus"]
    assert all(c.setup.performance.utilization <= 1 for c in light)
    more = named.changes[-1].setup
    assert more.replicas > 1 and more.performance.utilization <= more.performance.planned_utilization
    # A GPU we do not rent is sized the same way: copies that serve the rate, not one that only holds it.
    off = ask(model="8b", gpu="l4", gpus=1, rate_per_s=10, lang="en").verdict
    [more] = off.changes
    assert more.setup.gpu == "l4" and more.setup.replicas > 1
    assert more.setup.performance.utilization <= more.setup.performance.planned_utilization
    assert "does not keep up" not in more.text
    # More of a GPU we rent than we rent for one service: the copies that serve, and that it is too many.
    over = ask(model="70b", gpu="h100", gpus=1, rate_per_s=50).verdict.changes[-1]
    assert over.kind == "more_gpus" and over.setup.replicas > 1 and not over.setup.in_offering
    assert "É mais do que alugamos para um serviço (até 32)" in over.text


def test_users_on_a_named_setup_are_requests_in_flight_there(catalog):
    r = ask(model="8b", gpu="h100", gpus=1, users=16, prompt_tokens=1000, output_tokens=200)
    p = r.requested.performance
    rep = replica(plan_for(r, catalog), catalog.gpu("h100-sxm"), 1, 1, catalog, users=16)
    expected = performance.at_concurrency(rep, 1000, 200, 16)
    assert p.concurrency == 16 and p.requests_per_s is None
    assert p.tpot_ms == pytest.approx(expected.tpot_s * 1000, rel=1e-6)
    assert p.ttft_s == pytest.approx(expected.ttft_s, rel=1e-6)
    assert p.output_tokens_per_s == pytest.approx(expected.output_tokens_per_s, rel=1e-6)
    # Saturated: as many as the KV cache and vLLM admit, far more than 16.
    assert p.max_output_tokens_per_s > 2 * p.output_tokens_per_s


def test_a_saturated_a100_runs_the_sequences_vllm_allows_there(catalog):
    """vLLM gives an A100 the small defaults, 256 sequences a step, though it has 80 GB (vllm-project/vllm PR
    #17885; gpustack's gpt-oss-20b burst on an A100 decodes ~224 at a time): Llama 3.1 8B's saturated figure on
    one A100 80GB with 200-token prompts and answers is ~3,770 tokens/s, where 1,024 sequences had said ~4,320.
    An H100 keeps vLLM's 1,024."""
    r = ask(model="8b", gpu="a100", gpus=1, users=16, prompt_tokens=200, output_tokens=200)
    a100 = replica(plan_for(r, catalog), catalog.gpu("a100-80gb-sxm"), 1, 1, catalog, users=16)
    h100 = replica(plan_for(r, catalog), catalog.gpu("h100-sxm"), 1, 1, catalog, users=16)
    assert (a100.kv_limit(400), h100.kv_limit(400)) == (256, 1024)
    saturated = r.requested.performance.max_output_tokens_per_s
    assert saturated == pytest.approx(performance.saturated(a100, 200, 200).output_tokens_per_s, rel=1e-6)
    assert 3600 < saturated < 3950


def plan_for(result, catalog):
    from sizing.plan import make_plan

    w = result.workload
    return make_plan(Workload(model=w.model.id, precision=w.precision, prompt_tokens=w.prompt_tokens,
                              output_tokens=w.output_tokens, users=16), catalog)  # fmt: skip


# -- cost ---------------------------------------------------------------------------------------------------


@pytest.fixture
def priced(tmp_path):
    """H100s at 10.00 on demand, 7.50 reserved, 6.00 dedicated, 5.00 per project; the rest unpriced."""
    table = "{ on_demand = 10.0, reserved = 7.5, dedicated = 6.0, project_package = 5.0 }"
    return load_catalog(priced_copy(tmp_path, {"h100-sxm": table}))


def test_cost_per_contract_mode_and_per_million_tokens(priced):
    r = size(
        Workload(model="8b", rate_per_s=10, prompt_tokens=1000, output_tokens=300, intent=Intent.production),
        priced,
    )
    rec = r.recommendation
    assert rec.gpu == "h100-sxm"
    c, n = rec.cost, rec.count
    assert c.mode == ("dedicated" if n >= 8 else "reserved")
    modes = c.by_contract_mode
    assert modes["on_demand"].per_hour == pytest.approx(10.0 * n) and modes[
        "reserved"
    ].per_hour == pytest.approx(7.5 * n)
    assert modes["reserved"].per_month == pytest.approx(7.5 * n * 730)
    assert modes["reserved"].saving_vs_on_demand == pytest.approx(0.25)
    assert modes["dedicated"].saving_vs_on_demand == pytest.approx(0.40)
    assert "project_package" not in modes  # a per-project package is for training runs
    # At the sized load: 10 requests/s x 300 tokens = 3,000 tokens/s, 10.8M tokens an hour.
    assert c.tokens_basis == "load"
    assert c.per_million_output_tokens == pytest.approx(c.per_hour / (3000 * 3600) * 1e6)
    text = render_text(r)
    assert "Preço (reservada)" in text or "Preço (dedicada)" in text
    assert "por milhão de tokens gerados (na carga dimensionada)" in text
    assert "25% a menos que sob demanda" in text


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_a_daily_volume_is_priced_at_its_peak_and_over_the_month(tmp_path, lang):
    # The price per million tokens at the peak hour had been the only one: a month of 50,000 requests a day
    # pays for the quiet hours too, so its tokens cost several times that.
    table = "{ on_demand = 10.0, reserved = 7.5, dedicated = 6.0, project_package = 5.0 }"
    every_gpu_priced = load_catalog(priced_copy(tmp_path, {None: table}))
    w = Workload(model="8b", requests_per_day=50_000, prompt_tokens=1000, output_tokens=300, lang=lang)
    r = size(w, every_gpu_priced)
    c = r.recommendation.cost
    assert c.tokens_basis == "peak"
    month_tokens = 50_000 * 22 * 300  # traffic.toml: 22 days of use a month
    assert c.month_output_tokens == month_tokens
    assert c.per_million_month == pytest.approx(c.per_month / month_tokens * 1e6)
    assert c.per_million_month > c.per_million_output_tokens
    text = render_text(r)
    if lang == "en":
        assert "per million output tokens (at the peak hour)" in text
        assert "Over the month's volume (330M tokens generated in 22 days of use)" in text
    else:
        assert "por milhão de tokens gerados (na hora de pico)" in text
        assert "No volume do mês (330 mi tokens gerados em 22 dias de uso)" in text


def test_a_rate_said_as_such_has_no_month_volume_to_price(priced):
    c = size(
        Workload(model="8b", rate_per_s=10, prompt_tokens=1000, output_tokens=300), priced
    ).recommendation.cost
    assert c.tokens_basis == "load" and c.per_million_month is None


def test_cheaper_setups_are_priced_and_the_cheapest_says_what_would_have_to_give(tmp_path):
    # "mais barato?" had repeated the same answer: 1× H200, with nothing cheaper said.
    prices = {"l40s": "{ on_demand = 8.0, reserved = 6.0 }", "l40": "{ on_demand = 7.0, reserved = 5.0 }",
              "a100-80gb-sxm": "{ on_demand = 12.0, reserved = 9.0 }", "h100-sxm": "{ on_demand = 20.0, reserved = 15.0 }",
              "h200-sxm": "{ on_demand = 30.0, reserved = 22.0 }"}  # fmt: skip
    catalog = load_catalog(priced_copy(tmp_path, prices))
    base = parse("qwen 32b 20 usuarios").workload
    r = size(parse("mais barato?", base=base).workload, catalog)
    assert r.recommendation.count == 1 and r.recommendation.gpu == "h200-sxm"
    options = [a for a in r.alternatives if a.kind == "cheaper"]
    # The cheapest first, each serving all 20 users: 4-bit on an L40, FP8 on an A100, 2 A100s at 16 bits...
    hourly = [a.setup.cost.by_contract_mode["on_demand"].per_hour for a in options]
    assert hourly == sorted(hourly) and hourly[0] == 7.0 and all(h < 30.0 for h in hourly)
    assert all(a.setup.max_users >= 20 for a in options)
    text = render_text(r)
    assert "Mais barato que 1× H200 SXM 141 GB, servindo a mesma carga:" in text
    assert "  • Em INT4 (AWQ/GPTQ g128): 1× L40 48 GB" in text
    assert "Preço: R$ 7,00/h, R$ 5.110/mês (77% a menos que a recomendação)." in text
    assert "  • 2× A100 SXM 80 GB (capacidade:" in text  # the same 16 bits on a cheaper GPU
    # Already the cheapest: what would have to give.
    cheapest = size(
        parse("cheaper?", base=parse("llama 70b 4bit 32k 10 usuarios").workload).workload, catalog
    )
    assert not [a for a in cheapest.alternatives if a.kind == "cheaper"]
    assert cheapest.cheaper == (
        "2× A100 SXM 80 GB já é a opção mais barata que serve essa carga. Para gastar menos, algo teria de "
        "ceder: 2× L40 48 GB leva até 4 usuários com 32.768 tokens, ou 10 usuários com até 13.161 tokens."
    )


@pytest.mark.parametrize(
    "text",
    [
        "what's the cost per 1M tokens for llama 3.1 8b at 80% utilization?",  # "80", "utilization" not understood
        "custo por milhão de tokens do llama 3.1 8b com utilização de 80%",
    ],
)
def test_a_price_per_million_tokens_at_a_utilization_asked(tmp_path, text):
    catalog = load_catalog(
        priced_copy(tmp_path, {None: "{ on_demand = 10.0, reserved = 7.5, dedicated = 6.0 }"})
    )
    query = parse(text, catalog)
    assert query.workload.utilization == 0.8 and query.unknown == []
    r = size(query.workload.but(lang="en"), catalog)
    p, c = r.recommendation.performance, r.recommendation.cost
    # That share of the rate the setup sustains within the latency targets, each request its answer length.
    assert c.tokens_basis == "utilization" and c.tokens_share == 0.8
    assert c.per_million_output_tokens == pytest.approx(
        c.per_hour / (p.max_requests_per_s * 500 * 0.8 * 3600) * 1e6
    )
    busy = size(query.workload.but(lang="en", utilization=None), catalog).recommendation.cost
    assert c.per_million_output_tokens == pytest.approx(busy.per_million_output_tokens / 0.8)
    text = render_text(r, query)
    assert "per million output tokens (at 80% of the rate the latency targets allow)" in text
    assert "cost at 80% utilization" in text


@pytest.mark.parametrize(
    ("text", "per_day", "weekdays"),
    [
        ("qwen3 32b rodando 8 horas por dia em dias úteis, custo mensal", 8, True),
        (
            "llama 70b para 50 usuários só em horário comercial, quanto custa por mês?",
            None,
            False,
        ),  # business hours
        ("llama 8b das 8h às 18h de segunda a sexta", 10, True),
        ("llama 8b 9am-5pm weekdays, monthly cost", 8, True),
        ("llama 8b 12 horas por dia", 12, False),
    ],
)
def test_a_schedule_is_read(text, per_day, weekdays):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and w.hours_per_day == per_day and w.weekdays_only == weekdays
    assert w.business_hours == ("horário comercial" in text)


def test_on_a_schedule_on_demand_bills_only_its_hours_and_the_answer_weighs_it(tmp_path):
    # "8 horas por dia em dias úteis" had been a 1-day term ("8 horas"): reserved for a month was compared
    # with nothing. On demand now bills 8 h x 30.4 days x 5/7, the others the whole month.
    priced = load_catalog(
        priced_copy(tmp_path, {None: "{ on_demand = 10.0, reserved = 7.5, dedicated = 6.0 }"})
    )
    w = Workload(
        model="8b", users=10, hours_per_day=8, weekdays_only=True, intent=Intent.production, cost=True
    )
    r = size(w, priced)
    c = r.recommendation.cost
    on = 8 * 730 / 24 * 5 / 7
    assert c.hours_on == pytest.approx(on) and c.schedule == (8, True)
    n = r.recommendation.count
    assert c.by_contract_mode["on_demand"].per_month == pytest.approx(10.0 * n * on)
    assert c.by_contract_mode["reserved"].per_month == pytest.approx(7.5 * n * 730)
    assert (
        c.by_contract_mode["reserved"].saving_vs_on_demand < 0
    )  # costs more than on demand on this schedule
    text = render_text(r)
    assert "Ligada ~174 horas por mês (8 h por dia, em dias úteis): sob demanda cobra só essas horas" in text
    assert "Com esse horário, sob demanda sai 60% mais barata que a dedicada, se houver GPU livre" in text
    # Always on, nothing changes.
    plain = size(w.but(hours_per_day=None, weekdays_only=False), priced).recommendation.cost
    assert plain.hours_on is None and plain.by_contract_mode["on_demand"].per_month == pytest.approx(
        10.0 * n * 730
    )


def test_a_term_or_a_year_asked_for_gets_its_total(priced):
    for text, months in (
        ("llama 8b 10 req/s, quanto custa por ano?", 12),
        ("8b reservado por 6 meses, 10 req/s", 6),
    ):
        q = parse(text)
        r = size(q.workload, priced)
        c = r.recommendation.cost
        assert q.workload.cost or q.workload.term_days
        assert c.term_total == pytest.approx(c.per_month * months)
        line = f"Por {months} meses" if months != 12 else "Por 1 ano"
        assert f"  {line} (" in render_text(r, q)


def test_no_prices_means_one_line_for_staff_and_no_money():
    r = ask(model="8b", rate_per_s=1)
    assert r.currency is None and r.recommendation.cost is None
    text = render_text(r)
    assert (
        "Sem preços configurados: as respostas não mostram valores até que quem administra o gpu-sizer"
        in text
    )
    assert "offering.toml" not in text  # where prices live is the README's business, not the answer's
    assert "R$" not in text


def test_a_training_run_costs_its_gpu_hours_at_the_project_price(priced):
    r = size(Workload(model="8b", stage=Stage.pretrain, tokens=10**11, gpu="h100", gpus=8), priced)
    c = r.requested.cost
    assert c.mode == "project_package" and c.per_hour == pytest.approx(8 * 5.0)
    # 6 x 8.03B parameters x 100B tokens at 40% MFU of 989.4 TFLOPS (BF16, H100 SXM), in GPU-hours.
    gpu_hours = 6 * 8_030_261_248 * 10**11 / (989.4e12 * 0.40) / 3600
    assert c.project_total == pytest.approx(gpu_hours * 5.0, rel=1e-6)


def test_json_carries_the_traffic_interface(priced, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GPU_SIZER_DATA", str(tmp_path / "data"))
    load_catalog.cache_clear()
    try:
        argv = ["-m", "8b", "--rate", "600/min", "--prompt-tokens", "1000", "--output-tokens", "300", "--ttft", "1",
                "--gpu", "h100", "--json"]  # fmt: skip
        assert main(argv) == 0
        data = json.loads(capsys.readouterr().out)
    finally:
        load_catalog.cache_clear()
    w = data["workload"]
    assert (w["prompt_tokens"], w["output_tokens"], w["rate_per_s"]) == (1000, 300, 10.0)
    assert w["population"] is None and w["ttft_target_s"] == 1.0 and w["tokens_per_s_target"] is None
    keys = {"replicas", "gpus_per_replica", "concurrency", "tokens_per_s_per_user", "output_tokens_per_s",
            "ttft_s", "tpot_ms", "max_output_tokens_per_s", "max_requests_per_s"}  # fmt: skip
    setups = [
        data["recommendation"],
        data["requested"],
        *(a["setup"] for a in data["alternatives"] if a["setup"]),
    ]
    for setup in setups:
        assert keys <= set(setup["performance"])
    cost = data["recommendation"]["cost"]
    assert {"per_hour", "per_month", "per_million_output_tokens", "by_contract_mode"} <= set(cost)
    assert data["decided_by"] in ("memory", "throughput", "latency")


def test_json_stays_strict_json_when_a_named_gpu_is_swamped(capsys):
    # One L4 cannot serve 10 requests/s: its wait is unbounded, which strict JSON (RFC 8259; JavaScript's
    # JSON.parse, jq) writes as null, never as Infinity.
    assert main(["llama 8b em 1 L4 com 10 req/s", "--json"]) == 0
    out = capsys.readouterr().out

    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")

    data = json.loads(out, parse_constant=refuse)
    swamped = data["requested"]["performance"]
    assert swamped["meets_targets"] is False and swamped["ttft_s"] is None and swamped["tpot_ms"] is None
    assert swamped["max_requests_per_s"] < 10


def _button_value(reply: dict, action_id: str) -> str:
    actions = next(b for b in reply["blocks"] if b["type"] == "actions")
    return next(e["value"] for e in actions["elements"] if e["action_id"] == action_id)


def _press_detail(slack, reply: dict, channel: str, user: str, nth: int = 1) -> str:
    body = sr.block_actions(
        "gpu_detail", _button_value(reply, "gpu_detail"), user_id=user, channel_id=channel,
        response_url=slack.fake.response_url(),
        container={"type": "message", "message_ts": "1.0", "channel_id": channel, "is_ephemeral": True},
    )  # fmt: skip
    assert slack.send(body)[0] == 200
    call = slack.fake.wait_for("response_url", count=nth)[nth - 1]
    assert call.params["replace_original"] is False  # the answer stays; the detail comes under it
    return _text(call.params["blocks"])


def test_the_answer_is_compact_and_the_detail_is_behind_a_button(tmp_path):
    with serve(tmp_path) as slack:
        reply = slack.command("llama 8b 300 requisições por minuto, prompts de 1000 tokens, respostas de 300")
        text = _text(reply["blocks"])
        # A line each: the load, the performance, what decided, and (staff, no prices) the missing prices.
        for start in (
            "Carga: 5,0 requisições/s no pico",
            "Desempenho: ~",
            "O que decidiu: ",
            "Sem preços configurados",
        ):
            assert sum(line.startswith(start) for line in text.splitlines()) == 1, start
        assert "Modelo de desempenho" not in text  # the model's assumptions are in the detail
        detail = _press_detail(slack, reply, "C0001", "U0001")
        assert "Desempenho e custo" in detail and "Modelo de desempenho: vLLM" in detail
        assert detail.count("tokens/s por usuário") >= 2  # the recommendation and its alternatives
        assert "Sem preços configurados" in detail
        # Customers in a shared channel get neither prices nor the staff's line about them.
        shared = slack.command(
            "llama 8b 300 requisições por minuto", channel_id="CEXT0003", user_id="UEXT0003"
        )
        assert "Sem preços" not in _text(shared["blocks"])
        assert "Sem preços" not in _press_detail(slack, shared, "CEXT0003", "UEXT0003", nth=2)
        # A customer who asks what it costs is pointed to sales, never shown a made-up number.
        asked = slack.command("llama 8b 300 requisições por minuto, quanto custa?", channel_id="CEXT0003",
                              user_id="UEXT0003")  # fmt: skip
        text = _text(asked["blocks"])
        # written in Portuguese, answered in it (their locale, English, decides only for shorthand)
        assert "Preços: o time comercial envia com a proposta" in text and "BRL" not in text
        surfaces = [r["surface"] for r in slack.rows()]
        assert surfaces == ["slash_command", "button", "slash_command", "button", "slash_command"]


# -- the README's traffic example is real ----------------------------------------------------------------


def _readme_block(title: str, fence: str = "```text\n", nth: int = 0) -> str:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index(title) :]
    start = -1
    for _ in range(nth + 1):
        start = section.index(fence, start + 1)
    start += len(fence)
    return section[start : section.index("\n```", start) + 1]


TRAFFIC_QUESTION = "qwen3 32b, 200 requisições por minuto, prompts de 2 mil tokens e respostas de 500"


def test_the_readme_traffic_answer_is_what_gpu_size_gives(capsys):
    assert main([TRAFFIC_QUESTION]) == 0
    assert capsys.readouterr().out == _readme_block("## A real traffic question")


def test_the_readme_priced_example_is_what_those_prices_give(tmp_path, monkeypatch, capsys):
    example = _readme_block("### Cost", fence="```toml\n")
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    offering = data / "offering.toml"
    text = offering.read_text()
    start = text.index('[[offer]]\ngpu = "h200-sxm"')
    end = text.index("\n\n", start)
    offering.write_text(text[:start] + example.rstrip("\n") + text[end:])
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    try:
        assert main([TRAFFIC_QUESTION + ", produção, quanto custa por mês?"]) == 0
    finally:
        load_catalog.cache_clear()
    out = [line.strip() for line in capsys.readouterr().out.splitlines()]
    shown = _readme_block("### Cost", nth=0).strip().splitlines()
    assert shown and all(line in out for line in shown)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("llama 8b", "com 1 conversa em andamento;"),
        ("llama 8b 3 usuários", "com 3 conversas em andamento;"),
        ("llama 8b in english", "with 1 conversation in flight;"),
    ],
)
def test_the_performance_line_counts_conversations_in_the_right_number(text, line):
    query = parse(text)
    assert line in render_text(size(query.workload), query)


@pytest.mark.parametrize(
    ("text", "said", "not_said"),
    [
        # The rate decides the conversations in flight: the users typed are people, never "simultâneos".
        ("gpt-oss-120b 500 usuários 30 req/min", "500 pessoas", "500 usuários simultâneos"),
        (
            "gpt-oss-120b for 500 users at 30 requests per minute, in english",
            "500 people",
            "500 concurrent users",
        ),
        ("llama 8b 20 usuários", "20 usuários simultâneos", "pessoas"),
    ],
)
def test_the_understood_line_never_calls_users_concurrent_when_a_rate_sets_aside(text, said, not_said):
    query = parse(text)
    first = render_text(size(query.workload), query).splitlines()[0]
    assert said in first and not_said not in first


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 8b 1000 tokens de contexto", "1.000 tokens de contexto"),
        ("llama 8b 32k", "32k de contexto"),
        # "M" after a number that is no power of two is a plain million (sizing/quantities.py)
        ("llama 4 scout 10M context", "10.000.000 tokens de contexto"),
        ("llama 4 scout 2M context", "2M de contexto"),
        ("llama 8b contexto de 128 mil", "128.000 tokens de contexto"),  # had said "125k"
    ],
)
def test_the_understood_line_says_a_plain_context_in_tokens(text, said):
    query = parse(text)
    assert said in render_text(size(query.workload), query).splitlines()[0]


@pytest.mark.parametrize(
    ("text", "field", "tokens", "said"),
    [
        # "2000" had been a 2,000-token context (a word is more than a token), then a length left unread.
        (
            "llama 8b prompts de 2000 palavras, 2 req/s",
            "prompt_tokens",
            3000,
            "Li “prompts de 2000 palavras” como ~3.000",
        ),
        (
            "llama 8b respostas de 300 words",
            "output_tokens",
            450,
            "Li “respostas de 300 words” como ~450 tokens",
        ),
        (
            "llama 8b, 20 usuarios, documentos de 2000 palavras",
            "prompt_tokens",
            3000,
            "(1,5 token por palavra",
        ),
        (
            "llama 8b summarize 2,000-word reports, 5000 a day",
            "prompt_tokens",
            3000,
            "Read “2,000-word reports”",
        ),
    ],
)
def test_a_length_in_words_is_tokens_at_traffic_tomls_rate(text, field, tokens, said):
    q = parse(text)
    assert q.unknown == [] and q.workload.context is None
    assert getattr(q.workload, field) == tokens
    assert said in render_text(size(q.workload.but(lang=q.detected_lang)), q)


def test_a_count_of_words_with_no_noun_is_still_not_understood():
    assert "500 palavras" in parse("llama 8b 500 palavras").unknown


@pytest.mark.parametrize(
    ("text", "at_once", "people"),
    [
        # The head-count's estimate (27 at once) had been sized, with "300 usuários simultâneos" shown as understood.
        ("llama 8b 5000 funcionarios, 300 conversas simultâneas", "300", "5.000"),
        # "100 ao mesmo tempo" had been left unread; "500 pessoas, 50 simultaneamente" refused as a contradiction.
        ("8b 2 mil usuarios mas só 100 ao mesmo tempo", "100", "2.000"),
        ("8b 500 pessoas, 50 simultaneamente", "50", "500"),
    ],
)
def test_conversations_at_once_beside_a_head_count_are_what_is_sized(text, at_once, people):
    query = parse(text)
    answer = render_text(size(query.workload), query)
    header = answer.split("\n\n")[1]
    assert f"· {at_once} usuários simultâneos" in header
    assert (
        f"Dimensionei as {at_once} conversas ao mesmo tempo que a pergunta deu; as {people} pessoas não"
        in answer
    )


@pytest.mark.parametrize(
    ("text", "per_day"),
    [
        # An average of turns per conversation multiplies the conversations' rate, as "8 messages each" does.
        (
            "serve gemma 3 27b for a call center with 300 agents, 15k conversations per day, average 6 turns",
            90_000,
        ),
        ("llama 8b, 2 mil atendimentos por dia, em média 8 mensagens", 16_000),
        ("llama 8b 500 conversas por dia com uma média de 5 perguntas", 2_500),
    ],
)
def test_an_average_of_turns_per_conversation_multiplies_the_conversations(text, per_day):
    q = parse(text)
    assert q.workload.requests_per_day == per_day and q.unknown == []


@pytest.mark.parametrize(
    "text",
    [
        # A day's tokens on both sides: the answers' make the requests (500 tokens each, traffic.toml's
        # default), the prompts' each one's length. "500k tokens output" had been one answer of 501,000 tokens.
        "we expect 2M tokens per day of input and 500k tokens output for llama 3.3 70b",
        "llama 3.3 70b, 2M tokens de entrada e 500k de saída por dia",
        "llama 3.3 70b, 2 milhões de tokens de entrada por dia e 500 mil de saída",
    ],
)
def test_a_days_input_and_output_tokens_make_the_rate_and_the_prompt(text):
    w = parse(text).workload
    assert (w.requests_per_day, w.prompt_tokens, w.output_tokens) == (1_000, 2_000, None)


def test_a_days_input_tokens_alone_are_prompts_of_the_default_length():
    w = parse("llama 70b 3M input tokens per day").workload
    assert w.requests_per_day == 3_000  # 1,000-token prompts (traffic.toml)


@pytest.mark.parametrize(
    ("text", "users", "population"),
    [
        # A call center's attendants or operators each work conversations all day: users at once, as "50
        # agentes" is; "15 atendentes" had been a head-count, 1 user at once at the 10% default share.
        ("llama 8b para 15 atendentes", 15, None),
        ("llama 8b para 50 operadores de call center", 50, None),
        # A whole company's staff is still a head-count.
        ("llama 8b 5000 funcionários", None, 5000),
    ],
)
def test_attendants_are_users_and_a_companys_staff_a_head_count(text, users, population):
    w = parse(text).workload
    assert (w.users, w.population) == (users, population)


@pytest.mark.parametrize(
    ("text", "people", "said"),
    [
        ("llama 3.1 8b for 5000 employees and 200 active users", (200, 5000),
         "The load comes from the 200 people who use the service; the organisation's 5,000 were not used"),
        ("llama 3.1 8b para 5000 funcionários e 200 usuários ativos", (200, 5000),
         "A carga vem das 200 pessoas que usam o serviço; os 5.000 da organização não foram usados"),
        ("qwen3 8b, 20 mil colaboradores, 1500 usuários ativos mensais", (1500, 20_000),
         "A carga vem das 1.500 pessoas que usam o serviço; os 20.000 da organização"),
    ],
)  # fmt: skip
def test_the_people_who_use_it_among_an_organisation_set_the_load(text, people, said):
    # Two head-counts, the organisation's and its active users, had been "The request contradicts itself".
    query, answer = _answer(text)
    assert (query.workload.population, query.workload.organisation_people) == people and said in answer


# -- messages per conversation: the context they fill -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "turns", "prompt", "context"),
    [
        # traffic.toml's lengths: 1,000 new tokens a message, 500 an answer; 10 x 1,500.
        ("llama 70b 50 usuários, cada conversa com 10 mensagens", 10, 1000, 15_000),
        ("llama 3.1 8b for 20 users, each conversation with 6 messages", 6, 1000, 9_000),
        # The messages' own length: 10 x (200 + 500).
        ("llama 8b 20 usuários, cada conversa com 10 mensagens de 200 tokens", 10, 200, 7_000),
        # With a rate of conversations too: the requests, and the context.
        ("llama 3.3 70b, 2 mil clientes por dia, cada conversa com 8 mensagens", 8, 1000, 12_000),
    ],
)
def test_messages_per_conversation_fill_its_context(text, turns, prompt, context):
    query = parse(text)
    assert query.unknown == [] and query.workload.turns == turns
    result = size(query.workload)
    assert result.workload.context_tokens == context
    load = result.workload.load
    # Each request is the last message, on the history of the ones before it (prefix-cached).
    assert (load.prompt_tokens, load.history_tokens) == (prompt, context - prompt - 500)
    assert f"{turns} mensagens por conversa" in render_text(result, query).splitlines()[0]


def test_a_day_of_conversations_with_messages_still_counts_every_message_as_a_request():
    w = parse("llama 3.3 70b, 2 mil clientes por dia, cada conversa com 8 mensagens").workload
    assert w.requests_per_day == 16_000


def test_more_messages_than_the_window_holds_are_sized_at_the_window_and_said():
    query = parse("qwen 32b, 20 users, each conversation has 30 messages")
    result = size(query.workload)
    assert result.workload.context_tokens == 32_768  # Qwen2.5 32B's window, not 45,000
    answer = render_text(result, query)
    assert "30 × (1.000 tokens de pergunta + 500 de resposta) = 45.000 tokens" in answer
    assert "resumir ou cortar as mensagens mais antigas" in answer


def test_a_context_said_wins_over_the_messages():
    result = size(parse("llama 8b 32k 20 usuários, cada conversa com 10 mensagens").workload)
    assert result.workload.context_tokens == 32_768


def test_a_thread_that_changes_the_messages_scales_its_rate_and_its_context():
    base = parse("llama 8b, 2 mil atendimentos por dia, cada um com 4 mensagens").workload
    assert base.requests_per_day == 8_000
    follow = parse("e se forem 10 mensagens por conversa?", base=base).workload
    assert (follow.turns, follow.requests_per_day) == (10, 20_000)
    assert size(follow).workload.context_tokens == 15_000


# -- answers said to be short or long ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens", "users", "said"),
    [
        ("quero subir um modelo de 30b pra uns 100 atendentes, respostas curtas", 200, 100, "~200 tokens"),
        ("llama 3.1 8b chatbot com respostas longas, 20 usuarios", 2000, 20, "~2.000 tokens"),
        # "answers 20" had been read as 20-token answers, and the users lost.
        ("llama 3.1 8b long answers 20 users", 2000, 20, "~2.000 tokens"),
        ("llama 3.1 8b respostas longas de 800 tokens", 800, None, None),  # a number said wins over the word
    ],
)
def test_answers_said_short_or_long_are_sized_with_traffic_toml_lengths(text, tokens, users, said):
    query = parse(text)
    assert not query.unknown
    assert (query.workload.output_tokens, query.workload.users) == (tokens, users)
    answer = render_text(size(query.workload), query)
    if said:
        assert said in answer.splitlines()[1]  # said right under what was understood
    else:
        assert "~" not in answer.splitlines()[1]


def test_the_lengths_for_short_and_long_answers_come_from_traffic_toml(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    toml = data / "traffic.toml"
    toml.write_text(toml.read_text().replace("short_output_tokens = 200", "short_output_tokens = 120"))
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    try:
        assert main(["llama 3.1 8b, respostas curtas, 10 usuarios", "--json"]) == 0
    finally:
        load_catalog.cache_clear()
    out = json.loads(capsys.readouterr().out)
    assert out["workload"]["output_tokens"] == 120
    assert out["query"]["answer_lengths"] == [{"typed": "respostas curtas", "tokens": 120}]


def test_a_thread_follow_up_asking_for_long_answers_changes_only_the_answer_length():
    base = parse("llama 3.1 70b 4bit, 30 usuarios, prompts de 2 mil tokens").workload
    follow = parse("e com respostas longas?", base=base).workload
    assert (follow.output_tokens, follow.prompt_tokens, follow.users) == (2000, 2000, 30)


@pytest.mark.parametrize(
    ("text", "prompt", "said"),
    [
        # "short" had been listed as not understood, and the prompt left at the 1,000-token default.
        (
            "Hi, we want to deploy Llama 3.1 405B for internal use, ~100 employees, mostly short questions",
            200,
            "Read “short questions” as prompts of ~200 tokens",
        ),
        (
            "llama 8b, 20 usuários, perguntas curtas e respostas longas",
            200,
            "Li “perguntas curtas” como prompts de ~200",
        ),
        ("llama 3.1 8b for 30 users, long prompts", 4000, "Read “long prompts” as prompts of ~4,000 tokens"),
        ("llama 3.1 8b 30 users long prompts, prompts of 3000 tokens", 3000, None),  # a number said wins
    ],
)
def test_prompts_said_short_or_long_are_sized_with_traffic_toml_lengths(text, prompt, said):
    query = parse(text)
    assert not query.unknown
    assert query.workload.prompt_tokens == prompt
    answer = render_text(size(query.workload.but(lang=query.detected_lang)), query)
    if said:
        assert said in answer
    else:
        assert "Read “" not in answer


def test_a_thread_follow_up_asking_for_short_questions_changes_only_the_prompt_length():
    base = parse("llama 3.1 70b 4bit, 30 usuarios, respostas de 300 tokens").workload
    follow = parse("e se forem perguntas curtas?", base=base).workload
    assert (follow.prompt_tokens, follow.output_tokens, follow.users) == (200, 300, 30)


def test_a_batch_with_a_deadline_runs_at_one_pace_with_no_peak_hour():
    # 1M documents in one day: 11.6 requests/s from start to end. The same million as a daily volume of a
    # service is sized for its busiest hour (traffic.toml: 15% of the day's requests in it), 41.7/s.
    batch = size(parse("llama 3.1 8b, processar 1 milhão de documentos em 1 dia").workload)
    daily = size(parse("llama 3.1 8b, 1 milhão de documentos por dia").workload)
    assert batch.workload.load.basis == "batch" and daily.workload.load.basis == "daily"
    assert batch.workload.load.rate_per_s == pytest.approx(1_000_000 / 86_400)
    assert daily.workload.load.rate_per_s == pytest.approx(1_000_000 * 0.15 / 3600)
    said = " ".join(batch.assumptions)
    assert "Lote de 1.000.000 pedidos em 1 dia: 12 requisições/s do início ao fim, sem hora de pico" in said
    # No one waits on a batch's answers: traffic.toml [latency_batch]'s loose limits, not a chat's.
    assert "primeiro token em até 600 s e pelo menos 1 token/s por sequência" in said
    assert batch.workload.load.ttft_target_s == 600
    assert "contínuas (1.000.000 pedidos ÷ 1 dia), do início ao fim do lote" in render_text(batch)


def test_a_training_deadline_is_no_batch():
    q = parse("fine-tune llama 8b com 10 mil documentos em 3 dias")
    assert q.workload.days == 3 and q.workload.batch_items is None


def test_a_batch_with_no_deadline_is_told_how_long_it_takes():
    # "Quanto tempo demora a processar 100 mil emails?": the answers' tokens at the setup's saturated output.
    query = parse("Quanto tempo demora a processar 100 mil emails com o llama 3.1 8b numa L40S?")
    assert (query.workload.batch_items, query.workload.batch_seconds, query.workload.gpu) == (
        100_000,
        None,
        "l40s",
    )
    result = size(query.workload)
    p = result.recommendation.performance
    hours = 100_000 * result.workload.load.output_tokens / p.max_output_tokens_per_s / 3600
    assert (
        f"100.000 pedidos levam ~{round(hours)} horas nesta configuração, com a GPU saturada"
        in result.batch_time
    )
    text = render_text(result, query)
    assert "lote de 100.000 pedidos" in text and text.count("100.000 pedidos levam") == 1
    # The verb that counts the items still names the task.
    asked = parse("how long to summarize 5,000 reports with qwen3 32b").workload
    assert (asked.batch_items, asked.task) == (5000, "summarization")
    assert parse("fine-tune llama 8b, processar 10 mil documentos").workload.batch_items is None


def test_fast_answers_asked_with_no_figure_are_sized_for_mlperfs_interactive_limits():
    # traffic.toml [latency_interactive]: MLPerf's llama3_1-8b-interactive, TTFT 500 ms and TPOT 30 ms.
    fast = size(parse("llama 3.1 8b chatbot em tempo real, 10 req/s").workload)
    chat = size(parse("llama 3.1 8b chatbot, 10 req/s").workload)
    assert fast.workload.ttft_target_s is None  # not said as a figure
    said = " ".join(fast.assumptions)
    assert (
        "primeiro token em até 0,5 s e pelo menos 33 tokens/s por usuário" in said and "Interactive" in said
    )
    # Tighter targets need at least as much hardware.
    assert fast.recommendation.count * fast.recommendation.gpu_memory_bytes >= (
        chat.recommendation.count * chat.recommendation.gpu_memory_bytes
    )
    # A figure given wins over the default it replaces.
    mixed = parse("llama 3.1 8b, respostas rápidas, primeiro token em 1 s, 5 req/s").workload
    assert (mixed.fast_latency, mixed.ttft_s) == (True, 1.0)
    said = " ".join(size(mixed).assumptions)
    assert (
        "Respostas rápidas: latência dimensionada para primeiro token em até 1,0 s e pelo menos 33 tokens/s"
        in said
    )


def test_a_reasoning_workload_is_told_its_chains_of_thought_are_output():
    # "reasoning high" (gpt-oss's effort level) is read as the reasoning task, and "high" no longer unknown.
    query = parse("gpt-oss-120b com reasoning high, 20 usuários")
    assert not query.unknown and query.workload.task == "reasoning"
    result = size(query.workload)
    said = " ".join(result.assumptions)
    # sized at a reasoning answer's published mean, in a context that holds the longest one (traffic.toml)
    assert (
        "a cadeia de pensamento antes da resposta, e ela também é saída. Usei respostas de 4.043 tokens"
        in said
    )
    assert result.workload.load.output_tokens == 4043 and result.workload.context_tokens == 33768
    # With the answers' length given, nothing is said.
    given = size(parse("gpt-oss-120b reasoning, 20 usuários, respostas de 4000 tokens").workload)
    assert given.workload.load.output_tokens == 4000
    assert "cadeia de pensamento" not in " ".join(given.assumptions)


def test_requests_and_tokens_per_minute_together_make_the_rate_and_each_requests_length():
    # "500 RPM and 200k TPM": 500 requests a minute of 400 tokens each, not a second rate of 2.2 requests/s.
    query = parse("llama 3.1 70b, we need 500 RPM and 200k TPM")
    w = query.workload
    assert not query.unknown and w.rate_per_s == pytest.approx(500 / 60)
    assert w.prompt_tokens + w.output_tokens == 400 and w.prompt_tokens == 2 * w.output_tokens + 1
    result = size(w)
    assert (
        "~400 tokens por requisição, divididos na proporção do padrão: 267 de prompt e 133 de resposta"
        in " ".join(result.assumptions)
    )
    assert "~400 tokens por requisição" in render_text(result, query).split("\n")[0]


def test_a_new_deadline_in_a_batchs_thread_changes_the_batch():
    base = parse("llama 3.1 8b processar 1 milhão de documentos em 2 dias").workload
    follow = parse("e em 1 dia?", base=base).workload
    assert (follow.batch_items, follow.batch_seconds, follow.days) == (1_000_000, 86_400, None)
    assert size(follow).workload.load.rate_per_s == pytest.approx(1_000_000 / 86_400)


@pytest.mark.parametrize(
    ("text", "items", "hours"),
    [
        # A daily volume run at night: a night's hours (traffic.toml [batch] night_hours); it had been a batch
        # with no deadline on 1 GPU ("~1,3 dias"), and "every night" not understood.
        ("processar 500 mil documentos por noite com qwen2.5 7b", 500_000, 8),
        ("processar 500 mil documentos toda noite com qwen2.5 7b", 500_000, 8),
        ("classificar 200 mil chamados todas as noites com qwen 7b", 200_000, 8),
        ("process 500k documents every night with qwen2.5 7b", 500_000, 8),
        ("qwen2.5 7b, 500k documents nightly", 500_000, 8),
        ("qwen2.5 7b: summarize 300k emails each night", 300_000, 8),
        # The night's hours typed after it, and a window: "durante" and "madrugada", or "6h", not understood.
        ("processar 500 mil documentos durante a madrugada (6 horas) com qwen2.5 7b", 500_000, 6),
        ("processar 500 mil documentos na madrugada com qwen2.5 7b", 500_000, 8),
        ("processar 500 mil documentos em uma janela de 6h com qwen2.5 7b", 500_000, 6),
        ("processar 500 mil documentos, janela de 6 horas, com qwen2.5 7b", 500_000, 6),
        ("process 500k documents in a 6-hour window with qwen2.5 7b", 500_000, 6),
        ("qwen2.5 7b, 500k docs within a window of 5 hours", 500_000, 5),
        # pt-PT: "bilhetes" are tickets ("milhões", "bilhetes" had been not understood, the batch lost).
        ("preciso de classificar 2 milhões de bilhetes em 3 dias com o qwen 7b", 2_000_000, 72),
    ],
)  # fmt: skip
def test_a_nightly_volume_or_a_time_window_is_a_batchs_deadline(text, items, hours):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and w.context is None
    assert (w.batch_items, w.batch_seconds) == (items, hours * 3600)


@pytest.mark.parametrize(
    ("text", "items", "hours"),
    [
        # The time said after the prompt's and the answer's lengths, further from the items than a batch's
        # phrase reaches: "em 6 horas" had been a service's term rounded up to "1 dia", "6h" not understood.
        ("classificar 2 milhoes de tickets com llama 3.1 8b, 500 tokens de entrada e 20 de saida, terminar em 6 horas",
         2_000_000, 6),
        ("classificar 2 milhoes de tickets com llama 3.1 8b, 500 tokens de entrada e 20 de saida, da pra terminar em 6h?",
         2_000_000, 6),
        ("classify 2M tickets with llama 3.1 8b, 500 input tokens and 20 output tokens, it must finish within 6 hours",
         2_000_000, 6),
        ("resumir 300 mil e-mails com qwen2.5 7b, prompts de 800 tokens e respostas de 100, tudo em 2 dias",
         300_000, 48),
        # The night before the items, or after their lengths: its default hours.
        ("de madrugada: classificar 2 milhoes de tickets com llama 3.1 8b, 500 tokens de entrada e 20 de saida",
         2_000_000, 8),
        ("overnight we classify 500k tickets with llama 3.1 8b, 500 tokens in and 20 out each", 500_000, 8),
        # A night and its hours said apart: the hours typed are the night's (it had been refused as a
        # contradiction of "de madrugada" and "em 6h").
        ("job batch de madrugada: classificar 2 milhoes de tickets com llama 3.1 8b, uns 500 tokens de entrada e 20"
         " de saida, da pra terminar em 6h?", 2_000_000, 6),
    ],
)  # fmt: skip
def test_a_batchs_time_said_apart_from_its_items_is_its_deadline(text, items, hours):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and w.days is None
    assert (w.batch_items, w.batch_seconds) == (items, hours * 3600)


@pytest.mark.parametrize(
    "text",
    [
        # With no batch, a time is a service's term or a training's deadline, as before.
        "llama 8b 10 usuarios, 500 tokens de entrada e 20 de saida, em 3 dias",
        "fine-tune do llama 8b com 10 mil exemplos, 500 tokens cada, terminar em 3 dias",
    ],
)
def test_a_time_with_no_batch_stays_a_term_or_a_deadline(text):
    w = parse(text).workload
    assert w.batch_seconds is None and w.days == 3


def test_a_term_of_one_day_is_said_in_the_singular(capsys):
    assert main(["llama 8b 10 usuarios em 1 dia"]) == 0
    out = capsys.readouterr().out
    assert "Prazo de 1 dia para ter o serviço no ar" in out  # it had been "de 1 dias"


def test_a_nightly_batch_is_sized_to_finish_within_the_night(capsys):
    assert main(["processar 500 mil documentos por noite com qwen2.5 7b"]) == 0
    out = capsys.readouterr().out
    assert "lote de 500.000 pedidos em 8 horas" in out and "1 usuário simultâneo" not in out
    assert "levam ~" not in out  # it had been "500.000 pedidos levam ~1,3 dias nesta configuração"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("processar 50 mil documentos numa janela de 6h com llama 3.1 8b",
         "Carga: 2,3 requisições/s contínuas (50.000 pedidos ÷ 6 horas), do início"),
        ("qwen2.5 7b, summarize 50k documents every night",
         "Load: 1.7 requests/s steady (50,000 requests ÷ 8 hours), from"),
        ("a nossa equipa precisa de classificar 2 milhões de bilhetes em 3 dias com o qwen 7b",
         "contínuos (2\xa0000\xa0000 pedidos ÷ 3 dias), do início"),
        ("qwen 7b, 1 milhão de documentos em 90 minutos", "185 requisições/s contínuas (1.000.000 pedidos ÷ 90 minutos)"),
    ],
)  # fmt: skip
def test_a_batchs_load_line_says_its_volume_over_its_window(text, said, capsys):
    # The rate a window needs had been given with no sign of where it came from.
    assert main([text]) == 0
    load = next(line for line in capsys.readouterr().out.splitlines() if line.startswith(("Carga:", "Load:")))
    assert said in load
    rate = float(re.search(r"([\d.,]+) (?:requisições|pedidos|requests)/s", load).group(1).replace(",", "."))
    items, hours = {"6 horas": (50_000, 6), "8 hours": (50_000, 8), "3 dias": (2_000_000, 72)}.get(
        next((k for k in ("6 horas", "8 hours", "3 dias") if k in load), ""), (1_000_000, 1.5)
    )
    assert rate == pytest.approx(items / (hours * 3600), rel=0.03)  # the rate is the volume over the window


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # pt-PT "bilhetes" (support tickets) had been not understood and the volume lost
        ("os nossos 200 utilizadores abrem 3000 bilhetes de suporte por dia, llama 3.1 8b", "requests_per_day", 3000),
        ("precisamos de responder a 50 bilhetes por minuto com o mistral 7b", "rate_per_s", 50 / 60),
        ("cada bilhete tem 800 tokens, 5000 bilhetes por dia, qwen 7b", "requests_per_day", 5000),
    ],
)  # fmt: skip
def test_tickets_said_as_bilhetes_are_requests(text, field, value):
    query = parse(text)
    assert not any("bilhete" in u for u in query.unknown)
    assert getattr(query.workload, field) == pytest.approx(value)


def test_a_new_window_in_a_batchs_thread_is_hours_not_a_context():
    base = parse("processar 500 mil documentos por noite com qwen2.5 7b").workload
    for text, hours in [
        ("e se a janela for de 4 horas?", 4),
        ("e em 2 horas?", 2),
        ("what if the window is 3 hours?", 3),
    ]:
        query = parse(text, base=base)
        w = query.workload
        # "janela de 4 horas" had been a context of 4 tokens ("não cabem num contexto de 4 tokens"), and "em 2
        # horas" a day
        assert query.unknown == [] and w.context == base.context, text
        assert (w.batch_items, w.batch_seconds) == (500_000, hours * 3600), text


def test_a_batch_of_long_documents_is_not_held_to_a_chats_first_token():
    # 150,000-token prompts cannot start answering within a chat's 2 s; a batch of them needs no such bound.
    result = size(parse("qwen2.5 7b 1m para resumir 500 contratos de 200 páginas em 1 semana").workload)
    assert result.recommendation is not None and result.recommendation.performance.meets_targets
    given = size(
        parse(
            "qwen2.5 7b 1m resumir 500 contratos de 200 páginas em 1 semana, primeiro token em 2 s"
        ).workload
    )
    # a target given that no setup meets even unloaded: sized for the fastest there is, and said missed
    assert given.workload.load.ttft_target_s > 2
    assert "nenhuma configuração que alugamos dá o primeiro token em até 2,0 s" in given.decided


def test_what_each_of_the_daily_users_sends_with_replies_and_an_approximate_count():
    # "each sending ~20 messages" had been 20 requests a day in all (3 an hour), and "replies 300 tokens" a
    # 300-token context refused against the 1,500-token prompt.
    query = parse(
        "We expect 5k DAU, each sending ~20 messages a day, avg prompt 1.5k tokens, replies 300 tokens. "
        "Llama 3.3 70B fp8. What do we need?"
    )
    w = query.workload
    assert (w.requests_per_day, w.prompt_tokens, w.output_tokens, w.context) == (100_000, 1500, 300, None)
    assert query.unknown == []
    load = size(w).workload.load
    assert load is not None and load.rate_per_s > 100_000 / 86_400  # the day's peak, above its average


def test_tensor_parallel_named_with_no_size_is_understood():
    query = parse("rodar qwen2.5 72b em 4 L40S com tensor parallel, cabe 32k de contexto?")
    assert (query.workload.gpus, query.unknown) == (4, [])


def _rented_memory(result) -> int:
    """All the GPU memory the recommendation rents, every copy (GPUs of different kinds compare by it)."""
    rec = result.recommendation
    return rec.count * rec.gpu_memory_bytes


def test_a_classifier_is_sized_for_labels_not_chat_answers():
    # "classificar 2 milhões de documentos por dia" had been sized for 500-token answers: 12 H200s for a 7B
    # that writes a label.
    text = "modelo de 7b pra classificar 2 milhões de documentos por dia, cada um com 1500 tokens"
    result = size(parse(text).workload)
    assert (
        result.workload.load.output_tokens
        == load_catalog().traffic.lengths.classification_output_tokens
        == 20
    )
    assert any("Classificação: cada resposta é um rótulo" in a for a in result.assumptions)
    chat = size(parse(text + ", respostas de 500 tokens").workload)
    assert _rented_memory(result) < _rented_memory(chat)
    # A daily volume of a pipeline task says how to ask for it as a batch, which needs fewer GPUs still.
    hint = next(a for a in result.assumptions if "processado em lote" in a)
    assert "“2.000.000 documentos em 24 horas”" in hint
    batch = size(
        parse(
            "classificar 2 milhões de documentos em 24 horas com um modelo de 7b, 1500 tokens cada"
        ).workload
    )
    assert _rented_memory(batch) < _rented_memory(result)
    assert not any("processado em lote" in a for a in batch.assumptions)


def test_tokens_each_after_a_batch_are_each_items_prompt():
    # "1500 tokens cada" after a batch had been a 1,500-token context, with 1,000-token prompts assumed.
    workload = parse(
        "classificar 2 milhões de documentos em 24 horas com um modelo de 7b, 1500 tokens cada"
    ).workload
    assert (workload.prompt_tokens, workload.context, workload.batch_items) == (1500, None, 2_000_000)


def test_a_chat_service_keeps_chat_answers_and_no_batch_hint():
    result = size(parse("qwen3 14b, 50 mil mensagens por dia").workload)
    assert result.workload.load.output_tokens == 500
    assert not any("processado em lote" in a or "Classificação" in a for a in result.assumptions)


def test_a_daily_volume_of_documents_is_sized_for_throughput_not_a_chats_first_token():
    # 5,000 contracts of 60,000 tokens a day had been held to chat's 2 s first token: "nenhuma configuração da
    # nossa oferta comporta esta carga", ~160 H200s. No one waits on a document pipeline answer by answer: it
    # gets a batch's loose limits (traffic.toml [latency_batch]) at its peak hour, and the answer says so.
    text = "resumir 5 mil contratos por dia com llama 3.3 70b fp8, cada um com 60 mil tokens"
    result = size(parse(text).workload)
    assert result.recommendation is not None and result.decided_by == "throughput"
    # 10 H200s: each 60,000-token contract gets a 2,000-token summary (traffic.toml's long answer), not 500
    assert result.recommendation.gpu == "h200-sxm" and result.recommendation.count <= 10
    assert result.workload.load.output_tokens == 2_000
    batch = load_catalog().traffic.latency_batch
    assert result.workload.load.ttft_target_s == batch.ttft_s == 600
    [said] = [a for a in result.assumptions if a.startswith("Um volume de trabalho por dia não é um chat")]
    assert "primeiro token em até 600 s e pelo menos 1 token/s por sequência" in said
    assert "não os 2,0 s de um chat" in said and "“primeira resposta em 5 s”" in said
    assert not any(a.startswith("Latência dimensionada para") for a in result.assumptions)
    # and how to spread the day's volume as a batch, after it
    hint = result.assumptions.index(said) + 1
    assert result.assumptions[hint].startswith("Se o volume do dia pode ser processado em lote")
    assert "“5.000 documentos em 24 horas”" in result.assumptions[hint]
    text_answer = render_text(result)
    assert "nenhuma configuração" not in text_answer and "O que decidiu: vazão" in text_answer


def test_a_daily_volume_of_documents_is_not_decided_by_latency():
    # 50,000 contracts of 30,000 tokens a day on Qwen2.5 32B had been 32 H100s in tensor parallel 8, "O que
    # decidiu: latência" (a 30,000-token prompt in 2 s). Sized for throughput, it takes fewer GPUs, in smaller
    # copies, than the same volume with a chat's first token typed, which stands.
    text = "processar 50 mil contratos por dia com qwen2.5 32b em bf16, cada um com 30k tokens"
    pipeline = size(parse(text).workload)
    chat = size(parse(text + ", primeira resposta em 2 s").workload)
    assert pipeline.decided_by == "throughput" and chat.decided_by == "latency"
    assert pipeline.recommendation.tensor_parallel <= 2 < chat.recommendation.tensor_parallel
    assert pipeline.recommendation.count < chat.recommendation.count
    assert chat.workload.load.ttft_target_s == 2
    # "pdf" between the count and the period had made it a batch of 50,000 with no deadline (~32 days).
    query = parse(text.replace("contratos", "contratos pdf"))
    assert query.workload.batch_items is None and query.workload.items_volume
    pdf = size(query.workload)
    assert (pdf.recommendation.gpu, pdf.recommendation.count) == (
        pipeline.recommendation.gpu,
        pipeline.recommendation.count,
    )


@pytest.mark.parametrize(
    ("text", "ttft"),
    [
        # A latency the question types is never relaxed, and the untyped speed stays chat's.
        (
            "resumir 5 mil contratos por dia com llama 3.3 70b fp8, cada um com 60 mil tokens, primeiro token em até 60 s",
            60,
        ),
        ("llama 8b 10 mil documentos por dia, respostas rápidas", 0.5),
        # Chat traffic stays chat: messages, requests and people a day, users, a rate a minute.
        ("qwen3 14b, 50 mil mensagens por dia", 2),
        ("llama 8b 10 mil requisições por dia", 2),
        ("llama 8b 2 mil clientes por dia", 2),
        ("llama 3.1 8b para 200 usuários", None),
        ("llama 3.1 8b, 30 requisições por minuto", 2),
        ("qwen2.5-vl 7b 10 mil imagens por dia", 2),
    ],
)
def test_only_an_untyped_latency_of_a_pipelines_daily_volume_is_relaxed(text, ttft):
    result = size(parse(text).workload)
    assert result.workload.load.ttft_target_s == ttft
    assert not any("não é um chat" in a for a in result.assumptions)
    if "60 s" in text:
        # the speed not given is a long prompt's default (traffic.toml [latency_long])
        assert result.workload.load.tokens_per_s_target == 5.7
        assert any(
            a.startswith("Prompts longos (60.000 tokens): latência dimensionada para pelo menos 5,7 tokens/s")
            for a in result.assumptions
        )  # fmt: skip


def test_a_pipeline_task_makes_any_daily_volume_a_pipeline():
    # "classificar 1 milhão de tickets por dia": tickets are no documents, but a classification counted a day
    # is a pipeline's work (it had only been told it might be one, and sized for chat's first token).
    result = size(parse("llama 8b pra classificar 1 milhão de tickets por dia").workload)
    assert result.workload.load.ttft_target_s == 600
    assert any(a.startswith("Um volume de trabalho por dia não é um chat") for a in result.assumptions)
    # a monthly volume of documents too
    monthly = size(parse("resumir 10 mil contratos por mês com qwen 14b").workload)
    assert monthly.workload.load.ttft_target_s == 600


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.3 70b para análise de contratos (uns 200 por dia, cada um com ~30 páginas)",
        "llama 70b for contract review, 500 a day, 20 pages each",
    ],
)
def test_a_contract_analysis_counted_a_day_is_a_pipeline(text):
    # "análise de contratos" had not been understood: 200 contracts a day got chat's 2 s first token for
    # 22,500-token prompts, and 4× H200 with tensor parallel 4 to meet it.
    result = size(parse(text).workload)
    assert result.workload.load.ttft_target_s == 600
    assert result.recommendation.count <= 2


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "A volume of work a day is not a chat: nobody waits on each answer as it comes, so latency is sized"
            " only to keep the work moving, first token within 600 s and at least 1 token/s per sequence",
        ),
        (
            "pt-PT",
            "Um volume de trabalho por dia não é um chat: ninguém está à espera de cada resposta no momento",
        ),
    ],
)
def test_the_pipelines_latency_is_said_in_each_language(lang, line):
    workload = parse("llama 8b 10 mil documentos por dia").workload
    result = size(workload.but(lang=lang))
    assert any(a.startswith(line) for a in result.assumptions)


def test_a_new_load_in_a_thread_is_no_longer_documents():
    base = parse("llama 8b 10 mil documentos por dia").workload
    assert base.items_volume
    follow = parse("e com 30 req/min?", base=base).workload
    assert not follow.items_volume and size(follow).workload.load.ttft_target_s == 2
    # "o dobro", or a volume a day with no noun, is still the thread's documents
    doubled = parse("e com o dobro de tráfego?", base=base).workload
    assert doubled.items_volume and doubled.requests_per_day == 20_000
    more = parse("e se forem 50 mil por dia?", base=base).workload
    assert more.items_volume and more.requests_per_day == 50_000
    assert not parse("e com 50 mil mensagens por dia?", base=base).workload.items_volume


def test_a_prompt_no_setup_reads_within_the_chat_default_is_still_sized():
    # 100-page contracts (75,000 tokens) on Qwen2.5 72B for 30 analysts had been "no setup we rent serves this
    # load": the chat default's 2 s first token is beyond every GPU even unloaded (~4.8 s at best). A default
    # gives way to reading the prompt on the smallest setup that holds it, with one request ahead at most.
    # A prompt this long is held to MLPerf's long-context 6 s (traffic.toml [latency_long]), which 100 pages
    # meet on 8 H100s: 150 pages (112,500 tokens) are beyond every GPU even for it (~8.8 s at best).
    r = size(parse("qwen 2.5 72b para 30 analistas, contratos de 150 páginas").workload)
    assert r.recommendation is not None
    assert (r.recommendation.gpu, r.recommendation.count) == ("h200-sxm", 2)
    [said] = [a for a in r.assumptions if a.startswith("Primeiro token: nenhuma configuração")]
    assert "nem sem carga (a mais rápida leva ~8,8 s)" in said and "dimensionada para até 66 s" in said
    assert not any(a.startswith(("Latência dimensionada para", "Prompts longos")) for a in r.assumptions)
    perf = r.recommendation.performance
    assert perf.meets_targets and 30 < perf.ttft_s < 63
    # A target the question gives that nothing meets even unloaded: the answer says so where it says what
    # decided, and recommends what comes closest (it had recommended nothing).
    asked = size(
        parse("qwen 2.5 72b para 30 analistas, contratos de 100 páginas, primeira resposta em 2 s").workload
    )
    assert asked.recommendation is not None and asked.recommendation.performance.meets_targets
    assert "nenhuma configuração que alugamos dá o primeiro token em até 2,0 s" in asked.decided
    assert "nem sem carga" in asked.decided and asked.workload.load.ttft_target_s > 2


@pytest.mark.parametrize(
    ("text", "field", "value", "lang"),
    [
        # "80" had been not understood: "support agents" are the people at once.
        (
            "I need to run Llama 3.1 70B Instruct for about 80 support agents, 8k context, answers within 2 seconds",
            "users",
            80,
            "en",
        ),
        # "500 daily users" had been a 500-token context, and "daily" not understood.
        ("what would it cost to serve mistral small 3.1 to 500 daily users?", "population", 500, "en"),
        ("llama 8b 2 mil usuários diários", "population", 2000, "pt-BR"),
        # Output tokens an hour with the word before "tokens": 1M / 500-token answers = 2,000 requests an hour.
        ("1M output tokens per hour with qwen2.5 32b", "rate_per_s", 2000 / 3600, "en"),
        ("llama 3.1 8b, 1M generated tokens per hour", "rate_per_s", 2000 / 3600, "en"),
        ("throughput needed: 5000 tokens/s aggregate, llama 3.1 70b", "rate_per_s", 10, "en"),
    ],
)
def test_heads_days_and_output_volumes_as_customers_write_them(text, field, value, lang):
    query = parse(text)
    assert query.unknown == [], query.unknown
    assert getattr(query.workload, field) == pytest.approx(value)
    assert query.workload.context in (None, 8192)  # "500" is no context
    assert query.detected_lang == lang


def test_a_first_token_target_at_two_percentiles_each_with_its_words_is_no_contradiction():
    # "p50 ttft 200ms, p99 1s" had been refused: the first percentile's target came after "ttft".
    query = parse("llama 3.1 8b, p50 ttft 200ms, p99 1s, 100 rps")
    assert (query.workload.latency_percentile, query.workload.ttft_s) == (50, 0.2)
    assert query.workload.other_latency_targets == [(99, 1.0)]


@pytest.mark.parametrize(
    ("text", "prompt", "said"),
    [
        # A transcript by its duration: 60 minutes x 225 tokens (150 words a minute x 1.5 tokens a word). "1 hora"
        # had been a one-day rental, and "transcrições" not understood.
        (
            "transcrições de 1 hora de reunião, resumir com llama 3.1 8b",
            13_500,
            "Li “transcrições de 1 hora”",
        ),
        ("llama 3.1 8b, summarize 30-minute calls, 2000 a day", 6_750, "Read “30-minute calls” as prompts"),
        (
            "qwen 2.5 14b para resumir chamadas de 10 minutos, 5 mil por dia",
            2_250,
            "a ~225 tokens por minuto",
        ),
        # The duration apart from its noun, when the question names speech.
        (
            "resumir atas de reunião com llama 3.1 8b, umas 200 por dia, de 1 hora cada",
            13_500,
            "“de 1 hora cada”",
        ),
        ("llama 3.1 8b, transcrições de 1 hora, prompts de 9000 tokens", 9_000, None),  # a length given wins
    ],
)
def test_speech_by_its_duration_is_a_transcripts_prompt(text, prompt, said):
    query = parse(text)
    assert query.unknown == [], query.unknown
    assert query.workload.prompt_tokens == prompt and query.workload.term_days is None
    answer = render_text(size(query.workload.but(lang=query.detected_lang)), query)
    assert (said in answer) if said else "tokens por minuto de fala" not in answer


def test_a_duration_each_without_speech_is_not_understood():
    assert parse("llama 8b, 200 documentos por dia de 1 hora cada").unknown == ["de 1 hora cada"]


@pytest.mark.parametrize(
    "text",
    ["preciso gerar descrições de 500 mil produtos em 3 dias", "processar 1 milhão de documentos em 2 dias"],
)
def test_a_batch_with_a_deadline_and_no_model_gets_the_suggestions(text):
    from sizing.query import QueryError

    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.suggest_models"


@pytest.mark.parametrize(
    ("text", "users", "people"),
    [
        # The 50 had been shown as understood and the 1,000 people's estimate (8 at once) sized instead.
        ("qwen3 32b, 1000 usuários cadastrados, 50 simultâneos", 50, 1000),
        # Refused as a contradiction of 1,000 and 50 users.
        ("llama 8b 1000 usuários mas no máximo 50 simultâneos", 50, 1000),
        # Each had been dropped (sized for 1 user), "200" and "ligações" not understood.
        ("llama 8b 200 ligações simultâneas", 200, None),
        ("llama 8b 40 simultaneous chats", 40, None),
        ("coding agent qwen3 coder 30b with 8 parallel agents", 8, None),
        ("llama 8b 12 workers em paralelo", 12, None),
    ],
)
def test_conversations_at_once_are_sized_whatever_they_are_called(text, users, people):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and (w.users, w.users_at_once, w.population) == (users, True, people)
    assert size(w).workload.users == users


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # "qto" and "custa" had been not understood, and the cost dropped.
        ("qto custa rodar llama 70b pra 50 usuarios", "cost", True),
        ("qnto custa o qwen 32b", "cost", True),
        # An API request's cap on the answer, pasted: "max_tokens" had been not understood, 1024 a 1k context.
        ("llama 8b max_tokens 1024 20 usuarios", "output_tokens", 1024),
        ("llama 8b max_tokens=512", "output_tokens", 512),
        # "grande" and the brackets had left "sistema" not understood and made the 4,000 a context.
        ("qwen 32b com prompt de sistema grande (4000 tokens) 20 usuarios", "shared_prefix_tokens", 4000),
    ],
)
def test_traffic_as_people_type_it_in_chat(text, field, value):
    query = parse(text)
    assert query.unknown == [] and getattr(query.workload, field) == value
    assert query.workload.context is None


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Each had been a context of 10,000 tokens, the calls of the day not understood.
        ("bot de voz atendendo 10 mil ligações por dia com llama 8b", "requests_per_day", 10_000),
        ("llama 3.1 8b with 10k API calls/day", "requests_per_day", 10_000),
    ],
)
def test_calls_by_the_day_are_a_daily_volume(text, field, value):
    query = parse(text)
    assert query.unknown == [] and getattr(query.workload, field) == value and query.workload.context is None


@pytest.mark.parametrize(
    ("text", "unread"),
    [
        # Thousands of things the sizing does not count had been a context of that many tokens.
        ("app com 100 mil downloads e chat com gemma 3 12b", "downloads"),
        ("temos 20 mil SKUs e 300 vendedores usando qwen3 32b", "SKUs"),
    ],
)
def test_thousands_of_something_else_are_no_context(text, unread):
    query = parse(text)
    assert query.workload.context is None and unread in query.unknown
    # "32k", "8k prompts de 2 mil tokens" and "128k de contexto" stay contexts.
    assert parse("llama 8b 8k prompts de 2 mil tokens").workload.context == 8192
    assert parse("qwen 7b 128k de contexto").workload.context == 131072


def test_people_in_each_of_several_places_said_with_each_after_the_count():
    # "30 empresas diferentes, 10 usuários cada" had been 10 users, "30" not understood.
    query = parse("30 empresas diferentes, 10 usuários cada, llama 8b")
    assert query.unknown == [] and query.workload.users == 300


def test_a_quieter_hours_rate_beside_the_peak_is_said_and_the_peak_sized():
    # Refused as a contradiction of "100 req/min" and "10 req/min".
    from bot.rendering import understood

    query = parse("100 req/min em horário comercial e 10 req/min à noite com llama 8b")
    assert query.unknown == [] and query.workload.rate_per_s == pytest.approx(100 / 60)
    assert query.off_peak == ["10 req/min à noite"]
    lines = understood(size(query.workload), query)
    assert any(
        line.startswith("“10 req/min à noite”: fora do pico. Dimensionei para a taxa de pico")
        for line in lines
    )
    # Alone, the quiet hours' rate is the one given.
    assert parse("llama 8b 10 req/min à noite").workload.rate_per_s == pytest.approx(10 / 60)


@pytest.mark.parametrize(
    ("text", "e2e", "ttft", "output"),
    [
        # The whole answer's time had been a first-token target; then its length a 300-token context.
        (
            "latencia maxima de 5 segundos pra resposta completa de 300 tokens, llama 3.1 8b, 40 rps",
            5.0,
            None,
            300,
        ),
        # "esperar", "segundos", "resposta" and "respondendo", "2s" had been not understood.
        (
            "o usuario nao pode esperar mais que 3 segundos pela resposta, llama 8b 20 usuarios",
            None,
            3.0,
            None,
        ),
        ("llama 8b 20 usuarios respondendo em ate 2s", None, 2.0, None),
    ],
)
def test_latency_targets_as_customers_word_them(text, e2e, ttft, output):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and (w.e2e_s, w.ttft_s, w.output_tokens, w.context) == (
        e2e,
        ttft,
        output,
        None,
    )


@pytest.mark.parametrize(
    ("text", "users"),
    [
        # Shown as 300 at once, sized as the 5,000 people's 27.
        ("atendimento com llama 8b: 5000 clientes, 300 atendentes usando ao mesmo tempo", 300),
        # "10 pessoas" sized as 1 user; "pesquisadores" and "30+" had been dropped.
        ("uns 10 clientes conversando ao mesmo tempo com llama 8b", 10),
        ("5 pesquisadores ao mesmo tempo com llama 405b", 5),
        ("30+ usuários com llama 8b", 30),
    ],
)
def test_people_at_once_as_customers_count_them(text, users):
    query = parse(text)
    assert query.unknown == [] and size(query.workload).workload.users == users


def test_a_share_at_once_makes_a_few_hundred_users_people():
    # "300 pessoas, 10% ao mesmo tempo" had been sized as 300 conversations at once, the 10% unused.
    result = size(parse("llama 8b para 300 pessoas, 10% ao mesmo tempo").workload)
    assert result.workload.users < 30
    # The share said is people online (30), of whom those generating are the users sized: said.
    assert any(a.startswith("300 pessoas, 10% delas ativas (30 online)") for a in result.assumptions)


def test_a_days_volume_said_to_run_offline_is_a_batch_of_a_day():
    # Sized for 15% of the day in a peak hour (42 req/s, 32 H200s) though "offline" said any hour would do.
    w = parse("llama 70b batch offline de 1 milhão de documentos por dia").workload
    assert (w.batch_items, w.batch_seconds, w.requests_per_day) == (1_000_000, 86400.0, None)
    assert parse("llama 8b 10 mil documentos por dia").workload.requests_per_day == 10_000


@pytest.mark.parametrize(
    ("text", "ttft"),
    [
        # "TTFT" and "1.5" had been not understood.
        ("p95 TTFT target is 1.5 seconds, llama 8b, 20 users", 1.5),
        ("llama 8b o primeiro token deve ser de 1 s", 1.0),
    ],
)
def test_a_latency_target_said_with_is_or_should_be(text, ttft):
    query = parse(text)
    assert query.unknown == [] and query.workload.ttft_s == ttft


@pytest.mark.parametrize(
    ("text", "per_day"),
    [
        ("os nossos 200 utilizadores abrem 3000 bilhetes de suporte por dia, qwen3 8b", 3000),
        ("nossos clientes abrem 5 mil chamados por dia, llama 8b pra triagem", 5000),
        ("customers open 2000 tickets a day, llama 8b", 2000),
    ],
)
def test_the_verb_that_opens_tickets_carries_nothing(text, per_day):
    # "abrem" and "customers" had been listed as not understood beside the volume read.
    query = parse(text)
    assert query.unknown == [] and query.workload.requests_per_day == per_day


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("classificar contratos, cerca de 5 mil por semana, llama 8b", {"requests_per_week": 5000}),
        ("llama 70b pra resumir processos de 50 páginas, uns 2 mil por mês", {"requests_per_month": 2000}),
        # money before the count is a budget, as before
        ("resumir contratos com llama 70b, orçamento de 2 mil por mês", {"requests_per_month": None, "budget": 2000}),
        ("llama 8b para processos, R$ 2 mil por mês", {"requests_per_month": None, "budget": 2000}),
    ],
)  # fmt: skip
def test_a_count_a_month_after_the_items_named_is_their_volume(text, expected):
    # "uns 2 mil por mês" after "processos" had been read as a 2,000-token context.
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and {k: getattr(w, k) for k in expected} == expected
    assert w.context is None


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        ("qwen3 32b for 30k-token contracts, 10 users", 30_000),
        ("llama 8b for 8000-token documents, 20 users", 8_000),
        ("llama 4 scout for 500k token documents", 500_000),
        ("llama 8b resumir documentos de 3k tokens, 100 por hora", 3_000),
        ("summarize 3k-token reports with llama 8b, 100 per hour", 3_000),
        ("qwen3 8b contratos com ~8 mil tokens cada, 20 usuarios", 8_000),
        ("RAG com llama 70b, docs de 20 mil tokens por consulta, 10 usuarios", 20_000),
    ],
)
def test_a_documents_length_is_each_requests_prompt(text, prompt):
    # "contracts" had been listed as not understood, and "500k token documents" not read at all. Then each
    # document's length had been the context of a conversation, answered as 1,000 new tokens on a cached
    # history ("first token in ~0.5 s"), though every contract is new to the model: it is the prompt, read
    # whole ("documentos de 3k tokens" had even been a 3,000-token context holding a 1,000-token prompt).
    query = parse(text)
    assert query.unknown == [] and query.workload.prompt_tokens == prompt and query.workload.context is None
    result = size(query.workload)
    assert result.workload.load.prompt_tokens == prompt
    assert result.workload.context_tokens == prompt + result.workload.load.output_tokens


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        ("3 documentos de 10 mil tokens llama 8b", 30_000),  # a few pieces: one prompt of them all
        ("300 mil documentos de 2 mil tokens por dia llama 8b", 2_000),  # items counted: each one's
    ],
)
def test_documents_counted_keep_their_own_readings(text, prompt):
    assert parse(text).workload.prompt_tokens == prompt


@pytest.mark.parametrize(
    ("text", "rate", "per_day"),
    [
        # "average" belongs to the prompt: the rate is the one to serve (it had been 2,880,000 a day, peak 120/s)
        ("serve gpt-oss-120b with 2000 requests per minute, average prompt 1500 tokens, answers 300 tokens",
         2000 / 60, None),
        ("llama 8b 100 req/min, média de 2 mil tokens por prompt", 100 / 60, None),
        # said of the rate, it is still an average, sized with the day's peak
        ("gpt-oss-120b 2000 requests per minute on average", None, 2_880_000),
        ("llama 8b 100 req/min em média", None, 144_000),
    ],
)  # fmt: skip
def test_an_average_word_is_the_rates_only_when_it_ends_the_rates_phrase(text, rate, per_day):
    w = parse(text).workload
    assert (w.rate_per_s and round(w.rate_per_s, 3)) == (
        rate and round(rate, 3)
    ) and w.requests_per_day == per_day


def test_contacts_by_the_day_are_counted_not_corrected():
    # "Li “contatos” como contratos" had been said; "SP" was listed as not understood.
    query = parse("200 contatos por dia com llama 8b, clientes em SP")
    assert query.corrections == [] and query.unknown == [] and query.workload.requests_per_day == 200


# -- users at once, all generating: said when that misses a chat's pace ------------------------------------


def test_users_at_once_too_many_for_a_chats_pace_are_said_with_how_many_keep_it():
    # "150 internal users" had been left not understood (and sized for 1); 150 users with 8k prompts, sized by
    # memory, had shown "~3 tokens/s per user" with nothing said of it.
    query, answer = _answer(
        "Llama 3.3 70B for ~150 internal users, RAG over policy docs (8k prompts), LGPD-safe?"
    )
    assert query.unknown == [] and query.workload.users == 150
    line = next(x for x in answer.splitlines() if x.startswith("That is with all 150 conversations"))
    fits = int(re.search(r"keeps that pace for up to (\d+) generating together", line).group(1))
    assert 1 <= fits < 150
    # The count said is what the setup keeps within the chat defaults, and one more is not.
    r = size(query.workload.but(lang="en"))
    rec = r.recommendation
    from sizing import performance as perf
    from sizing.plan import make_plan
    from sizing.traffic import replica as replica_of
    from sizing.traffic import within_targets

    plan = make_plan(query.workload, load_catalog())
    one = replica_of(plan, load_catalog().gpu(rec.gpu), rec.tensor_parallel, rec.pipeline_parallel,
                     load_catalog(), 150)  # fmt: skip
    at = [perf.at_concurrency(one, plan.prompt, plan.output, n) for n in (fits, fits + 1)]
    assert within_targets(plan, load_catalog(), at[0].ttft_s, at[0].tpot_s)
    assert not within_targets(plan, load_catalog(), at[1].ttft_s, at[1].tpot_s)
    # The way out it names is read: the target for all of them sizes a larger setup that keeps it.
    sized = size(parse("Llama 3.3 70B for 150 users, 8k prompts, 10 tokens/s for all of them").workload)
    assert sized.recommendation.count > rec.count
    assert not any(x.startswith("That is with all") for x in render_text(sized).splitlines())
    assert parse("llama 3.3 70b para 150 usuários, 10 tokens/s para todos").unknown == []


@pytest.mark.parametrize("text", ["llama 3.1 8b 20 usuarios", "qwen3 32b 100 req/min"])
def test_a_load_kept_at_a_chats_pace_or_sized_by_rate_says_nothing_more(text):
    _, answer = _answer(text)
    assert "gerando ao mesmo tempo, abaixo do ritmo" not in answer


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "llama 8b para mil e quinhentos usuarios, 10% simultaneos",
            "1.500 pessoas, 10% delas ativas (150 online)",
        ),
        ("llama 8b para 1500 usuários, 10% ao mesmo tempo", "1.500 pessoas, 10% delas ativas (150 online)"),
        ("llama 8b 1500 users, 10% at once", "1,500 people, 10% of them active (150 online)"),
    ],
)
def test_a_share_online_at_once_says_how_many_generate_at_once(text, start):
    # "10% simultâneos" of 1,500 had become "6 usuários simultâneos" with nothing saying why not 150.
    from sizing.query import parse

    w = parse(text).workload
    r = size(w.but(lang="en") if "users" in text else w)
    said = next(a for a in r.assumptions if a.startswith(start))
    assert "Little" in said and r.workload.load.basis == "population"


def test_a_share_of_too_few_people_to_be_online_together_says_the_head_count_only():
    # 20% of one person had been "0 online" and "say “0 conversas simultâneas”".
    from sizing.query import parse

    base = parse("llama 8b 1 usuário").workload
    r = size(parse("e se 20% usarem ao mesmo tempo?", base=base).workload)
    assert not any("online" in a for a in r.assumptions)
    assert any(a.startswith("20% de 1 pessoa não faz sentido") for a in r.assumptions)
    r = size(parse("llama 8b 1 user, 20% active at once").workload.but(lang="en"))
    assert any(a.startswith("20% of 1 person makes no sense") for a in r.assumptions)
    r = size(parse("llama 8b 2 usuários, 20% ativos").workload)
    assert any("2 pessoas: 20% delas na hora de pico" in a for a in r.assumptions)
    r = size(parse("llama 8b para 20 pessoas, 10% ao mesmo tempo").workload)
    assert any(a.startswith("20 pessoas, 10% delas ativas (2 online)") for a in r.assumptions)


@pytest.mark.parametrize(
    ("text", "users", "population"),
    [
        # The verb said as it is done between the count and "at once": "20" and "usam" had been not understood.
        ("somos uma empresa de 200 pessoas e 20 usam ao mesmo tempo, llama 3.1 8b", 20, 200),
        ("200 funcionários mas só uns 30 usam simultaneamente, qwen3 8b", 30, 200),
        ("1000 funcionarios, uns 100 deles ao mesmo tempo, qwen3 32b", 100, 1000),
        ("200 employees, 20 of them at the same time, llama 3.1 8b", 20, 200),
        ("500 users, 50 use it at once, llama 8b", 50, 500),
        ("temos 300 colaboradores e 40 acessam simultaneamente, llama 8b", 40, 300),
    ],
)
def test_people_and_how_many_of_them_use_it_at_once(text, users, population):
    query = parse(text)
    assert query.unknown == []
    assert (query.workload.users, query.workload.population) == (users, population)


@pytest.mark.parametrize(
    ("text", "prompt", "output"),
    [
        # each number before its word: "input 200" had been the prompt, and 2k the answer
        ("llama 3.1 70b, 500k requests/day, avg 2k input 200 output", 2000, 200),
        ("llama 70b 100 req/min, 2k entrada 200 saida", 2000, 200),
        ("llama 70b 100 req/min, 1500 entrada, 300 saída", 1500, 300),
        ("llama 70b 100 req/min 3k prompt e 400 resposta", 3000, 400),
        ("llama 70b 100 req/min 1500 tokens input and 250 tokens output", 1500, 250),
        # the noun first still reads as before
        ("llama 70b 100 req/min input 2k output 200", 2000, 200),
    ],
)
def test_both_lengths_with_the_number_before_their_words_are_read_in_order(text, prompt, output):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and (w.prompt_tokens, w.output_tokens) == (prompt, output)


@pytest.mark.parametrize(
    ("text", "ttft"),
    [
        # a verb between the target and its time had left "500ms" not understood and the target unread
        ("o TTFT precisa ficar abaixo de 500ms, com 20 usuarios no llama 3.1 8b", 0.5),
        ("llama 3.1 8b, 20 usuarios, o primeiro token tem que ficar em até 1s", 1.0),
        ("llama 3.1 8b, 20 users, TTFT has to stay under 700 ms", 0.7),
        ("llama 3.1 8b, 20 users, the first token needs to be under 1.5 s", 1.5),
        # hyphenated, as e-mails write it: "time-to-first-token" had been a word not understood
        ("mixtral 8x22b, 5 requests per second, p95 time-to-first-token under 1 second", 1.0),
    ],
)
def test_a_first_token_target_said_with_a_verb_or_hyphens_is_read(text, ttft):
    query = parse(text)
    assert query.unknown == [] and query.workload.ttft_s == ttft


def test_a_hyphen_between_words_of_the_whole_answers_time_is_a_space():
    query = parse("llama 3.1 8b 20 usuarios latencia ponta-a-ponta de 5 s")
    assert query.unknown == [] and (query.workload.e2e_s, query.workload.ttft_s) == (5.0, None)


def test_an_alternative_below_a_chats_pace_for_users_at_once_says_so():
    # "2× A100: até 155 usuários … (~7 tokens/s por usuário …)" had read as a fine choice for 300 users.
    _, answer = _answer("qwen3 32b 300 usuários simultâneos 2k de contexto")
    slow = [
        line for line in answer.splitlines() if "abaixo do ritmo de um chat (10 tokens/s por usuário)" in line
    ]
    assert slow and all("A100" in line for line in slow)
    recommended = answer.split("Recomendação:")[1].split("\n")[0]
    assert "A100" not in recommended
    # An alternative that keeps the pace has no such words, nor does a load said as a rate.
    _, quick = _answer("llama 3.1 8b 20 usuários")
    assert "abaixo do ritmo de um chat" not in quick
    _, rate = _answer("qwen3 32b 300 requisições por minuto")
    assert "abaixo do ritmo de um chat" not in rate


@pytest.mark.parametrize(
    ("text", "prompt", "output"),
    [
        # "requisição" / "request" after a length had been listed as not understood.
        ("llama 8b, prompts de 2000 tokens por requisição, 10 req/s", 2000, None),
        ("llama 8b, respostas de 300 tokens por pergunta, 20 usuários", None, 300),
        ("llama 8b prompts of 1500 tokens per request, answers of 200 tokens each request", 1500, 200),
        ("llama 8b, prompts de 2k tokens por mensagem, 500 mensagens por dia", 2000, None),
    ],
)
def test_a_length_said_per_request_is_each_requests(text, prompt, output):
    query = parse(text)
    assert query.unknown == []
    w = query.workload
    assert (w.prompt_tokens, w.output_tokens) == (prompt, output)


@pytest.mark.parametrize(
    ("text", "key", "count", "pages"),
    [
        # Documents counted, their length and what to do with them, then the period: the volume had been taken
        # for a RAG corpus and the day's rate lost (sized as 1 user).
        ("3 mil pdfs de 50 paginas pra resumir por dia, llama 3.1 8b", "requests_per_day", 3000, 50),
        ("5 mil contratos de 20 páginas para revisar por mês com qwen3 32b", "requests_per_month", 5000, 20),
        ("5 mil contratos para revisar por mês com qwen3 32b", "requests_per_month", 5000, None),
    ],
)
def test_documents_counted_with_their_length_and_task_before_the_period_are_a_volume(text, key, count, pages):
    query = parse(text)
    assert query.unknown == [] and not query.corpus
    assert getattr(query.workload, key) == count and query.workload.prompt_pages == pages


def test_documents_counted_with_no_period_stay_a_rag_corpus():
    query = parse("2 mil documentos de 30 páginas, llama 8b rag")
    assert query.corpus and query.workload.requests_per_day is None


def test_a_load_nothing_we_rent_serves_counts_its_conversations_in_flight():
    # It had said "1 concurrent user" and counted one conversation's memory beside 21 requests/s that take
    # ~40× H200: the whole load's memory is that of the conversations the setup that would serve it holds.
    _, answer = _answer("llama 3.1 70b, 500k requests/day, prompts of 200 tokens, answers of 2000 tokens")
    head = answer.split("\n\n")[1]
    # the header says what it counts: the memory for the conversations in flight of the load below
    assert "1 concurrent user" not in head and re.search(
        r"memory for [\d,]{3,} conversations in flight", head
    )
    assert "Nothing we rent serves this load" in answer
    kv = next(line for line in answer.splitlines() if line.strip().startswith("KV cache ."))
    assert "(1 ×" not in kv and re.search(r"\(\d{1,3}(,\d{3})+ ×", kv), kv  # thousands grouped, as the rest


@pytest.mark.parametrize(
    "text",
    ["llama 8b 1M documentos de 2 páginas", "llama 8b 1 milhão de documentos de 2 páginas"],
)
def test_a_corpus_counted_in_millions_beside_its_pages_is_no_context(text):
    # "1M documentos de 2 páginas" had been a context of 1,048,576 tokens (refused past Llama 3.1 8B's limit),
    # and "1 milhão de documentos" lost: the documents are a RAG corpus, their pages each prompt's length.
    query = parse(text)
    assert query.corpus and query.workload.context is None and query.workload.prompt_pages == 2


@pytest.mark.parametrize(
    ("text", "total", "output"),
    [
        # "2k tokens per request" had been a 2,048-token context while the load kept 1,000-token prompts on a
        # cached history: the request's tokens, said whole, are its prompt and answer together.
        (
            "serving gemma 3 27b for 1.5k daily active users, avg 2k tokens per request, peak 30 req/min",
            2048,
            500,
        ),
        ("gemma 3 27b, 30 requisições por minuto, uns 3 mil tokens por requisição", 3000, 500),
        ("gemma 3 27b, 30 pedidos por minuto, 3000 tokens por pedido, respostas de 800 tokens", 3000, 800),
        ("llama 3.1 8b, 20 users, 8000 tokens per request", 8000, 500),
    ],
)
def test_tokens_per_request_are_the_loads_prompt_and_answer_together(text, total, output):
    query = parse(text)
    assert query.workload.context_per_request
    result = size(query.workload.but(lang=query.detected_lang))
    load = result.workload.load
    assert result.workload.context_tokens == total
    assert (load.prompt_tokens + load.output_tokens, load.output_tokens) == (total, output)
    assert any(str(load.prompt_tokens) in a.replace(",", "").replace(".", "") for a in result.assumptions)


def test_a_context_alone_is_still_a_conversation_grown_to_it():
    query = parse("llama 3.1 8b, 30 req/min, 8k context")
    assert not query.workload.context_per_request
    assert size(query.workload).workload.load.prompt_tokens == 1000


@pytest.mark.parametrize(
    "text",
    [
        # a month's users had been a head-count of 30,000 (8.3 requests/s at the peak) and "per month" a cost
        "llama 3.1 8b for 30 000 users per month",
        "llama 8b para 30 mil usuários por mês",
        "llama 3.1 8b para 30 mil utilizadores por mês",
        "llama 3.1 8b for 30k monthly users",
        "llama 3.1 8b, 30k MAU",
        "llama 3.1 8b, 30k monthly active users",
        "llama 3.1 8b para 30 mil usuários ativos mensais",
    ],
)
def test_monthly_users_are_a_months_people_not_a_days(text):
    query = parse(text)
    w = query.workload
    assert query.unknown == [] and not w.cost and (w.population, w.population_monthly) == (30_000, True)
    catalog = load_catalog()
    result = size(w, catalog)
    p = catalog.traffic.population
    daily = 30_000 * p.daily_share_of_monthly
    expected = daily * p.peak_active_share * p.requests_per_active_hour / 3600
    assert result.workload.load.rate_per_s == pytest.approx(expected)
    assert any("DAU/MAU" in a and "20%" in a for a in result.assumptions)
    # The understood line says a month's users and the day's share sized, not "30.000 pessoas"
    lang = query.detected_lang or "pt-BR"
    understood = render_text(size(w.but(lang=lang), catalog), query).splitlines()[0]
    monthly = {"en": "30,000 users a month (~6,000 a day)", "pt-BR": "30.000 usuários por mês (~6.000 por dia)",
               "pt-PT": "30\u00a0000 utilizadores por mês (~6\u00a0000 por dia)"}[lang]  # fmt: skip
    assert monthly in understood and "pessoas" not in understood and "people" not in understood


def test_a_days_users_stay_the_days_people():
    w = parse("llama 3.1 8b, 2 mil usuários por dia").workload
    assert (w.population, w.population_monthly) == (2000, False)


@pytest.mark.parametrize(
    ("text", "prompt", "output", "said"),
    [
        # Summarizing contracts with no length given had been sized as a chat: 1,000-token prompts and
        # 500-token answers, the summary longer than half its text.
        (
            "qwen3 32b pra resumir contratos, 20 advogados",
            4000,
            400,
            "Resumo: cada pedido lê um texto inteiro, e um resumo é curto; usei prompts de 4.000 tokens (umas 5 "
            "páginas, a 750 tokens por página) e resumos de 400 tokens (10% do texto), nossos padrões.",
        ),
        (
            "llama 8b summarize reports for 30 analysts",
            4000,
            400,
            "Resumo: cada pedido lê um texto inteiro, e um resumo é curto; usei prompts de 4.000 tokens",
        ),
        # an answer length given is kept
        (
            "llama 8b pra resumir reuniões, resumos de 300 tokens, 50 pessoas",
            4000,
            300,
            "usei prompts de 4.000 tokens (umas 5 páginas, a 750 tokens por página, nosso padrão) e as respostas "
            "de 300 tokens",
        ),
    ],
)
def test_a_summary_with_no_length_reads_a_whole_text_and_writes_a_short_one(text, prompt, output, said):
    result = size(parse(text).workload)
    load = result.workload.load
    assert (load.prompt_tokens, load.output_tokens) == (prompt, output)
    assert result.workload.context_tokens == prompt + output
    assert any(said in a for a in result.assumptions)
    # said once: not again as the chat's default lengths
    assert not any(a.startswith(("Prompts de", "Prompts of")) for a in result.assumptions)


@pytest.mark.parametrize(
    "text",
    [
        "llama 8b resumir contratos de 20 paginas 10 usuarios",  # pages given: their length
        "qwen3 8b resumir documentos 32k 5 usuarios",  # a context given: a conversation that fills it
        "llama 8b resumir 10 milhões de palavras por dia",  # a volume of words: its own reading
    ],
)
def test_a_summary_with_its_length_given_keeps_it(text):
    result = size(parse(text).workload)
    assert not any("um resumo é curto" in a or "usei prompts de 4.000" in a for a in result.assumptions)


def test_a_summary_default_is_said_in_english_when_asked_in_english(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["llama 8b summarize reports for 30 analysts"]) == 0
    out = capsys.readouterr().out
    assert (
        "Summaries: each request reads a whole text and a summary is short; I used prompts of 4,000 tokens"
        in out
    )
    assert "first token in ~" in out and "for a 4,000-token prompt" in out


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        # "500 horas de audio" had left "500" a 500-token context and "audio" not understood.
        ("llama 8b resumir 500 horas de audio por mes", 500 * 60 * 225),
        ("llama 8b resumir 500 horas de gravações", 500 * 60 * 225),
        ("summarize 2k hours of calls with qwen3 8b", 2000 * 60 * 225),
        ("qwen3 8b classificar 1.200 minutos de ligações", 1200 * 225),
    ],
)
def test_hours_of_speech_to_summarize_are_the_transcripts_tokens_to_read(text, tokens):
    query = parse(text)
    assert query.workload.read_tokens == tokens and query.workload.context is None
    assert not any("audio" in u or "grava" in u or "calls" in u or "liga" in u for u in query.unknown)
    [(_typed, read, per_minute, period)] = query.speech_volumes
    assert (read, per_minute) == (tokens, 225)
    # "por mes": the transcripts come again each month, a rate (sizing/plan.py); the others are read once
    assert period == (30 * 86400 if "por mes" in text else None)


def test_one_recordings_hours_stay_its_length():
    # under ten hours: one recording's length (the prompt), as "reuniões de 2 horas" is
    assert parse("llama 8b resumir reuniões de 2 horas").workload.prompt_tokens == 120 * 225
    assert parse("llama 8b resumir 2 horas de gravação").speech_volumes == []


def test_hours_of_speech_are_said_as_read_and_the_transcribing_left_out(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["llama 8b resumir 500 horas de audio por mes"]) == 0
    out = capsys.readouterr().out
    assert (
        "Li “500 horas de audio” como ~6.750.000 tokens de transcrição a ler, a ~225 tokens por minuto" in out
    )
    assert (
        "Transcrever o áudio é trabalho de um modelo de fala (como o Whisper), que fica de fora da conta"
        in out
    )


@pytest.mark.parametrize(
    "text",
    [
        "preciso transcrever e resumir 500 horas de audio por mes, qual modelo e gpu",
        "quero transcrever e resumir reuniões, qual modelo?",
    ],
)
def test_transcribing_and_summarizing_gets_the_llms_for_the_summaries(text, capsys):
    # "“transcrever” é um modelo de fala": the whole question had been refused for its first verb.
    from bot.cli import main as gpu_size

    assert gpu_size([text]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines[0] == "Modelos sugeridos para esta carga"
    assert lines[1].startswith("Transcrever o áudio é trabalho de um modelo de fala (como o Whisper)")
    assert sum(line.startswith("• ") for line in lines) == 3


def test_transcribing_alone_is_a_speech_models_work_sized_as_such():
    from sizing.query import QueryError

    # It had been refused as out of scope; the speech model's own answer now sizes it (sizing/speech_query.py).
    with pytest.raises(QueryError) as e:
        parse("transcrever 500 horas de audio")
    assert e.value.key == "query.speech" and "Whisper large-v3" in e.value.message()


@pytest.mark.parametrize(
    "text",
    [
        "qwen 7b para traduzir 5 milhões de frases em um job noturno de 8h",
        "qwen2.5 7b, summarize 2 million documents every night",
        "llama 3.1 8b para 3000 requisições por minuto",
        "qwen3 32b, 200 requisições por minuto, prompts de 2 mil tokens e respostas de 500",
        "llama 3.1 70b fp8 para 5000 funcionários",
        "llama 3.1 8b, 2 milhões de requisições por dia",
        "qwen2.5 14b, 40 req/s, prompts de 3k e respostas de 300",
    ],
)
def test_the_copies_planned_and_what_the_answer_says_they_sustain_agree(text):
    # The 5M-sentence batch had been planned at 70% of what a copy admitting every conversation its memory
    # holds sustains, then described with a copy launched with vLLM's default, which sustains less: "Sustenta
    # até 242 requisições/s ... O pico usa 72% disso (o plano admite até 70%)". Both weigh one copy now.
    result = size(parse(text).workload)
    p = result.recommendation.performance
    assert p.utilization <= p.planned_utilization + 1e-9
    out = render_text(result)
    [share] = re.findall(r"(?:O pico|O lote|The peak|The batch) (?:usa|uses) ([\d,.]+)%", out)
    assert float(share.replace(",", ".")) <= 70


def test_a_batch_says_when_it_ends_in_its_window_not_that_its_margin_absorbs_bursts(capsys):
    # A batch has no peak and no bursts: the plan's 70% is its margin for the estimate's error, so at full
    # speed the batch ends before its deadline, and the answer says when.
    result = size(parse("qwen 7b para traduzir 5 milhões de frases em um job noturno de 8h").workload)
    out = render_text(result)
    p = result.recommendation.performance
    assert "absorve rajadas" not in out and "O pico usa" not in out
    hours = round(8 * p.utilization)
    assert (
        f"O lote usa {round(p.utilization * 100)}% disso: a toda velocidade, termina em ~{hours} horas, dentro "
        "da janela de 8 horas (o plano admite até 70%: a folga cobre o erro da estimativa, abaixo)." in out
    )
    assert main(["qwen2.5 7b, summarize 2 million documents every night"]) == 0
    english = capsys.readouterr().out
    assert "The batch uses " in english and "within its window of 8 hours" in english


def test_a_share_at_the_plans_ceiling_is_said_to_the_tenth_that_puts_it_above():
    from sizing.advice import share_text

    # "a 70% do que sustenta, acima dos 70% que o plano admite" had contradicted itself.
    assert share_text(0.7038, 0.70, "pt-BR") == "70,4%"
    assert share_text(0.6961, 0.70, "en") == "69.6%"
    assert share_text(0.77, 0.70, "pt-BR") == "77%" and share_text(0.70, 0.70, "pt-BR") == "70%"


def test_the_smaller_machine_under_a_rate_is_laid_out_for_the_rate():
    # "8× H200 SXM 141 GB: ... (não dá conta desta carga: satura em ~59.611 tokens/s)" had been one 7B split
    # over eight GPUs; eight copies side by side carry the batch (above the plan's 70%, and said so).
    result = size(parse("qwen 7b para traduzir 5 milhões de frases em um job noturno de 8h").workload)
    [smaller] = [a for a in result.alternatives if a.kind == "smaller_setup_partial"]
    assert (smaller.setup.count, smaller.setup.replicas) == (8, 8)
    assert smaller.text.startswith("8× H200 SXM 141 GB (8 cópias do modelo, 1 GPU cada): ")
    assert "não dá conta" not in smaller.text and "acima dos 70% que o plano admite" in smaller.text
    # Where one copy over the machine's GPUs sustains more than copies do, it stays one copy.
    qwen = size(
        parse("qwen3 32b, 200 requisições por minuto, prompts de 2 mil tokens e respostas de 500").workload
    )
    [smaller] = [a for a in qwen.alternatives if a.kind == "smaller_setup_partial"]
    assert (smaller.setup.count, smaller.setup.replicas) == (2, 1)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 70b 4bit 30 usuarios prompt 1000 resposta 500",
         "1× L40S 48 GB: até 4 usuários com 1.500 tokens, dos 30 usuários pedidos."),
        ("llama 70b 4bit 17 usuários, prompts de 1000 tokens e respostas de 500",
         "1× L40S 48 GB: até 4 usuários com 1.500 tokens, dos 17 usuários pedidos."),
        ("llama 3.3 70b awq, 40 users at once, 1000-token prompts and 500-token answers",
         "1× L40S 48 GB: up to 4 users at 1,500 tokens, of the 40 users asked."),
        ("llama 70b int4 com 2000 funcionarios prompts de 1000 e respostas de 500",
         # ~10, not ~7: 4-bit weights decode at 70% of their bytes' rate (precisions.toml decode_read_share), so
         # each answer takes longer and more conversations are in flight at the same rate (Little's law); ~9
         # before prompts were read at 52% of peak (tests/test_performance.py)
         # under a rate the capacity counts conversations, as the header and the load line do (audit7)
         "1× L40S 48 GB: até 4 conversas com 1.500 tokens, das ~10 conversas em andamento com esta carga."),
        ("llama 70b 4bit 30 usuarios prompt 12000 resposta 1000",
         "2× A100 SXM 80 GB: até 25 usuários com 13.000 tokens, dos 30 usuários pedidos."),
    ],
)  # fmt: skip
def test_a_smaller_machine_is_not_offered_all_the_users_at_a_length_shorter_than_their_requests(
    text, said, capsys
):
    # "1× L40S: até 4 usuários com 1.500 tokens, ou 30 usuários com até 208 tokens" had offered the 30 users a
    # context that holds none of their 1,500-token requests.
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert not re.search(
        r"(?:ou|or) \d+ (?:usuários|users) (?:com|at) (?:até|up to) (?:\d{3}|1[.,]\d{3}) tokens", out
    )


def test_a_context_said_keeps_the_trade_of_users_for_a_shorter_one():
    # Unchanged where the context is a window, not each request's length: all 10 users at 13k still hold them.
    out = render_text(size(parse("llama 70b 4bit 32k 10 usuarios").workload))
    assert "2× L40S 48 GB: até 4 usuários com 32.768 tokens, ou 10 usuários com até 13.232 tokens." in out


def test_the_engines_settings_are_each_copys(capsys):
    # "vLLM configurado para esta carga: até 1.465 sequências simultâneas" had given all the copies' conversations
    # as one engine's --max-num-seqs; each of the 11 copies runs its own.
    assert main(["qwen 7b para traduzir 5 milhões de frases em um job noturno de 8h"]) == 0
    out = capsys.readouterr().out
    copies = int(re.search(r"Recomendação: (\d+)× H200", out).group(1))
    flight = int(re.search(r"~([\d.]+) conversas em andamento", out).group(1).replace(".", ""))
    per = -(-flight // copies)
    assert (
        f"vLLM configurado para esta carga, em cada uma das {copies} cópias do modelo: até {per} sequências"
        in out
    )
    assert main(["llama 70b 4bit 32k 10 usuarios"]) == 0
    assert "vLLM configurado para esta carga: até 10 sequências simultâneas" in capsys.readouterr().out


# -- long prompts: MLPerf's long-context limits ([latency_long]) ---------------------------------------------


def test_long_prompts_with_no_figure_are_sized_for_mlperfs_long_context_limits():
    # traffic.toml [latency_long]: llama3_1-405b.Server, TTFT 6000 ms and TPOT 175 ms (~5.7 tokens/s).
    result = size(parse("Qwen3 32B, 80 analistas, documentos de até 20 páginas").workload)
    load = result.workload.load
    assert (load.ttft_target_s, round(load.tokens_per_s_target, 1)) == (6.0, 5.7)
    said = " ".join(result.assumptions)
    assert (
        "Prompts longos (15.000 tokens): latência dimensionada para primeiro token em até 6,0 s e pelo menos"
        " 5,7 tokens/s por usuário"
        in said
        and "contexto longo do MLPerf" in said
    )
    # A 32B model reading 15,000 tokens needs no tensor parallelism for a wait of seconds on a document.
    assert result.recommendation.tensor_parallel == 1


def test_fast_answers_on_long_prompts_use_the_long_benchmarks_interactive_limits():
    # "resposta rápida" with 15,000-token prompts had been held to 0.5 s: 8× H100 in tensor parallel 8 for
    # 1.3 requests a minute. MLPerf's llama3_1-405b-interactive: TTFT 4500 ms, TPOT 80 ms (12.5 tokens/s).
    result = size(parse("Qwen3 32B, 80 analistas, documentos de até 20 páginas, resposta rápida").workload)
    load = result.workload.load
    assert (load.ttft_target_s, round(load.tokens_per_s_target, 1)) == (4.5, 12.5)
    assert result.recommendation.count == 1
    said = " ".join(result.assumptions)
    assert "Respostas rápidas com prompts longos (15.000 tokens)" in said and "4,5 s" in said


@pytest.mark.parametrize(
    ("text", "ttft", "tps"),
    [
        # a figure given wins, and what was not given is the long benchmark's
        ("Qwen3 32B, 80 analistas, documentos de 20 páginas, primeiro token em 2 s", 2.0, 5.7),
        ("Qwen3 32B, 80 analistas, documentos de 20 páginas, 20 tokens/s", 6.0, 20),
        # a short prompt keeps the chat's limits
        ("Qwen3 32B, 80 analistas, documentos de 5 páginas", 2.0, 10),
        ("Qwen3 32B, 80 analistas, documentos de 5 páginas, resposta rápida", 0.5, 33),
    ],
)
def test_a_long_prompts_limits_give_way_to_figures_and_short_prompts(text, ttft, tps):
    load = size(parse(text).workload).workload.load
    assert load.ttft_target_s == ttft
    assert round(load.tokens_per_s_target, 1) == tps


def test_a_pipelines_long_documents_keep_the_batch_limits():
    result = size(parse("llama 3.3 70b, 200 contratos de 30 páginas por dia").workload)
    assert result.workload.load.ttft_target_s == 600
    assert not any("Prompts longos" in a for a in result.assumptions)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Long prompts (22,500 tokens): latency sized for first token within 6.0 s and at least 5.7 tokens/s"),
        ("pt-PT", "Prompts longos (22\u00a0500 tokens): latência dimensionada para primeiro token em 6,0 s ou menos e"
                  " pelo menos 5,7 tokens/s por utilizador"),
    ],
)  # fmt: skip
def test_the_long_prompts_latency_is_said_in_each_language(lang, line):
    workload = parse("llama 3.3 70b, 2 req/min, prompts de 22500 tokens").workload
    result = size(workload.but(lang=lang))
    assert any(a.startswith(line) for a in result.assumptions), result.assumptions


@pytest.mark.parametrize(
    ("text", "lead", "heading"),
    [
        (
            "llama 3.1 8b numa h200 com 800 req/min",
            "1× H200 SXM 141 GB: cabe na memória, com 58,2 GB livres por GPU, mas não dá conta desta carga: "
            "o pico pede 102% do que ela sustenta",
            "Para dar conta desta carga em GPUs H200 SXM 141 GB:\n  • Com 2× H200 SXM 141 GB (2 cópias",
        ),
        (
            "can an h200 serve llama 3.1 8b at 800 requests per minute?",
            "1× H200 SXM 141 GB: fits in memory, with 58.2 GB free per GPU, but does not keep up with this load",
            "To keep up with this load on H200 SXM 141 GB GPUs:\n  • With 2× H200 SXM 141 GB",
        ),
    ],
)
def test_a_named_gpu_the_peak_saturates_is_not_said_to_fit_the_load(text, lead, heading, capsys):
    assert main([text]) == 0
    answer = capsys.readouterr().out
    assert lead in answer and heading in answer
    assert "H200 SXM 141 GB: cabe, com" not in answer and "H200 SXM 141 GB: fits, with" not in answer
    assert main([text, "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)["verdict"]
    assert verdict["setup"]["fits"] and verdict["unserved"]
    assert verdict["setup"]["performance"]["utilization"] > 1


def test_the_slack_header_of_a_saturated_named_gpu_says_so():
    from bot import blocks

    query = parse("llama 3.1 8b numa h200 com 800 req/min")
    message = blocks.answer(query=query, result=size(query.workload), show_prices=False)
    blocks.validate(message.blocks)
    header = next(b["text"]["text"] for b in message.blocks if b["type"] == "header")
    assert header == "1× H200 SXM 141 GB: não dá conta desta carga"
    assert "1× H200 SXM 141 GB: não dá conta desta carga" in message.text


def test_a_smaller_machine_holding_no_conversation_of_the_asked_length_is_timed_at_the_context_it_offers():
    """ "2× A100: nenhum usuário com 65.536 tokens; 5 usuários com até 7.994 tokens" had come with one
    conversation's speed at the full 64k (~48 tokens/s per user and ~46 in all: one conversation that does not
    fit, and fewer tokens in all than per user); the speed is the load it offers, every user at the shorter
    context."""
    result = size(parse("mixtral 8x22b fp8 com 64k de contexto para 5 usuários").workload)
    [smaller] = [a for a in result.alternatives if a.kind == "smaller_setup_partial"]
    assert smaller.setup.max_users == 0 and 0 < smaller.setup.max_context_tokens < 65_536
    p = smaller.setup.performance
    assert p.concurrency == 5
    assert p.output_tokens_per_s > p.tokens_per_s_per_user * 4
    full_context = result.recommendation.performance
    assert p.ttft_s < full_context.ttft_s * 4  # a shorter history: no 64k conversation is timed
    assert "nenhum usuário com 65.536 tokens; 5 usuários com até" in smaller.text
