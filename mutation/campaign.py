"""Issue 16's mutation campaign over checker/replay and checker/dsl (`make mutation`).

Cosmic Ray (8.7) makes the mutants; a whole run is far too slow for this machine, so a seeded
random sample of them is tested. The steps, each its own subcommand (`all` runs them in order):

- prepare: one scratch checkout (a detached git worktree of HEAD) per job under DIR, beside a
  link to ../shared so the tests find the real corpora as they do in the repository;
- map: the pool of tests runs once under coverage; every line of the mutated packages gets
  the node ids of the tests that run it (mutation/coverage_map.py);
- init: Cosmic Ray lists every mutant; a seeded sample of SAMPLE is kept, the others are
  marked skipped ("not in the sample"), and the sample is dealt to the jobs' sessions;
- exec: each job runs its session in its own checkout (mutation/run_mutant_tests.py runs the
  tests of the mutated lines, fastest first, and stops at the first failure) within BUDGET
  seconds a mutant;
- rerun: every survivor whose tests did not all run (budget spent) runs again with
  RERUN_BUDGET seconds;
- report: kill rate with its 95% Wilson interval, by module and by operator, and every
  survivor's diff (DIR/survivors.md) for triage in docs/testing.md.

The pool is the suite without the collusion, simulator and browser tests (the simulator shares
the replay's betting and pots, so it is no independent check, and those tests take most of the
suite's time). Leaving tests out can only let more mutants live: the rate is a lower bound.
"""

import argparse
import json
import math
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkItem, WorkResult

from mutation.run_mutant_tests import BUDGET_SPENT

REPO = Path(__file__).resolve().parents[1]
MUTATED = ["checker/replay", "checker/dsl"]
EXCLUDED_TESTS = ("collusion", "browser", "test_sim", "test_simulate", "html_report", "native")
SKIPPED_OUTPUT = "not in the sample"
# A mutant whose tests run longer than this is killed by Cosmic Ray as a hang; the runner's
# per-test timeout (run_mutant_tests.TEST_TIMEOUT_SECONDS) normally fires first.
MUTANT_TIMEOUT_SECONDS = 1800


def _shard(base: Path, job: int) -> Path:
    return base / f"shard-{job}"


def prepare(base: Path, jobs: int) -> None:
    base.mkdir(parents=True, exist_ok=True)
    shared = base / "shared"
    if not shared.exists():
        shared.symlink_to(REPO.parent / "shared")
    for job in range(jobs):
        shard = _shard(base, job)
        if shard.exists():
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(shard)],
                           check=True)
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet",
                        str(shard), "HEAD"], check=True)


def pool(shard: Path) -> list[str]:
    return sorted(
        path.relative_to(shard).as_posix()
        for path in (shard / "tests").glob("test_*.py")
        if not any(word in path.name for word in EXCLUDED_TESTS)
    )


def coverage_map(base: Path) -> None:
    shard = _shard(base, 0)
    env = dict(
        os.environ,
        PYTHONPATH=str(shard),
        FELTCHECK_MUTATION_SOURCES=",".join(MUTATED),
        FELTCHECK_MUTATION_MAP=str(base / "coverage-map.json"),
    )
    # The pool must pass on the unmutated code, or every mutant would look killed.
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "-p", "mutation.coverage_map", *pool(shard)],
        cwd=shard, env=env, check=True,
    )


def _config(base: Path, budget: float) -> Path:
    config = base / "cosmic-ray.toml"
    runner = REPO / "mutation" / "run_mutant_tests.py"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(MUTATED)}\n"
        f"timeout = {MUTANT_TIMEOUT_SECONDS}.0\n"
        'excluded-modules = ["**/__init__.py"]\n'
        f'test-command = "{sys.executable} {runner} {base / "coverage-map.json"} {budget}"\n'
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
    )
    return config


def _cosmic_ray() -> str:
    return str(Path(sys.executable).with_name("cosmic-ray"))


def _describe(item: WorkItem) -> tuple[str, ...]:
    mutation = item.mutations[0]
    return (str(mutation.module_path), mutation.operator_name, str(mutation.occurrence),
            str(mutation.start_pos))


def init(base: Path, jobs: int, sample: int, seed: int, budget: float) -> None:
    config = _config(base, budget)
    session = base / "session.sqlite"
    session.unlink(missing_ok=True)
    subprocess.run([_cosmic_ray(), "init", str(config), str(session)], cwd=_shard(base, 0),
                   check=True)
    with use_db(str(session), WorkDB.Mode.open) as db:
        items = sorted(db.work_items, key=_describe)
    # Job ids are random: sample over the mutants' own description, so a seed always picks
    # the same mutants of the same code.
    chosen = random.Random(seed).sample([item.job_id for item in items], min(sample, len(items)))
    print(f"{len(items)} mutants; {len(chosen)} sampled with seed {seed}")
    for job in range(jobs):
        mine = set(chosen[job::jobs])
        shard_session = base / f"session-{job}.sqlite"
        shutil.copy(session, shard_session)
        with use_db(str(shard_session), WorkDB.Mode.open) as db:
            db.set_multiple_results(
                [item.job_id for item in items if item.job_id not in mine],
                WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output=SKIPPED_OUTPUT),
            )


def execute(base: Path, jobs: int) -> None:
    config = base / "cosmic-ray.toml"
    running = [
        subprocess.Popen([_cosmic_ray(), "exec", str(config), str(base / f"session-{job}.sqlite")],
                         cwd=_shard(base, job), stdout=subprocess.DEVNULL)
        for job in range(jobs)
    ]
    failed = [process.args for process in running if process.wait() != 0]
    if failed:
        raise SystemExit(f"cosmic-ray exec failed: {failed}")


def _not_fully_tested(result: WorkResult) -> bool:
    """A survivor whose tests did not all run: the budget ran out, or none was found."""
    output = result.output or ""
    return result.test_outcome == TestOutcome.SURVIVED and (
        BUDGET_SPENT in output or ": 0 tests" in output)


def rerun(base: Path, jobs: int, budget: float) -> None:
    """Give every survivor of the first pass whose tests did not all run a second, longer run:
    the first pass's budget is short so that the many easy kills stay cheap. A survivor that
    passed every test of its lines would pass them again."""
    _config(base, budget)
    for job in range(jobs):
        session = base / f"session-{job}.sqlite"
        with use_db(str(session), WorkDB.Mode.open) as db:
            survivors = [item.job_id for item, result in db.completed_work_items
                         if _not_fully_tested(result)]
        # Cosmic Ray runs the work items that have no result: forget the survivors' results.
        with sqlite3.connect(session) as connection:
            connection.executemany("DELETE FROM work_results WHERE job_id = ?",
                                   [(job_id,) for job_id in survivors])
        print(f"job {job}: {len(survivors)} survivors run again with a {budget:.0f} s budget")
    execute(base, jobs)


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if total == 0:
        return (0.0, 1.0)
    p = killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (centre - half, centre + half)


def report(base: Path, jobs: int) -> dict[str, object]:
    outcomes: list[tuple[WorkItem, WorkResult]] = []
    for job in range(jobs):
        with use_db(str(base / f"session-{job}.sqlite"), WorkDB.Mode.open) as db:
            outcomes += [
                (item, result) for item, result in db.completed_work_items
                if result.output != SKIPPED_OUTPUT
            ]
    tested = [(i, r) for i, r in outcomes if r.worker_outcome == WorkerOutcome.NORMAL
              and r.test_outcome in (TestOutcome.KILLED, TestOutcome.SURVIVED)]
    killed = sum(r.test_outcome == TestOutcome.KILLED for _, r in tested)
    survived = sorted(((i, r) for i, r in tested if r.test_outcome == TestOutcome.SURVIVED),
                      key=lambda pair: _describe(pair[0]))
    low, high = wilson(killed, len(tested))
    by_module: dict[str, list[int]] = {}
    for item, result in tested:
        counts = by_module.setdefault(str(item.mutations[0].module_path), [0, 0])
        counts[0] += result.test_outcome == TestOutcome.KILLED
        counts[1] += 1
    summary: dict[str, object] = {
        "tested": len(tested),
        "killed": killed,
        "survived": len(survived),
        "survived_not_fully_tested": sum(_not_fully_tested(r) for _, r in survived),
        "not_tested": len(outcomes) - len(tested),
        "kill_rate": killed / len(tested) if tested else 0.0,
        "wilson_95": [low, high],
        "killed_of_tested_by_module": dict(sorted(by_module.items())),
    }
    (base / "report.json").write_text(json.dumps(summary, indent=2))
    with (base / "survivors.md").open("w") as out:
        for item, result in survived:
            mutation = item.mutations[0]
            partly = " (budget spent)" if _not_fully_tested(result) else ""
            out.write(f"## {mutation.module_path}:{mutation.start_pos[0]} "
                      f"{mutation.operator_name}{partly} {item.job_id[:8]}\n"
                      f"```diff\n{result.diff}\n```\n\n")
    print(json.dumps(summary, indent=2))
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step",
                        choices=["prepare", "map", "init", "exec", "rerun", "report", "all"])
    parser.add_argument("--dir", type=Path, default=REPO.parent / "feltcheck-mutation")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--sample", type=int, default=500)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--budget", type=float, default=60.0,
                        help="seconds of tests a mutant may take in the first pass")
    parser.add_argument("--rerun-budget", type=float, default=600.0,
                        help="seconds of tests a survivor of the first pass may take")
    args = parser.parse_args()
    base = args.dir.resolve()
    if args.step in ("prepare", "all"):
        prepare(base, args.jobs)
    if args.step in ("map", "all"):
        coverage_map(base)
    if args.step in ("init", "all"):
        init(base, args.jobs, args.sample, args.seed, args.budget)
    if args.step in ("exec", "all"):
        execute(base, args.jobs)
    if args.step in ("rerun", "all"):
        rerun(base, args.jobs, args.rerun_budget)
    if args.step in ("report", "all"):
        report(base, args.jobs)


if __name__ == "__main__":
    main()
