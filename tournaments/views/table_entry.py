"""The table's private link (``/s/<token>/``, the QR code on the table card): enter the sheet on a
phone, confirm or dispute it with a team code. The third URL tier, next to public and director:
a link reaches its own table's sheet and nothing else. Thin: the rules are in
services/table_entry.py."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournaments.models import Table
from tournaments.numbers import whole_or
from tournaments.services import limits
from tournaments.services import table_entry as entry
from tournaments.services.clock import clock
from tournaments.services.results import table_scores
from tournaments.services.seating import seat_views
from tournaments.services.sheet_entry import evaluate, sides
from tournaments.services.sheet_states import status_of


def client_address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _find(token: str) -> Table | None:
    return Table.objects.filter(token=token).select_related("round__tournament").with_sheets().first()


def _page(request: HttpRequest, table: Table, status: int | None = None, **extra) -> HttpResponse:
    """The table's sheet page; without a ``status``: 410 when the link is closed and no sheet is in."""
    current = table.current_sheet
    context = {
        "table": table, "round": table.round, "tournament": table.round.tournament, "sides": sides(table),
        "seats": seat_views(table), "current": current, "status": status_of(current),
        "clock": clock(table.round), "fields": request.POST, **extra,
    }
    if current is not None:
        context["current_rows"] = list(zip(context["sides"], table_scores(table, current.sheet)))
        context["submitted_by"] = next((s for s in context["sides"] if s["position"] == current.submitted_by), None)
    try:
        entry.check_link_open(table)
    except entry.LinkClosed as error:
        context["closed"] = error.messages[0]
    if status is None:
        status = 410 if "closed" in context and current is None else 200
    return render(request, "tournaments/table/sheet.html", context, status=status)


@never_cache
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    address = f"table-link:{client_address(request)}"
    wait = limits.blocked(address, entry.LINK_TRIES, entry.LINK_WINDOW)
    if wait:
        return render(request, "tournaments/table/unknown.html", {"wait": wait}, status=429)
    table = _find(token)
    if table is None:
        limits.count(address, entry.LINK_WINDOW)
        return render(request, "tournaments/table/unknown.html", {}, status=404)
    if request.method != "POST":
        return _page(request, table)
    action = request.POST.get("action", "")
    try:
        if action == "preview":
            return _preview(request, table)
        if action == "submit":
            data, errors, _points = evaluate(table, request.POST)
            if errors:
                return _page(request, table, status=400, errors=errors)
            position = request.POST.get("team", "")
            entry.submit(table, whole_or(position, 0), data)
            return redirect("table:sheet", token)
        if action in ("confirm", "dispute"):
            code = request.POST.get("code", "")
            if action == "confirm":
                entry.confirm(table, code)
            else:
                entry.dispute(table, code, request.POST.get("note", ""))
            return redirect("table:sheet", token)
    except entry.Conflict as error:  # the page is built again from the database: it shows the first sheet
        return _page(request, _find(token), status=409, errors=error.messages)
    except entry.LinkClosed as error:
        return _page(request, table, status=410, errors=error.messages)
    except ValidationError as error:
        return _page(request, _find(token), status=400, errors=error.messages)
    return _page(request, table, status=400, errors=[_("Something was missing from the form; try again.")])


def _preview(request: HttpRequest, table: Table) -> HttpResponse:
    _data, errors, points = evaluate(table, request.POST)
    rows = list(zip(sides(table), points or []))
    return render(request, "tournaments/sheets/_preview.html",
                  {"errors": errors, "rows": rows, "tournament": table.round.tournament,
                   "empty": not any(request.POST.get(name) for name in request.POST if name not in ("csrfmiddlewaretoken", "action", "team"))})
