"""Print files: slow files (PDFs) rendered in the background, so that no request waits on them.

Why: 500 table cards take seconds to lay out, longer than a director should stare at a spinner and
near gunicorn's worker timeout. So publishing a round starts its table cards and wall lists at
once, and a click on any PDF either downloads the finished file or shows its progress until it
is done (the page refreshes itself). A file is a database row (:class:`~tournaments.models.PrintFile`,
which keeps its bytes for every host to hand out) and a task on the task engine
(:mod:`.background`), queued in the same transaction: whichever worker takes the task renders the
file once. A task carries the row's ``attempt``: a retry raises it, so a task of an earlier attempt
finds the row changed and does nothing; a task run again because its worker died renders it anew.

``settings.PRINT_FILES_RUN``: ``"task"`` (the default) or ``"inline"`` (render inside the request —
the test suite, which runs no worker).
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import get_language
from django_tasks import TaskContext

from tournaments.exporters.base import Exporter, exporter, round_downloads
from tournaments.models import PrintFile, PrintFileStatus, Round, Tournament
from tournaments.services import background

logger = logging.getLogger(__name__)

WAIT_SECONDS = 3.0
"""A click waits this long for a file being made before it shows the progress page instead."""
POLL_SECONDS = 0.1
MADE_HERE_WAIT_SECONDS = 60.0
""":func:`made_here` waits this long for a file a worker is making already."""
SECONDS_PER_PAGE = 0.02
"""For the progress bar only: a rough time per table card on this kind of laptop."""


class PrintFileFailed(RuntimeError):
    """A task's print file could not be made (the row says why; the engine keeps the traceback)."""


@background.task(queue_name="print-files", takes_context=True)
def make_print_file(context: TaskContext, job_id: int, attempt: int) -> bool:
    """The task: render the print file ``job_id`` if it is still at ``attempt``; raises when it failed,
    so the engine marks the task failed too."""
    return run(job_id, attempt, claimer=str(context.task_result.id), raise_errors=True)


def failed_elsewhere(sender, task_result, **kwargs) -> None:
    """The engine's ``task_finished``: a print-file task that failed without rendering (its workers
    died under it, :mod:`.task_workers`) leaves its row failed too, so the page offers *Try again*
    instead of waiting for ever. Connected in ``apps.py``."""
    if task_result.status != background.TaskResultStatus.FAILED or \
            task_result.task.module_path != make_print_file.module_path:
        return
    job_id, attempt = task_result.args
    error = background.failure_text(task_result.db_result) if hasattr(task_result, "db_result") else ""
    PrintFile.objects.filter(pk=job_id, attempt=attempt, status__in=(PrintFileStatus.QUEUED, PrintFileStatus.RUNNING)) \
        .update(status=PrintFileStatus.FAILED, finished_at=timezone.now(), error=error[:2000])


def _mode() -> str:
    return getattr(settings, "PRINT_FILES_RUN", "task")


def _estimate(round_: Round | None) -> float:
    if round_ is not None:
        return 0.5 + SECONDS_PER_PAGE * round_.tables.count()
    return 1.0


def ask(found: Exporter, tournament: Tournament, round_: Round | None = None, after_round: int | None = None,
        site_url: str = "", retry: bool = False) -> PrintFile:
    """The print file of this content: found when it exists, else queued and started; ``retry``
    starts a failed one again. Made in the exporter's language (the tournament's for what goes on
    the tables and the wall)."""
    with translation.override(found.language(tournament)):
        return _ask(found, tournament, round_, after_round, site_url, retry)


def _ask(found: Exporter, tournament: Tournament, round_: Round | None, after_round: int | None,
         site_url: str, retry: bool) -> PrintFile:
    job, queued = _found_or_queued(found, tournament, round_, after_round, site_url, start=True)
    if queued and _mode() == "inline":
        run(job.pk)
    elif retry and job.failed:
        with transaction.atomic():
            if PrintFile.objects.filter(pk=job.pk, status=PrintFileStatus.FAILED).update(
                    status=PrintFileStatus.QUEUED, started_at=None, queued_at=timezone.now(), error="",
                    attempt=F("attempt") + 1):
                job = PrintFile.objects.defer("content").get(pk=job.pk)
                _start(job)
        if _mode() == "inline":
            run(job.pk)
    return job


def _start(job: PrintFile) -> None:
    """Queue the job's task, in the transaction that queued the job (inline: nothing, the caller renders)."""
    if _mode() == "task":
        make_print_file.enqueue(job.pk, job.attempt)


def _found_or_queued(found: Exporter, tournament: Tournament, round_: Round | None, after_round: int | None,
                     site_url: str, start: bool = False) -> tuple[PrintFile, bool]:
    """(the job of this content, whether it was queued here); ``start`` queues its task with it."""
    key = found.content_key(tournament, round_, after_round, site_url)
    job = PrintFile.objects.filter(tournament=tournament, exporter=found.identifier, key=key).defer("content").first()
    if job is not None:
        return job, False
    try:
        with transaction.atomic():
            job = PrintFile.objects.create(
                tournament=tournament, round=round_, exporter=found.identifier, key=key, after_round=after_round,
                site_url=site_url, language=get_language() or settings.LANGUAGE_CODE,
                estimate_seconds=_estimate(round_),
            )
            if start:
                _start(job)
            return job, True
    except IntegrityError:  # another request asked for the same file at the same moment
        return PrintFile.objects.defer("content").get(tournament=tournament, exporter=found.identifier, key=key), False


def made_here(found: Exporter, tournament: Tournament, round_: Round | None = None, site_url: str = "") -> PrintFile:
    """The print file of this content, made in this thread unless it is there already (``manage.py
    rehearse`` proving a practice run's files, with or without a worker), kept as the download finds
    it; with its content, ready or failed."""
    with translation.override(found.language(tournament)):
        job, _queued = _found_or_queued(found, tournament, round_, None, site_url)
    run(job.pk)  # nothing when it is made already, or a worker makes it
    return PrintFile.objects.get(pk=wait_for(job, MADE_HERE_WAIT_SECONDS).pk)


def ready_or_started(found: Exporter, tournament: Tournament, round_: Round | None = None,
                     after_round: int | None = None, site_url: str = "", wait: float = WAIT_SECONDS,
                     retry: bool = False) -> PrintFile:
    """The file, when it is (or within ``wait`` seconds becomes) ready; else the job in progress."""
    job = ask(found, tournament, round_, after_round, site_url, retry)
    return wait_for(job, wait)


def wait_for(job: PrintFile, wait: float) -> PrintFile:
    """The job as it is once ready or failed, or after ``wait`` seconds (at once when no worker runs:
    nothing would make it meanwhile)."""
    if _mode() == "task" and wait and not background.alive_workers():
        wait = 0
    deadline = time.monotonic() + wait
    while True:
        # The file's bytes are read only when they are sent (a deferred field), not on every look.
        job = PrintFile.objects.filter(pk=job.pk).defer("content").first() or job  # removed: as last seen
        if job.status in (PrintFileStatus.READY, PrintFileStatus.FAILED) or time.monotonic() >= deadline:
            return job
        time.sleep(POLL_SECONDS)


def prepare_round(round_: Round, site_url: str) -> list[PrintFile]:
    """Start the round's print files (table cards, wall lists) as it is published. Inline (the test
    suite) nothing is made ahead: a file is made when it is asked for."""
    if _mode() == "inline":
        return []
    return [ask(found, round_.tournament, round_, None, site_url) for found in round_downloads(round_)
            if found.made_on_publish]


def run(job_id: int, attempt: int | None = None, claimer: str = "", raise_errors: bool = False) -> bool:
    """Render the job ``job_id`` if it waits; for the task ``claimer`` of ``attempt``, also if that
    same task had claimed it already (run again because its worker died), never while anyone else
    renders it. False when there is nothing to do here. A failure is kept on the row for the
    director's page, and raised with ``raise_errors``."""
    waits = Q(status=PrintFileStatus.QUEUED)
    if claimer:
        waits |= Q(status=PrintFileStatus.RUNNING, claimed_by=claimer)
    claimable = PrintFile.objects.filter(waits, pk=job_id)
    if attempt is not None:
        claimable = claimable.filter(attempt=attempt)
    if not claimable.update(status=PrintFileStatus.RUNNING, started_at=timezone.now(), claimed_by=claimer):
        return False
    try:
        _render(job_id)
    except Exception as error:  # a bug in a renderer, a database refusing the file: the page says so
        logger.exception("print file %s failed", job_id)
        PrintFile.objects.filter(pk=job_id).update(status=PrintFileStatus.FAILED, finished_at=timezone.now(),
                                                   error=f"{type(error).__name__}: {error}"[:2000])
        if raise_errors:
            raise PrintFileFailed(f"print file {job_id}: {type(error).__name__}: {error}") from error
    return True


def _render(job_id: int) -> None:
    job = PrintFile.objects.select_related("tournament", "round__tournament").defer("content").get(pk=job_id)
    with translation.override(job.language):
        content = exporter(job.exporter).render(job.tournament, round_=job.round, after_round=job.after_round,
                                                site_url=job.site_url or None)
    with transaction.atomic():
        PrintFile.objects.filter(pk=job_id).update(status=PrintFileStatus.READY, content=content,
                                                   finished_at=timezone.now())
        # Older versions of this same file (same options, language and address) are not needed any more.
        PrintFile.objects.filter(
            tournament_id=job.tournament_id, round_id=job.round_id, exporter=job.exporter, language=job.language,
            after_round=job.after_round, site_url=job.site_url, created_at__lt=job.created_at,
            status__in=(PrintFileStatus.READY, PrintFileStatus.FAILED),
        ).delete()


def nobody_makes(job: PrintFile) -> bool:
    """Whether the job waits for a worker and none runs (the progress page says how to start one)."""
    return _mode() == "task" and not job.is_ready and not job.failed and not background.alive_workers()


def progress(job: PrintFile) -> int:
    """0–99 while the file is being made (from the time it usually takes), 100 when ready."""
    if job.is_ready:
        return 100
    if job.started_at is None:
        return 0
    elapsed = (timezone.now() - job.started_at).total_seconds()
    return min(99, int(100 * elapsed / max(job.estimate_seconds, 0.1)))
