"""Finding what a URL names, or answering 404: shared by the views of every tier."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from tournaments.models import Round


def round_or_404(slug: str, number: int, **filters) -> Round:
    """Round ``number`` of the tournament ``slug``, with its tournament loaded."""
    return get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number,
                             **filters)
