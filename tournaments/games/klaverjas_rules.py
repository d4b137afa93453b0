"""Klaverjassen's house rules on the tournament form: one field per flag of ``klaverjas.md``, named
``card_<flag>``, the ``klaverjas`` package's defaults preset; kept, with every game's flags, in
``Tournament.game_rules``."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import klaverjas
from tournaments.services.house_rules import revoke_penalty_words

CARD_FLAGS = tuple(flag.name for flag in dataclass_fields(klaverjas.HouseRules))
KEPT_WHEN_LEFT_OUT = ("undertrump", "four_of_a_kind", "four_jacks", "pit_bonus", "revoke_penalty")
"""Flags a form sent without the field keeps as they were (a checkbox left out is off)."""


def _multiple_of_ten(lowest: int):
    def check(value: int) -> None:
        if value is not None and (value < lowest or value % 10):
            raise forms.ValidationError(_("A multiple of 10, at least %(lowest)s.") % {"lowest": lowest})
    return check


def card_rule_fields() -> dict[str, forms.Field]:
    """New form fields of the flags, in the form's order: the spec's six, then the revoke penalty
    (issue 35: how a deal with a card played against the rules is scored, ``klaverjas.penalty``)."""
    defaults = klaverjas.DEFAULTS
    return {
        "card_trump_lead_overtrump": forms.BooleanField(
            label=_("Trump led: overtrump when you can"), required=False, initial=defaults.trump_lead_overtrump,
            help_text=_("When trump is led, a player holding a higher trump must play it (off: any trump will do).")),
        "card_partner_winning_free": forms.BooleanField(
            label=_("Partner wins the trick: no need to trump (Amsterdam)"), required=False,
            initial=defaults.partner_winning_free,
            help_text=_("Off (Rotterdam): trump, and overtrump the partner, whenever the rules ask it.")),
        "card_undertrump": forms.ChoiceField(
            label=_("Undertrumping"), initial=defaults.undertrump, required=False,
            choices=[("free", _("Free: any card when you cannot overtrump")),
                     ("only-when-forced", _("Only when the hand holds nothing else"))]),
        "card_four_of_a_kind": forms.IntegerField(
            label=_("Roem for four of a kind"), initial=defaults.four_of_a_kind, required=False,
            validators=[_multiple_of_ten(10)]),
        "card_four_jacks": forms.IntegerField(
            label=_("Roem for four jacks"), initial=defaults.four_jacks, required=False,
            validators=[_multiple_of_ten(10)]),
        "card_pit_bonus": forms.IntegerField(
            label=_("Pit bonus"), initial=defaults.pit_bonus, required=False, validators=[_multiple_of_ten(0)]),
        "card_revoke_penalty": forms.ChoiceField(
            label=_("Revoke penalty"), initial=defaults.revoke_penalty, required=False,
            choices=[(value, revoke_penalty_words(value)) for value in klaverjas.REVOKE_PENALTIES],
            help_text=_("A card played against the rules (revoked): how the deal is scored. The offending "
                        "team is the one whose card the cards show first to be against the rules.")),
    }


def card_rules_of_form(data: dict[str, Any], fields: dict[str, forms.Field],
                       seats_two_only: str) -> tuple[dict[str, Any] | None, list[tuple[str | None, str]]]:
    """The flags of the form's cleaned ``data`` as the rules take them; a value left out is the field's
    initial one (the tournament's setting). A Klaverjassen table seats two teams (``seats_two_only``)."""
    problems: list[tuple[str | None, str]] = []
    if data.get("teams_per_table") == 3:
        problems.append(("teams_per_table", seats_two_only))
    if data.get("three_team_table"):
        problems.append(("three_team_table", _("A Klaverjassen table seats two teams: an odd team gets a bye.")))
    flags = {flag: data.get(f"card_{flag}") for flag in CARD_FLAGS}
    for flag in KEPT_WHEN_LEFT_OUT:
        if flags[flag] in (None, ""):
            flags[flag] = fields[f"card_{flag}"].initial
    try:
        return klaverjas.parse_house_rules(flags).as_json(), problems
    except klaverjas.KlaverjasError as error:  # the fields' own checks come first: a safety net
        return None, [*problems, (None, error.message)]
