"""Pyramid played blind: every pyramid card is face up; under
``tableau+stock`` the stock's order is hidden until each card is turned (the
stock's top card is seen under ``stock_top_playable``), under ``tableau``
nothing is hidden."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from solitaire import cards
from solitaire.blind.games.base import GameBlind
from solitaire.blind.observation import TABLEAU, UNSEEN, Observation, rules_items
from solitaire.games.pyramid import layout as geo
from solitaire.games.pyramid.reference import PyramidState
from solitaire.notation import DRAW, REDEAL, REMOVE, Move
from solitaire.rules import UNLIMITED

KING = 13


@dataclass(frozen=True)
class PyramidView(Observation):
    """``pyramid``: the 28 places row by row, None once removed (the deal's
    cards are ``deal_pyramid``); ``deal_stock``: the stock as dealt, next
    turned first, ``UNSEEN`` where not seen; ``stock_at``: where in
    ``deal_stock`` the cards still in the stock lie, next turned first
    (turning the waste over keeps the order); ``waste``: the waste piles,
    top last; ``redeals``: the redeals made."""

    card_fields = ("pyramid", "deal_pyramid", "deal_stock", "waste")  # the fields that hold cards where they lie

    pyramid: tuple[int | None, ...] = ()
    deal_pyramid: tuple[int, ...] = ()
    deal_stock: tuple[int, ...] = ()
    stock_at: tuple[int, ...] = ()
    waste: tuple[tuple[int, ...], ...] = ()
    redeals: int = 0

    def places(self) -> list[tuple]:
        return [("stock", j) for j, c in enumerate(self.deal_stock) if c == UNSEEN]

    def complete(self, fill: Sequence[int]) -> PyramidState:
        it = iter(fill)
        state = object.__new__(PyramidState)
        state.rules = self.rules_dict()
        state.deal_pyramid = self.deal_pyramid
        state.deal_stock = tuple(next(it) if c == UNSEEN else c for c in self.deal_stock)
        state.place_of = {card: i for i, card in enumerate(self.deal_pyramid)}
        state.pyramid = list(self.pyramid)
        state.stock = [state.deal_stock[j] for j in self.stock_at]
        state.waste = [list(pile) for pile in self.waste]
        state.redeals = self.redeals
        return state

    def progress_key(self) -> tuple:
        unlimited = self.rules_dict()["passes"] == UNLIMITED
        return (self.pyramid, self.deal_stock, self.stock_at, self.waste, 0 if unlimited else self.redeals)

    def in_pyramid(self, card: int) -> bool:
        return card in self.pyramid


class PyramidBlind(GameBlind):
    game = "pyramid"
    hides = {"tableau+stock": "stock cards not yet turned (the stock's top card is seen under stock_top_playable)",
             "tableau": "nothing (the stock's order is known: blind play is thoughtful play)"}

    def visible(self, state: PyramidState, hidden: str) -> set[int]:
        out = set(cards.ALL_CARDS) - set(state.stock)  # pyramid, waste and removed cards have all been seen
        if hidden == TABLEAU:
            out.update(state.stock)
        elif state.rules["stock_top_playable"] and state.stock:
            out.add(state.stock[0])
        return out

    def observe(self, state: PyramidState, seen: frozenset[int], hidden: str,
                rules: dict[str, Any]) -> PyramidView:
        where = {card: j for j, card in enumerate(state.deal_stock)}
        return PyramidView(game=self.game, rules=rules_items(rules), hidden=hidden,
                           unseen=frozenset(cards.ALL_CARDS) - seen, pyramid=tuple(state.pyramid),
                           deal_pyramid=tuple(state.deal_pyramid),
                           deal_stock=tuple(c if c in seen else UNSEEN for c in state.deal_stock),
                           stock_at=tuple(where[c] for c in state.stock),
                           waste=tuple(tuple(pile) for pile in state.waste), redeals=state.redeals)

    def _place(self, view: PyramidView, card: int) -> str:
        """'pyramid', 'waste' or 'stock': where an exposed card lies."""
        if view.in_pyramid(card):
            return "pyramid"
        return "waste" if any(pile and pile[-1] == card for pile in view.waste) else "stock"

    def stock_cycles(self, rules: dict[str, Any]) -> bool:
        return rules["draw"] == 1 and rules["passes"] == UNLIMITED

    def safe_moves(self, view: PyramidView, legal: Sequence[str]) -> list[str]:
        """Removing a King from the pyramid or a waste top, or (draw 1) the
        stock top (docs/pyramid.md, "Kings")."""
        out = []
        for text in legal:
            m = Move.parse(text)
            if m.kind == REMOVE and m.other < 0 and cards.rank(m.card) == KING:
                if self._place(view, m.card) != "stock" or view.rules_dict()["draw"] == 1:
                    out.append(text)
        return out

    def priority(self, view: PyramidView, text: str) -> tuple | None:
        """1 remove a King; 2 a pair of a pyramid card and a waste or stock
        card; 3 a pair of two pyramid cards (the higher row first); 4 a pair
        of two waste or stock cards; 5 turn the stock; 6 a redeal."""
        m = Move.parse(text)
        if m.kind == DRAW:
            return (5,)
        if m.kind == REDEAL:
            return (6,)
        if m.other < 0:
            return (1,)
        places = [self._place(view, c) for c in (m.card, m.other)]
        if places.count("pyramid") == 2:
            rows = [geo.position(view.pyramid.index(c))[0] for c in (m.card, m.other)]
            return (3, min(rows))
        return (2,) if "pyramid" in places else (4,)


BLIND = PyramidBlind()
