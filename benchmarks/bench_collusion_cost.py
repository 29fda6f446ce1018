"""What clause 28's pair aggregates add to `feltcheck audit` (issue 13: at most 25%).

Each round runs two audits of the same corpus at once, one process each: the rules as they are
("on") and the same rules without the `collusion.*` rules ("off": nothing feeds the pair
aggregates). Run side by side, both see the same machine: its CPU time drifts by 10-15% from
one run to the next, so audits run one after another cannot be compared.
Each process reports the CPU seconds of `audit()` (rules loaded, not timed), the seconds its
garbage collections took, and its peak RSS.

Run: `.venv/bin/python benchmarks/bench_collusion_cost.py PATH [--rounds 3]`; a corpus the size
of the benchmark's (200,000 hands, 3,000 players, its teams) is written by
`feltcheck simulate --seed 11 --hands 200000 --players 3000 --format log --colluders TEAMS`
(TEAMS from benchmarks/collusion/corpus.py). Figures: docs/performance.md.
"""

import argparse
import dataclasses
import gc
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "rules" / "fulltilt.rules"
CLAUSE_28 = "collusion."


def _rules(collusion: bool) -> Ruleset:
    loaded = load_ruleset(RULES)
    if collusion:
        return loaded
    kept = {name: rule for name, rule in loaded.rules.items() if not name.startswith(CLAUSE_28)}
    return dataclasses.replace(loaded, rules=kept)


def one(path: Path, collusion: bool) -> dict[str, float]:
    """One audit in this process: its CPU seconds, GC seconds and peak RSS (MB)."""
    rules = _rules(collusion)
    gc_seconds = 0.0
    started_gc = 0.0

    def clock(phase: str, _: dict[str, int]) -> None:
        nonlocal gc_seconds, started_gc
        if phase == "start":
            started_gc = time.process_time()
        else:
            gc_seconds += time.process_time() - started_gc

    gc.callbacks.append(clock)
    started = time.process_time()
    result = audit([path], ruleset_id(rules, RULES), rules)
    cpu = time.process_time() - started
    gc.callbacks.remove(clock)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # Hands of tournament logs are counted as the log's events; the aggregates count both.
    return {"cpu": cpu, "gc": gc_seconds, "rss_mb": rss,
            "hands": float(sum(result.collusion.hands.values())),
            "pairs": float(len(result.collusion.pairs))}


def _round(path: Path) -> dict[str, dict[str, float]]:
    runs = {mode: subprocess.Popen([sys.executable, __file__, str(path), "--one", mode],
                                   stdout=subprocess.PIPE, text=True)
            for mode in ("on", "off")}
    figures: dict[str, dict[str, float]] = {}
    for mode, run in runs.items():
        out, _ = run.communicate()
        if run.returncode != 0:
            raise SystemExit(f"the {mode} audit failed ({run.returncode})")
        figures[mode] = json.loads(out)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", choices=("on", "off"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.path, args.one == "on")))
        return
    overheads = []
    print("| round | off CPU s (GC) | on CPU s (GC) | overhead | peak RSS off / on |")
    print("|---|---:|---:|---:|---:|")
    for number in range(1, args.rounds + 1):
        f = _round(args.path)
        on, off = f["on"], f["off"]
        overhead = on["cpu"] / off["cpu"] - 1
        overheads.append(overhead)
        print(f"| {number} | {off['cpu']:.1f} ({off['gc']:.2f}) | {on['cpu']:.1f} "
              f"({on['gc']:.2f}) | {overhead:+.1%} | {off['rss_mb']:.0f} / "
              f"{on['rss_mb']:.0f} MB |", flush=True)
    print(f"\n{int(f['on']['hands']):,} hands, {int(f['on']['pairs']):,} pairs scored; "
          f"overhead median {statistics.median(overheads):+.1%}")


if __name__ == "__main__":
    main()
