"""Ask gpu-size English, European and Brazilian Portuguese questions and flag answers with words of another
language: Portuguese in an English answer, Brazilian words in a pt-PT one, English or Portugal's words in a
pt-BR one. A question in no language (shorthand such as `70b 4bit 32k 10 users`, one English word at most, or a
launch line) keeps the default language and is flagged by design when it is listed as English.

    python -m bench.answer_language ["more questions" ...]   (questions given are checked as English)
"""

from __future__ import annotations

import contextlib
import io
import re
import sys

from bot.cli import main

PORTUGUESE = re.compile(r" para | usuários|\bnão | com |\bDepois\b|\bvocê|[ãõçáéíóúâêô]|\bEntendi\b")
BRAZILIAN_WORDS = re.compile(
    r"usuári|\bvocê|\btela\b|\barquivo|\bo time\b|\btrem\b|\bcelular|\bequipe\b|\brodar\b|\broda\b",
    re.IGNORECASE,
)
# Words of an English or a European Portuguese answer, in a Brazilian one.
NOT_BRAZILIAN = re.compile(r"^Understood|^Percebi|\bthe\b|\busers\b|utilizador|\bequipa\b", re.MULTILINE)
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
    # Shorthand: model names, numbers and a few English words, no English sentence.
    "Qwen3 32B, 80 analysts, 20-page documents, 20 tokens/s",
    "distil-whisper large-v3 100 concurrent calls",
    "llama 70b 4bit 32k ctx 10 users",
    "mixtral 8x7b fp8 batch 16 throughput?",
    "gemma 3 27b, 500 employees, 8k context",
    "qwen2.5 72b 40 developers 16k ctx",
    "llama 3.1 8b 1000 queries a day",
    "gpt-oss 20b, 50 students, 4k-token prompts",
    "mistral small 24b 30 agents concurrently",
    "llama 3.1 70b fp8 200 seats 10% concurrency",
    "qwen3 14b 12 parallel sessions 16k context",
    "llama 8b, 2 million pages/month",
    "deepseek r1 distill 32b, 20-user pilot",
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
    # Portugal's words and grammar other than the ones above.
    "vocês têm GPUs para correr o llama 70b?",
    "o qwen 32b está a correr lento, quantas GPUs precisamos?",
    "estás a ver alguma placa para o llama 8b?",
    "podemos partilhar uma H100 entre o llama 8b e o qwen 7b?",
    "qual o tempo de arranque do llama 70b numa h100?",
    "gemma 27b por 20 pessoas a utilizar",
    "o nosso objectivo é servir o llama 8b a 200 pessoas",
    "gostaríamos de planear o alojamento do qwen 32b para o próximo ano",
    "contactem-nos sobre o llama 70b para 50 pessoas",
]
# Brazilian questions full of the English words Brazil's tech people use as they are, and Portuguese words
# Spanish shares ("para", "por"): answered in pt-BR.
BRAZILIAN = [
    "quero fazer deploy do llama 70b com batch 16 e throughput alto",
    "llama 70b 4bit para 10 users",
    "fine-tuning do qwen 7b com 10k exemplos",
    "deploy do mixtral 8x7b fp8, batch 16, throughput de 2k tokens/s, context de 32k, 100 users",
    "qual o throughput do llama 8b numa h100?",
    "llama 8b 100 calls simultâneas",
    "llama 70b, 20 users simultâneos, context 32k",
    "preciso de um setup pra 50 users com o qwen 32b",
    "llama 70b para 20 pessoas",
    "llama 3.1 8b para 100 pessoas por dia",
    "qwen 32b por 20 pessoas",
    "70b 4bit 32k 10 users",
    "rodar llama 8b com offload na cpu",
    "inference do qwen3 32b com 50 users em paralelo",
]


def answer(text: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        main([text])
    return out.getvalue()


def check(questions: list[str], foreign: re.Pattern, lang: str) -> int:
    """How many of the questions got an answer with words of another language (each one listed)."""
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
    asked = len(extra or ENGLISH)
    if not extra:
        flagged += check(EUROPEAN, BRAZILIAN_WORDS, "pt-PT") + check(BRAZILIAN, NOT_BRAZILIAN, "pt-BR")
        asked += len(EUROPEAN) + len(BRAZILIAN)
    print(f"{flagged} flagged; {asked - flagged} of {asked} answered in the question's language")
    sys.exit(1 if flagged else 0)
