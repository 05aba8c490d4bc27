"""The whole answer, as a sales rep would read it: breakdown, recommendation, alternatives, contract, notes."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.workload import Intent, Stage, Task, Workload


def ask(**kw):
    return size(Workload.given(kw))


def test_70b_at_16_bit_needs_several_gpus():
    r = ask(model="70b", precision="16bit")
    assert r.memory.weights / 1e9 == pytest.approx(141.1, abs=0.1)
    assert r.recommendation.count >= 2


def test_70b_at_8_bit_fits_one_80_gb_card():
    r = ask(model="70b", precision="8bit")
    rec = r.recommendation
    assert (rec.count, rec.gpu_memory_bytes // 10**9) == (1, 85)  # an "80 GB" card: 85 GB as CUDA sees it
    assert rec.gpu in ("a100-80gb-sxm", "h100-sxm")


def test_70b_at_4_bit_fits_one_48_gb_card_at_modest_context():
    r = ask(model="70b", precision="4bit", context=4096)
    rec = r.recommendation
    assert rec.count == 1 and rec.gpu in ("l40s", "l40")
    assert 35e9 <= r.memory.weights <= 40e9
    # Honest about the limit: a 48 GB card holds only a few thousand tokens next to a 4-bit 70B.
    assert 4096 <= rec.max_context_tokens < 16_384


def test_70b_4bit_32k_10_users_is_not_a_48_gb_job():
    r = ask(model="70b", precision="4bit", context=32768, users=10)
    m = r.memory
    assert m.kv_cache > m.weights  # the KV cache of ten 32k conversations dominates
    assert m.kv_cache == 10 * 32768 * 327_680
    assert r.recommendation.gpu_memory_bytes > 60e9 or r.recommendation.count > 1
    assert not (r.recommendation.count == 1 and r.recommendation.gpu in ("l40s", "l40"))
    kinds = {a.kind for a in r.alternatives}
    assert "fp8_kv_cache" in kinds
    fp8 = next(a for a in r.alternatives if a.kind == "fp8_kv_cache")
    assert "FP8" in fp8.text and "72%" in fp8.text
    # ...and a 24-32B model at 16-bit is put next to the squeezed 70B.
    mid = next(a for a in r.alternatives if a.kind == "mid_size_full_precision")
    assert "32B" in mid.text or "24B" in mid.text


def test_never_recommends_more_than_the_work_needs():
    r = ask(model="8b", precision="16bit")
    assert r.recommendation.count == 1 and r.recommendation.gpu_memory_bytes < 50e9


def test_recommendation_reports_room_left():
    r = ask(model="8b", context=8192, users=4)
    rec = r.recommendation
    assert rec.fits and rec.free_bytes_per_gpu > 0
    assert rec.max_users > 4
    assert rec.max_context_tokens > 8192
    assert rec.usable_bytes_per_gpu == int(rec.gpu_memory_bytes * 0.9)


def test_a_named_gpu_that_is_too_small_says_by_how_much_and_what_would_do():
    r = ask(model="70b", precision="16bit", gpu="l40s")
    verdict = r.verdict
    assert r.alternatives[0].kind == "named_gpu" and not r.requested.fits
    assert "não cabe" in verdict.text and "faltam" in verdict.text
    changes = {c.kind: c.text for c in verdict.changes}
    assert "4× L40S" in changes["more_gpus"]  # the fewest of that GPU that serve it
    assert "cabe" in changes["lower_precision"]  # or at a lower precision, on the same GPU


def test_a_named_gpu_bigger_than_needed_points_to_the_smaller_machine():
    r = ask(model="8b", precision="4bit", gpu="h200")
    verdict = r.alternatives[0]
    assert r.requested.fits and "cabe" in verdict.text
    assert "já basta" in verdict.text


def test_a_named_gpu_outside_the_offering_is_still_evaluated():
    r = ask(model="8b", gpu="l4", lang="en")
    assert r.requested.gpu == "l4" and not r.requested.in_offering
    assert "do not rent" in r.alternatives[0].text


def test_bare_sizes_map_to_real_architectures_and_say_so():
    r = ask(model="70b")
    assert r.workload.model.name == "Llama 3.1 70B"
    assert any("Llama 3.1 70B" in a for a in r.assumptions)
    scaled = ask(model="13b")
    assert scaled.workload.model.scaled_from
    assert any("camadas" in a for a in scaled.assumptions)
    # A size its makers rounded down in the name is that model: Llama 3.2 1B (1.24B parameters), which had
    # been scaled down to 13 layers.
    named = ask(model="1b")
    assert named.workload.model.name == "Llama 3.2 1B" and not named.workload.model.scaled_from


@pytest.mark.parametrize("size_text", ["70b", "8b", "1.5b", "13b", "180b", "8x7b", "30b-a3b"])
def test_bare_sizes_never_use_full_multi_head_attention(size_text, catalog):
    r = ask(model=size_text)
    model = catalog.model(r.workload.model.scaled_from or r.workload.model.id)
    assert model.num_kv_heads < model.num_heads


def test_moe_keeps_every_expert_resident():
    r = ask(model="mixtral 8x7b")
    assert r.memory.weights == 2 * r.workload.model.params
    assert any("especialistas" in n for n in r.notes)


def test_contract_modes():
    assert ask(model="8b", intent=Intent.evaluation).contract.mode == "on_demand"
    assert ask(model="8b", intent=Intent.production).contract.mode == "reserved"
    assert ask(model="405b", precision="16bit", intent=Intent.production).contract.mode == "dedicated"
    assert ask(model="8b", stage=Stage.lora).contract.mode == "project_package"
    assert ask(model="8b").contract.reason


def test_lgpd_note_is_exact_about_slack():
    for lang, words in (("pt-BR", ("Brasil", "art. 33", "Slack")), ("en", ("Brazil", "Art. 33", "Slack"))):
        note = next(n for n in ask(model="8b", lang=lang).notes if "LGPD" in n)
        for word in words:
            assert word in note
        assert "outside Brazil" in note or "fora do Brasil" in note


def test_quantization_note_depends_on_the_task():
    rag = ask(model="70b", precision="4bit", task=Task.rag)
    reasoning = ask(model="70b", precision="4bit", task=Task.reasoning)
    assert any("indistinguível" in n for n in rag.notes)
    assert any("meça" in n for n in reasoning.notes)
    assert not any("Quantização" in n for n in ask(model="8b", precision="16bit").notes)


def test_latency_note_says_the_azure_tables_p95_figures():
    # latency.toml's figures are P95s (its source comment); the note had called them medians, with other figures
    note = next(n for n in ask(model="8b", lang="en").notes if n.startswith("Latency"))
    assert "~119 ms round trip" in note and "~176–192 ms to Western Europe" in note
    assert "Azure's published P95" in note and "median" not in note


@pytest.mark.parametrize(
    ("text", "lang", "brazil"),
    [
        ("hi, client wants gemma 3 27b for ~2k users/day, they're in Portugal", "en", "users in Brazil"),
        (
            "o cliente está em Lisboa, quer llama 3.1 8b para 50 utilizadores",
            "pt-PT",
            "utilizadores no Brasil",
        ),
        ("gemma 3 27b para 100 utilizadores em Portugal", "pt-PT", "utilizadores no Brasil"),
        ("llama 3.1 8b para 200 usuários na Europa", "pt-BR", "usuários no Brasil"),
        ("llama 3.1 8b for 40 users in Madrid and London", "en", "users in Brazil"),
    ],
)
def test_users_in_europe_hear_the_round_trip_to_them(text, lang, brazil):
    """The note had said the delay disappears for users in Brazil to a customer whose users are in Portugal."""
    from sizing.query import parse

    query = parse(text)
    assert query.workload.users_in_europe
    notes = size(query.workload.but(lang=lang)).notes
    note = next(n for n in notes if n.startswith(("Latency", "Latência")))
    assert "176–192 ms" in note and "P95" in note and brazil not in note


def test_a_port_is_no_place_in_europe():
    from sizing.query import parse

    assert not parse("llama 8b para 50 usuários, vllm no porto 8000").workload.users_in_europe


def test_english_on_request():
    r = ask(model="70b", precision="4bit", lang="en")
    assert r.workload.lang == "en"
    assert any(a.startswith("“70b”: I used") for a in r.assumptions)


def test_performance_estimates_say_what_model_they_come_from():
    r = ask(model="8b", context=8192, users=8, lang="en")
    est, p = r.estimates, r.recommendation.performance
    assert est.decode_tokens_per_s_per_user == p.tokens_per_s_per_user > 10
    assert est.decode_tokens_per_s_total == pytest.approx(p.output_tokens_per_s)
    assert est.time_to_first_token_s == p.ttft_s > 0
    assert est.text[0].startswith("Performance: ~")
    assert any(line.startswith("Performance model: vLLM on our GPUs, calibrated") for line in est.text)


def test_full_fine_tuning_splits_states_with_zero_across_gpus():
    r = ask(model="70b", stage=Stage.full)
    assert r.memory.weights + r.memory.gradients + r.memory.optimizer == 16 * r.workload.model.params
    rec = r.recommendation
    assert rec.count > 1 and rec.zero == 3
    assert rec.per_gpu.optimizer == pytest.approx(r.memory.optimizer / rec.count, abs=1)
    assert any(a.kind == "qlora_instead" for a in r.alternatives)


def test_pretraining_estimates_gpu_hours_and_days():
    r = ask(model="8b", stage=Stage.pretrain, tokens=10**12)
    est = r.estimates
    # Model FLOPs are 6·N·D (what MFU counts); recomputation's second forward is shown on its own.
    assert est.training_flops == 6 * r.workload.model.params * 10**12
    assert est.recompute_flops == 2 * r.workload.model.params * 10**12
    assert est.gpu_hours > 0 and est.wall_clock_days > 0
    assert r.contract.mode == "project_package"


def test_qlora_uses_an_nf4_base():
    r = ask(model="70b", stage=Stage.qlora)
    assert r.workload.precision == "nf4"
    assert r.memory.adapters > 0 and r.memory.gradients == 0
    assert any("QLoRA" in a for a in r.assumptions)


@pytest.mark.parametrize(
    ("kw", "key"),
    [
        (dict(model="8b", users=0), "not_positive_users"),
        (dict(model="8b", context=-5), "not_positive_context"),
        (dict(model="8b", context=200_000), "context_beyond_model"),
        (dict(model="1000000000b"), "absurd_size"),
        (dict(model="lama 70b"), "unknown_model_suggest"),
        (dict(model="8b", gpu="h300"), "unknown_gpu_suggest"),
        (dict(model="8b", precision="3.7bit"), "unknown_precision"),
        (dict(model="8b", stage=Stage.full, precision="4bit"), "quantized_full_training"),
        # A million conversations at once (a rate makes them conversations, not a head-count).
        (dict(model="8b", users=10**6, rate_per_s=1.0), "too_large_users"),
        (dict(model="8b", users=2 * 10**9), "traffic.bad_population"),  # more people than there are
    ],
)
def test_impossible_workloads_raise_one_clear_error(kw, key):
    with pytest.raises(SizingError) as e:
        ask(**kw)
    assert e.value.key.startswith(key)
    message, hint = e.value.message("pt-BR"), e.value.hint("pt-BR")
    assert message.endswith((".", "?")) and "{" not in message
    assert hint


def test_the_same_impossible_workload_is_refused_the_same_way_every_time(monkeypatch):
    from sizing import engine

    engine.clear_cache()
    computed = []
    real = engine._size
    monkeypatch.setattr(
        engine, "_size", lambda w, c, s=None, o=True, b=False: computed.append(w) or real(w, c, s, o, b)
    )
    errors = []
    for _ in range(3):  # the second and third come from the cache
        with pytest.raises(SizingError) as e:
            ask(model="8b", users=10**6, rate_per_s=1.0)
        errors.append(e.value)
    assert len(computed) == 1  # worked out once: the same question all day costs nothing more
    assert len({id(err) for err in errors}) == 3  # a fresh exception each time, no traceback chained on
    assert {(err.key, err.message("en"), err.hint("en")) for err in errors} == {
        (errors[0].key, errors[0].message("en"), errors[0].hint("en"))
    }


def test_did_you_mean_lists_real_models():
    with pytest.raises(SizingError) as e:
        ask(model="lama 3.1 70b")
    assert "Llama 3.1 70B" in e.value.message("en")


def test_capacity_reads_naturally_when_nothing_fits():
    r = ask(model="70b", precision="4bit", gpu="l40s", context=32768, users=2)
    text = " ".join([r.verdict.text, *(c.text for c in r.verdict.changes)])
    assert "contexto de até" in text and "para 2 usuários" in text  # a shorter context fits
    assert "Com até" not in text  # not even one user at 32k: fewer users is no answer
    assert " 0 usuários" not in text and "até 0" not in text


def test_training_shows_activations_with_and_without_checkpointing():
    r = ask(model="8b", stage=Stage.lora, seq_len=4096, batch=4)
    # The loss's logits stay either way; checkpointing shrinks what the layers keep.
    layers = r.memory.activations - r.memory.logits
    assert r.memory.activations_other_choice - r.memory.logits > 5 * layers
    off = ask(model="8b", stage=Stage.lora, seq_len=4096, batch=4, checkpointing=False)
    assert off.memory.activations == r.memory.activations_other_choice


def test_cpu_offload_moves_optimizer_states_to_host_memory():
    r = ask(model="8b", stage=Stage.full, cpu_offload=True)
    # Optimizer states (12 bytes) and the FP32 gradients they are updated with (4), in the servers' RAM.
    assert r.memory.optimizer == 0 and r.memory.host_offload == 16 * r.workload.model.params
    assert any("offload" in n for n in r.notes)


def test_prices_show_only_when_the_offering_has_them(catalog, tmp_path):
    from tests.data_folders import priced_copy

    assert ask(model="8b").recommendation.price_per_hour is None
    priced = load_catalog(priced_copy(tmp_path, {"l40s": "{ on_demand = 10.0, reserved = 7.5 }"}))
    r = size(Workload(model="8b", precision="16bit"), priced)
    assert r.recommendation.gpu == "l40s" and r.recommendation.price_per_hour == 10.0
    assert r.currency == "BRL"
    production = size(Workload(model="8b", intent=Intent.production), priced)
    assert production.recommendation.price_per_hour == 7.5


def test_a_pretraining_run_beyond_a_month_says_what_scale_it_needs():
    r = ask(model="70b", stage=Stage.pretrain, tokens=2 * 10**12)
    assert r.estimates.wall_clock_days > 30
    assert any("30 dias" in line for line in r.estimates.text)
    assert "× 10²³" in r.estimates.text[0]  # 6 × 70.6B × 2T = 8.5 × 10²³


def test_native_low_precision_weights_are_not_upsold_to_more_bits():
    r = ask(model="gpt-oss-20b")
    assert r.workload.precision == "mxfp4"
    assert not any(a.kind == "higher_precision_same_setup" for a in r.alternatives)
    awq = ask(model="8b", precision="4bit", users=2)
    assert any(a.kind == "higher_precision_same_setup" for a in awq.alternatives)


# -- deadlines -----------------------------------------------------------------------------------------


def test_a_deadline_picks_the_smallest_setup_that_finishes_in_time():
    relaxed = ask(model="3b", stage=Stage.pretrain, tokens=100 * 10**9, days=60)
    assert 20 < relaxed.estimates.wall_clock_days <= 60
    r = ask(model="3b", stage=Stage.pretrain, tokens=100 * 10**9, days=20)
    assert r.estimates.wall_clock_days <= 20
    assert r.recommendation.count > relaxed.recommendation.count
    assert any("prazo de 20 dias" in line for line in r.estimates.text)
    # Half as many GPUs would take twice as long and miss it: no bigger than the deadline needs.
    assert r.estimates.wall_clock_days * 2 > 20
    tighter = ask(model="3b", stage=Stage.pretrain, tokens=100 * 10**9, days=5)
    assert tighter.recommendation.count > r.recommendation.count and tighter.estimates.wall_clock_days <= 5


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
def test_a_run_with_no_deadline_is_sized_to_the_stated_default_not_to_one_gpu_for_years(lang):
    # "treinar 7b do zero 1 trilhão de tokens": one GPU would take ~1,700 days.
    r = ask(model="7b", stage=Stage.pretrain, tokens=10**12, lang=lang)
    default = load_catalog().offering.training.default_days
    assert r.workload.days == default and r.workload.days_assumed
    said = [a for a in r.assumptions if str(default) in a]
    assert said, r.assumptions  # the 30 days are stated as an assumption, not sprung on the reader
    assert r.recommendation.count == 32  # the fastest job we rent, not 1 GPU
    # A small run still gets the smallest setup: it finishes well inside the default anyway.
    small = ask(model="8b", stage=Stage.lora, tokens=20 * 10**6, lang=lang)
    assert small.recommendation.count == 1 and small.estimates.wall_clock_days < 1
    # Without data there is nothing to time, and no deadline is invented.
    assert ask(model="8b", stage=Stage.lora, lang=lang).workload.days is None


def test_a_deadline_nothing_we_rent_can_meet_is_said_plainly():
    r = ask(model="7b", stage=Stage.pretrain, tokens=10**12, days=14, lang="en")
    assert r.recommendation.count == 32  # the biggest job we rent: as close as it gets
    assert r.estimates.wall_clock_days > 14
    missed = next(line for line in r.estimates.text if "No setup we rent" in line)
    assert "14 days" in missed


def test_a_named_gpu_says_how_long_the_run_takes_and_whether_it_is_late():
    r = ask(model="8b", stage=Stage.full, tokens=15 * 10**9, gpu="h100", gpus=8, days=2)
    verdict = r.alternatives[0]
    assert verdict.kind == "named_gpu" and "passa do prazo de 2 dias" in verdict.text
    assert r.estimates.wall_clock_days <= 2  # the recommendation itself makes it


def test_a_deadline_does_not_change_what_serving_needs():
    plain = ask(model="70b", precision="4bit", users=10)
    r = ask(model="70b", precision="4bit", users=10, days=90)
    assert r.memory.total == plain.memory.total and r.recommendation.count == plain.recommendation.count
    assert any("90 dias" in a for a in r.assumptions)


# -- datasets -------------------------------------------------------------------------------------------


def test_examples_and_epochs_become_training_tokens_and_say_so():
    r = ask(model="8b", stage=Stage.lora, examples=50_000, epochs=3, seq_len=2048)
    assert r.workload.tokens == 50_000 * 2048 * 3
    said = " ".join(r.assumptions)
    assert "no máximo" in said and "3 épocas" in said
    assert "horas" in r.estimates.text[0]  # a short run is told in hours, not "0,4 dias"
    # Tokens, when given, are the exact figure: the examples' upper bound does not replace them.
    given = ask(model="8b", stage=Stage.lora, tokens=20 * 10**6, examples=50_000)
    assert given.workload.tokens == 20 * 10**6 and "no máximo" not in " ".join(given.assumptions)


# -- contract words ------------------------------------------------------------------------------------


def test_the_contract_the_customer_asks_for_is_the_one_advised_with_its_term():
    r = ask(model="70b", precision="4bit", users=20, contract="dedicated", term_days=360)
    assert r.contract.mode == "dedicated" and r.contract.asked
    assert "Dedicada por 12 meses, como pedido" in r.contract.reason
    assert "ocupa 1 das 8 GPUs" in r.contract.reason  # a whole server for a 1-GPU workload: said


def test_a_term_on_a_service_is_a_rental_period_not_a_training_deadline():
    # "por 12 meses" on an inference question: capacity must be there every day of it.
    r = ask(model="70b", precision="4bit", term_days=360)
    assert r.contract.mode == "reserved" and "por 12 meses" in r.contract.reason
    said = " ".join(r.assumptions + r.estimates.text + [a.text for a in r.alternatives])
    assert "prazo" not in said and "360" not in said
    assert r.workload.days is None and r.workload.term_days == 360
    short = ask(model="8b", term_days=7, lang="en")
    assert short.contract.mode == "on_demand" and "for 7 days" in short.contract.reason


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("piloto de 3 meses com 20 usuários, llama 3.1 70b", "Reservada por 3 meses: um serviço que roda"),
        ("avaliar o llama 3.1 70b com 20 usuários por 3 meses", "Reservada por 3 meses: um serviço que roda"),
        ("a 3-month pilot with 20 users, llama 3.1 70b", "Reserved for 3 months: a service running"),
        ("avaliar o llama 3.1 70b com 20 usuários por 2 semanas", "Sob demanda por 14 dias"),
    ],
)
def test_a_pilots_length_is_the_term_it_is_rented_for(text, said, capsys):
    # "piloto de 3 meses" had been given production's reason ("Reservada: produção precisa ..."), and
    # "3-month" was not understood
    from bot.cli import main as gpu_size
    from sizing.query import parse

    query = parse(text)
    assert query.workload.term_days in (90, 14) and query.workload.days is None
    assert not query.unknown
    assert gpu_size([text]) == 0
    assert f"{said}" in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "caveat"), [("pt-BR", "pode não haver GPU livre"), ("en", "no free GPU")])
def test_on_demand_for_production_is_honoured_with_its_caveat(lang, caveat):
    r = ask(model="8b", contract="on_demand", intent=Intent.production, lang=lang)
    assert r.contract.mode == "on_demand" and caveat in r.contract.reason


@pytest.mark.parametrize(
    "lang, model, users, said",
    [
        ("pt-BR", "8b", 1, "1 sequência por vez"),
        ("pt-BR", "1.5b", 1000, "até 1.000 sequências simultâneas"),
        ("pt-PT", "8b", 1, "1 sequência de cada vez"),
        ("en", "8b", 1, "1 sequence at a time"),
        # each copy runs its own engine: its share of the 2,500 (it had been all of them as one engine's)
        ("en", "0.5b", 2500, "on each of the 2 copies of the model: up to 1,250 concurrent sequences"),
        ("pt-BR", "8b", 1000, "em cada uma das 5 cópias do modelo: até 200 sequências simultâneas"),
    ],
)
def test_the_serving_engine_assumption_reads_right_for_one_user_and_for_thousands(lang, model, users, said):
    r = size(Workload.given({"model": model, "users": users, "users_at_once": True, "lang": lang}))
    engine = [a for a in r.assumptions if a.startswith("vLLM")]
    assert len(engine) == 1 and said in engine[0], engine
