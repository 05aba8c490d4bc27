"""People who work conversations all day beside a head-count ("20 atendentes e 100 funcionários"): each of
them keeps a conversation open, as they do alone, beside the conversations the head-count's rate keeps in
flight. More people never size fewer conversations, less KV cache or fewer GPUs. Asked through gpu-size."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json


def _sized(capsys, question: str, *options: str) -> dict:
    """What the answer sizes: the conversations at once, the KV cache, and the GPUs recommended."""
    out = answer_json(capsys, question, *options)
    rec = out["recommendation"]
    return {
        "users": out["workload"]["users"],
        "kv": out["memory"]["kv_cache"],
        "gpus": rec["count"],
        "gpu_memory": rec["count"] * rec["gpu_memory_bytes"],
    }


def _at_least(more: dict, fewer: dict, said: str) -> None:
    for what in ("users", "kv", "gpus", "gpu_memory"):
        assert more[what] >= fewer[what], f"{said}: {what} {more[what]} < {fewer[what]}"


@pytest.mark.parametrize("model", ["llama 3.1 8b", "qwen3 32b", "llama 3.1 70b"])
@pytest.mark.parametrize("trade", ["atendentes", "operadores", "desenvolvedores"])
def test_adding_people_never_sizes_less(capsys, model, trade):
    for n in (5, 20, 80):
        alone = _sized(capsys, f"{model} para {n} {trade}")
        before = alone
        for m in (100, 1000, 5000):
            mixed = _sized(capsys, f"{model} para {n} {trade} e {m} funcionarios")
            # each of them is a conversation at once, as alone: they had become a share of one rate
            assert mixed["users"] >= n
            _at_least(mixed, alone, f"{n} {trade} + {m}")
            _at_least(mixed, _sized(capsys, f"{model} para {m} funcionarios"), f"{m} + {n} {trade}")
            _at_least(mixed, before, f"{n} {trade} + {m}, more people")
            before = mixed


@pytest.mark.parametrize(
    ("fewer", "more"),
    [
        # a second group of the same trade, each with its own name
        (
            "20 atendentes e 100 funcionarios",
            "20 atendentes do suporte, 15 atendentes das vendas e 100 funcionarios",
        ),
        ("20 atendentes e 100 funcionarios", "20 atendentes, 15 operadores e 100 funcionarios"),
        # at once said or not, the same people
        ("20 atendentes", "20 atendentes simultâneos"),
        ("20 atendentes simultâneos", "20 atendentes simultâneos e 100 funcionarios"),
        ("20 atendentes e 100 funcionarios", "100 funcionarios e 20 atendentes ao mesmo tempo"),
        ("100 funcionarios", "100 funcionarios e 10 desenvolvedores"),
        ("10 desenvolvedores", "100 funcionarios e 10 desenvolvedores"),
        ("20 support agents", "20 support agents and 100 employees"),
        ("100 employees", "20 support agents and 100 employees"),
        ("20 operadores de call center", "20 operadores de call center e 100 colaboradores"),
        ("100 colaboradores", "20 operadores de call center e 100 colaboradores"),
    ],
)
def test_more_people_in_other_words_never_size_less(capsys, fewer, more):
    for model in ("llama 3.1 8b", "llama 3.1 70b"):
        _at_least(_sized(capsys, f"{model} para {more}"), _sized(capsys, f"{model} para {fewer}"), more)


def test_a_mixed_group_keeps_its_attendants_conversations(capsys):
    # 20 attendants alone are 20 conversations (10.7 GB of KV cache); beside 100 employees they had become
    # one conversation in flight, 0.54 GB
    out = answer_json(capsys, "20 atendentes e 100 funcionarios usando o llama 8b")
    assert out["workload"]["users"] == 21  # 20 held open + the employees' ~0.4 in flight
    assert out["workload"]["load"]["held_users"] == 20
    assert 0.3 < out["workload"]["load"]["people_in_flight"] < 0.5


@pytest.mark.parametrize(
    ("question", "options", "read", "explained"),
    [
        (
            "20 atendentes e 100 funcionarios usando o llama 8b",
            (),
            "Li “20 atendentes e 100 funcionarios” como dois grupos: 20 atendentes (20 conversas ao mesmo tempo,"
            " cada uma sempre aberta) + 100 pessoas (~0,4 ao mesmo tempo, pela taxa de requisições)",
            "As 20 conversas deles ficam sempre abertas: as conversas ao mesmo tempo dimensionadas são elas mais"
            " as que a taxa das pessoas mantém em andamento",
        ),
        (
            "llama 3.1 8b for 20 support agents and 100 employees",
            (),
            "Read “20 support agents and 100 employees” as two groups: 20 support agents (20 conversations at"
            " once, each always open) + 100 people (~0.4 at once, from their request rate)",
            "Their 20 conversations stay open: the conversations at once sized are those plus the ones the"
            " people's rate keeps in flight",
        ),
        (
            "llama 3.1 8b para 20 operadores de call center e 100 colaboradores",
            ("--lang", "pt-PT"),
            "Li “20 operadores de call center e 100 colaboradores” como dois grupos: 20 operadores de call center"
            " (20 conversas em simultâneo, cada uma sempre aberta) + 100 pessoas (~0,4 em simultâneo, pela taxa"
            " de pedidos)",
            "As 20 conversas deles ficam sempre abertas: as conversas em simultâneo dimensionadas são elas mais"
            " as que a taxa das pessoas mantém em curso",
        ),
    ],
)
def test_the_answer_says_how_each_group_was_read(capsys, question, options, read, explained):
    text = answer(capsys, question, *options)
    assert read in text.splitlines()[1]
    assert explained in text
    assert "Somei" not in text and "Added up" not in text
