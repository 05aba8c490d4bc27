"""The hardware as customers state it: GPUs counted in pairs ("2 pares de h100", "a pair of H100s"), and the
memory of a machine of their own ("no notebook com 16gb", "Mac com 32 GB de memória unificada"), each asked
through the real engine and read in the answer's text and JSON."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from sizing.query import parse
from tests.gpu_size_run import answer, answer_json

# -- pairs ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "gpu", "understood"),
    [
        # "llama 70b em 2 pares de h100" had read "1× H100" and "Não entendi: pares".
        ("llama 70b em 2 pares de h100", 4, "h100-sxm", "Entendi: Llama 3.1 70B · 4× H100 SXM 80 GB"),
        ("cabe o llama 70b num par de H100?", 2, "h100-sxm", "Entendi: Llama 3.1 70B · 2× H100 SXM 80 GB"),
        ("llama 70b em dois pares de A100", 4, "a100-80gb-sxm", "4× A100 SXM 80 GB"),
        ("qwen 32b num par de 4090", 2, "rtx-4090", "2× RTX 4090 24 GB"),
        ("llama 70b numa dupla de L40S", 2, "l40s", "2× L40S 48 GB"),
        (
            "does llama 70b fit on a pair of H100s?",
            2,
            "h100-sxm",
            "Understood: Llama 3.1 70B · 2× H100 SXM 80 GB",
        ),
        ("llama 70b on two pairs of L40S", 4, "l40s", "4× L40S 48 GB"),
        # pt-PT asks with the same words.
        ("o llama 70b corre num par de H100?", 2, "h100-sxm", "2× H100 SXM 80 GB"),
        # Servers counted in pairs, times the GPUs of each.
        ("llama 405b num par de servidores com 8 h100", 16, "h100-sxm", "16× H100 SXM 80 GB"),
        ("llama 70b em 2 servidores com um par de h100 cada", 4, "h100-sxm", "4× H100 SXM 80 GB"),
    ],
)
def test_gpus_counted_in_pairs(capsys, text, count, gpu, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "Não entendi" not in out and "Not understood" not in out
    data = answer_json(capsys, text)
    assert (data["workload"]["gpu"], data["workload"]["gpu_count"]) == (gpu, count)
    assert (data["requested"]["gpu"], data["requested"]["count"]) == (gpu, count)


def test_a_pair_of_gpus_is_judged_as_two(capsys):
    # 70B at 16 bits (~144 GB) does not fit one H100, and fits two: the verdict is on the pair.
    out = answer(capsys, "llama 70b em um par de h100")
    assert "2× H100 SXM 80 GB: cabe" in out
    out = answer(capsys, "llama 70b on a pair of H100s", "--lang", "pt-PT")
    assert "2× H100 SXM 80 GB: cabe" in out


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("llama 70b em 2 pares de gpus", 4),
        ("llama 70b num par de placas", 2),
        ("llama 70b on a pair of cards", 2),
    ],
)
def test_pairs_of_gpus_without_a_name(capsys, text, gpus):
    assert answer_json(capsys, text)["workload"]["gpu_count"] == gpus


@pytest.mark.parametrize(
    ("text", "stage", "gpus", "examples"),
    [
        # Pairs of GPUs in a training question are GPUs, never its examples.
        ("lora llama 8b em 2 pares de h100", "lora", 4, None),
        ("fine-tune llama 8b with qlora on a pair of L40S", "qlora", 2, None),
        # Pairs of questions and answers are the examples; the pair of GPUs beside them is still two GPUs.
        ("lora llama 8b com 50 mil pares de perguntas e respostas num par de h100", "lora", 2, "50.000 exemplos"),
        ("lora llama 8b on 20k pairs of questions and answers on a pair of h100s", "lora", 2, "20,000 training examples"),
    ],
)  # fmt: skip
def test_pairs_in_training_keep_gpus_and_examples_apart(capsys, text, stage, gpus, examples):
    out = answer(capsys, text)
    assert "Não entendi" not in out and "Not understood" not in out
    understood = out.splitlines()[0]
    assert (
        examples in understood if examples else "exemplos" not in understood and "examples" not in understood
    )
    w = answer_json(capsys, text)["workload"]
    assert (w["stage"], w["gpu_count"]) == (stage, gpus)


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b 2 h100",  # a count without pairs stays as it is
        "llama 70b em 2 h100, com 2 pares de perguntas por conversa",
    ],
)
def test_what_is_not_a_pair_of_gpus_keeps_its_count(capsys, text):
    assert answer_json(capsys, text)["workload"]["gpu_count"] == 2


# -- a machine of the customer's own -----------------------------------------------------------------------

GIB = 2**30


@pytest.mark.parametrize(
    ("text", "gpu", "label"),
    [
        # "Não entendi: notebook, 16gb", and sized for our cloud as if nothing had been said.
        ("gemma 2 9b no notebook com 16gb", "laptop-16gb", "Entendi: Gemma 2 9B · GPU de 16 GB (notebook)"),
        ("llama 3.1 8b, meu laptop tem 8 GB de VRAM", "laptop-8gb", "GPU de 8 GB (notebook)"),
        ("llama 3.1 8b num laptop com 16 gigas", "laptop-16gb", "GPU de 16 GB (notebook)"),
        ("llama 8b no notebook gamer com RTX 4060 8GB", "laptop-8gb", "GPU de 8 GB (notebook)"),
        ("llama 3.1 8b numa placa de vídeo de 12gb", "gpu-12gb", "Entendi: Llama 3.1 8B · GPU de 12 GB"),
        ("qwen 7b, minha gpu tem 16 GB", "gpu-16gb", "GPU de 16 GB"),
        ("rodar o llama 8b no meu pc com 16gb", "gpu-16gb", "GPU de 16 GB"),
        # A card we do not know, with its memory, is that memory (it had been refused as an unknown GPU).
        ("llama 8b na minha rtx 3050 de 8gb", "gpu-8gb", "GPU de 8 GB"),
        ("qwen 7b numa 3050 de 8gb", "gpu-8gb", "GPU de 8 GB"),
        # The 8 GB RTX 3060 is not the catalogue's 12 GB one.
        ("llama 8b numa rtx 3060 de 8gb", "gpu-8gb", "GPU de 8 GB"),
        # Someone's own 24 GB card is no L4 of ours.
        ("rodar o llama 8b localmente numa gpu de 24gb", "gpu-24gb", "GPU de 24 GB"),
        ("can I run llama 3.1 8b on my laptop with a 16GB GPU?", "laptop-16gb", "16 GB GPU (laptop)"),
        ("my 3070 has 8gb, can it run llama 3.2 3b?", "gpu-8gb", "8 GB GPU"),
        # A card the catalogue has, said with a memory it never has (the 12 GB RTX 3080), is that memory.
        ("llama 8b na minha rtx 3080 de 12gb", "gpu-12gb", "GPU de 12 GB"),
        ("llama 8b numa rtx 3080 ti de 12gb", "gpu-12gb", "GPU de 12 GB"),
        # A laptop's card by its memory stays the laptop's (the 8 GB RTX 4070 Laptop, not the 12 GB desktop card).
        ("o meu portátil tem uma RTX 4070 com 8 GB, consigo correr o Qwen 2.5 7B?", "laptop-8gb", "GPU de 8 GB (portátil)"),
        ("o llama 3.1 8b corre num portátil com 16 GB?", "laptop-16gb", "Percebi: Llama 3.1 8B · GPU de 16 GB (portátil)"),
        ("qwen 7b numa placa gráfica de 12 GB, por favor", "gpu-12gb", "GPU de 12 GB"),
        ("llama 3.1 8b num Mac com 32 GB de memória unificada", "mac-32gb", "Mac de 32 GB (memória unificada)"),
        ("qwen 32b no MacBook M3 Max 64GB", "mac-64gb", "Mac de 64 GB (memória unificada)"),
        ("llama 8b no Mac mini M4 16GB", "mac-16gb", "Mac de 16 GB (memória unificada)"),
        ("will qwen 2.5 32b run on my MacBook Pro with 36GB of unified memory?", "mac-36gb", "36 GB Mac (unified memory)"),
    ],
)  # fmt: skip
def test_a_machine_of_ones_own_is_read_by_its_memory(capsys, text, gpu, label):
    out = answer(capsys, text)
    understood = out.splitlines()[0]
    assert label in understood
    assert "Não entendi" not in out and "Not understood" not in out
    data = answer_json(capsys, text)
    assert data["workload"]["gpu"] == gpu
    assert data["requested"]["gpu"] == gpu and data["requested"]["count"] == 1
    # No speed is known for a machine only its memory describes; our recommendation still comes.
    assert data["requested"]["performance"] is None
    assert data["recommendation"]["in_offering"] is True


def test_a_laptop_that_does_not_fit_says_by_how_much_and_what_would_fit(capsys):
    out = answer(capsys, "gemma 2 9b no notebook com 16gb")
    verdict = out.splitlines()[4]
    # Gemma 2 9B at 16 bits needs 20.8 GB; a 16 GB card shows 16.8 GB, of which 90% is planned.
    assert verdict.startswith("GPU de 16 GB (notebook): não cabe; faltam 5,7 GB por GPU.")
    assert "não uma placa do nosso catálogo" in verdict and "sem números de desempenho" in verdict
    assert "Desempenho nela" not in verdict
    assert "Para caber em GPU de 16 GB (notebook):" in out
    assert "  • Em FP8 (8-bit): cabe" in out
    assert "Com 2×" not in out  # a laptop has no more of its GPU to add
    assert "Recomendação: 1× L40S 48 GB" in out
    en = answer(capsys, "gemma 2 9b on my laptop with a 16GB GPU")
    assert "16 GB GPU (laptop): does not fit; 5.7 GB short per GPU." in en
    assert "To fit on 16 GB GPU (laptop):" in en and "At FP8 (8-bit): fits" in en
    pt = answer(capsys, "o gemma 2 9b corre no meu portátil com 16 GB?")
    assert "GPU de 16 GB (portátil): não cabe; faltam 5,7 GB por GPU." in pt
    assert "não uma placa do nosso catálogo" in pt and "que indicou" in pt


def test_a_shorter_context_is_offered_when_it_is_what_fits(capsys):
    out = answer(capsys, "llama 3.1 8b 4bit com 64k de contexto no notebook com 8gb")
    assert "GPU de 8 GB (notebook): não cabe" in out
    assert "Com contexto de até" in out and "(em vez de 65.536)" in out


def test_a_laptop_that_fits_says_what_is_free(capsys):
    out = answer(capsys, "llama 3.1 8b 4bit no notebook com 16gb")
    assert "GPU de 16 GB (notebook): cabe, com 7,9 GB livres por GPU. Capacidade: até 15 usuários" in out
    data = answer_json(capsys, "llama 3.1 8b 4bit no notebook com 16gb")
    r = data["requested"]
    assert r["fits"] and r["gpu_memory_bytes"] == int(16 * 1024 * 32123 / 32768) * 2**20
    assert r["free_bytes_per_gpu"] == r["usable_bytes_per_gpu"] - r["per_gpu"]["total"]


@pytest.mark.parametrize(
    ("text", "unified_gib", "share", "said"),
    [
        # macOS lets the GPU wire 2/3 of unified memory up to 36 GB, 3/4 above.
        ("llama 3.1 8b num Mac com 32 GB de memória unificada", 32, 2 / 3, "21,3 GB (2/3 dos 32 GB)"),
        ("llama 8b no MacBook Air com 16GB", 16, 2 / 3, "10,7 GB (2/3 dos 16 GB)"),
        ("qwen 32b no MacBook M3 Max 64GB", 64, 3 / 4, "48 GB (3/4 dos 64 GB)"),
        # a Mac's GB are GiB: its share had been said in 10^9 bytes ("154,6 GB neste Mac")
        ("llama 70b 4bit no Mac Studio M2 Ultra 192GB", 192, 3 / 4, "144 GB (3/4 dos 192 GB) neste Mac"),
    ],
)
def test_a_macs_gpu_gets_part_of_its_unified_memory(capsys, text, unified_gib, share, said):
    data = answer_json(capsys, text)
    assert data["requested"]["gpu_memory_bytes"] == int(unified_gib * 1024 * share) * 2**20
    out = answer(capsys, text)
    assert "O macOS deixa a GPU usar só parte da memória unificada" in out
    assert "sudo sysctl iogpu.wired_limit_mb" in out
    assert said in out


def test_a_mac_answer_in_each_language(capsys):
    out = answer(capsys, "llama 3.1 8b on a Mac with 32 GB of unified memory")
    assert "32 GB Mac (unified memory): fits" in out and "21.3 GB (2/3 of the 32 GB) on this Mac" in out
    out = answer(capsys, "o llama 3.1 8b corre num Mac com 32 GB de memória unificada", "--lang", "pt-PT")
    assert "Mac de 32 GB (memória unificada): cabe" in out and "por omissão" in out


def test_a_laptop_card_of_the_catalogue_is_that_card(capsys):
    for text in (
        "llama 8b na rtx 4090 laptop 16gb",
        "llama 8b no notebook com rtx 4090",
        "llama 8b numa 4090 16gb",
    ):
        data = answer_json(capsys, text)
        assert data["requested"]["gpu"] == "rtx-4090-laptop"
    out = answer(capsys, "llama 8b 4bit na rtx 4090 laptop")
    assert "1× RTX 4090 Laptop 16 GB: cabe" in out and "Desempenho nela" in out  # a card we know the speed of
    # The desktop card keeps its name and memory.
    assert answer_json(capsys, "llama 8b numa 4090")["requested"]["gpu"] == "rtx-4090"
    # More of a laptop's GPU is no change to offer.
    assert "Com 2×" not in answer(capsys, "llama 8b na rtx 4090 laptop")


@pytest.mark.parametrize(
    ("text", "gpu", "unknown"),
    [
        # A bare amount names the GPU we rent with that memory; one we rent no GPU with is a GPU of that
        # memory, no card of the catalogue's (it had been the T4, the L4, the RTX 5090: their speeds and "Não
        # alugamos T4" for a card nobody named).
        ("gemma 2 9b 16gb", "gpu-16gb", []),
        ("gpt-oss 20b cabe em 16gb?", "gpu-16gb", []),
        ("llama 8b 32gb", "gpu-32gb", []),
        ("70b 4bit 48gb", "l40s", []),
        ("llama 3.1 8b numa gpu de 24gb", "gpu-24gb", []),
        ("llama 3.1 8b com 24gb de vram", "gpu-24gb", []),
        ("llama 3.1 8b com 16 gb de vram", "gpu-16gb", []),
        ("llama 3.1 8b with a 16GB GPU", "gpu-16gb", []),
        ("llama 3.1 8b numa placa de 40gb", "gpu-40gb", []),
        # A card named with its memory stays that card.
        ("llama 8b numa rtx 4060 ti 16gb", "rtx-4060-ti-16gb", []),
        ("llama 8b numa a100 40gb", "a100-40gb-sxm", []),
        ("llama 8b numa t4 16gb", "t4", []),
        # The memory of a GPU named confirms it or picks its variant.
        ("llama 8b numa L40S de 48GB", "l40s", []),
        ("llama 70b em 8 A100 de 40 GB", "a100-40gb-sxm", []),
        # A Colab or Jupyter notebook is no laptop.
        ("llama 8b num jupyter notebook com 16gb", "gpu-16gb", ["notebook"]),
    ],
)
def test_what_names_no_machine_keeps_its_meaning(capsys, text, gpu, unknown):
    data = answer_json(capsys, text)
    assert data["workload"]["gpu"] == gpu
    assert data["query"]["not_understood"] == unknown


def test_a_gpu_named_by_its_memory_says_which_card_was_sized_and_the_others(capsys):
    # "2 placas de 24gb" had been sized on the L4, while an RTX 4090 or an A10 (other speeds) is as likely
    # what the customer has: a memory we rent no GPU with is sized as that memory, with no speeds.
    text = answer(capsys, "tem como rodar um modelo de 70b em 2 placas de 24gb?")
    assert "2× GPU de 24 GB" in text and "Desempenho nela" not in text and "L4 24 GB:" not in text
    assert "É a memória que você informou, não uma placa do nosso catálogo" in text
    # Any memory no card we rent has, in each language: never "the catalogue's GPU" for a GPU of that memory.
    for text, said in (
        (
            "8b 4bit 24gb",
            "“24gb”: nenhuma placa nomeada, então dimensionei uma GPU de 24 GB, sem números de"
            " desempenho; L4 24 GB, A10 24 GB, RTX 3090 24 GB, RTX 4090 24 GB",
        ),
        ("8b 4bit 12gb", "“12gb”: nenhuma placa nomeada, então dimensionei uma GPU de 12 GB"),
        (
            "how many users can llama 8b serve in 16gb?",
            "“16gb”: no card named, so sized as a GPU of 16 GB, with no speed figures;",
        ),
        ("8b 4bit 32gb pt-pt", "“32gb”: nenhuma placa indicada, por isso dimensionei uma GPU de 32 GB"),
    ):
        out = answer(capsys, text)
        assert said in out and "do catálogo com essa memória" not in out and "catalogue's GPU" not in out
    # A GPU we rent is said to be so; in English too.
    text = answer(capsys, "can I run llama 8b on a 48gb gpu?")
    assert (
        "“48gb”: sized on the L40S 48 GB, the GPU with that memory we rent; the L40 48 GB, RTX A6000 48 GB,"
        " RTX 6000 Ada 48 GB, A40 48 GB and L20 48 GB have that memory too" in text
    )
    # A card named is no guess, and a follow-up naming one drops it.
    assert "com essa memória" not in answer(capsys, "llama 8b numa L40S de 48GB")
    from sizing.query import parse

    base = parse("llama 8b numa gpu de 80gb").workload
    assert base.gpu_memory_typed == "80gb"
    assert parse("e numa h200?", base=base).workload.gpu_memory_typed is None


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("qwen 7b numa 3090 de 24gb", "rtx-3090"),
        ("my 3090 has 24gb, can it run llama 8b?", "rtx-3090"),
        ("minha rtx 3090 roda o llama 8b?", "rtx-3090"),
        # Had been a budget ("10 GB GPU", no speed) while the RTX 3080 was not in the catalogue.
        ("my 3080 has 10gb, can it run llama 3.2 3b?", "rtx-3080"),
        ("llama 3.2 3b numa rtx 4060 ti de 16gb", "rtx-4060-ti-16gb"),
    ],
)
def test_a_card_the_catalogue_has_is_that_card_with_its_speed(capsys, text, gpu):
    # Had been a budget ("GPU de 24 GB", no speed) while the RTX 3090 was not in the catalogue.
    data = answer_json(capsys, text)
    assert data["workload"]["gpu"] == data["requested"]["gpu"] == gpu
    assert data["requested"]["performance"] is not None


def test_two_cards_of_a_stated_memory(capsys):
    data = answer_json(capsys, "llama 8b em 2 placas de 12gb")
    assert (data["requested"]["gpu"], data["requested"]["count"]) == ("gpu-12gb", 2)
    assert "Entendi: Llama 3.1 8B · 2× GPU de 12 GB" in answer(capsys, "llama 8b em 2 placas de 12gb")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("llama 8b no notebook com 16gb de ram", "“16gb de ram”: é a memória do sistema, não a da GPU"),
        ("llama 8b 32gb de ram", "“32gb de ram”: é a memória do sistema, não a da GPU"),
        (
            "does llama 8b run on my laptop with 32GB RAM?",
            "“32GB RAM”: that is the system's memory, not the GPU's",
        ),
    ],
)
def test_the_systems_ram_is_no_gpu_memory(capsys, text, line):
    out = answer(capsys, text)
    assert line in out
    data = answer_json(capsys, text)
    assert data["workload"]["gpu"] is None and data["query"]["system_ram"]


def test_the_systems_ram_beside_named_gpus_changes_nothing(capsys):
    out = answer(capsys, "llama 8b em 8 h100 com 1024gb de ram")
    assert "Entendi: Llama 3.1 8B · 8× H100 SXM 80 GB" in out
    assert "“1024gb de ram”: é a memória do sistema, não a das GPUs" in out
    assert "llama.cpp" not in out  # the GPUs hold it all


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "70b q4 numa 4090 + 64gb de ram" had said only that the RAM changes nothing on the GPU.
        (
            "70b q4 numa 4090 + 64gb de ram",
            # INT4 (AWQ) read on llama.cpp's file of that width, Q4_K_M
            "~20,3 GB dos 42,5 GB de pesos na placa e ~22,2 GB na RAM. Roda, mas cada token lê a parte da RAM "
            "pela memória do sistema: no máximo ~4,0 tokens/s",
        ),
        # a MoE reads its active experts only: 5.1B of 117B a token
        # (its MXFP4 experts kept in the GGUF, without the padding vLLM adds when loading: 62.7 GB of weights)
        # (its reasoning answers' longer conversation: 1.1 GB more KV cache on the card, and so in RAM)
        ("gpt-oss 120b on a 4090 with 96gb ram", "~42.1 GB in RAM. It runs, but every token reads"),
        (
            "gpt-oss 120b on a 4090 with 96gb ram, reasoning effort low",
            "~41.0 GB in RAM. It runs, but every token reads",
        ),
        (
            "70b q4 numa 4090 + 16gb de ram",
            "Nem com o llama.cpp deixando parte na RAM (`--n-gpu-layers`) o modelo cabe",
        ),
    ],
)
def test_the_systems_ram_beside_a_card_too_small_holds_the_rest_in_llama_cpp(capsys, text, said):
    out = answer(capsys, text)
    assert said in out


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("o llama 8b roda no meu notebook?", "“notebook”: diga quanta memória a placa de vídeo tem"),
        ("o llama 8b corre no meu portátil?", "“portátil”: diga quanta memória a placa gráfica tem"),
        ("does llama 8b run on my macbook m3?", "“macbook”, “m3”: say how much unified memory the Mac has"),
    ],
)
def test_a_machine_without_its_memory_is_asked_for_it(capsys, text, line):
    out = answer(capsys, text)
    assert line in out and "Não entendi" not in out and "Not understood" not in out


def test_a_follow_up_keeps_the_machine():
    from sizing.engine import size
    from sizing.query import parse

    first = parse("gemma 2 9b no notebook com 16gb")
    assert not size(first.workload).requested.fits
    follow = parse("e em 4 bits?", base=first.workload)
    assert follow.workload.gpu == "laptop-16gb"
    assert size(follow.workload).requested.fits


def test_fine_tuning_on_a_laptop(capsys):
    out = answer(capsys, "qlora llama 8b no meu notebook com 16gb")
    assert "Entendi: Llama 3.1 8B · ajuste fino com QLoRA · GPU de 16 GB (notebook)" in out
    assert "GPU de 16 GB (notebook): cabe só sem a margem de segurança" in out
    assert "Com 2×" not in out and "O treino leva" not in out


def test_a_card_we_do_not_know_without_its_memory_is_asked_for_it(capsys):
    assert gpu_size(["llama 8b numa rtx 3050"]) == 2
    out = capsys.readouterr().err
    assert "Não conheço a GPU “rtx 3050”" in out and "diga a memória dela (ex.: `rtx 3050 de 8 GB`" in out
    # Said that way, it is answered.
    assert answer_json(capsys, "llama 8b numa rtx 3050 de 8 GB")["requested"]["gpu"] == "gpu-8gb"
    assert answer_json(capsys, "llama 8b on my rtx 3050 with 8 GB")["requested"]["gpu"] == "gpu-8gb"


def test_a_fractional_amount_is_said_as_given(capsys):
    out = answer(capsys, "llama 3.2 3b numa placa de 7,5 GB")
    assert "Entendi: Llama 3.2 3B · GPU de 7,5 GB" in out and "uma placa de 7,5 GB mostra ~7,9 GB" in out


# -- no GPU at all ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        # 8.03B x 2 bytes read per token at 307.2 GB/s: 19 tokens/s at most ("cpu" had been not understood).
        ("llama 3.1 8b em cpu", "cada token gerado lê 16,1 GB de pesos: com os 307,2 GB/s"),
        ("llama 3.1 8b em cpu", "no máximo ~19 tokens/s por conversa"),
        # A mixture of experts reads its active parameters only: 3.3B at Q4_K_M's bits.
        ("qwen3 30b-a3b q4_k_m on a cpu", "reads 2.0 GB of weights"),
        ("lora llama 3.1 8b sem gpu", "Treinar um LLM em CPU leva ordens de grandeza mais tempo"),
    ],
)
def test_a_cpu_asked_for_is_answered_with_its_ceiling_beside_the_gpus(capsys, text, note):
    out = answer(capsys, text)
    assert note in out and "Não entendi" not in out and "Not understood" not in out
    assert "Recomendação:" in out or "Recommendation:" in out  # the GPUs we rent, as for any question
    data = answer_json(capsys, text)
    assert data["query"]["cpu_only"] and data["workload"]["gpu"] is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "celular" had been not understood, and the answer said nothing of running on the phone.
        ("llama 3.2 3b no celular", "“no celular”: num celular o modelo roda no próprio aparelho"),
        ("run gemma 3 1b on a phone", "“on a phone”: on a phone the model runs on the device itself"),
    ],
)
def test_a_phone_is_said_to_run_the_model_itself(capsys, text, said):
    out = answer(capsys, text)
    assert said in out and ("Recomendação: 1×" in out or "Recommendation: 1×" in out)


@pytest.mark.parametrize(
    "text",
    [
        "support by phone with llama 8b, 20 agents",
        "um app de celular com llama 8b e 100 usuarios",  # the app may call our cloud
        "qwen2.5-vl 7b, 2 fotos de celular por usuário",  # photos taken with one
    ],
)
def test_a_phone_as_a_channel_an_app_or_a_camera_is_no_device(text):
    query = parse(text)
    assert query.phone == [] and query.unknown == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Each had been offered "Em INT4 (AWQ/GPTQ g128): cabe" or "Em FP8 (8-bit): cabe", formats a Mac cannot run.
        # (Q4_K_M since llama.cpp's memory is judged without vLLM's 10% margin: 1 GB kept free.)
        ("deepseek r1 no mac studio 512gb", "Em GGUF Q4_K_M: cabe"),
        ("llama 70b no mac m4 max 128gb", "Em GGUF Q8_0: cabe"),
    ],
)
def test_a_mac_is_offered_gguf_files_to_fit(capsys, text, said):
    from tests.gpu_size_run import answer

    out = answer(capsys, text)
    assert said in out
    verdict = out.split("Para caber em Mac")[1].split("\n")[1]
    assert "AWQ" not in verdict and "FP8" not in verdict


@pytest.mark.parametrize(
    ("text", "precision", "said"),
    [
        # Each had said "cabe" at FP8 or AWQ, checkpoints a Mac cannot run, with no word of it.
        (
            "qwen3 32b fp8 no mac de 64gb",
            "Qwen3 32B · GGUF Q8_0",
            "Um Mac não roda os checkpoints FP8 (8-bit) do vLLM, só arquivos GGUF",
        ),
        (
            "qwen3 32b awq no mac m3 max 64 gb",
            "Qwen3 32B · GGUF Q4_K_M",
            "usei o GGUF Q4_K_M, da mesma largura",
        ),
        ("llama 3.1 8b int8 num macbook air de 24gb", "GGUF Q8_0", "checkpoints INT8"),
        ("o qwen3 32b em fp8 corre num mac de 64gb?", "GGUF Q8_0", "Um Mac não corre os checkpoints FP8"),
        # gpt-oss's published MXFP4 too; its GGUF keeps the experts in MXFP4 (sizing/weights.py)
        (
            "gpt-oss-120b on a macbook pro 128gb",
            "gpt-oss-120b · GGUF Q4_K_M",
            "A Mac cannot run vLLM's MXFP4",
        ),
    ],
)
def test_a_mac_is_judged_on_the_gguf_of_the_width_asked(capsys, text, precision, said):
    out = answer(capsys, text)
    assert precision in out and said in out


def test_a_macs_answer_has_no_vllm_padding_no_cuda_graphs_and_our_cloud_is_ours(capsys):
    out = answer(capsys, "gpt-oss-120b on a macbook pro 128gb")
    assert "vLLM adds when loading" not in out and "CUDA graphs" not in out
    assert "(llama.cpp's or MLX's compute buffers)" in out
    assert "In our cloud, 1× A100 SXM 80 GB is enough for this workload." in out
    out = answer(capsys, "qwen3 8b no mac de 64gb")  # BF16: llama.cpp's F16 files, as asked
    assert "Qwen3 8B · BF16/FP16 (16-bit)" in out and "Na nossa nuvem, " in out and "Mas 1×" not in out
    # a GPU we rent as before
    assert "Mas 1× L40S 48 GB já basta" in answer(capsys, "llama 3.1 8b numa h100")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "Nem com o llama.cpp ... dos 141,1 GB": BF16 weights, which llama.cpp does not run
        (
            "llama 3.3 70b na minha 4090 com 64gb de ram",
            "O llama.cpp roda arquivos GGUF: julguei o GGUF Q4_K_M, o que o Ollama baixa por padrão. Com o "
            "llama.cpp, porém, o que não cabe na GPU pode ficar na RAM (`--n-gpu-layers`, ou `--n-cpu-moe` num "
            "MoE): ~20,3 GB dos 42,5 GB de pesos na placa",
        ),
        (
            "llama 3.3 70b on my 4090 with 128gb ram",
            "I judged GGUF Q4_K_M, the one Ollama pulls by default. "
            "With llama.cpp, though, what the GPU cannot hold can stay in RAM",
        ),
        ("o llama 3.3 70b corre na minha 4090 com 64gb de ram?", "pode ficar na RAM"),
        ("llama 3.3 70b fp8 na minha 4090 com 128gb de ram", "julguei o GGUF Q8_0, da mesma largura."),
        (
            "qwen3 30b a3b na minha 4090 com 64gb de ram",
            "no GGUF Q4_K_M, o que o Ollama baixa por padrão, os 18,5 GB de pesos cabem inteiros na placa",
        ),
        # "do sistema" after the RAM had been "Não entendi: sistema"
        (
            "llama 3.1 8b na minha rtx 3060 com 32gb de ram do sistema",
            "“32gb de ram do sistema”: é a memória",
        ),
        (
            "llama 3.3 70b na minha 4090 com 64 gb de memória ram do sistema",
            "“64 gb de memória ram do sistema”",
        ),
    ],
)
def test_the_systems_ram_is_judged_on_the_gguf_llama_cpp_runs(capsys, text, said):
    out = answer(capsys, text)
    assert said in out
    assert "Não entendi" not in out and "Not understood" not in out and "ficar nela" not in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "qwen3 8b on a 16gb gpu",
            "“16gb gpu”: no card named, so sized as a GPU of 16 GB, with no speed figures;",
        ),
        ("llama 8b with a 24GB GPU", "“24GB GPU”: no card named, so sized as a GPU of 24 GB, with no speed"),
        (
            "tem como rodar um modelo de 70b em 2 placas de 24gb?",
            "“24gb”: nenhuma placa nomeada, então dimensionei uma GPU de 24 GB, sem números de desempenho; L4 24 GB",
        ),
        (
            "qwen3 8b numa gpu de 16 gb de vram",
            "“16 gb de vram”: nenhuma placa nomeada, então dimensionei uma GPU",
        ),
        (
            "qwen 7b, minha gpu tem 16 GB",
            "“16 GB”: nenhuma placa nomeada, então dimensionei uma GPU de 16 GB",
        ),
        (
            "llama 8b numa placa de vídeo de 12gb pt-pt",
            "nenhuma placa indicada, por isso dimensionei uma GPU de 12 GB",
        ),
    ],
)
def test_a_gpu_said_with_its_memory_alone_names_the_cards_of_that_memory(capsys, text, said):
    # Said with a GPU word ("16gb gpu", "placas de 24gb") it had been sized as that memory with no sentence on
    # which cards have it, as "24gb" alone gets.
    out = answer(capsys, text)
    assert said in out, out
    assert "têm essa memória" in out or "have that memory" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 70b no mac de 64gb", "Mac de 64 GB (memória unificada): não cabe; faltam 97,3 GB. (O macOS"),
        ("llama 8b no mac de 16gb", "Mac de 16 GB (memória unificada): não cabe; faltam 7,2 GB. (O macOS"),
        ("llama 70b on a mac with 64gb", "64 GB Mac (unified memory): does not fit; 97.3 GB short. (macOS"),
        (
            "llama 8b 4bit no mac de 32gb",
            "Mac de 32 GB (memória unificada): cabe, com 15,4 GB livres. Capacidade",
        ),
    ],
)
def test_a_macs_verdict_has_no_per_gpu_and_counts_as_its_breakdown(capsys, text, said):
    # "faltam 97,3 GB por GPU": a Mac has one GPU of shared memory. The amounts stay in the GB (10^9 bytes) of
    # the "Por GPU" line and the breakdown right below, which they are the difference of; the Mac note says the
    # share in Apple's GiB, labelled as such.
    out = answer(capsys, text)
    assert said in out, out
    verdict = out[out.index(said.split(":")[0] + ":") :].split("\n")[0]
    assert "por GPU" not in verdict and "per GPU" not in verdict
