"""Where an audit's time goes, per hand, as it streams: reading alone, then reading and the
replay, then the rules as well, then the whole of `PartAuditor.audit_part` (clause 28's
observer, summaries, logs and the per-file work included). Each stage is the previous one plus
one more step over the same files, so the differences are each step's cost in the streaming
audit (in-memory measurements of one step flatter it: its caches stay warm).

Run (compiled build, from the repository root):
`.venv/bin/python benchmarks/bench_stages.py FOLDER [--rules fulltilt] [--rounds 2]`.
Hand-history folders only (a log's hands are replayed by the tournament judge); CPU seconds,
best of the rounds, the garbage collector as the audit sets it.
"""

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from checker.audit.findings import HandJudge
from checker.audit.gc_policy import long_run_collection
from checker.audit.ruleset import ruleset_id
from checker.audit.run import PartAuditor
from checker.ingest.stream import FileRecords, read_paths
from checker.model.hand import Hand
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from checker.rules_arg import load_rules, rules_argument


def stages(root: Path, auditor: PartAuditor) -> list[tuple[str, Callable[[], int]]]:
    def read() -> int:
        count = 0
        for opened in read_paths([root]):
            if isinstance(opened, FileRecords):
                for record in opened.records:
                    count += isinstance(record, Hand)
        return count

    def replay() -> int:
        count = 0
        for opened in read_paths([root]):
            if not isinstance(opened, FileRecords):
                continue
            tables: dict[tuple[str | None, str | None], TableState] = {}
            for record in opened.records:
                if isinstance(record, Hand):
                    key = (record.tournament_id, record.table)
                    table = tables.get(key)
                    if table is None:
                        table = tables[key] = TableState(record.table or "")
                    for _ in replay_hand(record, table):
                        pass
                    count += 1
        return count

    def rules() -> int:
        judge = HandJudge(auditor.compiled, [], None)
        count = 0
        for opened in read_paths([root]):
            if not isinstance(opened, FileRecords):
                continue
            judge.new_file()
            for record in opened.records:
                if isinstance(record, Hand):
                    judge.judge(record)
                    count += 1
        return count

    def whole() -> int:
        return auditor.audit_part([root]).result.hands

    return [("read", read), ("+ replay", replay), ("+ rules", rules),
            ("whole audit_part", whole)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--rules", type=rules_argument, default=rules_argument("fulltilt"))
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    rules = load_rules(args.rules)
    auditor = PartAuditor(ruleset_id(rules, args.rules.label), rules)
    previous = 0.0
    for name, run in stages(args.folder, auditor):
        best, hands = float("inf"), 0
        for _ in range(args.rounds):
            with long_run_collection():
                started = time.process_time()
                hands = run()
                best = min(best, time.process_time() - started)
        per_hand = best / max(hands, 1) * 1e6
        print(f"{name:18s} {best:6.2f} CPU s  {per_hand:6.1f} us a hand  "
              f"(step: {per_hand - previous:5.1f})  {hands:,} hands", flush=True)
        previous = per_hand


if __name__ == "__main__":
    main()
