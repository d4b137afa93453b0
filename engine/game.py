"""The game simulator: decks, seeded deals, turns, folds, team play and the end of a game.

Used for demo tournaments, load tests and property tests. Every game is reproducible from its
seed. It records every move and the order in which pawns reach a home — what the ``pawn-order``
score sheet needs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from engine.house_rules import HouseRules
from engine.notation import CARDS, move_text
from engine.position import Position
from engine.board import board
from engine.rules import captures_own, legal_moves

DEAL_SIZES = (5, 4, 4)  # R19: three deals per deck round


def new_deck(players: int) -> list[str]:
    """13 cards per player: every rank once per player (half a deck for 2, two decks for 8)."""
    return [card for card in CARDS for _ in range(players)]


def start_position(players: int, rules: HouseRules | None = None, teams=None) -> Position:
    b = board(players)
    return Position(b, (b.nest,) * (4 * players), tuple(teams) if teams else b.default_teams(),
                    rules or HouseRules(), [list(t) for t in teams] if teams else None,
                    None if rules is None else rules.as_json())


Option = tuple  # (card, parts, result locs)


class Player(Protocol):
    def pick(self, game: "Game", seat: int) -> Option | None:
        """The move to make, or None to fold (only when no card can be played, or R17 allows it)."""


def all_options(game: "Game", seat: int) -> list[Option]:
    options = []
    for card in dict.fromkeys(game.hands[seat]):
        for parts, locs in legal_moves(game.position, seat, card):
            options.append((card, parts, locs))
    return options


class RandomPlayer:
    """A random playable card, then a random move of it; never folds while it can play."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def pick(self, game, seat):
        cards = list(dict.fromkeys(game.hands[seat]))
        self.rng.shuffle(cards)
        for card in cards:
            moves = legal_moves(game.position, seat, card)
            if moves:
                parts, locs = moves[self.rng.randrange(len(moves))]
                return card, parts, locs
        return None


class GreedyPlayer:
    """Brings pawns home and captures opponents; avoids capturing its own team's pawns, and folds
    rather than do so when the house rules let it (``self_capture: "optional"``)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def pick(self, game, seat):
        options = all_options(game, seat)
        if not options:
            return None
        position = game.position
        b = position.board
        team = set(position.team_of(seat))
        before = position.locs
        if position.rules.self_capture == "optional" and all(
            captures_own(position, seat, before, locs) for _card, _parts, locs in options
        ):
            return None
        best, best_score = [], None
        for option in options:
            score = 0
            for index, (old, new) in enumerate(zip(before, option[2])):
                if old == new:
                    continue
                own = (index >> 2) in team
                if b.track <= new < b.nest and old < b.track:
                    score += 100 if own else -60
                elif new == b.nest:
                    score += -80 if own else 50
                elif old == b.nest:
                    score += 30 if own else -30
                elif own and new < b.track:
                    score += 1
            if best_score is None or score > best_score:
                best, best_score = [option], score
            elif score == best_score:
                best.append(option)
        return best[self.rng.randrange(len(best))]


@dataclass
class GameRecord:
    seed: int
    players: int
    winner: list[int] | None = None
    turns: int = 0
    arrivals: list[int] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"seed": self.seed, "players": self.players, "winner": self.winner, "turns": self.turns,
                "arrivals": self.arrivals, "moves": self.moves}


class Game:
    def __init__(self, players: int = 4, seed: int = 0, rules: HouseRules | None = None,
                 player_kinds: list[str] | None = None, max_turns: int | None = None, teams=None):
        self.rng = random.Random(seed)
        self.position = start_position(players, rules, teams)
        kinds = player_kinds or ["random"] * players
        self.players = [GreedyPlayer(self.rng) if kind == "greedy" else RandomPlayer(self.rng) for kind in kinds]
        self.max_turns = max_turns
        self.record = GameRecord(seed=seed, players=players)
        self.dealer = self.rng.randrange(players)
        self.hands: list[list[str]] = [[] for _ in range(players)]

    def winner(self) -> list[int] | None:
        b = self.position.board
        locs = self.position.locs
        for team in self.position.teams:
            if all(b.track <= locs[i] < b.nest for seat in team for i in range(4 * seat, 4 * seat + 4)):
                return list(team)
        return None

    def _turn(self, seat: int) -> bool:
        """One turn; True when a pawn reached a home."""
        choice = self.players[seat].pick(self, seat)
        if choice is None:  # R18: fold, all cards open on the table
            self.hands[seat] = []
            self.record.moves.append(f"{seat} fold")
            return False
        card, parts, locs = choice
        self.hands[seat].remove(card)
        b = self.position.board
        arrived = False
        for index, (old, new) in enumerate(zip(self.position.locs, locs)):
            if b.track <= new < b.nest and not b.track <= old < b.nest:
                self.record.arrivals.append(index >> 2)
                arrived = True
        self.position = self.position.with_locs(locs)
        self.record.moves.append(f"{seat} {move_text(b, card, parts)}")
        return arrived

    def play(self) -> GameRecord:
        players = self.position.players
        record = self.record
        while True:
            deck = new_deck(players)
            self.rng.shuffle(deck)
            for size in DEAL_SIZES:
                for seat in range(players):
                    self.hands[seat] = deck[:size]
                    del deck[:size]
                seat = (self.dealer + 1) % players  # R19: left of the dealer starts
                while any(self.hands):
                    if self.hands[seat]:
                        arrived = self._turn(seat)
                        record.turns += 1
                        if arrived:
                            winner = self.winner()
                            if winner is not None:
                                record.winner = winner
                                return record
                        if self.max_turns is not None and record.turns >= self.max_turns:
                            return record
                    seat = (seat + 1) % players
            self.dealer = (self.dealer + 1) % players


def simulate(players: int = 4, seed: int = 0, **kwargs) -> GameRecord:
    return Game(players=players, seed=seed, **kwargs).play()
