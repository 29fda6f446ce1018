"""The accounting invariant (checker/audit/accounting.py): every record the stream cut from a
file is audited or rejected, once, per file and per format; a run where it fails stops with a
one-line error naming the file and the counts, exit status 2."""

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path

import pytest

from checker.audit import run
from checker.audit.accounting import AccountingError
from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditResult, audit
from checker.cli import EXIT_USAGE, main
from checker.dsl.ruleset import load_ruleset
from checker.ingest.stream import FileRecords, UnrecognizedFile, read_paths
from checker.model import Record
from tests.conftest import CORPUS, REPO

RULES = REPO / "rules" / "fulltilt.rules"
SAMPLES = REPO / "hand_histories" / "samples"
LOGS = REPO / "hand_histories" / "logs"


def _audit(paths: list[Path]) -> AuditResult:
    rules = load_ruleset(RULES)
    return audit(paths, ruleset_id(rules, RULES), rules)


def _records_per_format(paths: list[Path]) -> Counter[str]:
    """Records per format, read apart from the audit: the stream's records, counted here."""
    counts: Counter[str] = Counter()
    for opened in read_paths(paths):
        if isinstance(opened, FileRecords):
            counts[opened.format.name] += sum(1 for _ in opened.records)
    return counts


def test_a_clean_run_accounts_for_every_record() -> None:
    """The samples, the bundled logs and every file of the real corpus: the audit raises
    nothing, and each format's count of records read is the one counted apart here."""
    paths = [SAMPLES, LOGS, CORPUS]
    result = _audit(paths)
    read = {name: tally.records for name, tally in result.formats.items()}
    assert read == dict(_records_per_format(paths))
    assert {"fulltilt-hand", "pokerstars-hand", "phh", "tournament-log",
            "fulltilt-summary"} <= set(read)
    # A log's `hand` lines are events and hands: counted once, as events.
    log = result.formats["tournament-log"]
    assert 0 < log.hands < log.events == read["tournament-log"]


def _losing(every: int) -> Callable[[Iterable[Path]], Iterator[FileRecords | UnrecognizedFile]]:
    """A `read_paths` whose files each lose every `every`-th record after the stream counted
    it: the bug the invariant is there to catch."""
    real = read_paths

    def lossy(paths: Iterable[Path]) -> Iterator[FileRecords | UnrecognizedFile]:
        for opened in real(paths):
            if isinstance(opened, FileRecords):
                kept = (r for i, r in enumerate(opened.records, 1) if i % every)
                opened = dataclasses.replace(opened, records=kept)
            yield opened

    return lossy


def _real_records(paths: list[Path]) -> Iterator[Iterator[Record]]:
    for opened in read_paths(paths):
        assert isinstance(opened, FileRecords)
        yield opened.records


def test_a_record_that_vanishes_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "read_paths", _losing(3))
    log = LOGS / "sng-6max-700001.jsonl"
    with pytest.raises(AccountingError) as raised:
        _audit([log])
    message = str(raised.value)
    read = sum(1 for _ in next(iter(_real_records([log]))))
    assert message.startswith(f"{log.as_posix()}: the accounting does not hold")
    assert f"{read} records read from the file, {read - read // 3} audited or rejected" in message


def test_a_record_counted_twice_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    real = read_paths

    def doubling(paths: Iterable[Path]) -> Iterator[FileRecords | UnrecognizedFile]:
        for opened in real(paths):
            if isinstance(opened, FileRecords):
                records = opened.records
                first = list(islice(records, 1))
                opened = dataclasses.replace(opened, records=iter([*first, *first, *records]))
            yield opened

    hands = SAMPLES / "ftp" / "FT900001.hands.txt"
    read = sum(1 for _ in next(iter(_real_records([hands]))))
    monkeypatch.setattr(run, "read_paths", doubling)
    with pytest.raises(AccountingError) as raised:
        _audit([hands])
    assert (f"{read} records read from the file, {read + 1} audited or rejected ({read + 1} "
            "hands, 0 summaries, 0 log events" in str(raised.value))


def test_the_format_totals_are_checked_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the per-file check gone, the run's end still finds a format whose totals are not
    the sum of its files' records."""
    monkeypatch.setattr(run, "read_paths", _losing(2))
    monkeypatch.setattr(run, "check_file", lambda *_: None)
    with pytest.raises(AccountingError, match=r"^tournament-log: the accounting does not hold"):
        _audit([LOGS])


def test_the_command_reports_it_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    monkeypatch.setattr(run, "read_paths", _losing(2))
    output = tmp_path / "report.json"
    code = main(["audit", str(LOGS / "sng-6max-700001.jsonl"), "--rules", str(RULES),
                 "--format", "json", "--output", str(output)])
    err = capsys.readouterr().err
    assert code == EXIT_USAGE
    assert err.count("\n") == 1 and err.startswith("feltcheck: ")
    assert "the accounting does not hold" in err and "Traceback" not in err
    assert not output.exists()
