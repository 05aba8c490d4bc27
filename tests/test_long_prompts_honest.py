"""Long prompts sized honestly: with no latency figure, the setup that serves the load leads and says the
first token it gives (a long read, and the wait behind another prompt's read), with what the long prompts'
default first token would take beside it; someone waiting on a day's documents makes them interactive; "for
memory alone" is said only of a setup that holds the conversations; a season's peak multiple is of the usual
peak."""

import re

import pytest

from tests.gpu_size_run import answer, answer_json


def _line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(start))


def _seconds(text: str) -> float:
    return float(text.replace(".", "").replace(",", "."))


def test_the_setup_that_serves_the_load_leads_when_only_reading_the_prompt_misses_the_default(capsys):
    # It had been 8× H100 in tensor parallel 8, only so that one 100-page contract is read within MLPerf's
    # long-context 6 s; 2× H200 holds the model and the load.
    out = answer(capsys, "qwen 2.5 72b para 30 analistas, contratos de 100 páginas")
    assert "Recomendação: 2× H200 SXM 141 GB" in out
    assert "O que decidiu: memória." in out
    said = _line(out, "• Primeiro token: 2× H200")
    assert "leva ~18 s para ler um documento de 100 páginas (75.000 tokens)" in said
    assert "cumprir 6,0 s pede 8× H100 SXM 80 GB, 6 GPUs a mais (nas alternativas)" in said
    assert "Diga “primeiro token em até 6,0 s”" in said
    # the default's own line gives way to this one
    assert "Prompts longos (75.000 tokens): latência dimensionada" not in out
    # what meeting the default takes is the first alternative, with its first token
    first = out.split("Alternativas\n", 1)[1].splitlines()[0]
    assert first.startswith("  • Ler um prompt desses em até 6,0 s")
    # ~5.3 s: prompts are read at 52% of peak (tests/test_performance.py; 5.1 s at 55%, closer to Qwen2.5 72B's
    # 63,488-token prompts on 4 A100s, which the answer reads faster than measured)
    assert "8× H100 SXM 80 GB, 6 GPUs a mais" in first and "primeiro token em ~5,3 s" in first


def test_the_answer_json_carries_the_faster_setup_and_the_target_sized(capsys):
    data = answer_json(capsys, "qwen 2.5 72b, 30 requests an hour, 100-page contracts")
    rec = data["recommendation"]
    assert (rec["gpu"], rec["count"]) == ("h200-sxm", 2)
    faster = data["alternatives"][0]
    assert faster["kind"] == "first_token_default"
    assert (faster["setup"]["gpu"], faster["setup"]["count"]) == ("h100-sxm", 8)
    assert faster["setup"]["performance"]["ttft_s"] <= 6.0
    # sized for twice its own read: a request waits for at most one read ahead of it
    read = rec["performance"]["ttft_s"]
    target = data["workload"]["load"]["ttft_target_s"]
    assert 1.5 * read < target <= 2.2 * read
    assert rec["performance"]["meets_targets"]


def test_in_english_the_first_token_and_the_gpus_it_adds_are_said(capsys):
    out = answer(capsys, "qwen 2.5 72b, 30 requests an hour, 100-page contracts")
    said = _line(out, "• First token: 2× H200")
    assert "takes ~18 s to read a 100-page document (75,000 tokens)" in said
    assert "meeting 6.0 s takes 8× H100 SXM 80 GB, adding 6 GPUs" in said
    assert "Reading one such prompt within 6.0 s" in out


@pytest.mark.parametrize(
    "text",
    [
        "qwen 2.5 72b em bf16 para 30 analistas, contratos de 100 páginas, primeiro token em até 6 s",
        "qwen 2.5 72b in bf16 for 30 requests an hour with 100-page contracts, first token within 6 s",
    ],
)
def test_a_latency_figure_given_still_wins(capsys, text):
    out = answer(capsys, text)
    assert "8× H100 SXM 80 GB · " in _line(out, "Recom")
    assert "Ler um prompt desses" not in out and "Reading one such prompt" not in out


def test_users_at_once_with_long_documents_get_the_same_choice(capsys):
    # 5 conversations of 100-page documents on Llama 3.1 70B had been 8× H100 to read one within 6 s
    out = answer(capsys, "llama 3.1 70b para 5 usuários com documentos de 100 páginas")
    assert "Recomendação: 2× H200 SXM 141 GB" in out
    said = _line(out, "• Prompts de 75.000 tokens com 5 usuários")
    assert "lê-lo a tempo pede 8× H100 SXM 80 GB (~5,0 s), 6 GPUs a mais (nas alternativas)" in said
    assert "Ler um prompt desses em até 6,0 s" in out


def test_reading_in_time_on_as_many_gpus_still_leads(capsys):
    # 4 copies on 1 H200 each or one copy on 4 H200s: the same GPUs, and the faster read leads as before
    out = answer(capsys, "qwen 72b int4 para 25 usuários com documentos de 50 páginas")
    assert "Recomendação: 4× H200 SXM 141 GB · paralelismo de tensor 4" in out
    assert "Ler um prompt desses" not in out


def test_the_requests_that_wait_behind_another_prompt_are_counted_and_grow_with_the_rate(capsys):
    def waiting(text):
        said = _line(answer(capsys, text), "• Primeiro token: 2× H200")
        share, wait = re.search(
            r"(\d+)% dos pedidos chegam enquanto outro prompt está sendo lido.*?~(\d+) s", said
        ).groups()
        read = _seconds(re.search(r"leva ~([\d,]+) s para ler", said).group(1))
        return int(share), int(wait), read

    share, wait, read = waiting("llama 3.1 70b com prompts de 75 mil tokens, 1 requisição por minuto")
    # M/D/1: those that wait, wait half a read or more for the one ahead of them, on top of their own read
    assert wait >= 1.5 * read - 1
    more_share, more_wait, _ = waiting(
        "llama 3.1 70b com prompts de 75 mil tokens, 1,2 requisições por minuto"
    )
    assert more_share > share and more_wait > wait


def test_a_copy_that_reads_in_time_alone_says_what_a_queued_request_waits(capsys):
    out = answer(
        capsys,
        "llama 3.1 70b com prompts de 75 mil tokens, 1 requisição por minuto, primeiro token em até 6 s",
    )
    said = _line(out, "• Primeiro token: com prompts de 75.000 tokens")
    alone = _seconds(re.search(r"lê um prompt em ~([\d,]+) s sozinha", said).group(1))
    queued = _seconds(re.search(r"leva ~([\d,]+) s em média \(espera o resto da leitura", said).group(1))
    assert alone <= 6.0 < queued and queued >= 1.5 * alone


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("llama 3.1 70b: 200 contratos de 30 páginas por dia, analistas esperando", "alguém espera cada resposta"),
        ("llama 3.1 70b, 200 contracts of 30 pages a day, with analysts waiting for the answer",
         "someone waits on each answer"),
        ("llama 3.1 70b, 200 contratos de 30 páginas por dia, os analistas ficam aguardando o resultado",
         "alguém espera cada resposta"),
    ],
)  # fmt: skip
def test_someone_waiting_makes_a_days_documents_interactive(capsys, text, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "Não entendi" not in out and "Not understood" not in out
    assert "não é um chat" not in out and "is not a chat" not in out
    # held to the long prompts' limits, not a batch's 600 s
    assert ("Prompts longos (22.500 tokens)" in out) or ("Long prompts (22,500 tokens)" in out)


def test_no_one_waiting_keeps_a_days_documents_a_pipeline(capsys):
    out = answer(capsys, "llama 3.1 70b, 200 contratos de 30 páginas por dia, ninguém espera a resposta")
    assert "Não entendi" not in out
    assert "Um volume de trabalho por dia não é um chat" in out
    assert "diga (“analistas esperando a resposta”)" in out  # how to say it when someone does wait


def test_memory_alone_is_said_only_of_a_setup_that_holds_the_conversations(capsys):
    # 51 conversations of 32k tokens hold 219 GB of KV cache: it had said "só pela memória, bastaria 1× L40S"
    out = answer(capsys, "llama 3.1 8b, 300 req/min, contexto de 32k, prompts de 20 mil tokens")
    decided = _line(out, "O que decidiu")
    assert "L40S" not in decided
    assert re.search(
        r"Só pela memória, o modelo e as \d+ conversas em andamento caberiam em 2× H200", decided
    )


def test_memory_alone_is_left_unsaid_when_it_would_need_the_copies_too(capsys):
    out = answer(capsys, "qwen3 32b, 200 requisições por minuto, prompts de 2 mil tokens e respostas de 500")
    decided = _line(out, "O que decidiu")
    assert "A100" not in decided  # 60 conversations beside 65 GB of weights are no single A100's
    assert "caberiam em 1× H200 SXM 141 GB" in decided


def test_a_seasons_multiple_is_of_the_usual_peak(capsys):
    seasonal = answer_json(capsys, "llama 3.1 8b, 200 mil conversas por mês, black friday 5x")
    average = answer_json(capsys, "llama 3.1 8b, 200 mil conversas por mês, black friday 5x a média")
    usual = answer_json(capsys, "llama 3.1 8b, 200 mil conversas por mês")
    rate = seasonal["workload"]["load"]["rate_per_s"]
    assert rate == pytest.approx(5 * usual["workload"]["load"]["rate_per_s"])
    # the day's 24-hour average times 5, a third of that, when the average is named
    assert average["workload"]["load"]["rate_per_s"] < rate / 3
    out = answer(
        capsys,
        "llama 3.1 8b para chatbot de e-commerce, 200 mil conversas por mês, picos na black friday de 5x",
    )
    said = _line(out, "• Pico de 5×")
    assert "li como 5× o pico normal" in said and "Se for sobre a média, diga “5x a média”" in said


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("qwen3 8b 50 req/min, black friday 4x", "4× a taxa informada (50 requisições/min), 3,3 requisições/s no pico"),
        ("llama 3.1 8b, 200k conversations a month, peaks on Black Friday of 5x the normal peak",
         "read as 5× the usual peak"),
        ("llama 3.1 8b para 200 atendentes simultâneos, no natal o tráfego sobe 3x",
         "3× os 200 usuários simultâneos de um dia comum, 600 ao mesmo tempo no pico"),
    ],
)  # fmt: skip
def test_a_seasons_multiple_scales_whatever_sets_the_load(capsys, text, expected):
    out = answer(capsys, text)
    assert expected in out
    assert "Não entendi" not in out and "Not understood" not in out
