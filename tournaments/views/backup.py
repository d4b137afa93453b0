"""Backup and restore: the tournament file (scoring.md) downloaded and uploaded in the director area."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.permissions import director_required
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    import_file,
)

MAX_BYTES = 20 * 1024 * 1024


class RestoreForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament file (.json)"))


@director_required
def restore(request: HttpRequest) -> HttpResponse:
    """Upload a tournament file; it becomes a new tournament, or nothing happens and every problem is listed."""
    form = RestoreForm(request.POST or None, request.FILES or None)
    errors: list[str] = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            errors.append(_("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // 1024 // 1024})
        else:
            try:
                data = json.loads(upload.read().decode("utf-8"))
                tournament = import_file(data)
            except (UnicodeDecodeError, json.JSONDecodeError):
                errors.append(_("“%(name)s” is not a JSON tournament file.") % {"name": upload.name})
            except InvalidTournamentFile as invalid:
                errors = invalid.errors
            else:
                messages.success(request, _("Tournament “%(name)s” restored.") % {"name": tournament.name})
                return redirect("director:standings", tournament.slug)
    return render(request, "tournaments/director/restore.html", {"form": form, "errors": errors})
