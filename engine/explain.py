"""Sentences for people, in English and Dutch, for every reason a claimed move is illegal.

Each sentence names the rule (R-number) and the pawns and holes involved, so a director can read
it out at the table. The director's sentences name holes as the notation does (``t62``, ``h2``) and
colours with their seat (``red (0)``); ``plain=True`` writes them as players say them — "the 3rd
hole after blue's start", "red" — for the public pages (:func:`hole_words`).
"""

from __future__ import annotations

from engine.board import COLOUR_NAMES, HOLES_PER_SEAT
from engine.judge import Verdict

CARD_NAMES = {
    "en": {"A": "an ace", "K": "a king", "Q": "a queen", "J": "a jack"},
    "nl": {"A": "een aas", "K": "een heer", "Q": "een vrouw", "J": "een boer"},
}

TEMPLATES: dict[str, dict[str, str]] = {
    "not-own-pawn": {
        "en": "{rule}: the pawn of {colour_name} on {from} is not one {seat_name} may move; a player moves their own pawns, and the partner's only once all their own are home.",
        "nl": "{rule}: de pion van {colour_name} op {from} mag {seat_name} niet zetten; een speler zet zijn eigen pionnen, en die van de partner pas als al zijn eigen pionnen thuis staan.",
    },
    "wrong-card": {
        "en": "{rule}: {card_name} cannot make this move ({wanted_en}).",
        "nl": "{rule}: met {card_name} kan deze zet niet ({wanted_nl}).",
    },
    "nest-empty": {
        "en": "R12: {colour_name} has no pawn left in the nest to place on the start hole.",
        "nl": "R12: {colour_name} heeft geen pion meer in het nest om op de beginpositie te zetten.",
    },
    "start-occupied": {
        "en": "R12: a pawn of {colour_name} already stands on its start hole {to}, so no pawn can be placed there.",
        "nl": "R12: er staat al een pion van {colour_name} op de eigen beginpositie {to}, dus daar kan geen pion worden opgezet.",
    },
    "blocked-start": {
        "en": "R11: the pawn on {hole} stands on its own start hole and blocks it; the pawn of {colour_name} from {from} may not pass it or land on it.",
        "nl": "R11: de pion op {hole} staat op zijn eigen beginpositie en blokkeert; de pion van {colour_name} van {from} mag daar niet langs en niet op komen.",
    },
    "overshoots-home": {
        "en": "R13: the pawn of {colour_name} on {from} goes home only with the exact count; {card_name} takes it beyond h4.",
        "nl": "R13: de pion van {colour_name} op {from} gaat alleen met het precieze aantal naar huis; met {card_name} komt hij voorbij h4.",
    },
    "passes-home-pawn": {
        "en": "R13: the pawn of {colour_name} from {from} may not jump over or land on a pawn in the home on its way to {to}.",
        "nl": "R13: de pion van {colour_name} van {from} mag in het thuishonk niet over een pion heen springen of erop landen op weg naar {to}.",
    },
    "home-backward": {
        "en": "{rule}: pawns never move backward in the home, nor into or out of it backward ({colour_name}, {from} to {to}).",
        "nl": "{rule}: pionnen gaan in het thuishonk nooit achteruit, en ook niet achteruit erin of eruit ({colour_name}, {from} naar {to}).",
    },
    "pawn-in-nest": {
        "en": "{rule}: a pawn of {colour_name} in the nest cannot move or be swapped; only an ace or a king places it on the start hole.",
        "nl": "{rule}: een pion van {colour_name} in het nest kan niet lopen of ruilen; alleen een aas of een heer zet hem op.",
    },
    "pawn-in-home": {
        "en": "R14: a pawn in a home can never be swapped ({from} ↔ {to}).",
        "nl": "R14: een pion in een thuishonk kan nooit geruild worden ({from} ↔ {to}).",
    },
    "swap-protected": {
        "en": "{rule}: the pawn of {whose_name} on {hole} stands on its own start hole and cannot be swapped.",
        "nl": "{rule}: de pion van {whose_name} op {hole} staat op zijn eigen beginpositie en kan niet geruild worden.",
    },
    "swap-same-colour": {
        "en": "R14: two pawns of the same colour ({colour_name}) cannot be swapped.",
        "nl": "R14: twee pionnen van dezelfde kleur ({colour_name}) kunnen niet geruild worden.",
    },
    "swap-partner": {
        "en": "R14: under this tournament's house rules a jack may not swap with the partner's pawn ({other_name} on {to}).",
        "nl": "R14: volgens de huisregels van dit toernooi mag een boer niet ruilen met een pion van de partner ({other_name} op {to}).",
    },
    "seven-incomplete": {
        "en": "R15: all 7 steps of a seven must be played; {left} steps are left over{team_home_en}.",
        "nl": "R15: alle 7 stappen van een zeven moeten gespeeld worden; er blijven er {left} over{team_home_nl}.",
    },
    "seven-too-many-pawns": {
        "en": "R15: a seven may be split over at most {max} pawns here; this claim moves {parts}.",
        "nl": "R15: een zeven mag hier over ten hoogste {max} pionnen verdeeld worden; deze zet verplaatst er {parts}.",
    },
    "seven-same-pawn": {
        "en": "R15: the parts of a seven move different pawns; the pawn of {colour_name} on {from} was already moved.",
        "nl": "R15: de delen van een zeven verplaatsen verschillende pionnen; de pion van {colour_name} op {from} is al verplaatst.",
    },
    "remainder-to-partner": {
        "en": "R15/R20: the partner's pawns take part in a seven only after a part has brought the player's last pawn home{flag_en}.",
        "nl": "R15/R20: de pionnen van de partner doen pas mee in een zeven nadat een deel de laatste eigen pion thuis heeft gebracht{flag_nl}.",
    },
    "own-home-entrance": {
        "en": "R13: the pawn of {colour_name} reaches its home entrance ({entrance}) and must go into its home; it may not go on to {to}.",
        "nl": "R13: de pion van {colour_name} komt bij de ingang van zijn thuishonk ({entrance}) en moet naar binnen; hij mag niet door naar {to}.",
    },
    "no-pawn-there": {
        "en": "{rule}: there is no pawn of {colour_name} on {from}.",
        "nl": "{rule}: er staat geen pion van {colour_name} op {from}.",
    },
    "wrong-steps": {
        "en": "{rule}: {card_name} does not take the pawn of {colour_name} from {from} to {to}.",
        "nl": "{rule}: met {card_name} gaat de pion van {colour_name} niet van {from} naar {to}.",
    },
}

# "not-own-pawn" for a seat that plays without a partner (2 players, or a team of one): no partner clause.
NOT_OWN_PAWN_ALONE = {
    "en": "{rule}: the pawn of {colour_name} on {from} is not one {seat_name} may move; a player moves only their own pawns.",
    "nl": "{rule}: de pion van {colour_name} op {from} mag {seat_name} niet zetten; een speler zet alleen zijn eigen pionnen.",
}

# Where a sentence names a hole twice once holes are words ("its start hole, red's start hole"),
# players read these instead.
PLAIN_TEMPLATES: dict[str, dict[str, str]] = {
    "start-occupied": {
        "en": "R12: a pawn of {colour_name} already stands on its start hole, so no pawn can be placed there.",
        "nl": "R12: er staat al een pion van {colour_name} op de eigen beginpositie, dus daar kan geen pion worden opgezet.",
    },
    "overshoots-home": {
        "en": "R13: the pawn of {colour_name} on {from} goes home only with the exact count; {card_name} takes it beyond the last hole of its home.",
        "nl": "R13: de pion van {colour_name} op {from} gaat alleen met het precieze aantal naar huis; met {card_name} komt hij voorbij het laatste vakje van het thuishonk.",
    },
    "own-home-entrance": {
        "en": "R13: the pawn of {colour_name} reaches its home entrance and must go into its home; it may not go on to {to}.",
        "nl": "R13: de pion van {colour_name} komt bij de ingang van zijn thuishonk en moet naar binnen; hij mag niet door naar {to}.",
    },
}

WANTED = {
    "swap": ("a jack only swaps two pawns", "een boer ruilt alleen twee pionnen"),
    "no-swap": ("only a jack swaps pawns", "alleen een boer ruilt pionnen"),
    "one-part": ("only a seven is split over pawns", "alleen een zeven wordt over pionnen verdeeld"),
    "place": ("a king only places a pawn from the nest", "een heer zet alleen een pion uit het nest op"),
    "written-card": ("the move is written with another card", "de zet is met een andere kaart geschreven"),
    "only-ace-king": ("only an ace or a king places a pawn from the nest",
                      "alleen een aas of een heer zet een pion uit het nest op"),
}


def _card_name(card: str, lang: str) -> str:
    named = CARD_NAMES[lang].get(card)
    if named:
        return named
    return f"a {card}" if lang == "en" else f"een {card}"


def _ordinal(n: int, lang: str) -> str:
    if lang == "nl":
        return f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def hole_words(hole: str, lang: str) -> str:
    """A hole of the notation as players say it: ``t16`` "blue's start hole" / "de beginpositie van
    blauw", ``t19`` "the 3rd hole after blue's start" / "het 3e vakje na de beginpositie van blauw",
    ``h2`` "the 2nd hole of the home" / "het 2e vakje van het thuishonk", ``n`` "the nest" / "het nest".
    Anything else is returned as it is."""
    colours = COLOUR_NAMES[lang]
    if len(hole) > 1 and hole[0] in "th" and hole[1:].isdigit():
        number = int(hole[1:])
        if hole[0] == "h":
            return (f"the {_ordinal(number, lang)} hole of the home" if lang == "en"
                    else f"het {_ordinal(number, lang)} vakje van het thuishonk")
        seat, after = divmod(number, HOLES_PER_SEAT)
        if seat < len(colours):
            if after == 0:
                return f"{colours[seat]}'s start hole" if lang == "en" else f"de beginpositie van {colours[seat]}"
            return (f"the {_ordinal(after, lang)} hole after {colours[seat]}'s start" if lang == "en"
                    else f"het {_ordinal(after, lang)} vakje na de beginpositie van {colours[seat]}")
    if hole == "n":
        return "the nest" if lang == "en" else "het nest"
    return hole


def explain(verdict: Verdict, lang: str, plain: bool = False) -> str:
    """The sentence for ``verdict`` in ``lang``; ``plain``: holes and colours in players' words."""
    facts = verdict.facts
    colours = COLOUR_NAMES[lang]

    def colour(value):
        if not isinstance(value, int):
            return "?"
        return colours[value] if plain else f"{colours[value]} ({value})"

    def hole(key: str) -> str:
        text = facts.get(key, "?")
        return hole_words(text, lang) if plain else text

    wanted = WANTED.get(facts.get("wanted", ""), ("", ""))
    values = {
        "rule": verdict.rule,
        "from": hole("from"), "to": hole("to"), "hole": hole("hole"),
        "entrance": hole("entrance"), "left": facts.get("left", "?"),
        "parts": facts.get("parts", "?"), "max": facts.get("max", "?"),
        "card_name": _card_name(facts.get("card", "?"), lang),
        "colour_name": colour(facts.get("colour")), "seat_name": colour(facts.get("seat")),
        "whose_name": colour(facts.get("whose")), "other_name": colour(facts.get("other")),
        "wanted_en": wanted[0], "wanted_nl": wanted[1],
        "team_home_en": " and the whole team is home" if facts.get("team_home") else "",
        "team_home_nl": " en het hele team staat thuis" if facts.get("team_home") else "",
        "flag_en": "; under this tournament's house rules the last pawn may come home only with the final part"
        if facts.get("flag") is False else "",
        "flag_nl": "; volgens de huisregels mag de laatste pion alleen met het laatste deel thuiskomen"
        if facts.get("flag") is False else "",
    }
    templates = TEMPLATES[verdict.reason]
    if plain:
        templates = PLAIN_TEMPLATES.get(verdict.reason, templates)
    if verdict.reason == "not-own-pawn" and facts.get("partner") is False:
        templates = NOT_OWN_PAWN_ALONE
    sentence = templates[lang].format(**values)
    return sentence[0].upper() + sentence[1:]
