"""Standings and every round's tables as an Excel workbook (openpyxl).

The rows are plain values, one list per row (:class:`tournaments.exporters.workbook.WorkbookRows`),
so they can be tested without a workbook.

Sheets: "Standings" (one row per team, or per player for ``individual-11`` and in an individual tournament) and "Round N" for
every round: each table with its seated teams in sheet order, each team's points from the
latest version of the table's sheet (empty while there is none), the sheet as written with
team numbers (in the game's words: ``GamePlugin.as_written``), and a "bye" row for each bye; then
the sheets other apps add (:func:`register_sheet`): "Cash" when the tournament asks an entry fee,
the payments taken at the door and their totals per method (:mod:`door.workbook`, registered in
:mod:`door.exporters`).
Teams are named by their numbers, the ones on the table
cards and in the hall, never by the file's internal ids; the standings carry each team's club. Player names are those of the tournament's privacy
setting (:mod:`tournaments.services.public_names`): the file leaves the laptop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.exporters.base import discover
from tournaments.exporters.workbook import SheetSpec, WorkbookRows
from tournaments.games import Scoring
from tournaments.models import PublicNames, Result, Round, Tournament
from tournaments.services.bracket import match_names
from tournaments.services.public_names import shown_entrant, shown_standings
from tournaments.services.round_sheets import TableSheet, round_sheets
from tournaments.services.standings import Standings, round_scores, standings


class ExtraSheet(Protocol):
    """A sheet another app adds to the workbook: its name and title, and its rows."""

    def spec(self) -> SheetSpec: ...

    def rows(self) -> Iterator[list]: ...


SheetOf = Callable[[Tournament], ExtraSheet | None]
EXTRA_SHEETS: dict[str, SheetOf] = {}
"""The sheets apps add after the rounds, by name, in the order registered (an app's ``exporters``)."""


def register_sheet(name: str, sheet_of: SheetOf) -> None:
    """Add the sheet ``sheet_of(tournament)`` makes (None: the tournament has no such sheet) to
    every standings workbook; ``name`` is its :class:`SheetSpec` name and must be new (ValueError).
    An app registers in its ``exporters`` module, found with the exporters (:func:`.base.discover`)."""
    if name in EXTRA_SHEETS:
        raise ValueError(f"a sheet called {name!r} is registered already")
    EXTRA_SHEETS[name] = sheet_of


def unregister_sheet(name: str) -> None:
    """Take the sheet called ``name`` away again (a test's stub); nothing when there is none."""
    EXTRA_SHEETS.pop(name, None)


class StandingsWorkbook(WorkbookRows):
    """The standings after a round, and the tables of every round up to it (all rounds by default)."""

    def __init__(self, tournament: Tournament, after_round: int | None = None):
        self.tournament = tournament
        self.scores = round_scores(tournament, after_round)
        # The names of the tournament's privacy setting: the file leaves the laptop.
        self.report: Standings = shown_standings(standings(tournament, after_round, scores=self.scores))
        self.with_players = tournament.public_names != PublicNames.TEAMS_ONLY
        rounds = Round.objects.filter(tournament=tournament).select_related("tournament").order_by("number")
        if after_round is not None:
            rounds = rounds.filter(number__lte=after_round)
        self.rounds = list(rounds)
        self.sheets_of = {round_.number: round_sheets(round_, names=tournament.public_names) for round_ in self.rounds}
        last = self.rounds[-1].number if self.rounds else 0
        # Bye points of rounds after the standings' round: the standings do not hold them.
        self.round_scores = self.scores if last <= self.report.after_round else round_scores(tournament, last)
        # The sheets of other apps (the entry fees taken at the door, when the tournament asks one),
        # registered in their ``exporters`` modules: found first, whoever builds the workbook.
        discover()
        self.extras: dict[str, ExtraSheet] = {
            name: sheet for name, sheet_of in EXTRA_SHEETS.items() if (sheet := sheet_of(tournament)) is not None}

    def sheets(self) -> list[SheetSpec]:
        rounds = self.report.after_round
        if self.report.per_player:
            widths = (8, 28, 8, 28, 24) + (8,) * rounds + (10, 10)
        elif self.tournament.individual:
            widths = (8, 8, 28, 24) + (8,) * rounds + (10, 10)
        elif self.with_players:
            widths = (8, 8, 28, 24, 28, 28) + (8,) * rounds + (10, 10)
        else:
            widths = (8, 8, 28, 24) + (8,) * rounds + (10, 10)
        specs = [SheetSpec("standings", _("Standings"), widths)]
        if self.report.final_rows:  # the knock-out finals are over: their ranking first
            specs.insert(0, SheetSpec("final-ranking", _("Final ranking"), (8, 8, 28, 24, 28, 28, 10)))
        for round_ in self.rounds:
            seats = self._seats_per_table(self.sheets_of[round_.number])
            title = (_("Round %(n)s (finals)") if round_.final else _("Round %(n)s")) % {"n": round_.number}
            specs.append(SheetSpec(f"round-{round_.number}", title,
                                   (8,) + (8, 28, 10) * seats + (60, 10) + ((24,) if round_.final else ())))
        specs += [sheet.spec() for sheet in self.extras.values()]
        return specs

    def iterate_sheet(self, sheet: SheetSpec) -> Iterator[list]:
        if sheet.name == "standings":
            yield from self._standings_rows()
        elif sheet.name == "final-ranking":
            yield from self._final_rows()
        elif sheet.name in self.extras:
            yield from self.extras[sheet.name].rows()
        else:
            number = int(sheet.name.removeprefix("round-"))
            yield from self._round_rows(next(r for r in self.rounds if r.number == number))

    # --- the standings ---------------------------------------------------------------------

    def _standings_rows(self) -> Iterator[list]:
        report = self.report
        round_headings = [_("R%(n)s") % {"n": n} for n in report.round_numbers]
        if self.tournament.individual:  # a place is a player: their number, name and club
            yield [_("Rank"), _("Number"), _("Player"), _("Club"), *round_headings, _("Total"), _("Lot")]
            for row in report.rows:
                yield [row.place, row.team.number, row.name, row.team.club, *row.rounds, row.points,
                       row.mark]
        elif report.per_player:
            yield [_("Rank"), _("Player"), _("Team"), _("Team name"), _("Club"), *round_headings, _("Total"),
                   _("Lot")]
            for row in report.rows:
                yield [row.place, row.player, row.team.number, row.team.name, row.team.club, *row.rounds, row.points,
                       row.mark]
        elif self.with_players:
            yield [_("Rank"), _("Team"), _("Team name"), _("Club"), _("Player 1"), _("Player 2"), *round_headings,
                   _("Total"), _("Lot")]
            for row in report.rows:
                players = row.players + ["", ""]
                yield [row.place, row.team.number, row.team.name, row.team.club, players[0], players[1], *row.rounds,
                       row.points, row.mark]
        else:
            yield [_("Rank"), _("Team"), _("Team name"), _("Club"), *round_headings, _("Total"), _("Lot")]
            for row in report.rows:
                yield [row.place, row.team.number, row.team.name, row.team.club, *row.rounds, row.points,
                       row.mark]

    def _final_rows(self) -> Iterator[list]:
        """The final ranking: the brackets' places, then the other teams in the order of the standings."""
        yield [_("Place"), _("Team"), _("Team name"), _("Club"), _("Player 1"), _("Player 2"), _("Finals")]
        for row in self.report.final_rows:
            players = (row.players if self.with_players else []) + ["", ""]
            yield [row.place, row.team.number, row.team.name, row.team.club, players[0], players[1],
                   _("yes") if row.key in self.report.bracket_keys else ""]

    # --- the rounds ------------------------------------------------------------------------

    @staticmethod
    def _seats_per_table(sheets: list[TableSheet]) -> int:
        return max([2, *(len(sheet.sides) for sheet in sheets)])

    def _round_rows(self, round_: Round) -> Iterator[list]:
        teams = self.round_scores.teams
        sheets = self.sheets_of[round_.number]
        seats = self._seats_per_table(sheets)
        sheet_heading = str(capfirst(Result._meta.get_field("sheet").verbose_name))
        version_heading = str(capfirst(Result._meta.get_field("version").verbose_name))
        headings = [_("Table")]
        for position in range(1, seats + 1):
            headings += [_("Team %(position)s") % {"position": position}, _("Team name"), _("Points")]
        finals = match_names(round_)  # a finals round: the match each table plays, in a last column
        yield headings + [sheet_heading, version_heading] + ([_("Match")] if finals else [])
        setup = Scoring.of(self.tournament)
        for sheet in sheets:
            row: list = [sheet.table.number]
            numbers = []
            for side, score in sheet.rows:
                numbers.append("+".join(str(team.number) for team in side.teams))
                row += [int(numbers[-1]) if not side.pair else numbers[-1], side.name,
                        score.points if score is not None else None]
            row += [None] * (3 * (seats - len(numbers)))
            written = ""
            if sheet.sheet is not None:  # in the game's words, the teams by their numbers
                written = setup.game.as_written(setup, numbers, sheet.sheet.sheet)
            yield row + [written, sheet.sheet.version if sheet.sheet else None] + (
                [finals.get(sheet.table.pk, "")] if finals else [])
        index = round_.number - 1
        for bye in round_.byes.order_by("team__number"):
            team = teams.get(bye.team_id)
            if team is None:
                continue
            team_points = self.round_scores.team_points[team.pk]
            points = team_points[index] if index < len(team_points) else None
            name = (shown_entrant(team.name, team.number, self.tournament.public_names) if self.tournament.individual
                    else team.name)
            yield ([_("bye"), team.number, name, points] + [None] * (3 * (seats - 1))
                   + [_("Bye"), None])

