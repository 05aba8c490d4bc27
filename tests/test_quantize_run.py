"""Quantizing a model oneself before serving it ("quanto de vram pra quantizar o llama 70b para awq?"): a note
with what LLM Compressor needs, checked against its memory guide (vllm-project/llm-compressor,
docs/guides/memory.md), then the answer for serving the quantized model."""

from __future__ import annotations

import pytest

from bot.rendering import render_text
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from sizing.weights import quantization_run


def _answer(text: str) -> tuple[object, str]:
    query = parse(text)
    assert query.unknown == [], query.unknown
    result = size(query.workload.but(lang=query.detected_lang))
    return result, render_text(result, query)


@pytest.mark.parametrize(
    ("model", "guide_layer_gb", "guide_host_gb"),
    [
        # The guide's table: Meta-Llama-3-8B-Instruct, mem(1 layer) ~= 0.5 GB and 16 GB of CPU memory;
        # DeepSeek-R1-0528 in BF16, 22.4 GB a layer and 1,368 GB (it counts 684B parameters with the MTP
        # module, which the catalogue's 671B leave out).
        ("llama-3.1-8b", 0.5, 16),
        ("deepseek-r1", 22.4, 1368),
    ],
)
def test_a_layer_and_the_host_memory_match_llm_compressors_memory_guide(model, guide_layer_gb, guide_host_gb):
    host, layer = quantization_run(load_catalog().model(model))
    assert layer / 1e9 == pytest.approx(guide_layer_gb, rel=0.15)
    assert host / 1e9 == pytest.approx(guide_host_gb, rel=0.03)


def test_quantizing_to_awq_says_what_the_run_needs_then_sizes_serving_the_result():
    # "quantizar" had been not understood, and nothing said about the quantization itself.
    result, answer = _answer("quanto de vram pra quantizar o llama 3.1 70b para awq?")
    assert result.workload.precision == "int4"
    assert "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · quantização própria" in answer
    # 70.6B parameters at 2 bytes in RAM; a layer (856M parameters) at 2 bytes, twice that with GPTQ.
    note = next(n for n in result.notes if n.startswith("Quantizar para INT4"))
    assert "RAM do servidor (141,1 GB)" in note and "1,7 GB por camada" in note and "3,4 GB com GPTQ" in note
    assert "Qualquer GPU que alugamos faz isso." in note
    assert result.notes.index(note) == 0  # what was asked comes first
    assert result.recommendation is not None  # and serving the INT4 model is sized as usual


def test_a_layer_too_large_for_the_smallest_gpu_names_the_gpu_that_holds_it():
    result, _ = _answer("quantize deepseek r1 to fp8")
    note = result.notes[0]
    assert "46.0 GB with GPTQ" in note and "With GPTQ it needs a GPU of H100 SXM 80 GB or larger." in note


def test_quantizing_to_a_gguf_type_runs_on_the_cpu():
    result, _ = _answer("quero quantizar o llama 70b em q4_k_m")
    assert (
        "llama-quantize do llama.cpp converte o arquivo em 16 bits (141,1 GB) na CPU, sem GPU"
        in result.notes[0]
    )


def test_quantizing_with_no_target_asks_for_one():
    result, _ = _answer("quantizar o qwen 2.5 72b")
    assert result.notes[0].startswith("Quantizar: diga para qual precisão")


def test_a_model_already_quantized_is_no_quantization_run():
    result, answer = _answer("llama 70b quantizado em awq, 10 usuários")
    assert "quantização própria" not in answer
    assert not any("LLM Compressor" in n for n in result.notes)


def test_a_thread_keeps_the_quantization_run_and_training_drops_it():
    base = parse("quantizar o llama 3.1 8b para fp8").workload
    assert parse("e com 50 usuários?", base=base).workload.quantize_run
    assert not parse("e com lora?", base=base).workload.quantize_run
