"""Amounts of money: whole cents shown as euros in the page's language, and euros typed by people.

Why one module: the check-in, the cash list, the fee form and the messages show the same amount the
same way — € 12,50 in Dutch, € 12.50 in English (Django's number formats of the active language,
thousands grouped) — and a typed amount is read one way, whichever decimal sign was typed.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.utils.formats import number_format

_TYPED = re.compile(r"€?\s*([0-9]{1,7})(?:[.,]([0-9]{1,2}))?\s*(?:€|EUR)?", re.IGNORECASE)


def euros(cents: int) -> str:
    """``1250`` as the active language writes it: "€ 12,50" (nl) or "€ 12.50" (en), with a no-break space."""
    return "€\u00a0" + number_format(Decimal(cents).scaleb(-2), decimal_pos=2, force_grouping=True)


def as_decimal(cents: int) -> Decimal:
    """``1250`` as ``Decimal("12.50")``: euros for a spreadsheet cell."""
    return Decimal(cents).scaleb(-2).quantize(Decimal("0.01"))


def parse_cents(text: object) -> int | None:
    """An amount typed in euros as whole cents: "12", "12,5", "12.50", "€ 12,50" → 1250; None when it
    is not an amount (thousands separators are not read: "1.234,50" is refused, not misread)."""
    if not isinstance(text, str) or len(text) > 30:
        return None
    found = _TYPED.fullmatch(text.strip())
    if found is None:
        return None
    whole, fraction = found.groups()
    return int(whole) * 100 + int((fraction or "0").ljust(2, "0"))
