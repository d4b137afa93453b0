"""The people app's part of the tournament file, registered with the core's registry of sections
(:mod:`tournaments.services.tournament_file.sections`) from ``apps.py``.

A player of the file may name their person of the club's register (``"person": "p-eva"``,
``competition.md``): this says what such an id may be (the register's ``Person.ref``), where the export
reads it, and how an import finds the person of each id (created when new, :func:`people.refs.people_by_ref`).
A person linked to a player changes a ``Player`` row, which the core's section backs up.
"""

from __future__ import annotations

from people.models import Person
from people.refs import people_by_ref
from tournaments.services.tournament_file.schema import column
from tournaments.services.tournament_file.sections import PlayerRef, Section, register

PEOPLE = register(Section(name="people", player_ref=PlayerRef(
    kind=column(Person, "ref", blank=False), lookup="person__ref", resolve=people_by_ref)))
