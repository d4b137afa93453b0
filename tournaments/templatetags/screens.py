"""The core's templates ask :mod:`tournaments.screens` what the apps add: the director's tabs, and
the templates registered for a slot (``{% extras "checkin-row" as templates %}{% for template in
templates %}{% include template %}{% endfor %}``: each included with the page's own context)."""

from __future__ import annotations

from django import template

from tournaments import screens
from tournaments.models import Tournament

register = template.Library()


@register.simple_tag(takes_context=True)
def director_tabs(context: template.Context, tournament: Tournament) -> list[screens.ShownTab]:
    """The tournament's tab bar on the page being rendered (its request's path)."""
    request = context.get("request")
    return screens.tabs(tournament, request.path if request is not None else "")


@register.simple_tag
def extras(slot: str) -> list[str]:
    """The templates the apps registered for ``slot``, in order."""
    return screens.extras(slot)
