"""Merging two people of the register who are one: the duplicate's results and excused evenings
move to the person kept, and the duplicate goes.

Why every check first and one transaction: a merge rewrites links in every tournament the two played
and in every competition that ranks them; a refused merge must leave all of it as it was. What a
merge may not do (docs/people.md): merge a person into themselves, or give one person two places in
a tournament (both played in it: then they are two people after all, or a player is linked wrongly —
the director corrects that team first).

After the merge the tournaments' results version moves (:func:`tournaments.signals.bump`, so cached
standings are made again, and so do the competitions' places, which name people), and each of them
is said to be changed (:func:`tournaments.signals.changed`: the players move by ``update()``, which
sends no ``post_save``, so this is what writes their automatic backups). The club's other
apps move their own rows of the duplicate on the signal
:data:`~tournaments.club_register.person_merged` (a competition's excused evenings), and say what would
move on :data:`~tournaments.club_register.merge_counted`: this app imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from people.models import Person
from tournaments.club_register import merge_counted, person_deleted, person_merged
from tournaments.models import Player, Tournament
from tournaments.signals import bump, changed

TAKEN_WHEN_EMPTY = ("member_number", "email", "ref", "club")
"""The kept person's fields that take the duplicate's value when the kept person has none."""


@dataclass(frozen=True)
class MergePreview:
    """What a merge of ``other`` into ``keep`` does: the fields the kept person takes from the other
    (field → value), the tournaments whose players move, the other's values that are lost, and the
    excused evenings that move (counted by the competitions' app, :data:`merge_counted`)."""

    keep: Person
    other: Person
    taken: dict[str, object]
    lost: dict[str, object]
    tournaments: tuple[Tournament, ...]
    excused: int


def merge_problem(keep: Person, other: Person) -> str:
    """Why ``other`` cannot be merged into ``keep``; "" when it can. One query."""
    if keep.pk == other.pk:
        return _("A person cannot be merged into themselves: choose two different people.")
    shared = list(Tournament.objects.filter(teams__players__person=keep).filter(teams__players__person=other)
                  .distinct().order_by("-date", "name").values_list("name", flat=True))
    if shared:
        return _("%(keep)s and %(other)s both play in %(tournaments)s: merged, one person would hold two places "
                 "there. If they are one person, correct the player of that tournament first.") % {
            "keep": keep.name, "other": other.name, "tournaments": ", ".join(f"“{name}”" for name in shared)}
    return ""


def preview(keep: Person, other: Person) -> MergePreview:
    """What merging ``other`` into ``keep`` would do, writing nothing. Two queries."""
    taken, lost = {}, {}
    for field in TAKEN_WHEN_EMPTY:
        mine, theirs = getattr(keep, field), getattr(other, field)
        if theirs and not mine:
            taken[field] = theirs
        elif theirs and theirs != mine:
            lost[field] = theirs
    if other.key != keep.key:
        lost["name"] = other.name
    tournaments = tuple(Tournament.objects.filter(teams__players__person=other).distinct().order_by("-date", "name"))
    moving: dict[str, int] = {}
    for _receiver, counts in merge_counted.send(sender=Person, keep=keep, other=other):
        moving.update(counts or {})
    return MergePreview(keep=keep, other=other, taken=taken, lost=lost, tournaments=tournaments,
                        excused=moving.get("excused", 0))


@transaction.atomic
def merge_people(keep: Person, other: Person) -> MergePreview:
    """Merge ``other`` into ``keep``: players and excused evenings move, empty fields of the kept
    person are filled from the other's, the other is deleted. Refused whole (a ValidationError,
    nothing written) when :func:`merge_problem` names a problem. Returns what was done."""
    locked = {person.pk: person for person in Person.objects.select_for_update().filter(pk__in=[keep.pk, other.pk])}
    if keep.pk not in locked or other.pk not in locked:  # removed from the register at this moment
        raise ValidationError(_("One of the two people was removed from the register at the same moment; nothing "
                                "was merged."))
    keep, other = locked[keep.pk], locked[other.pk]
    problem = merge_problem(keep, other)
    if problem:
        raise ValidationError(problem)
    done = preview(keep, other)
    affected = set(Player.objects.filter(person__in=[keep, other]).values_list("team__tournament_id", flat=True))
    Player.objects.filter(person=other).update(person=keep)
    person_merged.send(sender=Person, keep=keep, other=other, tournaments=affected)
    other.delete()  # first: its member number and id in files are unique, and may go to the kept person
    for field, value in done.taken.items():
        setattr(keep, field, value)
    if done.taken:
        keep.save(update_fields=list(done.taken))
    if affected:
        bump(pk__in=affected)
    for tournament_id in sorted(affected):  # bulk: no post_save
        changed(tournament_id)
    return done


def delete_person(person: Person) -> list[int]:
    """Remove ``person`` from the register (AVG/GDPR): the players keep their names and results in
    their tournaments, unlinked; the person's excused evenings go. Returns the tournaments touched,
    whose cached pages are renewed (the results version moves) and whose competition places are
    forgotten (the competitions' app, on :data:`~tournaments.club_register.person_deleted`)."""
    with transaction.atomic():
        tournaments = sorted(set(Player.objects.filter(person=person).values_list("team__tournament_id", flat=True)))
        Person.objects.filter(pk=person.pk).delete()  # players: SET_NULL; excused evenings: CASCADE
        person_deleted.send(sender=Person, person=person, tournaments=tournaments)
        if tournaments:
            bump(pk__in=tournaments)
        for tournament_id in tournaments:  # the players unlinked by SET_NULL, in bulk: no post_save
            changed(tournament_id)
    return tournaments
