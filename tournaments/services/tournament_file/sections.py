"""The registry of the tournament file's sections: how an app adds its part of the file, and of the backups.

Why a registry: the core (teams, rounds, tables, sheets) does not know the club's apps (the money at the
door, the prizes, the register of people, the competitions), yet a tournament file must hold what they
keep of a tournament, and a backup must be written when they change it. Each app registers a
:class:`Section` from its ``AppConfig.ready()`` (``<app>/file_section.py``); the file's schema, its
checks, the export, the three ways in (import, restore, copy) and the automatic backups
(:mod:`tournaments.services.backups`) each ask the registry.

A section with a ``key`` is an optional top-level field of a version-2 file: checked against its
``schema`` with the rest of the file, then by its ``check`` (after the core's checks, on a file whose
teams and tables are sound), written by ``write`` inside the one transaction once teams, players and
rounds exist, and exported by ``export`` (``None``: the key is left out, so the file of a tournament
that does not use the app stays byte for byte as it was). Sections are written and exported in the
order of their keys. A section without a key may still keep rows across a restore (``keep`` then
``restore``: the rows the file does not hold), name the person of a player (``player_ref``), or only
declare the ``models`` a backup follows. The core registers its own section (:mod:`.core_section`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db.models import Model

if TYPE_CHECKING:
    from tournaments.models import Team, Tournament
    from tournaments.services.tournament_file.checks import ParsedFile
    from tournaments.services.tournament_file.kinds import Kind


@dataclass(frozen=True)
class Kept:
    """How a changed row of a section's model finds its tournament, for the backups: ``path`` names the
    relations from the row to the one holding ``tournament_id`` (``()``: the row holds it itself).
    ``deleted_alone``: whether a row is ever deleted by itself (a delete hook then follows it); rows that
    only go with their table or tournament need none, and a delete hook would cost a deleted tournament
    one read of every such row."""

    path: tuple[str, ...] = ()
    deleted_alone: bool = True


@dataclass(frozen=True)
class ExportContext:
    """What a section's export is given: the tournament, whether it is individual, and its entrants'
    ids in the file (team pk → ``T3`` or ``P3``) and numbers (team pk → 3)."""

    tournament: Tournament
    individual: bool
    key_of: Mapping[int, str]
    number_of: Mapping[int, int]


@dataclass(frozen=True)
class WriteContext:
    """What a section's write is given, inside the import's transaction: the new tournament, whether it
    is individual, its teams by the file's ids and the accounts the file names (by user name)."""

    tournament: Tournament
    individual: bool
    team_of: Mapping[str, Team]
    users: Mapping[str, Any]


@dataclass(frozen=True)
class PlayerRef:
    """Who of a register a player is, as the file names them (``"person": "p-eva"``): the kind of the
    field, the lookup on ``Player`` that gives it for the export, and ``resolve``, which turns the
    file's ids (id → the player's name) into the pks ``Player.person`` keeps (creating who is new)."""

    kind: Kind
    lookup: str
    resolve: Callable[[Mapping[str, str]], Mapping[str, int]]


@dataclass(frozen=True)
class Section:
    """One app's part of the tournament file and of the backups (see the module's docstring)."""

    name: str
    """Unique: the app's label, usually."""
    key: str | None = None
    schema: Callable[[bool, Kind], Kind] | None = None
    """``(individual, by)`` → the section's kind; ``by`` is the kind of an account's name."""
    check: Callable[[Any, ParsedFile, list[str]], None] | None = None
    """``(value, parsed, errors)``: a message per problem, naming its place."""
    export: Callable[[ExportContext], Any] | None = None
    write: Callable[[Any, WriteContext], None] | None = None
    users: Callable[[Any], Iterable[str]] | None = None
    """The accounts the section's value names: made (inactive) before anything is written."""
    models: Mapping[type[Model], Kept] = field(default_factory=dict)
    keep: Callable[[Tournament], Any] | None = None
    """Before a restore deletes the tournament: what of it the file does not hold, to be kept."""
    restore: Callable[[Tournament, Any], None] | None = None
    """After a restore wrote the tournament: ``keep``'s rows again, of the restored tournament."""
    player_ref: PlayerRef | None = None


_sections: dict[str, Section] = {}
_watchers: list[Callable[[Section], None]] = []


def register(section: Section) -> Section:
    """Add ``section``; whoever watches the sections hears of it. Its name must be new (ValueError):
    an app registers once, at the import of its ``file_section`` module."""
    if section.name in _sections:
        raise ValueError(f"a section called {section.name!r} is registered already")
    _sections[section.name] = section
    for watcher in _watchers:
        watcher(section)
    return section


def unregister(name: str) -> None:
    """Take the section called ``name`` away again (a test's stub); nothing when there is none. The
    backups keep following the models it declared."""
    _sections.pop(name, None)


def watch(callback: Callable[[Section], None]) -> None:
    """Call ``callback`` with every section registered, now and later (the backups follow their models
    whatever the order in which the apps are ready)."""
    _watchers.append(callback)
    for section in list(_sections.values()):
        callback(section)


def sections() -> list[Section]:
    """Every registered section."""
    return list(_sections.values())


def keyed() -> list[Section]:
    """The sections that are fields of the file, in the order of their keys (the export's order)."""
    return sorted((section for section in _sections.values() if section.key), key=lambda section: section.key)


def player_ref() -> PlayerRef | None:
    """How the file names the person of a player, when an app keeps a register of people."""
    return next((section.player_ref for section in _sections.values() if section.player_ref is not None), None)
