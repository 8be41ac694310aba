"""Pyramid against the independent oracle (tests/oracle): the product with
every phase on, its deciding DFS, its every-move DFS, weighted A*, and the
shortest-win searches, on small pyramids (lower rows cleared) with short
stocks, under every rule option (draw 1 with passes 1, 2, 3, unlimited;
three waste piles; stock_top_playable; pair_covering).

The oracle plays single actions (``draw``, ``redeal``, one removal); the
product folds stock actions into removals (compound moves) and drops
positions by partner counts (``only_partner``, ``too_few_partners``) and by
``pyramid_game`` (an abstraction).  Where the stock is free (passes > 1 or
its top playable) ``pyramid_game`` runs at every
position and rejects most losses at the root: there its floor counts
losses rejected at the root that the oracle needed a search for (a false
rejection would be a won position called lost, which every sweep checks).
"""
from __future__ import annotations

import pytest

from oracle import compare as C
from oracle import pyramid as PO

G = "pyramid"
CHECKS = [C.full_product(G), C.dfs_modes(G), C.weighted(G), C.optimal_lengths(G)]


def _make(rng, rules):
    return PO.random_position(rng, rules, rows=(4, 6), stock=(6, 16))


def _label(rules):
    return f"pyramid {rules}"


@pytest.mark.parametrize("rules", PO.RULE_SETS, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_pyramid_matches_oracle(rules):
    free_stock = rules["passes"] != 1 or rules["stock_top_playable"]
    sw = C.sweep(G, _label(rules), rules, _make, PO.key, CHECKS, draws=20, limit=20_000)
    if free_stock:
        sw.check_floors(losses=0, wins=2, dead=3)
    else:
        sw.check_floors(losses=2, wins=1)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PO.RULE_SETS, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_pyramid_matches_oracle_wide(rules):
    sw = C.sweep(G, "wide " + _label(rules), rules, lambda rng, r: PO.random_position(rng, r, rows=(4, 7),
                 stock=(6, 20)), PO.key, CHECKS, draws=200, limit=100_000)
    sw.check_floors(losses=0, wins=10)
