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

import contextlib
import contextvars
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING

from sizing import i18n
from sizing.catalog import CatalogError, load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.image_query import size_key
from sizing.names import ModelSource
from sizing.quantities import parse_context, parse_count, parse_rate, parse_seconds, parse_share
from sizing.query import Query, QueryError, answered_in, parse
from sizing.result import json_data
from sizing.workload import Intent, Method, Optimizer, Stage, Task, Workload

from .today import today as today_in_brazil

if TYPE_CHECKING:
    import argparse

EXIT_USAGE = 2
EXIT_CONFIG = 1


class UsageError(Exception):
    """A command line argparse could not read."""


def _parser_class():
    """argparse that raises instead of printing usage and exiting, so errors read as one clear sentence.
    (argparse is imported only for a command line with options: see _words_only.)"""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str):  # type: ignore[override]
            raise UsageError(message)

    return Parser


def _type_error(message: str) -> Exception:
    import argparse

    return argparse.ArgumentTypeError(message)


def _t(lang: str, key: str, **params) -> str:
    return i18n.t(lang, f"gpu_size.{key}", **params)


def _quantity(parse: Callable[[str], int | None], what: str, lang: str):
    def convert(text: str) -> int:
        value = parse(text)
        if value is None:
            raise _type_error(_t(lang, "error.not_number", what=_t(lang, f"error.{what}"), text=text))
        return value

    return convert


def _checked(parse: Callable[[str], float | None], key: str, lang: str):
    def convert(text: str):
        value = parse(text)
        if value is None:
            raise _type_error(_t(lang, f"error.{key}", text=text))
        return value

    return convert


def _number(kind: type, lang: str):
    """int or float, refused in the user's language (argparse's own "invalid int value" is English)."""

    def convert(text: str):
        try:
            return kind(text)
        except ValueError:
            key = "error.not_whole" if kind is int else "error.not_decimal"
            raise _type_error(_t(lang, key, text=text)) from None

    return convert


def _language(lang: str):
    def convert(text: str) -> str:
        if not i18n.known(text):
            raise _type_error(_t(lang, "error.not_language", text=text, codes=", ".join(i18n.languages())))
        return i18n.lang_of(text)

    return convert


def _localized(parser: argparse.ArgumentParser, lang: str) -> argparse.ArgumentParser:
    from .log import localized_argparse

    return localized_argparse(parser, usage=_t(lang, "help.usage"), arguments=_t(lang, "help.arguments"),
                     options=_t(lang, "help.options"), help_line=_t(lang, "help.help"))  # fmt: skip


def build_parser(lang: str = i18n.DEFAULT_LANG) -> argparse.ArgumentParser:
    import argparse

    whole, decimal = _number(int, lang), _number(float, lang)

    def h(key: str) -> str:
        return _t(lang, f"help.{key}")

    p = _localized(_parser_class()(prog="gpu-size", description=h("description"), epilog=h("epilog")), lang)
    p.add_argument("text", nargs="*", help=h("text"))
    p.add_argument("--model", "-m", help=h("model"))
    p.add_argument("--precision", "-p", help=h("precision"))
    p.add_argument("--kv-precision", help=h("kv_precision"))
    p.add_argument("--context", "-c", type=_quantity(parse_context, "context", lang), help=h("context"))
    p.add_argument("--users", "-u", type=whole, help=h("users"))
    p.add_argument("--stage", "-s", choices=[s.value for s in Stage], help=h("stage"))
    p.add_argument("--gpu", "-g", help=h("gpu"))
    p.add_argument("--gpus", type=whole, help=h("gpus"))
    p.add_argument("--seq-len", type=_quantity(parse_context, "sequence_length", lang), help=h("seq_len"))
    p.add_argument("--batch", type=whole, help=h("batch"))
    p.add_argument("--zero", type=whole, choices=[0, 1, 2, 3], help=h("zero"))
    p.add_argument("--tokens", type=_quantity(parse_count, "tokens", lang), help=h("tokens"))
    p.add_argument("--optimizer", choices=[o.value for o in Optimizer], help=h("optimizer"))
    p.add_argument("--lora-rank", type=whole, help=h("lora_rank"))
    p.add_argument("--lora-adapters", type=whole, help=h("lora_adapters"))
    p.add_argument("--checkpointing", action=argparse.BooleanOptionalAction, help=h("checkpointing"))
    p.add_argument("--cpu-offload", action="store_true", help=h("cpu_offload"))
    p.add_argument("--offload-params", action="store_true", help=h("offload_params"))
    p.add_argument("--tp", type=whole, help=h("tp"))
    p.add_argument("--pp", type=whole, help=h("pp"))
    p.add_argument("--ep", type=whole, help=h("ep"))
    p.add_argument("--cp", type=whole, help=h("cp"))
    p.add_argument("--method", choices=[m.value for m in Method], help=h("method"))
    p.add_argument("--stack", help=h("stack"))
    p.add_argument("--days", type=whole, help=h("days"))
    p.add_argument("--examples", type=whole, help=h("examples"))
    p.add_argument("--epochs", type=whole, help=h("epochs"))
    traffic = p.add_argument_group(h("traffic"))
    traffic.add_argument(
        "--prompt-tokens", type=_quantity(parse_count, "prompt_length", lang), help=h("prompt_tokens")
    )
    traffic.add_argument(
        "--output-tokens", type=_quantity(parse_count, "answer_length", lang), help=h("output_tokens")
    )
    traffic.add_argument("--rate", type=_checked(parse_rate, "not_rate", lang), help=h("rate"))
    traffic.add_argument(
        "--population", type=_quantity(parse_count, "population", lang), help=h("population")
    )
    traffic.add_argument(
        "--active-share", type=_checked(parse_share, "not_share", lang), help=h("active_share")
    )
    traffic.add_argument("--requests-per-hour", type=decimal, help=h("requests_per_hour"))
    traffic.add_argument("--ttft", type=_checked(parse_seconds, "not_duration", lang), help=h("ttft"))
    traffic.add_argument("--e2e", type=_checked(parse_seconds, "not_duration", lang), help=h("e2e"))
    traffic.add_argument("--tokens-per-second", type=decimal, help=h("tokens_per_second"))
    traffic.add_argument("--replicas", type=whole, help=h("replicas"))
    p.add_argument("--images", type=whole, help=h("images"))
    p.add_argument("--image-size", type=_checked(size_key, "not_image_size", lang), help=h("image_size"))
    p.add_argument("--task", choices=[t.value for t in Task], help=h("task"))
    p.add_argument("--intent", choices=[i.value for i in Intent], help=h("intent"))
    p.add_argument(
        "--contract", choices=["on_demand", "reserved", "dedicated", "project_package"], help=h("contract")
    )
    p.add_argument("--lang", type=_language(lang), help=h("lang"))
    p.add_argument("--json", action="store_true", help=h("json"))
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


FLAG_FIELDS = {
    "model": "model", "precision": "precision", "kv_precision": "kv_precision", "context": "context",
    "users": "users", "stage": "stage", "gpu": "gpu", "gpus": "gpus", "seq_len": "seq_len", "batch": "batch",
    "zero": "zero", "tokens": "tokens", "task": "task", "intent": "intent", "optimizer": "optimizer",
    "lora_rank": "lora_rank", "lora_adapters": "lora_adapters", "checkpointing": "checkpointing", "tp": "tp", "pp": "pp", "ep": "ep", "cp": "cp", "method": "method",
    "days": "days", "examples": "examples", "epochs": "epochs", "stack": "stack", "contract": "contract",
    "prompt_tokens": "prompt_tokens", "output_tokens": "output_tokens", "population": "population",
    "active_share": "active_share", "requests_per_hour": "requests_per_active_hour", "ttft": "ttft_s", "e2e": "e2e_s",
    "tokens_per_second": "tokens_per_s", "replicas": "replicas", "images": "images", "image_size": "image_size",
}  # fmt: skip


def workload_from(
    args: argparse.Namespace | SimpleNamespace, words: Workload | None = None, lang: str = "pt-BR"
) -> Workload:
    """The workload the words describe, with every flag given on the command line taking precedence."""
    fields = words.given_fields() if words else {}
    for flag, name in FLAG_FIELDS.items():
        value = getattr(args, flag)
        if value is not None:
            fields[name] = value
    if args.users is not None:
        fields["users_at_once"] = True  # the flag's own help: conversations open at the same time
    if args.cpu_offload:
        fields["cpu_offload"] = True
    if args.offload_params:
        fields["offload_params"] = True
    if args.rate is not None:
        # A rate flag is the load: it replaces a rate, a daily volume or a head-count said in words.
        for key in (
            "rate_per_s",
            "requests_per_day",
            "requests_per_week",
            "requests_per_month",
            "population",
            "items_volume",
        ):
            fields.pop(key, None)
        key, value = args.rate
        fields[key] = value if key == "rate_per_s" else round(value)
    if "model" not in fields:
        raise SizingError("missing_model", "model_examples")
    fields["lang"] = lang
    return Workload.given(fields)


# What stands before a refusal on stderr; none inside a multi-answer, where the refusal is that part's answer under
# its title, read as the other parts are.
_ERROR_PREFIX = contextvars.ContextVar("error_prefix", default="gpu-size: ")


def _fail(
    message: str, hint: str | None, code: int = EXIT_USAGE, as_json: bool = False, key: str = "usage"
) -> int:
    """One sentence (and a hint) on stderr; with --json, the same as one JSON object on stdout, so a
    program reading stdout always gets JSON."""
    if as_json:
        error = {"key": key, "message": message, "hint": hint}
        print(json.dumps({"error": error}, ensure_ascii=False, indent=2))
        return code
    print(f"{_ERROR_PREFIX.get()}{message}", file=sys.stderr)
    if hint:
        print(hint, file=sys.stderr)
    return code


def _answered(message: str, hint: str | None, key: str, as_json: bool, data: dict | None = None) -> int:
    """An answer given while reading (sizing/errors.py, is_answer): on stdout, exit status 0; with --json, its
    figures too when the answer has them (a speech model's: sizing/speech_query.py)."""
    if as_json:
        body = {"key": key, "message": message, "hint": hint, **({"data": data} if data else {})}
        return _emit(json.dumps({"answer": body}, ensure_ascii=False, indent=2) + "\n")
    return _emit("\n".join(filter(None, [message, hint])) + "\n")


def _hub():
    """The Hub reader as the settings configure it; a terminal can wait the Hub's own timeout."""
    from hub.service import hub_from_settings

    from .kept_settings import hub_settings

    settings, error = hub_settings()  # validated once for this environment (bot/kept_settings.py)
    if error is not None:
        print(f"gpu-size: {error}", file=sys.stderr)
        return None
    hub = hub_from_settings(settings)
    hub.budget_s = max(hub.budget_s, settings.hub_timeout_s)
    return hub


def _hub_off() -> bool:
    """Whether the settings turn the Hub reader off (GPU_SIZER_HUB), without starting one."""
    from .kept_settings import hub_settings

    settings, error = hub_settings()
    return error is None and not settings.hub_enabled


def _wants_json(argv: list[str]) -> bool:
    return "--json" in argv


def _words_only(argv: list[str]) -> SimpleNamespace | None:
    """A command line of words alone ("70b 4bit 32k 10users", the usual one) as argparse would read it:
    the question, every option at its default. Importing argparse and building the parser cost about a
    seventh of such a run; a test keeps this equal to build_parser().parse_args(). None when an argument
    may be an option (or there are none: the help)."""
    if not argv or any(arg.startswith("-") for arg in argv):
        return None
    return SimpleNamespace(text=list(argv), **dict.fromkeys(FLAG_FIELDS), rate=None, cpu_offload=False,
                           offload_params=False, lang=None, json=False)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # One run's readings: a later call in the same process (tests, the console) may use other data files.
    _PARSED.clear()
    if argv[:2] == ["catalog", "add"]:
        from . import catalogcli

        return catalogcli.main(argv[2:], hub=_hub())
    # The default language: GPU_SIZER_LANG, as for the Slack app and the console. --help and a command line
    # that cannot be read are in --lang's language, else that one.
    default = os.environ.get("GPU_SIZER_LANG") if i18n.known(os.environ.get("GPU_SIZER_LANG")) else None
    args = _words_only(argv)
    if args is None:
        from .log import lang_in_argv

        early = i18n.answer_lang(lang_in_argv(argv), default)
        try:
            args = build_parser(early).parse_args(argv)
        except UsageError as e:
            from .log import argparse_sentence  # argparse's English, said in the user's language

            return _fail(argparse_sentence(str(e), early), _t(early, "error.try"), as_json=_wants_json(argv))
    text = " ".join(args.text)
    several = _several(args, text)
    if several is not None:
        return _answer_several(args, several, default)
    return _ask(args, text, default)[0]


def _flags_given(args) -> bool:
    return (
        any(getattr(args, flag) is not None for flag in FLAG_FIELDS)
        or args.cpu_offload
        or args.offload_params
        or bool(args.rate)
    )


def _lengths_read(query) -> dict:
    """The --json object's lists of lengths read in characters, lines, paragraphs or pages, of what the model
    writes, and of a RAG's documents (sizing/query.py Query), each only where the question said one."""
    lists = {
        "unit_lengths": (("typed", "tokens", "unit", "rate"), query.unit_lengths),
        "written_lengths": (("typed", "output_tokens", "unit", "rate"), query.written_lengths),
        "rag_documents": (("typed", "prompt_tokens", "chunks", "chunk_tokens"), query.rag_documents),
    }
    return {
        key: [dict(zip(names, row, strict=True)) for row in rows]
        for key, (names, rows) in lists.items()
        if rows
    }


def _ask(args, text: str, default: str | None, base: Workload | None = None) -> tuple[int, Workload | None]:
    """One question answered on stdout (or refused on stderr): the exit status, and the workload answered
    for a question that follows it in the same message."""
    lang = i18n.answer_lang(args.lang, default)
    query = None
    pasted_source = swap = None
    asked = text  # as typed: a pasted config's stand-in id replaces it in `text` below
    try:
        if "{" in text or "_" in text or "architectures" in text:
            text, pasted_source, swap = _pasted(text, base, args.model)
        if text or args.model is None:
            try:
                query = _parse(text, base)
            except QueryError as refused:
                if refused.key != "query.no_model" or args.model is None:
                    raise
                # "gpu-size 4bit 32k --model 'llama 3.1 8b'": the model is the flag's, the words are read beside
                # it (they had been refused for naming no model), in the language the words alone were in
                import msgspec

                read = _parse(f"{args.model} {text}", base)
                query = msgspec.structs.replace(
                    read, lang=refused.asked_lang, written_lang=refused.written_lang
                )
            if swap is not None:  # keys pasted beside the model named: that model changed by them
                import msgspec

                query = msgspec.structs.replace(query, workload=query.workload.but(model=swap))
            lang = i18n.answer_lang(args.lang, query.lang, answered_in(query.written_lang), default)
            if query.help and args.model is None and not _flags_given(args):
                from .rendering import render_help

                print(render_help(lang, log=query.help_log), end="")
                return 0, None
        if isinstance(pasted_source, SizingError):
            raise pasted_source  # said once the question's language is known
        workload = workload_from(args, query.workload if query and not query.help else None, lang)
        if swap is not None:  # --model's model too: the keys change the model sized, however it was named
            workload = workload.but(model=swap)
        source = pasted_source if pasted_source is not None and workload.model == pasted_source.repo else None
        from hub.repoid import wants_repo

        if source is None and wants_repo(
            workload.model, load_catalog()
        ):  # the settings and the Hub only for a repo to read
            hub = _hub()
            source = hub.source_for(workload.model, load_catalog()) if hub is not None else None
        result = size(workload, source=source)
        own = pasted_source if isinstance(pasted_source, ModelSource) else None
        comparison = _compare(query, workload, result, source, own)
    except SizingError as e:
        if query is None and isinstance(e, QueryError):  # refused while reading: the question's language
            lang = i18n.answer_lang(args.lang, e.asked_lang, answered_in(e.written_lang), default)
            from sizing.fits import NO_MODEL_ANSWERS

            if e.key in NO_MODEL_ANSWERS and args.model is None:
                return _what_fits(e, lang, args.json), None
            if e.is_answer:  # embedding models alone: what they take is the answer, on stdout
                return _answered(  # the console is staff's: prices shown, as in a model's answer
                    e.priced_message(lang), e.hint(lang), e.key, args.json, getattr(e, "data", None)
                ), None
        if _hub_off():
            e.hub_off()  # no repo is read here: what is, its config.json pasted
        return _fail(e.message(lang), e.hint(lang), as_json=args.json, key=e.key), None
    except CatalogError as e:
        return _fail(f"data file problem: {e}", None, EXIT_CONFIG, as_json=args.json, key="data_file"), None
    if args.json:
        data = json_data(result)
        if query:
            data["query"] = {
                "text": asked,
                "not_understood": query.unknown,
                "corrections": [{"typed": a, "read_as": b} for a, b in query.corrections],
                # "4 ou 8 bits": only the first precision of a choice is sized.
                "precision_choices": [
                    {"typed": a, "sized": b, "not_sized": c} for a, b, c in query.precision_choices
                ],
                # "llama 70b ou qwen 32b": the other models offered, as typed; only the first is sized.
                "model_choices": query.model_choices,
                # "em 16, 8 ou 4 bits numa h100 ou h200": pairings past what a comparison shows, not weighed
                **(
                    {"setups_left": [{"side": a, "gpus": b} for a, b in query.setups_left]}
                    if query.setups_left
                    else {}
                ),
                # "1M documentos": a RAG corpus named, as typed (it changes no GPU memory).
                "corpus": query.corpus,
                # "notebook com 16gb de ram": the system's memory, not a GPU's; "no meu notebook": no memory said.
                "system_ram": query.system_ram,
                "device_without_memory": query.device_alone + query.mac_alone,
                # "em cpu", "sem gpu": running with no GPU asked about (a note; the answer is for GPUs).
                "cpu_only": query.cpu_only,
                # "no celular", "on a phone": running on the device itself (a note; the answer is for GPUs).
                "phone": query.phone,
                # "fine-tunado com lora", "já treinei um lora": a model already fine-tuned, served (as typed).
                "fine_tuned": [typed for typed, _ in query.fine_tuned],
                # "nemo megatron", "deepspeed": a training framework named (a note on what the sums assume).
                "frameworks": query.frameworks,
                # "sglang", "tgi": another serving engine named (the speed figures are vLLM's, said).
                "other_engines": query.other_engines,
                # "respostas curtas": the answer length the words were read as (traffic.toml).
                "answer_lengths": [{"typed": a, "tokens": n} for a, n in query.answer_lengths],
                "prompt_lengths": [{"typed": a, "tokens": n} for a, n in query.prompt_lengths],
                "daily_shares": [{"typed": a, "people": n, "daily": d} for a, n, d in query.daily_shares],
                # "70% dos 2 mil colaboradores": the people using it at all (only where said)
                **(
                    {
                        "people_shares": [
                            {"typed": a, "people": n, "part": d} for a, n, d in query.people_shares
                        ]
                    }
                    if query.people_shares
                    else {}
                ),
                # "2000 pacientes por dia e 50 médicos": the group sized and the one left out of the load (only
                # where said, so that the object of every other question stays as it was)
                **(
                    {"other_groups": [{"sized": a, "other": b} for a, b in query.other_groups]}
                    if query.other_groups
                    else {}
                ),
                # "documentos de 2000 palavras": the tokens, at traffic.toml's tokens a word.
                "word_lengths": [
                    {"typed": a, "tokens": n, "tokens_per_word": w} for a, n, w in query.word_lengths
                ],
                # "textos de 2 mil caracteres", "posts de 300 tokens", "rag com manuais de 300 páginas": how each
                # length was read, only where said (the object of every other question stays as it was)
                **_lengths_read(query),
                # "transcrições de 1 hora": the transcript's tokens, at traffic.toml's tokens a minute of speech.
                "speech_lengths": [
                    {"typed": a, "tokens": n, "tokens_per_minute": m} for a, n, m in query.speech_lengths
                ],
                # "500 horas de áudio": the transcripts' tokens to read in all.
                "speech_volumes": [
                    {"typed": a, "tokens": n, "tokens_per_minute": m, "period_s": period}
                    for a, n, m, period in query.speech_volumes
                ],
            }
        if comparison is not None:
            # "qwen 72b em int4 ou qwen 32b em bf16?": the other model sized beside this one, or why not.
            data["comparison"] = json_data(comparison)
        # Strict JSON (RFC 8259 has no Infinity): an overloaded setup's unbounded wait is null there.
        return _emit(
            json.dumps(_finite(data), ensure_ascii=False, indent=2, allow_nan=False) + "\n"
        ), workload
    from .rendering import render_text  # the templates (Jinja) load only for an answer in words

    return _emit(render_text(result, query, comparison)), workload


def _pasted(
    text: str, base: Workload | None, flag_model: str | None = None
) -> tuple[str, ModelSource | SizingError | None, str | None]:
    """A question with a model's config.json or its keys pasted in it (hub/pasted.py): the text left to read,
    the model it stands for (or why it cannot be sized), and the repo id that replaces the model the question
    (or --model, `flag_model`) names when the keys change that model."""
    from hub import pasted

    found = pasted.find(text)
    if found is None:
        pasted.or_other_file(text, lambda: _parse(text, base))
        return text, None, None
    if not found.whole:
        try:
            workload = _parse(found.rest, base).workload
        except QueryError:
            workload = None
        if workload is None and flag_model is not None:
            # "gpu-size --model 'llama 3.1 8b' 'max_position_embeddings: 32768'": the keys change the flag's model
            workload = _parse(f"{flag_model} {found.rest}", base).workload
        if workload is not None:
            named = _named(workload.model)
            repo, model = pasted.over(found, named) if named else pasted.unread(found, workload.model)
            return found.rest, model if isinstance(model, SizingError) else ModelSource(repo, model), repo
    text = pasted.question_text(found, lambda read: _parse(read, base))
    try:
        return text, ModelSource(found.repo, pasted.read(found)), None
    except pasted.UnreadableConfig as refused:
        return text, refused, None


def _named(model: str):
    """The architecture of the model a question names, for pasted keys to change: the catalogue's (or the shape
    a size stands for), or the Hub's reading of a repo; None for a repo not read."""
    from hub.repoid import wants_repo
    from sizing.names import resolve_model

    catalog = load_catalog()
    if wants_repo(model, catalog):
        hub = _hub()
        source = hub.source_for(model, catalog) if hub is not None else None
        return source.model if source is not None else None
    try:
        return resolve_model(model, catalog).model
    except SizingError:
        return None


def _several(args, text: str):
    """The questions of a message that holds several ("1) llama 70b pra 50 usuários 2) qwen 32b..."), or None.
    Flags size one question: a command line with any is read whole."""
    if not text or "{" in text or _flags_given(args) or args.model is not None:
        return None  # "{": a pasted config.json, one model's question
    if "_" in text:
        from hub import pasted

        if pasted.one_question(text):
            return None  # a config.json's keys pasted without their braces
    from sizing.several import split

    try:
        return split(text, _parse)
    except Exception:  # reading it as several must never cost the answer to it as one
        if os.environ.get("GPU_SIZER_DEBUG"):
            raise
        return None


# The questions read with no base, kept: a message read whole to see whether it holds several is read once.
_PARSED: dict[str, Query | QueryError] = {}


def _parse(text: str, base: Workload | None = None) -> Query:
    if base is not None:
        return parse(text, base=base, today=today_in_brazil())
    if text not in _PARSED:
        try:
            _PARSED[text] = parse(text, today=today_in_brazil())
        except QueryError as refused:
            _PARSED[text] = refused
    read = _PARSED[text]
    if isinstance(read, QueryError):
        raise read
    return read


def _json_object(said: str) -> dict:
    """One part's --json output as an object; what is not JSON (the help, in words) as its text."""
    try:
        return json.loads(said)
    except ValueError:
        return {"text": said}


def _answer_several(args, several, default: str | None) -> int:
    """Each question in turn under its own title (with --json, one object whose "questions" hold each answer's
    object); a part that names no model follows the one before it, as a thread's follow-up does."""
    import io

    answers, base, codes = [], None, []
    for part in several.parts:
        out = io.StringIO()
        prefix = _ERROR_PREFIX.set("")
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                code, workload = _ask(args, part.text, default, base if part.follows else None)
        finally:
            _ERROR_PREFIX.reset(prefix)
        answers.append((part.text, out.getvalue()))
        codes.append(code)
        base = workload if workload is not None else base
    lang = base.lang if base is not None else i18n.answer_lang(args.lang, default)
    total, dropped = len(answers), several.asked - len(several.parts)
    note = i18n.t(lang, "several.too_many", asked=several.asked, max=total) if dropped else None
    if args.json:
        parts = [{"question": words, **_json_object(said)} for words, said in answers]
        body = {"questions": parts, **({"not_answered": note} if note else {})}
        _emit(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
    else:
        said = [
            i18n.t(lang, "several.header", n=n, total=total, text=words) + "\n\n" + answer.rstrip() + "\n"
            for n, (words, answer) in enumerate(answers, 1)
        ]
        _emit("\n".join(said + ([note + "\n"] if note else [])))
    return max(codes)


def _compare(query, workload: Workload, result, source=None, pasted: ModelSource | None = None):
    """The other model of "X ou Y?" sized for the same workload beside the first (sizing.compare), the same
    training under each ZeRO stage of "zero-2 ou zero-3?", or None when the question offers no other.
    `pasted`: the model read from a config pasted in the question, which may be the other one."""
    if workload.compare_zero and result.workload.stage != "inference":
        from sizing.compare import weigh_stages

        return weigh_stages(result, workload, load_catalog(), show_prices=True, source=source)
    if workload.compare_stages and result.workload.stage != "inference":
        from sizing.compare import weigh_methods

        return weigh_methods(result, workload, load_catalog(), show_prices=True, source=source)
    if workload.compare_reasoning and result.workload.stage == "inference":
        from sizing.compare import weigh_reasoning

        return weigh_reasoning(result, workload, load_catalog(), show_prices=True, source=source)
    if query is None or query.help or not query.model_choices:
        return None
    from hub.repoid import wants_repo
    from sizing.compare import other_workload, others_of, weigh, weigh_choices, weigh_together

    catalog = load_catalog()
    if len(query.model_choices) > 1:  # three or four models on one GPU: each sized as for two

        def source_for(model: str):
            if pasted is not None and model == pasted.repo:
                return pasted
            hub = _hub() if wants_repo(model, catalog) else None  # the Hub only for a repo to read
            return hub.source_for(model, catalog) if hub is not None else None

        others = others_of(query.model_choices, workload, parse, source_for)
        if not query.together:  # "em 16 bits, 8 ou 4?": one model's setups to choose between
            return weigh_choices(result, others, catalog, show_prices=True)
        return weigh_together(result, others, catalog, show_prices=True, workload=workload)
    typed = query.model_choices[0]
    try:
        named = parse(typed)
        other = other_workload(workload, named)
    except SizingError as e:
        return weigh(result, typed, e, catalog, show_prices=True)
    source = pasted if pasted is not None and other.model == pasted.repo else None
    if source is None and wants_repo(other.model, catalog):  # the Hub only for a repo, as for the first
        hub = _hub()
        source = hub.source_for(other.model, catalog) if hub is not None else None
    return weigh(result, typed, other, catalog, show_prices=True, source=source, read_as=named.corrections,
                 together=query.together, workload=workload)  # fmt: skip


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


def _what_fits(e: QueryError, lang: str, as_json: bool) -> int:
    """ "qual o maior modelo que cabe numa H100?": the largest models the GPUs named hold."""
    from sizing.fits import NO_MODEL_ANSWERS, NO_MODEL_NAMES

    from .fits_reply import text

    answer = NO_MODEL_ANSWERS[e.key]
    try:
        fits = answer({**e.given, "lang": lang}, load_catalog())
    except SizingError as refused:
        return _fail(refused.message(lang), refused.hint(lang), as_json=as_json, key=refused.key)
    if as_json:
        import msgspec

        name = NO_MODEL_NAMES[e.key]
        print(json.dumps({name: msgspec.to_builtins(fits)}, ensure_ascii=False, indent=2))
    else:
        print(text(fits, lang, availability_asked=e.availability_asked), end="")
    return 0


def run() -> None:
    """The gpu-size command: main(), then the process ends without tearing the interpreter down. A bug is
    said in a sentence and exit status 1 (its traceback with GPU_SIZER_DEBUG=1), never a traceback.

    Freeing every module and object one by one at exit took about 25 ms of a 170 ms run here, and no answer
    needs it. The exit handlers still run (the compiled patterns' cache, logging) and the output is
    flushed; when that cannot be done cleanly (a thread still at work, output that cannot be written), the
    process exits the usual way."""
    import atexit
    import threading

    try:
        code = main()
    except Exception as bug:  # the command's last word: a bug is said, never a traceback
        if os.environ.get("GPU_SIZER_DEBUG"):
            raise
        lang = os.environ.get("GPU_SIZER_LANG") if i18n.known(os.environ.get("GPU_SIZER_LANG")) else "pt-BR"
        print(f"gpu-size: {i18n.t(lang, 'gpu_size.error.bug', error=type(bug).__name__)}", file=sys.stderr)
        code = 1
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
