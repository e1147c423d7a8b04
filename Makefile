# Dogtag: `make run` serves the staff site; `make test` runs every check CI runs on SQLite.
# Needs only python3 (3.11 or newer), make and git. Installs are pinned with hashes (requirements/*.lock).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# The suite runs in parallel (pytest-xdist): one worker a core, at most PYTEST_MAX_WORKERS (CI has
# two cores). Each test module runs on one worker (--dist loadfile), so a module-scoped fixture
# (a demo town) is built once. PYTEST_WORKERS=0 runs everything in this one process.
PYTEST_WORKERS ?= auto
PYTEST_MAX_WORKERS ?= 2

.PHONY: run test lint typecheck contracts migrations-check pytest install install-dev lock vendor clean
.PHONY: bench bench-evidence bench-import load

# CITY picks the jurisdiction package the demo runs (make run CITY=lino-lakes); each city's demo
# keeps its own database, under var/<city>/ (Nowthen's stays in var/).
CITY ?= nowthen
CITY_ENV = DOGTAG_JURISDICTION=$(CITY) $(if $(filter nowthen,$(CITY)),,DOGTAG_VAR_DIR=$(CURDIR)/var/$(CITY))

run: $(VENV)/.installed-run
	@echo 'make run serves a DEMO: a synthetic town with published logins. A city starts with "dogtag setup" (README: Running it for a city).'
	$(CITY_ENV) $(BIN)/dogtag serve --demo --host $(HOST) --port $(PORT)

test: $(VENV)/.installed-dev lint typecheck contracts migrations-check pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy src/dogtag/law

contracts: $(VENV)/.installed-dev
	$(BIN)/lint-imports

migrations-check: $(VENV)/.installed-dev
	# No signing key is needed to compare models and migrations; a fresh clone has none yet.
	SECRET_KEY=makemigrations-check-only $(BIN)/dogtag manage makemigrations --check --dry-run

pytest: $(VENV)/.installed-dev
	$(BIN)/pytest -n $(PYTEST_WORKERS) --maxprocesses $(PYTEST_MAX_WORKERS) --dist loadfile $(PYTEST_ARGS)

install: $(VENV)/.installed-run
install-dev: $(VENV)/.installed-dev

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Dogtag needs Python 3.11 or newer, found " + sys.version.split()[0])'
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); echo "Could not create a virtual environment. On Debian: apt-get install python3-venv"; exit 1; }

# The build backend is pinned too, and the package is installed without build isolation, so
# nothing unpinned is downloaded.
$(VENV)/.installed-run: $(BIN)/python requirements/build.lock requirements/run.lock pyproject.toml
	$(PIP) install --quiet --require-hashes -r requirements/build.lock
	$(PIP) install --quiet --require-hashes -r requirements/run.lock
	$(PIP) install --quiet --no-deps --no-build-isolation -e .
	@touch $@

$(VENV)/.installed-dev: $(VENV)/.installed-run requirements/dev.lock
	$(PIP) install --quiet --require-hashes -r requirements/dev.lock
	@touch $@

# The scale benchmark (issue 14; README "Benchmarks"): a synthetic city of BENCH_SIZE (town, county,
# state or a number of dogs) on SQLite and PostgreSQL, each operation beside its raw-SQL floor.
# The cities are kept in var/bench and reused; BENCH_ARGS=--fresh builds them anew.
BENCH_SIZE ?= town
BENCH_DBS ?= --db sqlite --db postgres
BENCH_ARGS ?=
bench: $(VENV)/.installed-dev
	$(BIN)/python tools/bench/scale.py --size $(BENCH_SIZE) $(BENCH_DBS) $(BENCH_ARGS)

# The load test (issue 14): locust drives `dogtag serve --workers N` (README, "The load test").
LOAD_ARGS ?=
load: $(VENV)/.installed-dev
	$(BIN)/python tools/bench/load.py $(LOAD_ARGS)
# The legacy import's speed (issue 13 item 3, issue 14 bulk paths): a file of BENCH_IMPORT_ROWS
# legacy rows made from the bench's town, imported twice into a fresh database of each kind.
# Then the parcel import: a county GeoJSON file of BENCH_PARCEL_ROWS parcels, imported twice. Each
# beside its floor, the same table rows written raw in the same run.
BENCH_IMPORT_ROWS ?= 100000
BENCH_PARCEL_ROWS ?= 100000
bench-import: $(VENV)/.installed-dev
	$(BIN)/python tools/bench/legacy.py --rows $(BENCH_IMPORT_ROWS) $(BENCH_DBS)
	$(BIN)/python tools/bench/parcels.py --rows $(BENCH_PARCEL_ROWS) $(BENCH_DBS)

# Bounded evidence (issue 10): peak memory of the bark detector on a 2-hour FLAC, against a
# baseline measured in the same run; fails over 300 MB. Also prints the analysis's CPU seconds per
# hour of audio (issue 25). A benchmark, not part of `make test`.
bench-evidence: $(VENV)/.installed-dev
	$(BIN)/python tools/bench/evidence_memory.py

# Regenerate the lock files after changing dependencies in pyproject.toml (needs PyPI).
lock:
	$(PYTHON) -m venv var/lock-tools && var/lock-tools/bin/pip install --quiet uv
	var/lock-tools/bin/uv pip compile requirements/build.in --universal --python-version 3.11 --generate-hashes -o requirements/build.lock
	var/lock-tools/bin/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes -o requirements/run.lock
	var/lock-tools/bin/uv pip compile pyproject.toml --extra dev --universal --python-version 3.11 --generate-hashes -o requirements/dev.lock

# Re-vendor USWDS and htmx into src/dogtag/static/vendor, and axe-core for the tests into
# tests/browser/vendor (needs npm).
vendor:
	bash tools/vendor/vendor.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
