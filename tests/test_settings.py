import pytest

from bot.settings import SettingsError, load_settings


def test_defaults_need_no_slack_at_all(monkeypatch):
    for name in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET", "GPU_SIZER_LANG"):
        monkeypatch.delenv(name, raising=False)
    s = load_settings()
    assert s.bot_token is None and s.lang == "pt-BR" and s.slack_api_url == "https://slack.com/api/"


def test_tokens_never_show_when_settings_are_printed():
    s = load_settings(slack_bot_token="xoxb-secret-123", slack_signing_secret="abcdef0123456789abcdef")
    assert "xoxb-secret-123" not in repr(s) and "abcdef0123456789abcdef" not in str(s)
    assert s.bot_token == "xoxb-secret-123"


@pytest.mark.parametrize(
    ("overrides", "sentence"),
    [
        ({"slack_app_token": "xoxb-wrong"}, "SLACK_APP_TOKEN must be an app-level token"),
        ({"slack_signing_secret": "not hex!"}, "SLACK_SIGNING_SECRET must be the app's signing secret"),
        ({"slack_api_url": "slack.com"}, "SLACK_API_URL must be an http(s) URL"),
        ({"sales_channel": "#vendas"}, "GPU_SIZER_SALES_CHANNEL must be a channel ID"),
        ({"managers": "U0123ABC, maria"}, "GPU_SIZER_MANAGERS must be Slack user IDs"),
        ({"retention_days": 0}, "GPU_SIZER_RETENTION_DAYS"),
        (
            {"sales_team": "U0123ABC, #vendas"},
            "GPU_SIZER_SALES_TEAM must be Slack user IDs (U0123ABCD) or user group IDs",
        ),
        ({"answer_bots": "U0123ABC"}, "GPU_SIZER_ANSWER_BOTS must be Slack bot or app IDs"),
        ({"assistant": "maybe"}, "GPU_SIZER_ASSISTANT Input should be 'auto', 'on' or 'off'"),
    ],
)
def test_one_sentence_names_the_bad_setting(overrides, sentence):
    with pytest.raises(SettingsError) as e:
        load_settings(**overrides)
    assert str(e.value).startswith(sentence) and str(e.value).endswith(".")
    assert "\n" not in str(e.value)


def test_managers_and_api_url_are_normalised():
    s = load_settings(managers="U0123ABC,  W0456DEF", slack_api_url="http://127.0.0.1:9000/api")
    assert s.managers == ["U0123ABC", "W0456DEF"] and s.slack_api_url.endswith("/api/")


def test_the_sales_team_takes_people_and_user_groups_as_slack_writes_them():
    s = load_settings(sales_team="U0123ABC, <!subteam^S0456DEF|@vendas> W0789GHI", answer_bots="B0123ABC")
    assert s.sales_team == ["U0123ABC", "S0456DEF", "W0789GHI"] and s.answer_bots == ["B0123ABC"]
    assert str(load_settings(db_path="/data/log.db").spool) == "/data/log.db.spool"
