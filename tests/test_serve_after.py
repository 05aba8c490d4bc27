"""A fine-tune (or a training run) asked together with serving what it makes: "fine-tune mistral 7b with lora
then serve it to 100 users", "(1) inferência pra 30 usuários; (2) fine-tuning LoRA do mesmo modelo". The
training answers in full, then the serving is sized for the load the question gave, under its own title. The
users had been shown under what was understood and sized nowhere."""

import re

import pytest

from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse
from sizing.workload import Workload

from .slack_harness import valid


def section(text: str, title: str) -> str:
    """The serving section of a plain-text answer: its title's line to the next blank line."""
    start = text.index(title)
    end = text.find("\n\n", start)
    return text[start : end if end != -1 else None]


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("fine-tune mistral 7b with lora then serve it to 100 users", 100),
        ("quero fazer fine-tuning lora do qwen3 8b e depois servir pra 50 usuarios", 50),
        ("(1) inferência do llama 3.1 8b pra 30 usuários; (2) fine-tuning LoRA do mesmo modelo", 30),
        ("precisamos treinar e servir o llama 70b: qlora e depois inferência pra 20 pessoas", 20),
        ("Estamos a pensar afinar o llama 3.1 8b com LoRA e depois servi-lo a 40 utilizadores", 40),
    ],
)
def test_the_serving_is_sized_for_the_users_said(text, users):
    result = size(parse(text).workload)
    assert result.workload.stage in ("lora", "qlora")  # the training answers in full
    served = result.serving
    assert served is not None and served.workload.stage == "inference"
    assert served.workload.users == users
    assert served.workload.model.id == result.workload.model.id
    assert served.recommendation is not None


def test_the_answer_shows_the_serving_after_the_training(capsys):
    assert gpu_size(["fine-tune mistral 7b with lora then serve it to 100 users"]) == 0
    text = capsys.readouterr().out
    assert "LoRA fine-tuning" in text and "Training memory" in text
    after = section(text, "Then, to serve the fine-tuned model")
    assert "Mistral 7B v0.3 · BF16/FP16 (16-bit) · 4,096 tokens of context · 100 concurrent users" in after
    assert re.search(r"Recommendation: \d+× ", after)
    assert "Capacity: up to" in after and "Performance: ~" in after
    # a LoRA merged into its base serves at the base's size, in a production contract
    assert "merge_and_unload" in after and "the original's size" in after
    assert "reserved or dedicated" in after
    # the training's own contract stays the project's
    assert "Contract: Per-project package" in text


def test_a_qlora_base_is_served_merged_at_16_bits_with_the_context_for_serving(capsys):
    text = "qlora llama 70b, sequencias de 4k, depois servir com 32k de contexto para 50 usuarios"
    result = size(parse(text).workload)
    assert result.workload.seq_len == 4096 and result.workload.precision == "nf4"
    assert result.serving.workload.context_tokens == 32768
    assert result.serving.workload.precision == "bf16"
    assert gpu_size([text]) == 0
    after = section(capsys.readouterr().out, "Depois, para servir o modelo ajustado")
    assert "servido em BF16/FP16 (16-bit), e não na base NF4 (bitsandbytes) do treino" in after
    # the cheaper way down: 8 bits, or the KV cache in FP8
    assert "Alternativa: " in after


def test_a_pretraining_serves_the_trained_model_and_a_rate_is_a_load(capsys):
    result = size(parse("pretrain 1b 100B tokens and then serve it at 100 requests per minute").workload)
    assert result.workload.stage == "pretrain"
    assert result.serving is not None and result.serving.workload.load.rate_per_s == pytest.approx(100 / 60)
    assert gpu_size(["pretrain 1b 100B tokens and then serve it at 100 requests per minute"]) == 0
    out = capsys.readouterr().out
    assert "Then, to serve the trained model" in out
    assert "merge_and_unload" not in section(out, "Then, to serve the trained model")


@pytest.mark.parametrize(
    "text", ["lora llama 3.1 8b", "qlora llama 70b 50 mil exemplos", "llama 8b 30 usuarios"]
)
def test_no_load_to_serve_no_section(text, capsys):
    assert size(parse(text).workload).serving is None
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert "para servir o modelo" not in out


def test_a_serving_nothing_we_rent_holds_or_that_cannot_be_sized_is_said_not_dropped(capsys):
    text = "lora llama 8b e depois servir a 100 mil requisições por segundo"
    result = size(parse(text).workload)
    assert result.serving is not None and result.serving.recommendation is None
    assert gpu_size([text]) == 0
    after = section(capsys.readouterr().out, "Depois, para servir o modelo ajustado")
    assert "Recomendação: nenhuma configuração da nossa oferta comporta esta carga" in after
    # prompts longer than the model reads (as a button's payload carries them): the training stands, and the
    # serving says why it has no answer
    workload = Workload.given(
        {"model": "llama-3.1-8b", "stage": "lora", "users": 10, "prompt_tokens": 150_000}
    )
    result = size(workload)
    assert result.serving is None and "passam do limite do Llama 3.1 8B" in result.serving_refused
    text = render_text(result)
    after = section(text, "Depois, para servir o modelo ajustado")
    assert "Não consegui dimensioná-lo: 150.500 tokens passam do limite do Llama 3.1 8B" in after


def test_in_slack_the_section_is_valid_block_kit_and_follows_the_contract(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(
        "fine-tuning lora do llama 3.1 8b e depois servir pra 50 usuarios", Where("slash_command")
    )
    assert reply.outcome == "answered"
    valid(reply.message.blocks)
    texts = [b["text"]["text"] for b in reply.message.blocks if b.get("type") == "section" and "text" in b]
    contract = next(i for i, t in enumerate(texts) if t.startswith("*Contrato:*"))
    after = texts[contract + 1]
    assert after.startswith("*Depois, para servir o modelo ajustado*\n")
    assert "50 usuários simultâneos" in after and "Recomendação: " in after


def test_a_follow_up_changes_the_load_served(tmp_path):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    first = pipeline.ask(
        "fine-tuning lora do llama 3.1 8b e depois servir pra 50 usuarios", Where("slash_command")
    )
    again = pipeline.ask("e com 200 usuários?", Where("message", thread_ts="1.0"), base=first.workload)
    assert again.result.workload.stage == "lora"
    assert again.result.serving.workload.users == 200


def test_a_long_context_said_with_the_serving_is_the_servings_not_the_trainings():
    # "32k" had been the QLoRA's sequences too: 32k-token sequences of a 70B fit no GPU we rent.
    result = size(parse("qlora llama 70b e depois servir pra 50 usuarios com 32k").workload)
    assert result.workload.seq_len == 2048 and result.recommendation is not None
    assert any("os 32.768 tokens de contexto são os da inferência" in a for a in result.assumptions)
    assert result.serving.workload.context_tokens == 32768
    # a context within the training's default, or sequences said, stay the training's
    assert (
        size(
            parse("lora llama 8b com 2k de contexto e depois servir pra 20 usuarios").workload
        ).workload.seq_len
        == 2048
    )
    said = size(parse("qlora llama 70b seq 8192 e depois servir pra 50 usuarios com 32k").workload)
    assert said.workload.seq_len == 8192


@pytest.mark.parametrize(
    ("text", "trained_on", "served_on"),
    [
        # a GPU after the serving's words is the serving's; the training is sized on its own
        ("fine tune completo do llama 3.2 3b e depois servir em 2 h100 pra 500 usuarios", None, ("h100", 2)),
        ("fine-tune llama 3.1 8b with lora and then serve it on an L40S to 40 users", None, ("l40s", 1)),
        ("afinar o llama 3.1 8b com LoRA e depois servi-lo numa L40S a 40 utilizadores", None, ("l40s", 1)),
        # one before them is the training's
        (
            "can I fine-tune llama 3.1 70b with qlora on 2 h100 and then serve it to 50 users?",
            ("h100", 2),
            None,
        ),
        # one of each: no contradiction (it had been refused as "8" and "2")
        (
            "fine-tune do llama 70b em 8 h100 e depois servir em 2 h100 com 30 usuários",
            ("h100", 8),
            ("h100", 2),
        ),
        ("lora do qwen3 8b em 1 a100 e depois servir em 2 l40s pra 100 usuarios", ("a100", 1), ("l40s", 2)),
    ],
)
def test_a_gpu_goes_with_the_stage_it_was_named_for(text, trained_on, served_on):
    result = size(parse(text).workload)
    named, served = result.requested, result.serving.requested
    assert (named.gpu_name.split()[0].lower(), named.count) == trained_on if trained_on else named is None
    assert (served.gpu_name.split()[0].lower(), served.count) == served_on if served_on else served is None


def test_the_servings_gpus_get_their_verdict_and_what_decided_its_size(capsys):
    text = "fine-tune do llama 70b em 8 h100 e depois servir em 2 h100 com 30 usuários"
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert "8× H100 SXM 80 GB · servir em 2× H100 SXM 80 GB" in out.splitlines()[0]
    after = section(out, "Depois, para servir o modelo ajustado")
    assert "2× H100 SXM 80 GB: não cabe; faltam" in after
    assert "Para caber em 2× H100 SXM 80 GB: Em FP8" in after
    assert after.count("2× H100 SXM 80 GB: não cabe") == 1  # not repeated as an alternative
    assert "O que decidiu: memória." in after


def test_the_serving_says_what_decided_its_size(capsys):
    text = "fine-tune lora do mistral 7b com 20M tokens e depois servir pra 300 requisições por minuto"
    assert gpu_size([text]) == 0
    after = section(capsys.readouterr().out, "Depois, para servir o modelo ajustado")
    assert "O que decidiu: vazão." in after


def test_a_gpu_named_after_serving_words_with_no_load_stays_the_trainings():
    result = size(parse("fine-tune llama 3.1 8b e depois servir em 2 h100").workload)
    assert result.serving is None and result.requested.gpu_name.startswith("H100")
    assert result.requested.count == 2


def _thread(tmp_path, first: str, *follow_ups: str):
    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask(first, Where("slash_command"))
    for text in follow_ups:
        yield pipeline.ask(text, Where("message", thread_ts="1.0"), base=reply.workload)


@pytest.mark.parametrize("text", ["e em 8 bits?", "e em fp8?", "and at 8 bits?", "e se for em fp8?"])
def test_a_precision_asked_in_a_follow_up_is_the_servings(tmp_path, text):
    # "e em 8 bits?" had turned the LoRA's base FP8 and left the serving at BF16
    (again,) = _thread(tmp_path, "fine-tune lora do qwen3 14b e depois servir pra 100 usuários", text)
    assert again.result.workload.stage == "lora" and again.result.workload.precision == "bf16"
    assert again.result.serving.workload.precision == "fp8"
    # in the language the reply is written in: "and at 8 bits?" in English
    title = "to serve the fine-tuned model" if text.startswith("and") else "para servir o modelo ajustado"
    after = section(render_text(again.result), title)
    assert "Qwen3 14B · FP8 (8-bit) · " in after


def test_a_number_alone_after_a_training_and_its_serving_counts_the_users(tmp_path):
    # "e com 4?" had been 4 training GPUs, silently
    (again,) = _thread(tmp_path, "fine-tune lora do qwen3 14b e depois servir pra 100 usuários", "e com 4?")
    assert again.result.workload.gpu_count is None
    assert again.result.serving.workload.users == 4
    # a training alone still counts its GPUs
    (again,) = _thread(tmp_path, "fine-tune lora do qwen3 14b", "e com 4?")
    assert again.result.workload.gpu_count == 4


def test_a_latency_target_and_cheaper_asked_in_a_follow_up_reach_the_serving(tmp_path):
    first = "fine-tune lora do qwen3 14b e depois servir pra 100 usuários"
    ttft, cheaper = _thread(tmp_path, first, "e com primeiro token em 500 ms?", "mais barato?")
    after = section(render_text(ttft.result), "para servir o modelo ajustado")
    assert "100 usuários simultâneos · primeiro token ≤ 0,5 s" in after
    # "opções mais baratas" had been understood and no cheaper setup shown
    after = section(render_text(cheaper.result), "para servir o modelo ajustado")
    assert "Menor que 1× H200 SXM 141 GB, servindo a mesma carga" in after
    assert "Com o KV cache em FP8: 1× A100 SXM 80 GB" in after


@pytest.mark.parametrize(
    "text",
    [
        "fine-tuning lora do llama 3.1 8b e depois colocar em produção numa L40S para 50 usuários",
        "fine tuning lora do llama 3.1 8b e depois subir em producao numa L40S pra 50 usuarios",
        "lora do llama 3.1 8b e depois pôr em produção numa L40S para 50 usuários",
        "afinar o llama 3.1 8b com LoRA e depois pô-lo em produção numa L40S para 50 utilizadores",
        "fine-tune llama 3.1 8b with lora then put it in production on an L40S for 50 users",
    ],
)
def test_putting_the_model_in_production_is_serving_it(text):
    # "colocar em produção" had been no serving word: the L40S went to the training run
    query = parse(text)
    result = size(query.workload)
    assert result.requested is None  # the training is sized on its own
    served = result.serving.requested
    assert (served.gpu_name.split()[0], served.count) == ("L40S", 1)
    assert query.workload.intent == "production"


def test_a_choice_of_gpus_for_the_serving_weighs_each(capsys):
    text = "qlora do qwen3 32b e depois servir em h100 ou h200 pra 100 usuarios"
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert "servir em 1× H100 SXM 80 GB ou 1× H200 SXM 141 GB" in out.splitlines()[0]
    after = section(out, "Depois, para servir o modelo ajustado")
    assert "1× H100 SXM 80 GB: não cabe" in after
    assert "1× H200 SXM 141 GB: não cabe; faltam" in after  # it had been weighed nowhere
    english = size(
        parse("fine-tune qwen3 32b with qlora then serve it on 2 h100 or 1 h200 for 100 users").workload
    )
    compared = [a.setup for a in english.serving.alternatives if a.kind == "compared_gpu"]
    assert [(s.gpu_name.split()[0], s.count) for s in compared] == [("H200", 1)]
    assert english.serving.requested.count == 2


def test_a_gpu_named_for_each_stage_with_no_load_judges_the_serving_on_its_own(capsys):
    # it had been refused: "“8” e “2” não valem juntos"
    text = "treinar llama 3.1 8b full em 8 h100 e depois servir em 2 h100"
    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert "8× H100 SXM 80 GB · servir em 2× H100 SXM 80 GB" in out.splitlines()[0]
    after = section(out, "Depois, para servir o modelo ajustado")
    assert "2× H100 SXM 80 GB: cabe" in after and "Capacidade: até" in after
    result = size(parse("full fine-tune llama 3.1 8b on 8 h100 and then serve it on 2 l40s").workload)
    assert result.requested.count == 8 and result.serving.requested.count == 2
