"""Solve results and the solution file of DESIGN.md."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire.deals import Deal, DealError, deal_from_json

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
VERDICTS = (SOLVED, UNSOLVABLE, UNKNOWN)


class SolutionFileError(ValueError):
    pass


@dataclass
class SolveResult:
    deal: Deal
    rules: dict[str, Any]
    result: str
    moves: list[str] = field(default_factory=list)
    optimal: bool = False
    lower_bound: int | None = None  # proved least number of moves of any win
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # why "unknown": node budget, time, depth limit, interrupted
    proof: str = ""  # how "unsolvable" was proved when not by the search itself (a relaxed game)
    swap_components: bool = False  # searched with Yukon's R7b folding (--swap-components)

    @property
    def game(self) -> str:
        return self.deal.game

    def to_json(self, with_lower_bound: bool = False) -> dict:
        out = {
            "game": self.game,
            "rules": dict(self.rules),
            "deal": self.deal.to_json(),
            "result": self.result,
            "optimal": bool(self.optimal),
            "moves": list(self.moves) if self.result == SOLVED else [],
            "stats": {"nodes": int(self.nodes), "seconds": round(self.seconds, 4)},
        }
        if with_lower_bound and not self.optimal and self.lower_bound is not None:
            out["lower_bound"] = int(self.lower_bound)
        if self.reason:
            out["stats"]["stopped_by"] = self.reason
        if self.proof:
            out["stats"]["proved_by"] = self.proof
        if self.swap_components:
            out["stats"]["swap_components"] = True
        return out

    def summary(self) -> str:
        parts = [f"{self.deal.label()}: {self.result}"]
        if self.result == SOLVED:
            parts.append(f"{len(self.moves)} moves" + (" (optimal)" if self.optimal else ""))
        if self.lower_bound is not None and not self.optimal and self.result != UNSOLVABLE:
            parts.append(f"lower bound {self.lower_bound}")
        parts.append(f"{self.nodes} nodes")
        parts.append(f"{self.seconds:.3f} s")
        if self.reason:
            parts.append(f"stopped by {self.reason}")
        if self.proof:
            parts.append(f"proved by {self.proof}")
        if self.swap_components:
            parts.append("swap components")
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
