"""A training question that names no software, where the default stack's loss (Hugging Face's, which holds the
whole logits tensor in FP32) needs at least twice the GPUs, or a larger GPU, than a fused-loss stack (Unsloth,
Liger): the answer leads with the fused-loss stack's setup and says why, and what the default would need. It
had recommended 8× H200 for "QLoRA Llama 3.3 70B with 32k context", Unsloth's 1× A100 only an alternative."""

from __future__ import annotations

from bot.cli import main as gpu_size


def answer(capsys, *argv: str) -> str:
    assert gpu_size(list(argv)) == 0
    return capsys.readouterr().out


def test_long_context_qlora_leads_with_the_fused_loss(capsys):
    out = answer(capsys, "QLoRA Llama 3.3 70B with 32k context")
    assert "Recommendation: 1× A100 SXM 80 GB\n" in out
    assert (
        "Why unsloth: the default software (Hugging Face Transformers + PEFT/TRL) has a loss that upcasts the whole"
        " logits tensor to FP32 (67.2 GB at these sequences) and would need 4 servers × 8× H200 SXM 141 GB;"
        " unsloth's fused loss never materialises it." in out
    )
    assert "With unsloth:" not in out  # no longer an alternative: it is the answer


def test_in_portuguese(capsys):
    out = answer(capsys, "qlora do llama 3.3 70b com 32k de contexto")
    assert "Recomendação: 1× A100 SXM 80 GB\n" in out
    assert (
        "Por que unsloth: o software padrão (Hugging Face Transformers + PEFT/TRL) tem uma loss que converte"
        in out
    )
    assert "(67,2 GB nestas sequências) e precisaria de 4 servidores × 8× H200 SXM 141 GB" in out


def test_software_named_is_kept(capsys):
    out = answer(capsys, "QLoRA Llama 3.3 70B with 32k context with transformers")
    # 32 GPUs, not 8, since PEFT's BF16 copy of the rebuilt layer's adapted inputs (5.1 GB at 32,768 tokens) is counted:
    # the activations no GPU count divides leave the 8 GPUs' ZeRO-3 shards no room
    assert "Recommendation: 32× H200 SXM 141 GB on 4 servers" in out
    assert "Why unsloth" not in out


def test_default_close_enough_stays(capsys):
    """A short-sequence LoRA of an 8B: the default's logits are small, and its setup is no larger."""
    out = answer(capsys, "lora do llama 3.1 8b")
    assert "Por que" not in out
    assert "Software: Hugging Face Transformers + PEFT/TRL" in out


def test_a_parallelism_unsloth_cannot_run_keeps_the_answer(capsys):
    """Unsloth runs plain DDP: with pipeline stages said it is no candidate (it had refused the question)."""
    out = answer(capsys, "lora 70b com 4 estágios de pipeline")
    assert out.startswith("Entendi: Llama 3.1 70B · ajuste fino com LoRA · 4 estágios de pipeline")
    assert "Por que unsloth" not in out
