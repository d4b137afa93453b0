"""Director accounts: add, remove, list, set a password (``manage.py directors`` and
``ensure_director``, the one way to manage them; the admin is not for directors).

A director is an active member of the Directors group (``permissions.py``), made staff so that
``/admin/`` tells them plainly they have nothing to do there. Every password, typed, from the
environment or generated, passes Django's password validators with the user (a password like
the user name is refused). Removing a director deactivates the account, which is kept (listed as
inactive, still in the group): the sheets they entered still name them. The last active director
cannot be removed, so the director area is never locked for good.

``.director_password`` (untracked, in the data folder, ``settings.DATA_DIR``) keeps the password ``make run`` prints;
a new password for the account it belongs to is written there too, so ``make run`` never prints
a stale one.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournaments.permissions import DIRECTORS_GROUP, directors_group
from tournaments.services import logins


class Refused(ValueError):
    """The change was refused (nothing was changed); the message says why."""


def password_file() -> Path:
    return Path(settings.DATA_DIR) / ".director_password"


def stored_password() -> str | None:
    path = password_file()
    return path.read_text().strip() if path.exists() else None


def store_password(password: str) -> None:
    """Write the file readable by its owner only, from the first byte."""
    path = password_file()
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        file.write(password)
    path.chmod(0o600)  # a file made earlier keeps its mode otherwise


def directors() -> QuerySet:
    """Every member of the Directors group, active or not, by user name."""
    return get_user_model().objects.filter(groups__name=DIRECTORS_GROUP).order_by("username")


def is_listed(user: AbstractBaseUser) -> bool:
    return user.pk is not None and directors().filter(pk=user.pk).exists()


def generated_password(user: AbstractBaseUser) -> str:
    """A random password that passes the validators (12 characters)."""
    for _try in range(100):
        password = secrets.token_urlsafe(9)
        try:
            validate_password(password, user)
        except ValidationError:
            continue
        return password
    raise Refused(_("No generated password passes the password validators: give one."))


def checked_password(password: str, user: AbstractBaseUser) -> str:
    """``password`` if the validators pass it for ``user``, else ``Refused`` with their reasons."""
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise Refused(_("Password refused: %(reasons)s") % {"reasons": " ".join(error.messages)}) from None
    return password


def find_director(username: str) -> AbstractBaseUser:
    """The director ``username`` (active or not), or ``Refused``."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise Refused(_("There is no account named “%(name)s”.") % {"name": username})
    if not is_listed(user):
        raise Refused(_("“%(name)s” is not a director.") % {"name": username})
    return user


def check_addable(username: str) -> AbstractBaseUser | None:
    """The account ``add`` would make a director (None: a new one), or ``Refused``: a user name
    the account model refuses, or an active director already."""
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        try:
            User._meta.get_field(User.USERNAME_FIELD).clean(username, None)
        except ValidationError as error:
            raise Refused(_("User name refused: %(reasons)s") % {"reasons": " ".join(error.messages)}) from None
    elif user.is_active and is_listed(user):
        raise Refused(_("“%(name)s” is already a director.") % {"name": username})
    return user


def add(username: str, password: str | None = None) -> tuple[AbstractBaseUser, str]:
    """Make ``username`` a director, with ``password`` (checked) or a generated one; returns the
    user and the password. A new name gets a new account; an account that is not a director
    (a removed director, say) becomes one again, active, with the new password."""
    user = check_addable(username) or get_user_model()(username=username)
    password = checked_password(password, user) if password else generated_password(user)
    with transaction.atomic():
        user.set_password(password)
        user.is_active = user.is_staff = True
        user.save()
        user.groups.add(directors_group())
    return user, password


def remove(username: str) -> AbstractBaseUser:
    """Deactivate the director ``username``: no login, no director area. The account stays, in the
    Directors group, listed as inactive (``add`` makes it active again)."""
    user = find_director(username)
    if not user.is_active:
        raise Refused(_("“%(name)s” is not an active director.") % {"name": username})
    with transaction.atomic():
        others = directors().select_for_update().filter(is_active=True).exclude(pk=user.pk)
        if not list(others):
            raise Refused(_("“%(name)s” is the last active director: add another director first.")
                          % {"name": username})
        user.is_active = user.is_staff = False
        user.save(update_fields=["is_active", "is_staff"])
    return user


def set_password(user: AbstractBaseUser, password: str) -> None:
    """Give ``user`` the checked ``password``, lift the account's login wait, and keep
    ``.director_password`` current if it held the old password."""
    checked_password(password, user)
    stored = stored_password()
    was_stored = bool(stored) and user.check_password(stored)
    user.set_password(password)
    user.save(update_fields=["password"])
    logins.lift(user.get_username())
    if was_stored:
        store_password(password)


def new_password(username: str, password: str | None = None) -> tuple[AbstractBaseUser, str]:
    """Give the director ``username`` ``password`` (checked) or a generated one; returns both."""
    user = find_director(username)
    password = password or generated_password(user)
    set_password(user, password)
    return user, password
