"""The kernel contract: what every game's numba kernels provide the engines.

The engines (``dfs``, ``astar``) are written once, against the functions
below; each takes, first, a ``Game`` handle.  Its numba type names the game,
so numba compiles each engine once per game with that game's kernels inlined
(no run-time branch on the game), and caches each on disk.  This package
imports no game: the games registry (``solitaire.games.registry``) provides
the implementations as numba overloads of these stubs, which numba resolves
when it compiles an engine for a game.

Every game provides, in its ``kernel`` package, ``@njit`` functions on a
flat ``uint8`` state and an ``int64`` rules array:

``gen_moves(state, rules, out, mode) -> n``
    write the position's moves (``int32`` codes, best first) to ``out[:n]``.
    ``mode`` is a ``solitaire.jit.modes`` mode: ALL lists every legal move;
    SOLVE and OPTIMAL may drop moves or return a single forced move, but only
    by reductions proved safe for that question.  A dead position returns 0.
``apply_move(state, rules, move, child)``
    write the position after ``move`` into ``child`` (same length).
``move_cost(state, rules, move) -> int``
    how many moves of the rule book's count it stands for.
``is_won(state, rules) -> bool``
``state_key(state, rules, mode) -> uint64``
    canonical 64-bit key; symmetric positions (e.g. pile order) share a key;
    SOLVE may fold positions whose futures are the same win/lose.
``lower_bound(state, rules) -> int``
    admissible: never more than the fewest moves left to win.

**No reference counting.** The engines and every kernel are compiled with
``solitaire.jit.compile.kernel``, which keeps no reference counts, so a
view of an array (``states[depth]``, a scratch slice of ``out``) costs
nothing; a kernel that allocates says ``@kernel(allocates=True)`` and
follows that module's rule.

Optional (a game without one gets the default written here):

``lower_bound_at_least(state, rules, target, known) -> int``
    admissible too, at least ``known`` (a bound already proved), worth more
    work up to ``target``; A* calls it only for a position it would store at
    the level being expanded.  Default: ``known``.
``mark_dominated(state, rules, mode, keys, vals, stamps, stamp, val)``
    plain DFS only: record in the table, with value ``val``, positions whose
    every move leads where one of this position's moves leads.  Default: none.
``class_key(state, rules, mode) -> uint64``
    plain DFS only: the key of the position's class of positions won alike
    (0: none), apart from every ``state_key``.  Default: 0.
"""
from __future__ import annotations

from numba import types
from numba.extending import NativeValue, models, register_model, typeof_impl, unbox

REQUIRED = ("gen_moves", "apply_move", "move_cost", "is_won", "state_key", "lower_bound")
OPTIONAL = ("lower_bound_at_least", "mark_dominated", "class_key")


class Game:
    """A game's handle for the engines: which kernels to compile in.

    Holds only the registered game name; passing it to an engine costs no
    more than passing an int."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


class GameType(types.Type):
    """The numba type of a ``Game``: one type per game name."""

    def __init__(self, name: str):
        self.game_name = name
        super().__init__(name=f"Game[{name}]")


@typeof_impl.register(Game)
def _typeof_game(value, context):
    return GameType(value.name)


@register_model(GameType)
class _GameModel(models.OpaqueModel):
    """No data at run time: the type alone says which kernels run."""


@unbox(GameType)
def _unbox_game(typ, obj, c):
    return NativeValue(c.context.get_dummy_value())


# The stubs: calling one from Python is a mistake; they exist to be compiled
# with the registry's overload for the game's type.
def gen_moves(game, state, rules, out, mode):
    raise TypeError("contract.gen_moves runs only inside numba-compiled engines")


def apply_move(game, state, rules, move, child):
    raise TypeError("contract.apply_move runs only inside numba-compiled engines")


def move_cost(game, state, rules, move):
    raise TypeError("contract.move_cost runs only inside numba-compiled engines")


def is_won(game, state, rules):
    raise TypeError("contract.is_won runs only inside numba-compiled engines")


def state_key(game, state, rules, mode):
    raise TypeError("contract.state_key runs only inside numba-compiled engines")


def lower_bound(game, state, rules):
    raise TypeError("contract.lower_bound runs only inside numba-compiled engines")


def lower_bound_at_least(game, state, rules, target, known):
    raise TypeError("contract.lower_bound_at_least runs only inside numba-compiled engines")


def mark_dominated(game, state, rules, mode, keys, vals, stamps, stamp, val):
    raise TypeError("contract.mark_dominated runs only inside numba-compiled engines")


def class_key(game, state, rules, mode):
    raise TypeError("contract.class_key runs only inside numba-compiled engines")
