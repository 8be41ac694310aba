"""What the oracles' position generators share."""
from __future__ import annotations

import random

from solitaire import cards


def cards_left(rng: random.Random, left: tuple[int, int]) -> tuple[list[int], list[int]]:
    """Random foundation heights (one per suit, 0 to 13) that leave between
    ``left[0]`` and ``left[1]`` cards off the foundations: the heights and
    those cards, shuffled."""
    while True:
        heights = [rng.randrange(14) for _ in range(4)]
        rest = [cards.make(r, s) for s in range(4) for r in range(heights[s] + 1, 14)]
        if left[0] <= len(rest) <= left[1]:
            rng.shuffle(rest)
            return heights, rest
