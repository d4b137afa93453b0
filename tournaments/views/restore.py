"""Restore or copy: a tournament file uploaded in the director area.

A file of a tournament that is not here becomes that tournament. A file of a tournament that is
here asks first: restore over it (the confirmation names what will be replaced; its current state
is saved as a backup before) or import it as a copy beside it. Between the two steps the upload
waits in a folder beside the backups under a random name, so the director does not upload twice.
"""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.permissions import director_required
from tournaments.services.lifecycle import contents
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    copy_file,
    existing,
    import_file,
    loads,
    read_file,
    restore_file,
)

MAX_BYTES = 20 * 1024 * 1024
PENDING_HOURS = 24


class RestoreForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament file (.json)"))


def _pending_dir() -> Path:
    return Path(settings.BACKUP_DIR) / ".uploads"  # a dot: never a tournament's folder (a slug)


def _keep_pending(text: str) -> str:
    """Keep an upload until the director chooses; returns its name. Day-old uploads are removed."""
    folder = _pending_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        if time.time() - old.stat().st_mtime > PENDING_HOURS * 3600:
            old.unlink(missing_ok=True)
    name = secrets.token_hex(16)
    (folder / f"{name}.json").write_text(text, encoding="utf-8")
    return name


def _pending(name: str) -> Any:
    if not re.fullmatch(r"[0-9a-f]{32}", name or ""):
        return None
    try:
        return loads((_pending_dir() / f"{name}.json").read_bytes())
    except (OSError, InvalidTournamentFile):
        return None


def _done(request: HttpRequest, tournament, message: str) -> HttpResponse:
    messages.success(request, message % {"name": tournament.name})
    return redirect("director:standings", tournament.slug)


@director_required
def restore(request: HttpRequest) -> HttpResponse:
    """Upload a tournament file; every problem is listed (and nothing written), or it asks how when
    the tournament is here already."""
    if request.method == "POST" and "pending" in request.POST:
        return _choose(request)
    form = RestoreForm(request.POST or None, request.FILES or None)
    errors: list[str] = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > MAX_BYTES:
                raise InvalidTournamentFile([_("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // 1024 // 1024}])
            content = upload.read()
            data = loads(content)
            parsed = read_file(data)
            here = existing(parsed)
            if here is None:
                return _done(request, import_file(data), _("Tournament “%(name)s” restored."))
        except InvalidTournamentFile as invalid:
            errors = [_("“%(name)s”: %(problem)s") % {"name": upload.name, "problem": problem} for problem in invalid.errors]
        else:
            return render(request, "tournaments/director/restore_choice.html", {
                "tournament": here, "holds": contents(here), "pending": _keep_pending(content.decode("utf-8")),
                "exported_at": data.get("exported_at"),
            })
    return render(request, "tournaments/director/restore.html", {"form": form, "errors": errors},
                  status=400 if errors or form.errors else 200)


def _choose(request: HttpRequest) -> HttpResponse:
    data = _pending(request.POST["pending"])
    choice = request.POST.get("choice")
    errors: list[str] = []
    if data is None or choice not in ("restore", "copy"):
        errors = [_("The uploaded file is gone or the choice is missing; upload the file again.")]
    else:
        try:
            if choice == "restore":
                tournament = restore_file(data)
                message = _("Tournament “%(name)s” restored from the file; its previous state was saved as a backup.")
            else:
                tournament = copy_file(data)
                message = _("Imported as “%(name)s”, hidden from the public pages until you show it.")
        except InvalidTournamentFile as invalid:
            errors = invalid.errors
        else:
            (_pending_dir() / f"{request.POST['pending']}.json").unlink(missing_ok=True)
            return _done(request, tournament, message)
    return render(request, "tournaments/director/restore.html", {"form": RestoreForm(), "errors": errors}, status=400)
