"""Competitions in templates: ``{% public_competitions as competitions %}`` (the competitions the
public home page lists) and ``{{ line|marks }}`` (a person's evenings on the standings).

Why a tag for the home page: the home page is the tournaments' view; a competition block there is
one include and this one query, without the tournaments' view knowing about competitions.
"""

from __future__ import annotations

from django import template
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from seasons.models import Competition

register = template.Library()


@register.simple_tag
def public_competitions() -> list[Competition]:
    """The competitions that are not hidden, the newest first."""
    return list(Competition.objects.filter(hidden=False).order_by("-created_at", "name").only("name", "slug", "game"))


@register.filter
def marks(line) -> SafeString:
    """A person's evenings in one run of HTML, ``#3 11``: a dropped one struck through (``<s>``), an
    excused one in italics with "exc.". Built here rather than by a template loop, and short: forty
    evenings of 300 people are 12,000 marks on one page."""
    excused = escape(_("exc."))
    parts = []
    for mark in line.marks:
        text = f"#{mark.evening}&nbsp;{localize(mark.points)}"  # 4749,67 on a Dutch page
        if mark.excused:
            text = f"<i>{text}&nbsp;{excused}</i>"
        parts.append(text if mark.counted else f"<s>{text}</s>")
    return mark_safe("&ensp;".join(parts))  # an en space: wider than the one inside a mark, and a line may break there
