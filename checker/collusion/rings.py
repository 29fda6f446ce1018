"""Rings: three or more players joined by flagged pairs (the graph's connected components)."""

from collections.abc import Iterable

from checker.collusion.aggregates import PairKey


def rings_of(pairs: Iterable[PairKey], smallest: int = 3) -> list[list[str]]:
    """The connected components of at least `smallest` players of the graph whose edges are
    `pairs`, each sorted, in the order of their first member."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for a, b in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    return sorted(sorted(g) for g in groups.values() if len(g) >= smallest)
