"""``manage.py worker`` (``keezen worker``): runs the background tasks — print files and automatic
backups — on the task engine (:mod:`tournaments.services.background`).

On a laptop ``serve`` starts one beside the web processes; on servers (``KEEZEN_MODE=server``) it
is its own command, on one machine or several: two workers never run one task, and a task whose
worker died runs again. Ctrl+C or SIGTERM lets each thread finish the task it runs. Its log (the
``tournaments`` logger, settings.LOGGING) goes to stderr, beside gunicorn's.
"""

from __future__ import annotations

import logging
import signal

from django.core.management.base import BaseCommand

from tournaments.services import background


class Command(BaseCommand):
    help = "Run the background tasks (print files, automatic backups) until stopped."

    def add_arguments(self, parser):
        parser.add_argument("--batch", action="store_true",
                            help="run the tasks that are ready now, then stop")

    def handle(self, *args, batch: bool, **options):
        if batch:
            background.run_ready()
            return
        workers = background.Workers()

        def stop(signum, _frame) -> None:
            logging.getLogger(background.__name__).info("worker: %s, stopping after the running tasks",
                                                        signal.Signals(signum).name)
            workers.stop()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        logging.getLogger(background.__name__).info("worker: running the queues %s",
                                                    ", ".join(workers.engines))
        workers.run()
