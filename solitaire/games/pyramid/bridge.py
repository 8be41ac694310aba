"""Bridge between the reference engine and the kernels: the rules array,
the encoding of a position, and fast moves spelled in notation."""
from __future__ import annotations

from typing import Any

import numpy as np

from solitaire import notation
from solitaire.games.pyramid.kernel import state as K
from solitaire.games.pyramid.reference import PyramidState
from solitaire.games.pyramid.rules import passes_limit

# More passes than this are the same game as unlimited passes: in a line with
# no position repeated, every pass but the last removes a card (a pass that
# removes nothing brings back the position it started from, one redeal
# later), and a game has at most 28 removals.  The search never repeats a
# position on its path, so its lines use at most 28 redeals.
UNLIMITED_FROM = 30

# Where the pyramid game (kernel/abstraction.py) is tried and its budgets,
# in its own positions.  Always at a full pyramid (the deal's start), where
# it settles most lost deals at once.  At every position too when the stock
# can be gone through more than once or its top is playable: the stock is
# then close to the pool of the pyramid game, lost positions are often lost
# for the pyramid alone, and on the microsoft deals 1..1000 this cut the
# plain DFS's nodes 14 times (worst deal 5.6 s -> 0.17 s).  With one pass and
# the top not playable (the seed rules, three piles) it cut few nodes and
# cost more than it saved, so it runs there at the start only.  (Any setting
# is sound: these only choose where the proof is tried.)  The shortest-win
# A* tries it in its moves as the DFS does, but in the lower bound (called
# for every child) at a full pyramid only: on microsoft deals 1..200, the
# pyramid game in the bound too tripled the A* median time; in the moves
# alone it costs about 10% at the median and cut the hardest deals'
# expansions 2.6 times (962, 502, 679: 3.5 -> 2.6 s CPU at worst).
ABS_BUDGET = 1000
ABS_BUDGET_FULL = 200_000


def rules_array(rules: dict[str, Any], off: int = 0) -> np.ndarray:
    """The kernels' rules array; ``off``: the reductions switched off (bits
    of kernel/state.py, ``rules[R_OFF]``)."""
    passes = passes_limit(rules)
    arr = np.zeros(K.RULES_LEN, dtype=np.int64)
    arr[K.R_DRAW] = rules["draw"]
    arr[K.R_PASSES] = 0 if passes >= UNLIMITED_FROM else passes
    arr[K.R_STOCK_TOP] = int(bool(rules["stock_top_playable"]))
    arr[K.R_COVER] = int(bool(rules["pair_covering"]))
    free_stock = rules["draw"] == 1 and (passes != 1 or bool(rules["stock_top_playable"]))
    arr[K.R_ABS_SMALL] = K.NPYR if free_stock else 0
    arr[K.R_ABS_SMALL_OPT] = arr[K.R_ABS_SMALL]
    arr[K.R_ABS_SMALL_BOUND] = 0  # at a full pyramid only (see above)
    arr[K.R_ABS_BUDGET] = ABS_BUDGET
    arr[K.R_ABS_BUDGET_FULL] = ABS_BUDGET_FULL
    arr[K.R_OFF] = off
    return arr


def encode(state: PyramidState, rules: dict[str, Any] | None = None) -> np.ndarray:
    """The kernel state of a reference position (built as bytes, one array at
    the end: it runs once per deal solved, so it is kept cheap)."""
    out = bytearray(K.STATE_LEN)
    stock_order = state.deal_stock
    out[K.CARDS:K.CARDS + K.NPYR] = bytes(state.deal_pyramid)
    out[K.CARDS + K.NPYR:K.CARDS + K.NPYR + K.NSTOCK] = bytes(stock_order)
    where = {card: i for i, card in enumerate(stock_order)}
    pyr = pcount = 0
    rmask = [0] * 14
    for i, card in enumerate(state.deal_pyramid):
        r = card % 13 + 1
        rmask[r] |= 1 << i
        if state.pyramid[i] is not None:
            pyr |= 1 << i
            pcount += 1 << 4 * r
    present = turned = scount = 0
    piles = [0, 0, 0]
    for card in state.stock:
        present |= 1 << where[card]
    for k, pile in enumerate(state.waste):
        for card in pile:
            i = where[card]
            piles[k] |= 1 << i
            out[K.PILE + i] = k
    turned = piles[0] | piles[1] | piles[2]
    present |= turned
    for i, card in enumerate(stock_order):
        if present >> i & 1:
            scount += 1 << 4 * (card % 13 + 1)
    fields = [(K.PYR, 4, pyr), (K.PRESENT, 3, present), (K.TURNED, 3, turned)]
    fields += [(K.RMASK + 4 * r, 4, rmask[r]) for r in range(14)]
    fields += [(K.PCOUNT, 8, pcount), (K.SCOUNT, 8, scount)] + [(K.PMASK + 3 * k, 3, piles[k]) for k in range(3)]
    for off, n, value in fields:
        out[off:off + n] = value.to_bytes(n, "little")
    passes = passes_limit(state.rules)  # 0: unlimited
    out[K.REDEALS] = state.redeals if 0 < passes < UNLIMITED_FROM else 0
    return np.frombuffer(out, dtype=np.uint8).copy()


def describe_move(state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
    """The notation moves a fast move stands for: its stock actions, then the removal."""
    kind = move >> 12 & 3
    if kind == K.K_DRAW:
        return [notation.DRAW]
    if kind == K.K_REDEAL:
        return [notation.REDEAL]
    # The stock actions, as kernel/stock.py's _stock_actions makes them: a draw
    # while the stock has cards (1 or 3 at a time), else a redeal.  Cards
    # never change place in CARDS, so the removal is named from ``state``
    # (read as bytes once: this runs for every move of every win replayed).
    raw = state.tobytes()
    a, b = move & 63, move >> 6 & 63
    if not move >> 16 & 255:
        return [_removal(raw[K.CARDS + a], raw[K.CARDS + b] if b != K.NONE else -1)]
    out = []
    present = int.from_bytes(raw[K.PRESENT:K.PRESENT + 3], "little")
    turned = int.from_bytes(raw[K.TURNED:K.TURNED + 3], "little")
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
    out.append(_removal(raw[K.CARDS + a], raw[K.CARDS + b] if b != K.NONE else -1))
    return out


_REMOVALS: dict[tuple[int, int], str] = {}


def _removal(card: int, other: int) -> str:
    """notation.remove, remembered (a few hundred distinct texts in all)."""
    text = _REMOVALS.get((card, other))
    if text is None:
        text = _REMOVALS[card, other] = notation.remove(card, other)
    return text
