"""Training answers' leftovers, round 12, through `gpu-size` and the Slack pipeline, as a user reads them:
- a concept explained beside a model named shows that model's figures, and with none says its model is an
  example ("fine-tune ou treinar do zero o qwen 14b?" had shown Llama 3.1 8B's);
- setups weighed whole ("2 ou 4 h100 ou h200") are summed up in three sentences, each figure its setup's own
  (the summary had weighed "the H200" by one of its two sides against the other: "4 contra 2", "141 GB contra
  141 GB", "R$ 87.600 contra R$ 43.800" for the one said cheaper)."""

from __future__ import annotations

import re

import pytest

from tests.data_folders import with_prices

from .gpu_size_run import answer, answer_json
from .test_training_sides import PRICES


def _concept(capsys, question: str) -> str:
    return answer(capsys, question).split("\n\n", 1)[0]


# -- a concept's figures are the model's asked about ------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "model", "own"),
    [
        # the stage words weighed beside a model: the model's own memory per method and the GPUs for it
        ("fine-tune ou treinar do zero o qwen 14b?", "No Qwen2.5 14B:", "o ajuste fino completo ocupa 296,5 GB (4× H200"),
        ("qual a diferença entre fine-tuning e pré-treino pro mixtral 8x7b?", "No Mixtral 8x7B:",
         "o ajuste fino completo ocupa 935,1 GB (8× H200 SXM 141 GB), com LoRA 100,9 GB e com QLoRA 33,6 GB"),
        ("fine-tuning vs pretraining for deepseek v3?", "For DeepSeek V3:",
         "a full fine-tune takes 13,422 GB (more than we rent)"),
    ],
)  # fmt: skip
def test_fine_tuning_against_pre_training_is_explained_with_the_model_asked(capsys, question, model, own):
    text = _concept(capsys, question)
    assert model in text and own in text, text
    assert "Llama 3.1 8B" not in text


def test_a_pre_training_of_a_moe_counts_the_parameters_a_token_touches(capsys):
    # 6 · active parameters · tokens (DeepSeek-V3's 37B, not its 671B): ~2.3 million H100 hours for 15T tokens,
    # the order of the 2.664M H800 hours its report gives for 14.8T (arXiv:2412.19437)
    text = _concept(capsys, "fine-tuning vs pretraining for deepseek v3?")
    hours = int(re.search(r"~([\d,]+) H100 SXM 80 GB hours", text).group(1).replace(",", ""))
    assert 2_000_000 < hours < 2_700_000, text


def test_with_no_model_the_example_model_is_said_to_be_one(capsys):
    text = _concept(capsys, "qual a diferença entre fine-tuning e pré-treino?")
    assert "No Llama 3.1 8B (um exemplo): o ajuste fino completo ocupa" in text
    text = _concept(capsys, "what is quantization?")
    assert "for Llama 3.1 70B (an example), " in text


def test_a_concept_beside_a_sizing_is_explained_with_its_model(capsys):
    text = answer(capsys, "what's the difference between LoRA and full fine-tuning for mistral 7b?")
    assert (
        "For Mistral 7B v0.3, with sequences of 2,048 tokens, LoRA training takes 18.4 GB (1× L40S 48 GB)"
        in text
    )
    assert "Llama" not in text
    text = answer(capsys, "o que é qlora? quero ajustar o qwen 32b")
    assert "No Qwen2.5 32B, com sequências de 2.048 tokens: 34,7 GB com QLoRA" in text


# -- setups weighed whole, summed up short ---------------------------------------------------------------


@pytest.fixture
def priced_gpus(tmp_path, monkeypatch):
    # the H100 at 22/h on demand, the H200 at 30/h
    yield from with_prices(tmp_path, monkeypatch, PRICES)


def _summary(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("Em resumo", "In short")))


def _bullets(text: str) -> dict[str, str]:
    return {line[4:].split(":", 1)[0]: line for line in text.splitlines() if line.startswith("  • ")}


def _sentences(summary: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.])\s+(?=[A-Z0-9])", summary) if s]


@pytest.mark.parametrize(
    ("question", "serve", "smallest", "fastest"),
    [
        ("2 ou 4 h100 ou h200 pro llama 70b com 50 usuarios",
         "Em resumo: 4× H100 SXM 80 GB, 2× H200 SXM 141 GB e 4× H200 SXM 141 GB servem esta carga; "
         "2× H100 SXM 80 GB, não.",
         "A menor que serve é 2× H200 SXM 141 GB.",
         "4× H200 SXM 141 GB é a mais rápida: ~36 tokens/s por usuário, contra ~22 em 2× H200 SXM 141 GB."),
        ("2 or 4 h100 or h200 for llama 70b with 50 users",
         "In short: 4× H100 SXM 80 GB, 2× H200 SXM 141 GB and 4× H200 SXM 141 GB serve this workload; "
         "2× H100 SXM 80 GB does not.",
         "The smallest that serves is 2× H200 SXM 141 GB.",
         "4× H200 SXM 141 GB is the fastest: ~36 tokens/s per user, against ~22 on 2× H200 SXM 141 GB."),
    ],
)  # fmt: skip
def test_four_setups_are_summed_up_in_three_sentences(capsys, question, serve, smallest, fastest):
    text = answer(capsys, question)
    summary = _summary(text)
    assert _sentences(summary) == [serve, smallest, fastest]
    # each speed is the one its own side shows
    bullets = _bullets(text)
    assert "~36 tokens/s" in bullets["4× H200 SXM 141 GB"] and "~22 tokens/s" in bullets["2× H200 SXM 141 GB"]


def test_a_count_short_beside_the_count_that_serves_is_not_said_twice(capsys):
    bullets = _bullets(answer(capsys, "2 ou 4 h100 ou h200 pro llama 70b com 50 usuarios"))
    assert bullets["2× H100 SXM 80 GB"].endswith("Com 4× H100 SXM 80 GB: cabe.")


@pytest.mark.parametrize(
    ("lang", "question", "cheapest", "fastest"),
    [
        ("pt-BR", "2 ou 4 h100 ou h200 pro llama 70b com 50 usuarios",
         "A mais barata que serve é 2× H200 SXM 141 GB: R$ 43.800 por mês (sob demanda), contra R$ 64.240 a "
         "R$ 87.600 nas outras.",
         "4× H200 SXM 141 GB é a mais rápida: ~36 tokens/s por usuário, contra ~22 em 2× H200 SXM 141 GB, por "
         "R$ 87.600 por mês."),
        ("pt-PT", "2 ou 4 h100 ou h200 pro llama 70b com 50 utilizadores",
         "A mais barata que serve é 2× H200 SXM 141 GB: 43\u00a0800\u00a0R$ por mês (a pedido), contra 64\u00a0240\u00a0R$ a "
         "87\u00a0600\u00a0R$ nas outras.",
         "4× H200 SXM 141 GB é a mais rápida: ~36 tokens/s por utilizador, contra ~22 em 2× H200 SXM 141 GB, "
         "por 87\u00a0600\u00a0R$ por mês."),
        ("en", "2 or 4 h100 or h200 for llama 70b with 50 users",
         "The cheapest that serves is 2× H200 SXM 141 GB: BRL 43,800 a month (on demand), against BRL 64,240 "
         "to BRL 87,600 on the others.",
         "4× H200 SXM 141 GB is the fastest: ~36 tokens/s per user, against ~22 on 2× H200 SXM 141 GB, for "
         "BRL 87,600 a month."),
    ],
)  # fmt: skip
def test_with_prices_the_cheapest_setup_that_serves_is_said_with_its_own_month(
    priced_gpus, capsys, lang, question, cheapest, fastest
):
    text = answer(capsys, "--lang", lang, question)
    assert _sentences(_summary(text))[1:] == [cheapest, fastest]
    # the months are each side's own (2× H200 at 30/h, 4× H100 at 22/h, 4× H200)
    bullets = _bullets(text)
    for setup, month in (
        ("2× H200 SXM 141 GB", "43"),
        ("4× H100 SXM 80 GB", "64"),
        ("4× H200 SXM 141 GB", "87"),
    ):
        # the symbol before the amount, or after it in pt-PT (CLDR "#,##0.00 ¤")
        assert re.search(
            rf"(?:R\$|BRL) {month}\D\d{{3}} |(?<!\d){month}\D\d{{3}}\u00a0R\$", bullets[setup]
        ), bullets[setup]


def test_none_named_serving_weighs_the_fewest_of_each_that_would(capsys):
    summary = _summary(answer(capsys, "llama 8b em 1 ou 2 l40s ou h100 com 300 usuarios"))
    first, smallest, *_ = _sentences(summary)
    assert first.startswith("Em resumo: nenhuma das configurações pedidas serve esta carga")
    assert smallest == "A menor que serve é 3× H100 SXM 80 GB (3 cópias do modelo, 1 GPU cada)."


def test_slack_shows_the_short_summary_within_a_section(slack):
    from . import slack_requests as sr

    question = "<@UBOT> 2 ou 4 h100 ou h200 pro llama 70b com 50 usuarios"
    assert slack.event(sr.app_mention(question, ts="1700000100.000100"), "Ev1700000100") == 200
    slack.settle()
    (posted,) = slack.fake.calls("chat.postMessage")
    section = next(
        b["text"]["text"]
        for b in posted.params["blocks"]
        if b["type"] == "section" and "Em resumo" in b["text"]["text"]
    )
    assert len(section) <= 3000
    assert section.endswith("servem esta carga; 2× H100 SXM 80 GB, não. A menor que serve é 2× H200 SXM 141 GB. "
                            "4× H200 SXM 141 GB é a mais rápida: ~36 tokens/s por usuário, contra ~22 em "
                            "2× H200 SXM 141 GB.")  # fmt: skip


# -- FP8 training: an MoE's experts, Transformer Engine's weight cache, torchtune's recipes ------------------

# Mixtral 8x7B's config.json: hidden 4096, 32 layers, 32 query and 8 KV heads of 128, 8 experts of 14,336
# (gated), 2 per token.
MIXTRAL_H, MIXTRAL_LAYERS, MIXTRAL_WIDTH, MIXTRAL_TOP_K = 4096, 32, 14336, 2
MIXTRAL_LINEAR = MIXTRAL_LAYERS * (MIXTRAL_H * (2 * MIXTRAL_H + 2 * 1024) + 8 * 3 * MIXTRAL_H * MIXTRAL_WIDTH)


def _activations(capsys, text: str) -> int:
    return answer_json(capsys, text)["memory"]["activations"]


def test_an_moe_in_fp8_saves_its_experts_inputs_in_fp8_for_the_tokens_each_gets(capsys):
    # Each token's hidden state goes to 2 of the 8 experts, each of which saves that copy and its down
    # projection's input in FP8: a byte a value less, for 2 experts a token (the experts had been left as in
    # BF16), beside one byte a weight of every layer's FP8 transposes.
    bf16 = _activations(capsys, "full fine-tune mixtral 8x7b without gradient checkpointing")
    fp8 = _activations(capsys, "full fine-tune mixtral 8x7b in fp8 without gradient checkpointing")
    inputs = MIXTRAL_LAYERS * 2048 * MIXTRAL_TOP_K * (MIXTRAL_H + MIXTRAL_WIDTH)
    assert fp8 - bf16 == pytest.approx(MIXTRAL_LINEAR - inputs, rel=0.005)


def test_an_moe_in_fp8_says_the_parallelism_its_memory_assumes_beside_deepseek_v3_s_own(capsys):
    # ZeRO-3 said: each GPU gathers whole layers (with no stage said, a layout that splits the experts is chosen:
    # tests/test_training_parallel.py)
    text = answer(capsys, "treinar deepseek v3 fp8 em 512 h100 com zero-3")
    assert (
        "MoE em FP8: cada especialista guarda as entradas só dos tokens que recebe (cada token vai a 8 dos 256), "
        "e a conta supõe cada GPU com a camada inteira (o ZeRO-3/FSDP a reúne; sem paralelismo de especialistas)"
        in text
    )
    assert (
        "O DeepSeek-V3 foi treinado em FP8 em 2.048 H800 com paralelismo de pipeline de 16, de especialistas de 64"
        in text
    )
    assert "peça esse arranjo (`pp=16 ep=64`) para vê-lo dimensionado" in text
    assert (
        "MoE"
        not in answer(capsys, "full fine-tune llama 8b in fp8").split("Assumptions", 1)[1].split("Notes")[0]
    )


def test_the_fp8_weight_cache_across_micro_batches_is_said_not_counted_and_why(capsys):
    text = answer(capsys, "full fine-tune llama 8b in fp8 with 1B tokens")
    assert (
        "The FP8 weight cache across micro-batches is not counted: Transformer Engine keeps it only when the code "
        "passes is_first_microbatch (Megatron-LM does; the Transformers models do not), and it would take 2 bytes "
        "per weight of every linear layer" in text
    )


def _alternative(text: str, starts: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"  • {starts}"))


@pytest.mark.parametrize(
    ("question", "starts", "said"),
    [
        # several GPUs: the distributed recipe, which has the flag
        ("full fine-tune do llama 70b em fp8 com 1B tokens", "Com torchtune:",
         "Em FP8 na receita full_finetune_distributed do torchtune, com enable_fp8_training: True: o float8 do "
         "torchao"),
        ("full fine-tune do llama 70b em fp8 com 1B tokens", "Com LoRA",
         "nenhuma receita de LoRA do torchtune tem enable_fp8_training (só a full_finetune_distributed)"),
        # one GPU: the single-device recipe, which has not
        ("full fine-tune do qwen 32b em fp8 com 1B tokens", "Com torchtune:",
         "a receita de uma GPU do torchtune (full_finetune_single_device) não converte camadas para FP8 (só a "
         "full_finetune_distributed, com enable_fp8_training)"),
    ],
)  # fmt: skip
def test_torchtune_alternatives_to_an_fp8_training_name_the_recipe_and_whether_it_runs_fp8(
    capsys, question, starts, said
):
    assert said in _alternative(answer(capsys, question), starts)


def test_torchtune_s_fp8_keeps_bf16_activations(capsys):
    # torchao's float8 saves the BF16 input and weight for the backward: no FP8 transposes, no FP8 inputs
    bf16 = _activations(
        capsys, "full fine-tune do llama 70b com torchtune em 8 h100 sem gradient checkpointing"
    )
    fp8 = _activations(
        capsys, "full fine-tune do llama 70b em fp8 com torchtune em 8 h100 sem gradient checkpointing"
    )
    assert fp8 == bf16
    text = answer(capsys, "fp8 training of llama 70b with torchtune on 8 h100 with 1B tokens")
    assert (
        "FP8 training with torchtune (its full_finetune_distributed recipe with enable_fp8_training: True, which "
        "swaps the linear layers for torchao's float8 ones)" in text
    )
    assert "what Transformer Engine saves for the backward" not in text


def test_torchtune_fp8_on_one_gpu_is_sized_as_its_distributed_recipe(capsys):
    # its one-GPU recipe (paged 8-bit AdamW stepped in the backward) has no FP8: an FP8 run on one GPU is
    # full_finetune_distributed in one process, with BF16 AdamW states (2 x 2 bytes a parameter)
    text = answer(capsys, "full fine-tune do llama 8b em fp8 com torchtune com 1B tokens")
    assert "Otimizador ....... 32,1 GB" in text
    assert "Recomendação: 1× H200 SXM 141 GB" in text
    assert "optimizer_in_bwd" not in text  # the one-GPU recipe's premise


def test_slack_shows_every_premise_of_a_long_fp8_training(slack, capsys):
    # an FP8 MoE training's premises run past one Block Kit text's 3000 characters: the last ones had been cut
    # ("…"), now the context block holds them in several elements
    from . import slack_requests as sr

    question = "pré-treino do mixtral 8x7b em fp8 com 1T tokens"
    premises = answer_json(capsys, question)["assumptions"]
    assert len("\n".join(premises)) > 3000
    assert slack.event(sr.app_mention(f"<@UBOT> {question}", ts="1700000200.000100"), "Ev1700000200") == 200
    slack.settle()
    (posted,) = slack.fake.calls("chat.postMessage")
    (block,) = [
        b
        for b in posted.params["blocks"]
        if b["type"] == "context" and b["elements"][0]["text"].startswith("*Premissas*")
    ]
    texts = [element["text"] for element in block["elements"]]
    assert len(texts) > 1 and all(len(text) <= 3000 for text in texts)
    assert "…" not in "".join(texts)
    assert premises[-1] in texts[-1]
