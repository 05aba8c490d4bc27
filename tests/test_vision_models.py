"""Vision-language models: sized with their vision encoder where the catalogue has it, and where it does
not, the answer says the encoder is left out (it had been dropped without a word)."""

import json

import pytest

from bot.cli import main
from bot.rendering import render_text
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
        ("llama 3.2 11b vision", "vision"),  # a scaled Llama 3.1 8B, its vision encoder dropped unsaid
        ("qwen2.5 vl 3b", "vl"),
        ("llava 13b pra 5 usuarios", "llava"),
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


def test_json_says_the_vision_encoder_sized(capsys):
    assert main(["--json", "qwen2.5-vl 7b 4bit"]) == 0
    model = json.loads(capsys.readouterr().out)["workload"]["model"]
    assert model["vision_params"] == 676_550_144 and model["params"] == 8_292_166_656
