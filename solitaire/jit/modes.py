"""Search modes passed to every game's ``gen_moves`` and ``state_key``."""

MODE_ALL = 0  # every legal move, no reductions (conformance tests, re-proofs)
MODE_SOLVE = 1  # reductions proved safe for "can this deal be won?"
MODE_OPTIMAL = 2  # only reductions proved safe for "fewest moves"
