"""EXL2 files (ExLlamaV2, served by TabbyAPI): "4.65bpw" is weights at that many bits per weight, judged with
ExLlamaV2's memory (no share of the GPU kept back) and TabbyAPI's settings, never vLLM's."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json, gpu_size


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


@pytest.mark.parametrize(
    ("text", "precision", "bits"),
    [
        # Had been "Não entendi: “4.4bpw”" and sized at 4.0 bpw: any width ExLlamaV2 makes is read as typed.
        ("llama 70b exl2 4.4bpw numa a6000", "exl2_4_4", "4.4 bpw"),
        ("qwen 32b 3.2bpw", "exl2_3_2", "3.2 bpw"),
        ("llama 3.1 70b exl2 2,75bpw on a 4090", "exl2_2_75", "2.75 bpw"),
        ("mistral small 24b em exl2 7.15", "exl2_7_15", "7.15 bpw"),
        ("qwen 32b 5.125 bpw exl2", "exl2_5_125", "5.125 bpw"),
    ],
)
def test_any_exl2_width_is_sized_at_that_width(capsys, text, precision, bits):
    out = answer(capsys, text)
    assert f"EXL2 {bits}" in out.splitlines()[0]
    assert "Não entendi" not in out and "Not understood" not in out
    data = answer_json(capsys, text)
    assert data["workload"]["precision"] == precision


@pytest.mark.parametrize("width", [2.1, 3.3, 4.4, 6.85, 7.9])
def test_weights_grow_with_the_width_typed(capsys, width):
    """Every quantized weight takes the width typed: the weights differ from the 4 bpw file's by the width's
    difference times the quantized parameters, the same for any width (a linear rule, no table)."""

    def weights(bpw: float) -> int:
        return answer_json(capsys, f"llama 70b exl2 {bpw:g}bpw numa h100")["memory"]["weights"]

    per_bit = (weights(5) - weights(4)) / 1
    assert weights(width) - weights(4) == pytest.approx(per_bit * (width - 4), rel=0.002)


@pytest.mark.parametrize("text", ["llama 70b exl2 9bpw", "llama 70b 1.5bpw", "qwen 32b exl2 12 bpw"])
def test_an_exl2_width_outside_2_to_8_is_refused_with_the_range(capsys, text):
    assert gpu_size([text]) != 0
    out = capsys.readouterr().err
    assert "Traceback" not in out
    assert "2 a 8 bits por peso" in out


@pytest.mark.parametrize(
    ("text", "kv", "understood"),
    [
        # TabbyAPI's cache_mode had been dropped ("cache q4": 16 bits) or a contradiction ("cache_mode Q6").
        ("llama 70b exl2 4.65bpw cache q4 numa a6000", "exllamav2_q4", "KV cache em Q4"),
        ("llama 70b exl2 4.65bpw cache_mode Q6 a6000", "exllamav2_q6", "KV cache em Q6"),
        ("llama 70b exl2 4.65bpw cache_mode: Q8 a6000", "exllamav2_q8", "KV cache em Q8"),
        # An 8-bit cache with EXL2 is ExLlamaV2's Q8 (1 byte + scales), never vLLM's FP8 (1 byte).
        ("llama 70b exl2 4.65bpw kv cache 8 bits a6000", "exllamav2_q8", "KV cache em Q8"),
        ("llama 70b exl2 4.65bpw cache_mode FP16 a6000", "bf16", "KV cache em BF16"),
    ],
)
def test_exllamav2_cache_modes_are_sized_at_their_bytes(capsys, text, kv, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    data = answer_json(capsys, text)
    assert data["workload"]["kv_precision"] == kv
    sixteen = answer_json(capsys, "llama 70b exl2 4.65bpw a6000")["memory"]["kv_cache"]
    # exllamav2/cache.py: Q4 packs 2 values a byte, Q6 keys 1 and values 2, Q8 1; an FP16 scale per 32 values.
    share = {"exllamav2_q4": 0.5625, "exllamav2_q6": 0.8125, "exllamav2_q8": 1.0625, "bf16": 2}[kv] / 2
    assert data["memory"]["kv_cache"] == pytest.approx(sixteen * share, rel=0.01)


def test_exl2_speed_is_said_to_be_unmeasured(capsys):
    out = answer(capsys, "llama 70b exl2 4.4bpw numa a6000 com 5 usuários")
    assert (
        "nenhuma com arquivos EXL2" in out and "ExLlamaV2 (TabbyAPI), estes números não foram medidos" in out
    )
    assert "none with EXL2 files" in answer(capsys, "llama 3.1 70b exl2 4.65bpw on an a6000 for 5 users")
    assert "nenhuma com arquivos" not in answer(capsys, "llama 70b awq numa a6000 com 5 usuários")


def test_tabbyapi_config_names_the_cache_mode_sized(capsys):
    assert "`cache_mode: Q6`" in answer(capsys, "llama 70b exl2 4.65bpw cache_mode Q6 a6000")
    assert "`cache_mode: FP16`" in answer(capsys, "llama 70b exl2 4.65bpw a6000")


@pytest.mark.parametrize(
    ("repo", "precision", "said"),
    [
        # EXL2 repos name their width as their quantizers publish it; each had been read as no precision and
        # the model sized at 16 bits (or refused: "“6.5bpw” e “exl2” não valem juntos").
        ("turboderp/Llama-3.1-70B-Instruct-exl2_6_5", "exl2_6_5", "EXL2 6.5 bpw"),
        ("Llama-3.1-70B-Instruct-6.5bpw-exl2", "exl2_6_5", "EXL2 6.5 bpw"),
        ("foo/Llama-3.1-70B-Instruct-exl2-4.0bpw", "exl2_4_0", "EXL2 4 bpw"),
        ("bar/Llama-3.1-70B-Instruct_4.65bpw_exl2", "exl2_4_65", "EXL2 4.65 bpw"),
        ("LoneStriker/Llama-3.1-70B-Instruct-4.65bpw-h6-exl2", "exl2_4_65", "EXL2 4.65 bpw"),
        ("Llama-3.1-70B-Instruct-exl2_3_0", "exl2_3_0", "EXL2 3 bpw"),
    ],
)
def test_an_exl2_repos_name_gives_its_width(capsys, repo, precision, said):
    data = answer_json(capsys, f"{repo} numa a6000")
    assert data["workload"]["precision"] == precision
    out = answer(capsys, f"{repo} numa a6000")
    assert said in out.splitlines()[0]
    assert "cache_mode: FP16" in out  # served by ExLlamaV2 (TabbyAPI), not vLLM


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        # A repo's width outside ExLlamaV2's 2-8 had been dropped and the model sized at 16 bits, unsaid.
        ("turboderp/Llama-3.1-70B-Instruct-1.5bpw-exl2 cabe em h100?", "1.5bpw-exl2"),
        ("LoneStriker/Llama-3-70B-Instruct-9.5bpw-h8-exl2", "9.5bpw-h8-exl2"),
        ("Llama-3.1-70B-Instruct-exl2-1.0bpw numa a6000", "exl2-1.0bpw"),
        ("does turboderp/Llama-3.1-70B-Instruct-exl2_9_5 fit on an h100?", "exl2_9_5"),
    ],
)
def test_an_exl2_repos_width_outside_2_to_8_is_refused_with_the_range(capsys, text, typed):
    assert gpu_size([text]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"“{typed}”" in err
    assert "2 a 8 bits por peso" in err or "2 to 8 bits per weight" in err


def test_a_precision_said_wins_over_the_exl2_repos_width(capsys):
    data = answer_json(capsys, "turboderp/Llama-3.1-70B-Instruct-exl2_6_5 em 4.0bpw numa a6000")
    assert data["workload"]["precision"] == "exl2_4_0"


def test_an_exl2_checkpoints_quantization_config_gives_its_width():
    from hub.describe import quant_precision

    assert quant_precision({}, {"quant_method": "exl2", "bits": 6.5}) == "exl2_6_5"
    assert quant_precision({}, {"quant_method": "exl2", "bits": 4.0}) == "exl2_4_0"
    assert quant_precision({}, {"quant_method": "gptq", "bits": 4}) == "int4"


def test_the_engine_refuses_an_exl2_repos_width_outside_2_to_8_too():
    # A workload built without the question's text (a thread, the API) reaches the same refusal.
    from sizing.engine import size
    from sizing.errors import SizingError
    from sizing.workload import Workload

    with pytest.raises(SizingError) as refused:
        size(Workload(model="turboderp/Llama-3.1-70B-Instruct-exl2_9_5"))
    assert refused.value.key == "query.exl2_width" and "“exl2_9_5”" in refused.value.message("en")
