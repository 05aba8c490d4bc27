"""Redaction: personal data out of the stored text, every part of a sizing question kept."""

import pytest

from bot.redact import cpf_is_valid, redact

from .query_corpus import BAD_INPUTS, PHRASINGS

REDACTED = [
    # e-mail
    ("ana.silva@empresa.com.br", "[email]"),
    ("fale com joao+gpu@cliente.io amanhã", "fale com [email] amanhã"),
    ("<mailto:ana@empresa.com|ana@empresa.com>", "<mailto:[email]|[email]>"),  # as Slack sends it
    # CPF
    ("123.456.789-09", "[cpf]"),
    ("CPF 123.456.789-10 (dígito errado)", "CPF [cpf] (dígito errado)"),  # the layout alone is enough
    ("12345678909", "[cpf]"),
    ("cpf: 11144477735.", "cpf: [cpf]."),
    # Brazilian phones
    ("(11) 98765-4321", "[telefone]"),
    ("(11)98765-4321", "[telefone]"),
    ("+55 11 98765 4321", "[telefone]"),
    ("+55 (11) 98765-4321", "[telefone]"),
    ("+5511987654321", "[telefone]"),
    ("11987654321", "[telefone]"),
    ("11 98765-4321", "[telefone]"),
    ("11 3456-7890", "[telefone]"),
    ("(21) 3456 7890", "[telefone]"),
    ("liga no 98765-4321", "liga no [telefone]"),
    # international phones
    ("+1 415 555 2671", "[telefone]"),
    ("+1 (415) 555-2671", "[telefone]"),
    ("(415) 555-2671", "[telefone]"),
    ("+44 20 7946 0958", "[telefone]"),
    ("+351 912 345 678", "[telefone]"),
    # personal data inside a real question
    (
        "70b 4bit 32k 10 usuários pro cliente, contato ana@x.com.br ou (11) 98765-4321",
        "70b 4bit 32k 10 usuários pro cliente, contato [email] ou [telefone]",
    ),
    ("llama 3 8b, cpf 123.456.789-09, 8k", "llama 3 8b, cpf [cpf], 8k"),
]

# What sizing questions hold: model sizes and names, contexts, token counts, users, GPUs.
KEPT = [
    "70b",
    "8x7b",
    "1.5b",
    "30b-a3b",
    "qwen2.5-32b",
    "llama-3.1-70b q4_k_m ctx=8k users=4",
    "32768",
    "131072",
    "128k",
    "1048576",
    "1.048.576 tokens de contexto",
    "500B tokens",
    "20000000000 tokens",
    "11987654321 tokens",  # phone-shaped, but a token count
    "12345678909 tokens",  # CPF-shaped, but a token count
    "tokens=20000000000",
    "--tokens 12345678909",
    "20000000000",
    "1000000000",
    "00000000000",
    "10 usuários",
    "10users",
    "2x h100",
    "8xh100 b200 l40s 48gb a100-80gb",
    "h100 80gb",
    "16 4096 4096",
    "128 256 1024",
    "seq 4096 batch 16",
    "pretrain 7b 1T tokens zero3",
    "70b fp8 kv fp8 128k 4 users",
    "8+8 gpus",
    "https://huggingface.co/meta-llama/Llama-3.1-70B-Instruct",
    "Cabe um Llama 70B numa L40S de 48GB em 4 bits?",
    "Quanto de memória precisa um modelo de 70 bilhões em 4 bits com contexto de 32 mil tokens para 10 usuários?",
]


@pytest.mark.parametrize(("text", "expected"), REDACTED)
def test_personal_data_is_replaced(text, expected):
    assert redact(text) == expected


@pytest.mark.parametrize("text", KEPT)
def test_sizing_questions_are_left_alone(text):
    assert redact(text) == text


def test_every_phrasing_of_the_query_corpus_is_left_alone():
    texts = [text for text, _ in PHRASINGS] + [text for text, *_ in BAD_INPUTS]
    assert [t for t in texts if redact(t) != t] == []


def test_empty_text():
    assert redact("") == ""


def test_cpf_check_digits():
    assert cpf_is_valid("12345678909") and cpf_is_valid("11144477735")
    assert not cpf_is_valid("12345678900")
    assert not cpf_is_valid("11111111111")  # passes the arithmetic, but no such CPF
    assert not cpf_is_valid("1234567890")
