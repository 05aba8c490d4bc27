"""What a process loads and reads: the command-line tools import only what they use, and the answer path
never goes back to the template files once they are compiled (a file check per answer costs a system call,
and under load each one waits behind the other threads)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import blocks, rendering
from sizing.engine import size
from sizing.query import parse

ROOT = Path(__file__).resolve().parents[1]
SLACK_AND_SERVER = {"slack_sdk", "slack_bolt", "gunicorn", "sqlite_utils", "sqlite3", "babel"}


def modules_after(code: str) -> set[str]:
    """The top-level packages a fresh interpreter has imported after running `code`."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    env = {**os.environ, "GPU_SIZER_DB": "/nonexistent/unused.db"}
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_gpu_size_loads_no_slack_server_or_database_code():
    loaded = modules_after(
        "import contextlib, io\nfrom bot import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    cli.main(['70b', '4bit', '32k', '10users'])"
    )
    assert {"sizing", "jinja2", "msgspec"} <= loaded  # what the answer is made of
    assert not loaded & SLACK_AND_SERVER, loaded & SLACK_AND_SERVER


def test_gpu_size_json_does_not_load_the_templates_or_openssl():
    loaded = modules_after(
        "import contextlib, io\nfrom bot import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    cli.main(['70b', '4bit', '--json'])"
    )
    assert "jinja2" not in loaded
    # the data files' kept copies are named by Python's own source hash (sizing/tomlfiles.py content_key)
    assert not loaded & {"_hashlib", "_blake2"}, loaded & {"_hashlib", "_blake2"}


def test_gpu_size_loads_the_calendar_only_for_a_question_with_a_date():
    """calendar (and the locale module it imports) is for month ends: a question without a date does
    without it, one with a date still reads it."""
    asked = (
        "import contextlib, io\nfrom bot import cli\nout = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n    cli.main([{question!r}])\n"
        "assert {expected!r} in out.getvalue(), out.getvalue()"
    )
    loaded = modules_after(asked.format(question="70b 4bit 32k 10users", expected="Recomendação"))
    assert not loaded & {"calendar", "locale"}, loaded & {"calendar", "locale"}
    dated = modules_after(
        asked.format(question="treinar lora 8b até o fim do mês", expected="“até o fim do mês”")
    )
    assert "calendar" in dated


def test_gpu_size_never_loads_pydantic():
    """The engine's types are msgspec structs: importing pydantic and building its classes was half of a
    gpu-size run. Both kinds of answer are checked to have been given, in words and as JSON."""
    for flags in ("", ", '--json'"):
        loaded = modules_after(
            "import contextlib, io\nfrom bot import cli\nout = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n"
            f"    status = cli.main(['qwen3', '32b', 'lora', 'seq', '4096', 'numa', 'h100'{flags}])\n"
            "assert status == 0 and ('Qwen3 32B' in out.getvalue()), out.getvalue()"
        )
        assert "sizing" in loaded and "pydantic" not in loaded, flags


def test_gpu_log_loads_neither_the_sizing_engine_nor_slack(tmp_path):
    from bot.log.requestlog import RequestLog

    db = tmp_path / "log.db"
    with RequestLog(db) as log:
        log.record({"surface": "console", "user_id": "U1", "text": "70b", "model_id": "llama-3.1-70b"})
    loaded = modules_after(
        "import contextlib, io\nfrom bot.log import logcli\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    logcli.main(['--db', {str(db)!r}, 'summary'])\n"
        f"    logcli.main(['--db', {str(db)!r}, 'list'])"
    )
    assert "sqlite_utils" in loaded
    assert not loaded & {"pydantic", "jinja2", "slack_sdk", "slack_bolt", "gunicorn", "babel"}


def test_no_template_is_read_from_disk_once_compiled(monkeypatch):
    questions = ["70b 4bit 32k 10users", "8b lora", "qwen 32b 8 bits 16 usuários en", "deepseek v3 fp8"]

    def answer_all():
        for text in questions:
            query = parse(text)
            result = size(query.workload)
            blocks.answer(result, query, payload="{}")
            rendering.render_text(result, query)

    answer_all()  # compiles the templates of both languages
    touched = []
    real_stat, real_open = os.stat, open

    def stat(path, *args, **kwargs):
        touched.append(str(path))
        return real_stat(path, *args, **kwargs)

    def watched_open(file, *args, **kwargs):
        touched.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr("builtins.open", watched_open)
    answer_all()
    assert not [p for p in touched if str(rendering.TEMPLATES) in p or "jinja" in p]


def test_gpu_size_ends_without_teardown_yet_runs_its_exit_handlers(tmp_path):
    """The command's process skips freeing the interpreter (bot.cli.run), but what the exit handlers do
    still happens: the compiled patterns are kept for the next run, and the answer is whole."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "70b", "4bit", "32k", "10users"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert [p.name for p in (tmp_path / "cache").glob("regexes-*.marshal")]
    in_process = subprocess.run(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))",
         "70b", "4bit", "32k", "10users"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert done.stdout == in_process.stdout and "Recomendação" in done.stdout


def test_gpu_size_with_a_thread_still_at_work_exits_the_usual_way(tmp_path):
    """A thread that is not a daemon (a Hub read still writing its cache) is waited for, as before."""
    probe = (
        "import threading, time, sys\n"
        "from bot import cli\n"
        "def late():\n    time.sleep(0.3)\n    print('thread finished', file=sys.stderr)\n"
        "threading.Thread(target=late).start()\n"
        "sys.argv = ['gpu-size', '8b']\n"
        "cli.run()\n"
    )
    env = {**os.environ, "GPU_SIZER_HUB": "off"}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0 and "thread finished" in done.stderr


def test_the_installed_gpu_size_answers_as_main_does(tmp_path):
    """pyproject's gpu-size is bot.gpu_size:run (main, with the collector's thresholds raised and no
    teardown at exit): the same answer, the same exit status as main() in-process."""
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["gpu-size"].split(":")
    command = f"import sys; from {module} import {function}; sys.argv[0] = 'gpu-size'; {function}()"
    env = {**os.environ, "GPU_SIZER_HUB": "off"}
    for question, status in ((["70b", "4bit", "32k", "10users"], 0), (["7xq"], 2)):
        installed = subprocess.run([sys.executable, "-c", command, *question], cwd=ROOT, env=env,
                                   capture_output=True, text=True)  # fmt: skip
        in_process = subprocess.run(
            [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))", *question],
            cwd=ROOT, env=env, capture_output=True, text=True,
        )  # fmt: skip
        assert (installed.returncode, installed.stdout, installed.stderr) == (
            status, in_process.stdout, in_process.stderr
        ), installed.stderr  # fmt: skip
        assert in_process.returncode == status


@pytest.mark.parametrize(
    "argv",
    [
        ["70b", "4bit", "32k", "10users"],
        ["llama 3.1 8b numa h100, 20 usuários"],
        ["qwen3", "32b", "lora", "em", "2x", "h100"],
    ],
)
@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_a_command_line_of_words_alone_reads_as_argparse_reads_it(argv, lang):
    # gpu-size skips argparse for words alone (bot.cli._words_only): what it reads must stay what the
    # parser reads, whatever option is added to the parser.
    from bot import cli

    assert vars(cli._words_only(argv)) == vars(cli.build_parser(lang).parse_args(argv))


@pytest.mark.parametrize("argv", [[], ["--help"], ["70b", "--json"], ["-m", "llama-3.1-8b"], ["70b", "-5"]])
def test_a_command_line_with_options_goes_through_argparse(argv):
    from bot import cli

    assert cli._words_only(argv) is None


def test_gpu_size_with_words_alone_does_not_load_argparse():
    probe = (
        "import contextlib, io, sys\nfrom bot import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    cli.main(['70b', '4bit'])\n"
        "print('argparse' in sys.modules)\n"
    )
    env = {**os.environ, "GPU_SIZER_HUB": "off"}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


# Printed at exit by the installed command's process: the top-level packages it imported.
_MODULES_AT_EXIT = (
    "import atexit, json, sys\n"
    "atexit.register(lambda: print('MODULES', json.dumps(sorted({m.split('.')[0] for m in sys.modules}))))\n"
    "sys.argv[0] = 'gpu-size'\n"
    "from bot.gpu_size import run\n"
    "run()\n"
)


def installed_modules(*argv: str) -> tuple[str, set[str]]:
    """The answer of the installed gpu-size (pyproject's bot.gpu_size:run) and what its process imported."""
    env = {**os.environ, "GPU_SIZER_HUB": "off", "GPU_SIZER_DB": "/nonexistent/unused.db"}
    done = subprocess.run(
        [sys.executable, "-c", _MODULES_AT_EXIT, *argv], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    answer, _, modules = done.stdout.rpartition("MODULES ")
    return answer, set(json.loads(modules))


def test_the_installed_gpu_size_imports_only_what_its_answer_uses():
    """Slack, the web server, the database, pydantic and the Hub's client are for other commands; an answer
    as JSON draws no template (Jinja) and reads no source code (inspect, ~10 ms of imports)."""
    never = SLACK_AND_SERVER | {"pydantic", "pydantic_settings", "huggingface_hub", "typing_extensions"}
    answer, loaded = installed_modules("70b", "4bit", "32k", "10users")
    assert "Recomendação" in answer and "jinja2" in loaded
    assert not loaded & never, loaded & never
    answer, loaded = installed_modules("70b", "4bit", "--json")
    assert json.loads(answer)["workload"]["model"]["name"] == "Llama 3.1 70B"
    assert not loaded & (never | {"jinja2", "inspect"}), loaded & (never | {"jinja2", "inspect"})


REBUILT = (
    "import contextlib, io\nfrom bot import cli\nfrom sizing import regexes\nout = io.StringIO()\n"
    "with contextlib.redirect_stdout(out):\n    cli.main(['70b', '4bit', '32k', '10users'])\n"
    "assert 'Recomendação' in out.getvalue(), out.getvalue()\n"
    "kept = [p for p in regexes._cache._patterns.values() if isinstance(p, regexes.KeptPattern)]\n"
    "print(len(kept), sum('_compiled' in vars(p) for p in kept))"
)


def test_gpu_size_rebuilds_only_the_kept_patterns_its_question_runs(tmp_path):
    """A run is handed ~1,000 kept patterns; the prefilter lets its question run under half of them, and
    only those are rebuilt from their programs (sizing/regexes.py KeptPattern)."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    for _ in range(2):  # the first run compiles and keeps them
        done = subprocess.run(
            [sys.executable, "-c", REBUILT], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
    handed, rebuilt = map(int, done.stdout.split())
    assert handed > 500 and 0 < rebuilt < handed * 0.7, (handed, rebuilt)


def test_the_slack_app_starts_with_every_kept_pattern_rebuilt(slack):
    """A long-lived process pays for its patterns at start, not at its first questions."""
    from sizing import regexes

    waiting = [p for p in regexes._cache._patterns.values() if isinstance(p, regexes.KeptPattern)]
    assert all("_compiled" in vars(p) for p in waiting)
    assert regexes.build_all() == 0
    import sizing

    assert sizing.run_set_aside() == 0  # nor a module set aside to run at its first use (sizing.import_later)


def test_gpu_size_in_words_runs_its_kept_template_without_the_rest_of_jinja(tmp_path):
    """The first run compiles the answer's template with Jinja and keeps the code; the next runs it with
    jinja2.runtime alone (bot/templating.py): neither Jinja's compiler, loaders and bytecode caches nor
    what they import (hashlib, tempfile, pickle) are imported, and the answer is the same, word for word."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    probe = (
        "import sys\nsys.argv = ['gpu-size', '70b', '4bit', '32k', '10users']\n"
        "from bot.gpu_size import run\nimport atexit\n"
        "atexit.register(lambda: print('LOADED', sorted(m for m in sys.modules if m in {"
        "'jinja2.environment', 'jinja2.compiler', 'jinja2.loaders', 'jinja2.bccache', 'hashlib', "
        "'tempfile', 'pickle'})))\n"
        "run()"
    )
    answers = []
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        answer, _, loaded = done.stdout.rpartition("LOADED ")
        answers.append((answer, loaded.strip()))
    (first, compiled), (second, kept), (third, _) = answers
    assert "jinja2.compiler" in compiled  # the first run had nothing kept
    assert kept == "[]", kept
    assert "Recomendação" in first and first == second == third
    assert len(list((tmp_path / "cache").glob("template-*.marshal"))) == 1


@pytest.mark.parametrize(
    "question",
    ["70b 4bit 32k 10users", "qwen3 32b lora 2x h100 en", "deepseek v3 fp8 numa h200",
     "treinar lora 8b até o fim do mês", "llama 3.1 8b com draft model 20 usuários pt-pt"],
)  # fmt: skip
def test_a_kept_template_renders_what_jinja_renders(question, monkeypatch):
    """The kept template's stand-in environment (bot/templating.py) gives the answer Jinja's own gives."""
    from bot import templating

    query = parse(question)
    result = size(query.workload)
    monkeypatch.setattr(rendering, "_kept", lambda template: None)
    by_jinja = rendering.render_text(result, query)
    kept = templating.KeptTemplate("answer.txt.j2", _compiled("answer.txt.j2"))
    monkeypatch.setattr(rendering, "_kept", lambda template: kept)
    monkeypatch.setattr(rendering, "environment", None)  # the stand-in alone: no way back to Jinja
    assert rendering.render_text(result, query) == by_jinja
    assert by_jinja.strip()


def _compiled(name: str):
    env = rendering.environment()
    source = (rendering.TEMPLATES / name).read_text(encoding="utf-8")
    return env.compile(source, name, str(rendering.TEMPLATES / name))


def test_a_template_the_stand_in_cannot_run_is_rendered_by_jinja(tmp_path, monkeypatch):
    """A filter beyond the stand-in's (here Jinja's `upper`) is left to Jinja's Environment: the answer is
    rendered all the same."""
    from bot import templating

    env = rendering.environment()
    code = env.compile("{{ r.workload.model.name | upper }} {{ t('answer.title') | length > 0 }}", "x", "x")
    kept = templating.KeptTemplate("x", code)
    from jinja2.exceptions import TemplateRuntimeError

    with pytest.raises(TemplateRuntimeError, match="upper"):
        kept.render({"r": size(parse("70b").workload), "t": lambda key: key})
    monkeypatch.setattr(rendering, "_kept", lambda template: kept)
    query = parse("70b 4bit 32k 10users")
    assert "Recomendação" in rendering.render_text(size(query.workload), query)


def test_a_kept_template_is_compiled_anew_when_its_source_changes(tmp_path):
    from jinja2 import DictLoader, Environment

    from bot import templating

    def render(source: str) -> str:
        env = Environment(
            loader=DictLoader({"t.j2": source}), bytecode_cache=templating.kept_templates_class()(tmp_path)
        )
        return env.get_template("t.j2").render(n=3)

    assert render("{{ n }} GPUs") == "3 GPUs"
    assert render("{{ n }} GPUs") == "3 GPUs"  # from the kept code
    assert len(list(tmp_path.glob("template-*"))) == 1
    assert render("{{ n * 2 }} GPUs") == "6 GPUs"
    assert len(list(tmp_path.glob("template-*"))) == 2  # one per source
    for kept in tmp_path.glob("template-*"):
        kept.write_bytes(b"\x00damaged")
    assert render("{{ n * 2 }} GPUs") == "6 GPUs"


INDEXES_WORKED_OUT = (
    "import contextlib, io, sys\nfrom bot import cli\nfrom sizing import names, query\ncalls = []\n"
    "for module, name in ((names, '_name_positions'), (query, '_version_pairs'), (query, '_uncatalogued_keys')):\n"
    "    real = getattr(module, name)\n"
    "    setattr(module, name, lambda *a, real=real, name=name: calls.append(name) or real(*a))\n"
    "out = io.StringIO()\n"
    "with contextlib.redirect_stdout(out):\n    cli.main(sys.argv[1:])\n"
    "print(out.getvalue())\nprint(sorted(set(calls)))"
)


def test_the_catalogues_name_indexes_are_kept_for_the_next_run_and_follow_its_files(tmp_path):
    """The names indexes (every catalogue name normalized) are worked out by the first run and read by the
    next; an alias an operator adds to their copy of models.toml is known at the next run."""
    from tests.data_folders import data_copy

    data = data_copy(tmp_path)
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off",
           "GPU_SIZER_DATA": str(data)}  # fmt: skip

    def ask(question: str) -> tuple[str, str]:
        done = subprocess.run(
            [sys.executable, "-c", INDEXES_WORKED_OUT, question],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        answer, _, calls = done.stdout.rstrip("\n").rpartition("\n")
        return answer, calls

    first, calls = ask("servir o llama 3.1 70b a 50 usuários")
    assert "_name_positions" in calls and "_version_pairs" in calls
    second, calls = ask("servir o llama 3.1 70b a 50 usuários")
    assert second == first and "Llama 3.1 70B" in first and calls == "[]"
    models = data / "models.toml"
    models.write_text(
        models.read_text().replace('"llama 70b", "meta-llama-3.1-70b"', '"llama 70b", "lhama da casa"')
    )
    answer, calls = ask("servir o lhama da casa a 50 usuários")
    assert "Llama 3.1 70B" in answer.split("\n")[0] and "_name_positions" in calls, answer


# A gpu-size answer in words, printing how many patterns Python's regex compiler parsed (none were kept).
PARSED = (
    "import re, sys, atexit\nfrom re import _parser\nparsed = []\nreal = _parser.parse\n"
    "_parser.parse = lambda p, *a: parsed.append(p) or real(p, *a)\n"
    "atexit.register(lambda: print(len(parsed)))\n"
    "from bot.cli import main\nmain(['70b', '4bit', '32k', '10users'])\n"
)


def test_the_processes_sharing_the_pattern_file_do_not_prune_each_others_patterns(tmp_path):
    """gpu-size, gpu-log and the web app keep their compiled patterns in one file. Each asks for its own
    (~1,100 for gpu-size, ~170 for gpu-log); a limit below their union had gpu-log's run cut the file to its
    own and the next gpu-size run compile ~950 patterns again in pure Python."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}

    def gpu_size() -> int:
        done = subprocess.run(
            [sys.executable, "-c", PARSED], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return int(done.stdout.split()[-1])

    assert gpu_size() > 500  # the first run compiles them
    steady = gpu_size()  # a few (Jinja's own) are compiled by every run
    assert steady < 50
    from bot.log.requestlog import RequestLog

    with RequestLog(tmp_path / "log.db") as log:
        log.record({"surface": "console", "user_id": "U1", "text": "70b", "model_id": "llama-3.1-70b"})
    gpu_log = "import sys\nfrom bot.log.logcli import main\nsys.exit(main(sys.argv[1:]))"
    log = subprocess.run([sys.executable, "-c", gpu_log, "--db", str(tmp_path / "log.db"), "summary"],
                         cwd=ROOT, env=env, capture_output=True, text=True)  # fmt: skip
    assert log.returncode == 0, log.stderr
    assert gpu_size() == steady


# What the installed command's process ran, printed at exit: each module it holds in sys.modules that ran
# its own code, apart from those put there to run at their first use (sizing.import_later) and not used.
_RUN_AT_EXIT = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('RAN', ' '.join(sorted(n for n, m in list(sys.modules.items())\n"
    "    if m is not None and type(m).__name__ != '_Later'))))\n"
    "sys.argv[0] = 'gpu-size'\n"
    "from bot.gpu_size import run\n"
    "run()\n"
)


def modules_run(*argv: str, env: dict) -> tuple[str, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _RUN_AT_EXIT, *argv], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode in (0, 2), done.stderr
    answer, _, ran = done.stdout.rpartition("RAN ")
    return answer + done.stderr, set(ran.split())


def test_a_plain_question_in_words_runs_only_what_its_answer_needs(tmp_path):
    """`gpu-size "llama 70b"` with its template kept: Jinja's runtime alone, and none of the modules that
    libraries import for what this answer never does (inspect, msgspec's type descriptions, ipaddress), nor
    json and difflib, which are for answers as JSON and for words the reader corrects."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    modules_run("llama 70b", env=env)  # compiles and keeps the template
    answer, ran = modules_run("llama 70b", env=env)
    assert "Llama 3.1 70B" in answer and "Recomendação" in answer
    assert "jinja2.runtime" in ran
    never = {"jinja2.environment", "jinja2.compiler", "jinja2.loaders", "jinja2.bccache", "inspect", "ast",
             "msgspec.inspect", "ipaddress", "json", "difflib", "hashlib", "tempfile", "pickle"}  # fmt: skip
    assert not ran & never, ran & never


@pytest.mark.parametrize(
    ("argv", "expected", "used"),
    [
        (["lama 70b 4bti"], "Li “lama 70b” como Llama 3.1 70B", "difflib"),  # a correction: difflib
        (["70b", "4bit", "--json"], '"name": "Llama 3.1 70B"', "json"),
        (["7xq", "--json"], '"error"', "json"),
    ],
)
def test_a_module_run_at_first_use_works_when_an_answer_needs_it(tmp_path, argv, expected, used):
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    answer, ran = modules_run(*argv, env=env)
    assert expected in answer and used in ran, (answer[:300], used)


def test_modules_set_aside_are_whole_once_used():
    """What sizing.import_later set aside works as if imported in the usual way, names imported from it
    and submodules included."""
    probe = (
        "import sys, sizing\n"
        "assert type(sys.modules['msgspec.inspect']).__name__ == '_Later'\n"
        "import msgspec, msgspec.inspect\n"
        "assert msgspec.json.schema(int) == {'type': 'integer'}\n"
        "assert msgspec.inspect.type_info(int) == msgspec.inspect.IntType()\n"
        "from urllib.parse import urlsplit\n"
        "assert urlsplit('http://[::1]:8080/x').port == 8080\n"
        "sizing.import_later('inspect')\n"
        "from inspect import signature\n"
        "assert str(signature(lambda a, b=2: 0)) == '(a, b=2)'\n"
        "import inspect, email.utils\n"
        "assert inspect.isfunction(signature) and type(inspect).__name__ == 'module'\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


# A question of each kind gpu-size answers: in words, as JSON, in English, a training, a Hub model read with
# the Hub off (by its name), a command line it refuses.
EACH_KIND = (
    ["llama 70b 4bit 32k 10 users"],
    ["70b", "4bit", "--json"],
    ["how much memory to serve qwen3 32b fp8 with 64k context for 20 users"],
    ["treinar llama 3.1 8b com qlora, 50 mil exemplos, seq 4096"],
    ["acme-labs/fancy-model-13b 8k"],
    ["7xq"],
)


def test_gpu_size_answers_alike_with_no_cache_a_new_one_and_the_one_it_kept(tmp_path):
    """What the data cache keeps (the data files parsed, the catalogue and the word lists built, the patterns
    compiled and what the prefilter worked out of them, the template compiled) only ever saves time: each
    answer is the same byte for byte with the cache off, in a cache folder that does not exist yet, and from
    what those runs kept."""
    command = "import sys; from bot.gpu_size import run; sys.argv[0] = 'gpu-size'; run()"
    cache = tmp_path / "new" / "cache"

    def answer(argv: list[str], folder: str) -> tuple[int, str, str]:
        env = {**os.environ, "GPU_SIZER_DATA_CACHE": folder, "GPU_SIZER_HUB": "off"}
        done = subprocess.run([sys.executable, "-c", command, *argv], cwd=ROOT, env=env, capture_output=True,
                              text=True)  # fmt: skip
        return done.returncode, done.stdout, done.stderr

    for argv in EACH_KIND:
        off = answer(argv, "off")
        assert off[0] in (0, 2) and (off[1] or off[2]), off
        assert answer(argv, str(cache)) == off, argv  # the first: a folder made by this run
        assert answer(argv, str(cache)) == off, argv  # from what the runs before kept
    assert any(path.name.startswith("regexes-") for path in cache.iterdir())


def test_a_second_gpu_size_runs_only_the_patterns_its_question_can_match(tmp_path):
    """The prefilter's strings of each pattern are kept beside its program: from the second run on, a question
    skips what cannot match it from its first text, and rebuilds from its program only what it runs (~100 of
    ~1,000 handed out, where it had rebuilt and run ~500)."""
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    for _ in range(2):  # the first run compiles and keeps them, with their strings
        done = subprocess.run(
            [sys.executable, "-c", REBUILT], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
    handed, rebuilt = map(int, done.stdout.split())
    assert handed > 500 and 0 < rebuilt < handed * 0.2, (handed, rebuilt)
