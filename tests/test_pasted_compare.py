"""A model pasted as its config.json (or its keys) compared and named like any other: beside a catalogue model,
with the words that stand for it ("meu modelo", "esse config", "this one"), on either side of "ou"/"vs", in a
thread's follow-up and under a button pressed on another worker; never by the id it is kept under.

The config is a customer's 40-layer fine-tune of Qwen2.5 14B's width (hidden 5,120, 40 query and 8 KV heads,
feed-forward 13,824, vocabulary 152,064, as in Qwen/Qwen2.5-14B's config.json): per layer 2 x 5,120^2 + 2 x
5,120 x 1,024 attention and 3 x 5,120 x 13,824 feed-forward weights, 40 layers and two 152,064 x 5,120
embeddings, 12.6B parameters; its KV cache 2 x 40 x 8 x 128 x 2 bytes = 160 KiB a token, 0.67 GB for 4,096."""

from __future__ import annotations

import json

import pytest

from bot.pipeline import Pipeline, Where, decode

from .gpu_size_run import answer, understood_lines
from .slack_harness import text_of, valid
from .test_pasted_config import pressed_on_another_worker
from .test_pasted_keys import pipeline as hub_off

pipeline = hub_off  # the fixture: a pipeline with the Hub off, its cache folder shared with another worker

CONFIG = json.dumps({
    "num_hidden_layers": 40, "hidden_size": 5120, "num_attention_heads": 40, "num_key_value_heads": 8,
    "vocab_size": 152064, "intermediate_size": 13824,
})  # fmt: skip
KEYS = (
    "num_hidden_layers: 40\nhidden_size: 5120\nnum_attention_heads: 40\nnum_key_value_heads: 8\n"
    "vocab_size: 152064\nintermediate_size: 13824"
)
NAME = "modelo de 12,6B do config.json colado"


def ask(pipe: Pipeline, text: str, base=None):
    return pipe.ask(text, Where("slash_command", user_id="U1"), base=base)


def test_my_model_or_a_catalogue_model_weighs_both_with_their_own_figures(capsys):
    out = answer(capsys, f"meu modelo ou o llama 3.1 8b para 20 usuarios?\n```{CONFIG}```")
    assert f"Entendi: {NAME} ou Llama 3.1 8B · 20 usuários simultâneos" in out
    compared = out.split("Comparação (a mesma carga para os dois)")[1].split("Em resumo")[0]
    # 25.1 GB of weights and 20 x 0.67 GB of cache for the pasted model; 16.1 + 20 x 0.54 GB for Llama 3.1 8B
    assert f"{NAME} · BF16/FP16" in compared and "Por GPU: 39,5 GB" in compared
    assert "Llama 3.1 8B · BF16/FP16" in compared and "Por GPU: 27,7 GB" in compared
    assert "pasted/" not in out and "se contradiz" not in out


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        (f"compare esse config com o qwen2.5 14b {CONFIG}", f"Entendi: {NAME} ou Qwen2.5 14B"),
        (
            f"this config vs llama 3.1 8b {CONFIG}",
            "Understood: 12.6B model from the pasted config.json or Llama 3.1 8B",
        ),
        (f"llama 8b ou esse aqui: {CONFIG}", f"Entendi: Llama 3.1 8B ou {NAME}"),
        (
            f"which is cheaper to serve, my model or qwen2.5 14b? {CONFIG}",
            "Understood: 12.6B model from the pasted config.json or Qwen2.5 14B",
        ),
        (
            f"o nosso ou o mistral 7b, 10 usuarios\n{KEYS}",
            f"Entendi: {NAME} ou Mistral 7B v0.3 · 10 usuários",
        ),
        # three served together: the pasted one the third
        (
            f"llama 3.1 8b, qwen2.5 7b e meu modelo juntos na mesma gpu {CONFIG}",
            f"Entendi: Llama 3.1 8B + Qwen2.5 7B + {NAME}",
        ),
        (
            f"o meu modelo ou o llama 3.1 8b para 20 utilizadores em simultâneo? {CONFIG}",
            f"Percebi: {NAME} ou Llama 3.1 8B · 20 utilizadores em simultâneo",
        ),
    ],
)
def test_the_words_that_stand_for_the_pasted_model_take_its_place_in_a_comparison(
    capsys, question, understood
):
    lines = understood_lines(capsys, question)
    assert lines[0].startswith(understood), lines
    assert "pasted/" not in answer(capsys, question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            f"llama 3.1 8b para 20 usuarios ```{CONFIG}```",
            "Você colou um config.json e citou o Llama 3.1 8B: quer compará-los, ou o config é de um fine-tune do "
            "Llama 3.1 8B?",
        ),
        (
            f"llama 3.1 8b for 20 users {CONFIG}",
            "You pasted a config.json and named Llama 3.1 8B: should I compare them, or is the config a fine-tune",
        ),
    ],
)
def test_a_whole_config_beside_a_named_model_asks_which_is_meant(capsys, question, said):
    from bot.cli import main as gpu_size

    assert gpu_size([question]) != 0
    err = capsys.readouterr().err
    assert said in err and "pasted/" not in err
    assert "meu modelo ou o Llama 3.1 8B" in err or "my model or Llama 3.1 8B" in err


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        (
            f"esse modelo é um fine-tune do llama 3.1 8b, 20 usuarios: {CONFIG}",
            f"Entendi: {NAME} · 20 usuários",
        ),
        (
            f"our model is fine-tuned from qwen2.5 14b, how much for 20 users? {CONFIG}",
            "Understood: 12.6B model from the pasted config.json · 20 concurrent users",
        ),
    ],
)
def test_a_config_said_to_be_a_fine_tune_of_the_model_named_is_sized_by_its_own_architecture(
    capsys, question, understood
):
    out = answer(capsys, question)
    assert out.startswith(understood), out[:300]
    assert "12,6B parâmetros" in out or "12.6B parameters" in out


@pytest.mark.parametrize(
    ("question", "name"),
    [
        (f"{CONFIG} 20 usuarios", "Entendi: modelo de 12,6B do config.json colado · 20 usuários"),
        (
            f"how much memory for 20 users? {CONFIG}",
            "Understood: 12.6B model from the pasted config.json · 20",
        ),
        (
            f"quanto preciso para 20 utilizadores? {CONFIG}",
            "Percebi: modelo de 12,6B do config.json colado · 20",
        ),
    ],
)
def test_a_config_with_no_name_is_named_by_its_size_in_the_readers_language(capsys, question, name):
    assert understood_lines(capsys, question)[0].startswith(name)


def test_the_pasted_model_as_the_other_choice_is_found_in_the_thread_and_on_another_worker(
    pipeline, tmp_path
):
    reply = ask(pipeline, f"llama 8b ou esse aqui, 20 usuarios: {CONFIG}")
    assert reply.outcome == "answered"
    valid(reply.message.blocks)
    text = text_of(reply.message.blocks)
    assert f"*{NAME}* · BF16/FP16" in text and "Por GPU: 39,5 GB" in text and "pasted/" not in text
    workload = decode(reply.payload)
    # "e com 40 usuários?" in the thread: both models again, for 40
    again = ask(pipeline, "e com 40 usuarios?", base=workload)
    assert f"Entendi: Llama 3.1 8B ou {NAME} · 40 usuários" in again.text_answer
    assert "não dá para compará-lo" not in again.text_answer
    pressed = pressed_on_another_worker(tmp_path, workload)
    assert f"{NAME} · BF16/FP16" in pressed.text_answer and "Por GPU: 39,5 GB" in pressed.text_answer
    assert "pasted/" not in pressed.text_answer


def test_an_unreadable_config_as_the_other_choice_is_said_without_its_id(pipeline):
    reply = ask(pipeline, 'llama 3.1 8b ou esse aqui: {"num_hidden_layers": 40, "hidden_size": 5120, '
                          '"num_attention_heads": 40, "vocab_size": 0}')  # fmt: skip
    text = text_of(reply.message.blocks)
    assert "Não consigo dimensionar o config.json colado: 'vocab_size' vale 0" in text
    assert "pasted/" not in text


def test_a_comparison_with_a_pasted_config_in_slack(slack):
    reply = slack.command(f"meu modelo ou o qwen2.5 14b pra 10 usuários?\n```\n{KEYS}\n```")
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    assert f"{NAME} ou Qwen2.5 14B · 10 usuários" in text and "pasted/" not in text


def test_keys_beside_the_model_flag_change_that_model(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["--model", "llama 3.1 8b", "max_position_embeddings: 32768 e 64k de contexto"]) != 0
    err = capsys.readouterr().err
    assert "65.536 tokens passam do limite do Llama 3.1 8B (max_position_embeddings 32768)" in err


# Qwen/Qwen2.5-7B-Instruct's config.json with the YaRN block its card says to add for 131,072 tokens (factor 4
# over 32,768); google/gemma-3-12b-it's text_config, whose 131,072 positions already are scaled (linear factor
# 8): vLLM's _get_and_verify_max_len multiplies the first, never Gemma 3's.
QWEN25_7B_YARN = json.dumps({
    "architectures": ["Qwen2ForCausalLM"], "hidden_size": 3584, "intermediate_size": 18944,
    "max_position_embeddings": 32768, "model_type": "qwen2", "num_attention_heads": 28, "num_hidden_layers": 28,
    "num_key_value_heads": 4, "vocab_size": 152064,
    "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768},
})  # fmt: skip
GEMMA3_12B = json.dumps({
    "architectures": ["Gemma3ForCausalLM"], "model_type": "gemma3_text", "hidden_size": 3840,
    "intermediate_size": 15360, "max_position_embeddings": 131072, "num_attention_heads": 16,
    "num_hidden_layers": 48, "num_key_value_heads": 8, "head_dim": 256, "vocab_size": 262208,
    "rope_scaling": {"rope_type": "linear", "factor": 8.0}, "sliding_window": 1024,
})  # fmt: skip


def test_a_whole_configs_rope_scaling_sets_its_context_as_vllm_derives_it(capsys):
    from bot.cli import main as gpu_size

    lines = understood_lines(capsys, f"100k de contexto {QWEN25_7B_YARN}")
    assert lines[0] == "Entendi: Qwen2ForCausalLM (config.json) · 100.000 tokens de contexto", lines
    assert gpu_size([f"200k de contexto {GEMMA3_12B}"]) != 0
    assert "que é de 131.072 tokens" in capsys.readouterr().err


@pytest.mark.parametrize(
    "question",
    [
        "vocab_size: 128,256, hidden_size: 4,096, num_hidden_layers: 32, num_attention_heads: 32, "
        "num_key_value_heads: 8, intermediate_size: 14,336",
        "vocab_size: 128.256\nhidden_size: 4.096\nnum_hidden_layers: 32\nnum_attention_heads: 32\n"
        "num_key_value_heads: 8\nintermediate_size: 14.336",
    ],
)
def test_counts_written_with_thousands_separators_are_read_whole(capsys, question):
    # Meta-Llama-3-8B's shape (tests/test_pasted_keys.py): 8.03B parameters
    out = answer(capsys, question)
    assert "Entendi: modelo de 8,03B do config.json colado" in out and "8,03B parâmetros" in out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # openai-community/gpt2's config.json: 124M parameters, tied embeddings, a plain GELU MLP of 4 x 768
        (
            "n_embd: 768, n_layer: 12, n_head: 12, vocab_size: 50257, n_positions: 1024",
            ("modelo de 124M do config.json colado", "124M parâmetros", "conversa de 1.024 tokens"),
        ),
        # tiiuae/falcon-7b's shape with its RW config's names (n_head, n_layer): multi-query attention, one KV
        # head of 64, 2 x 32 x 64 x 2 bytes a token
        (
            'quanto precisa? {"architectures": ["FalconForCausalLM"], "hidden_size": 4544, "model_type": "falcon", '
            '"multi_query": true, "new_decoder_architecture": false, "n_head": 71, "n_layer": 32, '
            '"vocab_size": 65024}',
            ("FalconForCausalLM (config.json)", "(1 × 0,03 GB por conversa de 4.096 tokens)"),
        ),
    ],
)
def test_gpt2_and_falcon_names_are_read(capsys, question, said):
    out = answer(capsys, question)
    assert all(part in out for part in said), out[:600]
