"""Cards drawn by our own code: rank and suit glyphs as SVG paths, card faces
and the back as reusable ``<symbol>`` elements.

Ranks are stroked paths and suits filled paths, so a card looks the same in
every browser and SVG viewer whatever fonts it has (no text, no downloaded
images).  A page or picture defines each symbol once and places cards with
``<use href="#c-QH">``; the card index (rank, then suit) sits in the
top strip, the part a tableau fan leaves visible, and is sized to stay
legible when a card is drawn 40 pixels wide.
"""
from __future__ import annotations

from solitaire import cards
from solitaire.scene import CARD_H, CARD_W

RED, BLACK = "#c8102e", "#111111"
BACK_ID, VEIL_FILTER_ID = "back", "veil"

# Rank glyphs on a 10 x 14 grid (the 10 is 12 wide), drawn as strokes.
RANK_PATHS = {
    "A": "M1 14L5 0.5L9 14M2.6 9H7.4",
    "2": "M1.3 3.8Q1.3 0.5 5 0.5Q8.7 0.5 8.7 3.9Q8.7 6.6 1 13.5H9.2",
    "3": "M1.2 0.8H8.6L4.6 5.8Q9.2 5.8 9.2 9.8Q9.2 13.5 5 13.5Q2.2 13.5 1 11.6",
    "4": "M7 14V0.5L0.8 9.8H9.6",
    "5": "M8.6 0.8H2.2L1.6 6.6Q3 5.6 5 5.6Q9.2 5.6 9.2 9.6Q9.2 13.5 5 13.5Q2.2 13.5 1 11.6",
    "6": "M8.4 1.6Q7 0.5 5.2 0.5Q1 0.5 1 7.6V9.4Q1 13.5 5 13.5Q9 13.5 9 9.5Q9 5.6 5 5.6Q1 5.6 1 9.2",
    "7": "M1 0.8H9L3.8 14",
    "8": "M5 6.7A3.1 3.1 0 1 1 5 0.5A3.1 3.1 0 1 1 5 6.7ZM5 6.7A3.4 3.4 0 1 0 5 13.5A3.4 3.4 0 1 0 5 6.7Z",
    "9": "M9 4.8Q9 8.4 5 8.4Q1 8.4 1 4.5Q1 0.5 5 0.5Q9 0.5 9 4.6V6.6Q9 13.5 4.8 13.5Q3 13.5 1.6 12.4",
    "T": "M0.6 2.8L2.8 0.5V14M8.8 0.5Q11.6 0.5 11.6 7Q11.6 13.5 8.8 13.5Q6 13.5 6 7Q6 0.5 8.8 0.5Z",
    "J": "M3 0.8H9.4M7.4 0.8V10Q7.4 13.5 4.2 13.5Q1 13.5 1 10.4",
    "Q": "M5 0.5Q9.4 0.5 9.4 7Q9.4 13.5 5 13.5Q0.6 13.5 0.6 7Q0.6 0.5 5 0.5ZM5.8 9.6L9.6 14.2",
    "K": "M1.4 0.5V14M9 0.5L1.4 8.2M4.2 5.4L9.2 14",
}
RANK_WIDTH = {"T": 12}  # grid width of a glyph (default 10)

# Suit glyphs on a 20 x 20 grid, filled.
SUIT_PATHS = {
    "C": ("M14.6 5.2A4.6 4.6 0 1 1 5.4 5.2A4.6 4.6 0 1 1 14.6 5.2Z"
          "M9.4 12.2A4.6 4.6 0 1 1 0.2 12.2A4.6 4.6 0 1 1 9.4 12.2Z"
          "M19.8 12.2A4.6 4.6 0 1 1 10.6 12.2A4.6 4.6 0 1 1 19.8 12.2Z"
          "M8.6 8H11.4L11.6 15Q12 18.4 14.4 19.8H5.6Q8 18.4 8.4 15Z"),
    "D": "M10 0L17.6 10L10 20L2.4 10Z",
    "H": ("M10 19C4 13.8 0 10.6 0 5.8C0 2.4 2.5 0.2 5.3 0.2C7.5 0.2 9.1 1.6 10 3.6"
          "C10.9 1.6 12.5 0.2 14.7 0.2C17.5 0.2 20 2.4 20 5.8C20 10.6 16 13.8 10 19Z"),
    "S": ("M10 0C16 5 20 8.2 20 12.6C20 15.6 17.6 17.6 15 17.6C13.2 17.6 11.7 16.8 10.8 15.2"
          "C11.1 17.2 11.9 18.8 13.2 20H6.8C8.1 18.8 8.9 17.2 9.2 15.2"
          "C8.3 16.8 6.8 17.6 5 17.6C2.4 17.6 0 15.6 0 12.6C0 8.2 4 5 10 0Z"),
}


def color_of(card: int) -> str:
    return RED if cards.is_red(card) else BLACK


def symbol_id(card: int) -> str:
    return "c-" + cards.name(card)


def _glyph_symbols() -> str:
    ranks = "".join(
        f'<symbol id="r-{r}" viewBox="-1.2 -1.2 {RANK_WIDTH.get(r, 10) + 2.4} 16.4">'
        f'<path d="{d}" fill="none" stroke="currentColor" stroke-width="2.3" '
        f'stroke-linecap="round" stroke-linejoin="round"/></symbol>'
        for r, d in RANK_PATHS.items())
    suits = "".join(f'<symbol id="s-{s}" viewBox="0 0 20 20"><path d="{d}" fill="currentColor"/></symbol>'
                    for s, d in SUIT_PATHS.items())
    return ranks + suits


def card_symbol(card: int) -> str:
    """One card face: index (rank, then suit) in the top strip, big suit in the middle."""
    r, s = cards.name(card)
    rank_w = 20 * (RANK_WIDTH.get(r, 10) + 2.4) / 16.4  # the glyph's box at 20 units high
    court = '<rect x="9" y="27" width="42" height="51" rx="2" fill="none" stroke="currentColor" ' \
            'stroke-opacity=".45"/>' if r in "JQK" else ""
    return (f'<symbol id="{symbol_id(card)}" viewBox="0 0 {CARD_W} {CARD_H}" color="{color_of(card)}">'
            f'<rect x=".5" y=".5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" fill="#fff" stroke="#666"/>'
            f'<use href="#r-{r}" x="2" y="2" width="{rank_w:.1f}" height="20"/>'
            f'<use href="#s-{s}" x="{2.5 + rank_w:.1f}" y="4" width="16" height="16"/>'
            f'{court}<use href="#s-{s}" x="16" y="38" width="28" height="28"/></symbol>')


def back_symbol() -> str:
    """The back: a blue lattice inside a white border, the same for every card."""
    return (f'<pattern id="lattice" width="8" height="8" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(45)"><rect width="8" height="8" fill="#1f4e8c"/>'
            f'<path d="M0 0H8M0 0V8" stroke="#6f9bd1" stroke-width="1.4"/></pattern>'
            f'<symbol id="{BACK_ID}" viewBox="0 0 {CARD_W} {CARD_H}">'
            f'<rect x=".5" y=".5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" fill="#fff" stroke="#666"/>'
            f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="3" fill="url(#lattice)"/></symbol>')


def veil_filter() -> str:
    """A blue tint for face-down cards drawn with their faces shown (``reveal``)."""
    return (f'<filter id="{VEIL_FILTER_ID}"><feColorMatrix type="matrix" '
            f'values="0.55 0 0 0 0  0 0.62 0 0 0.02  0 0 0.75 0 0.2  0 0 0 1 0"/></filter>')


def defs(face_cards) -> str:
    """The ``<defs>`` content for these card faces, the back, glyphs and the veil."""
    return _glyph_symbols() + back_symbol() + veil_filter() + "".join(card_symbol(c) for c in sorted(set(face_cards)))
