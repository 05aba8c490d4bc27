"""gpu-size as a user runs it."""

import json
import subprocess
import sys

import pytest

from bot.cli import main


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_readme_example_prints_a_portuguese_breakdown():
    p = run("--model", "70b", "--precision", "4bit", "--context", "32k", "--users", "10")
    assert p.returncode == 0, p.stderr
    out = p.stdout
    for words in (
        "Memória necessária",
        "Pesos",
        "KV cache",
        "Recomendação",
        "Alternativas",
        "Contrato",
        "LGPD",
    ):
        assert words in out
    assert "32.768 tokens" in out


def test_json_has_the_documented_shape(capsys):
    assert (
        main(
            ["--model", "llama-3.1-70b", "--precision", "4bit", "--context", "32k", "--users", "10", "--json"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    w = data["workload"]
    for key in (
        "stage",
        "model",
        "precision",
        "bits_per_weight",
        "kv_precision",
        "context_tokens",
        "users",
        "gpu",
        "gpu_count",
        "task",
        "intent",
        "lang",
    ):
        assert key in w
    assert w["model"]["name"] == "Llama 3.1 70B" and w["model"]["params"] == 70_553_706_496
    assert w["context_tokens"] == 32768
    for key in ("weights", "kv_cache", "activations", "overhead", "total"):
        assert isinstance(data["memory"][key], int)
    rec = data["recommendation"]
    for key in ("gpu", "count", "fits", "usable_bytes_per_gpu", "max_users", "max_context_tokens"):
        assert key in rec
    assert data["contract"]["mode"] in ("on_demand", "project_package", "dedicated", "reserved")
    assert isinstance(data["assumptions"], list) and isinstance(data["notes"], list)
    assert isinstance(data["alternatives"], list) and "estimates" in data


def test_training_json_has_gradients_optimizer_and_adapters(capsys):
    assert main(["--model", "8b", "--stage", "qlora", "--json"]) == 0
    memory = json.loads(capsys.readouterr().out)["memory"]
    assert memory["adapters"] > 0 and memory["gradients"] == 0 and memory["optimizer"] == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--model", "8b", "--users", "0"], "usuários"),
        (["--model", "8b", "--context", "1m"], "limite"),
        (["--model", "1000000000000000b"], "plausível"),
        (["--model", "8b", "--context", "lots"], "context"),
        (["--model", "8b", "--stage", "dance"], "stage"),
        (["--precision", "4bit"], "modelo"),
        (["--model", "8b", "--gpu", "h300", "--lang", "en"], "Did you mean"),
    ],
)
def test_bad_input_exits_2_with_one_clear_sentence(args, words):
    p = run(*args)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert words in p.stderr
    assert p.stdout == ""


def test_english_output():
    p = run("--model", "8b", "--lang", "en")
    assert p.returncode == 0 and "Memory needed" in p.stdout and "Recommendation" in p.stdout


def test_training_flags_reach_the_engine(capsys):
    assert (
        main(
            [
                "--model",
                "8b",
                "--stage",
                "full",
                "--optimizer",
                "adamw8bit",
                "--no-checkpointing",
                "--cpu-offload",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["optimizer"] == "adamw8bit"
    assert data["workload"]["checkpointing"] is False
    # 8-bit AdamW's 6 bytes (FP32 master + two 8-bit states) and the FP32 gradients they are updated with.
    assert data["memory"]["host_offload"] == (6 + 4) * data["workload"]["model"]["params"]


def test_training_text_shows_both_activation_figures():
    p = run("--model", "8b", "--stage", "lora", "--lang", "en")
    assert p.returncode == 0
    assert "with gradient checkpointing; without:" in p.stdout


def test_no_money_without_prices():
    p = run("--model", "70b", "--precision", "4bit")
    assert "BRL" not in p.stdout and "R$" not in p.stdout and "Preço" not in p.stdout


def test_words_work_like_flags():
    p = run("70b", "4bit", "32k", "10users")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(
        "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 32k de contexto · 10 usuários"
    )


def test_a_question_in_portuguese():
    p = run("Cabe um 70B numa L40S?")
    assert p.returncode == 0, p.stderr
    assert "L40S 48 GB" in p.stdout and "Entendi" in p.stdout


def test_a_question_in_english_is_answered_in_english():
    p = run("how much vram for llama 3 70b at 16-bit with 8k context and 4 concurrent users")
    assert p.returncode == 0 and p.stdout.startswith("Understood: Llama 3.1 70B")


def test_flags_win_over_words(capsys):
    assert main(["70b", "4bit", "--precision", "fp8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["workload"]["precision"] == "fp8"


def test_words_not_understood_are_reported(capsys):
    assert main(["70b", "4bit", "blorfl", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["query"]["not_understood"] == ["blorfl"]


@pytest.mark.parametrize("args", [[], ["ajuda"], ["help", "--lang", "en"]])
def test_no_words_or_help_prints_usage(args):
    p = run(*args)
    assert p.returncode == 0
    assert "/gpu 70b 4bit 32k" in p.stdout


@pytest.mark.parametrize(
    ("text", "words"),
    [("asdf qwerty", "Não entendi"), ("70b 4bit fp16", "contradiz"), ("4bit 32k 10 users", "modelo")],
)
def test_bad_text_exits_2(text, words):
    p = run(text)
    assert p.returncode == 2 and words in p.stderr and "Traceback" not in p.stderr


def test_days_sizes_a_training_run_for_its_deadline(capsys):
    assert main(["--model", "3b", "--stage", "pretrain", "--tokens", "100B", "--days", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["workload"]["days"] == 20
    assert out["estimates"]["wall_clock_days"] <= 20


def test_the_readme_shows_the_answer_gpu_size_really_gives(capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## A real answer") :]
    start = section.index("```text\n") + len("```text\n")
    shown = section[start : section.index("\n```", start) + 1]
    assert main(["70b", "4bit", "32k", "10users"]) == 0
    assert capsys.readouterr().out == shown
