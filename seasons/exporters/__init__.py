"""A competition's files: the notice-board PDF (:mod:`.standings_pdf`) and the workbook
(:mod:`.standings_xlsx`). Not in the tournaments' exporter registry: that registry lists a
tournament's files, and a competition is not a tournament."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seasons.models import Competition



def filename(competition: Competition, after: int | None, extension: str) -> str:
    """The name a competition's file is saved under: ``<slug>-standings[-after-N].<extension>``."""
    part = f"-after-{after}" if after is not None else ""
    return f"{competition.slug}-standings{part}.{extension}"
