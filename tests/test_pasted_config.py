"""A model's config.json pasted into a question (a customer's own fine-tune, a private repo): read as the Hub
reader reads a repo's, sized, and found again by buttons pressed on another worker. The configs are the
published config.json files of the repos named (Hugging Face, main branch), their parameter counts the
published safetensors totals."""

from __future__ import annotations

import json

import pytest

from bot.cli import main as gpu_size
from bot.log import RequestLog
from bot.pipeline import Pipeline, Where, decode
from hub import pasted
from hub.describe import Unsupported, architecture
from hub.service import Hub

from .slack_harness import text_of, valid

# meta-llama/Llama-2-13b-hf config.json: 13,015,864,320 parameters in its safetensors files.
LLAMA2_13B = {
    "_name_or_path": "meta-llama/Llama-2-13b-hf", "architectures": ["LlamaForCausalLM"], "bos_token_id": 1,
    "eos_token_id": 2, "hidden_act": "silu", "hidden_size": 5120, "initializer_range": 0.02,
    "intermediate_size": 13824, "max_position_embeddings": 4096, "model_type": "llama", "num_attention_heads": 40,
    "num_hidden_layers": 40, "num_key_value_heads": 40, "pretraining_tp": 1, "rms_norm_eps": 1e-05,
    "rope_scaling": None, "tie_word_embeddings": False, "torch_dtype": "float16", "transformers_version": "4.32.0.dev0",
    "use_cache": True, "vocab_size": 32000,
}  # fmt: skip
# mistralai/Mistral-7B-v0.1 config.json: 7,241,732,096 parameters; GQA with 8 KV heads, a 4,096-token window.
MISTRAL_7B = {
    "architectures": ["MistralForCausalLM"], "bos_token_id": 1, "eos_token_id": 2, "hidden_act": "silu",
    "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 32768,
    "model_type": "mistral", "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
    "rms_norm_eps": 1e-05, "rope_theta": 10000.0, "sliding_window": 4096, "tie_word_embeddings": False,
    "torch_dtype": "bfloat16", "transformers_version": "4.34.0.dev0", "use_cache": True, "vocab_size": 32000,
}  # fmt: skip

# openai-community/gpt2 config.json: learned positions (wpe), biases and LayerNorms everywhere; transformers'
# GPT2LMHeadModel.num_parameters() is 124,439,808 (the safetensors file adds the causal masks as buffers).
GPT2 = {
    "activation_function": "gelu_new", "architectures": ["GPT2LMHeadModel"], "bos_token_id": 50256,
    "eos_token_id": 50256, "initializer_range": 0.02, "layer_norm_epsilon": 1e-05, "model_type": "gpt2",
    "n_ctx": 1024, "n_embd": 768, "n_head": 12, "n_layer": 12, "n_positions": 1024, "vocab_size": 50257,
}  # fmt: skip
# mosaicml/mpt-7b config.json (MosaicML's own names): 6,649,286,656 parameters ("6.65B" on its model page).
MPT_7B = {
    "architectures": ["MPTForCausalLM"], "attn_config": {"alibi": True, "attn_type": "multihead_attention"},
    "d_model": 4096, "expansion_ratio": 4, "max_seq_len": 2048, "model_type": "mpt", "n_heads": 32, "n_layers": 32,
    "no_bias": True, "torch_dtype": "bfloat16", "vocab_size": 50432,
}  # fmt: skip
# facebook/opt-125m config.json: learned positions with OPT's offset of 2 rows, ReLU MLP ffn_dim wide, biases,
# tied head; transformers' OPTForCausalLM.num_parameters() is 125,239,296.
OPT_125M = {
    "_name_or_path": "facebook/opt-125m", "activation_dropout": 0.0, "activation_function": "relu",
    "architectures": ["OPTForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 2, "do_layer_norm_before": True,
    "dropout": 0.1, "eos_token_id": 2, "ffn_dim": 3072, "hidden_size": 768, "init_std": 0.02, "layerdrop": 0.0,
    "max_position_embeddings": 2048, "model_type": "opt", "num_attention_heads": 12, "num_hidden_layers": 12,
    "pad_token_id": 1, "prefix": "</s>", "torch_dtype": "float16", "transformers_version": "4.21.0.dev0",
    "use_cache": True, "vocab_size": 50272, "word_embed_proj_dim": 768,
}  # fmt: skip


@pytest.fixture
def pipeline(tmp_path):
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), hub=Hub(enabled=False, cache_dir=tmp_path / "hub"))
    yield pipe
    pipe.log.close()


def ask(pipe: Pipeline, text: str, user: str = "U1"):
    return pipe.ask(text, Where("slash_command", user_id=user))


@pytest.mark.parametrize(
    ("config", "params"),
    [
        (LLAMA2_13B, 13_015_864_320),
        (MISTRAL_7B, 7_241_732_096),
        (GPT2, 124_439_808),
        (MPT_7B, 6_649_286_656),
        (OPT_125M, 125_239_296),
    ],
)
def test_a_pasted_config_is_counted_as_its_published_checkpoint(config, params):
    found = pasted.find("quanto de memória pra esse modelo? " + json.dumps(config))
    model = pasted.read(found)
    assert abs(model.params - params) / params < 0.001, model.params


def test_opt_350m_embedding_projection_is_refused_with_the_reason():
    """facebook/opt-350m embeds tokens 512 wide and projects them to its 1,024-wide layers (word_embed_proj_dim):
    counted as the others it would be ~8% over, so the reader says what it cannot hold instead."""
    narrow = {**OPT_125M, "hidden_size": 1024, "ffn_dim": 4096, "num_attention_heads": 16,
              "num_hidden_layers": 24, "word_embed_proj_dim": 512, "do_layer_norm_before": False}  # fmt: skip
    with pytest.raises(Unsupported) as e:
        architecture(narrow)
    assert e.value.reason == "embedding_projection"


def test_a_pasted_config_is_sized_with_its_own_architecture(pipeline):
    reply = ask(
        pipeline, "quanto de memória pra esse modelo com 4k e 10 usuários?\n" + json.dumps(LLAMA2_13B)
    )
    assert reply.outcome == "answered"
    valid(reply.message.blocks)
    text = reply.text_answer
    assert "Entendi: Llama-2-13b-hf (config.json) · 4k de contexto · 10 usuários simultâneos" in text
    assert "13,0B parâmetros" in text
    # No GQA in Llama 2 13B: 2 × 40 layers × 40 KV heads × 128 × 2 bytes = 819,200 bytes per token.
    assert "(10 × 3,4 GB por conversa de 4.096 tokens)" in text
    assert "config.json colado na pergunta" in text and "Hugging Face" not in text.split("Premissas")[1][:300]
    pipeline.log.flush()
    [row] = pipeline.log.rows()
    assert row["outcome"] == "answered" and '"hidden_size": 5120' in row["text"]  # logged as asked


def test_the_same_config_pasted_twice_is_the_same_model_and_curly_quotes_are_read(pipeline):
    plain = pasted.find("cabe numa l40s? " + json.dumps(MISTRAL_7B))
    curly = json.dumps(MISTRAL_7B).replace('"', "“", 1).replace('"', "”", 1)
    again = pasted.find("e numa h100? ```" + curly + "```")
    assert again is not None and again.repo == plain.repo
    reply = ask(pipeline, "cabe numa l40s com 32k? " + json.dumps(MISTRAL_7B))
    assert "MistralForCausalLM (config.json)" in reply.text_answer and "L40S" in reply.text_answer


def pressed_on_another_worker(tmp_path, workload):
    """The answer to the 4-bit button under `workload`'s answer, pressed on another worker: a process that shares
    only the Hub's cache folder with the one that read the paste."""
    other = Pipeline(RequestLog(tmp_path / "log.db"), hub=Hub(enabled=False, cache_dir=tmp_path / "hub"))
    try:
        pressed = other.recompute(workload.but(precision="int4"), Where("button", user_id="U1"))
    finally:
        other.log.close()
    assert pressed.outcome == "answered", pressed.text_answer
    return pressed


def test_a_button_pressed_on_another_worker_finds_the_pasted_model(pipeline, tmp_path):
    reply = ask(pipeline, "esse modelo em 8 bits? " + json.dumps(MISTRAL_7B))
    workload = decode(reply.payload)
    again = pressed_on_another_worker(tmp_path, workload)
    assert "MistralForCausalLM (config.json)" in again.text_answer and "INT4" in again.text_answer
    # A worker with nothing kept (another machine, the cache wiped) asks for the config again.
    lost = Pipeline(RequestLog(tmp_path / "log.db"))
    try:
        gone = lost.recompute(workload, Where("button", user_id="U1"))
        assert gone.outcome != "answered" and "cole-o de novo" in text_of(gone.message.blocks)
    finally:
        lost.log.close()


@pytest.mark.parametrize(
    ("config", "said"),
    [
        (  # n_embd is GPT-2's hidden_size (transformers GPT2Config attribute_map)
            {"num_hidden_layers": 12, "model_type": "gpt2", "n_embd": 768},
            "falta 'num_attention_heads', 'vocab_size' no config.json",
        ),
        # Hymba's side-by-side attention and Mamba heads are still not sized (Zamba2's shared blocks are now).
        ({**MISTRAL_7B, "model_type": "hymba", "architectures": ["HymbaForCausalLM"]}, "Hymba"),
    ],
)
def test_a_config_we_cannot_size_gets_the_reason_not_a_traceback(pipeline, config, said):
    reply = ask(pipeline, "quanto de memória? " + json.dumps(config))
    assert reply.outcome in ("not_understood", "needs_input")
    text = text_of(reply.message.blocks)
    assert "config.json colado" in text and said in text, text


def test_braces_that_are_no_config_leave_the_question_alone(pipeline):
    assert pasted.find("llama 70b {4bit} pra {20 usuarios}") is None
    assert pasted.find('llama 70b {"users": 20}') is None
    reply = ask(pipeline, "llama 3.1 8b {fp8} 10 usuários")
    assert "Llama 3.1 8B" in reply.text_answer


def test_an_english_question_gets_the_reason_in_english(pipeline):
    reply = ask(pipeline, "how much memory for this model? " + json.dumps({"num_hidden_layers": 2}))
    assert "I can't size the pasted config.json: config.json lacks 'hidden_size'" in text_of(
        reply.message.blocks
    )


def test_the_command_line_reads_a_pasted_config(capsys):
    assert gpu_size(["cabe numa l40s? " + json.dumps(LLAMA2_13B)]) == 0
    out = capsys.readouterr().out
    assert "Entendi: Llama-2-13b-hf (config.json) · 1× L40S 48 GB" in out


def test_the_json_object_names_a_pasted_model_as_pasted_not_as_a_hub_repo(capsys):
    # It had said "id": "hf:pasted/config-…", "source": "hub" and the question as "pasted/config-… 10 usuarios":
    # a script reading it took a pasted config for a Hugging Face repo and lost what was asked.
    question = "10 usuarios " + json.dumps(LLAMA2_13B)
    assert gpu_size(["--json", question]) == 0
    data = json.loads(capsys.readouterr().out)
    model = data["workload"]["model"]
    assert model["id"].startswith("pasted:config-") and model["source"] == "pasted"
    assert data["query"]["text"] == question
    assert "hf:" not in json.dumps(data) and "pasted/" not in json.dumps(data["query"])


def test_an_mpt_config_is_read_in_its_own_key_names(pipeline):
    # MPT's d_model / n_heads / n_layers had been "config.json lacks 'hidden_size'".
    reply = ask(pipeline, "quanto de memória pra esse modelo com 10 usuários? " + json.dumps(MPT_7B))
    text = reply.text_answer
    assert "MPTForCausalLM (config.json)" in text and "6,65B parâmetros" in text
    # 32 heads of 128 each, no GQA: 1.1 GB for 2,048 tokens
    assert "2.048 tokens de contexto" in text and "10 × 1,1 GB por conversa" in text


def test_a_hub_config_lacking_a_key_is_said_so_not_a_crash():
    # Unsupported("config_lacks", key=…) had raised TypeError (i18n.t's own parameter is named key): the
    # Hub reader then reported a config without hidden_size as the Hub being offline.
    with pytest.raises(Unsupported, match="hidden_size"):
        architecture({"num_hidden_layers": 2, "model_type": "llama"})


def test_a_config_pasted_in_slack_in_a_code_block_is_answered(slack):
    reply = slack.command(
        "esse modelo cabe numa l40s com 20 usuários?\n```" + json.dumps(MISTRAL_7B, indent=2) + "```"
    )
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    assert "MistralForCausalLM (config.json)" in text and "20 usuários" in text
