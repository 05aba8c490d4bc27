"""The training layouts a number of GPUs allows, in the order the search tries them (sizing/training_layout.py
says why that order): tensor parallelism within a server, pipeline stages, expert parallelism for an MoE, and
context parallelism for a long sequence, after every layout that keeps the sequence whole."""

from __future__ import annotations

from . import serving
from .plan import Plan

POWERS = (1, 2, 4, 8, 16, 32, 64)


def layouts(plan: Plan, total: int, per_server: int, cp: int = 1) -> list[tuple[int, int, int, int]]:
    """Every (tp, pp, ep, cp) that splits `total` GPUs evenly with `cp` context-parallel ranks, tensor
    parallelism within a server, in the order tried."""
    a = plan.model
    experts = a.moe.experts if moe(plan) else 1
    found = []
    for pp in POWERS:
        if pp > a.num_layers:
            break
        for tp in POWERS[:4]:
            if tp > per_server or per_server % tp or total % (tp * pp * cp):
                continue
            if tp > 1 and serving.tp_problem(a, tp) is not None:
                continue
            # the expert-parallel ranks are drawn from the data-parallel and context ranks together (Megatron-LM)
            dp = total // (tp * pp)
            for ep in (*POWERS, 128, 256, 512, 1024):
                if ep > dp or dp % ep or experts % ep:
                    continue
                if (tp, pp, ep, cp) != (1, 1, 1, 1):
                    found.append((tp, pp, ep, cp))
    if experts > 1:
        found.sort(key=lambda layout: (layout[2] == 1, layout[0], layout[1], layout[2]))
    else:
        found.sort(key=lambda layout: (layout[1], layout[0], layout[2]))
    return found


# The fewest tokens of a sequence a context-parallel rank is given: the fewest any published run gives one. NVIDIA's
# Megatron-Bridge H100 recipe for Llama 3 70B splits its 8,192-token sequences over CP 2 (4,096 a rank:
# llama3_70b_pretrain_64gpu_h100_bf16_config, TP 4 PP 4 CP 2); Llama 3 405B's 128k stage gave each of its 16 ranks
# 8k (arXiv:2407.21783, section 3.3.2), torchtitan's benchmarks 32k. With fewer, the keys and values passed between
# ranks outweigh the attention they overlap with. It bounds the search only: a split asked for is sized as asked
# (tests/test_published_training.py).
CP_MIN_TOKENS = 4096


def context_layouts(plan: Plan, total: int, per_server: int) -> list[tuple[int, int, int, int]]:
    """The layouts that split each sequence over 2, 4, ... context-parallel ranks, the fewest ranks first, each
    rank keeping at least CP_MIN_TOKENS of it."""
    found = []
    if plan.eager_attention:
        return found  # context parallelism runs FlashAttention-style kernels only (sizing/plan.py, cp_eager)
    for cp in POWERS[1:]:
        if plan.seq_len < cp * CP_MIN_TOKENS or total % cp:
            break
        found += layouts(plan, total, per_server, cp)
    return found


def moe(plan: Plan) -> bool:
    return plan.model.moe is not None and plan.model.moe_layers > 0
