"""Baker's Dozen against the independent oracle (tests/oracle): the product
with every phase on (discrepancy search, weighted A* whose exhaustion means
lost, the DFS with its dead ends and safe moves, the relaxation ladder or
the skeleton game), its DFS alone, its every-move DFS, weighted A* alone,
A* for shortest wins, and every relaxed game on its own (threshold at ranks
5-8, seatless at 1, 3, 5, the ladder, the skeleton), under both ``build``
and both ``kings`` values.

The positions put low cards under high ones, where the relaxations act: the
``*_acts`` floors count losses the relaxed game proved that the root
dead-end checks (``analysis.is_dead_end``, ``seats.is_seat_deadlock``) do
not reject and the oracle needed a search for.
"""
from __future__ import annotations

import pytest

from oracle import bakers_dozen as BO
from oracle import compare as C

G = "bakers-dozen"
CHECKS = [C.full_product(G), C.dfs_modes(G), C.weighted(G), C.optimal_lengths(G, ida=False), C.bakers_relaxations()]

# (rules, floors): hard losses, wins, and per relaxed game the losses it proved where it acts
CASES = [
    ({"build": "any-suit", "kings": "bottom"}, dict(losses=3, wins=10, threshold_acts=8, seatless_acts=4,
                                                    ladder_acts=3)),
    ({"build": "other-suit", "kings": "bottom"}, dict(losses=4, wins=7, threshold_acts=12, seatless_acts=10,
                                                      ladder_acts=4)),
    ({"build": "any-suit", "kings": "free"}, dict(losses=1, wins=5, skeleton_acts=1)),
    ({"build": "other-suit", "kings": "free"}, dict(losses=1, wins=5, skeleton_acts=1)),
]


def _make(rng, rules):
    return BO.random_position(rng, rules, left=(14, 20), columns=(4, 6), low_under=0.9)


@pytest.mark.parametrize("rules,floors", CASES, ids=lambda v: "-".join(v.values()) if "build" in v else "")
def test_bakers_dozen_matches_oracle(rules, floors):
    free = rules["kings"] == "free"  # Kings into empty columns: larger reachable sets
    limit = 8000 if rules["build"] == "any-suit" or free else 20_000
    sw = C.sweep(G, f"bakers-dozen {rules}", rules, _make, BO.key, CHECKS, draws=30 if free else 50, limit=limit)
    sw.check_floors(**floors)


@pytest.mark.slow
@pytest.mark.parametrize("rules", BO.RULE_SETS, ids=lambda v: "-".join(v.values()))
def test_bakers_dozen_matches_oracle_wide(rules):
    sw = C.sweep(G, f"bakers-dozen wide {rules}", rules, lambda rng, r: BO.random_position(rng, r, left=(12, 22)),
                 BO.key, CHECKS, draws=300, limit=100_000)
    sw.check_floors(losses=5, wins=50)
