"""Director pages for rounds and tables made by hand."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.exporters.base import round_downloads
from tournaments.forms import TableForm
from tournaments.models import DrawMode
from tournaments.permissions import director_required
from tournaments.services import rounds as round_services
from tournaments.services.bracket import match_names
from tournaments.services.pairing import pair_round, remaining_drafts
from tournaments.views.lookups import (
    REFUSED,
    act,
    refused,
    round_or_404,
    table_or_404,
    tournament_or_404,
)


@director_required
def round_list(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    rounds = round_services.rounds_with_counts(tournament)
    planned_day = tournament.individual and tournament.draw_mode == DrawMode.PLANNED
    return render(request, "tournaments/director/round_list.html", {
        "tournament": tournament, "rounds": rounds, "next_number": len(rounds) + 1,
        "has_finals": any(round_.final for round_ in rounds),
        "redraw": [round_.number for round_ in remaining_drafts(tournament)] if planned_day and rounds else [],
    })


@director_required
@require_POST
def round_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    if tournament.round_set.filter(final=True).exists():
        return refused(request, [_("The finals have begun: no Swiss round comes after them.")],
                       "director:round_list", slug)
    if tournament.round_set.count() >= tournament.rounds:
        return refused(request, [_("All %(count)s rounds of the tournament are drawn. To play another, raise the "
                                   "number of rounds in the tournament's settings first.") % {"count": tournament.rounds}],
                       "director:round_list", slug)
    round_ = round_services.add_round(tournament)
    try:
        pair_round(round_)
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
    page = round_services.round_page(round_)
    return render(request, "tournaments/director/round_detail.html", {
        "tournament": round_.tournament, "round": round_, "form": form, "page": page, "tables": page.tables,
        "byes": page.byes, "flags": page.flags, "clock": page.clock, "is_draft": page.is_draft,
        "swap_teams": page.swap_teams, "downloads": round_downloads(round_), "final_names": match_names(round_),
    }, status=REFUSED if form.errors else 200)


@director_required
@require_POST
def table_delete(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Remove a table made by mistake — only while it has no result."""
    found = table_or_404(slug, number, table)
    return act(request, lambda: round_services.delete_table(found), _("Table %(number)s removed.") % {"number": table},
               "director:round_detail", slug, number)


@director_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return act(request, lambda: round_services.close_round(round_),
               _("Round %(number)s is closed: its table links take no more sheets.") % {"number": number},
               "director:round_detail", slug, number)


@director_required
@require_POST
def round_reopen(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return act(request, lambda: round_services.reopen_round(round_),
               _("Round %(number)s is open again.") % {"number": number}, "director:round_detail", slug, number)
