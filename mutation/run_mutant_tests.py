"""Cosmic Ray's test command: run the tests that execute the mutated lines, within a budget.

Cosmic Ray writes one mutant into the scratch checkout and runs this command there. The mutant
is read back from `git diff` (the checkout is clean otherwise); the coverage map written by
`campaign.py map` names the tests that run each line of the original code. A line run only at
import (a module constant, a default value, a `def`) has no test of its own: every test that
runs any line of that file is taken, or of its package when no test runs a line of the file.

The tests run with `-x`, files taking turns by the time their tests have taken (each file's
fastest first), so a mutant meets many kinds of test early. A run that outlives the budget is
stopped and the mutant counts as a survivor ("budget spent" in its output): a slower test
might have killed it, so the kill rate is a lower bound. Exit status 0 means the mutant
survived, anything else that a test killed it (a hang fails on pytest-timeout, as it would in
`make test`).
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")
BUDGET_SPENT = "budget spent"
# Far above any single test of the pool in pure Python.
TEST_TIMEOUT_SECONDS = 120


def mutated_lines(diff: str) -> tuple[str, set[int]]:
    """The file the diff touches and its changed lines, numbered as in the original code."""
    path = ""
    lines: set[int] = set()
    for line in diff.splitlines():
        if line.startswith("--- a/"):
            path = line[len("--- a/") :]
        match = HUNK.match(line)
        if match:
            start, count = int(match[1]), int(match[2] or "1")
            # A pure insertion (count 0) sits after line `start`.
            lines.update(range(start, start + max(count, 1)))
    return path, lines


def tests_for(coverage_map: dict[str, list[object]], path: str, lines: set[int]) -> list[str]:
    """The tests that run the lines, files taking turns by time spent, each file's fastest
    first: a file's k-th test comes when its first k tests' time is reached."""
    files: dict[str, dict[str, list[int]]] = coverage_map["lines"]  # type: ignore[assignment]
    by_line = files.get(path, {})
    chosen = {test for line in lines for test in by_line.get(str(line), [])}
    if not chosen:
        chosen = {test for tests in by_line.values() for test in tests}
    if not chosen:
        # A module of declarations only (facts.py's dataclasses): its code runs inside other
        # modules' lines, so take the tests of its whole package.
        package = path.rsplit("/", 1)[0] + "/"
        chosen = {test for name, file_lines in files.items() if name.startswith(package)
                  for tests in file_lines.values() for test in tests}
    names: list[str] = coverage_map["tests"]  # type: ignore[assignment]
    durations: list[float] = coverage_map["durations"]  # type: ignore[assignment]
    spent: dict[str, float] = {}
    turns: list[tuple[float, str]] = []
    for test in sorted(chosen, key=lambda number: (durations[number], names[number])):
        name = names[test]
        file = name.split("::")[0]
        spent[file] = spent.get(file, 0.0) + durations[test]
        turns.append((spent[file], name))
    return [name for _, name in sorted(turns)]


def main() -> int:
    coverage_map = json.loads(Path(sys.argv[1]).read_text())
    budget = float(sys.argv[2])
    diff = subprocess.run(
        ["git", "diff", "-U0", "--no-color", "--", "checker"],
        capture_output=True, text=True, check=True,
    ).stdout
    path, lines = mutated_lines(diff)
    if not path:
        print("no mutation in the checkout")
        return 2
    tests = tests_for(coverage_map, path, lines)
    print(f"{path}:{sorted(lines)}: {len(tests)} tests", flush=True)
    if not tests:
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".args", delete=False) as args:
        args.write("\n".join(tests))
    env = dict(os.environ, PYTHONPATH=str(Path.cwd()))
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
               f"--timeout={TEST_TIMEOUT_SECONDS}", f"@{args.name}"]
    # Its own process group: a test's subprocesses go with it when the budget is spent.
    tests_run = subprocess.Popen(command, env=env, start_new_session=True)
    try:
        return tests_run.wait(timeout=budget)
    except subprocess.TimeoutExpired:
        os.killpg(tests_run.pid, signal.SIGKILL)
        tests_run.wait()
        print(f"{BUDGET_SPENT} after {budget:.0f} s", flush=True)
        return 0
    finally:
        os.unlink(args.name)


if __name__ == "__main__":
    sys.exit(main())
