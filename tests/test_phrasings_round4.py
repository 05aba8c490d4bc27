"""Questions as reps, support staff and customers type them in Slack Connect, fourth round (2026-12-06): US, UK
and Indian English, European Portuguese and WhatsApp-style Brazilian Portuguese, with chat words, pasted errors
and e-mails, peaks at an hour and counts before a card's memory. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, answer, answer_json


def _head(text: str, n: int = 2) -> str:
    return "\n".join(text.splitlines()[:n])


def _understood(capsys, text: str) -> str:
    """The answer's first line, after checking that no word of the question was left unread."""
    head = _head(answer(capsys, text))
    assert not any(word in head for word in UNKNOWN), head
    return head.splitlines()[0]


# -- chat around the question: politeness, slang, who asks and why --------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "kindly let me know the GPU requirement for llama 2 13b inference for 500 users",
            "500 concurrent users",
        ),
        (
            "hey team 👋 customer wants to run deepseek r1 distill qwen 32b, how much gpu mem?",
            "Distill Qwen 32B",
        ),
        ("what's the memory footprint of llama 3.1 405b at fp8? how many h200s?", "H200 SXM 141 GB"),
        ("whats the diff between h100 and h200 for llama 70b serving?", "H100 SXM 80 GB or H200 SXM 141 GB"),
        ("I reckon we need 4 H100s for llama 70b, is that right? 100 users, 8k context", "4× H100 SXM 80 GB"),
        ("we need like 2k concurrent users on llama 8b lol, how many gpus", "2,000 concurrent users"),
        (
            "Our SLA: first token under 300ms, 10 tokens/s per user min, 80 users, llama 3.1 8b",
            "≥ 10 tokens/s",
        ),
        ("does the B200 make sense for llama 405b?", "B200 180 GB"),
        (
            "Whats the optimal number of GPUs for phi-4 at 16k context, ~25 concurrent users? cheers",
            "25 concurrent",
        ),
        ("opa, bom dia! o cliente perguntou se roda deepseek r1 32b numa l40s 🙏", "L40S 48 GB"),
        ("eaí, o mixtral 8x7b em int4 dá pra 50 usuários numa a100?", "50 usuários simultâneos"),
        ("pfvr, quanto de memória o llama 3.2 3b usa em int4?", "INT4"),
        ("qnts gpus pro llama 3.1 405b em fp8? o cliente tem pressa kkk", "Llama 3.1 405B"),
        ("tamo fechando proposta pro cliente: llama 3.3 70b, 64 usuários, 32k ctx, fp8", "64 usuários"),
        (
            "seguinte: o modelo é o llama 3.1 8b, tem 300 usuários, cada um manda umas 20 perguntas por dia",
            "6.000",
        ),
        ("cliente do agro quer RAG com llama 3.1 8b, docs de 8k tokens, 100 usuários", "100 usuários"),
        ("um escritório de advocacia quer analisar contratos de 50 páginas com o qwen 2.5 32b", "50 páginas"),
        ("Estou a ter dificuldades em perceber quanta VRAM é precisa para o Qwen3 30B A3B", "Qwen3 30B-A3B"),
        (
            "qual o tempo de resposta esperado para o mistral 7b com 20 pedidos por segundo?",
            "20 requisições/s",
        ),
        (
            "dimensionem-me por favor o llama 3.3 70b para 80 utilizadores, com contexto de 16k",
            "80 utilizadores",
        ),
    ],
)
def test_chat_around_the_question_is_no_word_left_over(capsys, text, said):
    assert said in _understood(capsys, text)


def test_a_guess_of_gpus_is_still_weighed(capsys):
    # "I reckon we need 4": the setup guessed is the one judged, its verdict first
    text = answer(capsys, "I reckon we need 4 H100s for llama 70b, is that right? 100 users, 8k context")
    assert "4× H100 SXM 80 GB: does not fit" in text


# -- an error reported is a setup that does not fit: what fits is the answer ----------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("está a dar erro de memória ao correr o llama 3 8b numa T4, o que precisamos?", "T4 16 GB"),
        (
            "o cliente diz que está a dar erro ao correr o qwen 72b em 2 L40S. é falta de memória?",
            "2× L40S 48 GB",
        ),
        (
            'o ecrã mostra "CUDA out of memory" ao carregar o mixtral 8x7b em 2 placas de 24 GB',
            "2× GPU de 24 GB",
        ),
        ("cliente ta dando OOM no vllm com llama 70b em 2 a100 80gb, o q fazer?", "2× A100 SXM 80 GB"),
        ("ta dando erro de memória no llama 8b com 128k de contexto numa l40s", "128k de contexto"),
        ("we get CUDA out of memory errors running llama 3.1 8b on an A10, it crashes", "A10 24 GB"),
    ],
)
def test_an_error_reported_is_read_around(capsys, text, said):
    assert said in _understood(capsys, text)


def test_an_error_reported_gets_the_verdict(capsys):
    text = answer(capsys, "está a dar erro de memória ao correr o llama 3 8b numa T4, o que precisamos?")
    assert "1× T4 16 GB: não cabe" in text


# -- the answer's language: short chat English, and Portugal's own words --------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "said"),
    [
        ("pls size qwen3 235b a22b fp8, 32 users, 32k", "en", "32 concurrent users"),
        ("llama 4 maverick fp8 - h200 count?", "en", "Understood: Llama 4 Maverick"),
        ("É possível treinar o Llama 3 8B de raiz? quanto tempo demora em 8 H100?", "pt-PT", "Percebi:"),
        ("Qual é o débito (tokens por segundo) do llama 3.1 8b numa L40S?", "pt-PT", "Percebi:"),
        (
            "Em hora de ponta temos 3 vezes mais pedidos. Llama 8B, 100 utilizadores em média.",
            "pt-PT",
            "Percebi:",
        ),
        ("em hora de ponta chegamos a 200 utilizadores, llama 8b", "pt-PT", "200 utilizadores em simultâneo"),
    ],
)
def test_the_answer_is_in_the_question_s_language(capsys, text, lang, said):
    assert said in _understood(capsys, text)
    assert answer_json(capsys, text)["workload"]["lang"] == lang


def test_portuguese_shorthand_stays_brazilian(capsys):
    # "tecnologia de ponta" is Brazil's too: "ponta" alone says nothing of Portugal
    head = _understood(capsys, "llama 8b numa gpu de ponta pra 10 usuários")
    assert head.startswith("Entendi:")


# -- a context in thousands at the end of a sentence ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("llama 70b, 200 utilizadores, contexto de 8 mil. Que GPUs?", 8000),
        ("llama 70b, 200 usuários, contexto de 16 mil.", 16000),
        ("llama 8b, context of 32k. 10 users", 32768),
    ],
)
def test_a_full_stop_after_the_context_keeps_its_thousands(capsys, text, tokens):
    assert answer_json(capsys, text)["workload"]["context_tokens"] == tokens


# -- a peak's multiple said with its hour, a guess, or Portugal's "hora de ponta" -----------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("pico de 3x às 14h, média de 20 req/s, llama 3.1 8b", "pico de 3× a média"),
        ("llama 8b, 10k req/dia, pico de 3x às 14h", "pico de 3× a média"),
        ("pico de 3x entre 9h e 11h, média de 100 usuários, llama 8b", "pico de 3× a média"),
        ("rough estimate for serving llama 3.1 8b to 5k users/day, peak maybe 3x avg", "peak 3× the average"),
        ("llama 8b 20k requests a day, peak probably 2x at 2pm", "peak 2× the average"),
    ],
)
def test_a_peak_multiple_is_read_beside_its_hour(capsys, text, said):
    assert said in _understood(capsys, text)


def test_a_count_of_gpus_after_a_multiple_is_still_gpus(capsys):
    assert "3× H100 SXM 80 GB" in _understood(capsys, "llama 70b pico de 3x h100")


# -- the first token's target said as it arrives, or as the response's time -----------------------------------


@pytest.mark.parametrize(
    ("text", "ttft"),
    [
        (
            "temos de garantir que a primeira resposta chega em menos de meio segundo. llama 8b, 40 utilizadores",
            0.5,
        ),
        ("llama 8b 40 users, need responses in under half a second", 0.5),
        ("llama 8b, 5 rps, response time under 2s", 2.0),
        ("llama 8b 40 users, first token arrives within 300 ms", 0.3),
        ("o primeiro token tem de chegar em menos de 300 ms, qwen 7b, 20 utilizadores", 0.3),
        ("the first response needs to arrive in under 1 second, llama 8b, 50 users", 1.0),
    ],
)
def test_a_first_token_target_in_other_words(capsys, text, ttft):
    _understood(capsys, text)
    assert answer_json(capsys, text)["workload"]["ttft_target_s"] == pytest.approx(ttft)


# -- GPUs counted before their memory, or named by their class ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 70b on 2 x 48gb cards q4 - will it fit?", "2× L40S 48 GB"),
        ("llama 70b on 2x 48gb cards q4", "2× L40S 48 GB"),
        ("can we run llama 70b on 2 48gb gpus?", "2× L40S 48 GB"),
        ("can we fine tune qwen 2.5 14b with qlora on a single 4090-class card", "1× RTX 4090 24 GB"),
        ("llama 70b on an a100-class gpu, 10 users", "A100 SXM 80 GB"),
    ],
)
def test_gpus_by_memory_count_and_class(capsys, text, said):
    assert said in _understood(capsys, text)


def test_a_count_before_a_card_s_memory_is_judged(capsys):
    data = answer_json(capsys, "llama 70b on 2 x 48gb cards q4 - will it fit?")
    assert data["workload"]["gpu_count"] == 2


# -- a draft model with a question added after a dash ---------------------------------------------------------


def test_a_draft_model_before_a_dash(capsys):
    head = _understood(capsys, "speculative decoding llama 70b w/ 8b draft - how much extra mem?")
    assert "speculative decoding with Llama 3.1 8B as the draft" in head


def test_a_draft_document_stays_a_document(capsys):
    # "draft" alone, with no model before it and a dash after, is still no model
    head = answer(capsys, "llama 70b for 20 users - draft - how many gpus?").splitlines()[0]
    assert "Llama 3.1 70B" in head and "speculative" not in head


# -- a forwarded e-mail pasted without the sender's address ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "---------- Forwarded message ---------\nDe: Maria\nAssunto: GPUs\n\n"
            "Oi, precisamos do Qwen2.5 72B em AWQ pra uns 80 usuários. Qual a config?",
            "80 usuários simultâneos",
        ),
        (
            "---------- Forwarded message ---------\nFrom: Mary\nSubject: GPUs\n\nHi, we need Qwen2.5 72B AWQ for 80 users.",
            "80 concurrent users",
        ),
    ],
)
def test_a_forwarded_header_is_no_question(capsys, text, said):
    assert said in _understood(capsys, text)


def test_a_key_line_alone_is_still_a_question(capsys):
    # one "Para:" line with no separator above: a request, as before
    assert "20 usuários simultâneos" in _understood(capsys, "llama 8b\nPara: 20 usuários")


# -- when the service starts, and colleagues ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "o modelo vai estar em produção a partir de janeiro, com cerca de 1000 utilizadores diários. llama 3.1 8b",
            "1\u00a0000 pessoas",
        ),
        ("we go live in March with llama 3.1 8b for 50 users", "50 concurrent users"),
        (
            "UK client: need to serve Mistral Large 2 to around 80 colleagues, 32k context, what kit do we need?",
            "80 people",
        ),
    ],
)
def test_a_start_month_and_colleagues(capsys, text, said):
    assert said in _understood(capsys, text)
