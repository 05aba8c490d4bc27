"""gpu-size as a user runs it, in-process: the answer's text, or its --json, from the words given."""

from __future__ import annotations

import json

from bot.cli import main as gpu_size


def answer(capsys, *args: str) -> str:
    assert gpu_size(list(args)) == 0
    return capsys.readouterr().out


def refusal(capsys, question: str) -> str:
    """What gpu-size says when it answers the question with no sizing (its exit status is not 0)."""
    assert gpu_size([question]) != 0
    return capsys.readouterr().err


def answer_json(capsys, *args: str) -> dict:
    return json.loads(answer(capsys, *args, "--json"))


# How a refusal of some words starts, in each language the answer may be in.
UNKNOWN = ("Não entendi", "Não percebi", "Not understood")


def understood_lines(capsys, text: str) -> list[str]:
    """The "Entendi" line and the lines under it up to the blank one: what the answer says it read."""
    lines = answer(capsys, text).splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith(("Entendi:", "Percebi:", "Understood:"))
    )
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def reads(capsys, question: str, read: str, said: str | None = None) -> list[str]:
    """The "Entendi" lines of a question, the first holding `read`, and no word of it said not understood; with
    `said`, one of the lines under it holds that (how the reading is said)."""
    lines = understood_lines(capsys, question)
    assert read in lines[0], lines
    assert not any(line.startswith(UNKNOWN) for line in lines), lines
    assert said is None or any(said in line for line in lines[1:]), lines
    return lines
