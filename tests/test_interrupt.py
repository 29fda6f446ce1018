"""SIGINT and SIGTERM stop a feltcheck command cleanly (checker/interrupt.py): one line on
stderr, no traceback, exit status 130 or 143, and no report written: an earlier one is kept byte
for byte, nothing is left beside it, and nothing is printed on standard output.

The end-to-end tests run `python -m checker.cli audit` on the real corpora (several seconds of
reading) and send the signal once the process has an input file open: it is then inside the
audit, past loading its modules and its rules, and seconds away from writing anything.
"""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from checker import interrupt
from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditProgress, PartAuditor
from checker.dsl.ruleset import load_ruleset
from checker.interrupt import Interrupted, checkpoint, held, stopping_on_signals
from checker.report.output import write_report
from tests.conftest import CORPUS, REPO, SHARED

RULES = REPO / "rules" / "fulltilt.rules"
INPUTS = (CORPUS, SHARED / "corpus" / "real-pokerstars")
EARLIER = b'{"an": "earlier report"}\n'


def _start(args: list[str]) -> subprocess.Popen[bytes]:
    # As at a terminal: SIGINT is not ignored (a background job of a script would ignore it,
    # and feltcheck leaves an ignored signal ignored).
    return subprocess.Popen(
        [sys.executable, "-m", "checker.cli", *args], cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_until_reading(process: subprocess.Popen[bytes], jobs: int) -> None:
    """Until the process has one of the inputs open (Linux: /proc/PID/fd): a folder being
    listed or a file being read. With --jobs 2, until one of its workers has an input file
    open (the command itself only lists the folders)."""
    roots = tuple(str(root.resolve()) + os.sep for root in INPUTS)
    deadline = time.monotonic() + 120  # a guard against hanging, not a measure
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        for pid in _workers(process) if jobs > 1 else [process.pid]:
            try:
                targets = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
            except (FileNotFoundError, ProcessLookupError):  # closed, or gone, meanwhile
                continue
            if any(t.startswith(roots) and (jobs == 1 or os.path.isfile(t)) for t in targets):
                return
        time.sleep(0.01)
    raise AssertionError("the audit never opened an input file")


def _workers(process: subprocess.Popen[bytes]) -> list[int]:
    """The processes the command started (its --jobs workers), and theirs."""
    try:
        return [child.pid for child in psutil.Process(process.pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _interrupt(args: list[str], signum: int, jobs: int = 1) -> tuple[int, bytes, str]:
    """Send `signum` to the command (only to it, not to its workers) once it reads."""
    process = _start(["audit", *map(str, INPUTS), "--rules", str(RULES), "--jobs", str(jobs),
                      *args])
    _wait_until_reading(process, jobs)
    workers = _workers(process)
    assert len(workers) >= jobs if jobs > 1 else workers == []  # (and a fork server)
    process.send_signal(signum)
    out, err = process.communicate(timeout=120)
    # No worker outlives the command (multiprocessing's resource tracker, which a spawned
    # pool starts, ends when it sees the command's end: moments after it).
    _, alive = psutil.wait_procs(_alive(workers), timeout=30)
    assert [p.cmdline() for p in alive] == []
    return process.returncode, out, err.decode()


def _alive(pids: list[int]) -> list[psutil.Process]:
    alive = []
    for pid in pids:
        try:
            alive.append(psutil.Process(pid))
        except psutil.NoSuchProcess:
            continue
    return alive


@pytest.mark.parametrize(("signum", "status", "name", "jobs"),
                         [(signal.SIGINT, 130, "SIGINT", 1), (signal.SIGTERM, 143, "SIGTERM", 1),
                          (signal.SIGINT, 130, "SIGINT", 2)])
def test_a_signal_mid_audit_keeps_the_earlier_report(tmp_path: Path, signum: int, status: int,
                                                     name: str, jobs: int) -> None:
    output = tmp_path / "report.json"
    output.write_bytes(EARLIER)
    code, out, err = _interrupt(["--format", "json", "--output", str(output)], signum, jobs)
    assert (code, err) == (status, f"feltcheck: interrupted ({name}); no report written\n")
    assert output.read_bytes() == EARLIER
    assert os.listdir(tmp_path) == ["report.json"]
    assert out == b""


def test_an_interrupted_html_report_keeps_the_earlier_page_and_pages(tmp_path: Path) -> None:
    (tmp_path / "report-hands").mkdir()
    (tmp_path / "report-hands" / "1.html").write_bytes(b"<p>an earlier hand</p>\n")
    (tmp_path / "report.html").write_bytes(b"<p>an earlier report</p>\n")
    before = _snapshot(tmp_path)
    code, _, err = _interrupt(["--format", "html", "--output", str(tmp_path / "report.html")],
                              signal.SIGINT)
    assert (code, err) == (130, "feltcheck: interrupted (SIGINT); no report written\n")
    assert _snapshot(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == ["report-hands", "report.html"]


def test_an_interrupted_report_to_standard_output_prints_nothing() -> None:
    code, out, err = _interrupt(["--format", "text"], signal.SIGTERM)
    assert (code, out, err) == (143, b"", "feltcheck: interrupted (SIGTERM); no report written\n")


def test_a_ctrl_c_while_the_modules_load_is_one_line() -> None:
    """Before main() runs, Python raises KeyboardInterrupt: the hook cli.py sets first says
    so in one line; any other error keeps its traceback."""
    for raised, status, start in (("KeyboardInterrupt", 130, "feltcheck: interrupted (SIGINT)"),
                                  ("ValueError('not ours')", 1, "Traceback")):
        done = subprocess.run(
            [sys.executable, "-c", "from checker.interrupt import quiet_while_loading; "
             f"quiet_while_loading(); raise {raised}"],
            cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
            text=True, check=False)
        assert done.returncode == status, done.stderr
        assert done.stderr.startswith(start)
        if status == 130:
            assert done.stderr == "feltcheck: interrupted (SIGINT); no report written\n"


# --- in process --------------------------------------------------------------------------------

@pytest.fixture
def _restored() -> Iterator[None]:
    handlers = {signum: signal.getsignal(signum) for signum in interrupt.SIGNALS}
    # As an interactive shell starts a command: a runner that started the tests in the
    # background of a script has SIGINT ignored, which stopping_on_signals() respects.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    yield
    for signum, handler in handlers.items():
        signal.signal(signum, handler)


@pytest.mark.usefixtures("_restored")
def test_the_signal_raises_interrupted_and_the_handlers_come_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Interrupted) as raised, stopping_on_signals():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # never reached: the handler runs first
    assert raised.value.status == 143
    assert str(raised.value) == "interrupted (SIGTERM); no report written"
    assert signal.getsignal(signal.SIGTERM) is before


@pytest.mark.usefixtures("_restored")
def test_an_ignored_signal_stays_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with stopping_on_signals():
        os.kill(os.getpid(), signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


@pytest.mark.usefixtures("_restored")
def test_a_held_block_runs_to_its_end_first() -> None:
    done: list[str] = []
    with pytest.raises(Interrupted), stopping_on_signals():
        with held():
            os.kill(os.getpid(), signal.SIGTERM)
            done.append("the block ran to its end")
        done.append("not reached")
    assert done == ["the block ran to its end"]


@pytest.mark.usefixtures("_restored")
def test_a_held_block_stops_at_its_next_checkpoint() -> None:
    steps: list[int] = []
    with pytest.raises(Interrupted) as raised, stopping_on_signals(), held():
        for step in range(3):
            checkpoint()
            steps.append(step)
            if step == 0:
                os.kill(os.getpid(), signal.SIGTERM)
    assert steps == [0]
    assert raised.value.status == 143


@pytest.mark.usefixtures("_restored")
def test_the_audit_stops_between_two_records_never_inside_one() -> None:
    """The record loop runs held (its readers, replay and rules are compiled code, which
    aborts on an exception raised where it expects none): the signal, sent while a record is
    audited, is acted on at the loop's next checkpoint, in checker.interrupt."""
    rules = load_ruleset(RULES)
    auditor = PartAuditor(ruleset_id(rules, RULES), rules)
    told: list[int] = []

    def progress(at: AuditProgress) -> None:
        told.append(at.records)
        if at.records:  # the first call once records were read: mid-audit
            os.kill(os.getpid(), signal.SIGTERM)

    with pytest.raises(Interrupted) as raised, stopping_on_signals():
        auditor.audit_part([CORPUS], progress)
    innermost = raised.value.__traceback__
    assert innermost is not None
    while innermost.tb_next is not None:
        innermost = innermost.tb_next
    assert innermost.tb_frame.f_code.co_name == "checkpoint"
    assert sum(1 for records in told if records) == 1  # stopped at once, not at the end


class _SignalledStdout:
    """A standard output whose write is interrupted, as one held up by a slow reader."""

    def write(self, text: str) -> int:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)  # never reached
        return len(text)

    def flush(self) -> None:
        return None


@pytest.mark.usefixtures("_restored")
def test_the_message_says_what_the_interruption_left(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(Interrupted) as written, stopping_on_signals():
        write_report("the report\n", None)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
    assert capsys.readouterr().out == "the report\n"
    assert str(written.value) == "interrupted (SIGINT); the report was written whole"
    monkeypatch.setattr(sys, "stdout", _SignalledStdout())
    with pytest.raises(Interrupted) as cut, stopping_on_signals():
        write_report("the report\n", None)
    assert str(cut.value) == (
        "interrupted (SIGINT); the report on standard output is incomplete")
