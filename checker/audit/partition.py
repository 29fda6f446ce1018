"""Run one audit on many processes (`--jobs N`) or on a Dask cluster (`--scheduler ADDRESS`).

A task is a run of consecutive input files (`batches`), never part of a file: a file is where
feltcheck follows state (a table's hands, a tournament log's events: HandJudge.new_file), so
every tournament's hands and log events stay in order on one worker. Each task's partial
(checker/audit/run.py, PartialAudit) is taken back in file order and merged; what spans files
(clause 9's seat draw, clause 28's pair aggregates, counts, rejections, warnings) is judged
once, on the merged whole (PartAuditor.conclude). So the report of one process, of N and of a
cluster is byte for byte the same.

Nothing is dropped silently. A process that dies (killed, out of memory) takes the files it was
auditing with it: they are audited again, each alone in a fresh process, and a file whose
process dies again is listed as not audited (an input that could not be read: exit status 2).
On Dask, the scheduler runs a lost worker's tasks again elsewhere, up to its `allowed-failures`;
a file it gives up on (KilledWorker) is submitted once more, and listed likewise if that fails.
Each such event is told on `notify`.

Results are taken in file order within a window of tasks in flight (`WINDOW_PER_WORKER` per
worker): memory holds at most that many partials beside the merged one.
"""

import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Collection, Generator, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from dataclasses import dataclass
from multiprocessing import forkserver
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import Any

from checker.audit.gc_policy import long_run_collection
from checker.audit.ruleset import RulesetId
from checker.audit.run import (
    AuditProgress,
    AuditResult,
    PartAuditor,
    PartialAudit,
    ProgressCallback,
)
from checker.dsl.ruleset import Ruleset
from checker.ingest.stream import UnrecognizedFile, discover
from checker.interrupt import held

# Tasks in flight per worker: enough to keep every worker busy while the next task in order
# is still being audited, few enough to bound the partials held.
WINDOW_PER_WORKER = 4
# A task is a run of consecutive files of about this many bytes (a file is never split): each
# task's partial is sent back and merged by the parent, a cost per task, not per hand...
BATCH_BYTES = 4 << 20
# ...but each worker gets at least this many tasks, so that none waits long for the last one.
BATCHES_PER_WORKER = 8
# With no --jobs, a process is started for each this many bytes of input at most: below
# about a second of auditing per process, starting it costs more than it saves.
BYTES_PER_DEFAULT_JOB = 8 << 20
# How long to wait for a Dask scheduler to answer.
CONNECT_SECONDS = 30
# How long a Dask cluster may have no worker at all (an autoscaler replacing them, a nanny
# restarting one) before the files it still holds are given up as not audited.
WORKERLESS_SECONDS = 300
# How often a task's result is looked for, and the cluster's workers between two looks.
POLL_SECONDS = 1.0

Notify = Callable[[str], None]
# Each file's partial, in file order (closed early, it ends its workers).
Parts = Generator[PartialAudit, None, None]
# What audits a task in a worker: the partial of its files, from their paths.
FileTask = Callable[[list[str]], PartialAudit]


class SchedulerError(Exception):
    """The Dask scheduler cannot be used (Dask missing, no answer at the address)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """How an audit runs: in this process (jobs 1), on `jobs` local processes (None: as many
    as `default_jobs` says), or on the Dask scheduler at `scheduler`."""

    jobs: int | None = 1
    scheduler: str | None = None


def usable_cores() -> int:
    """The cores this process may run on (its affinity, which a container or taskset sets)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_jobs(files: list[Path]) -> int:
    """Every core, but no more processes than the input's size makes worth starting."""
    size = sum(_size(path) for path in files)
    return max(1, min(usable_cores(), size // BYTES_PER_DEFAULT_JOB))


def start_workers_early(paths: Sequence[Path], plan: Plan) -> None:
    """Start the fork server the plan's local processes are forked from (`_pool`) now, before
    the rules are loaded: its imports of the audit (about as long as loading the rules) then
    run on another core beside that, not after it. Nothing when the plan runs in this
    process (one job, or an input too small for more) or on Dask."""
    if plan.scheduler is not None or plan.jobs == 1:
        return
    if plan.jobs is None and default_jobs(list(discover(p for p in paths if p.exists()))) <= 1:
        return
    _forkserver_context()
    with held():  # as a submit's start of a worker: a signal waits for the server to be known
        forkserver.ensure_running()


def audit_planned(paths: Iterable[Path], ruleset: RulesetId, rules: Ruleset, plan: Plan,
                  progress: ProgressCallback | None = None,
                  notify: Notify | None = None, keep_pairs: bool = True) -> AuditResult:
    """Audit `paths` as `plan` says; the result is the one `audit()` gives in one process
    (`keep_pairs`: as `CollusionJudge.judge`)."""
    auditor = PartAuditor(ruleset, rules)
    tell = notify if notify is not None else _ignore
    if plan.scheduler is None and plan.jobs == 1:
        return auditor.conclude(auditor.audit_part(paths, progress, final=True), keep_pairs)
    files = list(discover(paths))
    jobs = min(default_jobs(files) if plan.jobs is None else plan.jobs, len(files))
    if plan.scheduler is not None:
        parts = on_dask(files, plan.scheduler, ruleset, rules, tell)
    elif jobs <= 1:
        return auditor.conclude(auditor.audit_part(files, progress, final=True), keep_pairs)
    else:
        parts = on_processes(files, jobs, ruleset, rules, tell)
    with closing(parts):  # an interruption while merging ends the workers at once
        whole = _merged(parts, ruleset, files, progress)
    return auditor.conclude(whole, keep_pairs)


def batches(files: list[Path], workers: int) -> list[list[str]]:
    """The files cut into runs of consecutive files: the tasks, in file order."""
    sizes = [_size(path) for path in files]
    target = max(1, min(BATCH_BYTES, sum(sizes) // (workers * BATCHES_PER_WORKER)))
    runs: list[list[str]] = []
    run: list[str] = []
    gathered = 0
    for path, size in zip(files, sizes, strict=True):
        run.append(path.as_posix())
        gathered += size
        if gathered >= target:
            runs.append(run)
            run, gathered = [], 0
    if run:
        runs.append(run)
    return runs


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # reported when the file is opened


def _merged(parts: Parts, ruleset: RulesetId, files: list[Path],
            progress: ProgressCallback | None) -> PartialAudit:
    """The partials merged in file order; `progress` names the file waited for next."""
    whole = PartialAudit(AuditResult(ruleset=ruleset), None, {})
    report = progress if progress is not None else _ignore
    records = 0
    report(AuditProgress(0, len(files), 0, files[0].as_posix() if files else ""))
    # The whole grows by every partial's pairs and evidence: with the collector's defaults
    # its older generations would walk all of it again and again (as in an audit itself).
    with long_run_collection():
        for part in parts:
            with held():  # the aggregates' merge is compiled code (checker/interrupt.py)
                whole.merge(part)
            records += sum(t.records for t in part.result.formats.values())
            done = whole.result.files
            upcoming = files[done].as_posix() if done < len(files) else ""
            report(AuditProgress(done, len(files), records, upcoming))
    return whole


# ---------------------------------------------------------------- local processes

# The auditor of a worker process, made once by `_start_worker`.
_worker_auditor: PartAuditor | None = None


def _start_worker(ruleset: RulesetId, rules: Ruleset) -> None:
    # Ctrl-C reaches the whole process group: the parent stops the workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _worker_auditor
    _worker_auditor = PartAuditor(ruleset, rules)


def audit_files(paths: list[str]) -> PartialAudit:
    """A worker's task: consecutive files, with the worker's auditor."""
    if _worker_auditor is None:
        raise RuntimeError("the worker was not started with its rules")
    return _worker_auditor.audit_part([Path(path) for path in paths])


def on_processes(files: list[Path], jobs: int, ruleset: RulesetId, rules: Ruleset,
                 notify: Notify, task: FileTask = audit_files) -> Parts:
    """The partials of the files' batches, in file order, audited on `jobs` processes."""
    queue = deque(batches(files, jobs))
    while queue:
        lost: list[tuple[list[str], Future[PartialAudit]]] = []
        pool = _pool(jobs, ruleset, rules)
        # Set once every task of this pool is taken: any other way out (an interruption, an
        # error, the consumer gone, the pool broken) ends the processes at once.
        finished = False
        try:
            in_flight: deque[tuple[list[str], Future[PartialAudit]]] = deque()
            while queue or in_flight:
                try:
                    # A submit may start a worker: a signal meanwhile waits for it to be
                    # started (and known, so ended), or it would print a traceback, orphaned.
                    with held():
                        while queue and len(in_flight) < jobs * WINDOW_PER_WORKER:
                            in_flight.append((queue[0], pool.submit(task, queue[0])))
                            queue.popleft()
                    part = _result(pool, in_flight[0][1])
                except BrokenProcessPool:
                    lost = list(in_flight)
                    break
                in_flight.popleft()
                yield part
            else:
                finished = True
        finally:
            _stop(pool, clean=finished)
        if lost:
            unfinished = [path for paths, future in lost if not _finished(future)
                          for path in paths]
            notify(f"a worker process died while auditing {_some(unfinished)}: "
                   "each is audited again in a process of its own")
            for paths, future in lost:
                if _finished(future):
                    yield future.result()
                else:
                    yield from (_alone(path, ruleset, rules, notify, task) for path in paths)


def _alone(path: str, ruleset: RulesetId, rules: Ruleset, notify: Notify,
           task: FileTask) -> PartialAudit:
    """`path` audited in a fresh process of its own; not audited if that one dies too."""
    pool = _pool(1, ruleset, rules)
    try:
        with held():
            future = pool.submit(task, [path])
        return _result(pool, future)
    except BrokenProcessPool:
        notify(f"{path}: the process auditing it died again: not audited")
        return lost_file(path, ruleset, "the process auditing this file died twice "
                                          "(killed, or out of memory): not audited")
    finally:
        _stop(pool, clean=False)


def lost_file(path: str, ruleset: RulesetId, reason: str) -> PartialAudit:
    """The partial of a file no worker could audit: listed as an input not read."""
    result = AuditResult(ruleset=ruleset, files=1)
    result.unrecognized.append(UnrecognizedFile(path, reason, readable=False))
    return PartialAudit(result, None, {})


def _finished(future: "Future[PartialAudit]") -> bool:
    return future.done() and not future.cancelled() and future.exception() is None


def _pool(jobs: int, ruleset: RulesetId, rules: Ruleset) -> ProcessPoolExecutor:
    # Not forked from this process: a fork copies the parent's threads' locks in whatever
    # state they are (the progress bar's, the signal watcher's). A fork server is a process of
    # one thread that has imported the audit once; each worker is a fork of it, quick to start.
    return ProcessPoolExecutor(jobs, mp_context=_forkserver_context(),
                               initializer=_start_worker, initargs=(ruleset, rules))


def _forkserver_context() -> ForkServerContext:
    """The fork server's context, the server to import this module (and so the audit) once,
    when it starts."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _result(pool: ProcessPoolExecutor, future: "Future[PartialAudit]") -> PartialAudit:
    """The task's partial; BrokenProcessPool if a worker died meanwhile.

    A worker that dies while sending its partial (killed, out of memory) leaves it half
    written in the pool's result pipe, and the pool's thread waits for the rest for ever:
    this process holds the pipe's write end too, so the pipe never ends. The pool then never
    notices the death, and the audit would hang. So while the partial is awaited, the workers
    are looked at every POLL_SECONDS: once one is gone, all are ended (the queue's lock may
    have died with it) and the pipe let go of (`_end_workers`), and the pool breaks as on any
    death."""
    while True:
        try:
            return future.result(timeout=POLL_SECONDS)
        except TimeoutError:
            if not all(worker.is_alive() for worker in _processes(pool)):
                _end_workers(pool)


def _processes(pool: ProcessPoolExecutor) -> list[Any]:
    # The executor keeps its processes private and has no way to end them before 3.14.
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    return list(processes.values())


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's processes at once, and close this process's write end of the pipe they
    send their partials on: with them gone it is the last, so a partial left half sent ends
    there and the pool's thread, waiting for its rest, finds the pool broken."""
    workers = _processes(pool)
    # Ended before the pool lets go of what they share: a worker still starting would
    # otherwise find its start-up data gone, and print a traceback.
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join()
    results: Any = getattr(pool, "_result_queue", None)
    if results is not None:
        results._writer.close()


def _stop(pool: ProcessPoolExecutor, clean: bool) -> None:
    """Shut the pool down; unless it finished cleanly (an interruption, an error, a death),
    end its processes at once rather than wait for the files they are auditing."""
    if clean:
        pool.shutdown(wait=True)
        return
    _end_workers(pool)
    # Waits for the pool's manager thread, quick with its workers gone: left running, it
    # closes its wake-up pipe while the interpreter's exit writes to it ("Bad file
    # descriptor" printed at exit; seen once in 30 interrupted runs).
    pool.shutdown(wait=True, cancel_futures=True)


def _some(paths: list[str]) -> str:
    shown = ", ".join(paths[:3])
    return shown if len(paths) <= 3 else f"{shown} and {len(paths) - 3} more"


def _ignore(_: object) -> None:
    """No one to tell (progress or notices)."""


# ---------------------------------------------------------------- a Dask cluster

# Per worker process of a Dask cluster: the auditor of each rule set it was sent, by digest.
_dask_auditors: dict[tuple[str, str], PartAuditor] = {}


def dask_audit_files(paths: list[str], ruleset: RulesetId, rules: Ruleset) -> PartialAudit:
    """A Dask task: consecutive files (the rules are compiled once per worker)."""
    key = (ruleset.sha256, ruleset.path)
    auditor = _dask_auditors.get(key)
    if auditor is None:
        auditor = _dask_auditors[key] = PartAuditor(ruleset, rules)
    return auditor.audit_part([Path(path) for path in paths])


def rules_on_worker(rules: Ruleset) -> Ruleset:
    """A Dask task whose result is the rules, held on the workers for the audit's tasks."""
    return rules


# What audits a task on a Dask worker: the partial of its files, from their paths and the rules.
DaskTask = Callable[[list[str], RulesetId, Ruleset], PartialAudit]


def on_dask(files: list[Path], address: str, ruleset: RulesetId, rules: Ruleset,
            notify: Notify, task: DaskTask = dask_audit_files) -> Parts:
    """The partials of the files' batches, in file order, audited on the Dask cluster at
    `address`."""
    try:
        from distributed import Client
        from distributed.client import FutureCancelledError
        from distributed.scheduler import KilledWorker
    except ImportError as exc:
        raise SchedulerError("--scheduler needs Dask: pip install 'feltcheck[dask]'") from exc
    try:
        # Dask's API is untyped.
        client: Any = Client(  # type: ignore[no-untyped-call]
            address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SchedulerError(f"no Dask scheduler answers at {address}: {exc}") from exc
    with client:
        before = set(_workers(client))
        if not before:
            raise SchedulerError(f"the Dask scheduler at {address} has no workers")
        # The rules as a task's result, not scattered data: a result the scheduler can make
        # again when the workers holding it die (scattered data would be lost with them, and
        # every task needing it cancelled).
        shared_rules = client.submit(rules_on_worker, rules, pure=False)
        window = len(before) * WINDOW_PER_WORKER
        queue = deque(batches(files, len(before)))
        in_flight: deque[tuple[list[str], Any]] = deque()
        killed = (KilledWorker, FutureCancelledError)
        try:
            while queue or in_flight:
                while queue and len(in_flight) < window:
                    paths = queue.popleft()
                    in_flight.append((paths, client.submit(
                        task, paths, ruleset, shared_rules, pure=False)))
                paths, future = in_flight.popleft()
                try:
                    part = _awaited(client, future)
                except _Workerless:
                    in_flight.appendleft((paths, future))
                    yield from _given_up(in_flight, queue, address, ruleset, notify)
                    return
                except killed:
                    # The scheduler gives up on every task that was on the workers a poisonous
                    # one killed: each of their files gets one more try, alone.
                    notify(f"the Dask workers auditing {_some(paths)} died: each is audited "
                           "once more")
                    yield from (_dask_alone(client, task, path, ruleset, shared_rules, notify)
                                for path in paths)
                    continue
                yield part
        finally:
            client.cancel([future for _, future in in_flight])
        gone = before - set(_workers(client))
        if gone:
            notify(f"{len(gone)} Dask worker(s) left during the run ({_some(sorted(gone))}): "
                   "the scheduler ran their files again elsewhere")


class _Workerless(Exception):
    """The Dask cluster has had no worker for WORKERLESS_SECONDS."""


def _awaited(client: Any, future: Any) -> Any:
    """The task's result (its error raised); _Workerless when the cluster has been left
    without a worker too long to wait on (none would ever come back to run it)."""
    workerless_since: float | None = None
    while True:
        try:
            return future.result(timeout=POLL_SECONDS)
        except TimeoutError:
            if _workers(client):
                workerless_since = None
            elif workerless_since is None:
                workerless_since = time.monotonic()
            elif time.monotonic() - workerless_since >= WORKERLESS_SECONDS:
                raise _Workerless from None


def _given_up(in_flight: "deque[tuple[list[str], Any]]", queue: deque[list[str]], address: str,
              ruleset: RulesetId, notify: Notify) -> Parts:
    """The partials of the tasks left when the cluster lost every worker: a task done
    before is kept, every other file is listed as not audited."""
    left = [path for paths, future in in_flight if future.status != "finished"
            for path in paths] + [path for paths in queue for path in paths]
    notify(f"the Dask cluster at {address} has had no worker for {WORKERLESS_SECONDS} s: "
           f"{len(left)} file(s) not audited ({_some(left)})")
    reason = _workerless_reason()
    for paths, future in in_flight:
        if future.status == "finished":
            yield future.result()
        else:
            yield from (lost_file(path, ruleset, reason) for path in paths)
    for paths in queue:
        yield from (lost_file(path, ruleset, reason) for path in paths)


def _workerless_reason() -> str:
    """Why a file the cluster never ran is listed as not audited."""
    return f"the Dask cluster had no worker for {WORKERLESS_SECONDS} s: not audited"


def _dask_alone(client: Any, task: DaskTask, path: str, ruleset: RulesetId,
                shared_rules: Any, notify: Notify) -> PartialAudit:
    """`path` submitted once more, alone; not audited if its workers die again."""
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker
    try:
        part: PartialAudit = _awaited(client, client.submit(task, [path], ruleset, shared_rules,
                                                            pure=False))
    except _Workerless:
        notify(f"{path}: the Dask cluster has had no worker for {WORKERLESS_SECONDS} s: "
               "not audited")
        return lost_file(path, ruleset, _workerless_reason())
    except (KilledWorker, FutureCancelledError) as exc:
        notify(f"{path}: the Dask workers auditing it died again: not audited")
        return lost_file(path, ruleset, "every Dask worker auditing this file died "
                                        f"({type(exc).__name__}), twice: not audited")
    return part


def _workers(client: Any) -> Collection[str]:
    info: dict[str, Any] = client.scheduler_info()
    workers: dict[str, Any] = info.get("workers", {})
    return workers.keys()
