"""The relaxed games tried, cheapest first, on a kings=bottom deal the
search leaves unknown; a loss of any of them is a loss of the deal.

Why a ladder: the seatless game (``seatless.py``) at rank 5 is small and
settles deal 417; the threshold game (``threshold.py``) keeps where each
high card sits and settles deals the seatless game calls won; lower ranks
keep more cards as they are, so they are larger and lose more often (a
loss at rank k is a loss at every lower rank: the game at k relaxes the
one at k - 1, with the cards of rank k - 1 taken as low).
"""
from __future__ import annotations

import numpy as np

from solitaire.games.bakers_dozen import seatless, threshold

# Both searches return threshold's codes (seatless uses the same numbers).
LADDER = (
    ("seatless", seatless.seatless_search, 5),
    ("threshold", threshold.threshold_search, 8),
    ("threshold", threshold.threshold_search, 7),
    ("seatless", seatless.seatless_search, 3),
    ("threshold", threshold.threshold_search, 6),
    ("seatless", seatless.seatless_search, 1),
    ("threshold", threshold.threshold_search, 5),
)


def prove_lost(state: np.ndarray, rules: np.ndarray, max_positions: int) -> tuple[bool, int, str]:
    """Try the games of ``LADDER`` in turn, each with the positions left of
    ``max_positions``: (True, positions, "<game> relaxation at rank <k>") at
    the first lost one, else (False, positions, "").  kings=free is refused:
    (False, 0, "")."""
    spent = 0
    for game, search, rank in LADDER:
        left = max_positions - spent
        if left <= 0:
            break
        status, positions = search(state, rules, rank, left)
        spent += int(positions)
        if status == threshold.LOST:
            return True, spent, f"{game} relaxation at rank {rank}"
        if status in (threshold.REFUSED, threshold.BUDGET):
            break
    return False, spent, ""
