"""Crafted Klondike deals and an independent brute-force solver for tests."""
from __future__ import annotations

import random

from solitaire import cards
from solitaire.deals import Deal, Layout
from solitaire.games import get_game

C = cards.parse


def sorted_deal() -> Deal:
    """Every card can go up in order: hearts and spades from the tableau, the
    stock turns AC..KC then AD..JD, and QD, KD wait in pile 2.  Draw 1 wins in
    exactly 52 foundation moves + 24 draws = 76 moves, the proved minimum."""
    names = [["KS"], ["KD", "QD"], ["QS", "JS", "TS"], ["9S", "8S", "7S", "6S"],
             ["5S", "4S", "3S", "2S", "AS"], ["KH", "QH", "JH", "TH", "9H", "8H"],
             ["7H", "6H", "5H", "4H", "3H", "2H", "AH"]]
    stock = [cards.make(r, 0) for r in range(1, 14)] + [cards.make(r, 1) for r in range(1, 12)]
    return Deal("klondike", Layout([[C(n) for n in pile] for pile in names], stock))


def blocked_deal() -> Deal:
    """No card can ever move: the seven face-up cards are KC KD KH KS 5C 5S 5D,
    and every card that could go on them (the four Queens and four 4s) and all
    four Aces are face down; so no stock card ever fits anywhere.  Unsolvable
    under every rule option."""
    tops = [C(n) for n in ["KC", "KD", "KH", "KS", "5C", "5S", "5D"]]
    needed = [C(n) for n in ["QD", "QH", "QC", "QS", "4D", "4H", "4C", "4S", "AC", "AD", "AH", "AS"]]
    rest = [c for c in cards.ALL_CARDS if c not in tops and c not in needed]
    down = needed + rest[:21 - len(needed)]
    stock = rest[21 - len(needed):]
    piles, it = [], iter(down)
    for size, top in zip(range(1, 8), tops):
        piles.append([next(it) for _ in range(size - 1)] + [top])
    return Deal("klondike", Layout(piles, stock))


def shuffled_deal(base: Deal, seed: int, swaps: int) -> Deal:
    """``base`` with a few random card swaps: small but real searches (the
    sorted deal gives mostly wins, the blocked deal mostly losses)."""
    rng = random.Random(seed)
    flat = base.layout.all_cards()
    for _ in range(swaps):
        i, j = rng.randrange(52), rng.randrange(52)
        flat[i], flat[j] = flat[j], flat[i]
    piles, pos = [], 0
    for size in range(1, 8):
        piles.append(flat[pos:pos + size])
        pos += size
    return Deal("klondike", Layout(piles, flat[pos:]))


def brute_force(deal: Deal, rules: dict, limit: int = 200_000):
    """Exhaustive search on the reference engine alone (no fast code, no
    reductions, no macro moves): True, False, or None past ``limit`` states."""
    spec = get_game("klondike")
    return brute_force_from(spec.new_reference(deal.layout, spec.complete_rules(rules)), limit)


def reference_key(s) -> tuple:
    """Everything that tells two reference positions apart."""
    return (tuple(tuple(p) for p in s.piles), tuple(s.down), tuple(s.stock), tuple(s.waste),
            tuple(s.foundation), s.passes_used)


def successors(state):
    """The positions one legal move away (reference engine)."""
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        yield child


def fewest_moves_from(start, limit: int = 200_000):
    """Breadth-first search on the reference engine alone: the fewest moves
    to a win (RULES.md count: a stock turn is a move), None if there is no
    win, -1 past ``limit`` states."""
    seen = {reference_key(start)}
    frontier, depth = [start], 0
    while frontier:
        if any(state.is_won() for state in frontier):
            return depth
        following = []
        for state in frontier:
            for child in successors(state):
                k = reference_key(child)
                if k not in seen:
                    if len(seen) >= limit:
                        return -1
                    seen.add(k)
                    following.append(child)
        frontier, depth = following, depth + 1
    return None


def brute_force_from(start, limit: int = 200_000):
    """``brute_force`` from any reference position."""
    seen = {reference_key(start)}
    stack = [start]
    while stack:
        state = stack.pop()
        if state.is_won():
            return True
        for child in successors(state):
            k = reference_key(child)
            if k not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(k)
                stack.append(child)
    return False


def random_endgame(rng: random.Random, rules: dict, max_left: int = 18):
    """A random late position: foundations filled to random heights, the
    other cards (at most ``max_left``) spread over the piles (random face-down
    counts, one face-up card each) and the talon.  Small enough for an
    exhaustive search with every legal move, varied enough to hit every
    reduction and dead-end pattern."""
    spec = get_game("klondike")
    rules = spec.complete_rules(rules)
    while True:
        heights = [rng.randrange(14) for _ in range(4)]
        rest = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
        if 4 <= len(rest) <= max_left:
            break
    rng.shuffle(rest)
    state = spec.new_reference(sorted_deal().layout, rules)
    state.foundation = heights
    talon = rest[:rng.randrange(len(rest) // 2 + 1)]
    tableau = rest[len(talon):]
    state.piles = [[] for _ in range(7)]
    used = rng.sample(range(7), rng.randrange(1, 8))  # few piles: deep, often lost
    for card in tableau:
        # as in a real deal, at most six cards face down under the face-up one
        room = [p for p in used if len(state.piles[p]) < 7]
        if room:
            state.piles[rng.choice(room)].append(card)
        else:
            talon.append(card)
    state.down = [max(len(p) - 1, 0) for p in state.piles]
    w = rng.randrange(len(talon) + 1)
    state.waste, state.stock = talon[:w], talon[w:]
    passes = rules["passes"]
    state.passes_used = 1 if passes == "unlimited" else rng.randrange(1, passes + 1)
    return state


def play_randomly(state, rng: random.Random, steps: int, prefer=lambda move: False):
    """Play up to ``steps`` random legal moves on a reference ``state``
    (among the moves ``prefer`` accepts, when there are any)."""
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(rng.choice([m for m in moves if prefer(m)] or moves))
    return state
