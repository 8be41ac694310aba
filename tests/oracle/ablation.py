"""Every reduction switched off, one at a time, against the oracle.

A game's ``spec.reductions`` name every reduction, dead-end rule, key
folding, bound refinement and relaxation its searches use;
``spec.rules_array(rules, off=(name,))`` switches one off.  For each game
a pool of positions is drawn (the generators of ``tests/oracle/<game>.py``
under several rule options, ``pools.py``); at each candidate the fast
engine is run with every switch on and with each switch off, which says
where each switch *acts*: switching it off changes the root's moves
(MODE_SOLVE or MODE_OPTIMAL), the lower bound, the node count of the
deciding DFS or of A*, or the relaxation's answer or positions.  A
candidate goes to the oracle when some switch acts there that has not yet
been seen acting on ``QUOTA`` decided positions, so the oracle's time goes
where the switches act.  Then, for
each switch, on every position of the pool:

* (a) the product with everything on agrees with the oracle (verdict, and
  the fewest moves), and so do the deciding DFS, A* and the game's
  relaxation (a relaxed loss must be a real loss);
* (b) where the switch acts, the product with it off agrees with the
  oracle too (verdict, and the fewest moves where the switch serves
  shortest wins), and so do the DFS, A* and the relaxation with it off;
* (c) the floor: it acted on at least so many oracle-decided positions
  (``tests/test_oracle_reductions.py``), so a generator that drifts away
  from where a switch acts fails.

A switch that acts only beside others is measured in a *context*: those
others off on both sides (``CONTEXTS``).
"""
from __future__ import annotations

import dataclasses
import functools
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from oracle import compare as C
from oracle import product
from oracle.search import LOST, TOO_BIG, WON, shortest

MAX_NODES = 200_000
RELAXED_POSITIONS = 20_000  # per relaxed game: a loss it proves is checked, a budget cut claims nothing
QUOTA = 8  # decided positions wanted per switch

# Switches that act only with others off (both sides of the comparison).
CONTEXTS: dict[tuple[str, str], tuple[str, ...]] = {
    ("yukon", "dead_end"): ("pinned",),  # the pinned cards hold every frozen one
    ("yukon", "pinned"): ("twins", "twin_window"),  # the twin tests extend the pinned one
    ("yukon", "twins"): ("twin_window",),  # the window test finds nearly every twin position
}


@dataclass
class Source:
    """A generator and the rule options it draws under (``tries`` candidates at most)."""
    label: str
    rules: dict[str, Any]
    make: Callable[[random.Random, dict], Any]
    key: Callable[[Any], Any]
    tries: int
    limit: int  # the oracle's position limit
    focus: tuple[str, ...] = ()  # if given: only candidates where one of these switches acts


def _focus_acts(game: str, state, rules: dict[str, Any], names: tuple[str, ...]) -> bool:
    """Does one of the switches ``names`` act at ``state`` (``survey`` for them alone)?"""
    sp = product.spec(game)
    for reduction in sp.reductions:
        if reduction.name in names:
            name = reduction.name
            context, sharp = CONTEXTS.get((game, name), ()), sharper(game, name)
            on = runs(game, state, rules, context, sharper=sharp)
            if how_it_acts(on, runs(game, state, rules, context + (name,), sharper=sharp), reduction.questions):
                return True
    return False


@dataclass
class Runs:
    """The fast engine at one position with some switches off."""
    solve_moves: list[int]
    optimal_moves: list[int]
    bound: int
    keys: tuple  # product.keys: state keys, class key, dominated waste counts marked
    dfs: tuple[str, int]  # deciding DFS: (verdict, nodes)
    astar: tuple  # A*: (length, nodes)
    relaxed: tuple | None  # the relaxation: (verdict, positions), None where there is none


def reads_relaxation(game: str, name: str) -> bool:
    """Can switch ``name`` change the game's relaxation?  Baker's Dozen's
    relaxed games (``research/``) read only their own switches; Klondike's
    is the DFS under draw 1 with the same switch word, which reads them all."""
    if game == "bakers-dozen":
        return name.endswith("_relaxation") or name.startswith(("threshold_", "skeleton_"))
    return True


def sharper(game: str, name: str) -> bool:
    """Does switch ``name`` act only in A* with the sharper bound (``--sharper-bound``)?"""
    return game == "bakers-dozen" and name == "sharper_bound"


def runs(game: str, state, rules: dict[str, Any], off: tuple[str, ...], relaxed: tuple | None | str = "run",
         sharper: bool = False) -> Runs:
    """The fast engine at ``state`` with ``off`` switched off; ``relaxed``:
    the relaxation's answer when known (else it is run); ``sharper``: A*
    with the game's sharper bound."""
    if relaxed == "run":
        relaxed = product.relaxed_run(game, state, rules, RELAXED_POSITIONS, off=off)
    return Runs(product.root_move_list(game, state, rules, product.MODE_SOLVE, off),
                product.root_move_list(game, state, rules, product.MODE_OPTIMAL, off),
                product.lower_bound(game, state, rules, off),
                product.keys(game, state, rules, off),
                product.dfs_verdict(game, state, rules, max_nodes=MAX_NODES, off=off),
                product.astar_run(game, state, rules, MAX_NODES, off=off, sharper=sharper), relaxed)


def how_it_acts(on: Runs, off: Runs, questions: str) -> list[str]:
    """What switching a reduction off changed ([] if nothing)."""
    why = []
    if on.solve_moves != off.solve_moves:
        why.append("solve moves")
    if on.optimal_moves != off.optimal_moves:
        why.append("optimal moves")
    if on.bound != off.bound:
        why.append("bound")
    for i, tag in enumerate(("solve key", "optimal key", "class key", "dominance marks")[:len(on.keys)]):
        if on.keys[i] != off.keys[i] and (tag != "class key" or off.keys[i]):  # class key 0: no classes
            why.append(tag)
    if on.dfs[1] != off.dfs[1]:
        why.append("solve nodes")
    if "optimal" in questions and on.astar[1] != off.astar[1]:
        why.append("astar nodes")
    if on.relaxed is not None and off.relaxed is not None:
        if on.relaxed != off.relaxed:
            why.append("relaxation")
    elif (on.relaxed or off.relaxed or ("",))[0] == LOST:  # one side runs no relaxation, the other proves a loss
        why.append("relaxation proves the loss")
    return why


@dataclass
class Pooled:
    """One oracle-decided position: the fast engine with every switch on,
    and per switch how it acts there and the runs with it off."""
    case: C.Case
    on: dict[tuple, Runs]  # by (context, sharper bound): ((), False) is every switch on
    acts: dict[str, list[str]]  # switch name -> how it acts ([]: not here)
    off: dict[str, Runs]


def survey(game: str, state, rules: dict[str, Any]) -> tuple[dict, dict, dict]:
    """How every switch acts at ``state`` (cheap: fast engine only)."""
    sp = product.spec(game)
    on = {((), False): runs(game, state, rules, ())}
    acts, off = {}, {}
    for reduction in sp.reductions:
        name = reduction.name
        context = (CONTEXTS.get((game, name), ()), sharper(game, name))
        if context not in on:
            on[context] = runs(game, state, rules, context[0], sharper=context[1])
        relaxed = "run" if reads_relaxation(game, name) else on[context].relaxed
        off[name] = runs(game, state, rules, context[0] + (name,), relaxed, context[1])
        acts[name] = how_it_acts(on[context], off[name], reduction.questions)
    return on, acts, off


def decide_pool(game: str, sources: list[Source], quota: int = QUOTA) -> list[Pooled]:
    """Draw candidates from every source (seeded like ``compare.sweep``),
    survey each, and decide with the oracle those where a switch short of
    its quota acts."""
    names = [r.name for r in product.spec(game).reductions]
    seen = {name: 0 for name in names}
    out = []
    for src in sources:
        rng = random.Random(f"{C.base_seed()}:ablation {src.label}")
        rules = product.spec(game).complete_rules(src.rules)
        for index in range(src.tries):
            state = src.make(rng, rules)
            if src.focus and not _focus_acts(game, state, rules, src.focus):
                continue
            on, acts, off = survey(game, state, rules)
            if not any(acts[n] and seen[n] < quota for n in names):
                continue
            answer = shortest(state, src.key, src.limit)
            if answer.verdict == TOO_BIG:
                continue
            for n in names:
                seen[n] += bool(acts[n])
            case = C.Case(f"ablation {src.label}", index, state, rules, answer, not on[(), False].solve_moves
                          and not state.is_won())
            out.append(Pooled(case, on, acts, off))
    return out


@functools.cache
def pool(game: str, quota: int = QUOTA, scale: int = 1) -> tuple[Pooled, ...]:
    """The game's pool, decided once per test process (``scale`` times the
    candidates of each source: the wide test)."""
    from oracle import pools
    sources = [dataclasses.replace(src, tries=src.tries * scale) for src in pools.SOURCES[game]()]
    return tuple(decide_pool(game, sources, quota))


@functools.cache
def everything_on(game: str, quota: int = QUOTA, scale: int = 1) -> tuple[str, ...]:
    """(a) for the whole pool: the product, DFS, A* and relaxation with every switch on."""
    errors = []
    for item in pool(game, quota, scale):
        case, answer, on = item.case, item.case.answer, item.on[(), False]
        verdict, length, _ = product.product_verdict(game, case.state, case.rules, optimal=True, max_nodes=MAX_NODES)
        if verdict != answer.verdict or (verdict == WON and length != answer.length):
            errors.append(f"product (every switch on) says {verdict} length {length}; {case.where()}")
        errors += _runs_disagree(on, answer, f"every switch on; {case.where()}")
    return tuple(errors)


def _runs_disagree(r: Runs, answer, where: str) -> list[str]:
    out = []
    if r.dfs[0] != answer.verdict:
        out.append(f"deciding DFS says {r.dfs[0]} ({where})")
    if r.astar[0] != answer.length:
        out.append(f"A* length {r.astar[0]} ({where})")
    if r.relaxed is not None and r.relaxed[0] == LOST and answer.verdict != LOST:
        out.append(f"the relaxation says lost ({where})")
    return out


@dataclass
class Tally:
    game: str
    name: str
    positions: int = 0  # oracle-decided positions looked at
    acted: int = 0  # positions where the switch acts
    why: dict = field(default_factory=dict)  # how it acted: count per reason
    acted_wins: int = 0  # of those, won
    acted_losses: int = 0
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        how = " ".join(f"{k}={v}" for k, v in sorted(self.why.items()))
        return (f"{self.game} {self.name}: acted on {self.acted} of {self.positions} "
                f"({self.acted_wins} won, {self.acted_losses} lost; {how})")


def ablate(game: str, name: str, quota: int = QUOTA, scale: int = 1) -> Tally:
    """(b) and the counts for (c): switch ``name`` off (in its context)
    across the game's pool and compare with the oracle where it acts."""
    sp = product.spec(game)
    reduction = next(r for r in sp.reductions if r.name == name)
    context = CONTEXTS.get((game, name), ())
    tally = Tally(game, name)
    for item in pool(game, quota, scale):
        case, answer = item.case, item.case.answer
        tally.positions += 1
        why = item.acts[name]
        if not why:
            continue
        tally.acted += 1
        tally.acted_wins += answer.verdict == WON
        tally.acted_losses += answer.verdict == LOST
        for w in why:
            tally.why[w] = tally.why.get(w, 0) + 1
        where = f"{name} off (context {context}), acting by {', '.join(why)}; {case.where()}"
        optimal = "optimal" in reduction.questions and answer.verdict == WON
        verdict, length, _ = product.product_verdict(game, case.state, case.rules, optimal=optimal,
                                                     max_nodes=MAX_NODES, off=context + (name,),
                                                     sharper_bound=sharper(game, name))
        if verdict != answer.verdict or (optimal and length != answer.length):
            tally.errors.append(f"product says {verdict} length {length} ({where})")
        tally.errors += _runs_disagree(item.off[name], answer, where)
    print(tally.summary())
    return tally
