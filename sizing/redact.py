"""Redaction of personal data and secrets from the text people type: before the query is read (so a phone
is never read as a number, nor anything personal echoed back; sizing.query) and before the request log
stores it (bot.log.requestlog).

    redact("me liga no (11) 98765-4321, ana@empresa.com.br") == "me liga no [telefone], [email]"
    for_log(text)  # what the log stores: the first STORED_TEXT_LIMIT characters, redacted

What is replaced, in this order (a later pass never matches inside an earlier one's find):

1. private keys and API keys and tokens, whole
                                 -> [chave]     a PEM private key block (to its END line, or to the end of
                                               what was pasted), sk-…, sk-ant-…, sk-proj-…, hf_…, ghp_…/
                                               gho_…/github_pat_…, AKIA…/ASIA…, xoxb-/xoxp-/xoxa-/xoxc-/
                                               xapp-/xoxe.…, sk_live_/rk_live_…, glpat-…, AIza…, gsk_…,
                                               xai-…, pplx-…, r8_…, nvapi-…, JWTs,
                                               the secret path of a Slack incoming webhook
2. e-mail addresses              -> [email]
3. IBAN                          -> [iban]      2 letters, 2 check digits and up to 30 letters and digits,
                                               grouped by four or bare, when the check digits pass
4. CNPJ                          -> [cnpj]      12.345.678/0001-95 (also the alphanumeric layout), or 14
                                               digits in other layouts (spaces, a missing separator) or
                                               bare, with valid check digits
5. CPF                           -> [cpf]       123.456.789-09 (layout alone); 123 456 789 09, 123456789-09,
                                               123-456-789-09, 123.456.789/09 and 11 bare digits only with
                                               valid check digits
6. RG                            -> [rg]        12.345.678-9 / -X (layout alone), or 7 to 10 digits in any
                                               of its layouts right after the word "RG" (MG-12.345.678)
7. card numbers                  -> [cartão]    13 to 19 digits, bare or in groups, passing the Luhn check
8. phones with "+" or "00" and a country code, Brazilian phones with or without the country code, trunk
   or carrier prefix ((011), 0xx11, 0 21 11), "9 8765-4321" mobiles, North-American phones with hyphens,
   dots or parentheses                                                                -> [telefone]

Digits and punctuation are read as what they look like: full-width (１２３．４５６), Arabic-Indic and other
Unicode decimal digits, Unicode dashes and spaces count as their ASCII forms, so "１２３.４５６.７８９-０９"
is a CPF too. The stored text keeps every character that is not replaced.

The trade-off: a sizing question is mostly numbers, so every digit pattern is narrow, and a number that is
really a quantity must survive:

- a match never starts or ends inside a word or a longer number, so "h100", "qwen2.5-32b", "8x7b", "1.5b",
  "128k", "1.048.576" and the contexts 32768, 131072, 1048576 can never match;
- Brazilian area codes have no zero and subscriber numbers start with 9 (mobile) or 2-5 (landline), which
  rules out round numbers such as 1000000000 or 20000000000;
- a landline whose halves are split by a space needs its area code in parentheses, and a North-American
  number needs hyphens or dots: "16 4096 4096" and "128 256 1024" are lists of sizes;
- bare CPFs, CNPJs and card numbers need valid check digits (about 1 random number in 100, 100 and 10
  passes), and repeated digits (00000000000) never are;
- a bare number next to a quantity word ("tokens=...", "contexto ...", "... tokens", "... usuários") is
  kept whatever its shape: "11987654321 tokens" is a token count.

What that costs: a phone in an unusual layout (a local landline without area code, "11 3456 7890") is
kept, and a bare 10-digit number such as 2147483648 reads as a landline.

Linear time: every pattern starts only where a run of its characters starts (a look-behind rules out the
middle of a run) and its repetitions cannot split the same characters two ways, so a 40,000-character
message (Slack's maximum) costs a few milliseconds; `make bench` measures it. The log stores at most
STORED_TEXT_LIMIT characters of text anyway.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from . import regexes

# What the request log keeps of a question: Slack's slash commands carry at most 4,000 characters, and no
# sizing question needs more. Longer text (a pasted document in a mention, up to 40,000) is cut, at a
# word boundary, and ends with "…".
STORED_TEXT_LIMIT = 4000
# How far past the limit redaction looks, so an e-mail or a phone that straddles the cut is still found.
_LOOKAHEAD = 200

TOKEN, EMAIL, CNPJ, CPF, CARD, PHONE = "[chave]", "[email]", "[cnpj]", "[cpf]", "[cartão]", "[telefone]"
RG, IBAN = "[rg]", "[iban]"

# Never glued to a word, nor to another number through a decimal point or a thousands separator.
_START = r"(?<!\w)(?<!\d[.,])"
_END = r"(?!\w|[.,]\d)"
# After a "+" digits are a phone's (E.164: Slack sends a phone as <tel:+5511999999999|…>), never a card, a CPF
# or a CNPJ: "+5511999999999" passes the Luhn check, and had been hidden as a card number.
_NOT_AFTER_PLUS = r"(?<!\+)"


def _digits_table() -> dict[int, str]:
    """Look-alikes mapped one character to one character, so positions in the text do not move."""
    table: dict[int, str] = {}
    # Full-width ASCII (what Japanese and Chinese keyboards type): ！ … ～ are ! … ~.
    for code in range(0xFF01, 0xFF5F):
        table[code] = chr(code - 0xFF01 + 0x21)
    # Decimal digits of other scripts: Arabic-Indic, extended Arabic-Indic, Devanagari, Bengali, Thai...,
    # and the mathematical bold/double-struck/sans/monospace digits.
    blocks = (0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
              0x0D66, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x17E0, 0x1810, 0xFF10)  # fmt: skip
    for start in (*blocks, *range(0x1D7CE, 0x1D800, 10)):
        for code in range(start, start + 10):
            if unicodedata.category(chr(code)) == "Nd":
                table[code] = str(unicodedata.decimal(chr(code)))
    for code in (0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE58, 0xFE63):
        table[code] = "-"
    for code in (0x00A0, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000):
        table[code] = " "
    return table


_LOOK_ALIKES = _digits_table()

# A private key pasted whole (RFC 7468's PEM layout: PKCS#1 "RSA", "EC", "OPENSSH", "ENCRYPTED"...), or cut short
# (Slack's limit, the log's): hidden to its END line or, without one, to the next "-----" or the end. The body never
# holds "-----", so each BEGIN reads ahead no further than the next one: linear time.
PRIVATE_KEYS = regexes.compile(
    r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[^-]|-(?!----)){0,20000}"
    r"(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?"
)
TOKENS = regexes.compile(
    r"""(?<![\w-])(?:
        sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}         # OpenAI, Anthropic
      | hf_[A-Za-z0-9]{20,}                           # Hugging Face
      | gh[pousr]_[A-Za-z0-9]{20,} | github_pat_[A-Za-z0-9_]{20,}
      | (?:AKIA|ASIA)[A-Z0-9]{16}                     # AWS access key ids
      | xox[abcposer]-[A-Za-z0-9-]{8,} | xapp-[A-Za-z0-9-]{8,}   # Slack (xoxc: a browser session's)
      | xoxe\.xox[a-z]-[A-Za-z0-9-]{8,}               # Slack refresh tokens
      | T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/[A-Za-z0-9]{16,}  # Slack incoming webhook (hooks.slack.com/services/…)
      | [sr]k_(?:live|test)_[A-Za-z0-9]{16,}          # Stripe secret and restricted keys
      | glpat-[A-Za-z0-9_-]{20,}                      # GitLab
      | gsk_[A-Za-z0-9]{20,} | xai-[A-Za-z0-9]{20,}   # Groq, xAI
      | pplx-[A-Za-z0-9]{20,} | r8_[A-Za-z0-9]{20,}   # Perplexity, Replicate
      | nvapi-[A-Za-z0-9_-]{20,}                      # NVIDIA's API catalogue (build.nvidia.com)
      | AIza[A-Za-z0-9_-]{30,}                        # Google
      | eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}   # JWT
    )(?![\w-])""",
    re.VERBOSE,
)
_TOKEN_HINT = regexes.compile(
    # RG: an RG after its word may have only 7 digits.
    r"sk-|hf_|gh[pousr]_|github_pat_|AKIA|ASIA|xox|xapp-|glpat-|gsk_|xai-|pplx-|r8_|nvapi-|AIza|eyJ|PRIVATE KEY|/B|k_live_|k_test_"
    r"|RG|rg|Rg"
)

EMAILS = regexes.compile(r"(?<![\w.%+-])[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")

# ISO 13616: country, check digits, then the account (BBAN) in groups of four as printed, or bare. The check
# digits decide (modulo 97), so "DE89 3704 0044 0532 0130 00" is an IBAN and not a "0044" phone.
IBANS = regexes.compile(r"(?<!\w)[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?!\w)")
CNPJ_FORMATTED = regexes.compile(_START + r"[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}/[0-9A-Z]{4}-\d{2}" + _END)
CPF_FORMATTED = regexes.compile(_START + r"\d{3}\.\d{3}\.\d{3}-\d{2}" + _END)
CPF_OTHER = regexes.compile(_START + _NOT_AFTER_PLUS + r"\d{3}[.\s-]?\d{3}[.\s-]?\d{3}[\s./-]?\d{2}" + _END)
# RG: no national layout (each state issues its own), so only São Paulo's, whose check character makes it
# distinctive, stands alone; any other is an RG only right after its word.
RG_FORMATTED = regexes.compile(_START + r"\d{1,2}\.\d{3}\.\d{3}-[\dXx]" + _END)
RG_AFTER_WORD = regexes.compile(
    r"(?<!\w)(?i:rg)(?!\w)[\s:.,-]{0,3}(?:(?i:n[º°o]|n[úu]mero)\.?\s{0,2})?(?:(?:é|e|is|:)\s{1,2})?"
    r"((?:[A-Z]{2}[\s-]?)?\d{1,3}(?:\.?\d{3}){2}(?:-?[\dXx])?)" + _END
)
# 13 to 19 digits: bare, or in groups of four (the last one shorter), or Amex's 4-6-5.
CARDS = regexes.compile(
    _START
    + _NOT_AFTER_PLUS
    + r"(?:\d{13,19}|\d{4}(?:[ .-]\d{4}){2,3}(?:[ .-]\d{1,4})?|\d{4}[ -]\d{6}[ -]\d{4,5})"
    + _END
)
# 14 digits bare, or as a CNPJ with a separator missing or spaces for dots ("11 222 333 0001 81").
BARE_14 = regexes.compile(
    _START + _NOT_AFTER_PLUS + r"\d{2}[.\s]?\d{3}[.\s]?\d{3}[/\s]?\d{4}[\s-]?\d{2}" + _END
)

_SEP = r"[\s.-]?"
PHONE_PLUS = regexes.compile(
    r"""(?<![\w+]) (?:\+|(?<!\d)00) (?:
        55 [\s.-]* \(?0?[1-9]{2}\)? [\s.-]* (?:9[\s.-]?\d{4}|[2-5]\d{3}) [\s.-]? \d{4}   # Brazil
      | 1 [\s.-]? (?:\(\d{3}\)|\d{3}) [\s.-]? \d{3} [\s.-]? \d{4}                         # North America
      | [1-9]\d{6,14}                                        # elsewhere, digits only (E.164)
      | [1-9]\d{0,2} (?: (?:[\s.-]{1,3}|(?<=\))) \(?\d{1,8}\)? ){1,6}   # elsewhere, in groups
    )"""
    + _END,
    re.VERBOSE,
)
PHONE_BR = regexes.compile(
    _START
    + r"""(?<![+(]) (?:55[\s.-]?)? (?:
        \(0?(?:xx|\d{2})?[1-9]{2}\) \s? (?:9[\s.-]?\d{4}|[2-5]\d{3}) [\s.-]?   # (11) 98765-4321, (011)...
      | 0(?:xx|\s?\d{2}\s)?[1-9]{2} [\s.-]? (?:9[\s.-]?\d{4}[\s.-]?|[2-5]\d{3}-?)   # 011 98765 4321, 0xx11
      | [1-9]{2} [\s.-]? (?:9[\s.-]?\d{4}[\s.-]?|[2-5]\d{3}-?)   # 11 98765 4321, 11 3456-7890, 11987654321
    ) \d{4}"""
    + _END,
    re.VERBOSE | re.IGNORECASE,
)
PHONE_NANP = regexes.compile(
    _START + r"(?<![+(]) (?:\(\d{3}\)\s?|\d{3}[.-]) \d{3}[.-]\d{4}" + _END, re.VERBOSE
)
PHONE_LOCAL = regexes.compile(_START + r"9[\s.]?\d{4}-\d{4}" + _END)

# Words that make a nearby number a quantity of the sizing question rather than personal data.
_UNITS = (
    r"tokens?|toks?|par[aâ]metros|parameters|params|bytes|usu[aá]rios|users?|utilizadores|pessoas|"
    r"conversas|gpus?|contexto|context|ctx|seq(?:_len)?|batch|steps|passos|amostras|samples|exemplos|"
    r"examples"
)
_UNIT_AFTER = regexes.compile(r"\s*(?:" + _UNITS + r")\b", re.IGNORECASE)
_UNIT_BEFORE = regexes.compile(r"\b(?:" + _UNITS + r")(?:\s*[=:]\s*|\s+)(?:de\s+)?$", re.IGNORECASE)
_UNIT_WINDOW = 40  # the longest unit word and its separators fit in this many characters

_EIGHT_DIGITS = regexes.compile(r"(?:\D*\d){8}")
# Same length as what it hides, so positions do not move; no digit, no word character, no "@" and no
# "+", so no later pass can match in it or be glued to it.
_HIDDEN = "\x00"


def redact(text: str) -> str:
    """The text with secrets and personal data replaced by [chave], [email], [cnpj], [cpf], [cartão]
    and [telefone]."""
    if not text:
        return text
    seen = text if text.isascii() else text.translate(_LOOK_ALIKES)
    # Every pattern needs an "@", eight digits or a token's prefix: most questions have none of them.
    if "@" not in seen and not _EIGHT_DIGITS.match(seen) and not _TOKEN_HINT.search(seen):
        return text
    found: list[tuple[int, int, str]] = []
    for pattern, decide in _PASSES:
        spans = []
        for match in pattern.finditer(seen):
            placeholder = decide(match)
            if placeholder is None:
                continue
            start, end = match.span() if isinstance(placeholder, str) else placeholder[1]
            placeholder = placeholder if isinstance(placeholder, str) else placeholder[0]
            spans.append((start, end, placeholder))
        if spans:
            found += spans
            seen = _hide(seen, spans)
    if not found:
        return text
    found.sort()
    out, at = [], 0
    for start, end, placeholder in found:
        out.append(text[at:start])
        out.append(placeholder)
        at = end
    out.append(text[at:])
    return "".join(out)


PLACEHOLDERS = {TOKEN: "chave", EMAIL: "email", CNPJ: "cnpj", CPF: "cpf", RG: "rg", IBAN: "iban", CARD: "cartao",
                PHONE: "telefone"}  # fmt: skip


def scrub(text: str) -> tuple[str, list[str]]:
    """The redacted text, and the kinds of data it held (the names of sizing's [personal] messages: chave,
    email, cnpj, cpf, rg, iban, cartao, telefone), in that order."""
    out = redact(text)
    if out is text:
        return text, []
    return out, [kind for ph, kind in PLACEHOLDERS.items() if out.count(ph) > text.count(ph)]


def for_log(text: str, limit: int = STORED_TEXT_LIMIT) -> str:
    """What the request log stores of a question: at most `limit` characters, redacted."""
    if len(text) <= limit:
        return redact(text)
    # Redact a little past the cut, so what straddles it is found whole, then cut at a space so no piece
    # of a number or an address is left at the end.
    clipped = redact(text[: limit + _LOOKAHEAD])
    cut = clipped[: limit - 1]
    space = cut.rfind(" ", limit // 2)
    return (cut[:space] if space > 0 else cut).rstrip() + "…"


def cpf_is_valid(digits: str) -> bool:
    """True when the two check digits of a CPF are right (Receita Federal's modulo-11 rule)."""
    if len(digits) != 11 or not digits.isdigit() or len(set(digits)) == 1:
        return False
    numbers = [int(d) for d in digits]
    for position in (9, 10):
        total = sum(
            n * weight for n, weight in zip(numbers[:position], range(position + 1, 1, -1), strict=True)
        )
        if total * 10 % 11 % 10 != numbers[position]:
            return False
    return True


def cnpj_is_valid(digits: str) -> bool:
    """True when the two check digits of a 14-digit CNPJ are right (modulo 11, weights 5..2 and 9..2, as
    the Receita Federal publishes them)."""
    if len(digits) != 14 or not digits.isdigit() or len(set(digits)) == 1:
        return False
    numbers = [int(d) for d in digits]
    for position, weights in (
        (12, (5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)),
        (13, (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)),
    ):
        rest = sum(n * w for n, w in zip(numbers[:position], weights, strict=True)) % 11
        if (0 if rest < 2 else 11 - rest) != numbers[position]:
            return False
    return True


def iban_is_valid(iban: str) -> bool:
    """True when an IBAN's check digits are right (ISO 13616-1: the first four characters moved to the end,
    letters as 10..35, the number modulo 97 is 1) and its length is one an IBAN has (15 to 34)."""
    if not 15 <= len(iban) <= 34 or not iban.isascii() or not iban.isalnum():
        return False
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(char, 36)) for char in moved)) % 97 == 1


def luhn_is_valid(digits: str) -> bool:
    """The check every payment card number passes (ISO/IEC 7812-1, the Luhn algorithm)."""
    if not digits.isdigit() or len(set(digits)) == 1:
        return False
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _hide(text: str, spans: list[tuple[int, int, str]]) -> str:
    out, at = [], 0
    for start, end, _ in spans:
        out.append(text[at:start])
        out.append(_HIDDEN * (end - start))
        at = end
    out.append(text[at:])
    return "".join(out)


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _is_quantity(match: re.Match[str], start: int | None = None, end: int | None = None) -> bool:
    text = match.string
    start = match.start() if start is None else start
    end = match.end() if end is None else end
    # The look-behind reads a bounded window: searching from the start of the text for every match
    # would cost the length of the text each time.
    return bool(
        _UNIT_AFTER.match(text, end) or _UNIT_BEFORE.search(text, max(0, start - _UNIT_WINDOW), start)
    )


def _always(placeholder: str) -> Callable[[re.Match[str]], str]:
    return lambda match: placeholder


def _cnpj_bare(match: re.Match[str]) -> str | None:
    return CNPJ if cnpj_is_valid(_digits(match.group())) and not _is_quantity(match) else None


def _iban(match: re.Match[str]) -> str | None:
    return IBAN if iban_is_valid(match.group().replace(" ", "")) else None


def _rg_after_word(match: re.Match[str]) -> tuple[str, tuple[int, int]]:
    return RG, match.span(1)


def _cpf_other(match: re.Match[str]) -> str | None:
    return CPF if cpf_is_valid(_digits(match.group())) and not _is_quantity(match) else None


def _card(match: re.Match[str]) -> str | None:
    return CARD if luhn_is_valid(_digits(match.group())) and not _is_quantity(match) else None


def _plus(match: re.Match[str]) -> str | tuple[str, tuple[int, int]] | None:
    # E.164 allows 8 to 15 digits; fewer is a sum like "+1 2". More, or a unit word right after, means the
    # groups ran on into the next number ("+44 20 7946 0958 10 users"): the phone ends a group earlier.
    if match.group().startswith("00") and _is_quantity(match):
        return None
    groups = list(re.finditer(r"\d+", match.group()))
    if _UNIT_AFTER.match(match.string, match.end()) and len(groups) > 2:
        groups.pop()
    while groups and sum(len(g.group()) for g in groups) > 15:
        groups.pop()
    if sum(len(g.group()) for g in groups) < 8:
        return None
    end = match.start() + groups[-1].end()
    if match.string[end : end + 1] == ")":
        end += 1
    return PHONE, (match.start(), end)


def _phone(match: re.Match[str]) -> str | None:
    return None if _is_quantity(match) else PHONE


_PASSES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (PRIVATE_KEYS, _always(TOKEN)),
    (TOKENS, _always(TOKEN)),
    (EMAILS, _always(EMAIL)),
    (IBANS, _iban),
    (CNPJ_FORMATTED, _always(CNPJ)),
    (CPF_FORMATTED, _always(CPF)),
    (BARE_14, _cnpj_bare),
    (CPF_OTHER, _cpf_other),
    (RG_FORMATTED, _always(RG)),
    (RG_AFTER_WORD, _rg_after_word),
    (CARDS, _card),
    (PHONE_PLUS, _plus),
    (PHONE_BR, _phone),
    (PHONE_NANP, _phone),
    (PHONE_LOCAL, _phone),
]
