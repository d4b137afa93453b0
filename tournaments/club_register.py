"""The club's register of people, as the tournament core and the club's other apps reach it without
importing the app that keeps it (``people``).

Why an extension point: the team form and the Excel import link each player to a person of the
register and add the players it does not know yet (the team services ask
:meth:`ClubRegister.add_people` for the form's new ones, in the transaction that writes the team), but
the tournament core runs without any register (a one-day tournament needs none) and must not import
the club's apps. The register's app plugs in once, in its
``AppConfig.ready()``, with :func:`use_register`; the core asks :func:`club_register`, which is None
when nothing plugged in: then the team form suggests and links no one, the import's preview shows no
people and the import registers the teams as the sheet gives them.

The register tells the club's other apps of a merge by the signal :data:`person_merged` (and asks
them what a merge would move with :data:`merge_counted`) and of a person removed by :data:`person_deleted`,
so that no club app imports another.

Why signals here and registries elsewhere (:mod:`tournaments.screens`, the exporters, the file's
sections): those are what the core builds from each app's parts, read whenever a page or file is made;
these are events of one merge or removal, inside its transaction, that every app acts on with its own
rows. :data:`merge_counted` asks for data, as a registry of providers would, but it is the preview of
:data:`person_merged`: the app that moves its rows on a merge counts them in the same receiver module
(``seasons/people_merges.py``), one mechanism for the pair, and ``send`` returns each receiver's count.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from django.dispatch import Signal

from tournaments.models import Tournament

if TYPE_CHECKING:  # the team services ask this module for the register: no import back at run time
    from tournaments.services.teams import TeamData


@dataclass(frozen=True)
class ImportRow:
    """A row of the teams sheet: its number, the team, and each player's member number ("" when none)."""

    row: int
    team: TeamData
    members: tuple[str, ...]


class SeatLinks(Protocol):
    """The people a form's players are (pk or None, by seat), the seats whose player is new to the register
    (True, by seat), and what is wrong (seat index → message)."""

    people: tuple[int | None, ...]
    problems: dict[int, str]
    new: tuple[bool, ...]


class ClubRegister(Protocol):
    """What the team form and the Excel import ask of the club's register (docs/people.md)."""

    def suggest_url(self) -> str:
        """The address the player's name fields ask for suggestions as a name is typed."""

    def labels(self, pks: Collection[int]) -> dict[int, str]:
        """The people of these pks as a choice shows them (pk → label). One query."""

    def link_seats(self, names: Sequence[str], chosen: Sequence[int | None], *, tournament_id: int,
                   team_id: int | None = None, unchanged: Sequence[bool] = ()) -> SeatLinks:
        """Who the players typed on a team form are, who of them is new to the register, and the problems
        by seat."""

    def preview_import(self, tournament: Tournament, rows: Sequence[ImportRow],
                       choices: Mapping[str, str] | None = None) -> Any:
        """Who every player of an import's rows is, for the preview page (``preview`` in its context).
        Writes nothing."""

    def people_for_import(self, tournament: Tournament, rows: Sequence[ImportRow],
                          choices: Mapping[str, str]) -> tuple[list[TeamData], list[str]]:
        """The rows' teams with their people, and the problems (nothing written when there are any)."""

    def add_people(self, people: Sequence[tuple[str, str]]) -> list[int]:
        """Add players (name, club name) whom nobody of the register is as new people, as the import adds
        its new ones, in the caller's transaction: their pks, in order. A fixed number of queries."""


_register: ClubRegister | None = None


def use_register(register: ClubRegister) -> None:
    """Plug the club's register in (its app's ``AppConfig.ready()``); one register per site."""
    global _register
    _register = register


def club_register() -> ClubRegister | None:
    """The club's register, or None when no app plugged one in."""
    return _register


person_merged = Signal()
"""Sent by the register inside a merge's transaction, once the players moved and before the duplicate is
deleted, with ``keep`` and ``other`` (the two people) and ``tournaments`` (the pks of the tournaments
whose players are either). A receiver moves its own rows of ``other`` to ``keep``."""

person_deleted = Signal()
"""Sent by the register inside the transaction that removes a person (AVG/GDPR), once the person is gone,
with ``person`` (the removed person, its pk still set) and ``tournaments`` (the pks of the tournaments
whose players were linked to them). A receiver forgets what it kept of them (a competition's places name
people)."""

merge_counted = Signal()
"""Sent by the register when it previews a merge, with ``keep`` and ``other``: each receiver returns
``{what: count}`` of its rows that would move (``"excused"``: a competition's excused evenings)."""
