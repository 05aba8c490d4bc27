"""The words of the answers explained ("o que é quantização?", "what does TTFT mean?", "qual a diferença
entre LoRA e QLoRA?"), with figures that are the sizing's own, and how long a model's weights take to load
(sizing/concepts.py). Each had been "Faltou dizer o modelo" or "Não entendi o pedido"."""

from __future__ import annotations

import re

import pytest

from .gpu_size_run import answer

REFUSED = ("Não entendi", "Faltou dizer", "Not understood", "didn't understand", "Não percebi", "Falta")


def _asked(capsys, *args: str) -> str:
    text = answer(capsys, *args)
    assert not any(word in text for word in REFUSED), text
    return text


@pytest.mark.parametrize(
    "question, opening",
    [
        ("o que é quantização?", "Quantização é guardar os pesos"),
        ("oq é quantizacao", "Quantização é guardar os pesos"),
        ("o que significa AWQ?", "Quantização é guardar os pesos"),
        ("quantização?", "Quantização é guardar os pesos"),
        ("what is quantization?", "Quantization stores the model's weights"),
        ("o que é LoRA?", "LoRA (Low-Rank Adaptation"),
        ("explica lora", "LoRA (Low-Rank Adaptation"),
        ("what's QLoRA?", "QLoRA (Dettmers et al. 2023"),
        ("o que é fine-tuning?", "Ajuste fino (fine-tuning) parte"),
        ("o que é mixture of experts?", "Num MoE (mixture of experts"),
        ("o que é GQA?", "GQA (grouped-query attention"),
        ("o que é MLA?", "GQA (grouped-query attention"),
        ("o que é janela de contexto?", "A janela de contexto é o máximo"),
        ("what is a context window?", "The context window is the most"),
        ("quantas palavras é um token em português?", "Um token é o pedaço de texto"),
        ("how many words is a token?", "A token is the piece of text"),
        # a text's length in tokens asked (had been "Faltou dizer o modelo")
        ("quantos tokens tem um texto de 1000 palavras?", "Um token é o pedaço de texto"),
        ("how many tokens are in a 5-page report?", "A token is the piece of text"),
        ("o que é tokens por segundo?", "Tokens por segundo medem"),
        ("what does TTFT mean", "TTFT (time to first token) is the time"),
        ("TTFT significa o quê?", "TTFT (time to first token) é o tempo"),
        ("o que é latência?", "TTFT (time to first token) é o tempo"),
        ("o que é tensor parallel?", "Paralelismo de tensor (TP) divide"),
        ("o que é pipeline parallel?", "Paralelismo de tensor (TP) divide"),
        ("o que é ZeRO-3?", "ZeRO (DeepSpeed"),
        ("what is FSDP?", "ZeRO (DeepSpeed"),
        ("o que é offload?", "Offload é guardar fora da GPU"),
        ("o que é batch?", "Concorrência é quantas conversas"),
        ("what is concurrency?", "Concurrency is how many conversations"),
        ("o que é a folga?", "Folga é a memória da GPU"),
        ("what is headroom?", "Headroom is the GPU memory"),
        ("o que é vLLM?", "O vLLM é um servidor de inferência"),
        ("pra que serve o vllm?", "O vLLM é um servidor de inferência"),
    ],
)
def test_a_concept_asked_alone_is_explained_and_ends_asking_for_a_sizing(capsys, question, opening):
    text = _asked(capsys, question)
    assert text.startswith(opening), text
    # its last sentence is how to ask for a sizing, with an example that works
    assert text.rstrip().endswith("`.")
    assert "`/gpu " in text.rsplit(". ", 1)[-1] or "`/gpu " in text.splitlines()[-1]


@pytest.mark.parametrize(
    "question, lang, opening",
    [
        ("o que é quantização?", "pt-PT", "Quantização é guardar os pesos"),
        (
            "o que é a concorrência de utilizadores simultâneos?",
            None,
            "Concorrência é quantas conversas o servidor atende em simultâneo",
        ),
        (
            "o que é fine-tuning?",
            "pt-PT",
            "Ajuste fino (fine-tuning) parte de um modelo já treinado e adapta-o",
        ),
    ],
)
def test_european_portuguese_gets_its_own_words(capsys, question, lang, opening):
    text = _asked(capsys, question, *(["--lang", lang] if lang else []))
    assert text.startswith(opening)
    assert "utilizadores" in text or "biliões" in text or "indique" in text


@pytest.mark.parametrize(
    "question, openings",
    [
        ("qual a diferença entre lora e qlora", ["LoRA (Low-Rank", "QLoRA (Dettmers"]),
        ("lora vs qlora?", ["LoRA (Low-Rank", "QLoRA (Dettmers"]),
        (
            "difference between TTFT and tokens per second?",
            ["TTFT (time to first token)", "Tokens per second"],
        ),
        # two words of one concept weighed had been refused as a request that contradicts itself
        ("fine-tuning vs treino do zero", ["Ajuste fino (fine-tuning)"]),
        ("qual a diferença entre int4 e fp8?", ["Quantização é guardar"]),
    ],
)
def test_concepts_weighed_are_each_explained(capsys, question, openings):
    text = _asked(capsys, question)
    paragraphs = text.strip().split("\n\n")
    assert [p[: len(o)] for p, o in zip(paragraphs, openings, strict=True)] == openings


def _gb(text: str) -> float:
    return float(text.replace(".", "").replace(",", "."))


def _weights_line(capsys, question: str) -> str:
    out = answer(capsys, question)
    return re.search(r"Pesos \.+ ([\d.,]+) GB", out).group(1)


def test_the_figures_are_the_sizing_a_user_gets_by_asking(capsys):
    # quantization: the weights at 16, 8 and 4 bits are the ones each sizing shows
    text = _asked(capsys, "o que é quantização?")
    for precision in ("", "fp8", "int4"):
        assert f"{_weights_line(capsys, f'llama 3.1 70b {precision}'.strip())} GB" in text
    # LoRA against a full fine-tune: the totals of each training answer
    text = _asked(capsys, "o que é lora?")
    for method in ("lora", "full fine-tune"):
        total = re.search(r"Total \.+ ([\d.,]+) GB", answer(capsys, f"llama 3.1 8b {method}")).group(1)
        assert f"{total} GB" in text


def test_the_kv_cache_and_a_context_window_agree(capsys):
    # the context window's full-length conversation is the KV cache per token times the model's context
    from bot.cli import main

    assert main(["o que é kv cache?"]) == 0  # an answer like the other concepts', on stdout
    kv = capsys.readouterr().out
    window = _asked(capsys, "o que é janela de contexto?")
    per_token = re.search(r"= (\d+) KiB por token", kv).group(1)
    assert f"cada token guarda {per_token} KiB" in window
    full = re.search(r"de 128k tokens ocupa ([\d,]+) GB", window).group(1)
    assert _gb(full) == pytest.approx(int(per_token) * 1024 * 131072 / 1e9, abs=0.05)


def test_a_moe_holds_every_expert_and_reads_the_active_ones(capsys):
    text = _asked(capsys, "o que é mixture of experts?")
    weights = _weights_line(capsys, "mixtral 8x7b")
    assert f"{weights} GB de pesos em 16 bits" in text
    assert "46,7B parâmetros em 8 especialistas" in text and "12,9B ativos" in text
    active = re.search(r"especialistas, ~([\d,]+) GB", text).group(1)
    assert _gb(active) == pytest.approx(_gb(weights) * 12.88 / 46.70, abs=0.1)


def test_a_concept_beside_a_model_still_sizes_it_with_the_explanation(capsys):
    text = answer(capsys, "o que é QLoRA? quero ajustar o llama 8b")
    head = text.split("\n\n")[0]
    assert head.startswith("Entendi: Llama 3.1 8B · ajuste fino com QLoRA")
    assert "QLoRA (Dettmers et al. 2023" in text and "Memória do treino" in text
    assert "“o”" not in head and "“que”" not in head and "“qlora”" not in head.lower()
    # an explanation beside a sizing asks for no other sizing
    assert "Para dimensionar, diga o modelo e o método" not in text

    text = answer(capsys, "what does TTFT mean for llama 3.1 8b with 10 users?")
    assert "TTFT (time to first token) is the time" in text and "Memory needed" in text
    assert "“mean”" not in text


@pytest.mark.parametrize(
    "question",
    [
        "llama 70b tp 2",
        "llama 3.1 8b batch 32 em 1 h100",
        "llama 70b int4 ou fp8",
        "qwen3 32b 32k de contexto",
        # a model's value asked is its sizing's, and two concepts set against each other beside a model are a
        # comparison the sizing makes
        "what is the latency of llama 3.1 70b on 2 h100?",
        "llama 3.1 8b lora vs qlora",
    ],
)
def test_a_concept_s_words_in_a_sizing_explain_nothing(capsys, question):
    text = answer(capsys, question)
    for opening in (
        "Paralelismo de tensor (TP)",
        "Concorrência é quantas",
        "Quantização é guardar",
        "A janela de",
        "TTFT (time to first token)",
        "LoRA (Low-Rank",
    ):
        assert opening not in text


def test_a_gpu_asked_what_it_is_gets_its_facts(capsys):
    text = answer(capsys, "o que é uma H100?")
    assert "3.350 GB/s de banda de memória" in text and "989 TFLOPS em BF16" in text
    assert "864 GB/s of memory bandwidth" in answer(capsys, "what is an L40S?")


def _loading():
    from sizing.catalog import load_catalog

    return load_catalog().offering.loading


@pytest.mark.parametrize(
    "question, lang_words",
    [
        ("quanto tempo leva para carregar o llama 3.1 70b?", "Tempo para carregar os pesos"),
        ("tempo de cold start do llama 3.1 70b", "Tempo para carregar os pesos"),
        ("how long to download the weights of llama 3.1 70b?", "Time to load the weights"),
        ("how long does llama 3.1 70b take to load?", "Time to load the weights"),
        ("quanto tempo demora a carregar o llama 3.1 70b? somos uma equipa", "Tempo para carregar os pesos"),
    ],
)
def test_the_load_time_is_the_weights_over_the_assumed_rates(capsys, question, lang_words):
    text = answer(capsys, question)
    weights = _weights_line(capsys, "llama 3.1 70b") if "Tempo" in lang_words else None
    line = next(x for x in text.splitlines() if x.startswith(lang_words))
    loading = _loading()
    if weights:
        assert f"({weights} GB)" in line
        disk = _gb(weights) / loading.disk_read_gb_per_s
        assert f"~{round(disk)} s" in line
        minutes = _gb(weights) * 8 / loading.download_gbit_per_s / 60
        assert f"~{minutes:.1f} min".replace(".", ",") in line
    assert "“download”" not in text and "“cold”" not in text and "“load”" not in text


def test_the_load_time_with_no_model_asks_for_one_and_says_the_rates(capsys):
    text = _asked(capsys, "quanto tempo leva para subir o modelo?")
    assert text.startswith("O tempo para carregar depende do tamanho dos pesos: diga o modelo")
    assert "NVMe local a 3,5 GB/s" in text
    assert "depends on the size of the weights" in _asked(capsys, "what is the cold start time?")
    # a machine brought up is its delivery, as before
    assert "O prazo para entregar as máquinas" in answer(
        capsys, "quanto tempo leva pra subir uma máquina com 2 h200?"
    )


def test_the_slack_pipeline_answers_a_concept_and_the_load_time(tmp_path):
    from bot.log import RequestLog
    from bot.pipeline import Pipeline, Where

    pipeline = Pipeline(RequestLog(tmp_path / "log.db"))
    reply = pipeline.ask("o que significa TTFT?", Where("message"))
    assert reply.outcome == "answered"
    assert reply.text_answer.startswith("TTFT (time to first token) é o tempo")
    assert ":warning:" not in str(reply.message.blocks)
    reply = pipeline.ask("what is quantization?", Where("message"))
    assert reply.text_answer.startswith("Quantization stores the model's weights")
    reply = pipeline.ask("quanto tempo leva para carregar o qwen3 32b?", Where("message"))
    assert "Tempo para carregar os pesos" in reply.text_answer


def test_how_many_tokens_a_second_still_asks_a_speed(capsys):
    # "quantos tokens" before a speed asks the model's speed on that GPU, which the sizing answers
    out = answer(capsys, "quantos tokens por segundo o llama 8b faz numa l40s?")
    assert out.startswith("Entendi: Llama 3.1 8B · 1× L40S 48 GB")
    assert "Um token é o pedaço" not in out


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # the sizing at 4,096 tokens had said the limit only in its capacity line
        (
            "qual o contexto máximo do mistral 7b?",
            "O contexto máximo do Mistral 7B v0.3 é de 32.768 tokens, o que quem o publicou declara. "
            "A conta abaixo usa 4.096 tokens por conversa",
        ),
        (
            "what's the max context of llama 3.1 70b?",
            "Llama 3.1 70B's maximum context is 131,072 tokens, as its publisher declares.",
        ),
        # a model whose card documents a longer context than its config: both said
        (
            "qual o contexto máximo do qwen 7b?",
            "O contexto nativo do Qwen2.5 7B é de 32.768 tokens; o cartão do modelo documenta até 131.072 com YaRN",
        ),
        (
            "qual é o contexto máximo do qwen 2.5 7b com 64k?",
            "A conta abaixo usa 65.536 tokens por conversa.\n",
        ),
    ],
)
def test_a_models_context_limit_asked_is_said_first(capsys, question, said):
    out = answer(capsys, question)
    assert said in "\n".join(out.splitlines()[:3]) + "\n", out


def test_the_context_that_fits_on_a_gpu_is_no_question_of_the_models_limit(capsys):
    # "qual o contexto máximo que cabe numa L40S": the capacity there answers it
    out = answer(capsys, "qual o contexto máximo que cabe numa L40S com o llama 8b?")
    assert "O contexto máximo do" not in out and "Capacidade:" in out


def test_a_models_context_limit_is_said_in_slack_too(slack):
    from tests.slack_harness import text_of, valid

    reply = slack.command("qual o contexto máximo do gemma 3 27b?")
    valid(reply["blocks"])
    assert "O contexto máximo do Gemma 3 27B é de 131.072 tokens" in text_of(reply["blocks"])


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # asked of a model, a concept with no value of its own is explained with that model's figures (these had
        # been sized with "Não entendi: GQA", or explained with the example model)
        (
            "o que é MoE no qwen3 235b?",
            "O Qwen3 235B-A22B tem 235B parâmetros em 128 especialistas por camada",
        ),
        ("o que é GQA no llama 70b?", "O Llama 3.1 70B tem 64 cabeças de consulta e 8 de chave e valor"),
        # a model with none says so, then explains with the example
        ("o que é MoE no llama 3.1 70b?", "O Llama 3.1 70B não é um MoE: é denso"),
        ("o que é GQA no llama 2 7b?", "O Llama 2 7B não usa GQA: cada uma das suas 32 cabeças"),
        ("what is GQA in deepseek v3?", "DeepSeek V3 uses MLA, not GQA"),
    ],
)
def test_a_concept_asked_of_a_model_uses_that_model(capsys, question, said):
    out = answer(capsys, question)
    assert said in out and not any(line.startswith("Não entendi") for line in out.splitlines()), out


def test_a_concept_asked_of_a_model_with_none_shows_the_example_as_one(capsys):
    out = answer(capsys, "o que é MoE no llama 3.1 70b?")
    assert "O Mixtral 8x7B (um exemplo) tem 46,7B parâmetros" in out


@pytest.mark.parametrize(
    "question",
    ["what is the latency of llama 70b?", "qual o kv cache do llama 70b?", "o que é o contexto do qwen3 8b?"],
)
def test_a_value_asked_of_a_model_is_sized_not_explained(capsys, question):
    out = answer(capsys, question)
    assert (
        "grouped-query" not in out
        and "A janela de contexto é" not in out
        and "TTFT (time to first" not in out
    )
    assert "Memória necessária" in out or "Memory needed" in out
