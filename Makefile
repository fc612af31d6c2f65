# The two commands: `make demo` (offline demo) and `make test` (lint + type check + tests).
# Both set themselves up on a fresh machine: a venv in .venv with the project installed.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,embed]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/agent-memory demo

test: $(VENV)/.installed
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	@# The root is the package; mypy names modules after their folder, so check
	@# it through a link called agent_memory (the clone's folder name may vary).
	tmp=$$(mktemp -d) && ln -s "$(CURDIR)" $$tmp/agent_memory && \
		cd $$tmp && $(abspath $(BIN))/mypy --config-file "$(CURDIR)/pyproject.toml" \
		-p agent_memory; status=$$?; rm -rf $$tmp; exit $$status
	$(BIN)/pytest -q

bench: $(VENV)/.installed
	$(BIN)/python bench/ingest.py
	$(BIN)/python bench/retrieval_latency.py
	$(BIN)/python bench/recall.py

clean:
	rm -rf $(VENV) build *.egg-info
