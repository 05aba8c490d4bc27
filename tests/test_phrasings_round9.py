"""Questions as people in different roles type them in Slack, ninth round (2026-12-06): a hospital's triage
assistant, a law firm's contract review, a university's tutoring bot, a telecom's call centre, a city hall's
citizen service, a fintech's fraud explanations and an e-commerce's product search; a number after "para" or a
year beside a model, prompts counted at once with their length, a reply's time said of a turn or a message, the
users a GPU holds asked with no model, Spanish words beside a Portuguese question, and a thread's bare count of
GPUs. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, understood_lines

from .test_thread_followups import reply_in_thread, understood


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a number after "para"/"pra"/"for" beside a model: the people, never a year ---------------------------------


@pytest.mark.parametrize(
    ("text", "understood", "said"),
    [
        # "para 2000" at the sentence's end had been read as the year 2000, and dropped
        ("llama 8b para 2000", "Llama 3.1 8B · 2.000 pessoas", "Li “2000” como o número de usuários"),
        ("qwen 32b pra 1990", "Qwen2.5 32B · 1.990 pessoas", "Li “1990” como o número de usuários"),
        ("deepseek v3 for 2025", "DeepSeek V3 · 2,025 people", "I read “2025” as the number of users"),
        # serving said in words ("rodar") had left it a 2,000-token context
        (
            "qual gpu pra rodar llama 70b pra 2000?",
            "Llama 3.1 70B · inferência · 2.000 pessoas",
            "Li “2000” como o número de usuários",
        ),
        ("rodar llama 70b pra 400", "Llama 3.1 70B · inferência · 400 usuários simultâneos", "Li “400” como"),
    ],
)
def test_a_number_for_whom_beside_a_model_is_the_people(capsys, text, understood, said):
    out = answer(capsys, text)
    assert out.splitlines()[0].split(": ", 1)[1] == understood
    assert said in out


def test_a_number_beside_a_training_stays_its_sequence(capsys):
    assert "400 tokens de contexto" in answer(capsys, "lora llama 8b pra 400").splitlines()[0]


def test_a_year_after_a_plan_is_still_a_date(capsys):
    # "planos para 2026" names no model before it: a date, no head-count
    lines = understood_lines(capsys, "planos para 2026, llama 8b com 20 usuários")
    assert lines[0] == "Entendi: Llama 3.1 8B · 20 usuários simultâneos"


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # a release's year right after the name had been 2,025 people or a 2,024-token context
        ("deepseek v3 2025", "Entendi: DeepSeek V3"),
        ("qwen 32b de 2025", "Entendi: Qwen2.5 32B"),
        ("llama 8b 2024", "Entendi: Llama 3.1 8B"),
        ("deepseek v3 2025 pra 300 usuários", "Entendi: DeepSeek V3 · 300 usuários simultâneos"),
        ("llama 8b 2024 com 50 usuários", "Entendi: Llama 3.1 8B · 50 usuários simultâneos"),
    ],
)
def test_a_release_year_after_a_model_counts_nobody(capsys, text, understood):
    out = answer(capsys, text)
    assert out.splitlines()[0] == understood
    assert not any(word in out for word in UNKNOWN)
    assert "2.02" not in out.splitlines()[2]  # neither a context nor people of 2,024 or 2,025


def test_a_year_counting_people_stays_a_count(capsys):
    assert understood_lines(capsys, "llama 8b 2024 usuários")[0] == "Entendi: Llama 3.1 8B · 2.024 pessoas"


# -- prompts counted at once, with their length --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # "time of 500" had been a team of 500 people, and "64", "prompts" left unread
        (
            "llama 8b 64 prompts at a time of 500 tokens",
            "Understood: Llama 3.1 8B · a batch of 64 requests at once · prompts of 500 tokens",
        ),
        # the length had been the context
        (
            "llama 8b 64 prompts simultâneos de 500 tokens",
            "Entendi: Llama 3.1 8B · 64 usuários simultâneos · prompts de 500 tokens",
        ),
        # the count had been left unread
        (
            "llama 8b 64 prompts de 500 tokens ao mesmo tempo",
            "Entendi: Llama 3.1 8B · 64 usuários simultâneos · prompts de 500 tokens",
        ),
        (
            "llama 8b 64 requests in parallel of 500 tokens",
            "Understood: Llama 3.1 8B · 64 concurrent users · prompts of 500 tokens",
        ),
        # "simultaneous" after the noun had left the length a context
        (
            "128 requests simultaneous of 2k tokens with llama 8b",
            "Understood: Llama 3.1 8B · 128 concurrent users · prompts of 2,000 tokens",
        ),
        (
            "64 requisições em paralelo com prompts de 2k no llama 8b",
            "Entendi: Llama 3.1 8B · 64 usuários simultâneos · prompts de 2.000 tokens",
        ),
    ],
)
def test_prompts_at_once_of_a_length(capsys, text, understood):
    out = answer(capsys, text)
    assert out.splitlines()[0] == understood
    assert not any(word in out for word in UNKNOWN)


# -- a reply's time said of a turn, a message, the whole answer -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "target", "typed"),
    [
        # each had been "Não entendi: “turno”, “1s”" or "“1,5”, “s”"
        ("llama 8b cada turno até 1s", "primeiro token ≤ 1,0 s", "turno até 1s"),
        (
            "qwen 14b 40 usuarios cada mensagem em no máximo 1,5 s",
            "primeiro token ≤ 1,5 s",
            "mensagem em no máximo 1,5 s",
        ),
    ],
)
def test_a_turn_or_a_message_in_a_time_is_its_first_token_said_so(capsys, text, target, typed):
    out = answer(capsys, text)
    assert out.splitlines()[0].endswith(target)
    assert f"Li “{typed}” como o tempo até o primeiro token" in out
    assert "resposta completa em até" in out  # how to ask for the whole reply's time
    assert not any(word in out for word in UNKNOWN)


def test_each_turn_in_english(capsys):
    out = answer(capsys, "llama 8b 30 usuários, each turn under 800 ms")
    assert "first token ≤ 0.8 s" in out.splitlines()[0]
    assert "Read “turn under 800 ms” as the time to the first token" in out


def test_a_whole_reply_of_a_length_in_a_time(capsys):
    # the time after the length had been left unread ("3s")
    out = answer(capsys, "llama 8b resposta completa de 300 tokens em 3s")
    assert out.splitlines()[0] == (
        "Entendi: Llama 3.1 8B · respostas de 300 tokens · resposta completa ≤ 3,0 s"
    )
    assert "respostas completas de 300 tokens em até 3,0 s" in out
    assert not any(word in out for word in UNKNOWN)


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("llama 8b first token under 300ms", "first token ≤ 0.3 s"),
        ("llama 8b p95 abaixo de 800 ms", "p95 · primeiro token ≤ 0,8 s"),
        ("llama 8b resposta completa em 3s", "resposta completa ≤ 3,0 s"),
    ],
)
def test_latency_targets_already_read(capsys, text, target):
    assert answer(capsys, text).splitlines()[0].endswith(target)


# -- how many users a GPU holds, no model named -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "depends", "model"),
    [
        # each had been the "what fits" list for 1 user
        (
            "quantos usuários cabem numa h100?",
            "Quantos usuários cabem em 1× H100 SXM 80 GB",
            "Quantos usuários cabem depende do modelo.",
            "gpt-oss-20b (até ",
        ),
        (
            "quantos usuários uma L40S aguenta?",
            "Quantos usuários cabem em 1× L40S 48 GB",
            "Quantos usuários cabem depende do modelo.",
            "Qwen3 14B (até ",
        ),
        (
            "how many user can support one h100",
            "How many users fit on 1× H100 SXM 80 GB",
            "How many users fit depends on the model.",
            "gpt-oss-20b (up to ",
        ),
    ],
)
def test_users_a_gpu_holds_with_no_model(capsys, text, title, depends, model):
    out = answer(capsys, text)
    lines = out.splitlines()
    assert lines[0] == title
    assert lines[2].startswith(depends)
    assert "4.096 tokens" in lines[2] or "4,096 tokens" in lines[2]
    assert model in out
    # and how to ask for one model's capacity
    assert lines[-1].endswith(("50 usuários`.", "50 users`."))
    assert "/gpu " in lines[-1]


def test_users_each_model_holds_differ_by_model(capsys):
    out = answer(capsys, "quantos usuários cabem numa h100?")
    row = next(line for line in out.splitlines() if line.startswith("• MXFP4"))
    assert "gpt-oss-120b (até " in row and "gpt-oss-20b (até " in row
    small = int(row.split("gpt-oss-20b (até ")[1].split(" ")[0].replace(".", ""))
    large = int(row.split("gpt-oss-120b (até ")[1].split(" ")[0].replace(".", ""))
    assert small > large > 1


def test_the_what_fits_list_stays_without_users(capsys):
    out = answer(capsys, "o que cabe numa h100?")
    assert out.splitlines()[0] == "O que cabe em 1× H100 SXM 80 GB"
    assert "(até " not in out


def test_students_a_gpu_holds_is_its_capacity(capsys):
    assert answer(capsys, "quantos alunos cabem numa h100?").startswith("Quantos usuários cabem em 1× H100")
    out = answer(capsys, "how many students can one l40s handle with llama 8b?")
    assert "how many users fit" in out.splitlines()[2]


def test_users_a_named_model_holds_is_its_capacity(capsys):
    out = answer(capsys, "quantos usuários o llama 8b aguenta numa l40s")
    assert "quantos usuários cabem" in out.splitlines()[2]
    assert "Capacidade: até " in out


# -- the answer's language: Spanish words and the users' language are no request for English ---------------------


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # "en" before "español" had been read as a request for English
        ("llama 8b para 20 usuarios en español", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b para 20 usuarios en Español", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
        # Spanish "en" ("in") inside a Portuguese sentence
        (
            "qwen 7b para 10 usuarios en 4 bits",
            "Entendi: Qwen2.5 7B · INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos",
        ),
        # the users' language: "inglês" had asked for an English answer
        ("llama 8b para usuários que falam inglês", "Entendi: Llama 3.1 8B"),
    ],
)
def test_the_users_language_is_no_answer_language(capsys, text, first):
    out = answer(capsys, text)
    assert out.splitlines()[0] == first
    assert "Memória necessária" in out


def test_english_asked_is_still_english(capsys):
    assert answer(capsys, "llama 8b para 20 usuários, responda em inglês").startswith("Understood:")
    assert answer(capsys, "llama 8b 20 users en").startswith("Understood:")
    assert answer(capsys, "llama 8b para 20 usuários en").startswith("Understood:")
    # "queremos" is a Spanish word too: the "en" at the end still asks for English
    asked = "Queremos fazer ajuste fino com LoRA do Llama 3.1 70B numa A100 de 80 GB en"
    assert answer(capsys, asked).startswith("Understood:")


# -- a hospital, a law firm, a university, a telecom, a city hall, a fintech, a shop ------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("triagem no pronto socorro com llama 3.1 8b, uns 40 enfermeiros usando ao mesmo tempo",
         "Llama 3.1 8B · 40 usuários simultâneos · classificação"),
        # "15 advs" had been left unread
        ("revisão contratual com qwen 72b int4, contratos de 30k tokens, 15 advs ao mesmo tempo",
         "Qwen2.5 72B · INT4 (AWQ/GPTQ g128) · 15 usuários simultâneos · prompts de 30.000 tokens"),
        ("qnts gpus pro qwen 32b c/ 60 advs simult?", "Qwen2.5 32B · 60 usuários simultâneos"),
        ("law firm, 25 lawyers, contract review with llama 3.3 70b, 64k context",
         "Llama 3.3 70B · 64k context · 25 people · information extraction"),
        ("bot de monitoria pra 12 mil estudantes com qwen 14b, pico de 400 simultaneos",
         "Qwen2.5 14B · 400 usuários simultâneos · 12.000 pessoas"),
        ("universidade federal, chatbot de tutoria, gemma 12b, 200 alunos simultâneos, respostas de 600 tokens",
         "Gemma 3 12B · 200 usuários simultâneos · respostas de 600 tokens · atendimento e chat"),
        ("tutoring bot for 5k students, llama 8b, peak 300 concurrent, 30 tokens/s each",
         "Llama 3.1 8B · 300 concurrent users · 5,000 people · ≥ 30 tokens/s per user"),
        ("tutor pra EAD com 20 mil alunos matriculados, qwen3 8b", "Qwen3 8B · 20.000 pessoas"),
        # "fazendo perguntas" between the people and "ao mesmo tempo" had left them a head-count
        ("tutor com qwen 7b, 100 alunos fazendo perguntas ao mesmo tempo, prompts de 1500 tokens",
         "Qwen2.5 7B · 100 usuários simultâneos · prompts de 1.500 tokens"),
        ("operadora de telefonia, 2 milhões de chats por mês, qwen 32b, respostas de 200 tokens",
         "Qwen2.5 32B · respostas de 200 tokens · 2.000.000 requisições por mês"),
        ("telecom, atendimento 24/7, 50 mil atendimentos/dia, mistral 7b, p95 abaixo de 800 ms",
         "Mistral 7B v0.3 · 50.000 requisições por dia · p95 · primeiro token ≤ 0,8 s · 24/7 · atendimento e chat"),
        # "every 30 seconds" had been left unread
        ("telecom call center: 600 agents, each gets a suggestion every 30 seconds, llama 8b",
         "Llama 3.1 8B · 600 people · 120 requests per person per hour · support and chat"),
        ("llama 8b, 20 usuários, cada um pergunta a cada 2 minutos",
         "Llama 3.1 8B · 20 pessoas · 30 requisições por pessoa por hora"),
        # the city's people and the share a day had been left unread
        ("prefeitura: atendimento ao cidadão com llama 8b, 1 milhão de habitantes, 2% usam por dia",
         "Llama 3.1 8B · 20.000 pessoas · atendimento e chat"),
        ("city hall citizen service bot, 20k requests a day, qwen 14b, answers of 300 tokens",
         "Qwen2.5 14B · answers of 300 tokens · 20,000 requests a day"),
        # "10 mil alertas por dia" had been left unread and "1k tokens cada" read as the context
        ("fintech: explicar alertas de fraude com llama 8b, 10 mil alertas por dia, 1k tokens cada",
         "Llama 3.1 8B · prompts de 1.000 tokens · 10.000 requisições por dia"),
        ("explicação de fraude em tempo real, 50 req/s, qwen 14b, ttft < 300ms",
         "Qwen2.5 14B · 50 requisições/s · respostas rápidas · primeiro token ≤ 0,3 s"),
        ("fraud explanations with qwen 32b for 2000 analysts, 100 concurrent",
         "Qwen2.5 32B · 100 concurrent users · 2,000 people"),
        ("a fintech quer rodar o llama 70b em 4 bits pra 30 analistas antifraude",
         "Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · inferência · 30 pessoas"),
        ("busca com reranker bge-reranker-v2-m3 e qwen 14b para 80 usuários simultâneos",
         "Qwen2.5 14B + BGE Reranker v2 M3 · 80 usuários simultâneos"),
        # "tirar" had been read as "triar" (to triage), "ligação", "callcenter", "transações suspeitas" not understood
        ("chatbot da faculdade pra tirar dúvidas, 50 alunos ao mesmo tempo, qwen 7b, 4k tokens",
         "Qwen2.5 7B · 4k de contexto · 50 usuários simultâneos · atendimento e chat"),
        ("callcenter da operadora, 900 ligações simultaneas, resumir cada ligação com qwen 7b",
         "Qwen2.5 7B · 900 usuários simultâneos · sumarização"),
        ("fintech: 2 mil analistas, 5% simultâneos, qwen 32b awq, explicar transações suspeitas",
         "Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 2.000 pessoas · 5% ativos ao mesmo tempo"),
        ("university tutoring assistant: 300 concurrent students, qwen3 14b, answers under 2s",
         "Qwen3 14B · 300 concurrent users · first token ≤ 2.0 s · support and chat"),
        # "per alert", "por contrato" after the length had left it the context, and "alert" unread
        ("fraud team: explain 20k alerts/day with llama 3.1 8b, 800 tokens per alert",
         "Llama 3.1 8B · prompts of 800 tokens · 20,000 requests a day"),
        ("llama 8b 3 mil contratos por dia, 6 mil tokens por contrato",
         "Llama 3.1 8B · prompts de 6.000 tokens · 3.000 requisições por dia"),
        # "replies", "resp" before a time: the first token's, said so
        ("we expect ~500 citizens at peak on the city chatbot, llama 3.1 8b, replies in < 3 s",
         "Llama 3.1 8B · 500 concurrent users · first token ≤ 3.0 s · support and chat"),
        ("llama 8b q8 pra 70 atendentes, resp ate 2s",
         "Llama 3.1 8B · GGUF Q8_0 · 70 usuários simultâneos · primeiro token ≤ 2,0 s"),
        ("qwen 32b fp8, 2x h100, 150 usr simult, ctx 16k, ttft<1s",
         "Qwen2.5 32B · FP8 (8-bit) · 16k de contexto · 150 usuários simultâneos · 2× H100 SXM 80 GB · primeiro token ≤ 1,0 s"),
        ("a autarquia quer responder a 10 mil pedidos de munícipes por dia com o gemma 27b",
         "Gemma 3 27B · 10.000 requisições por dia"),
        ("sociedade de advogados no porto, 20 advogados, revisão de contratos com qwen 32b, contexto de 32 mil tokens",
         "Qwen2.5 32B · 32.000 tokens de contexto · 20 pessoas · extração de informações"),
    ],
)  # fmt: skip
def test_round9_customers(capsys, text, understood):
    lines = understood_lines(capsys, text)
    assert lines[0].split(": ", 1)[1] == understood
    assert not any(line.startswith(UNKNOWN) for line in lines)
    assert not any(line.startswith(("Li “operadora”", "Li “tirar”")) for line in lines)


# -- a thread's bare count: GPUs on the thread's GPU -----------------------------------------------------------


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("round9") / "log.db"))


@pytest.mark.parametrize(
    ("first", "follow_up", "said"),
    [
        ("llama 70b numa h100", "e em 1?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("llama 70b 2x h100", "and on 1?", "Understood: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("llama 70b numa h100", "e com 2?", "Entendi: Llama 3.1 70B · 2× H100 SXM 80 GB"),
        # "só", "apenas", "just" before the count had been "Não entendi o pedido"
        ("llama 70b 2x h100", "e só 1?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("llama 70b 2x h100", "e com apenas 1?", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("llama 70b 2x h100", "and with just 1?", "Understood: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        # on the thread's GPU, two machines: it had been 16 users
        ("deepseek v3 8x h200", "e em 16?", "Entendi: DeepSeek V3 · 16× H200 SXM 141 GB"),
        # one where the thread named a GPU and people: a GPU (it had been asked back, "1 GPUs ou usuários?")
        ("llama 8b 50 usuários 2 l40s", "e com 1?", "Entendi: Llama 3.1 8B · 50 usuários simultâneos · 1× L40S 48 GB"),
    ],
)  # fmt: skip
def test_a_bare_count_in_a_thread_is_its_gpus(pipeline, first, follow_up, said):
    assert understood(reply_in_thread(pipeline, first, follow_up)) == said


def test_a_bare_count_past_what_a_service_holds_stays_people(pipeline):
    answer_ = reply_in_thread(pipeline, "llama 8b 4x l40s", "e em 64?")
    assert understood(answer_) == "Entendi: Llama 3.1 8B · 64 usuários simultâneos · 4× L40S 48 GB"


def test_a_bare_count_with_people_and_a_gpu_is_still_asked_back(pipeline):
    answer_ = reply_in_thread(pipeline, "llama 70b 20 usuarios numa h100", "e com 2?")
    assert answer_.startswith("“2” são GPUs ou usuários?")


def test_a_model_named_under_the_users_a_gpu_holds_answers_its_capacity(pipeline):
    answer_ = reply_in_thread(pipeline, "quantos usuários cabem numa h100?", "e com o llama 8b?")
    assert understood(answer_) == "Entendi: Llama 3.1 8B · 1× H100 SXM 80 GB"
    assert "quantos usuários cabem" in answer_.splitlines()[2]
