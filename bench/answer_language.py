"""Ask gpu-size English and European Portuguese questions and flag answers with words of another language:
Portuguese in an English answer, Brazilian words in a pt-PT one. A question in no language (shorthand such as
`mixtral 8x7b 4 bit 20 users`, a launch line) keeps the default language and is flagged by design.

    python -m bench.answer_language ["more questions" ...]   (questions given are checked as English)
"""

from __future__ import annotations

import contextlib
import io
import re
import sys

from bot.cli import main

PORTUGUESE = re.compile(r" para | usuários|\bnão | com |\bDepois\b|\bvocê|[ãõçáéíóúâêô]|\bEntendi\b")
BRAZILIAN = re.compile(
    r"usuári|\bvocê|\btela\b|\barquivo|\bo time\b|\btrem\b|\bcelular|\bequipe\b|\brodar\b|\broda\b",
    re.IGNORECASE,
)
ENGLISH = [
    "we have 3 shifts of 20 support agents using llama 3.1 8b",
    "fine-tune llama 3.1 8b then serve it to 100 users",
    "train a lora on llama 8b with 10k examples",
    "how long to fine-tune llama 3 70b on 1B tokens with 8 h100?",
    "pretrain a 1B model from scratch within a week",
    "70b q4 on a 4090 + 64gb ram",
    "running llama 70b q4 using cpu offload, 64gb ram and a 4090",
    "can I run qwen3 32b on a mac studio m2 ultra 192gb?",
    "gpt-oss-120b on a macbook pro 128gb",
    "llama 8b on my macbook air 16gb",
    "do you have a DPO?",
    "dpo support?",
    "hi",
    "help",
    "thanks!",
    "what GPUs do you have?",
    "any cheaper option for llama 70b 20 users?",
    "100k requests a day with llama 3.1 70b, prompts of 2k tokens",
    "translate 10 million words with qwen3 32b on 1 h100",
    "volumes: 10 million words translated by qwen3 32b",
    "process 10 million words with llama 8b",
    "summarizing 50k pdfs using llama 70b",
    "rag over 1 million documents, llama 8b",
    "internal assistant using gpt-oss 120b, 300 staff",
    "inference only, llama 70b, fp8, 64k context",
    "vllm launch command for llama 70b on 2 h100",
    "compare llama 70b and qwen 72b",
    "distill deepseek r1 into qwen 7b",
    "grpo on qwen 7b with 16 generations each",
    "is an rtx 5090 enough for llama 70b?",
]
EUROPEAN = [
    "quanta memória preciso para o llama 70b com 50 utilizadores em simultâneo?",
    "precisamos de servir o qwen 32b a 100 utilizadores",
    "consigo correr o llama 8b no meu portátil com ecrã de 16gb de ram?",
    "o llama 8b corre num telemóvel?",
    "estou a pensar afinar o llama 8b com 50 mil exemplos e depois servi-lo a 100 utilizadores",
    "temos 3 turnos de 20 operadores a utilizar o llama 3.1 8b",
    "o ficheiro gguf do llama 70b cabe numa h100?",
    "traduzir 10 mil milhões de palavras com qwen3 32b em 8 h100",
    "a nossa equipa de 30 programadores quer um assistente de código com qwen coder 32b",
]


def answer(text: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        main([text])
    return out.getvalue()


def check(questions: list[str], foreign: re.Pattern, lang: str) -> int:
    flagged = 0
    for text in questions:
        lines = [line.strip() for line in answer(text).splitlines() if foreign.search(line)]
        if lines:
            flagged += 1
            print(f"[{lang}] {text}\n    {lines[0][:160]}")
    return flagged


if __name__ == "__main__":
    extra = sys.argv[1:]
    flagged = check(extra or ENGLISH, PORTUGUESE, "en")
    if not extra:
        flagged += check(EUROPEAN, BRAZILIAN, "pt-PT")
    print(f"{flagged} flagged")
    sys.exit(1 if flagged else 0)
