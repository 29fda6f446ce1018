"""What scoring a pair gives (checker/collusion/scoring.py computes it): the settings, and
each signal's, family's and pair's score.

Apart from the computation so that what reads the scores (the audit, the reports) does not
load numpy: a process that never scores a pair (a `--jobs` worker, the commands that do not
score, an input without pairs) starts without it.
"""

from dataclasses import dataclass

from checker.collusion.aggregates import PairKey
from checker.collusion.signals import Signal
from checker.replay.facts import CollusionFamily


@dataclass(frozen=True, slots=True)
class ScoringSettings:
    # A pair is tested (enters the false discovery control) with this many hands together
    # in this many tournaments.
    min_hands: int
    min_tournaments: int
    min_occasions: int
    prior_occasions: int


# Not frozen, its __init__ written out: compiled, a dataclass's generated __init__ stays
# interpreted (a frozen one sets each field through object.__setattr__), and every tested pair
# has a score per signal. Nothing changes a score once made.
@dataclass(slots=True, init=False)
class SignalScore:
    signal: Signal
    actor: str
    partner: str
    occasions: int
    # Rates as fractions; amounts in mbb per occasion.
    pair_value: float
    baseline_value: float
    z: float
    # log10 of the one-sided p-value (0.0: p = 1, not scored).
    log10_p: float
    scored: bool
    # Both directions at once (`actor` is then the pair's first player): their z added,
    # over sqrt 2.
    both_ways: bool = False

    def __init__(self, signal: Signal, actor: str, partner: str, occasions: int,
                 pair_value: float, baseline_value: float, z: float, log10_p: float,
                 scored: bool, both_ways: bool = False) -> None:
        self.signal = signal
        self.actor = actor
        self.partner = partner
        self.occasions = occasions
        self.pair_value = pair_value
        self.baseline_value = baseline_value
        self.z = z
        self.log10_p = log10_p
        self.scored = scored
        self.both_ways = both_ways


# One signal in one direction for every pair scored, as Python values (scoring.py makes them
# from its arrays): the signal, whether the pair's second player acts, whether both ways,
# then per pair the occasions, the pair's value, the baseline, z, log10 p and whether scored.
SignalCells = tuple[Signal, bool, bool, list[int], list[float], list[float], list[float],
                    list[float], list[bool]]


def pair_signals(cells: list[SignalCells], key: PairKey, row: int) -> tuple[SignalScore, ...]:
    """The pair `key`'s score for every signal and direction, from its `row` of `cells`."""
    first, second = key
    scores: list[SignalScore] = []
    for signal, swap, both, occasions, pair_value, baseline, z, log10_p, scored in cells:
        scores.append(SignalScore(signal, second if swap else first, first if swap else second,
                                  occasions[row], pair_value[row], baseline[row], z[row],
                                  log10_p[row], scored[row], both))
    return tuple(scores)


@dataclass(frozen=True, slots=True)
class FamilyScore:
    """A pair's evidence for one clause-28 rule: its best signal of the family, corrected
    for the family's signals tried, and the Benjamini-Hochberg q-value over every pair and
    family tested."""

    family: CollusionFamily
    log10_p: float
    q_value: float
    leading: SignalScore | None

    @property
    def score(self) -> float:
        return -self.log10_p


@dataclass(frozen=True, slots=True)
class PairScore:
    key: PairKey
    hands_together: int
    tournaments_together: int
    tested: bool
    log10_p: float
    q_value: float
    leading: SignalScore | None
    signals: tuple[SignalScore, ...]
    co_presence_log10_p: float
    co_presence_expected: float
    # One per family, in CollusionFamily order.
    families: tuple[FamilyScore, ...] = ()

    @property
    def p_value(self) -> float:
        return float(10.0 ** self.log10_p)

    @property
    def score(self) -> float:
        return -self.log10_p

    @property
    def leading_family(self) -> CollusionFamily:
        return self.leading.signal.family if self.leading else CollusionFamily.CHIP_DUMPING
