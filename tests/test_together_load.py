"""Models served together under a load (sizing/together.py): each model sized for its share of the load, the
smallest machine(s) that serve them all at it, each model's copies, speed and first token, and the cost."""

from __future__ import annotations

import json

import pytest

from bot import blocks
from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from sizing import performance as perf
from sizing import traffic
from sizing.catalog import load_catalog
from sizing.plan import make_plan
from sizing.query import parse
from sizing.workload import Workload
from tests.data_folders import with_prices

from .slack_harness import text_of


def answer(capsys, question: str) -> str:
    assert gpu_size([question]) == 0
    return capsys.readouterr().out


def together_of(capsys, question: str) -> dict:
    assert gpu_size(["--json", question]) == 0
    return json.loads(capsys.readouterr().out)["comparison"]


ROUTER = "llama 8b como roteador e qwen3 32b como principal, 30 req/min, prompts de 2k"


def test_a_router_and_its_main_model_at_a_rate_are_each_sized_for_it(capsys):
    out = answer(capsys, ROUTER)
    # Had been their memory summed alone, with no word of the load on the GPU they share.
    assert (
        "  Para esta carga, a menor configuração que os serve juntos é 1× H200 SXM 141 GB (135,1 GB utilizáveis "
        "por GPU; dois servidores vLLM): Llama 3.1 8B na GPU 1 (20,0 GB), com --gpu-memory-utilization de pelo "
        "menos 0,14; Qwen3 32B na GPU 1 (72,5 GB), com --gpu-memory-utilization de pelo menos 0,49.\n"
    ) in out
    assert (
        "  Llama 3.1 8B (30 requisições/min): ~29 tokens/s por usuário, primeiro token em ~0,15 s, ~250 tokens/s "
        "no total, dividindo GPU com o Qwen3 32B.\n"
        "  Qwen3 32B (30 requisições/min): ~29 tokens/s por usuário, primeiro token em ~0,38 s, ~250 tokens/s no "
        "total, dividindo GPU com o Llama 3.1 8B.\n"
    ) in out
    # What the load assumes of a router: every request, and all of them handed on.
    assert "o roteador vê todas as requisições, e supus que todas seguem para o modelo principal" in out
    assert "os servidores vLLM se revezam (sem MPS, a GPU roda um processo por vez)" in out


def test_a_load_the_memory_holds_on_one_gpu_but_the_rate_does_not_gets_more_gpus(capsys):
    # At 300 requests/min for each model it had been 2× A100 80 GB, the Qwen3 32B holding one conversation's
    # memory on one GPU; the load needs the 32B on three GPUs (two in tensor parallel would run at 70.5% of what
    # they sustain, over the plan's 70%) and the 8B on a fourth.
    out = answer(capsys, "llama 8b e qwen3 32b juntos, 300 req/min")
    assert (
        "Para esta carga, a menor configuração que os serve juntos é 4× H200 SXM 141 GB (135,1 GB utilizáveis por "
        "GPU; dois servidores vLLM): Llama 3.1 8B na GPU 4 (29,4 GB); Qwen3 32B em 3 cópias, uma GPU cada "
        "(GPUs 1–3; 96,7 GB por GPU)."
    ) in out
    assert "Cada modelo dimensionado para a carga inteira (300 requisições/min em cada um)" in out
    assert "se revezam" not in out  # each on GPUs of its own


def test_users_together_give_each_model_its_copies(capsys):
    out = answer(capsys, "serve llama 3.1 8b and qwen3 14b together for 200 users")
    # Had been 4× A100 with both split four ways on the same GPUs, whatever that does to their speed.
    assert (
        "For this load, the smallest setup that serves them together is 3× H200 SXM 141 GB (in machines of 2 and "
        "1 GPUs; 135.1 GB usable per GPU; two vLLM servers): Llama 3.1 8B on GPU 3 (125.1 GB); Qwen3 14B in 2 "
        "copies, one GPU each (GPUs 1–2; 97.9 GB per GPU)."
    ) in out
    assert "  Llama 3.1 8B (200 concurrent users): ~29 tokens/s per user, first token ~0.12 s" in out
    assert "  Qwen3 14B (200 concurrent users): ~31 tokens/s per user, first token ~0.15 s" in out
    assert "Each model sized for the whole load (200 concurrent users on each)" in out


@pytest.mark.parametrize(
    ("question", "understood", "lines"),
    [
        # Each had been "O pedido se contradiz: “qwen3 32b” e “llama 8b” não valem juntos".
        ("llama 8b como roteador e qwen3 32b como principal, 8b com 100 req/min e o 32b com 20 req/min",
         "Entendi: Llama 3.1 8B com 100 requisições/min + Qwen3 32B com 20 requisições/min\n",
         ["  Llama 3.1 8B (100 requisições/min): ", "  Qwen3 32B (20 requisições/min): "]),
        ("llama 8b e qwen3 32b juntos, o llama com 5 req/s e o qwen com 1 req/s, prompts de 2k",
         "Entendi: Llama 3.1 8B com 5,0 requisições/s + Qwen3 32B com 1,0 requisição/s · prompts de 2.000 tokens\n",
         ["  Llama 3.1 8B (5,0 requisições/s): ", "  Qwen3 32B (1,0 requisição/s): "]),
        ("qwen3 4b as a router and qwen3 32b as the main model, the router at 300 rpm and the main model at 60 rpm",
         "Understood: Qwen3 4B at 300 requests/min + Qwen3 32B at 60 requests/min\n",
         ["  Qwen3 4B (300 requests/min): ", "  Qwen3 32B (60 requests/min): "]),
        # The main model's role said first: the router is the other one.
        ("qwen3 32b como principal e llama 8b como roteador, o roteador com 120 req/min e o principal com 30 req/min",
         "Entendi: Qwen3 32B com 30 requisições/min + Llama 3.1 8B com 120 requisições/min\n",
         ["  Qwen3 32B (30 requisições/min): ", "  Llama 3.1 8B (120 requisições/min): "]),
        # Capitals, and accents (each looked for its own way: sizing/query.py _rate_per_model_said).
        ("LLAMA 8B como ROTEADOR e Qwen3 32B como principal, 8B com 100 Req/Min e o 32B com 20 req/min",
         "Entendi: Llama 3.1 8B com 100 requisições/min + Qwen3 32B com 20 requisições/min\n",
         ["  Llama 3.1 8B (100 requisições/min): ", "  Qwen3 32B (20 requisições/min): "]),
        ("Llama 8B como roteador e Qwen3 32B como principal, 8B com 100 requisições/min e o 32B com 20 "
         "requisições/min",
         "Entendi: Llama 3.1 8B com 100 requisições/min + Qwen3 32B com 20 requisições/min\n",
         ["  Llama 3.1 8B (100 requisições/min): ", "  Qwen3 32B (20 requisições/min): "]),
        # One model's share said beside the whole load: the router keeps the whole.
        ("llama 8b como roteador e qwen3 32b como principal, 30 req/min, o principal com 10 req/min",
         "Entendi: Llama 3.1 8B + Qwen3 32B com 10 requisições/min · 30 requisições/min\n",
         ["  Llama 3.1 8B (30 requisições/min): ", "  Qwen3 32B (10 requisições/min): "]),
    ],
)  # fmt: skip
def test_a_rate_said_for_each_model_sizes_each_for_its_own(capsys, question, understood, lines):
    out = answer(capsys, question)
    assert out.startswith(understood) and "Não entendi" not in out and "Not understood" not in out
    for line in lines:
        assert line in out
    assert "Cada modelo dimensionado" not in out and "Each model sized" not in out  # the split was said


def test_per_model_rates_in_json(capsys):
    c = together_of(
        capsys, "llama 8b como roteador e qwen3 32b como principal, 8b com 100 req/min e o 32b com 20 req/min"
    )
    parts = c["together_load"]["parts"]
    assert [p["model_id"] for p in parts] == ["llama-3.1-8b", "qwen3-32b"]
    assert [round(p["requests_per_s"] * 60) for p in parts] == [100, 20]
    assert [p["replicas"] for p in parts] == [1, 1] and [p["gpus"] for p in parts] == [[[1]], [[1]]]
    assert parts[0]["shares_with"] == ["Qwen3 32B"] and parts[0]["memory_utilization"] == 0.21
    assert all(p["tokens_per_s_per_user"] > 10 and p["ttft_s"] < 2 for p in parts)
    assert c["together_load"]["gpu"] == "h200-sxm" and c["together_load"]["count"] == 1
    assert c["together_lines"][0].startswith("Llama 3.1 8B (100 requisições/min): ~32 tokens/s por usuário")


def test_a_rate_that_names_no_model_is_the_load_of_both(capsys):
    c = together_of(capsys, "llama 8b e qwen 32b juntos com 30 req/min")
    assert [round(p["requests_per_s"] * 60) for p in c["together_load"]["parts"]] == [30, 30]
    assert parse("llama 8b e qwen 32b juntos com 30 req/min").workload.model_rates is None


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 3.1 8b e qwen2.5 32b juntos em 2 h100, 30 req/min",
         "Juntos em 2× H100 SXM 80 GB, com esta carga (76,5 GB utilizáveis por GPU; dois servidores vLLM): "
         "Llama 3.1 8B na GPU 2 (18,1 GB); Qwen2.5 32B na GPU 1 (75,2 GB)."),
        # The GPUs named hold them, not the load: said, then the smallest that serves it.
        ("llama 3.1 8b e qwen2.5 32b juntos em 2 h100, 200 req/min",
         "As 2× H100 SXM 80 GB citadas não dão conta desta carga com eles juntos. Para esta carga, a menor "
         "configuração que os serve juntos é 3× H100 SXM 80 GB (em máquinas de 2 e 1 GPUs;"),
        # Short of memory: said in figures, and the precision at which they serve the load there.
        ("qwen3 4b router plus qwen3 32b on one h100, 60 rpm",
         "Together they do not fit on the H100 SXM 80 GB you named: 94.9 GB for 76.5 GB usable. For this load, "
         "the smallest setup that serves them together is 1× H200 SXM 141 GB"),
        ("qwen3 4b router plus qwen3 32b on one h100, 60 rpm",
         "At FP8 (8-bit), they carry this load together on 1× H100 SXM 80 GB: Qwen3 4B on GPU 1 (12.5 GB)"),
        ("llama 70b e qwen 72b juntos em 2 h100, 10 req/min",
         "Em INT4 (AWQ/GPTQ g128), dão conta desta carga juntos em 2× H100 SXM 80 GB: Llama 3.1 70B na GPU 2"),
    ],
)  # fmt: skip
def test_gpus_named_are_weighed_for_the_load(capsys, question, said):
    assert said in answer(capsys, question)


def test_three_models_at_a_rate_share_one_gpu_when_it_carries_them(capsys):
    out = answer(capsys, "llama 8b, qwen 7b e mistral 7b juntos, 100 req/min")
    assert "1× H200 SXM 141 GB (135,1 GB utilizáveis por GPU; três servidores vLLM)" in out
    assert "  Mistral 7B v0.3 (100 requisições/min): ~40 tokens/s por usuário" in out
    assert "dividindo GPU com o Llama 3.1 8B e Qwen2.5 7B" in out


@pytest.mark.parametrize(
    "question",
    [
        "llama 8b e qwen 7b na mesma h100",
        "llama 70b e qwen 72b juntos",
        "llama 3.1 8b e qwen2.5 32b juntos em 2 h100",
    ],
)
def test_without_a_load_models_together_are_placed_by_memory_as_before(capsys, question):
    c = together_of(capsys, question)
    assert "together_load" not in c and "together_lines" not in c  # only answers with a load have them
    assert c["together"].startswith("Juntos") and "esta carga" not in c["together"]


# Made-up prices per GPU-hour: on demand, reserved, dedicated.
PRICES = {"l40s": (10, 7, 6), "h100-sxm": (20, 14, 12), "h200-sxm": (30, 21, 18)}


@pytest.fixture
def priced(tmp_path, monkeypatch):
    tables = {
        gpu: f"{{ on_demand = {a}, reserved = {b}, dedicated = {c} }}" for gpu, (a, b, c) in PRICES.items()
    }
    yield from with_prices(tmp_path, monkeypatch, tables)


def test_the_machines_serving_them_together_are_priced(priced, capsys):
    out = answer(capsys, "llama 8b e qwen3 32b juntos, 300 req/min")
    # 4× H200 at 30/21/18 an hour, 730 hours a month.
    assert (
        "  Por mês, 4× H200 SXM 141 GB: sob demanda R$ 87.600; reservada R$ 61.320; dedicada R$ 52.560\n"
        in out
    )
    c = together_of(capsys, "llama 8b e qwen3 32b juntos, 300 req/min")
    assert c["together_load"]["cost"]["by_contract_mode"]["on_demand"]["per_month"] == 87600.0


def test_slack_shows_the_load_verdict_and_a_customer_sees_no_prices(priced, tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    staff = pipeline.ask(ROUTER, Where("slash_command", channel_id="C1"))
    customer = pipeline.ask(ROUTER, Where("slash_command", channel_id="C2", channel_shared=True))
    pipeline.log.close()
    for reply in (staff, customer):
        blocks.validate(reply.message.blocks)
    staff_text, customer_text = text_of(staff.message.blocks), text_of(customer.message.blocks)
    assert (
        "*Servidos juntos*\nPara esta carga, a menor configuração que os serve juntos é 1× H200 SXM 141 GB"
        in staff_text
    )
    assert (
        "\nQwen3 32B (30 requisições/min): ~29 tokens/s por usuário, primeiro token em ~0,38 s" in staff_text
    )
    assert "Por mês, 1× H200 SXM 141 GB: sob demanda R$ 21.900" in staff_text
    assert "Qwen3 32B (30 requisições/min)" in customer_text and "R$" not in customer_text


def test_in_a_thread_a_new_load_replaces_the_rates_said_for_each_model(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    first = pipeline.ask(
        "llama 8b como roteador e qwen3 32b como principal, 8b com 100 req/min e o 32b com 20 req/min",
        Where("console"),
    )
    follow = pipeline.ask("e com 50 req/min?", Where("console"), base=first.workload)
    pipeline.log.close()
    assert [round(p.requests_per_s * 60) for p in first.comparison.together_load.parts] == [100, 20]
    assert [round(p.requests_per_s * 60) for p in follow.comparison.together_load.parts] == [50, 50]


# -- the performance model of a shared GPU ----------------------------------------------------------------


def _replica():
    catalog = load_catalog()
    plan = make_plan(Workload.given({"model": "llama 3.1 8b", "rate_per_s": 2.0}), catalog)
    return plan, traffic.replica(plan, catalog.gpu("h100-sxm"), 1, 1, catalog, 10)


def test_a_model_alone_is_as_fast_as_its_own_answer_says():
    plan, r = _replica()
    alone = perf.at_rate(r, plan.prompt, plan.output, 2.0)
    (shared,) = perf.time_shared([perf.Tenant(r, plan.prompt, plan.output, frozenset({0}), rate=2.0)])
    assert shared.ttft_s == pytest.approx(alone.ttft_s, rel=1e-3)
    assert shared.tpot_s == pytest.approx(alone.tpot_s, rel=1e-3)
    assert shared.concurrency == pytest.approx(alone.concurrency, rel=1e-3)


@pytest.mark.parametrize("users", [1, 4, 16])
def test_users_generating_together_alone_are_as_fast_as_their_own_answer_says(users):
    """A tenant of users at once that shares no GPU decodes as the same users alone do: its own prompts stretch
    its steps as N - 1 others', never its own (one user alone, 2,000-token prompts on an H100: 7.81 ms a token
    had been quoted shared, 7.63 alone)."""
    plan, r = _replica()
    alone = perf.at_concurrency(r, 2000, plan.output, users)
    (shared,) = perf.time_shared([perf.Tenant(r, 2000, plan.output, frozenset({0}), concurrency=users)])
    assert shared.tpot_s == pytest.approx(alone.tpot_s, rel=1e-6)
    assert shared.ttft_s == pytest.approx(alone.ttft_s, rel=1e-6)
    assert shared.rate == pytest.approx(alone.rate, rel=1e-6)


def test_models_sharing_a_gpu_slow_each_other_and_apart_do_not():
    plan, r = _replica()
    alone = perf.at_rate(r, plan.prompt, plan.output, 2.0)
    one = perf.Tenant(r, plan.prompt, plan.output, frozenset({0}), rate=2.0)
    shared = perf.time_shared([one, one])
    apart = perf.time_shared([one, perf.Tenant(r, plan.prompt, plan.output, frozenset({1}), rate=2.0)])
    # Each decode step waits for the other's: more than twice as slow per token, more requests in flight.
    assert all(s.tpot_s > 2 * alone.tpot_s and s.concurrency > alone.concurrency for s in shared)
    assert all(a.tpot_s == pytest.approx(alone.tpot_s, rel=1e-3) for a in apart)


def test_a_load_past_what_a_shared_gpu_carries_is_unsustainable():
    plan, r = _replica()
    heavy = perf.Tenant(r, plan.prompt, plan.output, frozenset({0}), rate=40.0)
    assert not all(load.sustainable for load in perf.time_shared([heavy, heavy]))


@pytest.mark.parametrize(
    "question, understood, lines",
    [
        # the FP8 had been the Llama's alone, the Qwen sized at 16 bits
        ("llama 3.1 8b e qwen3 14b juntos para 50 usuários em fp8",
         "Entendi: Llama 3.1 8B + Qwen3 14B · FP8 (8-bit) · 50 usuários simultâneos",
         ["  Llama 3.1 8B · FP8 (8-bit)", "  Qwen3 14B · FP8 (8-bit)"]),
        ("em fp8, llama 3.1 8b e qwen3 14b juntos", "Entendi: Llama 3.1 8B + Qwen3 14B · FP8 (8-bit)",
         ["  Llama 3.1 8B · FP8 (8-bit)", "  Qwen3 14B · FP8 (8-bit)"]),
        ("llama 3.1 8b, qwen3 14b e mistral 7b na mesma gpu em 4 bits",
         "Entendi: Llama 3.1 8B + Qwen3 14B + Mistral 7B v0.3 · INT4 (AWQ/GPTQ g128)",
         ["  Llama 3.1 8B · INT4 (AWQ/GPTQ g128)", "  Qwen3 14B · INT4 (AWQ/GPTQ g128)",
          "  Mistral 7B v0.3 · INT4 (AWQ/GPTQ g128)"]),
        ("llama 3.1 8b and qwen3 14b together in 8-bit for 50 users",
         "Understood: Llama 3.1 8B + Qwen3 14B · FP8 (8-bit) · 50 concurrent users",
         ["  Llama 3.1 8B · FP8 (8-bit)", "  Qwen3 14B · FP8 (8-bit)"]),
        # said per model: each its own
        ("o llama 3.1 8b em fp8 e o qwen3 14b em bf16 juntos", "Entendi: Llama 3.1 8B em FP8 (8-bit) + Qwen3 14B",
         ["  Llama 3.1 8B · FP8 (8-bit)", "  Qwen3 14B · BF16/FP16 (16-bit)"]),
        ("llama 3.1 8b em fp8 e qwen3 14b juntos", "Entendi: Llama 3.1 8B em FP8 (8-bit) + Qwen3 14B",
         ["  Llama 3.1 8B · FP8 (8-bit)", "  Qwen3 14B · BF16/FP16 (16-bit)"]),
    ],
)  # fmt: skip
def test_a_precision_said_once_for_models_together_is_every_ones(capsys, question, understood, lines):
    out = answer(capsys, question)
    assert out.splitlines()[0] == understood
    for line in lines:
        assert line in out.splitlines()


def test_a_precision_for_a_choice_of_models_stays_the_ones_it_follows(capsys):
    # "ou": a choice, not models served together; the FP8 said after the Qwen is the Qwen's
    out = answer(capsys, "llama 3.1 8b ou qwen3 14b em fp8")
    assert "  Llama 3.1 8B · BF16/FP16 (16-bit)" in out and "  Qwen3 14B · FP8 (8-bit)" in out
