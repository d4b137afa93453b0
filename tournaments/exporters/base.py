"""The exporter contract and its registry: every file a director downloads is one registered class.

In the spirit of pretix's ``BaseExporter``: an exporter has an identifier, a name to show (per
tournament: :meth:`Exporter.label`, ``{{ exporter|label_for:tournament }}``), a file name, a content type, and ``render(tournament, …)`` that returns the file's bytes. The director's
download lists, the download views and the background print files (:mod:`tournaments.services.
print_files`) all read this registry, so a new file is one class: the core's in :mod:`.catalogue`,
an app's in its own ``exporters`` module, found as the admin finds ``admin.py``
(:func:`django.utils.module_loading.autodiscover_modules`, on the registry's first use: :func:`discover`) — the prize
list in :mod:`prizes.exporters`, a competition's files in :mod:`seasons.exporters`.

``scope`` says what a file is of: a tournament (the download lists and the download view) or a
competition (``scope = "competition"``: ``render(competition, …)``, served by the seasons' views,
never listed with a tournament's files). ``order`` places a file in the lists, whatever app adds it.

``content_key`` names the content a file was rendered from (the results version, the round's
seating, the language, the address its QR codes point at): a file whose key still matches is
current and is served as it is.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import ClassVar

from django.apps import apps
from django.conf import settings
from django.utils.functional import Promise
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import get_language

from tournaments.models import Round, Tournament

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = "application/json"

TOURNAMENT = "tournament"
COMPETITION = "competition"


def _layout() -> str:
    """A fingerprint of the files' templates (every app's ``templates/<app>/pdf/``): a new layout (an
    upgrade) makes every file again."""
    sources = sorted((f"{config.label}/pdf/{path.name}", path) for config in apps.get_app_configs()
                     for path in (Path(config.path) / "templates" / config.label / "pdf").glob("*.html"))
    return hashlib.sha256(b"".join(path.read_bytes() for _name, path in sources)).hexdigest()[:12]


LAYOUT = _layout()


def digest(*parts: object) -> str:
    """A short fingerprint of plain values (JSON: the same whether a value came from a form or the
    database), and of the files' layout."""
    return hashlib.sha256(json.dumps([LAYOUT, *parts], default=str).encode()).hexdigest()[:32]


class Exporter:
    """One kind of file. Subclasses set the class attributes and implement :meth:`render`."""

    identifier: ClassVar[str]
    name: ClassVar[str | Promise]
    content_type: ClassVar[str]
    extension: ClassVar[str]
    scope: ClassVar[str] = TOURNAMENT  # what the file is of: a tournament, or a competition (COMPETITION)
    order: ClassVar[int] = 1000  # its place in the download lists (the core's files: 10, 20, …)
    per_round: ClassVar[bool] = False  # a file of one round (table cards) rather than of the tournament
    takes_after_round: ClassVar[bool] = False  # ``?after_round=N`` chooses the standings it shows
    background: ClassVar[bool] = False  # slow to make: rendered in the background, ahead of the click
    inline: ClassVar[bool] = False  # shown in the browser (PDF) rather than saved
    made_on_publish: ClassVar[bool] = False  # made as soon as its round is published (table cards)
    for_players: ClassVar[bool] = False
    """On the tables or the wall (table cards, wall lists, standings, prize list): in the tournament's
    language, whatever the director's browser speaks; the director's own files follow the browser."""
    shows_links: ClassVar[bool] = False
    """Its pages hold the phones' address (QR codes, table links): the download warns first when
    phones cannot open that address (common.https.PhonesAddress)."""

    def label(self, tournament: Tournament) -> str:
        """The file's name as ``tournament``'s download lists show it: :attr:`name`, unless the words
        differ by the kind of entry (an individual tournament's lists name players, not teams)."""
        return str(self.name)

    def language(self, tournament: Tournament) -> str:
        """The language the file is made in (docs/printing.md)."""
        if self.for_players and tournament.language:
            return tournament.language
        return get_language() or settings.LANGUAGE_CODE

    def filename(self, tournament: Tournament, round_: Round | None = None) -> str:
        round_part = f"-round-{round_.number}" if round_ is not None else ""
        return f"{tournament.slug}{round_part}-{self.identifier.removesuffix('-' + self.extension)}.{self.extension}"

    def render(self, tournament: Tournament, *, round_: Round | None = None, after_round: int | None = None,
               site_url: str | None = None) -> bytes:
        raise NotImplementedError

    def content_key(self, tournament: Tournament, round_: Round | None = None, after_round: int | None = None,
                    site_url: str | None = None) -> str:
        """What the file depends on; by default the results version, the language and the options."""
        return digest(self.identifier, tournament.pk, tournament.results_version, get_language(), after_round, site_url)


EXPORTERS: dict[str, Exporter] = {}
"""Every registered exporter by identifier, of every scope (read it through :func:`registered`)."""
_discovered = False


def register(cls: type[Exporter]) -> type[Exporter]:
    """Class decorator: make ``cls`` a download (its identifier must be new)."""
    if cls.identifier in EXPORTERS:
        raise ValueError(f"an exporter called {cls.identifier!r} is registered already")
    EXPORTERS[cls.identifier] = cls()
    return cls


def unregister(identifier: str) -> None:
    """Take a download away again (a test's stub); nothing when there is none."""
    EXPORTERS.pop(identifier, None)


def discover() -> None:
    """Load the core's catalogue and every app's ``exporters`` module, once (each module registers
    at its import, which Python runs once): before the registry is read, and before a standings
    workbook asks for the sheets apps add (:func:`.standings_xlsx.register_sheet`)."""
    global _discovered
    if not _discovered:
        from tournaments.exporters import catalogue  # noqa: F401  (the core's files)

        autodiscover_modules("exporters")
        _discovered = True


def registered(scope: str = TOURNAMENT) -> list[Exporter]:
    """The exporters of ``scope``, in the order the lists show them."""
    discover()
    return sorted((found for found in EXPORTERS.values() if found.scope == scope), key=lambda found: found.order)


def exporter(identifier: str, scope: str = TOURNAMENT) -> Exporter | None:
    """The exporter called ``identifier``, if it makes files of ``scope``."""
    discover()
    found = EXPORTERS.get(identifier)
    return found if found is not None and found.scope == scope else None


def director_downloads(tournament: Tournament) -> list[Exporter]:
    """The tournament's files, in the order the director's pages list them."""
    return [found for found in registered() if not found.per_round]


def round_downloads(round_: Round) -> list[Exporter]:
    return [found for found in registered() if found.per_round]
