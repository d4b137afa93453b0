"""Small pieces every tier's views share: finding what a URL names (or 404), and running a
service call from a button with its refusal shown as messages."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.models import Round


def round_or_404(slug: str, number: int, **filters) -> Round:
    """Round ``number`` of the tournament ``slug``, with its tournament loaded."""
    return get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number,
                             **filters)


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
