"""Who sits where at a table: colours, seats around the board and who deals first.

Why here and not in the templates: the table card, the public table page, "find my table" and the
projector all show the same seating, and the colours must match the rules engine's board (seat
``k`` of a board plays colour ``k``; a team's players sit opposite each other). The first team on
the score sheet deals first, its first player in the red seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import PublicNames, Table, TableSeat, Team
from tournaments.services.public_names import shown_name

COLOURS: tuple[Promise, ...] = (
    _("red"), _("blue"), _("yellow"), _("green"), _("white"), _("black"), _("orange"), _("purple"),
)
"""Colour names in the order of the engine's board seats (engine/board.py ``COLOUR_NAMES``)."""


@dataclass(frozen=True)
class SeatedPlayer:
    name: str
    colour: Promise
    board_seat: int  # 0-based seat around the board, clockwise; also the colour index


@dataclass(frozen=True)
class SeatView:
    position: int  # place on the score sheet, 1-based
    team: Team
    players: tuple[SeatedPlayer, ...]
    deals_first: bool

    @property
    def colours(self) -> str:
        return " + ".join(str(player.colour) for player in self.players)

    @property
    def player_names(self) -> list[str]:
        """The names shown, in seat order (none under the privacy setting ``teams-only``)."""
        return [player.name for player in self.players if player.name]


def board_seats(position: int, teams_at_table: int) -> tuple[int, int]:
    """Board seats (= colour indices) of the two players of the team at sheet ``position``.

    Partners sit opposite: with ``t`` teams the board has ``2t`` seats and team ``k`` (0-based)
    takes seats ``k`` and ``k + t``, the engine's default teams.
    """
    if not 1 <= position <= teams_at_table:
        raise ValueError(f"position {position} is not at a table of {teams_at_table} teams")
    k = position - 1
    return k, k + teams_at_table


def seat_views(table: Table, names: str = PublicNames.FULL) -> list[SeatView]:
    """The table's teams in sheet order with their players' colours (prefetch ``seats__team__players``).

    ``names``: the tournament's ``public_names`` for what the public sees (public pages, table
    cards); the director's pages keep the default, full names. Under ``teams-only`` every name is "".
    """
    seats: list[TableSeat] = sorted(table.seats.all(), key=lambda seat: seat.position)
    count = len(seats)
    views = []
    for seat in seats:
        names_shown = [shown_name(name, names) for name in seat.team.player_names] + ["", ""]
        seat_numbers = board_seats(seat.position, count)
        players = tuple(
            SeatedPlayer(name=names_shown[i], colour=COLOURS[board_seat], board_seat=board_seat)
            for i, board_seat in enumerate(seat_numbers)
        )
        views.append(SeatView(position=seat.position, team=seat.team, players=players,
                              deals_first=seat.position == 1))
    return views
