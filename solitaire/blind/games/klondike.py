"""Klondike played blind: face-down tableau cards hidden, and under
``tableau+stock`` the stock cards not yet turned onto the waste."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from solitaire import cards
from solitaire.blind.games.base import GameBlind, locate
from solitaire.blind.observation import TABLEAU, UNSEEN, Observation, rules_items
from solitaire.games.klondike.reference import KlondikeState
from solitaire.notation import DRAW, REDEAL, TO_FOUNDATION, TO_TABLEAU, Move
from solitaire.rules import UNLIMITED


@dataclass(frozen=True)
class KlondikeView(Observation):
    """``piles``: each pile's face-up cards, bottom first, over ``down``
    face-down ones; ``stock``: next turned first, ``UNSEEN`` where the
    player has not seen the card; ``waste``: top last (every waste card has
    been seen); ``foundation``: the highest rank on each suit's foundation."""

    card_fields = ("piles", "stock", "waste")  # the fields that hold cards where they lie

    piles: tuple[tuple[int, ...], ...] = ()
    down: tuple[int, ...] = ()
    stock: tuple[int, ...] = ()
    waste: tuple[int, ...] = ()
    foundation: tuple[int, ...] = ()
    passes_used: int = 1

    def places(self) -> list[tuple]:
        return ([("down", p, i) for p, n in enumerate(self.down) for i in range(n)]
                + [("stock", j) for j, c in enumerate(self.stock) if c == UNSEEN])

    def complete(self, fill: Sequence[int]) -> KlondikeState:
        it = iter(fill)
        state = KlondikeState.__new__(KlondikeState)
        state.rules = self.rules_dict()
        state.piles = [[next(it) for _ in range(n)] + list(up) for n, up in zip(self.down, self.piles)]
        state.down = list(self.down)
        state.stock = [next(it) if c == UNSEEN else c for c in self.stock]
        state.waste = list(self.waste)
        state.foundation = list(self.foundation)
        state.passes_used = self.passes_used
        return state

    def progress_key(self) -> tuple:
        passes = self.rules_dict()["passes"]
        return (self.piles, self.down, self.stock, self.waste, self.foundation,
                0 if passes == UNLIMITED else self.passes_used)

    def top(self, pile: int) -> int | None:
        return self.piles[pile][-1] if self.piles[pile] else None

    def where(self, card: int) -> tuple[str, int, int]:
        """('waste', -1, -1), ('pile', pile, index among its face-up cards) or ('foundation', suit, -1)."""
        if self.waste and self.waste[-1] == card:
            return "waste", -1, -1
        place = locate(card, self.piles)
        return ("pile", *place) if place else ("foundation", cards.suit(card), -1)


def safe_to_foundation(view: KlondikeView, card: int) -> bool:
    """The solver's safe foundation rule (docs/klondike.md, "Safe foundation
    moves") for a card that fits its foundation."""
    r, suit = cards.rank(card), cards.suit(card)
    if r <= 2:
        return True
    opposite = [view.foundation[s] for s in range(4) if cards.is_red(s * 13) != cards.is_red(card)]
    same_other = next(view.foundation[s] for s in range(4)
                      if s != suit and cards.is_red(s * 13) == cards.is_red(card))
    if view.rules_dict()["foundation_to_tableau"]:
        return min(opposite) >= r - 1 and same_other >= r - 2
    return min(opposite) >= r - 1 or (min(opposite) >= r - 2 and same_other >= r - 2)


class KlondikeBlind(GameBlind):
    game = "klondike"
    hides = {"tableau+stock": "face-down tableau cards; stock cards not yet turned onto the waste",
             "tableau": "face-down tableau cards (the stock's order is known)"}

    def visible(self, state: KlondikeState, hidden: str) -> set[int]:
        out = {c for p, pile in enumerate(state.piles) for c in pile[state.down[p]:]}
        out.update(state.waste)
        out.update(cards.make(r, s) for s in range(4) for r in range(1, state.foundation[s] + 1))
        if hidden == TABLEAU:
            out.update(state.stock)
        return out

    def observe(self, state: KlondikeState, seen: frozenset[int], hidden: str,
                rules: dict[str, Any]) -> KlondikeView:
        return KlondikeView(
            game=self.game, rules=rules_items(rules), hidden=hidden, unseen=frozenset(cards.ALL_CARDS) - seen,
            piles=tuple(tuple(pile[state.down[p]:]) for p, pile in enumerate(state.piles)),
            down=tuple(state.down), stock=tuple(c if c in seen else UNSEEN for c in state.stock),
            waste=tuple(state.waste), foundation=tuple(state.foundation), passes_used=state.passes_used)

    def stock_cycles(self, rules: dict[str, Any]) -> bool:
        return rules["draw"] == 1 and rules["passes"] == UNLIMITED

    def safe_moves(self, view: KlondikeView, legal: Sequence[str]) -> list[str]:
        draw_one = view.rules_dict()["draw"] == 1
        out = []
        for text in legal:
            m = Move.parse(text)
            if m.kind != TO_FOUNDATION:
                continue
            where, p, i = view.where(m.card)
            top = where == "pile" and i == len(view.piles[p]) - 1
            if (top or (where == "waste" and draw_one)) and safe_to_foundation(view, m.card):
                out.append(text)
        return out

    def priority(self, view: KlondikeView, text: str) -> tuple | None:
        """1 safe foundation move; 2 a move that turns a face-down card (the
        pile with most face-down cards first); 3 the waste top to the
        tableau; 4 another foundation move; 5 a move that lets the card
        under it go to its foundation; 6 emptying a pile when a King waits
        for it; 7 turning the stock; 8 a redeal.  Never: a foundation card
        back, a King already at the bottom of a pile, any other move of a
        face-up card off a face-up card."""
        m = Move.parse(text)
        if m.kind == DRAW:
            return (7,)
        if m.kind == REDEAL:
            return (8,)
        where, p, i = view.where(m.card)
        if m.kind == TO_FOUNDATION:
            return (1,) if safe_to_foundation(view, m.card) else (4,)
        if m.kind != TO_TABLEAU or where == "foundation":
            return None
        if where == "waste":
            return (3,)
        if i == 0 and view.down[p] > 0:
            return (2, -view.down[p])
        if i > 0:
            below = view.piles[p][i - 1]
            fits = view.foundation[cards.suit(below)] == cards.rank(below) - 1
            return (5,) if fits else None
        if cards.rank(m.card) == 13:
            return None
        king_waiting = ((view.waste and cards.rank(view.waste[-1]) == 13)
                        or any(cards.rank(c) == 13 and (j > 0 or view.down[q] > 0)
                               for q, pile in enumerate(view.piles) for j, c in enumerate(pile)))
        return (6,) if king_waiting else None


BLIND = KlondikeBlind()
