"""Links with words of their own, as Slack sends them (`<url|words>`,
https://docs.slack.dev/messaging/formatting-message-text): a Hugging Face repo's link names that repo whatever
its words say; a link to any other page reads as its words, which is what the person wrote and sees. Before,
the other page's address was listed as not understood (and its path's words could be read as the question's:
"/en/latest/serving/" had turned the answer English)."""

from __future__ import annotations

import pytest

from bot.slacktext import plain

from . import slack_requests as sr
from .slack_harness import text_of


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("<https://example.com/spec|spec>", "spec"),
        ("<https://docs.vllm.ai/en/latest/serving/engine_args.html|a doc do vLLM>", "a doc do vLLM"),
        # A dataset's page names no model: its words, as any page's.
        ("<https://huggingface.co/datasets/nvidia/OpenMathReasoning|os dados>", "os dados"),
        # A model's page, on the Hub or in Ollama's library: its address, which names the model.
        ("<https://huggingface.co/Qwen/Qwen3-32B|esse modelo>", "https://huggingface.co/Qwen/Qwen3-32B"),
        ("<https://ollama.com/library/llama3.1:70b|esse aqui>", "https://ollama.com/library/llama3.1:70b"),
        # Escaped characters in the words come back as typed.
        ("<https://example.com/x|P&amp;D &lt;v2&gt;>", "P&D <v2>"),
    ],
)
def test_a_labelled_link_reads_as_its_words_unless_it_names_a_model(typed, read):
    assert " ".join(plain(typed).split()) == read


def test_a_labelled_hugging_face_link_is_that_repo_and_another_page_is_not_listed(slack):
    reply = slack.command(
        "quanto precisa <https://huggingface.co/Qwen/Qwen3-32B|esse modelo> em fp8? "
        "detalhes na <https://example.com/spec|especificação>"
    )
    text = text_of(reply["blocks"])
    assert "Qwen3 32B" in text and "FP8" in text
    assert "example.com" not in text


def test_a_page_linked_with_words_shows_those_words_escaped_when_not_understood(slack):
    slack.event(
        sr.app_mention("<@UBOT> qwen3 32b fp8, veja <https://example.com/x|P&amp;D &lt;v2&gt;>"), "EvLL1"
    )
    [posted] = slack.fake.wait_for("chat.postMessage")
    text = text_of(posted.params["blocks"])
    assert "Qwen3 32B" in text and "example.com" not in text
    # Slack's mrkdwn needs &, < and > escaped: the words come back as typed, not as markup.
    assert "&lt;v2&gt;" in text and "<v2>" not in text
