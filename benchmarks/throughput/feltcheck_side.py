"""The feltcheck side of the throughput benchmark: the whole `feltcheck audit` process, timed.

`python -m checker.launch audit PATHS --rules fulltilt --format json --fail-on never
--output REPORT` (what the installed `feltcheck` command runs) in a subprocess of its own;
wall time from start to exit (interpreter start-up, rule compilation and the report
included), hands from the report's summary, peak RSS from the child's own rusage
(`os.wait4`): the largest resident set of that process or of any process it waited for (a
local worker of `--jobs`), not their sum. Workers of a Dask cluster are not its children:
their memory is not in the figure. Linux counts in a child's figure the resident set it had
when forked, before it ran the audit (the harness's own): so the harness never holds a whole
report, only its summary (`report_summary`); a million-hand PHH report's warnings read
whole once made the next row's audit show the harness's 676 MB.

`--jobs N` and `--scheduler ADDRESS` (issue 17, deliverable 1) are passed only when this
checkout's `audit --help` lists them; otherwise the run is not made and its row says so.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class AuditRun:
    """One audit process: what it did, or why it was not run or failed."""

    hands: int = 0
    findings: int = 0
    seconds: float = 0.0
    # User and system CPU of the process and the workers it waited for: on a machine shared
    # with other work, the figure that load changes least.
    cpu_seconds: float = 0.0
    peak_rss_mb: float = 0.0
    # Empty when the run was made and succeeded.
    problem: str = ""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0


def _env() -> dict[str, str]:
    # The checkout this script belongs to (and its compiled modules, when built).
    return {**os.environ, "PYTHONPATH": str(REPO)}


@cache
def audit_options() -> frozenset[str]:
    """The long options `feltcheck audit` accepts in this checkout."""
    shown = subprocess.run([sys.executable, "-m", "checker.cli", "audit", "--help"],
                           cwd=REPO, env=_env(), capture_output=True, text=True, check=True)
    return frozenset(word.strip("[],") for word in shown.stdout.split()
                     if word.strip("[").startswith("--"))


def startup(rounds: int = 3) -> AuditRun:
    """The whole process on an empty folder (interpreter, imports, rule compilation, report),
    the best of `rounds` by wall time: what a small input's figure pays apart from its hands."""
    with tempfile.TemporaryDirectory(prefix="feltcheck-empty-") as empty:
        return min((run_audit((Path(empty),)) for _ in range(rounds)),
                   key=lambda run: run.seconds)


def compiled() -> bool:
    """Whether this checkout runs the mypyc build (`make accel`) or pure Python."""
    return any((REPO / "checker").rglob("*.so"))


def run_audit(paths: tuple[Path, ...], jobs: int | None = None,
              scheduler: str | None = None) -> AuditRun:
    """Audit `paths` in a new process: one job when `jobs` and `scheduler` are None."""
    extra: list[str] = []
    if jobs is not None:
        if "--jobs" not in audit_options():
            return AuditRun(problem="no --jobs option in this checkout (issue 17, deliverable 1)")
        extra = ["--jobs", str(jobs)]
    if scheduler is not None:
        if "--scheduler" not in audit_options():
            return AuditRun(problem="no --scheduler option in this checkout (issue 17, "
                                    "deliverable 1)")
        extra = ["--scheduler", scheduler]
    with tempfile.TemporaryDirectory(prefix="feltcheck-throughput-") as tmp:
        report = Path(tmp) / "report.json"
        command = [sys.executable, "-m", "checker.launch", "audit", *map(str, paths),
                   "--rules", "fulltilt", "--format", "json", "--fail-on", "never",
                   "--output", str(report), *extra]
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=REPO, env=_env(), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
        # wait4 rather than RUSAGE_CHILDREN: the latter is the largest of every child so far.
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        errors = process.stderr.read().decode(errors="replace") if process.stderr else ""
        if process.stderr:
            process.stderr.close()
        # Linux reports ru_maxrss in KiB.
        rss = usage.ru_maxrss / 1024
        cpu = usage.ru_utime + usage.ru_stime
        if process.returncode != 0 or not report.exists():
            last = errors.strip().splitlines()[-1:] or ["no message"]
            return AuditRun(seconds=seconds, cpu_seconds=cpu, peak_rss_mb=rss,
                            problem=f"exit {process.returncode}: {last[0][:200]}")
        summary = report_summary(report)
    return AuditRun(hands=summary["hands"], findings=sum(summary["findings"].values()),
                    seconds=seconds, cpu_seconds=cpu, peak_rss_mb=rss)


# Bytes of the report read at a time while looking for its summary.
_SUMMARY_CHUNK = 1 << 16


def report_summary(report: Path) -> dict[str, Any]:
    """The `summary` object of a feltcheck JSON report, read from the report's head (the
    summary comes before the findings, rejections and warnings, which may be millions)."""
    decoder = json.JSONDecoder()
    text = ""
    with report.open(encoding="utf-8") as stream:
        while chunk := stream.read(_SUMMARY_CHUNK):
            text += chunk
            at = text.find('"summary":')
            start = text.find("{", at) if at >= 0 else -1
            if start < 0:
                continue  # not read this far yet
            try:
                summary, _ = decoder.raw_decode(text, start)
            except json.JSONDecodeError:
                continue  # the object goes on in the next chunk
            if not isinstance(summary, dict):
                break
            return summary
    raise ValueError(f"{report}: no summary object in the report")
