"""A model series named without a size ("qwen3", "llama 3.1", "gpt-oss"), as customers name them: the answer
asks which size, listing the sizes the catalogue has and the question as it would work, never a guess
("qwen3" had been read as Qwen2.5 3B; "llama 3.1" refused as a missing model)."""

from __future__ import annotations

import json

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import CatalogError, load_catalog
from sizing.engine import size
from sizing.query import parse

from . import slack_requests as sr
from .data_folders import data_copy
from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def test_a_series_alone_asks_which_size_in_slack_and_is_logged_as_needing_input(slack):
    reply = slack.command("qwen3 para 50 usuarios")
    _valid(reply["blocks"])
    text = _text(reply["blocks"])
    assert "Qual Qwen3?" in text
    assert "0.6B, 1.7B, 4B, 8B, 14B, 30B-A3B, 32B, 235B-A22B" in text
    assert "`/gpu qwen3 14b para 50 usuarios`" in text  # the question as it would work
    assert "Qwen2.5" not in text and "Recomendação" not in text
    [row] = slack.rows()
    assert (row["outcome"], row["error_key"]) == ("needs_input", "query.series_size")


def test_a_thread_asks_which_size_then_answers_the_size_given(slack):
    slack.event(sr.app_mention("<@UBOT> llama 3.1 70b 4bit 20 usuarios", ts="1700000001.000100"), "Ev1")
    slack.fake.wait_for("chat.postMessage")
    slack.event(sr.message("e com o qwen3?", thread_ts="1700000001.000100", ts="1700000002.000100"), "Ev2")
    asked = slack.fake.wait_for("chat.postMessage", count=2)[1]
    assert "Qual Qwen3?" in _text(asked.params["blocks"])
    slack.event(
        sr.message("qwen3 32b 20 usuarios", thread_ts="1700000001.000100", ts="1700000003.000100"), "Ev3"
    )
    answer = _text(slack.fake.wait_for("chat.postMessage", count=3)[2].params["blocks"])
    assert "Qwen3 32B" in answer and "20 usuários" in answer
    assert [r["outcome"] for r in slack.rows()] == ["answered", "needs_input", "answered"]


def test_what_the_user_typed_is_escaped_and_cannot_break_the_example(slack):
    reply = slack.command("qwen3 `x` <!here> 10 usuarios")
    _valid(reply["blocks"])
    raw = json.dumps(reply)
    assert "<!here>" not in raw
    text = _text(reply["blocks"])
    assert text.count("`") == 2  # the example's own span, whatever the question held


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("llama 3.1 de 70b", "Llama 3.1 70B"),  # the series' member, not the family's newest 70B (Llama 3.3)
        ("qwen3 30b 4bit", "Qwen3 30B-A3B"),
        ("gpt-oss com 120b", "gpt-oss-120b"),
        ("r1 distill 32b", "DeepSeek R1 Distill Qwen 32B"),
        ("qwen3-8b", "Qwen3 8B"),
        ("gemma 3", "Gemma 3 27B"),  # an alias the catalogue gives one model stays that model
        ("mixtral", "Mixtral 8x7B"),
    ],
)
def test_a_series_with_a_size_is_that_member(text, model):
    assert size(parse(text).workload).workload.model.name == model


def test_a_size_the_series_lacks_names_the_sizes_and_the_nearest_as_the_example(capsys):
    assert gpu_size(["llama 3.1 de 300b com 10 usuarios"]) == 2
    err = capsys.readouterr().err
    assert "Llama 3.1 não tem 300B: vem em 8B, 70B, 405B" in err
    assert "`/gpu llama 3.1 405b com 10 usuarios`" in err


@pytest.mark.parametrize(
    ("text", "lang", "said"),
    [
        ("how much vram for qwen3?", "en", "Which Qwen3? It comes in several sizes"),
        ("quanta memória para o llama 3.1? sou de Lisboa, pt-pt", "pt-PT", "Existe em vários tamanhos"),
    ],
)
def test_the_question_is_asked_in_the_readers_language(capsys, text, lang, said):
    assert gpu_size([text, "--lang", lang]) == 2
    assert said in capsys.readouterr().err


def test_a_family_word_alone_lists_its_models(capsys):
    assert gpu_size(["mistral com 20 usuários"]) == 2
    err = capsys.readouterr().err
    assert "Qual modelo “mistral”?" in err and "Mistral Nemo 12B" in err
    assert "Mistral Large 3 (675B-A41B)" in err and "`/gpu mistral large 2 com 20 usuários`" in err


def test_a_series_that_also_names_a_model_is_refused_by_the_catalogue(tmp_path):
    data = data_copy(tmp_path)
    models = data / "models.toml"
    models.write_text(
        models.read_text().replace('name = "Qwen3"\n', 'name = "Qwen3"\naliases = ["qwen3 8b"]\n', 1)
    )
    load_catalog.cache_clear()
    try:
        with pytest.raises(CatalogError, match="'qwen3 8b' is also model 'qwen3-8b'"):
            load_catalog(data)
    finally:
        load_catalog.cache_clear()


def test_a_size_a_name_rounds_to_is_the_series_member():
    # "qwen2.5 7b lora" had been "Qwen2.5 não tem 7B: vem em 0.5B, 1.5B, 3B, 7B, ..." (7.6B is its 7B); it was
    # asked as "qwen2.5 math 7b", a model of its own since said not catalogued (test_model_names_audit).
    from sizing.query import parse

    assert parse("qwen2.5 7b lora").workload.model == "qwen2.5-7b"
