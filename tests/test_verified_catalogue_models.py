"""Models that had been said to be "not in the catalogue yet" until a public copy of their config.json was found:
Command A (111B, Cohere2: three sliding-window layers of 4,096 tokens for each full one) and Phi-3 Medium 128K
(Phi-3 Medium's shape with LongRoPE to 131,072 tokens). Each is checked against its published size (its shape,
counted as models.toml's comment does, gives the card's figure) and answers the way customers ask for it."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse


def answer(text: str, capsys) -> list[str]:
    """The answer's lines as `gpu-size` prints them (in the question's language)."""
    assert gpu_size([text]) == 0
    return capsys.readouterr().out.splitlines()


# -- Command A -----------------------------------------------------------------------------------------------

# Per token, per layer that keeps it: K and V x 8 KV heads x 128 wide x 2 bytes (BF16).
COMMAND_A_KV_PER_LAYER = 2 * 8 * 128 * 2


def test_command_a_counts_the_cards_111b():
    # embeddings 256,000 x 12,288 (tied) + 64 x (q, o 12,288^2; k, v 12,288 x 1,024; MLP 3 x 12,288 x 36,864;
    # one LayerNorm) + the final norm: 111.06B, the card's "111 billion parameter model".
    a = load_catalog().model("command-a")
    layer = 2 * 12288 * 12288 + 2 * 12288 * 1024 + 3 * 12288 * 36864 + 12288
    assert a.params == 256_000 * 12288 + 64 * layer + 12288
    assert a.params / 1e9 == pytest.approx(111, rel=0.01)


@pytest.mark.parametrize(
    "text",
    [
        "o command a roda em 2 H100 com 20 usuarios?",
        "CohereLabs/c4ai-command-a-03-2025 para 20 usuarios",
        "c4ai-command-a-03-2025 em fp8 para 20 usuários",
        "Command A 111B, 20 users",
        "quantas h200 pro command-a-03-2025 com 20 usuários?",
    ],
)
def test_command_a_is_sized_by_its_names(text):
    # Each had been refused: "O Command A ainda não está no catálogo" with its Hub repo to paste.
    query = parse(text)
    assert query.unknown == []
    assert size(query.workload).workload.model.id == "command-a"


def test_command_a_answer_names_it_and_its_weights(capsys):
    lines = answer("o command a roda em 2 H100 com 20 usuarios?", capsys)
    assert lines[0] == "Entendi: Command A 111B (03-2025) · 20 usuários simultâneos · 2× H100 SXM 80 GB"
    text = "\n".join(lines)
    assert "Pesos ............ 222,1 GB  (111B parâmetros × 16,00 bits)" in text
    # Its licence is the card's: CC-BY-NC, said to a sales rep.
    assert "CC-BY-NC 4.0" in text


def test_command_a_kv_cache_counts_the_full_layers_whole_and_the_sliding_ones_to_4096_tokens():
    # 16 full layers keep every token; 48 sliding layers keep at most the last 4,096.
    short = size(parse("command a com 4k").workload)
    assert short.memory.kv_cache == 64 * COMMAND_A_KV_PER_LAYER * 4096
    many = size(parse("command a com 64k para 4 usuários").workload)
    assert many.memory.kv_cache == 4 * (16 * 65536 + 48 * 4096) * COMMAND_A_KV_PER_LAYER
    # One conversation alone is sized as vLLM checks it before it starts: the sliding layers then hold their
    # last 4,095 tokens and a 2,048-token prefill chunk (vllm/v1/kv_cache_interface.py, SlidingWindowSpec).
    long = size(parse("command a com 64k").workload)
    assert long.memory.kv_cache == (16 * 65536 + 48 * (4095 + 2048)) * COMMAND_A_KV_PER_LAYER
    # Under a third of what 64 full layers keep (Command R+ 08-2024: the same heads, every layer full).
    r_plus = size(parse("command r+ 08-2024 com 64k").workload)
    assert long.memory.kv_cache / r_plus.memory.kv_cache == pytest.approx(0.320, abs=0.001)


def test_past_the_configs_128k_command_a_reads_the_cards_256k_with_the_vllm_setting_said():
    r = size(parse("command a com 200k de contexto para 4 usuários").workload)
    said = next(a for a in r.assumptions if "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in a)
    assert "passam das 131.072 posições que o config.json" in said and "até 262.144" in said
    assert r.memory.kv_cache == 4 * (16 * 200_000 + 48 * 4096) * COMMAND_A_KV_PER_LAYER
    assert not any("VLLM_ALLOW_LONG" in a for a in size(parse("command a com 128k").workload).assumptions)
    with pytest.raises(SizingError) as e:
        size(parse("command a com 300k de contexto").workload)
    assert e.value.key == "context_beyond_model"


def test_command_is_a_family_that_now_holds_command_a():
    # "command 111b": the family's model of that size, no longer a Command R+ scaled up.
    assert size(parse("command 111b").workload).workload.model.id == "command-a"


# -- Phi-3 Medium 128K ---------------------------------------------------------------------------------------


def test_phi_3_medium_128k_counts_the_cards_14b():
    # 2 x 32,064 x 5,120 (untied) + 40 x (q, o 5,120^2; k, v 5,120 x 1,280; MLP 3 x 5,120 x 17,920; two norms)
    # + the final norm: 13.96B, the card's 14B; the 4k model's shape, so the same weights.
    catalog = load_catalog()
    a = catalog.model("phi-3-medium-128k")
    layer = 2 * 5120 * 5120 + 2 * 5120 * 1280 + 3 * 5120 * 17920 + 2 * 5120
    assert a.params == 2 * 32064 * 5120 + 40 * layer + 5120
    assert a.params == catalog.model("phi-3-medium").params
    assert a.context_limit == 131_072


@pytest.mark.parametrize(
    "text",
    [
        "phi 3 medium 128k 10 usuarios",
        "phi-3-medium-128k-instruct com 64k",
        "microsoft/Phi-3-medium-128k-instruct em 4 bits",
        "phi3 medium 128k with 100k tokens for 2 users",
    ],
)
def test_phi_3_medium_128k_is_sized_by_its_names(text):
    # Each had been refused ("ainda não está no catálogo"), and "phi 3 medium com 128k" at the 4k model's limit.
    query = parse(text)
    assert query.unknown == []
    assert size(query.workload).workload.model.id == "phi-3-medium-128k"


def test_phi_3_medium_with_128k_asked_is_its_128k_release(capsys):
    lines = answer("phi 3 medium com 128k para 2 usuários", capsys)
    assert lines[0] == "Entendi: Phi-3 Medium 128K · 128k de contexto · 2 usuários simultâneos"
    text = "\n".join(lines)
    assert "131.072 tokens passam dos 4.096 do Phi-3 Medium 14B: usei o Phi-3 Medium 128K" in text
    # Every layer keeps the whole context: 2 x 10 KV heads x 128 x 40 layers x 2 bytes a token.
    r = size(parse("phi 3 medium com 128k para 2 usuários").workload)
    assert r.memory.kv_cache == 2 * 131_072 * 2 * 10 * 128 * 40 * 2


@pytest.mark.parametrize("text", ["phi 3 medium com 32k de contexto", "phi3 medium, 100k tokens"])
def test_a_window_the_4k_model_lacks_names_the_128k_release(text):
    with pytest.raises(SizingError) as e:
        size(parse(text).workload)
    assert e.value.key == "context_beyond_model"
    assert "use o Phi-3 Medium 128K, da mesma família e do mesmo tamanho, que vai até 131.072 tokens" in (
        e.value.hint("pt-BR")
    )


def test_past_phi_4s_16k_the_phi_14b_that_reads_the_window_is_named():
    # "phi-4 com 64k" had ended "escolha um modelo com contexto maior": the family's 14B that reads it is named.
    with pytest.raises(SizingError) as e:
        size(parse("phi-4 q4_k_m 128k 10 usuarios").workload)
    assert "ou use o Phi-3 Medium 128K, da mesma família e do mesmo tamanho, que vai até 131.072 tokens" in (
        e.value.hint("pt-BR")
    )
