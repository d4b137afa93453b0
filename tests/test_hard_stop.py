"""If the laptop dies: the server is killed hard (SIGKILL, every process at once) in the middle of
round 2 while phones send results; the newest automatic backup, restored into a fresh database on
"another laptop", holds every sheet confirmed before the stop (README, "If the laptop dies").

On PostgreSQL only: the server runs as separate processes on the test database, which must
therefore be a real server (the SQLite test database lives in this process's memory).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection

from devtools import servers
from tournaments.models import Table
from tournaments.services.backups import newest_in
from tournaments.services.clock import start
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round

pytestmark = pytest.mark.skipif(
    django_settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="the hard stop runs a real server on the test database: PostgreSQL only",
)

ROOT = Path(django_settings.BASE_DIR)
CSRF = "k" * 32
BACKUP_SETTLES = 4.0
"""A sheet confirmed this long before the stop must be in the newest backup (debounce + export)."""

ANOTHER_LAPTOP = """
import io, json, sys
import django
django.setup()
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
folder = sys.stdin.readline().strip()  # the backups, once the first laptop has died
slug, restored = io.StringIO(), io.StringIO()
call_command("restore_tournament", folder, stdout=slug)
call_command("export_tournament", slug.getvalue().strip(), stdout=restored)
print(json.dumps({"slug": slug.getvalue().strip(), "file": restored.getvalue()}))
"""


@pytest.fixture
def another_laptop(tmp_path):
    """``another_laptop()`` starts the second laptop, a process of its own on a fresh SQLite database:
    it migrates it while the first laptop still serves the day (as it is ready before the day,
    README), waits for the backups folder on its standard input, restores the newest backup and
    exports the tournament with the commands the README names, and prints both answers as JSON."""
    started: list[subprocess.Popen] = []
    log = tmp_path / "another-laptop.log"

    def start() -> subprocess.Popen:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "keezen_site.settings",
               "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
               "KEEZEN_BACKUP_DIR": str(tmp_path / "fresh-backups"), "BACKUPS_RUN": "off"}
        with log.open("w") as errors:
            started.append(subprocess.Popen([sys.executable, "-c", ANOTHER_LAPTOP], cwd=ROOT, env=env, text=True,
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors))
        return started[-1]

    start.log = log
    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _database_url() -> str:
    return servers.database_url(connection.settings_dict)


def _post(base: str, token: str, **fields) -> int:
    data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": CSRF}).encode()
    request = urllib.request.Request(f"{base}/s/{token}/", data=data, headers={
        "Cookie": f"csrftoken={CSRF}", "Accept-Language": "en", "Referer": f"{base}/s/{token}/"})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _wait_until_up(base: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert server.poll() is None, "the server did not start"
        try:
            with urllib.request.urlopen(f"{base}/robots.txt", timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server did not answer within 60 s")


@pytest.mark.django_db(transaction=True)
def test_a_hard_stop_in_round_2_loses_no_confirmed_sheet(tournament, make_teams, director, tmp_path, another_laptop):
    make_teams(tournament, 24)
    first = add_round(tournament)
    pair_round(first)
    publish(first)
    for table in first.tables.all():
        record_result(table, {"arrivals": [0, 1, 0]}, user=director)
    second = add_round(tournament)
    pair_round(second)
    publish(second)
    start(second)
    tables = [(table.token, [seat.code for seat in table.seats.order_by("position")])
              for table in Table.objects.filter(round=second).order_by("number").prefetch_related("seats")]
    assert len(tables) == 12

    backups = tmp_path / "backups"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DATABASE_URL": _database_url(), "KEEZEN_BACKUP_DIR": str(backups), "BACKUPS_RUN": "task",
           "ALLOWED_HOSTS": "127.0.0.1", "KEEZEN_WORKERS": "2", "KEEZEN_THREADS": "2", "DJANGO_DEBUG": "0"}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "keezen_site" / "gunicorn_conf.py"),
         "--bind", f"127.0.0.1:{port}", "keezen_site.wsgi"],
        cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = server  # until it runs
    try:
        # The background worker that writes the backups (manage.py serve starts it beside gunicorn):
        # the hard stop below kills it with the web processes.
        worker = subprocess.Popen([sys.executable, "manage.py", "worker"], cwd=ROOT, env=env,
                                  start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_until_up(base, server)
        laptop = another_laptop()  # migrates its fresh database meanwhile
        confirmed_at: dict[str, float] = {}
        for index, (token, codes) in enumerate(tables):
            assert _post(base, token, action="submit", code=codes[0], arrivals="ABAB", unfinished_ok="1") == 302
            assert _post(base, token, action="confirm", code=codes[1]) == 302
            confirmed_at[token] = time.monotonic()
            if index == 5:
                time.sleep(BACKUP_SETTLES)  # a quiet moment: the first half must be in a backup
        for process in (server, worker):  # the laptop dies: every process at once, no clean-up
            os.killpg(process.pid, signal.SIGKILL)
        stopped = time.monotonic()
    finally:
        for process in (server, worker):
            servers.kill(process)

    newest = newest_in(backups)
    data = json.loads(newest.read_text(encoding="utf-8"))  # whole: written atomically, never half a file
    in_backup = {entry["token"] for entry in data["table_details"]
                 if entry["round"] == 2 and entry["sheets"] and entry["sheets"][-1]["state"] == "confirmed"}
    settled = {token for token, moment in confirmed_at.items() if stopped - moment >= BACKUP_SETTLES}
    assert len(settled) >= 6 and settled <= in_backup
    for path in backups.rglob("*.json"):  # every backup whole: a write is a rename of a finished file
        if not path.name.startswith("."):
            json.loads(path.read_text(encoding="utf-8"))

    # Another laptop: a fresh database, migrated, the newest backup restored.
    out, _ = laptop.communicate(f"{backups}\n", timeout=300)
    assert laptop.returncode == 0, another_laptop.log.read_text(encoding="utf-8")
    answer = json.loads(out.strip().splitlines()[-1])
    assert answer["slug"] == tournament.slug
    restored = json.loads(answer["file"])
    after = {entry["token"]: entry for entry in restored["table_details"]}
    for token in settled:
        assert after[token]["sheets"][-1]["state"] == "confirmed", "a confirmed sheet was lost"
    assert restored["tables"] == data["tables"] and len(after) == len(data["table_details"])
