"""Clause 28 across the audit: every replayed hand feeds the pair aggregates
(checker/collusion), and once, after the last file, each tested pair is delivered as a `pair`
event to the rules, and each ring of flagged pairs as a `ring` event.

What the aggregation itself needs of the rules (the weak-equity line, how many evidence hands
to keep, the hands a pair needs to be tested, the occasions a signal needs, the prior's
strength) is read from the rule set's `collusion.*` parameters; the verdict (false discovery
rate, evidence required) is the rules' own. Nothing here runs unless a rule listens to `pair`.

A pair finding is located at the strongest evidence hand (file, line, tournament, hand) of the
family its rule judged, and names the two players; its fingerprint is the rule, the view and
the players.
"""

from dataclasses import dataclass, field

from checker.audit.findings import json_safe
from checker.audit.spool import Sink
from checker.collusion.aggregates import FAMILY_INDEX, Aggregates, EvidenceHand
from checker.collusion.observe import VIEWS, HandObserver, ObserverSettings
from checker.collusion.pair_facts import BASIS, pair_fact
from checker.collusion.rings import rings_of
from checker.collusion.scores import PairScore, ScoringSettings, SignalScore
from checker.collusion.signals import BY_NAME
from checker.dsl.compiler import CompiledRule, Verdict
from checker.dsl.engine import CompiledRuleset
from checker.model.findings import Finding, FindingLocation, fingerprint
from checker.replay.facts import (
    CollusionFamily,
    CollusionView,
    PairEvent,
    PairFact,
    RingEvent,
    RingFact,
)

PAIR_EVENT = "pair"
RING_EVENT = "ring"


@dataclass(frozen=True, slots=True)
class CollusionSettings:
    observer: ObserverSettings
    scoring: ScoringSettings


# The `collusion.*` parameters the aggregation and the statistics read before the rules run
# (settings_from reads exactly these): `feltcheck rules lint` counts them as read.
SETTINGS_PARAMS = frozenset(f"collusion.{name}" for name in (
    "weak_equity", "evidence_hands", "flow_cap_big_blinds", "commitment_big_blinds",
    "min_hands", "min_tournaments", "min_occasions", "prior_occasions"))


def settings_from(params: dict[str, object]) -> CollusionSettings:
    """The `collusion.*` parameters the aggregation and the statistics need."""
    number: dict[str, int] = {}
    for path in sorted(SETTINGS_PARAMS):
        value = params.get(path)
        if not isinstance(value, int):
            raise ValueError(f"the rules declare no int parameter {path}")
        number[path.removeprefix("collusion.")] = value

    return CollusionSettings(
        ObserverSettings(weak_equity=number["weak_equity"] / BASIS,
                         evidence_kept=number["evidence_hands"],
                         flow_cap=number["flow_cap_big_blinds"] * 1000,
                         commitment=number["commitment_big_blinds"] * 1000),
        ScoringSettings(min_hands=number["min_hands"],
                        min_tournaments=number["min_tournaments"],
                        min_occasions=number["min_occasions"],
                        prior_occasions=number["prior_occasions"]),
    )


@dataclass(slots=True)
class PairVerdict:
    """A scored pair with the clause-28 rules' verdict."""

    view: str
    score: PairScore
    # The `pair` event's facts, evidence hands and flow over time: for tested pairs only.
    fact: PairFact | None
    evidence: list[EvidenceHand]
    flow: list[tuple[str, int]]
    failed: list[str] = field(default_factory=list)
    ring: int | None = None

    @property
    def flagged(self) -> bool:
        return bool(self.failed)


@dataclass(slots=True)
class RingVerdict:
    view: str
    players: list[str]
    pairs: int
    failed: list[str] = field(default_factory=list)


@dataclass(slots=True)
class CollusionOutcome:
    """What the clause-28 judgement saw: every pair that met, scored, and the rings (an
    audit's: the flagged pairs only, and no aggregates; CollusionJudge.judge)."""

    pairs: list[PairVerdict] = field(default_factory=list)
    rings: list[RingVerdict] = field(default_factory=list)
    hands: dict[str, int] = field(default_factory=dict)
    players: dict[str, int] = field(default_factory=dict)
    # The merged aggregates each view was scored from (what a worker hands on).
    aggregates: dict[str, Aggregates] = field(default_factory=dict)


class CollusionJudge:
    """The pair aggregates of the audit's hands (its observer takes them: `HandJudge`'s sink),
    judged at the end."""

    def __init__(self, rules: CompiledRuleset, findings: Sink[Finding],
                 params: dict[str, object], disabled: frozenset[str] = frozenset()) -> None:
        self.rules = rules
        self.findings = findings
        self.disabled = disabled
        self.enabled = PAIR_EVENT in rules.dispatch
        self.settings = settings_from(params) if self.enabled else None
        self.observer = HandObserver(self.settings.observer) if self.settings else None
        self.outcome = CollusionOutcome()

    def end_file(self) -> None:
        if self.observer is not None:
            self.observer.end_file()

    def aggregates(self) -> dict[str, Aggregates]:
        """Each view's aggregates of the files read (between files): what a worker hands on."""
        return dict(self.observer.views) if self.observer is not None else {}

    def absorb(self, views: dict[str, Aggregates]) -> None:
        """Add the aggregates of files read elsewhere (a worker's, merged) before `judge`."""
        if self.observer is None:
            return
        own = self.observer.views
        for view, agg in views.items():
            mine = own[view]
            # A judge that read nothing takes them as they are (no copy of a corpus's pairs).
            own[view] = agg if not (mine.hands or mine.pairs or mine.players) else mine.merge(agg)

    def judge(self, keep_pairs: bool = True) -> CollusionOutcome:
        """Score every pair of each view, deliver the tested ones to the rules, group the
        flagged pairs into rings and deliver those; record the findings.

        `keep_pairs`: the outcome keeps every pair's verdict and each view's aggregates (what
        the collusion report shows). Without it, only the flagged pairs' verdicts are kept,
        without their flow over time: an audit's report shows the findings alone, and a
        corpus's pairs, their evidence and flows are tens of megabytes (docs/performance.md,
        "Memory")."""
        if self.observer is None or self.settings is None:
            return self.outcome
        for view in VIEWS:
            agg = self.observer.views[view]
            if keep_pairs:
                self.outcome.aggregates[view] = agg
            self.outcome.hands[view] = agg.hands
            self.outcome.players[view] = len(agg.players)
            verdicts = self._pairs(view, agg, self.settings.scoring, keep_pairs)
            self.outcome.pairs += verdicts
            self._rings(view, verdicts)
        return self.outcome

    def _pairs(self, view: str, agg: Aggregates, settings: ScoringSettings, keep_pairs: bool
               ) -> list[PairVerdict]:
        """The verdict of each pair scored; without `keep_pairs`, of each flagged pair, without
        its flow over time."""
        if not agg.pairs:
            return []  # nothing to score: numpy and scipy stay unloaded
        # numpy and scipy load here, once pairs are scored (checker/collusion/scores.py).
        from checker.collusion.scoring import score_pairs

        verdicts: list[PairVerdict] = []
        for scored in score_pairs(agg, settings, self.disabled):
            if not scored.tested:
                # Scored (a benchmark ranks every pair that met), never judged nor reported.
                if keep_pairs:
                    verdicts.append(PairVerdict(view, scored, None, [], []))
                continue
            fact = pair_fact(view, scored, agg.evidence_counts(scored.key))
            failures = list(self.rules.failures(PAIR_EVENT, PairEvent(fact)))
            if not (keep_pairs or failures):
                continue  # judged, not flagged: its evidence hands are never made
            # The flow over time is the collusion report's alone: no rule reads it.
            flow = sorted(agg.flows.get(scored.key, {}).items()) if keep_pairs else []
            verdict = PairVerdict(view, scored, fact, _evidence(agg, scored), flow)
            for rule, result in failures:
                verdict.failed.append(rule.rule_id)
                self.findings.append(_pair_finding(rule, result, verdict))
            verdicts.append(verdict)
        return verdicts

    def _rings(self, view: str, verdicts: list[PairVerdict]) -> None:
        flagged = {v.score.key: v for v in verdicts if v.flagged}
        for number, members in enumerate(rings_of(list(flagged))):
            inside = [v for key, v in flagged.items() if key[0] in members and key[1] in members]
            for member in inside:
                member.ring = number
            ring = RingVerdict(view, members, len(inside))
            self.outcome.rings.append(ring)
            fact = RingFact(players=members, view=CollusionView(view), pairs=len(inside))
            for rule, result in self.rules.failures(RING_EVENT, RingEvent(fact)):
                ring.failed.append(rule.rule_id)
                strongest = min((e for v in inside for e in v.evidence), default=None)
                extra: dict[str, object] = {
                    "view": view,
                    "pairs": [list(v.score.key) for v in inside],
                    "evidence_hands": [evidence_json(e) for v in inside for e in v.evidence],
                }
                self.findings.append(_finding(rule, result, view, members, strongest, extra))


def _family_of(hand: EvidenceHand) -> CollusionFamily:
    return BY_NAME[hand.signal].family


def _evidence(agg: Aggregates, scored: PairScore) -> list[EvidenceHand]:
    """The pair's evidence hands, the leading family's first."""
    per_family = agg.evidence_hands(scored.key)
    lead = FAMILY_INDEX[scored.leading_family]
    ordered = [per_family[lead], *[f for i, f in enumerate(per_family) if i != lead]]
    return [hand for family in ordered for hand in family]


def _pair_finding(rule: CompiledRule, verdict: Verdict, pair: PairVerdict) -> Finding:
    """Located at the strongest evidence hand of the family the rule judged (the family
    facts its verdict read), or of the pair when it read none."""
    scored = pair.score
    judged = {f.family for f in scored.families
              if any(key.startswith(f"pair.{f.family.value}.") for key in verdict.evidence)}
    hands = [e for e in pair.evidence if _family_of(e) in judged] or pair.evidence
    strongest = min(hands, default=None)
    leading = next((f.leading for f in scored.families if f.family in judged and f.leading),
                   scored.leading)
    extra: dict[str, object] = {
        "view": pair.view,
        "p_value": scored.p_value,
        "q_value": scored.q_value,
        "hands_together": scored.hands_together,
        "evidence_hands": [evidence_json(e) for e in pair.evidence],
    }
    if leading is not None:
        extra["statistic"] = signal_json(leading)
    extra["families"] = {
        f.family.value: {"score": round(f.score, 4), "q_value": f.q_value,
                         "statistic": signal_json(f.leading) if f.leading else None}
        for f in scored.families}
    return _finding(rule, verdict, pair.view, list(scored.key), strongest, extra)


def signal_json(s: SignalScore) -> dict[str, object]:
    """A signal as the reports show it: the pair's value, its baseline, z and p."""
    return {"signal": s.signal.name, "family": s.signal.family.value, "actor": s.actor,
            "partner": s.partner, "occasions": s.occasions, "kind": s.signal.kind.value,
            "pair_value": round(s.pair_value, 6), "baseline_value": round(s.baseline_value, 6),
            "z": round(s.z, 4), "p_value": 10.0 ** s.log10_p, "scored": s.scored,
            "both_ways": s.both_ways, "title": s.signal.title}


def evidence_json(e: EvidenceHand) -> dict[str, object]:
    return {"file": e.file, "line": e.line, "hand": e.hand, "tournament": e.tournament or None,
            "signal": e.signal, "actor": e.actor, "partner": e.partner, "weight": e.weight}


def _finding(rule: CompiledRule, verdict: Verdict, view: str, players: list[str],
             strongest: EvidenceHand | None, extra: dict[str, object] | None = None
             ) -> Finding:
    if strongest is not None:
        location = FindingLocation(file=strongest.file, line=strongest.line,
                                   tournament=strongest.tournament or None,
                                   hand=strongest.hand, players=players)
    else:
        location = FindingLocation(file="", line=0, players=players)
    stable = FindingLocation(file="", line=0, players=players)
    return Finding(rule=rule.rule_id, clauses=list(rule.clauses), severity=rule.severity,
                   message=verdict.message, location=location,
                   evidence={**{k: json_safe(v) for k, v in verdict.evidence.items()},
                             **(extra or {})},
                   fingerprint=fingerprint(rule.rule_id, stable, f"{view}:{'|'.join(players)}"))
