"""Which Klondike rule sets can play every game of which: verdicts that carry over.

Rule set B *simulates* rule set A when every line of play under A can be
played, position for position, under B.  Then a win under A is a win under
B, and a loss under B is a loss under A.  Two cases, both exact:

* **foundation_to_tableau on simulates off** (same draw and passes): f2t only
  adds moves; every move of A is a move of B.
* **more passes simulate fewer** (same draw and f2t): a redeal legal with
  fewer passes left is legal with more, and the position after it is the
  same (the passes used count the same in both).
* **draw 1 simulates draw k** (same passes and f2t).  Turning the stock under
  draw k moves its first min(k, stock) cards onto the waste in their order;
  as many draw 1 turns do exactly the same, one card each, and every
  intermediate turn is legal (the stock is not empty).  The waste top, the
  playable cards, the redeal (legal when the stock is empty and a pass is
  left, counted the same) and every tableau or foundation move are the same
  in both.  So the draw k line, with each turn written as that many draw 1
  turns, visits the same positions under draw 1 (`as_draw_one`).

The relations compose, so draw 1 with f2t and unlimited passes simulates
every other setting.
"""
from __future__ import annotations

import math
from typing import Any

from solitaire.deals import Layout
from solitaire.games.klondike.reference import KlondikeState
from solitaire.notation import DRAW, Move
from solitaire.rules import UNLIMITED


def simulates(stronger: dict[str, Any], weaker: dict[str, Any]) -> bool:
    """Does ``stronger`` play every game ``weaker`` does (complete rule dicts)?"""
    return (_pass_limit(stronger) >= _pass_limit(weaker)
            and (stronger["draw"] == weaker["draw"] or stronger["draw"] == 1)
            and (stronger["foundation_to_tableau"] or not weaker["foundation_to_tableau"]))


def _pass_limit(rules: dict[str, Any]) -> float:
    return math.inf if rules["passes"] == UNLIMITED else rules["passes"]


def as_draw_one(layout: Layout, rules: dict[str, Any], moves: list[str]) -> list[str]:
    """``moves`` (legal under ``rules``) with each stock turn written as draw 1 turns, one per card turned.

    Raises IllegalMove (from the reference engine) if ``moves`` is not legal under ``rules``.
    """
    state = KlondikeState(layout, rules)
    out: list[str] = []
    for move in moves:
        turned = min(rules["draw"], len(state.stock)) if Move.parse(move).kind == DRAW else 1
        state.play(move)
        out.extend([move] * turned)
    return out
