"""NVIDIA's neural-architecture-search models (DeciLM, model_type "nemotron-nas"): Llama 3.3 Nemotron Super 49B and
Llama 3.1 Nemotron Ultra 253B. Their layers differ one by one: some have no attention (so no KV cache), each MLP
has its own width. "nemotron super 49b" had been sized as Llama 3.1 70B cut to 55 layers (49.2B, a KV cache in
all 55 layers). The blocks are config.json's block_configs as NVIDIA-NeMo/Megatron-Bridge's
llama_nemotron_config.py copies them; vLLM's nemotron_nas.py says how they are built."""

import json

import pytest

from hub import pasted
from hub.describe import Unsupported, architecture
from sizing import gguf
from sizing.architecture import Architecture
from sizing.catalog import load_catalog
from sizing.query import parse

from .gpu_size_run import answer, answer_json

# Llama-3_3-Nemotron-Super-49B-v1's block_configs, run by run: (layers, attention kept, ffn_mult).
SUPER_RUNS = [
    (1, True, 2.625), (5, True, 5.25), (2, False, 2.625), (3, True, 5.25), (1, False, 3.28125), (30, True, 5.25),
    (1, False, 1.3125), (2, False, 2.625), (1, False, 1.3125), (1, False, 5.25), (1, False, 1.3125),
    (1, False, 2.625), (3, False, 1.3125), (1, True, 5.25), (1, False, 1.3125), (2, False, 1.0),
    (1, False, 1.3125), (3, False, 1.0), (2, False, 1.3125), (2, False, 0.5), (2, False, 1.0), (2, False, 0.5),
    (1, False, 1.0), (2, False, 0.5), (9, True, 5.25),
]  # fmt: skip
H = 8192


def width(ffn_mult: float, hidden: int = H) -> int:
    """vLLM nemotron_nas.py _ffn_mult_to_intermediate_size: 2/3 x ffn_mult x hidden, up to a multiple of 256."""
    n = int(2 * ffn_mult * hidden / 3)
    return -(-n // 256) * 256


def super_config(**block_changes) -> dict:
    """The published config.json's keys that size the model, with its block_configs spelled out."""
    blocks = []
    for count, attention, mult in SUPER_RUNS:
        for _ in range(count):
            attn = {"n_heads_in_group": 8, "no_op": not attention, "replace_with_linear": False,
                    "sparsify": None, "num_sink_tokens": None, "window_length": None}  # fmt: skip
            blocks.append(
                {"attention": attn, "ffn": {"ffn_mult": mult, "no_op": False, "replace_with_linear": False}}
            )
    for index, (part, key, value) in block_changes.items():
        blocks[int(index)][part][key] = value
    return {
        "architectures": ["DeciLMForCausalLM"], "model_type": "nemotron-nas", "block_configs": blocks,
        "hidden_size": H, "intermediate_size": None, "num_attention_heads": 64, "num_hidden_layers": 80,
        "num_key_value_heads": None, "vocab_size": 128256, "max_position_embeddings": 131072,
        "tie_word_embeddings": False, "torch_dtype": "bfloat16", "hidden_act": "silu", "mlp_bias": False,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("nemotron super 49b fp8 para 20 usuarios", "llama-3.3-nemotron-super-49b"),
        ("Llama 3.3 Nemotron Super 49B para 20 usuários", "llama-3.3-nemotron-super-49b"),
        ("nvidia/Llama-3_3-Nemotron-Super-49B-v1 com 32k", "llama-3.3-nemotron-super-49b"),
        ("llama-3.3-nemotron-super-49b-v1 in fp8 for 10 users", "llama-3.3-nemotron-super-49b"),
        ("nvidia nemotron super 49b", "llama-3.3-nemotron-super-49b"),
        ("nemotron ultra 253b em 8 h100", "llama-3.1-nemotron-ultra-253b"),
        ("Llama-3_1-Nemotron-Ultra-253B-v1 fp8", "llama-3.1-nemotron-ultra-253b"),
        ("llama 3.1 nemotron ultra 253b para 50 usuários", "llama-3.1-nemotron-ultra-253b"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.3 nemotron super 49b v1.5",
        "nvidia/Llama-3_3-Nemotron-Super-49B-v1_5 numa h100",
        "nemotron super 49b v1.5 em fp8 para 20 usuarios",
        "llama-3.3-nemotron-super-49b-v1.5",
    ],
)
def test_v1_5_is_sized_with_v1s_blocks_and_says_so(capsys, text):
    # It had been v1 with "Não entendi: “v1.5”": no source read gives v1.5's own block_configs, so the answer
    # names v1.5, sizes v1's blocks and says that this is assumed.
    assert parse(text).unknown == []
    out = answer(capsys, text)
    assert "Llama 3.3 Nemotron Super 49B v1.5 (arquitetura do Llama 3.3 Nemotron Super 49B)" in out
    assert "A config.json publicada do Llama 3.3 Nemotron Super 49B v1.5 não foi lida aqui" in out
    assert "Não entendi" not in out


@pytest.mark.parametrize(
    ("model", "published", "attention", "counted"),
    [
        # Hugging Face's safetensors count for Super, 49.9B; the Ultra card's 253B.
        ("llama-3.3-nemotron-super-49b", 49.9e9, 49, 49_867_145_216),
        ("llama-3.1-nemotron-ultra-253b", 253e9, 64, 253_401_268_224),
    ],
)
def test_the_blocks_count_the_published_parameters(model, published, attention, counted):
    m = load_catalog().model(model)
    assert abs(m.params / published - 1) < 0.005
    assert m.params == counted and m.cached_layers == attention


def test_super_counted_block_by_block_as_vllm_builds_it():
    # Embeddings and head (untied), the final norm; per attention layer q, k, v, o and input_layernorm; per MLP
    # gate, up and down and post_attention_layernorm (vLLM DeciLMDecoderLayer builds no norm for a no-op block).
    expected = 2 * 128256 * H + H
    for count, attention, mult in SUPER_RUNS:
        if attention:
            expected += count * (2 * H * H + 2 * H * 8 * 128 + H)
        expected += count * (3 * H * width(mult) + H)
    assert load_catalog().model("llama-3.3-nemotron-super-49b").params == expected


def test_nemotron_super_fp8_for_20_users(capsys):
    out = answer(capsys, "nemotron super 49b fp8 para 20 usuarios")
    assert out.startswith("Entendi: Llama 3.3 Nemotron Super 49B · FP8 (8-bit) · 20 usuários simultâneos\n")
    assert "dimensionado como" not in out and "55 camadas" not in out and "Não entendi" not in out
    assert "Pesos ............ 52,0 GB  (49,9B parâmetros × 8,34 bits)" in out
    # Only the 49 attention layers keep keys and values: 2 x 49 x 8 KV heads x 128 x 2 bytes a token.
    assert "KV cache ......... 16,4 GB  (20 × 0,82 GB por conversa de 4.096 tokens)" in out
    assert "Recomendação: 1× A100 SXM 80 GB\n" in out
    assert "só 49 das 80 camadas têm atenção e guardam KV cache por token, 31 são só um MLP" in out
    data = answer_json(capsys, "nemotron super 49b fp8 para 20 usuarios")
    assert data["kv_bytes_per_token"] == 2 * 49 * 8 * 128 * 2
    assert data["workload"]["model"]["params"] == 49_867_145_216
    assert data["recommendation"]["gpu"] == "a100-80gb-sxm" and data["recommendation"]["count"] == 1


def test_the_kv_cache_counts_only_the_attention_layers_in_each_kv_precision(capsys):
    bf16 = answer_json(capsys, "nemotron super 49b para 10 usuários com 32k")
    fp8 = answer_json(capsys, "nemotron super 49b para 10 usuários com 32k kv fp8")
    assert bf16["kv_bytes_per_token"] == 2 * 49 * 8 * 128 * 2
    assert fp8["kv_bytes_per_token"] == 2 * 49 * 8 * 128 * 1
    ultra = answer_json(capsys, "nemotron ultra 253b fp8 10 usuarios")
    assert ultra["kv_bytes_per_token"] == 2 * 64 * 8 * 128 * 2


def test_ultras_answer_says_its_empty_layers(capsys):
    out = answer(capsys, "cabe o llama nemotron ultra 253b em 8 h100?")
    assert out.startswith("Entendi: Llama 3.1 Nemotron Ultra 253B · 8× H100 SXM 80 GB\n")
    assert "8× H100 SXM 80 GB: cabe" in out
    assert (
        "só 64 das 162 camadas têm atenção e guardam KV cache por token, 17 são só um MLP, 81 são vazias"
        in out
    )


def test_lora_adapts_each_layers_own_mlp_width(capsys):
    # PEFT's all-linear at rank 16: q, k, v, o in the 49 attention layers, gate, up and down in every MLP, each
    # d_in x d_out matrix gaining 16 x (d_in + d_out); adapters in FP32 with AdamW: 16 bytes each.
    widths = 49 * ((H + H) + 2 * (H + 8 * 128) + (H + H))
    widths += sum(count * 3 * (H + width(mult)) for count, _, mult in SUPER_RUNS)
    adapters = 16 * widths
    assert adapters == 150_437_888  # 38% fewer than 80 layers of Llama 70B's 28,672-wide MLP would give
    out = answer(capsys, "lora do nemotron super 49b")
    assert out.startswith("Entendi: Llama 3.3 Nemotron Super 49B · ajuste fino com LoRA\n")
    assert "150M parâmetros de adaptador" in out and "Pesos ............ 99,7 GB" in out
    data = answer_json(capsys, "lora do nemotron super 49b")
    assert data["memory"]["adapters"] == adapters * 16
    assert data["memory"]["weights"] == 49_867_145_216 * 2


def test_full_fine_tune_counts_the_real_parameters_and_per_layer_activations(capsys):
    data = answer_json(capsys, "full fine-tune do nemotron super 49b com seq 4096")
    assert data["memory"]["weights"] == data["memory"]["gradients"] == 49_867_145_216 * 2
    # Without checkpointing each layer keeps what its own blocks hold: a no-op attention keeps nothing, a
    # 2,816-wide MLP far less than a 28,672-wide one. Llama 70B's shape cut to 49.9B would keep more.
    from sizing import training

    nas = load_catalog().model("llama-3.3-nemotron-super-49b")
    uniform = Architecture(hidden_size=H, num_layers=80, num_heads=64, num_kv_heads=8, intermediate_size=28672,
                           vocab_size=128256, max_context=131072)  # fmt: skip
    kept = training.activations(nas, 4096, 1, checkpointing=False)
    assert kept < 0.8 * training.activations(uniform, 4096, 1, checkpointing=False)
    per_layer = sum(training.layer_activation_bytes_per_token(nas, i) for i in range(80))
    attention_free = [i for i in range(80) if not nas.has_attention(i)]
    assert len(attention_free) == 31 and per_layer < 80 * training.layer_activation_bytes_per_token(nas, 1)


def test_a_gguf_file_has_attention_tensors_only_where_the_model_has_attention():
    m = load_catalog().model("llama-3.3-nemotron-super-49b")
    tensors = gguf.tensors(m)
    assert sum(t.role == "attn_q" for t in tensors) == 49
    downs = [t for t in tensors if t.role == "ffn_down"]
    assert len(downs) == 80 and {t.cols for t in downs} == {2816, 5632, 7168, 14336, 17920, 28672}


@pytest.mark.parametrize(
    ("model", "attention", "mlps"),
    [("llama-3.3-nemotron-super-49b", 49, 80), ("llama-3.1-nemotron-ultra-253b", 64, 81)],
)
def test_a_gguf_file_spreads_its_extra_bits_over_the_layers_that_have_them(model, attention, mlps):
    # llama-quant.cpp's use_more_bits(i, n) counts attn_v tensors against n_attention_wv, the attn_v tensors
    # there are, and ffn_down ones against n_ffn_down: the attention layers and the MLP layers, not all the
    # layers (the attn_v rule had counted 80 and 162, giving Q6_K to other attention layers than llama.cpp does).
    m = load_catalog().model(model)
    typed = gguf.tensor_types(m, "Q4_K_M", "Q4_K")
    values = [kind for t, kind in typed if t.role == "attn_v"]
    downs = [kind for t, kind in typed if t.role == "ffn_down"]
    assert (len(values), len(downs)) == (attention, mlps)
    rest = "Q5_K" if m.num_layers == 80 else "Q4_K"  # llama.cpp's 70B rule: Super's 80 layers read as a 70B
    assert values == ["Q6_K" if gguf._more_bits(i, attention) else rest for i in range(attention)]
    assert downs == ["Q6_K" if gguf._more_bits(i, mlps) else "Q4_K" for i in range(mlps)]


def test_nemotron_ultras_q4_k_m_file_is_weighed_by_its_attention_and_mlp_layers(capsys):
    # 151.5 GB before, with attn_v's and ffn_down's extra bits placed by all 162 layers.
    out = answer(capsys, "nemotron ultra 253b q4_k_m em 4 h200")
    assert "Pesos ............ 151,7 GB  (253B parâmetros × 4,79 bits)" in out


def test_a_pasted_decilm_config_is_sized_from_its_blocks(capsys):
    config = super_config()
    model = pasted.read(pasted.find("quanto de memória pra esse modelo? " + json.dumps(config)))
    assert model.params == 49_867_145_216 and model.num_kv_heads == 8 and model.cached_layers == 49
    data = answer_json(
        capsys, "quanto de memória pra esse modelo com 4k e 10 usuários? " + json.dumps(config)
    )
    assert data["kv_bytes_per_token"] == 2 * 49 * 8 * 128 * 2
    assert data["workload"]["model"]["params"] == 49_867_145_216


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"3": ("attention", "replace_with_linear", True)}, "decilm_block"),
        ({"0": ("attention", "window_length", 4096)}, "decilm_block"),
        ({"0": ("attention", "n_heads_in_group", 4)}, "decilm_block"),
        ({"0": ("ffn", "no_op", True)}, "decilm_block"),  # attention with no MLP: no kind of layer_blocks
    ],
)
def test_blocks_vllm_does_not_build_as_counted_are_refused_with_the_reason(changes, reason):
    with pytest.raises(Unsupported) as raised:
        architecture(super_config(**changes))
    assert raised.value.reason == reason


def test_a_decilm_config_with_too_few_blocks_is_refused():
    config = super_config()
    config["block_configs"] = config["block_configs"][:79]
    with pytest.raises(Unsupported) as raised:
        architecture(config)
    assert raised.value.reason == "decilm_blocks"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"layer_blocks": ("2 G 100", "1 F 50")}, "describe 3 layers"),
        ({"layer_blocks": ("4 X 100",)}, "is not"),
        ({"layer_blocks": ("4 N 100",)}, "N layers none"),
        ({"layer_blocks": ("4 F 100",)}, "at least one layer with attention"),
        ({"layer_blocks": ("4 G 100",), "intermediate_size": 64}, r"widest MLP \(100\)"),
        ({"layer_pattern": "GGGN"}, "come from layer_blocks"),
    ],
)
def test_a_catalogue_entrys_blocks_are_checked(fields, message):
    base = dict(hidden_size=64, num_layers=4, num_heads=4, num_kv_heads=2, vocab_size=100, max_context=128)
    if "layer_blocks" not in fields and "intermediate_size" not in fields:
        base["intermediate_size"] = 128
    with pytest.raises(ValueError, match=message):
        Architecture(**base, **fields)


def test_pipeline_stages_hold_the_layers_vllm_gives_them():
    # vLLM's get_pp_indices: 80 layers in 3 stages are 27, 27 and 26; Super's attention layers sit mostly early.
    m = load_catalog().model("llama-3.3-nemotron-super-49b")
    assert [(s.start, s.stop) for s in m.pp_stages(3)] == [(0, 27), (27, 54), (54, 80)]
    assert m.kv_stage(2) == (37, 49) and m.kv_stage(3) == (24, 49)
    from sizing import kv_cache

    whole = kv_cache.sequence_bytes(m, 4096, 2)
    assert kv_cache.sequence_bytes(m, 4096, 2, pp=2) == -(-whole * 37 // 49)
    share, of = m.weight_stage(3)
    assert (
        0.44 < share / of < 0.45
    )  # the first stage's 27 layers hold 45% of the layers' weights, not a third


def test_three_gpus_in_pipeline_are_judged_by_the_heaviest_stage(capsys):
    # 64 heads do not split over 3 GPUs: vLLM runs 3 pipeline stages, the first holding 24 attention layers and
    # 45% of the weights. A third of the weights each had said it fit with 0.07 GB to spare.
    out = answer(capsys, "nemotron super 49b para 20 usuarios em 3 l40s")
    assert "3× L40S 48 GB: não cabe; faltam 11,2 GB por GPU." in out
    assert "Com 4× L40S 48 GB: cabe" in out
    data = answer_json(capsys, "nemotron super 49b para 20 usuarios em 3 l40s")
    per_gpu = data["requested"]["per_gpu"]
    assert per_gpu["kv_cache"] == 20 * -(-(2 * 49 * 8 * 128 * 2 * 4096) * 24 // 49)
