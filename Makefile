# Keezen Toernooi: two commands set everything up on a fresh Debian machine.
#   make run    install, migrate, load the demo tournament, serve on the LAN
#               (make run HTTPS=1: HTTPS for the director beside HTTP for the phones, docs/https.md)
#   make test   install what the tests need (Chromium included) and run them all, on every core
#   make bench       every benchmark but the load test: one table of figure, target, met
#   make bench-load  load benchmark: gunicorn + a throwaway PostgreSQL, driven by wrk (as root)
#   make bench-backup  the tournament file of a busy day and what automatic backups cost a sheet
#   make bench-individual  the individual draw (planned and by standings), 12 to 300 players
#   make bench-competition  a competition of 40 evenings and 300 people: its standings and public page
#   make restore FILE=path  take over on this laptop: restore a backup file (or the newest in a folder)

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | md5sum | cut -c1-12)
APT_GET := DEBIAN_FRONTEND=noninteractive apt-get
TEST_WORKERS ?= $(shell nproc)

.PHONY: run test install system-deps test-deps migrate demo serve bench bench-load bench-backup bench-individual bench-competition restore

# A venv without pip of its own (making one with pip takes longer than installing every package):
# uv (pinned here) is put in it by the machine's pip where there is one, else by pip from ensurepip.
# uv installs the pyproject pins in seconds where pip takes half a minute (CI installs into a fresh
# clone every run). Our own package is built in the venv (--no-build-isolation, with the setuptools
# pinned in pyproject's build-system), without an isolated build environment. No compiled modules are written:
# make test keeps them in .venv/pycache (below), and a server compiles what it imports once, on its
# first start. More packages later (Redis, Memcached): .venv/bin/uv pip install redis.
UV_VERSION := 0.13.9
UV     := $(VENV)/bin/uv
UV_STAMP := $(VENV)/.uv-$(UV_VERSION)

# A recipe that fails leaves no target behind (a half-written uv would count as installed).
.DELETE_ON_ERROR:

# The machine's own python3 when it is 3.11 to 3.14 (Debian 12 has 3.11, Debian 13 3.13), else the
# first python3.1x that is; none (an older python3): apt's python3.11 (PYTHON=python3.12 make run
# chooses one). The system's /usr/bin/python3 comes before a python3 found first on the PATH (a
# pyenv shim, say): Debian builds its Python with profile-guided optimisation and LTO, pyenv by
# default without, and the tests and the server ran about a fifth slower on pyenv's 3.11.
SUPPORTED := 'import sys; sys.exit(not (3, 11) <= sys.version_info[:2] < (3, 15))'
ifndef PYTHON
PYTHON := $(or $(shell for p in /usr/bin/python3 python3 python3.13 python3.12 python3.11 python3.14; do \
  $$p -c $(SUPPORTED) 2>/dev/null && { echo $$p; break; }; done),python3.11)
endif

$(PY):
	@$(PYTHON) -c "import ensurepip, venv" 2>/dev/null || { \
	  name=$$($(PYTHON) -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null || echo $(PYTHON)); \
	  $(APT_GET) update -qq && $(APT_GET) install -y -qq "$$name" "$$name-venv"; }
	@$(PYTHON) -c $(SUPPORTED) || \
	  { echo "$(PYTHON) is $$($(PYTHON) --version 2>&1): Keezen Toernooi needs Python 3.11 to 3.14 (PYTHON=... make run)"; exit 1; }
	$(PYTHON) -m venv --without-pip $(VENV)

$(UV_STAMP): | $(PY)
	$(PYTHON) -m pip --python $(PY) install -q --no-compile "uv==$(UV_VERSION)" || \
	  { echo "No pip for $(PYTHON) here: uv comes from the venv's own pip (ensurepip)"; \
	    $(PY) -m ensurepip >/dev/null && $(PY) -m pip install -q --no-compile "uv==$(UV_VERSION)"; }
	@rm -f $(VENV)/.uv-* && touch $@

$(STAMP): pyproject.toml $(UV_STAMP)
	$(UV) pip install -q --python $(PY) "setuptools>=77,<81" wheel
	$(UV) pip install -q --python $(PY) --no-build-isolation -e ".[test]"
	@rm -f $(VENV)/.installed-* && touch $@

install: system-deps $(STAMP)

# WeasyPrint needs Pango; Debian's chromium drives the browser tests. The PDFs' fonts
# (docs/printing.md): DejaVu Sans, WenQuanYi Micro Hei (Chinese, Japanese, Korean), Noto Color
# Emoji and Noto's other scripts (Thai, Devanagari, …), so that no name prints as empty boxes.
PDF_FONTS := fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji fonts-noto-core
system-deps:
	@missing=""; \
	  ldconfig -p | grep -q libpango-1.0 || missing="$$missing libpango-1.0-0 libpangoft2-1.0-0"; \
	  fc-list >/dev/null 2>&1 && [ -n "$$(fc-list 2>/dev/null | head -1)" ] || missing="$$missing fontconfig"; \
	  for font in $(PDF_FONTS); do \
	    dpkg-query -W -f='$${Status}' $$font 2>/dev/null | grep -q "ok installed" || missing="$$missing $$font"; \
	  done; \
	  if [ -n "$$missing" ]; then echo "Installing:$$missing"; $(APT_GET) update -qq && $(APT_GET) install -y -qq $$missing; fi

test-deps: install
	@[ -x /usr/bin/chromium ] || { echo "Installing Debian's chromium"; $(APT_GET) update -qq && $(APT_GET) install -y -qq chromium; }

migrate: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py collectstatic --noinput -v 0

demo: migrate
	$(PY) manage.py load_demo
	$(PY) manage.py ensure_director

run: demo
	HTTPS=$(HTTPS) $(PY) manage.py serve

# Every core the machine has (pytest-xdist; TEST_WORKERS=0 runs in this one process); an idle worker
# takes over queued tests of a busy one (--dist worksteal). Compiled modules are kept in .venv/pycache
# even where PYTHONDONTWRITEBYTECODE is set: every worker and every process a test starts imports the
# same code, and pytest keeps its rewritten test modules there too.
test: test-deps
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache \
	  $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# Every benchmark command but the load test, on the configured database; one table at the end.
bench: install
	$(PY) scripts/bench_all.py

# gunicorn on a throwaway PostgreSQL server, many phones simulated with wrk (installed if missing).
bench-load: install
	bash scripts/bench_load.sh

# Export, size, import and restore of a 250-team day mid-round 3; a sheet's extra time with backups on.
bench-individual: install
	$(PY) manage.py bench_individual

bench-backup: install
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py bench_backup

# A competition of 40 evenings with 300 people (rolled back): standings computed, the public page's queries and time.
bench-competition: install
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py bench_competition

# The second laptop (README, "If the laptop dies"): make restore FILE=/media/usb/backups/<folder>
restore:
	@test -n "$(FILE)" || { echo "usage: make restore FILE=path/to/backup.json (or a folder of backups: its newest file)"; exit 2; }
	@$(MAKE) --no-print-directory migrate
	$(PY) manage.py restore_tournament "$(FILE)"
