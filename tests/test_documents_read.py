"""Questions about reading documents are sized as document work: an analysis, a review, a summary or a
classification of contracts, reports or PDFs reads a whole document as its prompt (traffic.toml
long_prompt_tokens), by noun ("análise de contratos") or by verb ("analisar contratos", "review our contracts");
short texts ("e-mails curtos", "mensagens", "tweets") keep a chat's prompt; a model with vision reads one-page or
scanned documents as one page image each, and a text-only model given scanned ones is told it cannot read them."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse


@pytest.fixture
def ask(capsys):
    """The text gpu-size prints for a question, in the language it reads from the question."""

    def run(text: str) -> str:
        assert main([text]) == 0
        return capsys.readouterr().out

    return run


def in_thread(*texts: str) -> str:
    """The last answer of a Slack thread of these messages, as the console shows it."""
    query = parse(texts[0])
    for text in texts[1:]:
        query = parse(text, base=query.workload)
    return render_text(size(query.workload), query)


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.3 70b, análise de contratos com 10 advogados",
        "llama 3.3 70b para analisar contratos com 10 advogados",
        "qwen3 32b para revisar os relatórios da diretoria, 30 analistas",
        "mistral small 24b, pareceres para revisar, 15 advogados",
        "gemma 3 27b pra ler petições, 12 advogados",
        "llama 3.1 8b para auditar 300 pdfs por dia",
    ],
)
def test_an_analysis_of_documents_reads_a_whole_document(ask, text):
    out = ask(text)
    assert "extração de informações" in out.splitlines()[0]
    assert "prompts de 4.000 tokens" in out
    assert (
        "Documentos: cada pedido lê um documento inteiro; usei prompts de 4.000 tokens (umas 5 páginas" in out
    )
    assert "Prompts de 1.000 tokens" not in out
    assert "Não entendi" not in out


@pytest.mark.parametrize(
    "text",
    [
        "contract review for 20 lawyers with llama 3.1 70b",
        "llama 3.1 70b to analyze our legal documents, 20 lawyers",
        "qwen3 32b to review reports, 30 analysts",
    ],
)
def test_an_english_review_of_documents_reads_a_whole_document(ask, text):
    out = ask(text)
    assert "Documents: each request reads a whole document; I used prompts of 4,000 tokens" in out
    assert "answers of 500 tokens, our defaults" in out
    assert "Not understood" not in out


@pytest.mark.parametrize(
    "text",
    [
        "resumo de relatórios para 30 analistas com qwen3 32b",
        "qwen3 32b para resumir relatórios, 30 analistas",
    ],
)
def test_a_summary_of_reports_reads_them_whole_and_names_them_understood(ask, text):
    out = ask(text)
    assert "prompts de 4.000 tokens · respostas de 400 tokens" in out
    assert "Não entendi" not in out


def test_a_classification_of_contracts_reads_each_contract_and_answers_a_label(ask):
    out = ask("llama 3.1 8b para classificar contratos, 10 usuários")
    assert "Classificação: cada resposta é um rótulo ou um veredito curto, 20 tokens" in out
    assert "usei prompts de 4.000 tokens (umas 5 páginas, a 750 tokens por página, nosso padrão)" in out
    # short items keep a chat's prompt
    tickets = ask("llama 3.1 8b para classificar tickets, 10 usuários")
    assert "Prompts de 1.000 tokens e respostas de 20 tokens" in tickets
    assert "Documentos:" not in tickets


@pytest.mark.parametrize(
    "text, line",
    [
        (
            "qwen3 32b para resumir e-mails curtos, 30 pessoas",
            "Resumo de textos curtos: usei prompts de 1.000 tokens",
        ),
        (
            "qwen3 32b para resumir mensagens de clientes, 30 pessoas",
            "Resumo de textos curtos: usei prompts de 1.000",
        ),
        (
            "summarize tweets with qwen3 32b for 20 people",
            "Summaries of short texts: I used a chat's prompts of 1,000",
        ),
        (
            "llama 3.1 8b para classificar documentos curtos, 10 usuários",
            "Prompts de 1.000 tokens e respostas de 20",
        ),
    ],
)
def test_short_texts_keep_a_chats_prompt(ask, text, line):
    out = ask(text)
    assert line in out
    assert "4.000 tokens" not in out and "4,000 tokens" not in out
    assert "Não entendi" not in out and "Not understood" not in out


@pytest.mark.parametrize(
    "text",
    [
        "deepseek r1 distill qwen 32b para revisar contratos com 10 advogados",
        "deepseek r1 distill qwen 32b para resumir contratos, 10 advogados",
    ],
)
def test_a_reasoning_model_reads_the_whole_document_before_it_thinks(ask, text):
    out = ask(text)
    assert "prompts de 4.000 tokens · respostas de 4.043 tokens" in out
    # the context holds the document and the longest reasoning answer (32,768 tokens)
    assert "36.768 tokens de contexto" in out
    assert "Documentos: cada pedido lê um documento inteiro; usei prompts de 4.000 tokens" in out


@pytest.mark.parametrize(
    "text, said, unsaid",
    [
        # invoices read by a model with vision: one scanned page each, said so
        (
            "qwen2.5 vl 7b para ler 5 mil notas fiscais por dia",
            ["5.000 requisições por dia", "1 imagem × 4.958 tokens",
             "contei 1 imagem de página escaneada por documento, 1654×2339 pixels"],
            ["diga “3 imagens por conversa”"],
        ),
        # said scanned: the participle is the page images, and the day's count stays the documents'
        (
            "qwen2.5 vl 7b para ler 5 mil notas fiscais escaneadas por dia",
            ["5.000 requisições por dia", "1 imagem × 4.958 tokens",
             "Documentos escaneados: contei 1 imagem de página por documento"],
            ["Não entendi"],
        ),
        # the images counted win over one page a document, each a scanned page still
        (
            "qwen2.5 vl 7b, 3 imagens por pedido, notas fiscais escaneadas, 10 usuários",
            ["3 imagens × 4.958 tokens"],
            ["contei 1 imagem de página"],
        ),
        (
            "qwen2.5 vl 7b, 3 imagens por pedido, notas fiscais, 10 usuários",
            ["3 imagens × 4.958 tokens",
             "Imagens de documentos de uma página: considerei páginas escaneadas de 1654×2339 pixels"],
            ["1024×1024"],
        ),
        # invoices said to come as text: no images, a chat's prompt
        (
            "qwen2.5 vl 7b para ler notas fiscais, sem imagens, 10 usuários",
            ["Prompts de 1.000 tokens e respostas de 500 tokens"],
            ["tokens de imagem"],
        ),
    ],
)  # fmt: skip
def test_a_vision_model_reads_one_page_documents_as_their_scanned_pages(ask, text, said, unsaid):
    out = ask(text)
    for line in said:
        assert line in out
    for line in unsaid:
        assert line not in out


def test_a_threads_no_images_drops_the_invoices_page_images():
    first = in_thread("qwen2.5 vl 7b para ler notas fiscais, 10 usuários")
    assert "1 imagem × 4.958 tokens" in first
    after = in_thread("qwen2.5 vl 7b para ler notas fiscais, 10 usuários", "e sem imagens?")
    assert "tokens de imagem" not in after


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b para ler notas fiscais escaneadas, 10 usuários",
        "llama 3.1 8b para revisar contratos digitalizados, 10 advogados",
        "llama 3.1 8b para ler 5 mil notas fiscais escaneadas por dia",
    ],
)
def test_a_text_model_given_scanned_documents_is_told_it_reads_no_images(ask, text):
    out = ask(text)
    assert "Não entendi" not in out
    assert "Llama 3.1 8B não lê imagens (é um modelo só de texto)" in out
    assert "Modelos com visão no catálogo: Llama 3.2 11B Vision, Qwen2.5-VL 7B" in out


def test_scanned_said_with_a_count_is_still_the_days_documents(ask):
    out = ask("llama 3.1 8b to read 50k scanned invoices a day")
    assert "50,000 requests a day" in out
    assert "Llama 3.1 8B reads no images" in out
    assert "a total, not per conversation" not in out
