"""Rulings of the dispute desk: what the director decided about a disputed position, kept with the
table, so that the same question gets the same answer all day.

A ruling stores the whole question (the position with the house rules that applied, whose turn,
the card, the claimed move) and the engine's verdict at that moment, plus the director's note.
It never changes afterwards: a second look at the same table is a second ruling.

Both games keep their rulings here, so that they are listed, printed and exported alike. A
Klaverjassen ruling (the card rules helper, :mod:`tournaments.services.card_rulings`) says
``"game": "klaverjas"`` in its ``position`` — trump, the trick so far, the hand, the card in
dispute, the house rules — and keeps every hand card's verdict; its ``card`` is spelled as the
``klaverjas`` package spells it (``10H``: three characters), its ``seat`` is how many cards of the
trick were played before it. :attr:`Ruling.game` tells the games apart (a ruling without ``"game"``
is of the default game), :attr:`Ruling.plugin` shows each in its game's words and templates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.systems import Game
from tournaments.models.registration import NOTE_MAX_LENGTH, Tournament
from tournaments.models.rounds import Table

if TYPE_CHECKING:
    from tournaments.games.base import GamePlugin


class Ruling(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rulings", verbose_name=_("tournament")
    )
    table = models.ForeignKey(
        Table, on_delete=models.RESTRICT, null=True, blank=True, related_name="rulings", verbose_name=_("table")
    )
    position = models.JSONField(_("position"))  # the engine's position JSON, house rules included
    code = models.CharField(_("position code"), max_length=300)
    seat = models.PositiveSmallIntegerField(_("seat to play"))
    card = models.CharField(_("card"), max_length=3)  # Keezen "10", Klaverjassen "10H"
    claim = models.CharField(_("claimed move"), max_length=200, blank=True)
    verdict = models.JSONField(_("verdict"))  # {"legal", "reason", "rule", "explanation", "explanation_nl"} or the moves
    note = models.TextField(_("director's note"), blank=True, max_length=NOTE_MAX_LENGTH)
    created_at = models.DateTimeField(_("made at"), default=timezone.now, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("made by"),
    )

    class Meta:
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        ordering = ["tournament_id", "created_at"]

    @property
    def game(self) -> Game:
        """The game the ruling is about: the one its position names, else the default game."""
        from tournaments.games import DEFAULT_GAME

        named = self.position.get("game") if isinstance(self.position, dict) else None
        return Game(named) if isinstance(named, str) and named in tuple(Game) else DEFAULT_GAME

    @property
    def plugin(self) -> GamePlugin:
        """The plug-in of the ruling's game: its templates and words (``tournaments/games``)."""
        from tournaments.games import GAMES

        return GAMES[self.game]

    def __str__(self) -> str:
        where = str(self.table) if self.table_id else str(self.tournament)
        return f"{where} · {self.card} · {self.created_at:%H:%M}" if self.created_at else where
