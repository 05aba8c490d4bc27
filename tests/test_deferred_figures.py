"""What only some readers of an answer read (what each alternative sustains at most, saturated and on a whole
new prompt, what it costs, its capacity in words; the recommendation's estimate lines) is worked out where it is
first read (sizing/result.py, Deferred): the first Slack answer shows each alternative's speed, and the detail button and `--json` get every
figure they got when all were worked out with the answer, whatever was asked before, after or beside it."""

from __future__ import annotations

import copy
import pickle
import threading

import msgspec
import pytest

from bot import blocks
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where, decode
from sizing import engine
from sizing.result import encode, json_data, replace, to_builtins, waiting

from . import slack_requests as sr
from .slack_harness import serve, text_of

QUESTIONS = [
    "llama 3 70b 20 usuários 8k",  # users at once: no rate
    "70b 4bit 32k 10users",  # chat turns: a first token on a whole new prompt
    "70b nf4 32k quanto custa por mês 3 req/s",  # a rate: each alternative says the share of what it sustains
    "mixtral 8x7b q4_k_m 32k 5000 funcionários",  # a head-count, read as a rate
]
STAFF = Where("slash_command", user_id="U1", channel_id="C1")


@pytest.fixture
def pipe(priced, tmp_path):
    engine.clear_cache()
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    yield pipeline
    pipeline.log.close()
    engine.clear_cache()


def _read(reply) -> dict:
    """What each reader of an answer gets: the first Slack message (made when it was asked), the detail
    button's blocks, and `--json`'s object."""
    detail = blocks.detail(reply.result, show_prices=True)
    return {
        "first": [reply.message.blocks, reply.message.text],
        "detail": [detail.blocks, detail.text, detail.plain],
        "json": json_data(reply.result),
    }


def _alone(pipe: Pipeline) -> dict[str, dict]:
    out = {}
    for text in QUESTIONS:
        engine.clear_cache()
        out[text] = _read(Pipeline(pipe.log).ask(text, STAFF))
    engine.clear_cache()
    return out


def _alternatives_timed(reply) -> list:
    return [a.setup.performance for a in reply.result.alternatives if a.setup and a.setup.performance]


def test_the_first_answer_shows_each_alternative_s_speed_and_works_out_only_that(pipe):
    reply = pipe.ask(QUESTIONS[0], STAFF)
    timed = _alternatives_timed(reply)
    assert len(timed) >= 2
    shown = text_of(reply.message.blocks)
    # the recommendation's line and every alternative's
    assert shown.count("tokens/s por usuário") >= len(timed) + 1
    # What they sustain at most, saturated, and what they cost: read by the detail button and --json only.
    assert all(waiting(p, "max_requests_per_s") and waiting(p, "max_output_tokens_per_s") for p in timed)
    assert all(waiting(a.setup, "cost") for a in reply.result.alternatives if a.setup and a.setup.performance)
    # The recommendation's estimate lines (what it sustains, saturated, a whole new prompt's first token): the
    # detail view's notes and the plain-text answer, not the first message of a serving answer.
    rec = reply.result.recommendation.performance
    assert waiting(reply.result.estimates, "text")
    assert waiting(rec, "max_output_tokens_per_s") and waiting(rec, "cold_ttft_s")
    assert "Modelo de desempenho" not in shown
    detail = text_of(blocks.detail(reply.result, show_prices=True).blocks)
    assert detail.count("sustenta ") >= len(timed)  # each alternative's, as before
    assert "Modelo de desempenho" in detail and "Um prompt inteiramente novo" in detail
    assert not any(waiting(p, "max_requests_per_s") for p in timed)


def test_two_questions_in_a_row_get_what_each_gets_alone(pipe):
    alone = _alone(pipe)
    engine.clear_cache()
    replies = [pipe.ask(text, STAFF) for text in QUESTIONS]
    # The earlier answers' figures are read after the later questions were sized.
    for text, reply in reversed(list(zip(QUESTIONS, replies, strict=True))):
        assert _read(reply) == alone[text], text
    assert sum(len(_alternatives_timed(r)) for r in replies) >= 8


def test_questions_answered_in_threads_at_once_get_what_each_gets_alone(pipe):
    alone = _alone(pipe)
    engine.clear_cache()
    replies: dict[str, object] = {}
    together = threading.Barrier(len(QUESTIONS))

    def ask(text: str) -> None:
        together.wait()
        replies[text] = pipe.ask(text, STAFF)

    threads = [threading.Thread(target=ask, args=(text,)) for text in QUESTIONS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Each answer read in another thread than the one that sized it, all at once: the detail view and --json.
    read: dict[str, dict] = {}
    go = threading.Barrier(len(QUESTIONS))

    def read_other(i: int) -> None:
        text = QUESTIONS[(i + 1) % len(QUESTIONS)]
        go.wait()
        read[text] = _read(replies[text])

    threads = [threading.Thread(target=read_other, args=(i,)) for i in range(len(QUESTIONS))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert read == alone


def test_the_detail_button_after_a_fresh_answer_shows_the_alternatives_figures_it_showed_before(
    priced, tmp_path
):
    engine.clear_cache()
    with serve(tmp_path) as slack:
        reply = slack.command(QUESTIONS[0], user_id="U0001", channel_id="C0001")
        value = next(e["value"] for b in reply["blocks"] if b["type"] == "actions" for e in b["elements"])
        body = sr.block_actions("gpu_detail", value, user_id="U0001", channel_id="C0001",
                                response_url=slack.fake.response_url(),
                                container={"type": "message", "message_ts": "1.0", "channel_id": "C0001",
                                           "is_ephemeral": True})  # fmt: skip
        assert slack.send(body)[0] == 200
        [call] = slack.fake.wait_for("response_url")
        shown = call.params["blocks"]
    # Every figure worked out at once, as the answer had them before: the same detail.
    engine.clear_cache()
    result = engine.size(decode(value))
    json_data(result)
    assert shown == blocks.detail(result, show_prices=True).blocks
    alternatives = [a.setup for a in result.alternatives if a.setup and a.setup.performance]
    text = text_of(shown)
    assert len(alternatives) >= 2 and text.count("sustenta ") >= len(alternatives) + 1
    assert text.count("Preço") >= len(alternatives) + 1  # each alternative's cost too
    engine.clear_cache()


def _unread(reply) -> list:
    """The answer's setups with a figure still unread (their cost; without a rate, their speed's most
    sustained too)."""
    setups = [a.setup for a in reply.result.alternatives if a.setup and waiting(a.setup, "cost")]
    assert setups and all(waiting(s.performance, "max_output_tokens_per_s") for s in setups)
    return setups


def _read_alone(pipe: Pipeline, text: str):
    """The answer asked alone, every figure read (json_data reads them one by one, as --json does)."""
    engine.clear_cache()
    result = Pipeline(pipe.log).ask(text, STAFF).result
    json_data(result)
    engine.clear_cache()
    return result


@pytest.mark.parametrize("text", QUESTIONS[:3])
def test_an_answer_with_figures_unread_encodes_as_the_answer_read_in_full(pipe, text):
    alone = _read_alone(pipe, text)
    reply = pipe.ask(text, STAFF)
    _unread(reply)
    # msgspec's own encoders read the fields without the hook that works them out (they had raised "Struct
    # field 'cost' is unset"): these settle first
    assert encode(reply.result) == msgspec.json.encode(alone)
    assert to_builtins(reply.result) == msgspec.to_builtins(alone)
    assert not any(waiting(a.setup, "cost") for a in reply.result.alternatives if a.setup)


def test_a_setup_with_figures_unread_copies_replaces_and_pickles_with_them(pipe):
    text = QUESTIONS[0]
    alone = _read_alone(pipe, text)
    index = next(i for i, a in enumerate(alone.alternatives) if a.setup and a.setup.cost)
    expected = msgspec.to_builtins(alone.alternatives[index].setup)

    def fresh():
        engine.clear_cache()
        reply = Pipeline(pipe.log).ask(text, STAFF)
        assert reply.result.alternatives[index].setup in _unread(reply)
        return reply.result

    # a shallow copy shares the setup's speed, whose own figures stay deferred until read
    assert to_builtins(copy.copy(fresh().alternatives[index].setup)) == expected
    changed = replace(fresh().alternatives[index].setup, servers=7)
    assert to_builtins(changed) == {**expected, "servers": 7}
    assert msgspec.json.encode(pickle.loads(pickle.dumps(fresh()))) == msgspec.json.encode(alone)
    assert msgspec.json.encode(copy.deepcopy(fresh())) == msgspec.json.encode(alone)
    engine.clear_cache()


CUSTOMER = Where(
    "mention", user_id="U9", channel_id="CS1", channel_shared=True, user_external=True, thread_ts="1.0"
)


@pytest.mark.parametrize("text", QUESTIONS[:2])
def test_a_customer_shown_no_prices_leaves_the_recommendation_s_cost_unworked_and_staff_then_see_it(
    pipe, text
):
    alone = _alone(pipe)[text]
    shown = pipe.ask(text, CUSTOMER)
    assert shown.outcome == "answered" and "R$" not in text_of(shown.message.blocks)
    rec = shown.result.recommendation
    # nothing a customer is shown reads it, nor what the recommendation sustains at most, which it prices
    # a million tokens at (that search had run for every answer)
    assert waiting(rec, "cost") and waiting(rec.performance, "max_requests_per_s")
    staff = pipe.ask(text, STAFF)  # the same answer, from the cache
    assert staff.result is shown.result
    assert "R$" in text_of(staff.message.blocks) and "milhão de tokens" in text_of(staff.message.blocks)
    assert _read(staff) == alone
