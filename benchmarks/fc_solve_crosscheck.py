"""Baker's Dozen verdicts checked by an independent solver, Freecell Solver.

Shlomi Fish's Freecell Solver (``fc-solve``, the solver PySolFC ships) has a
``bakers_dozen`` preset: thirteen columns, no free cells, building by rank
whatever the suit, one card at a time, empty columns never filled.  That is
our ``any-suit`` building; ``--empty-stacks-filled-by kings`` gives
``kings=free``.  Its code, move generator and search share nothing with ours,
so where the two agree, a bug would have had to be made twice.

For each deal this hands fc-solve the columns *after* our King rule (the
layout our reference engine starts from), with the complete atomic move set
(``-to 0AB``: top card home, a card onto an empty column, a card onto a card
one rank higher) and its A* scan, and reads back:

* ``solved``: fc-solve's moves, translated into our notation, replayed on our
  reference engine to a won position (a move the engine refuses is reported,
  never hidden: it would mean the two rule sets differ);
* ``unsolvable``: fc-solve stopped below the iteration limit without a win,
  i.e. it exhausted every position reachable with those moves;
* ``unknown``: it hit the iteration limit, the memory cap or the time limit.

A conflict is a deal one solver wins and the other proves lost.  The default
deals are every deal of the study not solved under the two any-suit settings
plus a seeded sample of solved ones (which checks fc-solve can win what we
win, so that its "unsolvable" means something).

fc-solve must be built with 13 stacks (Debian's has 10); benchmarks/README.md
says how.  The result CSV is ``results/bakers-dozen/fc-solve-crosscheck.csv``;
``tests/test_fc_solve_crosscheck.py`` replays its wins and checks it against
the study without needing fc-solve.

    python benchmarks/fc_solve_crosscheck.py --fc-solve <build>/fc-solve --sample 100
"""
from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

from solitaire import cards
from solitaire.dealing import make_deal
from solitaire.games.base import IllegalMove
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.notation import to_foundation, to_tableau
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE

RESULTS = Path(__file__).resolve().parent.parent / "results" / "bakers-dozen"
CSV = RESULTS / "fc-solve-crosscheck.csv"
# study setting label -> (our rules, fc-solve flags after the preset)
SETTINGS = {
    "any suit, kings bottom": ({"build": "any-suit", "kings": "bottom"}, []),
    "any suit, kings free": ({"build": "any-suit", "kings": "free"}, ["--empty-stacks-filled-by", "kings"]),
}
FOUNDATION_MOVE = re.compile(r"^Move a card from stack (\d+) to the foundations$")
TABLEAU_MOVE = re.compile(r"^Move (\d+) cards from stack (\d+) to stack (\d+)$")
CHECKED = re.compile(r"^Total number of states checked is (\d+)\.$")


def study_verdicts() -> pd.DataFrame:
    """setting, deal and verdict of every deal of the committed study."""
    return pd.read_parquet(RESULTS / "deals.parquet", columns=["setting", "deal", "verdict"])


def start(deal: int, rules: dict) -> BakersDozenState:
    return BakersDozenState(make_deal("bakers-dozen", int(deal)).layout, rules)


def board(state: BakersDozenState) -> str:
    """fc-solve's board: one column a line, bottom card first."""
    return "".join(" ".join(cards.name(c) for c in col) + "\n" for col in state.columns)


def translate(lines: list[str], state: BakersDozenState) -> list[str]:
    """fc-solve's move lines as our notation, played on ``state`` as they go
    (the refusal of a move, or a move of several cards, raises IllegalMove)."""
    moves = []
    for line in lines:
        if m := FOUNDATION_MOVE.match(line):
            move = to_foundation(state.columns[int(m.group(1))][-1])
        elif m := TABLEAU_MOVE.match(line):
            if int(m.group(1)) != 1:
                raise IllegalMove(f"fc-solve moved {m.group(1)} cards at once: {line}")
            move = to_tableau(state.columns[int(m.group(2))][-1], int(m.group(3)))
        else:
            continue
        state.play(move)
        moves.append(move)
    return moves


def run_fc_solve(binary: str, text: str, flags: list[str], max_iters: int,
                 mem_mb: int, seconds: float) -> tuple[str, int, list[str]]:
    """(outcome, states checked, output lines); outcome is solved / exhausted / limit."""
    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (mem_mb << 20, mem_mb << 20))
    cmd = [binary, "-g", "bakers_dozen", *flags, "-me", "a-star", "-to", "0AB", "-mi", str(max_iters), "-m", "-"]
    try:
        out = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=seconds,
                             preexec_fn=cap_memory).stdout
    except subprocess.TimeoutExpired:
        return "limit", -1, []
    lines = [line.strip() for line in out.splitlines()]
    checked = next((int(m.group(1)) for line in lines if (m := CHECKED.match(line))), -1)
    if "This game is solveable." in lines:
        return "solved", checked, lines
    if "I could not solve this game." in lines and 0 <= checked < max_iters:
        return "exhausted", checked, lines
    return "limit", checked, lines


def check(binary: str, setting: str, deal: int, args) -> dict:
    rules, flags = SETTINGS[setting]
    state = start(deal, rules)
    began = time.perf_counter()
    outcome, checked, lines = run_fc_solve(binary, board(state), flags, args.max_iters, args.mem_mb, args.seconds)
    row = {"setting": setting, "deal": deal, "fc_verdict": UNKNOWN, "states": checked, "max_iters": args.max_iters,
           "seconds": round(time.perf_counter() - began, 3), "moves": "", "note": ""}
    if outcome == "exhausted":
        row["fc_verdict"] = UNSOLVABLE
    elif outcome == "solved":
        try:
            row["moves"] = " ".join(translate(lines, state))
        except IllegalMove as err:
            row["note"] = f"not replayable: {err}"
        else:
            won = state.is_won()
            row["fc_verdict"] = SOLVED if won else UNKNOWN
            row["note"] = "" if won else "replay does not end won"
    return row


def chosen_deals(study: pd.DataFrame, sample: int, seed: int) -> list[tuple[str, int]]:
    """Every deal not solved under the two settings, and ``sample`` solved ones of each."""
    picked = []
    for setting in SETTINGS:
        rows = study[study.setting == setting]
        picked += [(setting, int(d)) for d in rows[rows.verdict != SOLVED].deal]
        solved = sorted(int(d) for d in rows[rows.verdict == SOLVED].deal)
        picked += [(setting, d) for d in sorted(random.Random(seed).sample(solved, min(sample, len(solved))))]
    return picked


def compare(found: pd.DataFrame, study: pd.DataFrame) -> pd.DataFrame:
    """Each checked deal with both verdicts, ``decided_by_both``, and
    ``conflict`` when one solver wins what the other proves lost."""
    both = found.merge(study.rename(columns={"verdict": "our_verdict"}), on=["setting", "deal"])
    both["decided_by_both"] = (both.fc_verdict != UNKNOWN) & (both.our_verdict != UNKNOWN)
    both["conflict"] = both.decided_by_both & (both.fc_verdict != both.our_verdict)
    return both


def usable(binary: str) -> str | None:
    """Why ``binary`` cannot serve (one line), or None: it must run and take 13 columns."""
    try:
        run = subprocess.run([binary, "-g", "bakers_dozen", "-mi", "1", "-"], input=board(start(1, SETTINGS[
            "any suit, kings bottom"][0])), capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"cannot run fc-solve at {binary!r}: {err}"
    if "exceeds the maximal number of stacks" in run.stdout + run.stderr:
        return f"{binary} was built for fewer than 13 columns: rebuild it with -DMAX_NUM_STACKS=13 (benchmarks/README.md)"
    if "states checked" not in run.stdout:
        return f"{binary} did not answer like fc-solve: {(run.stdout + run.stderr).strip()[:200]!r}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fc-solve", default=os.environ.get("FC_SOLVE", "fc-solve"), help="fc-solve built with 13 stacks")
    parser.add_argument("--sample", type=int, default=100, help="solved deals of each setting to check too")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-iters", type=int, default=1_000_000, help="fc-solve's iteration limit per deal")
    parser.add_argument("--mem-mb", type=int, default=8000, help="address-space cap per fc-solve run")
    parser.add_argument("--seconds", type=float, default=300.0, help="time limit per fc-solve run")
    parser.add_argument("--recheck-lost", action="store_true",
                        help="rerun only the CSV's deals we prove lost that fc-solve left unknown (at --max-iters)")
    parser.add_argument("--out", default=str(CSV))
    args = parser.parse_args()
    if problem := usable(args.fc_solve):
        print(problem, file=sys.stderr)
        raise SystemExit(2)

    study = study_verdicts()
    if args.recheck_lost:
        kept = pd.read_csv(args.out, keep_default_na=False)
        both = compare(kept, study)
        again = (both.our_verdict == UNSOLVABLE) & (both.fc_verdict == UNKNOWN)
        kept, todo = both.loc[~again, kept.columns], list(zip(both.setting[again], both.deal[again]))
    else:
        kept, todo = pd.DataFrame(), chosen_deals(study, args.sample, args.seed)
    rows = []
    for setting, deal in todo:
        row = check(args.fc_solve, setting, int(deal), args)
        rows.append(row)
        print(f"{setting:24} {deal:5}  fc-solve {row['fc_verdict']:10} {row['states']:>9} states "
              f"{row['seconds']:7.1f} s  {row['note']}", flush=True)
    found = pd.concat([kept, pd.DataFrame(rows)]).sort_values(["setting", "deal"], kind="stable")
    found.to_csv(args.out, index=False)
    both = compare(found, study)
    print()
    print(both.groupby(["setting", "our_verdict", "fc_verdict"]).size().to_string())
    print(f"\nconflicts: {int(both.conflict.sum())}; wrote {args.out}")


if __name__ == "__main__":
    main()
