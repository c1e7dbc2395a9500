# The quick start: `make demo` runs the main job, `make test` the whole test suite (the documentation site's strict
# build and its examples included: tests/test_docs.py). Both set themselves up. `make docs` serves the site locally.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
AXE    := tests/node_modules/axe-core/axe.min.js

.PHONY: demo play play-terminal test test-fast bench docs venv browser clean

demo: $(STAMP)
	$(VENV)/bin/hanoi demo 5

play: $(STAMP)
	$(VENV)/bin/hanoi play

play-terminal: $(STAMP)
	$(VENV)/bin/hanoi play --terminal

# The quality gates first (ruff's rules and mypy's settings are in pyproject.toml), then the whole suite, the tests
# marked `slow` included (CI runs this: .ci/run). `make test-fast` is the same without them, for the edit-test loop.
test: $(STAMP) browser $(AXE)
	$(PY) -m ruff check --no-cache
	$(PY) -m mypy --strict --cache-dir $(VENV)/.mypy_cache src
	$(PY) -m pytest -n 2 --dist loadfile

test-fast: $(STAMP) browser $(AXE)
	$(PY) -m ruff check --no-cache
	$(PY) -m mypy --strict --cache-dir $(VENV)/.mypy_cache src
	$(PY) -m pytest -n 2 --dist loadfile -m "not slow"

# The documentation site at http://127.0.0.1:8000/, rebuilt on every change (mkdocs.yml, docs/).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

bench: $(STAMP)
	for script in benchmarks/bench_*.py; do $(PY) $$script || exit 1; done

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -d $(VENV) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Browser tests drive Debian's Chromium through Playwright; no browser is ever downloaded.
browser:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# The accessibility scan of the page: axe-core from npm (tests/package.json), injected by Playwright.
$(AXE): tests/package.json
	@command -v npm >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq npm >/dev/null; }
	cd tests && npm install --no-audit --no-fund --silent
	touch $(AXE)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist site src/*.egg-info
