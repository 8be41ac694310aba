"""What a run directory is: one game, one complete rule set, one budget.

Every deal stored in a run directory was solved under the same
``RunConfig``; this is what makes its rows one sample.  The node budget and
the table size are part of it because together they decide the verdicts
(a smaller table re-explores more positions, so a deal near the budget may
turn ``unknown``); a time cap, when given, is part of it too.  The solver
version is part of it because another solver may decide deals differently.

Each batch invocation is a *session*; its provenance (date, git commit,
source fingerprint, host, deal ranges asked) is appended to ``run.json`` and
every row it stores carries the session number, so each verdict can be
traced to the code that produced it.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solver.study.errors import StudyError

RUN_FORMAT = "solitaire-run/1"
RUN_FILE = "run.json"


@dataclass(frozen=True)
class RunConfig:
    game: str
    rules: dict[str, Any]  # complete: every option of the game
    max_nodes: int
    timeout: float | None
    tt_mb: float
    solver_version: str

    @classmethod
    def make(cls, game: str, given_rules: dict[str, Any], max_nodes: int, timeout: float | None,
             tt_mb: float) -> "RunConfig":
        """Validate the game, rules and budgets; complete the rules."""
        from solver import __version__
        from solver.games import get_game
        from solver.rules import parse_rules
        from solver.search.solve import check_budgets

        spec = get_game(game)
        rules = parse_rules(spec, given_rules)
        check_budgets(max_nodes, timeout, tt_mb)
        return cls(spec.name, rules, int(max_nodes), None if timeout is None else float(timeout),
                   float(tt_mb), __version__)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "RunConfig":
        try:
            return cls(str(data["game"]), dict(data["rules"]), int(data["max_nodes"]),
                       None if data["timeout"] is None else float(data["timeout"]), float(data["tt_mb"]),
                       str(data["solver_version"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise StudyError(f"run configuration is incomplete or malformed ({exc})") from None

    def rules_text(self) -> str:
        """``draw=3, passes=3, foundation_to_tableau=off``."""
        return rules_text(self.rules)

    def budget_text(self) -> str:
        text = f"node budget {self.max_nodes:,}/deal, TT {self.tt_mb:g} MB"
        if self.timeout is not None:
            text += f", time cap {self.timeout:g} s"
        return text

    def differences(self, other: "RunConfig") -> list[str]:
        """Readable list of what differs, e.g. ``draw: 3 -> 1``."""
        out = []
        if self.game != other.game:
            out.append(f"game: {self.game} -> {other.game}")
        for key in sorted(set(self.rules) | set(other.rules)):
            if self.rules.get(key) != other.rules.get(key):
                out.append(f"{key}: {fmt_value(self.rules.get(key))} -> {fmt_value(other.rules.get(key))}")
        for key, label in (("max_nodes", "max-nodes"), ("timeout", "timeout"), ("tt_mb", "tt-mb"),
                           ("solver_version", "solver version")):
            a, b = getattr(self, key), getattr(other, key)
            if a != b:
                out.append(f"{label}: {a} -> {b}")
        return out


def fmt_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def rules_text(rules: dict[str, Any]) -> str:
    return ", ".join(f"{k}={fmt_value(v)}" for k, v in rules.items())


def git_commit() -> str | None:
    """The checkout's commit (``+dirty`` when files differ), or None outside git."""
    here = Path(__file__).resolve().parent
    try:
        commit = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"], capture_output=True,
                                text=True, timeout=10)
        if commit.returncode != 0:
            return None
        status = subprocess.run(["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no"],
                                capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    dirty = status.returncode == 0 and status.stdout.strip() != ""
    return commit.stdout.strip() + ("+dirty" if dirty else "")


def provenance() -> dict:
    """Where and with what code a session runs."""
    import numba
    import numpy

    from solver import __version__
    from solver.study.worker import LOADED_SOURCE

    return {
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "solver_version": __version__,
        "git_commit": git_commit(),
        "source_fingerprint": LOADED_SOURCE,
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "numba": numba.__version__,
        "host": platform.node(),
    }


def read_run_file(run_dir: Path) -> dict | None:
    """The run directory's ``run.json``, or None if the directory is new."""
    path = Path(run_dir) / RUN_FILE
    if not path.exists():
        if Path(run_dir).exists() and not Path(run_dir).is_dir():
            raise StudyError(f"{run_dir} exists and is not a directory")
        return None
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise StudyError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise StudyError(f"{path} is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != RUN_FORMAT or "config" not in data:
        raise StudyError(f"{path} is not a solitaire run file")
    return data


def write_run_file(run_dir: Path, data: dict) -> None:
    """Atomically replace ``run.json`` (a crash leaves the old or the new one)."""
    path = Path(run_dir) / RUN_FILE
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def load_run_config(run_dir: Path) -> tuple[RunConfig, dict]:
    data = read_run_file(run_dir)
    if data is None:
        raise StudyError(f"{run_dir} is not a run directory (no {RUN_FILE})")
    return RunConfig.from_json(data["config"]), data


def open_run(run_dir: Path, config: RunConfig) -> dict:
    """Create the run directory, or check that it holds the same configuration.

    Returns the run file's content.  A different configuration is refused
    with the list of differences; nothing in the directory is touched.
    """
    run_dir = Path(run_dir)
    data = read_run_file(run_dir)
    if data is None:
        try:
            run_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StudyError(f"cannot create run directory {run_dir}: {exc.strerror}") from None
        data = {"format": RUN_FORMAT, "config": config.to_json(), "sessions": []}
        write_run_file(run_dir, data)
        return data
    stored = RunConfig.from_json(data["config"])
    if stored != config:
        diff = "; ".join(stored.differences(config))
        raise StudyError(f"{run_dir} holds a run with another configuration ({diff}): "
                         f"use another --out directory")
    return data
