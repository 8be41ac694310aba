"""The commands that run and report studies: batch, study, report.

Thin: each parses its options and calls the study library.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from solitaire.cli.options import budget_options, cli_errors, collect_rules, rule_options
from solitaire.studies.backends import DEFAULT_CONNECT_TIMEOUT
from solitaire.search.config import DEFAULT_BATCH_TT_MB


def _default(name: str, value, help_text: str | None = None):
    """Change the default (and the help saying it) of an option added by a shared decorator."""

    def decorate(command):
        for param in getattr(command, "__click_params__", []):  # options not yet bound to the command
            if param.name == name:
                param.default = value
                if help_text:
                    param.help = help_text
        return command

    return decorate


def backend_options(command):
    command = click.option("--progress/--no-progress", default=True, show_default=True,
                           help="Show a progress bar (rate, ETA, verdict counts) on stderr.")(command)
    command = click.option("--connect-timeout", type=float, default=DEFAULT_CONNECT_TIMEOUT, show_default=True,
                           help="Seconds to wait for the Dask scheduler and its first worker.")(command)
    command = click.option("--scheduler", metavar="ADDRESS", default=None,
                           help="Solve on a Dask cluster (e.g. tcp://host:8786) instead of local processes.")(command)
    command = click.option("--workers", type=int, default=None,
                           help="Worker processes on this machine (default 1; a study's file may set it).")(command)
    return command


def _backend(workers, scheduler, connect_timeout, default_workers=1):
    from solitaire.studies.backends import make_backend

    return make_backend(workers, scheduler, connect_timeout, default_workers)


class _TermAsInterrupt:
    """SIGTERM (a cluster's time limit, ``kill``) stops a batch like Ctrl-C:
    workers are ended and the invocation is recorded as interrupted."""

    def __enter__(self):
        import signal

        def raise_interrupt(signum, frame):
            raise KeyboardInterrupt

        self._old = signal.signal(signal.SIGTERM, raise_interrupt)
        return self

    def __exit__(self, *exc):
        import signal

        signal.signal(signal.SIGTERM, self._old)
        return False


def parse_escalate(texts: tuple[str, ...]) -> list[dict]:
    """``--escalate 20000000:1024`` -> ``[{"max_nodes": 20000000, "tt_mb": 1024.0}]`` (TT MB optional)."""
    from solitaire.studies.errors import StudyError

    stages = []
    for text in texts:
        nodes, _, tt_mb = text.partition(":")
        try:
            stage = {"max_nodes": int(nodes.replace("_", ""))}
            if tt_mb:
                stage["tt_mb"] = float(tt_mb)
        except ValueError:
            raise StudyError(f"--escalate takes MAX_NODES[:TT_MB] (e.g. 20000000:1024), got {text!r}") from None
        stages.append(stage)
    return stages


def _interrupted(exc) -> None:
    click.echo(f"{exc}; run the same command again to resume", err=True)
    sys.exit(130)


@click.command()
@click.argument("game")
@click.option("--deals", required=True, metavar="RANGE", help="Deal numbers, e.g. 1-10000 or 1-100,500-600.")
@click.option("--out", required=True, type=click.Path(file_okay=False),
              help="Run directory: results are added to it; re-running resumes.")
@rule_options
@_default("tt_mb", DEFAULT_BATCH_TT_MB,
          "Largest transposition table per worker in MB: a search starts with a 1 MB table and doubles "
          f"it as it fills, up to this (default {DEFAULT_BATCH_TT_MB:g}).")
@budget_options(optimal=False)
@click.option("--escalate", multiple=True, metavar="MAX_NODES[:TT_MB]",
              help="Then solve the deals still unknown again at this larger budget (TT MB: default the "
                   "previous budget's); repeat for more stages, each larger than the one before.")
@backend_options
@cli_errors
def batch(game, deals, out, max_nodes, timeout, tt_mb, escalate, workers, scheduler, connect_timeout, progress,
          **kwargs):
    """Solve many deals of GAME and store one result row per deal in --out.

    Each finished deal is stored at once (Parquet parts plus a journal), so an
    interrupt loses only the deals being solved, and the same command resumes.
    The run directory records the rules, budgets, solver version, git commit
    and date; adding deals under other rules or budgets is refused.  Verdicts
    depend only on --max-nodes and --tt-mb (deterministic), unless a
    --timeout is given.  Each worker's table starts at 1 MB and doubles as
    a search fills it, up to --tt-mb.  With --escalate, the deals left
    unknown are solved again at each larger budget in turn (stages may be
    added later: they apply to the deals still unknown).

    \b
    Examples:
      solitaire batch klondike --draw 3 --deals 1-10000 --workers 2 --out runs/k3
      solitaire batch klondike --draw 3 --deals 1-20000 --workers 2 --out runs/k3   # resumes
      solitaire batch klondike --deals 1-10000 --escalate 20000000:1024 --out runs/k1
      solitaire batch klondike --deals 1-1000000 --scheduler tcp://host:8786 --out runs/k1
      python -c "import pandas as pd; print(pd.read_parquet('runs/k3/parts'))"
    """
    from solitaire.studies.batch import BatchInterrupted, describe_run, run_batch
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.runconfig import RunConfig

    config = RunConfig.make(game, collect_rules(kwargs), max_nodes, timeout, tt_mb, parse_escalate(escalate))
    deal_set = DealSet.parse(deals)
    backend = _backend(workers, scheduler, connect_timeout)
    try:
        with _TermAsInterrupt():
            summary = run_batch(out, config, deal_set, backend, progress=progress)
    except BatchInterrupted as exc:
        _interrupted(exc)
    finally:
        backend.close()
    click.echo(summary.text())
    click.echo(describe_run(out, config))


@click.command()
@click.argument("experiment", type=click.Path(dir_okay=False))
@click.option("--runs", "runs_dir", default="runs", show_default=True, type=click.Path(file_okay=False),
              help="Where the run directories go (<runs>/<study name>/<setting>).")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="Report folder (default: results/<study name>).")
@click.option("--deals", default=None, metavar="RANGE",
              help="Use these deals instead of the file's (e.g. a small trial); recorded in the report.")
@backend_options
@cli_errors
def study(experiment, runs_dir, out, deals, workers, scheduler, connect_timeout, progress):
    """Run a declared study (TOML in experiments/) and write its report.

    Every setting becomes a run directory (resumable), then tables and charts
    go to results/<name> with a copy of the experiment file.

    \b
    Examples:
      solitaire study experiments/quickstart.toml --workers 2
      solitaire study experiments/draw1-vs-draw3.toml --workers 2
      solitaire study experiments/draw1-vs-draw3.toml --deals 1-200 --out /tmp/trial
    """
    from solitaire.studies.batch import BatchInterrupted
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.experiment import load_study, run_study

    the_study = load_study(experiment)
    if deals:
        the_study.overrides["deals"] = deals
        the_study.deals = DealSet.parse(deals)
    backend = _backend(workers, scheduler, connect_timeout, the_study.workers)
    try:
        with _TermAsInterrupt():
            written = run_study(the_study, runs_dir, out or Path("results") / the_study.name, backend,
                                progress=progress, echo=click.echo)
    except BatchInterrupted as exc:
        _interrupted(exc)
    finally:
        backend.close()
    click.echo("wrote " + ", ".join(str(p) for p in written))


@click.command()
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Folder for tables and charts.")
@click.option("--label", "labels", multiple=True,
              help="Name of each run in tables and charts, in order (default: what differs, e.g. draw=3).")
@click.option("--deals", default=None, metavar="RANGE", help="Only these deals of each run.")
@click.option("--title", default=None, help="Title of tables and charts.")
@cli_errors
def report(run_dirs, out, labels, deals, title):
    """Tables (CSV, Markdown) and charts (PNG) comparing run directories.

    Writes summary (solvability with 95% bounds, unknowns kept apart), paired
    (verdict pairs on common deals, McNemar's exact test), distributions, the
    per-deal table deals.parquet, manifest.json and the charts.

    \b
    Examples:
      solitaire report runs/k3 runs/k1 --out results/draw1-vs-draw3
      solitaire report runs/k3 runs/k1 --label "draw 3" --label "draw 1" --out results/x
    """
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.errors import StudyError
    from solitaire.studies.report import build_report, derive_labels, load_setting, write_report
    from solitaire.studies.runconfig import load_run_config

    if labels and len(labels) != len(run_dirs):
        raise StudyError(f"give one --label per run directory ({len(run_dirs)}), not {len(labels)}")
    deal_set = DealSet.parse(deals) if deals else None
    configs = [load_run_config(Path(d))[0] for d in run_dirs]
    names = list(labels) or derive_labels(configs, [Path(d).name for d in run_dirs])
    settings = [load_setting(d, name, deal_set) for d, name in zip(run_dirs, names)]
    written = write_report(build_report(settings, title), out)
    click.echo("wrote " + ", ".join(str(p) for p in written))


COMMANDS = [batch, study, report]
