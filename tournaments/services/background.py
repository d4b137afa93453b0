"""Background work on one task engine: Django's tasks API (``django-tasks``, the backport of Django
6.0's ``django.tasks``) with its database backend (``django-tasks-db``).

Why an engine and this one: print files (:mod:`.print_files`) and automatic backups
(:mod:`.backups`) must not make a request wait, must not be lost when the web process that asked
for them is restarted or killed, and, with several hosts, must run once and on whichever machine
is free. A task is a row of the database every host shares, written in the same transaction as the
change that asks for it (a rolled-back change asks nothing; a committed one is not lost between
the commit and a thread starting). A worker (``manage.py worker``, :mod:`.task_workers`; ``serve``
starts one beside the web processes on a laptop, a server runs it as its own command) takes a
task with a locking query (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL, an exclusive
transaction on SQLite), so two workers never take the same one. Nothing extra to install on a
laptop: no broker, no Redis. When Django 6 is the project's version, ``django.tasks`` replaces the
backport's imports here and in :mod:`.task_workers`.

This module is the side that asks: the one decorator of our tasks, whether a task waits
(:func:`pending`: backups coalesce), how the newest run of a task failed (:func:`last_failure`,
for the director's pages, where a retry is one click), whether any worker runs
(:func:`alive_workers`), and the worker's command line.
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Expression, QuerySet
from django.db.models.functions import Now
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _
from django_tasks import TaskResultStatus, task  # noqa: F401  (``task``: the one decorator our tasks use)
from django_tasks.base import Task
from django_tasks_db.models import DBTaskResult

from tournaments.models import Worker

QUEUES: tuple[str, ...] = tuple(settings.TASKS["default"]["QUEUES"])
"""One thread of a worker per queue (settings.TASKS): a backup does not wait behind 500 table cards."""
STALE_SECONDS: float = settings.BACKGROUND_STALE_SECONDS
"""A worker not heard of for this long (by the database's clock) is dead: its running task runs again."""


RUN_HERE = "here-"
"""The worker id of tasks :func:`run_ready` runs in the thread that asks: no worker's, never put back."""


class WorkerStopped(RuntimeError):
    """What a task is marked failed with when its workers died while running it, again and again."""


def _args(args: Iterable[Any]) -> dict:
    return {"args": list(args), "kwargs": {}}


def pending(found: Task, *args: Any) -> bool:
    """Whether ``found`` with these arguments waits in the queue, not yet taken by a worker (a task
    enqueued in this same transaction included). Inside a transaction the waiting row is locked
    until it commits: a worker cannot take that task meanwhile and run it without this change
    (PostgreSQL; SQLite's transactions take the write lock at their start already). A row a worker
    is taking now is skipped: not waiting, so the caller queues another."""
    ready = DBTaskResult.objects.filter(task_path=found.module_path, status=TaskResultStatus.READY,
                                        args_kwargs=_args(args))
    if connection.in_atomic_block:
        return ready.select_for_update(skip_locked=True).values_list("pk", flat=True).first() is not None
    return ready.exists()


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
    return failed.order_by("-finished_at").only("finished_at", "exception_class_path", "traceback",
                                                "worker_ids").first()


def failure_text(result: DBTaskResult) -> str:
    """Why a task failed, for the director: its error as the last traceback line says it ("OSError:
    [Errno 28] No space left on device"), or, when its workers died under it, that in words."""
    if result.exception_class_path.endswith(f".{WorkerStopped.__qualname__}"):
        return _("its worker stopped %(count)s times while running it") % {"count": len(result.worker_ids)}
    lines = [line for line in result.traceback.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else result.exception_class_path


def stale_before() -> Expression:
    """The moment before which a worker not heard of is dead, by the database's clock (hosts' clocks differ)."""
    return Now() - datetime.timedelta(seconds=STALE_SECONDS)


def live_workers() -> QuerySet[Worker]:
    """The workers heard of since :func:`stale_before`."""
    return Worker.objects.filter(seen_at__gte=stale_before())


def alive_workers() -> int:
    """How many workers were heard of lately (the print-file page says when there is none)."""
    return live_workers().count()


def run_ready(queues: Iterable[str] = QUEUES) -> int:
    """Run every task of ``queues`` that is ready now, in this thread, then return how many ran
    (backups written at commit with ``BACKUPS_RUN=inline``, and the tests). The engine's own loop
    would close the database connection between tasks, which it must not do inside a transaction."""
    from tournaments.services.task_workers import engine  # the worker's side; it imports this module

    queues = list(queues)
    runner = engine(queues, f"{RUN_HERE}{get_random_string(24)}")
    ran = 0
    while True:
        with transaction.atomic():
            found = DBTaskResult.objects.ready().filter(queue_name__in=queues).select_for_update(
                skip_locked=True).first()
            if found is None:
                return ran
            found.claim(runner.worker_id)
        runner.run_task(found)
        ran += 1


def worker_command() -> list[str]:
    """The worker as a process of its own (``manage.py worker``), with this process's settings (its
    environment names them)."""
    return [sys.executable, "-m", "django", "worker"]
