"""What people typed, from the text Slack sends: its markup read back into plain words.

Slack sends message text (events) and, with `should_escape` (slack/manifest*.yml), slash command text with
its own markup (https://docs.slack.dev/messaging/formatting-message-text, "Retrieving messages"):
mentions of people `<@U0123|ana>`, channels `<#C0123|geral>`, user groups `<!subteam^S0123|@vendas>`,
`<!here>` / `<!channel>` / `<!everyone>`, dates `<!date^1392734382^{date}|fallback>`, links `<url>` or
`<url|label>`, and `&`, `<`, `>` written as `&amp;`, `&lt;`, `&gt;`. None of it is part of a question:
"cabe o 70b em 2x h100? <@U0002|ana>" asks about the 70B on H100s, whoever it is addressed to.
"""

from __future__ import annotations

import re

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
# An emoji as Slack writes it, skin tone included: ":thinking_face:", ":+1::skin-tone-2:".
_EMOJI = re.compile(r"(?<![\w:]):[a-z0-9_+'-]+:(?::skin-tone-\d:)?(?![\w:])")
# "cc @ana", "/cc @vendas": who else is told, as Slack writes it before the mention.
_CC = re.compile(r"(?<![\w/])/?cc:?[ \t]*(?=<[@!])", re.IGNORECASE)
# At the start of a line: a quote ("> ", sent as "&gt; ") or a list bullet Slack's editor adds.
_LINE_START = re.compile(r"^[ \t]*(?:>|&gt;|[•◦▪])[ \t]*", re.MULTILINE)


def plain(text: str | None) -> str:
    """The text without Slack's markup: mentions and broadcasts removed, a date as its fallback text, a
    link as its address (the question may name a Hugging Face repo by its link, an e-mail by mailto:,
    which the log then redacts), styles, quotes, bullets and emoji removed (struck words with them), and
    the three escaped characters as typed."""
    if not text:
        return ""
    out = _MARKUP.sub(_replace, _CC.sub(" ", _LINE_START.sub("", text)))
    out = _STRUCK.sub(" ", out)
    for _ in range(3):  # nested styles: _*70b*_
        out, styled = _STYLED.subn(r"\2", out)
        if not styled:
            break
    out = _EMOJI.sub(" ", _CODE.sub(" ", out))
    return out.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _replace(m: re.Match) -> str:
    target, label = m.group(1), m.group(2)
    if target[0] in "@#":
        return " "  # a person or a channel
    if target[0] == "!":
        # <!date^…|fallback> reads as its fallback; <!here>, <!channel>, <!subteam^…> are addressees.
        return f" {label} " if target.startswith("!date^") and label else " "
    if target.startswith(("mailto:", "tel:")):
        return f" {target.split(':', 1)[1]} "  # the address or number alone: the scrubber then removes it
    return f" {target} "
