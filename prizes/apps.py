"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrizesConfig(AppConfig):
    name = "prizes"
    verbose_name = _("Prizes")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The app plugs into the tournament core's extension points; the core never imports it.
        from prizes import demo, file_section, screens  # noqa: F401
