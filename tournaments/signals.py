"""Keep ``Tournament.results_version`` moving with everything the public standings show.

Why signals: sheets, byes, teams and players change in many places (desk, table links, admin,
imports); one receiver per model is the one place that cannot be forgotten. The cached standings
pages are keyed by the version, so a bump makes every server process render afresh.

Also the core's signal :data:`tournament_changed`, for the writes that send no ``post_save``.
"""

from __future__ import annotations

from django.db.models import F, QuerySet
from django.db.models.signals import post_delete, post_save
from django.dispatch import Signal
from django.utils import timezone

from tournaments.models import Bye, Player, Result, ResultState, Team, Tournament


tournament_changed = Signal()
"""Sent (``tournament_id=…``) by the few writers that change a tournament's rows without ``save()`` or
``delete()`` — ``bulk_create``, ``bulk_update``, ``update()`` send no ``post_save`` — so that what
follows a tournament's rows by their signals follows these writes too: the automatic backups
(:mod:`tournaments.services.backups`, ``docs/decisions.md``). Use :func:`changed`."""


def changed(tournament_id: int) -> None:
    """Say that rows of the tournament were written in bulk (:data:`tournament_changed`)."""
    tournament_changed.send(sender=Tournament, tournament_id=tournament_id)


def bump(**filters) -> None:
    """Raise the results version of the tournaments ``filters`` select (and note when)."""
    Tournament.objects.filter(**filters).update(results_version=F("results_version") + 1,
                                                results_changed_at=timezone.now())


def _with_its_tournament(kwargs: dict) -> bool:
    """Whether a row goes because its tournament is deleted (``origin``: what ``delete()`` was
    called on): there is then no version left to raise, and a query per row would make deleting
    a tournament of 250 teams slow."""
    origin = kwargs.get("origin")
    return isinstance(origin, Tournament) or (isinstance(origin, QuerySet) and origin.model is Tournament)


def _result(sender, instance: Result, created: bool = False, **kwargs) -> None:
    if _with_its_tournament(kwargs):
        return
    # A first sheet that waits for the other team (submitted, or disputed before anyone confirmed)
    # changes nothing the public sees: it neither counts nor marks a correction. Not raising the
    # version then spares every process a render of unchanged standings.
    if instance.version == 1 and instance.state in (ResultState.SUBMITTED, ResultState.DISPUTED) \
            and kwargs.get("signal") is post_save:
        return
    bump(round_set__tables__pk=instance.table_id)


def _bye(sender, instance: Bye, **kwargs) -> None:
    if _with_its_tournament(kwargs):
        return
    bump(round_set__pk=instance.round_id)


def _team(sender, instance: Team, **kwargs) -> None:
    if _with_its_tournament(kwargs):
        return
    bump(pk=instance.tournament_id)


def _player(sender, instance: Player, **kwargs) -> None:
    if _with_its_tournament(kwargs):
        return
    bump(teams__pk=instance.team_id)


def _tournament(sender, instance: Tournament, created: bool = False, **kwargs) -> None:
    if not created:
        bump(pk=instance.pk)


def connect() -> None:
    for model, receiver in ((Result, _result), (Bye, _bye), (Team, _team), (Player, _player)):
        post_save.connect(receiver, sender=model, dispatch_uid=f"results-version-{model.__name__}-save")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"results-version-{model.__name__}-delete")
    post_save.connect(_tournament, sender=Tournament, dispatch_uid="results-version-Tournament-save")
