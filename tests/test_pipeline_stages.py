"""A model on a count of GPUs that does not divide its attention heads ("llama 70b em 3 h100", "6 L40S"):
vLLM's tensor parallelism must divide them, so the copy runs in pipeline stages. The answer had said "3× H100:
cabe" with no word on how 3 GPUs split a model of 64 heads; a note now says it, and what it costs."""

import pytest

from bot.cli import main as gpu_size
from sizing.engine import size
from sizing.query import parse


@pytest.mark.parametrize(
    ("text", "tp", "pp", "said"),
    [
        ("llama 70b em 3 h100", 1, 3, "Em 3 GPUs: o vLLM só divide as 64 cabeças de atenção"),
        ("llama 70b em 6 l40s", 2, 3, "roda 3 estágios de pipeline de 2 GPUs cada (--tensor-parallel-size 2"),
        ("qwen3 32b on 3 l40s", 1, 3, "On 3 GPUs: vLLM splits the model's 64 attention heads"),
    ],
)
def test_gpus_that_do_not_divide_the_heads_run_in_stages_and_say_so(text, tp, pp, said, capsys):
    named = size(parse(text).workload).requested
    assert (named.tensor_parallel, named.pipeline_parallel) == (tp, pp)
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert "--pipeline-parallel-size 3" in out


@pytest.mark.parametrize(
    "text", ["llama 70b em 2 h100", "llama 70b em 4 l40s", "llama 70b pp=3", "llama 70b tp=2 pp=3"]
)
def test_a_split_tensor_parallelism_makes_or_the_customer_chose_has_no_note(text, capsys):
    assert gpu_size([text]) == 0
    assert "cabeças de atenção do modelo por um número de GPUs" not in capsys.readouterr().out
