"""Production sizing by traffic, as customers and sales reps type it: groups of people named together, one GPU
"numa" each side of a comparison, a token volume's requests in the shape sized, growth with its horizon,
recordings counted a day with their length, and speech beside an LLM at the LLM's peak. Each asked through
gpu-size (or the Slack pipeline for a thread) and checked for what the answer says."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import answer
from tests.test_thread_followups import reply_in_thread


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("round3") / "log.db"))


def _line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.lstrip(" •").startswith(start))


# -- groups of people named together --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "summed", "peak"),
    [
        # two trades counted as a head-count each (had been refused as two head-counts contradicting)
        (
            "qwen3 32b para 12 analistas e 30 funcionários",
            "Somei “12 analistas e 30 funcionários”: 12 + 30 = 42 pessoas.",
            "42 pessoas: 10% delas na hora de pico",
        ),
        # trades that alone are head-counts stay one together (had been 20 conversations at once)
        (
            "llama 3.1 8b para 12 advogados e 8 analistas",
            "Somei “12 advogados e 8 analistas”: 12 + 8 = 20 pessoas.",
            "20 pessoas: 10% delas na hora de pico",
        ),
        (
            "llama 3.1 70b for 12 analysts and 30 employees",
            "Added up “12 analysts and 30 employees”: 12 + 30 = 42 people.",
            "42 people: 10% of them at the busiest hour",
        ),
    ],
)
def test_two_groups_of_people_named_together_are_summed(capsys, question, summed, peak):
    text = answer(capsys, question)
    assert summed in text
    assert peak in text


def test_the_same_group_counted_twice_is_never_summed_each_figure_is_answered(capsys):
    # Not 80 users: the same kind of count said twice is the load asked again (tests/test_several_questions.py),
    # each figure answered on its own.
    text = answer(capsys, "qwen3 32b para 30 usuários e 50 usuários")
    assert "Somei" not in text and "80 usuários" not in text
    assert "Pergunta 1 de 2" in text and "Entendi: Qwen3 32B · 30 usuários simultâneos" in text
    assert "Pergunta 2 de 2" in text and "Entendi: Qwen3 32B · 50 usuários simultâneos" in text


def test_a_head_count_beside_users_is_not_summed(capsys):
    text = answer(capsys, "qwen3 32b para 5000 funcionários e 200 usuários")
    assert "Somei" not in text
    assert text.startswith("Entendi: Qwen3 32B · 200 usuários simultâneos · 5.000 pessoas")


def test_a_connective_between_people_and_those_at_once_is_understood(capsys):
    text = answer(capsys, "llama 3.1 70b para 500 usuários, sendo 50 simultâneos")
    assert "Não entendi" not in text
    assert text.startswith("Entendi: Llama 3.1 70B · 50 usuários simultâneos · 500 pessoas")


# -- one GPU on each side -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "sides"),
    [
        (
            "llama 3.1 70b numa h100 ou numa h200",
            [
                "1× H100 SXM 80 GB: não cabe; faltam 67,1 GB por GPU. Com 2× H100",
                "1× H200 SXM 141 GB: não cabe",
            ],
        ),
        (
            "llama 3.1 70b on an h100 or on an h200",
            ["1× H100 SXM 80 GB: does not fit", "1× H200 SXM 141 GB: does not fit; 8.6 GB short per GPU"],
        ),
    ],
)
def test_a_gpu_named_with_numa_or_on_an_is_one_on_each_side(capsys, question, sides):
    text = answer(capsys, question)
    for side in sides:
        assert f"  • {side}" in text
    # it had been each GPU at the count it needs, "2× H100 ... serves this workload as asked"
    assert "como pedida" not in text and "as asked" not in text


# -- a token volume's requests in the lengths sized -------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "understood", "divided"),
    [
        (
            "resumir 2 milhões de tokens por dia com llama 3.1 8b",
            "Entendi: Llama 3.1 8B · 455 requisições por dia · sumarização",
            "2 mi tokens por dia, de prompts e respostas, ÷ 4.400 tokens por requisição (4.000 de prompt + 400 "
            "de resposta) = 455 requisições por dia.",
        ),
        (
            "qwen3 32b com raciocínio, 5 milhões de tokens por dia",
            "Entendi: Qwen3 32B · 991 requisições por dia · raciocínio",
            "÷ 5.043 tokens por requisição (1.000 de prompt + 4.043 de resposta) = 991 requisições por dia.",
        ),
        (
            "llama 3.1 8b, 2 milhões de tokens de entrada por dia",
            "Entendi: Llama 3.1 8B · 2.000 requisições por dia",
            # it had said "de prompts e respostas, ÷ 1.500 tokens" beside 2,000 requests, two different sums
            "2 mi tokens de prompt por dia ÷ prompts de 1.000 tokens = 2.000 requisições por dia.",
        ),
        (
            "summarize 10M tokens a month with llama 3.1 8b",
            "Understood: Llama 3.1 8B · 2,273 requests a month · summarization",
            "÷ 4,400 tokens a request (4,000 of prompt + 400 of answer) = 2,273 requests a month.",
        ),
    ],
)
def test_a_token_volume_counts_the_requests_it_sizes(capsys, question, understood, divided):
    # 2M tokens a day had been 1,333 requests of 1,000 + 500 tokens, sized as 4,400-token summaries
    text = answer(capsys, question)
    assert text.startswith(understood + "\n")
    assert divided in text


def test_a_token_volume_doubled_in_a_thread_doubles_the_tokens(pipeline):
    text = reply_in_thread(pipeline, "resumir 2 milhões de tokens por dia com llama 3.1 8b", "e o dobro?")
    assert text.startswith("Entendi: Llama 3.1 8B · 909 requisições por dia · sumarização")
    assert "4 mi tokens por dia, de prompts e respostas, ÷ 4.400 tokens" in text


def test_requests_said_after_a_token_volume_replace_it(pipeline):
    text = reply_in_thread(
        pipeline, "resumir 2 milhões de tokens por dia com llama 3.1 8b", "e com 5 mil requisições por dia?"
    )
    assert text.startswith("Entendi: Llama 3.1 8B · 5.000 requisições por dia · sumarização")
    assert "Volume dado em tokens" not in text


# -- recordings counted a day with their length -----------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        # the count had been a context of 300 tokens, the answer an error
        (
            "resumir 300 reuniões de 1 hora por dia com qwen3 14b",
            "Entendi: Qwen3 14B · prompts de 13.500 tokens · 300 requisições por dia · sumarização",
        ),
        (
            "resumir 300 gravações de 30 minutos por dia com llama 3.1 8b",
            "Entendi: Llama 3.1 8B · prompts de 6.750 tokens · 300 requisições por dia · sumarização",
        ),
        (
            "summarize 5k 10-minute calls per day with llama 3.1 8b",
            "Understood: Llama 3.1 8B · prompts of 2,250 tokens · 5,000 requests a day · summarization",
        ),
    ],
)
def test_recordings_a_day_with_their_length_are_transcripts_to_read(capsys, question, understood):
    text = answer(capsys, question)
    assert text.startswith(understood + "\n")


# -- growth with its horizon ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "understood", "read", "today"),
    [
        (
            "qwen3 32b 100 usuários hoje, dobrar em 6 meses",
            "Entendi: Qwen3 32B · 200 usuários simultâneos",
            "Li “dobrar em 6 meses” como crescimento: dimensiono a carga de depois dele, 2× a de hoje",
            "Hoje, com a carga de antes do crescimento (2× menor): 2× H200 SXM 141 GB",
        ),
        (
            # "até o fim do ano" had been a deadline of rental and "triplicar" not understood
            "llama 3.1 8b 200 req/min, expectativa de triplicar até o fim do ano",
            "Entendi: Llama 3.1 8B · 600 requisições/min",
            "Li “triplicar até o fim do ano” como crescimento",
            "Hoje, com a carga de antes do crescimento (3× menor): 1× H100 SXM 80 GB serve",
        ),
        (
            "llama 3.1 8b 10 mil requisições por dia, crescimento de 30% ao longo de 12 meses",
            "Entendi: Llama 3.1 8B · 13.000 requisições por dia",
            "como crescimento: dimensiono a carga de depois dele, 1,3× a de hoje",
            "Hoje, com a carga de antes do crescimento (1,3× menor): 1× L40S 48 GB também serve",
        ),
        (
            # the load and its helper verb before the growth had been left not understood
            "llama 3.1 8b para 100 usuários, o tráfego deve crescer 3x em 1 ano",
            "Entendi: Llama 3.1 8B · 300 usuários simultâneos",
            "Li “o tráfego deve crescer 3x em 1 ano” como crescimento",
            "Hoje, com a carga de antes do crescimento (3× menor):",
        ),
        (
            # the load and a helper verb before a doubling: "o tráfego deve dobrar" had been taken as a plain
            # doubling and "em 6 meses" left a deadline of 180 days
            "llama 3.1 8b para 100 usuários, o tráfego deve dobrar em 6 meses",
            "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
            "Li “o tráfego deve dobrar em 6 meses” como crescimento",
            "Hoje, com a carga de antes do crescimento (2× menor):",
        ),
        (
            "llama 3.1 8b for 100 users, traffic should double in 6 months",
            "Understood: Llama 3.1 8B · 200 concurrent users",
            "Read “traffic should double in 6 months” as growth",
            "Today, at the load before the growth (2× smaller):",
        ),
        (
            "qwen3 32b for 100 users, expected to double in 6 months",
            "Understood: Qwen3 32B · 200 concurrent users",
            "Read “double in 6 months” as growth",
            "Today, at the load before the growth (2× smaller): 2× H200 SXM 141 GB",
        ),
    ],
)
def test_growth_with_its_horizon_sizes_the_grown_load_and_says_todays(
    capsys, question, understood, read, today
):
    text = answer(capsys, question)
    assert text.startswith(understood)
    assert read in text
    assert today in text
    assert "prazo" not in text and "Não entendi" not in text
    assert "deadline" not in text and "Not understood" not in text and "180" not in text.splitlines()[0]


# -- speech beside an LLM ---------------------------------------------------------------------------------


def test_a_monthly_audio_volume_beside_the_llm_is_taken_at_its_peak_hour(capsys):
    text = answer(
        capsys, "qwen3 32b + whisper large v3, 2000 horas de áudio por mês, 60 usuários simultâneos"
    )
    note = _line(text, "Fala e LLM")
    # 2,000 h over 22 days of use, 15% of a day in its busiest hour: ~13.6 h of audio in an hour (it had been
    # the month's average over 30 days, ~2.8x real time, beside the LLM's peak)
    assert "2.000 h de áudio por mês, ~14× o tempo real na hora de pico" in note


def test_speech_apart_leaves_the_llm_without_its_memory(capsys):
    text = answer(capsys, "llama 3.1 70b fp8 + whisper large v3 com 80 ligações simultâneas")
    note = _line(text, "Fala e LLM não cabem juntos")
    assert "GPU à parte para a fala: 1× A100 SXM 80 GB só para o Whisper large-v3" in note
    # the LLM's setup had been left sized with Whisper's 9.7 GB on each of its GPUs
    assert (
        "e o LLM na configuração acima, 2× H200 SXM 141 GB, sem os 9,7 GB da fala em cada GPU "
        "(--gpu-memory-utilization volta a 0,90" in note
    )


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        # "noturno" between the batch's word and its items had left the 200,000 documents unread
        (
            "llama 3.1 8b batch noturno de 200 mil documentos de 2 mil tokens",
            "Entendi: Llama 3.1 8B · prompts de 2.000 tokens · lote de 200.000 pedidos em 8 horas",
        ),
        (
            "llama 3.1 8b lote noturno de 50 mil contratos",
            "Entendi: Llama 3.1 8B · lote de 50.000 pedidos em 8 horas",
        ),
    ],
)
def test_a_nightly_batch_named_before_its_items_is_a_batch(capsys, question, understood):
    text = answer(capsys, question)
    assert text.startswith(understood + "\n")
    assert "Não entendi" not in text


@pytest.mark.parametrize(
    ("question", "phases"),
    [
        # people at once beside a phase's word: had been 50 at once of a head-count of 200
        (
            "qwen3 32b 50 usuários simultâneos, crescendo para 200 usuários no ano que vem",
            "Li “50 usuários simultâneos, crescendo para 200 usuários no ano que vem” como fases: dimensiono a "
            "produção, com 200 usuários; o piloto, com 50 usuários, vai nas notas.",
        ),
        # had been refused as a contradiction of 10 and 100 users
        (
            "qwen3 32b piloto com 10 usuários e depois 100 simultâneos",
            "Li “piloto com 10 usuários e depois 100 simultâneos” como fases: dimensiono a produção, com 100 "
            "usuários; o piloto, com 10 usuários, vai nas notas.",
        ),
    ],
)
def test_people_at_once_in_phases_are_the_phases(capsys, question, phases):
    text = answer(capsys, question)
    assert phases in text
    assert "pessoas" not in text.splitlines()[0]


def test_people_and_those_at_once_with_no_phase_stay_so(capsys):
    assert answer(capsys, "qwen3 32b 500 usuários, 50 simultâneos").startswith(
        "Entendi: Qwen3 32B · 50 usuários simultâneos · 500 pessoas"
    )
