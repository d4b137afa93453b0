"""The task engine's workers, as each says it is alive (:mod:`tournaments.services.background`).

Why a table: the engine (``django-tasks-db``) marks a task running with the id of the worker that
took it, but a worker that dies (a host switched off, a process killed) leaves its task running
for ever. Each worker writes its row every few seconds; a running task whose worker has not
written for a while is handed to the next worker. A database row rather than the cache: every
host sees it, and a cache may drop a key when it is full.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Worker(models.Model):
    worker_id = models.CharField(_("worker"), max_length=64, unique=True)
    host = models.CharField(_("host"), max_length=255)
    pid = models.PositiveIntegerField(_("process"))
    started_at = models.DateTimeField(_("started at"))
    seen_at = models.DateTimeField(_("last seen at"), db_index=True)

    class Meta:
        verbose_name = _("background worker")
        verbose_name_plural = _("background workers")

    def __str__(self) -> str:
        return f"{self.host}:{self.pid} ({self.worker_id})"
