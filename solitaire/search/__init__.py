"""Game-independent search: DFS for solvability, IDA* and A* for shortest wins."""
