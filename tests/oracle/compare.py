"""The comparison loop every oracle test runs: draw positions, decide each
with the oracle, compare with the product, count what was seen.

Seeds: each sweep draws from ``random.Random(f"{base}:{label}")`` where
``base`` is ``ORACLE_SEED`` from the environment (default 0, so CI is
repeatable) and every failure message names both, with the position, so a
failure can be replayed alone (``replay_case``).
"""
from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from oracle import product
from oracle.search import LOST, TOO_BIG, WON, Answer, shortest

MIN_LOSS_POSITIONS = 20  # a loss the oracle decides in fewer positions is "trivial"
MIN_WIN_LENGTH = 3  # a win in fewer moves is "trivial"


def base_seed() -> str:
    return os.environ.get("ORACLE_SEED", "0")


@dataclass
class Case:
    label: str  # the sweep's label (game and rules)
    index: int  # draw number within the sweep
    state: Any
    rules: dict[str, Any]  # complete
    answer: Answer
    root_dead: bool

    @property
    def hard_loss(self) -> bool:
        """Lost, not rejected by the product's root dead-end rules, and the
        oracle needed more than a handful of positions."""
        return self.answer.verdict == LOST and not self.root_dead and self.answer.positions >= MIN_LOSS_POSITIONS

    @property
    def dead_loss(self) -> bool:
        """Lost, rejected by a product root dead-end rule, and the oracle
        needed more than a handful of positions: the rule acted where it
        had something to prove (its false rejections would show as wins)."""
        return self.answer.verdict == LOST and self.root_dead and self.answer.positions >= MIN_LOSS_POSITIONS

    @property
    def real_win(self) -> bool:
        return self.answer.verdict == WON and self.answer.length >= MIN_WIN_LENGTH

    def where(self) -> str:
        return (f"ORACLE_SEED={base_seed()} sweep {self.label!r} draw {self.index}: oracle "
                f"{self.answer.verdict} (length {self.answer.length}, {self.answer.positions} positions), "
                f"root dead {self.root_dead}\n{self.state.render()}")


@dataclass
class Sweep:
    label: str
    cases: list[Case] = field(default_factory=list)
    too_big: int = 0
    counts: Counter = field(default_factory=Counter)  # named counters a check may raise
    errors: list[str] = field(default_factory=list)

    @property
    def hard_losses(self) -> int:
        return sum(c.hard_loss for c in self.cases)

    @property
    def dead_losses(self) -> int:
        return sum(c.dead_loss for c in self.cases)

    @property
    def wins(self) -> int:
        return sum(c.real_win for c in self.cases)

    def summary(self) -> str:
        extra = " ".join(f"{k}={v}" for k, v in sorted(self.counts.items()))
        return (f"{self.label}: {len(self.cases)} decided ({self.hard_losses} hard losses, {self.dead_losses} "
                f"losses rejected at the root, {self.wins} wins), "
                f"{self.too_big} too big {extra}")

    def check_floors(self, losses: int, wins: int, dead: int = 0, **counts: int) -> None:
        """Fail if the sweep saw fewer hard losses, wins or counted events
        than the floors (the generator drifted to easy cases)."""
        assert not self.errors, "\n\n".join(self.errors[:5])
        assert self.hard_losses >= losses, f"too few hard losses: {self.summary()}"
        assert self.wins >= wins, f"too few wins: {self.summary()}"
        assert self.dead_losses >= dead, f"too few losses rejected at the root: {self.summary()}"
        for name, floor in counts.items():
            assert self.counts[name] >= floor, f"too few {name}: {self.summary()}"


Check = Callable[[Case, Sweep], None]


def sweep(game: str, label: str, rules: dict[str, Any], make: Callable[[random.Random, dict], Any],
          key: Callable[[Any], Any], checks: list[Check], *, draws: int, limit: int = 20_000,
          want: tuple[int, int] | None = None) -> Sweep:
    """Draw up to ``draws`` positions with ``make(rng, rules)`` (stop early
    once ``want`` = (hard losses, wins) are seen), decide each with the
    oracle (breadth-first, ``limit`` positions), and run every check on
    those it decides.  Checks append to ``errors`` instead of raising, so
    one run reports every disagreement."""
    rng = random.Random(f"{base_seed()}:{label}")
    rules = product.spec(game).complete_rules(rules)
    out = Sweep(label)
    for index in range(draws):
        state = make(rng, rules)
        answer = shortest(state, key, limit)
        if answer.verdict == TOO_BIG:
            out.too_big += 1
            continue
        case = Case(label, index, state, rules, answer, product.root_dead(game, state, rules))
        out.cases.append(case)
        for check in checks:
            check(case, out)
        if want is not None and out.hard_losses >= want[0] and out.wins >= want[1]:
            break
    print(out.summary())
    return out


def replay_case(game: str, label: str, rules: dict[str, Any], make, index: int):
    """The position of draw ``index`` of a sweep (to debug one failure)."""
    rng = random.Random(f"{base_seed()}:{label}")
    for _ in range(index):
        make(rng, rules)
    return make(rng, rules)


# --- checks ---------------------------------------------------------------------------------
def full_product(game: str, max_nodes: int = 300_000) -> Check:
    """The product with every phase on, asked for the shortest win: the
    same verdict and, for a win, the same length (proved optimal)."""
    def check(case: Case, sw: Sweep) -> None:
        verdict, length, _ = product.product_verdict(game, case.state, case.rules, optimal=True,
                                                      max_nodes=max_nodes)
        if verdict != case.answer.verdict or (verdict == WON and length != case.answer.length):
            sw.errors.append(f"product (all phases) says {verdict} length {length}; {case.where()}")
        elif verdict == LOST and case.hard_loss:
            sw.counts["product_hard_losses"] += 1
    return check


def dfs_modes(game: str, max_nodes: int = 300_000) -> Check:
    """The deciding DFS alone (MODE_SOLVE: every reduction, dead end and
    folding) and the every-move DFS (MODE_ALL): both agree with the oracle."""
    def check(case: Case, sw: Sweep) -> None:
        for mode, name in ((product.MODE_SOLVE, "MODE_SOLVE"), (product.MODE_ALL, "MODE_ALL")):
            verdict, nodes = product.dfs_verdict(game, case.state, case.rules, mode, max_nodes)
            if verdict != case.answer.verdict:
                sw.errors.append(f"{name} DFS says {verdict} ({nodes} nodes); {case.where()}")
            elif mode == product.MODE_SOLVE and verdict == LOST and nodes > 1 and case.hard_loss:
                sw.counts["dfs_searched_losses"] += 1
    return check


def weighted(game: str, max_nodes: int = 300_000) -> Check:
    """Weighted A* proves a loss by running out of positions: never a won one."""
    def check(case: Case, sw: Sweep) -> None:
        verdict = product.weighted_verdict(game, case.state, case.rules, max_nodes)
        if verdict != case.answer.verdict:
            sw.errors.append(f"weighted A* says {verdict}; {case.where()}")
        elif verdict == LOST and case.hard_loss:
            sw.counts["weighted_losses"] += 1
    return check


def relaxation(game: str, max_positions: int = 300_000) -> Check:
    """The game's relaxation: a loss it proves is a loss of the oracle."""
    def check(case: Case, sw: Sweep) -> None:
        verdict, name = product.relaxation_verdict(game, case.state, case.rules, max_positions)
        if verdict == LOST:
            if case.answer.verdict != LOST:
                sw.errors.append(f"relaxation {name!r} says lost; {case.where()}")
            elif case.hard_loss:
                sw.counts["relaxation_losses"] += 1
    return check


def optimal_lengths(game: str, max_nodes: int = 300_000, ida: bool = True) -> Check:
    """A* (and IDA*) in MODE_OPTIMAL: the oracle's fewest moves; the lower bound never above it."""
    def check(case: Case, sw: Sweep) -> None:
        want = case.answer.length  # None when lost
        got = product.astar_length(game, case.state, case.rules, max_nodes)
        if got != want:
            sw.errors.append(f"A* length {got}; {case.where()}")
        if ida:
            got = product.ida_length(game, case.state, case.rules, max_nodes)
            if got != want:
                sw.errors.append(f"IDA* length {got}; {case.where()}")
        if want is not None:
            bound = product.lower_bound(game, case.state, case.rules)
            if bound > want:
                sw.errors.append(f"lower bound {bound} above the fewest moves; {case.where()}")
            if want >= MIN_WIN_LENGTH:
                sw.counts["lengths_compared"] += 1
    return check


def bakers_relaxations(max_positions: int = 300_000) -> Check:
    """Baker's Dozen's relaxed games each on its own (kings=bottom: the
    threshold game at ranks 5-8, the seatless game at ranks 1, 3, 5 and the
    ladder; kings=free: the skeleton game): a loss any of them proves is a
    loss of the oracle.  Counted where it acts: a hard loss (not rejected
    by the root dead-end checks ``is_dead_end`` / ``is_seat_deadlock``)
    that the relaxation proves."""
    def check(case: Case, sw: Sweep) -> None:
        if case.rules["kings"] == "bottom":
            games = [("threshold", k) for k in (5, 6, 7, 8)] + [("seatless", k) for k in (1, 3, 5)]
            games.append(("ladder", 0))
        else:
            games = [("skeleton", 0)]
        dead = product.bakers_root_dead(case.state, case.rules)
        for kind, rank in games:
            verdict = product.bakers_relaxed(kind, case.state, case.rules, rank, max_positions)
            if verdict == LOST and case.answer.verdict != LOST:
                sw.errors.append(f"{kind} relaxation at rank {rank} says lost; {case.where()}")
            elif verdict == LOST and case.answer.positions >= MIN_LOSS_POSITIONS and not dead:
                sw.counts[f"{kind}_acts"] += 1
            elif verdict == WON and case.answer.verdict == LOST and not dead:
                sw.counts[f"{kind}_won_real_lost"] += 1  # a relaxed win of a real loss: no claim, counted
    return check
