"""Relaxed games of Baker's Dozen whose loss proves a loss, searched
exhaustively with exact keys: the threshold and seatless games (the ladder
tried under kings=bottom) and the skeleton game (kings=free).  The solver
reaches them through ``spec.BakersDozenSearch.prove_lost``; each has a
switch in the rules array's switch word (``kernel.state.OFF_*``), as have
their own reductions."""
