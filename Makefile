# The two commands: `make run` and `make test`. Everything installs into .venv.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed

# The newest Python >= 3.12 on the PATH (or in pyenv's versions), checked by running it.
PYTHON ?= $(shell for c in python3.14 python3.13 python3.12 python3 \
	$$(ls -d $$HOME/.pyenv/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	  if command -v $$c >/dev/null 2>&1 && $$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
	    echo $$c; break; fi; done)

.PHONY: run test lint format install messages makemessages bench ladder clean

$(STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then \
	  echo "error: this project needs Python 3.12 or newer (Django 6.1); none was found on the PATH." >&2; \
	  echo "       Install python3.12 (or newer) and run make again." >&2; exit 1; fi
	@echo "Using $(PYTHON) ($$($(PYTHON) --version))"
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Compiles the gettext catalogues with polib (no system gettext needed).
messages: $(STAMP)
	$(PY) -c "import glob, polib; [polib.pofile(p).save_as_mofile(p[:-2] + 'mo') for p in glob.glob('locale/*/LC_MESSAGES/*.po') + glob.glob('tests/*/locale/*/LC_MESSAGES/*.po')]"

# Refreshes the catalogues from the code (needs GNU gettext's xgettext).
makemessages: $(STAMP)
	$(PY) manage.py makemessages -l fr --ignore=.venv --ignore=var --ignore=tests --ignore=bench

# The console shows warnings, errors and the emails (the sign-up link); VERBOSE=1
# (or LOG_LEVEL=INFO) adds a line per request and per Celery task.
LOG_LEVEL ?= $(if $(VERBOSE),INFO,WARNING)

run: $(STAMP) messages
	mkdir -p var/mail var/broker
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v 0
	@echo "Starting the site on http://127.0.0.1:8000 with a Celery worker and beat (Ctrl-C stops all)."
	@echo "Emails (the sign-up link) are echoed here and kept in var/mail/; make run VERBOSE=1 logs every request and task."
	trap 'kill 0' INT TERM EXIT; export LOG_LEVEL=$(LOG_LEVEL); \
	$(BIN)/celery -A config worker -B -Q celery,bots --pool=solo --loglevel=$(LOG_LEVEL) -s var/beat-schedule & \
	$(PY) manage.py runserver 127.0.0.1:8000 & \
	wait

# In parallel: one pytest-xdist process per core (JOBS=0 runs them in one process).
# Each process has its own test database (SQLite in memory, or test_<name>_gw<N>
# on PostgreSQL), live server and Celery queue (tests/conftest.py).
JOBS ?= auto

test: $(STAMP) messages
	$(BIN)/pytest -n $(JOBS) $(PYTEST_ARGS)

# ruff, then the dead-code pass (vulture; scripts/dead_code.py says what it counts as used).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(PY) scripts/dead_code.py

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Benchmarks (bench/, figures in docs/benchmarks.md): make bench BENCH_ARGS=--quick
bench: $(STAMP)
	$(PY) -m bench $(BENCH_ARGS)

# The computer players' ladder (docs/bots.md): every level pairing in every game.
# Hours on one core at 500 games a pairing, most of it the hard pairings (a
# hard game 3-4 s of CPU, some games more; docs/bots.md); e.g. LADDER_ARGS="--games 20"
LADDER_PAIRS = --pair normal:easy --pair easy:random --pair normal:random --pair hard:random --pair hard:normal
ladder: $(STAMP)
	$(PY) manage.py bot_ladder $(LADDER_PAIRS) --games 500 $(LADDER_ARGS)

clean:
	rm -rf $(VENV) var/*.sqlite3
