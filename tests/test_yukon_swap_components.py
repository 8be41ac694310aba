"""Yukon swap components (solitaire/games/yukon/swap_components.py, the opt-in
``SWAP_COMPONENTS``): the key, the moves and their notation, checked against
members enumerated independently on the reference engine
(tests/yukon_swap_helpers.py)."""
from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark_scripts import load
from solitaire.dealing import make_deal
from solitaire.games.yukon import bridge, kernel
from solitaire.games.yukon.kernel import keys
from solitaire.games.yukon.kernel import moves as M
from solitaire.games.yukon.kernel import state as S
from solitaire.games.yukon.kernel import swaps
from solitaire.games.yukon.research import swap_components as components
from solitaire.games.yukon.reference import YukonState
from solitaire.replaying import verify_win
from solitaire.search import dfs as engine
from solitaire.jit.modes import MODE_SOLVE
from engine_runs import search_position
from solitaire.solver import solve
from yukon_swap_helpers import C, SPEC, check_key_and_moves, class_moves, crafted, is_swap_text, members, played, \
    positions_along_random_games, three_pairs

FOLDING = load("yukon_folding")
ALL = bridge.switch_array(S.ALL_REDUCTIONS | S.SWAP_COMPONENTS)
# the reductions that act on the position alone (dead ends, the safe foundation move) are off, so
# that a class's moves can be compared with its members' moves
PLAIN = bridge.switch_array(S.FOLD_PILES | S.ONE_EMPTY)
FOLDED = bridge.switch_array(S.FOLD_PILES | S.ONE_EMPTY | S.SWAP_COMPONENTS)


def swap_texts(arr: np.ndarray) -> list[str]:
    """The kernel's swaps of a position, in notation."""
    out = np.zeros(components.MAX_SWAP_MOVES, dtype=np.int64)
    n = components.swap_moves(arr, out)
    return [SPEC.describe_move(arr, PLAIN, int(m))[0] for m in out[:n]]


def check_class(state: YukonState) -> int:
    """Swaps, key, moves and notation of one position's class; returns its
    number of members."""
    arr = SPEC.encode(state, {})
    assert sorted(swap_texts(arr)) == sorted(t for t in state.legal_moves() if is_swap_text(state, t, False))
    group = members(state, free_only=False)
    folded = 1 < len(group) <= components.MAX_MEMBERS
    if folded:
        least = min(keys.position_key(SPEC.encode(other, {}), FOLDED, MODE_SOLVE) for other in group)
        assert kernel.state_key(arr, FOLDED, MODE_SOLVE) == least
    check_key_and_moves(state, group, folded, FOLDED, PLAIN, joined_by_swaps)
    return len(group)


def joined_by_swaps(child: np.ndarray, reached: set[int]) -> bool:
    """Is ``child`` in a class too big to fold, with a member whose key is
    in ``reached``, found by playing swaps (each such member's own moves
    include every swap: the search reaches them all)?"""
    room = components._room()
    if components.members(child, FOLDED, room, components.MAX_MEMBERS) >= 0:
        return False
    seen, todo = {child.tobytes()}, [child]
    out = np.zeros(components.MAX_SWAP_MOVES, dtype=np.int64)
    while todo:
        now = todo.pop()
        if kernel.state_key(now, FOLDED, MODE_SOLVE) in reached:
            return True
        for m in out[:components.swap_moves(now, out)]:
            after = np.zeros_like(now)
            M.play(now, int(m), after)
            if after.tobytes() not in seen:
                seen.add(after.tobytes())
                todo.append(after)
    return False


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(20, 90))
def test_a_class_key_and_moves_match_its_members(seed, steps):
    """Along random games: the kernel's swaps are the reference engine's;
    the members of a class (found by swaps on the reference engine) share
    one key, the least of their own keys, and other positions keep their
    own; the class's moves reach exactly the classes its members' moves
    reach (no fewer: the DFS stays complete; no more: only legal lines),
    never its own class; each move's notation (swaps, then the move)
    replays on the reference engine to the very child the kernel makes."""
    for state in positions_along_random_games(seed, steps):
        check_class(state)


def test_classes_with_swaps_are_met_and_checked():
    """The property above is not vacuous: random games from fixed seeds
    reach hundreds of classes of 2 members and dozens of more, each checked
    in full."""
    sizes = Counter()
    for seed in range(12):
        for state in positions_along_random_games(seed, 80):
            sizes[check_class(state)] += 1
    assert sizes[2] >= 100 and sum(n for size, n in sizes.items() if size > 2) >= 20


def test_crafted_classes_of_two_and_of_eight():
    """One swap makes two members, three independent swaps eight."""
    assert swap_texts(SPEC.encode(crafted(), {})) == ["QC>t1"]
    assert check_class(crafted()) == 2
    assert len(swap_texts(SPEC.encode(three_pairs(), {}))) == 3
    assert check_class(three_pairs()) == 8


def test_a_stack_holding_a_twin_of_a_face_up_card_still_swaps():
    """QC JH on KD with KH bare, and TS on JD: the stack holds JH, whose
    twin JD is face up (the swap classes do not fold such stacks), and TS then swaps
    between JD and JH wherever JH lies: four members, where the swap classes make two."""
    state = YukonState([[C("KD"), C("QC"), C("JH")], [C("KH")], [C("JD"), C("TS")],
                        [C("KS"), C("QS"), C("JS"), C("QD"), C("QH"), C("KC")], [], [], []],
                       [0, 0, 0, 5, 0, 0, 0], [11, 10, 10, 9])
    arr = SPEC.encode(state, {})
    assert sorted(swap_texts(arr)) == ["QC>t2", "TS>t1"]
    assert check_class(state) == 4
    covered = np.zeros(24, dtype=np.int64)
    assert swaps.swap_pairs(arr, covered, covered.copy(), np.zeros(24, dtype=np.uint64)) == 1  # classes: 2 members


def test_lost_deals_stay_lost_in_fewer_nodes():
    """benchmarks/yukon_folding.py's plain DFS: deals 96 and 118 are lost
    under every folding; the swap classes need fewer nodes than no folding, and the
    components under 0.8 times the swap classes'."""
    for n in (96, 118):
        runs = {folding: FOLDING.run(n, folding, 10**6, 64) for folding in ("none", "classes", "components")}
        assert {verdict for verdict, _, _ in runs.values()} == {"unsolvable"}, n
        assert runs["classes"][1] < runs["none"][1], (n, runs)
        assert runs["components"][1] < 0.8 * runs["classes"][1], (n, runs)


def test_solve_with_the_components_keeps_verdicts_and_replays_its_wins():
    """``solve`` (every phase, wins replayed under the rules) with the bit
    set, through benchmarks/yukon_folding.py --solve: lost 96 stays lost in
    fewer nodes than with the swap classes, won 3 is won."""
    lost_classes, lost = FOLDING.run_solve(96, "classes", 10**6, 64), FOLDING.run_solve(96, "components", 10**6, 64)
    assert lost[0] == lost_classes[0] == "unsolvable" and lost[1] < lost_classes[1]
    assert FOLDING.run_solve(3, "components", 10**6, 64)[0] == "solved"


def test_wins_found_on_components_replay_with_their_swaps():
    """Each line of these wins plays moves of other members (swaps first),
    and the whole line replays on the reference engine."""
    for n in (2, 3, 4, 5):
        deal = make_deal("yukon", n)
        root = SPEC.encode(SPEC.new_reference(deal.layout, {}), {})
        status, stack = search_position(SPEC, root, ALL, MODE_SOLVE, max_nodes=10**6)
        assert status == engine.SOLVED, n
        states, taken = stack.line()
        assert any(m >> components.MEMBER_SHIFT for m in taken), n
        verify_win(SPEC, deal.layout, {}, SPEC.describe_line(states, ALL, taken))


def test_a_class_too_big_to_fold_keeps_every_swap():
    """A random game whose stacks make classes of more than MAX_MEMBERS
    members: such a position is searched on its own, with every swap among
    its moves (the search that reaches one member reaches them all), also
    when the safe foundation move applies (met at least 5 times here)."""
    checked = forced = 0
    FORCED_ONLY = bridge.switch_array(S.FOLD_PILES | S.ONE_EMPTY | S.SAFE_FOUNDATION | S.SWAP_COMPONENTS)
    for state in positions_along_random_games(1384, 60):
        arr = SPEC.encode(state, {})
        for m in class_moves(arr, PLAIN):
            child = played(arr, m, PLAIN)
            if components.members(child, ALL, components._room(), components.MAX_MEMBERS) >= 0:
                continue
            out = np.zeros(components.MAX_SWAP_MOVES, dtype=np.int64)
            own = set(out[:components.swap_moves(child, out)].tolist())
            assert own and own <= set(class_moves(child, FORCED_ONLY))
            checked += 1
            forced += M.dead_or_forced(child, FORCED_ONLY[0], np.zeros(SPEC.max_moves, dtype=np.int64)) == 1
    assert checked >= 100 and forced >= 5, (checked, forced)


def test_the_option_keeps_the_discrepancy_phase_and_folds_the_proofs(monkeypatch):
    """``solve(search_options=("swap_components",))``: the discrepancy phase
    runs on the default folding (deals 2 and 3 are won there with the very
    moves and nodes of the default), weighted A* and the DFS on the
    components (with no discrepancy phase, 3 is won by A* on the classes,
    and 96 is lost in fewer nodes than by the default); every win replays
    (``solve`` checks)."""
    options = {False: (), True: ("swap_components",)}
    for n in (2, 3):
        default, option = (solve(make_deal("yukon", n), {}, max_nodes=10**6, search_options=options[flag])
                           for flag in (False, True))
        assert option.verdict == "solved" and (option.moves, option.nodes) == (default.moves, default.nodes)
    monkeypatch.setattr(type(SPEC.search), "lds_share", 0.0)
    won = solve(make_deal("yukon", 3), {}, max_nodes=10**6, search_options=options[True])
    assert won.verdict == "solved" and won.search_options == ("swap_components",)
    lost = [solve(make_deal("yukon", 96), {}, max_nodes=10**6, search_options=options[flag]) for flag in (False, True)]
    assert [r.verdict for r in lost] == ["unsolvable", "unsolvable"] and lost[1].nodes < lost[0].nodes
