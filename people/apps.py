"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    name = "people"
    verbose_name = _("People")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The app plugs into the tournament core's extension points; the core never imports it.
        from people import club_register, file_section, screens  # noqa: F401
