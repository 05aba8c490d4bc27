"""Where the code lives (README, "Layout"): the rest of bot/ reaches the request log (bot/log/) only through
the names bot/log/__init__.py exports, the log needs nothing of the Slack app but its settings, and the
engine (sizing/) has no import cycle and imports no Slack, network or database code. Imports inside
functions count as much as those at the top of a file."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.log

ROOT = Path(__file__).resolve().parents[1]
# What the engine never imports: the Slack app, the Hub client, Slack's SDKs, the network, databases.
NOT_IN_THE_ENGINE = {"bot", "hub", "slack_sdk", "slack_bolt", "huggingface_hub", "sqlite3", "sqlite_utils",
                     "socket", "http", "requests", "httpx"}  # fmt: skip


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str, root: Path) -> bool:
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(path: Path, root: Path) -> list[tuple[str, str | None, str, int]]:
    """Every import of a module, function-local ones included, as (imported from, name, module it loads,
    line): `from bot.log import reports` is ("bot.log", "reports", "bot.log.reports", n); relative imports
    are resolved against the module's package."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, *([source] if source else [])])
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                found.append((source, alias.name, sub if is_module(sub, root) else source, node.lineno))
    return found


def modules(root: Path, package: str) -> list[Path]:
    return sorted(root.joinpath(*package.split(".")).rglob("*.py"))


def outside_the_interface(root: Path, interface: set[str]) -> list[str]:
    """Imports of bot/log/ by modules of bot/ outside it that do not go through bot.log's exported names."""
    wrong = []
    for path in modules(root, "bot"):
        if module_name(path, root).startswith("bot.log"):
            continue
        for source, name, loaded, line in imports(path, root):
            if not (loaded == "bot.log" or loaded.startswith("bot.log.")):
                continue
            if source != "bot.log" or name not in interface:
                wrong.append(f"{path.relative_to(root)}:{line} imports {loaded}")
    return wrong


def cycles(root: Path, package: str) -> list[list[str]]:
    """Each import cycle among a package's modules, as the modules around it."""
    graph = {
        module_name(path, root): {
            loaded
            for _, _, loaded, _ in imports(path, root)
            if loaded.startswith(f"{package}.") and loaded != module_name(path, root)
        }
        for path in modules(root, package)
    }
    found, done = [], set()

    def visit(node: str, trail: list[str]) -> None:
        if node in trail:
            found.append([*trail[trail.index(node) :], node])
            return
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, [*trail, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
    return found


def test_the_slack_app_and_the_desks_use_the_request_log_only_through_its_interface():
    assert outside_the_interface(ROOT, set(bot.log.__all__)) == []


def test_every_name_of_the_request_logs_interface_is_there():
    for name in bot.log.__all__:
        assert getattr(bot.log, name) is not None, name
    assert bot.log.RequestLog.__module__ == "bot.log.requestlog"


def test_the_request_log_needs_nothing_of_the_slack_app_but_its_settings():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {loaded}"
        for path in modules(ROOT, "bot.log")
        for _, _, loaded, line in imports(path, ROOT)
        if loaded.split(".")[0] == "bot"
        and not (loaded == "bot.log" or loaded.startswith("bot.log.") or loaded == "bot.settings")
    ]
    assert wrong == []


def test_the_engine_has_no_import_cycle():
    assert cycles(ROOT, "sizing") == []


def test_the_engine_imports_no_slack_network_or_database_code():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {loaded}"
        for path in modules(ROOT, "sizing")
        for _, _, loaded, line in imports(path, ROOT)
        if loaded.split(".")[0] in NOT_IN_THE_ENGINE
    ]
    assert wrong == []


def test_the_checks_see_what_they_look_for(tmp_path):
    """The same checks on a small tree that breaks each rule, in function-local imports too."""
    files = {
        "bot/__init__.py": "",
        "bot/log/__init__.py": "",
        "bot/log/store.py": "",
        "bot/log/reports.py": "",
        "bot/listeners/__init__.py": "",
        "bot/listeners/ok.py": "from ..log import Store, reports\n",
        "bot/listeners/inner.py": "def f():\n    from ..log.store import Store\n",
        "bot/listeners/whole.py": "import bot.log.reports\nfrom .. import log\n",
        "sizing/__init__.py": "",
        "sizing/a.py": "from .b import x\n",
        "sizing/b.py": "def x():\n    from . import a\n",
        "sizing/c.py": "from . import b\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert outside_the_interface(tmp_path, {"Store", "reports"}) == [
        "bot/listeners/inner.py:2 imports bot.log.store",
        "bot/listeners/whole.py:1 imports bot.log.reports",
        "bot/listeners/whole.py:2 imports bot.log",
    ]
    assert cycles(tmp_path, "sizing") == [["sizing.a", "sizing.b", "sizing.a"]]


def test_no_text_file_holds_a_merge_conflicts_markers():
    # A merge resolved in the code but not in README.md had left "<<<<<<< HEAD" in a paragraph: Python files
    # fail to import with them, prose and data files do not.
    marker = ("<" * 7 + " ", "=" * 7 + "\n", ">" * 7 + " ")
    suffixes = {".md", ".toml", ".py", ".j2", ".yml", ".yaml", ".txt", ".json", ".cfg"}
    found = []
    for path in ROOT.rglob("*"):
        if path.suffix not in suffixes or any(part.startswith(".") for part in path.relative_to(ROOT).parts):
            continue
        if "node_modules" in path.parts or "cache" in path.name:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(True), 1):
            if line.startswith(marker):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []


def rebound_names(source: str) -> list[str]:
    """Module-level names bound twice (assignments, functions, classes): the second silently replaces the first
    for every function that reads it, those written beside the first included."""
    seen: dict[str, int] = {}
    twice = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        else:
            continue
        for name in names:
            if name in seen:
                twice.append(f"{name}: lines {seen[name]} and {node.lineno}")
            seen.setdefault(name, node.lineno)
    return twice


def test_no_module_binds_a_name_twice():
    # sizing/query.py had three _COUNTED_BEFORE patterns: the last one, written for counts in parentheses, was the
    # one the agents' reading used, and "llama 70b para agentes com 20 usuários" lost its task. Eight more names
    # had two meanings each.
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for folder in ("sizing", "bot", "hub", "bench", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in rebound_names(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_name_bound_twice_is_found():
    assert rebound_names("A = 1\ndef f():\n    return A\nA = 2\nclass B: ...\nB = 3\n") == [
        "A: lines 1 and 4",
        "B: lines 5 and 6",
    ]
