"""Where a table's sheet stands — one rule for whether it counts, one name for its state, and one
definition of an *open* table, used by the standings, the round pages, the director's overview, the
results desk, the draw of the next round, the tournament's status and the table link.

Why "open" lives here: a table is done only when its latest sheet counts. A sheet that waits for
the other team's code, a disputed one, and (when the tournament asks for approval) a confirmed one
waiting for the director are as open as a missing sheet: every count and message that says what is
left to do reads :func:`is_open` or :func:`open_tables`, so none says "every table has a result"
while one is disputed.
"""

from __future__ import annotations

from django.db.models import OuterRef, Q, QuerySet, Subquery

from tournaments.models import Result, ResultState, Table


def counting_states(confirmed_counts: bool) -> tuple[str, ...]:
    """The states of a latest sheet that is in the standings."""
    return (ResultState.ENTERED, ResultState.APPROVED) + ((ResultState.CONFIRMED,) if confirmed_counts else ())


def result_counts(state: str, confirmed_counts: bool) -> bool:
    """Whether a sheet in ``state`` is in the standings (scoring.md: the latest version counts)."""
    return state in counting_states(confirmed_counts)


def is_open(result: Result | None, confirmed_counts: bool) -> bool:
    """Whether a table whose latest sheet is ``result`` still needs something: no sheet, a sheet
    waiting for confirmation, a disputed one, or a confirmed one waiting for approval."""
    return state_is_open(result.state if result is not None else None, confirmed_counts)


def state_is_open(state: str | None, confirmed_counts: bool) -> bool:
    """:func:`is_open` of a table whose latest sheet is in ``state`` (``None``: no sheet), as
    :func:`with_latest_state` gives it."""
    return state is None or not result_counts(state, confirmed_counts)


def with_latest_state(tables: QuerySet) -> QuerySet:
    """``tables`` with ``latest_state``: the state of each table's latest sheet (None: no sheet)."""
    latest = Result.objects.filter(table=OuterRef("pk")).order_by("-version").values("state")[:1]
    return tables.annotate(latest_state=Subquery(latest))


def open_tables(tables: QuerySet, confirmed_counts: bool) -> QuerySet:
    """The open tables among ``tables`` (see :func:`is_open`), each with ``latest_state``."""
    return with_latest_state(tables).filter(
        Q(latest_state__isnull=True) | ~Q(latest_state__in=counting_states(confirmed_counts)))


def waits_for_approval(result: Result | None, confirmed_counts: bool) -> bool:
    """Whether the director's Approve has something to do: a confirmed sheet that counts only once
    approved (``confirmed_counts`` off). A sheet that counts already, one not yet confirmed and a
    disputed one do not wait for it (a dispute is settled by a correction at the desk)."""
    return result is not None and result.state == ResultState.CONFIRMED and not confirmed_counts


def status_of(result: Result | None) -> str:
    """missing, submitted, confirmed, disputed, corrected, approved or entered."""
    if result is None:
        return "missing"
    if result.version > 1 and result.state in (ResultState.ENTERED, ResultState.APPROVED):
        return "corrected"
    return str(result.state)


def disputed_tables(tournament_id: int) -> list[tuple[int, int]]:
    """(round, table) of every table of the tournament whose sheet is disputed now, in order: the
    director's badge on every page (one query)."""
    tables = with_latest_state(Table.objects.filter(round__tournament_id=tournament_id))
    return list(tables.filter(latest_state=ResultState.DISPUTED).order_by("round__number", "number")
                .values_list("round__number", "number"))


def disputes_waiting(tournament) -> dict:
    """What the director's dispute badge shows (``templatetags/dispute_badge.py``, and its poll): the
    disputed tables, and the round whose sheets it opens."""
    disputed = disputed_tables(tournament.pk)
    return {"tournament": tournament, "disputed": disputed, "first_round": disputed[0][0] if disputed else None}
