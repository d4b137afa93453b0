"""The download lists' names of files: ``{{ exporter|label_for:tournament }}`` is the exporter's name
as that tournament's lists show it (:meth:`tournaments.exporters.base.Exporter.label`: an individual
tournament's lists say "player" where a team tournament's say "team")."""

from __future__ import annotations

from django import template

from tournaments.exporters.base import Exporter
from tournaments.models import Tournament

register = template.Library()


@register.filter
def label_for(exporter: Exporter, tournament: Tournament) -> str:
    """The name ``tournament``'s download lists give the file of ``exporter``."""
    return exporter.label(tournament)
