"""Questions as people type them in Slack, nineteenth round (2026-12-07): how customers really ask. Many people
said with no number ("muitos usuários", "lots of people") are read as our stated default and the number asked
for, never one user sized without a word; on-prem and air-gapped beside a sizing are the customer's own
machines, and a private link a way in, each with its note; Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, answer_json
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text
from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- many people, no number ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been one user sized without a word (or "Not understood: lots", "lot")
        ("llama 8b muitos usuários", "Entendi: Llama 3.1 8B · 10 usuários simultâneos", "Li “muitos usuários” como 10, a nossa estimativa padrão"),
        ("llama 8b for many users", "Understood: Llama 3.1 8B · 10 concurrent users", "I read “many users” as 10, our default estimate"),
        ("llama 8b for lots of people", "10 concurrent users", "I read “lots of people” as 10"),
        ("llama 8b for a lot of concurrent users", "10 concurrent users", "give the number for an exact sizing"),
        ("llama 8b pra um monte de gente", "10 usuários simultâneos", "Li “um monte de gente” como 10"),
        ("llama 8b for a crowd of users", "10 concurrent users", "I read “a crowd of users” as 10"),
        ("llama 8b pra uma multidão de usuários", "10 usuários simultâneos", "Li “uma multidão de usuários” como 10"),
        ("llama 70b for a huge number of users", "10 concurrent users", "I read “a huge number of users” as 10"),
        ("llama 70b para imensos utilizadores", "Percebi: Llama 3.1 70B · 10 utilizadores em simultâneo", "indique o número"),
        # the people the traffic reader counts are a head-count, as "10 advogados" is
        ("llama 8b for many lawyers", "Understood: Llama 3.1 8B · 10 people", "I read “many lawyers” as 10"),
        # as before: "vários" says at least a few, the least it says
        ("llama 8b para vários usuários", "3 usuários simultâneos", "Li “vários” como 3, o mínimo que a palavra diz"),
    ],
)  # fmt: skip
def test_many_people_with_no_number_are_the_stated_default(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_many_users_are_sized_as_that_many_at_once(capsys):
    out = answer(capsys, "llama 8b muitos usuários")
    assert "(10 × 0,54 GB por conversa de 4.096 tokens)" in out, out


def test_many_things_that_are_not_people_count_nothing(capsys):
    lines = _reads(
        capsys, "many models, llama 8b for 5 users", "Understood: Llama 3.1 8B · 5 concurrent users"
    )
    assert not any("default estimate" in line for line in lines), lines


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been one user sized without a word (or "Not understood: large")
        ("llama 8b para uma equipe grande", "Entendi: Llama 3.1 8B · 10 usuários simultâneos", "Li “uma equipe grande” como 10"),
        ("llama 8b for a large team", "Understood: Llama 3.1 8B · 10 concurrent users", "I read “a large team” as 10"),
        ("llama 8b for a large group of analysts", "Understood: Llama 3.1 8B · 10 people", "I read “a large group” as 10"),
        ("llama 8b para uma equipa grande", "Percebi: Llama 3.1 8B · 10 utilizadores em simultâneo", "Li “uma equipa grande” como 10"),
        ("llama 8b pra muita gente", "Entendi: Llama 3.1 8B · 10 usuários simultâneos", "Li “muita gente” como 10"),
        ("llama 8b para bastante gente", "10 usuários simultâneos", "Li “bastante gente” como 10"),
    ],
)  # fmt: skip
def test_a_large_group_with_no_number_is_the_stated_default(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_the_default_for_many_is_the_data_files(tmp_path, monkeypatch, capsys):
    # an operator who sets population.many_users in traffic.toml changes what "many users" is read as
    from sizing.catalog import load_catalog
    from tests.data_folders import data_copy

    data = data_copy(tmp_path)
    traffic = data / "traffic.toml"
    traffic.write_text(traffic.read_text().replace("many_users = 10", "many_users = 25"))
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    try:
        # a question no other test asks: the reading of a text is kept for the process's life
        _reads(capsys, "qwen 7b for many users", "25 concurrent users", "I read “many users” as 25")
    finally:
        load_catalog.cache_clear()


# -- one GPU said with "numa", Portugal's graphics card, the customer's name --------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been dropped without a word: no count, the recommendation's own
        ("llama 70b 20 usuários numa gpu", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · 1 GPU"),
        ("llama 70b 20 usuários numa placa de vídeo", "20 usuários simultâneos · 1 GPU"),
        ("llama 70b 20 utilizadores numa placa gráfica", "Percebi: Llama 3.1 70B · 20 utilizadores em simultâneo · 1 GPU"),
        ("llama 8b em 2 placas gráficas", "Llama 3.1 8B · 2 GPUs"),
        # as before: a GPU named after "numa" is one of it
        ("llama 70b numa H100 ou numa H200", "1× H100 SXM 80 GB ou 1× H200 SXM 141 GB"),
    ],
)  # fmt: skip
def test_one_gpu_said_with_numa_and_portugals_graphics_card(capsys, question, read):
    _reads(capsys, question, read)


def test_one_gpu_said_with_numa_is_judged_as_one(capsys):
    assert answer_json(capsys, "llama 8b 10 usuários numa gpu")["workload"]["gpu_count"] == 1
    assert answer_json(capsys, "llama 8b 10 usuários")["workload"]["gpu_count"] is None


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi: Acme" (or the name's words)
        ("llama 70b pra 20 usuários, cliente da Acme", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        ("customer at Globex Corp wants llama 70b for 20 users", "Understood: Llama 3.1 70B · 20 concurrent users"),
        ("o cliente do Banco Azul quer llama 70b pra 20 usuários", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        ("lead from Initech: qwen 72b, 30 users, fp8", "Qwen2.5 72B · FP8 (8-bit) · 30 usuários simultâneos"),
        ("o pessoal da Acme quer llama 70b pra 30 pessoas", "Entendi: Llama 3.1 70B · 30 usuários simultâneos"),
        ("the folks at Acme want llama 70b for 30 people", "Understood: Llama 3.1 70B · 30 concurrent users"),
        # had been "Not understood: customer's"
        ("customer's question: what do we need for llama 70b, 30 users?", "Understood: Llama 3.1 70B · 30 concurrent users"),
    ],
)  # fmt: skip
def test_the_customers_name_is_who_asks_nothing_to_size(capsys, question, read):
    _reads(capsys, question, read)


def test_an_unknown_word_beside_a_customer_is_still_said(capsys):
    lines = answer(capsys, "llama 70b 20 users, cliente da Acme, blorf").splitlines()
    assert "Não entendi: “blorf”." in lines, lines


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had sized one user without a word
        ("llama 70b para toda a empresa", "Quantas pessoas são “toda a empresa”? Diga o número"),
        ("llama 70b for everyone in the company", "How many people is “everyone in the company”?"),
        ("llama 70b para a galera toda", "esta resposta é para uma conversa por vez"),
    ],
)
def test_a_whole_company_with_no_number_is_asked_how_many(capsys, question, said):
    _reads(capsys, question, "Llama 3.1 70B", said)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("llama 70b para a empresa toda, 500 funcionários", "Entendi: Llama 3.1 70B · 500 pessoas"),
        ("llama 70b for the whole company, 2000 employees", "Understood: Llama 3.1 70B · 2,000 people"),
    ],
)
def test_a_whole_company_with_its_head_count_asks_nothing(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("Quantas pessoas" in line or "How many people" in line for line in lines), lines


@pytest.mark.parametrize(
    "question",
    ["how many users can llama 8b hold on an l40s?", "llama 8b, too many users for one gpu?"],
)
def test_how_many_users_asked_is_no_vague_count(capsys, question):
    lines = answer(capsys, question).splitlines()
    assert not any("default estimate" in line for line in lines), lines
    assert "10 concurrent users" not in lines[0] and "10 usuários" not in lines[0], lines


# -- Ollama tags with their context window ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been a context of 128k tokens asked, and "Não entendi: medium" (or "mini")
        ("phi3:14b-medium-128k-instruct-q4_K_M", "Entendi: Phi-3 Medium 128K · GGUF Q4_K_M"),
        ("phi3:3.8b-mini-128k-instruct-q4_K_M 5 usuários", "Phi-3 Mini 128K (arquitetura do Phi-3.5 Mini 3.8B) · GGUF Q4_K_M · 5 usuários"),
        # as before
        ("mistral:7b-instruct-v0.3-q8_0", "Entendi: Mistral 7B v0.3 · GGUF Q8_0"),
        ("deepseek-r1:14b-qwen-distill-q4_K_M", "Entendi: DeepSeek R1 Distill Qwen 14B · GGUF Q4_K_M"),
        ("qwen2.5:72b-instruct-q4_K_M 10 users", "Qwen2.5 72B · GGUF Q4_K_M · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_an_ollama_tags_window_names_the_variant_not_a_context(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "contexto" not in lines[0], lines


def test_an_ollama_tag_with_a_window_and_no_file_is_ollamas_default(capsys):
    _reads(
        capsys,
        "phi3:14b-medium-128k 10 usuários",
        "Phi-3 Medium 128K · GGUF Q4_K_M · 10 usuários simultâneos",
        "é uma tag do Ollama sem arquivo",
    )


# -- where it runs, how the users reach it ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had been sized with no word of it: the customer's own machines, which we do not rent
        (
            "llama 70b 20 usuários on-prem",
            "se há oferta para as máquinas de vocês (on-premise ou colocation)",
        ),
        ("llama 70b 20 users air-gapped", "se há oferta para as máquinas de vocês"),
        ("llama 70b, 20 users, on-premise", "A conta de memória é a mesma nas GPUs de vocês"),
        # each had been dropped without a word (or "Não entendi: internet")
        ("llama 70b 20 usuários, private link", "o dimensionamento é o mesmo"),
        ("llama 70b 20 users over a private link", "the sales team confirms it in the proposal"),
        ("llama 70b 20 users, no internet", "rede sem acesso à internet"),
    ],
)
def test_hosting_and_network_words_beside_a_sizing_get_their_note(capsys, question, said):
    _reads(capsys, question, "Llama 3.1 70B · 20 ", said)


@pytest.mark.parametrize(
    "question",
    [
        "llama 70b 20 usuários, dados não podem sair do Brasil",
        "llama 70b 20 usuários, LGPD",
        "llama 70b 20 users, data must stay in Brazil",
    ],
)
def test_data_residency_beside_a_sizing_is_answered_by_where_the_gpus_are(capsys, question):
    out = answer(capsys, question)
    lines = out.splitlines()
    assert "Llama 3.1 70B · 20 " in lines[0] and not any(line.startswith(UNKNOWN) for line in lines), lines
    assert "LGPD: as GPUs ficam no Brasil" in out or "LGPD: the GPUs are in Brazil" in out, out


# -- the fastest, of a service -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had been read and dropped: the smallest setup recommended, "memory" said to decide
        ("llama 70b 20 users, the fastest", "What decided: the fastest, as asked."),
        ("llama 70b 20 usuários, o mais rápido", "O que decidiu: o mais rápido, como pedido."),
        ("llama 8b 10 usuários, o mais rápido possível", "O que decidiu: o mais rápido, como pedido."),
    ],
)
def test_the_fastest_service_is_the_setup_that_answers_soonest(capsys, question, said):
    out = answer(capsys, question)
    assert said in out, out
    assert "responde cada usuário mais cedo" in out or "answers each user soonest" in out, out
    assert "memória. " not in out and "What decided: memory" not in out, out


def test_the_fastest_is_faster_than_the_smallest_and_says_which_it_replaces(capsys):
    plain = answer(capsys, "llama 70b 20 users", "--lang", "en")
    fastest = answer(capsys, "llama 70b 20 users, the fastest", "--lang", "en")

    def first_token(out: str) -> float:
        line = next(line for line in out.splitlines() if line.startswith("Performance:"))
        return float(line.split("first token in ~")[1].split(" s")[0])

    assert first_token(fastest) < first_token(plain), (plain, fastest)
    assert (
        "Without that, the recommendation would be 2× H200 SXM 141 GB, the smallest that serves." in fastest
    )


@pytest.fixture
def priced(tmp_path, monkeypatch, capsys):
    from tests.data_folders import priced_answers

    yield from priced_answers(
        tmp_path, monkeypatch, capsys, {None: "{ on_demand = 10.0, reserved = 7.5, dedicated = 6.0 }"}
    )


def test_the_fastest_within_a_budget_is_chosen_among_those_within_it(priced):
    # every GPU at 6.00 an hour dedicated over the 730-hour month: 4× H200 is 17,520 a month, 2× H200 8,760 (4×
    # H100 had been chosen when only the fewest of each GPU were weighed: 4× H200 costs as much and is faster)
    roomy = priced("llama 70b 20 users, the fastest, budget 20k a month")
    assert "Recommendation: 4× H200 SXM 141 GB" in roomy, roomy
    assert "What decided: the fastest within the budget, as asked." in roomy, roomy
    tight = priced("llama 70b 20 users, the fastest, budget 12k a month")
    assert "Recommendation: 2× H200 SXM 141 GB" in tight, tight
    assert "2× H200 SXM 141 GB answers each user soonest" in tight, tight


def test_which_is_the_fastest_gpu_is_still_a_comparison(capsys):
    # the GPUs named are what is weighed (round 20: "qual o mais rápido para llama 70b 20 usuários?", no GPU
    # named, asks for the workload's fastest setup, tests/test_phrasings_round20.py)
    out = answer(capsys, "qual o mais rápido, h100 ou h200, para llama 70b 20 usuários?")
    assert "o mais rápido, como pedido" not in out, out
    assert "Lado a lado, para esta carga:" in out, out


# -- an amount a month with no word of money ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been a context of 10,000 tokens and a cost asked
        ("llama 8b, temos 10 mil por mês", "Entendi: Llama 3.1 8B", "“10 mil por mês” é um orçamento ou um volume"),
        ("llama 8b 20 users, we have 10k a month", "Understood: Llama 3.1 8B · 20 concurrent users", "Say “a budget of 10k a month” or “10k requests a month”"),
        ("llama 70b, 30 utilizadores, temos 5 mil por mês", "30 utilizadores em simultâneo", "“5 mil pedidos por mês”"),
    ],
)  # fmt: skip
def test_an_amount_a_month_alone_is_asked_about(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert "context" not in lines[0] and "contexto" not in lines[0] and "orçamento de" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a word of money elsewhere says what the amount is
        ("llama 8b 20 usuários, temos 10 mil por mês, quanto custa?", "20 usuários simultâneos · orçamento de 10.000 por mês"),
        ("llama 8b 20 users, we can pay 10k a month", "20 concurrent users · budget of 10,000 a month"),
        # as before: the budget's word, or the requests', says it
        ("llama 8b, 10 mil por mês de orçamento", "Entendi: Llama 3.1 8B · orçamento de 10.000 por mês"),
        ("llama 8b 20 usuários, 10 mil requisições por mês", "10.000 requisições por mês"),
        # the items named before it are what it counts
        ("llama 70b pra resumir processos de 50 páginas, uns 2 mil por mês", "2.000 requisições por mês"),
    ],
)  # fmt: skip
def test_an_amount_a_month_beside_money_is_a_budget(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("é um orçamento ou um volume" in line or "a budget or a volume" in line for line in lines)


# -- two models with "or", GPUs in a spec sheet's order ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had sized the first model alone, the second dropped without a word
        ("llama 70b ou qwen pra 20 usuários", "Entendi: Llama 3.1 70B · 20 usuários simultâneos", "Qual “qwen”? Sem o tamanho, ficou fora da comparação: diga qual, por exemplo “Qwen2.5 72B”."),
        ("llama 70b or gemma for 10 users?", "Understood: Llama 3.1 70B · 10 concurrent users", "Which “gemma”? With no size it is left out of the comparison"),
        ("llama 8b vs qwen 20 users", "Llama 3.1 8B · 20 usuários simultâneos", "por exemplo “Qwen3 8B”"),
    ],
)  # fmt: skip
def test_a_family_with_no_size_weighed_against_a_model_is_asked_which(capsys, question, read, said):
    _reads(capsys, question, read, said)


@pytest.mark.parametrize(
    "question", ["llama 70b, 20 usuários", "llama 3.1 70b llama pra 20 usuários", "qwen 72b ou qwen 32b"]
)
def test_a_family_of_the_model_itself_asks_nothing(capsys, question):
    lines = answer(capsys, question).splitlines()
    assert not any(line.startswith(("Qual “", "Which “")) for line in lines), lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Not understood: SXM" (the memory before the form factor)
        ("llama 70b on 2x H100 80GB SXM", "Understood: Llama 3.1 70B · 2× H100 SXM 80 GB"),
        ("llama 70b on 2x A100 80GB SXM", "Understood: Llama 3.1 70B · 2× A100 SXM 80 GB"),
        ("llama 70b em 1x H200 141GB SXM", "Entendi: Llama 3.1 70B · 1× H200 SXM 141 GB"),
        ("llama 8b on A100 40GB SXM", "Understood: Llama 3.1 8B · 1× A100 SXM 40 GB"),
    ],
)
def test_a_gpu_with_its_memory_before_its_form_factor(capsys, question, read):
    _reads(capsys, question, read)


# -- Portugal's Portuguese, "20 e tal", a firewall -------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # each had been users in Europe, with its latency note: the language's variety, no place
        "llama 70b, 20 pessoas ao mesmo tempo, respostas em português de Portugal",
        "llama 70b for 20 users, answers in Portuguese from Portugal",
    ],
)
def test_portuguese_from_portugal_is_a_language_not_users_in_europe(capsys, question):
    lines = _reads(capsys, question, "Llama 3.1 70B · 20 ")
    assert "Europa" not in lines[0] and "Europe" not in lines[0], lines


def test_users_in_portugal_are_still_in_europe(capsys):
    _reads(
        capsys,
        "llama 70b para 20 utilizadores, estamos em Portugal",
        "20 utilizadores em simultâneo · utilizadores na Europa (latência)",
    )


def test_twenty_and_something_is_about_twenty(capsys):
    # had been "Não percebi: tal"
    _reads(
        capsys,
        "llama 70b para uns 20 e tal utilizadores",
        "Percebi: Llama 3.1 70B · 20 utilizadores em simultâneo",
    )


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # had been "Not understood: behind, firewall"
        ("llama 70b 20 users, behind our firewall", "the sizing is the same"),
        ("llama 70b 20 usuários atrás do nosso firewall", "o dimensionamento é o mesmo"),
    ],
)
def test_a_firewall_beside_a_sizing_is_the_network_note(capsys, question, said):
    _reads(capsys, question, "Llama 3.1 70B · 20 ", said)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had dropped the precision (or the context's word) as not understood
        ("llama 70b-fp8 32k-ctx 20u", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos"),
        ("qwen 32b-awq, 10 users", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos"),
        ("llama 8b-4bit 10 users", "Entendi: Llama 3.1 8B · INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos"),
        ("llama 70b 128k-context 5 users", "Understood: Llama 3.1 70B · 128k context · 5 concurrent users"),
        # as before: a hyphenated name is one name
        ("llama-3.1-70b-fp8 20 users", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos"),
    ],
)  # fmt: skip
def test_a_size_glued_to_its_precision_or_context(capsys, question, read):
    _reads(capsys, question, read)


# -- follow-ups in a thread --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


@pytest.mark.parametrize(
    ("follow_up", "read"),
    [
        # each had been "Não entendi o pedido": a quarter of the year asked of nothing
        ("e no q4?", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 4 usuários simultâneos"),
        ("e no Q4?", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 4 usuários simultâneos"),
        ("and in q4?", "Understood: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 4 concurrent users"),
        # the new readings, in a thread
        ("e com muitos usuários?", "Entendi: Llama 3.1 70B · 10 usuários simultâneos"),
        ("e numa gpu só?", "Entendi: Llama 3.1 70B · 4 usuários simultâneos · 1 GPU"),
    ],
)
def test_follow_ups_in_a_thread(pipeline, follow_up, read):
    out = reply_in_thread(pipeline, "llama 70b pra 4 usuários", follow_up)
    assert out.splitlines()[0] == read, out


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        # each had been read and had no effect (or "Não entendi o pedido")
        ("e o mais rápido?", "O que decidiu: o mais rápido, como pedido."),
        ("e a mais rápida?", "O que decidiu: o mais rápido, como pedido."),
        ("what about the lowest latency?", "What decided: the fastest, as asked."),
        # asked with "qual"/"which" under an answer: the workload's fastest setup (had been "Não entendi o pedido"
        # and "I didn't understand the request: “fastest”"); alone, "qual o mais rápido?" still compares nothing
        ("qual a mais rápida?", "O que decidiu: o mais rápido, como pedido."),
        ("qual o mais rápido?", "O que decidiu: o mais rápido, como pedido."),
        ("which is the fastest?", "What decided: the fastest, as asked."),
    ],
)
def test_the_fastest_asked_in_a_thread(pipeline, follow_up, said):
    out = reply_in_thread(pipeline, "llama 70b pra 10 usuários", follow_up)
    assert said in out, out


@pytest.mark.parametrize("follow_up", ["e se lançar no Q4?", "e no Q4 de 2027?"])
def test_a_launch_quarter_in_a_thread_is_no_file(pipeline, follow_up):
    out = reply_in_thread(pipeline, "llama 70b pra 10 usuários", follow_up)
    assert "INT4" not in out.splitlines()[0], out


# -- in Slack ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 8b muitos usuários", "Li “muitos usuários” como 10"),
        ("llama 70b 20 usuários on-prem", "se há oferta para as máquinas de vocês"),
        ("llama 70b 20 usuários, o mais rápido", "o mais rápido, como pedido"),
        ("llama 8b, temos 10 mil por mês", "é um orçamento ou um volume"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text
