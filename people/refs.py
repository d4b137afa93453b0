"""People found by their id in files (``"person": "p-eva"``), created when new.

Why here: a tournament file and a competition file both name people by id, and both must end at
the same row of the register, in a fixed number of queries whatever the number of people.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db.models import F

from people.models import Person
from tournaments.models import Player
from tournaments.names import clean_name, person_key
from tournaments.signals import changed


def people_by_ref(names: Mapping[str, str]) -> dict[str, int]:
    """The person's pk for each id in ``names`` (id → the name the file gives): found by ``ref``, or a
    new person of that name. One query and one insert at most."""
    if not names:
        return {}
    found = dict(Person.objects.filter(ref__in=list(names)).values_list("ref", "pk"))
    for person in Person.objects.bulk_create([Person(name=name, key=person_key(name), ref=ref)
                                              for ref, name in names.items() if ref not in found]):
        found[person.ref] = person.pk  # both databases return the new rows' pks
    return found


def people_by_name(tournament_ids: Iterable[int], names: Iterable[str] = (), *, with_ids: bool = False) -> dict[str, int]:
    """Link every player of these tournaments who has no person yet to the person of their name (as
    :func:`person_key` reads it): the oldest person of the register with that name and no id in files
    (``with_ids``: with or without one — a director's choice in the app, where a file's name without an
    id names no one with an id), or a new one. ``names``: more names to find or create (people excused on an evening they did not
    play). Returns key → person pk for all of them. A fixed number of queries, whatever the number.

    Why by name: a file without ids names a person by name (``competition.md``); the register then
    keeps one person for each name, whom a director can split or merge later."""
    players = list(Player.objects.filter(team__tournament_id__in=list(tournament_ids), person__isnull=True)
                   .only("pk", "name").annotate(tournament_id=F("team__tournament_id")))
    wanted: dict[str, str] = {}
    for name in [*names, *(player.name for player in players)]:
        wanted.setdefault(person_key(name), clean_name(name))
    wanted.pop("", None)
    found: dict[str, int] = {}
    known = Person.objects.filter(key__in=list(wanted)) if with_ids else Person.objects.filter(key__in=list(wanted), ref="")
    for key, pk in known.order_by("-pk").values_list("key", "pk"):
        found[key] = pk  # the oldest last: it wins
    for person in Person.objects.bulk_create([Person(name=wanted[key], key=key) for key in wanted if key not in found]):
        found[person.key] = person.pk  # both databases return the new rows' pks
    for player in players:
        player.person_id = found.get(person_key(player.name))
    Player.objects.bulk_update(players, ["person"], batch_size=500)
    for tournament_id in {player.tournament_id for player in players}:  # bulk: no post_save
        changed(tournament_id)
    return found
