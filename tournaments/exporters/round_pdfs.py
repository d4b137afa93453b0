"""A round on paper: table cards with score sheets, two wall lists, the missing results and the
desk's list of team codes.

All are A4 PDFs laid out by WeasyPrint from Django templates, with the helpers of
:mod:`tournaments.exporters.standings_pdf` (base template, footer, the fetcher that only accepts
``data:`` URLs). The QR code on a table card is segno's: inline SVG in :func:`table_cards_html`;
in the file (:func:`table_cards_pdf`) the same matrix drawn directly by
:mod:`common.pdf`, which also lays out what every card repeats (house rules, hints, the
numbered lines of the sheet) once. Nothing is fetched. The house rules are the tournament's game's
(``GamePlugin.rules_in_words``); a Klaverjassen drive's card is a score card of the round's deals.

Every list reads the round's tables in a fixed number of queries, whatever the number of
tables: seats, teams and players are prefetched, and whether a table has a result is a
subquery.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import quote, urljoin

import weasyprint
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

import scoring
from common import pdf
from common.https import short_address
from scoring.sheets import HOLES, PAWNS_PER_TEAM
from tournaments.exporters.standings_pdf import document, fitted, page_context
from tournaments.games import Scoring
from tournaments.models import Round, Table, Team, Tournament
from tournaments.names import entrant_sort_key
from tournaments.services.bracket import final_notes
from tournaments.services.seating import Side, shown_team_name, sides
from tournaments.services.sheet_states import state_is_open, with_latest_state

TABLE_CARDS_TEMPLATE = "tournaments/pdf/table_cards.html"
WALL_BY_TABLE_TEMPLATE = "tournaments/pdf/wall_by_table.html"
WALL_BY_TEAM_TEMPLATE = "tournaments/pdf/wall_by_team.html"
MISSING_RESULTS_TEMPLATE = "tournaments/pdf/missing_results.html"
TEAM_CODES_TEMPLATE = "tournaments/pdf/team_codes.html"

PARALLEL_FROM = 30
"""Fewer cards per process than this are not worth starting another process for."""
OWN_SHARE = 0.95
"""The part of an equal share of the cards that the calling process renders itself (it also
makes the HTML and joins the parts)."""

DEFAULT_SITE_URL = "http://localhost/"
"""Where the QR codes point when no base URL is given (commands, tests)."""


# --- reading the round ----------------------------------------------------------------------


@dataclass
class TableView:
    """One table of the round as the printouts show it."""

    table: Table
    seats: list[Side]
    has_result: bool
    url: str = ""
    qr: SafeString = field(default_factory=lambda: mark_safe(""))
    sheet: dict = field(default_factory=dict)

    @property
    def short_url(self) -> str:
        """The link as a player types it, printed under the QR code (``192.168.1.20:8000/s/…``)."""
        return short_address(self.url)

    @property
    def slips(self) -> list[tuple[Team, str]]:
        """Each team's code in sheet order; in an individual tournament each player's."""
        return [(seat.team, seat.code) for side in self.seats for seat in side.rows]

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def first(self) -> Side | None:
        """The team that deals first: the first on the sheet."""
        return self.seats[0] if self.seats else None


@dataclass(frozen=True)
class TeamLine:
    """A line of the wall list by team name."""

    team: Team
    name: str  # as the wall shows it (an individual entrant under the privacy setting)
    table: int | None  # None: a bye
    opponents: tuple[str, ...] = ()  # "3. De Kezers", or each player of the other pairs
    colours: str = ""
    partners: tuple[str, ...] = ()  # individual tournaments: who plays beside the player this round

    @property
    def bye(self) -> bool:
        return self.table is None


@dataclass(frozen=True)
class CodeLine:
    """A line of the desk's list of team codes: a team, its table, its code and the table's link."""

    team: Team
    table: int | None  # None: a bye (no table, no code)
    code: str = ""
    url: str = ""

    @property
    def bye(self) -> bool:
        return self.table is None

    @property
    def short_url(self) -> str:
        return short_address(self.url) if self.url else ""


def _tables(round_: Round, number: int | None = None) -> list[TableView]:
    """The round's tables in order; ``number``: that table only."""
    found = Table.objects.filter(round=round_)
    if number is not None:
        found = found.filter(number=number)
    tables = with_latest_state(found.with_seats()).order_by("number")
    names = round_.tournament.public_names  # on the wall and on the tables: the privacy setting's names
    confirmed_counts = round_.tournament.confirmed_counts  # a result is in once it counts (sheet_states)
    return [TableView(table=table, seats=sides(table, names),
                      has_result=not state_is_open(table.latest_state, confirmed_counts))
            for table in tables]


def table_url(site_url: str | None, table: Table) -> str:
    """The absolute address of the table's private link (the QR code's target): the sheet entry."""
    return urljoin(site_url or DEFAULT_SITE_URL, reverse("table:sheet", args=[table.token]))


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as inline SVG, sized by CSS (viewBox only)."""
    return mark_safe(pdf.qr_svg(url))  # segno's own markup


def qr_placeholder(url: str) -> SafeString:
    """Where :mod:`common.pdf` draws the same code as :func:`qr_svg` (same size, same modules)."""
    return mark_safe(pdf.qr_placeholder(url))  # escaped there


# --- what the table card says ---------------------------------------------------------------


def score_sheet(tournament: Tournament, seats: list[Side], deals: int | None = None) -> dict:
    """What the sheet of the tournament's system has to hold for these teams.

    ``pawn-order``: numbered lines (8 for the first team, 7 for each other: the game ends at the
    8th pawn of one team) with the points of each line; ``pawns-2pt``: one row per team;
    ``individual-11``: one row per player with the home holes h1–h4; ``klaverjas``: a score card
    with a row per deal of the round (:func:`card_sheet`; ``deals``: a knock-out final's own).
    """
    system = tournament.scoring_system
    if system == scoring.KLAVERJAS:
        return card_sheet(tournament, seats, deals)
    if system == scoring.PAWN_ORDER:
        count = PAWNS_PER_TEAM + (PAWNS_PER_TEAM - 1) * max(len(seats) - 1, 0)
        points = tournament.points_list
        lines = [(n, points[n - 1] if n <= len(points) else 0) for n in range(1, count + 1)]
        row_height = 6.4 if count <= 15 else 4.5
        team_width = (GRID_WIDTH - GRID_NUMBER_WIDTH - GRID_POINTS_WIDTH) / max(len(seats), 1)
        return {
            "system": system, "lines": lines, "row_height": row_height, "height": row_height * count,
            "ruling": grid_lines(max(len(seats), 1), count, row_height),
            # The teams over their columns: a long name smaller, or on two lines, before it is cut.
            "names": [sheet_name(seat.label, team_width - 3) for seat in seats],
            # One preformatted block per column: far cheaper to lay out than a cell per line.
            "numbers": "\n".join(str(number) for number, _points in lines),
            "points": "\n".join(str(points) for _number, points in lines),
        }
    if system == scoring.INDIVIDUAL_11:
        rows = [(seat, player) for seat in seats for player in seat.players]
        return {"system": system, "rows": rows, "holes": HOLES}
    return {"system": system, "rows": seats}


NAME_HEAD = 4.4
"""mm: the room over a sheet's column for its team's name (8.5 pt bold; 7.5 pt; or two lines of 6 pt)."""


def sheet_name(label: str, width_mm: float) -> SafeString:
    """A team's name over its column of the sheet, ``width_mm`` wide: as it is, smaller, or on two
    lines before it is cut (:func:`~tournaments.exporters.standings_pdf.fitted`)."""
    return fitted(label, width_mm, (8.5, 7.5, 6), bold=True, line_mm=NAME_HEAD)


GRID_WIDTH = 186  # mm: A4 minus the card's margins (2 × 12 mm)
GRID_NUMBER_WIDTH = 13
GRID_POINTS_WIDTH = 17
GRID = {
    "number": GRID_NUMBER_WIDTH,
    # (teams at the table, width of a team's column in mm; 3 mm of it padding)
    "team_widths": [(n, (GRID_WIDTH - GRID_NUMBER_WIDTH - GRID_POINTS_WIDTH) / n - 3) for n in range(1, 9)],
}


CARD = {"number": 12, "played": 20, "points": 33, "roem": 26, "nat": 16, "pit": 20}
"""The columns of a Klaverjassen score card in mm (together :data:`GRID_WIDTH`): the deal, the team
that played (A or B, circled), each team's card points and roem, nat ticked, the pit team circled."""
CARD_TEAM_WIDTH = CARD["points"] + CARD["roem"]
CARD_ROWS_HEIGHT = 104
"""mm for the deals' rows: 16 deals of 6.4 mm fit one A4 card with the house rules and signatures."""
CARD_ROW_MAX, CARD_ROW_MIN = 6.4, 4.0


def card_sheet(tournament: Tournament, seats: list[Side], deals: int | None = None) -> dict:
    """A Klaverjassen score card as seed 004 keeps it, a row per deal of the round: per team its
    card points and roem, the team that played, nat and pit; the totals and each team's score
    below. The rows are the same on every card (laid out once, :mod:`common.pdf`); the
    teams' names stand over their columns, "A: 3. De Troeven" (:func:`sheet_name`). The rows shrink
    to fit up to 24 deals on the card's page; a card of more deals goes on to a second page.
    ``deals``: a knock-out final's own (``Scoring.of_round``), else the tournament's."""
    deals = deals or tournament.deals
    return {
        "system": tournament.scoring_system, "deals": range(1, deals + 1),
        "row_height": max(CARD_ROW_MIN, min(CARD_ROW_MAX, CARD_ROWS_HEIGHT / deals)),
        "names": [sheet_name(f"{seat.letter}: {seat.label}", CARD_TEAM_WIDTH - 3) for seat in seats],
    }


@lru_cache(maxsize=16)
def grid_lines(columns: int, rows: int, row_height: float) -> str:
    """The ruling of a pawn-order sheet's body as an SVG ``data:`` URI (mm units).

    Why a background image and not a table of cells: WeasyPrint lays a table of 15–22 rows out
    cell by cell, which made 125 cards take well over the ten seconds allowed; one image per
    sheet shape and a preformatted block of line numbers cost a fraction
    (``manage.py bench_pairing`` measures it).
    """
    height = row_height * rows
    team_width = (GRID_WIDTH - GRID_NUMBER_WIDTH - GRID_POINTS_WIDTH) / columns
    xs = [GRID_NUMBER_WIDTH + team_width * k for k in range(columns + 1)]
    path = "".join(f"M0 {row_height * k:.2f}H{GRID_WIDTH}" for k in range(1, rows + 1))
    path += "".join(f"M{x:.2f} 0V{height:.2f}" for x in [0, *xs, GRID_WIDTH])
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {GRID_WIDTH} {height:.2f}" '
           f'preserveAspectRatio="none"><path d="{path}" stroke="#000" stroke-width="0.3" fill="none"/></svg>')
    return "data:image/svg+xml," + quote(svg)


# --- rendering ------------------------------------------------------------------------------


def _context(round_: Round, **extra) -> dict:
    return {**page_context(round_.tournament), "round": round_, **extra}


def table_cards_html(round_: Round, site_url: str | None = None, chunks: int = 1) -> list[str] | str:
    """The cards as one HTML document, or (``chunks`` > 1) as that many documents of consecutive
    tables, to be rendered side by side (:func:`table_cards_pdf`)."""
    return _table_cards_html(round_, site_url, chunks, qr_svg)


def _table_cards_html(round_: Round, site_url: str | None, chunks: int, qr) -> list[str] | str:
    """The cards with ``qr(url)`` as each card's QR code: :func:`qr_svg`, or a placeholder that
    :mod:`common.pdf` draws (encoded in the process that renders the card)."""
    render, tables = _card_renderer(round_, site_url, qr)
    if chunks == 1:
        return render(tables)
    size = -(-len(tables) // chunks) or 1
    return [render(tables[i:i + size]) for i in range(0, max(len(tables), 1), size)]


def _card_renderer(round_: Round, site_url: str | None, qr, number: int | None = None):
    """The round's tables (``number``: that one) as cards, and a function that makes the HTML of some
    of them."""
    tournament = round_.tournament
    tables = _tables(round_, number)
    deals = Scoring.of_round(round_).deals
    for view in tables:
        view.url = table_url(site_url, view.table)
        view.qr = qr(view.url)
        view.sheet = score_sheet(tournament, view.seats, deals)
    context = _context(round_, house_rules=tournament.plugin.rules_in_words(tournament), grid=GRID,
                       card=CARD, final_notes=final_notes(round_))
    return (lambda some: render_to_string(TABLE_CARDS_TEMPLATE, {**context, "tables": some})), tables


def wall_by_table_html(round_: Round) -> str:
    return render_to_string(WALL_BY_TABLE_TEMPLATE, _context(
        round_, tables=_tables(round_), byes=_bye_labels(round_),
    ))


def team_lines(round_: Round) -> list[TeamLine]:
    """Every seated team and every team with a bye, by name as people sort names
    (:func:`tournaments.names.entrant_sort_key`: a team's name as written), then number."""
    names = round_.tournament.public_names
    individual = round_.tournament.individual
    seat_colours = round_.tournament.plugin.seat_colours  # a board's colours (Keezen); a card game has none
    lines = []
    for view in _tables(round_):
        for side in view.seats:
            opponents = tuple(label for other in view.seats if other is not side for label in other.entrant_labels)
            for team in side.teams:
                colours = " + ".join(str(player.colour) for player in side.players
                                     if player.seat.team is team) if seat_colours else ""
                lines.append(TeamLine(
                    team=team, name=side.shown(team), table=view.number, colours=colours, opponents=opponents,
                    partners=tuple(side.shown(other) for other in side.teams if other is not team),
                ))
    lines += [TeamLine(team=team, name=shown_team_name(team, names, individual), table=None)
              for team in _byes(round_)]
    return sorted(lines, key=lambda line: (entrant_sort_key(line.name, individual), line.team.number))


def code_lines(round_: Round, site_url: str | None = None) -> list[CodeLine]:
    """Every team of the round with its code, its table and the table's link, by name (as the wall
    list by team, so the desk finds a team the way players look it up), then number; byes too."""
    lines = [CodeLine(team=team, table=view.number, code=code, url=table_url(site_url, view.table))
             for view in _tables(round_) for team, code in view.slips]
    lines += [CodeLine(team=team, table=None) for team in _byes(round_)]
    individual = round_.tournament.individual
    return sorted(lines, key=lambda line: (entrant_sort_key(line.team.name, individual), line.team.number))


def wall_by_team_html(round_: Round) -> str:
    return render_to_string(WALL_BY_TEAM_TEMPLATE, _context(round_, lines=team_lines(round_)))


def team_codes_html(round_: Round, site_url: str | None = None) -> str:
    return render_to_string(TEAM_CODES_TEMPLATE, _context(round_, lines=code_lines(round_, site_url)))


def missing_results_html(round_: Round) -> str:
    tables = _tables(round_)
    missing = [view for view in tables if not view.has_result]
    return render_to_string(MISSING_RESULTS_TEMPLATE, _context(
        round_, tables=missing, table_count=len(tables),
    ))


def _bye_labels(round_: Round) -> list[str]:
    """The byes as the wall shows them: "5. De Kezers", an individual entrant under the privacy setting."""
    tournament = round_.tournament
    return [f"{team.number}. {shown_team_name(team, tournament.public_names, tournament.individual)}"
            for team in _byes(round_)]


def _byes(round_: Round) -> list[Team]:
    return [bye.team for bye in round_.byes.select_related("team").order_by("team__number")]


def table_cards_document(round_: Round, site_url: str | None = None,
                         base_url: str | None = None) -> weasyprint.document.Document:
    """One A4 page per table; ``document.pages`` tells how many, ``write_pdf()`` makes the file."""
    return document(table_cards_html(round_, site_url), base_url)


def wall_by_table_document(round_: Round, base_url: str | None = None) -> weasyprint.document.Document:
    return document(wall_by_table_html(round_), base_url)


def wall_by_team_document(round_: Round, base_url: str | None = None) -> weasyprint.document.Document:
    return document(wall_by_team_html(round_), base_url)


def missing_results_document(round_: Round, base_url: str | None = None) -> weasyprint.document.Document:
    return document(missing_results_html(round_), base_url)


def table_cards_pdf(round_: Round, site_url: str | None = None, per_process: int = PARALLEL_FROM,
                    number: int | None = None) -> bytes:
    """The cards as a PDF file: rendered on every core once each gets ``per_process`` cards, the
    repeated parts laid out once per process and the QR codes drawn directly (:mod:`common.pdf`).
    ``number``: the card of that table only, as the file has it (a card printed again).

    This process also makes the HTML and joins the parts, so its own part is a little smaller;
    the other parts are made first and sent off, this one's HTML is made while they render."""
    render, tables = _card_renderer(round_, site_url, qr_placeholder, number)
    chunks = min(pdf.cpu_count(), max(len(tables) // per_process, 1))
    if chunks == 1:
        parts = [lambda: render(tables)]
    else:
        own = max(1, round(len(tables) / chunks * OWN_SHARE))
        size = -(-(len(tables) - own) // (chunks - 1))
        bounds = [0, own, *range(own + size, len(tables), size), len(tables)]
        parts = [lambda a=a, b=b: render(tables[a:b]) for a, b in zip(bounds, bounds[1:]) if a < b]
    return pdf.write_joined_pdf(parts, site_url or str(settings.BASE_DIR))


def wall_by_table_pdf(round_: Round, base_url: str | None = None) -> bytes:
    return wall_by_table_document(round_, base_url).write_pdf()


def wall_by_team_pdf(round_: Round, base_url: str | None = None) -> bytes:
    return wall_by_team_document(round_, base_url).write_pdf()


def missing_results_pdf(round_: Round, base_url: str | None = None) -> bytes:
    return missing_results_document(round_, base_url).write_pdf()


def team_codes_pdf(round_: Round, site_url: str | None = None) -> bytes:
    return document(team_codes_html(round_, site_url), None).write_pdf()
