"""Who enters how often: the activity mix of `feltcheck simulate --players N`.

Each player of the pool (index-aligned with it) has an activity weight drawn from
server.toml's `[pool]`: a minority of regulars with a large base weight, who play many
events, and recreational players with a small one, who play a few; within each group the
weights are heavy-tailed (a capped Pareto draw times the base). A tournament's entrants are
drawn by weight without replacement (successive sampling: each next entrant among those not
yet drawn, in proportion to their weights).

Drawn by rejection, so a field costs O(entrants x log pool), not O(pool) per seat: a draw
bisects the cumulative weights and is drawn again when it lands on a player already in (each
accepted draw is then proportional among the players left, as successive sampling wants).
A field holds a small share of a large pool's weight, so few draws are wasted; when too many
are (a field near the whole pool), the rest is drawn exactly over the players left.
"""

import random
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

from checker.sim.server import PoolConfig, server_config

# Wasted draws allowed beyond the field's size before the exact draw takes over.
_SPARE_DRAWS = 32


@dataclass(frozen=True, slots=True)
class Activity:
    """The pool's activity weights (by pool index) and which players are regulars."""

    weights: tuple[float, ...]
    regulars: tuple[int, ...]
    cumulative: tuple[float, ...]

    @classmethod
    def of(cls, weights: tuple[float, ...], regulars: tuple[int, ...]) -> "Activity":
        if not weights or min(weights) <= 0.0:
            raise ValueError("every player needs a positive activity weight")
        return cls(weights, tuple(sorted(regulars)), tuple(accumulate(weights)))

    def active_regulars(self, share: float) -> tuple[int, ...]:
        """The most active `share` of the regulars (by weight, at least one when there are
        any), in pool order: whom teams are drawn from."""
        count = max(1, round(share * len(self.regulars))) if self.regulars else 0
        busiest = sorted(self.regulars, key=lambda index: (-self.weights[index], index))
        return tuple(sorted(busiest[:count]))

    def draw(self, rng: random.Random, count: int) -> list[int]:
        """`count` distinct pool indexes drawn by weight without replacement, in the order
        drawn."""
        size = len(self.weights)
        if not 0 <= count <= size:
            raise ValueError(f"cannot draw {count} of {size} players")
        cumulative = self.cumulative
        total = cumulative[-1]
        chosen: list[int] = []
        taken: set[int] = set()
        wasted = 0
        allowed = count + _SPARE_DRAWS
        while len(chosen) < count and wasted <= allowed:
            # min: a draw a rounding error above the last cumulative weight is the last player.
            index = min(bisect_right(cumulative, rng.random() * total), size - 1)
            if index in taken:
                wasted += 1
                continue
            taken.add(index)
            chosen.append(index)
        if len(chosen) < count:
            chosen += self._exact(rng, taken, count - len(chosen))
        return chosen

    def _exact(self, rng: random.Random, taken: set[int], count: int) -> list[int]:
        """`count` more by successive sampling over the players not `taken` (Efraimidis and
        Spirakis: the largest keys u^(1/weight), in descending order)."""
        keys = sorted(((rng.random() ** (1.0 / weight), index)
                       for index, weight in enumerate(self.weights) if index not in taken),
                      reverse=True)
        return [index for _, index in keys[:count]]


def activity(count: int, rng: random.Random, config: PoolConfig | None = None) -> Activity:
    """The activity mix of a pool of `count` players (server.toml's `[pool]`), drawn from
    `rng`: which are regulars (`regular_share` of the pool, rounded), then each one's weight."""
    mix = config or server_config().pool
    regulars = frozenset(rng.sample(range(count), round(mix.regular_share * count)))
    weights = tuple(
        (mix.regular_weight if index in regulars else mix.recreational_weight)
        * min(mix.weight_cap, rng.paretovariate(mix.pareto_shape))
        for index in range(count))
    return Activity.of(weights, tuple(regulars))
