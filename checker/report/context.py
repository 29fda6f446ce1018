"""What every report format renders from: the audit's result, the rules, and the run's choices.

A report knows only what is upstream of it; it never re-judges. Which findings count toward
the exit code is decided here, once, so that the exit code, JUnit's failures and the text
report's marks agree.
"""

from dataclasses import dataclass

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
        return sorted(self.result.findings, key=finding_order)


def finding_order(finding: Finding) -> tuple[str, int, str, str]:
    """Every format lists findings in this order: file, line, rule, fingerprint."""
    return (finding.location.file, finding.location.line, finding.rule, finding.fingerprint)


def clause_order(clause: str) -> tuple[tuple[int, int | str], ...]:
    """Clause ids in reading order: "2" < "10" < "31" < "31.1" < "31.10" (a part that is not
    a number after the numbers)."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in clause.split("."))


def finding_place(finding: Finding) -> str:
    """file:line, then tournament, table, hand, action and log event where the finding has them."""
    where = finding.location
    parts = [f"{where.file}:{where.line}"]
    named = (("tournament", where.tournament), ("table", where.table), ("hand", where.hand),
             ("action", where.action), ("event", where.event))
    parts += [f"{name} {value}" for name, value in named if value is not None]
    return " ".join(parts)
