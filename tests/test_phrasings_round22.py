"""Questions as people type them in Slack, twenty-second round (2026-12-07): how customers really ask. A named size
or variant of a family the catalogue does not size, the load said with three sizes of one family, two sizes of a
family weighed in one generation, and the phrasings found read wrongly this round. Each answer is what the user
sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, refusal
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text
from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a named size or variant of an uncatalogued family -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "repo"),
    [
        # each had offered the family's one repo, another size's (the Mini's, Molmo 7B-D's, DeepSeek Coder 6.7B's...)
        ("jamba large 1.7", "`/gpu ai21labs/AI21-Jamba-Large-1.7`"),
        ("jamba 1.5 large para 10 usuários", "`/gpu ai21labs/AI21-Jamba-1.5-Large para 10 usuários`"),
        ("ai21 jamba large", "`/gpu ai21labs/AI21-Jamba-Large-1.7`"),
        ("jamba reasoning 3b", "`/gpu ai21labs/AI21-Jamba-Reasoning-3B`"),
        ("molmo 72b", "`/gpu allenai/Molmo-72B-0924`"),
        ("deepseek coder 33b", "`/gpu deepseek-ai/deepseek-coder-33b-instruct`"),
        ("bloom 560m", "`/gpu bigscience/bloom-560m`"),
        ("mpt 30b instruct", "`/gpu mosaicml/mpt-30b-instruct`"),
        # (T5's and LFM2's repos are no longer offered: the Hub reader refuses their files, test_hub_hybrids3)
        ("pythia 12b", "`/gpu EleutherAI/pythia-12b`"),
        ("internvl3.5 38b", "`/gpu OpenGVLab/InternVL3_5-38B`"),
        ("internlm2.5 20b em 1 h100", "`/gpu internlm/internlm2_5-20b-chat em 1 h100`"),
        # a size as its makers round it: DeepSeek Coder's 6.7B
        ("deepseek coder 7b", "`/gpu deepseek-ai/deepseek-coder-6.7b-instruct`"),
        # as before: the family alone, or its default size, gets its default repo; a repo with no size in its name
        # is the family's largest
        ("jamba", "`/gpu ai21labs/AI21-Jamba-Mini-1.7`"),
        ("jamba mini 1.7", "`/gpu ai21labs/AI21-Jamba-Mini-1.7`"),
        ("bloom 176b", "`/gpu bigscience/bloom`"),
    ],
)  # fmt: skip
def test_a_named_size_or_variant_gets_its_own_repo_to_paste(capsys, question, repo):
    said = refusal(capsys, question)
    assert repo in said, said


@pytest.mark.parametrize(
    ("question", "said", "known"),
    [
        # had offered Jais 13B's repo for a 70B, Typhoon 2 8B's for a 70B: no known repo is that size, so which one is
        # the user's to paste, with the ones known named
        ("jais 70b", "Cole o repositório do “jais 70b” no Hugging Face", "`inceptionai/jais-13b-chat`"),
        ("typhoon 2 70b for 10 users", "Paste the Hugging Face repo of “typhoon 2 70b”", "`scb10x/llama3.1-typhoon2-8b-instruct`"),
    ],
)  # fmt: skip
def test_a_size_no_known_repo_has_asks_for_its_repo(capsys, question, said, known):
    out = refusal(capsys, question)
    assert said in out and known in out, out
    assert "`/gpu " not in out, out  # no other size's repo offered as if it were the one asked


# -- three sizes of a family, with the load said -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        # each pair had been suggested with no load: sized for one user
        ("qwen 7b/14b/32b para 10 usuários", "`/gpu qwen 7b ou qwen 14b para 10 usuários`", "`/gpu qwen 14b ou qwen 32b para 10 usuários`"),
        ("qual o melhor entre qwen 7b, 14b ou 32b com 32k de contexto em fp8 pra 200 req/min?",
         "`/gpu qual o melhor entre qwen 7b ou qwen 14b com 32k de contexto em fp8 pra 200 req/min?`",
         "`/gpu qual o melhor entre qwen 14b ou qwen 32b com 32k de contexto em fp8 pra 200 req/min?`"),
        ("llama 8b/70b/405b for 50 users 16k", "`/gpu llama 8b or llama 70b for 50 users 16k`", "`/gpu llama 70b or llama 405b for 50 users 16k`"),
    ],
)  # fmt: skip
def test_three_sizes_suggest_pairs_that_carry_the_load(capsys, question, first, second):
    said = refusal(capsys, question)
    assert first in said and second in said, said


def test_a_suggested_pair_reads_the_load_it_carries(capsys):
    said = refusal(capsys, "qwen 7b/14b/32b com 32k em fp8 para 10 usuários")
    pair = said.split("`/gpu ", 1)[1].split("`", 1)[0]
    _reads(
        capsys,
        pair,
        "Entendi: Qwen2.5 7B ou Qwen2.5 14B · FP8 (8-bit) · 32k de contexto · 10 usuários simultâneos",
    )


def test_three_sizes_alone_still_say_to_add_the_load(capsys):
    said = refusal(capsys, "qwen 7b/14b/32b")
    assert "`/gpu qwen 7b ou qwen 14b`" in said and "por exemplo “para 10 usuários”" in said, said


# -- two sizes of one family, one generation ---------------------------------------------------------------------------


SAME = "Comparei os dois tamanhos numa geração só, a {}, que tem os dois."


@pytest.mark.parametrize(
    ("question", "read", "generation"),
    [
        # each had weighed two generations (Qwen2.5 7B against Qwen3 14B), or another family's model for the bare
        # size (Mistral 7B, a 27B stand-in scaled from Mistral Small)
        ("qwen 7b/14b", "Entendi: Qwen2.5 7B ou Qwen2.5 14B", "Qwen2.5"),
        ("qwen 7b ou 14b para 10 usuários", "Entendi: Qwen2.5 7B ou Qwen2.5 14B · 10 usuários simultâneos", "Qwen2.5"),
        ("qwen 8b ou qwen 14b", "Entendi: Qwen3 8B ou Qwen3 14B", "Qwen3"),
        ("qwen 7b/32b", "Entendi: Qwen2.5 7B ou Qwen2.5 32B", "Qwen2.5"),
        ("qwen 14b/7b", "Entendi: Qwen2.5 14B ou Qwen2.5 7B", "Qwen2.5"),
        ("gemma 4b/27b", "Entendi: Gemma 3 4B ou Gemma 3 27B", "Gemma 3"),
        # the first asked again in the generation that has both (Qwen2.5 has no 8B); had been a contradiction
        ("qwen 14b ou qwen 8b", "Entendi: Qwen3 14B ou Qwen3 8B", "Qwen3"),
        ("qwen 32b ou qwen 8b para 20 usuários", "Entendi: Qwen3 32B ou Qwen3 8B · 20 usuários simultâneos", "Qwen3"),
    ],
)  # fmt: skip
def test_two_sizes_of_a_family_are_weighed_in_one_generation_and_said(capsys, question, read, generation):
    _reads(capsys, question, read, SAME.format(generation))


def test_one_generation_is_said_in_english(capsys):
    _reads(
        capsys,
        "which is better, qwen 7b or 14b for 20 users?",
        "Understood: Qwen2.5 7B or Qwen2.5 14B · 20 concurrent users",
        "I weighed both sizes in one generation, Qwen2.5, which has both.",
    )


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # no generation has both sizes: each its own, the bare size still the family's (had been Llama 3.1 70B)
        ("qwen 8b/72b", "Entendi: Qwen3 8B ou Qwen2.5 72B"),
        # versions typed stay as typed, with nothing said
        ("qwen2.5 7b ou qwen3 14b", "Entendi: Qwen2.5 7B ou Qwen3 14B"),
        ("qwen 72b ou qwen 32b", "Entendi: Qwen2.5 72B ou Qwen2.5 32B"),
    ],
)
def test_sizes_no_generation_shares_or_typed_with_versions_stay_their_own(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("geração só" in line for line in lines), lines


# -- latency targets as people say them ---------------------------------------------------------------------------------


FIRST_WORD_TARGETS = [
        # each had been "Não entendi: “primeira”, “palavra”...", the answer sized with no first-token target
        ("llama 70b primeira palavra em menos de 1 segundo", "Entendi: Llama 3.1 70B · primeiro token ≤ 1,0 s"),
        ("llama 70b, quero que a primeira palavra apareça em menos de 1 segundo", "Entendi: Llama 3.1 70B · primeiro token ≤ 1,0 s"),
        ("llama 70b, tempo até a primeira palavra < 1s", "Entendi: Llama 3.1 70B · primeiro token ≤ 1,0 s"),
        ("llama 70b, resposta começando em menos de 2 segundos", "Entendi: Llama 3.1 70B · primeiro token ≤ 2,0 s"),
        ("llama 70b, first word in under 1 second", "Understood: Llama 3.1 70B · first token ≤ 1.0 s"),
        ("llama 70b, first words on screen in less than a second, 30 users", "Understood: Llama 3.1 70B · 30 concurrent users · first token ≤ 1.0 s"),
        ("qwen 32b with time to first byte under 1s", "Understood: Qwen2.5 32B · first token ≤ 1.0 s"),
        ("qwen 32b, it must start answering within 1 s, 20 users", "Understood: Qwen2.5 32B · 20 concurrent users · first token ≤ 1.0 s"),
        # Spanish-influenced (had been "primer", "tiempo", "respuesta" not understood)
        ("llama 8b, latencia de primer token menor a 1 segundo", "Entendi: Llama 3.1 8B · primeiro token ≤ 1,0 s"),
        ("qwen 32b, 50 usuarios, tiempo de respuesta menor a 2 segundos", "Entendi: Qwen2.5 32B · 50 usuários simultâneos · primeiro token ≤ 2,0 s"),
        # "começar" had been left not understood
        ("llama 70b, começar a responder em até 1s", "Entendi: Llama 3.1 70B · primeiro token ≤ 1,0 s"),
        ("llama 70b pra 50 usuários, o usuário não pode esperar mais de 1 segundo pra começar a ver a resposta", "Entendi: Llama 3.1 70B · 50 usuários simultâneos · primeiro token ≤ 1,0 s"),
]  # fmt: skip


# -- cost, and what the contract is ------------------------------------------------------------------------------------


COST_IN_CUSTOMERS_WORDS = [
        # "mensalmente", "sale" had been "Não entendi", "cuanto me sale" no cost asked
        ("quanto custaria mensalmente o llama 70b com 20 usuarios simultaneos", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · custo"),
        ("cuanto me sale el llama 70b con 30 usuarios?", "Entendi: Llama 3.1 70B · 30 usuários simultâneos · custo"),
        ("cuánto me saldría el qwen 32b para 20 usuarios?", "Entendi: Qwen2.5 32B · 20 usuários simultâneos · custo"),
        ("Any chance we can squeeze Llama 70B into 2x L40S at 4-bit for ~10 users?", "Understood: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 10 concurrent users · 2× L40S 48 GB"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had been the whole list of GPUs we rent ("1 h100 reservada" was the card's price)
        (
            "qual seria o custo mensal de um h100 reservado por 12 meses?",
            "Quanto custa 1× H100 SXM 80 GB por 12 meses",
        ),
        ("quanto custa uma h100 reservada por um ano?", "Quanto custa 1× H100 SXM 80 GB por 1 ano"),
        ("quanto custa a h100 reservada por 12 meses?", "Quanto custa 1× H100 SXM 80 GB por 12 meses"),
    ],
)
def test_a_gpu_priced_in_a_contract_mode_is_its_price(capsys, question, said):
    out = answer(capsys, question)
    assert out.splitlines()[0] == said, out


def test_the_contract_modes_asked_alone_are_still_explained(capsys):
    assert "Modos de contrato" in answer(capsys, "o que é reservado?")


# -- training data as people describe it -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been a serving context of the examples' length, the examples' tokens unknown
        ("fine-tuning do qwen 7b com 50 mil exemplos, cada um de uns 2 mil tokens, 3 épocas",
         "Entendi: Qwen2.5 7B · ajuste fino com LoRA · 50.000 exemplos de treino de 2.000 tokens · 3 épocas"),
        ("fine-tune qwen 7b on 20k examples of roughly 3k tokens each for 3 epochs",
         "Understood: Qwen2.5 7B · LoRA fine-tuning · 20,000 training examples of 3,072 tokens · 3 epochs"),
        # in parentheses: had been a 5,000-token context and 1 user
        ("Looking to fine-tune Llama 3.1 8B with QLoRA on ~50k examples (avg 1.5k tokens), 3 epochs. ETA on one H100?",
         "Understood: Llama 3.1 8B · QLoRA fine-tuning · 1× H100 SXM 80 GB · 50,000 training examples of 1,500 tokens on average · 3 epochs"),
        ("lora llama 8b 50 mil exemplos (média de 1,5 mil tokens)",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 50.000 exemplos de treino de 1.500 tokens em média"),
    ],
)  # fmt: skip
def test_the_examples_length_said_after_them_is_theirs(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("contexto" in line or "context" in line for line in lines[:1]), lines


# -- numbers with units, Spanish-influenced Portuguese, Slack Connect customers' English -------------------------------


NUMBERS_AND_WORDS = [
        # "um quarto de milhão" had been "Não entendi: “quarto”, “milhão”", nothing sized of it
        ("llama 4 scout, contexto de um quarto de milhão de tokens", "Entendi: Llama 4 Scout 17B-16E · 250.000 tokens de contexto"),
        ("llama 8b um quarto de milhão de requisições por dia", "Entendi: Llama 3.1 8B · 250.000 requisições por dia"),
        # as before
        ("llama 8b, a quarter of a million requests per day", "Understood: Llama 3.1 8B · 250,000 requests a day"),
        ("llama 8b, um quarto dos usuários ao mesmo tempo", "Entendi: Llama 3.1 8B · 25% ativos ao mesmo tempo"),
        ("llama 70b meio milhão de requisições por dia", "Entendi: Llama 3.1 70B · 500.000 requisições por dia"),
        ("qwen 32b 1.5k req/min", "Entendi: Qwen2.5 32B · 1.500 requisições/min"),
        ("llama 8b com 2 mil tokens de contexto", "Entendi: Llama 3.1 8B · 2.000 tokens de contexto"),
        # each had left "cuantização", "ayuda" not understood
        ("llama 70b con cuantização de 4 bits para 20 usuarios", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos"),
        ("preciso de ayuda para dimensionar llama 8b para 10 usuarios", "Entendi: Llama 3.1 8B · 10 usuários simultâneos"),
        # "move" had been "Not understood"; "bang for the buck" had not asked what it costs
        ("we're currently on OpenAI, want to move to an open model like llama 70b for 200 users, what would that take?",
         "Understood: Llama 3.1 70B · 200 concurrent users"),
        ("what's the best bang for the buck GPU for qwen 32b at 50 users?", "Understood: Qwen2.5 32B · 50 concurrent users · cost"),
]  # fmt: skip


def test_a_quarter_million_past_a_models_window_is_said_so(capsys):
    said = refusal(capsys, "qwen 32b com um quarto de milhão de tokens de contexto")
    assert "250.000 tokens passam do limite do Qwen2.5 32B" in said, said


# -- growth said with when it comes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been the 20 users sized and the 200 "Não entendi" (or, in English, prompts of 200 tokens)
        ("llama 70b, hoje 20 usuários, em 6 meses 200", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · produção",
         "Li “hoje 20 usuários, em 6 meses 200” como fases"),
        ("llama 70b, vamos começar com 20 usuários e chegar a 200 em 6 meses", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · produção",
         "o piloto, com 20 usuários, vai nas notas"),
        ("llama 70b, 20 usuários agora, 200 no fim do ano", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · produção",
         "Li “20 usuários agora, 200 no fim do ano” como fases"),
        ("llama 70b, start with 20 users, grow to 200 in 6 months", "Understood: Llama 3.1 70B · 200 concurrent users · production",
         "Read “start with 20 users, grow to 200 in 6 months” as phases"),
        ("llama 70b 20 users now, 200 in 6 months", "Understood: Llama 3.1 70B · 200 concurrent users · production", "as phases"),
        ("llama 70b, 20 users now, 200 by the end of the year", "Understood: Llama 3.1 70B · 200 concurrent users · production", "as phases"),
    ],
)  # fmt: skip
def test_a_count_to_come_with_when_it_comes_is_a_phase(capsys, question, read, said):
    lines = answer(capsys, question).splitlines()
    assert lines[0] == read, lines
    assert any(said in line for line in lines), lines
    assert not any("200 tokens" in line for line in lines[:3]), lines


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had left the peak "Não entendi" (or refused the two counts as a contradiction), the usual count sized
        ("llama 70b, 50 usuários, mas no pico 200", "Entendi: Llama 3.1 70B · 200 usuários simultâneos",
         "Li “50 usuários, mas no pico 200” como 200: dimensiono para o maior valor do intervalo, o pico."),
        ("llama 70b 50 usuários em média, pico de 150", "Entendi: Llama 3.1 70B · 150 usuários simultâneos",
         "Li “50 usuários em média, pico de 150” como 150"),
        ("llama 70b 50 usuários, 200 no pico", "Entendi: Llama 3.1 70B · 200 usuários simultâneos", "Li “50 usuários, 200 no pico” como 200"),
        # as before
        ("llama 70b 30 usuários com picos de 60", "Entendi: Llama 3.1 70B · 60 usuários simultâneos", "Li “30 usuários com picos de 60” como 60"),
        ("llama 70b 50 users on average, 150 at peak", "Understood: Llama 3.1 70B · 150 concurrent users", None),
        # English's peak after "at" had left "200" not understood, the 50 sized
        ("we need llama 70b for 50 users, at peak 200", "Understood: Llama 3.1 70B · 200 concurrent users",
         "I read “50 users, at peak 200” as 200: sizing for the top of the range, the peak."),
        ("we run llama 70b with 50 users and at the peak of 120", "Understood: Llama 3.1 70B · inference · 120 concurrent users",
         "I read “50 users and at the peak of 120” as 120"),
    ],
)  # fmt: skip
def test_a_peak_of_users_said_beside_the_usual_count_is_sized(capsys, question, read, said):
    _reads(capsys, question, read, said)


SAVINGS_AND_GROWTH = [
        # "economizo", "save", "reserving", "start" had been "Não entendi"/"Not understood", no cost read (English's
        # "reserve" stays a verb: "how much memory does vllm reserve")
        ("quanto economizo reservando por 1 ano o llama 70b com 50 usuários?",
         "Entendi: Llama 3.1 70B · 50 usuários simultâneos · capacidade reservada · por 1 ano · custo"),
        ("how much would we save reserving llama 70b for a year at 50 users?",
         "Understood: Llama 3.1 70B · 50 concurrent users · for 1 year · cost"),
        ("we start with 50 users and expect 10x growth in a year, llama 70b", "Understood: Llama 3.1 70B · 500 concurrent users"),
]  # fmt: skip


# -- pasted e-mails, tickets and forms ---------------------------------------------------------------------------------


EMAIL = """Prezados,

Conforme conversamos na reunião de ontem, segue o pedido: precisamos rodar o Qwen2.5 72B em FP8, com contexto de 32 mil \
tokens, para aproximadamente 150 usuários simultâneos.

Fico no aguardo.

Att.,
Carla Mendes
Coordenadora de Dados
Banco XYZ S.A."""


PASTED_EMAILS_AND_FORMS = [
        # "Att.," (two marks) had not started the signature, and the courtesies had been "Não entendi": “Conforme”,
        # “ontem”, “Fico”, “aguardo”, “Carla”, “Mendes”, “Coordenadora” e mais 2
        (EMAIL, "Entendi: Qwen2.5 72B · FP8 (8-bit) · inferência · 32.000 tokens de contexto · 150 usuários simultâneos"),
        # the phone's line above the question (a reply pasted from its top) had been "Não entendi: “Enviado”, “iPhone”"
        ("Enviado do meu iPhone\n\nllama 8b pra 30 usuários", "Entendi: Llama 3.1 8B · 30 usuários simultâneos"),
        ("Sent from my iPhone\n\nqwen 32b for 20 users", "Understood: Qwen2.5 32B · 20 concurrent users"),
        # had been "Não entendi: “informar”, “desde”"
        ("Boa tarde! Poderiam me informar quantas GPUs seriam necessárias para o modelo DeepSeek R1 Distill Llama 70B "
         "atendendo 25 usuários simultâneos? Obrigado desde já.", "Entendi: DeepSeek R1 Distill Llama 70B · 25 usuários simultâneos"),
        # a form's line: the count at once before the next line had been "Não entendi: “50”", sized for one user
        ("Modelo: Llama 3.3 70B\nUsuários simultâneos: 50\nContexto: 8k\nPrecisão: FP8",
         "Entendi: Llama 3.3 70B · FP8 (8-bit) · 8k de contexto · 50 usuários simultâneos"),
        ("llama 70b usuários simultâneos: 50 precisão: fp8", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 50 usuários simultâneos"),
]  # fmt: skip


def test_a_signature_after_the_question_still_keeps_the_question(capsys):
    _reads(
        capsys,
        "llama 8b pra 30 usuários\n\nEnviado do meu iPhone",
        "Entendi: Llama 3.1 8B · 30 usuários simultâneos",
    )


# -- model names as people write them ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    # each had been "Não conheço o modelo “qwen3 coder plus”", with open models offered as if it were a typo
    ["qwen3 coder plus", "qwen3-coder-plus pra 20 devs", "qwen plus para 10 usuários"],
)
def test_qwens_api_only_models_are_said_closed(capsys, question):
    said = refusal(capsys, question)
    assert "é um modelo fechado: só roda na API de quem o publica (Alibaba Cloud)" in said, said


MODEL_NAMES = [
        ("deepseek r1 distill qwen 32b para 20 usuários", "Entendi: DeepSeek R1 Distill Qwen 32B · 20 usuários simultâneos"),
        ("gpt oss 20 pra 10 usuários", "Entendi: gpt-oss-20b · 10 usuários simultâneos"),
        ("llama4 scout 10 usuários", "Entendi: Llama 4 Scout 17B-16E · 10 usuários simultâneos"),
        ("qwen3-coder 30b para 15 devs", "Entendi: Qwen3 Coder 30B-A3B · 15 usuários simultâneos"),
        # the open Qwen3-Coder stays open
        ("qwen3 coder 480b", "Entendi: Qwen3-Coder 480B-A35B"),
]  # fmt: skip


def test_a_release_typed_after_a_family_is_the_example_said_once(capsys):
    # had suggested `/gpu devstral small 2507 2507`
    said = refusal(capsys, "devstral 2507 pra 10 devs")
    assert "`/gpu devstral small 2507 pra 10 devs`" in said, said


# -- follow-ups in a thread --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


@pytest.mark.parametrize(
    ("first", "follow_up", "read"),
    [
        # had been "Não entendi o pedido: “primeira”, “palavra”, “segundo”"
        ("llama 70b pra 20 usuários", "e se a primeira palavra tiver que sair em menos de 1 segundo?",
         "Entendi: Llama 3.1 70B · 20 usuários simultâneos · primeiro token ≤ 1,0 s"),
        # had been "por 3 meses" with no contract
        ("llama 70b pra 20 usuários", "e se reservar por 3 meses?",
         "Entendi: Llama 3.1 70B · 20 usuários simultâneos · capacidade reservada · por 3 meses"),
        # had been a 4k context and "Não entendi: “exemplos”"
        ("lora llama 8b 50 mil exemplos 3 épocas", "e se os exemplos tivessem 4k tokens?",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 50.000 exemplos de treino de 4.096 tokens · 3 épocas"),
        ("lora llama 8b 50 mil exemplos 3 épocas", "e se cada exemplo tivesse 1k tokens?",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 50.000 exemplos de treino de 1.024 tokens · 3 épocas"),
        # "used" had been "Not understood"
        ("llama 70b pra 20 usuários", "what if we used the 8b instead?", "Understood: Llama 3.1 8B · 20 concurrent users"),
        ("llama 70b pra 20 usuários", "e quanto economizo reservando 1 ano?",
         "Entendi: Llama 3.1 70B · 20 usuários simultâneos · capacidade reservada · por 1 ano · custo"),
        # the comparison of round 22 in a thread
        ("qwen 7b pra 10 usuários", "e se fosse qwen 7b ou 14b?", "Entendi: Qwen2.5 7B ou Qwen2.5 14B · 10 usuários simultâneos"),
        # a peak asked in the thread had been "Não entendi o pedido: “60”"
        ("llama 8b pra 30 usuários", "e no pico 60?", "Entendi: Llama 3.1 8B · 60 usuários simultâneos"),
        ("llama 8b for 30 users", "and at peak 60?", "Understood: Llama 3.1 8B · 60 concurrent users"),
        ("llama 8b for 30 users", "and at the peak, 90?", "Understood: Llama 3.1 8B · 90 concurrent users"),
    ],
)  # fmt: skip
def test_follow_ups_in_a_thread(pipeline, first, follow_up, read):
    out = reply_in_thread(pipeline, first, follow_up)
    assert out.splitlines()[0] == read, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out


@pytest.mark.parametrize(
    ("question", "read"),
    [
        *FIRST_WORD_TARGETS,
        *COST_IN_CUSTOMERS_WORDS,
        *NUMBERS_AND_WORDS,
        *SAVINGS_AND_GROWTH,
        *PASTED_EMAILS_AND_FORMS,
        *MODEL_NAMES,
    ],
)
def test_customers_words_are_read_as_they_mean(capsys, question, read):
    _reads(capsys, question, read)


# -- in Slack ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("qwen 7b/14b", "Comparei os dois tamanhos numa geração só, a Qwen2.5"),
        ("qwen 7b/14b/32b para 10 usuários", "`/gpu qwen 7b ou qwen 14b para 10 usuários`"),
        ("jamba large 1.7", "ai21labs/AI21-Jamba-Large-1.7"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text
