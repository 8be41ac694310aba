"""Bridge between the reference engine and the kernels: the rules array,
the encoding of a position, and fast moves spelled in notation."""
from __future__ import annotations

from typing import Any

import numpy as np

from solver import notation
from solver.games.pyramid import kernel as K
from solver.games.pyramid.reference import PyramidState
from solver.games.pyramid.rules import passes_limit

# More passes than this are the same game as unlimited passes: in a line with
# no position repeated, every pass but the last removes a card (a pass that
# removes nothing brings back the position it started from, one redeal
# later), and a game has at most 28 removals.  The search never repeats a
# position on its path, so its lines use at most 28 redeals.
UNLIMITED_FROM = 30


def rules_array(rules: dict[str, Any], reductions: int = K.ALL_REDUCTIONS) -> np.ndarray:
    passes = passes_limit(rules)
    arr = np.zeros(K.RULES_LEN, dtype=np.int64)
    arr[K.R_DRAW] = rules["draw"]
    arr[K.R_PASSES] = 0 if passes >= UNLIMITED_FROM else passes
    arr[K.R_STOCK_TOP] = int(bool(rules["stock_top_playable"]))
    arr[K.R_COVER] = int(bool(rules["pair_covering"]))
    arr[K.R_REDUCE] = reductions
    return arr


def encode(state: PyramidState) -> np.ndarray:
    """The kernel state of a reference position."""
    out = np.zeros(K.STATE_LEN, dtype=np.uint8)
    pyr = 0
    for i, card in enumerate(state.deal_pyramid):
        out[K.CARDS + i] = card
        if state.pyramid[i] is not None:
            pyr |= 1 << i
    stock_order = state.deal_stock
    where = {card: i for i, card in enumerate(stock_order)}
    present = turned = 0
    for i, card in enumerate(stock_order):
        out[K.CARDS + K.NPYR + i] = card
    for card in state.stock:
        present |= 1 << where[card]
    for k, pile in enumerate(state.waste):
        for card in pile:
            i = where[card]
            present |= 1 << i
            turned |= 1 << i
            out[K.PILE + i] = k
    rmask = [0] * 14
    for i, card in enumerate(state.deal_pyramid):
        rmask[card % 13 + 1] |= 1 << i
    fields = [(K.PYR, 4, pyr), (K.PRESENT, 3, present), (K.TURNED, 3, turned)]
    fields += [(K.RMASK + 4 * r, 4, rmask[r]) for r in range(14)]
    for off, n, value in fields:
        out[off:off + n] = np.frombuffer(value.to_bytes(n, "little"), dtype=np.uint8)
    out[K.REDEALS] = state.redeals if rules_array(state.rules)[K.R_PASSES] else 0
    return out


def _name(state: np.ndarray, loc: int) -> int:
    return int(state[K.CARDS + loc])


def describe_move(state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
    """The notation moves a fast move stands for: its stock actions, then the removal."""
    kind = move >> 12 & 3
    if kind == K.K_DRAW:
        return [notation.DRAW]
    if kind == K.K_REDEAL:
        return [notation.REDEAL]
    # The stock actions, as the kernel's _stock_action makes them: a draw
    # while the stock has cards (1 or 3 at a time), else a redeal.  Cards
    # never change place in CARDS, so the removal is named from ``state``.
    out = []
    present = int.from_bytes(state[K.PRESENT:K.PRESENT + 3].tobytes(), "little")
    turned = int.from_bytes(state[K.TURNED:K.TURNED + 3].tobytes(), "little")
    per_turn = int(rules_arr[K.R_DRAW])
    for _ in range(move >> 16 & 255):
        stock = present & ~turned
        if stock:
            out.append(notation.DRAW)
            for _ in range(per_turn):
                if stock:
                    low = stock & -stock
                    turned |= low
                    stock &= ~low
        else:
            out.append(notation.REDEAL)
            turned = 0
    a, b = move & 63, move >> 6 & 63
    out.append(notation.remove(_name(state, a), _name(state, b) if b != K.NONE else -1))
    return out
