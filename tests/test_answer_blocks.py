"""Every kind of answer is Block Kit Slack accepts, checked with slack_sdk's own models here so that the
answer path does not re-check it on every request (bot/blocks.py checks only the sizes there)."""

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.engine import queries
from bot import blocks
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import QueryError, parse

TRAINING = ["70b lora 4 gpus", "8b pretrain 1T tokens em 30 dias", "70b full zero3 8 gpus", "qwen 32b qlora seq 8192 batch 4",
            "405b pretrain em 2 semanas", "mixtral full adamw8bit en", "deepseek v3 lora tp8", "8b qlora 50 mil exemplos 3 épocas",
            "lora llama 8b e depois servir pra 50 usuarios", "qlora 70b then serve it to 20 users at 32k en"]  # fmt: skip
NAMED = [
    "70b 4bit numa l40s",
    "405b 2x h100",
    "8b numa 4090 en",
    "deepseek v3 fp8 8x h200",
    "70b 16bit 1 a100",
    "h100 ou h200 para 70b fp8 32k 20 usuarios",
    "qwen 32b: 2x L40S or 1 H100?",
    "gemma 2 9b no notebook com 16gb",
    "qwen 32b no MacBook M3 Max 64GB en",
    "qlora llama 8b no meu notebook com 16gb",
    "llama 8b no notebook com 16gb de ram",
    # "mais barato": the cheaper setups, or that the recommendation is already the cheapest
    "qwen 32b 20 usuarios mais barato",
    "llama 8b cheaper en",
    "qwen 32b int4 16k 12 usuarios mais barato",
]
VARIANTS = list(
    itertools.product([None, "Este canal é compartilhado: registramos..."], [True, False], [True, False])
)


def answers(texts):
    for text in texts:
        try:
            query = parse(text)
            yield query, size(query.workload)
        except SizingError:
            continue


@pytest.mark.parametrize(("disclosure", "show_prices", "share"), VARIANTS)
def test_every_kind_of_answer_is_valid_block_kit(disclosure, show_prices, share):
    texts = queries(200, seed=31) + [q + " en" for q in queries(40, seed=32)] + TRAINING + NAMED
    checked = 0
    for query, result in answers(texts):
        for actions in (True, False):
            message = blocks.answer(result, query, disclosure=disclosure, show_prices=show_prices, share=share,
                                    actions=actions, payload='{"model":"llama-3.1-70b","precision":"int4"}')  # fmt: skip
            blocks.validate(message.blocks)
            checked += 1
    assert checked > 300  # answers x with and without buttons


def test_refusals_help_and_notices_are_valid_block_kit():
    for text in ["", "bom dia, blá", "70b 4bit fp16", "0 users 70b", "h300 70b", "5000000b", "70b 999999k"]:
        try:
            parse(text) if not text else size(parse(text).workload)
        except SizingError as e:
            for lang in ("pt-BR", "en"):
                blocks.validate(blocks.error(e, lang).blocks)
    for lang in ("pt-BR", "en"):
        blocks.validate(blocks.help_message(lang).blocks)
    blocks.validate(blocks.notice("<!channel> & tudo certo").blocks)


WORDS = st.sampled_from(
    ["70b", "4bit", "32k", "10users", "lora", "en", "numa", "l40s", "lamma", "<&>", "x" * 40]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(WORDS, st.text(min_size=1, max_size=30)), min_size=1, max_size=400))
def test_any_question_up_to_slacks_length_gets_valid_blocks(words):
    # What was not understood can be as long as the question: the answer still fits Slack's sections.
    text = " ".join(["70b", *words])[:4000]
    try:
        query = parse(text)
        result = size(query.workload)
    except (QueryError, SizingError):
        return
    blocks.validate(blocks.answer(result, query, payload="{}").blocks)


def _letters(i: int) -> str:
    """A different word of letters for each number (numbers in words read as sizes or GPUs)."""
    return "".join("abcdefghijklmnopqrstuvwxyz"[int(d)] for d in str(i))


@pytest.mark.parametrize(
    "noise",
    # Each word different: a word repeated is listed once (tests/test_query.py).
    [" ".join(f"palavra{i}" for i in range(500)), " ".join(f"<ab&cd{_letters(i)}>" for i in range(500)),
     "lamma " + " ".join(f"zq{_letters(i)}" for i in range(700)),
     # a few words long enough that even the first 8 pass the section's 3,000 characters
     " ".join("zq" * 450 + _letters(i) for i in range(4))],
)  # fmt: skip
def test_a_question_of_4000_characters_mostly_not_understood_still_gets_its_answer(noise):
    query = parse(f"70b 4bit {noise}"[:4000])
    message = blocks.answer(size(query.workload), query, payload="{}")
    blocks.validate(message.blocks)
    text = message.blocks[0]["text"]["text"]
    assert "Entendi: Llama 3.1 70B" in text and len(text) <= 3000
    # the first 8 words and how many more; cut with "…" where even those pass the section's limit
    assert text.endswith("…") if len(query.unknown) < 8 else (" e mais " in text or text.endswith("…"))


def test_a_question_with_text_no_utf8_can_hold_is_answered_and_echoed():
    """A lone surrogate (a question's JSON can escape one) is text msgspec will not read back: the answer is
    read as it always was, and says the word it did not understand as typed."""
    query = parse("70b 4bit 32k 10 usuarios blorp\ud800zz")
    message = blocks.answer(size(query.workload), query, payload='{"model":"x"}')
    assert "blorp\ud800zz" in message.blocks[0]["text"]["text"]
    assert message.blocks[1]["type"] == "header"
    blocks.validate(message.blocks)
