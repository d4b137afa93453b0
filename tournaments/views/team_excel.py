"""Director pages for the Excel import of teams: upload → preview → confirm. (The template and the
export are downloads: tournaments/exporters/catalogue.py.)

Status codes tell scripts and browsers what happened, with the same readable page: a preview 200;
a request without a file 400; a file over the size limit 413; a file refused for what it holds
(a bad row, a limit of tournaments/excel/limits.py, not a workbook) 422; a confirm without a
previewed import 410; a confirm whose teams clash with teams registered meanwhile 409.
"""

from __future__ import annotations

from dataclasses import asdict

from django.contrib import messages
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.excel import teams as team_excel
from tournaments.forms import TeamImportForm
from tournaments.models import Tournament
from tournaments.permissions import director_required
from tournaments.services.teams import TeamData, register_teams
from tournaments.views.lookups import refused, tournament_or_404

TEMPLATE = "tournaments/director/team_import.html"


def _session_key(tournament: Tournament) -> str:
    return f"team-import:{tournament.pk}"


@director_required
def upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Read the sheet and show what would be created, or every error by row. Writes nothing."""
    tournament = tournament_or_404(slug)
    form = TeamImportForm(request.POST, request.FILES) if request.method == "POST" else TeamImportForm()
    context = {"tournament": tournament, "form": form}
    status = 400 if form.errors else 200
    if request.method == "POST" and form.is_valid():
        result = team_excel.read_teams(form.cleaned_data["file"], tournament)
        context.update(result=result, filename=form.cleaned_data["file"].name)
        if result.ok:
            request.session[_session_key(tournament)] = [
                {**asdict(team), "row": row} for row, team in zip(result.row_numbers, result.teams)
            ]
        else:
            request.session.pop(_session_key(tournament), None)
            status = 413 if result.too_large else 422
    return render(request, TEMPLATE, context, status=status)


@director_required
@require_POST
def confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Write the previewed teams in one transaction, after checking them against the database again."""
    tournament = tournament_or_404(slug)
    stored = request.session.pop(_session_key(tournament), None)
    if not stored:
        return refused(request, [_("There is no previewed import to confirm; upload the file again.")],
                       "director:team_import", slug, status=410)
    # Each team keeps the sheet row it came from, so these messages name the same rows as the preview.
    rows = [
        (row.pop("row", index), TeamData(**{**row, "players": tuple(row["players"])}))
        for index, row in enumerate((dict(row) for row in stored), start=2)
    ]
    teams = [team for _row, team in rows]
    errors: list[str] = []
    team_excel.check_against_registered(tournament, rows, errors)
    if not errors:
        try:
            register_teams(tournament, teams)
        except IntegrityError:
            errors.append(_("Another change to the teams came in at the same time; nothing was imported."))
    if errors:
        return refused(request, [*errors, _("Nothing was imported. Upload the file again.")],
                       "director:team_import", slug)
    if tournament.individual:
        messages.success(request, _("%(count)d players imported.") % {"count": len(teams)})
    else:
        messages.success(request, _("%(count)d teams imported.") % {"count": len(teams)})
    return redirect("director:team_list", slug)
