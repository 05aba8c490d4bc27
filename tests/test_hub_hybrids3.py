"""The last hybrids the Hub reader refuses, and names that mislead (2026-12-07).

A family the catalogue lacks is sized by its size only when a transformer of that size is the same kind of model:
a name that says it is recurrent, state-space or hybrid ("recurrentgemma 9b", "xlstm 7b") or a mixture of experts
("jetmoe 8b") had been sized as a dense transformer of its size under its own name ("recurrentgemma 9b
(dimensionado como Gemma 2 9B)"). A family whose repos the Hub reader refuses (Zamba2, Kimi Linear, MiniMax-01,
RWKV, LFM2, T5...) had been answered "paste its repo and I read the architecture", a promise the reader then broke.
"""

from __future__ import annotations

import pytest

from hub.describe import Unsupported, architecture
from sizing import i18n, kv_cache
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import QueryError, parse
from sizing.workload import Workload
from tests import test_hub, test_hub_hybrids2
from tests.gpu_size_run import refusal, understood_lines
from tests.hub_fixtures import checkpoints as ck
from tests.hub_fixtures.repos import MINIMAX_M1_80K
from tests.slack_harness import text_of

# The loopback Hub and its environment, as test_hub.py sets them up.
fake_hub, env = test_hub.fake_hub, test_hub.env
MINIMAX = "MiniMaxAI/MiniMax-M1-80k"


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # names read by their names, as without the network


# -- a name that says its kind -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "typed"),
    [
        # (RecurrentGemma, Griffin's, is now a family the catalogue names, and read: tests/test_hub_hybrids4.py)
        ("quanta memória para o recurrent-llama 2b com 10 usuários?", "recurrent-llama 2b"),
        ("xlstm-7b", "xlstm-7b"),  # had been Mistral 7B v0.3
        ("stripedhyena 7b para 20 usuários", "stripedhyena 7b"),
        ("samba 3.8b", "samba 3.8b"),  # had been Qwen3 4B
        ("griffin 7b", "griffin 7b"),
        ("retnet 3b", "retnet 3b"),
        ("ling linear 16b", "ling linear 16b"),  # had been Qwen2.5 14B with 53 layers
        ("rene 1.3b", "rene 1.3b"),
        ("lfm 40b numa h100", "lfm 40b"),
        ("hawk 7b", "hawk 7b"),  # Griffin's recurrent-only sibling
    ],
)
def test_a_recurrent_or_state_space_name_is_never_sized_as_a_transformer(capsys, question, typed):
    with pytest.raises(QueryError) as raised:
        parse(question)
    assert raised.value.key == "query.unknown_kind_recurrent"
    said = refusal(capsys, question)
    assert f"O {typed} não está no catálogo, e não dimensiono outro modelo no lugar dele" in said
    assert "recorrente, de espaço de estados ou híbrido" in said
    assert "dimensionado como" not in said
    # the hybrids the catalogue has, offered as commands that size them
    assert "`/gpu granite 4.0 h small`" in said


@pytest.mark.parametrize(
    ("question", "typed"),
    [
        ("jetmoe 8b", "jetmoe 8b"),
        ("foobar moe 30b para 5 usuários", "foobar moe 30b"),
        ("foo-moe 16b", "foo-moe 16b"),
        # a catalogue family's word with "moe" and a dense size: had been DeepSeek R1 Distill Qwen 14B, Qwen2.5 14B
        # and Llama 3.1 8B, the "moe" read as filler
        ("deepseek moe 16b", "deepseek moe 16b"),
        ("qwen moe 14b para 10 usuários", "qwen moe 14b"),
        ("llama 8b moe", "llama 8b moe"),
    ],
)
def test_a_mixture_of_experts_by_name_with_a_dense_size_is_not_sized_as_a_dense_model(
    capsys, question, typed
):
    # "jetmoe 8b" had been Llama 3.1 8B, "foobar moe 30b" Qwen3 32B
    said = refusal(capsys, question)
    assert f"O {typed} não está no catálogo" in said and "mistura de especialistas (MoE)" in said
    assert "`30b-a3b`" in said and "dimensionado como" not in said


def test_a_mixture_of_experts_the_catalogue_has_is_still_sized_when_moe_is_said(capsys):
    # Mixtral 8x7B is 46.7B in all; Qwen3 30B-A3B written with its active size
    assert understood_lines(capsys, "mixtral moe 47b")[0] == "Entendi: Mixtral 8x7B"
    assert understood_lines(capsys, "qwen3 moe 30b a3b")[0] == "Entendi: Qwen3 30B-A3B"
    assert understood_lines(capsys, "o que é moe? llama 8b para 10 usuários")[0].startswith(
        "Entendi: Llama 3.1 8B"
    )


def test_the_refusal_is_in_the_question_s_language(capsys):
    said = refusal(capsys, "how much gpu for xlstm 7b with 10 users?")
    assert said.startswith("gpu-size: xlstm 7b is not in the catalogue, and I do not size another model")
    assert "recurrent, state-space or hybrid" in said


@pytest.mark.parametrize(
    ("question", "stand_in"),
    [
        # a mixture of experts' own shape typed with it: an MoE of that shape stands in, as before
        ("foobar moe 30b-a3b", "Qwen3 30B-A3B"),
        ("foobar 30b a3b", "Qwen3 30B-A3B"),
        # a name that says no kind is still sized by its size, and says so
        ("foobar 8b", "Llama 3.1 8B"),
    ],
)
def test_names_of_the_same_kind_as_their_stand_in_are_still_sized(capsys, question, stand_in):
    lines = understood_lines(capsys, question)
    assert f"(dimensionado como {stand_in})" in lines[0]


def test_a_refused_family_s_size_typed_after_it_is_its_own_not_another_model(capsys):
    # "mamba 7b" had been Mistral 7B v0.3 "for the other model of the question": the 7B is Mamba's, which no
    # known repo has, so the refusal asks for its repo and names the ones known
    said = refusal(capsys, "mamba 7b para 10 usuários")
    assert "O Mamba (state-spaces) (130M-2.8B) ainda não está no catálogo" in said
    assert "Cole o repositório do “mamba 7b” no Hugging Face" in said
    assert "`state-spaces/mamba-2.8b-hf`" in said and "Mistral" not in said
    # a size one of its repos has still picks that repo
    said = refusal(capsys, "mamba 1.4b")
    assert "`/gpu state-spaces/mamba-1.4b-hf`" in said


# -- no promise of a reading the reader refuses ---------------------------------------------------------------------


REFUSED = [
    # (asked by name, the family, a config.json's keys as its repo writes them)
    # (RecurrentGemma and Kimi Linear are read now: tests/test_hub_hybrids4.py)
    ("rwkv 7b", "RWKV", {"model_type": "rwkv6", "attention_hidden_size": 4096}),
    ("hymba 1.5b", "Hymba 1.5B", {"model_type": "hymba", "num_memory_tokens": 128}),
    ("flan-t5-xl", "T5 / Flan-T5", {"model_type": "t5", "d_model": 2048, "is_encoder_decoder": True}),
    ("lfm2 8b a1b", "LFM2", {"model_type": "lfm2_moe"}),
]
_SHAPE = {"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 11008,
          "vocab_size": 32000, "max_position_embeddings": 4096}  # fmt: skip


@pytest.mark.parametrize(("question", "name", "config"), REFUSED)
def test_a_family_whose_repo_the_reader_refuses_is_not_offered_to_paste(capsys, question, name, config):
    entry = next(u for u in load_catalog().uncatalogued if u.name == name)
    # the reason the catalogue says is the one the reader gives for the family's config.json
    with pytest.raises(Unsupported) as refused:
        architecture({**_SHAPE, **config})
    assert refused.value.reason == entry.hub_refuses
    said = refusal(capsys, question)
    assert f"O {name} ({entry.size}) ainda não está no catálogo" in said
    assert "Cole o repositório" not in said and "eu leio a arquitetura" not in said
    assert "Colar o repositório dele também não adianta ainda" in said
    assert i18n.t("pt-BR", f"hub_unsupported.{entry.hub_refuses}") in said


def test_hymba_by_name_names_its_side_by_side_heads_in_english_too(capsys):
    # (Zamba2, pinned here before, is read now: tests/test_hub_hybrids4.py)
    said = refusal(capsys, "how many GPUs for hymba 1.5b for 10 users")
    assert (
        "Pasting its repo does not help yet either" in said
        and "Hymba's attention heads and Mamba heads" in said
    )
    assert "/gpu nvidia/Hymba-1.5B-Instruct" not in said


def test_every_reader_refusal_the_catalogue_names_is_worded_in_every_language():
    for entry in load_catalog().uncatalogued:
        if entry.hub_refuses:
            assert entry.repo, entry.name  # the refusal is of its repos' files
            for lang in ("pt-BR", "pt-PT", "en"):
                text = i18n.t(lang, f"hub_unsupported.{entry.hub_refuses}")
                assert text and not text.startswith("hub_unsupported"), (entry.name, lang)


def test_an_encoder_decoder_is_refused_for_what_it_is_not_for_a_missing_key():
    # BART writes d_model and no is_encoder_decoder of its own in some configs: its model_type says it
    with pytest.raises(Unsupported) as refused:
        architecture({"model_type": "bart", "d_model": 1024, "encoder_layers": 12, "vocab_size": 50265})
    assert refused.value.reason == "encoder_decoder"
    assert "encoder-decoder" in str(refused.value)


# -- repos offered are real ones -------------------------------------------------------------------------------------


def test_a_confirmed_family_names_the_repos_it_checked():
    confirmed = [u for u in load_catalog().uncatalogued if u.repos_confirmed]
    assert len(confirmed) >= 15
    for entry in confirmed:
        names = [r.rsplit("/", 1)[-1].lower() for r in (entry.repo, *entry.repos) if r]
        assert any(n in entry.repos_confirmed.lower() for n in names), entry.name
        assert "checked 2026-" in entry.repos_confirmed, entry.name


# -- MiniMax-01's lightning attention, read from the Hub ---------------------------------------------------------------


# A question through the whole pipeline with the loopback Hub, as the Mamba-2 hybrids' tests ask it.
_ask = test_hub_hybrids2._ask


def lightning_state(tp: int, heads: int, head_dim: int) -> int:
    """vLLM linear_attention_state_shape's bytes, (heads / tp, head_dim, head_dim) in the BF16 model dtype
    (linear_attention_state_dtype), written out apart from the engine's code."""
    return 2 * (heads // tp) * head_dim * head_dim


def test_minimax_m1_counts_the_cards_456b_from_its_headers(env):
    model = test_hub.make_hub(env).read_now(MINIMAX).model
    # the headers and the shape agree exactly; the card says 456B
    assert model.params == ck.total_bytes(ck.minimax_01(MINIMAX_M1_80K)) // 2
    assert model.params == pytest.approx(456e9, rel=0.001)
    assert model.release.weight_bytes == 2 * model.params
    # a softmax layer after every seven lightning ones: 70 of 80 keep a state, 10 a KV cache
    assert (model.linear_layers, model.attention_layers) == (70, 10)
    assert [i for i in range(model.num_layers) if not model.is_linear(i)] == list(range(7, 80, 8))
    # the card's 45.9B activated leave out the embedding table and the head (2 x 200,064 x 6,144)
    tables = 2 * 200_064 * 6144
    assert model.active_params - tables == pytest.approx(45.9e9, abs=0.06e9)


def test_minimax_m1_keeps_ten_layers_of_kv_and_seventy_states_of_64_heads(env):
    model = test_hub.make_hub(env).read_now(MINIMAX).model
    # 10 softmax layers x 2 x 8 KV heads x 128 x 2 bytes a token
    assert kv_cache.bytes_per_token(model, 2) == 10 * 2 * 8 * 128 * 2 == 40_960
    for tp in (1, 2, 4, 8):
        assert kv_cache.state_bytes(model, tp) == 70 * lightning_state(tp, 64, 128)
    assert kv_cache.state_bytes(model) == 146_800_640  # 140 MiB a conversation, whatever its length


def test_a_customer_asking_about_minimax_m1_gets_its_memory_with_the_state(env):
    reply = _ask(env, f"quanta memória para o {MINIMAX} com 32k de contexto e 10 usuários?")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert "70 das 80 camadas usam lightning attention" in said and "só 10 camadas guardam KV cache" in said
    assert "Não sei ler" not in said and "Gated DeltaNet" not in said
    hub = test_hub.make_hub(env)
    result = size(Workload(model=MINIMAX, context=32768, users=10), load_catalog(),
                  hub.source_for(MINIMAX, load_catalog()))  # fmt: skip
    assert result.kv_bytes_per_conversation == 32768 * 40_960 + 70 * lightning_state(1, 64, 128)
    assert result.memory.kv_cache == 10 * result.kv_bytes_per_conversation


def test_naming_minimax_m1_offers_its_repo_which_is_then_read(env):
    # By name the catalogue has no MiniMax-M1: the ask-back names its repo, and asking with it gets the answer
    # read from the repo's files (the reader had refused MiniMax-01's lightning attention).
    reply = _ask(env, "quanto de GPU para o minimax m1 80k com 20 usuários")
    said = text_of(reply.message.blocks)
    assert reply.outcome != "answered" and f"`/gpu quanto de GPU para o {MINIMAX} com 20 usuários`" in said
    assert _ask(env, f"quanto de GPU para o {MINIMAX} com 20 usuários").outcome == "answered"


def test_minimax_text_01s_transformers_layout_is_read_the_same(env):
    # transformers' MiniMaxConfig (MiniMax-Text-01-hf) writes layer_types where the remote code wrote attn_type_list
    spelled = {k: v for k, v in MINIMAX_M1_80K.items() if k != "attn_type_list"}
    types = ["full_attention" if t else "linear_attention" for t in MINIMAX_M1_80K["attn_type_list"]]
    hf = architecture({**spelled, "model_type": "minimax", "layer_types": types})
    assert hf == architecture(MINIMAX_M1_80K)
    assert hf["linear_attention"]["variant"] == "lightning" and hf["layer_pattern"] == "RRRRRRRG"
    # a layer kind attn_type_list does not define is refused, not guessed
    with pytest.raises(Unsupported) as refused:
        architecture({**MINIMAX_M1_80K, "attn_type_list": [0, 2] * 40})
    assert refused.value.reason == "layer_types"
