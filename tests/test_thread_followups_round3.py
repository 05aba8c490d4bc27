"""Follow-ups in a thread, round three, and training deadlines said in hours: each is read as the Slack app reads
a thread's message (tests/test_thread_followups.py's reply_in_thread) and its answer checked for what the user
sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where

from .test_thread_followups import reply_in_thread, understood


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads_round3") / "log.db"))


def ask(pipeline: Pipeline, question: str) -> str:
    return pipeline.ask(question, Where("message")).text_answer


LORA = "lora llama 8b 100 mil exemplos"


@pytest.mark.parametrize(
    "question, line, met",
    [
        # each had been "· 1 dia", sized for a day and "Termina dentro do prazo de 1 dia"
        ("lora llama 8b 100 mil exemplos em 2 horas",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 100.000 exemplos de treino · 2 horas",
         "Termina dentro do prazo de 2 horas."),
        ("lora llama 8b 100k examples in 6 hours",
         "Understood: Llama 3.1 8B · LoRA fine-tuning · 100,000 training examples · 6 hours",
         "It finishes within the deadline of 6 hours."),
        ("lora llama 8b 100 mil exemplos em 6h",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 100.000 exemplos de treino · 6 horas",
         "Termina dentro do prazo de 6 horas."),
        ("full fine-tune llama 70b 1B tokens em 36 horas",
         "Entendi: Llama 3.1 70B · ajuste fino completo · 1 bi tokens de treino · 36 horas",
         "Termina dentro do prazo de 36 horas."),
    ],
)  # fmt: skip
def test_a_training_deadline_in_hours_stays_hours(pipeline, question, line, met):
    answer = ask(pipeline, question)
    assert understood(answer) == line
    assert met in answer


def test_a_deadline_in_hours_takes_the_gpus_that_finish_in_those_hours(pipeline):
    # 4,6 GPU-hours of H100 work: one H100 held a day's deadline; two hours need more of them
    day = ask(pipeline, LORA + " em 1 dia")
    hours = ask(pipeline, LORA + " em 2 horas")
    assert "Recomendação: 1× " in day
    assert "Recomendação: 1× " not in hours
    assert "~1 hora." in hours or "~2 horas." in hours


def test_hours_that_are_whole_days_are_days(pipeline):
    assert understood(ask(pipeline, LORA + " em 48 horas")).endswith("· 2 dias")


@pytest.mark.parametrize(
    "follow_up, said",
    [("e em 6h?", "6 horas"), ("e em 2 horas?", "2 horas"), ("e se tiver que ficar pronto em 12 horas?", "12 horas")],
)  # fmt: skip
def test_a_deadline_in_hours_in_a_training_thread(pipeline, follow_up, said):
    # "e em 6h?" had been "Não entendi o pedido", "e em 2 horas?" a day
    answer = reply_in_thread(pipeline, LORA, follow_up)
    assert (
        understood(answer)
        == f"Entendi: Llama 3.1 8B · ajuste fino com LoRA · 100.000 exemplos de treino · {said}"
    )
    assert f"prazo de {said}" in answer


@pytest.mark.parametrize(
    "first, follow_up, note",
    [
        # each had been the same list again, with nothing said of the cloud asked
        ("o que roda numa 4090?", "e na aws?", "Em outra nuvem (AWS), a mesma GPU tem a mesma memória"),
        ("what fits on an h100?", "what about on aws?", "On another cloud (AWS), the same GPU has the same memory"),
        ("o que roda numa 4090?", "e on-premise?", "Nos servidores de vocês, a mesma GPU tem a mesma memória"),
        ("o que roda numa 4090?", "e com vocês?", "Nas nossas GPUs, em data centers no Brasil"),
        ("qual modelo vocês recomendam pra chatbot de 50 pessoas?", "e na aws?",
         "Em outra nuvem (AWS), a memória é a mesma"),
    ],
)  # fmt: skip
def test_where_it_runs_in_a_thread_with_no_model(pipeline, first, follow_up, note):
    before = ask(pipeline, first)
    answer = reply_in_thread(pipeline, first, follow_up)
    assert note in answer
    assert understood(answer) == understood(before)  # the same list, with the note first
    assert "Não entendi" not in answer and "()" not in answer


WEIGHED = "llama 3.1 70b ou qwen2.5 32b pra 20 usuarios"


@pytest.mark.parametrize(
    "first, follow_up, line, said",
    [
        # each had become the one model alone ("Entendi: Llama 3.3 70B · 20 usuários simultâneos")
        (WEIGHED, "e com a versão 3.3?", "Entendi: Llama 3.3 70B ou Qwen2.5 32B · 20 usuários simultâneos",
         "Li “versão 3.3” como Llama 3.3 70B."),
        (WEIGHED, "e o 3.3?", "Entendi: Llama 3.3 70B ou Qwen2.5 32B · 20 usuários simultâneos",
         "Li “3.3” como Llama 3.3 70B."),
        # the release is the second model's: it changes, the first stays
        ("qwen2.5 32b ou llama 3.1 70b pra 20 usuarios", "e com a versão 3.3?",
         "Entendi: Qwen2.5 32B ou Llama 3.3 70B · 20 usuários simultâneos", "Li “versão 3.3” como Llama 3.3 70B."),
        ("qwen2.5 32b awq ou llama 3.1 70b awq pra 20 usuarios", "e o 3.3?",
         "Entendi: Qwen2.5 32B ou Llama 3.3 70B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos",
         "Li “3.3” como Llama 3.3 70B."),
        ("llama 3.1 70b or qwen2.5 32b for 20 users", "and version 3.3?",
         "Understood: Llama 3.3 70B or Qwen2.5 32B · 20 concurrent users", "Read “version 3.3” as Llama 3.3 70B."),
    ],
)  # fmt: skip
def test_a_release_in_a_thread_weighing_models_changes_its_own_model(pipeline, first, follow_up, line, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    assert said in answer


@pytest.mark.parametrize(
    "first, follow_up, line, said",
    [
        # each had kept the batch's window beside "24/7" ("lote de 200.000 pedidos em 8 horas · 24/7"), neither
        # reconciled
        ("processar 200 mil documentos em 8 horas com llama 3.1 8b", "e se for 24/7?",
         "Entendi: Llama 3.1 8B · 200.000 requisições por dia · 24/7 · extração de informações",
         "24/7 num lote que era para 8 horas: li como o trabalho chegando sem parar, o dia inteiro, todo dia"),
        ("processar 200 mil documentos em 8 horas com llama 3.1 8b", "e se rodar 24 horas por dia?",
         "Entendi: Llama 3.1 8B · 200.000 requisições por dia · 24/7 · extração de informações", "não mais todo de uma vez em 8 horas"),
        ("process 200k documents in 8 hours with llama 3.1 8b", "what if it's 24/7?",
         "Understood: Llama 3.1 8B · 200,000 requests a day · 24/7 · information extraction",
         "24/7 for a batch that was to be done in 8 hours: read as the work arriving nonstop"),
        # a window of days: its volume a day
        ("summarize 2 million documents in 3 days with qwen3 32b", "what if it runs 24/7?",
         "Understood: Qwen3 32B · 666,667 requests a day · 24/7 · summarization", "no longer all at once in 3 days"),
    ],
)  # fmt: skip
def test_all_day_in_a_batch_s_thread_is_a_day_s_work_arriving_all_day(pipeline, first, follow_up, line, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    assert said in answer
    assert "Não entendi" not in answer and "Not understood" not in answer
    assert "spread over the 24 hours" in answer or "espalhadas pelas 24 horas" in answer


@pytest.mark.parametrize(
    "first, follow_up, title",
    [
        # each had been taken for a new question: the list of every GPU we rent ("GPUs que alugamos")
        ("o que roda numa l40s?", "quanto custa?", "Quanto custa 1× L40S 48 GB"),
        ("o que roda numa l40s?", "qual o preço?", "Quanto custa 1× L40S 48 GB"),
        ("what fits on an h100?", "how much does it cost?", "What 1× H100 SXM 80 GB costs"),
        ("qual modelo vocês recomendam pra chatbot de 50 pessoas?", "quanto custa?", "Modelos sugeridos para esta carga"),
    ],
)  # fmt: skip
def test_a_price_asked_in_a_thread_with_no_model_is_the_thread_s(pipeline, first, follow_up, title):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == title
    assert "Sem preços configurados" in answer or "No prices configured" in answer or "R$" in answer


def test_the_gpus_we_rent_asked_in_such_a_thread_are_still_the_list(pipeline):
    assert (
        understood(reply_in_thread(pipeline, "o que roda numa l40s?", "quais gpus vocês têm?"))
        == "GPUs que alugamos"
    )


TRAIN_FITS = "qual o maior modelo que dá pra treinar com lora numa h100?"


@pytest.mark.parametrize(
    "follow_up, note, example",
    [
        # each had been the same list with nothing said of the data or the deadline, and an example without them
        ("e em 2 dias com 1 bilhão de tokens?", "Os dados e o prazo pedidos não entram nesta lista",
         "`/gpu qwen3 32b bf16 lora h100 sxm 80 gb 1000000000 tokens em 2 dias`"),
        ("e com 50 mil exemplos?", "Os dados pedidos não entram nesta lista",
         "`/gpu qwen3 32b bf16 lora h100 sxm 80 gb 50000 exemplos`"),
        ("e em 6 horas?", "O prazo pedido não entra nesta lista", "`/gpu qwen3 32b bf16 lora h100 sxm 80 gb em 6 horas`"),
    ],
)  # fmt: skip
def test_a_training_s_data_and_deadline_under_what_fits_are_said_and_kept(pipeline, follow_up, note, example):
    answer = reply_in_thread(pipeline, TRAIN_FITS, follow_up)
    assert understood(answer) == "O que cabe em 1× H100 SXM 80 GB"
    assert note in answer
    assert example in answer


def test_the_example_with_a_run_reads_back_as_that_run(pipeline):
    answer = ask(pipeline, "what's the biggest model I can lora on an h100 with 50k examples in 6 hours?")
    assert "The data and deadline asked for are not in this list" in answer
    assert "`/gpu qwen3 32b bf16 lora h100 sxm 80 gb 50000 examples in 6 hours`" in answer
    assert understood(ask(pipeline, "qwen3 32b bf16 lora h100 sxm 80 gb 50000 examples in 6 hours")) == (
        "Understood: Qwen3 32B · BF16/FP16 (16-bit) · LoRA fine-tuning · 1× H100 SXM 80 GB · 50,000 training examples"
        " · 6 hours"
    )


@pytest.mark.parametrize(
    "follow_up, said",
    [
        # "half" had been read as FP16 and the deadline as a day; "90" not understood
        ("can we do it in half a day?", "12 hours"),
        ("what about in 90 minutes?", "90 minutes"),
        ("and in 45 min?", "45 minutes"),
    ],
)  # fmt: skip
def test_a_deadline_in_minutes_or_half_a_day(pipeline, follow_up, said):
    answer = reply_in_thread(pipeline, "full fine-tune qwen2.5 7b on 20M tokens", follow_up)
    assert understood(answer) == f"Understood: Qwen2.5 7B · full fine-tuning · 20M training tokens · {said}"
    assert f"deadline of {said}" in answer


def test_half_a_day_in_portuguese_under_an_english_thread(pipeline):
    # written in Portuguese, answered in it
    answer = reply_in_thread(pipeline, "full fine-tune qwen2.5 7b on 20M tokens", "e em meio dia?")
    assert (
        understood(answer) == "Entendi: Qwen2.5 7B · ajuste fino completo · 20 mi tokens de treino · 12 horas"
    )
    assert "prazo de 12 horas" in answer


def test_a_deadline_said_around_ready_in_portugal(pipeline):
    # "estar", "pronto" had been "Não percebi"
    answer = reply_in_thread(
        pipeline, "quero afinar o llama 3.1 8b com lora, 50 mil exemplos, estou em Lisboa",
        "e se tiver de estar pronto em 4 horas?",
    )  # fmt: skip
    assert understood(answer).endswith("· 50\u00a0000 exemplos de treino · 4 horas")
    assert "Não percebi" not in answer


@pytest.mark.parametrize(
    "first, follow_up, title",
    [
        # each had been "Não entendi o pedido: “delas”" / "I didn't understand the request"
        ("o que roda numa 4090?", "e com 2 delas?", "O que cabe em 2× RTX 4090 24 GB"),
        ("what can I run on a 4090?", "and with 2 of them?", "What fits on 2× RTX 4090 24 GB"),
        ("llama 3.1 70b numa h100 pra 20 usuários", "e com 2 delas?",
         "Entendi: Llama 3.1 70B · 20 usuários simultâneos · 2× H100 SXM 80 GB"),
        ("llama 3.1 70b on an h100 for 20 users", "and with 4 of them?",
         "Understood: Llama 3.1 70B · 20 concurrent users · 4× H100 SXM 80 GB"),
    ],
)  # fmt: skip
def test_a_count_of_them_is_the_thread_s_gpu(pipeline, first, follow_up, title):
    assert understood(reply_in_thread(pipeline, first, follow_up)) == title


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        # each had been "Não entendi o pedido: “alugam”" / "I didn't understand the request"
        ("o que roda numa 4090?", "vocês alugam?", "Não alugamos RTX 4090 24 GB; alugamos L40S 48 GB"),
        ("what fits on an h100?", "do you rent it?", "Yes. We rent H100 SXM 80 GB in machines of 1, 2, 4 and 8 GPUs"),
        ("llama 3.1 70b numa h100 pra 20 usuários", "vocês alugam?", "Sim, alugamos H100 SXM 80 GB: a conta abaixo é nela."),
    ],
)  # fmt: skip
def test_do_you_rent_it_is_the_thread_s_gpu(pipeline, first, follow_up, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert said in answer.split("\n\n")[0] + answer.split("\n\n")[1]
    assert "Não entendi" not in answer and "didn't understand" not in answer


@pytest.mark.parametrize(
    "first, follow_up, line",
    [
        # each had been the catalogue's model of that size, another family: Llama 3.1 70B, Qwen3 14B, Mistral 7B
        ("qlora qwen2.5 32b 20 mil exemplos", "e o 72b?",
         "Entendi: Qwen2.5 72B · ajuste fino com QLoRA · 20.000 exemplos de treino"),
        ("qlora qwen2.5 32b 20 mil exemplos", "e com 14b?",
         "Entendi: Qwen2.5 14B · ajuste fino com QLoRA · 20.000 exemplos de treino"),
        ("qlora qwen2.5 32b 20 mil exemplos", "e o de 7b?",
         "Entendi: Qwen2.5 7B · ajuste fino com QLoRA · 20.000 exemplos de treino"),
        ("gemma 3 27b pra 10 usuarios", "e o 12b?", "Entendi: Gemma 3 12B · 10 usuários simultâneos"),
        ("gemma 3 27b for 10 users", "and the 4b?", "Understood: Gemma 3 4B · 10 concurrent users"),
        # a size the family does not name stays the catalogue's
        ("qlora qwen2.5 32b 20 mil exemplos", "e o 70b?",
         "Entendi: Llama 3.1 70B · ajuste fino com QLoRA · 20.000 exemplos de treino"),
    ],
)  # fmt: skip
def test_a_size_alone_is_the_thread_s_family_at_that_size(pipeline, first, follow_up, line):
    assert understood(reply_in_thread(pipeline, first, follow_up)) == line
