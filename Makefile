# Set-up and the two Quickstart jobs. Everything installs into .venv; nothing is needed by hand.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint clean

setup: $(STAMP)

# torch 2.13.0 first (a local CPU wheel); the package's torch range is satisfied by it, so no CUDA build is pulled.
$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: setup
	$(VENV)/bin/halluseq demo

test: setup
	$(VENV)/bin/python -m pytest -q

lint: setup
	$(VENV)/bin/ruff check halluseq tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache
