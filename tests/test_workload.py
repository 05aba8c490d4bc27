"""The workload as questions, command lines and buttons build it: values checked against their types,
which fields were given remembered, and a button's payload that gives the same workload back."""

import pytest

from bot.pipeline import decode, encode
from sizing.query import parse
from sizing.workload import Intent, Stage, Workload


def test_given_values_are_checked_and_converted_as_typed():
    w = Workload.given({"model": "8b", "stage": "lora", "intent": "production", "rate_per_s": 5})
    assert w.stage is Stage.lora and w.intent is Intent.production
    assert w.rate_per_s == 5.0 and type(w.rate_per_s) is float
    for bad in (
        {"model": "8b", "users": "many"},
        {"model": "8b", "stage": "fly"},
        {"model": "8b", "colour": 1},
    ):
        with pytest.raises(ValueError):
            Workload.given(bad)


def test_a_button_payload_holds_what_differs_from_the_defaults_and_gives_the_workload_back():
    w = parse("llama 70b 4bit 32k 10 usuários 5 req/s em produção").workload
    payload = encode(w)
    # In field order, a float field as a float; the default stage and language are left out.
    assert payload == (
        '{"model":"llama-3.1-70b","precision":"int4","context":32768,"users":10,"intent":"production",'
        '"rate_per_s":5.0,"rate_period_s":1.0}'
    )  # the rate's unit (a second) kept for a thread's "e com 10?" (sizing/query.py _bare_count)
    back = decode(payload)
    assert back == w and back.given_fields() == w.non_defaults(builtins=False)


def test_a_follow_up_keeps_what_the_thread_gave_and_changes_what_it_names():
    base = parse("qwen3 32b lora seq 4096 numa h100").workload
    assert "stage" in base.given_fields() and "precision" not in base.given_fields()
    follow = parse("e em 4 bits?", base=base).workload
    assert follow.stage is Stage.lora and follow.precision == "int4" and follow.gpu == base.gpu
    assert set(follow.given_fields()) == set(base.given_fields()) | {"precision"}
    changed = follow.but(lang="en")
    assert changed.lang == "en" and "lang" in changed.given_fields() and follow.lang != "en"


def test_a_copy_of_a_workload_built_directly_counts_what_differs_from_the_defaults_as_given():
    # Built field by field (the engine's own copies), not from a question: what it was given is what differs.
    w = Workload(model="llama-3.1-8b", users=3, context=8192)
    assert set(w.given_fields()) == {"model", "users", "context"}
    copy = w.but(lang="en", users=None)
    assert set(copy.given_fields()) == {"model", "context", "lang", "users"}
    assert copy.non_defaults() == {"model": "llama-3.1-8b", "context": 8192, "lang": "en"}
    assert w.non_defaults() == {"model": "llama-3.1-8b", "context": 8192, "users": 3}
