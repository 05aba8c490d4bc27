"""GPUs customers already have that are older than what we rent (a T4 in Google Colab, an RTX 3090 under a
desk): known by name, and judged by what vLLM runs on them as well as by memory. A format whose kernels need a
newer GPU (FP8 and MXFP4: vLLM's get_min_capability() is 80) is no fit on a T4 (7.5), however small."""

from __future__ import annotations

import pytest

from sizing import i18n
from sizing.catalog import load_catalog
from sizing.query import parse
from sizing.workload import LANGS
from tests.gpu_size_run import answer, answer_json


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        # Both had been "Não conheço a GPU" errors.
        ("olá, bom dia! precisava saber se o llama 3.2 3b roda numa t4 com 4 usuários", "t4"),
        ("qwen2.5 7b no colab com t4", "t4"),
        ("llama 70b q4_k_m no meu pc com 2 rtx 3090", "rtx-3090"),
        ("can I run mistral 7b on a tesla T4?", "t4"),
        ("gemma 2 9b numa geforce rtx 3090", "rtx-3090"),
    ],
)
def test_the_older_cards_customers_own_are_known(text, gpu):
    query = parse(text)
    assert query.workload.gpu is not None and query.unknown == []
    assert load_catalog().gpu(query.workload.gpu).id == gpu


def test_fp8_on_a_t4_is_no_fit_and_the_changes_use_a_format_it_runs(capsys):
    data = answer_json(capsys, "qwen2.5 7b fp8 numa t4")
    asked = data["requested"]
    assert (asked["gpu"], asked["fits"], asked["problem"]) == ("t4", False, "precision")
    changes = data["verdict"]["changes"]
    assert changes and changes[0]["kind"] == "lower_precision"
    text = answer(capsys, "qwen2.5 7b fp8 numa t4")
    assert "1× T4 16 GB: o vLLM não roda FP8 (8-bit) nessa GPU (capacidade de computação 7,5" in text
    assert "Em INT4 (AWQ/GPTQ g128): cabe" in text


def test_a_16_bit_model_too_big_for_a_t4_is_not_offered_fp8_there(capsys):
    text = answer(capsys, "qwen2.5 7b numa t4")
    verdict = text.split("Para caber em GPUs T4 16 GB:")[1].split("\n\n")[0]
    assert "FP8" not in verdict and "Em INT4 (AWQ/GPTQ g128): cabe" in verdict


def test_gpt_oss_mxfp4_does_not_run_on_a_t4(capsys):
    assert answer_json(capsys, "gpt-oss-20b numa t4")["requested"]["problem"] == "precision"


def test_fp8_on_an_rtx_3090_runs_on_the_weights_only(capsys):
    data = answer_json(capsys, "llama 3.1 8b fp8 numa rtx 3090")
    assert data["requested"]["fits"] is True and data["requested"]["problem"] is None
    assert "FP8 roda só nos pesos" in answer(capsys, "llama 3.1 8b fp8 numa rtx 3090")


def test_the_engine_only_refuses_what_the_gpu_cannot_run():
    """Every GPU has its compute capability; a format's minimum is met by every GPU we rent."""
    catalog = load_catalog()
    rented = {offer.gpu for offer in catalog.offering.offer}
    for gpu in catalog.gpus:
        assert gpu.compute_capability is not None, gpu.id
        if gpu.id in rented:
            assert all(gpu.runs(p) for p in catalog.precisions), gpu.id
    t4 = catalog.gpu("t4")
    assert {p.id for p in catalog.precisions if not t4.runs(p)} == {"fp8", "mxfp4", "mxfp4_fp8"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_list_of_known_gpus_in_an_error_names_every_gpu(lang):
    """ "Não conheço a GPU" lists the ones we know: kept whole as the catalogue grows."""
    listed = i18n.t(lang, "hint.gpu_examples")
    for gpu in load_catalog().gpus:
        short = gpu.name.rsplit(" ", 2)[0]  # "T4 16 GB" -> "T4", "RTX 4090 Laptop 16 GB" -> "RTX 4090 Laptop"
        family = short.split(" SXM")[0].split(" PCIe")[0].split(" NVL")[0].split(" 40")[0]
        assert family in listed, (lang, gpu.id)


def test_16_bit_weights_on_a_t4_are_said_to_run_in_fp16(capsys):
    note = "A T4 16 GB não tem BF16 (só a partir da Ampere): os pesos de 16 bits rodam em FP16"
    assert note in answer(capsys, "llama 3.2 3b numa t4")
    assert "não tem BF16" not in answer(capsys, "llama 3.2 3b numa l4")
    assert "não tem BF16" not in answer(capsys, "llama 3.2 3b int4 numa t4")  # INT4 computes in FP16 anyway


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        # Colab rents the 40 GB A100 and the 16 GB V100: a plain "a100" there had been sized as the 80 GB one.
        ("lora llama 3.1 8b no colab com a100", "a100-40gb-sxm"),
        ("qlora mistral 7b colab pro a100", "a100-40gb-sxm"),
        ("llama 3.1 8b no google colab com A100", "a100-40gb-sxm"),
        ("fine-tune llama 3.2 3b on colab with an a100", "a100-40gb-sxm"),
        ("qwen 7b no colab v100", "v100-16gb-sxm"),
        ("qwen 7b no colab com L4", "l4"),
        # Anywhere else, "a100" is the 80 GB one; a size said is that size.
        ("lora llama 3.1 8b numa a100", "a100-80gb-sxm"),
        ("lora llama 3.1 8b no colab com a100 80gb", "a100-80gb-sxm"),
    ],
)
def test_a_gpu_on_colab_is_colabs(text, gpu, capsys):
    query = parse(text)
    assert query.unknown == [] and query.workload.gpu == gpu
    if gpu == "a100-40gb-sxm":
        said = answer(capsys, text).lower()
        assert "“a100” como a100 sxm 40 gb (colab)." in said or "“a100” as a100 sxm 40 gb (colab)." in said
