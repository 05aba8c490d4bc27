"""An RL run's reward model named as a model of its own: "ppo com policy llama 8b e reward model de 7b",
"rlhf do llama 3.1 8b, reward model: qwen2.5 7b". PPO holds the policy, its frozen reference, a frozen reward
model and a value model trained beside the policy (DeepSpeed-Chat's step 3 and OpenRLHF start the critic
from the reward model); a reward model of another size is counted as its own architecture (sizing/training.py
rl_memory). Found here and blanked, so that the two models are no contradiction (sizing/query.py); with no
other model in the question, the one named is the policy's base as before ("ppo com reward model do llama
8b")."""

from __future__ import annotations

from . import regexes
from .catalog import Catalog
from .speculative_query import _other_model, name_after
from .vocabulary import load_vocabulary

# An RL run said: the reward model is its own model only there ("reward model" alone may be its training).
_RL = regexes.compile(r"\b(?:ppo|rlhf|grpo|rloo|dapo|reinforcement\s+learning|aprendizado\s+por\s+reforco)\b")
# "reward model de 7b", "reward model: qwen 7b", "modelo de recompensa do llama 3.2 1b", "rm = qwen 7b"
_CUE = regexes.compile(
    r"\b(?:reward[\s_-]+model|modelo\s+de\s+recompensa|rm)\s*"
    r"(?:[:=]\s*|(?:(?:de|do|da|of|is|e|com|with|based\s+on|baseado\s+no|a\s+partir\s+do)\s+)?(?:(?:o|a|um|the|an?)\s+)?)"
)


# Several frozen reward models scoring each completion: "dois reward models", "2 modelos de recompensa", "two
# reward models" (Llama 2's RLHF trained two, one for helpfulness and one for safety: arXiv:2307.09288,
# section 3.2.2). The count is a digit or a number word (vocabulary [numbers]).
_COUNT = regexes.compile(r"\b(\d{1,2}|[a-z]+)\s+(?:reward[\s_-]+models|modelos\s+de\s+recompensa)\b")
# More reward models than this is no RLHF setup anyone runs: not read as a count.
MAX_REWARD_MODELS = 8


def take(scan, catalog: Catalog) -> None:
    """found["rl_reward_arch"] as (name, typed): the reward model's own model, when another model is named;
    found["rl_reward_models"]: how many reward models, when several are said."""
    if "reward" not in scan.work and "recompensa" not in scan.work and "rm" not in scan.work:
        return
    if not _RL.search(scan.work):
        return
    for m in list(_COUNT.finditer(scan.work)):
        word = m.group(1)
        n = int(word) if word.isdigit() else load_vocabulary().numbers.get(word)
        if n is None or not 2 <= n <= MAX_REWARD_MODELS:
            continue
        scan.found.setdefault("rl_reward_models", []).append((n, scan.original[m.start() : m.end()].strip()))
        scan.blank(m.start(), m.end())
    for cue in list(_CUE.finditer(scan.work)):
        found = name_after(scan, catalog, cue.end())
        if found is None:
            continue
        start, end, name = found
        if not _other_model(scan, catalog, start, end):
            return  # the only model named: the policy's base, as the reward model's (sizing/query.py)
        scan.found.setdefault("rl_reward_arch", []).append((name, scan.original[start:end].strip()))
        scan.blank(start, end)
        return
