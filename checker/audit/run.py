"""Run an audit: stream every record of every file once, keep counts, rejections and warnings.

Accounting always holds: hands read = hands audited + hands rejected, where "read" is what the
stream cut from each file, counted apart and checked at the end of every file and of the run
(checker/audit/accounting.py: a difference is a bug, raised). Only counters and the
(usually few) rejections, warnings and findings are kept; hands are dropped as soon as they are
judged, and a file's table states when the file ends; the rejections, warnings and findings go
to disk past a bound (checker/audit/spool.py). Each hand is replayed into events
(checker.replay.hand_replay) and every rule listening to an event judges it there.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from checker.audit.accounting import check_file, check_format
from checker.audit.collusion import CollusionJudge, CollusionOutcome
from checker.audit.findings import HandJudge
from checker.audit.gc_policy import long_run_collection
from checker.audit.ruleset import RulesetId
from checker.audit.seating import SeatingJudge
from checker.audit.spool import Spool
from checker.collusion.aggregates import Aggregates
from checker.dsl.engine import compile_ruleset
from checker.dsl.ruleset import Ruleset, load_ruleset, param_values
from checker.ingest.excerpt import bounded
from checker.ingest.stream import UnrecognizedFile, discover, read_paths
from checker.interrupt import checkpoint, held
from checker.model import Hand, LogRecord, Rejection, SourceLocation, TournamentSummary
from checker.model.findings import SEVERITIES, Finding, finding_order
from checker.model.formats import TOURNAMENT_LOG
from checker.model.hand import Play
from checker.model.tournament_log import HandPlayed
from checker.replay.seating_audit import SeatingCollector


@dataclass(slots=True)
class FormatTally:
    files: int = 0
    hands: int = 0
    hands_rejected: int = 0
    summaries: int = 0
    summaries_rejected: int = 0
    # Hands read (judged plus rejected): a hand history's hands, and a tournament log's `hand`
    # lines, which are events as well.
    # Tournament-log events read (accepted plus rejected), `hand` lines included.
    events: int = 0
    events_rejected: int = 0
    # Records the stream cut from this format's files, counted apart from the tallies above,
    # which must account for every one (checker/audit/accounting.py). Not in the reports.
    records: int = 0


class ReadWarning(NamedTuple):
    """What a reader or a judge could not confirm about a record. Plain values, not the
    record's SourceLocation: a read of a million hands may carry as many warnings (HandHQ's
    PHH states no payouts), and each would keep its hand's location model alive, some 450
    bytes. A tuple: a worker's warnings are pickled to the parent, and spooled to disk past a
    bound, at C speed (a frozen dataclass pickles through Python-level `__getstate__`, ~5 us
    a warning both ways; docs/performance.md, "The parent's share of two jobs")."""

    file: str
    line: int
    hand: str | None
    text: str

    @classmethod
    def at(cls, location: SourceLocation, hand: str | None, text: str) -> "ReadWarning":
        return cls(location.file, location.line, hand, text)


@dataclass(frozen=True, slots=True)
class AuditProgress:
    """How far an audit has come: reported per file and every `PROGRESS_EVERY` records."""

    files_done: int
    files_total: int
    # Records (hands, summaries, log events, rejections) read so far, over all files.
    records: int
    file: str


def warning_order(warning: ReadWarning) -> tuple[str, int, str, str]:
    """The reports' order of read warnings: file, line, hand, text."""
    return (warning.file, warning.line, warning.hand or "", warning.text)


def rejection_order(rejection: Rejection) -> tuple[str, int, str]:
    """The reports' order of rejections: file, line, hand."""
    return (rejection.location.file, rejection.location.line, rejection.hand or "")


ProgressCallback = Callable[[AuditProgress], None]

# Records between two progress reports within a file: rare enough to cost nothing.
PROGRESS_EVERY = 4096


@dataclass(slots=True)
class AuditResult:
    ruleset: RulesetId
    files: int = 0
    formats: dict[str, FormatTally] = field(default_factory=dict)
    unrecognized: list[UnrecognizedFile] = field(default_factory=list)
    # What grows with the input is spooled to disk past a bound (checker/audit/spool.py).
    rejected: Spool[Rejection] = field(default_factory=lambda: Spool(rejection_order))
    warnings: Spool[ReadWarning] = field(default_factory=lambda: Spool(warning_order))
    tournaments: set[str] = field(default_factory=set)
    # Hands judged by kind of play (Play values; a rule's `applies to` selects among them):
    # hand records read and not rejected, and the `hand` lines of tournament logs.
    plays: dict[str, int] = field(default_factory=lambda: dict.fromkeys(Play, 0))
    # Findings are produced by replay and the rules (the replay issue); sorted on output.
    findings: Spool[Finding] = field(default_factory=lambda: Spool(finding_order))
    # Clause 28: every pair that met, scored and judged (empty when no rule listens to `pair`).
    collusion: CollusionOutcome = field(default_factory=CollusionOutcome)

    @property
    def finding_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(SEVERITIES, 0)
        for finding in self.findings:
            counts[finding.severity] += 1
        return counts

    @property
    def hands(self) -> int:
        """Hands read: audited plus rejected."""
        return sum(t.hands for t in self.formats.values())

    @property
    def hands_rejected(self) -> int:
        return sum(t.hands_rejected for t in self.formats.values())

    @property
    def summaries(self) -> int:
        return sum(t.summaries for t in self.formats.values())

    @property
    def summaries_rejected(self) -> int:
        return sum(t.summaries_rejected for t in self.formats.values())

    @property
    def events(self) -> int:
        """Tournament-log events read: accepted plus rejected."""
        return sum(t.events for t in self.formats.values())

    @property
    def events_rejected(self) -> int:
        return sum(t.events_rejected for t in self.formats.values())


def audit(
    paths: Iterable[Path],
    ruleset: RulesetId,
    rules: Ruleset | None = None,
    progress: ProgressCallback | None = None,
) -> AuditResult:
    """Audit `paths` under `rules` (loaded from `ruleset.path` when not given), in this process.

    `progress`, when given, is called before each file, every `PROGRESS_EVERY` records within
    it, and once at the end (the files are then listed up front to know their number).
    (checker/audit/partition.py runs the same on many processes or a Dask cluster.)
    """
    auditor = PartAuditor(ruleset, rules if rules is not None else load_ruleset(Path(ruleset.path)))
    return auditor.conclude(auditor.audit_part(paths, progress, final=True))


@dataclass(slots=True)
class PartialAudit:
    """What auditing a run of consecutive files gives: everything judged within a file, and
    what the judgements across files are made from (clause 9's seat draw, clause 28's pair
    aggregates). Partials of consecutive runs merge (`merge`), in file order, into the partial
    of the whole run, from which `PartAuditor.conclude` makes the same result as one process
    would have."""

    result: AuditResult
    seating: SeatingCollector | None
    collusion: dict[str, Aggregates]

    def merge(self, later: "PartialAudit") -> None:
        """Add the partial of the files that come right after this one's."""
        mine, theirs = self.result, later.result
        mine.files += theirs.files
        for name, tally in theirs.formats.items():
            add_tally(mine.formats.setdefault(name, FormatTally()), tally)
        mine.unrecognized += theirs.unrecognized
        mine.rejected += theirs.rejected
        mine.warnings += theirs.warnings
        mine.tournaments |= theirs.tournaments
        for play, count in theirs.plays.items():
            mine.plays[play] += count
        mine.findings += theirs.findings
        if self.seating is None:
            self.seating = later.seating
        elif later.seating is not None:
            self.seating.merge(later.seating)
        for view, agg in later.collusion.items():
            if view in self.collusion:
                self.collusion[view].merge(agg)
            else:
                self.collusion[view] = agg


def add_tally(total: FormatTally, more: FormatTally) -> None:
    total.files += more.files
    total.hands += more.hands
    total.hands_rejected += more.hands_rejected
    total.summaries += more.summaries
    total.summaries_rejected += more.summaries_rejected
    total.events += more.events
    total.events_rejected += more.events_rejected
    total.records += more.records


class PartAuditor:
    """The rules compiled once, auditing runs of files (`audit_part`) and concluding the
    merged whole (`conclude`): what a process, or a Dask worker, keeps between its files."""

    def __init__(self, ruleset: RulesetId, rules: Ruleset) -> None:
        self.ruleset = ruleset
        self.rules = rules
        self.compiled = compile_ruleset(rules)
        self.params = param_values(rules)

    def audit_part(self, paths: Iterable[Path], progress: ProgressCallback | None = None,
                   final: bool = False) -> PartialAudit:
        """Every record of every file through the judges (`final`: `progress` is told when
        the whole audit is done, as this part is all of it)."""
        result = AuditResult(ruleset=self.ruleset)
        # Clause 28: every hand feeds the pair aggregates, judged once at the end.
        collusion = CollusionJudge(self.compiled, result.findings, self.params)
        # The observer itself takes the hands (no forwarding call per hand).
        judge = HandJudge(self.compiled, result.findings, collusion.observer)
        # Clause 9: the seat draw is judged across every tournament log, once, at the end.
        seating = SeatingJudge(self.compiled, result.findings)
        # A signal stops the audit between two records, never within compiled code
        # (checker/interrupt.py says why).
        with long_run_collection(), held():
            _run(paths, result, judge, seating, collusion, progress, final)
        return PartialAudit(result, seating.collector, collusion.aggregates())

    def conclude(self, whole: PartialAudit, keep_pairs: bool = True) -> AuditResult:
        """The judgements made across every file, on the partial of the whole audit
        (`keep_pairs`: as `CollusionJudge.judge`)."""
        result = whole.result
        for name, tally in result.formats.items():
            check_format(name, tally.records, tally.hands, tally.summaries, tally.events)
        with long_run_collection(), held():
            SeatingJudge(self.compiled, result.findings, whole.seating).judge()
            collusion = CollusionJudge(self.compiled, result.findings, self.params)
            collusion.absorb(whole.collusion)
            result.collusion = collusion.judge(keep_pairs)
        return result


def _run(paths: Iterable[Path], result: AuditResult, judge: HandJudge, seating: SeatingJudge,
         collusion: CollusionJudge, progress: ProgressCallback | None, final: bool) -> None:
    """Every record of every file through the judges; the judgements made across files are
    left to `PartAuditor.conclude`."""
    report = progress if progress is not None else _no_progress
    files_total = 0
    if progress is not None:
        paths = list(discover(paths))
        files_total = len(paths)
    # The hot loop pays one addition and one comparison per record for progress; without a
    # callback the record count never reaches `next_report`.
    records = 0
    next_report = PROGRESS_EVERY if progress is not None else -1
    for opened in read_paths(paths):
        checkpoint()
        if progress is not None:
            progress(AuditProgress(result.files, files_total, records, opened.path))
        result.files += 1
        if isinstance(opened, UnrecognizedFile):
            result.unrecognized.append(opened)
            continue
        tally = result.formats.setdefault(opened.format.name, FormatTally())
        tally.files += 1
        judge.new_file()
        hands, summaries, events = tally.hands, tally.summaries, tally.events
        for record in opened.records:
            checkpoint()
            records += 1
            if records == next_report:
                next_report += PROGRESS_EVERY
                report(AuditProgress(result.files - 1, files_total, records, opened.path))
            if isinstance(record, Hand):
                tally.hands += 1
                _note_hand(result, record)
                failure = judge.judge(record)
                if failure is not None:
                    result.warnings.append(ReadWarning.at(record.location, record.hand_id, failure))
            # A log's record before a summary: a summary is a pydantic model, whose
            # isinstance costs ~0.4 us (its metaclass is not `type`), and logs are lines.
            elif isinstance(record, LogRecord):
                tally.events += 1
                tournament = record.tournament
                if tournament is not None:
                    result.tournaments.add(tournament)
                if isinstance(record.event, HandPlayed):
                    # A log's `hand` line is a hand judged, as a hand history's hand is.
                    tally.hands += 1
                    result.plays[Play.TOURNAMENT] += 1
                seating.feed(record)
                unjudged = judge.judge_log(record)
                if unjudged is not None:
                    result.warnings.append(ReadWarning.at(*unjudged))
            elif isinstance(record, TournamentSummary):
                tally.summaries += 1
                result.tournaments.add(record.tournament_id)
                _note_warnings(result, record.location, None, record.warnings)
                judge.judge_summary(record)
            else:
                if record.is_hand:
                    tally.hands += 1
                    tally.hands_rejected += 1
                    # A hand is missing from its table's sequence (which table is unknown):
                    # no table's previous hand is known any more.
                    judge.hand_missing()
                elif record.source_format == TOURNAMENT_LOG:
                    tally.events += 1
                    tally.events_rejected += 1
                    if record.hand is not None:  # a `hand` line: a hand read, and rejected
                        tally.hands += 1
                        tally.hands_rejected += 1
                    # The line may have been a hand or a seat: tables lose what they knew.
                    judge.log_line_missing()
                else:
                    tally.summaries += 1
                    tally.summaries_rejected += 1
                result.rejected.append(record)
        tally.records += opened.read.records
        check_file(opened.path, opened.format.name, opened.read.records, tally.hands - hands,
                   tally.summaries - summaries, tally.events - events)
        # A tournament's state lives within its file (eliminations held back are judged now).
        # Notes of log hands that never came are warnings.
        result.warnings.extend(ReadWarning.at(*left) for left in judge.end_file())
        seating.end_file()
        collusion.end_file()
    if progress is not None and final:
        progress(AuditProgress(result.files, files_total, records, ""))


def _no_progress(_: AuditProgress) -> None:
    """Never called: stands in for a missing callback so the hot loop needs no None test."""


def _note_hand(result: AuditResult, hand: Hand) -> None:
    result.plays[hand.play] += 1
    if hand.tournament_id is not None:
        result.tournaments.add(hand.tournament_id)
    _note_warnings(result, hand.location, hand.hand_id, hand.warnings)


def _note_warnings(
    result: AuditResult, location: SourceLocation, hand: str | None, warnings: list[str]
) -> None:
    for text in warnings:  # bounded: the readers quote their input, which may be any size
        result.warnings.append(ReadWarning.at(location, hand, bounded(text)))
