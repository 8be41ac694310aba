"""Helpers of the blind-play tests: deals with two unseen cards swapped, and
the cards a player had seen along a game."""
from __future__ import annotations

from solitaire.blind.games import kit
from solitaire.dealing import make_deal
from solitaire.deals import Deal, Layout
from solitaire.games import get_game
from solitaire.rules import parse_rules


def swapped(deal: Deal, a: tuple, b: tuple) -> Deal:
    """``deal`` (same number) with the cards at places ``a`` and ``b`` exchanged;
    a place is ("tableau", pile, index) or ("stock", index)."""
    tableau = [list(p) for p in deal.layout.tableau]
    stock = list(deal.layout.stock)

    def get(place):
        return tableau[place[1]][place[2]] if place[0] == "tableau" else stock[place[1]]

    def put(place, card):
        if place[0] == "tableau":
            tableau[place[1]][place[2]] = card
        else:
            stock[place[1]] = card

    ca, cb = get(a), get(b)
    put(a, cb)
    put(b, ca)
    return Deal(deal.game, Layout(tableau, stock), deal.number)


# (game, rules, hidden, deal number, two places whose cards the player has not seen at the deal)
SWAPS = [
    ("klondike", {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}, "tableau", 24,
     ("tableau", 5, 0), ("tableau", 6, 0)),
    ("klondike", {"draw": 1}, "tableau+stock", 3, ("tableau", 6, 1), ("stock", 23)),
    ("klondike", {"draw": 3}, "tableau+stock", 2, ("stock", 14), ("tableau", 4, 2)),
    ("yukon", {}, "tableau+stock", 3, ("tableau", 5, 0), ("tableau", 6, 1)),
    ("pyramid", {"preset": "microsoft"}, "tableau+stock", 2, ("stock", 6), ("stock", 19)),
    ("pyramid", {}, "tableau+stock", 39, ("stock", 3), ("stock", 8)),
]


def swap_case(case):
    game, rules, hidden, number, a, b = case
    deal = make_deal(game, number)
    return deal, swapped(deal, a, b), rules, hidden, card_at(deal, a), card_at(deal, b)


def card_at(deal: Deal, place: tuple) -> int:
    return deal.layout.tableau[place[1]][place[2]] if place[0] == "tableau" else deal.layout.stock[place[1]]


def seen_along(deal: Deal, rules: dict, hidden: str, moves: list[str]) -> list[frozenset[int]]:
    """The cards seen at each position of a game: the deal, then after each move."""
    spec = get_game(deal.game)
    game = kit(spec.name)
    state = spec.new_reference(deal.layout, parse_rules(spec, rules))
    seen = [frozenset(game.visible(state, hidden))]
    for move in moves:
        state.play(move)
        seen.append(seen[-1] | game.visible(state, hidden))
    return seen


def observations_along(deal: Deal, rules: dict, hidden: str, moves: list[str]) -> list:
    """The observations of a game's positions (the deal, then after each move)."""
    spec = get_game(deal.game)
    game = kit(spec.name)
    rules = parse_rules(spec, rules)
    state = spec.new_reference(deal.layout, rules)
    seen = frozenset(game.visible(state, hidden))
    out = [game.observe(state, seen, hidden, rules)]
    for move in moves:
        state.play(move)
        seen = seen | game.visible(state, hidden)
        out.append(game.observe(state, seen, hidden, rules))
    return out


def first_reveal(seen: list[frozenset[int]], cards: tuple[int, ...]) -> int:
    """The index of the first move after which one of ``cards`` is seen (len(seen) - 1 if never)."""
    for i, s in enumerate(seen):
        if any(c in s for c in cards):
            return i - 1
    return len(seen) - 1
