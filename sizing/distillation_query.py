"""Knowledge distillation in words: "train a 1B student from llama 3.1 70b teacher on 10B tokens", "usando o
llama 3.3 70b como professor", "teacher: qwen2.5 72b". The teacher is a second model that runs at every
step without training; the model trained is the student (the question's other model or size). Found here
and blanked, so that the two models are no contradiction (sizing/query.py); the answer says what the
teacher adds (sizing/plan.py): run online by default, or made beforehand when the question says `offline`,
precomputed logits or synthetic data (found["teacher_offline"])."""

from __future__ import annotations

from . import regexes
from .catalog import Catalog
from .speculative_query import name_after, name_before

# "teacher", "teacher model", "professor", "modelo professor": the cue; the model is said after it
# ("teacher: llama 70b", "modelo professor qwen 72b") or before it ("from llama 70b teacher", "o llama 70b
# como professor").
TEACHER = regexes.compile(r"\b(?:(?:modelo\s+)?professor|teacher(?:\s+model)?)\b")
_AFTER = regexes.compile(r"\s*(?:[:=]\s*|(?:o|a|the)\s+)?")
_BEFORE_JOINT = regexes.compile(r"(?:\s+(?:como|de|as|as\s+the|as\s+a))?\s*$")
# The student, once a teacher is named: its words say nothing more ("a 1B student", "o aluno de 8b").
STUDENT = regexes.compile(r"\b(?:(?:modelo\s+)?(?:aluno|estudante)|student(?:\s+model)?)\b")
DISTILLATION = regexes.compile(r"\b(?:d[ei]stila\w*|distill?(?:ation|ing|ed)?|knowledge\s+distillation)\b")
_TRIGGERS = regexes.compile(r"teacher|professor|destil|distil|student|aluno")
# "distill deepseek r1 into qwen 7b", "destilar o llama 3.1 70b no llama 3.2 1b": the verb, then the teacher,
# then the student after "into" / "no" / "para" (the student is read as the question's model).
# The noun too: "destilação do llama 70b para o llama 8b", "distillation from llama 70b into llama 8b",
# "knowledge distillation qwen2.5 72b -> qwen2.5 7b" (each had been two models, or the teacher dropped).
_DISTILL_VERB = regexes.compile(
    r"\b(?:d[ei]stil(?:ar|a|e|amos|ando)|distill?(?:ing)?"
    r"|(?:(?:knowledge|conhecimento)\s+)?(?:d[ei]stila(?:cao|coes)|distillation)(?:\s+(?:do|da|de|dos|das|from|of))?)"
    r"\s+(?:(?:o|a|the)\s+)?"
)
_INTO = regexes.compile(
    r"(?:\s+(?:into|to|onto|em|no|na|num|numa|para|pra|pro)\s+|\s*(?:->|→|=>)\s*)(?:(?:o|a|um|uma|the|an?)\s+)?\S"
)
# "qwen 7b as student of deepseek r1", "o qwen 7b como aluno do deepseek r1": the teacher after "student of".
_STUDENT_OF = regexes.compile(
    r"\b(?:(?:as|como)\s+(?:a\s+|the\s+|o\s+)?)?(?:student|aluno|estudante)\s+(?:of|from|do|da|de)\s+(?:(?:o|a|the)\s+)?"
)
# The teacher's outputs made beforehand, so that no teacher runs beside the training: "offline", "logits
# pré-computados", "precomputed logits", "dados sintéticos", "synthetic data" (said with a teacher only).
OFFLINE = regexes.compile(
    r"\b(?:offline|pre[\s-]?(?:computad|calculad|comput|gerad|generat)\w*(?:\s+(?:logits|saidas|outputs))?"
    r"|(?:dados|data)\s+sinteticos|synthetic\s+(?:data|dataset)|sequence[\s-]level)\b"
)
# A teacher is one only in a question about training a student: a word for distilling, a student or training.
_DISTILLING = regexes.compile(
    r"\b(?:d[ei]stil\w*|student|aluno|estudante|trein\w*|train\w*|fine[\s-]?tun\w*|ajuste\s+fino|sft|lora)\b"
)


def take(scan, catalog: Catalog) -> None:
    """Reads the teacher from the scan's working text (query._Scan), blanking what it takes:
    found["teacher_model"] as (name, typed)."""
    if not _TRIGGERS.search(scan.work) or not _DISTILLING.search(scan.work):
        return  # "o llama 8b como professor virtual para 500 alunos" is a tutor being served, no distillation
    for cue in list(TEACHER.finditer(scan.work)):
        joint = _AFTER.match(scan.work, cue.end())
        found = name_after(scan, catalog, joint.end())
        start, end = cue.start(), None
        if found is not None:
            end = found[1]
        else:
            head = _BEFORE_JOINT.search(scan.work, 0, cue.start())
            found = name_before(scan, catalog, head.start())
            if found is not None:
                start, end = found[0], cue.end()
        if found is None:
            continue
        _record(scan, found, start, end)
        return
    for cue in list(_DISTILL_VERB.finditer(scan.work)) + list(_STUDENT_OF.finditer(scan.work)):
        found = name_after(scan, catalog, cue.end())
        if found is None:
            continue
        end = found[1]
        if cue.re is _DISTILL_VERB:
            into = _INTO.match(scan.work, end)
            # "destilar o llama 70b" alone names no student, and "deepseek r1 distill llama 8b em 4 bits" is a
            # model's name followed by its precision: a student must be named after the joint.
            if into is None or name_after(scan, catalog, into.end() - 1) is None:
                continue
            end = into.end() - 1  # the joint goes with the teacher, the student stays
        _record(scan, found, cue.start(), end)
        return


def _record(scan, found: tuple[int, int, str], start: int, end: int | None) -> None:
    name_start, name_end, name = found
    scan.found.setdefault("teacher_model", []).append((name, scan.original[name_start:name_end].strip()))
    scan.blank(start, end)
    for m in list(STUDENT.finditer(scan.work)) + list(DISTILLATION.finditer(scan.work)):
        scan.blank(m.start(), m.end())
    for m in list(OFFLINE.finditer(scan.work)):
        scan.found["teacher_offline"] = [(True, m.group(0))]
        scan.blank(m.start(), m.end())
