"""What a blind player sees: an observation holds no card the player has not
seen, and the worlds sampled from it are exactly the completions of it."""
import gc
import pickle
from collections import Counter

import numpy as np
import pytest

from blind_helpers import SWAPS, first_reveal, observations_along, seen_along, swap_case
from solitaire import cards
from solitaire.blind.game import play_game
from solitaire.blind.games import kit
from solitaire.blind.observation import UNSEEN, BlindError, check_hidden, sample
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.base import ReferenceState
from solitaire.rules import parse_rules
from solitaire.solver import solve


def hidden_cards(state, game: str, hidden: str, seen) -> set[int]:
    """The cards of the true position a player cannot see: face down, or in the stock and not seen."""
    if game in ("klondike", "yukon"):
        down = state.down if game == "klondike" else state.face_down
        out = {c for p, pile in enumerate(state.piles) for c in pile[:down[p]]}
        if game == "klondike":
            out |= {c for c in state.stock if c not in seen}
        return out
    if game == "pyramid":
        return {c for c in state.stock if c not in seen}
    return set()


def reachable(root) -> list:
    """Every object reachable from ``root`` (what a policy given it could reach)."""
    out, todo, ids = [], [root], set()
    while todo:
        obj = todo.pop()
        if id(obj) in ids or isinstance(obj, type):
            continue
        ids.add(id(obj))
        out.append(obj)
        todo.extend(gc.get_referents(obj))
    return out


CASES = [("klondike", {"draw": 1}, "tableau+stock", 3), ("klondike", {"draw": 3}, "tableau", 24),
         ("klondike", {"draw": 3, "passes": "unlimited"}, "tableau+stock", 24),
         ("yukon", {}, "tableau+stock", 3), ("pyramid", {"preset": "microsoft"}, "tableau+stock", 5),
         ("pyramid", {"draw": 3}, "tableau+stock", 9), ("pyramid", {}, "tableau", 7),
         ("bakers-dozen", {}, "tableau+stock", 4)]


@pytest.mark.parametrize("game, rules, hidden, number", CASES)
def test_an_observation_holds_no_hidden_card(game, rules, hidden, number):
    """Along a greedy game: the cards in the observation's places are all seen,
    none is hidden in the true position, ``unseen`` is exactly the hidden
    cards, and nothing reachable from the observation is a position."""
    deal = make_deal(game, number)
    result = play_game(deal, rules, "greedy", hidden=hidden)
    spec = get_game(game)
    state = spec.new_reference(deal.layout, parse_rules(spec, rules))
    observations = observations_along(deal, rules, hidden, result.moves)
    seen_sets = seen_along(deal, rules, hidden, result.moves)
    assert len(result.moves) > 5
    for i, (obs, seen) in enumerate(zip(observations, seen_sets)):
        hidden_now = hidden_cards(state, spec.name, hidden, seen)
        placed = obs.placed_cards()
        assert set(placed) <= obs.seen and not set(placed) & hidden_now
        assert obs.unseen == hidden_now == frozenset(cards.ALL_CARDS) - seen
        assert len(obs.places()) == len(obs.unseen)
        assert not any(isinstance(o, ReferenceState) for o in reachable(obs))
        if i < len(result.moves):
            state.play(result.moves[i])
    if game == "bakers-dozen" or hidden == "tableau" and game == "pyramid":
        assert not observations[0].unseen  # nothing hidden: blind play is thoughtful play


@pytest.mark.parametrize("case", SWAPS, ids=[f"{c[0]}-{c[2]}-{c[3]}" for c in SWAPS])
def test_two_unseen_cards_swapped_give_the_same_observations(case):
    """The observations of a deal and of the deal with two unseen cards
    exchanged are equal, field by field, repr and pickle, along the same
    moves until one of the two cards is seen."""
    deal, other, rules, hidden, a, b = swap_case(case)
    moves = solve(deal, rules, max_nodes=200_000, tt_mb=64).moves  # a win: it sees every card it needs
    seen = seen_along(deal, rules, hidden, moves)
    k = first_reveal(seen, (a, b))
    mine = observations_along(deal, rules, hidden, moves[:k + 1])
    theirs = observations_along(other, rules, hidden, moves[:k + 1])
    assert 1 <= k < len(moves)
    for o1, o2 in zip(mine[:k + 1], theirs[:k + 1]):
        assert o1 == o2 and repr(o1) == repr(o2) and pickle.dumps(o1) == pickle.dumps(o2)
    assert mine[k + 1] != theirs[k + 1]  # then the game shows which card it was


@pytest.mark.parametrize("game, rules, hidden, number", CASES[:6])
def test_a_sampled_world_is_a_completion_of_the_observation(game, rules, hidden, number):
    """A world looks the same as the position to the player, holds every
    card once, and deals the unseen cards uniformly into the unseen places."""
    deal = make_deal(game, number)
    moves = play_game(deal, rules, "greedy", hidden=hidden).moves[:12]
    obs = observations_along(deal, rules, hidden, moves)[-1]
    game_kit = kit(get_game(game).name)
    rng = np.random.default_rng(5)
    first = Counter()
    for _ in range(300):
        world = sample(obs, rng)
        assert game_kit.observe(world, obs.seen, hidden, obs.rules_dict()) == obs
        assert world.legal_moves() == sample(obs, rng).legal_moves()  # legal moves need only what is seen
        first[world_card(world, obs.places()[0])] += 1
    assert set(first) == set(obs.unseen)  # every unseen card turns up in the first unseen place
    assert max(first.values()) < 300 * 4 / len(obs.unseen)


def world_card(world, place) -> int:
    if place[0] == "down":
        return world.piles[place[1]][place[2]]
    if hasattr(world, "deal_stock"):
        return world.deal_stock[place[1]]
    return world.stock[place[1]]


def test_what_is_hidden_is_a_checked_option():
    assert check_hidden("tableau") == "tableau"
    with pytest.raises(BlindError, match="hidden must be one of tableau\\+stock, tableau"):
        check_hidden("stock")
    assert UNSEEN < 0
