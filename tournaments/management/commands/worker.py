"""``manage.py worker`` (``keezen worker``): runs the background tasks — print files and automatic
backups — on the task engine (:mod:`tournaments.services.task_workers`).

On a laptop ``serve`` starts one beside the web processes; on servers (``KEEZEN_MODE=server``) it
is its own command, on one machine or several: two workers never run one task, and a task whose
worker died runs again. Ctrl+C or SIGTERM lets each thread finish the task it runs; a second one
stops at once (the task then runs again on the next worker). Its log (the ``tournaments`` logger,
settings.LOGGING) goes to stderr, beside gunicorn's. Exit status 1 when a thread died of an error:
its supervisor (``serve``, systemd) starts it again.
"""

from __future__ import annotations

import logging
import os
import signal
import sys

from django.core.management.base import BaseCommand

from tournaments.services import task_workers

logger = logging.getLogger(task_workers.__name__)


class Command(BaseCommand):
    help = "Run the background tasks (print files, automatic backups) until stopped."

    def handle(self, *args, **options):
        workers = task_workers.Workers()

        def stop(signum, _frame) -> None:
            if workers.stopping.is_set():
                logger.warning("worker: %s again, stopping now", signal.Signals(signum).name)
                signal.signal(signum, signal.SIG_DFL)
                sys.exit(1)
            logger.info("worker: %s, stopping after the running tasks", signal.Signals(signum).name)
            workers.stop()

        signal.signal(signal.SIGTERM, stop)
        # Started by serve: Ctrl+C is serve's to pass on (as one SIGTERM); alone, it stops the worker.
        signal.signal(signal.SIGINT, signal.SIG_IGN if os.environ.get("KEEZEN_WORKER_SUPERVISED") else stop)
        logger.info("worker: running the queues %s", ", ".join(workers.engines))
        sys.exit(workers.run())
