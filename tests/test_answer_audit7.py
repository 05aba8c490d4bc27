"""Answers read line by line as a careful customer would, round 7 (rounds 1 to 6: test_answer_audit.py to
test_answer_audit6.py), through the console with prices configured: speech beside an LLM whose note advised
more GPUs than the recommendation priced, rates said two ways, an encoder's daily volume, a family named with no
size, and the currency that does not make a variety of Portuguese."""

import re

import pytest

from tests.data_folders import priced_answers
from tests.test_answer_audit import PRICES, number


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


def _line(out: str, *starts: str) -> str:
    return next(line for line in out.splitlines() if line.strip().startswith(starts))


def _recommended(out: str) -> tuple[int, str]:
    said = re.search(r"^(?:Recomendação|Recommendation): (\d+)× ([^·\n]+?)(?: ·|$)", out, re.M)
    assert said, out
    return int(said[1]), said[2].strip()


@pytest.mark.parametrize(
    "question",
    [
        "llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço por mês",
        "llama 3.1 8b + whisper large-v3 with 500 hours of audio a day, monthly price",
    ],
)
def test_speech_over_the_gpus_time_is_the_recommendation_priced_not_a_note_under_it(ask, question):
    # "Recomendação: 1× L40" priced alone, with "Recomendo 2× L40 48 GB no lugar dela" among the notes
    out = ask(question)
    count, gpu = _recommended(out)
    assert (count, gpu) == (2, "L40 48 GB"), out
    assert "Recomendo" not in out and "I recommend" not in out, out
    # what is recommended is what is priced: two L40s at R$ 7 an hour each (PRICES)
    price = _line(out, "Preço (sob demanda):", "Price (on demand):")
    assert re.search(r"(R\$|BRL) 14[,.]00 (por hora|per hour)", price), price
    # and the notes' arithmetic is now that setup's: both fit within the plan's ceiling on it
    fits = _line(out, "• Fala e LLM cabem juntos", "• Speech and LLM fit together")
    assert "2× L40 48 GB" in fits, fits
    # what decided it says why, with the alternative weighed (a separate GPU for the speech)
    decided = _line(out, "O que decidiu:", "What decided:")
    assert "1× L40 48 GB" in decided and "A100" in decided, decided


def test_an_alternative_the_speech_would_overrun_is_not_offered(ask):
    out = ask("llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço por mês")
    alternatives = out.split("\nAlternativas\n")[1].split("\n\n")[0] if "\nAlternativas\n" in out else ""
    # "Em FP8 (8-bit): 1× L40 48 GB" had been offered: one L40 cannot give the speech its time
    assert "1× L40 48 GB" not in alternatives, alternatives


def test_speech_within_the_gpus_time_leaves_the_recommendation_as_it_is(ask):
    out = ask("llama 3.1 8b + whisper large v3 com 50 horas de áudio por dia, preço por mês")
    assert _recommended(out) == (1, "L40 48 GB"), out
    assert "Fala e LLM cabem juntos em 1× L40 48 GB" in out, out


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("llama 3.1 70b com 5 requisições por segundo, preço por mês", "pt-BR"),
        ("qwen2.5 7b com 2 requisições por segundo", "pt-BR"),
        ("llama 3.1 8b for 1000 requests per minute", "en"),
        ("llama 8b para 2000 funcionários", "pt-BR"),
    ],
)
def test_a_rates_conversations_in_flight_are_one_count_said_one_way(ask, question, lang):
    # "95 usuários simultâneos" above "~94 conversas em andamento": one quantity, two counts and two names
    out = ask(question)
    header = re.search(r"(?:memória para|memory for) ([\d.,]+) (?:conversas|conversations)", out)
    assert header, out
    sized = number(header[1], lang)
    load = re.search(r"~([\d.,]+) (?:conversas em andamento|conversations in flight)$", out, re.M)
    perf = re.search(
        r"(?:com|with) ([\d.,]+) (?:conversas em andamento|conversations in flight) (?:em média|on average)",
        out,
    )
    memory = re.search(r"\((\d+) × [\d.,]+ GB (?:por conversa|per conversation)", out)
    assert load and perf and memory, out
    if sized >= 10:  # a whole count: the same one in each place
        assert number(load[1], lang) == number(perf[1], lang) == int(memory[1]) == sized, out
    else:  # a mean with its decimal, the memory's count its round-up
        assert number(load[1], lang) <= sized == int(memory[1]), out
    assert (
        "usuários simultâneos" not in out.split("\n\n")[1] and "concurrent users" not in out.split("\n\n")[1]
    )


@pytest.mark.parametrize(
    ("question", "requests", "rate", "lang"),
    [
        # 15% of a day's requests at the busiest hour (traffic.toml [daily]): 2,000,000 x 0.15 / 3600
        ("bge-m3 com 2 milhões de pedidos por dia", 2_000_000, 83, "pt-BR"),
        ("bge-m3 with 50k queries a week", 50_000, 0.4, "en"),  # over 5 days of use
        ("bge-reranker-v2-m3 com 300 mil buscas por mês", 300_000, 0.6, "pt-BR"),  # over 22 days of use
    ],
)
def test_an_encoders_volume_over_days_is_served_at_its_busiest_hour(ask, question, requests, rate, lang):
    # it had been the memory alone, the volume unread, with "diga quantos documentos" for a corpus
    out = ask(question)
    said = re.search(
        r"^([\d.,]+) (?:requisições|requests) (?:por|a) \w+.*?~([\d.,]+) (?:requisiç\w+|requests)/s",
        out,
        re.M,
    )
    assert said, out
    assert number(said[1], lang) == requests and number(said[2], lang) == rate, said[0]
    # the GPUs sized for that peak, and the million tokens priced over the whole period they are rented
    assert re.search(rf"^{re.escape(said[2])} (?:requisiç\w+|requests)/s (?:ao|to) ", out, re.M), out
    price = _line(out, "Por milhão de tokens:", "Per million tokens:")
    assert re.search(r"(24|168|730) (horas|hours)", price), price


@pytest.mark.parametrize(
    "question",
    ["multilingual e5", "e5 multilingual com 1 milhão de documentos", "multilingual-e5 embeddings"],
)
def test_an_encoder_family_named_with_no_size_is_sized_as_its_default_and_says_so(ask, question):
    # "“multilingual e5” é um modelo de embeddings ou reranking: eu dimensiono LLMs" had refused it
    out = ask(question)
    assert "eu dimensiono LLMs" not in out, out
    said = _line(out, "Multilingual E5 sem tamanho")
    # the size taken and the family's others, each with its parameters (Wang et al. 2024, table 1)
    assert "usei o Multilingual E5 Large (560M)" in said, said
    for other in ("Small (118M)", "Base (278M)", "Large Instruct (560M)"):
        assert other in said, said
    assert re.search(r"^Multilingual E5 Large \(modelo de embeddings, 560M parâmetros", out, re.M), out


def test_an_encoder_family_beside_an_llm_names_the_model_taken(ask):
    out = ask("llama 3.1 8b + multilingual e5 para RAG com 20 usuários")
    assert out.startswith("Entendi: Llama 3.1 8B + Multilingual E5 Large ·"), out.splitlines()[0]
    assert "Embeddings ....... 2,3 GB  (Multilingual E5 Large" in out, out
    assert "• Multilingual E5 sem tamanho: usei o Multilingual E5 Large" in out, out


def test_a_family_s_smaller_size_named_is_sized_as_itself(ask):
    out = ask("multilingual-e5-small")
    assert (
        "sem tamanho" not in out and "Multilingual E5 Small (modelo de embeddings, 118M parâmetros" in out
    ), out


@pytest.mark.parametrize(
    ("question", "start"),
    [
        # a Brazilian pricing in euros is still answered in Brazil's Portuguese: the currency is no variety's word
        ("orçamento de 500 mil euros para treinar o llama 8b", "Entendi:"),
        ("quanto custa o llama 8b para 20 usuários, em euros?", "Entendi:"),
        ("vocês cobram em euros? llama 3.1 70b pra 50 usuários", "Entendi:"),
        # Portugal's own words still make Portugal's Portuguese, euros or not
        ("orçamento de 500 mil euros para afinar o llama 8b", "Percebi:"),
        ("llama 8b para 50 utilizadores, preço em euros", "Percebi:"),
    ],
)
def test_euros_alone_do_not_make_portugal_s_portuguese(ask, question, start):
    assert ask(question).startswith(start)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("afinar o mistral 7b com lora, 30 mil exemplos, orçamento de 5 mil euros", "pt-PT"),  # 1,25 hours
        (
            "fine-tuning lora do llama 3.1 8b com 50 mil exemplos de 1000 tokens, 3 épocas, quanto custa?",
            "pt-BR",
        ),
        ("DPO do llama 3.1 8b com 20 mil pares, quanto custa", "pt-BR"),
        ("pretrain a 3b model on 300B tokens, how long and how much on H100s?", "en"),
    ],
)
def test_the_gpu_hours_said_times_their_price_give_the_cost_said(ask, question, lang):
    # "1,3 GPU-horas a 20,00 R$" beside a cost of 25,00 R$ (1,25 hours): 1,3 × 20 is 26
    out = ask(question).replace("\u00a0", " ")
    said = re.search(
        r"(?:Custo do projeto|Project cost): (?:R\$ |BRL )?([\d., ]+?)(?: R\$)? \(([\d.,]+) (?:GPU-horas?|GPU-hours?)"
        r" (?:a|at) (?:R\$ |BRL )?([\d.,]+)",
        out,
    )
    assert said, out
    total, hours, price = (number(x.replace(" ", ""), lang) for x in said.groups())
    assert abs(hours * price - total) <= 0.01 * total, said[0]


def test_a_loads_capacity_counts_conversations_as_its_header_does(ask):
    # "memória para 21 conversas em andamento" above "Capacidade: até 36 usuários ..., ou 21 usuários"
    out = ask("qwen3 30b a3b para chatbot com 1 milhão de mensagens por mês, custo mensal")
    capacity = _line(out, "Capacidade:")
    assert "usuários" not in capacity and re.search(r"ou 21 conversas com até", capacity), capacity
    assert "memória para 21 conversas em andamento" in out


@pytest.mark.parametrize(
    ("question", "lang"),
    [("whisper large v3 com 2000 horas de áudio por dia, quanto custa?", "pt-BR"),
     ("whisper large v3 with 100 hours of audio an hour", "en")],
)  # fmt: skip
def test_speech_alone_at_its_peak_is_held_to_the_plan_s_ceiling_as_beside_an_llm(ask, question, lang):
    # "5× L40 48 GB (92% da capacidade estimada em uso no pico)" alone, where beside an LLM the same audio is
    # held to the plan's 70%
    line = _line(ask(question), "Volume:")
    busy = re.search(r"\((\d+)% (?:da capacidade|of the estimated)", line)
    assert busy and int(busy[1]) <= 70, line
    assert "70%" in line, line


def test_a_batch_s_header_says_the_conversations_its_load_keeps(ask):
    out = ask("qwen2.5 7b para classificar 5 milhões de textos em 24 horas, custo")
    header = out.split("\n\n")[1]
    assert "usuários simultâneos" not in header and "memória para 39 conversas em andamento" in header, header
    # and its alternatives count conversations too
    assert "cabem então até 9.830 conversas" in out, out


def test_a_corpus_one_gpu_finishes_in_time_is_said_in_the_singular(ask):
    out = ask("bge-m3 para indexar 10 milhões de documentos de 3 páginas em 48 horas, preço")
    assert "Para terminar em 48 h: 1× L40S 48 GB basta" in out and "cada uma com sua parte" not in out, out


def test_slack_s_answer_recommends_and_prices_the_setup_the_speech_needs(tmp_path, monkeypatch):
    # the /gpu reply (signed request, Bolt's dispatch, Block Kit checked) shows the repeated setup and its price
    from tests.data_folders import priced_slash

    text, rows = priced_slash(
        tmp_path, monkeypatch, PRICES, "llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço"
    )
    assert "2× L40 48 GB" in text and "R$ 14,00 por hora" in text, text
    assert "Recomendo 2×" not in text and len(rows) == 1


def test_a_shared_channel_is_told_which_costs_less_never_the_amounts(priced, slack):
    # "Why: 1× L40S 48 GB more costs BRL 9.50 an hour, less than 1× A100 ... (BRL 9.50 an hour)" had reached an
    # external user in a shared channel, where prices are the sales team's to send
    from tests.slack_harness import text_of

    q = "llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço"
    staff = text_of(slack.command(q)["blocks"])
    assert "2× L40S 48 GB" in staff and "R$ 19,00 por hora" in staff, staff
    external = slack.command(q, channel_id="CEXT0001", user_id="UEXT0001")
    shown = text_of(external["blocks"])
    assert "2× L40S 48 GB" in shown and "costs less an hour than 1× A100 SXM 80 GB" in shown, shown
    # (its "Prices: the sales team sends them" line is the product's own)
    for word in ("R$", "BRL", "9.50", "9,50", "19.00", "19,00"):
        assert word not in shown and word not in external["text"], word


def test_speech_apart_as_the_notes_recommend_is_priced_for_staff_only(priced, slack):
    # the notes recommend the speech on GPUs of its own and say which costs less; staff see what it costs
    from tests.slack_harness import text_of

    q = "llama 3.3 70b + whisper large-v3 com 2000 horas de áudio por dia e 100 usuários, preço"
    staff = text_of(slack.command(q)["blocks"])
    assert "Recomendo GPU à parte para a fala" in staff, staff
    priced_line = re.search(
        r"Fala em GPUs à parte, como as observações recomendam: (\d+)× ([^,]+?) só para", staff
    )
    assert priced_line and "R$" in staff.split("Fala em GPUs à parte")[1].split("\n")[0], staff
    external = slack.command(q, channel_id="CEXT0001", user_id="UEXT0001")
    shown = text_of(external["blocks"])
    assert "GPUs of its own" in shown or "à parte" in shown, shown
    assert "R$" not in shown and "BRL" not in shown, shown
