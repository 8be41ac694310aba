"""The three verdicts a search gives, by name: never a guess.

``solved``: a win was found and replayed on the reference engine;
``unsolvable``: the whole space was searched (or a relaxed game that plays
every real line was), no win; ``unknown``: a budget ran out first.
"""

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
VERDICTS = (SOLVED, UNSOLVABLE, UNKNOWN)
