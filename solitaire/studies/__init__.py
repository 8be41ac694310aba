"""Studies: seeded batch runs, a streaming result store, statistics, reports.

The pieces, each in its own module:

* ``deal_set``   deal ranges as sorted intervals (lazy: 10^6 deals cost a few bytes)
* ``runconfig``  what a run directory is (game, complete rules, budgets, version)
                 and the provenance of each batch invocation that added deals to it
* ``store``      the per-deal result store: an append-only journal compacted
                 into Parquet parts; what survives an interrupt
* ``worker``     solve one deal and return its row (runs in any process)
* ``backends``   where deals are solved: this process, a process pool, Dask
* ``batch``      run_batch: pending deals -> backend -> store, with progress;
                 then the unknown deals again at larger budgets (escalation)
* ``stats``      Wilson intervals, the solved..solved+unknown range, McNemar
* ``report``     tables (CSV, Markdown) from one or more run directories
* ``charts``     the PNG charts of a report
* ``experiment`` declared studies (TOML) -> batches -> report
* ``commands``   the Click commands ``batch``, ``study`` and ``report``
"""
