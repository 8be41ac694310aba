"""The public API: what ``import solitaire as sol`` offers.

>>> import solitaire as sol
>>> sol.game_names()
['klondike', 'pyramid', 'yukon', 'bakers-dozen']
>>> d = sol.deal("klondike", 24)                  # PySolFC game 24
>>> r = sol.solve(d, draw=3)                      # rule options as keywords
>>> r.verdict, len(r.moves), r.moves[:3]
('solved', 107, ['AC>f', '6S>t5', '7D>t4'])
>>> positions = list(sol.replay(r))               # the deal, then the position after each move
>>> len(positions), positions[-1].is_won()
(108, True)

Every function validates its arguments and raises one of the errors in
``solitaire.errors`` with a message that says what is wrong.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

from solitaire import render
from solitaire.deals import Deal
from solitaire.games.base import GameSpec, ReferenceState
from solitaire.solution import SolveResult


def _position_svg(state: ReferenceState) -> str | None:
    try:
        return render.position_svg(state)
    except render.UnknownPicture:
        return None  # a state no game draws: Jupyter shows its text


# Jupyter draws deals and positions as cards, the way python-chess draws its
# boards.  The hooks are attached here, above the games and the pictures
# they need, so that the value objects import nothing above them.
Deal._repr_svg_ = render.deal_svg
ReferenceState._repr_svg_ = _position_svg


def game_names() -> list[str]:
    """The game names, as the command line spells them."""
    from solitaire.games import game_names

    return game_names()


def game(name: str) -> GameSpec:
    """A game's description: ``name``, ``title``, rule ``options`` (each with
    its help), ``presets``, ``search_options``, and ``complete_rules(given)``,
    which fills in the defaults.

    >>> import solitaire as sol
    >>> sol.game("klondike").complete_rules({"draw": 3})
    {'draw': 3, 'passes': 3, 'foundation_to_tableau': False}
    """
    from solitaire.games import get_game

    return get_game(name)


def deal(game: str | None, number: int | None = None, *, file: str | Path | None = None) -> Deal:
    """Deal ``number`` of ``game`` (a PySolFC game number: open it there to
    play it), or the deal in a deal file (or solution or play file).

    >>> import solitaire as sol
    >>> sol.deal("klondike", 24).layout.tableau[0]      # pile 1: one card
    [4]
    """
    from solitaire.dealing import make_deal, read_deal_file

    from solitaire.deals import DealError
    from solitaire.games import get_game

    if file is not None:
        found = read_deal_file(file)
        if game is not None and get_game(game).name != found.game:
            raise DealError(f"deal file {file} holds a {found.game} deal, not {game}")
        return found
    if number is None:
        raise DealError("give a deal number, or file=")
    return make_deal(game, number)


def solve(deal: Deal, *, optimal: bool = False, max_nodes: int | None = None, timeout: float | None = None,
          tt_mb: float | None = None, sharper_bound: bool = False, search_options: tuple[str, ...] = (),
          progress: Callable[[dict], None] | None = None, **rules: Any) -> SolveResult:
    """Decide a deal under ``rules`` (the game's rule options as keywords,
    e.g. ``draw=3, passes="unlimited"``; missing ones take their defaults).

    The result's ``verdict`` is ``solved`` (``moves`` replayed on the
    reference engine), ``unsolvable`` (the whole space searched) or
    ``unknown`` (a budget ran out: ``reason`` says which).  Budgets: at most
    ``max_nodes`` positions expanded (deterministic), ``timeout`` seconds,
    a transposition table of ``tt_mb`` MB; left out, the defaults, which
    are larger with ``optimal=True`` (find the fewest moves and prove it:
    ``result.optimal``, else ``result.lower_bound``).
    """
    from solitaire import solver

    return solver.solve(deal, rules, max_nodes=max_nodes, timeout=timeout, tt_mb=tt_mb, optimal=optimal,
                         sharper_bound=sharper_bound, search_options=tuple(search_options), progress=progress)


def solve_position(game: str, position: ReferenceState, *, optimal: bool = False, max_nodes: int | None = None,
                   timeout: float | None = None, tt_mb: float | None = None, **rules: Any) -> SolveResult:
    """``solve`` from any position of the reference engine (e.g. one of
    ``replay``'s), under ``rules``; the moves start at that position."""
    from solitaire import solver

    return solver.solve_position(game, position, rules, max_nodes=max_nodes, timeout=timeout, tt_mb=tt_mb,
                                  optimal=optimal)


def play(deal: Deal, *, policy: str = "hop", hidden: str = "tableau+stock", seed: int = 0,
         samples: int | None = None, max_nodes: int | None = None, tt_mb: float | None = None,
         candidates: int | None = None, **rules: Any):
    """Play ``deal`` blind under ``rules``: a player who sees only what a
    player at the table sees (``hidden``: ``"tableau+stock"`` or
    ``"tableau"``) chooses every move with ``policy`` (``"hop"`` or
    ``"greedy"``); the game turns cards up.  ``hop`` samples ``samples``
    worlds per searched decision and solves each with at most ``max_nodes``
    positions in a ``tt_mb`` MB table, comparing at most ``candidates``
    plans.  The same deal, rules, policy and seed give the same game.

    The result has ``result`` (``"won"`` or ``"lost"``, as played),
    ``moves``, ``ended_by``, ``stats``, ``to_json()`` (the play file) and
    ``summary()``; ``replay(result)`` gives its positions.
    """
    from solitaire.blind.game import play_game

    params = {key: value for key, value in (("samples", samples), ("max_nodes", max_nodes), ("tt_mb", tt_mb),
                                             ("candidates", candidates)) if value is not None}
    return play_game(deal, rules, policy, hidden=hidden, seed=seed, **params)


def replay(solution: SolveResult | str | Path) -> Iterator[ReferenceState]:
    """The positions of a solve result, a blind game (``play``) or a
    solution or play file, on the reference engine: the start, then the
    position after each move (every move is checked; an illegal one raises
    ``ReplayError``).  Each has ``render()``."""
    from solitaire.replaying import replay_from

    start, moves = _start_and_moves(solution)
    yield start.copy()
    positions: list[ReferenceState] = []
    replay_from(start, moves, lambda i, move, state: positions.append(state.copy()))
    yield from positions


def _start_and_moves(solution: SolveResult | str | Path) -> tuple[ReferenceState, list[str]]:
    if isinstance(solution, SolveResult) or hasattr(solution, "start_position"):  # a SolveResult or a PlayResult
        return solution.start_position(), list(solution.moves)
    from solitaire.games import get_game
    from solitaire.rules import parse_rules
    from solitaire.solution import read_solution_file

    data = read_solution_file(solution)
    spec = get_game(data["deal"].game)
    return spec.new_reference(data["deal"].layout, parse_rules(spec, data["rules"])), data["moves"]


def batch(game: str, deals: str, *, out: str | Path | None = None, workers: int | None = None,
          scheduler: str | None = None,
          max_nodes: int | None = None, timeout: float | None = None, tt_mb: float | None = None,
          escalate: list[dict] | tuple = (), progress: bool = False, **rules: Any):
    """Solve a range of deals (``"1-500"``, ``"1-100,200-300"``) and return one
    row per deal as a pandas DataFrame (deal, verdict, moves, nodes, seconds,
    reason, ...).  With ``out`` the rows are kept in that run directory, and
    calling again resumes (only deals not yet there are solved); without it
    they go to a temporary one.  ``workers`` processes on this machine, or a
    Dask ``scheduler`` address; ``escalate``: larger budgets for the deals
    left unknown (``[{"max_nodes": 20_000_000, "tt_mb": 1024}]``).  ``workers``
    defaults to 1.
    """
    import tempfile

    from solitaire.studies.backends import make_backend
    from solitaire.search.config import DEFAULT_BATCH_TT_MB
    from solitaire.studies.batch import run_batch
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.runconfig import RunConfig

    config = RunConfig.make(game, rules, max_nodes, timeout, DEFAULT_BATCH_TT_MB if tt_mb is None else tt_mb,
                            list(escalate))
    deal_set = DealSet.parse(deals)
    with tempfile.TemporaryDirectory(prefix="solitaire-batch-") as scratch:
        run_dir = Path(out) if out is not None else Path(scratch) / "run"
        backend = make_backend(workers, scheduler)
        try:
            run_batch(run_dir, config, deal_set, backend, progress=progress)
        finally:
            backend.close()
        rows = load_run(run_dir)
    return rows[deal_set.mask(rows["deal"].to_numpy())].reset_index(drop=True)


def load_run(run_dir: str | Path):
    """The rows of a run directory (``solitaire batch --out``, a study's
    settings): one per deal, as a pandas DataFrame."""
    import json

    from solitaire.studies.runconfig import load_run_config
    from solitaire.studies.store import read_rows

    config, _ = load_run_config(Path(run_dir))
    return read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True))


def study(experiment: str | Path, *, runs: str | Path = "runs", out: str | Path | None = None,
          deals: str | None = None, workers: int | None = None, progress: bool = False) -> list[Path]:
    """Run a declared study (a TOML file, see docs/studies.md): every setting
    as a resumable run directory under ``runs``, then the report (tables and
    charts) in ``out`` (default ``results/<study name>``).  Returns the files
    written."""
    from solitaire.studies.backends import make_backend
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.experiment import load_study, run_study

    the_study = load_study(experiment)
    if deals:
        the_study.overrides["deals"] = deals
        the_study.deals = DealSet.parse(deals)
    backend = make_backend(workers, None, default_workers=the_study.workers)
    try:
        return run_study(the_study, runs, out or Path("results") / the_study.name, backend, progress=progress,
                         echo=lambda text: None)
    finally:
        backend.close()
