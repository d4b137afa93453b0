"""``manage.py serve``: serve the site on the LAN with gunicorn and print the addresses for phones.

With ``HTTPS=1`` (docs/https.md) it also serves HTTPS for the director on ``HTTPS_PORT`` (8443),
with the certificate common/certificates.py makes on the first start: two gunicorn
processes, because gunicorn's certificate applies to every address it listens on, and the phones
stay on plain HTTP (a certificate warning on every player's phone would stop the day). This
command waits for both and stops both. With ``HTTPS=proxy`` it listens on 127.0.0.1 only, for the
reverse proxy in front; in server mode (``KEEZEN_MODE=server``) on every address, for the load
balancer on another machine. Before anything is served, the database must answer and be up to
date, and a cache of its own server must answer.

Beside the web processes it runs the background worker (``manage.py worker``: print files and
automatic backups, :mod:`tournaments.services.background`), started again if it ever stops. In
server mode the worker is a command of its own (README, "A large event on servers"): a web host
may run one or not.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from common import certificates, server
from common.https import Mode, certificate_names, is_loopback, public_url, public_url_from, unreachable_host
from common.lan import lan_addresses
from tournaments.services import background

HTTPS_WORKERS = 2
"""Processes of the HTTPS server: the director and a desk laptop or two (threads as for HTTP)."""


def refuse_if_taken(host: str, port: int) -> None:
    """Stop with a message when something listens on ``port`` already (the server started twice).
    gunicorn alone would not notice: its processes listen with ``SO_REUSEPORT``
    (keezen_site/gunicorn_conf.py), so a second server would share the port with the first. A
    plain bind, as here, fails against any listener."""
    probe = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a closed server's TIME_WAIT is no listener
        probe.bind((host, port))
    except OSError as error:
        raise CommandError(f"Port {port} is in use ({error.strerror}): is the server running already? "
                           "Stop it, or choose another port with PORT=… (make run PORT=8001).") from None
    finally:
        probe.close()


def refuse_unless_answering() -> None:
    """The database, and a cache of its own server (Redis, Memcached), answer before anything is
    served: a host that cannot reach them stops with the reason instead of serving errors."""
    try:
        connection.ensure_connection()
    except Exception as error:  # whatever the driver raises: the reason is in its message
        engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
        raise CommandError(f"The database ({engine}, DATABASE_URL) does not answer: {error}") from None
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("DatabaseCache"):
        return  # in the database, which answers
    try:
        cache.set("keezen-serve-start", "1", 10)
        answered = cache.get("keezen-serve-start") == "1"
    except Exception as error:
        raise CommandError(f"The cache (CACHE_URL) does not answer: {error}") from None
    if not answered:
        raise CommandError("The cache (CACHE_URL) does not keep what it is given: check its server.")


def refuse_unless_migrated() -> None:
    """A database with migrations to apply (a fresh install, an upgrade) would answer pages with
    errors: stop, saying how to bring it up to date."""
    executor = MigrationExecutor(connection)
    waiting = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if waiting:
        raise CommandError(f"The database has {len(waiting)} migration(s) to apply: run 'keezen run' (or "
                           "'make migrate' in a checkout) first.")


class Command(BaseCommand):
    help = "Serve on 0.0.0.0 (gunicorn) and print the addresses that phones on the LAN can open; HTTPS=1 adds HTTPS for the director."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
        parser.add_argument("--workers", type=int, help="server processes (default: KEEZEN_WORKERS, else cores + 1; keezen_site/gunicorn_conf.py)")
        parser.add_argument("--host", help="address to listen on (default 0.0.0.0; 127.0.0.1 with HTTPS=proxy, "
                                                 "but not with KEEZEN_MODE=server)")

    def handle(self, *args, port: int, workers: int | None, host: str | None, **options):
        mode = settings.HTTPS_MODE
        # Behind a reverse proxy on this machine: 127.0.0.1 only. A host of several (KEEZEN_MODE=server)
        # is reached by a load balancer on another machine: every address.
        local_proxy = mode == Mode.PROXY and settings.SERVER_MODE != server.Mode.SERVER
        host = host or ("127.0.0.1" if local_proxy else "0.0.0.0")
        if mode == Mode.VENUE and port == settings.HTTPS_PORT:
            raise CommandError(f"HTTP and HTTPS cannot share port {port}: set PORT or HTTPS_PORT to another one.")
        for taken in (port, settings.HTTPS_PORT) if mode == Mode.VENUE else (port,):
            refuse_if_taken(host, taken)
        refuse_unless_answering()
        refuse_unless_migrated()
        os.environ["PORT"] = str(port)  # the servers' settings: the phones' port (common.https.phones_url)
        http = self.gunicorn(f"{host}:{port}", workers)
        worker = [] if settings.SERVER_MODE == server.Mode.SERVER else [background.worker_command()]
        if mode == Mode.VENUE:
            found = certificates.ensure(settings.HTTPS_DIR, *certificate_names())
            self.print_addresses(port, https_port=settings.HTTPS_PORT, found=found)
            https = self.gunicorn(f"{host}:{settings.HTTPS_PORT}", HTTPS_WORKERS) + [
                "--certfile", str(found.certificate), "--keyfile", str(found.key)]
            sys.exit(run_together([http, https], kept=worker))
        if mode == Mode.PROXY:
            self.stdout.write(f"Behind the reverse proxy (HTTPS=proxy): it forwards to http://{host}:{port}/ "
                              "with X-Forwarded-Proto (docs/https.md).")
            self.print_qr_address(port)
        else:
            self.print_addresses(port)
        self.stdout.flush()
        sys.exit(run_together([http], kept=worker))

    def gunicorn(self, bind: str, workers: int | None) -> list[str]:
        gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
        config = settings.GUNICORN_CONFIG
        arguments = [gunicorn, "keezen_site.wsgi", "--config", str(config), "--bind", bind, "--access-logfile", "-"]
        if workers:
            arguments += ["--workers", str(workers)]
        return arguments

    def print_qr_address(self, port: int) -> None:
        """The address on the table cards' QR codes: the servers' ``PUBLIC_URL`` setting
        (common.https.public_url, the same function, with the port they are given)."""
        chosen = os.environ.get("PUBLIC_URL")
        url = public_url(chosen, port, settings.HTTPS_MODE)
        if url:
            why = "PUBLIC_URL" if public_url_from(chosen) else "the first LAN address; PUBLIC_URL=… sets another"
            self.stdout.write(self.style.SUCCESS(f"QR codes on the table cards: {url} ({why})"))
        else:
            self.stdout.write("QR codes on the table cards: the address the director's browser uses.")
        if url and unreachable_host(urlsplit(url).hostname or ""):
            self.stdout.write(self.style.WARNING(f"Phones cannot open {url}: set PUBLIC_URL to the laptop's LAN address."))

    def print_addresses(self, port: int, *, https_port: int | None = None,
                        found: certificates.Certificates | None = None) -> None:
        self.stdout.write(f"On this laptop:   http://localhost:{port}/")
        addresses = lan_addresses()
        for address in addresses:
            self.stdout.write(self.style.SUCCESS(f"Phones on the LAN: http://{address}:{port}/"))
        if not addresses:
            self.stdout.write("No LAN address found: connect to the venue's network to let phones in "
                              "(then restart), or set PUBLIC_URL.")
        self.print_qr_address(port)
        if found is not None:
            self.stdout.write(self.style.SUCCESS(f"Director (HTTPS):  https://localhost:{https_port}/director/"))
            hosts = [address for address in found.addresses if not is_loopback(address)] + \
                [name for name in found.names if name != "localhost"]
            for name in hosts:
                self.stdout.write(self.style.SUCCESS(f"Director (HTTPS):  https://{name}:{https_port}/director/"))
            if found.left_out:
                self.stdout.write(f"Not in the certificate (outside the local authority's names): {', '.join(found.left_out)}")
            self.stdout.write(
                "Trust the certificate authority once on each desk laptop (docs/https.md): download "
                f"http://{addresses[0] if addresses else 'localhost'}:{port}{reverse('https_ca')} "
                f"(or copy {found.ca}),\ncheck that its SHA-256 fingerprint is {found.ca_fingerprint}\n"
                "and import it in the browser as an authority that identifies websites.")
            self.stdout.write(f"Certificate authority {'made now' if found.made_ca else 'reused'}; "
                              f"server certificate {'made now' if found.made_server else 'reused'}, "
                              f"SHA-256 {found.server_fingerprint}")
        self.stdout.flush()


RESTART_SECONDS = 2.0
SUPERVISED = "KEEZEN_WORKER_SUPERVISED"
QUICK_EXIT_SECONDS = 30.0
QUICK_EXITS = 5
"""A kept command that stopped this many times in a row within QUICK_EXIT_SECONDS of its start is
not started again: it cannot run (its log says why), and the servers go on without it."""
STOP_SECONDS = 30.0


def run_together(commands: list[list[str]], kept: list[list[str]] = ()) -> int:
    """Run the servers side by side until one ends, Ctrl+C or SIGTERM; then stop the others. The
    ``kept`` commands (the worker) run beside them and are started again when they stop on their
    own. A process that does not stop within STOP_SECONDS of SIGTERM is killed. The exit code is
    the first failing server's, else 0."""
    children = [subprocess.Popen(command) for command in commands]
    helpers = [Kept(command) for command in kept]
    stopping = threading.Event()

    def stop(*_signal) -> None:
        if stopping.is_set():
            return  # once: a second SIGTERM would stop the worker in the middle of its task
        stopping.set()
        for child in children + [helper.process for helper in helpers]:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while all(child.poll() is None for child in children):
            for helper in helpers:
                helper.keep_running(stopping)
            stopping.wait(0.2)
    finally:
        stop()
        codes = [_ended(child) for child in children]
        for helper in helpers:
            _ended(helper.process)
    return next((code for code in codes if code not in (0, -signal.SIGTERM, -signal.SIGINT)), 0)


def _ended(process: subprocess.Popen) -> int:
    try:
        return process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


class Kept:
    """A command started again when it stops on its own (after RESTART_SECONDS), unless it keeps
    stopping right after its start."""

    def __init__(self, command: list[str]):
        self.command = command
        self.quick_exits = 0
        self.given_up = False
        self.process = self._start()

    def _start(self) -> subprocess.Popen:
        self.started = time.monotonic()
        # Ctrl+C reaches every process of the terminal: the worker leaves it to this supervisor,
        # whose one SIGTERM lets it finish its task.
        return subprocess.Popen(self.command, env={**os.environ, SUPERVISED: "1"})

    def keep_running(self, stopping: threading.Event) -> None:
        if self.given_up or self.process.poll() is None or stopping.is_set():
            return
        quick = time.monotonic() - self.started < QUICK_EXIT_SECONDS
        self.quick_exits = self.quick_exits + 1 if quick else 0
        if self.quick_exits >= QUICK_EXITS:
            self.given_up = True
            print(f"The background worker stopped {QUICK_EXITS} times right after its start (exit status "
                  f"{self.process.returncode}): not started again. Its log above says why; the PDFs and backups "
                  "wait until it runs.", file=sys.stderr, flush=True)
            return
        print(f"The background worker stopped (exit status {self.process.returncode}); starting it again in "
              f"{RESTART_SECONDS:.0f} s.", file=sys.stderr, flush=True)
        if not stopping.wait(RESTART_SECONDS):
            self.process = self._start()
