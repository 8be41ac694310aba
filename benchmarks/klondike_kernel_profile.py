"""Where a Klondike DFS node's time goes: each kernel timed on real positions.

Positions are collected from plain MODE_SOLVE DFS searches (every expanded
node of the first ``--per-deal`` nodes of each deal), then each kernel is
run over all of them in an njit loop and timed in CPU seconds.

    python benchmarks/klondike_kernel_profile.py --deals 1-20 --setting d3-unlimited-f2t
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import speed  # benchmarks/speed.py, this script's neighbour
from numba import njit

from solitaire.deal_ranges import parse_deal_range
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.klondike import kernel as KL
from solitaire.games.klondike.kernel.never_moves import never_moves
from solitaire.jit import modes
from solitaire.jit.table import probe_insert
from solitaire.rules import parse_rules
from solitaire.search import dfs as engine
from solitaire.search.tt import Table

SETTINGS = speed.SETTINGS["klondike"]


def collect(rules: dict, numbers: list[int], per_deal: int) -> tuple[np.ndarray, np.ndarray]:
    spec = get_game("klondike")
    rules = parse_rules(spec, rules)
    rules_arr = spec.rules_array(rules)
    table = Table(64)
    out = []
    for n in numbers:
        deal = make_deal("klondike", n)
        root = spec.encode(spec.new_reference(deal.layout, rules), rules)
        stack = engine.SearchStack(len(root), spec.max_depth, spec.max_moves)
        stack.reset(root, per_deal, -1, spec.search.class_folding)
        stamp = np.uint32(table.new_search())
        status = engine.RUNNING
        while status == engine.RUNNING:
            status = stack.step(spec.handle, rules_arr, modes.MODE_SOLVE, False, table, stamp, 1)
            out.append(stack.states[stack.ctl[engine.DEPTH]].copy())
    return np.array(out), rules_arr


@njit
def t_gen(states, rules, buf):
    total = 0
    for i in range(states.shape[0]):
        total += KL.gen_moves(states[i], rules, buf, modes.MODE_SOLVE)
    return total


@njit
def t_dead(states, rules, buf):
    total = 0
    for i in range(states.shape[0]):
        total += KL.dead_end(states[i], rules, buf)
    return total


@njit
def t_never(states, rules):
    total = 0
    for i in range(states.shape[0]):
        total += never_moves(states[i], rules)
    return total


@njit
def t_loc_only(states, rules, buf):
    total = 0
    for i in range(states.shape[0]):
        buf[:] = -1
        s = states[i]
        for p in range(KL.PILES):
            for j in range(KL.pile_len(s, p)):
                buf[KL.pile_card(s, p, j)] = p * 32 + j
        total += buf[0]
    return total


@njit
def t_key(states, rules):
    total = np.uint64(0)
    for i in range(states.shape[0]):
        total ^= KL.state_key(states[i], rules, modes.MODE_SOLVE)
    return total


@njit
def t_probe(states, rules, keys, vals, stamps):
    total = 0
    for i in range(states.shape[0]):
        total += probe_insert(keys, vals, stamps, np.uint32(1), KL.state_key(states[i], rules, modes.MODE_SOLVE), 0)
    return total


@njit
def t_mark(states, rules, keys, vals, stamps):
    for i in range(states.shape[0]):
        KL.mark_dominated(states[i], rules, modes.MODE_SOLVE, keys, vals, stamps, np.uint32(2), np.int32(0))
    return 0


@njit
def t_apply(states, rules, buf, child):
    total = 0
    for i in range(states.shape[0]):
        n = KL.gen_moves(states[i], rules, buf, modes.MODE_SOLVE)
        for m in range(min(n, 512)):
            KL.apply_move(states[i], rules, buf[m], child)
            total += child[0]
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", default="1-20")
    parser.add_argument("--setting", default="d3-unlimited-f2t")
    parser.add_argument("--per-deal", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    states, rules = collect(SETTINGS[args.setting], parse_deal_range(args.deals), args.per_deal)
    n = states.shape[0]
    buf = np.zeros(512 + KL.SCRATCH, np.int32)
    child = np.zeros(KL.STATE_LEN, np.uint8)
    table = Table(256)
    print(f"{args.setting}: {n} positions")
    jobs = {
        "gen_moves (all)": lambda: t_gen(states, rules, buf),
        "gen + apply each move": lambda: t_apply(states, rules, buf, child),
        "dead_end (A, B, M)": lambda: t_dead(states, rules, buf),
        "never_moves (M)": lambda: t_never(states, rules),
        "loc fill only": lambda: t_loc_only(states, rules, buf),
        "state_key": lambda: t_key(states, rules),
        "state_key + probe_insert": lambda: t_probe(states, rules, table.keys, table.vals, table.stamps),
        "mark_dominated": lambda: t_mark(states, rules, table.keys, table.vals, table.stamps),
    }
    for name, job in jobs.items():
        job()  # compile
        best = 1e9
        for _ in range(args.repeat):
            t0 = time.process_time()
            job()
            best = min(best, time.process_time() - t0)
        print(f"  {name:28s} {best / n * 1e9:8.0f} ns/position", flush=True)


if __name__ == "__main__":
    main()
