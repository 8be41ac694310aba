"""Combining a study's verdicts with later runs of the deals it left unknown.

A study stores one verdict per deal.  The deals it leaves unknown are often
solved again later, with a larger budget or a newer solver, in a run
directory of their own.  A decided verdict is final whichever run made it
(a win is replay-verified, a loss is an exhausted sound search), so:

* ``overlay``: a later run's decided verdict replaces an unknown one; two
  decided verdicts that differ mean one run is wrong, and stop everything.
* ``carry_over``: when rule set B plays every game of rule set A (the
  game's ``simulates``; for Klondike, f2t over no f2t, draw 1 over draw k,
  more passes over fewer), a win under A is a win under B and a loss under B
  is a loss under A.  A carried win counts only after its stored move list,
  written as B plays it, replays as a win under B.  ``carry_all`` repeats
  this along every related pair until nothing changes.
* ``cross_checks``: per related pair, the deals both decided; a win under A
  with a loss under B proves one search wrong and stops everything.

Each combined row keeps where its verdict came from (``decided_by``), so a
reader can tell the study's own verdicts from the added ones.
"""
from __future__ import annotations

from typing import Callable

import pandas as pd

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.replaying import verify_win
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE
from solitaire.studies.errors import StudyError

STUDY = "study"


def with_provenance(base: pd.DataFrame) -> pd.DataFrame:
    """A study's rows with ``decided_by`` (``STUDY``), an empty ``solution`` and
    ``implied`` (False: decided by a search under the row's own rules) added where missing."""
    out = base.copy()
    if "implied" not in out:
        out["implied"] = False
    if "decided_by" not in out:
        out["decided_by"] = STUDY
    if "solution" not in out:
        out["solution"] = ""
    return out


def overlay(base: pd.DataFrame, later: pd.DataFrame, source: str) -> pd.DataFrame:
    """``base`` (deal, verdict, ...) with ``later``'s decided verdicts put in for its unknowns.

    Those rows get ``decided_by`` = ``source`` (with the node budget of the
    verdict when ``later`` has ``budget_nodes``) and the later run's move list.
    """
    out = with_provenance(base)
    position = pd.Series(range(len(out)), index=out["deal"].to_numpy())
    strays = sorted(set(later["deal"]) - set(position.index))
    if strays:
        raise StudyError(f"{source}: deal(s) {_few(strays)} are not in the study")
    for row in later.itertuples(index=False):
        i = int(position[row.deal])
        before = out.at[i, "verdict"]
        if row.verdict == UNKNOWN:
            continue
        if before == UNKNOWN:
            out.at[i, "verdict"] = row.verdict
            budget = getattr(row, "budget_nodes", None)
            out.at[i, "decided_by"] = source if pd.isna(budget) else f"{source}, {_nodes(int(budget))}"
            out.at[i, "solution"] = getattr(row, "solution", "") or ""
        elif before != row.verdict:
            raise StudyError(f"deal {row.deal}: {out.at[i, 'decided_by']} says {before}, {source} says {row.verdict}")
    return out


WinUnder = Callable[[int, list[str]], "list[str] | None"]


def carry_over(weaker: pd.DataFrame, stronger: pd.DataFrame, win_under_stronger: WinUnder,
               weaker_name: str, stronger_name: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Verdicts implied between two rule sets where ``stronger`` allows every move ``weaker`` does.

    Both frames hold one row per deal (deal, verdict, decided_by, solution).
    A deal won under ``weaker`` and unknown under ``stronger`` becomes won
    there when ``win_under_stronger(deal, moves)`` turns its stored solution
    into a move list that replays as a win under the stronger rules (stored
    with the row; no stored solution: left unknown).  A deal lost
    under ``stronger`` and unknown under ``weaker`` becomes lost there.
    Rows changed get ``implied`` = True.  Returns the two frames, updated.
    """
    weak, strong = weaker.copy(), stronger.copy()
    merged = weak[["deal", "verdict", "solution"]].merge(strong[["deal", "verdict"]], on="deal",
                                                        suffixes=("_weak", "_strong"))
    _refuse_clash(merged["deal"], merged["verdict_weak"], merged["verdict_strong"], weaker_name, stronger_name)
    strong_at = pd.Series(range(len(strong)), index=strong["deal"].to_numpy())
    weak_at = pd.Series(range(len(weak)), index=weak["deal"].to_numpy())
    for row in merged.itertuples(index=False):
        if row.verdict_weak == SOLVED and row.verdict_strong == UNKNOWN and row.solution:
            moves = win_under_stronger(int(row.deal), row.solution.split())
            if moves is None:
                raise StudyError(f"deal {row.deal}: the {weaker_name} win does not replay under {stronger_name}")
            i = int(strong_at[row.deal])
            strong.at[i, "verdict"] = SOLVED
            strong.at[i, "decided_by"] = f"{weaker_name} win replayed"
            strong.at[i, "solution"] = " ".join(moves)
            strong.at[i, "implied"] = True
        elif row.verdict_strong == UNSOLVABLE and row.verdict_weak == UNKNOWN:
            i = int(weak_at[row.deal])
            weak.at[i, "verdict"] = UNSOLVABLE
            weak.at[i, "decided_by"] = f"lost under {stronger_name}"
            weak.at[i, "implied"] = True
    return weak, strong


def related_pairs(game: str, rules: dict[str, dict]) -> list[tuple[str, str]]:
    """(weaker, stronger) label pairs where the game says stronger plays every game of weaker."""
    spec = get_game(game)
    return [(weak, strong) for weak in rules for strong in rules
            if weak != strong and rules[weak] != rules[strong] and spec.simulates(rules[strong], rules[weak])]


def carry_all(rows: dict[str, pd.DataFrame], rules: dict[str, dict], game: str) -> dict[str, pd.DataFrame]:
    """``carry_over`` along every related pair (``related_pairs``) until nothing changes.

    Wins are replayed under the stronger rules after ``GameSpec.as_played_under``."""
    spec = get_game(game)
    rows = dict(rows)

    def unknowns() -> int:
        return sum(int((df["verdict"] == UNKNOWN).sum()) for df in rows.values())

    while True:
        before = unknowns()
        for weak, strong in related_pairs(game, rules):
            def translate(deal, moves, weak=weak, strong=strong):
                return spec.as_played_under(make_deal(game, deal).layout, rules[weak], rules[strong], moves)
            rows[weak], rows[strong] = carry_over(rows[weak], rows[strong], win_under(game, rules[strong], translate),
                                                  weak, strong)
        if unknowns() == before:
            return rows


def cross_checks(rows: dict[str, pd.DataFrame], rules: dict[str, dict], game: str) -> pd.DataFrame:
    """Per related pair: the deals both settings' own searches decided, by verdict pair.

    No deal may be won under the weaker rules and lost under the stronger:
    that would prove one of the two searches wrong, and raises StudyError.
    ``decided_by_both`` is the weight of the check (rows marked ``implied``
    are left out)."""
    out = []
    for weak, strong in related_pairs(game, rules):
        a, b = (rows[x].set_index("deal") for x in (weak, strong))
        a, b = a.align(b, join="inner", axis=0)
        _refuse_clash(a.index.to_series(), a["verdict"], b["verdict"], weak, strong)
        own = (a["verdict"] != UNKNOWN) & (b["verdict"] != UNKNOWN) & ~_implied(a) & ~_implied(b)
        out.append({"weaker": weak, "stronger": strong, "decided_by_both": int(own.sum()),
                    "won_both": int((own & (a["verdict"] == SOLVED) & (b["verdict"] == SOLVED)).sum()),
                    "lost_both": int((own & (a["verdict"] == UNSOLVABLE) & (b["verdict"] == UNSOLVABLE)).sum()),
                    "lost_weaker_won_stronger": int((own & (a["verdict"] == UNSOLVABLE)
                                                     & (b["verdict"] == SOLVED)).sum())})
    return pd.DataFrame(out, columns=["weaker", "stronger", "decided_by_both", "won_both", "lost_both",
                                      "lost_weaker_won_stronger"])


def _refuse_clash(deals: pd.Series, weak: pd.Series, strong: pd.Series, weak_name: str, strong_name: str) -> None:
    """StudyError if a deal is won under the weaker rules and lost under the stronger."""
    clash = deals[(weak == SOLVED).to_numpy() & (strong == UNSOLVABLE).to_numpy()]
    if len(clash):
        raise StudyError(f"deal(s) {_few(clash.tolist())}: won under {weak_name} but lost under {strong_name}, "
                         f"which plays every game of it: one of the two searches is wrong")


def _implied(df: pd.DataFrame) -> pd.Series:
    return df["implied"].astype(bool) if "implied" in df else pd.Series(False, index=df.index)


def win_under(game: str, rules: dict, translate: Callable[[int, list[str]], list[str]] | None = None) -> WinUnder:
    """``(deal, moves) -> moves | None``: the moves (after ``translate``, if given) if they
    win that deal of ``game`` under ``rules`` on the reference engine, else None (also when
    ``translate`` refuses them)."""
    spec = get_game(game)

    def as_win(deal: int, moves: list[str]) -> list[str] | None:
        try:
            if translate is not None:
                moves = translate(deal, moves)
            verify_win(spec, make_deal(game, deal).layout, rules, moves)
        except ValueError:  # ReplayError and IllegalMove included
            return None
        return list(moves)
    return as_win


def _nodes(count: int) -> str:
    return f"{count // 1_000_000}M nodes" if count % 1_000_000 == 0 else f"{count:,} nodes"


def _few(deals: list, shown: int = 8) -> str:
    deals = sorted(int(d) for d in deals)
    text = ", ".join(map(str, deals[:shown]))
    return text + (f" and {len(deals) - shown} more" if len(deals) > shown else "")
