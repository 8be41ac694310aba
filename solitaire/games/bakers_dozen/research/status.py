"""What an exhaustive search of a relaxed game returns, with the positions it visited."""
WON = 1  # a win of the relaxed game was found (says nothing about the real position)
LOST = 2  # every reachable position visited, none won: the real position is lost
BUDGET = 3  # stopped at the position budget
REFUSED = 4  # the game does not apply (kings=free, or a threshold its key cannot hold)
