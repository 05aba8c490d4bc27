"""Answers read line by line as a careful customer would, round 3 (rounds 1 and 2: test_answer_audit.py,
test_answer_audit2.py), through the console with prices configured: a whole answer's time nothing we rent
gives, "the fastest" among more GPUs of a kind, a training on a GPU named."""

import re

import pytest

from sizing import i18n
from tests.data_folders import priced_answers
from tests.test_answer_audit import PRICES, number, performance_line
from tests.test_answer_audit2 import recommended_and_decided


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


UNREACHABLE_ANSWER_TIME = [
    ("Llama 3.1 8B para 10 usuários, resposta completa em 0,5 s", "pt-BR", 0.5, 500),
    ("Llama 3.1 70B, 20 users, full answer within 1 s for 500-token answers", "en", 1.0, 500),
    ("qwen2.5 7b, 5 usuários, resposta completa em 0,3 s, respostas de 200 tokens", "pt-BR", 0.3, 200),
    ("Llama 3.1 8B para 10 utilizadores, resposta completa em 1 s", "pt-PT", 1.0, 500),
]
ANSWER_FASTEST = r"\((?:a mais rápida leva|a mais rápida demora|the fastest takes) ~([\d.,]+) s\)"
ANSWER_REACHED = r"\(~([\d.,]+) s (?:sem fila|with no queue)\)"
ANSWER_SIZED = (
    r"(?:dimensionada para resposta completa em(?: até)?|sized for a whole answer within) ([\d.,]+) s"
)


@pytest.mark.parametrize(("question", "lang", "asked", "output"), UNREACHABLE_ANSWER_TIME)
def test_a_whole_answer_no_setup_gives_recommends_the_closest_and_says_what_is_reachable(
    ask, question, lang, asked, output
):
    # "Recomendação: nenhuma configuração da nossa oferta comporta esta carga" had been said of a model that
    # fits: the whole answer's time asked was out of reach, not the memory. As a first token out of reach is
    # (test_answer_audit2.py), the closest setup is recommended and what decided says what is reachable.
    out = ask(question)
    assert "nenhuma configuração da nossa oferta comporta" not in out
    assert "no setup in our offering holds" not in out
    setup, decided = recommended_and_decided(out)
    said = re.search(r"(?:uma resposta completa de|a whole answer of) ([\d.,\u00a0]+) tokens (?:em até|em|within) "
                     r"([\d.,]+) s", decided)  # fmt: skip
    assert said and number(said[1], lang) == output and number(said[2], lang) == asked, decided
    assert setup in decided
    fastest, reached, sized = (
        number(re.search(p, decided)[1], lang) for p in (ANSWER_FASTEST, ANSWER_REACHED, ANSWER_SIZED)
    )
    assert asked < fastest <= reached <= sized
    # the performance line's whole answer is within what the answer is sized for
    perf = performance_line(out)
    whole = re.search(
        r"(?:Resposta completa de|A whole answer of) [\d.,]+ tokens (?:em|in) ~([\d.,]+) s", perf
    )
    assert whole and reached - 0.051 <= number(whole[1], lang) <= sized, perf
    sustains = next(line for line in out.splitlines() if line.startswith(("Sustenta", "Sustains")))
    assert i18n.seconds(sized, lang) + " s" in sustains
    # what would meet it: answers short enough for the time asked, on the fastest
    shorter = re.search(r"(?:a mais rápida dá respostas de até|the fastest gives answers of up to) ([\d.,\u00a0]+) "
                        r"tokens", decided)  # fmt: skip
    assert shorter and 1 <= number(shorter[1], lang) < output


def test_the_longest_answer_said_to_fit_the_time_does_fit_it(ask):
    # "Em até 0,5 s, a mais rápida dá respostas de até N tokens": asked again with N-token answers and a
    # second to spare, nothing is out of reach; with twice N, it still is.
    decided = recommended_and_decided(
        ask("qwen2.5 7b, 5 usuários, resposta completa em 0,3 s, respostas de 200 tokens")
    )[1]
    n = int(re.search(r"respostas de até ([\d.]+) tokens", decided)[1].replace(".", ""))
    # N is said of the precision the answer is in (FP8 where 16 bits came closest only on far more: round 4)
    model = (
        "qwen2.5 7b em fp8"
        if decided.startswith("  O que decidiu: a latência, e então o preço. Em FP8")
        else "qwen2.5 7b"
    )
    one = recommended_and_decided(
        ask(f"{model}, 1 usuário, resposta completa em 0,3 s, respostas de {n} tokens")
    )[1]
    assert "nenhuma configuração" not in one
    twice = recommended_and_decided(
        ask(f"{model}, 1 usuário, resposta completa em 0,3 s, respostas de {2 * n} tokens")
    )[1]
    assert "nenhuma configuração que alugamos dá uma resposta completa" in twice


def test_a_lower_precision_that_gives_the_whole_answer_asked_is_named(ask):
    decided = recommended_and_decided(ask("Llama 3.1 8B, 2 users, whole answer within 2 s"))[1]
    assert "In BF16/FP16 (16-bit), no setup we rent gives a whole answer" in decided
    assert re.search(
        r"In FP8 \(8-bit\), \d+× H\d00 SXM \d+ GB gives the whole answer within 2\.0 s\.", decided
    )


# the fastest with fewer GPUs, as what decided says it: "Com menos GPUs, a mais rápida é 2× H200 SXM 141 GB: primeiro
# token em ~0,07 s, ~178 tokens/s", or, where it is the smallest that serves, "a recomendação seria 1× L40 48 GB, a
# menor que serve: primeiro token em ..."
FEWER = (
    r"(?:a mais rápida é|the fastest is|seria|would be) (\d+)× [^:]+: (?:primeiro token em|first token in) "
    r"~[\d.,]+ s, ~([\d.,\u00a0]+) tokens/s"
)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Llama 3.1 8B para 20 usuários, o mais rápido", "pt-BR"),
        ("Qwen2.5 7B, 5 req/s, the fastest", "en"),
        ("Llama 3.1 8B para 20 utilizadores, o mais rápido", "pt-PT"),
    ],
)
def test_the_fastest_service_weighs_more_gpus_of_a_kind_and_says_what_fewer_give(ask, question, lang):
    # "the fastest" had compared only the fewest GPUs of each kind that serve (1× H200 for a 8B): two or four
    # H200s in tensor parallel answer each user sooner, and the answer says what the fastest with fewer gives.
    out = ask(question)
    setup, decided = recommended_and_decided(out)
    count = int(setup.split("×")[0])
    assert count > 1, setup
    fewer = re.search(FEWER, decided)
    assert fewer, decided
    fewer_count, fewer_speed = int(fewer[1]), number(fewer[2], lang)
    per_user = number(re.search(r"~([\d.,\u00a0]+) tokens/s", performance_line(out))[1], lang)
    assert fewer_count < count and fewer_speed < per_user


def test_the_fastest_within_a_budget_keeps_to_it(ask):
    # within R$ 30 mil a month the setups weighed are those whose month (in their cheapest contract) is within it
    out = ask("Llama 3.1 8B para 20 usuários, o mais rápido, orçamento de R$ 30 mil por mês")
    setup, decided = recommended_and_decided(out)
    assert "o mais rápido dentro do orçamento" in decided
    assert "Orçamento de R$ 30.000 por mês: cabe" in out, out
    unbounded = recommended_and_decided(ask("Llama 3.1 8B para 20 usuários, o mais rápido"))[0]
    assert int(setup.split("×")[0]) <= int(unbounded.split("×")[0])


def test_the_fastest_does_not_split_a_copy_over_servers_where_one_server_holds_it(ask):
    # 2 servers of 8 H200 had answered ~7% sooner than one server, on a pipeline across the network the
    # estimate does not time
    setup, _ = recommended_and_decided(ask("llama 70b 20 users, the fastest"))
    assert "servers" not in setup and int(setup.split("×")[0]) <= 8


RUN_PER = (
    r"(?:Por execução|Per run): (?:R\$|BRL) ([\d.,]+) (?:em|in) ~([\d.,]+) (horas|dias|hours|days), (?:contra|against) "
    r"(?:R\$|BRL) ([\d.,]+) (?:em|in) ~([\d.,]+) (horas|dias|hours|days) (?:na menor|on the smallest)"
)


def chosen_and_decided(out: str) -> tuple[str, str]:
    """The setup recommended and what decided it; where the GPU named is the recommendation, its verdict leads
    the answer in place of a "Recomendação:" line."""
    if re.search(r"^(?:Recomendação|Recommendation):", out, re.M):
        return recommended_and_decided(out)
    setup = re.search(r"^(\d+× .+?): (?:cabe|fits)", out, re.M)
    return setup[1], next(
        line for line in out.splitlines() if re.match(r"  (O que decidiu|What decided):", line)
    )


def _days(value: str, unit: str, lang: str) -> float:
    return number(value, lang) / (24 if unit.startswith(("hora", "hour")) else 1)


@pytest.mark.parametrize(
    ("question", "lang", "gpu"),
    [
        # 1× H100 does not hold a 70B's LoRA: the offering's smallest that does (2× H200) had been recommended,
        # for R$ 515 in ~10 h, beside the H100s named that run it for R$ 396 in ~5 h
        ("LoRA do llama 3.1 70b em H100 com 100 milhões de tokens", "pt-BR", "H100 SXM 80 GB"),
        # one H100 holds an 8B's LoRA, and the L40 had been recommended for R$ 862 in ~5 days against R$ 451
        ("fine-tune do llama 3.1 8b em H100 com 1 bilhão de tokens", "pt-BR", "H100 SXM 80 GB"),
        ("LoRA on Llama 3.1 8B on H200 with 2B tokens", "en", "H200 SXM 141 GB"),
    ],
)
def test_a_training_on_a_gpu_named_runs_on_it_where_it_costs_no_more_per_run(ask, question, lang, gpu):
    out = ask(question)
    setup, decided = chosen_and_decided(out)
    assert gpu in setup, setup
    assert re.search(r"(?:a GPU pedida|the GPU asked for), " + re.escape(gpu), decided), decided
    run = re.search(RUN_PER, out)
    assert run, out
    total, days = number(run[1], lang), _days(run[2], run[3], lang)
    smallest_total, smallest_days = number(run[4], lang), _days(run[5], run[6], lang)
    # the smaller setup costs more per run and takes longer: said as such, never as the better choice
    assert total <= smallest_total and days <= smallest_days
    assert "já basta" not in out and "is enough" not in out


def test_more_of_a_gpu_named_finish_a_long_run_within_a_working_day_at_the_same_cost(ask):
    # an 8B's LoRA on 1B tokens: ~23 h on one H100, ~6 h on four, the same GPU-hours and so the same cost
    out = ask("fine-tune do llama 3.1 8b em H100 com 1 bilhão de tokens")
    setup, decided = chosen_and_decided(out)
    assert setup.startswith("4× H100")
    assert "1× H100 SXM 80 GB, a menor quantidade que comporta o treino, leva ~23 horas" in decided
    costs = re.findall(r"Custo do projeto: R\$ ([\d.,]+)", out)
    assert len(set(costs)) == 1, costs  # the one named and the recommendation: the same cost per run


def test_a_short_run_on_a_gpu_named_stays_on_the_fewest(ask):
    # done within a working day on one H100: more would only shorten a run already done the same day
    setup, decided = chosen_and_decided(ask("LoRA no Llama 3.1 8B em H100 com 100 milhões de tokens"))
    assert setup.startswith("1× H100") and "a menor quantidade que o termina num dia de trabalho" in decided


def test_more_gpus_over_pcie_than_the_smallest_are_not_recommended_for_a_gpu_named(ask):
    # eight L40S for a 70B's LoRA had been recommended over two H200s: over PCIe they are not sharded as the
    # estimate assumes; the smallest stays, and the verdict says the L40S's own time
    out = ask("LoRA do Llama 3.1 70B em L40S com 300 milhões de tokens")
    setup = recommended_and_decided_or_none(out)[0]
    assert "L40S" not in setup and "a GPU pedida" not in out


def test_more_gpus_over_pcie_are_not_recommended_for_a_training(ask):
    # two days on one L40S: eight over PCIe would not shard it as cheaply as the estimate assumes
    setup, decided = chosen_and_decided(ask("LoRA no Llama 3.1 8B numa L40S com 1 bilhão de tokens"))
    assert setup.startswith("1× L40S") and "PCIe" in decided


def test_a_gpu_named_with_a_count_is_still_judged_as_asked(ask):
    out = ask("fine-tune do llama 3.1 8b em 1 H100 com 1 bilhão de tokens")
    assert "a GPU pedida" not in out


def test_without_prices_a_training_on_a_gpu_named_says_what_decided(capsys):
    from bot.cli import main

    main(["LoRA do llama 3.1 70b em H100 com 100 milhões de tokens"])
    out = capsys.readouterr().out
    setup, decided = chosen_and_decided(out)
    assert setup.startswith("4× H100") and "As horas de GPU do treino são as mesmas" in decided
    assert (
        "2× H200 SXM 141 GB, a menor configuração da oferta que comporta o treino, leva ~10 horas" in decided
    )
    assert "Por execução" not in out


def test_a_cheaper_quicker_run_on_more_nvlink_gpus_in_one_server_is_recommended(ask):
    # "Recomendação: 2× H200" (R$ 417 in ~8 h) had stood above "4× H100 sai por R$ 320,72 (R$ 96 a menos), em ~4
    # horas, porém em mais GPUs": four H100s joined by NVLink in one server shard the run as the MFU assumes
    out = ask("fine-tuning completo do Qwen2.5 7B com 500 milhões de tokens em uma semana")
    setup, _ = recommended_and_decided_or_none(out)
    assert setup.startswith("4× H100")
    assert "Por execução, a recomendada é a mais barata" in out and "porém em mais GPUs" not in out


def recommended_and_decided_or_none(out: str) -> tuple[str, str | None]:
    rec = next(line for line in out.splitlines() if line.startswith(("Recomendação:", "Recommendation:")))
    return re.match(r"(?:Recomendação|Recommendation): (\d+× .+?)(?: ·|$)", rec)[1], None


@pytest.fixture
def ask_cheap_l40s(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, dict(PRICES, l40s="{ on_demand = 5.0 }"))


def test_more_gpus_over_pcie_are_still_not_the_cheaper_runs_recommendation(ask_cheap_l40s):
    # L40S at R$ 5 an hour buy the most FLOPs, but the run needs more of them than the smallest's GPUs, over
    # PCIe: not sharded as cheaply as the estimate assumes, they are said beside the smallest, not recommended
    out = ask_cheap_l40s("fine-tuning completo do Llama 3.1 8B com 300 milhões de tokens")
    rec = recommended_and_decided_or_none(out)[0]
    assert "L40S" not in rec
    assert re.search(r"Por execução, \d+× L40S 48 GB sai por .*porém em mais GPUs", out), out


def test_a_training_on_a_gpu_named_within_a_budget_runs_on_it(ask):
    # the A100 named ran it for BRL 317 in ~1.1 days, said beside "1× L40 holds the run too, but costs more per
    # run", and the L40 had been recommended all the same
    out = ask("fine-tune Mistral 7B on 200k examples on A100, budget BRL 5,000")
    setup, decided = chosen_and_decided(out)
    assert "A100" in setup and "the GPU asked for, A100 SXM 80 GB" in decided
    assert "Budget of BRL 5,000 for the project: the project's cost" in out and "fits" in out


@pytest.mark.parametrize(
    ("question", "lang", "rate"),
    [
        ("bge-reranker-v2-m3 para 50 req/s", "pt-BR", 50),
        ("bge-m3 for 200 queries per second", "en", 200),
        ("bge-m3 para 3 mil consultas por minuto", "pt-BR", 50),
        ("bge-reranker-v2-m3 para 600 consultas por minuto", "pt-BR", 10),
    ],
)
def test_an_encoders_request_rate_is_served_with_the_gpus_it_needs(ask, question, lang, rate):
    # "bge-reranker-v2-m3 para 50 req/s" had been answered with its memory alone: the rate asked went unsaid
    out = ask(question)
    line = next(line for line in out.splitlines() if re.match(r"[\d.,]+ (?:requisições|requests)/s", line))
    said = re.match(r"([\d.,]+) (?:requisições|requests)/s", line)
    assert number(said[1], lang) == rate
    per_gpu = number(re.search(r"~([\d.,]+) (?:requisições|requests)/s", line)[1], lang)
    share = number(re.search(r"(?:pico em até|pico a|peak at up to) (\d+)%", line)[1], lang) / 100
    count = int(re.search(r": (\d+)× ", line)[1])
    # the GPUs said serve the rate with the peak within the plan's share, and one fewer would not
    assert count * per_gpu * share >= rate * 0.97 and (
        count == 1 or (count - 1) * per_gpu * share < rate * 1.03
    )


def test_a_rerankers_rate_says_what_one_request_reads(ask):
    line = next(
        line for line in ask("bge-reranker-v2-m3 para 50 req/s").splitlines() if "requisições/s ao" in line
    )
    assert "uma consulta e 100 trechos a reordenar, cada par de até 512 tokens" in line
    assert "diga quantos trechos cada consulta reordena" in line


def test_personal_data_is_no_misspelt_head_count(ask):
    # "dados pessoais de clientes" had been answered "Li “pessoais” como pessoas."
    out = ask("phi-4 para 25 usuários, dados pessoais de clientes (LGPD)")
    assert "pessoais" not in out.split("\n\n")[0] and "25 usuários simultâneos" in out.splitlines()[0]


def test_the_fastest_training_weighs_more_nvlink_gpus_of_a_kind(ask):
    # "4× A100 SXM 80 GB é a mais rápida das configurações que comportam o treino (~13 horas)" had been said where
    # eight H100s, joined by NVLink in one server, run it in ~2 h: only the fewest of each GPU had been weighed
    out = ask("LoRA no Qwen2.5 14B com 200 mil exemplos, prazo de 1 dia, o mais rápido possível")
    setup, decided = recommended_and_decided(out)
    assert "o menor tempo, como pedido" in decided
    hours = re.search(r"\(~(\d+) horas?\)", decided)
    assert int(setup.split("×")[0]) > 4 and hours and int(hours[1]) < 13


def test_a_training_budget_says_what_its_choice_weighed(ask):
    # "1× H100 é a mais rápida das configurações que terminam o treino dentro dele" had read as the fastest of all,
    # where more H100s cost the same per run and end sooner. Round 4 (test_answer_audit4.py) weighs them: a run
    # within a working day stays on its cheapest, and says so
    decided = recommended_and_decided(
        ask("QLoRA do Llama 3.1 70B com 20 mil exemplos, orçamento de R$ 2 mil")
    )[1]
    assert "1× H100 SXM 80 GB termina o treino num dia de trabalho (10 horas)" in decided
    assert "é a mais barata das configurações que o fazem dentro dele" in decided


def test_a_training_on_a_gpu_named_across_more_servers_is_not_recommended_over_the_smallest(ask):
    # four servers of H100s had been chosen for a 70B's full fine-tune "to finish within a working day": the
    # network between servers is not timed, so more of them than the offering's smallest takes are not offered
    out = ask("fine-tune completo do Llama 3.1 70B em H100 com 1 bilhão de tokens")
    setup = recommended_and_decided_or_none(out)[0]
    assert setup.startswith("16× H200") and "a GPU pedida" not in out


def test_an_encoders_rate_says_the_fewer_faster_gpus_it_would_take(ask):
    # 64 L40S had been the only setup said for a 4B reranker at 20 queries a second
    out = ask("qwen3 reranker 4b, 20 consultas por segundo")
    first = int(re.search(r": (\d+)× L40S 48 GB\.", out)[1])
    others = dict((g, int(n)) for n, g in re.findall(r"(\d+)× ([A-Z]\d+ SXM \d+ GB) \(~", out))
    # the H100 and H200 (989 BF16 TFLOPS against the L40S's 362) take fewer; the A100 (312) more
    assert others["H100 SXM 80 GB"] < first and others["H200 SXM 141 GB"] < first
    assert others["A100 SXM 80 GB"] > first


def test_a_gpu_named_past_one_server_says_it_is_the_deadline_one_server_misses(capsys):
    # "No number of it in one server holds the run" had been said where 8 H200s hold it in ~37 days, past the
    # two weeks asked
    from bot.cli import main

    main(["qwen3 30b-a3b pretrain 500B tokens in 2 weeks h200"])
    decided = recommended_and_decided(capsys.readouterr().out)[1]
    assert "no number of it holds the run and ends it within the deadline of 14 days" in decided, decided
