"""The errors of the engine: SizingError for a request it cannot size, CatalogError for a data file it cannot
use (defined in sizing/catalog_error.py, which the message files' reader can import: SizingError reads its
sentence from them). Plain classes, so code that only reports them (the message files, the CLIs) imports no
catalogue."""

from __future__ import annotations

from typing import Any

from .catalog_error import CatalogError

__all__ = ["CatalogError", "SizingError"]

# The message keys of errors that reply to the question (SizingError.is_reply), by prefix.
REPLY_KEYS = (
    "query.topic_",
    "query.residency",
    "query.commercial",
    "query.family_model",
    "query.series_size",
)


class SizingError(Exception):
    """A workload that cannot be sized: an unknown name, an impossible value, a contradiction.

    Carries a message key and its parameters, so the same error reads in Portuguese or English
    (`message(lang)`), with a hint saying what would work.
    """

    # Raised while reading, though what it says is the answer (embedding models alone, sizing/query.py's
    # EncoderAnswer): shown as an answer, not as a refusal.
    is_answer = False
    # An answer that says what its GPUs cost where prices are configured (a speech model's): rendered with
    # `priced_message` for the people allowed to see prices.
    priced = False

    @property
    def is_reply(self) -> bool:
        """Whether the message answers or asks back rather than refuses: what the data and the LGPD ask ("os
        dados saem do Brasil?"), the terms sales answer, "Qual Qwen3?". Slack shows a refusal with a warning
        sign; these read as replies."""
        return self.is_answer or self.key.startswith(REPLY_KEYS)

    def __init__(self, key: str, hint: str | None = None, **params: Any) -> None:
        self.key = key
        self.hint_key = hint
        self.params = params
        super().__init__(f"{key} {params}")

    def message(self, lang: str = "pt-BR") -> str:
        from .i18n import t

        return t(lang, f"error.{self.key}", **with_why(self.params, lang))

    def priced_message(self, lang: str = "pt-BR") -> str:
        """The message with prices, for those allowed to see them (the same as `message` unless `priced`)."""
        return self.message(lang)

    def hint(self, lang: str = "pt-BR") -> str | None:
        from .i18n import t

        return t(lang, f"hint.{self.hint_key}", **with_why(self.params, lang)) if self.hint_key else None

    def hub_off(self) -> None:
        """Said where this server does not read the Hub (GPU_SIZER_HUB off): a hint that offers a repo to read
        says instead that its config.json pasted is what works here (hub/pasted.py reads it with no network)."""
        if self.hint_key == "query.uncatalogued_repo":
            self.hint_key = "query.uncatalogued_repo_off"


def with_why(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The parameters, with why a model is not catalogued (models.toml [[uncatalogued]] reason) or why the Hub
    reader could not read a repo (hub_unsupported.<reason>) said in the reader's language: the reason is data,
    its words are the messages'."""
    from .i18n import t

    if "hub_why" in params:  # why the Hub reader could not read a repo's files (hub_unsupported.<reason>)
        reason = t(lang, f"hub_unsupported.{params['hub_why']}", **params.get("hub_why_params", {}))
        params = {**params, "hub_why": reason}
    if "why" not in params:
        return params
    return {**params, "why": t(lang, f"uncatalogued_why.{params['why']}")}
