"""Questions as people in different roles type them in Slack, eleventh round (2026-12-07): a university's student
support, a retail chain's store staff, a pharma company's regulatory team, a call center's agent copilot, a law
firm's contract review, a state tax agency, a newsroom, a software house's code review, a fintech's fraud analysts
and a credit co-op's analysts. Who uses the assistant and how many: two groups in either order, a period said
after the last one only, words that qualify the people, counts in parentheses, people per shift, a share of the
people, and the group the assistant is said to be for. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, answer, understood_lines


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


def _first(out: str) -> str:
    """What the "Entendi" line says it read."""
    return next(line for line in out.splitlines() if line.startswith(("Entendi:", "Percebi:", "Understood:")))


def _no_unknown(out: str) -> bool:
    return not any(line.startswith(UNKNOWN) for line in out.splitlines())


# -- two groups: the order, and a period after the last one only, change nothing ---------------------------------


@pytest.mark.parametrize(
    ("first", "second", "people", "note"),
    [
        # "40 doctors and 3000 patients" had been summed to 3,040 people, and "a day" read as a project of 1 day
        (
            "40 doctors and 3000 patients a day, llama 70b",
            "3000 patients a day and 40 doctors, llama 70b",
            "3,000 people",
            "sized for the larger load, that of “3000 patients a day”, and left “40 doctors” out of it",
        ),
        # had been 520 people
        (
            "llama 8b, chatbot com 20 médicos e 500 pacientes por dia",
            "llama 8b, chatbot com 500 pacientes por dia e 20 médicos",
            "500 pessoas",
            "dimensionei pela carga maior, a de “500 pacientes por dia”, e “20 médicos” ficou fora da conta",
        ),
        (
            "clínica com 20 médicos e 500 pacientes por dia, llama 8b",
            "clínica com 500 pacientes por dia e 20 médicos, llama 8b",
            "500 pessoas",
            "a de “500 pacientes por dia”, e “20 médicos” ficou fora da conta",
        ),
        (
            "hospital universitário com 200 residentes e 1500 pacientes por dia, llama 70b",
            "hospital universitário com 1500 pacientes por dia e 200 residentes, llama 70b",
            "1.500 pessoas",
            "a de “1500 pacientes por dia”, e “200 residentes” ficou fora da conta",
        ),
    ],
)
def test_a_days_people_beside_a_head_count_read_the_same_in_either_order(capsys, first, second, people, note):
    for text in (first, second):
        out = answer(capsys, text)
        assert f" · {people}" in _first(out), text
        assert note in out, text
        assert "1 dia" not in _first(out) and "1 day" not in _first(out)


def test_the_parts_before_a_days_people_stay_one_group(capsys):
    out = answer(capsys, "llama 8b, 10 gerentes, 20 analistas e 3000 clientes por dia")
    assert " · 3.000 pessoas" in _first(out)
    assert "a de “3000 clientes por dia”, e “10 gerentes, 20 analistas” ficou fora da conta" in out


@pytest.mark.parametrize(
    ("texts", "people"),
    [
        # head-counts alone are one list, summed whatever their order (round 10)
        (("llama 8b, 40 médicos e 3000 pacientes", "llama 8b, 3000 pacientes e 40 médicos"), "3.040 pessoas"),
        (
            (
                "llama 8b, 5000 funcionários e 20 mil clientes",
                "llama 8b, 20 mil clientes e 5000 funcionários",
            ),
            "25.000",
        ),
        # "50 mil" in a part whose group comes first had been 50 people: 170 in all
        (("cooperativa com 50 mil cooperados e 120 analistas de crédito, llama 8b",), "50.120 pessoas"),
    ],
)
def test_head_counts_listed_stay_summed(capsys, texts, people):
    for text in texts:
        out = answer(capsys, text)
        assert people in _first(out), text
        assert "dois grupos" not in out


# -- a word that qualifies the people changes nothing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("qualified", "plain", "said"),
    [
        # "públicos" had summed the servants and judges as 340 people at once
        (
            "llama 8b, o tribunal tem 300 servidores públicos e 40 juízes",
            "llama 8b, o tribunal tem 300 servidores e 40 juízes",
            "Llama 3.1 8B · 300 pessoas",
        ),
        (
            "llama 8b, 40 juízes e 300 servidores públicos",
            "llama 8b, 40 juízes e 300 servidores do tribunal",
            "Llama 3.1 8B · 300 pessoas",
        ),
        # "externos" had parted the list into two groups, sizing 300
        (
            "llama 8b, 300 vendedores externos e 20 gerentes",
            "llama 8b, 300 vendedores e 20 gerentes",
            "Llama 3.1 8B · 320 pessoas",
        ),
        (
            "llama 8b, 40 advogados seniores e 10 estagiários",
            "llama 8b, 40 advogados e 10 estagiários",
            "Llama 3.1 8B · 50 pessoas",
        ),
        # had been 340 people at once, the judges' noun unseen behind "federais"
        (
            "llama 8b, o tribunal tem 300 juízes federais e 40 estagiários",
            "llama 8b, o tribunal tem 300 juízes e 40 estagiários",
            "Llama 3.1 8B · 340 pessoas",
        ),
        (
            "escritório com 15 sócios e 80 advogados associados, llama 70b em fp8",
            "escritório com 15 sócios e 80 advogados, llama 70b em fp8",
            "95 pessoas",
        ),
    ],
)
def test_a_word_after_the_people_reads_as_without_it(capsys, qualified, plain, said):
    read = [_first(answer(capsys, text)) for text in (qualified, plain)]
    assert read[0] == read[1]
    assert read[0].endswith(said)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "secretaria da fazenda estadual, 2 mil auditores fiscais, assistente de legislação, llama 70b",
            "2.000",
        ),
        ("a autoridade tributária quer um assistente pros 2000 inspetores tributários, qwen 72b", "2.000"),
        ("farmacêutica: 15 analistas regulatórios, qwen 2.5 32b", "15"),
    ],
)
def test_a_qualified_trade_is_understood(capsys, text, people):
    out = answer(capsys, text)
    assert f" · {people} pessoas" in _first(out)
    assert _no_unknown(out)


def test_a_typo_of_at_once_after_the_people_is_still_read(capsys):
    out = answer(capsys, "llama 8b, 20 usuários simultanoes")
    assert _first(out) == "Entendi: Llama 3.1 8B · 20 usuários simultâneos"
    assert "Li “simultanoes” como simultâneos." in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "1500 tax" had been a context of 1,500 tokens, "90" left unread
        ("state tax agency, 1500 tax auditors, 20% concurrent, llama 3.1 70b int4", "1,500 people"),
        ("credit union, 90 credit analysts, llama 3.1 8b, 4k context", "90 people"),
        ("our fintech has 25 fraud analysts, llama 3.1 8b, 8k context", "25 people"),
    ],
)
def test_a_trade_before_an_english_noun_is_read_with_it(capsys, text, said):
    out = answer(capsys, text)
    assert said in _first(out)
    assert "-token context" not in _first(out)
    assert _no_unknown(out)


# -- a count in parentheses after the people ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        # had been 15 people at once
        ("llama 8b, redatores (15)", "llama 8b, 15 redatores"),
        ("llama 8b, atendentes (uns 40)", "llama 8b, 40 atendentes"),
        # had been a context of 12,000 tokens
        (
            "llama 8b para professores da rede estadual (12 mil)",
            "llama 8b para 12 mil professores da rede estadual",
        ),
        ("auditores fiscais (1.200) usando qwen 72b", "1.200 auditores fiscais usando qwen 72b"),
        (
            "fraud analysts (25) at a fintech, llama 3.1 70b fp8, context 16k",
            "25 fraud analysts, llama 3.1 70b fp8, context 16k",
        ),
    ],
)
def test_a_count_in_parentheses_counts_the_people_before_it(capsys, text, same_as):
    read = _first(answer(capsys, text))
    assert read == _first(answer(capsys, same_as))
    assert "tokens de contexto" not in read


def test_places_and_their_people_in_parentheses(capsys):
    out = answer(capsys, "lojas (180) com uns 5 vendedores cada, qwen 7b")
    assert _first(out) == "Entendi: Qwen2.5 7B · 900 pessoas"
    assert "Multipliquei “180 lojas com uns 5 vendedores cada”: 180 × 5 = 900 pessoas." in out


def test_parts_counted_in_parentheses_are_summed_and_said_plainly(capsys):
    out = answer(capsys, "cooperativa: analistas de crédito (uns 80) e gerentes de agência (40), llama 70b")
    assert _first(out) == "Entendi: Llama 3.1 70B · 120 pessoas"
    assert "Somei “80 analistas de crédito e 40 gerentes de agência”: 80 + 40 = 120 pessoas." in out


def test_people_at_once_restated_in_parentheses_stay_at_once(capsys):
    assert understood_lines(capsys, "llama 8b, 200 usuários (50 ao mesmo tempo)")[0] == (
        "Entendi: Llama 3.1 8B · 50 usuários simultâneos · 200 pessoas"
    )


# -- people per shift ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read", "said"),
    [
        # had been 150 at once, "50" and "turno" unread
        (
            "call center com 150 operadores (50 por turno), copiloto com qwen 14b, contexto 16k",
            "50 usuários simultâneos",
            "no máximo 150 ÷ 3 = 50 pessoas trabalhando ao mesmo tempo",
        ),
        # "turno" and "turnos" had been unread
        (
            "fraude: 25 analistas por turno, 3 turnos, llama 8b",
            "25 pessoas",
            "Li “25 analistas por turno, 3 turnos” como turnos iguais, um de cada vez: no máximo 75 ÷ 3 = 25",
        ),
        (
            "contact center, 20 agents per shift, 3 shifts, llama 3.1 8b",
            "20 concurrent users",
            "at most 60 ÷ 3 = 20 people at work at once",
        ),
    ],
)
def test_people_per_shift_are_those_at_work(capsys, text, read, said):
    out = answer(capsys, text)
    assert f" · {read}" in _first(out)
    assert said in out
    assert _no_unknown(out)


def test_people_per_shift_alone_are_read_as_said(capsys):
    out = answer(capsys, "llama 8b, 30 atendentes por turno")
    assert _first(out) == "Entendi: Llama 3.1 8B · 30 usuários simultâneos"
    assert _no_unknown(out)


# -- a share of the people, said with them ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read", "said"),
    [
        # "70" had been unread and all 2,000 sized
        (
            "chatbot pra 70% dos 2 mil colaboradores, llama 8b",
            "1.400 pessoas",
            "Li “70% dos 2 mil colaboradores” como 1.400 das 2.000 pessoas usando o serviço: elas são a base da carga.",
        ),
        (
            "llama 3.1 8b for 30% of our 5k staff",
            "1,500 people",
            "Read “30% of our 5k staff” as 1,500 of the 5,000 people using the service",
        ),
        # the day's share without its verb
        (
            "llama 8b, 30% dos 500 alunos por dia",
            "150 pessoas",
            "Li “30% dos 500 alunos por dia” como 150 das 500 pessoas usando o serviço num dia",
        ),
    ],
)
def test_a_share_of_the_people_is_the_load(capsys, text, read, said):
    out = answer(capsys, text)
    assert read in _first(out)
    assert said in out
    assert _no_unknown(out)


def test_a_share_at_once_stays_at_once(capsys):
    assert "25% ativos ao mesmo tempo" in _first(
        answer(capsys, "qwen 7b, 25% dos 400 colaboradores em simultâneo")
    )


# -- the group the assistant is said to be for -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "people"),
    [
        # had sized the 500 employees, the analysts "left out"
        (
            "a fintech tem 500 funcionários, sendo 60 analistas de fraude, llama 70b pros analistas",
            "60 pessoas",
        ),
        # had sized the 2 million customers
        ("fintech com 40 analistas de fraude e 2 milhões de clientes, qwen 14b pros analistas", "40 pessoas"),
        (
            "hospital com 1500 pacientes por dia e 200 residentes, llama 70b, assistente pros residentes",
            "200 pessoas",
        ),
    ],
)
def test_the_group_named_as_the_users_is_sized(capsys, text, people):
    out = answer(capsys, text)
    assert people in _first(out)
    assert "dois grupos" not in out


def test_the_organisation_around_the_users_is_said(capsys):
    out = answer(
        capsys, "a fintech tem 500 funcionários, sendo 60 analistas de fraude, llama 70b pros analistas"
    )
    assert "A carga vem das 60 pessoas que usam o serviço; os 500 da organização não foram usados" in out


# -- these customers' words -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "rede de farmácias, 400 lojas com 3 balconistas cada, assistente de balcão com llama 8b",
            "1.200 pessoas",
        ),
        ("code review pra 3 squads de 8 devs, qwen 2.5 coder 14b", "24 usuários simultâneos"),
        ("assuntos regulatórios, 12 especialistas, bulas de 10 mil tokens, llama 70b int4", "12 pessoas"),
        ("code review bot for 80 developers, deepseek coder v2 lite, 200 PRs a day", "200 requests a day"),
        (
            "chatbot da secretaria acadêmica pra 12 mil estudantes e 400 professores, qwen 14b",
            "12.400 pessoas",
        ),
        ("assistente pra alunos da graduação (8 mil) com qwen 2.5 7b, contexto 8k", "8.000 pessoas"),
        (
            "rede de supermercados com 5 mil colaboradores nas lojas, 10% usam ao mesmo tempo, mistral 7b",
            "5.000",
        ),
        (
            "sefaz: chatbot pra contribuintes, 4 milhões de contribuintes, 0,5% por dia, qwen 14b",
            "20.000 pessoas",
        ),
        ("redação de jornal com 80 jornalistas e 20 editores, llama 8b pra revisar matérias", "100 pessoas"),
        ("software house, code review com qwen 2.5 coder 32b, 120 devs, contexto 32k", "120 usuários"),
        (
            "fábrica de software com 200 desenvolvedores, 30% usam o copiloto ao msm tempo, qwen coder 14b",
            "200",
        ),
        (
            "pharma regulatory team reviewing 150-page submissions, 30 specialists, llama 3.3 70b in fp8",
            "30 people",
        ),
        ("escola de idiomas, professores (120) e alunos (3 mil), tutor com gemma 2 9b", "3.120 pessoas"),
        (
            "uma faculdade com 6 000 estudantes, assistente de apoio ao aluno, llama 8b, 3% por dia",
            "180 pessoas",
        ),
        # WhatsApp's "qro" (quero) beside the shop staff counted in parentheses
        (
            "assistente pros vendedores das lojas (uns 1200), qwen 7b, pq qro respostas rápidas",
            "1.200 pessoas",
        ),
    ],
)
def test_a_customers_words_are_no_words_not_understood(capsys, text, read):
    out = answer(capsys, text)
    assert read in _first(out)
    assert _no_unknown(out)


def test_some_of_the_people_qualified_in_parentheses_add_no_one(capsys):
    # "10" and "seniores" had been left unread
    out = answer(capsys, "consultoria tributária, 40 consultores (10 seniores), qwen 32b")
    assert _first(out) == "Entendi: Qwen2.5 32B · 40 pessoas"
    assert _no_unknown(out)


# -- English trades and public bodies say the question is English ---------------------------------------------


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # had been answered in Portuguese: "tax", "auditors" and "agency" were no English marker
        ("state tax agency, 1500 tax auditors, llama 70b", "Understood: Llama 3.1 70B · 1,500 people"),
        ("insurance underwriters (40), qwen 32b", "Understood: Qwen2.5 32B"),
        # the same in Portuguese stays Portuguese
        ("secretaria de estado, 1500 auditores fiscais, llama 70b", "Entendi: Llama 3.1 70B · 1.500 pessoas"),
    ],
)
def test_english_trades_answer_in_english(capsys, question: str, first: str) -> None:
    assert _first(answer(capsys, question)).startswith(first)
