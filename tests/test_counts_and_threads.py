"""A count asked of a named GPU ("quantas H100?") leads with the count that serves; a GPU count said for a
training with a time estimate is weighed; a thread's "e com 1000?" after a rate, "quais GPUs preciso?" and
"mais barato?" after a training are the thread's."""

import re

import pytest

from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse

ENGLISH = ("how many", " on ", "cheaper", "which")


def answer(text: str, base=None) -> str:
    """The answer as the console shows it, in English for the English questions here (the pipeline's choice)."""
    query = parse(text, base=base)
    lang = "en" if any(word in text for word in ENGLISH) else "pt-BR"
    return render_text(size(query.workload.but(lang=lang)), query)


def body(text: str) -> str:
    """The answer without its first lines ("Entendi: ...", the workload line), which repeat the question."""
    return text.split("\n\n", 2)[2]


@pytest.mark.parametrize(
    "question, lead",
    [
        ("how many H100s for deepseek v3 with 50 users", "2 servers × 8× H100 SXM 80 GB: fits"),
        ("quantas H100 preciso pro llama 3.1 405b?", "2 servidores × 8× H100 SXM 80 GB: cabe"),
        (
            "quantas h200 pro qwen3 235b 32k 20 usuarios",
            "8× H200 SXM 141 GB (2 cópias do modelo, 4 GPUs cada): cabe",
        ),
        ("quantas GPUs preciso pro llama 3.1 405b em h100?", "2 servidores × 8× H100 SXM 80 GB: cabe"),
        ("quantos A100 para o llama 3.1 70b com 30 usuarios?", "4× A100 SXM 80 GB: cabe"),
        ("qwen3 32b 300 req/min, quantas L40S?", "12× L40S 48 GB (3 cópias do modelo, 4 GPUs cada): cabe"),
        # A card in the plural with no count asks the same (it had led with "1× H100: does not fit").
        ("70b int8 8k 50 users on h100s", "4× H100 SXM 80 GB (2 copies of the model, 2 GPUs each): fits"),
        ("llama 3.1 405b nas h100s", "2 servidores × 8× H100 SXM 80 GB: cabe"),
        ("deepseek v3 on H200s", "8× H200 SXM 141 GB: fits"),
        ("llama 3.1 70b em A100s com 30 usuarios", "4× A100 SXM 80 GB: cabe"),
    ],
)
def test_how_many_of_a_named_gpu_leads_with_the_count_that_serves(question, lead):
    # It had led with "1× H100 SXM 80 GB: não cabe", the count only in a "Para caber em" line.
    text = body(answer(question))
    assert text.startswith(lead), text[:300]
    assert "Para caber em" not in text and "To fit on" not in text
    assert "Capacidade: não sobra" not in text


@pytest.mark.parametrize(
    "question", ["qwen2.5 32b numa l40s", "qwen2.5 32b on an L40S", "llama 3.1 70b em 2 h100s"]
)
def test_a_name_ending_in_s_or_a_count_said_is_no_plural_asking_how_many(question):
    # The L40S's own S is no plural, and "2 h100s" says its count: both are judged as said.
    text = body(answer(question))
    assert text.startswith(("1× L40S 48 GB", "2× H100 SXM 80 GB")), text[:200]


def test_a_count_of_requests_a_gpu_holds_is_no_count_of_gpus():
    text = body(answer("quantas requisições por segundo uma H100 aguenta com llama 3.1 8b?"))
    assert text.startswith("1× H100 SXM 80 GB"), text[:200]


@pytest.mark.parametrize(
    "question, line",
    [
        (
            "lora llama 3.1 8b 1B tokens em 4 gpus",
            "Nas 4 GPUs pedidas (4× L40S 48 GB, em paralelismo de dados: cada uma treina sua parte de cada lote), "
            "o treino leva ~15 horas, contra ~2,6 dias em 1× L40S 48 GB.",
        ),
        (
            "lora llama 3.1 8b 1B tokens on 4 gpus",
            "On the 4 GPUs asked (4× L40S 48 GB, data parallel: each trains its share of every batch), the run "
            "takes ~15 hours, against ~2.6 days on 1× L40S 48 GB.",
        ),
        (
            "full fine-tune llama 3.1 70b 1B tokens em 2 gpus",
            "Em 2× H200 SXM 141 GB este treino não cabe; a recomendação usa 16.",
        ),
    ],
)
def test_a_gpu_count_said_for_a_timed_training_is_weighed(question, line):
    # It had recommended 1× L40S without a word on the 4 GPUs asked.
    assert line in answer(question)


@pytest.mark.parametrize(
    "first, follow_up, rate",
    [
        ("llama 3.1 8b para 300 requisições por minuto", "e com 1000?", 1000 / 60),
        ("llama 3.1 8b 600 rpm", "and with 1200?", 20.0),
        ("qwen3 32b 5 req/s", "e pra 10?", 10.0),
        ("qwen3 32b 2 requisicoes por segundo", "e se forem 8?", 8.0),
    ],
)
def test_a_number_alone_after_a_rate_is_the_rate_again_in_its_unit(first, follow_up, rate):
    # It had been "Não entendi".
    base = parse(first).workload
    workload = parse(follow_up, base=base).workload
    assert workload.rate_per_s == pytest.approx(rate)


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        ("llama 3.1 8b para 300 requisições por minuto", "e com 1000?", "Entendi: Llama 3.1 8B · 1.000 requisições/min"),
        ("llama 3.1 8b 600 requests per hour", "and with 1200?", "Understood: Llama 3.1 8B · 1,200 requests/h"),
    ],
)  # fmt: skip
def test_the_rate_understood_is_said_in_the_unit_it_was_asked_in(first, follow_up, said):
    # "Entendi: ... 17 requisições/s" had answered "e com 1000?" after a rate per minute (and the first question).
    asked = parse(first)
    query = parse(follow_up, base=asked.workload)
    assert render_text(size(query.workload.but(lang=query.detected_lang)), query).startswith(said)
    before = said.split(" · ")[-1].replace("1.000", "300").replace("1,200", "600")
    assert before in render_text(size(asked.workload.but(lang=asked.detected_lang)), asked).splitlines()[0]


def test_a_number_alone_after_a_daily_volume_is_the_volume_again():
    base = parse("llama 3.1 8b 20 mil requisições por dia").workload
    assert parse("e se forem 50 mil?", base=base).workload.requests_per_day == 50_000


def test_a_number_alone_after_a_rate_on_gpus_said_is_still_gpus():
    base = parse("llama 3.1 8b 5 req/s em 2 h100").workload
    workload = parse("e com 4?", base=base).workload
    assert workload.gpus == 4 and workload.rate_per_s == pytest.approx(5.0)


@pytest.mark.parametrize(
    "text", ["quais GPUs preciso?", "de quais gpus eu preciso?", "which GPUs do I need?", "que gpu preciso"]
)
def test_which_gpus_do_i_need_inside_a_thread_sizes_the_thread_again(text):
    # It had been "Não entendi o pedido".
    base = parse("qwen3 32b 20 usuarios 16k").workload
    query = parse(text, base=base)
    assert query.workload.model == base.model and query.workload.users == 20
    assert "Recomendação" in answer(text, base=base) or "Recommendation" in answer(text, base=base)


@pytest.mark.parametrize(
    "first, follow_up, found",
    [
        (
            "fine-tuning lora llama 3.1 70b",
            "mais barato?",
            "Para gastar menos que 2× H200 SXM 141 GB neste treino:\n  • Com QLoRA (base em 4 bits): 1× A100",
        ),
        (
            "full fine-tune llama 3.1 8b 1B tokens em 3 dias",
            "cheaper?",
            "To spend less than 2× H200 SXM 141 GB on this training:\n  • With LoRA",
        ),
        (
            "qlora llama 3.1 8b",
            "tem opção mais barata?",
            "1× L40S 48 GB já é a menor configuração para este treino. QLoRA já é o método que menos memória pede",
        ),
    ],
)
def test_cheaper_asked_of_a_training_gives_cheaper_training_options(first, follow_up, found):
    # It had repeated the same answer.
    base = parse(first).workload
    text = answer(follow_up, base=base)
    assert found in text, text


@pytest.mark.parametrize(
    "first, follow_up",
    [
        ("grpo qwen2.5 7b", "mais barato?"),
        ("grpo qwen2.5 7b 5000 prompts", "cheaper?"),
        ("rloo llama 3.1 8b com 8 gerações por prompt", "tem opção mais barata?"),
        ("ppo llama 3.1 8b lora", "cheaper?"),
        ("treino rl grpo do qwen2.5 1.5b com qlora", "sai mais barato?"),
    ],
)
def test_cheaper_asked_of_an_rl_run_says_what_lowers_its_cost(first, follow_up):
    # It had repeated the same answer: RL was left out of the training's "cheaper?".
    base = parse(first).workload
    query = parse(follow_up, base=base)
    lang = "en" if "cheaper" in follow_up else "pt-BR"
    result = size(query.workload.but(lang=lang))
    before = size(base.but(lang=lang))
    assert result.cheaper and before.cheaper is None
    rec = result.recommendation
    options = [a for a in result.alternatives if a.kind == "cheaper"]
    for option in options:  # each a smaller setup than the recommendation
        assert (option.setup.count, option.setup.gpu_memory_bytes) != (rec.count, rec.gpu_memory_bytes)
        assert option.setup.count * option.setup.gpu_memory_bytes <= rec.count * rec.gpu_memory_bytes
    if base.stage in (None, "full"):  # a full fine-tune's RL (GRPO's default): LoRA and 8-bit AdamW first
        assert {"LoRA", "8"} <= {w for a in options for w in ("LoRA", "8") if w in a.text}
    # What the GPU-hours grow with, on any setup: the completions per prompt (a group) and their length.
    assert "max_completion_length" in result.cheaper
    group = "ppo" not in first
    assert ("num_generations" in result.cheaper) is group
    if "prompts" in first:
        # With the prompts given, the hours on the recommendation and with half the group, about half.
        hours = [float(h) for h in re.findall(r"(\d+(?:\.\d+)?) GPU-hours", result.cheaper)]
        assert len(hours) == 2 and 0.4 < hours[1] / hours[0] < 0.6


@pytest.mark.parametrize(
    "first, follow_up, found",
    [
        (
            "pretraining a 1b model from scratch on 100B tokens in 7 days",
            "cheaper?",
            "What a pre-training pays for is its GPU-hours (520 here, at 40% MFU)",
        ),
        (
            "pré-treino de um modelo de 1b do zero",
            "mais barato?",
            "já é a menor configuração para este treino. O que um pré-treino paga são as horas de GPU (",
        ),
    ],
)
def test_cheaper_asked_of_a_pretraining_says_what_it_pays_for(first, follow_up, found):
    # A pre-training's "cheaper?" had repeated the same answer.
    text = answer(follow_up, base=parse(first).workload)
    assert found in text, text
    if "100B" in first:
        # The setup taking longer on another GPU says its own GPU-hours (they had been "about the same").
        assert "1× L40S 48 GB, and the run takes ~59 days (1,422 GPU-hours, against 520" in text


@pytest.mark.parametrize(
    ("first", "follow_up", "said"),
    [
        # A 4-GPU setup sized by memory alone (4× L40S) had been recommended for a load it cannot serve,
        # with nothing on what 4 GPUs of the recommended kind sustain.
        ("llama 3.1 70b para 300 requisições por minuto", "e com 4 gpus?",
         "Em 4× H200 SXM 141 GB (2× o modelo, 2 GPUs cada), o serviço sustenta até 6,4 requisições/s"),
        ("llama 3.1 70b para 300 requisições por minuto", "e com 1 gpu?",
         "Em 1× H200 SXM 141 GB não cabe uma cópia do modelo como a recomendação a monta"),
    ],
)  # fmt: skip
def test_a_gpu_count_asked_of_a_rate_thread_is_judged_under_its_load(first, follow_up, said):
    text = answer(follow_up, base=parse(first).workload)
    assert said in text
    assert "Recomendação: 6× H200 SXM 141 GB" in text
    assert "4× L40S" not in text.split("Alternativas")[0]


@pytest.mark.parametrize(
    ("first", "follow_up", "said"),
    [
        (
            "llama 3.1 70b 10 usuários",
            "e com 4 gpus?",
            "4× H200 SXM 141 GB: cabe, com 95,1 GB livres por GPU. Capacidade: até 289 usuários",
        ),
        (
            "llama 3.1 70b 10 usuários",
            "e com 1 gpu?",
            "1× H200 SXM 141 GB: não cabe; faltam 20,6 GB por GPU.",
        ),
        ("llama 3.1 8b 20 usuários", "e com 2 gpus?", "2× L40S 48 GB: cabe, com 28,3 GB livres por GPU."),
        (
            "llama 3.1 70b for 10 users",
            "and on 4 gpus?",
            "4× H200 SXM 141 GB: fits, with 95.1 GB free per GPU.",
        ),
    ],
)
def test_a_gpu_count_asked_of_a_users_thread_is_judged_as_a_named_count(first, follow_up, said):
    # It had been only "4 GPUs são mais do que esta carga pede; a recomendação usa 2." among the premises.
    text = answer(follow_up, base=parse(first).workload)
    assert said in text, text
    head = text.split("Recomendação:" if "Recomendação:" in text else "Recommendation:", 1)[0]
    assert said in head  # before the recommendation
    assert (
        "Desempenho nela" in head
        or "does not fit" in head
        or "não cabe" in head
        or "Performance there" in head
    )
