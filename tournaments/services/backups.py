"""Automatic backups: the tournament file written to a folder after every change that matters.

Why: a director who loses confirmed results once goes back to paper for good. If the laptop dies at
14:30 with round 2 running, the newest file in the backups folder (copied to a USB stick, restored on
a second laptop with ``manage.py restore_tournament``) must hold every sheet confirmed a few seconds
before. So after every change — a sheet or a new version of it, a confirmation, dispute or approval,
a check-in, a draw, a publish, the clock, a ruling, a freeze, a team or player edited — the file of
the tournament (:mod:`tournaments.services.tournament_file`, version 2: the whole day) is written to
``settings.BACKUP_DIR/<backup key>/``.

Why a key and not the slug: a slug can be renamed, and a new tournament can take the old one. A
folder named by the slug would show (and restore) one tournament's files on the other's page and
lose a renamed tournament's history. ``Tournament.backup_key`` is random and never changes; the
tournament file carries it, so a tournament restored on a second laptop keeps writing into the
same folder, while a copy or a practice run gets a key of its own. Beside the files,
:data:`MARKER_NAME` names the tournament for a person looking at the folders. Folders of the
slug-named layout are moved to their tournament's key once, after ``migrate``
(:func:`move_slug_folders`, connected in ``apps.py``).

How, without slowing the request:

- **Hooked by signals** (connected in ``apps.py``), like the results version in
  ``tournaments/signals.py``: a receiver on every model a registered section of the tournament file
  keeps (:mod:`tournaments.services.tournament_file.sections`: the core's rows, the money at the
  door, the prizes…) cannot be forgotten by the desk, the table links, the admin or a later feature,
  and an app's data is backed up by registering its section. The few writers that change rows in
  bulk (``bulk_create``, ``update()`` send no signals) send the core's
  :data:`tournaments.signals.tournament_changed` instead, which is heard here too. A row that goes
  because its tournament is deleted schedules nothing.
- **A task** (:mod:`.background`, the task engine): :func:`schedule` queues one in the transaction of
  the change, so a rolled-back change writes nothing and a committed one is not lost when the web
  process dies after its answer. A worker (on any host) writes the file. ``settings.BACKUPS_RUN``:
  ``"task"`` (default), ``"inline"`` (written at commit in the request's thread: the tests) or
  ``"off"`` (only :func:`backup_now` writes).
- **Coalesced**: a task waits :data:`DEBOUNCE_SECONDS` before it runs, and a change that finds one
  waiting for its tournament queues none: fifty sheets in a burst are one or two writes, not fifty;
  the newest sheet is in a file within about ``DEBOUNCE_SECONDS`` plus the export's time, plus the
  worker's look for work (:data:`~.background.INTERVAL_SECONDS`). A task that fails (a full disk) is
  shown on the director's pages with its error (``backup_status``), where "Back up now" retries;
  the next change queues a new one anyway. The worker is a process of its own: the export does
  not share an interpreter with the requests.
- **Atomically**: a temporary file in the same folder, flushed and ``fsync``-ed, renamed over the
  final name (``os.replace``), then the folder ``fsync``-ed: a crash leaves the old files and at
  worst a hidden temporary file (removed later), never half a backup. A lock file serialises the
  writers of one folder across processes of a host; on several hosts the folder is shared storage
  (README, "A large event on servers"), and a backup is written by the one worker that takes its task.
- **Only when something changed**: the file minus its ``exported_at`` is compared with the newest
  backup; an unchanged tournament writes nothing.

Names sort by time: ``<slug>-20261124T143012.123Z.json`` (UTC); the slug is there for people only
(a renamed tournament's folder holds files of both names; nothing filters or sorts by it). A file
written while round N is the last finished round (every table has a sheet, or the round is marked finished) and no later
round has a sheet is named ``…-round-N-finished.json``: the state at the end of round N. A
:func:`backup_now` with a reason (``before-delete``, ``before-restore``) adds it to the name.
Retention, after every write: the newest :data:`KEEP` files, the newest file of each finished
round, and every file with a reason (the state of a deleted or replaced tournament) are kept; the
rest is deleted.

Reading (:func:`latest`, :func:`backups_of`) is one ``os.scandir`` of one folder and no database
query: the director's pages show "Last backup 14 s ago" on every view.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import logging
import os
import re
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import Model
from django.db.models.signals import post_delete, post_save
from django.utils.text import slugify
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.models import RoundStatus, Tournament
from tournaments.models.registration import BACKUP_KEY_PATTERN
from tournaments.services import background
from tournaments.services.tournament_file import dumps, export_file
from tournaments.services.tournament_file.sections import Kept, Section, watch
from tournaments.signals import _with_its_tournament, tournament_changed

try:
    import fcntl
except ImportError:  # Windows: no flock; the thread lock still serialises this process's writers
    fcntl = None

logger = logging.getLogger(__name__)

KEEP = 50
"""The newest files kept (besides the newest of each finished round and the files with a reason)."""
DEBOUNCE_SECONDS = 1.0
"""A task waits this long before exporting, so a burst of changes becomes one file."""
STALE_TEMPORARY_SECONDS = 600
"""A temporary file this old was left by a process that died while writing: removed."""
VOLATILE_FIELDS = ("exported_at",)
"""Fields of the file that change with every export, left out when comparing with the newest backup."""

STAMP_FORMAT = "%Y%m%dT%H%M%S"
NAME = re.compile(r"^(?P<slug>.+?)-(?P<stamp>\d{8}T\d{6}\.\d{3}Z)(?:-round-(?P<round>\d+)-finished)?"
                  r"(?:-(?P<reason>[a-z0-9][a-z0-9-]*))?\.json$")
TEMPORARY_PREFIX = ".backup-"
LOCK_NAME = ".lock"
MARKER_NAME = "tournament.txt"
"""A few lines in each folder naming its tournament, for a person choosing a folder on a USB stick."""
_KEY = re.compile(BACKUP_KEY_PATTERN, re.ASCII)


@dataclass(frozen=True)
class BackupInfo:
    """One backup file: where, when it was written (UTC, from its name), how big."""

    path: Path
    time: datetime.datetime
    size: int
    finished_round: int | None = None
    reason: str = ""

    @property
    def name(self) -> str:
        return self.path.name

    def age_seconds(self, now: datetime.datetime | None = None) -> float:
        now = now or datetime.datetime.now(datetime.timezone.utc)
        return max(0.0, (now - self.time).total_seconds())


# --------------------------------------------------------------------------- where and what


def _mode() -> str:
    return getattr(settings, "BACKUPS_RUN", "task")


def folder_of(tournament: Tournament) -> Path:
    """The tournament's folder in ``settings.BACKUP_DIR``, named by its backup key (never by its slug)."""
    key = tournament.backup_key
    if not key or not _KEY.fullmatch(key):
        raise ValueError(f"a backup key cannot name a folder: {key!r}")
    return Path(settings.BACKUP_DIR) / key


def _parse(entry: os.DirEntry | Path, with_size: bool = True) -> BackupInfo | None:
    """The backup a file's name describes, whatever slug the name begins with (a renamed tournament's
    older files carry its old slug): the folder says whose file it is."""
    match = NAME.match(entry.name)
    if match is None:
        return None
    moment = datetime.datetime.strptime(match["stamp"][:15], STAMP_FORMAT).replace(
        microsecond=int(match["stamp"][16:19]) * 1000, tzinfo=datetime.timezone.utc)
    try:
        size = entry.stat().st_size if with_size else 0
    except FileNotFoundError:  # removed by another process's retention meanwhile
        return None
    return BackupInfo(path=Path(entry.path if isinstance(entry, os.DirEntry) else entry), time=moment, size=size,
                      finished_round=int(match["round"]) if match["round"] else None, reason=match["reason"] or "")


def _entries(folder: Path) -> list[os.DirEntry]:
    try:
        with os.scandir(folder) as found:
            return [entry for entry in found if entry.name.endswith(".json") and not entry.name.startswith(".")]
    except (FileNotFoundError, NotADirectoryError):
        return []


def _newest_first(found: list[BackupInfo]) -> list[BackupInfo]:
    """By the time in the name (not the name: a renamed tournament's files begin with two slugs)."""
    return sorted(found, key=lambda info: (info.time, info.name), reverse=True)


def _described(folder: Path, root: Path) -> str:
    """A folder as a person knows it: its path, and the tournament its marker names."""
    try:
        named = (folder / MARKER_NAME).read_text(encoding="utf-8").splitlines()[0].strip()
    except (OSError, ValueError, IndexError):
        named = ""
    where = str(folder.relative_to(root)) if folder != root else str(folder)
    return f"{where} ({named})" if named else where


def newest_in(folder: Path) -> Path:
    """The newest backup file in ``folder`` or its subfolders, by the time in its name (a copy to a USB
    stick gives every file the time of the copy); refused when the backups are in several folders
    (one folder is one tournament's: the whole backups folder holds several). Raises ``ValueError``
    naming the problem."""
    found = [info for path in folder.rglob("*.json")
             if not any(part.startswith(".") for part in path.relative_to(folder).parts)
             and (info := _parse(path, with_size=False))]
    if not found:
        raise ValueError(_("no backup file (named like <slug>-20261124T143012.123Z.json) in %(folder)s")
                         % {"folder": folder})
    folders = sorted({info.path.parent for info in found})
    if len(folders) > 1:
        raise ValueError(_("%(folder)s holds backups of several tournaments (%(folders)s): give the folder of one")
                         % {"folder": folder, "folders": "; ".join(_described(path, folder) for path in folders)})
    return _newest_first(found)[0].path


def backups_of(tournament: Tournament) -> list[BackupInfo]:
    """Every backup file of the tournament, newest first (one scan of its folder, no query)."""
    return _newest_first([info for entry in _entries(folder_of(tournament)) if (info := _parse(entry))])


def latest(tournament: Tournament) -> BackupInfo | None:
    """The newest backup file of the tournament, or None (one scan of its folder, no query)."""
    found = [info for entry in _entries(folder_of(tournament)) if (info := _parse(entry, with_size=False))]
    for info in _newest_first(found):
        with_size = _parse(info.path)
        if with_size is not None:  # else removed by another process's retention meanwhile
            return with_size
    return None


def find(tournament: Tournament, name: str) -> BackupInfo | None:
    """The tournament's backup file called ``name`` (only a name this module wrote, in its folder)."""
    if "/" in name or "\\" in name or name.startswith("."):
        return None
    path = folder_of(tournament) / name
    return _parse(path) if path.is_file() else None


def age_text(seconds: float) -> str:
    """How long ago, for people: "14 s", "3 min", "2 h 5 min"."""
    seconds = int(seconds)
    if seconds < 60:
        return _("%(seconds)s s") % {"seconds": seconds}
    if seconds < 3600:
        return _("%(minutes)s min") % {"minutes": seconds // 60}
    return _("%(hours)s h %(minutes)s min") % {"hours": seconds // 3600, "minutes": seconds % 3600 // 60}


# --------------------------------------------------------------------------- the folders


def marker_text(tournament: Tournament) -> str:
    """What :data:`MARKER_NAME` says: the folder is named by a key, so a person needs the tournament's name."""
    with translation.override(tournament.language):
        return "\n".join((
            _("Backups of “%(name)s” (%(date)s), short name “%(slug)s”.") % {
                "name": tournament.name, "date": tournament.date,
                "slug": tournament.slug},
            _("This folder is named by the tournament's backup key, which never changes (also when the short name "
              "does). Take over on another laptop with: make restore FILE=<this folder>"),
        )) + "\n"


def write_marker(folder: Path, tournament: Tournament) -> None:
    """Write the folder's marker when what it should say changed (a rename): cheap, read before written."""
    text = marker_text(tournament)
    marker = folder / MARKER_NAME
    with contextlib.suppress(OSError, ValueError):
        if marker.read_text(encoding="utf-8") == text:
            return
    write_atomically(folder, MARKER_NAME, text.encode("utf-8"))


def _merge(source: Path, target: Path) -> None:
    """``source``'s files into ``target``; ``source`` removed when it is empty then. A name in both is
    left where it is (nothing is overwritten); the lock and stale temporaries are not moved."""
    if not target.exists():
        os.rename(source, target)
        return
    with os.scandir(source) as found:
        entries = list(found)
    for entry in entries:
        if entry.name == LOCK_NAME or entry.name.startswith(TEMPORARY_PREFIX):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
        elif not (target / entry.name).exists():
            os.rename(entry.path, target / entry.name)
    with contextlib.suppress(OSError):
        source.rmdir()
    _fsync_folder(target)


def move_slug_folders(using: str = "default") -> list[Path]:
    """Move folders of the layout before backup keys (``BACKUP_DIR/<slug>/``) to the key folder of the
    tournament that has that slug now; returns the key folders written to. Idempotent: a second run
    finds no such folder. A folder whose name is no tournament's slug (a deleted tournament's
    backups) is left as it is, and so is one whose name is a key."""
    root = Path(settings.BACKUP_DIR)
    try:
        with os.scandir(root) as found:
            names = {entry.name for entry in found if entry.is_dir() and not entry.name.startswith(".")}
    except (FileNotFoundError, NotADirectoryError):
        return []
    if not names:
        return []
    keys = set(Tournament.objects.using(using).filter(backup_key__in=names).values_list("backup_key", flat=True))
    moved = []
    for tournament in Tournament.objects.using(using).filter(slug__in=names - keys).only(
            "slug", "backup_key", "name", "date", "language"):
        target = folder_of(tournament)
        _merge(root / tournament.slug, target)
        write_marker(target, tournament)
        _fingerprints.pop(root / tournament.slug, None)
        logger.info("backups of %s moved from %s to %s", tournament.slug, root / tournament.slug, target)
        moved.append(target)
    if moved:
        _fsync_folder(root)
    return moved


def moved_after_migrate(sender, apps=None, using: str = "default", **kwargs) -> None:
    """``post_migrate`` receiver (``apps.py``): :func:`move_slug_folders` once the keys are there.

    Why after ``migrate``: every start (``make run``, ``make restore``, a deployment) migrates first,
    the database is there and has the keys then (migration 0020), while ``AppConfig.ready()`` runs
    for every command, also without a database. A missing or unwritable folder (a USB stick not
    plugged in) is logged, never a failed ``migrate``. A ``flush`` (which sends the signal without
    ``apps``) leaves an empty database: nothing to move."""
    if apps is None:
        return
    try:
        historical = apps.get_model("tournaments", "Tournament")
    except LookupError:
        return
    if "backup_key" not in {field.name for field in historical._meta.get_fields()}:
        return  # migrated back to before the keys
    try:
        move_slug_folders(using)
    except OSError:
        logger.exception("the backup folders could not be moved to their tournaments' keys")


# --------------------------------------------------------------------------- writing


def _export(tournament: Tournament) -> str:
    """The text of the tournament file."""
    data = export_file(tournament)  # read at one moment: a sheet committed meanwhile is wholly in or out
    return dumps(data)


def _fingerprint(text: str) -> str:
    """What the file holds, but for the fields that change with every export: its text without their
    lines (top-level keys, two-space indent, as ``dumps`` writes them), hashed. Text rather than
    parsed JSON: ``json`` in C would hold the interpreter lock for the whole file while requests
    wait, ``hashlib`` lets them run. Were the layout ever different, nothing would be cut and every
    export would count as a change: more files, never a missed one."""
    for field in VOLATILE_FIELDS:
        start = text.find(f'\n  "{field}": ')
        if start != -1:
            end = text.find("\n", start + 1)
            text = text[:start] + text[end:]
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_fingerprints: dict[Path, tuple[str, str]] = {}
"""Per folder: the newest file this process wrote or read, and its fingerprint (saves reading it again)."""


def _fingerprint_of(info: BackupInfo) -> str | None:
    known = _fingerprints.get(info.path.parent)
    if known is not None and known[0] == info.name:
        return known[1]
    try:
        fingerprint = _fingerprint(info.path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # gone or damaged: not the same
        return None
    _fingerprints[info.path.parent] = (info.name, fingerprint)
    return fingerprint


def finished_round(tournament: Tournament) -> int | None:
    """The round whose end the tournament is at: the last finished round (marked finished, or every
    table with a sheet) when no later round has a sheet yet; else None."""
    from tournaments.services.rounds import rounds_with_counts  # rounds → draft → print files: late import

    rounds = sorted(rounds_with_counts(tournament).values_list("number", "status", "table_count", "missing_count"))
    finished = None
    for number, status, tables, missing in rounds:
        if tables > missing and finished is not None and number > finished:
            finished = None  # a later round has sheets: past the end of that round
        if status == RoundStatus.FINISHED or (tables and not missing):
            finished = number
    return finished


def _file_name(slug: str, moment: datetime.datetime, finished: int | None, reason: str) -> str:
    stamp = moment.strftime(STAMP_FORMAT) + f".{moment.microsecond // 1000:03d}Z"
    return (f"{slug}-{stamp}" + (f"-round-{finished}-finished" if finished else "")
            + (f"-{reason}" if reason else "") + ".json")


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every system can open a folder for fsync
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def write_atomically(folder: Path, name: str, content: bytes) -> Path:
    """``content`` as ``folder/name``, whole or not at all: a temporary file in the same folder,
    flushed and synced to the disk, renamed over the name, the folder synced."""
    folder.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=TEMPORARY_PREFIX, suffix=".tmp", dir=folder)
    try:
        with contextlib.suppress(OSError):  # a FAT USB stick keeps no permissions
            os.chmod(temporary, 0o644)  # as the database file: mkstemp makes it readable by its owner only
        with os.fdopen(descriptor, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        final = folder / name
        os.replace(temporary, final)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)
    return final


_thread_lock = threading.Lock()


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """One writer per folder: threads of this process, and other server processes (``flock``)."""
    folder.mkdir(parents=True, exist_ok=True)
    with _thread_lock:
        if fcntl is None:
            yield
            return
        with open(folder / LOCK_NAME, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def to_remove(backups: list[BackupInfo], keep: int = KEEP) -> list[BackupInfo]:
    """What retention deletes: all but the newest ``keep``, the newest file of each finished round,
    and the files with a reason."""
    newest_first = _newest_first(backups)
    kept = {info.name for info in newest_first[:keep]}
    rounds_seen: set[int] = set()
    for info in newest_first:
        if info.finished_round is not None and info.finished_round not in rounds_seen:
            rounds_seen.add(info.finished_round)
            kept.add(info.name)
        if info.reason:
            kept.add(info.name)
    return [info for info in newest_first if info.name not in kept]


def _prune(folder: Path) -> None:
    infos = [info for entry in _entries(folder) if (info := _parse(entry, with_size=False))]
    for info in to_remove(infos):
        info.path.unlink(missing_ok=True)
    now = time.time()
    with os.scandir(folder) as found:
        for entry in found:
            if entry.name.startswith(TEMPORARY_PREFIX):
                with contextlib.suppress(OSError):
                    if now - entry.stat().st_mtime > STALE_TEMPORARY_SECONDS:
                        os.unlink(entry.path)


def _write(tournament: Tournament, reason: str = "", only_if_changed: bool = False) -> Path | None:
    """Export and write the tournament's file (None: unchanged since the newest backup, not written)."""
    folder = folder_of(tournament)
    # Export inside the lock: another server process cannot rename an older export over a newer one.
    with _folder_lock(folder):
        text = _export(tournament)
        finished = finished_round(tournament)
        fingerprint = _fingerprint(text)
        newest = latest(tournament)
        if only_if_changed and newest is not None and _fingerprint_of(newest) == fingerprint:
            return None
        moment = datetime.datetime.now(datetime.timezone.utc)
        if newest is not None and moment <= newest.time:  # the same millisecond, or a clock set back
            moment = newest.time + datetime.timedelta(milliseconds=1)
        name = _file_name(tournament.slug, moment, finished, reason)
        path = write_atomically(folder, name, text.encode("utf-8"))
        _fingerprints[folder] = (name, fingerprint)
        _prune(folder)
        write_marker(folder, tournament)
    logger.info("backup of %s written: %s (%s bytes)", tournament.slug, path, len(text))
    return path


class PracticeRun(OSError):
    """A practice run (``Tournament.practice``, :mod:`.rehearsal`) is never written to the backups folder."""


def backup_now(tournament: Tournament, reason: str = "") -> Path:
    """Write the tournament's file now, in this thread, whatever changed (before a delete or a
    restore over it); ``reason`` (e.g. ``before-delete``) goes into the name and keeps the file.
    A practice run is refused (:class:`PracticeRun`): nothing of it goes to the backups folder."""
    if tournament.practice:
        raise PracticeRun(_("A practice run is not backed up."))
    reason = slugify(reason)[:40].strip("-")
    return _write(tournament, reason=reason)


# --------------------------------------------------------------------------- scheduling


def run_job(tournament_id: int) -> Path | None:
    """What a task does: write the tournament's file if it changed since the newest backup."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.practice:  # deleted meanwhile; a practice run is never backed up
        return None
    return _write(tournament, only_if_changed=True)


@background.task(queue_name="backups")
def write_backup(tournament_id: int) -> str | None:
    """The task: the tournament's file written if it changed (the name of the file, or None)."""
    path = run_job(tournament_id)
    return path.name if path else None


def schedule(tournament_id: int) -> None:
    """Back the tournament up after the current transaction commits (nothing if it rolls back): a
    task queued in this transaction, unless one waits already (this transaction's or another's), to
    run :data:`DEBOUNCE_SECONDS` from now. Inline (tests) the waiting tasks run at commit, in this
    thread."""
    mode = _mode()
    if mode == "off" or background.pending(write_backup, tournament_id):
        return
    if mode == "inline":
        write_backup.enqueue(tournament_id)
        transaction.on_commit(lambda: background.run_ready(["backups"]))
    else:
        write_backup.using(run_after=timezone.now() + datetime.timedelta(seconds=DEBOUNCE_SECONDS)).enqueue(
            tournament_id)


def last_failure(tournament: Tournament, since: datetime.datetime | None) -> str:
    """Why the newest automatic backup failed, when it failed after ``since`` (the newest file); else ""."""
    if _mode() != "task":
        return ""
    failed = background.last_failure(write_backup, tournament.pk, since=since)
    return background.failure_text(failed) if failed else ""


def wait_idle(timeout: float = 30.0) -> bool:
    """Wait until no backup task waits or runs (tests, benchmarks, with a worker running); False on timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not background.waiting(write_backup):
            return True
        time.sleep(0.05)
    return False


# --------------------------------------------------------------------------- hooks


_kept: dict[type[Model], Kept] = {}
"""Every model a registered section keeps, with how a changed row finds its tournament (:func:`_watch`)."""


def _tournament_id(instance: Model) -> int | None:
    """Through relations already loaded (no query, the usual case), else one query."""
    if isinstance(instance, Tournament):
        return instance.pk
    path = _kept[type(instance)].path
    current = instance
    for name in path:
        field = current._meta.get_field(name)
        if not field.is_cached(current):
            lookup = "__".join([*path[path.index(name) + 1:], "tournament_id"])
            return (field.related_model.objects.filter(pk=getattr(current, field.attname))
                    .values_list(lookup, flat=True).first())
        current = getattr(current, name)
    return current.tournament_id


def _changed(sender, instance: Model, **kwargs) -> None:
    # A row that goes with its tournament (the same rule as the results version): nothing to back up.
    if _mode() == "off" or _with_its_tournament(kwargs):
        return
    tournament_id = _tournament_id(instance)
    if tournament_id is not None:
        schedule(tournament_id)


def _written_in_bulk(sender, tournament_id: int, **kwargs) -> None:
    schedule(tournament_id)


def _watch(section: Section) -> None:
    """Back up after every saved row of the section's models, and every deleted one of those deleted alone."""
    for model, kept in section.models.items():
        _kept[model] = kept
        label = model._meta.label
        post_save.connect(_changed, sender=model, dispatch_uid=f"backups-{label}-save")
        if kept.deleted_alone:
            post_delete.connect(_changed, sender=model, dispatch_uid=f"backups-{label}-delete")


def connect() -> None:
    """Follow the models of every registered section, now and as the apps register theirs, and the
    core's signal of rows written in bulk (called from ``apps.py``)."""
    watch(_watch)
    tournament_changed.connect(_written_in_bulk, dispatch_uid="backups-written-in-bulk")
