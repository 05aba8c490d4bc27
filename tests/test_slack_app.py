"""The Slack app end to end: signed requests into the real Bolt app served over HTTP on loopback, Slack's
Web API and response_url played by FakeSlack, and a real SQLite request log."""

from __future__ import annotations

import json
import time

import pytest

from sizing.catalog import load_catalog

from . import slack_requests as sr
from .slack_harness import buttons as _buttons
from .slack_harness import text_of as _text
from .slack_harness import valid as _valid

# -- /gpu ----------------------------------------------------------------------------------------------


def test_slash_command_answers_only_the_asker_with_breakdown_and_buttons(slack):
    reply = slack.command("70b 4bit 32k 10users")
    assert reply["response_type"] == "ephemeral"
    blocks = reply["blocks"]
    _valid(blocks)
    text = _text(blocks)
    assert "Entendi: Llama 3.1 70B" in text and "32k de contexto" in text
    assert "Recomendação: 2× " in text
    assert "KV cache" in text and "107,4 GB" in text
    assert "🟦" in text and "⬜" in text  # the bar of how one GPU is filled
    assert "Alternativas" in text and "FP8" in text
    assert "Contrato" in text and "LGPD" in text
    assert _buttons(blocks) == [
        "gpu_precision_16",
        "gpu_precision_8",
        "gpu_precision_4",
        "gpu_detail",
        "gpu_share",
        "gpu_proposal",
    ]
    assert "Recomendação" in reply["text"]  # the plain-text fallback
    [row] = slack.rows()
    assert row["surface"] == "slash_command" and row["outcome"] == "answered"
    assert row["user_id"] == "U0001" and row["channel_id"] == "C0001" and row["channel_shared"] == 0
    assert row["model_id"] == "llama-3.1-70b" and row["precision"] == "int4"
    assert row["total_bytes"] > 140e9 and row["recommendation"].startswith("2× ")
    assert row["contract_mode"] == "on_demand" and row["duration_ms"] > 0
    assert json.loads(row["workload"])["users"] == 10


def test_an_answer_asked_again_is_the_same_json_message(slack):
    # The second answer comes from the caches, its body encoded once: Slack must still get JSON, declared
    # as JSON, with every character as it was (not \u escapes of another encoder's choosing).
    replies = []
    for _ in range(2):
        body, _ = sr.slash_command(
            "Qual GPU para Llama 3.1 8B com 32k de contexto?", response_url=slack.fake.response_url()
        )
        status, headers, text = slack.send(body)
        assert status == 200
        assert {k.lower(): v for k, v in headers.items()}["content-type"].startswith("application/json")
        replies.append(text)
    assert replies[0] == replies[1]
    reply = json.loads(replies[0])
    assert reply["response_type"] == "ephemeral" and "Recomendação" in reply["text"]
    _valid(reply["blocks"])
    assert "Recomendação" in replies[0]  # UTF-8 as it is, not \u00e7\u00e3o


def test_english_speakers_get_english(slack):
    reply = slack.command("70b 4bit 32k 10users", user_id="UEN0001")
    assert "Understood: Llama 3.1 70B" in _text(reply["blocks"])
    asked = slack.command("8b en")
    assert "Recommendation" in _text(asked["blocks"])


def test_european_portuguese_from_the_slack_locale_or_the_question(slack):
    reply = slack.command("70b 4bit 32k 10users", user_id="UPT0001")  # Slack in pt-PT
    text = _text(reply["blocks"])
    assert (
        "Percebi: Llama 3.1 70B" in text and "10 utilizadores em simultâneo" in text and "usuário" not in text
    )
    _valid(reply["blocks"])
    # A Brazilian Slack, a question written the way Portugal writes: the question decides.
    asked = slack.command("Quantos utilizadores em simultâneo cabem numa placa de 48 GB com um 70B a 4 bits?")
    text = _text(asked["blocks"])
    assert "Percebi:" in text and "Não percebi" not in text and "utilizador" in text
    assert [r["lang"] for r in slack.rows()] == ["pt-PT", "pt-PT"]


def test_channel_ping_in_a_query_never_pings(slack):
    reply = slack.command("70b <!channel> 4bit <@U999>")
    text = json.dumps(reply)
    assert "<!channel>" not in text and "<@U999>" not in text
    # Slack's markup is not part of the question: the rest of it is answered, nothing is reported unread.
    assert "INT4" in _text(reply["blocks"]) and "channel" not in _text(reply["blocks"])


def test_help_and_bad_text(slack):
    help_reply = slack.command("ajuda")
    assert "/gpu 70b 4bit 32k" in _text(help_reply["blocks"])
    bad = slack.command("asdf qwerty")
    assert "Não entendi" in _text(bad["blocks"]) and "Exemplos" in _text(bad["blocks"])
    rows = slack.rows()
    assert [r["outcome"] for r in rows] == ["needs_input", "not_understood"]
    assert rows[1]["error_key"] == "query.nothing_understood"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "exporto" and "registro" had been not understood: a manager asking how to export is told how.
        ("como exporto o registro?", "botão “Exportar CSV”"),
        ("how do I export the log?", "“Export CSV” button"),  # written in English, answered in it
        ("onde vejo quem perguntou o que?", "`/gpu log` lista quem perguntou"),
    ],
)
def test_asking_how_to_reach_the_request_log_is_told_how_managers_read_it(slack, text, said):
    reply = slack.command(text)
    _valid(reply["blocks"])
    shown = _text(reply["blocks"])
    assert said in shown and "/gpu 70b 4bit 32k" in shown  # the log first, then how to ask
    assert shown.index(said) < shown.index("/gpu 70b 4bit 32k")
    assert [r["outcome"] for r in slack.rows()] == ["needs_input"]


def test_empty_command_opens_the_guided_form(slack):
    assert slack.command("") == {}
    [call] = slack.fake.wait_for("views.open")
    view = call.params["view"]
    assert view["callback_id"] == "gpu_form"
    assert {b.get("block_id") for b in view["blocks"]} >= {
        "model",
        "precision",
        "context",
        "users",
        "stage",
        "task",
        "intent",
        "rate_per_min",
        "population",
        "prompt_tokens",
        "output_tokens",
        "ttft_s",
        "tokens_per_s",
    }
    _valid(view["blocks"])
    assert json.loads(view["private_metadata"])["response_url"]


def test_form_submission_answers_where_the_command_was_typed(slack):
    meta = json.dumps({"channel_id": "C0001", "response_url": slack.fake.response_url("form")})
    values = {
        "model": {"model": {"type": "static_select", "selected_option": {"value": "qwen2.5-32b"}}},
        "precision": {"precision": {"type": "static_select", "selected_option": {"value": "fp8"}}},
        "users": {"users": {"type": "number_input", "value": "4"}},
    }
    status, _, _ = slack.send(sr.view_submission("gpu_form", values, private_metadata=meta))
    assert status == 200
    [call] = slack.fake.wait_for("response_url")
    assert call.params["_name"] == "form" and call.params["response_type"] == "ephemeral"
    assert "Qwen2.5 32B" in _text(call.params["blocks"])
    [row] = slack.rows()
    assert row["surface"] == "form" and row["model_id"] == "qwen2.5-32b"


def test_the_form_offers_released_derivatives_and_answers_with_their_names(slack):
    assert slack.command("") == {}
    [call] = slack.fake.wait_for("views.open")
    [model] = [b for b in call.params["view"]["blocks"] if b.get("block_id") == "model"]
    groups = model["element"]["option_groups"]
    offered = {o["value"]: o["text"]["text"] for g in groups for o in g["options"]}
    assert offered["deepseek-r1-distill-llama-8b"] == "DeepSeek R1 Distill Llama 8B"
    assert offered["llama-3.1-8b"] == "Llama 3.1 8B"
    # every catalogue model, within Slack's limits (a flat list had been cut at 100, after "L")
    assert offered["qwen3-32b"] and len(offered) == len(load_catalog().all_models)
    assert len(groups) <= 100 and all(len(g["options"]) <= 100 for g in groups)
    assert "Qwen3" in [g["label"]["text"] for g in groups]
    meta = json.dumps({"channel_id": "C0001", "response_url": slack.fake.response_url("form")})
    values = {
        "model": {
            "model": {"type": "static_select", "selected_option": {"value": "deepseek-r1-distill-llama-8b"}}
        },
        "users": {"users": {"type": "number_input", "value": "4"}},
    }
    status, _, _ = slack.send(sr.view_submission("gpu_form", values, private_metadata=meta))
    assert status == 200
    [call] = slack.fake.wait_for("response_url")
    assert "DeepSeek R1 Distill Llama 8B (arquitetura do Llama 3.1 8B)" in _text(call.params["blocks"])
    [row] = slack.rows()
    assert row["model_id"] == "deepseek-r1-distill-llama-8b" and row["missing_model"] is None


def test_the_form_sizes_production_traffic(slack):
    meta = json.dumps({"channel_id": "C0001", "response_url": slack.fake.response_url("form")})
    values = {
        "model": {"model": {"type": "static_select", "selected_option": {"value": "llama-3.1-8b"}}},
        "rate_per_min": {"rate_per_min": {"type": "number_input", "value": "120"}},
        "prompt_tokens": {"prompt_tokens": {"type": "number_input", "value": "2000"}},
        "output_tokens": {"output_tokens": {"type": "number_input", "value": "300"}},
        "ttft_s": {"ttft_s": {"type": "number_input", "value": "1.5"}},
    }
    status, _, _ = slack.send(sr.view_submission("gpu_form", values, private_metadata=meta))
    assert status == 200
    [call] = slack.fake.wait_for("response_url")
    text = _text(call.params["blocks"])
    # 120 a minute is 2 a second, sized for replicas and timed like the same load asked in words.
    assert "Carga: 2,0 requisições/s no pico · prompts de 2.000 tokens · respostas de 300 tokens" in text
    assert "primeiro token em" in text
    [row] = slack.rows()
    stored = json.loads(row["workload"])
    assert stored["rate_per_s"] == 2 and stored["prompt_tokens"] == 2000 and stored["ttft_s"] == 1.5


@pytest.mark.parametrize("typed", ["abc", "-5", "0", "nan", "1e12"])
def test_a_form_number_slack_would_not_send_is_refused_beside_its_field(slack, typed):
    values = {
        "model": {"model": {"type": "static_select", "selected_option": {"value": "llama-3.1-8b"}}},
        "rate_per_min": {"rate_per_min": {"type": "number_input", "value": typed}},
    }
    status, _, body = slack.send(sr.view_submission("gpu_form", values))
    assert status == 200
    assert json.loads(body) == {
        "response_action": "errors",
        "errors": {"rate_per_min": "Use um número maior que zero."},
    }
    assert slack.rows() == []


def test_form_without_a_model_says_so_on_the_field(slack):
    status, _, body = slack.send(sr.view_submission("gpu_form", {}, private_metadata="{}"))
    assert status == 200
    assert json.loads(body)["response_action"] == "errors"
    assert "model" in json.loads(body)["errors"]


# -- buttons -------------------------------------------------------------------------------------------


def _payload(reply: dict) -> str:
    actions = next(b for b in reply["blocks"] if b["type"] == "actions")
    return actions["elements"][0]["value"]


def test_precision_button_recomputes_in_place(slack):
    reply = slack.command("70b 4bit 32k 10users")
    body = sr.block_actions(
        "gpu_precision_8", _payload(reply), response_url=slack.fake.response_url("answer"),
        container={"type": "message", "message_ts": "1.0", "channel_id": "C0001", "is_ephemeral": True},
    )  # fmt: skip
    status, _, _ = slack.send(body)
    assert status == 200
    [call] = slack.fake.wait_for("response_url")
    assert call.params["replace_original"] is True
    assert "FP8" in _text(call.params["blocks"])
    surfaces = [r["surface"] for r in slack.rows()]
    assert surfaces == ["slash_command", "button"]
    assert slack.rows()[1]["precision"] == "fp8"


def _share(slack, reply: dict):
    """Press Share under an ephemeral answer in channel C0001; the message posted to the channel."""
    body = sr.block_actions(
        "gpu_share", _payload(reply), response_url=slack.fake.response_url(),
        container={"type": "message", "message_ts": "1.0", "channel_id": "C0001", "is_ephemeral": True},
    )  # fmt: skip
    slack.send(body)
    [post] = slack.fake.wait_for("chat.postMessage")
    return post


def test_share_posts_for_everyone_and_removes_the_private_copy(slack):
    post = _share(slack, slack.command("8b"))
    assert post.params["channel"] == "C0001"
    assert "gpu_share" not in _buttons(post.params["blocks"])
    [delete] = slack.fake.wait_for("response_url")
    assert delete.params.get("delete_original") is True


def test_share_pressed_twice_posts_the_answer_once(slack):
    # A double click sends two presses, each signed anew, before the private copy is gone: the channel gets
    # the answer once. Another answer (another private message) is shared on its own.
    def press(reply: dict, message_ts: str) -> None:
        container = {"type": "message", "message_ts": message_ts, "channel_id": "C0001", "is_ephemeral": True}
        body = sr.block_actions("gpu_share", _payload(reply), response_url=slack.fake.response_url(),
                                container=container)  # fmt: skip
        assert slack.send(body)[0] == 200

    first, second = slack.command("8b"), slack.command("70b 4bit")
    for _ in range(3):
        press(first, "1700000000.000201")
    slack.settle()
    press(second, "1700000000.000202")
    slack.settle()
    posts = [c for c in slack.fake.calls("chat.postMessage") if c.params["channel"] == "C0001"]
    assert [("Llama 3.1 70B" in _text(p.params["blocks"])) for p in posts] == [False, True]
    assert [r["text"] for r in slack.rows() if r["surface"] == "button"] == ["[share]", "[share]"]


def test_a_shared_comparison_is_the_comparison_the_asker_saw(slack):
    # The button's workload had carried the first model only: the channel got a different answer.
    reply = slack.command("llama 70b ou qwen 32b?")
    assert "Qwen2.5 32B" in _text(reply["blocks"])
    post = _share(slack, reply)
    _valid(post.params["blocks"])
    assert "Qwen2.5 32B" in _text(post.params["blocks"]) and "Llama 3.1 70B" in _text(post.params["blocks"])


def _proposal_card(slack, question: str) -> str:
    """The lead card sales gets when the asker of `question` presses "Quero uma proposta"."""
    reply = slack.command(question)
    body = sr.block_actions(
        "gpu_proposal", _payload(reply), user_id="U0001", response_url=slack.fake.response_url(),
        container={"type": "message", "message_ts": "1.0", "channel_id": "C0001", "is_ephemeral": True},
    )  # fmt: skip
    slack.send(body)
    [lead] = slack.fake.wait_for("chat.postMessage")
    assert lead.params["channel"] == "CSALES01"
    return _text(lead.params["blocks"])


def test_proposal_hands_the_lead_to_sales(slack):
    text = _proposal_card(slack, "70b 8bit 10 users")
    assert "<@U0001>" in text and "Llama 3.1 70B" in text and "Recomendação" in text
    [confirmation] = slack.fake.wait_for("response_url")
    assert "time comercial" in _text(confirmation.params["blocks"])


def test_an_english_askers_lead_is_summed_up_in_the_sales_cards_language(slack):
    # The sales team reads the card in its own language, whatever the asker's: its one-line summary too.
    text = _proposal_card(slack, "full fine-tune llama 3.1 8b on 1B tokens")
    assert "ajuste fino completo" in text and "1 bi tokens de treino" in text
    assert "full fine-tuning" not in text and "training tokens" not in text


# -- mentions, threads, DMs ------------------------------------------------------------------------------


def test_mention_answers_in_the_thread_and_follow_ups_change_only_what_they_name(slack):
    mention = sr.app_mention("<@UBOT> cabe um 70B numa L40S?", ts="1700000001.000100")
    assert slack.event(mention, "Ev1") == 200
    [answer] = slack.fake.wait_for("chat.postMessage")
    assert answer.params["thread_ts"] == "1700000001.000100"
    assert "L40S" in _text(answer.params["blocks"])
    follow = sr.message("e se for em 8 bits?", thread_ts="1700000001.000100", ts="1700000002.000100")
    assert slack.event(follow, "Ev2") == 200
    calls = slack.fake.wait_for("chat.postMessage", count=2)
    second = calls[1]
    assert second.params["thread_ts"] == "1700000001.000100"
    text = _text(second.params["blocks"])
    assert "FP8" in text and "L40S" in text  # precision changed, the named GPU kept
    english = sr.message("and 20 users?", thread_ts="1700000001.000100", ts="1700000003.000100")
    slack.event(english, "Ev3")
    third = slack.fake.wait_for("chat.postMessage", count=3)[2]
    assert "20 usuários" in _text(third.params["blocks"])
    assert [r["surface"] for r in slack.rows()] == ["mention", "thread", "thread"]


def _thread_starts_with(slack, text: str, ts: str = "1700000050.000100", user: str = "UEXT01") -> None:
    """The first message of a thread, as conversations.replies returns it."""
    first = sr.message(text, user=user, ts=ts)
    slack.fake.reply("conversations.replies", lambda p: {"messages": [first] if p.get("ts") == ts else []})


@pytest.mark.parametrize("mention", ["<@UBOT>", "<@UBOT> pode ajudar aqui?", "<@UBOT> can you size this?"])
def test_a_mention_under_someones_question_answers_that_question(slack, mention):
    # Support mentions the bot under a customer's question in a shared channel: "não entendi" had come back.
    _thread_starts_with(slack, "Queremos rodar o qwen3 32b pra uns 30 usuários com contexto de 16k")
    event = sr.app_mention(mention, thread_ts="1700000050.000100", ts="1700000051.000100")
    assert slack.event(event, "Ev-under") == 200
    [answer] = slack.fake.wait_for("chat.postMessage")
    assert answer.params["thread_ts"] == "1700000050.000100"
    text = _text(answer.params["blocks"])
    assert "Qwen3 32B" in text and "30 usuários" in text and "16k" in text
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "qwen3 32b" in row["text"]
    # The customer's next words in that thread follow the answer.
    follow = sr.message("e em 8 bits?", user="U0003", thread_ts="1700000050.000100", ts="1700000052.000100")
    slack.event(follow, "Ev-under-2")
    second = _text(slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"])
    assert "Qwen3 32B" in second and "FP8" in second and "30 usuários" in second


def test_a_mention_answers_the_latest_question_in_the_thread_not_its_greeting(slack):
    # The customer's question came in a reply; the thread's first message was a greeting ("Não entendi").
    ts = "1700000060.000100"
    thread = [
        sr.message("Oi pessoal, tudo bem? Temos uma dúvida sobre GPUs", user="UEXT01", ts=ts),
        sr.message("claro, pode mandar", user="U0002", ts="1700000060.000200", thread_ts=ts),
        sr.message("llama 3.1 70b em 4 bits para 40 pessoas, contexto de 32k", user="UEXT01",
                   ts="1700000060.000300", thread_ts=ts),
        {**sr.message("(bot de outro app)", ts="1700000060.000400", thread_ts=ts), "bot_id": "BOTHER"},
    ]  # fmt: skip
    slack.fake.reply("conversations.replies", lambda p: {"messages": thread if p.get("ts") == ts else []})
    slack.event(
        sr.app_mention("<@UBOT> consegue ver isso?", thread_ts=ts, ts="1700000060.000500"), "Ev-latest"
    )
    text = _text(slack.fake.wait_for("chat.postMessage")[0].params["blocks"])
    assert "Llama 3.1 70B" in text and "INT4" in text and "32k" in text


def test_a_mention_that_changes_the_question_above_changes_it(slack):
    _thread_starts_with(slack, "dá pra rodar o llama 3.1 70b pra 20 usuários?")
    event = sr.app_mention("<@UBOT> e em 4 bits?", thread_ts="1700000050.000100", ts="1700000051.000100")
    slack.event(event, "Ev-change")
    text = _text(slack.fake.wait_for("chat.postMessage")[0].params["blocks"])
    assert "Llama 3.1 70B" in text and "INT4" in text and "20 usuários" in text


def test_a_mention_with_a_question_of_its_own_in_a_thread_is_that_question(slack):
    _thread_starts_with(slack, "dá pra rodar o llama 3.1 70b pra 20 usuários?")
    event = sr.app_mention("<@UBOT> mistral small 24b numa l40s", thread_ts="1700000050.000100",
                           ts="1700000051.000100")  # fmt: skip
    slack.event(event, "Ev-own")
    text = _text(slack.fake.wait_for("chat.postMessage")[0].params["blocks"])
    assert "Mistral Small" in text and "Llama" not in text
    assert not slack.fake.calls("conversations.replies")  # nothing to read: Slack not asked


def test_a_thread_slack_will_not_show_leaves_the_mention_as_it_is(slack):
    slack.fake.fail("conversations.replies", status=200, body={"ok": False, "error": "not_in_channel"})
    event = sr.app_mention("<@UBOT> pode ajudar aqui?", thread_ts="1700000050.000100", ts="1700000051.000100")
    slack.event(event, "Ev-refused")
    blocks = slack.fake.wait_for("chat.postMessage")[0].params["blocks"]
    _valid(blocks)
    assert "Não entendi" in _text(blocks) or "não entendi" in _text(blocks)
    [row] = slack.rows()
    assert row["outcome"] == "not_understood"


def test_a_follow_up_naming_another_model_keeps_the_rest_of_the_thread(slack):
    slack.event(sr.app_mention("<@UBOT> llama 3.1 70b 4bit 20 usuarios 16k", ts="1700000001.000100"), "Ev1")
    slack.fake.wait_for("chat.postMessage")
    follow = sr.message("e com o qwen3 32b?", thread_ts="1700000001.000100", ts="1700000002.000100")
    slack.event(follow, "Ev2")
    text = _text(slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"])
    assert "Qwen3 32B" in text and "20 usuários" in text and "INT4" in text and "16.384 tokens" in text
    # Without an opening "e", "and", "what about", a model named is a new question.
    fresh = sr.message("qwen3 32b", thread_ts="1700000001.000100", ts="1700000003.000100")
    slack.event(fresh, "Ev3")
    text = _text(slack.fake.wait_for("chat.postMessage", count=3)[2].params["blocks"])
    assert "Qwen3 32B" in text and "1 usuário" in text and "INT4" not in text


def test_a_follow_up_to_a_comparison_compares_again_until_a_model_is_named(slack):
    # The thread had kept the first choice only: "e com 20 usuários?" sized the AWQ model alone.
    slack.event(sr.app_mention("<@UBOT> qwen 72b em awq ou fp8?", ts="1700000001.000100"), "Ev1")
    first = _text(slack.fake.wait_for("chat.postMessage")[0].params["blocks"])
    assert "INT4" in first and "FP8" in first
    follow = sr.message("e com 20 usuários?", thread_ts="1700000001.000100", ts="1700000002.000100")
    slack.event(follow, "Ev2")
    second = slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"]
    _valid(second)
    text = _text(second)
    assert "INT4" in text and "FP8 (8-bit)" in text and "20 usuários" in text
    # Another model named: a question about it alone.
    other = sr.message("e com o llama 3.1 70b?", thread_ts="1700000001.000100", ts="1700000003.000100")
    slack.event(other, "Ev3")
    third = _text(slack.fake.wait_for("chat.postMessage", count=3)[2].params["blocks"])
    assert "Llama 3.1 70B" in third and "Qwen2.5 72B" not in third and "20 usuários" in third


def test_a_thread_of_a_what_fits_answer_and_a_number_alone_are_answered(slack):
    # "e com 20 usuários?" under "o que roda numa 4090?" had been taken for chatter (no model, no answer).
    slack.event(sr.app_mention("<@UBOT> o que roda numa 4090?", ts="1700000001.000100"), "Ev1")
    slack.fake.wait_for("chat.postMessage")
    slack.event(
        sr.message("e com 20 usuários?", thread_ts="1700000001.000100", ts="1700000002.000100"), "Ev2"
    )
    second = _text(slack.fake.wait_for("chat.postMessage", count=2)[1].params["blocks"])
    assert "RTX 4090" in second and "20 usuários simultâneos" in second
    # Both GPUs and users counted by now: a number alone is asked back, not left unanswered.
    slack.event(sr.message("e com 2?", thread_ts="1700000001.000100", ts="1700000003.000100"), "Ev3")
    third = slack.fake.wait_for("chat.postMessage", count=3)[2].params
    assert (
        "“2” são GPUs ou usuários?" in _text(third["blocks"]) or "“2” são GPUs ou usuários?" in third["text"]
    )
    assert [r["outcome"] for r in slack.rows()] == ["answered", "answered", "needs_input"]


def test_chatter_in_a_thread_is_left_alone(slack):
    slack.event(sr.app_mention("<@UBOT> 8b", ts="1700000010.000100"), "Ev10")
    slack.fake.wait_for("chat.postMessage")
    slack.event(sr.message("valeu, vou ver com o cliente amanhã", thread_ts="1700000010.000100"), "Ev11")
    slack.event(sr.message("reunião às 15h?", channel="C0002"), "Ev12")  # not our thread at all
    time.sleep(0.3)
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert len(slack.rows()) == 1


def test_direct_messages_work_the_same_way(slack):
    slack.event(sr.message("8b 16bit 4 users", channel="DU0001", channel_type="im"), "Ev20")
    [answer] = slack.fake.wait_for("chat.postMessage")
    assert answer.params["channel"] == "DU0001"
    assert "Llama 3.1 8B" in _text(answer.params["blocks"])
    slack.event(sr.message("e com 32k?", channel="DU0001", channel_type="im"), "Ev21")
    second = slack.fake.wait_for("chat.postMessage", count=2)[1]
    assert "Llama 3.1 8B" in _text(second.params["blocks"]) and "32k" in _text(second.params["blocks"])
    assert [r["surface"] for r in slack.rows()] == ["dm", "dm"]


def test_a_retried_event_is_answered_once(slack):
    event = sr.app_mention("<@UBOT> 70b 4bit", ts="1700000020.000100")
    for retry in (None, 1, 2):
        assert slack.event(event, "EvSAME", retry=retry) == 200
    time.sleep(0.3)
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert len(slack.rows()) == 1


def test_the_bot_ignores_its_own_messages(slack):
    own = {**sr.message("70b 4bit", user="UBOT", channel="DUBOT", channel_type="im"), "bot_id": "BBOT"}
    slack.event(own, "Ev30")
    time.sleep(0.3)
    assert slack.fake.calls("chat.postMessage") == []
    assert slack.rows() == []


# -- shared channels -------------------------------------------------------------------------------------


def test_staff_see_prices_but_a_shared_channel_gets_no_internal_data(priced, slack):
    staff = slack.command("8b")
    assert "Preço (sob demanda): R$ 9,50 por hora" in _text(staff["blocks"])
    external = slack.command("8b", channel_id="CEXT0001", user_id="UEXT0001")
    text = _text(external["blocks"])
    for word in ("Preço", "Price", "BRL", "R$"):
        assert word not in text and word not in external["text"]
    # The first reply in a shared channel says what is recorded, why and for how long; later ones do not.
    assert ("registra" in text and "180 dias" in text) or ("records" in text and "180 days" in text)
    again = slack.command("70b", channel_id="CEXT0001", user_id="UEXT0001")
    assert "registra" not in _text(again["blocks"]) and "records the question" not in _text(again["blocks"])
    rows = slack.rows()
    assert rows[1]["channel_shared"] == 1 and rows[1]["user_external"] == 1


def test_proposal_from_an_external_user_is_flagged_for_sales(slack):
    reply = slack.command("8b", channel_id="CEXT0002", user_id="UEXT0002")
    body = sr.block_actions(
        "gpu_proposal", _payload(reply), user_id="UEXT0002", channel_id="CEXT0002",
        response_url=slack.fake.response_url(),
        container={"type": "message", "message_ts": "1.0", "channel_id": "CEXT0002", "is_ephemeral": True},
    )  # fmt: skip
    slack.send(body)
    [lead] = slack.fake.wait_for("chat.postMessage")
    assert "externo" in _text(lead.params["blocks"])


# -- security and limits ---------------------------------------------------------------------------------


def test_bad_or_stale_signatures_get_401_and_no_answer(slack):
    body, _ = sr.slash_command("70b 4bit", response_url=slack.fake.response_url())
    status, _, _ = slack.send(body, secret="ffffffffffffffffffffffffffffffff")
    assert status == 401
    status, _, _ = slack.send(body, timestamp=int(time.time()) - 600)
    assert status == 401
    status, _, _ = sr.post(slack.url, body, {"Content-Type": sr.FORM})
    assert status == 401
    time.sleep(0.2)
    assert slack.fake.calls("chat.postMessage") == [] and slack.fake.calls("response_url") == []
    assert slack.rows() == []


def test_the_largest_workload_stays_inside_slacks_limits(slack):
    reply = slack.command(
        "deepseek v3 fp32 128k 100000 users numa l4 produção raciocínio kv16 <!here> " + "palavra " * 40
    )
    _valid(reply["blocks"])
    for block in reply["blocks"]:
        if block["type"] == "section":
            assert len(block["text"]["text"]) <= 3000
            assert all(len(f["text"]) <= 2000 for f in block.get("fields", []))
    assert len(reply["text"]) <= 3000


def test_app_home_shows_how_to_ask_and_my_recent_questions(slack):
    slack.command("70b 4bit 32k 10users", user_id="U0001")
    slack.command("8b", user_id="U0002")
    slack.event(sr.app_home_opened("U0001"), "EvHome")
    [call] = slack.fake.wait_for("views.publish")
    assert call.params["user_id"] == "U0001"
    text = _text(call.params["view"]["blocks"])
    assert "/gpu 70b 4bit 32k" in text and "70b 4bit 32k 10users" in text
    assert "`8b`" not in text  # another user's question


def test_app_home_shows_each_recent_question_on_one_line_as_typed(slack):
    # What was asked in a direct message or a mention is kept as typed: a pasted e-mail's line breaks, the
    # blank left where the app was mentioned, nothing but blanks. Home shows each in one intact code span,
    # as `/gpu log` does, never an empty "``" or a span broken across lines.
    slack.event(sr.message("Segue o pedido:\n> Qwen 2.5 72B em 8 bits\n\n> 30 pessoas", channel="DU0001",
                           channel_type="im"), "EvH1")  # fmt: skip
    slack.event(sr.app_mention("<@UBOT>   mistral 7b 16bit 8k"), "EvH2")
    slack.event(sr.message("   ", channel="DU0001", channel_type="im"), "EvH3")
    slack.settle()
    slack.event(sr.app_home_opened("U0001"), "EvHome")
    [call] = slack.fake.wait_for("views.publish")
    recent = [b["elements"][0]["text"] for b in call.params["view"]["blocks"] if b["type"] == "context"]
    assert len(recent) == 3
    for line in recent:
        _, span, _ = line.split("`")  # one code span: no backtick inside, none left open
        assert "\n" not in line
        assert span == " " or span == span.strip() != ""  # nothing typed shows as a blank, never as "``"
    assert "`Segue o pedido: Qwen 2.5 72B em 8 bits 30 pessoas`" in "\n".join(recent)
    assert "`mistral 7b 16bit 8k`" in "\n".join(recent)


def test_a_log_that_cannot_be_written_never_costs_the_answer(slack, monkeypatch):
    import sqlite3

    def disk_full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    # A full disk (root ignores file permissions, so the failure is injected where SQLite would raise it).
    monkeypatch.setattr(slack.log, "_write_batch", disk_full)
    reply = slack.command("8b")
    assert "Recomendação" in _text(reply["blocks"])
    assert slack.log.pending == 1
    monkeypatch.undo()
    assert [r["surface"] for r in slack.rows()] == ["slash_command"]  # written once the disk has room
