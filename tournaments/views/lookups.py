"""Small pieces every tier's views share: finding what a URL names (or 404), and running a
service call from a button with its refusal shown as messages.

Why a refusal is not a redirect: a redirect answers 302 whatever happened, so a script (or a
browser's tests) cannot tell a refused button from a done one. A done action redirects to its page
(so a reload does not repeat it); a refused one shows that same page at once with the messages and
409 Conflict — what the service refused is the tournament's state, not the form.

Public views use the ``public_`` lookups, which leave out hidden tournaments and draft rounds;
the director's use the others.

Why one lookup per thing: every view that names a tournament, round or table by its URL finds it
the same way (the same 404, the same related rows loaded), so no view forgets the tournament in
a table's lookup and reaches another tournament's table.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import resolve, reverse

from common.https import client_address
from tournaments.models import Round, Table, Tournament
from tournaments.services import limits
from tournaments.services.table_entry import LINK_TRIES, LINK_WINDOW


def tournament_or_404(slug: str) -> Tournament:
    """The tournament of the URL's ``slug``."""
    return get_object_or_404(Tournament, slug=slug)


def public_tournament_or_404(slug: str) -> Tournament:
    """The tournament of ``slug`` as players see it: a hidden one or a practice run is not there
    (404, ``Tournament.objects.public()``). Every public view finds its tournament, round or table
    through these ``public_`` lookups."""
    found = Tournament.objects.public().filter(slug=slug).first()
    if found is None:
        raise Http404("No tournament matches the given query.")
    return found


def public_round_or_404(slug: str, number: int) -> Round:
    """A round players may see: published (or later), of a tournament that is not hidden."""
    return round_or_404(slug, number, status__in=Round.PUBLIC_STATUSES, tournament__in=Tournament.objects.public())


def public_table_or_404(slug: str, number: int, table: int) -> Table:
    """A table of a round players may see, with its seats and sheets (``with_sheets``)."""
    return get_object_or_404(
        Table.objects.select_related("round__tournament").with_sheets(),
        round__tournament__slug=slug, round__number=number, number=table,
        round__status__in=Round.PUBLIC_STATUSES, round__tournament__in=Tournament.objects.public(),
    )


def link_table(token: str) -> Table | None:
    """The table of a private link (``/s/<token>/``) with its seats and sheets (``with_sheets``), or
    None: an unknown link, or one of a practice run (nothing of a practice run is public, so its
    links open nothing)."""
    tables = Table.objects.filter(token=token).exclude(round__tournament__practice=True)
    return tables.select_related("round__tournament").with_sheets().first()


def round_or_404(slug: str, number: int, **filters) -> Round:
    """Round ``number`` of the tournament ``slug``, with its tournament loaded."""
    return get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number,
                             **filters)


def table_or_404(slug: str, number: int, table: int) -> Table:
    """Table ``table`` of round ``number`` of the tournament ``slug``, with round and tournament loaded."""
    return get_object_or_404(Table.objects.select_related("round__tournament"),
                             round__tournament__slug=slug, round__number=number, number=table)


SEARCH_MAX_LENGTH = 100


def search_text(request: HttpRequest) -> str:
    """The search box's text (``?q=``): trimmed, at most 100 characters, without the NUL characters
    PostgreSQL cannot compare (a search is never refused, it finds nothing)."""
    return request.GET.get("q", "").replace("\x00", "").strip()[:SEARCH_MAX_LENGTH]


REFUSED = 422  # a form refused for what was typed: the same page with the errors
CONFLICT = 409  # a button refused because of the tournament's state: the same page with the message


def unknown_secret(request: HttpRequest, kind: str, template: str) -> HttpResponse:
    """The answer to an unknown private link of ``kind`` (a table link, a team pass): 404, counted per
    address, and past :data:`~tournaments.services.table_entry.LINK_TRIES` a minute 429 with the
    wait, so nobody finds a link by guessing. A known link always answers, whatever its address did."""
    address = f"{kind}:{client_address(request)}"
    if limits.count(address, LINK_WINDOW) > LINK_TRIES:
        wait = limits.blocked(address, LINK_TRIES, LINK_WINDOW) or LINK_WINDOW
        return rate_limited(render(request, template, {"wait": wait}), wait)
    return render(request, template, {}, status=404)


def rate_limited(response: HttpResponse, wait: int) -> HttpResponse:
    """``response`` as a rate limit's answer: 429, and ``Retry-After`` in seconds."""
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response


def act(request: HttpRequest, action: Callable[[], object], success: str, to: str, *args: object) -> HttpResponse:
    """Run a button's ``action``: done, ``success`` is shown on the page ``to`` (a URL name and its
    ``args``) after a redirect; refused (a ValidationError), its messages are shown on that page
    at once with status 409."""
    try:
        action()
    except ValidationError as error:
        return refused(request, error.messages, to, *args)
    messages.success(request, success)
    return redirect(to, *args)


def refused(request: HttpRequest, problems: list[str], to: str, *args: object, status: int = CONFLICT) -> HttpResponse:
    """The page ``to`` as a GET shows it, with ``problems`` as error messages and ``status``."""
    for problem in problems:
        messages.error(request, problem)
    match = resolve(reverse(to, args=args))
    shown = copy.copy(request)
    shown.method, shown.GET, shown.POST = "GET", QueryDict(), QueryDict()
    response = match.func(shown, *match.args, **match.kwargs)
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    response.status_code = status
    return response
