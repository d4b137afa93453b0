"""Director pages for rounds and tables made by hand."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms import TableForm
from tournaments.models import RoundStatus, Table, TableSeat
from tournaments.permissions import director_required
from tournaments.services import rounds as round_services
from tournaments.services.clock import clock
from tournaments.services.draft import round_flags
from tournaments.services.draw import draw_round
from tournaments.services.seating import seat_views
from tournaments.views.lookups import round_or_404, tournament_or_404


@director_required
def round_list(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    rounds = tournament.round_set.annotate(
        table_count=Count("tables", distinct=True),
        missing_count=Count("tables", filter=Q(tables__results__isnull=True), distinct=True),
    )
    return render(request, "tournaments/director/round_list.html", {
        "tournament": tournament, "rounds": rounds, "next_number": len(rounds) + 1,
    })


@director_required
@require_POST
def round_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    round_ = round_services.add_round(tournament)
    try:
        draw_round(round_)
    except ValidationError as error:
        messages.warning(request, _("Round %(number)s added, but not drawn:") % {"number": round_.number})
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Round %(number)s drawn. Check the flags, then publish.") % {"number": round_.number})
    return redirect("director:round_detail", slug, round_.number)


@director_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    form = TableForm(request.POST or None, round_=round_)
    if request.method == "POST" and form.is_valid():
        try:
            table = round_services.add_table(round_, form.teams(), form.cleaned_data.get("number"))
        except ValidationError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            messages.success(request, _("Table %(number)s added.") % {"number": table.number})
            return redirect("director:round_detail", slug, number)
    seats = TableSeat.objects.select_related("team").prefetch_related("team__players").order_by("position")
    tables = round_.tables.prefetch_related(Prefetch("seats", queryset=seats)).annotate(
        version_count=Count("results")
    )
    flags = round_flags(round_)
    flagged_tables = {flag.table for flag in flags if flag.table}
    return render(request, "tournaments/director/round_detail.html", {
        "tournament": round_.tournament, "round": round_, "form": form,
        "tables": [(table, seat_views(table), table.number in flagged_tables) for table in tables],
        "byes": round_.byes.select_related("team"), "flags": flags, "clock": clock(round_),
        "is_draft": round_.status == RoundStatus.DRAFT,
        "swap_teams": [team for table in tables for team in (s.team for s in table.seats.all())]
        + [bye.team for bye in round_.byes.select_related("team")],
    })


@director_required
@require_POST
def table_delete(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Remove a table made by mistake — only while it has no result."""
    found = get_object_or_404(Table, round__tournament__slug=slug, round__number=number, number=table)
    if found.round.status != RoundStatus.DRAFT:
        messages.error(request, _("Round %(number)s is published; return it to draft before changing its tables.")
                       % {"number": number})
    elif found.results.exists() or found.rulings.exists():
        messages.error(request, _("Table %(number)s has a result or a ruling and cannot be removed.") % {"number": found.number})
    else:
        found.delete()
        messages.info(request, _("Table %(number)s removed.") % {"number": table})
    return redirect("director:round_detail", slug, number)
