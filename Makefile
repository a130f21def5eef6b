# The two commands a newcomer needs: `make run` and `make test` (`make quick`: the same checks
# without the e2e and slow tests). Each creates .venv and installs what it needs on first use.
# `make test JOBS=2` runs the tests on two processes (pytest-xdist); serial unless asked. `make quick`
# runs on two unless JOBS says otherwise.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

.PHONY: run try test quick lint bench play
run: $(STAMP)
	$(BIN)/python -m bot

try: $(STAMP)
	$(BIN)/python -m bot.dev.trial

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest $(if $(JOBS),-n $(JOBS) --dist worksteal)

quick: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -m "not e2e and not slow" -n $(or $(JOBS),2) --dist worksteal

play: $(STAMP)
	$(BIN)/python -m engine.play $(GAME)

bench: $(STAMP)
	$(BIN)/python bench/engine_speed.py

# Optional: the engine's hot modules compiled by mypyc into build/mypyc (tools/compiled_engine.py).
# Nothing else builds or imports it; `make test` and CI test the pure engine.
.PHONY: compiled test-compiled clean-compiled
compiled: $(STAMP)
	$(BIN)/python -c "import setuptools" 2>/dev/null || $(BIN)/pip install --quiet setuptools
	$(BIN)/python tools/compiled_engine.py build

test-compiled: $(STAMP)
	$(BIN)/python -m pytest -p tools.compiled_engine tests/engine

clean-compiled:
	rm -rf build/mypyc
