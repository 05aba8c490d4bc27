"""Small wrong answers users met: a name's version before a three-digit size read as thousands, a first
question about the KV cache, an embedding model beside Whisper, openai-whisper asked in INT8, a family said
without its size ("nemotron nano", "sabiá"), and DeepSpeed asked under a serving answer."""

from __future__ import annotations

import pytest

from .gpu_size_run import answer


@pytest.mark.parametrize(
    "question, sized_as",
    [
        # "3 405" had been read as 3,405 and the model sized as a 3.4B; Hermes 3 is Llama 3.1's architecture
        ("hermes 3 405b", "Llama 3.1 405B"),
        ("hermes 3 405b fp8 para 10 usuários", "Llama 3.1 405B"),
        ("hermes 3 70b em 2 h100", "Llama 3.1 70B"),
    ],
)
def test_a_version_before_a_three_digit_size_is_no_thousands_group(capsys, question, sized_as):
    text = answer(capsys, question)
    first = text.splitlines()[0]
    assert f"(arquitetura do {sized_as})" in first
    assert "3.405" not in text and "3,41B" not in text


def test_spaced_thousands_before_a_count_still_join(capsys):
    assert "1.200 pessoas" in answer(capsys, "1 200 usuários llama 8b").splitlines()[0]


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    from bot.log import RequestLog
    from bot.pipeline import Pipeline

    return Pipeline(RequestLog(tmp_path_factory.mktemp("misc") / "log.db"))


def first_answer(pipeline, text: str) -> str:
    from bot.pipeline import Where

    return pipeline.ask(text, Where("message")).text_answer


@pytest.mark.parametrize(
    "question, formula, figures",
    [
        # each had been "Não entendi o pedido" asked first, with no thread
        ("o que é kv cache?", "2 (chave e valor) × camadas × cabeças KV", "= 128 KiB por token"),
        ("como funciona o cache kv", "2 (chave e valor) × camadas × cabeças KV", "8k tokens ocupa 1,1 GB"),
        ("what is the kv cache?", "2 (key and value) × layers × KV heads", "= 128 KiB per token"),
    ],
)
def test_the_kv_cache_explained_as_a_first_question(pipeline, question, formula, figures):
    text = first_answer(pipeline, question)
    assert formula in text and figures in text
    assert "Llama 3.1 8B" in text and "2 × 32 × 8 × 128 × 2 bytes" in text
    assert "entendi" not in text.lower() and "understand" not in text.lower()


def test_a_kv_cache_length_with_no_model_still_asks_for_the_model(pipeline):
    assert "Faltou dizer o modelo" in first_answer(pipeline, "kv cache de 32k para 10 usuários")


@pytest.mark.parametrize(
    "question, example",
    [
        # "nemotron nano" had been "Não entendi o pedido: “nemotron”, “nano”"
        ("nemotron nano", "`/gpu nemotron nano 9b v2`"),
        ("nemotron nano em 1 h100", "`/gpu nemotron nano 9b v2 em 1 h100`"),
    ],
)
def test_nemotron_nano_alone_asks_which(pipeline, question, example):
    text = first_answer(pipeline, question)
    assert text.startswith("Qual Nemotron Nano?")
    assert "Nemotron 3 Nano 4B" in text and "9B v2" in text and "Nemotron 3 Nano 30B-A3B" in text
    assert example in text


@pytest.mark.parametrize(
    "question, model",
    [("nemotron nano 9b", "Nemotron Nano 9B v2"), ("nemotron nano 30b", "Nemotron 3 Nano 30B-A3B")],
)
def test_nemotron_nano_with_its_size_is_sized(pipeline, question, model):
    assert first_answer(pipeline, question).splitlines()[0] == f"Entendi: {model}"


@pytest.mark.parametrize(
    "question, example",
    [
        # "sabiá" had been "Não entendi o pedido", "sabiá para 10 usuários" "Faltou dizer o modelo"
        ("sabiá", "`/gpu sabiá 7b`"),
        ("sabiá para 10 usuários", "`/gpu sabiá 7b para 10 usuários`"),
        ("maritaca sabia", "`/gpu sabiá 7b`"),
    ],
)
def test_sabia_alone_asks_which_of_maritacas_models(pipeline, question, example):
    text = first_answer(pipeline, question)
    assert text.startswith("Qual Sabiá? O Sabiá-7B (Maritaca AI) é aberto")
    assert example in text and "só rodam na API da Maritaca AI" in text


def test_the_verb_sabia_names_no_model(pipeline):
    text = first_answer(pipeline, "eu não sabia se cabe o llama 70b numa h100")
    assert text.splitlines()[0] == "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"


def test_a_closed_sabia_is_still_said_closed(pipeline):
    assert "é um modelo fechado" in first_answer(pipeline, "sabiá 3 em 2 h100")


@pytest.mark.parametrize(
    "question, runtime, example",
    [
        # each had been sized in FP16 with nothing said of the INT8 asked
        ("openai whisper int8", "openai-whisper", "`/gpu faster-whisper int8`"),
        (
            "whisper large v3 int8 no transformers, 500 horas de áudio por dia",
            "Transformers (SDPA)",
            "`/gpu whisper large v3 int8 no faster-whisper, 500 horas de áudio por dia`",
        ),
    ],
)
def test_int8_asked_of_software_without_it_is_said(capsys, question, runtime, example):
    text = answer(capsys, question)
    assert f"Pedido em INT8, mas o {runtime} não tem INT8" in text and "dimensionei em FP16" in text
    assert example in text and " em FP16, " in text
    # the example given is sized in INT8
    assert " no faster-whisper em INT8, " in answer(capsys, example.strip("`").removeprefix("/gpu "))


def test_int8_on_faster_whisper_says_nothing_of_it(capsys):
    assert "Pedido em INT8" not in answer(capsys, "faster-whisper int8")


def test_an_embedding_model_beside_whisper_is_sized_with_it(capsys):
    # "bge-m3 e whisper numa l40s" had answered for Whisper alone, the embedding model dropped
    text = answer(capsys, "bge-m3 e whisper numa l40s")
    assert "BGE-M3 (modelo de embeddings" in text and "= 2,3 GB." in text
    assert (
        "Whisper large-v3 e BGE-M3 juntos na L40S 48 GB, cada um no seu processo: 12,0 GB de 43,0 GB" in text
    )
    from .gpu_size_run import answer_json

    data = answer_json(capsys, "bge-m3 e whisper numa l40s")["answer"]["data"]
    assert data["beside"][0]["model"] == "BAAI/bge-m3" and data["together_bytes"] > data["total_bytes"]


def test_speech_and_encoders_too_big_together_say_so(capsys):
    # 9,7 GB of Whisper fits a 12 GB card alone; with BGE-M3's 2,3 GB it does not
    text = answer(capsys, "bge-m3 + whisper large v3 numa rtx 3060")
    assert "Whisper large-v3 e BGE-M3 juntos não cabem numa RTX 3060 12 GB: 12,0 GB para 11,4 GB" in text
    assert "Velocidade estimada" not in text


@pytest.mark.parametrize("follow_up", ["e se usar deepspeed?", "e com deepspeed?"])
def test_deepspeed_under_a_serving_answer_says_it_trains_and_the_sizing_is_vllms(pipeline, follow_up):
    from .test_thread_followups import reply_in_thread

    # had been "Não entendi o pedido"
    text = reply_in_thread(pipeline, "llama 3.1 70b fp8 para 20 usuários", follow_up)
    assert text.splitlines()[0] == "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos"
    assert "o DeepSpeed (ZeRO) é para treino" in text and "a conta abaixo supõe o vLLM" in text
    assert "DeepSpeed-MII (FastGen)" in text
    assert "Recomendação: " in text  # the thread's sizing, kept


def test_deepspeed_asked_in_english_under_a_portuguese_thread_is_answered_in_english(pipeline):
    from .test_thread_followups import reply_in_thread

    text = reply_in_thread(pipeline, "llama 3.1 70b fp8 para 20 usuários", "what about deepspeed?")
    assert text.splitlines()[0] == "Understood: Llama 3.1 70B · FP8 (8-bit) · 20 concurrent users"
    assert "DeepSpeed (ZeRO) is for training" in text and "the sizing below assumes vLLM" in text
    assert "Recommendation: " in text  # the thread's sizing, kept


def test_deepspeed_said_with_a_serving_question_is_said_too(pipeline):
    text = first_answer(pipeline, "llama 3.1 70b fp8 20 usuários com deepspeed")
    assert "o DeepSpeed (ZeRO) é para treino" in text


def test_the_kv_cache_explained_is_logged_as_answered(pipeline):
    # a manager's log had counted "o que é kv cache?" as waiting for input, though it was fully answered
    from bot.pipeline import Where

    assert pipeline.ask("o que é kv cache?", Where("message")).outcome == "answered"
