"""Which sheets count in the standings — one rule, used by the standings and the overview."""

from __future__ import annotations

from tournaments.models import ResultState


def result_counts(state: str, confirmed_counts: bool) -> bool:
    """Whether a sheet in ``state`` is in the standings (scoring.md: the latest version counts)."""
    return state in (ResultState.ENTERED, ResultState.APPROVED) or (state == ResultState.CONFIRMED and confirmed_counts)
