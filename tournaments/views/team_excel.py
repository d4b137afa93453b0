"""Director pages for the Excel import of teams: upload → preview → confirm. (The template and the
export are downloads: tournaments/exporters/catalogue.py.)

Status codes tell scripts and browsers what happened, with the same readable page: a preview 200;
a request without a file 400; a file over the size limit 413; a file refused for what it holds
(a bad row, a limit of tournaments/excel/limits.py, not a workbook) 422; a confirm without a
previewed import 410; a confirm whose teams clash with teams registered meanwhile 409 (or whose
numbers would differ from the preview's: 409, the preview shown again with the new numbers); a confirm
that leaves a player unsure (the preview's question unanswered, or answered with a person no longer
offered) 422, the preview shown again with the answers given, nothing written.

Who each player is in the club's register (:mod:`tournaments.club_register`, when a register is
plugged in) is shown with the preview; people new to the register are created on confirm, in the same
transaction as the teams. The preview shows the number each team will get, as
:func:`~tournaments.services.teams.register_teams` will give it (:func:`~tournaments.services.teams.next_numbers`):
a confirm that would give other numbers (teams registered meanwhile) shows the preview again with the
new numbers, 409, nothing written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
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
from tournaments.services.teams import TeamData, next_numbers, register_teams
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


def _import_rows(stored: list[dict]) -> tuple[list[ImportRow], list[int | None]]:
    """The previewed rows as the session keeps them, and the numbers the preview showed; each row keeps
    the sheet row it came from, so later messages name the same rows as the preview."""
    rows, shown = [], []
    for index, row in enumerate((dict(row) for row in stored), start=2):
        number, members = row.pop("row", index), tuple(row.pop("members", ()))
        shown.append(row.pop("shown_number", None))
        rows.append(ImportRow(number, TeamData(**{**row, "players": tuple(row["players"]),
                                                   "people": tuple(row.get("people") or ()),
                                                   "new_people": tuple(row.get("new_people") or ())}), members))
    return rows, shown


def _store(request: HttpRequest, tournament: Tournament, rows: Sequence[ImportRow], numbers: Sequence[int]) -> None:
    """Keep the previewed rows, with the numbers shown, for the confirm."""
    request.session[_session_key(tournament)] = [
        {**asdict(row.team), "row": row.row, "members": list(row.members), "shown_number": number}
        for row, number in zip(rows, numbers)
    ]


@dataclass(frozen=True)
class PreviewLine:
    """A team of the preview: the number it will get, the team, and its players (who each is in the
    club's register, or their names without a register)."""

    number: int
    team: TeamData
    players: tuple


def _preview(tournament: Tournament, rows: list[ImportRow], choices: Mapping[str, str] | None = None
             ) -> dict[str, Any]:
    """The preview's context: ``preview``, who the rows' players are in the club's register (None without
    a register), and ``lines``, each team with the number it will get."""
    register = club_register()
    preview = register.preview_import(tournament, rows, choices) if register is not None else None
    numbers = next_numbers(tournament, [row.team for row in rows])
    players = [tuple(row.players) for row in preview] if preview is not None else [row.team.players for row in rows]
    return {"preview": preview, "lines": [PreviewLine(number, row.team, shown)
                                          for number, row, shown in zip(numbers, rows, players)]}


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
            request.session[_file_key(tournament)] = {"filename": context["filename"], "warnings": result.warnings,
                                                      "notes": result.notes}
            context.update(_preview(tournament, rows))
            _store(request, tournament, rows, [line.number for line in context["lines"]])
        else:
            _forget(request, tournament)
            status = 413 if result.too_large else 422
    return render(request, TEMPLATE, context, status=status)


def _preview_again(request: HttpRequest, tournament: Tournament, rows: list[ImportRow],
                   problems: list[str], status: int = 422) -> HttpResponse:
    """The preview as it is now, with the director's answers so far and why the confirm was refused
    (422; 409 when the numbers changed, which are kept as now shown for the next confirm)."""
    shown = request.session.get(_file_key(tournament)) or {}
    result = team_excel.ImportResult(teams=[row.team for row in rows], warnings=shown.get("warnings", []),
                                     notes=shown.get("notes", []), row_numbers=[row.row for row in rows],
                                     members=[row.members for row in rows])
    preview = _preview(tournament, rows, request.POST)
    _store(request, tournament, rows, [line.number for line in preview["lines"]])
    return render(request, TEMPLATE, {
        "tournament": tournament, "form": TeamImportForm(), "result": result, "filename": shown.get("filename", ""),
        **preview, "problems": problems,
    }, status=status)


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
    rows, shown = _import_rows(stored)
    errors: list[str] = []
    team_excel.check_against_registered(tournament, [(row.row, row.team) for row in rows], errors)
    problems: list[str] = []
    renumbered = False
    if not errors:
        try:
            with transaction.atomic():
                renumbered = next_numbers(tournament, [row.team for row in rows]) != shown
                if renumbered:
                    problems = [_("Players were registered since the preview, so the numbers changed: check the "
                                  "numbers below and import again.") if tournament.individual else
                                _("Teams were registered since the preview, so the numbers changed: check the "
                                  "numbers below and import again.")]
                else:
                    teams, problems = _people_for_import(tournament, rows, request.POST)
                if not problems:
                    register_teams(tournament, teams)
        except IntegrityError:
            errors.append(_("Another change to the teams came in at the same time; nothing was imported."))
    if problems:
        return _preview_again(request, tournament, rows, problems, status=409 if renumbered else 422)
    _forget(request, tournament)
    if errors:
        return refused(request, [*errors, _("Nothing was imported. Upload the file again.")],
                       "director:team_import", slug)
    if tournament.individual:
        messages.success(request, _("%(count)d players imported.") % {"count": len(rows)})
    else:
        messages.success(request, _("%(count)d teams imported.") % {"count": len(rows)})
    return redirect("director:team_list", slug)
