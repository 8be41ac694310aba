"""How kernels are compiled: ``@kernel``, numba's njit, cached on disk,
without reference counting.

numba counts references to every array view a function takes
(``states[depth]``, a scratch slice) with an atomic increment and
decrement that its pruning pass often cannot remove: half of a Klondike
DFS node's time.  So the engines and the games' kernels are compiled
without counts (numba's ``_nrt=False``).  A kernel that allocates arrays
says ``allocates=True``: it keeps the counts (what it calls inherits them
unless it says otherwise) and frees what it allocates, and it must never
return a new array to a kernel without counts, which would never free it.
numba refuses an allocation without counts, but not that hand-over:
``tests/test_no_leaks.py`` counts every allocation freed.
"""
from numba import njit


def kernel(function=None, *, allocates: bool = False, **options):
    """``@kernel``, ``@kernel(inline="always")``, ``@kernel(allocates=True)``."""
    compile_ = njit(cache=True, _nrt=allocates, **options)
    return compile_ if function is None else compile_(function)
