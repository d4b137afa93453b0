"""A competition's files: the notice-board PDF (:mod:`.standings_pdf`) and the workbook
(:mod:`.standings_xlsx`). Not in the tournaments' exporter registry: that registry lists a
tournament's files, and a competition is not a tournament."""


def filename(competition, after: int | None, extension: str) -> str:
    """The name a competition's file is saved under: ``<slug>-standings[-after-N].<extension>``."""
    part = f"-after-{after}" if after is not None else ""
    return f"{competition.slug}-standings{part}.{extension}"
