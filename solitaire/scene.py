"""A position as a scene: every card placed (pile, place in the pile, x, y,
face, stacking order), the empty places and the labels.

This is the one source of layout truth: the SVG picture draws a scene, and
the solution page ships the scenes of its positions for its script to place
cards by.  Each game lays out its own positions (``picture.py`` in its
package, through ``GameSpec.scene``) with the builder and helpers here.

Every card of the deck is placed in every position (stock and foundation
cards squared in their pile, the cards under a waste top too), so a line of
play is a sequence of scenes in which each card only ever moves, and the
solution page can animate it by its card code.  Pile names are the
notation's where it has them (``t1`` .. ``t13``), else ``stock``, ``waste``,
``w1`` .. ``w3`` (Pyramid's three waste piles), ``fC`` .. ``fS``
(foundations by suit), ``p1`` .. ``p28`` (Pyramid places, row by row) and
``removed`` (Pyramid's removed cards).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from solitaire import cards
from solitaire.rules import UNLIMITED

CARD_W, CARD_H = 60, 84  # a card's size in SVG user units

MARGIN = 14  # around the table
GAP = 12  # between neighbouring piles
FAN_UP = 22  # how far a face-up card lies below the one it covers (its index strip shows)
FAN_DOWN = 8  # the same for a face-down card
FAN_X = 36  # a horizontal fan (Klondike's draw-3 waste): each covered card's rank and suit show
LABEL_H = 18  # room under a top-row pile for its label
PILE_Z = 100  # stacking order: pile number * PILE_Z + place in the pile


@dataclass(frozen=True)
class Placed:
    """One card where it lies: ``index`` counts from the bottom of ``pile``."""

    card: int
    pile: str
    index: int
    x: int
    y: int
    face_up: bool
    z: int


@dataclass(frozen=True)
class Slot:
    """An outlined place a pile starts from; ``mark`` is a faint suit (``"H"``) or rank (``"K"``) or ``""``."""

    x: int
    y: int
    mark: str = ""


@dataclass(frozen=True)
class Label:
    x: int
    y: int
    text: str
    anchor: str = "middle"


@dataclass
class Scene:
    """Everything a picture of one position shows (``slots`` depend on the rules only)."""

    width: int
    height: int
    cards: list[Placed] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)

    def pile(self, name: str) -> list[Placed]:
        """The cards of one pile, bottom first."""
        return sorted((p for p in self.cards if p.pile == name), key=lambda p: p.index)


class SceneBuilder:
    """Helps a layout function place piles; it tracks the scene's extent."""

    def __init__(self, open_fans: bool = False) -> None:
        self.scene = Scene(0, 0)
        self.open_fans = open_fans  # fan face-down cards as wide as face-up ones (to read them revealed)
        self._pile_number: dict[str, int] = {}

    def declare(self, pile: str) -> None:
        """Give ``pile`` the next stacking number, even while it is empty: a card's z then
        depends on its pile and place only, whatever other piles hold."""
        self._pile_number.setdefault(pile, len(self._pile_number) + 1)

    def _z(self, pile: str, index: int) -> int:
        self.declare(pile)
        return self._pile_number[pile] * PILE_Z + index

    def _extend(self, x: float, y: float) -> None:
        self.scene.width = max(self.scene.width, int(x + CARD_W + MARGIN))
        self.scene.height = max(self.scene.height, int(y + CARD_H + MARGIN))

    def place(self, card: int, pile: str, index: int, x: float, y: float, face_up: bool = True) -> None:
        self.scene.cards.append(Placed(card, pile, index, round(x), round(y), face_up, self._z(pile, index)))
        self._extend(x, y)

    def stack(self, pile: str, bottom_first, x: float, y: float, face_up=True) -> None:
        """A squared pile: every card at (x, y); ``face_up`` is a bool or a per-index predicate."""
        self.declare(pile)
        for i, card in enumerate(bottom_first):
            self.place(card, pile, i, x, y, face_up(i) if callable(face_up) else face_up)

    def fan(self, pile: str, bottom_first, x: float, y: float, face_down: int = 0) -> None:
        """A tableau pile fanned downwards, its first ``face_down`` cards face down."""
        self.declare(pile)
        for i, card in enumerate(bottom_first):
            self.place(card, pile, i, x, y, i >= face_down)
            y += FAN_DOWN if i < face_down and not self.open_fans else FAN_UP

    def slot(self, x: float, y: float, mark: str = "") -> None:
        self.scene.slots.append(Slot(round(x), round(y), mark))
        self._extend(x, y)

    def label(self, x: float, y: float, text: str, anchor: str = "middle") -> None:
        self.scene.labels.append(Label(round(x), round(y), text, anchor))


def column_x(i: int) -> int:
    """The x of the i-th pile from the left (0-based)."""
    return MARGIN + i * (CARD_W + GAP)


TOP = MARGIN  # the top row (stock, waste, foundations)
TABLEAU_Y = MARGIN + CARD_H + LABEL_H + 8  # the tableau's top, below the top row and its labels


def label_y(y: float) -> float:
    """The baseline of a label under a card at ``y``."""
    return y + CARD_H + 13


def foundations(b: SceneBuilder, highest: list[int], first_column: int) -> None:
    """Four foundations, clubs to spades, from ``first_column``: each built Ace up."""
    for s, rank in enumerate(highest):
        x = column_x(first_column + s)
        b.slot(x, TOP, cards.SUITS[s])
        b.stack(f"f{cards.SUITS[s]}", [cards.make(r, s) for r in range(1, rank + 1)], x, TOP)


def passes_text(used: int, passes) -> str:
    return f"pass {used} (no limit)" if passes == UNLIMITED else f"pass {used} of {passes}"
