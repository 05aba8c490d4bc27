"""Embedding and reranking models asked alone say what their GPUs cost where prices are configured, to the
people who may see prices, as a speech model's and a language model's answers do: the GPUs the corpus or the
rate needs in each contract mode, and a million tokens embedded. Audit round 6 found them silent on prices."""

from __future__ import annotations

from .gpu_size_run import answer
from .slack_harness import text_of

MONEY = ("Preço", "Price", "R$", "BRL", "milhão de tokens", "per million tokens")


def test_a_corpus_with_a_deadline_is_priced_for_the_gpus_it_needs_and_by_its_gpu_hours(
    capsys, priced_two_modes
):
    text = answer(capsys, "bge-m3 para 2 milhões de PDFs de 10 páginas em 24h")
    assert "Para terminar em 24 h: 2× L40S 48 GB" in text
    assert (
        "Preço de 2× L40S 48 GB: sob demanda R$ 20,00 por hora, R$ 14.600 por mês; reservada R$ 15,00" in text
    )
    # 15 billion tokens take ~25.7 L40S-hours at R$ 10 on demand, however many GPUs share them
    # to a tenth: 26 hours at R$ 10 would be R$ 260, over 1% off the R$ 256,88 said (audit7)
    assert "O acervo: ~R$ 256,88 (sob demanda, 25,7 horas de GPU" in text
    # R$ 256.88 over 15,000 million tokens: 0.017, which two decimals would round to 0,02
    assert "~R$ 0,017 por milhão de tokens" in text


def test_a_small_corpus_says_its_few_gpu_hours_not_zero(capsys, priced_two_modes):
    text = answer(capsys, "bge-m3 for 10,000 documents")
    # 7.5 million tokens: well under an hour of one L40S
    assert "Price of 1× L40S 48 GB: on demand BRL 10.00 an hour, BRL 7,300 a month" in text
    assert "(on demand, 0.013 GPU-hours," in text and "0.0 GPU-hours" not in text


def test_a_rate_divides_the_gpus_hour_by_the_tokens_it_reads(capsys, priced_two_modes):
    text = answer(capsys, "reranker bge com 50 req/s")
    assert "23× L40S 48 GB" in text
    assert "Preço de 23× L40S 48 GB: sob demanda R$ 230,00 por hora, R$ 167.900 por mês" in text
    # 23 reserved L40S at R$ 7.50 = R$ 172.50 an hour over 50 req/s × 100 × 512 tokens × 3600 s = 9,216M tokens
    assert "Por milhão de tokens: ~R$ 0,019 (reservada: o preço de 23× L40S 48 GB por hora" in text


def test_portugal_reads_its_own_words_and_money_layout(capsys, priced_two_modes):
    text = answer(capsys, "bge-m3 com 200 pedidos por segundo, utilizadores em Lisboa").replace("\u00a0", " ")
    assert "Preço de 1× L40S 48 GB: a pedido 10,00 R$ por hora, 7 300 R$ por mês" in text
    # one reserved L40S, R$ 7.50 an hour, over 200 × 512 tokens × 3600 s = 368.64M tokens: 0.0203
    assert "Por milhão de tokens: ~0,020 R$ (reservada:" in text and "200 pedidos/s numa hora" in text


def test_a_model_with_no_load_says_no_price(capsys, priced_two_modes):
    assert not any(word in answer(capsys, "bge-m3") for word in MONEY)


def test_no_prices_configured_says_none(capsys):
    text = answer(capsys, "bge-m3 para 2 milhões de PDFs em 24h")
    assert "2 milhões" in text or "2.000.000" in text
    assert not any(word in text for word in MONEY)


def test_staff_see_the_price_and_a_shared_channel_does_not(priced, slack):
    staff = text_of(slack.command("bge-m3 para 1 milhão de documentos")["blocks"])
    assert "Preço de 1× L40S 48 GB: sob demanda R$ 9,50 por hora" in staff
    assert "por milhão de tokens" in staff
    external = slack.command("bge-m3 para 1 milhão de documentos", channel_id="CEXT0001", user_id="UEXT0001")
    assert "L40S 48 GB" in text_of(external["blocks"])  # answered (in the external user's locale)
    for word in MONEY:
        assert word not in text_of(external["blocks"]) and word not in external["text"]


def test_passages_each_query_ranks_are_the_reranker_s_request_not_a_corpus(capsys, priced_two_modes):
    text = answer(capsys, "bge reranker 10 buscas por segundo com 20 trechos cada")
    # "20 trechos cada" had been a corpus of 20 passages (priced at R$ 0,00023) and each query 100 passages
    assert "Acervo" not in text and "O acervo" not in text
    assert "cada uma com uma consulta e 20 trechos a reordenar, como dito" in text
    assert "1× L40S 48 GB" in text and "5× L40S" not in text  # a fifth of the work of 100 passages
    english = answer(capsys, "bge reranker, 5 queries per second, 50 passages per query")
    assert "each with one query and 50 passages to rank, as said" in english and "Corpus" not in english
    # pages each document has stay a corpus's
    assert "Acervo: 1.000.000 documentos × 10" in answer(
        capsys, "bge-m3 para 1 milhão de documentos com 10 páginas cada"
    )
