"""The audit's progress hook and the progress bar: reported per file and every
PROGRESS_EVERY records, drawn on stderr only when it is a terminal."""

import io
from pathlib import Path

import pytest

from checker.audit import run
from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditProgress
from checker.cli import main
from checker.report.progress import progress_bar
from tests.report_helpers import FIXTURES, RULES, audit_paths, rules


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal, as stderr in a shell does."""

    def isatty(self) -> bool:
        return True


FILES = [FIXTURES / "rotation.twin.txt", FIXTURES / "log-prize-short.planted.jsonl",
         FIXTURES / "min-raise.planted.txt"]


def test_progress_is_reported_per_file_and_at_the_end() -> None:
    seen: list[AuditProgress] = []
    result = run.audit(FILES, ruleset_id(rules(), RULES), rules(), seen.append)
    records = result.hands + result.summaries + result.events
    per_file = [p for p in seen if p.file]
    assert [p.file for p in per_file] == [f.as_posix() for f in FILES]
    assert [p.files_done for p in per_file] == [0, 1, 2]
    assert seen[-1] == AuditProgress(3, 3, records, "")
    assert all(p.files_total == 3 for p in seen)
    # The count only grows, and a file's start sees every record of the files before it.
    assert [p.records for p in seen] == sorted(p.records for p in seen)
    assert per_file[1].records == audit_paths(FILES[0]).hands


def test_progress_within_a_file_every_so_many_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "PROGRESS_EVERY", 2)
    log = FIXTURES / "log-prize-short.planted.jsonl"
    seen: list[AuditProgress] = []
    result = run.audit([log], ruleset_id(rules(), RULES), rules(), seen.append)
    within = [p.records for p in seen[1:-1]]
    assert result.events >= 6
    assert within == list(range(2, result.events + 1, 2))


def test_an_audit_without_a_callback_reads_the_same() -> None:
    seen: list[AuditProgress] = []
    with_progress = run.audit(FILES, ruleset_id(rules(), RULES), rules(), seen.append)
    without = audit_paths(*FILES)
    assert with_progress.findings == without.findings
    assert with_progress.hands == without.hands and with_progress.events == without.events


def test_the_bar_draws_on_a_terminal() -> None:
    stream = FakeTerminal()
    with progress_bar(stream) as report:
        assert report is not None
        report(AuditProgress(1, 4, 12345, "logs/day-1.jsonl"))
    drawn = stream.getvalue()
    assert "auditing" in drawn and "1/4" in drawn and "12,345 records" in drawn


def test_no_bar_when_the_stream_is_no_terminal() -> None:
    stream = io.StringIO()
    with progress_bar(stream) as report:
        assert report is None
    assert stream.getvalue() == ""


def test_the_command_draws_the_bar_on_stderr_only_when_it_is_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    command = ["audit", str(FIXTURES), "--rules", str(RULES), "--format", "json",
               "--output", str(out)]
    main(command)
    assert capsys.readouterr().err == ""
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stderr", terminal)
    main(command)
    assert "auditing" in terminal.getvalue()
    assert "\x1b[" in terminal.getvalue()
