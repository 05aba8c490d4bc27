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
