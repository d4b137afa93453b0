"""Small pieces every tier's views share: finding what a URL names (or 404), and running a
service call from a button with its refusal shown as messages.

Public views use the ``public_`` lookups, which leave out hidden tournaments and draft rounds;
the director's use the others.

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


def public_tournament_or_404(slug: str) -> Tournament:
    """The tournament of ``slug`` as players see it: a hidden one is not there (404). Every public
    view finds its tournament, round or table through these ``public_`` lookups."""
    return get_object_or_404(Tournament.objects.public(), slug=slug)


def public_round_or_404(slug: str, number: int) -> Round:
    """A round players may see: published (or later), of a tournament that is not hidden."""
    return round_or_404(slug, number, status__in=Round.PUBLIC_STATUSES, tournament__in=Tournament.objects.public())


def public_table_or_404(slug: str, number: int, table: int) -> Table:
    """A table of a round players may see, with its seats and sheets (``with_sheets``)."""
    return get_object_or_404(
        Table.objects.select_related("round__tournament").with_sheets(),
        round__tournament__slug=slug, round__number=number, number=table,
        round__status__in=Round.PUBLIC_STATUSES, round__tournament__in=Tournament.objects.public(),
    )


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
