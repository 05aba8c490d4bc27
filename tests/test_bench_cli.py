"""`python -m bench` reads its arguments: --help prints them and runs nothing, a misspelt part is refused."""

from __future__ import annotations

import pytest

from bench.__main__ import PARTS, main


def test_help_runs_nothing_and_writes_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    assert "--only" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []  # "--help" used to become the results file's name


def test_an_unknown_part_is_refused_with_the_parts_there_are(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--only", "fresh,bogus"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "unknown part bogus" in err and all(part in err for part in PARTS)
