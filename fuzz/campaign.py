"""The fuzz campaign (`make fuzz`): every reader and the rules parser, each for a number of
runs, on every core; the figures for docs/reliability.md.

    python -m fuzz.campaign WORKDIR [--runs N] [--seed S] [--jobs J] [--targets T ...]

Seeds are drawn (by --seed) from the hand histories, summaries and logs of the corpora beside
the repository (../shared/corpus/real, ../shared/corpus/real-pokerstars) and of
hand_histories/, classified by the same detection as an audit, each cut to the target's
maximum input size; the rules parser's seeds are the declarations of rules/*.rules one by one.
They are written under WORKDIR, never into the repository. Each target is one libFuzzer
process (`fuzz/harness.py`) with its own working corpus, so a later campaign continues from it.
A crash or hang leaves libFuzzer's crash file under WORKDIR/artifacts and fails the campaign.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from checker.ingest.stream import FileRecords, discover, open_file
from fuzz.harness import RULES, TARGETS
from fuzz.seeds import rules_seeds

REPO = Path(__file__).resolve().parents[1]
CORPORA = [REPO.parent / "shared" / "corpus" / "real",
           REPO.parent / "shared" / "corpus" / "real-pokerstars",
           REPO / "hand_histories"]
# Bytes of one input: a few hands, a summary, a page of log lines. Whole files, 10 MB lines
# and deep JSON are the hypothesis tests' (tests/test_readers_fuzz.py).
READER_MAX_LEN = 4096
RULES_MAX_LEN = 2048
SEEDS_PER_TARGET = 40
# Seconds one input may take before libFuzzer calls it a hang; memory before it is a leak.
TIMEOUT_SECONDS = 10
RSS_LIMIT_MB = 2048
_STAT = re.compile(r"^stat::(\w+):\s+(\d+)", re.MULTILINE)


@dataclass(slots=True)
class TargetResult:
    target: str
    runs: int
    seconds: float
    exec_per_second: int
    peak_rss_mb: int
    new_units: int
    corpus_files: int
    seeds: int
    exit_code: int
    crashes: list[str]
    # Inputs libFuzzer found slow (over 10 s of wall time): reported, not failures; replay one
    # to tell a slow reader from a starved process.
    slow_units: list[str]


def reader_seeds(seed: int) -> dict[str, list[Path]]:
    """Files of every format, by format name, a seeded sample of each."""
    found: dict[str, list[Path]] = {}
    for root in CORPORA:
        if not root.is_dir():
            continue
        for path in discover([root]):
            opened = open_file(path)
            if isinstance(opened, FileRecords):
                found.setdefault(opened.format.name, []).append(path)
                opened.records.close()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    return {name: sorted(rng.sample(paths, min(len(paths), SEEDS_PER_TARGET)))
            for name, paths in sorted(found.items())}


def write_seeds(workdir: Path, seed: int, targets: list[str]) -> dict[str, Path]:
    seed_dirs: dict[str, Path] = {}
    by_format = reader_seeds(seed) if any(t != RULES for t in targets) else {}
    for target in targets:
        folder = workdir / "seeds" / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        if target == RULES:
            contents = [s.encode("utf-8")[:RULES_MAX_LEN] for s in rules_seeds()]
        else:
            contents = [p.read_bytes()[:READER_MAX_LEN] for p in by_format.get(target, [])]
        for number, content in enumerate(contents):
            (folder / f"seed-{number:03d}").write_bytes(content)
        seed_dirs[target] = folder
    return seed_dirs


def run_target(target: str, workdir: Path, seed_dir: Path, runs: int, seed: int
               ) -> TargetResult:
    corpus = workdir / "corpus" / target
    artifacts = workdir / "artifacts" / target
    corpus.mkdir(parents=True, exist_ok=True)
    artifacts.mkdir(parents=True, exist_ok=True)
    max_len = RULES_MAX_LEN if target == RULES else READER_MAX_LEN
    command = [sys.executable, "-m", "fuzz.harness", target, f"-runs={runs}", f"-seed={seed}",
               f"-max_len={max_len}", f"-timeout={TIMEOUT_SECONDS}",
               f"-rss_limit_mb={RSS_LIMIT_MB}", "-print_final_stats=1",
               f"-artifact_prefix={artifacts}/", str(corpus), str(seed_dir)]
    log = workdir / "logs" / f"{target}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with log.open("w") as out:
        done = subprocess.run(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT,
                              env={**os.environ, "PYTHONPATH": str(REPO)}, check=False)
    seconds = time.monotonic() - started
    stats = {k: int(v) for k, v in _STAT.findall(log.read_text(errors="replace"))}
    return TargetResult(
        target=target, runs=stats.get("number_of_executed_units", 0),
        seconds=round(seconds, 1), exec_per_second=stats.get("average_exec_per_sec", 0),
        peak_rss_mb=stats.get("peak_rss_mb", 0), new_units=stats.get("new_units_added", 0),
        corpus_files=sum(1 for _ in corpus.iterdir()),
        seeds=sum(1 for _ in seed_dir.iterdir()), exit_code=done.returncode,
        crashes=sorted(p.name for p in artifacts.iterdir() if not p.name.startswith("slow-")),
        slow_units=sorted(p.name for p in artifacts.iterdir() if p.name.startswith("slow-")))


def markdown(results: list[TargetResult], runs: int, seed: int) -> str:
    lines = [f"Runs asked per target: {runs:,}; seed {seed}.", "",
             "| target | runs | seconds | exec/s | peak RSS MB | seeds | corpus after | "
             "crashes and hangs | slow units |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| `{r.target}` | {r.runs:,} | {r.seconds:,.0f} | {r.exec_per_second:,} | "
                     f"{r.peak_rss_mb} | {r.seeds} | {r.corpus_files:,} | {len(r.crashes)} | "
                     f"{len(r.slow_units)} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("workdir", type=Path)
    parser.add_argument("--runs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--targets", nargs="+", choices=TARGETS, default=TARGETS)
    args = parser.parse_args()
    workdir: Path = args.workdir.resolve()
    seed_dirs = write_seeds(workdir, args.seed, args.targets)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(
            lambda t: run_target(t, workdir, seed_dirs[t], args.runs, args.seed), args.targets))
    (workdir / "results.json").write_text(
        json.dumps([asdict(r) for r in results], indent=2) + "\n", encoding="utf-8")
    table = markdown(results, args.runs, args.seed)
    (workdir / "results.md").write_text(table, encoding="utf-8")
    sys.stdout.write(table)
    failed = [r for r in results if r.exit_code != 0 or r.crashes or r.runs < args.runs]
    for r in failed:
        print(f"fuzz: {r.target}: exit {r.exit_code}, {r.runs:,} runs, crashes {r.crashes}; "
              f"see {workdir / 'logs' / (r.target + '.log')}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
