"""Two or more builds of feltcheck on one input, their runs alternating: this machine's speed
drifts between runs by more than most changes measured here (docs/performance.md), so a
build is only compared with another measured in the same minutes.

Each run is a process of its own with the build first on `PYTHONPATH`: it loads the rules,
audits the input's first files once (start-up, caches, the events' rule functions), then
times one `PartAuditor.audit_part` of the whole input (CPU seconds, the garbage collector as
the audit sets it). Printed per build: µs a hand, best and median of the runs, and hands per
CPU second from the best.

Run (from the repository root; a BUILD is a checkout, compiled in place by `make accel` or
pure):
`.venv/bin/python benchmarks/bench_ab.py FOLDER [--rules fulltilt] [--rounds 4] BUILD BUILD...`
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

# Files audited once before the timed run.
WARM_UP_FILES = 3


def child(folder: Path, rules_name: str) -> None:
    """One timed run, in the build found first on the path: prints `µs-a-hand hands`."""
    import time

    from checker.audit.gc_policy import long_run_collection
    from checker.audit.ruleset import ruleset_id
    from checker.audit.run import PartAuditor
    from checker.ingest.stream import discover
    from checker.rules_arg import load_rules, rules_argument

    argument = rules_argument(rules_name)
    rules = load_rules(argument)
    auditor = PartAuditor(ruleset_id(rules, argument.label), rules)
    files = list(discover([folder]))
    auditor.audit_part(files[:WARM_UP_FILES])
    with long_run_collection():
        started = time.process_time()
        hands = auditor.audit_part(files).result.hands
        spent = time.process_time() - started
    print(f"{spent / max(hands, 1) * 1e6:.2f} {hands}")


def run_once(build: Path, folder: Path, rules_name: str) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(build)}
    done = subprocess.run([sys.executable, __file__, "--child", str(folder), "--rules",
                           rules_name], env=env, cwd=build, capture_output=True, text=True,
                          check=True)
    per_hand, hands = done.stdout.split()
    return float(per_hand), int(hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("builds", type=Path, nargs="*")
    parser.add_argument("--rules", default="fulltilt")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.folder, args.rules)
        return
    if not args.builds:
        parser.error("name at least one build")
    builds = [build.resolve() for build in args.builds]
    folder = args.folder.resolve()
    times: dict[Path, list[float]] = {build: [] for build in builds}
    hands: dict[Path, int] = {}
    for _ in range(args.rounds):
        for build in builds:
            per_hand, count = run_once(build, folder, args.rules)
            times[build].append(per_hand)
            hands[build] = count
    print(f"{folder} ({args.rules}), {args.rounds} runs a build, alternating; µs a hand")
    for build in builds:
        runs = times[build]
        best = min(runs)
        print(f"{build}: {hands[build]:,} hands, best {best:.1f}, median "
              f"{statistics.median(runs):.1f} ({1e6 / best:,.0f} hands a CPU second); runs "
              + ", ".join(f"{value:.1f}" for value in runs))


if __name__ == "__main__":
    main()
