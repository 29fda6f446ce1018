"""Full-audit throughput: hands per second through detection, decoding, parsing, replay and
every rule of rules/fulltilt.rules (the whole `audit()` loop, findings included).

Builds a work folder of real-corpus hand files repeated until it holds at least --hands hands
(written to a temporary folder, never into the repository), then times the audit on one core.
Run: `make bench` or `.venv/bin/python benchmarks/bench_audit.py --hands 50000`.
"""

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import load_ruleset

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
SOURCES = {
    "fulltilt": ["ftp/tour", "ftp/cash"],
    "pokerstars": ["stars/tour"],
    "phh": ["phh/handhq_ftp2009/ftp-50nl-handhq_1.phhs"],
}


def _hand_files(roots: list[str]) -> list[Path]:
    files: list[Path] = []
    for root in roots:
        path = CORPUS / root
        candidates = sorted(path.rglob("*")) if path.is_dir() else [path]
        files += [p for p in candidates if p.is_file() and p.suffix in (".txt", ".phhs")]
    return files


def _build_work(folder: Path, files: list[Path], copies: int) -> None:
    for copy in range(copies):
        for index, source in enumerate(files):
            shutil.copyfile(source, folder / f"{copy:04d}-{index:04d}{source.suffix}")


def bench(kind: str, want_hands: int) -> tuple[int, float]:
    rules_path = REPO / "rules" / "fulltilt.rules"
    rules = load_ruleset(rules_path)
    ruleset = ruleset_id(rules, rules_path)
    files = _hand_files(SOURCES[kind])
    with tempfile.TemporaryDirectory() as tmp:
        probe = audit(files, ruleset, rules)
        per_copy = max(probe.hands, 1)
        copies = max(1, -(-want_hands // per_copy))
        work = Path(tmp)
        _build_work(work, files, copies)
        started = time.perf_counter()
        result = audit([work], ruleset, rules)
        elapsed = time.perf_counter() - started
    return result.hands, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--kind", choices=sorted(SOURCES), action="append")
    args = parser.parse_args()
    for kind in args.kind or sorted(SOURCES):
        hands, elapsed = bench(kind, args.hands)
        print(f"{kind:<11} {hands:>8} hands in {elapsed:6.2f} s = {hands / elapsed:>9,.0f} hands/s")


if __name__ == "__main__":
    main()
