"""Klondike for the oracle: the key, and small random positions.

Key: the whole position (piles with their face-down counts, stock, waste,
foundations) and, when the passes are limited, the passes used.  Two
symmetries only, both plain from RULES.md: the piles are a set (no rule
looks at a pile's number: it appears only in the move's name), and under
unlimited passes the number of passes used changes no legal move.
"""
from __future__ import annotations

import random
from typing import Any

from oracle.positions import cards_left
from solitaire import cards
from solitaire.games import get_game
from solitaire.games.klondike.reference import KlondikeState
from solitaire.rules import UNLIMITED

GAME = "klondike"
SPEC = get_game(GAME)

# Every rule option: draw 1-4 x passes 1, 2, 3, unlimited x foundation_to_tableau.
RULE_SETS = [{"draw": d, "passes": p, "foundation_to_tableau": f}
             for d in (1, 2, 3, 4) for p in (1, 2, 3, UNLIMITED) for f in (False, True)]


def key(s: KlondikeState) -> tuple:
    piles = tuple(sorted((tuple(p), d) for p, d in zip(s.piles, s.down)))
    passes = 0 if s.rules["passes"] == UNLIMITED else s.passes_used
    return piles, tuple(s.stock), tuple(s.waste), tuple(s.foundation), passes


def position(rules: dict[str, Any], piles: list[list[int]], down: list[int], stock: list[int],
             waste: list[int], foundation: list[int], passes_used: int = 1) -> KlondikeState:
    """A reference position as given (seven piles, bottom card first)."""
    state = KlondikeState.__new__(KlondikeState)
    state.rules = SPEC.complete_rules(rules)
    state.piles = [list(p) for p in piles] + [[] for _ in range(7 - len(piles))]
    state.down = list(down) + [0] * (7 - len(down))
    state.stock, state.waste = list(stock), list(waste)
    state.foundation = list(foundation)
    state.passes_used = passes_used
    return state


def random_position(rng: random.Random, rules: dict[str, Any], left: tuple[int, int] = (9, 16),
                    talon: tuple[int, int] = (2, 9), piles: tuple[int, int] = (2, 5),
                    buried: float = 0.5) -> KlondikeState:
    """Foundations at random heights with ``left`` cards not home; of those a
    talon of ``talon`` cards (waste and stock split at random) and the rest
    in a few piles, each a face-up card on face-down ones (at most six, as
    in a deal), so every face-up run is a legal one.  With probability
    ``buried`` each pile is sorted with its lowest card at the bottom, so
    the cards the foundations need next lie under the others: the losses
    that need a search."""
    rules = SPEC.complete_rules(rules)
    heights, rest = cards_left(rng, left)
    n_talon = rng.randint(talon[0], min(talon[1], len(rest) - 1))
    tal, tableau = rest[:n_talon], rest[n_talon:]
    cols: list[list[int]] = [[] for _ in range(7)]
    used = rng.sample(range(7), rng.randint(*piles))
    for card in tableau:
        room = [p for p in used if len(cols[p]) < 7]
        if room:
            cols[rng.choice(room)].append(card)
        else:
            tal.append(card)
    if rng.random() < buried:
        for pile in cols:
            pile.sort(key=cards.rank)
    down = [max(len(p) - 1, 0) for p in cols]
    w = rng.randrange(len(tal) + 1)
    passes = rules["passes"]
    used_passes = 1 if passes == UNLIMITED else rng.randint(1, passes)
    return position(rules, cols, down, tal[w:], tal[:w], heights, used_passes)


def played_position(rng: random.Random, rules: dict[str, Any], steps: tuple[int, int] = (1, 6), **kw) -> KlondikeState:
    """``random_position``, then a few random legal moves (tableau moves
    first where there are any): runs built on the piles, cards turned, so
    the rules on runs, empty piles and Kings have something to act on."""
    state = random_position(rng, rules, **kw)
    for _ in range(rng.randint(*steps)):
        legal = state.legal_moves()
        if not legal:
            break
        tableau = [m for m in legal if ">t" in m]
        state.play(rng.choice(tableau or legal))
    return state


def low_builder_position(rng: random.Random, rules: dict[str, Any]) -> KlondikeState:
    """Where a 2 whose Ace is home could be built on a returned card (the
    waiting rules leave such 2s out of a placement's builders): one suit
    ``x`` home to its 3, one suit ``y`` of the other colour home to its
    Ace, the other two complete.  ``y``'s 2 waits in the stock (at a random
    depth among a few of ``x``'s highest cards), ``y``'s 4 is a pile top the
    3 of ``x`` can come back onto, and the other cards lie in single-suit
    piles, highest at the bottom (a card at each top).  22 cards: the
    fewest with which the rule acts, and a search the oracle still decides
    because each pile unwinds in one order."""
    rules = SPEC.complete_rules(rules)
    x = rng.randrange(4)
    y = rng.choice([s for s in range(4) if cards.is_red(cards.make(1, s)) != cards.is_red(cards.make(1, x))])
    heights = [13] * 4
    heights[x], heights[y] = 3, 1
    xs = [cards.make(r, x) for r in range(13, 3, -1)]  # K down to 4
    n_stock = rng.randint(0, 2)
    stock_x, xs = xs[:n_stock], xs[n_stock:]
    cut = rng.randint(len(xs) - 7, 7)  # at most six face down in a pile, as in a deal
    ys = [cards.make(r, y) for r in range(13, 4, -1)]  # K down to 5, then 4 and 3 placed apart
    ycut = rng.randint(3, 6)
    piles = [xs[:cut], xs[cut:], ys[:ycut] + [cards.make(3, y)], ys[ycut:] + [cards.make(4, y)]]
    rng.shuffle(piles)
    stock = stock_x + [cards.make(2, y)]
    rng.shuffle(stock)
    return position(rules, piles, [len(p) - 1 for p in piles], stock, [], heights)
