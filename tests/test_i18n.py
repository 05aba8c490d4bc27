"""The answer's two languages: the same messages in both, numbers and durations the way people write them."""

import string

import pytest

from sizing import i18n


def _fields(template) -> set[str] | int:
    if isinstance(template, list):  # a row of column names: the same number in both languages
        return len(template)
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_exists_in_both_languages_with_the_same_placeholders():
    pt, en = i18n.messages("pt-BR"), i18n.messages("en")
    assert sorted(pt) == sorted(en)
    differing = [key for key in pt if _fields(pt[key]) != _fields(en[key])]
    assert not differing, differing


@pytest.mark.parametrize(
    ("days", "lang", "text"),
    [
        (0.01, "pt-BR", "menos de 1 hora"),
        (0.4, "pt-BR", "~10 horas"),
        (1 / 24, "en", "~1 hour"),
        (1.0, "pt-BR", "~1,0 dia"),
        (2.34, "pt-BR", "~2,3 dias"),
        (53.2, "en", "~53 days"),
        (1696.4, "pt-BR", "~1.696 dias"),
    ],
)
def test_durations_read_in_the_unit_people_use(days, lang, text):
    assert i18n.duration(days, lang) == text


def test_counts_and_numbers_follow_the_language():
    assert i18n.count(102_400_000, "pt-BR") == "102 mi"
    assert i18n.count(1.5e12, "en") == "1.5T"
    assert i18n.number(1234.5, "pt-BR", 1) == "1.234,5" and i18n.number(1234.5, "en", 1) == "1,234.5"
