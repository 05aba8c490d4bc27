"""Small wrong answers users met: a name's version before a three-digit size read as thousands, a first
question about the KV cache, an embedding model beside Whisper, openai-whisper asked in INT8, a family said
without its size ("nemotron nano", "sabiá"), and DeepSpeed asked under a serving answer."""

from __future__ import annotations

import pytest

from .gpu_size_run import answer


@pytest.mark.parametrize(
    "question, sized_as",
    [
        # "3 405" had been read as 3,405 and the model sized as a 3.4B
        ("hermes 3 405b", "Llama 3.1 405B"),
        ("hermes 3 405b fp8 para 10 usuários", "Llama 3.1 405B"),
        ("hermes 3 70b em 2 h100", "Llama 3.1 70B"),
    ],
)
def test_a_version_before_a_three_digit_size_is_no_thousands_group(capsys, question, sized_as):
    text = answer(capsys, question)
    first = text.splitlines()[0]
    assert f"dimensionado como {sized_as}" in first
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
