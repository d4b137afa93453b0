"""Score sheets of tables: checking, scoring and recording them as versions.

A table's sheet is stored by seat (see :class:`tournaments.models.Result`); the tournament's game
(``tournaments/games``) says what makes it impossible and what it is worth. Recording locks the
table row, so two entries for one table at the same moment get versions 1 and 2 — never the same
version, never a lost write.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments.games import Scoring
from tournaments.models import (
    Result,
    ResultEvent,
    ResultSource,
    ResultState,
    Table,
    Tournament,
)
from tournaments.services import lifecycle
from tournaments.services.notes import checked_note
from tournaments.services.seating import side_count, sides


def check_sheet(scoring_: Scoring | str, names: list[str], data: dict[str, Any]) -> list[str]:
    """Every problem with a seat-indexed sheet, as messages for people naming the sides by ``names``:
    the tournament's game says what makes a sheet impossible (``tournaments/games``). A scoring
    system alone stands for its setup with the default points list, deals and house rules."""
    setup = Scoring(scoring_) if isinstance(scoring_, str) else scoring_
    return setup.game.check(setup, names, data)


_scored: dict[tuple, tuple[scoring.TableScore, ...]] = {}
SCORED_MAX = 50_000


def seat_scores(tournament: Tournament, seat_count: int, data: dict[str, Any] | str) -> list[scoring.TableScore]:
    """The points of each seat of a stored (seat-indexed) sheet, in seat order: the one place where
    a sheet becomes points, for the standings, the pages, the files and the desk. ``data`` is the
    sheet, or its JSON text as the database holds it.

    Remembered by the sheet's text: a sheet never changes (a correction is a new version), so
    after a change the standings score only the new sheet, not the whole day again.
    """
    setup = Scoring.of(tournament)
    key = (setup, seat_count, data if isinstance(data, str) else repr(data))
    found = _scored.get(key)
    if found is None:
        if isinstance(data, str):
            data = json.loads(data)
        found = tuple(setup.game.scores(setup, seat_count, data))
        if len(_scored) >= SCORED_MAX:
            _scored.clear()
        _scored[key] = found
    return list(found)


def forget_scores() -> None:
    """Score every sheet afresh from now on (the benchmark's cold start)."""
    _scored.clear()


def table_scores(table: Table, data: dict[str, Any]) -> list[scoring.TableScore]:
    """:func:`seat_scores` of a table whose seats are loaded (``table.seats.all()``)."""
    return seat_scores(table.round.tournament, side_count(table), data)


def summary(result: Result, table: Table) -> str:
    """“Team A 150 – Team B 90 (submitted by Team A at 14:32)”: how a conflict names the first sheet
    (``table``: the result's table, with its seats read, see ``Table.objects.with_seats``)."""
    found = sides(table)
    points = " – ".join(f"{side.name} {score.points}" for side, score in zip(found, table_scores(table, result.sheet)))
    by = next((side.name for side in found if side.position == result.submitted_by), "")
    when = timezone.localtime(result.created_at).strftime("%H:%M")
    if by:
        return _("%(points)s (submitted by %(team)s at %(time)s)") % {"points": points, "team": by, "time": when}
    return _("%(points)s (entered at %(time)s)") % {"points": points, "time": when}


def record_result(table: Table, data: dict[str, Any], *, user=None, source: str = ResultSource.DESK,
                  reason: str = "", expected_version: int | None = None, state: str = ResultState.ENTERED,
                  submitted_by: int | None = None) -> Result:
    """A new version of the table's sheet, after checking it; a correction needs a reason.

    ``expected_version``: the version the person saw (0: none). If another sheet arrived in the
    meantime, nothing is written and the message names the sheet that is there now.
    """
    tournament = table.round.tournament
    setup = Scoring.of_round(table.round)  # a knock-out final of fewer deals: its own deals
    errors = check_sheet(setup, [side.name for side in sides(table.with_seats_read())], data)
    if errors:
        raise ValidationError(errors)
    reason = checked_note(reason)
    clean = {key: data[key] for key in setup.game.result_fields if data.get(key) is not None}
    if data.get("stopped_by_clock"):
        clean["stopped_by_clock"] = True
    with transaction.atomic():
        last = Table.objects.select_for_update().get(pk=table.pk).current_sheet  # re-read under the lock
        if expected_version is not None and (last.version if last else 0) != expected_version:
            raise ValidationError(_("Table %(table)s got another sheet while you were typing: %(summary)s. "
                                    "Nothing was saved; look at it and save again if it must change.")
                                  % {"table": table.number, "summary": summary(last, table)} if last else
                                  _("The sheet of table %(table)s was removed while you were typing.")
                                  % {"table": table.number})
        if last is not None and not reason.strip():
            raise ValidationError(_("Table %(table)s already has a result; a correction needs a reason.")
                                  % {"table": table.number})
        result = Result.objects.create(
            table=table, version=(last.version + 1) if last else 1, sheet=clean, source=source,
            reason=reason, created_by=user if user and user.is_authenticated else None,
            state=state, submitted_by=submitted_by,
        )
        kind = (ResultEvent.Kind.CORRECTED if last is not None else
                ResultEvent.Kind.SUBMITTED if state == ResultState.SUBMITTED else ResultEvent.Kind.ENTERED)
        ResultEvent.objects.create(table=table, result=result, kind=kind, source=source, seat=submitted_by,
                                   user=result.created_by, note=reason.strip())
        lifecycle.update_status(tournament)
        return result


@dataclass(frozen=True)
class Version:
    """One version of a table's sheet as its history shows it: the sheet, the points it gives each
    seat, and what happened to it (submitted, confirmed, disputed with the note, approved, …), each
    with the team that did it (None: the desk)."""

    result: Result
    scores: tuple[scoring.TableScore, ...]
    events: tuple[tuple[ResultEvent, str | None], ...]

    @property
    def disputes(self) -> list[tuple[ResultEvent, str | None]]:
        return [(event, team) for event, team in self.events if event.kind == ResultEvent.Kind.DISPUTED]


def sheet_history(table: Table) -> list[Version]:
    """Every version of the table's sheet, newest first, with its points and its log (``table``
    read with ``Table.objects.with_sheets()``; one more query, for the log)."""
    teams = {side.position: side.name for side in sides(table)}
    events: dict[int, list] = defaultdict(list)
    for event in table.events.filter(result__isnull=False).select_related("user").order_by("created_at", "pk"):
        events[event.result_id].append((event, teams.get(event.seat)))
    return [Version(result, tuple(table_scores(table, result.sheet)), tuple(events[result.pk]))
            for result in table.sheet_versions]
