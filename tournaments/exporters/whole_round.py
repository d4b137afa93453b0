"""The whole round in one file, so that one click before the round starts prints everything: the
table cards with their score sheets, the wall list by table, the wall list by team and the desk's
team codes, in that order.

Why it is joined from the other files rather than laid out again: the table cards of a large round
take seconds and are made as the round is published (:mod:`tournaments.services.print_files`).
So this file takes each part's own print file — found when it is made already, made here when not
— and joins their pages with pypdf (:func:`common.pdf.join_pdfs`), which takes milliseconds. Each
part stays as its own download makes it: in its own language (the cards and wall lists in the
tournament's, the team codes in the director's: docs/printing.md) and with its own content, and the
file's content key is made of theirs, so it is made again when one of them changes.
"""

from __future__ import annotations

from django.utils import translation

from common import pdf
from tournaments.exporters.base import Exporter, digest, exporter
from tournaments.models import Round, Tournament
from tournaments.services import print_files

PARTS = ("table-cards-pdf", "wall-by-table-pdf", "wall-by-team-pdf", "team-codes-pdf")
"""The files of the round, in the order they are printed."""


def parts() -> list[Exporter]:
    return [exporter(identifier) for identifier in PARTS]


def content_key(identifier: str, tournament: Tournament, round_: Round, site_url: str | None) -> str:
    """Each part's content key, in the part's own language and for the address the part is asked
    with (:func:`whole_round_pdf`): the keys its own print file is found by."""
    keys = []
    for part in parts():
        with translation.override(part.language(tournament)):
            keys.append(part.content_key(tournament, round_, None, site_url or ""))
    return digest(identifier, tournament.pk, round_.number, keys)


def whole_round_pdf(tournament: Tournament, round_: Round, site_url: str | None = None) -> bytes:
    """The parts' print files (made here when they are not made yet) joined into one PDF."""
    files = []
    for part in parts():
        job = print_files.made_here(part, tournament, round_, site_url or "")
        if not job.is_ready:
            raise print_files.PrintFileFailed(f"{part.identifier} of round {round_.number} could not be made: "
                                              f"{job.error or 'still being made'}")
        files.append(bytes(job.content))
    return pdf.join_pdfs(files)
