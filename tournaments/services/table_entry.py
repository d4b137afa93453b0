"""Score entry at the table: one team submits the sheet on a phone, another confirms it with its
team code (or disputes it), the director approves or corrects.

Why the rules are here and not in the view: the desk, the table link and the tests must agree on
when a table may still enter, which code confirms, and what happens when two phones submit at the
same moment. Every step locks the table's row first (``select_for_update``; SQLite serialises
writers anyway), then re-reads what is there: a second submission finds the first and is refused
with it, never silently written over it. Every step is logged as a :class:`ResultEvent`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Result,
    ResultEvent,
    ResultSource,
    ResultState,
    Round,
    RoundStatus,
    Table,
)
from tournaments.services import lifecycle, limits
from tournaments.services.clock import ClockState, clock
from tournaments.services.results import record_result, summary

CODE_TRIES = 5  # wrong team codes from one phone (the guesser) at one table per window, then it waits
TABLE_CODE_TRIES = 25  # wrong team codes from all phones at one table per window, then the desk lifts it
CODE_WINDOW = 10 * 60  # seconds
LINK_TRIES = 30
LINK_WINDOW = 60  # seconds: thirty unknown links a minute from one address, then 429


class CodeLocked(ValidationError):
    """Too many wrong team codes from this phone, or at this table: wait ``wait`` seconds."""

    def __init__(self, message: str, wait: int) -> None:
        super().__init__(message)
        self.wait = wait


class Conflict(ValidationError):
    """The table already has a sheet: the message shows it."""


class LinkClosed(ValidationError):
    """The table's link is not (or no longer) open for entry."""


def link_open_until(round_: Round, now: datetime.datetime) -> datetime.datetime | None:
    """Until when the round's table links take sheets; None while there is no end yet (the clock is
    not started or paused)."""
    state = clock(round_, now)
    if state.state in (ClockState.WAITING, ClockState.PAUSED):
        return None
    return round_.clock_ends_at + datetime.timedelta(minutes=round_.tournament.entry_grace_minutes)


def refuse_if_archived(table: Table) -> None:
    """An archived tournament is read-only: its links show the sheet and take nothing."""
    if table.round.tournament.archived:
        raise LinkClosed(_("This tournament is archived: its sheets can no longer change."))


def check_link_open(table: Table, now: datetime.datetime | None = None) -> None:
    now = now or timezone.now()
    round_ = table.round
    refuse_if_archived(table)
    if round_.status not in (RoundStatus.PUBLISHED, RoundStatus.RUNNING):
        raise LinkClosed(_("Round %(number)s is closed: bring the paper sheet to the desk.") % {"number": round_.number})
    until = link_open_until(round_, now)
    if until is not None and now > until:
        raise LinkClosed(_("This link closed at %(time)s, %(grace)s minutes after the clock ran out: "
                           "bring the paper sheet to the desk.")
                         % {"time": timezone.localtime(until).strftime("%H:%M"),
                            "grace": round_.tournament.entry_grace_minutes})


def _lock(table: Table) -> Table:
    # of=self: lock the table's row only, not its round and tournament (other tables go on).
    return Table.objects.select_for_update(of=("self",)).select_related("round__tournament").get(pk=table.pk)


def submit(table: Table, position: int, data: dict, now: datetime.datetime | None = None) -> Result:
    """The sheet as one team enters it: version 1, waiting for another team's confirmation."""
    now = now or timezone.now()
    positions = [seat.position for seat in table.seats.all()]
    if position not in positions:
        raise ValidationError(_("Choose which team you are."))
    with transaction.atomic():
        locked = _lock(table)
        check_link_open(locked, now)
        first = locked.current_sheet
        if first is None:
            return record_result(locked, data, source=ResultSource.TABLE, state=ResultState.SUBMITTED,
                                 submitted_by=position)
    # Refused: logged after the transaction, which wrote nothing.
    ResultEvent.objects.create(table=table, result=first, kind=ResultEvent.Kind.CONFLICT,
                               source=ResultSource.TABLE, seat=position)
    raise Conflict(_("This table's sheet is already in: %(summary)s. It was not changed.")
                   % {"summary": summary(first, table)})


def _code_key(table: Table, guesser: str | None = None) -> str:
    """The counter of wrong codes at ``table``: of one phone (``guesser``), or of the whole table."""
    return f"team-code:{table.pk}" + ("" if guesser is None else f":{guesser or '-'}")


def code_locked(table: Table, guesser: str, now: datetime.datetime | None = None) -> int:
    """Seconds until ``guesser`` may type a team code at ``table`` again (0: it may)."""
    now = now or timezone.now()
    return max(limits.blocked(_code_key(table, guesser), CODE_TRIES, CODE_WINDOW, now),
               limits.blocked(_code_key(table), TABLE_CODE_TRIES, CODE_WINDOW, now))


def _refuse_if_locked(table: Table, guesser: str, now: datetime.datetime) -> None:
    wait = code_locked(table, guesser, now)
    if wait:
        raise CodeLocked(_locked_message(wait), wait)


def _digits(code: str) -> str:
    return "".join(ch for ch in code if ch in "0123456789")[:12]


CODE_DIGITS = 6  # every team code (models.new_team_code)


def _unreadable_code(code: str) -> ValidationError | None:
    """An empty code, or one that is not six digits, is a slip of the finger, not a guess: refused
    with what to type, and not counted."""
    digits = _digits(code)
    if not digits:
        return ValidationError(_("Type your team code: the six digits on your team's slip of the table card."))
    if len(digits) != CODE_DIGITS:
        return ValidationError(_("A team code has six digits; you typed %(count)s. Nothing was counted: type it again.")
                               % {"count": len(digits)})
    return None


def _own_code(table: Table, result: Result, code: str) -> bool:
    """Whether ``code`` is the code of the team that submitted the sheet."""
    code = _digits(code)
    return any(seat.code == code and seat.position == result.submitted_by for seat in table.seats.all())


def _matching(table: Table, result: Result, code: str, others_only: bool) -> int | None:
    """The place on the sheet of the team whose code this is (not the submitter's, if asked)."""
    code = _digits(code)
    for seat in table.seats.all():
        if seat.code == code and not (others_only and seat.position == result.submitted_by):
            return seat.position
    return None


def _count_wrong_code(table: Table, result: Result, guesser: str, now: datetime.datetime) -> int:
    """Count a wrong code for the phone and for the table (inside the table's lock); the tries the
    phone has left."""
    tries = limits.count(_code_key(table, guesser), CODE_WINDOW, now)
    table_tries = limits.count(_code_key(table), CODE_WINDOW, now)
    ResultEvent.objects.create(table=table, result=result, kind=ResultEvent.Kind.REFUSED_CODE, source=ResultSource.TABLE)
    return max(min(CODE_TRIES - tries, TABLE_CODE_TRIES - table_tries), 0)


def _locked_message(wait: int) -> str:
    minutes = -(-wait // 60)
    return ngettext("Too many wrong team codes: try again in %(minutes)s minute, or ask the director.",
                    "Too many wrong team codes: try again in %(minutes)s minutes, or ask the director.",
                    minutes) % {"minutes": minutes}


def _wrong_code(left: int, wait: int) -> ValidationError:
    """A counted wrong code: the tries left, or — the last one used — that the phone now waits."""
    lead = _("That team code is not right.")
    if left == 0 and wait:
        return ValidationError(lead + " " + _locked_message(wait))
    return ValidationError(lead + " " + ngettext("%(count)s try left.", "%(count)s tries left.", left) % {"count": left})


def _with_code(table: Table, code: str, now: datetime.datetime, others_only: bool, state: str, kind: str,
               note: str = "", guesser: str = "") -> Result:
    """Confirm or dispute, under the table's row lock: the lock is checked, the code compared and a
    wrong one counted in one transaction, so parallel guesses are checked one after another and no
    more than the limit are ever compared. The wrong code is committed, then refused.

    Not counted, because no one guesses with them: an empty code or one that is not six digits
    (refused with what to type), and — when confirming — the submitting team's own code (refused
    with who confirms; logged as a refused code, so the desk still sees it)."""
    with transaction.atomic():
        locked = _lock(table)
        refuse_if_archived(locked)
        result = locked.current_sheet
        if result is None or result.state != ResultState.SUBMITTED:
            raise ValidationError(_("There is no submitted sheet waiting for confirmation at this table."))
        _refuse_if_locked(locked, guesser, now)
        unreadable = _unreadable_code(code)
        if unreadable is not None:
            raise unreadable
        if others_only and _own_code(locked, result, code):
            ResultEvent.objects.create(table=locked, result=result, kind=ResultEvent.Kind.REFUSED_CODE,
                                       source=ResultSource.TABLE, seat=result.submitted_by)
            refused = ValidationError(
                _("That is a code of your own pair: a player of another pair confirms the sheet, or disputes "
                  "it, with their own code. Nothing was counted.") if locked.round.tournament.individual else
                _("That is your own team's code: another team confirms the sheet, or "
                  "disputes it, with its own code. Nothing was counted."))
        else:
            position = _matching(locked, result, code, others_only)
            if position is not None:
                result.state = state
                if state == ResultState.CONFIRMED:
                    result.confirmed_by = position
                result.save(update_fields=["state", "confirmed_by"])
                ResultEvent.objects.create(table=locked, result=result, kind=kind, source=ResultSource.TABLE,
                                           seat=position, note=note.strip()[:500])
                lifecycle.update_status(locked.round.tournament)
                return result
            left = _count_wrong_code(locked, result, guesser, now)
            refused = _wrong_code(left, code_locked(locked, guesser, now) if left == 0 else 0)
    raise refused  # after the transaction: the log (and a wrong code's count) is kept


def confirm(table: Table, code: str, now: datetime.datetime | None = None, guesser: str = "") -> Result:
    """Another team than the one that submitted confirms with its code; the sheet is then locked.
    ``guesser`` names the phone (see :func:`code_locked`): wrong codes lock that phone, not the table."""
    return _with_code(table, code, now or timezone.now(), True, ResultState.CONFIRMED, ResultEvent.Kind.CONFIRMED,
                      guesser=guesser)


def dispute(table: Table, code: str, note: str = "", now: datetime.datetime | None = None, guesser: str = "") -> Result:
    """A team of the table (either) says the submitted sheet is wrong: the director is called."""
    return _with_code(table, code, now or timezone.now(), False, ResultState.DISPUTED, ResultEvent.Kind.DISPUTED, note,
                      guesser=guesser)


@dataclass(frozen=True)
class CodeCount:
    """Wrong team codes at a table in the running window, for the desk: how many, and whether the
    table or some phone is locked."""

    wrong: int
    phones_locked: int
    table_locked: bool

    @property
    def locked(self) -> bool:
        return self.table_locked or self.phones_locked > 0


def code_counts(tables: list[Table], now: datetime.datetime | None = None) -> dict[int, CodeCount]:
    """The tables (by pk) that had wrong team codes in the running window (one query)."""
    counts = limits.counts_under("team-code:", CODE_WINDOW, now)
    out = {}
    for table in tables:
        key = _code_key(table)
        phones = [count for name, count in counts.items() if name.startswith(key + ":")]
        if key in counts:
            out[table.pk] = CodeCount(counts[key], sum(count >= CODE_TRIES for count in phones),
                                      counts[key] >= TABLE_CODE_TRIES)
    return out


def lift_code_lock(table: Table, user) -> None:
    """The desk lifts the wrong-code lock of ``table``: every phone and the table may try again."""
    limits.clear_family(_code_key(table))
    ResultEvent.objects.create(table=table, kind=ResultEvent.Kind.UNLOCKED, source=ResultSource.DESK,
                               user=user if user and user.is_authenticated else None)


def approve(table: Table, user) -> Result:
    """The director accepts the table's current sheet as it stands."""
    with transaction.atomic():
        locked = _lock(table)
        result = locked.current_sheet
        if result is None:
            raise ValidationError(_("Table %(table)s has no sheet to approve.") % {"table": locked.number})
        if result.state in (ResultState.APPROVED, ResultState.ENTERED):
            raise ValidationError(_("The sheet of table %(table)s already counts.") % {"table": locked.number})
        result.state = ResultState.APPROVED
        result.save(update_fields=["state"])
        ResultEvent.objects.create(table=locked, result=result, kind=ResultEvent.Kind.APPROVED,
                                   source=ResultSource.DESK, user=user if user and user.is_authenticated else None)
        lifecycle.update_status(locked.round.tournament)
    return result
