"""Code and commands pasted into a question, as people paste them from a terminal or a notebook (often in a
Slack code block): a vLLM launch line, a transformers load, vLLM's Python engine, llama-cpp-python, an Ollama
tag. The sizing facts in them are read (model, precision, context, tensor parallelism, concurrency); what says
nothing of the load (a port, an API key, device_map, the call's name) is left out quietly, never listed as not
understood."""

from __future__ import annotations

import contextlib
import time

import pytest

from bot.cli import main as gpu_size
from sizing.query import QueryError, parse

from . import slack_requests as sr
from .gpu_size_run import answer
from .slack_harness import text_of


def _head(capsys, question: str) -> str:
    """The answer's first lines: what was understood and what was not."""
    return "\n".join(answer(capsys, question).splitlines()[:3])


def test_a_transformers_load_in_4_bits_is_sized_in_4_bits_not_in_its_torch_dtype(capsys):
    # torch_dtype is the type of what bitsandbytes leaves unquantized; the weights load in 4 bits.
    head = _head(
        capsys,
        'AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.1-8B-Instruct", '
        "torch_dtype=torch.bfloat16, load_in_4bit=True)",
    )
    assert "Llama 3.1 8B" in head and "NF4 (bitsandbytes)" in head
    assert "Não entendi" not in head and "Not understood" not in head


def test_a_bitsandbytes_config_and_an_assigned_repo_are_read_through_the_variables(capsys):
    pasted = (
        "from transformers import AutoModelForCausalLM, BitsAndBytesConfig\n"
        'model_id = "Qwen/Qwen2.5-7B-Instruct"\n'
        "bnb = BitsAndBytesConfig(load_in_8bit=True)\n"
        'model = AutoModelForCausalLM.from_pretrained(model_id, device_map="auto", quantization_config='
        'BitsAndBytesConfig(load_in_8bit=True), trust_remote_code=True).to("cuda")\n'
        "quanto de vram pra 10 usuários?"
    )
    head = _head(capsys, pasted)
    assert "Qwen2.5 7B" in head and "INT8" in head and "10 usuários" in head
    assert "Não entendi" not in head


@pytest.mark.parametrize(
    ("pasted", "said"),
    [
        ('pipeline("text-generation", model="meta-llama/Llama-3.1-8B-Instruct", torch_dtype=torch.float16)',
         ["Llama 3.1 8B", "16-bit"]),
        # vLLM's Python engine takes its launch flags as keyword arguments.
        ('llm = LLM(model="Qwen/Qwen3-32B", tensor_parallel_size=2, max_model_len=32768, quantization="fp8", '
         "max_num_seqs=64, enforce_eager=True)",
         ["Qwen3 32B", "FP8", "32k", "64 sequências", "2 GPUs"]),
        # A quantized checkpoint served with dtype="half": the weights are the checkpoint's, not 16-bit.
        ('LLM(model="/models/Qwen2.5-72B-Instruct-AWQ", quantization="awq", dtype="half", tensor_parallel_size=2)',
         ["Qwen2.5 72B", "INT4", "2 GPUs"]),
        # llama-cpp-python: the file on disk names the model and its type; n_ctx is the context.
        ('Llama(model_path="./models/qwen2.5-7b-instruct-q4_k_m.gguf", n_ctx=8192, n_gpu_layers=-1)',
         ["Qwen2.5 7B", "Q4_K_M", "8k"]),
    ],
)  # fmt: skip
def test_python_calls_say_the_model_its_precision_and_its_serving_limits(capsys, pasted, said):
    head = _head(capsys, pasted)
    assert all(word in head for word in said), head
    assert "Não entendi" not in head


def test_a_vllm_launch_line_with_flags_the_sizing_does_not_use_lists_none_of_them(capsys):
    head = _head(
        capsys,
        "vllm serve Qwen/Qwen3-32B --max-model-len 32768 --tensor-parallel-size 2 --quantization fp8 "
        "--max-num-seqs 64 --api-key segredo --distributed-executor-backend ray --tokenizer-mode auto \\\n"
        "  --served-model-name qwen --enable-prefix-caching",
    )
    assert "Qwen3 32B" in head and "FP8" in head and "2 GPUs" in head and "64 sequências" in head
    assert "Não entendi" not in head and "segredo" not in head


def test_words_after_a_switch_are_still_read_as_the_question(capsys):
    # A flag without a value followed by the question: the question's words are not a flag's value.
    head = _head(capsys, "vllm serve Qwen/Qwen3-32B --enable-prefix-caching para 20 usuários em fp8")
    assert "20 usuários" in head and "FP8" in head


def test_a_model_file_on_disk_is_the_model_its_name_says(capsys):
    # "./models/qwen2.5-..." had been read as the repo "models/qwen2.5" and Mistral 7B sized in its place.
    head = _head(capsys, "llama-server -m ./models/qwen2.5-7b-instruct-q4_k_m.gguf -c 8192")
    assert "Qwen2.5 7B" in head and "Q4_K_M" in head and "Mistral" not in head


def test_a_parenthesis_in_words_is_no_code(capsys):
    head = _head(capsys, "llama 70b (4bit) para 10 usuários")
    assert "Llama 3.1 70B" in head and "10 usuários" in head


def test_code_blocks_in_slack_are_read_like_the_code_in_them(slack):
    typed = (
        'quanto de GPU pra isso?\n```AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.1-8B-Instruct", '
        "torch_dtype=torch.bfloat16, load_in_4bit=True)```\npara 5 usuários"
    )
    reply = slack.command("`vllm serve Qwen/Qwen3-32B --max-num-seqs 64 --api-key segredo --port 8000`")
    text = text_of(reply["blocks"])
    assert "Qwen3 32B" in text and "64 sequências" in text and "Não entendi" not in text
    slack.event(sr.app_mention(f"<@UBOT> {typed}"), "EvPC1")
    [answer_posted] = slack.fake.wait_for("chat.postMessage")
    text = text_of(answer_posted.params["blocks"])
    assert "Llama 3.1 8B" in text and "NF4" in text and "5 usuários" in text and "Não entendi" not in text


def test_code_with_nothing_to_size_gets_the_how_to_ask(capsys):
    assert gpu_size(['print("olá")']) == 0
    out = capsys.readouterr()
    assert "Como perguntar" in out.out and "Traceback" not in out.err


@pytest.mark.parametrize("pasted", ["a(x=1 " * 6000, 'f("' * 10000, "g(h(" * 9000 + "x=1"])
def test_a_long_paste_of_unclosed_calls_is_read_in_one_pass(pasted):
    # Each call's closing parenthesis had been searched for from every call: 36,000 characters took 30 s.
    started = time.monotonic()
    with contextlib.suppress(QueryError):
        parse(pasted[:39_000])
    assert time.monotonic() - started < 3
