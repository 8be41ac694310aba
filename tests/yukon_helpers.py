"""Shared test helpers for Yukon: a plain breadth-first search on the reference engine."""
from __future__ import annotations

from collections import deque

from solitaire.games.yukon.reference import YukonState


def bfs_shortest(state: YukonState) -> int | None:
    """Fewest moves to a won position on the reference engine (None: no win)."""
    def key(s):  # pile order does not matter (the rules treat piles alike)
        return tuple(sorted(zip(map(tuple, s.piles), s.face_down)))

    frontier, seen = deque([(state, 0)]), {key(state)}
    while frontier:
        s, d = frontier.popleft()
        if s.is_won():
            return d
        for m in s.legal_moves():
            t = s.copy()
            t.play(m)
            if key(t) not in seen:
                seen.add(key(t))
                frontier.append((t, d + 1))
    return None
