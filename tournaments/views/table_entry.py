"""The table's private link (``/s/<token>/``, the QR code on the table card): submit the sheet on a
phone with the team's own code, confirm or dispute it with another team's code. The third URL
tier, next to public and director: a link reaches its own table's sheet and nothing else. Thin:
the rules are in services/table_entry.py.

The same page serves a team pass (``views/team_pass.py``): there the pass proves the team, so no
code is typed (:class:`Entrant`)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from common.https import client_address
from tournaments.models import Result, Table
from tournaments.services import sent_actions
from tournaments.services import table_entry as entry
from tournaments.services.clock import clock
from tournaments.services.results import table_scores
from tournaments.services.seating import Side, sides
from tournaments.services.sheet_entry import evaluate
from tournaments.services.sheet_states import status_of
from tournaments.views.lookups import link_table, rate_limited, unknown_secret


PHONE_COOKIE = "keezen_phone"  # this phone at this table, signed by the server: wrong codes lock the phone
SIDE_COOKIE = "keezen_side"  # the side this phone proved with its code at this table: its next step needs none
COOKIE_HOURS = 24  # a table's cookies outlive its round, not the day


def _signed(request: HttpRequest, name: str, table: Table) -> str | None:
    """The value of this table's signed cookie ``name``; None when missing, made up or expired."""
    return request.get_signed_cookie(name, default=None, salt=f"{name}:{table.pk}", max_age=COOKIE_HOURS * 3600)


def _set_signed(request: HttpRequest, response: HttpResponse, name: str, table: Table, value: str) -> None:
    """A cookie of this table only: signed for it, and sent back to its link only."""
    response.set_signed_cookie(name, value, salt=f"{name}:{table.pk}", max_age=COOKIE_HOURS * 3600,
                               path=reverse("table:sheet", args=[table.token]), httponly=True, samesite="Lax",
                               secure=request.is_secure())


def _phone(request: HttpRequest, table: Table) -> str:
    """Who types the team codes: the phone's signed cookie, or (a cookie missing or made up) its
    address — so a guesser locks itself, and a guesser who makes up cookies shares one small count."""
    phone = _signed(request, PHONE_COOKIE, table)
    return phone if phone else entry.address_guesser(client_address(request))


def _with_phone_cookie(request: HttpRequest, response: HttpResponse, table: Table) -> HttpResponse:
    """A phone that opens the link gets its cookie: free, no count (what bounds fresh phones is
    :data:`entry.LOCKED_TRIES` per address, counted only while the table is locked)."""
    if request.method == "GET" and _signed(request, PHONE_COOKIE, table) is None:
        _set_signed(request, response, PHONE_COOKIE, table, secrets.token_urlsafe(16))
    return response


def _kept_side(request: HttpRequest, table: Table, found: list[Side], proved: int | None = None) -> Side | None:
    """The side this phone proved with a code at this table (its submission), if any: ``proved`` by
    this very request (its cookie is not back yet), or by an earlier one."""
    kept = str(proved) if proved is not None else _signed(request, SIDE_COOKIE, table)
    return next((side for side in found if str(side.position) == kept), None)


def _keep_side(request: HttpRequest, response: HttpResponse, table: Table, position: int | None) -> HttpResponse:
    if position is not None:
        _set_signed(request, response, SIDE_COOKIE, table, str(position))
    return response


def _code(request: HttpRequest, table: Table) -> str:
    """The code typed to confirm or dispute; when none is typed, that of the side this phone proved
    before — unless it is the side that submitted (its phone is handed to another team)."""
    typed = request.POST.get("code", "")
    kept, current = _kept_side(request, table, sides(table)), table.current_sheet
    if typed.strip() or kept is None or current is None or kept.position == current.submitted_by:
        return typed
    return kept.codes[0]


@dataclass(frozen=True)
class Entrant:
    """Who enters on this page and where it goes back to (``url``): the phone of a table link, which
    proves its side with a code (``side`` None), or a team pass's, which is that ``side`` and sends its
    ``code`` itself (``guesser``: the pass, in good standing whatever other phones guessed; ``back``:
    the pass's own page)."""

    url: str
    side: Side | None = None
    code: str = ""
    guesser: str = ""
    back: str = ""
    who: str = sent_actions.LINK  # whose page the one-time keys are of (services/sent_actions.py)


def _find(token: str) -> Table | None:
    return link_table(token)


def _page(request: HttpRequest, table: Table, at: Entrant, status: int | None = None, proved: int | None = None,
          **extra) -> HttpResponse:
    """The table's sheet page; without a ``status``: 410 when the link is closed and no sheet is in.
    ``proved``: the side whose code this request just proved (see :func:`_kept_side`)."""
    current = table.current_sheet
    context = {
        "table": table, "round": table.round, "tournament": table.round.tournament, "sides": sides(table),
        "current": current, "status": status_of(current), "as_side": at.side, "pass_url": at.back,
        "clock": clock(table.round), "fields": request.POST, "action_key": sent_actions.new_key(table, at.who),
        "key_field": sent_actions.KEY_FIELD, **extra,
    }
    if current is not None:
        context["current_rows"] = list(zip(context["sides"], table_scores(table, current.sheet)))
        context["submitted_by"] = next((s for s in context["sides"] if s.position == current.submitted_by), None)
        if context["status"] == "submitted":  # honest about the code lock: no code form while this phone waits
            lock = entry.code_lock(table, _guesser(request, table, at), address=client_address(request))
            context["code_locked"] = lock.messages[0] if lock else ""
            context["kept"] = at.side or _kept_side(request, table, context["sides"], proved)
    elif request.method == "POST" and request.POST.get("action") == "submit":  # a sheet sent back: its points too
        _data, _errors, points = evaluate(table, request.POST)
        context["preview_rows"] = list(zip(context["sides"], points or []))
    try:
        entry.check_link_open(table)
    except entry.LinkClosed as error:
        context["closed"] = error.messages[0]
    if status is None:
        status = 410 if "closed" in context and current is None else 200
    return render(request, "tournaments/table/sheet.html", context, status=status)


def sheet(request: HttpRequest, token: str) -> HttpResponse:
    """A known link always answers, whatever its address did; unknown links are counted per
    address, and past the limit answered 429 (only a guesser of links gets it)."""
    if request.method == "GET" and FOLLOW in request.GET:
        return sheet_state(Result.objects.filter(table__token=token[:64]))
    return _sheet_page(request, token)


@never_cache
def _sheet_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _find(token) if len(token) <= 64 else None
    if table is None:
        return unknown_secret(request, "table-link", "tournaments/table/unknown.html")
    at = Entrant(reverse("table:sheet", args=[token]))
    return _with_phone_cookie(request, answer(request, table, at), table)


ACTIONS = ("submit", "confirm", "dispute")
FOLLOW = "state"  # ?state: what static/js/sheet_follow.js polls


def sheet_state(results: QuerySet[Result]) -> HttpResponse:
    """The state and version of a table's sheet (``results``: every version of it), as its page shows
    them (``data-sheet-state``): the page polls it and reloads when another phone or the desk changed
    the sheet. One query, and 304 while nothing changed (its ETag); an unknown link has no sheet
    ("missing", never a count: it tells nothing the page would not)."""
    latest = results.order_by("-version").only("version", "state").first()
    response = JsonResponse({"state": status_of(latest), "version": latest.version if latest else 0})
    response["Cache-Control"] = "no-cache, private"
    return response


ANSWER_HEADER = "X-Keezen-Answer"  # static/js/outbox.js: this site answered (not a venue's portal in between)


def answer(request: HttpRequest, table: Table, at: Entrant) -> HttpResponse:
    """The sheet page of ``table`` for ``at``: shown (GET), its live points (preview), or an action done
    once for its key (:mod:`tournaments.services.sent_actions`) and answered."""
    response = _answer_for(request, table, at)
    response[ANSWER_HEADER] = "1"
    return response


def _answer_for(request: HttpRequest, table: Table, at: Entrant) -> HttpResponse:
    if request.method != "POST":
        return _page(request, table, at)
    action = request.POST.get("action", "")
    if action == "preview":
        return _preview(request, table)
    if action not in ACTIONS:
        return _page(request, table, at, status=400, errors=[_("Something was missing from the form; try again.")])
    try:
        outcome = sent_actions.once(table, request.POST, lambda: _act(request, table, action, at), at.who)
    except sent_actions.KeyRefused as refused:
        return _page(request, _find(table.token), at, status=422, errors=[refused.message])
    return _answer(request, table, at, outcome)


def _guesser(request: HttpRequest, table: Table, at: Entrant) -> str:
    return at.guesser or _phone(request, table)


def _act(request: HttpRequest, table: Table, action: str, at: Entrant) -> sent_actions.Outcome:
    """The action of the sheet page's form, done or refused (:mod:`.sent_actions` keeps what it came to)."""
    Outcome = sent_actions.Outcome
    guesser, address = _guesser(request, table, at), client_address(request)
    try:
        if action == "submit":
            data, errors, _points = evaluate(table, request.POST)
            if errors:  # a form to mend, or the question whether the game is over: nothing was done
                return Outcome(400, errors, kept=False)
            # Who submits is whose code this is: a "team" field is no one's word.
            code = at.code or request.POST.get("code", "")
            result = entry.submit_with_code(table, code, data, guesser=guesser, address=address)
            return Outcome(303, position=result.submitted_by)
        code = at.code or _code(request, table)
        if action == "confirm":
            entry.confirm(table, code, guesser=guesser, address=address)
        else:
            entry.dispute(table, code, request.POST.get("note", ""), guesser=guesser, address=address)
        return Outcome(303)
    except entry.CodeLocked as error:
        return Outcome(429, error.messages, wait=error.wait, kept=False)
    except entry.Conflict as error:
        return Outcome(409, error.messages, position=error.position)
    except entry.LinkClosed as error:
        return Outcome(410, error.messages)
    except ValidationError as error:
        return Outcome(400, error.messages)


def _answer(request: HttpRequest, table: Table, at: Entrant, outcome: sent_actions.Outcome) -> HttpResponse:
    """The page after an action: the sheet's page again (a redirect) once it was done, else the
    refusal. A refusal after a sheet came in (409) or a code was refused (400) shows the table as it
    is now, and a 409's phone, its side proved by its code, may confirm or dispute the first sheet
    without typing it again."""
    kept = at.side is None  # a table link's phone keeps the side it proved; a pass is its side
    if outcome.done:
        done = redirect(at.url)
        return _keep_side(request, done, table, outcome.position) if kept else done
    if outcome.status == 429:
        return rate_limited(_page(request, table, at, errors=outcome.messages), outcome.wait)
    if outcome.status == 410:
        return _page(request, table, at, status=410, errors=outcome.messages)
    page = _page(request, _find(table.token), at, status=outcome.status, errors=outcome.messages,
                 proved=outcome.position if outcome.status == 409 else None)
    return _keep_side(request, page, table, outcome.position) if kept and outcome.status == 409 else page


def _preview(request: HttpRequest, table: Table) -> HttpResponse:
    _data, errors, points = evaluate(table, request.POST)
    rows = list(zip(sides(table), points or []))
    return render(request, "tournaments/sheets/_preview.html",
                  {"errors": errors, "rows": rows, "tournament": table.round.tournament,
                   "empty": not any(request.POST.get(name) for name in request.POST if name not in ("csrfmiddlewaretoken", "action", "team", "code"))})
