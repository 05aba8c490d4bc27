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
    assert p.returncode == 0 and p.stdout.startswith("Understood: Llama 3 70B")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what does llama 8b need with 32k context for 3 users", "Understood: Llama 3.1 8B · 32k context ·"),
        ("llama 8b with a 1000 token context for 3 users", "· 1,000-token context ·"),
        ("llama 8b 1000 tokens de contexto 3 usuarios", "· 1.000 tokens de contexto ·"),
    ],
)
def test_the_understood_line_says_the_context_as_people_do(text, said, capsys):
    assert main([text]) == 0
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "first_line"),
    [
        # The precision a repo's name says is what was understood ("-FP8" had been left out of the line).
        ("neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8 para 40 usuarios",
         "Entendi: Llama 3.1 70B · FP8 (8-bit) · 40 usuários simultâneos"),
        ("RedHatAI/Llama-3.3-70B-Instruct-quantized.w4a16 32k",
         "Entendi: Llama 3.3 70B · INT4 (AWQ/GPTQ g128) · 32k de contexto"),
        # A repo whose own name is the model's is not named twice ("gpt-oss-120b (gpt-oss-120b)").
        ("openai/gpt-oss-120b", "Entendi: gpt-oss-120b"),
        ("deepseek-ai/DeepSeek-V3", "Entendi: DeepSeek V3"),
        ("Qwen/Qwen2.5-72B-Instruct-AWQ", "Entendi: Qwen2.5 72B (Qwen2.5-72B-Instruct-AWQ) · INT4 (AWQ/GPTQ g128)"),
        # A family the catalogue lacks, read by its size with the Hub off: named as asked, as typed words are.
        ("ibm-granite/granite-3.1-8b-instruct", "Entendi: granite-3.1-8b-instruct (dimensionado como Llama 3.1 8B)"),
        ("ibm-granite/granite-3.3-8b-instruct", "Entendi: Granite 3.3 8B"),  # catalogued since
    ],
)  # fmt: skip
def test_a_repo_is_understood_with_the_precision_its_name_says(text, first_line, capsys, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    assert main([text]) == 0
    assert capsys.readouterr().out.splitlines()[0] == first_line


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("treinar llama 8b full com 1B tokens em 1 dia", ["· 1 dia\n", "Termina dentro do prazo de 1 dia."]),
        (
            "train llama 8b full on 1B tokens in 1 day",
            ["· 1 day\n", "It finishes within the deadline of 1 day."],
        ),
        ("treinar llama 8b full com 1B tokens em 30 dias", ["· 30 dias\n", "dentro do prazo de 30 dias."]),
    ],
)
def test_a_one_day_deadline_is_one_day_not_one_days(text, said, capsys):
    assert main([text]) == 0
    out = capsys.readouterr().out
    assert all(s in out for s in said), out


def test_a_short_fine_tune_gives_its_gpu_hours_to_a_tenth(capsys):
    # ~1.1 GPU-hours had been written "1 GPU-hours"; a 0.6-hour run would have been "1" too.
    assert main(["fine-tune mistral 7b with qlora on 20k examples of 1k tokens"]) == 0
    # 1.14, not 1.1: a tenth would be 3.5% off, and times a price per GPU-hour off the cost said (audit7)
    assert "≈ 1.14 GPU-hours at 40% MFU" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many users fit llama 8b on a Tesla P100?", "I don't know the GPU “Tesla P100”"),
        ("Quantos utilizadores aguenta o llama 8b numa RTX 3070?", "Queria dizer"),  # pt-PT
        ("can claude run on two H100s?", "closed model"),
    ],
)
def test_a_refusal_is_in_the_language_the_question_is_written_in(text, said, capsys):
    assert main([text]) == 2
    assert said in capsys.readouterr().err


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


@pytest.mark.parametrize(
    ("args", "key", "words"),
    [
        (["asdf", "qwerty"], "query.nothing_understood", "Não entendi"),
        (["70b", "4bit", "fp16"], "query.contradiction", "contradiz"),
        (["--model", "8b", "--users", "0", "--lang", "en"], "not_positive_users", "users"),
        (["xtts", "v2", "10", "usuários"], "query.out_of_scope", "LLM"),
        (["--model", "8b", "--bogus"], "usage", "--bogus"),
    ],
)
def test_json_errors_are_one_json_object_on_stdout(args, key, words):
    p = run(*args, "--json")
    assert p.returncode == 2 and p.stderr == ""
    error = json.loads(p.stdout)["error"]  # the whole of stdout is one object
    assert error["key"] == key and words in error["message"] and error["hint"]


@pytest.mark.parametrize("lang", ["pt-PT", "pt_PT", "pt-pt"])
def test_lang_pt_pt_answers_in_european_portuguese(lang):
    p = run("70b", "4bit", "32k", "10users", "--lang", lang)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Percebi: Llama 3.1 70B") and "10 utilizadores em simultâneo" in p.stdout
    assert "usuário" not in p.stdout and "32 768 tokens" in p.stdout.replace("\xa0", " ")


def test_the_default_language_comes_from_gpu_sizer_lang_and_the_question_wins_over_it():
    import os

    env = {**os.environ, "GPU_SIZER_LANG": "pt-PT"}
    shorthand = subprocess.run([sys.executable, "-m", "bot.cli", "8b", "fp8"], capture_output=True, text=True,
                               timeout=60, env=env)  # fmt: skip
    assert shorthand.stdout.startswith("Percebi:")
    english = subprocess.run([sys.executable, "-m", "bot.cli", "how much memory for 8b at fp8?"],
                             capture_output=True, text=True, timeout=60, env=env)  # fmt: skip
    assert english.stdout.startswith("Understood:")


def test_an_unknown_language_is_refused_in_one_sentence():
    p = run("8b", "--lang", "fr")
    assert p.returncode == 2 and "pt-PT" in p.stderr and "Traceback" not in p.stderr


def test_contract_flag_and_words():
    p = run("70b", "4bit", "reservado", "por", "12", "meses", "--json")
    data = json.loads(p.stdout)
    assert data["contract"]["mode"] == "reserved" and data["contract"]["asked"]
    assert data["workload"]["term_days"] == 360 and data["workload"]["days"] is None
    flag = json.loads(run("--model", "8b", "--contract", "dedicated", "--json").stdout)
    assert flag["contract"]["mode"] == "dedicated"


def test_json_has_the_named_gpu_verdict_and_keeps_it_first_among_the_alternatives(capsys):
    assert main(["cabe", "o", "qwen", "72b", "em", "2", "l40s?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    verdict = data["verdict"]
    assert verdict["setup"]["gpu"] == "l40s" and not verdict["setup"]["fits"]
    assert any(c["kind"] == "lower_precision" for c in verdict["changes"])
    assert data["alternatives"][0]["kind"] == "named_gpu"  # as before, for programs that read it there


def test_asking_how_to_export_the_log_is_told_how_managers_read_it(capsys):
    assert main(["how do I export the log?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The request log is for managers: `/gpu log` lists who asked what")
    assert "gpu-log export" in out and "How to ask" in out


def test_gpu_sizer_help_prints_usage():
    for flag in ("--help", "-h"):
        p = subprocess.run([sys.executable, "-m", "bot", flag], capture_output=True, text=True, timeout=60)
        assert p.returncode == 0 and "usage: gpu-sizer [console | socket | web | --help]" in p.stdout
        assert "console" in p.stdout and "GPU_SIZER_LANG" in p.stdout and p.stderr == ""


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("flags", [["--json"], []])
def test_an_answer_that_cannot_be_written_is_said_in_one_line(flags):
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "bot.cli", *flags, "70b", "4bit"], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=60)  # fmt: skip
    assert p.returncode == 1
    assert p.stderr.strip().splitlines() == [
        "gpu-size: the answer could not be written (No space left on device)"
    ]


def test_a_reader_that_stops_reading_ends_gpu_size_quietly(monkeypatch, tmp_path):
    # `gpu-size --json ... | head -1`: the rest of the answer has nowhere to go; that is no error to report.
    import io

    class ClosedPipe(io.StringIO):
        def __init__(self, fd):
            super().__init__()
            self.fd = fd

        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self):
            return self.fd

    with open(tmp_path / "stdout", "w") as real:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(real.fileno()))
        monkeypatch.setattr(sys, "stderr", io.StringIO())
        assert main(["--json", "70b", "4bit"]) == 1
        assert sys.stderr.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "said"),
    [(["--help"], ["uso: gpu-size", "mostra esta ajuda e sai", "conversas abertas ao mesmo tempo"]),
     (["--help", "--lang", "pt-PT"], ["utilização: gpu-size", "conversas abertas em simultâneo"]),
     (["--help", "--lang", "en"], ["usage: gpu-size", "show this help message and exit"])],
)  # fmt: skip
def test_gpu_size_help_is_in_the_users_language(args, said):
    p = run(*args)
    assert p.returncode == 0 and all(words in p.stdout for words in said)


@pytest.mark.parametrize(
    ("args", "said"),
    [(["--users", "abc", "70b"], "--users/-u: “abc” não é um número inteiro"),
     (["--context", "12q", "70b"], "contexto “12q” não é um número"),
     (["--rate", "xyz", "70b"], "“xyz” não é uma taxa"),
     (["--stage", "foo", "70b"], "“foo” não é uma opção"),
     (["--users", "abc", "70b", "--lang", "en"], "“abc” is not a whole number")],
)  # fmt: skip
def test_a_command_line_that_cannot_be_read_is_said_in_the_users_language(args, said):
    p = run(*args)
    assert (
        p.returncode == 2 and said in p.stderr and "invalid" not in p.stderr and "Traceback" not in p.stderr
    )


def test_how_much_context_fits_is_answered_with_the_models_whole_context(capsys):
    # "max context" questions: where the model's whole context fits for the users asked about, the capacity
    # says so, instead of only how many users fit at the default context.
    assert main(["What's the max context I can fit for llama 3.1 70b fp8 on a single h200?"]) == 0
    out = capsys.readouterr().out
    assert "Not understood" not in out
    assert (
        "Capacity: up to 45 users at 4,096 tokens; 1 user at the model's whole context (131,072 tokens)"
        in out
    )


def test_a_choice_of_models_is_compared_before_the_first_is_sized_in_full(capsys):
    # Had been "Você citou também “qwen 32b”: esta resposta dimensiona só o Llama 3.1 70B".
    assert main(["llama 70b ou qwen 32b para 50 usuários?"]) == 0
    out = capsys.readouterr().out
    assert "Você citou também" not in out
    comparison = out.split("\n\n")[1]
    assert comparison.startswith("Comparação (a mesma carga para os dois)")
    assert (
        "  Llama 3.1 70B · BF16/FP16 (16-bit)" in comparison
        and "  Qwen2.5 32B · BF16/FP16 (16-bit)" in comparison
    )
    assert out.split("\n\n")[2].startswith(
        "Llama 3.1 70B · BF16/FP16 (16-bit) · 4.096 tokens de contexto · 50 usuários"
    )


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
def test_every_example_the_help_shows_gets_an_answer(lang, capsys):
    """What `/gpu ajuda` teaches must work as typed: each of its examples is answered, in each language."""
    from sizing import i18n

    examples = [line.strip()[len("/gpu ") :] for line in i18n.t(lang, "help.body").splitlines()
                if line.strip().startswith("/gpu ")]  # fmt: skip
    assert len(examples) >= 10
    for example in examples:
        assert main([example, "--lang", lang]) == 0, example
        out = capsys.readouterr().out
        assert out and "Traceback" not in out


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b 20 usuarios",  # no prices configured, the performance model, the default lengths
        "llama 8b 5000 chamadas por semana",  # days of use, the peak hour
        "resumir 2 mil contratos de 10 paginas por dia com qwen3 32b",  # tokens a page, a batch's limits
        "1500 funcionarios vao usar o llama 70b",  # a head-count's share at the peak
        "classificar 1 milhão de tickets por mês com llama 8b",
        "qwen3 32b para 300 utilizadores, respostas curtas",
        "llama 3.1 8b for 2,000 employees, answers of 50 words",
    ],
)
def test_an_answer_never_names_the_projects_files_or_settings(text, capsys):
    # Customers read these answers in shared channels: where a default lives is the operator's business
    # (README), not theirs. A file name or an environment variable reads as a leak of internals.
    main([text])
    out = capsys.readouterr().out
    for internal in (".toml", ".py", "GPU_SIZER", "sizing/"):
        assert internal not in out, (internal, text)


BROKEN_RUN = """
import bot.cli as cli
def broken(argv=None):
    raise TypeError("Unexpected keyword argument 'notes'")
cli.main = broken
cli.run()
"""


def test_a_bug_while_answering_is_said_in_a_sentence_not_a_traceback():
    # A defect met while answering had printed Python's traceback to whoever asked.
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "GPU_SIZER_DEBUG"}
    env["GPU_SIZER_LANG"] = "pt-BR"
    done = subprocess.run([sys.executable, "-c", BROKEN_RUN], env=env, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.startswith(
        "gpu-size: erro interno ao responder (TypeError): é um defeito do gpu-sizer"
    )
    assert "Traceback" not in done.stderr
    # the details, for whoever maintains it
    env["GPU_SIZER_DEBUG"] = "1"
    done = subprocess.run([sys.executable, "-c", BROKEN_RUN], env=env, capture_output=True, text=True)
    assert done.returncode == 1 and "Traceback" in done.stderr and "TypeError" in done.stderr
