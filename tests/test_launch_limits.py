"""A launch line's --max-num-seqs and --max-model-len are ceilings, not the load: vLLM starts when one sequence of
the max-model-len fits in its KV cache (vllm/v1/core/kv_cache_utils.py, check_enough_kv_cache_memory) and runs
as many as the cache holds, up to max-num-seqs. And an MLA mixture of experts on several GPUs says what attention
in data parallel (--data-parallel-size N --enable-expert-parallel) would hold per GPU."""

import msgspec
import pytest

from sizing import kv_cache
from sizing.engine import size
from sizing.query import parse
from sizing.setups import kv_room
from sizing.workload import Workload


def answer(text: str):
    return size(parse(text).workload)


@pytest.mark.parametrize(
    "text",
    [
        "vllm --max-num-seqs 64 --max-model-len 32768 qwen3 32b cabe em h100?",
        "vllm serve Qwen/Qwen3-32B --max-model-len=32768 --max-num-seqs=64 numa h100",
        "qwen3 32b max_num_seqs=64 max_model_len=32768 cabe numa h100?",
        "does qwen3 32b fit on an h100 with --max-num-seqs 64 --max-model-len 32768?",
        "o qwen3 32b cabe numa h100 com --max-num-seqs 64 e --max-model-len 32k?",
        "sglang --model-path Qwen/Qwen3-32B --max-running-requests 64 --context-length 32768 numa h100",
    ],
)
def test_a_launch_lines_ceiling_is_no_load(text):
    # Had been "1× H100: não cabe; faltam 539,9 GB por GPU", "Para caber em 1× H100: ... Com 12× H100", and
    # 6× H200 recommended for 64 sequences of 32,768 tokens each.
    w = parse(text).workload
    assert w.users == 64 and w.users_limit and w.context == 32768
    r = size(w)
    verdict = r.verdict
    assert verdict.changes == []  # no "to fit" list
    starts = {
        "pt-BR": "o vLLM inicia com --max-model-len 32.768",
        "en": "vLLM starts with --max-model-len 32,768",
    }[r.workload.lang]
    if text.startswith("sglang"):  # SGLang's line gets SGLang's name and flags
        starts = "o SGLang inicia com --context-length 32.768"
    assert starts in verdict.text
    # One full-length sequence at once (vLLM's "Maximum concurrency for 32,768 tokens per request: ~1.2x"),
    # ~25 of a typical 1,500-token request, fewer than the 64 of the ceiling; 2 H100s hold all 64.
    assert verdict.setup.max_full_sequences == 1
    assert 20 <= verdict.setup.max_users < 64
    assert "2× H100" in verdict.text
    assert "faltam" not in verdict.text and "short" not in verdict.text
    # The recommendation: the smallest setup where vLLM starts with 32,768 and holds the 64 at a typical length.
    rec = r.recommendation
    assert rec.count == 1 and rec.gpu == "h200-sxm"
    assert rec.max_users >= 64 and rec.max_full_sequences >= 1
    assert r.workload.max_model_len == 32768 and r.workload.context_tokens == 1500


def test_the_l40s_launch_line_starts_and_serves_its_sixteen():
    # Had been "1× L40S: não cabe; faltam 111,4 GB" with "Com 4× L40S"; recommended 2× H200.
    r = answer("llama 3.1 8b --max-model-len 65536 --max-num-seqs 16 numa l40s")
    text = r.verdict.text
    assert "o vLLM inicia com --max-model-len 65.536" in text
    assert "3 sequências de 65.536 tokens ao mesmo tempo" in text
    assert "as 16 do --max-num-seqs com 1.500 tokens" in text
    assert r.verdict.changes == [] and r.verdict.setup.fits
    assert r.recommendation.gpu == "l40s" and r.recommendation.count == 1


def test_vllm_would_not_start_names_the_longest_max_model_len():
    # Llama 3.1 8B at 16 bits on an L4: ~4 GB left for the KV cache, a 131,072-token sequence needs 17 GB:
    # vLLM stops with "To serve at least one request with the models's max seq len (131072)..." and
    # suggests the estimated maximum model length.
    r = answer("llama 3.1 8b --max-model-len 131072 --max-num-seqs 16 numa l4")
    named = r.verdict.setup
    text = r.verdict.text
    assert "o vLLM não inicia com --max-model-len 131.072" in text
    left = kv_room(plan_of(r), load(), named.usable_bytes_per_gpu, 1, 1)
    assert 0 < left < kv_cache.sequence_bytes(load().model("llama-3.1-8b"), 131072, 2)
    assert "sugere um --max-model-len de até ~" in text
    assert named.max_users == 0 and not named.fits
    # The recommendation holds one whole 131,072-token sequence even though 16 typical ones need less, and the
    # memory breakdown says why its KV cache is that large.
    assert r.recommendation.max_full_sequences >= 1
    assert r.memory.kv_cache >= kv_cache.sequence_bytes(load().model("llama-3.1-8b"), 131072, 2)


def plan_of(r):
    from sizing.plan import make_plan

    return make_plan(
        Workload(model="llama 3.1 8b", context=131072, users=16, users_limit=True, gpu="l4"), load()
    )


def load():
    from sizing.catalog import load_catalog

    return load_catalog()


def test_weights_that_do_not_fit_say_so_before_any_kv_cache():
    r = answer("llama 3.1 70b --max-model-len 131072 --max-num-seqs 8 numa a100 80gb")
    assert "não cabe; faltam" in r.verdict.text and "só para os pesos e as ativações" in r.verdict.text


@pytest.mark.parametrize(
    "text",
    [
        "qwen3 32b 64 usuarios com 32k numa h100",
        "qwen3 32b 32k 64 usuarios --max-num-seqs 64 numa h100",  # users said in words too: the load
        # llama.cpp's slots are allocated up front, sharing -c: 64 conversations of 32,768 / 64 tokens
        "llama-server -m qwen3-32b-q8_0.gguf -c 2097152 -np 64",
    ],
)
def test_users_in_words_are_still_the_load(text):
    w = parse(text).workload
    assert not w.users_limit
    r = size(w)
    assert r.workload.max_model_len is None and r.workload.context_tokens == 32768


def test_a_follow_up_in_words_makes_the_users_the_load_again():
    first = parse("vllm --max-num-seqs 64 --max-model-len 32768 qwen3 32b").workload
    assert first.users_limit
    again = parse("e com 20 usuários?", base=first).workload
    assert again.users == 20 and not again.users_limit
    kept = parse("e numa h200?", base=first).workload
    assert kept.users_limit


def test_a_large_ceiling_is_no_head_count():
    # "--max-num-seqs 1024" had been read as 1,024 people (a head-count, sized by its traffic).
    r = answer("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 1024 --max-model-len 8192")
    assert r.workload.users == 1024 and r.workload.max_model_len == 8192
    assert r.workload.load is None or r.workload.load.basis is None


# -- MLA mixtures of experts on several GPUs: attention in data parallel ---------------------------------------


def test_deepseek_v3_many_users_names_data_parallel_attention():
    # "deepseek v3 para 200 usuarios com 16k": 24 H200s in 3 pipeline stages under tensor parallelism, where vLLM
    # keeps every conversation's latent on every GPU; data-parallel attention keeps each GPU's share only.
    r = answer("deepseek v3 para 200 usuarios com 16k")
    rec = r.recommendation
    assert rec.count == 24
    note = next(n for n in r.notes if "--data-parallel-size" in n)
    assert "--enable-expert-parallel" in note and "--data-parallel-size 24" in note
    # Per GPU both ways: the replicated latent (~77 GB over 3 stages) against 9 of the 200 conversations.
    per_conversation = r.kv_bytes_per_conversation
    assert rec.per_gpu.kv_cache >= 200 * per_conversation / 3
    assert "9 das 200" in note
    # Each GPU holds the attention and dense layers whole and 11 of the 256 routed experts: more weights than
    # its 1/24 under tensor parallelism, less than the whole model.
    assert "11 dos 256" in note
    # The fewest H200s that would hold the load so: one server of 8.
    assert "8× H200 SXM 141 GB comportaria a carga" in note and "--data-parallel-size 8" in note


def test_data_parallel_weights_per_gpu():
    from sizing.advice import _data_parallel_gpu
    from sizing.catalog import load_catalog
    from sizing.plan import make_plan
    from sizing.weights import engine_weight_bytes

    catalog = load_catalog()
    plan = make_plan(Workload(model="deepseek v3", context=16384, users=200), catalog)
    whole = engine_weight_bytes(plan.model, plan.precision, catalog)
    one_rank, _, _, held = _data_parallel_gpu(plan, 1, catalog)
    assert held == 256 and one_rank == whole  # one rank holds everything
    eight, kv, _, held = _data_parallel_gpu(plan, 8, catalog)
    assert held == 32
    # The routed experts are ~97% of DeepSeek V3's weights: 1/8 of them plus the rest, whole.
    assert whole / 8 < eight < whole / 8 + 0.05 * whole
    assert kv == 25 * kv_cache.sequence_bytes(plan.model, 16384, 2)


def test_no_data_parallel_note_on_one_gpu_or_a_dense_model():
    assert not any("--data-parallel-size" in n for n in answer("deepseek v2 lite 4k 10 usuarios").notes)
    assert not any("--data-parallel-size" in n for n in answer("llama 3.1 70b 32k 50 usuarios").notes)


@pytest.mark.parametrize(
    ("text", "lang", "window_said"),
    [
        ("vllm serve Qwen/Qwen3-32B --max-num-seqs 64 cabe em 1 h100?", "pt-BR", "janela do modelo"),
        ("vllm serve Qwen/Qwen3-32B --max-num-seqs=64 cabe numa h100", "pt-BR", "janela do modelo"),
        ("qwen3 32b max_num_seqs=64 numa h100?", "pt-BR", "janela do modelo"),
        ("o qwen3 32b cabe numa h100 com --max-num-seqs 64?", "pt-PT", "janela do modelo"),
        ("does qwen3 32b fit on an h100 with --max-num-seqs 64?", "en", "the model's window"),
    ],
)
def test_a_launch_line_without_max_model_len_starts_with_the_models_own_window(text, lang, window_said):
    # vLLM takes max_position_embeddings (40,960 for Qwen3 32B) when the line has no --max-model-len
    # (vllm/config/model.py, _get_and_verify_max_len). It had been checked at our 4,096-token default: "o vLLM
    # inicia com --max-model-len 4.096", which that vLLM would not. 40,960 needs 10.7 GB of KV cache, and 1 H100
    # keeps 9.9 GB: vLLM stops at start-up and suggests a shorter --max-model-len.
    r = size(msgspec.structs.replace(parse(text).workload, lang=lang))
    assert r.workload.max_model_len == 40960
    verdict = r.verdict.text.replace("\xa0", ".").replace(",", ".")
    assert "--max-model-len 40.960" in verdict
    assert "4.096 " not in verdict
    assert window_said in verdict
    assert r.verdict.setup.max_full_sequences == 0
    said = " ".join(r.assumptions)
    assert "max_position_embeddings" in said
    assert "4.096 tokens" not in said.replace("\xa0", ".").replace(",", ".")
    # 2 H100s (or 1 H200) start at 40,960 and hold the 64 at a typical length.
    assert r.recommendation.max_full_sequences >= 1 and r.recommendation.max_users >= 64


def test_a_launch_line_with_max_model_len_is_checked_at_it_and_no_window_is_said():
    r = answer("vllm serve Qwen/Qwen3-32B --max-num-seqs 64 --max-model-len 8192 cabe em 1 h100?")
    assert r.workload.max_model_len == 8192
    assert "o vLLM inicia com --max-model-len 8.192 (sobram" in r.verdict.text
    assert "janela do modelo" not in r.verdict.text + " ".join(r.assumptions)


SGLANG_LINE = ("python -m sglang.launch_server --model-path Qwen/Qwen3-32B --context-length 32768 "
               "--max-running-requests 64 --mem-fraction-static 0.85 --tp 2")  # fmt: skip
TGI_LINE = ("text-generation-launcher --model-id Qwen/Qwen3-32B --max-total-tokens 32768 --max-input-tokens 30000 "
            "--max-concurrent-requests 128 --num-shard 2")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "lang", "said", "flags"),
    [
        (
            f"{SGLANG_LINE} cabe em h100?",
            "pt-BR",
            "o SGLang inicia com --context-length 32.768",
            ("--max-running-requests", "--context-length"),
        ),
        (
            f"{SGLANG_LINE} cabe numa h100?",
            "pt-PT",
            "o SGLang arranca com --context-length 32\xa0768",
            ("--max-running-requests", "--context-length"),
        ),
        (
            f"does it fit on h100? {SGLANG_LINE}",
            "en",
            "SGLang starts with --context-length 32,768",
            ("--max-running-requests", "--context-length"),
        ),
        (
            f"{TGI_LINE} cabe em h100?",
            "pt-BR",
            "o TGI inicia com --max-total-tokens 32.768",
            ("--max-concurrent-requests", "--max-total-tokens"),
        ),
        (
            f"{TGI_LINE} fits on h100?",
            "en",
            "TGI starts with --max-total-tokens 32,768",
            ("--max-concurrent-requests", "--max-total-tokens"),
        ),
    ],
)
def test_sglang_and_tgi_lines_are_worded_with_their_own_engine_and_flags(text, lang, said, flags):
    # Had been "o vLLM inicia com --max-model-len 32.768 ... as 64 do --max-num-seqs" for both.
    q = parse(text)
    w = msgspec.structs.replace(q.workload, lang=lang)
    assert w.users_limit and w.context == 32768 and w.gpus == 2
    r = size(w)
    assert said in r.verdict.text
    everything = r.verdict.text + " ".join(r.assumptions)
    for flag in flags:
        assert flag in everything
    assert "--max-num-seqs" not in everything and "--max-model-len" not in everything
    assert "o vLLM inicia" not in r.verdict.text and "vLLM starts" not in r.verdict.text


@pytest.mark.parametrize(("line", "engine"), [(SGLANG_LINE.replace(" --mem-fraction-static 0.85", ""), "SGLang"),
                                              (TGI_LINE, "TGI")])  # fmt: skip
def test_the_assumptions_of_an_sglang_or_tgi_line_name_that_engine(line, engine):
    # Had been "KV cache em 16 bits (o padrão do vLLM)", "vLLM configurado para esta carga" and a margin called
    # the inference server's own, under a line for another engine.
    said = " ".join(size(parse(f"{line} cabe em 2 h100?").workload).assumptions)
    assert f"KV cache em 16 bits (o padrão do {engine})" in said
    assert f"{engine} configurado para esta carga" in said and "vLLM configurado" not in said
    assert f"o padrão do vLLM, como referência: o {engine} tem a sua própria fração" in said


@pytest.mark.parametrize(
    ("line", "share", "flag"),
    [(SGLANG_LINE, 0.85, "--mem-fraction-static 0.85"), (f"{TGI_LINE} --cuda-memory-fraction 0.8", 0.8,
                                                          "--cuda-memory-fraction 0.8")],
)  # fmt: skip
def test_sglangs_and_tgis_memory_fractions_are_read_and_named(line, share, flag):
    # Had been left out: the answer planned with vLLM's 90% (and named TGI's flag as --gpu-memory-utilization,
    # which TGI does not have).
    w = parse(f"{line} cabe em h100?").workload
    assert w.memory_utilization == share
    r = size(w)
    assert any(flag in a for a in r.assumptions)
    said = " ".join(size(parse(f"{TGI_LINE} cabe em h100?").workload).assumptions)
    assert "o TGI tem a sua própria fração, --cuda-memory-fraction" in said


def test_where_one_sequence_does_not_fit_sglang_starts_and_caps_while_tgi_stops():
    # SGLang caps each request at what its pool holds (python/sglang/srt/managers/tp_worker.py: max_req_len =
    # min(context_len - 1, max_total_num_tokens - 1)); TGI stops: "Not enough memory to handle
    # `max_total_tokens`" (backends/v3/src/lib.rs); vLLM stops and suggests a shorter --max-model-len.
    sglang = size(parse("python -m sglang.launch_server --model-path Qwen/Qwen3-32B --max-running-requests 64 "
                        "cabe em 1 h100?").workload).verdict.text  # fmt: skip
    assert (
        "O SGLang inicia mesmo assim e limita cada pedido" in sglang
        and "a linha não traz --context-length" in sglang
    )
    tgi = size(parse("text-generation-launcher --model-id Qwen/Qwen3-32B --max-total-tokens 40960 "
                     "--max-concurrent-requests 64 cabe em 1 h100?").workload).verdict.text  # fmt: skip
    assert "o TGI não inicia com --max-total-tokens 40.960" in tgi
    assert "Not enough memory to handle `max_total_tokens=40960`" in tgi


@pytest.mark.parametrize("flag", ["--max-input-tokens", "--max-input-length", "--max_input_tokens"])
def test_tgis_max_input_tokens_is_the_longest_input_a_request_brings(flag):
    # It had been dropped: a fresh prompt was said to be 15,500 tokens, past TGI's ceiling of 8,000.
    line = f"text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct {flag} 8000 --max-total-tokens 16000"
    w = parse(line).workload
    assert w.prompt_limit == 8000 and w.context == 16000
    r = size(w)
    assert r.workload.context_tokens == 16000  # the memory is still sized on --max-total-tokens
    everything = " ".join(r.assumptions)
    assert "O TGI aceita entradas de até 8.000 tokens (--max-input-tokens)" in everything
    assert "a resposta tem até 8.000 tokens dos 16.000 do --max-total-tokens" in everything
    assert "o histórico (7.000 tokens)" in everything  # 8,000 - the 1,000-token new prompt


def test_tgis_input_ceiling_is_said_in_the_answer(capsys):
    from tests.gpu_size_run import answer as cli_answer

    out = cli_answer(capsys, "text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct "
                             "--max-input-tokens 8000 --max-total-tokens 16000 in english")  # fmt: skip
    assert "inputs of up to 8,000 tokens" in out.splitlines()[0]
    assert "A whole new prompt of 8,000 tokens" in out


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --max-input-tokens 16000 "
         "--max-total-tokens 16000", "traffic.prompt_limit_total"),
        ("text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --max-input-tokens 4000 "
         "--max-total-tokens 8000 prompts de 6000 tokens", "traffic.prompt_beyond_limit"),
    ],
)  # fmt: skip
def test_an_input_ceiling_tgi_would_refuse_is_said(text, key):
    from sizing.errors import SizingError

    with pytest.raises(SizingError) as refused:
        size(parse(text).workload)
    assert refused.value.key == key


def test_a_launch_lines_input_ceiling_is_checked_against_its_max_total_tokens():
    # With --max-concurrent-requests the plan sizes typical requests, but TGI's ceiling is under the flag's total.
    r = size(parse(TGI_LINE + " cabe em h100?").workload)
    assert "O TGI aceita entradas de até 30.000 tokens" in " ".join(r.assumptions)


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        # SGLang starts whatever the length, its pool only having to be non-empty (python/sglang/srt/
        # model_executor/model_runner.py: "Not enough memory" when max_total_num_tokens <= 0), and caps each
        # request (python/sglang/srt/managers/tp_worker.py: max_req_len = min(context_len - 1,
        # max_total_num_tokens - 1)); vLLM refuses to start (vllm/v1/core/kv_cache_utils.py).
        (
            "python -m sglang.launch_server --model-path Qwen/Qwen3-32B --max-running-requests 64 "
            "--context-length 32768",
            "o SGLang inicia mesmo quando uma sequência de 32.768 tokens não cabe no KV cache, limitando cada "
            "pedido ao que o cache comporta",
        ),
        (
            "vllm serve Qwen/Qwen3-32B --max-num-seqs 64 --max-model-len 32768",
            "o vLLM inicia se uma sequência de 32.768 tokens cabe no KV cache",
        ),
    ],
)
def test_each_engines_start_rule_is_said_and_the_recommendation_serves_one_full_length_request(line, rule):
    r = answer(line)
    said = " ".join(r.assumptions)
    assert rule in said
    # Either way the recommendation holds one request of the whole length, so that none of them is refused
    # (SGLang) nor the server stopped (vLLM); said so for SGLang, whose own rule would start on less.
    assert r.recommendation.max_full_sequences >= 1
    if "sglang" in line:
        assert "numa configuração onde cabe uma sequência de 32.768 tokens" in said
