"""Redaction of personal data from the text people type, before the request log stores it.

    redact("me liga no (11) 98765-4321, ana@empresa.com.br") == "me liga no [telefone], [email]"

The passes, in order (each sees the placeholders of the passes before it, which hold no digit and no "@",
so no pass can re-match another's output):

1. e-mail addresses                      -> [email]
2. CPF with its dots and hyphen          -> [cpf]       123.456.789-09 (check digits not checked)
3. CPF as 11 bare digits                 -> [cpf]       12345678909 (only with valid check digits)
4. phones with "+" and a country code    -> [telefone]  +55 11 98765 4321, +1 415 555 2671, +44 20 ...
5. Brazilian phones with the area code   -> [telefone]  (11) 98765-4321, 11 3456-7890, 11987654321
6. North-American phones without "+1"    -> [telefone]  (415) 555-2671, 415-555-2671
7. Brazilian mobiles without area code   -> [telefone]  98765-4321

The trade-off: a sizing question is mostly numbers, so every digit pattern is narrow, and a number that is
really a quantity must survive:

- a match never starts or ends inside a word or a longer number, so "h100", "qwen2.5-32b", "8x7b", "1.5b",
  "128k", "1.048.576" and the contexts 32768, 131072, 1048576 can never match;
- Brazilian area codes have no zero and subscriber numbers start with 9 (mobile) or 2-5 (landline), which
  rules out round numbers such as 1000000000 or 20000000000;
- a landline whose halves are split by a space needs its area code in parentheses, and a North-American
  number needs hyphens or dots: "16 4096 4096" and "128 256 1024" are lists of sizes;
- 11 bare digits are a CPF only with valid check digits (about 1 random number in 100 passes), and
  repeated digits (00000000000) never are;
- a bare number next to a quantity word ("tokens=...", "contexto ...", "... tokens", "... usuários") is
  kept whatever its shape: "11987654321 tokens" is a token count.

What that costs: a phone in an unusual layout (a local landline without area code, a carrier prefix such
as 0xx11, "11 3456 7890") is kept; a bare 10-digit number such as 2147483648 reads as a landline; and a
"+" phone followed at once by another number swallows it ("+44 20 7946 0958 10 users" loses the 10).
All are rare in a sizing question, and losing a number after a phone beats keeping part of a phone.
"""

from __future__ import annotations

import re

EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")

# Never glued to a word, nor to another number through a decimal point or a thousands separator.
_START = r"(?<!\w)(?<!\d[.,])"
_END = r"(?!\w|[.,]\d)"

CPF_FORMATTED = re.compile(_START + r"\d{3}\.\d{3}\.\d{3}-\d{2}" + _END)
CPF_BARE = re.compile(_START + r"\d{11}" + _END)

PHONE_PLUS = re.compile(
    r"""(?<![\w+]) \+ (?:
        55 [\s.-]? \(?[1-9]{2}\)? [\s.-]? (?:9\d{4}|[2-5]\d{3}) [\s.-]? \d{4}   # Brazil
      | 1 [\s.-]? \(?\d{3}\)? [\s.-]? \d{3} [\s.-]? \d{4}                        # North America
      | [1-9]\d{0,2} (?: [\s.-]? \(?\d{1,5}\)? ){1,5}       # elsewhere: digits counted in _phone_plus
    )"""
    + _END,
    re.VERBOSE,
)
PHONE_BR = re.compile(
    _START
    + r"""(?<![+(]) (?:
        \([1-9]{2}\) \s? (?:9\d{4}|[2-5]\d{3}) [\s.-]?       # (11) 98765-4321, (16) 3456 7890
      | [1-9]{2} [\s.-]? (?:9\d{4}[\s.-]?|[2-5]\d{3}-?)     # 11 98765 4321, 11 3456-7890, 11987654321
    ) \d{4}"""
    + _END,
    re.VERBOSE,
)
PHONE_NANP = re.compile(_START + r"(?<![+(]) (?:\(\d{3}\)\s?|\d{3}[.-]) \d{3}[.-]\d{4}" + _END, re.VERBOSE)
PHONE_LOCAL = re.compile(_START + r"9\d{4}-\d{4}" + _END)

# Words that make a nearby number a quantity of the sizing question rather than personal data.
_UNITS = (
    r"tokens?|toks?|par[aâ]metros|parameters|params|bytes|usu[aá]rios|users?|utilizadores|pessoas|"
    r"conversas|gpus?|contexto|context|ctx|seq(?:_len)?|batch|steps|passos|amostras|samples"
)
_UNIT_AFTER = re.compile(r"\s*(?:" + _UNITS + r")\b", re.IGNORECASE)
_UNIT_BEFORE = re.compile(r"\b(?:" + _UNITS + r")(?:\s*[=:]\s*|\s+)(?:de\s+)?$", re.IGNORECASE)


_EIGHT_DIGITS = re.compile(r"(?:\D*\d){8}")


def redact(text: str) -> str:
    """The text with e-mails, CPFs and phone numbers replaced by [email], [cpf] and [telefone]."""
    if not text:
        return text
    # Every pattern needs an "@" or at least eight digits: most questions have neither, and skip the work.
    if "@" not in text and not _EIGHT_DIGITS.match(text):
        return text
    text = EMAIL.sub("[email]", text)
    text = CPF_FORMATTED.sub("[cpf]", text)
    text = CPF_BARE.sub(_cpf_bare, text)
    text = PHONE_PLUS.sub(_phone_plus, text)
    for pattern in (PHONE_BR, PHONE_NANP, PHONE_LOCAL):
        text = pattern.sub(_phone, text)
    return text


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


def _is_quantity(match: re.Match[str]) -> bool:
    text = match.string
    return bool(_UNIT_AFTER.match(text, match.end()) or _UNIT_BEFORE.search(text, 0, match.start()))


def _cpf_bare(match: re.Match[str]) -> str:
    if _is_quantity(match) or not cpf_is_valid(match.group()):
        return match.group()
    return "[cpf]"


def _phone_plus(match: re.Match[str]) -> str:
    # A "+" phone is never a quantity; E.164 allows 8 to 15 digits, and fewer is a sum like "+1 2".
    digits = sum(c.isdigit() for c in match.group())
    return "[telefone]" if 8 <= digits <= 15 else match.group()


def _phone(match: re.Match[str]) -> str:
    return match.group() if _is_quantity(match) else "[telefone]"
