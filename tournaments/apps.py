"""App configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from django_tasks.signals import task_finished

        from tournaments import signals
        from tournaments.services import backups, print_files

        signals.connect()
        backups.connect()
        task_finished.connect(print_files.failed_elsewhere, dispatch_uid="print-files-failed-elsewhere")
        # Backup folders of the slug-named layout move to their tournament's key once (services/backups.py).
        post_migrate.connect(backups.moved_after_migrate, sender=self, dispatch_uid="backups-move-slug-folders")
