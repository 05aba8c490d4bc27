"""Questions as people in different roles type them in Slack, fifth round (2026-12-06): a fintech's CTO with LGPD
and audit worries, a data scientist pasting a trainer's settings, a sales rep forwarding a customer, an ML engineer
from abroad with vLLM's flags, a public-sector customer in Portugal, and config snippets pasted whole. Each answer
is what the user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import UNKNOWN, answer, answer_json


def _understood(capsys, text: str) -> str:
    """The answer's first line, after checking that no word of the question was left unread."""
    head = "\n".join(answer(capsys, text).splitlines()[:2])
    assert not any(word in head for word in UNKNOWN), head
    return head.splitlines()[0]


# -- a trainer's settings pasted with no word for training: the settings say it is one -------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "micro_batch_size 4, gradient_accumulation_steps 16, sequence_len 8192, lora_r 32, qwen2.5 7b",
            "ajuste fino com LoRA",
        ),
        ("micro batch 2, grad accum 8, lora_r 16, llama 3.1 8b", "ajuste fino com LoRA"),
        (
            "trainer: deepspeed zero3, model: meta-llama/Llama-3.1-70B, bf16: true, "
            "per_device_train_batch_size: 1, max_seq_length: 4096",
            "full fine-tuning",
        ),
        ("gradient_accumulation_steps 8, per_device_train_batch_size 2, mistral 7b", "full fine-tuning"),
    ],
)
def test_a_trainer_s_settings_are_a_training(capsys, text, said):
    head = _understood(capsys, text)
    assert said in head
    assert "usuário" not in head and "user" not in head  # the micro-batch had been read as users served


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("tokens/s do llama 3.1 8b numa h200 com batch 64", "lote de 64 pedidos de uma vez"),
        ("llama 3.1 8b batch 32 por gpu em 4 h100", "lote de 32 pedidos de uma vez"),
    ],
)
def test_a_served_batch_is_still_users(capsys, text, said):
    # a batch with nothing of a trainer's keys is the sequences a server decodes together (tests/test_ask_words.py:
    # labelled a batch of requests at once), not a training run
    assert said in _understood(capsys, text)


# -- Unsloth in 4 bits is QLoRA, not a refusal ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "treino com unsloth do qwen3 14b em 4bit numa l40s, seq 8k",
        "fine-tune llama 3.1 8b with unsloth in 4-bit on an rtx 4090",
    ],
)
def test_unsloth_in_4_bits_is_qlora(capsys, text):
    head = _understood(capsys, text)
    assert "QLoRA" in head
    assert answer_json(capsys, text)["workload"]["precision"] == "nf4"


# -- the monthly bill is what the service costs, not an invoice the model reads ---------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("qual seria a fatura mensal do llama 3.3 70b em fp8 com 100 utilizadores?", "custo"),
        ("what would the monthly invoice be for llama 3.3 70b fp8, 100 users?", "cost"),
    ],
)
def test_a_monthly_bill_is_the_cost(capsys, text, said):
    head = _understood(capsys, text)
    assert said in head
    assert "extra" not in head  # it had been read as an invoice-extraction workload


def test_invoices_read_are_still_extraction(capsys):
    assert "extração" in _understood(capsys, "qwen2.5 vl 7b pra ler 50 mil faturas por dia")


# -- the words around the question: compliance, tenders, an engineer's framing, pasted keys ---------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "preciso de uma proposta para um concurso público: llama 3.3 70b para 500 utilizadores",
            "500 utilizadores",
        ),
        (
            "o nosso caderno de encargos exige 99,9% de disponibilidade, llama 3.1 8b para 200 utilizadores",
            "alta disponibilidade",
        ),
        (
            "o projeto é financiado pelo PRR e precisa de alojamento europeu, llama 3.1 70b para 30 pessoas",
            "30 utilizadores",
        ),
        ("o ministério quer testar o llama 3.1 8b durante um mês", "avaliação"),
        ("é preciso encriptação? qual a memória para o mistral 7b em int8?", "INT8"),
        ("cliente quer rodar o qwen3 235b, é muita coisa?", "Qwen3 235B-A22B"),
        ("precisamos que nada saia do país: llama 3.3 70b pra 200 usuários, quanto custa por mês?", "custo"),
        (
            "a auditoria exige que o modelo rode em território nacional. mistral small 24b, 30 usuários, 16k contexto",
            "30 usuários simultâneos",
        ),
        (
            "nosso time de risco quer usar llama 3.1 70b em int4 para análise de fraude, 20 req/s",
            "20 requisições/s",
        ),
        ("precisamos de isolamento: gpu dedicada pro llama 3.1 70b fp8", "dedicada"),
        ("auditoria externa vai olhar tudo. mistral small 24b em fp8 para 60 analistas", "60 pessoas"),
        (
            "a auditoria pede rastreabilidade, vamos de llama 3.1 8b em bf16, 20 usuários, 128k de contexto",
            "128k de contexto",
        ),
        (
            "estamos migrando da openai pra llama 3.3 70b local por causa da LGPD, 500 usuários, 8k contexto",
            "500 usuários",
        ),
        (
            "somos PCI DSS, vamos rodar llama 3.1 8b on-prem no datacenter de vocês em SP, 50 usuários",
            "50 usuários",
        ),
        ("eles querem rodar o mistral 7b baratinho, qual a gpu mais barata?", "opções mais baratas"),
        ("fine tuning supervisionado do qwen3 30b a3b com lora, seq 4k", "ajuste fino com LoRA"),
        (
            "we run vLLM with tensor parallel 8 on llama 3.1 405b fp8, 32k max len, how many users?",
            "32k context",
        ),
        ("we plan on 1000 DAU, 5 requests each per day, llama 3.1 8b", "5,000 requests a day"),
        (
            "estimating capacity: 20 QPS, 1500 input tokens, 300 output tokens, llama 3.1 70b fp8",
            "20 requests/s",
        ),
        (
            "We currently run on A100 80GB, how many H100s do we need for the same llama 3.1 70b workload, "
            "100 users?",
            "100 concurrent users",
        ),
        (
            "Our data must stay in-region (GDPR), can we host llama 3.3 70b in your São Paulo region for 150 users?",
            "150 concurrent users",
        ),
        (
            "we're evaluating BR regions for latency to our LatAm users, llama 3.1 70b fp8, 200 concurrent users",
            "200 concurrent users",
        ),
        ("any B200 availability? need it for deepseek r1 fp8", "B200 180 GB"),
        (
            "FP8 KV cache, chunked prefill, llama 3.3 70b, 50 concurrent at 32k, how many H100s?",
            "KV cache in FP8",
        ),
        ("EP for qwen3 235b a22b on 8 h100, fits in fp8?", "8× H100 SXM 80 GB"),
        (
            "base_model: meta-llama/Llama-3.1-8B adapter: qlora lora_r: 32 sequence_len: 4096 micro_batch_size: 2",
            "QLoRA",
        ),
        (
            "model_name_or_path: Qwen/Qwen2.5-7B-Instruct finetuning_type: lora lora_rank: 8 cutoff_len: 2048 "
            "per_device_train_batch_size: 4",
            "LoRA rank 8",
        ),
        (
            "accelerate launch --config_file zero3.yaml train.py com llama 3.1 8b full, seq 4096, 8 h100",
            "8× H100 SXM 80 GB",
        ),
    ],
)
def test_words_around_the_question_are_read(capsys, text, said):
    assert said in _understood(capsys, text)


# -- who a public service serves is a head-count ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "o modelo vai ser usado por 2000 utentes do serviço nacional de saúde, 5% em simultâneo, llama 3.1 70b",
            "5% ativos ao mesmo tempo",
        ),
        ("llama 3.3 70b para 300 investigadores da universidade", "300 pessoas"),
        ("qwen2.5 32b pra 400 pesquisadores da universidade", "400 pessoas"),
        ("we want to host phi-4 for 500 employees across LatAm, ~5% concurrency", "5% active at once"),
        ("llama 3.1 8b, 2000 funcionários, 5% de concorrência", "5% ativos ao mesmo tempo"),
    ],
)
def test_a_public_service_s_people_are_a_head_count(capsys, text, said):
    assert said in _understood(capsys, text)


# -- vLLM's words for conversations at once ---------------------------------------------------------------------


def test_concurrent_sequences_ask_for_the_capacity(capsys):
    text = answer(
        capsys, "max_model_len 65536 for qwen2.5 72b awq on 2x h100, how many concurrent sequences?"
    )
    assert "Not understood" not in text
    assert "how many users fit" in text


def test_streams_are_users(capsys):
    head = _understood(capsys, "we're latency-sensitive: 50 tokens/s per stream, llama 3.1 8b, 20 streams")
    assert "20 concurrent users" in head
    assert "≥ 50 tokens/s per user" in head


# -- a trainer's words in Portuguese: the optimizer offloaded, a reward model named by its base -----------------


def test_the_optimizer_offloaded_is_read(capsys):
    head = _understood(capsys, "full ft qwen2.5 32b zero3 com offload de otimizador pra cpu em 4 h100")
    assert "otimizador na RAM da CPU (offload)" in head


def test_a_reward_model_of_a_base_is_its_training(capsys):
    head = _understood(capsys, "reward model do llama 3.1 8b, seq 2048")
    assert "Reward model" in head
    assert answer_json(capsys, "reward model do llama 3.1 8b, seq 2048")["workload"]["method"] == "reward"


def test_afinacao_fina_is_a_fine_tune(capsys):
    head = _understood(capsys, "queremos fazer afinação fina (fine-tuning) do qwen2.5 7b com os nossos dados")
    assert head.startswith("Percebi:")
    assert "ajuste fino" in head


# -- "um chatgpt interno": a closed model wanted in-house gets the open models in its place ---------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("cliente quer um chatgpt interno pra 300 funcionários", "modelos abertos para o lugar dele"),
        (
            "o cliente quer algo como o chatgpt, mas rodando aqui, pra 50 pessoas do jurídico",
            "modelos abertos para o lugar dele",
        ),
        ("we want an internal ChatGPT for 2,000 employees", "open models in its place"),
    ],
)
def test_a_closed_model_wanted_in_house_gets_open_ones(capsys, text, said):
    text = answer(capsys, text)
    assert said in text
    assert "•" in text  # the models suggested, sized


def test_a_closed_model_alone_is_still_refused(capsys):
    assert gpu_size(["o chatgpt roda numa h100?"]) != 0
    assert "é um modelo fechado: só roda na API" in capsys.readouterr().err


def test_logs_wanted_in_brazil_get_where_they_are_kept(capsys):
    text = answer(capsys, "o jurídico pediu que os logs fiquem no brasil. gemma 3 27b, 40 usuários")
    assert "Não entendi" not in text
    assert "40 usuários simultâneos" in text.splitlines()[0]
    assert "Os prompts e os logs do serviço que vocês rodam nas GPUs alugadas ficam onde" in text
