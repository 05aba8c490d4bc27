"""How customers say the sizes of what goes in and out, eleventh round (2026-12-07): a RAG's documents are the
collection searched, not each prompt; a document too long for the model is read in parts; lengths in words,
characters, lines, paragraphs and pages, read by what they measure; a length of what the model writes (posts,
product descriptions, reports) is each answer's; a translation writes as much as it reads; text beside photos.
Each test asserts what the user reads: the load line's lengths and the one line that says how a length was read."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import UNKNOWN, answer


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


def _load(out: str) -> str:
    """The "Carga:" line: the prompt and answer lengths the sizing used."""
    return next(line for line in out.splitlines() if line.startswith(("Carga:", "Load:")))


def _understood(out: str) -> str:
    return out.splitlines()[0]


# -- a RAG's documents are the collection it searches ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said", "load"),
    [
        # had been refused: "225.500 tokens passam do limite do Llama 3.1 70B"
        (
            "rag com manuais de 300 páginas, llama 70b, 50 técnicos",
            "Li “manuais de 300 páginas” como os documentos da base que o RAG consulta, não o prompt de cada "
            "pergunta: cada pergunta lê os 2 trechos recuperados para ela, de 1.024 tokens cada, mais a própria "
            "pergunta, prompts de ~2.248 tokens",
            "prompts de 2.248 tokens",
        ),
        # had been sized with 37,500-token prompts, each question reading a whole PDF
        (
            "base de conhecimento com pdfs de 50 páginas, qwen 14b, 200 funcionários",
            "Li “pdfs de 50 páginas” como os documentos da base que o RAG consulta",
            "prompts de 2.248 tokens",
        ),
        (
            "RAG over 300-page manuals, llama 70b, 50 technicians",
            "Read “300-page manuals” as the documents the RAG searches, not each question's prompt",
            "prompts of 2,248 tokens",
        ),
        (
            "base de conhecimento com manuais de 400 páginas, llama 70b, 60 utilizadores",
            "cada pergunta lê os 2 excertos recuperados para ela",
            "prompts de 2\u00a0248 tokens",  # pt-PT groups thousands with a space
        ),
    ],
)
def test_a_rag_s_documents_are_the_collection_searched(capsys, text, said, load):
    out = answer(capsys, text)
    assert said in out
    assert load in _understood(out)
    assert "páginas: prompts de" not in out and "pages: prompts of" not in out


def test_a_rag_s_documents_by_their_tokens_or_words_are_the_collection_too(capsys):
    out = answer(capsys, "rag com documentos de 5 mil tokens, llama 8b, 30 pessoas")
    assert "Li “documentos de 5 mil tokens” como os documentos da base que o RAG consulta" in out
    assert "prompts de 2.248 tokens" in _understood(out)
    out = answer(capsys, "rag com documentos de 3000 palavras, llama 8b, 40 pessoas")
    assert "Li “documentos de 3000 palavras” como os documentos da base" in out
    assert "1,5 token por palavra" not in out and "1,5 tokens por palavra" not in out


def test_a_length_said_of_each_question_stays_the_rag_s_prompt(capsys):
    # "por consulta": what each question reads, as said; the chunks retrieved, when said, are the prompt too
    out = answer(capsys, "RAG com llama 70b, docs de 20 mil tokens por consulta, 10 usuarios")
    assert "documentos da base" not in out
    assert "prompts de 20.000 tokens" in _understood(out)
    out = answer(capsys, "rag com top-k 5 chunks de 500 tokens, llama 8b")
    assert "prompts de 2.500 tokens" in _understood(out) and "documentos da base" not in out


# -- a document given whole, too long for the model --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said", "hint"),
    [
        (
            "resumir manuais de 300 páginas, llama 70b",
            "227.000 tokens passam do limite do Llama 3.1 70B, que é de 131.072 tokens.",
            "Cada documento tem 225.000 tokens e a resposta 2.000: divida cada documento em partes de até "
            "~129.917 tokens (~173 páginas) e envie uma parte por pedido",
        ),
        # a translation writes as much as it reads: each part is half the window
        (
            "traduzir manuais de 300 páginas, llama 70b, 20 tradutores",
            "450.000 tokens passam do limite do Llama 3.1 70B",
            "Cada documento tem 225.000 tokens e a resposta 225.000: divida cada documento em partes de até "
            "~65.536 tokens (~87 páginas)",
        ),
        (
            "summarize 400-page books with qwen 14b",
            "302,000 tokens is beyond Qwen2.5 14B's limit",
            "Each document is 300,000 tokens and its answer 2,000: split each document into parts of up to "
            "~32,550 tokens (~43 pages)",
        ),
        (
            "resumir contratos de 200 mil tokens, llama 8b",
            "202.000 tokens passam do limite",
            "divida cada documento em partes de até ~129.774 tokens e envie",
        ),
    ],
)
def test_a_document_too_long_for_the_model_is_split(capsys, text, said, hint):
    assert gpu_size([text]) != 0
    err = capsys.readouterr().err
    assert said in err
    assert hint in err


# -- words, characters, lines and paragraphs are lengths, at stated rates ------------------------------------------


@pytest.mark.parametrize(
    ("text", "said", "load"),
    [
        # "600 palavras" had been "Não entendi"
        (
            "corrigir redações de 600 palavras, llama 8b, 300 alunos",
            "Li “redações de 600 palavras” como ~900 tokens (1,5 token por palavra",
            "prompts de 900 tokens",
        ),
        (
            "redação de 600 palavras, llama 8b, 200 alunos",
            "Li “redação de 600 palavras” como ~900 tokens",
            "prompts de 900 tokens",
        ),
        (
            "essays of 800 words, llama 8b, 100 students",
            "Read “essays of 800 words” as ~1,200 tokens (1.5 tokens a word",
            "prompts of 1,200 tokens",
        ),
        # the length said of one of them, after its verb
        (
            "cada redação tem umas 600 palavras, corrigir com llama 8b, 300 alunos",
            "Li “redação tem umas 600 palavras” como ~900 tokens",
            "prompts de 900 tokens",
        ),
        (
            "each essay is about 800 words, grade them with llama 8b, 200 students",
            "as ~1,200 tokens (1.5 tokens a word",
            "prompts of 1,200 tokens",
        ),
        # and by what the model does with it ("300 palavras" had been "Não entendi")
        (
            "the bot reads ~2000 words and writes 200 words, llama 8b, 500 a day",
            "Read “writes 200 words” as ~300 tokens",
            "prompts of 3,000 tokens · answers of 300 tokens",
        ),
        # "2 mil caracteres" had been "Não entendi"
        (
            "mensagens de até 500 caracteres no whatsapp, llama 8b, 2 mil por hora",
            "Li “mensagens de até 500 caracteres” como ~125 tokens (~4 caracteres por token",
            "prompts de 125 tokens",
        ),
        # lines had been a training set's examples ("5.000 exemplos de treino")
        (
            "analisar planilhas de 5 mil linhas, qwen 32b, 20 analistas",
            "Li “planilhas de 5 mil linhas” como ~65.000 tokens (~13 tokens por linha",
            "prompts de 65.000 tokens",
        ),
        # "resumos de 1 parágrafo" had been a 1-token answer
        (
            "resumos de 1 parágrafo de notícias de 800 palavras, llama 8b, 2 mil por dia",
            "Li “resumos de 1 parágrafo” como ~150 tokens (~150 tokens por parágrafo de ~100 palavras",
            "prompts de 1.200 tokens · respostas de 150 tokens",
        ),
        # the length an answer is written in: "200 palavras" had been "Não entendi", and the summary sized at a
        # tenth of the contract
        (
            "resumir contratos de 20 páginas em até 200 palavras, llama 8b, 100 por dia",
            "Li “em até 200 palavras” como ~300 tokens (1,5 token por palavra",
            "respostas de 300 tokens",
        ),
        (
            "answer in 3 paragraphs, llama 8b, 500 a day",
            "Read “answer in 3 paragraphs” as ~450 tokens (~150 tokens a paragraph of ~100 words",
            "answers of 450 tokens",
        ),
    ],
)
def test_lengths_in_words_characters_lines_and_paragraphs(capsys, text, said, load):
    out = answer(capsys, text)
    assert said in out
    assert load in _load(out)
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())
    assert "exemplos de treino" not in out


def test_code_lines_are_the_prompt_of_a_code_review(capsys):
    out = answer(capsys, "revisar código de 2 mil linhas, qwen2.5 coder 32b, 15 devs")
    assert "Li “código de 2 mil linhas” como ~26.000 tokens (~13 tokens por linha" in out
    assert "prompts de 26.000 tokens" in _understood(out)
    assert "exemplos de treino" not in out


def test_a_training_set_s_lines_stay_its_examples(capsys):
    out = answer(capsys, "lora no llama 8b com um dataset de 50 mil linhas")
    assert "50.000 exemplos de treino" in _understood(out)


def test_documents_read_whole(capsys):
    # "inteiros" had been "Não entendi"
    out = answer(capsys, "ler PDFs de 100 páginas inteiros, llama 8b")
    assert "documentos de 100 páginas" in _understood(out)
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


def test_one_page_said_in_words(capsys):
    # "uma página A4" had been "Não entendi"
    out = answer(capsys, "chatbot que lê uma página A4 por pergunta, llama 8b, 100 usuários")
    assert "uma página por pedido" in _understood(out)
    assert "prompts de ~750 tokens (750 tokens por página" in out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


# -- what the model writes: each answer's length ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said", "load"),
    [
        # had been a 300-token context, "posts" and "instagram" not understood
        (
            "posts de 300 tokens para instagram, 10 redatores, qwen 32b",
            "Li “posts de 300 tokens” como o tamanho de cada resposta, o texto que o modelo escreve: respostas de "
            "300 tokens (não o prompt nem o contexto).",
            "prompts de 1.000 tokens · respostas de 300 tokens",
        ),
        (
            "gerar descrições de produto de 150 palavras, llama 8b, 5 mil por dia",
            "Li “descrições de produto de 150 palavras” como o tamanho de cada resposta, o texto que o modelo "
            "escreve: respostas de ~225 tokens (1,5 token por palavra",
            "respostas de 225 tokens",
        ),
        (
            "write 500-word blog posts with llama 70b, 20 writers",
            "Read “500-word blog posts” as each answer's length, the text the model writes: answers of ~750 tokens",
            "answers of 750 tokens",
        ),
        (
            "gerar relatórios de 5 páginas, llama 70b, 10 analistas",
            "Li “relatórios de 5 páginas” como o tamanho de cada resposta, o texto que o modelo escreve: respostas "
            "de ~3.750 tokens (750 tokens por página",
            "prompts de 1.000 tokens · respostas de 3.750 tokens",
        ),
    ],
)
def test_a_length_of_what_the_model_writes_is_each_answer(capsys, text, said, load):
    out = answer(capsys, text)
    assert said in out
    assert load in _load(out)
    assert "tokens de contexto" not in _understood(out) and "-token context" not in _understood(out)
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines())


def test_a_length_of_what_the_model_writes_in_european_portuguese(capsys):
    out = answer(capsys, "gerar descrições de produtos com 120 palavras, qwen 7b, equipa de 10 pessoas")
    assert "respostas de 180 tokens" in _understood(out)
    assert "respostas de ~180 tokens (1,5 tokens por palavra; estimativa por omissão" in out


@pytest.mark.parametrize(
    ("text", "load"),
    [
        # a text read (summarized, classified, reviewed) keeps its length as the prompt, a verb of writing or not
        ("resumir relatórios de 2000 palavras, llama 8b, 300 por dia", "prompts de 3.000 tokens"),
        ("classificar posts de 300 tokens, llama 8b, 5 mil por dia", "prompts de 300 tokens"),
        ("resumir contratos de 20 páginas, llama 70b, 50 advogados", "prompts de 15.000 tokens"),
        # the verb of writing governs the replies, not the e-mails they answer
        ("gerar respostas para e-mails de 200 palavras, llama 8b, 2 mil por dia", "prompts de 300 tokens"),
    ],
)
def test_a_length_of_what_the_model_reads_stays_the_prompt(capsys, text, load):
    out = answer(capsys, text)
    assert load in _load(out)
    assert "o texto que o modelo escreve" not in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "traduzir artigos de 3 mil palavras, llama 70b, 200 por dia",
            "Uma tradução escreve mais ou menos tantos tokens quanto lê: prompts de 4.500 tokens e respostas de "
            "4.500 tokens",
        ),
        (
            "translate 5-page documents with llama 70b, 100 a day",
            "A translation writes about as many tokens as it reads: prompts of 3,750 tokens and answers of 3,750",
        ),
        # a document's length alone, no volume: had been answered by the chat's 500 tokens
        (
            "traduzir contratos de 20 páginas, llama 70b, 20 pessoas",
            "prompts de 15.000 tokens e respostas de 15.000 tokens",
        ),
    ],
)
def test_a_translation_writes_as_much_as_it_reads(capsys, text, said):
    out = answer(capsys, text)
    assert said in out
    assert "Not understood: “transl”" not in out


# -- text beside photos ------------------------------------------------------------------------------------------


def test_the_text_beside_photos_is_the_prompt_and_a_text_model_reads_no_photos(capsys):
    # "1500 tokens de texto" had been a 1,500-token context
    out = answer(capsys, "cada sinistro tem fotos + 1500 tokens de texto, llama 8b, 2 mil por dia")
    assert "prompts de 1.500 tokens" in _understood(out) and "tokens de contexto" not in _understood(out)
    assert "prompts de 1.500 tokens" in _load(out)
    assert "Llama 3.1 8B não lê imagens (é um modelo só de texto)" in out
    assert "Modelos com visão no catálogo: Llama 3.2 11B Vision" in out


def test_with_a_vision_model_each_photo_adds_its_tokens_to_the_text(capsys):
    out = answer(capsys, "cada sinistro tem fotos + 1500 tokens de texto, qwen2.5 vl 7b, 2 mil por dia")
    assert "Cada pedido traz 1.500 tokens de texto e 1.371 de imagem (1 imagem × 1.371 tokens)" in out
    assert "prompts de 2.871 tokens" in _load(out)


def test_a_context_in_words_is_no_text_s_length(capsys):
    # "contexto" is a window, not a text: its words are not read as a prompt
    out = answer(capsys, "llama 8b com contexto de 8 mil palavras")
    assert "prompts de 12.000 tokens" not in out
