"""LoRA adapters served beside a model ("servir o llama 8b com 10 adaptadores lora", "multi-lora serving"):
read as serving, each adapter's resident slot added to the memory as vLLM preallocates it (--max-loras slots
at --max-lora-rank over every linear layer, in BF16), through the real engine, text, JSON and Slack."""

from __future__ import annotations

import pytest

from sizing import training
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from sizing.workload import Workload
from tests.gpu_size_run import answer, answer_json

from .slack_harness import text_of, valid


@pytest.mark.parametrize(
    ("text", "adapters", "rank"),
    [
        # "servir 10 adaptadores lora" had been a LoRA fine-tune with "10" not understood.
        ("servir 10 adaptadores lora do llama 3.1 8b pra 50 usuários", 10, None),
        ("multi-lora serving llama 8b with 20 adapters", 20, None),
        ("servir o llama 3.1 8b com um lora pra 20 usuários", 1, None),
        ("serve qwen2.5 7b with 5 lora adapters rank 64", 5, 64),
    ],
)
def test_adapters_with_a_serving_word_are_served_not_trained(text, adapters, rank):
    q = parse(text)
    w = q.workload
    assert q.unknown == []
    assert (w.stage.value, w.lora_adapters, w.lora_rank) == ("inference", adapters, rank)


@pytest.mark.parametrize(
    "text", ["treinar 3 loras no llama 8b", "lora no llama 8b", "fine-tune llama 8b with lora"]
)
def test_adapters_with_a_training_word_stay_a_training_question(text):
    w = parse(text).workload
    assert w.stage.is_training and w.lora_adapters is None


def test_each_adapter_adds_its_rank_16_slot_over_every_linear_layer_in_bf16():
    catalog = load_catalog()
    base = size(Workload.given({"model": "llama-3.1-8b", "users": 20}))
    served = size(Workload.given({"model": "llama-3.1-8b", "users": 20, "lora_adapters": 10}))
    model = catalog.model("llama-3.1-8b")
    # Llama 3.1 8B, rank 16 on q, k, v, o, gate, up and down of 32 layers: 16 x 81,920 x 32 = 41.9M
    # parameters, 83.9 MB in BF16 each.
    each = 2 * training.lora_params(model, 16)
    assert each == 2 * 16 * 81_920 * 32
    assert served.memory.served_adapters == 10 * each
    assert served.memory.total - base.memory.total == 10 * each
    assert served.workload.lora_adapters == 10 and served.workload.lora_rank == 16


def test_adapters_can_move_the_recommendation_up():
    few = size(Workload.given({"model": "llama-3.1-70b", "precision": "int4", "lora_adapters": 1}))
    many = size(Workload.given({"model": "llama-3.1-70b", "precision": "int4", "lora_adapters": 100}))
    assert many.memory.served_adapters == 100 * few.memory.served_adapters
    assert many.recommendation.count * catalog_memory(many) > few.recommendation.count * catalog_memory(few)


def catalog_memory(result) -> int:
    return load_catalog().gpu(result.recommendation.gpu).memory_bytes


def test_the_answer_shows_the_adapters_apart_and_says_what_it_assumed(capsys):
    out = answer(capsys, "servir 10 adaptadores lora do llama 3.1 8b pra 50 usuários")
    assert "10 adaptadores LoRA" in out.splitlines()[0]
    assert "Adaptadores ...... 0,84 GB  (10 × 0,08 GB: LoRA de rank 16)" in out
    assert "Pesos ............ 16,1 GB" in out  # the base model's weights, without the adapters
    assert "vLLM --enable-lora --max-loras 10" in out and "O desempenho é o do modelo base" in out
    data = answer_json(capsys, "--model", "llama-3.1-8b", "--lora-adapters", "4", "--lora-rank", "32")
    assert data["workload"]["lora_adapters"] == 4 and data["workload"]["lora_rank"] == 32
    assert data["memory"]["served_adapters"] == 4 * 2 * 32 * 81_920 * 32


def test_slack_shows_the_adapters_in_valid_blocks(slack):
    reply = slack.command("multi-lora serving llama 8b with 20 adapters")
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    assert "*Adaptadores*\n1,7 GB (20 × 0,08 GB: LoRA de rank 16)" in text


@pytest.mark.parametrize(
    ("text", "adapters", "rank", "lang"),
    [
        # vLLM's LoRA flags had been dropped: the plain model, sized with nothing said not understood.
        ("llama 8b com --enable-lora --max-loras 4 --max-lora-rank 64", 4, 64, "pt-BR"),
        (
            "vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max-loras 8 --max-lora-rank 32",
            8,
            32,
            None,
        ),
        ("vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max_loras=2", 2, None, None),
        # --enable-lora alone: vLLM's defaults, max_loras 1 and max_lora_rank 16
        ("vllm serve Qwen/Qwen2.5-7B-Instruct --enable-lora --max-model-len 8192", 1, None, None),
    ],
)
def test_vllm_lora_flags_are_the_served_adapters(text, adapters, rank, lang):
    q = parse(text)
    w = q.workload
    assert q.unknown == [] and (w.stage.value, w.lora_adapters, w.lora_rank) == ("inference", adapters, rank)
    assert size(w).memory.served_adapters > 0
    if lang:
        assert q.detected_lang == lang


def test_a_thread_about_serving_takes_adapters_counted_and_keeps_its_load():
    base = parse("llama 3.1 8b para 20 usuários").workload
    w = parse("e com 20 adaptadores?", base=base).workload
    assert (w.stage.value, w.lora_adapters, w.users) == ("inference", 20, 20)
    # "e com lora?" there still asks about a LoRA fine-tune.
    assert parse("e com lora?", base=base).workload.stage.value == "lora"


def test_adapters_given_to_a_training_run_are_said_unused(capsys):
    out = answer(capsys, "--model", "llama-3.1-8b", "--stage", "lora", "--lora-adapters", "3")
    assert "Adaptadores LoRA servidos contam só ao servir o modelo: este treino não os usa." in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Each had been sized as a LoRA or QLoRA fine-tune (training memory), the users dropped.
        ("servir o llama 3.1 8b fine-tunado com lora pra 50 usuarios", "fine-tunado com lora"),
        ("deploy de um qwen2.5 7b treinado com qlora, 20 usuarios 8k", "treinado com qlora"),
        (
            "já treinei um lora no llama 70b, agora quero colocar em produção com 30 usuários",
            "já treinei um lora",
        ),
        # A full fine-tune: it had been sized as one on 2 H200s.
        ("serve our fine-tuned llama 3.1 8b for 50 users", "fine-tuned"),
    ],
)
def test_a_model_already_fine_tuned_is_served(text, said):
    q = parse(text)
    assert q.unknown == [] and q.workload.stage.value == "inference" and q.workload.users >= 20
    assert [typed for typed, _ in q.fine_tuned] == [said]


def test_serving_a_fine_tuned_model_says_what_is_sized(capsys):
    out = answer(capsys, "servir o llama 3.1 8b fine-tunado com lora pra 50 usuarios")
    assert "“fine-tunado com lora”: um modelo já ajustado é servido sobre a arquitetura do modelo base" in out
    assert "ajuste fino" not in out.split("\n")[0]
    out = answer(capsys, "serve our fine-tuned llama 3.1 8b for 50 users")
    assert "a model already fine-tuned has the base model's architecture and size" in out


@pytest.mark.parametrize(
    "text",
    [
        "quero um modelo fine-tunado: lora no llama 8b com 10k exemplos",
        "lora no llama 3.1 8b pré-treinado",  # had been refused: "lora" and "pré-treinado" contradict
        "run GRPO on Qwen3-32B with LoRA",  # had been a full fine-tune with one served adapter (8 H200s)
        "rodar DPO no llama 3.1 8b com lora",
    ],
)
def test_a_lora_still_to_train_is_a_lora_fine_tune(text):
    w = parse(text).workload
    assert (w.stage.value, w.lora_adapters) == ("lora", None)


def test_offloading_weights_to_the_cpu_when_serving_is_said_not_called_an_optimizer(capsys):
    # "otimizador na RAM da CPU (offload)" had been shown for a served model, and "pra cpu" read as running on
    # a CPU with no GPU.
    out = answer(capsys, "qwen3 30b a3b q4_k_m com offload de experts pra cpu numa 3090")
    first = out.split("\n")[0]
    assert "otimizador" not in first and "“cpu”" not in out
    assert "Offload para a CPU: a conta abaixo põe o modelo inteiro nas GPUs" in out


def test_adapters_counted_with_no_training_word_are_served():
    # "llama 8b com 10 adaptadores lora" had been a LoRA fine-tune, "10" not understood.
    q = parse("llama 8b com 10 adaptadores lora")
    assert q.unknown == [] and (q.workload.stage.value, q.workload.lora_adapters) == ("inference", 10)
    assert parse("treinar 3 loras no llama 8b").workload.stage.value == "lora"
