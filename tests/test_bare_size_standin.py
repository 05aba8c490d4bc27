"""A size with no family ("um modelo de 13B") is sized as a stand-in, and the answer says it is one: a size no
reference model has is a generic model of that size, named so ("13B genérico (Mistral Nemo 12B com 43 camadas)"),
not a model the customer might look up; a size one has says that another model of it may have another KV cache."""

from __future__ import annotations

from .gpu_size_run import answer


def test_a_size_no_reference_model_has_is_a_generic_model_said_so(capsys):
    text = answer(capsys, "lora de um modelo de 13B")
    assert text.startswith("Entendi: 13B genérico (Mistral Nemo 12B com 43 camadas) · ajuste fino com LoRA")
    assert "a pergunta não diz a família" in text and "diga a família para os números dele" in text
    english = answer(capsys, "a 13b model for 20 users")
    assert english.startswith("Understood: generic 13B (Mistral Nemo 12B with 43 layers)")


def test_a_size_a_reference_model_has_says_what_another_of_that_size_changes(capsys):
    text = answer(capsys, "qual gpu pra rodar um 7b?")
    assert "“7b”: usei a arquitetura real do Mistral 7B v0.3 (7,25B parâmetros). Sem família citada" in text
    # a family said is that family: no stand-in words
    assert "genérico" not in answer(capsys, "lora do olmo 2 13b")
