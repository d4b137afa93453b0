"""The house rules in force as short sentences for players: on the table cards, the dispute desk
and the public rules helper, so the three always say the same thing. Keezen's flags are the
engine's (:func:`house_rule_lines`); Klaverjassen's are the ``klaverjas`` package's, and its rules
helper names the three that decide which card may be played (:func:`card_rule_lines`), its
whole-deal page the revoke penalty (:func:`revoke_penalty_words`)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import klaverjas
from engine.house_rules import HouseRules


def house_rule_lines(rules: HouseRules) -> list[str]:
    """The house rules in force, one short sentence each, as players read them at the table."""
    lines = [
        _("Jack: you may swap with your partner's pawn.") if rules.jack_partner
        else _("Jack: you may not swap with your partner's pawn."),
        _("Jack: you may swap your own pawn that stands on its start hole.") if rules.jack_own_start
        else _("Jack: your own pawn on its start hole cannot be swapped."),
        _("If your only moves capture your own or your partner's pawn, you must make one.")
        if rules.self_capture == "forced"
        else _("If your only moves capture your own or your partner's pawn, you may fold instead."),
        _("A pawn at its home entrance must go in.") if rules.home_entry == "forced"
        else _("A pawn may pass its home entrance and go round again."),
        _("Seven: once your last pawn is home, the rest of the 7 is played with your partner's pawns.")
        if rules.seven_partner_remainder
        else _("Seven: your last pawn may come home only with the last part of a 7."),
        ngettext(
            "Seven: the 7 may not be split; it moves one pawn.",
            "Seven: a 7 may be split over at most %(count)d pawns, your partner's included.",
            rules.seven_max_pawns,
        ) % {"count": rules.seven_max_pawns},
    ]
    return lines


def card_rule_lines(rules: klaverjas.HouseRules) -> list[str]:
    """Klaverjassen's house rules that decide which card may be played, one sentence each."""
    return [
        _("Trump led: a player holding a higher trump must play it.") if rules.trump_lead_overtrump
        else _("Trump led: any trump will do."),
        _("Your partner wins the trick: you need not trump (Amsterdam).") if rules.partner_winning_free
        else _("You trump and overtrump even when your partner wins the trick (Rotterdam)."),
        _("Cannot overtrump: any card may be played, a lower trump too.") if rules.undertrump == "free"
        else _("Cannot overtrump: a lower trump only when the hand holds nothing else."),
    ]


def revoke_penalty_words(penalty: str) -> str:
    """The house rule ``revoke_penalty`` (:mod:`klaverjas.penalty`) in one sentence: the tournament
    form's choice, the whole-deal page and a deal ruling say it alike."""
    words = {
        "nat": _("Nat: the offending team scores 0, the other team 162 and all roem of the deal."),
        "roem-stays": _("The other team scores 162 and its own roem; the offending team keeps only its own roem."),
        "director": _("The director decides the deal's score."),
    }
    return words.get(penalty, "")
