"""Reading what people typed from what Slack sends: the rich_text blocks of a message without `text`."""

from __future__ import annotations

import pytest

from bot.slacktext import message_text, plain


def _section(*elements: dict) -> dict:
    return {"type": "rich_text_section", "elements": list(elements)}


def _event(*elements: dict, text: str | None = None) -> dict:
    return {"type": "message", "text": text, "blocks": [{"type": "rich_text", "elements": list(elements)}]}


def test_the_text_slack_sent_wins_over_blocks_that_say_the_same():
    event = _event(
        _section({"type": "text", "text": "70b "}, {"type": "emoji", "name": "fire"}), text="70b :fire:"
    )
    assert message_text(event) == "70b :fire:"


def test_blocks_win_over_a_text_that_is_only_a_fallback():
    # What a reader sees is the blocks; `text` is the notification's fallback
    # (https://docs.slack.dev/reference/methods/chat.postMessage), which a client may fill with its own words.
    event = _event(
        _section({"type": "text", "text": "8b"}), text="This message contains interactive elements."
    )
    assert message_text(event) == "8b"


def test_blocks_read_as_the_question_a_person_typed():
    event = _event(
        _section(
            {"type": "usergroup", "usergroup_id": "S0123"},
            {"type": "broadcast", "range": "here"},
            {"type": "text", "text": " qwen 72b <fp8> & "},
            {"type": "link", "url": "https://huggingface.co/Qwen/Qwen2.5-72B-Instruct", "text": "o repo"},
            {"type": "date", "timestamp": 1700000000, "format": "{date}", "fallback": "amanhã"},
        ),
        {"type": "rich_text_quote", "elements": [{"type": "text", "text": "32k de contexto"}]},
        {
            "type": "rich_text_preformatted",
            "elements": [{"type": "text", "text": "--tensor-parallel-size 2"}],
        },
    )
    # Slack's markup in the same form as in `text`: mentions, broadcasts and emoji are no words; a model's
    # page is its address, a date its day in Brasília; what was typed comes back as typed.
    assert plain(message_text(event)).split() == [
        "qwen", "72b", "<fp8>", "&", "https://huggingface.co/Qwen/Qwen2.5-72B-Instruct", "14/11/2023",
        "32k", "de", "contexto", "--tensor-parallel-size", "2",
    ]  # fmt: skip


def test_list_items_are_lines_and_struck_words_are_taken_back():
    event = _event(
        {"type": "rich_text_list", "style": "bullet", "elements": [
            _section({"type": "text", "text": "precisão: "}, {"type": "text", "text": "16 bits", "style": {"strike": True}},
                     {"type": "text", "text": " 8 bits"}),
            _section({"type": "text", "text": "usuários: 20"}),
        ]},
    )  # fmt: skip
    assert plain(message_text(event)).splitlines() == ["precisão:   8 bits", "usuários: 20"]


@pytest.mark.parametrize(
    "blocks",
    [None, "text", [None, 1, "x"], [{"type": "rich_text"}], [{"type": "rich_text", "elements": [[1], {"type": 2}]}],
     [{"type": "section", "text": {"type": "mrkdwn", "text": "70b"}}]],
)  # fmt: skip
def test_blocks_slack_does_not_send_read_as_nothing(blocks):
    assert message_text({"text": "", "blocks": blocks}) == ""


def test_nesting_past_what_slack_sends_is_not_followed():
    element: dict = _section({"type": "text", "text": "70b"})
    for _ in range(50):
        element = {"type": "rich_text_quote", "elements": [element]}
    assert message_text(_event(element)) == ""


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # Emoji as Slack writes them in `text`: alone, in a run typed together, glued to the word before
        # (an emoji picked right after a word), with a skin tone.
        ("llama 70b:pray: 10 users :pray::pray:", "llama 70b 10 users"),
        (":wave::skin-tone-3: 8b :+1::skin-tone-2:", "8b"),
        ("valeu:+1:", "valeu"),
        # What only looks like one stays: a time, an IPv6 address, an Ollama tag, capitals.
        ("10:30:45 fe80::1:ff qwen3:32b GPU:H100:2", "10:30:45 fe80::1:ff qwen3:32b GPU:H100:2"),
    ],
)
def test_emoji_are_no_words_wherever_they_are_typed(typed, read):
    assert " ".join(plain(typed).split()) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # An address typed bare, which Slack links to itself: as typed, not with the scheme Slack added.
        ("qwen 32b <http://acme.com.br|acme.com.br>", "qwen 32b acme.com.br"),
        (
            "<https://huggingface.co/Qwen/Qwen3-32B|huggingface.co/Qwen/Qwen3-32B>",
            "huggingface.co/Qwen/Qwen3-32B",
        ),
        # A link with words of its own is its address: the words name no model, the address may.
        ("<https://huggingface.co/Qwen/Qwen3-32B|o modelo>", "https://huggingface.co/Qwen/Qwen3-32B"),
        ("<https://acme.com.br>", "https://acme.com.br"),
    ],
)
def test_a_link_reads_as_the_address_typed(typed, read):
    assert " ".join(plain(typed).split()) == read
