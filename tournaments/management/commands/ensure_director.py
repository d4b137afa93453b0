"""``manage.py ensure_director``: make sure a director account exists and print its login.

The first run creates the user ``director`` (or ``--username``) in the Directors group with a
random password, kept in the untracked file ``.director_password`` so it can be printed again.
``DIRECTOR_PASSWORD`` in the environment chooses the password instead; it must pass Django's
password validators, else the command stops with their reasons (exit status 2), and so does
``make run``. A director removed with ``manage.py directors remove`` is not made one again.
"""

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.services import directors


class Command(BaseCommand):
    help = "Create the director account when missing and print how to log in."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, username: str, **options):
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        password = os.environ.get("DIRECTOR_PASSWORD")
        if password:
            try:
                directors.checked_password(password, user or User(username=username))
            except directors.Refused as error:
                raise CommandError(f"DIRECTOR_PASSWORD: {error}", returncode=2) from None
        try:
            if user is None:
                user, password = directors.add(username, password or None)
                directors.store_password(password)
            elif password:
                directors.set_password(user, password)
                directors.store_password(password)
        except directors.Refused as error:
            raise CommandError(str(error), returncode=2) from None
        if not (user.is_active and directors.is_listed(user)):
            self.stdout.write(self.style.WARNING(
                f"“{username}” is no longer a director (removed with `manage.py directors remove`); "
                "`manage.py directors list` shows who is."))
            return
        known = directors.stored_password()
        self.stdout.write(self.style.SUCCESS(f"Director login: {username} / {known or '(password set earlier; not stored here)'}"))
