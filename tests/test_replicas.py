"""Copies of the model required for availability ("3 réplicas", "alta disponibilidade", "HA", "N+1", "em duas
zonas"): read in Brazilian and European Portuguese and English, honoured by the recommendation and the load
plan (max of the copies the load needs and those required), with the GPUs, the cost per contract mode, the
reason for the count and what the copies left serve when one fails; through gpu-size, its JSON and Slack."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing import i18n
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from tests.data_folders import priced_copy

from . import slack_requests as sr
from .slack_harness import serve
from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def _answer(text: str, catalog=None):
    """The question read, sized and rendered in the language it is written in (as gpu-size and Slack do)."""
    q = parse(text)
    w = q.workload
    lang = i18n.answer_lang(None, q.lang, q.written_lang, "pt-BR")
    r = size(w.but(lang=lang) if lang != w.lang else w, catalog)
    return q, r, render_text(r, q)


# -- how people ask -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "replicas", "ha", "spare", "zones"),
    [
        ("llama 3.1 8b 50 usuarios com 8 réplicas para alta disponibilidade", 8, True, None, None),
        ("llama 70b 2x h100 com 3 réplicas", 3, None, None, None),
        ("llama 8b com duas réplicas", 2, None, None, None),
        ("llama 8b, pelo menos três cópias do modelo", 3, None, None, None),
        ("llama 8b no mínimo 2 réplicas", 2, None, None, None),
        ("llama 8b 2 cópias do modelo", 2, None, None, None),
        ("llama 8b replicas: 4", 4, None, None, None),
        ("llama 8b número de réplicas: 3", 3, None, None, None),
        ("llama 8b number of replicas = 2", 2, None, None, None),
        ("llama 8b com redundância", None, True, None, None),
        ("llama 8b sem ponto único de falha", None, True, None, None),
        ("llama 8b com HA", None, True, None, None),
        ("llama 8b modelo replicado", None, True, None, None),
        ("llama 8b SLA de 99,9%", None, True, None, None),
        ("llama 8b 200 req/min, redundância N+1", None, True, 1, None),
        ("llama 8b tolerante a falhas, em duas zonas", None, True, None, 2),
        # "do qwen3 32b" after the count had been read as the copies of something else, and "réplicas" dropped
        ("alta disponibilidade com 2 réplicas do llama 8b em regiões diferentes", 2, True, None, 2),
        # pt-PT
        ("llama 8b 20 utilizadores em simultâneo, alta disponibilidade", None, True, None, None),
        ("llama 8b com 3 réplicas, tolerância a falhas pt-pt", 3, True, None, None),
        # English
        ("llama 8b at least 2 replicas, in two zones", 2, None, None, 2),
        ("llama 8b for 50 users, highly available", None, True, None, None),
        ("llama 3.1 8b for 50 users with 3 replicas for high availability", 3, True, None, None),
        ("llama 8b with 3 copies of the model for redundancy", 3, True, None, None),
        ("llama 8b no single point of failure, multi-region", None, True, None, 2),
        ("llama 8b with 2 replicas in different regions", 2, None, None, 2),
        ("llama 8b 99.95% uptime, failover", None, True, None, None),
        ("llama 8b N+2", None, None, 2, None),
        ("llama 8b without redundancy", None, False, None, None),
    ],
)
def test_replicas_and_availability_are_read_in_each_language(text, replicas, ha, spare, zones):
    q = parse(text)
    w = q.workload
    assert (w.replicas, w.high_availability, w.spare_replicas, w.zones) == (replicas, ha, spare, zones)
    assert q.unknown == []


@pytest.mark.parametrize(
    "text",
    [
        # LGPD and backups: copies of the data, not of the model.
        "llama 8b, cópia dos dados no Brasil",
        "llama 8b, 2 cópias de segurança por dia",
        "llama 8b, with 2 copies of the data in Brazil",
        "llama 8b com réplicas dos dados no exterior",
        "llama 8b com 3 réplicas do banco de dados",
        # Asking how many is the load's own count, not a requirement.
        "quantas réplicas preciso pro llama 8b com 200 req/s?",
        "how many replicas for llama 8b at 200 requests per second?",
        # "há" without its accent, and other words next to "alta" or "disponibilidade".
        "tem ha 3 anos que uso o llama 8b",
        "llama 8b em alta precisão",
        "tem disponibilidade de h100 pro llama 8b?",
        "llama 8b 95% dos usuários ao mesmo tempo",
    ],
)
def test_words_that_are_not_availability_require_no_copies(text):
    q = parse(text)
    w = q.workload
    assert (w.replicas, w.high_availability, w.spare_replicas, w.zones) == (None, None, None, None)
    r = size(w)
    assert r.availability is None and r.decided_by != "availability"


def test_asking_how_many_replicas_is_understood_and_answered_by_the_load():
    q, r, text = _answer("quantas réplicas preciso pro llama 8b com 20 req/s?")
    assert q.unknown == [] and "Não entendi" not in text
    assert r.recommendation.replicas > 1 and r.decided_by == "throughput" and r.availability is None
    assert "O que decidiu: vazão. A taxa pede" in text and "Se uma réplica falhar" not in text


# -- the two questions of the brief ----------------------------------------------------------------------


def test_eight_replicas_for_availability_plan_eight_copies_and_say_why():
    _q, r, text = _answer("llama 3.1 8b 50 usuarios com 8 réplicas para alta disponibilidade")
    assert "Não entendi" not in text
    assert text.splitlines()[0] == (
        "Entendi: Llama 3.1 8B · 50 usuários simultâneos · 8 réplicas · alta disponibilidade"
    )
    rec = r.recommendation
    # One L40S holds 48 of the 50 conversations: the load alone needs 2 copies; 8 were required.
    assert (rec.replicas, rec.count, rec.gpu) == (8, 8, "l40s")
    assert r.decided_by == "availability"
    assert (
        "O que decidiu: disponibilidade. A carga pede 2 cópias do modelo, cada uma em 1× L40S 48 GB; "
        "8 réplicas como pedido, para que o serviço continue de pé quando uma falhar." in text
    )
    assert "Se uma réplica falhar, as outras 7 dão conta da carga inteira (50 usuários): ~" in text
    assert r.availability.users_held == 50 and r.availability.share_held == 1.0
    # The performance is for the 50 conversations asked, spread over the copies (not 8 x 7 = 56).
    assert rec.performance.concurrency == pytest.approx(50)
    assert "com 50 conversas em andamento" in text
    # Copies for availability are a production service's: capacity reserved, each copy on its own server.
    assert r.contract.mode == "reserved"
    assert any("cada réplica num servidor diferente" in n for n in r.notes)


def test_three_replicas_of_a_70b_on_two_h100_need_six():
    q, r, text = _answer("llama 70b 2x h100 com 3 réplicas")
    assert q.unknown == []
    v = r.verdict
    assert v.text == "2× H100 SXM 80 GB: comporta 1 cópia do modelo, não as 3 réplicas pedidas."
    [change] = v.changes
    assert change.setup.count == 6 and change.setup.replicas == 3
    assert change.text.startswith("Com 6× H100 SXM 80 GB (3 cópias do modelo, 2 GPUs cada): cabe")
    rec = r.recommendation
    assert (rec.count, rec.replicas, rec.tensor_parallel) == (6, 3, 2)
    assert "3 réplicas como pedido" in text and "Se uma réplica falhar, as outras 2 dão conta" in text
    # The FP8 alternative keeps the three copies too.
    fp8 = next(a for a in r.alternatives if a.kind == "lower_precision")
    assert fp8.setup.replicas == 3


def test_named_gpus_that_hold_the_copies_are_split_into_them():
    r = size(parse("llama 8b em 2x h100 com 2 réplicas, 20 usuários").workload)
    asked = r.requested
    assert asked.fits and (asked.count, asked.replicas, asked.tensor_parallel) == (2, 2, 1)
    assert r.verdict.text.startswith("2× H100 SXM 80 GB (2 cópias do modelo, 1 GPU cada): cabe")


# -- the count: required, needed by the load, or one more -----------------------------------------------


def test_availability_without_a_number_is_two_copies_and_said():
    _q, r, text = _answer("llama 70b 4bit 20 usuários, alta disponibilidade")
    assert r.recommendation.replicas == 2 and r.availability.required_replicas == 2
    assert any("sem número de réplicas: usei pelo menos 2 cópias" in a for a in r.assumptions)
    assert "2 réplicas porque alta disponibilidade pede pelo menos 2" in text


def test_a_load_that_needs_more_copies_than_required_keeps_its_count_and_says_so():
    base = "qwen3 32b, 200 requisições por minuto, prompts de 2 mil tokens e respostas de 500"
    plain = size(parse(base).workload)
    _q, r, text = _answer(base + ", alta disponibilidade")
    assert r.recommendation.replicas == plain.recommendation.replicas == 3
    assert r.decided_by == "throughput"
    assert "A disponibilidade pedida (pelo menos 2 réplicas) já está coberta: a carga sozinha pede 3." in text
    # Two copies left absorb the whole peak: 3.3 requests/s of what they sustain within the targets.
    a = r.availability
    assert a.replicas_left == 2 and a.share_held == 1.0 and a.rate_held_per_s > a.rate_per_s
    assert "Se uma réplica falhar, as outras 2 absorvem o pico inteiro (3,3 requisições/s)" in text


def test_n_plus_one_is_one_copy_beyond_the_load():
    base = "qwen3 32b, 200 requisições por minuto, prompts de 2 mil tokens e respostas de 500"
    _q, r, text = _answer(base + ", N+1")
    assert r.recommendation.replicas == 4 and r.availability.load_replicas == 3
    assert "vazão com reserva (N+1)" in text and "com mais 1 de reserva, 4 réplicas" in text
    assert r.availability.share_held == 1.0


def test_when_the_copies_left_cannot_carry_the_peak_the_answer_says_how_much_they_do():
    # The load alone needs two L40S copies (a plan fills 70% of each), availability asks for two: one copy
    # alone sustains less than the peak.
    _q, r, text = _answer("llama 8b 3,5 req/s com alta disponibilidade")
    a = r.availability
    assert a.load_replicas == a.replicas == 2 and a.replicas_left == 1
    assert 0 < a.share_held < 1 and a.rate_held_per_s == pytest.approx(
        r.recommendation.performance.max_requests_per_s / 2
    )
    assert "Se uma réplica falhar, a outra sustenta " in text and "do pico de 3,5 requisições/s" in text


def test_users_a_copy_cannot_hold_are_counted_when_one_fails():
    _q, r, text = _answer("llama 70b 4bit 32k 40 usuários com 2 réplicas")
    a = r.availability
    per_copy = r.recommendation.max_users // 2
    assert a.users == 40 and a.users_held == per_copy < 40
    assert f"a outra comporta {per_copy} dos 40 usuários" in text


def test_more_replicas_than_we_rent_for_one_service_is_said():
    # Four H200 a copy: ten copies are 40 GPUs, past the 32 of one kind we rent for one service.
    _q, r, text = _answer("llama 3.1 405b fp8 com 10 réplicas")
    assert r.recommendation is None
    assert "Nada que alugamos atende esta carga: ela pede ~40× H200 SXM 141 GB (10 cópias de 4 GPUs)" in text


# -- money, zones, languages, JSON, Slack ----------------------------------------------------------------


@pytest.fixture
def priced(tmp_path):
    """Every GPU priced: 10.00 on demand, 7.50 reserved, 6.00 dedicated an hour."""
    return load_catalog(
        priced_copy(tmp_path, {None: "{ on_demand = 10.0, reserved = 7.5, dedicated = 6.0 }"})
    )


def test_the_cost_is_for_every_copy_in_each_contract_mode(priced):
    _q, r, text = _answer("llama 3.1 8b 50 usuarios com 8 réplicas para alta disponibilidade", priced)
    c = r.recommendation.cost
    assert r.recommendation.count == 8
    assert c.mode == "reserved" and c.per_hour == pytest.approx(8 * 7.5)
    assert c.by_contract_mode["on_demand"].per_month == pytest.approx(8 * 10.0 * 730)
    assert c.by_contract_mode["reserved"].per_month == pytest.approx(8 * 7.5 * 730)
    assert c.by_contract_mode["dedicated"].per_month == pytest.approx(8 * 6.0 * 730)
    assert "Preço (reservada): R$ 60,00 por hora, R$ 43.800 por mês (730 horas)." in text
    # One copy less than asked, as without availability: fewer GPUs and less money.
    plain = size(parse("llama 3.1 8b 50 usuarios").workload, priced).recommendation
    assert plain.count < 8 and plain.cost.per_month < c.per_month


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("llama 8b 10 usuários em duas zonas", "numa única região"),
        ("llama 8b 10 utilizadores, multi-região pt-pt", "numa única região"),
        ("llama 8b for 10 users across two availability zones", "in a single region"),
    ],
)
def test_zones_and_regions_are_answered_with_our_single_region(text, words):
    q, r, _out = _answer(text)
    assert q.unknown == []
    assert any(words in n for n in r.notes)
    assert r.recommendation.replicas == 2  # a copy for each zone asked, in our one region


@pytest.mark.parametrize(
    ("text", "lang", "words"),
    [
        ("llama 70b 4bit 20 usuários com 3 réplicas", "pt-BR", ["3 réplicas como pedido", "as outras 2 dão"]),
        (
            "llama 70b 4bit 20 utilizadores em simultâneo com 3 réplicas",
            "pt-PT",
            ["3 réplicas como pedido", "por utilizador"],
        ),
        (
            "llama 70b 4bit for 20 concurrent users with 3 replicas",
            "en",
            ["3 replicas as asked", "the other 2"],
        ),
    ],
)
def test_the_reason_and_the_failover_are_said_in_each_language(text, lang, words):
    _q, r, out = _answer(text)
    assert r.workload.lang == lang and r.recommendation.replicas == 3
    for w in words:
        assert w in out, w
    assert "{" not in out


def test_gpu_size_json_carries_the_required_replicas(capsys):
    assert main(["llama 70b 2x h100 com 3 réplicas", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["replicas"] == 3 and data["workload"]["high_availability"] is None
    assert data["recommendation"]["replicas"] == 3 and data["recommendation"]["count"] == 6
    assert data["decided_by"] == "availability"
    a = data["availability"]
    assert (a["required_replicas"], a["load_replicas"], a["replicas"], a["replicas_left"]) == (3, 1, 3, 2)
    assert main(["--model", "8b", "--users", "50", "--replicas", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["replicas"] == 4 and data["recommendation"]["replicas"] == 4
    assert main(["llama 8b 50 usuários", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["availability"] is None


def test_zero_replicas_is_a_clear_error(capsys):
    assert main(["llama 8b 0 réplicas"]) == 2
    err = capsys.readouterr().err
    assert "O número de réplicas precisa ser 1 ou mais (recebi 0)" in err and "Traceback" not in err


def test_replicas_in_a_training_question_are_said_not_to_apply():
    r = size(parse("lora no llama 8b com 3 réplicas").workload)
    assert r.recommendation.replicas == 1
    assert any("este treino não as usa" in a for a in r.assumptions)


def test_a_thread_changes_the_copies_and_drops_them():
    base = parse("llama 8b 200 req/min").workload
    three = parse("e com 3 réplicas?", base=base)
    assert three.changed == ["replicas"] and size(three.workload).recommendation.replicas == 3
    off = parse("e sem redundância?", base=three.workload)
    assert off.workload.replicas is None and size(off.workload).availability is None


def test_slack_answers_with_the_replicas_and_logs_them(tmp_path):
    with serve(tmp_path) as slack:
        reply = slack.command("llama 3.1 8b 50 usuarios com 8 réplicas para alta disponibilidade")
        _valid(reply["blocks"])
        text = _text(reply["blocks"])
        assert "8 réplicas como pedido" in text and "as outras 7 dão conta da carga inteira" in text
        [row] = slack.rows()
        assert row["outcome"] == "answered"
        stored = json.loads(row["workload"])
        assert stored["replicas"] == 8 and stored["high_availability"] is True
    with serve(tmp_path / "thread") as slack:
        # In a thread, the copies change like anything else.
        slack.event(sr.app_mention("<@UBOT> llama 8b 200 req/min", ts="1700000201.000100"), "Ev201")
        slack.fake.wait_for("chat.postMessage")
        follow = sr.message("e com 3 réplicas?", thread_ts="1700000201.000100", ts="1700000202.000100")
        slack.event(follow, "Ev202")
        second = slack.fake.wait_for("chat.postMessage", count=2)[1]
        assert "3 réplicas como pedido" in _text(second.params["blocks"])


@pytest.mark.parametrize(
    ("text", "ha"),
    [
        # "99.9" had been not understood.
        ("llama 8b 10 usuarios, 2 replicas, 99.9%", True),
        ("llama 8b com 99,95%", True),
        ("llama 8b, 99,9% dos pedidos em até 2 s", None),  # a share of requests: a latency percentile
    ],
)
def test_nines_alone_are_an_availability(text, ha):
    query = parse(text)
    assert query.unknown == [] and query.workload.high_availability is ha
