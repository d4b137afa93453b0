"""``manage.py restore_tournament FILE|FOLDER [--copy]``: take over a tournament from a backup.

How a second laptop takes over (README, "If the laptop dies"): the tournament comes back exactly as
the file has it — same short name, table links and team codes, every sheet with its history — so
the printed QR codes and team slips work on this laptop, and the same backup key, so it keeps writing
into its own backups folder. The tournament the file is of is replaced (its state saved as a backup
first): the one with the file's backup key, or for a file written before keys the one of its short
name. Given a folder (a tournament's backups folder copied from a USB stick), the newest file in it
(by the time in its name) is restored. Prints the tournament's slug.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.management.command_io import read_input
from tournaments.services import backups
from tournaments.services.lifecycle import contents
from tournaments.services.tournament_file import InvalidTournamentFile, copy_file, loads, restore_file
from tournaments.services.tournament_file.spec import MAX_BYTES


class Command(BaseCommand):
    help = ("Restore a tournament file (a backup) with its table links and team codes, replacing the tournament it "
            "is of (its backup key; or the same short name); given a folder, its newest file. Prints the slug. "
            "'-' reads standard input.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--copy", action="store_true",
                            help="import as a hidden copy with new links and codes instead of replacing")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, file: str, copy: bool, **options):
        path = Path(file)
        if file != "-" and path.is_dir():
            try:
                path = backups.newest_in(path)
            except ValueError as error:
                raise CommandError(str(error)) from None
        content = read_input(path if file != "-" else file, MAX_BYTES)
        try:
            data = loads(content)
            tournament = copy_file(data) if copy else restore_file(data)
        except InvalidTournamentFile as error:
            raise CommandError(f"{path} cannot be restored; nothing was changed:\n  " + "\n  ".join(error.errors)) from None
        held = contents(tournament)
        self.stderr.write(f"restored “{tournament.name}” from {path}: {held.teams} teams, {held.rounds} rounds, "
                          f"{held.sheets} tables with a sheet ({held.versions} versions), {held.rulings} rulings")
        self.stdout.write(tournament.slug)
