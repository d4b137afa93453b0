"""Several hosts on one machine: the layout of a large event (README, "A large event on servers")
for its end-to-end test (tests/test_servers.py) and the two-host run of ``make bench-load``.

Why here and not in each: both start the same parts the same way — Redis as a process of its own
with nothing saved, the web hosts as ``keezen serve`` in server mode on loopback addresses of their
own (127.0.0.2, 127.0.0.3: another address is another host to nginx and to the hosts' checks), the
worker as ``keezen worker``, and Debian's nginx balancing between the hosts, with a configuration
written here (the README's, with its paths in a folder of the run). Stdlib only; every process is
started in a session of its own so that :func:`kill` takes a host with all its processes, as a
host switched off.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOSTS = ("127.0.0.2", "127.0.0.3")
"""The web hosts' addresses: loopback addresses of their own (Linux answers on all of 127.0.0.0/8)."""

NGINX = """# The load balancer of README, "A large event on servers" (TLS ends here on the day: this run is
# plain HTTP and tells the hosts it was HTTPS, as the proxy in front of them would).
worker_processes {workers};
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
{user}
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream keezen {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 12m;
        location / {{
            proxy_pass http://keezen;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto https;
            # A host that is down: the next one (a request never sent is safe to send again).
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""


def database_url(settings_dict: Mapping) -> str:
    """The ``DATABASE_URL`` of a connection's settings (a test's database, for the processes it starts)."""
    user = urllib.parse.quote(settings_dict["USER"] or "postgres")
    password = f":{urllib.parse.quote(settings_dict['PASSWORD'])}" if settings_dict["PASSWORD"] else ""
    return (f"postgres://{user}{password}@{settings_dict['HOST'] or '127.0.0.1'}:{settings_dict['PORT'] or 5432}"
            f"/{settings_dict['NAME']}")


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def wait_for_port(host: str, port: int, process: subprocess.Popen, seconds: float = 60.0, log: Path | None = None) -> None:
    """Until something listens on ``host:port``; fails when ``process`` stops first, with its log."""
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[:4]} stopped (exit {process.returncode})"
                               + (f":\n{log.read_text(errors='replace')[-3000:]}" if log and log.exists() else ""))
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing answers on {host}:{port} after {seconds:.0f} s") from None
            time.sleep(0.1)


def _start(command: Sequence[str], log: Path, env: Mapping[str, str] | None = None) -> subprocess.Popen:
    with log.open("ab") as out:
        return subprocess.Popen(list(command), cwd=ROOT, env=dict(env) if env is not None else None, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)


def kill(process: subprocess.Popen, how: int = signal.SIGKILL, seconds: float = 30.0) -> None:
    """The process and every process it started (its session), as a host switched off (SIGKILL) or
    stopped (SIGTERM)."""
    try:  # the whole session, also when its first process has ended and left others behind
        os.killpg(process.pid, how)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=seconds)


def start_redis(folder: Path) -> tuple[subprocess.Popen, str]:
    """A Redis server of this run (nothing saved to disk); (its process, its ``CACHE_URL``)."""
    server = shutil.which("redis-server")
    if server is None:
        raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = _start([server, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
                      "--dir", str(folder)], folder / "redis.log")
    wait_for_port("127.0.0.1", port, process, 30, folder / "redis.log")
    return process, f"redis://127.0.0.1:{port}/0"


def start_nginx(folder: Path, upstreams: Sequence[str], port: int | None = None, workers: int = 1) -> tuple[subprocess.Popen, int]:
    """Debian's nginx balancing between ``upstreams`` (``host:port``); (its process, its port)."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise RuntimeError("nginx is not installed (apt-get install nginx-light)")
    port = port or free_port()
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    config = folder / "nginx.conf"
    config.write_text(NGINX.format(
        workers=workers, folder=folder, port=port, user="user root;" if os.geteuid() == 0 else "",
        servers="\n".join(f"        server {address} max_fails=1 fail_timeout=30s;" for address in upstreams)))
    process = _start([nginx, "-c", str(config), "-e", str(folder / "nginx-error.log")], folder / "nginx.log")
    wait_for_port("127.0.0.1", port, process, 30, folder / "nginx-error.log")
    return process, port


def keezen(*arguments: str) -> list[str]:
    """``keezen …`` with this Python, from the checkout as from an installed package."""
    return [sys.executable, "-m", "keezen_site.cli", *arguments]


def start_hosts(folder: Path, ports: Mapping[str, int], env: Mapping[str, str]) -> dict[str, subprocess.Popen]:
    """The web hosts, ``keezen serve`` in server mode on each ``address: port``, started at once (their
    start-ups overlap), returned once each answers; logs in ``folder/host-ADDRESS.log``."""
    hosts = {address: _start(keezen("serve", "--host", address, "--port", str(port)), folder / f"host-{address}.log",
                             env)
             for address, port in ports.items()}
    try:
        for address, process in hosts.items():
            wait_for_port(address, ports[address], process, 90, folder / f"host-{address}.log")
    except BaseException:
        for process in hosts.values():
            kill(process)
        raise
    return hosts


def start_worker(folder: Path, env: Mapping[str, str], name: str = "worker") -> subprocess.Popen:
    """The background worker, ``keezen worker``, a process of its own."""
    return _start(keezen("worker"), folder / f"{name}.log", env)


def server_environment(database_url: str, cache_url: str, public_url: str, backups: Path) -> dict[str, str]:
    """What every host of the layout gets (README, "A large event on servers"), as this process has it
    otherwise: the shared settings of server mode, one secret key and password for all."""
    env = {**os.environ, "KEEZEN_MODE": "server", "HTTPS": "proxy",
           "DJANGO_SECRET_KEY": "a-secret-key-every-host-shares-" + "x" * 40,
           "DIRECTOR_PASSWORD": "the-directors-password-of-every-host",
           "PUBLIC_URL": public_url, "DATABASE_URL": database_url, "CACHE_URL": cache_url,
           "KEEZEN_BACKUP_DIR": str(backups), "ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_DEBUG": "0"}
    for name in ("BACKUPS_RUN", "PRINT_FILES_RUN"):  # as on the day
        env.pop(name, None)
    return env


def bench(folder: Path) -> None:
    """``python -m devtools.servers bench FOLDER`` (``make bench-load``'s two-host run): Redis, the
    worker, two hosts on ``DATABASE_URL``, nginx in front of host 1 alone and nginx in front of both;
    their ports written to ``FOLDER/ports.env`` once every part answers; everything stopped on
    SIGTERM (or Ctrl+C)."""
    folder.mkdir(parents=True, exist_ok=True)
    started: list[subprocess.Popen] = []
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    try:
        redis, cache_url = start_redis(folder)
        started.append(redis)
        ports = {address: free_port(address) for address in HOSTS}
        one_port, both_port = free_port(), free_port()
        env = server_environment(os.environ["DATABASE_URL"], cache_url, f"https://127.0.0.1:{both_port}",
                                 folder / "backups")
        started.append(start_worker(folder, env))
        started += start_hosts(folder, ports, env).values()
        upstreams = [f"{address}:{port}" for address, port in ports.items()]
        (folder / "one").mkdir(exist_ok=True)
        (folder / "both").mkdir(exist_ok=True)
        started.append(start_nginx(folder / "one", upstreams[:1], one_port)[0])
        started.append(start_nginx(folder / "both", upstreams, both_port)[0])
        (folder / "ports.env").write_text(f"ONE_HOST_PORT={one_port}\nTWO_HOSTS_PORT={both_port}\n")
        while not stop:
            for process in started:
                if process.poll() is not None:
                    raise RuntimeError(f"{process.args[:4]} stopped (exit {process.returncode}): see {folder}")
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        for process in reversed(started):
            kill(process, signal.SIGTERM)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "bench":
        sys.exit("usage: python -m devtools.servers bench FOLDER")
    bench(Path(sys.argv[2]))
