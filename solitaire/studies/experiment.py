"""Declared studies: a TOML file names the game, settings, deals and budget.

Example (``experiments/quickstart.toml``)::

    name = "quickstart"
    title = "Klondike: draw 1 vs draw 3 (quick start)"
    game = "klondike"
    deals = "1-300"
    [budget]
    max_nodes = 100000
    tt_mb = 32
    escalate = [{ max_nodes = 1000000, tt_mb = 256 }]   # optional: re-run the unknown deals
    [[setting]]
    label = "draw 1"
    rules = { draw = 1 }
    [[setting]]
    label = "draw 3"
    rules = { draw = 3 }
    published = { percent = 81.945, plusminus = 0.084, source = "Blake & Gent" }   # optional
    [[compare]]                                     # optional; default: every pair
    a = "draw 1"
    b = "draw 3"

Each setting is one run directory (``<runs>/<name>/<setting slug>``), so a
study re-run resumes, and a larger ``deals`` only solves the new deals.
``escalate`` lists larger budgets, each for the deals still unknown after the
one before (see ``runconfig``); stages added at the end of the list apply to
an existing run's unknown deals.

A setting with a ``policy`` is played blind (``solitaire.blind``, docs/blind.md;
the policy's parameters are its budget, no escalation), and the report sets
it beside the thoughtful setting of the same rules::

    [[setting]]
    label = "draw 3, blind"
    rules = { draw = 3 }
    policy = { name = "hop", samples = 20 }
    hidden = "tableau"                              # optional: default tableau+stock; seed = 0 too
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from solitaire.rules import RuleError
from solitaire.search import config as search_config
from solitaire.solver import check_budgets
from solitaire.search.config import DEFAULT_BATCH_TT_MB
from solitaire.studies.batch import BatchSummary, run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError
from solitaire.studies.report import build_report, load_setting, write_report
from solitaire.studies.runconfig import RunConfig, make_stages, stages_text

TOP_KEYS = {"name", "title", "description", "game", "deals", "workers", "budget", "setting", "compare"}
BUDGET_KEYS = {"max_nodes", "timeout", "tt_mb", "escalate"}
SETTING_KEYS = {"label", "rules", "published", "policy", "hidden", "seed"}
PUBLISHED_KEYS = {"percent", "plusminus", "source"}


@dataclass
class StudySetting:
    label: str
    config: RunConfig
    published: dict | None = None

    @property
    def slug(self) -> str:
        return slugify(self.label)


@dataclass
class Study:
    path: Path
    text: str  # the file as written (copied next to the results)
    name: str
    title: str
    description: str
    game: str
    deals: DealSet
    workers: int
    settings: list[StudySetting]
    compare: list[tuple[str, str]] | None = None
    overrides: dict = field(default_factory=dict)


def slugify(label: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    return slug or "setting"


def load_study(path: str | Path) -> Study:
    """Read and check an experiment file; every problem is one StudyError line."""
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as exc:
        raise StudyError(f"cannot read experiment file {path}: {exc.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StudyError(f"experiment file {path} is not valid TOML: {exc}") from None
    where = str(path)

    def need(cond: bool, message: str) -> None:
        if not cond:
            raise StudyError(f"{where}: {message}")

    unknown = set(data) - TOP_KEYS
    need(not unknown, f"unknown key(s) {', '.join(sorted(unknown))} (allowed: {', '.join(sorted(TOP_KEYS))})")
    need(isinstance(data.get("game"), str), "'game' (e.g. \"klondike\") is required")
    need(isinstance(data.get("deals"), str), "'deals' (a deal range such as \"1-1000\") is required")
    from solitaire.deals import DealError

    try:
        deals = DealSet.parse(data["deals"])
    except DealError as exc:
        raise StudyError(f"{where}: 'deals': {exc}") from None
    budget = data.get("budget", {})
    need(isinstance(budget, dict), "'budget' must be a table")
    unknown = set(budget) - BUDGET_KEYS
    need(not unknown, f"unknown budget key(s) {', '.join(sorted(unknown))} (allowed: {', '.join(sorted(BUDGET_KEYS))})")
    budget_args = (budget.get("max_nodes", search_config.DEFAULT_MAX_NODES), budget.get("timeout"),
                   budget.get("tt_mb", DEFAULT_BATCH_TT_MB), budget.get("escalate", []))
    try:
        check_budgets(*budget_args[:3])
        make_stages(*budget_args)
    except ValueError as exc:  # BudgetError
        raise StudyError(f"{where}: [budget] {exc}") from None
    except TypeError:
        raise StudyError(f"{where}: [budget] max_nodes, timeout and tt_mb must be numbers") from None
    workers = data.get("workers", 1)
    need(isinstance(workers, int) and not isinstance(workers, bool) and workers >= 1,
         f"'workers' must be a whole number from 1, got {workers!r}")
    raw_settings = data.get("setting")
    need(isinstance(raw_settings, list) and raw_settings, "at least one [[setting]] is required")
    settings = []
    for i, raw in enumerate(raw_settings, start=1):
        need(isinstance(raw, dict), f"setting {i} must be a table")
        unknown = set(raw) - SETTING_KEYS
        need(not unknown, f"setting {i}: unknown key(s) {', '.join(sorted(unknown))}")
        label = raw.get("label")
        need(isinstance(label, str) and label.strip() != "", f"setting {i} needs a 'label'")
        rules = raw.get("rules", {})
        need(isinstance(rules, dict), f"setting {label!r}: 'rules' must be a table")
        blind = {key: raw[key] for key in ("policy", "hidden", "seed") if key in raw} or None
        need(blind is None or "policy" in blind, f"setting {label!r}: 'hidden' and 'seed' need a 'policy'")
        try:
            config = RunConfig.make(data["game"], rules, *budget_args, blind=blind)
        except (RuleError, ValueError) as exc:  # RuleError, BudgetError, UnknownGame, BlindError
            raise StudyError(f"{where}: setting {label!r}: {exc}") from None
        published = raw.get("published")
        if published is not None:
            need(isinstance(published, dict) and isinstance(published.get("percent"), (int, float))
                 and not set(published) - PUBLISHED_KEYS,
                 f"setting {label!r}: 'published' needs 'percent' (and optional 'plusminus', 'source')")
        settings.append(StudySetting(label, config, published))
    labels = [s.label for s in settings]
    need(len(set(labels)) == len(labels), f"setting labels must differ: {labels}")
    slugs = [s.slug for s in settings]
    need(len(set(slugs)) == len(slugs), f"setting labels must differ in letters or digits: {labels}")
    compare = None
    if "compare" in data:
        need(isinstance(data["compare"], list), "'compare' must be a list of {a=..., b=...} tables")
        compare = []
        for c in data["compare"]:
            need(isinstance(c, dict) and set(c) == {"a", "b"}, "each [[compare]] needs exactly 'a' and 'b'")
            for side in ("a", "b"):
                need(c[side] in labels, f"[[compare]] names unknown setting {c[side]!r} (settings: {labels})")
            compare.append((c["a"], c["b"]))
    name = data.get("name", path.stem)
    need(isinstance(name, str) and slugify(name) == name, "'name' must be a folder name like \"draw1-vs-draw3\"")
    return Study(path, text, name, str(data.get("title", name)), str(data.get("description", "")),
                 settings[0].config.game, deals, workers, settings, compare)


def run_study(study: Study, runs_dir: str | Path, out_dir: str | Path, backend=None,
              progress: bool = True, echo=print) -> list[Path]:
    """Run every setting's batch (resuming), then write the report."""
    runs_dir = Path(runs_dir) / study.name
    summaries: list[BatchSummary] = []
    for s in study.settings:
        escalation = f", unknown deals re-run at {stages_text(s.config.escalate)}" if s.config.escalate else ""
        echo(f"{study.name}: {s.label} ({s.config.rules_text()}), deals {study.deals.text(3)}{escalation}")
        summary = run_batch(runs_dir / s.slug, s.config, study.deals, backend, progress=progress)
        echo("  " + summary.text())
        summaries.append(summary)
    settings = [load_setting(runs_dir / s.slug, s.label, study.deals, s.published) for s in study.settings]
    report = build_report(settings, study.title, study.compare)
    out = Path(out_dir)
    written = write_report(report, out, {"study": {"file": str(study.path), "name": study.name,
                                                   "description": study.description,
                                                   "deals": study.deals.text(), "overrides": study.overrides}})
    (out / "study.toml").write_text(study.text)
    written.append(out / "study.toml")
    return written
