"""Move notation of DESIGN.md, apart from any board.

``draw`` turns the stock once, ``redeal`` turns the waste over, ``XY>tN``
moves card XY (with everything on it) onto tableau pile N (1-based), ``XY>f``
moves XY to its foundation, ``KS`` removes a King and ``9H+4C`` removes a pair
(Pyramid).  Readers accept any case and either pair order; writers emit the
canonical form.

>>> Move.parse("9h>T3").text(), Move.parse("4c+9h").text(), Move.parse("DRAW").text()
('9H>t3', '9H+4C', 'draw')
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solitaire import cards

DRAW, REDEAL, TO_TABLEAU, TO_FOUNDATION, REMOVE = "draw", "redeal", "tableau", "foundation", "remove"


class NotationError(ValueError):
    """Text that is not a move in the project's notation."""


@dataclass(frozen=True)
class Move:
    kind: str
    card: int = -1
    other: int = -1  # second card of a Pyramid pair
    pile: int = -1  # 0-based destination pile for TO_TABLEAU

    @classmethod
    def parse(cls, text: str) -> "Move":
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {text!r}")
        return _parse(text)

    @classmethod
    def _parse_text(cls, text: str) -> "Move":
        t = text.strip()
        low = t.lower()
        try:
            if low == DRAW:
                return cls(DRAW)
            if low == REDEAL:
                return cls(REDEAL)
            if ">" in t:
                card_text, dest = t.split(">", 1)
                dest = dest.strip().lower()
                if dest == "f":
                    return cls(TO_FOUNDATION, cards.parse(card_text))
                if dest.startswith("t") and dest[1:].isdigit() and int(dest[1:]) >= 1:
                    return cls(TO_TABLEAU, cards.parse(card_text), pile=int(dest[1:]) - 1)
                raise NotationError(f"bad destination {dest!r} in move {text!r} (expected f or tN)")
            if "+" in t:
                a, b = (cards.parse(x) for x in t.split("+", 1))
                if cards.rank(a) < cards.rank(b) or (cards.rank(a) == cards.rank(b) and a > b):
                    a, b = b, a
                return cls(REMOVE, a, b)
            return cls(REMOVE, cards.parse(t))
        except cards.CardError as exc:
            raise NotationError(f"bad move {text!r}: {exc}") from None

    def text(self) -> str:
        if self.kind in (DRAW, REDEAL):
            return self.kind
        if self.kind == TO_FOUNDATION:
            return f"{cards.name(self.card)}>f"
        if self.kind == TO_TABLEAU:
            return f"{cards.name(self.card)}>t{self.pile + 1}"
        if self.other >= 0:
            return f"{cards.name(self.card)}+{cards.name(self.other)}"
        return cards.name(self.card)

    def __str__(self) -> str:
        return self.text()


# Replaying every win parses and writes the same few hundred move texts over
# and over: cached, they cost a dictionary lookup (errors are never cached).
_parse = lru_cache(maxsize=8192)(Move._parse_text)


@lru_cache(maxsize=1024)
def to_tableau(card: int, pile: int) -> str:
    return Move(TO_TABLEAU, card, pile=pile).text()


@lru_cache(maxsize=128)
def to_foundation(card: int) -> str:
    return Move(TO_FOUNDATION, card).text()


def remove(card: int, other: int = -1) -> str:
    if other >= 0:
        return Move.parse(f"{cards.name(card)}+{cards.name(other)}").text()
    return Move(REMOVE, card).text()


def canonical(text: str) -> str:
    """The canonical spelling of a move (raises NotationError)."""
    return Move.parse(text).text()
