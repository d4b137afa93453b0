"""Why a card may or may not be played, in a sentence in English and in Dutch.

Why: the app's dispute helper shows players the rule behind the answer of :mod:`klaverjas.play`,
naming the suit and the cards — "You hold spades: follow suit" / "Je hebt schoppen: kleur
bekennen"; "An opponent trumped with the nine of hearts: overtrump with the jack of hearts" — for
every refusal of the contract and for every reason a card is allowed (:data:`klaverjas.play.ALLOWANCES`).
The sentences follow from the reason and the cards on the table; the house rules need not be
passed: the reason already says what they decided (a ``must-trump`` while the partner is winning
can only be Rotterdam).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from klaverjas import play
from klaverjas.cards import CARDS, TRUMP_STRENGTH, parse_card, parse_suit
from klaverjas.errors import KlaverjasError
from klaverjas.house_rules import DEFAULTS, HouseRules
from klaverjas.words import LANGUAGES, card_list, card_name, suit_name

TEMPLATES: dict[str, dict[str, str]] = {
    # Refusals.
    "follow-suit": {
        "en": "You hold {led}: follow suit (not {card}).",
        "nl": "Je hebt {led}: kleur bekennen (niet {card}).",
    },
    "follow-suit/trump": {
        "en": "Trump ({trump}) was led and you hold trump: play a trump (not {card}).",
        "nl": "Er is troef ({trump}) gevraagd en je hebt troef: troef bekennen (niet {card}).",
    },
    "must-overtrump": {
        "en": "{Who} trumped with {top}: overtrump with {higher}, not {card}.",
        "nl": "{Who} heeft getroefd met {top}: overtroeven met {higher}, niet met {card}.",
    },
    "must-overtrump/partner": {
        "en": "Your partner trumped with {top}, and under these house rules (Rotterdam) you overtrump even "
              "your partner: play {higher}, not {card}.",
        "nl": "Je maat heeft getroefd met {top}, en volgens deze huisregels (Rotterdams) overtroef je ook je "
              "maat: speel {higher}, niet {card}.",
    },
    "must-overtrump/trump": {
        "en": "Trump was led and {top} is the highest trump so far: you hold a higher one, so play {higher}, "
              "not {card}.",
        "nl": "Er is troef gevraagd en {top} is tot nu toe de hoogste troef: je hebt een hogere, dus speel "
              "{higher}, niet {card}.",
    },
    "must-trump": {
        "en": "You cannot follow {led} and nobody has trumped yet: you must trump with {trumps}, not {card}.",
        "nl": "Je kunt geen {led} bekennen en er is nog niet getroefd: je moet troeven met {trumps}, niet met {card}.",
    },
    "must-trump/partner": {
        "en": "You cannot follow {led}: under these house rules (Rotterdam) you trump even when your partner is "
              "winning the trick, so play {trumps}, not {card}.",
        "nl": "Je kunt geen {led} bekennen: volgens deze huisregels (Rotterdams) troef je ook als je maat de slag "
              "heeft, dus speel {trumps}, niet {card}.",
    },
    "no-undertrump": {
        "en": "You cannot overtrump {top} and you hold cards that are not trump: play one of those, not "
              "{card}, a lower trump (no undertrumping).",
        "nl": "Je kunt {top} niet overtroeven en je hebt kaarten die geen troef zijn: speel daar een van, niet de "
              "lagere troef {card_bare} (ondertroeven mag niet).",
    },
    # Allowances.
    "lead": {
        "en": "You lead: any card may be led.",
        "nl": "Je komt uit: elke kaart mag.",
    },
    "follows": {
        "en": "You follow suit: {led} were led.",
        "nl": "Je bekent kleur: er is {led} gevraagd.",
    },
    "follows/trump": {
        "en": "Trump was led and you play a trump: any trump will do.",
        "nl": "Er is troef gevraagd en je speelt troef: elke troef is goed.",
    },
    "overtrumps": {
        "en": "{Card} is higher than {top}: you overtrump, as the rules ask.",
        "nl": "{Card} is hoger dan {top}: je overtroeft, zoals de regels vragen.",
    },
    "no-trump": {
        "en": "You cannot follow {led} and hold no trump: any card may be played.",
        "nl": "Je kunt geen {led} bekennen en je hebt geen troef: elke kaart mag.",
    },
    "no-trump/trump": {
        "en": "Trump was led and you hold no trump: any card may be played.",
        "nl": "Er is troef gevraagd en je hebt geen troef: elke kaart mag.",
    },
    "partner-winning": {
        "en": "Your partner is winning the trick: you need not trump, any card may be played.",
        "nl": "Je maat heeft de slag: je hoeft niet te troeven, elke kaart mag.",
    },
    "trumps": {
        "en": "You cannot follow {led}: you trump, as you must.",
        "nl": "Je kunt geen {led} bekennen: je troeft, zoals moet.",
    },
    "cannot-overtrump": {
        "en": "You cannot overtrump {top}: any card may be played.",
        "nl": "Je kunt {top} niet overtroeven: elke kaart mag.",
    },
    "discards": {
        "en": "You cannot overtrump {top}: a card that is not trump may be played.",
        "nl": "Je kunt {top} niet overtroeven: een kaart die geen troef is mag.",
    },
    "only-trumps": {
        "en": "You cannot overtrump {top} and hold nothing but trumps: a lower trump is allowed.",
        "nl": "Je kunt {top} niet overtroeven en je hebt alleen troef: ondertroeven mag dan.",
    },
}
WHO = {"en": ("An opponent", "Your partner"), "nl": ("Een tegenstander", "Je maat")}


@dataclass(frozen=True)
class CardVerdict:
    """One card of a hand: may it be played, the reason code, and the sentence."""

    card: str
    legal: bool
    reason: str
    sentence: str


def _template(reason: str, trump: int, trick: Sequence[int], hand: Sequence[int]) -> str:
    """The key of :data:`TEMPLATES` for this reason on this table."""
    if not trick:
        return reason
    trump_led = trick[0] >> 3 == trump
    if trump_led and reason in ("follow-suit", "must-overtrump", "follows", "no-trump"):
        return reason + "/trump"
    partner = len(trick) - 2
    if reason == "must-overtrump" and partner >= 0 and _top_index(trump, trick) == partner:
        return reason + "/partner"
    if reason == "must-trump" and partner >= 0 and play.winning_index(trump, trick) == partner:
        return reason + "/partner"
    return reason


def _top_index(trump: int, trick: Sequence[int]) -> int:
    """Index of the highest trump in the trick, -1 when there is none."""
    best, best_strength = -1, -1
    for index, card in enumerate(trick):
        if card >> 3 == trump and TRUMP_STRENGTH[card & 7] > best_strength:
            best, best_strength = index, TRUMP_STRENGTH[card & 7]
    return best


def sentence(reason: str, trump: int, trick: Sequence[int], hand: Sequence[int], card: int, lang: str = "en") -> str:
    """The sentence for ``reason`` on card codes (see :func:`explain` for text)."""
    if reason not in TEMPLATES:
        raise ValueError(f"unknown reason {reason!r}")
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    template = TEMPLATES[_template(reason, trump, trick, hand)][lang]
    top = _top_index(trump, trick)
    beat = TRUMP_STRENGTH[trick[top] & 7] if top >= 0 else 8  # nothing beats 8: no trump to overtrump
    higher = [c for c in hand if c >> 3 == trump and TRUMP_STRENGTH[c & 7] > beat]
    named = card_name(card, lang)
    values = {
        "card": named,
        "Card": named[:1].upper() + named[1:],
        "card_bare": named.removeprefix("de "),
        "trump": suit_name(trump, lang),
        "led": suit_name(trick[0] >> 3, lang) if trick else "",
        "top": card_name(trick[top], lang) if top >= 0 else "",
        "higher": card_list(higher, lang),
        "trumps": card_list([c for c in hand if c >> 3 == trump], lang),
        "Who": WHO[lang][0],
    }
    return template.format(**values)


def explain(reason: str, trump: str, trick: Sequence[str], hand: Sequence[str], card: str, lang: str = "en") -> str:
    """Why ``card`` of ``hand`` is refused (a reason of :data:`klaverjas.play.REFUSALS`) or allowed
    (:data:`klaverjas.play.ALLOWANCES`), in English (``"en"``) or Dutch (``"nl"``).

    The reason is the one :func:`klaverjas.play.assess` (or :func:`explain_hand`) gave this card;
    raises :class:`~klaverjas.errors.KlaverjasError` for bad cards, ValueError for an unknown reason.
    """
    suit = parse_suit(trump)
    played = play.parse_trick(play.listed(trick))
    held = play.parse_hand(play.listed(hand), played)
    code = parse_card(card)
    if code not in held:
        raise KlaverjasError("invalid-hand", f"{card} is not in the hand")
    return sentence(reason, suit, played, held, code, lang)


def explain_hand(trump: str, trick: Sequence[str], hand: Sequence[str], rules: HouseRules = DEFAULTS,
                 lang: str = "en") -> list[CardVerdict]:
    """Every card of the hand, in order: whether it may be played, the reason and its sentence —
    the dispute helper's page in one call. Raises KlaverjasError for bad input."""
    suit = parse_suit(trump)
    played = play.parse_trick(play.listed(trick))
    held = play.parse_hand(play.listed(hand), played)
    return [CardVerdict(CARDS[card], reason not in play.REFUSALS, reason,
                        sentence(reason, suit, played, held, card, lang))
            for card, reason in zip(held, play.assess(suit, played, held, rules))]


__all__ = ["TEMPLATES", "CardVerdict", "explain", "explain_hand", "sentence"]
