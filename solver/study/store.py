"""The per-deal result store of a run directory.

Layout (all inside the run directory)::

    run.json              configuration and sessions (see runconfig)
    journal.jsonl         rows not yet compacted, one JSON object a line
    parts/part-NNNNNN.parquet   compacted rows (zstd Parquet)

Why a journal: Parquet files cannot be appended to, yet a result must be on
disk the moment its deal finishes.  Each finished deal is one line, written
and flushed at once, so a Ctrl-C or ``kill -9`` loses only the deals still
being solved (the operating system keeps flushed lines); the file is also
``fsync``-ed at most ``fsync_seconds`` apart, which bounds what a power loss
can take.  Every ``part_rows`` rows, and at the end of a session, the journal
is written as a new Parquet part (to a temporary name, then renamed) and
emptied.  A crash between the rename and the emptying leaves rows twice;
readers keep the first copy of each deal, so that is harmless.  A line torn
by a crash is cut off before the next session appends.

Readers (``read``) return one pandas DataFrame with one row per deal:
``game, rules, deal, verdict, moves, nodes, seconds, reason, session,
solution`` (``moves`` is null unless solved; ``solution`` is the move list,
space separated).  Only the columns asked for are loaded.
"""
from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from solver.study.deal_set import DealSet
from solver.study.errors import StudyError

JOURNAL = "journal.jsonl"
PARTS = "parts"
LOCK = ".lock"

ROW_FIELDS = ("deal", "verdict", "moves", "nodes", "seconds", "reason", "session", "solution")
SCHEMA = pa.schema([
    ("game", pa.string()),
    ("rules", pa.string()),
    ("deal", pa.int64()),
    ("verdict", pa.string()),
    ("moves", pa.int32()),
    ("nodes", pa.int64()),
    ("seconds", pa.float64()),
    ("reason", pa.string()),
    ("session", pa.int32()),
    ("solution", pa.string()),
])
COLUMNS = tuple(SCHEMA.names)
DEFAULT_COLUMNS = tuple(c for c in COLUMNS if c != "solution")


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


def read_rows(run_dir: str | Path, game: str, rules_json: str,
              columns: tuple[str, ...] | list[str] = DEFAULT_COLUMNS) -> pd.DataFrame:
    """All stored rows of a run directory, one per deal, sorted by deal."""
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown:
        raise StudyError(f"unknown result column(s): {', '.join(unknown)} (columns: {', '.join(COLUMNS)})")
    cols = list(dict.fromkeys(["deal", *columns]))
    run_dir = Path(run_dir)
    frames = []
    for part in sorted((run_dir / PARTS).glob("part-*.parquet")):
        try:
            frames.append(pq.read_table(part, columns=cols).to_pandas())
        except (OSError, pa.ArrowException) as exc:
            raise StudyError(f"cannot read result part {part}: {exc}") from None
    journal = list(_journal_rows(run_dir / JOURNAL))
    if journal:
        store = ResultStore(run_dir, game, {})
        store.rules_json = rules_json
        frames.append(store._table(journal).select(cols).to_pandas())
    if frames:
        df = pd.concat(frames, ignore_index=True)
    else:
        df = SCHEMA.empty_table().select(cols).to_pandas()
    df = df.drop_duplicates("deal", keep="first").sort_values("deal", kind="stable").reset_index(drop=True)
    if "moves" in df:
        df["moves"] = df["moves"].astype("Int64")
    return df[list(columns)]


def _parse_line(line: bytes) -> dict | None:
    if not line.endswith(b"\n"):
        return None
    try:
        row = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    if not isinstance(row, dict) or "deal" not in row or "verdict" not in row:
        return None
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
