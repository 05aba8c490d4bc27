"""Two GPUs weighed for one model's inference ("qual a diferença entre h100 e h200 pra inferência do llama 70b?",
"l40s ou a100 pro qwen3 14b com 20 usuários?", "2 h100 ou 1 h200") are answered side by side: for each GPU the
fewest of it that serve the workload as asked (or the count named, fits or not), its capacity, speed and, with
prices, its month and a million tokens; then a one-line conclusion with its reason (memory, bandwidth, FP8), and
the smallest setup that serves when it is a third GPU, said as such. It had been the first GPU's verdict ("1× H100
não cabe", the changes that make it fit), a recommendation of a third GPU, and the second GPU buried among the
alternatives. Through the real engine, the templates, `gpu-size` and Slack's Block Kit models."""

from __future__ import annotations

import msgspec
import pytest

from bot import blocks
from bot.rendering import render_text
from sizing import advice
from sizing.engine import size
from sizing.query import parse
from tests.data_folders import with_prices

from .gpu_size_run import answer, answer_json

PRICES = {
    "l40s": "{ on_demand = 9.0, reserved = 6.5, dedicated = 6.0 }",
    "a100-80gb-sxm": "{ on_demand = 12.0, reserved = 9.0, dedicated = 8.5 }",
    "h100-sxm": "{ on_demand = 22.0, reserved = 16.0, dedicated = 15.0 }",
    "h200-sxm": "{ on_demand = 28.0, reserved = 21.0, dedicated = 20.0 }",
    None: "{ on_demand = 30.0 }",
}


@pytest.fixture
def priced(tmp_path, monkeypatch):
    yield from with_prices(tmp_path, monkeypatch, PRICES)


def sized(text: str):
    query = parse(text)
    return query, size(query.workload)


def head(answer_text: str) -> str:
    """The answer down to its memory breakdown: what the customer reads first."""
    return answer_text.split("\n\n", 3)[2] if answer_text.count("\n\n") >= 3 else answer_text


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("qual a diferença entre h100 e h200 pra inferência do llama 70b?", ["h100-sxm", "h200-sxm"]),
        ("h100 vs h200 para llama 3.1 70b", ["h100-sxm", "h200-sxm"]),
        ("l40s ou a100 pro qwen3 14b com 20 usuários?", ["l40s", "a100-80gb-sxm"]),
        ("compare h100 and h200 for qwen3 32b with 50 users", ["h100-sxm", "h200-sxm"]),
        ("vale a pena h200 em vez de h100 pro llama 70b?", ["h200-sxm", "h100-sxm"]),
        ("a100 ou h100, qual compensa mais pro mistral small?", ["a100-80gb-sxm", "h100-sxm"]),
        ("h100 x h200 deepseek r1", ["h100-sxm", "h200-sxm"]),
    ],
)
def test_each_gpu_weighed_gets_the_fewest_of_it_that_serve(text, gpus):
    query, result = sized(text)
    cmp = result.gpu_comparison
    assert [side.gpu for side in cmp.sides] == gpus
    for side in cmp.sides:
        assert side.fits and side.setup.fits and side.setup.gpu == side.gpu
        assert side.setup.performance is not None and side.setup.capacity
        # the fewest: half as many of it (tensor parallelism goes by powers of two) would not hold it
        if side.setup.count > 1 and side.setup.replicas == 1:
            fewer = size(
                msgspec.structs.replace(
                    query.workload,
                    gpu=side.gpu,
                    gpus=side.setup.count // 2,
                    compare_gpus=[],
                    compare_counts=[],
                )
            )
            assert not fewer.requested.fits
    text_answer = render_text(result, query)
    lead = text_answer.split("Memória necessária")[0].split("Memory needed")[0]
    for side in cmp.sides:
        assert advice.describe(side.setup, "pt-BR") in lead
        assert f"~{round(side.setup.performance.tokens_per_s_per_user)} tokens/s" in lead
    assert "Em resumo:" in lead or "In short:" in lead
    # the first GPU's "what would make it fit" list is for a question about one GPU, not a comparison
    assert "Para caber em" not in text_answer and "To fit on" not in text_answer
    # and the GPUs weighed are not repeated among the alternatives
    others = (
        text_answer.split("Alternativas")[-1].split("Contrato")[0] if "Alternativas" in text_answer else ""
    )
    assert not any(f"{side.gpu_name}: não cabe" in others for side in cmp.sides)


def test_a_third_gpu_is_said_as_such_after_the_two():
    query, result = sized("qual a diferença entre h100 e h200 pra inferência do llama 70b?")
    assert result.recommendation.gpu == "a100-80gb-sxm"
    assert result.gpu_comparison.third.gpu == "a100-80gb-sxm"
    text = render_text(result, query)
    lead = text.split("Memória necessária")[0]
    assert "Fora as duas, a menor que serve: 2× A100 SXM 80 GB" in lead
    assert lead.index("2× H100 SXM 80 GB") < lead.index("2× H200 SXM 141 GB") < lead.index("Fora as duas")
    # why the H200 is faster: its memory bandwidth, said with the figures
    assert "H200 SXM 141 GB é ~1,4× mais rápida" in lead and "banda de memória" in lead


def test_no_third_gpu_line_when_one_of_them_is_the_recommendation():
    query, result = sized("l40s ou a100 pro qwen3 14b com 20 usuários?")
    assert result.gpu_comparison.third is None
    text = render_text(result, query)
    assert "Fora as duas" not in text
    # fewer GPUs, and why: the memory of each
    assert "a A100 SXM 80 GB serve com menos GPUs (1 contra 2): 80 GB de memória por GPU contra 48 GB" in text
    assert result.gpu_comparison.fewer_gpus == "a100-80gb-sxm"
    assert "Recomendação: 1× A100 SXM 80 GB" in text


def test_counts_named_are_compared_as_named():
    query, result = sized("2 h100 ou 1 h200 pro llama 70b")
    h100, h200 = result.gpu_comparison.sides
    assert (h100.count_named, h100.setup.count, h100.fits) == (2, 2, True)
    assert (h200.count_named, h200.setup.count, h200.fits) == (1, 1, False)
    assert h200.fewest.count == 2 and h200.fewest.fits
    text = render_text(result, query)
    assert "2× H100 SXM 80 GB: cabe" in text
    assert "1× H200 SXM 141 GB: não cabe; faltam" in text and "Com 2× H200 SXM 141 GB: cabe" in text
    assert "das configurações pedidas, só 2× H100 SXM 80 GB serve esta carga" in text
    # and the H200 on as many as serve, against the H100s named
    assert "a H200 SXM 141 GB (em 2× H200 SXM 141 GB) é ~1,4× mais rápida por usuário" in text


def test_counts_named_that_both_fall_short_are_weighed_on_how_many_would_do(capsys):
    text = answer(capsys, "llama 70b: 2x L40S or 1 H100?")
    assert "2× L40S 48 GB: does not fit" in text and "With 4× L40S 48 GB: fits" in text
    assert "1× H100 SXM 80 GB: does not fit" in text and "With 2× H100 SXM 80 GB: fits" in text
    assert "none of the setups asked serves this workload" in text
    assert "the H100 SXM 80 GB (on 2× H100 SXM 80 GB) serves it with fewer GPUs (2 against 4)" in text


def test_a_precision_a_gpu_cannot_run_says_what_it_can():
    query, result = sized("qwen2.5 7b fp8: t4 ou l40s?")
    t4, l40s = result.gpu_comparison.sides
    assert not t4.fits and t4.lower_precision == "int4" and t4.lower.gpu == "t4"
    assert l40s.fits
    text = render_text(result, query)
    assert "T4 16 GB: o vLLM não roda FP8 (8-bit) nela" in text
    assert "Em INT4 (AWQ/GPTQ g128): 1× T4 16 GB" in text
    assert "só a L40S 48 GB serve esta carga como pedida" in text


def test_fp8_tensor_cores_are_the_reason_where_they_differ():
    query, result = sized("a100 ou h100 pro mistral small fp8")
    text = render_text(result, query)
    assert "FP8 nativo, que a A100 SXM 80 GB não tem" in text


def test_prices_give_each_month_per_mode_a_million_tokens_and_the_cheaper(priced, capsys):
    text = answer(capsys, "l40s ou a100 pro qwen3 14b com 20 usuários?")
    lead = text.split("Memória necessária")[0]
    assert lead.count("Por mês: sob demanda R$") == 2
    assert lead.count("por milhão de tokens gerados") == 2
    assert "a A100 SXM 80 GB sai 33% mais barata por mês (R$ 8.760 contra R$ 13.140, sob demanda)" in lead
    data = answer_json(capsys, "l40s ou a100 pro qwen3 14b com 20 usuários?")
    cmp = data["gpu_comparison"]
    assert cmp["cheaper"] == "a100-80gb-sxm" and cmp["cheaper_mode"] == "on_demand"
    for side in cmp["sides"]:
        assert set(side["setup"]["cost"]["by_contract_mode"]) == {"on_demand", "reserved", "dedicated"}


def test_a_dearer_month_can_be_the_cheaper_million_tokens(priced, capsys):
    text = answer(capsys, "a100 ou h100, qual compensa mais pro mistral small fp8?")
    assert "a A100 SXM 80 GB sai 45% mais barata por mês" in text
    assert "mas por milhão de tokens gerados a H100 SXM 80 GB sai mais barata" in text


@pytest.mark.parametrize(
    ("args", "title", "summary", "third"),
    [
        (["h100 vs h200 for llama 3.1 70b"], "Side by side, for this workload:", "In short:", "Apart from these two"),
        (["--lang", "pt-PT", "h100 ou h200 para o llama 70b"], "Lado a lado, para esta carga:", "Em resumo:",
         "Fora as duas, a mais pequena que serve"),
    ],
)  # fmt: skip
def test_english_and_european_portuguese(args, title, summary, third, capsys):
    answer_text = answer(capsys, *args)
    assert title in answer_text and summary in answer_text and third in answer_text


def test_slack_blocks_and_json(capsys):
    query, result = sized("h100 vs h200 para llama 3.1 70b")
    message = blocks.answer(query=query, result=result, show_prices=True)
    blocks.validate(message.blocks)
    headers = [b["text"]["text"] for b in message.blocks if b["type"] == "header"]
    assert headers[0] == "Lado a lado: H100 SXM 80 GB vs H200 SXM 141 GB"
    side_by_side = next(
        b for b in message.blocks if "Lado a lado, para esta carga" in b.get("text", {}).get("text", "")
    )
    assert "Fora as duas, a menor que serve: 2× A100 SXM 80 GB" in side_by_side["text"]["text"]
    # the recommendation's memory bar still comes below
    assert any("Recomendação: 2× A100 SXM 80 GB" in b.get("text", {}).get("text", "") for b in message.blocks)
    # the notification's text leads with the two setups, not the first GPU's "não cabe"
    assert "Lado a lado: 2× H100 SXM 80 GB vs 2× H200 SXM 141 GB" in message.text
    data = answer_json(capsys, "h100 vs h200 para llama 3.1 70b")
    cmp = data["gpu_comparison"]
    assert [s["gpu"] for s in cmp["sides"]] == ["h100-sxm", "h200-sxm"]
    assert cmp["faster"] == "h200-sxm" and cmp["third"]["gpu"] == "a100-80gb-sxm"
    assert cmp["sides"][0]["setup"]["performance"]["ttft_s"] > 0
    # still there for programs that read them
    assert [a["kind"] for a in data["alternatives"]][:2] == ["named_gpu", "compared_gpu"]


@pytest.mark.parametrize(
    "text", ["cabe o llama 70b numa h100?", "llama 70b em 2 h100", "qwen3 14b l40s 20 usuarios"]
)
def test_one_gpu_named_is_answered_as_before(text, capsys):
    query, result = sized(text)
    assert result.gpu_comparison is None
    answer_text = render_text(result, query)
    assert "Lado a lado" not in answer_text
    assert answer_text.split("\n\n")[2].startswith(advice.describe(result.verdict.setup, "pt-BR") + ":")
    assert "gpu_comparison" not in answer_json(capsys, text)


def test_a_training_weighed_on_two_gpus_says_a_third_as_such():
    query, result = sized("h100 ou a100 pra lora do llama 3.1 8b com 50 mil exemplos")
    assert result.gpu_comparison is None and result.gpu_choice
    text = render_text(result, query)
    assert "Lado a lado, para este treino:" in text
    assert "Fora as duas, a menor que serve: 1× L40S 48 GB" in text


@pytest.mark.parametrize(
    "text",
    [
        "1 h100 ou 1 h200 para llama 3.1 8b com 600 req/min",  # 94% and 76% of what each sustains
        "1x h100 or 1x h200 for llama 3.1 8b at 10 requests per second",
    ],
)
def test_a_count_named_under_a_rate_is_judged_by_the_plans_share(text, capsys):
    query, result = sized(text)
    for side in result.gpu_comparison.sides:
        p = side.setup.performance
        assert side.count_named == 1 and side.setup.fits  # the memory holds it ...
        # ... within the latency targets, over the 70% a plan uses
        assert p.meets_targets and p.planned_utilization < p.utilization <= 1
        # ... so it does not serve as the recommendation would: the fewest of it within the plan's share
        assert not side.fits and side.over_plan
        assert side.fewest.count == 2 and side.fewest.performance.utilization <= p.planned_utilization
    lead = head(render_text(result, query))
    if query.workload.lang == "en":
        assert (
            "1× H100 SXM 80 GB: fits in memory, but the peak uses 94% of what it sustains, above the 70%"
            in lead
        )
        assert "none of the setups asked serves this workload" in lead
    else:
        assert (
            "1× H100 SXM 80 GB: cabe na memória, mas o pico usa 94% do que ela sustenta, acima dos 70%"
            in lead
        )
        assert "1× H200 SXM 141 GB: cabe na memória, mas o pico usa 76%" in lead
        assert (
            "Com 2× H100 SXM 80 GB (2 cópias do modelo, 1 GPU cada): o pico usa 47% do que sustenta" in lead
        )
        assert "nenhuma das configurações pedidas serve esta carga" in lead
        assert ": cabe, com" not in lead and "serve esta carga como pedida" not in lead
    data = answer_json(capsys, text)
    assert [side["over_plan"] for side in data["gpu_comparison"]["sides"]] == [True, True]


def test_gpus_with_no_count_under_a_rate_are_each_the_fewest_within_the_plan():
    # One H100 carries 600 requests a minute of a Llama 8B within the latency targets, at 94% of what it
    # sustains: the recommendation is two, and so is the H100's side.
    query, result = sized("h100 ou h200 para llama 3.1 8b com 600 req/min")
    assert result.recommendation.count == 2
    for side in result.gpu_comparison.sides:
        assert side.fits and side.setup.count == 2
        assert side.setup.performance.utilization <= side.setup.performance.planned_utilization
    assert "as duas pedem o mesmo número de GPUs (2)" in render_text(result, query)


def test_a_saturated_count_named_is_said_so_beside_how_many_would_do():
    query, result = sized("1 h100 ou 1 h200 para llama 3.1 8b com 800 req/min")
    h200 = result.gpu_comparison.sides[1]
    assert h200.setup.fits and h200.setup.performance.utilization > 1
    assert not h200.fits and h200.fewest.count == 2
    lead = head(render_text(result, query))
    assert "1× H200 SXM 141 GB: cabe na memória, mas não dá conta desta carga: satura em ~" in lead
    assert "só 1× H200" not in lead and "nenhuma das configurações pedidas serve esta carga" in lead


@pytest.mark.parametrize(
    ("text", "named", "other"),
    [
        ("2 h100 ou h200 pro qwen3 32b com 30 usuários", "h100-sxm", "h200-sxm"),
        ("h200 ou 4 l40s pro llama 3.1 8b", "l40s", "h200-sxm"),
    ],
)
def test_a_gpu_said_with_no_count_takes_its_own_fewest_not_the_others_count(text, named, other):
    query, result = sized(text)
    sides = {side.gpu: side for side in result.gpu_comparison.sides}
    assert sides[named].count_named is not None and sides[other].count_named is None
    alone = size(
        msgspec.structs.replace(query.workload, gpu=other, gpus=None, compare_gpus=[], compare_counts=[])
    )
    assert sides[other].setup.count == alone.requested.count == 1
    assert sides[other].setup.count < sides[named].count_named
    # the count is the answer's, beside counts the question said: its line says why
    said = f"1× {sides[other].gpu_name} (a menor quantidade que serve): serve esta carga como pedida"
    assert said in render_text(result, query)


def test_fewer_gpus_than_a_count_named_is_not_said_as_memory_when_fewer_of_it_serve():
    query, result = sized("4 h100 ou h200 pro llama 3.1 70b")
    h100, h200 = result.gpu_comparison.sides
    assert h100.fits and h100.setup.count == 4 and h100.fewer.count == 2
    assert h200.setup.count == 2 and result.gpu_comparison.fewer_gpus == "h200-sxm"
    text = render_text(result, query)
    assert "141 GB de memória por GPU contra 80 GB" not in text
    assert (
        "a H200 SXM 141 GB usa menos GPUs que as 4 pedidas da H100 SXM 80 GB (2 contra 4), "
        "mas 2× H100 SXM 80 GB também serve esta carga"
    ) in text
    # a count named that is already the fewest of it: the memory is why the other needs fewer
    query, result = sized("2 h100 ou h200 pro qwen3 32b com 30 usuários")
    assert result.gpu_comparison.sides[0].fewer is None
    assert "serve com menos GPUs (1 contra 2): 141 GB de memória por GPU contra 80 GB" in render_text(
        result, query
    )


def test_each_side_has_its_price_an_hour_beside_its_month(priced, capsys):
    lead = head(answer(capsys, "l40s ou a100 pro qwen3 14b com 20 usuários?"))
    # 2 L40S at R$ 9,00 an hour on demand, 730 hours a month; 1 A100 at R$ 12,00
    assert "Por mês: sob demanda R$ 13.140 (R$ 18,00/h); reservada R$ 9.490 (R$ 13,00/h)" in lead
    assert "Por mês: sob demanda R$ 8.760 (R$ 12,00/h); reservada R$ 6.570 (R$ 9,00/h)" in lead
    en = head(answer(capsys, "l40s or a100 for qwen3 14b with 20 users?"))
    assert "(BRL 18.00/h)" in en and "(BRL 12.00/h)" in en


def test_fewer_gpus_under_a_rate_with_a_copy_on_as_many_of_each_is_said_as_what_each_sustains():
    # An 8B is one copy a GPU on either: seven H100 against six H200 are the copies the rate needs, set by
    # the requests a second each GPU sustains, not by the H200's memory.
    query, result = sized("h100 ou h200 pro llama 3.1 8b com 50 req/s")
    h100, h200 = result.gpu_comparison.sides
    assert (h100.setup.count, h200.setup.count) == (7, 6)
    assert h100.setup.performance.gpus_per_replica == h200.setup.performance.gpus_per_replica == 1
    text = render_text(result, query)
    assert "a H200 SXM 141 GB serve com menos GPUs (6 contra 7): cada cópia do modelo ocupa" in text
    assert "141 GB de memória por GPU contra 80 GB" not in text
    # and the faster part right after it goes on from it
    assert "contra ~11 requisições/s; e é ~1,3× mais rápida por usuário" in text
