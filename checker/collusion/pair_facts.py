"""A tested pair's scores as the `pair` event's facts (checker/replay/facts.py) that the
clause-28 rules judge: integers (hundredths, basis points), one fact per signal.

Compiled (checker/native.py): every tested pair gets a fact per signal, flagged or not, some
90,000 of them for 50,000 MTT hands, at the end of the audit, in the process that scores.
"""

import math
from typing import Final

from checker.collusion.aggregates import FAMILY_INDEX
from checker.collusion.scores import FamilyScore, PairScore, SignalScore
from checker.collusion.signals import Kind
from checker.replay.facts import (
    CollusionFamily,
    CollusionView,
    FamilyFact,
    PairFact,
    Percent,
    SignalFact,
)

# Basis points in one.
BASIS: Final = 10_000


def pair_fact(view: str, scored: PairScore, evidence_counts: list[int]) -> PairFact:
    """`evidence_counts`: the pair's evidence hands kept per family, in FAMILY_INDEX order
    (`Aggregates.evidence_counts`)."""
    leading = scored.leading
    family = scored.leading_family
    facts: dict[CollusionFamily, FamilyFact] = {}
    for f in scored.families:
        facts[f.family] = family_fact(f, evidence_counts[FAMILY_INDEX[f.family]])
    return PairFact(
        players=list(scored.key), view=CollusionView(view),
        hands_together=scored.hands_together, tournaments_together=scored.tournaments_together,
        tested=scored.tested, score=hundredths(scored.score),
        q_value=basis_points(scored.q_value),
        leading_signal=leading.signal.name if leading is not None else "",
        leading_family=family, evidence_hands=evidence_counts[FAMILY_INDEX[family]],
        chip_dumping=facts[CollusionFamily.CHIP_DUMPING],
        soft_play=facts[CollusionFamily.SOFT_PLAY], team_play=facts[CollusionFamily.TEAM_PLAY],
        signals=[signal_fact(s) for s in scored.signals],
        co_presence_score=hundredths(-scored.co_presence_log10_p),
    )


def family_fact(scored: FamilyScore, evidence_hands: int) -> FamilyFact:
    leading = scored.leading
    return FamilyFact(
        score=hundredths(scored.score), q_value=basis_points(scored.q_value),
        leading_signal=leading.signal.name if leading is not None else "",
        z=hundredths(leading.z) if leading is not None else 0,
        evidence_hands=evidence_hands)


def signal_fact(s: SignalScore) -> SignalFact:
    # Rates (and differences of rates) in basis points; amounts in mbb per occasion.
    signal = s.signal
    scale = 1.0 if signal.kind is Kind.AMOUNT else float(BASIS)
    return SignalFact(
        name=signal.name, family=signal.family, actor=s.actor, partner=s.partner,
        occasions=s.occasions, pair_value=round(s.pair_value * scale),
        baseline_value=round(s.baseline_value * scale), z=hundredths(s.z),
        score=hundredths(-s.log10_p), scored=s.scored, both_ways=s.both_ways,
    )


def basis_points(fraction: float) -> Percent:
    """A q-value in basis points, rounded up (a q of 0.00001 is not 0)."""
    return Percent(min(BASIS, math.ceil(fraction * BASIS)))


def hundredths(value: float) -> int:
    return round(value * 100)
