"""The query language against the table of real phrasings (tests/query_corpus.py)."""

import pytest

from sizing.engine import size
from sizing.errors import SizingError
from sizing.names import resolve_gpu, resolve_kv_precision, resolve_model, resolve_precision
from sizing.query import QueryError, parse

from .query_corpus import BAD_INPUTS, PHRASINGS

FIELDS = ("precision", "kv_precision", "context", "users", "stage", "gpu", "gpus", "seq_len", "batch", "zero",
          "tokens", "days", "tp", "examples", "epochs", "task", "intent", "lang")  # fmt: skip


def test_the_corpus_is_large_enough():
    assert len(PHRASINGS) >= 80 and len(BAD_INPUTS) >= 20


@pytest.mark.parametrize(("text", "expected"), PHRASINGS, ids=[t[:60] for t, _ in PHRASINGS])
def test_phrasing_becomes_the_expected_workload(text, expected, catalog):
    query = parse(text)
    w = query.workload
    got = {"model": resolve_model(w.model, catalog).model.id}
    if w.precision:
        got["precision"] = resolve_precision(w.precision, catalog).id
    if w.kv_precision:
        got["kv_precision"] = resolve_kv_precision(w.kv_precision, catalog).id
    if w.gpu:
        got["gpu"] = resolve_gpu(w.gpu, catalog).id
    for field in (
        "context",
        "users",
        "gpus",
        "seq_len",
        "batch",
        "zero",
        "tokens",
        "days",
        "tp",
        "examples",
        "epochs",
    ):
        if getattr(w, field) is not None:
            got[field] = getattr(w, field)
    for field in ("task", "intent"):
        if getattr(w, field) is not None:
            got[field] = getattr(w, field).value
    if "stage" in w.model_fields_set:
        got["stage"] = w.stage.value
    if query.lang:
        got["lang"] = query.lang
    # A stage the text names as plain inference may be left unset: the default is the same workload.
    if expected.get("stage") == "inference" and "stage" not in got:
        got["stage"] = "inference"
    assert got == expected


@pytest.mark.parametrize(("text", "key", "words"), BAD_INPUTS, ids=[t[:40] for t, _, _ in BAD_INPUTS])
def test_bad_input_gets_a_clear_message(text, key, words):
    lang = "en" if " en" in f" {text[:200]} " else "pt-BR"
    with pytest.raises(SizingError) as e:
        query = parse(text)
        size(query.workload)
    assert e.value.key.startswith(key)
    message = e.value.message(lang)
    assert message and "{" not in message and "Traceback" not in message
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    assert e.value.hint(lang)


def test_help_and_empty_text_ask_for_usage():
    for text in ("", "   ", "help", "ajuda", "Ajuda!", "?"):
        assert parse(text).help


def test_unknown_words_are_reported_not_fatal():
    query = parse("70b 4bit blorfl 32k")
    assert query.unknown == ["blorfl"]
    assert query.workload.context == 32768


def test_slack_markup_is_reported_whole_and_never_understood_as_a_name():
    query = parse("<!channel> 70b <@U123ABC> 4bit")
    assert "<!channel>" in query.unknown and "<@U123ABC>" in query.unknown


def test_typos_are_corrected_and_said():
    query = parse("lama 3 70b 4bit")
    assert resolve_model(
        query.workload.model, None or __import__("sizing").catalog.load_catalog()
    ).model.id == ("llama-3.1-70b")
    assert query.corrections and query.corrections[0][1] == "Llama 3.1 70B"


def test_contradiction_names_both_parts():
    with pytest.raises(QueryError) as e:
        parse("70b 4bit fp16")
    assert "4bit" in e.value.message("pt-BR") and "fp16" in e.value.message("pt-BR")
    # The field is named in the reader's language, not the program's.
    assert "(precisão)" in e.value.message("pt-BR") and "(precision)" in e.value.message("en")


def test_detected_language_follows_the_words():
    assert parse("how much memory for llama 3 70b with 4 users").detected_lang == "en"
    assert parse("quanto de memória para um llama 70b com 4 usuários").detected_lang == "pt-BR"
