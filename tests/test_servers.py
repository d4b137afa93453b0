"""A large event on servers (README, "A large event on servers"), end to end on real parts: two web
hosts (``keezen serve`` in server mode on 127.0.0.2 and 127.0.0.3) and a worker (``keezen worker``)
as processes of their own over one PostgreSQL database, the shared cache in a Redis server and
Debian's nginx balancing between the hosts, all started here.

Phones submit and confirm sheets through the balancer; the public standings on either host show
each confirmed sheet within 2 s; a director's login made on one host holds on the other; a file
asked of a host that is killed right after its answer is made anyway; a round's table cards are
rendered once; one host is killed (SIGKILL, all its processes) mid-round and the day goes on
through the other with no confirmed sheet lost; the backups are written once per change, by the
worker, into the one shared folder.

PostgreSQL only: the hosts serve the test database, which must be a real server. nginx and
redis-server come from Debian's packages (.ci/run installs them; elsewhere the test is skipped
without them, unless KEEZEN_EXPECT_SERVERS=1 says they must be there).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest
import redis
from django.conf import settings as django_settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.db import connection
from django_tasks_db.models import DBTaskResult

from devtools import servers
from tests.conftest import PASSWORD
from tournaments.models import PrintFile, PrintFileStatus, Table
from tournaments.services import backups, print_files
from tournaments.services.clock import start
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round
from tournaments.services.standings import standings

pytestmark = [
    pytest.mark.skipif(django_settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
                       reason="the hosts serve the test database as processes of their own: PostgreSQL only"),
    pytest.mark.django_db(transaction=True),
]

CSRF = "s" * 32
VISIBLE_WITHIN = 2.0
TOTAL = re.compile(r'data-testid="total-(T\d+)">\s*([^<]*?)\s*<')


def _needed() -> None:
    missing = [name for name in ("nginx", "redis-server") if not shutil.which(name) and not Path(f"/usr/sbin/{name}").exists()]
    if missing:
        message = f"{' and '.join(missing)} not installed (apt-get install nginx-light redis-server)"
        if os.environ.get("KEEZEN_EXPECT_SERVERS"):
            pytest.fail(message)
        pytest.skip(message)


class Http:
    """A phone or a browser: one request per connection (phones reconnect for every poll), the answer
    as (status, headers, text). Straight to a host it says what nginx says: the request came by HTTPS."""

    def __init__(self, host: str, port: int, cookies: dict[str, str] | None = None):
        self.host, self.port, self.cookies = host, port, dict(cookies or {})

    def __call__(self, method: str, path: str, fields: dict[str, str] | None = None,
                 headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        sent = {"Accept-Language": "en", "X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.port}",
                **(headers or {})}
        body = None
        cookies = dict(self.cookies)
        if fields is not None:
            cookies["csrftoken"] = CSRF
            body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": CSRF})
            sent.update({"Content-Type": "application/x-www-form-urlencoded",
                         "Referer": f"https://127.0.0.1:{self.port}{path}"})
        if cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
        link = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            link.request(method, path, body=body, headers=sent)
            answer = link.getresponse()
            text = answer.read().decode("utf-8", "replace")
            for header, value in answer.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]
            return answer.status, {name.lower(): value for name, value in answer.getheaders()}, text
        finally:
            link.close()


@pytest.fixture
def migrations_recorded():
    """``serve`` refuses a database with migrations to apply; the test database is made from the
    models (``--no-migrations``): its migrations are recorded as applied for the hosts
    (``migrate --fake``, as the servers' one ``keezen manage migrate`` would leave them), and
    forgotten again after the test."""
    assert "django_migrations" not in connection.introspection.table_names()
    subprocess.run([sys.executable, "manage.py", "migrate", "--fake", "--noinput", "-v", "0"], cwd=servers.ROOT,
                   env={**os.environ, "DATABASE_URL": _database_url()}, check=True, timeout=300)
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE django_migrations")


def _database_url() -> str:
    return servers.database_url(connection.settings_dict)


@pytest.fixture
def layout(tmp_path, migrations_recorded):
    """Redis, the worker, two web hosts and nginx in front; ``layout["kill"](name)`` switches a part off."""
    _needed()
    started: dict[str, object] = {}
    folder = tmp_path / "servers"
    folder.mkdir()
    try:
        started["redis"], cache_url = servers.start_redis(folder)
        ports = {address: servers.free_port(address) for address in servers.HOSTS}
        balancer_port = servers.free_port()
        env = {**servers.server_environment(_database_url(), cache_url, f"https://127.0.0.1:{balancer_port}",
                                            tmp_path / "shared-backups"),
               "KEEZEN_WORKERS": "1", "KEEZEN_THREADS": "4"}
        started["worker"] = servers.start_worker(folder, env)
        started.update(servers.start_hosts(folder, ports, env))
        started["nginx"], balancer_port = servers.start_nginx(
            folder, [f"{address}:{port}" for address, port in ports.items()], balancer_port)
        yield {"ports": ports, "balancer": balancer_port, "cache_url": cache_url, "backups": Path(env["KEEZEN_BACKUP_DIR"]),
               "folder": folder, "kill": lambda name: servers.kill(started.pop(name))}
    finally:
        for name, process in list(started.items()):
            servers.kill(process)  # nothing of the layout is kept: no need to wait for a clean stop
        connection.close()


def _day(tournament, make_teams, settings):
    settings.PRINT_FILES_RUN = "task"  # the table cards are made by the worker, as on the day
    settings.BACKUPS_RUN = "task"
    make_teams(tournament, 26)
    round_ = add_round(tournament)
    pair_round(round_)
    return round_, [(table.number, table.token, [seat.code for seat in table.seats.order_by("position")])
            for table in Table.objects.filter(round=round_).order_by("number").prefetch_related("seats")]


def _totals(text: str) -> dict[str, int]:
    return {key: int(re.sub(r"[^\d-]", "", value)) for key, value in TOTAL.findall(text) if re.search(r"\d", value)}


def _seen_on(host: Http, path: str, expected: dict[str, int]) -> float:
    """Seconds until the host's public standings show the expected totals (a new connection per poll)."""
    began = time.monotonic()
    while True:
        status, _headers, text = host("GET", path)
        assert status == 200, (status, text[:300])
        shown = _totals(text)
        if all(shown.get(key) == value for key, value in expected.items()):
            return time.monotonic() - began
        if time.monotonic() - began > 10:
            raise AssertionError(f"not shown after 10 s: {expected} vs {({key: shown.get(key) for key in expected})}")
        time.sleep(0.05)


def test_two_hosts_and_a_worker_behind_nginx_lose_nothing_when_a_host_dies(
        tournament, make_teams, director, settings, layout):
    round_, tables = _day(tournament, make_teams, settings)
    _number, spare, spare_codes = tables.pop()  # for the wrong codes below; no sheet is sent there
    a, b = servers.HOSTS
    balancer = Http("127.0.0.1", layout["balancer"])
    on = {address: Http(address, port) for address, port in layout["ports"].items()}
    path = f"/t/{tournament.slug}/standings/"

    # A director logs in on one host; the session holds on the other (sessions live in the database).
    director.password = make_password(PASSWORD, hasher=PBKDF2PasswordHasher())  # the hosts' hasher, not the tests' fast one
    director.save()
    login = Http(a, layout["ports"][a])
    status, headers, _text = login("POST", "/login/", {"username": "director", "password": PASSWORD,
                                                       "next": "/director/"})
    assert status == 302 and "sessionid" in login.cookies, (status, headers)
    desk = Http(b, layout["ports"][b], login.cookies)
    status, _headers, text = desk("GET", f"/director/t/{tournament.slug}/teams/")
    assert status == 200 and tournament.name in text
    # The director publishes the round through the balancer: its table cards are queued for the worker.
    director_on_balancer = Http("127.0.0.1", layout["balancer"], login.cookies)
    assert director_on_balancer("POST", f"/director/t/{tournament.slug}/rounds/1/publish/", {})[0] == 302
    start(round_)

    def confirm(number: int, token: str, codes: list[str]) -> None:
        assert balancer("POST", f"/s/{token}/", {"action": "submit", "code": codes[0], "arrivals": "ABAB",
                                                  "unfinished_ok": "1"})[0] == 302
        assert balancer("POST", f"/s/{token}/", {"action": "confirm", "code": codes[1]})[0] == 302
        expected = {row.key: row.points for row in standings(tournament).rows}  # the database's truth
        for address in on:
            if address in layout["ports"] and address not in killed:
                assert _seen_on(on[address], path, expected) <= VISIBLE_WITHIN, f"table {number} on {address}"

    killed: set[str] = set()
    for number, token, codes in tables[:6]:
        confirm(number, token, codes)

    # Rate limits hold across hosts (their counts live in the database): wrong team codes typed at one
    # table in turn on host A and host B count together, and the next one is refused on either.
    wrong = next(code for code in ("000000", "111111", "222222") if code not in spare_codes)
    answers = [on[address]("POST", f"/s/{spare}/", {"action": "submit", "code": wrong, "arrivals": "ABAB",
                                                    "unfinished_ok": "1"})[0]
               for address in (a, b, a, b)]
    assert 429 not in answers[:3] and answers[3] == 429, answers

    # A file asked of host A, which is switched off right after its answer: the worker makes it anyway.
    status, _headers, _text = Http(a, layout["ports"][a], login.cookies)(
        "GET", f"/director/t/{tournament.slug}/standings.pdf", headers={"HX-Request": "true"})
    assert status == 202
    layout["kill"](a)  # SIGKILL: every process of the host at once
    killed.add(a)
    deadline = time.monotonic() + 60
    while not PrintFile.objects.filter(tournament=tournament, exporter="standings-pdf",
                                       status=PrintFileStatus.READY).exists():
        assert time.monotonic() < deadline, "the file asked of the killed host was never made"
        time.sleep(0.2)

    # The day goes on through the balancer: nginx sends every phone to the host that is left.
    for number, token, codes in tables[6:]:
        confirm(number, token, codes)
    rows = {row.key: row.points for row in standings(tournament).rows}
    assert _totals(on[b]("GET", path)[2]) == {key: value for key, value in rows.items()}

    # Both hosts took the phones' sheets (nginx balances), and the shared cache is Redis's.
    for address in servers.HOSTS:
        log = (layout["folder"] / f"host-{address}.log").read_text()
        assert "POST /s/" in log, f"no sheet reached {address}"
        assert "Operations to perform" not in log  # keezen serve in server mode never migrates (cli.MIGRATE)
    assert redis.Redis.from_url(layout["cache_url"]).dbsize() > 0, "nothing was written to Redis"

    # The round's table cards: made once, by the worker, whichever host hands them out.
    cards = PrintFile.objects.filter(tournament=tournament, exporter="table-cards-pdf")
    assert cards.count() == 1 and cards.get().status == PrintFileStatus.READY
    status, headers, _text = director_on_balancer(  # anyway: PUBLIC_URL here is this machine (no phone could open it)
        "GET", f"/director/t/{tournament.slug}/rounds/1/table-cards.pdf?anyway=1")
    assert status == 200 and headers["content-type"] == "application/pdf"
    assert cards.count() == 1
    made = DBTaskResult.objects.filter(task_path=print_files.make_print_file.module_path,
                                       args_kwargs={"args": [cards.get().pk, 1], "kwargs": {}})
    assert [len(task.worker_ids) for task in made] == [1]

    # The backups: written by the worker into the shared folder, every state once, the last one whole.
    settings.BACKUP_DIR = layout["backups"]
    assert backups.wait_idle(timeout=60)
    written = backups.backups_of(tournament)
    assert written, "no backup"
    states = []
    for info in written:
        data = json.loads(info.path.read_text(encoding="utf-8"))
        data.pop("exported_at")
        states.append(json.dumps(data, sort_keys=True))
    assert len(set(states)) == len(states), "a state written twice"
    newest = json.loads(written[0].path.read_text(encoding="utf-8"))
    confirmed = {entry["token"] for entry in newest["table_details"]
                 if entry["sheets"] and entry["sheets"][-1]["state"] == "confirmed"}
    assert confirmed == {token for _number, token, _codes in tables}, "a confirmed sheet is not in the backup"
    ran = DBTaskResult.objects.filter(task_path=backups.write_backup.module_path)
    assert ran.exists() and {task.status for task in ran} == {"SUCCESSFUL"}
    assert all(len(task.worker_ids) == 1 for task in ran)
