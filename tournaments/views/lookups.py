"""Small pieces every tier's views share: finding what a URL names (or 404), and running a
service call from a button with its refusal shown as messages.

Why one lookup per thing: every view that names a tournament, round or table by its URL finds it
the same way (the same 404, the same related rows loaded), so no view forgets the tournament in
a table's lookup and reaches another tournament's table.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.models import Round, Table, Tournament


def tournament_or_404(slug: str) -> Tournament:
    """The tournament of the URL's ``slug``."""
    return get_object_or_404(Tournament, slug=slug)


def round_or_404(slug: str, number: int, **filters) -> Round:
    """Round ``number`` of the tournament ``slug``, with its tournament loaded."""
    return get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number,
                             **filters)


def table_or_404(slug: str, number: int, table: int) -> Table:
    """Table ``table`` of round ``number`` of the tournament ``slug``, with round and tournament loaded."""
    return get_object_or_404(Table.objects.select_related("round__tournament"),
                             round__tournament__slug=slug, round__number=number, number=table)


def attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run ``action``: its ValidationError becomes error messages, else ``success`` is shown."""
    try:
        action()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return False
    messages.success(request, success)
    return True
