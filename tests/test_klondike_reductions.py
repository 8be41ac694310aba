"""Every Klondike reduction and dead-end pattern against exhaustive search.

The solver's MODE_SOLVE search prunes moves (proofs in the kernel package)
and stops at dead ends.  On random late positions, small enough for an
exhaustive search with every legal move (MODE_ALL, itself checked move for
move against the reference engine), both searches must give the same
verdict, and a position the dead-end test rejects must be lost.  Shortest
wins (MODE_OPTIMAL) must have the same length as with every move.  Each
reduction also has a switch (``SPEC.reductions``): switched off alone, where
it acts, the search keeps its verdicts and lengths (the last section).
"""
import random

import numpy as np
import pytest

from klondike_helpers import fewest_moves_from, play_randomly, random_endgame
from solitaire import cards
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.klondike import kernel as k
from solitaire.games.klondike.kernel.bounds import waste_blockers
from solitaire.games.klondike.kernel.never_moves import never_moves
from solitaire.jit.cards import twin_of
from solitaire.rules import UNLIMITED, RuleError, parse_rules
from solitaire.search import dfs as engine
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE
from engine_runs import SOLVED, UNKNOWN, UNSOLVABLE, astar_length, position_verdict, search_position, shortest_length
from solitaire.solver import solve, solve_position

SPEC = get_game("klondike")
RULE_SETS = [
    {"draw": 1}, {"draw": 3}, {"draw": 1, "passes": 2}, {"draw": 1, "passes": "unlimited"},
    {"draw": 3, "passes": "unlimited"}, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True},
    {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}, {"draw": 2, "passes": 2, "foundation_to_tableau": True},
]


def verdict(state, rules, mode):
    """True (won), False (lost) or None (undecided within the budget)."""
    found = position_verdict(SPEC, state, SPEC.rules_array(rules), mode, max_nodes=400_000, tt_mb=16)
    return None if found == UNKNOWN else found == SOLVED


def is_dead_end(state, rules):
    return k.dead_end(state, SPEC.rules_array(rules), np.zeros(52, dtype=np.int32))


def test_reduced_search_agrees_with_every_move_search_on_random_endgames():
    rng = random.Random(7)
    dead_ends = 0
    for rules in RULE_SETS:
        rules = parse_rules(SPEC, rules)
        counts = {True: 0, False: 0}
        for _ in range(100):
            state = SPEC.encode(random_endgame(rng, rules), rules)
            truth = verdict(state, rules, MODE_ALL)
            if truth is None:
                continue
            assert verdict(state, rules, MODE_SOLVE) == truth, rules
            counts[truth] += 1
            if is_dead_end(state, rules):
                assert truth is False, "a dead end must be lost"
                dead_ends += 1
        assert counts[True] >= 10 and counts[False] >= 5, (rules, counts)
    assert dead_ends >= 10


def shortest(state, rules, mode):
    length = shortest_length(SPEC, state, SPEC.rules_array(rules), mode, max_nodes=400_000, tt_mb=16)
    return None if length in (None, -1) else length


@pytest.mark.parametrize("rules", [{"draw": 1}, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}])
def test_optimal_reductions_keep_the_shortest_length(rules):
    rules = parse_rules(SPEC, rules)
    rng = random.Random(11)
    compared = 0
    for _ in range(60):
        state = SPEC.encode(random_endgame(rng, rules, max_left=12), rules)
        every = shortest(state, rules, MODE_ALL)
        if every is None:
            continue
        assert shortest(state, rules, MODE_OPTIMAL) == every
        assert astar_length(SPEC, state, SPEC.rules_array(rules), tt_mb=16)[0] == every  # what --optimal runs
        compared += 1
    assert compared >= 15


@pytest.mark.parametrize("rules", [{"draw": 1}, {"draw": 3}])
def test_lower_bound_never_exceeds_the_fewest_moves_found_by_breadth_first_search(rules):
    """The A* bound is admissible, checked against a plain breadth-first
    search on the reference engine on random late positions: as dealt by
    ``random_endgame``, and with the whole talon turned into the waste in
    the last pass, where waste cards over a lower card of their suit count
    (some positions must have them)."""
    rules = parse_rules(SPEC, rules)
    rules_arr = SPEC.rules_array(rules)
    rng = random.Random(5)
    compared = with_waste_blockers = 0
    for i in range(60):
        reference = random_endgame(rng, rules, max_left=8)
        if i % 2:  # last pass, all talon cards and the piles with nothing face down in the waste
            loose = [p for p, pile in enumerate(reference.piles) if reference.down[p] == 0]
            waste = reference.waste + reference.stock + [c for p in loose for c in reference.piles[p]]
            rng.shuffle(waste)
            for p in loose:
                reference.piles[p] = []
            reference.waste, reference.stock, reference.passes_used = waste, [], rules["passes"]
        fewest = fewest_moves_from(reference, limit=8_000)
        if fewest is None or fewest < 0:
            continue
        state = SPEC.encode(reference, rules)
        assert k.lower_bound(state, rules_arr) <= fewest, (rules, reference.waste, fewest)
        compared += 1
        with_waste_blockers += reference.passes_used == rules["passes"] and waste_blockers(state) > 0
    assert compared >= 25 and with_waste_blockers >= 5, (compared, with_waste_blockers)


def test_twin_queens_needing_one_king_are_a_dead_end_at_the_deal():
    """Deal 12, pile 6 is <5H> <AD> <KS> <QD> <QH> 8H.  QH (above 5H) and QD
    (above AD) cannot reach their foundations first, so both must move onto a
    black King; KS lies under them, so both need KC, and QH, moved there
    first, can never leave it (5H and KS stay buried under QD).  Lost under
    every rule set, which the solver now sees at once."""
    for rules in RULE_SETS:
        rules = parse_rules(SPEC, rules)
        deal = make_deal("klondike", 12)
        root = SPEC.encode(SPEC.new_reference(deal.layout, rules), rules)
        assert is_dead_end(root, rules)
        r = solve(deal, rules, max_nodes=1000)
        assert r.verdict == "unsolvable" and r.nodes < 10


def test_a_parent_under_a_card_that_waits_for_the_blocked_one_is_out_of_reach():
    """Deal 29: QH lies on 6H in pile 7, so it must move to a black King; KS
    is under it, and KC is in pile 5 under QD.  QD cannot leave first: 8D
    (needed before QD goes up) is under QH, and its Kings are under itself
    (KC) or under QH (KS).  So QH never leaves pile 7: lost (the plain search
    needed about 35 million nodes to show it)."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True})
    deal = make_deal("klondike", 29)
    assert is_dead_end(SPEC.encode(SPEC.new_reference(deal.layout, rules), rules), rules)
    assert solve(deal, rules, max_nodes=1000).verdict == "unsolvable"


def with_waste(state, w):
    other = state.copy()
    other[k.WCOUNT] = w
    return other


def dominated(state):
    """The same position with the waste counts ``mark_dominated`` records as
    dominated (draw 3, unlimited passes): w + 3, w + 6, ... and 0."""
    w, length = int(state[k.WCOUNT]), int(state[k.TLEN])
    if w % 3 == 0 or w == length:
        return []
    return [with_waste(state, other) for other in [0] + list(range(w + 3, length, 3))]


def children(state, rules_arr):
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    for move in out[:k.gen_moves(state, rules_arr, out, MODE_SOLVE)]:
        child = np.zeros_like(state)
        k.apply_move(state, rules_arr, move, child)
        yield child


@pytest.mark.parametrize("f2t", [False, True])
def test_a_dominated_waste_count_leads_nowhere_new(f2t):
    """mark_dominated's claim, draw 3 with unlimited passes: every move of
    the position with waste count w + 3m (or a multiple of 3) leads to a
    position that a move of the one with waste count w leads to, or to one
    dominated by such a position."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": f2t})
    rules_arr = SPEC.rules_array(rules)

    def key(state):
        return int(k.state_key(state, rules_arr, MODE_SOLVE))

    rng = random.Random(5)
    checked = 0
    while checked < 150:
        state = SPEC.encode(random_endgame(rng, rules, max_left=26), rules)
        for w in range(1, int(state[k.TLEN])):
            strong = with_waste(state, w)
            reach = set()
            for child in children(strong, rules_arr):
                reach |= {key(child)} | {key(d) for d in dominated(child)}
            for weak in dominated(strong):
                assert {key(child) for child in children(weak, rules_arr)} <= reach, (w, int(weak[k.WCOUNT]))
                checked += 1


def blocked_waste_card(state, rules) -> bool:
    """In the last pass, a waste card (not a King) with a lower card of its
    suit under it in the waste and both parents under it in the waste or,
    without foundation_to_tableau, on their foundations: it can leave the
    waste neither home nor onto a parent, so the lower card never gets home."""
    if rules["passes"] == UNLIMITED or state.passes_used < rules["passes"]:
        return False
    for j, card in enumerate(state.waste):
        below = state.waste[:j]
        rank, suit, red = card % 13, card // 13, card // 13 in (1, 2)
        if rank == 12:
            continue  # a King leaves for an empty pile
        parents = [s * 13 + rank + 1 for s in range(4) if (s in (1, 2)) != red]
        out_of_reach = [q for q in parents
                        if q in below or (not rules["foundation_to_tableau"] and state.foundation[q // 13] > q % 13)]
        if any(c // 13 == suit and c < card for c in below) and len(out_of_reach) == 2:
            return True
    return False


def test_a_blocked_waste_card_in_the_last_pass_is_a_dead_end():
    """The talon order of pattern M sees a blocked waste card (the waste is
    then a pile nothing can be built on): every such random late position is
    a dead end, and lost by the search with every legal move."""
    rng = random.Random(13)
    hits = 0
    for rules in ({"draw": 1}, {"draw": 3}, {"draw": 2, "passes": 2}):
        rules = parse_rules(SPEC, rules)
        for _ in range(300):
            reference = random_endgame(rng, rules, max_left=22)
            if not blocked_waste_card(reference, rules):
                continue
            state = SPEC.encode(reference, rules)
            assert is_dead_end(state, rules)
            truth = verdict(state, rules, MODE_ALL)
            assert truth is not True, "a blocked waste card must mean a lost position"
            hits += truth is False
    assert hits >= 10


def test_fewest_moves_keys_tell_waste_counts_apart():
    """Under unlimited passes the solvability key folds waste counts that
    reach the same talon cards; the key for fewest moves must not, since the
    stock turns to a card differ."""
    for draw in (1, 3):
        rules = parse_rules(SPEC, {"draw": draw, "passes": "unlimited"})
        rules_arr = SPEC.rules_array(rules)
        state = SPEC.encode(SPEC.new_reference(make_deal("klondike", 24).layout, rules), rules)
        folded = with_waste(state, 3 * draw)  # a multiple of the draw count: reaches the redeal set
        assert k.state_key(state, rules_arr, MODE_SOLVE) == k.state_key(folded, rules_arr, MODE_SOLVE)
        assert k.state_key(state, rules_arr, MODE_OPTIMAL) != k.state_key(folded, rules_arr, MODE_OPTIMAL)


def never_moving_cards(state, rules: dict, reach: bool = True, base_moves: bool = True) -> list[int]:
    """Pattern M stated plainly on the reference state: the least sets of
    cards that ever move (``moved``) and of tableau cards that ever leave
    the card under them by a move of their own (``based``), closed under
    the conditions of the kernel's ``never_moves``; returns the cards not
    home and outside ``moved``.  With ``reach`` false, talon cards ignore
    what is in reach before the last pass (M as it was before
    ``in_reach_now``).  With ``base_moves`` false, a card counts as
    uncovered once every card on it has moved, carried or not, and any card
    that has moved counts as a place to build (M as it was before base
    moves were told apart)."""
    f2t = rules["foundation_to_tableau"]
    last_pass = rules["passes"] != UNLIMITED and state.passes_used >= rules["passes"]
    home = {s * 13 + r for s in range(4) for r in range(state.foundation[s])}
    where = {c: (p, i) for p, pile in enumerate(state.piles) for i, c in enumerate(pile)}
    moved: set[int] = set()
    based: set[int] = set()

    def uncovered(card):
        """A top now, or the card lying on it leaves it by a move of its own."""
        p, i = where[card]
        pile = state.piles[p]
        if not base_moves:
            return all(c in moved for c in pile[i + 1:])
        return i == len(pile) - 1 or pile[i + 1] in based

    def parent_usable(card, parent):
        if parent in home:
            return f2t
        if not base_moves and parent in moved:
            return True
        if not base_moves and card in where and parent in where and where[parent][0] == where[card][0] \
                and where[parent][1] < where[card][1]:
            return False  # under the card
        if parent not in where:
            return parent in moved  # in the talon: a top once played to the tableau
        return uncovered(parent)

    def on_the_waste_top_once_above_moved(card):
        """In the last pass a talon card leaves from the waste top: the waste
        cards above it leave first, and a stock card's turn group lands on it."""
        if not last_pass:
            return True
        if card in state.waste:
            above = state.waste[state.waste.index(card) + 1:]
        else:
            j, draw = state.stock.index(card), rules["draw"]
            above = state.stock[j + 1:(j // draw + 1) * draw]
        return all(c in moved for c in above)

    def in_reach_or_freed(card):
        """Before the last pass with draw k > 1, a talon card out of reach
        now first moves after a talon card below it or right above it."""
        draw = rules["draw"]
        if not reach or last_pass or draw == 1:
            return True
        talon = state.waste + state.stock
        j, w, n = talon.index(card), len(state.waste), len(talon)
        in_reach = {w - 1, n - 1} | set(range(w + draw - 1, n, draw)) | set(range(draw - 1, n, draw))
        return j in in_reach or any(c in moved for c in talon[:j]) or talon[j + 1] in moved

    def can_go_home(card):
        return all(card // 13 * 13 + r in home | moved for r in range(card % 13))

    def has_target(card):
        if card % 13 == 12:
            if not base_moves:
                return any(all(c in moved for c in pile) for pile in state.piles)
            return any(not pile or pile[0] in based for pile in state.piles)
        red = card // 13 in (1, 2)
        parents = [s * 13 + card % 13 + 1 for s in range(4) if (s in (1, 2)) != red]
        return any(parent_usable(card, q) for q in parents)

    changed = True
    while changed:
        changed = False
        for card in set(range(52)) - home:
            if card not in where:
                if card not in moved and (on_the_waste_top_once_above_moved(card) and in_reach_or_freed(card)
                                          and (has_target(card) or can_go_home(card))):
                    moved.add(card)
                    changed = True
                continue
            p, i = where[card]
            face_up = i >= state.down[p]
            if card not in based and (face_up or uncovered(card)) and (
                    has_target(card) or (uncovered(card) and can_go_home(card))):
                based.add(card)
                moved.add(card)
                changed = True
            elif card not in moved and face_up and i > state.down[p] and state.piles[p][i - 1] in moved:
                moved.add(card)  # carried by the card under it
                changed = True
    return sorted(set(range(52)) - home - moved)


def kernel_never_moves(state, rules) -> bool:
    arr = SPEC.encode(state, rules)
    return bool(never_moves(arr, SPEC.rules_array(rules)))


def test_never_moving_card_test_matches_its_plain_statement():
    """Pattern M in the kernel equals its plain statement, on positions of
    random games from real deals under each foundation_to_tableau setting."""
    rng = random.Random(21)
    fired = 0
    by_the_talon = 0  # fired only because of the last-pass talon order
    by_reach = 0  # fired only because of what is in reach before the last pass
    for rules in ({"draw": 1, "passes": "unlimited"}, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True},
                  {"draw": 1}, {"draw": 3, "foundation_to_tableau": True}):
        rules = parse_rules(SPEC, rules)
        for number in range(1, 151):
            state = play_randomly(SPEC.new_reference(make_deal("klondike", number).layout, rules), rng,
                                  rng.randrange(60))
            plain = bool(never_moving_cards(state, rules))
            assert kernel_never_moves(state, rules) == plain, (number, rules)
            fired += plain
            by_the_talon += plain and not never_moving_cards(state, dict(rules, passes=UNLIMITED), reach=False)
            by_reach += plain and not never_moving_cards(state, rules, reach=False)
    assert fired >= 5 and by_the_talon >= 3 and by_reach >= 3, (fired, by_the_talon, by_reach)


def test_a_card_that_never_moves_means_a_lost_position():
    """Every random late position pattern M rejects is lost by the search
    with every legal move."""
    rng = random.Random(17)
    hits = 0
    by_the_talon = 0  # lost positions caught only through the last-pass talon order
    by_reach = 0  # ... only through what is in reach before the last pass
    for rules in RULE_SETS:
        rules = parse_rules(SPEC, rules)
        for _ in range(150):
            reference = random_endgame(rng, rules)
            if not never_moving_cards(reference, rules):
                continue
            assert kernel_never_moves(reference, rules)
            truth = verdict(SPEC.encode(reference, rules), rules, MODE_ALL)
            assert truth is not True, "a card that can never move must mean a lost position"
            hits += truth is False
            by_the_talon += truth is False and not never_moving_cards(reference, dict(rules, passes=UNLIMITED), reach=False)
            by_reach += truth is False and not never_moving_cards(reference, rules, reach=False)
    assert hits >= 20 and by_the_talon >= 5 and by_reach >= 5, (hits, by_the_talon, by_reach)


def test_positions_rejected_only_by_telling_base_moves_apart_are_lost():
    """Random late positions (with runs built by random play) that pattern M
    rejects only because it tells a card's own moves from being carried,
    each lost by the search with every legal move."""
    rng = random.Random(29)
    hits = lost = 0
    for attempt in range(4800):
        rules = parse_rules(SPEC, RULE_SETS[attempt % len(RULE_SETS)])
        reference = random_endgame(rng, rules, max_left=rng.choice([16, 20, 24]))
        for _ in range(rng.randrange(4, 24)):
            moves = reference.legal_moves()
            if not moves:
                break
            reference.play(rng.choice(moves))
        if not never_moving_cards(reference, rules) or never_moving_cards(reference, rules, base_moves=False):
            continue
        hits += 1
        assert kernel_never_moves(reference, rules)
        truth = verdict(SPEC.encode(reference, rules), rules, MODE_ALL)
        assert truth is not True, f"a card kept covered for good must mean a lost position: {reference.render()}"
        lost += truth is False
    assert hits >= 20 and lost >= 20, (hits, lost)


def test_a_card_kept_covered_for_good_cannot_be_built_on():
    """From a search of deal 598 (draw 1, unlimited passes): 8C can leave pile
    7 only onto 9H (9D and 7C lie under it), and 9H carries 8S, which can go
    nowhere (9D is under 8C, 4S under everything).  9H may travel, but no
    card is ever built on it: lost, which only base moves show."""
    piles = ["KH QS JH", "7S 5S", "KS QH JS TH 9C", "KD", "QC JD", "TS 9H 8S", "4S KC 7C 9D QD JC 8C"]
    for f2t in (False, True):
        rules = parse_rules(SPEC, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": f2t})
        reference = SPEC.new_reference(make_deal("klondike", 598).layout, rules)
        reference.piles = [[cards.parse(c) for c in pile.split()] for pile in piles]
        reference.down = [0, 1, 0, 0, 0, 0, 6]
        reference.waste, reference.stock = [], [cards.parse(c) for c in "9S TC 6S TD".split()]
        reference.foundation = [6, 8, 8, 3]
        assert sorted(set(range(52)) - {c for p in reference.piles for c in p} - set(reference.stock)) == sorted(
            s * 13 + r for s in range(4) for r in range(reference.foundation[s]))  # 52 distinct cards
        assert cards.parse("8C") in never_moving_cards(reference, rules)
        assert not never_moving_cards(reference, rules, base_moves=False)
        assert kernel_never_moves(reference, rules)
        assert verdict(SPEC.encode(reference, rules), rules, MODE_ALL) is False


def test_deal_95_is_lost_at_the_deal_by_a_card_that_never_moves():
    """Deal 95 (draw 1, unlimited passes, foundation_to_tableau) was still
    unknown after 10 million nodes before pattern M: 13 of its cards can
    never move.  Regression pin: the every-move DFS leaves it unknown at 2 M
    nodes (``benchmarks/reprove_losses.py``); the proof is the plain
    never-moving-card statement above, itself checked against exhaustive
    search on random positions."""
    rules = parse_rules(SPEC, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True})
    deal = make_deal("klondike", 95)
    assert len(never_moving_cards(SPEC.new_reference(deal.layout, rules), rules)) == 13
    r = solve(deal, rules, max_nodes=1000)
    assert r.verdict == "unsolvable" and r.nodes < 10


def _safe_only_by_the_lower_pair_clause(state, card):
    """The second clause of ``safe_to_foundation`` (no foundation_to_tableau):
    ``card`` fits, the opposite-colour foundations hold r-2 or more but not
    both r-1, and the other suit of its colour holds r-2 or more."""
    rank, suit = card % 13 + 1, card // 13
    opposite = min(state.foundation[s] for s in range(4) if (s in (1, 2)) != (suit in (1, 2)))
    twin_suit = {0: 3, 3: 0, 1: 2, 2: 1}[suit]
    return (rank >= 3 and state.foundation[suit] == rank - 1 and opposite == rank - 2
            and state.foundation[twin_suit] >= rank - 2)


@pytest.mark.parametrize("rules", [{"draw": 1}, {"draw": 3, "passes": "unlimited"}])
def test_foundation_moves_safe_by_the_lower_pair_clause_keep_the_fewest_moves(rules):
    """Playing such a card up first loses no win and no move: on random late
    positions, the fewest moves (breadth-first search on the reference
    engine, every legal move) from the position equal one plus those from
    the position with the card played up, and the kernel calls it safe."""
    rules = parse_rules(SPEC, rules)
    rng = random.Random(23)
    compared = won = 0
    for _ in range(4000):
        reference = random_endgame(rng, rules, max_left=7)
        tops = [pile[-1] for pile in reference.piles if pile]
        card = next((c for c in tops if _safe_only_by_the_lower_pair_clause(reference, c)), None)
        if card is None:
            continue
        assert k.safe_to_foundation(SPEC.encode(reference, rules), card, False)
        after = reference.copy()
        after.play(f"{cards.name(card)}>f")
        fewest, fewest_after = fewest_moves_from(reference, limit=4_000), fewest_moves_from(after, limit=4_000)
        if -1 in (fewest, fewest_after):
            continue
        assert fewest == (None if fewest_after is None else fewest_after + 1), (reference.piles, reference.foundation)
        compared += 1
        won += fewest is not None
        if compared == 30:
            break
    assert compared >= 20 and won >= 5, (compared, won)


def _moves(state, rules_arr, mode):
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    return [int(m) for m in out[:k.gen_moves(state, rules_arr, out, mode)]]


def _one_empty_pile(state, move):
    """The move with an empty destination pile renamed to the first empty
    pile: the search folds pile order, so it uses one empty pile for all."""
    dest = k.move_b(move)
    if k.move_kind(move) in (k.T2F, k.W2F) or k.pile_len(state, dest) != 0:
        return move
    first = min(p for p in range(k.PILES) if k.pile_len(state, p) == 0)
    return move - (dest << 12) + (first << 12)


def _serves(state, move, waiting):
    """Does ``move`` build on the waiting card, or put a King into an empty
    pile (other than a whole pile headed by a King: the same position)?"""
    kind, dest = k.move_kind(move), k.move_b(move)
    if kind in (k.T2F, k.W2F):
        return False
    if waiting == k.WAIT_KING:
        whole_pile = kind == k.T2T and k.move_c(move) == k.pile_len(state, k.move_a(move))
        return k.pile_len(state, dest) == 0 and not whole_pile
    n = k.pile_len(state, dest)
    return n > 0 and k.pile_card(state, dest, n - 1) == waiting


def _moved_card(state, move):
    """The card a move takes: a run's base, a talon card, or a foundation's top."""
    kind, a = k.move_kind(move), k.move_a(move)
    if kind == k.T2T:
        return k.pile_card(state, a, k.pile_len(state, a) - k.move_c(move))
    if kind == k.F2T:
        return a * 13 + int(state[a]) - 1
    return int(state[k.TALON + a])


@pytest.mark.parametrize("rules", [{"draw": 1, "passes": "unlimited"}, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True},
                                   {"draw": 3}])
def test_a_waiting_position_makes_exactly_the_moves_that_serve_it(rules):
    """After a talon play (draw 1, unlimited passes) or a move emptying a
    pile, the search makes only the moves that build on the played card (or
    put a King into the emptied pile), and of those every legal one whose
    moved card could usefully be built on (``useful_builders``: the serving
    move of a winning line moves such a card, gen_moves part 0)."""
    rules = parse_rules(SPEC, rules)
    rules_arr = SPEC.rules_array(rules)
    talon_waits = rules["draw"] == 1 and rules["passes"] == UNLIMITED
    rng = random.Random(3)
    waits = {"talon": 0, "king": 0, "left out": 0}
    for deal in range(1, 40):
        state = SPEC.encode(SPEC.new_reference(make_deal("klondike", deal).layout, rules), rules)
        for _ in range(60):
            reduced = _moves(state, rules_arr, MODE_SOLVE)
            for move in (m for m in reduced if m & k.WAIT_BIT):
                child = np.zeros_like(state)
                k.apply_move(state, rules_arr, move, child)
                waiting = int(child[k.WAITING]) - 1
                assert waiting >= 0
                waits["king" if waiting == k.WAIT_KING else "talon"] += 1
                useful = int(k.useful_builders(child, rules["foundation_to_tableau"], talon_waits, 0))
                serving = {_one_empty_pile(child, m) for m in _moves(child, rules_arr, MODE_ALL) if _serves(child, m, waiting)}
                kept = {m for m in serving if useful >> _moved_card(child, m) & 1}
                assert {_one_empty_pile(child, m & ~k.WAIT_BIT) for m in _moves(child, rules_arr, MODE_SOLVE)} == kept
                waits["left out"] += len(serving) - len(kept)
            legal = _moves(state, rules_arr, MODE_ALL)
            if not legal:
                break
            child = np.zeros_like(state)
            k.apply_move(state, rules_arr, rng.choice(legal), child)
            state = child
    assert (waits["left out"] >= 10) == talon_waits, waits
    assert waits["king"] >= 5 and (waits["talon"] >= 20) == (rules["passes"] == UNLIMITED), waits


def test_two_kings_brought_back_for_one_queen_are_found():
    """Why foundation returns do not wait (``gen_moves`` part 0): to
    free 9C (and 8C under it) the only line brings back KS and KD to the two
    empty piles and then QD onto KS, a move serving both returns.  Requiring
    each return to be followed by a move serving it would miss the win."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True})
    reference = SPEC.new_reference(make_deal("klondike", 1).layout, rules)
    reference.piles = [[], [], [], [], [cards.parse(n) for n in ("KC", "JC", "8C", "TC", "QC", "9C")], [], []]
    reference.down = [0, 0, 0, 0, 5, 0, 0]
    reference.foundation, reference.waste, reference.stock = [7, 13, 13, 13], [], []
    state = SPEC.encode(reference, rules)
    assert verdict(state, rules, MODE_ALL) is True
    assert verdict(state, rules, MODE_SOLVE) is True


def test_deals_66_82_138_are_lost_at_once_by_talon_cards_out_of_reach():
    """Draw 3, unlimited passes, foundation_to_tableau: deals 66, 82 and 138
    took 318k, 339k and 1.94M nodes to prove lost before pattern M knew
    which talon cards are in reach; the plain statement finds never-moving
    cards at the deal only with that knowledge.  The every-move DFS (no
    reduction) exhausts 66 and 82 within 2 M nodes and leaves 138 unknown
    there (``benchmarks/reprove_losses.py``): 138 is a regression pin."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True})
    for number in (66, 82, 138):
        deal = make_deal("klondike", number)
        reference = SPEC.new_reference(deal.layout, rules)
        assert never_moving_cards(reference, rules) and not never_moving_cards(reference, rules, reach=False)
        r = solve(deal, rules, max_nodes=1000)
        assert r.verdict == "unsolvable" and r.nodes < 10, (number, r.verdict, r.nodes)


def useful_builders_plainly(reference, f2t: bool, talon_waits: bool = False) -> set[int]:
    """``useful_builders`` said plainly: cards that could usefully be built on
    a card placed now.  Face-up tableau cards that are their pile's lowest
    face-up card (over face-down cards, or at the bottom of the pile if some
    King lies face up on face-down cards, in the talon or, with
    foundation_to_tableau, on its foundation) or lie on a card that fits its
    foundation, and talon cards,
    except Aces and 2s whose Ace is home; when talon plays wait, a talon card
    only if one of these could be built on it, in turn; with
    foundation_to_tableau also every foundation card whose return would be
    useful: one of those could be built on it, or on a card below it on its
    foundation."""
    talon = set(reference.waste) | set(reference.stock)
    kings = [c for c in cards.ALL_CARDS if cards.rank(c) == 13]
    king_room = any(c in talon or (f2t and reference.foundation[cards.suit(c)] == 13) for c in kings) or any(
        reference.down[p] > 0 and len(pile) > reference.down[p] and cards.rank(pile[reference.down[p]]) == 13
        for p, pile in enumerate(reference.piles))
    off = {pile[i] for p, pile in enumerate(reference.piles) for i in range(reference.down[p], len(pile))
           if (i == reference.down[p] and (i > 0 or king_room)) or (i > reference.down[p] and reference.fits_foundation(pile[i - 1]))}
    if not talon_waits:
        off |= talon
    useful = {c for c in off if cards.rank(c) > 2 or (cards.rank(c) == 2 and reference.foundation[cards.suit(c)] == 0)}

    def builders(card):
        return {c for c in cards.ALL_CARDS
                if cards.rank(c) == cards.rank(card) - 1 and cards.is_red(c) != cards.is_red(card)}

    on_foundation = [c for c in cards.ALL_CARDS if reference.foundation[cards.suit(c)] >= cards.rank(c)] if f2t else []
    waiting = sorted(talon) if talon_waits else []
    changed = True
    while changed:  # a fixpoint, in no particular order
        changed = False
        for c in waiting:
            if c not in useful and builders(c) & useful:
                useful.add(c)
                changed = True
        for c in on_foundation:
            below = [cards.make(r, cards.suit(c)) for r in range(cards.rank(c), 0, -1)]
            if c not in useful and any(builders(b) & useful for b in below):
                useful.add(c)
                changed = True
    return useful


@pytest.mark.parametrize("f2t", [False, True])
@pytest.mark.parametrize("draw", [1, 3])
def test_useful_builders_match_their_plain_statement(f2t, draw):
    """Draw 1 with unlimited passes is where talon plays wait (and count
    only with a chain of builders); draw 3 counts every talon card."""
    rules = parse_rules(SPEC, {"draw": draw, "passes": "unlimited", "foundation_to_tableau": f2t})
    talon_waits = draw == 1
    rng = random.Random(21)
    positions = with_foundation_cards = talon_left_out = 0
    for deal in range(1, 25):
        reference = SPEC.new_reference(make_deal("klondike", deal).layout, rules)
        for _ in range(150):
            state = SPEC.encode(reference, rules)
            mask = int(k.useful_builders(state, f2t, talon_waits, 0))
            useful = {c for c in range(52) if mask >> c & 1}
            assert useful == useful_builders_plainly(reference, f2t, talon_waits), reference.render()
            positions += 1
            with_foundation_cards += any(reference.foundation[cards.suit(c)] >= cards.rank(c) for c in useful)
            talon_left_out += any(cards.rank(c) > 2 and c not in useful for c in reference.waste + reference.stock)
            moves = reference.legal_moves()
            if not moves:
                break
            reference.play(rng.choice(moves))
    assert positions > 1000 and (with_foundation_cards > 50) == f2t, (positions, with_foundation_cards)
    assert (talon_left_out > 100) == talon_waits, talon_left_out


def test_a_card_comes_back_only_for_a_builder_off_the_foundations():
    """Draw 1, unlimited, foundation_to_tableau; foundations at 6C 5D 4H 3S.
    6C and 5D may come back (the lowest foundation holds 3) onto 7H and 6S,
    and 5D could go on 6C, 3S on 4D, and so on; but every card off the foundations
    that such a chain could ever carry (5H, 4S, 5S) is face down, so nothing
    from the tableau or the talon would end on it: no return is made.  Turn
    5H face up and 6C comes back for it (not 5D: 4S is still face down)."""
    rules = parse_rules(SPEC, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True})
    rules_arr = SPEC.rules_array(rules)
    C = cards.parse
    reference = SPEC.new_reference(make_deal("klondike", 1).layout, rules)
    reference.foundation = [6, 5, 4, 3]
    piles = [["5H", "KC"], ["4S", "KD"], ["5S", "KH"], ["KS"], ["7C", "7D", "8C", "QH"], ["7H"], ["6S"]]
    reference.piles = [[C(n) for n in pile] for pile in piles]
    reference.down = [max(len(pile) - 1, 0) for pile in piles]
    placed = {c for pile in reference.piles for c in pile}
    reference.waste = []
    reference.stock = [c for c in cards.ALL_CARDS if cards.rank(c) > reference.foundation[cards.suit(c)] and c not in placed]
    assert len(reference.stock) == 21 and all(cards.rank(c) >= 6 for c in reference.stock)

    def returned_suits(ref):
        moves = _moves(SPEC.encode(ref, rules), rules_arr, MODE_SOLVE)
        assert moves, "the position has moves"
        return {k.move_a(m) for m in moves if k.move_kind(m) == k.F2T}

    assert returned_suits(reference) == set()
    reference.piles[0], reference.down[0] = [C("KC"), C("5H")], 1
    assert returned_suits(reference) == {0}  # clubs


@pytest.mark.parametrize("f2t", [False, True])
def test_a_talon_card_is_played_only_for_a_chain_that_ends_off_the_talon(f2t):
    """Draw 1, unlimited passes: a talon card is played to the tableau only
    if a card could at once be built on it, and a talon card counts as
    such a builder only if something could be built on it in turn.  8S
    could go on 9H, and only 7D or 7H (both in the talon) on 8S; 6C and 6S
    (the only cards for 7D and 7H) are face down, so 8S stays in the
    talon.  Turn 6C face up (it does not fit its foundation: 4C and 5C are
    face down) and 8S is played onto 9H."""
    rules = parse_rules(SPEC, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": f2t})
    rules_arr = SPEC.rules_array(rules)
    C = cards.parse
    reference = SPEC.new_reference(make_deal("klondike", 1).layout, rules)
    reference.foundation = [3, 6, 6, 5]  # clubs, diamonds, hearts, spades
    piles = [["6C", "KC"], ["6S", "KD"], ["9H"], ["4C", "7C", "8C", "9C", "TC", "JC", "KH"],
             ["5C", "QC", "8D", "9D", "TD", "JD", "KS"], ["QD", "8H", "TH", "JH", "QH"], ["7S", "9S", "TS", "JS", "QS"]]
    reference.piles = [[C(n) for n in pile] for pile in piles]
    reference.down = [len(pile) - 1 for pile in piles]
    reference.waste, reference.stock = [], [C("7D"), C("8S"), C("7H")]
    placed = [c for pile in reference.piles for c in pile] + reference.stock
    assert sorted(placed) == sorted(c for c in cards.ALL_CARDS if cards.rank(c) > reference.foundation[cards.suit(c)])

    def played_from_talon(ref):
        moves = _moves(SPEC.encode(ref, rules), rules_arr, MODE_SOLVE)
        assert moves, "the position has moves"
        talon = ref.waste + ref.stock
        return {cards.name(talon[k.move_a(m)]) for m in moves if k.move_kind(m) == k.W2T}

    assert played_from_talon(reference) == set()
    reference.piles[0], reference.down[0] = [C("KC"), C("6C")], 1
    assert played_from_talon(reference) == {"8S"}


def twin_swapped(reference):
    """The position with the stacks on two face-up twins exchanged (the
    first such pair with something on at least one of them), or None."""
    where = {c: (p, i) for p, pile in enumerate(reference.piles) for i, c in enumerate(pile) if i >= reference.down[p]}
    for card, (p, i) in where.items():
        twin = twin_of(card)
        if twin not in where or twin < card:
            continue
        q, j = where[twin]
        above, above_twin = reference.piles[p][i + 1:], reference.piles[q][j + 1:]
        if not above and not above_twin:
            continue
        other = reference.copy()
        other.piles[p] = reference.piles[p][:i + 1] + above_twin
        other.piles[q] = reference.piles[q][:j + 1] + above
        return other
    return None


def test_twin_swapped_positions_are_won_alike():
    """What the one-twin reduction (``gen_moves``) rests on: exchanging what
    lies on two face-up cards of the same rank and colour never changes
    whether the position can be won (exhaustive search, every legal move)."""
    rng = random.Random(5)
    counts = {True: 0, False: 0}
    for rules in RULE_SETS[3:]:
        rules = parse_rules(SPEC, rules)
        for _ in range(400):
            reference = random_endgame(rng, rules, max_left=16)
            for _ in range(rng.randrange(2, 10)):
                moves = [m for m in reference.legal_moves() if ">t" in m]
                if not moves:
                    break
                reference.play(rng.choice(moves))
            other = twin_swapped(reference)
            if other is None:
                continue
            truth = verdict(SPEC.encode(reference, rules), rules, MODE_ALL)
            if truth is None:
                continue
            assert verdict(SPEC.encode(other, rules), rules, MODE_ALL) == truth, reference.render()
            counts[truth] += 1
    assert counts[True] >= 20 and counts[False] >= 5, counts


def test_a_card_goes_onto_one_of_two_twin_tops():
    """With 8H and 8D both pile tops, 7S (next in the stock) is offered one
    of them when the solver asks "can it be won", both with every move."""
    rules = parse_rules(SPEC, {"draw": 1})
    rules_arr = SPEC.rules_array(rules)
    C = cards.parse
    reference = SPEC.new_reference(make_deal("klondike", 1).layout, rules)
    tops = [["KC", "8H"], ["KD", "8D"], ["KS", "QH"], ["KH", "QS"], ["QD"], ["QC"], ["JH"]]
    placed = {C(n) for pile in tops for n in pile} | {C("7S")}
    rest = sorted(c for c in cards.ALL_CARDS if c not in placed)  # Aces first: face down
    reference.piles = [[C(n) for n in pile] for pile in tops[:4]]
    for top in tops[4:]:
        reference.piles.append(rest[:6] + [C(top[0])])
        rest = rest[6:]
    reference.down = [len(pile) - 1 for pile in reference.piles]
    reference.foundation, reference.waste, reference.stock = [0, 0, 0, 0], [], [C("7S")] + rest
    assert len(reference.stock) == 23
    state = SPEC.encode(reference, rules)

    def onto(mode):
        return {k.move_b(m) for m in _moves(state, rules_arr, mode) if k.move_kind(m) == k.W2T and k.move_a(m) == 0}

    assert onto(MODE_ALL) == {0, 1}
    assert len(onto(MODE_SOLVE)) == 1


def twin_canonical(reference):
    """The plain statement of ``kernel.class_key``'s fold: going down the
    ranks, for each pair of face-up twins the stack on the club or diamond
    starts with no card or the lower card (a club or diamond first);
    returned as the piles, pile order ignored."""
    piles = [list(pile) for pile in reference.piles]
    for rank in range(13, 1, -1):
        for low_suit, high_suit in ((0, 3), (1, 2)):
            e, e2 = low_suit * 13 + rank - 1, high_suit * 13 + rank - 1
            where = {c: (p, i) for p, pile in enumerate(piles) for i, c in enumerate(pile) if i >= reference.down[p]}
            if e not in where or e2 not in where:
                continue
            (p, i), (q, j) = where[e], where[e2]
            on_e = piles[p][i + 1] if i + 1 < len(piles[p]) else -1
            on_e2 = piles[q][j + 1] if j + 1 < len(piles[q]) else -1
            if on_e > on_e2:
                piles[p], piles[q] = piles[p][:i + 1] + piles[q][j + 1:], piles[q][:j + 1] + piles[p][i + 1:]
    return sorted((reference.down[p] if piles[p] else 0, tuple(pile)) for p, pile in enumerate(piles))


def class_key_of(reference, rules, mode=MODE_SOLVE):
    return k.class_key(SPEC.encode(reference, rules), SPEC.rules_array(rules), mode)


def test_class_key_folds_exactly_the_twin_swapped_positions():
    """Two positions share a class key exactly when their twin stacks put in
    order (``twin_canonical``) give the same piles, with the same
    foundations and talon; a twin-swapped position shares its original's.
    Positions of random lines from real deals."""
    rng = random.Random(11)
    rules = parse_rules(SPEC, {"draw": 3, "passes": 3, "foundation_to_tableau": True})  # waste counts not folded
    keys, swapped, reordered = {}, 0, 0
    for number in range(1, 41):
        reference = play_randomly(SPEC.new_reference(make_deal("klondike", number).layout, rules), rng,
                                  rng.randrange(80), prefer=lambda move: ">t" in move)  # tableau moves build stacks
        canonical = (tuple(reference.foundation), tuple(reference.waste), tuple(reference.stock),
                     reference.passes_used, tuple(twin_canonical(reference)))
        reordered += canonical[4] != tuple(sorted((reference.down[p] if pile else 0, tuple(pile))
                                                  for p, pile in enumerate(reference.piles)))
        key = class_key_of(reference, rules)
        assert keys.setdefault(key, canonical) == canonical
        assert key != k.state_key(SPEC.encode(reference, rules), SPEC.rules_array(rules), MODE_SOLVE)
        assert class_key_of(reference, rules, MODE_OPTIMAL) == 0
        other = twin_swapped(reference)
        if other is not None:
            swapped += 1
            assert class_key_of(other, rules) == key
    assert swapped >= 10 and reordered >= 10, (swapped, reordered)


def test_proved_visits_are_marked_bit_by_bit_across_words():
    bits = np.zeros(4, dtype=np.uint64)
    for first, last in ((3, 3), (60, 130), (200, 255)):
        engine._mark(bits, first, last)
    marked = [v for v in range(256) if engine._is_marked(bits, v)]
    assert marked == [3] + list(range(60, 131)) + list(range(200, 256))


def test_class_folding_keeps_every_verdict_and_proves_deal_101_sooner(monkeypatch):
    """Skipping positions whose class was proved lost decides no deal
    differently, keeps draw 3 / unlimited / f2t deals 6, 15 and 37 won (wins
    that skipping merely *seen* classes lost), and proves draw 1 /
    unlimited / f2t deal 101 lost within a million positions, which the
    table of positions alone does not do."""
    d3f = {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}
    for number in (6, 15, 37):
        assert solve(make_deal("klondike", number), d3f, max_nodes=1_000_000).verdict == "solved", number
    for rules in (d3f, {"draw": 1}):
        decided = 0
        for number in range(1, 21):
            found = {}
            for folding in (True, False):
                monkeypatch.setattr(type(SPEC.search), "class_folding", folding)
                found[folding] = solve(make_deal("klondike", number), rules, max_nodes=150_000).verdict
            if "unknown" not in found.values():
                assert found[True] == found[False], (rules, number, found)
                decided += 1
        assert decided >= 12, (rules, decided)  # 14 and more at 150k nodes
    rules = parse_rules(SPEC, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True})
    root = SPEC.encode(SPEC.new_reference(make_deal("klondike", 101).layout, rules), rules)
    for folding, expected in ((True, engine.EXHAUSTED), (False, engine.BUDGET)):
        monkeypatch.setattr(type(SPEC.search), "class_folding", folding)
        status, stack = search_position(SPEC, root, SPEC.rules_array(rules), MODE_SOLVE, max_nodes=1_000_000,
                                        tt_mb=256)
        assert status == expected and not stack.ctl[engine.CUTOFF], folding


# --- every reduction's switch --------------------------------------------------
# ``SPEC.rules_array(rules, off=(name,))`` switches one reduction off.  For
# each: on random late positions where it acts (the move list, the key or the
# dead-end test differs with it off), the search with it off gives the same
# verdict, and for a reduction used for shortest wins the same length; and it
# acted on at least a floor of positions.

D1, D3 = {"draw": 1}, {"draw": 3}
D1U, D3U = {"draw": 1, "passes": "unlimited"}, {"draw": 3, "passes": "unlimited"}
D1U_F2T = {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True}
D3U_F2T = {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}
D2P2_F2T = {"draw": 2, "passes": 2, "foundation_to_tableau": True}


def switch_positions(rules, seed, count, max_left):
    """``count`` random late positions under ``rules``, some with runs built
    by a few random tableau moves."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        reference = random_endgame(rng, rules, max_left=max_left)
        play_randomly(reference, rng, rng.randrange(8), prefer=lambda move: ">t" in move)
        found.append(SPEC.encode(reference, rules))
    return found


def two_for_a_return_positions(rules, seed, count, max_left):
    """Positions where a 2 whose Ace is home could use a foundation return:
    clubs home to 3, hearts to the Ace, diamonds and spades complete; the
    22 other cards spread at random over a few piles and the talon, 2H in
    the talon.  3C may come back (the hearts foundation is lowest) onto 4H
    or 4D, and only 2H, or 2D from its foundation, could be built on it."""
    rng = random.Random(seed)
    found = []
    rest = [c for c in cards.ALL_CARDS if (c // 13 == 0 and c % 13 >= 3) or (c // 13 == 2 and c % 13 >= 1)]
    two = cards.parse("2H")
    while len(found) < count:
        reference = SPEC.new_reference(make_deal("klondike", 1).layout, rules)
        reference.foundation = [3, 13, 1, 13]
        shuffled = [c for c in rest if c != two]
        rng.shuffle(shuffled)
        split = rng.randrange(len(shuffled) // 2)
        talon, tableau = [two] + shuffled[:split], shuffled[split:]
        rng.shuffle(talon)
        reference.piles = [[] for _ in range(7)]
        used = rng.sample(range(7), rng.randrange(3, 8))
        for card in tableau:
            room = [p for p in used if len(reference.piles[p]) < 7]
            (reference.piles[rng.choice(room)] if room else talon).append(card)
        reference.down = [max(len(pile) - 1 - rng.randrange(2), 0) for pile in reference.piles]
        w = rng.randrange(len(talon) + 1)
        reference.waste, reference.stock, reference.passes_used = talon[:w], talon[w:], 1
        found.append(SPEC.encode(reference, rules))
    return found


def moves_in(state, rules_arr, mode=MODE_SOLVE):
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    return [int(m) for m in out[:k.gen_moves(state, rules_arr, out, mode)]]


def moves_differ(mode):
    return lambda state, on, off: moves_in(state, on, mode) != moves_in(state, off, mode)


def cut_as_dead_end(state, on, off):
    return not moves_in(state, on) and bool(moves_in(state, off))


def waiting_child_has_fewer_moves(state, on, off):
    """A move leads to a waiting position, whose moves are fewer than those
    of the same position not waiting."""
    for move in moves_in(state, on):
        if move & k.WAIT_BIT:
            child = np.zeros_like(state)
            k.apply_move(state, on, move, child)
            free = child.copy()
            free[k.WAITING] = 0
            if len(moves_in(child, on)) < len(moves_in(free, off)):
                return True
    return False


def moves_differ_here_or_where_it_waits(state, on, off):
    """The moves differ, here or in a waiting position a move leads to
    (where the rules on the moved card still judge the serving moves)."""
    if moves_in(state, on) != moves_in(state, off):
        return True
    for move in moves_in(state, on):
        if move & k.WAIT_BIT:
            child = np.zeros_like(state)
            k.apply_move(state, on, move, child)
            if moves_in(child, on) != moves_in(child, off):
                return True
    return False


def keys_differ(state, on, off):
    return k.state_key(state, on, MODE_SOLVE) != k.state_key(state, off, MODE_SOLVE)


def class_keys_differ(state, on, off):
    return k.class_key(state, on, MODE_SOLVE) != k.class_key(state, off, MODE_SOLVE)


def marks_dominated(state, on, off):
    def marked(rules_arr):
        keys, vals, stamps = np.zeros(256, np.uint64), np.zeros(256, np.int32), np.zeros(256, np.uint32)
        k.mark_dominated(state, rules_arr, MODE_SOLVE, keys, vals, stamps, np.uint32(1), np.int32(0))
        return int((stamps == 1).sum())
    return marked(on) > 0 and marked(off) == 0


def bounds_differ(state, on, off):
    return k.lower_bound(state, on) != k.lower_bound(state, off)


# name: (rule sets, how it shows it acted, positions per rule set, most cards
# left off the foundations, least number of positions it must act on)
SWITCH_CASES = {
    "safe_tableau_to_foundation": ([D1, D3U_F2T], moves_differ(MODE_SOLVE), 60, 14, 20),
    "safe_waste_to_foundation": ([D1, {"draw": 1, "passes": 2}], moves_differ(MODE_SOLVE), 200, 18, 15),
    "safe_talon_to_foundation": ([D1U, D1U_F2T], moves_differ(MODE_SOLVE), 80, 14, 15),
    "one_empty_pile": ([D1, D3U_F2T], moves_differ(MODE_SOLVE), 80, 14, 15),
    "no_king_pile_to_empty": ([D3, D3U_F2T], moves_differ(MODE_SOLVE), 80, 16, 15),
    "partial_runs_for_foundation": ([D3U_F2T, D2P2_F2T], moves_differ(MODE_SOLVE), 200, 16, 15),
    "one_twin_target": ([D1, D3U_F2T], moves_differ(MODE_SOLVE), 200, 16, 10),
    "whole_pile_for_king": ([D3, D3U_F2T], moves_differ(MODE_SOLVE), 600, 14, 10),
    "talon_play_for_builder": ([D1U, D1U_F2T], moves_differ(MODE_SOLVE), 300, 18, 20),
    "talon_builder_chains": ([D1U, D1U_F2T], moves_differ(MODE_SOLVE), 300, 18, 10),
    "no_ace_or_two_builders": ([D3U_F2T], moves_differ_here_or_where_it_waits, 150, 22, 10),
    "waiting_positions": ([D1U_F2T, D3U_F2T], waiting_child_has_fewer_moves, 200, 18, 20),
    "return_above_lowest": ([D3U_F2T, D2P2_F2T], moves_differ(MODE_OPTIMAL), 300, 14, 10),
    "return_when_useful": ([D1U_F2T, D2P2_F2T], moves_differ(MODE_SOLVE), 300, 14, 20),
    "blocked_cards": ([D3, D2P2_F2T], cut_as_dead_end, 200, 18, 15),  # passes left: no pattern M
    "never_moving_cards": ([D1, D3U], cut_as_dead_end, 300, 18, 15),
    "waste_count_folding": ([D1U, D3U], keys_differ, 40, 14, 20),
    "dominance_marks": ([D3U, D3U_F2T], marks_dominated, 60, 14, 15),
    "class_folding": ([D1, D3U_F2T], class_keys_differ, 30, 16, 20),
    "twin_folding": ([D1U_F2T, D3U_F2T], class_keys_differ, 150, 18, 15),
    "bound_pile_blockers": ([D1, D3], bounds_differ, 40, 12, 10),
    "bound_waste_blockers": ([D1, D3], bounds_differ, 150, 12, 10),
}
SAMPLERS = {"no_ace_or_two_builders": two_for_a_return_positions}  # else ``switch_positions``
VERDICTS_PER_CASE = 25  # positions per switch whose verdicts are compared (where it acted)


def test_every_reduction_has_a_switch_and_no_switch_changes_the_default_array():
    names = [r.name for r in SPEC.reductions]
    assert len(set(names)) == len(names) and len({r.bit for r in SPEC.reductions}) == len(names)
    assert set(names) == set(SWITCH_CASES) | {"draw_one_relaxation"}
    assert all(r.questions in ("solve", "optimal", "solve+optimal") for r in SPEC.reductions)
    rules = parse_rules(SPEC, D3U_F2T)
    plain = SPEC.rules_array(rules)
    assert list(plain) == [3, 0, 1, 0]
    for r in SPEC.reductions:
        arr = SPEC.rules_array(rules, off=(r.name,))
        assert list(arr[:k.R_OFF]) == list(plain[:k.R_OFF]) and arr[k.R_OFF] == r.bit
    with pytest.raises(RuleError, match="no reduction .nonsense."):
        SPEC.rules_array(rules, off=("nonsense",))


def questions_of(name):
    return next(r.questions for r in SPEC.reductions if r.name == name)


@pytest.mark.parametrize("name", sorted(SWITCH_CASES))
def test_switching_a_reduction_off_keeps_the_verdict_where_it_acts(name):
    rule_sets, fired, count, max_left, floor = SWITCH_CASES[name]
    optimal = "optimal" in questions_of(name)
    acted = compared = compared_lengths = 0
    for seed, rules in enumerate(rule_sets):
        rules = parse_rules(SPEC, rules)
        on, off = SPEC.rules_array(rules), SPEC.rules_array(rules, off=(name,))
        for state in SAMPLERS.get(name, switch_positions)(rules, seed, count, max_left):
            if not fired(state, on, off):
                continue
            acted += 1
            if compared >= VERDICTS_PER_CASE * (seed + 1):
                continue
            with_it = position_verdict(SPEC, state, on, MODE_SOLVE, max_nodes=100_000, tt_mb=16)
            without = position_verdict(SPEC, state, off, MODE_SOLVE, max_nodes=100_000, tt_mb=16)
            if UNKNOWN in (with_it, without):
                continue
            assert with_it == without, (name, rules, state.tobytes().hex())
            compared += 1
            if optimal and compared_lengths < 8 * (seed + 1):
                length = shortest_length(SPEC, state, on, MODE_OPTIMAL, max_nodes=100_000, tt_mb=16)
                if length != -1:  # None: no win
                    assert shortest_length(SPEC, state, off, MODE_OPTIMAL, max_nodes=100_000, tt_mb=16) == length
                    compared_lengths += 1
    assert acted >= floor and compared >= min(floor, 10), (name, acted, compared)
    assert not optimal or compared_lengths >= 3, (name, compared_lengths)


def test_switching_the_draw_one_relaxation_off():
    """Draw 3 positions whose search within a small budget leaves them to
    the relaxation, which proves them lost (draw 1 / unlimited passes, a
    few hundred positions): with it switched off the same budget proves
    nothing and ``relaxed_rules`` offers none; a full search with every
    reduction but it finds each lost."""
    rules = parse_rules(SPEC, D3)
    on, off = SPEC.rules_array(rules), SPEC.rules_array(rules, off=("draw_one_relaxation",))
    assert SPEC.search.relaxed_rules(on) is not None and SPEC.search.relaxed_rules(off) is None
    rng = random.Random(3)
    proved = 0
    for _ in range(600):
        reference = random_endgame(rng, rules, max_left=24)
        with_it = solve_position("klondike", reference, rules, max_nodes=300, tt_mb=16, rules_arr=on)
        if not with_it.proof:
            continue
        assert with_it.verdict == UNSOLVABLE and "draw 1 / unlimited passes" in with_it.proof
        without = solve_position("klondike", reference, rules, max_nodes=300, tt_mb=16, rules_arr=off)
        assert without.proof == "" and without.verdict != SOLVED
        state = SPEC.encode(reference, rules)
        assert position_verdict(SPEC, state, off, MODE_SOLVE, max_nodes=400_000, tt_mb=16) == UNSOLVABLE
        proved += 1
    assert proved >= 8, proved
