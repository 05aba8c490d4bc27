"""The hardware as customers state it: GPUs counted in pairs ("2 pares de h100", "a pair of H100s"), and the
memory of a machine of their own ("no notebook com 16gb", "Mac com 32 GB de memória unificada"), each asked
through the real engine and read in the answer's text and JSON."""

from __future__ import annotations

import json

import pytest

from bot.cli import main as gpu_size


def answer(capsys, *args: str) -> str:
    assert gpu_size(list(args)) == 0
    return capsys.readouterr().out


def answer_json(capsys, *args: str) -> dict:
    return json.loads(answer(capsys, *args, "--json"))


# -- pairs ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "gpu", "understood"),
    [
        # "llama 70b em 2 pares de h100" had read "1× H100" and "Não entendi: pares".
        ("llama 70b em 2 pares de h100", 4, "h100-sxm", "Entendi: Llama 3.1 70B · 4× H100 SXM 80 GB"),
        ("cabe o llama 70b num par de H100?", 2, "h100-sxm", "Entendi: Llama 3.1 70B · 2× H100 SXM 80 GB"),
        ("llama 70b em dois pares de A100", 4, "a100-80gb-sxm", "4× A100 SXM 80 GB"),
        ("qwen 32b num par de 4090", 2, "rtx-4090", "2× RTX 4090 24 GB"),
        ("llama 70b numa dupla de L40S", 2, "l40s", "2× L40S 48 GB"),
        (
            "does llama 70b fit on a pair of H100s?",
            2,
            "h100-sxm",
            "Understood: Llama 3.1 70B · 2× H100 SXM 80 GB",
        ),
        ("llama 70b on two pairs of L40S", 4, "l40s", "4× L40S 48 GB"),
        # pt-PT asks with the same words.
        ("o llama 70b corre num par de H100?", 2, "h100-sxm", "2× H100 SXM 80 GB"),
        # Servers counted in pairs, times the GPUs of each.
        ("llama 405b num par de servidores com 8 h100", 16, "h100-sxm", "16× H100 SXM 80 GB"),
        ("llama 70b em 2 servidores com um par de h100 cada", 4, "h100-sxm", "4× H100 SXM 80 GB"),
    ],
)
def test_gpus_counted_in_pairs(capsys, text, count, gpu, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "Não entendi" not in out and "Not understood" not in out
    data = answer_json(capsys, text)
    assert (data["workload"]["gpu"], data["workload"]["gpu_count"]) == (gpu, count)
    assert (data["requested"]["gpu"], data["requested"]["count"]) == (gpu, count)


def test_a_pair_of_gpus_is_judged_as_two(capsys):
    # 70B at 16 bits (~144 GB) does not fit one H100, and fits two: the verdict is on the pair.
    out = answer(capsys, "llama 70b em um par de h100")
    assert "2× H100 SXM 80 GB: cabe" in out
    out = answer(capsys, "llama 70b on a pair of H100s", "--lang", "pt-PT")
    assert "2× H100 SXM 80 GB: cabe" in out


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("llama 70b em 2 pares de gpus", 4),
        ("llama 70b num par de placas", 2),
        ("llama 70b on a pair of cards", 2),
    ],
)
def test_pairs_of_gpus_without_a_name(capsys, text, gpus):
    assert answer_json(capsys, text)["workload"]["gpu_count"] == gpus


@pytest.mark.parametrize(
    ("text", "stage", "gpus", "examples"),
    [
        # Pairs of GPUs in a training question are GPUs, never its examples.
        ("lora llama 8b em 2 pares de h100", "lora", 4, None),
        ("fine-tune llama 8b with qlora on a pair of L40S", "qlora", 2, None),
        # Pairs of questions and answers are the examples; the pair of GPUs beside them is still two GPUs.
        ("lora llama 8b com 50 mil pares de perguntas e respostas num par de h100", "lora", 2, "50.000 exemplos"),
        ("lora llama 8b on 20k pairs of questions and answers on a pair of h100s", "lora", 2, "20,000 training examples"),
    ],
)  # fmt: skip
def test_pairs_in_training_keep_gpus_and_examples_apart(capsys, text, stage, gpus, examples):
    out = answer(capsys, text)
    assert "Não entendi" not in out and "Not understood" not in out
    understood = out.splitlines()[0]
    assert (
        examples in understood if examples else "exemplos" not in understood and "examples" not in understood
    )
    w = answer_json(capsys, text)["workload"]
    assert (w["stage"], w["gpu_count"]) == (stage, gpus)


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b 2 h100",  # a count without pairs stays as it is
        "llama 70b em 2 h100, com 2 pares de perguntas por conversa",
    ],
)
def test_what_is_not_a_pair_of_gpus_keeps_its_count(capsys, text):
    assert answer_json(capsys, text)["workload"]["gpu_count"] == 2
