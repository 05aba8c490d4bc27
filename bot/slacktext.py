"""What people typed, from the text Slack sends: its markup read back into plain words.

Slack sends message text (events) and, with `should_escape` (slack/manifest*.yml), slash command text with
its own markup (https://docs.slack.dev/messaging/formatting-message-text, "Retrieving messages"):
mentions of people `<@U0123|ana>`, channels `<#C0123|geral>`, user groups `<!subteam^S0123|@vendas>`,
`<!here>` / `<!channel>` / `<!everyone>`, dates `<!date^1392734382^{date}|fallback>`, links `<url>` or
`<url|label>`, and `&`, `<`, `>` written as `&amp;`, `&lt;`, `&gt;`. None of it is part of a question:
"cabe o 70b em 2x h100? <@U0002|ana>" asks about the 70B on H100s, whoever it is addressed to.
"""

from __future__ import annotations

import csv
import functools
import re
import unicodedata
from datetime import datetime, timedelta, timezone

from sizing import i18n

# An emoji as Slack writes it (":thinking_face:", ":+1::skin-tone-2:", ":pray::pray:"), and a model's page
# (Hugging Face, Ollama's library): the engine's reading.
from sizing.query import EMOJI_CODES, HF_LINK, OLLAMA_LINK, ZERO_WIDTH

_NO_WIDTH = dict.fromkeys(map(ord, ZERO_WIDTH))


def visible(text: str | None) -> str:
    """The text without characters that take no space, and without blanks at its ends: a `/gpu` of only
    zero-width spaces is an empty one (str.strip keeps them)."""
    return (text or "").translate(_NO_WIDTH).strip()


# One piece of markup: what is between < and > (Slack escapes any < or > typed inside it).
_MARKUP = re.compile(r"<([^<>\s|][^<>|]*)(?:\|([^<>]*))?>")
# mrkdwn around words (https://docs.slack.dev/messaging/formatting-message-text, "Visual styles"): *bold*,
# _italic_ and `code` keep their words; ~struck~ words were taken back by whoever wrote them ("~16bit~ 8bit").
# Markers only count at word edges, as Slack draws them: "Q4_K_M", "2*8" and "~20 usuários" are text.
_STRUCK = re.compile(r"(?<![\w~])~(?=\S)[^~\n]*?(?<=\S)~(?![\w~])")
# A styled span holds no other marker (an inner style goes first: _*70b*_) and at most a line of text, so
# every marker is scanned past once: a 40,000-character message costs milliseconds, whatever it holds.
_STYLED = re.compile(r"(?<![^\W_])([*_])(?=[^\s*_])([^\n*_]{0,300}?)(?<=[^\s*_])\1(?![^\W_])")
_CODE = re.compile(r"`{1,3}")
# "cc @ana", "/cc @vendas": who else is told, as Slack writes it before the mention.
_CC = re.compile(r"(?<![\w/])/?cc:?[ \t]*(?=<[@!])", re.IGNORECASE)
# At the start of a line: a quote ("> ", sent as "&gt; "; ">>> " quotes all that follows it, sent as
# "&gt;&gt;&gt; ", https://docs.slack.dev/messaging/formatting-message-text, "Block quotes", whose last two
# had been left in the question as ">>") or a list's marker Slack's editor adds. Slack writes a list in `text`
# a level every four spaces: bullets "•", "◦", then "▪︎" (with U+FE0E, the text-style selector, which had been
# left in the question), numbers "1.", then letters "a.", then roman numerals "ii." (noted as not understood).
# Letters and numerals count only where indented, as Slack writes them: "a. llama" typed at a line's start
# stays as typed.
_LINE_START = re.compile(
    r"^(?:[ \t]*(?:>>>|&gt;&gt;&gt;|>|&gt;|[•◦▪][\ufe0e\ufe0f]?)|[ \t]{2,}(?:[a-z]|[ivxl]{1,6})\.(?=[ \t]))[ \t]*",
    re.MULTILINE,
)


# The same commands come back all day ("70b 4bit"): a question's plain text is kept, since it depends on the
# text alone; a long message (a pasted document) is read each time, so the memory kept stays small.
KEPT = 1024
KEPT_CHARS = 500


def plain(text: str | None) -> str:
    """The text without Slack's markup: mentions and broadcasts removed, a date as its day (dd/mm/yyyy), a
    link as its address, as typed where Slack linked a bare one (the question may name a Hugging Face repo
    by its link, an e-mail by mailto:, which the log then redacts), words linked to any other page as
    those words, styles, quotes, bullets and emoji removed (struck words with them), the three escaped
    characters as typed, and no blanks at its ends."""
    if not text:
        return ""
    return _kept(text) if len(text) <= KEPT_CHARS else _plain(text)


def _plain(text: str) -> str:
    text = text.translate(_NO_WIDTH)  # "lla\u200bma 70b" is "llama 70b", as typed
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        # An accent typed as its own mark after the letter (NFD: "usua\u0301rios"), as text pasted from a
        # PDF or a macOS file name comes, reads as the letter it draws (Unicode's canonical composition,
        # https://unicode.org/reports/tr15/): it had split "usuários" into "usua" and "rios", not understood.
        text = unicodedata.normalize("NFC", text)
    out = _MARKUP.sub(_replace, _CC.sub(" ", _LINE_START.sub("", text)))
    out = _STRUCK.sub(" ", out)
    for _ in range(3):  # nested styles: _*70b*_
        out, styled = _STYLED.subn(r"\2", out)
        if not styled:
            break
    out = EMOJI_CODES.sub(" ", _CODE.sub(" ", out))
    # The blanks a mention, an emoji or a bullet leaves at the ends are no part of the question: they had
    # indented the logged question ("<@UBOT> llama 70b" logged as " llama 70b").
    return out.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").strip()


# A letter, a digit or a question mark: what a message with no more than emoji and markup lacks.
_SAID = re.compile(r"[^\W_]|\?")


def says_something(text: str) -> bool:
    """Whether plain text holds a word, a number or a question: not only emoji, markup or nothing."""
    return _SAID.search(text) is not None


_kept = functools.lru_cache(maxsize=KEPT)(_plain)

# What an emoji is made of besides its symbol (So): a skin tone (Sk), a variation selector (Mn), the joiner
# of a sequence (Cf).
_EMOJI_PARTS = frozenset(("So", "Sk", "Mn", "Cf"))


def only_emoji(text: str) -> bool:
    """Whether plain text holds nothing typed but emoji and blanks ("", " ", "🚀🔥"): not even punctuation,
    which someone typed ("?", "<<<")."""
    return all(c.isspace() or unicodedata.category(c) in _EMOJI_PARTS for c in text)


# A file or a canvas in Slack, linked: its page (https://<workspace>.slack.com/files/U…/F…/name, a canvas at
# …/docs/T…/F…) or its download (https://files.slack.com/files-pri/T…-F…/name), the file object's permalink
# and url_private (https://docs.slack.dev/reference/objects/file-object). The app holds no files:read scope: its
# name or address is no word of the question (a link to "config.json" had been "Não entendi: config.json").
# A List is a file too (its id an F…, https://docs.slack.dev/reference/methods/slackLists.create), linked at
# …/lists/T…/F…, a row of it with ?record_id=…: it had been "Não entendi o pedido", with no word of why.
_FILE_LINK = re.compile(r"https://[\w.-]+\.slack\.com/(?:files|docs|lists|files-pri|files-tmb)/")


def linked_files(text: str | None) -> bool:
    """Whether a text (as Slack sends it) links to a file or a canvas in Slack."""
    return any(
        _FILE_LINK.match(m.group(1)) for m in _MARKUP.finditer(text or "") if "slack.com/" in m.group(1)
    )


def _replace(m: re.Match) -> str:
    target, label = m.group(1), m.group(2)
    if _FILE_LINK.match(target):
        return " "  # a file or a canvas the app cannot read (linked_files)
    if target[0] in "@#":
        return " "  # a person or a channel
    if target.startswith("!date^"):
        return f" {_date(target, label)} "
    if target[0] == "!":
        return " "  # <!here>, <!channel>, <!subteam^…>: addressees
    if target.startswith(("mailto:", "tel:")):
        return f" {target.split(':', 1)[1]} "  # the address or number alone: the scrubber then removes it
    if label and label.strip() in (target, target.split("://", 1)[-1]):
        # An address Slack linked as it was typed ("acme.com.br" is sent as <http://acme.com.br|acme.com.br>):
        # as typed, which is what an answer quoting it ("Não entendi: …") should show.
        return f" {label.strip()} "
    if label and label.strip() and not _names_a_model(target):
        # Words linked to a page ("veja a <https://example.com/spec|spec>"): the words are what the person
        # wrote and sees; the address behind them is no part of the question.
        return f" {label} "
    # A model's page ("<https://huggingface.co/Qwen/Qwen3-32B|esse modelo>"): its address names the model.
    return f" {target} "


# Brasília time, where the company and most of its customers are: Brazil has kept UTC-3 all year since
# daylight saving time ended (Decreto nº 9.772, 25 April 2019).
_BRASILIA = timezone(timedelta(hours=-3))


def _date(target: str, label: str | None) -> str:
    """A date as Slack writes it, `<!date^1700000000^{date_short} às {time}|Nov 14, 2023>`
    (https://docs.slack.dev/messaging/formatting-message-text, "Date formatting"): its day as the engine
    reads one (14/11/2023), from its timestamp. The fallback is the sender's own wording, often in English
    ("Nov 14, 2023"), which had been read as a 2,023-token context; a time of day alone sizes nothing."""
    stamp, _, tokens = target.removeprefix("!date^").partition("^")
    try:
        day = datetime.fromtimestamp(int(stamp), _BRASILIA)
    except (ValueError, OverflowError, OSError):
        return label or ""
    return day.strftime("%d/%m/%Y") if "{date" in tokens or "{ago}" in tokens else ""


def _names_a_model(address: str) -> bool:
    """A Hugging Face repo's or Ollama library's page, whose address the engine reads as the model."""
    hub = HF_LINK.match(address)
    return bool(hub and hub.group(1)) or OLLAMA_LINK.match(address) is not None


def message_text(event: dict, forwarded: bool = True) -> str:
    """What a message or mention says, as Slack writes it in `text`. A message whose `text` is missing or
    blank (some clients and integrations send the words only in `blocks`) is read from its rich_text
    blocks, rewritten in the same markup (https://docs.slack.dev/reference/block-kit/blocks/rich-text-block),
    so that a mention of the app in it is still seen as one and plain() reads it like any other; one with
    neither, posted with attachments of its own (an integration's card), from those.

    A message forwarded with it ("Forward message", or a customer's question shared into a direct message
    with the app) comes as an attachment marked is_share / is_msg_unfurl, its words in the attachment's
    `text` (or its `message_blocks`), while `text` holds only the comment typed with it, often nothing:
    with `forwarded`, those words follow the comment. A forwarded post of a bot (an answer of this app's,
    passed on) is an answer, not a question, and is left out."""
    own = _own_text(event)
    if not forwarded:
        return own
    attachments = event.get("attachments")
    shared = [
        _shared_text(a)
        for a in (attachments if isinstance(attachments, list) else [])[:MAX_FORWARDED]
        if isinstance(a, dict) and (a.get("is_share") or a.get("is_msg_unfurl")) and not a.get("bot_id")
    ]
    return "\n".join(filter(None, (own, *shared)))


# A link to a Slack message, its permalink (https://docs.slack.dev/reference/methods/chat.getPermalink):
# https://acme.slack.com/archives/C0123ABCD/p1700000000000100, the message's ts without its dot, maybe
# followed by ?thread_ts=…&cid=… for a reply.
# A thread open in Slack's web client, its address copied from the browser, names its root the same way:
# https://app.slack.com/client/T0123/C0123ABCD/thread/C0123ABCD-1700000000.000100 (it had been no link to a
# message: "quanto precisa pra isso? <that address>" was "Não entendi").
_PERMALINK = re.compile(
    r"<https://(?:[\w.-]+\.slack\.com/archives/([CDG][A-Z0-9]{2,})/p(\d{10})(\d{6})(?!\d)"
    r"|app\.slack\.com/client/[TE][A-Z0-9]+/([CDG][A-Z0-9]{2,})/thread/\4-(\d{10})\.(\d{6})(?!\d))([^<>]*)>"
)
# A reply's permalink names its thread: ...?thread_ts=1700000000.000100&cid=C0123ABCD
# (https://docs.slack.dev/reference/methods/chat.getPermalink).
_THREAD_TS = re.compile(r"[?&](?:amp;)?thread_ts=(\d{10}\.\d{6})(?!\d)")


def linked_messages(text: str) -> list[tuple[str, str, str | None]]:
    """The Slack messages a text links to, as (channel, ts, the thread's ts when the link names one), each
    once and at most MAX_FORWARDED. A thread's address in the web client is its parent's."""
    found: dict[
        tuple[str, str], str | None
    ] = {}  # a message linked twice (with its thread, and without) is read once
    for m in _PERMALINK.finditer(text or ""):
        if m.group(1):
            thread = _THREAD_TS.search(m.group(7) or "")
            key, thread_ts = (m.group(1), f"{m.group(2)}.{m.group(3)}"), thread.group(1) if thread else None
        else:
            key, thread_ts = (m.group(4), f"{m.group(5)}.{m.group(6)}"), None
        found[key] = found.get(key) or thread_ts
    return [(channel, ts, thread_ts) for (channel, ts), thread_ts in found.items()][:MAX_FORWARDED]


def carries_forwarded(event: dict) -> bool:
    """Whether a message carries another one's words itself: forwarded, or a link to it unfurled."""
    attachments = event.get("attachments")
    return any(
        isinstance(a, dict) and (a.get("is_share") or a.get("is_msg_unfurl"))
        for a in (attachments if isinstance(attachments, list) else [])
    )


# Slack forwards one message at a time; a few are read in case a client sends more, never an unbounded list
# (a message's own attachments too).
MAX_FORWARDED = 5


def _own_text(event: dict) -> str:
    """The message's words as its reader sees them. Slack draws a message's blocks, its `text` being the
    notifications' fallback (https://docs.slack.dev/reference/methods/chat.postMessage, "text" with
    "blocks"): a person's own message has the same words in both, but a client or an integration may send
    a fallback of its own ("This message contains interactive elements.") with the question only in the
    rich_text, or an integration a summary of a card whose blocks say more ("Novo pedido" over the request).
    Words in `text` that the blocks lack mark such a fallback, as do, in a bot's post, words the blocks add:
    then the blocks are read. A snippet or an e-mail shared with it follows, as far as Slack sends its text."""
    text = event.get("text") if isinstance(event.get("text"), str) else ""
    blocks = event.get("blocks") if isinstance(event.get("blocks"), list) else []
    # A person's message holds rich_text alone; a bot's post (an integration's, a workflow's) its card's blocks.
    if event.get("bot_id") or event.get("bot_profile") or event.get("subtype") == "bot_message":
        return "\n".join(filter(None, (_card_text(text, blocks, event), _files_text(event))))
    seen = _blocks_text(blocks, cards=False)
    if seen and not _words(text) <= _words(seen):
        own = seen
    else:
        own = text if text.strip() else seen
    return "\n".join(filter(None, (own or _attached_text(event), _files_text(event))))


def _card_text(text: str, blocks: list, event: dict) -> str:
    """A bot's post as its reader sees it: its card's blocks (or its text, when they say no more) over its
    attachments' own words, each a part of the card. A part the engine reads nothing from ("Novo ticket de
    cliente" over the ticket, "Ticket #42", "Responsável: Ana") titles the card, beside parts that hold the
    request: it had been noted as not understood ("Não entendi: “Novo”, “ticket”") under a sized answer."""
    shown = _block_parts(blocks, cards=True)
    if shown and _words(text) != _words("\n".join(shown)):
        lead = shown  # a fallback that only sums the card up ("Novo pedido"), or says other words
    else:
        lead = [text] if text.strip() else shown
    parts = [p for p in (*lead, *_attached_parts(event, fields=True)) if p.strip()]
    return "\n".join(_titles_aside(parts))


# A card of more parts than this is read whole: weighing each part reads it once more.
MAX_PARTS_WEIGHED = 24


def _titles_aside(parts: list[str]) -> list[str]:
    """The parts of a card that say something the engine reads, or all of them when none does (then the
    answer says what was not understood, as for any message)."""
    if len(parts) < 2 or len(parts) > MAX_PARTS_WEIGHED:
        return parts
    read = [p for p in parts if not _nothing_read(p)]
    return read or parts


def _nothing_read(part: str) -> bool:
    from sizing.query import QueryError, parse

    try:
        query = parse(plain(part))
    except QueryError as e:
        return e.key == "query.nothing_understood"
    return query.workload is None and bool(query.help)  # "Ticket #42": read as a request for help


_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(plain(text).casefold()))


def _blocks_text(blocks: list, cards: bool = True) -> str:
    return "\n".join(_block_parts(blocks, cards))


def _block_parts(blocks: list, cards: bool = True) -> list[str]:
    """The words a message's blocks show, a line each: a person's rich_text, and the section (its text and
    fields), context, table and markdown blocks an integration or a workflow posts its card with
    (https://docs.slack.dev/reference/block-kit/blocks). A bot's "Novo pedido" fallback with the request
    only in a section had been sized as "Novo pedido". A header names the card ("Novo pedido", "Ticket
    #42"), as buttons, images and inputs hold no words of the request: not read. Without `cards`, rich_text
    alone: a person's message has no other blocks."""
    lines = []
    for block in blocks[:MAX_BLOCKS]:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "rich_text":
            lines.append(_rich(block.get("elements"), 0))
        elif not cards:
            continue
        elif kind == "section":
            fields = block.get("fields") if isinstance(block.get("fields"), list) else []
            lines += [_text_object(t) for t in (block.get("text"), *fields[:MAX_BLOCKS])]
        elif kind == "context":
            elements = block.get("elements") if isinstance(block.get("elements"), list) else []
            lines.append(" ".join(_text_object(e) for e in elements[:MAX_BLOCKS]))
        elif kind == "table":
            # Rows of raw_text or rich_text cells (https://docs.slack.dev/reference/block-kit/blocks/table-block):
            # a row a line, as people read a two-column "Modelo | llama 3.1 70b".
            rows = block.get("rows") if isinstance(block.get("rows"), list) else []
            lines += [_table_row(row) for row in rows[:MAX_TABLE_ROWS]]
        elif kind == "markdown" and isinstance(block.get("text"), str):
            lines.append(_escape(_md_rows(block["text"])))  # standard markdown, not escaped as mrkdwn is
    return [line.strip() for line in lines if line.strip()]


# A markdown table's row ("| Modelo | llama 3.1 70b |"), and the line under its header ("|---|:---:|") with the
# header above it ("| Campo | Valor |").
_MD_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$", re.MULTILINE)
_RULE = r"[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+(?:[ \t]*:?-{3,}:?[ \t]*)?[ \t]*$\n?"
_MD_HEADER = re.compile(rf"^(?:[ \t]*\|.*\|[ \t]*\n)?{_RULE}", re.MULTILINE)


def _md_rows(text: str) -> str:
    """A markdown block's tables (https://www.markdownguide.org/extended-syntax/#tables) read as a table
    block's are, a row a line of its cells: "| Usuários | 50 |" had kept its bars between the words, its
    "50" not understood, and the rule under the header in the question. The header names the columns, as a
    card's header names the card: not read ("| Campo | Valor |" had added a cost to the question)."""
    if "|" not in text:
        return text
    return _MD_ROW.sub(lambda m: " ".join(c.strip() for c in m.group(1).split("|")), _MD_HEADER.sub("", text))


# A message holds at most 50 blocks (https://docs.slack.dev/reference/block-kit/blocks), a section 10 fields.
MAX_BLOCKS = 50


# A table holds at most 100 rows of 20 cells (https://docs.slack.dev/reference/block-kit/blocks/table-block).
MAX_TABLE_ROWS, MAX_TABLE_CELLS = 100, 20


def _table_row(row) -> str:
    cells = row[:MAX_TABLE_CELLS] if isinstance(row, list) else []
    said = []
    for cell in cells:
        if not isinstance(cell, dict):
            continue
        if cell.get("type") == "rich_text":
            said.append(_rich(cell.get("elements"), 0))
        elif isinstance(cell.get("text"), str):
            said.append(_escape(cell["text"]))  # raw_text: as typed
    return " ".join(said)


def _text_object(obj) -> str:
    """A text object's words as `text` writes them: mrkdwn as sent (Slack's escapes in it), plain_text
    escaped (https://docs.slack.dev/reference/block-kit/composition-objects/text-object)."""
    if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
        return ""
    return obj["text"] if obj.get("type") == "mrkdwn" else _escape(obj["text"])


def _field(field) -> str:
    """A legacy attachment's field as its reader sees it: its title (plain text) over its value."""
    if not isinstance(field, dict):
        return ""
    title, value = field.get("title"), field.get("value")
    title = _escape(title) if isinstance(title, str) else ""
    value = value if isinstance(value, str) else ""
    return f"{title}: {value}" if title.strip() and value.strip() else value


def _attached_text(event: dict) -> str:
    return "\n".join(_attached_parts(event))


def _attached_parts(event: dict, fields: bool = False) -> list[str]:
    """The words of a message posted with attachments of its own and no text: an integration's card (a
    ticket, a CRM record) says them in each attachment's pretext, title and text, else its fallback
    (https://docs.slack.dev/legacy/legacy-messaging/legacy-secondary-message-attachments). A link's preview
    (from_url, original_url) and a forwarded message (is_share, is_msg_unfurl) are not the message's own
    words. With `fields` (a bot's card, whose parts that read as nothing are set aside: _titles_aside),
    its fields too, each "title: value": a CRM or a Zapier step posts the request in them ("Modelo: llama
    3.1 70b", "Usuários: 50") beside its metadata ("Prioridade: Alta"); it had been "Não entendi: “Novo”"."""
    attachments = event.get("attachments")
    lines = []
    for attachment in (attachments if isinstance(attachments, list) else [])[:MAX_FORWARDED]:
        if not isinstance(attachment, dict) or any(attachment.get(k) for k in _NOT_ITS_OWN):
            continue
        said = [attachment.get(k) for k in ("pretext", "title", "text")]
        # An attachment may hold blocks instead (a colored card's): its fallback only says what it is.
        blocks = attachment.get("blocks") if isinstance(attachment.get("blocks"), list) else []
        listed = attachment.get("fields") if fields and isinstance(attachment.get("fields"), list) else []
        said = [
            w
            for w in (*said, *_block_parts(blocks), *map(_field, listed[:MAX_BLOCKS]))
            if isinstance(w, str) and w.strip()
        ]
        said = said or [attachment.get("fallback")]
        lines += [w for w in said if isinstance(w, str) and w.strip()]
    return lines


def _files_text(event: dict) -> str:
    """The words of the files shared with a message whose text Slack puts in the event itself (the file
    object, https://docs.slack.dev/reference/objects/file-object), which takes no files:read scope:

    - an e-mail forwarded to a channel's address, a file of filetype "email": its subject and body
      (plain_text, else its preview; MercuryTechnologies/slack-web's tests/golden/SlackWebhookEvent/
      email_message.json has one as Slack sent it). It had been "Essa mensagem não tem texto";
    - a snippet (mode "snippet": text pasted as one, or a long message Slack turned into one) or a plain-text,
      markdown or CSV file: its `preview`, the first lines Slack shows in the conversation (the rest, `lines_more`, is not
      sent). It had been "Não leio arquivos" though its words were in the event.

    A file Slack sends without them (file_access "check_file_info", or an image, a PDF) has no words here."""
    files = event.get("files")
    lines = []
    for file in (files if isinstance(files, list) else [])[:MAX_FORWARDED]:
        if not isinstance(file, dict):
            continue
        if file.get("filetype") == "email":
            body = file.get("plain_text") or file.get("preview_plain_text")
            # An e-mail's whole body comes (signature, disclaimer and the thread quoted below): its first
            # MAX_EMAIL_CHARS, where a request is asked; past sizing/query.py's 4,000 characters a forwarded
            # e-mail had been refused as too long ("A mensagem tem 7.078 caracteres").
            said = (_plain_text(file.get("subject"), MAX_EMAIL_CHARS), _plain_text(body, MAX_EMAIL_CHARS))
        elif _previewed(file):
            said = (_preview(file.get("preview"), _tabular(file)),)
        else:
            continue
        lines += [_escape(w) for w in said if isinstance(w, str) and w.strip()]
    return "\n".join(lines)


# Files whose `preview` is their text as typed: a markdown or CSV file uploaded shows its first lines as a
# snippet does. Not HTML (its source, not what its reader sees) nor a code file's highlighting.
_TEXT_FILETYPES = frozenset(("text", "markdown", "csv", "tsv"))


def _previewed(file: dict) -> bool:
    """Whether a file's `preview` is its text: a snippet's, or a plain-text, markdown or CSV file's."""
    return file.get("mode") == "snippet" or file.get("filetype") in _TEXT_FILETYPES


# The most of a file's preview read: Slack sends a few lines (five in the payloads seen, the rest counted in
# `lines_more`), and a question is refused past sizing/query.py's MAX_CHARS anyway; a forged megabyte is not
# worked through.
MAX_PREVIEW_CHARS = 4000
MAX_EMAIL_CHARS = 2000
# Control characters a pasted text may carry (a terminal's colour codes, a NUL): no word of the request, and
# some would end up in the log and in the answer's echo of the question.
# A terminal's colour code goes whole ("\x1b[0m" had left "[0m" behind, read as 0 users).
_CONTROL = re.compile(r"(?:\x1b\[[0-9;?]*[ -/]*[@-~]|[\x00-\x08\x0b-\x1f\x7f])+")


def _preview(text, tabular: bool = False) -> str | None:
    """A file's `preview` as its reader sees it. Slack sends it as the plain text typed, its highlighted copy in
    HTML beside it (`preview_highlight`, never read: https://docs.slack.dev/reference/objects/file-object;
    recorded events show `"preview": "Hello txt"` beside `<div class="CodeMirror ..."><pre>Hello txt</pre>`,
    and `lines_more` counting what was left out while `preview_is_truncated` stays false). So it is escaped
    like any text Slack sends (_escape, by the caller), cleaned (_plain_text), and a table's header (a
    markdown table's, or a `tabular` CSV's first row) set aside as a markdown block's is, a CSV's rows read a
    line each (_csv_rows)."""
    text = _plain_text(text, MAX_PREVIEW_CHARS)
    if text is None:
        return None
    return _csv_rows(text) if tabular else _md_rows(text)


def _tabular(file: dict) -> bool:
    """Whether a file's text is comma- or tab-separated values: a CSV or TSV file, or a snippet typed as one
    (Slack's snippet types include CSV), by its filetype or its name."""
    name = file.get("name") if isinstance(file.get("name"), str) else ""
    return file.get("filetype") in ("csv", "tsv") or name.lower().endswith((".csv", ".tsv"))


_DIGIT = re.compile(r"\d")


def _csv_rows(text: str) -> str:
    """A CSV's (or TSV's) rows read as a table block's are, a row a line of its cells: "usuários,50" had been
    one word not understood, where "usuários 50" says 50 users. Its delimiter is the one of comma, semicolon
    (what spreadsheets in Brazil and Portugal write, the comma being their decimal mark) and tab that the
    first line holding any of them holds most of; quoted cells are read as quoted (RFC 4180, https://www.rfc-editor.org/rfc/rfc4180).

    Its header goes: the first row names the columns ("modelo,usuarios,custo", RFC 4180 section 2's
    optional header line, which spreadsheets write), no word of the request; its "custo" had asked a cost,
    its names been noted as not understood (_a_header). A headerless key-value CSV ("modelo,llama 3.1 70b")
    keeps its first row."""
    lines = text.splitlines(keepends=True)  # a quoted cell may hold a line break
    first = next((line for line in lines if line.strip() and any(d in line for d in ",;\t")), "")
    delimiter = max(",;\t", key=first.count)
    table = [cells for cells in csv.reader(lines, delimiter=delimiter) if any(c.strip() for c in cells)]
    if table and _a_header(table):
        table = table[1:]
    return "\n".join(" ".join(c.strip() for c in cells if c.strip()) for cells in table)


def _a_header(table: list[list[str]]) -> bool:
    """Whether a CSV's first row is its header, as csv.Sniffer.has_header judges one: it differs in kind
    from the rows of as many cells under it, holding no figure where one of them does. A line of prose in a
    CSV ("Bom dia, preciso de ajuda" over one cell a row) is no header."""
    head = table[0]
    if len(head) < 2 or any(_DIGIT.search(c) for c in head):
        return False
    return any(len(row) == len(head) and any(_DIGIT.search(c) for c in row) for row in table[1:])


def _plain_text(text, limit: int) -> str | None:
    """A file's text as Slack sends it (a preview, an e-mail's subject and body): its first `limit`
    characters, line ends made plain, control characters dropped."""
    if not isinstance(text, str):
        return None
    return _CONTROL.sub(" ", text[:limit].replace("\r\n", "\n"))


def cut_notes(event: dict, lang: str) -> list[str]:
    """The notes, in `lang` (sizing/data/messages, [slack]), saying a file's text was read only in part
    (_files_text), once each: a snippet's or a text file's that goes on past its `preview` (Slack sends
    its first lines only, counting the others in `lines_more` or marking `preview_is_truncated`), and an
    e-mail's whose body runs past the MAX_EMAIL_CHARS read of it (it had been sized from its beginning
    without a word of the rest)."""
    files = event.get("files")
    notes = []
    for f in (files if isinstance(files, list) else [])[:MAX_FORWARDED]:
        if not isinstance(f, dict):
            continue
        if f.get("filetype") == "email":
            body = f.get("plain_text") or f.get("preview_plain_text")
            cut = isinstance(body, str) and len(body) > MAX_EMAIL_CHARS
            note = "slack.email_cut"
        else:
            preview = f.get("preview")
            cut = (
                _previewed(f)
                and isinstance(preview, str)
                and (
                    f.get("preview_is_truncated") is True
                    or (isinstance(f.get("lines_more"), int) and f["lines_more"] > 0)
                    or len(preview) > MAX_PREVIEW_CHARS
                )
            )
            note = "slack.snippet_cut"
        if cut and note not in notes:
            notes.append(note)
    return [i18n.t(lang, note, chars=i18n.number(MAX_EMAIL_CHARS, lang)) for note in notes]


# What marks an attachment as something else than the message's own words.
_NOT_ITS_OWN = ("from_url", "original_url", "is_share", "is_msg_unfurl")


def _shared_text(attachment: dict) -> str:
    """A forwarded message's words: its `text`, else the rich_text of the message it carries."""
    carried = attachment.get("message_blocks")
    blocks = [
        block
        for item in (carried if isinstance(carried, list) else [])
        if isinstance(item, dict) and isinstance(item.get("message"), dict)
        for block in item["message"].get("blocks") or []
    ]
    return _own_text({"text": attachment.get("text"), "blocks": blocks})


# How deep rich_text nests in practice: a list inside a list inside a quote; deeper is not read.
_RICH_DEPTH = 6
_RICH_CONTAINERS = ("rich_text_section", "rich_text_quote", "rich_text_preformatted")


def _rich(elements, depth: int) -> str:
    """A rich_text block's (or container's) elements: sections, quotes and list items a line each."""
    if not isinstance(elements, list) or depth > _RICH_DEPTH:
        return ""
    parts = []
    for element in elements:
        if not isinstance(element, dict):
            continue
        if element.get("type") == "rich_text_list":
            parts.append("\n".join(_rich([item], depth + 1) for item in element.get("elements") or []))
        elif element.get("type") in _RICH_CONTAINERS:
            parts.append(_rich(element.get("elements"), depth + 1))
        else:
            parts.append(_rich_element(element))
    # A block's own elements are its lines; a section's are the words of one line.
    return ("\n" if depth == 0 else "").join(parts)


_SLACK_ID = re.compile(r"[A-Z][A-Z0-9]{2,20}")


def _is_id(value, kinds: str) -> bool:
    """Whether `value` is a Slack id of one of `kinds` (its first letter: U/W people, S groups, C/D/G
    conversations)."""
    return isinstance(value, str) and value[:1] in kinds and _SLACK_ID.fullmatch(value) is not None


def _rich_element(element: dict) -> str:
    """One rich_text element as Slack writes it in a message's `text`."""
    kind = element.get("type")
    style = element.get("style") if isinstance(element.get("style"), dict) else {}
    if style.get("strike"):
        return " "  # struck words were taken back, as ~struck~ in text
    if kind == "text":
        return _escape(str(element.get("text") or ""))
    if kind == "link":
        url, label = str(element.get("url") or ""), str(element.get("text") or "")
        if not url:
            return _escape(label)
        # Words linked to a page are the words the person sees, as <url|label> in `text`.
        return f"<{_escape(url)}|{_escape(label)}>" if label.strip() else f"<{_escape(url)}>"
    # An id or a range is written into markup as it is: one that is no id ("U1> <https://x|clique") is
    # forged, and had closed the mention and added words and links of its own to the question.
    if kind == "user":
        return f"<@{element['user_id']}>" if _is_id(element.get("user_id"), "UW") else " "
    if kind == "usergroup":
        return f"<!subteam^{element['usergroup_id']}>" if _is_id(element.get("usergroup_id"), "S") else " "
    if kind == "channel":
        return f"<#{element['channel_id']}>" if _is_id(element.get("channel_id"), "CDG") else " "
    if kind == "broadcast":
        spread = element.get("range", "here")
        return f"<!{spread}>" if spread in ("here", "channel", "everyone") else " "
    if kind == "date":
        stamp, tokens = element.get("timestamp"), str(element.get("format") or "")
        if not (isinstance(stamp, int) and not isinstance(stamp, bool)) and not (
            isinstance(stamp, str) and stamp.isascii() and stamp.isdigit()
        ):
            return _escape(str(element.get("fallback") or ""))  # no time to show: its words as sent
        return f"<!date^{stamp}^{_escape(tokens)}|{_escape(str(element.get('fallback') or ''))}>"
    return " "  # an emoji, a team, a file, a canvas: not words of the question


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
