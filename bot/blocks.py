"""Slack messages: engine answers rendered from templates/slack/*.json.j2 into Block Kit, checked
against Slack's limits before they leave, with a plain-text fallback for notifications and screen readers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from json.encoder import encode_basestring  # type: ignore[attr-defined]

import msgspec
from slack_sdk.models.blocks import Block

from sizing import advice, i18n
from sizing.errors import SizingError
from sizing.result import Memory, SizingResult

from .rendering import environment, filters, serving_lines, shown_alternatives, understood

MAX_BLOCKS = 50  # per message (Slack "Block Kit" reference)
MAX_SECTION_TEXT = 3000
MAX_FIELD_TEXT = 2000
MAX_BUTTON_VALUE = 2000
MAX_FALLBACK_TEXT = 3000  # Slack truncates longer notification text; keep it readable

SQUARES = ("🟦", "🟧", "🟪", "⬜")


class BlockKitError(ValueError):
    """A message that Slack would refuse."""


def esc(text: object) -> str:
    """Escapes user-visible text for mrkdwn: &, < and > (so <!channel> or <@U123> never ping anyone)."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def code_span(text: object, limit: int = 80) -> str:
    """Someone's words shown verbatim inside `…`: mrkdwn has no escape for a backtick, so one in the text
    would close the span and let *, _ and ~ format what follows. Backticks become ˋ (a look-alike),
    line breaks become spaces, and the span is never empty."""
    words = " ".join(str(text).split())[:limit].replace("`", "ˋ")
    return f"`{esc(words) or ' '}`"


def clip_mrkdwn(text: str, limit: int = MAX_SECTION_TEXT) -> str:
    """Escaped mrkdwn cut to `limit` characters, never in the middle of an entity such as &lt; (a text of
    3,000 "<" is 12,000 characters once escaped)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    amp = cut.rfind("&", len(cut) - 5)
    if amp != -1 and ";" not in cut[amp:]:
        cut = cut[:amp]
    return cut + "…"


@dataclass
class Message:
    blocks: list[dict]
    text: str  # fallback: notifications, screen readers, clients without blocks
    attachments: list[dict] = field(default_factory=list)
    # The same message as plain text, where a message makes it cheaply (an answer's is rendered only when
    # read: Reply.text_answer).
    plain: str = ""
    _ephemeral: str | None = field(default=None, repr=False, compare=False)

    def kwargs(self) -> dict:
        return {"blocks": self.blocks, "text": self.text}

    def ephemeral_json(self) -> str:
        """The message as an ephemeral reply's JSON body, encoded once: a cached answer is acknowledged
        again and again, and its blocks are the largest thing a request would encode. Bolt sends an
        acknowledgement whose text is a JSON object as application/json, unchanged."""
        if self._ephemeral is None:
            body = {"text": self.text, "response_type": "ephemeral", "blocks": self.blocks}
            self._ephemeral = _utf8_kept(json.dumps(body, ensure_ascii=False))
        return self._ephemeral


def _utf8_kept(text: str) -> str:
    """`text`, with CPython keeping its UTF-8 bytes beside it (PyUnicode_AsUTF8AndSize "caches the UTF-8
    representation", https://docs.python.org/3/c-api/unicode.html), which str.encode then copies instead of
    transcoding: Bolt encodes the acknowledgement's text on every request, 35 against 1.3 us for 5 KB of
    Portuguese. Anywhere that cannot keep it, the text as it is."""
    try:
        import ctypes  # here, not at import: gpu-size imports this module and never acknowledges

        ctypes.pythonapi.PyUnicode_AsUTF8AndSize(ctypes.py_object(text), None)
    except Exception:  # another interpreter, or text that is not valid UTF-8 (a lone surrogate)
        pass
    return text


# An answer's buttons sit in this block. An answer to a message shortcut carries the sized message's thread
# in the block's id ("gpu_actions@1700000000.000100"), so that "share" posts there: Slack sends a button's
# block_id back with each press, and ids are free text up to 255 characters (Block Kit reference).
ACTIONS_BLOCK = "gpu_actions"


def anchored(message: Message, thread_ts: str | None) -> Message:
    """`message` with its buttons tied to `thread_ts` (a copy: rendered answers are cached and shared)."""
    if not thread_ts:
        return message
    block_id = f"{ACTIONS_BLOCK}@{thread_ts}"[:255]
    blocks = [
        {**b, "block_id": block_id}
        if b.get("type") == "actions" and b.get("block_id") == ACTIONS_BLOCK
        else b
        for b in message.blocks
    ]
    return Message(blocks, message.text, message.attachments, message.plain)


def without_share(message: Message) -> Message:
    """`message` without the "share" button (a copy): for an answer already where everyone reads it."""
    blocks = [
        {**b, "elements": [e for e in b["elements"] if e.get("action_id") != "gpu_share"]}
        if b.get("type") == "actions"
        else b
        for b in message.blocks
    ]
    return Message(blocks, message.text, message.attachments, message.plain)


def anchor_of(block_id: object) -> str | None:
    """The thread a button's answer belongs to, from its block_id (None for an answer not tied to one)."""
    prefix, at, thread = str(block_id or "").partition("@")
    if prefix != ACTIONS_BLOCK or not at or not thread.replace(".", "", 1).isdigit():
        return None
    return thread


def emoji_bar(per_gpu: Memory, gpu_bytes: int, width: int = 20) -> str:
    """One GPU's memory as squares: weights, KV cache (or training states), the rest, free."""
    if gpu_bytes <= 0:
        return ""
    second = per_gpu.kv_cache + per_gpu.gradients + per_gpu.optimizer + per_gpu.adapters
    other = per_gpu.total - per_gpu.weights - second
    shares = [per_gpu.weights, second, other]
    scale = width / max(gpu_bytes, per_gpu.total)
    cells = [max(1, round(s * scale)) if s > 0 else 0 for s in shares]
    while sum(cells) > width:
        cells[cells.index(max(cells))] -= 1
    out = "".join(char * n for char, n in zip(SQUARES, cells, strict=False))
    return out + SQUARES[3] * (width - sum(cells))


@cache
def _env(lang: str):
    # One overlay for the life of the process: each new overlay would compile the templates again.
    env = environment().overlay()
    env.filters.update(
        esc=esc,
        json=_json,
        # Lists of sentences as mrkdwn lines (Jinja's map filter costs more than the escaping itself).
        esc_lines=lambda items: "\n".join(map(esc, items)),
        esc_bullets=lambda items: "\n".join(f"• {esc(item)}" for item in items),
        each_after=lambda items, before: "".join(before + item for item in items),
        bullet_pieces=bullet_pieces,
    )
    return env


@cache
def _answer_template(lang: str):
    # Looked up once a language: Jinja's lookup makes a weak reference and a key on every call.
    return _env(lang).get_template("slack/answer.json.j2")


# Block Kit: a text object holds at most 3000 characters, a context block at most 10 elements.
PIECE_CHARS, PIECES = 2990, 10


def bullet_pieces(items: list[str], title: str) -> list[str]:
    """A titled list of mrkdwn bullets in pieces a context block's elements each hold, split between bullets:
    an FP8 training's premises run past one element's 3000 characters, and the last ones had been cut."""
    pieces = [f"*{esc(title)}*"]
    for item in items:
        bullet = f"• {esc(item)}"
        if len(pieces[-1]) + 1 + len(bullet) <= PIECE_CHARS:
            pieces[-1] += "\n" + bullet
        else:
            pieces.append(bullet)
    pieces = [piece if len(piece) <= PIECE_CHARS else piece[: PIECE_CHARS - 1] + "…" for piece in pieces]
    return pieces[:PIECES]


def _json(value: object) -> str:
    """A value as JSON inside the Block Kit template: Jinja's tojson also escapes for HTML (<, >, & and ' as
    \\u sequences) and wraps its text as markup, work that changes nothing in the parsed blocks. Letters
    beyond ASCII stay as they are (JSON allows them): as \\u sequences, a Portuguese answer's accents and
    its bar's emoji (two sequences each) were ~15% more text for json.loads to read back."""
    return encode_basestring(value) if isinstance(value, str) else json.dumps(value)


# msgspec (a dependency already: the engine's results are its structs) reads the rendered blocks back in
# about half json.loads's time (~10 against ~18 us for a 6 KB answer), into the same dicts, lists, strings.
_decode = msgspec.json.Decoder().decode


def _parsed(rendered: str) -> list[dict]:
    """The template's JSON text as blocks. A lone surrogate (text that no UTF-8 can hold, from a
    question's JSON escapes) is something msgspec refuses and json.loads keeps: read as before."""
    try:
        return _decode(rendered)
    except ValueError:  # msgspec.DecodeError and UnicodeEncodeError both are
        return json.loads(rendered)


def validate(blocks: list[dict]) -> None:
    """Raises BlockKitError unless Slack would accept these blocks (slack_sdk's models plus limits the
    models do not enforce)."""
    check_limits(blocks)
    for raw in blocks:
        block = Block.parse(raw)
        if block is None:
            raise BlockKitError(f"unknown block {raw.get('type')!r}")
        try:
            block.validate_json()
        except Exception as e:  # slack_sdk raises SlackObjectFormationError
            raise BlockKitError(f"{raw.get('type')} block: {e}") from e


def check_limits(blocks: list[dict]) -> None:
    """Raises BlockKitError when blocks pass Slack's size limits: the part of validate() that depends on
    what an answer says (its structure comes from the templates, which the tests validate in full)."""
    if len(blocks) > MAX_BLOCKS:
        raise BlockKitError(f"{len(blocks)} blocks; Slack accepts {MAX_BLOCKS}")
    for raw in blocks:
        text = (raw.get("text") or {}).get("text", "")
        if raw["type"] == "section" and len(text) > MAX_SECTION_TEXT:
            raise BlockKitError(f"section text of {len(text)} characters")
        for f in raw.get("fields", []):
            if len(f.get("text", "")) > MAX_FIELD_TEXT:
                raise BlockKitError(f"section field of {len(f['text'])} characters")
        for element in raw.get("elements", []):
            if len(element.get("value", "")) > MAX_BUTTON_VALUE:
                raise BlockKitError("button value over 2000 characters")
            # A context's text objects have a section's limit (https://docs.slack.dev/reference/block-kit/composition-objects/text-object).
            if raw["type"] == "context" and len(element.get("text", "")) > MAX_SECTION_TEXT:
                raise BlockKitError(f"context text of {len(element['text'])} characters")


def _fallback(text: str) -> str:
    text = esc(text)
    return text if len(text) <= MAX_FALLBACK_TEXT else text[: MAX_FALLBACK_TEXT - 1] + "…"


def answer(
    result: SizingResult,
    query=None,
    *,
    disclosure: str | None = None,
    actions: bool = True,
    share: bool = True,
    show_prices: bool = False,
    payload: str = "",
    comparison=None,
) -> Message:
    """The sizing answer in Block Kit. `payload` travels in the buttons (the workload, to recompute from);
    `comparison` (sizing.compare.weigh) puts the other model of the question beside it, in two columns.
    The same answer as plain text is rendering.render_text, made only where someone reads it (the console)."""
    lang = i18n.lang_of(result.workload.lang)
    training = result.workload.stage != "inference"
    nominal = {16: "16", 8: "8", 4: "4"}
    from sizing.catalog import load_catalog

    bits = load_catalog().precision(result.workload.precision).nominal_bits
    template = _answer_template(lang)
    said = understood(result, query, comparison)
    rendered = template.render(
        r=result,
        understood=_fit_section(said),
        comparison=comparison if comparison is not None and comparison.sized else None,
        others=shown_alternatives(result, comparison, show_prices),
        disclosure=esc(disclosure) if disclosure else None,
        bar=emoji_bar,
        actions=actions and not training,
        share=share,
        show_prices=show_prices,
        payload=payload,
        current_bits=nominal.get(bits),
        lines=serving_lines(result, show_prices),
        **filters(lang),
    )
    blocks = _parsed(rendered)
    for block in blocks:
        # What the question said is echoed ("não entendi: …"); escaped, a long one can pass Slack's limit.
        if block.get("type") == "section" and "text" in block:
            block["text"]["text"] = clip_mrkdwn(block["text"]["text"])
    if actions and training:
        blocks.append(_proposal_only(lang, payload))
    # The templates' blocks are valid Block Kit by construction, proven for every kind of answer by
    # tests/test_answer_blocks.py with slack_sdk's models; per answer only the sizes, which depend on what
    # it says, are checked (a fraction of the models' cost).
    check_limits(blocks)
    # Without a comparison the understood lines are the summary's own: not worked out a second time.
    return Message(
        blocks=blocks, text=_fallback(summary(result, query, said if comparison is None else None))
    )


def _fit_section(lines: list[str]) -> list[str]:
    """The lines, cut so that escaped and joined they fit one section: what was not understood can be as
    long as the question (4,000 characters), and Slack refuses a longer section than 3,000."""
    out, used = [], 0
    for line in lines:
        room = MAX_SECTION_TEXT - used - (1 if out else 0)
        if len(esc(line)) <= room:
            out.append(line)
            used += len(esc(line)) + (1 if len(out) > 1 else 0)
            continue
        cut = line[: max(0, room - 1)]
        while cut and len(esc(cut)) > room - 1:  # escaping lengthens & < > : cut until it fits
            cut = cut[: len(cut) - max(1, (len(esc(cut)) - room + 1))]
        if cut:
            out.append(cut + "…")
        break
    return out


def detail(result: SizingResult, show_prices: bool) -> Message:
    """Behind the answer's "Performance and cost" button: every setup the answer showed, how fast it
    serves the load and what it costs (where prices may be shown), and what the model assumes."""
    from sizing.advice import describe, perf_short
    from sizing.plan import rate_text

    from .rendering import cost_lines

    lang = i18n.lang_of(result.workload.lang)
    title = i18n.t(lang, "perf.detail_title")
    blocks = [{"type": "header", "text": {"type": "plain_text", "text": title}}]
    lines = serving_lines(result, show_prices)
    if lines["load"] or result.decided:
        intro = lines["load"] + ([result.decided] if result.decided else [])
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": esc("\n".join(intro))}})
    setups = [result.recommendation, result.requested, *(a.setup for a in result.alternatives)]
    seen = set()
    for setup in setups:
        if setup is None or setup.performance is None:
            continue
        key = (
            setup.gpu,
            setup.count,
            setup.replicas,
            setup.tensor_parallel,
            round(setup.performance.tokens_per_s_per_user, 3),
        )
        if key in seen:
            continue
        seen.add(key)
        p = setup.performance
        text = i18n.t(
            lang, "perf.detail_setup", setup=esc(describe(setup, lang)), perf=esc(perf_short(p, lang))
        )
        text += "\n" + esc(i18n.t(lang, "perf.detail_capacity", rate=rate_text(p.max_requests_per_s, lang),
                                    max_tokens=i18n.number(p.max_output_tokens_per_s, lang),
                                    concurrency=i18n.in_flight(p.concurrency, lang)))  # fmt: skip
        if show_prices:
            text += "".join("\n" + esc(line) for line in cost_lines(result, setup, lang))
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": text[:MAX_SECTION_TEXT]}})
        if len(blocks) >= MAX_BLOCKS - 2:
            break
    notes = [line for line in result.estimates.text if line]
    if show_prices and result.currency is None:
        notes.append(i18n.t(lang, "cost.none"))
    if notes:
        text = "\n".join(esc(n) for n in notes)
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": text[:MAX_SECTION_TEXT]}]})
    validate(blocks)
    plain = "\n".join([title, *lines["load"], *lines["rec"], *(lines["cost"] if show_prices else []), *notes])
    return Message(blocks=blocks, text=_fallback(title), plain=plain)


def summary(result: SizingResult, query=None, said: list[str] | None = None) -> str:
    """The fallback text: what notifications and clients without blocks show. Short on purpose (a
    notification shows its first line); the blocks carry the whole answer. Never a price. `said`: the
    understood lines of (result, query) with no comparison, when the caller has them."""
    lang = i18n.lang_of(result.workload.lang)
    lines = (understood(result, query) if said is None else said)[:1]
    v = result.verdict
    cmp = result.gpu_comparison
    if cmp is not None:  # GPUs weighed: each one's setup that serves, as the answer's side by side leads with
        each = [advice.describe(side.setup, lang) if side.fits else side.gpu_name for side in cmp.sides]
        lines.append(i18n.t(lang, "gpu_sides.header", gpus=" vs ".join(each)))
    elif result.gpu_choice:  # GPUs weighed for a training: each one's setup that holds the run
        each = [
            advice.describe(side.setup, lang) if side.setup else side.gpu_name for side in result.gpu_choice
        ]
        lines.append(i18n.t(lang, "gpu_sides.header", gpus=" vs ".join(each)))
    elif v is not None:  # the answer leads with the GPU the question named
        lines.append(i18n.t(lang, v.title_key, setup=advice.describe(v.setup, lang)))
    rec = result.recommendation
    total = i18n.gb(result.memory.total, lang)
    if rec:
        lines.append(f"{i18n.t(lang, 'answer.recommendation')}: {rec.count}× {rec.gpu_name} · {total}")
    else:
        lines.append(i18n.t(lang, "assume.nothing_fits") + f" ({total})")
    lines.append(result.contract.reason)
    return "\n".join(lines)


def _proposal_only(lang: str, payload: str) -> dict:
    label = i18n.t(lang, "answer.proposal")
    return {
        "type": "actions",
        "block_id": ACTIONS_BLOCK,
        "elements": [
            {"type": "button", "action_id": "gpu_proposal", "style": "primary",
             "text": {"type": "plain_text", "text": label}, "value": payload},
        ],
    }  # fmt: skip


def error(
    err: SizingError, lang: str, unknown: list[str] | None = None, show_prices: bool = False
) -> Message:
    """A short, friendly refusal: what was not understood, and examples that work. An answer raised while
    reading (a speech model's) says its prices only where `show_prices`."""
    lang = i18n.lang_of(lang)
    said = err.priced_message(lang) if show_prices else err.message(lang)
    lines = [esc(said) if err.is_reply else f":warning: {esc(said)}"]
    hint = err.hint(lang)
    if hint:
        lines.append(esc(hint))
    # The message may quote the question (what was not understood): escaped, it can pass Slack's limit.
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": clip_mrkdwn("\n".join(lines))}}]
    validate(blocks)
    return Message(blocks=blocks, text=_fallback(" ".join([said, hint or ""]).strip()))


def help_message(lang: str, log: bool = False) -> Message:
    """How to ask; asked about the request log ("how do I export the log?"), how managers read it first."""
    lang = i18n.lang_of(lang)
    title, body = i18n.t(lang, "help.title"), i18n.t(lang, "help.body")
    first = i18n.t(lang, "help.log") if log else ""
    blocks = [
        *([{"type": "section", "text": {"type": "mrkdwn", "text": esc(first)}}] if first else []),
        {"type": "header", "text": {"type": "plain_text", "text": title}},
        {"type": "section", "text": {"type": "mrkdwn", "text": esc(body)}},
    ]
    validate(blocks)
    return Message(
        blocks=blocks, text=_fallback(f"{first}\n\n{title}\n{body}" if first else f"{title}\n{body}")
    )


def form_unavailable(lang: str) -> Message:
    """In place of a form Slack did not open: how to ask in the command itself."""
    lang = i18n.lang_of(lang)
    return led_by(i18n.t(lang, "slack.form_unavailable"), help_message(lang))


def led_by(line: str, message: Message) -> Message:
    """`message` with a line before it that says why it is what came (how to ask, in place of an answer)."""
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": esc(line)}}, *message.blocks]
    validate(blocks)
    return Message(blocks=blocks, text=_fallback(f"{line}\n{message.text}"))


# The buttons of an answer that work on their own when the message holds other answers too.
_OWN_BUTTONS = frozenset({"gpu_detail", "gpu_proposal"})


def _own_buttons(message: Message, n: int) -> dict | None:
    """The row of buttons the `n`th of several answers keeps, or None (an answer without buttons)."""
    for block in message.blocks:
        if block["type"] == "actions" and block.get("block_id") == ACTIONS_BLOCK:
            kept = [e for e in block["elements"] if e.get("action_id") in _OWN_BUTTONS]
            return {**block, "block_id": f"{ACTIONS_BLOCK}#{n}", "elements": kept} if kept else None
    return None


def notice(text: str) -> Message:
    """A one-line message (confirmation, status)."""
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": clip_mrkdwn(esc(text))}}]
    validate(blocks)
    return Message(blocks=blocks, text=_fallback(text))


def several(answers: list[tuple[str, Message]], lang: str, note: str | None = None) -> Message:
    """The answers to a message that held several questions, in one message, each under its title. Each
    answer keeps the buttons that answer apart from the message ("Quero uma proposta", the detail of
    performance and cost), each row with a block id of its own (Slack wants them unique in a message); the
    buttons that redraw or repost the message (precision, "share") are left out: they would replace every
    answer with one. Within Slack's 50 blocks: the assumptions and notes (context blocks) go first, then
    each answer keeps an equal share."""
    lang = i18n.lang_of(lang)
    total = len(answers)
    rows = [_own_buttons(message, n) for n, (_, message) in enumerate(answers, 1)]
    bodies = [[b for b in message.blocks if b["type"] != "actions"] for _, message in answers]
    # a title and a divider each, and each answer's row of buttons
    room = MAX_BLOCKS - 2 * total - sum(1 for row in rows if row) - (1 if note else 0)
    if sum(map(len, bodies)) > room:
        bodies = [[b for b in body if b["type"] != "context"] for body in bodies]
    if sum(map(len, bodies)) > room:
        bodies = [body[: room // total] for body in bodies]
    bodies = [body + ([row] if row else []) for body, row in zip(bodies, rows, strict=True)]
    blocks: list[dict] = []
    for n, ((words, _), body) in enumerate(zip(answers, bodies, strict=True), 1):
        title = i18n.t(lang, "several.header", n=n, total=total, text=words)
        blocks += [{"type": "divider"}] if blocks else []
        blocks += [
            {"type": "section", "text": {"type": "mrkdwn", "text": f"*{clip_mrkdwn(esc(title), 2900)}*"}}
        ]
        blocks += body
    if note:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": esc(note)}]})
    validate(blocks)
    said = [i18n.t(lang, "several.header", n=n, total=total, text=words) + "\n" + message.text
            for n, (words, message) in enumerate(answers, 1)]  # fmt: skip
    return Message(blocks=blocks, text=_fallback("\n\n".join(said)))
