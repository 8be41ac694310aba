"""SVG pictures of positions and deals (self-contained: no fonts needed for
the cards, no images, no network).

>>> from solitaire.dealing import make_deal
>>> svg = deal_svg(make_deal("pyramid", 7))
>>> svg.startswith("<svg") and svg.count('class="card"') == 52
True
"""
from __future__ import annotations

from html import escape
from typing import Any

from solitaire import cards
from solitaire.render import glyphs
from solitaire.render.scene import scene_of
from solitaire.scene import CARD_H, CARD_W, Scene

FELT = "#2f6b4f"
LABEL_COLOR = "#e6efe9"
TITLE_H = 26  # the band above the table that holds a title
TITLES = {"bakers-dozen": "Baker's Dozen"}


def deal_title(deal) -> str:
    """``Pyramid deal 7``, ``Baker's Dozen (custom deal)``."""
    game = TITLES.get(deal.game, deal.game.title())
    return f"{game} deal {deal.number}" if deal.number is not None else f"{game} (custom deal)"


def slot_svg(x: int, y: int, mark: str) -> str:
    """An empty place: a faint outline, with a faint suit (foundation) or K (Kings only)."""
    out = (f'<rect class="slot" x="{x + 1}" y="{y + 1}" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" '
           f'fill="#000" fill-opacity=".08" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>')
    if mark in cards.SUITS:
        out += (f'<use href="#s-{mark}" x="{x + 15}" y="{y + 27}" width="30" height="30" color="#fff" '
                f'opacity=".3"/>')
    elif mark:
        out += (f'<use href="#r-{mark}" x="{x + 18}" y="{y + 24}" width="{24 * 12.4 / 16.4:.1f}" height="36" '
                f'color="#fff" opacity=".3"/>')
    return out


def card_attrs(card: int, pile: str, index: int, face_up: bool) -> str:
    """The data attributes every drawn card carries (tests and scripts read them)."""
    return (f'data-card="{cards.name(card)}" data-pile="{pile}" data-index="{index}" '
            f'data-face="{"up" if face_up else "down"}"')


def scene_svg(scene: Scene, *, reveal: bool = False, title: str = "", scale: float = 1.0) -> str:
    """The picture of a scene; ``reveal`` draws face-down cards' faces under a blue veil."""
    top = TITLE_H if title else 0
    width, height = scene.width, scene.height + top
    shown = [p.card for p in scene.cards if p.face_up or reveal]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
             f'viewBox="0 0 {width} {height}" role="img">',
             f"<title>{escape(title or 'solitaire position')}</title>",
             f"<defs>{glyphs.defs(shown)}</defs>",
             f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>']
    if title:
        parts.append(f'<text x="14" y="18" font-family="sans-serif" font-size="14" font-weight="bold" '
                     f'fill="{LABEL_COLOR}">{escape(title)}</text>')
    parts.append(f'<g transform="translate(0 {top})">')
    parts += [slot_svg(s.x, s.y, s.mark) for s in scene.slots]
    for p in sorted(scene.cards, key=lambda p: p.z):
        href = glyphs.symbol_id(p.card) if p.face_up or reveal else glyphs.BACK_ID
        veil = f' filter="url(#{glyphs.VEIL_FILTER_ID})"' if reveal and not p.face_up else ""
        parts.append(f'<use class="card" href="#{href}" x="{p.x}" y="{p.y}" width="{CARD_W}" height="{CARD_H}" '
                     f'{card_attrs(p.card, p.pile, p.index, p.face_up)}{veil}/>')
    parts += [f'<text x="{lab.x}" y="{lab.y}" text-anchor="{lab.anchor}" font-family="sans-serif" font-size="11" '
              f'fill="{LABEL_COLOR}">{escape(lab.text)}</text>' for lab in scene.labels]
    parts.append("</g></svg>")
    return "".join(parts)


def position_svg(state, game: str | None = None, *, reveal: bool = False, title: str = "",
                 scale: float = 1.0) -> str:
    """The picture of a reference-engine position (the game is read from the state if not given);
    ``reveal`` shows face-down cards veiled, their fans opened so that each one's index shows."""
    return scene_svg(scene_of(state, game, open_fans=reveal), reveal=reveal, title=title, scale=scale)


def deal_svg(deal, rules: dict[str, Any] | None = None, *, reveal: bool = False, title: str | None = None,
             scale: float = 1.0) -> str:
    """The picture of a deal as play starts under ``rules`` (the game's defaults if not given).

    The rules matter: Baker's Dozen's default moves the Kings down before
    play, Pyramid's three waste piles show three empty waste places."""
    from solitaire.games import get_game
    from solitaire.rules import parse_rules

    spec = get_game(deal.game)
    state = spec.new_reference(deal.layout, parse_rules(spec, rules or {}))
    return position_svg(state, spec.name, reveal=reveal, title=deal_title(deal) if title is None else title,
                        scale=scale)
