"""A name the catalogue does not know is answered with the names closest to it (sizing/names.py _suggest): the
closest of all the catalogue's names, as difflib ranks them, whichever names were not understood before it and
whichever catalogue is asked."""

from __future__ import annotations

import difflib
import random

import pytest

from sizing.catalog import load_catalog
from sizing.errors import SizingError
from sizing.names import normalize, resolve_gpu, resolve_model, resolve_precision
from tests.data_folders import data_copy


def _offered(resolve, text: str, catalog) -> list[str]:
    with pytest.raises(SizingError) as e:
        resolve(text, catalog)
    said = e.value.params.get("suggestions")
    return said.split(", ") if said else []


def _closest(text: str, items) -> list[str]:
    """What the answer offers, worked out the plain way: difflib over every name of every item."""
    keyed = {normalize(n): item.name for item in items for n in (item.id, item.name, *item.aliases)}
    close = difflib.get_close_matches(normalize(text), list(keyed), n=6, cutoff=0.6)
    return list(dict.fromkeys(keyed[c] for c in close))[:3]


def _misspelt(names: list[str], count: int, seed: int) -> list[str]:
    """Names as typed with slips: letters dropped, doubled or added, some shortened or run long."""
    rng = random.Random(seed)
    out = []
    for name in rng.sample(names, count):
        letters = list(name)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(letters) + 1)
            slip = rng.choice(("drop", "double", "add"))
            if slip == "drop" and at < len(letters) and len(letters) > 2:
                del letters[at]
            elif slip == "double" and at < len(letters):
                letters.insert(at, letters[at])
            else:
                letters.insert(at, rng.choice("aeixz019-"))
        text = "".join(letters)
        out.append(text[: rng.randint(3, len(text))] if rng.random() < 0.2 else text)
    return out


def test_a_misspelt_model_is_offered_the_closest_of_all_the_catalogues_names():
    catalog = load_catalog()
    names = sorted({m.name for m in catalog.all_models})
    offered_any = 0
    typed = ["gpt-7", "lama 70b", "mistral larg 3 675b instruct preview x"]
    for text in [*_misspelt(names, 60, seed=14), *typed]:
        if normalize(text) in {normalize(n) for n in names}:
            continue  # a slip that spells another name: no error to offer anything in
        try:
            resolve_model(text, catalog)
        except SizingError as e:
            said = e.params.get("suggestions")
            assert (said.split(", ") if said else []) == _closest(text, catalog.all_models), text
            offered_any += bool(said)
    assert offered_any >= 20  # most slips are close enough to be offered their name


def test_misspelt_gpus_and_precisions_are_offered_theirs():
    catalog = load_catalog()
    for text in ["h300", "a1000", "rtx 5099", "b2000", "l41s", "h2000"]:
        assert _offered(resolve_gpu, text, catalog) == _closest(text, catalog.gpus)
    for text in ["fp9", "in4", "bf61", "nf5"]:
        assert _offered(resolve_precision, text, catalog) == _closest(text, catalog.precisions)


def test_names_not_understood_in_a_row_are_each_offered_what_they_are_offered_alone(tmp_path):
    catalog = load_catalog()
    # An operator's copy of the catalogue, one GPU renamed: its names are offered there, and only there.
    data = data_copy(tmp_path)
    gpus = data / "gpus.toml"
    gpus.write_text(
        gpus.read_text(encoding="utf-8").replace('name = "H200 SXM 141 GB"', 'name = "H3000 SXM 141 GB"'),
        encoding="utf-8",
    )
    other = load_catalog(data)
    asks = [
        (resolve_gpu, "h300", catalog),
        (resolve_model, "lama 70b", catalog),
        (resolve_gpu, "h300", other),
        (resolve_precision, "fp9", catalog),
        (resolve_gpu, "h300", catalog),
        (resolve_gpu, "h3000 sxm", other),
    ]
    alone = [_closest(text, catalog.all_models if resolve is resolve_model else
                      catalog.precisions if resolve is resolve_precision else where.gpus)
             for resolve, text, where in asks]  # fmt: skip
    for _ in range(2):
        assert [_offered(resolve, text, where) for resolve, text, where in asks] == alone
    assert "H3000 SXM 141 GB" in alone[2] + alone[5]
    assert "H3000 SXM 141 GB" not in alone[0] + alone[4]
