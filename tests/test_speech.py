"""Speech-recognition models (sizing/speech.py, sizing/speech_query.py): Whisper and its kin beside an LLM on its
GPU (a "Fala" line in the breakdown, counted in the total), and alone, with their speed from the published
benchmark and the GPUs a volume of audio or calls at once need."""

from __future__ import annotations

import math

import pytest

from sizing import speech
from sizing.catalog import load_catalog
from sizing.query import QueryError, SpeechAnswer, parse
from sizing.speech_query import Answer
from tests.gpu_size_run import answer, answer_json

GB = 1e9


def _answered(text: str) -> Answer:
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert isinstance(raised.value, SpeechAnswer), raised.value.message()
    return raised.value.answer


# --- the table --------------------------------------------------------------------------------------------


def test_every_alias_names_one_model_and_every_model_cites_its_source():
    seen: dict[str, str] = {}
    for m in speech.table().model:
        assert m.source and m.params > 0 and m.relative_speed > 0
        for alias in (m.id, m.name, *m.aliases):
            key = speech._key(alias)
            assert seen.setdefault(key, m.id) == m.id, (alias, seen[key])
            served, assumed = speech.resolve(alias, alias)
            assert (served.model.id, assumed) == (m.id, False)


def test_a_whisper_models_memory_at_one_window_is_close_to_the_published_measurement():
    # faster-whisper's README: large-v2, beam 5, one window at a time, 4525 MB (FP16) and 2926 MB (INT8) of VRAM.
    for fmt, measured_mb in (("fp16", 4525), ("int8", 2926)):
        served = speech.by_id(f"openai/whisper-large-v2@faster-whisper:{fmt}")
        ours = speech.total(served, batch=1)
        assert abs(ours / (measured_mb * 2**20) - 1) < 0.1, (fmt, ours)


def test_the_batched_count_is_an_upper_bound_of_the_published_measurement():
    served = speech.by_id("openai/whisper-large-v2@faster-whisper:fp16")
    assert speech.total(served) > 6090 * 2**20  # the README's batch_size=8 run


def test_int8_halves_the_weights_and_turbos_four_decoder_layers_shrink_its_cache():
    large = speech.by_id("openai/whisper-large-v3@faster-whisper:fp16")
    int8 = speech.by_id("openai/whisper-large-v3@faster-whisper:int8")
    turbo = speech.by_id("openai/whisper-large-v3-turbo@faster-whisper:fp16")
    assert speech.weights(int8) * 2 == speech.weights(large)
    assert speech.kv_cache(turbo) * 8 == speech.kv_cache(large)  # 4 decoder layers against 32


def test_speed_is_the_benchmark_scaled_by_bandwidth_and_relative_speed():
    catalog = load_catalog()
    h100, l40s = catalog.gpu("h100-sxm"), catalog.gpu("l40s")
    large = speech.by_id("openai/whisper-large-v3@faster-whisper:fp16")
    distil = speech.by_id("distil-whisper/distil-large-v3@faster-whisper:fp16")
    assert speech.realtime_factor(large, l40s) == pytest.approx(780 / 17 * 864 / 608)
    assert speech.realtime_factor(large, h100) / speech.realtime_factor(large, l40s) == pytest.approx(
        3350 / 864
    )
    assert speech.realtime_factor(distil, l40s) == pytest.approx(6.3 * speech.realtime_factor(large, l40s))


@pytest.mark.parametrize("typed", ["xtts v2", "bark", "tts"])
def test_a_speech_model_that_does_not_transcribe_is_still_refused(typed):
    assert speech.resolve(typed, typed) is None
    with pytest.raises(QueryError) as raised:
        parse(f"{typed} numa l40s")
    assert not isinstance(raised.value, SpeechAnswer)


# --- beside an LLM ----------------------------------------------------------------------------------------


def test_whisper_beside_an_llm_is_a_line_of_the_breakdown_and_counted_in_the_total(capsys):
    alone = answer_json(capsys, "llama 3.1 8b")
    both = answer_json(capsys, "preciso de uma máquina pra rodar whisper large v3 + llama 3.1 8b")
    served = speech.by_id("openai/whisper-large-v3@faster-whisper:fp16")
    heard = both["workload"]["encoders"][0]
    assert heard["kind"] == "speech" and heard["name"] == "Whisper large-v3"
    assert heard["weights"] + heard["buffer"] + heard["kv_cache"] + heard["overhead"] == speech.total(served)
    grew = both["recommendation"]["per_gpu"]["total"] - alone["recommendation"]["per_gpu"]["total"]
    assert grew == pytest.approx(speech.total(served), rel=0.02)
    text = answer(capsys, "preciso de uma máquina pra rodar whisper large v3 + llama 3.1 8b")
    assert "Fala ...." in text and "fica de fora da conta" not in text
    assert "Llama 3.1 8B + Whisper large-v3" in text


def test_a_format_said_after_the_speech_model_is_its_own_not_the_llms(capsys):
    got = answer_json(capsys, "faster-whisper int8 + qwen3 8b numa l40s")
    heard = got["workload"]["encoders"][0]
    assert heard["format"] == "int8" and heard["assumed"]  # no size said: large-v3, said as assumed
    assert got["workload"]["precision"] in ("bf16", "fp16")
    text = answer(capsys, "faster-whisper int8 + qwen3 8b numa l40s")
    assert "usei o Whisper large-v3" in text


def test_a_volume_of_audio_beside_a_named_whisper_is_transcribed_on_the_gpu_not_left_out(capsys):
    text = answer(
        capsys, "transcrever e resumir 500 horas de áudio por mês com whisper large v3 e llama 3.1 8b"
    )
    assert "O Whisper large-v3 transcreve o áudio na mesma GPU" in text
    assert "fica de fora da conta" not in text.lower()
    # without a speech model named, the transcribing stays apart, as before
    text = answer(capsys, "transcrever e resumir 500 horas de áudio por mês com llama 3.1 8b")
    assert "fica de fora da conta" in text and "Fala ...." not in text


# --- alone ------------------------------------------------------------------------------------------------


def test_a_daily_volume_gets_the_gpus_that_keep_up_with_it():
    got = _answered("whisper large v3 quantas gpus para transcrever 500 horas de áudio por dia?")
    assert got.load.audio_hours == 500 and got.load.period_s == 86400
    rtf = speech.realtime_factor(got.served, got.gpu)
    text = got.message()
    # sized at the busiest hour, which carries traffic.toml's peak_hour_share of the day (as beside an LLM)
    share = load_catalog().traffic.daily.peak_hour_share
    # held to the plan's ceiling at that hour, as an LLM's peak is (audit7: it had been sized to 92% of the GPUs)
    ceiling = load_catalog().traffic.capacity.plan_utilization
    assert f"{math.ceil(500 * share / (rtf * ceiling))}× L40S 48 GB" in text
    assert "a hora de pico leva 15% do áudio de um dia de uso" in text
    assert "o plano admite até 70%" in text
    assert "README do faster-whisper" in text and "largura de banda" in text
    bigger = _answered("whisper large v3 para 5000 horas de áudio por dia")
    assert f"{math.ceil(5000 * share / (rtf * ceiling))}× L40S 48 GB" in bigger.message()
    assert math.ceil(5000 * share / rtf) > math.ceil(5000 / 24 / rtf)  # the day's average had been sized


def test_a_daily_volume_said_to_run_in_a_batch_is_sized_on_its_average():
    got = _answered("whisper large v3 para 5000 horas de áudio por dia, processadas em lote")
    rtf = speech.realtime_factor(got.served, got.gpu)
    text = got.message()
    assert f"{math.ceil(5000 / 24 / rtf)}× L40S 48 GB" in text
    assert "em média" in text and "hora de pico" not in text


def test_calls_at_once_are_planned_with_headroom_and_the_streaming_caveat():
    got = _answered("whisper para 200 ligações simultâneas")
    assert got.assumed and got.load.streams == 200
    per_gpu = speech.streams_per_gpu(got.served, got.gpu)
    text = got.message()
    assert f"acompanha ~{per_gpu} ao mesmo tempo" in text
    assert f"então {math.ceil(200 / per_gpu)}× L40S 48 GB" in text
    assert "não transcreve em fluxo contínuo" in text


def test_a_deadline_spreads_the_volume_over_it_in_english():
    got = _answered("how many GPUs for whisper large-v3-turbo to transcribe 10,000 hours of audio in 3 days?")
    assert got.load.deadline and got.load.period_s == 3 * 86400 and got.load.audio_hours == 10000
    text = got.message("en")
    assert "Whisper large-v3-turbo is ~8.0× faster than large" in text
    assert "read turbo's and distil's as optimistic" in text


def test_a_named_gpu_is_the_one_sized_and_its_bandwidth_sets_the_speed():
    l40s = _answered("faster-whisper int8 numa l40s")
    h100 = _answered("faster-whisper int8 numa h100")
    assert h100.gpu.id == "h100-sxm" and h100.served.format == "int8"
    assert "H100 SXM 80 GB citada" in h100.message()
    assert speech.realtime_factor(h100.served, h100.gpu) > speech.realtime_factor(l40s.served, l40s.gpu)


def test_openai_whisper_is_one_window_at_a_time_and_slower(capsys):
    got = _answered("openai whisper medium para 300 horas de áudio por mês")
    assert got.served.runtime.id == "openai-whisper" and got.served.batch == 1
    assert "uma janela de 30 s por vez com beam 5" in got.message()
    fast = speech.by_id("openai/whisper-medium@faster-whisper:fp16")
    assert speech.realtime_factor(got.served, got.gpu) < speech.realtime_factor(fast, got.gpu)


def test_the_alone_answer_reads_in_portugal_and_asks_for_a_load_when_none_is_said(capsys):
    got = _answered("whisper large v3 numa l40s")
    assert "diga o volume ou a concorrência" in got.message("pt-BR")
    assert "indique o volume ou a concorrência" in got.message("pt-PT")
    text = answer(capsys, "whisper large v3 numa l40s")
    assert "Whisper large-v3" in text and "9,7 GB" in text


def test_a_load_names_the_count_on_every_gpu_we_rent_and_json_carries_the_figures(capsys):
    got = _answered("whisper large v3 quantas gpus para transcrever 5000 horas de áudio por dia?")
    catalog = load_catalog()
    h100 = catalog.gpu("h100-sxm")
    assert got.gpus_needed(h100) < got.gpus_needed(got.gpu)  # more bandwidth, fewer GPUs
    assert f"{got.gpus_needed(h100)}× H100 SXM 80 GB" in got.message()
    data = answer_json(capsys, "whisper large v3 quantas gpus para transcrever 5000 horas de áudio por dia?")
    figures = data["answer"]["data"]
    assert figures["model"] == "openai/whisper-large-v3" and figures["gpus_for_volume"] == got.gpus_needed(
        got.gpu
    )
    assert figures["total_bytes"] == speech.total(got.served) and figures["fits"]


def test_beside_an_llm_the_notes_give_its_speed_on_the_gpu_it_shares(capsys):
    text = answer(capsys, "whisper large v3 + llama 3.1 8b para 20 ligações simultâneas")
    rtf = speech.realtime_factor(speech.by_id(speech.table().defaults.model + "@faster-whisper:fp16"),
                                 load_catalog().gpu("l40s"))  # fmt: skip
    assert f"Whisper large-v3 nesta L40S 48 GB: ~{round(rtf)}× o tempo real" in text
    assert "o tempo de um atrasa o outro" in text


def test_beside_an_llm_the_speech_models_format_is_its_own_words_only():
    text = "whisper large v3 fp16 + llama 3.1 70b int8"
    served, _ = speech.resolve("whisper large v3 fp16", text, alone=False)
    assert served.format == "fp16"
    served, _ = speech.resolve("whisper large v3", "whisper large v3 + llama 3.1 70b int8", alone=False)
    assert served.format == "fp16"  # the LLM's int8
    served, _ = speech.resolve("whisper large v3", "whisper large v3 int8 numa l40s", alone=True)
    assert served.format == "int8" and served.runtime.id == "faster-whisper"
