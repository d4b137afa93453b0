"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Competitions")
    default_auto_field = "django.db.models.BigAutoField"
