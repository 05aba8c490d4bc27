"""A question about where the data lives, with no model named ("onde ficam os servidores?", "os dados não
podem sair da UE"), is answered with where our GPUs are and what that means under the LGPD (or, when the EU
or the GDPR is named, that our GPUs in Brazil are outside the EU), then asks for the model to size. It had
been "Não entendi o pedido: “UE”, “ficam”". Beside a model, data that must stay in the EU gets the same in
the answer's notes, in place of the LGPD's (it had been the LGPD's note alone, and "Não percebi: “UE”")."""

import re

import pytest

from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import QueryError, parse

from .slack_harness import valid


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Os dados não podem sair da UE; onde ficam os servidores?", "query.residency_eu"),
        ("onde ficam os servidores de vocês? precisamos cumprir a LGPD", "query.residency"),
        ("where are your GPUs located? we have data residency requirements", "query.residency"),
        ("is this GDPR compliant? our data cannot leave Europe", "query.residency_eu"),
        # "eu" is Portuguese for "I": not the EU
        ("onde ficam os servidores? eu preciso cumprir a LGPD", "query.residency"),
        # each had been "Não entendi o pedido"
        ("is our data going to leave Brazil?", "query.residency"),
        ("onde fica o datacenter de vocês?", "query.residency"),
        ("os dados dos meus clientes ficam no Brasil?", "query.residency"),
        ("where is the data stored?", "query.residency"),
        # "fora do brasil" had been four words not understood
        ("o slack guarda minhas mensagens fora do brasil?", "query.residency"),
        ("is our data stored outside Brazil?", "query.residency"),
        # a place named with a verb of being there: "Não entendi o pedido" or a missing model before
        ("as gpus ficam no brasil?", "query.residency"),
        ("Têm GPUs em Portugal ou só no Brasil?", "query.residency"),
        ("os servidores estão nos EUA?", "query.residency"),
        ("is your infrastructure located in the US?", "query.residency"),
        ("are your servers in Europe?", "query.residency_eu"),
        ("vocês têm servidores na europa?", "query.residency_eu"),
    ],
)
def test_a_residency_question_with_no_model_is_answered(text, key):
    with pytest.raises(QueryError) as e:
        parse(text)
    assert (e.value.key, e.value.hint_key) == (key, "query.residency_size")


def test_the_answer_says_where_and_what_the_law_means_and_asks_for_the_model(tmp_path, capsys):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("Os dados não podem sair da UE; onde ficam os servidores?", Where("slash_command"))
    valid(reply.message.blocks)
    assert reply.outcome == "needs_input"
    text = reply.text_answer
    # Not the LGPD's "no international transfer": for the EU, data processed here leaves it.
    assert text.startswith(
        "Nossas GPUs ficam no Brasil, fora da União Europeia: os dados processados nelas saem da UE"
    )
    assert "art. 33 da LGPD" not in text
    assert "capítulo V do RGPD" in text and "decisão de adequação da Comissão Europeia para o Brasil" in text
    assert (
        "guardado pelo Slack antes de chegar a este bot" in text
    )  # never over-promise: Slack keeps what is typed
    # With a model, it is a sizing question as before, the LGPD note among the notes.
    sized = pipeline.ask("llama 3.1 8b, os dados não podem sair do Brasil", Where("slash_command"))
    assert sized.outcome == "answered" and "LGPD: as GPUs ficam no Brasil" in sized.text_answer
    pipeline.log.close()
    # The example it gives works.
    example = re.search(r"`/gpu ([^`]+)`", text).group(1)
    assert gpu_size([example]) == 0


@pytest.mark.parametrize(
    "text",
    ["vocês têm SLA de disponibilidade?", "vocês oferecem API compatível com OpenAI?",
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


def _answer(capsys, question: str) -> str:
    assert gpu_size([question]) == 0
    return capsys.readouterr().out


def _notes(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("  • ")]


@pytest.mark.parametrize(
    ("question", "understood", "note"),
    [
        ("qwen3 32b, os dados têm de permanecer na UE, 50 utilizadores",
         "Percebi: Qwen3 32B · 50 utilizadores em simultâneo · RGPD (UE)",
         "  • RGPD: as nossas GPUs ficam no Brasil, fora da União Europeia: os dados processados nelas saem da UE, "
         "pelo que uma exigência de que permaneçam na UE não é cumprida aqui. Essa transferência precisa de um "
         "fundamento do capítulo V do RGPD; a decisão de adequação da Comissão Europeia relativa ao Brasil (art. "
         "45.º, janeiro de 2026) é um: confirme com o seu encarregado de proteção de dados que ela abrange o seu "
         "caso. O texto escrito no Slack é guardado pelo Slack antes de chegar a este bot."),
        ("our data must stay in the EU under GDPR, llama 3.1 70b for 50 users",
         "Understood: Llama 3.1 70B · 50 concurrent users · GDPR (EU)",
         "  • GDPR: our GPUs are in Brazil, outside the European Union: data processed on them leaves the EU, so a "
         "requirement that it stay in the EU is not met here. That transfer needs a basis under GDPR Chapter V; "
         "the European Commission's adequacy decision for Brazil (Art. 45, January 2026) is one: check with your "
         "data protection officer that it covers your case. Text typed in Slack is stored by Slack before it "
         "reaches this bot."),
        ("llama 3.1 8b para 10 usuários, os dados não podem sair da União Europeia",
         # "União Europeia" places the users there too: the latency note is theirs, and "Entendi" says so
         "Entendi: Llama 3.1 8B · 10 usuários simultâneos · usuários na Europa (latência) · RGPD (UE)",
         "  • RGPD: nossas GPUs ficam no Brasil, fora da União Europeia: os dados processados nelas saem da UE, "
         "então uma exigência de que fiquem na UE não é atendida aqui. Essa transferência precisa de uma base do "
         "capítulo V do RGPD; a decisão de adequação da Comissão Europeia para o Brasil (art. 45, janeiro de 2026) "
         "é uma: confirme com o seu encarregado de dados (DPO) que ela cobre o seu caso. O texto digitado no Slack "
         "é guardado pelo Slack antes de chegar a este bot."),
    ],
)  # fmt: skip
def test_data_that_must_stay_in_the_eu_is_told_our_gpus_are_outside_it(capsys, question, understood, note):
    text = _answer(capsys, question)
    assert understood in text.splitlines()
    assert "UE”" not in text  # "UE" had been a word not understood
    notes = _notes(text)
    assert notes[-1] == note
    assert not any(
        "LGPD" in n for n in notes
    )  # the LGPD's "no international transfer" is not the EU's answer


@pytest.mark.parametrize(
    "question",
    ["llama 8b, os dados têm de ficar na UE", "llama 8b, data must remain in the EU", "llama 8b, cumprimos o RGPD",
     "llama 8b dentro da UE", "llama 8b, we are EU-based", "llama 8b, within the EEA", "llama 8b para 10 usuários na Europa",
     "llama 8b in the European Union, GDPR compliant", "llama 8b, os dados devem permanecer na União Europeia"],
)  # fmt: skip
def test_the_eu_is_read_however_it_is_named(question):
    query = parse(question)
    assert query.workload.residency == ["eu"] and query.unknown == []


@pytest.mark.parametrize(
    "question",
    ["Qual GPU eu preciso pra rodar o Llama 3.1 8B em fp16 com 10 usuários simultâneos?",
     "EU PRECISO DO LLAMA 3.1 8B PARA 10 USUARIOS", "llama 8b pra eu testar", "llama 8b, UK GDPR"],
)  # fmt: skip
def test_eu_the_pronoun_and_the_uk_s_gdpr_are_not_the_eu(capsys, question):
    assert parse(question).workload.residency is None
    assert "LGPD: " in _answer(capsys, question)


def test_the_gdpr_and_the_lgpd_named_together_get_both_notes(capsys):
    notes = _notes(_answer(capsys, "llama 8b hosted in Brazil for GDPR and LGPD"))
    assert notes[-2].startswith("  • GDPR: our GPUs are in Brazil, outside the European Union")
    assert notes[-1].startswith("  • LGPD: the GPUs are in Brazil.")
    assert sum("stored by Slack" in n for n in notes) == 1  # said once


def test_a_thread_keeps_the_eu_and_a_follow_up_can_name_it():
    base = parse("llama 3.1 8b para 10 usuários").workload
    asked = parse("e se os dados tiverem de ficar na UE?", base=base)
    assert asked.unknown == []
    later = parse("e com 20 usuários?", base=asked.workload)
    for query in (asked, later):
        text = render_text(size(query.workload), query)
        assert "RGPD: nossas GPUs ficam no Brasil, fora da União Europeia" in text and "LGPD: " not in text


def test_certifications_asked_are_the_security_subject_and_sent_to_sales(tmp_path):
    # "ISO 27001" had been a context of 27,001 tokens beside a model; asked alone, certifications get the
    # security subject: what we know (where the data is) and that the sales team confirms them in writing.
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("Do you have SOC 2 or ISO 27001?", Where("slash_command"))
    valid(reply.message.blocks)
    assert reply.outcome == "needs_input"
    assert (
        "certifications" in reply.text_answer
        and "the sales team confirms them in writing" in reply.text_answer
    )
    pipeline.log.close()


@pytest.mark.parametrize("text", ["4 gpus no brasil para llama 70b", "vcs tem h100 no brasil?"])
def test_gpus_named_beside_brazil_without_asking_where_are_still_sized(text):
    # no verb of being there between the GPUs and the place: a sizing, or what fits on the GPU named
    try:
        parse(text)
    except QueryError as e:
        assert not e.key.startswith("query.residency")
