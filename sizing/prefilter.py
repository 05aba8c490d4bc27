"""A cheap test that a pattern cannot match a text, for the reader's scan (sizing/query.py), which tries
about a hundred patterns on every question and finds nothing with most of them.

For each pattern, worked out once from its parsed form (the standard library's regular-expression parser,
`re._parser`), a few strings at least one of which every match needs in the text: a literal run it
matches ("tokens"), the words of an alternation ("lora|peft"), what a lookaround asserts. When none of them
is in the text, the pattern has no match there, and the scan skips it without running it. A pattern it
cannot reason about (nothing required) is always run. A case-insensitive pattern is tested by the lower case
of its strings, in a text of ASCII lower case only (the reader's, nearly always): there its letters match
only their lower case.
"""

from __future__ import annotations

import re
from functools import cache
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

# Strings are compared by their first few characters: the text's pieces of up to this many characters are
# worked out once per question, and each pattern's test is then one set operation.
PIECE = 3
# Per pattern (by id, the pattern kept with its strings so that its id is not reused): hashing a pattern
# hashes its whole compiled code, which would cost more than the test saves.
_REQUIRED: dict[int, tuple[re.Pattern, object, int]] = {}
# Each pattern worked out, by id, with its strings (None: it is always run): one look-up, which the reader's
# scan (sizing/query.py _Scan.take) makes inline for the ~200 patterns a question tries. The pattern is kept
# with them, so that its id is never another pattern's; one not here yet is for may_match() to say.
NEEDED: dict[int, tuple[re.Pattern, frozenset[str] | None]] = {}
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
    for size in range(2, PIECE + 1):
        out.update([text[i : i + size] for i in range(len(text) - size + 1)])
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
        _REQUIRED[id(pattern)] = (pattern, _SEEN_ONCE, _texts)
        return True
    needed = entry[1]
    if needed is _SEEN_ONCE:
        if entry[2] == _texts:
            return True  # the first text still
        needed = required(pattern)
        _REQUIRED[id(pattern)] = (pattern, needed, 0)
        NEEDED[id(pattern)] = (pattern, needed)
    return needed is None or not needed.isdisjoint(text_pieces)


def required(pattern: re.Pattern) -> frozenset[str] | None:
    """Strings of up to PIECE characters, none a space, at least one of which is in any text the pattern
    matches in (None: no such set is known); for a case-insensitive pattern, in any text of ASCII lower case
    it matches in, with ANY_CASE."""
    if not isinstance(pattern.pattern, str):
        return None
    parsed = sre_parse.parse(pattern.pattern, pattern.flags)
    any_case = bool((pattern.flags | parsed.state.flags) & re.IGNORECASE)
    found = _of_sequence(parsed)
    if found is None:
        return None
    out = set()
    for string in found:
        # Any part of a string the match needs is needed too: its longest part without spaces (spaces may be
        # the scan's blanks), cut to its first PIECE characters.
        parts = string.split()
        if not parts:
            return None
        out.add(max(parts, key=len)[:PIECE])
    if any_case:
        # In such a text an ASCII letter matches only its own lower case, and most other characters nothing
        # ("we’re" is never in it, so it is not needed there either); one that matches an ASCII character
        # (K, the Kelvin sign, matches "k") is not worked out.
        if any(_matches_ascii(char) for string in out for char in string if not char.isascii()):
            return None
        out = {string.lower() for string in out} | {ANY_CASE}
    return frozenset(out)


@cache
def _matches_ascii(char: str) -> bool:
    """Whether `char` matches an ASCII character case-insensitively."""
    pattern = re.compile(re.escape(char), re.IGNORECASE)
    return any(pattern.fullmatch(chr(code)) for code in range(128))


def _of_sequence(items) -> set[str] | None:
    """For a sequence of items, every match holds each item's match: the most selective item's strings."""
    options: list[set[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            options.append({"".join(run)})
            run = []
        found = _of_item(op, av)
        if found:
            options.append(found)
    if run:
        options.append({"".join(run)})
    return max(options, key=_selectivity, default=None)


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
