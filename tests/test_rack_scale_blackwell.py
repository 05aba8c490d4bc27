"""NVIDIA's newest data-centre GPUs, which the catalogue had not known ("llama 405b fp8 numa b300", "gb200 nvl72
para kimi k2", "what fits on a GB300?" were "Não conheço a GPU"): the B300 (Blackwell Ultra, HGX/DGX B300 boards
of 8), and the GPUs of the GB200 and GB300 superchips, as in NVL72 racks (72 GPUs in one NVLink domain, trays of
4). We rent none of them. Each is read by the ways people type it, sized on the memory CUDA reports (gpus.toml),
and said not rented; a rack-scale one's answer says how its rack was counted. Real components throughout: the
parser, the engine and gpu-size."""

from __future__ import annotations

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import QueryError, parse
from tests.gpu_size_run import answer, answer_json

# How people type each card, the catalogue entry it names, and the GPUs it counts: an HGX/DGX board is 8.
SPELLINGS = [
    ("b300", "b300", 1),
    ("B300", "b300", 1),
    ("nvidia b300", "b300", 1),
    ("b300 sxm6", "b300", 1),
    ("blackwell ultra", "b300", 1),
    ("hgx b300", "b300", 8),
    ("HGX B300", "b300", 8),
    ("dgx b300", "b300", 8),
    ("8x b300", "b300", 8),
    ("gb200", "gb200", 1),
    ("GB200", "gb200", 1),
    ("gb200 nvl72", "gb200", 1),
    ("GB200 NVL72", "gb200", 1),
    ("nvidia gb200", "gb200", 1),
    ("gb300", "gb300", 1),
    ("GB300", "gb300", 1),
    ("gb300 nvl72", "gb300", 1),
    ("4 gb300", "gb300", 4),
]

# The CUDA totals observed (gpus.toml, memory_source), and the usable memory vLLM's 90% leaves of them.
CUDA_MIB = {"b300": 274113, "gb200": 188733, "gb300": 283136}
USABLE = {"b300": "258,7 GB utilizáveis", "gb200": "178,1 GB utilizáveis", "gb300": "267,2 GB utilizáveis"}
NAMES = {"b300": "B300 288 GB", "gb200": "GB200 186 GB", "gb300": "GB300 288 GB"}


@pytest.mark.parametrize(("typed", "gpu", "count"), SPELLINGS)
def test_each_card_is_understood_by_its_common_spellings(typed, gpu, count):
    query = parse(f"o llama 3.1 70b roda numa {typed}?")
    assert (query.workload.gpu, query.workload.gpus or 1) == (gpu, count)
    assert query.unknown == []


@pytest.mark.parametrize("gpu", sorted(CUDA_MIB))
def test_a_model_is_sized_on_the_memory_cuda_reports(gpu):
    card = load_catalog().gpu(gpu)
    assert card.memory_visible_mib == CUDA_MIB[gpu]
    asked = size(parse(f"llama 3.1 70b numa {gpu}").workload).requested
    assert (asked.gpu, asked.count, asked.fits) == (gpu, 1, True)
    assert asked.gpu_memory_bytes == CUDA_MIB[gpu] * 2**20
    assert asked.usable_bytes_per_gpu == pytest.approx(0.9 * CUDA_MIB[gpu] * 2**20, rel=1e-6)
    assert asked.performance is not None


@pytest.mark.parametrize(
    ("text", "gpu", "said"),
    [
        ("llama 405b fp8 numa dgx b300", "b300", "8× B300 288 GB: cabe"),
        ("cabe o deepseek v3 em 8x b300?", "b300", "8× B300 288 GB: cabe"),
        ("llama 3.1 70b numa gb200", "gb200", "1× GB200 186 GB: cabe"),
        ("llama 3.1 70b numa gb300", "gb300", "1× GB300 288 GB: cabe"),
    ],
)
def test_a_sizing_on_each_card_says_its_usable_memory_and_that_we_do_not_rent_it(capsys, text, gpu, said):
    out = answer(capsys, text)
    assert said in out and USABLE[gpu] in out
    assert "(Não alugamos essa configuração; a recomendação usa a nossa oferta.)" in out
    assert "Não conheço a GPU" not in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("vocês têm b300?", "Não alugamos B300 288 GB; alugamos L40S 48 GB"),
        ("vcs tem gb200 nvl72?", "Não alugamos GB200 186 GB; alugamos L40S 48 GB"),
        ("do you have GB300?", "We do not rent GB300 288 GB; we rent L40S 48 GB"),
        ("what fits on a GB300?", "We do not rent GB300 288 GB; we rent L40S 48 GB"),
    ],
)
def test_asked_whether_we_rent_one_the_answer_says_we_do_not_and_what_fits_on_it(capsys, text, said):
    out = answer(capsys, text)
    assert said in out
    assert "Não conheço a GPU" not in out and "don't know the GPU" not in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("gb200 nvl72 para kimi k2", "Num rack NVL72, a NVLink liga 72 GPUs GB200 186 GB entre si (1.800 GB/s por GPU);"
         " o dimensionamento conta servidores de 4 GPUs (as bandejas do rack)"),
        ("kimi k2 fp8 in 16 gb300 for 50 users", "In an NVL72 rack, NVLink joins 72 GB300 288 GB GPUs together"
         " (1,800 GB/s per GPU); the sizing counts servers of 4 GPUs (the rack's trays)"),
        ("deepseek r1 em 4 gb300 nvl72", "Num rack NVL72, a NVLink liga 72 GPUs GB300 288 GB"),
    ],
)  # fmt: skip
def test_a_rack_scale_card_says_how_its_rack_was_counted(capsys, text, said):
    assert said in answer(capsys, text)


def test_beyond_a_tray_the_rack_scale_card_is_counted_in_servers_of_four(capsys):
    requested = answer_json(capsys, "kimi k2 fp8 in 16 gb300 for 50 users")["requested"]
    assert (requested["gpu"], requested["count"], requested["servers"]) == ("gb300", 16, 4)


@pytest.mark.parametrize(
    "text", ["llama 405b fp8 numa dgx b300", "llama 3.1 70b numa b200", "llama 3.1 70b em 8 h200"]
)
def test_a_card_of_an_eight_gpu_board_gets_no_rack_note(capsys, text):
    out = answer(capsys, text)
    assert "NVL72" not in out and "NVLink liga" not in out


@pytest.mark.parametrize(("gpu", "capability"), [("b300", 10.3), ("gb300", 10.3), ("gb200", 10.0)])
def test_nvfp4_runs_natively_on_each(capsys, gpu, capability):
    card = load_catalog().gpu(gpu)
    assert card.compute_capability == capability
    assert f"the {NAMES[gpu]} (Blackwell) has FP4 tensor cores and runs NVFP4 natively" in answer(
        capsys, f"nvfp4 on {gpu}?"
    )


@pytest.mark.parametrize(
    ("text", "gpu"),
    [("llama 3.1 70b numa b200", "b200"), ("llama 3.1 70b numa hgx b200", "b200"),
     ("llama 3.1 70b nvfp4 on blackwell", "b200"), ("llama 3.1 70b numa blackwell", "b200")],
)  # fmt: skip
def test_the_b200_is_still_what_its_names_and_blackwell_read_as(text, gpu):
    assert parse(text).workload.gpu == gpu


@pytest.mark.parametrize(
    ("text", "suggested"),
    [("llama 8b numa 3070", "RTX 4070 12 GB, RTX 3090 24 GB, RTX 3080 10 GB"),
     ("llama 8b numa 3070 ti", "RTX 4070 Ti 12 GB, RTX 3090 24 GB, RTX 2080 Ti 11 GB"),
     ("70b numa h300", "H800 SXM 80 GB, H200 SXM 141 GB, H100 SXM 80 GB")],
)  # fmt: skip
def test_a_geforce_number_we_do_not_know_is_not_guessed_as_a_data_centre_card(text, suggested):
    # "3070" had been asked back as "B300 288 GB, RTX 4070 12 GB, RTX 3090 24 GB" once the B300 was known
    with pytest.raises(QueryError) as refused:
        parse(text)
    assert refused.value.params["suggestions"] == suggested
