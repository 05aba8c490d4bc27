"""A cheap test that a pattern cannot match a text, for the reader's scan (sizing/query.py), which tries
about a hundred patterns on every question and finds nothing with most of them.

For each pattern, worked out once from its parsed form (the standard library's regular-expression parser,
`re._parser`), a few strings at least one of which every match needs in the text: a literal run it
matches ("tokens"), the words of an alternation ("lora|peft"), what a lookaround asserts. When none of them
is in the text, the pattern has no match there, and the scan skips it without running it. A pattern it
cannot reason about (nothing required) is always run. A case-insensitive pattern is tested by the lower case
of its strings, in a text of ASCII lower case only (the reader's, nearly always): there its letters match
only their lower case.

A text's pieces hold a string's first few characters only, and a pattern that names many words ("atendimentos|
entrevistas|contratos...") finds some of them ("ate", "con") in most questions; so where a piece is found, the
whole strings that begin with it are looked for in the text too (strings_in), before the pattern is run.
"""

from __future__ import annotations

import marshal
import re
import threading
from functools import cache
from operator import add
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

from . import regexes, tomlfiles

# Strings are compared by their first few characters: the text's pieces of up to this many characters are
# worked out once per question, and each pattern's test is then one set operation.
PIECE = 3
# Per pattern (by id, the pattern kept with its strings so that its id is not reused): hashing a pattern
# hashes its whole compiled code, which would cost more than the test saves.
_REQUIRED: dict[int, tuple[re.Pattern, object, int]] = {}
# Each pattern worked out, by id, with its strings (None: it is always run), what strings_in tests after them,
# its ways as tests' bits (passes()) and how many tests those bits number up to: one look-up, which the
# reader's scan (sizing/query.py _Scan.take) makes inline for the ~270 patterns a question tries. The pattern
# is kept with them, so that its id is never another pattern's; one not here yet is for may_match() to say.
NEEDED: dict[int, tuple] = {}
# A pattern's strings are worked out from its first use after the text of its first use (pieces() of
# another text made since): parsing a pattern again costs more than running it once, and a process that
# reads one question (gpu-size, whose patterns come compiled from sizing/regexes.py's cache) would parse
# them all for nothing.
_SEEN_ONCE = object()
_texts = 0  # pieces() made so far
# Among the pieces of a text that is not ASCII lower case, and among the strings of every case-insensitive
# pattern, so that such a pattern is always run there (where "K", the Kelvin sign, matches a "k"). Longer
# than PIECE: no text's piece.
ANY_CASE = "\0any case"


def pieces(text: str) -> set[str]:
    """Every run of 1 to PIECE characters of `text`: what may_match tests a pattern's strings against (a
    set, not a subclass: frozenset.isdisjoint is quick only with a set)."""
    global _texts
    _texts += 1  # no lock: a race only changes when a pattern's strings are worked out
    out = set(text)
    # Each size's runs from the size before, a character longer, by map(): the concatenations are made in C,
    # where slicing every run was a Python step each (~1/4 of this function's time on a long message)
    runs: list[str] | str = text
    for size in range(2, PIECE + 1):
        runs = list(map(add, runs, text[size - 1 :]))
        out.update(runs)
    if not text.isascii() or text.lower() != text:
        out.add(ANY_CASE)
    return out


def may_match(pattern: re.Pattern, text_pieces: set[str]) -> bool:
    """False only when `pattern` cannot match anywhere in the text whose pieces() are given, or in any text
    made from it by turning some of its characters into spaces (what the scan does to what it has read)."""
    worked_out = NEEDED.get(id(pattern))
    if worked_out is not None:
        return worked_out[1] is None or not worked_out[1].isdisjoint(text_pieces)
    entry = _REQUIRED.get(id(pattern))
    if entry is None or entry[0] is not pattern:
        # Its strings as an earlier process worked them out, kept beside its compiled program (sizing/
        # regexes.py), else nothing known yet. Why: a process that reads one question (gpu-size) otherwise
        # ran every pattern its question tried, rebuilt from its program first (~500 a question, ~400 of
        # them for nothing).
        note = _usable(regexes.kept_note(pattern))
        entry = _REQUIRED[id(pattern)] = (pattern, _SEEN_ONCE if note is None else note, _texts)
    note = entry[1]
    if entry[2] == _texts:  # the first text still: its strings, where kept, are not numbered as tests yet
        return note is _SEEN_ONCE or note[0] is None or not note[0].isdisjoint(text_pieces)  # type: ignore[index]
    note = None if note is _SEEN_ONCE else _loaded(note)  # type: ignore[arg-type]
    needed, second = note or _work_out(pattern.pattern, pattern.flags)
    _REQUIRED[id(pattern)] = (pattern, (needed, second), 0)
    ways, known = _ways_as_bits(needed, second)
    NEEDED[id(pattern)] = (pattern, needed, second, ways, known)
    return needed is None or not needed.isdisjoint(text_pieces)


# Every test of a pattern (its first strings, or a part of one of its ways to match) is passed by a text that
# holds one of a few tokens: a piece that decides alone, or a whole string. Each distinct test is numbered
# once, as a bit, and each token knows the bits of the tests it passes; so a text's tokens, gathered once
# (present()), tell every test at once, and a pattern is then a few integer operations (passes()) in place of
# a set operation per test and calls for the whole strings (~250 patterns a question skipped, ~270 tried).
_TESTS: dict[tuple[frozenset, frozenset], int] = {}  # a test's tokens (alone, whole): its bit
_BY_PIECE: dict[str, int] = {}  # a piece that decides alone: the bits of its tests
_PIECES_KNOWN: set[str] = set()  # _BY_PIECE's keys, as a set: intersected with a text's pieces
_WHOLES: dict[str, list[tuple[str, int]]] = {}  # a piece: the whole strings it begins, with their tests' bits
_WHOLES_KNOWN: set[str] = set()
_NUMBERING = threading.Lock()  # a web worker's threads may work out patterns at once


def _test_bit(test: tuple[frozenset[str], dict[str, tuple[str, ...]]]) -> int:
    """The bit of a test (_found's: one of its pieces in the text decides alone, or a whole string that
    begins with one is in it), numbered on first sight. A test is numbered only once its tokens are filed, so
    a present() that counted the tests before it began knows every test it counted."""
    needed, whole = test
    alone = frozenset(needed.difference(whole))
    wholes = frozenset((piece, string) for piece, strings in whole.items() for string in strings)
    key = (alone, wholes)
    bit = _TESTS.get(key)
    if bit is None:
        bit = 1 << len(_TESTS)
        for piece in alone:
            _BY_PIECE[piece] = _BY_PIECE.get(piece, 0) | bit
            _PIECES_KNOWN.add(piece)
        for piece, string in wholes:
            entries = _WHOLES.setdefault(piece, [])
            for i, (known, bits) in enumerate(entries):
                if known == string:
                    entries[i] = (string, bits | bit)
                    break
            else:
                entries.append((string, bit))
            _WHOLES_KNOWN.add(piece)
        _TESTS[key] = bit
    return bit


def _ways_as_bits(needed: frozenset[str] | None, second: tuple | None) -> tuple[tuple[int, ...], int]:
    """A pattern's ways to match, each as the bits of the tests a text passes for it (its first strings and
    the parts of that way, as whole_in tests them), and how many tests were numbered when they were."""
    if needed is None:
        return (0,), 0  # nothing known that it needs: always run
    with _NUMBERING:
        if second is None:
            ways = (_test_bit((needed, {})),)
        else:
            first, parts = second
            lead = _test_bit(first)
            each = []
            for way in parts:
                bits = lead
                for test in way:
                    bits |= _test_bit(test)
                each.append(bits)
            ways = tuple(each) or (lead,)
        return ways, len(_TESTS)


def present(text_pieces: set[str], text: str, tokens: list | None = None) -> tuple[int, int]:
    """The bits of the tests `text` (whose pieces() are given) passes, and how many tests were numbered
    before they were gathered: a pattern with a test numbered since is not known to them. `tokens`, where
    given, gets each token found with the bits it gave, for still_present."""
    # First: a test numbered meanwhile is not counted, whether its tokens were seen or not.
    known = len(_TESTS)
    bits = 0
    for piece in _PIECES_KNOWN.intersection(text_pieces):
        bits |= _BY_PIECE[piece]
        if tokens is not None:
            tokens.append((piece, _BY_PIECE[piece]))
    for piece in _WHOLES_KNOWN.intersection(text_pieces):
        entries = _WHOLES[piece]
        nexts = _NEXT.get(piece)
        if nexts is None or nexts[0] != len(entries):
            nexts = _next_pieces(piece, entries)
        # Only the strings whose next piece is in the text too are looked for in it: a long message holds
        # ~40 pieces that begin ~450 strings, and looking for each was most of this function's time.
        for following in nexts[1].intersection(text_pieces):
            for at in nexts[2][following]:
                string, of = entries[at]
                if string in text:
                    bits |= of
                    if tokens is not None:
                        tokens.append((string, of))
    return bits, known


# A piece of _WHOLES: how many strings it had when this was made, the piece that follows it in each (the
# string's next PIECE characters, or fewer at its end: in any text that holds the string, a piece of it), and
# each such piece's strings by their place in _WHOLES[piece] (their bits are read there, as they grow).
_NEXT: dict[str, tuple[int, frozenset[str], dict[str, list[int]]]] = {}


def _next_pieces(
    piece: str, entries: list[tuple[str, int]]
) -> tuple[int, frozenset[str], dict[str, list[int]]]:
    """_NEXT's entry for `piece`, made again when _test_bit has filed another string under it."""
    with _NUMBERING:  # its strings are not filed while they are read
        by_next: dict[str, list[int]] = {}
        for at, (string, _) in enumerate(entries):
            by_next.setdefault(string[PIECE : 2 * PIECE] or string[:PIECE], []).append(at)
        made = _NEXT[piece] = (len(entries), frozenset(by_next), by_next)
    return made


def still_present(tokens: list, text: str) -> tuple[int, list]:
    """present()'s bits for `text` made from the text its tokens were found in by turning characters into
    spaces (what the reader's scan does to what it has read), and the tokens still in it. Only tokens can
    go: each is looked for again (a piece is in a text's pieces() where it is in the text; no piece nor
    whole string holds a space), a few dozen substring tests in place of gathering them anew. ANY_CASE stays
    (a pattern may run for nothing, never be skipped where it matches)."""
    bits = 0
    kept = []
    for token, of in tokens:
        if token in text or token == ANY_CASE:
            bits |= of
            kept.append((token, of))
    return bits, kept


def may_search(pattern: re.Pattern, text: str, told: tuple[set[str], int, int]) -> bool:
    """False only where `pattern` cannot match `text`, by what the caller gathered of the text (`told`: its
    pieces(), and its present() bits with how many tests they tell; the reader's scan gathers them once a
    question): the tests' bits once the pattern is worked out, else its strings."""
    text_pieces, bits, known = told
    worked_out = NEEDED.get(id(pattern))
    if worked_out is not None and worked_out[4] <= known:
        return passes(worked_out[3], bits)
    return may_match(pattern, text_pieces) and strings_in(pattern, text_pieces, text)


def search(pattern: re.Pattern, text: str, told: tuple[set[str], int, int] | None = None) -> re.Match | None:
    """pattern.search(text), not run where may_search says it cannot match (with `told`): for the big
    alternations of words read from a question's whole text (documents, verbs of review, concepts), which find
    nothing in most questions and took the longest to say so."""
    if told is not None and not may_search(pattern, text, told):
        return None
    return pattern.search(text)


@cache
def _any_of(strings: frozenset[str]) -> re.Pattern | None:
    """One pattern that matches where one of `strings` is in a text (None: there are none); the longest first,
    though any match would do."""
    if not strings:
        return None
    return re.compile("|".join(re.escape(string) for string in sorted(strings, key=lambda s: (-len(s), s))))


def any_of(strings: frozenset[str]) -> re.Pattern | None:
    """The pattern any_in() runs for `strings`, for a reader that tests the same few strings on every question:
    its own `.search` is one call, where any_in() is three."""
    return _any_of(strings)


def any_in(strings: frozenset[str], text: str, text_pieces: set[str] | None = None) -> bool:
    """any(string in text for string in strings), in one pass of the regular-expression engine over the text
    in place of a Python step for each of the strings (the first words of the ~150 names the catalogue knows
    it does not size, looked for in every question). Kept per set: a frozenset's hash is worked out once.
    With the text's pieces() (or those of a text it was made from by blanking), only the strings whose first
    piece is among them are looked for: the engine's pass cost ~0.2 us a character, ~40 us on a long message."""
    if text_pieces is not None:
        firsts, by_first = _by_first_piece(strings)
        if "" in strings:  # in every text, and no piece's
            return True
        for piece in firsts.intersection(text_pieces):
            for string in by_first[piece]:
                if string in text:
                    return True
        return False
    pattern = _any_of(strings)
    return pattern is not None and pattern.search(text) is not None


@cache
def _by_first_piece(strings: frozenset[str]) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """The first pieces of `strings` (a piece of any text that holds the string), and the strings of each."""
    by_first: dict[str, list[str]] = {}
    for string in sorted(strings):
        by_first.setdefault(string[:PIECE], []).append(string)
    return frozenset(by_first), {piece: tuple(found) for piece, found in by_first.items()}


def passes(ways: tuple[int, ...], bits: int) -> bool:
    """Whether a text whose present() bits are given passes every test of one of a pattern's ways: what
    may_match and strings_in together say of it."""
    for way in ways:  # a loop, not any() over a generator: ~350 of these a question
        if way & bits == way:
            break
    else:
        return False
    return True


def strings_in(pattern: re.Pattern, text_pieces: set[str], text: str) -> bool:
    """False only when none of the strings `pattern` needs is in `text` as a whole, where may_match found the
    first characters of some (`text_pieces` may be those of the text before the scan blanked part of it: a
    string without spaces that is in the text now was in it then), or when a part every match holds is not
    (the words after a count, and then "por mês"). True for a pattern not worked out yet."""
    worked_out = NEEDED.get(id(pattern))
    if worked_out is not None:
        second = worked_out[2]
    else:  # its kept strings, at its first text (may_match)
        entry = _REQUIRED.get(id(pattern))
        if entry is None or entry[0] is not pattern or entry[1] is _SEEN_ONCE:
            return True
        note = _loaded(entry[1])  # type: ignore[arg-type]
        if note is None:
            return True  # a kept test that cannot be read: the pattern is run
        _REQUIRED[id(pattern)] = (pattern, note, entry[2])
        second = note[1]
    return second is None or whole_in(second, text_pieces, text)


def whole_in(second: tuple, text_pieces: set[str], text: str) -> bool:
    """strings_in for the second test of a pattern's NEEDED entry, as the reader's scan has it in hand: the
    whole strings of the pieces found, then the strings of the other parts of some way to match."""
    first, ways = second
    if first[1] and not _found(first, text_pieces, text):
        return False
    if not ways:
        return True
    for way in ways:
        for test in way:
            if test[0].isdisjoint(text_pieces) or (test[1] and not _found(test, text_pieces, text)):
                break
        else:
            return True
    return False


def _found(test: tuple[frozenset[str], dict[str, tuple[str, ...]]], text_pieces: set[str], text: str) -> bool:
    """Whether one of the test's pieces in the text is enough by itself (or is ANY_CASE: a text not in ASCII
    lower case), or a whole string that begins with one is in the text."""
    needed, whole = test
    for piece in needed.intersection(text_pieces):
        strings = whole.get(piece)
        if strings is None:
            return True
        for string in strings:  # a loop, not any() over a generator: ~75 of these a question
            if string in text:
                return True
    return False


def required(pattern: re.Pattern) -> frozenset[str] | None:
    """Strings of up to PIECE characters, none a space, at least one of which is in any text the pattern
    matches in (None: no such set is known); for a case-insensitive pattern, in any text of ASCII lower case
    it matches in, with ANY_CASE."""
    return _work_out(pattern.pattern, pattern.flags)[0]


def _work_out(text, flags: int) -> tuple[frozenset[str] | None, tuple | None]:
    """A pattern's required() strings, and the second test of them (NEEDED's: the whole strings that begin
    with its pieces, and the other parts of its ways to match), from the pattern's text and flags alone."""
    if not isinstance(text, str):
        return None, None
    parsed = sre_parse.parse(text, flags)
    any_case = bool((flags | parsed.state.flags) & re.IGNORECASE)
    found = _of_sequence(parsed)
    test = _test(found, any_case) if found is not None else None
    if test is None:
        return None, None
    # The other parts every match holds, in each of the pattern's ways to match ("a b|c d": each branch's),
    # tested after the first where its pieces are found (strings_in).
    ways = []
    for way in _ways(parsed):
        tests = []
        for strings in way:
            other = _test(strings, any_case)
            if other is not None and other[0] != test[0] and other not in tests:
                tests.append(other)
        if not tests:
            ways = []  # a way that needs nothing more: the first strings decide
            break
        ways.append(tuple(tests))
    return test[0], ((test, tuple(ways)) if test[1] or ways else None)


def _note(text: str, flags: int) -> tuple[frozenset[str] | None, bytes]:
    """_work_out's strings as kept beside a pattern's program (sizing/regexes.py), the second test marshalled:
    it is read only for the few patterns whose first strings a question has (all of them, read with the
    file, were ~6 ms of a gpu-size run; the first strings, ~0.7 ms)."""
    needed, second = _work_out(text, flags)
    return needed, marshal.dumps(second)


def _usable(note) -> tuple | None:
    """A kept note of _note's shape, else None (nothing known: the pattern is worked out as without one)."""
    if type(note) is not tuple or len(note) != 2:
        return None
    needed, second = note
    return note if (needed is None or type(needed) is frozenset) and type(second) is bytes else None


def _loaded(note: tuple) -> tuple[frozenset[str] | None, tuple | None] | None:
    """A note with its second test read; None where that cannot be read (a damaged file)."""
    needed, second = note
    if type(second) is bytes:
        try:
            second = marshal.loads(second)
        except (EOFError, ValueError, TypeError):
            return None
        if second is not None and type(second) is not tuple:
            return None
    return needed, second


# What an earlier process worked out of each pattern is kept with its compiled program, named by this file's
# source: an edited prefilter works every pattern out anew.
regexes.keep_notes(tomlfiles.content_key(Path(__file__).read_bytes()), _note)


def _ways(items) -> list[list[set[str]]]:
    """The pattern's ways to match, each with the strings of each of its parts (_conjuncts): the branches
    of a pattern that is one alternation, else the pattern as one."""
    while len(items) == 1 and items[0][0] is sre.SUBPATTERN and not items[0][1][1] & re.IGNORECASE:
        items = items[0][1][3]
    if len(items) == 1 and items[0][0] is sre.BRANCH:
        return [_conjuncts(branch) for branch in items[0][1][1]]
    return [_conjuncts(items)]


def _test(found: set[str], any_case: bool) -> tuple[frozenset[str], dict[str, tuple[str, ...]]] | None:
    """For strings one of which a match needs: the pieces to look for, and the whole strings that begin with
    each piece where the piece alone is not enough (None: nothing is known)."""
    out = set()
    wholes = set()
    for string in found:
        # Any part of a string the match needs is needed too: its longest part without spaces (spaces may be
        # the scan's blanks), cut to its first PIECE characters.
        parts = string.split()
        if not parts:
            return None
        wholes.add(max(parts, key=len))
        out.add(max(parts, key=len)[:PIECE])
    if any_case:
        # In such a text an ASCII letter matches only its own lower case, and most other characters nothing
        # ("we’re" is never in it, so it is not needed there either); one that matches an ASCII character
        # (K, the Kelvin sign, matches "k") is not worked out.
        if any(_matches_ascii(char) for string in out for char in string if not char.isascii()):
            return None
        out = {string.lower() for string in out} | {ANY_CASE}
    whole: dict[str, set[str]] = {}
    alone = set()  # pieces that decide by themselves
    for string in wholes:
        if any_case and not string.isascii():
            alone.add(string[:PIECE].lower())  # its lower case may not begin with its piece
            continue
        string = string.lower() if any_case else string
        if len(string) <= PIECE:
            alone.add(string)
        whole.setdefault(string[:PIECE], set()).add(string)
    kept = {
        piece: tuple(sorted(strings))
        for piece, strings in whole.items()
        if piece in out and piece not in alone
    }
    return frozenset(out), kept


@cache
def _matches_ascii(char: str) -> bool:
    """Whether `char` matches an ASCII character case-insensitively."""
    pattern = re.compile(re.escape(char), re.IGNORECASE)
    return any(pattern.fullmatch(chr(code)) for code in range(128))


# What _items_and_runs yields for a literal run joined to what each branch after it begins with.
_JOINED = object()


def _items_and_runs(items):
    """A sequence's items with each run of literal characters joined into one string (yielded as (None, it)):
    a run is in every match whole. A run right before an alternation is also yielded joined to the literal
    start of each of its branches (as (_JOINED, strings)): "(?:meses|month|mes|mo)" is parsed as "m" and
    "(?:eses|onth|es|o)", whose strings alone ("o") are in nearly every text; one of "meses", "month", "mes",
    "mo" is in every match."""
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            joined = "".join(run)
            yield None, joined
            branches = _branches(op, av)
            if branches is not None:
                yield _JOINED, {joined + _literal_start(branch) for branch in branches}
            run = []
        yield op, av
    if run:
        yield None, "".join(run)


def _branches(op, av):
    """The branches of an alternation, or of a group that is one (not one that turns case-insensitivity on)."""
    if op is sre.BRANCH:
        return av[1]
    if op is sre.SUBPATTERN and not av[1] & re.IGNORECASE and len(av[3]) == 1 and av[3][0][0] is sre.BRANCH:
        return av[3][0][1][1]
    return None


def _literal_start(items) -> str:
    """The literal characters a sequence begins with ("" where it begins otherwise)."""
    start = []
    for op, av in items:
        if op is not sre.LITERAL:
            break
        start.append(chr(av))
    return "".join(start)


def _of_sequence(items) -> set[str] | None:
    """For a sequence of items, every match holds each item's match: the most selective item's strings."""
    options: list[set[str]] = []
    for op, av in _items_and_runs(items):
        found = {av} if op is None else av if op is _JOINED else _of_item(op, av)
        if found:
            options.append(found)
    return max(options, key=_selectivity, default=None)


def _conjuncts(items) -> list[set[str]]:
    """The strings of every item of a sequence (one of each item's is in every match), the items of its groups,
    of the repeats at least once and of what its lookarounds assert counted as its own."""
    out: list[set[str]] = []
    for op, av in _items_and_runs(items):
        if op is None:
            out.append({av})
        elif op is _JOINED:
            out.append(av)
        elif op is sre.SUBPATTERN and not av[1] & re.IGNORECASE:
            out += _conjuncts(av[3])
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and av[0] >= 1:
            out += _conjuncts(av[2])
        elif op is sre.ASSERT:
            out += _conjuncts(av[1])
        elif found := _of_item(op, av):
            out.append(found)
    return out


def _of_item(op, av) -> set[str] | None:
    if op is sre.SUBPATTERN:
        _, add_flags, _, body = av
        return None if add_flags & re.IGNORECASE else _of_sequence(body)
    if op is sre.BRANCH:
        branches = [_of_sequence(branch) for branch in av[1]]
        if any(not b for b in branches):
            return None  # one way to match needs nothing known
        return set().union(*branches)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, _, body = av
        return _of_sequence(body) if least >= 1 else None
    if op is sre.ASSERT:  # a lookahead or lookbehind: what it asserts is in the text too
        return _of_sequence(av[1])
    if op is sre.IN and all(kind is sre.LITERAL for kind, _ in av):  # [.,]: one of a few characters
        return {chr(code) for _, code in av}
    return None  # anything else (a class, any character, a negative lookaround...) requires nothing known


def _selectivity(strings: set[str]) -> tuple[int, int]:
    """Longer strings (up to PIECE characters: a letter or two is in nearly every question) first, then fewer
    of them."""
    return min(min(len(max(s.split(), key=len, default="")) for s in strings), PIECE), -len(strings)
