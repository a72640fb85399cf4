# Every target sets itself up: creates .venv when missing and installs only when
# pyproject.toml / setup.py changed since the last install (a stamp file records it).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
export LITELLM_LOCAL_MODEL_COST_MAP := True
export HF_HUB_OFFLINE := 1
export HF_DATASETS_OFFLINE := 1

.PHONY: demo test bench lint install clean browser bytecode probe

$(PY):
	$(PYTHON) -m venv $(VENV)

# The `ocr` extra (rapidocr-onnxruntime: it reads letters drawn as labels, offline) goes in the
# development environment too, without the GUI OpenCV build its wheel asks for (that one needs
# libGL and would replace the headless cv2 this project uses). If it cannot be installed, the
# tests that need it skip, saying why; nothing else changes.
OCR_RUNTIME := "pyclipper>=1.2" "shapely>=1.7.1,!=2.0.4" pyyaml "six>=1.15" "onnxruntime>=1.7" tqdm

$(STAMP): pyproject.toml setup.py Makefile | $(PY)
	$(PY) -m pip install --quiet --upgrade pip setuptools wheel
	$(PY) -m pip install --quiet -e ".[dev]"
	$(PY) -m pip install --quiet $(OCR_RUNTIME) && $(PY) -m pip install --quiet --no-deps "rapidocr-onnxruntime>=1.3" \
	  || echo "note: the ocr extra could not be installed; the label-reading tests will be skipped"
	@touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(PY) -m spatioxolver.demo

# Headless Chromium for the browser tests (tests/evals/test_viewer_browser.py): installed from
# Debian's packages when apt-get is there and we are root; otherwise those tests skip, saying why.
# Never fails the build.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
	  || { command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] \
	       && { apt-get install -y -q chromium >/dev/null 2>&1 \
	            || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1; }; }; } \
	  || echo "note: no chromium (needs apt-get as root); the browser tests will be skipped"

test: $(STAMP) browser
	$(VENV)/bin/pytest -q -m "not network"

# An installed package has its bytecode compiled at install time (pip does it); an editable
# checkout under PYTHONDONTWRITEBYTECODE=1 (set on these machines) would compile every module
# from source at each start, which `spatioxolver ask`'s start-up time would then measure.
bytecode:
	$(PY) -m compileall -q spatioxolver agents graphs evals prompts > /dev/null

bench: $(STAMP) bytecode
	$(PY) benchmarks/run_all.py

# Ask the offline engine about images other code drew (benchmarks/unseen): every family whose
# drawing tool this machine has (the others are skipped, saying what they need), seeds 2 and 3.
probe: $(STAMP)
	$(PY) benchmarks/unseen/run.py --out runs/unseen

lint: $(STAMP)
	$(VENV)/bin/ruff check spatioxolver agents graphs prompts evals tests benchmarks
	$(VENV)/bin/ruff format --check spatioxolver agents graphs prompts evals tests benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info runs/demo
