"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DoorConfig(AppConfig):
    name = "door"
    verbose_name = _("Entry fees")
    default_auto_field = "django.db.models.BigAutoField"
