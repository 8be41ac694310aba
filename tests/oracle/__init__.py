"""Independent oracles: exhaustive searches over the reference engines.

Nothing here shares move generation, state keys, reductions, dead-end rules
or bounds with the fast engine (``solitaire.games.<game>.kernel`` and the
relaxations).  The only product code used is each game's reference engine
(``reference.py``: ``legal_moves``, ``play``, ``is_won``, ``copy``), which
the conformance suite ties to RULES.md.  Every call into the fast engine
that the oracle tests compare against lives in ``product.py``.
"""
