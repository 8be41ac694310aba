"""The per-deal result store of a run directory.

Layout (all inside the run directory)::

    run.json              configuration and invocations (see runconfig)
    journal.jsonl         rows not yet compacted, one JSON object a line
    parts/part-NNNNNN.parquet   compacted rows (zstd Parquet)

Why a journal: Parquet files cannot be appended to, yet a result must be on
disk the moment its deal finishes.  Each finished deal is one line, written
and flushed at once, so a Ctrl-C or ``kill -9`` loses only the deals still
being solved (the operating system keeps flushed lines); the file is also
``fsync``-ed at most ``fsync_seconds`` apart, which bounds what a power loss
can take.  Every ``part_rows`` rows, and at the end of a batch, the journal
is written as a new Parquet part (to a temporary name, then renamed) and
emptied.  A crash between the rename and the emptying leaves rows twice;
readers keep the first copy of each deal, so that is harmless.  A line torn
by a crash is cut off before the next batch appends.

Each stored row is one *attempt*: a deal solved at one budget, whose
``budget_nodes`` is that budget's node limit.  With budget escalation a deal
left unknown is solved again at a larger budget, so it has several rows;
nothing is overwritten.

Readers (``read``) return one pandas DataFrame with one row per deal:
``game, rules, deal, verdict, moves, nodes, seconds, reason, invocation,
solution, budget_nodes, final_nodes, final_seconds``.  Verdict, moves,
reason, invocation, solution and ``budget_nodes`` are those of the deal's last
attempt (the largest budget); ``nodes`` and ``seconds`` are summed over its
attempts (what the deal cost), ``final_nodes`` and ``final_seconds`` are the
last attempt's alone (what ``solitaire solve --max-nodes budget_nodes``
reproduces).  ``moves`` is null unless solved; ``solution`` is the move list,
space separated.  Rows written before escalation existed have no
``budget_nodes``: they count as attempts at the run's main budget; a
column an older version wrote under another name (``OLDER_NAMES``) reads
under its own.  Only the columns asked for are loaded.
"""
from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from solitaire.verdicts import UNKNOWN
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError

JOURNAL = "journal.jsonl"
PARTS = "parts"
LOCK = ".lock"

ROW_FIELDS = ("deal", "verdict", "moves", "nodes", "seconds", "reason", "invocation", "solution", "budget_nodes",
              "decisions", "searched", "solves")
SCHEMA = pa.schema([
    ("game", pa.string()),
    ("rules", pa.string()),
    ("deal", pa.int64()),
    ("verdict", pa.string()),
    ("moves", pa.int32()),
    ("nodes", pa.int64()),
    ("seconds", pa.float64()),
    ("reason", pa.string()),
    ("invocation", pa.int32()),  # the batch invocation that stored the row (run.json's invocations)
    ("solution", pa.string()),
    ("budget_nodes", pa.int64()),  # the attempt's node limit (absent in parts written before escalation)
    ("decisions", pa.int32()),  # blind play (solitaire.blind): moves chosen; null for thoughtful rows
    ("searched", pa.int32()),  # blind play: decisions the policy searched
    ("solves", pa.int64()),  # blind play: inner solves
])
PER_DEAL = ("final_nodes", "final_seconds")  # computed from a deal's attempts, not stored
COLUMNS = tuple(SCHEMA.names) + PER_DEAL
DEFAULT_COLUMNS = tuple(c for c in COLUMNS if c != "solution")
OLDER_NAMES = {"invocation": "session"}  # a column's name in rows written by older versions


class ResultStore:
    """Append rows of one run directory; read them back as a DataFrame."""

    def __init__(self, run_dir: str | Path, game: str, rules: dict, part_rows: int = 10_000,
                 fsync_seconds: float = 1.0):
        self.dir = Path(run_dir)
        self.game = game
        self.rules_json = json.dumps(rules, sort_keys=True)
        self.part_rows = int(part_rows)
        self.fsync_seconds = float(fsync_seconds)
        self._journal = None
        self._journal_rows = 0
        self._lock = None
        self._last_sync = 0.0

    # --- writing -------------------------------------------------------------
    def open(self) -> "ResultStore":
        """Take the directory's lock, repair a torn journal tail, start appending."""
        (self.dir / PARTS).mkdir(parents=True, exist_ok=True)
        self._lock = open(self.dir / LOCK, "w")
        try:
            fcntl.flock(self._lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock.close()
            self._lock = None
            raise StudyError(f"run directory {self.dir} is in use by another batch") from None
        path = self.dir / JOURNAL
        self._journal_rows = _repair_journal(path)
        self._journal = open(path, "a", encoding="utf-8")
        self._last_sync = time.monotonic()
        return self

    def append(self, row: dict) -> None:
        """Store one finished deal; on disk (flushed) when this returns."""
        line = json.dumps({k: row.get(k) for k in ROW_FIELDS}, separators=(",", ":"))
        self._journal.write(line + "\n")
        self._journal.flush()
        now = time.monotonic()
        if now - self._last_sync >= self.fsync_seconds:
            os.fsync(self._journal.fileno())
            self._last_sync = now
        self._journal_rows += 1
        if self._journal_rows >= self.part_rows:
            self.compact()

    def compact(self) -> None:
        """Move the journal's rows into a new Parquet part, then empty it."""
        if self._journal is not None:
            self._journal.flush()
        rows = list(_journal_rows(self.dir / JOURNAL))
        if rows:
            table = self._table(rows)
            parts = self.dir / PARTS
            number = 1 + max((int(p.stem.split("-")[1]) for p in parts.glob("part-*.parquet")), default=0)
            final = parts / f"part-{number:06d}.parquet"
            tmp = parts / f".part-{number:06d}.parquet.tmp"
            pq.write_table(table, tmp, compression="zstd")
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
            os.replace(tmp, final)
            _fsync_dir(parts)
        if self._journal is not None:
            self._journal.truncate(0)
            self._journal.seek(0)
            os.fsync(self._journal.fileno())
        else:
            (self.dir / JOURNAL).write_text("")
        self._journal_rows = 0

    def close(self) -> None:
        """Compact what is left and release the lock."""
        if self._journal is None:
            return
        try:
            self.compact()
        finally:
            self._journal.close()
            self._journal = None
            fcntl.flock(self._lock.fileno(), fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    def abandon(self) -> None:
        """Release without compacting (after an interrupt: the journal is already safe)."""
        if self._journal is None:
            return
        os.fsync(self._journal.fileno())
        self._journal.close()
        self._journal = None
        fcntl.flock(self._lock.fileno(), fcntl.LOCK_UN)
        self._lock.close()
        self._lock = None

    def _table(self, rows: list[dict]) -> pa.Table:
        n = len(rows)
        columns = {
            "game": [self.game] * n,
            "rules": [self.rules_json] * n,
        }
        for name in ROW_FIELDS:
            columns[name] = [r.get(name) for r in rows]
        return pa.table(columns, schema=SCHEMA)

    # --- reading -------------------------------------------------------------
    def done_deals(self) -> DealSet:
        """Every deal already stored, as intervals (memory grows with gaps, not deals)."""
        done = DealSet()
        for part in sorted((self.dir / PARTS).glob("part-*.parquet")):
            done.add_sorted_numbers(pq.read_table(part, columns=["deal"]).column("deal").to_numpy())
        batch: list[int] = []
        for row in _journal_rows(self.dir / JOURNAL):
            batch.append(row["deal"])
            if len(batch) >= 100_000:
                done.add_sorted_numbers(batch)
                batch = []
        done.add_sorted_numbers(batch)
        return done

    def read(self, columns: tuple[str, ...] | list[str] = DEFAULT_COLUMNS) -> pd.DataFrame:
        return read_rows(self.dir, self.game, self.rules_json, columns)

    def unknown_below(self, max_nodes: int, within: DealSet) -> DealSet:
        """Deals of ``within`` whose last attempt is unknown at a budget under ``max_nodes``:
        the work of an escalation stage (those already tried at it are not in it)."""
        df = self.read(["deal", "verdict", "budget_nodes"])
        todo = (df["verdict"] == UNKNOWN) & (df["budget_nodes"] < max_nodes) & within.mask(df["deal"].to_numpy())
        out = DealSet()
        out.add_sorted_numbers(df.loc[todo.to_numpy(), "deal"].to_numpy())
        return out


def read_rows(run_dir: str | Path, game: str, rules_json: str,
              columns: tuple[str, ...] | list[str] = DEFAULT_COLUMNS) -> pd.DataFrame:
    """All stored rows of a run directory, one per deal (see the module doc), sorted by deal."""
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown:
        raise StudyError(f"unknown result column(s): {', '.join(unknown)} (columns: {', '.join(COLUMNS)})")
    cols = list(dict.fromkeys(["deal", "budget_nodes", "nodes", "seconds",
                               *(c for c in columns if c not in PER_DEAL)]))
    run_dir = Path(run_dir)
    frames = [_read_part(part, cols) for part in sorted((run_dir / PARTS).glob("part-*.parquet"))]
    journal = list(_journal_rows(run_dir / JOURNAL))
    if journal:
        store = ResultStore(run_dir, game, {})
        store.rules_json = rules_json
        frames.append(store._table(journal).select(cols).to_pandas())
    if frames:
        df = pd.concat(frames, ignore_index=True)
    else:
        df = SCHEMA.empty_table().select(cols).to_pandas()
    df = _one_row_per_deal(df, _main_budget(run_dir))
    if "moves" in df:
        df["moves"] = df["moves"].astype("Int64")
    return df[list(columns)]


def _read_part(part: Path, cols: list[str]) -> pd.DataFrame:
    """A part's columns: one an older version wrote under another name
    (``OLDER_NAMES``) is read under its own; one it lacks is null."""
    try:
        available = set(pq.read_schema(part).names)
        older = {OLDER_NAMES[c]: c for c in cols if c not in available and OLDER_NAMES.get(c) in available}
        table = pq.read_table(part, columns=[c for c in cols if c in available] + list(older))
    except (OSError, pa.ArrowException) as exc:
        raise StudyError(f"cannot read result part {part}: {exc}") from None
    table = table.rename_columns([older.get(name, name) for name in table.column_names])
    for name in cols:
        if name not in available and name not in older.values():
            field = SCHEMA.field(name)
            table = table.append_column(field, pa.nulls(len(table), field.type))
    return table.select(cols).to_pandas()


def _main_budget(run_dir: Path) -> int | None:
    """The run's main node budget: the budget of rows stored without one."""
    from solitaire.studies.runconfig import read_run_file

    data = read_run_file(run_dir)
    return None if data is None else int(data["config"]["max_nodes"])


def _one_row_per_deal(df: pd.DataFrame, main_budget: int | None) -> pd.DataFrame:
    """Collapse attempts: the last (largest budget) gives the verdict, the costs add up.

    A crash between writing a part and emptying the journal stores an
    attempt twice; the first copy is kept and counted once.
    """
    budget = df["budget_nodes"].astype("Int64")
    df = df.assign(budget_nodes=budget if main_budget is None else budget.fillna(main_budget))
    df = df.sort_values(["deal", "budget_nodes"], kind="stable", na_position="first")
    df = df.drop_duplicates(["deal", "budget_nodes"], keep="first")
    totals = df.groupby("deal", sort=False)[["nodes", "seconds"]].transform("sum")
    df = df.assign(final_nodes=df["nodes"], final_seconds=df["seconds"],
                   nodes=totals["nodes"], seconds=totals["seconds"])
    return df.drop_duplicates("deal", keep="last").reset_index(drop=True)


def _parse_line(line: bytes) -> dict | None:
    if not line.endswith(b"\n"):
        return None
    try:
        row = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    if not isinstance(row, dict) or "deal" not in row or "verdict" not in row:
        return None
    for name, older in OLDER_NAMES.items():
        if older in row and name not in row:
            row[name] = row.pop(older)
    return row


def _journal_rows(path: Path):
    """Rows of a journal.  Bad lines at the end are a torn write (crash,
    power loss) and are skipped: those deals are solved again.  A bad line
    followed by good ones is real corruption: refuse rather than guess."""
    if not path.exists():
        return
    bad_at = None
    with open(path, "rb") as fh:
        for number, line in enumerate(fh, start=1):
            row = _parse_line(line)
            if row is None:
                bad_at = bad_at or number
                continue
            if bad_at is not None:
                raise StudyError(f"{path}: line {bad_at} is corrupt (not a result row); "
                                 f"move the file away to re-solve its deals")
            yield row


def _repair_journal(path: Path) -> int:
    """Cut a torn tail off the journal (see ``_journal_rows``); return rows kept."""
    if not path.exists():
        path.touch()
        return 0
    rows = sum(1 for _ in _journal_rows(path))  # raises on corruption before the tail
    keep = 0
    with open(path, "rb") as fh:
        for _ in range(rows):
            keep += len(fh.readline())
    if keep != path.stat().st_size:
        with open(path, "r+b") as fh:
            fh.truncate(keep)
    return rows


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
