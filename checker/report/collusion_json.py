"""The clause-28 report (`feltcheck collusion`) as one JSON document: the published contract
`checker/schemas/collusion.schema.json`, every field documented in docs/collusion-report.md.

It renders the audit's own collusion outcome (checker/audit/collusion.py), never re-judging:
every pair tested (enough hands and tournaments together), ranked by score, with each signal
against the players' own baselines, the clause-28 rules' verdict, the ring it belongs to, its
evidence hands and its chip flow over time; and the rings. The text and HTML reports are drawn
from this same document, so their numbers are its numbers.

Deterministic: pairs ranked by score then players then view, every list in a stated order,
floats rounded to a fixed precision (and -0.0 written 0.0), so the same input and rules give
the same bytes.
"""

import json
import math
from typing import Any

from checker import __version__
from checker.audit.collusion import PAIR_EVENT, RING_EVENT, PairVerdict, RingVerdict
from checker.audit.run import AuditResult
from checker.collusion.aggregates import FLOW_POINTS, EvidenceHand
from checker.collusion.scores import SignalScore
from checker.collusion.signals import BY_NAME
from checker.dsl.ruleset import Ruleset, param_values
from checker.dsl.types import PERCENT
from checker.replay.facts import CollusionView

VIEWS: tuple[str, ...] = tuple(view.value for view in CollusionView)
# Parameters of type percent are held in basis points; the report gives them as fractions,
# comparable with its q-values.
_BASIS = 10_000


def collusion_rules(rules: Ruleset) -> list[str]:
    """The ids of the rules that judge pairs and rings (clause 28's), sorted."""
    return sorted(rule_id for rule_id, loaded in rules.rules.items()
                  if loaded.rule.event in (PAIR_EVENT, RING_EVENT))


def ranked_pairs(result: AuditResult) -> list[PairVerdict]:
    """Every tested pair, the most suspicious first: score, then players, then view."""
    tested = [v for v in result.collusion.pairs if v.score.tested]
    return sorted(tested, key=lambda v: (-_round(v.score.score, 4), v.score.key, v.view))


def collusion_document(result: AuditResult, rules: Ruleset) -> dict[str, Any]:
    outcome = result.collusion
    rings = outcome.rings
    return {
        "tool": {"name": "feltcheck", "version": __version__},
        "ruleset": {"name": result.ruleset.name, "sha256": result.ruleset.sha256},
        "parameters": _parameters(rules),
        "rules": [_rule(rules, rule_id) for rule_id in collusion_rules(rules)],
        "summary": {view: _summary(result, view) for view in VIEWS},
        "pairs": [_pair(rank, verdict, rings)
                  for rank, verdict in enumerate(ranked_pairs(result), start=1)],
        "rings": [_ring(index, ring, outcome.pairs) for index, ring in enumerate(rings)],
    }


def render_collusion_json(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def flagged_count(document: dict[str, Any]) -> int:
    """Pairs and rings the clause-28 rules flagged (the exit code's findings)."""
    return (sum(1 for p in document["pairs"] if p["flagged"])
            + sum(1 for r in document["rings"] if r["flagged"]))


def _parameters(rules: Ruleset) -> dict[str, Any]:
    values = param_values(rules)
    shown: dict[str, Any] = {}
    for name in sorted(values):
        if not name.startswith("collusion."):
            continue
        value = values[name]
        if rules.param_types.get(name) == PERCENT and isinstance(value, int):
            shown[name] = value / _BASIS
        elif isinstance(value, bool | int | float | str):
            shown[name] = value
        else:
            shown[name] = str(value)
    return shown


def _rule(rules: Ruleset, rule_id: str) -> dict[str, Any]:
    rule = rules.rules[rule_id].rule
    return {"id": rule_id, "title": rule.title or rule_id, "severity": rule.severity or "error",
            "event": rule.event, "clauses": [ref.clause for ref in rule.cites]}


def _summary(result: AuditResult, view: str) -> dict[str, int]:
    outcome = result.collusion
    pairs = [v for v in outcome.pairs if v.view == view]
    rings = [r for r in outcome.rings if r.view == view]
    return {
        "hands": outcome.hands.get(view, 0),
        "players": outcome.players.get(view, 0),
        "pairs_met": len(pairs),
        "pairs_tested": sum(1 for v in pairs if v.score.tested),
        "pairs_flagged": sum(1 for v in pairs if v.flagged),
        "rings": len(rings),
        "rings_flagged": sum(1 for r in rings if r.failed),
    }


def _pair(rank: int, verdict: PairVerdict, rings: list[RingVerdict]) -> dict[str, Any]:
    scored = verdict.score
    leading = scored.leading
    cumulative = 0
    flow = []
    for tournament, net in verdict.flow:
        cumulative += net
        flow.append({"tournament": tournament, "net": net, "cumulative": cumulative})
    return {
        "rank": rank,
        "players": list(scored.key),
        "view": verdict.view,
        "score": _round(scored.score, 4),
        "p_value": _significant(scored.p_value),
        "q_value": _significant(scored.q_value),
        "flagged": verdict.flagged,
        "rules": sorted(verdict.failed),
        "hands_together": scored.hands_together,
        "tournaments_together": scored.tournaments_together,
        "leading_signal": leading.signal.name if leading is not None else None,
        "leading_family": leading.signal.family.value if leading is not None else None,
        "signals": [_signal(s, leading) for s in scored.signals],
        "co_presence": {"score": _round(-scored.co_presence_log10_p, 4),
                        "expected_tournaments": _round(scored.co_presence_expected, 4)},
        "ring": _ring_of(verdict, rings),
        "evidence": [_evidence(e) for e in verdict.evidence],
        "flow": flow,
        "flow_complete": len(verdict.flow) < FLOW_POINTS,
    }


def _signal(s: SignalScore, leading: SignalScore | None) -> dict[str, Any]:
    return {
        "name": s.signal.name,
        "family": s.signal.family.value,
        "kind": s.signal.kind.value,
        "title": s.signal.title,
        "actor": s.actor,
        "partner": s.partner,
        "occasions": s.occasions,
        "pair_value": _finite(s.pair_value, 6),
        "baseline_value": _finite(s.baseline_value, 6),
        "z": _finite(s.z, 4),
        "p_value": _significant(10.0 ** s.log10_p),
        "score": _round(-s.log10_p, 4),
        "scored": s.scored,
        "both_ways": s.both_ways,
        "context": s.signal.context,
        "leading": leading is not None and s is leading,
    }


def _evidence(e: EvidenceHand) -> dict[str, Any]:
    signal = BY_NAME.get(e.signal)
    return {"file": e.file, "line": e.line, "hand": e.hand, "tournament": e.tournament or None,
            "signal": e.signal, "family": signal.family.value if signal else None,
            "actor": e.actor, "partner": e.partner, "weight": e.weight}


def _ring_of(verdict: PairVerdict, rings: list[RingVerdict]) -> int | None:
    """The index (in the document's `rings`) of the ring the pair's flag joins it to."""
    if verdict.ring is None:
        return None
    a, b = verdict.score.key
    for index, ring in enumerate(rings):
        if ring.view == verdict.view and a in ring.players and b in ring.players:
            return index
    return None


def _ring(index: int, ring: RingVerdict, pairs: list[PairVerdict]) -> dict[str, Any]:
    members = set(ring.players)
    edges = sorted(list(v.score.key) for v in pairs
                   if v.view == ring.view and v.flagged and set(v.score.key) <= members)
    return {"index": index, "players": list(ring.players), "view": ring.view,
            "pairs": ring.pairs, "edges": edges, "flagged": bool(ring.failed),
            "rules": sorted(ring.failed)}


def _round(value: float, digits: int) -> float:
    # Adding 0.0 turns -0.0 into 0.0: the same number, one spelling.
    return round(value, digits) + 0.0


def _finite(value: float, digits: int) -> float | None:
    return _round(value, digits) if math.isfinite(value) else None


def _significant(value: float) -> float:
    """Six significant digits (p-values span hundreds of orders of magnitude)."""
    return float(f"{value:.6g}") + 0.0
