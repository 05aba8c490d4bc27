"""Same answers: what users get, recorded for thousands of varied questions, to prove that a change made
only for speed changes no answer.

For each question it keeps the `gpu-size --json` output (the object other tools read), and what the Slack
app sends through the real pipeline (parse, size, render): the Block Kit blocks, the fallback text, the
plain-text answer, the outcome; for staff and for a shared channel, in the question's language and in a
user locale. Some questions are followed up in their thread ("e se for em 8 bits?") and some answers are
recomputed from a button's payload. The questions: the benchmark's (bench/engine.py and the fresh level's),
the parser's corpus (tests/query_corpus.py), named GPUs, training and traffic.

    python bench/same_answers.py against main            # main's answers (a snapshot by git archive) and
                                                         # this tree's, compared; exit status 1 when any differs
    python bench/same_answers.py record OUT.jsonl [--questions FILE]
    python bench/same_answers.py compare A.jsonl B.jsonl

Run as a file (not with -m), so that it can record another revision's code: `against` exports the revision
into a temporary folder and runs this same file there with that folder first on the path.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

GPUS = ["l40s", "h100", "2x h100", "4x h100", "8x h200", "a100", "2x a100 40gb", "l4", "rtx 4090",
        "2 l40s", "8 l40s", "h200", "b200", "rtx 6000 ada", "16 h100"]  # fmt: skip
TRAINING = ["lora", "qlora", "fine-tuning completo", "full fine-tune", "pretrain 1T tokens", "do zero 200B tokens",
            "lora seq 4096 batch 4", "qlora com unsloth", "lora torchtune", "full zero2 8 gpus", "lora rank 64",
            "full adam 8bit", "full cpu offload", "lora sem gradient checkpointing", "pretrain 2T tokens em 30 dias",
            "lora 50 mil exemplos 3 épocas", "full tp=2", "qlora liger seq 8192", "pretrain 500B tokens in 2 weeks",
            "lora 10B tokens prazo de 3 meses"]  # fmt: skip
TRAFFIC = ["200 requisições por minuto", "5 req/s", "10 mil chamadas por dia", "5000 funcionários",
           "base de 20 mil clientes", "prompts de 2 mil tokens e respostas de 500", "2k in / 500 out 30 req/s",
           "primeira resposta em até 2 s 50 req/min", "pelo menos 20 tokens/s 100 usuários",
           "quanto custa por mês 3 req/s", "1000 req/min first token under 1 s", "dedicada por 12 meses 2 req/s",
           "produção 800 usuários", "reservado 20 mil clientes", "40 tokens/s 10 usuários"]  # fmt: skip
MODELS = ["70b", "8b", "llama 3.1 405b", "qwen2.5 32b", "mixtral 8x7b", "deepseek v3", "gpt-oss-120b",
          "gemma 3 27b", "qwen3 30b-a3b", "mistral small", "1.5b", "13b", "phi-4", "qwen3 32b", "gpt-oss-20b",
          "llama 4 scout", "qwen3-next-80b", "gemma 2 9b", "3b", "235b"]  # fmt: skip
PRECISIONS = ["", "4bit", "fp8", "8bit", "16bit", "q4_k_m", "nf4", "awq", "int8", "mxfp4"]
CONTEXTS = ["", "8k", "32k", "128k", "16 mil tokens"]
FOLLOW_UPS = ["e se for em 8 bits?", "and 20 users?", "e com 500 req/min?", "and with a 1 s first token?",
              "e se 20% usarem ao mesmo tempo?", "e em 4 bits?", "e com 64k de contexto?", "numa h200?"]  # fmt: skip
LOCALES = [None, "en-US", "pt-PT", "pt-BR"]


def questions(seed: int = 14) -> list[str]:
    """Several thousand varied questions, the same every time for a seed."""
    sys.path.insert(0, str(ROOT))
    from bench.engine import queries
    from bench.web import fresh_questions
    from tests import query_corpus

    rng = random.Random(seed)
    out = queries(1500, seed=7) + fresh_questions(1000, seed=seed)
    corpus = [text for text, _ in query_corpus.PHRASINGS + query_corpus.PERSONAL_DATA]
    corpus += [case[0] for case in query_corpus.BAD_INPUTS]
    out += corpus + [f"{text} en" for text in corpus[::3]] + [f"{text} pt-pt" for text in corpus[1::5]]

    def pick(options: list[str]) -> str:
        return rng.choice(options)

    for _ in range(700):  # named GPUs
        out.append(" ".join(filter(None, [pick(MODELS), pick(PRECISIONS), pick(CONTEXTS),
                                          f"{rng.randint(1, 64)} users" if rng.random() < 0.6 else "",
                                          "numa" if rng.random() < 0.5 else "on", pick(GPUS)])))  # fmt: skip
    for _ in range(500):  # training
        out.append(" ".join(filter(None, [pick(MODELS), pick(TRAINING), pick(GPUS) if rng.random() < 0.3 else "",
                                          "en" if rng.random() < 0.2 else ""])))  # fmt: skip
    for _ in range(700):  # traffic
        out.append(" ".join(filter(None, [pick(MODELS), pick(PRECISIONS), pick(CONTEXTS), pick(TRAFFIC),
                                          pick(GPUS) if rng.random() < 0.25 else ""])))  # fmt: skip
    return out


def record(texts: list[str], out_path: str) -> None:
    """Writes one JSON line per question: what the code importable here answers."""
    os.environ["GPU_SIZER_HUB"] = "off"
    from bot import cli
    from bot.pipeline import Pipeline, Where, decode

    try:
        from bot.log.requestlog import RequestLog
    except ImportError:  # a revision from before the log had a folder of its own
        from bot.requestlog import RequestLog  # type: ignore[no-redef]

    workdir = tempfile.mkdtemp(prefix="same-answers-")
    log = RequestLog(os.path.join(workdir, "log.db"))
    pipeline = Pipeline(log)
    rng = random.Random(1)

    def reply_of(reply) -> dict:
        m = reply.message
        return {"outcome": reply.outcome, "lang": reply.lang, "blocks": m.blocks, "fallback": m.text,
                "attachments": m.attachments, "text": reply.text_answer, "payload": reply.payload,
                "result": _builtins(reply.result) if reply.result is not None else None}  # fmt: skip

    with open(out_path, "w", encoding="utf-8") as out:
        for i, text in enumerate(texts):
            stdout = io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
                status = cli.main([*text.split(), "--json"])
            row: dict = {"q": text, "cli": [status, stdout.getvalue()]}
            locale = LOCALES[i % len(LOCALES)]
            staff = Where("slash_command", user_id=f"U{i % 7}", channel_id="C1", user_locale=locale)
            first = pipeline.ask(text, staff)
            row["staff"] = reply_of(first)
            if i % 3 == 0:
                shared = Where("mention", user_id="U9", channel_id=f"CS{i % 5}", channel_shared=True,
                               user_external=True, thread_ts="1.0")  # fmt: skip
                row["shared"] = reply_of(pipeline.ask(text, shared))
            if first.workload is not None and i % 4 == 0:
                follow = FOLLOW_UPS[rng.randrange(len(FOLLOW_UPS))]
                thread = Where("message", user_id="U1", channel_id="D1", thread_ts="2.0")
                row["follow_up"] = [follow, reply_of(pipeline.ask(follow, thread, base=first.workload))]
            if first.payload is not None and i % 5 == 0:
                button = Where("button", user_id="U2", channel_id="C1")
                changed = _with(decode(first.payload), precision="fp8")
                row["button"] = reply_of(pipeline.recompute(changed, button))
            out.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    log.close()


def _builtins(result) -> dict:
    """The answer as JSON data, from this tree's engine (msgspec structs) or an older one's (pydantic)."""
    if hasattr(result, "model_dump"):
        return result.model_dump(mode="json")
    from sizing.result import json_data

    return json_data(result)


def _with(workload, **changes):
    """The workload with `changes`, as a button makes it, in this tree or an older one."""
    if hasattr(workload, "model_copy"):
        return workload.model_copy(update=changes)
    return workload.but(**changes)


def _first_difference(a, b, path: str = "") -> str:
    if type(a) is not type(b):
        return f"{path}: {a!r:.120} != {b!r:.120}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: present on one side only"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    if isinstance(a, str) and a.startswith("{"):
        with contextlib.suppress(ValueError):
            return _first_difference(json.loads(a), json.loads(b), path + "(json)")
    return f"{path}: {a!r:.200} != {b!r:.200}"


def compare(a_path: str, b_path: str, show: int = 10) -> int:
    """Prints how many questions were answered differently (and the first few differences); returns that
    number."""
    with open(a_path, encoding="utf-8") as fa, open(b_path, encoding="utf-8") as fb:
        a_rows, b_rows = fa.readlines(), fb.readlines()
    if len(a_rows) != len(b_rows):
        print(f"{len(a_rows)} questions against {len(b_rows)}: not the same question set")
        return max(len(a_rows), len(b_rows))
    differ = 0
    for line_a, line_b in zip(a_rows, b_rows, strict=True):
        if line_a == line_b:
            continue
        differ += 1
        if differ <= show:
            a, b = json.loads(line_a), json.loads(line_b)
            print(f"- {a['q']!r}: {_first_difference(a, b)}")
    answered = sum('"outcome": "answered"' in line for line in a_rows)
    print(f"{len(a_rows)} questions ({answered} with an answer to staff): {differ} answered differently")
    return differ


def against(rev: str, keep: str | None = None) -> int:
    """Records `rev`'s answers and this tree's to the same questions, and compares them."""
    work = Path(keep or tempfile.mkdtemp(prefix="same-answers-"))
    work.mkdir(parents=True, exist_ok=True)
    snapshot = work / "snapshot"
    if not snapshot.exists():
        snapshot.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(snapshot)], input=archive.stdout, check=True)
    texts = work / "questions.json"
    texts.write_text(json.dumps(questions()), encoding="utf-8")
    results = {}
    for name, tree in ((rev, snapshot), ("this tree", ROOT)):
        out = work / f"{'this' if tree == ROOT else 'rev'}.jsonl"
        env = {**os.environ, "PYTHONPATH": str(tree), "GPU_SIZER_HUB": "off", "GPU_SIZER_LANG": "pt-BR"}
        print(f"recording {name} ({tree})", flush=True)
        subprocess.run([sys.executable, str(HERE / "same_answers.py"), "record", str(out), "--questions",
                        str(texts)], cwd=tree, env=env, check=True)  # fmt: skip
        results[name] = out
    return compare(str(results[rev]), str(results["this tree"]))


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "against":
        keep = argv[argv.index("--keep") + 1] if "--keep" in argv else None
        return 1 if against(argv[1], keep) else 0
    if len(argv) >= 2 and argv[0] == "record":
        if "--questions" in argv:
            texts = json.loads(Path(argv[argv.index("--questions") + 1]).read_text(encoding="utf-8"))
        else:
            texts = questions()
        record(texts, argv[1])
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return 1 if compare(argv[1], argv[2]) else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
