"""Questions written in Spanish (customers from Spanish-speaking Latin America in shared Slack Connect
channels): read as well as Portuguese ones (sizing/data/vocabulary/es.toml) and answered in pt-BR, the
default, unless the user's Slack locale is one of our answer languages. They had been answered in English
when "en" ("en 4 bits") read as a request for English, with "cuánta", "necesito", "con" not understood."""

import pytest

from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing.names import resolve_model, resolve_precision
from sizing.query import parse

# (question, what it reads as): the model and, where said, the precision, users, context, stage, examples,
# epochs, head-count, rate, daily volume, cost asked and the other model of a comparison.
SPANISH = [
    (
        "¿Cuánta memoria necesito para llama 3.1 70b en 4 bits con 20 usuarios simultáneos?",
        {"model": "llama-3.1-70b", "precision": "int4", "users": 20},
    ),
    (
        "hola, queremos correr qwen 32b para 50 usuarios, contexto de 16k, ¿qué GPUs recomiendan?",
        {"model": "qwen2.5-32b", "users": 50, "context": 16384, "stage": "inference"},
    ),
    (
        "Buenos días, necesitamos servir llama 3.1 8b en fp8 para 100 usuarios al mismo tiempo, por favor",
        {"model": "llama-3.1-8b", "precision": "fp8", "users": 100, "stage": "inference"},
    ),
    (
        "¿Podemos correr mistral small 24b con un contexto de 32k y 30 usuarios a la vez?",
        {"model": "mistral-small-24b", "users": 30, "context": 32768, "stage": "inference"},
    ),
    (
        "¿Cuánta memoria necesita deepseek r1 distill qwen 32b con contexto de 64k para veinte usuarios?",
        {"model": "deepseek-r1-distill-qwen-32b", "users": 20, "context": 65536},
    ),
    (
        "necesitamos servir llama 3.1 8b con contexto de 8k para 1.000 usuarios simultáneos",
        {"model": "llama-3.1-8b", "users": 1000, "context": 8192, "stage": "inference"},
    ),
    ("llama 3.1 8b con treinta y cinco usuarios", {"model": "llama-3.1-8b", "users": 35}),
    # training
    (
        "¿Cuántas tarjetas gráficas necesito para entrenar llama 3.1 8b con qlora?",
        {"model": "llama-3.1-8b", "stage": "qlora"},
    ),
    (
        "Quisiera hacer un ajuste fino de qwen2.5 7b con lora sobre 20 mil ejemplos",
        {"model": "qwen2.5-7b", "stage": "lora", "examples": 20000},
    ),
    (
        "entrenar llama 3.2 1b desde cero con mil millones de tokens",
        {"model": "llama-3.2-1b", "stage": "pretrain", "tokens": 1_000_000_000},
    ),
    (
        "Hola, también queremos saber el precio de entrenar llama 3.2 3b con entrenamiento completo",
        {"model": "llama-3.2-3b", "stage": "full", "cost": True},
    ),
    # traffic and price
    (
        "¿Cuánto cuesta por mes servir gpt-oss 120b para 200 empleados de la empresa?",
        {"model": "gpt-oss-120b", "stage": "inference", "population": 200, "cost": True},
    ),
    (
        "Somos una empresa con 300 empleados y queremos servir llama 3.1 70b en 8 bits, ¿cuánto cuesta al mes?",
        {"model": "llama-3.1-70b", "precision": "fp8", "stage": "inference", "population": 300, "cost": True},
    ),
    (
        "qwen3 32b para una empresa de medio millón de empleados",
        {"model": "qwen3-32b", "population": 500_000},
    ),
    (
        "hola! tenemos 500 solicitudes por minuto con llama 3.1 70b en fp8, ¿qué precio tendría por hora?",
        {"model": "llama-3.1-70b", "precision": "fp8", "rate_per_s": 500 / 60, "cost": True},
    ),
    (
        "¿Qué placa de video recomiendan para inferencia de gemma 3 27b con dos mil peticiones por día?",
        {"model": "gemma-3-27b", "stage": "inference", "requests_per_day": 2000},
    ),
    (
        "Queremos hacer RAG sobre medio millón de documentos con llama 3.1 8b, 40 usuarios simultáneos, gracias",
        {"model": "llama-3.1-8b", "users": 40},
    ),
    # comparisons: Spanish "o" and "y" offer the other model as "ou" and "e" do
    (
        "¿Es mejor llama 3.1 8b o qwen3 8b para 50 usuarios simultáneos con contexto de 8k?",
        {"model": "llama-3.1-8b", "users": 50, "context": 8192, "other": "qwen3 8b"},
    ),
    (
        "Necesito comparar llama 3.1 70b y qwen2.5 72b en 4 bits para 10 usuarios",
        {"model": "llama-3.1-70b", "users": 10, "other": "qwen2.5 72b en 4 bits"},
    ),
    (
        "¿Cuál es la diferencia entre qwen2.5 72b en 4 bits y llama 3.1 70b en fp8 con 20 usuarios?",
        {"model": "qwen2.5-72b", "precision": "int4", "users": 20, "other": "llama 3.1 70b en fp8"},
    ),
]


def _reading(text: str, catalog) -> dict:
    query = parse(text)
    w = query.workload
    got = {"model": resolve_model(w.model, catalog).model.id}
    if w.precision:
        got["precision"] = resolve_precision(w.precision, catalog).id
    for field in ("users", "context", "examples", "epochs", "tokens", "population", "requests_per_day"):
        if getattr(w, field) is not None:
            got[field] = getattr(w, field)
    if w.rate_per_s is not None:
        got["rate_per_s"] = pytest.approx(w.rate_per_s)
    if w.cost:
        got["cost"] = True
    if "stage" in w.given_fields():
        got["stage"] = w.stage.value
    if query.model_choices:
        got["other"] = query.model_choices[0]
    assert query.unknown == [], query.unknown  # nothing listed as not understood
    assert query.written_lang == "es" and query.lang is None  # Spanish, and no language asked for
    return got


@pytest.mark.parametrize(("text", "expected"), SPANISH, ids=[t[:50] for t, _ in SPANISH])
def test_a_spanish_question_is_read_whole(text, expected, catalog):
    expected = dict(expected)
    if "rate_per_s" in expected:
        expected["rate_per_s"] = pytest.approx(expected["rate_per_s"])
    assert _reading(text, catalog) == expected


@pytest.mark.parametrize("text", [text for text, _ in SPANISH[:4] + SPANISH[8:9] + SPANISH[11:12]])
@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        (None, "pt-BR"),  # the default, the closest of our languages to Spanish
        ("es-LA", "pt-BR"),  # a locale we do not answer in
        ("es-ES", "pt-BR"),
        ("en-US", "en"),  # the user reads English
        ("pt-PT", "pt-PT"),
    ],
)
def test_a_spanish_question_is_answered_in_pt_br_unless_the_slack_locale_is_ours(
    text, locale, lang, tmp_path
):
    reply = Pipeline(RequestLog(tmp_path / "log.db")).ask(text, Where("slash_command", user_locale=locale))
    assert (reply.lang, reply.outcome) == (lang, "answered")


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # English keeps its language, and "en" alone still asks for English
        ("how much memory for llama 3.1 70b in 4 bits with 20 concurrent users?", "en"),
        ("8b 4bit extraction 10 users en", "en"),
        ("70b 4bit 32k 10 usuários en", "en"),
        # Portuguese, with the words it shares with Spanish ("usuarios", "contexto", "memoria", "para")
        ("quanta memoria para llama 3.1 70b em 4 bits com 20 usuarios simultaneos?", "pt-BR"),
        ("queremos rodar o qwen 32b para 50 usuários, contexto de 16k, que GPUs vocês recomendam?", "pt-BR"),
        ("quanta memória preciso para o llama 70b com 50 utilizadores em simultâneo?", "pt-PT"),
        ("queremos correr o qwen 32b para 50 utilizadores, contexto de 16k", "pt-PT"),
        ("qual é melhor, llama 3.1 8b ou o qwen3 8b para 30 usuários?", "pt-BR"),
    ],
)
def test_english_and_portuguese_questions_keep_their_language(text, lang, tmp_path):
    reply = Pipeline(RequestLog(tmp_path / "log.db")).ask(text, Where("slash_command"))
    assert reply.lang == lang
    assert parse(text).written_lang != "es"
