"""Solve results and the solution file of DESIGN.md."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire.dealing import deal_from_json
from solitaire.deals import Deal, DealError
from solitaire.games.base import ReferenceState
from solitaire.replaying import replay_from
from solitaire.verdicts import SOLVED, UNSOLVABLE


class SolutionFileError(ValueError):
    pass


@dataclass
class SolveResult:
    """What ``solve`` found: the verdict, a replay-verified win, the cost."""

    deal: Deal | None  # None for a position solve (``start`` is where it began)
    rules: dict[str, Any]
    verdict: str  # solved, unsolvable or unknown
    moves: list[str] = field(default_factory=list)
    optimal: bool = False
    lower_bound: int | None = None  # proved least number of moves of any win
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # why "unknown": node budget, time, depth limit, interrupted
    proof: str = ""  # how "unsolvable" was proved when not by the search itself (a relaxed game)
    game: str = ""
    start: ReferenceState | None = field(default=None, repr=False)  # the position searched from
    search_options: tuple[str, ...] = ()  # the game's search options it ran with

    def __post_init__(self):
        if not self.game and self.deal is not None:
            self.game = self.deal.game

    def start_position(self) -> ReferenceState:
        """A copy of the position the search started from (the deal as dealt)."""
        if self.start is None:
            raise ValueError("this result does not carry its start position")
        return self.start.copy()

    def position(self, moves: int) -> ReferenceState:
        """The reference position after the first ``moves`` moves of the solution."""
        if not 0 <= moves <= len(self.moves):
            raise ValueError(f"the solution has {len(self.moves)} moves, not {moves}")
        return replay_from(self.start_position(), self.moves[:moves])

    def label(self) -> str:
        return self.deal.label() if self.deal is not None else f"{self.game} position"

    def to_json(self, with_lower_bound: bool = False) -> dict:
        """The solution file (``rules``, ``deal``, ``result``, ``moves``, ``stats``)."""
        out = {
            "game": self.game,
            "rules": dict(self.rules),
            "deal": self.deal.to_json() if self.deal is not None else None,
            "result": self.verdict,
            "optimal": bool(self.optimal),
            "moves": list(self.moves) if self.verdict == SOLVED else [],
            "stats": {"nodes": int(self.nodes), "seconds": round(self.seconds, 4)},
        }
        if with_lower_bound and not self.optimal and self.lower_bound is not None:
            out["lower_bound"] = int(self.lower_bound)
        if self.reason:
            out["stats"]["stopped_by"] = self.reason
        if self.proof:
            out["stats"]["proved_by"] = self.proof
        for name in self.search_options:
            out["stats"][name] = True
        return out

    def summary(self) -> str:
        parts = [f"{self.label()}: {self.verdict}"]
        if self.verdict == SOLVED:
            parts.append(f"{len(self.moves)} moves" + (" (optimal)" if self.optimal else ""))
        if self.lower_bound is not None and not self.optimal and self.verdict != UNSOLVABLE:
            parts.append(f"lower bound {self.lower_bound}")
        parts.append(f"{self.nodes} nodes")
        parts.append(f"{self.seconds:.3f} s")
        if self.reason:
            parts.append(f"stopped by {self.reason}")
        if self.proof:
            parts.append(f"proved by {self.proof}")
        parts.extend(name.replace("_", " ") for name in self.search_options)
        return ", ".join(parts)


def read_solution_file(path: str | Path) -> dict:
    """Load a solution file: its deal (validated), rules, result and moves."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise SolutionFileError(f"cannot read solution file {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise SolutionFileError(f"solution file {path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict) or "deal" not in data:
        raise SolutionFileError(f"{path} is not a solution file (no 'deal')")
    try:
        deal = deal_from_json(data["deal"])
    except DealError as exc:
        raise SolutionFileError(f"{path}: bad deal: {exc}") from None
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SolutionFileError(f"{path}: 'moves' must be a list of move strings")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise SolutionFileError(f"{path}: 'rules' must be an object")
    return {"deal": deal, "rules": rules, "moves": moves, "result": data.get("result", SOLVED), "raw": data}
