"""Questions as people in different roles type them in Slack, tenth round (2026-12-06): an insurer's claims
triage, a farm co-op's agronomist assistant, a state education department, an oil company's maintenance manuals,
a logistics firm's drivers, a marketing agency's copywriters, a bank's code assistant and a court's summaries.
A document's length is each prompt's, a daily share said without its verb, two groups of people with no word of
which one uses the assistant, counts in thousands in a list of groups, and the trades and papers of those
customers. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, answer


def _first(out: str) -> str:
    """What the "Entendi" line says it read."""
    return out.splitlines()[0].split(": ", 1)[1]


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a document's length is each request's prompt --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        # the health words had taken "prontuário" first, and its length had been the context
        ("llama 8b para resumir prontuário de 5 mil tokens, 200 médicos", "prompts de 5.000 tokens"),
        ("prontuários de 8 mil tokens com llama 70b, 300 médicos", "prompts de 8.000 tokens"),
        # the document's field between it and its length ("de radiologia")
        ("laudos de radiologia de 2 mil tokens, 80 radiologistas, qwen 32b", "prompts de 2.000 tokens"),
        ("llama 8b, contratos de aluguel de 5 mil tokens, 100 por dia", "prompts de 5.000 tokens"),
        # a court's and an insurer's papers
        (
            "tribunal quer sumarizar acórdãos de 20 mil tokens, 500 por dia, qwen 72b",
            "prompts de 20.000 tokens",
        ),
        ("llama 8b, sinistros de 2k tokens, 8 mil por dia", "prompts de 2.000 tokens"),
        # an e-mail's length had been a 400-token context, shorter than the answer
        (
            "responder 20 mil e-mails por dia de clientes, emails de 400 tokens, respostas de 200 tokens, qwen 14b",
            "prompts de 400 tokens",
        ),
        ("resumo de e-mails de 1k tokens, 50 mil por dia, llama 8b", "prompts de 1.000 tokens"),
    ],
)
def test_a_documents_length_is_the_prompt(capsys, text, prompt):
    out = answer(capsys, text)
    assert prompt in _first(out)
    assert "tokens de contexto" not in _first(out)
    assert prompt in next(line for line in out.splitlines() if line.startswith("Carga:"))
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


def test_a_health_document_keeps_its_lgpd_note(capsys):
    out = answer(capsys, "llama 8b, prontuários de 5 mil tokens")
    assert "Dados de saúde são dados pessoais sensíveis" in out


@pytest.mark.parametrize(
    ("text", "pages", "said"),
    [
        ("qwen 32b para sentenças de 30 páginas", "documentos de 30 páginas", "prompts de ~22.500 tokens"),
        (
            "qwen 14b pra ler apólices de 20 paginas, 100 corretores",
            "documentos de 20 páginas",
            "~15.000 tokens",
        ),
        ("summarize 40-page court rulings with llama 70b", "documents of 40 pages", "~30,000 tokens"),
    ],
)
def test_pages_convert_at_the_stated_tokens_a_page(capsys, text, pages, said):
    out = answer(capsys, text)
    assert pages in _first(out)
    assert said in out
    assert "750 tokens por página" in out or "750 tokens a page" in out


# -- a share of the people a day, with or without its verb -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "people", "said"),
    [
        # "uns 1% por dia" had been dropped, and all 300,000 residents sized
        (
            "chatbot da prefeitura, 300 mil moradores, uns 1% por dia, llama 8b",
            "3.000 pessoas",
            "Li “1% por dia” como 3.000 das 300.000 pessoas usando o serviço num dia",
        ),
        ("llama 8b, 20 mil alunos, 10% deles por dia", "2.000 pessoas", "Li “10% deles por dia” como 2.000"),
        (
            "seguradora de saúde, 2 milhões de beneficiários, 0,3% por dia, llama 8b",
            "6.000 pessoas",
            "como 6.000 das 2.000.000 pessoas",
        ),
        (
            "education department: 50k teachers, 5% daily, llama 3.1 8b, 8k context",
            "2,500 people",
            "Read “5% daily” as 2,500 of the 50,000 people",
        ),
        # the verb said, as before
        (
            "1 milhão de habitantes, 2% usam por dia, qwen 7b",
            "20.000 pessoas",
            "Li “2% usam por dia” como 20.000 das 1.000.000",
        ),
    ],
)
def test_a_daily_share_is_read_with_or_without_its_verb(capsys, text, people, said):
    out = answer(capsys, text)
    assert people in _first(out)
    assert said in out


# -- two groups of people, no word of which one uses it -------------------------------------------------------


def test_the_day_s_patients_beside_the_doctors_are_sized_and_the_doctors_said(capsys):
    # the 2,000 patients a day had been dropped silently for the 50 doctors
    out = answer(capsys, "chatbot de hospital com 2000 pacientes por dia e 50 médicos, llama 8b")
    assert "2.000 pessoas" in _first(out)
    assert (
        "Li “2000 pacientes por dia” e “50 médicos” como dois grupos, sem dizer qual deles usa o assistente: "
        "dimensionei pela carga maior, a de “2000 pacientes por dia”, e “50 médicos” ficou fora da conta"
    ) in out


def test_the_larger_head_count_is_sized_beside_a_month_s_few(capsys):
    # a month's people are compared by those of a day: 500 a month is ~100 a day, fewer than 200 analysts
    out = answer(capsys, "llama 8b, 500 usuários por mês e 200 analistas")
    assert "200 pessoas" in _first(out)
    assert "dimensionei pela carga maior, a de “200 analistas”, e “500 usuários por mês” ficou fora" in out


def test_two_groups_in_english(capsys):
    out = answer(capsys, "llama 8b, 3000 patients a day and 40 doctors")
    assert "3,000 people" in _first(out)
    assert "sized for the larger load, that of “3000 patients a day”, and left “40 doctors” out of it" in out


def test_one_day_s_people_alone_say_nothing_of_groups(capsys):
    out = answer(capsys, "llama 8b, 300 usuários por dia")
    assert "300 pessoas" in _first(out)
    assert "dois grupos" not in out


# -- groups listed: thousands, and a part whose group comes first -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "people"),
    [
        # "20 mil clientes" had been 20 people, its "mil" read as the group's name
        ("llama 8b, 5000 funcionários e 20 mil clientes", "25.000 pessoas"),
        ("llama 8b, 20 mil clientes e 500 funcionários", "20.500 pessoas"),
        # had been 302 people at once
        ("tutor com llama 8b pra 2 mil alunos e 300 professores", "2.300 pessoas"),
        ("llama 8b, 20.000 alunos e 300 professores", "20.300 pessoas"),
        # "a clínica com 20 médicos" names its group first: had been 520 people at once (with "por dia" after
        # the patients they are a day's, two groups: tests/test_phrasings_round11.py)
        ("clínica com 20 médicos e 500 pacientes, llama 8b", "520 pessoas"),
    ],
)
def test_groups_listed_are_counted_whole_as_a_head_count(capsys, text, people):
    out = answer(capsys, text)
    assert people in _first(out)
    assert "simultâneos" not in _first(out)


# -- the trades and papers of these customers -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("petições de 30 paginas, 40 assessores, qual gpu com qwen 32b?", "40 pessoas"),
        ("insurer claims triage, 80 adjusters, llama 3.3 70b in fp8, claims of ~3k tokens", "80 people"),
        ("route assistant for 1200 drivers, 10% at the same time, llama 8b", "1,200 people"),
        ("court document summarisation, 100-page filings, llama 3.1 70b, 30 clerks", "30 people"),
        ("assistente pra 40 advogados e 10 estagiários, llama 70b", "50 pessoas"),
        (
            "blz, qto custa rodar o llama 8b pra 300 motoristas? pq a gente tá pensando em colocar no whatsapp",
            "300 pessoas",
        ),
        # had been 320 people at once
        ("llama 8b pra 300 vendedores e 20 gerentes", "320 pessoas"),
        ("o tribunal tem 300 juízes e 40 estagiários, llama 70b", "340 pessoas"),
    ],
)
def test_a_trade_counted_is_the_people(capsys, text, people):
    out = answer(capsys, text)
    assert people in _first(out)
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


def test_thousands_a_day_beside_operators_are_two_groups(capsys):
    # "2 mil clientes por dia" had been 2 people, summed with the operators: 62 people
    out = answer(capsys, "qwen 7b, 60 operadores de call center e 2 mil clientes por dia")
    assert _first(out) == "Qwen2.5 7B · 60 usuários simultâneos · 2.000 pessoas"
    assert "Li “60 operadores de call center e 2 mil clientes” como dois grupos" in out


def test_a_volume_of_conversations_in_thousands_is_no_group_of_people(capsys):
    out = answer(
        capsys,
        "serve gemma 3 27b for a call center with 300 agents, 15k conversations per day, average 6 turns",
    )
    assert "300 people · 6 messages per conversation · 90,000 requests a day" in _first(out)


def test_drivers_beside_operators_are_two_groups(capsys):
    out = answer(
        capsys, "transportadora: assistente de rotas e emails com llama 8b, 300 motoristas e 40 operadores"
    )
    assert "40 usuários simultâneos · 300 pessoas" in _first(out)
    assert "Li “300 motoristas e 40 operadores” como dois grupos" in out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # the claims counted a day had been left unread, and their length the context
        (
            "seguradora: triagem de sinistros com llama 3.1 8b, 5 mil sinistros por dia, cada um uns 2k tokens",
            "prompts de 2.000 tokens · 5.000 requisições por dia",
        ),
        ("qwen 14b, 30 mil sinistros/mês", "30.000 requisições por mês"),
        ("seguradora, 3 mil sinistros/dia, llama 8b, cada sinistro com 4 fotos", "3.000 requisições por dia"),
        (
            "hey, we're an insurer. 5000 claims a day, each ~2k tokens in and 300 out, llama 3.1 8b",
            "prompts of 2,000 tokens · answers of 300 tokens · 5,000 requests a day",
        ),
    ],
)
def test_claims_counted_are_the_volume(capsys, text, said):
    out = answer(capsys, text)
    assert said in _first(out)
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


@pytest.mark.parametrize(
    "text",
    [
        "secretaria de educação: tutor com llama 3.1 8b para 200 mil alunos, 3% usam por dia",
        "oil & gas maintenance manuals RAG, 400 engineers, llama 3.1 70b, 32k context, p95 under 3s",
        "quantas H100 pra deepseek r1 distill qwen 32b pra 60 engenheiros de manutenção?",
        "marketing agency, 25 copywriters, mistral nemo 12b, long outputs of 2k tokens",
        "Gabinete de advogados: resumir contratos de 40 páginas, 25 juristas, qwen 32b",
        "tribunal de justiça quer sumarizar acórdãos de 20 mil tokens, 500 por dia, qwen 72b",
    ],
)
def test_a_customer_s_field_is_no_word_not_understood(capsys, text):
    out = answer(capsys, text)
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


# -- a context said after long answers is the context ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # "respostas longas, contexto 8k" had been 8,000-token answers
        (
            "gemma 2 27b, respostas longas, contexto 8k, 15 usuários",
            "Gemma 2 27B · 8k de contexto · 15 usuários simultâneos · respostas de 2.000 tokens",
        ),
        (
            "llama 8b, long answers, context 32k, 10 users",
            "Llama 3.1 8B · 32k context · 10 concurrent users · answers of 2,000 tokens",
        ),
    ],
)
def test_a_context_after_long_answers_stays_the_context(capsys, text, understood):
    assert _first(answer(capsys, text)) == understood


@pytest.mark.parametrize(
    "text",
    [
        "llama 8b, o tribunal tem 300 servidores e 40 juízes",
        "llama 8b, o tribunal tem 40 juízes e 300 servidores",
    ],
)
def test_two_head_counts_read_apart_size_the_larger_and_say_the_other(capsys, text):
    # each count read by its own reading (the servants are no listed trade): had been refused as a contradiction
    said = answer(capsys, text)
    assert said.startswith("Entendi: Llama 3.1 8B · 300 pessoas\n"), said
    assert "Li “300 servidores” e “40 juízes” como dois grupos" in said
    assert "“40 juízes” ficou fora da conta" in said
