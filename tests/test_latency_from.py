""" "qual a latência a partir de Lisboa?", "latency from Miami?": the network round trip from a place to our GPUs
in Brazil, from sizing/data/latency.toml (Azure's published inter-region table), what it adds to the first token
and that users in Brazil do not pay it; with a model, added to its first token (sizing/latency.py). They had been
"Faltou dizer o modelo" or a city not understood."""

from __future__ import annotations

import json

import pytest

from bot.cli import main as gpu_size
from sizing import latency

from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def _ms(name: str) -> str:
    [region] = [r for r in latency.table().region if r.name == name]
    return f"~{region.rtt_ms:g} ms"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # a place the table lists: its own figure
        (
            ["latência de madrid?"],
            "Espanha (Madri): {Spain Central} de ida e volta até as nossas GPUs no Brasil.",
        ),
        (
            ["what's the latency from London?"],
            "United Kingdom (London): {UK South} round trip to our GPUs in Brazil.",
        ),
        # a place it lacks: said so, with the nearest listed region's figure
        (
            # "Lisboa" is a question from Portugal: answered in pt-PT, with Portugal's spelling of Madrid
            ["qual a latência a partir de Lisboa?"],
            "Portugal não está na tabela; a região listada mais próxima é Espanha (Madrid): {Spain Central}",
        ),
        (
            ["vou atender usuários em Portugal, a latência fica ruim?"],
            "Portugal não está na tabela; a região listada mais próxima é Espanha (Madri): {Spain Central}",
        ),
        (
            ["--lang", "pt-PT", "vou ter utilizadores em Lisboa, a latência fica má?"],
            "{Spain Central} de ida e volta até às nossas GPUs no Brasil.",
        ),
        (
            ["latency from Miami?"],
            "Florida is not in the table; the nearest listed region is US East (Virginia): {East US}",
        ),
    ],
)
def test_a_places_round_trip_is_answered_with_its_figure(capsys, args, said):
    assert gpu_size(args) == 0
    out = capsys.readouterr().out
    names = {r.name: _ms(r.name) for r in latency.table().region}
    assert said.format(**names) in out
    english = "round trip" in said or "in the table" in said
    assert ("Users in Brazil do not pay it." if english else "no Brasil não pagam esse atraso.") in out
    assert ("Azure's published" if english else "publicada pela Azure") in out
    assert "/gpu lat" in out  # how to ask for a model's first token with it


def test_several_places_each_get_a_line_in_the_language_asked(capsys):
    assert gpu_size(["latency from Lisbon / Miami / Buenos Aires?"]) == 0
    out = capsys.readouterr().out
    assert "Portugal is not in the table" in out and "Florida is not in the table" in out
    assert "Argentina is not in the table" in out  # "Buenos Aires" is a place, no Spanish question
    assert gpu_size(["--json", "latency from Miami?"]) == 0
    [place] = json.loads(capsys.readouterr().out)["answer"]["data"]["places"]
    assert (place["region"], place["listed"]) == ("East US", False)


def test_with_a_model_the_round_trip_is_added_to_its_first_token(capsys):
    assert gpu_size(["--json", "llama 3.1 8b 10 usuários"]) == 0
    ttft = json.loads(capsys.readouterr().out)["estimates"]["time_to_first_token_s"]
    assert gpu_size(["latência a partir de Lisboa, llama 3.1 8b 10 usuários"]) == 0
    out = capsys.readouterr().out
    total = f"{ttft + 0.185:.2f}".replace(".", ",")
    assert f"mais 185 ms de ida e volta = ~{total} s para usuários nessa região (Portugal)" in out
    assert "Não entendi" not in out  # "a partir de Lisboa" is read, not left over


def test_a_latency_target_names_no_place_and_stays_a_target(capsys):
    assert gpu_size(["llama 3.1 70b latência de 2s"]) == 0
    out = capsys.readouterr().out
    assert "primeiro token ≤ 2,0 s" in out and "de ida e volta até as nossas GPUs" not in out


def test_slack_answers_it(slack):
    reply = slack.command("qual a latência a partir de Londres?")
    _valid(reply["blocks"])
    text = _text(reply["blocks"])
    assert "Reino Unido (Londres): " + _ms("UK South") in text
    [row] = slack.rows()
    assert row["outcome"] == "answered"


@pytest.mark.parametrize(
    ("question", "floor"),
    [
        # had been Mexico's 158 ms, a path through the United States, where Buenos Aires is 1,680 km away
        (
            "latency from Buenos Aires?",
            "Over the ~1,680 km to São Paulo, light in fibre alone takes at least ~17 ms",
        ),
        (
            "qual a latência a partir de Bogotá?",
            "~4.330 km até São Paulo, só a luz na fibra leva ao menos ~43 ms",
        ),
    ],
)
def test_a_place_no_listed_region_stands_in_for_gets_the_fibre_floor(capsys, question, floor):
    assert gpu_size([question]) == 0
    out = capsys.readouterr().out
    assert floor in out
    assert "158" not in out and "Mexico (Querétaro)" not in out and "México (Querétaro)" not in out


def test_a_models_first_token_from_such_a_place_is_said_as_a_floor(capsys):
    assert gpu_size(["latência a partir de Santiago do Chile, llama 3.1 8b 10 usuários"]) == 0
    out = capsys.readouterr().out
    assert (
        "mais ao menos 26 ms de ida e volta" in out and "s ou mais para usuários nessa região (Chile)" in out
    )
