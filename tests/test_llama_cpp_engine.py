"""GGUF files are served by llama.cpp (Ollama, LM Studio): judged with llama.cpp's memory (no share of the GPU
kept back, 1 GB of margin) and its flags (-c, -np, -ngl, -ctk/-ctv), never vLLM's, each asked through the real
engine and read in the answer's text."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json, gpu_size


@pytest.mark.parametrize(
    "text",
    [
        # Had been "não cabe; faltam 3,4 GB por GPU" with vLLM's 90% of the card.
        "llama 3.1 70b gguf q4_k_m na l40s com llama.cpp pra 2 usuarios",
        "llama 3.1 70b q4_k_m numa l40s no ollama para 2 usuários",
        "llama 3.1 70b q4_k_m on an L40S with llama.cpp for 2 users",
    ],
)
def test_a_gguf_file_is_judged_with_llama_cpps_memory(capsys, text):
    out = answer(capsys, text)
    assert "1× L40S 48 GB: cabe" in out or "1× L40S 48 GB: fits" in out
    assert "46,7 GB utilizáveis" in out or "46.7 GB usable" in out
    assert "vLLM configur" not in out and "(padrão do vLLM)" not in out and "(vLLM's default)" not in out
    assert "`-ngl 99 -np 2 -c 8192 -ctk f16 -ctv f16`" in out


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("gemma 3 27b q5_k_m na rtx 4090", "pt-BR"),
        ("gemma 3 27b q5_k_m on an rtx 4090", "en"),
        ("o gemma 3 27b em q5_k_m corre numa rtx 4090?", "pt-PT"),
    ],
)
def test_a_gguf_file_gets_llama_cpps_flags_not_vllms(capsys, text, lang):
    # Had said "Configure --max-num-seqs 1", a vLLM flag, for a file llama.cpp runs.
    out = answer(capsys, text)
    assert "max-num-seqs" not in out and "max_num_seqs" not in out
    assert "`-ngl 99 -np 1 -c 4096 -ctk f16 -ctv f16`" in out
    assert "llama.cpp" in out.split("Overhead")[1].splitlines()[0]


def test_a_vllm_checkpoint_keeps_vllms_margin(capsys):
    out = answer(capsys, "llama 3.1 70b awq na l40s pra 2 usuarios")
    assert "Margem de segurança: o servidor de inferência usa 90%" in out
    assert "-ngl" not in out


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # Had been refused: "O vLLM não tem KV cache de 4 bits (“q4”)".
        (
            "llama 3.1 8b com kv cache q4 no llama.cpp",
            "Entendi: Llama 3.1 8B · GGUF Q4_K_M · KV cache em Q4_0",
        ),
        ("llama 3.1 8b q4_k_m kv q4_0 32k", "KV cache em Q4_0"),
        ("llama 70b q4_k_m with q4 kv cache on a 4090 using llama.cpp", "KV cache in Q4_0"),
        ("llama 3.1 8b no ollama com kv cache em 4 bits", "KV cache em Q4_0"),
    ],
)
def test_llama_cpps_4_bit_kv_cache_is_sized_when_llama_cpp_serves(capsys, text, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "-ctk q4_0 -ctv q4_0 -fa on" in out


def test_a_4_bit_kv_cache_is_still_refused_for_vllm(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["llama 3.1 8b awq kv cache q4"]) != 0
    assert "O vLLM não tem KV cache “q4”" in capsys.readouterr().err


def test_llama_cpps_4_bit_kv_cache_is_a_quarter_of_16_bits(capsys):
    # block_q4_0: 18 bytes per 32 values, against 64 at F16 (0.28 of it).
    f16 = answer(capsys, "llama 3.1 8b q4_k_m 32k")
    q4 = answer(capsys, "llama 3.1 8b q4_k_m 32k kv cache q4")
    assert "(1 × 4,3 GB por conversa de 32.768 tokens)" in f16
    assert "(1 × 1,2 GB por conversa de 32.768 tokens)" in q4


@pytest.mark.parametrize(
    ("text", "said", "flags"),
    [
        # Had been read as vLLM's FP8 cache (1 byte), or not read at all from llama.cpp's own flags.
        ("llama 3.1 8b q4_k_m 32k kv cache q8_0", "KV cache em Q8_0", "-ctk q8_0 -ctv q8_0 -fa on"),
        (
            "llama 3.1 8b q4_k_m 32k --cache-type-k q8_0 --cache-type-v q8_0",
            "KV cache em Q8_0",
            "-ctk q8_0 -ctv q8_0 -fa on",
        ),
        ("llama 3.1 8b gguf 32k OLLAMA_KV_CACHE_TYPE=q8_0", "KV cache em Q8_0", "-ctk q8_0 -ctv q8_0 -fa on"),
        ("llama 3.1 8b q4_k_m 32k with an 8-bit kv cache", "KV cache in Q8_0", "-ctk q8_0 -ctv q8_0 -fa on"),
        ("llama 3.1 8b q4_k_m 32k -ctk q4_0 -ctv q4_0", "KV cache em Q4_0", "-ctk q4_0 -ctv q4_0 -fa on"),
        ("llama 3.1 8b q4_k_m 32k kv cache q5_1", "KV cache em Q5_1", "-ctk q5_1 -ctv q5_1 -fa on"),
    ],
)
def test_llama_cpps_cache_types_are_read_and_sized_at_their_block_bytes(capsys, text, said, flags):
    out = answer(capsys, text)
    assert said in out.splitlines()[0]
    assert f"`-ngl 99 -np 1 -c 32768 {flags}`" in out
    # ggml's blocks of 32 values: q8_0 34 bytes, q4_0 18, q5_1 24, against 64 at F16 (4.3 GB here).
    per_conversation = {"Q8_0": "2,3 GB", "Q4_0": "1,2 GB", "Q5_1": "1,6 GB"}[said.split()[-1]]
    assert f"(1 × {per_conversation} " in out or f"(1 × {per_conversation.replace(',', '.')} " in out


def test_vllms_8_bit_cache_stays_fp8(capsys):
    out = answer(capsys, "llama 3.1 8b awq 32k kv cache q8_0")
    assert "KV cache em FP8" in out.splitlines()[0]
    assert "(1 × 2,1 GB por conversa de 32.768 tokens)" in out


@pytest.mark.parametrize(
    ("text", "understood", "flags"),
    [
        # -c is the context of all -np slots together: 4 conversations of 8,192 tokens, not 4 of 32,768.
        (
            "llama-server -m Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 32768 -np 4",
            "8k de contexto · 4 usuários simultâneos",
            "-np 4 -c 32768",
        ),
        (
            "llama 3.1 8b q4_k_m --ctx-size 16384 --parallel 2",
            "8k de contexto · 2 usuários",
            "-np 2 -c 16384",
        ),
    ],
)
def test_llama_servers_context_is_shared_by_its_slots(capsys, text, understood, flags):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert flags in out


def test_a_dominant_cache_is_offered_at_llama_cpps_q8_0_not_vllms_fp8(capsys):
    out = answer(capsys, "llama 3.1 8b q4_k_m 32k 8 usuarios")
    assert "em Q8_0 do llama.cpp (`-ctk q8_0 -ctv q8_0 -fa on`" in out
    assert "em FP8 ele cai pela metade" not in out


@pytest.mark.parametrize(
    ("text", "understood", "flags", "bytes_per_value"),
    [
        # Had been refused: "“-ctk q8_0” e “-ctv f16” não valem juntos (precisão do KV cache)".
        ("llama 3.1 8b q4_k_m 32k -ctk q8_0 -ctv f16", "K Q8_0 / V F16", "-ctk q8_0 -ctv f16 -fa on", (1.0625 + 2) / 2),
        # The long flags had kept the K type only (the V one, f16, was dropped).
        (
            "llama 3.1 8b q4_k_m 32k --cache-type-k q8_0 --cache-type-v q4_0",
            "K Q8_0 / V Q4_0",
            "-ctk q8_0 -ctv q4_0 -fa on",
            (1.0625 + 0.5625) / 2,
        ),
        ("llama 3.1 8b q4_k_m 32k -ctk f16 --cache-type-v q5_1", "K F16 / V Q5_1", "-ctk f16 -ctv q5_1 -fa on", (2 + 0.75) / 2),
    ],
)  # fmt: skip
def test_k_and_v_caches_of_their_own_types_are_each_sized_at_it(
    capsys, text, understood, flags, bytes_per_value
):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert flags in out
    sixteen = answer_json(capsys, "llama 3.1 8b q4_k_m 32k")["memory"]["kv_cache"]
    kv = answer_json(capsys, text)["memory"]["kv_cache"]
    assert kv == pytest.approx(sixteen * bytes_per_value / 2, rel=0.01)


def test_k_and_v_types_apart_are_refused_where_the_engine_has_one_type(capsys):
    assert gpu_size(["llama 70b awq -ctk q8_0 -ctv f16"]) != 0
    err = capsys.readouterr().err
    assert "só o llama.cpp aceita" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # llama.cpp's 16-bit cache is F16 (-ctk f16, its default): it had been said "KV cache em BF16".
        ("llama-server -m Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 32768 -ctk f16 -ctv f16", "KV cache em F16"),
        ("llama-server -m Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 32768 --cache-type-k f16", "KV cache em F16"),
        ("llama 3.1 8b q4_k_m 32k -ctv f16", "KV cache em F16"),
        ("llama 3.1 8b q4_k_m 32k kv cache f16 em ingles", "KV cache in F16"),
        # A 16-bit cache in other words is llama.cpp's default, F16 (it had been said "KV cache em BF16").
        ("llama 3.1 8b q4_k_m 32k kv16", "KV cache em F16"),
        ("llama 3.1 8b q4_k_m 32k kv cache 16 bits", "KV cache em F16"),
    ],
)
def test_llama_cpps_f16_cache_is_said_f16_at_two_bytes(capsys, text, understood):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert "-ctk f16 -ctv f16`" in out
    sixteen = answer_json(capsys, "llama 3.1 8b q4_k_m 32k")["memory"]["kv_cache"]
    assert answer_json(capsys, text)["memory"]["kv_cache"] == pytest.approx(sixteen, rel=0.001)


@pytest.mark.parametrize("flags", ["-ctk f16 -ctv f16", "--cache-type-k f16"])
def test_llama_cpps_f16_cache_is_still_halved_by_its_q8_0_one(capsys, flags):
    # Said or not, the F16 cache is the 16-bit one that the Q8_0 cache halves.
    out = answer(capsys, f"llama 3.1 8b q4_k_m 64k {flags}")
    assert "em Q8_0 do llama.cpp (`-ctk q8_0 -ctv q8_0 -fa on`" in out


@pytest.mark.parametrize(
    ("model", "kv_lora_rank", "rope", "layers"),
    [
        ("DeepSeek-R1-Q4_K_M.gguf", 512, 64, 61),
        ("kimi k2 q4_k_m", 512, 64, 61),
        ("deepseek v3 q4_k_m", 512, 64, 61),
    ],
)
@pytest.mark.parametrize(
    ("k", "v", "k_bytes"), [("q8_0", "q4_0", 1.0625), ("f16", "q4_0", 2), ("q4_0", "f16", 0.5625)]
)
def test_an_mla_models_cache_is_sized_at_its_k_type_alone(
    capsys, model, kv_lora_rank, rope, layers, k, v, k_bytes
):
    # llama.cpp keeps MLA's latent in the K cache and makes no V cache (src/llama-kv-cache.cpp: has_v = !is_mla):
    # it had been sized at the mean of the K and V types.
    text = f"{model} 32k -ctk {k} -ctv {v}"
    data = answer_json(capsys, text)
    per_token = (kv_lora_rank + rope) * layers * k_bytes
    assert data["memory"]["kv_cache"] == pytest.approx(32768 * per_token, rel=0.01)
    assert data["memory"]["kv_cache"] == pytest.approx(
        answer_json(capsys, f"{model} 32k -ctk {k} -ctv {k}")["memory"]["kv_cache"], rel=0.001
    )
    out = answer(capsys, text)
    assert f"o llama.cpp guarda o cache inteiro no cache K (`-ctk {k}`)" in out
    assert f"o `-ctv {v}` não muda o tamanho" in out
    assert "keeps its whole cache in the K cache" in answer(capsys, text + " em ingles")


def test_a_regular_models_k_and_v_caches_still_take_their_mean(capsys):
    # Only MLA keeps no V cache: Llama's K and V caches are each at its own type.
    text = "llama 3.1 8b q4_k_m 32k -ctk q8_0 -ctv q4_0"
    assert answer_json(capsys, text)["memory"]["kv_cache"] == pytest.approx(
        answer_json(capsys, "llama 3.1 8b q4_k_m 32k")["memory"]["kv_cache"] * (1.0625 + 0.5625) / 4, rel=0.01
    )
    assert "cache K" not in answer(capsys, text)


@pytest.mark.parametrize(
    ("text", "understood", "flags", "bytes_per_value"),
    [
        # -ctk bf16 had been suggested back as `-ctk f16 -ctv f16`, and -ctk f32 sized as 16 bits ("KV cache em
        # BF16", 2 bytes a value): F32 is 4 (ggml GGML_TYPE_F32).
        ("llama 3.1 8b q4_k_m 32k -ctk bf16 -ctv bf16", "KV cache em BF16", "-ctk bf16 -ctv bf16`", 2),
        # One side set alone: the other keeps llama.cpp's F16 (it had been sized at the type said, both sides).
        ("llama 3.1 8b q4_k_m 32k --cache-type-k bf16", "K BF16 / V F16", "-ctk bf16 -ctv f16`", 2),
        ("llama 3.1 8b q4_k_m 32k -ctk f32", "K F32 / V F16", "-ctk f32 -ctv f16`", 3),
        ("llama 3.1 8b q4_k_m 32k -ctk q8_0", "K Q8_0 / V F16", "-ctk q8_0 -ctv f16 -fa on`", 1.53125),
        (
            "llama 3.1 8b q4_k_m 32k --cache-type-v q8_0",
            "K F16 / V Q8_0",
            "-ctk f16 -ctv q8_0 -fa on`",
            1.53125,
        ),
        (
            "llama 3.1 8b q4_k_m 32k --cache-type-k=f32 --cache-type-v=f32",
            "KV cache em F32",
            "-ctk f32 -ctv f32`",
            4,
        ),
        (
            "llama 3.1 8b gguf 32k OLLAMA_KV_CACHE_TYPE=f32 in english",
            "KV cache in F32",
            "-ctk f32 -ctv f32`",
            4,
        ),
        # Set apart, each side keeps its type; only a quantized one asks for flash attention.
        ("llama 3.1 8b q4_k_m 32k -ctk f32 -ctv f16", "K F32 / V F16", "-ctk f32 -ctv f16`", 3),
        (
            "llama 3.1 8b q4_k_m 32k -ctk bf16 -ctv q8_0",
            "K BF16 / V Q8_0",
            "-ctk bf16 -ctv q8_0 -fa on`",
            1.53125,
        ),
    ],
)
def test_llama_cpps_bf16_and_f32_caches_are_repeated_and_sized_as_typed(
    capsys, text, understood, flags, bytes_per_value
):
    out = answer(capsys, text)
    assert understood in out.splitlines()[0]
    assert f"`-ngl 99 -np 1 -c 32768 {flags}" in out
    sixteen = answer_json(capsys, "llama 3.1 8b q4_k_m 32k")["memory"]["kv_cache"]
    kv = answer_json(capsys, text)["memory"]["kv_cache"]
    assert kv == pytest.approx(sixteen * bytes_per_value / 2, rel=0.001)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Had been "Não conheço a precisão de KV cache “q6”" (or -ctk q6_K dropped unsaid, and the cache sized
        # at F16): llama.cpp refuses a -ctk it does not list (common/arg.cpp kv_cache_types).
        ("llama 70b q4_k_m kv cache q6", "O llama.cpp não tem KV cache “q6”"),
        ("llama 70b q4_k_m llama.cpp -ctk q6_K", "O llama.cpp não tem KV cache “q6_k”"),
        ("llama-server -m Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 32768 --cache-type-v q6_K", "KV cache “q6_k”"),
        ("llama 3.1 8b q4_k_m kv cache q6_k", "O llama.cpp não tem KV cache “q6_k”"),
        ("llama 3.1 8b no ollama com kv cache em 6 bits", "O llama.cpp não tem KV cache “6 bits”"),
        ("llama 3.1 8b q4_k_m 32k kv cache q6 in english", "llama.cpp has no “q6” KV cache"),
        ("llama 3.1 8b q4_k_m 32k kv cache q6 em portugues de portugal", "para ficheiros EXL2"),
    ],
)
def test_a_6_bit_cache_is_refused_on_llama_cpp_with_its_types_and_exllamav2s_q6(capsys, text, said):
    assert gpu_size([text]) != 0
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert "f32, f16" in err and "q5_0" in err and "iq4_nl" in err  # llama.cpp's own list
    assert "ExLlamaV2" in err and "6.0bpw exl2" in err


@pytest.mark.parametrize(
    "text", ["llama 3.1 8b q4_k_m --cache-type-k q2_K", "llama 3.1 8b gguf q4_k_m kv q5"]
)
def test_any_other_type_llama_cpp_lacks_is_refused_with_its_types(capsys, text):
    assert gpu_size([text]) != 0
    err = capsys.readouterr().err
    assert "O llama.cpp não tem KV cache" in err and "q8_0, q4_0, q4_1" in err
    assert "ExLlamaV2" not in err  # only a 6-bit cache is ExLlamaV2's


def test_a_32_bit_cache_is_refused_for_vllm(capsys):
    # -ctk f32 had been sized as vLLM's 16-bit cache; --kv-cache-dtype has no 32-bit type.
    assert gpu_size(["llama 3.1 8b awq -ctk f32"]) != 0
    assert "O vLLM não tem KV cache “f32”" in capsys.readouterr().err
