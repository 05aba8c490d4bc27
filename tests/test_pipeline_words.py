"""Two models in one serving pipeline are served together: a guard, a filter or a classifier in front of the
model that answers ("llama guard 3 8b como filtro antes do llama 3.3 70b", "o llama guard na entrada e o qwen
32b pra responder", "llama guard then qwen 32b"). They had been refused as a request that contradicts itself.
"X ou Y?" stays a choice, and two models with no word that joins them stay a contradiction. LoRA adapters
said to be served ("servidos", "hot-swap") are multi-LoRA serving, not a fine-tune. Through `gpu-size`."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size

from .gpu_size_run import answer


def understood(text: str) -> str:
    """The answer's first line: what the question was read as."""
    return text.splitlines()[0]


@pytest.mark.parametrize(
    ("question", "models", "title"),
    [
        ("llama guard 3 8b como filtro antes do llama 3.3 70b", ("Llama Guard 3 8B", "Llama 3.3 70B"),
         "Servidos juntos"),
        ("usamos o llama guard na entrada e o qwen 32b pra responder", ("Llama Guard 3 8B", "Qwen2.5 32B"),
         "Servidos juntos"),
        ("moderação com o llama guard 3 8b e depois passa pro qwen 32b", ("Llama Guard 3 8B", "Qwen2.5 32B"),
         "Servidos juntos"),
        ("qwen3 4b pra classificar antes e depois passa pro llama 70b", ("Qwen3 4B", "Llama 3.1 70B"),
         "Servidos juntos"),
        ("o llama guard à entrada e o qwen 32b a responder, para 20 utilizadores",
         ("Llama Guard 3 8B", "Qwen2.5 32B"), "Servidos juntos"),
        ("llama guard then qwen 32b", ("Llama Guard 3 8B", "Qwen2.5 32B"), "Served together"),
        ("llama guard 3 8b as an input filter in front of llama 3.3 70b for 50 users",
         ("Llama Guard 3 8B", "Llama 3.3 70B"), "Served together"),
        ("a guardrail model, llama guard 3 8b, and then qwen3 32b answers", ("Llama Guard 3 8B", "Qwen3 32B"),
         "Served together"),
    ],
)  # fmt: skip
def test_a_model_in_front_of_another_is_served_together(capsys, question, models, title):
    text = answer(capsys, question)
    first = understood(text)
    assert " + " in first and all(model in first for model in models), first
    assert title in text
    # One machine serves both, each with its own share of the GPU memory.
    machine = text.split(title, 1)[1].split("\n", 2)[1]
    assert all(model in machine for model in models) and "--gpu-memory-utilization" in machine, machine
    assert "Não entendi" not in text and "Not understood" not in text


@pytest.mark.parametrize(
    "question",
    [
        # An "ou" offers a choice even where a pipeline's role is named.
        "qual o melhor filtro: llama guard ou qwen 7b?",
        "which is the better classifier: llama 8b or qwen 7b?",
        # A question that compares them weighs them, whatever they are for.
        "comparar llama 70b e qwen 32b como filtro",
    ],
)
def test_a_choice_between_pipeline_models_stays_a_comparison(capsys, question):
    text = answer(capsys, question)
    assert " ou " in understood(text) or " or " in understood(text), understood(text)
    assert "Servidos juntos" not in text and "Served together" not in text


@pytest.mark.parametrize(
    "question",
    [
        "llama 70b e qwen 32b",
        # "tokens na entrada" is the prompt's length, not a model placed at the pipeline's input.
        "llama 70b e qwen 32b com 2000 tokens na entrada",
    ],
)
def test_two_models_with_nothing_that_joins_them_stay_a_contradiction(capsys, question):
    assert gpu_size([question]) != 0
    assert "contradiz" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("question", "stage"),
    [
        ("LoRA de 8 adaptadores servidos junto com o llama 3.1 8b", "inferência"),
        ("8 adaptadores lora servidos no llama 8b", "inferência"),
        ("serve 8 LoRA adapters on llama 8b", "inference"),
        ("hot-swap 8 LoRA adapters on llama 8b", "inference"),
    ],
)
def test_adapters_served_are_multi_lora_serving(capsys, question, stage):
    text = answer(capsys, question)
    first = understood(text)
    assert stage in first and "8 " in first and "LoRA" in first, first
    assert "ajuste fino" not in first and "fine-tun" not in first
    # The adapters' weights sit beside the model's, eight of them.
    adapters = next(
        line for line in text.splitlines() if line.strip().startswith(("Adaptadores", "Adapters"))
    )
    assert "8 ×" in adapters


def test_adapters_trained_stay_a_fine_tune(capsys):
    first = understood(answer(capsys, "treinar lora de 8 adaptadores no llama 8b"))
    assert "ajuste fino com LoRA" in first


@pytest.mark.parametrize(
    ("question", "models"),
    [
        ("llama 8b e qwen 7b junto pra 100 usuarios", ("Llama 3.1 8B", "Qwen2.5 7B")),
        ("da pra rodar llama 8b junto do qwen 7b?", ("Llama 3.1 8B", "Qwen2.5 7B")),
        ("rodar o llama 8b e o qwen 7b em conjunto numa l40s", ("Llama 3.1 8B", "Qwen2.5 7B")),
        ("correr o llama 8b em conjunto com o qwen 7b", ("Llama 3.1 8B", "Qwen2.5 7B")),
        ("qwen 7b ao lado do llama 8b pra 30 usuarios", ("Qwen2.5 7B", "Llama 3.1 8B")),
        ("llama 8b alongside qwen 7b on one l40s", ("Llama 3.1 8B", "Qwen2.5 7B")),
        ("llama 8b together with mistral 7b for 20 users", ("Llama 3.1 8B", "Mistral 7B v0.3")),
    ],
)
def test_a_model_served_beside_another_in_everyday_words_is_served_together(capsys, question, models):
    # "junto", "junto do", "em conjunto", "ao lado do", "alongside": the singular and the phrases people use
    # had been refused as a request that contradicts itself ("junto" alone) or left a word not understood.
    out = answer(capsys, question)
    assert understood(out).split(": ", 1)[1].startswith(" + ".join(models))
    assert "Servidos juntos" in out or "Served together" in out
    assert "Não entendi" not in out and "Not understood" not in out


# -- a choice between models, or models tried in turn, is weighed, not served together ---------------------


@pytest.mark.parametrize(
    ("question", "models", "load"),
    [
        # A router's role named beside an "ou": a choice of routers (it had been served together).
        ("qual o melhor router: llama 8b ou qwen 7b?", ("Llama 3.1 8B", "Qwen2.5 7B"), None),
        ("which is better as a router, llama 8b or qwen 7b?", ("Llama 3.1 8B", "Qwen2.5 7B"), None),
        ("llama 3.1 8b ou qwen 2.5 7b pra 50 usuários, qual escolher?", ("Llama 3.1 8B", "Qwen2.5 7B"),
         "50 usuários simultâneos"),
        ("which is better for 50 users, llama 8b or mistral 7b?", ("Llama 3.1 8B", "Mistral 7B v0.3"),
         "50 concurrent users"),
        ("which should we pick, llama 8b or qwen 7b?", ("Llama 3.1 8B", "Qwen2.5 7B"), None),
        ("llama 8b vs qwen 7b para 50 usuários", ("Llama 3.1 8B", "Qwen2.5 7B"), "50 usuários simultâneos"),
        # One tried after the other: each evaluated in turn ("then"/"depois" had made them a pipeline).
        ("first try llama 8b, then qwen 7b if it is not good", ("Llama 3.1 8B", "Qwen2.5 7B"), None),
        ("primeiro testar o llama 8b, depois o qwen 7b", ("Llama 3.1 8B", "Qwen2.5 7B"), None),
        ("qwen 7b, se não for bom o llama 8b", ("Qwen2.5 7B", "Llama 3.1 8B"), None),
    ],
)  # fmt: skip
def test_models_to_choose_between_are_compared_for_the_same_load(capsys, question, models, load):
    text = answer(capsys, question)
    first = understood(text)
    joint = " ou " if "Entendi" in first else " or "
    assert f"{models[0]}{joint}{models[1]}" in first, first
    if load:
        assert first.endswith(f" · {load}"), first
    assert "Servidos juntos" not in text and "Served together" not in text
    assert "Não entendi" not in text and "Not understood" not in text
    block = text.split("Compar", 1)[1].split("\n\n", 1)[0]
    # each model's own recommendation, capacity and speed, and a line that weighs them
    for word in (
        ("Recomendação:", "Recommendation:"),
        ("Capacidade:", "Capacity:"),
        ("Desempenho:", "Performance:"),
    ):
        assert sum(block.count(w) for w in word) == 2, block
    assert "Em resumo:" in block or "In short:" in block, block


@pytest.mark.parametrize(
    "question",
    [
        "llama 8b e qwen 7b juntos",
        "llama 8b como roteador e qwen 32b como principal",
        "llama guard como filtro antes do llama 70b",
        # A trial of a pipeline is still one pipeline: its role keeps them together.
        "testar o llama guard como filtro antes do llama 70b",
        "llama 8b e depois qwen 7b",
    ],
)
def test_models_said_together_or_one_after_another_in_a_pipeline_stay_served_together(capsys, question):
    text = answer(capsys, question)
    assert " + " in understood(text), understood(text)
    assert "Servidos juntos" in text
