"""NVFP4 where FP4 tensor cores are missing: Blackwell has them; on Hopper, Ada, Ampere and Turing vLLM runs
NVFP4 weight-only (FP4 Marlin), said beside the verdict; "does nvfp4 work on h100?" is answered yes or no
first; lists of models in a 4-bit format name only models published in it (not gpt-oss's MXFP4 release)."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 70b nvfp4 na h100", "Na H100 SXM 80 GB (Hopper), NVFP4 roda só nos pesos"),
        ("llama 70b nvfp4 na a100", "Na A100 SXM 80 GB (Ampere), NVFP4 roda só nos pesos"),
        ("llama 70b nvfp4 numa l40s", "Na L40S 48 GB (Ada Lovelace), NVFP4 roda só nos pesos"),
        ("llama 3.1 8b in nvfp4 on an h100", "On the H100 SXM 80 GB (Hopper), NVFP4 runs weight-only"),
        ("o llama 70b em nvfp4 corre numa h100?", "Na H100 SXM 80 GB (Hopper), NVFP4 corre só nos pesos"),
    ],
)
def test_nvfp4_without_fp4_tensor_cores_is_said_to_run_weight_only(capsys, text, said):
    # Had been "cabe" with no word on the missing FP4 tensor cores.
    assert said in answer(capsys, text)


def test_nvfp4_on_blackwell_has_no_such_note(capsys):
    out = answer(capsys, "llama 70b nvfp4 na b200")
    verdict = next(line for line in out.splitlines() if line.startswith("1× B200"))
    assert "cabe" in verdict and "só nos pesos" not in verdict


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "does nvfp4 work on h100?",
            "It runs, but weight-only: the H100 SXM 80 GB (Hopper) has no FP4 tensor",
        ),
        (
            "nvfp4 funciona na a100?",
            "Roda, mas só nos pesos: a A100 SXM 80 GB (Ampere) não tem tensor cores FP4",
        ),
        ("nvfp4 na b200", "Sim: a B200 180 GB (Blackwell) tem tensor cores FP4"),
        ("nvfp4 na v100", "Não: a V100 SXM2 32 GB (Volta) não roda NVFP4"),
    ],
)
def test_whether_a_gpu_runs_nvfp4_is_answered_first(capsys, text, said):
    out = answer(capsys, text)
    assert out.splitlines()[2].startswith(said)


@pytest.mark.parametrize(
    "text",
    ["nvfp4 na h100", "what fits on an h100 in awq?", "o que roda numa h100?", "o que cabe numa h200?"],
)
def test_gpt_oss_is_not_listed_in_4_bit_formats_it_is_not_published_in(capsys, text):
    # gpt-oss-120b had been listed under NVFP4 and INT4 (AWQ/GPTQ): it is released in MXFP4.
    for line in answer(capsys, text).splitlines():
        if line.startswith("• NVFP4") or line.startswith("• INT4"):
            assert "gpt-oss" not in line


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # Had been "Not understood: hopper, blackwell" and the model missing.
        (
            "does nvfp4 work on hopper or only blackwell?",
            ["It runs, but weight-only: the H100 SXM 80 GB (Hopper)", "Yes: the B200 180 GB (Blackwell)"],
        ),
        (
            "nvfp4 roda em hopper ou só em blackwell?",
            ["Roda, mas só nos pesos: a H100 SXM 80 GB (Hopper)", "Sim: a B200 180 GB (Blackwell)"],
        ),
        ("nvfp4 funciona na hopper?", ["Roda, mas só nos pesos: a H100 SXM 80 GB (Hopper)"]),
    ],
)
def test_architecture_names_are_read_as_their_gpus(capsys, text, lines):
    out = answer(capsys, text)
    assert "Not understood" not in out and "Não entendi" not in out
    for line in lines:
        assert line in out


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("llama 70b fp8 em ampere", "Li “ampere” como A100 SXM 80 GB (Ampere)."),
        ("llama 70b nvfp4 numa blackwell", "Li “blackwell” como B200 180 GB (Blackwell)."),
        ("qwen 32b numa ada lovelace", "Li “ada lovelace” como L40S 48 GB (Ada Lovelace)."),
        ("llama 70b on Hopper", "Read “Hopper” as H100 SXM 80 GB (Hopper)."),
    ],
)
def test_an_architecture_named_with_a_model_is_its_card_said_as_read(capsys, text, read):
    assert read in answer(capsys, text).splitlines()[1]
