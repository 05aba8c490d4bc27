"""Code pasted into a question: the sizing facts in a Python call, written as the launch line says them.

People paste what they run: a transformers load (`AutoModelForCausalLM.from_pretrained("meta-llama/...",
torch_dtype=torch.bfloat16, quantization_config=BitsAndBytesConfig(load_in_4bit=True))`), vLLM's or SGLang's
Python engine (`LLM(model="Qwen/Qwen3-32B", tensor_parallel_size=2, max_model_len=32768)`), llama-cpp-python
(`Llama(model_path="...Q4_K_M.gguf", n_ctx=8192)`). Their keyword arguments are the engines' launch flags
with underscores (vLLM's EngineArgs are both), so a call is rewritten as the flags sizing/query.py's
launch_line reads: "--tensor-parallel-size 2". What says nothing of the load (device_map="auto",
trust_remote_code=True, the call's own name, a prompt, a variable) goes quietly: it is code, not words the
person wanted read.

Only a call that is code is touched: a name right before "(" whose arguments hold a keyword argument or a
quoted string ("llama (70b)" and "qwen(fp8)" stay words). The words are in sizing/data/vocabulary/all.toml
([launch]).
"""

from __future__ import annotations

import re

from . import regexes
from .vocabulary import alternation, load_vocabulary

VOCAB = load_vocabulary()

# A call: a dotted name right before "(", the assignment it may stand in ("model = AutoModel...(" goes whole),
# and a method called on what came before (".to(", ".eval(").
_CALL = regexes.compile(
    r"(?:(?<![\w.])[A-Za-z_]\w*\s*=\s*)?(?:(?<![\w.])|(?<=\)\.))[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\("
)
# Inside a call: a keyword argument (not a comparison) and its value, a quoted string or a plain token.
_QUOTED = r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'"
_KWARG = regexes.compile(rf"(?<![\w.])([A-Za-z_]\w*)\s*=(?!=)\s*({_QUOTED}|[\w.+-]+)")
_STRING = regexes.compile(_QUOTED)
# An argument that makes a call code: a keyword argument or a quoted string.
_CODE_ARGUMENT = regexes.compile(rf"(?<![\w.])[A-Za-z_]\w*\s*=(?!=)|{_QUOTED}")
# A string that names a model: a Hugging Face repo ("org/name"; "./models" is a folder).
_REPO = regexes.compile(r"(?!\.)[\w.-]+/[\w.-]*[\w-]")
# A folder named as a model is: letters, a digit, a hyphen ("Qwen2.5-7B-Instruct", "llama-3-8b").
_FOLDER_NAME = regexes.compile(r"(?=[\w.-]*\d)(?=[\w.-]*[a-z])[\w.]+(?:-[\w.]+)+", re.IGNORECASE)
# Pasted with its calls: imports, and a string assigned to a name ('model_id = "meta-llama/..."').
_IMPORT = regexes.compile(r"(?m)^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+[\w.*, \t()]+$")
_ASSIGNED_STRING = regexes.compile(rf"(?<![\w.])[A-Za-z_]\w*\s*=(?!=)\s*({_QUOTED})")
# The longest call read: a pasted call is a few lines; past this it is read as words.
MAX_CALL = 4000
# What matching parentheses looks at: an escaped character (skipped whole), parentheses, quotes, line ends.
_PAREN_OR_QUOTE = regexes.compile(r"\\.|[()\"'\n]")

# Every launch flag the launch line reads (sizing/query.py's launch_line), keyword arguments here.
_FLAGS = {
    word.replace("_", "-")
    for key in VOCAB.keys("launch")
    if key not in ("launchers", "four_bit", "eight_bit")
    for word in VOCAB.words(f"launch.{key}")
}
_MODEL_KEYS = set(VOCAB.words("launch.model"))
_GPU_LAYERS = set(VOCAB.words("launch.gpu_layers"))
_PRECISION_KEYS = set(VOCAB.words("launch.precision"))
_QUANTIZED = {key: VOCAB.words(f"launch.{key}") for key in ("four_bit", "eight_bit")}
_TRUE = regexes.compile(r"true|1", re.IGNORECASE)
_FLAG_VALUE = regexes.compile(r"[\w.:/+-]+")
_TORCH_TYPE = regexes.compile(
    rf"^(?:torch\.)?{alternation(('bfloat16', 'float16', 'half', 'float32', 'float'))}$"
)


# The same switches set outside a call, as a trainer's YAML or a line of code is pasted ("load_in_8bit: true"
# in an Axolotl config, "load_in_8bit=True" alone): what they load, or nothing when off.
_QUANTIZED_SET = regexes.compile(
    r"(?<![\w.-])(?:--)?load[-_]in[-_](?P<bits>4|8)[-_]?bit\s*(?:[:=]\s*|\s+)(?P<value>true|false|1|0|yes|no)\b"
    # a launcher's switch with no value ("--load-in-4bit", text-generation-webui's and FastChat's): on
    r"|(?<![\w.-])--load[-_]in[-_](?P<flag>4|8)[-_]?bit(?![\w-])(?!\s*[:=])",
    re.IGNORECASE,
)


def _quantized_set(m: re.Match) -> str:
    if (m.group("value") or "").lower() in ("false", "0", "no"):
        return " "
    return " nf4 " if (m.group("bits") or m.group("flag")) == "4" else " bnb int8 "


def pasted_code(text: str) -> str:
    """The text with each call that is code replaced by the facts its arguments say, as launch flags, and the
    quantizing switches set outside a call (_QUANTIZED_SET) by the precision they load."""
    text = _calls(text)
    return _QUANTIZED_SET.sub(_quantized_set, text) if "load" in text.lower() else text


def _calls(text: str) -> str:
    if "(" not in text or not _CODE_ARGUMENT.search(text):
        return text
    closing = _closing_parens(text)
    out, done, skip = [], 0, 0
    for m in _CALL.finditer(text):
        if m.start() < skip:
            continue  # inside a call already read, or in parentheses that hold no code
        end = closing.get(m.end() - 1)
        if end is None or end - m.end() > MAX_CALL:
            continue
        if not _CODE_ARGUMENT.search(text, m.end(), end):
            skip = end  # words in parentheses, and every call inside them: each character read once
            continue
        out += [text[done : m.start()], f" {_facts(text[m.end() : end])} "]
        done = skip = end + 1
    if not out:
        return text
    text = "".join([*out, text[done:]])
    # With calls around them, imports and assigned strings are code too: a model's name is kept.
    text = _IMPORT.sub(" ", text)
    return _ASSIGNED_STRING.sub(lambda m: f" {_model_string(m.group(1))} ", text)


def _closing_parens(text: str) -> dict[int, int]:
    """Where each "(" closes, quotes skipped (a quote ends at its line's end), in one pass over the text."""
    closing, opened, quote = {}, [], ""
    for m in _PAREN_OR_QUOTE.finditer(text):
        c = m.group(0)
        if quote:
            if c == quote or c == "\n":
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "(":
            opened.append(m.start())
        elif c == ")" and opened:
            closing[opened.pop()] = m.start()
    return closing


def _facts(arguments: str) -> str:
    """The arguments of a call (the calls inside it too) as launch flags and a model's name."""
    facts, precision, quantized = [], None, None
    for m in _KWARG.finditer(arguments):
        name, value = m.group(1).lower().replace("_", "-"), _unquoted(m.group(2))
        if name in _MODEL_KEYS:
            facts.append(_model_string(m.group(2)))
        elif name in _PRECISION_KEYS and name != "quantization" and _TORCH_TYPE.match(value):
            # torch_dtype / dtype: the weights' type when nothing quantizes them.
            precision = value.removeprefix("torch.")
        elif any(name in words for words in _QUANTIZED.values()):
            if _TRUE.fullmatch(value):
                # bitsandbytes 4-bit (NF4 or FP4: 4 bits a weight and a scale a block of 64 either way) or
                # LLM.int8 (transformers' BitsAndBytesConfig, https://huggingface.co/docs/transformers/quantization/bitsandbytes)
                quantized = "nf4" if name in _QUANTIZED["four_bit"] else "bnb int8"
        elif name in _FLAGS and _FLAG_VALUE.fullmatch(value):
            # llama-cpp-python's n_gpu_layers=-1 is every layer, which a launch line says as a count or "all"
            facts.append(f"--{name} {'all' if value == '-1' and name in _GPU_LAYERS else value}")
            quantized = quantized or (name in _PRECISION_KEYS and value.lower() not in ("none", "auto"))
    # A call's positional strings: a repo or a model's file is the model; a task or a prompt says nothing.
    without_kwargs = _KWARG.sub(" ", arguments)
    facts += [s for s in (_model_string(q.group(0)) for q in _STRING.finditer(without_kwargs)) if s]
    if quantized is True:
        pass  # quantization="fp8" said the weights' type: dtype is then the activations'
    elif quantized or precision:
        # Quantized weights load in their own type; torch_dtype is then the type of what is not quantized.
        facts.append(quantized or precision)
    return " ".join(facts)


def _unquoted(value: str) -> str:
    return value[1:-1] if value[:1] in "\"'" and value[-1:] == value[:1] else value


def _model_string(quoted: str) -> str:
    """A repo's name or a model file's, else nothing. A local folder ("/models/Qwen2.5-7B-Instruct") is
    usually the repo downloaded under its own name: its last part is read."""
    value = _unquoted(quoted).strip().rstrip("/")
    if _REPO.fullmatch(value):
        return value
    value = value.rsplit("/", 1)[-1]
    return value if _FOLDER_NAME.fullmatch(value) or value.lower().endswith(".gguf") else ""
