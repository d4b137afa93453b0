"""Re-take the README's screenshots: the demo tournament's public page, then a tournament day step
by step (check-in, the round page, a table's phone, the results desk, the dispute desk, the
standings).

    .venv/bin/python docs/screenshots/take.py

Uses a throwaway SQLite database (never db.sqlite3), ``manage.py runserver`` on 127.0.0.1 and
Debian's Chromium (never ``playwright install``). The day is played through the app's own services
(``take.py prepare door|day``, run with the throwaway database), so every page shows what a real day
shows: the demo's round 1 played, its round 2 under way with sheets confirmed from the tables' phones,
typed at the desk, waiting, disputed and missing. The first picture is in Dutch, the app's default
language; the day's pictures are in English, as the README names the buttons. Phones are 390 × 844
at twice the pixels, the laptop 1280 × 800; every picture is clipped to stay under about 300 KB.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from urllib.parse import urlencode
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SLUG = "demo-keezentoernooi"
DIRECTOR, PASSWORD = "director", "screenshots-only-9431"
PUBLIC_URL = "http://192.168.1.23:8000/"  # what make run prints for the phones: no warning before printing
LATE = {5, 11, 16, 20, 23}  # team numbers not yet at the door on the check-in picture
MINUTES_PLAYED = 21  # of round 2's 45 when the day's pictures are taken


# --------------------------------------------------------------------------- the day, through the services


def prepare(phase: str) -> None:
    """Run in a process of its own with the throwaway database: ``door`` checks in all teams but
    the late ones; ``day`` checks them in too and plays round 2 halfway, printing what the pictures
    need as JSON."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "keezen_site.settings")
    import django

    django.setup()
    import datetime

    from django.utils import timezone

    from tournaments.models import Round, Table, Tournament
    from tournaments.services import clock, table_entry
    from tournaments.services.rehearsal import random_sheet
    from tournaments.services.results import record_result
    from tournaments.services.teams import set_checked_in

    tournament = Tournament.objects.get(slug=SLUG)
    for team in tournament.teams.active().order_by("number"):
        set_checked_in(team, phase == "day" or team.number not in LATE)
    if phase == "door":
        return
    round_ = Round.objects.get(tournament=tournament, number=2)
    clock.start(round_, now=timezone.now() - datetime.timedelta(minutes=MINUTES_PLAYED))
    tables = list(Table.objects.filter(round=round_).select_related("round__tournament").with_sheets()
                  .order_by("number"))
    rng = random.Random(tournament.seed)

    def sheet(table: Table) -> dict:
        return random_sheet(tournament.scoring_system, len(table.seats.all()), rng, stopped=False)

    def code(table: Table, position: int) -> str:
        return next(seat.code for seat in table.seats.all() if seat.position == position)

    for table in tables[:6]:  # sent from the table's phone, confirmed by the other team's code
        table_entry.submit(table, 1, sheet(table))
        table_entry.confirm(table, code(table, 2))
    for table in tables[6:8]:  # paper sheets typed at the desk
        record_result(table, sheet(table))
    waiting, disputed, missing = tables[8], tables[9], tables[-1]
    table_entry.submit(waiting, 2, sheet(waiting))
    table_entry.submit(disputed, 1, sheet(disputed))
    table_entry.dispute(disputed, code(disputed, 2), "We had three pawns home, not two.")
    print(json.dumps({"link": missing.token, "disputed": disputed.number}))


# --------------------------------------------------------------------------- the pictures


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"runserver exited with {server.returncode}")
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"{url} did not answer within {seconds}s")


def shoot(page, name: str, max_height: int, top: str | None = None, bottom: str | None = None) -> None:
    """The page as ``name``: from the top of the element ``top`` (else the page's) down to the bottom
    of the element ``bottom`` (else the page's), at most ``max_height`` CSS pixels of it."""
    width = page.viewport_size["width"]
    start = page.locator(top).bounding_box()["y"] if top else 0
    end = page.locator(bottom).bounding_box() if bottom else None
    end = end["y"] + end["height"] + 12 if end else page.evaluate("document.documentElement.scrollHeight")
    page.evaluate("window.scrollTo(0, 0)")
    path = HERE / name
    page.screenshot(path=str(path), full_page=True,
                    clip={"x": 0, "y": start, "width": width, "height": min(end - start, max_height)})
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def context(browser, base: str, phone: bool, language: str):
    options = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True} if phone \
        else {"viewport": LAPTOP, "device_scale_factor": 1}
    locale = "nl-NL" if language == "nl" else "en-GB"
    return browser.new_context(**options, locale=locale, base_url=base,
                               extra_http_headers={"Accept-Language": language})


def log_in(page) -> None:
    page.goto("/login/?next=/director/")
    page.fill("#id_username", DIRECTOR)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].tap-target")
    page.wait_for_url("**/director/")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp}/screenshot.sqlite3",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "screenshot-only",
            "ALLOWED_HOSTS": "127.0.0.1",
            "PUBLIC_URL": PUBLIC_URL,
            "BACKUPS_RUN": "inline",
            "KEEZEN_BACKUP_DIR": f"{tmp}/backups",
            "SCREENSHOT_PASSWORD": PASSWORD,
        }
        manage = [sys.executable, str(ROOT / "manage.py")]

        def run(*args: str) -> str:
            return subprocess.run(args, env=env, cwd=ROOT, check=True, capture_output=True, text=True).stdout

        run(*manage, "migrate", "--noinput", "-v", "0")
        run(*manage, "load_demo")
        run(*manage, "directors", "add", DIRECTOR, "--password-from-env", "SCREENSHOT_PASSWORD")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(f"{base}/", server)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                take_all(browser, base, lambda phase: run(sys.executable, __file__, "prepare", phase))
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


def take_all(browser, base: str, prepare_phase) -> None:
    # The public page, as the README opens with it (the demo as make run loads it, in Dutch).
    page = context(browser, base, phone=True, language="nl").new_page()
    page.goto(f"/t/{SLUG}/", wait_until="networkidle")
    shoot(page, "public-phone.png", 1300)

    laptop = context(browser, base, phone=False, language="en").new_page()
    phone = context(browser, base, phone=True, language="en").new_page()
    log_in(laptop)
    log_in(phone)

    # At the door: check-in on a phone.
    prepare_phase("door")
    phone.goto(f"/director/t/{SLUG}/checkin/", wait_until="networkidle")
    shoot(phone, "day-checkin-phone.png", 1000)

    # Round 2 under way.
    day = json.loads(prepare_phase("day"))
    laptop.goto(f"/director/t/{SLUG}/rounds/2/", wait_until="networkidle")
    shoot(laptop, "day-round.png", 1230)

    # A table's phone: the QR code on the table card opens the sheet; a few pawns are home.
    player = context(browser, base, phone=True, language="en").new_page()
    player.goto(f"/s/{day['link']}/", wait_until="networkidle")
    for letter in "ABAABBA":
        player.click(f"[data-arrival='{letter}']")
    player.check("#team-1")
    player.wait_for_selector("#preview table", timeout=5000)
    player.wait_for_load_state("networkidle")
    shoot(player, "day-table-phone.png", 1150)

    # The results desk: the disputed table opens with its sheet in the form and the note beside it.
    laptop.goto(f"/director/t/{SLUG}/desk/2/?table={day['disputed']}", wait_until="networkidle")
    shoot(laptop, "day-desk.png", 1200)

    # The dispute desk on a phone: a position, whose turn and the card; the legal moves listed.
    # A claim typed: the verdict names the rule.
    query = urlencode({"code": "K4:t3.t14|t20.h1|t35|t49.t60", "card": "4", "claim": "4 0:t14>t19"})
    phone.goto(f"/director/t/{SLUG}/disputes/?{query}", wait_until="networkidle")
    shoot(phone, "day-dispute-phone.png", 1400, top="#board", bottom="#claim-box")

    # The public standings on a player's phone.
    player.goto(f"/t/{SLUG}/standings/", wait_until="networkidle")
    shoot(player, "day-standings-phone.png", 1000)


if __name__ == "__main__":
    if sys.argv[1:2] == ["prepare"]:
        prepare(sys.argv[2])
    else:
        main()
