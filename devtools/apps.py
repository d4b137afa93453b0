"""The development tools' Django app: only there so that ``manage.py`` finds its commands."""

from django.apps import AppConfig


class DevtoolsConfig(AppConfig):
    name = "devtools"
    verbose_name = "Development tools"
