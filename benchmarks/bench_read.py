"""Reading speed alone: detection, decoding, cutting, parsing and validating every hand of the
real corpora's Full Tilt and PokerStars text, with no replay and no rules.

Each input is read whole `--repeat` times in a row; the best round is kept (the machine's
speed drifts, and the best round is the least disturbed). Run: `make bench` or
`.venv/bin/python benchmarks/bench_read.py`. To compare two builds, run the script with
PYTHONPATH set to each checkout in turn.
"""

import argparse
import time
from pathlib import Path

from checker.ingest.stream import read_paths
from checker.model import Hand

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
INPUTS = {
    "fulltilt text (real/ftp)": [SHARED / "real" / "ftp" / "tour",
                                 SHARED / "real" / "ftp" / "cash"],
    "pokerstars text (real/stars)": [SHARED / "real" / "stars" / "tour"],
    "pokerstars text (real-pokerstars)": [SHARED / "real-pokerstars"],
}


def read_once(roots: list[Path]) -> tuple[int, int]:
    """Hands read and records rejected, over every file of `roots`."""
    hands = rejected = 0
    for opened in read_paths(roots):
        for record in getattr(opened, "records", ()):
            if isinstance(record, Hand):
                hands += 1
            else:
                rejected += 1
    return hands, rejected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for name, roots in INPUTS.items():
        best = float("inf")
        hands = 0
        for _ in range(args.repeat):
            started = time.process_time()
            hands, _ = read_once(roots)
            best = min(best, time.process_time() - started)
        print(f"{name:<34} {hands:>6} hands  {best * 1e6 / max(hands, 1):7.1f} µs/hand  "
              f"{hands / best:>8,.0f} hands/s")


if __name__ == "__main__":
    main()
