"""Deal numbers to deck order, and deal files.

**Deal numbers are PySolFC game numbers.**  Deal N is the deck PySolFC shuffles
for its game number N (Microsoft-compatible LCG for 1..32000, Mersenne Twister
above, PySolFC's own "PySolFC random" mode).  The shuffle itself comes from
the pinned ``pysol-cards`` package, which reproduces PySolFC; each game module
then lays the deck out exactly as PySolFC deals that game.

``deck(n)`` returns the 52 cards in *dealing order*: the first card dealt is
first.  A ``Deal`` is a game name, an optional number and a ``Layout``
(tableau piles bottom to top, and the stock in turning order).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from solitaire import cards

MIN_DEAL = 1
MAX_DEAL = 10**20 - 1  # PySolFC's largest game number


class DealError(ValueError):
    """A deal number, deal file or layout that cannot be used."""


def check_deal_number(number: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise DealError(f"deal number must be a whole number, not {number!r}")
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise DealError(f"deal number {number} is out of range ({MIN_DEAL}..{MAX_DEAL})")
    return number


def deck(number: int) -> list[int]:
    """The 52 card codes of PySolFC game ``number`` in dealing order."""
    from pysol_cards.cards import createCards
    from pysol_cards.random import shuffle
    from pysol_cards.random_base import RandomBase

    check_deal_number(number)
    shuffled = shuffle(createCards(1), number, RandomBase.DEALS_PYSOLFC)
    shuffled.reverse()  # PySolFC deals from the end of its list
    return [_from_pysol(c) for c in shuffled]


def _from_pysol(card) -> int:
    # pysol-cards numbers suits C, S, H, D; ours are C, D, H, S.
    return cards.make(card.rank, cards.SUITS.index("CSHD"[card.suit]))


@dataclass
class Layout:
    """Piles as dealt: ``tableau`` left to right, each bottom card first;
    ``stock`` in turning order (first turned first)."""

    tableau: list[list[int]]
    stock: list[int] = field(default_factory=list)

    def all_cards(self) -> list[int]:
        return [c for pile in self.tableau for c in pile] + list(self.stock)

    def to_json(self) -> dict:
        return {
            "tableau": [cards.names(p) for p in self.tableau],
            "stock": cards.names(self.stock),
        }


@dataclass
class Deal:
    game: str
    layout: Layout
    number: int | None = None

    def to_json(self) -> dict:
        out: dict = {"game": self.game}
        if self.number is not None:
            out["deal"] = self.number
        out["layout"] = self.layout.to_json()
        return out

    def label(self) -> str:
        return f"{self.game} deal {self.number}" if self.number is not None else f"{self.game} (custom deal)"

    def _repr_svg_(self) -> str:
        """Jupyter shows a deal drawn as cards (``solitaire.render.deal_svg``)."""
        from solitaire.render import deal_svg

        return deal_svg(self)


def check_full_deck(layout: Layout) -> None:
    """Every card exactly once: names the first duplicate or missing card."""
    seen: set[int] = set()
    for c in layout.all_cards():
        if c in seen:
            raise DealError(f"duplicate card {cards.name(c)}")
        seen.add(c)
    missing = [cards.name(c) for c in cards.ALL_CARDS if c not in seen]
    if missing:
        raise DealError(f"missing card{'s' if len(missing) > 1 else ''} {', '.join(missing)}")


def check_pile_sizes(layout: Layout, tableau_sizes: list[int], stock_size: int, what: str = "pile") -> None:
    if len(layout.tableau) != len(tableau_sizes):
        raise DealError(f"expected {len(tableau_sizes)} tableau {what}s, found {len(layout.tableau)}")
    for i, (pile, size) in enumerate(zip(layout.tableau, tableau_sizes), start=1):
        if len(pile) != size:
            raise DealError(f"tableau {what} {i} must hold {size} cards, found {len(pile)}")
    if len(layout.stock) != stock_size:
        raise DealError(f"stock must hold {stock_size} cards, found {len(layout.stock)}")


def layout_from_json(data) -> Layout:
    if not isinstance(data, dict):
        raise DealError("'layout' must be an object with 'tableau' and 'stock'")
    tableau = data.get("tableau")
    if not isinstance(tableau, list) or not all(isinstance(p, list) for p in tableau):
        raise DealError("'layout.tableau' must be a list of piles (lists of card names)")
    stock = data.get("stock", [])
    if not isinstance(stock, list):
        raise DealError("'layout.stock' must be a list of card names")
    try:
        return Layout([[cards.parse(c) for c in pile] for pile in tableau], [cards.parse(c) for c in stock])
    except cards.CardError as exc:
        raise DealError(str(exc)) from None


def deal_from_json(data) -> Deal:
    """Parse and validate a deal file's content (game-specific sizes included)."""
    from solitaire.games import get_game

    if not isinstance(data, dict):
        raise DealError("a deal file must hold a JSON object")
    if "game" not in data:
        raise DealError("deal file has no 'game'")
    game = get_game(data["game"])
    number = data.get("deal")
    if number is not None:
        check_deal_number(number)
    if "layout" not in data:
        raise DealError("deal file has no 'layout'")
    layout = layout_from_json(data["layout"])
    check_full_deck(layout)
    game.validate_layout(layout)
    return Deal(game.name, layout, number)


def read_deal_file(path: str | Path) -> Deal:
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise DealError(f"cannot read deal file {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DealError(f"deal file {path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if isinstance(data, dict) and "layout" not in data and isinstance(data.get("deal"), dict):
        data = data["deal"]  # a solution file carries its deal
    return deal_from_json(data)


def make_deal(game_name: str, number: int) -> Deal:
    from solitaire.games import get_game

    game = get_game(game_name)
    return Deal(game.name, game.layout_from_deck(deck(number)), check_deal_number(number))
