"""Questions as customers type them, seventh round (2026-12-06): a choice of precisions crossed with a choice
of counts on no GPU named, precisions weighed on GPUs with no model, an English reply under a Portuguese
thread, short videos to a vision model, a budget of GPU-hours, a question in German or French, and an
estimate asked for as a thing to send. Each answer is what the user sees, through gpu-size or the Slack
pipeline."""

from __future__ import annotations

import re

import pytest

from bot.cli import main as gpu_size
from bot.log import RequestLog
from bot.pipeline import Pipeline, Where
from tests.gpu_size_run import answer, answer_json

from . import slack_requests as sr
from .slack_harness import text_of


def _refused(capsys, text: str) -> str:
    """What gpu-size says, on stderr, when it sizes nothing."""
    assert gpu_size([text]) != 0
    return capsys.readouterr().err


def _first(capsys, text: str) -> str:
    return answer(capsys, text).split("\n", 1)[0]


# -- precisions × counts with no GPU named: every pairing, on the GPU the answer picks ---------------------------

# A side of the comparison and its verdict: "    2× A100 SXM 80 GB: cabe".
_VERDICT = re.compile(r"^ {4}(\d+)× (.+?): (?:cabe|não cabe|fits|does not fit)", re.MULTILINE)


@pytest.mark.parametrize(
    ("text", "gpu", "note"),
    [
        ("llama 70b em fp8 ou bf16 em 2 ou 4 gpus", "A100 SXM 80 GB",
         "Sem GPU nomeada: comparei 2 e 4 GPUs na A100 SXM 80 GB, a GPU que a recomendação escolhe para 2 GPUs."),
        ("qwen3 32b at fp8 or int4 on 2 or 4 gpus?", "L40S 48 GB",
         "No GPU named: 2 and 4 GPUs weighed on the L40S 48 GB, the GPU the recommendation picks for 2 GPUs."),
    ],
)  # fmt: skip
def test_each_precision_is_weighed_at_each_count_asked(capsys, text, gpu, note):
    # each precision had been weighed at 2× only (and 1× recommended), the 4 asked left out of the comparison
    said = answer(capsys, text)
    lines = said.splitlines()
    # every pairing said once, as the crossing of the two choices (sides3: "cada opção em 2× … ou 4× …")
    said_as_pt = lines[0].replace(" or ", " ou ").replace("each on", "cada opção em")
    assert f"cada opção em 2× {gpu} ou 4× {gpu}" in said_as_pt, lines[0]
    assert said_as_pt.count(" ou ") == 2, lines[0]
    assert lines[1] == note
    assert sorted((int(n), name) for n, name in _VERDICT.findall(said)) == [
        (2, gpu),
        (2, gpu),
        (4, gpu),
        (4, gpu),
    ]


# -- precisions weighed on GPUs, with no model: which model, asked back -------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("compare fp8 e int4 em 2 h100",
         "Para comparar FP8 (8-bit) e INT4 (AWQ/GPTQ g128) em 2× H100 SXM 80 GB, falta o modelo: qual vai rodar "
         "nelas?"),
        ("qual a diferença de fp8 e int4 numa l40s?",
         "Para comparar FP8 (8-bit) e INT4 (AWQ/GPTQ g128) em 1× L40S 48 GB, falta o modelo"),
        ("int4 vs fp8 on an h200, which is better?",
         "To compare INT4 (AWQ/GPTQ g128) and FP8 (8-bit) on 1× H200 SXM 141 GB, I need the model"),
    ],
)  # fmt: skip
def test_precisions_on_gpus_without_a_model_ask_for_the_model(capsys, text, said):
    # it had been quantization explained in general, the GPUs asked about dropped
    reply = _refused(capsys, text)
    assert said in reply
    assert "`/gpu llama 3.1 70b " in reply  # the question again, with a model, to copy


def test_precisions_compared_without_a_model_in_english_example_works(capsys):
    # the example the answer gives is itself a question that is answered
    assert _first(capsys, "llama 3.1 70b int4 vs fp8 on an h200, which is better") == (
        "Understood: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) or FP8 (8-bit) · 1× H200 SXM 141 GB"
    )


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("round7") / "log.db"))


def _in_thread(pipeline: Pipeline, first: str, follow_up: str, locale: str = "pt-BR") -> str:
    """The answer to `follow_up` in the thread of `first`'s answer, from a user whose Slack is in `locale`."""
    reply = pipeline.ask(first, Where("message", user_locale=locale))
    base = reply.follow_from
    assert base is not None, reply.text_answer
    new = pipeline.is_new_question(follow_up, base)
    where = Where("message", user_locale=locale, thread_ts="1.0")
    return pipeline.ask(follow_up, where, base=None if new else base).text_answer


def test_precisions_on_gpus_in_a_thread_use_the_thread_s_model(pipeline):
    said = _in_thread(pipeline, "llama 70b pra 20 usuários", "compare fp8 e int4 em 2 h100")
    assert said.startswith(
        "Entendi: Llama 3.1 70B · FP8 (8-bit) ou INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos · 2× H100 SXM 80 GB"
    )


# -- each message answered in the language it is plainly written in ---------------------------------------------


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        ("and with 4 h100s?", "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users · 4× H100 SXM 80 GB"),
        ("what about fp8?", "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users"),
        # too short to say: the thread's language, as the Slack locale's
        ("and 20 users?", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos"),
        ("e com 4 h100?", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos · 4× H100 SXM 80 GB"),
    ],
)  # fmt: skip
def test_a_reply_in_english_under_a_portuguese_thread_is_answered_in_english(pipeline, follow_up, said):
    # they had been answered in Portuguese, the thread's and the Slack locale's language
    assert _in_thread(pipeline, "llama 70b em fp8 pra 20 usuários", follow_up).split("\n", 1)[0] == said


def test_a_reply_in_portuguese_under_an_english_thread_is_answered_in_portuguese(pipeline):
    said = _in_thread(
        pipeline, "llama 70b at fp8 for 20 users", "e se forem 50 usuários com 8k?", locale="en-US"
    )
    assert said.startswith("Entendi: Llama 3.1 70B · FP8 (8-bit) · 8k de contexto · 50 usuários simultâneos")


def test_an_english_reply_in_a_slack_thread_is_answered_in_english(slack):
    root = "1700007001.000100"
    slack.event(sr.app_mention("<@UBOT> llama 3.1 70b para 20 usuários, 8k", ts=root), "Ev-r7-1")
    slack.settle()
    slack.event(sr.message("and with 4 h100s?", thread_ts=root, ts="1700007002.000100"), "Ev-r7-2")
    slack.settle()
    posted = [c for c in slack.fake.calls("chat.postMessage") if c.params.get("thread_ts") == root]
    first, second = (text_of(c.params["blocks"]) for c in posted[:2])
    assert first.startswith("Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos")
    assert second.startswith(
        "Understood: Llama 3.1 70B · 8k context · 20 concurrent users · 4× H100 SXM 80 GB"
    )


# -- a video per conversation to a vision model -----------------------------------------------------------------


def test_short_videos_become_the_tokens_of_their_frames(capsys):
    # "30 segundos" had been left unread: the context was the text's 4,096 tokens alone
    said = answer(capsys, "qwen 2.5 vl 7b pra analisar vídeos curtos de 30 segundos, 20 usuários")
    assert said.startswith(
        "Entendi: Qwen2.5-VL 7B · 20 usuários simultâneos · um vídeo de 30 s por conversa\n\n"
        "Qwen2.5-VL 7B · BF16/FP16 (16-bit) · 25.698 tokens de contexto · 20 usuários simultâneos"
    )
    # 30 s at the model's 2 frames a second, two frames a block: 30 blocks of a full-HD frame resized to
    # 1008×560 (36 × 20 blocks of 28 pixels), and the video's two markers
    assert (
        "Vídeo de 30 s: 60 quadros a 2 por segundo (o padrão do Qwen2.5-VL 7B, pelo qwen-vl-utils do cartão do "
        "modelo), cada 2 quadros fundidos num bloco de 720 tokens a 1008×560 (o quadro de 1920×1080 "
        "redimensionado): 30 blocos, 21.602 tokens por vídeo." in said
    )
    assert "Não entendi" not in said


def test_a_video_s_frame_rate_said_is_the_one_sampled(capsys):
    # a minute at 1 frame a second: 60 frames, 30 blocks of 720 tokens, the video's two markers
    data = answer_json(capsys, "qwen2.5 vl 7b, 1-minute videos at 1 fps, 10 users")
    assert data["workload"]["context_tokens"] == 4096 + 30 * 720 + 2
    assert _first(capsys, "qwen2.5 vl 7b, 1-minute videos at 1 fps, 10 users") == (
        "Understood: Qwen2.5-VL 7B · 10 concurrent users · a 60-second video per conversation at 1 fps"
    )


def test_a_video_beyond_the_model_s_context_is_refused_with_what_it_takes(capsys):
    said = _refused(capsys, "qwen2.5 vl 7b, 2-minute videos, 10 users")
    assert (
        "1 video × 86,402 tokens per conversation already go beyond Qwen2.5-VL 7B's limit of 32,768" in said
    )


def test_a_model_without_video_input_says_so(capsys):
    said = _refused(capsys, "gemma 3 27b para analisar vídeos de 2 minutos")
    assert "O Gemma 3 27B não lê vídeo" in said and "Qwen2.5-VL" in said


# -- a budget of GPU-hours --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("temos 500 horas de GPU", "Li “500 horas de GPU” como orçamento de tempo de GPU."),
        ("we have 500 GPU-hours", "I read “500 GPU-hours” as a budget of GPU time."),
        ("um orçamento de 2 mil horas de H100", "Li “2 mil horas de H100” como orçamento de tempo de GPU."),
    ],
)
def test_gpu_hours_alone_are_read_and_the_model_asked_for(capsys, text, said):
    # they had been "Não entendi o pedido: “500”"
    assert said in _refused(capsys, text)


def test_gpu_hours_beside_a_fine_tune_are_weighed_against_its_estimate(capsys):
    lines = answer(
        capsys, "fine-tune lora do llama 3.1 8b com 500M tokens, temos 500 horas de GPU"
    ).splitlines()
    assert lines[0] == "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 500 mi tokens de treino"
    assert lines[1] == (
        "Orçamento de “500 horas de GPU”: a estimativa deste treino, ~31 horas de GPU em 1× L40S 48 GB, cabe nele "
        "(sobram ~469 horas de GPU)."
    )


def test_gpu_hours_are_no_count_of_gpus(capsys):
    # "500 GPU-hours" had been 500 GPUs, beyond the offering
    lines = answer(capsys, "we have 500 GPU-hours to fine-tune llama 8b").splitlines()
    assert lines[0] == "Understood: Llama 3.1 8B · full fine-tuning"
    assert lines[1].startswith("Budget of “500 GPU-hours”: give the data volume")


def test_millions_of_gpu_hours_in_a_pretraining_are_no_context(capsys):
    # "1,3M horas de h100" had been refused as 1.300.000 tokens of context
    lines = answer(capsys, "treino do zero de llama 8b com 1T tokens, temos 1,3M horas de h100").splitlines()
    assert lines[0] == "Entendi: Llama 3.1 8B · treino do zero / pré-treino contínuo · 1 tri tokens de treino"
    assert lines[1].startswith(
        "Orçamento de “1,3M horas de h100”: a estimativa deste treino, ~33.818 horas de GPU"
    )
    assert "cabe nele" in lines[1]


@pytest.mark.parametrize(
    ("text", "said"),
    [("quanto custa 1 hora de h100?", "Quanto custa 1× H100 SXM 80 GB"),
     ("how much for 100 h100 hours?", "What 1× H100 SXM 80 GB costs")],
)  # fmt: skip
def test_hours_of_a_card_priced_are_its_rent_not_a_budget(capsys, text, said):
    assert _first(capsys, text) == said


def test_gpu_hours_beside_a_service_say_the_days_they_buy(capsys):
    lines = answer(capsys, "llama 3.1 70b 20 usuários, 500 horas de GPU").splitlines()
    assert lines[1] == (
        "Orçamento de “500 horas de GPU”: em 2× H200 SXM 141 GB, dá para ~10 dias de uso contínuo "
        "(48 horas de GPU por dia)."
    )


def test_gpu_hours_said_in_a_thread_weigh_the_thread_s_sizing(pipeline):
    # it had been "Não entendi o pedido"
    lines = _in_thread(pipeline, "llama 70b pra 20 usuários", "temos 500 horas de GPU").splitlines()
    assert lines[0] == "Entendi: Llama 3.1 70B · 20 usuários simultâneos"
    assert lines[1].startswith("Orçamento de “500 horas de GPU”: em 2× H200 SXM 141 GB, dá para ~10 dias")


# -- a language we do not answer in ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["wie viel GPU-Speicher braucht Llama 70B?", "combien de mémoire pour llama 70b avec un h100?"]
)
def test_a_question_in_another_language_is_answered_in_english_with_what_could_be_read(capsys, text):
    # it had been sized in Portuguese beside "Não entendi: “wie”, “viel”, “GPU-Speicher”, “braucht”"
    lines = answer(capsys, text).splitlines()
    assert lines[0].startswith("Understood: Llama 3.1 70B")
    assert lines[1].startswith(
        "Your question seems to be in another language: we answer in Portuguese and English."
    )
    assert not any(line.startswith(("Not understood", "Não entendi")) for line in lines)


@pytest.mark.parametrize(
    "text", ["Hallo, wie viel Speicher brauche ich für 20 Nutzer?", "bonjour, quel modèle?"]
)
def test_a_question_in_another_language_with_nothing_read_says_which_languages_we_answer_in(capsys, text):
    # it had been "I don't know the model “für 20 Nutzer”"
    said = _refused(capsys, text)
    assert said.startswith(
        "gpu-size: Your question seems to be in another language: we answer in Portuguese and"
    )


def test_a_price_asked_in_another_language_still_lists_what_fits(capsys):
    assert _first(capsys, "wie viel kostet eine H100?") == "What fits on 1× H100 SXM 80 GB"


# -- an estimate to send is a quote ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("can you send me an estimate for llama 70b for 50 users",
         "Understood: Llama 3.1 70B · 50 concurrent users · cost"),
        ("we need a rough estimate for qwen3 32b with 20 users",
         "Understood: Qwen3 32B · 20 concurrent users · cost"),
        ("me manda uma estimativa pro llama 70b pra 50 usuários",
         "Entendi: Llama 3.1 70B · 50 usuários simultâneos · custo"),
        # the verb, or an estimate of what the sizing says anyway: the sizing alone
        ("estimate the memory for llama 70b", "Understood: Llama 3.1 70B"),
        ("can you estimate llama 70b for 50 users?", "Understood: Llama 3.1 70B · 50 concurrent users"),
        ("give me an estimate of the memory for llama 70b", "Understood: Llama 3.1 70B"),
        ("uma estimativa de memória pro llama 70b", "Entendi: Llama 3.1 70B"),
    ],
)  # fmt: skip
def test_an_estimate_to_send_asks_what_it_costs(capsys, text, said):
    assert _first(capsys, text) == said


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # a model's name holding one French word ("nous") is no French question
        ("nous-hermes-2-yi-34b", "Entendi: nous-hermes-2-yi-34b"),
        # one German word ("mit") beside Portuguese is no German question
        ("llama 70b mit license pra 20 usuários", "Entendi: Llama 3.1 70B"),
    ],
)
def test_one_word_of_a_language_we_do_not_read_is_no_question_in_it(capsys, text, start):
    out = answer(capsys, text)
    assert out.startswith(start) and "Portuguese and English" not in out
