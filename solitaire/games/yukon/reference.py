"""The readable Yukon reference engine: RULES.md said plainly in Python.

This is the test oracle for the fast kernels and the referee that replays
every solution before it is reported, so it favours clarity over speed.
"""
from __future__ import annotations

from solitaire import cards
from solitaire.deals import Layout
from solitaire.games.base import IllegalMove, ReferenceState
from solitaire.games.yukon.layout import FACE_DOWN
from solitaire.notation import TO_FOUNDATION, TO_TABLEAU, Move, to_foundation, to_tableau

KING = 13


def fits_on(card: int, target: int) -> bool:
    """Yukon building: one rank lower and the other colour."""
    return cards.rank(card) + 1 == cards.rank(target) and cards.is_red(card) != cards.is_red(target)


class YukonState(ReferenceState):
    """Seven piles (bottom card first), how many of each are face down, and
    the four foundations (the highest rank played per suit, 0 = empty)."""
    game = "yukon"

    def __init__(self, piles: list[list[int]], face_down: list[int], foundations: list[int]):
        self.piles = [list(p) for p in piles]
        self.face_down = list(face_down)
        self.foundations = list(foundations)

    @classmethod
    def from_layout(cls, layout: Layout) -> "YukonState":
        return cls(layout.tableau, FACE_DOWN, [0, 0, 0, 0])

    def copy(self) -> "YukonState":
        return YukonState(self.piles, self.face_down, self.foundations)

    # --- rules -----------------------------------------------------------------
    def face_up(self, pile: int) -> range:
        """Indexes of the face-up cards of ``pile`` (the ones that may move)."""
        return range(self.face_down[pile], len(self.piles[pile]))

    def can_go_to_foundation(self, card: int) -> bool:
        return self.foundations[cards.suit(card)] == cards.rank(card) - 1

    def can_go_to_pile(self, card: int, dest: int) -> bool:
        target = self.piles[dest]
        if not target:
            return cards.rank(card) == KING
        return fits_on(card, target[-1])

    def legal_moves(self) -> list[str]:
        moves = []
        for p, pile in enumerate(self.piles):
            for i in self.face_up(p):
                card = pile[i]
                if i == len(pile) - 1 and self.can_go_to_foundation(card):
                    moves.append(to_foundation(card))
                for q in range(len(self.piles)):
                    if q != p and self.can_go_to_pile(card, q):
                        moves.append(to_tableau(card, q))
        return moves

    def find(self, card: int) -> tuple[int, int]:
        """(pile, index) of a tableau card; IllegalMove if it is not there."""
        for p, pile in enumerate(self.piles):
            if card in pile:
                return p, pile.index(card)
        raise IllegalMove(f"{cards.name(card)} is already on its foundation")

    def play(self, move: str) -> None:
        m = Move.parse(move)
        if m.kind not in (TO_TABLEAU, TO_FOUNDATION):
            raise IllegalMove(f"'{m.text()}' is not a Yukon move (Yukon moves are XY>tN and XY>f)")
        name = cards.name(m.card)
        p, i = self.find(m.card)
        if i < self.face_down[p]:
            raise IllegalMove(f"{name} is face down")
        pile = self.piles[p]
        if m.kind == TO_FOUNDATION:
            if i != len(pile) - 1:
                raise IllegalMove(f"{name} is not the top card of its pile (only a top card may go to a foundation)")
            if not self.can_go_to_foundation(m.card):
                have = self.foundations[cards.suit(m.card)]
                top = cards.name(cards.make(have, cards.suit(m.card))) if have else "nothing"
                raise IllegalMove(f"{name} cannot go to its foundation, which holds {top}")
            self.foundations[cards.suit(m.card)] += 1
            pile.pop()
        else:
            q = m.pile
            if q >= len(self.piles):
                raise IllegalMove(f"there is no tableau pile {q + 1} (piles 1..{len(self.piles)})")
            if q == p:
                raise IllegalMove(f"{name} is already in pile {q + 1}")
            if not self.can_go_to_pile(m.card, q):
                if not self.piles[q]:
                    raise IllegalMove(f"only a King may fill empty pile {q + 1}, not {name}")
                top = cards.name(self.piles[q][-1])
                raise IllegalMove(f"{name} cannot go on {top} in pile {q + 1} "
                                  "(needs one rank lower and the other colour)")
            self.piles[q].extend(pile[i:])
            del pile[i:]
        if pile and self.face_down[p] == len(pile):
            self.face_down[p] -= 1  # the new top card turns face up

    def is_won(self) -> bool:
        return all(f == KING for f in self.foundations)

    def render(self) -> str:
        lines = []
        for p, pile in enumerate(self.piles):
            shown = [f"<{cards.name(c)}>" if i < self.face_down[p] else cards.name(c) for i, c in enumerate(pile)]
            lines.append(f"t{p + 1}: " + (" ".join(shown) if shown else "(empty)"))
        found = [cards.name(cards.make(f, s)) if f else "--" for s, f in enumerate(self.foundations)]
        lines.append("foundations: " + " ".join(found))
        return "\n".join(lines)
