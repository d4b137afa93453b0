"""The automatic backups in the director area: the list of a tournament's backup files, their
downloads (the newest one from every director page), and a backup made by hand.

Thin: the folder, the names and the writing are :mod:`tournaments.services.backups`. A file is
served only when it is one of the tournament's backups (its name as that module writes it, in the
tournament's folder), so a URL cannot reach any other file.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Tournament
from tournaments.permissions import director_required
from tournaments.services import backups
from tournaments.services.backups import BackupInfo
from tournaments.views.lookups import tournament_or_404


def _send(request: HttpRequest, tournament: Tournament, info: BackupInfo | None) -> HttpResponse:
    """The file to download; without it (none yet, or removed by the retention meanwhile) the
    backups page, which says so."""
    if info is not None:
        try:
            return FileResponse(info.path.open("rb"), as_attachment=True, filename=info.name,
                                content_type="application/json")
        except FileNotFoundError:
            pass
    if backups.latest(tournament) is None:
        messages.warning(request, _("There is no backup of this tournament yet."))
    else:
        messages.warning(request, _("That backup is not there (any more); these are the backups there are."))
    return redirect("director:backups", tournament.slug)


@director_required
def backup_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Every backup file of the tournament, newest first, with where the folder is."""
    tournament = tournament_or_404(slug)
    return render(request, "tournaments/director/backups.html", {
        "tournament": tournament, "backups": backups.backups_of(tournament),
        "folder": backups.folder_of(tournament), "keep": backups.KEEP,
    })


@director_required
def backup_latest(request: HttpRequest, slug: str) -> HttpResponse:
    """The newest backup file, to download."""
    tournament = tournament_or_404(slug)
    return _send(request, tournament, backups.latest(tournament))


@director_required
def backup_file(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """One backup file of the tournament, by its name."""
    tournament = tournament_or_404(slug)
    return _send(request, tournament, backups.find(tournament, name))


@director_required
@require_POST
def backup_made_now(request: HttpRequest, slug: str) -> HttpResponse:
    """A backup written now (kept by the retention), e.g. before copying the folder to a USB stick."""
    tournament = tournament_or_404(slug)
    try:
        path = backups.backup_now(tournament, reason="by-hand")
    except OSError as error:
        messages.error(request, _("The backup could not be written: %(error)s") % {"error": error.strerror or error})
    else:
        messages.success(request, _("Backup written: %(name)s") % {"name": path.name})
    return redirect("director:backups", tournament.slug)
