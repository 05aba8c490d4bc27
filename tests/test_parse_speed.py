"""A question padded to the length limit is answered as quickly as any (issue #14): a long run of blanks, of
digits or of dots after the words is read through, not tried split by split by patterns that fail at its end.

Each took 0.6 to 2 s of CPU before (patterns whose time grew with the square of the run: a GPU's variants, a
mixture of experts' active size, a context's unit, a GGUF file's name), and takes well under 0.1 s now; the
limit below leaves room for a slow machine and fails on any of them coming back.
"""

from __future__ import annotations

import contextlib
import time
from datetime import date

import pytest

from bench.web import fresh_questions
from bot.cli import main as gpu_size
from sizing import prefilter, query, traffic_query, vocabulary
from sizing.query import QueryError, parse
from tests.gpu_size_run import answer

CPU_LIMIT_S = 0.3


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("llama 70b fp8" + " " * 3980, "Llama 3.1 70B · FP8"),
        ("qwen 32b 4bit" + " " * 3980, "Qwen2.5 32B · INT4"),
        ("llama 70b" + "\n" * 3980, "Llama 3.1 70B"),
        # a run of digits this long is refused whole, before any pattern (tests/test_huge_numbers.py): at once
        ("llama 70b " + "1" * 3980, "tem 3980 algarismos"),
        ("llama 70b " + "1." * 1990, "tem 1990 algarismos"),
        # numbers short enough to be read are read through as quickly
        ("llama 70b " + ("1" * 20 + " ") * 189, "Llama 3.1 70B"),
    ],
    ids=[
        "blanks-after-precision",
        "blanks-after-bits",
        "new-lines",
        "digits",
        "dots",
        "twenty-digit-numbers",
    ],
)
def test_padded_question_is_answered_quickly(capsys, text, understood):
    # The first question pays for loading the catalogue and the patterns, and the first use of a pattern for
    # working out what it needs (sizing/prefilter.py): the same words unpadded pay for both, so that what is
    # timed is the padding alone.
    answer(capsys, "llama 8b fp16")
    answer(capsys, text.strip(" \n1."))
    start = time.process_time()
    if "algarismos" in understood:
        assert gpu_size([text]) != 0
        said = capsys.readouterr().err
    else:
        said = answer(capsys, text).splitlines()[0]
    spent = time.process_time() - start
    assert understood in said
    assert spent < CPU_LIMIT_S, f"{spent:.2f} s of CPU for a padded question"


# -- fresh questions: what one reading does (issue #14; counted, not timed, so a loaded machine plays no part)

FRESH = fresh_questions(60, seed=7)


def _read_all(texts) -> None:
    for text in texts:
        with contextlib.suppress(QueryError):
            parse(text)


def test_a_question_tries_only_the_traffic_patterns_its_words_may_match(monkeypatch):
    _read_all(FRESH[:10])  # what each pattern needs is worked out from its use on a second question
    tried, skipped_matching = [], []
    original = traffic_query._tried

    def checking(scan):
        chosen = original(scan)
        tried.append(len(chosen))
        for entry in traffic_query.patterns():
            if entry not in chosen and entry[1].search(scan.work):
                skipped_matching.append((entry[0], scan.work))
        return chosen

    monkeypatch.setattr(traffic_query, "_tried", checking)
    _read_all(FRESH[10:])
    assert not skipped_matching  # a pattern left out finds nothing in the question
    # ~10 of ~170 for these questions: those whose every test (first strings, whole words, the parts of one
    # way to match) the question passes; by their first strings alone, ~70
    assert tried and sum(tried) / len(tried) < len(traffic_query.patterns()) * 0.15


def test_a_question_s_patterns_are_told_by_its_tests_gathered_once(monkeypatch):
    # After a few questions every pattern tried is worked out; a fresh question then gathers the tests its
    # text passes once (sizing/prefilter.py present) and looks no pattern's strings up one by one.
    _read_all(FRESH[:10])
    gathered, looked_up = [], []
    original = prefilter.present
    monkeypatch.setattr(prefilter, "present", lambda *a: gathered.append(a[1]) or original(*a))
    monkeypatch.setattr(prefilter, "whole_in", lambda *a: looked_up.append(a) or True)
    monkeypatch.setattr(prefilter, "strings_in", lambda *a: looked_up.append(a) or True)
    _read_all(FRESH[40:60])
    assert looked_up == []
    assert 20 <= len(gathered) <= 30  # once a question, again where a text is rewritten (a version's comma)


def test_a_question_is_read_for_chat_spellings_once(monkeypatch):
    runs = []

    class Counted:
        def finditer(self, text, _pattern=query.SHORTHAND):
            runs.append(text)
            return _pattern.finditer(text)

    monkeypatch.setattr(query, "SHORTHAND", Counted())
    query.chat_shorthand.cache_clear()
    query._spellings.cache_clear()
    # parse() reads the text, again once its dates are read, and _parse_text: a text is gone through once
    with contextlib.suppress(QueryError):
        parse("qwen3 32b s/ raciocínio 40 usuários até o fim do mês pra testar", today=date(2026, 12, 6))
    with contextlib.suppress(QueryError):
        parse("llama 8b 3kk tokens p/ mês 20 usuários")
    assert runs and len(runs) == len(set(runs))


def test_the_language_s_words_are_gathered_once(monkeypatch):
    query.VOCAB.detect({"usuarios", "contexto"})
    built = vocabulary._families(query.VOCAB)
    assert query.VOCAB.detect({"usuarios", "contexto"}) == "pt-BR"
    assert query.VOCAB.detect({"users", "context", "please"}) == "en"
    assert vocabulary._families(query.VOCAB)[1] is built[1]  # no union of its word sets made again


def test_a_working_text_is_split_into_name_spans_once_and_each_question_into_its_own(monkeypatch):
    # The names not sized (_uncatalogued) and the names (_names) both read a text's spans; where the text is
    # unchanged between them the second reads the first's (sizing/query.py _Scan.spans).
    _read_all(FRESH[:10])
    split = []
    original = query._spans
    monkeypatch.setattr(query, "_spans", lambda work: split.append(work) or original(work))
    readings = {}
    for text in [*FRESH[10:40], "pixtral large pra 20 usuários", "qwen3 32b pra 20 usuários"]:
        split.clear()
        with contextlib.suppress(QueryError):
            readings[text] = parse(text).workload.model
        assert len(split) == len(set(split))
    assert readings["qwen3 32b pra 20 usuários"] == "qwen3-32b"
