"""``manage.py ensure_director``: make sure a director account exists and print its login.

The first run creates the user ``director`` (or ``--username``) in the Directors group with a
random password, kept in the untracked file ``.director_password`` so it can be printed again.
``DIRECTOR_PASSWORD`` in the environment chooses the password instead.
"""

import os
import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tournaments.permissions import directors_group


class Command(BaseCommand):
    help = "Create the director account when missing and print how to log in."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")

    def handle(self, *args, username: str, **options):
        password_file = Path(settings.BASE_DIR) / ".director_password"
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        password = os.environ.get("DIRECTOR_PASSWORD")
        if user is None:
            password = password or secrets.token_urlsafe(9)
            user = User.objects.create_user(username=username, password=password, is_staff=True)
            password_file.write_text(password)
            password_file.chmod(0o600)
        elif password:
            user.set_password(password)
            user.save()
            password_file.write_text(password)
        user.groups.add(directors_group())
        known = password_file.read_text().strip() if password_file.exists() else None
        self.stdout.write(self.style.SUCCESS(f"Director login: {username} / {known or '(password set earlier; not stored here)'}"))
