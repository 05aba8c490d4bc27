"""The parsed data files' cache: a copy that is never wrong, and never needed."""

import marshal
import os
from pathlib import Path

import pytest

from sizing import tomlfiles


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(folder))
    return folder


def test_a_file_parsed_once_is_read_from_the_cache(tmp_path, cache):
    data = tmp_path / "gpus.toml"
    data.write_text('[h100]\nmemory_gb = 80\nname = "H100"\n')
    assert tomlfiles.load(data) == {"h100": {"memory_gb": 80, "name": "H100"}}
    (kept,) = cache.iterdir()
    # What the cache holds is what the next read returns: the file is not parsed again.
    kept.write_bytes(marshal.dumps({"from": "cache"}))
    assert tomlfiles.load(data) == {"from": "cache"}


def test_an_edited_file_is_read_anew(tmp_path, cache):
    data = tmp_path / "offering.toml"
    data.write_text("price = 9.5\n")
    assert tomlfiles.load(data) == {"price": 9.5}
    stat = data.stat()
    data.write_text("price = 7.5\n")
    os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size and time: only the content differs
    assert tomlfiles.load(data) == {"price": 7.5}


def test_each_read_gets_its_own_copy(tmp_path, cache):
    data = tmp_path / "models.toml"
    data.write_text("ids = [1, 2]\n")
    first = tomlfiles.load(data)
    first["ids"].append(3)
    assert tomlfiles.load(data) == {"ids": [1, 2]}


def test_a_damaged_cache_file_is_parsed_again(tmp_path, cache):
    data = tmp_path / "stacks.toml"
    data.write_text("vllm = true\n")
    tomlfiles.load(data)
    (kept,) = cache.iterdir()
    kept.write_bytes(b"\x00not marshal")
    assert tomlfiles.load(data) == {"vllm": True}


def test_no_cache_when_the_folder_cannot_be_written(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(blocker / "cache"))  # a folder under a file
    data = tmp_path / "traffic.toml"
    data.write_text("peak_share = 0.1\n")
    assert tomlfiles.load(data) == {"peak_share": 0.1}
    assert tomlfiles.load(data) == {"peak_share": 0.1}


def test_off_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    data = tmp_path / "gpus.toml"
    data.write_text("a = 1\n")
    assert tomlfiles.load(data) == {"a": 1}
    assert not (tmp_path / "xdg").exists()


def test_dates_are_parsed_each_time(tmp_path, cache):
    data = tmp_path / "prices.toml"
    data.write_text("since = 2026-12-01\n")
    assert str(tomlfiles.load(data)["since"]) == "2026-12-01"
    assert not cache.exists() or not any(cache.iterdir())


def test_not_toml_is_a_parse_error(tmp_path, cache):
    data = tmp_path / "broken.toml"
    data.write_text("memory_gb = = 80\n")
    with pytest.raises(tomlfiles.ParseError):
        tomlfiles.load(data)
    data.write_bytes(b"name = '\xff'\n")
    with pytest.raises(tomlfiles.ParseError):
        tomlfiles.load(data)


def _kept_words(data: Path, code: Path, calls: list) -> frozenset[str]:
    """tomlfiles.kept of a value worked out from one data file by one module (`code`), counting the work."""

    def build():
        calls.append(1)
        return frozenset(tomlfiles.load(data)["words"])

    return tomlfiles.kept("words", [data], [code], build)


def test_a_value_worked_out_from_files_is_kept_until_its_file_or_code_changes(tmp_path, cache):
    data, code = tmp_path / "words.toml", tmp_path / "builder.py"
    data.write_text('words = ["lora", "qlora"]\n')
    code.write_text("# works the words out\n")
    calls: list = []
    assert _kept_words(data, code, calls) == {"lora", "qlora"}
    assert _kept_words(data, code, calls) == {"lora", "qlora"} and len(calls) == 1  # the next process: kept
    data.write_text('words = ["lora", "dora"]\n')
    assert _kept_words(data, code, calls) == {"lora", "dora"} and len(calls) == 2  # an edited data file
    code.write_text("# works the words out, otherwise\n")
    assert _kept_words(data, code, calls) == {"lora", "dora"} and len(calls) == 3  # an edited builder
    os.utime(code, ns=(1, 1))  # its modification time set otherwise (a copy keeping another's times)
    assert _kept_words(data, code, calls) == {"lora", "dora"} and len(calls) == 4


def test_a_kept_value_that_cannot_be_read_is_worked_out_again(tmp_path, cache):
    data, code = tmp_path / "words.toml", tmp_path / "builder.py"
    data.write_text('words = ["lora"]\n')
    code.write_text("# works the words out\n")
    calls: list = []
    _kept_words(data, code, calls)
    for kept in cache.glob("words-*"):
        kept.write_bytes(b"\xffnot marshal")
    assert _kept_words(data, code, calls) == {"lora"} and len(calls) == 2
    assert _kept_words(data, code, calls) == {"lora"} and len(calls) == 2  # written again, whole


def test_with_the_cache_off_a_value_is_worked_out_each_time(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", "off")
    data, code = tmp_path / "words.toml", tmp_path / "builder.py"
    data.write_text('words = ["lora"]\n')
    code.write_text("# works the words out\n")
    calls: list = []
    _kept_words(data, code, calls)
    _kept_words(data, code, calls)
    assert len(calls) == 2 and sorted(p.name for p in tmp_path.iterdir()) == ["builder.py", "words.toml"]
