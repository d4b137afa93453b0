"""The director's live overview of a round's sheets: missing, submitted, confirmed, disputed,
corrected — refreshed by htmx while tables enter their sheets — with approve and correct."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.permissions import director_required
from tournaments.services import table_entry as entry
from tournaments.services.round_sheets import round_sheets, status_counts
from tournaments.views.lookups import attempt, round_or_404, table_or_404

OVERVIEW_POLL_SECONDS = 10


@director_required
def overview(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    sheets = round_sheets(round_, with_disputes=True)
    context = {
        "tournament": round_.tournament, "round": round_, "sheets": sheets,
        "counts": status_counts(sheets), "poll_seconds": OVERVIEW_POLL_SECONDS,
    }
    template = "tournaments/director/_results_overview.html" if request.htmx else "tournaments/director/results_overview.html"
    return render(request, template, context)


@director_required
@require_POST
def approve(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    found = table_or_404(slug, number, table)
    attempt(request, lambda: entry.approve(found, request.user),
            _("The sheet of table %(table)s is approved.") % {"table": table})
    return redirect("director:round_results", slug, number)
