"""A person of the club's register (issue 19): name, club, member number, e-mail.

``key`` is the name as :func:`tournaments.names.person_key` reads it, kept in the row so that the
register is matched in the database, the same on SQLite and PostgreSQL. ``ref`` is the person's id
in competition and tournament files (``"person": "p-eva"``); a file's id finds its person again.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.registration import MEMBER_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH, Club
from tournaments.names import person_key

REF_MAX_LENGTH = 60


class Person(models.Model):
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    key = models.CharField(_("name as matched"), max_length=NAME_MAX_LENGTH * 2, db_index=True, editable=False)
    club = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True, related_name="people", verbose_name=_("club"),
    )
    member_number = models.CharField(
        _("member number"), max_length=MEMBER_NUMBER_MAX_LENGTH, blank=True,
        help_text=_("The club's own number for this person; an Excel import matches on it first."),
    )
    email = models.EmailField(_("e-mail"), blank=True)
    ref = models.CharField(
        _("id in files"), max_length=REF_MAX_LENGTH, blank=True,
        help_text=_('The person\'s id in competition and tournament files ("person": "p-eva").'),
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now, editable=False)

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")
        ordering = ["key", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["member_number"], condition=~Q(member_number=""), name="unique_person_member_number",
                violation_error_message=_("Another person already has this member number."),
            ),
            models.UniqueConstraint(
                fields=["ref"], condition=~Q(ref=""), name="unique_person_ref",
                violation_error_message=_("Another person already has this id in files."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.key = person_key(self.name)
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "key"}
        super().save(*args, **kwargs)

    @property
    def competition_key(self) -> str:
        """Who this person is in a competition's standings: the id of the files, else the name as matched."""
        return self.ref or self.key
