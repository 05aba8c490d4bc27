# Everything a fresh machine needs, from Python 3.11, pip and make alone.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin

.PHONY: run test lint format clean bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { $(PYTHON) -m pip install --quiet virtualenv && $(PYTHON) -m virtualenv $(VENV); }

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# Bytecode for our own modules too, as an installed package has: gpu-size starts without compiling them.
	$(BIN)/python -m compileall -q sizing bot > /dev/null
	touch $@

run: $(VENV)/.installed
	$(BIN)/gpu-sizer

test: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

format: $(VENV)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info

bench: $(VENV)/.installed
	$(BIN)/python bench/bench_parser.py
	$(BIN)/python bench/bench_redact.py
	$(BIN)/python -m bench
