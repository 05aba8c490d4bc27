"""gpu-size as a user runs it, in-process: the answer's text, or its --json, from the words given."""

from __future__ import annotations

import json

from bot.cli import main as gpu_size


def answer(capsys, *args: str) -> str:
    assert gpu_size(list(args)) == 0
    return capsys.readouterr().out


def answer_json(capsys, *args: str) -> dict:
    return json.loads(answer(capsys, *args, "--json"))
