"""WSGI entry point, served by gunicorn (``manage.py serve``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "keezen_site.settings")
application = get_wsgi_application()
