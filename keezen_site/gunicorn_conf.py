"""gunicorn's settings, in one place for ``manage.py serve`` (the day) and ``make bench-load``
(scripts/bench_load.sh), so that the benchmark measures the server the venue runs.

Why these: phones on venue Wi-Fi are slow clients. gthread workers hand a connection to a thread
only while a request is on it, where a sync worker would be held by each slow phone; keep-alive
(5 s) serves the requests that follow a page (htmx, the static files) on its connection. The
public standings poll every 30 s, past the keep-alive, so each poll opens a new connection; the
load benchmark's phones read at most 1.5 s and keep theirs, which is kinder to the server than
the day. Processes: one more than the cores (the work is Python: more processes only contend for
the cores), with 4 threads each so a worker goes on while a thread waits for the database.
``KEEZEN_WORKERS`` and ``KEEZEN_THREADS`` override them (``manage.py serve --workers`` sets the
processes for one run). With ``HTTPS=1`` ``serve`` starts a second gunicorn with these settings
for the director's HTTPS (two processes, its certificate on the command line): gunicorn's
certificate holds for every address one server listens on, and the phones stay on plain HTTP.

``reuse_port``: each process listens on a socket of its own (``SO_REUSEPORT``), and the kernel
spreads new connections evenly over them. On one shared socket the process that happened to be
awake took most of a burst of phones, and kept them for as long as they stayed connected: in the
load benchmark one process ran its core flat out (and every phone on it waited) while the others
idled, 45, 31 and 17 s of CPU in one run; with a socket each, 200 phones spread evenly.
"""

import os

worker_class = "gthread"
workers = int(os.environ.get("KEEZEN_WORKERS") or (os.cpu_count() or 1) + 1)
threads = int(os.environ.get("KEEZEN_THREADS") or 4)
keepalive = 5
reuse_port = True  # a listening socket per process: connections spread evenly
# gunicorn's control interface (``gunicornc``) is not used: its one socket per user
# (~/.gunicorn/gunicorn.ctl) would be shared by every server of the machine (the HTTPS server
# beside the HTTP one, the two hosts of tests/test_servers.py), each taking it from the other.
control_socket_disable = True
