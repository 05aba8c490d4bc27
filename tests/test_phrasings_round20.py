"""Questions as people type them in Slack, twentieth round (2026-12-07): how customers really ask. A model's
settings after slashes, a forwarded e-mail squashed onto one line, compliance words beside a sizing, "the
fastest" asked alone or for a workload, an unknown model beside a family with no size, units glued to their
numbers, a prompt and an answer said "in"/"out". Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import reads as _reads


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a model's settings after slashes, pipes, semicolons --------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been read as a path, its last piece alone kept: "Faltou dizer o modelo"
        ("qwen32b/awq/20 users", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos"),
        ("70B/FP8/32k/20u", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos"),
        ("llama-70b/fp8/32k/10 usuários", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 10 usuários simultâneos"),
        # as before: pipes and semicolons
        ("llama70b|fp8|32k", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto"),
        ("mistral-7b;8bit;5 users", "Entendi: Mistral 7B v0.3 · FP8 (8-bit) · 5 usuários simultâneos"),
        ("qwen 72b; fp8; 32k; 20 users", "Entendi: Qwen2.5 72B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos"),
        # a repo's owner ends in no size: still a repo
        ("Qwen/Qwen2.5-72B-Instruct-AWQ 20 usuários", "Entendi: Qwen2.5 72B (Qwen2.5-72B-Instruct-AWQ) · INT4 (AWQ/GPTQ g128) · 20 usuários"),
    ],
)  # fmt: skip
def test_settings_separated_by_slashes_pipes_and_semicolons(capsys, question, read):
    _reads(capsys, question, read)


def test_a_path_to_a_file_named_by_its_size_is_still_a_file(capsys):
    # a folder named by the model's size, then its file: the file's type is read, no setting after a slash
    _reads(
        capsys,
        "llama-70b/Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf 5 users",
        "Entendi: Llama 3.1 70B · GGUF Q4_K_M · 5 usuários simultâneos",
    )


# -- a forwarded e-mail squashed onto one line -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had listed the sender's name, "Enviado" and the time as not understood
        (
            "De: Fulano Enviado: segunda-feira, 7 de dezembro de 2026 10:00 Assunto: GPU Olá, precisamos rodar "
            "llama 3.1 70b para 50 usuários Att, Fulano Tel +55 11 99999-0000",
            "Entendi: Llama 3.1 70B · inferência · 50 usuários simultâneos",
        ),
        (
            "De: Maria Souza <maria@acme.com.br> Para: Vendas <vendas@nuvem.com.br> Enviado: 7 de dezembro de 2026 "
            "09:15 Assunto: Orçamento llama 70b Bom dia, seriam 30 usuários com contexto de 16k. Atenciosamente, "
            "Maria Souza",
            "Entendi: Llama 3.1 70B · 16k de contexto · 30 usuários simultâneos · custo",
        ),
        (
            "From: John Smith Sent: Monday, December 7, 2026 10:00 AM To: Sales Subject: GPU quote Hi, we need "
            "qwen 72b for 40 users at 32k. Thanks, John",
            "Understood: Qwen2.5 72B · 32k context · 40 concurrent users · cost",
        ),
        # its date had been a context of 2,026 tokens, "message" not understood
        (
            "---------- Forwarded message --------- De: Carlos Lima Data: 3 de dez. de 2026 Assunto: LLM "
            "Precisamos do llama 8b pra 20 pessoas",
            "Entendi: Llama 3.1 8B · 20 usuários simultâneos",
        ),
    ],
)
def test_a_forwarded_mail_on_one_line_is_read_without_its_headers(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "contexto" not in read or "16k" in lines[0], lines


def test_a_header_word_that_opens_no_mail_is_still_read(capsys):
    # one label alone is a question's word: "Para: 20 usuários" stays 20 users
    _reads(capsys, "Para: 20 usuários, llama 8b", "Entendi: Llama 3.1 8B · 20 usuários simultâneos")
