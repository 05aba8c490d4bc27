"""Property-based tests of the query language: any text is either understood or refused with QueryError;
valid combinations of tokens, in any order and case, come back as the workload they describe."""

import contextlib
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizing.names import resolve_model
from sizing.query import MAX_CHARS, QueryError, parse

SETTINGS = settings(
    max_examples=int(__import__("os").environ.get("HYPOTHESIS_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

ALPHABET = string.ascii_letters + string.digits + " .,;:!?-_=<>@#&/*xX" + "áéíóúãõçÁÉÍÓÚÃÕÇ" + "😀→€"


@SETTINGS
@given(st.text(alphabet=ALPHABET, max_size=200))
def test_any_text_parses_or_raises_only_query_error(text):
    try:
        query = parse(text)
    except QueryError as e:
        assert e.message("pt-BR") and e.message("en")
        return
    assert query.help or query.workload is not None


@SETTINGS
@given(st.text(max_size=300))
def test_any_unicode_parses_or_raises_only_query_error(text):
    with contextlib.suppress(QueryError):
        parse(text)


MODELS = {"70b": "llama-3.1-70b", "8b": "llama-3.1-8b", "llama-3.1-70b": "llama-3.1-70b",
          "qwen2.5-32b": "qwen2.5-32b", "mixtral": "mixtral-8x7b", "deepseek-v3": "deepseek-v3",
          "8x7b": "mixtral-8x7b", "30b-a3b": "qwen3-30b-a3b", "gpt-oss-120b": "gpt-oss-120b"}  # fmt: skip
PRECISIONS = {"4bit": "int4", "4-bit": "int4", "int4": "int4", "awq": "int4", "nf4": "nf4", "fp8": "fp8",
              "8bit": "fp8", "int8": "int8", "16bit": "bf16", "fp16": "bf16", "bf16": "bf16", "q4_k_m": "q4_k_m",
              "q8_0": "q8_0"}  # fmt: skip
GPUS = {"l40s": "l40s", "a100": "a100-80gb-sxm", "h100": "h100-sxm", "h200": "h200-sxm", "l4": "l4"}


def context_token(n):
    return st.sampled_from([f"{n}k", f"ctx={n}k", f"{n}k ctx", f"contexto {n}k", f"{n * 1024}"])


def users_token(n):
    return st.sampled_from(
        [
            f"{n}users",
            f"{n} users",
            f"{n}u",
            f"{n} usuários",
            f"{n} usuarios",
            f"users={n}",
            f"{n} pessoas",
            f"{n} conversas",
            f"{n} utilizadores",
            f"{n} simultâneos",
        ]
    )


@st.composite
def shorthand(draw):
    expected = {}
    tokens = []
    model = draw(st.sampled_from(sorted(MODELS)))
    expected["model"] = MODELS[model]
    tokens.append(model)
    if draw(st.booleans()):
        p = draw(st.sampled_from(sorted(PRECISIONS)))
        expected["precision"] = PRECISIONS[p]
        tokens.append(p)
    if draw(st.booleans()):
        n = draw(st.sampled_from([2, 4, 8, 16, 32]))
        expected["context"] = n * 1024
        tokens.append(draw(context_token(n)))
    if draw(st.booleans()):
        n = draw(st.integers(min_value=1, max_value=500))
        expected["users"] = n
        tokens.append(draw(users_token(n)))
    if draw(st.booleans()):
        g = draw(st.sampled_from(sorted(GPUS)))
        expected["gpu"] = GPUS[g]
        count = draw(st.sampled_from([None, 2, 4, 8]))
        if count:
            expected["gpus"] = count
            tokens.append(draw(st.sampled_from([f"{count}x{g}", f"{count}x {g}", f"{count} {g}"])))
        else:
            tokens.append(draw(st.sampled_from([g, f"numa {g}", f"on {g}"])))
    if draw(st.booleans()):
        kv = draw(st.sampled_from(["kv8", "kv fp8", "kv=fp8"]))
        expected["kv_precision"] = "fp8"
        tokens.append(kv)
    order = draw(st.permutations(tokens))
    text = " ".join(order)
    text = draw(st.sampled_from([text, text.upper(), text.title()]))
    return text, expected


@SETTINGS
@given(shorthand())
def test_valid_shorthand_round_trips_in_any_order_and_case(case):
    text, expected = case
    query = parse(text)
    w = query.workload
    assert resolve_model(w.model, _catalog()).model.id == expected["model"], text
    for field in ("context", "users", "gpus"):
        assert getattr(w, field) == expected.get(field), (text, field)
    if "precision" in expected:
        from sizing.names import resolve_precision

        assert resolve_precision(w.precision, _catalog()).id == expected["precision"], text
    else:
        assert w.precision is None, text
    assert (w.gpu or None) == expected.get("gpu"), text
    assert (w.kv_precision or None) == expected.get("kv_precision"), text
    assert query.unknown == [], text


def _catalog():
    from sizing.catalog import load_catalog

    return load_catalog()


def test_very_long_input_is_refused_clearly():
    try:
        parse("70b " * (MAX_CHARS // 4 + 10))
    except QueryError as e:
        assert e.key == "query.too_long"
        assert "4.000" in e.message("pt-BR") or "4000" in e.message("pt-BR")
    else:
        raise AssertionError("expected QueryError")
