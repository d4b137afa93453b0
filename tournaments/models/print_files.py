"""Files rendered ahead of the click: table cards when a round is published, the standings PDF and
the prize list when asked. A row is one file of one exporter for one content key; it goes
queued → running → ready (or failed), and keeps the file's bytes, so every server process can
hand it out. See :mod:`tournaments.services.print_files`."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.registration import Tournament
from tournaments.models.rounds import Round


class PrintFileStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    RUNNING = "running", _("Being made")
    READY = "ready", _("Ready")
    FAILED = "failed", _("Failed")


class PrintFile(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="print_files",
                                   verbose_name=_("tournament"))
    round = models.ForeignKey(Round, on_delete=models.CASCADE, null=True, blank=True, related_name="print_files",
                              verbose_name=_("round"))
    exporter = models.CharField(_("file"), max_length=40)
    key = models.CharField(_("content key"), max_length=64)
    after_round = models.PositiveSmallIntegerField(_("after round"), null=True, blank=True)
    site_url = models.CharField(_("address of the QR codes"), max_length=300, blank=True)
    language = models.CharField(_("language"), max_length=10)
    status = models.CharField(_("status"), max_length=10, choices=PrintFileStatus.choices,
                              default=PrintFileStatus.QUEUED)
    estimate_seconds = models.FloatField(_("expected seconds"), default=1.0)
    attempt = models.PositiveIntegerField(_("attempt"), default=1)
    """Raised by each retry: a task made for an earlier attempt finds it changed and does nothing."""
    claimed_by = models.CharField(_("made by"), max_length=64, blank=True)
    """The task rendering it (its result id), or empty when rendered in place: a task run again after
    its worker died takes back only its own job."""
    content = models.BinaryField(_("file"), null=True, blank=True, editable=False)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    queued_at = models.DateTimeField(_("queued at"), default=timezone.now)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("print file")
        verbose_name_plural = _("print files")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "exporter", "key"], name="unique_print_file_per_content"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.exporter} · {self.status}"

    @property
    def is_ready(self) -> bool:
        return self.status == PrintFileStatus.READY

    @property
    def failed(self) -> bool:
        return self.status == PrintFileStatus.FAILED
