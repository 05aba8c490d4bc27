"""Answers that lead with what was asked: a question that names a GPU gets the verdict on that GPU first, then
the smallest change that makes it fit there, then the recommendation when it differs; no setup twice; advice
that changes precision says what capacity it leaves; FP8 on an A100 says it is weight-only."""

import json

import pytest

from bot import blocks
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse
from sizing.workload import Workload

HEADINGS = {
    "pt-BR": ("Memória necessária", "Recomendação", "Alternativas", "Para caber em"),
    "pt-PT": ("Memória necessária", "Recomendação", "Alternativas", "Para caber em"),
    "en": ("Memory needed", "Recommendation", "Alternatives", "To fit on"),
}


def answer(text: str, lang: str):
    query = parse(text)
    result = size(query.workload.but(lang=lang))
    return result, query, render_text(result, query)


def body(text: str) -> str:
    """The answer without its first lines ("Entendi: ...", the workload line), which repeat the question."""
    return text.split("\n\n", 2)[2]


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
@pytest.mark.parametrize(
    "question",
    [
        "cabe o qwen 72b em 2 l40s?",
        "70b fp8 16k 25 users 2x H100",
        "70b 16bit numa L40S",
        "405b 16bit 8x a100",
    ],
)
def test_a_named_gpu_that_does_not_fit_gets_its_verdict_first_then_what_makes_it_fit_there(question, lang):
    result, _, text = answer(question, lang)
    memory, recommendation, alternatives, to_fit = HEADINGS[lang]
    named = blocks.advice.describe(result.requested, lang)
    rest = body(text)
    assert rest.startswith(f"{named}: ")  # the verdict, before anything else
    assert rest.index(to_fit) < rest.index(memory) < rest.index(f"{recommendation}:")
    # Each change keeps the GPU the question named: same GPU, and its count unless the change is more GPUs.
    assert result.verdict.changes
    for change in result.verdict.changes:
        assert change.setup.gpu == result.requested.gpu and change.setup.fits
        if change.kind != "more_gpus":
            assert change.setup.count == result.requested.count
    # No setup twice: the named one is not listed again among the alternatives.
    if alternatives in rest:
        listed = rest[rest.index(alternatives) :].split("\n\n")[0]
        assert f"• {named}:" not in listed


def test_72b_on_two_l40s_says_yes_at_lower_precision():
    result, _, _ = answer("cabe o qwen 72b em 2 l40s?", "pt-BR")
    kinds = {c.kind: c.text for c in result.verdict.changes}
    assert "lower_precision" in kinds and "cabe" in kinds["lower_precision"]
    assert "capacidade: até" in kinds["lower_precision"]  # the capacity that precision leaves


def test_70b_fp8_on_two_h100s_offers_the_fp8_kv_cache_on_the_h100s():
    result, _, _ = answer("70b fp8 16k 25 users 2x H100", "en")
    fp8_kv = next(c for c in result.verdict.changes if c.kind == "fp8_kv_cache")
    assert fp8_kv.setup.gpu == "h100-sxm" and fp8_kv.setup.count == 2
    assert "up to" in fp8_kv.text  # with the capacity it leaves
    fewer = next(c for c in result.verdict.changes if c.kind == "fewer_users")
    assert "instead of 25" in fewer.text


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
def test_a_named_gpu_that_is_the_recommendation_is_shown_once(lang):
    result, _, text = answer("Cabe um Llama 70B numa L40S de 48GB em 4 bits?", lang)
    memory, recommendation, _, _ = HEADINGS[lang]
    assert result.verdict.is_recommendation and result.requested.fits
    rest = body(text)
    assert rest.startswith("1× L40S 48 GB: ") and rest.index("1× L40S 48 GB") < rest.index(memory)
    assert f"{recommendation}:" not in rest  # the verdict, and what decided the size, say it is the one
    assert sum(line.startswith(("1× L40S", "  • 1× L40S")) for line in rest.splitlines()) == 1


def test_the_european_portuguese_48gb_question_lists_the_l40s_once():
    question = "Quantos utilizadores em simultâneo cabem numa placa de 48 GB com um modelo de 70B a 4 bits?"
    _, query, text = answer(question, "pt-PT")
    assert not query.unknown
    listed = [line for line in body(text).splitlines() if line.lstrip("• ").startswith("1× L40S")]
    assert len(listed) == 1  # the verdict only: not again among the alternatives
    assert "utilizador" in text and "usuário" not in text


def test_a_named_gpu_bigger_than_needed_gives_the_verdict_then_the_smaller_recommendation():
    _, _, text = answer("8b 4bit numa h200", "pt-BR")
    rest = body(text)
    assert rest.startswith("1× H200 SXM 141 GB: cabe") and "já basta" in rest.split("\n")[0]
    assert rest.index("Memória necessária") < rest.index("Recomendação: 1× L40S")


def test_slack_leads_with_the_verdict_too():
    query = parse("70b fp8 16k 25 users 2x H100")
    result = size(query.workload)
    message = blocks.answer(result, query, payload="{}")  # validated against Block Kit
    headers = [b for b in message.blocks if b["type"] == "header"]
    assert headers[0]["text"]["text"] == "2× H100 SXM 80 GB: não cabe"
    texts = [b.get("text", {}).get("text", "") for b in message.blocks]
    verdict = next(i for i, t in enumerate(texts) if t.startswith("2× H100 SXM 80 GB: não cabe;"))
    recommendation = next(i for i, t in enumerate(texts) if t.startswith("*Recomendação: 2× H200"))
    assert verdict < recommendation
    assert "Para caber em GPUs H100 SXM 80 GB" in texts[verdict]
    assert message.text.splitlines()[1] == "2× H100 SXM 80 GB: não cabe"  # the notification's first lines


@pytest.mark.parametrize(
    ("lang", "drop"), [("pt-BR", "a capacidade cai para"), ("en", "the capacity drops to")]
)
def test_more_bits_on_the_same_machine_says_the_capacity_it_leaves(lang, drop):
    r = size(Workload(model="32b", precision="4bit", lang=lang))
    same = next(a for a in r.alternatives if a.kind == "higher_precision_same_setup")
    assert same.setup.max_users < r.recommendation.max_users
    assert drop in same.text and "sem custo extra" not in same.text and "no extra cost" not in same.text
    assert str(same.setup.max_users) in same.text and str(r.recommendation.max_users) in same.text


def test_lower_precision_advice_states_its_capacity():
    r = size(Workload(model="70b", precision="16bit", context=8192, users=4))
    lower = next(a for a in r.alternatives if a.kind == "lower_precision")
    assert "capacidade: até" in lower.text


@pytest.mark.parametrize(
    ("workload", "where"),
    [
        (Workload(model="70b", precision="fp8", gpu="a100"), "verdict"),
        (Workload(model="8b", precision="fp8", gpu="a100-40gb"), "verdict"),
        (
            Workload(model="70b", precision="16bit", gpu="a100", gpus=2, context=16384, users=8, lang="en"),
            "change",
        ),
    ],
)
def test_fp8_on_an_a100_says_it_runs_weight_only(workload, where):
    r = size(workload)
    if where == "verdict":
        assert "FP8 roda só nos pesos" in r.verdict.text  # the named GPU: said where the answer leads
        assert not any("só nos pesos" in n for n in r.notes)  # and not said again among the notes
    else:
        fp8 = next(c for c in r.verdict.changes if c.kind == "lower_precision")
        assert "FP8" in fp8.text and "weight-only" in fp8.text  # the change that keeps the A100s says it too


def test_fp8_on_a_gpu_with_fp8_says_nothing_about_weight_only():
    r = size(Workload(model="70b", precision="fp8", gpu="h100", gpus=2))
    said = " ".join([r.verdict.text] + [c.text for c in r.verdict.changes])
    assert "só nos pesos" not in said
    # The smaller recommendation is an A100: the note is about it, not about the H100s asked about.
    assert r.recommendation.gpu == "a100-80gb-sxm"
    [note] = [n for n in r.notes if "só nos pesos" in n]
    assert "A100" in note and "H100 SXM" not in note


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
def test_a_named_gpu_bigger_than_needed_gets_its_own_speed_before_the_smaller_setup(lang):
    """'1× A100: fits ... But 1× L40S is enough. Performance there: ~56 tokens/s' read as the L40S's speed,
    though it was the A100's (the L40S serves ~25 tokens/s per user at that load)."""
    result, _, text = answer(
        "llama 3.1 8b na a100 80gb, 8 req/s, prompts de 215 tokens, respostas de 194", lang
    )
    asked, rec = result.requested, result.recommendation
    assert rec.count == 1 and rec.gpu != asked.gpu and asked.performance and rec.performance
    verdict = body(text).split("\n")[0]
    own = f"~{round(asked.performance.tokens_per_s_per_user)} tokens/s"
    assert own in verdict and verdict.index(own) < verdict.index(rec.gpu_name)
    assert f"~{round(rec.performance.tokens_per_s_per_user)} tokens/s" not in verdict


def test_a_named_gpu_too_small_is_timed_with_the_conversations_its_memory_holds():
    # (gpt-oss's conversations hold a reasoning answer: 5 of 33,768 tokens fit, 40 of the chat's 4,096)
    for question, fit in (("gpt-oss-120b em uma h100 com 50 usuarios", 5),
                          ("gpt-oss-120b em uma h100 com 50 usuarios, reasoning effort low", 40)):  # fmt: skip
        result, _, text = answer(question, "pt-BR")
        named = result.verdict.setup
        assert not named.fits and named.max_users == fit
        assert named.performance.concurrency == fit  # the speed given is at what the memory sizing says fits
        assert f"Com as {fit} conversas que cabem nela" in text
        assert f"Com até {fit} usuários (em vez de 50)" in text


def test_a_named_gpu_that_holds_no_conversation_gives_no_speed():
    result, _, text = answer("70b 4bit 32k 10users numa l40s", "pt-BR")
    assert result.verdict.setup.max_users == 0
    assert "conversa que cabe" not in text and "conversas que cabem" not in text


@pytest.mark.parametrize(
    ("question", "lang", "gpu", "count"),
    [
        (
            "Quantos utilizadores em simultâneo aguenta uma H100 com o Qwen3 32B em FP8?",
            "pt-PT",
            "h100-sxm",
            1,
        ),
        ("quantos usuarios cabem numa h100 com qwen3 32b fp8?", "pt-BR", "h100-sxm", 1),
        ("quantas conversas uma H200 atende com llama 3.1 70b fp8?", "pt-BR", "h200-sxm", 1),
        ("how many concurrent users can a single H100 handle with qwen3 32b fp8?", "en", "h100-sxm", 1),
        ("qwen3-235b-a22b fp8 on 8x H100, max concurrency at 32k?", "en", "h100-sxm", 8),
        ("what's the max number of users for llama 3.1 8b on 2x L40S?", "en", "l40s", 2),
        ("quantas requisições simultâneas o qwen3 32b fp8 aguenta numa h100?", "pt-BR", "h100-sxm", 1),
    ],
)
def test_a_capacity_question_leads_with_the_named_setups_capacity(question, lang, gpu, count):
    """ "Quantos usuários cabem numa H100?" asks what the named setup holds: its capacity by memory and at a
    chat's pace lead, it is the recommendation, and no smaller card sized for one conversation "já basta"."""
    result, query, text = answer(question, lang)
    assert query.workload.capacity_asked
    rec = result.recommendation
    assert (rec.gpu, rec.count) == (gpu, count)
    verdict = result.alternatives[0].text
    pace = {"pt-BR": "No ritmo de um chat", "pt-PT": "Ao ritmo de um chat", "en": "At a chat's pace"}[lang]
    capacity = {"pt-BR": "Capacidade:", "pt-PT": "Capacidade:", "en": "Capacity:"}[lang]
    assert verdict.index(capacity) < verdict.index(pace)
    assert "já basta" not in text and "is enough for this workload" not in text
    assert HEADINGS[lang][1] + ":" not in text  # the named setup is the recommendation: no second block
    assert result.decided_by == "asked"


CAPACITY_QUESTIONS = [
    ("quantos usuarios cabem numa h100 com llama 3.1 70b fp8?", "pt-BR"),
    ("quantas conversas uma H200 atende com qwen3 32b?", "pt-BR"),
    ("how many concurrent users can a single H100 handle with qwen3 32b fp8?", "en"),
    ("what's the max number of users for llama 3.1 8b on 2x L40S?", "en"),
    ("Quantos utilizadores em simultâneo aguenta uma H100 com o Qwen3 32B em FP8?", "pt-PT"),
]
CAPACITY_WORDS = {
    # the workload line's users, the breakdown's title and its KV line, as a capacity question has them
    "pt-BR": ("quantos usuários cabem", "o modelo e uma conversa", "usuário simultâneo", "usei 1 conversa"),
    "pt-PT": ("quantos utilizadores cabem", "o modelo e uma conversa", "em simultâneo", "usei 1 conversa"),
    "en": (
        "how many users fit",
        "the model and one conversation",
        "concurrent user",
        "I used 1 conversation",
    ),
}


@pytest.mark.parametrize(("question", "lang"), CAPACITY_QUESTIONS)
def test_a_capacity_question_claims_no_single_user(question, lang):
    """The workload line asks how many fit rather than claiming "1 usuário simultâneo", the breakdown says it
    is the model and one conversation (the unit the capacity counts), and no assumption says 1 at a time."""
    result, _, text = answer(question, lang)
    assert result.decided_by == "asked"
    asked, unit, single, assumed = CAPACITY_WORDS[lang]
    head = text.split("\n\n")[1]
    assert asked in head and single not in head
    memory = text[text.index(HEADINGS[lang][0]) :].split("\n\n")[0]
    assert unit in memory.splitlines()[0] and " 1 × " not in memory
    assert not any(assumed in a for a in result.assumptions)


@pytest.mark.parametrize(("question", "lang"), CAPACITY_QUESTIONS)
def test_a_capacity_questions_alternatives_raise_that_capacity(question, lang):
    """Each alternative holds more conversations than the named setup, on its GPUs or more of them (an FP8
    KV cache, a lower precision, the next size): no smaller card sized for one conversation."""
    result, _, text = answer(question, lang)
    named = result.requested
    others = [a for a in result.alternatives if a.kind != "named_gpu"]
    assert others
    for a in others:
        assert a.kind.startswith("capacity_")
        assert a.setup.gpu == named.gpu and a.setup.count >= named.count
        assert a.setup.max_users > named.max_users
    listed = text[text.index(HEADINGS[lang][2]) :].split("\n\n")[0]
    assert listed.count("•") == len(others)


def test_a_user_count_keeps_its_workload_line_and_alternatives():
    result, _, text = answer("llama 3.1 70b fp8 para 1 usuário numa h100", "pt-BR")
    assert result.decided_by != "asked" and "1 usuário simultâneo" in text
    assert not any(a.kind.startswith("capacity_") for a in result.alternatives)


def test_a_capacity_question_counts_those_at_a_chats_pace_apart_from_memory():
    """Where memory holds more conversations than generate at a chat's pace together, both are said."""
    result, _, _ = answer("how many users can an H200 hold with llama 3.3 70b fp8 with 8k prompts?", "en")
    verdict = result.alternatives[0].text
    assert "up to" in verdict.split("At a chat's pace")[1]
    held = result.requested.max_users
    assert held and f"({held})" not in verdict.split("At a chat's pace")[1]


def test_a_user_count_is_no_capacity_question():
    _, query, text = answer("llama 3.1 8b para 50 usuários numa H200", "pt-BR")
    assert not query.workload.capacity_asked
    assert "ritmo de um chat (" not in text.split("\n\n")[3]


PERF_IN_FLIGHT = {
    "pt-BR": "no total com {n} conversas",
    "pt-PT": "no total com {n} conversas",
    "en": "in all with {n} conversations",
}
ONE_IN_FLIGHT = {
    "pt-BR": ("1 conversa em andamento", "1 sequência por vez"),
    "pt-PT": ("1 conversa em andamento", "1 sequência de cada vez"),
    "en": ("1 conversation in flight", "1 sequence at a time"),
}
ENGINE_SEQS = {
    "pt-BR": "configurado para esta carga: até {n} sequências simultâneas",
    "pt-PT": "configurado para esta carga: até {n} sequências em simultâneo",
    "en": "configured for this workload: up to {n} concurrent sequences",
}


@pytest.mark.parametrize(
    ("question", "lang"),
    [*CAPACITY_QUESTIONS, ("how many users can an H200 hold with llama 3.3 70b fp8 with 8k prompts?", "en")],
)
def test_a_capacity_questions_performance_and_engine_are_at_the_capacity_found(question, lang):
    """The performance line, the verdict's and the Slack answer's performance, and the vLLM settings are those of
    the conversations that generate together at a chat's pace (the chat-pace sentence's count), not of the one
    conversation the memory breakdown counts as its unit."""
    from sizing import advice, performance, traffic
    from sizing.catalog import load_catalog
    from sizing.plan import make_plan

    result, query, text = answer(question, lang)
    assert result.decided_by == "asked"
    rec = result.recommendation
    n = rec.performance.concurrency
    held = rec.max_users
    assert 1 <= n <= held and n == int(n)
    n = int(n)
    # the count the chat-pace sentence says: all those memory holds, or "up to n" of them
    pace = result.alternatives[0].text
    assert f"({held})" in pace if n == held > 1 else f" {n} " in pace.replace(",", "")
    # the figures at that many in flight, from the performance model
    catalog = load_catalog()
    plan = make_plan(query.workload.but(lang=lang), catalog)
    r = traffic.replica(plan, catalog.gpu(rec.gpu), rec.tensor_parallel, rec.pipeline_parallel, catalog, n)
    load = performance.at_concurrency(r, plan.prompt, plan.output, n / rec.replicas)
    assert rec.performance.tokens_per_s_per_user == pytest.approx(1 / load.tpot_s)
    assert rec.performance.ttft_s == pytest.approx(load.ttft_s)
    assert n == advice.users_at_pace(plan, rec, catalog)
    number = f"{n:,}".replace(",", "." if lang == "pt-BR" else " " if lang == "pt-PT" else ",")
    line = result.estimates.text[0]
    engine = [a for a in result.assumptions if "vLLM" in a and "prefill" in a]
    assert line in text and len(engine) == 1
    if n == 1:  # a model whose memory holds one conversation: the one-sequence wording, said as such
        assert ONE_IN_FLIGHT[lang][0] in line and ONE_IN_FLIGHT[lang][1] in engine[0]
    else:
        assert (
            PERF_IN_FLIGHT[lang].format(n=number) in line and ENGINE_SEQS[lang].format(n=number) in engine[0]
        )
        assert ONE_IN_FLIGHT[lang][0] not in text and ONE_IN_FLIGHT[lang][1] not in text
    # Slack: the verdict and the recommendation's performance give the same figures as the text answer
    short = advice.perf_short(rec.performance, lang)
    slack = json.dumps(blocks.answer(result, query, payload="{}").blocks, ensure_ascii=False)
    assert short in pace and slack.count(short) == 2 and short in text


@pytest.mark.parametrize(
    ("question", "lang", "users"),
    [
        ("llama 3.1 8b para 50 usuários numa H200", "pt-BR", 50),
        ("qwen3 32b fp8 for 20 users on an h100", "en", 20),
        ("llama 3.1 70b fp8 para 1 usuário numa h100", "pt-BR", 1),
    ],
)
def test_a_user_count_keeps_its_performance_and_engine_at_those_users(question, lang, users):
    result, query, text = answer(question, lang)
    assert not query.workload.capacity_asked and result.decided_by != "asked"
    assert result.recommendation.performance.concurrency == users and result.estimates.text[0] in text
    engine = next(a for a in result.assumptions if "vLLM" in a and "prefill" in a)
    if users == 1:
        assert ONE_IN_FLIGHT[lang][1] in engine and ONE_IN_FLIGHT[lang][0] in result.estimates.text[0]
    else:
        assert ENGINE_SEQS[lang].format(n=users) in engine
        assert PERF_IN_FLIGHT[lang].format(n=users) in result.estimates.text[0]
