"""Director pages for the Excel import of teams: upload → preview → confirm. (The template and the
export are downloads: tournaments/exporters/catalogue.py.)

Status codes tell scripts and browsers what happened, with the same readable page: a preview 200;
a request without a file 400; a file over the size limit 413; a file refused for what it holds
(a bad row, a limit of tournaments/excel/limits.py, not a workbook) 422; a confirm without a
previewed import 410; a confirm whose teams clash with teams registered meanwhile 409; a confirm
that leaves a player unsure (the preview's question unanswered, or answered with a person no longer
offered) 422, the preview shown again with the answers given, nothing written.

Who each player is in the club's register (:mod:`tournaments.club_register`, when a register is
plugged in) is shown with the preview; people new to the register are created on confirm, in the same
transaction as the teams.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.club_register import ImportRow, club_register
from tournaments.excel import teams as team_excel
from tournaments.forms import TeamImportForm
from tournaments.models import Tournament
from tournaments.permissions import director_required
from tournaments.services.teams import TeamData, register_teams
from tournaments.views.lookups import refused, tournament_or_404

TEMPLATE = "tournaments/director/team_import.html"


def _session_key(tournament: Tournament) -> str:
    return f"team-import:{tournament.pk}"


def _file_key(tournament: Tournament) -> str:
    """The previewed file's name and warnings, to show the preview again."""
    return f"team-import-file:{tournament.pk}"


def _forget(request: HttpRequest, tournament: Tournament) -> list[dict] | None:
    request.session.pop(_file_key(tournament), None)
    return request.session.pop(_session_key(tournament), None)


def _import_rows(stored: list[dict]) -> list[ImportRow]:
    """The previewed rows as the session keeps them; each keeps the sheet row it came from, so later
    messages name the same rows as the preview."""
    rows = []
    for index, row in enumerate((dict(row) for row in stored), start=2):
        number, members = row.pop("row", index), tuple(row.pop("members", ()))
        rows.append(ImportRow(number, TeamData(**{**row, "players": tuple(row["players"]),
                                                   "people": tuple(row.get("people") or ())}), members))
    return rows


def _preview(tournament: Tournament, rows: list[ImportRow], choices: Mapping[str, str] | None = None) -> Any:
    """Who the rows' players are in the club's register, for the preview; None without a register."""
    register = club_register()
    return register.preview_import(tournament, rows, choices) if register is not None else None


def _people_for_import(tournament: Tournament, rows: list[ImportRow],
                       choices: Mapping[str, str]) -> tuple[list[TeamData], list[str]]:
    """The rows' teams with their people of the register (and its problems); as the sheet gives them without one."""
    register = club_register()
    if register is None:
        return [row.team for row in rows], []
    return register.people_for_import(tournament, rows, choices)


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
            rows = [ImportRow(row, team, members)
                    for row, team, members in zip(result.row_numbers, result.teams, result.members)]
            request.session[_session_key(tournament)] = [
                {**asdict(row.team), "row": row.row, "members": list(row.members)} for row in rows
            ]
            request.session[_file_key(tournament)] = {"filename": context["filename"], "warnings": result.warnings}
            context["preview"] = _preview(tournament, rows)
        else:
            _forget(request, tournament)
            status = 413 if result.too_large else 422
    return render(request, TEMPLATE, context, status=status)


def _preview_again(request: HttpRequest, tournament: Tournament, rows: list[ImportRow],
                   problems: list[str]) -> HttpResponse:
    """The preview as it was, with the director's answers so far and why the confirm was refused (422)."""
    shown = request.session.get(_file_key(tournament)) or {}
    result = team_excel.ImportResult(teams=[row.team for row in rows], warnings=shown.get("warnings", []),
                                     row_numbers=[row.row for row in rows], members=[row.members for row in rows])
    return render(request, TEMPLATE, {
        "tournament": tournament, "form": TeamImportForm(), "result": result, "filename": shown.get("filename", ""),
        "preview": _preview(tournament, rows, request.POST), "problems": problems,
    }, status=422)


@director_required
@require_POST
def confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Write the previewed teams in one transaction, after checking them against the database again."""
    tournament = tournament_or_404(slug)
    stored = request.session.get(_session_key(tournament))
    if not stored:
        _forget(request, tournament)
        return refused(request, [_("There is no previewed import to confirm; upload the file again.")],
                       "director:team_import", slug, status=410)
    rows = _import_rows(stored)
    errors: list[str] = []
    team_excel.check_against_registered(tournament, [(row.row, row.team) for row in rows], errors)
    problems: list[str] = []
    if not errors:
        try:
            with transaction.atomic():
                teams, problems = _people_for_import(tournament, rows, request.POST)
                if not problems:
                    register_teams(tournament, teams)
        except IntegrityError:
            errors.append(_("Another change to the teams came in at the same time; nothing was imported."))
    if problems:
        return _preview_again(request, tournament, rows, problems)
    _forget(request, tournament)
    if errors:
        return refused(request, [*errors, _("Nothing was imported. Upload the file again.")],
                       "director:team_import", slug)
    if tournament.individual:
        messages.success(request, _("%(count)d players imported.") % {"count": len(rows)})
    else:
        messages.success(request, _("%(count)d teams imported.") % {"count": len(rows)})
    return redirect("director:team_list", slug)
