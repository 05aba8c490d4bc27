"""The answer's two languages: the same messages in both, numbers and durations the way people write them."""

import re
import string
from pathlib import Path

import pytest

from sizing import i18n


def _fields(template) -> set[str] | int:
    if isinstance(template, list):  # a row of column names: the same number in both languages
        return len(template)
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["en", "pt-PT"])
def test_every_message_exists_in_every_language_with_the_same_placeholders(lang):
    pt, other = i18n.messages("pt-BR"), i18n.messages(lang)
    assert sorted(pt) == sorted(other)
    differing = [key for key in pt if _fields(pt[key]) != _fields(other[key])]
    assert not differing, differing


def test_european_portuguese_reads_as_portugal_writes():
    text = " ".join(str(v) for v in i18n.messages("pt-PT").values()).lower()
    for brazilian in ("usuário", "você", "time comercial", "registro", "arquivo", "sob demanda", "entendi"):
        assert brazilian not in text, brazilian
    for portuguese in ("utilizadores em simultâneo", "equipa comercial", "registo", "partilhar", "percebi"):
        assert portuguese in text, portuguese


@pytest.mark.parametrize(
    ("given", "lang"),
    [("pt-PT", "pt-PT"), ("pt_PT", "pt-PT"), ("pt-pt", "pt-PT"), ("pt", "pt-BR"), ("pt-AO", "pt-BR"),
     ("en-GB", "en"), ("fr-FR", "pt-BR"), (None, "pt-BR")],
)  # fmt: skip
def test_codes_and_slack_locales_name_an_answer_language(given, lang):
    assert i18n.lang_of(given) == lang


@pytest.mark.parametrize(
    ("signals", "lang"),
    [
        # (asked in the text, Slack locale, written in, default), as bot.pipeline passes them
        (("en", "pt-BR", "pt-PT", "pt-BR"), "en"),  # asked for in the text: that language
        ((None, "pt-PT", "pt-BR", "pt-BR"), "pt-PT"),  # a Slack in pt-PT, a Portuguese question: pt-PT
        ((None, "pt-BR", "pt-PT", "pt-BR"), "pt-PT"),  # a Brazilian Slack, Portugal's words: pt-PT
        ((None, "en-US", None, "pt-BR"), "en"),  # shorthand: the Slack locale
        ((None, "en-US", "pt-BR", "pt-BR"), "en"),  # an English Slack reads English, whatever was typed
        ((None, "fr-FR", "en", "pt-BR"), "en"),  # a locale we do not answer in: the text's language
        ((None, "fr-FR", None, "pt-PT"), "pt-PT"),  # nothing else: the default
        (("pt-BR", None, None, "pt-PT"), "pt-PT"),  # "em português" where the default is pt-PT
    ],
)
def test_the_answer_language_comes_from_the_strongest_signal(signals, lang):
    assert i18n.answer_lang(*signals) == lang


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
        (1696.4, "pt-PT", "~1\xa0696 dias"),
    ],
)
def test_durations_read_in_the_unit_people_use(days, lang, text):
    assert i18n.duration(days, lang) == text


def test_counts_and_numbers_follow_the_language():
    assert i18n.count(102_400_000, "pt-BR") == "102 mi"
    assert i18n.count(1.5e12, "en") == "1.5T"
    assert i18n.count(5e11, "pt-PT") == "500 mil milhões de"  # before its noun: "500 mil milhões de tokens"
    assert i18n.number(1234.5, "pt-BR", 1) == "1.234,5" and i18n.number(1234.5, "en", 1) == "1,234.5"


@pytest.mark.parametrize(
    ("text", "lang"),
    [("does llama 8b fit on a Tesla P40?", "en"), ("Quantos utilizadores cabem no gpt-4o?", "pt-PT")],
)
def test_a_refused_question_is_answered_in_its_own_language_on_every_surface(text, lang, tmp_path):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    reply = Pipeline(RequestLog(tmp_path / "log.db")).ask(text, Where("console"))
    assert reply.outcome != "answered" and reply.lang == lang


def test_every_field_a_contradiction_can_name_has_words_in_every_language():
    # "completion" had no [field] message, so a contradiction between two RL lengths raised a KeyError.
    source = (Path(__file__).parent.parent / "sizing" / "query.py").read_text()
    labels = set(re.findall(r'_one\(\w+, "\w+", "(\w+)"\)', source)) | set(
        re.findall(r'what="(\w+)"', source)
    )
    assert "completion" in labels
    for lang in ("pt-BR", "pt-PT", "en"):
        for label in labels:
            assert i18n.t(lang, f"field.{label}"), (lang, label)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # "pro" of the Mac's name had been read as Brazilian "para o": answered in Portuguese.
        ("gpt-oss-120b on a macbook pro 128gb", "en"),
        ("will qwen3 32b run on my m3 pro 36gb?", "en"),
        ("llama 8b no macbook pro de 36gb", "pt-BR"),
        ("gpt-oss-120b macbook pro 128gb", None),  # shorthand: no language said, the default answers
    ],
)
def test_a_macs_name_says_nothing_of_the_language(text, lang):
    from sizing.query import parse

    assert parse(text).written_lang == lang


def test_messages_asked_in_turn_in_other_languages_are_written_as_each_is_alone():
    # t() keeps each message as a language writes it (its article before a figure, its singular after a 1):
    # asked in turn with other codes and values, each reads as it does asked first in a new process.
    beyond = dict(prompt="8,000", output="11,000", context="4,096")
    asks = [
        ("en", "error.traffic.lengths_beyond_context", beyond),
        ("pt-BR", "error.traffic.lengths_beyond_context", beyond),
        ("en-GB", "error.traffic.lengths_beyond_context", beyond),
        ("pt-BR", "error.too_large_epochs", {"value": "1"}),
        ("en", "error.too_large_epochs", {"value": "2"}),
        ("pt_PT", "error.too_large_epochs", {"value": "1"}),
        ("en", "error.too_large_epochs", {"value": "1"}),
    ]
    alone = []
    for lang, key, params in asks:
        i18n._TEMPLATES.clear()
        alone.append(i18n.t(lang, key, **params))
    i18n._TEMPLATES.clear()
    for _ in range(2):
        assert [i18n.t(lang, key, **params) for lang, key, params in asks] == alone
    assert alone[0].startswith("An 8,000-token prompt and an 11,000-token answer") and alone[2] == alone[0]
    assert alone[1].startswith("Um prompt de 8,000 tokens")
    assert alone[3].startswith("1 época ") and alone[5].startswith("1 época ")
    assert alone[4].startswith("2 epochs ") and alone[6].startswith("1 epoch ")
