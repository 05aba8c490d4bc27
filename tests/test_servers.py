"""The servers a recommendation spans, as the answer says them: every copy of the model on servers of its own,
so 2 copies of a model split across 2 servers are 4 servers. "deepseek v3.2 exp pra 100 usuarios com 64k e
kv cache fp8" had read "32× H200 SXM 141 GB em 2 servidores": 32 H200 at 8 a server are 4."""

from __future__ import annotations

import re

import pytest

from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where

from .slack_harness import text_of, valid

TWO_COPIES = "deepseek v3.2 exp pra 100 usuarios com 64k e kv cache fp8"


def _text(capsys, question: str) -> str:
    assert gpu_size([question]) == 0
    return capsys.readouterr().out


def _recommendation(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("Recomendação:", "Recommendation:")))


@pytest.mark.parametrize(
    ("question", "line", "note"),
    [
        (TWO_COPIES,
         "Recomendação: 32× H200 SXM 141 GB em 4 servidores (2 por cópia do modelo) · paralelismo de tensor 8 · "
         "2 estágios de pipeline",
         "Cada cópia do modelo usa 2 servidores em pipeline (4 no total)"),
        ("deepseek v3.2 exp for 100 users with 64k context and fp8 kv cache",
         "Recommendation: 32× H200 SXM 141 GB on 4 servers (2 per copy of the model) · tensor parallel 8 · "
         "2 pipeline stages",
         "Each copy of the model spans 2 servers in a pipeline (4 in all)"),
        # One copy on several servers reads as before.
        ("llama 3.1 405b para 50 usuarios com 32k",
         "Recomendação: 16× H200 SXM 141 GB em 2 servidores · paralelismo de tensor 8 · 2 estágios de pipeline",
         "A configuração usa 2 servidores em pipeline"),
        ("deepseek r1 para 100 usuarios com 32k",
         "Recomendação: 24× H200 SXM 141 GB em 3 servidores · paralelismo de tensor 8 · 3 estágios de pipeline",
         "A configuração usa 3 servidores em pipeline"),
    ],
)  # fmt: skip
def test_the_servers_said_are_every_copy_s_servers(capsys, question, line, note):
    text = _text(capsys, question)
    assert _recommendation(text) == line
    assert note in text
    # The servers said hold the GPUs said, 8 to a server.
    gpus = int(re.search(r": (\d+)×", line).group(1))
    servers = int(re.search(r"(?:em|on) (\d+) serv", line).group(1))
    assert gpus == 8 * servers


def test_the_slack_header_says_the_same_servers(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(TWO_COPIES, Where("slash_command"))
    valid(reply.message.blocks)
    header = next(b["text"]["text"] for b in reply.message.blocks if b["type"] == "header")
    assert header == "Recomendação: 32× H200 SXM 141 GB em 4 servidores (2 por cópia do modelo)"
    assert "em 2 servidores" not in text_of(reply.message.blocks)
    pipeline.log.close()
