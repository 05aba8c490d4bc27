"""Questions as people type them in Slack, eighteenth round (2026-12-07): how customers really ask. Each answer is
what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer
from tests.gpu_size_run import reads as _reads


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- speeds and latency targets in shorthand ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi: 30" (or "t/s") and no speed sized
        ("llama 8b, 20 users, 30+ t/s", "20 usuários simultâneos · ≥ 30 tokens/s por usuário"),
        ("llama 8b 20 users, 30+ tokens/s", "20 usuários simultâneos · ≥ 30 tokens/s por usuário"),
        ("llama 8b, 20 users, 30+ tok/s each", "20 concurrent users · ≥ 30 tokens/s per user"),
        ("llama 8b, 20 users, 30 t/s", "20 usuários simultâneos · ≥ 30 tokens/s por usuário"),
        # had been a context of 30 tokens
        ("llama 8b, 20 users, 30 tokens a second", "20 usuários simultâneos · ≥ 30 tokens/s por usuário"),
        # each had been "Not understood: 2s" and no target
        ("llama 8b, 20 users, 2s p99", "20 usuários simultâneos · p99 · primeiro token ≤ 2,0 s"),
        ("llama 8b, 20 users, 2s p95, 30+ t/s", "p95 · primeiro token ≤ 2,0 s · ≥ 30 tokens/s por usuário"),
        ("llama 8b, 20 users, 95th percentile under 2s", "20 concurrent users · p95 · first token ≤ 2.0 s"),
        # as before
        ("llama 8b, 20 users, 8s p95 end to end", "p95 · whole answer ≤ 8.0 s"),
        ("llama 8b, 20 users, p95 < 2s", "p95 · primeiro token ≤ 2,0 s"),
    ],
)
def test_speeds_and_percentiles_in_shorthand(capsys, question, read):
    _reads(capsys, question, read)


def test_tps_alone_may_be_transactions_and_stays_unread(capsys):
    lines = answer(capsys, "llama 8b 20 users 30tps").splitlines()
    assert "tokens/s" not in lines[0] and "Não entendi: “30tps”." in lines, lines


def test_a_speed_with_a_plus_is_the_speed_sized(capsys):
    # the setup's capacity is said at the speed asked, not at the default 10 tokens/s
    out = answer(capsys, "llama 8b, 20 users, 30+ t/s")
    assert "com primeiro token em até 2,0 s e 30 tokens/s por usuário" in out, out
