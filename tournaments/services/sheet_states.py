"""Where a table's sheet stands — one rule for whether it counts and one name for its state, used by
the standings, the round pages, the director's overview and the table link."""

from __future__ import annotations

from tournaments.models import Result, ResultState


def result_counts(state: str, confirmed_counts: bool) -> bool:
    """Whether a sheet in ``state`` is in the standings (scoring.md: the latest version counts)."""
    return state in (ResultState.ENTERED, ResultState.APPROVED) or (state == ResultState.CONFIRMED and confirmed_counts)


def status_of(result: Result | None) -> str:
    """missing, submitted, confirmed, disputed, corrected, approved or entered."""
    if result is None:
        return "missing"
    if result.version > 1 and result.state in (ResultState.ENTERED, ResultState.APPROVED):
        return "corrected"
    return str(result.state)
