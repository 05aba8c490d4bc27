"""Messages that ask for no sizing (sizing/topics.py): greetings and "who are you?" get the help in the
question's language; how to buy goes to the sales team; what the catalogue holds about a GPU or about what we
rent is answered from the data files; questions about the data (the DPO, the DPA, training on the customers'
data, logs, encryption, the LGPD, a regulator, open models from Chinese labs, sensitive data) get what the
product can state truthfully and send the rest to sales and legal. Each had been "Não entendi o pedido",
"Faltou dizer o modelo" or a list of what fits on a GPU."""

import pytest

from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from bot.rendering import render_help
from sizing.query import QueryError, parse

from .slack_harness import valid


@pytest.fixture
def pipeline(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    yield pipeline
    pipeline.log.close()


def _ask(pipeline, text: str):
    reply = pipeline.ask(text, Where("slash_command"))
    valid(reply.message.blocks)
    if reply.query is not None and reply.query.help:
        return reply, render_help(reply.lang, log=reply.query.help_log)
    return reply, reply.text_answer


@pytest.mark.parametrize(
    ("text", "lang"),
    [("oi", "pt-BR"), ("bom dia!", "pt-BR"), ("olá, tudo bem?", "pt-BR"), ("Hi", "en"), ("hello", "en"),
     ("o que você faz?", "pt-BR"), ("quem é você?", "pt-BR"), ("quem e vc", "pt-BR"), ("como funciona?", "pt-BR"),
     ("what can you do?", "en"), ("Good morning! What can you do?", "en"), ("how does this work?", "en"),
     ("Olá, bom dia. Como funciona isto?", "pt-BR"), ("quem és tu?", "pt-BR"), ("ajuda", "pt-BR"), ("?", "pt-BR")],
)  # fmt: skip
def test_a_greeting_or_a_question_about_the_bot_gets_the_help_in_its_language(pipeline, text, lang):
    reply, answer = _ask(pipeline, text)
    assert reply.query.help and reply.lang == lang
    assert answer.startswith("How to ask" if lang == "en" else "Como perguntar")


@pytest.mark.parametrize("text", ["oi, llama 70b para 10 usuários", "bom dia! qwen3 32b numa h100"])
def test_a_greeting_before_a_question_is_still_the_question(text):
    assert parse(text).workload.model is not None


@pytest.mark.parametrize(
    ("text", "said"),
    [("quero falar com um vendedor", "toque em “Quero uma proposta”"),
     ("como faço pra contratar?", "fale com o time comercial"),
     ("como faco para contratar", "fale com o time comercial"),
     ("how do I sign up?", "talk to the sales team"),
     ("vocês oferecem kubernetes?", "o time comercial responde"),
     ("vcs tem modelo pronto ou eu tenho que subir?", "nas quais vocês servem o modelo"),
     ("quanto tempo leva pra provisionar uma maquina?", "depende do estoque, que eu não vejo"),
     ("dá pra rodar on-premise?", "nos nossos data centers no Brasil"),
     ("can we run it on our premises?", "in our data centers in Brazil")],
)  # fmt: skip
def test_how_to_buy_goes_to_the_sales_team(pipeline, text, said):
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "needs_input" and said in answer
    assert "Não entendi" not in answer and "Faltou dizer o modelo" not in answer


@pytest.mark.parametrize(
    ("text", "first"),
    [("spot instances vocês tem?", "Instâncias spot (mais baratas, que podem ser interrompidas) não estão entre"),
     ("do you have spot instances?", "Spot instances (cheaper, and may be interrupted) are not among"),
     ("quantas gpus no máximo posso alugar?", "O máximo num serviço é de 32 GPUs: máquinas de até 8 GPUs, até 4"),
     ("infiniband entre os servidores?", "Dentro de cada máquina: L40S 48 GB por PCIe (64 GB/s por GPU);"),
     ("posso começar sob demanda e depois migrar pra reservada?", "Prazos, descontos e a mudança de um modo"),
     ("vocês têm gh200?", "Não alugamos gh200; alugamos as GPUs abaixo."),
     ("do you have GH200?", "We do not rent GH200; we rent the GPUs below.")],
)  # fmt: skip
def test_what_we_rent_answers_from_the_offering_with_the_question_first(pipeline, text, first):
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered"
    lines = answer.splitlines()
    assert lines[2].startswith(first)
    assert any(line.startswith("• H200 SXM 141 GB") for line in lines)  # the list of offering.toml


def test_the_network_between_machines_is_not_promised(pipeline):
    _, answer = _ask(pipeline, "infiniband entre os servidores?")
    assert "H100 SXM 80 GB por NVLink (900 GB/s por GPU)" in answer
    assert "não estão nos dados que tenho: o time comercial confirma" in answer


@pytest.mark.parametrize(
    ("text", "fact"),
    [("qual a banda de memória da h200?", "1× H200 SXM 141 GB: 135,1 GB utilizáveis por GPU, 4.800 GB/s de banda"),
     ("qual a largura de banda da l40s?", "1× L40S 48 GB: 43,0 GB utilizáveis por GPU, 864 GB/s de banda"),
     ("what is the memory bandwidth of the h100?", "1× H100 SXM 80 GB: 76.5 GB usable a GPU, 3,350 GB/s"),
     ("vocês tem nvlink nas h100?", "A H100 SXM 80 GB se liga às outras GPUs da mesma máquina por NVLink (900 GB/s"),
     ("tem nvlink na l40s?", "A L40S 48 GB se liga às outras GPUs da mesma máquina por PCIe (64 GB/s por GPU), sem NVLink")],
)  # fmt: skip
def test_a_gpus_facts_are_said_before_what_fits_on_it(pipeline, text, fact):
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered" and answer.splitlines()[2].startswith(fact)


@pytest.mark.parametrize(
    "text",
    ["reservado vs sob demanda pra 2 h100, qual a diferença?", "contrato anual de 4 h100 tem desconto?",
     "quero reservar 8 h200 por 12 meses"],
)  # fmt: skip
def test_contract_modes_asked_with_a_gpu_are_explained(pipeline, text):
    _, answer = _ask(pipeline, text)
    assert "Modos de contrato:" in answer
    assert "   Reservada: produção precisa da capacidade garantida" in answer
    assert (
        "Prazos, descontos e a mudança de um modo para outro o time comercial define na proposta." in answer
    )
    assert "Sem preços configurados" in answer  # the prices, when the offering sets them


@pytest.mark.parametrize("text", ["preciso de ajuda com o llama", "ajuda com o qwen"])
def test_a_family_named_with_help_is_asked_which_model(text):
    # "o llama" had been read as Ollama's default file (q4_k_m): names ignore spaces
    with pytest.raises(QueryError) as e:
        parse(text)
    assert e.value.key == "query.family_model"


@pytest.mark.parametrize(
    ("text", "key"),
    [("vocês tem DPO?", "query.topic_dpo"), ("do you have a DPO?", "query.topic_dpo"),
     ("quem é o encarregado de dados de vocês?", "query.topic_dpo"),
     ("vocês usam nossos dados pra treinar modelos?", "query.topic_training_data"),
     ("do you use our data to train models?", "query.topic_training_data"),
     ("os logs de inferencia ficam onde?", "query.topic_logs"),
     ("vocês guardam os prompts dos clientes?", "query.topic_logs"),
     # "logs das conversas" had been not understood; "chat logs" a chat to size with the model missing
     ("os logs das conversas ficam onde?", "query.topic_logs"),
     ("onde ficam os prompts que mandamos pro modelo?", "query.topic_logs"),
     ("onde ficam os logs do chatbot?", "query.topic_logs"),
     ("where are the chat logs stored?", "query.topic_logs"),
     ("os datacenters são em são paulo?", "query.topic_location"),
     ("os servidores ficam em qual estado?", "query.topic_location"),
     ("é seguro colocar dados de clientes nas gpus de vocês?", "query.topic_security"),
     ("tem criptografia em repouso?", "query.topic_security"),
     ("is it safe to put customer data on your gpus?", "query.topic_security"),
     ("precisamos de DPA assinado", "query.topic_dpa"),
     ("o texto que eu escrevo aqui no slack fica guardado onde?", "query.topic_bot_log"),
     ("posso apagar meus dados do registro de vocês?", "query.topic_bot_log"),
     ("resolução 4.893 do bacen, vocês atendem?", "query.topic_regulator"),
     ("somos regulados pelo bacen, os dados ficam no brasil?", "query.topic_regulator"),
     ("os dados saem do brasil se eu usar o deepseek?", "query.topic_china"),
     ("usar o qwen é seguro? os dados vão pra china?", "query.topic_china"),
     ("is the data going to china if I use qwen?", "query.topic_china"),
     ("é compliant com lgpd?", "query.topic_lgpd"), ("vocês são lgpd compliant?", "query.topic_lgpd"),
     ("temos dados de saúde de pacientes", "query.topic_sensitive_health"),
     ("dados de cartão de crédito PCI DSS", "query.topic_financial")],
)  # fmt: skip
def test_a_question_about_the_data_is_answered_not_misread(text, key):
    # "resolução 4.893" had been a model the catalogue lacks; "DPO" the training method, asking for a model
    with pytest.raises(QueryError) as e:
        parse(text)
    assert (e.value.key, e.value.hint_key) == (key, "query.residency_size")


def test_the_answers_about_the_data_promise_nothing_the_data_files_do_not_say(pipeline):
    _, answer = _ask(pipeline, "tem criptografia em repouso?")
    assert "não estão nos dados que tenho: o time comercial confirma por escrito" in answer
    _, answer = _ask(pipeline, "é compliant com lgpd?")
    assert "art. 33 da LGPD" in answer and "a base legal do tratamento é de vocês" in answer
    assert "o time comercial e o jurídico confirmam" in answer
    _, answer = _ask(pipeline, "usar o qwen é seguro? os dados vão pra china?")
    assert "as perguntas e respostas não são enviadas a quem publicou o modelo nem à China" in answer
    assert "Usar a API da própria DeepSeek ou da Alibaba é outra coisa" in answer


def test_what_the_request_log_keeps_is_said_with_the_retention_in_force(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"), retention_days=90)
    reply, answer = _ask(pipeline, "posso apagar meus dados do registro de vocês?")
    pipeline.log.close()
    assert reply.outcome == "needs_input"
    assert "Este bot registra a pergunta (sem e-mails, CPFs" in answer
    assert "As perguntas são apagadas após 90 dias." in answer
    assert "(LGPD, art. 18), peça a eles ou ao encarregado de dados (DPO)" in answer


@pytest.mark.parametrize(
    ("text", "note"),
    [("temos dados de saúde de pacientes, podemos usar o llama 70b com vocês?",
      "Dados de saúde são dados pessoais sensíveis (LGPD, art. 5º, II): só podem ser tratados nas hipóteses do art. 11"),
     ("dados de saúde sensíveis, llama 3.1 8b para 20 médicos", "Dados de saúde são dados pessoais sensíveis"),
     ("banco com dados bancários de clientes quer rodar qwen3 32b, precisa ficar no país",
      "Dados bancários e de cartão não estão entre os dados sensíveis da LGPD (art. 5º, II)"),
     ("dados de cartão de crédito PCI DSS, da pra rodar llama 8b?", "o PCI DSS para cartões")],
)  # fmt: skip
def test_sensitive_data_beside_a_model_is_sized_with_a_note(pipeline, text, note):
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered" and note in answer
    assert "Não entendi" not in answer  # "pacientes", "bancários", "PCI", "DSS" had been not understood


def test_a_model_asked_with_its_load_is_still_sized():
    # the data's subjects answer only a question with no load: these are sizings
    assert (
        parse("os dados ficam no brasil se eu usar o llama 70b com vocês?").workload.model == "llama-3.1-70b"
    )
    assert parse("deepseek v3 para 50 usuários, os dados saem do brasil?").workload.model == "deepseek-v3"
    assert parse("llama 8b com dpo").workload.method == "dpo"


@pytest.mark.parametrize(
    ("text", "note", "left"),
    [("spot? qwen3 32b", "Instâncias spot (mais baratas, que podem ser interrompidas) não estão entre", "spot"),
     ("vocês tem DPA? qwen3 32b para 20 usuários", "O acordo de tratamento de dados (DPA)", "DPA"),
     ("criptografia em repouso? llama 3.1 8b", "Criptografia (em repouso e em trânsito)", "criptografia"),
     # A standard's number had been read as a context ("ISO 27001": 27,001 tokens).
     ("vocês tem certificação ISO 27001? qwen3 32b", "Criptografia (em repouso e em trânsito)", "certificação"),
     ("llama 70b, do you have SOC 2 Type II?", "Encryption (at rest and in transit)", "SOC"),
     ("qwen3 32b 32k, temos que cumprir ISO/IEC 42001", "Criptografia (em repouso e em trânsito)", "ISO"),
     ("vocês guardam logs das requisições do llama 3.1 70b?", "Os prompts e os logs do serviço", "logs"),
     ("vocês usam nossos dados pra treinar? qwen2.5 7b com lora", "não para treinar modelos", "usam"),
     ("o que voces fazem com meus dados? llama 3.1 8b", "não para treinar modelos", "fazem"),
     ("quero falar com um vendedor sobre 8 h200 para llama 3.1 70b", "toque em “Quero uma proposta”", "vendedor"),
     ("do you keep logs of requests for llama 3.1 70b?", "The prompts and logs of the service", "logs"),
     ("do you have spot instances? qwen3 32b", "Spot instances (cheaper, and may be interrupted) are not among", "spot"),
     # Whether GPUs are free now or next week: "disponivel", "semana", "vem" had been listed as not understood.
     ("vcs tem h100 disponivel semana que vem? precisamos pra treinar um 8b", "não vejo o estoque em tempo real",
      "disponivel"),
     ("tem h100 disponível? llama 8b", "não vejo o estoque em tempo real", "disponível"),
     ("llama 3.1 8b, do you have h100s available next week?", "I do not see the stock in real time",
      "available")],
)  # fmt: skip
def test_a_subject_beside_a_model_is_answered_in_a_note_and_the_model_sized(pipeline, text, note, left):
    # the subject's words had been listed as not understood, and the subject left unanswered
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered" and note in answer
    assert "Não entendi" not in answer and "Not understood" not in answer and left not in reply.query.unknown
    assert "listados abaixo" not in answer and "{log}" not in answer  # said beside a sizing, not above a list


@pytest.mark.parametrize(
    "text",
    ["analisar os logs do servidor com llama 3.1 8b", "llama 70b para análise de segurança de código",
     "qwen3 32b para detectar vazamento de dados", "translate chinese documents with qwen3 32b for 10 users",
     # memory left is the answer's own figure, no stock asked after
     "quanta memória disponível sobra na h100 com llama 8b?"],
)  # fmt: skip
def test_words_of_a_workload_are_no_subject_beside_it(pipeline, text):
    # logs analysed, security reviewed, Chinese translated are the workload's, not a question about the service
    reply, _ = _ask(pipeline, text)
    assert reply.query.noted == []
    if "disponível" in text:
        assert reply.query.unknown == []


@pytest.mark.parametrize(
    ("text", "said"),
    [("obrigado!", "Por nada!"), ("valeu", "Por nada!"), ("vlw", "Por nada!"), ("muito obrigada", "Por nada!"),
     ("valeu pela ajuda!", "Por nada!"), ("thanks!", "You are welcome!"), ("thank you", "You are welcome!")],
)  # fmt: skip
def test_thanks_get_a_courteous_reply(pipeline, text, said):
    # "Não entendi o pedido" before
    reply, answer = _ask(pipeline, text)
    assert answer.startswith(said) and reply.outcome == "needs_input"


@pytest.mark.parametrize("text", ["oii", "oiii", "eae", "olaa"])
def test_a_greeting_typed_long_gets_the_help(pipeline, text):
    reply, answer = _ask(pipeline, text)
    assert reply.query.help and answer.startswith("Como perguntar")


@pytest.mark.parametrize(
    "text",
    ["contrato", "reserva", "qual o preço?", "quanto custa?", "quanto custa isso?", "how much does it cost?"],
)
def test_a_price_or_a_contract_asked_alone_gets_the_modes_and_prices(pipeline, text):
    # "Não entendi o pedido" / "Faltou dizer o modelo" before
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered"
    assert "Sem preços configurados" in answer or "No prices configured" in answer
    assert "Sob demanda:" in answer or "Reserved:" in answer


def test_the_price_of_gpus_named_is_answered_with_the_modes(pipeline):
    # a list of what fits on 2× H100, with no word of price, before
    _, answer = _ask(pipeline, "quanto sai por mes 2 h100")
    assert "Modos de contrato:" in answer and "Sem preços configurados" in answer


@pytest.mark.parametrize(
    ("text", "said"),
    [("quero falar com alguém", "fale com o time comercial"),
     ("quero falar com um humano", "fale com o time comercial"),
     ("can I talk to someone?", "talk to the sales team"),
     ("tem nota fiscal?", "Nota fiscal, faturamento e formas de pagamento são acertados com o time comercial"),
     ("vocês emitem nota fiscal?", "Nota fiscal, faturamento e formas de pagamento"),
     ("do you issue invoices?", "Invoices, billing and payment methods are agreed with the sales team"),
     ("o que é dpo?", "DPO (Direct Preference Optimization) é um ajuste fino por preferências"),
     ("o que é DPO", "`/gpu llama 3.1 8b com dpo`"),
     ("what is dpo?", "DPO (Direct Preference Optimization) is fine-tuning on preferences"),
     # "Não entendi: “épocas”": the epochs counted and what was published, with its sources
     ("quantas épocas?", "o Llama 2 usou 2 épocas (Touvron et al. 2023"),
     ("how many epochs should we run?", "LIMA 15 epochs over 1,000 examples (Zhou et al. 2023"),
     ("on-premise?", "Alugamos GPUs nos nossos data centers no Brasil"),
     ("on premise?", "Alugamos GPUs nos nossos data centers no Brasil")],
)  # fmt: skip
def test_bare_questions_get_their_subjects_answer(pipeline, text, said):
    # "Não entendi o pedido", "Faltou dizer o modelo", models suggested for reading invoices, or English before
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "needs_input" and said in answer


@pytest.mark.parametrize(
    "text",
    [
        "quantas épocas devo rodar no fine-tune do llama 3.1 8b?",
        "how many epochs for a lora of qwen2.5 7b, 50k examples?",
    ],
)
def test_epochs_asked_beside_a_training_are_answered_and_the_training_sized(text):
    # "épocas" had been listed as not understood beside the sizing.
    query = parse(text)
    assert query.workload.stage.is_training and query.unknown == [] and "epochs" in query.noted


def test_a_task_of_invoices_is_still_a_task():
    assert parse("extrair dados de notas fiscais com llama 3.1 8b").workload.task is not None


@pytest.mark.parametrize(
    "text",
    [
        "meus dados de saude podem ser processados? llama 3.1 8b",
        "dados de saúde processados pelo llama 3.1 8b",
    ],
)
def test_an_ordinary_word_is_not_corrected_to_a_keyword(pipeline, text):
    # "Li “processados” como processos."
    _, answer = _ask(pipeline, text)
    assert "como processos" not in answer and "Dados de saúde são dados pessoais sensíveis" in answer


@pytest.mark.parametrize(
    ("text", "model", "note"),
    [("vcs tem gh200? quero rodar o deepseek r1", "DeepSeek R1", "Não alugamos gh200: a resposta abaixo usa as GPUs"),
     ("vocês têm b100? llama 3.1 70b para 50 usuários", "Llama 3.1 70B", "Não alugamos b100"),
     ("do you have GH200? we want to run llama 3.1 70b", "Llama 3.1 70B", "We do not rent GH200: the answer below")],
)  # fmt: skip
def test_a_gpu_we_do_not_rent_asked_beside_a_model_is_said_and_the_model_sized(pipeline, text, model, note):
    # the list of what we rent, alone, before: the model never sized
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered" and note in answer and model in answer


@pytest.mark.parametrize(
    ("text", "model", "note"),
    [("o hunyuan large roda em 8 H100 com 20 usuarios? (talvez o mistral large 2407?)", "Mistral Large 2",
      "O Hunyuan-Large não está no catálogo que dimensiono"),
     ("O glm-4.5v cabe numa H200? se não, o qwen2.5 vl 72b serve?", "Qwen2.5-VL 72B",
      "O GLM-4.5V não está no catálogo"),
     ("does phi 4 multimodal fit on an l4? or llama 3.1 8b?", "Llama 3.1 8B",
      "Phi-4-multimodal is not in the catalogue I size")],
)  # fmt: skip
def test_a_model_refused_by_name_leaves_the_catalogued_one_sized(pipeline, text, model, note):
    # the refusal of the uncatalogued model had been the whole answer
    reply, answer = _ask(pipeline, text)
    assert reply.outcome == "answered" and note in answer and model in answer
    assert "Não entendi" not in answer


def test_a_model_refused_alone_is_still_refused():
    with pytest.raises(QueryError) as e:
        parse("hunyuan large para 10 usuarios")
    assert e.value.key == "query.uncatalogued"


@pytest.mark.parametrize(
    ("text", "models"),
    [("oi, o cliente perguntou se o nemotron nano 9b v2 roda numa L40S com 200 usuarios e 16k de contexto, e se o "
      "granite 4.0 h small seria melhor", ("nemotron", "granite")),
     ("llama 3.1 8b numa L40S com 50 usuários, ou se o qwen3 14b seria melhor", ("llama-3.1-8b", "qwen3")),
     ("does llama 3.1 8b run on an L40S with 50 users, and whether the qwen3 14b would be better",
      ("llama-3.1-8b", "qwen3"))],
)  # fmt: skip
def test_and_whether_another_model_would_be_better_is_a_comparison(text, models):
    # "O pedido se contradiz (modelo)" before
    query = parse(text)
    assert query.workload.model.lower().startswith(models[0]) and models[1] in " ".join(query.model_choices)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # The China-data answer had replaced the sizing, and "chinês", "espanhol", "into" were not understood.
        ("traduzir textos em chinês com qwen3 32b", "qwen3-32b"),
        ("deepseek v3 para responder em chinês", "deepseek-v3"),
        ("translate documents into chinese with qwen3 32b", "qwen3-32b"),
        ("llama 8b para traduzir textos em espanhol", "llama-3.1-8b"),
    ],
)
def test_the_language_a_model_works_in_is_no_question_about_china(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


@pytest.mark.parametrize(
    "text", ["vocês tem certificação ISO 27001? qwen3 32b", "llama 70b, SOC 2 Type II, 16k"]
)
def test_a_standards_number_is_no_context(text):
    # "ISO 27001" had sized Qwen3 32B at 27,001 tokens of context.
    workload = parse(text).workload
    assert workload.context in (None, 16_384)


@pytest.mark.parametrize(
    "text",
    ["os dados saem do brasil se eu usar vocês?", "vocês tem DPO?", "os logs das conversas ficam onde?",
     "preciso de ajuda com o llama", "qwen3 qual tamanho?"],
)  # fmt: skip
def test_a_reply_about_the_data_or_a_question_back_is_shown_without_a_warning_sign(pipeline, text):
    # Informative replies and questions back had been shown in Slack as ":warning: Nossas GPUs ficam no Brasil…"
    reply = pipeline.ask(text, Where("slash_command", user_id="U1"))
    shown = reply.message.blocks[0]["text"]["text"]
    assert ":warning:" not in shown, shown


def test_a_refusal_keeps_its_warning_sign(pipeline):
    reply = pipeline.ask("llama 70b -5 usuarios", Where("slash_command", user_id="U1"))
    assert reply.message.blocks[0]["text"]["text"].startswith(":warning: ")
