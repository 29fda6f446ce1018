"""Where a one-job audit's memory goes (issue 17, deliverable 5; docs/performance.md).

    python -m benchmarks.throughput.memory_phases PATH... [--rules fulltilt] [--every N]
        [--trace [--trace-frames N]]

Runs the audit's stages in this process, as `feltcheck audit --jobs 1 --format json` does, and
prints the resident set size after each: every N records of the record loop (with the sizes
of what the run keeps: findings, tournaments, clause 28's pairs, flow points and evidence
places), then after scipy.special's import, the judgements across files and the report's
writing (to a file, as `--output` does). The peak of the whole run is the process's own
maximum (`ru_maxrss`). `--trace`: tracemalloc on (slow; run it on the pure build, whose
frames name the lines), and what the live Python objects grew by between the loop's first line
and its end, by the line that allocated them, then their total at the end.
"""

import argparse
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import psutil

from checker.audit.collusion import CollusionJudge
from checker.audit.findings import HandJudge
from checker.audit.gc_policy import long_run_collection
from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditProgress, AuditResult, PartAuditor, PartialAudit, _run
from checker.audit.seating import SeatingJudge
from checker.cli import AUDIT_FORMATS
from checker.ingest.stream import discover
from checker.report.context import ReportInput
from checker.report.output import write_report
from checker.rules_arg import load_rules, rules_argument

_PROCESS = psutil.Process()


def _rss() -> int:
    return int(_PROCESS.memory_info().rss) >> 20


def _kept(result: AuditResult, collusion: CollusionJudge) -> str:
    views = []
    for view, agg in collusion.aggregates().items():
        flows = sum(len(points) for points in agg.flows.values())
        views.append(f"{view}: {len(agg.pairs)} pairs, {flows} flow points, "
                     f"{len(agg.place_files)} places")
    return (f"{len(result.findings)} findings, {len(result.tournaments)} tournaments; "
            + "; ".join(views))


def _traced(before: tracemalloc.Snapshot | None, after: tracemalloc.Snapshot) -> None:
    if before is not None:
        print("grown since the loop's first line, by line:")
        for stat in after.compare_to(before, "lineno")[:25]:
            print(f"  {stat}")
        print("grown, by the last frames:")
        for stat in after.compare_to(before, "traceback")[:8]:
            print(f"  {stat.size_diff >> 10:+,} KiB, {stat.count_diff:+,} blocks")
            for line in stat.traceback.format()[-8:]:
                print(f"    {line}")
    held = after.statistics("lineno")
    print(f"traced at the loop's end: {sum(s.size for s in held) >> 20} MB; by line:")
    for largest in held[:15]:
        print(f"  {largest}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", type=Path, nargs="+", metavar="PATH")
    parser.add_argument("--rules", type=rules_argument, default="fulltilt")
    parser.add_argument("--every", type=int, default=200_000, metavar="N",
                        help="records between two lines of the loop (default 200,000)")
    parser.add_argument("--trace", action="store_true",
                        help="compare tracemalloc snapshots of the loop's first line and end")
    parser.add_argument("--trace-frames", type=int, default=1, metavar="N",
                        help="frames tracemalloc keeps per allocation (default 1: each more "
                             "slows the run further)")
    args = parser.parse_args(argv)
    if args.trace:
        tracemalloc.start(args.trace_frames)
    first: list[tracemalloc.Snapshot] = []
    print(f"{'start':>12}: {_rss()} MB", flush=True)
    rules = load_rules(args.rules)
    auditor = PartAuditor(ruleset_id(rules, args.rules.label), rules)
    print(f"{'rules':>12}: {_rss()} MB", flush=True)
    result = AuditResult(ruleset=auditor.ruleset)
    collusion = CollusionJudge(auditor.compiled, result.findings, auditor.params)
    judge = HandJudge(auditor.compiled, result.findings, collusion.observer)
    seating = SeatingJudge(auditor.compiled, result.findings)
    began = time.monotonic()
    told = [0]

    def progress(at: AuditProgress) -> None:
        if at.records - told[0] >= args.every:
            told[0] = at.records
            print(f"{at.records:>12,}: {_rss()} MB ({time.monotonic() - began:.0f} s; "
                  f"{_kept(result, collusion)})", flush=True)
            if args.trace and not first:
                first.append(tracemalloc.take_snapshot())

    with long_run_collection():
        _run(list(discover(args.paths)), result, judge, seating, collusion, progress, False)
    print(f"{'loop done':>12}: {_rss()} MB ({_kept(result, collusion)})", flush=True)
    if args.trace:
        _traced(first[0] if first else None, tracemalloc.take_snapshot())
    whole = PartialAudit(result, seating.collector, collusion.aggregates())
    import scipy.special  # noqa: F401  (what the clause-28 scoring imports first)
    print(f"{'scipy':>12}: {_rss()} MB", flush=True)
    concluded = auditor.conclude(whole, keep_pairs=False)  # as `feltcheck audit`
    print(f"{'concluded':>12}: {_rss()} MB", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        write_report(AUDIT_FORMATS["json"](ReportInput(concluded, rules, "never", None)), report)
        size = report.stat().st_size
    print(f"{'written':>12}: {_rss()} MB (JSON report of {size >> 20} MB)", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10
    print(f"{'peak':>12}: {peak} MB; {concluded.hands:,} hands", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
