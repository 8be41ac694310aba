"""The relaxed games tried, cheapest first, on a kings=bottom deal the
search leaves unknown; a loss of any of them is a loss of the deal.  The
seatless and the threshold rungs are switched off by the rules'
``OFF_SEATLESS_RELAXATION`` and ``OFF_THRESHOLD_RELAXATION`` bits.

Why a ladder: the seatless game (``seatless.py``) at rank 5 is small and
settles deal 417; the threshold game (``threshold.py``) keeps where each
high card sits and settles deals the seatless game calls won; lower ranks
keep more cards as they are, so they are larger and lose more often (a
loss at rank k is a loss at every lower rank: the game at k relaxes the
one at k - 1, with the cards of rank k - 1 taken as low).
"""
from __future__ import annotations

import numpy as np

from solitaire.games.bakers_dozen.kernel.state import OFF_SEATLESS_RELAXATION, OFF_THRESHOLD_RELAXATION, R_OFF
from solitaire.games.bakers_dozen.research import seatless, threshold
from solitaire.games.bakers_dozen.research.status import BUDGET, LOST, REFUSED

SWITCH = {"seatless": OFF_SEATLESS_RELAXATION, "threshold": OFF_THRESHOLD_RELAXATION}
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
    """Try the games of ``LADDER`` not switched off in turn, each with the
    positions left of ``max_positions``: (True, positions, "<game>
    relaxation at rank <k>") at the first lost one, else (False, positions,
    "").  kings=free is refused: (False, 0, "")."""
    spent = 0
    for game, search, rank in LADDER:
        if rules[R_OFF] & SWITCH[game]:
            continue
        left = max_positions - spent
        if left <= 0:
            break
        status, positions = search(state, rules, rank, left)
        spent += int(positions)
        if status == LOST:
            return True, spent, f"{game} relaxation at rank {rank}"
        if status in (REFUSED, BUDGET):
            break
    return False, spent, ""
