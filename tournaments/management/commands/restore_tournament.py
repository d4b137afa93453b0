"""``manage.py restore_tournament FILE|FOLDER [--copy]``: take over a tournament from a backup.

How a second laptop takes over (README, "If the laptop dies"): the tournament comes back exactly as
the file has it — same short name, table links and team codes, every sheet with its history — so
the printed QR codes and team slips work on this laptop. A tournament of the same short name here
is replaced (its state saved as a backup first). Given a folder (a backups folder copied from a USB
stick), the newest file in it is restored. Prints the tournament's slug.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.services.lifecycle import contents
from tournaments.services.tournament_file import InvalidTournamentFile, copy_file, restore_file


def newest_file(folder: Path) -> Path:
    """The newest tournament file in ``folder`` or its subfolders (backups are named by time; the
    time the file was last written decides)."""
    files = [path for path in folder.rglob("*.json") if path.is_file()
             and not any(part.startswith(".") for part in path.relative_to(folder).parts)]  # uploads, temporary files
    if not files:
        raise CommandError(f"no tournament file (*.json) in {folder}")
    return max(files, key=lambda path: (path.stat().st_mtime, path.name))


class Command(BaseCommand):
    help = ("Restore a tournament file (a backup) with its table links and team codes, replacing the tournament of "
            "the same short name; given a folder, its newest file. Prints the slug. '-' reads standard input.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--copy", action="store_true",
                            help="import as a hidden copy with new links and codes instead of replacing")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, file: str, copy: bool, **options):
        path = Path(file)
        if file != "-" and path.is_dir():
            path = newest_file(path)
        try:
            text = sys.stdin.read() if file == "-" else path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(f"{path} is not a tournament file (damaged or cut off?): {error.msg} at line "
                               f"{error.lineno}; nothing was restored") from None
        try:
            tournament = copy_file(data) if copy else restore_file(data)
        except InvalidTournamentFile as error:
            raise CommandError(f"{path} cannot be restored; nothing was changed:\n  " + "\n  ".join(error.errors)) from None
        held = contents(tournament)
        self.stderr.write(f"restored “{tournament.name}” from {path}: {held.teams} teams, {held.rounds} rounds, "
                          f"{held.sheets} tables with a sheet ({held.versions} versions), {held.rulings} rulings")
        self.stdout.write(tournament.slug)
