"""Speech recognition beside an LLM with audio to keep up with (sizing/advice.py _speech_share): a volume of
audio a period, or live calls at once, is set against Whisper's speed on the LLM's GPU, and its share of the
GPU's time against the LLM's own load there."""

from __future__ import annotations

import re

from sizing import speech
from sizing.catalog import load_catalog
from tests.gpu_size_run import answer, answer_json

WHISPER = "openai/whisper-large-v3@faster-whisper:fp16"


def _share(text: str, key: str) -> int:
    """The whole percent said after a word in the speech-share note ("usa ~13%")."""
    return int(re.search(rf"{key} ~(\d+)%", text).group(1))


def test_a_daily_volume_beside_users_is_read_and_checked_against_the_gpu(capsys):
    text = answer(capsys, "whisper large v3 + llama 3.1 8b para 50 usuários, 200 horas de áudio por dia")
    assert "Não entendi" not in text  # "200 horas de áudio" had been left unread
    note = next(line for line in text.splitlines() if "Fala e LLM" in line)
    assert "200 h de áudio por dia" in note and "com 50 conversas gerando ao mesmo tempo" in note
    # Whisper's share at the LLM's peak hour: that hour carries 15% of the day's 200 h (traffic.toml
    # peak_hour_share), 30 h of audio in an hour, 30x real time, over the recommended GPU's real-time factor
    # (it had been the day's average, 8.3x, added to the LLM's peak)
    gpu = answer_json(capsys, "whisper large v3 + llama 3.1 8b para 50 usuários, 200 horas de áudio por dia")[
        "recommendation"
    ]["gpu"]
    rtf = speech.realtime_factor(speech.by_id(WHISPER), load_catalog().gpu(gpu))
    assert _share(note, "usaria") == round(200 * 0.15 / rtf * 100)
    assert "~30× o tempo real na hora de pico, que leva 15% do áudio de um dia de uso" in note


def test_a_daily_volume_to_summarize_is_a_rate_not_a_batch(capsys):
    text = answer(capsys, "whisper large v3 + llama 3.1 8b, transcrever 200 horas de áudio por dia e resumir")
    assert "tokens a ler por dia" in text
    assert "2.700 textos por dia" in text  # 2.7M tokens a day in 1,000-token texts
    assert "O pico usa" in text  # a peak rate, as a daily volume of requests has
    assert "levam menos de 1 hora" not in text  # the one-off batch's time, "por dia" dropped, is gone
    note = next(line for line in text.splitlines() if "Fala e LLM cabem juntos" in line)
    assert "no pico" in note and "dentro dos 70%" in note


def test_a_monthly_volume_is_spread_over_the_days_of_use(capsys):
    text = answer(
        capsys, "transcrever e resumir 500 horas de áudio por mês com whisper large v3 e llama 3.1 8b"
    )
    assert "tokens a ler por mês" in text
    assert "em 22 dias de uso" in text and "307 textos por dia" in text  # 6.75M / 1,000 / 22


def test_live_calls_beside_the_llm_are_checked_against_whisper_capacity(capsys):
    text = answer(capsys, "llama 3.1 8b + whisper large v3 com 20 ligações simultâneas")
    note = next(line for line in text.splitlines() if line.lstrip(" •").startswith("Fala e LLM"))
    assert "20 ligações ao vivo" in note
    # 20 streams on an L40S (~65x real time): ~31% of its time, with the LLM's 20 conversations past 70%
    assert _share(note, "usaria") == 31 and "acima dos 70%" in note
    assert "Recomendo" in note and "Por quê:" in text


def test_many_calls_recommend_what_serves_both(capsys):
    text = answer(capsys, "llama 3.1 8b + whisper large v3 com 80 ligações simultâneas")
    note = next(line for line in text.splitlines() if "Fala e LLM não cabem" in line)
    assert re.search(r"Recomendo (GPU à parte para a fala: \d+×|\d+× )", note)


def test_a_light_load_fits_both_on_one_gpu_in_english(capsys):
    text = answer(
        capsys, "llama 3.1 8b + whisper large v3, 500 requests per hour, 100 hours of audio per day"
    )
    assert "Not understood" not in text
    note = next(line for line in text.splitlines() if "Speech and LLM fit together" in line)
    assert "100 h of audio a day, ~15× real time at the busiest hour" in note
    assert "at its peak" in note and "within the 70%" in note


def test_english_calls_over_the_ceiling_say_why(capsys):
    text = answer(capsys, "llama 3.1 8b + whisper large v3 with 80 concurrent calls")
    assert "Speech and LLM do not fit together" in text and "I recommend" in text and "Why:" in text


def test_a_one_off_volume_beside_the_llm_gives_its_time(capsys):
    text = answer(capsys, "llama 3.1 8b + whisper large v3, 30 horas de áudio")
    assert "Não entendi" not in text
    assert "30 h de áudio de uma vez: menos de 1 hora em 1× L40S 48 GB" in text


def test_whisper_alone_still_sizes_its_own_gpus(capsys):
    # the count for Whisper alone, reused for the separate GPU beside an LLM, is unchanged
    text = answer(capsys, "whisper large v3, 200 horas de áudio por dia")
    assert "para isso, 1× L40S 48 GB" in text


def test_with_prices_the_cheaper_way_is_recommended_and_its_cost_said(tmp_path, monkeypatch, capsys):
    from tests.data_folders import priced_answers

    prices = {"l40s": "{ on_demand = 5.0 }", "l40": "{ on_demand = 5.0 }", None: "{ on_demand = 40.0 }"}
    ask = next(priced_answers(tmp_path, monkeypatch, capsys, prices))
    text = ask("llama 3.1 8b + whisper large v3 com 80 ligações simultâneas")
    why = next(line for line in text.splitlines() if "Por quê:" in line)
    # at these prices two L40S apart for the calls (~45 each) cost less than the LLM's A100 repeated
    assert "GPU à parte para a fala: 2× L40S 48 GB" in text
    # agreeing (audit6); which costs less, not the amounts, which had reached a shared channel (audit7)
    assert "2× L40S 48 GB custam menos por hora que 1× A100 SXM 80 GB a mais" in why


def test_a_deadline_the_shared_gpu_misses_names_the_gpus_speech_needs_apart(capsys):
    # 10,000 h in 2 days is ~208x real time: past one L40S (~65x), within one H100 (~253x)
    text = answer(capsys, "llama 3.1 8b + whisper large v3, 10000 horas de áudio em 2 dias")
    line = next(line for line in text.splitlines() if "10.000 h de áudio em" in line)
    assert "mais que o prazo" in line and line.endswith("sozinho: 1× H100 SXM 80 GB.")


def test_an_hourly_volume_to_summarize_is_read_at_that_pace_in_english(capsys):
    text = answer(
        capsys, "llama 3.1 8b + whisper large v3, transcribe and summarize 20 hours of audio per hour"
    )
    assert "270,000 tokens to read an hour" in text
    assert "in texts of 1,000 tokens: 4.5 requests/min, at the same pace all hour" in text
    assert "20 h of audio an hour" in text


def test_users_at_once_beside_whisper_are_the_llms_not_calls(capsys):
    text = answer(capsys, "whisper large v3 + llama 3.1 8b para 50 usuários simultâneos")
    assert "Fala e LLM" not in text  # no share note: no audio asked for
