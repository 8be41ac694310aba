"""The fast engine's flat state layout, the rules array, and the switch bits.

``uint8`` array of ``STATE_LEN``:

* ``[F0, F0+4)``  highest rank on each suit's foundation (C, D, H, S), 0..13;
* ``[H0, H0+13)`` height of each column;
* ``[C0 + CAP*k, C0 + CAP*k + height)`` column k's cards, bottom first.

``CAP`` = 16 is the tallest a column can ever be: a column is at most 4
dealt cards followed by cards built down one rank at a time onto the
topmost of them, at most 12 more (onto a King); a column emptied and refilled
by a King (kings=free) holds at most 13.

A move is ``src * 14 + dst``: the top card of column ``src`` onto column
``dst`` (0..12) or to its foundation (``dst`` = 13).

The rules array (``int64``) holds the two rule options and the switch word
``R_OFF``: the bits below of the reductions switched off (0 in play; the
names, summaries and questions are ``spec.REDUCTIONS``).
"""
from solitaire.jit.compile import kernel

F0 = 0
H0 = 4
C0 = 17
NCOLS = 13
CAP = 16
STATE_LEN = C0 + NCOLS * CAP
TO_F = 13
MOVE_BASE = 14
MAX_MOVES = NCOLS * MOVE_BASE  # 13 sources x (12 columns + foundation), with room to spare

# rules array slots
R_OTHER_SUIT = 0  # 1: build other-suit
R_KINGS_FREE = 1  # 1: kings=free
R_OFF = 2  # the switch word: OFF_* bits of the reductions switched off
RULES_LEN = 3

# Switch bits (``rules[R_OFF]``).  The kernel's reductions:
OFF_FIRST_MOVE_CLOSURE = 1 << 0  # dead end: a card outside the first-move closure (deadends.py)
OFF_SEAT_DEADLOCK = 1 << 1  # dead end: too few Kings for the Queens (seats.py)
OFF_SAFE_FOUNDATION_MOVE = 1 << 2  # a safe foundation move is played alone
OFF_LONE_CARDS_STAY_PUT = 1 << 3  # kings=bottom: a column's only card never moves onto a card
OFF_KING_TO_LEFTMOST_EMPTY = 1 << 4  # kings=free: a King enters only the leftmost empty column
OFF_LONE_KING_STAYS_PUT = 1 << 5  # kings=free: a lone King never changes columns
OFF_COLUMN_ORDER_FOLDING = 1 << 6  # the key folds column order
OFF_OWN_SUIT_BLOCKERS = 1 << 7  # lower bound: +1 per card above a lower card of its suit
OFF_FOUR_CYCLE_PACKING = 1 << 8  # lower bound: +1 per packed four-card cycle
OFF_SHARPER_BOUND = 1 << 9  # lower_bound_at_least: the least feedback set (--sharper-bound)
# The relaxed games that prove losses (``research/``) and their own reductions:
OFF_SEATLESS_RELAXATION = 1 << 10  # the ladder's seatless rungs
OFF_THRESHOLD_RELAXATION = 1 << 11  # the ladder's threshold rungs
OFF_SKELETON_RELAXATION = 1 << 12  # the skeleton game (kings=free)
OFF_THRESHOLD_SAFE_HOME = 1 << 13  # threshold game: safe home moves played at once
OFF_THRESHOLD_LONE_CARD = 1 << 14  # threshold game: a column's only card stays put
OFF_THRESHOLD_DEAD_END = 1 << 15  # threshold game: its first-move closure
OFF_SKELETON_SAFE_HOME = 1 << 16  # skeleton game: a visibly safe home move played alone
OFF_SKELETON_LONE_CARD = 1 << 17  # skeleton game: a column's only card stays put (kings=bottom)
OFF_SKELETON_DEAD_END = 1 << 18  # skeleton game: its first-move closure


@kernel(inline="always")
def is_on(rules, bit):
    """The reduction with switch ``bit`` is on (not switched off)."""
    return (rules[R_OFF] & bit) == 0


@kernel(inline="always")
def top(state, k):
    """The top card of column k (which must not be empty)."""
    return state[C0 + CAP * k + state[H0 + k] - 1]
