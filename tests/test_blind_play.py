"""Blind play: no peeking (proved by swapping unseen cards), the engine turns
cards up, the same seed gives the same game, and the policies' interface."""
import numpy as np
import pytest

from blind_helpers import SWAPS, first_reveal, seen_along, swap_case
from solitaire.blind.game import PolicyBug, decision_rng, play_game
from solitaire.blind.games import kit
from solitaire.blind.observation import BlindError, Observation
from solitaire.blind.policies import Greedy, Hop, Policy, make_policy
from solitaire.dealing import make_deal

SMALL = {"samples": 4, "max_nodes": 400, "tt_mb": 4}  # a cheap hop: the properties do not depend on its size


@pytest.mark.parametrize("policy", ["hop", "greedy"])
@pytest.mark.parametrize("case", SWAPS, ids=[f"{c[0]}-{c[2]}-{c[3]}" for c in SWAPS])
def test_no_peeking_two_unseen_cards_swapped(case, policy):
    """The same deal with two unseen cards exchanged, the same seed: every
    move is the same up to and including the one that first shows one of
    the two cards (the policy cannot tell the deals apart before)."""
    deal, other, rules, hidden, a, b = swap_case(case)
    params = SMALL if policy == "hop" else {}
    mine = play_game(deal, rules, policy, hidden=hidden, seed=3, **params)
    theirs = play_game(other, rules, policy, hidden=hidden, seed=3, **params)
    k = min(first_reveal(seen_along(deal, rules, hidden, mine.moves), (a, b)),
            first_reveal(seen_along(other, rules, hidden, theirs.moves), (a, b)))
    assert mine.moves[:k + 1] == theirs.moves[:k + 1]
    assert k >= 3 and (policy == "greedy" or mine.stats["searched"] > 0)


class Recorder(Policy):
    """Greedy, recording what it is given."""

    name = "recorder"

    def __init__(self):
        self.calls = []

    def new_player(self):
        recorder, inner = self, Greedy().new_player()

        class Player:
            stats = inner.stats

            def choose(self, observation, legal, rng):
                recorder.calls.append((observation, legal, rng))
                return inner.choose(observation, legal, rng)

        return Player()


def test_the_engine_not_the_policy_turns_cards_up():
    """The policy gets an observation, the legal moves as text and a
    generator, nothing else; a card turned face up by a move appears in the
    next observation, where the one before had its place unseen."""
    recorder = Recorder()
    result = play_game(make_deal("klondike", 3), {"draw": 1}, recorder, hidden="tableau+stock")
    turned = 0
    for (before, legal, rng), (after, _, _) in zip(recorder.calls, recorder.calls[1:]):
        assert isinstance(before, Observation) and isinstance(rng, np.random.Generator)
        assert isinstance(legal, tuple) and all(isinstance(m, str) for m in legal)
        new = before.unseen - after.unseen
        if new:
            turned += 1
            assert not new & set(before.placed_cards()) and new <= set(after.placed_cards())
    assert turned >= 5 and len(recorder.calls) == len(result.moves) + (result.ended_by == "resigned")


def test_a_policy_cannot_move_a_card_it_has_not_seen():
    """A move naming a face-down card is refused by the driver (PolicyBug):
    the only way to touch the true position is a legal move."""
    deal = make_deal("klondike", 3)
    hidden_card = deal.layout.tableau[6][0]

    class Cheat(Policy):
        name = "cheat"

        def new_player(self):
            class Player:
                stats = Greedy().new_player().stats

                def choose(self, observation, legal, rng):
                    return f"{__import__('solitaire').cards.name(hidden_card)}>f"

            return Player()

    with pytest.raises(PolicyBug, match="not a legal move"):
        play_game(deal, {}, Cheat())


def test_the_same_seed_gives_the_same_game_whatever_ran_before():
    deal = make_deal("yukon", 3)
    first = play_game(deal, {}, "hop", seed=7, **SMALL)
    play_game(make_deal("yukon", 4), {}, "hop", seed=8, **SMALL)  # something else in between
    again = play_game(deal, {}, "hop", seed=7, **SMALL)
    assert first.moves == again.moves and first.result == again.result
    assert first.stats["nodes"] == again.stats["nodes"] and first.stats["solves"] == again.stats["solves"] > 0
    a, b = decision_rng(7, deal, 5), decision_rng(7, deal, 5)
    assert a.integers(1 << 30) == b.integers(1 << 30) != decision_rng(7, deal, 6).integers(1 << 30)


def test_a_game_with_nothing_hidden_is_thoughtful():
    """Baker's Dozen hides nothing: hop samples one world, the position itself, and wins a winnable deal."""
    result = play_game(make_deal("bakers-dozen", 1), {}, "hop", samples=20, max_nodes=200_000)
    assert result.won and result.stats["solves"] == result.stats["searched"] >= 1


def test_hop_wins_more_than_greedy_on_a_few_deals():
    """Not a benchmark (benchmarks/blind.py is): the searching player is not worse on eight deals."""
    rules = {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}
    hop = sum(play_game(make_deal("klondike", n), rules, "hop", hidden="tableau", samples=6, max_nodes=2000).won
              for n in range(1, 9))
    greedy = sum(play_game(make_deal("klondike", n), rules, "greedy", hidden="tableau").won for n in range(1, 9))
    assert hop >= greedy and hop >= 4


def test_policies_by_name_and_their_parameters():
    assert make_policy("hop", samples=3).describe() == {"name": "hop", "samples": 3, "max_nodes": 5000,
                                                         "tt_mb": 16, "candidates": 8, "commit": "reveal",
                                                         "explore": 0, "minimize": False}
    assert make_policy("greedy").describe() == {"name": "greedy"}
    assert isinstance(make_policy(Hop()), Hop)
    for name, params, message in [("chess", {}, "unknown policy 'chess'"),
                                  ("greedy", {"samples": 3}, "greedy has no parameter samples"),
                                  ("hop", {"samples": 0}, "samples must be a whole number from 1"),
                                  ("hop", {"depth": 3}, "hop has no parameter depth")]:
        with pytest.raises(BlindError, match=message):
            make_policy(name, **params)


def test_greedy_plays_safe_moves_first_and_resigns_when_nothing_helps():
    deal = make_deal("klondike", 24)
    result = play_game(deal, {"draw": 3}, "greedy")
    assert result.ended_by in ("won", "resigned", "repetition", "no legal move")
    state_kit = kit("klondike")
    assert state_kit.greedy.__doc__


@pytest.mark.parametrize("game, rules", [("yukon", {}), ("pyramid", {"preset": "microsoft"}), ("pyramid", {"draw": 3}),
                                         ("bakers-dozen", {"kings": "free"}), ("klondike", {"draw": 1})])
def test_greedy_always_ends_by_itself(game, rules):
    """Every greedy priority list makes progress with each move it allows but
    the stock turns, so a game ends without the driver's repetition rule
    (Klondike with unlimited passes may go round its stock: not here)."""
    for number in range(1, 13):
        result = play_game(make_deal(game, number), rules, "greedy")
        assert result.ended_by in ("won", "resigned", "no legal move"), (number, result.ended_by)
