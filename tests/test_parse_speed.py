"""A question padded to the length limit is answered as quickly as any (issue #14): a long run of blanks, of
digits or of dots after the words is read through, not tried split by split by patterns that fail at its end.

Each took 0.6 to 2 s of CPU before (patterns whose time grew with the square of the run: a GPU's variants, a
mixture of experts' active size, a context's unit, a GGUF file's name), and takes well under 0.1 s now; the
limit below leaves room for a slow machine and fails on any of them coming back.
"""

from __future__ import annotations

import time

import pytest

from tests.gpu_size_run import answer

CPU_LIMIT_S = 0.3


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("llama 70b fp8" + " " * 3980, "Llama 3.1 70B · FP8"),
        ("qwen 32b 4bit" + " " * 3980, "Qwen2.5 32B · INT4"),
        ("llama 70b" + "\n" * 3980, "Llama 3.1 70B"),
        ("llama 70b " + "1" * 3980, "Llama 3.1 70B"),
        ("llama 70b " + "1." * 1990, "Llama 3.1 70B"),
    ],
    ids=["blanks-after-precision", "blanks-after-bits", "new-lines", "digits", "dots"],
)
def test_padded_question_is_answered_quickly(capsys, text, understood):
    answer(capsys, "llama 8b fp16")  # the first question pays for loading the catalogue and the patterns
    start = time.process_time()
    out = answer(capsys, text)
    spent = time.process_time() - start
    assert understood in out.splitlines()[0]
    assert spent < CPU_LIMIT_S, f"{spent:.2f} s of CPU for a padded question"
