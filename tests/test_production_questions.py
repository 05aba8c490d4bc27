"""Production sizing asked the way sales reps and customers ask it in Slack and in pasted e-mails: lengths said by
the model's verbs, shares of daily use, agents' calls per task, per-person rates with any trade, shorthand
("resp", "msg", "simult", "tps", "sla 99.9"), latency targets said as when the answer starts, night batches, and
money asked per user and per request."""

from __future__ import annotations

import re

import pytest

from sizing.query import parse
from tests.data_folders import priced_answers

PRICES = "{ on_demand = 20.0, reserved = 14.0, dedicated = 16.0, project_package = 15.0 }"


@pytest.fixture
def answer(tmp_path, monkeypatch, capsys):
    """The text gpu-size prints for a question, with made-up prices on every GPU."""
    yield from priced_answers(tmp_path, monkeypatch, capsys, {None: PRICES})


# -- lengths said by what the model does with them -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, prompt, output",
    [
        # the 800 had been a context shorter than the prompt, and the whole e-mail refused
        ("qwen2.5 72b, cada consulta monta um prompt de ~20 mil tokens e gera uns 800 tokens", 20_000, 800),
        ("Each summary reads ~6k tokens of notes and writes ~700. Qwen2.5 32B", 6_000, 700),
        ("qwen3 32b, cada pedido lê 3k tokens e responde com ~200 tokens", 3_000, 200),
        ("llama 3.1 8b, each call sends 2k tokens and generates 300 tokens", 2_000, 300),
        # Slack's "resp": "300" had been a 300-token context, refused beside the 1k prompt
        ("media de 10 req/s e pico de 40 req/s, llama 3.1 70b fp8, prompt 1k resp 300", 1_000, 300),
        ("llama 8b 1k prompt 300 resp", 1_000, 300),
    ],
)
def test_a_length_said_by_the_models_verb_is_the_prompts_or_the_answers(text, prompt, output):
    query = parse(text)
    w = query.workload
    assert (w.prompt_tokens, w.output_tokens, w.context) == (prompt, output, None)
    assert not {"gera", "writes", "resp", "700", "notes"} & {u.lower() for u in query.unknown}


@pytest.mark.parametrize(
    "text, per_day",
    [
        # "gerar 1 bilhão de tokens": answers, at 500 tokens each (they had been prompts and answers together)
        ("quanto custa gerar 1 bilhao de tokens por mes com llama 3.1 8b?", None),
        ("llama 8b, we generate 30M tokens a day", 60_000),
    ],
)
def test_tokens_a_verb_of_writing_counts_are_answers(text, per_day):
    w = parse(text).workload
    if per_day is None:
        assert w.requests_per_month == 2_000_000
    else:
        assert w.requests_per_day == per_day


def test_generated_tokens_a_month_are_said_as_generated(answer):
    out = answer("quanto custa gerar 1 bilhao de tokens por mes com llama 3.1 8b?")
    assert "Entendi: Llama 3.1 8B · 2.000.000 requisições por mês · custo" in out
    assert "No volume do mês (1.000 mi tokens gerados em 22 dias de uso)" in out


def test_a_pasted_rag_email_is_sized_not_refused(answer):
    out = answer(
        "Bom dia! Nosso produto usa RAG sobre contratos.\n"
        "Cada consulta monta um prompt de ~20 mil tokens e gera uns 800 tokens.\n"
        "Temos uns 5 mil consultas por dia útil, concentradas das 9h às 18h.\n"
        "Pensamos no Qwen2.5 72B. Podem dimensionar?"
    )
    assert out.startswith(
        "Entendi: Qwen2.5 72B · prompts de 20.000 tokens · respostas de 800 tokens · 5.000 requisições por dia"
    )
    assert "Não entendi" not in out and "não cabem num contexto" not in out


# -- people, their daily use and what each sends ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, per_day",
    [
        (
            "3.000 colaboradores, estimamos 20% de uso diário, cerca de 15 perguntas por pessoa por dia, llama 70b",
            9_000,
        ),
        (
            "llama 70b para 3000 funcionários; 20% dos funcionários usam todo dia, 15 perguntas por pessoa por dia",
            9_000,
        ),
        ("llama 70b for 5,000 employees, 10% daily usage, 20 questions per person per day", 10_000),
        ("llama 70b, 5000 employees, 10% of them use it daily, each sends 20 requests a day", 10_000),
    ],
)
def test_a_share_of_daily_use_takes_the_people_of_a_day(text, per_day):
    # "20% de uso diário" had been left unread ("20", "diário"): every one of the 3,000 counted, five times the load.
    query = parse(text)
    assert query.workload.requests_per_day == per_day
    assert query.unknown == []


def test_a_share_of_daily_use_is_said_under_what_was_understood(answer):
    out = answer(
        "Olá, somos uma fintech de SP com 3.000 colaboradores. Queremos disponibilizar um assistente interno "
        "baseado em Llama 3.3 70B.\nEstimamos 20% de uso diário, cerca de 15 perguntas por pessoa por dia.\n"
        "Precisamos de tempo de resposta inicial abaixo de 2 segundos.\nQual seria a configuração e o custo mensal?"
    )
    assert "Entendi: Llama 3.3 70B · 9.000 requisições por dia · primeiro token ≤ 2,0 s · custo" in out
    assert "Li “20% de uso diário” como 600 das 3.000 pessoas usando o serviço num dia" in out
    # "disponibilizar um assistente" is the customer's own service, not GPUs asked for now
    assert "Não entendi" not in out and "estoque" not in out


def test_a_head_count_without_a_share_of_daily_use_is_unchanged():
    w = parse("llama 70b, 3000 colaboradores, 15 perguntas por pessoa por dia").workload
    assert w.requests_per_day == 45_000


def test_stock_asked_of_gpus_still_gets_its_note(answer):
    assert "não vejo o estoque" in answer("vocês conseguem disponibilizar 8 h100 pro llama 70b?")


@pytest.mark.parametrize(
    "text, per_day",
    [
        # "40 summaries each per day" had been a batch of 40; the doctors' daily volume is 600 × 40
        ("~600 doctors; Each summary reads ~6k tokens of notes and writes ~700. Doctors generate about 40 summaries "
         "each per day. Qwen2.5 32B", 24_000),
        ("qwen3 14b, 200 analistas, 30 perguntas por pessoa por dia", 6_000),
    ],
)  # fmt: skip
def test_a_count_each_person_sends_a_day_said_before_each(text, per_day):
    query = parse(text)
    assert query.workload.requests_per_day == per_day
    assert not [u for u in query.unknown if u.lower() in ("doctors", "day", "40")]


@pytest.mark.parametrize(
    "text, people, per_hour",
    [
        # "por dev" and "msg" had been left unread: 20 req/min in all, and 400 users at once by memory
        ("qwen2.5 coder 32b pra 150 devs, ~20 req/min por dev no horario de pico", 150, 1_200),
        ("qwen3 14b, call center: 400 atendentes, cada um manda ~1 msg por minuto", 400, 60),
        ("llama 8b, 50 advogados, 10 perguntas por advogado por hora", 50, 10),
    ],
)
def test_a_rate_each_person_sends_with_any_trade_or_shorthand(text, people, per_hour):
    query = parse(text)
    w = query.workload
    assert (w.users or w.population, w.requests_per_active_hour) == (people, per_hour)
    assert query.unknown == []


# -- agents ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, turns, rate_key, rate",
    [
        ("agente que faz umas 15 chamadas ao llm por tarefa, 2 mil tarefas por dia, qwen3 32b", 15,
         "requests_per_day", 30_000),
        ("We run an agentic workflow: each user task triggers ~25 LLM calls averaging 3k input / 200 output "
         "tokens. We expect 500 tasks per hour at peak. Model: Qwen3 32B.", 25, "rate_per_s", 12_500 / 3600),
        ("qwen3 32b, 300 tarefas por hora, cada tarefa com 10 chamadas", 10, "rate_per_s", 3_000 / 3600),
        ("qwen3 32b, 2 mil tickets por dia, cada ticket gera umas 8 chamadas ao modelo, prompt 2k resp 400", 8,
         "requests_per_day", 16_000),
    ],
)  # fmt: skip
def test_an_agents_calls_per_task_multiply_its_tasks(text, turns, rate_key, rate):
    # The calls and the tasks had both been left unread: one conversation at a time.
    query = parse(text)
    w = query.workload
    assert (w.turns, w.turns_of_task) == (turns, True)
    assert getattr(w, rate_key) == pytest.approx(rate)
    assert query.unknown == []


def test_an_agents_calls_keep_their_own_prompt_not_a_chats_history(answer):
    out = answer(
        "qwen3 32b, each task triggers ~25 LLM calls of 3k input / 200 output tokens, 500 tasks per hour"
    )
    assert "25 model calls per task · 12,500 requests/h" in out
    assert "3,200 tokens of context" in out  # not 25 × 3,200 of a chat that keeps every message


def test_a_chats_messages_still_fill_its_context():
    w = parse("llama 8b 2 mil conversas por dia, cada uma com 6 mensagens").workload
    assert (w.turns, w.turns_of_task, w.requests_per_day) == (6, False, 12_000)


# -- shorthand and targets ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, users, at_once",
    [
        ("70b fp8 2k usuarios simult p95 ttft 1s", 2_000, True),  # had been 2,000 people, 7 conversations
        ("qwen3 32b 1500 usuarios simult", 1_500, True),
    ],
)
def test_simult_is_at_once(text, users, at_once):
    w = parse(text).workload
    assert (w.users, w.users_at_once) == (users, at_once)


@pytest.mark.parametrize(
    "text, tps",
    [
        ("preciso de 50 tps por usuario com o llama 3.1 8b, 100 usuarios ao mesmo tempo", 50),
        ("llama 8b 30 tok/s cada, 20 usuarios", 30),
        ("qwen3 8b, 40 tps per user, 10 users", 40),
    ],
)
def test_tokens_a_second_as_shorthand_for_each_user(text, tps):
    query = parse(text)
    assert query.workload.tokens_per_s == tps and query.unknown == []


def test_tps_alone_is_not_read_as_a_speed():
    assert parse("llama 8b 300 tps").workload.tokens_per_s is None


@pytest.mark.parametrize(
    "text, ttft",
    [
        ("llama 3.1 8b, 50 chamadas simultaneas de voz, resposta tem que comecar em 300ms", 0.3),
        ("llama 8b 100 users, the answer must start within 500 ms", 0.5),
        ("llama 70b, 3000 colaboradores, tempo de resposta inicial abaixo de 2 segundos", 2.0),
        ("llama 8b, 20 users, initial response time under 1 s", 1.0),
    ],
)
def test_when_the_answer_starts_is_the_first_token(text, ttft):
    query = parse(text)
    assert query.workload.ttft_s == ttft and query.unknown == []


@pytest.mark.parametrize(
    "text",
    [
        "mistral small 24b, 5000 req/hora, sla 99.9",
        "llama 8b 100 usuarios, SLA de 99,95",
        "llama 8b, sla: 99.9",
    ],
)
def test_an_sla_without_its_percent_sign_asks_for_availability(text):
    query = parse(text)
    assert query.workload.high_availability is True and query.unknown == []


@pytest.mark.parametrize(
    "text, items, hours",
    [
        (
            "job noturno de 8h pra traduzir 5 milhoes de frases com o qwen3 8b, cada frase ~50 tokens",
            5_000_000,
            8,
        ),
        ("processamento noturno: classificar 1 milhão de tickets com llama 3.1 8b", 1_000_000, 8),
        ("classificar 3 milhoes de tickets ate amanha de manha (12h), llama 3.1 8b", 3_000_000, 12),
        ("summarize 200k emails with llama 3.1 8b by tomorrow morning", 200_000, 8),
    ],
)
def test_a_night_job_is_a_batch_with_a_nights_deadline(text, items, hours):
    query = parse(text)
    w = query.workload
    assert (w.batch_items, w.batch_seconds) == (items, hours * 3600)
    assert not {"noturno", "noturna", "amanha", "12h", "8h"} & {u.lower() for u in query.unknown}


def test_a_translation_of_counted_sentences_answers_as_long_as_each_one(answer):
    out = answer("job noturno de 8h pra traduzir 5 milhoes de frases com o qwen3 8b, cada frase ~50 tokens")
    assert "prompts de 50 tokens · respostas de 50 tokens" in out
    assert "Uma tradução escreve mais ou menos tantos tokens quanto lê" in out


# -- money per user, per request ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, seats",
    [
        # the month had been divided by the 4 conversations of 500 people's peak hour
        ("qual o custo por usuario/mes pro qwen3 32b com 500 usuarios ativos?", "500"),
        (
            "gpt-oss 20b pra 1000 usuarios, cada um faz 30 perguntas por dia, quanto custa por usuario?",
            "1.000",
        ),
        ("llama 8b 30k MAU, custo por usuario", "30.000"),
        ("llama 8b 20 usuarios, custo por usuario", "20"),  # users at once stay the seats
    ],
)
def test_a_cost_per_user_divides_by_the_people_the_service_is_for(answer, text, seats):
    out = answer(text)
    assert f"Por usuário ({seats} usuários):" in out
    assert "Não entendi" not in out


def _money(text: str) -> float:
    return float(text.replace(".", "").replace(",", "."))


@pytest.mark.parametrize(
    "text, n, shown",
    [
        # "por 1k requisições" had been 1,000 messages in each conversation, and 20 rps read as 20,000
        ("quanto fica o custo por 1k requisicoes do llama 8b com 20 rps?", 1_000, "por 1.000 requisições"),
        ("llama 8b com 20 rps, custo por mil requisicoes", 1_000, "por 1.000 requisições"),
        ("llama 8b 20 rps, quanto sai cada requisicao?", 1, "por requisição"),
    ],
)
def test_a_cost_per_requests_is_the_price_of_their_answers(answer, text, n, shown):
    w = parse(text).workload
    assert (w.cost_per_requests, w.rate_per_s, w.turns, w.cost) == (n, 20, None, True)
    out = answer(text)
    per_million = _money(re.search(r"R\$ ([\d.,]+) por milhão de tokens gerados", out).group(1))
    line = next(line for line in out.splitlines() if shown in line)
    value = _money(re.search(r"R\$ ([\d.,]+) " + shown, line).group(1))
    # the million's price times the tokens those requests generate (500 each, the default answer)
    assert value == pytest.approx(per_million * 500 / 1e6 * n, rel=0.02)
    assert "(respostas de 500 tokens, na mesma base do milhão de tokens acima)" in line


def test_a_cost_per_request_in_english(answer):
    out = answer("llama 8b 20 rps, cost per request")
    assert "Understood: Llama 3.1 8B · 20 requests/s · cost" in out
    assert re.search(r"BRL 0\.\d+ per request \(answers of 500 tokens", out)


def test_a_volume_a_month_prices_its_requests_over_the_month_too(answer):
    out = answer("llama 8b, 500 mil mensagens por mes, custo por mil requisicoes")
    month = _money(re.search(r"No volume do mês \([^)]*\), R\$ ([\d.,]+) por milhão", out).group(1))
    line = next(line for line in out.splitlines() if line.strip().startswith("No volume do mês, R$"))
    assert _money(re.search(r"R\$ ([\d.,]+) por 1\.000 requisições", line).group(1)) == pytest.approx(
        month * 500 / 1e3, rel=0.02
    )


# -- alternatives that miss the targets ---------------------------------------------------------------------


def test_an_alternative_that_misses_the_targets_with_no_queue_says_so(answer):
    # Its figures under the load ("~1 tokens/s por usuário ... primeiro token em ~46 s", or "~inf s") had read as
    # a choice.
    out = answer(
        "Cada consulta monta um prompt de ~20 mil tokens e gera uns 800 tokens, 5 mil consultas por dia, qwen2.5 72b"
    )
    alternative = next(line for line in out.splitlines() if "× L40S 48 GB" in line)
    assert "não dá conta desta carga" in alternative
    assert "~inf s" not in out and "~0 tokens/s" not in out and "~0 token/s" not in out


# -- items counted with their own length, then a period ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, prompt, per_day, understood",
    [
        # "3k tokens por dia" had been a day's token volume: "2 requisições por dia"
        ("llama 3.1 8b para 200 mil documentos de 3k tokens por dia", 3_000, 200_000,
         "Entendi: Llama 3.1 8B · prompts de 3.000 tokens · 200.000 requisições por dia"),
        ("llama 3.1 8b, 200k documents of 3k tokens per day", 3_000, 200_000,
         "Understood: Llama 3.1 8B · prompts of 3,000 tokens · 200,000 requests a day"),
        ("llama 3.1 8b, 10k tickets of 800 tokens each per day", 800, 10_000, "prompts of 800 tokens"),
        # whose tickets they are, before or after the noun ("10k" and "day" had been left unread, and "10 mil
        # tickets de suporte de 800 tokens por dia" had been "1 requisições por dia")
        ("llama 3.1 8b, 10k support tickets of 800 tokens each per day", 800, 10_000, "10,000 requests a day"),
        ("llama 3.1 8b, 10 mil tickets de suporte de 800 tokens por dia", 800, 10_000,
         "Entendi: Llama 3.1 8B · prompts de 800 tokens · 10.000 requisições por dia"),
        ("llama 3.1 8b, 200k emails of 500 tokens a day", 500, 200_000, "200,000 requests a day"),
        ("llama 3.1 8b 200 mil requisições de 3k tokens por dia", 3_000, 200_000, "200.000 requisições por dia"),
        # the task between the length and the period stays read; the 3k had been a context, the prompt 1k
        ("llama 3.1 8b, 3 mil pdfs de 3k tokens pra resumir por dia", 3_000, 3_000, "sumarização"),
    ],
)  # fmt: skip
def test_items_with_their_length_a_day_are_that_many_requests_of_that_length(
    answer, text, prompt, per_day, understood
):
    w = parse(text).workload
    assert (w.prompt_tokens, w.requests_per_day, w.context) == (prompt, per_day, None)
    out = answer(text)
    assert understood in out.splitlines()[0]
    assert "corpus" not in out  # the items are the load, not a RAG corpus


def test_items_with_their_length_an_hour_are_a_rate(answer):
    w = parse("llama 3.1 8b, 200 mil documentos de 3k tokens por hora").workload
    assert w.prompt_tokens == 3_000 and w.rate_per_s == pytest.approx(200_000 / 3600)


@pytest.mark.parametrize(
    "text, per_day",
    [("llama 3.1 8b 3 milhões de tokens por dia", 2_000), ("llama 3.1 8b, 3M tokens per day", 2_000)],
)
def test_a_token_volume_alone_is_still_a_volume(answer, text, per_day):
    w = parse(text).workload
    assert w.requests_per_day == per_day and w.prompt_tokens is None
