"""People found by their id in files (``"person": "p-eva"``), created when new.

Why here: a tournament file and a competition file both name people by id, and both must end at
the same row of the register, in a fixed number of queries whatever the number of people.
"""

from __future__ import annotations

from collections.abc import Mapping

from people.models import Person
from tournaments.names import person_key


def people_by_ref(names: Mapping[str, str]) -> dict[str, int]:
    """The person's pk for each id in ``names`` (id → the name the file gives): found by ``ref``, or a
    new person of that name. Two queries and one insert at most."""
    if not names:
        return {}
    found = dict(Person.objects.filter(ref__in=list(names)).values_list("ref", "pk"))
    Person.objects.bulk_create([Person(name=name, key=person_key(name), ref=ref)
                                for ref, name in names.items() if ref not in found])
    if len(found) < len(names):
        found = dict(Person.objects.filter(ref__in=list(names)).values_list("ref", "pk"))
    return found
