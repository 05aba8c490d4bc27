"""Questions that weigh GPUs against each other ("H100 ou H200?", "h100/h200", "2x L40S or 1 H100?") get a
verdict on each GPU named, not a contradiction; and the DeepSeek R1 distills are named as asked and sized as
the architectures they keep."""

import json

import pytest

from bot import blocks
from bot.cli import main as gpu_size
from bot.rendering import render_text
from sizing import advice
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse


def compared(result):
    return [a for a in result.alternatives if a.kind == "compared_gpu"]


@pytest.mark.parametrize(
    ("text", "first", "others"),
    [
        ("qual é melhor, h100 ou h200, para o llama 70b?", "h100-sxm", ["h200-sxm"]),
        ("h100/h200 para llama 70b", "h100-sxm", ["h200-sxm"]),
        ("llama 8b: L40S vs A100 vs H100?", "l40s", ["a100-80gb-sxm", "h100-sxm"]),
        ("Qual compensa mais para o qwen 32b: uma L40S ou uma A100?", "l40s", ["a100-80gb-sxm"]),
    ],
)
def test_several_gpus_named_are_each_judged(text, first, others):
    query = parse(text)
    assert query.workload.gpu == first
    assert query.workload.compare_gpus == others
    result = size(query.workload)
    assert result.requested.gpu == first
    assert [a.setup.gpu for a in compared(result)] == others
    answer = render_text(result, query)
    for a in compared(result):
        assert a.setup.gpu_name in answer.splitlines()[0]  # the "understood" line names every GPU weighed
    # each is side by side with the first, as the fewest of it that serve (tests/test_gpu_sides.py)
    assert [side.gpu for side in result.gpu_comparison.sides] == [first, *others]
    lead = answer.split("\n\n")[2]
    assert lead.startswith("Lado a lado, para esta carga:")
    for side in result.gpu_comparison.sides:
        assert f"  • {advice.describe(side.setup, 'pt-BR')}: serve esta carga" in lead


def test_each_gpu_keeps_its_own_count():
    result = size(parse("which is better for qwen 32b, 2x L40S or 1 H100?").workload)
    assert (result.requested.gpu, result.requested.count) == ("l40s", 2)
    (h100,) = compared(result)
    assert (h100.setup.gpu, h100.setup.count) == ("h100-sxm", 1)
    assert h100.text.startswith("1× H100")


@pytest.mark.parametrize(
    ("text", "h200s"),
    [
        # the count in words had gone to the H200; "numa" is one H200, as "uma h200 ou duas h100" is
        ("llama 70b fp8 numa h200 vs duas h100", 1),
        (
            "llama 70b fp8 em h200 ou 2x h100",
            None,
        ),  # "2x h100" had been read first, and made the H100 the one asked
    ],
)
def test_a_count_typed_beside_the_second_gpu_stays_with_it(text, h200s):
    query = parse(text).workload
    assert (query.gpu, query.gpus, query.compare_gpus, query.compare_counts) == (
        "h200-sxm",
        h200s,
        ["h100-sxm"],
        [2],
    )
    (h100,) = compared(size(query))
    assert (h100.setup.gpu, h100.setup.count) == ("h100-sxm", 2)


def test_a_compared_gpu_too_small_says_how_many_would_do():
    result = size(parse("h100 ou h200 para llama 70b fp8 32k 20 usuarios").workload)
    (h200,) = compared(result)
    assert not h200.setup.fits
    assert "Com 4× H200" in h200.text  # the change that keeps the GPU, before "fewer users"


def test_a_follow_up_on_one_gpu_drops_the_comparison():
    first = parse("h100 ou h200 para llama 70b")
    follow = parse("e na L40S?", base=first.workload)
    assert follow.workload.gpu == "l40s"
    assert not follow.workload.compare_gpus
    assert not compared(size(follow.workload))


def test_comparisons_are_valid_block_kit_and_json(capsys):
    query = parse("llama 70b 4bit 32k 10 usuarios: l40s ou h100?")
    message = blocks.answer(query=query, result=size(query.workload))
    blocks.validate(message.blocks)
    assert gpu_size(["--json", "llama 70b 4bit: l40s ou h100?"]) == 0
    data = json.loads(capsys.readouterr().out)
    kinds = [a["kind"] for a in data["alternatives"]]
    assert kinds[:2] == ["named_gpu", "compared_gpu"]
    assert data["alternatives"][1]["setup"]["gpu"] == "h100-sxm"
    assert data["alternatives"][1]["setup"]["performance"] is not None


@pytest.mark.parametrize(
    ("text", "model", "shape"),
    [
        # The distill named is the model answered; its architecture is its student's (the shape sized).
        ("deepseek r1 distill 32b", "deepseek-r1-distill-qwen-32b", "qwen2.5-32b"),
        ("r1 distill 8b", "deepseek-r1-distill-llama-8b", "llama-3.1-8b"),
        ("deepseek r1 distill llama 8b em 4 bits", "deepseek-r1-distill-llama-8b", "llama-3.1-8b"),
        ("DeepSeek R1 distill 70b", "deepseek-r1-distill-llama-70b", "llama-3.3-70b"),
        ("r1 distill 1.5b", "deepseek-r1-distill-qwen-1.5b", None),  # untied embeddings: not Qwen2.5 1.5B's
        ("deepseek-r1 distill 14b", "deepseek-r1-distill-qwen-14b", "qwen2.5-14b"),  # the teacher, a size
        ("deepseek-r1 14b", "deepseek-r1-distill-qwen-14b", "qwen2.5-14b"),  # Ollama's name for the distill
        ("deepseek r1 671b", "deepseek-r1", "deepseek-r1"),  # its own size confirms it
        # The repository names as people paste them, hyphens and all: 8B is Llama's distill, never Qwen's 7B.
        ("deepseek-r1-distill-llama-8b", "deepseek-r1-distill-llama-8b", "llama-3.1-8b"),
        ("DeepSeek-R1-Distill-Llama-8B 16k", "deepseek-r1-distill-llama-8b", "llama-3.1-8b"),
        ("deepseek-ai/DeepSeek-R1-Distill-Llama-8B", "deepseek-r1-distill-llama-8b", "llama-3.1-8b"),
        ("r1-distill 8b", "deepseek-r1-distill-llama-8b", "llama-3.1-8b"),
        ("r1-distill-qwen-7b", "deepseek-r1-distill-qwen-7b", "qwen2.5-7b"),
    ],
)
def test_the_r1_distills_are_named_and_sized_as_their_students(text, model, shape):
    query = parse(text)
    assert not query.unknown
    got = size(query.workload).workload.model
    assert got.id == model
    if shape is not None:
        base = load_catalog().model(shape)
        assert got.params == base.params, (got.params, base.params)


def test_a_size_is_never_corrected_as_a_typo():
    # "r1-distill 8b" once read as the alias "r1 distill 7b", "qwen2.5-coder 6b" as Qwen2.5 7B: one
    # character apart, another model.
    query = parse("r1-distill 8b")
    assert query.corrections == []
    assert size(query.workload).workload.model.params > 7.9e9
    assert not any(name == "Qwen2.5 7B" for _, name in _corrections("qwen2.5-coder 6b"))
    # A name read as one model and then replaced by the size typed with it does not say the first one.
    assert not any(name == "Llama 3.1 8B" for _, name in _corrections("r1-distill 13b"))


def _corrections(text):
    from sizing.query import QueryError

    try:
        return parse(text).corrections
    except QueryError:
        return []


def test_a_model_with_its_own_size_and_another_size_is_still_a_contradiction():
    from sizing.query import QueryError

    with pytest.raises(QueryError) as caught:
        parse("llama 3.1 8b 70b")
    assert caught.value.key == "query.contradiction"


def test_the_a10_is_a_card_customers_name_and_the_a10g_is_read_as_it_said_so():
    # "numa a10" had been refused as an unknown GPU ("did you mean A100?").
    from sizing.query import parse

    query = parse("llama 3.1 8b numa a10")
    r = size(query.workload)
    assert r.requested.gpu == "a10" and r.requested.fits
    assert r.requested.gpu_memory_bytes == 22515 * 2**20
    # AWS's A10G shares its memory and bandwidth (not its tensor throughput): read as the A10, and said.
    a10g = parse("llama 3.1 8b numa a10g")
    assert a10g.workload.gpu == "a10" and ("a10g", "A10 24 GB") in a10g.corrections


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 70b instruct awq na rtx 6000 pro blackwell",  # had been "Não conheço a GPU “rtx 6000”"
        "llama 3.1 70b awq numa RTX PRO 6000",
        "llama 3.1 70b awq on an rtx pro 6000 blackwell server edition",
    ],
)
def test_the_rtx_pro_6000_blackwell_is_a_card_customers_name(text):
    from sizing.query import parse

    r = size(parse(text).workload)
    assert r.requested.gpu == "rtx-pro-6000-blackwell" and r.requested.fits
    assert r.requested.gpu_memory_bytes == 97249 * 2**20
    assert r.requested.performance is not None  # its datasheet's bandwidth and tensor rate give a speed
    # Blackwell's FP4 runs there, as on the B200 and the RTX 5090 (compute capability 12.0).
    fp4 = size(parse("llama 3.1 8b nvfp4 na rtx pro 6000").workload)
    assert fp4.requested.fits and fp4.requested.problem is None


@pytest.mark.parametrize(
    ("text", "first", "speed"),
    [
        # With no model, two GPUs had been "Faltou dizer o modelo".
        (
            "Qual a diferença entre L40S e H100 pra inferência?",
            "• 1× L40S 48 GB: 43,0 GB utilizáveis por GPU, 864 GB/s",
            "até ~3,9× mais rápido na H100 SXM 80 GB que na L40S 48 GB",
        ),
        (
            "h100 ou h200?",
            "• 1× H100 SXM 80 GB: 76,5 GB utilizáveis por GPU, 3.350 GB/s",
            "até ~1,4× mais rápido na H200 SXM 141 GB que na H100 SXM 80 GB",
        ),
        (
            "2x L40S or 1 H100?",
            "• 2× L40S 48 GB: 43.0 GB usable a GPU, 864 GB/s",
            "up to ~1.9× faster on the H100",
        ),
    ],
)
def test_two_gpus_with_no_model_get_their_facts_and_what_fits_on_each(capsys, text, first, speed):
    from bot.cli import main

    assert main([text]) == 0
    out = capsys.readouterr().out
    assert first in out and speed in out
    # What fits on each, one example at the end; the example reads back as the same comparison.
    assert out.count("O que cabe em") + out.count("What fits on") == 2
    assert out.count("/gpu ") == 2
    example = out.split("(`/gpu ")[1].split("`")[0]
    workload = parse(example).workload
    assert workload.compare_gpus and workload.model == "llama-3.1-70b"


def test_a_gpu_comparison_with_no_model_is_valid_block_kit(tmp_path):
    from bot import blocks
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("qual a diferença entre L40S e H100 pra inferência?", Where("slash_command"))
    pipeline.log.close()
    assert reply.outcome == "answered"
    blocks.validate(reply.message.blocks)
    assert "a comparação" in reply.message.blocks[0]["text"]["text"]


@pytest.mark.parametrize(
    ("text", "first", "other"),
    [
        # Had been "Não entendi: “sxm”" and the PCIe card alone sized.
        ("qual a diferença de usar h100 pcie e sxm pro llama 70b?", "h100-pcie", "h100-sxm"),
        ("llama 70b h100 pcie vs sxm", "h100-pcie", "h100-sxm"),
        ("llama 70b: a100 40gb ou 80gb?", "a100-40gb-sxm", "a100-80gb-sxm"),
        ("qwen 32b on an h100 sxm or pcie", "h100-sxm", "h100-pcie"),
        ("llama 8b rtx 6000 ada ou blackwell", "rtx-6000-ada", "rtx-pro-6000-blackwell"),
    ],
)
def test_a_gpu_name_with_two_variants_compares_both(text, first, other):
    query = parse(text)
    assert not query.unknown
    assert query.workload.gpu == first
    assert query.workload.compare_gpus == [other]


@pytest.mark.parametrize("text", ["llama 70b em 2 h100 e 4 usuarios", "llama 70b h100 80gb ou 4 usuarios"])
def test_a_gpu_then_a_choice_of_other_things_is_no_variant(text):
    query = parse(text)
    assert query.workload.gpu == "h100-sxm" and not query.workload.compare_gpus
