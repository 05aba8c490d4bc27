"""Models that had been answered "not in the catalogue" (a Hub repo to read instead), now sized from published
config.json copies cited in models.toml: Codestral 22B, Solar Pro 22B, Snowflake Arctic (480B-A17B) and Pixtral
Large (124B); and three sized with the architecture their publisher says they derive from, saying so because
their own config.json was not read: Gervásio 7B (LLaMA-2 7B), Gervásio 8B (Llama 3.1 8B) and Llama 3.3 Nemotron
Super 49B v1.5 (v1's blocks; see tests/test_nemotron_nas.py). "Gervásio" alone asks which of its two sizes."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse

from .gpu_size_run import answer, answer_json


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("codestral", "codestral-22b"),
        ("codestral 22b para 5 usuarios", "codestral-22b"),
        ("mistralai/Codestral-22B-v0.1 em fp8", "codestral-22b"),
        ("qual gpu para o codestral?", "codestral-22b"),
        ("codestral-22b-v0.1 q4_k_m", "codestral-22b"),
        ("solar pro", "solar-pro-22b"),
        ("solar pro 22b numa l40s", "solar-pro-22b"),
        ("upstage/solar-pro-preview-instruct", "solar-pro-22b"),
        ("snowflake arctic em 8 h100", "snowflake-arctic"),
        ("arctic 480b fp8", "snowflake-arctic"),
        ("Snowflake/snowflake-arctic-instruct", "snowflake-arctic"),
        ("pixtral large", "pixtral-large"),
        ("Pixtral Large 2411 para 10 usuários em fp8", "pixtral-large"),
        ("mistralai/Pixtral-Large-Instruct-2411", "pixtral-large"),
        ("gervasio 7b", "gervasio-7b"),
        ("gervásio 7b ptpt", "gervasio-7b"),
        ("o gervásio ptbr cabe numa L4?", "gervasio-7b"),
        ("PORTULAN/gervasio-7b-portuguese-ptbr-decoder", "gervasio-7b"),
        ("gervasio 8b", "gervasio-8b"),  # had been Llama 3.1 8B, said as nothing else
        ("gervásio 8b ptpt numa l4", "gervasio-8b"),
        ("PORTULAN/gervasio-8b-portuguese-ptpt-decoder em 4 bits", "gervasio-8b"),
    ],
)
def test_each_is_sized_by_the_names_users_type(text, model):
    # Each had been "não está no catálogo" with a repo to paste (Codestral and Solar Pro "22b" before that
    # had been Mistral Small 3 24B, "arctic 480b" a dense Llama 405B, "pixtral large" Pixtral 12B).
    query = parse(text)
    assert query.unknown == []
    assert size(query.workload).workload.model.id == model


@pytest.mark.parametrize(
    ("model", "official", "active"),
    [
        # Codestral: 22.2B; Solar Pro: 22B; Arctic: 480B, 17B active; Pixtral Large: 124B with its vision encoder.
        ("codestral-22b", 22.2e9, None),
        ("solar-pro-22b", 22e9, None),
        ("snowflake-arctic", 480e9, 17e9),
        ("pixtral-large", 124e9, None),
    ],
)
def test_the_shapes_count_the_published_sizes(model, official, active):
    m = load_catalog().model(model)
    assert abs(m.params / official - 1) < 0.01
    if active:
        assert abs(m.active_params / active - 1) < 0.02


def test_arctic_counts_its_dense_residual_mlp_beside_the_experts():
    # A 10B dense transformer (attention and a 7,168-wide residual MLP in each of 35 layers, and the
    # embeddings) and 128 experts of 3.66B: the model card's figures.
    m = load_catalog().model("snowflake-arctic")
    expert = 3 * 7168 * 4864 * 35
    assert abs(expert / 3.66e9 - 1) < 0.01
    assert abs((m.params - 128 * expert) / 10e9 - 1) < 0.01


def test_codestral_answers_with_its_licence(capsys):
    out = answer(capsys, "codestral para 5 usuarios")
    assert "Codestral 22B · BF16/FP16 (16-bit)" in out
    assert "Mistral AI Non-Production License (MNPL-0.1)" in out
    out = answer(capsys, "how much vram for codestral 22b q4_k_m")
    assert "Codestral 22B · GGUF Q4_K_M" in out and "22.2B parameters" in out
    assert "Mistral AI Non-Production License" in out


def test_solar_pro_is_sized_at_its_4k_context(capsys):
    data = answer_json(capsys, "solar pro numa l40s")
    assert data["workload"]["model"]["name"] == "Solar Pro 22B"
    assert data["workload"]["model"]["max_context"] == 4096


def test_arctic_is_sized_as_a_moe(capsys):
    out = answer(capsys, "snowflake arctic em 8 h100")
    assert "Snowflake Arctic (480B-A17B) · BF16/FP16 (16-bit)" in out
    assert "8× H100 SXM 80 GB: não cabe" in out and "Em FP8 (8-bit): cabe" in out


def test_pixtral_large_reads_images_with_its_own_encoder(capsys):
    out = answer(capsys, "pixtral large para 10 usuarios com imagens")
    assert "Pixtral Large (124B) · BF16/FP16 (16-bit)" in out
    assert "No Pixtral Large (124B), uma imagem de 1024×1024 vira 4.160 tokens" in out
    assert "Mistral AI Research License (MRL-0.1)" in out
    data = answer_json(capsys, "pixtral large em fp8")
    assert data["workload"]["model"]["vision_params"] == 1_524_776_320


@pytest.mark.parametrize(
    ("text", "language", "said"),
    [
        ("o gervásio ptpt cabe numa L4?", "pt-BR", "A config.json publicada do Gervásio 7B não foi lida aqui"),
        ("gervasio 7b para 10 utilizadores num portátil com 16 GB", "pt-PT", "usei a arquitetura e o contexto do Llama 2 7B"),
        ("how many GPUs for gervasio ptbr with 20 users?", "en", "The published config.json of Gervásio 7B has not been read here"),
    ],
)  # fmt: skip
def test_gervasio_is_sized_as_llama_2_7b_and_says_so(capsys, text, language, said):
    out = answer(capsys, text)
    assert "Gervásio 7B (" in out and "Llama 2 7B)" in out
    assert said in out


def test_gervasio_alone_asks_which_size(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["o gervásio cabe numa L4?"]) == 2
    err = capsys.readouterr().err
    assert "Qual Gervásio? Ele vem em vários tamanhos: 7B, 8B." in err
    out = answer(capsys, "gervasio 8b numa l4")
    assert "Gervásio 8B (arquitetura do Llama 3.1 8B)" in out
    assert "A config.json publicada do Gervásio 8B não foi lida aqui" in out
