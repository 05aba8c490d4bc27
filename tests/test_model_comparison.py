"""Two models in one question ("qwen 72b em int4 ou qwen 32b em bf16?", "llama 3.1 8b vs mistral 7b, 10 users",
"comparar o llama 70b com o qwen 32b") are compared in the answer: the other model is sized for the same
workload, with the precision said beside it, and both columns, the trade-off and the quality advice come
before the first model's full answer. These go through the real engine, the templates, `gpu-size` and the
Slack app."""

from __future__ import annotations

import json
import re

import pytest

from bot import blocks
from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing.catalog import load_catalog
from sizing.query import QueryError, parse
from tests.data_folders import priced_copy

from . import slack_requests as sr
from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def answer(capsys, *argv: str) -> str:
    assert gpu_size(list(argv)) == 0
    return capsys.readouterr().out


def as_json(capsys, *argv: str) -> dict:
    return json.loads(answer(capsys, "--json", *argv))


def comparison_of(text: str) -> str:
    """The comparison block of an answer in words: the paragraph after the "understood" lines."""
    return text.split("\n\n")[1]


# -- the phrasings -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "title", "first", "second"),
    [
        ("qual a diferença de custo entre rodar o qwen 72b em int4 e o qwen 32b em bf16?", "Comparação",
         "Qwen2.5 72B · INT4 (AWQ/GPTQ g128)", "Qwen2.5 32B · BF16/FP16 (16-bit)"),
        ("llama 3.3 70b in 4-bit or qwen 2.5 32b in bf16 for 50 users?", "Comparison",
         "Llama 3.3 70B · INT4 (AWQ/GPTQ g128)", "Qwen2.5 32B · BF16/FP16 (16-bit)"),
        ("llama 3.1 8b vs mistral 7b, 10 users", "Comparação",
         "Llama 3.1 8B · BF16/FP16 (16-bit)", "Mistral 7B v0.3 · BF16/FP16 (16-bit)"),
        # "vale mais a pena" had left "vale" and "pena" not understood
        ("vale mais a pena qwen3 32b em bf16 ou llama 3.3 70b em 4 bits pra 20 usuários?", "Comparação",
         "Qwen3 32B · BF16/FP16 (16-bit)", "Llama 3.3 70B · INT4 (AWQ/GPTQ g128)"),
        ("comparar o llama 70b com o qwen 32b", "Comparação",
         "Llama 3.1 70B · BF16/FP16 (16-bit)", "Qwen2.5 32B · BF16/FP16 (16-bit)"),
        ("llama 70b versus qwen 32b em fp8", "Comparação",
         "Llama 3.1 70B · BF16/FP16 (16-bit)", "Qwen2.5 32B · FP8 (8-bit)"),
        ("between llama 3.1 8b and gemma 3 12b, 20 users", "Comparison",
         "Llama 3.1 8B · BF16/FP16 (16-bit)", "Gemma 3 12B · BF16/FP16 (16-bit)"),
        ("llama 3.1 8b compared to mistral 7b", "Comparison",
         "Llama 3.1 8B · BF16/FP16 (16-bit)", "Mistral 7B v0.3 · BF16/FP16 (16-bit)"),
        ("qwen 32b em vez do llama 70b em 4 bits, 10 usuários", "Comparação",
         "Qwen2.5 32B · BF16/FP16 (16-bit)", "Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
        ("qwen 72b em int4 ou qwen 32b em fp8 para 20 utilizadores em simultâneo", "Comparação",
         "Qwen2.5 72B · INT4 (AWQ/GPTQ g128)", "Qwen2.5 32B · FP8 (8-bit)"),
        # "vs o" had been refused as a contradiction
        ("comparar rodar o qwen3 30b a3b vs o qwen3 32b para atendimento, 300 pedidos por minuto", "Comparação",
         "Qwen3 30B-A3B · BF16/FP16 (16-bit)", "Qwen3 32B · BF16/FP16 (16-bit)"),
        # One weighed against the other ("beat", "better than", "outperform", "melhor que", "supera"): each had
        # been refused as two models that contradict each other.
        ("Would a 4-bit 70B beat an 8B at full precision for RAG? Which is cheaper to host for 100 users?",
         "Comparison", "Llama 3.1 70B · INT4 (AWQ/GPTQ g128)", "Llama 3.1 8B · BF16/FP16 (16-bit)"),
        ("is qwen3 32b in bf16 better than llama 3.3 70b in awq for 30 users?", "Comparison",
         "Qwen3 32B · BF16/FP16 (16-bit)", "Llama 3.3 70B · INT4 (AWQ/GPTQ g128)"),
        ("does gemma 3 27b outperform the mistral small 3.2 24b? 20 users", "Comparison",
         "Gemma 3 27B · BF16/FP16 (16-bit)", "Mistral Small 3.2 24B · BF16/FP16 (16-bit)"),
        ("o qwen3 32b em bf16 é melhor que o llama 3.3 70b em awq pra 30 usuarios?", "Comparação",
         "Qwen3 32B · BF16/FP16 (16-bit)", "Llama 3.3 70B · INT4 (AWQ/GPTQ g128)"),
        ("qwen 32b supera o llama 70b int4? 20 usuarios", "Comparação",
         "Qwen2.5 32B · BF16/FP16 (16-bit)", "Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
    ],
)  # fmt: skip
def test_each_way_of_offering_two_models_compares_them(capsys, question, title, first, second):
    text = answer(capsys, question)
    assert "Não entendi" not in text and "Not understood" not in text and "Não percebi" not in text
    block = comparison_of(text)
    assert block.startswith(title)
    assert f"\n  {first}\n" in block and f"\n  {second}\n" in block
    assert block.count("Recomendação: ") + block.count("Recommendation: ") == 2  # a setup for each
    assert "citou também" not in text and "Indicou também" not in text and "also named" not in text
    # The full answer that follows is the first model's.
    assert text.split("\n\n")[2].startswith(first)


def test_the_other_model_is_sized_for_the_same_workload(capsys):
    data = as_json(capsys, "llama 3.1 8b vs mistral 7b, 10 users, 16k context, first token under 1 s")
    first, other = data["comparison"]["models"]
    assert (first["model_id"], other["model_id"]) == ("llama-3.1-8b", "mistral-7b-v0.3")
    assert first["recommendation"] == data["recommendation"]  # the answer's own recommendation
    # The other's column is what the same question about it alone answers.
    alone = as_json(capsys, "mistral 7b, 10 users, 16k context, first token under 1 s")
    assert other["recommendation"] == alone["recommendation"]
    assert other["precision"] == alone["workload"]["precision"] == "bf16"


def test_a_precision_goes_with_the_model_it_was_said_with(capsys):
    data = as_json(capsys, "llama 3.1 70b em 4 bits ou qwen 32b em fp8")
    assert [m["precision"] for m in data["comparison"]["models"]] == ["int4", "fp8"]
    # None said with the other: its own default as the engine decides (gpt-oss ships in MXFP4), not the
    # precision said with the first.
    data = as_json(capsys, "llama 3.1 8b em 8 bits ou gpt-oss-20b, 5 usuários")
    assert [m["precision"] for m in data["comparison"]["models"]] == ["fp8", "mxfp4"]


def test_the_trade_off_says_which_needs_fewer_gpus_and_serves_more(capsys):
    text = answer(capsys, "qwen 32b ou 70b")
    block = comparison_of(text)
    assert (
        "Em resumo: o Qwen2.5 32B precisa de menos GPUs (1× A100 SXM 80 GB contra 2× A100 SXM 80 GB); "
        "o Qwen2.5 32B atende mais usuários na configuração recomendada (até 9 contra 6, com 4.096 tokens)."
    ) in block
    # The other, named by its size only, says which architecture stood for it.
    assert "“70b”: usei a arquitetura real do Llama 3.1 70B (70,6B parâmetros)." in block


def test_a_squeezed_large_model_against_a_mid_size_one_gets_the_quality_advice(capsys):
    text = answer(capsys, "llama 3.3 70b in 4-bit or qwen 2.5 32b in bf16 for 50 users?")
    block = comparison_of(text)
    assert (
        "A 24–32B model at 16-bit, such as Qwen2.5 32B, fits on 1× H200 SXM 141 GB and may beat a heavily "
        "quantized Llama 3.3 70B, especially at reasoning and code: test both."
    ) in block
    # Said once: the alternatives do not offer another mid-size model for the same reason.
    assert text.count("may beat a heavily quantized") == 1
    # At 8-bit the mid-size side gets the same advice, saying its precision.
    block = comparison_of(
        answer(capsys, "qwen 72b em int4 ou qwen 32b em fp8 para 20 utilizadores em simultâneo")
    )
    assert (
        "Um modelo de 24–32B em 8 bits, como o Qwen2.5 32B, cabe em 1× A100 SXM 80 GB e pode superar" in block
    )
    assert "vale a pena testar os dois" in block  # pt-PT


@pytest.mark.parametrize(
    "question",
    [
        "llama 3.1 8b vs mistral 7b, 10 users",  # two small models
        "llama 3.1 70b em 8 bits ou qwen 32b em bf16",  # the large one not squeezed
        "qwen 72b em int4 ou qwen 32b em 4 bits",  # the mid-size one squeezed too
        "mixtral 8x22b em 4 bits ou qwen 32b",  # a mixture of experts is not the dense 70B of the advice
    ],
)
def test_no_quality_advice_where_it_does_not_apply(capsys, question):
    data = as_json(capsys, question)
    assert data["comparison"]["sized"] and data["comparison"]["quality"] is None


def test_a_gpu_named_is_judged_for_both(capsys):
    block = comparison_of(answer(capsys, "comparar o llama 70b com o qwen 32b numa h100"))
    # short by how much, and how many H100s hold it, as the answer for that one setup says
    assert (
        "  Llama 3.1 70B · BF16/FP16 (16-bit)\n    1× H100 SXM 80 GB: não cabe; faltam 67,1 GB por GPU\n"
        in block
    )
    assert "não cabe; faltam 67,1 GB por GPU\n    Com 2× H100 SXM 80 GB: cabe\n" in block
    assert "  Qwen2.5 32B · BF16/FP16 (16-bit)\n    1× H100 SXM 80 GB: cabe\n" in block
    assert "Em resumo: só o Qwen2.5 32B cabe em 1× H100 SXM 80 GB;" in block


def test_traffic_is_the_same_load_for_both(capsys):
    data = as_json(capsys, "llama 3.1 8b ou qwen 7b, 200 requisições por minuto")
    first, other = data["comparison"]["models"]
    rates = [m["recommendation"]["performance"]["requests_per_s"] for m in (first, other)]
    assert rates == [pytest.approx(200 / 60)] * 2


def test_a_fine_tune_compares_too(capsys):
    block = comparison_of(answer(capsys, "lora llama 8b vs qwen 7b"))
    assert "  Llama 3.1 8B · BF16/FP16 (16-bit)\n    Recomendação: 1× L40S 48 GB" in block
    assert "  Qwen2.5 7B · BF16/FP16 (16-bit)\n    Recomendação: 1× L40S 48 GB" in block


# -- the other cannot be sized ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "line", "key"),
    [
        # A model the catalogue does not know: said once, with why (not also among the words not understood).
        ("llama 70b ou gpt-7 para 10 usuários",
         "Você citou também “gpt-7”, mas não dá para compará-lo: Não conheço o modelo “gpt-7”. Esta resposta "
         "dimensiona só o Llama 3.1 70B.", "unknown_model"),
        ("llama 70b versus zorblax-9 en",
         "You also named “zorblax-9”, but it cannot be compared: I don't know the model “zorblax-9”.",
         "unknown_model"),
        # A closed model runs only on its maker's API, named (had been left out without a word).
        ("llama 70b vs gpt-4o",
         "Você citou também “gpt-4o”, mas não dá para compará-lo: “gpt-4o” é um modelo fechado: só roda na API "
         "de quem o publica (OpenAI), não em GPUs alugadas.", "query.closed_model"),
        # A workload the other cannot take: Mistral 7B reads 32k tokens at most.
        ("llama 3.1 8b vs mistral 7b 128k",
         "Você citou também “mistral 7b”, mas não dá para compará-lo: 131.072 tokens passam do limite do "
         "Mistral 7B v0.3, que é de 32.768 tokens. É o contexto que quem publicou o modelo declara para ele. "
         "Esta resposta dimensiona só o Llama 3.1 8B.",
         "context_beyond_model"),
    ],
)  # fmt: skip
def test_another_model_that_cannot_be_sized_is_said_with_why(capsys, question, line, key):
    text = answer(capsys, question)
    assert line in text.split("\n\n")[0]
    assert "Comparação" not in text and "Comparison" not in text
    assert "Não entendi" not in text and "Did not understand" not in text
    data = as_json(capsys, question)
    assert (data["comparison"]["sized"], data["comparison"]["reason_key"]) == (False, key)
    assert data["comparison"]["models"] == []


def test_a_model_name_unknown_after_a_choice_word_is_still_logged_as_not_understood(tmp_path):
    log = RequestLog(tmp_path / "log.db")
    reply = Pipeline(log).ask("llama 70b ou gpt-7 para 10 usuários", Where("console"))
    log.flush()
    [row] = log.rows()
    assert row["model_id"] == "llama-3.1-70b" and json.loads(row["unknown_words"]) == ["gpt-7"]
    assert reply.comparison is not None and not reply.comparison.sized
    log.close()


@pytest.mark.parametrize(
    "question",
    [
        "llama 70b em 4 bits ou menos",  # "ou menos" names no model
        "h100 ou h200 para llama 70b",  # a choice of GPUs
        "llama 70b, zorblax-9",  # no word that offers a choice
        "qwen 32b ou qwen2.5 32b",  # two names of one model
    ],
)
def test_questions_that_offer_no_other_model_compare_nothing(capsys, question):
    text = answer(capsys, question)
    assert "Comparação" not in text and "Comparison" not in text
    assert "citou também" not in text and "also named" not in text
    assert "comparison" not in as_json(capsys, question)


def test_two_models_with_no_choice_word_are_still_refused():
    with pytest.raises(QueryError) as refused:
        parse("llama 70b e qwen 32b")
    assert refused.value.key == "query.contradiction"


# -- prices ----------------------------------------------------------------------------------------------

# Made-up prices per GPU-hour: on demand, reserved, dedicated, per project.
PRICES = {"l40s": (10, 7, 6, 8), "l40": (9, 6.5, 5.5, 7), "a100-80gb-sxm": (14, 10, 9, 11),
          "h100-sxm": (20, 14, 12, 16), "h200-sxm": (30, 21, 18, 24)}  # fmt: skip


@pytest.fixture
def priced_by_mode(tmp_path, monkeypatch):
    """An offering with made-up hourly prices per GPU in three contract modes (shown to staff only)."""
    tables = {
        gpu: f"{{ on_demand = {a}, reserved = {b}, dedicated = {c}, project_package = {d} }}"
        for gpu, (a, b, c, d) in PRICES.items()
    }
    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, tables)))
    load_catalog.cache_clear()
    yield
    load_catalog.cache_clear()


QUESTION = "llama 3.3 70b em 4 bits ou qwen 2.5 32b em bf16 para 20 usuários, produção"


def test_each_model_has_its_monthly_cost_per_contract_mode(priced_by_mode, capsys):
    block = comparison_of(answer(capsys, QUESTION))
    # 1× A100 at 14/10/9 an hour and 1× H200 at 30/21/18, 730 hours a month.
    assert "    Por mês: sob demanda R$ 10.220; reservada R$ 7.300; dedicada R$ 6.570\n" in block
    assert "    Por mês: sob demanda R$ 21.900; reservada R$ 15.330; dedicada R$ 13.140\n" in block
    assert (
        "Em resumo: o Llama 3.3 70B cabe em GPUs menores (1× A100 SXM 80 GB contra 1× H200 SXM 141 GB); "
        "o Llama 3.3 70B custa menos (R$ 7.300 contra R$ 15.330 por mês, reservada); "
        "o Qwen2.5 32B atende mais usuários na configuração recomendada (até 63 contra 26, com 4.096 tokens); "
        "o Qwen2.5 32B responde mais rápido a cada usuário (~35 contra ~11 tokens/s)."
    ) in block


def test_fine_tunes_compare_what_the_project_costs(priced_by_mode, capsys):
    block = comparison_of(answer(capsys, "lora llama 8b vs qwen 7b, 50 mil exemplos, 3 épocas"))
    # priced, each is recommended on the GPU whose run costs least (an H100's hours, not the smallest card's days)
    assert block.count("    Recomendação: 1× H100 SXM 80 GB\n") == 2
    assert block.count("    Tempo estimado: ~7 horas\n") == 2
    assert "o Qwen2.5 7B custa menos (R$ " in block and " pelo projeto)" in block
    assert "Por mês" not in block


def test_a_customer_in_a_shared_channel_sees_the_comparison_without_prices(priced_by_mode, tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    staff = pipeline.ask(QUESTION, Where("slash_command", channel_id="C1"))
    customer = pipeline.ask(QUESTION, Where("slash_command", channel_id="C2", channel_shared=True))
    staff_text, customer_text = _text(staff.message.blocks), _text(customer.message.blocks)
    assert "reservada R$ 7.300" in staff_text and "custa menos" in staff_text
    assert "Comparação" in customer_text and "Qwen2.5 32B" in customer_text
    assert "R$" not in customer_text and "custa menos" not in customer_text
    pipeline.log.close()


# -- Slack ------------------------------------------------------------------------------------------------

SLACK_QUESTIONS = [
    "qual a diferença de custo entre rodar o qwen 72b em int4 e o qwen 32b em bf16?",
    "llama 3.3 70b in 4-bit or qwen 2.5 32b in bf16 for 50 users?",
    "comparar o llama 70b com o qwen 32b numa h100",
    "llama 3.1 8b ou qwen 7b, 200 requisições por minuto",
    "lora llama 8b vs qwen 7b",
    "deepseek v3 ou llama 405b",
    "llama 70b ou gpt-7 para 10 usuários",
    "qwen 72b em int4 ou qwen 32b em fp8 para 20 utilizadores em simultâneo",
    "dá pra rodar dois modelos na mesma gpu? llama 8b e qwen 7b",
    "llama 70b, qwen 72b, mistral large e deepseek v3 juntos, 20 usuários",  # four columns, with prices
    "can I run two 8B models on one A100?",
]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # "two 8B models" had sized one 8B model.
        (
            "can I run two 8B models on one A100?",
            "17.5 GB for Llama 3.1 8B + 17.5 GB for Llama 3.1 8B = 35.1 GB; they fit on 1× A100 SXM 80 GB",
        ),
        (
            "dá pra rodar dois modelos de 7b na mesma l40s?",
            "16,0 GB do Mistral 7B v0.3 + 16,0 GB do Mistral 7B v0.3",
        ),
        # The GPU the question named is weighed first (the smallest we rent had been the only one said).
        (
            "llama 8b e qwen 7b juntos numa l4",
            "Juntos não cabem na L4 24 GB citada: 34,0 GB para 21,2 GB utilizáveis. Juntos na mesma GPU",
        ),
    ],
)
def test_copies_of_one_size_and_a_named_gpu_are_weighed_together(question, said, tmp_path):
    assert parse(question).together
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(question, Where("console"))
    pipeline.log.close()
    assert reply.query.unknown == [] and said in reply.comparison.together


@pytest.mark.parametrize("show_prices", [True, False])
def test_comparisons_are_valid_block_kit(priced_by_mode, tmp_path, show_prices):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    for question in SLACK_QUESTIONS:
        where = Where("slash_command", channel_id="C1", channel_shared=not show_prices)
        reply = pipeline.ask(question, where)
        assert reply.outcome == "answered", question
        blocks.validate(reply.message.blocks)  # slack_sdk's models and Slack's limits
        text = _text(reply.message.blocks)
        # Models asked for together are headed by that verdict, the others by the comparison.
        head = (
            ("Servidos juntos", "Served together")
            if reply.comparison.together
            else ("Comparação", "Comparison")
        )
        assert any(h in text for h in head) == (reply.comparison.sized), question
    pipeline.log.close()


def test_slack_shows_both_models_side_by_side_and_logs_the_first(slack):
    reply = slack.command("llama 3.1 8b vs mistral 7b, 10 usuários")
    _valid(reply["blocks"])
    comparison = next(b for b in reply["blocks"] if "fields" in b and "Comparação" in b["text"]["text"])
    left, right = (f["text"] for f in comparison["fields"])
    assert left.startswith("*Llama 3.1 8B* · BF16/FP16 (16-bit)\nRecomendação: 1× L40S 48 GB\nPor GPU: ")
    assert right.startswith("*Mistral 7B v0.3* · BF16/FP16 (16-bit)\nRecomendação: 1× L40S 48 GB\nPor GPU: ")
    text = _text(reply["blocks"])
    assert "Em resumo: os dois cabem em 1× L40S 48 GB" in text and "citou também" not in text
    [row] = slack.rows()
    assert row["model_id"] == "llama-3.1-8b" and row["outcome"] == "answered"


def test_in_a_thread_follow_ups_compare_again_until_another_model_is_named(slack):
    mention = sr.app_mention("<@UBOT> llama 3.1 8b vs mistral 7b, 10 usuários", ts="1700000101.000100")
    assert slack.event(mention, "EvC1") == 200
    [first] = slack.fake.wait_for("chat.postMessage")
    assert "Mistral 7B v0.3" in _text(first.params["blocks"])
    follow = sr.message("e com 20 usuários?", thread_ts="1700000101.000100", ts="1700000102.000100")
    assert slack.event(follow, "EvC2") == 200
    second = slack.fake.wait_for("chat.postMessage", count=2)[1]
    text = _text(second.params["blocks"])
    assert "Llama 3.1 8B* · BF16/FP16 (16-bit) · 4.096 tokens de contexto · 20 usuários" in text
    # The choice stays in the thread: both models again, for 20 users (it had been the first one alone).
    assert "*Mistral 7B v0.3* · BF16/FP16 (16-bit)" in text
    other = sr.message("e com o mistral 7b?", thread_ts="1700000101.000100", ts="1700000103.000100")
    assert slack.event(other, "EvC3") == 200
    third = slack.fake.wait_for("chat.postMessage", count=3)[2]
    # Another model said as a follow-up ("e com o...") keeps the thread's workload, as in any thread.
    assert _text(third.params["blocks"]).startswith("Entendi: Mistral 7B v0.3 · 20 usuários simultâneos\n")


# -- two models on one GPU --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # "llama 8b e qwen 7b" on the same GPU had been refused as a contradiction ("Escolha um").
        ("dá pra rodar dois modelos na mesma gpu? llama 8b e qwen 7b",
         "Juntos na mesma GPU (dois servidores vLLM): 17,5 GB do Llama 3.1 8B + 16,5 GB do Qwen2.5 7B = 34,0 GB; "
         "cabem em 1× L40S 48 GB (43,0 GB utilizáveis), com --gpu-memory-utilization de pelo menos 0,37 para o "
         "Llama 3.1 8B e 0,35 para o Qwen2.5 7B."),
        # Users said are a load: each model sized for them, and the GPU they share checked for their speed
        # (sizing/together.py; it had been "Together on one GPU ... = 59.6 GB; they fit on 1× A100 SXM 80 GB").
        ("llama 3.1 8b and qwen3 14b together for 10 users",
         "For this load, the smallest setup that serves them together is 1× A100 SXM 80 GB (76.6 GB usable per "
         "GPU; two vLLM servers): Llama 3.1 8B on GPU 1 (22.4 GB)"),
        # Past the largest GPU, the smallest server that holds them, each on its GPUs (it had been "cada um na
        # sua configuração, como acima", with no setup for them together).
        ("llama 70b e qwen 72b juntos",
         "mais do que a maior GPU que alugamos comporta. A menor máquina que os serve juntos é 4× A100 SXM 80 GB "
         "(76,6 GB utilizáveis por GPU; dois servidores vLLM): Qwen2.5 72B nas GPUs 1–2 (tensor parallel 2: 74,8 GB "
         "por GPU); Llama 3.1 70B nas GPUs 3–4 (tensor parallel 2: 72,7 GB por GPU)."),
        ("llama 3.3 70b and qwen2.5 32b together for 20 users",
         "For this load, the smallest setup that serves them together is 2× H200 SXM 141 GB"),
        ("kimi k2 e deepseek v3 juntos",
         "mais do que a maior GPU que alugamos comporta (1× H200 SXM 141 GB, 135,1 GB utilizáveis)"),
        # The GPU named instead of the word "GPU" ("na mesma h100") had been refused as a contradiction.
        ("llama 8b e qwen 7b na mesma h100", "Juntos na mesma GPU (dois servidores vLLM): 17,5 GB do Llama 3.1 8B"),
        ("llama 8b and qwen 7b on the same l40s", "Together on one GPU (two vLLM servers): 17.5 GB for Llama 3.1 8B"),
        # A safety classifier served beside the chat model ("alongside", "junto com" had been a contradiction).
        ("guardrails model llama guard 3 8b alongside llama 3.1 70b for 10 users",
         "For this load, the smallest setup that serves them together is 2× H200 SXM 141 GB (135.1 GB usable per "
         "GPU; two vLLM servers): Llama Guard 3 8B (architecture of Llama 3.1 8B) on GPU 1 (22.4 GB)"),
        ("llama 70b junto com o llama guard 3, 20 usuários",
         "Para esta carga, a menor configuração que os serve juntos é 2× H200 SXM 141 GB (135,1 GB utilizáveis por "
         "GPU; dois servidores vLLM): Llama 3.1 70B nas GPUs 1–2"),
    ],
)  # fmt: skip
def test_two_models_asked_together_are_summed_on_one_gpu(capsys, question, said):
    assert gpu_size([question]) == 0
    out = capsys.readouterr().out
    assert said in out and "Não entendi" not in out and "Not understood" not in out
    # Served together they are no alternatives: no line on which needs fewer GPUs.
    assert "Em resumo" not in out and "In short" not in out


@pytest.mark.parametrize(
    "question, title",
    [
        ("dá pra rodar 2 modelos na mesma h100? qwen 7b e llama 8b", "Servidos juntos"),
        ("consigo servir o qwen 7b e o llama 8b ao mesmo tempo numa l40s?", "Servidos juntos"),
        ("can I run qwen 7b and llama 8b side by side on one h100?", "Served together"),
        ("qwen 7b, llama 8b e mistral 7b juntos numa h100", "Servidos juntos"),
        ("é possível correr o qwen 7b e o llama 8b na mesma placa h100?", "Servidos juntos"),
    ],
)
def test_a_question_about_models_together_leads_with_the_together_verdict(capsys, question, title):
    # It had answered under "Comparação (a mesma carga para os dois)", the one line on running them together
    # buried under both models' columns.
    assert gpu_size([question]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    head = lines.index(title)
    verdict = lines[head + 1].strip()
    assert verdict.startswith(("Juntos", "Together")), verdict
    assert "Comparação" not in out and "Comparison" not in out


def test_models_weighed_apart_say_nothing_of_one_gpu(capsys):
    assert gpu_size(["llama 8b ou qwen 7b para 10 usuários"]) == 0
    assert "Juntos na mesma GPU" not in capsys.readouterr().out


def test_more_models_than_two_to_compare_are_told_how_to_ask_and_the_ways_shown_work(capsys):
    # "llama 8b ou qwen 7b ou mistral 7b" is a choice among three: one at a time, and the ways shown work.
    assert gpu_size(["llama 8b ou qwen 7b ou mistral 7b para 10 usuários"]) == 2  # input error
    hint = capsys.readouterr().err.splitlines()[-1]
    assert hint.startswith("Para comparar dois modelos, use “ou”")
    for example in re.findall(r"`/gpu ([^`]+)`", hint):
        assert gpu_size([example]) == 0, example
        out = capsys.readouterr().out
        assert "Comparação" in out or "Servidos juntos" in out


@pytest.mark.parametrize(
    ("question", "title", "said"),
    [
        # "3 modelos diferentes: llama 8b, qwen 7b e mistral 7b" had only "Escolha um".
        ("preciso servir 3 modelos diferentes: llama 8b, qwen 7b e mistral 7b", "Servidos juntos",
         "Juntos na mesma GPU (três servidores vLLM): 17,5 GB do Llama 3.1 8B + 16,5 GB do Qwen2.5 7B + 16,0 GB do "
         "Mistral 7B v0.3 = 50,0 GB; cabem em 1× A100 SXM 80 GB (76,6 GB utilizáveis), com --gpu-memory-utilization "
         "de pelo menos 0,21 para o Llama 3.1 8B, 0,20 para o Qwen2.5 7B e 0,19 para o Mistral 7B v0.3."),
        ("llama 70b, qwen 72b, mistral large and deepseek v3 together", "Served together",
         "Together on one GPU: 143.7 GB for Llama 3.1 70B + 148.0 GB for Qwen2.5 72B + 248.0 GB for Mistral Large 2 "
         "(123B) + 674.6 GB for DeepSeek V3 = 1,214 GB, more than the largest GPU we rent holds"),
    ],
)  # fmt: skip
def test_three_or_four_models_together_are_each_sized_and_summed(capsys, question, title, said):
    assert gpu_size([question]) == 0
    out = capsys.readouterr().out
    assert title in out and said in out and "citou também" not in out and "also named" not in out
    # Each gets its column: the first is answered in full below, the others said how to get theirs.
    assert out.count("    Recomendação: ") + out.count("    Recommendation: ") == (
        3 if "3 modelos" in question else 4
    )


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # Had been "O pedido se contradiz ... Escolha um": the limit said, and what is left for a second question.
        ("llama 8b, qwen 7b, mistral 7b, gemma 2 9b e phi-4 juntos",
         "São 5 modelos para servir juntos; uma resposta dimensiona no máximo 4 juntos"),
        ("llama 8b, qwen 7b, mistral 7b, gemma 2 9b, phi-4 and qwen3 4b together",
         "That is 6 models to serve together; one answer sizes at most 4 together"),
    ],
)  # fmt: skip
def test_five_models_together_are_too_many_for_one_answer(capsys, question, said):
    assert gpu_size([question]) == 2
    err = capsys.readouterr().err
    assert said in err and "contradi" not in err
    assert "“phi-4”" in err and ("“qwen3 4b”" in err) == ("qwen3" in question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # Each had been "Juntos não cabem na H100 ... cabem em 1× H200": the GPUs named were weighed as one.
        ("llama 3.1 8b e qwen2.5 32b juntos em 2 h100",
         "Juntos em 2× H100 SXM 80 GB (76,5 GB utilizáveis por GPU; dois servidores vLLM): Qwen2.5 32B na GPU 1 "
         "(67,7 GB); Llama 3.1 8B na GPU 2 (17,5 GB)."),
        ("llama 70b fp8 + llama 8b juntos em 2 h100", "Llama 3.1 70B na GPU 1 (75,2 GB); Llama 3.1 8B na GPU 2"),
        ("qwen 72b awq + qwen 7b juntos em 2 l40s",
         "Qwen2.5 72B nas GPUs 1–2 (tensor parallel 2: 22,9 GB por GPU), com --gpu-memory-utilization de pelo "
         "menos 0,48; Qwen2.5 7B na GPU 1 (16,5 GB)"),
        ("qwen3 235b a22b + qwen3 4b juntos em 8 h100", "Qwen3 235B-A22B nas GPUs 1–8 (tensor parallel 8"),
        ("llama 3.1 8b and qwen2.5 32b together on 2 h100s", "Together on 2× H100 SXM 80 GB"),
        # They do not fit on the GPUs named even split among them: said, and the precision at which they do.
        ("llama 70b e qwen 72b juntos em 2 h100",
         "Juntos não cabem nas 2× H100 SXM 80 GB citadas: 291,6 GB para 153,1 GB utilizáveis no total"),
    ],
)  # fmt: skip
def test_models_together_on_several_gpus_named_are_placed_on_them(capsys, question, said):
    assert gpu_size([question]) == 0
    out = capsys.readouterr().out
    assert said in out and "Não entendi" not in out and "Not understood" not in out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # Only a bigger GPU had been offered.
        ("llama 3.1 8b e qwen2.5 32b juntos numa h100",
         "Em FP8 (8-bit), cabem juntos na H100 SXM 80 GB: 10,6 GB do Llama 3.1 8B + 36,5 GB do Qwen2.5 32B"),
        ("qwen3 4b router plus qwen3 32b on one h100", "At FP8 (8-bit), they fit together on the H100 SXM 80 GB"),
        ("llama 70b e qwen 72b juntos em 2 h100", "Em INT4 (AWQ/GPTQ g128), cabem juntos em 2× H100 SXM 80 GB:"),
    ],
)  # fmt: skip
def test_models_together_that_do_not_fit_are_offered_a_lower_precision(capsys, question, said):
    assert gpu_size([question]) == 0
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        # The "Entendi" line had named the first model alone.
        ("llama 3.1 8b e qwen2.5 32b juntos em 2 h100", "Entendi: Llama 3.1 8B + Qwen2.5 32B · 2× H100 SXM 80 GB"),
        ("llama 70b fp8 + llama 8b juntos em 2 h100",
         "Entendi: Llama 3.1 70B em FP8 (8-bit) + Llama 3.1 8B · 2× H100 SXM 80 GB"),
        ("llama 8b, qwen 7b e mistral 7b juntos", "Entendi: Llama 3.1 8B + Qwen2.5 7B + Mistral 7B v0.3"),
        # A router and the model it hands off to had been "O pedido se contradiz ... Escolha um".
        ("qwen3 235b a22b + qwen3 4b juntos em 8 h100", "Entendi: Qwen3 235B-A22B + Qwen3 4B · 8× H100 SXM 80 GB"),
        ("qwen3 4b decide e manda pro qwen3 235b a22b, cabe em 8 h100?",
         "Entendi: Qwen3 4B + Qwen3 235B-A22B · 8× H100 SXM 80 GB"),
        # "one h100" is a count said in words, as "1 h100" is
        ("qwen3 4b router plus qwen3 32b on one h100", "Understood: Qwen3 4B + Qwen3 32B · 1× H100 SXM 80 GB"),
        ("qwen3 4b como roteador e qwen3 32b como principal numa h100",
         "Entendi: Qwen3 4B + Qwen3 32B · 1× H100 SXM 80 GB"),
        ("qwen3 4b as a router and qwen3 32b as the main model on one h100",
         "Understood: Qwen3 4B + Qwen3 32B · 1× H100 SXM 80 GB"),
        ("llama 8b + qwen 7b", "Entendi: Llama 3.1 8B + Qwen2.5 7B\n"),
    ],
)  # fmt: skip
def test_models_served_together_are_all_named_and_a_router_pair_is_served_together(
    capsys, question, understood
):
    assert gpu_size([question]) == 0
    out = capsys.readouterr().out
    assert out.startswith(understood) and "Não entendi" not in out and "Not understood" not in out
    assert "Juntos" in out or "Together" in out


def test_a_draft_model_is_still_speculative_decoding_not_models_together(capsys):
    assert gpu_size(["llama 70b com draft llama 3.2 1b"]) == 0
    out = capsys.readouterr().out
    assert "speculative decoding com Llama 3.2 1B como draft" in out and "Juntos" not in out


def test_in_a_thread_a_precision_said_applies_to_every_model_served_together(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    first = pipeline.ask("llama 3.1 8b e qwen2.5 32b juntos numa h100", Where("console"))
    follow = pipeline.ask("e em fp8?", Where("console"), base=first.workload)
    pipeline.log.close()
    # Had been the first alone in FP8: "78,3 GB ... Juntos não cabem", though both fit.
    assert [side.precision for side in follow.comparison.models] == ["fp8", "fp8"]
    assert "cabem em 1× H100 SXM 80 GB" in follow.comparison.together
    assert "não cabem" not in follow.comparison.together


@pytest.mark.parametrize(
    ("question", "target", "current"),
    [
        # Each had been refused as a contradiction ("Escolha um").
        ("our current setup is 4x A100 40GB running llama 2 70b, we want to migrate to llama 3.3 70b",
         "Llama 3.3 70B", "Llama 2 70B"),
        ("queremos trocar o llama 3.1 70b pelo qwen3 32b, 20 usuarios", "Qwen3 32B", "Llama 3.1 70B"),
        ("migrar do llama 3.1 8b para o qwen3 8b, 50 usuários", "Qwen3 8B", "Llama 3.1 8B"),
        ("we want to switch from mistral 7b to qwen3 8b for 30 users", "Qwen3 8B", "Mistral 7B v0.3"),
    ],
)  # fmt: skip
def test_a_migration_answers_the_model_moved_to_and_weighs_the_one_in_use(capsys, question, target, current):
    text = answer(capsys, question)
    assert "Não entendi" not in text and "Not understood" not in text
    block = comparison_of(text)
    # The model moved to is answered in full, first; the one in use is the other column.
    assert block.splitlines()[1].strip().startswith(target) and f"\n  {current} · " in block
    assert text.split("\n\n")[2].startswith(target)
    # the move said as such, not as a choice of the two ("Entendi: Qwen3 32B ou Llama 3.1 70B")
    head = text.splitlines()
    assert " ou " not in head[0] and " or " not in head[0] and target in head[0]
    assert head[1] in (f"Troca: {current} → {target}.", f"Switch: {current} → {target}.")


@pytest.mark.parametrize(
    "text",
    [
        # Each had been refused as two models that contradict each other.
        "gemma 3 27b x mistral small 3.2 pra 20 usuarios",
        "é melhor quantizar o llama 70b pra 4 bits ou usar o qwen3 32b em fp16?",
    ],
)
def test_a_choice_of_models_said_with_x_or_a_verb(text):
    query = parse(text)
    assert len(query.model_choices) == 1


@pytest.mark.parametrize(
    "text",
    [
        "llama 8b como roteador e qwen3 32b como principal",
        "llama 3.2 3b as a router and qwen3 32b as the main model",
        "roteador qwen3 4b, modelo principal llama 3.3 70b",
        "roteador qwen3 4b e modelo principal llama 3.3 70b",
        "router: qwen3 4b; main model: llama 3.1 70b",
        "the router is qwen3 4b and the main model llama 3.1 70b",
    ],
)
def test_a_router_and_a_main_model_are_served_together(text):
    # "roteador"/"principal" had been refused as two models that contradict each other; so had the roles
    # named before each model ("roteador X, modelo principal Y").
    query = parse(text)
    assert query.together and query.unknown == [] and len(query.model_choices) == 1


@pytest.mark.parametrize(
    ("question", "edge"),
    [
        ("vale mais um 32b em bf16 ou um 70b em 4bit?", "mas no limite: sobram 0,71 GB por GPU"),
        ("is a 32b at bf16 better than a 70b at 4-bit?", "but at the edge: 0.71 GB spare per GPU"),
        ("compensa mais um 32b em bf16 ou um 70b em int4? diz-me qual", "mas no limite"),
    ],
)
def test_a_smaller_setup_that_holds_no_more_than_the_load_asked_is_said_to_be_at_the_edge(
    capsys, question, edge
):
    # "o Llama 3.1 70B cabe em GPUs menores" had favoured 1× L40S with 0.71 GB spare and room for one user, as
    # if a like-for-like saving against an A100 that holds nine.
    assert gpu_size([question]) == 0
    summary = next(
        line for line in capsys.readouterr().out.splitlines() if "resumo" in line or "In short" in line
    )
    assert edge in summary


def test_a_smaller_setup_with_room_to_spare_is_not_said_to_be_at_the_edge(capsys):
    assert gpu_size(["llama 8b ou llama 70b para 10 usuários"]) == 0
    out = capsys.readouterr().out
    assert "menos GPUs" in out or "GPUs menores" in out
    assert "no limite" not in out
