"""``keezen``: the installed product's one command (``pipx install keezen-toernooi``).

Why a command of its own: an installed copy has no checkout, no Makefile and no ``manage.py``. The
command sets the settings module, and the settings put the database, backups, secret key, director's
password and certificates in the user's data folder, or where ``KEEZEN_HOME`` says
(``settings.DATA_DIR``). From a checkout, ``make run`` does the same as ``keezen run``.

Each subcommand is one of the management commands; ``keezen manage …`` reaches the rest.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

USAGE = "usage: keezen {run,serve,worker,restore,directors,rehearse,manage} [arguments]"

COMMANDS = {
    "run": (None, "set up and serve on the LAN: the database made or brought up to date, the demo "
                  "tournaments, a director's account (its password printed once), then 'serve'"),
    "serve": ("serve", "serve on the LAN (phones on HTTP; HTTPS=1 for the director on HTTPS)"),
    "worker": ("worker", "the background tasks (print files, backups): 'serve' starts one; on servers "
                         "(KEEZEN_MODE=server) run it on its own"),
    "restore": ("restore_tournament", "take over a tournament: restore FILE (a backup, or a folder of them: "
                                      "its newest file)"),
    "directors": ("directors", "the directors' accounts: list, add, password, remove"),
    "rehearse": ("rehearse", "a practice run of a tournament, never public, never backed up"),
    "manage": (None, "any other management command, e.g. 'keezen manage standings SLUG'"),
}

MIGRATE = (["migrate", "--noinput"], ["createcachetable"], ["collectstatic", "--noinput", "-v", "0"])
"""The Makefile's ``migrate`` step: before ``keezen restore`` and ``keezen serve`` too, as ``make
restore`` migrates first (the second laptop that takes over has a fresh install). Not before
``serve`` in server mode (``KEEZEN_MODE=server``): hosts that start at once must not migrate one
database at once; the database is brought up to date once, ``keezen manage migrate``, and a host
started before that refuses to serve, saying so."""
SET_UP = (*MIGRATE, ["load_demo"], ["ensure_director"])
"""What ``keezen run`` does before serving: the Makefile's ``migrate`` and ``demo`` steps
(``tests/test_installed.py`` keeps the two the same)."""


def help_text() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = [USAGE, "", "Keezen Toernooi: tournaments of Keezen and Klaverjassen.", "", "commands:"]
    lines += [f"  {name:<{width}}  {words}" for name, (_command, words) in COMMANDS.items()]
    lines += ["", "Its data (database, backups, keys) is in KEEZEN_HOME, else the user's data folder.",
              "'keezen COMMAND --help' tells more of each but 'run'."]
    return "\n".join(lines)


def manage(argv: list[str]) -> None:
    """A management command, ``argv`` as ``sys.argv`` (``manage.py`` calls this too). Settings the
    environment gets wrong (common/server.py, common/https.py) stop it with their message and exit
    status 2, not a traceback."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "keezen_site.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(argv)
    except ImproperlyConfigured as problem:
        print(f"Cannot start: {problem}", file=sys.stderr)
        sys.exit(2)


def _django(argv: list[str]) -> None:
    manage(["keezen", *argv])


def _server_mode() -> bool:
    from django.core.exceptions import ImproperlyConfigured

    from common import server

    try:
        return server.mode_from(os.environ.get("KEEZEN_MODE")) == server.Mode.SERVER
    except ImproperlyConfigured:
        return False  # the settings say what is wrong with it, as the command starts


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(help_text())
        return 0
    if not args or args[0] not in COMMANDS:
        if args:
            print(f"keezen: unknown command {args[0]!r}", file=sys.stderr)
        print(help_text(), file=sys.stderr)
        return 2
    name, rest = args[0], args[1:]
    if name == "manage":
        _django(rest or ["help"])
    elif name == "run":
        if rest:
            print(f"keezen run takes no arguments (got {' '.join(rest)!r}); settings come from the "
                  "environment (PORT, HTTPS, PUBLIC_URL, …)", file=sys.stderr)
            return 2
        for step in SET_UP:
            _django(step)
        _django(["serve"])
    else:
        if (name == "restore" or (name == "serve" and not _server_mode())) \
                and not any(flag in rest for flag in ("-h", "--help")):
            for step in MIGRATE:  # a fresh install or an upgrade: the database brought up to date first
                _django(step)
        _django([COMMANDS[name][0], *rest])
    return 0


if __name__ == "__main__":
    sys.exit(main())
