"""The dispute desk (director, with the tournament's house rules) and the public rules helper (house
rules ticked by the visitor). One page, answered by htmx: every tap or choice posts the whole desk
state (position code, colour, seat, card, claim) and gets the desk back with the engine's answer,
and the page's address becomes that state (``HX-Replace-Url``), so a reload, a shared link or the
language switch shows the same board. Without JavaScript the same forms work as plain posts, each
answered by a redirect to the state's address. Each game names its own desk
(:attr:`~tournaments.games.GamePlugin.dispute_desk_url_name`; Klaverjassen's is the card rules helper,
:mod:`tournaments.views.card_rules`): another game's desk address leads there."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import replace_url

from tournaments.models import Tournament
from tournaments.permissions import allowed_when_archived, director_required
from tournaments.services import dispute_desk
from tournaments.services.disputes import ruling_groups
from tournaments.views.lookups import REFUSED, tournament_or_404


def _render(request: HttpRequest, context: dict, public: bool = False, table: int | None = None) -> HttpResponse:
    """The desk; 422 when what was sent could not be read (a position code, a tap without a card):
    the engine's verdict, legal or not, is an answer (200). The address follows the state: htmx
    replaces it, a plain post is redirected to it (post, redirect, get)."""
    desk = context["desk"]
    address = f"{request.path}?{dispute_desk.state_query(desk, public, table)}"
    if request.method == "POST" and not request.htmx and not desk.errors:
        return HttpResponseRedirect(address, status=303)
    template = "tournaments/disputes/_desk.html" if request.htmx else "tournaments/disputes/desk.html"
    response = render(request, template, context, status=REFUSED if desk.errors else 200)
    return replace_url(response, address) if request.htmx else response


def rules_helper(request: HttpRequest) -> HttpResponse:
    """Public: any position, the default house rules or the ones ticked."""
    data = request.POST if request.method == "POST" else request.GET
    desk = dispute_desk.read_desk(data, dispute_desk.rules_from(data))
    return _render(request, {**dispute_desk.desk_context(desk), "public": True, "desk_url": request.path}, public=True)


def own_desk(tournament: Tournament, data: Any, here: str) -> HttpResponse | None:
    """A redirect to the tournament's own dispute desk (its game's) when that is not ``here`` (a URL
    name), keeping the chosen table; None when it is."""
    desk = tournament.plugin.dispute_desk_url_name
    if desk == here:
        return None
    table = data.get("table", "")
    query = f"?{urlencode({'table': table})}" if table.isdecimal() else ""
    return redirect(reverse(desk, args=[tournament.slug]) + query)


@director_required
@allowed_when_archived(lambda request: request.POST.get("action") == "save")  # taps only read
def director_desk(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's house rules apply; a ruling is saved with the table."""
    tournament = tournament_or_404(slug)
    data = request.POST if request.method == "POST" else request.GET
    elsewhere = own_desk(tournament, data, "director:dispute_desk")
    if elsewhere is not None:
        return elsewhere
    desk = dispute_desk.read_desk(data, tournament.house_rules)
    table = dispute_desk.chosen_table(tournament, data.get("table"))
    context = {"tournament": tournament, "tables": dispute_desk.current_tables(tournament), "desk_url": request.path,
               "chosen_table": table.pk if table else None, "table_number": data.get("table_number")}
    if request.method == "POST" and data.get("action") == "save":
        ruling = dispute_desk.save(desk, tournament, table, data.get("note", ""), request.user)
        if ruling is not None:
            messages.success(request, _("Ruling saved%(where)s.") % {
                "where": (" " + _("with round %(round)s, table %(table)s") % {
                    "round": table.round.number, "table": table.number}) if table else ""})
            if not request.htmx:
                return redirect("director:rulings", slug)
            context.update(saved=ruling, table_number=None)
    return _render(request, {**dispute_desk.desk_context(desk), **context}, table=context["chosen_table"])


@director_required
def rulings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return render(request, "tournaments/disputes/rulings.html", {
        "tournament": tournament, "groups": ruling_groups(tournament),
    })
