"""Several questions in one message ("1) llama 70b pra 50 usuários 2) qwen 32b pra 100 usuários", bullet lines,
"llama 8b: 100 usuários. llama 70b: 20 usuários", "llama 70b pra 10 usuários; e se forem 400?"): the message
split into its questions, each answered in turn. Read as one question they contradicted each other ("O pedido
se contradiz") or were left not understood.

A part that names no model of its own follows the part before it, as a thread's follow-up follows the last
answer (parse's `base`): "e se forem 400?" is the first question with 400 users. A piece that changes neither
the model nor the load ("e em fp8?", "em 2 ou 4 gpus") is no question of its own: it stays with the part
before it, which reads it as that question's comparison. Two models with one shared load ("llama 8b ou qwen
7b para 10 usuários") read as one question, so they are never split.

Questions joined with no mark that ends one ("llama 8b pra 100 usuários e llama 70b pra 20 usuários", "qwen 32b
com 50 users, mixtral 8x7b com 10") are parted at the comma or the joining word only where each side names its own
model and its own load; "llama 8b e qwen 7b juntos pra 100 usuários" (one load, models served together) stays one.
In a thread, the first part may name no model: it follows the thread's question ("e pra 400? e pra 800?").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from . import regexes
from .errors import SizingError
from .vocabulary import load_vocabulary, strip_accents
from .workload import Workload

# Answered in one message at most; the rest is said, to be asked again (each answer is a screen long).
MAX_PARTS = 5

# The load a question serves: asked again with another value ("10 usuários ... e pra 400?", a list's items),
# it is another question, even where the whole message reads as one (400 had been read as the context).
LOAD_FIELDS = (
    "users", "rate_per_s", "requests_per_day", "requests_per_week", "requests_per_month", "population",
    "requests_per_active_hour",
)  # fmt: skip

# "1) ... 2) ...", "(a) ... (b) ...", "a) ... b) ...": items numbered or lettered anywhere in the message.
INLINE_ITEM = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2}|[a-hA-H])\)(?=\s)")
# At the start of a line, also "1.", "1 -", and bullets ("-", "•", "*").
LINE_ITEM = re.compile(r"(?m)^[ \t]*(?:\(?(\d{1,2}|[a-hA-H])(?:[.)]|\s+[-–])|([-•*▪◦–]))(?=\s)")
# Where one sentence ends and the next begins: "?", "!", ";" or a full stop before a blank, or a line break.
SENTENCE_END = re.compile(r"(?<=[?!;])\s+|(?<=\.)\s+(?=\S)|\s*\n+\s*")


def _joiner() -> re.Pattern:
    """ ", ", " e ", ", and ": where one question may end and the next begin within a sentence."""
    words = load_vocabulary().pattern("words.joins_questions")
    # A run of blanks is tried from its start only: from each of its blanks, a padded question's run cost
    # seconds (tests/test_parse_speed.py).
    return regexes.compile(rf",\s+(?:{words}\s+)?|(?<!\s)\s+{words}\s+", re.IGNORECASE)


# NamedTuples, not dataclasses: `dataclasses` imports `inspect`, which `gpu-size --json` does not load
# (tests/test_startup.py).
class Part(NamedTuple):
    text: str
    follows: bool  # names no model of its own: the part before it, with what it changes


class Several(NamedTuple):
    parts: list[Part]  # the first MAX_PARTS
    asked: int  # how many questions the message held


Reader = Callable[[str, Workload | None], object]


def _asks_again() -> re.Pattern:
    """ "e pra", "and for", "what about": the words that open a clause asking the question again."""
    words = load_vocabulary().pattern("words.asks_again")
    return regexes.compile(rf"^\W*(?:{words})\b")


def _intro() -> re.Pattern:
    """ "duas perguntas:", "two questions:": words that announce the questions, not part of the first."""
    words = load_vocabulary().pattern("words.several_questions")
    return regexes.compile(rf"^\W*(?:{words})\W*$")


def _sequence(labels: list[str]) -> bool:
    """1, 2, 3... or a, b, c...: a list, not a number or a letter that happens to stand before ")"."""
    first = "1" if labels[0].isdigit() else "a"
    return all(label.lower() == (str(int(first) + i) if first == "1" else chr(ord("a") + i))
               for i, label in enumerate(labels))  # fmt: skip


def _items(text: str) -> tuple[str, list[str]] | None:
    """(the words before the list, each item) when the message is a list of two or more items."""
    for pattern in (LINE_ITEM, INLINE_ITEM):
        found = list(pattern.finditer(text))
        if len(found) < 2:
            continue
        labels = [m.group(1) for m in found]
        if all(labels) and not _sequence(labels):
            continue
        if not all(labels) and any(labels):
            continue  # numbers mixed with bullets: not one list
        ends = [m.start() for m in found[1:]] + [len(text)]
        items = [text[m.end() : end].strip() for m, end in zip(found, ends, strict=True)]
        if all(items):
            return text[: found[0].start()].strip(), items
    return None


def _read(read: Reader, text: str, base: Workload | None):
    """The question read, or the refusal (a SizingError) when it cannot be."""
    try:
        return read(text, base)
    except SizingError as refused:
        return refused


def _refuses_a_model(read) -> bool:
    """Refused for the model it names ("gpt-4", a model we lack): a question of its own all the same."""
    key = getattr(read, "key", "") if isinstance(read, SizingError) else ""
    return key.startswith("unknown_model") or key == "query.closed_model"


def _reads_alone(query) -> bool:
    """Read as a question of a model, every word understood."""
    workload = getattr(query, "workload", None)
    return workload is not None and bool(workload.model) and not query.help and not query.unknown


def _changed_load(before: Workload, after: Workload) -> set[str]:
    """The figures of the load said in both, with another value in `after`."""
    return {
        name for name in LOAD_FIELDS
        if getattr(before, name) is not None and getattr(after, name) not in (None, getattr(before, name))
    }  # fmt: skip


def _contradicts(read: Reader, text: str, base: Workload | None) -> bool:
    """Refused as one question for two values of one thing ("e com 8k? e com 32k?")."""
    refused = _read(read, text, base)
    return isinstance(refused, SizingError) and refused.key.startswith("query.contradiction")


def _loaded(workload: Workload) -> bool:
    return any(getattr(workload, name) is not None for name in LOAD_FIELDS)


def _asked_again(sentence: str, cuts: list[re.Match], read: Reader) -> bool:
    """ "llama 70b pra 10 usuários, e pra 400?": a clause that opens as a follow-up and, read as one of the
    question before it, changes a figure of the load that question gave. Read whole, such a sentence had
    been one question with its number taken for something else ("400 tokens de contexto")."""
    opener = _asks_again()
    for cut in cuts:
        said = sentence[cut.start() :].strip(" ,")
        if not opener.match(strip_accents(said.lower())):
            continue  # "e 30 funcionários" adds people, "e depois 100 simultâneos" says phases
        first = _read(read, sentence[: cut.start()], None)
        if not (_reads_alone(first) and _loaded(first.workload)):
            continue
        after = _read(read, said, first.workload)
        if _reads_alone(after) and _changed_load(first.workload, after.workload):
            return True
    return False


def _clauses(sentence: str, read: Reader, base: Workload | None = None) -> list[str]:
    """The questions a sentence joins with commas or "e"/"and", each naming its own model and its own load; the
    sentence whole where it reads as one question or any model in it has no load of its own (models compared or
    served together under one load). After `base` (a thread's question), "e pra 400, e pra 800" are two."""
    from .query import opens_as_follow_up

    cuts = list(_joiner().finditer(sentence))
    if not cuts or (_reads_alone(_read(read, sentence, None)) and not _asked_again(sentence, cuts, read)):
        return [sentence]
    starts = [0, *(cut.start() for cut in cuts)]
    ends = [cut.start() for cut in cuts] + [len(sentence)]
    bare = [0, *(cut.end() for cut in cuts)]
    clauses: list[str] = []
    last = base
    for start, begin, end in zip(starts, bare, ends, strict=True):
        words = sentence[begin:end]
        alone = _read(read, words, None)
        if _reads_alone(alone) and _loaded(alone.workload):
            clauses.append(words)
            last = alone.workload
            continue
        if last is None:
            return [sentence]  # the first names no model with its load: not questions side by side
        said = sentence[start:end].strip(" ,")
        again = opens_as_follow_up(said)
        after = _read(read, said if again else words, last)
        changes_model = _reads_alone(after) and "model" in after.changed
        changes_load = _reads_alone(after) and bool(_changed_load(last, after.workload))
        if (changes_model and changes_load) or (again and (changes_model or changes_load)):
            # "llama 70b pra 20" after "llama 8b pra 100 usuários": read as the one before it reads ("pra 20"
            # users), as a thread's follow-up is; "e o llama 70b?", "e pra 400?": the question asked again.
            clauses.append(said if again else words)
            last = after.workload
        elif changes_model or _reads_alone(alone) or not clauses:
            return [sentence]  # a model with no load of its own (the load is shared), or no question first
        else:
            clauses[-1] += sentence[start:end]  # "com 8k de contexto": more of the question before
    return clauses


def split(text: str, read: Reader, base: Workload | None = None) -> Several | None:
    """The questions in `text`, or None when it holds one (or cannot be read as several). `read(text, base)`
    parses a question (sizing.query.parse, or a caller's cached one), `base` the workload it follows. `base`:
    the thread's question, which a first part that names no model follows."""
    from .query import MAX_CHARS, opens_as_follow_up

    if len(text) > MAX_CHARS:
        return None  # refused whole for its length, as one question is: no part of it answered
    listed = _items(text)
    if listed is not None:
        preamble, pieces = listed
        if preamble and not _intro().match(strip_accents(preamble.lower())):
            pieces = [f"{preamble} {pieces[0]}", *pieces[1:]]
    else:
        pieces = [p for p in SENTENCE_END.split(text.strip()) if p.strip()]
    whole = None
    if listed is None:
        if len(pieces) < 2 and not _joiner().search(text):
            return None
        whole = _read(read, text, base)
        if not _reads_alone(whole) or any(_asked_again(p, list(_joiner().finditer(p)), read) for p in pieces):
            pieces = [clause for piece in pieces for clause in _clauses(piece, read, base)]
    if len(pieces) < 2:
        return None
    if listed is None and _reads_alone(whole) and not any(map(opens_as_follow_up, pieces[1:])):
        # One question in several sentences, none asking again: its pieces are not read (a process that
        # reads one question reads each pattern's strings only for a second text: sizing/prefilter.py).
        return None
    parts: list[Part] = []
    last: Workload | None = base
    under: list[Workload | None] = []  # what each part follows (None: read alone)
    lead = ""
    distinct = False  # a later part cannot be read into the one before: a figure asked again, a model refused

    for piece in pieces:
        # "e pra 400?", "and for 100?", or a list's item: the question asked again. A sentence that says a figure
        # again with no such opening ("Cerca de 50 simultâneos", "Na verdade, 200 usuários") is more of the
        # same question, or a correction of it.
        again = opens_as_follow_up(piece)
        own = None if again else _read(read, piece, None)
        if _reads_alone(own):
            parts.append(Part(piece, follows=False))
            under.append(None)
            distinct = distinct or (
                listed is not None and last is not None and bool(_changed_load(last, own.workload))
            )
            last = own.workload
            continue
        if last is not None and listed is not None and _refuses_a_model(own):
            parts.append(Part(piece, follows=False))  # refused under its own title
            under.append(None)
            distinct = True
            continue
        if last is None:
            return None  # the first question names no model: not a list of questions
        follow = _read(read, piece, last)
        readable = _reads_alone(follow)
        changed = _changed_load(last, follow.workload) if readable else set()
        if readable and (changed or "model" in follow.changed):
            # "e se forem 400?" after 10 users, "e do qwen 32b?": the question before, asked again changed.
            parts.append(Part(piece, follows=True))
            under.append(last)
            distinct = distinct or (bool(changed) and (again or listed is not None))
            last = follow.workload
        elif listed is not None and isinstance(follow, SizingError):
            # An item read neither alone nor after the one before: a question still, refused under its title.
            parts.append(Part(piece, follows=False))
            under.append(None)
        elif not parts and not (readable and follow.changed):
            lead = f"{lead} {piece}"  # talk before the first question in a thread: read with it, as it was
        elif not parts or (again and readable and _contradicts(read, f"{parts[-1].text} {piece}", under[-1])):
            # "e em fp8?" first in a thread, "e com 32k?" after "e com 8k?": a question of its own, changed.
            parts.append(Part(piece, follows=True))
            under.append(last)
            distinct = distinct or len(parts) > 1
            last = follow.workload if readable else last
        else:
            # "e em fp8?", "32k de contexto": more of the question before, which reads it (a comparison, if it
            # asks one).
            parts[-1] = Part(f"{parts[-1].text} {piece}", parts[-1].follows)
            last = follow.workload if readable else last
    if len(parts) < 2:
        return None
    if lead:
        parts[0] = Part(f"{lead} {parts[0].text}".strip(), parts[0].follows)
    if whole is None and not distinct:
        whole = _read(read, text, base)
    if not distinct and _reads_alone(whole):
        # Read whole, one question with nothing asked twice: "llama 8b ou qwen 7b? para 10 usuários" (two
        # models, one load), a list of one setup's figures ("llama 70b\n- contexto 32k\n- 10 usuários").
        return None
    # Shown as its title, on one line: "llama 70b pra 10 usuários;" without the mark that ended the question.
    kept = [Part(" ".join(part.text.split()).rstrip(" ,;."), part.follows) for part in parts[:MAX_PARTS]]
    return Several(kept, len(parts))
