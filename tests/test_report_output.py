"""Reports are written whole or not at all (checker/report/output.py): an earlier report is kept
byte for byte when writing the new one fails or is interrupted, no temporary file is left, and
an HTML report's page and explain pages are replaced together."""

import os
import signal
import stat
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from checker.audit.ruleset import RulesetId
from checker.audit.run import AuditResult
from checker.audit.spool import Spool
from checker.dsl.ruleset import Ruleset
from checker.interrupt import Interrupted
from checker.model.findings import Finding, FindingLocation, finding_order, fingerprint
from checker.report.html_hands import HandKey, HandRequest
from checker.report.html_report import write_html_report
from checker.report.output import OutputError, write_atomically, write_report

EARLIER = b'{"an": "earlier report"}\n'


def _earlier(folder: Path, name: str = "report.json") -> Path:
    path = folder / name
    path.write_bytes(EARLIER)
    return path


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_new_report_replaces_the_old_whole(tmp_path: Path) -> None:
    path = _earlier(tmp_path)
    path.chmod(0o640)
    write_atomically(path, "new ✓\n" * 1000)
    assert path.read_text(encoding="utf-8") == "new ✓\n" * 1000
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # the old file's permissions
    assert _names(tmp_path) == ["report.json"]


def test_a_new_report_gets_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_atomically(tmp_path / "new.json", "{}\n")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


def test_a_failure_in_the_middle_of_the_write_keeps_the_old_report(tmp_path: Path) -> None:
    """A megabyte is written before the text fails to encode (a lone surrogate)."""
    path = _earlier(tmp_path)
    with pytest.raises(UnicodeEncodeError):
        write_atomically(path, "x" * 1_000_000 + "\ud800" + "y" * 10)
    assert path.read_bytes() == EARLIER
    assert _names(tmp_path) == ["report.json"]


def test_an_interruption_before_the_rename_keeps_the_old_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The signal lands while the file is synced to disk, its text all written."""

    def interrupted(_: int) -> None:
        raise Interrupted(signal.SIGTERM)

    path = _earlier(tmp_path)
    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(Interrupted):
        write_atomically(path, "new\n")
    assert path.read_bytes() == EARLIER
    assert _names(tmp_path) == ["report.json"]


def test_a_rename_that_fails_is_an_output_error(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    path = _earlier(tmp_path)
    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(OutputError, match=r"^cannot write .*report\.json: Permission denied$"):
        write_atomically(path, "new\n")
    assert path.read_bytes() == EARLIER
    assert _names(tmp_path) == ["report.json"]


def test_a_folder_that_does_not_exist_is_an_output_error(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="No such file or directory"):
        write_atomically(tmp_path / "missing" / "report.json", "{}\n")


def test_a_link_keeps_pointing_at_the_report(tmp_path: Path) -> None:
    path = _earlier(tmp_path, "real.json")
    link = tmp_path / "report.json"
    link.symlink_to(path.name)
    write_atomically(link, "new\n")
    assert link.is_symlink()
    assert path.read_text(encoding="utf-8") == "new\n"


def test_a_device_is_written_in_place() -> None:
    write_atomically(Path(os.devnull), "nothing to keep whole\n")  # no temporary file in /dev


def test_standard_output_gets_the_report(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    write_report("the report\n", None)
    assert capsys.readouterr().out == "the report\n"
    assert _names(tmp_path) == []


def _pieces(count: int, fail_at: int | None = None) -> Iterator[str]:
    """A report in pieces, as a JSON report is written; a failure at piece `fail_at`."""
    for number in range(count):
        if number == fail_at:
            raise ValueError("the renderer failed")
        yield f"piece {number} ✓\n"


def test_a_report_in_pieces_is_written_whole(tmp_path: Path) -> None:
    path = _earlier(tmp_path)
    write_atomically(path, _pieces(50_000))
    assert path.read_text(encoding="utf-8") == "".join(_pieces(50_000))
    assert _names(tmp_path) == ["report.json"]


def test_a_renderer_failing_midway_keeps_the_old_report(tmp_path: Path) -> None:
    path = _earlier(tmp_path)
    with pytest.raises(ValueError, match="the renderer failed"):
        write_atomically(path, _pieces(50_000, fail_at=40_000))
    assert path.read_bytes() == EARLIER
    assert _names(tmp_path) == ["report.json"]


@pytest.mark.parametrize("count", [3, 600_000])  # held in memory; spooled to a file
def test_standard_output_gets_a_report_in_pieces_whole(
        count: int, capsys: pytest.CaptureFixture[str]) -> None:
    write_report(_pieces(count), None)
    assert capsys.readouterr().out == "".join(_pieces(count))


@pytest.mark.parametrize("count", [3, 600_000])
def test_standard_output_gets_nothing_when_the_renderer_fails(
        count: int, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="the renderer failed"):
        write_report(_pieces(count + 1, fail_at=count), None)
    assert capsys.readouterr().out == ""


def test_a_spool_that_cannot_go_to_disk_is_an_output_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Past SPOOL_BYTES the spool moves to the temporary folder: here one that is not there."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    with pytest.raises(OutputError, match=r"^cannot hold the report before printing it: "):
        write_report(_pieces(600_000), None)
    assert capsys.readouterr().out == ""


# --- an HTML report: a page and the explain pages of its hands ---------------------------------

def _finding(hand: str) -> Finding:
    location = FindingLocation(file="x.txt", line=1, tournament="t1", table="1", hand=hand)
    return Finding(rule="a.rule", clauses=["22"], severity="error", message="m",
                   location=location, evidence={}, fingerprint=fingerprint("a.rule", location))


def _result(hands: Sequence[str]) -> AuditResult:
    return AuditResult(ruleset=RulesetId("t", "0" * 64, "rules/t.rules"), files=1,
                       findings=Spool(finding_order, (_finding(hand) for hand in hands)))


def _pages(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
    return ((request.key, f"<p>{request.key.hand}</p>") for request in requests)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _earlier_html(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    page = tmp_path / "report.html"
    write_html_report(_result(["h1", "h2"]), Ruleset("t", "T"), page, _pages)
    before = _snapshot(tmp_path)
    assert set(before) == {"report.html", "report-hands/h1.html", "report-hands/h2.html"}
    return page, before


def test_an_html_report_failing_midway_keeps_the_earlier_one(tmp_path: Path) -> None:
    """The second explain page fails: the first is written (in the stage), the page is not."""
    page, before = _earlier_html(tmp_path)

    def failing(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
        yield requests[0].key, "<p>new</p>"
        raise Interrupted(signal.SIGINT)

    with pytest.raises(Interrupted):
        write_html_report(_result(["h1", "h3"]), Ruleset("t", "T"), page, failing)
    assert _snapshot(tmp_path) == before
    assert _names(tmp_path) == ["report-hands", "report.html"]


def test_an_html_report_replaces_the_page_and_its_folder_together(tmp_path: Path) -> None:
    page, before = _earlier_html(tmp_path)
    written = write_html_report(_result(["h3"]), Ruleset("t", "T"), page, _pages)
    after = _snapshot(tmp_path)
    assert written == [page, tmp_path / "report-hands" / "h3.html"]
    # The earlier report's pages are gone with it: the folder holds the new report's only.
    assert set(after) == {"report.html", "report-hands/h3.html"}
    assert after["report.html"] != before["report.html"]
    assert _names(tmp_path) == ["report-hands", "report.html"]


def test_an_html_report_whose_rename_fails_puts_the_earlier_one_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new folder is in place when the page's rename fails: both go back as they were."""
    page, before = _earlier_html(tmp_path)

    def refused(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(OutputError, match="No space left on device"):
        write_html_report(_result(["h3"]), Ruleset("t", "T"), page, _pages)
    assert _snapshot(tmp_path) == before
    assert _names(tmp_path) == ["report-hands", "report.html"]
