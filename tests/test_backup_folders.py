"""Backups belong to their tournament (issue 31): the folder is named by ``Tournament.backup_key``,
never by the slug, so a renamed tournament keeps its backups, a new tournament that takes the old
slug sees none of them, a file restores onto the tournament it is of, and folders of the old
slug-named layout move to their tournament's key once, after ``migrate``."""

from __future__ import annotations

import datetime
import json
import re
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tournaments.models import Tournament
from tournaments.services import backups
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    copy_file,
    dumps,
    export_file,
    import_file,
    restore_file,
)

pytestmark = pytest.mark.usefixtures("english")


def renamed(tournament: Tournament, slug: str) -> Tournament:
    tournament.slug = slug
    tournament.save()
    return tournament


@pytest.fixture
def evil(tournament, make_teams) -> Tournament:
    """A tournament called ``evil`` with a backup, renamed to ``evil-renamed`` (one more backup), and a
    new tournament that took the name ``evil``."""
    make_teams(tournament, 4)
    old = renamed(tournament, "evil")
    backups.backup_now(old)
    renamed(old, "evil-renamed")
    backups.backup_now(old)
    return old


def new_evil() -> Tournament:
    return Tournament.objects.create(name="Evil again", slug="evil", date=datetime.date(2026, 12, 5))


def test_a_renamed_tournament_keeps_its_backups_and_a_new_one_with_its_old_slug_sees_none(evil, director_client):
    names = [info.name for info in backups.backups_of(evil)]
    assert len(names) == 2 and names[0].startswith("evil-renamed-") and re.match(r"evil-\d", names[1])
    assert backups.latest(evil).name == names[0]  # by the time in the name, not by the name
    assert backups.folder_of(evil).name == evil.backup_key
    new = new_evil()
    assert backups.backups_of(new) == [] and backups.latest(new) is None
    page = director_client.get("/director/t/evil/backups/").content.decode()
    assert names[1] not in page and str(backups.folder_of(new)) in page
    refused = director_client.get(f"/director/t/evil/backups/{names[1]}")
    assert refused.status_code == 302 and refused["Location"] == "/director/t/evil/backups/"
    served = director_client.get(f"/director/t/evil-renamed/backups/{names[1]}")
    assert served.status_code == 200 and json.loads(b"".join(served.streaming_content))["tournament"]["slug"] == "evil"


def test_the_folder_names_its_tournament_for_people(evil):
    marker = (backups.folder_of(evil) / backups.MARKER_NAME).read_text(encoding="utf-8")
    assert "Keezen Cup 2026" in marker and "evil-renamed" in marker and "make restore" in marker


def test_a_file_from_a_tournaments_backups_restores_only_onto_that_tournament(evil, director_client):
    new = new_evil()
    old_file = backups.backups_of(evil)[-1].path  # written while it was called "evil"
    upload = SimpleUploadedFile("old.json", old_file.read_bytes())
    response = director_client.post("/director/restore/", {"file": upload})
    assert response.status_code == 200 and response.context["tournament"] == evil  # asks about evil-renamed
    done = director_client.post("/director/restore/", {"pending": response.context["pending"], "choice": "restore"})
    assert done.status_code == 302
    restored = Tournament.objects.get(slug="evil-renamed")
    assert restored.backup_key == evil.backup_key and restored.teams.count() == 4
    assert Tournament.objects.get(pk=new.pk).slug == "evil"  # the new tournament is untouched
    assert [info.reason for info in backups.backups_of(restored)][0] == "before-restore"
    assert backups.backups_of(new) == []


def test_a_restore_keeps_the_key_and_a_copy_gets_its_own(tournament, make_teams):
    make_teams(tournament, 4)
    key = tournament.backup_key
    data = export_file(tournament)
    assert data["tournament"]["backup_key"] == key
    tournament.delete()  # the second laptop: the tournament is not there
    restored = restore_file(data)
    assert restored.backup_key == key
    backups.backup_now(restored)
    copy = copy_file(data)
    assert copy.backup_key not in (key, "") and backups.backups_of(copy) == []
    assert import_file(data).backup_key not in (key, copy.backup_key)  # here already: a copy


def test_a_file_without_a_key_still_imports_and_restores_by_its_short_name(tournament, make_teams):
    make_teams(tournament, 4)
    data = export_file(tournament)
    del data["tournament"]["backup_key"]
    restored = restore_file(data)  # over the tournament of its short name, which keeps its folder
    assert restored.slug == tournament.slug and restored.backup_key == tournament.backup_key
    restored.delete()
    assert import_file(data).backup_key != tournament.backup_key


def test_a_key_that_cannot_name_a_folder_is_refused(tournament, make_teams):
    make_teams(tournament, 2)
    data = export_file(tournament)
    for bad in ("../../etc", "ABCDEF0123456789", "abc"):
        data["tournament"]["backup_key"] = bad
        with pytest.raises(InvalidTournamentFile) as raised:
            import_file(data)
        assert any('"backup_key"' in error for error in raised.value.errors), raised.value.errors
    assert Tournament.objects.count() == 1


def test_slug_folders_move_to_their_tournaments_key_after_migrate(settings, tournament, make_teams):
    make_teams(tournament, 2)
    root = Path(settings.BACKUP_DIR)
    old = root / tournament.slug
    old.mkdir(parents=True)
    text = dumps(export_file(tournament))
    names = [f"{tournament.slug}-20261121T100000.000Z.json", f"{tournament.slug}-20261121T110000.000Z-by-hand.json"]
    for name in names:
        (old / name).write_text(text)
    (old / ".lock").write_text("")
    (root / "deleted-long-ago").mkdir()
    (root / "deleted-long-ago" / "deleted-long-ago-20261121T100000.000Z.json").write_text(text)
    (root / ".uploads").mkdir()
    call_command("migrate", verbosity=0, interactive=False)  # the post_migrate receiver moves them
    assert not old.exists()
    assert [info.name for info in backups.backups_of(tournament)] == names[::-1]
    assert (backups.folder_of(tournament) / backups.MARKER_NAME).exists()
    assert (root / "deleted-long-ago").is_dir() and (root / ".uploads").is_dir()  # no tournament's slug: left
    assert backups.move_slug_folders() == []  # idempotent
    # A slug folder that came back (an older server wrote once more) is merged, nothing overwritten.
    old.mkdir()
    (old / names[0]).write_text("{}")
    (old / f"{tournament.slug}-20261121T120000.000Z.json").write_text(text)
    assert backups.move_slug_folders() == [backups.folder_of(tournament)]
    assert len(backups.backups_of(tournament)) == 3
    assert (backups.folder_of(tournament) / names[0]).read_text() == text
    assert (old / names[0]).exists()  # the one of the same name stays where it was


def test_make_restore_of_a_folder_restores_a_renamed_tournaments_newest_file(evil, settings, tmp_path):
    folder = backups.folder_of(evil)
    stick = tmp_path / "usb" / "keezen-backups"
    stick.mkdir(parents=True)
    shutil.copytree(folder, stick / folder.name)
    evil.delete()
    out = StringIO()
    call_command("restore_tournament", str(stick / folder.name), stdout=out, stderr=StringIO())
    assert out.getvalue().strip() == "evil-renamed"
    assert Tournament.objects.get(slug="evil-renamed").backup_key == folder.name
    other = Tournament.objects.create(name="Other", slug="other", date=datetime.date(2026, 12, 5), seed=1)
    backups.backup_now(other)
    shutil.copytree(backups.folder_of(other), stick / other.backup_key)
    with pytest.raises(ValueError, match="several tournaments") as raised:
        backups.newest_in(stick)
    assert "“Other”" in str(raised.value) and "Keezen Cup 2026" in str(raised.value)
