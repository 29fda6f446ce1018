"""Pair statistics from merged aggregates: each pair against both players' own baselines.

For P's play toward Q, the baseline is P's play toward everyone but Q (P's totals less the
pair's own counts), shrunk toward the population for players seen little:

- a rate (folds to Q's bets, say): baseline p0 = (b + s*pi) / (m + s) with b of m occasions
  away from Q, population rate pi and prior strength s (`prior_occasions`); the pair's k of n
  is tested against p0 one-sided, with a continuity correction, by the smaller of Wald's z
  and the signed root of the binomial deviance (`_signed_root`), over the square root of the
  baselines' own uncertainty (1 + n / (m + s) + ...);
- an amount (chips P loses to Q per hand): the expected per-hand value is P's mean toward
  others less Q's mean toward others (the flow between two players a skill gap explains), and
  the per-hand variance is the pair's own, shrunk toward P's variance with everyone; chip
  flow is tested with its tournaments as the independent units (`_clustered`).

Each signal is tested in both directions (P toward Q, Q toward P). A contrast is also tested
both ways at once (the two directions' z added, over sqrt 2): a scheme both partners play
shows a little in each direction, and the two directions are different players' decisions.
Only a contrast: it cancels each player's style toward the other (the same player, the same
opponent, under two conditions), while a rate does not, and two like styles (two passive
fish folding to each other's bets) would add up both ways as a team does. A family's p-value
(chip dumping, soft play, team play: one clause-28 rule each) is its smallest one-sided
p-value times the number of its tests (Bonferroni: its signals, both directions and both
ways were all tried); a pair's p-value is its best family's. Benjamini-Hochberg over
every (pair, family) of the pairs tested gives the q-values the rules compare with their false
discovery rate; the score is -log10 of the pair's p-value, comparable across one run's pairs.
"""

import math
from dataclasses import dataclass
from typing import cast

import numpy as np
from librt.vecs import vec
from mypy_extensions import i64
from numpy.typing import NDArray

# scipy is imported by the functions that use it, when pairs are first scored, and only
# scipy.special (checker/collusion/tails.py says why not scipy.stats): a process that meets
# no pair, the commands that never score, and workers that only gather aggregates never load it.
from checker.collusion.aggregates import PAIR_WIDTH, TOURNAMENTS, Aggregates
from checker.collusion.scores import (
    FamilyScore,
    PairScore,
    ScoringSettings,
    SignalCells,
    SignalScore,
    pair_signals,
)
from checker.collusion.signals import PLAYER_WIDTH, SIGNALS, WIDTH, C, Kind, Signal
from checker.collusion.signals import P as Own
from checker.collusion.tails import bh_adjusted, norm_logsf, poisson_logsf, t_logsf
from checker.replay.facts import CollusionFamily

_LOG10 = math.log(10.0)
# A column's direction: 0 and 1 are P toward Q and Q toward P; this one both at once.
BOTH_WAYS = 2
# Per player: one opponent (-1: none) and that opponent's counters of some columns.
Top = tuple[NDArray[np.int_], NDArray[np.float64]]


def _rows(counters: vec[i64], starts: list[int], width: int) -> NDArray[np.float64]:
    """The rows of `width` counters starting at `starts`, in that order, as floats (a
    read-only view of the vec's own memory)."""
    # A vec exports its items as a buffer, which the type stubs do not say.
    flat = np.frombuffer(cast("memoryview[int]", counters), dtype=np.int64).reshape(-1, width)
    return flat[np.array(starts, dtype=np.int64) // width].astype(np.float64)


def score_pairs(agg: Aggregates, settings: ScoringSettings,
                disabled: frozenset[str] = frozenset()) -> list[PairScore]:
    """Every pair that met, scored; sorted by players. `disabled` names signals left out of
    the score (they are still reported): the benchmark's leave-one-strategy-out runs."""
    keys = sorted(agg.pairs)
    if not keys:
        return []
    # The pairs' rows of the flat counters (vec[i64]: machine int64s), in key order.
    matrix = _rows(agg.pair_counters, [agg.pairs[k] for k in keys], PAIR_WIDTH)
    names = sorted(agg.players)
    index = {name: i for i, name in enumerate(names)}
    first = np.array([index[a] for a, _ in keys])
    second = np.array([index[b] for _, b in keys])
    # Each player's counters toward every opponent: the pair slots summed.
    totals = np.zeros((len(names), WIDTH))
    np.add.at(totals, first, matrix[:, :WIDTH])
    np.add.at(totals, second, matrix[:, WIDTH:2 * WIDTH])
    # Every opponent's counters toward each player.
    incoming = np.zeros((len(names), WIDTH))
    np.add.at(incoming, second, matrix[:, :WIDTH])
    np.add.at(incoming, first, matrix[:, WIDTH:2 * WIDTH])
    own = _rows(agg.player_counters, [agg.players[name] for name in names], PLAYER_WIDTH)
    hands = matrix[:, C.HANDS]
    tested = (hands >= settings.min_hands) & (matrix[:, TOURNAMENTS] >= settings.min_tournaments)
    table = _Table(matrix, totals, incoming, own, first, second)
    columns: list[tuple[Signal, int, _Column]] = []
    for signal in SIGNALS:
        directions = (0,) if signal.symmetric else (0, 1)
        for direction in directions:
            actor, partner = (first, second) if direction == 0 else (second, first)
            columns.append((signal, direction,
                            _signal(signal, table, WIDTH * direction, actor, partner, settings)))
        if signal.kind is Kind.CONTRAST:  # a rate's both ways would add up like styles
            columns.append((signal, BOTH_WAYS, _both_ways(columns[-2][2], columns[-1][2])))
    co_log_p, co_expected = _co_presence(agg, matrix, own, first, second)
    rows = np.arange(len(keys))
    families = list(CollusionFamily)
    family_p = np.zeros((len(keys), len(families)))
    # The column of each family's leading signal (-1: none scored).
    family_lead = np.full((len(keys), len(families)), -1)
    for at, family in enumerate(families):
        mine = [i for i, (signal, _, _) in enumerate(columns)
                if signal.family is family and not signal.context and signal.name not in disabled]
        if not mine:
            continue
        logs = np.array([np.where(columns[i][2].scored, columns[i][2].log10_p, np.inf)
                         for i in mine])
        tried = np.array([columns[i][2].scored for i in mine]).sum(axis=0)
        best = np.argmin(logs, axis=0)
        some = tried > 0
        # Bonferroni over the family's tests: its signals, both directions and both ways.
        family_p[:, at] = np.where(
            some, np.minimum(0.0, logs[best, rows] + np.log10(np.maximum(tried, 1))), 0.0)
        family_lead[:, at] = np.where(some, np.array(mine)[best], -1)
    # A pair below the minimum evidence is not judged: it has no p-value (1), so that a few
    # dozen hands' noise (one big pot) never ranks above a pair the rules can judge.
    family_p[~tested] = 0.0
    family_lead[~tested] = -1
    # The pair's p-value is its best family's: each family's q-value (Benjamini-Hochberg over
    # every pair and family) is then never below it.
    best_family = np.argmin(family_p, axis=1)
    log_p = family_p[rows, best_family]
    q = np.ones((len(keys), len(families)))
    if tested.any():
        tested_p = np.power(10.0, family_p[tested]).ravel()
        q[tested] = bh_adjusted(tested_p).reshape(-1, len(families))
    scored: list[PairScore] = []
    # Every untested pair's families alike: no p-value, no q-value, no leading signal.
    untested = tuple(FamilyScore(family, 0.0, 1.0, None) for family in families)
    # Python lists: indexing numpy arrays one cell at a time costs more than the pair.
    judged = tested.tolist()
    hands_of = hands.astype(np.int64).tolist()
    met_in = matrix[:, TOURNAMENTS].astype(np.int64).tolist()
    co_p, co_e = co_log_p.tolist(), co_expected.tolist()
    cells = [_cells(signal, direction, column) for signal, direction, column in columns]
    for row, key in enumerate(keys):
        if not judged[row]:
            # Not judged nor reported: a pair that met keeps its numbers only (a benchmark
            # ranks every pair that met), not an object per signal.
            scored.append(PairScore(key, hands_of[row], met_in[row], False, 0.0, 1.0, None, (),
                                    co_p[row], co_e[row], untested))
            continue
        signals = pair_signals(cells, key, row)

        def lead(column: int, row: int = row, signals: tuple[SignalScore, ...] = signals
                 ) -> SignalScore | None:
            return signals[column] if column >= 0 and signals else None

        scored.append(PairScore(
            key, hands_of[row], met_in[row], True, float(log_p[row]), float(q[row].min()),
            lead(int(family_lead[row, best_family[row]])), signals, co_p[row], co_e[row],
            tuple(FamilyScore(family, float(family_p[row, at]), float(q[row, at]),
                              lead(int(family_lead[row, at])))
                  for at, family in enumerate(families))))
    return scored


@dataclass(frozen=True, slots=True)
class _Column:
    """One signal in one direction (or both ways), for every pair (rows in key order)."""

    occasions: NDArray[np.float64]
    pair_value: NDArray[np.float64]
    baseline: NDArray[np.float64]
    z: NDArray[np.float64]
    log10_p: NDArray[np.float64]
    scored: NDArray[np.bool_]


def _cells(signal: Signal, direction: int, column: _Column) -> SignalCells:
    return (signal, direction == 1, direction == BOTH_WAYS,
            column.occasions.astype(np.int64).tolist(), column.pair_value.tolist(),
            column.baseline.tolist(), column.z.tolist(), column.log10_p.tolist(),
            column.scored.tolist())


def _both_ways(one: _Column, other: _Column) -> _Column:
    """Both directions of a signal at once: Stouffer's z of the two (they are different
    players' decisions), tested where both are; values are the two averaged by occasions."""
    occasions = one.occasions + other.occasions
    weight = np.where(occasions > 0, one.occasions / np.maximum(occasions, 1.0), 0.5)

    def mean(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
        both: NDArray[np.float64] = weight * a + (1.0 - weight) * b
        return both

    scored = one.scored & other.scored
    z = np.where(scored, (one.z + other.z) / math.sqrt(2.0), 0.0)
    log10_p = np.where(scored, norm_logsf(z) / _LOG10, 0.0)
    return _Column(occasions, mean(one.pair_value, other.pair_value),
                   mean(one.baseline, other.baseline), z, log10_p, scored)


@dataclass(frozen=True, slots=True)
class _Table:
    """The pairs' counters (rows in key order), every player's totals toward and from the
    others, their own counters, and each row's first and second player."""

    matrix: NDArray[np.float64]
    totals: NDArray[np.float64]
    incoming: NDArray[np.float64]
    own: NDArray[np.float64]
    first: NDArray[np.int_]
    second: NDArray[np.int_]


def _signal(signal: Signal, table: _Table, base: int, actor: NDArray[np.int_],
            partner: NDArray[np.int_], settings: ScoringSettings) -> "_Column":
    matrix, totals = table.matrix, table.totals
    n = matrix[:, base + signal.occasions]
    if signal.control is not None:
        # A contrast's occasions are the decisions of both its conditions.
        n = n + matrix[:, base + signal.control]
    value = matrix[:, base + signal.value]
    prior = float(settings.prior_occasions)
    with np.errstate(divide="ignore", invalid="ignore"):
        if signal.kind is Kind.CONTRAST:
            pair_value, baseline, z = _contrast(signal, matrix, base, totals, actor)
        elif signal.strata:
            pair_value, baseline, z = _by_position(signal, table, base, n, value, actor,
                                                   partner, prior)
        elif signal.kind is Kind.RATE:
            pair_value, baseline, z = _rate(signal, table, n, value, actor, partner, prior)
        elif signal.symmetric:
            pair_value, baseline, z = _team(table, base, actor, partner, prior)
        else:
            pair_value, baseline, z = _amount(signal, matrix, base, totals, actor, partner,
                                              table.first, table.second, prior)
    scored = (n >= settings.min_occasions) & np.isfinite(z)
    z = np.where(scored, z, 0.0)
    log10_p = np.where(scored, norm_logsf(z) / _LOG10, 0.0)
    return _Column(n, pair_value, baseline, z, log10_p, scored)


def _rate(signal: Signal, table: _Table, n: NDArray[np.float64], k: NDArray[np.float64],
          actor: NDArray[np.int_], partner: NDArray[np.int_], prior: float
          ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """k of n against what P does with others and what others do with Q (an actor-partner
    model: the two effects add on the log-odds scale, each shrunk toward the population)."""
    totals, incoming = table.totals, table.incoming
    occasions = totals[:, signal.occasions]
    hits = totals[:, signal.value]
    population = hits.sum() / occasions.sum() if occasions.sum() else 0.0
    population = min(max(population, 1e-6), 1.0 - 1e-6)
    # P toward everyone but Q; everyone but P toward Q (a symmetric signal: Q's own). Each
    # also leaves out the one opponent who deviates most from the player's rate: a colluding
    # partner would otherwise bend the baseline against every honest player.
    columns = (signal.occasions, signal.value)
    away = _top_deviation(table, columns, outgoing=True)
    away_n, away_k = _without(occasions[actor] - n, hits[actor] - k, away, actor, partner)
    if signal.symmetric:
        into_n, into_k = _without(occasions[partner] - n, hits[partner] - k, away, partner,
                                  actor)
    else:
        into = _top_deviation(table, columns, outgoing=False)
        into_n, into_k = _without(incoming[partner, signal.occasions] - n,
                                  incoming[partner, signal.value] - k, into, partner, actor)
    p_actor = np.clip((away_k + prior * population) / (away_n + prior), 1e-6, 1.0 - 1e-6)
    p_partner = np.clip((into_k + prior * population) / (into_n + prior), 1e-6, 1.0 - 1e-6)
    if signal.joint:
        p0 = np.clip(p_actor * p_partner / population, 1e-6, 1.0 - 1e-6)
    else:
        p0 = _expit(_logit(p_actor) + _logit(p_partner) - _logit(population))
    shrunk = (k + prior * p0) / (n + prior)
    inflation = 1.0 + n / (away_n + prior) + n / (into_n + prior)
    z = _signed_root(k, n, n * p0, signal.higher, inflation)
    return shrunk, p0, z


def _signed_root(k: NDArray[np.float64], n: NDArray[np.float64],
                 expected: NDArray[np.float64], higher: bool,
                 inflation: NDArray[np.float64]) -> NDArray[np.float64]:
    """k hits of n against `expected` hits, one-sided (more hits when `higher`), over the
    square root of `inflation` (the baselines' own uncertainty, as a dispersion): the
    smaller of the Wald z ((k - E) over the binomial standard deviation) and the signed
    root of the binomial deviance, both with a continuity correction. Wald's z overstates a
    rare event's tail: 7 re-raises of 25 at a 5% rate is z 4.8 by Wald, 3.5 by the deviance,
    3.65 by the exact binomial tail. Where the deviance says more than Wald (a common
    event's short tail), the binomial's own assumption, occasions independent of each
    other, is what is not trusted: the hands of one tournament are not, so the conservative
    of the two is kept."""
    from scipy import special  # lazily: see the imports
    shifted = np.clip(k - 0.5 if higher else k + 0.5, 0.0, n)
    hits = np.clip(expected, 1e-9, np.maximum(n - 1e-9, 1e-9))
    misses = n - shifted
    deviance = 2.0 * (special.xlogy(shifted, shifted / hits)
                      + special.xlogy(misses, misses / np.maximum(n - hits, 1e-9)))
    away = shifted - hits if higher else hits - shifted
    root = np.sign(away) * np.sqrt(np.maximum(deviance, 0.0))
    wald = away / np.sqrt(np.maximum(hits * (1.0 - hits / np.maximum(n, 1e-9)), 1e-12))
    z: NDArray[np.float64] = np.minimum(root, wald) / np.sqrt(inflation)
    return z


def _by_position(signal: Signal, table: _Table, base: int, n: NDArray[np.float64],
                 k: NDArray[np.float64], actor: NDArray[np.int_], partner: NDArray[np.int_],
                 prior: float
                 ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """k of n against the hits P's own rate in each stratum predicts for the pair's occasions
    there, times how everyone else's hits toward Q compare with their own prediction (an
    opponent all open less against, or more: the partner effect). The variance carries the
    uncertainty of both baselines, as `_rate`'s does."""
    own = table.own
    count = len(signal.strata)
    own_n = own[:, list(signal.own_strata[:count])]
    own_k = own[:, list(signal.own_strata[count:])]
    population = float(own_k.sum() / own_n.sum()) if own_n.sum() else 0.0
    population = min(max(population, 1e-6), 1.0 - 1e-6)
    # Each player's most deviant opponent, left out of its own rates (not where an occasion
    # counts toward several opponents: leaving one out would drop the others' too).
    deviant = (None if signal.shared else
               _most_deviant_by_position(signal, table, own_n, own_k, prior, population))
    occasions, rate, away = _expected_by_position(signal, table, base, actor, partner, k,
                                                  own_n, own_k, prior, population, deviant)
    expected = (occasions * rate).sum(axis=1)
    # Everyone's hits and predictions toward each player, both directions of every pair.
    other = WIDTH - base
    k_other = table.matrix[:, other + signal.value]
    n_other = table.matrix[:, other + signal.occasions]
    occasions_other, rate_other, _ = _expected_by_position(
        signal, table, other, partner, actor, k_other, own_n, own_k, prior, population,
        deviant)
    expected_other = (occasions_other * rate_other).sum(axis=1)
    players = len(own)
    into_k, into_e, into_n = np.zeros(players), np.zeros(players), np.zeros(players)
    for into, mine, theirs in ((into_k, k, k_other), (into_e, expected, expected_other),
                               (into_n, n, n_other)):
        np.add.at(into, partner, mine)
        np.add.at(into, actor, theirs)
    # Everyone's play toward Q but P's, and but the one opponent whose hits toward Q are
    # furthest from what that opponent's own rates predict (as `_rate` leaves out): a
    # colluding partner of Q's (a chip dumper's partner betting into him every hand) would
    # otherwise make everyone else's normal play toward Q look like sparing him. Not for a
    # shared occasion (an open-raise spot with Q and Q's partner both in counts toward both).
    others_k = into_k[partner] - k
    others_e = into_e[partner] - expected
    others_n = into_n[partner] - n
    if deviant is not None:
        receiver = np.concatenate([partner, actor])
        sender = np.concatenate([actor, partner])
        rows = np.stack([np.concatenate([k, k_other]),
                         np.concatenate([expected, expected_other]),
                         np.concatenate([n, n_other])], axis=1)
        who, top = _largest(receiver, sender, np.abs(rows[:, 0] - rows[:, 1]), rows, players)
        drop = who[partner] != actor
        others_k = others_k - np.where(drop, top[partner, 0], 0.0)
        others_e = others_e - np.where(drop, top[partner, 1], 0.0)
        others_n = others_n - np.where(drop, top[partner, 2], 0.0)
    effect = (others_k + prior * population) / (others_e + prior * population)
    rate = np.clip(rate * effect[:, None], 1e-6, 1.0 - 1e-6)
    expected = (occasions * rate).sum(axis=1)
    z = _signed_root(k, n, expected, signal.higher,
                     1.0 + n / (away + prior) + n / (others_n + prior))
    p0 = np.clip(expected / np.maximum(n, 1.0), 1e-6, 1.0 - 1e-6)
    return (k + prior * p0) / (n + prior), p0, z


def _most_deviant_by_position(signal: Signal, table: _Table, own_n: NDArray[np.float64],
                              own_k: NDArray[np.float64], prior: float, population: float
                              ) -> Top:
    """For each player, the opponent toward whom its hits are furthest from what its own
    rates by stratum predict (-1: none), with that row's occasions per stratum and hits: the
    opponent its own baseline leaves out, as `_rate`'s leaves out its most deviant opponent
    (a chip dumper's own re-raise rate, inflated by the hands its partner was in, would make
    it look like sparing everyone else)."""
    matrix = table.matrix
    strata = list(signal.strata)
    occasions = np.concatenate([matrix[:, strata], matrix[:, [WIDTH + c for c in strata]]])
    hits = np.concatenate([matrix[:, signal.value], matrix[:, WIDTH + signal.value]])
    owner = np.concatenate([table.first, table.second])
    other = np.concatenate([table.second, table.first])
    rate = (own_k + prior * population) / (own_n + prior)
    predicted = (occasions * rate[owner]).sum(axis=1)
    return _largest(owner, other, np.abs(hits - predicted),
                    np.concatenate([occasions, hits[:, None]], axis=1), len(own_n))


def _expected_by_position(signal: Signal, table: _Table, base: int, actor: NDArray[np.int_],
                          partner: NDArray[np.int_], k: NDArray[np.float64],
                          own_n: NDArray[np.float64], own_k: NDArray[np.float64],
                          prior: float, population: float, deviant: Top | None
                          ) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                     NDArray[np.float64]]:
    """The pair's occasions per stratum, P's rate in each away from Q, and P's occasions away
    from Q. P's own counts hold the spots with Q too: they are taken out, the pair's hits
    shared among its strata as P's rates there predict (the pair's hits are not kept per
    stratum). Each stratum's rate is shrunk toward P's rate over all strata scaled by the
    population's rate there against its overall one (every player opens more from the
    button), P's overall rate toward the population's."""
    occasions = table.matrix[:, [base + c for c in signal.strata]]
    spots = own_n.sum(axis=0)
    relative = np.where(spots > 0, own_k.sum(axis=0) / np.maximum(spots, 1.0), population)
    relative = relative / population
    mine_n, mine_k = own_n[actor], own_k[actor]
    overall = (mine_k.sum(axis=1) + prior * population) / (mine_n.sum(axis=1) + prior)
    guess = (mine_k + prior * _rates(overall, relative)) / (mine_n + prior)
    guessed = (occasions * guess).sum(axis=1)
    share = (np.where(guessed > 0, k / np.maximum(guessed, 1e-12), 0.0)[:, None]
             * occasions * guess)
    away_n = np.maximum(mine_n - occasions, 0.0)
    away_k = np.maximum(mine_k - share, 0.0)
    if deviant is not None:
        # P's most deviant opponent but Q is left out the same way
        # (`_most_deviant_by_position`).
        who, values = deviant
        count = len(signal.strata)
        drop = who[actor] != partner
        their_n = np.where(drop[:, None], values[actor, :count], 0.0)
        their_k = np.where(drop, values[actor, count], 0.0)
        their_guessed = (their_n * guess).sum(axis=1)
        their_share = (np.where(their_guessed > 0, their_k / np.maximum(their_guessed, 1e-12),
                                0.0)[:, None] * their_n * guess)
        away_n = np.maximum(away_n - their_n, 0.0)
        away_k = np.maximum(away_k - their_share, 0.0)
    away_k = np.minimum(away_k, away_n)
    away_overall = (away_k.sum(axis=1) + prior * population) / (away_n.sum(axis=1) + prior)
    rate = np.clip((away_k + prior * _rates(away_overall, relative)) / (away_n + prior),
                   1e-6, 1.0 - 1e-6)
    return occasions, rate, away_n.sum(axis=1)


def _rates(overall: NDArray[np.float64], relative: NDArray[np.float64]
           ) -> NDArray[np.float64]:
    """Each player's overall rate in every stratum, scaled by the stratum's relative rate."""
    scaled: NDArray[np.float64] = np.clip(overall[:, None] * relative[None, :],
                                          1e-6, 1.0 - 1e-6)
    return scaled


def _top_deviation(table: _Table, columns: tuple[C, C], outgoing: bool) -> Top:
    """For each player, the opponent whose occasions and hits (`columns`) deviate most from
    the player's own rate: toward that opponent (`outgoing`) or from that opponent toward
    the player; -1 where none."""
    matrix, first, second = table.matrix, table.first, table.second
    players = len(table.totals)
    owners = np.concatenate([first, second])
    others = np.concatenate([second, first])
    values = np.concatenate([matrix[:, list(columns)], matrix[:, [WIDTH + c for c in columns]]])
    group, other = (owners, others) if outgoing else (others, owners)
    n_total = np.zeros(players)
    k_total = np.zeros(players)
    np.add.at(n_total, group, values[:, 0])
    np.add.at(k_total, group, values[:, 1])
    rate = np.where(n_total > 0, k_total / np.maximum(n_total, 1.0), 0.0)
    deviation = np.abs(values[:, 1] - values[:, 0] * rate[group])
    return _largest(group, other, deviation, values, players)


def _largest(group: NDArray[np.int_], other: NDArray[np.int_], key: NDArray[np.float64],
             values: NDArray[np.float64], players: int) -> Top:
    """For each player of `group`, the row with the largest `key` (ties: the smaller other
    player): that other player (-1 where none) and the row's `values`. A row is one directed
    pair, so (group, other) is unique. Two passes of per-group maxima and minima, not a
    sort: this runs some twenty times per view over every pair that met."""
    best = np.full(players, -np.inf)
    np.maximum.at(best, group, key)
    candidate = key == best[group]
    nearest = np.full(players, np.iinfo(np.int64).max)
    np.minimum.at(nearest, group[candidate], other[candidate])
    rows = np.flatnonzero(candidate & (other == nearest[group]))
    who = np.full(players, -1)
    counters = np.zeros((players, values.shape[1]))
    who[group[rows]] = other[rows]
    counters[group[rows]] = values[rows]
    return who, counters


def _without(n: NDArray[np.float64], k: NDArray[np.float64], top: Top, player: NDArray[np.int_],
             other: NDArray[np.int_]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Occasions and hits less the player's top opponent's, unless that is `other` (already
    left out)."""
    who, counters = top
    drop = who[player] != other
    return (n - np.where(drop, counters[player, 0], 0.0),
            k - np.where(drop, counters[player, 1], 0.0))


def _contrast(signal: Signal, matrix: NDArray[np.float64], base: int,
              totals: NDArray[np.float64], actor: NDArray[np.int_]
              ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """(P's rate toward Q under the condition - without it) against the same difference of
    P toward everyone else: a difference of differences, with the null's variance. With no
    pair effect, P's rate under each condition is the same toward Q as toward the others, so
    each condition's variance comes from its rate pooled over both. The pair's rates are not
    shrunk toward a prior: the variance already carries their few occasions, and a prior of
    `prior_occasions` would hide most of an effect seen in 20-40 (the tuning seed's card
    sharers: AP 0.26 shrunk, 0.69 not)."""
    assert signal.control is not None
    pair: list[NDArray[np.float64]] = []
    away: list[NDArray[np.float64]] = []
    variance = np.zeros(len(matrix))
    for column in (signal.occasions, signal.control):
        n = matrix[:, base + column]
        k = matrix[:, base + column + 1]
        away_n = totals[actor, column] - n
        away_k = totals[actor, column + 1] - k
        pooled = np.clip((k + away_k + 1.0) / (n + away_n + 2.0), 1e-6, 1.0 - 1e-6)
        # Half an occasion at the pooled rate keeps an empty cell defined.
        pair.append((k + 0.5 * pooled) / (n + 0.5))
        away.append((away_k + 0.5 * pooled) / (away_n + 0.5))
        variance = variance + pooled * (1.0 - pooled) * (1.0 / (n + 0.5) + 1.0 / (away_n + 0.5))
    pair_difference = pair[0] - pair[1]
    away_difference = away[0] - away[1]
    z = (pair_difference - away_difference) / np.sqrt(variance)
    # Signed toward collusion: a difference larger toward Q (`higher`), or smaller.
    return pair_difference, away_difference, z if signal.higher else -z


def _logit(p: NDArray[np.float64] | float) -> NDArray[np.float64]:
    values = np.asarray(p, dtype=np.float64)
    result: NDArray[np.float64] = np.log(values) - np.log1p(-values)
    return result


def _expit(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return 1.0 / (1.0 + np.exp(-x))


def _amount(signal: Signal, matrix: NDArray[np.float64], base: int,
            totals: NDArray[np.float64], actor: NDArray[np.int_], partner: NDArray[np.int_],
            first: NDArray[np.int_], second: NDArray[np.int_], prior: float
            ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """An amount per occasion against P's mean toward everyone else (for chip flow, less Q's
    mean toward everyone else). Each baseline also leaves out the player's one opponent with
    the largest amount: a colluder's partner would otherwise bend the baseline of every honest
    player who meets the colluder."""
    squares = signal.squares if signal.squares is not None else signal.value
    columns = (signal.occasions, signal.value, squares)
    n, total, ss = (matrix[:, base + c] for c in columns)
    top = _top(matrix, columns, len(totals), first, second)
    away_n, away_total, away_ss = _away(totals, top, columns, actor, partner, (n, total, ss))
    expected = np.where(away_n > 0, away_total / away_n, 0.0)
    if signal.value is C.FLOW:
        # The flow a skill gap explains: P's mean toward others less Q's toward others.
        other = WIDTH - base
        mine = tuple(matrix[:, other + c] for c in columns)
        partner_n, partner_total, _ = _away(totals, top, columns, partner, actor, mine)
        expected = expected - np.where(partner_n > 0, partner_total / partner_n, 0.0)
    # Chips P was expected to win from Q never count toward suspicion: a baseline that says P
    # should be winning (a rock against a fish) is noisier than the pair's own sample.
    expected = np.maximum(expected, 0.0)
    actor_variance = np.where(away_n > 0, away_ss / away_n, 0.0)
    variance = n * (ss + prior * actor_variance) / (n + prior)
    excess = total - n * expected
    mean = np.where(n > 0, total / np.maximum(n, 1.0), 0.0)
    if signal.clustered is None:
        z = excess / np.sqrt(variance)
    else:
        z = _clustered(matrix, base, signal.clustered, mean, excess, variance)
    return mean, expected, z


def _clustered(matrix: NDArray[np.float64], base: int, columns: tuple[C, C, C],
               mean: NDArray[np.float64], excess: NDArray[np.float64],
               variance: NDArray[np.float64]) -> NDArray[np.float64]:
    """The excess over the expected amount tested with the tournaments as the independent
    units (a one-sample t-test of the per-tournament sums): the variance of the excess is
    the tournaments' (each tournament's sum less its hands times the pair's mean per hand,
    squared and added, with the small-sample factor T / (T - 1)), never below the hands'
    own, and the statistic has T - 1 degrees of freedom (Student's t), given as the normal
    z of the same p-value. A flow seen in three tournaments is three observations however
    many hands they held. Without two tournaments together, the hands' test."""
    from scipy import special  # lazily: see the imports
    value_ss, value_hands, hands_ss = (matrix[:, base + c] for c in columns)
    tournaments = matrix[:, TOURNAMENTS]
    spread = np.maximum(value_ss - 2.0 * mean * value_hands + mean * mean * hands_ss, 0.0)
    clusters = (tournaments >= 2) & (hands_ss > 0)
    factor = tournaments / np.maximum(tournaments - 1.0, 1.0)
    variance = np.where(clusters, np.maximum(variance, spread * factor), variance)
    statistic = excess / np.sqrt(variance)
    normal = statistic
    if clusters.any():
        tail = t_logsf(statistic[clusters], tournaments[clusters] - 1.0)
        normal = statistic.copy()
        normal[clusters] = -special.ndtri_exp(tail)
    return normal


def _top(matrix: NDArray[np.float64], columns: tuple[C, C, C], players: int,
         first: NDArray[np.int_], second: NDArray[np.int_]) -> Top:
    """Each player's opponent with the largest absolute amount (-1: none), and that
    opponent's `columns` counters."""
    actors = np.concatenate([first, second])
    partners = np.concatenate([second, first])
    values = np.concatenate([matrix[:, list(columns)], matrix[:, [WIDTH + c for c in columns]]])
    return _largest(actors, partners, np.abs(values[:, 1]), values, players)


def _away(totals: NDArray[np.float64], top: Top, columns: tuple[C, C, C],
          actor: NDArray[np.int_], partner: NDArray[np.int_],
          pair: tuple[NDArray[np.float64], ...]) -> tuple[NDArray[np.float64], ...]:
    """The actor's counters toward everyone but the partner and the actor's top opponent."""
    partner_of, counters = top
    drop = partner_of[actor] != partner
    return tuple(totals[actor, c] - pair[i] - np.where(drop, counters[actor, i], 0.0)
                 for i, c in enumerate(columns))


def _team(table: _Table, base: int, actor: NDArray[np.int_], partner: NDArray[np.int_],
          prior: float) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """What the two took from the others per hand, against what each takes from an opponent
    (their chip flow with everyone else, each without the pair and without the player's top
    opponent) times the third players dealt in."""
    matrix, totals, own = table.matrix, table.totals, table.own
    n = matrix[:, base + C.HANDS]
    joint = matrix[:, base + C.JOINT]
    ss = matrix[:, base + C.JOINT_SS]
    third = matrix[:, base + C.THIRD]
    columns = (C.HANDS, C.FLOW, C.FLOW_SS)
    top = _top(matrix, columns, len(totals), table.first, table.second)
    gain = np.zeros(len(matrix))
    for who, other, slot in ((actor, partner, base), (partner, actor, WIDTH - base)):
        mine = tuple(matrix[:, slot + c] for c in columns)
        away_n, away_flow, _ = _away(totals, top, columns, who, other, mine)
        # A player's flow toward an opponent is what it loses: its gain is the opposite.
        gain = gain - np.where(away_n > 0, away_flow / away_n, 0.0)
    expected = third * gain
    hands = np.maximum(own[:, Own.HANDS], 1.0)
    mean = own[:, Own.RESULT] / hands
    variance_each = np.maximum(own[:, Own.RESULT_SS] / hands - mean * mean, 0.0)
    variance = (ss + prior * (variance_each[actor] + variance_each[partner])) / (n + prior)
    z = (joint - expected) / np.sqrt(n * variance)
    return np.where(n > 0, joint / n, 0.0), np.where(n > 0, expected / n, 0.0), z


def _co_presence(agg: Aggregates, matrix: NDArray[np.float64], own: NDArray[np.float64],
                 first: NDArray[np.int_], second: NDArray[np.int_]
                 ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Tournaments together against a random registration with the same entry counts."""
    together = matrix[:, TOURNAMENTS]
    if agg.entries == 0:
        return np.zeros(len(together)), np.zeros(len(together))
    each = own[:, Own.TOURNAMENTS]
    expected = each[first] * each[second] * agg.entries_squared / agg.entries ** 2
    log_p = np.where(together > 0,
                     poisson_logsf(together - 1, np.maximum(expected, 1e-12)) / _LOG10,
                     0.0)
    return log_p, expected


