"""Every reduction, dead-end rule, key folding, bound refinement and
relaxation of every game, switched off one at a time, against the
independent oracle (tests/oracle/ablation.py says how): (a) with every
switch on, the product, its deciding DFS, A* and its relaxations agree with
the oracle on the whole pool; (b) where the switch acts, the product, the
DFS, A* and the relaxations with it off agree too (verdict, and the fewest
moves where the switch serves shortest wins); (c) it acted on at least the
floor of oracle-decided positions, and on at least the floor of won ones
where it serves shortest wins (so lengths were compared).

``-m slow`` runs a wider version (four times the candidates, 40 decided
positions wanted per switch).  The floors are about half of what the pools give at ``ORACLE_SEED=0``;
each test prints how often and how its switch acted.  One switch acts
only beyond the oracle's sizes (floor 0, said below): there (a) still
holds, and tests/test_<game>_reductions.py compare them without the oracle.  The tests of one
game share its pool (decided once per process: ``xdist_group``).
"""
from __future__ import annotations

import pytest

from oracle import ablation as A
from oracle import product
from oracle.pools import SOURCES

# (game, switch): (positions acted on, of which won)
FLOORS = {
    ('klondike', 'safe_tableau_to_foundation'): (23, 18),
    ('klondike', 'safe_waste_to_foundation'): (5, 4),
    ('klondike', 'safe_talon_to_foundation'): (15, 12),
    ('klondike', 'one_empty_pile'): (27, 24),
    ('klondike', 'no_king_pile_to_empty'): (21, 17),
    ('klondike', 'partial_runs_for_foundation'): (4, 2),
    ('klondike', 'one_twin_target'): (6, 5),
    ('klondike', 'whole_pile_for_king'): (2, 2),
    ('klondike', 'talon_play_for_builder'): (7, 5),
    ('klondike', 'talon_builder_chains'): (4, 2),
    # acts where a 2 whose Ace is home (or an Ace) waits in play: 22 cards or more (crafted: low_builder_position)
    ('klondike', 'no_ace_or_two_builders'): (2, 2),
    ('klondike', 'waiting_positions'): (6, 5),
    ('klondike', 'return_above_lowest'): (1, 1),
    ('klondike', 'return_when_useful'): (3, 3),
    ('klondike', 'blocked_cards'): (6, 3),
    ('klondike', 'never_moving_cards'): (7, 2),
    ('klondike', 'waste_count_folding'): (13, 10),
    ('klondike', 'dominance_marks'): (5, 4),
    ('klondike', 'class_folding'): (2, 0),  # acts where the DFS meets a lost class again (draw 3, focused source)
    ('klondike', 'twin_folding'): (4, 3),
    ('klondike', 'draw_one_relaxation'): (7, 0),
    ('klondike', 'bound_pile_blockers'): (31, 17),
    ('klondike', 'bound_waste_blockers'): (12, 7),
    ('bakers-dozen', 'first_move_closure'): (11, 4),
    ('bakers-dozen', 'seat_deadlock'): (2, 0),
    ('bakers-dozen', 'safe_foundation_move'): (8, 6),
    ('bakers-dozen', 'lone_cards_stay_put'): (4, 2),
    ('bakers-dozen', 'king_to_leftmost_empty'): (4, 3),
    ('bakers-dozen', 'lone_king_stays_put'): (1, 0),
    ('bakers-dozen', 'column_order_folding'): (22, 12),
    ('bakers-dozen', 'own_suit_blockers'): (22, 11),
    ('bakers-dozen', 'four_cycle_packing'): (9, 5),
    ('bakers-dozen', 'sharper_bound'): (0, 0),  # acts where A* stores many positions: beyond the oracle's sizes
    ('bakers-dozen', 'seatless_relaxation'): (18, 8),
    ('bakers-dozen', 'threshold_relaxation'): (18, 8),
    ('bakers-dozen', 'skeleton_relaxation'): (18, 8),
    ('bakers-dozen', 'threshold_safe_home'): (12, 8),
    ('bakers-dozen', 'threshold_lone_card'): (10, 5),
    ('bakers-dozen', 'threshold_dead_end'): (11, 2),
    ('bakers-dozen', 'skeleton_safe_home'): (14, 11),
    ('bakers-dozen', 'skeleton_lone_card'): (11, 7),
    ('bakers-dozen', 'skeleton_dead_end'): (6, 1),
    ('pyramid', 'king_pyramid'): (11, 5),
    ('pyramid', 'king_outside'): (5, 0),
    ('pyramid', 'last_pair'): (2, 1),
    ('pyramid', 'only_partner'): (8, 2),
    ('pyramid', 'too_few_partners'): (17, 2),
    ('pyramid', 'pyramid_matching'): (20, 5),
    ('pyramid', 'dead_waste'): (14, 3),
    ('pyramid', 'pyramid_game'): (4, 0),
    ('pyramid', 'new_cards_only'): (17, 7),
    ('pyramid', 'one_stock_cycle'): (4, 4),
    ('pyramid', 'bound_draws'): (15, 8),
    ('pyramid', 'bound_coupling'): (5, 1),
    ('yukon', 'safe_foundation'): (6, 6),
    ('yukon', 'fold_piles'): (24, 11),
    ('yukon', 'one_empty'): (5, 5),
    ('yukon', 'dead_end'): (11, 2),
    ('yukon', 'pinned'): (4, 1),
    ('yukon', 'twins'): (4, 0),
    ('yukon', 'twin_window'): (4, 0),
    ('yukon', 'swap_classes'): (2, 2),
    ('yukon', 'cut_sets'): (9, 1),
}

CASES = [(game, r.name) for game in SOURCES for r in product.spec(game).reductions]


def test_every_switch_of_every_game_has_a_floor():
    assert set(FLOORS) == set(CASES)


@pytest.mark.parametrize("game,name", [pytest.param(g, n, id=f"{g}-{n}", marks=pytest.mark.xdist_group(g))
                                       for g, n in CASES])
def test_switch_off_agrees_with_the_oracle_where_it_acts(game, name):
    errors = A.everything_on(game)
    assert not errors, "\n\n".join(errors[:5])
    tally = A.ablate(game, name)
    assert not tally.errors, "\n\n".join(tally.errors[:5])
    acted, won = FLOORS[game, name]
    assert tally.acted >= acted, tally.summary()
    assert tally.acted_wins >= won, tally.summary()


@pytest.mark.slow
@pytest.mark.parametrize("game,name", [pytest.param(g, n, id=f"{g}-{n}", marks=pytest.mark.xdist_group(g))
                                       for g, n in CASES])
def test_switch_off_agrees_with_the_oracle_wide(game, name):
    """Four times the candidates and 40 decided positions wanted per switch (run with -m slow)."""
    errors = A.everything_on(game, 40, 4)
    assert not errors, "\n\n".join(errors[:5])
    tally = A.ablate(game, name, 40, 4)
    assert not tally.errors, "\n\n".join(tally.errors[:5])
    acted, won = FLOORS[game, name]
    assert tally.acted >= acted and tally.acted_wins >= won, tally.summary()
