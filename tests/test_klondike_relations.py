"""Which Klondike rule sets play every game of which (solitaire/games/klondike/relations.py)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.klondike.reference import KlondikeState
from solitaire.games.klondike.relations import as_draw_one, simulates
from solitaire.notation import DRAW
from solitaire.replaying import ReplayError, replay, verify_win
from solitaire.rules import parse_rules
from solitaire.solver import solve
from solitaire.verdicts import SOLVED

SPEC = get_game("klondike")


def rules(draw, passes, f2t):
    return parse_rules(SPEC, {"draw": draw, "passes": passes, "foundation_to_tableau": f2t})


@pytest.mark.parametrize("stronger, weaker, expected", [
    (rules(1, "unlimited", True), rules(3, "unlimited", False), True),
    (rules(1, "unlimited", False), rules(3, "unlimited", False), True),
    (rules(3, "unlimited", True), rules(3, "unlimited", False), True),
    (rules(1, 3, False), rules(3, 3, False), True),
    (rules(3, "unlimited", False), rules(1, "unlimited", False), False),  # draw 3 cannot reach every card
    (rules(3, "unlimited", False), rules(3, "unlimited", True), False),  # f2t moves are missing
    (rules(1, 1, False), rules(3, 3, False), False),  # fewer passes, though draw 1
    (rules(1, "unlimited", False), rules(1, 3, False), True),  # more passes
    (rules(1, 3, True), rules(3, 1, False), True),  # all three at once
    (rules(3, 2, False), rules(3, 3, False), False),  # fewer passes
    (rules(2, "unlimited", False), rules(4, "unlimited", False), False),  # only draw 1 is claimed
])
def test_simulates(stronger, weaker, expected):
    assert simulates(stronger, weaker) is expected


def state_tuple(state: KlondikeState):
    return (state.piles, state.down, state.stock, state.waste, state.foundation, state.passes_used)


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 100_000), draw=st.sampled_from([2, 3, 4]),
       passes=st.sampled_from([1, 2, 3, "unlimited"]), f2t=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_a_random_draw_k_game_visits_the_same_positions_under_draw_1(deal, draw, passes, f2t, seed):
    """The proof of ``as_draw_one`` in action: after each draw k move, the draw 1
    replay of its translation stands in exactly the same position, with the
    same passes and with unlimited passes and f2t."""
    weak = rules(draw, passes, f2t)
    layout = make_deal("klondike", deal).layout
    state, rng, moves = KlondikeState(layout, weak), random.Random(seed), []
    for _ in range(150):
        legal = state.legal_moves()
        if not legal or state.is_won():
            break
        move = rng.choice(legal)
        state.play(move)
        moves.append(move)
        translated = as_draw_one(layout, weak, moves)
        assert state_tuple(replay(SPEC, layout, rules(1, passes, f2t), translated)) == state_tuple(state)
        # and so do the setting that simulates every other (more passes, f2t on) and the
        # relaxation the search uses for these rules (Klondike.relaxed_rules: unlimited passes, the same f2t)
        for relaxed in (rules(1, "unlimited", True), rules(1, "unlimited", f2t)):
            assert state_tuple(replay(SPEC, layout, relaxed, translated)) == state_tuple(state)
    turns = sum(m == DRAW for m in moves)
    assert sum(m == DRAW for m in as_draw_one(layout, weak, moves)) >= turns


@pytest.mark.parametrize("passes", ["unlimited", 3])
def test_a_draw_3_win_translated_wins_under_draw_1(passes):
    weak = rules(3, passes, False)
    for deal in range(1, 40):
        result = solve(make_deal("klondike", deal), weak, max_nodes=100_000)
        if result.verdict == SOLVED:
            break
    else:
        pytest.fail("no draw 3 win among deals 1-39 within 100,000 nodes")
    layout = make_deal("klondike", deal).layout
    translated = as_draw_one(layout, weak, result.moves)
    assert len(translated) > len(result.moves)  # some turns took more than one card
    verify_win(SPEC, layout, rules(1, passes, False), translated)
    with pytest.raises(ReplayError):  # untranslated, the draw 1 game turns too few cards
        verify_win(SPEC, layout, rules(1, passes, False), result.moves)
