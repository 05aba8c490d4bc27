"""A question about where the data lives, with no model named ("onde ficam os servidores?", "os dados não
podem sair da UE"), is answered with where our GPUs are and what that means under the LGPD (and the GDPR
when the EU is named), then asks for the model to size. It had been "Não entendi o pedido: “UE”, “ficam”"."""

import re

import pytest

from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing.query import QueryError, parse

from .slack_harness import valid


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Os dados não podem sair da UE; onde ficam os servidores?", "query.residency_eu"),
        ("onde ficam os servidores de vocês? precisamos cumprir a LGPD", "query.residency_size"),
        ("where are your GPUs located? we have data residency requirements", "query.residency_size"),
        ("is this GDPR compliant? our data cannot leave Europe", "query.residency_eu"),
        # each had been "Não entendi o pedido"
        ("is our data going to leave Brazil?", "query.residency_size"),
        ("onde fica o datacenter de vocês?", "query.residency_size"),
        ("os dados dos meus clientes ficam no Brasil?", "query.residency_size"),
        ("where is the data stored?", "query.residency_size"),
        # "fora do brasil" had been four words not understood
        ("o slack guarda minhas mensagens fora do brasil?", "query.residency_size"),
        ("is our data stored outside Brazil?", "query.residency_size"),
    ],
)
def test_a_residency_question_with_no_model_is_answered(text, hint):
    with pytest.raises(QueryError) as e:
        parse(text)
    assert (e.value.key, e.value.hint_key) == ("query.residency", hint)


def test_the_answer_says_where_and_what_the_law_means_and_asks_for_the_model(tmp_path, capsys):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("Os dados não podem sair da UE; onde ficam os servidores?", Where("slash_command"))
    valid(reply.message.blocks)
    assert reply.outcome == "needs_input"
    text = reply.text_answer
    assert text.startswith("Nossas GPUs ficam no Brasil.") and "art. 33 da LGPD" in text
    assert "guardado pelo Slack (fora do Brasil" in text  # never over-promise: Slack keeps what is typed
    assert "RGPD, capítulo V" in text
    # With a model, it is a sizing question as before, the LGPD note among the notes.
    sized = pipeline.ask("llama 3.1 8b, os dados não podem sair do Brasil", Where("slash_command"))
    assert sized.outcome == "answered" and "LGPD: as GPUs ficam no Brasil" in sized.text_answer
    pipeline.log.close()
    # The example it gives works.
    example = re.search(r"`/gpu ([^`]+)`", text).group(1)
    assert gpu_size([example]) == 0


@pytest.mark.parametrize(
    "text",
    ["Do you have SOC 2 or ISO 27001?", "vocês têm SLA de disponibilidade?", "vocês oferecem API compatível com OpenAI?",
     "dá pra pagar em reais?"],
)  # fmt: skip
def test_a_question_on_the_terms_of_the_service_is_sent_to_sales_not_misread(tmp_path, text):
    # each had been "Não entendi o pedido: “disponibilidade”" (or asked for a model)
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(text, Where("slash_command"))
    valid(reply.message.blocks)
    assert reply.outcome == "needs_input"
    said = (
        ("sales team answers", "for 50 users")
        if text.startswith("Do")
        else ("time comercial responde", "para 50")
    )
    assert all(part in reply.text_answer for part in said)
    pipeline.log.close()


def test_a_residency_question_beside_a_model_is_sized_with_nothing_left_unread():
    # "ficam" had been listed as not understood; the answer's LGPD note says where the data stays.
    query = parse("os dados ficam no brasil se eu usar o llama 70b com vocês?")
    assert query.workload.model == "llama-3.1-70b" and query.unknown == []
