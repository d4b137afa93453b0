"""Restore or copy: a tournament file uploaded in the director area.

A file of a tournament that is not here becomes that tournament. A file of a tournament that is
here asks first: restore over it (the confirmation names what will be replaced; its current state
is saved as a backup before) or import it as a copy beside it. Between the two steps the upload
waits in a folder beside the backups under a random name, so the director does not upload twice.

Status codes, each with the same readable page: a request without a file or without a choice 400;
a file over :data:`MAX_BYTES` 413 (refused on its size, before it is read); a file refused for what
it holds 422; a waiting upload that is gone (used, removed after a day, or never there) 410.
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

MAX_BYTES = 3 * 1024 * 1024
"""The largest upload (3 MB): a 250-team day in round 3 is about 0.5 MB, finished about 1 MB. Decoded
JSON can take 30 times its size in memory, so this keeps an upload under about 200 MB; a larger file
is restored with ``manage.py restore_tournament``."""
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


def _page(request: HttpRequest, errors: list[str], status: int, form: RestoreForm | None = None) -> HttpResponse:
    return render(request, "tournaments/director/restore.html", {"form": form or RestoreForm(), "errors": errors},
                  status=status)


@director_required
def restore(request: HttpRequest) -> HttpResponse:
    """Upload a tournament file; every problem is listed (and nothing written), or it asks how when
    the tournament is here already."""
    if request.method == "POST" and "pending" in request.POST:
        return _choose(request)
    form = RestoreForm(request.POST, request.FILES) if request.method == "POST" else RestoreForm()
    if request.method != "POST" or not form.is_valid():
        return _page(request, [], status=400 if form.errors else 200, form=form)
    upload = form.cleaned_data["file"]
    if upload.size > MAX_BYTES:
        return _page(request, [
            _("“%(name)s” is %(size)s MB; the limit for an upload is %(max)s MB. Restore a larger file with "
              "“keezen restore FILE” (in a checkout: “make restore FILE=…”).")
            % {"name": upload.name, "size": f"{upload.size / 1024 / 1024:.1f}", "max": MAX_BYTES // 1024 // 1024}
        ], status=413, form=form)
    try:
        content = upload.read()
        data = loads(content)
        parsed = read_file(data)
        here = existing(parsed)
        if here is None:
            return _done(request, import_file(data), _("Tournament “%(name)s” restored."))
    except InvalidTournamentFile as invalid:
        return _page(request, [_("“%(name)s”: %(problem)s") % {"name": upload.name, "problem": problem}
                                  for problem in invalid.errors], status=422, form=form)
    return render(request, "tournaments/director/restore_choice.html", {
        "tournament": here, "holds": contents(here), "pending": _keep_pending(content.decode("utf-8")),
        "exported_at": data.get("exported_at"),
    })


def _choose(request: HttpRequest) -> HttpResponse:
    choice = request.POST.get("choice")
    if choice not in ("restore", "copy"):
        return _page(request, [_("Choose restore or copy.")], status=400)
    data = _pending(request.POST["pending"])
    if data is None:
        return _page(request, [_("The uploaded file is gone (it was used already, or it waited more than "
                                    "%(hours)s hours); upload the file again.") % {"hours": PENDING_HOURS}], status=410)
    try:
        if choice == "restore":
            tournament = restore_file(data)
            message = _("Tournament “%(name)s” restored from the file; its previous state was saved as a backup.")
        else:
            tournament = copy_file(data)
            message = _("Imported as “%(name)s”, hidden from the public pages until you show it.")
    except InvalidTournamentFile as invalid:
        return _page(request, invalid.errors, status=422)
    (_pending_dir() / f"{request.POST['pending']}.json").unlink(missing_ok=True)
    return _done(request, tournament, message)
