"""Baker's Dozen for the oracle: the key, and small positions.

Key: the columns as a set, and the foundations.  The one symmetry is plain
from RULES.md: no rule looks at a column's number (under kings=free any
empty column takes a King alike).
"""
from __future__ import annotations

import random
from typing import Any

import bakers_dozen_oracle
from oracle.positions import cards_left
from solitaire import cards
from solitaire.games import get_game
from solitaire.games.bakers_dozen.reference import BakersDozenState

GAME = "bakers-dozen"
SPEC = get_game(GAME)
RULE_SETS = [{"build": b, "kings": k} for b in ("any-suit", "other-suit") for k in ("bottom", "free")]


def key(s: BakersDozenState) -> tuple:
    return tuple(sorted(tuple(c) for c in s.columns)), tuple(s.foundation)


def random_position(rng: random.Random, rules: dict[str, Any], left: tuple[int, int] = (10, 16),
                    columns: tuple[int, int] = (3, 7), low_under: float = 0.5, low: int = 6) -> BakersDozenState:
    """Foundations at random heights with ``left`` cards not home, dealt into
    a few of the 13 columns (at most four cards each, as dealt).  Under
    kings=bottom each column's Kings go to its bottom (as the deal does:
    there no card is ever put on a King or moves a King).  With probability
    ``low_under`` each column is ordered with its cards below rank ``low``
    under the others: the positions where the relaxations act (they let
    low cards vanish or park) and losses need more than a root check."""
    rules = SPEC.complete_rules(rules)
    heights, rest = cards_left(rng, left)
    cols: list[list[int]] = [[] for _ in range(13)]
    used = rng.sample(range(13), rng.randint(*columns))
    for card in rest:
        room = [k for k in used if len(cols[k]) < 4] or [k for k in range(13) if len(cols[k]) < 4]
        cols[rng.choice(room)].append(card)
    for col in cols:
        if rng.random() < low_under:
            col.sort(key=lambda c: cards.rank(c) >= low)
        if rules["kings"] == "bottom":
            col.sort(key=lambda c: cards.rank(c) != 13)
    return BakersDozenState.from_position(cols, heights, rules)


def seat_position(rng: random.Random, rules: dict[str, Any]) -> BakersDozenState:
    """Kings scarce as seats for Queens (kings=bottom), as
    ``bakers_dozen_oracle.seat_position`` deals them: where the seat
    deadlock acts."""
    return bakers_dozen_oracle.seat_position(rng, SPEC.complete_rules(rules))
