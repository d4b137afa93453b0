"""The table's private link (``/s/<token>/``, the QR code on the table card): enter the sheet on a
phone, confirm or dispute it with a team code. The third URL tier, next to public and director:
a link reaches its own table's sheet and nothing else. Thin: the rules are in
services/table_entry.py."""

from __future__ import annotations

import re
import secrets

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from keezen_site.https import client_address
from tournaments.models import Table
from tournaments.numbers import whole_or
from tournaments.services import limits
from tournaments.services import table_entry as entry
from tournaments.services.clock import clock
from tournaments.services.results import table_scores
from tournaments.services.seating import sides
from tournaments.services.sheet_entry import evaluate
from tournaments.services.sheet_states import status_of
from tournaments.views.lookups import link_table, rate_limited


PHONE_COOKIE = "keezen_phone"  # a random name for this phone: wrong team codes lock the phone that typed them
PHONE_COOKIE_DAYS = 2


def _phone_cookie(request: HttpRequest) -> str | None:
    """The phone's cookie when it is one this site gave (22 characters of a random token)."""
    value = request.COOKIES.get(PHONE_COOKIE, "")
    return value if re.fullmatch(r"[A-Za-z0-9_-]{22}", value) else None


def _phone(request: HttpRequest) -> str:
    """Who types the team codes: the phone's cookie, or (a client without cookies) its address —
    so a guesser locks itself, not the other team's phone behind the same venue address."""
    return _phone_cookie(request) or f"ip:{client_address(request)}"[:60]


def _with_phone_cookie(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if _phone_cookie(request) is None:
        response.set_cookie(PHONE_COOKIE, secrets.token_urlsafe(16), max_age=PHONE_COOKIE_DAYS * 24 * 3600,
                            httponly=True, samesite="Lax", secure=request.is_secure())
    return response


def _find(token: str) -> Table | None:
    return link_table(token)


def _page(request: HttpRequest, table: Table, status: int | None = None, **extra) -> HttpResponse:
    """The table's sheet page; without a ``status``: 410 when the link is closed and no sheet is in."""
    current = table.current_sheet
    context = {
        "table": table, "round": table.round, "tournament": table.round.tournament, "sides": sides(table),
        "current": current, "status": status_of(current),
        "clock": clock(table.round), "fields": request.POST, **extra,
    }
    if current is not None:
        context["current_rows"] = list(zip(context["sides"], table_scores(table, current.sheet)))
        context["submitted_by"] = next((s for s in context["sides"] if s.position == current.submitted_by), None)
        if context["status"] == "submitted":  # honest about the code lock: no code form while this phone waits
            wait = entry.code_locked(table, _phone(request))
            context["code_wait_minutes"] = -(-wait // 60) if wait else 0
    try:
        entry.check_link_open(table)
    except entry.LinkClosed as error:
        context["closed"] = error.messages[0]
    if status is None:
        status = 410 if "closed" in context and current is None else 200
    return render(request, "tournaments/table/sheet.html", context, status=status)


@never_cache
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    """A known link always answers, whatever its address did; unknown links are counted per
    address, and past the limit answered 429 (only a guesser of links gets it)."""
    table = _find(token) if len(token) <= 64 else None
    if table is None:
        address = f"table-link:{client_address(request)}"
        if limits.count(address, entry.LINK_WINDOW) > entry.LINK_TRIES:
            wait = limits.blocked(address, entry.LINK_TRIES, entry.LINK_WINDOW) or entry.LINK_WINDOW
            return rate_limited(render(request, "tournaments/table/unknown.html", {"wait": wait}), wait)
        return render(request, "tournaments/table/unknown.html", {}, status=404)
    return _with_phone_cookie(request, _sheet(request, table, token))


def _sheet(request: HttpRequest, table: Table, token: str) -> HttpResponse:
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
                entry.confirm(table, code, guesser=_phone(request))
            else:
                entry.dispute(table, code, request.POST.get("note", ""), guesser=_phone(request))
            return redirect("table:sheet", token)
    except entry.CodeLocked as error:
        return rate_limited(_page(request, table, errors=error.messages), error.wait)
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
