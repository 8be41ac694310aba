"""The fast engine's flat state layout (shared by the kernels and encode).

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
"""
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
RULES_LEN = 2
