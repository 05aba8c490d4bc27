"""Messages that ask for no sizing: greetings, how to buy, what the catalogue says of a GPU or of what we rent,
and what happens to the data (LGPD). Each subject is announced by the words under [topics] in
sizing/data/vocabulary/*.toml and answered by a sentence in sizing/data/messages (error.query.topic_<subject>),
or, where the data files hold the answer, by the answers with no model of sizing/fits.py with a line of its
own (the GPUs we rent for "spot?", "how many GPUs at most?"; a GPU's facts for "banda de memória da H200?").

The sentences say what the product knows (where the GPUs are, what the request log keeps and for how long,
the contract modes of offering.toml, the GPUs' facts of gpus.toml) and send the rest (encryption,
certifications, contracts, a regulator's rules) to the sales team and legal: nothing here promises more."""

from __future__ import annotations

import re

from . import concepts, prefilter, regexes
from .vocabulary import load_vocabulary

_VOCAB = load_vocabulary()

# The subjects answered with a sentence, in the order they win when a question names several: a regulator
# or the law named says more than "is it safe?", and the data's subjects more than how to buy.
SAID = (
    "regulator",
    "hipaa",
    "china",
    "sensitive_health",
    "financial",
    "sensitive",
    "dpo_method",
    "epochs",
    "dpo",
    "dpa",
    "training_data",
    "bot_log",
    "logs",
    "lgpd",
    "sovereign",
    "security",
    "network",
    "location",
    "on_premise",
    "managed",
    "provisioning",
    "billing",
    "support",
    "sales",
)
# Subjects whose words are never a workload: "tem nota fiscal?" asks about billing, though "notas fiscais" also
# name the task of reading them (sizing/data/models.toml); "vocês têm suporte?" asks about ours, though "suporte"
# names a support chat's task. Answered even with such a field read.
NEVER_A_LOAD = ("billing", "support")
# Answered with the GPUs we rent (sizing/fits.py offered), the line of the subject first.
WITH_OFFERING = ("spot", "max_gpus", "interconnect", "terms")
# Asked of a GPU named: said beside what fits on it (sizing/fits.py what_fits).
OF_A_GPU = ("bandwidth", "interconnect", "terms", "price", "rent", "provisioning")
# Said beside a sizing when the question names a model too ("dados de saúde, llama 70b"): a note, the model
# sized as asked.
NOTES = ("sensitive_health", "financial", "sensitive")
# Open-weight models from Chinese labs: "os dados saem do Brasil se eu usar o deepseek?" asks where the data
# goes, not for a sizing (the catalogue's families, as models.toml names them).
CHINESE_FAMILIES = (
    "deepseek",
    "qwen",
    "qwq",
    "kimi",
    "glm",
    "minimax",
    "hunyuan",
    "yi",
    "internlm",
    "internvl",
)
# The days the request log keeps a question when the app does not say (bot/settings.py retention_days): the
# pipeline gives its own.
RETENTION_DAYS = 180
# The subjects whose sentence says what the request log keeps ({log}, from the retention in force).
WITH_LOG = ("bot_log", "logs")

# Said only beside a model ("tem h100 disponível semana que vem? llama 8b"): whether GPUs are free now, which the
# bot cannot see (with no model, the GPUs we rent answer it: sizing/fits.py offered, availability_asked).
ONLY_BESIDE = ("stock",)
_PATTERNS = {
    key: regexes.compile(rf"(?<!\w)(?:{_VOCAB.pattern(f'topics.{key}')})(?!\w)")
    for key in dict.fromkeys((*SAID, *WITH_OFFERING, *OF_A_GPU, *ONLY_BESIDE))
}
# Said in a note beside a sizing when its words are left over once the question's other readings took theirs
# ("spot? qwen3 32b", "vocês têm DPA? qwen3 32b", "criptografia em repouso? llama 3.1 8b"): the model is
# sized as asked, and the subject answered beside it, never listed as not understood.
BESIDE = (*SAID, "spot", *ONLY_BESIDE)
_BESIDE = regexes.compile("|".join(f"(?P<{key}>{_PATTERNS[key].pattern})" for key in BESIDE))
_WORKLOAD_WORDS = _VOCAB.plain("chat.workload_words")
_MISSING = set(_VOCAB.keys("topics")) - set(_PATTERNS)
assert not _MISSING, f"vocabulary [topics] without an answer: {_MISSING}"

# A message of greetings, questions about the bot, or "help" alone: the help.
_GREETING = _VOCAB.pattern("chat.greeting")
HELP = regexes.compile(
    rf"^\W*(?:(?:{_GREETING})(?!\w)\W*)*(?:(?:{_VOCAB.pattern('words.help')}|{_VOCAB.pattern('chat.about')}|-h)"
    rf"(?!\w)\W*)?(?:(?:{_GREETING})(?!\w)\W*)*$"
)
# A contract mode named ("reservado vs sob demanda pra 2 h100": two modes weighed are no mode chosen)
_CONTRACT = regexes.compile(
    rf"(?<!\w)(?:{'|'.join(_VOCAB.pattern(f'contracts.{k}') for k in _VOCAB.keys('contracts'))})(?!\w)"
)
_HELP_LONGEST = 120
# A message of thanks alone, greetings beside it ("obrigado!", "valeu", "thanks a lot"): a short reply.
_THANKS = _VOCAB.pattern("chat.thanks")
THANKS = regexes.compile(
    rf"^\W*(?:(?:{_GREETING})(?!\w)\W*)*(?:(?:{_THANKS})(?!\w)\W*)+(?:(?:{_GREETING}|{_THANKS})(?!\w)\W*)*$"
)
_A_WORD = regexes.compile(r"[^\W\d_]")  # a letter: punctuation or emoji alone ask nothing
_NOTE_CUE = regexes.compile(
    r"saud|pacient|prontuar|medic|clinic|sensi|biometr|genetic|banc|bank|financ|cart|credit|pci|health|patient"
)
_CHINA_CUE = regexes.compile(r"chin|segur|safe|sa(?:i|em|ir)\b|leave|brasil|brazil|pais|exterior|abroad")


def is_help(plain: str, told: tuple[set[str], int, int] | None = None) -> bool:
    """ "oi", "bom dia!", "olá, tudo bem?", "Hi", "quem é você?", "what can you do?", "Olá, bom dia. Como
    funciona isto?": greetings and questions about the bot, with nothing else, ask for the help. `told`: what
    the reader gathered of the text (prefilter.may_search), where it has it."""
    # a greeting and a question about the bot are short: a long message is never only that
    return (
        len(plain) <= _HELP_LONGEST
        and _A_WORD.search(plain) is not None
        and (told is None or prefilter.may_search(HELP, plain, told))
        and HELP.match(plain) is not None
    )


def is_thanks(plain: str, told: tuple[set[str], int, int] | None = None) -> bool:
    """ "obrigado!", "valeu", "vlw, abraço", "thanks!": thanks alone get a short reply, not "Não entendi".
    `told`: as is_help's."""
    return (
        len(plain) <= _HELP_LONGEST
        and (told is None or prefilter.may_search(THANKS, plain, told))
        and THANKS.match(plain) is not None
    )


def asked(plain: str, keys: tuple[str, ...] = SAID) -> str | None:
    """The first subject of `keys` the question names (accent-free, lower case), or None."""
    for key in keys:
        if key == "support":
            if any(not _SUPPORT_OF.match(plain, m.end()) for m in _PATTERNS[key].finditer(plain)):
                return key
        elif _PATTERNS[key].search(plain):
            return key
    return None


# "tem suporte a FP8?", "do you have support for FP8?": what a GPU or an engine can do, not our support
_SUPPORT_OF = regexes.compile(r"\s+(?:a|ao|aos|as|para|pra|pro|for|to|de|do|da)\s+(?!voces|vcs|voce|vc)\w")


def noted(plain: str, told: tuple[set[str], int, int] | None = None) -> list[str]:
    """The subjects a sizing question says beside its model that earn a note ("dados de saúde de pacientes,
    llama 70b": sensitive personal data), cheap to reject: most questions hold none of the cue letters.
    `told`: as is_help's."""
    if not prefilter.search(_NOTE_CUE, plain, told):
        return []
    found = [key for key in NOTES if _PATTERNS[key].search(plain)]
    if "sensitive" in found and len(found) > 1:
        # "dados sensíveis de pacientes" is health data, said by its own note; "dados sensíveis de clientes
        # bancários" is banking data, which LGPD Art. 5 II does not list as sensitive (it had earned the health
        # note): the kind named says what is true, the bare word nothing more
        found.remove("sensitive")
    return found


def beside(
    plain: str, pieces: set[str] | None = None, told: tuple[set[str], int, int] | None = None
) -> list[tuple[str, int, int]]:
    """Each subject of BESIDE the text names, with where its words stand, in the text's order (one pattern
    for all of them: it runs on every question that reaches the leftovers); "memory_left" for "memória
    disponível", which asks for no subject. `pieces`: the text's prefilter.pieces(), when the caller has them
    (see _matches); `told`: what the reader gathered of the text (prefilter.may_search), the pieces first."""
    found = []
    for key, m in _matches(plain, told[0] if told is not None else pieces, told):
        if m.group(0) in _WORKLOAD_WORDS:
            continue
        if key == "support" and _SUPPORT_OF.match(plain, m.end()):
            continue  # "tem suporte a fp8?": what the GPU does, read elsewhere
        if key == "stock" and _MEMORY_BEFORE.search(plain, max(0, m.start() - 24), m.start()):
            key = "memory_left"  # understood, and no note: the memory the answer already gives
        elif key == "stock" and _OFFERED_AFTER.match(plain, m.end()):
            # "queremos disponibilizar um assistente interno": the customer's own service made available to its
            # people, no GPU asked for now (it had earned the note that the bot cannot see the stock)
            key = "memory_left"
        found.append((key, *m.span()))
    return found


# What a stock word makes available when it is the customer's service, not GPUs: an article and a word that
# names no GPU, server or capacity ("disponibilizar um assistente", "disponibilizar o modelo para a equipe").
_OFFERED_AFTER = regexes.compile(
    r"\s+(?:(?:para|pra|aos?|as?)\s+(?:\w+\s+){1,2})?(?:um|uma|o|a|os|as|nosso|nossa|nossos|nossas|esse|essa|este|esta|"
    r"seu|sua)\s+(?!(?:gpus?|placas?|maquinas?|servidor(?:es)?|instancias?|capacidade|nodes?|nos|clusters?|"
    r"[a-z]{1,3}\d{2,4}[a-z]?s?)\b)[a-z]{3,}"
)


def _matches(
    plain: str, pieces: set[str] | None, told: tuple[set[str], int, int] | None = None
) -> list[tuple[str, re.Match]]:
    """What _BESIDE.finditer finds, with the subject of each match. Given the text's pieces, only the subjects
    whose words may be in it are looked for, each by its own pattern, the matches taken as the one pattern
    takes them: the leftmost, the first subject in BESIDE's order where two start together, the next from its
    end. Most questions name no subject, and the one pattern took ~70 µs to find none (a few per subject that
    may be named, here). Given what the reader gathered of it (`told`), each subject's every test is told at
    once, its whole words too: ~1.1 subjects run a fresh question, against ~3.7 by their first strings."""
    if pieces is None:
        return [(m.lastgroup, m) for m in _BESIDE.finditer(plain)]  # type: ignore[misc]
    if told is not None:
        patterns = [
            (key, _PATTERNS[key]) for key in BESIDE if prefilter.may_search(_PATTERNS[key], plain, told)
        ]
    else:
        patterns = [(key, _PATTERNS[key]) for key in BESIDE if prefilter.may_match(_PATTERNS[key], pieces)]
    out: list[tuple[str, re.Match]] = []
    pos = 0
    while patterns:
        best = None
        for key, pattern in patterns:
            m = pattern.search(plain, pos)
            if m is not None and (best is None or m.start() < best[1].start()):
                best = (key, m)
        if best is None:
            break
        if best[1].end() == best[1].start():  # an empty match, which finditer steps past by its own rules
            return [(m.lastgroup, m) for m in _BESIDE.finditer(plain)]  # type: ignore[misc]
        out.append(best)
        pos = best[1].end()
    return out


# "memória disponível", "available memory": memory left, no stock asked after.
_MEMORY_BEFORE = regexes.compile(r"\b(?:memoria|memory|vram|ram|espaco|space)\W+(?:\w+\W+)?$")


def spans(plain: str, keys: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the words of `keys` stand in the text: understood, never listed as not understood."""
    return [m.span() for key in keys for m in _PATTERNS[key].finditer(plain)]


def about_chinese_model(plain: str, model: str) -> bool:
    """ "os dados saem do Brasil se eu usar o deepseek?", "o qwen manda dados pra China?": where the data of an
    open model from a Chinese lab goes, asked with no load (the caller checks): answered, not sized."""
    if not _CHINA_CUE.search(plain):
        return False
    if not any(model.lower().startswith(family) for family in CHINESE_FAMILIES):
        return False
    # "traduzir textos em chinês", "responder em mandarim": the language the model works in, no data asked after
    plain = _LANGUAGE_USE.sub(" ", plain)
    return asked(plain, ("china", "security")) is not None or _RESIDENCY_CUE.search(plain) is not None


_LANGUAGE_USE = regexes.compile(
    r"\b(?:em|para|pra|pro|do|ao|in|into|to|from)\s+(?:o\s+|the\s+)?(?:chines|chinese|mandarim|mandarin)\b"
)
_RESIDENCY_CUE = regexes.compile(
    r"\b(?:sa(?:i|em|ir|irao)|leaves?|leaving)\s+(?:do\s+|o\s+)?(?:brasil|brazil|pais|the\s+country)"
    r"|\b(?:vao|vai|going|go|sent|enviados?|mandados?)\s+(?:pra|para|to)\s+(?:a\s+)?(?:china|fora|o\s+exterior|abroad)"
)


def of_a_gpu(plain: str, contract_said: bool) -> list[str]:
    """What a question asks of the GPU it names besides what fits on it: its memory bandwidth, how its GPUs
    are joined, whether we rent it, the contract modes (a mode, a term or a price said, `contract_said`: "reservado vs sob demanda
    pra 2 h100", "qnto custa uma h200 por mes?")."""
    asked = [key for key in ("bandwidth", "interconnect") if _PATTERNS[key].search(plain)]
    if "bandwidth" not in asked and concepts.asks_what_gpu(plain):
        asked.insert(0, "bandwidth")  # "o que é uma H100?": its facts, the same line as "specs?"
    # "quanto sai por mês 2 h100?": its price, said with the modes it is rented in
    if (
        contract_said
        or _PATTERNS["terms"].search(plain)
        or _CONTRACT.search(plain)
        or _PATTERNS["price"].search(plain)
    ):
        asked.append("terms")
    # "vocês têm B200?", "tem rtx 4090 pra alugar?": whether we rent it, the answer's first line
    if _PATTERNS["rent"].search(plain):
        asked.append("rent")
    # "lead time for 8 h100?", "quanto tempo leva pra subir uma máquina com 2 h200?": how soon it is delivered
    if _PATTERNS["provisioning"].search(plain):
        asked.append("provisioning")
    return asked


# The company's texts as what a model should know, and the words that say knowing them (sizing/data/vocabulary
# [training] documents, learn).
DOCUMENTS = regexes.compile(rf"(?<!\w)(?:{_VOCAB.pattern('training.documents')})(?!\w)")
LEARN = regexes.compile(rf"(?<!\w)(?:{_VOCAB.pattern('training.learn')})(?!\w)")


def knowledge(plain: str, training: bool, told: tuple[set[str], int, int] | None = None) -> bool:
    """ "quero treinar um modelo com os documentos da empresa", "que o modelo saiba tudo dos nossos manuais":
    the model asked to know the company's texts, which RAG usually serves better than a fine-tune (the text
    retrieved at each question is current and citable; a fine-tune teaches style and tasks more than facts).
    A training said, or a word of knowing, beside those texts. `told`: as is_help's (the company's texts are
    named in nearly no question, and the pattern took ~1.2 us to say so, twice a question)."""
    return prefilter.search(DOCUMENTS, plain, told) is not None and (
        training or LEARN.search(plain) is not None
    )
