"""One-time keys of a table link's actions: a sheet, a confirmation or a dispute sent twice is done once.

Each page of a table link puts a fresh key in its forms (:func:`new_key`): signed by the server,
naming the table, with a date. A phone on the venue's Wi-Fi that never heard the answer sends
the same action again with the same key (``static/js/outbox.js``), and :func:`once` gives it the
outcome the first sending got, written in the transaction of the action itself (so an action
that was done has its key, and one that was not has none). The same key with other content is
refused (422); so is a key of another table, one the server did not make, or one of an earlier
day. A request without a key (a script, an old page) is done as before.

A second phone, the desk, or this phone with a new page still meets the table's refusals (a
sheet already in): the key stands for one sending, not for the table.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from django.core import signing
from django.db import IntegrityError, transaction
from django.http import QueryDict
from django.utils.translation import gettext as _

from tournaments.models import SentAction, Table

KEY_FIELD = "action_key"  # the forms' hidden field
KEY_HOURS = 24  # a page's key outlives its round, not the day
_SALT = "table-action"
_NOT_CONTENT = {"csrfmiddlewaretoken", KEY_FIELD}  # what is sent along but is not the action


class KeyRefused(Exception):
    """The key cannot be used (422): ``message`` says why and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Outcome:
    """What an action came to: ``status`` 303 when it was done, else its refusal's status with its
    ``messages``; ``position`` the side whose code it proved; ``wait`` the seconds of a 429;
    ``kept`` False for an outcome the key does not keep (a form to mend, a phone that waits: the
    same key is tried again)."""

    status: int
    messages: list = field(default_factory=list)
    position: int | None = None
    wait: int = 0
    kept: bool = True

    @property
    def done(self) -> bool:
        return self.status == 303


LINK = "link"  # who enters: the table link's phone; a team pass is "pass<team pk>"


def new_key(table: Table, who: str = LINK) -> str:
    """A fresh key for one page of ``table``'s sheet, for ``who`` enters on it: the table link, or a
    team's pass (a key of a pass's page does nothing on the table link, nor on another team's pass)."""
    return signing.TimestampSigner(salt=_SALT).sign(f"{table.pk}.{who}.{secrets.token_urlsafe(12)}")


def _nonce(table: Table, key: str, who: str) -> str:
    """The key's own part, once it is known to be this table's and this entrant's, made here, and of today."""
    try:
        value = signing.TimestampSigner(salt=_SALT).unsign(key, max_age=KEY_HOURS * 3600)
    except signing.SignatureExpired:
        raise KeyRefused(_("This page is from an earlier day: nothing was sent. Open the table's link again "
                           "and enter it there.")) from None
    except signing.BadSignature:
        raise KeyRefused(_("This form was not made by this server: nothing was sent. Open the table's link "
                           "again and enter it there.")) from None
    table_pk, _sep, rest = value.partition(".")
    entrant, _sep, nonce = rest.partition(".")
    if table_pk != str(table.pk) or entrant != who or not nonce:
        raise KeyRefused(_("This form belongs to another page (another table's, or a team pass): nothing was "
                           "sent. Open your own table's link or pass and enter it there."))
    return nonce


def fingerprint(fields: QueryDict) -> str:
    """What an action says, whatever the order of its fields: the same key must say the same."""
    items = sorted((name, value) for name in fields for value in fields.getlist(name) if name not in _NOT_CONTENT)
    return hashlib.sha256(repr(items).encode()).hexdigest()


def once(table: Table, fields: QueryDict, do: Callable[[], Outcome], who: str = LINK) -> Outcome:
    """``do()`` the action of ``fields`` once for its key: the first sending is done and its outcome
    kept with the key, in one transaction; a later one with the same key and content gets that
    outcome. Raises :class:`KeyRefused` for other content under a used key, and for a
    key that is not this table's and ``who``'s page's. An outcome that is not ``kept`` (a form to mend, a phone that
    waits) leaves the key unused."""
    key = fields.get(KEY_FIELD, "")
    if not key:
        return do()
    nonce, content = _nonce(table, key[:200], who), fingerprint(fields)
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint: a key already used leaves the transaction usable
                sent = SentAction.objects.create(key=nonce, table=table, fingerprint=content)
        except IntegrityError:  # the first sending (committed: the insert waited for it) has the key
            first = SentAction.objects.filter(key=nonce).first()
            if first is None:  # gone meanwhile (its table was deleted)
                raise KeyRefused(_("This table's page changed while you sent: look at it again.")) from None
            return _replayed(first, content)
        outcome = do()
        if not outcome.kept:
            sent.delete()
        else:
            sent.status, sent.messages, sent.position = outcome.status, outcome.messages, outcome.position
            sent.save(update_fields=["status", "messages", "position"])
    return outcome


def _replayed(sent: SentAction, content: str) -> Outcome:
    if sent.fingerprint != content:
        raise KeyRefused(_("This form was sent already with other content, and that is what counts: this was not "
                           "sent. Look at the table's page again and enter it there."))
    return Outcome(sent.status, [str(message) for message in sent.messages], sent.position)
