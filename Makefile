# Every target sets itself up: creates .venv when missing and installs only when
# pyproject.toml / setup.py changed since the last install (a stamp file records it).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
export LITELLM_LOCAL_MODEL_COST_MAP := True
export HF_HUB_OFFLINE := 1
export HF_DATASETS_OFFLINE := 1

.PHONY: demo test bench lint install clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(PY)
	$(PY) -m pip install --quiet --upgrade pip setuptools wheel
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(PY) -m spatioxolver.demo

test: $(STAMP)
	$(VENV)/bin/pytest -q -m "not network"

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

lint: $(STAMP)
	$(VENV)/bin/ruff check spatioxolver agents graphs prompts evals tests benchmarks
	$(VENV)/bin/ruff format --check spatioxolver agents graphs prompts evals tests benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info runs/demo
