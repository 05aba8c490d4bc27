"""Side-by-side answers, round 4: a training compared by method or ZeRO stage on GPUs named shows each side's
own memory and time there, as the answer for that one setup does (the LoRA side of "full fine-tune vs lora em
2 h100" had shown the 1× L40S it is recommended on); counts of one GPU weighed for a training show each one's
memory; a summary of sides on GPUs named weighs the setups asked among themselves, says what a side that does
not fit needs, and names a smaller setup outside those asked in a sentence of its own; and a GPU said with no
count beside others with counts is said at the count weighed, and why, in "Entendi" and in its line. Through
`gpu-size`, as a user reads the answers."""

from __future__ import annotations

import re

import pytest

from .gpu_size_run import answer


def comparison(text: str) -> str:
    title = next(line for line in text.splitlines() if line.startswith(("Comparação", "Comparison")))
    return text.split(title, 1)[1].split("\n\n", 1)[0]


def columns(block: str) -> dict[str, list[str]]:
    """Each side's lines by its title's label ("LoRA (base congelada em 16 bits)"), the summary left out."""
    out: dict[str, list[str]] = {}
    label = None
    for line in block.splitlines():
        if line.startswith("    ") and label is not None:
            out[label].append(line.strip())
        elif line.startswith("  ") and " · " in line and not line.startswith(("  Em resumo", "  In short")):
            label = line.strip().split(" · ", 1)[1]
            out[label] = []
    return out


def summary(block: str) -> str:
    return next(line.strip() for line in block.splitlines() if line.startswith(("  Em resumo", "  In short")))


def single_verdict(capsys, question: str) -> str:
    """The first line of the answer for one setup that judges the GPUs named."""
    text = answer(capsys, question)
    return next(line for line in text.splitlines() if re.match(r"\d+× .+: (cabe|não cabe|fits)", line))


def single_per_gpu(capsys, question: str) -> str:
    """ "18,0 GB de 76,5 GB utilizáveis": the memory per GPU the answer for one setup gives the GPUs named."""
    text = answer(capsys, question)
    line = next(line for line in text.splitlines() if line.strip().startswith("Por GPU: "))
    return re.search(r"Por GPU: (.+? utilizáveis)", line).group(1)


@pytest.mark.parametrize(
    ("question", "label", "alone"),
    [
        # the LoRA side had shown the 1× L40S recommendation's ~2,4 dias under the 2× H100 asked
        ("full fine-tune vs lora do qwen 7b em 2 h100 com 1B tokens", "LoRA (base congelada em 16 bits)",
         "lora do qwen 7b em 2 h100 com 1B tokens"),
        ("lora ou qlora do llama 8b numa h100 com 1B tokens", "QLoRA (base congelada em 4 bits, NF4)",
         "qlora do llama 8b numa h100 com 1B tokens"),
        ("lora ou qlora do llama 8b numa h100 com 1B tokens", "LoRA (base congelada em 16 bits)",
         "lora do llama 8b numa h100 com 1B tokens"),
    ],
)  # fmt: skip
def test_a_method_that_fits_the_gpus_named_shows_its_own_memory_and_time_there(
    capsys, question, label, alone
):
    side = columns(comparison(answer(capsys, question)))[label]
    verdict = single_verdict(capsys, alone)
    setup = verdict.split(": ", 1)[0]
    assert side[0] == f"{setup}: cabe"
    days = re.search(r"O treino leva (\S+ \S+) nessa configuração", verdict).group(1)
    assert f"Tempo estimado: {days}" in side
    # its memory per GPU is the one setup's, and the recommendation is named alone, with no figures of its own
    assert f"= {single_per_gpu(capsys, alone)}" in side[1]
    assert side[-1].startswith("Recomendação: ")
    assert not any(line.startswith("Por GPU: ") for line in side)


def test_a_method_that_does_not_fit_says_by_how_much_and_the_summary_what_it_needs(capsys):
    block = comparison(answer(capsys, "full fine-tune vs lora do qwen 7b em 2 h100 com 1B tokens"))
    full = columns(block)["ajuste fino completo (pesos, gradientes e AdamW em todos os parâmetros)"]
    alone = single_verdict(capsys, "full fine-tune do qwen 7b em 2 h100 com 1B tokens")
    assert alone.startswith("2× H100 SXM 80 GB: não cabe; faltam ")
    assert full[0] == alone.rstrip(".")
    assert "Com 4× H100 SXM 80 GB: cabe" in full
    # like with like: the LoRA on the GPUs asked, and the GPUs the full fine-tune needs of that same GPU
    assert summary(block) == (
        "Em resumo: em 2× H100 SXM 80 GB, só o LoRA cabe; o ajuste completo pede 4× H100 SXM 80 GB."
    )


def test_a_zero_stage_that_fits_shows_its_own_time_on_the_gpus_named(capsys):
    block = comparison(
        answer(capsys, "zero-2 ou zero-3 pro full fine-tune do llama 8b em 4 h100 com 1B tokens")
    )
    sides = columns(block)
    alone = single_verdict(capsys, "full fine-tune do llama 8b em 4 h100 com zero-3 com 1B tokens")
    days = re.search(r"O treino leva (\S+ \S+) nessa configuração", alone).group(1)
    zero3 = next(lines for label, lines in sides.items() if label.startswith("ZeRO-3"))
    assert "4× H100 SXM 80 GB: cabe" in zero3 and f"Tempo estimado: {days}" in zero3


def test_counts_of_one_gpu_for_a_training_show_each_ones_memory(capsys):
    text = answer(capsys, "lora em 1 ou 2 h100 do llama 8b com 500M tokens")
    bullets = [
        line.strip() for line in text.splitlines() if line.startswith("  • ") and "horas de GPU" in line
    ]
    assert len(bullets) == 2
    alone = ("lora do llama 8b em 1 h100 com 500M tokens", "lora do llama 8b em 2 h100 com 500M tokens")
    for bullet, question in zip(bullets, alone, strict=True):
        assert f"Por GPU: {single_per_gpu(capsys, question)}" in bullet, bullet


def test_a_crossed_summary_weighs_the_setups_asked_then_a_smaller_one_apart(capsys):
    block = comparison(answer(capsys, "llama 70b em fp8 ou bf16 em 2 ou 4 h100"))
    said = summary(block)
    # the setups asked first: the GPUs each pays, users and speed on their own figures
    assert said.startswith(
        "Em resumo: Llama 3.1 70B FP8 (8-bit) em 2× H100 SXM 80 GB e Llama 3.1 70B BF16/FP16 (16-bit) em 2× H100 "
        "SXM 80 GB precisam de menos GPUs (2× H100 SXM 80 GB contra 4× H100 SXM 80 GB)"
    )
    assert "precisam da menor configuração" not in said
    assert "o Llama 3.1 70B FP8 (8-bit) em 4× H100 SXM 80 GB atende mais usuários (até 168 contra 6" in said
    # then, in a sentence of its own, the smaller setup outside those asked
    assert said.endswith(
        ". Fora das configurações pedidas, o Llama 3.1 70B FP8 (8-bit) cabe numa menor: 1× A100 SXM 80 GB."
    )


def test_one_side_on_the_gpu_named_is_weighed_against_what_the_other_needs_there(capsys):
    block = comparison(answer(capsys, "llama 70b fp8 ou bf16 numa h100"))
    # the BF16's 2× A100 recommendation had been set against the FP8's 1× H100 (users, GPUs)
    assert summary(block) == (
        "Em resumo: só o Llama 3.1 70B FP8 (8-bit) cabe em 1× H100 SXM 80 GB; "
        "o Llama 3.1 70B BF16/FP16 (16-bit) pede 2× H100 SXM 80 GB."
    )


def test_both_on_the_gpus_named_in_english(capsys):
    block = comparison(answer(capsys, "llama 70b fp8 or bf16 on 2 h100"))
    assert summary(block).startswith(
        "In short: both fit on 2× H100 SXM 80 GB; Llama 3.1 70B FP8 (8-bit) serves more"
    )
    assert summary(block).endswith(
        "Beyond the setups asked, Llama 3.1 70B FP8 (8-bit) fits on a smaller one: 1× A100 SXM 80 GB."
    )


@pytest.mark.parametrize(
    ("question", "lang", "understood", "line"),
    [
        ("llama 70b na h200 ou 2 ou 4 h100", "pt-BR",
         "Entendi: Llama 3.1 70B · 2× H200 SXM 141 GB (a menor quantidade que serve), 2× H100 SXM 80 GB ou "
         "4× H100 SXM 80 GB\n",
         "  • 2× H200 SXM 141 GB (a menor quantidade que serve): serve esta carga como pedida."),
        ("llama 70b em 2 h100 ou h200", "pt-BR",
         "Entendi: Llama 3.1 70B · 2× H100 SXM 80 GB ou 2× H200 SXM 141 GB (a menor quantidade que serve)\n",
         "  • 2× H200 SXM 141 GB (a menor quantidade que serve): serve esta carga como pedida."),
        ("llama 70b em 2 h100 ou h200", "pt-PT",
         "Percebi: Llama 3.1 70B · 2× H100 SXM 80 GB ou 2× H200 SXM 141 GB (a menor quantidade que serve)\n",
         "  • 2× H200 SXM 141 GB (a menor quantidade que serve): serve esta carga como pedida."),
        ("llama 70b on 2 h100 or h200", "en",
         "Understood: Llama 3.1 70B · 2× H100 SXM 80 GB or 2× H200 SXM 141 GB (the fewest that serve)\n",
         "  • 2× H200 SXM 141 GB (the fewest that serve): serves this workload as asked."),
    ],
)  # fmt: skip
def test_a_gpu_with_no_count_beside_counts_is_said_at_the_count_weighed(
    capsys, question, lang, understood, line
):
    text = answer(capsys, "--lang", lang, question)
    assert text.startswith(understood), text.split("\n", 1)[0]
    assert line in text


def test_a_method_that_does_not_fit_says_the_batch_or_sequences_that_fit_as_its_own_answer(capsys):
    block = comparison(answer(capsys, "lora ou qlora do llama 8b numa l40s com micro-batch 8 e seq 4096"))
    lora = columns(block)["LoRA (base congelada em 16 bits)"]
    alone = answer(capsys, "lora do llama 8b numa l40s com micro-batch 8 e seq 4096")
    fits = next(line.strip("• .") for line in alone.splitlines() if "Com micro-lote de " in line)
    assert fits in lora
    block = comparison(answer(capsys, "lora ou qlora do llama 8b numa l4 com seq 32768"))
    lora = columns(block)["LoRA (base congelada em 16 bits)"]
    alone = answer(capsys, "lora do llama 8b numa l4 com seq 32768")
    fits = next(line.strip("• .") for line in alone.splitlines() if "Com sequências de " in line)
    assert fits in lora
