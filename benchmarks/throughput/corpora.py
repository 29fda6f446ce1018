"""The throughput benchmark's inputs: simulator corpora and copies of the real PHH file.

Per size (hands the simulator deals at least), two simulations (`feltcheck simulate --format
both`): Sit & Gos (`--mtt-every 0`; Matrix Sit & Gos included) and MTTs (`--mtt-every 1`).
The simulator draws each tournament's table size (2, 6 or 9 seats), game and structure from
its server's schedule (checker/sim/server.toml); there is no option to fix them. So the Full
Tilt text inputs are the files of the NL hold'em tournaments of one table size (picked by the
`tournament_terms` lines of the same run's log), each input a folder of links to them. A log
file holds many tournaments of every kind, so the log inputs are whole logs (every game and
table size; each hand's table size is counted). The real PHH file
(../shared/corpus/real/phh/handhq_ftp2009/ftp-50nl-handhq_1.phhs, 991 no-limit hold'em cash
hands) is copied into the work folder until the copies hold the hands asked for.

Everything is written under the work folder given (outside the repository); a corpus already
written there is reused.
"""

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REAL_PHH = REPO.parent / "shared" / "corpus" / "real" / "phh" / "handhq_ftp2009" / \
    "ftp-50nl-handhq_1.phhs"
REAL_PHH_HANDS = 991
# Sit & Gos only, or MTTs only (simulate's --mtt-every).
KINDS = {"sng": "0", "mtt": "1"}
TABLE_SIZES = (9, 6)
SEED = 17
# The memory corpus: about one hand in a hundred carries a fault (an award larger than the pot;
# its occasion is every hand that pays a pot).
FAULTS = "chips_created:0.01"
_DONE = ".complete"


@dataclass(frozen=True)
class Input:
    """One row's input: a name, the paths audited, and what it is."""

    name: str
    paths: tuple[Path, ...]
    description: str


def simulate(out: Path, hands: int, kind: str, faults: str | None = None) -> Path:
    """`feltcheck simulate` into `out` unless already there."""
    if (out / _DONE).exists():
        return out
    if out.exists():
        shutil.rmtree(out)
    command = [sys.executable, "-m", "checker.cli", "simulate", "--seed", str(SEED),
               "--hands", str(hands), "--format", "both", "--mtt-every", KINDS[kind],
               "--out", str(out)]
    if faults:
        command += ["--faults", faults]
    subprocess.run(command, check=True, cwd=REPO, env=_env(), stdout=subprocess.DEVNULL)
    (out / _DONE).touch()
    return out


def _env() -> dict[str, str]:
    # The checkout this script belongs to, not whichever the virtualenv was installed from.
    return {**os.environ, "PYTHONPATH": str(REPO)}


def tournament_terms(log_folder: Path) -> dict[str, tuple[str, str, int]]:
    """Tournament id -> (game, structure, seats per table), from the logs' terms lines."""
    terms: dict[str, tuple[str, str, int]] = {}
    for log in sorted(log_folder.glob("*.jsonl")):
        with log.open(encoding="utf-8") as lines:
            for line in lines:
                if '"tournament_terms"' not in line:
                    continue
                event = json.loads(line)
                if event.get("event") == "tournament_terms":
                    terms[event["tournament"]] = (event["game"], event["structure"],
                                                  event["seats_per_table"])
    return terms


def _linked(folder: Path, files: list[Path]) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for file in files:
        (folder / file.name).symlink_to(file)
    return folder


def simulator_inputs(work: Path, hands: int, kind: str) -> list[Input]:
    """The Full Tilt text of NL hold'em tournaments by table size, and the whole log."""
    corpus = simulate(work / f"{kind}-{hands}", hands, kind)
    terms = tournament_terms(corpus / "log")
    inputs: list[Input] = []
    for size in TABLE_SIZES:
        chosen = sorted(t for t, (game, structure, seats) in terms.items()
                        if (game, structure, seats) == ("holdem", "no_limit", size))
        files = [file for t in chosen for file in sorted((corpus / "ftp").glob(f"FT{t}.*"))]
        folder = _linked(corpus / f"ftp-nlhe-{size}max", files)
        inputs.append(Input(f"{kind} ftp NLHE {size}-max", (folder,),
                            f"Full Tilt text and summaries, {len(chosen)} NL hold'em "
                            f"{kind.upper()}s at {size}-seat tables"))
    inputs.append(Input(f"{kind} log (all)", (corpus / "log",),
                        "tournament log, every tournament of the run (all games and sizes)"))
    return inputs


def phh_input(work: Path, hands: int) -> Input:
    """Copies of the real PHH file holding at least `hands` hands (at least one copy)."""
    copies = max(1, -(-hands // REAL_PHH_HANDS))
    folder = work / f"phh-{copies}"
    if not (folder / _DONE).exists():
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        for copy in range(copies):
            shutil.copyfile(REAL_PHH, folder / f"{copy:05d}-{REAL_PHH.name}")
        (folder / _DONE).touch()
    return Input("real PHH", (folder,),
                 f"{copies} copies of {REAL_PHH.name} (NL hold'em cash, 2009)")


def memory_inputs(work: Path, hands: int) -> list[Input]:
    """Sit & Go corpora for the memory mode: clean, and with about a fault every 100 hands."""
    clean = simulate(work / f"sng-{hands}", hands, "sng")
    faulty = simulate(work / f"sng-faults-{hands}", hands, "sng", FAULTS)
    return [Input(f"sng ftp {hands}", (clean / "ftp",), "Full Tilt text, clean"),
            Input(f"sng log {hands}", (clean / "log",), "tournament log, clean"),
            Input(f"sng ftp faults {hands}", (faulty / "ftp",), f"Full Tilt text, {FAULTS}"),
            Input(f"sng log faults {hands}", (faulty / "log",), f"tournament log, {FAULTS}")]
