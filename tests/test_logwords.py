"""The words managers type to read the log (sizing/data/log_words.toml): every language's words understood
whatever the reader's language, and a mistake in the file named in one sentence."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.log import logwords
from bot.log.logcli import main
from bot.log.requestlog import RequestLog
from sizing.catalog import CatalogError

NOW = datetime(2025, 4, 3, 15, 30, tzinfo=UTC)  # a Thursday


@pytest.mark.parametrize(
    ("kind", "said", "value"),
    [
        ("status", "contatado", "contacted"), ("status", "contactado", "contacted"),  # pt-BR, pt-PT
        ("status", "Proposta Enviada", "proposal_sent"), ("status", "proposal-sent", "proposal_sent"),
        ("status", "não é lead", "not_lead"), ("status", "nao_e_lead", "not_lead"), ("status", "em aberto", "open"),
        ("outcome", "respondido", "answered"), ("outcome", "not understood", "not_understood"),
        ("outcome", "faltou indicar", "needs_input"), ("stage", "inferência", "inference"),
        ("stage", "pré-treino", "pretrain"), ("stage", "full fine-tuning", "full"),
    ],
)  # fmt: skip
def test_values_in_any_language(kind, said, value):
    assert logwords.value(kind, said) == value


def test_filters_and_commands_in_any_language():
    assert [logwords.field(w) for w in ("canal", "utilizador", "usuário", "user", "período", "estado")] == [
        "channel", "user", "user", "user", "period", "status",
    ]  # fmt: skip
    assert logwords.field("cor") is None
    assert [logwords.command(w) for w in ("log", "Registro", "registo", "lacunas", "gaps", "esquecer")] == [
        "log", "log", "log", "gaps", "gaps", "forget",
    ]  # fmt: skip


def test_a_period_covers_what_people_mean():
    yesterday = logwords.period("ontem", NOW)
    assert (yesterday.start, yesterday.end) == (
        datetime(2025, 4, 2, tzinfo=UTC),
        datetime(2025, 4, 3, tzinfo=UTC),
    )
    last_week = logwords.period("Semana Passada", NOW)
    assert (last_week.start, last_week.end) == (
        datetime(2025, 3, 24, tzinfo=UTC),
        datetime(2025, 3, 31, tzinfo=UTC),
    )
    recent = logwords.period("últimos 30 dias", NOW)
    assert (recent.start, recent.end) == (NOW - timedelta(days=30), None)  # until now


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('[fr.periods]\ntoday = ["aujourd\'hui"]\n', "[fr] is not a language here"),
        ('[en.period]\ntoday = ["today"]\n', "[en.period] is unknown (use periods, filters"),
        ('[en.periods]\ntomorrow = ["tomorrow"]\n', "[en.periods] tomorrow is unknown (use today, yesterday"),
        ('[en.periods]\nlast_days = ["last days"]\n', "last_days: “last days” needs one N"),
        ('[en.status]\nwon = "won"\n', "[en.status] won must be a list of words in quotes"),
        ('[en.commands]\ngaps = ["what we missed"]\n', "“what we missed” must be one word"),
        ("[en.periods\n", "log_words.toml: "),
    ],
)
def test_a_mistake_in_the_words_file_names_the_file_and_the_entry(tmp_path, text, says):
    file = tmp_path / "log_words.toml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError) as raised:
        logwords.vocabulary(file)
    assert says in str(raised.value) and str(raised.value).startswith("log_words.toml: ")


def test_gpu_log_in_european_portuguese_speaks_portuguese(tmp_path, capsys):
    # Until a pt-PT message file exists, pt-PT falls back to the Brazilian messages (i18n.lang_of).
    path = tmp_path / "log.db"
    with RequestLog(path) as log:
        log.record({"surface": "dm", "user_id": "U1", "text": "70b", "outcome": "answered"})
    assert main(["--db", str(path), "--lang", "pt-PT", "list", "--status", "contactado"]) == 0
    assert capsys.readouterr().out == "Nenhum pedido encontrado.\n"
    assert main(["--db", str(path), "--lang", "pt-PT", "list", "--period", "há 7 dias"]) == 0
    assert "respondido" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("31/01/2025", datetime(2025, 1, 31, tzinfo=UTC)),  # Brazil and Portugal: day/month/year
        ("01/02/2025", datetime(2025, 2, 1, tzinfo=UTC)),
        ("1.2.2025", datetime(2025, 2, 1, tzinfo=UTC)),
        ("02-03-2025", datetime(2025, 3, 2, tzinfo=UTC)),
        ("01/31/2025", datetime(2025, 1, 31, tzinfo=UTC)),  # a US date where it cannot be day/month
    ],
)
def test_a_date_as_people_write_it_is_that_whole_day(text, day):
    found = logwords.period(text, NOW)
    assert (found.start, found.end) == (day, day + timedelta(days=1))


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("anteontem", (2025, 4, 1), (2025, 4, 2)), ("day before yesterday", (2025, 4, 1), (2025, 4, 2)),
        # Without a year, the latest that has begun: on 3 April 2025, November is 2024's, April this one.
        ("novembro", (2024, 11, 1), (2024, 12, 1)), ("Abril", (2025, 4, 1), (2025, 5, 1)),
        ("em março", (2025, 3, 1), (2025, 4, 1)), ("mês de dezembro", (2024, 12, 1), (2025, 1, 1)),
        ("novembro de 2023", (2023, 11, 1), (2023, 12, 1)), ("nov/2023", (2023, 11, 1), (2023, 12, 1)),
        ("11/2023", (2023, 11, 1), (2023, 12, 1)), ("November 2023", (2023, 11, 1), (2023, 12, 1)),
        ("30 de novembro", (2024, 11, 30), (2024, 12, 1)), ("2 de abril", (2025, 4, 2), (2025, 4, 3)),
        ("30 de abril", (2024, 4, 30), (2024, 5, 1)), ("1º de março de 2025", (2025, 3, 1), (2025, 3, 2)),
        ("November 30, 2023", (2023, 11, 30), (2023, 12, 1)), ("30 nov", (2024, 11, 30), (2024, 12, 1)),
        ("Feb 28th", (2025, 2, 28), (2025, 3, 1)), ("may", (2024, 5, 1), (2024, 6, 1)),
    ],
)  # fmt: skip
def test_a_month_or_a_day_of_one_by_name(text, start, end):
    found = logwords.period(text, NOW)
    assert (found.start, found.end) == (datetime(*start, tzinfo=UTC), datetime(*end, tzinfo=UTC))


@pytest.mark.parametrize("text", ["nov", "set", "out", "30 de fevereiro", "13/2025", "novembro de 20"])
def test_a_short_month_alone_or_a_day_a_month_lacks_is_not_a_period(text):
    # "set" and "out" are words too; a short form is a month only with a day or a year beside it.
    with pytest.raises(logwords.LogInputError):
        logwords.period(text, NOW)


def test_a_date_that_does_not_exist_is_not_a_period():
    with pytest.raises(logwords.LogInputError, match="31/02/2025"):
        logwords.period("31/02/2025", NOW)


def test_a_period_that_ends_before_it_starts_is_an_error_not_an_empty_list():
    start = logwords.period("01/12/2025", NOW)
    end = logwords.period("30/11/2025", NOW)
    with pytest.raises(logwords.LogInputError) as e:
        logwords.check_bounds(start.start, end.end)
    assert e.value.sentence("pt-BR") == (
        "o período termina (2025-12-01 00:00 UTC) antes de começar (2025-12-01 00:00 UTC): "
        "dê o início com desde e o fim com até"
    )
    logwords.check_bounds(start.start, None)  # open-ended: fine
    logwords.check_bounds(end.start, start.end)


@pytest.mark.parametrize(
    ("said", "same_as"),
    [("semana anterior", "semana passada"), ("Mês anterior", "mês passado"), ("no ano anterior", "ano passado"),
     ("previous week", "last week"), ("previous month", "last month"), ("previous year", "last year")],
)  # fmt: skip
def test_the_period_before_said_with_anterior_or_previous(said, same_as):
    assert logwords.period(said, NOW) == logwords.period(same_as, NOW)
