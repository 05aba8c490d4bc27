"""Questions as people type them in Slack, twenty-first round (2026-12-07): how customers really ask. A family's
size typed with no "b" after its version, "the fastest GPU" for a workload, automated callers counted as users,
typos of a model's name, three sizes of one family, a GPU variant the catalogue lacks, and Slack Connect
customers' own words. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, refusal
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text
from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a size with no "b" after a family's version -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been Gemma 3 27B for 27 users
        ("gemma3 27 4bit", "Entendi: Gemma 3 27B · INT4 (AWQ/GPTQ g128)"),
        # each had asked which size of the family
        ("qwen2.5 72", "Entendi: Qwen2.5 72B"),
        ("llama 3.1 70 fp8", "Entendi: Llama 3.1 70B · FP8 (8-bit)"),
        ("qwen2.5 72 com 10 usuários", "Entendi: Qwen2.5 72B · 10 usuários simultâneos"),
        # a name of two words, a verb before the name (had been "Não conheço o modelo “mistral small 24”")
        ("mistral small 24 pra 10 pessoas", "Entendi: Mistral Small 3 24B · 10 usuários simultâneos"),
        ("quero rodar o qwen2.5 72 com 10 usuários", "Entendi: Qwen2.5 72B · inferência · 10 usuários simultâneos"),
        ("Gemma3 27 fp8", "Entendi: Gemma 3 27B · FP8 (8-bit)"),
        # as before
        ("mistral 7", "Entendi: Mistral 7B v0.3"),
    ],
)  # fmt: skip
def test_a_number_after_a_family_and_its_version_is_its_size(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "usuários simultâneos" in read or "usuários" not in lines[0], lines


def test_a_number_glued_to_a_unit_after_a_name_is_no_size(capsys):
    # "8bit" after "command-r" is the precision, never a size "8b" and a word "bit"
    _reads(
        capsys,
        "command-r 8bit 400 usuários",
        "Entendi: Command R 35B (v01) · FP8 (8-bit) · 400 usuários simultâneos",
    )


def test_a_count_word_after_the_number_keeps_it_a_count(capsys):
    _reads(capsys, "gemma3 27 usuários", "Entendi: Gemma 3 27B · 27 usuários simultâneos")


def test_a_number_the_family_has_no_size_of_stays_what_it_was(capsys):
    # Llama 3.1 has no 20B: the 20 stays the people served
    _reads(capsys, "llama 3.1 8b 20", "Entendi: Llama 3.1 8B · 20 usuários simultâneos")


# -- the fastest GPU for a workload -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had left "fastest" not understood (or said nothing of it) and recommended the cheapest GPU
        ("which is the fastest gpu for llama 8b?", "What decided: the fastest, as asked."),
        ("qual a gpu mais rápida para o llama 8b?", "O que decidiu: o mais rápido, como pedido."),
        (
            "qual a placa mais rápida pra rodar qwen 32b com 20 usuários?",
            "O que decidiu: o mais rápido, como pedido.",
        ),
    ],
)
def test_the_fastest_gpu_for_a_workload_is_its_fastest_setup(capsys, question, said):
    out = answer(capsys, question)
    assert said in out, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("which is the fastest gpu?", "The fastest for what?"),
        ("qual a gpu mais rápida?", "O mais rápido para quê?"),
    ],
)
def test_the_fastest_gpu_asked_alone_is_asked_back_what_for(capsys, question, said):
    assert said in refusal(capsys, question)


def test_the_fastest_gpu_between_two_named_still_compares_them(capsys):
    out = answer(capsys, "qual a gpu mais rápida, h100 ou h200?")
    assert "a comparação" in out.splitlines()[0], out


# -- programs calling the model, counted as users -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # "20 bots" and "20 integrações" had been "Não entendi: “20”", sized for one user
        ("llama 8b 20 bots", "Entendi: Llama 3.1 8B · 20 usuários simultâneos", "Li “20 bots” como usuários simultâneos"),
        ("llama 8b 20 integrações chamando a API", "Entendi: Llama 3.1 8B · 20 usuários simultâneos", "Li “20 integrações chamando a API” como usuários simultâneos"),
        ("qwen 32b for 15 integrations calling the API", "Understood: Qwen2.5 32B · 15 concurrent users", "I read “15 integrations calling the API” as users at once"),
        # had been read as users with no word of how
        # AI agents said as such; plain "agentes" stay people (a contact center's, in shifts too: test_multiple_values)
        ("llama 8b 20 agentes", "Entendi: Llama 3.1 8B · 20 usuários simultâneos", None),
    ],
)  # fmt: skip
def test_programs_calling_the_model_are_counted_as_users_and_said_so(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_ai_agents_are_said_as_agents_not_as_callers(capsys):
    lines = _reads(capsys, "llama 70b para 20 agentes de IA", "20 agentes de IA ao mesmo tempo")
    assert not any("como usuários simultâneos" in line for line in lines), lines


# -- a misspelt name, an unknown name beside a family ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "lama 3.2 1b (dimensionado como Llama 3.2 1B)", an unknown model standing in: the size its
        # own name says (1B, of 1.23B parameters) is its own
        ("lama 3.2 1b", "Entendi: Llama 3.2 1B", "Li “lama 3.2 1b” como Llama 3.2 1B."),
        ("lama 3.2 3b 10 usuários", "Entendi: Llama 3.2 3B · 10 usuários simultâneos", "Li “lama 3.2 3b” como Llama 3.2 3B."),
        # as before
        ("lama 3.1 8b", "Entendi: Llama 3.1 8B", "Li “lama 3.1 8b” como Llama 3.1 8B."),
    ],
)  # fmt: skip
def test_a_misspelt_name_with_its_version_and_size_is_corrected(capsys, question, read, said):
    _reads(capsys, question, read, said)


@pytest.mark.parametrize("question", ["foobar 30b ou qwen", "qwen ou foobar 30b"])
def test_an_unknown_name_with_a_size_never_becomes_the_family_beside_it(capsys, question):
    # each had been Qwen3.5 27B (or "qwen ou foobar 30b" as one name), "foobar" not understood
    lines = _reads(capsys, question, "Entendi: foobar 30b (dimensionado como")
    assert any("“foobar 30b” não está no catálogo" in line for line in lines), lines
    assert any(line.startswith("Qual “qwen”?") for line in lines), lines


# -- three sizes of one family after slashes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had been "O pedido se contradiz: “14b” e “32b” não valem juntos", no word of what to ask
        ("qwen 7b/14b/32b", "Comparo dois modelos de cada vez, e “7b/14b/32b” nomeia 3. Pergunte um par, depois o outro: `/gpu qwen 7b ou qwen 14b`, depois `/gpu qwen 14b ou qwen 32b`"),
        # the load said goes with each pair (round 22: it had been dropped from the commands)
        ("qwen7b/14b/32b for 10 users", "I compare two models at a time, and “qwen7b/14b/32b” names 3. Ask for one pair, then the next, with the same load: `/gpu qwen 7b or qwen 14b for 10 users`, then `/gpu qwen 14b or qwen 32b for 10 users`"),
        ("llama 1b/3b/8b/70b pra 5 pessoas", "nomeia 4"),
        # said in words: had been the same contradiction
        ("qwen 7b ou 14b ou 32b", "Comparo dois modelos de cada vez, e “7b ou 14b ou 32b” nomeia 3. Pergunte um par, depois o outro: `/gpu qwen 7b ou qwen 14b`, depois `/gpu qwen 14b ou qwen 32b`"),
        ("qwen 7b, 14b ou 32b para 10 usuários", "e “7b, 14b ou 32b” nomeia 3"),
        ("llama 8b, 70b or 405b for 20 users", "I compare two models at a time, and “8b, 70b or 405b” names 3"),
    ],
)  # fmt: skip
def test_three_sizes_after_slashes_are_asked_two_at_a_time(capsys, question, said):
    assert said in refusal(capsys, question)


def test_two_sizes_after_a_slash_are_still_compared(capsys):
    _reads(capsys, "qwen 7b/14b", "Entendi: Qwen2.5 7B ou Qwen")
    _reads(capsys, "qwen 7b ou 14b", "Entendi: Qwen2.5 7B ou Qwen")
    _reads(
        capsys,
        "llama 8b, qwen 7b e mistral 7b juntos",
        "Entendi: Llama 3.1 8B + Qwen2.5 7B + Mistral 7B v0.3",
    )


# -- a GPU's form factor the catalogue holds no card of ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "Não entendi: “nvl”", the SXM card sized without a word
        ("llama 70b h200 nvl", "Entendi: Llama 3.1 70B · 1× H200 SXM 141 GB", "O catálogo não tem a “h200 nvl”: dimensionei a H200 SXM 141 GB"),
        ("70b fp8 on an H200 NVL", "Understood: Llama 3.1 70B · FP8 (8-bit) · 1× H200 SXM 141 GB", "The catalogue has no “H200 NVL”: I sized the H200 SXM 141 GB"),
    ],
)  # fmt: skip
def test_a_form_factor_the_catalogue_lacks_is_said_with_the_card_sized(capsys, question, read, said):
    _reads(capsys, question, read, said)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("llama 70b h100 nvl", "1× H100 NVL 94 GB"),  # a card of its own in the catalogue, as before
        ("llama 70b l40s pcie", "1× L40S 48 GB"),  # the L40S is a PCIe card ("pcie" had been not understood)
    ],
)
def test_a_form_factor_the_card_has_is_read_as_the_card(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("catálogo não tem" in line for line in lines), lines


# -- Slack Connect customers' own words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been read as one H100 (or one H200), refused as not fitting: the count is what is asked
        ("cuántas H100 para llama 405b?", "Entendi: Llama 3.1 405B · H100 SXM 80 GB", "2 servidores × 8× H100 SXM 80 GB"),
        ("cuántas tarjetas H200 para deepseek r1?", "Entendi: DeepSeek R1 · H200 SXM 141 GB", "8× H200 SXM 141 GB: cabe"),
    ],
)  # fmt: skip
def test_how_many_of_a_gpu_asked_in_spanish(capsys, question, read, said):
    lines = _reads(capsys, question, read)
    assert "1×" not in lines[0], lines
    assert said in answer(capsys, question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had sized the cheapest setup, the speed asked for dropped without a word
        ("¿Cuál es la GPU más rápida para llama 8b?", "O que decidiu: o mais rápido, como pedido."),
        ("qual gpu roda llama 70b mais rápido?", "O que decidiu: o mais rápido, como pedido."),
        (
            "qual placa roda o qwen 32b mais rápido pra 20 usuários?",
            "O que decidiu: o mais rápido, como pedido.",
        ),
        # as before
        ("which gpu runs llama 8b fastest?", "What decided: the fastest, as asked."),
        ("what's the fastest gpu to run qwen 32b for 20 users", "What decided: the fastest, as asked."),
    ],
)
def test_which_gpu_runs_a_workload_fastest(capsys, question, said):
    assert said in answer(capsys, question)


def test_which_gpu_is_faster_between_two_named_still_compares_them(capsys):
    out = answer(capsys, "qual gpu é mais rápida, h100 ou h200?")
    assert "a comparação" in out.splitlines()[0], out


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # programs named by the words people use for them (each had been "Não entendi", sized for one user)
        ("llama 8b 20 chatbots", "Entendi: Llama 3.1 8B · 20 usuários simultâneos", "Li “20 chatbots” como usuários simultâneos"),
        ("llama 8b pra 30 robôs", "Entendi: Llama 3.1 8B · 30 usuários simultâneos", "Li “30 robôs” como usuários simultâneos"),
        ("qwen 32b 20 bots no whatsapp", "Entendi: Qwen2.5 32B · 20 usuários simultâneos", "Li “20 bots” como usuários simultâneos"),
        ("llama 70b para 12 integraciones llamando a la API", "12 usuários simultâneos", "como usuários simultâneos"),
    ],
)  # fmt: skip
def test_more_programs_counted_as_users(capsys, question, read, said):
    _reads(capsys, question, read, said)


# -- more of people's words ------------------------------------------------------------------------------------------


def test_guys_counted_are_people(capsys):
    # had been "Não entendi: “20”", sized for one user
    _reads(capsys, "llama 70b pra uns 20 caras", "Entendi: Llama 3.1 70B · 20 usuários simultâneos")


def test_llava_named_with_no_size_is_asked_which(capsys):
    # had been "Faltou dizer o modelo": the family is named, its sizes listed
    said = refusal(capsys, "llava pra 10 pessoas")
    assert "Qual modelo “llava”? No catálogo: LLaVA 1.5 13B, LLaVA 1.5 7B." in said, said


# -- follow-ups in a thread --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


@pytest.mark.parametrize(
    ("follow_up", "read", "said"),
    [
        # had been "Não entendi: “si”, “fueran”"
        ("y si fueran 50 usuarios?", "Entendi: Llama 3.1 70B · 50 usuários simultâneos", None),
        # the readings of this round, in a thread
        ("e se fosse o qwen 72?", "Entendi: Qwen2.5 72B · 20 usuários simultâneos", None),
        ("e se fosse gemma3 27?", "Entendi: Gemma 3 27B · 20 usuários simultâneos", None),
        ("e se fossem 30 bots?", "Entendi: Llama 3.1 70B · 30 usuários simultâneos", "Li “30 bots” como usuários simultâneos"),
        ("e se a gente usar h200 nvl?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · H200 SXM 141 GB", "O catálogo não tem a “h200 nvl”"),
        ("e se for na gpu mais rápida?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos", "O que decidiu: o mais rápido, como pedido."),
        # a context's verb is no count's: each had been "Entendi: Llama 3.1 70B · 8.000 pessoas"
        ("e se o contexto fosse 8 mil?", "Entendi: Llama 3.1 70B · 8.000 tokens de contexto · 20 usuários simultâneos", None),
        ("e se o contexto for 8 mil?", "Entendi: Llama 3.1 70B · 8.000 tokens de contexto · 20 usuários simultâneos", None),
        # as before: a count's verb alone counts people
        ("e se fossem 50?", "Entendi: Llama 3.1 70B · 50 usuários simultâneos", None),
        # had left "Not understood: “were”"
        ("what if the context were 8k?", "Understood: Llama 3.1 70B · 8k context · 20 concurrent users", None),
    ],
)  # fmt: skip
def test_follow_ups_in_a_thread(pipeline, follow_up, read, said):
    out = reply_in_thread(pipeline, "llama 70b pra 20 usuários", follow_up)
    assert out.splitlines()[0] == read, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out
    assert said is None or said in out, out


# -- in Slack ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("gemma3 27 4bit", "Gemma 3 27B · INT4 (AWQ/GPTQ g128)"),
        ("llama 8b 20 bots", "Li “20 bots” como usuários simultâneos"),
        ("llama 70b h200 nvl", "O catálogo não tem a “h200 nvl”"),
        ("qwen 7b/14b/32b", "Comparo dois modelos de cada vez"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # the family said, its size not: had been "Modelo de transcrição não informado"
        ("whisper pra 50 ligações", "Whisper sem tamanho nem versão: usei o Whisper large-v3."),
        ("how much memory for whisper?", "Whisper with no size or version: I used Whisper large-v3."),
        (
            "llama 3.1 8b + whisper para 10 usuários",
            "Whisper sem tamanho nem versão: usei o Whisper large-v3.",
        ),
        # no model said at all: as before
        (
            "transcrever 100 horas de áudio por dia",
            "Modelo de transcrição não informado: usei o Whisper large-v3.",
        ),
    ],
)
def test_whisper_named_without_a_size_is_said_as_such(capsys, question, said):
    gpu_size([question])
    captured = capsys.readouterr()
    assert said in captured.out + captured.err
