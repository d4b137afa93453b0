"""gunicorn's settings, in one place for ``manage.py serve`` (the day) and ``make bench-load``
(scripts/bench_load.sh), so that the benchmark measures the server the venue runs.

Why these: phones on venue Wi-Fi are slow clients and poll again every few seconds. gthread
workers keep an idle connection open (``keepalive``, 5 s: a phone that polls again reuses it)
without holding a worker on it, where a sync worker would wait on each slow phone. Processes
one more than the cores (the work is Python, so more processes only contend for the cores), and
4 threads each, so a worker goes on while a thread waits for the database.
``KEEZEN_WORKERS`` and ``KEEZEN_THREADS`` override them.
"""

import os

worker_class = "gthread"
workers = int(os.environ.get("KEEZEN_WORKERS") or (os.cpu_count() or 1) + 1)
threads = int(os.environ.get("KEEZEN_THREADS") or 4)
keepalive = 5
