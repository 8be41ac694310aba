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
from oracle import product
from oracle import yukon as YO
from oracle.search import WON, shortest
from solitaire import cards
from solitaire.games.yukon.reference import YukonState

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


def _base_kept(king_suit: int) -> YukonState:
    """A King that fits its foundation must stay as a base: one opposite
    Queen is home, the other (under its twin suit's Jack) is not, and the
    twin suit is home to its 9.  Moving that Queen and the Jack onto the
    King uncovers the 10 that starts the twin suit; sent home, the King
    uncovers a Queen with no red King face up to go to, and no black King
    is left for the opposite Queen."""
    twin = 3 - king_suit  # suits C D H S: C and S, D and H share a colour
    opp1, opp2 = [s for s in range(4) if cards.is_red(cards.make(1, s)) != cards.is_red(cards.make(1, king_suit))]
    heights = [12] * 4
    heights[opp1], heights[twin] = 11, 9
    piles = [[cards.make(13, opp1), cards.make(10, twin), cards.make(12, opp1), cards.make(11, twin)],
             [cards.make(13, opp2), cards.make(13, twin), cards.make(12, twin), cards.make(13, king_suit)]]
    return YukonState(piles + [[] for _ in range(5)], [2, 3, 0, 0, 0, 0, 0], heights)


def test_safe_foundation_keeps_a_king_one_opposite_queen_needs():
    """A card goes home by force only when both opposite-colour cards one
    rank lower are home (``safe_to_foundation``); here one is, the other
    needs the King: the product agrees with the oracle's breadth-first
    search on the win and its length, in all four suits.  With the rule
    loosened to one rank lower still, the product calls it lost."""
    for king_suit in range(4):
        state = _base_kept(king_suit)
        oracle = shortest(state, YO.key, limit=20_000)
        assert (oracle.verdict, oracle.length) == (WON, 9)
        assert product.product_verdict(G, state, {}, optimal=True)[:2] == (WON, 9)
        assert product.product_verdict(G, state, {})[0] == WON


@pytest.mark.slow
def test_yukon_matches_oracle_wide():
    sw = C.sweep(G, "yukon wide", {}, lambda rng, r: YO.random_position(rng, r, left=(14, 20), piles=(4, 7)),
                 YO.key, CHECKS, draws=300, limit=50_000)
    sw.check_floors(losses=3, wins=100, dead=50)
