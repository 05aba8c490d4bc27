"""A range in a question ("20-30 usuários", "entre 100 e 200 requisições por minuto") is sized for its upper
end, the peak, and the answer says so; dates, versions and model names are no ranges."""

import pytest

from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse


@pytest.mark.parametrize(
    ("text", "field", "value", "typed"),
    [
        ("qwen 32b 20-30 users 8k", "users", 30, "20-30"),  # was "-30 users", refused
        ("llama 70b 4bit de 10 a 20 usuarios", "users", 20, "de 10 a 20"),  # was "10" not understood
        ("llama 8b, 10 to 20 users", "users", 20, "10 to 20"),
        ("llama 8b entre 100 e 200 requisições por minuto", "rate_per_s", 200 / 60, "entre 100 e 200"),
        ("llama 8b 3–5 req/s", "rate_per_s", 5, "3–5"),
        ("llama 8b 2k-4k tokens de contexto", "context", 4096, "2k-4k"),
        ("mistral small entre 1.000 e 2.000 funcionários", "population", 2000, "entre 1.000 e 2.000"),
        # Two counts of people said as a rough range, with a comma or "ou" (the lower had been not understood).
        ("llama 70b pra umas 20, 30 pessoas", "users", 30, "20, 30"),
        ("llama 8b 10 ou 15 usuários", "users", 15, "10 ou 15"),
        ("llama 8b, 5 or 6 users", "users", 6, "5 or 6"),
    ],
)
def test_a_range_is_sized_for_its_upper_end_and_said(text, field, value, typed):
    query = parse(text)
    assert not query.unknown
    assert getattr(query.workload, field) == pytest.approx(value)
    assert query.ranges and query.ranges[0][0] == typed
    answer = render_text(size(query.workload), query)
    assert f"“{typed}”" in answer.split("\n\n")[0]  # said among what was understood


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("qwen 2.5-72b 4bit", "qwen2.5-72b"),
        ("llama 3.1-8b", "llama-3.1-8b"),
        ("gemma 3-27b 10 users", "gemma-3-27b"),
        ("Llama-3.2-1B", "llama-3.2-1b"),
    ],
)
def test_versions_and_sizes_in_model_names_are_no_ranges(text, model):
    query = parse(text)
    assert not query.ranges
    assert size(query.workload).workload.model.id == model


def test_a_descending_pair_is_no_range():
    query = parse("llama 8b 30-20 usuarios")
    assert not query.ranges
