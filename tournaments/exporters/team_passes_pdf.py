"""Team passes for the door: a card per team (per player in individual entry) with the QR code of
its pass, eight cards to an A4 page (2 × 4) with cut lines between them.

Why: the pass (``/p/<token>/``, :mod:`tournaments.services.team_passes`) is the team's own page for
the whole day — its table each round, its sheet without a code, its results, "we are here" — and a
card with its QR code is how the team gets there without typing a secret of 22 characters. The
director prints the cards before the day and hands each team its own at the door; a replaced pass
makes the file again (every pass token is in the exporter's ``content_key``).

The cards follow the wall list by team (:func:`.round_pdfs.team_lines`, the desk's team codes): by
name as people sort names (:func:`tournaments.names.entrant_sort_key`), then number, so the door finds a
team's card the way players find themselves on the wall. Only active teams get one (a withdrawn
team has no place in the rounds). The names are the registered ones, not the privacy setting's:
each card goes by hand to its own team, never on the wall. The QR codes are placeholders that
:mod:`common.pdf` draws as vector lines (as on the table cards), with the short address under each.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString

from common import pdf
from common.https import short_address
from tournaments.exporters.round_pdfs import DEFAULT_SITE_URL, qr_placeholder, qr_svg
from tournaments.exporters.standings_pdf import fit_text, fitted, page_context, wrap_text
from tournaments.models import Team, Tournament
from tournaments.names import entrant_sort_key

TEAM_PASSES_TEMPLATE = "tournaments/pdf/team_passes.html"
COLUMNS, ROWS = 2, 4
"""Cards across and down an A4 page (the template's sizes: 95 × 67 mm each)."""
CARD_WIDTH = 85
"""mm inside a card's margins: the tournament's name on one line (cut off with "…" where longer)."""
TEXT_WIDTH = 48
"""mm of a card's width beside its QR code, for the team's name and its players (smaller, or cut off
likewise)."""


@dataclass(frozen=True)
class PassCard:
    """One team's card: its number and name (two lines at most) and its players as printed, and the
    absolute address of its pass."""

    team: Team
    name: str
    players: tuple[SafeString, ...]
    url: str
    qr: SafeString

    @property
    def short_url(self) -> str:
        """The pass's address as a player types it, under the code (``192.168.1.20:8000/p/…``)."""
        return short_address(self.url)


def pass_url(site_url: str | None, team: Team) -> str:
    """The absolute address of ``team``'s pass (the QR code's target)."""
    return urljoin(site_url or DEFAULT_SITE_URL, reverse("pass:page", args=[team.pass_token]))


def pass_cards(tournament: Tournament, site_url: str | None = None, qr=qr_svg) -> list[PassCard]:
    """A card per active team, by name as people sort names, then number; ``qr(url)`` is each
    card's code (:func:`.round_pdfs.qr_svg`, or the placeholder :mod:`common.pdf` draws). The
    players are left out where they only repeat the name (an individual entrant)."""
    teams = sorted(tournament.teams.active().prefetch_related("players"),
                   key=lambda team: (entrant_sort_key(team.name, tournament.individual), team.number))
    cards = []
    for team in teams:
        players = team.player_names
        if players == [team.name]:
            players = []
        url = pass_url(site_url, team)
        # The number and name on at most two lines beside the code, broken between words; each player
        # on a line, a size smaller before a long name is cut.
        cards.append(PassCard(team, "\n".join(wrap_text(f"{team.number}. {team.name}", TEXT_WIDTH, 13, bold=True)),
                              tuple(fitted(name, TEXT_WIDTH, (9, 8)) for name in players), url, qr(url)))
    return cards


def pages(cards: list[PassCard]) -> list[list[list[PassCard]]]:
    """The cards in pages of :data:`ROWS` rows of :data:`COLUMNS`; the last row may be short."""
    rows = [cards[i:i + COLUMNS] for i in range(0, len(cards), COLUMNS)]
    return [rows[i:i + ROWS] for i in range(0, len(rows), ROWS)]


def team_passes_html(tournament: Tournament, site_url: str | None = None, qr=qr_svg) -> str:
    return render_to_string(TEAM_PASSES_TEMPLATE, {
        **page_context(tournament), "pages": pages(pass_cards(tournament, site_url, qr)),
        "event": fit_text(tournament.name, CARD_WIDTH, 9, bold=True),
    })


def team_passes_pdf(tournament: Tournament, site_url: str | None = None) -> bytes:
    """The file: the codes drawn directly (:func:`common.pdf.write_pdf`)."""
    return pdf.write_pdf(team_passes_html(tournament, site_url, qr_placeholder), site_url or str(settings.BASE_DIR))
