"""Write the clause 28 fixtures: hand_histories/fixtures/collusion-teams.{planted,twin}.jsonl.

Each is the tournament log of one simulator run (seed 3, 900 hands, the 90-player pool). In
the planted log three teams play their strategies at full intensity: a chip-dumping pair, a
soft-play pair and a whipsaw team of three (a ring). The twin is the same seed with the same
members as honest friends, who register and sit together as often. Deterministic: rerunning
this script rewrites both files byte for byte (tests/test_collusion_fixtures.py checks it).

    python tests/fixture_makers/make_collusion_fixtures.py [OUTPUT_DIR]
"""

import shutil
import sys
import tempfile
from pathlib import Path

from checker.cli import main

FIXTURES = Path(__file__).resolve().parents[2] / "hand_histories" / "fixtures"
NAME = "collusion-teams"
SEED = "3"
HANDS = "900"
TEAMS = {"planted": "chip_dumping:2:1,soft_play:2:1,whipsaw:3:1",
         "twin": "friends:2,friends:2,friends:3"}


def write(out: Path) -> list[Path]:
    written: list[Path] = []
    for kind, teams in TEAMS.items():
        with tempfile.TemporaryDirectory() as scratch:
            code = main(["simulate", "--seed", SEED, "--hands", HANDS, "--format", "log",
                         "--colluders", teams, "--out", scratch])
            if code != 0:
                raise SystemExit(code)
            (log,) = sorted((Path(scratch) / "log").glob("*.jsonl"))
            target = out / f"{NAME}.{kind}.jsonl"
            shutil.copyfile(log, target)
            written.append(target)
    return written


if __name__ == "__main__":
    for path in write(Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES):
        print(path)
