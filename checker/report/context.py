"""What every report format renders from: the audit's result, the rules, and the run's choices.

A report knows only what is upstream of it; it never re-judges. Which findings count toward
the exit code is decided here, once, so that the exit code, JUnit's failures and the text
report's marks agree.
"""

from dataclasses import dataclass
from typing import Any

from checker.audit.run import AuditResult
from checker.dsl.ruleset import Ruleset
from checker.model.findings import SEVERITIES, Finding
from checker.report.baseline import BaselineComparison


@dataclass(frozen=True, slots=True)
class ReportInput:
    result: AuditResult
    rules: Ruleset
    # error, warning, info or never (the command's --fail-on).
    fail_on: str = "error"
    baseline: BaselineComparison | None = None
    # The text goes to a terminal: colour, and the terminal's width instead of a fixed one.
    terminal: bool = False

    def counts_against(self, finding: Finding) -> bool:
        """Whether the finding fails the run: at or above --fail-on, and new to the baseline."""
        if self.fail_on == "never":
            return False
        # SEVERITIES runs from most to least severe: count everything down to the threshold.
        if SEVERITIES.index(finding.severity) > SEVERITIES.index(self.fail_on):
            return False
        return self.baseline is None or self.baseline.is_new(finding)

    def sorted_findings(self) -> list[Finding]:
        return list(self.result.findings.in_order())


def clause_order(clause: str) -> tuple[tuple[int, int | str], ...]:
    """Clause ids in reading order: "2" < "10" < "31" < "31.1" < "31.10" (a part that is not
    a number after the numbers)."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in clause.split("."))


def finding_place(finding: Finding) -> str:
    """file:line, then tournament, table, hand, action and log event where the finding has them;
    then the players a clause-28 finding is about (its place is its strongest evidence hand)."""
    where = finding.location
    parts = [f"{where.file}:{where.line}"]
    named = (("tournament", where.tournament), ("table", where.table), ("hand", where.hand),
             ("action", where.action), ("event", where.event))
    parts += [f"{name} {value}" for name, value in named if value is not None]
    if where.players:
        parts.append(f"players {', '.join(where.players)}")
    return " ".join(parts)


@dataclass(frozen=True, slots=True)
class EvidenceRef:
    """One evidence hand of a clause-28 finding (its `evidence_hands`): the hand an
    investigator opens in `feltcheck explain`, and what it shows."""

    file: str
    line: int
    hand: str
    tournament: str | None
    signal: str
    actor: str
    partner: str
    weight: int

    @property
    def place(self) -> str:
        tournament = f" tournament {self.tournament}" if self.tournament else ""
        return f"{self.file}:{self.line}{tournament} hand {self.hand}"


def evidence_hands(finding: Finding) -> list[EvidenceRef]:
    """The evidence hands a clause-28 (pair or ring) finding lists, in its order; none for
    any other finding. Entries that are not well-formed hands are left out."""
    return evidence_refs(finding.location.players, finding.evidence)


def evidence_refs(players: object, evidence: object) -> list[EvidenceRef]:
    """`evidence_hands` of a finding as the JSON report writes it (its location's players
    and its evidence)."""
    if not isinstance(players, list) or not isinstance(evidence, dict):
        return []
    listed = evidence.get("evidence_hands")
    if not isinstance(listed, list):
        return []
    return [ref for item in listed if (ref := _evidence_ref(item)) is not None]


def _evidence_ref(item: Any) -> EvidenceRef | None:
    if not isinstance(item, dict):
        return None
    texts = [item.get(k) for k in ("file", "hand", "signal", "actor", "partner")]
    line, weight, tournament = item.get("line"), item.get("weight"), item.get("tournament")
    if not all(isinstance(t, str) for t in texts) or not isinstance(line, int) \
            or not isinstance(weight, int) or not isinstance(tournament, str | None):
        return None
    file, hand, signal, actor, partner = (str(t) for t in texts)
    return EvidenceRef(file, line, hand, tournament, signal, actor, partner, weight)
