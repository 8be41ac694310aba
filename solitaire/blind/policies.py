"""Blind policies behind one interface: observation in, move out, seeded.

A ``Policy`` is a named, parameterised recipe; ``new_player()`` gives the
``Player`` that plays one game (it may remember its own plans, never the
true position: it only ever receives observations).  ``choose(observation,
legal, rng)`` returns one of ``legal`` (the notation moves the rules allow,
which depend only on what is visible) or None to resign; ``rng`` is the
decision's own generator (``solitaire.blind.game`` seeds it from the seed,
the deal and the decision's index).

* ``greedy``: a fixed-priority player, the heuristic an ordinary good player
  follows (each game's list: ``GameBlind.priority`` and docs/blind.md).
* ``hop``: hindsight optimisation over plans (``HopPlayer``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol, Sequence

import numpy as np

from solitaire.blind.games import kit
from solitaire.blind.inner import solve_world
from solitaire.blind.observation import BlindError, Observation, sample
from solitaire.games.base import ReferenceState


class SearchBug(RuntimeError):
    """The inner solver's line is not a win on the reference engine."""


class Player(Protocol):
    stats: Counter

    def choose(self, observation: Observation, legal: Sequence[str], rng: np.random.Generator) -> str | None:
        ...


class Policy:
    """A named policy and its parameters (``params``, all of them, for the play file)."""

    name: str = ""

    def params(self) -> dict[str, Any]:
        return {}

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, **self.params()}

    def new_player(self) -> Player:
        raise NotImplementedError


class GreedyPlayer:
    def __init__(self):
        self.stats: Counter = Counter()

    def choose(self, observation: Observation, legal: Sequence[str], rng: np.random.Generator) -> str | None:
        return kit(observation.game).greedy(observation, legal)


class Greedy(Policy):
    name = "greedy"

    def new_player(self) -> GreedyPlayer:
        return GreedyPlayer()


COMMITS = ("reveal", "irreversible")


@dataclass
class Hop(Policy):
    """Hindsight optimisation over plans (docs/blind.md, "hop").

    ``samples`` worlds per decision; each inner solve may expand
    ``max_nodes`` positions in a ``tt_mb`` MB table; at most ``candidates``
    plans are compared.  ``commit``: where a plan ends: at its first move
    that reveals a card (``reveal``), or also at its first card move that
    cannot be undone (``irreversible``; turning the stock is free).  ``explore``: positions a breadth-first search of the moves
    that reveal nothing may expand to propose more plans (the shortest way
    to each revealing move), beside the solver's; 0: none.  ``minimize``:
    drop the card moves a plan does not need for its reveal."""

    samples: int = 20
    max_nodes: int = 5_000
    tt_mb: float = 16
    candidates: int = 8
    commit: str = "reveal"
    explore: int = 0
    minimize: bool = False
    name = "hop"

    def __post_init__(self):
        for key, low in (("samples", 1), ("max_nodes", 1), ("candidates", 1), ("explore", 0)):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise BlindError(f"hop: {key} must be a whole number from {low}, got {value!r}")
        if not isinstance(self.tt_mb, (int, float)) or not 1 <= self.tt_mb <= 65536:
            raise BlindError(f"hop: tt_mb must be 1..65536, got {self.tt_mb!r}")
        if not isinstance(self.minimize, bool):
            raise BlindError(f"hop: minimize must be true or false, got {self.minimize!r}")
        if self.commit not in COMMITS:
            raise BlindError(f"hop: commit must be one of {', '.join(COMMITS)}, got {self.commit!r}")

    def params(self) -> dict[str, Any]:
        return {"samples": self.samples, "max_nodes": self.max_nodes, "tt_mb": self.tt_mb,
                "candidates": self.candidates, "commit": self.commit, "explore": self.explore,
                "minimize": self.minimize}

    def new_player(self) -> "HopPlayer":
        return HopPlayer(self)


@dataclass
class Plan:
    """Moves to play: none reveals a card but the last (unless ``sure``: a
    win that reveals nothing, so it wins in every world)."""

    moves: tuple[str, ...]
    sure: bool
    origins: list[int] = field(default_factory=list)  # the worlds whose solver line it is
    wins: int = 0


class HopPlayer:
    """Hindsight optimisation over plans.

    A decision samples worlds consistent with the observation and solves
    each thoughtfully from the current position.  Each won world's line,
    cut after its first move that reveals a card, is a *plan*: its moves
    before the last reveal nothing and so are the same moves in every
    world.  Plans reaching the same position and revealing there by the
    same move are one.  Each plan is then played in the other won worlds
    and solved from there; the plan won in most worlds is played, move
    after move, without searching again until its last move has revealed
    its card.  Counting stops for a plan once it can no longer reach the
    best count so far (the choice is the one a full count makes).  Ties go
    to the plan more worlds proposed, then the shorter, then the greedy
    player's priority of its first move.  A plan that reveals nothing wins
    in every world and is played at once.  Worlds not won at the root
    count for no plan (each plan scores 0 there, so they are skipped).

    No search is needed for a single legal move or a safe move (the solver's
    proved safe moves keep a win in every world).  When no world is won,
    the greedy player moves until a card is revealed (nothing new is known
    before, so searching again would find the same).
    """

    def __init__(self, policy: Hop):
        self.policy = policy
        self.plan: list[str] = []
        self.expect: list[Observation] = []  # the observation before each remaining plan move
        self.hopeless: frozenset[int] | None = None
        self.stats: Counter = Counter()
        self.kinds: list[str] = []  # how each move was chosen: planned, forced, safe, searched, fallback

    def choose(self, observation: Observation, legal: Sequence[str], rng: np.random.Generator) -> str | None:
        move, kind = self._choose(observation, legal, rng)
        self.kinds.append(kind)
        if kind != "searched":  # searches are counted by _decide, also those that found no plan
            self.stats[kind] += 1
        return move

    def _choose(self, observation: Observation, legal: Sequence[str],
                rng: np.random.Generator) -> tuple[str | None, str]:
        if self.plan:
            if self.expect[0] == observation and self.plan[0] in legal:
                self.expect.pop(0)
                return self.plan.pop(0), "planned"
            self.plan, self.expect = [], []
        if len(legal) == 1:
            return legal[0], "forced"
        game = kit(observation.game)
        safe = game.safe_moves(observation, legal)
        if safe:
            return safe[0], "safe"
        if self.hopeless == observation.unseen:
            return game.greedy(observation, legal), "fallback"
        plan, world = self._decide(observation, legal, rng)
        if plan is None:
            self.hopeless = observation.unseen
            return game.greedy(observation, legal), "fallback"
        self._adopt(observation, plan, world)
        self.expect.pop(0)
        return self.plan.pop(0), "searched"

    # --- one decision ----------------------------------------------------------
    def _decide(self, observation: Observation, legal: Sequence[str],
                rng: np.random.Generator) -> tuple[Plan | None, ReferenceState | None]:
        self.stats["searched"] += 1
        self._game, self._rules = observation.game, observation.rules_dict()
        n = self.policy.samples if observation.unseen else 1  # nothing hidden: every world is the position
        worlds = [sample(observation, rng) for _ in range(n)]
        plans: dict[Any, Plan] = {}
        won: list[int] = []
        for i, world in enumerate(worlds):
            verdict = self._solve(world)
            if not verdict.won:
                continue
            won.append(i)
            moves, key, sure = self._cut(observation, world, verdict.line())
            if sure:
                return Plan(moves, True, [i]), world
            if self.policy.minimize:
                moves, key = self._minimize(observation, world, moves, key)
            plans.setdefault(key, Plan(moves, False)).origins.append(i)
        if not plans:
            return None, None
        if self.policy.explore:
            for key, moves in self._explore(observation, worlds[won[0]]).items():
                plans.setdefault(key, Plan(moves, False))
        game = kit(observation.game)

        def order(p: Plan) -> tuple:
            return (-p.wins, -len(p.origins), len(p.moves), game.priority(observation, p.moves[0]) or (99,))

        live = list(plans.values())
        for p in live:
            p.wins = len(p.origins)
        live = sorted(live, key=order)[:self.policy.candidates + (self.policy.candidates if self.policy.explore else 0)]
        for at, j in enumerate(won):
            if len(live) == 1:
                break
            for p in live:
                if j not in p.origins and self._wins_after(worlds[j], p.moves):
                    p.wins += 1
            later = won[at + 1:]
            best = max(p.wins for p in live)
            live = [p for p in live if p.wins + sum(1 for k in later if k not in p.origins) >= best]
        best = min(live, key=order)
        return best, worlds[best.origins[0] if best.origins else won[0]]

    def _explore(self, observation: Observation, world: ReferenceState) -> dict[Any, tuple[str, ...]]:
        """Plans found by a breadth-first search of the moves that reveal
        nothing (at most ``explore`` positions expanded): the shortest way
        to each revealing move, keyed as ``_cut`` keys them."""
        from collections import deque

        game, hidden, seen, rules = kit(observation.game), observation.hidden, observation.seen, self._rules
        found: dict[Any, tuple[str, ...]] = {}
        by_move: set[str] = set()
        queue = deque([(world.copy(), observation, ())])
        visited = {observation.progress_key()}
        expanded = 0
        while queue and expanded < self.policy.explore:
            state, view, path = queue.popleft()
            expanded += 1
            for move in state.legal_moves():
                after = state.copy()
                after.play(move)
                if game.visible(after, hidden) & observation.unseen:
                    if move not in by_move:  # the shortest way to each revealing move
                        by_move.add(move)
                        found[(view, move)] = path + (move,)
                    continue
                if after.is_won():
                    continue
                seen_view = game.observe(after, seen, hidden, rules)
                key = seen_view.progress_key()
                if key not in visited:
                    visited.add(key)
                    queue.append((after, seen_view, path + (move,)))
        return found

    def _minimize(self, observation: Observation, world: ReferenceState, moves: tuple[str, ...],
                  key: Any) -> tuple[tuple[str, ...], Any]:
        """``moves`` (a plan) without the card moves it does not need: each
        card move before the revealing one is dropped, from the last back,
        when the rest is still legal, still reveals nothing before its last
        move, and that move still reveals.  Plans that differ only in moves
        made on the way then become one, and a plan commits to less."""
        from solitaire.games.base import IllegalMove
        from solitaire.notation import DRAW, REDEAL

        game, hidden, unseen = kit(observation.game), observation.hidden, observation.unseen

        def replay(trial: list[str]):
            state = world.copy()
            for k, move in enumerate(trial):
                before = state.copy() if k == len(trial) - 1 else None
                try:
                    state.play(move)
                except IllegalMove:
                    return None
                if bool(game.visible(state, hidden) & unseen) != (k == len(trial) - 1):
                    return None
            return before

        core = list(moves)
        changed = False
        for i in range(len(core) - 2, -1, -1):
            if core[i] in (DRAW, REDEAL):
                continue
            trial = core[:i] + core[i + 1:]
            before = replay(trial)
            if before is not None:
                core, changed, last_before = trial, True, before
        if not changed:
            return moves, key
        view = game.observe(last_before, observation.seen, hidden, observation.rules_dict())
        return tuple(core), (view, core[-1])

    def _solve(self, world: ReferenceState):
        verdict = solve_world(self._game, world, self._rules, self.policy.max_nodes, self.policy.tt_mb)
        self.stats["solves"] += 1
        self.stats["nodes"] += verdict.nodes
        return verdict

    def _wins_after(self, world: ReferenceState, moves: Sequence[str]) -> bool:
        state = world.copy()
        for move in moves:
            state.play(move)
        return state.is_won() or self._solve(state).won

    def _cut(self, observation: Observation, world: ReferenceState, line: Iterable[str]) -> tuple[tuple, Any, bool]:
        """The plan of a winning ``line`` in ``world``: up to its first move
        that reveals a card; its key (the observation before that move, and
        the move); whether it wins revealing nothing.  The line is replayed
        on the reference engine as far as it is used."""
        game = kit(observation.game)
        state, moves = world.copy(), []
        seen, rules, hidden = observation.seen, self._rules, observation.hidden
        for move in line:
            before = state.copy()
            state.play(move)
            moves.append(move)
            if game.visible(state, hidden) & observation.unseen or (
                    self.policy.commit == "irreversible" and not state.is_won()
                    and not game.undoable(before, move, state, seen, hidden, rules, stock_free=True)):
                key = (game.observe(before, seen, hidden, rules), move)
                return tuple(moves), key, False
        if not state.is_won():
            raise SearchBug(f"the inner solver's win does not win: {' '.join(moves)}")
        return tuple(moves), None, True

    def _adopt(self, observation: Observation, plan: Plan, world: ReferenceState) -> None:
        """Follow ``plan`` (found in ``world``): its moves, and the observation expected before each."""
        game = kit(observation.game)
        state, seen, rules = world.copy(), observation.seen, observation.rules_dict()
        self.plan, self.expect = list(plan.moves), [observation]
        for move in plan.moves[:-1]:
            state.play(move)
            self.expect.append(game.observe(state, seen, observation.hidden, rules))


POLICIES = {"greedy": Greedy, "hop": Hop}


def make_policy(name: str | Policy, **params: Any) -> Policy:
    """A policy by name with its parameters (``samples=20``, ...); a BlindError names what is wrong."""
    if isinstance(name, Policy):
        if params:
            raise BlindError("give a policy's parameters either to it or here, not both")
        return name
    if name not in POLICIES:
        raise BlindError(f"unknown policy {name!r} (policies: {', '.join(POLICIES)})")
    cls = POLICIES[name]
    known = cls().params() if name != "hop" else Hop().params()
    unknown = set(params) - set(known)
    if unknown:
        raise BlindError(f"policy {name} has no parameter {', '.join(sorted(unknown))}"
                         + (f" (parameters: {', '.join(known)})" if known else " (it takes none)"))
    return cls(**params)
