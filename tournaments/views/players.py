"""Pages for players at the venue: a table's own page (the QR code on the table card points here),
"find my table", the round clock and the projector. Only published rounds are shown."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Round, Table, TableSeat
from tournaments.services.seating import seat_views
from django.db.models import Prefetch


def table_page(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    found = get_object_or_404(
        Table.objects.select_related("round__tournament").prefetch_related(
            Prefetch("seats", queryset=TableSeat.objects.select_related("team").prefetch_related("team__players"))
        ),
        round__tournament__slug=slug, round__number=number, number=table,
        round__status__in=Round.PUBLIC_STATUSES,
    )
    return render(request, "tournaments/public/table.html", {
        "tournament": found.round.tournament, "round": found.round, "table": found, "seats": seat_views(found),
    })
