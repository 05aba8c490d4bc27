"""Replies typed in the thread of an answer in a channel, through the real Bolt dispatch (signed events into
the app on loopback, FakeSlack for the Web API): a channel's thread answers only what reads as a question for
the bot, so a follow-up it cannot read is left unanswered, which the user sees as silence. These are replies
people type there that had been silent, or read wrong."""

from __future__ import annotations

import itertools

import pytest

from . import slack_requests as sr
from .slack_harness import text_of

_ts = itertools.count(1)


def _new_ts() -> str:
    return f"1700003{next(_ts):03d}.000100"


def replies(slack, first: str, *follow_ups: str) -> list[str | None]:
    """The text of the app's reply to each follow-up typed in the thread of `first`'s answer (None: none)."""
    root = _new_ts()
    slack.event(sr.app_mention(f"<@UBOT> {first}", ts=root), f"Ev{root}")
    slack.settle()
    out = []
    for text in follow_ups:
        before = len(slack.fake.calls("chat.postMessage"))
        ts = _new_ts()
        slack.event(sr.message(text, thread_ts=root, ts=ts), f"Ev{ts}")
        slack.settle()
        posted = [
            c for c in slack.fake.calls("chat.postMessage")[before:] if c.params.get("thread_ts") == root
        ]
        out.append(text_of(posted[0].params["blocks"]) if posted else None)
    return out


FIRST = "llama 3.1 70b para 20 usuários, 8k"


def test_a_scale_alone_is_asked_back_in_a_channels_thread(slack):
    # "e o dobro?" after users and a context asks which; the question back had been left unsaid in a channel
    # (a direct message got it).
    [said] = replies(slack, FIRST, "e o dobro?")
    assert (
        said is not None
        and "“dobro” de quê? Dos usuários (20 → 40) ou do contexto (8k → 16k tokens)?" in said
    )


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        ("quantas GPUs?", "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos"),
        ("quantas gpus preciso?", "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos"),
        # written in English, answered in it
        ("how many GPUs do I need?", "Understood: Llama 3.1 70B · 8k context · 20 concurrent users"),
        ("e quantas máquinas?", "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos"),
    ],
)
def test_how_many_gpus_in_a_thread_gets_the_threads_sizing_again(slack, follow_up, said):
    [reply] = replies(slack, FIRST, follow_up)
    assert reply is not None and reply.startswith(said)
    recommendation = "Recommendation" if said.startswith("Understood") else "Recomendação"
    assert f"{recommendation}: 2× H200 SXM 141 GB" in reply


@pytest.mark.parametrize(
    "follow_up",
    [
        "e a latência?",
        "qual a velocidade?",
        "quantos tokens por segundo?",
        "e o desempenho?",
    ],
)
def test_a_question_about_its_speed_gets_the_threads_sizing_again(slack, follow_up):
    [said] = replies(slack, FIRST, follow_up)
    assert said is not None and said.startswith(
        "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos"
    )
    assert "tokens/s por usuário" in said and "primeiro token em" in said


def test_a_question_about_its_speed_in_english_gets_the_threads_sizing_in_english(slack):
    [said] = replies(slack, FIRST, "how fast is it?")
    assert said is not None and said.startswith(
        "Understood: Llama 3.1 70B · 8k context · 20 concurrent users"
    )
    assert "tokens/s per user" in said and "first token" in said


@pytest.mark.parametrize(
    "follow_up, counted",
    [
        # a number and what is asked of it: the number is read as a number alone is (the thread's people)...
        ("e com 4 consegue?", "4 usuários simultâneos"),
        ("e com 40, dá?", "40 usuários simultâneos"),
        ("e com 40 a gente consegue?", "40 usuários simultâneos"),
        ("and with 40, would it work?", "40 concurrent users"),  # written in English, answered in it
        # ... and what it is to fit or run on is GPUs, as "e se for em 4?" is
        ("e com 4, cabe?", "20 usuários simultâneos · 4 GPUs"),
        ("e com 2 roda?", "20 usuários simultâneos · 2 GPUs"),
        ("and with 2, does it fit?", "20 concurrent users · 2 GPUs"),
    ],
)
def test_a_number_with_a_question_after_it_is_read_as_the_number(slack, follow_up, counted):
    [said] = replies(slack, FIRST, follow_up)
    head = (
        "Understood: Llama 3.1 70B · 8k context · "
        if "users" in counted
        else "Entendi: Llama 3.1 70B · 8k de contexto · "
    )
    assert said is not None and said.splitlines()[0] == head + counted


def test_thanks_and_talk_between_people_in_the_thread_stay_unanswered(slack):
    assert replies(slack, FIRST, "obrigado!", "vou mandar pro cliente amanhã") == [None, None]


@pytest.mark.parametrize(
    "follow_up, said",
    [
        # a GeForce by its bare number, after a word that puts the model on it: had been "4.090 pessoas"
        ("e numa 4090?", "Entendi: Llama 3.1 8B · 30 usuários simultâneos · 1× RTX 4090 24 GB"),
        ("e na 3090?", "Entendi: Llama 3.1 8B · 30 usuários simultâneos · RTX 3090 24 GB"),
        ("and on a 5090?", "Understood: Llama 3.1 8B · 30 concurrent users · 1× RTX 5090 32 GB"),
    ],
)
def test_a_geforce_named_by_its_number_in_a_thread_is_the_card(slack, follow_up, said):
    [text] = replies(slack, "llama 3.1 8b pra 30 usuários", follow_up)
    assert text is not None and text.splitlines()[0] == said


@pytest.mark.parametrize(
    "follow_up, note",
    [
        # what a first question's note says of them, under the thread's sizing (they had gone unanswered)
        ("e em cpu?", "“em cpu”: alugamos GPUs, e a resposta é para elas."),
        ("e no mac?", "“mac”: diga quanta memória unificada tem o Mac"),
        ("e no sglang?", "“sglang”: a memória é dimensionada como qualquer servidor com KV cache paginado"),
        ("e no celular?", "“no celular”: num celular o modelo roda no próprio aparelho"),
        ("e se a gente usar vllm?", None),  # the server every answer is sized for: the sizing again
    ],
)
def test_a_machine_or_server_named_in_a_thread_gets_the_sizing_and_its_note(slack, follow_up, note):
    [text] = replies(slack, "llama 3.1 8b pra 30 usuários", follow_up)
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "Entendi: Llama 3.1 8B · 30 usuários simultâneos"
    if note is not None:
        assert lines[1].startswith(note)


def test_english_scales_with_their_object_and_words_around_a_follow_up_are_read(slack):
    said = replies(
        slack, "llama 3.1 8b for 30 users", "double it?", "twice as many?", "what if we had 500 users?"
    )
    heads = [text.splitlines()[:2] for text in said]
    assert [head[0] for head in heads] == [
        "Entendi: Llama 3.1 8B · 60 usuários simultâneos",
        "Entendi: Llama 3.1 8B · 120 usuários simultâneos",
        # plainly English, answered in it (the two short ones keep the thread's language)
        "Understood: Llama 3.1 8B · 500 concurrent users",
    ]
    assert not any("Não entendi" in line or "Not understood" in line for head in heads for line in head)


def test_a_reaction_typed_as_a_message_under_an_answer_gets_no_help_back(slack):
    # ":+1:" is no text once its shortcode is set aside: it had been answered with how to ask, in the thread
    said = replies(slack, FIRST, ":+1:", ":thumbsup::skin-tone-2:", "ajuda")
    assert said[:2] == [None, None]
    assert said[2] is not None and "Como perguntar" in said[2]  # help asked in words is still given


def test_a_reaction_typed_in_a_direct_message_after_an_answer_gets_nothing_back(slack):
    slack.event(
        sr.message("qwen3 8b pra 10 usuários", channel="DU0031", channel_type="im", ts=_new_ts()), "EvR1"
    )
    slack.settle()
    slack.event(sr.message(":pray:", channel="DU0031", channel_type="im", ts=_new_ts()), "EvR2")
    slack.settle()
    assert len(slack.fake.calls("chat.postMessage")) == 1


def test_a_mention_in_the_thread_follows_it_up_as_a_reply_does(slack):
    root = _new_ts()
    slack.event(sr.app_mention(f"<@UBOT> {FIRST}", ts=root), "EvR3")
    slack.settle()
    slack.event(sr.app_mention("<@UBOT> lora?", ts=_new_ts(), thread_ts=root), "EvR4")
    second = slack.fake.wait_for("chat.postMessage", count=2)[1]
    lines = text_of(second.params["blocks"]).splitlines()
    assert lines[0] == "Entendi: Llama 3.1 70B · ajuste fino com LoRA"
    assert lines[1].startswith("Li “lora” como um ajuste fino do Llama 3.1 70B com LoRA (um treino)")


TALK = (
    "Oi pessoal, conversei com o cliente e ele disse que na verdade eles têm bastante demanda e querem garantir "
    "que o atendimento dê conta nos picos, principalmente no fim do mês quando todo mundo entra junto. "
)


def test_a_long_message_that_ends_in_a_follow_up_is_answered(slack):
    # The talk before the question had kept it unanswered (more words unread than a follow-up may have).
    [said] = replies(slack, "llama 3.1 8b pra 20 usuários", TALK + "Então e se forem 200 usuários?")
    assert said is not None and said.startswith("Entendi: Llama 3.1 8B · 200 usuários simultâneos")


def test_talk_in_the_thread_with_no_question_for_the_bot_stays_unanswered(slack):
    said = replies(
        slack,
        "llama 3.1 8b pra 20 usuários",
        TALK,
        TALK + "Alguém sabe se o financeiro já aprovou o orçamento?",
    )
    assert said == [None, None]


@pytest.mark.parametrize(
    "follow_up, asked",
    [
        # a family with no model: which of its models, asked in the thread (it had been silent there, and "e o
        # qwen em 4 bits?" had answered the thread's Llama at 4 bits)
        ("e o qwen?", "Qual modelo “qwen”? No catálogo: "),
        ("e com o mistral?", "Qual modelo “mistral”? No catálogo: "),
        ("e o qwen em 4 bits?", "Qual modelo “qwen”? No catálogo: "),
    ],
)
def test_another_family_named_in_a_thread_is_asked_which_model(slack, follow_up, asked):
    [said] = replies(slack, "llama 3.1 70b para 20 usuários", follow_up)
    assert said is not None and asked in said


def test_the_threads_own_family_named_with_a_change_is_its_model(slack):
    [said] = replies(slack, "llama 3.1 70b para 20 usuários", "e o llama em 4 bits?")
    assert said is not None
    assert said.startswith("Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos")


def test_a_file_posted_in_the_thread_with_no_words_gets_no_help_back(slack):
    # A screenshot shared in the thread (subtype file_share, empty text) had been answered with how to ask.
    root = _new_ts()
    slack.event(sr.app_mention(f"<@UBOT> {FIRST}", ts=root), "EvR10")
    slack.settle()
    shared = {
        **sr.message("", thread_ts=root, ts=_new_ts()),
        "subtype": "file_share",
        "files": [{"id": "F0009", "name": "grafana.png", "mimetype": "image/png"}],
    }
    slack.event(shared, "EvR11")
    slack.settle()
    assert len(slack.fake.calls("chat.postMessage")) == 1
