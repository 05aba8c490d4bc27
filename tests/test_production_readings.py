"""Production sizing questions (traffic, latency, cost) read the way customers and sales reps mean them: when a
service starts is no term, a load past what we rent at 16 bits is offered the precision that serves it, how many
users a named setup holds is asked in any words, copies on a named GPU are priced on it, GPUs weighed under a load
each get their setup and price, a share of daily use with its people inside it, Portugal's grammar, token volumes
said as the requests they make, chat spellings of "quanto" and the hour of a peak."""

from __future__ import annotations

import json
import re

import pytest

from bot.cli import main
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from tests.data_folders import priced_copy

PRICES = "{ on_demand = 20.0, reserved = 14.0, dedicated = 16.0, project_package = 15.0 }"


@pytest.fixture
def answer(tmp_path, monkeypatch, capsys):
    """The text gpu-size prints for a question, with made-up prices on every GPU."""
    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, {None: PRICES})))
    load_catalog.cache_clear()

    def ask(text: str, *flags: str) -> str:
        main([text, *flags])
        return capsys.readouterr().out

    yield ask
    load_catalog.cache_clear()


# -- when a service starts is no term ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, gpus",
    [
        # "h100 semana" had been 100 weeks: a term of 700 days, "h" and "vem" not understood
        ("qwen3 32b em umas h100 semana que vem", None),
        ("qwen3 32b em 2 h100 mês que vem", 2),
        ("qwen3 32b numa h100 a partir da próxima semana", None),
        ("qwen3 32b on 2 h100 next week", 2),
        ("qwen3 32b on an h100 starting next month", None),
    ],
)
def test_when_a_service_starts_is_no_term(text, gpus):
    query = parse(text)
    w = query.workload
    assert (w.gpu, w.gpus, w.term_days) == ("h100-sxm", gpus, None)
    assert query.unknown == []


@pytest.mark.parametrize(
    "text, days",
    [
        ("qwen3 32b em 2 h100 por 2 semanas", 14),
        ("qwen3 32b on h100 for 3 months", 90),
        ("llama 8b 2 semanas", 14),
    ],
)
def test_a_term_said_as_one_is_still_a_term(text, days):
    assert parse(text).workload.term_days == days


def test_gpus_named_for_next_week_with_no_model_get_what_fits(answer):
    out = answer("umas h100 semana que vem")
    assert out.startswith("O que cabe em 1× H100 SXM 80 GB")
    assert "700 dias" not in out


def test_a_reserved_term_with_a_start_date_keeps_its_term(answer):
    out = answer("qwen3 32b em h100 a partir da próxima semana, reservado 12 meses")
    assert out.startswith("Entendi: Qwen3 32B · 1× H100 SXM 80 GB · capacidade reservada · por 12 meses\n")


# -- a load past what we rent at 16 bits: the precision that serves it ------------------------------------------


@pytest.mark.parametrize(
    "text, beyond, served",
    [
        (
            "qwen3 8b 300 req/s",
            "Nada que alugamos atende esta carga: ela pede ~35× H200 SXM 141 GB",
            "Em FP8 (8-bit), 24× H200 SXM 141 GB (24 cópias do modelo, 1 GPU cada) atende esta carga (veja as "
            "alternativas).",
        ),
        (
            "qwen3 8b at 300 requests per second",
            "Nothing we rent serves this load: it takes ~35× H200 SXM 141 GB",
            "At FP8 (8-bit), 24× H200 SXM 141 GB (24 copies of the model, 1 GPU each) serves it (see the "
            "alternatives).",
        ),
    ],
)
def test_a_load_nothing_serves_at_16_bits_is_offered_the_precision_that_does(answer, text, beyond, served):
    # It had said only that nothing we rent serves it, with no alternative at all.
    out = answer(text)
    assert beyond in out and served in out
    alternatives = out.split("Alternativ")[1].split("\n\n")[0]
    assert "FP8 (8-bit): 24× H200 SXM 141 GB" in alternatives
    assert "150.000 tokens/s no total" in alternatives or "150,000 tokens/s in all" in alternatives


def test_the_precision_offered_is_an_alternative_in_json(answer):
    data = json.loads(answer("qwen3 8b 300 req/s", "--json"))
    assert data["recommendation"] is None
    lower = [a for a in data["alternatives"] if a["kind"] == "lower_precision"]
    assert [(a["setup"]["gpu"], a["setup"]["count"]) for a in lower] == [("h200-sxm", 24)]


def test_a_load_no_lower_precision_serves_either_offers_none(answer):
    out = answer("qwen3 8b fp8 600 req/s")
    assert "Nada que alugamos atende esta carga" in out
    assert "atende esta carga (veja as alternativas)" not in out


# -- how many users a named setup holds, in any words -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # "max de" had been left unread: the answer sized one conversation ("Mas 2× A100 já basta")
        "max de usuarios simultaneos q 8x h200 aguentam com llama 3.1 70b",
        "qual o máximo de usuários que 8x h200 comportam com o llama 3.1 70b?",
        "qntos usuários 8x h200 suportam com llama 3.1 70b",
        "número máximo de sessões simultâneas em 8x h200 com llama 3.1 70b",
        "limite de conexões simultâneas do llama 3.1 70b em 8x h200",
        "how many concurrent users can 8x H200 handle with llama 3.1 70b?",
        "maximum number of concurrent sessions on 8x h200 with llama 3.1 70b",
    ],
)
def test_how_many_users_a_named_setup_holds_in_any_words(answer, text):
    out = answer(text)
    assert "8× H200 SXM 141 GB: " in out.split("\n\n")[2]
    assert ("quantos usuários cabem" in out) or ("how many users fit" in out)
    assert "já basta" not in out and "is enough" not in out
    assert "Não entendi" not in out and "Not understood" not in out


@pytest.mark.parametrize(
    "text, users",
    [
        ("llama 8b no máximo de 20 usuários", 20),
        ("llama 8b max 20 usuarios", 20),
        ("llama 8b, max users: 30", 30),
    ],
)
def test_a_count_with_its_bound_is_still_a_count(text, users):
    w = parse(text).workload
    assert w.users == users and not w.capacity_asked


# -- copies required on a named GPU: judged and priced on it ----------------------------------------------------


@pytest.mark.parametrize(
    "text, head",
    [
        (
            "2 replicas do qwen3 32b em h100, reservado 12 meses",
            "2× H100 SXM 80 GB (2 cópias do modelo, 1 GPU cada): cabe",
        ),
        (
            "qwen3 32b on h100 with 3 replicas, reserved 12 months",
            "3× H100 SXM 80 GB (3 copies of the model, 1 GPU each): fits",
        ),
        ("llama 70b em h100 com 2 réplicas", "4× H100 SXM 80 GB (2 cópias do modelo, 2 GPUs cada): cabe"),
    ],
)
def test_copies_on_a_gpu_named_with_no_count_are_that_many_of_it(answer, text, head):
    # One H100 had been judged short of the copies, and the price shown had been 2× A100's.
    out = answer(text)
    verdict = out.split("\n\n")[2]
    assert verdict.startswith(head)
    assert "Preço (" in verdict or "Price (" in verdict


def test_copies_on_a_named_gpu_are_its_price_in_json(answer):
    data = json.loads(answer("2 replicas do qwen3 32b em h100, reservado 12 meses", "--json"))
    named = data["requested"]
    assert (named["gpu"], named["count"], named["fits"]) == ("h100-sxm", 2, True)
    assert named["cost"]["by_contract_mode"]["reserved"]["per_hour"] == 28.0


# -- GPUs weighed under a load: each its setup and price --------------------------------------------------------


@pytest.mark.parametrize(
    "text, first, other, price",
    [
        (
            "llama 8b: l40s vs h100 pra 50 req/s, qual sai mais barato por milhão?",
            "24× L40S 48 GB (12 cópias do modelo, 2 GPUs cada): serve esta carga",
            "7× H100 SXM 80 GB (7 cópias do modelo, 1 GPU cada): serve esta carga",
            # each month with the setup's price an hour: 7 H100 at R$ 20,00 on demand
            "Por mês: sob demanda R$ 102.200 (R$ 140,00/h); reservada R$ 71.540 (R$ 98,00/h); dedicada R$ 81.760 "
            "(R$ 112,00/h); R$ 1,56 por milhão de tokens gerados (na carga dimensionada).",
        ),
        (
            "llama 8b at 50 req/s: l40s or h100, which is cheaper per million tokens?",
            "24× L40S 48 GB (12 copies of the model, 2 GPUs each): serves this workload",
            "7× H100 SXM 80 GB (7 copies of the model, 1 GPU each): serves this workload",
            "Per month: on demand BRL 102,200 (BRL 140.00/h); reserved BRL 71,540 (BRL 98.00/h); dedicated "
            "BRL 81,760 (BRL 112.00/h); BRL 1.56 per million output tokens",
        ),
    ],
)
def test_gpus_weighed_under_a_load_each_get_their_setup_and_price(answer, text, first, other, price):
    # Each had been judged as one GPU ("não cabe"), the other with no price at all; then the first had its
    # verdict and the other a line among the alternatives. Now side by side, each the fewest that serve the load.
    out = answer(text)
    lead = out.split("\n\n")[2]
    assert f"  • {first}" in lead
    compared = next(line for line in lead.splitlines() if line.startswith(f"  • {other}"))
    assert price in compared
    assert "Não entendi" not in out


def test_gpus_weighed_with_counts_keep_them_and_get_prices(answer):
    out = answer("llama 8b 50 req/s: 8x h100 ou 8x h200?")
    # under a rate, the GPUs named as the recommendation would lay them out: eight copies, not one over eight GPUs
    compared = next(line for line in out.splitlines() if line.startswith("  • 8× H200 SXM 141 GB (8 cópias"))
    assert ": cabe, com" in compared and "Por mês: sob demanda R$ 116.800 (R$ 160,00/h)" in compared
    # within the plan's share of what they sustain, fewer would do too
    assert "bastam menos GPUs: 7× H100 SXM 80 GB (7 cópias do modelo, 1 GPU cada) e 6× H200 SXM 141 GB" in out


def test_a_price_per_million_without_tokens_asks_the_cost():
    for text in ("llama 8b 50 req/s, qual o custo por milhão?", "llama 8b 50 req/s, cost per million?"):
        query = parse(text)
        assert query.workload.cost and query.unknown == []


# -- a share of daily use with its people inside it -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, people",
    [
        # read as 10% at once (20,000 people, 2,000 at once): ten times the load
        ("llama 70b, 10% dos 20 mil clientes usam por dia", 2_000),
        ("llama 70b, 10% dos 20 mil clientes usam diariamente", 2_000),
        ("llama 70b, 20% das 3000 pessoas usam todo dia", 600),
        ("llama 70b, 10% of our 20k customers use it daily", 2_000),
    ],
)
def test_a_share_of_daily_use_of_people_counted_in_it(text, people):
    query = parse(text)
    w = query.workload
    assert (w.population, w.active_share) == (people, None)
    assert query.unknown == []


def test_a_share_of_daily_use_of_people_counted_in_it_is_said(answer):
    out = answer("llama 70b, 10% dos 20 mil clientes usam por dia")
    assert (
        "Li “10% dos 20 mil clientes usam por dia” como 2.000 das 20.000 pessoas usando o serviço num dia"
        in out
    )


def test_a_share_at_once_of_people_counted_in_it_is_unchanged():
    w = parse("llama 70b, 25% dos 400 colaboradores em simultâneo").workload
    assert (w.population, w.active_share) == (400, 0.25)


# -- Portugal's grammar picks pt-PT ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Precisamos de processar 50 pedidos por segundo com o llama 3.1 70b, com menos de 1 s até ao primeiro token",
        "llama 70b, 2 s até ao primeiro token, 20 req/s",
        "Precisamos de servir o qwen3 32b para 200 pessoas",
        "precisamos de gerar 5000 tokens por segundo com o llama 8b",
    ],
)
def test_portugals_grammar_answers_in_european_portuguese(answer, text):
    assert answer(text).startswith("Percebi:")


@pytest.mark.parametrize(
    "text",
    [
        # "de" before a noun is said in Brazil too; "até as 18h" is Brazil's
        "precisamos de uma gpu para o llama 70b com 20 usuários",
        "precisamos de mais memória para o llama 70b?",
        "llama 70b até as 18h 100 pessoas",
        "llama 8b, 50 pedidos por segundo",
    ],
)
def test_brazils_usage_stays_brazilian(answer, text):
    assert answer(text).startswith("Entendi:")


# -- token volumes said as the requests they make ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, said",
    [
        (
            "llama 8b, throughput de 5000 tokens/s",
            "Vazão dada em tokens: 5.000 tokens gerados por segundo ÷ respostas de 500 tokens = 10 requisições/s. "
            "Diga o tamanho das respostas, se for outro.",
        ),
        (
            "llama 8b, 10k tokens/s no total, respostas de 200 tokens",
            "Vazão dada em tokens: 10.000 tokens gerados por segundo ÷ respostas de 200 tokens = 50 requisições/s.\n",
        ),
        (
            "llama 8b, we generate 30M tokens a day",
            "Volume given in tokens: 30M generated tokens a day ÷ answers of 500 tokens = 60,000 requests a day.",
        ),
        (
            "llama 8b 500k tokens por dia",
            "Volume dado em tokens: 500.000 tokens por dia, de prompts e respostas, ÷ 1.500 tokens por requisição "
            "(1.000 de prompt + 500 de resposta) = 333 requisições por dia.",
        ),
        (
            "Precisamos de gerar 5000 tokens por segundo com o llama 8b",
            "Débito dado em tokens: 5\u00a0000 tokens gerados por segundo ÷ respostas de 500 tokens = 10 pedidos/s.",
        ),
    ],
)
def test_a_token_volume_says_the_requests_it_makes(answer, text, said):
    # "throughput de 5000 tokens/s" had silently become 10 requests a second.
    assert said in answer(text)


def test_a_rate_said_in_requests_says_no_conversion(answer):
    out = answer("llama 8b 10 req/s")
    assert "dada em tokens" not in out and "dado em tokens" not in out


# -- chat spellings and the hour of a peak -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "qnto fica reservado 12 meses o llama 70b em 2 h100?",
        "qto sai o llama 70b em 2 h100 por mês?",
        "qnto vou pagar pelo llama 8b numa l40s?",
    ],
)
def test_quanto_as_typed_in_chat_asks_the_cost(text):
    query = parse(text)
    assert query.workload.cost and query.unknown == []


@pytest.mark.parametrize(
    "text, rate",
    [
        ("llama 8b 20 req/s com pico às 14h", 20),
        ("llama 8b 100 req/min, pico entre 14h e 16h", 100 / 60),
        ("llama 8b, pico de 40 req/s às 14h", 40),
        ("llama 8b, 100 req/s no horário de pico (por volta do meio-dia)", 100),
        ("llama 8b 20 req/s, peak at 2pm", 20),
    ],
)
def test_the_hour_of_a_peak_is_read_with_nothing_to_size(text, rate):
    query = parse(text)
    assert query.workload.rate_per_s == pytest.approx(rate)
    assert query.unknown == []
    assert query.workload.hours_per_day is None


def test_the_hours_of_use_beside_a_peak_hour_are_still_the_schedule():
    query = parse("llama 8b, 10 mil requisições por dia das 9h às 18h, pico às 11h")
    assert (query.workload.requests_per_day, query.workload.hours_per_day, query.unknown) == (10_000, 9, [])


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # Had been read as production: a reserved contract, "· produção" understood.
        ("llama 3.1 8b pra 50 usuários num ambiente de homologação antes de ir pra produção", "pt-BR"),
        ("qwen2.5 32b, 20 usuários, homologação antes de subir pra produção", "pt-BR"),
        ("qwen2.5 32b for a staging environment before production, 20 users", "en"),
        ("qwen2.5 32b, 20 users, staging before going to production", "en"),
        (
            "Precisamos de um ambiente de pré-produção antes de passar a produção, qwen2.5 32b com 20 utilizadores",
            "pt-PT",
        ),
    ],
)
def test_an_environment_before_production_is_the_evaluation_sized_now(answer, text, lang):
    w = parse(text).workload
    assert w.intent.value == "evaluation" and w.production_next
    out = answer(text)
    first = out.splitlines()[0]
    assert ("evaluation" if lang == "en" else "avaliação") in first
    assert "produção" not in first.split("·")[-1] and "production" not in first.split("·")[-1]
    assert "Not understood" not in out and "Não entendi" not in out
    note = {"en": "Production comes next", "pt-BR": "Produção vem depois", "pt-PT": "A produção vem depois"}[
        lang
    ]
    assert note in out
    contract = next(line for line in out.splitlines() if line.startswith(("Contrato", "Contract")))
    assert "Sob demanda" in contract or "On demand" in contract or "A pedido" in contract


def test_evaluating_for_production_is_still_production(answer):
    # "estamos avaliando ... para produção" evaluates the production deployment: that is what is sized.
    w = parse("estamos avaliando o qwen2.5 32b para produção, uns 50 usuários simultâneos").workload
    assert w.intent.value == "production" and not w.production_next
    assert "Produção vem depois" not in answer("estamos avaliando o qwen2.5 32b para produção, 50 usuários")


# -- probe round 18: RAG prompts, volumes with deadlines, labels, windows, next questions -----------------


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        (
            "RAG com qwen2.5 14b: top-k 8 chunks de 512 tokens, pergunta de 100 tokens, 60 req/min",
            8 * 512 + 100,
        ),
        ("rag qwen 14b, 100-token question and top 5 chunks of 1k tokens, 2 req/s", 5 * 1000 + 100),
        ("qwen 14b top 8 chunks de 512 tokens e perguntas de até 200 tokens, resposta de 300", 8 * 512 + 200),
        ("qwen 14b chunks de 500 tokens, top 10", 5000),
    ],
)
def test_a_rag_prompt_is_its_chunks_and_its_question(text, prompt, capsys):
    # "top-k 8 chunks de 512 tokens, pergunta de 100 tokens" had been refused: "O pedido se contradiz".
    assert parse(text).workload.prompt_tokens == prompt
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert f"prompts de {prompt:,} tokens".replace(",", ".") in out or f"prompts of {prompt:,} tokens" in out
    assert "contradiz" not in out


@pytest.mark.parametrize(
    ("text", "understood", "load"),
    [
        ("traduzir 20 milhões de palavras do ingles pro portugues com llama 3.3 70b em 48h",
         "Entendi: Llama 3.3 70B · 30 mi tokens a gerar em 2 dias",
         "30 mi tokens a gerar em 2 dias, 500 tokens por pedido: um lote de 60.000 pedidos"),
        ("resumir 10 milhões de palavras com llama 8b em 10 horas",
         "Entendi: Llama 3.1 8B · 15 mi tokens a ler em 10 horas",
         "15 mi tokens a ler em 10 horas, 1.000 tokens por pedido: um lote de 15.000 pedidos"),
        ("translate 20 million words with llama 3.3 70b within 10 hours",
         "Understood: Llama 3.3 70B · 30M tokens to generate in 10 hours",
         "30M tokens to generate in 10 hours, 500 tokens a request: a batch of 60,000 requests"),
    ],
)  # fmt: skip
def test_a_volume_of_words_or_tokens_with_a_deadline_is_a_batch(text, understood, load, capsys):
    # "em 48h" had been "Não entendi", "em 10 horas" a day, and the volume one conversation, timed with no word
    # on the deadline: now a batch over it, which says when it ends.
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert out.split("\n")[0].startswith(understood) and load in out
    assert "Não entendi" not in out and "Not understood" not in out
    assert "O lote usa " in out or "The batch uses " in out
    assert "não muda a memória" not in out


def test_a_training_volume_keeps_its_deadline_in_days():
    w = parse("lora llama 8b 1B tokens em 3 dias").workload
    assert (w.tokens, w.days, w.batch_seconds) == (1_000_000_000, 3, None)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "qwen3 8b para classificar 2 milhoes de tickets por dia, resposta curta (só o rótulo)",
            "“só o rótulo”",
        ),
        ("qwen3 8b para classificar 2 milhoes de tickets por dia, respostas curtas", "“respostas curtas”"),
        ("llama 8b classify 1 million tickets a day, just the label", "“just the label”"),
    ],
)
def test_a_label_or_a_classifications_short_answer_is_a_labels_length(text, said, capsys):
    # "resposta curta (só o rótulo)" had been a chat's short reply of 200 tokens, "rótulo" not understood.
    assert parse(text).workload.output_tokens == 20
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert said in out and "~20 tokens" in out and "Não entendi" not in out
    # a chat's short answers stay a chat's
    assert parse("llama 8b chatbot 20 usuarios respostas curtas").workload.output_tokens == 200


@pytest.mark.parametrize(
    ("text", "prompt", "output"),
    [
        ("llama 8b prompts de 100 mil tokens respostas de 1000", 100_000, 1000),
        ("llama 3.1 70b awq 20 usuarios prompts de 100k tokens respostas de 1000", 100_000, 1000),
    ],
)
def test_a_prompts_length_in_thousands_is_not_a_volume_of_answers(text, prompt, output):
    # "100 mil tokens respostas" had been a volume of answers' tokens, and the prompt had become 1,000 tokens.
    w = parse(text).workload
    assert (w.prompt_tokens, w.output_tokens) == (prompt, output)


def test_answers_tokens_by_the_day_are_a_volume_not_one_answers_length(capsys):
    # "500 mil tokens de resposta por dia" had been an answer 500,000 tokens long: "500.001 tokens passam do
    # limite do Llama 3.1 8B".
    text = "llama 8b 10 milhões de tokens de entrada e 500 mil tokens de resposta por dia"
    w = parse(text).workload
    assert (w.prompt_tokens, w.requests_per_day, w.output_tokens) == (10_000, 1000, None)
    assert main([text]) == 0
    assert capsys.readouterr().out.startswith(
        "Entendi: Llama 3.1 8B · prompts de 10.000 tokens · 1.000 requisições"
    )
    assert parse("llama 8b, 2M tokens of output per day").workload.requests_per_day == 4000


@pytest.mark.parametrize(
    ("text", "items", "hours", "said"),
    [
        ("sumarizar 300 mil e-mails por semana com llama 3.1 8b, janela noturna de 6h", 60_000, 6,
         "300.000 pedidos por semana, em 5 dias de uso (nosso padrão): 60.000 por dia, cada dia num lote de 6 horas."),
        ("llama 8b resumir 5 mil contratos por dia de madrugada", 5000, 8, None),
        ("llama 8b 22 mil documentos por mês numa janela de 4 horas", 1000, 4,
         "22.000 pedidos por mês, em 22 dias de uso (nosso padrão): 1.000 por dia, cada dia num lote de 4 horas."),
    ],
)  # fmt: skip
def test_a_volume_processed_in_a_window_of_the_day_is_each_days_batch(text, items, hours, said, capsys):
    # "janela noturna de 6h" had been "Não entendi: “noturna”, “6h”", the week's volume sized for a peak hour.
    w = parse(text).workload
    assert (w.batch_items, w.batch_seconds) == (items, hours * 3600)
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert "Não entendi" not in out and f"lote de {items:,} pedidos em {hours} horas".replace(",", ".") in out
    assert said is None or said in out
    # a term of weeks is no window of a day
    assert parse("llama 8b 10 mil req por dia durante 2 semanas").workload.requests_per_day == 10_000


def test_the_suggested_models_next_question_keeps_the_load(capsys):
    # "/gpu qwen3 32b" alone had sized one conversation, not the 500,000 contracts a month asked.
    text = "Boa tarde! O cliente quer processar meio milhão de contratos de 20 páginas por mês com resumo. Qual GPU?"
    assert main([text]) == 0
    out = capsys.readouterr().out
    example = "qwen3 32b para resumir 500000 requisições por mês com documentos de 20 páginas"
    assert f"`/gpu {example}`" in out
    [line] = [row for row in out.split("\n") if row.startswith("• Qwen3 32B")]
    assert main([example]) == 0
    sized = capsys.readouterr().out
    rec = next(row for row in sized.split("\n") if row.startswith("Recomendação: "))
    # the same GPUs (the row names them without the split: "8× H200 SXM 141 GB" for "... · paralelismo de tensor 2")
    assert rec.removeprefix("Recomendação: ").split(" · ")[0] + "," in line


@pytest.mark.parametrize(
    ("text", "tps"),
    [("llama 8b 20 tokens de resposta por segundo 10 usuarios", 20),
     ("llama 8b 30 tokens of output per second per user, 5 req/s", 30)],
)  # fmt: skip
def test_answer_tokens_a_second_are_a_speed_not_an_answers_length(text, tps):
    # "20 tokens de resposta por segundo" had been answers of 20 tokens.
    w = parse(text).workload
    assert (w.tokens_per_s, w.output_tokens) == (tps, None)


def test_a_new_window_in_the_thread_of_a_volume_with_a_deadline_changes_the_deadline():
    # "e em 24h?" after "traduzir 20 milhões de palavras em 48h" had been "Não entendi: “24h”".
    base = parse("traduzir 20 milhões de palavras com llama 3.3 70b em 48h").workload
    for text, seconds in (
        ("e em 24h?", 86400),
        ("e se a janela for de 12 horas?", 43200),
        ("e em 3 dias?", 259200),
    ):
        w = parse(text, base=base).workload
        assert (w.generated_tokens, w.batch_seconds) == (30_000_000, seconds)


def test_the_requests_a_second_some_gpus_take_counts_copies_side_by_side(capsys):
    # "we have 8 h100s, how many requests per second ...?" had said only what one copy over all eight serves.
    assert main(["we have 8 h100s, how many requests per second of llama 3.1 8b can they take?"]) == 0
    out = capsys.readouterr().out
    one = re.search(r"One copy of the model on it serves up to (\d+) requests/s", out)
    copies = re.search(
        r"As 8 copies of the model side by side \(1 GPU each\), the same GPUs sustain up to (\d+) ", out
    )
    assert one and copies and int(copies.group(1)) > int(one.group(1))


def test_a_months_people_sending_a_day_are_the_days_share_of_them(capsys):
    # "50 mil usuários ativos por mês, 5 mensagens por usuário por dia" had been 250,000 requests a day, all the
    # month's people there every day (10× H200 against 2).
    text = (
        "o chatbot vai ter uns 50 mil usuarios ativos por mes, 5 mensagens por usuario por dia, llama 3.3 70b"
    )
    w = parse(text).workload
    assert (w.requests_per_day, w.people_sending, w.people_monthly) == (50_000, 10_000, 50_000)
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert (
        "50.000 usuários por mês: 20% deles usam o serviço num dia (DAU/MAU, nossa premissa), 10.000 pessoas"
        in out
    )
    # people said with no month stay all of them
    assert (
        parse("llama 3.3 70b 50 mil usuarios, 5 mensagens por usuario por dia").workload.requests_per_day
        == 250_000
    )


@pytest.mark.parametrize(
    ("text", "n"),
    [("qwen3 32b fp8 pra 350 usuarios simultaneos mas so uns 10% gerando ao mesmo tempo", 35),
     ("llama 3.1 8b, 200 concurrent users, 15% of them generating at once", 30)],
)  # fmt: skip
def test_a_share_of_the_users_at_once_generating_is_the_load(text, n):
    # It had been said unused ("A proporção de pessoas ativas ... só valem para um número de pessoas") and all
    # the users at once sized: 4× H200 for 350 conversations where 35 generate.
    r = size(parse(text).workload)
    assert r.workload.users == n
    assert any(f"dimensionei {n} conversas" in a or f"I sized {n} conversations" in a for a in r.assumptions)
    assert not any("só valem para um número de pessoas" in a for a in r.assumptions)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # (with gpt-oss's default reasoning answers the 300 req/min need the 8 H100s: the low effort's do not)
        ("quero servir o gpt-oss-120b pra 300 req/min com TTFT abaixo de 1s e reasoning effort low, da pra fazer "
         "em 8 h100?", "Mas 2× H100 SXM 80 GB já basta para esta carga (e 1× H200 SXM 141 GB, abaixo, também)."),
        ("qwen3 32b for 30 users on 4x a100",
         "But 2× A100 SXM 80 GB is enough for this workload (and so is 1× H200 SXM 141 GB, below)."),
    ],
)  # fmt: skip
def test_more_of_a_gpu_than_needed_gets_the_fewest_of_it_before_another_gpu(text, said, capsys):
    # "8× H100: cabe ... Mas 1× H200 SXM 141 GB já basta" had not said how many H100s, the GPU asked about, do.
    assert main([text]) == 0
    assert said in capsys.readouterr().out
