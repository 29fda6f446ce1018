"""Clause 28 across the audit: per-pair aggregates of how each player treats each opponent,
scored at the end against the players' own play with everyone else (checker/collusion/
scoring.py) and turned into `pair` and `ring` events that the clause-28 rules judge.

Flow: the audit hands every replayed hand to `observe.HandObserver`, which adds to
`aggregates.Aggregates` (mergeable: a file's or a worker's partial combines with another's);
`scoring` turns the merged aggregates into pair statistics and `rings` groups flagged pairs.
"""
