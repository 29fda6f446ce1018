"""Two builds of feltcheck on one input, run at the same time, one on each core: the whole
audit's CPU seconds of each and their ratio, round by round.

Runs one after the other on this machine drift by ±5-10 % within minutes (docs/
performance.md), more than most changes measured here: one build's audit of 200,000 MTT
text hands took 22.6 to 25.9 CPU seconds in five runs within an hour. Run side by side, two
builds meet the same drift, and the ratio of their CPU seconds holds to about ±1 % (the same
build against itself: 1.002 and 1.005; two builds that differ in nothing measurable:
0.999-1.003 over four rounds; a round strays by up to 1.5 % from the mean of four). The
cores are swapped each round, so neither build keeps the faster core. Each run is the
installed command's process (`python -m checker.launch audit`, one job, JSON report), the
build first on `PYTHONPATH`: start-up, reading, the audit and the report, as the issue's
figure counts them; the CPU seconds are the child's own (`os.wait4`). Two runs share the
processor's last-level cache and memory, which a run alone does not: the ratio is the
measure, not each run's seconds.

Run (from the repository root; a BUILD is a checkout, compiled in place by `make accel` or
pure, whose `.venv` holds its Python):
`.venv/bin/python benchmarks/bench_paired.py [--rules fulltilt] [--rounds 4] FOLDER BUILD_A
BUILD_B`
"""

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def start(build: Path, folder: Path, rules: str, core: int, report: Path
          ) -> subprocess.Popen[bytes]:
    """The build's audit of `folder`, pinned to `core`."""
    python = build / ".venv" / "bin" / "python"
    command = [str(python if python.exists() else sys.executable), "-m", "checker.launch",
               "audit", str(folder), "--rules", rules, "--jobs", "1", "--format", "json",
               "--fail-on", "never", "--output", str(report)]
    env = {**os.environ, "PYTHONPATH": str(build)}
    return subprocess.Popen(command, cwd=build, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                            preexec_fn=lambda: os.sched_setaffinity(0, {core}))


def cpu_seconds(process: subprocess.Popen[bytes]) -> float:
    """The finished child's own user and system seconds; an error if it failed."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{process.args!r} exited with {process.returncode}")
    return usage.ru_utime + usage.ru_stime


def one_round(a: Path, b: Path, folder: Path, rules: str, swap: bool) -> tuple[float, float]:
    cores = sorted(os.sched_getaffinity(0))[:2]
    core_a, core_b = (cores[1], cores[0]) if swap else (cores[0], cores[1])
    with tempfile.TemporaryDirectory(prefix="feltcheck-paired-") as tmp:
        first = start(a, folder, rules, core_a, Path(tmp) / "a.json")
        second = start(b, folder, rules, core_b, Path(tmp) / "b.json")
        return cpu_seconds(first), cpu_seconds(second)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("build_a", type=Path)
    parser.add_argument("build_b", type=Path)
    parser.add_argument("--rules", default="fulltilt")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    if len(os.sched_getaffinity(0)) < 2:
        raise SystemExit("two cores are needed: one for each build")
    ratios = []
    for number in range(args.rounds):
        seconds_a, seconds_b = one_round(args.build_a.resolve(), args.build_b.resolve(),
                                         args.folder.resolve(), args.rules, number % 2 == 1)
        ratios.append(seconds_b / seconds_a)
        print(f"round {number + 1}: A {seconds_a:.2f} s, B {seconds_b:.2f} s, "
              f"B/A {ratios[-1]:.4f}", flush=True)
    mean = math.exp(statistics.fmean(math.log(r) for r in ratios))
    print(f"B/A: {mean:.4f} (geometric mean of {len(ratios)}; {min(ratios):.4f} to "
          f"{max(ratios):.4f}): B takes {abs(1 - mean):.1%} "
          f"{'less' if mean < 1 else 'more'} CPU time than A")


if __name__ == "__main__":
    main()
