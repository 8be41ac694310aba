"""PyramidSpec: the game contract of solitaire.games.base, filled in from the
small modules of this package (rules, layout, reference, kernel, bridge),
and the reductions a switch can turn off."""
from __future__ import annotations



from solitaire.games.base import GameSpec, Reduction, SearchTuning
from solitaire.games.pyramid import bridge, kernel, layout, rules
from solitaire.games.pyramid import picture
from solitaire.games.pyramid.kernel import state as S
from solitaire.games.pyramid.reference import PyramidState


class PyramidSearch(SearchTuning):
    # Most seed-rule deals are lost: the discrepancy phase only delays the proof.
    lds_share = 0.0


# Every reduction of the search (docs/pyramid.md), with its bit in the rules
# array's switch word (kernel/state.py; the module named proves it sound).
REDUCTIONS = (
    Reduction("king_pyramid", S.KING_PYRAMID,
              "an exposed pyramid King is removed as the only move (kernel/forced.py)", "solve+optimal"),
    Reduction("king_outside", S.KING_OUTSIDE,
              "a waste-top or stock-top King is removed as the only move (kernel/forced.py)", "solve"),
    Reduction("last_pair", S.LAST_PAIR,
              "the last two cards of two ranks that pair, both exposed, are removed as the only move "
              "(kernel/forced.py)", "solve+optimal"),
    Reduction("only_partner", S.ONLY_PARTNER,
              "an exposed pyramid card with one possible partner, exposed too, is removed with it as the "
              "only move (kernel/forced.py)", "solve+optimal"),
    Reduction("too_few_partners", S.TOO_FEW_PARTNERS,
              "a position whose pyramid cards cannot all find partners is dead (kernel/deadends.py)",
              "solve+optimal"),
    Reduction("pyramid_matching", S.PYRAMID_MATCHING,
              "two pyramid cards pair only outside each other's covering cone: the pyramid-only pairs "
              "of the partner count and the bound, and only_partner's possible partners "
              "(kernel/deadends.py)", "solve+optimal"),
    Reduction("dead_waste", S.DEAD_WASTE,
              "in the last pass, waste cards that can never move are left out of the key, the partner "
              "counts and the bound (kernel/deadends.py)", "solve+optimal"),
    Reduction("pyramid_game", S.PYRAMID_GAME,
              "a position whose pyramid game (stock and waste as a free pool) is lost is dead "
              "(kernel/abstraction.py)", "solve+optimal"),
    Reduction("new_cards_only", S.NEW_CARDS_ONLY,
              "after stock actions, only removals using a card they newly exposed (kernel/compound.py)",
              "solve+optimal"),
    Reduction("one_stock_cycle", S.ONE_STOCK_CYCLE,
              "at most one cycle of stock actions before a removal (kernel/compound.py)", "solve+optimal"),
    Reduction("bound_draws", S.BOUND_DRAWS,
              "the lower bound adds the moves that expose the outside partners the pyramid needs "
              "(kernel/bounds.py)", "optimal"),
    Reduction("bound_coupling", S.BOUND_COUPLING,
              "draw 1 with stock_top_playable: the lower bound is at least the coupling bound "
              "(kernel/bounds.py)", "optimal"),
)


class PyramidSpec(GameSpec):
    name = "pyramid"
    title = "Pyramid"
    aliases = ("solitaire13", "solitaire-13")
    options = rules.OPTIONS
    presets = rules.PRESETS
    kernel = kernel
    max_moves = kernel.MAX_MOVES
    # A search move removes at least one card and a game has at most 28
    # removals (4 Kings + 24 pairs); single actions (MODE_ALL) are not searched.
    max_depth = 64
    search = PyramidSearch()
    reductions = REDUCTIONS
    rulebook = rules
    layouts = layout
    state_type = PyramidState
    bridge = bridge
    picture = picture
    sample_rules = ({"passes": 2}, {"passes": "unlimited"})


SPEC = PyramidSpec()
