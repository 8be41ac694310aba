"""Baker's Dozen played blind: every card is face up, so the observation is
the position and blind play is thoughtful play."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from solitaire import cards
from solitaire.blind.games.base import GameBlind, locate
from solitaire.blind.observation import Observation, rules_items
from solitaire.games.bakers_dozen.reference import BakersDozenState, can_build
from solitaire.notation import TO_FOUNDATION, TO_TABLEAU, Move


@dataclass(frozen=True)
class BakersDozenView(Observation):
    """``columns``: the thirteen columns, bottom first; ``foundation``: the
    highest rank of each suit home.  ``unseen`` is always empty."""

    card_fields = ("columns",)  # the fields that hold cards where they lie

    columns: tuple[tuple[int, ...], ...] = ()
    foundation: tuple[int, ...] = ()

    def places(self) -> list[tuple]:
        return []

    def complete(self, fill: Sequence[int]) -> BakersDozenState:
        return BakersDozenState.from_position([list(col) for col in self.columns], list(self.foundation),
                                              self.rules_dict())

    def column_of(self, card: int) -> tuple[int, int]:
        return locate(card, self.columns, "is not in a column")


def safe_home(view: BakersDozenView, card: int) -> bool:
    """docs/bakers_dozen.md, "Safe foundation move": every foundation holds its rank minus 2."""
    return min(view.foundation) >= cards.rank(card) - 2


class BakersDozenBlind(GameBlind):
    game = "bakers-dozen"
    hides = {"tableau+stock": "nothing (every card is face up)", "tableau": "nothing (every card is face up)"}

    def visible(self, state: BakersDozenState, hidden: str) -> set[int]:
        return set(cards.ALL_CARDS)

    def observe(self, state: BakersDozenState, seen: frozenset[int], hidden: str,
                rules: dict[str, Any]) -> BakersDozenView:
        return BakersDozenView(game=self.game, rules=rules_items(rules), hidden=hidden, unseen=frozenset(),
                               columns=tuple(tuple(col) for col in state.columns),
                               foundation=tuple(state.foundation))

    def safe_moves(self, view: BakersDozenView, legal: Sequence[str]) -> list[str]:
        return [text for text in legal if Move.parse(text).kind == TO_FOUNDATION
                and safe_home(view, Move.parse(text).card)]

    def priority(self, view: BakersDozenView, text: str) -> tuple | None:
        """1 a foundation move (safe ones first); 2 a top card that does not
        lie on a card it may be built on, moved onto one (or a King into an
        empty column under kings=free), uncovering the lowest card first.
        Never: moving a card off a card it may lie on, or a King at the
        bottom of its column."""
        m = Move.parse(text)
        c, i = view.column_of(m.card)
        if m.kind == TO_FOUNDATION:
            return (1, 0 if safe_home(view, m.card) else 1)
        if m.kind != TO_TABLEAU or i == 0:
            return None
        below = view.columns[c][i - 1]
        if can_build(m.card, below, view.rules_dict()["build"]):
            return None
        return (2, cards.rank(below))


BLIND = BakersDozenBlind()
