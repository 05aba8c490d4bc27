"""Settings from the environment. A missing or malformed one stops start-up with one sentence naming it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from sizing.i18n import lang_of, languages

USER_ID = re.compile(r"^[UW][A-Z0-9]{2,}$")
CHANNEL_ID = re.compile(r"^[CGD][A-Z0-9]{2,}$")
USER_GROUP_ID = re.compile(r"^S[A-Z0-9]{2,}$")
BOT_ID = re.compile(r"^[AB][A-Z0-9]{2,}$")  # a bot (B…) or an app (A…)


def join_codes() -> str:
    """'pt-BR, pt-PT or en': the answer languages, as a setting accepts them."""
    codes = sorted(languages(), key=lambda c: (c.split("-")[0] != "pt", c))
    return ", ".join(codes[:-1]) + " or " + codes[-1] if len(codes) > 1 else codes[0]


class SettingsError(Exception):
    """One sentence naming the setting that is wrong and what it should look like."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    # Secrets are SecretStr: printing the settings (or a traceback with them) never shows a token.
    slack_bot_token: SecretStr | None = Field(default=None, validation_alias="SLACK_BOT_TOKEN")
    slack_app_token: SecretStr | None = Field(default=None, validation_alias="SLACK_APP_TOKEN")
    slack_signing_secret: SecretStr | None = Field(default=None, validation_alias="SLACK_SIGNING_SECRET")
    slack_api_url: str = Field(default="https://slack.com/api/", validation_alias="SLACK_API_URL")
    db_path: Path = Field(default=Path("gpu-sizer.db"), validation_alias="GPU_SIZER_DB")
    lang: str = Field(default="pt-BR", validation_alias="GPU_SIZER_LANG")
    sales_channel: str | None = Field(default=None, validation_alias="GPU_SIZER_SALES_CHANNEL")
    managers: Annotated[list[str], NoDecode] = Field(
        default_factory=list, validation_alias="GPU_SIZER_MANAGERS"
    )
    # Who may work the lead cards: Slack user IDs and/or user group IDs (S…, checked with
    # usergroups.users.list). Nobody when empty: the cards then say so to whoever presses a button.
    sales_team: Annotated[list[str], NoDecode] = Field(
        default_factory=list, validation_alias="GPU_SIZER_SALES_TEAM"
    )
    # Other bots whose messages are answered (bot IDs, B…); by default only people are.
    answer_bots: Annotated[list[str], NoDecode] = Field(
        default_factory=list, validation_alias="GPU_SIZER_ANSWER_BOTS"
    )
    # Whether the manifest turns Slack's assistant container on (`assistant_view`): "on", its threads greet each
    # person and the Messages tab never does; "off", the Messages tab welcomes; "auto", learned from the first
    # thread the container opens (a welcome waits a moment for it: both may arrive at once, the first time).
    assistant: Literal["auto", "on", "off"] = Field(default="auto", validation_alias="GPU_SIZER_ASSISTANT")
    # Where rows wait when the database cannot take them, and the claims that answer Slack's retries once
    # (default: a folder next to the database, "<GPU_SIZER_DB>.spool").
    spool_dir: Path | None = Field(default=None, validation_alias="GPU_SIZER_SPOOL")
    retention_days: int = Field(default=180, ge=1, le=3650, validation_alias="GPU_SIZER_RETENTION_DAYS")
    slack_timeout: float = Field(default=10, gt=0, le=120, validation_alias="GPU_SIZER_SLACK_TIMEOUT")
    # How often each worker reads whether another learned the bot token is gone (bot/slack_client.TokenGate).
    token_check_s: float = Field(default=1.0, ge=0, le=60, validation_alias="GPU_SIZER_TOKEN_CHECK_S")
    # Backups and replication of the request log (bot/log/backup.py, bot/log/replication.py; README, "Deploying").
    backup_dir: Path | None = Field(default=None, validation_alias="GPU_SIZER_BACKUP_DIR")
    backup_time: str = Field(default="03:00", validation_alias="GPU_SIZER_BACKUP_TIME")
    backup_keep: int = Field(default=7, validation_alias="GPU_SIZER_BACKUP_KEEP")
    replica_url: str | None = Field(default=None, validation_alias="GPU_SIZER_REPLICA_URL")
    replica_sync_interval: str = Field(default="1s", validation_alias="GPU_SIZER_REPLICA_SYNC_INTERVAL")
    replica_check_seconds: float = Field(default=60, validation_alias="GPU_SIZER_REPLICA_CHECK_SECONDS")
    litestream_config: Path | None = Field(default=None, validation_alias="GPU_SIZER_LITESTREAM_CONFIG")
    # Models the catalogue lacks are read from the Hugging Face Hub (HF_ENDPOINT, HF_TOKEN are the library's).
    hub_enabled: bool = Field(default=True, validation_alias="GPU_SIZER_HUB")
    # Seconds a question may wait for the Hub: Slack wants its answer within 3 s.
    hub_budget_s: float = Field(default=1.5, ge=0, le=2.5, validation_alias="GPU_SIZER_HUB_BUDGET")
    hub_timeout_s: float = Field(default=10, gt=0, le=120, validation_alias="GPU_SIZER_HUB_TIMEOUT")
    hub_cache_dir: Path | None = Field(default=None, validation_alias="GPU_SIZER_HUB_CACHE")
    hub_cache_days: float = Field(default=7, gt=0, le=365, validation_alias="GPU_SIZER_HUB_CACHE_DAYS")

    @field_validator("slack_bot_token", mode="before")
    @classmethod
    def _bot_token(cls, v: str | None) -> str | None:
        if v and not v.startswith("xoxb-"):
            raise ValueError("must be a bot token starting with xoxb-")
        return v or None

    @field_validator("slack_app_token", mode="before")
    @classmethod
    def _app_token(cls, v: str | None) -> str | None:
        if v and not v.startswith("xapp-"):
            raise ValueError(
                "must be an app-level token starting with xapp- (with the connections:write scope)"
            )
        return v or None

    @field_validator("slack_signing_secret", mode="before")
    @classmethod
    def _secret(cls, v: str | None) -> str | None:
        if v and not re.fullmatch(r"[0-9a-fA-F]{16,}", v):
            raise ValueError(
                "must be the app's signing secret: the hexadecimal string under Basic Information"
            )
        return v or None

    @field_validator("slack_api_url")
    @classmethod
    def _api_url(cls, v: str) -> str:
        if not re.match(r"^https?://[^\s/]+", v):
            raise ValueError("must be an http(s) URL such as https://slack.com/api/")
        return v if v.endswith("/") else v + "/"

    @field_validator("lang")
    @classmethod
    def _lang(cls, v: str) -> str:
        primaries = {code.split("-")[0].lower() for code in languages()}
        m = re.fullmatch(r"([a-z]{2})([-_][a-z]{2})?", v.strip().lower())
        if not m or m.group(1) not in primaries:
            raise ValueError(f"must be {join_codes()}")
        return lang_of(v)

    @field_validator("sales_channel")
    @classmethod
    def _sales_channel(cls, v: str | None) -> str | None:
        if v and not CHANNEL_ID.match(v):
            raise ValueError(
                "must be a channel ID such as C0123ABCD (channel details > About, at the bottom)"
            )
        return v or None

    @field_validator("managers", mode="before")
    @classmethod
    def _managers(cls, v) -> list[str]:
        ids = _ids(v)
        bad = [i for i in ids if not USER_ID.match(i)]
        if bad:
            raise ValueError(f"must be Slack user IDs separated by commas (U0123ABCD); not one: {bad[0]}")
        return ids

    @field_validator("backup_dir", "litestream_config", mode="before")
    @classmethod
    def _optional_path(cls, v):
        return v or None  # set but empty reads as not set

    @field_validator("backup_time", mode="before")
    @classmethod
    def _backup_time(cls, v) -> str:
        match = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", str(v or ""))
        if not match or int(match[1]) > 23 or int(match[2]) > 59:
            raise ValueError("must be a time of day in UTC such as 03:00")
        return f"{int(match[1]):02d}:{match[2]}"

    @field_validator("backup_keep", mode="before")
    @classmethod
    def _backup_keep(cls, v) -> int:
        try:
            keep = int(str(v).strip())
        except ValueError:
            keep = 0
        if not 1 <= keep <= 3650:
            raise ValueError("must be how many daily backups to keep, a whole number from 1 to 3650")
        return keep

    @field_validator("replica_url", mode="before")
    @classmethod
    def _replica_url(cls, v) -> str | None:
        v = (v or "").strip()
        if v and not re.fullmatch(r"(file|s3|gs|abs|sftp|webdav|webdavs)://\S+", v):
            raise ValueError(
                "must be a Litestream replica URL such as s3://bucket/gpu-sizer or file:///mnt/replica/gpu-sizer"
            )
        return v or None

    @field_validator("replica_sync_interval", mode="before")
    @classmethod
    def _sync_interval(cls, v) -> str:
        v = str(v or "").strip()
        if not re.fullmatch(r"\d+(ms|s|m|h)", v) or not int(re.match(r"\d+", v)[0]):
            raise ValueError("must be a duration such as 1s, 10s or 1m")
        return v

    @field_validator("replica_check_seconds", mode="before")
    @classmethod
    def _check_seconds(cls, v) -> float:
        try:
            seconds = float(str(v).strip())
        except ValueError:
            seconds = 0
        if not 1 <= seconds <= 3600:
            raise ValueError("must be a number of seconds from 1 to 3600")
        return seconds

    @field_validator("sales_team", mode="before")
    @classmethod
    def _sales_team(cls, v) -> list[str]:
        ids = _ids(v)
        bad = [i for i in ids if not (USER_ID.match(i) or USER_GROUP_ID.match(i))]
        if bad:
            raise ValueError(
                "must be Slack user IDs (U0123ABCD) or user group IDs (S0123ABCD) separated by commas;"
                f" not one: {bad[0]}"
            )
        return ids

    @field_validator("answer_bots", mode="before")
    @classmethod
    def _answer_bots(cls, v) -> list[str]:
        ids = _ids(v)
        bad = [i for i in ids if not BOT_ID.match(i)]
        if bad:
            raise ValueError(
                f"must be Slack bot or app IDs separated by commas (B0123ABCD, A0123ABCD); not one: {bad[0]}"
            )
        return ids

    @property
    def spool(self) -> Path:
        """The spool folder: GPU_SIZER_SPOOL, or "<GPU_SIZER_DB>.spool" next to the database."""
        return self.spool_dir or Path(f"{self.db_path}.spool")

    @property
    def bot_token(self) -> str | None:
        return self.slack_bot_token.get_secret_value() if self.slack_bot_token else None

    @property
    def app_token(self) -> str | None:
        return self.slack_app_token.get_secret_value() if self.slack_app_token else None

    @property
    def signing_secret(self) -> str | None:
        return self.slack_signing_secret.get_secret_value() if self.slack_signing_secret else None


ENV_NAMES = {
    "slack_bot_token": "SLACK_BOT_TOKEN", "slack_app_token": "SLACK_APP_TOKEN",
    "slack_signing_secret": "SLACK_SIGNING_SECRET", "slack_api_url": "SLACK_API_URL", "db_path": "GPU_SIZER_DB",
    "lang": "GPU_SIZER_LANG", "sales_channel": "GPU_SIZER_SALES_CHANNEL", "managers": "GPU_SIZER_MANAGERS",
    "retention_days": "GPU_SIZER_RETENTION_DAYS", "slack_timeout": "GPU_SIZER_SLACK_TIMEOUT",
    "backup_dir": "GPU_SIZER_BACKUP_DIR", "backup_time": "GPU_SIZER_BACKUP_TIME", "backup_keep": "GPU_SIZER_BACKUP_KEEP",
    "replica_url": "GPU_SIZER_REPLICA_URL", "replica_sync_interval": "GPU_SIZER_REPLICA_SYNC_INTERVAL",
    "replica_check_seconds": "GPU_SIZER_REPLICA_CHECK_SECONDS", "litestream_config": "GPU_SIZER_LITESTREAM_CONFIG",
    "hub_enabled": "GPU_SIZER_HUB", "hub_budget_s": "GPU_SIZER_HUB_BUDGET", "hub_timeout_s": "GPU_SIZER_HUB_TIMEOUT",
    "hub_cache_dir": "GPU_SIZER_HUB_CACHE", "hub_cache_days": "GPU_SIZER_HUB_CACHE_DAYS",
    "sales_team": "GPU_SIZER_SALES_TEAM", "answer_bots": "GPU_SIZER_ANSWER_BOTS", "spool_dir": "GPU_SIZER_SPOOL",
    "assistant": "GPU_SIZER_ASSISTANT", "token_check_s": "GPU_SIZER_TOKEN_CHECK_S",
}  # fmt: skip


def _ids(v) -> list[str]:
    """A comma- or space-separated list of Slack IDs (also as a list), <@U…|name> as Slack writes it."""
    raw = re.split(r"[,\s]+", v) if isinstance(v, str) else list(v or [])
    return [
        re.sub(r"^<[@!]?(?:subteam\^)?([A-Z0-9]+)(?:\|[^>]*)?>$", r"\1", str(p).strip())
        for p in raw
        if str(p).strip()
    ]


def load_settings(**overrides) -> Settings:
    """Reads the environment (overrides win); raises SettingsError with one sentence on a bad value."""
    try:
        return Settings(**{ENV_NAMES.get(k, k): v for k, v in overrides.items()})
    except ValidationError as e:
        first = e.errors()[0]
        name = str(first["loc"][0]) if first["loc"] else "settings"
        env = ENV_NAMES.get(name, name.upper())
        message = first["msg"].removeprefix("Value error, ")
        raise SettingsError(f"{env} {message}.") from None


def require_http(settings: Settings) -> None:
    """HTTP mode answers Slack's requests itself, so it needs the bot token and the signing secret."""
    for value, env in (
        (settings.bot_token, "SLACK_BOT_TOKEN"),
        (settings.signing_secret, "SLACK_SIGNING_SECRET"),
    ):
        if not value:
            raise SettingsError(
                f"{env} is missing: HTTP mode needs it (see README, 'Connect a Slack workspace')."
            )


def require_socket(settings: Settings) -> None:
    for value, env in ((settings.bot_token, "SLACK_BOT_TOKEN"), (settings.app_token, "SLACK_APP_TOKEN")):
        if not value:
            raise SettingsError(
                f"{env} is missing: Socket Mode needs it (see README, 'Connect a Slack workspace')."
            )
