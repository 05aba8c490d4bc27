"""The model a customer names is the model the answer names.

Released models that keep a catalogue model's architecture and limits (a distill, a coder variant, a dated
re-release) are named as asked, with the architecture sized ("DeepSeek R1 Distill Llama 8B (arquitetura do
Llama 3.1 8B)"); those whose config.json differs where an answer shows it (Llama 3's 8,192 positions, the
R1 Qwen distills' native 131,072, QwQ's 40,960) are entries of their own, with their own limits."""

from __future__ import annotations

import json
import shutil

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import CatalogError, load_catalog
from sizing.engine import size
from sizing.query import parse


def answer(text: str, capsys) -> list[str]:
    """The answer's lines as `gpu-size` prints them (in the question's language)."""
    assert gpu_size([text]) == 0
    return capsys.readouterr().out.splitlines()


def refusal(text: str, capsys) -> list[str]:
    """The refusal's sentence and hint as `gpu-size` prints them (in the question's language)."""
    assert gpu_size([text]) != 0
    return capsys.readouterr().err.removeprefix("gpu-size: ").splitlines()


@pytest.mark.parametrize(
    ("text", "understood", "header"),
    [
        # Brazilian Portuguese: the name asked, then the architecture sized, in the first line and the header.
        ("r1 distill llama 8b 16k", "Entendi: DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B) · 16k de contexto",
         "DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B) · BF16/FP16 (16-bit) · 16.384 tokens de contexto"),
        ("oi! qual máquina vocês recomendam pra rodar o qwen 2.5 coder 32b pra um time de 15 devs?",
         "Entendi: Qwen2.5-Coder 32B (arquitetura do Qwen2.5 32B) · inferência · 15 usuários simultâneos · geração de código",
         "Qwen2.5-Coder 32B (arquitetura do Qwen2.5 32B) · BF16/FP16 (16-bit)"),
        ("deepseek-ai/DeepSeek-R1-Distill-Llama-8B em 4 bits",
         "Entendi: DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B) · INT4 (AWQ/GPTQ g128)",
         "DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B) · INT4 (AWQ/GPTQ g128)"),
        ("deepseek v3 0324 fp8 32k", "Entendi: DeepSeek V3 0324 (arquitetura do DeepSeek V3) · FP8 (8-bit) · 32k de contexto",
         "DeepSeek V3 0324 (arquitetura do DeepSeek V3) · FP8 (8-bit) · 32.768 tokens de contexto"),
        # European Portuguese.
        ("Quero correr o Magistral Small 2509 para 20 utilizadores em simultâneo",
         "Percebi: Magistral Small 2509 (arquitetura do Mistral Small 3.2 24B) · inferência · 20 utilizadores em simultâneo",
         "Magistral Small 2509 (arquitetura do Mistral Small 3.2 24B) · BF16/FP16 (16-bit)"),
        # Devstral reads text only (no vision encoder): its own entry, and Magistral before 1.2 shares it.
        ("Que GPU preciso para correr o Magistral Small 2507 com 64k de contexto?",
         "Percebi: Magistral Small 2507 (arquitetura do Devstral Small 2507) · inferência · 64k de contexto",
         "Magistral Small 2507 (arquitetura do Devstral Small 2507) · BF16/FP16 (16-bit) · 65\u00a0536 tokens de contexto"),
        # English.
        ("how much vram for qwen2.5-coder-7b with 10 concurrent users",
         "Understood: Qwen2.5-Coder 7B (architecture of Qwen2.5 7B) · 10 concurrent users",
         "Qwen2.5-Coder 7B (architecture of Qwen2.5 7B) · BF16/FP16 (16-bit)"),
        ("Can we serve DeepSeek R1 0528 in FP8 on 8 H200s?",
         "Understood: DeepSeek R1 0528 (architecture of DeepSeek R1) · FP8 (8-bit) · inference · 8× H200 SXM 141 GB",
         "DeepSeek R1 0528 (architecture of DeepSeek R1) · FP8 (8-bit)"),
        # "nemotron 70b" had been sized as a bare 70B with "nemotron" not understood.
        ("nemotron 70b para 20 usuários",
         "Entendi: Llama 3.1 Nemotron 70B (arquitetura do Llama 3.1 70B) · 20 usuários simultâneos",
         "Llama 3.1 Nemotron 70B (arquitetura do Llama 3.1 70B) · BF16/FP16 (16-bit)"),
    ],
)  # fmt: skip
def test_a_derivative_is_named_as_asked_with_the_architecture_sized(text, understood, header, capsys):
    lines = answer(text, capsys)
    assert lines[0] == understood
    assert lines[2].startswith(header), lines[2]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Ordinary names of the catalogue's own models answer as before: no derivative, no "arquitetura do".
        ("qwen 32b", "Qwen2.5 32B"),
        ("qwen 2.5 32b 4bit", "Qwen2.5 32B"),
        ("llama 8b", "Llama 3.1 8B"),
        ("llama 3.1 8b 32k", "Llama 3.1 8B"),
        ("llama 70b", "Llama 3.1 70B"),
        ("qwen 7b", "Qwen2.5 7B"),
        ("mistral small 3.2", "Mistral Small 3.2 24B"),
        ("deepseek v3", "DeepSeek V3"),
        ("how much memory for qwen2.5 14b", "Qwen2.5 14B"),
        ("qwen3 coder 30b", "Qwen3 Coder 30B-A3B"),  # Qwen3's coder is its own model, not a derivative
        ("deepseek r1 fp8", "DeepSeek R1"),
        ("mistral small", "Mistral Small 3 24B"),
        # Released models whose config differs are entries of their own, named plainly.
        ("llama 3 8b", "Llama 3 8B"),
        ("qwq", "QwQ 32B"),
        ("deepseek r1 distill qwen 14b", "DeepSeek R1 Distill Qwen 14B"),
    ],
)
def test_other_names_are_unchanged_or_their_own_models(text, name, capsys):
    lines = answer(text, capsys)
    assert lines[2].split(" · ")[0] == name
    assert "arquitetura do" not in lines[0] and "architecture of" not in lines[0]


def test_the_json_carries_the_name_asked_and_the_architecture_sized(capsys):
    assert gpu_size(["--json", "r1 distill llama 8b 16k"]) == 0
    model = json.loads(capsys.readouterr().out)["workload"]["model"]
    assert model["id"] == "deepseek-r1-distill-llama-8b"
    assert model["name"] == "DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B)"
    assert (model["derived_from"], model["derived_from_name"]) == ("llama-3.1-8b", "Llama 3.1 8B")
    assert model["max_context"] == 131_072
    # A model of the catalogue's own says no derivation.
    assert gpu_size(["--json", "--lang", "en", "llama 3.1 8b"]) == 0
    model = json.loads(capsys.readouterr().out)["workload"]["model"]
    assert model["name"] == "Llama 3.1 8B" and model["derived_from"] is None


def test_a_derivative_is_sized_exactly_as_its_architecture():
    distill, base = (
        size(parse("r1 distill llama 8b 32k 10 usuários").workload),
        size(parse("llama 3.1 8b 32k 10 usuários").workload),
    )
    assert distill.memory == base.memory
    assert distill.recommendation.count == base.recommendation.count


@pytest.mark.parametrize(
    ("text", "said", "hint"),
    [
        # Llama 3 8B's config reads 8,192 positions (Meta-Llama-3-8B config.json, its card: "8k"): 32k is
        # refused, and the hint names the model of the same family and size that reads it.
        ("llama 3 8b 32k", "32.768 tokens passam do limite do Llama 3 8B, que é de 8.192 tokens.",
         "Peça até 8.192 tokens, ou use o Llama 3.1 8B, da mesma família e do mesmo tamanho, que vai até 131.072 tokens."),
        ("quanto de VRAM pra rodar o llama3 8b com 16 mil tokens de contexto?",
         "16.000 tokens passam do limite do Llama 3 8B, que é de 8.192 tokens.", "use o Llama 3.1 8B"),
        ("Que GPU preciso para correr o Llama 3 8B com 32k de contexto?",
         "32\u00a0768 tokens passam do limite do Llama 3 8B, que é de 8\u00a0192 tokens.",
         "Peça até 8\u00a0192 tokens, ou use o Llama 3.1 8B, da mesma família e do mesmo tamanho, que vai até 131\u00a0072 tokens."),
        # The newest 70B of the family: Llama 3.3 70B.
        ("how much vram for llama 3 70b with 32k context",
         "32,768 tokens is beyond Llama 3 70B's limit of 8,192 tokens.",
         "Ask for at most 8,192 tokens, or use Llama 3.3 70B, of the same family and size, which reads up to 131,072 tokens."),
        # Fine-tuning sequences are held to the same limit.
        ("lora no llama 3 8b com seq 16k", "16.384 tokens passam do limite do Llama 3 8B",
         "use o Llama 3.1 8B"),
        # No model of the family and size reads that much: the general hint.
        ("qwq 200k", "200.000 tokens passam do limite do QwQ 32B, que é de 131.072 tokens.",
         "Peça até o limite do modelo ou escolha um modelo com contexto maior."),
    ],
)  # fmt: skip
def test_a_context_past_the_model_is_refused_with_a_model_that_reads_it(text, said, hint, capsys):
    message, advice = refusal(text, capsys)
    assert message.startswith(said), message
    assert hint in advice, advice


def test_llama_3_reads_its_own_window():
    result = size(parse("llama 3 8b 8k 10 usuários").workload)
    assert result.workload.model.name == "Llama 3 8B" and result.workload.model.max_context == 8192
    assert result.workload.context_tokens == 8192
    # The same shape as Llama 3.1 8B: the same weights and KV cache per token.
    assert result.memory == size(parse("llama 3.1 8b 8k 10 usuários").workload).memory


@pytest.mark.parametrize(
    ("distill", "base"),
    [
        ("deepseek r1 distill qwen 32b", "qwen2.5 32b"),
        ("deepseek r1 distill qwen 14b", "qwen2.5 14b"),
        ("deepseek r1 distill qwen 7b", "qwen2.5 7b"),
    ],
)
def test_the_r1_qwen_distills_read_131k_natively_where_qwen2_5_needs_yarn(distill, base):
    # Their config.json declares 131,072 positions; Qwen2.5's 32,768, reaching 131,072 with YaRN (its cards).
    own, qwen = size(parse(f"{distill} 64k").workload), size(parse(f"{base} 64k").workload)
    assert not any("YaRN" in a for a in own.assumptions)
    assert any("YaRN" in a for a in qwen.assumptions)
    assert own.memory.weights == qwen.memory.weights and own.memory.kv_cache == qwen.memory.kv_cache
    assert own.workload.model.max_context == 131_072


def test_qwq_reads_40960_natively_and_131072_with_yarn():
    # QwQ-32B's config.json: 40,960 positions (Qwen2.5 32B: 32,768); its card: 131,072 with YaRN.
    assert not any("YaRN" in a for a in size(parse("qwq 40k").workload).assumptions)
    assert any("YaRN" in a for a in size(parse("qwen2.5 32b 40k").workload).assumptions)
    said = " ".join(size(parse("qwq 64k").workload).assumptions)
    assert "contexto nativo do QwQ 32B (40.960)" in said and "131.072" in said


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("deepseek 8b", "deepseek-r1-distill-llama-8b"),  # the family and a size: the distill of that size
        ("r1 14b", "deepseek-r1-distill-qwen-14b"),
        ("deepseek-r1:32b 10 usuarios", "deepseek-r1-distill-qwen-32b"),  # Ollama's tag
        ("deepseek-r1:7b", "deepseek-r1-distill-qwen-7b"),
        ("magistral 24b", "magistral-small-2509"),
        ("qwen coder 32b", "qwen2.5-coder-32b"),  # Qwen3-Coder has no 32B: Qwen2.5-Coder's
        ("Qwen2.5-Coder-7B-Instruct", "qwen2.5-coder-7b"),
        ("ollama run qwen2.5-coder:14b", "qwen2.5-coder-14b"),
        ("qwen 32b", "qwen2.5-32b"),
    ],
)
def test_families_name_the_released_models(text, model):
    assert size(parse(text).workload).workload.model.id == model


def test_the_log_keeps_the_model_asked_and_no_gap_for_a_known_derivative(tmp_path):
    from bot.log import gaps, reports
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    path = tmp_path / "log.db"
    log = RequestLog(path, retry_interval=60)
    pipeline = Pipeline(log)
    for text in ("r1 distill llama 8b 16k", "qwq 32k", "unsloth/DeepSeek-R1-Distill-Llama-8B-bnb-4bit"):
        pipeline.ask(text, Where(surface="console"))
    log.close()
    rows = {r["text"]: r for r in reports.list_requests(path, limit=None)}
    # What was asked is what the log stores: the managers' report counts the distill, not Llama 3.1 8B.
    assert rows["r1 distill llama 8b 16k"]["model_id"] == "deepseek-r1-distill-llama-8b"
    assert rows["r1 distill llama 8b 16k"]["missing_model"] is None  # the catalogue has it: no gap
    assert rows["qwq 32k"]["model_id"] == "qwq-32b" and rows["qwq 32k"]["missing_model"] is None
    # A repo the catalogue does not list, sized by its name: a gap, answered with the derivative.
    repo = rows["unsloth/DeepSeek-R1-Distill-Llama-8B-bnb-4bit"]
    assert repo["model_id"] == "deepseek-r1-distill-llama-8b"
    from datetime import UTC, datetime, timedelta

    found = gaps.gaps(path, datetime.now(UTC) - timedelta(days=1))["models"]
    assert [(m["name"], m["used"]) for m in found] == [
        ("unsloth/deepseek-r1-distill-llama-8b-bnb-4bit", "deepseek-r1-distill-llama-8b")
    ]
    # A manager's "modelo:" filter finds them by any name the catalogue knows them by.
    chosen = reports.list_requests(path, reports.Filters(model="qwq"))
    assert [r["text"] for r in chosen] == ["qwq 32k"]
    chosen = reports.list_requests(path, reports.Filters(model="r1 distill llama 8b"))
    assert len(chosen) == 2 and {r["model_id"] for r in chosen} == {"deepseek-r1-distill-llama-8b"}


@pytest.fixture
def data_copy(tmp_path):
    from sizing.catalog import DATA_DIR

    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    yield target
    load_catalog.cache_clear()


HERMES = """
[[model.derivatives]]
id = "llama-3.1-storm-8b"
name = "Llama 3.1 Storm 8B"
aliases = ["llama 3.1 storm 8b", "storm 8b"]
hf_repos = ["akjindal53244/Llama-3.1-Storm-8B"]
source = "its model card: a Llama 3.1 8B Instruct fine-tune"
"""


def test_a_derivative_is_added_by_editing_models_toml(data_copy, monkeypatch, capsys):
    path = data_copy / "models.toml"
    text = path.read_text()
    anchor = '\n[[model]]\nid = "llama-3-8b"'
    path.write_text(text.replace(anchor, HERMES + anchor, 1))
    monkeypatch.setenv("GPU_SIZER_DATA", str(data_copy))
    load_catalog.cache_clear()
    lines = answer("storm 8b com 20 usuários", capsys)
    assert lines[0] == "Entendi: Llama 3.1 Storm 8B (arquitetura do Llama 3.1 8B) · 20 usuários simultâneos"


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        # A derivative's name another model already answers to.
        (lambda t: t.replace('aliases = ["llama 3.1 storm 8b", "storm 8b"]', 'aliases = ["storm 8b", "llama 8b"]'),
         "model name 'llama 8b' is used by both 'llama-3.1-8b' and 'llama-3.1-storm-8b'"),
        # A family listing a derivative that does not exist.
        (lambda t: t.replace('magistral = ["magistral-small-2509"]', 'magistral = ["magistral-small-2609"]'),
         "family 'magistral' lists model 'magistral-small-2609', which models.toml does not define"),
        # A key a derivative does not have (a typo, or a limit of its own: that is a [[model]] instead).
        (lambda t: t.replace('hf_repos = ["akjindal53244/Llama-3.1-Storm-8B"]', "max_context = 8192"),
         "models.toml: [[model]] 'llama-3.1-8b', key derivatives.6.max_context: unknown key (a typo?)"),
    ],
)  # fmt: skip
def test_a_broken_derivative_is_reported_in_one_sentence(data_copy, edit, said):
    path = data_copy / "models.toml"
    anchor = '\n[[model]]\nid = "llama-3-8b"'
    path.write_text(edit(path.read_text().replace(anchor, HERMES + anchor, 1)))
    load_catalog.cache_clear()
    with pytest.raises(CatalogError) as broken:
        load_catalog(data_copy)
    assert said in str(broken.value), str(broken.value)


@pytest.mark.parametrize(
    ("text", "model", "architecture"),
    [
        # MedGemma 27B had been "dimensionado como Mistral Small 3 24B com 47 camadas", MedGemma 4B as Qwen3 4B.
        ("medgemma 27b para 20 usuarios 32k", "medgemma-27b", "gemma-3-27b"),
        ("google/medgemma-27b-text-it 10 usuarios", "medgemma-27b", "gemma-3-27b"),
        ("medgemma 4b", "medgemma-4b", "gemma-3-4b"),
    ],
)
def test_medgemma_is_gemma_3(text, model, architecture):
    sized = size(parse(text).workload).workload.model
    assert (sized.id, sized.derived_from) == (model, architecture)
