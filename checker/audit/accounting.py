"""The accounting invariant: every record read is audited or rejected, once.

"Read" is counted apart from the audit's tallies: the stream counts the records its reader cut
from each file (checker/ingest/stream.py, one per block). At the end of each file the records
the audit loop tallied for it (hands judged and rejected, summaries and summaries rejected, log
events and events rejected) must be that number; at the end of the run each input format's
tallies must be the sum of its files' counts. Anything else is a bug in feltcheck (a record
lost or counted twice), and a report built on it would not be trustworthy: `AccountingError`,
which the command reports in one line with exit status 2.
"""

from checker.model.formats import TOURNAMENT_LOG


class AccountingError(Exception):
    """Records read and records audited or rejected differ: a bug in feltcheck."""


def record_kind(format_name: str | None, is_hand: bool) -> str:
    """What a record of this format is: a hand, a log event (a tournament log's lines, `hand`
    lines aside) or a summary. The report names a rejected record's kind with it and need not
    know the input formats."""
    if is_hand:
        return "hand"
    return "event" if format_name == TOURNAMENT_LOG else "summary"


def handled(format_name: str, hands: int, summaries: int, events: int) -> int:
    """Records tallied: a tournament log's `hand` lines are log events too (counted once)."""
    if format_name == TOURNAMENT_LOG:
        return summaries + events
    return hands + summaries + events


def check_file(path: str, format_name: str, read: int, hands: int, summaries: int,
               events: int) -> None:
    """One file's records read against its tallies (the counts its records added)."""
    done = handled(format_name, hands, summaries, events)
    if done != read:
        raise AccountingError(
            f"{path}: the accounting does not hold (a bug in feltcheck; the report would not be "
            f"trustworthy): {read} records read from the file, {done} audited or rejected "
            f"({hands} hands, {summaries} summaries, {events} log events, rejected included)")


def check_format(format_name: str, read: int, hands: int, summaries: int, events: int) -> None:
    """A format's totals against the sum of its files' records read."""
    done = handled(format_name, hands, summaries, events)
    if done != read:
        raise AccountingError(
            f"{format_name}: the accounting does not hold (a bug in feltcheck; the report would "
            f"not be trustworthy): {read} records read from its files, {done} audited or "
            f"rejected ({hands} hands, {summaries} summaries, {events} log events, rejected "
            "included)")
