# Rules Tutor developer commands. Everything runs from a virtualenv at .venv.
#   make lab    install the project and open the start-here notebook in JupyterLab
#   make workshop  serve the tutorials and the strategy workshop as a Voila app
#   make test   lint, type-check, run the tests and the notebooks (what CI runs)

PYTHON    ?= python3
VENV      := .venv
BIN       := $(VENV)/bin
PIP       := $(BIN)/python -m pip
PIP_FLAGS := --quiet --disable-pip-version-check
LAB_ARGS  ?=
# `make workshop`: Voila's port, and extra Voila options (drop --no-browser to open one).
WORKSHOP_PORT ?= 8866
VOILA_ARGS    ?= --no-browser
# A visitor's kernel is shut down this many seconds after its page was closed (idle and
# no connection), so a room of visitors does not leave dozens of kernels running.
WORKSHOP_CULL ?= 600
# The live room's database (notebooks/workshop_host.ipynb, workshop_room.ipynb): a SQLite
# file (a relative path is taken from the checkout) or any SQLAlchemy URL; empty:
# <user data folder>/workshop/rooms.sqlite.
WORKSHOP_DB   ?= $(RULES_TUTOR_WORKSHOP_DB)
ROOM_DB       := $(if $(findstring ://,$(WORKSHOP_DB)),$(WORKSHOP_DB),$(abspath $(WORKSHOP_DB)))

# Files and directories for ruff: only those that exist.
CODE_DIRS := $(wildcard tutor tests benchmarks binder setup.py)

.DEFAULT_GOAL := help
.PHONY: help venv install install-test lab workshop test test-browser browser-deps lint format \
    soak bench clean binder-links rulings-page

help:
	@echo "make lab           install the project, open notebooks/00_start_here.ipynb (LAB_ARGS=...)"
	@echo "make workshop      serve notebooks/ with Voila, landing page workshop.ipynb (VOILA_ARGS=...)"
	@echo "make test          ruff, ruff format --check, mypy tutor/core, pytest, notebooks"
	@echo "make test-browser  only the end-to-end browser tests (JupyterLab, Voila, chromium)"
	@echo "make browser-deps  install Debian's chromium for the browser tests (needs root)"
	@echo "make soak          long-running tests and big property runs (SOAK=1)"
	@echo "make bench         run every benchmarks/*.py (each prints JSON)"
	@echo "make rulings-page  regenerate docs/rulings_impact.md and its charts (200 paired games per reading)"
	@echo "make lint          ruff check, ruff format --check, mypy tutor/core"
	@echo "make format        ruff format + ruff check --fix"
	@echo "make install       editable install into .venv (install-test: with test extras)"
	@echo "make binder-links  print the Binder links for this checkout's GitHub remote"
	@echo "make clean         remove .venv and caches"

# --- environment -------------------------------------------------------------------------

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }

# .venv/.stamp-base: `pip install -e .`; .venv/.stamp-<extra>: `pip install -e '.[<extra>]'`.
# Reinstalls when pyproject.toml, setup.py or a module that setup.py compiles (mypyc, see
# [tool.rules-tutor] in pyproject.toml) is newer than the stamp, so the compiled engine
# never lags behind its source. An install with an extra also satisfies the plain install,
# so it refreshes .stamp-base too.
# The engine groups live in tutor/games/<game>/engine/, the shared random-number group in
# tutor/core/random_engine/ (pyproject.toml lists them).
COMPILED_SOURCES := $(wildcard tutor/games/*/engine/*.py tutor/core/random_engine/*.py)
$(VENV)/.stamp-%: pyproject.toml setup.py $(COMPILED_SOURCES) | $(BIN)/python
	$(PIP) install $(PIP_FLAGS) -e '$(if $(filter base,$*),.,.[$*])'
	@touch $@ $(VENV)/.stamp-base

venv: $(BIN)/python
install: $(VENV)/.stamp-base
install-test: $(VENV)/.stamp-test

# --- using it ----------------------------------------------------------------------------

# JupyterLab serves the whole checkout (so docs/ opens from the file browser) and opens the
# start notebook.  Run as root (containers, cloud notebooks) it needs --allow-root.  The
# project's lab settings (lab-overrides.json: no autosave, so opening and running a
# tutorial never rewrites a tracked notebook) go into the venv's JupyterLab settings.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json
ROOT_FLAG    := $(if $(filter 0,$(shell id -u)),--allow-root)

$(LAB_SETTINGS): binder/lab-overrides.json | $(BIN)/python
	mkdir -p $(dir $@)
	cp binder/lab-overrides.json $@

lab: $(VENV)/.stamp-base $(LAB_SETTINGS)
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" $(ROOT_FLAG) \
		notebooks/00_start_here.ipynb $(LAB_ARGS)

# Voila serves the whole notebooks/ folder (so the landing page can link to every tutorial)
# and runs each notebook as an app: code hidden, widgets live, one kernel per visitor.
# binder/voila.json is the room's configuration: kernels kept on standby, having already
# run the landing page and the first tutorial, so the room's first pages open at once.
# The live room's pages share one database (WORKSHOP_DB, passed as RULES_TUTOR_WORKSHOP_DB).
workshop: $(VENV)/.stamp-workshop
	@echo "Workshop: open http://localhost:$(WORKSHOP_PORT)/voila/render/workshop.ipynb"
	@echo "Live room: host http://localhost:$(WORKSHOP_PORT)/voila/render/workshop_host.ipynb"
	RULES_TUTOR_WORKSHOP_DB="$(ROOM_DB)" $(BIN)/voila notebooks --port=$(WORKSHOP_PORT) --Voila.config_file_paths=binder \
		--MappingKernelManager.cull_idle_timeout=$(WORKSHOP_CULL) \
		--MappingKernelManager.cull_interval=60 \
		--MappingKernelManager.cull_connected=False $(VOILA_ARGS)

# --- checks ------------------------------------------------------------------------------

lint: $(VENV)/.stamp-test
	$(if $(CODE_DIRS),$(BIN)/ruff check $(CODE_DIRS),@echo "ruff: no code directories yet")
	$(if $(CODE_DIRS),$(BIN)/ruff format --check $(CODE_DIRS),@true)
	$(BIN)/mypy tutor/core

# The browser tests (tests/browser, marker `browser`) drive Debian's chromium; this installs
# it with apt-get when it is missing and root (or password-less sudo) is available, and
# otherwise says why the browser tests will skip.
browser-deps:
	bash .ci/install-browser

# The browser tests also open the workshop app, so `test` installs Voila (the workshop extra).
test-browser: browser-deps $(VENV)/.stamp-test $(VENV)/.stamp-workshop
	$(BIN)/pytest -q -m browser tests/browser

# pytest exits 5 when it collects no tests; that is not a failure here.
# RULES_TUTOR_REQUIRE_COMPILED: a compiled engine build that silently failed is a red test.
# PYTEST_WORKERS: all but the browser tests run on every core (pytest-xdist). The browser
# tests run after them in one process: each file starts its servers once for all its tests
# (xdist's `loadgroup`, which would keep a file on one worker, does not group on pytest 9.2:
# pytest-dev/pytest-xdist#1386).
PYTEST_WORKERS ?= auto
test: lint browser-deps $(VENV)/.stamp-workshop
	RULES_TUTOR_REQUIRE_COMPILED=1 $(BIN)/pytest -q -n $(PYTEST_WORKERS) -m "not browser" tests || [ $$? -eq 5 ]
	RULES_TUTOR_REQUIRE_COMPILED=1 $(BIN)/pytest -q -m browser tests/browser || [ $$? -eq 5 ]
	@if [ -n "$$(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | head -n 1)" ]; then \
		echo "$(BIN)/pytest -q --nbval-lax --nbval-current-env notebooks"; \
		$(BIN)/pytest -q --nbval-lax --nbval-current-env notebooks || [ $$? -eq 5 ]; \
	else \
		echo "notebooks: no .ipynb files, skipped"; \
	fi

# Soak: the slow tests, and every hypothesis property with SOAK=1's larger profile
# (tests/conftest.py); hypothesis marks its tests `hypothesis` by itself.
soak: $(VENV)/.stamp-test
	SOAK=1 $(BIN)/pytest -q -n $(PYTEST_WORKERS) tests -m "slow or hypothesis" || [ $$? -eq 5 ]

# Every benchmarks/*.py (except _helpers.py-style modules) runs with the venv python and
# prints JSON on stdout; the script name goes to stderr.
bench: $(VENV)/.stamp-base
	@set -e; n=0; \
	for f in benchmarks/*.py; do \
		case "$$(basename "$$f")" in _*) continue ;; esac; \
		[ -f "$$f" ] || continue; \
		n=$$((n + 1)); echo "# $$f" >&2; \
		$(BIN)/python "$$f"; \
	done; \
	[ "$$n" -gt 0 ] || echo "bench: no benchmarks/*.py yet" >&2

# The README's Binder links for wherever this checkout is published (its origin remote).
binder-links:
	@$(PYTHON) binder/links.py

format: $(VENV)/.stamp-test
	$(if $(CODE_DIRS),$(BIN)/ruff format $(CODE_DIRS),@echo "ruff: no code directories yet")
	$(if $(CODE_DIRS),$(BIN)/ruff check --fix $(CODE_DIRS),@true)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis build dist *.egg-info test-artifacts
	rm -f tutor/games/*/*.so tutor/games/*/*.py.sha256
	find . -path ./.git -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +

# docs/rulings_impact.md: every registered game's ruling-impact table (tutor.analysis.rulings),
# each with its chart in docs/rulings_impact/<game>.svg (tutor.render.rulings);
# tests/analysis/test_rulings_page.py fails when a game, ruling or related pair is missing,
# or a chart does not draw its table.
rulings-page: $(VENV)/.stamp-base
	$(BIN)/python -m tutor.analysis.rulings --page docs/rulings_impact.md --games 200 --seed 0
