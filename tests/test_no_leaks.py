"""The engines run without numba's reference counting (``search.contract``):
a kernel that allocates must free what it allocates, and numba does not
check that a new array is never handed to code that counts no references.
Here every allocation made while solving is freed, game by game and mode by
mode, counted by numba's own allocation statistics (they must be switched on
before numba starts, hence the fresh process)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CHECK = r"""
import json, sys
from numba.core.runtime import rtsys
from solitaire.dealing import make_deal
from solitaire.solver import solve
game, rules, options, deals = json.loads(sys.argv[1])
for optimal in (False, True):  # load the code first: compiling allocates and keeps
    solve(make_deal(game, 1), rules, optimal=optimal, max_nodes=200, search_options=options)
before = rtsys.get_allocation_stats()
for optimal in (False, True):
    for n in deals:
        solve(make_deal(game, n), rules, optimal=optimal, max_nodes=20_000, search_options=options)
after = rtsys.get_allocation_stats()
print(json.dumps([after.alloc - before.alloc, after.free - before.free]))
"""

DEALS = [3, 5, 24]
CASES = [
    ("klondike", {}, [], DEALS),
    ("klondike", {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}, [], DEALS),
    ("pyramid", {}, [], DEALS),
    ("pyramid", {"preset": "microsoft"}, [], DEALS),
    ("yukon", {}, [], DEALS),
    ("yukon", {}, ["swap_components"], DEALS),
    ("bakers-dozen", {}, [], DEALS),
    ("bakers-dozen", {"build": "other-suit"}, [], [170]),  # a deal whose search runs the Kings-as-seats test
    ("bakers-dozen", {"build": "other-suit", "kings": "free"}, [], DEALS),
]


@pytest.mark.parametrize("game,rules,options,deals", CASES,
                         ids=lambda v: json.dumps(v) if not isinstance(v, str) else v)
def test_solving_frees_every_allocation(game, rules, options, deals):
    env = dict(os.environ, NUMBA_NRT_STATS="1")
    out = subprocess.run([sys.executable, "-c", CHECK, json.dumps([game, rules, options, deals])], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    allocated, freed = json.loads(out.stdout.splitlines()[-1])
    assert allocated == freed, f"{allocated - freed} of {allocated} allocations never freed"
