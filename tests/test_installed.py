"""The installed product (issue 33): a wheel that holds every app, template, static file and
translation, the ``keezen`` command, and its data in ``KEEZEN_HOME`` or the user's data folder.

The end-to-end test builds the wheel as a user's ``pipx install`` gets it, installs it into a fresh
virtual environment outside the checkout, and runs ``keezen run`` there in an empty ``KEEZEN_HOME``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from keezen_site import cli
from keezen_site import settings as site
from tests.test_https import free_port, stop

ROOT = Path(__file__).resolve().parent.parent
UV = Path(sys.executable).with_name("uv")
PACKAGES = ("keezen_site", "seasons", "people", "prizes", "door", "common", "tournaments", "scoring", "engine",
            "klaverjas")
"""What ``[tool.setuptools.packages.find]`` puts in the wheel (checked against pyproject below)."""


def test_the_data_folder_is_keezen_home_else_the_checkout_else_the_users(monkeypatch, tmp_path):
    monkeypatch.setenv("KEEZEN_HOME", str(tmp_path / "home" / "keezen"))
    assert site._data_dir() == tmp_path / "home" / "keezen" and (tmp_path / "home" / "keezen").is_dir()
    monkeypatch.delenv("KEEZEN_HOME")
    assert site._data_dir() == site.BASE_DIR  # a checkout: beside manage.py, as make run always did
    monkeypatch.setattr(site, "BASE_DIR", tmp_path / "site-packages")  # installed: no manage.py
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert site._data_dir() == tmp_path / "share" / "keezen-toernooi"


def test_the_packages_copied_for_the_build_are_the_wheel_s():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    include = text.split("[tool.setuptools.packages.find]", 1)[1].split("include = [", 1)[1].split("]", 1)[0]
    assert sorted(name.strip(' "*') for name in include.split(",")) == sorted(PACKAGES)


def test_keezen_run_sets_up_as_make_run_does():
    """One list of set-up steps in two places (the Makefile for a checkout, ``keezen`` installed): the same."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nmigrate: install\n", 1)[1].split("\nrun: demo\n", 1)[0]
    steps = [line.split("manage.py ", 1)[1].split() for line in recipe.splitlines() if "$(PY) manage.py " in line]
    assert steps == [list(step) for step in cli.SET_UP]


def test_an_unknown_command_prints_the_help_and_exits_2(capsys):
    assert cli.main(["frobnicate"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'frobnicate'" in err and cli.USAGE in err and "restore" in err
    assert cli.main([]) == 2 and cli.USAGE in capsys.readouterr().err
    assert cli.main(["run", "--fast"]) == 2 and "takes no arguments" in capsys.readouterr().err
    assert cli.main(["--help"]) == 0 and "KEEZEN_HOME" in capsys.readouterr().out


def _run(*command: object, **options) -> subprocess.CompletedProcess:
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=300, **options)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_the_wheel_installed_outside_the_checkout_runs_the_demo(tmp_path):
    if not UV.exists():
        pytest.skip("uv is what make install puts in the venv")
    # As pipx does: the wheel, installed into a fresh venv. Built from a copy of what the package is
    # made of, so that the build writes nothing into the checkout (its build/ and egg-info, while
    # other tests or an install read it).
    source = tmp_path / "source"
    for name in ("pyproject.toml", "README.md"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    _run(UV, "build", "--quiet", "--wheel", "--out-dir", tmp_path / "dist", source)
    wheel, = (tmp_path / "dist").glob("keezen_toernooi-*.whl")
    _run(UV, "venv", "--quiet", "--python", sys.executable, tmp_path / "venv")
    _run(UV, "pip", "install", "--quiet", "--python", tmp_path / "venv" / "bin" / "python", wheel)
    keezen = tmp_path / "venv" / "bin" / "keezen"
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("DATABASE_URL", "KEEZEN_", "DJANGO_", "HTTPS", "BACKUPS_RUN",
                                          "PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"))}
    # (a laptop keeps its compiled modules, beside them)
    environment.update(KEEZEN_HOME=str(tmp_path / "home"), PORT=str(free_port()), KEEZEN_WORKERS="1",
                       ALLOWED_HOSTS="127.0.0.1", PUBLIC_URL="http://127.0.0.1/")
    unknown = subprocess.run([keezen, "frobnicate"], capture_output=True, text=True, env=environment, cwd=tmp_path)
    assert unknown.returncode == 2 and cli.USAGE in unknown.stderr

    output = tmp_path / "run.txt"
    with output.open("w") as log:
        process = subprocess.Popen([keezen, "run"], cwd=tmp_path, env=environment, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        page = _first_page(f"http://127.0.0.1:{environment['PORT']}", process, output)
        with urllib.request.urlopen(f"http://127.0.0.1:{environment['PORT']}/static/bootstrap/css/bootstrap.min.css",
                                    timeout=10) as css:
            assert b"Bootstrap" in css.read(300)
        # The background worker that serve starts beside the web processes writes the demo's backups.
        deadline = time.monotonic() + 60
        while not list((tmp_path / "home" / "backups").rglob("*.json")):
            assert time.monotonic() < deadline, f"no backup written by the worker:\n{output.read_text()}"
            time.sleep(0.3)
    finally:
        stop(process)
    assert "Demo Keezentoernooi" in page  # the demo, loaded by keezen run
    assert 'lang="nl"' in page and "Toernooien" in page  # the Dutch catalog came with the wheel
    printed = output.read_text()
    assert "Director login: director / " in printed, printed
    home = sorted(path.name for path in (tmp_path / "home").iterdir())
    assert {".director_password", ".secret_key", "db.sqlite3", "staticfiles", "backups"} <= set(home), home
    assert not (tmp_path / "db.sqlite3").exists()  # nothing written where it was started


def _first_page(url: str, process: subprocess.Popen, output: Path) -> str:
    deadline = time.monotonic() + 120
    while True:
        assert process.poll() is None, f"keezen run stopped:\n{output.read_text()}"
        try:
            request = urllib.request.Request(f"{url}/", headers={"Accept-Language": "nl"})
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.read().decode()
        except OSError:
            assert time.monotonic() < deadline, f"keezen run did not answer within 120 s:\n{output.read_text()}"
            time.sleep(0.3)
