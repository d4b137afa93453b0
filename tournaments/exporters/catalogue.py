"""Every file of the core the director can download, registered once (:mod:`.base`): the standings
(PDF, Excel; the prize list listed between them is the prizes app's, :mod:`prizes.exporters`), the
rulings, the teams (Excel, and the empty template), the tournament file, the route cards, the team
passes for the door, and per round the whole round in one file, the table cards, the two wall lists,
the missing results and the desk's team codes.

Each class only names its file and hands the work to the module that lays it out.
"""

from __future__ import annotations


from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournaments.exporters import round_pdfs, route_cards, standings_pdf, team_passes_pdf, whole_round
from tournaments.exporters.base import JSON, PDF, XLSX, Exporter, digest, register
from tournaments.exporters.rulings_pdf import rulings_pdf
from tournaments.exporters.standings_xlsx import StandingsWorkbook
from tournaments.games import Scoring
from tournaments.models import Bye, Player, Round, TableSeat, Team, Tournament


class _Pdf(Exporter):
    content_type = PDF
    extension = "pdf"
    inline = True
    background = True


@register
class StandingsPdf(_Pdf):
    identifier = "standings-pdf"
    order = 10
    name = gettext_lazy("Standings (PDF)")
    takes_after_round = True
    for_players = True

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return standings_pdf.standings_pdf(tournament, after_round, site_url)


@register
class StandingsXlsx(Exporter):
    identifier = "standings-xlsx"
    order = 30
    name = gettext_lazy("Standings and rounds (Excel)")
    content_type = XLSX
    extension = "xlsx"
    takes_after_round = True

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return StandingsWorkbook(tournament, after_round).render()


@register
class RulingsPdf(_Pdf):
    identifier = "rulings-pdf"
    order = 40
    name = gettext_lazy("Rulings (PDF)")
    background = False  # a few pages: made when asked

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        from tournaments.services.disputes import ruling_groups

        return rulings_pdf(tournament, ruling_groups(tournament))

    def content_key(self, tournament, round_=None, after_round=None, site_url=None) -> str:
        return ""  # rulings are not results: never kept, always made afresh


@register
class TeamsXlsx(Exporter):
    identifier = "teams-xlsx"
    order = 50
    name = gettext_lazy("Teams (Excel)")
    content_type = XLSX
    extension = "xlsx"

    def filename(self, tournament: Tournament, round_: Round | None = None) -> str:
        return f"{tournament.slug}-{_('teams')}.xlsx"

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        from tournaments.excel.teams import export_xlsx

        return export_xlsx(tournament)


@register
class TeamsTemplateXlsx(Exporter):
    identifier = "teams-template-xlsx"
    order = 60
    name = gettext_lazy("Team import template (Excel)")
    content_type = XLSX
    extension = "xlsx"

    def filename(self, tournament: Tournament, round_: Round | None = None) -> str:
        return _("teams-template.xlsx")

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        from tournaments.excel.teams import template_xlsx

        return template_xlsx(tournament)


@register
class TournamentFile(Exporter):
    identifier = "tournament-json"
    order = 70
    name = gettext_lazy("Tournament file (JSON)")
    content_type = JSON
    extension = "json"

    def filename(self, tournament: Tournament, round_: Round | None = None) -> str:
        return f"{tournament.slug}.json"

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        from tournaments.services.tournament_file import dumps, export_file

        return dumps(export_file(tournament)).encode()


@register
class RouteCardsPdf(_Pdf):
    """Every round of a planned day for each player (or team) on one card (issue 17)."""

    identifier = "route-cards-pdf"
    order = 80
    name = gettext_lazy("Route cards (every round for each player)")
    for_players = True

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return route_cards.route_cards_pdf(tournament, site_url)

    def content_key(self, tournament, round_=None, after_round=None, site_url=None) -> str:
        """The seating of every round with names and the privacy setting: not the results."""
        seats = list(TableSeat.objects.filter(round__tournament=tournament).order_by(
            "round__number", "table__number", "position", "member").values_list(
            "round__number", "table__number", "position", "member", "team__number", "team__name"))
        byes = list(Bye.objects.filter(round__tournament=tournament).order_by("round__number", "team__number")
                    .values_list("round__number", "team__number", "team__name"))
        return digest(self.identifier, tournament.pk, tournament.name, tournament.public_names, seats, byes,
                      get_language())


@register
class TeamPassesPdf(_Pdf):
    """A card per team (per player) with the QR code of its pass, handed out at the door
    (:mod:`.team_passes_pdf`)."""

    identifier = "team-passes-pdf"
    order = 90  # after the route cards: the other cards the players take with them
    name = gettext_lazy("Team passes")
    for_players = True
    shows_links = True

    def label(self, tournament) -> str:
        return _("Player passes") if tournament.individual else str(self.name)

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return team_passes_pdf.team_passes_pdf(tournament, site_url)

    def content_key(self, tournament, round_=None, after_round=None, site_url=None) -> str:
        """Every active team's number, name, players and pass (a replaced pass makes the file again),
        the tournament's name, date and kind of entry, the language and the address of the QR codes:
        not the results."""
        teams = list(Team.objects.filter(tournament=tournament).active().order_by("number")
                     .values_list("number", "name", "pass_token"))
        players = list(Player.objects.filter(team__tournament=tournament, team__withdrawn=False)
                       .order_by("team__number", "seat").values_list("team__number", "seat", "name"))
        return digest(self.identifier, tournament.pk, tournament.name, tournament.date, tournament.entry,
                      teams, players, get_language(), site_url)


class _RoundPdf(_Pdf):
    per_round = True
    made_on_publish = True
    for_players = True
    uses_results = False  # the file shows which tables have a result (missing results)

    def content_key(self, tournament, round_=None, after_round=None, site_url=None) -> str:
        """The round's seating with names, codes and links, the tournament's settings (the privacy
        setting of the names, a Klaverjassen drive's deals and house rules too), the language and the
        address of the QR codes: a card file is made again only when one of these changes."""
        seats = list(TableSeat.objects.filter(round=round_).order_by("table__number", "position", "member").values_list(
            "table__number", "table__token", "position", "member", "code", "team__number", "team__name"))
        players = list(Player.objects.filter(team__seats__round=round_).order_by("team_id", "seat")
                       .values_list("team_id", "seat", "name"))
        byes = list(round_.byes.order_by("team__number").values_list("team__number", "team__name"))
        setup = Scoring.of(tournament)  # the deals and game_rules flags in one order, whatever the database
        return digest(self.identifier, tournament.pk, tournament.name, tournament.date, tournament.venue,
                      tournament.scoring_system, tournament.points_list, tournament.house_rules.as_json(),
                      setup.deals, setup.rules, tournament.public_names,
                      round_.number, round_.minutes, seats, players, byes, get_language(), site_url,
                      tournament.results_version if self.uses_results else None)


@register
class WholeRoundPdf(_Pdf):
    """The table cards, both wall lists and the desk's team codes in one file: one click before the
    round starts (:mod:`.whole_round`, joined from those files' own print files)."""

    identifier = "whole-round-pdf"
    order = 100  # first: everything at once, then each part on its own
    name = gettext_lazy("Whole round: table cards, wall lists, team codes")
    per_round = True
    shows_links = True  # the cards' QR codes and the codes' table links
    # Not made on publish: its slow part, the table cards, is (and the wall lists); joining them takes
    # a moment. Its parts keep their own languages, so the file is kept per director's language.
    made_on_publish = False
    for_players = False

    def label(self, tournament) -> str:
        return _("Whole round: table cards, wall lists, player codes") if tournament.individual else str(self.name)

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return whole_round.whole_round_pdf(tournament, round_, site_url)

    def content_key(self, tournament, round_=None, after_round=None, site_url=None) -> str:
        """Its parts' content keys: made again when one of them changes."""
        return whole_round.content_key(self.identifier, tournament, round_, site_url)


@register
class TableCardsPdf(_RoundPdf):
    identifier = "table-cards-pdf"
    order = 110
    name = gettext_lazy("Table cards and score sheets")
    shows_links = True

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return round_pdfs.table_cards_pdf(round_, site_url)


@register
class WallByTablePdf(_RoundPdf):
    identifier = "wall-by-table-pdf"
    order = 120
    name = gettext_lazy("Wall list by table")

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return round_pdfs.wall_by_table_pdf(round_, site_url)


@register
class WallByTeamPdf(_RoundPdf):
    identifier = "wall-by-team-pdf"
    order = 130
    name = gettext_lazy("Wall list by team")

    def label(self, tournament) -> str:
        return _("Wall list by player") if tournament.individual else str(self.name)

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return round_pdfs.wall_by_team_pdf(round_, site_url)


@register
class MissingResultsPdf(_RoundPdf):
    identifier = "missing-results-pdf"
    order = 140
    name = gettext_lazy("Missing results")
    uses_results = True
    made_on_publish = False  # at publishing every table is missing
    for_players = False  # the desk's list

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return round_pdfs.missing_results_pdf(round_, site_url)


@register
class TeamCodesPdf(_RoundPdf):
    """Every team's code, by team name, for the desk (a team that lost its slip): never public."""

    identifier = "team-codes-pdf"
    order = 150
    name = gettext_lazy("Team codes for the desk")
    made_on_publish = False  # a few pages: made when asked
    for_players = False  # the desk's list
    shows_links = True

    def label(self, tournament) -> str:
        return _("Player codes for the desk") if tournament.individual else str(self.name)

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return round_pdfs.team_codes_pdf(round_, site_url)
