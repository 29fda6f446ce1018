"""Two or more builds of feltcheck on one input, compared by the instructions a hand costs, as
valgrind counts them: within ~0.3 % run after run (the hash seed fixed; the environment
still moves it a little), where the CPU time of `bench_ab.py` moves by 3-6 % between runs on
this machine, more than most changes measured here. Instructions are not time: memory
stalls cost time and no instructions (the garbage collector's walks, say), so a change
found here is confirmed in time with `bench_ab.py` over several rounds.

Each build is run twice under `valgrind --tool=cachegrind --cache-sim=no` (about 20× slower
than the audit alone): once auditing the input's first file only (start-up, the rules, the
warm-up), once the whole input after that first file. The difference, divided by the hands
of the whole, is what a hand costs. Needs valgrind (Debian: `apt-get install valgrind`).

Run (from the repository root; a BUILD is a checkout, compiled in place by `make accel` or
pure; a few thousand hands are enough):
`.venv/bin/python benchmarks/bench_instructions.py [--rules fulltilt] FOLDER BUILD BUILD...`
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# The total valgrind prints: "==123== I   refs:      6,224,644,008".
_TOTAL = re.compile(r"I\s+refs:\s+([0-9,]+)")


def child(folder: Path, rules_name: str, whole: bool) -> None:
    """One run in the build found first on the path: audits the first file (and then, if
    `whole`, every file); prints the hands of the last audit."""
    from checker.audit.gc_policy import long_run_collection
    from checker.audit.ruleset import ruleset_id
    from checker.audit.run import PartAuditor
    from checker.ingest.stream import discover
    from checker.rules_arg import load_rules, rules_argument

    argument = rules_argument(rules_name)
    rules = load_rules(argument)
    auditor = PartAuditor(ruleset_id(rules, argument.label), rules)
    files = list(discover([folder]))
    hands = auditor.audit_part(files[:1]).result.hands
    if whole:
        with long_run_collection():
            hands = auditor.audit_part(files).result.hands
    print(hands)


def instructions(build: Path, folder: Path, rules_name: str, whole: bool) -> tuple[int, int]:
    """The run's instructions and the hands its last audit read."""
    env = {**os.environ, "PYTHONPATH": str(build), "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child",
               str(folder), "--rules", rules_name] + (["--whole"] if whole else [])
    done = subprocess.run(command, env=env, cwd=build, capture_output=True, text=True,
                          check=True)
    found = _TOTAL.search(done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found[1].replace(",", "")), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("builds", type=Path, nargs="*")
    parser.add_argument("--rules", default="fulltilt")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--whole", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.folder, args.rules, args.whole)
        return
    if not args.builds:
        parser.error("name at least one build")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    folder = args.folder.resolve()
    print(f"{folder} ({args.rules}): instructions a hand (valgrind, hash seed 0)")
    first: float | None = None
    for build in (build.resolve() for build in args.builds):
        base, _ = instructions(build, folder, args.rules, whole=False)
        total, hands = instructions(build, folder, args.rules, whole=True)
        per_hand = (total - base) / max(hands, 1)
        first = per_hand if first is None else first
        print(f"{build}: {hands:,} hands, {per_hand:,.0f} instructions a hand "
              f"({per_hand / first:.3f} of the first build's)")


if __name__ == "__main__":
    main()
