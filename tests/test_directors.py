"""Director accounts (issue 15): ``manage.py directors``, a checked ``DIRECTOR_PASSWORD`` in
``ensure_director``, and an admin that does what the README says (directors are managed with
the command; the admin is a superuser's)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import PASSWORD
from tournaments.models import Attempt
from tournaments.permissions import is_director
from tournaments.services import directors, logins

pytestmark = pytest.mark.usefixtures("english")

ROOT = Path(__file__).resolve().parent.parent
STRONG = "plum-tram-harbour-42"


@pytest.fixture(autouse=True)
def _password_file_in_tmp(settings, tmp_path, monkeypatch):
    """``.director_password`` goes to the test's folder; no password in the environment; stdin is
    not a terminal unless a test says so."""
    settings.DATA_DIR = tmp_path
    monkeypatch.delenv("DIRECTOR_PASSWORD", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def typing(monkeypatch, *answers: str) -> None:
    """The command runs in a terminal and the user types ``answers`` at the password prompts."""
    typed = list(answers)
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr("getpass.getpass", lambda prompt="": typed.pop(0))


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("directors", *args, stdout=out)
    return out.getvalue()


def refused(*args: str, command: str = "directors") -> str:
    with pytest.raises(CommandError) as error:
        call_command(command, *args, stdout=io.StringIO())
    assert error.value.returncode == 2
    message = str(error.value)
    assert "\n" not in message
    return message


def user(username: str):
    return get_user_model().objects.get(username=username)


# ensure_director


def test_a_weak_director_password_is_refused_with_the_validators_reasons(db, monkeypatch, tmp_path):
    monkeypatch.setenv("DIRECTOR_PASSWORD", "director1")
    message = refused(command="ensure_director")
    assert message.startswith("DIRECTOR_PASSWORD: Password refused:")
    assert "The password is too similar to the username." in message  # checked with the user
    monkeypatch.setenv("DIRECTOR_PASSWORD", "12345")
    message = refused(command="ensure_director")
    assert "This password is too short. It must contain at least 8 characters." in message
    assert "This password is too common." in message and "This password is entirely numeric." in message
    assert not get_user_model().objects.exists() and not (tmp_path / ".director_password").exists()


def test_a_weak_director_password_leaves_an_existing_account_as_it_was(director, monkeypatch, tmp_path):
    monkeypatch.setenv("DIRECTOR_PASSWORD", "password")
    assert "This password is too common." in refused(command="ensure_director")
    assert user("director").check_password(PASSWORD)


def test_a_good_director_password_is_set_and_printed(director, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DIRECTOR_PASSWORD", STRONG)
    call_command("ensure_director")
    assert f"Director login: director / {STRONG}" in capsys.readouterr().out
    assert user("director").check_password(STRONG) and (tmp_path / ".director_password").read_text() == STRONG


def test_generated_passwords_pass_the_validators(db, tmp_path):
    call_command("ensure_director", stdout=io.StringIO())
    director = user("director")
    password = (tmp_path / ".director_password").read_text()
    assert (tmp_path / ".director_password").stat().st_mode & 0o777 == 0o600
    validate_password(password, director)
    assert director.check_password(password) and is_director(director) and director.is_staff
    for _n in range(50):
        validate_password(directors.generated_password(director), director)


MANAGE_EACH = r"""
import contextlib, io, json, sys
import manage

done = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["manage.py", *argv]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            manage.main()
            code = 0
        except SystemExit as stopped:
            code = stopped.code if isinstance(stopped.code, int) else 1
    done.append({"returncode": code, "stdout": out.getvalue(), "stderr": err.getvalue()})
print(json.dumps(done))
"""
"""``manage.py``'s ``main()`` for each command line in turn, in one process: each one's exit status,
standard output and standard error as a process of its own for it would give them (Django turns a
``CommandError`` into its message on stderr and the exit status)."""


def test_the_start_up_stops_on_a_weak_password(tmp_path, migrated_sqlite):
    """``make run`` runs ``ensure_director``: a weak password ends it with the reason and status 2.
    The commands run one after another in a single process (``MANAGE_EACH``)."""
    database = migrated_sqlite(tmp_path / "start.sqlite3")  # as `make run` migrates first
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DIRECTOR_PASSWORD": "qwerty123"}
    commands = [["ensure_director"], ["directors", "add", "anna"], ["directors", "add", "anna"]]
    done = subprocess.run([sys.executable, "-c", MANAGE_EACH, json.dumps(commands)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    started, added, again = json.loads(done.stdout.strip().splitlines()[-1])
    assert started["returncode"] == 2
    assert started["stderr"].strip() == "CommandError: DIRECTOR_PASSWORD: Password refused: This password is too common."
    assert added["returncode"] == 0 and added["stdout"].startswith("“anna” is a director; password: ")
    assert again["returncode"] == 2 and again["stderr"].strip() == "CommandError: “anna” is already a director."


# manage.py directors


def test_add_with_a_generated_password_prints_it(db):
    out = run("add", "anna")
    password = out.strip().rsplit("password: ", 1)[1]
    anna = user("anna")
    assert out.startswith("“anna” is a director; password: ")
    assert anna.check_password(password) and is_director(anna) and anna.is_active and anna.is_staff


def test_add_with_a_password_from_the_environment(db, monkeypatch):
    monkeypatch.setenv("ANNA_PASSWORD", STRONG)
    assert run("add", "anna", "--password-from-env", "ANNA_PASSWORD") == "“anna” is a director.\n"
    assert user("anna").check_password(STRONG)
    assert refused("add", "bob", "--password-from-env", "NOT_SET") == (
        "The environment variable NOT_SET is not set or empty; nothing was changed.")
    monkeypatch.setenv("WEAK", "bob12345")
    assert "Password refused:" in refused("add", "bob", "--password-from-env", "WEAK")
    assert not get_user_model().objects.filter(username="bob").exists()


def test_add_asks_twice_in_a_terminal(db, monkeypatch):
    typing(monkeypatch, STRONG, STRONG)
    assert run("add", "anna") == "“anna” is a director.\n"
    assert user("anna").check_password(STRONG)
    typing(monkeypatch, STRONG, STRONG + "x")
    assert refused("add", "bob") == "The two passwords differ; nothing was changed."
    typing(monkeypatch, "short", "short")
    assert refused("add", "bob") == (
        "Password refused: This password is too short. It must contain at least 8 characters.")
    assert not get_user_model().objects.filter(username="bob").exists()


def test_add_refuses_an_existing_director_before_asking_a_password(director, monkeypatch):
    typing(monkeypatch)  # no answers: a prompt would fail
    assert refused("add", "director") == "“director” is already a director."
    assert user("director").check_password(PASSWORD)


def test_add_refuses_a_name_the_account_model_refuses(db):
    assert refused("add", "no spaces allowed").startswith("User name refused: Enter a valid username.")
    assert refused("add", "x" * 151).startswith("User name refused: Ensure this value has at most 150 characters")


def test_add_makes_an_existing_account_a_director(player_user, monkeypatch):
    monkeypatch.setenv("P", STRONG)
    run("add", "speler", "--password-from-env", "P")
    assert is_director(user("speler")) and user("speler").check_password(STRONG)


def test_list_shows_name_active_and_last_login(director, client):
    run("add", "bob")
    run("add", "anna")
    run("remove", "bob")
    client.post("/login/", {"username": "director", "password": PASSWORD})
    lines = run("list").splitlines()
    assert lines[0].split() == ["username", "active", "last", "login"]
    assert [line.split()[:2] for line in lines[1:]] == [["anna", "yes"], ["bob", "no"], ["director", "yes"]]
    assert lines[1].endswith("never") and lines[3].split()[2].startswith("20")


def test_list_without_directors(db):
    assert run("list") == "No directors.\n"


def test_remove_deactivates_the_director_and_keeps_the_account(director, player_user, client):
    run("add", "anna")
    assert run("remove", "director") == "“director” is no longer a director; the account is deactivated.\n"
    removed = user("director")
    assert not is_director(removed) and not removed.is_active and not removed.is_staff
    assert client.post("/login/", {"username": "director", "password": PASSWORD}).status_code == 400
    assert refused("remove", "director") == "“director” is not an active director."
    assert refused("remove", "nobody") == "There is no account named “nobody”."
    assert refused("remove", "speler") == "“speler” is not a director."


def test_a_removed_director_comes_back_with_add(director, monkeypatch):
    run("add", "anna")
    run("remove", "director")
    monkeypatch.setenv("P", STRONG)
    run("add", "director", "--password-from-env", "P")
    back = user("director")
    assert back.is_active and back.is_staff and is_director(back) and back.check_password(STRONG)


def test_the_last_active_director_cannot_be_removed(director):
    run("add", "anna")
    run("remove", "anna")
    assert refused("remove", "director") == "“director” is the last active director: add another director first."
    assert is_director(user("director")) and user("director").is_active


def test_a_removed_director_is_not_made_one_again_at_start_up(director, capsys):
    run("add", "anna")
    run("remove", "director")
    call_command("ensure_director")
    assert "“director” is no longer a director" in capsys.readouterr().out
    assert not is_director(user("director"))


def test_password_sets_a_checked_password_and_lifts_the_login_wait(director, client, tmp_path, monkeypatch):
    (tmp_path / ".director_password").write_text(PASSWORD)
    for _n in range(logins.ACCOUNT.threshold):
        client.post("/login/", {"username": "director", "password": "wrong"})
    assert client.post("/login/", {"username": "director", "password": PASSWORD}).status_code == 429
    monkeypatch.setenv("NEW", STRONG)
    assert run("password", "director", "--password-from-env", "NEW") == "New password for “director”.\n"
    assert not Attempt.objects.filter(key=logins.account_key("director")).exists()
    assert (tmp_path / ".director_password").read_text() == STRONG  # make run prints the new one
    assert client.post("/login/", {"username": "director", "password": STRONG}).status_code == 302
    monkeypatch.setenv("NEW", "director")
    assert "too similar to the username" in refused("password", "director", "--password-from-env", "NEW")
    assert user("director").check_password(STRONG)


def test_password_generates_one_and_leaves_another_accounts_file_alone(director, tmp_path):
    run("add", "anna")
    (tmp_path / ".director_password").write_text(PASSWORD)  # the password of "director"
    out = run("password", "anna")
    assert user("anna").check_password(out.strip().rsplit("password: ", 1)[1])
    assert (tmp_path / ".director_password").read_text() == PASSWORD
    assert refused("password", "nobody") == "There is no account named “nobody”."


def test_password_refuses_a_non_director(player_user):
    assert refused("password", "speler") == "“speler” is not a director."


# The admin: not where directors are managed (README), and true to that.


def test_a_director_cannot_add_users_or_directors_in_the_admin(db, client):
    out = run("add", "anna")
    client.post("/login/", {"username": "anna", "password": out.strip().rsplit("password: ", 1)[1]})
    assert client.get("/admin/").status_code == 200  # staff: the admin says there is nothing for them
    for url in ("/admin/auth/user/", "/admin/auth/user/add/", "/admin/auth/group/", "/admin/auth/group/add/"):
        assert client.get(url).status_code == 403, url
    assert client.post("/admin/auth/user/add/", {"username": "eve", "password1": STRONG,
                                                 "password2": STRONG}).status_code == 403
    assert not get_user_model().objects.filter(username="eve").exists()


def test_a_superuser_has_the_whole_admin(db, client):
    get_user_model().objects.create_superuser("root", password=STRONG)
    client.post("/admin/login/", {"username": "root", "password": STRONG})
    assert client.get("/admin/auth/user/add/").status_code == 200
