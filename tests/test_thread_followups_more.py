"""More follow-ups in a thread, as people reply to an answer (round two): each is read as the Slack app reads a
thread's message (tests/test_thread_followups.py's reply_in_thread) and its answer checked for what the user
sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where

from .test_thread_followups import reply_in_thread, understood


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads_more") / "log.db"))


CHAT = "chatbot com llama 3.1 70b para 200 usuários"
CHAT_EN = "llama 3.1 70b chatbot for 200 users"


@pytest.mark.parametrize(
    "first, follow_up, line",
    [
        # "one" is the count: these had been "Não entendi o pedido"
        (CHAT_EN, "can we do it on one gpu?", "Understood: Llama 3.1 70B · 200 concurrent users · 1 GPU"),
        (CHAT_EN, "does it fit in one card?", "Understood: Llama 3.1 70B · 200 concurrent users · 1 GPU"),
        (CHAT, "cabe em uma gpu?", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · 1 GPU"),
        (CHAT, "e com uma placa?", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · 1 GPU"),
    ],
)
def test_one_gpu_said_in_words_is_one_gpu(pipeline, first, follow_up, line):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer).startswith(line)
    assert "1× " in answer


PT_KEPT = "Entendi: Llama 3.1 70B · 200 usuários simultâneos · "


@pytest.mark.parametrize(
    "follow_up, card, kept",
    [("e com 4090?", "RTX 4090 24 GB", PT_KEPT), ("e 4090?", "RTX 4090 24 GB", PT_KEPT),
     # written in English, answered in it (the thread had kept Portuguese)
     ("what about a 5090?", "RTX 5090 32 GB", "Understood: Llama 3.1 70B · 200 concurrent users · "),
     ("e usando 3090?", "RTX 3090 24 GB", PT_KEPT)],
)  # fmt: skip
def test_a_geforce_by_its_number_is_the_card_not_people(pipeline, follow_up, card, kept):
    # "e com 4090?" had been 4.090 people
    answer = understood(reply_in_thread(pipeline, CHAT, follow_up))
    assert answer.startswith(kept)
    assert card in answer
    assert "4.090" not in answer and "4,090" not in answer


def test_a_number_said_as_people_stays_people(pipeline):
    assert "4.090 pessoas" in understood(reply_in_thread(pipeline, CHAT, "e se forem 4090?"))


@pytest.mark.parametrize(
    "first, follow_up, line",
    [
        # the thread's family at another release, the same size: each had been "Não entendi o pedido"
        (CHAT, "e com a versão 3.3?", "Entendi: Llama 3.3 70B · 200 usuários simultâneos · atendimento e chat"),
        (CHAT, "e o 3.3?", "Entendi: Llama 3.3 70B · 200 usuários simultâneos · atendimento e chat"),
        (CHAT_EN, "and version 3.3?", "Understood: Llama 3.3 70B · 200 concurrent users · support and chat"),
        ("qwen2.5 32b com 8k para 20 usuários", "e com a versão 3?",
         "Entendi: Qwen3 32B · 8k de contexto · 20 usuários simultâneos"),
        ("gemma 3 27b para 10 usuários", "e a versão 2?", "Entendi: Gemma 2 27B · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_another_release_of_the_thread_s_family(pipeline, first, follow_up, line):
    assert understood(reply_in_thread(pipeline, first, follow_up)) == line


def test_a_release_the_catalogue_lacks_is_not_guessed(pipeline):
    answer = reply_in_thread(pipeline, CHAT, "e com a versão 9.9?")
    assert "Llama 3.1 70B" not in understood(answer)
    assert "9.9" in answer


def test_all_day_every_day_in_a_thread_of_people_at_once_says_what_it_means(pipeline):
    # "e se for 24/7?" had been "Não entendi o pedido": the same load, the month whole, said
    answer = reply_in_thread(pipeline, CHAT, "e se for 24/7?")
    assert (
        understood(answer) == "Entendi: Llama 3.1 70B · 200 usuários simultâneos · 24/7 · atendimento e chat"
    )
    assert "24/7: as GPUs ficam ligadas o mês inteiro (730 h)" in answer


@pytest.mark.parametrize(
    "first, follow_up, line, said",
    [
        ("llama 3.1 8b, 10 mil chamadas por dia, horário comercial", "e se for 24/7?",
         "Entendi: Llama 3.1 8B · 10.000 requisições por dia · 24/7",
         "10.000 requisições por dia, 24/7: espalhadas pelas 24 horas, sem hora de pico, 6,9 requisições/min em média"),
        ("llama 3.1 8b chatbot, 10k calls a day", "what if it's 24/7?",
         "Understood: Llama 3.1 8B · 10,000 requests a day · 24/7 · support and chat",
         "10,000 requests a day, 24/7: spread over the 24 hours with no peak hour, 6.9 requests/min on average"),
    ],
)  # fmt: skip
def test_all_day_spreads_a_daily_volume_over_the_day(pipeline, first, follow_up, line, said):
    # the day's requests at every hour: no working day's peak hour (15% of them), and business hours gone
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    assert said in answer
    assert "horário comercial" not in answer


def test_a_schedule_after_all_day_replaces_it(pipeline):
    answer = pipeline.ask("llama 3.1 8b, 10 mil chamadas por dia, 24/7", Where("message"))
    assert "24/7" in understood(answer.text_answer)
    later = pipeline.ask(
        "e só em horário comercial?", Where("message", thread_ts="1.0"), base=answer.follow_from
    )
    assert (
        understood(later.text_answer)
        == "Entendi: Llama 3.1 8B · 10.000 requisições por dia · horário comercial"
    )


@pytest.mark.parametrize(
    "first, follow_up, note",
    [
        # each had been "Não entendi o pedido": the thread's sizing, with what is true elsewhere said
        (CHAT, "e na aws?", "Em outra nuvem (AWS), a memória é a mesma"),
        (CHAT, "e no runpod?", "Em outra nuvem (RunPod), a memória é a mesma"),
        (CHAT, "e se rodar no google cloud?", "Em outra nuvem (Google Cloud), a memória é a mesma"),
        (CHAT_EN, "what about on azure?", "On another cloud (Azure), the memory is the same"),
        (CHAT, "e na nuvem de vocês?", "Nas nossas GPUs, em data centers no Brasil: é a resposta abaixo."),
        (CHAT_EN, "and with you guys?", "On our GPUs, in data centers in Brazil: that is the answer below."),
        (CHAT, "e num servidor on-premise?", "Nos servidores de vocês, a memória é a mesma em GPUs iguais"),
        (CHAT, "e nos nossos servidores?", "Nos servidores de vocês, a memória é a mesma em GPUs iguais"),
        (CHAT_EN, "and on our own servers?", "On your own servers the memory is the same on the same GPUs"),
    ],
)  # fmt: skip
def test_where_it_runs_keeps_the_sizing_and_says_what_changes_there(pipeline, first, follow_up, note):
    answer = reply_in_thread(pipeline, first, follow_up)
    lines = answer.splitlines()
    assert lines[0].startswith(
        ("Entendi: Llama 3.1 70B · 200 usuários", "Understood: Llama 3.1 70B · 200 concurrent")
    )
    assert lines[1].startswith(note)
    assert "Não entendi" not in answer and "Not understood" not in answer


def test_another_cloud_says_we_cannot_price_it_and_what_the_lgpd_asks(pipeline):
    note = reply_in_thread(pipeline, CHAT, "e na aws?").splitlines()[1]
    assert "não temos os preços nem a oferta de lá" in note
    assert "das nossas GPUs, no Brasil" in note
    assert "LGPD" in note and "art. 33" in note


@pytest.mark.parametrize(
    "first, follow_up, lead, line",
    [
        # "vocês têm h100?" had sized the H100 with no word on whether we rent it: the yes or no leads
        (CHAT, "vocês têm h100?", "Sim, alugamos H100 SXM 80 GB: a conta abaixo é nela.",
         "Entendi: Llama 3.1 70B · 200 usuários simultâneos · H100 SXM 80 GB · atendimento e chat"),
        (CHAT, "vcs tem 4090?", "Não alugamos RTX 4090 24 GB: a conta abaixo vale para quem a tem",
         "Entendi: Llama 3.1 70B · 200 usuários simultâneos · RTX 4090 24 GB · atendimento e chat"),
        (CHAT_EN, "do you have b200?", "We do not rent B200 180 GB: the sums below hold for whoever has one",
         "Understood: Llama 3.1 70B · 200 concurrent users · B200 180 GB · support and chat"),
    ],
)  # fmt: skip
def test_whether_we_rent_the_card_asked_leads_the_thread_s_sizing_on_it(
    pipeline, first, follow_up, lead, line
):
    lines = reply_in_thread(pipeline, first, follow_up).splitlines()
    assert lines[0].startswith(lead)
    assert lines[1] == line


LORA = "fine-tuning lora do llama 3.1 8b com 10 mil exemplos"


@pytest.mark.parametrize(
    "first, follow_up, line, note",
    [
        # people under a fine-tune had been added to the training ("ajuste fino com LoRA · 500 usuários ·
        # 10.000 exemplos de treino"): they use the tuned model, served
        # written in English, answered in it under a Portuguese thread
        (LORA, "what if we had 500 users?", "Understood: Llama 3.1 8B · inference · 500 concurrent users",
         "Those who use the service call the finished model, not the training run"),
        (LORA, "e com 500 usuários?", "Entendi: Llama 3.1 8B · inferência · 500 usuários simultâneos",
         "Quem usa o serviço chama o modelo pronto, não o treino"),
        ("lora fine-tune of qwen3 8b on 5k examples", "what if we had 500 users?",
         "Understood: Qwen3 8B · inference · 500 concurrent users",
         "Those who use the service call the finished model, not the training run"),
    ],
)  # fmt: skip
def test_people_under_a_fine_tune_are_served_the_tuned_model(pipeline, first, follow_up, line, note):
    lines = reply_in_thread(pipeline, first, follow_up).splitlines()
    assert lines[0] == line
    assert lines[1].startswith(note)


def test_people_under_a_fine_tune_that_is_served_change_its_serving(pipeline):
    # the thread already serves the tuned model: its people change, the training stays beside them
    answer = reply_in_thread(
        pipeline, "fine-tune lora do llama 3.1 8b e depois servir pra 50 usuários", "e com 500 usuários?"
    )
    assert understood(answer) == "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 500 usuários simultâneos"


@pytest.mark.parametrize(
    "follow_up, line",
    [("e com o dobro de exemplos?", "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 20.000 exemplos de treino"),
     # written in English, answered in it
     ("and with twice the examples?", "Understood: Llama 3.1 8B · LoRA fine-tuning · 20,000 training examples"),
     ("e com metade dos dados?", "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 5.000 exemplos de treino"),
     ("e com o triplo de exemplos?", "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 30.000 exemplos de treino")],
)  # fmt: skip
def test_a_training_thread_s_examples_scaled(pipeline, follow_up, line):
    # "e com o dobro de exemplos?" had been "Não entendi o pedido: “dobro”, “exemplos”"
    assert understood(reply_in_thread(pipeline, LORA, follow_up)) == line


def test_examples_scaled_with_none_in_the_thread_are_not_understood(pipeline):
    assert "Não entendi" in reply_in_thread(pipeline, CHAT, "e com o dobro de exemplos?")


@pytest.mark.parametrize(
    "first, follow_up, line, note",
    [
        # had been "Entendi: Qwen3 32B ou Llama 3.1 70B" (a choice), or a new question with the people gone
        (CHAT, "trocar o llama 3.1 70b pelo qwen3 32b",
         "Entendi: Qwen3 32B · 200 usuários simultâneos · atendimento e chat",
         "Troca: Llama 3.1 70B → Qwen3 32B; o resto fica como estava."),
        (CHAT, "e se trocar o llama pelo qwen3 32b em fp8?",
         "Entendi: Qwen3 32B · FP8 (8-bit) · 200 usuários simultâneos · atendimento e chat",
         "Troca: Llama 3.1 70B → Qwen3 32B; o resto fica como estava."),
        (CHAT, "troca pro qwen3 32b", "Entendi: Qwen3 32B · 200 usuários simultâneos · atendimento e chat",
         "Troca: Llama 3.1 70B → Qwen3 32B; o resto fica como estava."),
        (CHAT_EN, "switch to qwen3 32b", "Understood: Qwen3 32B · 200 concurrent users · support and chat",
         "Switch: Llama 3.1 70B → Qwen3 32B; the rest stays as it was."),
        (CHAT_EN, "swap llama 70b for qwen3 32b", "Understood: Qwen3 32B · 200 concurrent users · support and chat",
         "Switch: Llama 3.1 70B → Qwen3 32B; the rest stays as it was."),
        (CHAT, "trocar a h100 pela h200",
         "Entendi: Llama 3.1 70B · 200 usuários simultâneos · H200 SXM 141 GB · atendimento e chat",
         "Troca: H100 SXM 80 GB → H200 SXM 141 GB; o resto fica como estava."),
    ],
)  # fmt: skip
def test_one_model_put_in_another_s_place_is_that_model_alone(pipeline, first, follow_up, line, note):
    lines = reply_in_thread(pipeline, first, follow_up).splitlines()
    assert lines[:2] == [line, note]
    assert " ou " not in lines[0]


def test_a_switch_asked_first_is_the_new_model_weighed_against_the_old(pipeline):
    # A first question's move is a migration: the new model in full, the one in use weighed beside it.
    lines = pipeline.ask("trocar o llama 3.1 70b pelo qwen3 32b", Where("message")).text_answer.splitlines()
    assert lines[:2] == ["Entendi: Qwen3 32B", "Troca: Llama 3.1 70B → Qwen3 32B."]
    assert lines[3] == "Comparação (a mesma carga para os dois)"


@pytest.mark.parametrize(
    "first, follow_up, line, load",
    [
        # each had been "Não entendi o pedido": the thread's load as a batch of a day, at one pace
        ("llama 3.1 8b, 10 mil chamadas por dia", "e pra batch?", "Entendi: Llama 3.1 8B · lote de 10.000 pedidos em 1 dia",
         "Carga: 6,9 requisições/min contínuas (10.000 pedidos ÷ 1 dia)"),
        ("llama 3.1 8b, 10 mil chamadas por dia", "e se for em lote?",
         "Entendi: Llama 3.1 8B · lote de 10.000 pedidos em 1 dia", "Carga: 6,9 requisições/min contínuas"),
        ("llama 3.1 8b with 5 req/s", "and as a batch job?", "Understood: Llama 3.1 8B · a batch of 432,000 requests in 1 day",
         "Load: 5.0 requests/s steady (432,000 requests ÷ 1 day)"),
    ],
)  # fmt: skip
def test_a_thread_s_load_as_a_batch(pipeline, first, follow_up, line, load):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    assert load in answer


def test_a_batch_of_people_at_once_asks_what_to_process(pipeline):
    reply = pipeline.ask(CHAT, Where("message"))
    asked = pipeline.ask("e pra batch?", Where("message", thread_ts="1.0"), base=reply.follow_from)
    assert asked.outcome == "needs_input"
    assert asked.text_answer.startswith(
        "Em lote, ninguém espera cada resposta: diga quantos itens e em quanto tempo"
    )


@pytest.mark.parametrize(
    "follow_up, line",
    [
        # each had been "Não entendi o pedido" (or the answer beside "Não entendi: “crescer”, “ano”, “vem”")
        ("and in english?", "Understood: Llama 3.1 70B · 200 concurrent users · support and chat"),
        ("e em inglês?", "Understood: Llama 3.1 70B · 200 concurrent users · support and chat"),
        ("e se precisar de resposta mais rápida?",
         "Entendi: Llama 3.1 70B · 200 usuários simultâneos · respostas rápidas · atendimento e chat"),
        # written in English, answered in English (they had kept the thread's Portuguese)
        ("what if we need faster answers?",
         "Understood: Llama 3.1 70B · 200 concurrent users · fast answers · support and chat"),
        ("qual o gargalo?", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · atendimento e chat"),
        ("e se a gente crescer pra 500 usuários ano que vem?",
         "Entendi: Llama 3.1 70B · 500 usuários simultâneos · atendimento e chat"),
        ("what if we grow to 500 users next year?",
         "Understood: Llama 3.1 70B · 500 concurrent users · support and chat"),
    ],
)  # fmt: skip
def test_more_follow_ups_people_type(pipeline, follow_up, line):
    answer = reply_in_thread(pipeline, CHAT, follow_up)
    assert understood(answer) == line
    assert "Não entendi" not in answer and "Not understood" not in answer


def test_sensitive_data_said_in_a_thread_earns_the_law_s_note(pipeline):
    lines = reply_in_thread(pipeline, CHAT, "e com dados de saúde?").splitlines()
    assert lines[0] == "Entendi: Llama 3.1 70B · 200 usuários simultâneos · atendimento e chat"
    assert lines[1].startswith("Dados de saúde são dados pessoais sensíveis (LGPD, art. 5º, II)")


@pytest.mark.parametrize("follow_up", ["e se eu quiser treinar em 2 dias?", "e pra treinar em 2 dias?"])
def test_training_said_again_in_a_fine_tune_thread_is_that_fine_tune(pipeline, follow_up):
    # it had become "treino do zero / pré-treino contínuo"
    answer = reply_in_thread(pipeline, LORA, follow_up)
    assert (
        understood(answer)
        == "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 10.000 exemplos de treino · 2 dias"
    )


@pytest.mark.parametrize(
    "follow_up, line",
    [
        ("what's the throughput?", "Understood: Llama 3.1 70B · 200 concurrent users · support and chat"),
        ("would a 4090 work?",
         "Understood: Llama 3.1 70B · 200 concurrent users · 1× RTX 4090 24 GB · support and chat"),
        ("is that the cheapest option?",
         "Understood: Llama 3.1 70B · 200 concurrent users · cheaper options · support and chat"),
    ],
)  # fmt: skip
def test_english_follow_ups_read_whole(pipeline, follow_up, line):
    # "what's the throughput?" had been "I didn't understand the request"; the others said "Not understood: “work”"
    answer = reply_in_thread(pipeline, CHAT_EN, follow_up)
    assert understood(answer) == line
    assert "Not understood" not in answer


def test_people_under_a_qlora_are_served_the_merged_16_bit_model_on_its_own_gpus(pipeline):
    # served as a training's serving is (sizing/serve_after.py): the 4-bit base was how it trained, and the run's
    # 8 GPUs were the run's (it had kept both: "GGUF Q4_K_M", "8× H200 … Mas 1× H200 já basta")
    answer = reply_in_thread(pipeline, "mixtral 8x7b qlora 8 gpus", "e com 20 usuários?")
    assert understood(answer) == "Entendi: Mixtral 8x7B · inferência · 20 usuários simultâneos"
    assert "Mixtral 8x7B · BF16/FP16 (16-bit) · 4.096 tokens de contexto · 20 usuários simultâneos" in answer
    assert "8× H200" not in answer


def test_a_rate_under_a_pretraining_serves_the_trained_model_in_its_unit(pipeline):
    lines = reply_in_thread(pipeline, "phi-4 do zero 200B tokens", "e com 500 req/min?").splitlines()
    assert lines[0] == "Entendi: Phi-4 14B · inferência · 500 requisições/min"
    assert lines[1].startswith(
        "Quem usa o serviço chama o modelo pronto, não o treino: abaixo, o modelo treinado"
    )


RAG = "rag com qwen3 32b, 120 req/min, prompts de 8k tokens, respostas de 300"


@pytest.mark.parametrize(
    "follow_up, line, switch",
    [("e se usarmos o qwen3 14b no lugar?", "Entendi: Qwen3 14B · prompts de 8.000 tokens · respostas de 300 tokens",
      "Troca: Qwen3 32B → Qwen3 14B; o resto fica como estava."),
     # written in English, answered in it
     ("what about qwen3 14b instead?", "Understood: Qwen3 14B · prompts of 8,000 tokens · answers of 300 tokens",
      "Switch: Qwen3 32B → Qwen3 14B; the rest stays as it was.")],
)  # fmt: skip
def test_a_model_said_instead_replaces_the_thread_s(pipeline, follow_up, line, switch):
    lines = reply_in_thread(pipeline, RAG, follow_up).splitlines()
    assert lines[0].startswith(line)
    assert lines[1] == switch


def test_a_precision_said_instead_is_read_whole(pipeline):
    answer = reply_in_thread(pipeline, RAG, "e em fp8 no lugar?")
    assert understood(answer).startswith("Entendi: Qwen3 32B · FP8 (8-bit) · ")
    assert "Não entendi" not in answer


CHAT_EN_8B = "llama 3.1 8b chatbot for 50 users"


@pytest.mark.parametrize(
    "follow_up, first_line",
    [
        # "do you guys have h200?" had sized the H200 with no yes or no; "what if we host it ourselves?" and "what
        # if we double it?" had been "I didn't understand the request"
        ("do you guys have h200?", "Yes, we rent H200 SXM 141 GB: the sums below are on it."),
        ("can we rent 2 h100s?", "Yes, we rent H100 SXM 80 GB: the sums below are on it."),
        ("what if we double it?", "Understood: Llama 3.1 8B · 100 concurrent users · support and chat"),
        ("what if we host it ourselves?", "Understood: Llama 3.1 8B · 50 concurrent users · support and chat"),
        ("let's switch to mistral small",
         "Understood: Mistral Small 3 24B · 50 concurrent users · support and chat"),
    ],
)  # fmt: skip
def test_english_thread_phrasings(pipeline, follow_up, first_line):
    answer = reply_in_thread(pipeline, CHAT_EN_8B, follow_up)
    assert answer.splitlines()[0] == first_line
    assert "didn't understand" not in answer


def test_hosting_it_ourselves_says_what_holds_on_our_own_servers(pipeline):
    note = reply_in_thread(pipeline, CHAT_EN_8B, "what if we host it ourselves?").splitlines()[1]
    assert note.startswith("On your own servers the memory is the same on the same GPUs")
