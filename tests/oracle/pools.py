"""Where each game's switches are compared with the oracle (``ablation``):
the generators of ``tests/oracle/<game>.py`` under the rule options that
switch something on, sized so the oracle decides them within its limit."""
from __future__ import annotations

from oracle import bakers_dozen as BO
from oracle import klondike as KO
from oracle import pyramid as PO
from oracle import yukon as YO
from oracle.ablation import Source
from solitaire.rules import UNLIMITED


def klondike() -> list[Source]:
    out = []

    def plain(rng, r):
        return KO.random_position(rng, r, left=(7, 12), talon=(2, 7), buried=0.8)

    def played(rng, r):
        return KO.played_position(rng, r, left=(7, 12), talon=(2, 7), buried=0.5)

    def f2t(rng, r):
        # foundation_to_tableau lets the foundations unwind: the reachable sets are far larger
        return KO.played_position(rng, r, steps=(0, 4), left=(5, 8), talon=(1, 5), buried=0.3)

    for draw in (1, 2, 3, 4):
        for passes in (1, 2, 3, UNLIMITED):
            rules = {"draw": draw, "passes": passes, "foundation_to_tableau": False}
            out.append(Source(f"klondike {rules}", rules, plain, KO.key, tries=12, limit=3000))
            out.append(Source(f"klondike played {rules}", rules, played, KO.key, tries=12, limit=3000))
    for draw in (1, 2, 3):
        for passes in (2, UNLIMITED):
            rules = {"draw": draw, "passes": passes, "foundation_to_tableau": True}
            out.append(Source(f"klondike {rules}", rules, f2t, KO.key, tries=25, limit=2000))
            if draw < 3:  # the foundation returns act on few positions
                out.append(Source(f"klondike returns {rules}", rules, f2t, KO.key, tries=30, limit=2000,
                                  focus=("return_above_lowest", "return_when_useful")))
    for passes in (2, UNLIMITED):  # a lost twin class met again: larger positions, draw 3
        rules = {"draw": 3, "passes": passes, "foundation_to_tableau": False}
        out.append(Source(f"klondike classes {rules}", rules,
                          lambda rng, r: KO.played_position(rng, r, left=(10, 14), talon=(2, 7), buried=0.8),
                          KO.key, tries=200, limit=5000, focus=("class_folding",)))
    for draw in (2, 3):  # draw 1 with unlimited passes judges talon cards by another rule
        rules = {"draw": draw, "passes": UNLIMITED, "foundation_to_tableau": True}
        out.append(Source(f"klondike low builders {rules}", rules, KO.low_builder_position, KO.key, tries=1,
                          limit=300_000))
    return out


def bakers_dozen() -> list[Source]:
    out = []
    for rules in BO.RULE_SETS:
        free = rules["kings"] == "free"
        # kings=free: Kings into empty columns, larger reachable sets, so fewer cards
        left = (12, 17) if free else (13, 18)
        out.append(Source(f"bakers-dozen {rules}", rules,
                          lambda rng, r, left=left: BO.random_position(rng, r, left=left, columns=(4, 6),
                                                                       low_under=0.9),
                          BO.key, tries=30 if free else 50, limit=5000))
        if not free:
            out.append(Source(f"bakers-dozen seats {rules}", rules, BO.seat_position, BO.key, tries=40, limit=8000))

    return out


def pyramid() -> list[Source]:
    return [Source(f"pyramid {rules}", rules, lambda rng, r: PO.random_position(rng, r, rows=(4, 6), stock=(6, 16)),
                   PO.key, tries=30, limit=20_000) for rules in PO.RULE_SETS]


def yukon() -> list[Source]:
    return [
        Source("yukon small", {}, lambda rng, r: YO.random_position(rng, r, left=(9, 13), piles=(3, 6)),
               YO.key, tries=60, limit=20_000),
        Source("yukon lifted", {}, lambda rng, r: YO.lifted_position(rng, r, left=(9, 13), piles=(3, 5),
                                                                      buried=0.9), YO.key, tries=60, limit=10_000),
        Source("yukon twin", {}, YO.twin_position, YO.key, tries=1000, limit=20_000, focus=("twins",)),
        Source("yukon window", {}, YO.window_position, YO.key, tries=40, limit=20_000),
        Source("yukon large", {}, lambda rng, r: YO.random_position(rng, r, left=(13, 17), piles=(4, 7)),
               YO.key, tries=20, limit=15_000),
    ]


SOURCES = {"klondike": klondike, "bakers-dozen": bakers_dozen, "pyramid": pyramid, "yukon": yukon}
