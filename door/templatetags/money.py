"""The door's template helpers: ``{{ cents|euros }}`` writes whole cents as the page's language writes
euros (:func:`door.money.euros`); ``{% payment_methods as methods %}`` gives the ways to pay."""

from __future__ import annotations

from django import template

from door.models import Method
from door.money import euros as euros_text

register = template.Library()


@register.filter
def euros(cents: int | None) -> str:
    return euros_text(cents) if cents is not None else ""


@register.simple_tag
def payment_methods() -> list[tuple[str, str]]:
    """(value, label) of each way to pay, in the order of the check-in's buttons."""
    return list(Method.choices)
