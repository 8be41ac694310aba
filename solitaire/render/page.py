"""The solution page: one self-contained HTML file that plays a solution.

The moves are replayed here on the reference engine (a page never shows an
illegal line), each position is laid out by the game's layout function, and
the page carries the card symbols once plus, per position, only the cards
whose place changed.  A small script (``page.js``) places the cards, steps
with buttons and arrow keys and animates each move; no network, no server.

The page's DOM is its test interface: ``body[data-step]`` is the position
shown, and every card is a ``use.card`` with ``data-card``, ``data-pile``,
``data-index`` (from the pile's bottom) and ``data-face``.
"""
from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Iterable, Sequence

from solitaire import cards
from solitaire.deals import Deal
from solitaire.dealing import deal_from_json
from solitaire.render import glyphs
from solitaire.render.scene import scene_of
from solitaire.scene import Placed, Scene
from solitaire.render.svg import FELT, LABEL_COLOR, deal_title, slot_svg
from solitaire.solution import SolutionFileError

ANIMATION_MS = 280
PLAY_MS = 650
MAX_ZOOM = 1.4  # the board is drawn at most this many pixels per card unit (cards 84 px wide)
_HERE = Path(__file__).parent


class PageError(SolutionFileError):
    """A solution that cannot be shown (its moves do not replay, or do not win), or a page not written."""


def line_states(spec, deal: Deal, rules: dict[str, Any], moves: Sequence[str]) -> list:
    """The reference positions of a line of play: the deal, then after each move."""
    from solitaire.replaying import ReplayError, replay

    states = [spec.new_reference(deal.layout, rules)]
    try:
        replay(spec, deal.layout, rules, moves, lambda i, move, state: states.append(state.copy()))
    except ReplayError as exc:
        raise PageError(str(exc)) from None
    return states


def line_scenes(game: str, states: Sequence, open_fans: bool = False) -> list[Scene]:
    """One scene per position, each laid out knowing the one before."""
    scenes: list[Scene] = []
    for state in states:
        scenes.append(scene_of(state, game, scenes[-1] if scenes else None, open_fans))
    return scenes


def _entry(p: Placed, pile_numbers: dict[str, int]) -> list[int]:
    return [p.card, p.x, p.y, int(p.face_up), p.z, pile_numbers.setdefault(p.pile, len(pile_numbers)), p.index]


def encode_steps(scenes: Sequence[Scene], pile_numbers: dict[str, int]) -> list[list[list[int]]]:
    """Step 0: every card; step k: the cards whose placement changed (piles by their number,
    numbers added to ``pile_numbers`` as new piles appear)."""
    steps, before = [], {}
    for scene in scenes:
        now = {p.card: p for p in scene.cards}
        steps.append([_entry(p, pile_numbers) for card, p in sorted(now.items()) if before.get(card) != p])
        before = now
    return steps


def _verdict(result: str, data: dict, n_moves: int) -> tuple[str, bool]:
    """The header's verdict line, and whether it is a loss."""
    stats = data.get("stats") or {}
    if result == "solved":
        if data.get("optimal"):
            return f"Won in {n_moves} moves, proved shortest.", False
        bound = data.get("lower_bound")
        return (f"Won in {n_moves} moves, not proved shortest"
                + (f" (every win takes at least {bound} moves)." if bound is not None else "."), False)
    if result == "unsolvable":
        how = f" (proved by {stats['proved_by']})" if stats.get("proved_by") else ""
        return f"Lost: no line of play wins this deal; the search covered every position{how}.", True
    if result == "unknown":
        why = f" ({stats['stopped_by']})" if stats.get("stopped_by") else ""
        return f"Unknown: the search stopped before deciding{why}. The deal is shown.", True
    if result in ("won", "lost"):
        policy = (data.get("policy") or {}).get("name")
        who = f" by policy {policy}" if policy else ""
        return f"{result.capitalize()} as played{who}, in {n_moves} moves.", result == "lost"
    return f"{result}: {n_moves} moves.", False


def _rules_text(rules: dict[str, Any]) -> str:
    def value(v):
        return "on" if v is True else "off" if v is False else str(v)

    return ", ".join(f"{k}={value(v)}" for k, v in rules.items()) or "no options"


def solution_page(solution: dict, *, known: Sequence[Iterable[int]] | None = None, title: str | None = None) -> str:
    """The HTML page of a solution (or play) file's content, as read with ``json.load``
    (its ``deal`` may also be a ``Deal``).

    ``known``, when given, holds for every position (the deal, then after each
    move) the face-down cards a player knew; the page then offers to show
    those faces only ("what the player knew").  Raises PageError when the
    moves do not replay, or a "solved" line does not end won.
    """
    from solitaire.games import get_game
    from solitaire.rules import parse_rules

    deal = solution["deal"] if isinstance(solution.get("deal"), Deal) else deal_from_json(solution["deal"])
    spec = get_game(deal.game)
    rules = parse_rules(spec, solution.get("rules") or {})
    moves = list(solution.get("moves") or [])
    result = solution.get("result", "solved")
    states = line_states(spec, deal, rules, moves)
    if result == "solved" and not states[-1].is_won():
        raise PageError(f"the {len(moves)} moves are legal but do not win the game")
    if known is not None and len(known) != len(states):
        raise PageError(f"'known' needs one set per position ({len(states)}), got {len(known)}")
    scenes = line_scenes(spec.name, states)
    opened = line_scenes(spec.name, states, open_fans=True)  # where cards lie when face-down ones are shown
    pile_numbers: dict[str, int] = {}
    steps, open_steps = encode_steps(scenes, pile_numbers), encode_steps(opened, pile_numbers)
    width, height = max(s.width for s in scenes + opened), max(s.height for s in scenes + opened)
    verdict, lost = _verdict(result, solution, len(moves))
    heading = title or deal_title(deal)
    data = {
        "names": [cards.name(c) for c in cards.ALL_CARDS], "card": [glyphs.CARD_W, glyphs.CARD_H],
        "piles": list(pile_numbers), "steps": steps, "open_steps": open_steps, "moves": moves,
        "labels": [[[lab.x, lab.y, lab.text, lab.anchor] for lab in s.labels] for s in scenes],
        "known": [sorted(k) for k in known] if known is not None else None,
        "start_text": "the deal" + (", press \u2192 to play the first move" if moves else ""),
        "end_text": "won" if states[-1].is_won() else "",
        "animation_ms": ANIMATION_MS, "play_ms": PLAY_MS,
    }
    header = {"heading": heading, "rules": _rules_text(rules), "verdict": verdict, "lost": lost,
              "search": _search_text(solution.get("stats") or {})}
    return _html(header, moves, data, width, height, scenes[0], known is not None)


def write_solution_page(solution: dict, path: str | Path) -> str:
    """Write ``solution_page(solution)`` to ``path``; returns a line saying what was written."""
    page = solution_page(solution)
    try:
        Path(path).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise PageError(f"cannot write {path}: {exc.strerror}") from None
    return f"wrote {path} ({len(solution.get('moves') or [])} moves, {len(page.encode()) / 1024:.0f} KB)"


def _search_text(stats: dict) -> str:
    if "nodes" not in stats:
        return ""
    seconds = f", {stats['seconds']:g} s" if "seconds" in stats else ""
    return f"Search: {int(stats['nodes']):,} nodes{seconds}."


def _html(header: dict, moves: list[str], data: dict, width: int, height: int, first: Scene,
          has_known: bool) -> str:
    heading = header["heading"]
    svg = (f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{escape(heading)}"><defs>{glyphs.defs(cards.ALL_CARDS)}</defs>'
           f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>'
           + "".join(slot_svg(s.x, s.y, s.mark) for s in first.slots)
           + f'<g id="cards"></g><g id="from"></g><g id="labels" font-family="sans-serif" font-size="11" '
           f'fill="{LABEL_COLOR}"></g></svg>')
    options = '<option value="backs">as backs</option><option value="all">face up (veiled)</option>'
    if has_known:
        options += '<option value="player">as the player knew them</option>'
    move_list = "".join(f'<li data-step="{i}">{escape(m)}</li>' for i, m in enumerate(moves, start=1))
    aside = (f'<aside><h2>Moves</h2><ol id="moves">{move_list}</ol></aside>' if moves else '<ol id="moves"></ol>')
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{escape(heading)}</title>"
        f"<style>{(_HERE / 'page.css').read_text()}</style></head><body>"
        f"<header><h1>{escape(heading)}</h1><p class=\"rules\">Rules: {escape(header['rules'])}</p>"
        f"<p class=\"verdict{' lost' if header['lost'] else ''}\">{escape(header['verdict'])}</p>"
        f"<p class=\"rules\">{escape(header['search'])}</p></header>"
        f"<main><div class=\"table\" style=\"max-width:{round(width * MAX_ZOOM)}px\">{svg}"
        "<div class=\"controls\"><button id=\"first\" title=\"Start (Home)\">Start</button>"
        "<button id=\"prev\" title=\"Back (\u2190)\">Back</button><button id=\"play\" title=\"Play (space)\">Play</button>"
        "<button id=\"next\" title=\"Forward (\u2192)\">Forward</button><button id=\"last\" title=\"End (End)\">End</button>"
        f"<label>Face-down cards <select id=\"reveal\">{options}</select></label></div>"
        "<p id=\"status\"></p><p class=\"hint\">Keys: \u2190 \u2192 step, Home / End, space plays. "
        "A moved card glows; a dashed outline shows where it came from.</p></div>"
        f"{aside}</main>"
        f"<script type=\"application/json\" id=\"solution-data\">{payload}</script>"
        f"<script>{(_HERE / 'page.js').read_text()}</script></body></html>\n"
    )
