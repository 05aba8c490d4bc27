"""A model's config.json keys pasted the ways people paste them: without the braces, as YAML or `key: value` /
`key=value` lines, a fragment cut with "...", in prose; beside a catalogue model they change that model. The
shape is Meta-Llama-3-8B's config.json (meta-llama/Meta-Llama-3-8B: 32 layers, hidden 4,096, 32 query and 8 KV
heads, feed-forward 14,336, vocabulary 128,256; 8,030,261,248 parameters in its safetensors files)."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where, decode
from hub.service import Hub

from .gpu_size_run import answer, understood_lines
from .slack_harness import text_of, valid
from .test_pasted_config import pressed_on_another_worker

# Meta-Llama-3-8B at 16 bits: 8.03B parameters; its KV cache 2 x 32 layers x 8 heads x 128 x 2 bytes = 128 KiB
# a token, 0.54 GB for a 4,096-token conversation.
LLAMA3_8B_LINES = "8,03B parâmetros × 16,00 bits"


@pytest.fixture
def pipeline(tmp_path):
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), hub=Hub(enabled=False, cache_dir=tmp_path / "hub"))
    yield pipe
    pipe.log.close()


def ask(pipe: Pipeline, text: str):
    return pipe.ask(text, Where("slash_command", user_id="U1"))


@pytest.mark.parametrize(
    "question",
    [
        # prose, with and without ":" between key and value
        "meu modelo: num_hidden_layers: 32, hidden_size: 4096, num_attention_heads 32, num_key_value_heads: 8, "
        "vocab_size 128256, intermediate_size 14336 — quanto precisa pra 20 usuarios?",
        # YAML lines
        "quanto precisa pra 20 usuarios?\nnum_hidden_layers: 32\nhidden_size: 4096\nnum_attention_heads: 32\n"
        "num_key_value_heads: 8\nvocab_size: 128256\nintermediate_size: 14336",
        # a config.json fragment: no braces, a trailing comma, "..." where it was cut, keys of no use here
        '20 usuarios com esse config:\n  "hidden_size": 4096,\n  "intermediate_size": 14336,\n  ...\n'
        '  "num_attention_heads": 32,\n  "num_hidden_layers": 32,\n  "num_key_value_heads": 8,\n'
        '  "rms_norm_eps": 1e-05,\n  "rope_theta": 500000.0,\n  "vocab_size": 128256,',
        # key=value, as a Python or shell line writes them
        "hidden_size=4096 num_hidden_layers=32 num_attention_heads=32 num_key_value_heads=8 vocab_size=128256 "
        "intermediate_size=14336 pra 20 usuarios",
    ],
)
def test_keys_pasted_without_braces_are_the_model(capsys, question):
    out = answer(capsys, question)
    # no name kept in the keys: named by the parameters they give (8,030,261,248)
    assert "Entendi: modelo de 8,03B do config.json colado · 20 usuários simultâneos" in out
    assert LLAMA3_8B_LINES in out
    assert "(20 × 0,54 GB por conversa de 4.096 tokens)" in out
    assert "Não entendi" not in out
    # max_position_embeddings was not pasted: the answer says the value it took
    assert "o cálculo assumiu: max_position_embeddings = 4096" in out


def test_keys_missing_are_named_with_what_was_assumed(capsys):
    out = answer(
        capsys, "num_hidden_layers: 32, hidden_size: 4096, num_attention_heads: 32, vocab_size: 32000"
    )
    assert (
        "o cálculo assumiu: num_key_value_heads = 32 (num_attention_heads), intermediate_size = 16384 "
        "(4 × hidden_size), max_position_embeddings = 4096"
    ) in out


def test_keys_too_few_for_a_model_say_which_are_missing(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["hidden_size: 4096, num_attention_heads: 32 ... quanto de memória?"]) != 0
    err = capsys.readouterr().err
    assert "falta 'num_hidden_layers', 'vocab_size' no config.json" in err


@pytest.mark.parametrize(
    ("question", "said", "kv"),
    [
        # Llama 3.1 8B's 8 KV heads made 32 (no GQA): a four times larger cache, 0.54 -> 2.1 GB
        (
            "llama 3.1 8b com num_key_value_heads: 32 e 10 usuarios",
            "Entendi: Llama 3.1 8B (num_key_value_heads 32) · 10 usuários simultâneos",
            "(10 × 2,1 GB por conversa de 4.096 tokens)",
        ),
        (
            "how much memory for llama 3.1 8b with num_key_value_heads=32 and 10 users?",
            "Understood: Llama 3.1 8B (num_key_value_heads 32) · 10 concurrent users",
            "(10 × 2.1 GB per conversation of 4,096 tokens)",
        ),
    ],
)
def test_keys_beside_a_named_model_change_that_model(capsys, question, said, kv):
    out = answer(capsys, question)
    assert said in out and kv in out
    assert "8,84B" in out or "8.84B" in out  # k_proj and v_proj 4x wider: 32 x 2 x 4096 x 3072 more weights
    assert "com as chaves coladas" in out or "with the keys pasted" in out


def test_the_context_limit_follows_the_pasted_max_position_embeddings(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["llama 3.1 8b com max_position_embeddings: 32768 e 64k de contexto"]) != 0
    err = capsys.readouterr().err
    assert "65.536 tokens passam do limite do Llama 3.1 8B (max_position_embeddings 32768)" in err
    assert "32.768 tokens" in err


@pytest.mark.parametrize(
    "question",
    [
        "qwen2.5 7b, rope_scaling factor 8, 200k de contexto",
        "qwen2.5 7b com rope_scaling:\n  type: yarn\n  factor: 8.0\n  original_max_position_embeddings: 32768\n"
        "e 200k de contexto",
        "qwen2.5 7b com 200k de contexto, rope_scaling = {'type': 'yarn', 'factor': 8.0}",
        "qwen2.5 7b com 200k de contexto, rope_scaling.factor=8",
    ],
)
def test_a_pasted_rope_scaling_factor_sets_the_context_and_is_no_user_count(capsys, question):
    # Qwen2.5 7B runs to 131,072 tokens with its card's YaRN factor 4 over 32,768 positions: 200k is past it
    # (refused without the keys); factor 8 reaches 262,144 (vLLM: original_max_position_embeddings x factor).
    lines = understood_lines(capsys, question)
    assert lines[0].startswith("Entendi: Qwen2.5 7B (rope_scaling "), lines
    assert "8)" in lines[0] and "200.000 tokens de contexto" in lines[0]
    assert "usuários" not in lines[0], lines  # the factor is not 8 users
    assert "Não entendi" not in answer(capsys, question)


def test_a_smaller_rope_scaling_factor_lowers_the_limit_the_card_gave(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["qwen2.5 7b, rope_scaling factor 2 e 100k de contexto"]) != 0
    err = capsys.readouterr().err
    assert (
        "100.000 tokens passam do limite do Qwen2.5 7B (rope_scaling factor 2), que é de 65.536 tokens" in err
    )
    assert "max_position_embeddings e o rope_scaling do que foi colado" in err


def test_a_context_past_an_assumed_max_position_embeddings_asks_for_it(capsys):
    from bot.cli import main as gpu_size

    question = "how about 8k with num_hidden_layers: 32, hidden_size: 4096, num_attention_heads: 32, vocab_size: 32000"
    assert gpu_size([question]) != 0
    err = capsys.readouterr().err
    assert "what was pasted has no max_position_embeddings, and the sizing assumed 4,096" in err


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "llama 3.1 8b com num_hidden_layers: 0",
            "'num_hidden_layers' vale 0, e precisa ser um número inteiro",
        ),
        ("llama 3.1 8b com hidden_size: -4096", "'hidden_size' vale -4096"),
        (
            "llama 3.1 8b com hidden_size: 4100",
            "hidden_size (4100) não se divide em num_attention_heads (32)",
        ),
        (
            "mistral 7b mas com num_key_value_heads: 5",
            "num_attention_heads (32) não é múltiplo de num_key_value_heads (5)",
        ),
        (
            "quanto? num_hidden_layers: 32, hidden_size: 4096, num_attention_heads: 32, vocab_size: 0",
            "'vocab_size' vale 0",
        ),
    ],
)
def test_a_value_no_model_has_is_said_by_its_key(capsys, question, said):
    from bot.cli import main as gpu_size

    assert gpu_size([question]) != 0
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and "erro interno" not in err


@pytest.mark.parametrize(
    ("question", "file"),
    [
        (
            'quanto de memória pra esse modelo? {"bos_token_id": 128000, "do_sample": true, "eos_token_id": 128009, '
            '"temperature": 0.6, "top_p": 0.9, "transformers_version": "4.42.3"}',
            "Isso é o generation_config.json do modelo",
        ),
        (
            'how much memory for this model? {"add_bos_token": true, "model_max_length": 131072, '
            '"tokenizer_class": "PreTrainedTokenizerFast", "chat_template": "{{ bos_token }}"}',
            "That is the model's tokenizer_config.json",
        ),
    ],
)
def test_a_pasted_generation_or_tokenizer_config_names_the_file_to_paste(pipeline, question, file):
    reply = ask(pipeline, question)
    text = text_of(reply.message.blocks)
    assert reply.outcome != "answered" and file in text and "config.json" in text, text


def test_keys_in_slack_code_blocks_quotes_and_escapes_are_read(slack):
    reply = slack.command(
        "&gt; cabe numa l40s com 20 usuários?\n```\n“num_hidden_layers”: 32,\n“hidden_size”: 4096,\n"
        "“num_attention_heads”: 32,\n“num_key_value_heads”: 8,\n“vocab_size”: 128256,\n"
        "“intermediate_size”: 14336\n```"
    )
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    assert "config.json" in text and "20 usuários" in text and "L40S" in text
    assert "Não entendi" not in text


def test_a_named_model_with_keys_in_slack_keeps_its_buttons_on_another_worker(pipeline, tmp_path):
    question = "mistral 7b mas com `num_key_value_heads`: `32`, 8 usuarios"
    reply = ask(pipeline, question)
    assert reply.outcome == "answered"
    assert "Entendi: Mistral 7B v0.3 (num_key_value_heads 32) · 8 usuários simultâneos" in reply.text_answer
    pipeline.log.flush()
    [row] = pipeline.log.rows()
    assert row["text"] == question  # logged as typed
    workload = decode(reply.payload)
    again = pressed_on_another_worker(tmp_path, workload)
    assert "Mistral 7B v0.3 (num_key_value_heads 32)" in again.text_answer and "INT4" in again.text_answer


def test_a_follow_up_with_keys_changes_the_threads_model(pipeline):
    first = ask(pipeline, "llama 3.1 8b pra 10 usuarios")
    reply = pipeline.ask(
        "e com num_key_value_heads: 32?", Where("slash_command", user_id="U1"), base=decode(first.payload)
    )
    assert "Llama 3.1 8B (num_key_value_heads 32)" in reply.text_answer
    assert "10 usuários" in reply.text_answer


def test_words_with_underscores_that_are_no_config_keys_are_left_to_the_question(capsys):
    out = answer(capsys, "llama 3.1 8b gpu_memory_utilization=0.9 pra 10 usuarios")
    assert "chaves coladas" not in out and "Llama 3.1 8B ·" in out


def test_keys_beside_a_repo_not_read_say_so_and_each_refusal_is_its_own(pipeline):
    # The Hub is off here: the repo's architecture is not known, and guessing one from its name is no base for
    # its keys. Two refusals for different reasons in one worker are each said (the first had been repeated).
    unread = text_of(ask(pipeline, "acme/foo-7b-instruct com num_key_value_heads: 8").message.blocks)
    assert "Não consigo aplicar as chaves coladas ao acme/foo-7b-instruct" in unread and "só o nome" in unread
    split = text_of(ask(pipeline, "mistral 7b mas com num_key_value_heads: 5").message.blocks)
    assert "ao Mistral 7B v0.3: num_attention_heads (32) não é múltiplo de num_key_value_heads (5)" in split


def test_keys_beside_a_bare_size_change_the_shape_that_size_stands_for(capsys):
    # Llama 3.1 70B with 64 KV heads (no GQA): 2 x 80 layers x 64 x 128 x 2 bytes = 2.6 MB a token.
    out = answer(capsys, "70b com num_key_value_heads: 64")
    assert "Entendi: Llama 3.1 70B (num_key_value_heads 64)" in out
    assert "(1 × 10,7 GB por conversa de 4.096 tokens)" in out


def test_keys_alone_in_a_thread_change_the_answer_above(pipeline):
    first = ask(pipeline, "llama 3.1 8b pra 10 usuarios")
    base = decode(first.payload)
    assert not pipeline.is_new_question("num_key_value_heads: 32", base)
    reply = pipeline.ask("num_key_value_heads: 32", Where("slash_command", user_id="U1"), base=base)
    assert "Entendi: Llama 3.1 8B (num_key_value_heads 32)" in reply.text_answer
    assert "(10 × 2,1 GB por conversa de 4.096 tokens)" in reply.text_answer
