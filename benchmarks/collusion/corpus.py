"""Write the collusion benchmark's corpora with the simulator (docs/collusion.md, "Benchmark").

Each corpus: 1,000,000 hands from a pool of 3,000 players (regulars and recreational
players), 16 colluding teams (four per strategy at intensities 0.3 to 0.9) and the honest
look-alikes (16 pairs of friends, as many as the teams; four nut-checkers, four bubble
folders), as tournament logs (the integrity view) and Full Tilt text (the public view), with
truth.jsonl.

Teams are drawn from the most active half of the regulars (server.toml's `team_share`).
Seeds 5, 6 and 11 were used to develop and tune the detector at 200,000 hands, 51 and 52 at
1,000,000 (seventh session, with four pairs of friends). Seeds 21 and 22 were the evaluation
seeds of the first design (teams from any regular), 31 and 32 those of the fourth and fifth
sessions, 41 and 42 the sixth's (200,000 hands), 61 and 62 the seventh's, 71 and 72 the
eighth's (1,000,000 hands; 71 was also used to judge two scoring changes that were not
kept), 81 and 82 those of 2026-12-04, 91 and 92 the tenth session's (51 its development
seed); their figures were taken and they are no longer blind. The evaluation seeds listed
here were never looked at.

Run: `.venv/bin/python benchmarks/collusion/corpus.py OUT [--seeds 101 102] [--hands N]`.
"""

import argparse
import sys
from pathlib import Path

from checker.cli import main as feltcheck

TUNING_SEEDS = (51, 52)
EVALUATION_SEEDS = (101, 102)
# Five times the issue's floor of 200,000: at 200,000 more than half of the teams' schemes
# changed fewer than 100 decisions, too few for any test at the benchmark's budget
# (docs/collusion.md, "Figures (seventh session)").
HANDS = 1_000_000
PLAYERS = 3_000
TEAMS = ("chip_dumping:2:0.3/0.5/0.7/0.9,soft_play:2:0.3/0.5/0.7/0.9,"
         "whipsaw:2:0.3/0.5/0.7/0.9,card_sharing:2:0.3/0.5/0.7/0.9,"
         "16*friends:2,4*nut_checking,4*bubble_folder")


def write(out: Path, seed: int, hands: int = HANDS) -> Path:
    target = out / f"seed-{seed}"
    if not (target / "truth.jsonl").exists():
        code = feltcheck(["simulate", "--seed", str(seed), "--hands", str(hands),
                          "--players", str(PLAYERS), "--format", "both", "--colluders", TEAMS,
                          "--out", str(target)])
        if code != 0:
            raise SystemExit(code)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seeds", type=int, nargs="+", default=list(EVALUATION_SEEDS))
    parser.add_argument("--hands", type=int, default=HANDS)
    args = parser.parse_args(argv)
    for seed in args.seeds:
        print(write(args.out, seed, args.hands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
