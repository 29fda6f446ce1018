"""The training run of the profile-guided compiled build (`make accel`; `PGO=0` skips it).

gcc compiles the group of checker/native.py once instrumented (`-fprofile-generate`); this
run audits, with that build, a corpus of every input the audit reads, and the counts it
leaves (`.gcda` files beside the objects in build/) steer the second compile
(`-fprofile-use`): which way branches go, what to inline, what to lay out together. mypyc's C
is mostly checks that never fail (reference counts, error returns, type tests), which is
what such counts tell a compiler. On the issue's 200,000-hand inputs the build took 7 % less
CPU time on the MTT log and 5 % less on the MTT text (docs/performance.md).

The corpus is the repository's own: the simulator's tournaments of `TRAINING_SEED` in both
formats, on the server's whole schedule, and the hand histories in hand_histories/ under each
bundled rule set (the PokerStars and PHH readers, the findings of the fixtures). No benchmark
or detector is scored on that seed (the throughput benchmark's is 17, clause 28's tuning and
evaluation seeds 51, 52, 101 and 102), and no real hand is in it: feltcheck is judged on real
hands it has not seen. Code the run never reaches is compiled as without a profile
(`-fprofile-partial-training`).

Run: `python -m checker.native_training` from the repository's root, with the instrumented
build in place. Each audit is a process of its own, which writes its counts when it exits
(gcc adds them to those already written).
"""

import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
TRAINING_SEED: Final = 41
TRAINING_HANDS: Final = 10_000
# (input, rule set): the simulator's two formats (in the temporary folder), and the
# repository's hand histories under every bundled rule set (each is compiled: a site's rules
# added as a rules file are trained without a line here).
SIMULATED: Final = (("ftp", "fulltilt"), ("log", "fulltilt"))
BUNDLED: Final = tuple(("hand_histories", path.stem)
                       for path in sorted((ROOT / "checker" / "rulesets").glob("*.rules")))


def _run(arguments: Sequence[str]) -> None:
    subprocess.run([sys.executable, "-m", "checker.cli", *arguments], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="feltcheck-training-") as folder:
        corpus = Path(folder) / "corpus"
        _run(["simulate", "--seed", str(TRAINING_SEED), "--hands", str(TRAINING_HANDS),
              "--format", "both", "--out", str(corpus)])
        inputs = [(corpus / name, rules) for name, rules in SIMULATED]
        inputs += [(ROOT / name, rules) for name, rules in BUNDLED]
        report = Path(folder) / "report.json"
        for path, rules in inputs:
            # `checker.cli`, not the installed command's launcher: the process must end
            # through the interpreter's exit, where the counts are written.
            _run(["audit", str(path), "--rules", rules, "--jobs", "1", "--format", "json",
                  "--fail-on", "never", "--output", str(report)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
