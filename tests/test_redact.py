"""Redaction: personal data out of the stored text, every part of a sizing question kept."""

import pytest

from sizing.redact import (
    STORED_TEXT_LIMIT,
    cnpj_is_valid,
    cpf_is_valid,
    for_log,
    luhn_is_valid,
    redact,
    scrub,
)

from .query_corpus import BAD_INPUTS, PERSONAL_DATA, PHRASINGS

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
    # Digits after a "+" are a phone even when they pass a card's or a CNPJ's check (Slack's <tel:+…> links).
    ("+5511999999999", "[telefone]"),
    ("<tel:+5511999999999|+55 11 99999-9999>", "<tel:[telefone]|[telefone]>"),
    ("+11222333000181", "[telefone]"),
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
    # CPF in other layouts (check digits required), CNPJ formatted and bare (check digits required)
    ("cpf 123 456 789 09", "cpf [cpf]"),
    ("cpf 123456789-09 ok", "cpf [cpf] ok"),
    ("123.456.789 09", "[cpf]"),
    ("CNPJ 12.345.678/0001-95", "CNPJ [cnpj]"),
    ("cnpj 11222333000181 da empresa", "cnpj [cnpj] da empresa"),
    ("12.ABC.345/01DE-35", "[cnpj]"),  # the alphanumeric CNPJ (from July 2026)
    # card numbers (Luhn)
    ("cartão 4111 1111 1111 1111 validade 12/28", "cartão [cartão] validade 12/28"),
    ("4111-1111-1111-1111", "[cartão]"),
    ("5500005555555559", "[cartão]"),
    ("amex 3782 822463 10005", "amex [cartão]"),
    # API keys and tokens, whole
    ("key sk-proj-abcdefghijklmnopqrstuvwxyz123456", "key [chave]"),
    ("sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123-xyz", "[chave]"),
    ("sk-abcdefghijklmnopqrstuvwxyzABCDEF0123456789", "[chave]"),
    ("token hf_abcdefghijklmnopqrstuvwxyzABCD pra baixar", "token [chave] pra baixar"),
    ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "[chave]"),
    ("github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyz0123456789", "[chave]"),
    ("AKIAIOSFODNN7EXAMPLE", "[chave]"),
    # inference providers' keys a customer comparing clouds pastes (Groq, xAI, Perplexity, Replicate, NVIDIA's NIM)
    ("GROQ_API_KEY=gsk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP", "GROQ_API_KEY=[chave]"),
    ("xai-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH", "[chave]"),
    ("chave pplx-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL", "chave [chave]"),
    ("r8_abcdefghijklmnopqrstuvwxyz0123456789A no replicate", "[chave] no replicate"),
    ("nvapi-abcdefghijklmnopqrstuvwxyz_0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ01", "[chave]"),
    ("xoxp-1234567890-1234567890-1234567890-abcdef", "[chave]"),
    ("xoxb-1234567890123-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "[chave]"),  # not "xoxb-[telefone]…"
    ("xapp-1-A0123456789-1234567890123-abcdef0123456789", "[chave]"),
    (
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "[chave]",
    ),
    # phones: with the country code, a trunk or carrier prefix, "9 8765", dots, "00"
    ("+55 (11) 9 8765-4321", "[telefone]"),
    ("55 11 98765-4321", "[telefone]"),
    ("+55-11-98765-4321", "[telefone]"),
    ("+55.11.98765.4321", "[telefone]"),
    ("0055 11 98765 4321", "[telefone]"),
    ("(011) 98765-4321", "[telefone]"),
    ("0xx11 98765-4321", "[telefone]"),
    ("011 98765 4321", "[telefone]"),
    ("11 9 8765-4321", "[telefone]"),
    ("11.98765.4321", "[telefone]"),
    ("liga 9 8765-4321", "liga [telefone]"),
    ("+44 (0)20 7946 0958", "[telefone]"),
    ("+49 30 1234567", "[telefone]"),
    ("+442079460958", "[telefone]"),
    ("+1 415.555.2671", "[telefone]"),
    ("+44 20 7946 0958 10 users", "[telefone] 10 users"),  # the phone ends before the number of users
    # full-width and other digits read as digits; the rest of the text is kept as typed
    ("cpf １２３.４５６.７８９-０９ ok", "cpf [cpf] ok"),
    ("tel ＋５５ １１ ９８７６５ ４３２１", "tel [telefone]"),
    ("(١١) ٩٨٧٦٥-٤٣٢١", "[telefone]"),  # Arabic-Indic digits
    ("１１９８７６５４３２１ é meu número, ７０ｂ", "[telefone] é meu número, ７０ｂ"),
    # private keys pasted whole (PEM: RFC 7468), or cut short before their END line
    (
        "minha chave -----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRge\n"
        "-----END RSA PRIVATE KEY----- 70b",
        "minha chave [chave] 70b",
    ),
    (
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----",
        "[chave]",
    ),
    ("-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7", "[chave]"),
    (
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nMIIFHzBJBgkqhkiG9w0BBQ0w\n-----END ENCRYPTED PRIVATE KEY-----\n8b",
        "[chave]\n8b",
    ),
    # more token formats: Slack's client and refresh tokens, Stripe's secret keys, Slack's incoming webhooks
    ("xoxc-1234567890-1234567890-abcdef", "[chave]"),  # not "xoxc-[telefone]-[telefone]-abcdef"
    ("xoxe.xoxp-1-Mi0yLTE3MDQ0NTU5NjQ0", "[chave]"),
    ("sk_live_51H8abcdefghijklmnopqrstuvwx", "[chave]"),
    ("rk_test_51H8abcdefghijklmnopqrstuvwx", "[chave]"),
    (
        "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        "https://hooks.slack.com/services/[chave]",
    ),
    # IBAN (ISO 13616: the check digits must pass modulo 97), grouped or bare
    ("IBAN DE89 3704 0044 0532 0130 00", "IBAN [iban]"),  # not "DE89 3704 [telefone]"
    ("iban: GB82 WEST 1234 5698 7654 32.", "iban: [iban]."),
    ("BR1800360305000010009795493C1", "[iban]"),
    ("BR15 0000 0000 0000 1093 2840 814P 2 ok", "[iban] ok"),
    ("PT50 0002 0123 1234 5678 9015 4", "[iban]"),  # not "PT50 [cartão] 4"
    # RG: the layout with its check character, or any number after the word "RG"
    ("RG 12.345.678-9", "RG [rg]"),
    ("rg: 12.345.678-X", "rg: [rg]"),
    ("meu rg é 1.234.567", "meu rg é [rg]"),
    ("RG 12345678-9", "RG [rg]"),
    ("RG MG-12.345.678, 70b", "RG [rg], 70b"),
    ("RG nº 123456789", "RG nº [rg]"),
    ("12.345.678-9", "[rg]"),
    # CPF and CNPJ in more layouts (check digits required)
    ("cpf 123.456.789/09", "cpf [cpf]"),
    ("cpf 123-456-789-09", "cpf [cpf]"),
    ("CNPJ 11 222 333 0001 81", "CNPJ [cnpj]"),
    ("CNPJ 11.222.333 0001-81", "CNPJ [cnpj]"),
    ("cnpj 11222333/0001-81", "cnpj [cnpj]"),
    ("cnpj 11.222.333/000181", "cnpj [cnpj]"),
    # cards grouped with dots
    ("4111.1111.1111.1111", "[cartão]"),
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
    "11222333000180",  # CNPJ-shaped, but the check digits are wrong
    "1234567890123456",  # card-shaped, but not Luhn-valid
    "4111111111111111 tokens",  # Luhn-valid, but a token count
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
    "4096 4096 4096 4096",  # grouped like a card, but no Luhn
    "1000000000000 tokens",
    "10000000000000 tokens",
    "128 256 512 1024 2048",
    "risk-free sk-learn",
    "skills hf_transfer ghp xoxo",
    "gsk_test xai-grok-2 pplx-70b-online r8_ nvapi-key",  # the prefixes with no key after them
    "A100 AKIA",
    "rg 70b",  # no number after the word
    "RG 70b 4bit 10 users",
    "DE 70b 4bit",
    "PT 70b 10 users 4096 4096 4096 4096",
    "11 222 333 0001 80",  # CNPJ-shaped, wrong check digits
    "1.234.567 tokens",
    "-----BEGIN CERTIFICATE-----",  # public: only a private key is a secret
    "4096.4096.4096.4096",
    "+1 2",
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
    personal = {text for text, _ in PERSONAL_DATA} | {text for text, key, _ in BAD_INPUTS if "@" in text}
    texts = [text for text, _ in PHRASINGS] + [text for text, *_ in BAD_INPUTS]
    assert [t for t in texts if t not in personal and redact(t) != t] == []
    assert all(redact(t) != t for t in personal)


def test_scrub_says_which_kinds_of_data_it_removed():
    text, kinds = scrub("meu email é ana@x.com, cpf 123.456.789-09, tel (11) 98765-4321: 8b fp8")
    assert kinds == ["email", "cpf", "telefone"] and "ana@" not in text and "98765" not in text
    text, kinds = scrub("RG 12.345.678-9, IBAN DE89 3704 0044 0532 0130 00: 8b")
    assert kinds == ["rg", "iban"] and text == "RG [rg], IBAN [iban]: 8b"
    assert scrub("70b 4bit 32k 10users") == ("70b 4bit 32k 10users", [])


def test_empty_text():
    assert redact("") == ""


def test_cpf_check_digits():
    assert cpf_is_valid("12345678909") and cpf_is_valid("11144477735")
    assert not cpf_is_valid("12345678900")
    assert not cpf_is_valid("11111111111")  # passes the arithmetic, but no such CPF
    assert not cpf_is_valid("1234567890")


def test_check_digits_of_cnpj_and_cards():
    assert cnpj_is_valid("11222333000181") and cnpj_is_valid("12345678000195")
    assert not cnpj_is_valid("11222333000182") and not cnpj_is_valid("11111111111111")
    assert luhn_is_valid("4111111111111111") and luhn_is_valid("378282246310005")
    assert not luhn_is_valid("4111111111111112") and not luhn_is_valid("0000000000000000")


def test_what_the_log_stores_is_bounded_and_cut_cleanly():
    phone = "ligue (11) 98765-4321 "
    text = ("palavra " * 499) + phone * 2000  # about 60,000 characters, a phone across the cut
    stored = for_log(text)
    assert len(stored) <= STORED_TEXT_LIMIT and stored.endswith("…")
    assert "98765" not in stored and "4321" not in stored.replace("[telefone]", "")
    assert for_log("70b 4bit") == "70b 4bit"  # short text: only redacted


@pytest.mark.parametrize(
    "text",
    [
        "a" * 40_000,
        ("a" * 100 + "@") * 396,
        "1 " * 20_000,
        "+1 " * 13_000,
        "xoxb-" * 8_000,
        "(11) " * 8_000,
        "4111 1111 1111 " * 2_600,
        "１" * 40_000,
        "-----BEGIN PRIVATE KEY-----" * 1_480,
        "-----BEGIN A " * 3_000,
        "RG " * 13_000,
        "DE89 " * 8_000,
        "12.345.678-" * 3_600,
    ],
    ids=[
        "letters",
        "at-signs",
        "digits",
        "plus",
        "tokens",
        "parentheses",
        "card-like",
        "full-width",
        "pem",
        "pem-like",
        "rg",
        "iban-like",
        "rg-like",
    ],
)
def test_slacks_longest_messages_are_redacted_whole(text):
    # Linear time is measured by `make bench` (bench/bench_redact.py); here, that every shape of 40,000
    # characters comes back redacted and the same length or shorter, never an exception.
    assert len(redact(text)) <= len(text)
