"""The Klaverjassen rules helper's state: trump, the cards of the trick so far and the player's hand
as tapped on a phone, read from one request, checked with messages in the page's language, and
answered card by card by :func:`klaverjas.explain_hand` ("You hold spades: follow suit").

Why a service and not the view: like the Keezen dispute desk (:mod:`.dispute_desk`), the page keeps
nothing on the server between taps. Trump, the trick (in the order played: the led card first), the
hand, the card in dispute and where the next tap goes travel with every request, and are written
back as the page's address (:func:`state_query`), so a reload, a shared link or the NL/EN switch
shows the same question. Reading that state and applying the request's tap is the helper's whole
logic; the rules themselves are the pure ``klaverjas`` package's.

Two kinds of problem: a *refusal* (a card that does not exist, a card twice, too many cards, a tap
on a full trick) is always answered 422; something *missing* (no trump yet, no hand yet) is only a
hint while the director is still tapping, and a refusal once the answer is asked for
(:func:`insist`): an explicit "show", a ruling to be saved, or a link that names a hand but no trump.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _

import klaverjas
from klaverjas.cards import CARD_CODES, RANKS, SUITS
from klaverjas.errors import shown
from klaverjas.play import MAX_HAND, MAX_TRICK
from klaverjas.words import RANK_WORDS, card_name, suit_name
from tournaments.services.disputes import language

TRICK, HAND = "trick", "hand"
ZONES = (TRICK, HAND)
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MAX_LISTED = 32
"""More cards than the deck holds in one field is no question: refused without reading each."""


@dataclass
class Question:
    """What the helper shows, read from one request."""

    rules: klaverjas.HouseRules
    trump: str = ""  # "S", "H", "D" or "C"; "" until chosen
    trick: list[str] = field(default_factory=list)  # the cards already played, the led card first
    hand: list[str] = field(default_factory=list)
    card: str = ""  # the card in dispute (one of the hand): what a ruling is about
    into: str = TRICK  # where the next tapped card goes
    errors: list[str] = field(default_factory=list)  # refusals: the page answers 422
    missing: list[str] = field(default_factory=list)  # what is still to be chosen or tapped

    @property
    def complete(self) -> bool:
        return not self.errors and not self.missing


@dataclass(frozen=True)
class CardButton:
    """One card of the deck on the page: where it is (trick, hand or neither) and its words."""

    code: str  # "10H", as the klaverjas package spells it
    label: str  # "10", "B" / "J"
    name: str  # "de hartentien" / "the ten of hearts"
    suit: str
    zone: str = ""  # TRICK, HAND or ""
    order: int = 0  # its place in the trick, 1 for the led card

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.suit]


@dataclass(frozen=True)
class Verdict:
    """One card of the hand in the answer."""

    code: str
    name: str
    legal: bool
    reason: str
    sentence: str
    disputed: bool = False


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def named(card: str, lang: str | None = None) -> str:
    """A card in words in the page's language ("the jack of hearts"); the text itself when it is no card."""
    try:
        return card_name(card, lang or language())
    except (ValueError, TypeError, KeyError):
        return str(card)[:12]


def short_label(card: str, lang: str | None = None) -> str:
    """The rank as players write it on a score card: ``B`` for the boer in Dutch, ``J`` in English."""
    rank = card[:-1]
    return rank if rank.isdigit() else RANK_WORDS[lang or language()][rank][0].upper()


def rules_from(data: QueryDict) -> klaverjas.HouseRules:
    """The public helper's ticked house rules (the three that decide which card may be played);
    without a choice the defaults apply."""
    if "rules_set" not in data:
        return klaverjas.DEFAULTS
    return klaverjas.HouseRules(
        trump_lead_overtrump="trump_lead_overtrump" in data,
        partner_winning_free="partner_winning_free" in data,
        undertrump="only-when-forced" if data.get("undertrump") == "only-when-forced" else "free",
    )


def _cards(text: str, zone: str, most: int, errors: list[str]) -> list[str]:
    """The cards of a comma-separated field, as far as they can be read; a refusal for the rest."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    in_trick = zone == TRICK
    if len(items) > MAX_LISTED:
        errors.append((_("The trick so far lists %(count)s cards; the deck has 32.") if in_trick
                       else _("The hand lists %(count)s cards; the deck has 32.")) % {"count": len(items)})
        return []
    cards: list[str] = []
    for item in items:
        if item not in CARD_CODES:
            errors.append(_("%(value)s is not a card: write the rank (7 8 9 10 J Q K A) and the suit (S H D C), "
                            "such as JH or 10S.") % {"value": shown(item)})
        elif item in cards:
            errors.append((_("%(card)s is in the trick so far twice: every card is in the deck once.") if in_trick
                           else _("%(card)s is in the hand twice: every card is in the deck once."))
                          % {"card": _upper_first(named(item))})
        else:
            cards.append(item)
    if len(cards) > most:
        errors.append((_("The trick so far holds at most %(most)s cards, not %(count)s: the fourth card ends the "
                         "trick.") if in_trick else _("A hand holds at most %(most)s cards, not %(count)s."))
                      % {"most": most, "count": len(cards)})
        cards = cards[:most]
    return cards


def action_of(data: QueryDict) -> str:
    """The request's action: a card button sends only ``tap`` (a button has one name)."""
    return data.get("action") or ("tap" if data.get("tap") else "")


def read_question(data: QueryDict, rules: klaverjas.HouseRules) -> Question:
    """The question after the request's action (a tap, "clear"); refusals in ``errors``."""
    errors: list[str] = []
    trump = data.get("trump", "")
    if trump and trump not in SUITS:
        errors.append(_("%(value)s is not a suit: choose spades, hearts, diamonds or clubs as trump.")
                      % {"value": shown(trump)})
        trump = ""
    trick = _cards(data.get("trick", ""), TRICK, MAX_TRICK, errors)
    hand = _cards(data.get("hand", ""), HAND, MAX_HAND, errors)
    for twice in [card for card in hand if card in trick]:
        errors.append(_("%(card)s is in the trick and in the hand: a card is in one place only.")
                      % {"card": _upper_first(named(twice))})
        hand.remove(twice)
    card = data.get("card", "")
    if card and card not in hand:
        errors.append(_("The card in dispute, %(card)s, is not in the hand.") % {
            "card": named(card) if card in CARD_CODES else shown(card)})
        card = ""
    into = data.get("into") if data.get("into") in ZONES else TRICK
    question = Question(rules=rules, trump=trump, trick=trick, hand=hand, card=card, into=into, errors=errors)
    action = action_of(data)
    if action == "tap":
        tap(question, data.get("tap", ""))
    elif action == "clear":
        question.trick, question.hand, question.card, question.into = [], [], "", TRICK
    question.missing = _missing(question)
    return question


def tap(question: Question, card: str) -> None:
    """A tapped card goes into (or, tapped again, out of) the trick or the hand, whichever the
    question's ``into`` says; a card from the other one moves over. The trick's third card
    sends the next taps to the hand."""
    if card not in CARD_CODES:
        question.errors.append(_("%(value)s is not a card of the deck.") % {"value": shown(card)})
        return
    zone, other = (question.trick, question.hand) if question.into == TRICK else (question.hand, question.trick)
    if card in zone:
        zone.remove(card)
    else:
        most = MAX_TRICK if question.into == TRICK else MAX_HAND
        if len(zone) >= most:
            question.errors.append(
                _("The trick so far already holds %(most)s cards: tap one of them to take it off, or tap into the "
                  "hand.") % {"most": most} if question.into == TRICK else
                _("The hand already holds %(most)s cards: tap one of them to take it off.") % {"most": most})
            return
        if card in other:
            other.remove(card)
        zone.append(card)
        if question.into == TRICK and len(zone) == MAX_TRICK:
            question.into = HAND
    if question.card not in question.hand:
        question.card = ""


def _missing(question: Question) -> list[str]:
    missing = []
    if not question.trump:
        missing.append(_("Choose trump."))
    if not question.hand:
        missing.append(_("Tap the cards of the player's hand (1 to 8)."))
    return missing


def insist(question: Question) -> None:
    """The answer is asked for: what is missing is refused."""
    question.errors.extend(question.missing)
    question.missing = []


def answer(question: Question) -> list[Verdict]:
    """Every card of the hand, allowed or not, with its sentence in the page's language; [] while
    the question is incomplete or refused."""
    if question.errors or question.missing:
        return []
    lang = language()
    try:
        verdicts = klaverjas.explain_hand(question.trump, question.trick, question.hand, question.rules, lang)
    except klaverjas.KlaverjasError as error:  # checked above; kept as a guard with the rules' words
        question.errors.append(_("This question cannot be answered: %(detail)s") % {"detail": error.message})
        return []
    return [Verdict(verdict.card, named(verdict.card, lang), verdict.legal, verdict.reason, verdict.sentence,
                    verdict.card == question.card) for verdict in verdicts]


def state_query(question: Question, public: bool, table: int | None = None) -> str:
    """The question as a query string (``trump=H&trick=7S%2CAS&hand=JH…``): the page's address after
    each answer, read back by a GET. Only what differs from a fresh helper is written; the public
    helper's ticked house rules too (the director's applies the tournament's)."""
    fields: list[tuple[str, str]] = []
    if question.trump:
        fields.append(("trump", question.trump))
    for name, cards in (("trick", question.trick), ("hand", question.hand)):
        if cards:
            fields.append((name, ",".join(cards)))
    if question.card:
        fields.append(("card", question.card))
    if question.into != TRICK:
        fields.append(("into", question.into))
    if public and question.rules != klaverjas.DEFAULTS:
        rules = question.rules
        fields.append(("rules_set", "1"))
        fields += [(name, "on") for name, on in (("trump_lead_overtrump", rules.trump_lead_overtrump),
                                                  ("partner_winning_free", rules.partner_winning_free)) if on]
        fields.append(("undertrump", rules.undertrump))
    if table is not None:
        fields.append(("table", str(table)))
    return urlencode(fields)


def deck(question: Question) -> list[list[CardButton]]:
    """The 32 cards, a row per suit, each knowing where it is."""
    lang = language()
    rows = []
    for suit in SUITS:
        row = []
        for rank in RANKS:
            code = rank + suit
            zone = TRICK if code in question.trick else HAND if code in question.hand else ""
            order = question.trick.index(code) + 1 if zone == TRICK else 0
            row.append(CardButton(code, short_label(code, lang), named(code, lang), suit, zone, order))
        rows.append(row)
    return rows


def suits() -> list[tuple[str, str, str]]:
    """The four trump buttons: letter, symbol and name ("harten")."""
    lang = language()
    return [(suit, SYMBOLS[suit], _upper_first(suit_name(suit, lang))) for suit in SUITS]


def helper_context(question: Question) -> dict:
    """What the page's template needs (the answer is asked here, after the state was read)."""
    verdicts = answer(question)
    rows = deck(question)
    buttons = {button.code: button for row in rows for button in row}
    return {
        "question": question, "verdicts": verdicts, "deck": rows,
        "suits": suits(), "trick_cards": [buttons[card] for card in question.trick],
        "hand_cards": [buttons[card] for card in question.hand],
        "trump_name": suit_name(question.trump, language()) if question.trump else "",
        "max_trick": MAX_TRICK, "max_hand": MAX_HAND, "rules": question.rules,
    }
