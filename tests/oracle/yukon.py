"""Yukon for the oracle: the key, and small positions with face-down cards.

Key: the piles (with their face-down counts) as a set, and the foundations.
The one symmetry is plain from RULES.md: no rule looks at a pile's number.
"""
from __future__ import annotations

import random
from typing import Any

from solitaire import cards
from solitaire.games.yukon.reference import YukonState

GAME = "yukon"
RULES: dict[str, Any] = {}


def key(s: YukonState) -> tuple:
    return tuple(sorted((tuple(p), d) for p, d in zip(s.piles, s.face_down))), tuple(s.foundations)


def random_position(rng: random.Random, rules: dict[str, Any] = RULES, left: tuple[int, int] = (9, 14),
                    piles: tuple[int, int] = (3, 6), buried: float = 0.5) -> YukonState:
    """Foundations at random heights with ``left`` cards not home, spread
    over a few piles in any order (Yukon moves any face-up card with what
    lies on it, so a face-up run need not be built); each pile has a random
    number of face-down cards under at least one face-up card.  With
    probability ``buried`` a pile's face-down part holds its lowest cards:
    the cards the foundations need lie buried, the losses that need a
    search."""
    while True:
        heights = [rng.randrange(14) for _ in range(4)]
        rest = [cards.make(r, s) for s in range(4) for r in range(heights[s] + 1, 14)]
        if left[0] <= len(rest) <= left[1]:
            break
    rng.shuffle(rest)
    cols: list[list[int]] = [[] for _ in range(7)]
    used = rng.sample(range(7), rng.randint(*piles))
    for card in rest:
        cols[rng.choice(used)].append(card)
    down = []
    for pile in cols:
        d = rng.randint(0, max(len(pile) - 1, 0))
        if rng.random() < buried and d:
            low = sorted(pile, key=cards.rank)
            pile[:] = low[:d][::-1] + [c for c in pile if c not in low[:d]]
        down.append(d)
    return YukonState(cols, down, heights)


def lifted_position(rng: random.Random, rules: dict[str, Any] = RULES, lifts: tuple[int, int] = (1, 3),
                    **kw) -> YukonState:
    """``random_position``, then a few foundation top cards put back face up
    on random piles: such a card can go home at once, so the position is
    never dead at the root for want of a move, while the cards under it
    may still be stuck (losses the dead-end rules cannot see at once)."""
    state = random_position(rng, rules, **kw)
    for _ in range(rng.randint(*lifts)):
        suits = [s for s in range(4) if state.foundations[s] > 0]
        if not suits:
            break
        s = rng.choice(suits)
        state.piles[rng.randrange(7)].append(cards.make(state.foundations[s], s))
        state.foundations[s] -= 1
    return state
