"""Names customers type that had picked the wrong architecture or the wrong language: a vision model read as a
text model of another family ("internvl3 8b" had been InternLM3 8B), another release read as the catalogue's
("llava 1.6 7b" had been LLaVA 1.5 7B), a family member the catalogue lacks sized as another family
("qwen2.5-omni 7b" had been Mistral 7B v0.3, "bode 7b" Mistral 7B v0.3, "bode 13b" Mistral Nemo 12B with 43
layers), and Gemma's instruction-tuned suffix read as English ("gemma 3 12b it" had been answered in English)."""

import pytest

from sizing.engine import size
from sizing.query import QueryError, parse

from .gpu_size_run import answer


@pytest.mark.parametrize(
    ("text", "name", "repo"),
    [
        ("internvl3 8b", "InternVL3 8B", "OpenGVLab/InternVL3-8B"),  # had been InternLM3 8B
        ("InternVL3-8B com 10 usuarios", "InternVL3 8B", "OpenGVLab/InternVL3-8B com 10 usuarios"),
        ("llava 1.6 7b", "LLaVA 1.6", "llava-hf/llava-v1.6-mistral-7b-hf"),  # had been LLaVA 1.5 7B
        ("llava-v1.6-mistral-7b numa l4", "LLaVA 1.6", "llava-hf/llava-v1.6-mistral-7b-hf numa l4"),
        ("qwen2.5-omni 7b", "Qwen2.5-Omni 7B", "Qwen/Qwen2.5-Omni-7B"),  # had been Mistral 7B v0.3
        ("qwen 2.5 omni para 5 usuarios", "Qwen2.5-Omni 7B", "Qwen/Qwen2.5-Omni-7B para 5 usuarios"),
    ],
)
def test_a_vision_or_omni_model_the_catalogue_lacks_is_said_missing(text, name, repo):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.uncatalogued"
    assert f"O {name} (" in raised.value.message("pt-BR")
    assert raised.value.hint("pt-BR").split("`")[1] == f"/gpu {repo}"


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("internlm3 8b", "internlm3-8b"),
        ("llava 13b", "llava-1.5-13b"),  # a name without its version still reads as the catalogue's
        ("llava 1.5 7b", "llava-1.5-7b"),
        ("lama 3.3 70b", "llama-3.3-70b"),
        (
            "qwen3-vl 8b",
            "qwen3-vl-8b",
        ),  # catalogued since, vision tower and all (it had been Qwen3 8B's text model)
    ],
)
def test_the_names_that_were_right_stay_right(text, model):
    assert size(parse(text).workload).workload.model.id == model


def test_a_vision_models_text_model_says_the_encoder_is_left_out(capsys):
    out = answer(capsys, "llama 70b vision")
    assert "Entendi: Llama 3.1 70B" in out
    assert "“vision”: um modelo com codificador de visão" in out


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("gemma 3 12b it", "Entendi: Gemma 3 12B"),  # had been "Understood: Gemma 3 12B"
        ("gemma-2-9b-it", "Entendi: Gemma 2 9B"),
        ("gemma 3 27b it cabe numa l4?", "Entendi: Gemma 3 27B · 1× L4 24 GB"),
        ("does gemma 3 27b it fit on an l4?", "Understood: Gemma 3 27B · 1× L4 24 GB"),
    ],
)
def test_gemmas_it_suffix_is_no_english_word(capsys, text, first):
    assert answer(capsys, text).splitlines()[0] == first


@pytest.mark.parametrize(
    ("text", "name", "base"),
    [
        ("bode 7b", "Bode 7B", "Llama 2 7B"),
        ("recogna-nlp/bode-7b-alpaca-pt-br para 10 usuarios", "Bode 7B", "Llama 2 7B"),
        ("bode 13b numa l40s", "Bode 13B", "Llama 2 13B"),
    ],
)
def test_bode_is_sized_as_the_llama_2_it_was_fine_tuned_from(capsys, text, name, base):
    out = answer(capsys, text)
    assert out.startswith(f"Entendi: {name} (arquitetura do {base})")
    assert f"A config.json publicada do {name} não foi lida aqui" in out


def test_bode_alone_asks_which_size(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["o bode roda numa l4?"]) == 2
    assert "Qual Bode? Ele vem em vários tamanhos: 7B, 13B." in capsys.readouterr().err
