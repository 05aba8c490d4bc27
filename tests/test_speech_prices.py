"""A speech model asked alone (Whisper) says what its GPUs cost where prices are configured, to the people who
may see prices, as a language model's answer does: a month in each contract mode, and an hour of audio. Audit
round 5 found it silent on prices even when asked "quanto custa por mês?"."""

from __future__ import annotations

from .gpu_size_run import answer, answer_json
from .slack_harness import text_of

MONEY = ("Preço", "Price", "R$", "BRL")


def test_calls_at_once_are_priced_for_the_gpus_they_need(capsys, priced_two_modes):
    text = answer(capsys, "whisper large-v3 com 50 chamadas simultâneas, quanto custa por mês?")
    # 50 live calls need 2 L40S (the streams line): their price, each mode, by the hour and the month
    assert "então 2× L40S 48 GB" in text
    assert (
        "Preço de 2× L40S 48 GB: sob demanda R$ 20,00 por hora, R$ 14.600 por mês; reservada R$ 15,00" in text
    )
    assert "Por hora de áudio, com a GPU sempre ocupada: ~R$ 0,15 (sob demanda, a ~65× o tempo real)" in text


def test_a_monthly_volume_divides_the_month_by_its_audio(capsys, priced_two_modes):
    text = answer(capsys, "whisper large v3 para transcrever 1000 horas de áudio por mês")
    # one L40S reserved for the offering's 730-hour month, R$ 5.475, over 1,000 hours of audio
    assert "R$ 5.475 por mês" in text and "Por hora de áudio: ~R$ 5,47 (reservada:" in text
    english = answer(capsys, "whisper large v3, 200 hours of audio per day")
    # a day is 24 hours of the reserved GPU's R$ 7,50 over 200 hours of audio
    assert "Per hour of audio: ~BRL 0.90 (reserved:" in english


def test_a_one_off_volume_pays_the_hours_the_gpus_work(capsys, priced_two_modes):
    text = answer(capsys, "whisper large v3 para 300 horas de áudio")
    # ~65x real time: 300 h of audio take ~4.6 GPU-hours at R$ 10 on demand
    assert "As 300 h de áudio: ~R$ 46,01 (sob demanda" in text
    data = answer_json(capsys, "whisper large v3 para 300 horas de áudio")["answer"]["data"]
    assert data["price_per_gpu_hour"] == {"on_demand": 10.0, "reserved": 7.5} and data["gpus_priced"] == 1


def test_no_prices_configured_says_none(capsys):
    text = answer(capsys, "whisper large v3 para 300 horas de áudio")
    assert not any(word in text for word in MONEY)
    assert (
        "price_per_gpu_hour"
        not in answer_json(capsys, "whisper large v3 para 300 horas de áudio")["answer"]["data"]
    )


def test_staff_see_the_price_and_a_shared_channel_does_not(priced, slack):
    staff = text_of(slack.command("whisper large v3 20 ligações simultâneas")["blocks"])
    assert "Preço de 1× L40S 48 GB: sob demanda R$ 9,50 por hora" in staff
    external = slack.command(
        "whisper large v3 20 ligações simultâneas", channel_id="CEXT0001", user_id="UEXT0001"
    )
    assert "L40S 48 GB" in text_of(external["blocks"])  # answered (in the external user's locale)
    for word in MONEY:
        assert word not in text_of(external["blocks"]) and word not in external["text"]
