# Two commands matter: `make run` starts the bot, `make test` runs every test.
# Both create or refresh the virtualenv in .venv first; that step is a no-op
# when pyproject.toml has not changed since the last install.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench venv clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Installing dependencies into $(VENV) (log: $(VENV)/install.log)…"
	@( $(BIN)/python -m pip install --upgrade pip && $(BIN)/python -m pip install -e '.[dev]' ) \
		> $(VENV)/install.log 2>&1 || { tail -n 40 $(VENV)/install.log; exit 1; }
	@touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --dist worksteal $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
