"""Route cards: for each player (or team), every round of a planned day on one slip — "round 1
table 4 with Anna against Bert and Carla, round 2 table 9 …" — printed before the first game.

Why: an individual evening drawn at once (issue 17, draw mode "planned") needs no wall list per
round; each player takes their card and walks to the next table. Teams of a planned schedule get
the same card (opponents only). Names follow the tournament's privacy setting: the cards are on
the tables. All rounds are read in a fixed number of queries.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string

from tournaments.exporters.standings_pdf import document, page_context
from tournaments.models import Bye, Table, Team, Tournament
from tournaments.names import entrant_sort_key
from tournaments.services.seating import shown_team_name, sides

ROUTE_CARDS_TEMPLATE = "tournaments/pdf/route_cards.html"


@dataclass(frozen=True)
class RouteLine:
    round: int
    table: int | None  # None: sits out (a bye)
    colour: str = ""
    partner: str = ""
    opponents: tuple[str, ...] = ()


@dataclass(frozen=True)
class RouteCard:
    team: Team
    name: str
    lines: tuple[RouteLine, ...]


def route_cards(tournament: Tournament) -> list[RouteCard]:
    """A card per entrant who has a place in any round, by name as people sort names."""
    names = tournament.public_names
    individual = tournament.individual
    seat_colours = tournament.plugin.seat_colours  # a board's colours (Keezen); a card game has none
    lines: dict[int, list[RouteLine]] = {}
    teams: dict[int, Team] = {}
    tables = (Table.objects.filter(round__tournament=tournament).with_seats().select_related("round")
              .order_by("round__number", "number"))
    for table in tables:
        found = sides(table, names)
        for side in found:
            opponents = tuple(label for other in found if other is not side for label in other.entrant_labels)
            for team in side.teams:
                teams[team.pk] = team
                colour = " + ".join(str(p.colour) for p in side.players
                                    if p.seat.team_id == team.pk) if seat_colours else ""
                partner = " & ".join(label for other, label in zip(side.teams, side.entrant_labels)
                                     if other.pk != team.pk)
                lines.setdefault(team.pk, []).append(RouteLine(table.round.number, table.number, colour, partner,
                                                               opponents))
    for bye in Bye.objects.filter(round__tournament=tournament).select_related("team", "round"):
        teams[bye.team_id] = bye.team
        lines.setdefault(bye.team_id, []).append(RouteLine(bye.round.number, None))
    cards = [RouteCard(team, shown_team_name(team, names, individual),
                       tuple(sorted(lines[pk], key=lambda line: line.round)))
             for pk, team in teams.items()]
    return sorted(cards, key=lambda card: (entrant_sort_key(card.name, individual), card.team.number))


def route_cards_html(tournament: Tournament) -> str:
    return render_to_string(ROUTE_CARDS_TEMPLATE, {**page_context(tournament), "cards": route_cards(tournament)})


def route_cards_pdf(tournament: Tournament, base_url: str | None = None) -> bytes:
    return document(route_cards_html(tournament), base_url).write_pdf()
