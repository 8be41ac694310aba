"""Between the reference engine and the kernels: the rules array, encoded
positions, and fast moves written as notation."""
from __future__ import annotations

from typing import Any

import numpy as np

from solitaire import cards, notation
from solitaire.games.klondike import kernel as k
from solitaire.games.klondike.reference import KlondikeState
from solitaire.rules import UNLIMITED


def rules_array(rules: dict[str, Any], off: int = 0) -> np.ndarray:
    """The kernels' rules array (``kernel.state``): draw, passes (0 =
    unlimited), foundation_to_tableau, and ``off``, the bits of the
    reductions switched off (``spec.REDUCTIONS``; 0 for the solver)."""
    passes = 0 if rules["passes"] == UNLIMITED else int(rules["passes"])
    arr = np.zeros(k.RULES_LEN, dtype=np.int64)
    arr[k.R_DRAW], arr[k.R_PASSES] = rules["draw"], passes
    arr[k.R_F2T], arr[k.R_OFF] = int(rules["foundation_to_tableau"]), off
    return arr


MAX_DOWN = 6  # a real deal never has more face-down cards in a pile


def encode(state: KlondikeState, rules: dict[str, Any] | None = None) -> np.ndarray:
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
    """Notation for one fast move: the stock turns it implies, then the play."""
    return _describe(state.tobytes(), 0, int(rules_arr[k.R_DRAW]), int(move))


def describe_line(states: np.ndarray, rules_arr: np.ndarray, moves: list[int]) -> list[str]:
    """Notation for a line of play, ``moves[d]`` played in ``states[d]``:
    one ``describe_move`` each, on the bytes of all the positions at once."""
    raw, draw, size = states.tobytes(), int(rules_arr[k.R_DRAW]), states.shape[1]
    out: list[str] = []
    for d, move in enumerate(moves):
        out.extend(_describe(raw, d * size, draw, int(move)))
    return out


def _describe(raw: bytes, at: int, draw: int, move: int) -> list[str]:
    """``describe_move`` for the position at ``raw[at:at + STATE_LEN]``.

    Plain Python on the state's bytes: this runs for every move of every win,
    and numba functions and numpy scalars are slow to call from Python."""
    kind, a, b, c = move & 15, (move >> 4) & 255, (move >> 12) & 255, (move >> 20) & 255
    if kind == k.T2F or kind == k.T2T:
        base = at + k.PILE0 + a * k.PILE_STRIDE
        n = raw[base]
        i = n - 1 if kind == k.T2F else n - c
        card = raw[base + 2 + i]
        return [_TO_FOUNDATION[card] if kind == k.T2F else _TO_TABLEAU[card][b]]
    if kind == k.F2T:
        return [_TO_TABLEAU[a * 13 + raw[at + k.FOUND + a] - 1][b]]
    card = raw[at + k.TALON + a]
    turns = _stock_turns(raw[at + k.TLEN], raw[at + k.WCOUNT], draw, a)
    turns.append(_TO_FOUNDATION[card] if kind == k.W2F else _TO_TABLEAU[card][b])
    return turns


# The notation of every card move, written once: a win looks its moves up.
_TO_FOUNDATION = [notation.to_foundation(card) for card in range(cards.DECK_SIZE)]
_TO_TABLEAU = [[notation.to_tableau(card, pile) for pile in range(k.PILES)] for card in range(cards.DECK_SIZE)]


def _stock_turns(length: int, waste: int, draw: int, target: int) -> list[str]:
    """Turn the stock (redealing when it is empty) until talon[target] is on top."""
    shown = target + 1  # the waste size with talon[target] on top
    draws = _draws(waste, shown, length, draw)
    if draws is not None:
        return [notation.DRAW] * draws
    draws = _draws(0, shown, length, draw)  # not in this pass: to its end, redeal, then turn
    if draws is None:
        raise AssertionError(f"talon card {cards.name(target)} is not reachable")
    return [notation.DRAW] * _draws(waste, length, length, draw) + [notation.REDEAL] + [notation.DRAW] * draws


def _draws(waste: int, shown: int, length: int, draw: int) -> int | None:
    """How many turns in one pass take the waste from ``waste`` to ``shown``
    cards, or None if none do.  Each turn adds ``draw`` cards, the last one
    what remains in the stock."""
    if not waste <= shown <= length or (shown < length and (shown - waste) % draw):
        return None
    return -(-(shown - waste) // draw)
