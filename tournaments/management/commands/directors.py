"""``manage.py directors list|add|remove|password``: manage the director accounts.

The one way to add and remove directors (``services/directors.py``; the admin is not for
directors). A password comes from an environment variable (``--password-from-env VAR``), is
typed twice when the command runs in a terminal, or else is generated and printed; every one
passes Django's password validators. A refused change prints one line, changes nothing and
exits with status 2.
"""

from __future__ import annotations

import getpass
import os
import sys

from django.core.management.base import BaseCommand, CommandError, no_translations
from django.utils import timezone

from tournaments.services import directors


def _refused(message: str) -> CommandError:
    return CommandError(message, returncode=2)


class Command(BaseCommand):
    help = "List, add and remove directors, or set a director's password."

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True, metavar="{list,add,remove,password}")
        actions.add_parser("list", help="every director: user name, active, last login")
        add = actions.add_parser("add", help="make USERNAME a director (a new account, or an existing one)")
        remove = actions.add_parser("remove", help="deactivate the director USERNAME (the account is kept, listed as inactive)")
        password = actions.add_parser("password", help="set a new password for the director USERNAME")
        for action in (add, remove, password):
            action.add_argument("username")
        for action in (add, password):
            action.add_argument("--password-from-env", metavar="VAR",
                                help="take the password from the environment variable VAR (else typed twice "
                                     "in a terminal, else generated and printed)")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, action: str, **options):
        run = {"list": self._list, "add": self._add, "remove": self._remove, "password": self._new_password}[action]
        try:
            run(**options)
        except directors.Refused as error:
            raise _refused(str(error)) from None

    def _list(self, **options):
        rows = [(user.username, "yes" if user.is_active else "no",
                 timezone.localtime(user.last_login).strftime("%Y-%m-%d %H:%M") if user.last_login else "never")
                for user in directors.directors()]
        if not rows:
            self.stdout.write("No directors.")
            return
        rows.insert(0, ("username", "active", "last login"))
        width = max(len(row[0]) for row in rows)
        for name, active, last in rows:
            self.stdout.write(f"{name:<{width}}  {active:<6}  {last}")

    def _add(self, username: str, password_from_env: str | None, **options):
        directors.check_addable(username)  # before asking for a password
        given = self._given_password(password_from_env)
        user, password = directors.add(username, given)
        self._done(f"“{user.username}” is a director", None if given else password)

    def _remove(self, username: str, **options):
        user = directors.remove(username)
        self.stdout.write(f"“{user.username}” is no longer a director; the account is deactivated.")

    def _new_password(self, username: str, password_from_env: str | None, **options):
        directors.find_director(username)  # before asking for a password
        given = self._given_password(password_from_env)
        user, password = directors.new_password(username, given)
        self._done(f"New password for “{user.username}”", None if given else password)

    def _given_password(self, variable: str | None) -> str | None:
        """The password the user gives (from the environment or typed twice), or None: generate one."""
        if variable:
            password = os.environ.get(variable, "")
            if not password:
                raise _refused(f"The environment variable {variable} is not set or empty; nothing was changed.")
            return password
        if not sys.stdin.isatty():
            return None
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("Password (again): "):
            raise _refused("The two passwords differ; nothing was changed.")
        if not password:
            raise _refused("The password is empty; nothing was changed.")
        return password

    def _done(self, what: str, generated: str | None):
        self.stdout.write(f"{what}; password: {generated}" if generated else f"{what}.")
