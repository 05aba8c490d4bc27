"""llama.cpp's low-bit GGUF files as people ask for them: "deepseek r1 1.58 bit" had been "Não entendi: 1.58"
and sized at FP8 (673 GB). The answers size llama.cpp's own mixture, say what the dynamic file of that name
weighs where one is published (Unsloth's DeepSeek R1), and that GGUF is llama.cpp's format."""

import json
import re

import pytest

from bot.cli import main as gpu_size
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse


def answer(text: str) -> str:
    query = parse(text)
    return render_text(size(query.workload), query)


def cli(capsys, *argv: str) -> str:
    assert gpu_size(list(argv)) == 0
    return capsys.readouterr().out


def verdict(out: str) -> str:
    """The answer down to its memory breakdown: the named GPU's verdict and what makes it fit."""
    return re.split(r"\n(?:Memória necessária|Memory needed)", out)[0]


def test_deepseek_r1_at_1_58_bits_is_iq1_s_beside_unsloths_published_file():
    text = answer("deepseek r1 1.58 bit em 2x h100")
    assert "Entendi: DeepSeek R1 · GGUF IQ1_S · 2× H100 SXM 80 GB" in text
    assert "Não entendi" not in text
    # llama.cpp's IQ1_S of R1 (bartowski's file: 133.5 GB), not FP8's 673 GB.
    assert "Pesos ............ 133,7 GB" in text
    assert "2× H100 SXM 80 GB: cabe" in text
    # Unsloth's dynamic file of that name is 140.2 GB (131 GiB, the "131GB" of its blog), and it fits too.
    assert (
        "O arquivo 1.58-bit publicado em unsloth/DeepSeek-R1-GGUF (UD-IQ1_S) pesa 140,2 GB, 6,5 GB a mais que "
        "o GGUF IQ1_S padrão do llama.cpp dimensionado aqui (133,7 GB)"
    ) in text
    # R1 always reasons: each conversation holds a 1,000-token prompt and up to 32,768 tokens of thinking and
    # answer (tests/test_reasoning.py); llama.cpp's memory keeps 1 GB free per GPU, not vLLM's 10%
    # (tests/test_llama_cpp_engine.py)
    assert "Em 2× H100 SXM 80 GB, ele também cabe (capacidade: até 5 usuários com 33.768 tokens" in text
    # What its publisher measured with it, an order of magnitude under the vLLM model's estimate.
    assert "~14 tokens/s por usuário e ~140 tokens/s no total" in text


def test_the_published_file_that_does_not_fit_the_named_gpu_says_what_holds_it():
    text = answer("quanto de vram pro deepseek r1 de 1,58 bits numa h100?")
    assert "1× H100 SXM 80 GB: não cabe" in text
    assert "Em 1× H100 SXM 80 GB, ele não cabe; 1× H200 SXM 141 GB comporta." in text
    # On an H200, llama.cpp (1 GB kept free, no 10% share) holds llama.cpp's IQ1_S and the published file.
    text = answer("quanto de vram pro deepseek r1 de 1,58 bits numa h200?")
    assert "1× H200 SXM 141 GB: cabe" in text
    assert "Em 1× H200 SXM 141 GB, ele também cabe" in text


def test_a_dynamic_file_smaller_than_llama_cpps_own_says_so():
    # Unsloth's 2.51-bit file (UD-Q2_K_XL, 226.6 GB) is under llama.cpp's Q2_K of R1.
    text = answer("deepseek r1 2.51-bit")
    assert "Entendi: DeepSeek R1 · GGUF Q2_K" in text
    assert (
        "pesa 226,6 GB, 17,3 GB a menos que o GGUF Q2_K padrão do llama.cpp dimensionado aqui (243,9 GB)"
        in text
    )


def test_the_comparison_in_european_portuguese_and_english(capsys):
    pt = cli(capsys, "--lang", "pt-PT", "deepseek r1 1.73 bit em 2 h200")
    assert "O ficheiro 1.73-bit publicado em unsloth/DeepSeek-R1-GGUF (UD-IQ1_M) pesa 168,9 GB" in pt
    assert "ficheiros GGUF" in pt or "onde estes ficheiros correm" in pt
    assert "arquivo" not in pt and "usuário" not in pt
    en = cli(capsys, "--lang", "en", "what does the 2.22-bit deepseek r1 need on 2 H200s?")
    assert "Understood: DeepSeek R1 · GGUF IQ2_XXS" in en
    assert "The 2.22-bit file published in unsloth/DeepSeek-R1-GGUF (UD-IQ2_XXS) weighs 196.2 GB" in en
    assert "more than llama.cpp's default GGUF IQ2_XXS sized here (174.5 GB)" in en


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b 1.58 bit",  # no published dynamic file of this model
        "deepseek r1 iq2_m",  # none at this type
        "deepseek r1 fp8",  # not a GGUF file at all
    ],
)
def test_no_published_file_is_named_where_there_is_none(text):
    assert "publicado em unsloth" not in answer(text)


def test_gguf_answers_say_it_is_llama_cpps_format_and_their_speed_was_not_measured():
    for text in ("llama 70b q4_k_m", "llama 70b iq2_xxs numa 4090"):
        out = answer(text)
        assert "GGUF é o formato do llama.cpp" in out
        assert "nenhuma com arquivos GGUF" in out
    awq = answer("llama 70b awq")
    assert "llama.cpp" not in awq and "Modelo de desempenho: vLLM nas nossas GPUs, calibrado" in awq


@pytest.mark.parametrize(
    ("text", "low"),
    [
        ("llama 70b iq2_xxs", True),
        ("llama 70b 2bit", True),  # Q2_K
        ("qwen 32b q3_k_m para rag", True),  # under 4 bits, whatever the task
        ("llama 70b q4_k_m", False),
        ("llama 70b iq4_xs para rag", False),
    ],
)
def test_under_4_bits_the_quantization_note_says_the_loss_grows_fast(text, low):
    out = answer(text)
    assert ("abaixo de 4 bits por peso, onde a perda de qualidade cresce depressa" in out) is low
    assert ("4 bits costuma" in out) is not low


def test_json_carries_the_type_its_bytes_and_the_notes(capsys):
    data = json.loads(cli(capsys, "--json", "DeepSeek R1 1.58-bit on 2x H100"))
    assert data["workload"]["precision"] == "iq1_s"
    assert data["memory"]["weights"] == pytest.approx(133.5e9, rel=0.005)
    assert any("UD-IQ1_S" in note and "140.2 GB" in note for note in data["notes"])


@pytest.mark.parametrize(
    ("argv", "change"),
    [
        (
            ["qual o menor quant do llama 70b que cabe numa 4090"],
            "Em GGUF IQ2_XS (formato do llama.cpp, 2,40 bits por peso em média): cabe",
        ),
        (
            ["--lang", "en", "smallest quant of llama 70b that fits a 4090?"],
            "At GGUF IQ2_XS (llama.cpp's format, 2.40 bits per weight on average): fits",
        ),
        (
            ["--lang", "pt-PT", "qual a menor quantização do llama 70b que cabe numa 4090?"],
            "Em GGUF IQ2_XS (formato do llama.cpp, 2,40 bits por peso em média): cabe",
        ),
        # Asked at a GGUF type, the next files down are tried: IQ3_XXS (27.5 GB) on 32 GB, Q2_K's 26.4 GB is
        # not needed.
        (["llama 70b q4_k_m numa rtx 5090"], "Em GGUF IQ3_XXS (formato do llama.cpp, 3,11 bits por peso"),
    ],
)
def test_a_gpu_too_small_for_4_bits_gets_the_largest_llama_cpp_file_that_fits(capsys, argv, change):
    out = cli(capsys, *argv)
    assert change in out
    # IQ2_M is 2.3 GB short with a 4,096-token conversation in what llama.cpp leaves of a 4090 (1 GB kept
    # free): IQ2_XS (21.1 GB) is the best that fits, said, and only it.
    assert "IQ2_M" not in verdict(out) and "IQ2_XXS" not in verdict(out)


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("llama 70b numa l40s", "Em INT4 (AWQ/GPTQ g128): cabe"),  # 4 bits fits: no GGUF file is offered
        ("qwen 32b numa 4090", "Em INT4 (AWQ/GPTQ g128): cabe"),
    ],
)
def test_where_4_bits_fits_no_smaller_file_is_offered(text, change):
    out = answer(text)
    assert change in out and "formato do llama.cpp," not in out


def test_a_served_load_is_never_pointed_to_a_1_or_2_bit_file():
    out = answer("llama 70b numa 4090, 100 requisições por minuto")
    assert "Para caber em GPUs RTX 4090 24 GB:" in verdict(out) and "GGUF" not in verdict(out)


@pytest.mark.parametrize(
    "text", ["mixtral 8x7b fp8 50 usuarios numa l40s", "llama 70b numa 4090 para 20 usuários"]
)
def test_a_team_of_users_is_never_pointed_to_a_1_or_2_bit_file(text):
    # llama.cpp's files below 4 bits are for a handful of conversations on one's own machine; 50 users on
    # an L40S had been offered Mixtral at IQ2_XS.
    assert "formato do llama.cpp," not in verdict(answer(text))


def test_a_follow_up_in_a_thread_changes_only_the_type():
    first = parse("llama 70b numa 4090 com 8k")
    for text, precision in [
        ("e em 1,58 bits?", "iq1_s"),
        ("and at 2.22-bit?", "iq2_xxs"),
        ("e com o arquivo UD-IQ2_M?", "iq2_m"),
    ]:
        follow = parse(text, base=first.workload)
        assert follow.workload.precision == precision and not follow.unknown
        assert follow.workload.model == first.workload.model and follow.workload.context == 8192


def test_the_answer_with_its_published_file_is_valid_block_kit():
    from bot import blocks

    query = parse("deepseek r1 1.58 bit em 2x h100")
    message = blocks.answer(query=query, result=size(query.workload))
    blocks.validate(message.blocks)
    assert "UD-IQ1_S" in json.dumps(message.blocks, ensure_ascii=False)


def test_lora_on_a_2_bit_base_is_refused_with_a_message_that_fits_it(capsys):
    assert gpu_size(["llama 8b lora iq2_xxs"]) == 2
    err = capsys.readouterr().err
    assert "LoRA sobre uma base quantizada em 4 bits ou menos (“GGUF IQ2_XXS”) é QLoRA." in err
    assert "Traceback" not in err
