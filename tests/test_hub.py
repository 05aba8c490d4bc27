"""Models read from the Hugging Face Hub: the library talks to a loopback fake Hub (tests/hub_fake.py) that
serves config.json, quantization configs and safetensors headers of ten real repos (tests/hub_fixtures)."""

from __future__ import annotations

import io
import socket
import threading
import time
from concurrent.futures import Future
from types import SimpleNamespace

import pytest

from bot import catalogcli
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where
from hub.reader import Outcome
from hub.service import Hub
from sizing import kv_cache
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.workload import Workload
from tests.hub_fake import TOKEN, FakeHub
from tests.hub_fixtures import checkpoints as ck
from tests.hub_fixtures.repos import FALCON_H1, JAMBA_V01, REPOS
from tests.slack_harness import text_of

# What each checkpoint must add up to, and where the figure is published.
PUBLISHED = {
    # 13,015,864,320 parameters (model card: 13B) x 2 bytes of FP16, as the repo's index total_size.
    "meta-llama/Llama-2-13b-chat-hf": {"bytes": (26_031_728_640, 0), "params": (13.0e9, 0.01)},
    # Llama 3 paper section 6.2: FP8 only in the MLPs of layers 1-124; ~487 GB (a uniform FP8 count is ~410).
    "meta-llama/Llama-3.1-405B-Instruct-FP8": {"bytes": (487_229_261_264, 0), "params": (405.85e9, 0.001)},
    # Download size of the repo 41,607,438,677 bytes, less ~11.6 MB of tokenizer and config files.
    "Qwen/Qwen2.5-72B-Instruct-AWQ": {"bytes": (41_595_864_666, 0.0001), "params": (72.7e9, 0.01)},
    "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4": {"bytes": (41.62e9, 0.001), "params": (72.7e9, 0.01)},
    # The Hub lists model.safetensors at 7.26 GB.
    "TheBloke/Llama-2-13B-chat-GPTQ": {"bytes": (7.26e9, 0.002), "params": (13.0e9, 0.01)},
    # The Hub lists model.safetensors at 5.7 GB.
    "unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit": {"bytes": (5.70e9, 0.005), "params": (8.03e9, 0.001)},
    # The Hub lists 13.8 GB; the model card 20.91B parameters.
    "openai/gpt-oss-20b": {"bytes": (13.8e9, 0.005), "params": (20.91e9, 0.001)},
    # Qwen3-Coder-Next (the same architecture) publishes 79,674,391,296 parameters for the main model.
    # In BF16, less the 36 layers' A_log (32 values) and gated norm (128) that are stored in F32.
    "Qwen/Qwen3-Coder-Next": {
        "bytes": (2 * 79_674_391_296 + 36 * 160 * 2, 0),
        "params": (79_674_391_296, 0),
    },
    # 671B main model (README_WEIGHTS.md); the MTP layer (+14B, 685B on the Hub) is not loaded for serving.
    "deepseek-ai/DeepSeek-V3.1": {"bytes": (673.15e9, 0.001), "params": (671_026_419_200, 0)},
    # The Hub lists 8.29B parameters, BF16: the language model (7.62B) and a 0.68B vision tower.
    "Qwen/Qwen2.5-VL-7B-Instruct": {"bytes": (2 * 8.29e9, 0.001), "params": (8.29e9, 0.001)},
    # Nemotron Nano 2 (arXiv:2508.14444) and its model card: 8.89B, BF16 (A_log and D in F32).
    "nvidia/NVIDIA-Nemotron-Nano-9B-v2-Base": {"bytes": (2 * 8.89e9, 0.001), "params": (8.89e9, 0.001)},
    # The Granite 4.0 H card: 32B total (32.2B counted); Micro's 3B counts 3.19B (models.toml's entries).
    "unsloth/granite-4.0-h-small": {"bytes": (2 * 32.2e9, 0.001), "params": (32.2e9, 0.001)},
    "unsloth/granite-4.0-h-micro": {"bytes": (2 * 3.19e9, 0.001), "params": (3.19e9, 0.001)},
    # The ERNIE 4.5 card's "21B total": 21,825,437,888 by transformers' shapes, BF16 but the 27 routers and
    # correction biases (64 x 2,561 each) in F32; the MTP block (model.mtp_block.0, 0.81B) is not loaded.
    "baidu/ERNIE-4.5-21B-A3B-PT": {
        "bytes": (2 * 21_825_437_888 + 2 * 27 * 64 * 2561, 0),
        "params": (21_825_437_888, 0),
    },
}


@pytest.fixture(scope="module")
def fake_hub():
    with FakeHub() as fake:
        yield fake


@pytest.fixture
def env(fake_hub, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_ENDPOINT", fake_hub.url)
    monkeypatch.setenv("HF_TOKEN", TOKEN)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    fake_hub.delay = 0.0
    return tmp_path


def make_hub(tmp_path, **kw) -> Hub:
    kw.setdefault("cache_dir", tmp_path / "hub-cache")
    return Hub(budget_s=kw.pop("budget_s", 30), **kw)


@pytest.mark.parametrize("repo", list(PUBLISHED))
def test_each_repo_adds_up_to_its_published_size(env, repo):
    outcome = make_hub(env).read_now(repo)
    assert outcome.problem is None, outcome
    model = outcome.model
    want_bytes, tol = PUBLISHED[repo]["bytes"]
    assert model.release.weight_bytes == pytest.approx(want_bytes, rel=tol)
    want_params, ptol = PUBLISHED[repo]["params"]
    counted = round(model.params_official_billions * 1e9)
    assert counted == pytest.approx(want_params, rel=ptol)
    # The architecture read from config.json accounts for what the headers hold.
    assert model.params == pytest.approx(counted, rel=0.001)


def test_quantized_checkpoints_are_sized_at_their_own_bytes_not_a_uniform_precision(env, catalog):
    hub = make_hub(env)
    fp8 = hub.read_now("meta-llama/Llama-3.1-405B-Instruct-FP8").model
    assert fp8.release.precision == "fp8"
    uniform = size(Workload(model="llama 3.1 405b", precision="fp8")).memory.weights
    read = size(
        Workload(model="meta-llama/Llama-3.1-405B-Instruct-FP8"), catalog, _source(hub, fp8.release.repo)
    )
    # BF16-kept attention and first/last layers: about a fifth more than a uniform FP8 count.
    assert read.memory.weights == 487_229_261_264
    assert read.memory.weights / uniform == pytest.approx(1.19, abs=0.02)
    precisions = {r: hub.read_now(r).model.release.precision for r in (
        "Qwen/Qwen2.5-72B-Instruct-AWQ", "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4", "TheBloke/Llama-2-13B-chat-GPTQ",
        "unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit", "openai/gpt-oss-20b", "deepseek-ai/DeepSeek-V3.1")}  # fmt: skip
    assert precisions == {
        "Qwen/Qwen2.5-72B-Instruct-AWQ": "int4", "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4": "int4",
        "TheBloke/Llama-2-13B-chat-GPTQ": "int4", "unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit": "nf4",
        "openai/gpt-oss-20b": "mxfp4", "deepseek-ai/DeepSeek-V3.1": "fp8",
    }  # fmt: skip


def test_kv_cache_and_linear_state_per_token_follow_each_architecture(env):
    hub = make_hub(env)
    per_token = {
        # 2 (K and V) x 40 layers x 40 heads x 128 x 2 bytes: Llama 2 has no GQA.
        "meta-llama/Llama-2-13b-chat-hf": 819_200,
        # MLA: (512 latent + 64 rotary) x 2 bytes x 61 layers.
        "deepseek-ai/DeepSeek-V3.1": 70_272,
        # Only the 12 full-attention layers keep KV: 2 x 2 KV heads x 256 x 2 bytes each.
        "Qwen/Qwen3-Coder-Next": 24_576,
        # 2 x 28 layers x 4 KV heads x 128 x 2 bytes.
        "Qwen/Qwen2.5-VL-7B-Instruct": 57_344,
        # The same for ERNIE 4.5 21B-A3B: 28 layers of 4 KV heads of 128 (its MTP block keeps none).
        "baidu/ERNIE-4.5-21B-A3B-PT": 57_344,
    }
    for repo, want in per_token.items():
        assert kv_cache.bytes_per_token(hub.read_now(repo).model, 2) == want, repo
    nxt = hub.read_now("Qwen/Qwen3-Coder-Next").model
    assert (nxt.linear_layers, nxt.attention_layers) == (36, 12)
    # 36 Gated DeltaNet layers x (3 x 8192 conv inputs + 32 heads x 128 x 128) x 2 bytes, whatever the length.
    assert kv_cache.state_bytes(nxt) == 36 * (3 * 8192 + 32 * 128 * 128) * 2
    assert kv_cache.sequence_bytes(nxt, 1, 2) == 24_576 + 39_518_208
    ernie = hub.read_now("baidu/ERNIE-4.5-21B-A3B-PT").model
    assert ernie.moe is not None and (ernie.moe.first_dense_layers, ernie.moe.shared_experts) == (1, 2)
    assert "807,577,664 parameters of draft (MTP) layers not loaded" in ernie.release.source
    oss = hub.read_now("openai/gpt-oss-20b").model
    assert (oss.layer_pattern, oss.window) == ("LG", 128)


def _source(hub, repo):
    return hub.source_for(repo, load_catalog())


def _pipeline(tmp_path, hub) -> Pipeline:
    return Pipeline(RequestLog(tmp_path / "log.db"), hub=hub)


def test_an_answer_from_the_hub_says_where_it_came_from(env):
    pipeline = _pipeline(env, make_hub(env))
    reply = pipeline.ask("https://huggingface.co/Qwen/Qwen3-Coder-Next 32k 10 usuários", Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    text = reply.text_answer
    assert "Qwen3-Coder-Next" in text
    assert "arquivos do próprio repositório" in text
    assert "Gated DeltaNet" in text
    assert reply.result.workload.model.weights_exact
    assert reply.result.memory.weights == 2 * 79_674_391_296 + 36 * 160 * 2


def test_a_repo_offered_as_the_other_model_is_read_from_the_hub_for_the_comparison(env):
    reply = _pipeline(env, make_hub(env)).ask(
        "qwen 32b ou Qwen/Qwen3-Coder-Next, 32k 10 usuários", Where("console")
    )
    assert reply.outcome == "answered", reply.text_answer
    assert reply.result.workload.model.id == "qwen2.5-32b"  # the first is answered in full
    first, other = reply.comparison.models
    assert other.model_id != first.model_id and "Qwen3-Coder-Next" in other.model
    # Its column counts the checkpoint's own bytes, as an answer about it alone does.
    assert other.recommendation.per_gpu.weights * other.recommendation.tensor_parallel >= 2 * 79_674_391_296
    block = reply.text_answer.split("\n\n")[1]
    assert "arquitetura e pesos lidos dos arquivos do próprio repositório no Hugging Face" in block
    # The same GPUs, laid out differently: copies side by side for one, one copy over both for the other.
    assert "Em resumo: os dois cabem em 2× H200 SXM 141 GB;" in block


def test_a_gated_repo_without_a_token_says_what_is_missing_and_still_answers(env, monkeypatch):
    monkeypatch.delenv("HF_TOKEN")
    reply = _pipeline(env, make_hub(env)).ask("meta-llama/Llama-2-13b-chat-hf", Where("console"))
    assert reply.outcome == "answered"
    assert "HF_TOKEN" in reply.text_answer
    # Sized by its name within the family, never as another family.
    assert reply.result.workload.model.name.startswith("Llama")
    monkeypatch.setenv("HF_TOKEN", TOKEN)
    with_token = _pipeline(env, make_hub(env, cache_dir=env / "other")).ask(
        "meta-llama/Llama-2-13b-chat-hf", Where("console")
    )
    assert with_token.result.memory.weights == 26_031_728_640


def test_compressed_tensors_packed_int4_counts_eight_weights_per_word(env):
    # Llama 3.1 8B has 8,030,261,248 parameters (../shared/reference/models.json); the W4A16 checkpoint
    # stores its linear layers as int32 words of eight 4-bit weights, with BF16 group scales.
    repo = "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16"
    model = _source(make_hub(env), repo).model
    assert model.params == 8_030_261_248
    assert model.params_official_billions * 1e9 == pytest.approx(8_030_261_248, rel=1e-9)  # from the headers
    assert model.release.precision == "int4"
    assert model.release.weight_bytes == ck.total_bytes(REPOS[repo]["tensors"]())
    assert 5.3e9 < model.release.weight_bytes < 5.8e9  # ~4.2 bits per weight, embeddings and head at 16-bit


def test_a_repo_with_only_pytorch_bin_files_is_sized_from_its_config(env):
    # lmsys/vicuna-13b-v1.5 ships .bin shards only: its config.json (Llama 2 13B) still gives the model.
    reply = _pipeline(env, make_hub(env)).ask(
        "https://huggingface.co/lmsys/vicuna-13b-v1.5 4 usuários", Where("console")
    )
    assert reply.outcome == "answered", reply.text_answer
    model = reply.result.workload.model
    assert model.name == "vicuna-13b-v1.5" and model.params == 13_015_864_320
    assert not model.weights_exact
    assert reply.result.memory.weights == 2 * 13_015_864_320  # FP16, as config.json declares
    assert "não tem arquivos safetensors (só .bin)" in reply.text_answer


def test_a_repo_without_config_json_is_sized_by_its_name_and_not_called_missing(env):
    reply = _pipeline(env, make_hub(env)).ask("bartowski/gemma-2-2b-it-GGUF:Q4_K_M 8k", Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    assert "não tem config.json no Hugging Face" in reply.text_answer
    assert "não foi encontrado" not in reply.text_answer
    assert reply.result.workload.precision == "q4_k_m"
    assert reply.result.workload.model.name.startswith("Gemma")


def test_a_slow_hub_costs_the_answer_no_more_than_its_budget_and_the_read_goes_on(env, fake_hub):
    hub = make_hub(env, budget_s=0.3)
    pipeline = _pipeline(env, hub)
    fake_hub.delay = 1.0
    started = time.monotonic()
    first = pipeline.ask("Qwen/Qwen2.5-VL-7B-Instruct", Where("console"))
    assert time.monotonic() - started < 1.0
    assert first.outcome == "answered"
    assert "não respondeu a tempo" in first.text_answer
    # By its name, the catalogue's entry (vision encoder included; it had been the text-only Qwen2.5 7B).
    assert first.result.workload.model.name == "Qwen2.5-VL 7B"
    fake_hub.delay = 0.0
    deadline = time.monotonic() + 30
    while hub.cache.get("Qwen/Qwen2.5-VL-7B-Instruct") is None and time.monotonic() < deadline:
        time.sleep(0.05)
    second = pipeline.ask("Qwen/Qwen2.5-VL-7B-Instruct", Where("console"))
    assert "arquivos do próprio repositório" in second.text_answer
    assert "codificador de visão" in second.text_answer


def test_a_hub_that_is_down_falls_back_to_the_name_in_one_line(env, monkeypatch):
    # A port held by this test and not listening: every connection is refused.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{closed.getsockname()[1]}")
        started = time.monotonic()
        hub = make_hub(env, timeout_s=2, budget_s=3)
        reply = _pipeline(env, hub).ask("unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit", Where("console"))
        assert time.monotonic() - started < 5
    assert reply.outcome == "answered"
    assert "Sem acesso ao Hugging Face" in reply.text_answer or "não respondeu a tempo" in reply.text_answer
    assert reply.result.workload.precision == "nf4"
    assert reply.result.workload.model.name == "Llama 3.1 8B"


def test_a_read_that_is_over_before_it_is_watched_does_not_hang_the_answer(env):
    # A refused connection can fail before the service registers what to do when the read ends: that
    # registration then runs at once, in the asking thread, and once took a lock that thread held.
    hub = make_hub(env)
    over = Future()
    over.set_result(Outcome(problem="offline"))
    hub._pool = SimpleNamespace(submit=lambda *args: over)
    asked = threading.Thread(target=hub._start, args=("someone/some-model",), daemon=True)
    asked.start()
    asked.join(5)
    assert not asked.is_alive() and hub._inflight == {}


def test_what_was_read_is_cached_on_disk_and_the_switch_turns_the_hub_off(env, fake_hub):
    repo = "TheBloke/Llama-2-13B-chat-GPTQ"
    make_hub(env).read_now(repo)
    asked = fake_hub.count(repo)
    again = make_hub(env)  # a new process: only the disk remains
    assert again.source_for(repo, load_catalog()).model.release.weight_bytes == 7_255_009_280
    assert fake_hub.count(repo) == asked
    expired = make_hub(env, cache_days=1e-9)
    expired.read_now(repo)
    assert fake_hub.count(repo) > asked
    off = make_hub(env, enabled=False)
    before = len(fake_hub.requests)
    reply = _pipeline(env, off).ask("Qwen/Qwen3-Coder-Next", Where("console"))
    assert len(fake_hub.requests) == before
    assert "desligada" in reply.text_answer
    # Catalogue models never go to the Hub.
    assert make_hub(env).source_for("Qwen/Qwen2.5-72B-Instruct-AWQ", load_catalog()) is None


def test_catalog_add_writes_a_reviewed_entry_that_answers_offline(env, monkeypatch):
    data = env / "data"
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    out, err = io.StringIO(), io.StringIO()
    code = catalogcli.main(["Qwen/Qwen3-Coder-Next", "--yes"], hub=make_hub(env), out=out, err=err)
    assert code == 0, err.getvalue()
    assert "parameters from the architecture above: 79,674,391,296 (+0.00%)" in out.getvalue()
    load_catalog.cache_clear()
    try:
        catalog = load_catalog(data)
        entry = catalog.model("qwen3-coder-next")
        assert (
            entry.linear_attention is not None
            and entry.releases[0].weight_bytes == 2 * 79_674_391_296 + 36 * 160 * 2
        )
        offline = size(Workload(model="Qwen/Qwen3-Coder-Next"), catalog)
        assert offline.workload.model.weights_exact
        # Written twice is refused, and the file stays valid.
        assert catalogcli.main(["Qwen/Qwen3-Coder-Next", "--yes"], hub=make_hub(env), out=out,
                               err=err) == 1  # fmt: skip
    finally:
        load_catalog.cache_clear()


def test_catalog_add_needs_the_data_folder(env, monkeypatch):
    monkeypatch.delenv("GPU_SIZER_DATA", raising=False)
    err = io.StringIO()
    assert catalogcli.main(["Qwen/Qwen3-Coder-Next", "--yes"], hub=make_hub(env), err=err) == 1
    assert "GPU_SIZER_DATA" in err.getvalue()


@pytest.mark.parametrize(
    ("config", "why"),
    [
        # Jamba's experts where the engine's (layers (i + 1) % period == 0) cannot be.
        ({**JAMBA_V01, "expert_layer_offset": 0}, "a Jamba layer layout the engine cannot hold"),
        # Zamba2's shared blocks are read (tests/test_hub_hybrids4.py); a layer kind its list does not define is not.
        ({**FALCON_H1, "model_type": "zamba2", "layers_block_type": ["mamba", "moe"]}, "moe"),
        ({**JAMBA_V01, "model_type": "some_hybrid"}, r"Mamba/SSM layers \(some_hybrid\)"),
        # Nemotron-H whose dense and expert MLP layers the engine cannot tell apart, or with latent experts.
        (
            {
                **REPOS["nvidia/NVIDIA-Nemotron-Nano-9B-v2-Base"]["config"],
                "hybrid_override_pattern": "M-M*E" * 4,
                "num_hidden_layers": 20,
            },
            r"both dense MLP \(-\) and expert \(E\) layers",
        ),
        (
            {**REPOS["nvidia/NVIDIA-Nemotron-Nano-9B-v2-Base"]["config"], "moe_latent_size": 1024},
            "latent expert",
        ),
    ],
)
def test_state_layers_the_engine_does_not_model_are_refused_and_say_which(config, why):
    # Counted as attention layers, 28 Mamba layers would get a KV cache they do not have (8x Jamba's).
    from hub.describe import Unsupported, architecture

    with pytest.raises(Unsupported, match=why):
        architecture(config)


@pytest.mark.parametrize(
    ("repo", "catalog_id"),
    [
        ("nvidia/NVIDIA-Nemotron-Nano-9B-v2-Base", "nemotron-nano-9b-v2"),
        ("unsloth/granite-4.0-h-small", "granite-4.0-h-small"),
        ("unsloth/granite-4.0-h-micro", "granite-4.0-h-micro"),
    ],
)
def test_a_mamba2_hybrid_read_from_the_hub_is_sized_as_its_catalogue_entry(env, catalog, repo, catalog_id):
    # These had been refused ("Mamba/SSM layers") and sized by their name alone.
    hub = make_hub(env)
    read, entry = hub.read_now(repo).model, catalog.model(catalog_id)
    assert read.params == entry.params == round(read.params_official_billions * 1e9)
    assert (read.layer_pattern, read.mamba, read.moe) == (entry.layer_pattern, entry.mamba, entry.moe)
    # The same fixed state per conversation (Nemotron-H's SSM state in FP32, Granite's in BF16), on one GPU and
    # split over two, and the same KV cache per token in the few attention layers.
    for tp in (1, 2):
        assert kv_cache.state_bytes(read, tp) == kv_cache.state_bytes(entry, tp) > 0
        assert kv_cache.bytes_per_token(read, 2, tp) == kv_cache.bytes_per_token(entry, 2, tp)
    from_hub = size(Workload(model=repo, context=32_768, users=10), catalog, _source(hub, repo))
    from_catalogue = size(Workload(model=catalog_id, context=32_768, users=10), catalog)
    assert from_hub.kv_bytes_per_conversation == from_catalogue.kv_bytes_per_conversation
    assert from_hub.workload.model.weights_exact
    # What is cached on disk reads back the same (a new process).
    again = make_hub(env).source_for(repo, load_catalog()).model
    assert (again.mamba, again.layer_pattern) == (entry.mamba, entry.layer_pattern)


@pytest.mark.parametrize(
    ("question", "note"),
    [
        (
            "https://huggingface.co/nvidia/NVIDIA-Nemotron-Nano-9B-v2-Base 32k 10 usuários",
            "27 das 56 camadas são Mamba-2 (espaço de estados)",
        ),
        ("unsloth/granite-4.0-h-small for 20 users at 32k", "36 of the 40 layers are Mamba-2"),
        ("unsloth/granite-4.0-h-micro para 5 utilizadores", "36 das 40 camadas são Mamba-2"),
    ],
)
def test_an_answer_about_a_hybrid_from_the_hub_says_where_it_came_from_and_what_its_layers_keep(
    env, question, note
):
    reply = _pipeline(env, make_hub(env)).ask(question, Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert "Não sei ler" not in said and "I cannot read" not in said
    assert any(
        w in said for w in ("arquivos do próprio repositório", "repo's own files", "ficheiros do próprio")
    )
    assert note in said


def test_a_nemotron_h_with_expert_layers_counts_its_published_parameters():
    # nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 config.json, as public code copies it (transformers 4.55.4):
    # 23 Mamba-2, 23 expert (E) and 6 attention layers. Its model card: 31.6B parameters, 3.6B active with the
    # embeddings.
    import msgspec

    from hub.describe import architecture
    from sizing.catalog import ModelEntry

    config = {
        "architectures": ["NemotronHForCausalLM"], "model_type": "nemotron_h", "hidden_size": 2688,
        "hybrid_override_pattern": "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME", "intermediate_size": 1856,
        "num_hidden_layers": 52, "num_attention_heads": 32, "num_key_value_heads": 2, "head_dim": 128,
        "mamba_num_heads": 64, "mamba_head_dim": 64, "ssm_state_size": 128, "n_groups": 8, "conv_kernel": 4,
        "use_conv_bias": True, "mamba_proj_bias": False, "mamba_ssm_cache_dtype": "float32",
        "n_routed_experts": 128, "n_shared_experts": 1, "num_experts_per_tok": 6, "moe_intermediate_size": 1856,
        "moe_shared_expert_intermediate_size": 3712, "max_position_embeddings": 262144, "vocab_size": 131072,
        "tie_word_embeddings": False, "torch_dtype": "bfloat16",
    }  # fmt: skip
    a = architecture(config)
    model = msgspec.convert(
        {"id": "x", "name": "x", "hf_repos": [], "params_official_billions": 31.6, "params_official_text": "",
         "source": "", **a}, ModelEntry, strict=False,
    )  # fmt: skip
    assert (model.mamba_layers, model.moe_layers, model.attention_layers) == (23, 23, 6)
    assert model.params == pytest.approx(31.6e9, rel=0.002)
    assert model.active_params == pytest.approx(3.6e9, rel=0.01)
    # Written with layers_block_type and without num_hidden_layers, as newer transformers saves it: the same.
    names = {"M": "mamba", "E": "moe", "*": "attention", "-": "mlp"}
    listed = {k: v for k, v in config.items() if k not in ("hybrid_override_pattern", "num_hidden_layers")}
    listed["layers_block_type"] = [names[x] for x in config["hybrid_override_pattern"]]
    assert architecture(listed) == a


# deepseek-ai/DeepSeek-V4-Flash config.json, its attention keys (a copy of the published file; the research notes
# cite it): one KV head of 512, no kv_lora_rank, and a compression ratio per layer.
DEEPSEEK_V4_FLASH = {
    "architectures": ["DeepseekV4ForCausalLM"], "model_type": "deepseek_v4", "hidden_size": 4096,
    "num_hidden_layers": 43, "num_attention_heads": 64, "num_key_value_heads": 1, "head_dim": 512,
    "qk_rope_head_dim": 64, "q_lora_rank": 1024, "o_lora_rank": 1024, "o_groups": 8, "sliding_window": 128,
    "compress_ratios": [0, 0] + [4, 128] * 20 + [4, 0], "vocab_size": 129280, "n_routed_experts": 256,
    "num_experts_per_tok": 6, "n_shared_experts": 1, "moe_intermediate_size": 2048,
    "max_position_embeddings": 1048576, "tie_word_embeddings": False,
}  # fmt: skip


def test_deepseek_v4s_compressed_attention_is_not_sized_as_plain_mqa():
    # Read as one full KV head of 512 in every layer, its cache would be 88 KB a token instead of about 4 KB.
    from hub.describe import Unsupported, architecture

    with pytest.raises(Unsupported, match="DeepSeek V4"):
        architecture(DEEPSEEK_V4_FLASH)


# google/gemma-3-27b-it config.json (text_config) as published before transformers wrote layer_types, and
# google/gemma-2-9b-it's: the windowed layers are in the pattern, not in a list.
GEMMA3_27B_TEXT = {
    "model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504, "num_hidden_layers": 62,
    "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128, "vocab_size": 262208,
    "max_position_embeddings": 131072, "sliding_window": 1024, "sliding_window_pattern": 6,
}  # fmt: skip
GEMMA2_9B = {
    "model_type": "gemma2", "hidden_size": 3584, "intermediate_size": 14336, "num_hidden_layers": 42,
    "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 256, "vocab_size": 256000,
    "max_position_embeddings": 8192, "sliding_window": 4096,
}  # fmt: skip


@pytest.mark.parametrize(
    ("config", "catalog_id"),
    [({"model_type": "gemma3", "text_config": GEMMA3_27B_TEXT}, "gemma-3-27b"), (GEMMA2_9B, "gemma-2-9b")],
)
def test_windowed_layers_without_layer_types_keep_their_window(config, catalog_id, catalog):
    from hub.describe import architecture

    a = architecture(config)
    model = catalog.model(catalog_id)
    assert (a["layer_pattern"], a["window"]) == (model.layer_pattern, model.window)


def test_a_family_stand_in_does_not_refuse_a_context_the_asked_model_may_take(monkeypatch):
    # The Hub off: Gradient's Llama-3-8B-Instruct-Gradient-1048k (its card: 1,048k tokens) is sized as Llama 3
    # 8B, the base its name gives (8k window; it had been Llama 3.1 8B, the family's newest 8B); its 256k are
    # sized, and the answer says the real limit was not read, rather than refusing with the stand-in's 8k.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    from sizing.engine import size
    from sizing.workload import Workload

    result = size(Workload(model="gradientai/Llama-3-8B-Instruct-Gradient-1048k", context=262144, users=1))
    assert result.workload.context_tokens == 262144 and result.recommendation is not None
    assert any("não foi lido" in a and "Llama 3 8B" in a and "8.192 tokens" in a for a in result.assumptions)


def test_a_dual_chunk_attention_config_reads_the_trained_and_the_extended_context(catalog):
    # A fine-tune of Qwen2.5-7B-Instruct-1M read from the Hub: its config.json as the base's (public copy:
    # 1,010,000 positions, dual_chunk_attention_config trained to 262,144) sizes like the catalogue's entry.
    from hub.describe import architecture

    config = {
        "architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_size": 3584,
        "intermediate_size": 18944, "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
        "vocab_size": 152064, "max_position_embeddings": 1010000, "tie_word_embeddings": False,
        "dual_chunk_attention_config": {"chunk_size": 262144, "local_size": 8192, "original_max_position_embeddings": 262144},
    }  # fmt: skip
    a = architecture(config)
    entry = catalog.model("qwen2.5-7b-1m")
    assert (
        a["max_context"],
        a["extended_context"],
        a["extended_context_kind"],
        a["extended_context_prefill"],
    ) == (
        entry.max_context,
        entry.extended_context,
        entry.extended_context_kind,
        entry.extended_context_prefill,
    )


def test_a_granite_moe_with_a_shared_mlp_counts_it_beside_the_experts(env):
    # GraniteMoeShared's shared_mlp (shared_intermediate_size) runs beside the 32 experts in each of the 24
    # layers: 24 x 3 x 1,024 x 1,024 parameters more than Granite 3.0 1B-A400M, which has none.
    hub = make_hub(env)
    plain = hub.read_now("ibm-granite/granite-3.0-1b-a400m-base").model
    shared = hub.read_now("test-fixtures/granite-3.0-1b-a400m-shared").model
    for model in (plain, shared):  # the architecture accounts for every tensor the headers hold
        assert model.params == round(model.params_official_billions * 1e9)
    assert shared.moe.shared_intermediate_size == 1024 and shared.moe.shared_experts == 1
    assert shared.params - plain.params == 24 * 3 * 1024 * 1024
    reply = _pipeline(env, hub).ask(
        "test-fixtures/granite-3.0-1b-a400m-shared 4k 4 usuários", Where("console")
    )
    assert reply.outcome == "answered", reply.text_answer
    assert reply.result.workload.model.params == shared.params


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        (
            "meituan-longcat/LongCat-Flash-Chat para 4 usuarios",
            "os dois MLPs de cada camada do LongCat",
            "layers",
        ),
        (
            "meituan-longcat/LongCat-Flash-Chat para 4 utilizadores",
            "os dois MLP de cada camada do LongCat",
            "layers",
        ),
        (
            "meituan-longcat/LongCat-Flash-Chat for 4 users",
            "LongCat-Flash's two attention blocks",
            "camadas",
        ),
    ],
)
def test_why_the_hub_reader_refused_a_repo_is_said_in_the_answers_language(env, question, said, not_said):
    # LongCat-Flash is a model the catalogue knows it lacks: refused with the reader's reason, no stand-in (Kimi
    # Linear, refused here before, is read now: tests/test_hub_hybrids4.py).
    reply = _pipeline(env, make_hub(env)).ask(question, Where("console"))
    said_text = text_of(reply.message.blocks)
    assert reply.outcome != "answered", said_text
    assert said in said_text
    assert not_said not in said_text
