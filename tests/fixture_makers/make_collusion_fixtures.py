"""Write the clause 28 fixtures: hand_histories/fixtures/collusion-teams.{planted,twin}.jsonl.

Each is the tournament log of one simulator run (seed 3, 900 hands, the 90-player pool). In
the planted log three teams play their strategies at full intensity: a chip-dumping pair, a
soft-play pair and a whipsaw team of three (a ring). The twin is the same seed with the same
members as honest friends, who register and sit together as often; its players are renamed
(`_f` appended) so that an audit of both files together (`make run` audits all of
hand_histories/) does not take the twin's honest hands for the planted players'. Deterministic:
rerunning this script rewrites both files byte for byte (tests/test_collusion_fixtures.py
checks it).

    python tests/fixture_makers/make_collusion_fixtures.py [OUTPUT_DIR]
"""

import json
import re
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
            text = log.read_text(encoding="utf-8")
            if kind == "twin":
                text = _renamed(text)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def _renamed(text: str) -> str:
    """Every player's name, wherever the log writes it, with `_f` appended."""
    names: set[str] = set()
    for line in text.splitlines():
        event = json.loads(line)
        if event["event"] == "hand":
            names.update(seat["player"] for seat in event["seats"])
        if event["event"] == "registration":
            names.add(event["player"])
    pattern = re.compile('"(' + "|".join(sorted(map(re.escape, names))) + ')"')
    return pattern.sub(lambda m: f'"{m.group(1)}_f"', text)


if __name__ == "__main__":
    for path in write(Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES):
        print(path)
