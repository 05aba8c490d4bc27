"""Messages that give several values of one kind, read as a GPU-cloud sales engineer reads them: team sizes
that add up, a pilot then production (the production sized, the pilot in a note), a choice of GPU counts
(weighed as GPUs are), a value restated in parentheses, and a total of tokens beside each conversation's
context. None of them is a contradiction."""

import pytest

from bot.rendering import render_text
from sizing.engine import size
from sizing.query import QueryError, parse


def answer(text):
    query = parse(text)
    result = size(query.workload)
    return query, result, render_text(result, query)


# -- team sizes that add up ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "users", "parts"),
    [
        ("vendas (10), suporte (25) e jurídico (5) vão usar o llama 70b", 40, "10 + 25 + 5"),
        ("llama 70b para 10 pessoas do suporte + 15 do comercial", 25, "10 + 15"),
        ("llama 70b for a sales team of 12 and 30 support agents", 42, "12 + 30"),
        ("llama 70b pra equipe de vendas com 12 pessoas e 30 atendentes", 42, "12 + 30"),
        ("vendas (10), suporte (25) e juridico (5) vao usar o llama 70b", 40, "10 + 25 + 5"),
    ],
)
def test_counts_of_people_listed_as_parts_are_summed(text, users, parts):
    query, _result, text_out = answer(text)
    assert query.workload.users == users
    assert not query.unknown
    said = text_out.splitlines()[1]
    assert parts in said and str(users) in said  # "Somei “...”: 10 + 25 + 5 = 40 usuários."


def test_developers_beside_analysts_are_two_loads_not_one_sum():
    # developers work beside their coding assistant all day (users at once, traffic_words.toml `people`);
    # analysts are a head-count: two loads of different kinds (sizing/plan.py), no longer 30 users at once
    query, _result, text_out = answer("llama 70b para 10 devs e 20 analistas")
    assert (query.workload.users, query.workload.population) == (10, 20)
    assert not query.unknown
    assert (
        "como dois grupos: 10 devs (10 conversas ao mesmo tempo, cada uma sempre aberta) + 20 pessoas"
        in text_out
    )


def test_a_trade_that_is_no_conversation_work_beside_a_head_counts_trade_is_summed():
    # managers are neither a head-count's trade nor conversation workers: the teams are one sum, as before
    query, _result, text_out = answer("somos 3 times: 10 devs, 15 analistas e 5 gestores, qwen3 32b")
    assert query.workload.users == 30 and not query.workload.users_beside_population
    assert "10 + 15 + 5 = 30" in text_out


@pytest.mark.parametrize(
    ("text", "users", "parts"),
    [
        ("equipe de vendas com 40 pessoas e suporte com 60 pessoas, llama 3.1 8b", 100, "40 + 60"),
        ("3 equipes de 15, 25 e 40 pessoas usando deepseek r1 distill qwen 32b", 80, "15 + 25 + 40"),
        ("we have 3 teams of 20, 30 and 50 people using qwen2.5 32b", 100, "20 + 30 + 50"),
        ("somos 3 times: 10 devs, 15 analistas e 5 gestores, qwen3 32b", 30, "10 + 15 + 5"),
        # teams of one size are multiplied, said as such ("40 turmas de 30 alunos" had been forty "30 +")
        ("duas equipes de 25 pessoas, qwen3 32b", 50, "2 × 25 = 50"),
        ("two teams of 25 people, qwen3 32b", 50, "2 × 25 = 50"),
        ("o jurídico tem 12 advogados e o RH 8 pessoas, qwen3 32b", 20, "12 + 8"),
        ("o juridico tem 12 advogados e o rh tem 8 pessoas, qwen3 32b", 20, "12 + 8"),
        # a group named by a 2-letter acronym ("RH", "TI") had been left out: "Não entendi: “50”, “RH”"
        ("30 advogados do jurídico e 8 do RH, qwen3 32b", 38, "30 + 8"),
        ("10 pessoas da TI e 20 do jurídico, llama 8b", 30, "10 + 20"),
    ],
)
def test_teams_listed_with_their_sizes_are_summed(text, users, parts):
    query, _result, text_out = answer(text)
    assert query.workload.users == users
    assert not query.unknown
    assert parts in text_out.splitlines()[1]


@pytest.mark.parametrize(
    ("text", "users", "population"),
    [
        ("llama 70b 1000 usuários, 50 simultâneos", 50, 1000),  # a head-count and the people at once
        ("llama 70b 500 pessoas, 50 simultaneamente", 50, 500),
    ],
)
def test_a_head_count_and_the_people_at_once_are_not_summed(text, users, population):
    workload = parse(text).workload
    assert (workload.users, workload.population) == (users, population)


def test_the_same_count_said_twice_with_nothing_to_tell_them_apart_is_still_a_contradiction():
    with pytest.raises(QueryError) as e:
        parse("llama 70b 10 usuários e 20 usuários")
    assert e.value.key == "query.contradiction"


# -- phases: the production sized, the pilot in a note -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pilot", "production", "pilot_word"),
    [
        ("llama 70b piloto com 10 usuários e depois 100", 10, 100, "Piloto"),
        ("piloto com 10 usuários e depois 100, llama 3.1 8b", 10, 100, "Piloto"),  # a comma after the count
        ("llama 70b começa com 20 usuários, depois vai pra produção com 500", 20, 500, "Piloto"),
        ("llama 70b comeca com 20 usuarios, depois vai pra producao com 500", 20, 500, "Piloto"),
        ("llama 70b start with 5 users, scale to 200 later", 5, 200, "Pilot"),
        ("llama 70b 10 users for the pilot and 100 in production", 10, 100, "Pilot"),
        ("llama 70b 10 usuários no piloto e 100 em produção", 10, 100, "Piloto"),
        ("qwen 32b: piloto de 3 meses com 15 pessoas, depois rollout para 300 usuários", 15, 300, "Piloto"),
        ("llama 70b primeira fase 50 utilizadores, numa fase seguinte 400", 50, 400, "Piloto"),
    ],
)
def test_users_said_in_phases_size_the_production_and_note_the_pilot(text, pilot, production, pilot_word):
    query, result, text_out = answer(text)
    assert (query.workload.users, query.workload.pilot_users) == (production, pilot)
    assert not query.unknown
    assert result.workload.context_tokens != production  # "com 500" had been read as a 500-token context
    note = next(n for n in result.notes if n.startswith(pilot_word))
    assert str(pilot) in note
    assert note in text_out
    assert str(production) in text_out.splitlines()[0]


@pytest.mark.parametrize(
    ("text", "pilot", "production"),
    [
        ("fase 1: 10 usuarios; fase 2: 100 usuarios. modelo gemma 3 27b", 10, 100),
        ("phase 1: 10 users; phase 2: 100 users, gemma 3 27b", 10, 100),
        ("piloto de 3 meses com 20 usuarios usando o qwen3 32b, depois produção com 500 usuarios", 20, 500),
        ("pilot with 20 users on llama 3.1 8b, then production with 500 users", 20, 500),
        ("llama 3.1 8b, 100 usuarios hoje e 1000 no ano que vem", 100, 1000),
        ("llama 3.1 8b, 100 users today and 1000 next year", 100, 1000),
    ],
)
def test_phases_numbered_or_around_the_models_name_or_in_a_year(text, pilot, production):
    query, _result, _text_out = answer(text)
    assert (query.workload.users, query.workload.pilot_users) == (production, pilot)
    assert query.workload.model is not None and query.workload.context is None
    assert not query.unknown


@pytest.mark.parametrize(
    ("text", "rate", "said"),
    [
        ("no começo 5 req/min e em produção 300 req/min, mistral small 24b", 5.0, "“300 req/min”"),
        ("mistral small 24b, 2 requests per second at first, then 20 requests per second in production", 20,
         "“20 requests per second”"),
    ],
)  # fmt: skip
def test_rates_said_as_phases_size_the_production(text, rate, said):
    query, _result, text_out = answer(text)
    assert query.workload.rate_per_s == pytest.approx(rate)
    assert not query.unknown
    assert said in text_out.splitlines()[1]


def test_two_rates_with_no_phase_are_still_a_contradiction():
    with pytest.raises(QueryError) as e:
        parse("mistral small 24b 5 req/min e 300 req/min")
    assert e.value.key == "query.contradiction"


def test_the_pilot_fits_on_less_than_the_production():
    _, result, _ = answer("llama 70b piloto com 10 usuários e depois 100")
    pilot = size(parse("llama 70b 10 usuários").workload).recommendation
    assert pilot.gpu_name in result.notes[0]
    assert result.recommendation.gpu_name not in result.notes[0] or pilot.count != result.recommendation.count


def test_a_rate_then_a_bare_number_is_no_phase():
    workload = parse("llama 8b, 10 conversas por segundo, depois 100").workload
    assert workload.pilot_users is None and workload.rate_per_s == 10


# -- a choice of GPU counts ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "first", "other"),
    [
        ("llama 70b H100 x2 ou 4xH100?", 2, 4),
        ("llama 70b 2 ou 4 H100?", 2, 4),
        ("llama 70b 2x or 4x H100s?", 2, 4),
        ("llama 70b duas ou quatro h100", 2, 4),
        ("llama 70b 2x h100 vs 4x h100", 2, 4),
    ],
)
def test_a_choice_of_counts_of_one_gpu_weighs_both(text, first, other):
    query, result, text_out = answer(text)
    assert (query.workload.gpu, query.workload.gpus) == ("h100-sxm", first)
    assert (result.requested.gpu, result.requested.count) == ("h100-sxm", first)
    (compared,) = [a for a in result.alternatives if a.kind == "compared_gpu"]
    assert (compared.setup.gpu, compared.setup.count) == ("h100-sxm", other)
    assert f"{first}× H100 SXM 80 GB" in text_out.splitlines()[0]
    assert f"{other}× H100 SXM 80 GB" in text_out.splitlines()[0]


@pytest.mark.parametrize(
    ("text", "gpu", "counts"),
    [
        ("1, 2 ou 4 l40s pro qwen2.5 14b com 30 usuarios", "l40s", [1, 2, 4]),
        ("qwen2.5 14b 1, 2, 4 or 8 h100 for 30 users", "h100-sxm", [1, 2, 4, 8]),
    ],
)
def test_a_list_of_counts_of_one_gpu_weighs_each(text, gpu, counts):
    query, result, _text_out = answer(text)
    assert (query.workload.gpu, query.workload.gpus) == (gpu, counts[0])
    compared = [a.setup.count for a in result.alternatives if a.kind == "compared_gpu"]
    assert compared == counts[1:]


@pytest.mark.parametrize(
    ("text", "first", "other", "summary"),
    [
        ("rodar o llama 70b em 2 gpus ou 4?", 2, 4, "Em resumo: 2× A100 SXM 80 GB já serve esta carga; 4×"),
        ("llama 70b em 2 ou 4 gpus", 2, 4, "Em resumo: 2× A100 SXM 80 GB já serve esta carga; 4×"),
        (
            "o llama 70b roda com 4 gpus, ou com 2?",
            4,
            2,
            "Em resumo: 2× A100 SXM 80 GB já serve esta carga; 4×",
        ),
    ],
)
def test_a_choice_of_counts_with_no_gpu_named_weighs_both_on_the_recommended_gpu(text, first, other, summary):
    query, result, text_out = answer(text)
    assert (query.workload.gpus, query.workload.compare_counts) == (first, [other])
    assert (result.requested.gpu, result.requested.count) == ("a100-80gb-sxm", first)
    (compared,) = [a for a in result.alternatives if a.kind == "compared_gpu"]
    assert (compared.setup.gpu, compared.setup.count) == ("a100-80gb-sxm", other)
    assert f"{first} GPUs" in text_out.splitlines()[0] and f"{other} GPUs" in text_out.splitlines()[0]
    assert summary in text_out
    # the note says which GPU the counts were weighed on, and why that one
    assert any(
        f"{first} " in line and "A100 SXM 80 GB" in line and "GPU" in line
        for line in text_out.splitlines()
        if "GPU" in line and ("recomenda" in line or "recommend" in line)
    )


def test_a_count_choice_says_when_only_the_larger_count_serves():
    _, _, text_out = answer("llama 70b: 1 ou 2 gpus?")
    assert "Em resumo: das configurações pedidas, só 2× A100 SXM 80 GB serve esta carga." in text_out
    assert "já serve" not in text_out


def test_each_gpu_of_a_choice_is_said_with_its_count():
    _, _, text_out = answer("llama 70b: 2x h100 ou 4x a100?")
    assert "2× H100 SXM 80 GB ou 4× A100 SXM 80 GB" in text_out.splitlines()[0]


@pytest.mark.parametrize("text", ["llama 70b H100x2", "llama 70b h100 x 2", "llama 70b l40sx2"])
def test_a_count_glued_after_a_gpu_is_its_count(text):
    query = parse(text)
    assert query.workload.gpus == 2 and query.workload.gpu in ("h100-sxm", "l40s")
    assert not query.unknown


# -- a value restated in parentheses ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("llama 70b 128k (cento e vinte e oito mil tokens)", "context", 131072),
        ("llama 70b contexto de 32k (32.768 tokens)", "context", 32768),
        ("llama 70b 128k (128.000 tokens) de contexto", "context", 131072),
        ("llama 70b 10 usuários (dez)", "users", 10),
        ("llama 70b 20 users (twenty)", "users", 20),
    ],
)
def test_a_value_restated_in_parentheses_is_one_value(text, field, value):
    query = parse(text)
    assert getattr(query.workload, field) == value
    assert not query.unknown


# -- a value corrected as it was typed: the last kept --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value", "said"),
    [
        ("qwen3 32b com 100 usuarios, digo, 150 usuarios", "users", 150, "150 usuarios"),
        ("qwen3 32b 30 usuarios... corrigindo, 60 usuarios", "users", 60, "60 usuarios"),
        ("qwen3 32b contexto de 8k, ou melhor, 16k", "context", 16384, "16k"),
        ("qwen3 32b com 50 usuarios (na verdade 80)", "users", 80, "80 usuarios"),
        ("qwen3 32b 50 usuários na verdade 80", "users", 80, "80 usuários"),
        ("qwen3 32b 100 users, I mean 150 users", "users", 150, "150 users"),
        ("qwen3 32b for 40 users, or rather 60", "users", 60, "60 users"),
    ],
)
def test_a_value_corrected_as_typed_keeps_the_last(text, field, value, said):
    query, _result, text_out = answer(text)
    assert getattr(query.workload, field) == value
    assert not query.unknown
    assert f"→ {said}." in text_out.splitlines()[1]


# -- a release's date in parentheses ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "model", "context"),
    [
        ("mistral small 3.2 (2506) com 50 usuarios", "Mistral Small 3.2 24B", 4096),
        ("Mistral Small 3.2 24B (2506) for 20 users", "Mistral Small 3.2 24B", 4096),
        # developers served a coding model: the coding assistant's conversation (traffic.toml [code])
        ("devstral small (2507) para 10 devs", None, 32_768),
    ],
)
def test_a_release_date_in_parentheses_is_the_models_not_a_context(text, model, context):
    query, result, text_out = answer(text)
    assert query.workload.context is None and result.workload.context_tokens == context
    assert not query.unknown
    if model:
        assert text_out.splitlines()[0].startswith(f"Entendi: {model}") or model in text_out.splitlines()[0]
    assert query.workload.model == parse(text.replace("(", "").replace(")", "")).workload.model


def test_a_different_value_in_parentheses_is_still_a_contradiction():
    with pytest.raises(QueryError) as e:
        parse("llama 70b 10 usuários (20 usuários)")
    assert e.value.key == "query.contradiction"


# -- a total of tokens beside each conversation's ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b 8k por usuário e 40 usuários, total 320k",
        "llama 70b 8k tokens per user, 40 users, 320k tokens in total",
        "llama 70b 8k de contexto por conversa, 40 conversas (320 mil tokens ao todo)",
        "llama 70b 40 usuários, 320k no total",
    ],
)
def test_a_total_of_tokens_is_the_conversations_summed(text):
    query, result, text_out = answer(text)
    assert (query.workload.context, query.workload.users) == (8192, 40)
    assert not query.unknown
    assert result.workload.context_tokens == 8192
    assert "40 × 8k" in text_out.splitlines()[1]


def test_a_total_that_is_not_the_sum_is_a_contradiction():
    with pytest.raises(QueryError) as e:
        parse("llama 70b 8k por usuário e 40 usuários, total 100k")
    assert e.value.key == "query.contradiction"


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("70B em produção, 4 bits, 200 usuários, contexto de 4 mil tokens", 200),  # "4 bits" is no pilot
        ("qwen3 30b-a3b nf4 8k users=200 produção", 200),  # "8k users=200" is a context and the users
        ("llama 70b 2 gpus, depois 100 usuários", 100),
    ],
)
def test_other_numbers_beside_users_and_a_phase_word_are_no_phases(text, users):
    workload = parse(text).workload
    assert (workload.users, workload.pilot_users) == (users, None)


# -- a thread's follow-ups: a count in thousands, a count to run on, a scale alone, people in shifts ------------


def thread(*texts):
    """Each text a follow-up of the one before (a Slack thread); the last one's query."""
    query = parse(texts[0])
    for text in texts[1:]:
        query = parse(text, base=query.workload)
    return query


@pytest.mark.parametrize(
    ("texts", "field", "value"),
    [
        (("qwen3 32b, 2000 funcionarios", "e com 5 mil?"), "population", 5000),
        (("qwen3 32b, 2000 employees", "and with 5 thousand?"), "population", 5000),
        (("qwen3 32b 30 usuarios", "e com 2 h100?", "e se for em 3?"), "gpus", 3),
        (("qwen3 32b 30 users", "and with 2 h100?", "what if we run it on 3?"), "gpus", 3),
        (("qwen3 32b 30 usuarios", "e com o dobro?"), "users", 60),
        (("qwen3 32b 30 users", "and double?"), "users", 60),
        (("qwen3 32b 2000 funcionarios", "e com o triplo?"), "population", 6000),
        (("qwen3 32b 16k de contexto", "e se dobrar?"), "context", 32768),
        (("qwen3 32b 10 req/s 16k de contexto", "e com o dobro?"), "rate_per_s", 20),  # the load
    ],
)
def test_a_follow_up_of_a_number_or_a_scale_alone_reads_the_thread(texts, field, value):
    query = thread(*texts)
    assert getattr(query.workload, field) == value
    assert not query.unknown
    assert query.workload.context != 5000


def test_a_scale_alone_in_a_thread_with_people_and_a_context_asks_which():
    with pytest.raises(QueryError) as e:
        thread("qwen3 32b 30 usuarios 16k de contexto", "e com o dobro?")
    assert e.value.key == "query.bare_scale"
    assert "(30 → 60)" in e.value.message() and "(16k → 32k tokens)" in e.value.message()


@pytest.mark.parametrize(
    ("text", "field", "at_work", "said"),
    [
        ("qwen3 32b, 1000 funcionarios em 3 turnos", "population", 334, "1.000 ÷ 3 = 334"),
        ("qwen3 32b, 3000 employees across 3 shifts", "population", 1000, "“across 3 shifts”"),
        ("qwen3 32b, 60 atendentes em 3 turnos", "users", 20, "60 ÷ 3 = 20"),
        # The people counted are each shift's: "shifts"/"turnos" had been not understood.
        ("we have 3 shifts of 20 support agents using llama 3.1 8b", "users", 20, "“3 shifts of 20”"),
        ("3 turnos de 20 atendentes com qwen3 32b", "users", 20, "60 ÷ 3 = 20"),
        ("llama 8b em 3 turnos com 20 atendentes", "users", 20, "60 ÷ 3 = 20"),
        # Shifts said by their length, the people apart: "turnos" had been not understood and 50 sized at once.
        ("3 turnos de 8 horas, 50 atendentes com llama 8b", "users", 17, "50 ÷ 3 = 17"),
        ("50 atendentes em 3 turnos de 8h, llama 8b", "users", 17, "50 ÷ 3 = 17"),
        ("3 shifts of 8 hours, 50 support agents, llama 8b", "users", 17, "50 ÷ 3 = 17"),
        ("50 agents in 3 8-hour shifts with llama 8b", "users", 17, "50 ÷ 3 = 17"),
    ],
)
def test_people_in_shifts_are_one_shift_at_work_at_once(text, field, at_work, said):
    query, _result, text_out = answer(text)
    assert getattr(query.workload, field) == at_work
    assert not query.unknown
    assert said in text_out.splitlines()[1]


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("vendas (10) e 30 funcionários no suporte, llama 3.1 8b", "10 + 30 = 40 pessoas"),
        ("10 pessoas de vendas e 30 funcionarios no suporte, llama 3.1 8b", "10 + 30 = 40 pessoas"),
        ("o suporte tem 30 colaboradores e o comercial 10 pessoas, llama 3.1 8b", "30 + 10 = 40 pessoas"),
        ("sales (10) and 30 employees in support, llama 3.1 8b", "10 + 30 = 40"),
    ],
)
def test_parts_counted_as_an_organisations_people_sum_to_a_head_count(text, parts):
    # they had been 40 users at once (or 30 people with "vendas (10)" not understood)
    query, _result, text_out = answer(text)
    assert (query.workload.population, query.workload.users) == (40, None)
    assert not query.unknown
    assert parts in text_out.splitlines()[1]


@pytest.mark.parametrize(
    ("text", "population", "parts"),
    [
        # "RH" had been left out ("Não entendi: “50”, “RH”") and 30 people sized
        ("30 colaboradores do jurídico e 50 do RH com llama 8b", 80, "30 + 50"),
        # "sales reps" had been 12 users at once beside 30 employees
        ("12 sales reps and 30 employees in support with llama 8b", 42, "12 + 30"),
    ],
)
def test_parts_counted_in_staff_sum_to_a_head_count(text, population, parts):
    query, _result, text_out = answer(text)
    assert query.workload.population == population
    assert not query.unknown
    assert parts in text_out.splitlines()[1]
