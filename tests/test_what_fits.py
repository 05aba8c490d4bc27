""" "Qual o maior modelo que cabe numa H100?": GPUs named with no model get the largest catalogue models that
setup holds at each precision (sizing/fits.py), where this had been refused as a missing model."""

from __future__ import annotations

import json

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.fits import PRECISIONS, _not_published_in, _published_elsewhere, what_fits
from sizing.query import QueryError, parse
from sizing.workload import Workload

from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def _given(text: str) -> dict:
    with pytest.raises(QueryError) as e:
        parse(text)
    assert e.value.key == "query.what_fits"
    return e.value.given


@pytest.mark.parametrize(
    "text",
    [
        "qual o maior modelo que cabe numa H100?",
        "what can I run on 2x L40S with 20 users?",
        "o que dá pra rodar numa 4090 com 16k de contexto?",
        "o que dá pra treinar com qlora numa 4090?",
    ],
)
def test_every_model_listed_fits_there_and_the_next_larger_does_not(text):
    """Each model named is one the full answer, asked about it on those GPUs, says fits; the reference
    model just above the largest named does not: the list is the largest, not merely some that fit."""
    catalog = load_catalog()
    given = _given(text)
    fits = what_fits(given, catalog)
    assert fits.by_precision
    if given.get("context") is None and given.get("reasoning") is None:
        # the list states one context for every model, a model that always reasons included (gpt-oss)
        given = {**given, "reasoning": "off"}
    references = sorted((m for m in catalog.models if m.size_reference), key=lambda m: m.params)
    for row in fits.by_precision:
        assert row.models, row
        for m in row.models:
            result = size(Workload.given({**given, "model": m.model_id, "precision": row.precision}), catalog)
            assert result.requested.fits, (m.name, row.precision)
        largest = row.models[0]
        # A model not published in the row's format (gpt-oss at AWQ or NVFP4) is left out of it, fitting or not.
        precision = catalog.precision(row.precision)
        above = [
            m
            for m in references
            if m.params > largest.params * 1.05
            and not _not_published_in(m, precision, catalog)
            # nor is a model published only in another format (gpt-oss at BF16), and a format's own row holds
            # only its models
            and not _published_elsewhere(m, row.precision, catalog)
            and (row.precision in PRECISIONS or m.native_precision == row.precision)
        ]
        for bigger in above[:1]:
            try:
                result = size(
                    Workload.given({**given, "model": bigger.id, "precision": row.precision}), catalog
                )
            except SizingError:
                continue  # a context beyond its window: not askable there
            assert not result.requested.fits, (bigger.name, row.precision)


def test_the_cli_answers_in_words_and_in_json(capsys):
    assert gpu_size(["qual o maior modelo que cabe numa H100?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("O que cabe em 1× H100 SXM 80 GB\n")
    assert "• FP8 (8-bit): Llama 3.1 70B" in out  # 70.6B at 8 bits: the 80 GB card's classic
    assert "• BF16/FP16 (16-bit): Qwen3 32B" in out
    assert "`/gpu mixtral 8x22b int4 h100 sxm 80 gb`" in out  # the question to ask next, as it would work
    assert gpu_size(["what can I run on an L40S?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["what_fits"]
    assert (data["gpu"], data["count"], data["users"], data["context"]) == ("l40s", 1, 1, 4096)
    # gpt-oss's own format has its row, before the 4-bit one (models.toml native_precision)
    assert [row["precision"] for row in data["by_precision"]] == ["bf16", "fp8", "mxfp4", "int4"]


def test_training_lists_what_trains_there_with_the_methods_precision(capsys):
    assert gpu_size(["what can I fine-tune with qlora on a 4090?"]) == 0
    out = capsys.readouterr().out
    assert "For QLoRA fine-tuning, with sequences of 2,048 tokens" in out
    assert "• NF4 (bitsandbytes): " in out and "BF16" not in out


def test_a_laptops_memory_and_a_gpu_that_cannot_run_fp8(capsys):
    assert gpu_size(["o que roda no meu notebook com 16gb?"]) == 0
    assert "O que cabe em 1× GPU de 16 GB (notebook)" in capsys.readouterr().out
    assert gpu_size(["o que cabe numa t4?"]) == 0
    out = capsys.readouterr().out
    assert "• INT8 (8-bit)" in out and "FP8" not in out  # FP8 needs compute capability 8.0; the T4 has 7.5


def test_slack_answers_it_as_an_answer_and_logs_it(slack):
    reply = slack.command("que modelo cabe em 2 l40s com 20 usuários?")
    _valid(reply["blocks"])
    text = _text(reply["blocks"])
    assert "O que cabe em 2× L40S 48 GB" in text and "20 usuários simultâneos" in text
    [row] = slack.rows()
    assert (row["outcome"], row["error_key"]) == ("answered", None)


def test_two_gpus_weighed_with_no_model_get_both_and_how_to_ask_with_a_model(capsys):
    # They had been "Faltou dizer o modelo"; tests/test_gpu_comparison.py checks the figures.
    assert gpu_size(["h100 ou h200?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1× H100 SXM 80 GB e 1× H200 SXM 141 GB: a comparação\n")
    assert "pergunte com eles (`/gpu llama 3.1 70b fp8 1x h100 sxm 80 gb ou 1x h200 sxm 141 gb`)" in out


# -- "qual modelo vocês recomendam?": the suggestions of models.toml, sized ---------------------------------


def test_asked_which_model_the_suggestions_are_sized_as_their_full_answers_would_be(capsys):
    text = "preciso de um modelo pra chatbot de atendimento com 200 atendentes simultâneos, qual vocês recomendam?"
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Modelos sugeridos para esta carga\n")
    assert "200 usuários simultâneos" in out
    catalog = load_catalog()
    with pytest.raises(QueryError) as e:
        parse(text)
    for model_id in catalog.suggestions["default"]:
        rec = size(Workload.given({**e.value.given, "model": model_id}), catalog).recommendation
        assert f"• {catalog.model(model_id).name} em BF16/FP16 (16-bit): {rec.count}× {rec.gpu_name}" in out


@pytest.mark.parametrize(
    "text",
    [
        "qual modelo para resumir documentos de 300 páginas?",
        "resumir processos jurídicos de até 300 páginas, uns 2 mil por mês. Qual modelo e GPU?",
    ],
)
def test_a_context_past_every_suggestion_gets_models_that_read_it(text, capsys):
    # "Faltou dizer o modelo" had answered: 300 pages (~225,000 tokens) are past the usual suggestions'
    # windows, and "uns 2 mil por mês" had been read as a 2,000-token context.
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    catalog = load_catalog()
    assert out.startswith("Modelos sugeridos para esta carga\n")
    usual = [catalog.model(m).name for m in catalog.suggestions["default"]]
    # 225,000 tokens read and a summary of 2,000 (a tenth of the text, at most traffic.toml's long answer)
    assert f"Os sugeridos de costume ({usual[0]}, {usual[1]} e {usual[2]}) não leem 227.000 tokens" in out
    for model_id in catalog.suggestions["long_context"]:
        model = catalog.model(model_id)
        assert f"• {model.name} em " in out and model.context_limit >= 227_000
    if "por mês" in text:
        assert parse_workload_of(text)["requests_per_month"] == 2000


def parse_workload_of(text: str) -> dict:
    with pytest.raises(QueryError) as e:
        parse(text)
    return e.value.given


@pytest.mark.parametrize(
    "text",
    [
        "preciso de um modelo pequeno pra classificar tickets, uns 2 mil por dia",
        "we need a small model to classify 5k tickets a day",
    ],
)
def test_a_model_asked_for_by_its_size_gets_the_suggestions(text, capsys):
    # "preciso de um modelo pequeno" had been refused: no model named.
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Modelos sugeridos para esta carga\n") or out.startswith("Suggested models")
    assert "classifica" in out or "classification" in out  # the task was read


@pytest.mark.parametrize(
    ("text", "said", "example"),
    [
        (
            "que modelo vocês recomendam para treinar?",
            "treino do zero / pré-treino contínuo com sequências de",
            "pretrain",
        ),
        (
            "which model do you recommend to fine-tune with lora?",
            "LoRA fine-tuning with sequences of",
            "lora",
        ),
    ],
)
def test_suggestions_for_training_are_sized_for_it_and_never_fail(text, said, example, tmp_path):
    # "que modelo vocês recomendam para treinar?" had failed with a traceback: no conversations to count.
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(text, Where("slash_command", user_id="U1"))
    pipeline.log.close()
    assert reply.outcome == "answered"
    _valid(reply.message.blocks)
    assert said in reply.text_answer
    assert f"{example}`." in reply.text_answer  # the example asked alone is answered for that stage


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Queremos um chatbot para o SAC com 50 pessoas usando ao mesmo tempo, latência de até 1 segundo",
            "para atendimento e chat, dimensionados para 4.096 tokens de contexto e 50 usuários simultâneos, "
            "com primeiro token em até 1,0 s e pelo menos 10 tokens/s por usuário:",
        ),
        (
            "assistente de código para 30 devs com 32k de contexto",
            "para geração de código, dimensionados para 32.768",
        ),
        (
            "RAG for our support team, 200 requests per minute",
            "a peak load of 3.3 requests/s, with the first token",
        ),
    ],
)
def test_a_use_described_with_no_model_gets_the_suggestions_for_it(text, said, capsys):
    # A customer who describes the use and has not chosen a model had been told only "Faltou dizer o modelo".
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert out.count("\n• ") == 3


@pytest.mark.parametrize(
    "text",
    ["4bit 32k 10 users", "quantas GPUs para 10 usuários?", "chatbot com gpt-7", "chatbot com o zabumba"],
)
def test_numbers_with_no_use_or_an_unknown_name_still_ask_for_the_model(text):
    # A sales rep who forgot the model, or a name we do not know, is asked for it, not given a list.
    with pytest.raises(SizingError) as e:
        parse(text)
    assert e.value.key in ("query.no_model", "unknown_model")


def test_the_suggestions_follow_the_task_and_the_data_file(capsys, tmp_path, monkeypatch):
    assert gpu_size(["which model would you recommend for a coding assistant?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["suggested_models"]
    assert data["task"] == "code"
    assert [m["model_id"] for m in data["models"]] == load_catalog().suggestions["code"]
    from .data_folders import data_copy

    folder = data_copy(tmp_path)
    models = folder / "models.toml"
    models.write_text(models.read_text().replace('default = ["qwen3-8b", ', 'default = ["gemma-3-27b", ', 1))
    monkeypatch.setenv("GPU_SIZER_DATA", str(folder))
    load_catalog.cache_clear()
    try:
        assert gpu_size(["qual modelo vocês recomendam para 10 usuários?"]) == 0
    finally:
        load_catalog.cache_clear()
    assert "• Gemma 3 27B em" in capsys.readouterr().out


def test_a_model_named_beside_the_words_is_answered_as_usual(capsys):
    assert gpu_size(["vocês recomendam o llama 3.1 8b para 10 usuários?"]) == 0
    assert capsys.readouterr().out.startswith("Entendi: Llama 3.1 8B · 10 usuários simultâneos")


def test_slack_answers_the_suggestions(slack):
    reply = slack.command("qual modelo vocês sugerem para RAG com 50 usuários?")
    _valid(reply["blocks"])
    assert "Modelos sugeridos para esta carga" in _text(reply["blocks"])
    assert slack.rows()[0]["outcome"] == "answered"


def test_a_load_asked_for_is_said_not_to_be_in_the_list(capsys):
    """The list judges memory: a rate or a head-count needs GPUs that depend on the model, and the answer
    says so instead of presenting the list as sized for that load."""
    assert gpu_size(["o que cabe numa h100 com 200 requisições por minuto?"]) == 0
    assert "A carga pedida não entra nesta lista" in capsys.readouterr().out
    assert gpu_size(["o que cabe numa h100 com 10 usuários?"]) == 0
    assert "A carga pedida" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # "Do you have B200s?" had listed what fits without saying that we do not rent it.
        ("vocês têm b200?", "Não alugamos B200 180 GB; alugamos L40S 48 GB, L40 48 GB, A100 SXM 80 GB"),
        ("do you have A100 40GB?", "We do not rent A100 SXM 40 GB; we rent L40S 48 GB"),
        ("o que cabe numa h100?", "Alugamos H100 SXM 80 GB em máquinas de 1, 2, 4 e 8 GPUs, até 4 máquinas"),
    ],
)
def test_what_fits_says_whether_we_rent_the_gpu(capsys, question, said):
    assert gpu_size([question]) == 0
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # Asked whether we rent it, the yes or no had come at the end, after the list of what fits on it.
        ("vocês tem h100?", "Sim. Alugamos H100 SXM 80 GB em máquinas de 1, 2, 4 e 8 GPUs"),
        ("vcs alugam l40s?", "Sim. Alugamos L40S 48 GB em máquinas de 1, 2, 4 e 8 GPUs"),
        ("vocês dispõem de h200?", "Sim. Alugamos H200 SXM 141 GB"),
        # not rented: the nearest we rent, the smallest with at least its memory, else the largest
        (
            "tem rtx 4090 pra alugar?",
            "Não alugamos RTX 4090 24 GB; alugamos L40S 48 GB, L40 48 GB, A100 SXM 80 GB, "
            "H100 SXM 80 GB e H200 SXM 141 GB, e a mais próxima dela é a L40S 48 GB. A lista abaixo vale para quem "
            "tem a RTX 4090 24 GB.",
        ),
        (
            "do you have b200?",
            "We do not rent B200 180 GB; we rent L40S 48 GB, L40 48 GB, A100 SXM 80 GB, H100 SXM "
            "80 GB and H200 SXM 141 GB, and the nearest to it is the H200 SXM 141 GB.",
        ),
    ],
)
def test_asked_whether_we_rent_a_gpu_the_answer_says_it_first(capsys, question, first):
    assert gpu_size([question]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines[1].startswith(first)  # right under the title
    said = ("Sim.", "Alugamos", "Não alugamos", "Yes.", "We rent", "We do not rent")
    assert sum(line.startswith(said) for line in lines) == 1  # said once, not again at the end


def test_a_question_about_the_gpus_link_keeps_its_answer_first(capsys):
    assert gpu_size(["vocês têm nvlink nas h100?"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines[1].startswith("A H100 SXM 80 GB se liga às outras GPUs da mesma máquina por NVLink")
    assert any(line.startswith("Alugamos H100 SXM 80 GB") for line in lines[2:])


@pytest.mark.parametrize(
    ("question", "first"),
    [
        (
            "quanto tempo leva pra subir uma máquina com 2 h200?",
            "O prazo para entregar as máquinas depende do estoque",
        ),
        (
            "how long to spin up a machine with 8 h100?",
            "How soon the machines are delivered depends on stock",
        ),
        ("lead time for 8 h100?", "How soon the machines are delivered depends on stock"),
    ],
)
def test_how_soon_a_gpu_is_delivered_is_said_first(capsys, question, first):
    # It had been passed over: the list of what fits on the GPU, and no word of when.
    assert gpu_size([question]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines[1].startswith(first)


def test_how_soon_a_machine_is_up_asked_alone_is_answered(capsys):
    # "Não entendi o pedido" before
    assert gpu_size(["quanto tempo leva pra subir uma máquina?"]) == 2
    assert "O prazo para entregar as máquinas depende do estoque" in capsys.readouterr().err


def test_the_customers_own_machine_is_no_question_of_renting(capsys):
    assert gpu_size(["o que roda no meu notebook com 16gb?"]) == 0
    out = capsys.readouterr().out
    assert "alugamos" not in out.lower()


@pytest.fixture
def priced(tmp_path, monkeypatch):
    """Made-up hourly prices per H100 in two contract modes (shown to staff, not to customers)."""
    from tests.data_folders import with_prices

    yield from with_prices(tmp_path, monkeypatch, {"h100-sxm": "{ on_demand = 20.0, reserved = 14.0 }"})


def test_the_price_of_the_gpus_named_is_given_when_asked(priced, capsys):
    # "Qual a diferença de preço ... pra 2 H100?" had listed what fits and no price.
    assert gpu_size(["Qual a diferença de preço entre reservado e sob demanda pra 2 H100?"]) == 0
    out = capsys.readouterr().out
    # 2 GPUs x 20.00 an hour = 40.00; x 730 hours = 29,200 a month.
    assert "Preço de 2× H100 SXM 80 GB: sob demanda: R$ 40,00/h, R$ 29.200/mês; reservada: R$ 28,00/h" in out
    assert gpu_size(["o que cabe numa h100?"]) == 0
    assert "Preço de" not in capsys.readouterr().out  # no price asked, none said


def test_without_prices_configured_the_answer_says_so(capsys):
    assert gpu_size(["quanto custa por mês 2 h100?"]) == 0
    assert "Sem preços configurados" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("qual modelo pra atendimento com 50 pessoas e quanto custa por mês?", "Sem preços configurados"),
        (
            "We'd like to self-host an open model for our support bot, 2,000 conversations a day. What would you "
            "suggest and what would it cost?",
            "No prices configured",
        ),
    ],
)
def test_suggestions_asked_their_cost_say_why_no_price_is_shown(capsys, question, said):
    # The cost asked had gone unanswered: three models and no word about money.
    assert gpu_size([question]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(said) for line in lines)
    assert gpu_size(["qual modelo pra atendimento com 50 pessoas?"]) == 0
    assert "Sem preços configurados" not in capsys.readouterr().out  # no cost asked, nothing said


def test_suggestions_asked_their_cost_in_a_shared_channel_are_sent_to_sales(tmp_path):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("qual modelo pra atendimento com 50 pessoas e quanto custa?",
                         Where("slash_command", channel_shared=True))  # fmt: skip
    _valid(reply.message.blocks)
    text = _text(reply.message.blocks)
    assert "Sem preços configurados" not in text and "time comercial" in text


@pytest.mark.parametrize(
    ("question", "note"),
    [
        # The note a sized answer gives had been dropped when no model was named.
        ("chatbot para 50 médicos com dados de saúde de pacientes, qual modelo?",
         "Dados de saúde são dados pessoais sensíveis (LGPD, art. 5º, II)"),
        ("qual modelo pra um banco, dados de cartão de crédito, 100 atendentes?",
         "Dados bancários e de cartão não estão entre os dados sensíveis da LGPD"),
        # a subject asked beside the use is answered too, as beside a sized answer
        ("chatbot pra 50 pessoas, onde ficam os logs?",
         "Os prompts e os logs do serviço que vocês rodam nas GPUs alugadas ficam onde o servidor de inferência"),
        ("quero um assistente interno pra 200 funcionarios, vocês tem DPA?",
         "O acordo de tratamento de dados (DPA), em que vocês são o controlador e nós o operador"),
    ],
)  # fmt: skip
def test_suggestions_say_what_the_law_asks_of_the_data_named(capsys, question, note):
    assert gpu_size([question]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines[0] == "Modelos sugeridos para esta carga" and lines[1].startswith(note)
    assert sum(line.startswith("• ") for line in lines) == 3  # the models still follow


def test_a_customer_in_a_shared_channel_is_sent_to_sales(priced, tmp_path):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("quanto custa 2 h100 por mês?", Where("slash_command", channel_shared=True))
    _valid(reply.message.blocks)
    text = _text(reply.message.blocks)
    assert "R$" not in text and "o time comercial envia com a proposta" in text
    pipeline.log.close()


def test_a_bug_while_writing_a_what_fits_answer_is_a_failed_reply_not_a_traceback(tmp_path, monkeypatch):
    from bot import fits_reply
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    def broken(*args, **kwargs):
        raise TypeError("a bug in the renderer")

    monkeypatch.setattr(fits_reply, "message", broken)
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("o que cabe numa h100?", Where("slash_command", user_id="U1"))
    assert reply.outcome == "failed" and "Traceback" not in reply.text_answer
    assert [row["outcome"] for row in pipeline.log.rows()] == ["failed"]  # and the request is logged
    pipeline.log.close()


@pytest.mark.parametrize(
    "text, said",
    [
        (
            "Um cliente quer migrar da OpenAI para um modelo aberto equivalente ao GPT-4o-mini, para 500 pedidos "
            "por minuto",
            "“GPT-4o-mini” é um modelo fechado",
        ),
        ("we want to replace GPT-4o with an open model for 200 users", "“GPT-4o” is a closed model"),
        # "like"/"tipo": the customer wants one of its kind, not that model (these had been refused whole)
        (
            "quero um chatbot interno tipo chatgpt para 300 funcionários, o que vocês recomendam?",
            "“chatgpt” é um modelo fechado",
        ),
        ("we need something like ChatGPT for 200 employees", "“ChatGPT” is a closed model"),
        ("um assistente parecido com o claude para 50 advogados", "“claude” é um modelo fechado"),
        ("quero algo no nível do gpt-4o mini, 100 req/min", "“gpt-4o mini” é um modelo fechado"),
    ],
)
def test_an_open_model_in_a_closed_ones_place_gets_the_suggestions(text, said, capsys):
    # It had been refused: "é um modelo fechado ... Eu dimensiono modelos abertos".
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert said in out and out.count("\n• ") == 3


def test_a_closed_model_asked_about_alone_is_still_refused(capsys):
    assert gpu_size(["quantas GPUs para o gpt-4o?"]) == 2
    assert "modelo fechado" in capsys.readouterr().err


@pytest.mark.parametrize(
    "question", ["preço por hora de 8 h100", "o que cabe em 8 h200?", "what fits on 4x h100?"]
)
def test_the_example_to_ask_next_reads_back_with_every_word_understood(question, capsys):
    # "/gpu kimi k2 (1t-a32b) int4 8x h100 sxm 80 gb" had been the example: its "a32b" came back not understood.
    assert gpu_size([question]) == 0
    example = capsys.readouterr().out.rsplit("`", 2)[-2].removeprefix("/gpu ")
    query = parse(example)
    assert query.workload is not None and not query.unknown, (example, query.unknown)


def test_every_catalogue_model_has_a_way_to_be_asked_for_that_reads_back_as_it():
    from bot.fits_reply import asked_as

    for model in load_catalog().models:
        typed = asked_as(model.id, model.name)
        query = parse(typed)
        assert query.workload.model == model.id and not query.unknown, (model.id, typed)


def test_a_head_count_asked_of_what_fits_says_the_load_is_not_in_the_list(capsys):
    # "pra 1000 usuários" had been shown as "1 usuário simultâneo" with nothing on the 1,000.
    from tests.gpu_size_run import answer

    out = answer(capsys, "o que eu consigo rodar em 8x H100 pra 1000 usuarios?")
    assert "A carga pedida não entra nesta lista" in out


@pytest.mark.parametrize(
    ("text", "load", "example"),
    [
        ("l40s vs h100 pra 50 req/s", "Para 50 req/s,", "llama 3.1 8b l40s 48 gb ou h100 sxm 80 gb 50 req/s"),
        ("h100 ou h200 pra processar 1 milhão de docs em 2 dias", "Para 1.000.000 documentos em 2 dias,",
         "llama 3.1 8b h100 sxm 80 gb ou h200 sxm 141 gb 1000000 documentos em 2 dias"),
        ("l40s or h100 for 2 million requests per month, 2k token prompts",
         "For 2,000,000 requests per month with prompts of 2,000 tokens,",
         "llama 3.1 8b l40s 48 gb or h100 sxm 80 gb 2000000 requests per month with prompts of 2000 tokens"),
        ("a100 ou h100 para 300 requisições por minuto", "Para 300 req/min,",
         "llama 3.1 8b a100 sxm 80 gb ou h100 sxm 80 gb 300 req/min"),
    ],
)  # fmt: skip
def test_gpus_weighed_for_a_load_with_no_model_ask_for_the_model_with_the_load_kept(
    text, load, example, capsys
):
    # "l40s vs h100 pra 50 req/s" had compared the specs, listed what fits at one conversation of 4k and said
    # the load was not counted, with examples that dropped it. No model is picked for the customer: the answer
    # leads by asking for it, with a question that keeps the load, then the GPUs' facts.
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    body = out.split("\n")[2]
    assert body.startswith(load) and f"`/gpu {example}`" in body
    assert "O que cabe em" not in out and "What fits on" not in out
    assert "A carga pedida não entra" not in out
    # The question offered reads back as that model, those GPUs and that load.
    asked = parse(example).workload
    assert asked.model == "llama-3.1-8b" and asked.compare_gpus
    assert gpu_size([example]) == 0
    sized = capsys.readouterr().out
    assert "comparação" not in sized and "compared" not in sized.split("\n")[0]


def test_what_fits_under_a_load_offers_the_next_question_with_the_load(capsys):
    assert gpu_size(["o que roda em 8x h100 pra 1000 req/min"]) == 0
    out = capsys.readouterr().out
    assert "A carga pedida não entra nesta lista" in out
    last = out.strip().split("\n")[-1]
    assert last.startswith("Para o dimensionamento completo de um deles") and " 1000 req/min`." in last


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("qual contrato pra fine-tuning?", "Para treino ou ajuste fino: pacote por projeto."),
        (
            "preciso de GPU só por 2 semanas pra treinar um lora, qual contrato?",
            "Para treino ou ajuste fino: pacote por projeto.",
        ),
        ("qual o melhor modo de contrato para produção?", "Para produção: capacidade reservada"),
        ("which contract for a pilot?", "To test and evaluate: on demand."),
        ("que modalidade para produção?", "Para produção: capacidade reservada"),
    ],
)
def test_the_contract_mode_asked_of_a_stage_is_answered_with_no_model(capsys, question, said):
    # "Faltou dizer o modelo" before: the mode a stage calls for needs no model.
    assert gpu_size([question]) == 2
    err = capsys.readouterr().err
    assert said in err and "Faltou dizer o modelo" not in err
    assert "/gpu llama" in err  # and how to ask for the sizing


def test_the_contract_mode_asked_alone_lists_every_mode(capsys):
    assert gpu_size(["qual contrato?"]) == 0
    out = capsys.readouterr().out
    assert all(mode in out for mode in ("Sob demanda:", "Pacote por projeto:", "Reservada:", "Dedicada:"))


def test_the_contract_mode_asked_beside_a_model_is_the_sized_answers():
    # the sized answer says its own mode, as before
    assert parse("llama 8b lora por 2 semanas, qual contrato?").workload.model
