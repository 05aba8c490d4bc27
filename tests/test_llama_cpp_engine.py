"""GGUF files are served by llama.cpp (Ollama, LM Studio): judged with llama.cpp's memory (no share of the GPU
kept back, 1 GB of margin) and its flags (-c, -np, -ngl, -ctk/-ctv), never vLLM's, each asked through the real
engine and read in the answer's text."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer


@pytest.mark.parametrize(
    "text",
    [
        # Had been "não cabe; faltam 3,4 GB por GPU" with vLLM's 90% of the card.
        "llama 3.1 70b gguf q4_k_m na l40s com llama.cpp pra 2 usuarios",
        "llama 3.1 70b q4_k_m numa l40s no ollama para 2 usuários",
        "llama 3.1 70b q4_k_m on an L40S with llama.cpp for 2 users",
    ],
)
def test_a_gguf_file_is_judged_with_llama_cpps_memory(capsys, text):
    out = answer(capsys, text)
    assert "1× L40S 48 GB: cabe" in out or "1× L40S 48 GB: fits" in out
    assert "46,7 GB utilizáveis" in out or "46.7 GB usable" in out
    assert "vLLM configur" not in out and "(padrão do vLLM)" not in out and "(vLLM's default)" not in out
    assert "`-ngl 99 -np 2 -c 8192 -ctk f16 -ctv f16`" in out


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("gemma 3 27b q5_k_m na rtx 4090", "pt-BR"),
        ("gemma 3 27b q5_k_m on an rtx 4090", "en"),
        ("o gemma 3 27b em q5_k_m corre numa rtx 4090?", "pt-PT"),
    ],
)
def test_a_gguf_file_gets_llama_cpps_flags_not_vllms(capsys, text, lang):
    # Had said "Configure --max-num-seqs 1", a vLLM flag, for a file llama.cpp runs.
    out = answer(capsys, text)
    assert "max-num-seqs" not in out and "max_num_seqs" not in out
    assert "`-ngl 99 -np 1 -c 4096 -ctk f16 -ctv f16`" in out
    assert "llama.cpp" in out.split("Overhead")[1].splitlines()[0]


def test_a_vllm_checkpoint_keeps_vllms_margin(capsys):
    out = answer(capsys, "llama 3.1 70b awq na l40s pra 2 usuarios")
    assert "Margem de segurança: o servidor de inferência usa 90%" in out
    assert "-ngl" not in out


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # Had been refused: "O vLLM não tem KV cache de 4 bits (“q4”)".
        (
            "llama 3.1 8b com kv cache q4 no llama.cpp",
            "Entendi: Llama 3.1 8B · GGUF Q4_K_M · KV cache em Q4_0",
        ),
        ("llama 3.1 8b q4_k_m kv q4_0 32k", "KV cache em Q4_0"),
        ("llama 70b q4_k_m with q4 kv cache on a 4090 using llama.cpp", "KV cache in Q4_0"),
        ("llama 3.1 8b no ollama com kv cache em 4 bits", "KV cache em Q4_0"),
    ],
)
def test_llama_cpps_4_bit_kv_cache_is_sized_when_llama_cpp_serves(capsys, text, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "-ctk q4_0 -ctv q4_0 -fa on" in out


def test_a_4_bit_kv_cache_is_still_refused_for_vllm(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["llama 3.1 8b awq kv cache q4"]) != 0
    assert "O vLLM não tem KV cache de 4 bits" in capsys.readouterr().err


def test_llama_cpps_4_bit_kv_cache_is_a_quarter_of_16_bits(capsys):
    # block_q4_0: 18 bytes per 32 values, against 64 at F16 (0.28 of it).
    f16 = answer(capsys, "llama 3.1 8b q4_k_m 32k")
    q4 = answer(capsys, "llama 3.1 8b q4_k_m 32k kv cache q4")
    assert "(1 × 4,3 GB por conversa de 32.768 tokens)" in f16
    assert "(1 × 1,2 GB por conversa de 32.768 tokens)" in q4
