"""The Hub's settings as gpu-size reads them (bot/kept_settings.py): validated by bot/settings.py once for an
environment, then read from the data cache without pydantic; the same values, the same refusal."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.kept_settings import HUB_FIELDS, hub_settings
from bot.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def environment(tmp_path, monkeypatch):
    """A data cache of its own, and none of the settings' variables set."""
    for name in list(os.environ):
        if name.upper().startswith(("SLACK_", "GPU_SIZER_")):
            monkeypatch.delenv(name)
    folder = tmp_path / "cache"
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(folder))
    return folder


def _as_loaded() -> tuple[dict | None, str | None]:
    try:
        settings = load_settings()
    except SettingsError as e:
        return None, str(e)
    return {field: getattr(settings, field) for field in HUB_FIELDS}, None


def _kept() -> tuple[dict | None, str | None]:
    settings, error = hub_settings()
    return (vars(settings) if settings is not None else None), error


@pytest.mark.parametrize(
    "variables",
    [
        {},
        {"GPU_SIZER_HUB": "off", "GPU_SIZER_HUB_CACHE": "/tmp/hub-cache", "GPU_SIZER_HUB_TIMEOUT": "2.5"},
        {"gpu_sizer_hub_budget": "0.5", "GPU_SIZER_HUB_CACHE_DAYS": "30"},  # any case, as pydantic reads it
        {"GPU_SIZER_HUB": "banana"},
        {"GPU_SIZER_HUB_CACHE_DAYS": "-1"},
        {"SLACK_BOT_TOKEN": "not-a-bot-token"},  # another setting wrong: the refusal is the same
    ],
)
def test_the_hubs_settings_are_load_settings_own_validated_or_kept(environment, monkeypatch, variables):
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    expected = _as_loaded()
    assert _kept() == expected  # validated, and kept
    assert any(p.name.startswith("settings-") for p in environment.iterdir())
    assert _kept() == expected  # from the data cache


def test_another_environment_is_validated_anew(environment, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB_TIMEOUT", "3")
    assert _kept()[0]["hub_timeout_s"] == 3
    monkeypatch.setenv("GPU_SIZER_HUB_TIMEOUT", "7")
    assert _kept()[0]["hub_timeout_s"] == 7
    monkeypatch.setenv("GPU_SIZER_HUB_TIMEOUT", "700")
    assert _kept() == _as_loaded() and _kept()[1].startswith("GPU_SIZER_HUB_TIMEOUT")


def test_no_value_of_a_variable_is_written(environment, monkeypatch):
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-never-written-0123456789")
    monkeypatch.setenv("SLACK_SIGNING_SECRET", "abcdef0123456789abcdef0123456789")
    assert _kept()[1] is None
    for path in environment.iterdir():
        assert b"never-written" not in path.read_bytes() and "never-written" not in path.name
        assert b"abcdef0123456789" not in path.read_bytes()


def test_a_hub_question_from_kept_settings_does_not_load_pydantic(tmp_path):
    """A question naming a Hub repo, asked again: its settings are read kept, and the answer is the same."""
    probe = (
        "import contextlib, io, sys\nfrom bot import cli\nout = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n    status = cli.main(['acme-labs/fancy-model-13b', '8k'])\n"
        "print(status, 'pydantic' in sys.modules)\nprint(out.getvalue())"
    )
    env = {**os.environ, "GPU_SIZER_DATA_CACHE": str(tmp_path / "cache"), "GPU_SIZER_HUB": "off"}
    runs = [
        subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True)
        for _ in range(2)
    ]
    (first, *_), (second, *_) = (run.stdout.split("\n", 1) for run in runs)
    assert first == "0 True" and second == "0 False", (runs[0].stderr, runs[1].stderr)
    assert runs[0].stdout.split("\n", 1)[1] == runs[1].stdout.split("\n", 1)[1]
    assert "fancy-model-13b" in runs[1].stdout
