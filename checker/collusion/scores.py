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


@dataclass(frozen=True, slots=True)
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
