"""A competition's files: the notice-board PDF (:mod:`.standings_pdf`) and the workbook
(:mod:`.standings_xlsx`), registered in the core's exporter registry with the competition scope
(:mod:`tournaments.exporters.base`: found as the admin finds ``admin.py``; never listed with a
tournament's files). The seasons' views serve them through the registry
(:func:`competition_exporter`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy

from tournaments.exporters.base import COMPETITION, PDF, XLSX, Exporter, exporter, register

if TYPE_CHECKING:
    from seasons.models import Competition
    from seasons.services.standings import CompetitionStandings


def filename(competition: Competition, after: int | None, extension: str) -> str:
    """The name a competition's file is saved under: ``<slug>-standings[-after-N].<extension>``."""
    part = f"-after-{after}" if after is not None else ""
    return f"{competition.slug}-standings{part}.{extension}"


class CompetitionExporter(Exporter):
    """A file of a competition: ``render(competition, after_round=…, report=…)``, where ``report``
    is the standings when the caller has them already. A file names the function that makes it
    (:attr:`maker`), imported only when a file is made (WeasyPrint only where a PDF is made)."""

    scope = COMPETITION
    maker: ClassVar[str]
    """The dotted path of ``maker(competition, after, report)`` → the file's bytes."""

    def competition_filename(self, competition: Competition, after: int | None) -> str:
        """The name the file is saved under (:func:`filename`)."""
        return filename(competition, after, self.extension)

    def render(self, competition, *, round_=None, after_round=None, site_url=None,
               report: CompetitionStandings | None = None) -> bytes:
        """The file's bytes: the standings after evening ``after_round`` (default: the last held)."""
        return import_string(self.maker)(competition, after_round, report)


@register
class CompetitionStandingsPdf(CompetitionExporter):
    """The standings for the notice board (:mod:`.standings_pdf`)."""

    identifier = "competition-standings-pdf"
    name = gettext_lazy("Standings (PDF)")
    order = 10
    content_type = PDF
    extension = "pdf"
    inline = True
    maker = "seasons.exporters.standings_pdf.standings_pdf"


@register
class CompetitionStandingsXlsx(CompetitionExporter):
    """The standings as a workbook, numbers a club adds up itself (:mod:`.standings_xlsx`)."""

    identifier = "competition-standings-xlsx"
    name = gettext_lazy("Standings (Excel)")
    order = 20
    content_type = XLSX
    extension = "xlsx"
    maker = "seasons.exporters.standings_xlsx.standings_xlsx"


def competition_exporter(identifier: str) -> CompetitionExporter:
    """The competition file called ``identifier`` (one of the registered ones above)."""
    found = exporter(identifier, COMPETITION)
    assert isinstance(found, CompetitionExporter), identifier
    return found
