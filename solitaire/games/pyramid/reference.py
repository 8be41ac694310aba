"""The readable reference engine: RULES.md's Pyramid, said plainly.

A position is the pyramid (28 places, ``None`` once removed), the stock
(next card to turn first), one or three waste piles (bottom card first) and
the number of redeals made.  Moves are notation strings: ``draw``,
``redeal``, ``KS`` (remove a King), ``9H+4C`` (remove a pair).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from solitaire import cards, notation
from solitaire.deals import Layout
from solitaire.games.base import IllegalMove, ReferenceState
from solitaire.games.pyramid import layout as geo
from solitaire.rules import UNLIMITED

KING = 13


class PyramidState(ReferenceState):
    game = "pyramid"
    def __init__(self, layout: Layout, rules: dict[str, Any]):
        self.rules = rules
        self.deal_pyramid: tuple[int, ...] = tuple(geo.pyramid_cards(layout))
        self.deal_stock: tuple[int, ...] = tuple(layout.stock)
        self.pyramid: list[int | None] = list(self.deal_pyramid)
        self.place_of = {card: i for i, card in enumerate(self.deal_pyramid)}  # pyramid cards never move
        self.stock: list[int] = list(layout.stock)
        self.waste: list[list[int]] = [[] for _ in range(3 if rules["draw"] == 3 else 1)]
        self.redeals = 0

    def copy(self) -> "PyramidState":
        other = object.__new__(PyramidState)
        other.rules = self.rules
        other.deal_pyramid, other.deal_stock = self.deal_pyramid, self.deal_stock
        other.place_of = self.place_of
        other.pyramid = list(self.pyramid)
        other.stock = list(self.stock)
        other.waste = [list(p) for p in self.waste]
        other.redeals = self.redeals
        return other

    # --- what is exposed --------------------------------------------------------
    def pyramid_exposed(self, i: int) -> bool:
        if self.pyramid[i] is None:
            return False
        for j in geo.coverers(i):  # (a plain loop: replaying every win calls this often)
            if self.pyramid[j] is not None:
                return False
        return True

    def exposed(self) -> list[int]:
        """Every exposed card: pyramid cards with nothing on them, waste tops,
        and the stock's top card under ``stock_top_playable``."""
        out = [self.pyramid[i] for i in range(geo.PYRAMID_SIZE) if self.pyramid_exposed(i)]
        out += [pile[-1] for pile in self.waste if pile]
        if self.rules["stock_top_playable"] and self.stock:
            out.append(self.stock[0])
        return out

    def covering_pairs(self) -> list[tuple[int, int]]:
        """(card, coverer) pairs allowed by ``pair_covering``: the card has
        exactly one covering card left, that card is exposed, and they total 13."""
        if not self.rules["pair_covering"]:
            return []
        out = []
        for i, card in enumerate(self.pyramid):
            if card is None:
                continue
            left = [j for j in geo.coverers(i) if self.pyramid[j] is not None]
            if len(left) == 1 and self.pyramid_exposed(left[0]):
                other = self.pyramid[left[0]]
                if cards.rank(card) + cards.rank(other) == 13:
                    out.append((card, other))
        return out

    def redeal_allowed(self) -> bool:
        passes = self.rules["passes"]
        more = passes == UNLIMITED or self.redeals + 1 < passes
        return self.rules["draw"] == 1 and not self.stock and bool(self.waste[0]) and more

    # --- moves ------------------------------------------------------------------
    def legal_moves(self) -> list[str]:
        if self.is_won():
            return []
        exposed = self.exposed()
        moves = [notation.remove(c) for c in exposed if cards.rank(c) == KING]
        moves += [notation.remove(a, b) for a, b in combinations(exposed, 2) if cards.rank(a) + cards.rank(b) == 13]
        moves += [notation.remove(a, b) for a, b in self.covering_pairs()]
        if self.stock:
            moves.append(notation.DRAW)
        if self.redeal_allowed():
            moves.append(notation.REDEAL)
        return moves

    def play(self, move: str) -> None:
        m = notation.Move.parse(move)
        if self.is_won():
            raise IllegalMove("the game is already won")
        if m.kind == notation.DRAW:
            self._draw()
        elif m.kind == notation.REDEAL:
            self._redeal()
        elif m.kind == notation.REMOVE:
            self._remove(m.card, m.other)
        else:
            raise IllegalMove(f"'{m.text()}' is not a Pyramid move (Pyramid has draw, redeal, KS, 9H+4C)")

    def _draw(self) -> None:
        if not self.stock:
            raise IllegalMove("the stock is empty")
        turned, self.stock = self.stock[:len(self.waste)], self.stock[len(self.waste):]
        for pile, card in zip(self.waste, turned):
            pile.append(card)

    def _redeal(self) -> None:
        if self.rules["draw"] != 1:
            raise IllegalMove("three waste piles are gone through once: no redeal")
        if self.stock:
            raise IllegalMove("redeal only when the stock is empty")
        if not self.waste[0]:
            raise IllegalMove("the waste is empty: nothing to turn over")
        if not self.redeal_allowed():
            raise IllegalMove(f"no pass left ({self.rules['passes']} passes in all)")
        self.stock, self.waste[0] = self.waste[0], []
        self.redeals += 1

    def _exposed_place(self, card: int) -> tuple[str, int] | None:
        """Where ``card`` lies if it is exposed (one of ``exposed()``):
        ("pyramid", index), ("waste", pile) or ("stock", 0); else None."""
        i = self.place_of.get(card)
        if i is not None and self.pyramid[i] is not None:
            return ("pyramid", i) if self.pyramid_exposed(i) else None
        for k, pile in enumerate(self.waste):
            if pile and pile[-1] == card:
                return ("waste", k)
        if self.rules["stock_top_playable"] and self.stock and self.stock[0] == card:
            return ("stock", 0)
        return None

    def _remove(self, card: int, other: int) -> None:
        where = self._exposed_place(card)
        if other < 0:
            if cards.rank(card) != KING:
                raise IllegalMove(f"{cards.name(card)} is not a King: only a King is removed alone")
            if where is None:
                raise IllegalMove(f"{cards.name(card)} is not exposed")
            self._take_from(where)
            return
        names = f"{cards.name(card)}+{cards.name(other)}"
        if cards.rank(card) + cards.rank(other) != 13:
            raise IllegalMove(f"{names} do not total 13")
        where_other = self._exposed_place(other)
        if where is not None and where_other is not None:
            # two exposed cards lie in different places (one card per pile top)
            self._take_from(where)
            self._take_from(where_other)
            return
        pair = {card, other}
        if not any(set(p) == pair for p in self.covering_pairs()):
            blocked = [cards.name(c) for c, w in ((card, where), (other, where_other)) if w is None]
            raise IllegalMove(f"{names}: {' and '.join(blocked)} not exposed")
        for c in (card, other):  # a covering pair: both are in the pyramid
            self.pyramid[self.pyramid.index(c)] = None

    def _take_from(self, where: tuple[str, int]) -> None:
        kind, i = where
        if kind == "pyramid":
            self.pyramid[i] = None
        elif kind == "waste":
            self.waste[i].pop()
        else:
            self.stock.pop(0)

    def is_won(self) -> bool:
        return self.pyramid.count(None) == geo.PYRAMID_SIZE  # (card 0 is falsy: no any())

    # --- picture ------------------------------------------------------------------
    def render(self) -> str:
        lines = []
        for row in range(geo.ROWS):
            places = [self.pyramid[geo.index(row, c)] for c in range(row + 1)]
            text = "  ".join(".." if c is None else cards.name(c) for c in places)
            lines.append(" " * (2 * (geo.ROWS - 1 - row)) + text)
        lines.append("stock (next first): " + (" ".join(cards.names(self.stock)) or "-"))
        for k, pile in enumerate(self.waste, start=1):
            label = "waste" if len(self.waste) == 1 else f"waste {k}"
            lines.append(f"{label} (top last): " + (" ".join(cards.names(pile)) or "-"))
        passes = self.rules["passes"]
        lines.append(f"pass {self.redeals + 1} of {passes}")
        return "\n".join(lines)
