"""Questions as people type them in Slack, fourteenth round (2026-12-07): the leftovers of rounds 12 and 13.
Sensitive data said without a kind, or beside banking data, gets the note true of what was named (LGPD Art. 5
II lists no banking data); a short English question answered in English; an hourly budget; training data and
the brand's voice in business words; a service always on; and a base model named by its repository. Each
answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.data_folders import with_prices
from tests.gpu_size_run import UNKNOWN, answer, understood_lines


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


def _no_unknown(lines: list[str]) -> bool:
    return not any(line.startswith(UNKNOWN) for line in lines)


def _reads(capsys, question: str, read: str) -> None:
    """The "Entendi" line starts with `read`, and no word of the question is said not understood."""
    lines = understood_lines(capsys, question)
    assert lines[0].startswith(read), lines
    assert _no_unknown(lines), lines


# -- sensitive data: the note says what is true of what was named ----------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # "sensíveis" had earned the health note beside the banking one
        "dados sensíveis de clientes bancários, llama 8b para 20 pessoas",
        "llama 8b com dados bancários sensíveis, 20 usuários",
        "sensitive banking data, llama 8b for 20 users",
    ],
)
def test_banking_data_said_sensitive_get_the_banking_note_never_health(capsys, question):
    text = answer(capsys, question)
    assert "sigilo bancário" in text or "banking secrecy" in text, text
    assert "saúde" not in text and "Health" not in text, text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "dados sensíveis, llama 8b para 20 pessoas",
            "Dados pessoais sensíveis (LGPD, art. 5º, II: origem racial",
        ),
        ("sensitive data, llama 8b for 20 users", "Sensitive personal data (LGPD Art. 5 II: racial"),
        ("llama 8b com dados biométricos de funcionários, 30 pessoas", "dado genético ou biométrico"),
    ],
)
def test_sensitive_data_of_no_kind_cite_article_11_without_claiming_health(capsys, question, said):
    text = answer(capsys, question)
    assert said in text, text
    assert "Dados de saúde" not in text and "Health data" not in text, text


def test_sensitive_data_asked_alone_are_answered_with_article_11(capsys):
    assert gpu_size(["vocês atendem dados sensíveis?"]) != 0  # no sizing: the subject answered
    said = capsys.readouterr().err
    assert "só podem ser tratados nas hipóteses do art. 11" in said and "Dados de saúde" not in said, said


def test_health_data_said_sensitive_keep_the_health_note(capsys):
    text = answer(capsys, "dados sensíveis de pacientes, llama 8b para 10 médicos")
    assert "Dados de saúde são dados pessoais sensíveis" in text, text
    assert "origem racial" not in text, text


# -- a short English question is answered in English ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a letter joined to a model's digits ("gpt-4o") is no Portuguese "o"
        ("is llama 70b cheaper than gpt-4o?", "Understood: Llama 3.1 70B"),
        ("llama 8b instant, 10 users", "Understood: Llama 3.1 8B · 10 concurrent users · fast answers"),
        ("qwen3 32b faster than llama 70b?", "Understood:"),
    ],
)
def test_a_short_english_question_is_answered_in_english(capsys, question, read):
    _reads(capsys, question, read)


def test_a_portuguese_question_naming_gpt_4o_stays_portuguese(capsys):
    lines = understood_lines(capsys, "o llama 70b é mais barato que o gpt-4o?")
    assert lines[0].startswith("Entendi: Llama 3.1 70B"), lines


# -- a budget by the hour: each GPU-hour's when "por GPU" is said, else the whole setup's (round 15) ------------------

# Made-up hourly prices per GPU, the same for every GPU we rent (tests/test_budget.py's), checkable by hand.
PRICES = "{ on_demand = 20.0, reserved = 14.0, dedicated = 16.0, project_package = 15.0 }"


@pytest.fixture
def priced(tmp_path, monkeypatch):
    yield from with_prices(tmp_path, monkeypatch, {None: PRICES})


@pytest.mark.parametrize(
    ("question", "read", "verdict"),
    [
        # each had been "Não entendi: R$ 5/hora"
        (
            "llama 8b para 20 pessoas até R$ 15/hora",
            "orçamento de R$ 15,00 por hora",
            "a configuração inteira custa a partir de R$ 14,00 por hora, e cabe (reservada).",
        ),
        (
            "llama 70b, no máximo R$ 18 a hora por gpu",
            "orçamento de R$ 18,00 por hora de GPU",
            "e cabe (reservada e dedicada).",
        ),
        (
            "llama 8b para 20 pessoas até R$ 10/hora",
            "orçamento de R$ 10,00 por hora",
            "a configuração inteira custa pelo menos R$ 14,00 por hora (reservada), R$ 4,00 acima do orçamento.",
        ),
        (
            "budget of BRL 21 per hour, llama 8b for 20 users",
            "budget of BRL 21.00 per hour",
            "within it (reserved, dedicated and on demand).",
        ),
    ],
)
def test_an_hourly_budget_is_each_gpu_hours(capsys, priced, question, read, verdict):
    text = answer(capsys, question)
    assert read in text.splitlines()[0], text
    assert verdict in text, text
    assert not any(line.startswith(UNKNOWN) for line in text.splitlines()), text


def test_an_hourly_budget_picks_the_largest_suggested_model_within_it(capsys, priced):
    text = answer(capsys, "qual modelo dá pra rodar com até R$ 15/hora por gpu?")
    assert "Com o orçamento de R$ 15,00 por hora de GPU, o maior dos sugeridos que cabe é o" in text, text


def test_a_price_paid_elsewhere_by_the_hour_stays_no_budget(capsys, priced):
    text = answer(capsys, "llama 8b, pagamos US$ 2 por hora na aws")
    assert "Não entendi: “US$ 2 por hora”" in text and "por hora de GPU" not in text, text


def test_an_hourly_budget_in_another_currency_is_not_converted(capsys, priced):
    text = answer(capsys, "budget of $3 per hour, llama 8b for 20 users")
    assert "budget of USD 3.00 per hour" in text.splitlines()[0], text
    assert "I do not convert currencies" in text, text


# -- training data and the brand's voice in business words ------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # "conversas" had been not understood
        ("treinar o llama 8b com as nossas conversas do whatsapp", "Entendi: Llama 3.1 8B · ajuste fino"),
        ("treinar o qwen 7b com os chats de atendimento", "Entendi: Qwen2.5 7B · ajuste fino"),
        ("fine-tune llama 8b on our whatsapp chats", "Understood: Llama 3.1 8B · full fine-tuning"),
        # a model that speaks like the company's people learns from their texts: a fine-tune (it had been "Não
        # entendi o pedido: escreva", or a chat sized)
        (
            "qwen 7b que escreva igual nosso time de marketing, 2 mil posts",
            "Entendi: Qwen2.5 7B · ajuste fino com LoRA · 2.000 exemplos de treino",
        ),
        (
            "fazer o llama 8b falar como nosso suporte, 5 mil conversas",
            "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 5.000 exemplos de treino",
        ),
        (
            "a model that writes like our sales team, llama 8b, 5k emails",
            "Understood: Llama 3.1 8B · LoRA fine-tuning · 5,000 training examples",
        ),
    ],
)
def test_training_data_and_imitating_our_people_are_a_fine_tune(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    "question",
    [
        "quero um modelo que escreva igual nosso time de marketing, 2 mil posts",
        "fazer o modelo falar como nosso suporte",
    ],
)
def test_imitating_our_people_with_no_model_asks_for_the_model_to_train(capsys, question):
    # "nosso suporte" is the customer's team, no question about ours (it had been answered as the service's terms)
    assert gpu_size([question]) != 0
    said = capsys.readouterr().err
    assert "Faltou dizer o modelo" in said and "Para dimensionar um treino" in said, said


@pytest.mark.parametrize(
    ("question", "read", "note"),
    [
        # had been "Não entendi: tom, marca"
        (
            "llama 8b no tom da marca pra 50 pessoas",
            "50 usuários simultâneos",
            "prompt de sistema (sem treino",
        ),
        ("llama 8b with our brand voice for 50 users", "50 concurrent users", "system prompt (no training"),
    ],
)
def test_the_brand_voice_with_no_training_word_sizes_the_serving_and_says_the_choice(
    capsys, question, read, note
):
    text = answer(capsys, question)
    lines = text.splitlines()
    assert read in lines[0] and not any(line.startswith(UNKNOWN) for line in lines), lines[:3]
    assert note in text and ("ajuste fino" in text or "fine-tune" in text), text


# -- always on, people counted, on-premise ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # "24h" had been not understood
        ("rodar o llama 8b 24h", "Entendi: Llama 3.1 8B · inferência · 24/7"),
        ("llama 8b no ar 24 horas, 20 usuários", "Entendi: Llama 3.1 8B · 20 usuários simultâneos · 24/7"),
        ("llama 8b up 24 hours for 20 users", "Understood: Llama 3.1 8B · 20 concurrent users · 24/7"),
        ("llama 8b 24/7 para 20 usuários", "Entendi: Llama 3.1 8B · 20 usuários simultâneos · 24/7"),
        ("llama 8b 24 horas por dia, 30 pessoas", "Entendi: Llama 3.1 8B · 30 usuários simultâneos · 24/7"),
    ],
)
def test_a_service_on_all_day_is_always_on(capsys, question, read):
    lines = understood_lines(capsys, question)
    assert lines[0] == read, lines
    assert _no_unknown(lines), lines


def test_a_deadline_of_24_hours_stays_a_batch(capsys):
    lines = understood_lines(capsys, "10 mil documentos em 24h com llama 8b")
    assert lines[0] == "Entendi: Llama 3.1 8B · lote de 10.000 pedidos em 1 dia", lines


def test_teaching_assistants_are_people_counted(capsys):
    # "40" and "TAs" had been not understood, and only the 900 students counted
    text = answer(capsys, "llama 8b for 40 TAs and 900 students")
    assert text.splitlines()[0] == "Understood: Llama 3.1 8B · 940 people", text
    assert "40 + 900 = 940 people" in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("precisamos de on-premise?", "A LGPD não exige servidores próprios"),
        ("do we need on-prem for LGPD?", "The LGPD does not require servers of your own"),
    ],
)
def test_on_premise_asked_says_what_the_lgpd_asks_and_what_we_rent(capsys, question, said):
    assert gpu_size([question]) != 0
    text = capsys.readouterr().err
    assert said in text and ("no Brasil" in text or "in Brazil" in text), text
    assert "DPA" in text, text  # the contract is for sales and legal to confirm, no promise


# -- a base release named by its repository ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been a full fine-tune, while "llama 3.1 8b base" continued pre-training
        ("train Llama-3.1-8B-Base on 8 h100", "training from scratch / continued pre-training · 8× H100"),
        ("treinar o Qwen2.5-7B-Base", "treino do zero / pré-treino contínuo"),
        ("treinar o llama 3.1 8b base", "treino do zero / pré-treino contínuo"),
    ],
)
def test_a_base_release_trained_continues_its_pre_training_however_named(capsys, question, read):
    lines = understood_lines(capsys, question)
    assert read in lines[0], lines
    assert _no_unknown(lines), lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("train Llama-3.1-8B-Instruct on 8 h100", "Understood: Llama 3.1 8B · full fine-tuning"),
        (
            "serve Llama-3.1-8B-Base for 10 users",
            "Understood: Llama 3.1 8B · inference · 10 concurrent users",
        ),
    ],
)
def test_a_chat_release_trained_stays_a_fine_tune_and_a_base_served_is_served(capsys, question, read):
    _reads(capsys, question, read)
