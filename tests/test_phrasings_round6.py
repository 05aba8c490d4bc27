"""Questions as people in different roles type them in Slack, sixth round (2026-12-06): a hospital's IT head,
a law firm, a university lab, a platform engineer pasting a Kubernetes manifest, an indie developer with
consumer cards, a reseller quoting for a client, a public tender, a call centre, a school network, a marketing
agency, vision and embedding asks, English from Lagos, Manila and Berlin, a Lisbon startup, and numbers in odd
units. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import UNKNOWN, answer, answer_json


def _head(capsys, text: str, lines: int = 2) -> str:
    """The answer's first lines, after checking that no word of the question was left unread."""
    head = "\n".join(answer(capsys, text).splitlines()[:lines])
    assert not any(word in head for word in UNKNOWN), head
    return head


# -- places counted, each with its people: the product, said back -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "understood", "product"),
    [
        (
            "assistente pra 100 escolas, cada escola com 300 alunos, llama 3.1 8b",
            "30.000 pessoas",
            "Multipliquei “100 escolas, cada escola com 300 alunos”: 100 × 300 = 30.000 pessoas.",
        ),
        ("100 escolas com 300 alunos cada, tutor com qwen2.5 7b", "30.000 pessoas", "100 × 300"),
        (
            "rede de ensino: 20 escolas, 1000 alunos por escola, 10% usando ao mesmo tempo, llama 3.1 8b",
            "20.000 pessoas",
            "20 × 1.000",
        ),
        ("assistente pra 12 hospitais, cada hospital com 80 médicos, llama 3.1 8b", "960 pessoas", "12 × 80"),
        (
            "universidade: 15 campi, cada campus com 2 mil alunos, assistente com llama 3.1 70b",
            "30.000 pessoas",
            "15 × 2.000",
        ),
        (
            "sócio do escritório pediu orçamento: assistente jurídico pra 3 escritórios, cada escritório com 20 "
            "advogados, llama 3.1 70b",
            "60 pessoas",
            "3 × 20",
        ),
        (
            "llama 3.1 8b, 40 filiais, 3 atendentes por filial",
            "120 usuários simultâneos",
            "40 × 3 = 120 usuários",
        ),
        ("5 escritórios, cada um tem 12 advogados, llama 3.1 70b", "60 pessoas", "5 × 12"),
        # the people first, the places after
        ("300 alunos por escola, 100 escolas, llama 3.1 8b", "30.000 pessoas", "100 × 300"),
        ("3 atendentes por loja em 200 lojas, llama 3.1 8b", "600 usuários simultâneos", "200 × 3"),
        ("each of our 12 branches has 25 staff, llama 3.1 8b", "300 people", "12 × 25"),
        ("cada uma das 12 filiais tem 25 funcionários, llama 3.1 8b", "300 pessoas", "12 × 25"),
        (
            "rede com 30 lojas, cada loja atende 200 clientes por dia, llama 3.1 8b",
            "6.000 pessoas",
            "30 × 200",
        ),
        (
            "we have 40 branches with 3 agents each, llama 3.1 8b",
            "120 concurrent users",
            "40 × 3 = 120 users",
        ),
    ],
)
def test_places_times_their_people(capsys, text, understood, product):
    # the count of places had been "Não entendi: 100" and one school's 300 sized
    head = _head(capsys, text, 3)
    assert understood in head.splitlines()[0]
    assert product in head


@pytest.mark.parametrize(
    ("text", "understood", "product"),
    [
        (
            "escola com 40 turmas de 30 alunos, tutor com gemma 2 9b",
            "1.200 pessoas",
            "Multipliquei “40 turmas de 30 alunos”: 40 × 30 = 1.200 pessoas.",
        ),
        (
            "sou professor, 5 turmas de 40 alunos, quero um tutor com llama 3.1 8b",
            "200 usuários",
            "5 × 40 = 200",
        ),
        (
            "agência com 20 clientes, cada cliente com 5 usuários, llama 3.1 70b",
            "100 usuários simultâneos",
            "20 × 5 = 100 usuários.",
        ),
    ],
)
def test_groups_of_one_size_are_multiplied(capsys, text, understood, product):
    # forty "30 +" had been written out; the clients' 5 users had been sized beside 20 people
    head = _head(capsys, text)
    assert understood in head.splitlines()[0]
    assert product in head.splitlines()[1]


def test_hours_of_gpu_are_no_context(capsys):
    said = answer(
        capsys, "projeto de pesquisa com cota de 500 horas de GPU, fine-tuning full do llama 3.1 8b, dá?"
    )
    assert "500 tokens" not in said  # what it had been; the quota is left not understood, never a context


@pytest.mark.parametrize(
    ("text", "product"),
    [
        (
            "assistente pra 300 lojas, 3 perguntas por loja por hora, llama 3.1 8b",
            "300 × 3 = 900 requisições/h.",
        ),
        ("llama 3.1 8b, 50 clínicas com 20 consultas por dia cada", "50 × 20 = 1.000 requisições por dia."),
        (
            "llama 3.1 8b, 40 vendedores, 20 perguntas por vendedor por dia",
            "40 × 20 = 800 requisições por dia.",
        ),
    ],
)
def test_a_rate_per_unit_says_its_product(capsys, text, product):
    assert product in _head(capsys, text)


# -- servers: the customer's hardware, or the people of a public body -------------------------------------------


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("llama 3.1 70b, temos 4 servidores com 8 gpus", 32),
        ("llama 3.1 70b, tenho 2 servidores, cada um com 4 gpus", 8),
        ("llama 3.1 405b, 2 nodes with 8 gpus each", 16),
        ("meu cliente tem 4 servidores com 8 gpus a100 e quer rodar o deepseek v3", 32),
    ],
)
def test_servers_times_their_gpus(capsys, text, gpus):
    _head(capsys, text)  # "4 servidores" had been not understood, and 8 GPUs sized
    assert answer_json(capsys, text)["workload"]["gpu_count"] == gpus


@pytest.mark.parametrize(
    "text",
    ["llama 3.1 8b pra 1500 servidores", "quantas gpus pra atender 1500 servidores com o llama 3.1 8b"],
)
def test_more_servers_than_a_cluster_are_people(capsys, text):
    head = _head(capsys, text)
    assert "1.500 pessoas" in head
    assert "1.500 tokens de contexto" not in head  # what it had been


def test_servers_with_gpus_after_them_stay_servers(capsys):
    assert (
        "pessoas"
        not in answer(capsys, "chatbot para 800 servidores com 8 gpus cada, llama 3 70b").splitlines()[0]
    )


# -- switches pasted from code, a trainer's YAML or a launcher ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        ("load_in_8bit=True, mistral 7b", "int8"),
        ("load_in_4bit: true, lora_r: 16, base_model: meta-llama/Llama-3.1-8B", "nf4"),
        ("--load-in-4bit llama 3.1 8b", "nf4"),
        (
            'model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.1-8B", load_in_8bit=True)',
            "int8",
        ),
        ("load_in_8bit: false, llama 3.1 8b", "bf16"),
    ],
)
def test_quantizing_switches_outside_a_call(capsys, text, precision):
    _head(capsys, text)
    assert answer_json(capsys, text)["workload"]["precision"] == precision


@pytest.mark.parametrize(
    "text",
    [
        "llama.cpp com -ngl 99 e contexto 8k, qwen2.5 14b q5_k_m",
        "llama-server -m qwen2.5-14b-q4_k_m.gguf -ngl 99 -c 8192",
        'Llama(model_path="llama-3-8b.Q4_K_M.gguf", n_gpu_layers=-1, n_ctx=8192)',
        "llama 3.1 8b --n-gpu-layers 999",
    ],
)
def test_every_layer_on_the_gpu_is_read(capsys, text):
    _head(capsys, text)


@pytest.mark.parametrize(
    "text",
    [
        "llama.cpp com -ngl 99, llama 3 8b",
        "llama-server -m llama-3-8b -c 8192",
        "llama.cpp com -c 8192, llama 3 8b",
    ],
)
def test_a_llama_cpp_launch_line_runs_a_gguf(capsys, text):
    # with no file type, llama.cpp's default GGUF (it had been 16 bits once a flag was typed)
    assert "GGUF Q4_K_M" in _head(capsys, text)


def test_words_beside_the_model_flag_are_read(capsys):
    # "gpu-size 4bit 32k --model ..." had been refused for naming no model, the model being the flag's
    head = answer(capsys, "4bit", "32k", "--model", "llama-3.1-8b").splitlines()[0]
    assert "Llama 3.1 8B" in head and "INT4" in head and "32k de contexto" in head


def test_a_partial_offload_is_not_taken_for_the_whole(capsys):
    # fewer layers than the model has leave the rest in RAM: said as not understood, never sized silently
    assert "“ngl”" in answer(capsys, "llama 3 8b q4 -ngl 20").splitlines()[1]


# -- times of day and of the month -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("chatbot pra 200 atendentes, janela de 8h, llama 3.1 8b", "8 h por dia"),
        ("llama 3.1 8b para 500 pessoas numa janela de 10 horas", "10 h por dia"),
        ("call center, jornada de 6h, 80 operadores, mistral 7b", "6 h por dia"),
    ],
)
def test_a_window_of_hours_is_the_hours_of_use(capsys, text, said):
    assert said in _head(capsys, text).splitlines()[0]


def test_a_batch_window_stays_a_batch(capsys):
    assert "lote de 5.000 pedidos em 6 horas" in _head(
        capsys, "5 mil contratos por dia, janela de 6h, llama 3.1 8b"
    )


@pytest.mark.parametrize(
    "text",
    [
        "quantas gpus pra rodar o qwen2.5 14b no fim do mês com 100 usuários",
        "we go live at the end of the month with llama 3.1 8b for 50 users",
    ],
)
def test_when_it_starts_is_nothing_to_size(capsys, text):
    head = _head(capsys, text)
    assert "dias" not in head and "days" not in head


@pytest.mark.parametrize(
    "text",
    [
        "i want to know the price for run llama 3.1 70b whole month",
        "quanto custa o qwen2.5 32b o mês inteiro",
    ],
)
def test_a_whole_month_is_always_on(capsys, text):
    assert "24/7" in _head(capsys, text).splitlines()[0]


def test_a_first_answer_in_seconds_is_the_first_token(capsys):
    text = "assistente pra 50 usuários com primeira resposta em 2s, llama 3.1 70b"
    assert "primeiro token ≤ 2,0 s" in _head(capsys, text)


# -- a platform engineer's manifest -----------------------------------------------------------------------------


def test_a_manifest_s_gpus_and_replicas(capsys):
    text = "deployment com replicas: 4, nvidia.com/gpu: 2, llama 3.1 70b awq"
    assert "2 GPUs · 4 réplicas" in _head(capsys, text)


def test_an_autoscaler_s_ceiling_is_the_replicas(capsys):
    text = (
        "kubectl apply de um InferenceService com llama 3.1 8b, resources limits nvidia.com/gpu: 1, "
        "minReplicas: 1, maxReplicas: 5"
    )
    head = _head(capsys, text)
    assert "1 GPU" in head and "5 réplicas" in head


# -- an indie developer's cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("dual 4090 roda o llama 3.3 70b em q4?", "2× RTX 4090 24 GB"),
        ("dual rtx 3090 setup, llama 70b q4", "2× RTX 3090 24 GB"),
        ("tenho 2 3090, roda o llama 3.1 70b?", "2× RTX 3090 24 GB"),
        ("sir, we have 2 units of RTX 4090, can it run llama 3.1 70b?", "2× RTX 4090 24 GB"),
        ("preciso de 4 unidades da h100 pro llama 405b fp8", "4× H100 SXM 80 GB"),
    ],
)
def test_a_home_rig_s_cards(capsys, text, gpus):
    assert gpus in _head(capsys, text)


# -- a call centre's seats and shifts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "call center com 200 PAs, 3 turnos, llama 3.1 8b",
        "temos 200 posições de atendimento e 2 turnos de 6h, modelo 8b",
    ],
)
def test_seats_are_users_at_once_in_every_shift(capsys, text):
    # every shift sits at the same seats: never divided by the shifts (the count had been not understood)
    assert "200 usuários simultâneos" in _head(capsys, text)


# -- a hospital, a law firm, an agency ---------------------------------------------------------------------------


def test_discharges_a_day_are_a_volume(capsys):
    assert "800 requisições por dia" in _head(
        capsys, "resumo de alta hospitalar, 800 altas por dia, qwen2.5 14b"
    )


def test_records_a_month_are_a_volume_not_a_context(capsys):
    head = _head(capsys, "precisamos anonimizar 50 mil prontuários por mês com um modelo de 8b")
    assert "50.000 requisições por mês" in head
    assert "tokens de contexto" not in head.splitlines()[0]  # it had been a context of 50,000 tokens


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "o diretor de TI do hospital quer saber se 1 h100 aguenta um llama 3.1 70b em 4bit pra 30 enfermeiros",
            "30",
        ),
        ("copywriting com qwen2.5 72b pra 15 redatores", "15"),
        ("o modelo tem de ler contratos de 50 páginas, llama 3.1 70b, 5 juristas", "5"),
    ],
)
def test_a_trade_counted_is_a_head_count(capsys, text, people):
    assert f"{people} pessoas" in _head(capsys, text)


def _refused(capsys, text: str) -> str:
    """What gpu-size says, on stderr, when it sizes nothing."""
    assert gpu_size([text]) != 0
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "text",
    [
        "quero gerar vídeos com IA pra campanhas",
        "agência de marketing: queremos gerar imagens com stable diffusion xl, quantas gpus?",
    ],
)
def test_images_and_videos_get_what_we_size(capsys, text):
    said = _refused(capsys, text)
    assert "é um modelo de " in said  # "campanhas" had been the only word said, not understood
    assert "eu dimensiono LLMs que geram texto" in said


def test_videos_in_english(capsys):
    assert "is a video model" in _refused(capsys, "we want to generate videos for our clients")


# -- readings that were right, pinned ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("minha 4090 aguenta o qwen2.5 32b?", "Qwen2.5 32B · 1× RTX 4090 24 GB"),
        ("ollama run llama3.1:70b numa 4090, vai?", "GGUF Q4_K_M"),
        ("KServe com vLLM, llama 3.1 70b, tensor-parallel-size 4, 2 replicas", "4 GPUs · 2 réplicas"),
        ("llama 3.1 8b, 2k rpm", "33 requisições/s"),
        ("mistral 7b com 500 req/h", "500 requisições/h"),
        ("qwen2.5 32b com 30 mil mensagens por mês", "30.000 requisições por mês"),
        ("llama 3.1 8b, 20 QPS", "20 requisições/s"),
        ("sou professor, 5 turmas de 40 alunos, quero um tutor com llama 3.1 8b", "200 usuários simultâneos"),
        (
            "somos uma startup em Lisboa, queremos correr o llama 3.1 70b para 50 utilizadores em simultâneo",
            "50 utilizadores em simultâneo",
        ),
        ("please how many GPU we need to run llama 3.1 70b for 500 staff, we are in Lagos", "500 people"),
        ("kindly advise the gpu for mistral 7b for our call center of 50 agents", "50 concurrent users"),
        ("qwen2-vl 7b lendo imagens de documentos, 20 usuários", "com imagens"),
        ("llama 3.2 11b vision pra ler 5 mil notas fiscais por dia", "5.000 requisições por dia"),
    ],
)
def test_readings_that_were_right(capsys, text, said):
    assert said in _head(capsys, text)


def test_an_embedding_model_alone_is_sized_as_one(capsys):
    said = answer(capsys, "bge-m3 para embeddings de 1 milhão de documentos")
    assert said.startswith("BGE-M3 (modelo de embeddings")
