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


def test_answer_cpu_help_prints_its_options_and_measures_nothing(monkeypatch, capsys):
    import bench.answer_cpu as answer_cpu

    measured = []
    monkeypatch.setattr(answer_cpu, "_question_sets", lambda n: measured.append(n) or {})
    with pytest.raises(SystemExit) as done:
        answer_cpu.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert all(option in out for option in ("--against", "--runs", "--n", "--paired", "--priced", "--calls"))
    assert measured == []  # "--help" had run the benchmark


def test_answer_cpu_priced_prices_every_gpu_of_the_trees_own_offering(monkeypatch):
    import bench.answer_cpu as answer_cpu
    from sizing.catalog import load_catalog

    data = answer_cpu._priced_data(answer_cpu.ROOT)
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    try:
        offering = load_catalog().offering
        assert offering.has_prices
        prices = {o.gpu: o.price_per_gpu_hour for o in offering.offer}
    finally:
        load_catalog.cache_clear()
    assert all(p and p["on_demand"] > p["reserved"] for p in prices.values())
    assert prices["h100-sxm"]["on_demand"] > prices["l40s"]["on_demand"]


def test_answer_cpu_refuses_a_run_count_that_is_no_number(capsys):
    import bench.answer_cpu as answer_cpu

    with pytest.raises(SystemExit) as done:
        answer_cpu.main(["--runs", "x"])
    assert done.value.code == 2
    assert "--runs: expected a whole number of 1 or more, got 'x'" in capsys.readouterr().err


@pytest.mark.parametrize("given", ["5000,2", "5000,2,x", "0,2,133"])
def test_gc_pauses_refuses_thresholds_that_are_not_three_counts(capsys, given):
    import bench.gc_pauses as gc_pauses

    with pytest.raises(SystemExit) as done:
        gc_pauses.main(["--thresholds", given])
    assert done.value.code == 2
    assert (
        f"expected three whole numbers of 1 or more, as 5000,2,133; got {given!r}" in capsys.readouterr().err
    )


def test_answer_cpu_says_each_set_with_and_without_its_collector():
    """A short run's ratio can be one full pass of the collector: each set is said with the collector's part, and
    compared without it; a revision measured before the collector was counted is compared as it was."""
    import bench.answer_cpu as answer_cpu

    main = {"fresh level": [3.0, 3.4], "fresh level collector": [0.0, 0.4], "fresh level full passes": [0, 1]}
    this = {"fresh level": [3.2, 2.9], "fresh level collector": [0.3, 0.0], "fresh level full passes": [1, 0]}
    assert answer_cpu._sets(main) == ["fresh level"]
    assert answer_cpu._said(main, "fresh level") == "fresh level 3.200 (collector 0.200, 1 full)"
    assert answer_cpu._said(this, "fresh level", 0) == "fresh level 3.200 (collector 0.300, 1 full)"
    assert answer_cpu._ratio(main["fresh level"], this["fresh level"], 2) == "0.960 (ahead in 1 of 2)"
    assert answer_cpu._ratio(
        answer_cpu._without(main, "fresh level"), answer_cpu._without(this, "fresh level"), 2
    ) == ("0.967 (ahead in 2 of 2)")
    old = {"fresh level": [3.0]}
    assert answer_cpu._said(old, "fresh level", 0) == "fresh level 3.000"
    assert answer_cpu._without(old, "fresh level") == [3.0]
