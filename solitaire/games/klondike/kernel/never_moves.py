"""The never-moving-card test (dead-end pattern M, ``never_moving_cards``)."""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.state import (FOUND, PILES, R_DRAW, R_F2T, TALON, TLEN, in_last_pass, pile_card,
                                                   pile_down, pile_len)
from solitaire.games.klondike.kernel.talon import in_reach_now, talon_run_end
from solitaire.jit.compile import kernel

SUIT = np.int64(0x1FFF)  # one suit's bits
KINGS = np.int64(1 << 12 | 1 << 25 | 1 << 38 | 1 << 51)


@kernel
def never_moves(state, rules):
    """Pattern M: is some card not on its foundation unable ever to move?

    Every such card must move at least once.  Call a move of a tableau card
    y a *base move* of y when y is the lowest card moved (it leaves the card
    under it, or its pile); otherwise y is *carried* by the card under it.
    The one way a tableau card t stops being covered by the card y lying on
    it now is a base move of y: while t moves, y rides along on it.  So:

      (E) t is a pile top at some later time only if it is one now, or y
          makes a base move before then.

    Take any continuation and look at each card's moves.  A base move of a
    tableau card y needs: y face up (if face down now, by (E) the card on y
    made a base move before), and a destination: its foundation (y the top,
    by (E); every lower card of its suit home or moved before), or a parent
    q (next rank up, other colour) that is a pile top then, or, for a King,
    an empty pile (some pile's bottom card made a base move before, or a
    pile is empty now).  A parent q is a pile top then only if, by (E), it
    is a top now or the card on it made a base move before; or q lay in
    the talon and moved before (a talon card lands alone, on top); or, with
    foundation_to_tableau, q lies on its foundation now.  The first move of
    a tableau card is a base move, or it is carried: face up now, the card
    just under it moving at that same moment.  The first move of a talon
    card: to its foundation (lower cards of its suit home or moved before),
    onto a parent that is a top then, or (a King) into an empty pile; and in
    the last pass (a pass limit, all passes used) it is the waste top, so
    every talon card now above it moved before (``talon_run_end``); before
    the last pass with draw k > 1, it is in reach now, or some talon card
    below it or the one right above it moved before (``in_reach_now``).

    So the cards that ever move lie in the set M, and the tableau cards that
    ever make a base move in the set B, of the least pair closed under these
    conditions: take the first move in the continuation that moves a card
    outside M, or is a base move of a card outside B (for a run, look at
    its base first, then the cards it carries one by one from the bottom);
    every condition of that move holds with earlier moves, whose cards are
    inside, so it would be inside.  A card outside M never moves: the
    position is lost.  With draw 1 talon reachability is ignored before the
    last pass, which only enlarges the sets.  Counting only base moves
    where a card must be uncovered is what sees a card kept covered for
    good (8S on 9H when 8S can never leave it: 9H may travel, but no card
    is ever built on it).

    How it is computed (speed only: every condition grows with the sets, so
    the least pair, and the answer, do not depend on the order cards are
    tried in).  Sweeps add cards until one adds none; M, B and the talon
    indices in M are bit masks, and so are the two conditions on the
    card: ``movable``, the cards that have a place on the tableau (a parent
    among the pile tops now, the cards whose covering card is in B, the
    talon cards in M and, with foundation_to_tableau, the foundation cards;
    every King once a pile can be emptied), and ``homeable``, the cards
    whose lower cards are all home or in M.  Both are kept current as cards
    join, so a card is tried with two bit tests.  A sweep tries a pile's
    face-up cards bottom up (a carried card follows the one under it at
    once), then its face-down cards top down while the one above is in B,
    then the talon from its last card down (in the last pass a card follows
    the cards above it).  (One loop: helpers returning the sets as tuples
    made the test half as slow again.)
    """
    f2t = rules[R_F2T] != 0
    last_pass = in_last_pass(state, rules)
    # before the last pass, draw k > 1: bit j, talon index j is in reach now
    ordered = not last_pass and rules[R_DRAW] > 1
    in_reach = in_reach_now(state, rules) if ordered else np.int64(0)
    length = np.int64(state[TLEN])
    done = np.int64(0)  # M: bit per card on its foundation or in the set
    left = 0  # cards not home and not yet in M
    for s in range(4):
        home = np.int64(state[FOUND + s])
        done |= ((np.int64(1) << home) - 1) << (13 * s)
        left += 13 - home
    homeable = np.int64(0)
    for s in range(4):
        homeable |= _homeable_suit(done, 13 * s)
    tops = done if f2t else np.int64(0)  # cards a card could be built on now
    empty_pile = False
    for p in range(PILES):
        n = pile_len(state, p)
        if n == 0:
            empty_pile = True
        else:
            tops |= np.int64(1) << pile_card(state, p, n - 1)
    movable = _children(tops) | (KINGS if empty_pile else np.int64(0))
    based = np.int64(0)  # B: bit per tableau card that can make a base move
    talon_done = np.int64(0)  # bit j: talon card j is in M
    changed = True
    while changed and left > 0:
        changed = False
        for p in range(PILES):
            n = pile_len(state, p)
            down = pile_down(state, p)
            for i in range(down, n):  # face up, bottom up
                x = pile_card(state, p, i)
                if (based >> x) & 1:
                    continue
                exposed = i == n - 1 or (based >> pile_card(state, p, i + 1)) & 1 != 0
                if (movable >> x) & 1 or (exposed and (homeable >> x) & 1):
                    done, based, homeable, movable, left = _base_move(state, p, i, x, done, based, homeable,
                                                                      movable, left)
                    changed = True
                elif not (done >> x) & 1 and i > down and (done >> pile_card(state, p, i - 1)) & 1:
                    done, homeable, left = _join(done, homeable, left, x)  # carried
                    changed = True
            for i in range(down - 1, -1, -1):  # face down: turned up once the card on it is in B
                x = pile_card(state, p, i)
                if (based >> x) & 1:
                    continue
                if not (based >> pile_card(state, p, i + 1)) & 1:
                    break
                if not ((movable | homeable) >> x) & 1:
                    break
                done, based, homeable, movable, left = _base_move(state, p, i, x, done, based, homeable,
                                                                  movable, left)
                changed = True
        for j in range(length - 1, -1, -1):  # the talon, from its last card down
            x = np.int64(state[TALON + j])
            if (done >> x) & 1:
                continue
            if last_pass:  # a card follows the cards above it
                above = ((np.int64(1) << talon_run_end(state, rules, j)) - 1) & ~((np.int64(2) << j) - 1)
                if talon_done & above != above:
                    continue
            elif ordered:
                below = (np.int64(1) << j) - 1
                if not ((in_reach >> j) & 1 or talon_done & below != 0 or (talon_done >> (j + 1)) & 1):
                    continue
            if ((movable | homeable) >> x) & 1:
                done, homeable, left = _join(done, homeable, left, x)
                movable |= _children(np.int64(1) << x)
                talon_done |= np.int64(1) << j
                changed = True
    return left > 0


@kernel(inline="always")
def _base_move(state, p, i, x, done, based, homeable, movable, left):
    """Card x, at index i of pile p, can make a base move: it joins B and
    M, and the card under it becomes a place to build (or, at the bottom,
    the pile can be emptied)."""
    based |= np.int64(1) << x
    if not (done >> x) & 1:  # a face-up card carried before is in M already
        done, homeable, left = _join(done, homeable, left, x)
    if i > 0:
        movable |= _children(np.int64(1) << pile_card(state, p, i - 1))
    else:
        movable |= KINGS
    return done, based, homeable, movable, left


@kernel(inline="always")
def _join(done, homeable, left, x):
    """Card x joins M; only its own suit's ``homeable`` bits can change."""
    done |= np.int64(1) << x
    first = (x // 13) * 13
    homeable = (homeable & ~(SUIT << first)) | _homeable_suit(done, first)
    return done, homeable, left - 1


@kernel(inline="always")
def _homeable_suit(done, first):
    """The cards of the suit starting at bit ``first`` whose lower cards
    are all in ``done``: every rank up to its lowest card not in it."""
    d = (done >> first) & SUIT
    return ((d ^ (d + 1)) & SUIT) << first


@kernel(inline="always")
def _children(cards):
    """The cards that may be built on some card of the mask: a rank lower,
    the other colour (suits C, D, H, S at bits 0, 13, 26, 39)."""
    red = ((cards >> 13) | (cards >> 26)) & SUIT
    black = (cards | (cards >> 39)) & SUIT
    return (red >> 1) | ((red >> 1) << 39) | ((black >> 1) << 13) | ((black >> 1) << 26)
