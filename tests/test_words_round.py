"""Misreadings reported in one round, each fixed by its cause: everyday words of a GPU rental question from
Portugal and Brazil ("a vossa oferta", "arranque", "partilhar", "contactem-nos", "desconto"); a GPU shared
between two models ("partilhar uma H100 entre o llama 8b e o qwen 7b") served together, not weighed as a
choice; documents processed ("processar 5 mil contratos por dia") read whole, with the words that say which
("petições iniciais"), tickets as short texts and invoices as extraction; a web address that names no model
left out of the question; "quantização" with no model asking for the model, and "quantizado" said on the
"Entendi" line; a model published only in MXFP4 (gpt-oss) listed in what fits at its own format. Each
assertion is on what the user reads."""

from __future__ import annotations

import pytest

from bot.cli import main
from tests.gpu_size_run import answer

UNKNOWN = ("Não entendi", "Não percebi", "Not understood", "Didn't understand")


def _head(text: str, n: int = 2) -> str:
    return "\n".join(text.splitlines()[:n])


def _refused(capsys, text: str) -> str:
    """What gpu-size says of a question it cannot size (its error, on stderr)."""
    assert main([text]) != 0
    return capsys.readouterr().err


# -- everyday words ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Boa tarde, qual é a vossa oferta para correr o llama 3.1 70b?",
        "qual o tempo de arranque do llama 8b numa h100?",
        "o arranque do llama 70b é lento numa a100?",
        "podemos partilhar a h100? é só para o llama 8b",
        "llama 8b numa l4. Se precisarem de mais informação, contactem-nos.",
        "Gostávamos de alugar uma máquina para correr o qwen 2.5 32b, o que recomendam?",
        "Estamos a ponderar migrar do GPT-4 para o llama 70b, quantas GPUs precisamos?",
        "Que configuração recomendam para o qwen 2.5 coder 32b, para uma equipa de programadores?",
        "A faturação é mensal? queremos correr o llama 8b",
        "estamos a planear correr o mistral 7b numa l40s, podem recomendar-nos?",
        "Quanto tempo demora a descarregar o modelo llama 70b?",
    ],
)
def test_portugal_everyday_words_are_understood(capsys, text):
    head = _head(answer(capsys, text))
    assert head.startswith("Percebi:")  # answered in European Portuguese
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    "text",
    [
        "Qual a oferta de vocês pra rodar o llama 3.1 70b?",
        "Quanto tempo leva a inicialização do llama 70b numa h100?",
        "Se precisarem de mais informações, entrem em contato. Queremos rodar o llama 8b",
        "O qwen 32b numa A100 tem uma latência aceitável?",
        "Vocês dão desconto pra contrato anual? llama 70b em duas H100",
        "Qual a velocidade de geração do llama 8b numa L4?",
        "Queremos deixar o llama 8b sempre ligado, quanto custa por mês?",
        "Temos várias equipes querendo usar o qwen 14b, qual máquina?",
        "Há possibilidade de testar o qwen 72b antes de fechar?",
        "dá pra compartilhar a h100? é só o llama 8b",
        "qual a forma mais barata de rodar o llama 70b no próximo trimestre?",
    ],
)
def test_brazil_everyday_words_are_understood(capsys, text):
    head = _head(answer(capsys, text))
    assert head.startswith("Entendi:")
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    "text",
    [
        "is llama 70b slow on an a100?",
        "is the latency of qwen 32b on an a100 acceptable?",
        "any discount for a yearly contract? llama 70b on two h100",
    ],
)
def test_english_everyday_words_are_understood(capsys, text):
    head = _head(answer(capsys, text))
    assert head.startswith("Understood:")
    assert not any(word in head for word in UNKNOWN)


# -- one GPU shared by two models ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "together"),
    [
        ("podemos partilhar uma H100 entre o llama 8b e o qwen 7b?", "Percebi:", "Servidos juntos"),
        ("o llama 8b e o qwen 7b podem partilhar a mesma placa?", "Percebi:", "Servidos juntos"),
        ("dá pra compartilhar uma h100 entre o llama 8b e o qwen 7b?", "Entendi:", "Servidos juntos"),
        ("llama 8b e qwen 7b numa l40s compartilhada", "Entendi:", "Servidos juntos"),
        ("dá pra dividir uma gpu entre o llama 8b e o qwen 7b?", "Entendi:", "Servidos juntos"),
        ("can we share one h100 between llama 8b and qwen 7b?", "Understood:", "Served together"),
        ("can llama 8b and qwen 7b share a gpu?", "Understood:", "Served together"),
    ],
)
def test_a_gpu_shared_serves_both_models_together(capsys, text, line, together):
    out = answer(capsys, text)
    head = _head(out)
    assert head.startswith(f"{line} Llama 3.1 8B + Qwen2.5 7B")
    assert together in out
    assert "Comparação" not in out and "Comparison" not in out  # no choice between them
    assert not any(word in head for word in UNKNOWN)


def test_a_choice_between_two_models_stays_a_choice(capsys):
    out = answer(capsys, "llama 8b ou qwen 7b numa h100?")
    assert _head(out).startswith("Entendi: Llama 3.1 8B ou Qwen2.5 7B")
    assert "Servidos juntos" not in out


# -- documents read by a task --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        ("processar 5 mil contratos por dia com o llama 8b", "prompt de 4.000 tokens"),
        ("precisamos de processar 5 mil contratos por dia com o llama 8b", "prompt de 4\u00a0000 tokens"),
        ("process 10k contracts a day with llama 8b", "4,000-token prompt"),
        ("we are processing 2k reports a day on llama 8b", "4,000-token prompt"),
    ],
)
def test_documents_processed_are_read_whole(capsys, text, prompt):
    out = answer(capsys, text)
    assert prompt in out
    assert "1.000 tokens" not in out and "1\u00a0000 tokens" not in out and "1,000-token" not in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("resumir 2 mil petições iniciais por dia com o llama 8b", "2.000 requisições por dia"),
        ("processar 500 contratos antigos por dia com o llama 8b", "500 requisições por dia"),
        ("resumir 200 relatórios mensais por dia com o llama 8b", "200 requisições por dia"),
        ("analisar contratos antigos com o llama 8b, 500 por dia", "500 requisições por dia"),
        ("resumir relatórios mensais com o llama 8b", "sumarização"),
        ("summarize old contracts with llama 8b, 500 a day", "500 requests a day"),
        ("process 500 old contracts a day with llama 8b", "500 requests a day"),
        ("summarize 2k monthly reports a day with llama 8b", "2,000 requests a day"),
    ],
)
def test_the_words_that_say_which_documents_are_understood(capsys, text, said):
    out = answer(capsys, text)
    head = _head(out)
    assert said in head
    assert not any(word in head for word in UNKNOWN)
    assert "4.000 tokens" in out or "4,000-token" in out  # still documents read whole


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        ("resumir 5 mil tickets por dia com o llama 8b", "prompt de 1.000 tokens"),
        ("resumir chamados com o llama 8b", "prompt de 1.000 tokens"),
        ("summarize 5k support tickets a day with llama 8b", "1,000-token prompt"),
    ],
)
def test_tickets_are_short_texts(capsys, text, prompt):
    out = answer(capsys, text)
    assert prompt in out
    assert "4.000 tokens" not in out and "4,000-token" not in out


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("qwen2.5 vl 7b for 50k invoices a day", "information extraction"),
        ("qwen2.5 vl 7b pra 50 mil notas fiscais por dia", "extração de informações"),
        ("precisamos de processar 10 mil faturas por dia com o qwen2.5 vl 7b", "extração de informações"),
    ],
)
def test_invoices_counted_a_day_say_their_task(capsys, text, task):
    head = answer(capsys, text).splitlines()[0]
    assert task in head


# -- web addresses -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "veja https://docs.vllm.ai/en/latest/serving/distributed_serving.html llama 70b em 2 h100",
        "llama 70b em 2 h100, como diz <https://docs.vllm.ai/en/latest/serving/distributed_serving.html>",
        "llama 70b numa h100? ref: https://github.com/vllm-project/vllm/issues/1234",
        "o cliente mandou www.acme.com.br/ia/specs.pdf, llama 70b em 2 h100",
    ],
)
def test_an_address_that_names_no_model_is_left_out(capsys, text):
    out = answer(capsys, text)
    head = _head(out)
    assert head.startswith("Entendi: Llama 3.1 70B")  # Portuguese: the address's "en" is no request
    assert not any(word in head for word in UNKNOWN)
    assert "1.234" not in out  # the address's digits are no context


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("https://huggingface.co/Qwen/Qwen2.5-7B-Instruct numa l4", "Qwen2.5 7B"),
        (
            "https://ollama.com/library/llama3.1:8b cabe numa l4? veja https://docs.vllm.ai/en/latest/",
            "Llama 3.1 8B",
        ),
    ],
)
def test_a_model_page_still_names_its_model(capsys, text, model):
    head = _head(answer(capsys, text))
    assert head.startswith(f"Entendi: {model}")
    assert not any(word in head for word in UNKNOWN)


# -- quantization --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("e se eu usar quantização?", "Faltou dizer o modelo"),
        ("e com quantização?", "Faltou dizer o modelo"),
        ("quantizado", "Faltou dizer o modelo"),
        ("what if I use quantization?", "The model is missing"),
    ],
)
def test_quantization_with_no_model_asks_for_the_model(capsys, text, missing):
    said = _refused(capsys, text)
    assert missing in said
    assert "Não entendi o pedido" not in said and "didn't understand" not in said


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("llama 70b quantizado numa h100", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
        ("qwen 32b quantizado cabe numa 4090?", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128)"),
        ("o llama 70b quantizado corre numa h100?", "Percebi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
        ("llama 70b quantized on an h100", "Understood: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
    ],
)
def test_quantized_says_its_precision_on_the_understood_line(capsys, text, line):
    assert answer(capsys, text).splitlines()[0].startswith(line)


# -- what fits -----------------------------------------------------------------------------------------


def _rows(out: str) -> dict[str, str]:
    return {line.split(":")[0]: line for line in out.splitlines() if line.startswith("• ")}


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("o que cabe numa h100?", "• MXFP4: gpt-oss-120b"),
        ("o que cabe em 2 h100?", "• MXFP4: gpt-oss-120b"),
        ("what fits on an h200?", "• MXFP4: gpt-oss-120b"),
        ("o que cabe numa l40s?", "• MXFP4: gpt-oss-20b"),
    ],
)
def test_a_model_published_in_one_format_is_listed_at_it(capsys, text, row):
    rows = _rows(answer(capsys, text))
    assert rows["• MXFP4"].startswith(row)
    assert all("gpt-oss" not in line for name, line in rows.items() if name != "• MXFP4")


def test_a_format_asked_lists_no_model_published_in_another(capsys):
    rows = _rows(answer(capsys, "o que cabe numa h100 em bf16?"))
    assert list(rows) == ["• BF16/FP16 (16-bit)"]
    assert "gpt-oss" not in rows["• BF16/FP16 (16-bit)"]
