"""What merging two people of the register, or removing one, does to the competitions, on the
register's signals (:mod:`tournaments.club_register`): the duplicate's excused evenings move to the
person kept, and the evenings of the tournaments whose players moved or were unlinked take their
places again (the places name people: a removed person's name and id must not stay in them).
Connected by ``apps.py``; the register's app does not import this one.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import Exists, OuterRef
from django.dispatch import receiver

from people.models import Person
from seasons.models import Excused
from seasons.services.places import forget_places
from tournaments.club_register import merge_counted, person_deleted, person_merged


@receiver(merge_counted, dispatch_uid="seasons.excused_counted")
def excused_counted(sender: type[Person], keep: Person, other: Person, **kwargs: Any) -> dict[str, int]:
    """The duplicate's excused evenings, which a merge moves. One query."""
    return {"excused": Excused.objects.filter(person=other).count()}


@receiver(person_merged, dispatch_uid="seasons.excused_moved")
def excused_moved(sender: type[Person], keep: Person, other: Person, tournaments: Collection[int] = (),
                  **kwargs: Any) -> None:
    """The duplicate's excused evenings are the kept person's; an evening both were excused on stays
    excused once (the duplicate's row would break the unique constraint)."""
    Excused.objects.filter(person=other).filter(Exists(Excused.objects.filter(
        person=keep, competition_id=OuterRef("competition_id"), evening=OuterRef("evening")))).delete()
    Excused.objects.filter(person=other).update(person=keep)
    if tournaments:
        forget_places(tournaments)


@receiver(person_deleted, dispatch_uid="seasons.places_of_deleted")
def places_of_deleted(sender: type[Person], person: Person, tournaments: Collection[int] = (), **kwargs: Any) -> None:
    """The evenings of the tournaments the removed person played take their places again, so their
    name and id stay in no stored places (their excused evenings went with them: CASCADE)."""
    if tournaments:
        forget_places(tournaments)
