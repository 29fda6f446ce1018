"""What every fuzzed input must give, shared by the atheris harness (`fuzz/harness.py`) and the
hypothesis tests (`tests/test_readers_fuzz.py`, `tests/test_rules_fuzz.py`).

A reader answers any bytes with records or located rejections: never an exception, never an
internal "reader error", never a location outside the input, never a quote of a whole runaway
line. The rules parser answers any text with a syntax tree or a RulesError; a tree it accepts
formats to text that parses to the same canonical form.
"""

from checker.dsl.diagnostics import RulesError
from checker.dsl.formatter import format_rules
from checker.dsl.parser import parse_rules
from checker.ingest.base import InputFormat
from checker.ingest.decode import iter_lines_from_bytes
from checker.ingest.excerpt import EXCERPT_CHARS, REASON_CHARS
from checker.ingest.stream import parse_records
from checker.model import Hand, LogRecord, Rejection, TournamentSummary

# A reason is bounded (checker/ingest/excerpt.py); "… (N characters in all)" may follow it.
MAX_REASON = REASON_CHARS + 40
# A warning quotes input through `excerpt` too: a few quotes and the words around them.
MAX_WARNING = 4 * (EXCERPT_CHARS + 40) + 400


class FuzzFailure(AssertionError):
    """An input broke a promise the readers or the parser make."""


def check_reader(fmt: InputFormat, data: bytes) -> int:
    """Read `data` as `fmt`; raise FuzzFailure if a promise is broken. Returns the number of
    records read."""
    lines = max(sum(1 for _ in iter_lines_from_bytes(data)), 1)  # as the reader numbers them
    count = 0
    for record in parse_records(fmt, iter_lines_from_bytes(data), "fuzz.txt"):
        count += 1
        if isinstance(record, Rejection):
            _check_rejection(record, lines)
        elif isinstance(record, Hand | TournamentSummary):
            _check_location(record.location.line, lines, record)
            for warning in record.warnings:
                if len(warning) > MAX_WARNING:
                    raise FuzzFailure(f"a warning of {len(warning)} characters: {warning[:200]}")
        elif isinstance(record, LogRecord):
            _check_location(record.location.line, lines, record)
        else:
            raise FuzzFailure(f"not a record: {type(record).__name__}")
    return count


def _check_rejection(record: Rejection, lines: int) -> None:
    if record.reason.startswith("reader error"):
        raise FuzzFailure(record.reason)
    if len(record.reason) > MAX_REASON:
        raise FuzzFailure(f"a reason of {len(record.reason)} characters: {record.reason[:200]}")
    if record.hand is not None and len(record.hand) > MAX_REASON:
        raise FuzzFailure(f"a hand number of {len(record.hand)} characters")
    # Line 0 names the whole file (it could not be read to the end).
    if not 0 <= record.location.line <= lines:
        raise FuzzFailure(f"rejected at line {record.location.line} of {lines}: {record.reason}")


def _check_location(line: int, lines: int, record: object) -> None:
    if not 1 <= line <= lines:
        raise FuzzFailure(f"{type(record).__name__} at line {line} of {lines}")


def check_rules_text(text: str) -> bool:
    """Parse `text` as a rules file; raise FuzzFailure if a promise is broken. True when it
    parsed."""
    try:
        tree = parse_rules(text, "fuzz.rules")
    except RulesError as exc:
        if not exc.diagnostics:
            raise FuzzFailure("a RulesError without a diagnostic") from None
        for diagnostic in exc.diagnostics:
            if diagnostic.span.line < 1 or diagnostic.span.column < 1:
                raise FuzzFailure(f"an unlocated diagnostic: {diagnostic.render()}") from None
        return False
    formatted = format_rules(tree)
    try:
        again = format_rules(parse_rules(formatted, "fuzz.rules"))
    except RulesError as exc:
        raise FuzzFailure(f"the formatter wrote text its parser refuses: {exc}") from None
    if again != formatted:
        raise FuzzFailure("formatting is not stable: format(parse(format(x))) != format(x)")
    return True
