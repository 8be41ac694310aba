"""Klondike, the readable reference engine: RULES.md said plainly.

Positions are lists; moves are notation strings.  This engine is the oracle
the fast kernels are tested against and the judge that replays every
solution, so it favours clarity over speed and explains every refusal.
"""
from __future__ import annotations

from typing import Any

from solitaire import cards
from solitaire.deals import Layout
from solitaire.games.base import IllegalMove, ReferenceState
from solitaire.notation import DRAW, REDEAL, TO_FOUNDATION, TO_TABLEAU, Move
from solitaire.rules import UNLIMITED


def can_build(card: int, onto: int | None) -> bool:
    """Klondike building: down by one in alternating colours; Kings on empty piles."""
    if onto is None:
        return cards.rank(card) == 13
    return cards.rank(onto) == cards.rank(card) + 1 and cards.is_red(onto) != cards.is_red(card)


class KlondikeState(ReferenceState):
    game = "klondike"
    def __init__(self, layout: Layout, rules: dict[str, Any]):
        self.rules = rules
        self.piles = [list(p) for p in layout.tableau]
        self.down = [max(len(p) - 1, 0) for p in layout.tableau]  # face-down cards at the bottom of each pile
        self.stock = list(layout.stock)  # stock[0] is turned next
        self.waste: list[int] = []  # waste[-1] is the top, the only playable one
        self.foundation = [0, 0, 0, 0]  # highest rank on each suit's foundation
        self.passes_used = 1

    def copy(self) -> "KlondikeState":
        other = KlondikeState.__new__(KlondikeState)
        other.rules = self.rules
        other.piles = [list(p) for p in self.piles]
        other.down = list(self.down)
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.foundation = list(self.foundation)
        other.passes_used = self.passes_used
        return other

    # --- queries -----------------------------------------------------------
    def is_won(self) -> bool:
        return self.foundation == [13, 13, 13, 13]

    def passes_left(self) -> bool:
        passes = self.rules["passes"]
        return passes == UNLIMITED or self.passes_used < passes

    def top(self, pile: int) -> int | None:
        return self.piles[pile][-1] if self.piles[pile] else None

    def fits_foundation(self, card: int) -> bool:
        return self.foundation[cards.suit(card)] == cards.rank(card) - 1

    def foundation_top(self, suit: int) -> int | None:
        rank = self.foundation[suit]
        return cards.make(rank, suit) if rank else None

    def _where(self, card: int) -> tuple[str, int, int]:
        """('waste', -, -), ('pile', pile, index) or ('foundation', suit, -)."""
        if self.waste and self.waste[-1] == card:
            return "waste", -1, -1
        for p, pile in enumerate(self.piles):
            if card in pile:
                i = pile.index(card)
                if i < self.down[p]:
                    raise IllegalMove(f"{cards.name(card)} is face down in pile {p + 1}")
                return "pile", p, i
        if self.foundation_top(cards.suit(card)) == card:
            return "foundation", cards.suit(card), -1
        if card in self.waste:
            raise IllegalMove(f"{cards.name(card)} is in the waste but not on top")
        if card in self.stock:
            raise IllegalMove(f"{cards.name(card)} is still in the stock")
        raise IllegalMove(f"{cards.name(card)} is on its foundation under other cards")

    def legal_moves(self) -> list[str]:
        moves: list[str] = []
        if self.stock:
            moves.append(DRAW)
        elif self.waste and self.passes_left():
            moves.append(REDEAL)
        # (card, pile it lies in or None, may it go to its foundation?)
        movable: list[tuple[int, int | None, bool]] = []
        if self.waste:
            movable.append((self.waste[-1], None, True))
        for p, pile in enumerate(self.piles):
            movable.extend((pile[i], p, i == len(pile) - 1) for i in range(self.down[p], len(pile)))
        if self.rules["foundation_to_tableau"]:
            movable.extend((c, None, False) for s in range(4) if (c := self.foundation_top(s)) is not None)
        for card, pile, may_go_up in movable:
            if may_go_up and self.fits_foundation(card):
                moves.append(f"{cards.name(card)}>f")
            for q in range(7):
                if q != pile and can_build(card, self.top(q)):
                    moves.append(f"{cards.name(card)}>t{q + 1}")
        return moves

    def _reason_illegal(self, move: Move, source: tuple[str, int, int] | None) -> str | None:
        """Why ``move`` is illegal, or None; ``source`` is where a card move's card lies (``_where``)."""
        kind = move.kind
        if kind == DRAW:
            return None if self.stock else "the stock is empty"
        if kind == REDEAL:
            if self.stock:
                return "the stock is not empty"
            if not self.waste:
                return "the waste is empty"
            return None if self.passes_left() else "no pass remains"
        if kind != TO_FOUNDATION and kind != TO_TABLEAU:
            return "not a Klondike move"
        where, p, i = source
        card = move.card
        if kind == TO_FOUNDATION:
            if where == "foundation":
                return f"{cards.name(card)} is already on its foundation"
            if where == "pile" and i != len(self.piles[p]) - 1:
                return f"{cards.name(card)} is not the top card of pile {p + 1}"
            if not self.fits_foundation(card):
                return f"{cards.name(card)} does not follow its foundation"
            return None
        q = move.pile
        if not 0 <= q < 7:
            return f"there is no tableau pile {q + 1}"
        if where == "pile" and p == q:
            return f"{cards.name(card)} is already in pile {q + 1}"
        if where == "foundation" and not self.rules["foundation_to_tableau"]:
            return "foundation cards may not move back (foundation_to_tableau is off)"
        onto = self.top(q)
        if not can_build(card, onto):
            target = "an empty pile (only a King may go there)" if onto is None else cards.name(onto)
            return f"{cards.name(card)} cannot go on {target}"
        return None

    # --- moves -------------------------------------------------------------
    def play(self, move: str) -> None:
        m = Move.parse(move)
        # Where a card move's card lies, found once; raises IllegalMove if it is out of reach.
        source = self._where(m.card) if m.kind in (TO_FOUNDATION, TO_TABLEAU) else None
        reason = self._reason_illegal(m, source)
        if reason is not None:
            raise IllegalMove(reason)
        if m.kind == DRAW:
            draw = self.rules["draw"]
            self.waste.extend(self.stock[:draw])
            del self.stock[:draw]
            return
        if m.kind == REDEAL:
            self.stock, self.waste = self.waste, []
            self.passes_used += 1
            return
        where, p, i = source
        if where == "waste":
            moving = [self.waste.pop()]
        elif where == "foundation":
            moving = [m.card]
            self.foundation[p] -= 1
        else:
            moving = self.piles[p][i:]
            del self.piles[p][i:]
            if self.down[p] == len(self.piles[p]) and self.down[p] > 0:
                self.down[p] -= 1  # the new top card is turned face up
        if m.kind == TO_FOUNDATION:
            self.foundation[cards.suit(m.card)] += 1
        else:
            self.piles[m.pile].extend(moving)

    # --- display -----------------------------------------------------------
    def render(self) -> str:
        found = " ".join(cards.name(c) if (c := self.foundation_top(s)) is not None else "--" for s in range(4))
        passes = self.rules["passes"]
        lines = [
            f"stock {len(self.stock):2d} | waste {cards.name(self.waste[-1]) if self.waste else '--'}"
            f" ({len(self.waste)}) | pass {self.passes_used}/{passes if passes != UNLIMITED else 'inf'}"
            f" | foundations {found}"
        ]
        for p, pile in enumerate(self.piles):
            shown = [f"<{cards.name(c)}>" if i < self.down[p] else cards.name(c) for i, c in enumerate(pile)]
            lines.append(f"t{p + 1}: " + " ".join(shown))
        return "\n".join(lines)
