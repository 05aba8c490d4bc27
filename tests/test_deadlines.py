"""Deadlines said as a date ("até o fim do mês", "by Friday", "até 15/01") count the days from today, so a
training run is sized to finish by then, and the answer says which date it read."""

from datetime import date

import pytest

from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing.deadlines import resolve
from sizing.query import parse

TODAY = date(2026, 12, 3)  # a Thursday


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("até o fim do mês", date(2026, 12, 31)),
        ("até o final do próximo mês", date(2027, 1, 31)),
        ("até o fim do mês que vem", date(2027, 1, 31)),
        ("by the end of the quarter", date(2026, 12, 31)),
        ("by end of next quarter", date(2027, 3, 31)),
        ("até o fim do ano", date(2026, 12, 31)),
        ("by EOM", date(2026, 12, 31)),
        ("até o fim da semana", date(2026, 12, 4)),  # a working week ends on Friday
        ("antes do fim da semana que vem", date(2026, 12, 11)),
        ("até sexta-feira", date(2026, 12, 4)),
        ("by next Friday", date(2026, 12, 11)),
        # The coming week or month alone ("week", "semana" and "vem" had been not understood): its end.
        ("by next week", date(2026, 12, 11)),
        ("até semana que vem", date(2026, 12, 11)),
        ("até a próxima semana", date(2026, 12, 11)),
        ("até o mês que vem", date(2027, 1, 31)),
        ("até a quarta", date(2026, 12, 9)),  # Wednesday is past this week: the coming one
        ("até dia 20", date(2026, 12, 20)),
        ("até o dia 2", date(2027, 1, 2)),  # the 2nd is past this month: the next one's
        ("até 15/01", date(2027, 1, 15)),  # no year: the next time that day comes
        ("até 15/01/2027", date(2027, 1, 15)),
        ("até 15 de janeiro", date(2027, 1, 15)),
        ("by January 20, 2027", date(2027, 1, 20)),
        ("by 20 March", date(2027, 3, 20)),
    ],
)
def test_a_deadline_date_becomes_its_days_from_today(text, target):
    rewritten, found = resolve(f"lora llama 8b {text}", TODAY)
    assert found == [(text, target, (target - TODAY).days)]
    assert f" {(target - TODAY).days} " in rewritten


@pytest.mark.parametrize(
    "text", ["até 01/12/2026", "até 31/02", "até dia 45", "até dia 0", "até 0/0", "llama 8b em 2 semanas"]
)
def test_a_past_or_impossible_date_and_a_plain_duration_are_left_to_the_grammar(text):
    assert resolve(text, TODAY) == (text, [])


def test_without_a_day_to_count_from_nothing_is_read_as_a_deadline():
    assert resolve("lora llama 8b até o fim do mês", None) == ("lora llama 8b até o fim do mês", [])


def test_the_training_run_is_sized_to_the_date_and_the_answer_says_it(tmp_path):
    # "até o fim do mês" had left "fim" and "mês" not understood, and the run was sized for 30 days.
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"), today=lambda: TODAY)
    reply = pipeline.ask(
        "precisamos fazer fine-tuning do llama 3.1 8b até o fim do mês, 50 mil exemplos", Where("console")
    )
    assert reply.outcome == "answered" and reply.workload.days == 28
    assert "Li “até o fim do mês” como um prazo de 28 dias, até 31/12/2026." in reply.text_answer
    assert "Não entendi" not in reply.text_answer
    # A day later the same words are a day shorter: the date moves, the parse is not kept across days.
    pipeline.today = lambda: date(2026, 12, 4)
    again = pipeline.ask(
        "precisamos fazer fine-tuning do llama 3.1 8b até o fim do mês, 50 mil exemplos", Where("console")
    )
    assert again.workload.days == 27
    english = pipeline.ask("fine-tune llama 3.1 8b on 50k examples by end of next month", Where("console"))
    assert "Read “by end of next month” as a deadline of 58 days, to January 31, 2027." in english.text_answer
    pipeline.log.close()


def test_gpu_size_counts_from_brazils_date(monkeypatch, capsys):
    from bot import cli

    monkeypatch.setattr(cli, "today_in_brazil", lambda: TODAY)
    assert cli.main(["lora llama 8b até dia 20"]) == 0
    assert "Li “até dia 20” como um prazo de 17 dias, até 20/12/2026." in capsys.readouterr().out
    assert parse("lora llama 8b até dia 20", today=TODAY).workload.days == 17
