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
from tournaments.models import Round, Table, TableSeat, Tournament
from tournaments.permissions import director_required
from tournaments.services import rounds as round_services


@director_required
def round_list(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = tournament.round_set.annotate(
        table_count=Count("tables", distinct=True),
        missing_count=Count("tables", filter=Q(tables__results__isnull=True), distinct=True),
    )
    return render(request, "tournaments/director/round_list.html", {"tournament": tournament, "rounds": rounds})


@director_required
@require_POST
def round_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = round_services.add_round(tournament)
    messages.success(request, _("Round %(number)s added.") % {"number": round_.number})
    return redirect("director:round_detail", slug, round_.number)


@director_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number)
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
    return render(request, "tournaments/director/round_detail.html", {
        "tournament": round_.tournament, "round": round_, "tables": tables, "form": form,
        "byes": round_.byes.select_related("team"),
    })


@director_required
@require_POST
def table_delete(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Remove a table made by mistake — only while it has no result."""
    found = get_object_or_404(Table, round__tournament__slug=slug, round__number=number, number=table)
    if found.results.exists():
        messages.error(request, _("Table %(number)s has a result and cannot be removed.") % {"number": found.number})
    else:
        found.delete()
        messages.info(request, _("Table %(number)s removed.") % {"number": table})
    return redirect("director:round_detail", slug, number)
