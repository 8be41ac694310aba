"""Card codes, names and parsing.

A card is a small integer ``suit * 13 + (rank - 1)`` (0..51) with suits in the
order C, D, H, S.  Names follow DESIGN.md: rank ``A 2..9 T J Q K`` (``10``
accepted), suit ``C D H S``; parsing is case-insensitive, output uppercase.

>>> name(parse("10d")), name(parse("as")), rank(parse("QH")), is_red(parse("QH"))
('TD', 'AS', 12, True)
"""
from __future__ import annotations

SUITS = "CDHS"
RANKS = "A23456789TJQK"
DECK_SIZE = 52
ALL_CARDS = tuple(range(DECK_SIZE))


class CardError(ValueError):
    """A card name that does not name a card."""


def make(rank_value: int, suit_index: int) -> int:
    """Card code from rank (1..13) and suit index (0..3 in C, D, H, S)."""
    return suit_index * 13 + rank_value - 1


def rank(card: int) -> int:
    return card % 13 + 1


def suit(card: int) -> int:
    return card // 13


def is_red(card: int) -> bool:
    return suit(card) in (1, 2)


def name(card: int) -> str:
    if not 0 <= card < DECK_SIZE:
        raise CardError(f"no card has code {card}")
    return _NAMES[card]


def parse(text: str) -> int:
    """Card code from a name such as ``AS``, ``td``, ``10D``."""
    if not isinstance(text, str):
        raise CardError(f"card name must be text, not {text!r}")
    t = text.strip().upper()
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"unknown card {text!r} (expected e.g. AS, TD, 10h, qc)")
    return make(RANKS.index(t[0]) + 1, SUITS.index(t[1]))


def names(cards) -> list[str]:
    return [name(c) for c in cards]


_NAMES = [RANKS[c % 13] + SUITS[c // 13] for c in range(DECK_SIZE)]
