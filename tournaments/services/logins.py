"""Throttled logins: growing waits per account and per address, counted in the database.

Why both: the account's count stops a guesser trying one director's password from many
addresses; the address's count stops one machine trying many accounts. Many people share a
venue's address, so it waits only after more failures. Only failures count (``limits``: a try is
given back when it succeeds) and a success clears the account's count. While either waits, even
the right password is refused, so guessing gains nothing from waiting out a refusal.

The account is kept by a hash of the name typed: a password typed into the name field by mistake
is not stored readable.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.services import limits

ACCOUNT = limits.Backoff(threshold=5)  # 5 failures: 30 s, then 1, 2, 4, 8 min, at most 15
ADDRESS = limits.Backoff(threshold=20)

T = TypeVar("T")


class Throttled(Exception):
    """Too many failed logins: ``wait`` seconds before the next try is checked."""

    def __init__(self, wait: int):
        super().__init__(wait)
        self.wait = wait

    @property
    def message(self) -> str:
        return wait_message(self.wait)


def account_key(username: str) -> str:
    return "login-account:" + hashlib.sha256(username.encode()).hexdigest()[:40]


def address_key(address: str) -> str:
    return f"login-address:{address}"[:120]


def wait_message(seconds: int) -> str:
    if seconds < 60:
        wait = ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    else:
        minutes = -(-seconds // 60)
        wait = ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    return _("Too many failed logins for this account or from this address. Try again in %(wait)s.") % {
        "wait": wait}


def checked(username: str, address: str, check: Callable[[], T]) -> T:
    """Run the password ``check`` unless the account or the address must wait (``Throttled``).

    ``check`` raises when the login fails: the failure stays counted for both. When it returns,
    the account's count is cleared and the address's try given back."""
    account, by_address = account_key(username), address_key(address)
    wait = limits.take_turn({account: ACCOUNT, by_address: ADDRESS})
    if wait:
        raise Throttled(wait)
    outcome = check()
    limits.clear(account)
    limits.turn_succeeded(by_address, ADDRESS)
    return outcome


def lift(username: str) -> None:
    """Forget the account's failed logins (a new password makes the old guesses moot)."""
    limits.clear(account_key(username))
