"""Pyramid for the oracle: the key, and small pyramids with short stocks.

Key: the pyramid places still holding cards, the stock, the waste piles
and, when the passes are limited, the redeals made (under unlimited passes
the count changes no legal move).  No symmetry.
"""
from __future__ import annotations

import random
from typing import Any

from solitaire import cards
from solitaire.deals import Layout
from solitaire.games import get_game
from solitaire.games.pyramid import layout as geo
from solitaire.games.pyramid.reference import PyramidState
from solitaire.rules import UNLIMITED

GAME = "pyramid"
SPEC = get_game(GAME)

RULE_SETS = [{"draw": 1, "passes": p, "stock_top_playable": t, "pair_covering": c}
             for p in (1, 2, 3, UNLIMITED) for t in (False, True) for c in (False, True)]
RULE_SETS += [{"draw": 3, "passes": 1, "stock_top_playable": t, "pair_covering": c}
              for t in (False, True) for c in (False, True)]


def key(s: PyramidState) -> tuple:
    redeals = 0 if s.rules["passes"] == UNLIMITED else s.redeals
    return tuple(c is not None for c in s.pyramid), tuple(s.stock), tuple(tuple(p) for p in s.waste), redeals


def _balanced(rng: random.Random, size: int) -> list[int]:
    """``size`` distinct cards made of pairs totalling 13 and Kings (so no
    rank is short of partners from the start), shuffled."""
    out: set[int] = set()
    while len(out) < size:
        if size - len(out) == 1 or rng.random() < 0.12:
            kings = [cards.make(13, s) for s in range(4) if cards.make(13, s) not in out]
            # (no King left for an odd count: one card without a partner)
            out.add(rng.choice(kings or [c for c in range(52) if c not in out]))
            continue
        r = rng.randint(1, 12)
        a, b = cards.make(r, rng.randrange(4)), cards.make(13 - r, rng.randrange(4))
        if a not in out and b not in out:
            out.update((a, b))
    picked = list(out)
    rng.shuffle(picked)
    return picked


def random_position(rng: random.Random, rules: dict[str, Any], rows: tuple[int, int] = (3, 5),
                    stock: tuple[int, int] = (4, 12), moves: tuple[int, int] = (0, 3)) -> PyramidState:
    """A deal cut down: the pyramid's first ``rows`` rows (the lower rows
    already cleared) and a stock of ``stock`` cards, the cards in play made
    of pairs totalling 13 and Kings (random cards would mostly be short of
    partners, lost at the root), then a few random legal moves (turns,
    redeals, removals).  The cards out of play fill the cleared places and
    the stock's other slots, as the encoding keeps the deal's order."""
    rules = SPEC.complete_rules(rules)
    n_rows, n_stock = rng.randint(*rows), rng.randint(*stock)
    n_pyr = geo.index(n_rows, 0)
    live = _balanced(rng, n_pyr + n_stock)
    gone = [c for c in rng.sample(range(52), 52) if c not in live]
    slots = sorted(rng.sample(range(24), n_stock))
    stock_cards = [live[n_pyr + slots.index(i)] if i in slots else gone.pop() for i in range(24)]
    pyramid = live[:n_pyr] + gone[:geo.PYRAMID_SIZE - n_pyr]
    layout = Layout([pyramid[geo.index(r, 0):geo.index(r, 0) + r + 1] for r in range(geo.ROWS)], stock_cards)
    state = PyramidState(layout, rules)
    for i in range(n_pyr, geo.PYRAMID_SIZE):
        state.pyramid[i] = None
    state.stock = [stock_cards[i] for i in slots]
    for _ in range(rng.randint(*moves)):
        legal = state.legal_moves()
        if not legal:
            break
        state.play(rng.choice(legal))
    return state
