"""Yukon against the independent oracle (tests/oracle): the product with
every phase on (discrepancy search, weighted A*, the DFS with swap classes,
and the dead-end rules), its DFS alone, its every-move DFS, weighted A*
alone and the shortest-win searches, on small positions with face-down
cards.

Yukon's dead-end rules reject nearly every small lost position at the root,
so the floors count those losses (the oracle needed a search for them) and
the wins, which a rule made unsound would call lost; losses that need the
product's search too are rare at this size and counted in the wide test.
"""
from __future__ import annotations

import pytest

from oracle import compare as C
from oracle import yukon as YO

G = "yukon"
CHECKS = [C.full_product(G), C.dfs_modes(G), C.weighted(G), C.optimal_lengths(G)]


def test_yukon_small_positions_match_oracle():
    sw = C.sweep(G, "yukon small", {}, lambda rng, r: YO.random_position(rng, r, left=(9, 13), piles=(3, 6)),
                 YO.key, CHECKS, draws=40, limit=20_000)
    sw.check_floors(losses=0, wins=15, dead=5)


def test_yukon_lifted_positions_match_oracle():
    """Foundation cards put back on the piles: moves at the root, stuck cards below."""
    sw = C.sweep(G, "yukon lifted", {}, lambda rng, r: YO.lifted_position(rng, r, left=(9, 13), piles=(3, 5),
                 buried=0.9), YO.key, CHECKS, draws=30, limit=10_000)
    sw.check_floors(losses=0, wins=15, dead=4)


@pytest.mark.slow
def test_yukon_matches_oracle_wide():
    sw = C.sweep(G, "yukon wide", {}, lambda rng, r: YO.random_position(rng, r, left=(14, 20), piles=(4, 7)),
                 YO.key, CHECKS, draws=300, limit=50_000)
    sw.check_floors(losses=3, wins=100, dead=50)
