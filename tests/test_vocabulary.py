"""The word lists in sizing/data/vocabulary: how an entry is written, and mistakes named by file and key."""

import re
import shutil

import msgspec
import pytest

from sizing import vocabulary
from sizing.catalog import CatalogError
from sizing.query import QueryError, parse
from sizing.vocabulary import VOCABULARY_DIR, alternation, load_vocabulary, strip_accents


def _matches(entry: str, text: str) -> bool:
    return re.fullmatch(alternation([entry]), strip_accents(text)) is not None


@pytest.mark.parametrize(
    ("entry", "text", "matches"),
    [
        ("usuários", "USUARIOS", True),
        ("usuarios", "usuários", True),
        ("dentro de", "dentro   de", True),
        ("dentro de", "dentrode", False),
        ("fine-tune", "fine-tune", True),
        ("fine-tune", "finetune", True),
        ("fine-tune", "fine tune", True),
        ("inferênc*", "inferencia", True),
        ("inferênc*", "inferência", True),
        ("inferênc*", "infer", False),
        ("q&a", "q&a", True),
    ],
)
def test_an_entry_is_written_the_way_people_type(entry, text, matches):
    assert _matches(entry, text) is matches


def test_every_file_loads_and_names_its_language():
    vocabulary = load_vocabulary()
    assert {"pt-BR", "pt-PT", "en"} <= set(vocabulary.languages)
    assert vocabulary.languages["pt-PT"].variant_of == "pt-BR"
    assert vocabulary.numbers["tres"] == 3 and vocabulary.numbers["dezasseis"] == 16


def _copy_with(tmp_path, name: str, extra: str):
    for path in VOCABULARY_DIR.glob("*.toml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / name).open("a", encoding="utf-8") as f:
        f.write(extra)
    load_vocabulary.cache_clear()
    try:
        return load_vocabulary(tmp_path)
    finally:
        load_vocabulary.cache_clear()


def test_a_word_added_to_a_list_is_read(tmp_path):
    vocabulary = _copy_with(tmp_path, "pt-PT.toml", '\n[counts]\nthings = ["ficheiros"]\n')
    assert "ficheiros" in vocabulary.words("counts.things")
    assert "documentos" in vocabulary.words("counts.things")  # the other files' words stay


@pytest.mark.parametrize(
    ("name", "extra", "words"),
    [
        ("pt-PT.toml", '\n[stagez]\nlora = ["x"]\n', ["pt-PT.toml", "[stagez]"]),
        ("pt-PT.toml", '\n[intents]\nevaluatio = ["x"]\n', ["pt-PT.toml", "[intents] evaluatio"]),
        ("pt-PT.toml", '\n[intents]\nevaluation = "x"\n', ["pt-PT.toml", "[intents] evaluation", "list"]),
        (
            "pt-PT.toml",
            '\n[intents]\nevaluation = ["x", " "]\n',
            ["pt-PT.toml", "[intents] evaluation", "list"],
        ),
        (
            "pt-PT.toml",
            '\n[intents]\nevaluation = ["x", 3]\n',
            ["pt-PT.toml", "[intents] evaluation", "list"],
        ),
        ("all.toml", '\n[numbers]\nvinte = "20"\n', ["all.toml", "[numbers] vinte", "whole number"]),
        ("pt-PT.toml", "\n[tasks\n", ["pt-PT.toml"]),
    ],
)
def test_a_mistake_names_the_file_and_the_key(tmp_path, name, extra, words):
    with pytest.raises(CatalogError) as e:
        _copy_with(tmp_path, name, extra)
    for word in words:
        assert word in str(e.value)


@pytest.fixture
def data_cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(folder))
    load_vocabulary.cache_clear()
    yield folder
    load_vocabulary.cache_clear()


def _built_again(folder):
    """load_vocabulary of a new process (its own cache of results cleared)."""
    load_vocabulary.cache_clear()
    return load_vocabulary(folder)


def test_the_next_process_reads_the_vocabulary_it_built_from_the_cache(tmp_path, data_cache, monkeypatch):
    """Built once (7 files merged and checked), then decoded whole from the data cache: the same words."""
    from sizing import vocabulary

    words = tmp_path / "words"
    shutil.copytree(VOCABULARY_DIR, words)
    built = _built_again(words)
    assert [p.name for p in data_cache.iterdir() if p.name.startswith("vocabulary-")]

    def refuse(files):
        raise AssertionError("built again")

    monkeypatch.setattr(vocabulary, "_build", refuse)
    kept = _built_again(words)
    assert kept == built and kept.words("counts.things") == built.words("counts.things")
    assert kept.detect({"usuários", "quantos"}) == built.detect({"usuários", "quantos"}) == "pt-BR"


def test_an_edited_word_list_is_built_anew(tmp_path, data_cache):
    words = tmp_path / "words"
    shutil.copytree(VOCABULARY_DIR, words)
    assert "ficheirozinhos" not in _built_again(words).words("counts.things")
    with (words / "pt-PT.toml").open("a") as f:
        f.write('\n[counts]\nthings = ["ficheirozinhos"]\n')
    assert "ficheirozinhos" in _built_again(words).words("counts.things")


def test_a_damaged_kept_vocabulary_is_built_anew(tmp_path, data_cache):
    words = tmp_path / "words"
    shutil.copytree(VOCABULARY_DIR, words)
    built = _built_again(words)
    for kept in data_cache.glob("vocabulary-*"):
        kept.write_bytes(b"\x93not the vocabulary")
    assert _built_again(words) == built
    assert all(kept.read_bytes() != b"\x93not the vocabulary" for kept in data_cache.glob("vocabulary-*"))


def test_with_the_cache_off_the_vocabulary_is_built_and_nothing_written(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", "off")
    words = tmp_path / "words"
    shutil.copytree(VOCABULARY_DIR, words)
    try:
        assert _built_again(words).words("counts.things")
    finally:
        load_vocabulary.cache_clear()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words"]


# -- a text's plain form is kept from one reading to the next (sizing/vocabulary.py _STRIPPED, issue #14)

_ACCENTED = [
    "Quantas GPUs pra rodar o Llama 3.1 70B em produção com 500 usuários simultâneos?",
    "qwen 32b com contexto de 32 mil, quantas máquinas? Orçamento de R$ 20 mil por mês",
    "Llama 3.1 70B em produção com 50 usuários simultâneos",
    "fine-tuning completo do mistral 7b, 3 épocas, 50 mil exemplos",
]


def _reading(text: str) -> bytes:
    try:
        return msgspec.json.encode(parse(text))
    except QueryError as error:
        return repr((error.key, error.params)).encode()


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)])
def test_questions_read_in_a_row_read_as_each_alone(order):
    alone = []
    for text in _ACCENTED:
        vocabulary._STRIPPED.clear()
        alone.append(_reading(text))
    vocabulary._STRIPPED.clear()
    assert [_reading(_ACCENTED[i]) for i in order] == [alone[i] for i in order]
    # and once more, every text's plain form now kept
    assert [_reading(_ACCENTED[i]) for i in order] == [alone[i] for i in order]


def test_a_plain_form_kept_is_the_text_s_own_and_the_kept_ones_stay_few():
    vocabulary._STRIPPED.clear()
    assert strip_accents("Produção É") == "producao e"
    assert strip_accents("produção é") == "producao e"  # another text, its own entry
    assert strip_accents("Ação") == "acao"
    assert strip_accents("Produção É") == "producao e"
    for i in range(3 * vocabulary._STRIPPED_AT_MOST):
        assert strip_accents(f"ação {i}") == f"acao {i}"
    assert len(vocabulary._STRIPPED) <= vocabulary._STRIPPED_AT_MOST
    long = "produção " * 500  # longer than a question may be: stripped, not kept
    assert strip_accents(long) == "producao " * 500 and long not in vocabulary._STRIPPED
    rare = "".join(map(chr, range(0x4E00, 0x4E00 + 2 * vocabulary._PLAIN_CHARS_AT_MOST)))
    assert strip_accents(rare) == rare and len(vocabulary._PLAIN_TABLE) <= vocabulary._PLAIN_CHARS_AT_MOST
    assert strip_accents("K") == "k"  # the Kelvin sign lowers to ASCII
    assert len(strip_accents("İstanbul")) == len("İstanbul".lower())  # one character for one, as lowered
