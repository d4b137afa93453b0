"""``manage.py rehearse SLUG``: a practice run of the tournament, every round played (see
:mod:`tournaments.services.rehearsal`); ``--teams N``: a fresh practice tournament of N teams
(``--scoring klaverjas``: a Klaverjassen drive, ``--deals`` a round); ``--delete SLUG``: delete a practice run (or every practice run of a tournament); ``--clean``: every
practice run."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, no_translations
from django.urls import reverse

import scoring
from klaverjas.score_card import MAX_DEALS_IN_ROUND
from scoring.systems import KLAVERJAS
from tournaments.models import Tournament
from tournaments.services import rehearsal


class Command(BaseCommand):
    help = ("Rehearse a tournament day on a hidden practice copy (random but valid sheets, corrections, a forfeit, "
            "a dispute), or a fresh practice tournament of N teams; delete practice runs.")

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="the tournament to rehearse (its short name)")
        parser.add_argument("--teams", type=int, help=f"a fresh practice tournament of this many teams "
                                                      f"({rehearsal.MIN_TEAMS}–{rehearsal.MAX_TEAMS})")
        parser.add_argument("--players", type=int, help="with --entry individual: a fresh practice tournament of "
                                                        "this many players, a new partner every round")
        parser.add_argument("--entry", choices=("teams", "individual"), default="teams",
                            help="a fresh practice tournament of teams (--teams N) or of players (--players N)")
        parser.add_argument("--draw", choices=("planned", "standings"), default="planned",
                            help="with --entry individual: every round drawn at once, or each from the standings")
        parser.add_argument("--six-player-boards", action="store_true",
                            help="with --entry individual: six-player boards take two spare players")
        parser.add_argument("--rounds", type=int, help="with --teams or --players: the rounds of the day (default 3)")
        parser.add_argument("--scoring", choices=scoring.SYSTEMS, default=scoring.PAWN_ORDER,
                            help="with --teams: the scoring system (klaverjas: a Klaverjassen drive)")
        parser.add_argument("--deals", type=int, help="with --scoring klaverjas: the deals per round (default 16)")
        parser.add_argument("--seed", type=int, help="with --teams: the random seed (the same seed plays the same day)")
        parser.add_argument("--delete", action="store_true",
                            help="delete the practice run SLUG, or every practice run of the tournament SLUG")
        parser.add_argument("--clean", action="store_true", help="delete every practice run")

    @no_translations  # in English, as every command speaks
    def handle(self, *args, slug: str | None, teams: int | None, rounds: int | None, scoring: str,
               seed: int | None, delete: bool, clean: bool, players: int | None, entry: str, draw: str,
               six_player_boards: bool, deals: int | None, **options):
        if clean or delete:
            return self.remove(slug, clean)
        if entry == "individual":
            if teams is not None or players is None:
                raise CommandError("--entry individual takes --players N (not --teams)")
            teams = players
        elif players is not None:
            raise CommandError("--players N is for --entry individual; a team tournament takes --teams N")
        if (slug is None) == (teams is None):
            raise CommandError("give the short name of a tournament to rehearse, or --teams N for a fresh one")
        if rounds is not None and not 1 <= rounds <= 20:
            raise CommandError("--rounds must be from 1 to 20")
        if deals is not None and (scoring != KLAVERJAS or teams is None):
            raise CommandError("--deals is for a fresh Klaverjassen drive: --teams N --scoring klaverjas")
        if deals is not None and not 1 <= deals <= MAX_DEALS_IN_ROUND:
            raise CommandError(f"--deals must be from 1 to {MAX_DEALS_IN_ROUND}")
        try:
            if teams is not None:
                summary = rehearsal.start_fresh(teams, rounds_count=rounds, scoring_system=scoring, seed=seed,
                                                entry=entry, draw_mode=draw, six_player_boards=six_player_boards,
                                                deals=deals)
            else:
                summary = rehearsal.start(self.tournament(slug))
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.report(summary)

    def tournament(self, slug: str) -> Tournament:
        found = Tournament.objects.filter(slug=slug).first()
        if found is None:
            raise CommandError(f"no tournament with short name “{slug}”")
        return found

    def remove(self, slug: str | None, clean: bool) -> None:
        if clean == (slug is not None):
            raise CommandError("--delete takes the short name of a practice run or of its tournament; "
                               "--clean takes none")
        if clean:
            names = rehearsal.delete_all()
        else:
            found = self.tournament(slug)
            if found.practice:
                rehearsal.delete(found)
                names = [found.name]
            else:
                names = rehearsal.delete_all(of=found)
                if not names:
                    raise CommandError(f"“{found.name}” is not a practice run and has none")
        for name in names:
            self.stdout.write(f"Deleted practice run “{name}”.")
        if not names:
            self.stdout.write("No practice runs.")

    def report(self, summary: rehearsal.Summary) -> None:
        tournament = summary.tournament
        write = self.stdout.write
        write(self.style.SUCCESS(f"Practice run “{tournament.name}” ({tournament.slug}): nothing of it is public."))
        write(f"  players:     {summary.teams}" if tournament.individual else f"  teams:       {summary.teams}")
        write(f"  rounds:      {summary.rounds} played")
        write(f"  sheets:      {summary.sheets}")
        write(f"  corrections: {summary.corrections}")
        write(f"  forfeits:    {summary.forfeits}")
        write(f"  disputes:    {summary.disputes} (settled at the desk)")
        write(f"  byes:        {summary.byes}")
        write(f"  winner:      {summary.winner}")
        for name, size in summary.files.items():
            write(f"  PDF:         {name} ({size // 1024} KB)")
        write(f"  time:        {summary.seconds:.1f} s")
        write(f"Look at it: http://localhost:{settings.HTTP_PORT}"
              f"{reverse('director:practice_run', args=[tournament.slug])}")
        write(f"Delete it:  manage.py rehearse --delete {tournament.slug}")
