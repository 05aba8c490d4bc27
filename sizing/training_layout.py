"""The parallel layout of a training run on the GPUs asked for, when ZeRO-3 / FSDP alone does not hold it.

ZeRO-3 shards every state over all the GPUs but gathers each whole layer to run it: an MoE layer gathered whole
is all its experts (an 11B-parameter layer of DeepSeek-V3), which no GPU holds. Megatron-LM instead splits the
model: tensor parallelism inside a server, pipeline stages across servers (Narayanan et al. 2021, "Efficient
Large-Scale Language Model Training on GPU Clusters", arXiv:2104.04473, section 3.3: TP up to the GPUs of a
server, then PP), and for an MoE the routed experts across expert-parallel ranks, with the optimizer states
sharded over the data-parallel copies (its distributed optimizer, ZeRO-1). DeepSeek-V3 ran PP 16 x EP 64 x
ZeRO-1 on 2,048 H800s (arXiv:2412.19437, section 3.2); Llama 3 405B TP 8 x PP 16 with FSDP (arXiv:2407.21783,
section 3.3.2). Asked for on N GPUs with no layout said, the layout chosen for a dense model is the first that
fits of the fewest pipeline stages (each adds to the pipeline bubble), then the least tensor parallelism (its
all-reduces run every layer); for an MoE, the experts split by expert parallelism before any tensor
parallelism (DeepSeek-V3 used none: its all-to-all sends only the routed tokens, and each expert's matrices stay
whole), then the fewest pipeline stages, then the fewest expert-parallel ranks.
"""

from __future__ import annotations

from . import i18n
from .catalog import GPU, Catalog
from .i18n import t
from .layouts import moe as _moe
from .plan import Plan, context_parallel_said
from .result import Setup
from .setups import evaluate, first_fit, shape_for
from .workload import Method, Stage


def chosen(plan: Plan, catalog: Catalog) -> Plan:
    """The plan with the layout its named GPUs need, said in its assumptions; the plan itself when it has one
    said, needs none or none is searched for it."""
    lang = plan.lang
    if not _searched(plan):
        if plan.context_split and plan.cp == 1:
            # the split asked where no layout is searched (adapters, one GPU, a layout said): its degree is needed
            said = t(lang, "assume.context_split_kept", detail=t(lang, "assume.context_split_degree"))
            return plan.but(assumptions=(*plan.assumptions, said))
        return plan
    shape = shape_for(plan, plan.gpu, plan.gpus, catalog)
    asked = evaluate(plan, shape, catalog, capacity=False)
    if asked.fits or asked.per_gpu.total <= asked.gpu_memory_bytes:
        if plan.context_split:
            said = t(lang, "assume.context_split_kept", detail=t(lang, "assume.context_split_none"))
            return plan.but(assumptions=(*plan.assumptions, said))
        return plan  # it fits, or only inside the safety margin, which the answer says as it is
    found = first_fit(plan, shape, catalog)
    if found is None:
        return plan
    most, best = found
    if not best.fits:
        if best.per_gpu.total >= asked.per_gpu.total or shape.servers <= 1:
            # no layout holds less than ZeRO-3 alone, or one server's GPUs are asked for, where pipeline and
            # expert layouts across servers are not at stake: nothing to add to the verdict
            return plan
        said = t(lang, "assume.layout_none", count=i18n.number(shape.total, lang),
                 layout=describe(most, best.zero, lang), need=i18n.gb(best.per_gpu.total, lang),
                 usable=i18n.gb(best.usable_bytes_per_gpu, lang))  # fmt: skip
        return plan.but(assumptions=(*plan.assumptions, said))
    key = "assume.layout_chosen_moe" if _moe(plan) else "assume.layout_chosen"
    said = [t(lang, key, count=i18n.number(shape.total, lang),
              layout=describe(most, best.zero, lang))]  # fmt: skip
    if most.pp > 1:
        said.append(t(lang, "assume.layout_pipeline", pp=most.pp))
    if most.cp > 1:
        tokens = i18n.number(-(-plan.seq_len // most.cp), lang)
        said.append(t(lang, "assume.layout_context", seq=i18n.number(plan.seq_len, lang), cp=most.cp,
                      tokens=tokens))  # fmt: skip
        said.append(context_parallel_said(most.cp, plan.seq_len, lang))
    kept = list(plan.assumptions)
    a = plan.model
    if most.ep > 1 and a.moe is not None:
        said.append(expert_parallel_said(most, lang))
        # the FP8 note's whole-layer reading is no longer the run's: its experts are split
        whole = t(lang, "assume.fp8_training_moe", top_k=a.moe.experts_per_token, experts=a.moe.experts)
        kept = [fp8_moe_said(most, lang) if line == whole else line for line in kept]
    return most.but(assumptions=(*kept, *said))


def for_adapters(plan: Plan) -> dict:
    """What a LoRA or QLoRA weighed in place of a full training keeps of its layout: none that was chosen for
    the full training (the frozen base shards with ZeRO-3), and no expert parallelism (sized for full training)."""
    if plan.layout_searched:
        return {"tp": 1, "pp": 1, "ep": 1, "cp": 1, "layout_searched": False}
    return {"ep": 1} if plan.ep > 1 else {}


def _searched(plan: Plan) -> bool:
    """Whether the plan's layout is ours to choose: a full training or pre-training on a number of GPUs named,
    with no layout, ZeRO stage or offload said, on software that runs more than plain data parallelism."""
    return (
        plan.stage in (Stage.full, Stage.pretrain)
        and isinstance(plan.gpu, GPU)
        and (plan.gpus or 0) > 1
        and not plan.layout_given
        and plan.zero is None
        and not (plan.method.is_rl or plan.method is Method.reward)
        and plan.teacher is None
        and not (plan.cpu_offload or plan.offload_params)
        and not (plan.stack is not None and plan.stack.data_parallel_only)
    )


def parts(plan: Plan, lang: str) -> list[str]:
    """The model-parallel degrees of a training run, in words: tensor, pipeline, expert, context."""
    return _degrees(plan.tp, plan.pp, plan.ep, plan.cp, lang)


def setup_parts(setup: Setup, lang: str) -> list[str]:
    """The model-parallel degrees a setup was sized with (its own GPUs' layout), in words."""
    return _degrees(setup.tensor_parallel, setup.pipeline_parallel, setup.expert_parallel or 1,
                    setup.context_parallel or 1, lang)  # fmt: skip


def _degrees(tp: int, pp: int, ep: int, cp: int, lang: str) -> list[str]:
    keys = (
        "answer.tensor_parallel",
        "answer.pipeline_stages",
        "answer.expert_parallel",
        "answer.context_parallel",
    )
    return [t(lang, key, n=n) for key, n in zip(keys, (tp, pp, ep, cp), strict=True) if n > 1]


def describe(plan: Plan, zero: int | None, lang: str) -> str:
    """ "16 estágios de pipeline × especialistas em 64 × ZeRO-1": the layout of a training run, in words."""
    return " × ".join([*parts(plan, lang), f"ZeRO-{zero}" if zero else "DDP"])


def expert_parallel_said(plan: Plan, lang: str) -> str:
    """What an expert-parallel split assumes: each rank's experts, the states' sharding, the tokens' all-to-all."""
    m = plan.model.moe
    assert m is not None
    return t(lang, "assume.expert_parallel", ep=plan.ep, held=m.experts // plan.ep, experts=m.experts,
             top_k=m.experts_per_token)  # fmt: skip


def fp8_moe_said(plan: Plan, lang: str) -> str:
    """The FP8 note of an MoE trained with its experts split: each GPU's FP8 weight copies are its experts'."""
    m = plan.model.moe
    assert m is not None
    return t(lang, "assume.fp8_training_moe_ep", top_k=m.experts_per_token, experts=m.experts, ep=plan.ep,
             held=m.experts // plan.ep)  # fmt: skip
