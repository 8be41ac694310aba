"""Exhaustive search over any reference engine: verdicts and shortest lengths.

A position is won exactly when some won position is reachable from it by
legal moves.  ``decide`` visits every reachable position once (a set of
keys remembers them) until it meets a won one: "won", or "lost" when the
reachable set is exhausted without one.  ``shortest`` does the same
breadth-first, so the first won position it meets is at the fewest moves
(each reference move is one move of RULES.md's count: a stock turn, a
redeal, a card or pile moved, a King or a pair removed).  Both stop with
"too big" rather than guess once ``limit`` positions have been seen.

The only thing a game supplies is ``key(state)``: a value equal for two
positions only if they have the same legal moves leading to positions with
equal keys (so the same future).  The game modules use the full position,
with at most an obvious symmetry (pile order where the rules never look at
a pile's index).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Hashable

WON, LOST, TOO_BIG = "won", "lost", "too big"


@dataclass(frozen=True)
class Answer:
    verdict: str  # WON, LOST or TOO_BIG
    positions: int  # distinct positions seen (the start included)
    length: int | None = None  # shortest: fewest moves to a win (WON only)


def children(state):
    """The positions one legal move away, by the reference engine alone."""
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        yield child


def decide(start, key: Callable[[object], Hashable], limit: int = 200_000) -> Answer:
    """Depth-first reachability: WON, LOST or TOO_BIG (past ``limit`` positions)."""
    if start.is_won():
        return Answer(WON, 1, 0)
    seen = {key(start)}
    stack = [start]
    while stack:
        state = stack.pop()
        for child in children(state):
            k = key(child)
            if k in seen:
                continue
            if child.is_won():
                return Answer(WON, len(seen) + 1)
            if len(seen) >= limit:
                return Answer(TOO_BIG, len(seen))
            seen.add(k)
            stack.append(child)
    return Answer(LOST, len(seen))


def shortest(start, key: Callable[[object], Hashable], limit: int = 200_000) -> Answer:
    """Breadth-first: WON with the fewest moves to a won position, LOST, or TOO_BIG."""
    if start.is_won():
        return Answer(WON, 1, 0)
    seen = {key(start)}
    frontier = deque([(start, 0)])
    while frontier:
        state, depth = frontier.popleft()
        for child in children(state):
            k = key(child)
            if k in seen:
                continue
            if child.is_won():
                return Answer(WON, len(seen) + 1, depth + 1)
            if len(seen) >= limit:
                return Answer(TOO_BIG, len(seen))
            seen.add(k)
            frontier.append((child, depth + 1))
    return Answer(LOST, len(seen))
