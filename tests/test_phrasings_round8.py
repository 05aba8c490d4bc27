"""Questions as people in different roles type them in Slack, eighth round (2026-12-06): a bank's risk team, a
retail chain's e-commerce team at Black Friday, an agritech with drone photos, a game studio's NPCs, a newsroom's
summaries, a data scientist pasting Hugging Face ids and server flags, a CTO weighing buying against renting,
token budgets a month, a sales rep's shorthand, typos, two bare numbers, mixed Portuguese and English, European
Portuguese, and English from non-native speakers. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, understood_lines


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a plain number with no unit: the people served, unless typed as a context is -------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("llama 70b pra 400", "Llama 3.1 70B · 400 usuários simultâneos"),
        ("llama 70b for 300", "Llama 3.1 70B · 300 concurrent users"),
        ("llama 70b pra 400 com 8k", "8k de contexto · 400 usuários simultâneos"),
        ("llama 8b fp8 300 8k", "8k de contexto · 300 usuários simultâneos"),
    ],
)
def test_a_plain_number_that_could_be_a_context_is_the_people_and_said_so(capsys, text, understood):
    # each had been a context of 400 or 300 tokens (and "pra 400 com 8k" two contexts contradicting each other)
    said = understood_lines(capsys, text)
    assert understood in said[0]
    number = understood.split(" · ")[-1].split()[0]
    assert any(f"“{number}”" in line and f"“{number} tokens”" in line for line in said[1:]), said


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("qwen 32b 32k 50", "Qwen2.5 32B · 32k de contexto · 50 usuários simultâneos"),
        ("qwen 32b 50 32k", "Qwen2.5 32B · 32k de contexto · 50 usuários simultâneos"),
        ("llama 70b 8k 200", "8k de contexto · 200 usuários simultâneos"),
        ("llama 70b 4bit 16k 30", "INT4 (AWQ/GPTQ g128) · 16k de contexto · 30 usuários simultâneos"),
        ("llama 8b 100 4096", "4k de contexto · 100 usuários simultâneos"),
        ("mistral 7b 50 4k", "4k de contexto · 50 usuários simultâneos"),
        ("llama 70b pra 50", "Llama 3.1 70B · 50 usuários simultâneos"),
        ("qwen 14b pra 250", "Qwen2.5 14B · 250 usuários simultâneos"),
        # in words, as a digit is read (tests/test_phrasings_round2.py had them left unread)
        ("llama 8b vinte", "Llama 3.1 8B · 20 usuários simultâneos"),
        ("llama 8b trinta e dois", "Llama 3.1 8B · 32 usuários simultâneos"),
        ("qwen 14b, somos dezasseis", "Qwen2.5 14B · 16 utilizadores em simultâneo"),
    ],
)
def test_a_number_beside_a_context_is_the_people(capsys, text, understood):
    # the number had been "Não entendi" beside the context (and "pra 50" alone too)
    said = understood_lines(capsys, text)
    assert understood in said[0]
    assert not any(word in line for line in said for word in UNKNOWN)


def test_a_large_plain_number_is_a_head_count(capsys):
    said = understood_lines(capsys, "llama 8b pra 1000")  # it had been a context of 1,000 tokens
    assert "1.000 pessoas" in said[0] and "contexto" not in said[0]


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("llama 70b 4bit 8192", "8k de contexto"),
        ("llama 70b pra 8192", "8k de contexto"),
        ("llama 70b pra 32k", "32k de contexto"),
        ("llama 70b 400 tokens", "400 tokens de contexto"),
    ],
)
def test_a_context_typed_as_one_stays_a_context(capsys, text, context):
    said = understood_lines(capsys, text)
    assert context in said[0] and "usuários" not in said[0]


# -- a sales rep's shorthand ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "understood", "width"),
    [
        (
            "70b 4b 32k 10u",
            "Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 32k de contexto · 10 usuários simultâneos",
            "Li “4b” como 4 bits.",
        ),
        ("qwen 32b 8b 16k", "Qwen2.5 32B · FP8 (8-bit) · 16k de contexto", "Li “8b” como 8 bits."),
    ],
)
def test_a_width_written_as_a_size_after_the_model_is_its_precision(capsys, text, understood, width):
    # "70b" and "4b" had been refused as two models contradicting each other
    said = understood_lines(capsys, text)
    assert understood in said[0] and width in said


@pytest.mark.parametrize(
    ("text", "understood", "read"),
    [
        (
            "qwen32 fp8 x20",
            "Qwen2.5 32B · FP8 (8-bit) · 20 usuários simultâneos",
            "Li “x20” como 20 usuários simultâneos; se forem GPUs, diga “20 gpus”.",
        ),
        ("llama 70 b awq 8k x10", "8k de contexto · 10 usuários simultâneos", "Li “x10”"),
        ("mixtral 8x7b q4 16k x5", "16k de contexto · 5 usuários simultâneos", "Li “x5”"),
        ("llama 8b awq x100", "INT4 (AWQ/GPTQ g128) · 100 usuários simultâneos", "Li “x100”"),
    ],
)
def test_times_a_count_after_the_specs_is_the_people(capsys, text, understood, read):
    # "x20" had been refused as a GPU nobody knows
    said = understood_lines(capsys, text)
    assert understood in said[0]
    assert any(line.startswith(read) for line in said), said


def test_times_a_count_after_a_gpu_stays_its_count(capsys):
    assert "2× H100" in understood_lines(capsys, "llama 70b h100 x2")[0]


# -- a GGUF repo's own file type, with a runtime named beside it ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        (
            "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF:Q5_K_M no llama.cpp com 8k",
            "GGUF Q5_K_M · 8k de contexto",
        ),
        ("ollama run hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q8_0", "GGUF Q8_0"),
        ("bartowski/Qwen2.5-32B-Instruct-GGUF:Q6_K no ollama pra 3 pessoas", "GGUF Q6_K"),
    ],
)
def test_the_file_a_gguf_repo_names_is_the_one_the_runtime_runs(capsys, text, precision):
    # the runtime's usual file (Q4_K_M) had stood in for the one named
    assert precision in understood_lines(capsys, text)[0]


def test_a_repo_of_another_format_on_a_gguf_runtime_keeps_the_runtimes_file(capsys):
    assert "GGUF Q4_K_M" in understood_lines(capsys, "Qwen/Qwen2.5-7B-Instruct-AWQ no ollama")[0]


# -- a newsroom's stories, a bank's transactions: items of work, a volume ----------------------------------------


@pytest.mark.parametrize(
    ("text", "volume"),
    [
        ("redação: resumir 2.000 matérias por dia com llama 3.1 70b", "2.000 requisições por dia"),
        ("jornal quer gerar manchetes para 300 matérias por hora com mistral 7b", "300 requisições/h"),
        ("resumos de notícias com llama 8b, 500 matérias por dia", "500 requisições por dia"),
        (
            "risco de mercado: llama 3.1 8b para classificar 200 mil transações por dia",
            "200.000 requisições por dia",
        ),
        ("newsroom needs to summarize 2,000 stories a day with qwen2.5 32b", "2,000 requests a day"),
    ],
)
def test_stories_and_transactions_counted_a_period_are_a_volume(capsys, text, volume):
    # "matérias" and "transações" had been left not understood, with their counts
    said = understood_lines(capsys, text)
    assert volume in said[0]
    assert not any(word in line for line in said for word in UNKNOWN), said


# -- people named by their trade: a newsroom's, a farm co-op's, a non-native speaker's ---------------------------


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("redação com 80 jornalistas usando assistente com qwen2.5 72b awq", "80 pessoas"),
        ("cooperativa com 2.000 produtores, chatbot no whatsapp com llama 3.1 8b", "2.000 pessoas"),
        ("modelo de visão pra analisar imagens de drone, qwen2.5 vl 72b em 4 bits, 3 agrônomos", "3 pessoas"),
        ("i want make chatbot with qwen 32b for my company of 500 employee", "500 people"),
        ("newsroom: 150 journalists using llama 3.1 70b as a writing assistant", "150 people"),
    ],
)
def test_a_trade_counted_is_a_head_count(capsys, text, people):
    # "80 jornalistas" had been not understood, "produtores" read as "produtos", and "500 employee" a context
    said = understood_lines(capsys, text)
    assert people in said[0]
    assert not any("produtos" in line or "context" in line for line in said), said


# -- a game's players, and the length of an NPC's line -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("jogadores simultâneos: 800, cada um falando com npc, llama 3.1 8b fp8", "800 usuários simultâneos"),
        ("time to first token abaixo de 200ms pro npc, llama 3b, 100 jogadores", "100 usuários simultâneos"),
        ("players simultâneos: 1500, modelo mistral nemo 12b", "1.500 usuários simultâneos"),
        (
            "game studio: NPC dialogue with mistral 7b, latency under 500ms, 1000 concurrent players",
            "1,000 concurrent users",
        ),
        ("npc com diálogo gerado por llama 3.1 8b, 2000 players simultâneos", "2.000 usuários simultâneos"),
    ],
)
def test_players_at_once_are_conversations_at_once(capsys, text, users):
    said = understood_lines(capsys, text)
    assert users in said[0]
    assert not any("players" in line or "jogadores" in line or "npc" in line.lower() for line in said[1:]), (
        said
    )


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("qwen 3b 80 tokens per reply 100 users", "answers of 80 tokens"),
        ("llama 3.2 3b, 50 tokens per turn, 10k players at once", "answers of 50 tokens"),
        ("npc com qwen 3b, até 60 tokens por fala, 300 jogadores simultâneos", "respostas de 60 tokens"),
        ("qwen 3b, 80 tokens por resposta, 100 usuarios", "respostas de 80 tokens"),
    ],
)
def test_tokens_per_reply_are_the_answers_length(capsys, text, length):
    # each had been a context of that many tokens
    said = understood_lines(capsys, text)
    assert length in said[0] and "context" not in said[0]


# -- a budget of tokens is a volume, not money -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "volume"),
    [
        ("temos um orçamento de 200 milhões de tokens por mês, qwen2.5 72b", "133.333 requisições por mês"),
        ("budget of 50M tokens a month, llama 8b", "33,333 requests a month"),
    ],
)
def test_a_budget_of_tokens_is_a_volume(capsys, text, volume):
    # it had been a money budget of 200,00 with "milhões" not understood
    said = understood_lines(capsys, text)
    assert volume in said[0] and "orçamento" not in said[0] and "budget" not in said[0]
    assert not any(word in line for line in said for word in UNKNOWN), said


def test_a_money_budget_stays_one(capsys):
    assert (
        "orçamento de R$ 20.000 por mês"
        in understood_lines(capsys, "orçamento de 20 mil reais por mês, llama 70b")[0]
    )


# -- who asks and why: the words of a bank, a shop, a farm, a studio and a newsroom size nothing ----------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        (
            "política interna: tudo on-prem, os dados não podem sair do país. llama 3.1 70b pra 200 analistas de "
            "risco, quantas gpus?",
            "Llama 3.1 70B · 200 pessoas",
        ),
        (
            "o compliance não deixa dado sair do brasil: qwen3 32b pra 40 pessoas com contexto de 32k",
            "Qwen3 32B · 32k de contexto · 40 usuários simultâneos",
        ),
        (
            "time de PLD quer qwen2.5 14b pra 30 analistas, contexto 16k",
            "Qwen2.5 14B · 16k de contexto · 30 pessoas",
        ),
        (
            "black friday: pico de 10x no tráfego, hoje são 50 usuários simultâneos no chat, llama 3.1 8b",
            "50 usuários simultâneos · pico de 10× o normal numa data",
        ),
        (
            "assistente de compras com gemma 2 9b, 500 usuarios simultaneos no natal",
            "500 usuários simultâneos",
        ),
        ("chat da loja: 5 mil atendimentos por dia, mistral 7b", "5.000 requisições por dia"),
        (
            "agritech: classificar fotos de lavoura com qwen2.5-vl 7b, 10 mil fotos por dia",
            "10.000 requisições por dia",
        ),
        ("detecção de pragas em fotos de soja com qwen2-vl 7b, 200 fotos por hora", "200 requisições/h"),
        ("assistente agronômico llama 8b pra 150 técnicos de campo", "150 pessoas"),
        (
            "quero rodar o gemma 3 27b pra analisar fotos das plantações, umas 500 por dia",
            "500 requisições por dia",
        ),
    ],
)
def test_the_askers_own_words_leave_nothing_notunderstood_lines(capsys, text, understood):
    said = understood_lines(capsys, text)
    assert understood in said[0]
    assert not any(word in line for line in said for word in UNKNOWN), said


# -- read right before this round, kept so -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        (
            "Qwen/Qwen2.5-32B-Instruct-GPTQ-Int4 pra 30 usuarios",
            "Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 30 usuários simultâneos",
        ),
        (
            "neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8-Dynamic com 32k pra 20 usuarios",
            "Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos",
        ),
        ("unsloth/Qwen2.5-14B-Instruct-bnb-4bit pra 5 pessoas", "Qwen2.5 14B · NF4 (bitsandbytes)"),
        (
            "vllm serve Qwen/Qwen3-32B-FP8 --max-model-len 40960 --gpu-memory-utilization 0.92",
            "FP8 (8-bit) · inferência · 40.960 tokens de contexto",
        ),
        (
            "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --tp 1 --context-length "
            "65536",
            "Llama 3.1 8B · 64k de contexto · 1 GPU",
        ),
        ("8b@bf16 128k", "Llama 3.1 8B · BF16/FP16 (16-bit) · 128k de contexto"),
        ("llama70 fp8 50u 8k", "Llama 3.1 70B · FP8 (8-bit) · 8k de contexto · 50 usuários simultâneos"),
        ("llama 70b com contexo de 32k", "Llama 3.1 70B · 32k de contexto"),
        ("llama 8b pra 50 usuarios simultaneo", "Llama 3.1 8B · 50 usuários simultâneos"),
        (
            "quero rodar o llama 70b com 50 concurrent users",
            "Llama 3.1 70B · inferência · 50 usuários simultâneos",
        ),
        (
            "quantas placas gráficas preciso para o llama 3.1 70b com 40 utilizadores em simultâneo?",
            "Llama 3.1 70B · 40 utilizadores em simultâneo",
        ),
        (
            "temos um orçamento mensal de 10 mil euros, o qwen2.5 72b serve 100 utilizadores?",
            "100 utilizadores em simultâneo · orçamento de 10\u00a0000\u00a0€ por mês",  # no-break spaces: the group, and before the symbol (CLDR pt-PT)
        ),
        (
            "please how many gpu I need for run llama 70b with 100 user in same time?",
            "Llama 3.1 70B · inference · 100 concurrent users",
        ),
        ("need gpu for llama 70b, the context is 16k and users is 30", "16k context · 30 concurrent users"),
        (
            "precisamos de 99,9% de disponibilidade, llama 70b fp8 pra 100 usuarios",
            "100 usuários simultâneos · alta disponibilidade",
        ),
    ],
)
def test_read_right_already(capsys, text, understood):
    assert understood in understood_lines(capsys, text)[0]
