"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DoorConfig(AppConfig):
    name = "door"
    verbose_name = _("Entry fees")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The app plugs into the tournament core's extension points; the core never imports it.
        from door import file_section, screens  # noqa: F401
