"""Card arithmetic for kernels (codes as in ``solitaire.cards``)."""
from solitaire.jit.compile import kernel


@kernel(inline="always")
def rank_of(card):
    """1 (Ace) .. 13 (King)."""
    return card % 13 + 1


@kernel(inline="always")
def suit_of(card):
    """0..3 for C, D, H, S."""
    return card // 13


@kernel(inline="always")
def is_red(card):
    """Diamonds and hearts."""
    s = card // 13
    return s == 1 or s == 2


@kernel(inline="always")
def twin_of(card):
    """The other card of the same rank and colour (C <-> S, D <-> H)."""
    return (3 - card // 13) * 13 + card % 13
