"""Follow-ups in a thread, asked the way people reply to an answer: each is read as the Slack app reads a
thread's message (bot/listeners/messages.py: the thread's last workload as the base, unless the message is a
new question) and its answer checked for what the user sees: the change applied, the rest of the first
question kept."""

from __future__ import annotations

import re

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


def reply_in_thread(pipeline: Pipeline, first: str, follow_up: str) -> str:
    """The answer to `follow_up` in the thread of `first`'s answer, as the Slack app gives it."""
    answer = pipeline.ask(first, Where("message"))
    base = answer.follow_from
    assert base is not None, answer.text_answer
    new = pipeline.is_new_question(follow_up, base)
    return pipeline.ask(follow_up, Where("message", thread_ts="1.0"), base=None if new else base).text_answer


def understood(answer: str) -> str:
    return answer.splitlines()[0]


RAG = "rag com qwen3 32b, 120 req/min, prompts de 8k tokens, respostas de 300"
RAG_KEPT = "Qwen3 32B · prompts de 8.000 tokens · respostas de 300 tokens"


@pytest.mark.parametrize(
    "follow_up, rate",
    [
        # The thread's rate scaled stays in its unit: it had become "4,0 requisições/s".
        ("e o dobro?", "240 requisições/min"),
        ("e se dobrar o tráfego?", "240 requisições/min"),
        ("e com 3x o tráfego?", "360 requisições/min"),
        ("e com metade?", "60 requisições/min"),
        # A growth said alone, or a multiple or share more: had been "Não entendi o pedido".
        ("e se crescer 50%?", "180 requisições/min"),
        ("e se o tráfego aumentar 25%?", "150 requisições/min"),
        ("e com 3x?", "360 requisições/min"),
        ("e com 50% a mais?", "180 requisições/min"),
        ("e se duplicar o tráfego?", "240 requisições/min"),
    ],
)
def test_a_rate_scaled_in_a_thread_keeps_its_unit_and_the_rest(pipeline, follow_up, rate):
    line = understood(reply_in_thread(pipeline, RAG, follow_up))
    assert line == f"Entendi: {RAG_KEPT} · {rate} · perguntas e respostas com RAG"


@pytest.mark.parametrize(
    "follow_up, users",
    [
        ("e com 50% a mais?", 300),
        ("e com 50% mais usuarios?", 300),
        ("e com mais 50%?", 300),
        ("+20%?", 240),
        ("e com 30% a menos?", 140),
        ("e se crescer 30%?", 260),
        ("e se aumentar 50% os usuarios?", 300),
        ("e 3x?", 600),
        ("e com 4x?", 800),
        ("e com 2 vezes mais?", 400),
        ("e se duplicar?", 400),
    ],
)
def test_a_growth_of_the_people_in_a_thread_scales_them(pipeline, follow_up, users):
    answer = reply_in_thread(pipeline, "chatbot com llama 3.1 8b para 200 usuários, em fp8", follow_up)
    assert understood(answer) == (
        f"Entendi: Llama 3.1 8B · FP8 (8-bit) · {users} usuários simultâneos · atendimento e chat"
    )


@pytest.mark.parametrize(
    "follow_up, users",
    [("and 20% more?", 240), ("what if it grows 50%?", 300), ("and 3x?", 600), ("and 25% less?", 150)],
)
def test_a_growth_in_english_scales_the_people(pipeline, follow_up, users):
    answer = reply_in_thread(pipeline, "llama 3.1 8b chatbot for 200 concurrent users in fp8", follow_up)
    assert understood(answer).startswith("Understood: Llama 3.1 8B · FP8 (8-bit) · ")
    assert f" · {users} concurrent users" in understood(answer)


@pytest.mark.parametrize(
    "follow_up, word, users",
    [("e com 50% a mais?", "50% a mais", 45), ("e 3x?", "3x", 90), ("+20%?", "+20%", 36)],
)
def test_a_bare_growth_after_people_and_a_context_is_asked_back(pipeline, follow_up, word, users):
    # Growth with no noun could be the people or the context the thread said: asked, as "e o dobro?" is.
    answer = reply_in_thread(pipeline, "llama 3.1 8b para 30 usuários com 8k", follow_up)
    assert answer.startswith(f"“{word}” de quê? Dos usuários (30 → {users}) ou do contexto (8k → ")


def test_a_growth_verb_after_people_and_a_context_grows_the_people(pipeline):
    answer = reply_in_thread(pipeline, "llama 3.1 8b para 30 usuários com 8k", "e se crescer 30%?")
    assert understood(answer) == "Entendi: Llama 3.1 8B · 8k de contexto · 39 usuários simultâneos"


@pytest.mark.parametrize("follow_up", ["e com 50%?", "50%?"])
def test_a_share_alone_is_no_count_of_people(pipeline, follow_up):
    # "e com 50%?" had been 50 users.
    answer = reply_in_thread(pipeline, "chatbot com llama 3.1 8b para 200 usuários", follow_up)
    assert "50 usuários simultâneos" not in answer


BATCH = "processar 200 mil documentos de 3k tokens com llama 3.1 8b em 8 horas"


@pytest.mark.parametrize(
    "follow_up, items",
    [
        # The batch's items again, in the same window: each had been "Não entendi o pedido".
        ("e se forem 500 mil?", "500.000"),
        ("e se forem 500 mil documentos?", "500.000"),
        ("e pra 1 milhão?", "1.000.000"),
        ("e com 1 milhão de documentos?", "1.000.000"),
        ("e o dobro?", "400.000"),
        ("e com o dobro de documentos?", "400.000"),
        ("e se crescer 50%?", "300.000"),
    ],
)
def test_a_batch_thread_counts_its_items_again(pipeline, follow_up, items):
    answer = reply_in_thread(pipeline, BATCH, follow_up)
    assert understood(answer) == (
        f"Entendi: Llama 3.1 8B · prompts de 3.000 tokens · lote de {items} pedidos em 8 horas"
        " · extração de informações"  # documents processed are read for what they hold
    )


TOGETHER = "dá pra rodar o qwen3 8b e o llama 3.1 8b juntos numa l40s?"


@pytest.mark.parametrize(
    "follow_up",
    [
        "e se adicionar o mistral 7b?",
        "e adicionando o mistral 7b?",
        "e com o mistral 7b também?",
        "e se incluir o mistral 7b?",
        "adiciona o mistral 7b",
        "and add mistral 7b?",
    ],
)
def test_a_model_added_in_a_thread_is_served_with_the_threads(pipeline, follow_up):
    # It had been a question about Mistral 7B alone, the thread's two models dropped.
    answer = reply_in_thread(pipeline, TOGETHER, follow_up)
    assert understood(answer).endswith(
        "Qwen3 8B + Llama 3.1 8B + Mistral 7B v0.3 · inferência · 1× L40S 48 GB"
    )
    assert "Juntos não cabem na L40S 48 GB citada: 51,4 GB para 43,0 GB utilizáveis." in answer
    assert "Não entendi" not in answer


def test_a_model_added_in_english_under_a_portuguese_thread_is_answered_in_english(pipeline):
    answer = reply_in_thread(pipeline, TOGETHER, "what about mistral 7b as well?")
    assert (
        understood(answer)
        == "Understood: Qwen3 8B + Llama 3.1 8B + Mistral 7B v0.3 · inference · 1× L40S 48 GB"
    )
    assert "Together they do not fit on the L40S 48 GB you named: 51.4 GB for 43.0 GB usable." in answer
    assert "Not understood" not in answer


@pytest.mark.parametrize(
    "follow_up", ["e se adicionar o qwen3 8b?", "e com o qwen3 8b junto?", "add qwen3 8b"]
)
def test_a_model_added_to_a_one_model_thread_serves_both_with_its_load(pipeline, follow_up):
    answer = reply_in_thread(pipeline, "llama 3.1 8b numa l40s com 20 usuarios", follow_up)
    assert understood(answer).endswith("Llama 3.1 8B + Qwen3 8B · 20 usuários simultâneos · 1× L40S 48 GB")
    assert (
        "Llama 3.1 8B (20 usuários simultâneos)" in answer and "Qwen3 8B (20 usuários simultâneos)" in answer
    )


def test_a_model_named_also_in_a_one_model_thread_is_asked_about_instead(pipeline):
    # "também" beside one model asks the same of another, as "e o qwen3 8b?" does.
    answer = reply_in_thread(pipeline, "llama 3.1 8b numa l40s com 20 usuarios", "e com o qwen3 8b também?")
    assert understood(answer) == "Entendi: Qwen3 8B · 20 usuários simultâneos · 1× L40S 48 GB"


@pytest.mark.parametrize(
    "follow_up, left",
    [
        ("e sem o llama?", "Qwen3 8B"),
        ("tira o llama", "Qwen3 8B"),
        ("e sem o qwen?", "Llama 3.1 8B"),
        ("e tirando o qwen3?", "Llama 3.1 8B"),
        ("without qwen3?", "Llama 3.1 8B"),
    ],
)
def test_a_model_taken_out_of_a_thread_leaves_the_others_with_the_rest(pipeline, follow_up, left):
    # "e sem o llama?" had been "Não entendi o pedido: “sem”."
    answer = reply_in_thread(pipeline, TOGETHER, follow_up)
    assert understood(answer).endswith(f"{left} · inferência · 1× L40S 48 GB")
    assert "Servidos juntos" not in answer


def test_a_model_taken_out_of_three_leaves_two_together_at_the_threads_load(pipeline):
    first = "servir llama 3.1 8b, qwen3 14b e mistral 7b juntos pra 50 usuarios"
    answer = reply_in_thread(pipeline, first, "e sem o qwen?")
    assert (
        understood(answer) == "Entendi: Llama 3.1 8B + Mistral 7B v0.3 · inferência · 50 usuários simultâneos"
    )
    assert "Servidos juntos" in answer


def test_a_fifth_model_added_is_refused_with_the_limit(pipeline):
    first = "llama 8b, qwen 7b, gemma 3 4b e mistral 7b juntos na mesma gpu"
    answer = reply_in_thread(pipeline, first, "e se adicionar o phi 4?")
    assert "São 5 modelos para servir juntos" in answer and "“phi 4”" in answer


PEOPLE_AT_A_RATE = "chatbot com llama 3.1 8b para 300 usuários, 20 req/s"


@pytest.mark.parametrize(
    "follow_up, load",
    [
        # Only the rate changed: the thread's 300 people stay (they had been dropped, as a new load).
        ("40 req/s?", "300 pessoas · 40 requisições/s"),
        ("e com 40 req/s?", "300 pessoas · 40 requisições/s"),
        ("and 40 req/s?", "300 pessoas · 40 requisições/s"),
        ("e com 10 mil requisições por dia?", "300 pessoas · 10.000 requisições por dia"),
        # as a growth keeps both
        ("e se dobrar?", "600 pessoas · 40 requisições/s"),
        # the people said again replace the load
        ("e com 500 usuários?", "500 usuários simultâneos"),
    ],
)
def test_a_new_rate_in_a_thread_keeps_its_people(pipeline, follow_up, load):
    line = understood(reply_in_thread(pipeline, PEOPLE_AT_A_RATE, follow_up))
    assert line == f"Entendi: Llama 3.1 8B · {load} · atendimento e chat"


def test_a_new_rate_in_an_english_thread_keeps_its_people(pipeline):
    answer = reply_in_thread(pipeline, "llama 3.1 8b for 300 users at 20 req/s", "what about 40 req/s?")
    assert understood(answer) == "Understood: Llama 3.1 8B · 300 people · 40 requests/s"


def test_a_rate_after_users_alone_replaces_them(pipeline):
    # "200 usuários" alone were the load (at once): a rate is a new load, as before
    answer = reply_in_thread(pipeline, "llama 3.1 8b para 200 usuários", "e com 20 req/s?")
    assert understood(answer) == "Entendi: Llama 3.1 8B · 20 requisições/s"


def test_a_rate_after_a_head_count_alone_replaces_it(pipeline):
    # the head-count was the load (sizing/plan.py derived its rate from it): a rate said is the load now
    answer = reply_in_thread(pipeline, "llama 3.1 8b para uma base de 20 mil clientes", "e com 20 req/s?")
    assert understood(answer) == "Entendi: Llama 3.1 8B · 20 requisições/s"


@pytest.mark.parametrize(
    "first, follow_up, load",
    [
        # 200 users at once scaled past traffic.toml's head-count threshold stay at once: they had become
        # "2.000 pessoas", a head-count sized by its traffic
        ("llama 3.1 8b para 200 usuários", "e com 10x?", "2.000 usuários simultâneos"),
        ("llama 3.1 8b para 200 usuários", "e com 10 vezes mais usuários?", "2.000 usuários simultâneos"),
        ("llama 3.1 8b para 200 usuários", "e se crescer 1000%?", "2.200 usuários simultâneos"),
        ("llama 3.1 8b para 200 usuários", "e com 10 vezes?", "2.000 usuários simultâneos"),
        # a head-count scaled below it stays people (it had become 600 at once)
        ("llama 3.1 8b para 1200 usuários", "e com metade?", "600 pessoas"),
        ("llama 3.1 8b para 1200 usuários", "e com o dobro?", "2.400 pessoas"),
        ("llama 3.1 8b para 1200 usuários simultâneos", "e com metade?", "600 usuários simultâneos"),
        # beside a rate they are the people it comes from, scaled with it
        ("llama 3.1 8b para 300 usuários, 20 req/s", "e com 10x?", "3.000 pessoas · 200 requisições/s"),
    ],
)
def test_a_scaled_count_of_people_stays_what_the_threads_was(pipeline, first, follow_up, load):
    assert understood(reply_in_thread(pipeline, first, follow_up)) == f"Entendi: Llama 3.1 8B · {load}"


def test_a_scaled_count_of_users_at_once_in_english(pipeline):
    answer = reply_in_thread(pipeline, "llama 3.1 8b for 200 users", "and 10x?")
    assert understood(answer) == "Understood: Llama 3.1 8B · 2,000 concurrent users"
    assert "2,000 people" not in answer


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        # the numbers as every answer writes them (i18n.number, i18n.context): it had been "(8k → 9830 tokens)"
        ("llama 3.1 8b para 30 usuários com 8k", "e com 20% a mais?", "Dos usuários (30 → 36) ou do contexto (8k → 9.830 tokens)?"),
        ("llama 3.1 8b para 300 usuários com 8k", "e com 50% a mais?", "Dos usuários (300 → 450) ou do contexto (8k → 12.288 tokens)?"),
        ("llama 3.1 8b para 900 usuários simultâneos com 16k", "e 3x?", "Dos usuários (900 → 2.700) ou do contexto (16k → 49.152 tokens)?"),
        ("llama 3.1 8b for 30 users with 8k", "and 20% more?", "The users (30 → 36) or the context (8k → 9,830 tokens)?"),
        ("llama 3.1 8b for 900 concurrent users with 16k", "and 3x?", "The users (900 → 2,700) or the context (16k → 49,152 tokens)?"),
    ],
)  # fmt: skip
def test_a_bare_growth_asked_back_writes_its_numbers_as_answers_do(pipeline, first, follow_up, said):
    assert said in reply_in_thread(pipeline, first, follow_up).splitlines()[0]


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        # A choice of models names both, in the thread's follow-ups too: it had named the first alone.
        ("llama 70b vs qwen3 32b, 20 usuarios", None, "Llama 3.1 70B ou Qwen3 32B · 20 usuários simultâneos"),
        ("llama 70b vs qwen3 32b, 20 usuarios", "e com 40?", "Llama 3.1 70B ou Qwen3 32B · 40 usuários simultâneos"),
        ("llama 3.1 70b or qwen3 32b for 20 users?", "and with 8k?",
         "Llama 3.1 70B or Qwen3 32B · 8k context · 20 concurrent users"),
        # "e em fp8?" puts both at it (the Llama had been weighed at FP8 against the Qwen at 16 bits)
        ("llama 70b vs qwen3 32b, 20 usuarios", "e em fp8?",
         "Llama 3.1 70B ou Qwen3 32B · FP8 (8-bit) · 20 usuários simultâneos"),
        # a precision said once, after both, is both's; said with the first, the first's
        ("qwen3 32b ou llama 3.1 70b para 8k, em fp8", None, "Qwen3 32B ou Llama 3.1 70B · FP8 (8-bit) · 8k de contexto"),
        ("llama 70b em 4 bits ou qwen 32b", None,
         "Llama 3.1 70B em INT4 (AWQ/GPTQ g128) ou Qwen2.5 32B em BF16/FP16 (16-bit)"),
        ("qwen 72b em awq ou fp8?", None, "Qwen2.5 72B · INT4 (AWQ/GPTQ g128) ou FP8 (8-bit)"),
    ],
)  # fmt: skip
def test_a_choice_of_models_is_named_whole_in_the_understood_line(pipeline, first, follow_up, said):
    if follow_up is None:
        answer = pipeline.ask(first, Where("message")).text_answer
    else:
        answer = reply_in_thread(pipeline, first, follow_up)
    head = understood(answer).split(": ", 1)[1]
    assert head == said
    if said.endswith("· FP8 (8-bit) · 20 usuários simultâneos") or "· FP8 (8-bit) · 8k" in said:
        assert answer.count("· FP8 (8-bit)\n") >= 2  # both sides of the comparison at it


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        ("llama 3.1 8b para 20 usuarios", "e em Portugal?",
         "Entendi: Llama 3.1 8B · 20 usuários simultâneos · usuários na Europa (latência)"),
        ("llama 3.1 8b para 20 usuarios", "e se os usuários estiverem na Alemanha?",
         "Entendi: Llama 3.1 8B · 20 usuários simultâneos · usuários na Europa (latência)"),
        ("llama 3.1 8b for 20 users", "and for users in the UK?",
         "Understood: Llama 3.1 8B · 20 concurrent users · users in Europe (latency)"),
        ("qwen3 32b para 100 utilizadores em simultâneo", "e em Lisboa?",
         "Percebi: Qwen3 32B · 100 utilizadores em simultâneo · utilizadores na Europa (latência)"),
        # back home: the Europe note goes, and "Entendi" no longer says it
        ("llama 3.1 8b para 20 usuarios em Portugal", "e se forem usuários no Brasil?",
         "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
    ],
)  # fmt: skip
def test_users_placed_in_europe_by_a_follow_up_are_said_to_be_read(pipeline, first, follow_up, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == said
    europe = "176–192 ms de ida e volta da Europa" in answer or "from Western Europe" in answer
    assert europe == ("Europ" in said)
    assert "Não entendi" not in answer and "Not understood" not in answer


@pytest.mark.parametrize(
    "question", ["llama 3.1 8b for 20 users in Spain", "llama 3.1 8b para 20 usuários na Espanha"]
)
def test_a_place_in_europe_is_no_word_not_understood(pipeline, question):
    answer = pipeline.ask(question, Where("message")).text_answer
    assert "Europ" in understood(answer)
    assert "Spain" not in answer and "Espanha" not in answer  # it had been "Not understood: “Spain”."


SERVING = "llama 3.1 8b para 20 usuarios, 8k"


@pytest.mark.parametrize(
    "first, follow_up, said, line",
    [
        (SERVING, "lora?", "Entendi: Llama 3.1 8B · ajuste fino com LoRA",
         "Li “lora” como um ajuste fino do Llama 3.1 8B com LoRA (um treino), não como o atendimento desta "
         "conversa, que fica guardado: “e pra inferência?” volta a ele. Para servir adaptadores LoRA junto do "
         "modelo (multi-LoRA), diga quantos: “e servindo com 4 adaptadores lora?”."),
        (SERVING, "e com qlora?", "Entendi: Llama 3.1 8B · ajuste fino com QLoRA",
         "Li “qlora” como um ajuste fino do Llama 3.1 8B com QLoRA (um treino)"),
        (SERVING, "e com adaptadores lora?", "Entendi: Llama 3.1 8B · ajuste fino com LoRA",
         "Li “adaptadores lora” como um ajuste fino"),
        ("llama 3.1 8b for 20 users, 8k", "and with lora?", "Understood: Llama 3.1 8B · LoRA fine-tuning",
         "I read “lora” as fine-tuning Llama 3.1 8B with LoRA (a training run), not the serving of this thread"),
        ("qwen3 8b para 20 utilizadores em simultâneo", "lora?", "Percebi: Qwen3 8B · ajuste fino com LoRA",
         "Li “lora” como um ajuste fino do Qwen3 8B com LoRA (um treino), não como o serviço desta conversa"),
    ],
)  # fmt: skip
def test_a_method_alone_under_a_serving_answer_says_it_answered_a_fine_tune(
    pipeline, first, follow_up, said, line
):
    answer = reply_in_thread(pipeline, first, follow_up)
    lines = answer.splitlines()
    assert lines[0] == said
    assert lines[1].startswith(line)


@pytest.mark.parametrize(
    "follow_up", ["e pra treinar com lora?", "e se fizer fine-tune com lora?", "e com 4 loras?"]
)
def test_a_fine_tune_said_in_words_or_adapters_counted_get_no_such_line(pipeline, follow_up):
    answer = reply_in_thread(pipeline, SERVING, follow_up)
    assert "como um ajuste fino" not in answer
    assert "Não entendi" not in answer  # "fizer" had been a word not understood


def test_the_ways_back_the_line_offers_work(pipeline):
    """The line's own suggestions: adapters served with the thread's load, and its serving back."""
    trained = pipeline.ask("lora?", Where("message", thread_ts="1.0"),
                           base=pipeline.ask(SERVING, Where("message")).follow_from)  # fmt: skip
    base = trained.follow_from
    served = pipeline.ask("e servindo com 4 adaptadores lora?", Where("message", thread_ts="1.0"), base=base)
    assert understood(served.text_answer) == (
        "Entendi: Llama 3.1 8B · inferência · 8k de contexto · 20 usuários simultâneos · 4 adaptadores LoRA"
    )
    back = pipeline.ask("e pra inferência?", Where("message", thread_ts="1.0"), base=base)
    assert (
        understood(back.text_answer)
        == "Entendi: Llama 3.1 8B · inferência · 8k de contexto · 20 usuários simultâneos"
    )


@pytest.mark.parametrize(
    "question, said",
    [
        # "gente" counted is people (it had been "Não entendi: “50”" and a sizing for one user)
        ("llama 3.1 8b, 50 gente usando", "Entendi: Llama 3.1 8B · 50 usuários simultâneos"),
        ("llama 8b pra 30 gente", "Entendi: Llama 3.1 8B · 30 usuários simultâneos"),
        # "a gente" is "we": the people are the ones counted, the greeting no count
        ("a gente tem 200 pessoas, llama 3.1 8b", "Entendi: Llama 3.1 8B · 200 usuários simultâneos"),
        ("oi gente, llama 3.1 8b pra 20 usuarios", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
        ("a gente tem 2 h100, cabe o llama 70b?", "Entendi: Llama 3.1 70B · 2× H100 SXM 80 GB"),
    ],
)
def test_gente_counted_is_people_and_a_gente_is_we(pipeline, question, said):
    answer = pipeline.ask(question, Where("message")).text_answer
    assert answer.splitlines()[:2] == [said, ""]


@pytest.mark.parametrize("follow_up", ["e se fossem 50 gente?", "e se a gente tiver 50?", "e pra 50 gente?"])
def test_gente_in_a_follow_up_counts_the_threads_people(pipeline, follow_up):
    answer = reply_in_thread(pipeline, "llama 3.1 8b para 20 usuarios", follow_up)
    assert understood(answer) == "Entendi: Llama 3.1 8B · 50 usuários simultâneos"


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        # a period alone asks for the price in it (it had been "Não entendi o pedido")
        ("llama 3.1 70b para 20 usuários, 8k", "e por hora?",
         "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos · custo"),
        ("llama 3.1 70b para 20 usuários, 8k", "e o valor por mês?",
         "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos · custo"),
        ("llama 3.1 70b for 20 users, 8k", "and per month?",
         "Understood: Llama 3.1 70B · 8k context · 20 concurrent users · cost"),
        # a reply's "great" is no word left unread
        ("llama 3.1 70b para 20 usuários, 8k", "show, e na l40s?",
         "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos · L40S 48 GB"),
        # a training thread's examples, counted again past what any service's GPUs could be
        ("fine-tune lora do qwen2.5 7b com 10 mil exemplos", "e se fossem 100 mil?",
         "Entendi: Qwen2.5 7B · ajuste fino com LoRA · 100.000 exemplos de treino"),
        ("fine-tune lora do qwen2.5 7b com 10 mil exemplos", "e com 4?",
         "Entendi: Qwen2.5 7B · ajuste fino com LoRA · 4 GPUs · 10.000 exemplos de treino"),
        # how long, asked of a training: its sizing again, with its hours
        ("fine-tune lora do qwen2.5 7b com 10 mil exemplos", "quanto tempo leva?",
         "Entendi: Qwen2.5 7B · ajuste fino com LoRA · 10.000 exemplos de treino"),
        # written in English, answered in it
        ("fine-tune lora do qwen2.5 7b com 10 mil exemplos", "how long does it take?",
         "Understood: Qwen2.5 7B · LoRA fine-tuning · 10,000 training examples"),
    ],
)  # fmt: skip
def test_short_replies_people_type_under_an_answer(pipeline, first, follow_up, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    lines = answer.splitlines()
    assert lines[:2] == [said, ""]
    if "leva" in follow_up:
        # "≈ 0,9 hora de GPU": CLDR pt's "one" is a whole part of 0 or 1
        assert any(line.startswith("Estimativa: ") and re.search(r"horas? de GPU", line) for line in lines)
    if "long" in follow_up:
        assert any(line.startswith("Estimate: ") and "GPU-hours" in line for line in lines)


CHOICE = "llama 70b vs qwen3 32b, 20 usuarios"


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        # one model of the choice kept, with the thread's load (it had been "Não entendi o pedido"; "só o 70b"
        # a new question that lost the 20 users)
        (CHOICE, "e só o qwen?", "Entendi: Qwen3 32B · 20 usuários simultâneos"),
        (CHOICE, "e o llama sozinho?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        (CHOICE, "just the qwen?", "Entendi: Qwen3 32B · 20 usuários simultâneos"),
        (CHOICE, "só o 70b", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        # with the precision said with it, and no other's
        ("llama 70b em 4 bits ou qwen 32b em bf16, 10 usuarios", "e só o qwen?",
         "Entendi: Qwen2.5 32B · BF16/FP16 (16-bit) · 10 usuários simultâneos"),
        ("llama 70b em 4 bits ou qwen 32b, 10 usuarios", "e só o qwen?",
         "Entendi: Qwen2.5 32B · 10 usuários simultâneos"),
        ("llama 3.1 8b e qwen3 14b juntos para 50 usuários em fp8", "e só o qwen?",
         "Entendi: Qwen3 14B · FP8 (8-bit) · 50 usuários simultâneos"),
        # which is better: the comparison again, with its summary
        (CHOICE, "qual é melhor?", "Entendi: Llama 3.1 70B ou Qwen3 32B · 20 usuários simultâneos"),
        (CHOICE, "which one is better?", "Understood: Llama 3.1 70B or Qwen3 32B · 20 concurrent users"),
    ],
)  # fmt: skip
def test_a_choice_of_models_narrowed_or_weighed_again_in_its_thread(pipeline, first, follow_up, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == said
    assert ("Comparação" in answer or "Comparison" in answer) == (" ou " in said or " or " in said)
    if "melhor" in follow_up:
        assert "Em resumo: " in answer
    if "better" in follow_up:
        assert "In short: " in answer


@pytest.mark.parametrize(
    "first, follow_up, said",
    [
        ("llama 3.1 70b for 20 users, 8k", "make it 100 users",
         "Understood: Llama 3.1 70B · 8k context · 100 concurrent users"),
        ("llama 3.1 70b for 20 users, 8k", "same but 32k", "Understood: Llama 3.1 70B · 32k context · 20 concurrent users"),
        ("llama 3.1 70b for 20 users, 8k", "and just 10 users?",
         "Understood: Llama 3.1 70B · 8k context · 10 concurrent users"),
        # a context of a million tokens said after its word, or with "of": it had been training data, the
        # thread's 8k kept and a note that tokens mean nothing to a serving
        ("llama 4 scout for 20 users, 8k", "and with 1M tokens of context?",
         "Understood: Llama 4 Scout 17B-16E · 1M context · 20 concurrent users"),
        ("llama 4 scout para 20 usuários, 8k", "e com contexto de 1M tokens?",
         "Entendi: Llama 4 Scout 17B-16E · 1M de contexto · 20 usuários simultâneos"),
    ],
)  # fmt: skip
def test_english_and_million_token_contexts_in_a_thread(pipeline, first, follow_up, said):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert answer.splitlines()[:2] == [said, ""]


@pytest.mark.parametrize(
    "question, context, tokens",
    [
        ("llama 4 scout with 1M tokens of context", 2**20, None),
        ("llama 4 scout com contexto de 1M tokens", 2**20, None),
        ("llama 4 scout com contexto de 1 milhão de tokens", 10**6, None),
        ("lora llama 8b com 1M tokens", None, 10**6),  # data to train on, as before
    ],
)
def test_a_million_tokens_of_context_is_a_context(question, context, tokens):
    from sizing.query import parse

    w = parse(question).workload
    assert (w.context, w.tokens) == (context, tokens)


@pytest.mark.parametrize(
    "follow_up, said",
    [
        # one, said without a number: it had been "Não entendi o pedido", or the thread's 2 kept
        ("e numa só?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("e em uma única?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("and on just one?", "Understood: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("e numa única h100?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("e numa h100 só?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        # the card restated with another change keeps the thread's count
        ("e em 4 bits na h100?", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 2× H100 SXM 80 GB"),
    ],
)
def test_one_gpu_said_in_words_under_an_answer_on_two(pipeline, follow_up, said):
    answer = reply_in_thread(pipeline, "cabe um llama 70b em 2 h100?", follow_up)
    assert understood(answer) == said
    if "2×" not in said:
        assert "1× H100 SXM 80 GB: não cabe" in answer or "1× H100 SXM 80 GB: does not fit" in answer


def test_we_would_have_is_read_around_the_people(pipeline):
    answer = reply_in_thread(
        pipeline, "llama 3.1 8b para 200 funcionários", "e se a gente tiver 1000 pessoas?"
    )
    assert answer.splitlines()[:2] == ["Entendi: Llama 3.1 8B · 1.000 pessoas", ""]  # "tiver" had been unread
