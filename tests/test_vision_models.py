"""Vision-language models: sized with their vision encoder where the catalogue has it, and where it does
not, the answer says the encoder is left out (it had been dropped without a word)."""

import json

import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing import kv_cache
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse


@pytest.mark.parametrize(
    ("text", "model", "encoder"),
    [
        ("qwen2.5-vl 7b", "qwen2.5-vl-7b", 676_550_144),  # had been Mistral 7B
        ("gemma 3 27b 10 usuários", "gemma-3-27b", 423_060_336),  # had been its text decoder alone
        ("gemma 3 4b", "gemma-3-4b", 419_816_304),
    ],
)
def test_the_vision_encoder_is_in_the_weights_and_said(text, model, encoder):
    query = parse(text)
    result = size(query.workload)
    assert result.workload.model.id == model and result.workload.model.vision_params == encoder
    answer = render_text(result, query)
    assert "codificador de visão e projetor" in answer  # the note with the encoder's parameters
    assert "esta resposta dimensiona só o modelo de texto" not in answer


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("internvl 8b", "internvl"),
    ],
)
def test_a_vision_model_sized_as_its_text_model_says_the_encoder_is_left_out(text, typed):
    query = parse(text)
    result = size(query.workload)
    assert result.workload.model.vision_params == 0
    understood = render_text(result, query).split("\n\n")[0]
    assert (
        f"“{typed}”: um modelo com codificador de visão; esta resposta dimensiona só o modelo de texto"
        in understood
    )


def test_a_llava_the_catalogue_lacks_is_sized_as_the_llava_of_its_size_encoder_included():
    # "llava" is a catalogue family (phrasings21): LLaVA-Interleave 7B, which the catalogue lacks, is sized as the
    # LLaVA of its size, said so, with that model's vision encoder counted (it had been the text model alone)
    query = parse("llava-interleave 7b pra 5 usuarios")
    result = size(query.workload)
    assert result.workload.model.id == "llava-1.5-7b" and result.workload.model.vision_params > 0
    understood = render_text(result, query).split("\n\n")[0]
    assert "llava-interleave 7b (dimensionado como LLaVA 1.5 7B)" in understood


def test_json_says_the_vision_encoder_sized(capsys):
    assert main(["--json", "qwen2.5-vl 7b 4bit"]) == 0
    model = json.loads(capsys.readouterr().out)["workload"]["model"]
    assert model["vision_params"] == 676_550_144 and model["params"] == 8_292_166_656


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("qwen2.5-vl 72b", "qwen2.5-vl-72b"),  # had been refused as a contradiction
        ("qwen 2.5 vl 72b", "qwen2.5-vl-72b"),  # had been Qwen2.5 72B, the text model
        ("Qwen/Qwen2.5-VL-72B-Instruct", "qwen2.5-vl-72b"),
        ("qwen2.5 vl 3b", "qwen2.5-vl-3b"),  # had been Qwen2.5 3B with a note that the encoder was left out
        ("qwen2.5-vl 32b", "qwen2.5-vl-32b"),
        ("llama 3.2 11b vision", "llama-3.2-11b-vision"),  # had been Llama 3.1 8B scaled to 46 layers
        ("llama-3.2-90b-vision-instruct", "llama-3.2-90b-vision"),  # had been refused as a contradiction
        ("meta-llama/Llama-3.2-11B-Vision-Instruct", "llama-3.2-11b-vision"),
        ("pixtral 12b", "pixtral-12b"),  # had been Mistral Nemo 12B with "pixtral" not understood
        ("llava 1.5 7b", "llava-1.5-7b"),
        ("llava 1.5 13b", "llava-1.5-13b"),
        ("llava 13b pra 5 usuarios", "llava-1.5-13b"),  # had been a text model, the encoder left out
        ("llava-hf/llava-1.5-13b-hf", "llava-1.5-13b"),
        ("internvl2.5 38b", "internvl2.5-38b"),
    ],
)
def test_vision_language_models_are_answered_with_their_own_entry(text, model):
    query = parse(text)
    result = size(query.workload)
    assert result.workload.model.id == model and result.workload.model.vision_params > 0
    answer = render_text(result, query)
    assert "codificador de visão e projetor" in answer
    assert "esta resposta dimensiona só o modelo de texto" not in answer


# Each model's parameters at BF16 (2 bytes each) against the checkpoint's published size: the exact
# safetensors total where it was found, else the Hub's rounded "Model size" in billions.
PUBLISHED_BYTES = {
    "qwen2.5-vl-3b": 7_509_245_952,
    "qwen2.5-vl-7b": 16_584_333_312,
    "qwen2.5-vl-32b": 66_905_436_672,
    "llama-3.2-11b-vision": 21_340_441_670,
    "llava-1.5-7b": 14_126_854_144,
    "internvl2.5-4b": 7_425_275_904,
    "internvl2.5-38b": 76_776_329_984,
    "internvl2.5-78b": 156_816_636_672,
}
PUBLISHED_BILLIONS = {"qwen2.5-vl-72b": 73.4, "llama-3.2-90b-vision": 88.6, "pixtral-12b": 12.7}
# keras-hub's mistral3 preset (Mistral Small 3.1 "with a Pixtral vision encoder"), and the same total published
# for Mistral-Small-3.2-24B-Instruct-2506: 24,011,361,280 parameters, 48,022,722,560 bytes at BF16.
PUBLISHED_BYTES["mistral-small-3.2-24b"] = 48_022_722_560


@pytest.mark.parametrize("model", sorted(PUBLISHED_BYTES) + sorted(PUBLISHED_BILLIONS))
def test_the_parameters_add_up_to_the_published_checkpoint(model):
    entry = next(m for m in load_catalog().models if m.id == model)
    if model in PUBLISHED_BYTES:
        assert entry.params * 2 == PUBLISHED_BYTES[model]
    else:
        assert round(entry.params / 1e9, 1) == PUBLISHED_BILLIONS[model]
    # A vision tower of its published size (InternViT-6B is 5.5B; the others 0.3-0.9B), not a share of the
    # language model.
    assert 0.3e9 < entry.extra_params < (6e9 if model.startswith("internvl2.5-") else 1e9)


def test_mistral_small_3_reads_images_and_devstral_does_not():
    # Mistral Small 3.1/3.2 (and Magistral 1.2) carry the Pixtral-style encoder; Devstral and Magistral
    # 2506/2507 are its language model alone (had both been sized as the text model, the encoder left out).
    models = {m.id: m for m in load_catalog().models}
    vision, text = models["mistral-small-3.2-24b"], models["devstral-small-2507"]
    assert vision.params - vision.extra_params == text.params == 23_572_403_200
    assert size(parse("devstral small 2507").workload).workload.model.vision_params == 0
    assert size(parse("magistral small 2507").workload).workload.model.vision_params == 0
    assert size(parse("magistral small 2509").workload).workload.model.vision_params == 438_958_080
    # A 1024x1024 image: (1024 - 1) // 28 + 1 = 37 blocks a side, and a break per row: 37 x 37 + 37.
    result = size(parse("mistral small 3.2 1 imagem de 1024x1024").workload)
    assert result.workload.images.tokens_per_image == 37 * 37 + 37


def test_llama_vision_cross_attention_layers_count_in_weights_not_in_the_cache():
    models = {m.id: m for m in load_catalog().models}
    vision, text = models["llama-3.2-11b-vision"], models["llama-3.1-8b"]
    # The 8 cross-attention layers are the language model's: 9.78B of weights, not Llama 3.1 8B's 8.03B...
    assert vision.params - vision.extra_params == 9_775_192_080
    # ...but a conversation's tokens are cached by the 32 self-attention layers only, as in Llama 3.1 8B.
    assert kv_cache.bytes_per_token(vision, 2) == kv_cache.bytes_per_token(text, 2) == 32 * 2 * 8 * 128 * 2
    same = "llama 3.1 8b 16 bits 20 usuários 8k", "llama 3.2 11b vision 16 bits 20 usuários 8k"
    kv = [size(parse(q).workload).kv_bytes_per_conversation for q in same]
    assert kv[0] == kv[1] == 8192 * 32 * 2 * 8 * 128 * 2


def test_internvl_38b_and_78b_carry_the_same_vision_transformer():
    # What each published total leaves beside its Qwen2.5 decoder, less its projector (a LayerNorm of 12800
    # and two linear layers with biases to the decoder's width), is one and the same InternViT-6B.
    models = {m.id: m for m in load_catalog().models}

    def projector(width):
        return 2 * 12800 + 12800 * width + width + width * width + width

    towers = {
        m: models[m].extra_params - projector(models[m].hidden_size)
        for m in ("internvl2.5-38b", "internvl2.5-78b")
    }
    assert set(towers.values()) == {5_536_496_000}


def test_llava_1_5_13b_is_the_7b_s_vision_tower_on_vicuna_13b():
    """No published parameter count was found for llava-hf/llava-1.5-13b-hf: its parts are the 7B's CLIP tower
    (whose sum matched that checkpoint's published 7,063,427,072), a projector into 5,120 dimensions, and
    Llama 2 13B's shape with the conversion's 64 extra vocabulary rows (transformers' convert_llava_weights_to_hf:
    32,000 + <image> + <pad>, padded to 64)."""
    models = {m.id: m for m in load_catalog().models}
    small, large, llama = models["llava-1.5-7b"], models["llava-1.5-13b"], models["llama-2-13b"]
    clip = small.extra_params - (1024 * 4096 + 4096 + 4096 * 4096 + 4096)  # less the 7B's projector
    assert clip == 303_507_456
    assert large.extra_params == clip + 1024 * 5120 + 5120 + 5120 * 5120 + 5120
    assert large.params - large.extra_params == llama.params + 2 * 64 * 5120 == 13_016_519_680
    assert large.params == 13_351_494_656
