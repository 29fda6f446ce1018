"""One audit on many processes or a Dask cluster (checker/audit/partition.py): the report is
byte for byte that of one process, over hand histories, summaries and tournament logs together
(and the real corpus), and a worker that dies is reported, never silently dropped.

The Dask tests start a LocalCluster of 2 worker processes (with nannies, as a real cluster
has); the deaths are real: a worker process kills itself with SIGKILL on a chosen file.
"""

import itertools
import json
import os
import pickle
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import forkserver
from pathlib import Path

import dask
import pytest
from distributed import LocalCluster
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.audit import partition
from checker.audit.partition import (
    Plan,
    audit_files,
    audit_planned,
    dask_audit_files,
    on_dask,
    on_processes,
)
from checker.audit.ruleset import RulesetId, ruleset_id
from checker.audit.run import AuditProgress, AuditResult, PartAuditor, PartialAudit
from checker.cli import main
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.stream import discover
from checker.replay.seating_audit import SEATS, SeatingStatistic
from checker.report.collusion_json import collusion_document, render_collusion_json
from checker.report.context import ReportInput
from checker.report.json_report import render_json_report
from checker.report.junit_report import render_junit
from checker.report.sarif_report import render_sarif
from checker.report.text_report import render_text
from tests.conftest import REPO, SHARED

RULES_FILE = REPO / "rules" / "fulltilt.rules"
SAMPLES = REPO / "hand_histories"
REAL = SHARED / "corpus" / "real"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset(RULES_FILE)


@pytest.fixture(scope="module")
def ruleset(rules: Ruleset) -> RulesetId:
    return ruleset_id(rules, RULES_FILE)


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    # A task may kill one worker and be run again; a second death makes it a KilledWorker.
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}), LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
            silence_logs=True) as local:  # type: ignore[no-untyped-call]
        yield local


def _reports(result: AuditResult, rules: Ruleset) -> dict[str, str]:
    """Every format of the audit report, and the clause-28 document."""
    report = ReportInput(result, rules, "error")
    return {
        "json": render_json_report(report), "sarif": render_sarif(report),
        "junit": render_junit(report), "text": render_text(report),
        "collusion": render_collusion_json(collusion_document(result, rules)),
    }


def test_two_jobs_and_a_dask_cluster_report_what_one_job_does(
        rules: Ruleset, ruleset: RulesetId, cluster: LocalCluster) -> None:
    paths = [SAMPLES, REAL / "phh", REAL / "ftp"]
    one = audit_planned(paths, ruleset, rules, Plan(jobs=1))
    # What the comparison covers: every kind of input, and the judgements across files.
    assert {"fulltilt-hand", "fulltilt-summary", "tournament-log", "phh"} <= set(one.formats)
    assert one.rejected and one.warnings and one.unrecognized
    judged = {f.rule for f in one.findings}
    assert "seating.random-draw" in judged
    assert any(rule.startswith("collusion.") for rule in judged)
    expected = _reports(one, rules)
    notices: list[str] = []
    for plan in (Plan(jobs=2), Plan(scheduler=cluster.scheduler_address)):
        result = audit_planned(paths, ruleset, rules, plan, notify=notices.append)
        assert _reports(result, rules) == expected, plan
    assert notices == []


def test_the_collusion_command_takes_the_options_and_gives_the_same_bytes(
        tmp_path: Path) -> None:
    """(The audit command's options: test_interrupt.py runs `audit --jobs 2`.)"""
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"collusion-{jobs}.json"
        status = main(["collusion", str(SAMPLES), "--format", "json", "--jobs", jobs,
                       "--output", str(out)])
        outputs.append((status, out.read_bytes()))
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0][1])["pairs"]  # something to compare


@pytest.mark.parametrize("options", [["--jobs", "0"], ["--jobs", "two"],
                                     ["--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"]])
def test_bad_options_are_usage_errors(options: list[str],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(SAMPLES / "samples"), *options])
    assert stop.value.code == 2
    assert "--jobs" in capsys.readouterr().err


def test_a_scheduler_that_does_not_answer_is_a_usage_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(partition, "CONNECT_SECONDS", 1)
    status = main(["audit", str(SAMPLES / "samples"), "--scheduler", "tcp://127.0.0.1:9"])
    assert status == 2
    assert "no Dask scheduler answers at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_the_default_starts_no_process_for_a_small_input() -> None:
    small = list(discover([SAMPLES / "fixtures"]))
    assert partition.default_jobs(small) == 1
    assert partition.default_jobs([]) == 1


def test_the_default_uses_every_core_for_a_large_input(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(partition, "usable_cores", lambda: 6)
    files = []
    for n in range(3):
        path = tmp_path / f"big-{n}.txt"
        with path.open("wb") as out:
            out.truncate(partition.BYTES_PER_DEFAULT_JOB)
        files.append(path)
    assert partition.default_jobs(files) == 3
    assert partition.default_jobs(files * 4) == 6



@pytest.mark.parametrize("plan, large, starts", [
    (Plan(jobs=2), False, True),
    (Plan(jobs=None), True, True),
    (Plan(jobs=1), True, False),
    (Plan(jobs=None), False, False),  # the default runs a small input in this process
    (Plan(scheduler="tcp://127.0.0.1:9"), True, False),
])
def test_the_fork_server_starts_before_the_rules_load_only_for_local_processes(
        plan: Plan, large: bool, starts: bool, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[bool] = []
    monkeypatch.setattr(forkserver, "ensure_running", lambda: started.append(True))
    monkeypatch.setattr(partition, "usable_cores", lambda: 2)
    paths = [SAMPLES / "fixtures", tmp_path / "not-there"]
    if large:
        for n in range(2):
            with (tmp_path / f"big-{n}.txt").open("wb") as out:
                out.truncate(partition.BYTES_PER_DEFAULT_JOB)
        paths.append(tmp_path)
    partition.start_workers_early(paths, plan)
    assert started == ([True] if starts else [])

# ---------------------------------------------------------------- workers that die


@dataclass(frozen=True)
class Dying:
    """A worker's task that kills its own process on the file named `name`: the first time it
    meets it (leaving a mark in `marks`), or `always`. Sent to the workers with each task."""

    name: str
    marks: Path
    always: bool = False

    def dies_on(self, paths: list[str]) -> bool:
        if self.name not in {Path(path).name for path in paths}:
            return False
        mark = self.marks / self.name
        if self.always or not mark.exists():
            mark.touch()
            return True
        return False

    def __call__(self, paths: list[str]) -> PartialAudit:
        if self.dies_on(paths):
            os.kill(os.getpid(), signal.SIGKILL)
        return audit_files(paths)


@dataclass(frozen=True)
class DaskDying(Dying):
    def __call__(self, paths: list[str], ruleset: RulesetId,  # type: ignore[override]
                 rules: Ruleset) -> PartialAudit:
        if self.dies_on(paths):
            os.kill(os.getpid(), signal.SIGKILL)
        return dask_audit_files(paths, ruleset, rules)


@dataclass(frozen=True)
class HalfSent(Dying):
    """As `Dying`, but the worker first sends the start of a partial on the pool's result pipe,
    as one killed while sending its partial leaves it; then it dies, or, `stays`, waits to be
    ended (as one still sending when the audit is interrupted)."""

    stays: bool = False

    def __call__(self, paths: list[str]) -> PartialAudit:
        if self.dies_on(paths):
            # The pool's worker loop (concurrent.futures.process._process_worker) runs the
            # task: the result queue is its caller's. A message's length, then a little of it.
            results = sys._getframe(1).f_locals["result_queue"]
            results._writer._send(struct.pack("!i", 1 << 20) + b"\x80" * 64)
            (self.marks / "sent").touch()
            if self.stays:
                time.sleep(600)
            os.kill(os.getpid(), signal.SIGKILL)
        return audit_files(paths)


def _whole(parts: Iterator[PartialAudit], auditor: PartAuditor) -> AuditResult:
    whole = PartialAudit(AuditResult(ruleset=auditor.ruleset), None, {})
    for part in parts:
        whole.merge(part)
    return auditor.conclude(whole)


def _logs() -> list[Path]:
    return sorted((SAMPLES / "fixtures").glob("log-*.jsonl"))[:4]


def test_a_process_that_dies_is_told_and_its_files_are_audited_again(
        rules: Ruleset, ruleset: RulesetId, tmp_path: Path) -> None:
    files = _logs()
    chosen = files[2]
    auditor = PartAuditor(ruleset, rules)
    notices: list[str] = []
    task = Dying(chosen.name, tmp_path)
    result = _whole(on_processes(files, 2, ruleset, rules, notices.append, task), auditor)
    assert (tmp_path / chosen.name).exists()  # it did die
    assert len(notices) == 1
    assert notices[0].startswith("a worker process died while auditing")
    assert chosen.as_posix() in notices[0]
    assert _reports(result, rules) == _reports(
        auditor.conclude(auditor.audit_part(files)), rules)


def _in_a_process_of_its_own(scenario: str, tmp_path: Path) -> None:
    """Run `scenario` (a function of this module, given `tmp_path`) in a fresh process. What
    it tests hangs when it fails, the pool's thread with it: ended at the timeout, that
    process takes the hang with it, not the test run."""
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; from tests.test_partition import {scenario}; "
                               f"{scenario}(sys.argv[1])", str(tmp_path)],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
        timeout=120)
    assert done.returncode == 0, done.stderr.decode()


def dies_halfway_through_sending(folder: str) -> None:
    """A worker dies having sent half a partial: the audit's notices and reports, in a file."""
    rules = load_ruleset(RULES_FILE)
    ruleset = ruleset_id(rules, RULES_FILE)
    files = _logs()
    notices: list[str] = []
    task = HalfSent(files[2].name, Path(folder))
    result = _whole(on_processes(files, 2, ruleset, rules, notices.append, task),
                    PartAuditor(ruleset, rules))
    (Path(folder) / "audit.json").write_text(
        json.dumps({"notices": notices, "reports": _reports(result, rules)}), encoding="utf-8")


def test_a_process_that_dies_halfway_through_sending_its_partial_is_told_and_audited_again(
        rules: Ruleset, ruleset: RulesetId, tmp_path: Path) -> None:
    _in_a_process_of_its_own("dies_halfway_through_sending", tmp_path)
    files = _logs()
    audit = json.loads((tmp_path / "audit.json").read_text(encoding="utf-8"))
    assert (tmp_path / "sent").exists()  # it did send half a partial
    assert len(audit["notices"]) == 1
    assert audit["notices"][0].startswith("a worker process died while auditing")
    assert files[2].as_posix() in audit["notices"][0]
    auditor = PartAuditor(ruleset, rules)
    assert audit["reports"] == _reports(auditor.conclude(auditor.audit_part(files)), rules)


def stopped_halfway_through_sending(folder: str) -> None:
    """The workers are ended (as by Ctrl-C: checker/interrupt.py) while the pool's thread
    waits for the rest of a partial one of them sent half of."""
    rules = load_ruleset(RULES_FILE)
    chosen = _logs()[0]
    pool = partition._pool(2, ruleset_id(rules, RULES_FILE), rules)
    task = HalfSent(chosen.name, Path(folder), stays=True)
    future = pool.submit(task, [chosen.as_posix()])
    while not (Path(folder) / "sent").exists():
        assert not future.done(), future.exception()
        time.sleep(0.01)
    time.sleep(0.5)  # the pool's thread has read the length and waits for the rest
    partition._stop(pool, clean=False)
    assert future.done()


def test_stopping_the_workers_while_one_is_halfway_through_sending_its_partial_ends(
        tmp_path: Path) -> None:
    _in_a_process_of_its_own("stopped_halfway_through_sending", tmp_path)
    assert (tmp_path / "sent").exists()


def test_a_file_whose_process_dies_every_time_is_listed_not_audited(
        rules: Ruleset, ruleset: RulesetId, tmp_path: Path) -> None:
    files = _logs()
    chosen = files[1]
    auditor = PartAuditor(ruleset, rules)
    notices: list[str] = []
    task = Dying(chosen.name, tmp_path, always=True)
    result = _whole(on_processes(files, 2, ruleset, rules, notices.append, task), auditor)
    assert [(u.path, u.readable) for u in result.unrecognized] == [(chosen.as_posix(), False)]
    assert "died twice" in result.unrecognized[0].reason
    assert notices[-1] == f"{chosen.as_posix()}: the process auditing it died again: not audited"
    # Every other file is audited, and counted, as it is without the lost one.
    others = auditor.conclude(auditor.audit_part([f for f in files if f != chosen]))
    assert result.files == len(files)
    assert result.formats == others.formats
    assert result.findings == others.findings


def test_a_dask_worker_that_dies_is_told_and_its_file_audited_elsewhere(
        rules: Ruleset, ruleset: RulesetId, tmp_path: Path, cluster: LocalCluster) -> None:
    files = _logs()
    chosen = files[1]
    auditor = PartAuditor(ruleset, rules)
    notices: list[str] = []
    task = DaskDying(chosen.name, tmp_path)
    result = _whole(on_dask(files, cluster.scheduler_address, ruleset, rules, notices.append,
                            task), auditor)
    assert (tmp_path / chosen.name).exists()
    assert len(notices) == 1
    assert notices[0].startswith("1 Dask worker(s) left during the run")
    assert _reports(result, rules) == _reports(
        auditor.conclude(auditor.audit_part(files)), rules)


def test_a_file_that_kills_every_dask_worker_is_listed_not_audited(
        rules: Ruleset, ruleset: RulesetId, tmp_path: Path, cluster: LocalCluster) -> None:
    files = _logs()[:3]
    chosen = files[0]
    auditor = PartAuditor(ruleset, rules)
    notices: list[str] = []
    task = DaskDying(chosen.name, tmp_path, always=True)
    result = _whole(on_dask(files, cluster.scheduler_address, ruleset, rules, notices.append,
                            task), auditor)
    assert [(u.path, u.readable) for u in result.unrecognized] == [(chosen.as_posix(), False)]
    assert f"{chosen.as_posix()}: the Dask workers auditing it died again: not audited" in notices
    others = auditor.conclude(auditor.audit_part(files[1:]))
    assert result.formats == others.formats
    assert result.findings == others.findings


# ---------------------------------------------------------------- merging partials

# Small inputs of every kind, and the judgements across files (clause 9 and clause 28).
MERGED_FILES = [
    *sorted((SAMPLES / "fixtures").glob("log-seating-*.jsonl")),
    SAMPLES / "fixtures" / "seating-biased.planted.jsonl",
    *sorted((SAMPLES / "samples" / "ftp").iterdir())[:4],
    *sorted((SAMPLES / "fixtures").glob("summary-*.txt"))[:2],
    *sorted((SAMPLES / "fixtures-pokerstars").glob("*.txt"))[:2],
    SAMPLES / "fixtures" / "README.md",
]


@pytest.fixture(scope="module")
def per_file(rules: Ruleset, ruleset: RulesetId) -> list[bytes]:
    """Each file's partial, pickled (a merge changes the partial it merges into)."""
    auditor = PartAuditor(ruleset, rules)
    return [pickle.dumps(auditor.audit_part([path])) for path in MERGED_FILES]


@settings(max_examples=10, deadline=None)
@given(cuts=st.sets(st.integers(1, len(MERGED_FILES) - 1)))
def test_partials_of_consecutive_files_merge_into_the_whole(
        rules: Ruleset, ruleset: RulesetId, per_file: list[bytes], cuts: set[int]) -> None:
    auditor = PartAuditor(ruleset, rules)
    bounds = [0, *sorted(cuts), len(MERGED_FILES)]
    parts = [auditor.audit_part(MERGED_FILES[a:b]) for a, b in itertools.pairwise(bounds)]
    merged = _whole(iter(parts), auditor)
    files = _whole((pickle.loads(p) for p in per_file), auditor)
    whole = auditor.conclude(auditor.audit_part(MERGED_FILES))
    assert _reports(merged, rules) == _reports(files, rules) == _reports(whole, rules)


def test_the_merged_files_judge_across_files(rules: Ruleset, ruleset: RulesetId) -> None:
    """The merge test above is only worth it if the files hold what spans them."""
    whole = audit_planned(MERGED_FILES, ruleset, rules, Plan(jobs=1))
    assert "seating.random-draw" in {f.rule for f in whole.findings}
    assert whole.summaries and whole.unrecognized and whole.collusion.pairs


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, ...]:
    """A tournament's seating table: 2-10 players, each in a rank bucket and a seat."""
    seats = draw(st.lists(st.integers(1, SEATS), min_size=2, max_size=10))
    counts = [0] * (4 * SEATS)
    for rank, seat in enumerate(seats):
        bucket = 0 if rank == 0 else 1 + 3 * (rank - 1) // (len(seats) - 1)
        counts[bucket * SEATS + seat - 1] += 1
    return tuple(counts)


@settings(max_examples=60, deadline=None)
@given(st.lists(tables(), min_size=1, max_size=12), st.data())
def test_the_seat_draw_statistic_merges_exactly_in_any_split(
        counted: list[tuple[int, ...]], data: st.DataObject) -> None:
    whole = SeatingStatistic()
    for table in counted:
        whole.add(table)
    cut = data.draw(st.integers(0, len(counted)))
    first, second = SeatingStatistic(), SeatingStatistic()
    for table in counted[:cut]:
        first.add(table)
    for table in counted[cut:]:
        second.add(table)
    second.merge(first)  # in the other order, too: the sums are exact
    assert second.tournaments == whole.tournaments
    assert second.observed == whole.observed
    assert second.chi_square() == whole.chi_square()


def test_progress_names_each_file_in_order_and_counts_its_records(
        rules: Ruleset, ruleset: RulesetId) -> None:
    files = _logs()
    seen: list[AuditProgress] = []
    result = audit_planned(files, ruleset, rules, Plan(jobs=2), progress=seen.append)
    assert [(p.files_done, p.files_total, p.file) for p in seen] == [
        (done, len(files), name)
        for done, name in enumerate([*(f.as_posix() for f in files), ""])]
    assert seen[-1].records == sum(t.records for t in result.formats.values()) > 0


@settings(max_examples=30, deadline=None)
@given(sizes=st.lists(st.integers(0, 3 * partition.BATCH_BYTES), min_size=1, max_size=40),
       workers=st.integers(1, 8))
def test_tasks_are_runs_of_consecutive_files_of_about_a_batch(
        tmp_path_factory: pytest.TempPathFactory, sizes: list[int], workers: int) -> None:
    folder = tmp_path_factory.mktemp("batches")
    files = []
    for n, size in enumerate(sizes):
        path = folder / f"{n:02}.txt"
        with path.open("wb") as out:
            out.truncate(size)  # sparse: no bytes written
        files.append(path)
    runs = partition.batches(files, workers)
    assert [path for run in runs for path in run] == [f.as_posix() for f in files]
    target = max(1, min(partition.BATCH_BYTES,
                        sum(sizes) // (workers * partition.BATCHES_PER_WORKER)))
    of = {f.as_posix(): s for f, s in zip(files, sizes, strict=True)}
    for run in runs:
        assert sum(of[p] for p in run[:-1]) < target  # closed at the first file reaching it
    for run in runs[:-1]:
        assert sum(of[p] for p in run) >= target


def test_a_dask_cluster_left_without_workers_lists_what_it_did_not_audit(
        rules: Ruleset, ruleset: RulesetId, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its one worker dies, and its nanny, told the cluster is closing, does not start
    another (a machine lost for good): nothing would ever run the files left, and the run,
    rather than wait forever, lists them as not audited once the cluster has been without a
    worker for WORKERLESS_SECONDS."""
    monkeypatch.setattr(partition, "WORKERLESS_SECONDS", 2)
    files = _logs()
    chosen = files[1]
    auditor = PartAuditor(ruleset, rules)
    notices: list[str] = []
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                      dashboard_address=":0",
                      silence_logs=True) as lonely:  # type: ignore[no-untyped-call]
        for nanny in lonely.workers.values():
            nanny.close_gracefully()
        task = DaskDying(chosen.name, tmp_path)
        result = _whole(on_dask(files, lonely.scheduler_address, ruleset, rules,
                                notices.append, task), auditor)
    lost = [Path(u.path) for u in result.unrecognized]
    assert chosen in lost
    assert all(not u.readable and "had no worker for 2 s" in u.reason
               for u in result.unrecognized)
    assert notices[0].startswith(f"the Dask cluster at {lonely.scheduler_address} has had no "
                                 f"worker for 2 s: {len(lost)} file(s) not audited")
    # Every file is accounted for: audited as it is alone, or listed.
    audited = [f for f in files if f not in lost]
    alone = auditor.conclude(auditor.audit_part(audited))
    assert result.files == len(files)
    assert result.formats == alone.formats
    assert result.findings == alone.findings
