"""The reader skips the patterns that cannot match a question (sizing/prefilter.py): every question of the
corpus is read exactly as it is with every pattern run, and a pattern is never skipped where it matches."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing import prefilter, query
from sizing.query import QueryError, parse
from tests import query_corpus

TEXTS = [text for text, _ in query_corpus.PHRASINGS] + [case[0] for case in query_corpus.BAD_INPUTS]
TEXTS += ["70b 4bit 32k 120 usuários produção", "qwen3 32b fp8 8 mil tokens por prompt 300 req/min en",
          "llama 3.1 8b lora 50 mil exemplos 3 épocas seq 4096 unsloth", "1 200 trabalhadores deepseek v3",
          "gpt-oss-120b numa h200 primeira resposta em até 2 s 40 tokens/s"]  # fmt: skip


def _read(text: str):
    try:
        q = parse(text)
    except QueryError as e:
        return ("refused", e.key, e.hint_key, sorted(e.params.items()))
    return (q.workload, q.unknown, q.corrections, q.lang, q.written_lang, q.ranges, q.help, q.out_of_scope)


def test_every_question_reads_the_same_as_with_every_pattern_run(monkeypatch):
    filtered = [_read(text) for text in TEXTS]
    monkeypatch.setattr(prefilter, "may_match", lambda pattern, pieces: True)
    assert [_read(text) for text in TEXTS] == filtered


def test_a_pattern_is_skipped_only_where_it_finds_nothing(monkeypatch):
    checked = {"skipped": 0}
    original = query._Scan.take

    def checking(scan, pattern, kind, convert):
        if not prefilter.may_match(pattern, prefilter.pieces(scan.work)):
            checked["skipped"] += 1
            assert pattern.search(scan.work) is None, (pattern.pattern[:80], scan.work)
        return original(scan, pattern, kind, convert)

    monkeypatch.setattr(query._Scan, "take", checking)
    for text in TEXTS:
        _read(text)
    assert checked["skipped"] > 50 * len(TEXTS)  # most of the ~110 patterns are skipped for most questions


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["70b", "4bit", "32k", "lora", "usuários", "tokens", "req/min", "h100", "2x",
                                 "seq", "8192", "dias", "prazo", "r$", "%", "en", "pt-pt", "zero3", "tp=2",
                                 "ms", "kv fp8", "épocas", "mil", "p99", "contrato", "q4_k_m", "-", "/"]),
                max_size=8))  # fmt: skip
def test_any_mix_of_words_reads_the_same_as_with_every_pattern_run(words):
    text = " ".join(words)
    filtered = _read(text)
    saved = prefilter.may_match
    prefilter.may_match = lambda pattern, pieces: True
    try:
        assert _read(text) == filtered
    finally:
        prefilter.may_match = saved


@pytest.mark.parametrize(
    ("pattern", "needed"),
    [
        (r"\b(?:lora|peft)\b", {"lor", "pef"}),
        (r"(\d+)\s*tokens?\b", {"tok"}),
        (r"(?<![\w.,])(\d+)\s*(k|mil)?\s*(?:usuarios|pessoas)", {"usu", "pes"}),
        (r"per year", {"yea"}),  # the longest part without a space (the scan's blanks are spaces)
        (r"(?=.*cache)fp\d", {"cac"}),  # what a lookahead asserts is in the text too
        (r"(?:fp8)?\d+", None),  # nothing is needed: an optional part and a digit class
        (r"(?!lora)\w+", None),  # a negative lookahead needs nothing
    ],
)
def test_what_a_pattern_needs(pattern, needed):
    found = prefilter.required(re.compile(pattern))
    assert (set(found) if found is not None else None) == needed


def test_case_insensitive_patterns_are_always_run():
    assert prefilter.required(re.compile("lora", re.IGNORECASE)) is None
    assert prefilter.required(re.compile("(?i)lora")) is None
    assert prefilter.required(re.compile("x(?i:lora)")) == frozenset({"x"})


def test_blanked_text_keeps_what_was_read_before():
    # The scan blanks what it has read; a pattern is tested against the pieces of the text before that, so
    # it may be run for nothing but is never skipped where it could match.
    pieces = prefilter.pieces("qwen 32b lora 4bit")
    lora, qlora, tokens = re.compile(r"\blora\b"), re.compile(r"\bqlora\b"), re.compile(r"(\d+)\s*tokens")
    assert all(prefilter.may_match(p, pieces) for p in (lora, qlora, tokens))  # first use: always run
    assert prefilter.may_match(lora, pieces)
    assert not prefilter.may_match(qlora, pieces)
    assert not prefilter.may_match(tokens, pieces)


def test_a_process_that_reads_one_question_parses_no_pattern(monkeypatch):
    # gpu-size reads one question with patterns compiled from a cache: working out what they need would
    # parse each again, for nothing.
    parsed = []
    monkeypatch.setattr(prefilter, "required", lambda pattern: parsed.append(pattern) or None)
    monkeypatch.setattr(prefilter, "_REQUIRED", {})
    parse("llama 3.1 70b 4bit 32k 20 usuários")
    assert parsed == []
    parse("qwen3 32b fp8 8k 10 users")
    assert len(parsed) > 50  # from the second question on, each pattern tried is worked out once
