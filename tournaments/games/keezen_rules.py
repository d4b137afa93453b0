"""Keezen's house rules on the tournament form: one field per flag of ``keezen-rules.md`` ("House-rule
flags"), named as the flags are, the engine's defaults preset.

Why fields of their own: the flags are kept, with every game's, in ``Tournament.game_rules``
(:meth:`tournaments.games.keezen.Keezen.house_rules` reads them), not in columns; the form shows
them as it always did.
"""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from engine.house_rules import DEFAULTS
from tournaments.models import ForcedOrOptional

FORCED_OR_OPTIONAL = ForcedOrOptional.choices


def keezen_rule_fields() -> dict[str, forms.Field]:
    """New form fields of the six flags, in the form's order."""
    return {
        "jack_partner": forms.BooleanField(
            label=capfirst(_("jack may swap with the partner's pawn")), required=False, initial=DEFAULTS.jack_partner,
            help_text=_("R14: with a jack a player may swap one of their pawns with a pawn of their partner.")),
        "jack_own_start": forms.BooleanField(
            label=capfirst(_("jack may move an own pawn off its start hole")), required=False,
            initial=DEFAULTS.jack_own_start,
            help_text=_("R14: a player may swap their own pawn that stands on its own start hole.")),
        "self_capture": forms.TypedChoiceField(
            label=capfirst(_("capturing an own pawn")), choices=FORCED_OR_OPTIONAL, initial=DEFAULTS.self_capture,
            help_text=_("R17: when the only possible moves capture an own or partner's pawn, "
                        "must the player make one (forced) or may they fold (optional)?")),
        "home_entry": forms.TypedChoiceField(
            label=capfirst(_("entering the home")), choices=FORCED_OR_OPTIONAL, initial=DEFAULTS.home_entry,
            help_text=_("R13: must a pawn that reaches its home entrance go in (forced), "
                        "or may it go round the board again (optional)?")),
        "seven_partner_remainder": forms.BooleanField(
            label=capfirst(_("rest of a 7 goes to the partner")), required=False,
            initial=DEFAULTS.seven_partner_remainder,
            help_text=_("R15: when part of a 7 brings a player's last pawn home, "
                        "the remaining steps are played with the partner's pawns.")),
        "seven_max_pawns": forms.IntegerField(
            label=capfirst(_("pawns that may share a 7")), min_value=0, initial=DEFAULTS.seven_max_pawns,
            validators=[MinValueValidator(1), MaxValueValidator(7)],
            help_text=_("R15: how many pawns one 7 may be split over, the partner's included.")),
    }
