"""Python glue for the Klondike kernels: encode positions, describe moves."""
from __future__ import annotations

from typing import Any

import numpy as np

from solver import cards, notation
from solver.games.klondike import kernel as k
from solver.games.klondike.reference import KlondikeState
from solver.rules import UNLIMITED


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    passes = 0 if rules["passes"] == UNLIMITED else int(rules["passes"])
    return np.array([rules["draw"], passes, int(rules["foundation_to_tableau"])], dtype=np.int64)


MAX_DOWN = 6  # a real deal never has more face-down cards in a pile


def encode(state: KlondikeState) -> np.ndarray:
    """The flat kernel state.  Pile slots hold 6 face-down cards and a run of
    13 (with room to spare); a position outside that is refused, never
    written past its slots."""
    if any(d > MAX_DOWN for d in state.down) or len(state.waste) + len(state.stock) > k.TALON_SLOTS:
        raise ValueError("position has more face-down cards in a pile, or talon cards, than any Klondike deal")
    arr = np.zeros(k.STATE_LEN, dtype=np.uint8)
    arr[k.FOUND:k.FOUND + 4] = state.foundation
    talon = state.waste + state.stock
    arr[k.TLEN] = len(talon)
    arr[k.WCOUNT] = len(state.waste)
    arr[k.PASSES_USED] = min(state.passes_used, 255)
    arr[k.TALON:k.TALON + len(talon)] = talon
    for p, pile in enumerate(state.piles):
        base = k.PILE0 + p * k.PILE_STRIDE
        arr[base] = len(pile)
        arr[base + 1] = state.down[p]
        arr[base + 2:base + 2 + len(pile)] = pile
    return arr


def describe_move(state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
    """Notation for one fast move: the stock turns it implies, then the play.

    Plain Python on the state's bytes: this runs for every move of every win,
    and numba functions and numpy scalars are slow to call from Python."""
    move, raw = int(move), state.tobytes()
    kind, a, b, c = move & 15, (move >> 4) & 255, (move >> 12) & 255, (move >> 20) & 255
    if kind == k.T2F or kind == k.T2T:
        base = k.PILE0 + a * k.PILE_STRIDE
        n = raw[base]
        i = n - 1 if kind == k.T2F else n - c
        card = raw[base + 2 + i]
        return [notation.to_foundation(card) if kind == k.T2F else notation.to_tableau(card, b)]
    if kind == k.F2T:
        return [notation.to_tableau(a * 13 + raw[k.FOUND + a] - 1, b)]
    card = raw[k.TALON + a]
    turns = _stock_turns(raw[k.TLEN], raw[k.WCOUNT], int(rules_arr[k.R_DRAW]), a)
    play = notation.to_foundation(card) if kind == k.W2F else notation.to_tableau(card, b)
    return turns + [play]


def _stock_turns(length: int, waste: int, draw: int, target: int) -> list[str]:
    """Turn the stock (redealing when it is empty) until talon[target] is on top."""
    turns: list[str] = []
    while waste - 1 != target:
        if waste < length:
            turns.append(notation.DRAW)
            waste = min(waste + draw, length)
        else:
            turns.append(notation.REDEAL)
            waste = 0
        if len(turns) > 2 * length + 2:
            raise AssertionError(f"talon card {cards.name(target)} is not reachable")
    return turns
