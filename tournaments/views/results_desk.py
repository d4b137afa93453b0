"""The results desk: type a table number, type the sheet, see the points, save, next table.

Built for the keyboard: the table box and then the sheet's first box have the focus, Enter saves,
and after saving the table box has the focus again. The points are computed by the server as
the sheet is typed (htmx), with every problem named before anything can be saved; a sheet that
cannot be a finished game is saved only once "is the game really over?" is answered
(services/sheet_entry.py). A table that has a sheet opens as a correction: the form holds the
current sheet, the dispute's note is beside it, and the history lists every version with its
points. The side lists the round's open tables (services/sheet_states.py).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import ResultSource, Round, RoundStatus, Table
from tournaments.numbers import is_whole, whole_or
from tournaments.permissions import allowed_when_archived, director_required
from tournaments.services.results import record_result, sheet_history
from tournaments.services.seating import sides
from tournaments.services.sheet_entry import evaluate, sheet_fields
from tournaments.services.sheet_states import is_open, open_tables, status_of
from tournaments.views.lookups import REFUSED, round_or_404, tournament_or_404


def _table(round_: Round, number) -> Table | None:
    if not is_whole(str(number or "").strip()):
        return None
    return round_.tables.filter(number=int(number)).with_sheets().first()


@director_required
def desk_start(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    open_round = tournament.round_set.exclude(status=RoundStatus.DRAFT).order_by("-number").first() or \
        tournament.round_set.order_by("-number").first()
    if open_round is None:
        messages.info(request, _("Add a round and its tables first."))
        return redirect("director:round_list", slug)
    return redirect("director:results_desk", slug, open_round.number)


@director_required
def desk(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    tournament = round_.tournament
    table_number = request.POST.get("table") or request.GET.get("table")
    table = _table(round_, table_number)
    context = {"tournament": tournament, "round": round_, "rounds": tournament.round_set.order_by("number"),
               "table": table, "table_number": table_number or "", "fields": request.POST}
    if table_number and table is None:
        context["table_error"] = _("There is no table %(number)s in round %(round)s.") % {
            "number": table_number, "round": round_.number}
    elif request.method == "POST" and not table_number:
        context["table_error"] = _("Type the number of the table this sheet is for.")
    if table is not None:
        context["sides"] = sides(table)
        versions = sheet_history(table)
        context["history"] = [{"version": version, "rows": list(zip(context["sides"], version.scores))}
                              for version in versions]
        current = table.current_sheet
        if current is not None:
            context["current"] = versions[0]
            context["current_status"] = status_of(current)
            context["current_open"] = is_open(current, tournament.confirmed_counts)
            context["current_rows"] = context["history"][0]["rows"]
            if request.method != "POST":  # a correction starts from the sheet as it stands
                context["fields"] = sheet_fields(table, current.sheet)
    if request.method == "POST" and table is not None:
        data, errors, points = evaluate(table, request.POST)
        if not errors:
            try:
                expected = request.POST.get("expected_version", "")
                record_result(table, data, user=request.user, source=ResultSource.DESK,
                              reason=request.POST.get("reason", ""),
                              expected_version=whole_or(expected))
            except ValidationError as error:
                errors = error.messages
            else:
                summary = ", ".join(f"{s.letter} {p.points}" for s, p in zip(context["sides"], points))
                messages.success(request, _("Table %(table)s saved: %(points)s.") % {"table": table.number, "points": summary})
                return redirect(reverse("director:results_desk", args=[slug, number]))
        context.update(errors=errors, rows=list(zip(context["sides"], points or [])))
    context["open_tables"] = [
        (table_no, state or "missing") for table_no, state in
        open_tables(round_.tables.order_by("number"), tournament.confirmed_counts).values_list("number", "latest_state")
    ]
    refused = context.get("errors") or (request.method == "POST" and "table_error" in context)
    return render(request, "tournaments/director/results_desk.html", context,
                  status=REFUSED if refused else 404 if "table_error" in context else 200)


@director_required
@allowed_when_archived()  # reads only
def desk_preview(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The points of the sheet as typed so far, or what is wrong with it (htmx)."""
    round_ = round_or_404(slug, number)
    table = _table(round_, request.POST.get("table"))
    if table is None:
        return HttpResponse("")
    _data, errors, points = evaluate(table, request.POST)
    return render(request, "tournaments/sheets/_preview.html",
                  {"errors": errors, "rows": list(zip(sides(table), points or [])), "tournament": round_.tournament})
