"""Game-independent search: DFS for solvability, IDA* for shortest wins."""
