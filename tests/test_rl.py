"""RL fine-tunes (GRPO, RLOO, PPO) sized as TRL runs them: hand calculations from TRL's defaults, published
figures with their sources and bands, and the answer through gpu-size and Slack."""

import json

import msgspec
import pytest

from bot.cli import main
from sizing import i18n, training
from sizing.engine import size
from sizing.query import parse

from .slack_harness import serve
from .slack_harness import text_of as _text
from .slack_harness import valid as _valid


def _size(text):
    return size(parse(text).workload)


def _vocab(catalog, model_id):
    return catalog.model(model_id).vocab_size


# -- TRL's defaults, by hand ---------------------------------------------------------------------------


def test_grpo_defaults_are_trls_and_said(catalog):
    r = _size("grpo qwen2.5 7b")
    w = r.workload
    assert w.method == "grpo" and w.stage == "full"
    # GRPOConfig (TRL v1.9): 8 generations, 256-token completions, beta 0 (no reference), vLLM colocated.
    assert msgspec.to_builtins(w.rl) == {"prompt_tokens": 512, "completion_tokens": 256, "generations": 8,
                                 "reference_model": False, "generation": "colocate", "reward_model": False,
                                 "reward_models": 0}  # fmt: skip
    assert w.seq_len == 768 and w.batch == 8
    said = " ".join(r.assumptions)
    for words in ("GRPO", "num_generations", "beta = 0", "vllm_gpu_memory_utilization", "colocate"):
        assert words in said, words


def test_grpo_logits_are_the_completions_only(catalog):
    # logits_to_keep: the loss reads the completion's 256 tokens of each of the 8 sequences, not 768.
    r = _size("grpo qwen2.5 7b")
    vocab = _vocab(catalog, "qwen2.5-7b")
    assert r.memory.logits == 8 * 256 * vocab * 16  # the HF stack's 16 bytes per logit (stacks.toml)


def test_grpo_colocated_vllm_holds_a_16_bit_copy_and_the_completions_kv(catalog):
    model = catalog.model("qwen2.5-7b")
    r = _size("grpo com lora no qwen2.5 7b")
    # A 16-bit copy of every weight (TRL loads the merged adapters into vLLM) + 8 completions x 768 tokens of
    # 16-bit KV: 28 layers x 4 KV heads x 128 x 2 (K and V) x 2 bytes = 57,344 bytes a token.
    kv = 8 * 768 * 28 * 4 * 128 * 2 * 2
    assert r.memory.generation == 2 * model.params + kv
    server = _size("grpo com lora no qwen2.5 7b, vllm server")
    assert server.memory.generation == 0
    assert server.memory.total == r.memory.total - r.memory.generation
    assert any("trl vllm-serve" in line for line in server.estimates.text)
    plain = _size("grpo com lora no qwen2.5 7b sem vllm")
    assert plain.memory.generation < r.memory.generation


def test_grpo_reference_model_only_with_beta_and_only_for_full_fine_tunes(catalog):
    params = catalog.model("qwen2.5-7b").params
    base = _size("grpo qwen2.5 7b")
    kl = _size("grpo qwen2.5 7b beta 0.04")
    assert kl.workload.rl.reference_model
    assert kl.memory.weights - base.memory.weights == 2 * params  # a frozen 16-bit copy
    lora, lora_kl = _size("grpo com lora no qwen2.5 7b"), _size("grpo com lora no qwen2.5 7b com kl")
    assert lora_kl.memory.total == lora.memory.total  # the base with the adapters off is the reference


def test_more_generations_per_prompt_than_the_micro_batch_make_a_larger_generation_batch(catalog):
    eight = _size("grpo com lora no qwen2.5 7b")
    sixteen = _size("grpo com lora no qwen2.5 7b, 16 gerações por prompt")
    assert sixteen.workload.rl.generations == 16
    kv8 = eight.memory.generation - 2 * catalog.model("qwen2.5-7b").params
    assert sixteen.memory.generation - eight.memory.generation == kv8  # twice the completions at once


def test_ppo_holds_policy_value_reward_and_reference(catalog):
    params = catalog.model("llama-3.1-8b").params
    r = _size("rlhf com ppo no llama 3.1 8b")
    assert r.workload.method == "ppo" and r.workload.rl.generation == "generate"
    m = r.memory
    # Policy and value model trained (2 + 2 + 12 bytes each with AdamW), reward and reference frozen (2 each).
    assert m.weights == 4 * 2 * params
    assert m.gradients == 2 * 2 * params and m.optimizer == 2 * 12 * params
    said = " ".join(r.assumptions)
    assert "PPO" in said
    assert "recompensa" in said


def test_ppo_with_lora_keeps_no_reference_and_adapts_the_value_model_too(catalog):
    model = catalog.model("llama-3.1-8b")
    r = _size("ppo com lora no llama 3.1 8b")
    # The policy's base and the value model's own base, plus the frozen reward model: three 16-bit bases.
    assert r.memory.weights == pytest.approx(3 * 2 * model.params, rel=0.001)
    assert r.memory.adapters == 2 * training.lora_params(model, 16) * 16


def test_rl_time_without_prompts_asks_for_them(catalog):
    # A token count does not say how many completions a run generates: the answer asks for its prompts.
    r = _size("grpo com lora no qwen2.5 7b, 500M tokens")
    assert r.estimates.gpu_hours is None and r.estimates.wall_clock_days is None
    assert any("quantos prompts" in line for line in r.estimates.text)
    assert not any("500M" in line for line in r.estimates.text)


def test_rl_time_is_generation_then_training_by_hand(catalog):
    from sizing import performance

    r = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos, completions de 1024 tokens")
    model, setup = catalog.model("qwen2.5-7b"), r.recommendation
    completions = 20_000 * 8  # TRL's num_generations = 8
    tokens = completions * (512 + 1024)
    # LoRA: the policy's forward and backward without weight gradients, 4·N·D; no reference (beta = 0).
    assert r.estimates.training_flops == pytest.approx(4 * model.params * tokens)
    training_s = r.estimates.training_flops / (
        setup.count
        * catalog.gpu(setup.gpu).bf16_dense_tflops
        * 1e12
        * catalog.training_mfu(catalog.gpu(setup.gpu))
    )
    # Each rank's vLLM generates its 8 completions at once, 1,024 decode steps a round.
    engine = performance.replica(
        model, catalog.precision("bf16"), catalog.gpu(setup.gpu), catalog, max_seqs=8
    )
    generation_s = completions / (8 * setup.count) * performance.generation_round(engine, 512, 1024, 8)
    assert r.estimates.wall_clock_days * 86400 == pytest.approx(generation_s + training_s)
    assert r.estimates.gpu_hours == pytest.approx((generation_s + training_s) * setup.count / 3600)
    assert generation_s > 2 * training_s  # at TRL's small generation batch, generation dominates
    [line] = [line for line in r.estimates.text if line.startswith("Estimativa")]
    assert "20.000 prompts × 8 respostas = 160.000 respostas de até 1.024 tokens" in line


def test_longer_completions_and_a_reference_cost_more_time(catalog):
    from sizing import performance

    model, gpu = catalog.model("qwen2.5-7b"), catalog.gpu("h100-sxm")
    engine = performance.replica(model, catalog.precision("bf16"), gpu, catalog, max_seqs=8)
    # A round lasts its longest completion: 4x the decode steps (a little more KV read each; the same prefill).
    short, long = (performance.generation_round(engine, 512, c, 8) for c in (512, 2048))
    assert 3.5 < long / short < 4.5
    plain = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos, completions de 512 tokens").estimates
    kl = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos, completions de 512 tokens, beta 0.04").estimates
    assert kl.training_flops == pytest.approx(plain.training_flops * 6 / 4)  # + the reference's 2·N·D


def test_two_epochs_go_through_the_prompts_twice(catalog):
    one = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos").estimates
    two = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos, 2 epocas").estimates
    assert two.training_flops == pytest.approx(2 * one.training_flops)


def test_ppo_time_counts_its_four_models_and_is_not_estimated_without_vllm(catalog):
    r = _size("ppo no llama 3.1 8b com 10 mil exemplos")
    assert r.estimates.gpu_hours is None
    assert any("sem vLLM" in line for line in r.estimates.text)
    served = _size("ppo no llama 3.1 8b com 10 mil exemplos, vllm colocate").estimates
    model = catalog.model("llama-3.1-8b")
    # The policy and the value model trained (6·N·D each), the reward model's and the reference's forwards.
    assert served.training_flops == pytest.approx(16 * model.params * 10_000 * (512 + 256))  # one answer each
    assert any("10.000 prompts, uma resposta cada, de até 256 tokens" in line for line in served.text)


def test_a_large_model_generates_on_gpus_of_its_own(catalog):
    # A 16-bit 70B is 141 GB: beside the training it would take most of an H200, so server mode (as TRL's
    # "GRPO at scale" recipe runs it), said, with the GPUs trl vllm-serve needs.
    r = _size("grpo com lora no llama 3.1 70b")
    assert r.workload.rl.generation == "server" and r.memory.generation == 0
    assert any("Modo servidor" in a for a in r.assumptions)
    assert any("trl vllm-serve" in line and "H200" in line for line in r.estimates.text)
    assert r.recommendation is not None


def test_named_gpu_verdict_and_changes_work_for_rl():
    r = _size("grpo qwen2.5 7b numa h100")
    assert r.verdict is not None and not r.requested.fits
    assert any("LoRA" in c.text for c in r.verdict.changes)
    fits = _size("grpo com lora no qwen2.5 7b numa h100")
    assert fits.requested.fits


# -- RLOO: GRPO's loop, k completions each scored against the others' mean, a reference and a reward model --


def test_rloo_defaults_are_trls_and_said(catalog):
    r = _size("qwen2.5 7b rloo 2000 prompts")
    w = r.workload
    assert w.method == "rloo" and w.stage == "full"
    # RLOOConfig (TRL v1.9): num_generations 2, 256-token completions, beta 0.05 (a reference is loaded);
    # the reward model of the RLOO paper's RLHF runs, vLLM colocated as GRPO here.
    assert msgspec.to_builtins(w.rl) == {"prompt_tokens": 512, "completion_tokens": 256, "generations": 2,
                                 "reference_model": True, "generation": "colocate", "reward_model": True,
                                 "reward_models": 1}  # fmt: skip
    said = " ".join(r.assumptions)
    for words in ("RLOO", "Leave-One-Out", "sem modelo de valor", "2 respostas por prompt",
                  "modelo de recompensa congelado", "função de recompensa"):  # fmt: skip
        assert words in said, words
    # As the README's RL section says: the three models' weights, on 2× H200 with ZeRO-3.
    assert i18n.gb(r.memory.weights, "en") == "45.7 GB"
    rec = r.recommendation
    assert (rec.count, rec.gpu, rec.zero) == (2, "h200-sxm", 3)


def test_rloo_holds_policy_reference_and_reward_model_but_no_value_model(catalog):
    params = catalog.model("qwen2.5-7b").params
    rloo = _size("rloo qwen2.5 7b")
    grpo_kl = _size("grpo qwen2.5 7b beta 0.04")
    m = rloo.memory
    # The policy (2 bytes), the frozen reference and the frozen reward model (2 each); gradients and AdamW
    # states of the policy alone: no value model, unlike PPO.
    assert m.weights == 3 * 2 * params
    assert m.gradients == 2 * params and m.optimizer == 12 * params
    assert m.weights - grpo_kl.memory.weights == 2 * params  # GRPO with a KL term, plus the reward model
    ppo = _size("ppo qwen2.5 7b")
    assert ppo.memory.gradients == 2 * m.gradients  # PPO trains a value model too
    # With reward functions (a verifier) the reward model leaves the count; with beta 0 the reference too.
    functions = _size("rloo qwen2.5 7b com função de recompensa")
    assert m.weights - functions.memory.weights == 2 * params
    bare = _size("rloo qwen2.5 7b with reward functions, beta 0 en")
    assert bare.memory.weights == 2 * params and not bare.workload.rl.reference_model
    assert any("beta = 0" in a for a in bare.assumptions)


def test_rloo_with_lora_uses_the_base_as_its_reference_and_keeps_the_reward_model(catalog):
    model = catalog.model("qwen2.5-7b")
    r = _size("rloo com lora no qwen2.5 7b")
    # The frozen 16-bit base (also the reference, adapters off) and a reward model of the same size.
    assert r.memory.weights == pytest.approx(2 * 2 * model.params, rel=0.001)
    assert any("adaptadores desligados" in a for a in r.assumptions)


def test_rloo_generates_k_completions_per_prompt_in_vllm(catalog):
    model = catalog.model("qwen2.5-7b")
    two = _size("rloo com lora no qwen2.5 7b")
    # Generation batch of TRL's per_device_train_batch_size (8 completions), 4 groups of k = 2.
    kv = 8 * 768 * 28 * 4 * 128 * 2 * 2
    assert two.memory.generation == 2 * model.params + kv
    sixteen = _size("rloo com lora no qwen2.5 7b, rloo_k=16")
    assert sixteen.workload.rl.generations == 16
    assert sixteen.memory.generation - two.memory.generation == kv  # two micro-batches generated at once


def test_rloo_time_is_generation_then_the_policy_and_two_frozen_forwards(catalog):
    r = _size("qwen2.5 7b rloo 2000 prompts")
    model = catalog.model("qwen2.5-7b")
    tokens = 2000 * 2 * (512 + 256)  # k = 2 completions per prompt
    # 6·N·D for the full policy, 2·N·D for the reward model's forward and 2·N·D for the reference's.
    assert r.estimates.training_flops == pytest.approx(10 * model.params * tokens)
    [line] = [line for line in r.estimates.text if line.startswith("Estimativa")]
    assert "2.000 prompts × 2 respostas = 4.000 respostas de até 256 tokens" in line
    assert "6·N·D + 2·N·D + 2·N·D" in line and "Geração no vLLM" in line
    functions = _size("qwen2.5 7b rloo 2000 prompts, recompensas verificáveis")
    assert functions.estimates.training_flops == pytest.approx(8 * model.params * tokens)


@pytest.mark.parametrize(
    ("text", "lang", "name"),
    [
        ("qwen2.5 7b rloo 2000 prompts", "pt-BR", "RLOO"),
        ("RLOO com LoRA no llama 3.1 8b, 4 amostras por prompt pt-pt", "pt-PT", "RLOO"),
        ("RLOOTrainer on llama 3.1 8b with lora, rloo_k=4, 10k prompts", "en", "RLOO"),
        ("reinforce leave-one-out on qwen 7b with qlora", "en", "RLOO"),
    ],
)
def test_rloo_is_answered_in_each_language_through_gpu_size(text, lang, name, capsys):
    assert main([text]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert name in first and "Não entendi" not in out and "Not understood" not in out
    assert {"pt-BR": "Recomendação", "pt-PT": "Recomendação", "en": "Recommendation"}[lang] in out
    assert "{" not in out and "Leave-One-Out" in out


def test_grpo_with_a_reward_model_counts_it():
    params = _size("grpo qwen2.5 7b").workload.model.params
    plain, scored = _size("grpo qwen2.5 7b"), _size("grpo qwen2.5 7b com modelo de recompensa")
    assert scored.memory.weights - plain.memory.weights == 2 * params
    assert scored.workload.rl.reward_model and not plain.workload.rl.reward_model


def test_rloo_json_carries_its_settings(capsys):
    assert main(["rloo com lora no qwen 7b, 3000 prompts", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["method"] == "rloo"
    # The KL reference is there (beta 0.05), as the base with the adapters off: no second copy in memory.
    assert data["workload"]["rl"] == {"prompt_tokens": 512, "completion_tokens": 256, "generations": 2,
                                      "reference_model": True, "generation": "colocate", "reward_model": True,
                                      "reward_models": 1}  # fmt: skip
    assert data["estimates"]["wall_clock_days"] > 0
    assert main(["--model", "qwen2.5-7b", "--stage", "lora", "--method", "rloo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workload"]["method"] == "rloo"


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
def test_rl_assumptions_are_in_each_language(lang):
    text = {"pt-BR": "grpo com lora no qwen 7b", "pt-PT": "grpo com lora no qwen 7b pt-pt",
            "en": "grpo with lora on qwen 7b en"}[lang]  # fmt: skip
    r = _size(text)
    assert r.workload.lang == lang
    said = " ".join(r.assumptions)
    assert "num_generations" in said and "{" not in said


# -- published figures ---------------------------------------------------------------------------------

# unsloth.ai/blog/grpo, "GRPO VRAM Breakdown" (Feb 2025): Llama 3.1 8B, GRPO with QLoRA at 20K context,
# num_generations = 8. TRL + FA2: 510.8 GB in all (training 414 + GRPO loss 78.3 + a 16 GB vLLM copy + 2.5 GB
# of KV cache); unsloth: 54.3 GB (42 + 9.8 + no copy + 2.5).
LLAMA_20K = (
    "grpo com qlora no llama 3.1 8b, prompt de 256 tokens, completions de 20000 tokens, 8 gerações por prompt"
)


def test_trl_grpo_at_20k_matches_unsloths_published_trl_figure():
    r = _size(LLAMA_20K)
    # Band 0.85-1.2: the total is the figure that decides a GPU; the split differs (the table counts the
    # logits at 4 bytes, the HF stack here at 16, and the hidden states at 2 where PEFT's k-bit upcast makes
    # them 4), so only the total is held to the band.
    assert 0.85 <= r.memory.total / 510.8e9 <= 1.2
    # The vLLM copy, figure for figure: "Inference Cost 16GB" (beside the 8 completions' 16-bit KV cache:
    # 32 layers x 8 KV heads x 128 x 2 x 2 bytes a token).
    copy = r.memory.generation - 8 * 20256 * 32 * 8 * 128 * 2 * 2
    assert copy / 1e9 == pytest.approx(16, rel=0.01)


def test_unsloth_grpo_at_20k_matches_its_published_figure():
    r = _size(LLAMA_20K + " com unsloth")
    assert r.workload.stack == "unsloth"
    # No second copy of the weights (fast_inference), as the table's "Inference Cost 0GB".
    kv = r.memory.generation
    assert kv == 8 * 20256 * 32 * 8 * 128 * 2 * 2
    # Band 1.0-1.3 of 54.3 GB: here the KV cache holds all 8 completions at once (vLLM generates the group
    # together, 21 GB), where the table counts one 20K sequence (2.5 GB); without that difference the rest
    # is within 15% of the table.
    assert 1.0 <= r.memory.total / 54.3e9 <= 1.3
    rest = r.memory.total - kv + 2.5e9
    assert rest / 54.3e9 == pytest.approx(1.0, abs=0.15)


def test_openrlhf_70b_ppo_needs_what_its_published_setup_gives(catalog):
    # OpenRLHF examples/scripts/train_ppo_llama_ray_70b.sh: Llama 3 70B PPO (actor, critic, reference and
    # reward of 70B), ZeRO-3, --adam_offload, gradient checkpointing, micro-batch 1, 1024 + 1024 tokens, on
    # 12 training GPUs (actor 4, critic 4, ref 2, reward 2; 80 GB each) and 4 more for vLLM. Sized here as
    # one ZeRO-3 group holding all four models: 8 A100 80 GB are too few and 16 hold it, so OpenRLHF's 12
    # fall inside the band (8, 16] (our servers come in 8s).
    text = "ppo no llama 3.1 70b em {n} a100 80gb com cpu offload, modo servidor, prompt de 1024 tokens, respostas de 1024 tokens, lote 1"
    eight, sixteen = _size(text.format(n=8)), _size(text.format(n=16))
    assert not eight.requested.fits and sixteen.requested.fits
    total = sixteen.requested.per_gpu.total * 16
    assert 12 * 0.9 * 80e9 * 0.8 <= total <= 16 * 80e9  # about the memory of OpenRLHF's 12 training GPUs


# -- through the real pipeline -------------------------------------------------------------------------


def test_gpu_size_json_has_the_rl_settings_and_the_generation_memory(capsys):
    assert main(["grpo com lora no qwen 7b, 8 gerações por prompt", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["method"] == "grpo"
    assert data["workload"]["rl"]["generations"] == 8
    assert data["memory"]["generation"] > 0 and isinstance(data["memory"]["generation"], int)
    for key in ("weights", "gradients", "optimizer", "adapters", "activations", "overhead", "total"):
        assert isinstance(data["memory"][key], int)  # the keys other tools read are all still there
    assert main(["lora no qwen 7b", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workload"]["rl"] is None


def test_gpu_size_flag_names_the_method(capsys):
    assert main(["--model", "qwen2.5-7b", "--stage", "lora", "--method", "ppo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["method"] == "ppo" and data["workload"]["rl"]["reference_model"]


def test_slack_answers_grpo_with_valid_blocks(tmp_path):
    with serve(tmp_path) as slack:
        reply = slack.command("GRPO com LoRA no qwen 7b, 8 gerações por prompt")
        blocks = reply["blocks"]
        _valid(blocks)
        text = _text(blocks)
        assert "GRPO" in text and "Geração" in text and "Recomendação" in text
        [row] = slack.rows()
        assert row["outcome"] == "answered" and json.loads(row["workload"])["method"] == "grpo"
        # With its prompts, the run's time: generation and training, in the answer Slack shows.
        timed = slack.command("GRPO com LoRA no llama 3.1 70b, 20 mil prompts, em 3 dias")["blocks"]
        _valid(timed)
        assert "20.000 prompts × 8 respostas" in _text(timed) and "Geração no vLLM" in _text(timed)


def test_the_understood_line_names_the_rl_settings(capsys):
    assert main(["grpo llama 8b com lora, beta 0.04, vllm server, 16 gerações por prompt"]) == 0
    out = capsys.readouterr().out
    assert (
        "GRPO · 16 respostas por prompt · servidor vLLM em GPUs próprias · modelo de referência (KL)" in out
    )


def test_an_rl_deadline_picks_a_setup_that_finishes_in_time(catalog):
    # Without a deadline the smallest setup that holds it (~1.8 days on an L40S); within a day, a faster one.
    loose = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos")
    tight = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos, em 1 dia")
    assert loose.estimates.wall_clock_days > 1
    assert tight.estimates.wall_clock_days <= 1 and tight.recommendation != loose.recommendation
    assert any("dentro do prazo" in line for line in tight.estimates.text)
    named = _size("grpo com lora no qwen2.5 7b, 20 mil exemplos, numa h100")
    assert "O treino leva ~14 horas nessa configuração" in named.verdict.text


def test_an_moe_rl_run_counts_its_active_parameters(catalog):
    model = catalog.model("qwen3-30b-a3b")
    r = _size("grpo com lora no qwen3 30b-a3b, 10 mil exemplos")
    assert r.estimates.training_flops == pytest.approx(4 * model.active_params * 10_000 * 8 * (512 + 256))
    assert model.active_params < model.params / 5


@pytest.mark.parametrize(
    ("text", "prompt", "completion"),
    [
        # Each had been a context: "1024 tokens de completion" a 1,024-token sequence, with TRL's default
        # 512-token prompt taken out of it.
        ("grpo qwen 7b 1024 tokens de completion", training.RL_PROMPT, 1024),
        ("grpo qwen 7b completions de 512 tokens", training.RL_PROMPT, 512),
        ("qwen 7b grpo max_prompt_length 256 max_completion_length 2048", 256, 2048),
        ("grpo llama 8b 256 prompt tokens 1k completion tokens", 256, 1024),
        ("grpo qwen 7b 16 gerações por prompt, prompts de 300 tokens", 300, training.RL_COMPLETION),
    ],
)
def test_rl_prompt_and_completion_lengths_are_the_generations(text, prompt, completion):
    query = parse(text)
    assert query.unknown == [] and query.workload.context is None
    rl = size(query.workload).workload.rl
    assert (rl.prompt_tokens, rl.completion_tokens) == (prompt, completion)


@pytest.mark.parametrize(
    ("text", "prompts", "prompt_tokens"),
    [
        # A count of prompts is the run's dataset (its time scales with it), never a prompt's length or a
        # context: "5 mil prompts" had been a 5,000-token context, "20k prompts" 20,480-token prompts.
        ("grpo no qwen2.5 7b com 5 mil prompts, 8 geracoes por prompt", 5_000, None),
        ("grpo with lora on qwen2.5 7b, 20k prompts", 20_000, None),
        ("grpo qwen 7b dataset de 10 mil perguntas de matemática", 10_000, None),
        ("grpo qwen 7b, 12k math problems, completions de 1024 tokens", 12_000, None),
        ("grpo qwen 7b 5000 prompts de 300 tokens", 5_000, 300),
        ("ppo llama 8b 10 mil prompts", 10_000, None),
        # Lengths stay lengths.
        ("grpo qwen 7b 256 prompt tokens", None, 256),
        ("grpo qwen 7b prompts de 300 tokens", None, 300),
    ],
)
def test_a_count_of_prompts_is_the_rl_runs_dataset(text, prompts, prompt_tokens):
    q = parse(text)
    assert (q.workload.examples, q.workload.prompt_tokens, q.workload.context) == (
        prompts,
        prompt_tokens,
        None,
    )
    if prompts and not text.startswith("ppo"):  # PPO generates with model.generate here: no time
        r = size(q.workload)
        shown = i18n.number(prompts, r.workload.lang)
        assert r.estimates.wall_clock_days and any(f"{shown} prompts" in line for line in r.estimates.text)


@pytest.mark.parametrize(
    "text",
    [
        # "16 generations" had been answers of 16 tokens; with a completion length too, a contradiction.
        "GRPO qwen2.5 7b lora com 16 generations",
        "GRPO qwen2.5 7b full, 10k prompts, 16 generations each",
        "GRPO qwen2.5 7b lora 16 generations e max completion 1024",
        "grpo qwen 7b com 16 gerações",
    ],
)
def test_generations_counted_in_plain_words_are_the_group_size(text):
    query = parse(text)
    assert query.unknown == [] and query.workload.rl_generations == 16
