"""Questions about what we rent that name no model: the contract modes, a GPU and its price."""

from __future__ import annotations

import pytest

from sizing.query import QueryError, parse


@pytest.mark.parametrize(
    "text",
    [
        # An annual contract: had been "Faltou dizer o modelo".
        "vocês têm contrato anual?",
        "do you offer an annual contract?",
    ],
)
def test_prices_and_contracts_asked_with_no_model_get_the_offering(text):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.offering"


@pytest.mark.parametrize(
    "text", ["o que cabe numa h100?", "o que cabe numa h100 por 3 meses?", "quanto custa 1 h100 por hora?"]
)
def test_a_gpu_named_is_what_fits_on_it_with_its_price(text):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.what_fits"


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # The derivative's word after the size had been left over, and the base model sized.
        ("qwen 7b coder", "qwen2.5-coder-7b"),
        ("qwen2.5 7b coder para 10 devs", "qwen2.5-coder-7b"),
        ("qwen2.5 7b vl", "qwen2.5-vl-7b"),
        (
            "precisamos do llama 3.3 70b para 300 atendentes simultâneos no pico de black friday",
            "llama-3.3-70b",
        ),
    ],
)
def test_a_derivatives_word_after_the_size_names_the_derivative_and_nothing_is_left_over(text, model):
    query = parse(text)
    assert query.unknown == [] and query.workload.model == model


@pytest.mark.parametrize(
    ("text", "gpus", "said"),
    [
        # "numa única gpu" had been read as nothing: the 70B sized as if no count were asked.
        (
            "cliente perguntou se roda llama 70b numa única gpu",
            1,
            "Em 1 GPU, nenhuma que alugamos comporta esta carga como pedida; a recomendação usa 2",
        ),
        ("llama 3.1 70b on a single gpu", 1, "On 1 GPU nothing we rent holds this workload as asked"),
        # More GPUs than a service needs: sized down (it had been 16 L40S in tensor parallel 8 x 2 stages).
        ("llama 8b em 16 gpus", 16, "16 GPUs são mais do que esta carga pede; a recomendação usa 1."),
    ],
)
def test_a_gpu_count_without_a_gpu_name_is_weighed_and_said(text, gpus, said):
    from sizing.engine import size

    query = parse(text)
    assert query.workload.gpus == gpus and query.unknown == []
    result = size(query.workload.but(lang=query.detected_lang))
    assert said in result.assumptions[0]


def test_a_length_in_hours_is_no_rental_term():
    # "transcrições de 1 hora" had been a rental of one day.
    assert parse("resumir transcrições de 1 hora com llama 3.1 8b").workload.term_days is None
    assert parse("llama 3.1 8b por 8 horas").workload.term_days == 1
    # a training's deadline in hours stays hours (10 of a day's 24), never a rental term
    w = parse("lora llama 3.1 8b 100k exemplos em 10 horas").workload
    assert w.days == pytest.approx(10 / 24) and w.term_days is None


def test_a_size_a_series_has_but_the_catalogue_lacks_is_said_so():
    # Not "Gemma 4 não tem E2B": it exists, the catalogue does not size it.
    with pytest.raises(QueryError) as raised:
        parse("gemma 4 e2b em cpu")
    assert raised.value.key == "query.series_uncatalogued_size"


def test_gemma_2_2b_is_its_own_architecture():
    # It had been said to be uncatalogued, and "gemma 2b" was Gemma 2 9B's shape cut to 20 layers.
    from sizing.engine import size

    # ("gemma 2b" alone is the first Gemma's 2B, google/gemma-2b: tests/test_names5.py)
    for text in ("gemma 2 2b em cpu", "gemma-2-2b", "google/gemma-2-2b-it"):
        model = size(parse(text).workload).workload.model
        assert model.id == "gemma-2-2b" and model.scaled_from is None, text
    # 2.61B, as its card says: 256k vocabulary of 2,304 (tied) and 26 layers.
    assert abs(model.params - 2.614e9) < 0.005e9


@pytest.mark.parametrize(
    "text", ["quais GPUs vocês têm?", "which gpus do you have?", "e quais placas vocês alugam?"]
)
def test_the_gpus_we_rent_asked_inside_a_thread(text):
    # In a thread about a model it had been "Não entendi o pedido".
    base = parse("llama 8b 20 usuarios").workload
    with pytest.raises(QueryError) as raised:
        parse(text, base=base)
    assert raised.value.key == "query.offering"
    # the thread's own questions stay the thread's
    assert parse("quanto custa?", base=base).workload.cost
    assert parse("e com 40 usuarios?", base=base).workload.users == 40
