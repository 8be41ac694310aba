"""Bridge between the reference engine and the fast kernels: the rules
array, encoding a reference position, and a search move in notation."""
from __future__ import annotations

import numpy as np

from solitaire.games.yukon import kernel
from solitaire.games.yukon.kernel import moves
from solitaire.games.yukon.kernel.state import (ALL_REDUCTIONS, CAP, CARDS, DOWN, FOUND, FOUNDATION_DEST, LEN,
                                                STATE_LEN, move_dest, move_index, move_src)
from solitaire.games.yukon.reference import YukonState
from solitaire.notation import to_foundation, to_tableau


def rules_array(rules: dict | None = None, off: int = 0) -> np.ndarray:
    """Yukon has no rule options: the array is the switch word alone
    (``kernel.state``), every reduction on but the bits of ``off``."""
    return switch_array(ALL_REDUCTIONS & ~off)


def switch_array(switches: int = ALL_REDUCTIONS) -> np.ndarray:
    """The rules array of exactly the reductions (and search options) in ``switches``."""
    return np.array([switches], dtype=np.int64)


def encode(state: YukonState, rules: dict | None = None) -> np.ndarray:
    out = np.zeros(STATE_LEN, dtype=np.uint8)
    for p, pile in enumerate(state.piles):
        out[LEN + p] = len(pile)
        out[DOWN + p] = state.face_down[p]
        out[CARDS + p * CAP:CARDS + p * CAP + len(pile)] = pile
    out[FOUND:FOUND + 4] = state.foundations
    return out


def describe_move(state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
    """The notation of a search move: a swap class's (or component's) move
    is the swaps it plays, then its own move."""
    plain = np.zeros(kernel.MAX_PLAIN_MOVES, dtype=np.int64)
    count = kernel.plain_moves(state, rules_arr, np.int64(move), plain)
    texts, now, child = [], state.copy(), np.empty_like(state)
    for m in plain[:count]:
        src, index, dest = move_src(m), move_index(m), move_dest(m)
        card = int(now[CARDS + src * CAP + index])
        texts.append(to_foundation(card) if dest == FOUNDATION_DEST else to_tableau(card, dest))
        moves.play(now, m, child)
        now, child = child, now
    return texts
