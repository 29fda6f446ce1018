"""benchmarks/bench_paired.py: two builds' whole audits side by side, one on each core, and
the ratio of their CPU seconds (docs/performance.md says why it is the measure)."""

import re
import subprocess
import sys

import pytest

from tests.conftest import REPO

TOOL = REPO / "benchmarks" / "bench_paired.py"
SMALL = REPO / "hand_histories" / "handwritten"
ROUND = re.compile(r"round (\d): A ([0-9.]+) s, B ([0-9.]+) s, B/A ([0-9.]+)")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def test_each_round_times_both_builds_and_the_ratio_is_theirs() -> None:
    done = _run("--rounds", "2", str(SMALL), str(REPO), str(REPO))
    assert done.returncode == 0, done.stderr
    rounds = ROUND.findall(done.stdout)
    assert [number for number, *_ in rounds] == ["1", "2"]
    ratios = []
    for _, a, b, ratio in rounds:
        assert float(a) > 0 and float(b) > 0
        # The printed ratio is B's seconds over A's, to the printed precision.
        assert float(ratio) == pytest.approx(float(b) / float(a), abs=0.02)
        ratios.append(float(ratio))
    summary = done.stdout.strip().splitlines()[-1]
    assert summary.startswith("B/A: ")
    mean = float(summary.split()[1])
    assert min(ratios) - 0.0001 <= mean <= max(ratios) + 0.0001


def test_a_failed_audit_stops_the_tool_with_its_command() -> None:
    done = _run("--rounds", "1", str(REPO / "no-such-folder"), str(REPO), str(REPO))
    assert done.returncode != 0
    assert "exited with" in done.stderr and "no-such-folder" in done.stderr
