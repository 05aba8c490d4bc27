"""Training questions as people ask them in Slack, one round (2026-12-06), as tests/test_phrasings_round5.py did
for serving: a data scientist sizing a fine-tune, a researcher continuing a pre-training, an ML engineer pasting a
DeepSpeed JSON or a torchrun / accelerate / LLaMA-Factory command line, RL askers, people from Portugal and in
English. Each was read through gpu-size and judged against what the asker meant and against published figures;
the misreadings fixed are pinned here with a sample of those read right. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json

UNKNOWN = ("Não entendi", "Não percebi", "Not understood")


def _understood(capsys, *args: str) -> str:
    """The answer's "Entendi" line, after checking that no word of the question was left unread."""
    lines = answer(capsys, *args).splitlines()
    assert not any(word in line for line in lines[:3] for word in UNKNOWN), lines[:3]
    return lines[0]


# -- a ZeRO stage or FSDP with nothing else says a training: they shard a training's states -------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Had been a serving of one user, told that ZeRO "does not apply here".
        ("zero3 llama 3.1 8b 2 gpus de 24gb, cabe?", "ajuste fino completo · 2× GPU de 24 GB · ZeRO-3"),
        ("DeepSpeed ZeRO-3 per GPU memory for a 13B model on 8 GPUs", "full fine-tuning · 8 GPUs · ZeRO-3"),
        ("ZeRO stage 1 70b 64 gpus per gpu memory", "full fine-tuning · 64 GPUs · ZeRO-1"),
        ("fsdp2 llama 3.1 8b 4 h100", "ajuste fino completo · 4× H100 SXM 80 GB · ZeRO-3"),
        (
            "Com ZeRO-2, quanto ocupa o Qwen2.5 7B em 4 placas H100?",
            "ajuste fino completo · 4× H100 SXM 80 GB · ZeRO-2",
        ),
    ],
)
def test_a_zero_stage_alone_is_a_training(capsys, text, said):
    first = _understood(capsys, text)
    assert said in first, first


def test_a_zero_stage_with_users_to_serve_is_still_a_serving(capsys):
    # users said: the question is a serving, and the note that ZeRO shards a training stays (tests/test_zero_choice.py)
    out = answer(capsys, "llama 3.1 8b para 20 usuários com zero-3")
    assert "ajuste fino" not in out.splitlines()[0]
    assert "ZeRO e FSDP fatiam um treino" in out


# -- the CPU an offload goes to is no training on CPUs --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "fsdp com cpu offload dos parâmetros llama 3.1 70b em 4 a100 80gb",
            "pesos e otimizador na RAM da CPU",
        ),
        ("quanto de ram de cpu preciso pra zero-3 offload do llama 3.1 70b?", "otimizador na RAM da CPU"),
        (
            "deepspeed zero stage 3, offload_param cpu, offload_optimizer cpu, llama 3.1 8b, 2 rtx 4090",
            "pesos e otimizador na RAM da CPU",
        ),
    ],
)
def test_an_offload_to_the_cpu_is_read_as_one(capsys, text, said):
    out = answer(capsys, text)
    first = out.splitlines()[0]
    assert "ajuste fino completo" in first and said in first, first
    # had said "alugamos GPUs ... Treinar um LLM em CPU leva ordens de grandeza mais tempo"
    assert "Treinar um LLM em CPU" not in out and "Não entendi" not in out


@pytest.mark.parametrize(
    "text",
    [
        "Afinar o Llama 3.1 8B com LoRA para um assistente em português europeu, quanta memória de GPU?",
        "llama 3.1 8b for 10 users, answer in european portuguese",
    ],
)
def test_european_portuguese_is_a_language_not_users_in_europe(capsys, text):
    # had added "utilizadores na Europa (latência)", and a note on the latency from Brazil
    first = answer(capsys, text).splitlines()[0]
    assert "Europa" not in first and "Europe" not in first, first


def test_users_in_portugal_are_still_in_europe(capsys):
    assert "usuários na Europa (latência)" in _understood(capsys, "llama 3.1 8b para 10 usuários em portugal")


# -- configs pasted whole ------------------------------------------------------------------------------------


def test_a_deepspeed_json_is_read(capsys):
    # DeepSpeed's config keys (deepspeed.ai docs, "DeepSpeed Configuration JSON"): zero_optimization.stage,
    # offload_optimizer.device, bf16.enabled, train_micro_batch_size_per_gpu
    first = _understood(
        capsys,
        '{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}}, "bf16": {"enabled": true}, '
        '"train_micro_batch_size_per_gpu": 2} llama 3.1 70b em 8 h100',
    )
    for said in ("ajuste fino completo", "8× H100 SXM 80 GB", "lote 2", "ZeRO-3", "otimizador na RAM da CPU"):
        assert said in first, first


def test_a_deepspeed_json_with_its_stage_2(capsys):
    first = _understood(
        capsys,
        '{"zero_optimization": {"stage": 2}, "gradient_accumulation_steps": 16, '
        '"train_micro_batch_size_per_gpu": 4, "fp16": {"enabled": true}} qwen2.5 14b 4 a100',
    )
    assert "ZeRO-2" in first and "gradient accumulation 16" in first, first


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # A trainer's flags had been dropped as a serving engine's unknown ones, and the line sized as a serving.
        (
            "torchrun --nproc_per_node 8 train.py --model_name_or_path meta-llama/Llama-3.1-8B "
            "--per_device_train_batch_size 4 --gradient_checkpointing True --bf16 True --deepspeed ds_z3.json",
            ("ajuste fino completo", "8 GPUs", "lote 4", "ZeRO-3", "com gradient checkpointing"),
        ),
        (
            "accelerate launch --num_processes 4 --use_fsdp train.py --model mistralai/Mistral-7B-v0.1 "
            "--per_device_train_batch_size 2 --max_seq_length 4096",
            ("ajuste fino completo", "4 GPUs", "sequências de 4.096 tokens", "lote 2", "ZeRO-3"),
        ),
        (
            "llamafactory-cli train --model_name_or_path Qwen/Qwen2.5-14B --finetuning_type lora --lora_rank 16 "
            "--per_device_train_batch_size 2 --cutoff_len 4096 --deepspeed ds_z2.json",
            (
                "ajuste fino com LoRA",
                "sequências de 4.096 tokens",
                "ZeRO-2",
                "LLaMA-Factory",
                "LoRA de rank 16",
            ),
        ),
    ],
)
def test_a_trainer_s_command_line_is_a_training(capsys, text, said):
    first = _understood(capsys, text)
    for words in said:
        assert words in first, first


def test_a_config_file_in_its_folder_is_no_second_model(capsys):
    # Axolotl's YAML on one line: "deepspeed_configs/zero2.json" had been a repo, and the question refused as
    # naming two models
    first = _understood(
        capsys,
        "base_model: Qwen/Qwen2.5-7B-Instruct adapter: lora lora_r: 16 sequence_len: 8192 micro_batch_size: 1 "
        "flash_attention: true deepspeed: deepspeed_configs/zero2.json",
    )
    assert "Qwen2.5 7B · ajuste fino com LoRA" in first and "ZeRO-2" in first, first


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("fsdp: full_shard, llama 3.1 8b, num_processes: 4", "4 GPUs · ZeRO-3"),
        # PyTorch FSDP docs, ShardingStrategy: SHARD_GRAD_OP shards gradients and optimizer states, as ZeRO-2
        ("fsdp_sharding_strategy: SHARD_GRAD_OP, llama 3.1 8b full, 8 h100", "8× H100 SXM 80 GB · ZeRO-2"),
        ("nproc_per_node: 8, llama 3.1 8b full", "full fine-tuning · 8 GPUs"),
        # ZeRO++ (arXiv:2306.10209) is ZeRO-3 with quantized communication; "without zero" is plain DDP
        ("zero++ zero 3 llama 70b 32 gpus", "32 GPUs · ZeRO-3"),
        ("full fine-tune of gemma 2 27b bf16 adamw on 8 H100 without zero", "8× H100 SXM 80 GB · ZeRO-0"),
        (
            "continuação do pré-treino do sabiá 7b com 30B tokens",
            "Sabiá-7B · treino do zero / pré-treino contínuo",
        ),
        # the optimizer's key (transformers' TrainingArguments optim) and TRL's SFTTrainer had been words not read
        (
            "ajuste fino completo do llama 3.1 8b com otimizador adamw 8 bits e zero 2 em 2 h100",
            "AdamW de 8 bits",
        ),
        ("full ft llama 8b com otimizador adafactor", "Adafactor"),
        ("full ft llama 8b, optim: paged_adamw_8bit", "AdamW de 8 bits"),
        (
            "SFTTrainer do TRL com peft lora r 16 no gemma 2 27b, per_device_train_batch_size=1, "
            "gradient_accumulation_steps=16, max_seq_length=2048",
            "ajuste fino com LoRA",
        ),
    ],
)
def test_a_trainer_s_key_is_read(capsys, text, said):
    assert said in _understood(capsys, text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("lora_r 16 llama 3.1 8b", "ajuste fino com LoRA · LoRA de rank 16"),
        ("--lora_target q_proj,v_proj --lora_rank 8 llama 2 7b", "ajuste fino com LoRA · LoRA de rank 8"),
    ],
)
def test_a_lora_rank_key_is_an_adapter_trained(capsys, text, said):
    # PEFT's LoraConfig(r=...), Axolotl's lora_r, LLaMA-Factory's lora_rank: had been a serving, the rank unused
    assert said in _understood(capsys, "--", text)


def test_a_served_adapter_s_rank_is_still_served(capsys):
    first = _understood(capsys, "llama 3.1 8b com 4 loras rank 64")
    assert "4 adaptadores LoRA" in first and "ajuste fino" not in first, first


# -- a pre-training on hundreds of GPUs ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Had been a 512-token context on one H100.
        ("pretrain llama-style 7b from scratch, 2T tokens, 512 h100, how long?", "512× H100 SXM 80 GB"),
        ("pré-treino de um 7b com 2T tokens, 256 h100", "256× H100 SXM 80 GB"),
    ],
)
def test_a_pre_training_s_cluster_is_gpus(capsys, text, said):
    first = _understood(capsys, text)
    assert said in first and "contexto" not in first and "context" not in first, first


def test_chinchilla_optimal_is_a_pre_training_at_20_tokens_a_parameter(capsys):
    # Hoffmann et al. 2022 (arXiv:2203.15556): ~20 tokens a parameter; Llama 3.2 1B has 1.24B (config.json).
    # "chinchilla" had been a word not understood, and the 1B served.
    text = "chinchilla optimal pra um modelo de 1b, quantos tokens e quanto tempo em 8 h100?"
    assert "treino do zero / pré-treino contínuo · 8× H100 SXM 80 GB" in _understood(capsys, text)
    out = answer(capsys, text)
    assert "usei 25 bilhões de tokens (20 por parâmetro, a regra do Chinchilla)" in out
    assert "O treino leva ~16 horas nessa configuração" in out  # 6·N·D at 40% of 8 × 989 TFLOPS


def test_a_serving_s_power_of_two_before_a_gpu_is_still_its_context(capsys):
    assert "256 tokens de contexto" in _understood(capsys, "llama 8b 256 h100")


# -- figures against published ones --------------------------------------------------------------------------


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_zero_stages_per_gpu_match_the_zero_paper(capsys, stage):
    # Rajbhandari et al. 2019 (arXiv:1910.02054), section 5 / figure 1: mixed-precision Adam keeps 2 + 2 + 12 bytes
    # per parameter; ZeRO-1 splits the 12 over the N GPUs, ZeRO-2 the gradients' 2 too, ZeRO-3 all 16.
    out = answer_json(capsys, f"full fine-tune do llama 3.1 8b com zero {stage} em 64 h100")
    params = out["workload"]["model"]["params"]
    per_gpu = out["requested"]["per_gpu"]
    states = per_gpu["weights"] + per_gpu["gradients"] + per_gpu["optimizer"]
    expected = {1: 4 * params + 12 * params / 64, 2: 2 * params + 14 * params / 64, 3: 16 * params / 64}[
        stage
    ]
    assert states == pytest.approx(expected, rel=0.01)


def test_mixed_precision_adam_is_16_bytes_a_parameter(capsys):
    # ZeRO paper (arXiv:1910.02054) and Hugging Face's "Model memory anatomy": 2 + 2 + 4 + 4 + 4 bytes
    out = answer_json(capsys, "full fine-tune do llama 3.1 8b numa h200")
    memory, params = out["memory"], out["workload"]["model"]["params"]
    assert memory["weights"] + memory["gradients"] + memory["optimizer"] == pytest.approx(
        16 * params, rel=0.001
    )


def test_qlora_of_a_65b_class_model_fits_one_48_gb_gpu(capsys):
    # QLoRA paper (Dettmers et al. 2023, arXiv:2305.14314): LLaMA 65B fine-tuned on a single 48 GB GPU, now with
    # LLaMA 1's own architecture (tests/test_training_round2.py pins its memory against the paper's 41 GB); at
    # the paper's 512-token sequences it fits an RTX A6000.
    out = answer(capsys, "qlora do llama 65b com sequências de 512 tokens numa a6000 48gb, cabe?")
    assert "1× RTX A6000 48 GB: cabe" in out


def test_llama_3_1_405b_gpu_hours_match_its_model_card(capsys):
    # 6·N·D (Kaplan et al. 2020; Llama 3 paper, arXiv:2407.21783: 3.8 × 10^25 FLOPs for 405B on 15.6T tokens) at
    # 40% MFU (the paper reports 38-43% BF16 MFU): the Llama 3.1 model card lists 30.84M H100 GPU-hours for
    # 405B, which counts restarts and lower-utilization phases too, so the estimate stays a little under it.
    out = answer_json(capsys, "treinar o llama 3.1 405b do zero com 15,6T tokens, quantas horas de h100?")
    estimates = out["estimates"]
    assert estimates["training_flops"] == pytest.approx(3.8e25, rel=0.02)
    assert 0.8 * 30.84e6 < estimates["gpu_hours"] < 30.84e6


def test_continued_pretraining_days_follow_six_n_d(capsys):
    # 6·N·D for Qwen2.5 7B (7.62B parameters, config.json) on 20B tokens at 40% of the H100's 989 TFLOPS BF16
    # dense peak (NVIDIA H100 datasheet), over 8 GPUs
    out = answer(
        capsys, "continued pretraining do qwen 7b com 20B tokens em português, quantos dias em 8 h100?"
    )
    assert "8× H100 SXM 80 GB: cabe" in out and "O treino leva ~3,3 dias nessa configuração" in out
    days = 6 * 7.62e9 * 20e9 / (0.4 * 989e12) / 8 / 86400
    assert round(days, 1) == 3.3


# -- a sample of questions read right ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "qlora do llama 3 70b cabe em uma a6000 48gb?",
            "Llama 3 70B · ajuste fino com QLoRA · 1× RTX A6000 48 GB",
        ),
        (
            "lora rank 64 seq 8192 batch 4 grad accum 8 no mistral 7b",
            "ajuste fino com LoRA · sequências de 8.192 tokens · lote 4 · acumulação de gradientes 8 · LoRA de rank 64",
        ),
        (
            "fine-tune completo do llama 3.1 70b com zero-3 e offload do otimizador pra cpu em 8 a100 80gb",
            "8× A100 SXM 80 GB · ZeRO-3 · otimizador na RAM da CPU (offload)",
        ),
        ("GRPO no qwen2.5 7b com 8 gerações por prompt em 8 h100", "GRPO · 8 respostas por prompt"),
        ("ORPO do mistral 7b com qlora numa 4090", "ajuste fino com QLoRA · 1× RTX 4090 24 GB · ORPO"),
        (
            "unsloth qlora do llama 3.1 8b, max_seq_length 2048, batch 2, numa t4 do colab",
            "T4 16 GB · sequências de 2.048 tokens · lote 2 · com unsloth",
        ),
        (
            "pré-treino contínuo do qwen2.5 3b com 5 mil milhões de tokens em 4 h100, quantas horas?",
            "Percebi: Qwen2.5 3B · treino do zero / pré-treino contínuo · 4× H100 SXM 80 GB",
        ),
        (
            "full ft llama3 8b bs 32 seq 1024 8xa100 zero2",
            "8× A100 SXM 80 GB · sequências de 1.024 tokens · lote global 32 · ZeRO-2",
        ),
        (
            "LoRA fine-tune of Qwen2.5 72B, rank 16, seq 4096, how many A100 80GB?",
            "Understood: Qwen2.5 72B · LoRA fine-tuning · A100 SXM 80 GB · sequences of 4,096 tokens · LoRA rank 16",
        ),
        (
            "megatron tp 8 pp 2 pra treinar llama 3.1 70b em 16 h100",
            "16× H100 SXM 80 GB · paralelismo de tensor 8 · 2 estágios de pipeline",
        ),
    ],
)
def test_training_questions_read_right(capsys, text, said):
    assert said in answer(capsys, text).splitlines()[0]


@pytest.mark.parametrize(
    ("question", "stage"),
    [
        # a trainer's keys alone: LoRA over a base loaded in 4 bits (had been an internal error)
        ("llama 8b lora_r: 16 load_in_4bit: true", "ajuste fino com QLoRA"),
        ("llama 8b --lora_r 16 --load-in-4bit", "ajuste fino com QLoRA"),
        (
            "train.py --model_name_or_path meta-llama/Llama-3.1-8B --lora_r 16 --load_in_4bit",
            "ajuste fino com QLoRA",
        ),
        # a script named "train" with an adapter's rank trains the adapter (had been a full fine-tune)
        ("python train.py --model llama-3.1-8b --lora_r 16", "ajuste fino com LoRA"),
    ],
)
def test_an_adapters_rank_among_a_trainers_keys_says_lora(capsys, question, stage):
    first = answer(capsys, question).splitlines()[0]
    assert first.startswith("Entendi: Llama 3.1 8B · " + stage + " · LoRA de rank 16"), first
