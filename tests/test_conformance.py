"""One conformance suite, run by every registered game.

Parametrized over ``solitaire.games.game_names()``, so a game added to the
registry runs it with no edit; it uses only the game contract (the spec's
methods, its kernels through ``solitaire.search.calls``, the public API and
the command line), with no branch on the game:

1. the reference and fast engines agree on random play (hypothesis): every
   fast move of MODE_ALL, described in notation, is legal on the reference
   engine and leads to the position the kernel computes, at the cost it
   claims; every legal reference move begins some fast move; ``is_won``
   agrees; the search modes' moves are MODE_ALL moves or legal forced
   moves.  The same along a win, to the won position.
2. keys: positions the game declares symmetric (``symmetric_positions``)
   share a key in every mode; a position reached by two move orders has one
   key; distinct positions of random play share a MODE_ALL key only when
   the game declares them symmetric (``symmetry_class``).
3. wins replay: small solves of a few deals under every setting of the
   game's committed studies; each win replays on the reference engine, also
   from its solution file; --optimal (the same search first, then shorter
   wins) finds the same verdict, wins no longer than the plain ones and
   never shorter than its proved bound or the lower bound at the root.
4. deal files: ``deal --json`` reads back as the same deal, and a solve of
   it shows as won; bad deal files are refused in one line naming the
   problem.
5. the command line's bad input: one line on stderr, exit status 2.

What is particular to a game (its rules' edge cases, its reductions, its
crafted deals) stays in its own tests.
"""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire as sol
from solitaire.cli import main
from solitaire.dealing import read_deal_file
from solitaire.games import get_game
from solitaire.games.base import IllegalMove
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE
from solitaire.rules import parse_rules
from solitaire.search import calls
from solitaire.solution import read_solution_file

from conformance_helpers import (GAMES, a_win, child_of, fast_moves, keys, play_settings, played, random_line,
                                 solves)

EXAMPLES = 100  # random lines per game and check (each up to LINE positions)
LINE = 100
line_args = dict(number=st.integers(1, 10**6), seed=st.integers(0, 2**32 - 1), greed=st.floats(0, 1),
                 steps=st.integers(1, LINE))


def reference_moves(spec, rules, state) -> dict[str, int]:
    """The reference engine's legal moves that are not lead-in moves, here
    or after lead-in moves: {move: fewest lead-in moves before it}."""
    found: dict[str, int] = {}
    frontier, seen, steps = [state], {spec.symmetry_class(state, rules)}, 0
    while frontier:
        following = []
        for position in frontier:
            for move in position.legal_moves():
                if move not in spec.lead_in_moves:
                    found.setdefault(move, steps)
                    continue
                after = played(position, [move])
                if (cls := spec.symmetry_class(after, rules)) not in seen:
                    seen.add(cls)
                    following.append(after)
        frontier, steps = following, steps + 1
    return found


def check_position(spec, rules, state) -> dict[tuple[str, ...], int]:
    """The fast engine against the reference engine at ``state``; its
    MODE_ALL moves by description."""
    arr, rules_arr = spec.encode(state, rules), spec.rules_array(rules)
    assert bool(calls.is_won(spec.handle, arr, rules_arr)) == state.is_won()
    described: dict[tuple[str, ...], int] = {}
    for move in fast_moves(spec, arr, rules_arr, MODE_ALL):
        texts = tuple(spec.describe_move(arr, rules_arr, move))
        assert texts and texts not in described, f"fast move {texts} is empty or offered twice"
        described[texts] = move
        after = played(state, texts)  # each step legal on the reference engine
        assert np.array_equal(child_of(spec, arr, rules_arr, move), spec.encode(after, rules)), texts
        assert int(calls.move_cost(spec.handle, arr, rules_arr, move)) == len(texts), texts
    # the same play: the fast moves are the reference moves, each after the
    # fewest lead-in steps (``spec.lead_in_moves``) that make it legal
    fewest: dict[str, int] = {}
    for texts in described:
        assert all(t in spec.lead_in_moves for t in texts[:-1]) and texts[-1] not in spec.lead_in_moves, texts
        assert fewest.setdefault(texts[-1], len(texts) - 1) == len(texts) - 1, texts
    assert fewest == reference_moves(spec, rules, state)
    for mode in (MODE_SOLVE, MODE_OPTIMAL):
        for move in fast_moves(spec, arr, rules_arr, mode):
            texts = tuple(spec.describe_move(arr, rules_arr, move))
            if texts not in described:  # a forced (compound) move: legal step by step
                played(state, texts)
            if mode == MODE_OPTIMAL:  # the count shortest wins minimise
                assert int(calls.move_cost(spec.handle, arr, rules_arr, move)) == len(texts), texts
    return described


# --- 1. the reference and fast engines -----------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), **line_args)
def test_engines_agree_in_random_play(game, data, number, seed, greed, steps):
    spec = get_game(game)
    rules = data.draw(st.sampled_from(play_settings(game)), label="rules")
    for state in random_line(spec, rules, number, seed, greed, steps):
        check_position(spec, rules, state)


@pytest.mark.parametrize("game", GAMES)
def test_engines_agree_along_a_win(game):
    spec = get_game(game)
    rules, deal, moves = a_win(game)
    state = spec.new_reference(deal.layout, rules)
    for move in moves:
        check_position(spec, rules, state)
        state.play(move)
    assert state.is_won()
    check_position(spec, rules, state)


# --- 2. keys -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), choice=st.integers(0, 10**6), **line_args)
def test_keys_fold_symmetry_and_nothing_else(game, data, number, seed, greed, steps, choice):
    spec = get_game(game)
    rules = data.draw(st.sampled_from(play_settings(game)), label="rules")
    rules_arr = spec.rules_array(rules)
    rng = random.Random(choice)
    seen: dict[int, object] = {}  # MODE_ALL key -> symmetry class
    for state in random_line(spec, rules, number, seed, greed, steps):
        arr = spec.encode(state, rules)
        key, cls = keys(spec, arr, rules_arr), spec.symmetry_class(state, rules)
        for other in spec.symmetric_positions(state):
            assert spec.symmetry_class(other, rules) == cls
            assert keys(spec, spec.encode(other, rules), rules_arr) == key
        assert seen.setdefault(key[0], cls) == cls, "two positions the game does not declare symmetric share a key"
        # two moves in either order: the same position has the same keys
        described = [tuple(spec.describe_move(arr, rules_arr, m)) for m in fast_moves(spec, arr, rules_arr, MODE_ALL)]
        for _ in range(min(3, len(described) * (len(described) - 1) // 2)):
            a, b = rng.sample(described, 2)
            try:
                ab, ba = played(state, a + b), played(state, b + a)
            except IllegalMove:
                continue
            if spec.symmetry_class(ab, rules) == spec.symmetry_class(ba, rules):
                assert keys(spec, spec.encode(ab, rules), rules_arr) == keys(spec, spec.encode(ba, rules), rules_arr)


# --- 3. wins replay ------------------------------------------------------------------
def replays_to_a_win(spec, deal, rules, moves) -> bool:
    state = spec.new_reference(deal.layout, rules)
    for move in moves:
        state.play(move)
    return state.is_won()


@pytest.mark.parametrize("game", GAMES)
def test_wins_replay_from_results_and_solution_files(game, tmp_path):
    spec = get_game(game)
    won = 0
    for rules, deal, plain, best in solves(game):
        assert best.verdict == plain.verdict, (deal.label(), rules)  # the same search first, the same budget
        for result in (plain, best):
            assert parse_rules(spec, result.rules) == rules
            if result.verdict != sol.SOLVED:
                continue
            won += 1
            assert replays_to_a_win(spec, deal, rules, result.moves), (deal.label(), rules)
            path = tmp_path / "solution.json"
            path.write_text(json.dumps(result.to_json(with_lower_bound=True)))
            data = read_solution_file(path)
            assert data["deal"] == deal and parse_rules(spec, data["rules"]) == rules
            assert replays_to_a_win(spec, data["deal"], rules, data["moves"])
            assert list(sol.replay(path))[-1].is_won()
        if best.verdict == sol.SOLVED:
            root = spec.encode(spec.new_reference(deal.layout, rules), rules)
            bound = int(calls.lower_bound(spec.handle, root, spec.rules_array(rules)))
            assert bound <= best.lower_bound <= len(best.moves) <= len(plain.moves), (deal.label(), rules)
            assert best.lower_bound == len(best.moves) or not best.optimal
    assert won, f"no {game} win to replay: raise the budget"


# --- 4. deal files -------------------------------------------------------------------
def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def refused(result, *words: str) -> None:
    """One line on stderr naming the problem, exit status 2, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output, result.stderr
    assert all(word in result.stderr for word in words), (words, result.stderr)


def rule_flags(spec, rules) -> list[str]:
    """``rules`` as command-line options."""
    flags = []
    for option in spec.options:
        if option.name in rules:
            name = option.name.replace("_", "-")
            value = rules[option.name]
            flags += ([f"--{name}" if value else f"--no-{name}"] if option.is_flag else [f"--{name}", str(value)])
    return flags


@pytest.mark.parametrize("game", GAMES)
def test_deal_file_round_trip_and_solve_from_it(game, tmp_path):
    spec = get_game(game)
    for number in (1, 24, 123456789):
        r = cli("deal", game, str(number), "--json")
        assert r.exit_code == 0
        path = tmp_path / f"{number}.json"
        path.write_text(r.stdout)
        assert read_deal_file(path) == sol.deal(game, number) == sol.deal(game, file=path)
    rules, deal, moves = a_win(game)
    deal_path = tmp_path / "deal.json"
    deal_path.write_text(cli("deal", game, str(deal.number), "--json").stdout)
    r = cli("solve", "--deal-file", str(deal_path), *rule_flags(spec, rules), "--max-nodes", "200000",
            "--tt-mb", "16", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["result"] == sol.SOLVED
    assert parse_rules(spec, json.loads(r.stdout)["rules"]) == rules
    solution = tmp_path / "solution.json"
    solution.write_text(r.stdout)
    shown = cli("show", str(solution))
    assert shown.exit_code == 0 and shown.stdout.rstrip().endswith("won")


def _last_pile(layout: dict) -> list:
    return layout["stock"] if layout["stock"] else next(p for p in reversed(layout["tableau"]) if p)


def _duplicate(data: dict) -> None:
    pile = _last_pile(data["layout"])
    first = next(p for p in data["layout"]["tableau"] if p and p is not pile)
    pile[-1] = first[0]


def _missing(data: dict) -> None:
    _last_pile(data["layout"]).pop()


def _pile_size(data: dict) -> None:
    tableau = data["layout"]["tableau"]
    source = next(i for i, p in enumerate(tableau) if p)
    target = tableau[(source + 1) % len(tableau)] if len(tableau) > 1 else data["layout"]["stock"]
    target.append(tableau[source].pop())


def _unknown_game(data: dict) -> None:
    data["game"] = "chess"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spoil, words", [(_duplicate, ["duplicate card"]), (_missing, ["missing card"]),
                                          (_pile_size, ["must hold"]), (_unknown_game, ["unknown game 'chess'"])])
def test_bad_deal_files_are_refused(game, spoil, words, tmp_path):
    data = sol.deal(game, 5).to_json()
    spoil(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    refused(cli("solve", "--deal-file", str(path)), *words)


# --- 5. bad input on the command line ---------------------------------------------------
def _foreign_option(game: str):
    """A rule option another game declares and ``game`` does not."""
    own = {o.name for o in get_game(game).options}
    return next(o for g in GAMES for o in get_game(g).options if o.name not in own)


def _bad_value_cases():
    return [(game, option.name) for game in GAMES for option in get_game(game).options if not option.is_flag]


@pytest.mark.parametrize("game", GAMES)
def test_an_option_of_another_game_is_refused(game):
    option = _foreign_option(game)
    flag = option.cli_flag
    refused(cli("solve", game, "1", *([flag] if option.is_flag else [flag, "1"])),
            f"unknown rule option '{option.name}' for {get_game(game).name}")


@pytest.mark.parametrize("game, option", _bad_value_cases())
def test_a_bad_option_value_is_refused(game, option):
    refused(cli("solve", game, "1", "--" + option.replace("_", "-"), "no-such-value"), option)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("args, words", [
    (["deal", "{game}", "x"], ["whole number"]),
    (["deal", "{game}", "0"], ["out of range"]),
    (["solve", "{game}", "0"], ["out of range"]),
    (["solve", "{game}", "5-2"], ["malformed deal range"]),
    (["solve", "{game}", "1-x"], ["malformed deal range"]),
    (["solve", "{game}", "1", "--max-nodes", "0"], ["max-nodes"]),
])
def test_bad_deal_numbers_and_budgets_are_refused(game, args, words):
    refused(cli(*[a.format(game=game) for a in args]), *words)


def is_legal(state, move: str) -> bool:
    try:
        state.copy().play(move)
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_show_refuses_bad_solution_files(game, tmp_path):
    spec = get_game(game)
    rules, deal, moves = a_win(game)
    data = sol.SolveResult(deal, rules, sol.SOLVED, moves).to_json()
    path = tmp_path / "solution.json"
    # a move illegal where it stands: a later move of the win played too early
    at, early = next((at, m) for at in range(len(moves)) for m in moves[at + 1:]
                     if not is_legal(played(spec.new_reference(deal.layout, rules), moves[:at]), m))
    path.write_text(json.dumps({**data, "moves": moves[:at] + [early] + moves[at:]}))
    refused(cli("show", str(path)), f"move {at + 1} '{early}'")
    # a rule option no game declares, and a bad value of one of the game's own
    path.write_text(json.dumps({**data, "rules": {**rules, "no_such_rule": 1}}))
    refused(cli("show", str(path)), "unknown rule option 'no_such_rule'")
    for option in spec.options:
        path.write_text(json.dumps({**data, "rules": {**rules, option.name: "no-such-value"}}))
        refused(cli("show", str(path)), option.name)
