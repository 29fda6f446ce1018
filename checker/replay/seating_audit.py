"""Clause 9's seat draw, audited across tournaments: does the seat a player is given depend on
when they registered?

Mechanics and statistics only; the significance and the number of tournaments needed are the
rules' parameters (`seating.*`). Fed the lines of the tournament logs, the collector notes for
each tournament the players still registered when it starts, in registration order, and the
seat number each was first given; when the tournament starts (or its file ends) it folds them
into one small table of counts, rank bucket x seat number, and forgets the names.

The test is the generalised Cochran-Mantel-Haenszel statistic of general association, with one
stratum per tournament. Under a random draw, the players of a tournament are a uniformly random
permutation over the seats it used, so given the tournament's margins (how many players in each
rank bucket, how many seats of each number were used, over all its tables) its table is
multivariate hypergeometric, with a known mean and covariance. The statistic adds up, over
tournaments, the observed minus the expected counts and the covariances, and reads
    Q = d' V^- d,   d = sum (observed - expected),   V = sum covariance,
which is chi-square with rank(V) degrees of freedom under the null. Conditioning on the seats
each tournament used makes tables of every size, partly filled tables and several tables per
tournament sound without further assumptions; a tournament alone is a stratum as small as it
is. Rank buckets: the first registrant alone (a draw biased for them shows at once), then the
rest in thirds of the registration order (a draw that follows the order shows there).

Floats are used inside the statistic only; the fact the rules read is an int (per mille).
"""

from dataclasses import dataclass, field
from math import exp, lgamma, log
from typing import Final

from checker.model.tournament_log import (
    LogRecord,
    LogStart,
    Registration,
    SeatAssigned,
    TournamentStart,
    TournamentTerms,
    Unregistration,
)
from checker.replay.facts import SeatingAuditFact

# Rows: the first registrant, then thirds of the others in registration order.
RANK_BUCKETS: Final = 4
_LATER_BUCKETS: Final = RANK_BUCKETS - 1
# Columns: seat numbers 1-10 (the log's seat range).
SEATS: Final = 10
CELLS: Final = RANK_BUCKETS * SEATS

# Log events the collector reads; every other line costs one set look-up.
_FOLLOWED: Final = frozenset({
    "tournament_terms", "registration", "unregistration", "seat", "tournament_start",
})

# Numerical limits of the incomplete gamma function (not policy).
_EPSILON: Final = 1e-15
_MAX_ITERATIONS: Final = 1000
_TINY: Final = 1e-300
# A pivot this small relative to the largest variance is a direction with no variance.
_RANK_TOLERANCE: Final = 1e-10
PERMILLE: Final = 1000


# ---------------------------------------------------------------- the per-tournament table


def rank_bucket(rank: int, players: int) -> int:
    """The row of the player registered `rank`-th (0-based) among `players`."""
    if rank == 0:
        return 0
    return 1 + _LATER_BUCKETS * (rank - 1) // (players - 1)


def seating_table(seats_in_registration_order: list[int]) -> tuple[int, ...]:
    """The counts, rank bucket x seat number (row-major, CELLS long), of one tournament whose
    players, in registration order, were given these seat numbers (1-10)."""
    counts = [0] * CELLS
    players = len(seats_in_registration_order)
    for rank, seat in enumerate(seats_in_registration_order):
        counts[rank_bucket(rank, players) * SEATS + seat - 1] += 1
    return tuple(counts)


# ---------------------------------------------------------------- the statistic


@dataclass(slots=True)
class _SizeGroup:
    """The tournaments of one size n (so of the same rank-bucket margins r), as integer sums of
    their column margins c: sum c_j, for the means r_i c_j / n, and sum c_j (n d_jm - c_m), for
    the covariances r_i (n d_ik - r_k) c_j (n d_jm - c_m) / (n^2 (n - 1)). Integers, so that
    the sums of files audited apart merge exactly, in any order (a float sum would depend on
    the order its terms came in, and a report on how the audit was split)."""

    players: int
    columns: list[int] = field(default_factory=lambda: [0] * SEATS)
    spread: list[list[int]] = field(default_factory=lambda: [[0] * SEATS for _ in range(SEATS)])

    def add(self, columns: list[int]) -> None:
        n = self.players
        used = [s for s in range(SEATS) if columns[s]]
        for j in used:
            self.columns[j] += columns[j]
            line = self.spread[j]
            for m in used:
                line[m] += columns[j] * ((n if j == m else 0) - columns[m])

    def merge(self, other: "_SizeGroup") -> None:
        for j in range(SEATS):
            self.columns[j] += other.columns[j]
            line, more = self.spread[j], other.spread[j]
            for m in range(SEATS):
                line[m] += more[m]


@dataclass(slots=True)
class SeatingStatistic:
    """Counts added up over tournaments. Memory: the summed counts and, per tournament size,
    what its tournaments contribute to the means and covariances; never a player."""

    tournaments: int = 0
    observed: list[int] = field(default_factory=lambda: [0] * CELLS)
    # Rank-bucket margins (a function of the size) -> that size's tournaments.
    sizes: dict[tuple[int, ...], _SizeGroup] = field(default_factory=dict)

    def add(self, table: tuple[int, ...]) -> None:
        """Count one tournament's table (seating_table); one with fewer than two players says
        nothing about the draw and is not counted."""
        players = sum(table)
        if players < 2:
            return
        self.tournaments += 1
        observed = self.observed
        for cell, count in enumerate(table):
            observed[cell] += count
        rows = tuple(sum(table[b * SEATS:(b + 1) * SEATS]) for b in range(RANK_BUCKETS))
        group = self.sizes.get(rows)
        if group is None:
            group = self.sizes[rows] = _SizeGroup(players)
        group.add([sum(table[s::SEATS]) for s in range(SEATS)])

    def merge(self, other: "SeatingStatistic") -> None:
        """Add the tournaments counted by `other` (files audited apart)."""
        self.tournaments += other.tournaments
        for cell in range(CELLS):
            self.observed[cell] += other.observed[cell]
        for rows, group in other.sizes.items():
            mine = self.sizes.get(rows)
            if mine is None:
                mine = self.sizes[rows] = _SizeGroup(group.players)
            mine.merge(group)

    def chi_square(self) -> tuple[float, int]:
        """The statistic Q and its degrees of freedom (0 when there is nothing to test)."""
        expected = [0.0] * CELLS
        covariance = [[0.0] * CELLS for _ in range(CELLS)]
        # Sizes in a fixed order: the float sums do not depend on which file came first.
        for rows, group in sorted(self.sizes.items()):
            _add_group(expected, covariance, rows, group)
        difference = [o - e for o, e in zip(self.observed, expected, strict=True)]
        return quadratic_form(covariance, difference)

    def p_value(self) -> float:
        statistic, freedom = self.chi_square()
        return 1.0 if freedom == 0 else chi_square_survival(statistic, freedom)


def _add_group(expected: list[float], covariance: list[list[float]],
               rows: tuple[int, ...], group: _SizeGroup) -> None:
    """Add one size's hypergeometric means r_i c_j / n and covariances
    r_i (n d_ik - r_k) c_j (n d_jm - c_m) / (n^2 (n - 1)), summed over its tournaments."""
    n = group.players
    scale = 1.0 / (n * n * (n - 1))
    for i in range(RANK_BUCKETS):
        if not rows[i]:
            continue
        for j in range(SEATS):
            expected[i * SEATS + j] += rows[i] * group.columns[j] / n
        for k in range(RANK_BUCKETS):
            factor = rows[i] * ((n if i == k else 0) - rows[k])
            if not factor:
                continue
            for j in range(SEATS):
                line = covariance[i * SEATS + j]
                spread = group.spread[j]
                for m in range(SEATS):
                    line[k * SEATS + m] += factor * spread[m] * scale


def quadratic_form(matrix: list[list[float]], vector: list[float]) -> tuple[float, int]:
    """v' M^- v and rank(M) for a symmetric positive semi-definite M with v in its range:
    symmetric elimination, largest pivot first, stopping where what is left has no variance.
    (Any generalised inverse gives the same value for v in the range.)"""
    size = len(vector)
    left = [row[:] for row in matrix]
    rest = vector[:]
    remaining = set(range(size))
    largest = max((left[i][i] for i in range(size)), default=0.0)
    total, rank = 0.0, 0
    while remaining:
        k = max(remaining, key=lambda i: left[i][i])
        pivot = left[k][k]
        if pivot <= largest * _RANK_TOLERANCE or pivot <= 0.0:
            break
        remaining.remove(k)
        total += rest[k] * rest[k] / pivot
        rank += 1
        pivot_row = left[k]
        for i in remaining:
            factor = left[i][k] / pivot
            if factor:
                rest[i] -= factor * rest[k]
                row = left[i]
                for j in remaining:
                    row[j] -= factor * pivot_row[j]
    return total, rank


# ---------------------------------------------------------------- chi-square tail


def chi_square_survival(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for X chi-square with `freedom` degrees of freedom."""
    if freedom < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {freedom}")
    return regularized_upper_gamma(freedom / 2, statistic / 2)


def regularized_upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a): the power series of P below a + 1 (where it converges
    fast), the continued fraction of Q above (Numerical Recipes, 6.2)."""
    if a <= 0:
        raise ValueError(f"the shape must be positive, not {a}")
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def _prefactor(a: float, x: float) -> float:
    return exp(-x + a * log(x) - lgamma(a))


def _lower_series(a: float, x: float) -> float:
    """P(a, x) = e^-x x^a / Gamma(a + 1) * sum x^n / ((a + 1) ... (a + n))."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_MAX_ITERATIONS):
        denominator += 1.0
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPSILON:
            return total * _prefactor(a, x)
    raise ArithmeticError(f"the series of P({a}, {x}) did not converge")


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by the continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))),
    evaluated by the modified Lentz method."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    fraction = d
    for i in range(1, _MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        delta = d * c
        fraction *= delta
        if abs(delta - 1.0) < _EPSILON:
            return fraction * _prefactor(a, x)
    raise ArithmeticError(f"the continued fraction of Q({a}, {x}) did not converge")


def permille(p: float) -> int:
    """p in whole per mille, rounded down: permille(p) >= t exactly when p >= t / 1000."""
    return max(0, min(PERMILLE, int(p * PERMILLE)))


# ---------------------------------------------------------------- the collector


@dataclass(slots=True)
class _Seating:
    """One tournament being followed: who is registered, in order, and first seats."""

    # Players registered and not unregistered, in registration order (dict order).
    registered: dict[str, None] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)

    def table(self) -> tuple[int, ...]:
        seats = self.seats
        return seating_table([seats[p] for p in self.registered if p in seats])


@dataclass(slots=True)
class SeatingCollector:
    """Follows the tournaments of the file being read (from their terms, as the replay does,
    to their start) and adds each one's table to the statistic."""

    statistic: SeatingStatistic = field(default_factory=SeatingStatistic)
    # Per tournament id of this file: its state, or None once counted (later lines ignored).
    tournaments: dict[str, _Seating | None] = field(default_factory=dict)
    # Where the first counted tournament was: (file, tournament id).
    first: tuple[str, str] | None = None
    _file: str = ""

    def feed(self, record: LogRecord) -> None:
        event = record.event
        if event.event not in _FOLLOWED:
            return
        # Exact types: the event classes are final (checker/replay/tournament.py says why).
        if type(event) is TournamentTerms:
            if event.tournament not in self.tournaments:
                self.tournaments[event.tournament] = _Seating()
                self._file = record.location.file
            return
        if type(event) is LogStart:
            return  # never: the header is not followed (this tells the type checker)
        state = self.tournaments.get(event.tournament)
        if state is None:
            return  # before its terms, or already counted
        if type(event) is Registration:
            if event.accepted:
                state.registered.setdefault(event.player)
        elif type(event) is Unregistration:
            if event.accepted:
                state.registered.pop(event.player, None)
        elif type(event) is SeatAssigned:
            state.seats.setdefault(event.player, event.seat)
        elif type(event) is TournamentStart:
            # The draw is over: seats given later go to late registrations.
            self.tournaments[event.tournament] = None
            self._count(event.tournament, state, record.location.file)

    def end_file(self) -> None:
        """Count the tournaments of the file that never started, then forget the file."""
        states, self.tournaments = self.tournaments, {}
        for tournament, state in states.items():
            if state is not None:
                self._count(tournament, state, self._file)

    def merge(self, other: "SeatingCollector") -> None:
        """Add what `other` counted from files read after this one's (both between files):
        the first tournament counted stays the earliest file's."""
        self.statistic.merge(other.statistic)
        if self.first is None:
            self.first = other.first

    def fact(self) -> SeatingAuditFact | None:
        """The audit's fact, or None when no tournament was counted (nothing to say)."""
        if self.first is None:
            return None
        statistic = self.statistic
        return SeatingAuditFact(tournaments=statistic.tournaments,
                                p_value_permille=permille(statistic.p_value()))

    def _count(self, tournament: str, state: _Seating, file: str) -> None:
        """Add the tournament's table; the first one counted is where a finding points."""
        before = self.statistic.tournaments
        self.statistic.add(state.table())
        if self.first is None and self.statistic.tournaments > before:
            self.first = (file, tournament)
