"""The compiled patterns' cache (sizing/regexes.py): what it returns is re.compile's pattern, a second
process gets it without compiling, and anything wrong with the cache costs only the time it would save."""

import json
import marshal
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from sizing import catalog, names, quantities, query, redact, regexes, traffic_query, vocabulary
from tests.query_corpus import BAD_INPUTS, PHRASINGS

ROOT = Path(__file__).resolve().parents[1]


def _patterns_in(value, found: dict) -> None:
    if isinstance(value, re.Pattern | regexes.KeptPattern):
        found[value.pattern, value.flags] = value
    elif isinstance(value, list | tuple):
        for item in value:
            _patterns_in(item, found)


def project_patterns() -> list[tuple[str, int]]:
    """Every pattern the reader keeps in a module or builds from the word lists, as (pattern, flags)."""
    found: dict = {}
    for module in (query, traffic_query, names, redact, quantities, catalog):
        for value in vars(module).values():
            _patterns_in(value, found)
    _patterns_in(traffic_query.patterns(), found)
    # The flags a compiled pattern reports include re.UNICODE; the source asked for what re.compile got.
    return sorted({(p.pattern, p.flags & ~re.UNICODE) for p in found.values()})


TEXTS = sorted({t for t, _ in PHRASINGS} | {t for t, *_ in BAD_INPUTS})
TEXTS += [t.lower() for t in TEXTS]  # the reader matches lowercased text
# Searched for anywhere only in short texts: some patterns are made to be matched at a position, and
# searching a long text with them at every position takes seconds.
SHORT = [t for t in TEXTS if len(t) <= 80]


@pytest.fixture
def kept(tmp_path):
    """A cache file written by one PatternCache with every project pattern, and the patterns."""
    path = tmp_path / "regexes.marshal"
    patterns = project_patterns()
    first = regexes.PatternCache(path)
    for pattern, flags in patterns:
        first.compile(pattern, flags)
    first.save()
    assert path.exists()
    return path, patterns


def no_compiling(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("compiled in pure Python")

    monkeypatch.setattr(re._parser, "parse", refuse)
    monkeypatch.setattr(re._compiler, "compile", refuse)


def test_a_kept_pattern_is_re_compiles_pattern(kept, monkeypatch):
    path, patterns = kept
    assert len(patterns) > 150  # the reader's patterns, the word lists' included
    expected = {key: re.compile(*key) for key in patterns}
    second = regexes.PatternCache(path)
    no_compiling(monkeypatch)
    for key in patterns:
        ours, theirs = second.compile(*key), expected[key]
        assert ours == theirs  # same flags and the same compiled code
        assert (ours.pattern, ours.flags, ours.groups, ours.groupindex) == (
            theirs.pattern, theirs.flags, theirs.groups, theirs.groupindex
        )  # fmt: skip
        for text in TEXTS:
            a, b = ours.match(text), theirs.match(text)
            assert (a and (a.span(), a.groups(), a.groupdict())) == (
                b and (b.span(), b.groups(), b.groupdict())
            )
        for text in SHORT:
            assert [(m.span(), m.groups()) for m in ours.finditer(text)] == [
                (m.span(), m.groups()) for m in theirs.finditer(text)
            ]


def test_the_reader_reads_the_same_with_kept_patterns():
    """The parser's phrasings read in three processes: two with the test run's cache (tests/conftest.py;
    the first may write it, the second reads it) and one with none (re.compile): the same reading each
    time (what it should be, the parser's own tests check)."""
    script = textwrap.dedent(
        """
        import json, sys
        from sizing.query import parse, QueryError
        for text in json.loads(sys.stdin.read()):
            try:
                print(repr(parse(text)))
            except QueryError as e:
                print(repr((str(e), e.unknown)))
        """
    )
    sample = json.dumps(TEXTS[::5])
    answers = []
    for cache in (os.environ["GPU_SIZER_DATA_CACHE"], os.environ["GPU_SIZER_DATA_CACHE"], "off"):
        env = {**os.environ, "GPU_SIZER_DATA_CACHE": cache, "GPU_SIZER_HUB": "off"}
        done = subprocess.run(
            [sys.executable, "-c", script], input=sample, cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        answers.append(done.stdout)
    assert answers[0] == answers[1] == answers[2]


COUNT_COMPILES = textwrap.dedent(
    """
    import re, sys
    from pathlib import Path
    calls = []
    real = re._parser.parse
    def parse(*args, **kwargs):
        frame = sys._getframe(1)
        while frame and "re" in Path(frame.f_code.co_filename).parts[-2:-1] + ("functools.py",):
            frame = frame.f_back
        calls.append(frame.f_code.co_filename)
        return real(*args, **kwargs)
    re._parser.parse = parse
    from sizing import query, traffic_query
    query.parse("200 requisições por minuto, 70b 4bit 32k, primeira resposta em até 2 s")
    traffic_query.patterns()
    print(sum("sizing" in Path(f).parts for f in calls))
    """
)


def compiles_in_a_new_process(cache: Path) -> int:
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(cache), "GPU_SIZER_HUB": "off"}
    done = subprocess.run(
        [sys.executable, "-c", COUNT_COMPILES], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_a_second_process_compiles_none_of_the_engines_patterns(tmp_path):
    cache = tmp_path / "cache"
    assert compiles_in_a_new_process(cache) > 150  # the first process compiles them all, and keeps them
    assert any(p.name.startswith("regexes-") for p in cache.iterdir())
    assert compiles_in_a_new_process(cache) == 0


COUNT_GROUPS_BUILT = textwrap.dedent(
    """
    import re, sys
    from sizing import traffic_query, vocabulary
    escaped = []
    real = re.escape
    def escape(word):  # only the words of the kept groups' builders (other patterns escape theirs too)
        if sys._getframe(1).f_code.co_qualname.startswith(("_build_alternatives", "_piece")):
            escaped.append(word)
        return real(word)
    re.escape = escape
    from bot.cli import main
    sys.argv = ["gpu-size", "mistral 7b, 200 requisições por minuto, primeira resposta em até 2 s"]
    try:
        main()
    except SystemExit:
        pass
    traffic_query.patterns()
    print(vocabulary._ALTERNATIONS.built, len(escaped))
    """
)


def groups_built_in_a_new_process(cache: Path) -> tuple[int, int, str]:
    """(word groups built, words escaped, the answer) of a gpu-size answer in a new process."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(cache), "GPU_SIZER_HUB": "off"}
    done = subprocess.run(
        [sys.executable, "-c", COUNT_GROUPS_BUILT], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    *answer, counts = done.stdout.splitlines()
    built, escaped = counts.split()
    return int(built), int(escaped), "\n".join(answer)


def test_a_second_process_builds_none_of_the_traffic_readers_word_groups(tmp_path):
    """The traffic reader's ~100 alternatives (~1,900 words escaped and sorted) are kept with the word lists'
    groups: the next answer builds none of them, and says the same."""
    cache = tmp_path / "cache"
    built, escaped, first = groups_built_in_a_new_process(cache)
    assert built > 200 and escaped > 1000  # the word lists' groups and the traffic reader's
    built, escaped, second = groups_built_in_a_new_process(cache)
    assert (built, escaped) == (0, 0)
    assert second == first and "200" in first


def test_a_group_is_kept_per_builder_and_built_anew_for_other_words(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(tmp_path))
    kept = vocabulary._KeptAlternations()
    monkeypatch.setattr(vocabulary, "_ALTERNATIONS", kept)
    assert traffic_query._alternatives(["por hora", "h"]) == r"por(?:\s+|\s*-\s*)hora|h"
    assert vocabulary.alternation(["por hora", "h"]) == r"(?:por[\s_-]+hora|h)"  # same words, its own group
    assert traffic_query._alternatives(["por dia", "h"]) == r"por(?:\s+|\s*-\s*)dia|h"  # an edited list
    assert kept.built == 3
    kept.save()
    again = vocabulary._KeptAlternations()
    monkeypatch.setattr(vocabulary, "_ALTERNATIONS", again)
    assert traffic_query._alternatives(["por hora", "h"]) == r"por(?:\s+|\s*-\s*)hora|h"
    assert vocabulary.alternation(["por hora", "h"]) == r"(?:por[\s_-]+hora|h)"
    assert again.built == 0


def test_off_compiles_with_re_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", "off")
    assert regexes.cache_path() is None
    cache = regexes.PatternCache(regexes.cache_path())
    assert cache.compile(r"(\d+)\s*users", re.IGNORECASE) == re.compile(r"(\d+)\s*users", re.IGNORECASE)
    cache.save()
    assert list(tmp_path.iterdir()) == []


def test_without_the_private_api_patterns_come_from_re(tmp_path, monkeypatch):
    monkeypatch.setattr(regexes, "_compiler", SimpleNamespace())  # a Python whose re has no _code()
    path = tmp_path / "regexes.marshal"
    cache = regexes.PatternCache(path)
    assert cache.compile(r"(?P<n>\d+)k") == re.compile(r"(?P<n>\d+)k")
    cache.save()
    assert not path.exists()


def test_an_engine_that_takes_programs_otherwise_gets_re_compiles_patterns(tmp_path, monkeypatch):
    class OtherSre:
        MAGIC, CODESIZE = regexes._sre.MAGIC, regexes._sre.CODESIZE

        @staticmethod
        def compile(*args):
            raise TypeError("compile() takes 7 arguments")

    monkeypatch.setattr(regexes, "_sre", OtherSre)
    path = tmp_path / "regexes.marshal"
    cache = regexes.PatternCache(path)
    assert cache.compile(r"\b(\d+)\s*gpus?\b") == re.compile(r"\b(\d+)\s*gpus?\b")
    cache.save()
    assert not path.exists()


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\x00not marshal",
        "truncated",
        "code cut short",
        "other interpreter",
        "not a program",
        "bad code",
    ],
)
def test_a_damaged_or_foreign_file_is_compiled_anew_and_rewritten(kept, damage, monkeypatch):
    path, patterns = kept
    key = regexes.interpreter_key()
    programs = marshal.loads(path.read_bytes())[1]
    if damage == "truncated":
        damage = path.read_bytes()[:1000]
    elif damage == "code cut short":  # the index whole, the last programs' code words missing
        damage = path.read_bytes()[:-7]
    elif damage == "other interpreter":
        damage = marshal.dumps((("cpython-399", *key[1:]), programs))
    elif damage == "not a program":
        damage = marshal.dumps((key, {k: ("not", "a", "program") for k in programs}))
    elif damage == "bad code":  # what _sre.compile refuses: a program that jumps out of itself
        whole = path.read_bytes()
        size = marshal.loads(whole)[-1]  # the code words of every program, after the index
        end = len(whole) - len(regexes._END) - 8
        damage = whole[: end - size] + b"\xff" * size + whole[end:]
    path.write_bytes(damage)
    expected = {key: re.compile(*key) for key in patterns}
    cache = regexes.PatternCache(path)
    for key in patterns:
        assert cache.compile(*key) == expected[key]
    cache.save()
    # Rewritten whole: the next process compiles nothing.
    again = regexes.PatternCache(path)
    no_compiling(monkeypatch)
    for key in patterns:
        assert again.compile(*key) == expected[key]


def test_an_unwritable_folder_costs_nothing_but_time(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    cache = regexes.PatternCache(blocker / "cache" / "regexes.marshal")  # a folder under a file
    assert cache.compile(r"(\d+)\s*(k|mil)\b") == re.compile(r"(\d+)\s*(k|mil)\b")
    cache.save()  # nothing raised
    assert blocker.read_text() == ""


def test_a_wrong_pattern_raises_as_re_compile_does(tmp_path):
    cache = regexes.PatternCache(tmp_path / "regexes.marshal")
    with pytest.raises(re.error, match="missing \\), unterminated subpattern"):
        cache.compile(r"(\d+")


def test_two_processes_keep_what_each_compiled(tmp_path, monkeypatch):
    path = tmp_path / "regexes.marshal"
    one, two = regexes.PatternCache(path), regexes.PatternCache(path)
    one.compile(r"\d+ users")
    two.compile(r"\d+ gpus")
    one.save()
    two.save()
    three = regexes.PatternCache(path)
    no_compiling(monkeypatch)
    assert three.compile(r"\d+ users").search("10 users").group() == "10 users"
    assert three.compile(r"\d+ gpus").search("8 gpus").group() == "8 gpus"


def test_a_program_no_process_asked_for_in_many_saves_goes(tmp_path, monkeypatch):
    """The patterns of word lists since edited leave the file after KEEP_SAVES saves that did not ask for them,
    while a pattern asked for by any process in that time stays (gpu-log's, between gpu-size runs)."""
    monkeypatch.setattr(regexes, "KEEP_SAVES", 4)
    path = tmp_path / "regexes.marshal"

    def process(*patterns: str) -> None:
        cache = regexes.PatternCache(path)
        for pattern in patterns:
            cache.compile(pattern)
        cache.save()

    process(r"(?:usuarios|users)", r"(?:logs?|registros?)")  # an old word list, and gpu-log's pattern
    process(r"(?:usuarios|usuários|users)", r"gpus? 1")  # the list edited: the old one is never asked again
    process(r"gpus? 2")
    process(r"(?:logs?|registros?)", r"gpus? 3")  # gpu-log again
    process(r"gpus? 4")
    kept = set(marshal.loads(path.read_bytes())[1])
    assert (r"(?:usuarios|users)", 0) not in kept
    assert {(r"(?:logs?|registros?)", 0), (r"(?:usuarios|usuários|users)", 0), (r"gpus? 1", 0)} <= kept


def test_past_the_limit_only_what_the_last_process_used_is_kept(tmp_path, monkeypatch):
    """Patterns of word lists since edited do not pile up: past MAX_PATTERNS the file is what one
    process used."""
    monkeypatch.setattr(regexes, "MAX_PATTERNS", 2)
    path = tmp_path / "regexes.marshal"
    old = regexes.PatternCache(path)
    old.compile(r"(?:usuarios|users)")
    old.compile(r"(?:gpus|placas)")
    old.save()
    new = regexes.PatternCache(path)
    new.compile(r"(?:usuarios|usuários|users)")
    new.save()
    parsed = []
    real = re._parser.parse
    monkeypatch.setattr(re._parser, "parse", lambda p, *a: parsed.append(p) or real(p, *a))
    last = regexes.PatternCache(path)
    last.compile(r"(?:usuarios|usuários|users)")
    last.compile(r"(?:gpus|placas)")
    assert set(parsed) == {r"(?:gpus|placas)"}  # the one pattern the file no longer had


# A gpu-size answer in words in a new process, counting the patterns Python's regex compiler parses (pure
# Python) anywhere in it: the engine's, and those of the modules it imports (json, platform, Jinja).
COUNT_ALL_COMPILES = textwrap.dedent(
    """
    import re, sys
    import pathlib  # the cache's own reading needs it first: urllib.parse's one pattern is compiled before
    parsed = []
    real = re._parser.parse
    def parse(pattern, *args, **kwargs):
        if isinstance(pattern, str):  # re caches str patterns only as they are given; bytes are left alone
            parsed.append(pattern)
        return real(pattern, *args, **kwargs)
    re._parser.parse = parse
    import contextlib, io
    from bot import gpu_size, cli  # as the installed command imports them
    with contextlib.redirect_stdout(io.StringIO()) as out:
        cli.main(["70b", "4bit", "32k", "10users"])
    assert "Recomendação" in out.getvalue()
    print(len(parsed))
    """
)


def test_the_next_process_gets_other_modules_patterns_from_res_own_cache(tmp_path):
    """Patterns compiled with `re` itself (the standard library's, Jinja's) are kept at exit too, and put
    back in re's cache by the next process before those modules are imported: nothing is compiled again."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}

    def compiles() -> int:
        done = subprocess.run([sys.executable, "-c", COUNT_ALL_COMPILES], cwd=ROOT, env=env,
                              capture_output=True, text=True)  # fmt: skip
        assert done.returncode == 0, done.stderr
        return int(done.stdout.split()[-1])

    assert compiles() > 150  # the engine's and the libraries' patterns, all compiled once
    assert compiles() == 0


def test_a_seeded_pattern_is_res_own(tmp_path, monkeypatch):
    """What re.compile returns from a seeded cache is the pattern it would have compiled."""
    monkeypatch.setattr(re, "_cache", {})
    path = tmp_path / "regexes.marshal"
    first = regexes.PatternCache(path, keeps_re_cache=True)
    expected = re.compile(r"(?P<key>[a-z_]+)\s*=\s*(\d+)", re.IGNORECASE)
    first.save()
    monkeypatch.setattr(re, "_cache", {})
    regexes.PatternCache(path, keeps_re_cache=True).seed()
    no_compiling(monkeypatch)
    seeded = re.compile(r"(?P<key>[a-z_]+)\s*=\s*(\d+)", re.IGNORECASE)
    assert seeded == expected and seeded.groupindex == expected.groupindex
    assert seeded.match("Users = 10").groups() == ("Users", "10")


def test_each_copy_of_the_package_keeps_its_own_patterns_and_groups(tmp_path, monkeypatch):
    """Two copies of the project on one machine (checkouts with other word lists, the releases either side
    of a deploy) do not share the files that each prunes to what it used past their limit."""
    from sizing import tomlfiles, vocabulary

    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(tmp_path))
    here = (regexes.cache_path(), vocabulary._ALTERNATIONS._path())
    monkeypatch.setattr(tomlfiles, "__file__", str(tmp_path / "other-copy" / "sizing" / "tomlfiles.py"))
    there = (regexes.cache_path(), vocabulary._ALTERNATIONS._path())
    assert all(path.parent == tmp_path for path in here + there)
    assert here[0] != there[0] and here[1] != there[1]


def test_a_kept_pattern_is_rebuilt_at_its_first_use_and_reads_as_res_own(kept, monkeypatch):
    """A process gets kept patterns without rebuilding them (most are never run for one question); what
    the prefilter and the patterns built from others read needs no rebuild, and once run, every method
    reads as re.compile's pattern."""
    path, _ = kept
    source = r"(?P<count>\d+)\s*(?:usuários|users)\b"
    first = regexes.PatternCache(path)
    first.compile(source, re.IGNORECASE)
    first.save()
    rebuilt = []
    real = regexes._rebuild
    monkeypatch.setattr(regexes, "_rebuild", lambda *args: rebuilt.append(args[0]) or real(*args))
    cache = regexes.PatternCache(path)
    ours, theirs = cache.compile(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert isinstance(ours, regexes.KeptPattern)
    assert (ours.pattern, ours.flags, ours.groups, dict(ours.groupindex)) == (
        theirs.pattern, theirs.flags, theirs.groups, dict(theirs.groupindex)
    )  # fmt: skip
    assert rebuilt == [] and cache.compile(source, re.IGNORECASE) is ours
    # which pattern a match came from (`m.re == X`) is told without a rebuild
    assert theirs == ours and ours != re.compile(source) and re.compile(r"\d+") != ours and rebuilt == []
    text = "São 20 Usuários hoje e 30 users amanhã"
    for method, args in [
        ("search", (text,)), ("match", ("12 users",)), ("fullmatch", ("12 users",)), ("findall", (text,)),
        ("split", (text,)), ("sub", ("N", text)), ("subn", ("N", text)),
    ]:  # fmt: skip
        a, b = getattr(ours, method)(*args), getattr(theirs, method)(*args)
        assert (a.span(), a.groupdict()) == (b.span(), b.groupdict()) if isinstance(a, re.Match) else a == b
    assert (
        [m.span() for m in ours.finditer(text)]
        == [m.span() for m in theirs.finditer(text)]
        == [(4, 15), (23, 31)]
    )
    assert rebuilt == [source]  # once, at the first method used
    assert ours == theirs and hash(ours) == hash(theirs) and repr(ours) == repr(theirs)


def test_build_all_rebuilds_what_was_handed_out_and_not_run(kept):
    path, patterns = kept
    cache = regexes.PatternCache(path)
    handed = [cache.compile(*key) for key in patterns[:40]]
    handed[0].search("70b")
    assert all(isinstance(p, regexes.KeptPattern) for p in handed)
    monkey = regexes._cache
    try:
        regexes._cache = cache
        assert regexes.build_all() == 39
        assert regexes.build_all() == 0
    finally:
        regexes._cache = monkey
    assert all(isinstance(vars(p)["_compiled"], re.Pattern) for p in handed)


def _noting(monkeypatch, version: str, calls: list) -> None:
    """A note-maker of the given version that records each pattern it works out."""

    def work_out(pattern: str, flags: int):
        calls.append(pattern)
        return (version, pattern.upper())

    monkeypatch.setattr(regexes, "_noter", (version, work_out))


def test_a_note_is_kept_for_the_next_process_and_made_anew_by_other_code(tmp_path, monkeypatch):
    """What keep_notes' code works out of a pattern comes back with its program in the next process, worked
    out once; a process running another version of that code gets none of them, and keeps its own."""
    path = tmp_path / "regexes.marshal"
    calls: list = []
    _noting(monkeypatch, "v1", calls)
    first = regexes.PatternCache(path)
    assert regexes.kept_note(first.compile(r"\blora\b")) is None  # compiled anew: nothing known yet
    first.save()
    assert calls == [r"\blora\b"]
    second = regexes.PatternCache(path)
    assert regexes.kept_note(second.compile(r"\blora\b")) == ("v1", r"\BLORA\B")
    second.save()
    assert calls == [r"\blora\b"]  # worked out once
    _noting(monkeypatch, "v2", calls)
    third = regexes.PatternCache(path)
    assert regexes.kept_note(third.compile(r"\blora\b")) is None
    third.save()
    assert regexes.kept_note(regexes.PatternCache(path).compile(r"\blora\b")) == ("v2", r"\BLORA\B")


def test_two_processes_keep_what_each_noted(tmp_path, monkeypatch):
    path = tmp_path / "regexes.marshal"
    _noting(monkeypatch, "v1", [])
    one, two = regexes.PatternCache(path), regexes.PatternCache(path)
    one.compile(r"\d+ users")
    two.compile(r"\d+ gpus")
    one.save()
    two.save()  # after one's write: what it finds in the file is kept with its own
    three = regexes.PatternCache(path)
    assert regexes.kept_note(three.compile(r"\d+ users")) == ("v1", r"\D+ USERS")
    assert regexes.kept_note(three.compile(r"\d+ gpus")) == ("v1", r"\D+ GPUS")


@pytest.mark.parametrize("notes", ["not a dict", None, ["a", "list"], "past the end", "not marshal"])
def test_notes_that_cannot_be_read_are_none(tmp_path, monkeypatch, notes):
    """A file whose notes are damaged still gives its programs; no note is known, and the next save writes
    them anew."""
    path = tmp_path / "regexes.marshal"
    _noting(monkeypatch, "v1", [])
    first = regexes.PatternCache(path)
    first.compile(r"\blora\b")
    first.save()
    whole = path.read_bytes()
    header = marshal.loads(whole)
    # the code words and the notes, then _END and their size
    body = whole[len(whole) - len(regexes._END) - 8 - header[-1] :]
    if notes == "past the end":  # where each note is, beyond the file
        notes = {key: (len(whole), 5) for key in header[5]}
    elif notes == "not marshal":  # the first bytes of the code words
        notes = {key: (0, 3) for key in header[5]}
    path.write_bytes(marshal.dumps((*header[:5], notes, header[6])) + body)
    again = regexes.PatternCache(path)
    no_compiling(monkeypatch)
    pattern = again.compile(r"\blora\b")
    assert regexes.kept_note(pattern) is None and pattern.search("a lora run").group() == "lora"
    again.save()
    assert regexes.kept_note(regexes.PatternCache(path).compile(r"\blora\b")) == ("v1", r"\BLORA\B")
