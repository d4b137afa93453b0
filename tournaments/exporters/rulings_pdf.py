"""The rulings of a tournament as a PDF: per round, per table, the question, the verdict with its
reason and rule, and the director's note — for the tournament's records and the next dispute."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string

from common import pdf
from tournaments.exporters.standings_pdf import page_context
from tournaments.models import Round, Ruling, Tournament

TEMPLATE = "tournaments/pdf/rulings.html"


def rulings_html(tournament: Tournament, groups: list[tuple[Round | None, list[Ruling]]]) -> str:
    return render_to_string(TEMPLATE, {**page_context(tournament), "groups": groups})


def rulings_pdf(tournament: Tournament, groups: list[tuple[Round | None, list[Ruling]]]) -> bytes:
    return pdf.write_pdf(rulings_html(tournament, groups), str(settings.BASE_DIR))
