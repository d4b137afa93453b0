"""A tournament's life: its status (planned → running → finished, reopened by the director), and
what the director can do with the whole tournament — hide it from the public pages, archive it
(read-only) and delete it (after a backup).

Why the status is derived and written by explicit calls, not by signals: the status follows from
the rounds and sheets (:func:`derived_status`), so the services that change those — publishing and
unpublishing a round (``draft.py``), adding a table by hand (``rounds.add_table``), recording a
sheet (``results.record_result``), confirming, disputing and approving it (``table_entry.py``) —
call :func:`update_status` inside their own transaction, after their change, and so does the
settings form when ``rounds`` or ``confirmed_counts`` change. A ``post_save`` receiver would also
fire while the tournament file writes rounds with the status of the file, and on the tournament's
own save, where it would undo the director's reopening at once. The status is written with an
``UPDATE``: it raises no results version (no cached page shows it) and a stale instance does not
write an old status back.

Reopening sets a finished tournament running again; the next change of a sheet or a round derives
the status afresh (so a correction that leaves every sheet counting finishes it again).
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from pathlib import Path

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Result, Round, RoundStatus, Table, Tournament, TournamentStatus
from tournaments.services import backups
from tournaments.services.sheet_states import open_tables
from tournaments.signals import changed

logger = logging.getLogger(__name__)

ARCHIVED_MESSAGE = gettext_lazy("This tournament is archived: it can be read but not changed. "
                                "Unarchive it on its “Visibility, archive, delete” page first.")


class Archived(ValidationError):
    """A change refused because the tournament is archived."""


def check_not_archived(tournament: Tournament) -> None:
    """Raise :class:`Archived` (with :data:`ARCHIVED_MESSAGE`) when ``tournament`` is archived."""
    if tournament.archived:
        raise Archived(str(ARCHIVED_MESSAGE))


def _all_sheets_count(tournament: Tournament) -> bool:
    """Whether every table of every round has a latest sheet that counts: no table is open (none
    missing, none submitted or disputed, confirmed ones approved when the tournament asks for it)."""
    return not open_tables(Table.objects.filter(round__tournament_id=tournament.pk), tournament.confirmed_counts).exists()


def derived_status(tournament: Tournament) -> str:
    """What the rounds and sheets say: planned until a round is published; finished once the last
    round (``tournament.rounds``, or a later one the director added) is published and every table
    of every round has a sheet that counts; running in between."""
    rounds = dict(Round.objects.filter(tournament_id=tournament.pk).values_list("number", "status"))
    public = {number for number, status in rounds.items() if status in Round.PUBLIC_STATUSES}
    if not public:
        return TournamentStatus.PLANNED
    last = max([tournament.rounds, *rounds])
    if last in public and len(public) == len(rounds) and _all_sheets_count(tournament):
        return TournamentStatus.FINISHED
    return TournamentStatus.RUNNING


def update_status(tournament: Tournament) -> str:
    """Write :func:`derived_status` (call it inside the transaction of the change, after it); returns
    it and sets it on ``tournament`` too.

    The tournament's row is locked first: when the last two sheets are confirmed at the same moment
    (each transaction locks only its own table), the second waits for the first to commit and then
    sees both sheets, so the tournament does not stay running with every sheet in. When it becomes
    finished, its rounds are closed with it (a round the director opens again afterwards stays open).
    """
    with transaction.atomic(savepoint=False):
        locked = (Tournament.objects.select_for_update().only("status", "rounds", "confirmed_counts")
                  .get(pk=tournament.pk))
        status = derived_status(locked)
        if status != locked.status:
            Tournament.objects.filter(pk=tournament.pk).update(status=status)
            if status == TournamentStatus.FINISHED:  # every sheet is in: its rounds say finished too
                playing = (RoundStatus.PUBLISHED, RoundStatus.RUNNING)
                Round.objects.filter(tournament_id=tournament.pk, status__in=playing).update(status=RoundStatus.FINISHED)
    tournament.status = status
    return status


def reopen(tournament: Tournament) -> None:
    """A finished tournament runs again (the director has more to do)."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        check_not_archived(locked)
        if locked.status != TournamentStatus.FINISHED:
            raise ValidationError(_("Only a finished tournament can be reopened."))
        Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.RUNNING)
        changed(tournament.pk)  # an update sends no post_save; the file holds the status
    tournament.status = TournamentStatus.RUNNING


def _set(tournament: Tournament, **values: bool) -> None:
    # A save (not an update): the save signal raises the results version, so no cached public page
    # of the tournament outlives the change (the public lookups refuse a hidden one anyway).
    for name, value in values.items():
        setattr(tournament, name, value)
    tournament.save(update_fields=list(values))


def set_hidden(tournament: Tournament, hidden: bool) -> None:
    """Hide the tournament from every public page (its table links keep working), or show it."""
    _set(tournament, hidden=hidden)


def set_archived(tournament: Tournament, archived: bool) -> None:
    """Archive (read-only: the director's changes and the table links' sheets are refused) or unarchive."""
    _set(tournament, archived=archived)


@dataclass(frozen=True)
class Contents:
    """What deleting a tournament removes, as the confirmation names it."""

    teams: int
    rounds: int
    sheets: int  # tables with a sheet: the results
    versions: int  # every version of every sheet
    rulings: int


def contents(tournament: Tournament) -> Contents:
    results = Result.objects.filter(table__round__tournament=tournament)
    return Contents(
        teams=tournament.teams.count(),
        rounds=tournament.round_set.count(),
        sheets=results.values("table_id").distinct().count(),
        versions=results.count(),
        rulings=tournament.rulings.count(),
    )


def _kept_message(tournament: Tournament, keeper: models.Model) -> str:
    """Why ``keeper`` keeps the tournament, in the director's words: its model's own
    (``deletion_refused_message()``, as a competition's evening says which one), else its kind and name."""
    explain = getattr(keeper, "deletion_refused_message", None)
    if explain is not None:
        return str(explain())
    return _("“%(name)s” is kept by the %(kind)s “%(keeper)s”: remove it there first; nothing was deleted.") % {
        "name": tournament.name, "kind": keeper._meta.verbose_name, "keeper": keeper}


def _keeper(tournament: Tournament) -> models.Model | None:
    """A row that keeps the tournament from being deleted: a foreign key to it with ``on_delete=PROTECT``
    (a club's app declares it on its own model, e.g. a competition's evening). One query per such key;
    checked before the backup, so a refused delete writes none."""
    for relation in Tournament._meta.related_objects:
        if relation.on_delete is models.PROTECT:
            keeper = relation.related_model._default_manager.filter(**{relation.field.name: tournament}).first()
            if keeper is not None:
                return keeper
    return None


def delete_tournament(tournament: Tournament, confirmation: str) -> Path:
    """Delete the tournament with everything in it, once ``confirmation`` is its short name (slug);
    returns the backup written just before.

    A backup of the tournament file is written first; when it fails, nothing is deleted. One
    cascade removes teams, players, rounds, tables, seats, byes, sheets, their history, rulings
    and print files (seats, byes and rulings restrict deleting a team or table alone, never its
    tournament); the results-version signals leave rows that go with their tournament alone. A
    tournament another app's row keeps (``on_delete=PROTECT``: a competition's evening) is refused
    before the backup, in that row's words; one the delete itself finds kept (a row added since the
    check) is refused so too, and the backup written for it is removed again: nothing was deleted.
    """
    if confirmation.strip() != tournament.slug:
        raise ValidationError(_("Type the short name “%(slug)s” to confirm; nothing was deleted.")
                              % {"slug": tournament.slug})
    check_not_archived(tournament)
    keeper = _keeper(tournament)
    if keeper is not None:
        raise ValidationError(_kept_message(tournament, keeper))
    try:
        backup = backups.backup_now(tournament, reason="before-delete")
    except Exception as error:  # disk full, folder missing: the director must know, and keep the data
        logger.exception("Backup before deleting %s failed", tournament.slug)
        raise ValidationError(_("The backup could not be written (%(error)s); nothing was deleted.")
                              % {"error": error}) from error
    try:
        with transaction.atomic():
            tournament.delete()
    except ProtectedError as error:  # kept by a row added since the check, or by one of its teams' rows
        written = backups.find(tournament, backup.name)  # nothing was deleted: no "before-delete" file to keep
        if written is not None:
            with contextlib.suppress(OSError):  # a file left behind is a backup too; the refusal is what counts
                written.path.unlink(missing_ok=True)
        raise ValidationError(_kept_message(tournament, next(iter(error.protected_objects)))) from error
    return backup
