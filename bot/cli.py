"""gpu-size: the sizing engine from a terminal.

    gpu-size 70b 4bit 32k 10users
    gpu-size "Cabe um Llama 70B numa L40S em 4 bits?"
    gpu-size --model 70b --precision 4bit --context 32k --users 10
    gpu-size --model "llama 3.1 8b" --stage qlora --json

Words and flags can be mixed; a flag wins over the same thing said in words.

Bad input exits with status 2 and one sentence saying what is wrong and what would work (with --json: one
JSON object on stdout, {"error": {"key", "message", "hint"}}).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
from collections.abc import Callable, Sequence

from sizing import i18n
from sizing.catalog import CatalogError, load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.quantities import parse_context, parse_count, parse_rate, parse_seconds, parse_share
from sizing.query import QueryError, parse
from sizing.result import json_data
from sizing.workload import Intent, Method, Optimizer, Stage, Task, Workload

EXIT_USAGE = 2
EXIT_CONFIG = 1


class UsageError(Exception):
    """A command line argparse could not read."""


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so errors read as one clear sentence."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _quantity(parse: Callable[[str], int | None], what: str):
    def convert(text: str) -> int:
        value = parse(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"{what} “{text}” is not a number (examples: 8192, 32k, 500B)")
        return value

    return convert


def _language(text: str) -> str:
    if not i18n.known(text):
        codes = ", ".join(i18n.languages())
        raise argparse.ArgumentTypeError(f"“{text}” is not an answer language (use one of: {codes})")
    return i18n.lang_of(text)


def build_parser() -> Parser:
    p = Parser(
        prog="gpu-size",
        description="How much GPU memory an LLM workload needs, and which GPUs to rent.",
        epilog='Examples: gpu-size 70b 4bit 32k 10users | gpu-size "Cabe um Llama 70B numa L40S em 4 bits?"',
    )
    p.add_argument(
        "text",
        nargs="*",
        help="the question in words: 70b 4bit 32k 10users, or a sentence in Portuguese or English",
    )
    p.add_argument(
        "--model",
        "-m",
        help="model name or alias (llama 3.1 70b), HF repo, or a size: 70b, 8x7b, 30b-a3b",
    )
    p.add_argument(
        "--precision",
        "-p",
        help="weights: 16bit, fp8, int8, 4bit/awq/gptq, nf4, mxfp4, q4_k_m... (default 16-bit)",
    )
    p.add_argument("--kv-precision", help="KV cache: 16bit (default) or fp8")
    p.add_argument(
        "--context",
        "-c",
        type=_quantity(parse_context, "context"),
        help="tokens per conversation: 8192, 32k, 128k",
    )
    p.add_argument("--users", "-u", type=int, help="conversations open at the same time (default 1)")
    p.add_argument(
        "--stage", "-s", choices=[s.value for s in Stage], help="what the GPUs are for (default inference)"
    )
    p.add_argument("--gpu", "-g", help="a GPU to check: l40s, a100-80gb, 'H100 80GB'...")
    p.add_argument("--gpus", type=int, help="how many GPUs (with --gpu: of that GPU)")
    p.add_argument(
        "--seq-len",
        type=_quantity(parse_context, "sequence length"),
        help="training sequence length (default 2048; 4096 to pretrain)",
    )
    p.add_argument("--batch", type=int, help="training micro-batch per GPU, in sequences (default 1)")
    p.add_argument(
        "--zero", type=int, choices=[0, 1, 2, 3], help="ZeRO stage / FSDP (default 3 on several GPUs)"
    )
    p.add_argument("--tokens", type=_quantity(parse_count, "tokens"), help="training tokens: 500M, 20B, 1T")
    p.add_argument(
        "--optimizer", choices=[o.value for o in Optimizer], help="training optimizer (default adamw)"
    )
    p.add_argument("--lora-rank", type=int, help="LoRA/QLoRA adapter rank (default 16)")
    p.add_argument(
        "--checkpointing",
        action=argparse.BooleanOptionalAction,
        help="gradient checkpointing (default on)",
    )
    p.add_argument(
        "--cpu-offload", action="store_true", help="keep optimizer states in CPU RAM (ZeRO-Offload)"
    )
    p.add_argument(
        "--offload-params",
        action="store_true",
        help="keep the weights in CPU RAM too (ZeRO-3 offload_param, FSDP CPU offload)",
    )
    p.add_argument("--tp", type=int, help="tensor-parallel degree for training (default 1)")
    p.add_argument("--pp", type=int, help="pipeline stages for training (default 1)")
    p.add_argument(
        "--method",
        choices=[m.value for m in Method],
        help="training method: sft (default) or dpo, ipo, kto, orpo, simpo",
    )
    p.add_argument(
        "--stack",
        help="training software: hf (Transformers + PEFT/TRL, default), unsloth, torchtune, liger",
    )
    p.add_argument("--days", type=int, help="training deadline in days: sizes the run to finish in time")
    p.add_argument("--examples", type=int, help="training examples (when the tokens are not known)")
    p.add_argument("--epochs", type=int, help="passes over the training data (default 1)")
    traffic = p.add_argument_group("serving in traffic terms")
    traffic.add_argument(
        "--prompt-tokens",
        type=_quantity(parse_count, "prompt length"),
        help="tokens of each prompt: 2000, 2k",
    )
    traffic.add_argument(
        "--output-tokens", type=_quantity(parse_count, "answer length"), help="tokens of each answer: 500"
    )
    traffic.add_argument(
        "--rate", type=_rate, help="requests at the peak: 5 (per second), 30/min, 1800/h, 10000/day, 2M/month"
    )
    traffic.add_argument(
        "--population",
        type=_quantity(parse_count, "population"),
        help="people who use the service: 5000, 20k",
    )
    traffic.add_argument(
        "--active-share", type=_share, help="share of the people active at the peak hour: 20%% (traffic.toml)"
    )
    traffic.add_argument(
        "--requests-per-hour", type=float, help="requests per active person per hour (traffic.toml)"
    )
    traffic.add_argument("--ttft", type=_seconds, help="seconds to the first token: 2, 1.5, 800ms")
    traffic.add_argument("--tokens-per-second", type=float, help="tokens per second each user sees: 20")
    p.add_argument(
        "--task",
        choices=[t.value for t in Task],
        help="what the model does (changes the quantization advice)",
    )
    p.add_argument(
        "--intent",
        choices=[i.value for i in Intent],
        help="evaluation or production (changes the contract advice)",
    )
    p.add_argument(
        "--contract",
        choices=["on_demand", "reserved", "dedicated", "project_package"],
        help="the contract mode the customer wants (default: the one the workload calls for)",
    )
    p.add_argument("--lang", type=_language, help="answer language: pt-BR (default), pt-PT or en")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    return p


def _finite(value):
    """`value` with every infinite or NaN number replaced by None (null), for readers of strict JSON."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def _rate(text: str) -> tuple[str, float]:
    value = parse_rate(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"rate “{text}” is not a rate (examples: 5, 30/min, 1800/h, 10000/day, 2M/month)"
        )
    return value


def _share(text: str) -> float:
    value = parse_share(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"share “{text}” is not a share (examples: 20%, 0.2)")
    return value


def _seconds(text: str) -> float:
    value = parse_seconds(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"time “{text}” is not a duration (examples: 2, 1.5, 800ms)")
    return value


FLAG_FIELDS = {
    "model": "model", "precision": "precision", "kv_precision": "kv_precision", "context": "context",
    "users": "users", "stage": "stage", "gpu": "gpu", "gpus": "gpus", "seq_len": "seq_len", "batch": "batch",
    "zero": "zero", "tokens": "tokens", "task": "task", "intent": "intent", "optimizer": "optimizer",
    "lora_rank": "lora_rank", "checkpointing": "checkpointing", "tp": "tp", "pp": "pp", "method": "method",
    "days": "days", "examples": "examples", "epochs": "epochs", "stack": "stack", "contract": "contract",
    "prompt_tokens": "prompt_tokens", "output_tokens": "output_tokens", "population": "population",
    "active_share": "active_share", "requests_per_hour": "requests_per_active_hour", "ttft": "ttft_s",
    "tokens_per_second": "tokens_per_s",
}  # fmt: skip


def workload_from(args: argparse.Namespace, words: Workload | None = None, lang: str = "pt-BR") -> Workload:
    """The workload the words describe, with every flag given on the command line taking precedence."""
    fields = words.given_fields() if words else {}
    for flag, name in FLAG_FIELDS.items():
        value = getattr(args, flag)
        if value is not None:
            fields[name] = value
    if args.cpu_offload:
        fields["cpu_offload"] = True
    if args.offload_params:
        fields["offload_params"] = True
    if args.rate is not None:
        # A rate flag is the load: it replaces a rate, a daily volume or a head-count said in words.
        for key in ("rate_per_s", "requests_per_day", "requests_per_month", "population"):
            fields.pop(key, None)
        key, value = args.rate
        fields[key] = value if key == "rate_per_s" else round(value)
    if "model" not in fields:
        raise SizingError("missing_model", "model_examples")
    fields["lang"] = lang
    return Workload.given(fields)


def _fail(
    message: str, hint: str | None, code: int = EXIT_USAGE, as_json: bool = False, key: str = "usage"
) -> int:
    """One sentence (and a hint) on stderr; with --json, the same as one JSON object on stdout, so a
    program reading stdout always gets JSON."""
    if as_json:
        error = {"key": key, "message": message, "hint": hint}
        print(json.dumps({"error": error}, ensure_ascii=False, indent=2))
        return code
    print(f"gpu-size: {message}", file=sys.stderr)
    if hint:
        print(hint, file=sys.stderr)
    return code


def _hub():
    """The Hub reader as the settings configure it; a terminal can wait the Hub's own timeout."""
    from hub.service import hub_from_settings

    from .settings import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as e:
        print(f"gpu-size: {e}", file=sys.stderr)
        return None
    hub = hub_from_settings(settings)
    hub.budget_s = max(hub.budget_s, settings.hub_timeout_s)
    return hub


def _wants_json(argv: list[str]) -> bool:
    return "--json" in argv


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["catalog", "add"]:
        from . import catalogcli

        return catalogcli.main(argv[2:], hub=_hub())
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as e:
        hint = "Try: gpu-size 70b 4bit 32k 10users  (gpu-size --help)"
        return _fail(str(e), hint, as_json=_wants_json(argv))
    text = " ".join(args.text)
    # The default language: GPU_SIZER_LANG, as for the Slack app and the console.
    default = os.environ.get("GPU_SIZER_LANG") if i18n.known(os.environ.get("GPU_SIZER_LANG")) else None
    lang = i18n.answer_lang(args.lang, default)
    query = None
    try:
        if text or args.model is None:
            query = parse(text)
            lang = i18n.answer_lang(args.lang, query.lang, query.written_lang, default)
            flags_given = (
                any(getattr(args, flag) is not None for flag in FLAG_FIELDS)
                or args.cpu_offload
                or args.offload_params
                or args.rate
            )
            if query.help and args.model is None and not flags_given:
                from .rendering import render_help

                print(render_help(lang), end="")
                return 0
        workload = workload_from(args, query.workload if query and not query.help else None, lang)
        source = None
        from hub.repoid import wants_repo

        if wants_repo(workload.model, load_catalog()):  # the settings and the Hub only for a repo to read
            hub = _hub()
            source = hub.source_for(workload.model, load_catalog()) if hub is not None else None
        result = size(workload, source=source)
    except SizingError as e:
        if query is None and isinstance(e, QueryError):  # refused while reading: the question's language
            lang = i18n.answer_lang(args.lang, e.asked_lang, e.written_lang, default)
        return _fail(e.message(lang), e.hint(lang), as_json=args.json, key=e.key)
    except CatalogError as e:
        return _fail(f"data file problem: {e}", None, EXIT_CONFIG, as_json=args.json, key="data_file")
    if args.json:
        data = json_data(result)
        if query:
            data["query"] = {
                "text": text,
                "not_understood": query.unknown,
                "corrections": [{"typed": a, "read_as": b} for a, b in query.corrections],
            }
        # Strict JSON (RFC 8259 has no Infinity): an overloaded setup's unbounded wait is null there.
        return _emit(json.dumps(_finite(data), ensure_ascii=False, indent=2, allow_nan=False) + "\n")
    from .rendering import render_text  # the templates (Jinja) load only for an answer in words

    return _emit(render_text(result, query))


def _emit(text: str) -> int:
    """Writes the answer; a reader that stopped reading (`gpu-size ... | head`) ends it quietly, and output
    that cannot be written (a full disk) is said in one line, never as a traceback."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as error:
        # Python's recipe (https://docs.python.org/3/library/signal.html#note-on-sigpipe): stdout to
        # /dev/null, so that the interpreter's own flush at exit does not fail again.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if not isinstance(error, BrokenPipeError):
            sys.stderr.write(f"gpu-size: the answer could not be written ({error.strerror or error})\n")
        return EXIT_CONFIG
    return 0


def run() -> None:
    """The gpu-size command: main(), then the process ends without tearing the interpreter down.

    Freeing every module and object one by one at exit took about 25 ms of a 170 ms run here, and no answer
    needs it. The exit handlers still run (the compiled patterns' cache, logging) and the output is
    flushed; when that cannot be done cleanly (a thread still at work, output that cannot be written), the
    process exits the usual way."""
    import atexit
    import threading

    code = main()
    others = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)  # CPython's; it empties the list it runs
    if others or run_exit_handlers is None:
        sys.exit(code)
    run_exit_handlers()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe: Python's own exit reports it, as before
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":
    run()
