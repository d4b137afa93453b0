"""What a table link's phone sent, by the one-time key its form carried (``services/sent_actions.py``).

Why a table: on the venue's Wi-Fi a phone may send a sheet, a confirmation or a dispute and never
hear the answer; it sends again. The server keeps each key with the outcome of its action, in the
transaction of the action itself, so the second sending gets the first one's outcome (``sent``),
never a second sheet nor a 409 that reads like a refusal. A database row rather than the cache:
every host sees it, and a cache may drop a key when it is full.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.rounds import Table


class SentAction(models.Model):
    key = models.CharField(_("key"), max_length=32, unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+", verbose_name=_("table"))
    fingerprint = models.CharField(_("content"), max_length=64)
    # 303: done; else the status of its refusal (400, 409, 410).
    status = models.PositiveSmallIntegerField(_("answer"), default=303)
    messages = models.JSONField(_("messages"), default=list, blank=True)
    # The side whose code the action proved (the phone may then go on as that side).
    position = models.PositiveSmallIntegerField(_("team (place on the sheet)"), null=True, blank=True)
    created_at = models.DateTimeField(_("when"), default=timezone.now, editable=False)

    class Meta:
        verbose_name = _("sent action")
        verbose_name_plural = _("sent actions")

    def __str__(self) -> str:
        return f"{self.table_id} · {self.key}: {self.status}"
