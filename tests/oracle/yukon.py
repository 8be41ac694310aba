"""Yukon for the oracle: the key, and small positions with face-down cards.

Key: the piles (with their face-down counts) as a set, and the foundations.
The one symmetry is plain from RULES.md: no rule looks at a pile's number.
"""
from __future__ import annotations

import random
from typing import Any

from oracle.positions import cards_left
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
    heights, rest = cards_left(rng, left)
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


def _top_cards(rng: random.Random, left: int) -> tuple[list[int], list[int]]:
    """(foundation heights, the ``left`` cards in play): the highest of their suits."""
    heights = [13] * 4
    for _ in range(left):
        heights[rng.choice([s for s in range(4) if heights[s] > 0])] -= 1
    return heights, [cards.make(r, s) for s in range(4) for r in range(heights[s] + 1, 14)]


def _twins(a: int, b: int) -> bool:
    return a != b and cards.rank(a) == cards.rank(b) and cards.is_red(a) == cards.is_red(b)


def _fits(card: int, target: int) -> bool:
    return cards.rank(card) + 1 == cards.rank(target) and cards.is_red(card) != cards.is_red(target)


def _spread(rng: random.Random, loose: list[int]) -> list[list[int]]:
    piles: list[list[int]] = [[] for _ in range(7)]
    for c in loose:
        piles[rng.randrange(7)].append(c)
    return piles


def twin_position(rng: random.Random, rules: dict[str, Any] = RULES, left: tuple[int, int] = (6, 11)) -> YukonState:
    """A face-down card z under its twin x at the top of a pile (half the
    time one more card between them), one of z's targets and a lower card
    of x's suit under z, the other cards in random piles: the pattern of
    the ``twins`` dead end.  Redrawn until the cards in play hold one."""
    while True:
        heights, inplay = _top_cards(rng, rng.randint(*left))
        fours = [(z, x, t, y) for z in inplay for x in inplay if _twins(z, x) for t in inplay if _fits(z, t)
                 for y in inplay if cards.suit(y) == cards.suit(x) and cards.rank(y) < cards.rank(x)]
        if fours:
            break
    z, x, t, y = rng.choice(fours)
    others = [c for c in inplay if c not in (z, x, t, y)]
    rng.shuffle(others)
    between = others[:1] if others and rng.random() < 0.5 else []
    piles = _spread(rng, others[len(between):])
    p = rng.randrange(7)
    piles[p] += ([y, t] if rng.random() < 0.5 else [t, y]) + [z] + between + [x]
    down = [rng.randrange(len(q)) if q else 0 for q in piles]
    down[p] = len(piles[p]) - 1
    return YukonState(piles, down, heights)


def window_position(rng: random.Random, rules: dict[str, Any] = RULES, left: tuple[int, int] = (6, 11)) -> YukonState:
    """A face-down card z with one target in play, under a card c with one
    target u, u under z's twin x at the top of another pile, and under z
    (face down) a lower card of z's suit and one of x's: the pattern of the
    ``twin_window`` dead end.  Redrawn until the cards in play hold one."""
    while True:
        heights, inplay = _top_cards(rng, rng.randint(*left))

        def targets(card):
            return [t for t in inplay if _fits(card, t)]

        sixes = [(z, x, c, u, a, b) for z in inplay if len(targets(z)) == 1 for x in inplay if _twins(z, x)
                 for c in inplay if c not in (z, x) and len(targets(c)) == 1 for u in targets(c) if u not in (z, x)
                 for a in inplay if cards.suit(a) == cards.suit(z) and a < z and a not in (c, u)
                 for b in inplay if cards.suit(b) == cards.suit(x) and b < x and b not in (a, c, u)]
        if sixes:
            break
    z, x, c, u, a, b = rng.choice(sixes)
    piles = _spread(rng, [card for card in inplay if card not in (z, x, c, u, a, b)])
    p, q = rng.sample(range(7), 2)
    piles[p] += rng.sample([a, b], 2) + [z, c]
    piles[q] += [u, x]
    down = [rng.randrange(len(pile)) if pile else 0 for pile in piles]
    down[p] = len(piles[p]) - 1
    return YukonState(piles, down, heights)
