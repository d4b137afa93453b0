"""Score entry at the table: one team submits the sheet on a phone with its own team code, another
confirms it with its code (or disputes it), the director approves or corrects.

Who a phone is, is proved by a code and by nothing else: the side that submitted is the side whose
code came with the sheet, and a code of another side confirms or disputes it. A team that submits
"as" the other team cannot then confirm its own sheet, and a phone's word (a form field) counts for
nothing.

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
from tournaments.services.seating import sides
from tournaments.services.sheet_states import result_counts, waits_for_approval

CODE_TRIES = 5  # wrong team codes from one phone (its signed cookie) at one table per window, then it waits
ADDRESS_CODE_TRIES = 3  # the same for phones without a valid cookie, counted together by their address
TABLE_CODE_TRIES = 25  # wrong team codes from all phones at one table, then it is locked until the desk lifts it
LOCKED_TRIES = 8  # wrong codes from phones in good standing at one address while the table is locked
CODE_WINDOW = 10 * 60  # seconds
TABLE_LOCK_WINDOW = 24 * 3600  # seconds: the table's lock holds until the desk lifts it (its round is long over)
TABLE_LOCK_RETRY = 60  # Retry-After while the table is locked: the desk may lift it any moment
ADDRESS = "ip:"  # a guesser named by its address (no valid cookie): see :func:`address_guesser`
LINK_TRIES = 30
LINK_WINDOW = 60  # seconds: thirty unknown links a minute from one address, then 429


class CodeLocked(ValidationError):
    """Too many wrong team codes from this phone, or at this table: wait ``wait`` seconds."""

    def __init__(self, message: str, wait: int) -> None:
        super().__init__(message)
        self.wait = wait


class Conflict(ValidationError):
    """The table already has a sheet: the message shows it. ``position``: the side whose code came
    with the refused sheet (proved, so the phone may confirm or dispute the first sheet as that side)."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


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


def _record_submitted(locked: Table, position: int, data: dict) -> Result | Conflict:
    """Under the table's lock: the sheet as version 1, or — a sheet is in already — the refusal
    (logged; raised by the caller once the transaction is over)."""
    first = locked.current_sheet
    if first is None:
        return record_result(locked, data, source=ResultSource.TABLE, state=ResultState.SUBMITTED,
                             submitted_by=position)
    ResultEvent.objects.create(table=locked, result=first, kind=ResultEvent.Kind.CONFLICT,
                               source=ResultSource.TABLE, seat=position)
    return Conflict(_("This table's sheet is already in: %(summary)s. It was not changed.")
                    % {"summary": summary(first, locked)}, position)


def submit(table: Table, position: int, data: dict, now: datetime.datetime | None = None) -> Result:
    """The sheet as the side at ``position`` enters it: version 1, waiting for another side's code.

    For callers that know the side already (tests, docs/screenshots/take.py). The table link proves it:
    :func:`submit_with_code`."""
    now = now or timezone.now()
    if position not in [seat.position for seat in table.seats.all()]:
        raise ValidationError(_("Choose which team you are."))
    with transaction.atomic():
        locked = _lock(table)
        check_link_open(locked, now)
        outcome = _record_submitted(locked, position, data)
    if isinstance(outcome, Conflict):
        raise outcome  # after the transaction: the refusal's log line is kept
    return outcome


def submit_with_code(table: Table, code: str, data: dict, now: datetime.datetime | None = None,
                     guesser: str = "", address: str = "") -> Result:
    """The sheet as the table link takes it: the side that submits is the side whose code this is,
    whatever else the phone says. A wrong code is a guess like any other (counted, and it locks the
    phone: see :func:`code_lock`), so a code is checked before the table's sheet is looked at: a
    refused sheet never tells whether a code was right unless it was."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = _lock(table)
        check_link_open(locked, now)
        found = _whose(locked, code, guesser, now, None, address)
        outcome = found if isinstance(found, ValidationError) else _record_submitted(locked, found, data)
    if isinstance(outcome, ValidationError):
        raise outcome  # after the transaction: the log (and a wrong code's count) is kept
    return outcome


def address_guesser(address: str) -> str:
    """How a phone without a valid cookie is named in the counts: by its address, together with every
    other phone without one there (so a made-up cookie buys no fresh tries)."""
    return f"{ADDRESS}{address}"[:60]


def _code_key(table: Table, guesser: str | None = None) -> str:
    """The counter of wrong codes at ``table``: of one phone (``guesser``), or of the whole table."""
    return f"team-code:{table.pk}" + ("" if guesser is None else f":{guesser or '-'}")


def _locked_tries_key(table: Table, address: str | None = None) -> str:
    """The counter of wrong codes typed at ``table`` while it was locked, by phones at ``address``
    (none: every address's)."""
    return f"locked-tries:{table.pk}" + ("" if address is None else f":{address}"[:60])


def _address(guesser: str, address: str) -> str:
    """The address a phone types from (a caller that names none: the phone itself stands for it)."""
    return address or guesser.removeprefix(ADDRESS)


def _phone_tries(guesser: str) -> int:
    return ADDRESS_CODE_TRIES if guesser.startswith(ADDRESS) else CODE_TRIES


def table_locked(table: Table, now: datetime.datetime | None = None) -> bool:
    """Whether ``table`` had :data:`TABLE_CODE_TRIES` wrong codes since the desk last lifted its lock."""
    return limits.blocked(_code_key(table), TABLE_CODE_TRIES, TABLE_LOCK_WINDOW, now or timezone.now()) > 0


def code_lock(table: Table, guesser: str, now: datetime.datetime | None = None, address: str = "") -> CodeLocked | None:
    """Why ``guesser`` (at ``address``) may not type a code at ``table`` now, or None when it may.

    A phone waits :data:`CODE_WINDOW` after its own :data:`CODE_TRIES` wrong codes (phones without a
    valid cookie: :data:`ADDRESS_CODE_TRIES`, together per address). A table with
    :data:`TABLE_CODE_TRIES` wrong codes is locked until the desk lifts it, but not for a phone in
    good standing — a cookie of its own and no wrong code here — so the other team's right code
    still confirms, whatever anyone guessed. Cookies are free, so each address gets at most
    :data:`LOCKED_TRIES` such tries while the table is locked: a guesser who makes up phones uses
    up its own address's, never the other team's phone's (on the venue's Wi-Fi every phone has an
    address of its own), and the guesses at a table stay bounded."""
    now = now or timezone.now()
    wait = limits.blocked(_code_key(table, guesser), _phone_tries(guesser), CODE_WINDOW, now)
    if wait:
        return CodeLocked(_locked_message(wait), wait)
    if table_locked(table, now) and (
            guesser.startswith(ADDRESS) or limits.used(_code_key(table, guesser))
            or limits.blocked(_locked_tries_key(table, _address(guesser, address)), LOCKED_TRIES, TABLE_LOCK_WINDOW, now)):
        return CodeLocked(_("Too many wrong team codes at this table: it is locked until the director lifts the "
                            "lock. Ask the director."), TABLE_LOCK_RETRY)
    return None


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


def _whose(locked: Table, code: str, guesser: str, now: datetime.datetime,
           result: Result | None, address: str = "") -> int | ValidationError:
    """Under the table's lock: the place on the sheet of the side whose code ``code`` is, or — a
    wrong code, counted and logged — the refusal to raise once the transaction is over. Raises at
    once, with nothing written, while the phone (or table) is locked and for a code that is not six
    digits. The lock is checked and a wrong code counted in one transaction, so parallel guesses
    are checked one after another and no more than the limit are ever compared."""
    lock = code_lock(locked, guesser, now, address)
    if lock is not None:
        raise lock
    unreadable = _unreadable_code(code)
    if unreadable is not None:
        raise unreadable
    digits = _digits(code)
    position = next((seat.position for seat in locked.seats.all() if seat.code == digits), None)
    if position is not None:
        return position
    left = _count_wrong_code(locked, result, guesser, now, address)
    return _wrong_code(left, code_lock(locked, guesser, now, address) if left == 0 else None)


def _count_wrong_code(table: Table, result: Result | None, guesser: str, now: datetime.datetime,
                      address: str = "") -> int:
    """Count a wrong code for the phone and for the table — and, typed while the table was locked,
    for the phone's address (:data:`LOCKED_TRIES`) — inside the table's lock; the tries the phone
    has left."""
    if table_locked(table, now):
        limits.count(_locked_tries_key(table, _address(guesser, address)), TABLE_LOCK_WINDOW, now)
    tries = limits.count(_code_key(table, guesser), CODE_WINDOW, now)
    table_tries = limits.count(_code_key(table), TABLE_LOCK_WINDOW, now)
    ResultEvent.objects.create(table=table, result=result, kind=ResultEvent.Kind.REFUSED_CODE, source=ResultSource.TABLE)
    return max(min(_phone_tries(guesser) - tries, TABLE_CODE_TRIES - table_tries), 0)


def _locked_message(wait: int) -> str:
    minutes = -(-wait // 60)
    return ngettext("Too many wrong team codes: try again in %(minutes)s minute, or ask the director.",
                    "Too many wrong team codes: try again in %(minutes)s minutes, or ask the director.",
                    minutes) % {"minutes": minutes}


def _wrong_code(left: int, lock: CodeLocked | None) -> ValidationError:
    """A counted wrong code: the tries left, or — the last one used — that the phone now waits."""
    lead = _("That team code is not right.")
    if left == 0 and lock is not None:
        return ValidationError(lead + " " + lock.messages[0])
    return ValidationError(lead + " " + ngettext("%(count)s try left.", "%(count)s tries left.", left) % {"count": left})


def _own_code(locked: Table, result: Result) -> ValidationError:
    """The submitting side's own code, typed to confirm or dispute: refused (logged, so the desk
    sees it, and not counted: no one guesses with it) naming who submitted and who confirms."""
    ResultEvent.objects.create(table=locked, result=result, kind=ResultEvent.Kind.REFUSED_CODE,
                               source=ResultSource.TABLE, seat=result.submitted_by)
    by = next((side.name for side in sides(locked) if side.position == result.submitted_by), "")
    if locked.round.tournament.individual:
        return ValidationError(_("That code belongs to %(pair)s, the pair that submitted the sheet: a player of "
                                 "another pair confirms it, or disputes it, with their own code. Nothing was "
                                 "counted.") % {"pair": by})
    return ValidationError(_("That code belongs to %(team)s, the team that submitted the sheet: another team "
                             "confirms it, or disputes it, with its own code. Nothing was counted.") % {"team": by})


def _with_code(table: Table, code: str, now: datetime.datetime, state: str, kind: str, note: str = "",
               guesser: str = "", address: str = "") -> Result:
    """Confirm or dispute, under the table's row lock, with a code of another side than the one
    that submitted. Refused with nothing changed once the link is closed (the desk takes the paper
    sheet then), like a submission."""
    with transaction.atomic():
        locked = _lock(table)
        check_link_open(locked, now)
        result = locked.current_sheet
        if result is None or result.state != ResultState.SUBMITTED:
            raise ValidationError(_("There is no submitted sheet waiting for confirmation at this table."))
        found = _whose(locked, code, guesser, now, result, address)
        if isinstance(found, ValidationError):
            refused = found
        elif found == result.submitted_by:
            refused = _own_code(locked, result)
        else:
            result.state = state
            if state == ResultState.CONFIRMED:
                result.confirmed_by = found
            result.save(update_fields=["state", "confirmed_by"])
            ResultEvent.objects.create(table=locked, result=result, kind=kind, source=ResultSource.TABLE,
                                       seat=found, note=note.strip()[:500])
            lifecycle.update_status(locked.round.tournament)
            return result
    raise refused  # after the transaction: the log (and a wrong code's count) is kept


def confirm(table: Table, code: str, now: datetime.datetime | None = None, guesser: str = "",
            address: str = "") -> Result:
    """Another side than the one that submitted confirms with its code; the sheet is then locked.
    ``guesser`` names the phone, ``address`` where it types from (see :func:`code_lock`): wrong
    codes lock that phone, not the table."""
    return _with_code(table, code, now or timezone.now(), ResultState.CONFIRMED, ResultEvent.Kind.CONFIRMED,
                      guesser=guesser, address=address)


def dispute(table: Table, code: str, note: str = "", now: datetime.datetime | None = None, guesser: str = "",
            address: str = "") -> Result:
    """Another side than the one that submitted says the sheet is wrong: the director is called."""
    return _with_code(table, code, now or timezone.now(), ResultState.DISPUTED, ResultEvent.Kind.DISPUTED, note,
                      guesser=guesser, address=address)


@dataclass(frozen=True)
class CodeCount:
    """Wrong team codes at a table since the desk last lifted its lock, for the desk: how many, and
    whether the table or some phone is locked."""

    wrong: int
    phones_locked: int
    table_locked: bool

    @property
    def locked(self) -> bool:
        return self.table_locked or self.phones_locked > 0


def code_counts(tables: list[Table], now: datetime.datetime | None = None) -> dict[int, CodeCount]:
    """The tables (by pk) that had wrong team codes since the desk last lifted their lock (two
    queries: the tables' counts, the phones' running windows)."""
    tables_counts = limits.counts_under("team-code:", TABLE_LOCK_WINDOW, now)
    phone_counts = limits.counts_under("team-code:", CODE_WINDOW, now)
    out = {}
    for table in tables:
        key = _code_key(table)
        phones = [_phone_tries(name[len(key) + 1:]) <= count for name, count in phone_counts.items()
                  if name.startswith(key + ":")]
        if key in tables_counts:
            out[table.pk] = CodeCount(tables_counts[key], sum(phones), tables_counts[key] >= TABLE_CODE_TRIES)
    return out


def lift_code_lock(table: Table, user) -> None:
    """The desk lifts the wrong-code lock of ``table``: every phone, every address and the table may
    try again."""
    limits.clear_family(_code_key(table))
    limits.clear_family(_locked_tries_key(table))
    ResultEvent.objects.create(table=table, kind=ResultEvent.Kind.UNLOCKED, source=ResultSource.DESK,
                               user=user if user and user.is_authenticated else None)


def _why_not_approved(table: Table, current: Result | None, confirmed_counts: bool) -> str:
    names = {"table": table.number}
    if current is None:
        return _("Table %(table)s has no sheet to approve.") % names
    if result_counts(current.state, confirmed_counts):
        return _("The sheet of table %(table)s already counts: there is nothing to approve.") % names
    if current.state == ResultState.DISPUTED:
        return _("The sheet of table %(table)s is disputed: settle it at the results desk (Correct), "
                 "not with Approve.") % names
    return _("The sheet of table %(table)s is not confirmed by the other team yet: only a confirmed sheet "
             "can be approved.") % names


def approve(table: Table, user, version: int | None = None) -> Result:
    """The director accepts the table's confirmed sheet, when it waits for that
    (:func:`.sheet_states.waits_for_approval`: confirmed sheets count only once approved) and, when
    ``version`` is given, is that version — the one the page showed next to the button, so a
    correction arriving in between is never approved unseen. Anything else is refused with the
    sheet's state, and nothing changes; a disputed sheet is settled by a correction at the desk."""
    with transaction.atomic():
        locked = _lock(table)
        result = locked.current_sheet
        confirmed_counts = locked.round.tournament.confirmed_counts
        if not waits_for_approval(result, confirmed_counts):
            raise ValidationError(_why_not_approved(locked, result, confirmed_counts))
        if version is not None and result.version != version:
            raise ValidationError(_("The sheet of table %(table)s changed since you saw it (it is version "
                                    "%(version)s now): look at it again before approving.")
                                  % {"table": locked.number, "version": result.version})
        result.state = ResultState.APPROVED
        result.save(update_fields=["state"])
        ResultEvent.objects.create(table=locked, result=result, kind=ResultEvent.Kind.APPROVED,
                                   source=ResultSource.DESK, user=user if user and user.is_authenticated else None)
        lifecycle.update_status(locked.round.tournament)
    return result
