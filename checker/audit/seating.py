"""Clause 9 across the audit: the seat draw of every tournament log read, judged once at the end
by the rules listening to `seating_audit` (checker/replay/seating_audit.py measures it).

A finding about the draw is about all the tournaments counted, not one of them. It is located
where the evidence starts: line 1 (the header) of the file of the first tournament counted,
naming that tournament; its message and evidence give how many tournaments were counted.
"""

from checker.audit.findings import _located
from checker.audit.spool import Sink
from checker.dsl.engine import CompiledRuleset
from checker.model.findings import Finding, FindingLocation
from checker.model.tournament_log import LogRecord
from checker.replay.facts import SeatingAuditEvent
from checker.replay.seating_audit import SeatingCollector

SEATING_EVENT = "seating_audit"
# A log's header line: where a finding about the whole file points.
HEADER_LINE = 1


class SeatingJudge:
    """Collects the seating of every tournament log line fed to it (only when some rule
    listens to `seating_audit`) and judges the draw once, after the last file."""

    def __init__(self, rules: CompiledRuleset, findings: Sink[Finding],
                 collected: SeatingCollector | None = None) -> None:
        """`collected`: what the files were seen to hold, when they were read elsewhere (the
        merged partials of checker/audit/partition.py)."""
        self.rules = rules
        self.findings = findings
        self.collector = (collected if collected is not None else SeatingCollector()
                          ) if SEATING_EVENT in rules.dispatch else None

    def feed(self, record: LogRecord) -> None:
        if self.collector is not None:
            self.collector.feed(record)

    def end_file(self) -> None:
        if self.collector is not None:
            self.collector.end_file()

    def judge(self) -> None:
        """Deliver the one `seating_audit` event of the audit (none when no tournament was
        counted) and record its findings."""
        collector = self.collector
        if collector is None or collector.first is None:
            return
        fact = collector.fact()
        if fact is None:
            return
        file, tournament = collector.first
        location = FindingLocation(file=file, line=HEADER_LINE, tournament=tournament)
        for rule, verdict in self.rules.failures(SEATING_EVENT, SeatingAuditEvent(fact)):
            self.findings.append(_located(rule, verdict, location))
