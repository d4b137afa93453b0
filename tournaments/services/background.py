"""Background work on one task engine: Django's tasks API (``django-tasks``, the backport of Django
6.0's ``django.tasks``) with its database backend (``django-tasks-db``).

Why an engine and this one: print files (:mod:`.print_files`) and automatic backups
(:mod:`.backups`) must not make a request wait, must not be lost when the web process that asked
for them is restarted or killed, and, with several hosts, must run once and on whichever machine
is free. A task is a row of the database every host shares, written in the same transaction as the
change that asks for it (a rolled-back change asks nothing; a committed one is not lost between
the commit and a thread starting). A worker (``manage.py worker``; ``serve`` starts one beside the
web processes on a laptop, a server runs it as its own command) takes a task with a locking
query (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL, an exclusive transaction on SQLite), so
two workers never take the same one. Nothing extra to install on a laptop: no broker, no Redis.
When Django 6 is the project's version, ``django.tasks`` replaces the backport's imports here.

What the engine leaves to us, added here:

- **A worker that dies** (a host switched off, ``kill -9``) leaves its task marked running. Every
  worker writes a heartbeat (:class:`~tournaments.models.Worker`) every :data:`BEAT_SECONDS`; a
  running task whose worker has not written for :data:`STALE_SECONDS` is put back in the queue
  and runs again (:func:`recover`), at most :data:`MAX_RUNS` times: a task that takes its worker
  down each time is marked failed instead of looping.
- **A database that does not answer**: the worker logs it and tries again every
  :data:`RETRY_SECONDS` (:class:`Workers`) under a new name, so that what it was running then
  runs again once the old name is stale.
- **Coalescing**: :func:`pending` tells whether a task with the same arguments waits already
  (backups: fifty sheets in a burst are one task).
- **Failures** stay with the task's row (its exception and traceback): :func:`last_failure` finds
  them for the director's pages, where a retry is one click.
"""

from __future__ import annotations

import datetime
import logging
import os
import socket
import sys
import threading
from collections.abc import Iterable
from typing import Any

from django.db import DatabaseError, close_old_connections, connection, transaction
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks import TaskResultStatus, task  # noqa: F401  (``task``: the one decorator our tasks use)
from django_tasks.base import Task
from django_tasks_db.management.commands.db_worker import Worker as EngineWorker
from django_tasks_db.models import DBTaskResult

from tournaments.models import Worker

logger = logging.getLogger(__name__)

QUEUES = ("backups", "print-files")
"""One thread of a worker per queue: a backup does not wait behind 500 table cards."""
INTERVAL_SECONDS = 0.5
"""How often an idle worker looks for a task: a print file asked for starts within this."""
BEAT_SECONDS = 5.0
STALE_SECONDS = 30.0
"""A worker not heard of for this long is dead: its running task runs again."""
MAX_RUNS = 3
"""A task started this many times by workers that died is marked failed, not started again."""
RETRY_SECONDS = 5.0
FORGET_WORKERS_AFTER = datetime.timedelta(days=1)


class WorkerStopped(RuntimeError):
    """What a task is marked failed with when its workers died :data:`MAX_RUNS` times while running it."""


def _args(args: Iterable[Any]) -> dict:
    return {"args": list(args), "kwargs": {}}


def pending(found: Task, *args: Any) -> bool:
    """Whether ``found`` with these arguments waits in the queue, not yet taken by a worker (a task
    enqueued in this same transaction included)."""
    return DBTaskResult.objects.filter(task_path=found.module_path, status=TaskResultStatus.READY,
                                       args_kwargs=_args(args)).exists()


def waiting(found: Task) -> bool:
    """Whether a task of ``found`` waits or runs (tests and benchmarks wait for the worker)."""
    return DBTaskResult.objects.filter(task_path=found.module_path,
                                       status__in=(TaskResultStatus.READY, TaskResultStatus.RUNNING)).exists()


def last_failure(found: Task, *args: Any, since: datetime.datetime | None = None) -> DBTaskResult | None:
    """The newest failed run of ``found`` with these arguments (finished after ``since``), or None."""
    failed = DBTaskResult.objects.filter(task_path=found.module_path, status=TaskResultStatus.FAILED,
                                         args_kwargs=_args(args))
    if since is not None:
        failed = failed.filter(finished_at__gt=since)
    return failed.order_by("-finished_at").only("finished_at", "exception_class_path", "traceback").first()


def failure_text(result: DBTaskResult) -> str:
    """The error a failed task ended with, as its last traceback line says it ("OSError: [Errno 28] …")."""
    lines = [line for line in result.traceback.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else result.exception_class_path


# --------------------------------------------------------------------------- workers


def beat(worker_ids: Iterable[str], started_at: datetime.datetime) -> None:
    """Say that these workers (threads of this process) are alive."""
    now = timezone.now()
    for worker_id in worker_ids:
        Worker.objects.update_or_create(worker_id=worker_id, defaults={
            "seen_at": now, "host": socket.gethostname()[:255], "pid": os.getpid(), "started_at": started_at})


def _put_back(result: DBTaskResult) -> bool:
    """The running task back in the queue, if it is still as it was read (another worker may have
    recovered it meanwhile)."""
    return bool(DBTaskResult.objects.filter(pk=result.pk, status=TaskResultStatus.RUNNING,
                                            started_at=result.started_at)
                .update(status=TaskResultStatus.READY, started_at=None))


def _running(**filters: Any) -> Iterable[DBTaskResult]:
    return DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING, **filters).only(
        "id", "worker_ids", "started_at", "task_path")


def recover(now: datetime.datetime | None = None) -> int:
    """Put back in the queue every running task whose worker is dead (not heard of for
    :data:`STALE_SECONDS`); mark failed one whose workers died :data:`MAX_RUNS` times. Returns how
    many were put back. Safe in every worker at once: each change is conditional on the task being
    as it was read."""
    now = now or timezone.now()
    stale = now - datetime.timedelta(seconds=STALE_SECONDS)
    alive = set(Worker.objects.filter(seen_at__gte=stale).values_list("worker_id", flat=True))
    put_back = 0
    for result in _running(started_at__lt=stale):
        if result.worker_ids and result.worker_ids[-1] in alive:
            continue
        if len(result.worker_ids) >= MAX_RUNS:
            if DBTaskResult.objects.filter(pk=result.pk, status=TaskResultStatus.RUNNING).exists():
                result.set_failed(WorkerStopped(
                    f"its worker stopped {len(result.worker_ids)} times while running it"))
                logger.error("task %s (%s) failed: its worker stopped %s times", result.pk, result.task_path,
                             len(result.worker_ids))
        elif _put_back(result):
            put_back += 1
            logger.warning("task %s (%s) put back in the queue: its worker %s stopped", result.pk,
                           result.task_path, result.worker_ids[-1] if result.worker_ids else "?")
    Worker.objects.filter(seen_at__lt=now - FORGET_WORKERS_AFTER).delete()
    return put_back


def alive_workers() -> int:
    """How many workers were heard of lately (the print-file page says when there is none)."""
    stale = timezone.now() - datetime.timedelta(seconds=STALE_SECONDS)
    return Worker.objects.filter(seen_at__gte=stale).count()


def worker_command() -> list[str]:
    """The worker as a process of its own, ``keezen manage worker`` (from a checkout as from an
    installed package), with this process's settings (its environment)."""
    return [sys.executable, "-m", "keezen_site.cli", "manage", "worker"]


def _engine(queue: str, worker_id: str, batch: bool) -> EngineWorker:
    return EngineWorker(queue_names=[queue], interval=INTERVAL_SECONDS, batch=batch, backend_name="default",
                        startup_delay=False, max_tasks=None, worker_id=worker_id, excluded_queue_names=[])


def run_ready(queues: Iterable[str] = QUEUES) -> int:
    """Run every task of ``queues`` that is ready now, in this thread (``worker --batch``, and backups
    written at commit in the tests), then return how many ran. The engine's own loop would close the
    database connection between tasks, which it must not do inside a transaction."""
    engine = _engine(",".join(queues), f"batch-{get_random_string(12)}", batch=True)
    ran = 0
    while True:
        with transaction.atomic():
            found = DBTaskResult.objects.ready().filter(queue_name__in=list(queues)).get_locked()
            if found is None:
                return ran
            found.claim(engine.worker_id)
        engine.run_task(found)
        ran += 1


def _new_id(worker_id: str) -> str:
    base, queue = worker_id.split("/")[:2]
    return f"{base}/{queue}/{get_random_string(6)}"


class Workers:
    """One worker process: a thread per queue running the engine's worker loop, and a thread that
    writes the heartbeat and recovers the tasks of dead workers. :meth:`stop` lets each finish the
    task it runs."""

    def __init__(self, queues: Iterable[str] = QUEUES):
        base = get_random_string(24)
        self.engines = {queue: _engine(queue, f"{base}/{queue}", batch=False) for queue in queues}
        self.stopping = threading.Event()
        self.started_at = timezone.now()

    def run(self) -> None:
        threads = [threading.Thread(target=self._work, args=(engine,), name=f"worker-{queue}", daemon=True)
                   for queue, engine in self.engines.items()]
        for thread in threads:
            thread.start()
        self._watch()
        for thread in threads:
            thread.join()

    def stop(self) -> None:
        self.stopping.set()
        for engine in self.engines.values():
            engine.running = False

    def _work(self, engine: EngineWorker) -> None:
        """The engine's loop; a database that does not answer is logged and tried again."""
        try:
            while not self.stopping.is_set():
                try:
                    engine.run()
                    return
                except DatabaseError as error:
                    logger.warning("worker %s: the database does not answer (%s); trying again in %s s",
                                   engine.worker_id, str(error).strip() or type(error).__name__, RETRY_SECONDS)
                    connection.close()
                    if self.stopping.wait(RETRY_SECONDS):
                        return
                    engine.running = not self.stopping.is_set()
                    # A name of its own from now on: what it ran under the old one (if anything) had its
                    # end unrecorded, and runs again once that name is stale (recover).
                    engine.worker_id = _new_id(engine.worker_id)
        finally:
            connection.close()

    def _watch(self) -> None:
        """Heartbeat and recovery, until stopped; the worker's rows removed as it stops."""
        while True:
            close_old_connections()
            self._quietly(beat, [engine.worker_id for engine in self.engines.values()], self.started_at)
            self._quietly(recover)
            if self.stopping.wait(BEAT_SECONDS):
                break
        ids = [engine.worker_id for engine in self.engines.values()]
        self._quietly(lambda: Worker.objects.filter(worker_id__in=ids).delete())
        connection.close()

    @staticmethod
    def _quietly(step, *args) -> None:
        try:
            step(*args)
        except DatabaseError as error:
            logger.warning("worker: the database does not answer (%s); trying again in %s s",
                           str(error).strip() or type(error).__name__, BEAT_SECONDS)
            connection.close()
