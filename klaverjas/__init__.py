"""Klaverjassen rules, pure Python (no Django): which cards may be played, tricks, deal scoring.

The contract is ``shared/spec/klaverjas.md``; ``python -m klaverjas batch`` answers it line by line,
and ``docs/klaverjas.md`` says how we read it where it leaves room. What the app calls:
"""

from klaverjas.deals import DealScore, score_deal
from klaverjas.errors import KlaverjasError
from klaverjas.explain import CardVerdict, explain, explain_hand
from klaverjas.house_rules import DEFAULTS, REVOKE_PENALTIES, HouseRules, parse_house_rules
from klaverjas.penalty import PenaltyScore, replay_score
from klaverjas.play import legal_cards
from klaverjas.score_card import CardProblem, CardScore, InvalidCard, check_card, forfeit_points, score_card
from klaverjas.tricks import TrickResult, trick_result

__all__ = ["DEFAULTS", "REVOKE_PENALTIES", "CardProblem", "CardScore", "CardVerdict", "DealScore", "HouseRules",
           "InvalidCard", "KlaverjasError", "PenaltyScore", "TrickResult", "check_card", "explain", "explain_hand",
           "forfeit_points", "legal_cards", "parse_house_rules", "replay_score", "score_card", "score_deal",
           "trick_result"]
