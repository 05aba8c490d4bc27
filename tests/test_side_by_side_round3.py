"""Side-by-side answers tell the truth about each setup asked: every side's figures (memory per GPU, what is
left, capacity, speed) are those the answer for that one setup gives, not the recommendation's (the 2× and
4× sides of "fp8 ou bf16 em 2 ou 4 gpus" had differed only in their verdict); a side that does not fit says
by how much and how many of that GPU hold it; a choice of counts before a list of GPUs is each GPU's; a
speed comparison between GPUs weighs like with like or says the counts; and "Entendi" says a crossing of
choices once. Through `gpu-size`, as a user reads the answers."""

from __future__ import annotations

import re

import pytest

from .gpu_size_run import answer


def _block(text: str, starts: tuple[str, ...]) -> str:
    title = next(line for line in text.splitlines() if line.startswith(starts))
    return text.split(title, 1)[1].split("\n\n", 1)[0]


def comparison(text: str) -> str:
    return _block(text, ("Comparação", "Comparison"))


def gpu_sides(text: str) -> str:
    return _block(text, ("Lado a lado", "Side by side"))


def columns(block: str) -> list[tuple[str, list[str]]]:
    """Each side of a comparison: its title ("Llama 3.1 70B · FP8 (8-bit)") and its lines, the summary left out."""
    out: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("    ") and out:
            out[-1][1].append(line.strip())
        elif line.startswith("  ") and " · " in line and not line.startswith(("  Em resumo", "  In short")):
            out.append((line.strip(), []))
    return out


def single_question(title: str, setup: str) -> str:
    """The question for one side alone: its model, its precision's short name and its GPUs."""
    model, precision = title.split(" · ", 1)
    count, gpu = setup.split("× ", 1)
    return f"{model} {re.split(r'[ /]', precision)[0]} em {count}x {gpu}"


def verdict_paragraph(text: str) -> str:
    """The paragraph of an answer for one setup that judges the GPUs named, with its "Por GPU" line."""
    return next(p for p in text.split("\n\n") if re.match(r"\d+× .+: (cabe|não cabe|fits|does not fit)", p))


def assert_side_is_its_own(title: str, lines: list[str], capsys) -> None:
    """The side's figures are those of the answer for that one setup."""
    verdict = lines[0]
    setup = verdict.split(": ", 1)[0]
    alone = verdict_paragraph(answer(capsys, single_question(title, setup)))
    assert alone.startswith(f"{setup}: "), (title, setup, alone)
    if verdict.endswith((": cabe", ": fits")):
        per_gpu = next(line for line in lines if line.startswith("Por GPU: "))
        used, usable, free = re.fullmatch(
            r"Por GPU: (.+?) de (.+?) utilizáveis · sobram (.+)", per_gpu
        ).groups()
        assert re.search(rf"Por GPU: {re.escape(used)} de {re.escape(usable)} utilizáveis \(.+?\) · sobram "
                         rf"{re.escape(free)}\n", alone + "\n"), (title, setup, lines, alone)  # fmt: skip
        capacity = next(line for line in lines if line.startswith("Capacidade: "))
        assert f"{capacity}." in alone, (title, setup, capacity, alone)
        speed = next(line for line in lines if line.startswith("Desempenho: ")).removeprefix("Desempenho: ")
        assert f"Desempenho nela: {speed}." in alone or f"Desempenho: {speed}." in alone, (speed, alone)
    else:
        # short: by how much, and how many of that GPU hold it, as the answer for it alone says
        short = re.fullmatch(r".+: não cabe; faltam (.+) por GPU", verdict).group(1)
        assert f": não cabe; faltam {short} por GPU." in alone, (verdict, alone)
        more = next((line for line in lines if line.startswith("Com ")), None)
        if more is not None:
            assert f"  • {more} (" in alone, (more, alone)


# -- each side's own figures -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # no GPU named: the counts are weighed on the GPU the answer picks, each pairing with its own figures
        "llama 70b em fp8 ou bf16 em 2 ou 4 gpus",
        "qwen 32b fp8 ou int4 em 1 ou 2 gpus",
        # a GPU named: the H100's figures, not the L40S the recommendation picks
        "qwen 32b fp8 ou int4 numa h100",
        # sides on GPUs of their own, one short of memory
        "qwen 32b em bf16 numa l40s? e em fp8 numa h100 e h200?",
        "qwen 72b bf16 ou int4 numa l40s",
    ],
)
def test_each_side_shows_the_figures_of_the_setup_it_names(capsys, question):
    sides = columns(comparison(answer(capsys, question)))
    assert len(sides) >= 2
    for title, lines in sides:
        assert_side_is_its_own(title, lines, capsys)


def test_two_counts_of_one_precision_differ_in_their_figures(capsys):
    # 2× and 4× had shown the same 1× recommendation's memory, capacity and speed
    sides = columns(comparison(answer(capsys, "llama 70b em fp8 ou bf16 em 2 ou 4 gpus")))
    fp8 = [lines for title, lines in sides if title.endswith("FP8 (8-bit)")]
    assert [lines[0].split(":")[0][:2] for lines in fp8] == ["2×", "4×"]
    assert fp8[0][2:5] != fp8[1][2:5]
    # the summary weighs the speeds the sides show, the 4× the fastest
    text = comparison(answer(capsys, "llama 70b em fp8 ou bf16 em 2 ou 4 gpus"))
    speed = re.search(r"~(\d+) tokens/s (?:por usuário|para um usuário)", fp8[1][4]).group(1)
    assert re.search(
        rf"FP8 \(8-bit\) em 4× [^;]+ responde mais rápido a cada usuário \(~{speed} contra", text
    )


def test_a_side_short_of_memory_says_by_how_much_and_what_fits(capsys):
    sides = columns(comparison(answer(capsys, "qwen 72b bf16 ou int4 numa l40s")))
    assert [lines[0].split(";")[0] for _, lines in sides] == ["1× L40S 48 GB: não cabe"] * 2
    assert [lines[1] for _, lines in sides] == ["Com 4× L40S 48 GB: cabe", "Com 2× L40S 48 GB: cabe"]


# -- a choice of counts before a list of GPUs ------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        ("llama 70b em 2 ou 4 h100 ou h200", "Entendi: Llama 3.1 70B · H100 SXM 80 GB ou H200 SXM 141 GB, 2 ou 4 de cada"),
        ("llama 70b em 2 ou 4 h100 e h200", "Entendi: Llama 3.1 70B · H100 SXM 80 GB ou H200 SXM 141 GB, 2 ou 4 de cada"),
        ("llama 70b em h100 ou h200 com 2 ou 4 gpus",
         "Entendi: Llama 3.1 70B · H100 SXM 80 GB ou H200 SXM 141 GB, 2 ou 4 de cada"),
        ("llama 70b on 2 or 4 h100s or h200s",
         "Understood: Llama 3.1 70B · H100 SXM 80 GB or H200 SXM 141 GB, 2 or 4 of each"),
    ],
)  # fmt: skip
def test_counts_before_a_list_of_gpus_are_each_gpus(capsys, question, understood):
    # the H200 had been weighed at the 2 that serve, a count nobody asked for ("e h200": the 4 dropped)
    text = answer(capsys, question)
    assert text.split("\n", 1)[0] == understood
    block = gpu_sides(text)
    bullets = [line[4:].split(":", 1)[0] for line in block.splitlines() if line.startswith("  • ")]
    assert bullets == ["2× H100 SXM 80 GB", "4× H100 SXM 80 GB", "2× H200 SXM 141 GB", "4× H200 SXM 141 GB"]
    # the fastest setup is said with its count, against the smallest that serves, each at its own speed
    speed = {b.split(":", 1)[0]: re.search(r"~(\d+) tokens/s (?:por usuário|per user|para um usuário|for one user)", b).group(1)
             for b in (line[4:] for line in block.splitlines() if line.startswith("  • "))}  # fmt: skip
    faster = re.search(r"(4× H200 SXM 141 GB) (?:é a mais rápida|is the fastest): ~(\d+) tokens/s .*?~(\d+) "
                       r"(?:em|on) (2× H100 SXM 80 GB)\.", block)  # fmt: skip
    assert faster is not None, block
    assert (faster.group(2), faster.group(3)) == (speed[faster.group(1)], speed[faster.group(4)])


def test_each_gpu_side_shows_what_that_setup_alone_is_answered(capsys):
    block = gpu_sides(answer(capsys, "llama 70b em 2 ou 4 h100 ou h200"))
    for bullet in (line[4:] for line in block.splitlines() if line.startswith("  • ")):
        setup, said = bullet.split(": ", 1)
        alone = verdict_paragraph(answer(capsys, f"llama 70b em {setup.replace('× ', 'x ')}"))
        # the same verdict and spare memory, capacity and speed (the single answer says "Desempenho nela")
        first = alone.split("\n", 1)[0].replace("Desempenho nela:", "Desempenho:")
        sentences = f"{setup}: {said}".split(". ")
        assert len(sentences) == 3 and sentences[0].startswith(f"{setup}: cabe, com "), bullet
        for sentence in sentences:
            assert sentence in first, (sentence, first)


def test_counts_that_differ_are_said_when_gpus_are_compared_for_speed(capsys):
    # 4× H100 against 2× H200 had read "a H100 é ~1,2× mais rápida", more GPUs against fewer unsaid
    block = gpu_sides(answer(capsys, "llama 70b em 2 ou 4 h100 ou 2 h200"))
    assert "A menor que serve é 2× H100 SXM 80 GB. 4× H100 SXM 80 GB é a mais rápida: ~52 tokens/s" in block
    assert "a H100 SXM 80 GB é ~" not in block


# -- "Entendi" for a crossing of choices -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        ("llama 70b em fp8 e int4 numa h100 e numa h200",
         "Entendi: Llama 3.1 70B · FP8 (8-bit) ou INT4 (AWQ/GPTQ g128), cada opção em 1× H100 SXM 80 GB ou "
         "1× H200 SXM 141 GB"),
        ("qwen 32b in fp8 or bf16 on 1 or 2 l40s",
         "Understood: Qwen2.5 32B · FP8 (8-bit) or BF16/FP16 (16-bit), each on 1× L40S 48 GB or 2× L40S 48 GB"),
    ],
)  # fmt: skip
def test_every_pairing_of_two_choices_is_said_once_each(capsys, question, understood):
    text = answer(capsys, question)
    assert text.split("\n", 1)[0] == understood
    assert len(columns(comparison(text))) == 4


def test_counts_with_no_gpu_named_say_the_gpu_once(capsys):
    first = answer(capsys, "llama 70b em fp8 ou bf16 em 2 ou 4 gpus").split("\n", 1)[0]
    found = re.fullmatch(r"Entendi: Llama 3\.1 70B · FP8 \(8-bit\) ou BF16/FP16 \(16-bit\), cada opção em "
                         r"2× (.+) ou 4× (.+)", first)  # fmt: skip
    assert found is not None and found.group(1) == found.group(2), first


# -- phrasings that list sides ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        ("qwen 32b em bf16 numa l40s? e em fp8 numa h100 e h200?",
         [("BF16/FP16 (16-bit)", "1× L40S 48 GB"), ("FP8 (8-bit)", "1× H100 SXM 80 GB"),
          ("FP8 (8-bit)", "1× H200 SXM 141 GB")]),
        ("qwen 32b at 16-bit, 8 or 4 on one l40s?",
         [("BF16/FP16 (16-bit)", "1× L40S 48 GB"), ("FP8 (8-bit)", "1× L40S 48 GB"),
          ("INT4 (AWQ/GPTQ g128)", "1× L40S 48 GB")]),
        ("qwen 32b INT4 em L40S 48 GB ou fp8 em h100",
         [("INT4 (AWQ/GPTQ g128)", "1× L40S 48 GB"), ("FP8 (8-bit)", "1× H100 SXM 80 GB")]),
    ],
)  # fmt: skip
def test_every_side_asked_is_weighed_in_the_order_asked(capsys, question, titles):
    sides = columns(comparison(answer(capsys, question)))
    found = [(title.split(" · ", 1)[1], lines[0].split(": ", 1)[0]) for title, lines in sides]
    assert found == titles


def test_a_thread_asking_fp8_on_two_gpus_weighs_both_in_the_order_asked(slack):
    # "e em fp8 numa h100 e h200?" in the thread: the new precision on each GPU asked, with its own figures
    from .test_side_by_side_lists import _thread

    (reply,) = _thread(slack, "roda o qwen 32b em bf16 numa l40s?", "e em fp8 numa h100 e h200?")
    assert reply.startswith("Entendi: Qwen2.5 32B · FP8 (8-bit) · 1× H100 SXM 80 GB ou 1× H200 SXM 141 GB\n")
    h100, h200 = (
        reply.index("1× H100 SXM 80 GB: cabe, com 40,0 GB livres"),
        reply.index("1× H200 SXM 141 GB: cabe"),
    )
    assert h100 < h200


def test_the_slack_header_says_each_setup_with_its_count(slack):
    # "Lado a lado: H100 SXM 80 GB vs H100 SXM 80 GB vs H200 SXM 141 GB vs H200 SXM 141 GB" had said each GPU
    # twice, alike
    from . import slack_requests as sr

    assert slack.event(sr.app_mention("<@UBOT> llama 70b em 2 ou 4 h100 ou h200", ts="1700000100.000100"),
                       "Ev1700000100") == 200  # fmt: skip
    slack.settle()
    (posted,) = slack.fake.calls("chat.postMessage")
    headers = [b["text"]["text"] for b in posted.params["blocks"] if b["type"] == "header"]
    assert (
        headers[0]
        == "Lado a lado: 2× H100 SXM 80 GB vs 4× H100 SXM 80 GB vs 2× H200 SXM 141 GB vs 4× H200 SXM 141 GB"
    )
