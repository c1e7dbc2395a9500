# The quick start: `make demo` runs the main job, `make test` the whole test suite (the documentation site's strict
# build and its examples included: tests/test_docs.py). Both set themselves up. `make docs` serves the site locally.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: demo test bench docs venv browser clean

demo: $(STAMP)
	$(VENV)/bin/hanoi demo 5

test: $(STAMP) browser
	$(PY) -m pytest -n 2 --dist loadfile

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

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist site src/*.egg-info
