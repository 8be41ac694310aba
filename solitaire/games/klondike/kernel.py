"""Klondike fast engine: numba kernels on a flat uint8 state.

State layout (``STATE_LEN`` = 200 bytes, 25 aligned 64-bit words)::

    [0:4]    foundation rank per suit (C, D, H, S), 0 = empty
    [4]      talon length L (waste + stock, at most 24)
    [5]      waste count W: talon[0:W] is the waste (top = talon[W-1]),
             talon[W:L] the stock (next turned = talon[W])
    [6]      passes used so far (1 in the first pass)
    [7]      what the next move must serve (MODE_SOLVE only, ``gen_moves``):
             0 nothing, card + 1, or WAIT_KING + 1
    [8:32]   talon cards
    [32:]    seven piles of 24 bytes: [length, face-down count, cards bottom->top]

Unused card slots are always zero, so the key can hash whole 64-bit words.

The stock is handled as "the cards reachable by turning" (as the best
Klondike solvers do): a talon move plays talon card ``i`` directly and counts
the stock turns (and redeal) needed to bring it to the waste top.  This loses
no play: turning the stock commutes with every tableau move, and reaching a
card at the earliest turn dominates reaching it later (same position, more
passes left).

Moves are int32: ``kind | a << 4 | b << 12 | c << 20 | redeal << 28``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solitaire.jit.modes import MODE_ALL, MODE_SOLVE
from solitaire.jit.table import probe_insert

FOUND, TLEN, WCOUNT, PASSES_USED, WAITING, TALON = 0, 4, 5, 6, 7, 8
WAIT_KING = 52  # state[WAITING] - 1: the card the next move must build on, or an emptied pile's King
WAIT_BIT = 1 << 29  # on a move: the position it leads to waits (``gen_moves``, part 0)
NO_WAIT, ANY_WAIT = -1, -2  # talon plays in ``_talon_moves``
TALON_SLOTS = 24
PILE0, PILE_STRIDE, PILES = 32, 24, 7
PILE_WORDS = PILE_STRIDE // 8
STATE_LEN = PILE0 + PILES * PILE_STRIDE
R_DRAW, R_PASSES, R_F2T = 0, 1, 2  # rules array; passes 0 = unlimited

T2F, T2T, W2F, W2T, F2T = 0, 1, 2, 3, 4  # move kinds: tableau/waste/foundation to foundation/tableau


@njit(cache=True, inline="always")
def enc(kind, a, b, c, redeal):
    return np.int32(kind | (a << 4) | (b << 12) | (c << 20) | (redeal << 28))


@njit(cache=True, inline="always")
def move_kind(m):
    return m & 15


@njit(cache=True, inline="always")
def move_a(m):
    return (m >> 4) & 255


@njit(cache=True, inline="always")
def move_b(m):
    return (m >> 12) & 255


@njit(cache=True, inline="always")
def move_c(m):
    return (m >> 20) & 255


@njit(cache=True, inline="always")
def move_redeal(m):
    return (m >> 28) & 1


@njit(cache=True, inline="always")
def rank_of(card):
    return card % 13 + 1


@njit(cache=True, inline="always")
def suit_of(card):
    return card // 13


@njit(cache=True, inline="always")
def in_last_pass(state, rules):
    """A pass limit, and every pass used: no redeal is left."""
    passes = rules[R_PASSES]
    return passes != 0 and np.int64(state[PASSES_USED]) >= passes


@njit(cache=True, inline="always")
def red(card):
    s = card // 13
    return s == 1 or s == 2


@njit(cache=True, inline="always")
def pile_len(state, p):
    return np.int64(state[PILE0 + p * PILE_STRIDE])


@njit(cache=True, inline="always")
def pile_down(state, p):
    return np.int64(state[PILE0 + p * PILE_STRIDE + 1])


@njit(cache=True, inline="always")
def pile_card(state, p, i):
    return np.int64(state[PILE0 + p * PILE_STRIDE + 2 + i])


@njit(cache=True, inline="always")
def accepts(state, q, card):
    """Can ``card`` be built on pile ``q`` (alternating colours, King on empty)?"""
    n = pile_len(state, q)
    if n == 0:
        return rank_of(card) == 13
    top = pile_card(state, q, n - 1)
    return rank_of(top) == rank_of(card) + 1 and red(top) != red(card)


@njit(cache=True, inline="always")
def fits_foundation(state, card):
    return np.int64(state[FOUND + suit_of(card)]) == rank_of(card) - 1


@njit(cache=True)
def safe_to_foundation(state, card, f2t):
    """Moving ``card`` (which fits its foundation) there never loses a win.

    Proof.  In the tableau a card c of rank r serves only as a base for the
    opposite-colour cards of rank r-1; moving c off a pile to its foundation
    uncovers exactly what any other move of c would.  Ranks 1 and 2: nothing
    useful goes on an Ace, and only Aces go on a 2 (an Ace is never better
    placed on a 2 than on its foundation).  Without foundation_to_tableau: if
    both opposite-colour r-1 are on foundations they never return, so c is
    never needed as a base.  With it, pulled-back cards can form chains on c
    (r-1 of the other colour, r-2 of c's colour, ...) that hold lower tableau
    cards, or park a pulled-back card on c to free the one below it.  If
    both opposite-colour foundations hold r-1 or more and the other suit of
    c's colour r-2 or more (c's own holds r-1), every card of rank below r-1
    of the other colour, or below r-1 of c's colour, is on a foundation: so
    is every card such a chain or the cards freed by parking could hold
    (ranks alternate colour going down).  No chain on c can ever carry, or
    free a base for, a card that was not on a foundation: it is useless.
    The same exchange argument never lengthens a solution (c's other moves
    are dropped), so the reduction is also safe for fewest moves.

    Without foundation_to_tableau, also when both opposite-colour
    foundations hold r-2 or more and the other suit of c's colour r-2 or
    more.  Proof.  Both red (say) r-2 are then on foundations for good, so
    the only card ever built on c is an opposite-colour r-1 card b, alone.
    Take a winning line and play c up first instead; drop c's later moves
    and, where the line puts b on c, play b to its foundation instead: b's
    suit holds exactly r-2 while b is off it, so b fits, from the same place
    (talon or pile top) and with the same turns.  b on c carries nothing and
    only waits there for its foundation (or for c's twin, which carries
    nothing either), so b's later moves are dropped too; every other move
    finds the same cards where the line left them (an extra empty pile only
    adds moves).  No move is added, so fewest moves are kept as well.
    """
    r = rank_of(card)
    if r <= 2:
        return True
    if red(card):
        opposite = min(np.int64(state[FOUND + 0]), np.int64(state[FOUND + 3]))
    else:
        opposite = min(np.int64(state[FOUND + 1]), np.int64(state[FOUND + 2]))
    twin_suit = np.int64(state[FOUND + suit_of(twin_of(card))])
    if opposite >= r - 1:
        return not f2t or twin_suit >= r - 2
    return not f2t and opposite >= r - 2 and twin_suit >= r - 2


@njit(cache=True)
def useful_builders(state, f2t, talon_waits):
    """Bit per card that, were a card placed now (from the talon, or back
    from a foundation), could usefully be built on it: a face-up tableau
    card that is its pile's lowest face-up card (over face-down cards, or
    alone under its run when a King could use the emptied pile) or lies on
    a card that fits its foundation, and a talon card; but no Ace and no 2 whose Ace
    is home; and with foundation_to_tableau a foundation card whose own
    return would be useful (``_chained``: something of the first kind
    could end up built on it).  When talon plays wait (``talon_waits``:
    draw 1, unlimited passes, can it be won) a talon card counts only if
    a card of the mask could be built on it in turn.  A superset is safe
    here: it only means fewer moves are pruned.

    The proofs that use the mask (``gen_moves`` parts 4 and 6) move the
    placement of a card t to right before the first card x built on it.
    Four kinds of x are never needed there.  An Ace: it could go to its
    (empty) foundation from where it is instead, and nothing is built on an
    Ace.  A 2 whose Ace is home: it fits its foundation, only Aces (which
    go home first) could lie on it, and only Aces could ever be built on
    it; send them up instead and drop their later moves, and nothing else
    in the line changes (t is just uncovered earlier).  Applied to every
    such build of a winning line, this leaves a winning line without them.
    A face-up card lying on a face-up card y that does not fit its
    foundation: it lies on one of its parents (runs are built down in
    alternating colours), so moving it onto t, y's twin, is a partial run
    move, and ``gen_moves`` part 5 shows a winning line whose partial run
    moves all uncover a card that fits its foundation.  The bottom card of
    a pile with nothing face down while no King could use the emptied
    pile: part 5 moves a whole pile only right before a King goes into the
    emptied pile (t's placement moves along), and a King that can move
    then can move now (placing cards and bringing them back makes no King
    movable that was not).  So at t's placement
    its first builder x is a card of the mask: off the foundations (face
    up, or in the talon: it moves next), or itself returned, when the same
    holds for x in turn (``_chained``).
    """
    mask = np.int64(0)
    king_room = -1  # whether a King could use an emptied pile: looked up once, when first needed
    for p in range(PILES):
        d = pile_down(state, p)
        for i in range(d, pile_len(state, p)):
            if i == d:
                if d == 0:
                    if king_room < 0:
                        king_room = 1 if king_movable(state, f2t) else 0
                    if king_room == 0:
                        continue
            elif not fits_foundation(state, pile_card(state, p, i - 1)):
                continue
            mask |= np.int64(1) << pile_card(state, p, i)
    talon = np.int64(0)
    for i in range(np.int64(state[TLEN])):
        talon |= np.int64(1) << np.int64(state[TALON + i])
    if not talon_waits:
        mask |= talon
        talon = np.int64(0)
    for s in range(4):
        mask &= ~(np.int64(1) << (s * 13))  # the Aces
        if state[FOUND + s] > 0:
            mask &= ~(np.int64(1) << (s * 13 + 1))  # a 2 whose Ace is home
    if f2t or talon_waits:
        mask = _chained(state, mask, talon, f2t)
    return mask


@njit(cache=True, inline="always")
def _chained(state, mask, talon, f2t):
    """Add to ``mask`` (the builders already known) each card of ``talon``
    (the talon cards, when their plays wait) on which a card of the mask
    could be built, and with foundation_to_tableau each foundation card c
    whose return would be useful: a card of the mask could be built on c,
    or on a card below c on its foundation (returned after it), or on a
    card added in turn.  Ranks only go down along such chains, so one
    sweep by rank sees every case; Aces and 2s never join (only Aces go
    on a 2, and no Ace is in the mask).

    Proof (can it be won only; ``gen_moves`` part 6 moves each return to
    right before its first use).  In a winning line, follow a return's first
    use: a card built on the returned card, or the return of the card below
    it; if it is a return, follow that one's first use, and so on.  Each
    return on the way is moved to right before its first use, so the chain
    is a run of consecutive returns ending with a card x built on the last
    of them.  If x was itself returned it has no first use of its own
    in the chain and the returns are useless: a set of returned cards on
    which no other card is ever built can be left on the foundations (their
    later moves dropped: nothing else was built on them, a card they
    covered is only freed sooner, and a card of their suit going up later
    finds its foundation where the line had it).  So x is off the
    foundations, and as returns turn no card face up, x is movable already
    at the first return: a card of the mask, or a talon card.

    When talon plays wait, part 4 moves a talon card's play onto t to right
    before the first card y built on it (moving the returns before it along:
    a return may wait any time until its first use), and y is then a card
    of the mask, a returned card whose first use follows in turn, or a talon
    card whose play waits in turn.  Nothing but talon plays and returns
    comes between, and they turn no card face up and leave every other
    pile as it was, so the chain ends in a card of the mask as it is now:
    a talon card whose chain ends nowhere is never the first builder of
    anything.  (Inserting the chain right before the play never parts a
    waiting move from what serves it: the move before the play would have
    to be served by the play, and the play serves the chain.)
    """
    for r in range(2, 14):
        for s in range(4):
            card = s * 13 + r - 1
            if (talon >> card) & 1:
                if can_receive(mask, card):
                    mask |= np.int64(1) << card
            elif f2t and r >= 3 and np.int64(state[FOUND + s]) >= r:
                if (mask >> (card - 1)) & 1 or can_receive(mask, card):
                    mask |= np.int64(1) << card
    return mask


@njit(cache=True, inline="always")
def can_receive(movable, card):
    """Could a card be built on ``card`` right after it is placed?  (One of
    the two opposite-colour cards one rank lower is in ``movable``.)"""
    r = rank_of(card)
    if r == 1:
        return False
    if red(card):
        return ((movable >> (r - 2)) | (movable >> (39 + r - 2))) & 1 != 0
    return ((movable >> (13 + r - 2)) | (movable >> (26 + r - 2))) & 1 != 0


@njit(cache=True)
def king_movable(state, f2t):
    """Is there a King that could be moved to an empty pile usefully: one
    lying on face-down cards, one in the talon, or (when cards may come back)
    one on a foundation?"""
    for p in range(PILES):
        d = pile_down(state, p)
        if d > 0 and pile_len(state, p) > d and rank_of(pile_card(state, p, d)) == 13:
            return True
    for i in range(np.int64(state[TLEN])):
        if rank_of(np.int64(state[TALON + i])) == 13:
            return True
    if f2t:
        for s in range(4):
            if np.int64(state[FOUND + s]) == 13:
                return True
    return False


@njit(cache=True, inline="always")
def twin_of(card):
    """The other card of the same rank and colour."""
    s = suit_of(card)
    return card + (39 if s == 0 else -39 if s == 3 else 13 if s == 1 else -13)


@njit(cache=True, inline="always")
def _parent_gone(state, loc, parent, p, i, f2t):
    """Can ``parent`` never be a pile top before the card at index i of pile p
    leaves?  (It lies face down under that card, or it is on its foundation
    for good.)"""
    where = loc[parent]
    if where >= 0:
        return where // 32 == p and where % 32 < i
    return not f2t and np.int64(state[FOUND + suit_of(parent)]) >= rank_of(parent)


@njit(cache=True, inline="always")
def _lower_of_suit_below(state, p, i, card):
    """Is a lower card of ``card``'s suit at index i or below in pile p?"""
    for j in range(i + 1):
        c = pile_card(state, p, j)
        if suit_of(c) == suit_of(card) and c < card:
            return True
    return False


@njit(cache=True, inline="always")
def _lower_of_suit_in(cards, card):
    """Does the bit mask ``cards`` hold a lower card of ``card``'s suit?"""
    return cards & ((np.int64(1) << card) - (np.int64(1) << (suit_of(card) * 13))) != 0


@njit(cache=True, inline="always")
def _under(loc, card, p, i, q, k):
    """Does ``card`` lie under index i of pile p or under index k of pile q?"""
    where = loc[card]
    return where >= 0 and ((where // 32 == p and where % 32 < i) or (where // 32 == q and where % 32 < k))


@njit(cache=True)
def _stuck_until(state, loc, z, q, k, p, i, f2t):
    """Can card z, at index k of pile q (face down or the lowest face-up
    card), not leave q before the card at index i of pile p has left p?

    z leaves q only as the base of a move: to its foundation, closed while a
    lower card of its suit lies under z or under that card; onto a parent,
    closed while both lie there too or are gone for good; or to an empty pile,
    if it is a King."""
    if rank_of(z) == 13:
        return False
    s = suit_of(z)
    closed = False
    for r in range(np.int64(state[FOUND + s]) + 1, rank_of(z)):
        if _under(loc, s * 13 + r - 1, p, i, q, k):
            closed = True
            break
    if not closed:
        return False
    r = rank_of(z)
    first = r if red(z) else 13 + r
    for parent in (first, first + (39 if red(z) else 13)):
        if _under(loc, parent, p, i, q, k):
            continue
        if loc[parent] >= 0 or f2t or np.int64(state[FOUND + suit_of(parent)]) < rank_of(parent):
            return False
    return True


@njit(cache=True)
def _locked(state, loc, parent, p, i, f2t):
    """Is ``parent`` in another pile under a card that cannot leave before
    the card at index i of pile p does?  Then it is no top until then."""
    where = loc[parent]
    if where < 0 or where // 32 == p:
        return False
    q, j = where // 32, where % 32
    for k in range(j + 1, min(pile_down(state, q), pile_len(state, q) - 1) + 1):
        if _stuck_until(state, loc, pile_card(state, q, k), q, k, p, i, f2t):
            return True
    return False


@njit(cache=True, inline="always")
def _fill_loc(state, loc):
    """loc[card] = pile * 32 + index for tableau cards, -1 for the others."""
    loc[:] = -1
    for p in range(PILES):
        for i in range(pile_len(state, p)):
            loc[pile_card(state, p, i)] = p * 32 + i


@njit(cache=True)
def dead_end(state, rules, loc):
    """A position no line can win, by patterns of cards that can never move.

    A card X that is face down, or the lowest face-up card, with a lower card
    of its own suit under it in its pile ("blocked") can only leave the pile
    as the base of a move to the tableau (not a King: empty piles take Kings
    only), onto one of its two parents (next rank up, other colour).  A
    parent lying face down under X, or (without foundation_to_tableau) on its
    foundation, can never receive it.
    A parent in another pile under a card Z that cannot leave its pile
    before X leaves (``_stuck_until``) is out of reach as well.
    A. a blocked X with both parents out of reach: X never leaves, lost.
    B. blocked twins X above X' in one pile, both with only the same parent P
       left (the other lies under X' or is gone), and a lower card of X's suit
       under X': X must go onto P first and cannot leave it (not to its
       foundation, not to its other parent) before X' leaves, and X' needs P.
    M. some card can never move at all (``_never_moves``); in the last pass
       through the stock this takes in the talon order, so it also sees a
       waste card with a lower card of its suit and both parents under it.
       With unlimited passes and draw k > 1 it knows which talon cards are
       in reach.  Under a pass limit it runs only in the last pass: before
       that it did not pay, even knowing the reach (draw 3 / three passes,
       deals 1-200: the same verdicts, 5% fewer nodes, 1.3 to 1.7 times the
       time).  Skipping a dead-end test is always safe.

    ``loc`` is scratch: card -> pile * 32 + index, -1 off the tableau,
    filled only once a blocked card is found (patterns A and B need it).
    """
    f2t = rules[R_F2T] != 0
    loc_filled = False
    for p in range(PILES):
        n = pile_len(state, p)
        top = min(pile_down(state, p), n - 1)  # face-down cards and the lowest face-up one
        below = np.int64(0)  # bit per card under index i: "blocked" in O(1), not a scan
        for i in range(1, top + 1):
            below |= np.int64(1) << pile_card(state, p, i - 1)
            x = pile_card(state, p, i)
            r = rank_of(x)
            if r == 13 or not _lower_of_suit_in(below, x):
                continue
            if not loc_filled:
                _fill_loc(state, loc)
                loc_filled = True
            if red(x):
                p1, p2 = r, 39 + r  # clubs and spades of rank r + 1
            else:
                p1, p2 = 13 + r, 26 + r
            gone1 = _parent_gone(state, loc, p1, p, i, f2t)
            gone2 = _parent_gone(state, loc, p2, p, i, f2t)
            if (gone1 or _locked(state, loc, p1, p, i, f2t)) and (gone2 or _locked(state, loc, p2, p, i, f2t)):
                return True  # pattern A
            if not (gone1 or gone2):
                continue
            other = p2 if gone2 else p1  # the gone parent
            twin = twin_of(x)
            where = loc[twin]
            if where < 0 or where // 32 != p or where % 32 >= i:
                continue
            i2 = where % 32
            if (_parent_gone(state, loc, other, p, i2, f2t) and _lower_of_suit_below(state, p, i2 - 1, twin)
                    and _lower_of_suit_below(state, p, i2 - 1, x)):
                return True  # pattern B
    if rules[R_PASSES] != 0 and not in_last_pass(state, rules):
        return False
    return _never_moves(state, rules)


@njit(cache=True)
def _never_moves(state, rules):
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
    every talon card now above it moved before (``_talon_run_end``); before
    the last pass with draw k > 1, it is in reach now, or some talon card
    below it or the one right above it moved before (``_in_reach_now``).

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
    indices in M are bit masks.  ``targets`` holds the cards a card may be
    built on: pile tops now, cards whose covering card is in B, talon cards
    in M, and with foundation_to_tableau the foundation cards.  A sweep
    tries a pile's face-up cards bottom up (a carried card follows the one
    under it at once), then its face-down cards top down while the one
    above is in B, then the talon from its last card down (in the last
    pass a card follows the cards above it).
    """
    f2t = rules[R_F2T] != 0
    last_pass = in_last_pass(state, rules)
    # before the last pass, draw k > 1: bit j, talon index j is in reach now
    ordered = not last_pass and rules[R_DRAW] > 1
    in_reach = _in_reach_now(state, rules) if ordered else np.int64(0)
    length = np.int64(state[TLEN])
    done = np.int64(0)  # M: bit per card on its foundation or in the set
    left = 0  # cards not home and not yet in M
    for s in range(4):
        home = np.int64(state[FOUND + s])
        done |= ((np.int64(1) << home) - 1) << (13 * s)
        left += 13 - home
    targets = done if f2t else np.int64(0)  # bit per card a card could be built on
    based = np.int64(0)  # B: bit per tableau card that can make a base move
    talon_done = np.int64(0)  # bit j: talon card j is in M
    empty_pile = False  # some pile is empty now, or its bottom card is in B
    for p in range(PILES):
        n = pile_len(state, p)
        if n == 0:
            empty_pile = True
        else:
            targets |= np.int64(1) << pile_card(state, p, n - 1)
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
                if _has_target(targets, empty_pile, x) or (exposed and _suit_below_done(done, x)):
                    based |= np.int64(1) << x
                    if not (done >> x) & 1:
                        done |= np.int64(1) << x
                        left -= 1
                    changed = True
                    if i > 0:
                        targets |= np.int64(1) << pile_card(state, p, i - 1)
                    else:
                        empty_pile = True
                elif not (done >> x) & 1 and i > down and (done >> pile_card(state, p, i - 1)) & 1:
                    done |= np.int64(1) << x  # carried
                    left -= 1
                    changed = True
            for i in range(down - 1, -1, -1):  # face down: turned up once the card on it is in B
                x = pile_card(state, p, i)
                if (based >> x) & 1:
                    continue
                if not (based >> pile_card(state, p, i + 1)) & 1:
                    break
                if not (_suit_below_done(done, x) or _has_target(targets, empty_pile, x)):
                    break
                based |= np.int64(1) << x
                done |= np.int64(1) << x
                left -= 1
                changed = True
                if i > 0:
                    targets |= np.int64(1) << pile_card(state, p, i - 1)
                else:
                    empty_pile = True
        for j in range(length - 1, -1, -1):
            x = np.int64(state[TALON + j])
            if (done >> x) & 1:
                continue
            if last_pass:
                above = ((np.int64(1) << _talon_run_end(state, rules, j)) - 1) & ~((np.int64(2) << j) - 1)
                if talon_done & above != above:
                    continue
            elif ordered:
                below = (np.int64(1) << j) - 1
                if not ((in_reach >> j) & 1 or talon_done & below != 0 or (talon_done >> (j + 1)) & 1):
                    continue
            if _suit_below_done(done, x) or _has_target(targets, empty_pile, x):
                done |= np.int64(1) << x
                targets |= np.int64(1) << x
                talon_done |= np.int64(1) << j
                left -= 1
                changed = True
    return left > 0


@njit(cache=True, inline="always")
def _suit_below_done(done, x):
    """Pattern M: every lower card of x's suit is home or in the set (x could
    go to its foundation)."""
    below = (np.int64(1) << (rank_of(x) - 1)) - 1
    return (done >> (suit_of(x) * 13)) & below == below


@njit(cache=True, inline="always")
def _has_target(targets, empty_pile, x):
    """Pattern M: can x go onto the tableau: a King into a pile all in the
    set, another card onto a parent in ``targets``?"""
    r = rank_of(x)
    if r == 13:
        return empty_pile
    first = r if red(x) else 13 + r  # the parent in clubs or diamonds
    second = first + (39 if red(x) else 13)
    return (targets >> first) & 1 != 0 or (targets >> second) & 1 != 0


@njit(cache=True)
def _in_reach_now(state, rules):
    """Before the last pass, draw k > 1: bit j of the result is whether
    talon card j can be played with no other talon card played first.

    Those are the waste top, every k-th stock card from the waste count W
    (W + k - 1, W + 2k - 1, ...), the last talon card, and after a redeal
    (one is left before the last pass) every k-th card from the start
    (k - 1, 2k - 1, ...).  Pattern M's rule for the others: talon card x at
    index j, out of reach now, first moves only after some talon card below
    it, or the talon card right above it (j + 1, never x: the last card is
    in reach), has moved.  Proof.  A talon card's index changes only when a
    card below it leaves, and the waste count only when a talon card is
    played (the search plays talon cards directly, turning folded in: to
    card i, the waste count becomes i; tableau and foundation moves leave
    the talon alone).  Suppose neither happened before x's first move.
    Then x still has index j, and the card y at j + 1 is still there.  If no
    talon card was played, the waste count is W and x was in reach now.
    Otherwise the last one played, z, lay above x (none below moved), so x
    is in the waste under the top, z's index less one, unless z lay right
    above x: then z is y, which did not move.  And j itself is not in reach
    after a redeal, or x was in reach now.  So x is not in reach: it cannot
    move.  (Fewer passes left later only take reach away.)
    """
    draw = np.int64(rules[R_DRAW])
    length = np.int64(state[TLEN])
    w = np.int64(state[WCOUNT])
    in_reach = np.int64(0)
    if w > 0:
        in_reach |= np.int64(1) << (w - 1)
    for j in range(w + draw - 1, length, draw):
        in_reach |= np.int64(1) << j
    for j in range(draw - 1, length, draw):
        in_reach |= np.int64(1) << j
    if length > 0:
        in_reach |= np.int64(1) << (length - 1)
    return in_reach


@njit(cache=True, inline="always")
def _talon_run_end(state, rules, j):
    """For talon card x at index j: one past the last talon index that lies
    above x when x is first the waste top, in the last pass.

    Proof.  With no redeal left, cards join the waste only on top, by
    turning, and leave it only from the top.  A waste card x (index below
    the waste count W) is under the waste cards after it: they all leave
    before x does, so the run ends at W.  A stock card x is turned with its
    turn group: the stock's groups of ``draw`` cards start at W and stay
    put until the stock is turned (playing from the waste leaves the stock
    alone), and the group's later cards land on top of x, so the run ends
    with x's group.  Cards turned later land on top as well and must leave
    too; leaving them out only enlarges pattern M's set.
    """
    w = np.int64(state[WCOUNT])
    if j < w:
        return w
    draw = np.int64(rules[R_DRAW])
    group_start = j - (j - w) % draw
    return min(group_start + draw, np.int64(state[TLEN]))


SCRATCH = 2 * 52 + 2 * PILES  # tail of the move buffer used as scratch by gen_moves


@njit(cache=True, inline="always")
def push(out, n, move):
    if n < out.shape[0] - SCRATCH:
        out[n] = move
    return n + 1


@njit(cache=True, inline="always")
def _targets(card, top_pile, empties, n_empty, buf):
    """Piles ``card`` may be built on, via the table of pile tops: O(1)."""
    n = 0
    r = rank_of(card)
    if r == 13:
        for i in range(n_empty):
            buf[n] = empties[i]
            n += 1
        return n
    # the two cards one rank higher of the other colour
    if red(card):
        s1, s2 = 0, 3
    else:
        s1, s2 = 1, 2
    p = top_pile[s1 * 13 + r]
    if p >= 0:
        buf[n] = p
        n += 1
    p = top_pile[s2 * 13 + r]
    if p >= 0:
        buf[n] = p
        n += 1
    return n


@njit(cache=True, inline="always")
def _talon_moves(state, out, n_out, idx, turns, redeal, top_pile, empties, n_empty, dests, receivers):
    """Moves of talon card ``idx`` after ``turns`` stock turns (and a redeal).
    ``receivers``: NO_WAIT, the card goes anywhere it fits and does not wait;
    ANY_WAIT, it goes anywhere and waits; else a bit mask, it goes to the
    tableau (and waits) only if a card of the mask could be built on it."""
    c = np.int64(state[TALON + idx])
    nd = _targets(c, top_pile, empties, n_empty, dests) if receivers < 0 or can_receive(receivers, c) else 0
    wait = 0 if receivers == NO_WAIT else WAIT_BIT
    for j in range(nd):
        n_out = push(out, n_out, enc(W2T, idx, dests[j], turns, redeal) | wait)
    if turns > 0 and fits_foundation(state, c):
        n_out = push(out, n_out, enc(W2F, idx, 0, turns, redeal))
    return n_out


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    """Moves best-first: to foundation, uncovering, from the waste, the rest.

    0. Waiting positions (can it be won only).  Two reductions below say
       "make this move only right before the move it serves": a talon card
       t played to the tableau (draw 1, unlimited passes) serves the first
       card built on t (part 4); a whole pile with nothing face down moved
       away serves the King put into the emptied pile (part 5).  Their
       proofs move it there in a winning line, which then plays the served
       move next.  Do so for each such move in turn, always the latest one
       not yet followed by what it serves: the line before it is left as it
       was, and afterwards every such move from there on is followed by
       what it serves, because a move serves at most one of them (a card
       goes onto one card; a King into an empty pile is built on nothing),
       so one is never put between another and the move that serves that
       other; if the moved one was itself what an earlier one served, that
       earlier one is fixed in a later step.  The steps end (each leaves a
       shorter part of the line to fix), so some winning line follows
       every such move at once by what it serves, and the search demands
       it: the move carries WAIT_BIT, the position it leads to keeps in
       state[WAITING] what it waits for, and there only the moves serving
       it are made (a serving move may wait in turn).  They are made under
       the rules of parts 4-6 that judge the moved card alone (``filters``):
       the line's serving move obeys them.  For a card t that waits it is
       the move of t's first builder x, which ``useful_builders`` shows is a
       card of that mask: a pile's lowest face-up card, or a card on one
       that fits its foundation (part 5's partial runs), or a whole pile
       when a King could use the emptied pile (it waits for that King
       next), or a talon card with a builder of its own next (part 4), or
       a useful return (part 6).  For an emptied pile it is a King: from
       over face-down cards (part 1, no rule), or from the talon with its
       first builder next, or returned, with its first use next.  The other
       reductions (the forced foundation move, dead ends, one twin) are
       lifted there: the line need not obey them in between.  Foundation
       returns do not wait: one move can serve two of them (the King of
       spades and the King of diamonds both brought back, then the Queen
       of diamonds back onto the King of spades: built on one, it is the
       card below the other), which breaks the argument.  Making them wait
       anyway, with any return also serving, was measured and dropped: it
       lifts the reductions in many more positions (benchmarks/README.md).
    """
    f2t = rules[R_F2T] != 0
    length = np.int64(state[TLEN])
    w = np.int64(state[WCOUNT])
    waiting = np.int64(state[WAITING]) - 1
    prune = mode != MODE_ALL and waiting < 0  # the reductions; a waiting position lifts them
    filters = prune or (waiting >= 0 and mode == MODE_SOLVE)  # the rules on the moved card: also while waiting (part 0)
    if prune:
        # A provably safe foundation move is the only move considered.
        for p in range(PILES):
            n = pile_len(state, p)
            if n > 0:
                c = pile_card(state, p, n - 1)
                if fits_foundation(state, c) and safe_to_foundation(state, c, f2t):
                    out[0] = enc(T2F, p, 0, 0, 0)
                    return 1
        # Draw 1 only: taking the waste top away never makes another talon card
        # harder to reach (the stock is untouched, the card below becomes the top).
        # With larger draws it shifts the turn groups, so it is not forced there.
        if rules[R_DRAW] == 1 and w > 0:
            c = np.int64(state[TALON + w - 1])
            if fits_foundation(state, c) and safe_to_foundation(state, c, f2t):
                out[0] = enc(W2F, w - 1, 0, 0, 0)
                return 1
    # Scratch tables live in the tail of ``out`` (SCRATCH slots, never moves):
    # allocating small arrays per call would cost more than generating moves.
    limit = out.shape[0] - SCRATCH
    top_pile = out[limit:limit + 52]  # card -> the pile it tops, or -1
    empties = out[limit + 52:limit + 52 + PILES]
    dests = out[limit + 52 + PILES:limit + 52 + 2 * PILES]
    if prune and dead_end(state, rules, out[limit + 52 + 2 * PILES:limit + 104 + 2 * PILES]):
        return 0
    # Draw 1, unlimited passes (can it be won): every talon card can be
    # reached at any time, and taking one away changes no other card's
    # reach, so any talon card that fits and is safe goes up alone.
    if prune and mode == MODE_SOLVE and rules[R_DRAW] == 1 and rules[R_PASSES] == 0:
        for j in range(length):
            c = np.int64(state[TALON + j])
            if fits_foundation(state, c) and safe_to_foundation(state, c, f2t):
                if j == w - 1:  # the waste top (the rule above takes it first)
                    out[0] = enc(W2F, j, 0, 0, 0)
                elif j >= w:
                    out[0] = enc(W2F, j, 0, j - w + 1, 0)
                else:  # after the rest of this pass and a redeal
                    out[0] = enc(W2F, j, 0, length - w + 2 + j, 1)
                return 1
    # Where cards can be built (``_targets``).  Reduction (can it be won, not
    # in a waiting position): when both cards of a rank and colour (twins,
    # e and e') are pile tops, only one of them is offered as a place to
    # build.  Putting a card (with what lies on it) on e or on e' gives two
    # positions that differ only by exchanging what lies on e and on e':
    # twin-swapped positions, which part 5 shows are won alike (every line
    # of one is mirrored by the other, the exchange itself played where e
    # or e' goes up while the other stack lies on it, uncovering a card that
    # fits its foundation, as that part's rule allows).  Not for fewest
    # moves (the mirror may need that extra move), and not while a position
    # waits (the move serving it builds on one card in particular).
    one_twin = prune and mode == MODE_SOLVE
    top_pile[:] = -1
    n_empty = 0
    for p in range(PILES):
        n = pile_len(state, p)
        if n > 0:
            c = pile_card(state, p, n - 1)
            if not (one_twin and top_pile[twin_of(c)] >= 0):
                top_pile[c] = p
        else:
            empties[n_empty] = p
            n_empty += 1
    receivers = np.int64(NO_WAIT)
    if mode != MODE_ALL:
        # Piles are unordered (the key folds pile order): one empty pile
        # stands for all of them, in every kind of move.
        n_empty = min(n_empty, 1)
        # Draw 1, unlimited passes: every talon card can be played at any
        # time, so a card is played from the talon to the tableau only when
        # something could be built on it at once.  Proof: in a winning line,
        # move t -> h to right before the first card x is built on t (if none
        # ever is, t leaves the tableau alone, to a foundation or another
        # pile, where it could have gone straight from the talon).  Until
        # then t only covers h, which no move needs (only t's twin could go
        # on h, and a move that lifts h can lift it alone and take t later),
        # and t stays playable in the talon.  At that point x is movable.
        # Later plays cost other stock turns, so this is for "can it be won"
        # only (fewest moves count the turns).  The played card then waits
        # for that card (part 0), so x, if it is a talon card too, is played
        # only if something could be built on it in turn: ``useful_builders``
        # counts a talon card only when such a chain ends off the talon.
        if mode == MODE_SOLVE and rules[R_DRAW] == 1 and rules[R_PASSES] == 0:
            receivers = useful_builders(state, f2t, True) if filters else ANY_WAIT
    n_out = 0
    # 1. moves that turn a face-down card (the whole face-up run of a pile),
    #    deepest pile first: uncovering cards is what wins Klondike
    for depth in range(6, 0, -1):
        for p in range(PILES):
            n = pile_len(state, p)
            if pile_down(state, p) == depth and n > depth:
                nd = _targets(pile_card(state, p, depth), top_pile, empties, n_empty, dests)
                for j in range(nd):
                    n_out = push(out, n_out, enc(T2T, p, dests[j], n - depth, 0))
    # 2. tableau tops to foundations
    for p in range(PILES):
        n = pile_len(state, p)
        if n > 0 and fits_foundation(state, pile_card(state, p, n - 1)):
            n_out = push(out, n_out, enc(T2F, p, 0, 0, 0))
    # 3. the waste top to its foundation
    if w > 0 and fits_foundation(state, np.int64(state[TALON + w - 1])):
        n_out = push(out, n_out, enc(W2F, w - 1, 0, 0, 0))
    # 4. talon cards: the waste top, then the cards reached by turning in
    #    this pass, then (if a pass remains) those reached after a redeal.
    #    Loops step by the draw count: no divisions in the hot path.
    k = rules[R_DRAW]
    if w > 0:
        n_out = _talon_moves(state, out, n_out, w - 1, 0, 0, top_pile, empties, n_empty, dests, receivers)
    reached = np.int64(0)  # bit i: talon card i reachable in this pass
    pos, t = w, 0
    while pos < length:
        pos = min(pos + k, length)
        t += 1
        reached |= np.int64(1) << (pos - 1)
        n_out = _talon_moves(state, out, n_out, pos - 1, t, 0, top_pile, empties, n_empty, dests, receivers)
    if not in_last_pass(state, rules):
        if w > 0:
            reached |= np.int64(1) << (w - 1)
        pos, j = 0, 0
        while pos < length:
            pos = min(pos + k, length)
            j += 1
            if not (reached >> (pos - 1)) & 1:
                n_out = _talon_moves(state, out, n_out, pos - 1, t + 1 + j, 1, top_pile, empties, n_empty, dests, receivers)
    # 5. other tableau moves: part of a run, or a whole run from a pile with
    #    nothing face down.  Reductions (both safe for fewest moves too):
    #    * a whole pile headed by a King moved to an empty pile gives the same
    #      position up to pile order: skipped;
    #    * part of a run is moved only when the card it uncovers fits its
    #      foundation.  Proof: moving part of a face-up run uncovers a face-up card e.  The moved run
    #      starts with a card of rank r(e) - 1 of the other colour, so its only
    #      possible target is e', the other card of e's rank and colour (the twin),
    #      lying on top of its pile.  Call two positions twin-swapped when they differ
    #      only by exchanging the cards stacked on e and on e': the partial move is
    #      exactly such an exchange.  From the swapped position every move of the
    #      other one can be mirrored card for card (the stacks on e and e' are
    #      interchangeable runs, the tops and foundations are the same) with one
    #      exception: playing e (or e') to its foundation while the other stack
    #      still lies on it.  Right before that, the mirror plays the exchange
    #      itself, which then uncovers a card that fits its foundation; after it the
    #      two positions are equal.  So any winning line that makes a partial move
    #      whose uncovered card does not fit its foundation can drop that move and
    #      replay the rest mirrored: no longer, with one reduced move fewer, and the
    #      mirrored moves keep their uncovered cards (hence their status).  By
    #      induction a winning line, and a shortest one, exists without such moves.
    #    * (can it be won only) a whole pile with nothing face down moves only
    #      when a King could use the emptied pile now.  Proof: emptying the
    #      pile serves only the King later put there; play the move right
    #      before that King moves (in between the run covers a card that only
    #      its twin could use, and a move lifting that card can lift it alone
    #      and take the run after, one move more), when the King is movable;
    #      the emptied pile then waits for that King (part 0).
    may_empty = -1  # whether a King could use an emptied pile: looked up once, when first needed
    for p in range(PILES):
        n = pile_len(state, p)
        d = pile_down(state, p)
        start = d + 1 if d > 0 else 0
        for i in range(start, n):
            c = pile_card(state, p, i)
            if mode != MODE_ALL and i == 0 and rank_of(c) == 13:
                continue
            if filters:
                if i == 0:
                    if mode == MODE_SOLVE:
                        if may_empty < 0:
                            may_empty = 1 if king_movable(state, f2t) else 0
                        if may_empty == 0:
                            continue
                if i > 0 and not fits_foundation(state, pile_card(state, p, i - 1)):
                    continue
            nd = _targets(c, top_pile, empties, n_empty, dests)
            empties_pile = WAIT_BIT if mode == MODE_SOLVE and i == 0 else 0
            for j in range(nd):
                if dests[j] != p:
                    n_out = push(out, n_out, enc(T2T, p, dests[j], n - i, 0) | empties_pile)
    # 6. foundation cards back to the tableau.  Reduction (safe for fewest
    #    moves too): returned cards can only carry other returned cards and
    #    cards of lower rank.  When every foundation holds r - 1 or more, all
    #    cards off the foundations rank r or more, so bringing back a card of
    #    rank r (and the returned cards it uncovers) can never carry one of
    #    them: the move is never needed.  (A returned card may be wanted only
    #    to uncover the one below it on the foundation, so "nothing could be
    #    built on it now" is no reason to skip it.)
    #    (can it be won only) A card c comes back only when a card could at
    #    once be built on it or on a card below it on its foundation.  Proof:
    #    in a winning line, move the return of c to right before its first
    #    use: a card built on c, the return of the card below c (which
    #    needs c gone), or c moving on.  Until then c only covers its parent
    #    h (only c's twin could go there, and a move lifting h lifts it alone
    #    and takes c after) and keeps its foundation one lower, which only
    #    c itself or the card below could use.  If c moves on, returning it
    #    straight there (or not at all, back to its foundation) is a shorter
    #    line.  At the first use the built card is movable, or, for the card
    #    below, the same holds one rank down; and the built card is one of
    #    ``useful_builders``: off the foundations, or returned itself with a
    #    use of its own (``_chained`` follows such chains).
    if f2t:
        lowest = min(min(np.int64(state[0]), np.int64(state[1])), min(np.int64(state[2]), np.int64(state[3])))
        if filters and mode == MODE_SOLVE and receivers < 0:
            receivers = useful_builders(state, f2t, False)
        for s in range(4):
            r = np.int64(state[FOUND + s])
            if r > 0 and (not filters or lowest < r - 1):
                if filters and mode == MODE_SOLVE and not (receivers >> (s * 13 + r - 1)) & 1:
                    continue
                nd = _targets(s * 13 + r - 1, top_pile, empties, n_empty, dests)
                for j in range(nd):
                    n_out = push(out, n_out, enc(F2T, s, dests[j], 0, 0))
    n_out = min(n_out, limit)
    if waiting >= 0:
        n_out = _serving(state, out, n_out, waiting)
    return n_out


@njit(cache=True)
def _serving(state, out, n_out, waiting):
    """Keep the moves that serve the waiting card (onto it) or the emptied
    pile (a King into it)."""
    kept = 0
    for m in range(n_out):
        move = out[m]
        kind = move_kind(move)
        if kind == T2F or kind == W2F:
            continue
        dest = move_b(move)
        if waiting == WAIT_KING:
            serves = pile_len(state, dest) == 0
        else:
            n = pile_len(state, dest)
            serves = n > 0 and pile_card(state, dest, n - 1) == waiting
        if serves:
            out[kept] = move
            kept += 1
    return kept


@njit(cache=True, inline="always")
def _append(child, q, card):
    base = PILE0 + q * PILE_STRIDE
    n = child[base]
    child[base + 2 + n] = card
    child[base] = n + 1


@njit(cache=True, inline="always")
def _take_talon(child, idx):
    length = np.int64(child[TLEN])
    for i in range(idx, length - 1):
        child[TALON + i] = child[TALON + i + 1]
    child[TALON + length - 1] = 0
    child[TLEN] = length - 1
    child[WCOUNT] = idx


@njit(cache=True, inline="always")
def _cut_pile(child, p, count):
    """Remove the top ``count`` cards of pile p; turn a newly exposed card up."""
    base = PILE0 + p * PILE_STRIDE
    n = np.int64(child[base]) - count
    for i in range(n, n + count):
        child[base + 2 + i] = 0
    child[base] = n
    if n > 0 and np.int64(child[base + 1]) == n:
        child[base + 1] = n - 1


@njit(cache=True)
def apply_move(state, rules, move, child):
    # A byte loop compiles to a block copy: about 4 ns, where child[:] = state
    # takes 135 ns and a loop over uint64 views 60 ns (each view is a new array).
    for i in range(STATE_LEN):
        child[i] = state[i]
    child[WAITING] = 0
    kind = move_kind(move)
    a = move_a(move)
    b = move_b(move)
    if kind == T2F:
        c = pile_card(state, a, pile_len(state, a) - 1)
        _cut_pile(child, a, 1)
        child[FOUND + suit_of(c)] += 1
    elif kind == T2T:
        count = move_c(move)
        n = pile_len(state, a)
        for i in range(n - count, n):
            _append(child, b, state[PILE0 + a * PILE_STRIDE + 2 + i])
        _cut_pile(child, a, count)
        if move & WAIT_BIT:
            child[WAITING] = WAIT_KING + 1
    elif kind == W2F or kind == W2T:
        c = np.int64(state[TALON + a])
        child[PASSES_USED] += move_redeal(move)
        _take_talon(child, a)
        if move & WAIT_BIT:
            child[WAITING] = c + 1
        if kind == W2F:
            child[FOUND + suit_of(c)] += 1
        else:
            _append(child, b, c)
    else:  # F2T
        r = np.int64(state[FOUND + a])
        child[FOUND + a] = r - 1
        _append(child, b, a * 13 + r - 1)


@njit(cache=True)
def move_cost(state, rules, move):
    kind = move_kind(move)
    if kind == W2F or kind == W2T:
        return 1 + move_c(move)
    return 1


@njit(cache=True)
def is_won(state, rules):
    return state[0] == 13 and state[1] == 13 and state[2] == 13 and state[3] == 13


@njit(cache=True, inline="always")
def mix64(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, inline="always")
def _word(state, i):
    """The state's 64-bit word i (little-endian).  The compiler merges the
    byte loads into one load; ``state.view(np.uint64)`` would build a new
    array object per call, about 25 ns."""
    b = 8 * i
    return (np.uint64(state[b]) | (np.uint64(state[b + 1]) << np.uint64(8))
            | (np.uint64(state[b + 2]) << np.uint64(16)) | (np.uint64(state[b + 3]) << np.uint64(24))
            | (np.uint64(state[b + 4]) << np.uint64(32)) | (np.uint64(state[b + 5]) << np.uint64(40))
            | (np.uint64(state[b + 6]) << np.uint64(48)) | (np.uint64(state[b + 7]) << np.uint64(56)))


def _mix64_int(x: int) -> int:
    """``mix64`` on Python ints, for the constants below."""
    mask = (1 << 64) - 1
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & mask
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & mask
    return x ^ (x >> 31)


PILE_SEED = 0x9E3779B97F4A7C15
# A pile's last word is zero up to 14 cards, its middle one up to 6 (mostly):
# their share of the pile hash is then a constant, not two more mix64 calls.
ZERO_THIRD_WORD = np.uint64(_mix64_int(PILE_SEED))  # mix64(0 + PILE_SEED)
ZERO_LAST_WORDS = np.uint64(_mix64_int(_mix64_int(PILE_SEED)))  # mix64(0 ^ ZERO_THIRD_WORD)
CLASS_TAG = 0x5BD1E9955BD1E995  # class keys (``class_key``) apart from position keys


@njit(cache=True, inline="always")
def _pile_hash(first, second, third):
    """One pile's share of ``_piles_hash``, from its three words:
    mix64(w0 ^ mix64(w1 ^ mix64(w2 + PILE_SEED))); zero last words take the
    precomputed values (the same hash, faster)."""
    if third != 0:
        inner = mix64(second ^ mix64(third + np.uint64(PILE_SEED)))
    elif second != 0:
        inner = mix64(second ^ ZERO_THIRD_WORD)
    else:
        inner = ZERO_LAST_WORDS
    return mix64(first ^ inner)


@njit(cache=True, inline="always")
def _piles_hash(state):
    """The piles hashed one by one and summed: pile order folded."""
    h = np.uint64(0)
    for p in range(PILES):
        w = PILE0 // 8 + p * PILE_WORDS
        h += _pile_hash(_word(state, w), _word(state, w + 1), _word(state, w + 2))
    return h


@njit(cache=True)
def _twin_folded_piles_hash(state):
    """``_piles_hash`` of the position with the stacks on twins put in a
    fixed order (``class_key``): for twins e and e' (same rank and colour,
    e the club or diamond) both face up in the tableau, the stack on e
    starts with no card or with a lower card than the stack on e' (a club
    or diamond before a spade or heart).

    Proof that this folds only positions won alike.  Exchanging the stacks
    on e and on e' gives a twin-swapped position (``gen_moves`` part 5):
    every line of one is mirrored card for card by the other (a card put
    on e or e' as a bare top goes on whichever of the two is bare there;
    the cards are otherwise where the line had them), except playing e or
    e' to its foundation while the other lies under a stack: there the
    mirror first moves that stack across (legal: its lowest card fits
    either twin), after which the positions are equal.  Nothing else can
    break the mirror: twins are never in one pile (a pile's face-up cards
    differ in rank), and neither twin, nor a card under it, can ever go on
    the other stack (they rank above every card of it).  So both are won
    or both lost, whatever pile each stack is in; the fold applies such
    exchanges, so a position and its folded form share their verdict.  Not
    for fewest moves (the mirror's extra move), nor while a position waits
    (the move it waits for builds on one card in particular).  Won alike
    is not reached alike: the search skips a position only once its class
    is proved lost, never for a class merely seen (``engine``).

    Each face-up card's child (the card on it) is one of the two cards of
    the next rank down and the other colour: "lo" (club or diamond) or "hi"
    (spade or heart).  Pairs are put in order by exchanging their children,
    which carry their stacks along; one exchange changes no other card's
    child, so the pairs are independent.  Only the piles whose run changes
    are rebuilt.
    """
    faceup = np.int64(0)
    lo = np.int64(0)  # bit per face-up card whose child is a club or diamond
    hi = np.int64(0)  # ... a spade or heart
    for p in range(PILES):
        n = pile_len(state, p)
        if n == 0:
            continue
        below = pile_card(state, p, pile_down(state, p))
        faceup |= np.int64(1) << below
        for i in range(pile_down(state, p) + 1, n):
            x = pile_card(state, p, i)
            faceup |= np.int64(1) << x
            if x < 26:
                lo |= np.int64(1) << below
            else:
                hi |= np.int64(1) << below
            below = x
    has = lo | hi
    # pairs clubs/spades (e at bit 0, e' at 39) and diamonds/hearts (13, 26), on 13 bits
    swap_black = _pairs_to_swap(faceup, has, lo, hi, 0, 39)
    swap_red = _pairs_to_swap(faceup, has, lo, hi, 13, 26)
    if swap_black == 0 and swap_red == 0:
        return _piles_hash(state)
    moved = (swap_black << 0) | (swap_black << 39) | (swap_red << 13) | (swap_red << 26)  # cards whose child changes
    lo = _exchange(_exchange(lo, swap_black, 0, 39), swap_red, 13, 26)
    hi = _exchange(_exchange(hi, swap_black, 0, 39), swap_red, 13, 26)
    h = np.uint64(0)
    for p in range(PILES):
        w = PILE0 // 8 + p * PILE_WORDS
        n = pile_len(state, p)
        changed = False
        for i in range(pile_down(state, p), n):
            if (moved >> pile_card(state, p, i)) & 1:
                changed = True
                break
        if changed:
            h += _rebuilt_pile_hash(state, p, lo, hi)
        else:
            h += _pile_hash(_word(state, w), _word(state, w + 1), _word(state, w + 2))
    return h


@njit(cache=True)
def _rebuilt_pile_hash(state, p, lo, hi):
    """``_pile_hash`` of pile p with its face-up run rebuilt from its lowest
    face-up card by the children in ``lo`` / ``hi`` (the bytes written in
    order into three words: length, face-down count, cards)."""
    d = pile_down(state, p)
    w0 = w1 = np.uint64(0)
    acc = np.uint64(d) << np.uint64(8)
    shift = 16
    filled = 0  # words completed
    length = 0
    x = pile_card(state, p, 0)
    i = 0
    while True:
        acc |= np.uint64(x) << np.uint64(shift)
        shift += 8
        length += 1
        if shift == 64:
            if filled == 0:
                w0 = acc
            else:
                w1 = acc
            filled += 1
            acc = np.uint64(0)
            shift = 0
        i += 1
        if i <= d:
            x = pile_card(state, p, i)
            continue
        r = rank_of(x)
        if (lo >> x) & 1:
            x = r - 2 if red(x) else 13 + r - 2
        elif (hi >> x) & 1:
            x = 39 + r - 2 if red(x) else 26 + r - 2
        else:
            break
    if filled == 0:
        w0 = acc
    elif filled == 1:
        w1 = acc
    w2 = acc if filled == 2 else np.uint64(0)
    return _pile_hash(w0 | np.uint64(length), w1, w2)


@njit(cache=True, inline="always")
def _pairs_to_swap(faceup, has, lo, hi, e_at, twin_at):
    """Twin pairs (bit r - 1 for rank r) both face up whose stacks are out
    of order: a child on e but none on e', or a hi child on e and a lo one
    on e'."""
    suit = np.int64((1 << 13) - 1)
    both = (faceup >> e_at) & (faceup >> twin_at) & suit
    has_e, has_twin = (has >> e_at) & suit, (has >> twin_at) & suit
    return both & ((has_e & ~has_twin) | ((hi >> e_at) & (lo >> twin_at) & suit))


@njit(cache=True, inline="always")
def _exchange(mask, pairs, e_at, twin_at):
    """``mask`` with the bits of e and e' exchanged for each pair in ``pairs``."""
    moved = (pairs << e_at) | (pairs << twin_at)
    from_e = (mask >> e_at) & pairs
    from_twin = (mask >> twin_at) & pairs
    return (mask & ~moved) | (from_twin << e_at) | (from_e << twin_at)


@njit(cache=True, inline="always")
def _rest_hash(state, rules, w):
    """Foundations, talon and the given waste count (already folded)."""
    header = np.uint64(state[0]) | (np.uint64(state[1]) << np.uint64(8)) | (np.uint64(state[2]) << np.uint64(16)) | (
        np.uint64(state[3]) << np.uint64(24)) | (np.uint64(state[TLEN]) << np.uint64(32)) | (np.uint64(w) << np.uint64(40)) | (
        np.uint64(state[WAITING]) << np.uint64(56))
    if rules[R_PASSES] != 0:
        header |= np.uint64(state[PASSES_USED]) << np.uint64(48)
    t = TALON // 8
    return mix64(_word(state, t) ^ mix64(_word(state, t + 1) ^ mix64(_word(state, t + 2) ^ mix64(header))))


@njit(cache=True, inline="always")
def _folded_waste(state, rules, mode, w):
    """The waste count the key uses.  In MODE_SOLVE with unlimited passes,
    waste counts with the same reachable talon cards share a key: with draw
    1 every talon card is always reachable; with draw k a waste count that
    is a multiple of k (or the whole talon) reaches exactly the cards
    reachable after a redeal.  Not for fewest moves: the stock turns to a
    card differ with the waste count."""
    if mode == MODE_SOLVE and rules[R_PASSES] == 0:
        k = rules[R_DRAW]
        if k == 1 or w % k == 0 or w == np.int64(state[TLEN]):
            return 0
    return w


@njit(cache=True)
def state_key(state, rules, mode):
    """Canonical key: pile order folded, waste counts folded (``_folded_waste``)."""
    w = _folded_waste(state, rules, mode, np.int64(state[WCOUNT]))
    return mix64(_piles_hash(state) ^ _rest_hash(state, rules, w))


@njit(cache=True)
def class_key(state, rules, mode):
    """The key of the position's class of twin-swapped positions (MODE_SOLVE,
    not while the position waits; else 0: no class), for the search's
    record of classes proved lost (``solitaire.search.engine``).  The stacks on
    twins are put in a fixed order (``_twin_folded_piles_hash``); a tag
    keeps class keys apart from position keys in the one table."""
    if mode != MODE_SOLVE or state[WAITING] != 0:
        return np.uint64(0)
    w = _folded_waste(state, rules, mode, np.int64(state[WCOUNT]))
    return mix64(_twin_folded_piles_hash(state) ^ _rest_hash(state, rules, w) ^ np.uint64(CLASS_TAG))


@njit(cache=True)
def mark_dominated(state, rules, mode, keys, vals, stamps, stamp, val):
    """Record as seen the positions this one dominates (plain DFS, can it be
    won, draw k > 1, unlimited passes): the same position with a waste count
    w' = w + k, w + 2k, ... or with a multiple of k.

    Proof.  From waste count w the reachable talon indices are w - 1 (the
    top), w + k - 1, w + 2k - 1, ... and the last one in this pass, then after
    a redeal k - 1, 2k - 1, ..., the last.  For w' = w + mk this pass reaches
    w' - 1 = w + mk - 1 and everything after it that w reaches too; a
    multiple of k reaches only the redeal set.  So D (waste count w') is
    dominated by E (waste count w): taking talon card i gives the same
    position from both (the stock turns count only for fewest moves, and the
    pass count is no part of the position with unlimited passes), and every
    other move is the same in both and leads from D to a position dominated
    by where it leads from E (the waste counts stay as they were).  Marking
    D seen while E is searched loses no win: by induction along a winning
    line from D, each position on it is equal to or dominated by one that
    was searched, and a position dominated by a searched one is won only if
    that one is (same foundations), which the search would have seen.
    ``val`` is the table value they get: the engine's, 0 or this position's
    visit number + 1 when it records classes proved lost (they lean on it).
    """
    k = rules[R_DRAW]
    if mode != MODE_SOLVE or rules[R_PASSES] != 0 or k == 1:
        return
    w = np.int64(state[WCOUNT])
    length = np.int64(state[TLEN])
    if w % k == 0 or w == length:
        return
    piles = _piles_hash(state)
    probe_insert(keys, vals, stamps, stamp, mix64(piles ^ _rest_hash(state, rules, 0)), val)
    for other in range(w + k, length, k):
        probe_insert(keys, vals, stamps, stamp, mix64(piles ^ _rest_hash(state, rules, other)), val)


@njit(cache=True)
def lower_bound(state, rules):
    """Admissible moves-to-win.

    * every card not on a foundation needs its own move there;
    * every stock card not yet turned needs turning: ceil(stock / draw) turns;
    * in each pile, every face-down card lying on a lower card of its own suit
      must leave the pile by a move that is not to a foundation, each by its
      own move (it is the top when it leaves); and if any face-up card lies
      on a lower card of its suit, at least one more such move is needed;
    * in the last pass, every waste card lying on a lower card of its own
      suit in the waste leaves the waste before that card (the waste is
      then a pile nothing is built on) and so not to a foundation: one more
      move each (``_waste_blockers``).
    """
    total = 52 - (np.int64(state[0]) + np.int64(state[1]) + np.int64(state[2]) + np.int64(state[3]))
    stock = np.int64(state[TLEN]) - np.int64(state[WCOUNT])
    k = rules[R_DRAW]
    total += (stock + k - 1) // k
    for p in range(PILES):
        n = pile_len(state, p)
        d = pile_down(state, p)
        face_up_blocker = False
        for i in range(1, n):
            c = pile_card(state, p, i)
            blocks = False
            for j in range(i):
                below = pile_card(state, p, j)
                if suit_of(below) == suit_of(c) and below < c:
                    blocks = True
                    break
            if blocks:
                if i < d:
                    total += 1
                else:
                    face_up_blocker = True
        if face_up_blocker:
            total += 1
    if in_last_pass(state, rules):
        total += _waste_blockers(state)
    return total


@njit(cache=True)
def _waste_blockers(state):
    """Waste cards lying on a lower card of their own suit in the waste."""
    count = 0
    lowest = np.full(4, 14, np.int64)  # per suit: lowest rank seen so far, bottom up
    for j in range(np.int64(state[WCOUNT])):
        c = np.int64(state[TALON + j])
        s = suit_of(c)
        r = rank_of(c)
        if lowest[s] < r:
            count += 1
        elif r < lowest[s]:
            lowest[s] = r
    return count
