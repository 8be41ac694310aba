"""What a run directory is: one game, one complete rule set, one budget.

Every deal stored in a run directory was solved under the same
``RunConfig``; this is what makes its rows one sample.  The node budget and
the table size are part of it because together they decide the verdicts
(a smaller table re-explores more positions, so a deal near the budget may
turn ``unknown``); a time cap, when given, is part of it too.  The solver
version is part of it because another solver may decide deals differently.

Each batch invocation's provenance (date, git commit, source fingerprint,
host, deal ranges asked) is appended to ``run.json``'s ``invocations`` and
every row it stores carries the invocation's number, so each verdict can be
traced to the code that produced it.  (Run files and rows written by older
versions name both fields differently: ``read_run_file`` and
``store.OLDER_NAMES`` read them.)

Budget escalation: ``escalate`` lists larger budgets (``Stage``).  After the
main pass, the deals still unknown are solved again at the first stage, those
still unknown at the next, and so on.  The stages are part of the
configuration, with one exception: stages may be *added after* those stored,
so a finished study can be pushed further (the new stages apply to the deals
still unknown); any other change is refused like a change of rules.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import subprocess
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from solitaire.studies.errors import StudyError

RUN_FORMAT = "solitaire-run/1"
RUN_FILE = "run.json"
STAGE_KEYS = ("max_nodes", "tt_mb", "timeout")


@dataclass(frozen=True)
class Stage:
    """One budget: the main one, or a larger one for the deals still unknown."""

    max_nodes: int
    tt_mb: float
    timeout: float | None

    def text(self) -> str:
        text = f"{self.max_nodes:,} nodes (TT {self.tt_mb:g} MB"
        return text + (f", time cap {self.timeout:g} s)" if self.timeout is not None else ")")

    @classmethod
    def from_json(cls, data: dict) -> "Stage":
        return cls(int(data["max_nodes"]), float(data["tt_mb"]),
                   None if data["timeout"] is None else float(data["timeout"]))


def make_stages(max_nodes: int, timeout: float | None, tt_mb: float, raw: Sequence[dict]) -> tuple[Stage, ...]:
    """Check escalation stages (``{max_nodes, tt_mb?, timeout?}`` each) after the main budget.

    Each stage needs a larger ``max_nodes`` than the one before (a smaller
    one could decide nothing new); ``tt_mb`` and ``timeout`` default to the
    previous stage's.  Raises ``BudgetError`` (one line) on any problem.
    """
    from solitaire.solver import BudgetError, check_budgets

    if not isinstance(raw, (list, tuple)):
        raise BudgetError(f"escalate must be a list of budgets such as {{ max_nodes = 20000000, tt_mb = 1024 }}, "
                          f"got {raw!r}")
    previous = Stage(max_nodes, tt_mb, timeout)
    stages = []
    for number, entry in enumerate(raw, start=1):
        where = f"escalate stage {number}"
        if not isinstance(entry, dict) or "max_nodes" not in entry:
            raise BudgetError(f"{where} must be a table with max_nodes (and optional tt_mb, timeout), got {entry!r}")
        unknown = set(entry) - set(STAGE_KEYS)
        if unknown:
            raise BudgetError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} "
                              f"(allowed: {', '.join(STAGE_KEYS)})")
        nodes = entry["max_nodes"]
        if not isinstance(nodes, int) or isinstance(nodes, bool) or nodes <= previous.max_nodes:
            raise BudgetError(f"{where}: max_nodes must be a whole number above the previous budget's "
                              f"{previous.max_nodes}, got {nodes!r}")
        stage_tt, stage_timeout = entry.get("tt_mb", previous.tt_mb), entry.get("timeout", previous.timeout)
        for key, value in (("tt_mb", stage_tt), ("timeout", stage_timeout)):
            if value is not None and (not isinstance(value, (int, float)) or isinstance(value, bool)):
                raise BudgetError(f"{where}: {key} must be a number, got {value!r}")
        try:
            check_budgets(nodes, stage_timeout, stage_tt)
        except BudgetError as exc:
            raise BudgetError(f"{where}: {exc}") from None
        previous = Stage(nodes, float(stage_tt), None if stage_timeout is None else float(stage_timeout))
        stages.append(previous)
    return tuple(stages)


def stages_text(stages: Sequence[Stage]) -> str:
    return ", ".join(s.text() for s in stages) or "none"


@dataclass(frozen=True)
class RunConfig:
    game: str
    rules: dict[str, Any]  # complete: every option of the game
    max_nodes: int
    timeout: float | None
    tt_mb: float
    solver_version: str
    escalate: tuple[Stage, ...] = ()  # larger budgets for the deals still unknown, in order
    blind: dict | None = None  # blind play (solitaire.blind.setting): policy, hidden, seed; None: thoughtful

    @classmethod
    def make(cls, game: str, given_rules: dict[str, Any], max_nodes: int | None, timeout: float | None,
             tt_mb: float | None, escalate: Sequence[dict] = (), blind: dict | None = None) -> "RunConfig":
        """Validate the game, rules and budgets (with escalation stages); complete the rules.
        A budget left out (None) takes the solver's default.  ``blind``: play
        the deals blind instead (``solitaire.blind.setting.blind_config``);
        the policy's parameters are then the budget (no escalation)."""
        from solitaire import __version__
        from solitaire.games import get_game
        from solitaire.rules import parse_rules
        from solitaire.solver import budgets, check_budgets

        max_nodes, tt_mb = budgets(max_nodes, tt_mb)
        spec = get_game(game)
        rules = parse_rules(spec, given_rules)
        if blind is not None:
            from solitaire.blind.setting import blind_config

            blind = blind_config(blind)
            policy = blind["policy"]
            return cls(spec.name, rules, int(policy.get("max_nodes", 1)), None, float(policy.get("tt_mb", 1)),
                       __version__, (), blind)
        check_budgets(max_nodes, timeout, tt_mb)
        stages = make_stages(max_nodes, timeout, tt_mb, escalate)
        return cls(spec.name, rules, int(max_nodes), None if timeout is None else float(timeout),
                   float(tt_mb), __version__, stages)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "RunConfig":
        """Read ``run.json``'s config; one written before escalation existed has no stages."""
        try:
            return cls(str(data["game"]), dict(data["rules"]), int(data["max_nodes"]),
                       None if data["timeout"] is None else float(data["timeout"]), float(data["tt_mb"]),
                       str(data["solver_version"]), tuple(Stage.from_json(s) for s in data.get("escalate", [])),
                       data.get("blind"))
        except (KeyError, TypeError, ValueError) as exc:
            raise StudyError(f"run configuration is incomplete or malformed ({exc})") from None

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The main budget, then each escalation stage."""
        return (Stage(self.max_nodes, self.tt_mb, self.timeout), *self.escalate)

    def extends(self, stored: "RunConfig") -> bool:
        """Same configuration as ``stored``, possibly with stages added after its stages."""
        return (replace(self, escalate=()) == replace(stored, escalate=())
                and self.escalate[:len(stored.escalate)] == stored.escalate)

    def rules_text(self) -> str:
        """``draw=3, passes=3, foundation_to_tableau=off``."""
        return rules_text(self.rules)

    def budget_text(self) -> str:
        if self.blind is not None:
            from solitaire.blind.setting import blind_text

            return blind_text(self.blind)
        text = f"node budget {self.max_nodes:,}/deal, TT {self.tt_mb:g} MB"
        if self.timeout is not None:
            text += f", time cap {self.timeout:g} s"
        if self.escalate:
            text += "; unknown deals re-run at " + stages_text(self.escalate)
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
        if self.blind != other.blind:
            out.append(f"blind: {self.blind} -> {other.blind}")
        if other.escalate[:len(self.escalate)] != self.escalate:  # stages added after these are allowed
            out.append(f"escalate: {stages_text(self.escalate)} -> {stages_text(other.escalate)} "
                       f"(stages can only be added after the stored ones)")
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
    """Where and with what code a batch invocation runs."""
    import numba
    import numpy

    from solitaire import __version__
    from solitaire.studies.worker import LOADED_SOURCE

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
    if "sessions" in data:  # the older name of ``invocations``; the next write stores the new one
        data["invocations"] = [{("invocation" if k == "session" else k): v for k, v in entry.items()}
                               for entry in data.pop("sessions")]
    data.setdefault("invocations", [])
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
    Escalation stages added after the stored ones are accepted and recorded.
    """
    run_dir = Path(run_dir)
    data = read_run_file(run_dir)
    if data is None:
        try:
            run_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StudyError(f"cannot create run directory {run_dir}: {exc.strerror}") from None
        data = {"format": RUN_FORMAT, "config": config.to_json(), "invocations": []}
        write_run_file(run_dir, data)
        return data
    stored = RunConfig.from_json(data["config"])
    if not config.extends(stored):
        diff = "; ".join(stored.differences(config))
        raise StudyError(f"{run_dir} holds a run with another configuration ({diff}): "
                         f"use another --out directory")
    if config != stored:  # escalation stages added: recorded before any of them runs
        data["config"] = config.to_json()
        write_run_file(run_dir, data)
    return data
