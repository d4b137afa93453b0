"""The worker process of the task engine (``manage.py worker``): the engine's own loop in a thread
per queue, and what the engine leaves to us (:mod:`.background` is the side that asks).

The engine (``django-tasks-db``) takes a task under the id of the worker that runs it, but a
worker that dies (a host switched off, ``kill -9``) leaves its task marked running for ever. So:

- **Heartbeats.** Every :data:`BEAT_SECONDS` the worker writes a row per live thread
  (:class:`~tournaments.models.Worker`), with the database's clock, so hosts whose clocks differ
  agree. It beats until its last thread has finished its task, and only then removes its rows.
- **Recovery** (:func:`recover`). A running task whose worker has not written for
  :data:`~.background.STALE_SECONDS` is put back in the queue and runs again; after
  :data:`MAX_RUNS` such deaths it is marked failed instead (a task that takes its worker down
  each time must not loop), and the engine's ``task_finished`` signal tells who cares (the print
  file's row). A worker recovers only once it has itself been beating for ``STALE_SECONDS``: after
  an outage of the database, the others have to be given the time to beat again first.
- **A database that does not answer**: the thread logs it and tries again every
  :data:`RETRY_SECONDS` under a new id, so that what it was running then (its end unrecorded)
  runs again once the old id is stale. A thread that dies of anything else stops the process,
  with status 1: ``serve`` (or the servers' supervisor) starts it again.
- **Old rows**: finished tasks are removed after :data:`KEEP_FINISHED`, their workers' rows after
  :data:`FORGET_WORKERS_AFTER`.

Why the engine's ``Worker`` class and not its ``db_worker`` command: one process runs a thread
per queue and knows which are alive, which is what its heartbeat says. The class is public in the
pinned version (0.13.0), and its loop is what ``db_worker`` runs.
"""

from __future__ import annotations

import datetime
import logging
import os
import socket
import threading
import time
from collections.abc import Iterable

from django.db import Error, ProgrammingError, close_old_connections, connection
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks import TaskResultStatus, task_backends
from django_tasks.signals import task_finished
from django_tasks_db.management.commands.db_worker import Worker as EngineWorker
from django_tasks_db.models import DBTaskResult

from tournaments.models import Worker
from tournaments.services.background import (
    QUEUES,
    RUN_HERE,
    STALE_SECONDS,
    WorkerStopped,
    live_workers,
    stale_before,
)

logger = logging.getLogger(__name__)

INTERVAL_SECONDS = 0.5
"""How often an idle thread looks for a task: a print file asked for starts within this."""
BEAT_SECONDS = min(5.0, STALE_SECONDS / 4)
MAX_RUNS = 3
RETRY_SECONDS = BEAT_SECONDS  # a database that does not answer is asked again as often as a beat
KEEP_FINISHED = datetime.timedelta(days=2)
FORGET_WORKERS_AFTER = datetime.timedelta(days=1)
TIDY_EVERY_SECONDS = 3600.0


def engine(queues: Iterable[str], worker_id: str) -> EngineWorker:
    """The engine's worker loop for ``queues`` under ``worker_id``."""
    return EngineWorker(queue_names=list(queues), interval=INTERVAL_SECONDS, batch=False, backend_name="default",
                        startup_delay=False, max_tasks=None, worker_id=worker_id, excluded_queue_names=[])


def beat(worker_ids: Iterable[str], started_at: datetime.datetime) -> None:
    """Say that these workers (threads of this process) are alive, by the database's clock."""
    for worker_id in worker_ids:
        if not Worker.objects.filter(worker_id=worker_id).update(seen_at=Now()):
            Worker.objects.create(worker_id=worker_id, host=socket.gethostname()[:255], pid=os.getpid(),
                                  started_at=started_at, seen_at=Now())


def _still_running(result: DBTaskResult):
    """The task as it was read: running since the same moment (not recovered by another worker meanwhile)."""
    return DBTaskResult.objects.filter(pk=result.pk, status=TaskResultStatus.RUNNING, started_at=result.started_at)


def recover() -> int:
    """Put back in the queue every running task whose worker is dead (not heard of for
    ``STALE_SECONDS`` by the database's clock); mark failed one whose workers died :data:`MAX_RUNS`
    times. Returns how many were put back. Safe in every worker at once: each change is conditional
    on the task being as it was read. Tasks run in place (:func:`~.background.run_ready`) belong to
    no worker and are left alone."""
    alive = set(live_workers().values_list("worker_id", flat=True))
    put_back = 0
    running = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING, started_at__lt=stale_before()).only(
        "id", "worker_ids", "started_at", "task_path", "args_kwargs", "backend_name", "priority", "queue_name",
        "run_after", "enqueued_at", "finished_at")
    for result in running:
        last = result.worker_ids[-1] if result.worker_ids else ""
        if last in alive or last.startswith(RUN_HERE):
            continue
        if len(result.worker_ids) >= MAX_RUNS:
            if _still_running(result).exists():
                result.set_failed(WorkerStopped(f"its worker stopped {len(result.worker_ids)} times while running it"))
                logger.error("task %s (%s) failed: its worker stopped %s times", result.pk, result.task_path,
                             len(result.worker_ids))
                task_finished.send(type(task_backends[result.backend_name]), task_result=result.task_result)
        elif _still_running(result).update(status=TaskResultStatus.READY, started_at=None):
            put_back += 1
            logger.warning("task %s (%s) put back in the queue: its worker %s stopped", result.pk,
                           result.task_path, last or "?")
    return put_back


def tidy() -> None:
    """Forget finished tasks and the rows of workers long gone."""
    now = timezone.now()
    DBTaskResult.objects.filter(status__in=(TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED),
                                finished_at__lt=now - KEEP_FINISHED).delete()
    Worker.objects.filter(seen_at__lt=now - FORGET_WORKERS_AFTER).delete()


def _new_id(worker_id: str) -> str:
    base, queue = worker_id.split("/")[:2]
    return f"{base}/{queue}/{get_random_string(6)}"


def _say(problem: Error) -> str:
    if isinstance(problem, ProgrammingError):
        return f"the database is not ready ({str(problem).strip()}): has 'keezen manage migrate' run?"
    return f"the database does not answer ({str(problem).strip() or type(problem).__name__})"


class Workers:
    """One worker process: a thread per queue running the engine's loop, and this thread writing the
    heartbeat and recovering the tasks of dead workers. :meth:`stop` lets each thread finish the
    task it runs; :meth:`run` returns 1 when a thread died of an error (the process should end and
    be started again), else 0."""

    def __init__(self, queues: Iterable[str] = QUEUES):
        base = get_random_string(24)
        self.engines = {queue: engine([queue], f"{base}/{queue}") for queue in queues}
        self.stopping = threading.Event()
        self.failed = False
        self.started_at = timezone.now()
        self.threads: dict[str, threading.Thread] = {}

    def run(self) -> int:
        self._beat_and_recover(recovering=False)  # alive before the first task is taken
        for queue, engine_ in self.engines.items():
            self.threads[queue] = threading.Thread(target=self._work, args=(engine_,), name=f"worker-{queue}",
                                                   daemon=True)
            self.threads[queue].start()
        healthy_since = time.monotonic()
        last_tidy = 0.0
        while self._alive_ids():  # beating until the last thread has finished its task
            deadline = time.monotonic() + BEAT_SECONDS
            while time.monotonic() < deadline and self._alive_ids():
                time.sleep(0.1)
            healthy = self._beat_and_recover(recovering=time.monotonic() - healthy_since >= STALE_SECONDS)
            if not healthy:
                healthy_since = time.monotonic()
            elif time.monotonic() - last_tidy > TIDY_EVERY_SECONDS:
                last_tidy = time.monotonic()
                self._quietly(tidy)
        ids = [engine_.worker_id for engine_ in self.engines.values()]
        self._quietly(lambda: Worker.objects.filter(worker_id__in=ids).delete())
        connection.close()
        return 1 if self.failed else 0

    def stop(self) -> None:
        self.stopping.set()
        for engine_ in self.engines.values():
            engine_.running = False

    def _alive_ids(self) -> list[str]:
        return [self.engines[queue].worker_id for queue, thread in self.threads.items() if thread.is_alive()]

    def _beat_and_recover(self, recovering: bool) -> bool:
        close_old_connections()
        ok = self._quietly(beat, self._alive_ids() or [e.worker_id for e in self.engines.values()], self.started_at)
        if ok and recovering and not self.stopping.is_set():
            ok = self._quietly(recover)
        return ok

    def _work(self, engine_: EngineWorker) -> None:
        """The engine's loop; a database that does not answer is logged and tried again; any other
        error ends the process (its supervisor starts it again)."""
        try:
            while not self.stopping.is_set():
                try:
                    engine_.run()
                    return
                except Error as problem:
                    logger.warning("worker %s: %s; trying again in %s s", engine_.worker_id, _say(problem),
                                   RETRY_SECONDS)
                    connection.close()
                    # A name of its own from now on: what it ran under the old one (if anything) had its
                    # end unrecorded, and runs again once that name is stale (recover).
                    engine_.worker_id = _new_id(engine_.worker_id)
                    engine_.running = True
                    if self.stopping.wait(RETRY_SECONDS):
                        engine_.running = False
                        return
        except Exception:
            logger.exception("worker %s stopped", engine_.worker_id)
            self.failed = True
            self.stop()
        finally:
            connection.close()

    @staticmethod
    def _quietly(step, *args) -> bool:
        try:
            step(*args)
            return True
        except Error as problem:
            logger.warning("worker: %s; trying again in %s s", _say(problem), BEAT_SECONDS)
            connection.close()
            return False
