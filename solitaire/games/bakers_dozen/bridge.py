"""Bridge between the reference engine and the fast state (Python side):
the rules array, encoding a reference position, fast moves as notation."""
from __future__ import annotations

from typing import Any

import numpy as np

from solitaire import cards
from solitaire.games.bakers_dozen.kernel.state import (C0, CAP, F0, H0, MOVE_BASE, NCOLS, R_KINGS_FREE, R_OFF,
                                                       R_OTHER_SUIT, RULES_LEN, STATE_LEN, TO_F)
from solitaire.notation import to_foundation, to_tableau


def rules_array(rules: dict[str, Any], off_bits: int = 0) -> np.ndarray:
    """The (complete) rules as the kernels' array, with the switch word
    ``off_bits`` (the ``OFF_*`` bits of the reductions switched off)."""
    arr = np.zeros(RULES_LEN, dtype=np.int64)
    arr[R_OTHER_SUIT] = rules["build"] == "other-suit"
    arr[R_KINGS_FREE] = rules["kings"] == "free"
    arr[R_OFF] = off_bits
    return arr


def encode(state, rules: dict[str, Any]) -> np.ndarray:
    """The uint8 state of a reference position (``BakersDozenState``)."""
    arr = np.zeros(STATE_LEN, dtype=np.uint8)
    arr[F0:F0 + 4] = state.foundation
    for k, col in enumerate(state.columns):
        if len(col) > CAP:
            raise ValueError(f"column {k + 1} holds {len(col)} cards, more than any position can")
        arr[H0 + k] = len(col)
        arr[C0 + CAP * k:C0 + CAP * k + len(col)] = col
    return arr


def describe_move(state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
    src, dst = divmod(int(move), MOVE_BASE)
    if not 0 <= src < NCOLS or not 0 <= dst <= TO_F or state[H0 + src] == 0:
        raise ValueError(f"move code {move} is not a move of this position")
    card = int(state[C0 + CAP * src + state[H0 + src] - 1])
    return [to_foundation(card) if dst == TO_F else to_tableau(card, dst)]


def decode_columns(state: np.ndarray) -> list[list[str]]:
    """The columns of a fast state as card names (tests and debugging)."""
    return [cards.names(int(c) for c in state[C0 + CAP * k:C0 + CAP * k + state[H0 + k]]) for k in range(NCOLS)]
