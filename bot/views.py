"""Modal and App Home views (Block Kit), built from the catalogue and the message files."""

from __future__ import annotations

import json

from sizing import i18n
from sizing.catalog import load_catalog
from sizing.query import EMOJI_CODES
from sizing.workload import Intent, Stage, Task, Workload

from .blocks import Message, code_span, esc, validate
from .log import logtext
from .slacktext import only_emoji

CONTEXTS = [2048, 4096, 8192, 16384, 32768, 65536, 131072]
PRECISIONS = ["bf16", "fp8", "int8", "int4", "nf4", "mxfp4", "q4_k_m", "q8_0"]


def _option(text: str, value: str) -> dict:
    return {"text": {"type": "plain_text", "text": text[:75]}, "value": value}


def _select(
    block_id: str,
    label: str,
    options: list[dict],
    optional: bool = True,
    placeholder: str | None = None,
    groups: list[dict] | None = None,
) -> dict:
    element = {"type": "static_select", "action_id": block_id}
    if groups:
        element["option_groups"] = groups
    else:
        element["options"] = options
    if placeholder:
        element["placeholder"] = {"type": "plain_text", "text": placeholder[:150]}
    return {"type": "input", "block_id": block_id, "optional": optional, "label": {"type": "plain_text", "text": label},
            "element": element}  # fmt: skip


# Production traffic, all optional: (block id, Workload field, decimals allowed, largest value). Requests
# are asked per minute (how people count them); the engine takes them per second.
TRAFFIC_FIELDS = (
    ("rate_per_min", "rate_per_s", True, 1_000_000),
    ("population", "population", False, 10_000_000),
    ("prompt_tokens", "prompt_tokens", False, 10_000_000),
    ("output_tokens", "output_tokens", False, 1_000_000),
    ("ttft_s", "ttft_s", True, 600),
    ("tokens_per_s", "tokens_per_s", True, 10_000),
)


def _number_input(block_id: str, label: str, decimals: bool, most: int, hint: str | None = None) -> dict:
    element = {"type": "number_input", "action_id": block_id, "is_decimal_allowed": decimals,
               "min_value": "0.01" if decimals else "1", "max_value": str(most)}  # fmt: skip
    block = {"type": "input", "block_id": block_id, "optional": True, "label": {"type": "plain_text", "text": label},
             "element": element}  # fmt: skip
    if hint:
        block["hint"] = {"type": "plain_text", "text": hint[:2000]}
    return block


# Slack's limits for a static select's option groups (api.slack.com, block elements: option_groups up to 100,
# each with up to 100 options).
MOST_GROUPS = MOST_PER_GROUP = 100


def _model_groups(models) -> list[dict]:
    """The models as option groups, one per family (the name's first word: "Llama", "Qwen3", "DeepSeek"), the
    families and their models in alphabetical order; a family past Slack's 100 options goes on in a second group."""
    families: dict[str, list] = {}
    for model in sorted(models, key=lambda m: m.name.lower()):
        families.setdefault(model.name.split()[0].split("-")[0].lower(), []).append(model)
    groups = []
    for members in families.values():
        label = members[0].name.split()[0].split("-")[0]
        for at in range(0, len(members), MOST_PER_GROUP):
            options = [_option(m.name, m.id) for m in members[at : at + MOST_PER_GROUP]]
            groups.append({"label": {"type": "plain_text", "text": label[:75]}, "options": options})
    return groups[:MOST_GROUPS]


def form_view(lang: str, private_metadata: str = "") -> dict:
    """The guided form /gpu opens when given no text."""
    lang = i18n.lang_of(lang)
    catalog = load_catalog()

    def t(key, **p):
        return i18n.t(lang, f"slack.{key}", **p)

    # Every catalogue model, derivatives too ("DeepSeek R1 Distill Llama 8B"): a customer picks the model they
    # mean. Slack allows 100 options in a select but 100 groups of 100: grouped by family, the first word of
    # the name (a flat list cut at 100 had lost every model after "L", Llama 3.1 8B and Qwen among them).
    models = _model_groups(catalog.all_models)
    precisions = [_option(catalog.precision(p).name, p) for p in PRECISIONS]
    contexts = [_option(f"{i18n.context(c, lang)} ({i18n.tokens(c, lang)})", str(c)) for c in CONTEXTS]
    stages = [_option(i18n.t(lang, f"understood.stage.{s.value}"), s.value) for s in Stage]
    tasks = [_option(i18n.t(lang, f"task.{task.value}"), task.value) for task in Task]
    intents = [_option(i18n.t(lang, f"understood.intent.{i.value}"), i.value) for i in Intent]
    blocks = [
        _select("model", t("form_model"), [], placeholder=t("form_model_placeholder"), groups=models),
        {"type": "input", "block_id": "size", "optional": True, "label": {"type": "plain_text", "text": t("form_size")},
         "hint": {"type": "plain_text", "text": t("form_size_hint")},
         "element": {"type": "plain_text_input", "action_id": "size", "max_length": 40}},
        _select("precision", t("form_precision"), precisions),
        _select("context", t("form_context"), contexts),
        {"type": "input", "block_id": "users", "optional": True, "label": {"type": "plain_text", "text": t("form_users")},
         "element": {"type": "number_input", "action_id": "users", "is_decimal_allowed": False, "min_value": "1",
                     "max_value": "100000"}},
        _select("stage", t("form_stage"), stages),
        _select("task", t("form_task"), tasks),
        _select("intent", t("form_intent"), intents),
        {"type": "header", "text": {"type": "plain_text", "text": t("form_traffic")[:150]}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": t("form_traffic_hint")}]},
        *(_number_input(block, t(f"form_{block}"), decimals, most) for block, _, decimals, most in TRAFFIC_FIELDS),
    ]  # fmt: skip
    validate(blocks)
    return {
        "type": "modal",
        "callback_id": "gpu_form",
        "title": {"type": "plain_text", "text": t("form_title")[:24]},
        "submit": {"type": "plain_text", "text": t("form_submit")},
        "close": {"type": "plain_text", "text": t("form_cancel")},
        "private_metadata": private_metadata[:3000],
        "blocks": blocks,
    }


class FormError(ValueError):
    """A field of the submitted form that cannot be used: its block id, to show the error beside it, and the
    message that says why."""

    def __init__(self, block: str, key: str = "slack.form_bad_number") -> None:
        super().__init__(block)
        self.block, self.key = block, key


# The form's choices that are not the catalogue's: what each select's values must name. A form opened before
# a release that renamed or dropped a choice still sends the old value; it gets "pick again" beside the field
# (it had closed the form with nothing said, the workload refusing the value).
OPTION_VALUES = {
    "context": frozenset(str(c) for c in CONTEXTS),
    "stage": frozenset(s.value for s in Stage),
    "task": frozenset(t.value for t in Task),
    "intent": frozenset(i.value for i in Intent),
}


def _number(text: str | None, block: str, decimals: bool, most: float) -> float | None:
    """A number input's value as Slack sends it (a string); FormError for one Slack would not have sent."""
    if text is None or not str(text).strip():
        return None
    try:
        value = float(text) if decimals else int(text)
    except (TypeError, ValueError):
        raise FormError(block) from None
    if not (0 < value <= most):  # also NaN and infinities
        raise FormError(block)
    return value


def workload_from_form(values: dict, lang: str) -> Workload | None:
    """The workload a submitted form describes; None when it names no model. FormError names a field whose
    value cannot be used."""

    def picked(block: str) -> str | None:
        actions = values.get(block)
        element = actions.get(block) if isinstance(actions, dict) else None
        if not isinstance(element, dict):
            return None
        option = element.get("selected_option")
        if isinstance(option, dict):
            value = option.get("value")
        else:
            value = element.get("value")
        if value is None or not str(value).strip():
            return None
        if block in OPTION_VALUES and str(value) not in OPTION_VALUES[block]:
            raise FormError(block, "slack.form_stale_option")
        return str(value)

    model = picked("model")
    fields: dict = {}
    typed = picked("size")
    if typed and only_emoji(EMOJI_CODES.sub(" ", typed)):
        # Only emoji in the free field (":rocket:", "🤔"): no model, as an empty field; it had been answered
        # "Não conheço o modelo “:rocket:”" with a suggestion to send "/gpu :rocket: 32b".
        typed = None
    if not model and typed:
        fields = typed_question(typed.strip())
    elif model:
        fields = {"model": model}
    if not fields.get("model"):
        return None
    fields["lang"] = lang
    if precision := picked("precision"):
        fields["precision"] = precision
    if context := picked("context"):
        fields["context"] = int(context)
    if (users := _number(picked("users"), "users", False, 100_000)) is not None:
        fields["users"] = users
    for block, field, decimals, most in TRAFFIC_FIELDS:
        if (value := _number(picked(block), block, decimals, most)) is not None:
            fields[field] = value / 60 if block == "rate_per_min" else value
    for name in ("stage", "task", "intent"):
        if value := picked(name):
            fields[name] = value
    return Workload.given(fields)


def typed_question(typed: str) -> dict:
    """What the form's free field says. Its hint asks for a size ("70b", "8x7b"), but people type the model
    as they would ask /gpu ("llama 70b", "qwen3 32b fp8 com 32k"): read as /gpu reads it, whatever it names
    besides the model is kept (the form's own choices then replace it), where it reads whole. Words it cannot
    read leave the text as a model's name, which the answer says it does not know, suggesting the nearest."""
    from sizing.query import QueryError, parse

    try:
        query = parse(typed)
    except QueryError:
        return {"model": typed}
    workload = query.workload
    if workload is None or not workload.model or query.unknown:
        return {"model": typed}
    return {k: v for k, v in workload.non_defaults().items() if k != "lang"}


def home_view(lang: str, recent: list[dict]) -> dict:
    """App Home: how to ask, examples, and the user's own recent questions."""
    lang = i18n.lang_of(lang)

    def t(key, **p):
        return i18n.t(lang, f"slack.{key}", **p)

    examples = "\n".join(_examples(lang))
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": t("home_title")}},
        {"type": "section", "text": {"type": "mrkdwn", "text": esc(t("home_intro"))},
         "accessory": {"type": "button", "action_id": "gpu_open_form", "text": {"type": "plain_text", "text": t("home_form")},
                       "style": "primary"}},
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(t('home_examples'))}*\n```{esc(examples)}```"}},
        {"type": "divider"},
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(t('home_recent'))}*"}},
    ]  # fmt: skip
    if recent:
        for row in recent[:10]:
            when = (row.get("created_at") or "")[:16].replace("T", " ")
            answer = row.get("recommendation") or logtext.value("outcome", row.get("outcome"), lang)
            line = f"{code_span(row.get('text') or '', 150)} → {esc(answer)}"
            blocks.append(
                {"type": "context", "elements": [{"type": "mrkdwn", "text": f"{when} UTC · {line}"}]}
            )
    else:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": esc(t("home_none"))}]})
    validate(blocks)
    return {"type": "home", "blocks": blocks}


def _examples(lang: str) -> list[str]:
    """The help's example commands (help.body), one a line."""
    body = i18n.t(lang, "help.body")
    return [line.strip() for line in body.splitlines() if line.strip().startswith("/gpu")]


# Examples a welcome shows: the help's first few, enough to see the shape of a question
WELCOME_EXAMPLES = 4


def welcome_message(lang: str) -> Message:
    """The hello in a user's direct messages the first time they open the app's Messages tab: what the bot
    does, that a question may be written right there, and a few of the help's examples without "/gpu"."""
    lang = i18n.lang_of(lang)
    examples = [e.removeprefix("/gpu ").strip() for e in _examples(lang)[:WELCOME_EXAMPLES]]
    intro = i18n.t(lang, "slack.welcome")
    more = i18n.t(lang, "slack.welcome_more")
    shown = "\n".join(examples)
    blocks = [
        {"type": "section", "text": {"type": "mrkdwn", "text": esc(intro)}},
        {"type": "section", "text": {"type": "mrkdwn", "text": f"```{esc(shown)}```"}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": esc(more)}]},
    ]
    validate(blocks)
    return Message(blocks=blocks, text="\n".join([intro, *examples, more]))


def metadata(channel_id: str | None, response_url: str | None) -> str:
    return json.dumps({"channel_id": channel_id, "response_url": response_url})
