"""Cards customers ask about that the catalogue had not known ("does llama 8b run on my V100 / A40 / RTX 4080?",
answered "Não conheço a GPU"): the V100 (16 and 32 GB), the A40, A30, RTX A5000, RTX 4000 Ada, L20, the
China-market H800, H20 and A800, the RTX 2080 Ti and TITAN RTX, and the GeForce RTX 3060, 3080, 4060 Ti 16 GB, 4070
and 4080. Each is read by the ways people type it, sized on its own memory as CUDA reports it (gpus.toml), and judged
by what vLLM runs on it: FP8 and MXFP4 need compute capability 8.0, so a Volta or Turing card refuses them. Real
components throughout: the parser, the engine and gpu-size."""

from __future__ import annotations

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse
from tests.gpu_size_run import answer, answer_json

# How people type each card, and the catalogue entry it names.
SPELLINGS = [
    # "v100" alone is the 32 GB SXM2 board; "v100 16gb" is the other one.
    ("v100", "v100-32gb-sxm"),
    ("tesla v100", "v100-32gb-sxm"),
    ("V100 32GB", "v100-32gb-sxm"),
    ("Tesla V100-SXM2-32GB", "v100-32gb-sxm"),
    ("nvidia tesla v100", "v100-32gb-sxm"),
    ("v100 16gb", "v100-16gb-sxm"),
    ("tesla v100 de 16gb", "v100-16gb-sxm"),
    ("Tesla V100-SXM2-16GB", "v100-16gb-sxm"),
    ("a40", "a40"),
    ("NVIDIA A40", "a40"),
    ("a30", "a30"),
    ("nvidia a30", "a30"),
    ("rtx a5000", "rtx-a5000"),
    ("a5000", "rtx-a5000"),
    ("rtx 4000 ada", "rtx-4000-ada"),
    ("RTX 4000 Ada Generation", "rtx-4000-ada"),
    ("l20", "l20"),
    ("nvidia l20", "l20"),
    ("h20", "h20"),
    ("H20 96GB", "h20"),
    ("h800", "h800-sxm"),
    ("H800 SXM", "h800-sxm"),
    ("a800", "a800-80gb-sxm"),
    ("A800 80GB", "a800-80gb-sxm"),
    ("rtx 2080 ti", "rtx-2080-ti"),
    ("2080ti", "rtx-2080-ti"),
    ("titan rtx", "titan-rtx"),
    ("rtx 3080", "rtx-3080"),
    ("3080", "rtx-3080"),
    ("geforce rtx 3080", "rtx-3080"),
    ("rtx 4060 ti 16gb", "rtx-4060-ti-16gb"),
    ("rtx 4060 ti de 16gb", "rtx-4060-ti-16gb"),
    ("rtx 4070", "rtx-4070"),
    ("4070", "rtx-4070"),
    ("rtx 4080", "rtx-4080"),
    ("4080", "rtx-4080"),
    ("geforce rtx 4080", "rtx-4080"),
    ("rtx 4080 super", "rtx-4080"),
    # "phi 3 mini numa rtx 3060" had been "Não conheço a GPU".
    ("rtx 3060", "rtx-3060"),
    ("3060", "rtx-3060"),
    ("rtx 3060 12gb", "rtx-3060"),
]

ADDED = sorted({gpu for _, gpu in SPELLINGS})

# Llama 3.1 8B in 16 bits takes ~17.5 GB with its KV cache, activations and overhead: whether that fits each card
# as vLLM uses it (90% of what CUDA reports).
FITS_8B = {
    "v100-32gb-sxm": True,
    "v100-16gb-sxm": False,
    "rtx-2080-ti": False,
    "titan-rtx": True,
    "a40": True,
    "a30": True,
    "rtx-a5000": True,
    "a800-80gb-sxm": True,
    "h800-sxm": True,
    "h20": True,
    "l20": True,
    "rtx-4000-ada": True,
    "rtx-4080": False,
    "rtx-4070": False,
    "rtx-4060-ti-16gb": False,
    "rtx-3080": False,
    "rtx-3060": False,
}

PRE_AMPERE = ["v100-32gb-sxm", "v100-16gb-sxm", "rtx-2080-ti", "titan-rtx"]


@pytest.mark.parametrize(("typed", "gpu"), SPELLINGS)
def test_each_added_card_is_understood_by_its_common_spellings(typed, gpu):
    query = parse(f"o llama 3.1 8b roda numa {typed}?")
    assert query.workload.gpu == gpu
    assert query.unknown == []


def test_every_added_card_has_a_verdict_listed_here():
    assert sorted(FITS_8B) == ADDED
    catalog = load_catalog()
    for gpu in ADDED:
        assert catalog.gpu(gpu).compute_capability is not None


@pytest.mark.parametrize("gpu", ADDED)
def test_a_small_model_fits_or_not_by_the_memory_cuda_reports(gpu):
    catalog = load_catalog()
    card = catalog.gpu(gpu)
    result = size(parse(f"llama 3.1 8b numa {card.aliases[0]}").workload)
    asked = result.requested
    assert asked.gpu == gpu and asked.count == 1
    # The memory is the card's as CUDA reports it, of which vLLM takes 90% (its default share).
    assert asked.gpu_memory_bytes == card.memory_visible_mib * 2**20
    assert asked.usable_bytes_per_gpu == pytest.approx(0.9 * card.memory_visible_mib * 2**20, rel=1e-6)
    assert asked.fits is FITS_8B[gpu]
    assert (asked.free_bytes_per_gpu >= 0) is asked.fits
    # A card that holds it gets its speed; one that does not gets the changes that make it fit there.
    if asked.fits:
        assert asked.performance is not None
    else:
        assert result.verdict.changes


@pytest.mark.parametrize("gpu", PRE_AMPERE)
def test_fp8_is_refused_before_compute_capability_8_0(gpu):
    catalog = load_catalog()
    card = catalog.gpu(gpu)
    assert card.compute_capability < 8.0
    # NVFP4 runs weight-only from Turing (7.5, vLLM's FP4 Marlin): a V100 lacks it too.
    nvfp4 = {"nvfp4"} if card.compute_capability < 7.5 else set()
    assert {p.id for p in catalog.precisions if not card.runs(p)} == {"fp8", "mxfp4", "mxfp4_fp8"} | nvfp4
    result = size(parse(f"qwen2.5 7b fp8 numa {card.aliases[0]}").workload)
    assert (result.requested.fits, result.requested.problem) == (False, "precision")
    # The changes offered use a format the card runs (INT4 here), never FP8 again.
    assert result.verdict.changes and "FP8" not in " ".join(c.text for c in result.verdict.changes)


def test_fp8_on_a_v100_is_said_not_to_run_there(capsys):
    text = answer(capsys, "qwen2.5 7b fp8 numa v100")
    assert (
        "1× V100 SXM2 32 GB: o vLLM não roda FP8 (8-bit) nessa GPU (capacidade de computação 7,0; o formato pede"
        " 8,0 ou mais)" in text
    )
    assert "Em INT4 (AWQ/GPTQ g128): cabe" in text
    # gpt-oss ships its experts in MXFP4: no fit on a V100 either, however much memory it has.
    assert answer_json(capsys, "gpt-oss-20b numa v100")["requested"]["problem"] == "precision"


def test_16_bit_weights_on_a_v100_are_said_to_run_in_fp16(capsys):
    text = answer(capsys, "llama 3.1 8b numa v100")
    assert "1× V100 SXM2 32 GB: cabe" in text
    assert "A V100 SXM2 32 GB não tem BF16 (só a partir da Ampere): os pesos de 16 bits rodam em FP16" in text


@pytest.mark.parametrize("gpu", ["rtx-4080", "l20", "h20", "h800-sxm", "rtx-4000-ada"])
def test_fp8_runs_on_the_added_ada_and_hopper_cards(gpu):
    card = load_catalog().gpu(gpu)
    assert card.fp8_dense_tflops > 0 and card.compute_capability >= 8.9
    result = size(parse(f"qwen2.5 7b fp8 numa {card.aliases[0]}").workload)
    assert result.requested.problem is None and result.requested.fits


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # Each had been "Não conheço a GPU …".
        ("llama 3.1 8b numa v100", "Entendi: Llama 3.1 8B · 1× V100 SXM2 32 GB"),
        ("Quantos utilizadores aguenta o llama 8b numa V100?", "Percebi: Llama 3.1 8B · 1× V100 SXM2 32 GB"),
        ("llama 70b em duas A40", "Entendi: Llama 3.1 70B · 2× A40 48 GB"),
        ("qwen3 30b a3b em uma A30", "Entendi: Qwen3 30B-A3B · 1× A30 24 GB"),
        ("llama 8b numa RTX 3080", "Entendi: Llama 3.1 8B · 1× RTX 3080 10 GB"),
        ("does llama 8b run on my RTX 4070?", "Understood: Llama 3.1 8B · inference · 1× RTX 4070 12 GB"),
        ("llama 70b em 8x h800", "Entendi: Llama 3.1 70B · 8× H800 SXM 80 GB"),
        ("deepseek r1 distill qwen 32b numa h20", "H20 96 GB"),
    ],
)
def test_a_question_that_had_named_an_unknown_gpu_now_answers(capsys, text, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "Não conheço a GPU" not in out and "don't know the GPU" not in out


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        # A memory said alone names the GPU we rent with it; a memory we rent none with is a GPU of that
        # memory, no card of the catalogue's (it had been the T4, the RTX 5090, the RTX PRO 6000).
        ("gemma 2 9b 16gb", "gpu-16gb"),
        ("llama 8b numa gpu de 32gb", "gpu-32gb"),
        ("llama 8b numa gpu de 48gb", "l40s"),
        ("llama 70b numa gpu de 80gb", "a100-80gb-sxm"),
        ("llama 70b numa gpu de 96gb", "gpu-96gb"),
        # A memory many cards share is no one card (memory_class = false): the RTX 4070 and 4000 Ada are not
        # what "12gb" and "20gb" name.
        ("llama 3.1 8b numa placa de vídeo de 12gb", "gpu-12gb"),
        ("llama 3.1 8b numa gpu de 20gb", "gpu-20gb"),
        ("llama 3.1 8b numa placa de 10gb", "gpu-10gb"),
    ],
)
def test_a_memory_said_alone_names_what_it_named_before(text, gpu):
    assert parse(text).workload.gpu == gpu


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        # A card said with a memory it never has is that memory (the 12 GB RTX 3080 is another card).
        ("llama 8b na minha rtx 3080 de 12gb", "gpu-12gb"),
        ("llama 8b numa rtx 3080 ti de 12gb", "gpu-12gb"),
        # ... while its own memory, or what the software shows of it, confirms it.
        ("my 3080 has 10gb, can it run llama 3.2 3b?", "rtx-3080"),
        ("llama 8b numa v100 de 32gb", "v100-32gb-sxm"),
        ("llama 8b numa t4 de 15gb", "t4"),
        ("llama 70b em 8x h100 com 640gb", "h100-sxm"),
    ],
)
def test_a_card_said_with_its_memory(text, gpu):
    assert parse(text).workload.gpu == gpu


@pytest.mark.parametrize(
    "text", ["llama 8b numa rtx 3080 ti", "llama 8b numa 3070 ti", "llama 8b numa 4060 ti"]
)
def test_a_tier_the_catalogue_lacks_is_asked_about_never_read_as_the_base_card(text):
    # The 3080 Ti has 12 GB, the 3080 10; the 4060 Ti comes with 8 or 16 GB.
    with pytest.raises(SizingError) as e:
        parse(text)
    assert e.value.key.startswith("unknown_gpu")


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("llama 8b com 4080 tokens de contexto", 4080),
        ("llama 8b com contexto de 4070", 4070),
    ],
)
def test_a_geforce_number_before_tokens_is_a_length(text, context):
    workload = parse(text).workload
    assert workload.gpu is None and workload.context == context


def test_super_before_the_word_it_qualifies_is_no_tier():
    # "uma 4090 super rápida" is a fast 4090, not an RTX 4090 SUPER.
    assert parse("llama 70b numa 4090 super rápida").workload.gpu == "rtx-4090"


def test_int4_on_a_volta_card_is_said_to_be_gptq_and_not_on_turing():
    # vLLM's AWQ kernels need Turing (7.5); on a V100 a 4-bit answer had not said that only GPTQ runs there.
    v100 = size(parse("llama 3.1 8b em 4 bits numa v100").workload).verdict.text
    assert "4 bits é um checkpoint GPTQ" in v100 and "7.5 (Turing)" in v100
    t4 = size(parse("llama 3.1 8b em 4 bits numa t4").workload).verdict.text
    assert "GPTQ" not in t4


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 3.1 8b numa v100", "instale PyTorch e vLLM compilados para CUDA 12.6"),
        ("qlora llama 3.1 8b numa v100 16gb", "instale o PyTorch compilado para CUDA 12.6"),
    ],
)
def test_a_volta_verdict_says_which_builds_still_run_there(capsys, text, said):
    # Current PyTorch and vLLM wheels (CUDA 12.8+, 13) carry no sm_70 kernels; the answer had not said so.
    assert said in answer(capsys, text)
    assert "CUDA 12.6" not in answer(capsys, "llama 3.1 8b numa t4")
