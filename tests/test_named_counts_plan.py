"""A GPU or a count named for production under a rate is judged as the recommendation is: a setup that carries
the peak within the latency targets but above the share of what it sustains a plan uses (traffic.toml
plan_utilization, 70%) is said to be over the plan, with the fewest of that GPU within it, laid out as the
recommendation would be (copies side by side or tensor parallel). It had led with "cabe ... — a 94% do que
sustenta, acima dos 70%" and offered nothing more of it. Counts said in words ("one h100 or one h200", "a single
h100", "só uma h100", "duas a100", "three l40s"; "uma" beside another GPU's count) are counts; trades said in
English ("30 analysts") are a head-count as the Portuguese are; and fast answers asked for in words over prompts no GPU reads in the interactive first
token are sized for the fastest first token there is, not answered with nothing. Through `gpu-size`."""

from __future__ import annotations

import re

import pytest

from .gpu_size_run import answer, answer_json


def lead(text: str) -> str:
    """The answer down to its memory breakdown: the named setup's verdict and its changes."""
    return text.split("\n\n")[2] if text.count("\n\n") >= 3 else text


@pytest.mark.parametrize(
    ("question", "said", "within"),
    [
        (
            "llama 3.1 8b numa h100 com 600 req/min",
            "1× H100 SXM 80 GB: cabe na memória, com 24,6 GB livres por GPU, mas o pico usa 94% do que ela "
            "sustenta, acima dos 70% que o plano admite",
            "Com 2× H100 SXM 80 GB (2 cópias do modelo, 1 GPU cada): o pico usa 47% do que sustenta, dentro do plano",
        ),
        (
            "llama 3.1 8b on one h100 at 600 requests per minute",
            "1× H100 SXM 80 GB: fits in memory, with 24.6 GB free per GPU, but the peak uses 94% of what it "
            "sustains, above the 70% a plan allows",
            "With 2× H100 SXM 80 GB (2 copies of the model, 1 GPU each): the peak uses 47% of what it sustains, "
            "within the plan",
        ),
        (
            # 290 a minute: at 300 the conversations in flight outgrow 2 H100s' memory (by 2.4 GB a GPU) since
            # prompts are read at 52% of peak (tests/test_performance.py)
            "2 h100 para qwen3 32b com 290 req/min",
            "2× H100 SXM 80 GB: cabe na memória, com 4,1 GB livres por GPU, mas o pico usa 82% do que ela sustenta",
            "Com 4× H100 SXM 80 GB (2 cópias do modelo, 2 GPUs cada): o pico usa 41% do que sustenta",
        ),
    ],
)
def test_a_named_setup_over_the_plans_share_says_so_and_the_count_within_it(capsys, question, said, within):
    text = lead(answer(capsys, question))
    assert said in text
    assert within in text
    # the share is said once, in the lead, not again as an aside to "fits"
    assert ": cabe, com" not in text and ": fits, with" not in text
    assert text.count("94%") <= 1 and "— a 94%" not in text and "— at 94%" not in text
    data = answer_json(capsys, question)
    verdict = data["verdict"]
    assert verdict["over_plan"] is True and "unserved" not in verdict
    p = verdict["setup"]["performance"]
    assert p["meets_targets"] and p["planned_utilization"] < p["utilization"] <= 1
    (change,) = verdict["changes"]
    q = change["setup"]["performance"]
    assert change["setup"]["gpu"] == verdict["setup"]["gpu"]
    assert q["utilization"] <= q["planned_utilization"]


def test_a_lone_count_keeps_its_layout_and_the_count_within_is_laid_out_as_the_recommendation(capsys):
    # Eight H100 for an 8B named alone are one copy over the eight (as asked), at 99% of what they sustain (its
    # 2,048-token steps cap the prompts it reads: performance._Workload._budget; had been 92%); the
    # H100s within the plan are seven copies of one GPU each, as the recommendation would lay them out.
    data = answer_json(capsys, "8 h100 para llama 8b com 50 req/s")
    verdict = data["verdict"]
    assert verdict["over_plan"] is True
    assert verdict["setup"]["count"] == 8 and verdict["setup"]["replicas"] == 1
    assert verdict["setup"]["tensor_parallel"] == 8
    (change,) = verdict["changes"]
    assert change["setup"]["count"] == 7 and change["setup"]["replicas"] == 7
    text = lead(answer(capsys, "8 h100 for llama 8b at 50 req/s"))
    assert "8× H100 SXM 80 GB: fits in memory, with 47.6 GB free per GPU, but the peak uses 99%" in text
    assert "Within the plan, on the same GPU:" in text
    assert "With 7× H100 SXM 80 GB (7 copies of the model, 1 GPU each): the peak uses 67%" in text
    assert "is enough for this load" not in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 3.1 8b numa h100 com 300 req/min", "1× H100 SXM 80 GB: cabe, com 41,8 GB livres por GPU."),
        ("llama 3.1 8b numa h100 com 800 req/min", "1× H100 SXM 80 GB: não cabe; faltam 0,36 GB por GPU."),
    ],
)
def test_a_named_setup_within_the_plan_or_short_of_memory_is_judged_as_before(capsys, question, said):
    text = lead(answer(capsys, question))
    assert said in text
    assert "acima dos 70%" not in text.split("\n")[0]
    assert "over_plan" not in answer_json(capsys, question)["verdict"]


@pytest.mark.parametrize(
    ("question", "counts"),
    [
        ("one h100 or one h200 for llama 3.1 8b at 600 requests per minute", [1, 1]),
        ("só uma h100 ou só uma h200 para llama 3.1 8b com 600 req/min", [1, 1]),
        # "uma" alone is also an article: a count beside another GPU's, not when it only asks which GPU
        ("qual compensa mais para o qwen 32b: uma L40S ou uma A100?", [None, None]),
        ("a single h100 or two a100s for llama 3.1 8b at 600 requests per minute", [1, 2]),
        ("uma h200 ou duas h100 para llama 3.1 8b com 600 req/min", [1, 2]),
        ("três l40s ou uma h200 para llama 3.1 70b", [3, 1]),
        ("three l40s or one h200 for llama 3.1 70b", [3, 1]),
    ],
)
def test_counts_in_words_are_counts_in_a_comparison(capsys, question, counts):
    sides = answer_json(capsys, question)["gpu_comparison"]["sides"]
    assert [side["count_named"] for side in sides] == counts


def test_one_gpu_each_in_words_under_a_rate_is_judged_by_the_plans_share(capsys):
    text = lead(answer(capsys, "one h100 or one h200 for llama 3.1 8b at 600 requests per minute"))
    assert (
        "1× H100 SXM 80 GB: fits in memory, but the peak uses 94% of what it sustains, above the 70%" in text
    )
    assert "With 2× H100 SXM 80 GB (2 copies of the model, 1 GPU each): the peak uses 47%" in text
    assert "none of the setups asked serves this workload" in text
    text = lead(answer(capsys, "uma h200 ou duas h100 para llama 3.1 8b com 600 req/min"))
    assert "1× H200 SXM 141 GB: cabe na memória, mas o pico usa 76%" in text


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        (
            "a single h100 for llama 3.1 8b at 600 requests per minute",
            "Understood: Llama 3.1 8B · 1× H100 SXM 80 GB",
        ),
        ("uma única h100 para llama 3.1 8b com 600 req/min", "Entendi: Llama 3.1 8B · 1× H100 SXM 80 GB"),
        ("two a100s for qwen3 32b", "Understood: Qwen3 32B · 2× A100 SXM 80 GB"),
        ("duas a100 para qwen3 32b", "Entendi: Qwen3 32B · 2× A100 SXM 80 GB"),
        ("three l40s for llama 3.1 70b", "Understood: Llama 3.1 70B · 3× L40S 48 GB"),
    ],
)
def test_a_count_in_words_is_read_as_the_count(capsys, question, understood):
    assert answer(capsys, question).startswith(understood)


@pytest.mark.parametrize(
    ("question", "people"),
    [
        ("qwen 2.5 72b for 30 analysts", "30 people: 10% of them at the busiest hour"),
        ("qwen 2.5 72b para 30 analistas", "30 pessoas: 10% delas na hora de pico"),
        ("llama 3.1 70b for 200 salespeople", "200 people: 10% of them at the busiest hour"),
        ("llama 3.1 70b for 50 physicians", "50 people: 10% of them at the busiest hour"),
    ],
)
def test_trades_said_in_english_are_a_head_count_as_in_portuguese(capsys, question, people):
    assert people in answer(capsys, question)
    data = answer_json(capsys, question)
    assert data["workload"]["population"] == int(people.split()[0])
    assert data["recommendation"]["performance"]["concurrency"] < 5


def test_analysts_said_to_be_at_once_stay_users_at_once(capsys):
    data = answer_json(capsys, "qwen 2.5 72b for 30 analysts at once")
    assert data["workload"]["users"] == 30 and data["workload"]["population"] is None


@pytest.mark.parametrize(
    ("question", "fastest", "sized", "recommended"),
    [
        (
            "qwen 2.5 72b para 30 analistas, contratos de 100 páginas, respostas rápidas",
            "nenhuma configuração que alugamos lê um prompt desses dentro dos 4,5 s até o primeiro token da "
            "versão interativa do benchmark de contexto longo do MLPerf, nem sem carga; o mais rápido possível é "
            "~5,0 s",
            "dimensionei para primeiro token em até 7,6 s, que 8× H100 SXM 80 GB cumpre",
            "Recomendação: 8× H100 SXM 80 GB",
        ),
        (
            "qwen 2.5 72b for 30 analysts, 100-page contracts, fast answers",
            "no setup we rent reads such a prompt within the 4.5 s to the first token of the interactive version "
            "of MLPerf's long-context benchmark, even unloaded; the fastest there is takes ~5.0 s",
            "sized for a first token within 7.6 s, which 8× H100 SXM 80 GB meets",
            "Recommendation: 8× H100 SXM 80 GB",
        ),
    ],
)
def test_fast_answers_no_gpu_reads_in_time_are_sized_for_the_fastest_first_token(
    capsys, question, fastest, sized, recommended
):
    text = answer(capsys, question)
    assert fastest in text
    assert sized in text
    assert recommended in text
    assert "nenhuma configuração da nossa oferta comporta" not in text
    assert "no setup we offer" not in text.lower()
    data = answer_json(capsys, question)
    rec = data["recommendation"]
    assert rec["gpu"] == "h100-sxm" and rec["count"] == 8 and rec["tensor_parallel"] == 8
    p = rec["performance"]
    assert p["meets_targets"] and 4.5 < p["ttft_s"] < 7.6


def test_a_fast_first_token_typed_in_seconds_stands(capsys):
    # A figure the question gave is the customer's: no setup meets it, and the answer says so where it says
    # what decided, recommending what comes closest (it had recommended nothing), not sized as a default is.
    text = answer(
        capsys, "qwen 2.5 72b para 30 analistas, contratos de 100 páginas, primeira resposta em 3 s"
    )
    assert "nenhuma configuração que alugamos dá o primeiro token em até 3,0 s" in text
    assert re.search(r"Recomendação: \d+× ", text)
    assert "o mais rápido possível" not in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "quantas h100 para llama 3.1 8b com 600 req/min?",
            "2× H100 SXM 80 GB (2 cópias do modelo, 1 GPU cada): cabe",
        ),
        (
            "how many h100s for llama 3.1 8b at 600 requests per minute?",
            "2× H100 SXM 80 GB (2 copies of the model",
        ),
    ],
)
def test_how_many_of_a_gpu_under_a_rate_is_the_fewest_within_the_plan(capsys, question, said):
    # One H100 carries the peak at 94% of what it sustains: how many is the count within the plan, not one.
    assert said in lead(answer(capsys, question))
    assert answer_json(capsys, question)["verdict"]["setup"]["count"] == 2
