"""Training questions, second round (2026-12-06): what the last round (tests/test_training_round.py) left. Each
answer is what the user sees through gpu-size, and figures are pinned against the papers and model cards that
published them, within the tolerance each test states."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json

# -- LLaMA 1 is its own architecture --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "params"),
    [
        # LLaMA paper (Touvron et al. 2023, arXiv:2302.13971), Table 2: 6.7B, 13.0B, 32.5B, 65.2B parameters
        ("llama-1 7b", "LLaMA-1 7B", 6.7e9),
        ("llama 1 13b", "LLaMA-1 13B", 13.0e9),
        ("llama 30b", "LLaMA-1 33B", 32.5e9),
        ("llama 65b", "LLaMA-1 65B", 65.2e9),
        ("llama-1 65b", "LLaMA-1 65B", 65.2e9),
    ],
)
def test_llama_1_answers_from_its_own_architecture(capsys, text, name, params):
    # Had been Llama 3.3 70B (a 128,256-entry vocabulary and 131,072 positions) for "llama 65b".
    out = answer_json(capsys, text)
    model = out["workload"]["model"]
    assert model["name"] == name and model["max_context"] == 2048
    assert model["params"] == pytest.approx(params, rel=0.01)
    text_out = answer(capsys, text)
    assert text_out.startswith(f"Entendi: {name}") and "2.048 tokens de contexto" in text_out
    assert "só para pesquisa" in text_out  # LLaMA 1's licence: research only


def test_llama_7b_and_13b_stay_llama_2(capsys):
    # The sizes both releases share are the later one's, as before
    assert answer(capsys, "llama 7b").startswith("Entendi: Llama 2 7B")
    assert answer(capsys, "llama 13b").startswith("Entendi: Llama 2 13B")


def test_qlora_of_llama_65b_on_one_48_gb_gpu_matches_the_qlora_paper(capsys):
    # QLoRA paper (Dettmers et al. 2023, arXiv:2305.14314), section 1: Guanaco 65B (LLaMA 65B) fine-tuned on a
    # single 48 GB GPU, in 41 GB (Figure 6 / Table: "Guanaco 65B, 41 GB"); within 10% of it here, at 512 tokens.
    text = "qlora do llama 65b com sequências de 512 tokens numa a6000 48gb, cabe?"
    out = answer(capsys, text)
    assert out.startswith("Entendi: LLaMA-1 65B · ajuste fino com QLoRA · 1× RTX A6000 48 GB")
    assert "1× RTX A6000 48 GB: cabe" in out
    assert answer_json(capsys, text)["memory"]["total"] == pytest.approx(41e9, rel=0.10)
