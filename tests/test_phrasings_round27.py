"""Questions as people type them in Slack, twenty-seventh round (2026-12-08): the misreadings round 26 left (a
misspelt family beside a size, a date after a word, API providers' "-Instruct-Turbo" names and QwQ's preview,
a share of the attendants who "usa junto"), then more questions of the same kinds. Each answer is what the user
sees. A date is read from the day the question is asked: each test pins that day."""

from __future__ import annotations

from datetime import date

import pytest

from bot import cli
from tests.gpu_size_run import UNKNOWN, answer, refusal
from tests.gpu_size_run import reads as _reads

DECEMBER_7 = date(2026, 12, 7)


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


def _on(monkeypatch, day: date) -> None:
    monkeypatch.setattr(cli, "today_in_brazil", lambda: day)


# -- a misspelt family beside a name read whole and its own size --------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been refused: "“r1” e “deepsek 671b” não valem juntos (modelo)"
        ("deepsek r1 671b", "Entendi: DeepSeek R1", "Li “deepsek” como DeepSeek."),
        ("deepseak r1 671b em fp8 para 20 usuarios", "Entendi: DeepSeek R1 · FP8 (8-bit) · 20 usuários simultâneos",
         "Li “deepseak” como DeepSeek."),
        ("deepsek r1 671b for 10 users", "Understood: DeepSeek R1 · 10 concurrent users", "Read “deepsek” as DeepSeek."),
        # no catalogue name is close to the word alone: it had been "Não entendi: “mistrall”"
        ("mistrall nemo 12b 20 usuarios", "Entendi: Mistral Nemo 12B · 20 usuários simultâneos", "Li “mistrall” como Mistral."),
    ],
)  # fmt: skip
def test_a_misspelt_family_beside_a_name_and_its_own_size(capsys, question, read, said):
    _reads(capsys, question, read, said)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # the size with the misspelt family alone, or beside another name, still picks that name's model
        ("deepsek 671b", "Entendi: DeepSeek V3"),
        ("deepsek v3 671b", "Entendi: DeepSeek V3"),
        ("deepsek r1", "Entendi: DeepSeek R1"),
    ],
)  # fmt: skip
def test_a_misspelt_family_with_a_size_alone_is_still_read_whole(capsys, question, read):
    assert answer(capsys, question).splitlines()[0] == read


def test_a_misspelt_other_family_is_still_not_understood(capsys):
    # "mistrall" beside Llama names no part of it: said as not understood, never read as Llama
    lines = answer(capsys, "llama 8b mistrall").splitlines()
    assert lines[0] == "Entendi: Llama 3.1 8B" and "Não entendi: “mistrall”." in lines, lines


# -- a date is never a context or a count ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # "prazo 15/12/2026" had been 2,026 users ("Li “2026” como o número de usuários"), the day and month dropped
        ("llama 8b prazo 15/12/2026", "Entendi: Llama 3.1 8B · 8 dias", "até 15/12/2026"),
        ("llama 8b, prazo: 15/12/2026", "Entendi: Llama 3.1 8B · 8 dias", "até 15/12/2026"),
        # a two-digit year had been 26 users
        ("llama 8b prazo 15/12/26", "Entendi: Llama 3.1 8B · 8 dias", "até 15/12/2026"),
        ("llama 8b prazo 20 de dezembro", "Entendi: Llama 3.1 8B · 13 dias", "até 20/12/2026"),
        ("mistral 7b, prazo: dia 20", "Entendi: Mistral 7B v0.3 · 13 dias", "até 20/12/2026"),
        ("llama 8b prazo final 15/12", "Entendi: Llama 3.1 8B · 8 dias", "até 15/12/2026"),
        # the US order, month first, where only it makes a date (the year had been a 2,026-token context)
        ("llama 8b deadline: 12/15/2026", "Understood: Llama 3.1 8B · 8 days", "to December 15, 2026"),
        # a month cut to three letters, as chat dates it (each had been "Não entendi" the month and the day, or
        # the day read as a count)
        ("lama 3.3 70b 20 users deadline jan 15", "Understood: Llama 3.3 70B · 20 concurrent users · 39 days",
         "to January 15, 2027"),
        ("llama 8b até 20 dez", "Entendi: Llama 3.1 8B · 13 dias", "até 20/12/2026"),
        ("llama 8b by Sept. 30, 20 users", "Understood: Llama 3.1 8B · 20 concurrent users · 297 days",
         "to September 30, 2027"),
        ("qwen 7b 10 usuarios, prazo 5 fev", "Entendi: Qwen2.5 7B · 10 usuários simultâneos · 60 dias", "até 05/02/2027"),
    ],
)  # fmt: skip
def test_a_deadline_said_as_a_date(monkeypatch, capsys, question, read, said):
    _on(monkeypatch, DECEMBER_7)
    _reads(capsys, question, read, said)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a date after any word: the slashes had been read as folders, the year left as users
        ("llama 8b entrega 15/12/2026", "Entendi: Llama 3.1 8B"),
        ("llama 8b, 50 usuarios, go-live 20/01/2027", "Entendi: Llama 3.1 8B · 50 usuários simultâneos"),
        ("qwen 7b 30 usuarios, reunião 03/02/27", "Entendi: Qwen2.5 7B · 30 usuários simultâneos"),
    ],
)  # fmt: skip
def test_a_date_after_a_word_is_no_count(monkeypatch, capsys, question, read):
    _on(monkeypatch, DECEMBER_7)
    first = answer(capsys, question).splitlines()[0]
    assert first.split(" · ")[: len(read.split(" · "))] == read.split(" · "), first
    assert "2.026" not in first and "2.027" not in first and " 27 " not in first, first
    assert "pessoas" not in first and "contexto" not in first, first


def test_a_folder_is_still_a_folder(capsys):
    # pieces with letters still name a folder on disk: its last is the model
    assert answer(capsys, "/models/qwen/qwen2.5-7b-instruct 10 usuarios").splitlines()[0] == (
        "Entendi: Qwen2.5 7B · 10 usuários simultâneos"
    )


# -- API providers' names and QwQ's preview -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi: “Instruct-Turbo”" (Together AI's names for its served models)
        ("Meta-Llama-3.1-70B-Instruct-Turbo", "Entendi: Llama 3.1 70B"),
        ("Llama-3.3-70B-Instruct-Turbo", "Entendi: Llama 3.3 70B"),
        ("Qwen2.5-72B-Instruct-Turbo para 30 usuarios", "Entendi: Qwen2.5 72B · 30 usuários simultâneos"),
        ("Meta-Llama-3.1-405B-Instruct-Turbo em fp8", "Entendi: Llama 3.1 405B · FP8 (8-bit)"),
        # typed apart, in capitals too (its "turbo" had been "Não entendi")
        ("llama 70b instruct turbo para 50 usuarios", "Entendi: Llama 3.1 70B · 50 usuários simultâneos"),
        ("LLAMA 3.3 70B INSTRUCT TURBO", "Entendi: Llama 3.3 70B"),
    ],
)  # fmt: skip
def test_an_api_providers_turbo_name_is_its_open_model(capsys, question, read):
    lines = answer(capsys, question).splitlines()
    assert lines[0] == read, lines
    assert not any(line.startswith(UNKNOWN) for line in lines), lines


@pytest.mark.parametrize(
    "question", ["qwq 32b preview", "QwQ-32B-Preview", "Qwen/QwQ-32B-Preview", "qwq preview"]
)
def test_qwq_preview_is_its_own_release(capsys, question):
    lines = answer(capsys, question).splitlines()
    assert lines[0] == "Entendi: QwQ 32B Preview", lines
    assert not any(line.startswith(UNKNOWN) for line in lines), lines
    # its card's 32,768 tokens, not QwQ 32B's 40,960 (a reasoning answer is sized at the longest it may be)
    assert "32.768 tokens de contexto" in lines[2], lines


def test_qwq_preview_refuses_a_context_past_its_card(capsys):
    err = refusal(capsys, "qwq 32b preview 64k")
    assert "limite do QwQ 32B Preview, que é de 32.768 tokens" in err, err


def test_qwq_without_preview_is_still_the_march_release(capsys):
    assert answer(capsys, "qwq 32b").splitlines()[0] == "Entendi: QwQ 32B"


# -- a share of the attendants "usa junto" -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Li “metade dos 300 atendentes usa” como 150 das 300 pessoas usando o serviço", one user sized
        ("llama 8b, metade dos 300 atendentes usa junto", "Entendi: Llama 3.1 8B · 300 pessoas · 50% ativos ao mesmo tempo"),
        ("llama 8b, 30% dos 300 atendentes usam juntos", "Entendi: Llama 3.1 8B · 300 pessoas · 30% ativos ao mesmo tempo"),
        ("llama 8b, um terço dos 90 atendentes usa junto", "Entendi: Llama 3.1 8B · 90 pessoas · 33% ativos ao mesmo tempo"),
        ("qwen 32b, 1/3 dos 600 funcionários usa junto", "Entendi: Qwen2.5 32B · 600 pessoas · 33% ativos ao mesmo tempo"),
        ("qwen 32b, dois terços dos 90 atendentes usam juntos", "Entendi: Qwen2.5 32B · 90 pessoas · 67% ativos ao mesmo tempo"),
        # a team's count, its noun left out (had been "Não entendi: “metade”" and all 40 sized at once)
        ("qwen3 32b, metade da equipe de 40 usa junto", "Entendi: Qwen3 32B · 40 pessoas · 50% ativos ao mesmo tempo"),
        ("qwen3 32b, 30% da equipe de 40 ao mesmo tempo", "Entendi: Qwen3 32B · 40 pessoas · 30% ativos ao mesmo tempo"),
        ("llama 8b, 30% of our team of 200 at once", "Understood: Llama 3.1 8B · 200 people · 30% active at once"),
        # the share after the people
        ("llama 8b, 200 funcionários, metade usa junto", "Entendi: Llama 3.1 8B · 200 pessoas · 50% ativos ao mesmo tempo"),
        ("llama 8b, 200 funcionários, 20% usam juntos", "Entendi: Llama 3.1 8B · 200 pessoas · 20% ativos ao mesmo tempo"),
    ],
)  # fmt: skip
def test_a_share_that_uses_it_together_is_at_once(capsys, question, read):
    lines = answer(capsys, question).splitlines()
    assert lines[0] == read, lines
    assert not any(line.startswith(UNKNOWN) for line in lines), lines


def test_the_same_as_the_percentage_at_once(capsys):
    # half of 300 at once is what "50% dos 300 atendentes ao mesmo tempo" sizes
    together = answer(capsys, "llama 8b, metade dos 300 atendentes usa junto").splitlines()[2]
    at_once = answer(capsys, "llama 8b, 50% dos 300 atendentes ao mesmo tempo").splitlines()[2]
    assert together == at_once, (together, at_once)


def test_a_share_that_only_uses_it_is_still_the_people_using_it(capsys):
    # with no word of together or at once, 20% are the people who use it at all (round 26)
    lines = answer(capsys, "llama 8b, 200 funcionários, 20% usam").splitlines()
    assert lines[0] == "Entendi: Llama 3.1 8B · 40 pessoas", lines


def test_models_together_are_still_served_together(capsys):
    out = answer(capsys, "llama 8b e qwen 7b juntos, 300 pessoas, 10% usam ao mesmo tempo")
    assert (
        out.splitlines()[0] == "Entendi: Llama 3.1 8B + Qwen2.5 7B · 300 pessoas · 10% ativos ao mesmo tempo"
    ), out
    assert "Servidos juntos" in out, out
