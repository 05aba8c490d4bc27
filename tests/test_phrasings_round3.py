"""Questions as reps and customers type them, third round (2026-12-06): "ajustar o modelo" for a fine-tune, a
message's points counted out ("em segundo lugar"). Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import answer

from .test_thread_followups import reply_in_thread, understood

UNKNOWN = ("Não entendi", "Não percebi", "Didn't understand", "Not understood")


def _head(text: str, n: int = 2) -> str:
    return "\n".join(text.splitlines()[:n])


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("phrasings_round3") / "log.db"))


# -- adjusting a model is fine-tuning it -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("quero ajustar o llama 8b", "ajuste fino"),
        ("preciso ajustar o modelo llama 8b com 10 mil exemplos", "ajuste fino"),
        ("dá pra ajustar o qwen2.5 7b com lora numa l4?", "ajuste fino com LoRA"),
        ("queremos afinar o mistral 7b com 5 mil exemplos", "ajuste fino"),
    ],
)
def test_adjusting_a_model_is_a_fine_tune(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


def test_adjusting_a_setting_is_no_training(capsys):
    head = _head(answer(capsys, "ajustar o contexto do llama 8b pra 8k"))
    assert "8k de contexto" in head.splitlines()[0]
    assert "ajuste fino" not in head and "treino" not in head


# -- a message's points counted out --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("em segundo lugar, o llama 8b roda em 1 l4?", "1× L4 24 GB"),
        (
            "em primeiro lugar: llama 70b pra 20 usuários. por último, quanto custa?",
            "20 usuários simultâneos",
        ),
        ("secondly, does llama 8b run on one L4?", "1× L4 24 GB"),
        ("llama 8b com 10 requisições por segundo, em segundo lugar", "10 requisições/s"),
    ],
)
def test_a_point_counted_out_is_no_word_left_over(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


# -- a rental period beside the GPUs counted for a training -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "preciso de 8 h100 por 2 semanas pra um treino, quanto fica?",
            "Quanto custa 8× H100 SXM 80 GB por 14 dias",
        ),
        ("8 h100 for 2 weeks to train a model, how much?", "What 8× H100 SXM 80 GB costs for 14 days"),
        (
            "quanto custa alugar 4 a100 por 10 dias para fine-tuning?",
            "Quanto custa 4× A100 SXM 80 GB por 10 dias",
        ),
    ],
)
def test_a_rental_period_for_a_training_with_no_model_is_the_rental(capsys, text, title):
    out = answer(capsys, text)
    assert out.splitlines()[0] == title


# -- requests counted with no period ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 8b com 10 requisições", "10 usuários simultâneos"),
        ("llama 8b com 10 requisições numa l4", "10 usuários simultâneos"),
        ("llama 8b with 20 requests", "20 concurrent users"),
        # beside people counted by the day, what each sends is a day's
        ("llama 8b, 2k daily active users, each sending ~10 messages", "20,000 requests a day"),
        ("llama 8b pra 500 usuários por dia, cada um manda umas 20 perguntas", "10.000 requisições por dia"),
    ],
)
def test_requests_with_no_period_are_read(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 8b com 10 requisições por segundo", "10 requisições/s"),
        ("llama 8b com 1000 requisições por dia", "1.000 requisições por dia"),
    ],
)
def test_requests_with_their_period_keep_it(capsys, text, said):
    assert said in answer(capsys, text).splitlines()[0]


# -- whether the thread's setup holds it, asked alone ----------------------------------------------------------


@pytest.mark.parametrize(
    "follow_up", ["roda?", "e aí, cabe?", "será que funciona?", "corre?", "so, will it fit?"]
)
def test_runs_asked_alone_in_a_thread_judges_the_threads_setup_again(pipeline, follow_up):
    reply = reply_in_thread(pipeline, "llama 70b numa l40s em 16 bits pra 10 usuários", follow_up)
    assert "Llama 3.1 70B" in understood(reply) and "L40S 48 GB" in understood(reply)
    # in the language the reply is written in ("so, will it fit?": English)
    assert "1× L40S 48 GB: não cabe" in reply or "1× L40S 48 GB: does not fit" in reply
    assert not any(word in reply for word in UNKNOWN)


# -- a memory figure said as the model's need, to check -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "o llama 70b precisa de 140gb, confere?",
            "“140 GB”: confere com os pesos em BF16/FP16 (16-bit) (141,1 GB), mas só com eles; com KV cache,"
            " ativações e overhead, a carga inteira pede 143,7 GB (abaixo).",
        ),
        (
            "llama 70b needs 140GB of VRAM, is that right?",
            "“140 GB”: right for the weights in BF16/FP16 (16-bit) (141.1 GB), but only for them; with the KV"
            " cache, activations and overhead the whole workload needs 143.7 GB (below).",
        ),
        ("o llama 70b precisa de 144 gb né?", "“144 GB”: confere com a carga inteira (143,7 GB"),
        (
            "o qwen2.5 32b precisa de 16gb?",
            "“16 GB”: não confere; só os pesos em BF16/FP16 (16-bit) já são 65,5 GB",
        ),
        ("o llama 8b ocupa uns 40 GB?", "“40 GB”: é mais do que esta carga pede (17,5 GB"),
    ],
)
def test_a_memory_figure_to_check_is_answered_against_ours(capsys, text, line):
    out = answer(capsys, text)
    assert out.splitlines()[1].startswith(line)
    assert "GPU de 140 GB" not in out and "140 GB GPU" not in out  # the figure is no GPU
    assert not any(word in _head(out) for word in UNKNOWN)
