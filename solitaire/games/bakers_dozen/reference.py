"""Baker's Dozen, the readable reference engine: RULES.md said plainly.

Positions are lists; moves are notation strings.  This engine is the oracle
the fast kernels are tested against and the judge that replays every
solution, so it favours clarity over speed and explains every refusal.
"""
from __future__ import annotations

from typing import Any

from solitaire import cards
from solitaire.deals import Layout
from solitaire.games.bakers_dozen.layout import move_kings_down
from solitaire.games.base import IllegalMove, ReferenceState
from solitaire.notation import TO_FOUNDATION, TO_TABLEAU, Move, to_foundation, to_tableau


def can_build(card: int, onto: int, build: str) -> bool:
    """``card`` may go on ``onto``: exactly one rank lower; other-suit forbids its own suit."""
    if cards.rank(onto) != cards.rank(card) + 1:
        return False
    return build == "any-suit" or cards.suit(onto) != cards.suit(card)


class BakersDozenState(ReferenceState):
    game = "bakers-dozen"
    def __init__(self, layout: Layout, rules: dict[str, Any]):
        self.rules = rules
        columns = [list(col) for col in layout.tableau]
        self.columns = move_kings_down(columns) if rules["kings"] == "bottom" else columns
        self.foundation = [0, 0, 0, 0]  # highest rank on each suit's foundation (C, D, H, S)

    @classmethod
    def from_position(cls, columns: list[list[int]], foundation: list[int],
                      rules: dict[str, Any]) -> "BakersDozenState":
        """A mid-game position as given (no King move): for tests and analysis."""
        state = cls.__new__(cls)
        state.rules = rules
        state.columns = [list(col) for col in columns]
        state.foundation = list(foundation)
        return state

    def copy(self) -> "BakersDozenState":
        other = BakersDozenState.__new__(BakersDozenState)
        other.rules = self.rules
        other.columns = [list(col) for col in self.columns]
        other.foundation = list(self.foundation)
        return other

    # --- queries -----------------------------------------------------------
    def is_won(self) -> bool:
        return all(rank == 13 for rank in self.foundation)

    def fits_foundation(self, card: int) -> bool:
        return self.foundation[cards.suit(card)] == cards.rank(card) - 1

    def may_enter(self, card: int, column: int) -> bool:
        """Whether ``card`` may be moved onto column ``column`` (building rules)."""
        col = self.columns[column]
        if not col:
            return self.rules["kings"] == "free" and cards.rank(card) == 13
        return can_build(card, col[-1], self.rules["build"])

    def legal_moves(self) -> list[str]:
        moves = []
        for src, col in enumerate(self.columns):
            if not col:
                continue
            card = col[-1]
            if self.fits_foundation(card):
                moves.append(to_foundation(card))
            for dst in range(len(self.columns)):
                if dst != src and self.may_enter(card, dst):
                    moves.append(to_tableau(card, dst))
        return moves

    # --- moves -------------------------------------------------------------
    def _source(self, card: int) -> int:
        """The column whose top card is ``card``, or IllegalMove saying where it is."""
        for i, col in enumerate(self.columns):
            if col and col[-1] == card:
                return i
            if card in col:
                return self._buried(card, i)
        raise IllegalMove(f"{cards.name(card)} is already on its foundation")

    def _buried(self, card: int, column: int) -> int:
        above = self.columns[column][-1]
        raise IllegalMove(f"{cards.name(card)} is not the top card of column {column + 1} "
                          f"({cards.name(above)} is; only the top card moves)")

    def play(self, move: str) -> None:
        m = Move.parse(move)
        if m.kind not in (TO_FOUNDATION, TO_TABLEAU):
            raise IllegalMove(f"'{m.text()}' is not a Baker's Dozen move (no stock, no removals: "
                              "move a top card to a column 'XY>tN' or to its foundation 'XY>f')")
        src = self._source(m.card)
        name = cards.name(m.card)
        if m.kind == TO_FOUNDATION:
            if not self.fits_foundation(m.card):
                need = cards.make(self.foundation[cards.suit(m.card)] + 1, cards.suit(m.card))
                raise IllegalMove(f"{name} cannot go to its foundation yet ({cards.name(need)} goes next)")
            self.columns[src].pop()
            self.foundation[cards.suit(m.card)] += 1
            return
        dst = m.pile
        if dst >= len(self.columns):
            raise IllegalMove(f"there is no column {dst + 1} (columns 1..{len(self.columns)})")
        if dst == src:
            raise IllegalMove(f"{name} is already in column {dst + 1}")
        if not self.may_enter(m.card, dst):
            raise IllegalMove(self._refusal(m.card, dst))
        self.columns[dst].append(self.columns[src].pop())

    def _refusal(self, card: int, dst: int) -> str:
        name, col = cards.name(card), self.columns[dst]
        if not col:
            if self.rules["kings"] == "bottom":
                return f"column {dst + 1} is empty and empty columns stay empty (kings=bottom)"
            return f"column {dst + 1} is empty and only a King may fill it (kings=free)"
        onto = cards.name(col[-1])
        if cards.rank(col[-1]) != cards.rank(card) + 1:
            return f"{name} cannot go on {onto}: it must be exactly one rank lower"
        return f"{name} cannot go on {onto}: other-suit building forbids its own suit"

    # --- display -----------------------------------------------------------
    def render(self) -> str:
        found = " ".join(
            cards.name(cards.make(r, s)) if r else "--" for s, r in enumerate(self.foundation)
        )
        lines = [f"foundations: {found}"]
        for i, col in enumerate(self.columns, start=1):
            lines.append(f"{i:>2}: " + " ".join(cards.names(col)))
        return "\n".join(lines)
