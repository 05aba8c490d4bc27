"""Numbers as people type them in a question: counts grouped in thousands of any length ("1.000.000",
"1,000,000", "1 000 000") and contexts in "k"/"M" (a power of two before them is the window models declare,
any other figure a plain thousand or million)."""

import pytest

from bot.cli import main as gpu_size
from sizing import i18n
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.quantities import parse_context
from sizing.query import parse
from tests.gpu_size_run import answer


def refusal(capsys, text: str) -> str:
    assert gpu_size([text]) != 0
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("llama 4 scout com 1.000.000 tokens de contexto", 1_000_000),
        ("llama 4 scout with 1,000,000 tokens of context", 1_000_000),
        ("llama 4 scout com 1 000 000 tokens de contexto", 1_000_000),
        ("llama 4 scout com 1.000.000 de contexto", 1_000_000),
        ("llama 4 scout contexto de 2.500.000 tokens", 2_500_000),
        ("llama 4 scout com 10.000.000 tokens de contexto", 10_000_000),
        ("llama 4 scout, janela de 1.000.000", 1_000_000),
    ],
)
def test_a_context_grouped_in_millions_is_read_whole(text, context):
    # "1.000.000" had been read as "000.000": a context of 0 tokens, refused ("recebi 0").
    assert parse(text).workload.context == context


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("llama 8b para 1.000.000 usuarios", "population", 1_000_000),
        ("llama 8b for 1,000,000 users", "population", 1_000_000),
        ("llama 8b para 2.500.000 pessoas", "population", 2_500_000),
    ],
)
def test_people_grouped_in_millions_are_counted_whole(text, field, value):
    w = parse(text).workload
    assert (w.population or w.users) == value


def test_a_corpus_grouped_in_millions_is_read_whole(capsys):
    out = answer(capsys, "rag com 2.500.000 documentos llama 8b")
    assert "2.500.000 documentos" in out and "Não entendi" not in out


def test_a_million_token_context_is_sized_not_refused(capsys):
    out = answer(capsys, "llama 4 scout com 1.000.000 tokens de contexto")
    assert "1.000.000 tokens de contexto" in out and "recebi 0" not in out
    out = refusal(capsys, "llama 3.1 8b with 1,000,000 tokens of context")
    assert "1,000,000 tokens is beyond" in out


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("llama 4 scout 8k", 8_192),
        ("llama 4 scout 32k", 32_768),
        ("llama 4 scout 128K", 131_072),
        ("llama 4 scout 512k", 524_288),
        ("llama 4 scout 1M de contexto", 1_048_576),
        ("llama 4 scout 2M de contexto", 2_097_152),
        ("llama 4 scout 500k tokens", 500_000),
        ("llama 4 scout 200k", 200_000),
        ("llama 4 scout 100k de contexto", 100_000),
        ("llama 4 scout 12k", 12_000),
        ("llama 4 scout 1.5M de contexto", 1_500_000),
        ("llama 4 scout 32 mil tokens", 32_000),
    ],
)
def test_k_is_1024_only_before_a_power_of_two(text, context):
    # "500k" had been 512,000 tokens: nobody's window, and not what was said.
    assert parse(text).workload.context == context


def test_500k_is_refused_as_500000_tokens(capsys):
    out = refusal(capsys, "llama 3.1 8b com 500k tokens")
    assert "500.000 tokens passam do limite" in out


def test_1m_past_a_1010000_window_is_sized_at_the_window_and_said(capsys):
    out = answer(capsys, "qwen2.5 7b instruct 1m com 1M de contexto")
    assert "1.048.576 tokens passam um pouco do limite" in out and "1.010.000 tokens de contexto" in out


def test_a_total_in_k_shared_by_users_is_the_window_people_name():
    # "320k no total" for 40 users is 8,000 each at 1,000 a "k": the 8k window (8,192) people mean.
    w = parse("llama 70b 40 usuários, 320k no total").workload
    assert (w.context, w.users) == (8192, 40)
    w = parse("llama 70b 10 usuários, 500k no total").workload
    assert (w.context, w.users) == (50_000, 10)


def _windows_in_thousands():
    """Models whose window is a count of 1,024s that is no power of two (MiniMax M2.7's 204,800 = "200k",
    DeepSeek V3's 163,840 = "160k", Qwen3's 40,960 = "40k"), and how people write it: "k" below a million,
    "M" from there (Llama 4 Scout's 10,485,760 = "10M")."""
    catalog = load_catalog()
    for model in catalog.all_models:
        window = model.context_limit
        if window % 1024 or not (window // 1024) & (window // 1024 - 1):
            continue
        yield model.id, f"{window // 1024**2}M" if window >= 1024**2 else f"{window // 1024}k"


@pytest.mark.parametrize(("model", "typed"), sorted(_windows_in_thousands()))
def test_a_window_written_in_thousands_is_accepted_as_typed(model, typed):
    # "minimax m2.7 200k" is 200,000 tokens, within its 204,800: sized at the figure typed, not refused and
    # not raised to 204,800.
    r = size(parse(f"{model} com {typed}").workload)
    unit = 1000**2 if typed.endswith("M") else 1000
    assert r.workload.context_tokens == int(typed[:-1]) * unit


@pytest.mark.parametrize("tokens", [1024 * 2**p for p in range(11)] + [2**20 * n for n in (1, 2, 4)])
def test_a_window_in_1024s_is_said_as_its_shorthand_and_read_back(tokens):
    said = i18n.context(tokens, "pt-BR")
    assert said[-1] in "kM" and parse_context(said) == tokens


@pytest.mark.parametrize("tokens", [204_800, 163_840, 40_960, 10_485_760, 200_000, 128_000, 1_000_000, 5_000])
def test_any_other_count_is_said_in_full(tokens):
    # 204,800 had been said "200k", which reads back as 200,000; 10,485,760 "10M", read as 10,000,000.
    assert parse_context(i18n.context(tokens, "en").replace(",", "")) == tokens


def test_the_understood_line_says_the_context_typed(capsys):
    out = answer(capsys, "minimax m2.7 200k")
    assert "· 200.000 tokens de contexto" in out and "204.800 tokens" in out and "200k" not in out
    out = answer(capsys, "llama 4 scout 10M de contexto")
    assert "· 10.000.000 tokens de contexto" in out and "10.485.760 tokens" in out and "10M" not in out


@pytest.mark.parametrize(
    ("text", "model", "field", "value"),
    [
        ("glm-5 200k", "glm-5", "context", 200_000),
        ("glm-5 198k", "glm-5", "context", 198_000),
        ("glm-5 200k tokens", "glm-5", "context", 200_000),
        ("deepseek-v3 100k", "deepseek-v3", "context", 100_000),
        ("qwen-3 8b 32k", "qwen3-8b", "context", 32_768),
        ("llama-3 8b 1 200 usuários", "llama-3-8b", "users", 1200),
    ],
)
def test_a_version_hyphenated_to_its_name_is_no_thousands_group(text, model, field, value):
    # "glm-5 200k" had been read as 5,200k ("5 200" spaced thousands): "Não entendi o pedido", while
    # "glm 5 198k" and "glm-5 com 198k" were sized.
    workload = parse(text).workload
    assert workload.model == model and getattr(workload, field) == value
