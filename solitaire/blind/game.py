"""The blind game driver: the true position, a policy that sees only observations.

``play_game`` holds the true reference position.  Before each move it lists
the legal moves (they depend only on what is visible) and builds the
observation from the position and the cards seen so far; the policy
returns a move; the driver plays it on the reference engine, which turns
cards face up as the rules say, and adds what is now visible to the cards
seen.  The policy never receives the position, a world it was dealt from,
or anything holding one.

A game ends **won**, or **lost** when: no move is legal, the policy resigns
(returns None), a position recurs for the ``REPEATS``-th time (nothing has
changed since: a player going round the stock with nothing to play), or
``max_moves`` moves have been played.

Each decision's random generator is seeded from (seed, deal number,
decision index), so a game never depends on what ran before it in the
process, and the same deal, rules, policy and seed give the same game.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solitaire.blind.games import kit
from solitaire.blind.observation import DEFAULT_HIDDEN, BlindError, check_hidden
from solitaire.blind.policies import Policy, make_policy
from solitaire.deals import Deal

WON, LOST = "won", "lost"
REPEATS = 4  # a position seen this many times ends the game
DEFAULT_MAX_MOVES = 3000


class PolicyBug(RuntimeError):
    """A policy returned a move that is not legal."""


@dataclass
class PlayResult:
    """One game played blind: its play file is ``to_json()``."""

    deal: Deal
    rules: dict[str, Any]
    hidden: str
    policy: dict[str, Any]  # name and every parameter
    seed: int
    result: str  # won or lost
    moves: list[str]
    ended_by: str  # won, no legal move, resigned, repetition, move limit
    stats: dict[str, Any] = field(default_factory=dict)  # decisions, searched, solves, nodes, seconds, cpu_seconds

    @property
    def won(self) -> bool:
        return self.result == WON

    def start_position(self):
        """The deal's first position under the rules (``solitaire.replay`` plays the moves from it)."""
        from solitaire.games import get_game

        return get_game(self.deal.game).new_reference(self.deal.layout, self.rules)

    def to_json(self) -> dict:
        """The play file (docs/formats.md, "Play file")."""
        return {"game": self.deal.game, "rules": dict(self.rules), "deal": self.deal.to_json(),
                "result": self.result, "moves": list(self.moves),
                "stats": {**self.stats, "ended_by": self.ended_by},
                "hidden": self.hidden, "policy": dict(self.policy), "seed": self.seed}

    def summary(self) -> str:
        s = self.stats
        return (f"{self.deal.label()}: {self.result} ({self.ended_by}), {len(self.moves)} moves, "
                f"{s.get('searched', 0)} searched decisions, {s.get('solves', 0)} solves, "
                f"{s.get('nodes', 0)} nodes, {s.get('seconds', 0.0):.2f} s")


def decision_rng(seed: int, deal: Deal, index: int) -> np.random.Generator:
    """The generator of decision ``index`` of a game (seed, deal number, index)."""
    return np.random.default_rng([seed, deal.number or 0, index])


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BlindError(f"seed must be a whole number from 0, got {seed!r}")
    return seed


def play_game(deal: Deal, rules: dict[str, Any] | None = None, policy: str | Policy = "hop", *,
              hidden: str = DEFAULT_HIDDEN, seed: int = 0, max_moves: int = DEFAULT_MAX_MOVES,
              **params: Any) -> PlayResult:
    """Play ``deal`` blind under ``rules`` with ``policy`` (a name and its
    ``params``, or a ``Policy``); ``hidden`` says what the player cannot see."""
    from solitaire.games import get_game
    from solitaire.rules import parse_rules

    spec = get_game(deal.game)
    rules = parse_rules(spec, rules or {})
    check_hidden(hidden)
    check_seed(seed)
    policy = make_policy(policy, **params)
    game = kit(spec.name)
    start, cpu = time.perf_counter(), time.process_time()
    state = spec.new_reference(deal.layout, rules)
    seen = frozenset(game.visible(state, hidden))
    player = policy.new_player()
    moves: list[str] = []
    repeats: Counter = Counter()
    ended_by = ""
    while not ended_by:
        if state.is_won():
            ended_by = WON
            break
        legal = state.legal_moves()
        observation = game.observe(state, seen, hidden, rules)
        repeats[observation.progress_key()] += 1
        if not legal:
            ended_by = "no legal move"
        elif repeats[observation.progress_key()] >= REPEATS:
            ended_by = "repetition"
        elif len(moves) >= max_moves:
            ended_by = "move limit"
        else:
            move = player.choose(observation, tuple(legal), decision_rng(seed, deal, len(moves)))
            if move is None:
                ended_by = "resigned"
                break
            if move not in legal:
                raise PolicyBug(f"{deal.label()}: policy {policy.name} chose {move!r}, not a legal move")
            state.play(move)  # the engine turns cards face up
            seen = seen | game.visible(state, hidden)
            moves.append(move)
    stats = {"decisions": len(moves), "searched": int(player.stats["searched"]),
             **{kind: int(player.stats[kind]) for kind in ("planned", "forced", "safe", "fallback") if kind in player.stats},
             "solves": int(player.stats["solves"]), "nodes": int(player.stats["nodes"]),
             "seconds": round(time.perf_counter() - start, 4), "cpu_seconds": round(time.process_time() - cpu, 4)}
    return PlayResult(deal, rules, hidden, policy.describe(), seed, WON if ended_by == WON else LOST, moves,
                      ended_by, stats)
