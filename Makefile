# Two commands matter: `make run` (audit the bundled hand histories) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(BIN)/feltcheck audit hand_histories/ --rules rules/fulltilt.rules --format text --fail-on never

lint: $(STAMP_TEST)
	$(BIN)/ruff check checker tests benchmarks

typecheck: $(STAMP_TEST)
	$(BIN)/mypy

unit: $(STAMP_TEST)
	$(BIN)/pytest -q -p no:cacheprovider

test: lint typecheck unit

bench: $(STAMP_RUN)
	$(BIN)/python benchmarks/bench_audit.py

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
