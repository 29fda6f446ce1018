"""Score clause 28 on a simulated corpus against its truth (docs/collusion.md, "Benchmark").

The universe is every pair that met at a table in the view's files. Positives are the pairs
of colluding teams (truth.jsonl, `honest: false`); every other pair is a negative, among them
the honest look-alikes: friends who sit together, nut-checkers and ICM bubble folders.

Reported per view (integrity: the tournament logs, every hole card; public: the Full Tilt
text, shown cards only), overall and per strategy:
- AP (PR-AUC) and ROC-AUC of the pair score (every pair that met), beside the same for
  hands together alone (co-presence), against all negatives and against the negatives
  matched for hands together (for each team, the 50 honest pairs nearest to it in hands
  together);
- recall at the score that flags at most 1 honest pair in 10,000 (`budget`);
- the rules' own verdict: teams flagged, honest pairs flagged, benign controls flagged,
  flagged pairs without evidence hands;
- leave-one-strategy-out: each strategy's AP by a detector without the signals made for it.

Run: `.venv/bin/python benchmarks/collusion/score.py CORPUS [--json OUT]` (CORPUS holds log/,
ftp/ and truth.jsonl as `feltcheck simulate` writes them).
"""

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.metrics import (  # type: ignore[import-untyped]
    average_precision_score,
    roc_auc_score,
)

from checker.audit.collusion import CollusionOutcome, PairVerdict, settings_from
from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.collusion.scoring import score_pairs
from checker.dsl.ruleset import load_ruleset, param_values

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "rules" / "fulltilt.rules"
# The signals made for each strategy: left out to score that strategy as if never seen. Not
# in any: raise_back and reraises_partner (how P answers Q's bets, each side against P's own
# answers to everyone: asked of every pair whatever the scheme) and bets_when_ahead (does P's
# betting follow P's cards against Q as against others). reraises_partner is raise_back's
# other side, which the first detector had and real hands took away until a baseline by
# situation answered them (docs/collusion.md, "On real hands"); that it carries whipsaw left
# out is reported as such, with the figures without it beside (docs/collusion.md).
MADE_FOR: dict[str, frozenset[str]] = {
    "chip_dumping": frozenset({"chip_flow", "ev_given_up", "weak_commitment",
                               "fold_to_partner"}),
    "soft_play": frozenset({"aggression_with_partner", "check_down", "opens_with_partner_in"}),
    "whipsaw": frozenset({"squeeze", "team_profit"}),
    "card_sharing": frozenset({"outs_tracking"}),
}
# General signals added after the leave-one-out runs had shown which strategies no signal
# carried: each leave-one-out AP is also given without them (`also_without`), so that a
# strategy they carry is not taken for one a general signal found unaided.
ADDED_AFTER_LOSO: frozenset[str] = frozenset({"reraises_partner"})
BENIGN = ("friends", "nut_checking", "bubble_folder")
BUDGET = 1e-4
# The benchmark's figures are also given over the teams whose scheme changed at least this
# many of their decisions (team_acts.jsonl), the others left out of positives and negatives
# alike: a scheme that acted a few dozen times in 200,000 hands leaves too little to see.
# 100 is the line the fourth session's per-team figures drew before these figures existed,
# not one chosen to meet a target (docs/collusion.md, "Teams whose scheme acted").
ACTED = 100


@dataclass(frozen=True, slots=True)
class Truth:
    teams: dict[tuple[str, str], str]  # colluding pairs -> strategy
    intensity: dict[tuple[str, str], float]  # colluding pairs -> their team's intensity
    # Colluding pairs -> the decisions their team's strategy changed (team_acts.jsonl; None
    # for a corpus written before the simulator counted them).
    acts: dict[tuple[str, str], int | None]
    benign: dict[tuple[str, str], str]  # pairs of friends -> "friends"
    controls: dict[str, str]  # one-player honest controls -> strategy


def read_truth(path: Path) -> Truth:
    teams: dict[tuple[str, str], str] = {}
    intensity: dict[tuple[str, str], float] = {}
    benign: dict[tuple[str, str], str] = {}
    controls: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if "team" not in record:
            continue
        members = sorted(record["team"])
        if len(members) == 1:
            controls[members[0]] = record["strategy"]
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                (benign if record["honest"] else teams)[(a, b)] = record["strategy"]
                if not record["honest"]:
                    intensity[(a, b)] = float(record["intensity"])
    changed: dict[tuple[str, ...], int] = {}
    acts_path = path.parent / "team_acts.jsonl"
    if acts_path.exists():
        for line in acts_path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            changed[tuple(sorted(record["team"]))] = int(record["decisions_changed"])
    acts = {pair: next((n for team, n in changed.items() if set(pair) <= set(team)), None)
            for pair in teams}
    return Truth(teams, intensity, acts, benign, controls)


def _ranked(scores: np.ndarray, labels: np.ndarray) -> dict[str, float | None]:
    if labels.sum() == 0 or labels.sum() == len(labels):
        return {"ap": None, "roc_auc": None}
    return {"ap": round(float(average_precision_score(labels, scores)), 4),
            "roc_auc": round(float(roc_auc_score(labels, scores)), 4)}


def _budget_threshold(scores: np.ndarray, labels: np.ndarray) -> tuple[float, int, int]:
    """The score a pair must exceed to be found at BUDGET (strictly above the (allowed+1)-th
    best honest score), the honest pairs allowed above it, and the honest pairs."""
    honest = np.sort(scores[labels == 0])[::-1]
    allowed = int(len(honest) * BUDGET)
    return (float(honest[allowed]) if allowed < len(honest) else -np.inf), allowed, len(honest)


def _recall_at_budget(scores: np.ndarray, labels: np.ndarray) -> dict[str, float | int]:
    """Recall at the lowest threshold that flags at most BUDGET of the honest pairs."""
    threshold, allowed, honest = _budget_threshold(scores, labels)
    flagged = scores > threshold
    positives = labels == 1
    return {"recall": round(float(flagged[positives].mean()), 4) if positives.any() else 0.0,
            "honest_allowed": allowed, "honest_pairs": honest}


SCORING = settings_from(param_values(load_ruleset(RULES))).scoring


# Honest pairs matched to each team: the nearest in hands together.
MATCHED_PER_TEAM = 50


def _matched(hands: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """The positives and, for each, the MATCHED_PER_TEAM honest pairs nearest to it in hands
    together (each honest pair used once): negatives with the teams' own co-presence, against
    which counting hands together is no better than chance."""
    chosen: np.ndarray = labels == 1
    honest = np.flatnonzero(labels == 0)
    free = np.ones(len(honest), dtype=bool)
    for index in np.flatnonzero(labels == 1):
        distance = np.abs(hands[honest] - hands[index])
        distance[~free] = np.inf
        nearest = np.argsort(distance, kind="stable")[:MATCHED_PER_TEAM]
        free[nearest] = False
        chosen[honest[nearest]] = True
    return chosen


def _scores(pairs: list[PairVerdict], disabled: frozenset[str] | None,
            outcome: CollusionOutcome, view: str) -> np.ndarray:
    if disabled is None:
        by_key = {p.score.key: p.score for p in pairs}
    else:
        by_key = {s.key: s for s in score_pairs(outcome.aggregates[view], SCORING, disabled)}
    # The detector's score of every pair that met (the rules judge only the tested ones: the
    # verdict below).
    return np.array([by_key[p.score.key].score for p in pairs])


def evaluate_view(outcome: CollusionOutcome, view: str, truth: Truth) -> dict[str, object]:
    pairs = sorted((p for p in outcome.pairs if p.view == view), key=lambda p: p.score.key)
    if not pairs:
        return {"pairs": 0}
    labels = np.array([1 if p.score.key in truth.teams else 0 for p in pairs])
    strategy = [truth.teams.get(p.score.key) for p in pairs]
    hands = np.array([p.score.hands_together for p in pairs], dtype=float)
    scores = _scores(pairs, None, outcome, view)
    matched = _matched(hands, labels)
    result: dict[str, object] = {
        "pairs": len(pairs), "tested": int(sum(p.score.tested for p in pairs)),
        "teams": int(labels.sum()), "teams_tested": int(sum(
            p.score.tested for p in pairs if p.score.key in truth.teams)),
        "matched_negatives": int((matched & (labels == 0)).sum()),
        "overall": {"detector": _ranked(scores, labels),
                    "detector_matched": _ranked(scores[matched], labels[matched]),
                    "co_presence": _ranked(hands, labels),
                    "co_presence_matched": _ranked(hands[matched], labels[matched]),
                    "at_budget": _recall_at_budget(scores, labels),
                    "at_budget_matched": _recall_at_budget(scores[matched], labels[matched])},
    }
    per: dict[str, object] = {}
    loso: dict[str, object] = {}
    for name, made in MADE_FOR.items():
        keep = np.array([s is None or s == name for s in strategy]) & (
            (labels == 0) | np.array([s == name for s in strategy]))
        sub_labels = labels[keep]
        per[name] = {"teams": int(sub_labels.sum()),
                     "detector": _ranked(scores[keep], sub_labels),
                     "detector_matched": _ranked(scores[keep & matched], labels[keep & matched]),
                     "co_presence": _ranked(hands[keep], sub_labels),
                     "at_budget": _recall_at_budget(scores[keep], sub_labels)}
        without = _scores(pairs, made, outcome, view)
        strict = _scores(pairs, made | ADDED_AFTER_LOSO, outcome, view)
        loso[name] = {"without": sorted(made), **_ranked(without[keep], sub_labels),
                      "also_without": {"signals": sorted(ADDED_AFTER_LOSO),
                                       **_ranked(strict[keep], sub_labels)}}
    result["per_strategy"] = per
    result["leave_one_strategy_out"] = loso
    flagged = [p for p in pairs if p.flagged]
    result["per_intensity"] = _per_intensity(pairs, scores, labels, truth)
    acted = _acted(pairs, scores, labels, matched, truth)
    if acted is not None:
        result["acted"] = acted
    # Every pair's score, hands together and label, so that any figure can be recomputed.
    result["scored_pairs"] = [[round(float(x), 3), int(h), int(y)]
                              for x, h, y in zip(scores, hands, labels, strict=True)]
    result["teams_detail"] = {
        "|".join(p.score.key): {
            "strategy": truth.teams[p.score.key], "intensity": truth.intensity[p.score.key],
            "decisions_changed": truth.acts[p.score.key],
            "hands_together": p.score.hands_together,
            "tournaments_together": p.score.tournaments_together, "tested": p.score.tested,
            "score": round(p.score.score, 2), "flagged": p.flagged,
            "best": {f.family.value: (f.leading.signal.name, round(f.leading.z, 2))
                     for f in p.score.families if f.leading is not None}}
        for p in pairs if p.score.key in truth.teams}
    result["verdict"] = {
        "flagged": len(flagged),
        "teams_flagged": sum(p.score.key in truth.teams for p in flagged),
        "honest_flagged": sorted("|".join(p.score.key) for p in flagged
                                 if p.score.key not in truth.teams),
        "benign_flagged": sorted("|".join(p.score.key) for p in flagged
                                 if p.score.key in truth.benign
                                 or any(m in truth.controls for m in p.score.key)),
        "flagged_without_evidence": sum(not p.evidence for p in flagged),
        "rings": [r.players for r in outcome.rings if r.view == view],
        "teams_missed": sorted(f"{'|'.join(k)} ({s})" for k, s in truth.teams.items()
                               if k not in {p.score.key for p in flagged}),
    }
    return result


def _acted(pairs: list[PairVerdict], scores: np.ndarray, labels: np.ndarray,
           matched: np.ndarray, truth: Truth) -> dict[str, object] | None:
    """The overall figures over the teams whose scheme changed at least ACTED decisions (the
    honest pairs all kept, so the budget's threshold is the overall one); None without
    team_acts.jsonl."""
    acts = [truth.acts.get(p.score.key) for p in pairs]
    if all(a is None for a, label in zip(acts, labels, strict=True) if label):
        return None
    keep = (labels == 0) | np.array([a is not None and a >= ACTED for a in acts])
    return {"decisions_at_least": ACTED, "teams": int(labels[keep].sum()),
            "detector": _ranked(scores[keep], labels[keep]),
            "detector_matched": _ranked(scores[keep & matched], labels[keep & matched]),
            "at_budget": _recall_at_budget(scores[keep], labels[keep])}


def _per_intensity(pairs: list[PairVerdict], scores: np.ndarray, labels: np.ndarray,
                   truth: Truth) -> dict[str, dict[str, int]]:
    """Per team intensity: the teams' pairs, how many were tested, found at the budget's
    threshold (the overall one) and flagged by the rules: where the detector's reach ends."""
    threshold, _, _ = _budget_threshold(scores, labels)
    per: dict[str, dict[str, int]] = {}
    for pair, score in zip(pairs, scores, strict=True):
        key = pair.score.key
        if key not in truth.teams:
            continue
        row = per.setdefault(f"{truth.intensity[key]:.1f}",
                             {"teams": 0, "tested": 0, "found_at_budget": 0, "flagged": 0})
        row["teams"] += 1
        row["tested"] += pair.score.tested
        row["found_at_budget"] += bool(score > threshold)
        row["flagged"] += pair.flagged
    return dict(sorted(per.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--aggregates", type=Path,
                        help="also write each view's merged aggregates here (VIEW.json)")
    args = parser.parse_args(argv)
    truth = read_truth(args.corpus / "truth.jsonl")
    rules = ruleset_id(load_ruleset(RULES), RULES)
    report: dict[str, object] = {"corpus": str(args.corpus)}
    for view, folder in (("integrity", "log"), ("public", "ftp")):
        path = args.corpus / folder
        if not path.is_dir():
            continue
        started = time.perf_counter()
        result = audit([path], rules)
        elapsed = time.perf_counter() - started
        report[view] = {"hands": result.hands + result.events, "audit_seconds": round(elapsed, 1),
                        **evaluate_view(result.collusion, view, truth)}
        if args.aggregates:
            args.aggregates.mkdir(parents=True, exist_ok=True)
            (args.aggregates / f"{view}.json").write_text(
                json.dumps(result.collusion.aggregates[view].dump()), encoding="utf-8")
        print(f"{view}: {result.hands} hands and {result.events} log events audited in "
              f"{elapsed:.0f} s", file=sys.stderr)
    text = json.dumps(report, indent=2, sort_keys=True)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
