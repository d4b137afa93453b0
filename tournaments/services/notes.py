"""Notes and reasons typed on the day (a correction's reason, a ruling's note): one limit and one
message.

Why a limit at all: every text goes into the tournament file, which refuses texts longer than its
columns hold (services/tournament_file/schema.py); a note the day accepted must not make that
day's backup impossible to restore.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models.registration import NOTE_MAX_LENGTH


def checked_note(text: str) -> str:
    """``text`` trimmed; a ValidationError naming the limit when it is longer than a note may be."""
    text = (text or "").strip()
    if len(text) > NOTE_MAX_LENGTH:
        raise ValidationError(_("The note is %(length)s characters long; at most %(max)s fit.")
                              % {"length": len(text), "max": NOTE_MAX_LENGTH})
    return text
