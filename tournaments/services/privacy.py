"""Removing one person's personal data from a finished tournament (AVG/GDPR, the right to erasure).

Why only a finished tournament: while it runs, the name is how the desk, the table cards and
"find my table" find the player. Afterwards the results must stay (the other teams' places and
points depend on them), so the person is not deleted but made anonymous:

- the player's name becomes "Player 17" (in the director's language at that moment), where 17 is
  the player's place in the tournament: teams by number, then seat 1 before seat 2, withdrawn
  teams included — stable and unique within the tournament (:func:`player_number`);
- the player is no longer linked to the person of the club's register (``people``), so the person's
  page and the club's competitions no longer count this tournament for them;
- the team's check-in time goes (it says when this person arrived); whether the team was present
  stays, the draws were made with it;
- in an individual tournament the entrant's team is named after the person, so it is renamed too,
  to "Player 12" after the entrant's number — the name the public pages give it under *team names
  only* (:func:`tournaments.services.public_names.shown_entrant`), and the player gets the same name;
- the frozen standings snapshot, which holds player names in individual standings, gets the new
  name;
- the tournament's rendered print files (table cards, wall lists, standings PDFs), which may print
  the name, are thrown away; they are made again, with the new name, at the next click.

The public pages show the new name at once: saving the player raises the results version
(tournaments/signals.py), which every cached page is keyed by. What this cannot reach — backups
written before, files already downloaded or printed, free text (correction reasons, dispute notes,
team names) — is listed in docs/privacy.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Player, PrintFile, Team, Tournament, TournamentStatus
from tournaments.services.standings import team_key


class PrivacyError(ValueError):
    """The removal is refused; the message says why. Nothing was changed."""


@dataclass(frozen=True)
class Removed:
    """What a removal did: the new name, and whether there was anything left to remove."""

    name: str
    changed: bool


def player_number(player: Player) -> int:
    """The player's place in the tournament: teams by number, seat 1 before seat 2, from 1."""
    team = player.team
    before = Q(team__number__lt=team.number) | Q(team__number=team.number, seat__lt=player.seat)
    return Player.objects.filter(before, team__tournament_id=team.tournament_id).count() + 1


def anonymous_name(player: Player) -> str:
    """The name a player gets when their personal data is removed: "Player 17"; in an individual
    tournament the entrant's number (their team of one is renamed to it too), made unique should
    another entrant bear that name already: "Player 12 (2)"."""
    team = player.team
    if not team.tournament.individual:
        return _("Player %(number)s") % {"number": player_number(player)}
    name = _("Player %(number)s") % {"number": team.number}
    taken = {other.casefold() for other in Team.objects.filter(tournament_id=team.tournament_id)
             .exclude(pk=team.pk).values_list("name", flat=True)}
    candidate, count = name, 1
    while candidate.casefold() in taken:
        count += 1
        candidate = f"{name} ({count})"
    return candidate


def check_removable(tournament: Tournament) -> None:
    """Raise :class:`PrivacyError` unless personal data may be removed from ``tournament`` now."""
    if tournament.status != TournamentStatus.FINISHED:
        raise PrivacyError(_(
            "Personal data can be removed once the tournament is finished; “%(name)s” is %(status)s. "
            "Until then a name can be changed on the team's page."
        ) % {"name": tournament.name, "status": tournament.get_status_display().lower()})


def remove_personal_data(player: Player) -> Removed:
    """Make ``player`` anonymous (see the module docstring); the results stay as they are.

    Raises :class:`PrivacyError` when the tournament is not finished (nothing is changed then).
    """
    with transaction.atomic():
        locked = Player.objects.select_for_update().select_related("team__tournament").get(pk=player.pk)
        tournament = Tournament.objects.select_for_update().get(pk=locked.team.tournament_id)
        check_removable(tournament)
        team = locked.team
        team.tournament = tournament
        old_name, new_name = locked.name, anonymous_name(locked)
        # An individual entrant's team bears the person's name: it goes too.
        old_team_name = team.name if tournament.individual else new_name
        changed = (old_name != new_name or old_team_name != new_name or team.checked_in_at is not None
                   or locked.person_id is not None)
        if old_name != new_name or locked.person_id is not None:
            locked.name, locked.person = new_name, None  # and no longer the person of the club's register
            locked.save(update_fields=["name", "person"])  # raises the results version: every page renders afresh
        if old_team_name != new_name:
            team.name = new_name
            team.save(update_fields=["name"])
        Team.objects.filter(pk=team.pk).update(checked_in_at=None)
        if tournament.frozen_standings and (old_name != new_name or old_team_name != new_name):
            _rename_in_snapshot(tournament, team, locked.seat, {old_name, old_team_name} - {new_name}, new_name)
        PrintFile.objects.filter(tournament=tournament).delete()
    player.name = new_name
    return Removed(new_name, changed)


def _rename_in_snapshot(tournament: Tournament, team: Team, seat: int, old_names: set[str], new_name: str) -> None:
    """The frozen standings name players only in per-player standings (``player``, with the team's
    key) and in an individual tournament (``player``, with the entrant's ``id``). When both players
    of the team bear the same name the snapshot cannot tell them apart, and the name stays anyway
    (the teammate's)."""
    teammates = set(team.players.exclude(seat=seat).values_list("name", flat=True))
    old_names = old_names - teammates
    if not old_names:
        return
    individual = tournament.individual
    key = team_key(team, individual)
    snapshot = tournament.frozen_standings
    rows = snapshot.get("standings", [])
    for row in rows:
        if row.get("id" if individual else "team") == key and row.get("player") in old_names:
            row["player"] = new_name
    Tournament.objects.filter(pk=tournament.pk).update(frozen_standings=snapshot)
