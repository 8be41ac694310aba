"""Bridge between the reference engine and the fast kernels."""
from __future__ import annotations

import numpy as np

from solitaire.games.yukon import kernel as K
from solitaire.games.yukon import swaps
from solitaire.games.yukon.reference import YukonState
from solitaire.notation import to_foundation, to_tableau


def rules_array(reductions: int = K.ALL_REDUCTIONS) -> np.ndarray:
    """Yukon has no rule options; slot 0 holds the search reductions (kernel.py)."""
    return np.array([reductions], dtype=np.int64)


def encode(state: YukonState) -> np.ndarray:
    out = np.zeros(K.STATE_LEN, dtype=np.uint8)
    for p, pile in enumerate(state.piles):
        out[K.LEN + p] = len(pile)
        out[K.DOWN + p] = state.face_down[p]
        out[K.CARDS + p * K.CAP:K.CARDS + p * K.CAP + len(pile)] = pile
    out[K.FOUND:K.FOUND + 4] = state.foundations
    return out


def describe_move(state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
    """The notation of a search move: a swap class's move (swaps.py) is
    the swaps it plays, then its own move."""
    plain = np.zeros(swaps.MAX_PLAIN_MOVES, dtype=np.int64)
    count = swaps.plain_moves(state, rules_arr, np.int64(move), plain)
    texts, now, child = [], state.copy(), np.empty_like(state)
    for m in plain[:count]:
        src, index, dest = K.move_src(m), K.move_index(m), K.move_dest(m)
        card = int(now[K.CARDS + src * K.CAP + index])
        texts.append(to_foundation(card) if dest == K.FOUNDATION_DEST else to_tableau(card, dest))
        K.apply_move(now, rules_array(), m, child)
        now, child = child, now
    return texts
