"""feltcheck's full audit against PokerKit 0.7.7 on the same hands (issue 17, deliverables 3
and 5; docs/performance.md, "Throughput against PokerKit").

Run from the repository root (`make bench-throughput`, or with the venv's python):
    python -m benchmarks.throughput --work DIR [--sizes 100000 1000000] [--jobs 1,2,N]
        [--phh-hands N] [--no-dask] [--pokerkit-max-hands N] [--only NAME...] [--json OUT]
    python -m benchmarks.throughput --work DIR --memory [--memory-sizes 10000 100000 1000000]

Throughput: for each size, the inputs of `corpora.py` (simulated NL hold'em Sit & Gos and
MTTs at 9- and at 6-seat tables, each as Full Tilt text and as the tournament log) and the
real PHH file's copies (`--only`: the inputs whose names start so). Each input is audited by
feltcheck in a process of its own with each job count (`--jobs`, N = every core) and,
unless `--no-dask`, on a Dask LocalCluster of 2 workers started here (`--scheduler`);
PokerKit replays the same hands once, in a process of its own.
Memory: each size's Sit & Go corpus, clean and with a fault about every hundredth hand,
audited with one job; peak RSS per run.

Printed as a table; `--json` writes every figure (with PokerKit's refusals and examples).
"""

import argparse
import json
import os
import platform
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .corpora import (
    KINDS,
    PHH_NAME,
    REPO,
    Input,
    memory_inputs,
    phh_input,
    simulator_inputs,
)
from .feltcheck_side import AuditRun, audit_options, compiled, run_audit, startup

DASK_WORKERS = 2


def _jobs(text: str) -> list[int]:
    """`1,2,N` -> [1, 2, cpu count], duplicates dropped (N is 2 on a 2-core machine)."""
    cores = os.cpu_count() or 1
    counts: list[int] = []
    for item in text.split(","):
        count = cores if item.strip().upper() == "N" else int(item)
        if count not in counts:
            counts.append(count)
    return counts


def machine() -> dict[str, object]:
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next((line.split(":", 1)[1].strip() for line in info
                          if line.startswith("model name")), "")
    except OSError:
        pass
    # The interpreter's path says which build it is: that moves the figures ~17 %
    # (tools/venv_python.py).
    return {"cores": os.cpu_count(), "cpu": model, "python": platform.python_version(),
            "python_executable": os.path.realpath(sys.executable),
            "load_average": os.getloadavg(),
            "feltcheck_build": "compiled (mypyc)" if compiled() else "pure Python",
            "pokerkit": _pokerkit_version(),
            "commit": _commit()}


def _pokerkit_version() -> str:
    from importlib.metadata import version
    return version("pokerkit")


def _commit() -> str:
    shown = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                           capture_output=True, text=True, check=False)
    return shown.stdout.strip()


def pokerkit_replay(paths: tuple[Path, ...], max_hands: int) -> dict[str, Any]:
    """PokerKit's run over `paths` in a child process, with its peak RSS."""
    command = [sys.executable, "-m", "benchmarks.throughput.pokerkit_run",
               *map(str, paths), "--max-hands", str(max_hands)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.PIPE)
    output = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.stdout:
        process.stdout.close()
    if process.returncode != 0:
        return {"problem": f"exit {process.returncode}", "peak_rss_mb": usage.ru_maxrss / 1024}
    result: dict[str, Any] = json.loads(output)
    result["peak_rss_mb"] = usage.ru_maxrss / 1024
    return result


@contextmanager
def dask_cluster(wanted: bool) -> Iterator[tuple[str | None, str]]:
    """(scheduler address, why there is none): a LocalCluster of 2 single-threaded worker
    processes, only when `audit` has `--scheduler` and dask.distributed is installed."""
    if not wanted:
        yield None, "not asked (--no-dask)"
        return
    if "--scheduler" not in audit_options():
        yield None, "no --scheduler option in this checkout (issue 17, deliverable 1)"
        return
    try:
        from dask.distributed import LocalCluster
    except ImportError:
        yield None, "dask.distributed is not installed (pip install 'feltcheck[dask]')"
        return
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=DASK_WORKERS, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster:
        yield cluster.scheduler_address, ""


def throughput(args: argparse.Namespace) -> dict[str, Any]:
    work: Path = args.work
    only: list[str] = args.only

    def wanted(name: str) -> bool:
        return not only or any(name.startswith(prefix) for prefix in only)

    rows: list[dict[str, Any]] = []
    empty = startup()
    print(f"# feltcheck start-up (empty folder, best of 3): {empty.seconds:.2f} s, "
          f"{empty.cpu_seconds:.2f} CPU s", file=sys.stderr)
    with dask_cluster(not args.no_dask) as (address, no_cluster):
        for size in args.sizes:
            inputs = [one for kind in KINDS
                      for one in simulator_inputs(work, size, kind, wanted)]
            if wanted(PHH_NAME):
                inputs.append(phh_input(work, args.phh_hands or size))
            for one in inputs:
                new = _rows(one, size, args, address, no_cluster, empty)
                _print_rows(new, header=not rows)
                rows += new
    return {"machine": machine(), "startup": asdict(empty), "rows": rows}


def _rows(one: Input, size: int, args: argparse.Namespace, address: str | None,
          no_cluster: str, empty: AuditRun) -> list[dict[str, Any]]:
    print(f"# {one.name} (size {size:,}): {one.description}", file=sys.stderr)
    kit = pokerkit_replay(one.paths, args.pokerkit_max_hands)
    runs: list[tuple[str, AuditRun]] = []
    for jobs in args.jobs:
        if jobs == 1 and "--jobs" not in audit_options():
            # Today's audit is one process: the 1-job row is the plain run.
            runs.append(("1", run_audit(one.paths)))
        else:
            runs.append((str(jobs), run_audit(one.paths, jobs=jobs)))
    label = f"dask {DASK_WORKERS} workers"
    if address is None:
        runs.append((label, AuditRun(problem=no_cluster)))
    else:
        runs.append((label, run_audit(one.paths, scheduler=address)))
    rows = []
    kit_rate = float(kit.get("hands_per_second", 0.0))
    kit_cpu_rate = float(kit.get("hands_per_cpu_second", 0.0))
    one_job = next((run for label, run in runs if label == "1"), None)
    for jobs_label, run in runs:
        # Net of the start-up: what a large input approaches (the whole process beside it).
        net = _rate(run.hands, run.seconds - empty.seconds)
        # Only a one-process run's CPU is the command's: --jobs workers are the fork server's
        # children and Dask's workers its own processes, so wait4 does not count them.
        cpu_net = (_rate(run.hands, run.cpu_seconds - empty.cpu_seconds)
                   if jobs_label == "1" else 0.0)
        speed_up = (_rate(run.hands_per_second, one_job.hands_per_second)
                    if one_job is not None and jobs_label != "1" else 0.0)
        rows.append({
            "input": one.name, "size": size, "description": one.description,
            "paths": [str(path) for path in one.paths], "jobs": jobs_label,
            "feltcheck": asdict(run), "feltcheck_hands_per_second": run.hands_per_second,
            "feltcheck_net_hands_per_second": net,
            "feltcheck_net_hands_per_cpu_second": cpu_net,
            "pokerkit": kit, "pokerkit_hands_per_second": kit_rate,
            "pokerkit_hands_per_cpu_second": kit_cpu_rate,
            "ratio": _rate(run.hands_per_second, kit_rate) or None,
            "net_ratio": _rate(net, kit_rate) or None,
            "cpu_ratio": _rate(cpu_net, kit_cpu_rate) or None,
            "speed_up_over_one_job": speed_up or None,
            "load_average_after_input": os.getloadavg()[0],
        })
    return rows


def _rate(count: float, seconds: float) -> float:
    return count / seconds if count and seconds > 0 else 0.0


def _print_rows(rows: list[dict[str, Any]], header: bool) -> None:
    if header:
        print("wall: hands per second of the whole process (feltcheck) or of the replay "
              "(PokerKit); CPU: per CPU second, feltcheck's less its start-up (one-process "
              "rows only); note: speed-up over 1 job, by the wall clock")
        print(f"{'input':<20} {'hands':>7} {'jobs':<8} {'felt wall':>9} {'CPU':>6} "
              f"{'kit wall':>8} {'CPU':>6} {'ratio wall':>10} {'CPU':>5} "
              f"{'RSS felt':>8} {'kit':>5}  note")
    for row in rows:
        _print_row(row)


def _count(value: float) -> str:
    return f"{value:,.0f}" if value else "-"


def _times(value: float | None) -> str:
    return f"{value:.1f}x" if value else "-"


def _print_row(row: dict[str, Any]) -> None:
    run, kit = row["feltcheck"], row["pokerkit"]
    outcomes = kit.get("outcomes", {})
    speed_up = row.get("speed_up_over_one_job")
    note = run["problem"] or (
        (f"{speed_up:.2f}x 1 job; " if speed_up else "")
        + f"PokerKit: {kit.get('hands_replayed', 0):,} replayed, "
        f"{outcomes.get('refused', 0)} refused, {outcomes.get('unfinished', 0)} unfinished, "
        f"{sum(kit.get('skipped', {}).values())} skipped")
    print(f"{row['input']:<20} {run['hands']:>7,} {row['jobs'][:8]:<8} "
          f"{row['feltcheck_hands_per_second']:>9,.0f} "
          f"{_count(row['feltcheck_net_hands_per_cpu_second']):>6} "
          f"{row['pokerkit_hands_per_second']:>8,.0f} "
          f"{row['pokerkit_hands_per_cpu_second']:>6,.0f} "
          f"{_times(row['ratio']):>10} {_times(row['cpu_ratio']):>5} "
          f"{run['peak_rss_mb']:>6.0f}MB {kit.get('peak_rss_mb', 0):>3.0f}MB  {note}",
          flush=True)


def memory(args: argparse.Namespace) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    print(f"{'input':<28} {'hands':>9} {'findings':>9} {'hands/s':>9} {'per CPU s':>9} "
          f"{'peak RSS':>9}")
    for size in args.memory_sizes:
        for one in memory_inputs(args.work, size):
            run = run_audit(one.paths, jobs=1) if "--jobs" in audit_options() \
                else run_audit(one.paths)
            rows.append({"input": one.name, "size": size, "description": one.description,
                         "feltcheck": asdict(run)})
            shown = run.problem or f"{run.peak_rss_mb:>7.0f}MB"
            print(f"{one.name:<28} {run.hands:>9,} {run.findings:>9,} "
                  f"{run.hands_per_second:>9,.0f} {_rate(run.hands, run.cpu_seconds):>9,.0f} "
                  f"{shown:>9}", flush=True)
    return {"machine": machine(), "memory": rows}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="feltcheck's full audit against PokerKit 0.7.7 on the same hands",
        epilog=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, required=True,
                        help="folder for the corpora (outside the repository; reused)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000],
                        help="hands the simulator deals for each corpus")
    parser.add_argument("--jobs", type=_jobs, default=_jobs("1,2,N"),
                        help="feltcheck job counts, N = every core (default 1,2,N)")
    parser.add_argument("--phh-hands", type=int, default=0,
                        help="hands in the copies of the real PHH file (default: the size)")
    parser.add_argument("--no-dask", action="store_true", help="no Dask LocalCluster row")
    parser.add_argument("--pokerkit-max-hands", type=int, default=0,
                        help="PokerKit replays only the first N hands of each input (0: all)")
    parser.add_argument("--memory", action="store_true",
                        help="the memory mode (deliverable 5) instead of the throughput")
    parser.add_argument("--memory-sizes", type=int, nargs="+",
                        default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--only", nargs="+", metavar="NAME", default=[],
                        help="only the inputs whose names start so ('sng', 'mtt log', "
                             "'real PHH', ...; default: every input); no corpus is written for "
                             "the others")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    result = memory(args) if args.memory else throughput(args)
    print(f"machine: {json.dumps(result['machine'])}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
