"""The engine alone: parse + size + render in Block Kit (as a Slack answer is made) for 1,000 varied queries."""

from __future__ import annotations

import itertools
import random
import statistics
import time

from bot import blocks
from sizing.engine import clear_cache, size
from sizing.errors import SizingError
from sizing.query import parse

MODELS = [
    "70b",
    "8b",
    "llama 3.1 405b",
    "qwen2.5 32b",
    "mixtral 8x7b",
    "deepseek v3",
    "gpt-oss-120b",
    "gemma 3 27b",
    "qwen3 30b-a3b",
    "mistral small",
    "1.5b",
    "13b",
    "phi-4",
    "command-r",
]
PRECISIONS = ["", "4bit", "8bit", "16bit", "q4_k_m", "nf4", "fp8"]
CONTEXTS = ["", "4k", "8k", "32k", "128k", "contexto de 16 mil tokens"]
USERS = ["", "1 usuário", "10users", "50 usuarios", "users=200"]
EXTRAS = [
    "",
    "numa l40s",
    "2x h100",
    "produção",
    "rag",
    "en",
    "kv fp8",
    "lora",
    "qlora seq 4096",
    "pretrain 1T tokens",
]


def queries(n: int = 1000, seed: int = 7) -> list[str]:
    combos = list(itertools.product(MODELS, PRECISIONS, CONTEXTS, USERS, EXTRAS))
    random.Random(seed).shuffle(combos)
    return [" ".join(p for p in combo if p) for combo in combos[:n]]


def run(n: int = 1000) -> dict:
    texts = queries(n)
    clear_cache()  # varied queries, measured from a cold cache: the real cost of each
    timings, errors = [], 0
    for text in texts:
        start = time.perf_counter()
        try:
            query = parse(text)
            result = size(query.workload)
            blocks.answer(result, query, payload="{}")
        except SizingError as e:
            blocks.error(e, "pt-BR")
            errors += 1
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    return {
        "queries": len(texts),
        "refused": errors,
        "median_ms": round(statistics.median(timings), 3),
        "p99_ms": round(timings[int(0.99 * len(timings)) - 1], 3),
        "max_ms": round(timings[-1], 3),
    }
