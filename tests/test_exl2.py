"""EXL2 files (ExLlamaV2, served by TabbyAPI): "4.65bpw" is weights at that many bits per weight, judged with
ExLlamaV2's memory (no share of the GPU kept back) and TabbyAPI's settings, never vLLM's."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json


@pytest.mark.parametrize(
    ("text", "precision", "understood"),
    [
        # Had been "Não entendi: “exl2”, “4.65bpw”" and sized at 16 bits ("não cabe").
        (
            "mistral small 24b exl2 4.65bpw na 4090",
            "exl2_4_65",
            "Entendi: Mistral Small 3 24B · EXL2 4.65 bpw",
        ),
        ("llama 70b 4bpw em 2 3090", "exl2_4_0", "Entendi: Llama 3.1 70B · EXL2 4 bpw · 2× RTX 3090"),
        ("qwen 32b 6bpw", "exl2_6_0", "Entendi: Qwen2.5 32B · EXL2 6 bpw"),
        ("qwen 32b em 6.5 bpw exl2", "exl2_6_5", "Entendi: Qwen2.5 32B · EXL2 6.5 bpw"),
        ("llama 3.1 70b exl2 4.0bpw on an a6000", "exl2_4_0", "Understood: Llama 3.1 70B · EXL2 4 bpw"),
        (
            "o mistral small 24b em exl2 5.0bpw corre numa 4090?",
            "exl2_5_0",
            "Percebi: Mistral Small 3 24B · EXL2 5",
        ),
    ],
)
def test_exl2_is_read_as_weights_at_its_bits_per_weight(capsys, text, precision, understood):
    out = answer(capsys, text)
    assert out.splitlines()[0].startswith(understood)
    assert "Não entendi" not in out and "Not understood" not in out
    assert answer_json(capsys, text)["workload"]["precision"] == precision


def test_exl2_fits_where_16_bits_did_not_and_gets_tabbyapis_settings(capsys):
    out = answer(capsys, "mistral small 24b exl2 4.65bpw na 4090")
    assert "1× RTX 4090 24 GB: cabe" in out
    assert "(23,6B parâmetros × 4,97 bits)" in out  # 4.65 bpw, embeddings at 16 bits
    assert "ExLlamaV2 (TabbyAPI), não no vLLM" in out and "`cache_size: 4096`" in out
    assert "max-num-seqs" not in out and "(padrão do vLLM)" not in out
