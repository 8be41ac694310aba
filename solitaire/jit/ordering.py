"""Move ordering shared by the kernels: best first by a sort key."""
from solitaire.jit.compile import kernel


@kernel
def sort_best_first(out, keys, n):
    """Sort ``out[:n]`` by ``keys[:n]`` (sorted along), higher first; equal
    keys keep their order.  An insertion sort: move lists are short."""
    for k in range(1, n):
        m = out[k]
        key = keys[k]
        j = k - 1
        while j >= 0 and keys[j] < key:
            out[j + 1] = out[j]
            keys[j + 1] = keys[j]
            j -= 1
        out[j + 1] = m
        keys[j + 1] = key
