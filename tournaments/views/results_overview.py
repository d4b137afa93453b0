"""The director's live overview of a round's sheets: missing, submitted, confirmed, disputed,
corrected — refreshed by htmx while tables enter their sheets — with each table's points per side,
approve (only a confirmed sheet waiting for it, shown next to the button) and correct."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.numbers import whole_or
from tournaments.permissions import director_required
from tournaments.services import table_entry as entry
from tournaments.services.round_sheets import round_sheets, status_counts
from tournaments.services.sheet_states import disputes_waiting
from tournaments.views.lookups import act, refused, round_or_404, table_or_404, tournament_or_404

OVERVIEW_POLL_SECONDS = 10


@director_required
def overview(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    sheets = round_sheets(round_, with_disputes=True)
    wrong_codes = entry.code_counts([item.table for item in sheets])
    for item in sheets:
        item.table.wrong_codes = wrong_codes.get(item.table.pk)
    context = {
        "tournament": round_.tournament, "round": round_, "sheets": sheets,
        "counts": status_counts(sheets), "open_count": sum(not item.counts for item in sheets),
        "poll_seconds": OVERVIEW_POLL_SECONDS,
    }
    template = "tournaments/director/_results_overview.html" if request.htmx else "tournaments/director/results_overview.html"
    return render(request, template, context)


@director_required
@require_POST
def approve(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Approve a sheet that waits for it, the version the page showed (``version``): else 409 with
    why (``table_entry.approve``); a ``version`` that is no version number, 400."""
    found = table_or_404(slug, number, table)
    shown = request.POST.get("version")
    version = None if shown is None else whole_or(shown, None, low=1)
    if shown is not None and version is None:
        return refused(request, [_("The page sent no sheet version to approve: reload it and look at the sheet again.")],
                       "director:round_results", slug, number, status=400)
    return act(request, lambda: entry.approve(found, request.user, version),
               _("The sheet of table %(table)s is approved.") % {"table": table}, "director:round_results", slug, number)


@director_required
@require_POST
def unlock(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Lift a table's wrong-team-code lock: every phone at the table may type a code again."""
    found = table_or_404(slug, number, table)
    return act(request, lambda: entry.lift_code_lock(found, request.user),
               _("Table %(table)s may type team codes again.") % {"table": table}, "director:round_results", slug, number)


@director_required
def dispute_badge(request: HttpRequest, slug: str) -> HttpResponse:
    """The director's badge of disputed sheets (on every director page, polled)."""
    return render(request, "tournaments/director/_dispute_badge.html", disputes_waiting(tournament_or_404(slug)))
