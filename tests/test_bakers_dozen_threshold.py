"""The threshold relaxation (solitaire.games.bakers_dozen.research.threshold): it may call
a position lost only when it is lost, it is the real game when no card is
low, and its keys are exact."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bakers_dozen_helpers import after_random_moves, exact
from bakers_dozen_oracle import bfs_distance, one_king_two_queens, random_position, seat_position
from solitaire.jit import modes
from solitaire import cards
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.bakers_dozen.research import keyset, ladder, threshold
from solitaire.games.bakers_dozen.research.status import LOST, REFUSED, WON
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.search import dfs as engine
from solitaire.solver import solve

SPEC = get_game("bakers-dozen")
BOTTOM_RULES = [{"build": b, "kings": "bottom"} for b in ("any-suit", "other-suit")]


def verdict(state: BakersDozenState, thr: int, max_positions: int = 1_000_000, by_layers: bool = True) -> int:
    """The depth-first verdict; with ``by_layers`` checked against the
    layered search: the same verdict, and for a loss the same positions
    (both exhaust the same set)."""
    arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
    status, positions = threshold.threshold_search(arr, rules_arr, thr, max_positions)
    if by_layers:
        layered, layered_positions = threshold.threshold_search(arr, rules_arr, thr, max_positions, True)
        assert layered == status
        if status == LOST:
            assert layered_positions == positions
    return int(status)


def lowest_rank(state: BakersDozenState) -> int:
    return min(cards.rank(c) for col in state.columns for c in col)


@pytest.mark.parametrize("part", range(4))
def test_never_loses_a_won_small_position(part):
    """Random small positions, both building rules, thresholds 5 to 13: a
    threshold loss is a loss (breadth-first search); where no card is below
    the threshold the threshold game is the real game, so the verdicts
    agree both ways.  The sample holds both verdicts of each kind."""
    rng = random.Random(11 + 1000 * part)
    seen = {"lost": 0, "won": 0, "exact lost": 0, "exact won": 0}
    for i in range(60):
        state = random_position(rng, 8 + i % 4, BOTTOM_RULES[i % 2])
        truth = bfs_distance(state) is not None
        for thr in (5, 7, 9, 11, 13):
            v = verdict(state, thr)
            assert v in (WON, LOST)
            if v == LOST:
                assert not truth, (state.columns, state.foundation, state.rules, thr)
            if lowest_rank(state) >= thr:
                assert (v == WON) == truth, (state.columns, state.foundation, state.rules, thr)
                seen["exact won" if truth else "exact lost"] += 1
            else:
                seen["won" if v == WON else "lost"] += 1
    assert min(seen.values()) >= 3, seen


def test_scarce_kings():
    """Positions where Kings are scarce seats for Queens (``bakers_dozen_oracle.seat_position``):
    every card is a Six or higher, so at threshold 5 the verdict is exact
    (against the engine's DFS with every legal move)."""
    rng = random.Random(3)
    lost = 0
    for i in range(80):
        state = seat_position(rng, BOTTOM_RULES[i % 2])
        truth = exact(state, modes.MODE_ALL, 2_000_000)
        assert truth in (engine.SOLVED, engine.EXHAUSTED)
        v = verdict(state, 5)
        assert (v == WON) == (truth == engine.SOLVED), (state.columns, state.foundation, state.rules)
        lost += truth == engine.EXHAUSTED
    assert lost >= 5, lost


def test_a_crafted_loss_is_seen_with_the_sevens_low():
    """The Sevens under the Queens vanish at threshold 8, but the two Queens
    still need the one King: lost.  With the Kings apart, won."""
    state = one_king_two_queens()
    assert bfs_distance(state) is None
    assert verdict(state, 8) == LOST
    apart = state.copy()
    apart.columns[1] = [apart.columns[0].pop()]
    assert bfs_distance(apart) is not None
    assert verdict(apart, 8) == WON


def test_refuses_what_it_cannot_play():
    state = SPEC.new_reference(make_deal("bakers-dozen", 5).layout, {"build": "any-suit", "kings": "free"})
    assert verdict(state, 7) == REFUSED  # kings=free: cards may enter empty columns
    bottom = SPEC.new_reference(make_deal("bakers-dozen", 5).layout, {"build": "any-suit", "kings": "bottom"})
    assert verdict(bottom, threshold.LOWEST_THRESHOLD - 1) == REFUSED  # the key would not fit
    arr = SPEC.encode(bottom, bottom.rules)
    assert ladder.prove_lost(arr, SPEC.rules_array(bottom.rules), 10**6)[0] is False  # deal 5 is won


def _threshold_moves(cols, h, incol, thr, other):
    """Every threshold move from a normalized position, as (column, target):
    target -1 is home (the module doc's moves 2 and 3)."""
    out = np.zeros(4, np.int64)
    threshold._out(incol, out)
    moves = []
    for k in range(13):
        if h[k] == 0:
            continue
        x = cols[k, h[k] - 1]
        if out[x // 13] >= x % 13:
            moves.append((k, -1))
        for j in range(13):
            if j != k and h[j] > 0 and h[k] > 1:
                z = cols[j, h[j] - 1]
                if z % 13 == x % 13 + 1 and not (other and z // 13 == x // 13):
                    moves.append((k, j))
    return moves


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 10**6), rules=st.sampled_from(BOTTOM_RULES), thr=st.integers(5, 12),
       choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=80))
def test_keys_are_exact_and_layers_never_rise(deal, rules, thr, choices):
    """Along random lines of the threshold game itself, decoding a position's
    key gives back the position (so equal keys mean equal positions), and no
    move raises the layer of the layered search; one that takes a card out
    of the columns lowers it."""
    arr = SPEC.encode(SPEC.new_reference(make_deal("bakers-dozen", deal).layout, rules), rules)
    ok, base, bh, high, offset, width, cols, h, incol = threshold._start(arr, thr, True)
    assert ok
    code = np.zeros(52, np.int64)
    dcols, dh, dincol = np.zeros_like(cols), np.zeros_like(h), np.zeros_like(incol)
    for choice in choices:
        w0, w1 = threshold._encode(cols, h, incol, high, offset, width)
        threshold._decode(np.uint64(w0), np.uint64(w1), base, bh, high, offset, width, code, dcols, dh, dincol)
        assert (dh == h).all() and (dincol == incol).all()
        for k in range(13):
            assert (dcols[k, :h[k]] == cols[k, :h[k]]).all()
        moves = _threshold_moves(cols, h, incol, thr, rules["build"] == "other-suit")
        if not moves:
            break
        k, j = moves[choice % len(moves)]
        x = cols[k, h[k] - 1]
        layer, cards = threshold._layer(cols, h, base, bh, high), h.sum()
        h[k] -= 1
        if j < 0:
            incol[x] = False
        else:
            cols[j, h[j]] = x
            h[j] += 1
        threshold._normalize(cols, h, incol, high, thr, np.zeros(4, np.int64), True)
        assert threshold._layer(cols, h, base, bh, high) <= layer - (cards - h.sum())




@settings(max_examples=50, deadline=None)
@given(keys=st.lists(st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 2**63 - 1)), max_size=300))
def test_a_growing_key_set_keeps_every_key(keys):
    """Keys added to a small table that grows as it fills are all found
    again, and a key is new exactly once."""
    table, seen = keyset.new_table(2), set()
    for w0, w1 in keys + keys:
        assert keyset.add(table, np.uint64(w0), np.uint64(w1) | keyset.USED) == ((w0, w1) not in seen)
        seen.add((w0, w1))
        table = keyset.grown(table, len(seen))
    assert table.shape[0] * 3 >= 4 * len(seen)
    for w0, w1 in keys:
        assert not keyset.add(table, np.uint64(w0), np.uint64(w1) | keyset.USED)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 10**6), rules=st.sampled_from(BOTTOM_RULES), moves=st.integers(10, 60),
       thr=st.integers(5, 9), choices=st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_never_loses_a_won_position_of_a_real_game(deal, rules, moves, thr, choices):
    """Random lines from real deals: where the threshold game is lost, the
    exact search (MODE_SOLVE, its reductions proved) finds no win."""
    state = after_random_moves(deal, rules, choices[:moves])
    if verdict(state, thr, 300_000, by_layers=False) == LOST:
        assert exact(state, modes.MODE_SOLVE, 3_000_000) != engine.SOLVED, (deal, rules, thr, state.columns)


def test_a_relaxed_loss_is_reported_as_such(monkeypatch):
    """Wiring: a deal the search leaves unknown gets the relaxation (its
    positions counted as nodes, at most twice the budget); a relaxed loss
    is reported as "unsolvable" with the proof named, anything else stays
    unknown."""
    deal = make_deal("bakers-dozen", 417)
    events = []
    r = solve(deal, {}, max_nodes=20_000, progress=events.append)
    assert r.verdict == "unknown" and 20_000 < r.nodes <= 60_000 and not r.proof
    assert events[-1]["phase"] == "relaxation"
    monkeypatch.setattr(type(SPEC.search), "prove_lost", lambda self, root, rules_arr, limit: (True, 7, "relaxation X"))
    r = solve(deal, {}, max_nodes=20_000)
    assert r.verdict == "unsolvable" and r.nodes == 20_007 and r.proof == "relaxation X (7 positions, none won)"
    assert r.to_json()["stats"]["proved_by"] == r.proof and "proved by relaxation X" in r.summary()
    assert not r.reason and "stopped_by" not in r.to_json()["stats"]  # decided, not stopped
    monkeypatch.setattr(type(SPEC.search), "relaxation_factor", 0.0)
    assert solve(deal, {}, max_nodes=20_000).verdict == "unknown"


def test_the_spec_names_the_relaxation_of_each_kings_rule():
    """kings=bottom: the ladder; kings=free: the skeleton game.  The crafted
    loss is proved by the ladder's first rung, the seatless game at rank 5;
    with that rung gone, by the threshold game at rank 8."""
    state = one_king_two_queens()
    arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
    assert SPEC.search.prove_lost(arr, rules_arr, 10**5)[::2] == (True, "seatless relaxation at rank 5")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ladder, "LADDER", ladder.LADDER[1:])
        assert SPEC.search.prove_lost(arr, rules_arr, 10**5)[::2] == (True, "threshold relaxation at rank 8")
    free = BakersDozenState.from_position(state.columns, state.foundation, {"build": "any-suit", "kings": "free"})
    lost, positions, name = SPEC.search.prove_lost(SPEC.encode(free, free.rules), SPEC.rules_array(free.rules), 10**5)
    assert positions > 0 and name == ("skeleton relaxation" if lost else "")


@pytest.mark.slow
def test_deal_417_is_lost_under_other_suit_and_kings_bottom():
    """The proof of docs/bakers_dozen.md: threshold 7, 10,407,959 positions
    (about a minute; the seatless game now proves it sooner)."""
    rules = {"build": "other-suit", "kings": "bottom"}
    state = SPEC.new_reference(make_deal("bakers-dozen", 417).layout, rules)
    arr, rules_arr = SPEC.encode(state, rules), SPEC.rules_array(rules)
    assert threshold.threshold_search(arr, rules_arr, 7, 20_000_000) == (LOST, 10_407_959)
