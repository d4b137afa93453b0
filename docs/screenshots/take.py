"""Re-take docs/screenshots/public-phone.png: the demo tournament's public page on a phone.

    .venv/bin/python docs/screenshots/take.py

Uses a throwaway SQLite database (never db.sqlite3), ``manage.py runserver`` on 127.0.0.1 and
Debian's Chromium at 390 × 844 in Dutch, the app's default language.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "public-phone.png"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
MAX_HEIGHT = 1300  # CSS pixels: the header, the details and the first teams (keeps the PNG < 300 KB)
SLUG = "demo-keezentoernooi"


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


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp}/screenshot.sqlite3",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "screenshot-only",
            "ALLOWED_HOSTS": "127.0.0.1",
        }
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True)
        subprocess.run([*manage, "load_demo"], env=env, cwd=ROOT, check=True)
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
                context = browser.new_context(
                    viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                    locale="nl-NL", extra_http_headers={"Accept-Language": "nl"},
                )
                page = context.new_page()
                page.goto(f"{base}/t/{SLUG}/", wait_until="networkidle")
                height = min(page.evaluate("document.documentElement.scrollHeight"), MAX_HEIGHT)
                page.screenshot(
                    path=str(OUT), full_page=True,
                    clip={"x": 0, "y": 0, "width": PHONE["width"], "height": height},
                )
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
