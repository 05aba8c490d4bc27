"""Llama Guard 4 12B: a dense 12B pruned from Llama 4 Scout (its model card), whose config.json is not cited
in models.toml. Asked for by name or by its repo, the answer says it is not in the catalogue and names close
models; it had been sized as Llama 2 13B ("llama" and "12b" read, "guard 4" dropped)."""

import pytest

from bot.cli import main as gpu_size
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import QueryError, parse


@pytest.mark.parametrize(
    "text",
    [
        "llama guard 4 12b",
        "Llama Guard 4 em fp8 para 10 usuários",
        "llama-guard-4-12b numa L40S",
        "llamaguard 4",
    ],
)
def test_llama_guard_4_by_name_is_said_missing_never_another_model(text):
    with pytest.raises(QueryError) as raised:
        parse(text)
    message = raised.value.message("pt-BR") + (raised.value.hint("pt-BR") or "")
    assert raised.value.key == "query.uncatalogued" and "Llama Guard 4 12B" in message
    assert "Llama Guard 3 8B" in message and "Llama 2 13B" not in message
    assert "`/gpu meta-llama/Llama-Guard-4-12B" in message  # the repo to paste, whose config.json is read


@pytest.mark.parametrize("repo", ["meta-llama/Llama-Guard-4-12B", "unsloth/Llama-Guard-4-12B-GGUF"])
def test_its_repo_unread_is_not_sized_as_another_llama_either(repo):
    # Without the Hub's config.json, the repo's name is all there is: the catalogue knows that name.
    with pytest.raises(SizingError) as raised:
        size(parse(f"quanto precisa o {repo} em fp8").workload)
    assert raised.value.key == "query.uncatalogued" and "Llama Guard 4 12B" in raised.value.message("pt-BR")


def test_llama_guard_3_is_still_sized(capsys):
    assert gpu_size(["llama guard 3 8b para 10 usuários"]) == 0
    assert "Llama Guard 3 8B" in capsys.readouterr().out


def test_the_cli_refuses_with_the_closest_models_and_no_traceback(capsys):
    assert gpu_size(["llama guard 4 12b"]) != 0
    err = capsys.readouterr().err
    assert "não está no catálogo" in err and "Gemma 3 12B" in err and "Traceback" not in err
