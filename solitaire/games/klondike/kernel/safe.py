"""Safe foundation moves, and the cards worth building on a placed card.

``safe_to_foundation`` says when a card that fits its foundation goes
there as the only move (``moves.gen_moves`` forces it).
``useful_builders`` is the mask the waiting reductions judge a placement
by: a talon play (draw 1, unlimited passes) and a foundation return are
made only when a card of the mask could be built on the placed card.
"""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.state import (FOUND, OFF_NO_ACE_OR_TWO_BUILDERS, OFF_PARTIAL_RUNS_FOR_FOUNDATION,
                                                   OFF_WHOLE_PILE_FOR_KING, PILES, TALON, TLEN, fits_foundation,
                                                   pile_card, pile_down, pile_len)
from solitaire.jit.cards import is_red, rank_of, suit_of, twin_of
from solitaire.jit.compile import kernel


@kernel
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
    if is_red(card):
        opposite = min(np.int64(state[FOUND + 0]), np.int64(state[FOUND + 3]))
    else:
        opposite = min(np.int64(state[FOUND + 1]), np.int64(state[FOUND + 2]))
    twin_suit = np.int64(state[FOUND + suit_of(twin_of(card))])
    if opposite >= r - 1:
        return not f2t or twin_suit >= r - 2
    return not f2t and opposite >= r - 2 and twin_suit >= r - 2


@kernel
def useful_builders(state, f2t, talon_waits, off):
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
    here: it only means fewer moves are pruned.  ``off``: the rules
    array's switch word; with ``whole_pile_for_king`` off any pile's bottom
    card counts, with ``partial_runs_for_foundation`` off any face-up card,
    with ``no_ace_or_two_builders`` off Aces and 2s too.  (``talon_waits``
    is the reduction ``talon_builder_chains``.)

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
    if off & OFF_WHOLE_PILE_FOR_KING:
        king_room = 1
    any_run = off & OFF_PARTIAL_RUNS_FOR_FOUNDATION != 0
    for p in range(PILES):
        d = pile_down(state, p)
        for i in range(d, pile_len(state, p)):
            if i == d:
                if d == 0:
                    if king_room < 0:
                        king_room = 1 if king_movable(state, f2t) else 0
                    if king_room == 0:
                        continue
            elif not (any_run or fits_foundation(state, pile_card(state, p, i - 1))):
                continue
            mask |= np.int64(1) << pile_card(state, p, i)
    talon = np.int64(0)
    for i in range(np.int64(state[TLEN])):
        talon |= np.int64(1) << np.int64(state[TALON + i])
    if not talon_waits:
        mask |= talon
        talon = np.int64(0)
    if not off & OFF_NO_ACE_OR_TWO_BUILDERS:
        for s in range(4):
            mask &= ~(np.int64(1) << (s * 13))  # the Aces
            if state[FOUND + s] > 0:
                mask &= ~(np.int64(1) << (s * 13 + 1))  # a 2 whose Ace is home
    if f2t or talon_waits:
        mask = _chained(state, mask, talon, f2t)
    return mask


@kernel(inline="always")
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


@kernel(inline="always")
def can_receive(movable, card):
    """Could a card be built on ``card`` right after it is placed?  (One of
    the two opposite-colour cards one rank lower is in ``movable``.)"""
    r = rank_of(card)
    if r == 1:
        return False
    if is_red(card):
        return ((movable >> (r - 2)) | (movable >> (39 + r - 2))) & 1 != 0
    return ((movable >> (13 + r - 2)) | (movable >> (26 + r - 2))) & 1 != 0


@kernel
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
