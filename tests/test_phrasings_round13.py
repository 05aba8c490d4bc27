"""Questions as people type them in Slack, thirteenth round (2026-12-07): what they want to do and how fast or
how cheap, rather than who uses it. A fine-tune's goal in business words (the brand's voice), speed said as a
feeling ("tem que parecer instantâneo") or in everyday words ("não pode demorar mais que 5 seg", "responda
rápido tipo 1s"), the cheapest card "que aguente" a model, a cloud abroad the data must not go to, and round
12's leftovers: people using a model at once, a school's "monitores", and a part of the people said to be the
only users. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, answer, understood_lines
from tests.gpu_size_run import reads as _reads


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- people using a model at once: what they use sits between the verb and "at once" --------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "150 people" and "Not understood: once"
        ("between 100 and 150 nurses using llama 8b at once", "150 concurrent users"),
        ("100 nurses using llama 3.1 8b simultaneously", "100 concurrent users"),
        # had been a head-count of 100
        ("100 enfermeiras usando llama 8b ao mesmo tempo", "100 usuários simultâneos"),
    ],
)
def test_people_using_a_model_at_once_are_at_once(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("300 alunos usando qwen 14b 30 ao mesmo tempo", "30 usuários simultâneos · 300 pessoas"),
        ("500 pessoas usando e 50 ao mesmo tempo, llama 8b", "50 usuários simultâneos · 500 pessoas"),
    ],
)
def test_another_count_at_once_after_them_stays_its_own(capsys, question, read):
    _reads(capsys, question, read)


# -- "monitores" in a school are people; beside a screen they are screens -------------------------------------------


@pytest.mark.parametrize(
    ("question", "people"),
    [
        # had been 2,000 people and "Não entendi: 80, monitores"
        ("80 monitores e 2000 alunos usando o qwen 14b na aula", "2.080 pessoas"),
        ("curso com 300 alunos e 12 monitores, llama 8b", "312 pessoas"),
    ],
)
def test_teaching_assistants_in_a_school_are_people(capsys, question, people):
    lines = _reads(capsys, question, people)
    assert any("“monitores” como pessoas (a pergunta fala de aula)" in line for line in lines), lines


@pytest.mark.parametrize("question", ["2 monitores 4k e 2000 alunos, qwen 14b", "llama 8b com 2 monitores"])
def test_screens_are_no_people(capsys, question):
    lines = understood_lines(capsys, question)
    assert "2.002" not in lines[0] and "2 pessoas" not in lines[0], lines
    assert any("monitores" in line for line in lines if line.startswith(UNKNOWN)), lines


# -- a part of the people said to be the only users is sized alone ----------------------------------------------


@pytest.mark.parametrize(
    ("question", "people", "said"),
    [
        # had been 40,000 people, the part said and not sized
        (
            "40 mil alunos, sendo 10% de pós, só a pós vai usar o llama 8b",
            "4.000 pessoas",
            "Li “sendo 10% de pós” como a parte das 40.000 pessoas que vai usar: dimensionei só para ela",
        ),
        (
            "8 mil funcionários, sendo 2 mil caixas, só os caixas vão usar, llama 8b",
            "2.000 pessoas",
            "a parte das 8.000 pessoas que vai usar",
        ),
        (
            "2000 employees, of whom 300 are engineers, only the engineers will use it, qwen 32b",
            "300 people",
            "the part of the 2,000 people who will use it: sized for it alone, 300 people",
        ),
    ],
)
def test_a_part_said_to_be_the_only_users_is_sized_alone(capsys, question, people, said):
    lines = _reads(capsys, question, people)
    assert any(said in line for line in lines), lines


def test_a_part_not_said_to_be_the_only_users_adds_no_one(capsys):
    lines = _reads(capsys, "40 mil alunos, sendo 10% de pós, llama 8b", "40.000 pessoas")
    assert any("já contada nelas" in line for line in lines), lines


# -- a fine-tune's goal in business words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não entendi: tom, marca"
        (
            "quero ensinar o modelo a responder no tom da marca com 3 mil conversas, llama 8b",
            "ajuste fino com LoRA · 3.000 exemplos de treino",
        ),
        # had been 3,000 people and "Not understood: teach, brand"
        ("teach llama 8b our brand voice with 3,000 chats", "LoRA fine-tuning · 3,000 training examples"),
        ("fine-tune llama 8b on our brand voice, 5k emails", "LoRA fine-tuning · 5,000 training examples"),
        (
            "treinar o qwen 7b no tom de voz da empresa com 2 mil posts",
            "ajuste fino com LoRA · 2.000 exemplos de treino",
        ),
        (
            "ensinar o llama 8b o jeito de falar do nosso suporte com 4 mil conversas",
            "ajuste fino com LoRA · 4.000 exemplos de treino",
        ),
    ],
)
def test_teaching_the_brand_voice_is_a_fine_tune(capsys, question, read):
    _reads(capsys, question, read)


# -- speed in everyday words ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não entendi: parecer, instantâneo"
        ("tem que parecer instantâneo, llama 8b pra 100 pessoas", "respostas rápidas"),
        # had been "Não entendi: streaming"
        ("streaming rápido tipo chatgpt com qwen 32b", "respostas rápidas"),
        ("snappy answers for 50 users, llama 8b", "50 concurrent users · fast answers"),
        ("instant answers, llama 8b", "fast answers"),
    ],
)
def test_fast_said_as_a_feeling_is_fast_answers(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não entendi: seg" and no target
        ("nao pode demorar mais q 5 seg, llama 70b", "primeiro token ≤ 5,0 s"),
        ("it can't take longer than 3 seconds, llama 70b", "first token ≤ 3.0 s"),
        # had been "Não entendi: responda, 1s"
        ("qro q o bot responda rapido tipo 1s, llama 8b 100 usuarios", "primeiro token ≤ 1,0 s"),
        ("respostas rápidas de uns 2 segundos, qwen 14b", "primeiro token ≤ 2,0 s"),
    ],
)
def test_how_long_it_may_take_is_a_latency_target(capsys, question, read):
    _reads(capsys, question, read)


def test_how_long_a_training_may_take_stays_its_time(capsys):
    lines = _reads(capsys, "o treino pode demorar 2 dias, lora llama 8b 10 mil exemplos", "2 dias")
    assert "primeiro token" not in lines[0], lines


# -- cost and the data's place --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "agentes com chamadas de ferramentas" and "Li “aguente” como agente."
        ("gpu mais barata q aguente o llama 8b", "Llama 3.1 8B · opções mais baratas"),
        ("qual a placa mais barata que rode o qwen 32b", "Qwen2.5 32B · opções mais baratas"),
        # had been "Not understood: than"
        ("cheaper than openai? llama 8b for 500 users", "500 concurrent users · cheaper options"),
    ],
)
def test_the_cheapest_card_that_holds_a_model(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "agente" not in lines[0] and not any("como agente" in line for line in lines), lines


def test_a_cloud_abroad_is_the_data_residency_worry(capsys):
    # had been "Não entendi: estrangeira"
    question = "dados não podem ir pra nuvem estrangeira, qwen 32b"
    _reads(capsys, question, "Qwen2.5 32B")
    assert "as GPUs ficam no Brasil" in answer(capsys, question)
