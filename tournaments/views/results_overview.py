"""The director's live overview of a round's sheets: missing, submitted, confirmed, disputed,
corrected — refreshed by htmx while tables enter their sheets — with approve and correct."""

from __future__ import annotations

from collections import Counter

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Result, ResultEvent, Round, Table, TableSeat
from tournaments.permissions import director_required
from tournaments.services import table_entry as entry
from tournaments.views.lookups import attempt, round_or_404

OVERVIEW_POLL_SECONDS = 10


def table_statuses(round_: Round) -> list[entry.TableStatus]:
    """Every table of the round with its latest sheet and status, in a fixed number of queries."""
    seats = TableSeat.objects.select_related("team").order_by("position")
    tables = round_.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=seats),
        Prefetch("results", queryset=Result.objects.order_by("-version")),
        Prefetch("events", queryset=ResultEvent.objects.filter(kind=ResultEvent.Kind.DISPUTED).order_by("-created_at"),
                 to_attr="disputes"),
    )
    out = []
    for table in tables:
        table.round = round_  # already loaded: no query per table
        results = list(table.results.all())
        current = results[0] if results else None
        out.append(entry.TableStatus(table, current, entry.status_of(current)))
    return out


@director_required
def overview(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    statuses = table_statuses(round_)
    context = {
        "tournament": round_.tournament, "round": round_, "statuses": statuses,
        "counts": Counter(status.status for status in statuses), "poll_seconds": OVERVIEW_POLL_SECONDS,
    }
    template = "tournaments/director/_results_overview.html" if request.htmx else "tournaments/director/results_overview.html"
    return render(request, template, context)


@director_required
@require_POST
def approve(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    found = get_object_or_404(Table.objects.select_related("round__tournament"),
                              round__tournament__slug=slug, round__number=number, number=table)
    attempt(request, lambda: entry.approve(found, request.user),
            _("The sheet of table %(table)s is approved.") % {"table": table})
    return redirect("director:round_results", slug, number)
