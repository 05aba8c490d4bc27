""" "Quais GPUs vocês têm?", "tabela de preços", "/gpu preços": a question for what we rent, with no model,
gets the offering's GPUs, their machines, contract modes and prices per GPU-hour (sizing/fits.py offered),
where it had been "Não entendi" or "Faltou dizer o modelo"."""

from __future__ import annotations

import json

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import load_catalog
from sizing.query import QueryError, parse

from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def _key(text: str) -> str:
    with pytest.raises(QueryError) as e:
        parse(text)
    return e.value.key


@pytest.mark.parametrize(
    "text",
    [
        "quais gpus vocês têm?",
        "Quais as GPUs disponíveis hoje?",
        "tabela de preços",
        "preços",
        "/gpu precos",
        "quanto custa por hora?",
        "which GPUs do you offer?",
        "what GPUs do you have available and what's the pricing?",
        "Qual é o preçário das GPUs?",  # pt-PT
        "gpus",
        # The contract modes asked about, with nothing to size: the list explains them ("Não entendi o pedido").
        "qual a diferença entre sob demanda e reservado?",
        "reserved vs on-demand?",
        "o que é reservado?",
    ],
)
def test_a_question_for_the_offering_is_answered_with_it(text):
    assert _key(text) == "query.offering"


@pytest.mark.parametrize(
    "text, key",
    [
        # the GPUs a workload needs, with no model chosen: the suggested models sized for it (they had been
        # asked for the model)
        ("quais gpus preciso para 50 usuários?", "query.suggest_models"),
        ("quais gpus vocês têm para fine-tuning?", "query.suggest_models"),
        ("which GPUs do I need for 200 concurrent users?", "query.suggest_models"),
        # bare numbers still ask for the model
        ("4bit 32k 10 users", "query.no_model"),
        # a GPU named: what fits on it, with its own price
        ("tem H100 disponível? quanto custa por hora?", "query.what_fits"),
    ],
)
def test_a_workload_or_a_gpu_is_not_the_offerings_list(text, key):
    assert _key(text) == key


def test_a_model_named_beside_the_words_is_sized():
    assert parse("quais gpus vocês têm? quero rodar o llama 70b").workload.model == "llama-3.1-70b"


def test_the_list_names_every_gpu_we_rent_with_its_machines(capsys):
    assert gpu_size(["quais gpus vocês têm?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("GPUs que alugamos\n")
    for offer in load_catalog().offering.offer:
        gpu = load_catalog().gpu(offer.gpu)
        assert f"• {gpu.name}: máquinas de 1, 2, 4 e 8 GPUs, até 4 máquinas por serviço (32 GPUs)" in out
    assert "Sob demanda: para testar e avaliar" in out and "Pacote por projeto:" in out
    assert "Sem preços configurados" in out  # none in the shipped offering
    assert "Disponibilidade" not in out  # not asked


def test_prices_per_gpu_hour_and_month_for_staff(tmp_path, monkeypatch, capsys):
    from tests.data_folders import priced_copy

    prices = {"h100-sxm": "{ reserved = 14.0, on_demand = 20.0 }", "l40s": "{ on_demand = 9.5 }"}
    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()
    try:
        assert gpu_size(["what are your GPU prices? anything available this week?"]) == 0
        out = capsys.readouterr().out
        # 20.00 an hour x 730 hours = 14,600 a month; modes in the order a customer meets them
        assert (
            "Per GPU: on demand: BRL 20.00/h, BRL 14,600/month; reserved: BRL 14.00/h, BRL 10,220/month."
            in out
        )
        assert (
            "• L40S 48 GB: machines of 1, 2, 4 and 8 GPUs, up to 4 machines per service (32 GPUs). Per GPU: on demand: BRL 9.50/h"
            in out
        )
        assert (
            "• H200 SXM 141 GB: machines of 1, 2, 4 and 8 GPUs, up to 4 machines per service (32 GPUs)\n"
            in out
        )
        assert "A month of continuous service counts 730 hours." in out
        assert "Availability: I do not see stock in real time" in out
        # Portuguese answers write reais as people there do; English ones keep the ISO code (above)
        assert gpu_size(["quais gpus vocês têm e quanto custa a hora?"]) == 0
        assert "sob demanda: R$ 20,00/h, R$ 14.600/mês; reservada: R$ 14,00/h" in capsys.readouterr().out
        assert gpu_size(["--lang", "pt-PT", "que GPUs têm e quanto custa a hora?"]) == 0
        assert "20,00\u00a0R$/h" in capsys.readouterr().out  # CLDR pt-PT: the symbol after the amount
        assert gpu_size(["--json", "tabela de preços"]) == 0
        [gpu] = [g for g in json.loads(capsys.readouterr().out)["offering"]["gpus"] if g["gpu"] == "h100-sxm"]
        assert gpu["price_per_gpu_hour"] == {"reserved": 14.0, "on_demand": 20.0}
    finally:
        load_catalog.cache_clear()


def test_slack_answers_it_and_a_customer_is_sent_to_sales_for_prices(priced, slack):
    reply = slack.command("quais gpus vocês têm e quanto custa a hora?")
    _valid(reply["blocks"])
    text = _text(reply["blocks"])
    assert "GPUs que alugamos" in text and "R$ 9,50/h" in text  # staff see the prices
    [row] = slack.rows()
    assert (row["outcome"], row["error_key"]) == ("answered", None)


def test_a_customer_in_a_shared_channel_gets_the_list_without_prices(priced, tmp_path):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("which GPUs do you have?", Where("slash_command", channel_shared=True))
    _valid(reply.message.blocks)
    text = _text(reply.message.blocks)
    assert "H200 SXM 141 GB" in text and "BRL" not in text and "the sales team sends them" in text
    pipeline.log.close()


def test_availability_asked_about_a_gpu_says_who_confirms_it(capsys):
    assert gpu_size(["tem H100 disponível?"]) == 0
    out = capsys.readouterr().out
    assert "O que cabe em 1× H100 SXM 80 GB" in out
    assert "não vejo o estoque em tempo real; o time comercial confirma" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "vocês conseguem disponibilizar 8 h100?",
            "não vejo o estoque em tempo real; o time comercial confirma",
        ),
        # Beside a model, in Portugal's words ("disponibilizar" had been listed as not understood).
        (
            "A nossa equipa de I&D quer testar o Qwen3 32B durante duas semanas. Conseguem disponibilizar?",
            "não vejo o stock em tempo real; a equipa comercial confirma",
        ),
    ],
)
def test_asking_whether_we_can_provide_gpus_says_who_confirms_it(capsys, text, said):
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert said in out and "disponibilizar" not in out.split("\n\n")[0]


def test_asked_in_european_portuguese_it_answers_so(capsys):
    assert gpu_size(["Qual é o preçário das GPUs que têm?"]) == 0
    out = capsys.readouterr().out
    assert "Modalidades de contrato:" in out and "A pedido: para testar e avaliar" in out


def test_a_long_priced_offering_is_split_into_sections_slack_accepts(tmp_path, monkeypatch):
    # An operator offering every catalogue GPU, each priced in every mode, runs past one section's 3,000
    # characters: the answer must still be valid Block Kit, every GPU listed.
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where
    from tests.data_folders import data_copy

    data = data_copy(tmp_path)
    gpus = [g for g in load_catalog().gpus if not g.laptop]
    catalog_gpus = [g.id for g in gpus]
    prices = "{ on_demand = 12.34, project_package = 11.11, dedicated = 10.10, reserved = 9.99 }"
    offers = "".join(
        f'[[offer]]\ngpu = "{g.id}"\nclass = "x"\ncounts = [1, {g.max_per_server}]\nmax_servers = 4\n'
        f'contract_modes = ["on_demand", "project_package", "dedicated", "reserved"]\n'
        f"price_per_gpu_hour = {prices}\n"
        for g in gpus
    )
    offering = data / "offering.toml"
    text = offering.read_text()
    head, _, tail = text.partition("\n[[offer]]\n")  # the first block (the header's comments name it too)
    offering.write_text(head + "\n" + offers + tail[tail.index("\n[leads]") :])
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    try:
        pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
        reply = pipeline.ask("tabela de preços", Where("slash_command"))
        _valid(reply.message.blocks)
        sections = [b for b in reply.message.blocks if b["type"] == "section"]
        assert len(sections) > 1
        shown = _text(reply.message.blocks)
        assert all(load_catalog().gpu(g).name in shown for g in catalog_gpus)
        pipeline.log.close()
    finally:
        load_catalog.cache_clear()


@pytest.fixture
def priced_modes(tmp_path, monkeypatch):
    """Every GPU priced in three modes (made-up prices), for the price questions about one GPU."""
    from tests.data_folders import priced_copy

    prices = {None: "{ on_demand = 20.0, reserved = 14.0, dedicated = 16.0 }"}
    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()
    yield
    load_catalog.cache_clear()


# A GPU's price asked as people type it in chat: a how-much word spelt short ("qnto", "qto", "qnt"), a plain
# verb with what the rent is paid by ("tá a hora", "é o mês"), "o custo de", English's "how much for". Each
# had been what fits on the GPU alone, or the price without the contract modes, or nothing priced at all.
PRICE_ASKED = [
    ("quanto custa a hora da h200?", "1× H200 SXM 141 GB", "R$ 20,00/h"),
    ("qnto custa uma h200 por mes?", "1× H200 SXM 141 GB", "R$ 20,00/h"),
    ("qto ta a hora da h100?", "1× H100 SXM 80 GB", "R$ 20,00/h"),
    ("quanto é o mês da h100?", "1× H100 SXM 80 GB", "R$ 14.600/mês"),
    ("qnt fica a diária de 2 h100?", "2× H100 SXM 80 GB", "R$ 40,00/h"),
    ("quanto tá a h100?", "1× H100 SXM 80 GB", "R$ 20,00/h"),
    ("qto tão as 4 h200?", "4× H200 SXM 141 GB", "R$ 80,00/h"),
    ("quanto sai 4 h100 por mês?", "4× H100 SXM 80 GB", "R$ 58.400/mês"),
    ("me ve ai o custo de 2 h100", "2× H100 SXM 80 GB", "R$ 40,00/h"),
    # "é" with a card's own name after its article, or after what the rent is paid by (it had been what fits
    # on the GPU alone)
    ("quanto é a h100?", "1× H100 SXM 80 GB", "R$ 20,00/h"),
    ("quanto é uma h200 por mês?", "1× H200 SXM 141 GB", "R$ 14.600/mês"),
    ("e a hora da l40s, quanto é?", "1× L40S 48 GB", "R$ 20,00/h"),
    ("quanto são as 4 h200?", "4× H200 SXM 141 GB", "R$ 80,00/h"),
    ("o mês de 2 h100, quanto é?", "2× H100 SXM 80 GB", "R$ 29.200/mês"),
    ("how much for an h200 per month?", "1× H200 SXM 141 GB", "BRL 14,600/month"),
    ("what's the hourly rate for 2 h100?", "2× H100 SXM 80 GB", "BRL 40.00/h"),
]


@pytest.mark.parametrize(("text", "setup", "price"), PRICE_ASKED)
def test_a_gpus_price_asked_in_chat_gets_its_modes_and_price(priced_modes, capsys, text, setup, price):
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    english = text.startswith(("how", "what"))
    assert ("Contract modes:" if english else "Modos de contrato:") in out
    assert ("Price of " if english else "Preço de ") + setup in out
    assert price in out


@pytest.mark.parametrize(
    "text", ["quanto é a latência da h100?", "qual o maior modelo que cabe na h100 e quanto é a memória?"]
)
def test_how_much_is_asks_no_price_of_anything_but_a_card(priced_modes, capsys, text):
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert "O que cabe em 1× H100 SXM 80 GB" in out and "Modos de contrato:" not in out


@pytest.mark.parametrize(
    ("text", "totals"),
    [("me ve ai o custo de 2 h100 por 3 meses reservado", ["Por 3 meses (reservada): R$ 61.320."]),
     # no mode said: each mode a service is rented in, not a project's; a year's service leads with reserved
     # capacity, as its sizing's contract line picks it (sizing/plan.py contract_mode)
     ("quanto custa 2 h100 por 12 meses?",
      ["Por 12 meses (reservada): R$ 245.280.", "Por 12 meses (sob demanda): R$ 350.400.",
       "Por 12 meses (dedicada): R$ 280.320."]),
     ("how much for 1 h200 for 6 months, dedicated?", ["For 6 months (dedicated): BRL 70,080."])],
)  # fmt: skip
def test_a_term_asked_with_a_gpus_price_adds_its_total(priced_modes, capsys, text, totals):
    # 2 × R$ 14/h × 730 h × 3 months = R$ 61.320, as a model's answer totals a term (sizing/advice.py)
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.startswith(("Por ", "For 6"))] == totals


def test_gpus_rented_for_a_training_total_the_project_package_first(tmp_path, monkeypatch, capsys):
    # the term of GPUs rented for a training is the training's: its per-project package is priced and totalled
    # first (it had been left out, the modes led by on demand); 8 × R$ 12/h × 730 h × 14/30 months = R$ 32.704
    from tests.data_folders import priced_copy

    prices = {None: "{ on_demand = 20.0, project_package = 12.0, reserved = 14.0, dedicated = 16.0 }"}
    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()
    try:
        assert gpu_size(["quanto custa 8 h100 por 2 semanas pra um treino"]) == 0
    finally:
        load_catalog.cache_clear()
    lines = capsys.readouterr().out.splitlines()
    totals = [line for line in lines if line.startswith("Por 14 dias (")]
    assert totals[0] == "Por 14 dias (pacote por projeto): R$ 32.704."
    assert any(line.startswith("Por 14 dias (sob demanda)") for line in totals)
    assert lines[lines.index("Modos de contrato:") + 1].startswith("   Pacote por projeto")


def test_a_gpus_price_in_chat_without_prices_still_explains_the_modes(capsys):
    # no prices configured (the shipped offering): the modes and the line saying none are set
    for text in ("qnto custa uma h200 por mes?", "qto ta a hora da h100?"):
        assert gpu_size([text]) == 0
        out = capsys.readouterr().out
        assert "Modos de contrato:" in out and "Sem preços configurados" in out
        assert not [line for line in out.splitlines() if line.startswith("Por ")]


@pytest.mark.parametrize(
    "text",
    [
        "quanto tá a latência do llama 70b numa h100?",
        "quanto está a memória do qwen3 32b?",
        "qto ta o contexto do llama 3.1 8b?",
    ],
)
def test_how_much_a_thing_that_is_no_gpu_is_asks_no_price(text):
    # "quanto tá a <GPU>?" asks its price; "quanto tá a latência?" had been read as a cost question too.
    assert not parse(text).workload.cost


def test_on_demand_is_worded_as_brazilians_say_it(capsys):
    # pt-BR had read "paga-se só o que se usa e desliga-se", Portugal's clitics.
    assert gpu_size(["qto ta a hora da h100?"]) == 0
    out = capsys.readouterr().out
    assert "você paga só o que usar e desliga quando acabar" in out and "paga-se" not in out


@pytest.mark.parametrize(
    ("text", "title", "term"),
    [
        ("tem contrato anual com desconto? quanto sai 4 h100 por 12 meses", "Quanto custa 4× H100 SXM 80 GB por 12 meses",
         "Por 12 meses, o total é o preço por hora × 730 horas por mês × 12 meses"),
        ("do you have yearly contracts? how much for 2 h200 for 6 months", "What 2× H200 SXM 141 GB costs for 6 months",
         "For 6 months, the total is the hourly price × 730 hours a month × 6 months"),
        ("quanto fica alugar 8 a100 durante 3 meses? há desconto?", "Quanto custa 8× A100 SXM 80 GB por 3 meses",
         "Por 3 meses, o total é o preço por hora × 730 horas por mês × 3 meses"),
    ],
)  # fmt: skip
def test_a_gpus_price_for_a_term_leads_the_answer_and_the_term_is_not_passed_over(capsys, text, title, term):
    # "quanto sai 4 h100 por 12 meses" had been answered "O que cabe em 4× H100", the price (none configured)
    # at the end and the 12 months not said at all.
    assert gpu_size([text]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == title
    body = [line for line in lines[1:] if line]
    assert body[0].startswith(("Sem preços configurados", "No prices configured"))
    assert body[1].startswith(term)
    fits = next(i for i, line in enumerate(body) if line.startswith(("E o que cabe", "And what fits")))
    assert fits > 1


def test_a_priced_gpus_term_total_comes_before_what_fits(priced_modes, capsys):
    assert gpu_size(["quanto sai 4 h100 por 12 meses"]) == 0
    out = capsys.readouterr().out
    assert out.index("Por 12 meses (reservada)") < out.index("E o que cabe em 4× H100 SXM 80 GB:")


# A contract mode's meaning asked with nothing to size: what it is for and binds the customer to, answered from
# offering.toml (it had been the list of every GPU, with no line about the mode asked).
@pytest.mark.parametrize(
    ("args", "said", "unsaid"),
    [
        (["o que é modo dedicado?"], "• Dedicada: produção num servidor inteiro", "Reservada:"),
        (
            ["modo dedicado vs sob demanda"],
            "Compromisso: nenhum; cada hora de GPU usada é cobrada",
            "Reservada:",
        ),
        (
            ["qual a diferença entre reservado e dedicado?"],
            "cada mês é cobrado inteiro, em uso ou não",
            "Sob demanda:",
        ),
        (["what is reserved capacity?"], "Commitment: the GPUs are reserved for a term", "On demand:"),
        (["--lang", "pt-PT", "o que é o modo reservado?"], "Modalidades de contrato", "Dedicada:"),
        (["o que é a modalidade a pedido?"], "• Sob demanda: para testar e avaliar", "Dedicada:"),
    ],
)
def test_a_contract_modes_meaning_is_answered_with_what_it_binds(capsys, args, said, unsaid):
    assert gpu_size(args) == 0
    out = capsys.readouterr().out
    assert said in out and unsaid not in out
    assert "L40S 48 GB: " not in out  # not the list of machines
    assert "`/gpu llama 3.1 70b 4bit 32k 10 " in out  # how to ask for a sizing, last


def test_a_contract_modes_answer_sets_one_gpus_prices_side_by_side_for_staff(tmp_path, monkeypatch, capsys):
    from tests.data_folders import priced_copy

    prices = {
        "l40s": "{ on_demand = 9.5 }",
        "h100-sxm": "{ on_demand = 20.0, reserved = 14.0, dedicated = 12.0 }",
    }
    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, prices)))
    load_catalog.cache_clear()
    try:
        # the first GPU priced in both modes asked: 14.00 x 730 hours = 10,220 a month
        assert gpu_size(["qual a diferença entre reservado e dedicado?"]) == 0
        out = capsys.readouterr().out
        assert (
            "Por exemplo, por GPU H100 SXM 80 GB: sob demanda: R$ 20,00/h, R$ 14.600/mês; reservada: R$ 14,00/h"
            in out
        )
        assert "dedicada: R$ 12,00/h, R$ 8.760/mês." in out
        assert gpu_size(["what is dedicated mode?"]) == 0
        assert "For example, per H100 SXM 80 GB GPU: on demand: BRL 20.00/h" in capsys.readouterr().out
    finally:
        load_catalog.cache_clear()


def test_a_customer_asking_a_contract_mode_gets_no_price_and_is_sent_to_sales(priced, tmp_path):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("o que é modo dedicado?", Where("slash_command", channel_shared=True))
    _valid(reply.message.blocks)
    text = _text(reply.message.blocks)
    assert "Compromisso: servidores inteiros por um prazo" in text
    assert "R$" not in text and "o time comercial envia com a proposta" in text
    pipeline.log.close()
