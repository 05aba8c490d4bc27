"""Follow-ups in a thread, round four: a deadline of tomorrow, an example's length said after it, DeepSpeed or
ZeRO asked of a one-GPU run, and a release said alone that lacks the thread's model's size. Each is read as the
Slack app reads a thread's message (tests/test_thread_followups.py's reply_in_thread)."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where

from .test_thread_followups import reply_in_thread, understood


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads_round4") / "log.db"))


LORA = "lora llama 3.1 8b com 50 mil exemplos"
LORA_SAID = "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 50.000 exemplos de treino"


@pytest.mark.parametrize(
    "follow_up, days, typed",
    [
        # each had been "Não entendi o pedido: “amanhã”"
        ("até amanhã", "1 dia", "até amanhã"),
        ("e se precisar até amanhã?", "1 dia", "até amanhã"),
        ("precisa estar pronto amanhã", "1 dia", "estar pronto amanhã"),
        ("e pra depois de amanhã?", "2 dias", "pra depois de amanhã"),
    ],
)
def test_tomorrow_is_a_training_deadline_in_its_thread(pipeline, follow_up, days, typed):
    answer = reply_in_thread(pipeline, LORA, follow_up)
    assert understood(answer) == f"{LORA_SAID} · {days}"
    # the day count said in the singular when it is one ("um prazo de 1 dias" had been the note's wording)
    assert f"Li “{typed}” como um prazo de {days}, até " in answer
    assert f"Termina dentro do prazo de {days}." in answer


def test_tomorrow_in_a_first_question_in_english(pipeline):
    answer = pipeline.ask("full fine-tune llama 3.1 8b 1B tokens by tomorrow", Where("message")).text_answer
    assert understood(answer) == "Understood: Llama 3.1 8B · full fine-tuning · 1B training tokens · 1 day"
    assert "Read “by tomorrow” as a deadline of 1 day, to " in answer


def test_tomorrow_said_of_something_else_is_no_deadline(pipeline):
    answer = pipeline.ask("llama 70b 10 usuarios, reunião amanhã com o cliente", Where("message")).text_answer
    assert "prazo" not in answer.splitlines()[0] and "dia" not in understood(answer)


@pytest.mark.parametrize(
    "follow_up, said",
    [
        # "2k tokens por exemplo" had been a serving context with "Não entendi: “exemplo”"; "cada exemplo tem 2k
        # tokens" a prompt of 2.000 tokens; "exemplos de 4k" without a count "Não entendi: “exemplos”"
        ("2k tokens por exemplo", "de 2.048 tokens"),
        ("cada exemplo tem 2k tokens", "de 2.048 tokens"),
        ("e se cada exemplo tiver 4k tokens?", "de 4.096 tokens"),
        ("e com exemplos de 4k tokens?", "de 4.096 tokens"),
        ("os exemplos têm em média 800 tokens", "de 800 tokens em média"),
    ],
)
def test_an_example_length_in_a_fine_tuning_thread(pipeline, follow_up, said):
    answer = reply_in_thread(pipeline, LORA, follow_up)
    assert understood(answer) == f"{LORA_SAID} {said}"
    assert "Não entendi" not in answer


def test_an_example_length_said_after_it_sizes_the_sequences(pipeline):
    answer = reply_in_thread(pipeline, LORA, "4k tokens por exemplo")
    assert "sequências de 4.096 tokens" in answer


def test_for_example_in_a_serving_question_stays_its_context(pipeline):
    answer = pipeline.ask("llama 70b 10 usuarios com 32k tokens por exemplo", Where("message")).text_answer
    assert "32k de contexto" in understood(answer)


ONE_GPU = "a recomendação é de uma GPU só, onde o ZeRO"


@pytest.mark.parametrize("follow_up", ["e se usar deepspeed?", "e com zero 3?", "e com deepspeed zero 2?"])
def test_deepspeed_or_zero_under_a_one_gpu_run_says_there_is_nothing_to_shard(pipeline, follow_up):
    # "e se usar deepspeed?" had been "Não entendi o pedido"; "e com zero 3?" said "ZeRO-3" over a breakdown
    # "sem ZeRO" with nothing between them
    answer = reply_in_thread(pipeline, LORA, follow_up)
    assert understood(answer).startswith("Entendi: Llama 3.1 8B · ajuste fino com LoRA")
    assert ONE_GPU in answer
    assert "Recomendação: 1× " in answer


def test_deepspeed_under_a_run_over_several_gpus_is_its_zero(pipeline):
    answer = reply_in_thread(
        pipeline, "full fine-tune llama 3.1 8b com 50 mil exemplos", "e se usar deepspeed?"
    )
    assert "“deepspeed”: o ZeRO da recomendação é o do DeepSpeed" in answer
    assert ONE_GPU not in answer


@pytest.mark.parametrize(
    "first, follow_up, line, note",
    [
        # had been "Não entendi o pedido: “versão”": Qwen3 has no 7B
        ("qwen2.5 7b 10 usuarios", "e a versão 3?", "Entendi: Qwen3 8B · 10 usuários simultâneos",
         "Li “versão 3” como Qwen3 8B: essa versão não tem o tamanho do Qwen2.5 7B, e este é o mais próximo."),
        ("lora qwen2.5 7b 10 mil exemplos", "versão 3",
         "Entendi: Qwen3 8B · ajuste fino com LoRA · 10.000 exemplos de treino", "como Qwen3 8B: essa versão"),
        # weighing models: the first named with that release, at its nearest size, the other kept
        ("qwen2.5 7b ou llama 2 13b", "e a versão 3?", "Entendi: Qwen3 8B ou Llama 2 13B", "como Qwen3 8B: essa"),
        # the release at the same size stays what it was
        ("gemma 2 27b 10 usuarios", "e a versão 3?", "Entendi: Gemma 3 27B · 10 usuários simultâneos", None),
    ],
)  # fmt: skip
def test_a_release_said_alone_at_the_nearest_size(pipeline, first, follow_up, line, note):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    if note:
        assert note in answer
    else:
        assert "mais próximo" not in answer


@pytest.mark.parametrize(
    "first, follow_up, asked",
    [
        ("llama 2 13b 10 usuarios", "e a versão 3?",
         "Qual modelo do Llama 3? No catálogo: Llama 3 8B, Llama 3 70B (nenhum do tamanho do Llama 2 13B)."),
        ("llama 2 13b 10 users on h100", "what about version 3?",
         "Which Llama 3 model? In the catalogue: Llama 3 8B, Llama 3 70B (none the size of Llama 2 13B)."),
    ],
)  # fmt: skip
def test_a_release_with_no_size_near_the_threads_is_asked_which(pipeline, first, follow_up, asked):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert answer.startswith(asked), answer[:300]


SUGGEST = "which model would you suggest for a coding assistant with 50 users?"


@pytest.mark.parametrize(
    "follow_up, said", [("and cheaper?", "↳ cheaper: "), ("e mais barato?", "↳ mais barato: ")]
)
def test_cheaper_under_suggestions_gives_each_model_its_cheaper_setup(pipeline, follow_up, said):
    # it had been the same three setups again, nothing cheaper said; in the language each reply is written in
    first = pipeline.ask(SUGGEST, Where("message")).text_answer
    answer = reply_in_thread(pipeline, SUGGEST, follow_up)
    rows = [line for line in answer.splitlines() if line.startswith("• ")]
    cheaper = [line.strip() for line in answer.splitlines() if line.strip().startswith(said)]
    assert len(rows) == 3 and len(cheaper) == 3, answer
    assert "↳" not in first
    # each cheaper line names a setup of its own, not the row's again
    for row, line in zip(rows, cheaper, strict=True):
        assert row.split(": ", 1)[1].split(",")[0] not in line


def test_cheaper_under_training_suggestions_says_where_nothing_is_cheaper(pipeline):
    answer = reply_in_thread(pipeline, "qual modelo vocês recomendam pra fine-tuning de um chatbot com lora?",
                             "mais barato?")  # fmt: skip
    lines = [line.strip() for line in answer.splitlines() if line.strip().startswith("↳ mais barato: ")]
    assert lines and any("QLoRA" in line for line in lines)


SERVING = "llama 3.1 70b 20 usuarios"


@pytest.mark.parametrize("follow_up", ["explica melhor o kv cache", "e o kv cache?", "o que é kv cache?"])
def test_the_kv_cache_explained_in_a_serving_thread(pipeline, follow_up):
    # each had been "Não entendi o pedido"
    answer = reply_in_thread(pipeline, SERVING, follow_up)
    assert understood(answer) == "Entendi: Llama 3.1 70B · 20 usuários simultâneos"
    assert "KV cache: para cada conversa aberta" in answer
    assert "26,8 GB para 20 conversas" in answer  # the thread's own figure, as its breakdown says it
    assert "KV cache por token: 320 KiB" in answer


def test_the_kv_cache_asked_in_english_in_a_portuguese_thread_is_explained_in_english(pipeline):
    answer = reply_in_thread(pipeline, SERVING, "what is the kv cache?")
    assert understood(answer) == "Understood: Llama 3.1 70B · 20 concurrent users"
    assert "here 26.8 GB for 20 conversations" in answer
    assert "KV cache per token: 320 KiB" in answer


def test_the_kv_cache_asked_under_a_training_says_a_training_keeps_none(pipeline):
    answer = reply_in_thread(pipeline, LORA, "e o kv cache?")
    assert "um treino não o guarda" in answer


@pytest.mark.parametrize("follow_up", ["por quê?", "why?", "o que decidiu?", "pq?"])
def test_why_in_a_thread_says_what_decided_first(pipeline, follow_up):
    answer = reply_in_thread(pipeline, SERVING, follow_up)
    lines = answer.splitlines()
    assert lines[0] == "Entendi: Llama 3.1 70B · 20 usuários simultâneos"
    assert lines[1].startswith("O que decidiu: memória. 2× H200 SXM 141 GB")


@pytest.mark.parametrize(
    "follow_up, mode",
    [("e no modo dedicado?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · dedicada"),
     ("e na modalidade reservada?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · capacidade reservada"),
     # written in English, answered in it
     ("and in dedicated mode?", "Understood: Llama 3.1 70B · 20 concurrent users · dedicated")],
)  # fmt: skip
def test_a_contract_mode_said_with_the_word_mode(pipeline, follow_up, mode):
    # "e no modo dedicado?" had been read with "Não entendi: “modo”"
    answer = reply_in_thread(pipeline, SERVING, follow_up)
    assert understood(answer) == mode
    assert "Não entendi" not in answer and "Not understood" not in answer


@pytest.mark.parametrize("follow_up", ["can we get it down to 1 gpu?", "bring it down to 1 gpu?"])
def test_a_count_brought_down_to_in_english(pipeline, follow_up):
    # "Not understood: “down”" had followed the count read
    answer = reply_in_thread(pipeline, "llama 3.1 70b for 20 users", follow_up)
    assert understood(answer) == "Understood: Llama 3.1 70B · 20 concurrent users · 1 GPU"
    assert "Not understood" not in answer


def test_why_in_a_thread_weighing_models_says_no_one_models_reason(pipeline):
    answer = reply_in_thread(pipeline, "llama 3.1 8b vs qwen2.5 7b pra 30 usuarios", "por quê?")
    assert not answer.splitlines()[1].startswith("O que decidiu")


@pytest.mark.parametrize(
    "first, follow_up, line",
    [
        # each had been "Não entendi o pedido"
        ("qwen3 32b 50 usuarios", "e se usar o modelo menor?", "Entendi: Qwen3 14B · 50 usuários simultâneos"),
        ("llama 3.1 8b 50 usuarios", "e um modelo menor?", "Entendi: Llama 3.2 3B · 50 usuários simultâneos"),
        ("llama 3.1 8b 50 usuarios", "e o modelo maior?", "Entendi: Llama 3.1 70B · 50 usuários simultâneos"),
        ("lora qwen2.5 7b 10 mil exemplos", "and a smaller model?",
         "Entendi: Qwen2.5 3B · ajuste fino com LoRA · 10.000 exemplos de treino"),
    ],
)  # fmt: skip
def test_a_smaller_or_bigger_model_is_the_next_size_of_the_threads(pipeline, first, follow_up, line):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    assert answer.splitlines()[1].startswith("Li “")


def test_a_smaller_model_named_is_that_model(pipeline):
    answer = reply_in_thread(pipeline, "qwen3 32b 50 usuarios", "e um modelo menor como o qwen3 4b?")
    assert understood(answer) == "Entendi: Qwen3 4B · 50 usuários simultâneos"


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        (
            "llama 3.1 405b 10 usuarios",
            "e o modelo maior?",
            "O Llama 3.1 405B já é o maior modelo da família",
        ),
        ("mistral small 10 usuarios", "e um modelo menor?", "Não sei dizer qual é o tamanho seguinte"),
    ],
)
def test_no_next_size_is_said_not_guessed(pipeline, first, follow_up, said):
    assert reply_in_thread(pipeline, first, follow_up).startswith(said)


@pytest.mark.parametrize(
    "follow_up", ["tá caro, tem algo menor?", "anything smaller?", "that's too expensive"]
)
def test_too_expensive_asks_for_the_cheaper_setups(pipeline, follow_up):
    answer = reply_in_thread(pipeline, "qwen3 32b 50 usuarios", follow_up)
    assert understood(answer) == "Entendi: Qwen3 32B · 50 usuários simultâneos · opções mais baratas"
    assert "Não entendi" not in answer


def test_an_average_said_per_example_is_read_once(pipeline):
    # the length said after the examples and again per example had been a contradiction with itself
    answer = pipeline.ask(
        "lora llama 3.1 8b, 50k examples, average 1.2k tokens per example", Where("message")
    )
    assert "50,000 training examples of 1,200 tokens on average" in understood(answer.text_answer)


@pytest.mark.parametrize(
    "question",
    ["lora no 8b, batch 8, seq=4k, zero2, 2x l40s", "qlora 70b em 2 rtx 4090 com fsdp e offload para cpu"],
)
def test_zero_on_gpus_the_question_counts_gets_no_one_gpu_note(pipeline, question):
    # the GPUs named are several: ZeRO shards over them, whatever one GPU the recommendation below would take
    assert ONE_GPU not in pipeline.ask(question, Where("message")).text_answer


@pytest.mark.parametrize(
    ("first", "follow_up", "said"),
    [
        # a ZeRO stage alone says a training; under a thread's training it is that training's setting
        (LORA, "e com zero 3?", "ajuste fino com LoRA"),
        (LORA, "e com gradient_accumulation_steps 8?", "ajuste fino com LoRA"),
        # an adapter's rank under a full fine-tune still turns it into LoRA
        ("full fine-tune llama 3.1 8b com 50 mil exemplos", "e com lora_r 16?", "ajuste fino com LoRA"),
    ],
)
def test_a_trainers_setting_in_a_training_thread_keeps_or_names_its_training(
    pipeline, first, follow_up, said
):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer).startswith(f"Entendi: Llama 3.1 8B · {said}"), understood(answer)


SMALL_SERVING = "llama 3.1 8b para 20 usuarios"


@pytest.mark.parametrize(
    "follow_up, said",
    [
        # each had been a new question about the other model alone, the thread's 20 users lost
        ("compare com o qwen2.5 14b", "Entendi: Llama 3.1 8B ou Qwen2.5 14B · 20 usuários simultâneos"),
        ("e comparado com o qwen 2.5 14b?", "Entendi: Llama 3.1 8B ou Qwen2.5 14B · 20 usuários simultâneos"),
        ("vs qwen 14b?", "Entendi: Llama 3.1 8B ou Qwen2.5 14B · 20 usuários simultâneos"),
        (
            "how does it compare to qwen 2.5 14b?",
            "Understood: Llama 3.1 8B or Qwen2.5 14B · 20 concurrent users",
        ),
        # a load said with it is the comparison's
        (
            "compare com o qwen 2.5 14b com 50 usuários",
            "Entendi: Llama 3.1 8B ou Qwen2.5 14B · 50 usuários simultâneos",
        ),
    ],
)
def test_another_model_weighed_against_the_threads_keeps_its_load(pipeline, follow_up, said):
    assert understood(reply_in_thread(pipeline, SMALL_SERVING, follow_up)) == said


def test_a_precision_said_with_the_model_compared_is_that_models(pipeline):
    answer = reply_in_thread(pipeline, SMALL_SERVING, "versus mistral small 24b em fp8")
    assert "  Llama 3.1 8B · BF16/FP16 (16-bit)" in answer and "  Mistral Small 3 24B · FP8 (8-bit)" in answer


def test_two_models_compared_in_a_thread_are_a_question_of_their_own(pipeline):
    answer = reply_in_thread(pipeline, SMALL_SERVING, "compare llama 3.1 70b com qwen 2.5 72b")
    assert understood(answer) == "Entendi: Llama 3.1 70B ou Qwen2.5 72B"


def test_a_training_thread_weighs_the_other_model_on_the_same_run(pipeline):
    answer = reply_in_thread(pipeline, LORA, "compare com o qwen2.5 14b")
    assert understood(answer) == (
        "Entendi: Llama 3.1 8B ou Qwen2.5 14B · ajuste fino com LoRA · 50.000 exemplos de treino"
    )


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        # each had sized the thread's model on that GPU with "Não entendi: “maior”"
        (
            "llama 3.1 8b com 10 usuários",
            "qual o maior modelo que cabe numa H100?",
            "10 usuários simultâneos",
        ),
        ("qwen2.5 7b com 32k de contexto", "e qual modelo cabe numa l40s?", "32.768 tokens de contexto"),
        (
            "llama 3.1 8b numa h100 com 20 usuários",
            "qual o maior modelo que cabe nela?",
            "20 usuários simultâneos",
        ),
        ("mistral 7b for 10 users", "what's the biggest model that fits on an H200?", "10 concurrent users"),
    ],
)
def test_the_largest_model_asked_in_a_thread_is_what_fits_with_its_load(pipeline, first, follow_up, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert answer.startswith(("O que cabe em 1×", "What fits on 1×")), answer[:200]
    assert said in answer.split("\n\n")[1] and "maior”" not in answer and "biggest”" not in answer


def test_a_bigger_model_in_a_thread_is_still_the_next_size_up(pipeline):
    answer = reply_in_thread(pipeline, "qwen2.5 7b com 10 usuários", "e um modelo maior?")
    assert understood(answer).startswith("Entendi: Qwen2.5 14B")
