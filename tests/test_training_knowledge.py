"""A model asked to know the company's texts ("treinar um modelo com os documentos da empresa"): RAG usually
serves that better than a fine-tune, said with no model and beside a sizing (sizing/topics.py knowledge)."""

import pytest

from sizing.i18n import t
from sizing.query import QueryError, parse

from .gpu_size_run import answer


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("quero treinar um modelo com os documentos da empresa", "pt-BR"),
        (
            "queremos que o modelo saiba tudo dos nossos manuais internos, uns 3 mil pdfs. precisa treinar?",
            "pt-BR",
        ),
        ("dá pra fazer fine-tuning com a nossa base de conhecimento?", "pt-BR"),
        ("we want a model that learns our knowledge base, should we fine-tune?", "en"),
        ("train an llm on our internal docs", "en"),
    ],
)
def test_knowing_the_texts_with_no_model_is_answered_with_rag(text, lang):
    # it had been "Faltou dizer o modelo", with no word on RAG
    with pytest.raises(QueryError) as e:
        parse(text)
    assert e.value.key == "query.topic_knowledge"
    assert "RAG" in e.value.message(lang) and "`/gpu" in e.value.message(lang)


@pytest.mark.parametrize(
    "text",
    [
        "Queremos afinar o Llama 3.1 8B com os nossos documentos internos; quanto tempo demora?",
        "lora do qwen2.5 7b com os nossos manuais",
        "fine-tune llama 3.1 8b on our internal documentation",
        "continued pretraining of llama 3.1 8b on our company wiki, 2B tokens",
    ],
)
def test_a_training_on_the_texts_is_sized_with_a_note_on_rag(text):
    q = parse(text)
    assert q.workload.stage.is_training and q.noted == ["knowledge_fine_tune"]
    assert q.unknown == []


def test_learning_the_texts_with_no_training_word_is_the_rag_sized():
    # "aprender" had been listed as not understood
    q = parse("fazer o qwen2.5 14b aprender nossa base de conhecimento de 40 mil artigos")
    assert not q.workload.stage.is_training and q.noted == ["knowledge_rag"] and q.unknown == []


@pytest.mark.parametrize(
    "text",
    [
        "lora llama 3.1 8b 20 mil exemplos",
        "llama 3.1 8b rag com 5 mil documentos, 20 usuários",  # RAG asked: nothing to say against training
        "fine-tune llama 3.1 8b on 20k support conversations",
        "extrair dados de documentos com qwen2.5 7b, 10 usuários",
    ],
)
def test_no_note_where_no_training_of_texts_is_asked(text):
    assert not [n for n in parse(text).noted if n.startswith("knowledge")]


def test_the_note_is_in_the_answer(capsys):
    out = answer(capsys, "lora do llama 3.1 8b com os documentos da empresa")
    assert t("pt-BR", "error.query.topic_knowledge_fine_tune") in out
    assert "Recomendação" in out  # still sized
