"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Competitions")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The app plugs into the tournament core's extension points; the core never imports it.
        from seasons import demo, file_section, people_merges, screens  # noqa: F401
