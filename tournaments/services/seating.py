"""Who sits where at a table: colours, seats around the board and who deals first.

Why here and not in the templates: the table card, the public table page, "find my table" and the
projector all show the same seating, and the colours must match the rules engine's board (seat
``k`` of a board plays colour ``k``; a team's players sit opposite each other). The first team on
the score sheet deals first, its first player in the red seat. In an individual tournament a side
is the pair drawn together for the round (two seat rows with the same place on the sheet).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import PublicNames, Table, TableSeat, Team
from tournaments.models.rounds import new_team_code
from tournaments.services.public_names import shown_entrant, shown_name

COLOURS: tuple[Promise, ...] = (
    _("red"), _("blue"), _("yellow"), _("green"), _("white"), _("black"), _("orange"), _("purple"),
)
"""Colour names in the order of the engine's board seats (engine/board.py ``COLOUR_NAMES``)."""


LETTERS = "ABC"


@dataclass(frozen=True)
class SeatedPlayer:
    name: str
    colour: Promise
    board_seat: int  # 0-based seat around the board, clockwise; also the colour index
    seat: TableSeat  # the row: the entrant (``seat.team``) and its code


@dataclass(frozen=True)
class Side:
    """One side of a table's score sheet: a team, or in an individual tournament the pair drawn
    together for the round. The one shape every page, paper and form shows a table in."""

    position: int  # place on the score sheet, 1-based
    teams: tuple[Team, ...]  # the team; or the two entrants (teams of one player) of the pair
    players: tuple[SeatedPlayer, ...]  # in the order the sheet's ``home[side]`` lists them
    deals_first: bool
    entrant_names: tuple[str, ...] = ()  # a pair's players under the public-names setting (a team: none)

    @property
    def index(self) -> int:
        """0-based: the side's index in a stored sheet."""
        return self.position - 1

    @property
    def letter(self) -> str:
        return LETTERS[self.index]

    @property
    def team(self) -> Team:
        """The team (in an individual tournament the first player's entry)."""
        return self.teams[0]

    @property
    def pair(self) -> bool:
        """Two players drawn together for this round, not a registered team."""
        return len(self.teams) > 1

    @property
    def name(self) -> str:
        """How the side is named on sheets and messages: "De Kezers", or "Anna & Bert" for a pair."""
        return " & ".join(self.entrant_names) or self.team.name

    @property
    def label(self) -> str:
        """With the numbers: "3. De Kezers", or "12. Anna & 7. Bert" for a pair."""
        if not self.pair:
            return f"{self.team.number}. {self.team.name}"
        return " & ".join(f"{team.number}. {name}" for team, name in zip(self.teams, self.entrant_names))

    @property
    def entrant_labels(self) -> list[str]:
        """Each entrant with its number, as the public sees it: ["3. De Kezers"], or each player of a
        pair, ["12. Anna", "7. Bert"] (how wall lists and route cards name opponents and partners)."""
        if not self.pair:
            return [self.label]
        return [f"{team.number}. {name}" for team, name in zip(self.teams, self.entrant_names)]

    def shown(self, team: Team) -> str:
        """One entrant of this side as the public sees it: a player of a pair under the privacy setting,
        or the team's name."""
        return self.entrant_names[self.teams.index(team)] if self.pair else team.name

    @property
    def numbers(self) -> str:
        """The entrants' numbers: "3", or "12 + 7" for a pair."""
        return " + ".join(str(team.number) for team in self.teams)

    @property
    def rows(self) -> list[TableSeat]:
        """The side's seat rows: one for a team, one per player of a pair."""
        return list(dict.fromkeys(player.seat for player in self.players))

    @property
    def codes(self) -> list[str]:
        return [seat.code for seat in self.rows]

    @property
    def colours(self) -> str:
        return " + ".join(str(player.colour) for player in self.players)

    @property
    def player_names(self) -> list[str]:
        """The names shown, in seat order (none under the privacy setting ``teams-only``)."""
        return [player.name for player in self.players if player.name]


def board_seats(position: int, teams_at_table: int) -> tuple[int, int]:
    """Board seats (= colour indices) of the two players of the side at sheet ``position``.

    Partners sit opposite: with ``t`` sides the board has ``2t`` seats and side ``k`` (0-based)
    takes seats ``k`` and ``k + t``, the engine's default teams.
    """
    if not 1 <= position <= teams_at_table:
        raise ValueError(f"position {position} is not at a table of {teams_at_table} teams")
    k = position - 1
    return k, k + teams_at_table


def new_seats(table: Table, teams: list[Team], pairs: bool) -> list[TableSeat]:
    """Unsaved seat rows for ``teams`` in seat order at ``table``: one side each, or with ``pairs``
    (an individual tournament) two consecutive players per side, member 1 and 2. The codes differ
    from each other: a code names one seat of the table (its partner's or an opponent's)."""
    seats = [TableSeat(table=table, round_id=table.round_id, team=team, position=index // 2 + 1 if pairs else index + 1,
                       member=index % 2 + 1 if pairs else 1) for index, team in enumerate(teams)]
    while len({seat.code for seat in seats}) < len(seats):
        for seat in seats:
            seat.code = new_team_code()
    return seats


def side_count(table: Table) -> int:
    """How many sides the table's sheet has (seats loaded: ``Table.objects.with_seats``)."""
    return len({seat.position for seat in table.seats.all()})


def sides(table: Table, names: str = PublicNames.FULL) -> list[Side]:
    """The table's sides in sheet order with their players' colours (prefetch with ``with_seats``).

    ``names``: the tournament's ``public_names`` for what the public sees (public pages, table
    cards); the director's pages keep the default, full names. Under ``teams-only`` every player
    name is "" and a drawn pair is named by its players' numbers.
    """
    grouped: dict[int, list[TableSeat]] = {}
    for seat in sorted(table.seats.all(), key=lambda seat: (seat.position, seat.member)):
        grouped.setdefault(seat.position, []).append(seat)
    count = len(grouped)
    found = []
    for position, rows in grouped.items():
        if len(rows) == 1:  # a team: its two players from the one row
            seat = rows[0]
            people = [(name, seat) for name in seat.team.player_names]
            pair_names: tuple[str, ...] = ()
        else:  # a drawn pair: one player per row
            people = [(name, seat) for seat in rows for name in seat.team.player_names[:1]]
            pair_names = tuple(entrant_name(seat.team, names) for seat in rows)
        people += [("", rows[-1])] * (2 - len(people))
        players = tuple(
            SeatedPlayer(name=shown_name(name, names), colour=COLOURS[board_seat], board_seat=board_seat, seat=seat)
            for (name, seat), board_seat in zip(people, board_seats(position, count))
        )
        found.append(Side(position=position, teams=tuple(seat.team for seat in rows), players=players,
                          deals_first=position == 1, entrant_names=pair_names))
    return found


def shown_team_name(team: Team, names: str, individual: bool) -> str:
    """A team's name as the public sees it (a bye, a card): an individual entrant is a person, under
    the privacy setting; a team's name is public."""
    return entrant_name(team, names) if individual else team.name


def entrant_name(team: Team, names: str = PublicNames.FULL) -> str:
    """An individual entrant as the public sees them: the name under the setting, and under
    ``teams-only`` "Player 12" (its number)."""
    return shown_entrant(team.name, team.number, names)
