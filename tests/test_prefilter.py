"""The reader skips the patterns that cannot match a question (sizing/prefilter.py): every question of the
corpus is read exactly as it is with every pattern run, and a pattern is never skipped where it matches."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing import prefilter, query, topics
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
    monkeypatch.setattr(prefilter, "NEEDED", {})  # the scan's inline test then asks may_match too
    assert [_read(text) for text in TEXTS] == filtered


def test_a_pattern_is_skipped_only_where_it_finds_nothing(monkeypatch):
    checked = {"skipped": 0}
    original = query._Scan.take

    def checking(scan, pattern, kind, convert):
        pieces = prefilter.pieces(scan.work)
        if not prefilter.may_match(pattern, pieces):
            checked["skipped"] += 1
            assert pattern.search(scan.work) is None, (pattern.pattern[:80], scan.work)
        elif not prefilter.strings_in(pattern, pieces, scan.work):
            checked["skipped by whole strings"] += 1
            assert pattern.search(scan.work) is None, (pattern.pattern[:80], scan.work)
        return original(scan, pattern, kind, convert)

    checked["skipped by whole strings"] = 0
    monkeypatch.setattr(query._Scan, "take", checking)
    for text in TEXTS:
        _read(text)
    assert checked["skipped"] > 50 * len(TEXTS)  # most of the ~110 patterns are skipped for most questions
    # a pattern of many words finds the first letters of some in most questions ("ate" of "atendimentos" in
    # "até"): the words themselves are looked for before it is run
    assert checked["skipped by whole strings"] > 5 * len(TEXTS)


def test_a_pattern_s_tests_miss_no_text_it_matches():
    # The scan tells every pattern at once by the tests a text passes (prefilter.present: one pass over the
    # text's pieces and whole words, then a few integer operations a pattern). Every pattern worked out, on
    # every question of the corpus as typed and as the scan reads it: where its bits say it cannot match, it
    # finds nothing.
    for text in TEXTS[:40]:
        _read(text)  # each pattern's strings are worked out from its use on a second text
    worked_out = [(entry[0], entry[3]) for entry in list(prefilter.NEEDED.values()) if entry[1] is not None]
    assert len(worked_out) > 300
    skipped = 0
    for n, text in enumerate(TEXTS):
        plain = query.strip_accents(text.lower())
        for form in {plain, text} if n % 5 == 0 else {plain}:  # as typed, every fifth: the test takes ~10 s
            bits, known = prefilter.present(prefilter.pieces(form), form)
            assert known >= max(top for _, _, _, _, top in prefilter.NEEDED.values())
            for pattern, ways in worked_out:
                if not prefilter.passes(ways, bits):
                    skipped += 1
                    assert pattern.search(form) is None, (pattern.pattern[:80], form)
    assert skipped > 250 * len(TEXTS)  # most patterns, for most texts


def test_a_blanked_text_passes_the_tests_it_would_pass_gathered_anew(monkeypatch):
    # What the scan has read is blanked, and the words a pattern needs may go with it: the tests are then told
    # again from the tokens found before (prefilter.still_present), never fewer than gathering them anew from
    # the blanked text would give (a pattern skipped where it matches), and more only by a text that is no
    # longer outside ASCII lower case (ANY_CASE kept: a pattern run for nothing).
    for text in TEXTS[:40]:
        _read(text)  # each pattern's strings are worked out from its use on a second text
    told = {"again": 0, "fewer": 0}
    original = query._Scan._regather

    def checking(scan):
        before = scan._present
        bits = original(scan)
        anew, _ = prefilter.present(prefilter.pieces(scan.work), scan.work)
        anew &= (1 << scan._known) - 1  # the tests numbered since are not the scan's to tell
        assert anew & ~bits == 0, scan.work
        assert bits & ~anew & ~prefilter._BY_PIECE.get(prefilter.ANY_CASE, 0) == 0, scan.work
        told["again"] += 1
        told["fewer"] += bits != before
        return bits

    monkeypatch.setattr(query._Scan, "_regather", checking)
    for text in TEXTS:
        _read(text)
    assert told["again"] > len(TEXTS)  # most questions blank something a later pattern's tests ask about
    assert told["fewer"] > len(TEXTS) / 2  # and a word read is often one of them: those patterns are skipped


def test_the_words_of_an_alternation_are_looked_for_whole_where_they_share_their_start():
    # re parses "meses|month|mes|mo" as "m" then "eses|onth|es|o": the letters after the shared "m" are in
    # nearly every text ("o"), and a pattern of people a month had run on every question with a number and a
    # people's word; the words whole ("mes", "mo"...) say it cannot match a text without them
    pattern = re.compile(r"(\d+)\s+(?:pessoas|usuarios)\s+por\s+(?:meses|month|mes|mo)\b")
    texts = ["first text", "10 usuarios por mes", "10 pessoas por month", "mil usuarios por mes",
             "10 usuarios por dia em 2 meses", "10 usuarios por dia, 2 mensagens", "10 pessoas por ano, certo?"]  # fmt: skip
    for text in texts:
        prefilter.may_match(pattern, prefilter.pieces(text))  # worked out from its use on a second text
    skipped = []
    for text in texts[1:]:
        pieces = prefilter.pieces(text)
        if not (prefilter.may_match(pattern, pieces) and prefilter.strings_in(pattern, pieces, text)):
            assert pattern.search(text) is None, text
            skipped.append(text)
    # run for nothing where its words are there in another order ("meses" before "usuarios por")
    assert skipped == ["10 usuarios por dia, 2 mensagens", "10 pessoas por ano, certo?"]


def test_a_pattern_s_bits_say_what_its_strings_say():
    # The bits are the strings' tests, gathered at once: for a pattern of many words and ways to match, a
    # text passes them where may_match and strings_in together pass it. (Not the pattern of the test of many
    # words below: re.compile would hand that test this one's object, worked out already.)
    pattern = re.compile(
        r"(\d+)\s*(?:atendimentos|contratos|pessoas)\s+por\s+mes\b|(\d+)\s+mensais\s+(?:pessoas|clientes)"
    )
    texts = ["first text", "ate 10 usuarios por mes", "10 pessoas com contexto", "10 contratos por mes",
             "20 mensais pessoas", "pessoas 10 por mes", "10 contratos mensais", "PESSOAS 10 POR MES"]  # fmt: skip
    for text in texts:
        prefilter.may_match(pattern, prefilter.pieces(text))
    ways, _ = prefilter.NEEDED[id(pattern)][3:]
    for text in texts[1:]:
        pieces = prefilter.pieces(text)
        by_strings = prefilter.may_match(pattern, pieces) and prefilter.strings_in(pattern, pieces, text)
        assert prefilter.passes(ways, prefilter.present(pieces, text)[0]) == by_strings, text
    assert [t for t in texts[1:] if prefilter.passes(ways, prefilter.present(prefilter.pieces(t), t)[0])] == [
        "10 contratos por mes", "20 mensais pessoas", "pessoas 10 por mes"]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["70b", "4bit", "32k", "lora", "usuários", "tokens", "req/min", "h100", "2x",
                                 "seq", "8192", "dias", "prazo", "r$", "%", "en", "pt-pt", "zero3", "tp=2",
                                 "ms", "kv fp8", "épocas", "mil", "p99", "contrato", "q4_k_m", "-", "/"]),
                max_size=8))  # fmt: skip
def test_any_mix_of_words_reads_the_same_as_with_every_pattern_run(words):
    text = " ".join(words)
    filtered = _read(text)
    saved = prefilter.may_match, prefilter.NEEDED
    prefilter.may_match, prefilter.NEEDED = (lambda pattern, pieces: True), {}
    try:
        assert _read(text) == filtered
    finally:
        prefilter.may_match, prefilter.NEEDED = saved


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


def test_case_insensitive_patterns_are_skipped_only_in_ascii_lower_case():
    # In a text of ASCII lower case (the reader's, nearly always) a letter matches only its lower case; in any
    # other text the pattern is run ("K", the Kelvin sign, matches "k").
    assert prefilter.required(re.compile("LoRA", re.IGNORECASE)) == {"lor", prefilter.ANY_CASE}
    assert prefilter.required(re.compile("(?i)lora")) == {"lor", prefilter.ANY_CASE}
    assert prefilter.required(re.compile("x(?i:lora)")) == frozenset({"x"})
    # what "K" (the Kelvin sign) matches is not worked out
    assert prefilter.required(re.compile("\u212a8s", re.IGNORECASE)) is None
    # a character that matches no ASCII one is never in such a text: needed as it is
    assert prefilter.required(re.compile("we’re", re.IGNORECASE)) == {"we’", prefilter.ANY_CASE}
    lora = re.compile(r"\bLoRA\b", re.IGNORECASE)
    texts = [
        "another question",
        "qwen 32b 4bit",
        "qwen 32b lora",
        "qwen 32b \u212a lora",
        "Qwen 32B",
        "qwen 32b ſ",
    ]
    assert prefilter.may_match(lora, prefilter.pieces(texts[0]))  # the first text: always run
    assert not prefilter.may_match(lora, prefilter.pieces(texts[1]))
    assert all(prefilter.may_match(lora, prefilter.pieces(text)) for text in texts[2:])


def test_patterns_run_outside_take_are_skipped_only_where_they_find_nothing(monkeypatch):
    checked = {"skipped": 0}
    for name in ("search", "match", "finditer"):
        original = getattr(query._Scan, name)

        def checking(scan, pattern, pos=0, endpos=query._END, _original=original, _name=name):
            pieces = prefilter.pieces(scan.work)
            if not (
                prefilter.may_match(pattern, pieces) and prefilter.strings_in(pattern, pieces, scan.work)
            ):
                checked["skipped"] += 1
                found = getattr(pattern, _name)(scan.work, pos, endpos)
                assert not (list(found) if _name == "finditer" else found), (pattern.pattern[:80], scan.work)
            return _original(scan, pattern, pos, endpos)

        monkeypatch.setattr(query._Scan, name, checking)
    for text in TEXTS:
        _read(text)
    assert checked["skipped"] > 10 * len(TEXTS)


SUBJECTS = ["spot? qwen3 32b com dados de saúde, vocês têm DPA", "vocês guardam logs? llama 8b tem h100 disponível",
            "lgpd e dados financeiros, cartão de crédito, llama 70b on premise", "memória disponível 24gb qwen 7b"]  # fmt: skip


@pytest.mark.parametrize("text", [*TEXTS, *SUBJECTS])
def test_subjects_beside_are_found_as_by_the_one_pattern(text):
    plain = query.strip_accents(text.lower())
    for _ in range(2):  # a pattern's strings are worked out from its use on a second text (its pieces anew)
        assert topics.beside(plain, prefilter.pieces(plain)) == topics.beside(plain)
        text_pieces = prefilter.pieces(plain)
        told = (text_pieces, *prefilter.present(text_pieces, plain))
        assert topics.beside(plain, told=told) == topics.beside(plain)


def test_a_pattern_of_many_words_is_run_only_where_one_of_them_is_whole():
    # Its pieces ("ate", "con", "pes") are in most questions; the words, and the other parts every match
    # holds (here "por mês", in each way to match), decide.
    pattern = re.compile(
        r"(\d+)\s*(?:atendimentos|contratos|pessoas)\s+por\s+mes\b|(\d+)\s+mensais\s+(?:pessoas)"
    )
    texts = ["first text", "ate 10 usuarios por mes", "10 pessoas com contexto", "10 contratos por mes",
             "20 mensais pessoas", "pessoas 10 por mes"]  # fmt: skip
    run = []
    for text in texts:
        pieces = prefilter.pieces(text)
        if prefilter.may_match(pattern, pieces) and prefilter.strings_in(pattern, pieces, text):
            run.append(text)
    assert run == ["first text", "10 contratos por mes", "20 mensais pessoas", "pessoas 10 por mes"]
    assert [text for text in run if pattern.search(text)] == ["10 contratos por mes", "20 mensais pessoas"]


def test_blanked_text_keeps_what_was_read_before():
    # The scan blanks what it has read; a pattern is tested against the pieces of the text before that, so
    # it may be run for nothing but is never skipped where it could match.
    lora, qlora, tokens = re.compile(r"\blora\b"), re.compile(r"\bqlora\b"), re.compile(r"(\d+)\s*tokens")
    first = prefilter.pieces("another question")
    assert all(prefilter.may_match(p, first) for p in (lora, qlora, tokens))  # the first text: always run
    pieces = prefilter.pieces("qwen 32b lora 4bit")
    assert prefilter.may_match(lora, pieces)
    assert not prefilter.may_match(qlora, pieces)
    assert not prefilter.may_match(tokens, pieces)


def test_a_process_that_reads_one_question_parses_no_pattern(monkeypatch):
    # gpu-size reads one question with patterns compiled from a cache: working out what they need would
    # parse each again, for nothing.
    parsed = []
    monkeypatch.setattr(prefilter, "_work_out", lambda pattern, flags: parsed.append(pattern) or (None, None))
    monkeypatch.setattr(prefilter, "_REQUIRED", {})
    monkeypatch.setattr(prefilter, "NEEDED", {})
    parse("llama 3.1 70b 4bit 32k 20 usuários")
    assert parsed == []
    parse("qwen3 32b fp8 8k 10 users")
    assert len(parsed) > 50  # from the second question on, each pattern tried is worked out once


@pytest.fixture
def kept_lora(tmp_path, monkeypatch):
    """`\\blora\\b` as a second process gets it: compiled from a kept program, with the strings the first
    process worked out (sizing/regexes.py keeps them beside the program); the prefilter's tables fresh."""
    from sizing import regexes

    path = tmp_path / "regexes.marshal"
    first = regexes.PatternCache(path)
    first.compile(r"\blora\b")
    first.save()
    monkeypatch.setattr(prefilter, "_REQUIRED", {})
    monkeypatch.setattr(prefilter, "NEEDED", {})
    return path, regexes.PatternCache(path).compile(r"\blora\b")


def test_a_pattern_with_kept_strings_is_skipped_from_its_first_text_unbuilt(kept_lora, monkeypatch):
    """A process reading one question (gpu-size) skips what cannot match it without rebuilding it, and
    without parsing it again."""
    parsed = []
    monkeypatch.setattr(prefilter, "_work_out", lambda pattern, flags: parsed.append(pattern) or (None, None))
    _, lora = kept_lora
    assert not prefilter.may_match(lora, prefilter.pieces("qwen 32b 4bit 8k"))
    assert "_compiled" not in vars(lora)  # never rebuilt from its program
    text = "qwen 32b lora 4bit"
    assert prefilter.may_match(lora, prefilter.pieces(text))
    assert prefilter.strings_in(lora, prefilter.pieces(text), text)
    assert lora.search(text).group() == "lora"
    assert parsed == []


def test_kept_strings_are_the_prefilters_own_and_made_by_this_prefilter(kept_lora):
    """The kept strings are those the prefilter works out itself, by the code that made them: an edited
    prefilter.py has another version, and no kept strings (tests/test_regexes.py)."""
    from pathlib import Path

    from sizing import regexes, tomlfiles

    _, lora = kept_lora
    needed, second = prefilter._loaded(regexes.kept_note(lora))
    assert (needed, second) == prefilter._work_out(r"\blora\b", lora.flags)
    assert regexes._noter[0] == tomlfiles.content_key(Path(prefilter.__file__).read_bytes())


def test_kept_strings_that_cannot_be_read_let_the_pattern_run(kept_lora, monkeypatch):
    """A kept second test that cannot be read (a damaged file) runs the pattern, and its strings are worked
    out anew from its text once another text comes."""
    from sizing import regexes

    _, lora = kept_lora
    needed, _ = regexes.kept_note(lora)
    monkeypatch.setattr(regexes, "kept_note", lambda pattern: (needed, b"\xffnot marshal"))
    text = "qwen 32b lora 4bit"
    assert prefilter.may_match(lora, prefilter.pieces(text)) and prefilter.strings_in(lora, set(), text)
    assert not prefilter.may_match(lora, prefilter.pieces("qwen 32b 4bit 8k"))  # worked out from its text
    assert prefilter.NEEDED[id(lora)][1:3] == prefilter._work_out(r"\blora\b", lora.flags)


# -- the long messages' shortcuts (perfparse10): each gives what the plain way gives, where it applies and not


def _every_run(text: str) -> set[str]:
    """pieces() as defined: every run of 1 to PIECE characters, sliced one by one."""
    runs = {text[i : i + size] for size in range(1, prefilter.PIECE + 1) for i in range(len(text) - size + 1)}
    if not text.isascii() or text.lower() != text:
        runs.add(prefilter.ANY_CASE)
    return runs


@pytest.mark.parametrize(
    "text", ["", "a", "ab", "abc", "70b 4bit" + " " * 40, "Açaí ß\u0130\u212a", "  \t\n "]
)
def test_a_text_s_pieces_are_every_run_of_up_to_three_characters(text):
    assert prefilter.pieces(text) == _every_run(text)


def test_the_corpus_pieces_are_every_run_of_up_to_three_characters():
    for text in TEXTS:
        for form in (text, query.strip_accents(text.lower())):
            assert prefilter.pieces(form) == _every_run(form), form


def _present_looking_for_every_string(text_pieces: set[str], text: str) -> tuple[int, set]:
    """present() as it was: every whole string filed under a piece of the text looked for in it."""
    bits, tokens = 0, set()
    for piece in prefilter._PIECES_KNOWN.intersection(text_pieces):
        bits |= prefilter._BY_PIECE[piece]
        tokens.add((piece, prefilter._BY_PIECE[piece]))
    for piece in prefilter._WHOLES_KNOWN.intersection(text_pieces):
        for string, of in prefilter._WHOLES[piece]:
            if string in text:
                bits |= of
                tokens.add((string, of))
    return bits, tokens


def test_the_tests_a_text_passes_are_those_of_every_whole_string_looked_for():
    # A whole string is looked for only where the piece after its first is in the text too: the strings whose
    # first piece is there and whose next is not ("contexto" in "conta", "atendimentos" in "até") are the
    # ones no longer looked for, and none of them was in the text.
    for text in TEXTS[:40]:
        _read(text)  # each pattern's strings are worked out from its use on a second text
    for text in [*TEXTS, "conta até o contrato", "atendimento atendimentos contexto"]:
        for form in {text, query.strip_accents(text.lower())}:
            text_pieces = prefilter.pieces(form)
            tokens: list = []
            bits, _ = prefilter.present(text_pieces, form, tokens)
            assert (bits, set(tokens)) == _present_looking_for_every_string(text_pieces, form), form


def test_a_string_filed_after_a_text_was_told_is_looked_for_in_the_next():
    # present() keeps, per piece, the strings' next pieces; a pattern worked out later files more strings
    # under the same piece, and the next text that holds one of them passes its test.
    _read("qwen 32b 4bit 8k")
    before = prefilter.present(prefilter.pieces("quarentena quaresma"), "quarentena quaresma")[0]
    pattern = re.compile(r"\b(?:quarentenas?|quaresmas?)\s+de\s+(\d+)\s+gpus\b")
    assert prefilter.may_match(pattern, prefilter.pieces("llama 70b"))  # its first text: run
    prefilter.may_match(pattern, prefilter.pieces("qwen 32b"))  # worked out now, its strings filed
    ways = prefilter.NEEDED[id(pattern)][3]
    for text, matches in [
        ("quarentena de 8 gpus", True),
        ("quaresma de 2 gpus", True),
        ("quarenta gpus", False),
    ]:
        bits, known = prefilter.present(prefilter.pieces(text), text)
        assert known >= prefilter.NEEDED[id(pattern)][4]
        assert prefilter.passes(ways, bits) == matches, text
        assert (pattern.search(text) is not None) == matches
    # the text told before the strings were filed passes its old tests and, now, the new ones
    after = prefilter.present(prefilter.pieces("quarentena quaresma"), "quarentena quaresma")[0]
    assert after & before == before and after != before


@pytest.mark.parametrize(
    ("strings", "text"),
    [
        (frozenset({"behemoth", "apertus", "nemotron"}), "rodar o llama 4 behemoth"),
        (frozenset({"behemoth", "apertus", "nemotron"}), "rodar o llama 4 behe moth"),  # its pieces, not it
        (frozenset({"behemoth", "apertus"}), "a apertura"),  # its first piece, not it
        (frozenset({"ab", "x"}), "x"),  # strings shorter than a piece
        (frozenset({"ab", "x"}), "a b"),
        (frozenset({""}), "anything"),  # in every text
        (frozenset(), "anything"),
    ],
)
def test_strings_are_found_by_the_text_s_pieces_as_by_looking_for_each(strings, text):
    expected = any(string in text for string in strings)
    assert prefilter.any_in(strings, text) == expected
    assert prefilter.any_in(strings, text, prefilter.pieces(text)) == expected


def test_strings_are_found_in_a_blanked_text_by_the_pieces_it_had_before():
    # The reader's scan hands over the pieces of its text before what it read was blanked: a superset.
    strings = frozenset({"behemoth", "apertus"})
    before = "llama 4 behemoth e apertus 8b"
    assert prefilter.any_in(strings, "llama 4          e apertus 8b", prefilter.pieces(before))
    assert not prefilter.any_in(strings, "llama 4          e         8b", prefilter.pieces(before))


def test_the_first_words_of_models_not_sized_are_found_in_every_question_as_before():
    names = query._uncatalogued_names(query.load_catalog())[1]
    for text in TEXTS:
        plain = query.strip_accents(text.lower())
        assert prefilter.any_in(names, plain, prefilter.pieces(plain)) == prefilter.any_in(names, plain), text
