"""Yukon played blind: the face-down tableau cards are hidden.  Yukon has no
stock, so both values of ``hidden`` hide the same cards."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from solitaire import cards
from solitaire.blind.games.base import GameBlind, locate
from solitaire.blind.observation import Observation, rules_items
from solitaire.games.yukon.reference import YukonState
from solitaire.notation import TO_FOUNDATION, TO_TABLEAU, Move


@dataclass(frozen=True)
class YukonView(Observation):
    """``piles``: each pile's face-up cards, bottom first, over ``down``
    face-down ones; ``foundations``: the highest rank of each suit home."""

    card_fields = ("piles",)  # the fields that hold cards where they lie

    piles: tuple[tuple[int, ...], ...] = ()
    down: tuple[int, ...] = ()
    foundations: tuple[int, ...] = ()

    def places(self) -> list[tuple]:
        return [("down", p, i) for p, n in enumerate(self.down) for i in range(n)]

    def complete(self, fill: Sequence[int]) -> YukonState:
        it = iter(fill)
        piles = [[next(it) for _ in range(n)] + list(up) for n, up in zip(self.down, self.piles)]
        return YukonState(piles, list(self.down), list(self.foundations))

    def find(self, card: int) -> tuple[int, int]:
        """(pile, index among its face-up cards) of a face-up card."""
        return locate(card, self.piles, "is not a face-up card")


def natural_parent(card: int, base: int) -> bool:
    """``card`` lies on ``base`` as Yukon builds: one rank lower, the other colour."""
    return cards.rank(card) + 1 == cards.rank(base) and cards.is_red(card) != cards.is_red(base)


def safe_home(view: YukonView, card: int) -> bool:
    """docs/yukon.md, "Safe foundation move": both opposite-colour cards one rank lower are home."""
    r = cards.rank(card)
    return all(view.foundations[s] >= r - 1 for s in range(4) if cards.is_red(s * 13) != cards.is_red(card))


class YukonBlind(GameBlind):
    game = "yukon"
    hides = {"tableau+stock": "face-down tableau cards (no stock)", "tableau": "face-down tableau cards (no stock)"}

    def visible(self, state: YukonState, hidden: str) -> set[int]:
        out = {c for p, pile in enumerate(state.piles) for c in pile[state.face_down[p]:]}
        out.update(cards.make(r, s) for s in range(4) for r in range(1, state.foundations[s] + 1))
        return out

    def observe(self, state: YukonState, seen: frozenset[int], hidden: str, rules: dict[str, Any]) -> YukonView:
        return YukonView(game=self.game, rules=rules_items(rules), hidden=hidden,
                         unseen=frozenset(cards.ALL_CARDS) - seen,
                         piles=tuple(tuple(pile[state.face_down[p]:]) for p, pile in enumerate(state.piles)),
                         down=tuple(state.face_down), foundations=tuple(state.foundations))

    def safe_moves(self, view: YukonView, legal: Sequence[str]) -> list[str]:
        return [text for text in legal if Move.parse(text).kind == TO_FOUNDATION
                and safe_home(view, Move.parse(text).card)]

    def priority(self, view: YukonView, text: str) -> tuple | None:
        """1 safe foundation move; 2 a move that turns a face-down card (the
        pile with most face-down cards first); 3 another foundation move;
        4 a card that does not lie on its natural base (one rank higher, the
        other colour; a King on anything) moved onto one (a King to an empty
        pile); 5 a non-King at the bottom of its pile moved off it.  Never:
        moving a card off its natural base, or a King at the bottom."""
        m = Move.parse(text)
        p, i = view.find(m.card)
        if m.kind == TO_FOUNDATION:
            return (1,) if safe_home(view, m.card) else (3,)
        if m.kind != TO_TABLEAU:
            return None
        if i == 0 and view.down[p] > 0:
            return (2, -view.down[p])
        if i > 0:
            return None if natural_parent(m.card, view.piles[p][i - 1]) else (4,)
        return None if cards.rank(m.card) == 13 else (5,)


BLIND = YukonBlind()
