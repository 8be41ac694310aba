"""Slow, obviously-correct helpers for the Baker's Dozen tests: small positions and plain BFS.

The fast solver's reductions are checked against these: a breadth-first
search on the reference engine (no reductions, no lower bound) gives the
true fewest-moves distance of a small position, or proves it unwinnable.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any

from solitaire import cards
from solitaire.games.bakers_dozen.reference import BakersDozenState


def random_position(rng: random.Random, cards_left: int, rules: dict[str, Any],
                    columns: int = 13) -> BakersDozenState:
    """A random position with ``cards_left`` cards still in the columns.

    Each suit's foundation gets a random height (summing to 52 - cards_left);
    the remaining cards are shuffled into random columns of at most four, as
    dealt (so that every reachable column fits the fast state).
    """
    home = [13, 13, 13, 13]
    for _ in range(cards_left):
        s = rng.choice([s for s in range(4) if home[s] > 0])
        home[s] -= 1
    left = [cards.make(r, s) for s in range(4) for r in range(home[s] + 1, 14)]
    rng.shuffle(left)
    cols: list[list[int]] = [[] for _ in range(columns)]
    used = rng.randint(1, columns)
    for c in left:
        room = [k for k in range(used) if len(cols[k]) < 4] or [k for k in range(columns) if len(cols[k]) < 4]
        cols[rng.choice(room)].append(c)
    rng.shuffle(cols)
    return BakersDozenState.from_position(cols, home, rules)


def position_key(state: BakersDozenState) -> tuple:
    return tuple(sorted(tuple(col) for col in state.columns))


def bfs_distance(state: BakersDozenState, max_positions: int = 200_000) -> int | None:
    """Fewest moves to a won position, or None if none exists.

    Raises RuntimeError if the space exceeds ``max_positions`` (the test
    then picks a smaller position rather than trusting a partial answer).
    """
    if state.is_won():
        return 0
    seen = {position_key(state)}
    frontier = deque([(state, 0)])
    while frontier:
        pos, dist = frontier.popleft()
        for move in pos.legal_moves():
            child = pos.copy()
            child.play(move)
            if child.is_won():
                return dist + 1
            key = position_key(child)
            if key not in seen:
                if len(seen) >= max_positions:
                    raise RuntimeError("position too large for the BFS oracle")
                seen.add(key)
                frontier.append((child, dist + 1))
    return None


def seat_position(rng: random.Random, rules: dict[str, Any]) -> BakersDozenState:
    """A small position where Kings are scarce seats for Queens (tests of
    ``kernel.seats.is_seat_deadlock``): two or three suits left from a middle rank,
    their Kings at the bottom of a few columns (sometimes one on another),
    the other cards in columns of at most three, and each Queen dealt on
    the lowest card of its suit (so it must move before that card goes home).
    """
    suits = rng.sample(range(4), rng.choice([2, 2, 3]))
    home = [13, 13, 13, 13]
    for s in suits:
        home[s] = rng.randint(6, 9)
    cols: list[list[int]] = [[] for _ in range(13)]
    king_columns = rng.randint(1, len(suits))
    for s in suits:
        cols[rng.randrange(king_columns)].insert(0, cards.make(13, s))
    rest = [cards.make(r, s) for s in suits for r in range(home[s] + 1, 12)]
    rng.shuffle(rest)
    for c in rest:
        cols[rng.choice([k for k in range(13) if len(cols[k]) < 3])].append(c)
    for s in suits:
        lowest = cards.make(home[s] + 1, s)
        next(col for col in cols if lowest in col).append(cards.make(12, s))
    rng.shuffle(cols)
    return BakersDozenState.from_position(cols, home, rules)


def one_king_two_queens() -> BakersDozenState:
    """QS over 7S and QC over 7C, KS lying on KC: one seat for two Queens
    that both must move (any-suit / bottom; lost, see test_bakers_dozen_fast)."""
    cols = [[cards.parse("KC"), cards.parse("KS")], []] + [
        [cards.parse(c) for c in col.split()] for col in ("7S 7C QS QC", "9C", "JS", "TS", "8S", "TC", "JC 9S", "8C")]
    return BakersDozenState.from_position(cols + [[] for _ in range(13 - len(cols))], [6, 13, 13, 6],
                                          {"build": "any-suit", "kings": "bottom"})
