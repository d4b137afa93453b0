"""Print files: slow files (PDFs) rendered in the background, so that no request waits on them.

Why: 500 table cards take seconds to lay out, longer than a director should stare at a spinner and
near gunicorn's worker timeout. So publishing a round starts its table cards and wall lists at
once, and a click on any PDF either downloads the finished file or shows its progress until it
is done (the page refreshes itself). Nothing extra runs on the laptop: a job is a database row
(:class:`~tournaments.models.PrintFile`) and a thread of the server process that made it; the
row is claimed with one conditional update, so a job runs once even when several processes see
it, and a job whose process died is started again.

``settings.PRINT_FILES_RUN``: ``"thread"`` (the default: a background thread), ``"inline"``
(render inside the request — for the test suite, where no thread may outlive a test's
transaction) or ``"queue"`` (only queue: tests call :func:`run` as the thread would).
"""

from __future__ import annotations

import datetime
import logging
import threading
import time

from django.conf import settings
from django.db import IntegrityError, close_old_connections, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import get_language

from tournaments.exporters.base import Exporter, exporter, round_downloads
from tournaments.models import PrintFile, PrintFileStatus, Round, Tournament

logger = logging.getLogger(__name__)

WAIT_SECONDS = 3.0
"""A click waits this long for a file being made before it shows the progress page instead."""
LOST_AFTER = datetime.timedelta(seconds=60)
"""A job queued this long, or running this long and ten times its expected time, was lost with its
process (a worker restarted, say): the next click starts it again."""
POLL_SECONDS = 0.1
SECONDS_PER_PAGE = 0.02
"""For the progress bar only: a rough time per table card on this kind of laptop."""

_one_at_a_time = threading.Semaphore(1)  # one render per process: the other core serves phones


def _mode() -> str:
    return getattr(settings, "PRINT_FILES_RUN", "thread")


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
    job, queued = _found_or_queued(found, tournament, round_, after_round, site_url)
    if queued:
        start(job.pk)
    elif _lost(job) or (retry and job.failed):
        if PrintFile.objects.filter(pk=job.pk, status=job.status).update(
                status=PrintFileStatus.QUEUED, started_at=None, queued_at=timezone.now(), error=""):
            start(job.pk)
    return job


def _found_or_queued(found: Exporter, tournament: Tournament, round_: Round | None, after_round: int | None,
                     site_url: str) -> tuple[PrintFile, bool]:
    """(the job of this content, whether it was queued here: nothing runs it yet)."""
    key = found.content_key(tournament, round_, after_round, site_url)
    job = PrintFile.objects.filter(tournament=tournament, exporter=found.identifier, key=key).defer("content").first()
    if job is not None:
        return job, False
    try:
        with transaction.atomic():
            return PrintFile.objects.create(
                tournament=tournament, round=round_, exporter=found.identifier, key=key, after_round=after_round,
                site_url=site_url, language=get_language() or settings.LANGUAGE_CODE,
                estimate_seconds=_estimate(round_),
            ), True
    except IntegrityError:  # another request asked for the same file at the same moment
        return PrintFile.objects.defer("content").get(tournament=tournament, exporter=found.identifier, key=key), False


def made_here(found: Exporter, tournament: Tournament, round_: Round | None = None, site_url: str = "") -> PrintFile:
    """The print file of this content, made in this thread unless it is there already (``manage.py
    rehearse`` proving a practice run's files: no background thread may outlive a command), kept as
    the download finds it; with its content, ready or failed."""
    with translation.override(found.language(tournament)):
        job, _queued = _found_or_queued(found, tournament, round_, None, site_url)
    run(job.pk)  # nothing when it is made already, or another process makes it
    return PrintFile.objects.get(pk=wait_for(job, LOST_AFTER.total_seconds()).pk)


def _lost(job: PrintFile) -> bool:
    now = timezone.now()
    if job.status == PrintFileStatus.RUNNING:
        allowed = max(LOST_AFTER, datetime.timedelta(seconds=10 * job.estimate_seconds))
        return job.started_at is None or now - job.started_at > allowed
    return job.status == PrintFileStatus.QUEUED and now - job.queued_at > LOST_AFTER


def ready_or_started(found: Exporter, tournament: Tournament, round_: Round | None = None,
                     after_round: int | None = None, site_url: str = "", wait: float = WAIT_SECONDS,
                     retry: bool = False) -> PrintFile:
    """The file, when it is (or within ``wait`` seconds becomes) ready; else the job in progress."""
    job = ask(found, tournament, round_, after_round, site_url, retry)
    return wait_for(job, wait)


def wait_for(job: PrintFile, wait: float) -> PrintFile:
    """The job as it is once ready or failed, or after ``wait`` seconds."""
    if _mode() == "queue":
        wait = 0  # nothing here runs it
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


def start(job_id: int) -> None:
    mode = _mode()
    if mode == "inline":
        run(job_id)
    elif mode == "thread":
        transaction.on_commit(lambda: threading.Thread(target=_in_thread, args=(job_id,), daemon=True,
                                                       name=f"print-file-{job_id}").start())


def _in_thread(job_id: int) -> None:
    try:
        with _one_at_a_time:
            close_old_connections()
            run(job_id)
    finally:
        connection.close()  # the thread's own connection


def run(job_id: int) -> bool:
    """Render the queued job ``job_id``; False when another worker has it (or it is gone)."""
    claimed = PrintFile.objects.filter(pk=job_id, status=PrintFileStatus.QUEUED).update(
        status=PrintFileStatus.RUNNING, started_at=timezone.now())
    if not claimed:
        return False
    try:
        _render(job_id)
    except Exception as error:  # a bug in a renderer, a database refusing the file: the page says so
        logger.exception("print file %s failed", job_id)
        PrintFile.objects.filter(pk=job_id).update(status=PrintFileStatus.FAILED, finished_at=timezone.now(),
                                                   error=f"{type(error).__name__}: {error}"[:2000])
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


def progress(job: PrintFile) -> int:
    """0–99 while the file is being made (from the time it usually takes), 100 when ready."""
    if job.is_ready:
        return 100
    if job.started_at is None:
        return 0
    elapsed = (timezone.now() - job.started_at).total_seconds()
    return min(99, int(100 * elapsed / max(job.estimate_seconds, 0.1)))
