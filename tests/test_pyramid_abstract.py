"""The pyramid game (kernel/abstraction.py): the kernel's solver of the pyramid game
against a brute force written here from the definition, and search verdicts
with it and without it, on small positions (against breadth-first search on
the reference engine) and on real deals."""
import random

import pytest

from solitaire import cards
from solitaire.dealing import make_deal
from solitaire.games.pyramid import kernel as K
from solitaire.games.pyramid.kernel import state as KS
from solitaire.games.pyramid.kernel.abstraction import _abstract_lost
from solitaire.games.pyramid import layout as geo
from solitaire.rules import parse_rules
from solitaire.jit.modes import MODE_SOLVE
from engine_runs import position_verdict

from test_pyramid_helpers import SPEC, all_but, bfs_optimal, fast_moves, ida_star, rules_arr, small_position


def pyramid_game_won(pyramid, pool, pair_covering):
    """Brute force of the pyramid game straight from its definition: ``pyramid``
    28 cards or None, ``pool`` outside cards per rank (index 1..13)."""
    ranks = tuple(None if c is None else cards.rank(c) for c in pyramid)
    lost = set()

    def present(m, i):
        return m >> i & 1

    def exposed(m, i):
        return present(m, i) and not any(present(m, j) for j in geo.coverers(i))

    def won(m, pool):
        if m == 0:
            return True
        if (m, pool) in lost:
            return False
        children = []
        for i in range(28):
            if not exposed(m, i):
                continue
            if ranks[i] == 13:
                children.append((m & ~(1 << i), pool))
                continue
            s = 13 - ranks[i]
            if pool[s] > 0:
                children.append((m & ~(1 << i), pool[:s] + (pool[s] - 1,) + pool[s + 1:]))
            for j in range(i + 1, 28):
                if exposed(m, j) and ranks[i] + ranks[j] == 13:
                    children.append((m & ~(1 << i) & ~(1 << j), pool))
            if pair_covering:  # i with the one exposed card still lying on it
                for k in range(28):
                    left = [j for j in geo.coverers(k) if present(m, j)]
                    if left == [i] and present(m, k) and ranks[k] + ranks[i] == 13:
                        children.append((m & ~(1 << i) & ~(1 << k), pool))
        if any(won(*c) for c in children):
            return True
        lost.add((m, pool))
        return False

    start = sum(1 << i for i in range(28) if ranks[i] is not None)
    return won(start, tuple(pool))


def kernel_pyramid_game_lost(ref, rules, budget=10**6):
    """The kernel's answer, with the pool = every stock and waste card (no dead waste left out)."""
    root = SPEC.encode(ref, rules)
    arr = rules_arr(rules)
    pyr = int(KS._get(root, KS.PYR, 4))
    return bool(_abstract_lost(root, arr, pyr, KS._get(root, KS.PCOUNT, 8), KS._get(root, KS.SCOUNT, 8), budget))


def pool_of(ref):
    pool = [0] * 14
    for c in ref.stock + [c for pile in ref.waste for c in pile]:
        pool[cards.rank(c)] += 1
    return pool


@pytest.mark.parametrize("given", [{}, {"pair_covering": True}])
def test_pyramid_game_solver_matches_brute_force(given):
    """Random middle-game pyramids with a random pool, and whole deals."""
    rules = parse_rules(SPEC, given)
    rng = random.Random(7)
    lost = 0
    for seed in range(60):
        ref = small_position(seed, rules, keep_pyramid=rng.randint(6, 14), keep_other=rng.randint(0, 6))
        expect = not pyramid_game_won(ref.pyramid, pool_of(ref), rules["pair_covering"])
        assert kernel_pyramid_game_lost(ref, rules) == expect, seed
        lost += expect
    for number in range(1, 21):
        ref = SPEC.new_reference(make_deal("pyramid", number).layout, rules)
        expect = not pyramid_game_won(ref.pyramid, pool_of(ref), rules["pair_covering"])
        assert kernel_pyramid_game_lost(ref, rules) == expect, number
        lost += expect
    assert 5 < lost < 70  # both answers occur


def test_a_spent_budget_never_says_lost():
    """A small budget may only give up: "lost" with it is "lost" without it."""
    rules = parse_rules(SPEC, {})
    gave_up = 0
    for number in range(1, 41):
        ref = SPEC.new_reference(make_deal("pyramid", number).layout, rules)
        full = kernel_pyramid_game_lost(ref, rules)
        for budget in (1, 10, 100):
            short = kernel_pyramid_game_lost(ref, rules, budget=budget)
            assert full or not short, (number, budget)
            gave_up += full and not short
    assert gave_up > 0


SMALL_RULES = [{}, {"preset": "microsoft"}, {"draw": 3}, {"draw": 3, "stock_top_playable": True},
               {"passes": "unlimited", "pair_covering": True}, {"passes": 2, "pair_covering": True}]


@pytest.mark.parametrize("given", SMALL_RULES)
def test_verdicts_and_lengths_with_and_without_the_pyramid_game_match_breadth_first_search(given):
    """Larger end games than test_pyramid_solve's, where the pyramid's order
    matters; the pyramid game at every position, with a small and a large budget."""
    rules = parse_rules(SPEC, given)
    fired = lost = 0
    for seed in range(40):
        ref = small_position(500 + seed, rules, keep_pyramid=5, keep_other=6)
        best = bfs_optimal(ref)
        root = SPEC.encode(ref, rules)
        lost += best is None
        for off in (all_but("pyramid_game"), (), ("pyramid_game",)):
            for budget in (3, 1000):
                arr = rules_arr(rules, off, abstract_budget=budget)
                verdict = position_verdict(SPEC, root, arr, MODE_SOLVE)
                assert verdict == ("unsolvable" if best is None else "solved"), (seed, off, budget)
        arr = rules_arr(rules, all_but("pyramid_game"))
        if best is None and not fast_moves(root, arr, MODE_SOLVE):
            fired += 1  # the pyramid game itself proves this position lost
        if seed % 4 == 0:
            length, _ = ida_star(root, arr)
            assert length == best, seed
    assert lost > 0 and fired > 0


@pytest.mark.parametrize("given, numbers", [
    ({"preset": "microsoft"}, list(range(1, 23)) + [24, 25, 29, 191, 942]),
    ({"draw": 3}, list(range(1, 21)) + [29, 31, 191]),
    ({}, range(1, 26)),
])
def test_real_deal_verdicts_unchanged_by_the_pyramid_game(given, numbers):
    """Whole deals, every reduction with and without the pyramid game (solver's setting and everywhere)."""
    rules = parse_rules(SPEC, given)
    fired = 0
    for number in numbers:
        root = SPEC.encode(SPEC.new_reference(make_deal("pyramid", number).layout, rules), rules)
        without = position_verdict(SPEC, root, rules_arr(rules, ("pyramid_game",)), max_nodes=3_000_000)
        assert without != "unknown", number
        for arr in (SPEC.rules_array(rules), rules_arr(rules)):
            assert position_verdict(SPEC, root, arr, max_nodes=3_000_000) == without, number
        fired += not fast_moves(root, SPEC.rules_array(rules), MODE_SOLVE) and bool(
            fast_moves(root, rules_arr(rules, ("pyramid_game",)), MODE_SOLVE))
    assert fired > 0  # the pyramid game proves some of these deals lost at the start, where the partner count does not


def test_hard_lost_deal_is_settled_at_the_start():
    """Microsoft deal 23 needed 1.79 million DFS expansions to prove lost.
    Regression pin: the every-move DFS (no reduction) leaves it unknown at
    2 M nodes (``benchmarks/reprove_losses.py``); the proof is the pyramid
    game's, which the oracle checks where it acts."""
    rules = parse_rules(SPEC, {"preset": "microsoft"})
    root = SPEC.encode(SPEC.new_reference(make_deal("pyramid", 23).layout, rules), rules)
    assert fast_moves(root, SPEC.rules_array(rules), MODE_SOLVE) == []
    assert K.lower_bound(root, SPEC.rules_array(rules)) == K.BIG


def pyramid_game_only_positions(rules, numbers, seed, max_cards=20):
    """Positions of random games (reference engine) that the pyramid game proves lost while
    every other reduction leaves moves: at most one per deal, with at most
    ``max_cards`` cards left in the pyramid, stock and waste together."""
    rng = random.Random(seed)
    out = []
    for number in numbers:
        s = SPEC.new_reference(make_deal("pyramid", number).layout, rules)
        while not s.is_won() and s.legal_moves():
            moves = s.legal_moves()
            removals = [m for m in moves if m not in ("draw", "redeal")]
            s.play(rng.choice(removals) if removals and rng.random() < 0.7 else rng.choice(moves))
            if sum(c is not None for c in s.pyramid) + len(s.stock) + sum(map(len, s.waste)) > max_cards:
                continue
            root = SPEC.encode(s, rules)
            if not fast_moves(root, rules_arr(rules), MODE_SOLVE) and fast_moves(
                    root, rules_arr(rules, ("pyramid_game",)), MODE_SOLVE):
                out.append(s.copy())
                break
    return out


@pytest.mark.parametrize("given, least", [({}, 1), ({"preset": "microsoft"}, 10), ({"draw": 3}, 1),
                                          ({"passes": 2, "pair_covering": True}, 3)])
def test_positions_only_the_pyramid_game_proves_lost_are_lost_for_breadth_first_search(given, least):
    """The positions where the pyramid game acts alone, from random games: breadth-first
    search over every legal move of the reference engine finds no win, and
    the DFS without it agrees."""
    rules = parse_rules(SPEC, given)
    found = pyramid_game_only_positions(rules, range(1, 400), seed=1)
    assert len(found) >= least
    for ref in found:
        assert bfs_optimal(ref, limit=300_000) is None, ref.render()
        root = SPEC.encode(ref, rules)
        assert position_verdict(SPEC, root, rules_arr(rules, ("pyramid_game",))) == "unsolvable"
