"""A size with no family ("um modelo de 13B") is sized as a stand-in, and the answer says it is one: a size no
reference model has is a generic model of that size, named so ("13B genérico (Mistral Nemo 12B com 43 camadas)"),
not a model the customer might look up; a size one has says that another model of it may have another KV cache."""

from __future__ import annotations

from .gpu_size_run import answer, refusal


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


def test_a_generic_stand_in_keeps_no_precision_or_chain_of_thought_of_the_model_it_stretches(capsys):
    # gpt-oss-20b is the nearest mixture of experts to a 3B with 0.8B active: its MXFP4 weights and its
    # always-on reasoning are gpt-oss's, not those of the model asked for.
    text = answer(capsys, "granite 3.0 3b a800m 10 usuários")
    assert "3b-a0.8b" in text.splitlines()[0] and "gpt-oss-20b" in text.splitlines()[0]
    assert "16 bits (BF16)" in text and "MXFP4" not in text
    assert "4.096 tokens de contexto" in text and "cadeia de pensamento" not in text
    # the same shape said as the repository names it
    assert "3b-a0.8b" in answer(capsys, "granite-3.0-3b-a800m-instruct").splitlines()[0]
    # DeepSeek V3's FP8 release is its own: a 600B-A30B of no family stretched from it is asked at 16 bits
    assert "16 bits (BF16)" in answer(capsys, "foo 600b-a30b")


def test_an_active_size_in_millions_is_not_a_context_length(capsys):
    # "a800m" had been read as a context of 0 tokens: the answer was an error
    assert "recebi 0" not in answer(capsys, "granite 3.0 1b-a400m")
    # a bare "800m" is still a length
    assert "800.000.000 tokens" in refusal(capsys, "llama 8b 800m")
