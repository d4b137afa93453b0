"""``manage.py serve``: serve the site on the LAN with gunicorn and print the addresses for phones."""

import os
import sys

from django.conf import settings
from django.core.management.base import BaseCommand

from keezen_site.lan import lan_addresses


class Command(BaseCommand):
    help = "Serve on 0.0.0.0 (gunicorn) and print the addresses that phones on the LAN can open."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
        parser.add_argument("--workers", type=int, help="server processes (default: KEEZEN_WORKERS, else cores + 1; keezen_site/gunicorn_conf.py)")

    def handle(self, *args, port: int, workers: int | None, **options):
        self.stdout.write(f"On this laptop:   http://localhost:{port}/")
        addresses = lan_addresses()
        for address in addresses:
            self.stdout.write(self.style.SUCCESS(f"Phones on the LAN: http://{address}:{port}/"))
        if not addresses:
            self.stdout.write("No LAN address found: connect to the venue's network to let phones in.")
        self.stdout.flush()
        gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
        config = settings.BASE_DIR / "keezen_site" / "gunicorn_conf.py"
        arguments = [gunicorn, "keezen_site.wsgi", "--config", str(config), "--bind", f"0.0.0.0:{port}",
                     "--access-logfile", "-"]
        if workers:
            arguments += ["--workers", str(workers)]
        os.execv(gunicorn, arguments)
