"""Repo names, families and sizes read without the network (GPU_SIZER_HUB off or the Hub unreachable)."""

from __future__ import annotations

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import QueryError, parse

CASES = [
    # (question, model name shown, precision, a fragment of the assumptions)
    ("https://huggingface.co/Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4", "Qwen2.5 72B (Qwen2.5-72B-Instruct-GPTQ-Int4)", "int4", "41,6 GB exatos"),
    ("Qwen/Qwen2.5-72B-Instruct-AWQ", "Qwen2.5 72B (Qwen2.5-72B-Instruct-AWQ)", "int4", "pesos publicados"),
    ("meta-llama/Llama-3.1-405B-Instruct-FP8", "Llama 3.1 405B (Llama-3.1-405B-Instruct-FP8)", "fp8", "487,2 GB"),
    # The same names pasted without their owner keep their checkpoint, or the precision their tail names.
    ("Llama-3.1-405B-Instruct-FP8", "Llama 3.1 405B (Llama-3.1-405B-Instruct-FP8)", "fp8", "487,2 GB"),
    ("qwen3-32b-awq", "Qwen3 32B", "int4", None),
    # Qwen3-Coder-30B-A3B keeps Qwen3-30B-A3B's shape but reads 262,144 tokens natively (its model card).
    ("Qwen/Qwen3-Coder-30B-A3B-Instruct", "Qwen3 Coder 30B-A3B", "bf16", None),
    ("qwen3-coder-30b-a3b 200k", "Qwen3 Coder 30B-A3B", "bf16", None),
    ("llama-3.1-8b-instruct-awq 10 users", "Llama 3.1 8B", "int4", None),
    ("mistral-small-3.2-24b-instruct-2506-fp8", "Mistral Small 3.2 24B", "fp8", None),
    ("Meta-Llama-3.1-8B-Instruct-bnb-4bit", "Llama 3.1 8B", "nf4", None),
    # A size written as experts × size ("8x7B") is a size too: the tail had been left unread, AWQ with it.
    ("Mixtral-8x7B-Instruct-v0.1-AWQ", "Mixtral 8x7B", "int4", None),
    ("mixtral-8x22b-instruct-v0.1-fp8", "Mixtral 8x22B", "fp8", None),
    # Gemma 3's quantization-aware release, as LM Studio and the Hub name it: a Q4_0 file.
    ("lmstudio com gemma-3-27b-it-qat", "Gemma 3 27B", "q4_0", None),
    ("gemma-3-27b-it-qat-q4_0-gguf", "Gemma 3 27B", "q4_0", None),
    # "-GGUF" with no file type: Q4_K_M, said ("qwen 7b" and "Instruct-GGUF" unread before).
    ("Qwen2.5-7B-Instruct-GGUF", "Qwen2.5 7B", "q4_k_m", None),
    # Releases of late 2025 customers ask for by name ("v3.1" had been left unread beside DeepSeek V3, and
    # "glm-4.6" and "minimax m2" refused).
    ("deepseek v3.1 fp8", "DeepSeek V3.1 (arquitetura do DeepSeek V3)", "fp8", None),
    ("deepseek-ai/DeepSeek-V3.1-Terminus", "DeepSeek V3.1 (arquitetura do DeepSeek V3)", "fp8", None),
    ("glm-4.6 fp8", "GLM-4.6 (355B-A32B)", "fp8", None),
    ("glm 4.7 fp8", "GLM-4.7 (arquitetura do GLM-4.6 (355B-A32B))", "fp8", None),
    ("MiniMaxAI/MiniMax-M2", "MiniMax-M2 (230B-A10B)", "fp8", "FP8"),
    ("unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit", "Llama 3.1 8B", "nf4", "pelo nome"),
    ("Qwen/Qwen2.5-32B-Instruct-FP8-Dynamic", "Qwen2.5 32B", "fp8", "pelo nome"),
    # Released models that keep a catalogue model's architecture and limits are named as asked, with it.
    ("mistralai/Magistral-Small-2509", "Magistral Small 2509 (arquitetura do Mistral Small 3.2 24B)", "bf16", None),
    ("magistral small 2509 32k", "Magistral Small 2509 (arquitetura do Mistral Small 3.2 24B)", "bf16", None),
    ("devstral small 2507 64k", "Devstral Small 2507", "bf16", None),  # text only: its own entry, no vision encoder
    ("devstral small 64k", "Devstral Small 2 24B", "bf16", None),  # the newest Devstral Small, with vision
    ("Qwen/Qwen2.5-Coder-32B-Instruct-AWQ", "Qwen2.5-Coder 32B (arquitetura do Qwen2.5 32B)", "int4", "pelo nome"),
    ("unsloth/DeepSeek-R1-Distill-Llama-8B-bnb-4bit", "DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B)", "nf4", "pelo nome"),
    ("qwen 235b", "Qwen3 235B-A22B", "bf16", "modelo dessa família"),
    ("qwen 8b", "Qwen3 8B", "bf16", None),
    ("phi 14b", "Phi-4 14B", "bf16", None),
    ("deepseek 70b", "DeepSeek R1 Distill Llama 70B", "bf16", None),
    ("r1 70b", "DeepSeek R1 Distill Llama 70B", "bf16", None),
    ("falcon 180b", "Falcon 180B", "bf16", None),
    # The R1 distills are named as asked (with the architecture they keep, or as entries of their own when
    # their config differs); other fine-tunes name their base architecture last, and the answer says it
    # sized that.
    ("deepseek-ai/DeepSeek-R1-Distill-Llama-8B", "DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B)", "bf16", None),
    ("deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", "DeepSeek R1 Distill Qwen 32B", "bf16", None),
    ("Qwen/QwQ-32B", "QwQ 32B", "bf16", None),
    ("meta-llama/Meta-Llama-3-8B-Instruct", "Llama 3 8B", "bf16", None),
    ("NousResearch/Hermes-3-Llama-3.1-8B 10 usuários", "Hermes 3 8B (arquitetura do Llama 3.1 8B)", "bf16", None),
    # Mistral Large 2.1 (24.11), the same 123B as 2407 in Mistral's own model list: an entry's release.
    ("mistralai/Mistral-Large-Instruct-2411", "Mistral Large 2 (123B)", "bf16", None),
    # Phi-3.5 Mini is an entry of its own (LongRoPE to 131,072 positions): it had been corrected to
    # Phi-4-mini ("phi-3.5-mini-instruct"), whose KV cache is a third of its own.
    ("microsoft/Phi-3.5-mini-instruct", "Phi-3.5 Mini 3.8B", "bf16", None),
    ("Phi-3.5-mini-instruct on T4", "Phi-3.5 Mini 3.8B", "bf16", None),
    ("phi-3-mini-128k 64k", "Phi-3 Mini 128K (arquitetura do Phi-3.5 Mini 3.8B)", "bf16", None),
    # A family the catalogue lacks, its size in the name: sized by that size, said so.
    ("ibm-granite/granite-3.1-8b-instruct", "granite-3.1-8b-instruct (dimensionado como Llama 3.1 8B)", "bf16", "pelo tamanho que o nome diz (8B)"),
    ("ibm-granite/granite-3.1-8b-instruct-AWQ 8k", "granite-3.1-8b-instruct-AWQ (dimensionado como Llama 3.1 8B)", "int4", "pelo tamanho que o nome diz (8B)"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "name", "precision", "said"), CASES, ids=[c[0][:40] for c in CASES])
def test_names_answer_as_their_model_and_precision(text, name, precision, said):
    query = parse(text)
    assert not query.unknown, query.unknown
    result = size(query.workload)
    assert result.workload.model.name == name
    assert result.workload.precision == precision
    if said:
        assert any(said in a for a in result.assumptions), result.assumptions


@pytest.mark.parametrize("text", ["CohereLabs/command-a-vision-07-2025", "google/gemma-ultra-it"])
def test_a_name_that_says_no_size_and_no_known_member_is_not_guessed(text, monkeypatch):
    # Command A Vision's repo names no size, and no member of the family (Command R, R+, Command A) is it.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    with pytest.raises(SizingError) as e:
        size(parse(text).workload)
    assert e.value.key.startswith("repo.unreadable") or e.value.key.startswith("unknown_model")


def test_a_family_never_becomes_another_and_is_never_rounded_down():
    llama = size(parse("llama 20b").workload)
    assert llama.workload.model.name.startswith("Llama 3.1 8B com ")  # named in the reader's language
    assert size(parse("llama 20b en").workload).workload.model.name.startswith("Llama 3.1 8B with ")
    assert llama.workload.model.params >= 20e9
    # A size the family has is that model, however old: "llama 13b" is Llama 2 13B, not a scaled Llama 3.
    assert size(parse("llama 13b").workload).workload.model.name == "Llama 2 13B"
    assert any("sem trocar de família" in a for a in llama.assumptions)
    for bare in ("13b", "75b", "120b-a5b", "33b"):
        assert size(parse(bare).workload).workload.model.params >= 0.97 * float(bare.split("b")[0]) * 1e9


def test_every_catalogue_model_answers_to_its_family_and_size():
    catalog = load_catalog()
    for word, members in catalog.families.items():
        for member in members:
            m = catalog.model(member)
            b = m.params_official_billions
            # "oss" names gpt-oss after "gpt" only: "seed oss 36b" is another family
            typed = f"{'gpt ' if word == 'oss' else ''}{word} {round(b, 1):g}b"
            got = size(parse(typed).workload).workload.model
            # The family's model of that size (another of the same size may come first, newest first).
            same = catalog.model(got.id) if not got.scaled_from else None
            assert (same is not None and member in catalog.families[word]) or same.id in catalog.families[
                word
            ]
            assert same.params_official_billions == pytest.approx(m.params_official_billions, rel=0.1), typed


def test_extended_context_is_accepted_to_the_documented_length_with_a_note():
    result = size(parse("qwen2.5 72b 128k").workload)
    assert result.workload.context_tokens == 131_072
    assert any("YaRN" in a for a in result.assumptions)
    with pytest.raises(Exception, match="131"):
        size(parse("qwen2.5 72b 200k").workload)


def test_llama_2_is_its_own_architecture_not_llama_3():
    # Llama 2 13B: 40 layers of full multi-head attention (40 KV heads of 128), 4,096 positions (its config).
    result = size(parse("llama 2 13b 4k").workload)
    assert result.workload.model.name == "Llama 2 13B"
    assert result.memory.kv_cache == 2 * 40 * 40 * 128 * 2 * 4096
    # "llama 2 70b 32k" had been Llama 3.1 70B at 32k: Llama 2 reads 4,096 tokens at most.
    with pytest.raises(SizingError) as refused:
        size(parse("llama 2 70b 32k").workload)
    assert refused.value.key == "context_beyond_model"


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        # A context past the model's window: the hint names the newest model of its family and size that
        # reads it (Llama 2 70B reads 4,096 tokens, Llama 3.3 70B 131,072; Gemma 2 27B 8,192, Gemma 3 27B
        # 131,072; Phi-3 Mini 4k 4,096, Phi-4-mini 131,072).
        ("llama 2 70b 32k", "Peça até 4.096 tokens, ou use o Llama 3.3 70B, da mesma família e do mesmo tamanho, que vai até 131.072 tokens."),
        ("gemma 2 27b 32k en", "Ask for at most 8,192 tokens, or use Gemma 3 27B, of the same family and size, which reads up to 131,072 tokens."),
        ("phi 3 mini 16k", "use o Phi-4-mini 3.8B"),
        # None of its size reads that much: the general hint.
        ("falcon 40b 8k", "Peça até o limite do modelo ou escolha um modelo com contexto maior."),
        ("qwen2.5 72b 200k", "Peça até o limite do modelo ou escolha um modelo com contexto maior."),
    ],
)  # fmt: skip
def test_a_context_past_the_window_names_a_model_of_the_family_that_reads_it(text, hint):
    workload = parse(text).workload
    with pytest.raises(SizingError) as refused:
        size(workload)
    assert refused.value.key == "context_beyond_model"
    assert hint in refused.value.hint(workload.lang or "pt-BR"), refused.value.hint(workload.lang or "pt-BR")


# -- Maritaca AI's Sabiá ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["sabia 7b para 10 usuários", "Sabiá-7B com 10 usuários", "maritaca-ai/sabia-7b"]
)
def test_sabia_7b_is_its_own_llama_1_shaped_model(text):
    """Sabiá-7B had been sized as whatever 7B the catalogue prefers, with "sabia" not understood."""
    result = size(parse(text).workload)
    assert result.workload.model.id == "sabia-7b"
    assert result.workload.context_tokens == 2048  # LLaMA 1's window
    # LLaMA 1 7B: 32 layers x 32 KV heads x 128 dims x 2 (K and V) x 2 bytes = 0.5 MiB a token.
    assert result.kv_bytes_per_token == 2 * 32 * 32 * 128 * 2


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt-BR", "Licença: o Sabiá-7B segue a licença do LLaMA 1, só para pesquisa"),
        ("pt-PT", "apenas para investigação"),
        ("en", "Licence: Sabiá-7B follows LLaMA 1's licence, for research only"),
    ],
)
def test_a_research_only_licence_is_said_in_every_answer_about_the_model(lang, said):
    result = size(parse(f"sabia 7b {'en' if lang == 'en' else 'pt-pt' if lang == 'pt-PT' else ''}").workload)
    assert any(said in a for a in result.assumptions)


def test_every_licence_a_model_names_is_written_in_every_language():
    from sizing import i18n

    for model in load_catalog().models:
        if model.licence:
            for lang in i18n.languages():
                assert f"licence.{model.licence}" not in i18n.t(lang, f"licence.{model.licence}", model="M")


def test_maritacas_api_models_are_closed_and_the_word_sabia_is_no_model():
    with pytest.raises(SizingError) as e:
        parse("sabiá-3 para 10 usuários")
    assert e.value.key == "query.closed_model"
    q = parse("eu não sabia se o llama 8b cabe numa l4")
    assert q.workload.model == "llama-3.1-8b" and q.unknown == []


def test_a_gguf_file_of_no_type_is_said_to_be_read_as_q4_k_m(capsys):
    from bot.cli import main

    assert main(["llama 3.1 8b gguf"]) == 0
    assert "“GGUF” sem o tipo do arquivo: dimensiono para Q4_K_M" in capsys.readouterr().out
    # A type said with it wins, and nothing is said.
    assert parse("llama 3.1 8b gguf q8_0").workload.precision == "q8_0"
    assert main(["llama 3.1 8b Q5_K_M gguf"]) == 0
    assert "sem o tipo" not in capsys.readouterr().out


def test_the_late_2025_releases_keep_their_windows_and_caches():
    from sizing.workload import Workload

    # GLM-4.6 reads 202,752 tokens (GLM-4.5: 131,072); MiniMax-M2 196,608 with 62 layers x 8 KV heads x 128.
    glm = size(Workload(model="glm-4.6", context=200_000, users=1, precision="fp8"))
    assert glm.workload.model.max_context == 202_752
    with pytest.raises(SizingError):
        size(Workload(model="glm-4.5", context=200_000, users=1, precision="fp8"))
    m2 = size(Workload(model="minimax-m2", context=65_536, users=1))
    assert m2.kv_bytes_per_conversation == 2 * 62 * 8 * 128 * 2 * 65_536
    assert abs(m2.workload.model.params / 230e9 - 1) < 0.01


def test_a_version_and_a_count_are_not_a_minor_version():
    # Names ignore dots: "deepseek-v3 1 users" had been read as DeepSeek V3.1 for 1 user... of nothing.
    w = parse("deepseek-v3 1 users").workload
    assert (w.model, w.users) == ("deepseek-v3", 1)
    assert parse("deepseek v3.1 fp8").workload.model == "deepseek-v3.1"
    assert parse("deepseek v3 0324").workload.model == "deepseek-v3-0324"


def test_kimi_k2_thinking_is_sized_in_its_published_int4():
    # It had been sized as Kimi K2 in FP8: about a terabyte of weights for a ~594 GB checkpoint.
    from sizing.workload import Workload

    thinking = size(parse("kimi k2 thinking para 10 usuarios com 32k").workload)
    k2 = size(Workload(model="kimi-k2", context=32_768, users=10))
    assert thinking.workload.precision == "int4_g32" and thinking.workload.model.max_context == 262_144
    assert 580e9 < thinking.memory.weights < 600e9 < k2.memory.weights
    assert parse("kimi k2 0905").workload.model == "kimi-k2-0905"


@pytest.mark.parametrize(
    ("text", "named", "read"),
    [
        # Each had listed the name under "Não entendi" and said only how the size was sized.
        # (Granite 3.3 is catalogued since: another release of it is no typo of the one catalogued, and stays a
        # family the catalogue lacks. EXAONE 3.5 and InternLM2.5 are said not catalogued: test_model_names_audit.)
        ("granite 3.1 8b para 10 usuários", "granite 3.1 8b", "8B"),
        ("granite-3.1-8b", "granite-3.1-8b", "8B"),
        ("xverse 13b", "xverse 13b", "13B"),
        ("skywork 13b para 10 usuarios", "skywork 13b", "13B"),
        ("aquila2 34b", "aquila2 34b", "34B"),
        # (ERNIE 4.5 VL 28B-A3B is said not catalogued since: test_model_names_audit)
        ("skywork moe 146b a22b", "skywork moe 146b a22b", "146B-A22B"),
        # The article before the name is no part of it ("o nemotron nano 9b" had been the name said).
        ("quanto de memória pra rodar o granite 3.1 8b?", "granite 3.1 8b", "8B"),
        ("the granite 3.1 8b for 5 users", "granite 3.1 8b", "8B"),
    ],
)
def test_a_family_the_catalogue_lacks_named_before_its_size_is_said(text, named, read, tmp_path, monkeypatch):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    query = parse(text)
    assert query.unknown == [] and query.workload.family_typed == named
    said = f"“{named}” é de uma família que não está no catálogo: dimensionei pelo tamanho que o nome diz ({read})"
    result = size(query.workload)
    assert any(a.startswith(said) for a in result.assumptions)
    # Named as asked wherever the answer names its model, with what it was sized as.
    assert result.workload.model.name.startswith(f"{named} (dimensionado como ")
    # Sales sees it among the models asked for that the catalogue lacks (gpu-log gaps).
    log = RequestLog(tmp_path / "log.db")
    Pipeline(log).ask(text, Where("slash_command", user_id="U1"))
    assert [r["missing_model"] for r in log.rows()] == [named]
    log.close()
    # A catalogue model's name, or a bare size, is no such family.
    assert parse("llama 3.1 8b para 10 usuários").workload.family_typed is None
    assert parse("modelo de 7b para 10 usuarios").workload.family_typed is None


@pytest.mark.parametrize(
    ("text", "model", "context", "said"),
    [
        # A release's year and month after the name had been a context of 2,411 tokens, or contradicted "32k".
        ("mistral large 2411 awq 4 usuários 32k", "mistral-large-2", 32_768, None),
        ("mistral small 2501 com 10 usuários 32k", "mistral-small-24b", 32_768, None),
        ("Mistral-Large-Instruct-2411", "mistral-large-2", None, None),
        # A release the catalogue has no entry for is the model of that name, and the answer says so.
        ("qwen3 32b 2507", "qwen3-32b", None, ("qwen3 32b 2507", "Qwen3 32B")),
        ("qwen3-32b-instruct-2507 8k", "qwen3-32b", 8192, ("qwen3-32b 2507", "Qwen3 32B")),
        # The catalogue's own dated releases, and numbers that are no dates, stay as they were.
        ("qwen3-30b-a3b-instruct-2507 16k", "qwen3-30b-a3b-2507", 16_384, None),
        ("llama 3.1 8b 2048", "llama-3.1-8b", 2048, None),
    ],
)
def test_a_release_date_after_a_name_is_that_model_never_a_context(text, model, context, said):
    query = parse(text)
    assert query.workload.model == model and query.workload.context == context
    assert query.unknown == []
    assert query.corrections == ([said] if said else [])


def test_a_count_after_a_name_is_still_a_count():
    assert parse("llama 3.1 8b 2410 usuarios").workload.users == 2410
    assert parse("magistral small 2 gpus").workload.gpus == 2
    # "devstral 2 gpus": two GPUs of a Devstral (asked which), not Devstral 2 with the count dropped
    with pytest.raises(SizingError) as e:
        parse("devstral 2 gpus")
    assert e.value.key == "query.family_model"


@pytest.mark.parametrize("text", ["mixtral 2", "magistral 3 em fp8", "devstral 3 com 10 usuários"])
def test_a_version_the_catalogue_lacks_after_a_name_is_not_sized_as_another(text):
    # "mistral large 3" had been sized as Mistral Large 2 (123B dense; Large 3 is a 675B MoE), the "3"
    # dropped without a word: a version after a name with no number of its own is part of the name.
    with pytest.raises(SizingError) as e:
        size(parse(text).workload)
    assert e.value.key.startswith("unknown_model")


def test_a_family_with_a_size_is_never_a_model_whose_name_runs_the_same_letters():
    # Names ignore spaces: "gemma 31b" had been Gemma 3 1B (the key of "gemma 3 1b"), a 1B for a 31B.
    for text in ("gemma 31b", "gemma 5 31b para 10 usuários"):
        result = size(parse(text).workload)
        assert 30e9 < result.workload.model.params < 33e9, text
    assert parse("gemma 3 1b").workload.model == "gemma-3-1b"
    assert parse("llama 3.2 1b").workload.model == "llama-3.2-1b"


@pytest.mark.parametrize(
    ("text", "sized_as"),
    [
        # a version of a family the catalogue lacks, between the family and the size: the version had been
        # dropped ("llama 5 70b" answered as Llama 3.1 70B) or left as not understood ("qwen 3.7 32b")
        ("gemma 5 31b para 10 usuários", "Gemma 4 31B"),
        ("llama 5 70b", "Llama 3.1 70B"),
        ("qwen 3.7 32b", "Qwen2.5 32B"),
        # glued to its version, as a repo names it (it had been a contradiction, "gemma-4" against "31b")
        ("gemma-5-31b", "Gemma 4 31B"),
    ],
)
def test_a_version_the_catalogue_lacks_is_named_as_asked_and_said(text, sized_as):
    query = parse(text)
    assert query.unknown == []
    result = size(query.workload)
    typed = text.split(" para")[0]
    assert result.workload.model.name == f"{typed} (dimensionado como {sized_as})"
    assert any(f"“{typed}” é uma versão da família que o catálogo não tem" in a for a in result.assumptions)


@pytest.mark.parametrize(
    "text", ["minimax m3", "gemma 5 com 10 usuários", "llama 5", "kimi k3", "deepseek r2"]
)
def test_a_family_version_the_catalogue_lacks_is_said_unknown_with_the_closest_names(text):
    # "gemma 4" had been asked which Gemma (the version dropped), "kimi k2.5" (an entry now) sized as K2, "k2.5"
    # not understood, "minimax m2.5" answered with an example of "/gpu minimax-m2 m2.5".
    with pytest.raises(SizingError) as e:
        size(parse(text).workload)
    assert e.value.key.startswith("unknown_model")
    assert f"“{text.split(' com')[0]}”" in e.value.message("pt-BR")


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # "llama-style" had been one unknown word: the family dropped, "style" not understood, and a 13B of
        # another family (Mistral Nemo) sized
        ("pretrain a 13b llama-style model on 300B tokens", "llama 13b"),
        ("treinar do zero um modelo estilo llama de 13b", "llama 13b"),
        ("a llama-based 8b model", "llama-3.1-8b"),
    ],
)
def test_a_model_in_a_familys_style_is_that_family(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


@pytest.mark.parametrize(
    ("text", "model", "corrected"),
    [
        # a one-digit version after a misspelt name: "gema 4 31b" had been a 31B of no family (Qwen3 32B)
        ("gema 4 31b", "gemma-4-31b", True),
        ("gema 4 26b para 10 usuários", "gemma-4-26b-a4b", True),
        # a version with a decimal comma, as Brazilians write numbers: "qwen 3,5 27b" had been "Qwen3 não tem 27B"
        ("qwen 3,5 27b", "qwen3.5-27b", False),
        ("llama 3,1 8b para 10 usuários", "llama-3.1-8b", False),
    ],
)
def test_versions_as_people_type_them(text, model, corrected):
    query = parse(text)
    assert (query.workload.model, query.unknown, bool(query.corrections)) == (model, [], corrected)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # "phi 4 reasoning plus" had been an unknown model: Phi-4's shape with its context doubled to 32k.
        ("phi 4 reasoning plus com 32k", "phi-4-reasoning-plus"),
        ("microsoft/Phi-4-reasoning", "phi-4-reasoning"),
    ],
)
def test_phi_4_reasoning_reads_32k_tokens_on_phi_4s_shape(text, model):
    from sizing.catalog import load_catalog

    query = parse(text)
    assert query.workload.model == model and not query.unknown
    result = size(query.workload)
    phi4, reasoning = load_catalog().model("phi-4"), load_catalog().model("phi-4-reasoning")
    assert reasoning.params == phi4.params and reasoning.max_context == 2 * phi4.max_context == 32768
    assert result.recommendation is not None


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # A mixture of experts by its total and active sizes: "30b com 3b ativos" had been two contradicting sizes.
        ("um modelo moe de 30b com 3b ativos", "qwen3-30b-a3b"),
        ("a 30B total, 3B active MoE for 10 users", "qwen3-30b-a3b"),
        ("moe 235b (22b ativos) em fp8", "qwen3-235b-a22b"),
        # "mixture of experts" is no model's name ("experts 8x7b" had been a family the catalogue lacks).
        ("mixture of experts 8x7b em 4 bits", "mixtral-8x7b"),
        ("mistral 7b instruct v0.3 gguf q6_k", "mistral-7b-v0.3"),  # "v0.3" had been left over
        # A word between the series and its sizes: "a3b" had been left over, and "30b-a3b" refused as a
        # size Qwen3 lacks (its 3.3B active parameters are more than 5% off the name's 3B).
        ("preciso rodar o qwen3 moe 30b a3b com 50 usuários simultâneos", "qwen3-30b-a3b"),
        ("qwen3 moe 30b-a3b", "qwen3-30b-a3b"),
        ("gpt-oss 120b a5b", "gpt-oss-120b"),
    ],
)
def test_a_model_said_by_its_kind_and_sizes_is_read_whole(text, model):
    query = parse(text)
    assert query.unknown == [], query.unknown
    sized = size(query.workload).workload.model
    assert model in (sized.id, sized.scaled_from), sized.id


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # "Não entendi o pedido" with each word listed. ("ernie 4.5", which had been "Faltou dizer o modelo", is
        # a series asked which size since: test_model_names_audit.)
        ("lumina 2 mini", "lumina 2 mini"),
        ("exaone 4.0", "exaone 4.0"),
    ],
)
def test_a_model_the_catalogue_lacks_said_with_its_version_is_said_unknown_with_how_to_ask(text, name):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key.startswith("unknown_model") and raised.value.params["name"] == name
    assert f"`/gpu {name} 32b`" in raised.value.hint("pt-BR") and "Hugging Face" in raised.value.hint("pt-BR")


@pytest.mark.parametrize("text", ["4bit 32k 10 users", "quantas GPUs para 10 usuários?"])
def test_bare_numbers_still_ask_for_the_model(text):
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.no_model"


@pytest.mark.parametrize("text", ["hunyuan a13b", "tencent/Hunyuan-A13B-Instruct", "hunyuan 80b-a13b"])
def test_hunyuan_a13b_is_its_own_mixture_of_experts(text):
    # It had been "Não conheço o modelo": 64 experts of 3,072 (8 a token) and one shared, GQA with 8 KV heads.
    query = parse(text)
    assert query.unknown == []
    result = size(query.workload)
    model = result.workload.model
    assert model.id == "hunyuan-a13b" and model.scaled_from is None
    assert abs(model.params / 80e9 - 1) < 0.01 and abs(model.active_params / 13e9 - 1) < 0.03
    # KV cache: 2 x 32 layers x 8 heads x 128 x 2 bytes = 128 KiB a token (4,096 tokens by default).
    assert result.memory.kv_cache == 2 * 32 * 8 * 128 * 2 * 4096


def test_a_misspelt_family_before_a_name_read_whole_is_that_name():
    # "deepsek r1" had been refused: "r1" and "deepsek" read as two models.
    query = parse("deepsek r1 pra 10 pessoas")
    assert query.unknown == [] and size(query.workload).workload.model.id == "deepseek-r1"
    assert query.corrections == [("deepsek", "DeepSeek")]


@pytest.mark.parametrize(
    ("text", "gpu"), [("qlora 70b em 2x4090", "rtx-4090"), ("lora llama 8b numa 2x3090", "rtx-3090")]
)
def test_a_count_glued_to_a_geforce_number_is_that_many_cards(text, gpu):
    # "2x4090" had been not understood and the GPUs left out.
    w = parse(text).workload
    assert (w.gpus, w.gpu) == (2, gpu)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # "distil" with one l had been sized as Qwen2.5 32B, and the repo as Mistral 7B.
        ("deepseek r1 distil qwen 32b", "deepseek-r1-distill-qwen-32b"),
        ("deepseek-r1-distil-qwen-7b 10 usuarios", "deepseek-r1-distill-qwen-7b"),
    ],
)
def test_distill_spelt_with_one_l_names_the_distilled_model(text, model):
    query = parse(text)
    assert query.unknown == [] and size(query.workload).workload.model.id == model


@pytest.mark.parametrize(
    ("text", "name", "repo"),
    [
        # Each had been another model sized under its name: GLM-4.5 355B, Phi-4 14B ("Não entendi: multimodal").
        # (Command A, once Command R+ 104B here, and Pixtral Large, once Pixtral 12B, are now catalogued.)
        ("glm-4.5v", "GLM-4.5V (106B-A12B)", "zai-org/GLM-4.5V"),
        ("glm 4.5v numa h200", "GLM-4.5V (106B-A12B)", "zai-org/GLM-4.5V numa h200"),
        ("phi 4 multimodal", "Phi-4-multimodal (5.6B)", "microsoft/Phi-4-multimodal-instruct"),
        (
            "phi-4-multimodal-instruct em 4 bits",
            "Phi-4-multimodal (5.6B)",
            "microsoft/Phi-4-multimodal-instruct em 4 bits",
        ),
        ("hunyuan large", "Hunyuan-Large (389B-A52B)", "tencent/Tencent-Hunyuan-Large"),
    ],
)
def test_a_model_the_catalogue_lacks_by_name_is_said_so_not_another_sized(text, name, repo):
    with pytest.raises(QueryError) as raised:
        parse(text)
    error = raised.value
    assert error.key == "query.uncatalogued"
    assert f"O {name} ainda não está no catálogo" in error.message("pt-BR")
    # The repo to paste (the Hub reader sizes it), in the question as asked, and the catalogue's look-alikes.
    hint = error.hint("pt-BR")
    assert "Cole o repositório" in hint and "No catálogo, parecidos:" in hint
    assert hint.split("`")[1] == f"/gpu {repo}"
    assert f"{name} is not in the catalogue yet" in error.message("en")


def test_llama_4_behemoth_is_said_never_released():
    # It had asked "Qual Llama 4?" with `/gpu llama 4 maverick 17b-128e behemoth` as the example.
    for text in ("llama 4 behemoth", "quantas h200 para o llama 4 behemoth?", "Llama-4-Behemoth fp8"):
        with pytest.raises(QueryError) as raised:
            parse(text)
        assert raised.value.key == "query.unreleased"
        assert "nunca foram publicados" in raised.value.message("pt-BR")
        assert "behemoth" not in raised.value.hint("pt-BR").lower()
        assert "Llama 4 Maverick 17B-128E" in raised.value.hint("pt-BR")


def test_portuguese_after_a_name_the_catalogue_lacks_is_no_name():
    assert parse("vamos rodar o command a partir de amanhã com llama 8b").workload.model == "llama-3.1-8b"


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        # The example had kept the word that named the other model: `/gpu hunyuan-a13b turbo`.
        ("hunyuan turbo", "turbo"),
        # ("qwen3 omni" had asked which Qwen3: Qwen3-Omni is said not catalogued since, test_model_names_audit.)
        ("mistral saba para 10 usuários", "saba"),
        ("command vision", "vision"),
    ],
)
def test_an_example_in_a_refusal_drops_the_word_that_named_another_model(text, dropped):
    with pytest.raises(QueryError) as raised:
        parse(text)
    example = raised.value.message("pt-BR").split("`")[1]
    assert dropped not in example
    assert "usuários" in example or "usuários" not in text


def test_an_uncatalogued_size_of_a_series_offers_the_family_model_of_that_size():
    # `/gpu gemma 4 26b-a4b no celular` had been offered for the phone's E4B.
    with pytest.raises(QueryError) as raised:
        parse("gemma 4 e4b no celular")
    assert "`/gpu gemma 3 4b no celular`" in raised.value.message("pt-BR")


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # The size typed between the name and its release: "2.507 tokens de contexto" on Devstral Small 2.
        ("devstral small 24b 2507 em q4 no mac m3 max 64gb", "devstral-small-2507"),
        ("devstral small 24b 2507", "devstral-small-2507"),
        ("devstral small 24b 2505", "devstral-small-2505"),
        ("magistral small 24b 2507", "magistral-small-2507"),
        # a release the catalogue lists under the name without its date: the model named, no context
        ("magistral small 24b 2509", "magistral-small-2509"),
    ],
)
def test_a_release_date_after_the_size_is_part_of_the_name(text, model):
    workload = parse(text).workload
    assert (workload.model, workload.context) == (model, None)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("qwen3 embedding 8b", "query.encoders"),
        ("qwen3 embedding 0.6b para rag", "query.encoders"),
        ("Qwen3-Embedding-8B", "query.encoders"),
        ("qwen3 reranker 4b", "query.encoders"),
        ("gte-qwen2-7b-instruct", "query.encoders"),
        ("linq-embed-mistral", "query.out_of_scope"),  # not in the encoders' table: refused as what it is
    ],
)
def test_an_llm_familys_embedding_model_is_no_chat_model(text, key):
    # "qwen3 embedding 8b" had been Qwen3 8B's chat model with "fica de fora: embedding".
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == key
    # Beside an LLM it is sized on its GPU, the LLM's model unchanged.
    query = parse("llama 8b e qwen3 embedding 8b para rag")
    assert query.workload.model == "llama-3.1-8b" and query.workload.encoders == ["Qwen/Qwen3-Embedding-8B"]
    assert query.out_of_scope == []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # It had been "O pedido se contradiz: “llama 3.3” e “49b”" ("llama 3.3 nemotron super 49b" was the
        # example; it is a catalogue model now, tests/test_nemotron_nas.py).
        ("llama 3.3 swallow 49b v0.4", "llama 3.3 swallow 49b v0.4"),
        ("Llama 3.3 Swallow 49B para 20 usuários", "Llama 3.3 Swallow 49B"),
    ],
)
def test_a_name_that_holds_another_familys_name_is_the_model_named(text, named):
    query = parse(text)
    assert query.workload.family_typed == named and query.unknown == []
    assert size(query.workload).workload.model.params / 1e9 >= 49
    # A name with its own size and another size still contradict each other.
    with pytest.raises(QueryError) as raised:
        parse("llama 3.1 8b lixo 70b")
    assert raised.value.key == "query.contradiction"


@pytest.mark.parametrize("text", ["mistral 7b vision", "llama 70b vision"])
def test_a_vision_word_said_with_the_text_model_is_not_also_not_understood(capsys, text):
    from tests.gpu_size_run import answer

    out = answer(capsys, text)
    assert "o codificador fica de fora" in out and "Não entendi" not in out


@pytest.mark.parametrize(
    "text",
    [
        "preciso de 1 GPU pra embeddings, sfr-embedding-mistral, uns 5 milhoes de documentos",
        "embeddings com o sfr-embedding-mistral",
    ],
)
def test_an_out_of_scope_refusal_names_the_model_not_its_kinds_word(text):
    # "“embeddings” é um modelo de embeddings" had answered: the kind's word came first in the text. Nor does
    # the kind's word stand for the encoders' default beside a model the table lacks.
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert raised.value.key == "query.out_of_scope" and "sfr-embedding-mistral" in raised.value.params["name"]
